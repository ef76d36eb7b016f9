"""`DiagnosisTurn`: Executor -> verification -> (on REJECT) a retry round -> the reply for the operator.

Both rounds belong to one session (same `session_id`, `round` 1 and 2). An Executor that gives no
answer (LM down, time-out, tool-loop failure) is an outage, not a bad answer: its record carries
`executor_error` and the reply says answering was unavailable.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import dspy

from groundcheck.signatures.models import UNCONFIRMED_CLASSES, VerifierEvaluation

from ..core.claim_checkers import ClaimChecker
from ..core.pipeline import averify_session, verify_session
from ..core.reply import operator_reply, outage_of
from ..telemetry import SpanHandle, turn_span
from .executor import Executor, ExecutorRun, ensure_history
from .settings import model_name

logger = logging.getLogger(__name__)


@dataclass
class TurnResult:
    """Both rounds' sessions and records, and the Chinese reply to show."""

    reply: str
    records: list[VerifierEvaluation]
    sessions: list[dict[str, Any]]
    runs: list[ExecutorRun] = field(default_factory=list)
    session_id: str = ""
    executor_usage: dict[str, int] = field(default_factory=dict)  # prompt/completion tokens, all rounds

    @property
    def verdict(self) -> str:
        return self.records[-1].verdict

    @property
    def outage(self) -> str | None:
        """`"executor"` or `"verifier"` when that LM was unavailable in the last round, else None."""
        return outage_of(self.records[-1])


class DiagnosisTurn:
    """One diagnosis turn of the chat runtime.

    Args:
        executor: the Executor program (with the runtime's tools, sync or async).
        executor_lm: the LM the Executor runs on.
        verifier: a claim checker (`LMChecker`) or `"rules"` for the offline backend.
        max_rounds: 2 = one retry after a REJECT.

    Safe to call from many threads and tasks at once: the LM is set per call with `dspy.context`.
    Under `acall`, async tools are awaited and sync tools run in worker threads, so turns overlap.

    Example:
        >>> turn = DiagnosisTurn(Executor(tools), executor_lm=lm, verifier=LMChecker(lm))
        >>> result = await turn.acall("那 10 点以后呢？", history=[{"role": "user", "content": "..."}],
        ...                           context={"tenant": "t1", "window": ["10:00", "11:00"]})
        >>> result.reply, result.verdict, result.outage
    """

    def __init__(self, executor: Executor, executor_lm: Any, verifier: ClaimChecker | str = "rules",
                 max_rounds: int = 2) -> None:
        self.executor = executor
        self.executor_lm = executor_lm
        self.verifier = verifier
        self.max_rounds = max_rounds

    def __call__(self, question: str, session_id: str | None = None, *,
                 history: Sequence[Mapping[str, Any]] | None = None, context: Any = None) -> TurnResult:
        """Run the turn. `history`: the conversation so far (`[{role, content}]`, Executor only);
        `context`: per-request data passed to tools that declare a `context` parameter."""
        state = _TurnState(session_id, ensure_history(history))
        with turn_span(state.session_id, model_name(self.executor_lm)) as span:
            for round_no in range(1, self.max_rounds + 1):
                with dspy.context(lm=self.executor_lm, track_usage=True), dspy.track_usage() as usage:
                    run = self.executor(question=question, retry_context=state.retry,
                                        history=state.history, context=context)
                session = state.session_of(run, question, round_no, usage)
                if not state.keep(run, session, verify_session(session, self.verifier)):
                    break
            return state.finish(span)

    async def acall(self, question: str, session_id: str | None = None, *,
                    history: Sequence[Mapping[str, Any]] | None = None, context: Any = None) -> TurnResult:
        """Async twin of `__call__`."""
        state = _TurnState(session_id, ensure_history(history))
        with turn_span(state.session_id, model_name(self.executor_lm)) as span:
            for round_no in range(1, self.max_rounds + 1):
                with dspy.context(lm=self.executor_lm, track_usage=True), dspy.track_usage() as usage:
                    run = await self.executor.acall(question=question, retry_context=state.retry,
                                                    history=state.history, context=context)
                session = state.session_of(run, question, round_no, usage)
                if not state.keep(run, session, await averify_session(session, self.verifier)):
                    break
            return state.finish(span)


class _TurnState:
    """The rounds so far; shared by the sync and async loops."""

    def __init__(self, session_id: str | None, history: list[dict[str, str]]) -> None:
        self.session_id = session_id or f"turn-{uuid.uuid4().hex[:12]}"
        self.history = history
        self.result = TurnResult(reply="", records=[], sessions=[], session_id=self.session_id)
        self.retry: dict[str, Any] | None = None
        self.started = time.perf_counter()

    def session_of(self, run: ExecutorRun, question: str, round_no: int, usage: Any) -> dict[str, Any]:
        for totals in usage.get_total_tokens().values():
            for key in ("prompt_tokens", "completion_tokens"):
                value = totals.get(key)
                if isinstance(value, int):
                    self.result.executor_usage[key] = self.result.executor_usage.get(key, 0) + value
        return run.to_session(self.session_id, question, round=round_no, retry_context=self.retry,
                              history=self.history)

    def keep(self, run: ExecutorRun, session: dict[str, Any], record: VerifierEvaluation) -> bool:
        """Record the round; True when another round is wanted (the verdict was REJECT)."""
        if run.error and run.final_answer is None:
            record = record.model_copy(update={"executor_error": run.error})
        self.result.runs.append(run)
        self.result.sessions.append(session)
        self.result.records.append(record)
        logger.debug("turn %s round %d: verdict %s", self.session_id, record.round, record.verdict)
        if record.verdict != "REJECT":
            return False
        self.retry = build_retry_context(record)
        return True

    def finish(self, span: SpanHandle) -> TurnResult:
        last = self.result.records[-1]
        self.result.reply = operator_reply(last)
        span.record_verification(last)
        # the turn's tokens: the Executor's, plus the Verifier's where the records carry them
        prompt, completion = (self.result.executor_usage.get(k, 0) for k in ("prompt_tokens", "completion_tokens"))
        for record in self.result.records:
            if record.lm_usage is not None:
                prompt += record.lm_usage.prompt_tokens
                completion += record.lm_usage.completion_tokens
        span.record_usage(prompt, completion)
        span.set("groundcheck.rounds", len(self.result.records))
        level = logging.WARNING if self.result.outage else logging.INFO
        logger.log(level, "turn %s: %s after %d round(s) in %.2f s%s", self.session_id, last.verdict,
                   len(self.result.records), time.perf_counter() - self.started,
                   f" ({self.result.outage} unavailable)" if self.result.outage else "")
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
