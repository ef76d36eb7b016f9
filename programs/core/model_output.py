"""Read a Verifier model's output (recorded or live) into a `VerifierModelOutput`.

Lenient about form (a JSON object, a string holding one, a ```json fence), strict about content:
verification classes and verdicts must be from the fixed sets, or the whole output is rejected.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from groundcheck.signatures.models import VerifierModelOutput

from ..errors import ModelOutputError
from .parse import fenced_body

__all__ = ["ModelOutputError", "parse_model_output"]

_VERDICT_ALIASES = {"LOW_CONFIDENCE": "LOW_CONFID", "LOWCONFID": "LOW_CONFID", "FAIL": "REJECT"}


def parse_model_output(raw: str | dict[str, Any] | None) -> VerifierModelOutput:
    if raw is None:
        raise ModelOutputError("no verifier model output")
    value: Any = raw
    if isinstance(raw, str):
        text = fenced_body(raw) or raw.strip()
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ModelOutputError(f"verifier model output is not JSON: {exc.msg} at {exc.pos}") from None
    if not isinstance(value, dict):
        raise ModelOutputError("verifier model output is not a JSON object")
    value = dict(value)
    verdict = value.get("verdict")
    if isinstance(verdict, str):
        value["verdict"] = _VERDICT_ALIASES.get(verdict.strip().upper(), verdict.strip().upper())
    value.setdefault("claim_checks", [])
    for check in value["claim_checks"] if isinstance(value["claim_checks"], list) else []:
        if isinstance(check, dict):
            check.setdefault("detail", "")
            check.setdefault("evidence_refs", [])
    known = {"claim_checks", "verdict", "groundedness_score", "rationale"}
    try:
        return VerifierModelOutput.model_validate({k: v for k, v in value.items() if k in known})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ModelOutputError(f"verifier model output invalid at {where}: {first['msg']}") from None
