"""Merging a verifier_evaluation into `diagnosis_session.self_evaluation` (spec §9).

Keys this format does not define are kept, both in `self_evaluation` and in an earlier
`verifier_evaluation`, so other writers (and older fields) lose nothing.
"""

from __future__ import annotations

import copy
from typing import Any

from groundcheck.signatures.models import VerifierEvaluation

VERIFIER_KEY = "verifier_evaluation"


def merge_verifier_evaluation(
    self_evaluation: dict[str, Any] | None, record: VerifierEvaluation | dict[str, Any]
) -> dict[str, Any]:
    """A new `self_evaluation` dict with `record` stored under `verifier_evaluation`.

    Args:
        self_evaluation: the session's current `self_evaluation` (None or {} when empty). Not modified.
        record: the verifier_evaluation to store.
    """
    merged = copy.deepcopy(self_evaluation) if self_evaluation else {}
    new = (
        record.model_dump(mode="json", by_alias=True)
        if isinstance(record, VerifierEvaluation)
        else dict(record)
    )
    earlier = merged.get(VERIFIER_KEY)
    combined = copy.deepcopy(earlier) if isinstance(earlier, dict) else {}
    combined.update(new)
    merged[VERIFIER_KEY] = combined
    return merged
