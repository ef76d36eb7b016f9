"""`DiagnosisTurn`: Executor -> verification -> (on REJECT) a retry round -> the reply for the operator."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

import dspy

from groundcheck.programs.claim_checkers import ClaimChecker
from groundcheck.programs.executor import Executor, ExecutorRun
from groundcheck.programs.pipeline import averify_session, verify_session
from groundcheck.programs.reply import operator_reply
from groundcheck.signatures.models import UNCONFIRMED_CLASSES, VerifierEvaluation


@dataclass
class TurnResult:
    """Both rounds' sessions and records, and the Chinese reply to show."""

    reply: str
    records: list[VerifierEvaluation]
    sessions: list[dict[str, Any]]
    runs: list[ExecutorRun] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        return self.records[-1].verdict


class DiagnosisTurn:
    """One diagnosis turn of the chat runtime.

    Args:
        executor: the Executor program (with the runtime's tools).
        executor_lm: the LM the Executor runs on.
        verifier: a claim checker (`LMChecker`) or `"rules"` for the offline backend.
        max_rounds: 2 = one retry after a REJECT.

    Safe to call from many threads and tasks at once: the LM is set per call with `dspy.context`.
    """

    def __init__(self, executor: Executor, executor_lm: Any, verifier: ClaimChecker | str = "rules",
                 max_rounds: int = 2) -> None:
        self.executor = executor
        self.executor_lm = executor_lm
        self.verifier = verifier
        self.max_rounds = max_rounds

    def __call__(self, question: str, session_id: str | None = None) -> TurnResult:
        state = _TurnState(session_id or f"turn-{uuid.uuid4().hex[:12]}")
        for round_no in range(1, self.max_rounds + 1):
            with dspy.context(lm=self.executor_lm):
                run = self.executor(question=question, retry_context=state.retry)
            session = state.session_of(run, question, round_no)
            if not state.keep(run, session, verify_session(session, self.verifier)):
                break
        return state.finish()

    async def acall(self, question: str, session_id: str | None = None) -> TurnResult:
        state = _TurnState(session_id or f"turn-{uuid.uuid4().hex[:12]}")
        for round_no in range(1, self.max_rounds + 1):
            with dspy.context(lm=self.executor_lm):
                run = await self.executor.acall(question=question, retry_context=state.retry)
            session = state.session_of(run, question, round_no)
            if not state.keep(run, session, await averify_session(session, self.verifier)):
                break
        return state.finish()


class _TurnState:
    """The rounds so far; shared by the sync and async loops."""

    def __init__(self, session_id: str) -> None:
        self.session_id = session_id
        self.result = TurnResult(reply="", records=[], sessions=[])
        self.retry: dict[str, Any] | None = None

    def session_of(self, run: ExecutorRun, question: str, round_no: int) -> dict[str, Any]:
        sid = self.session_id if round_no == 1 else f"{self.session_id}#r{round_no}"
        return run.to_session(sid, question, round=round_no, retry_context=self.retry)

    def keep(self, run: ExecutorRun, session: dict[str, Any], record: VerifierEvaluation) -> bool:
        """Record the round; True when another round is wanted (the verdict was REJECT)."""
        self.result.runs.append(run)
        self.result.sessions.append(session)
        self.result.records.append(record)
        if record.verdict != "REJECT":
            return False
        self.retry = build_retry_context(record)
        return True

    def finish(self) -> TurnResult:
        self.result.reply = operator_reply(self.result.records[-1])
        return self.result


def build_retry_context(record: VerifierEvaluation) -> dict[str, Any]:
    """What the second round must fix: failed rules, failed claims with why, the rationale."""
    failed = [c for c in record.claim_checks if c.verification in UNCONFIRMED_CLASSES]
    return {
        "previous_verdict": record.verdict,
        "failed_rules": list(record.gatekeeper_result.failed_rules),
        "failed_claims": [c.claim_id for c in failed],
        "claim_findings": [
            {"claim_id": c.claim_id, "verification": c.verification, "detail": c.detail} for c in failed
        ],
        "rationale": record.rationale,
    }
