"""Stage 1: turn the raw `executor_final_answer` into a parse status and, when valid, the contract.

Spec §5. Never raises: every input gives a `ParseStatus`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from pydantic import ValidationError

from groundcheck.signatures.models import ExecutorContract, ParseStatus, ParseStatusName

from ..errors import describe_exception
from .jsonio import JSONLimitError, check_limits, raw_decode_noting

_FENCE = re.compile(r"\A```(?:json|JSON)?[ \t]*\r?\n?(?P<body>.*?)\r?\n?```\Z", re.DOTALL)
_MAX_ERRORS_SHOWN = 5


@dataclass(frozen=True)
class ParsedOutput:
    status: ParseStatus
    contract: ExecutorContract | None


def parse_executor_output(raw: object) -> ParsedOutput:
    """Parse the Executor's final output against the evidence-attribution contract.

    Args:
        raw: the `executor_final_answer` exactly as returned (normally a string, possibly None).

    Returns:
        The parse status (`valid`, `missing` or `malformed` with an error that says what) and the
        contract when valid. JSON nested deeper than `jsonio.MAX_DEPTH`, an oversized or non-finite
        number is `malformed` (the error names the path).
    """
    try:
        return _parse(raw)
    except Exception as exc:  # spec §5: parsing never raises; an unforeseen failure is malformed
        return _failed("malformed", f"unreadable: {describe_exception(exc, 200)}")


def _parse(raw: object) -> ParsedOutput:
    if raw is None:
        return _failed("missing", "executor_final_answer is absent")
    if not isinstance(raw, str):
        return _failed("malformed", f"executor_final_answer is a {type(raw).__name__}, not text")
    text = raw.lstrip("\ufeff").strip()
    if not text:
        return _failed("missing", "executor_final_answer is empty or white space")

    body = fenced_body(text)
    fenced = body is not None
    if body is not None:
        text = body
    elif text.startswith("```"):
        return _failed("malformed", "Markdown fence is not closed or has text around it")

    try:
        value, end, may_offend = raw_decode_noting(text)
    except json.JSONDecodeError as exc:
        return _failed("malformed", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", fenced)
    except JSONLimitError as exc:
        return _failed("malformed", f"JSON over a limit at {exc}", fenced)
    except (RecursionError, ValueError) as exc:
        return _failed("malformed", f"not JSON: {describe_exception(exc, 200)}", fenced)
    if text[end:].strip():
        rest = text[end:].lstrip()
        what = "another JSON value" if rest[:1] in '{["' else "text"
        return _failed("malformed", f"{what} after the JSON object at character {end}", fenced)
    try:
        if may_offend:  # the walk finds nothing in a value that cannot hold an offence
            check_limits(value)
    except JSONLimitError as exc:
        return _failed("malformed", f"JSON over a limit at {exc}", fenced)
    if not isinstance(value, dict):
        return _failed("malformed", f"the JSON value is a {_json_type(value)}, not an object", fenced)

    try:
        contract = ExecutorContract.model_validate(value)
    except ValidationError as exc:
        return _failed("malformed", _validation_summary(exc), fenced)
    # duplicate claim ids are a Gatekeeper finding (claim.id_unique), not a parse failure
    return ParsedOutput(status=ParseStatus(status="valid", error=None, fenced=fenced), contract=contract)


def fenced_body(text: str) -> str | None:
    """The content of a text that is exactly one Markdown code fence (```json or ```), else None."""
    fence = _FENCE.match(text.strip())
    return fence.group("body").strip() if fence else None


def _failed(status: ParseStatusName, error: str, fenced: bool = False) -> ParsedOutput:
    return ParsedOutput(status=ParseStatus(status=status, error=error, fenced=fenced), contract=None)


def _json_type(value: object) -> str:
    return {list: "array", str: "string", bool: "boolean", int: "number", float: "number"}.get(
        type(value), "null"
    )


def _validation_summary(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:_MAX_ERRORS_SHOWN]:
        where = ".".join(str(p) for p in err["loc"]) or "(root)"
        parts.append(f"{where}: {err['msg']}")
    more = exc.error_count() - _MAX_ERRORS_SHOWN
    if more > 0:
        parts.append(f"and {more} more")
    return "contract validation failed: " + "; ".join(parts)
