"""The LM cascade: no model call when the deterministic stages already fix the verdict (spec §8).

Row 1 (the Executor output did not parse: LOW_CONFID), row 3 (a critical claim cites a tool call
that never happened: REJECT) and row 2 through a `contradicted` floor on a critical claim (REJECT)
hold whatever a model says, so asking one would only cost time and money.
"""

from __future__ import annotations

from groundcheck.signatures.models import ExecutorContract, GatekeeperResult, ParseStatus

from .evidence_facts import ClaimEvidence
from .verdict import fabricated_critical_claims


def verdict_fixed_by_trace(
    status: ParseStatus,
    contract: ExecutorContract | None,
    gate: GatekeeperResult,
    evidence: list[ClaimEvidence] | None,
) -> str | None:
    """Why no model needs to be asked (for `model_not_asked`), or None when the verdict is open."""
    if status.status != "valid" or contract is None:
        return f"executor output is {status.status}: LOW_CONFID whatever a model says (verdict rule 1)"
    contradicted = [ev.claim_id for ev in evidence or [] if ev.claim.is_critical and ev.ceiling == "contradicted"]
    if contradicted:
        return (f"critical claim(s) {', '.join(contradicted)} contradicted by the trace: "
                "REJECT whatever a model says (verdict rule 2)")
    fabricated = fabricated_critical_claims(contract, gate, evidence)
    if fabricated:
        return (f"critical claim(s) {', '.join(fabricated)} cite a tool call that never happened: "
                "REJECT whatever a model says (verdict rule 3)")
    return None
