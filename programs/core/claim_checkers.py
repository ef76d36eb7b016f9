"""Stage 3: claim checkers. Each classifies claims; none decides the final verdict.

`rules` (deterministic, offline default) and `replay` (a recorded model output) live here; the
`lm` checker is in `groundcheck.programs.lm.verifier` because it needs DSPy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from groundcheck.signatures.models import (
    ExecutorContract,
    GatekeeperResult,
    Session,
    ToolTraceItem,
    VerifierModelOutput,
)

from .evidence_facts import ClaimEvidence
from .model_output import parse_model_output
from .parse import ParsedOutput
from .rules_checker import check_claims_by_rules
from .trace_index import TraceIndex


@dataclass
class CheckRequest:
    """Everything a claim checker may use. An LM checker sends only the focused input blocks built from it."""

    session: Session
    parsed: ParsedOutput
    contract: ExecutorContract
    index: TraceIndex
    gate: GatekeeperResult
    summary: list[ToolTraceItem]
    evidence: list[ClaimEvidence]  # the evidence layer's hard facts and soft judgements, in claim order


@runtime_checkable
class ClaimChecker(Protocol):
    """Classifies the claims of a request; the post-processor decides the verdict.

    A checker that calls a model sets `asks_model = True`: the pipeline then skips it when the trace
    already fixes the verdict (spec §8); one without the attribute is always called.
    """

    @property
    def name(self) -> str: ...

    def check(self, request: CheckRequest) -> VerifierModelOutput: ...


@runtime_checkable
class AsyncClaimChecker(ClaimChecker, Protocol):
    """A claim checker that can also be awaited (an LM call without a blocked thread)."""

    async def acheck(self, request: CheckRequest) -> VerifierModelOutput: ...


class RulesChecker:
    """Deterministic: a class for each claim from its hard facts and soft judgements."""

    name = "rules"

    def check(self, request: CheckRequest) -> VerifierModelOutput:
        return check_claims_by_rules(request.evidence)


class ReplayChecker:
    """Uses the session's recorded `verifier_model_output` (for audits and regression sets)."""

    name = "replay"

    def check(self, request: CheckRequest) -> VerifierModelOutput:
        return parse_model_output(request.session.verifier_model_output)
