"""The `lm` claim checker: the DSPy Verifier program behind `verify_session(..., backend=checker)`.

parse -> Gatekeeper -> evidence facts -> Verifier model (only the claims the trace leaves open) ->
verdict rules: the model's output goes through the same post-processor as every backend, so it can
lower a verdict but never buy a PASS.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

import dspy
from dspy.utils.callback import BaseCallback
from dspy.utils.usage_tracker import UsageTracker

from groundcheck.signatures.models import ClaimCheck, LMUsage, VerifierModelOutput
from groundcheck.signatures.verifier import VerifierRetrySignature, VerifierSignature

from ..core.claim_checkers import CheckRequest
from ..core.focused_input import DEFAULT_WINDOW, claim_key, focused_fields, is_decided
from ..core.rules_checker import classify
from ..version import RULES_VERSION
from . import settings as _lm
from .artifacts import DEFAULT_VERIFIER, METADATA_FILE, load_program, register_kind
from .compact_adapter import CompactChatAdapter
from .settings import model_name

DEFAULT_MAX_PROMPT_TOKENS = 8_000
_MIN_WINDOW = 20


class Verifier(dspy.Module):
    """Classifies the claims a verification leaves open, from the explicit (focused) input blocks.

    Two predictors, so that the retry round's prompt carries `retry_context` and round 1's never does.
    """

    def __init__(self) -> None:
        super().__init__()
        self.check = dspy.Predict(VerifierSignature)
        self.check_retry = dspy.Predict(VerifierRetrySignature)

    def forward(self, **fields: Any) -> dspy.Prediction:
        return self._predictor(fields)(**fields)

    async def aforward(self, **fields: Any) -> dspy.Prediction:
        return await self._predictor(fields).acall(**fields)

    def render(self, fields: dict[str, Any], adapter: Any = None) -> list[dict[str, Any]]:
        """The exact messages the LM would receive (for token budgeting and inspection)."""
        predictor = self._predictor(fields)
        adapter = adapter or dspy.settings.adapter or CompactChatAdapter()
        return adapter.format(predictor.signature, demos=predictor.demos, inputs=fields)

    def _predictor(self, fields: dict[str, Any]) -> dspy.Predict:
        return self.check_retry if fields.get("retry_context") is not None else self.check


class LMChecker:
    """A claim checker that asks an LM through a (compiled) `Verifier`; safe from many threads.

    The model is asked only about claims whose class the trace leaves open, and not at all when the
    deterministic stages already fix the verdict (`asks_model`: the pipeline then skips it).

    Args:
        lm: a `dspy.LM` (see `make_lm`) or any `dspy.BaseLM`.
        program: the Verifier program; the shipped compiled one when None.
        adapter: a DSPy adapter; `CompactChatAdapter` (chat sections, JSON fallback) when None.
        max_prompt_tokens: the excerpt windows shrink until the prompt fits.
        program_version: what to record as `program_version` (default: the artifact's identity).
    """

    asks_model = True

    def __init__(self, lm: Any, program: Verifier | None = None, adapter: Any = None,
                 max_prompt_tokens: int = DEFAULT_MAX_PROMPT_TOKENS, program_version: str | None = None) -> None:
        self.lm = lm
        if program is None:
            program = default_verifier()
        self.program = program
        self.adapter = adapter if adapter is not None else CompactChatAdapter()
        self.max_prompt_tokens = max_prompt_tokens
        self.name = f"lm:{model_name(lm)}"
        # the artifact and the rules whose floors and hints it ran with: two different programs never share one
        artifact = getattr(program, "artifact_identity", None) or "verifier-uncompiled"
        self.program_version = program_version or f"{artifact}+{RULES_VERSION}"

    def check(self, request: CheckRequest) -> VerifierModelOutput:
        fields = self.fitted_fields(request)
        with self._tracked_call() as usage:
            prediction = self.program(**fields)
        return self._output(request, prediction, usage.summary(self.lm))

    async def acheck(self, request: CheckRequest) -> VerifierModelOutput:
        fields = self.fitted_fields(request)
        with self._tracked_call() as usage:
            prediction = await self.program.acall(**fields)
        return self._output(request, prediction, usage.summary(self.lm))

    @contextmanager
    def _tracked_call(self) -> Iterator[_UsageCounter]:
        """This checker's LM and adapter for one call, its usage counted (per call: thread- and task-safe)."""
        usage = _UsageCounter()
        try:
            with dspy.context(lm=self.lm, adapter=self.adapter, usage_tracker=usage.tracker, callbacks=[usage]):
                yield usage
        except Exception as exc:
            # a failed verification cost calls and tokens too: the pipeline records them from here
            vars(exc)["lm_usage"] = usage.summary(self.lm)
            raise

    def prompt_tokens(self, fields: dict[str, Any]) -> int:
        """Tokens of the rendered prompt, by litellm's counter for this model (a cl100k-class default)."""
        import litellm

        messages = self.program.render(fields, self.adapter)
        return int(litellm.token_counter(model=_counting_model(self.lm), messages=messages))

    def fitted_fields(self, request: CheckRequest) -> dict[str, Any]:
        """The input fields, with excerpt windows narrowed until the prompt fits the token budget.

        A cheap character estimate decides first; the exact count runs only near the budget.
        """
        window = DEFAULT_WINDOW
        fields = focused_fields(request, window)
        while True:
            if estimate_tokens(self.program.render(fields, self.adapter)) <= self.max_prompt_tokens * 0.7:
                return fields
            if self.prompt_tokens(fields) <= self.max_prompt_tokens or window <= _MIN_WINDOW:
                return fields
            window = max(window // 2, _MIN_WINDOW)
            fields = focused_fields(request, window)

    def _output(self, request: CheckRequest, prediction: dspy.Prediction, usage: LMUsage) -> VerifierModelOutput:
        """The model's checks for the claims it judged, the rules' for those the trace decided, in claim order."""
        answered: dict[str, ClaimCheck] = {}
        for c in prediction.claim_checks or []:
            answered.setdefault(c.claim_id, ClaimCheck(claim_id=c.claim_id, verification=c.verification,
                                                       detail=c.detail, evidence_refs=[]))
        checks = []
        for ev in request.evidence:
            if is_decided(ev):
                checks.append(classify(ev))
            elif claim_key(ev) in answered:
                checks.append(answered[claim_key(ev)].model_copy(update={"claim_id": ev.claim_id}))
            else:
                checks.append(ClaimCheck(claim_id=ev.claim_id, verification="unsupported",
                                         detail="not verified: the model gave no check", evidence_refs=[]))
        return VerifierModelOutput(
            claim_checks=checks,
            verdict=prediction.verdict,
            rationale=str(prediction.rationale or ""),
            lm_usage=usage,
        )


def estimate_tokens(messages: list[dict[str, Any]]) -> int:
    """An upper-side token estimate without a tokenizer: Han characters ~1.5 tokens, other text ~3.2 chars."""
    text = "".join(str(m.get("content", "")) for m in messages)
    han = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
    return int(han * 1.5 + (len(text) - han) / 3.2) + 4 * len(messages)


class _UsageCounter(BaseCallback):
    """Counts the LM calls of one verification and sums their reported tokens (thread-local via dspy.context)."""

    def __init__(self) -> None:
        self.tracker = UsageTracker()
        self.calls = 0
        self.started = time.perf_counter()
        self._lock = threading.Lock()

    def on_lm_start(self, call_id: str, instance: Any, inputs: dict[str, Any]) -> None:
        with self._lock:
            self.calls += 1

    def summary(self, lm: Any) -> LMUsage:
        prompt = completion = 0
        for entry in (e for entries in self.tracker.usage_data.values() for e in entries):
            prompt += int(entry.get("prompt_tokens") or entry.get("input_tokens") or 0)
            completion += int(entry.get("completion_tokens") or entry.get("output_tokens") or 0)
        cost = _cost_usd(model_name(lm), prompt, completion) if self.calls else None
        return LMUsage(calls=self.calls, prompt_tokens=prompt, completion_tokens=completion,
                       latency_ms=round((time.perf_counter() - self.started) * 1000, 1), cost_usd=cost)


def _cost_usd(model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
    """From litellm's local cost map; None for a model it does not list (asking would print noise)."""
    import litellm

    if model not in litellm.model_cost and model.split("/", 1)[-1] not in litellm.model_cost:
        return None
    return _lm.local_cost_usd(model, prompt_tokens, completion_tokens)


def default_verifier() -> Verifier:
    """The shipped compiled Verifier, or a fresh one if it is not installed."""
    if (DEFAULT_VERIFIER / METADATA_FILE).is_file():
        return load_verifier(DEFAULT_VERIFIER)
    return Verifier()


def load_verifier(path: str | Path) -> Verifier:
    """A Verifier from a compiled artifact directory (checked: kind, format, signature, no settings)."""
    return cast(Verifier, load_program(path, "verifier"))


def _counting_model(lm: Any) -> str:
    """A model name litellm can count tokens for (its own tokenizer, else a cl100k-class default)."""
    name = model_name(lm)
    return name if "/" in name or name.startswith(("gpt", "claude")) else "gpt-4o-mini"


register_kind("verifier", lambda meta: Verifier())
