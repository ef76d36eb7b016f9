"""Session builders for tests: start from the bundled honest example and change one thing."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from groundcheck.evals.examples import EXAMPLES_DIR

_BASE = json.loads((EXAMPLES_DIR / "pass_oomkilled.json").read_text(encoding="utf-8"))


def base_session() -> dict[str, Any]:
    session = copy.deepcopy(_BASE)
    session.pop("labels", None)
    return session


def base_contract() -> dict[str, Any]:
    return json.loads(_BASE["executor_final_answer"])


def session_with(mutate: Callable[[dict[str, Any]], None] | None = None, **fields: Any) -> dict[str, Any]:
    """The honest session with its contract changed by `mutate` and session fields replaced."""
    session = base_session()
    contract = base_contract()
    if mutate:
        mutate(contract)
    session["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    session.update(fields)
    return session


def claim(contract: dict[str, Any], claim_id: str) -> dict[str, Any]:
    return next(c for c in contract["claims"] if c["claim_id"] == claim_id)


def binding(
    tool: str, inv: str, excerpt: str, source_type: str = "log", source_id: str | None = None
) -> dict[str, Any]:
    return {
        "source_type": source_type,
        "source_id": source_id or inv,
        "tool_name": tool,
        "source_invocation_ids": [inv],
        "evidence_excerpt": excerpt,
    }
