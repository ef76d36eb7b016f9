"""Merging a verifier_evaluation into `diagnosis_session.self_evaluation` (spec §9).

A session's rounds share one row. `verifier_evaluation` holds the record of the highest round
written so far; the records of earlier rounds sit, oldest first, in
`verifier_evaluation_history`. Writing round 2 never loses round 1; writing a round again replaces
that round's record in place (a late write of an earlier round lands in the history).

Keys this format does not define are kept, both in `self_evaluation` and in an earlier
`verifier_evaluation` (they stay with the current record when a later round arrives), so other
writers (and older fields) lose nothing.
"""

from __future__ import annotations

import copy
from typing import Any

from groundcheck.signatures.models import VerifierEvaluation

VERIFIER_KEY = "verifier_evaluation"
HISTORY_KEY = "verifier_evaluation_history"

_RECORD_KEYS = frozenset(
    (info.alias or name) for name, info in VerifierEvaluation.model_fields.items()
)


def merge_verifier_evaluation(
    self_evaluation: dict[str, Any] | None, record: VerifierEvaluation | dict[str, Any]
) -> dict[str, Any]:
    """A new `self_evaluation` dict with `record` stored as its round's verifier_evaluation.

    Args:
        self_evaluation: the session's current `self_evaluation` (None or {} when empty). Not modified.
        record: the verifier_evaluation to store (its `round` says where).
    """
    merged = copy.deepcopy(self_evaluation) if self_evaluation else {}
    new = (
        record.model_dump(mode="json", by_alias=True)
        if isinstance(record, VerifierEvaluation)
        else copy.deepcopy(dict(record))
    )
    current = merged.get(VERIFIER_KEY)
    current = current if isinstance(current, dict) else {}
    history = [h for h in merged.get(HISTORY_KEY) or [] if isinstance(h, dict)]
    new_round = _round(new)
    if not _is_record(current) or _round(current) == new_round:
        merged[VERIFIER_KEY] = {**current, **new}
    elif new_round > _round(current):
        history = _put(history, current)
        merged[VERIFIER_KEY] = {**_extra_keys(current), **new}
    else:  # a late write of an earlier round: it belongs in the history
        earlier = next((h for h in history if _round(h) == new_round), {})
        history = _put(history, {**earlier, **new})
    if history:
        merged[HISTORY_KEY] = history
    return merged


def verifier_rounds(self_evaluation: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Every stored round's record, oldest first (the history, then the current record)."""
    if not self_evaluation:
        return []
    history = [h for h in self_evaluation.get(HISTORY_KEY) or [] if isinstance(h, dict)]
    current = self_evaluation.get(VERIFIER_KEY)
    return [*history, current] if isinstance(current, dict) and _is_record(current) else history


def _is_record(value: dict[str, Any]) -> bool:
    return "verdict" in value or "round" in value


def _round(value: dict[str, Any]) -> int:
    try:
        return int(value.get("round") or 1)
    except (TypeError, ValueError):
        return 1


def _extra_keys(value: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in value.items() if k not in _RECORD_KEYS}


def _put(history: list[dict[str, Any]], record: dict[str, Any]) -> list[dict[str, Any]]:
    """`record` in place of the same round's entry, else added; oldest round first."""
    kept = [h for h in history if _round(h) != _round(record)]
    return sorted([*kept, record], key=_round)
