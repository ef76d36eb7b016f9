"""`generate_sessions(n, seed)`: labeled synthetic sessions over every family and fault."""

from __future__ import annotations

import json
import random
from typing import Any

from .families import FAMILIES
from .faults import FAULTS, Draft
from .incident import Builder

_LOWERING = {"unsupported", "external_unknown", "overstated"}


def generate_sessions(n: int, seed: int) -> list[dict[str, Any]]:
    """`n` sessions; family and fault cycle so every pair appears as n grows; same seed, same output."""
    rng = random.Random(seed)
    families = list(FAMILIES)
    faults = list(FAULTS)
    sessions = []
    for i in range(n):
        family = families[i % len(families)]
        fault = faults[(i // len(families) + i) % len(faults)]
        case_rng = random.Random(rng.getrandbits(64))
        incident = FAMILIES[family](Builder(case_rng))
        draft = FAULTS[fault](incident, case_rng)
        reasoning = f"PLANNER-PRIVATE: {incident.query} 先查日志再查指标。"
        planner = {"role": "assistant", "name": "planner", "content": reasoning}
        sid = f"syn-{seed}-{i:05d}-{family}-{fault}"
        sessions.append(labeled_session(sid, incident.query, incident.calls, draft, messages=[planner]))
    return sessions


def label_verdict(draft: Draft, critical_ids: set[str]) -> str:
    """The verdict table of spec §8 applied to the constructed labels (not to any checker's output)."""
    if draft.parse_status != "valid":
        return "LOW_CONFID"
    critical = {cid: cls for cid, cls in draft.classes.items() if cid in critical_ids}
    if "contradicted" in critical.values() or "evidence.invocation_ref" in draft.failed:
        return "REJECT"
    if not critical or _LOWERING & set(critical.values()):
        return "LOW_CONFID"
    if "direct_observation" not in critical.values() or draft.failed:
        return "LOW_CONFID"
    if draft.extra_unsupported or "answer.unbacked_entity" in draft.warned:
        return "LOW_CONFID"
    return "PASS"


def labeled_session(
    session_id: str,
    query: str,
    calls: list[dict[str, Any]],
    draft: Draft,
    *,
    messages: list[dict[str, Any]] | None = None,
    note_prefix: str = "",
) -> dict[str, Any]:
    """A session in the interchange format with the labels its construction implies (spec §10)."""
    answer = draft.raw if draft.use_raw else json.dumps(draft.contract, ensure_ascii=False)
    claims = draft.contract["claims"] if draft.contract else []
    critical_ids = {c["claim_id"] for c in claims if c["claim_type"] != "background"}
    session: dict[str, Any] = {
        "session_id": session_id,
        "round": 1,
        "original_query": query,
        "executor_final_answer": answer,
        "tool_calls": calls,
        "retry_context": None,
    }
    if messages is not None:
        session["messages"] = messages
    session.update(draft.session)
    session["labels"] = {
        "parse_status": draft.parse_status,
        "gatekeeper_failed_rules": sorted(draft.failed),
        "gatekeeper_warned_rules": sorted(draft.warned),
        "claim_verifications": dict(draft.classes) if draft.parse_status == "valid" else {},
        "verdict": label_verdict(draft, critical_ids),
        "note": note_prefix + draft.note,
    }
    return session
