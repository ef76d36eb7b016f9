"""Stage 3: claim checkers. Each classifies claims; none decides the final verdict.

`rules` (deterministic, offline default) and `replay` (a recorded model output) live here; the
`lm` checker is in `groundcheck.programs.verifier` because it needs DSPy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from groundcheck.programs.model_output import parse_model_output
from groundcheck.programs.parse import ParsedOutput
from groundcheck.programs.rules_checker import check_claims_by_rules
from groundcheck.programs.trace_index import TraceIndex
from groundcheck.programs.verifier_input import build_verifier_input
from groundcheck.signatures.models import (
    ExecutorContract,
    GatekeeperResult,
    Session,
    ToolTraceItem,
    VerifierInput,
    VerifierModelOutput,
)


@dataclass
class CheckRequest:
    """Everything a claim checker may use. An LM checker sends only `verifier_input` and `hints`."""

    session: Session
    parsed: ParsedOutput
    contract: ExecutorContract
    index: TraceIndex
    gate: GatekeeperResult
    summary: list[ToolTraceItem]
    hints: VerifierModelOutput  # the rules backend's per-claim findings

    @cached_property
    def verifier_input(self) -> VerifierInput:
        """Built on first use: the rules backend never needs it."""
        return build_verifier_input(self.session, self.parsed, self.summary)


class ClaimChecker(Protocol):
    @property
    def name(self) -> str: ...

    def check(self, request: CheckRequest) -> VerifierModelOutput: ...


class RulesChecker:
    """Deterministic evidence matching; its result is the `hints` every other checker also gets."""

    name = "rules"

    def check(self, request: CheckRequest) -> VerifierModelOutput:
        return request.hints


class ReplayChecker:
    """Uses the session's recorded `verifier_model_output` (for audits and regression sets)."""

    name = "replay"

    def check(self, request: CheckRequest) -> VerifierModelOutput:
        return parse_model_output(request.session.verifier_model_output)


def rules_hints(contract: ExecutorContract, index: TraceIndex, gate: GatekeeperResult) -> VerifierModelOutput:
    return check_claims_by_rules(contract, index, gate)
