"""OpenTelemetry spans for verifications and turns, with GenAI semantic-convention attributes.

A no-op unless `opentelemetry-api` is installed *and* the host has set a tracer provider: groundcheck
never configures tracing itself. Attribute names are the GenAI conventions' (`gen_ai.*`); the verdict
is reported as an evaluation result (`gen_ai.evaluation.*`, also as a `gen_ai.evaluation.result`
event), the groundcheck specifics under `groundcheck.*`.

Example (in `verify_session`):
    >>> with verification_span(session.session_id, round=session.round, backend=checker.name) as span:
    ...     record = ...
    ...     span.record_verification(record)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .version import __version__

VERIFIER_AGENT = "groundcheck.verifier"
TURN_AGENT = "groundcheck.diagnosis_turn"
EVALUATION_NAME = "groundcheck.verdict"
_MAX_EXPLANATION = 500


class SpanHandle:
    """Sets attributes on the current groundcheck span; every method is a no-op without a span."""

    def __init__(self, span: Any = None) -> None:
        self.span = span

    @property
    def recording(self) -> bool:
        return self.span is not None

    def set(self, key: str, value: Any) -> None:
        if self.span is not None and value is not None:
            self.span.set_attribute(key, value)

    def record_usage(self, prompt_tokens: int | None, completion_tokens: int | None,
                     model: str | None = None) -> None:
        self.set("gen_ai.request.model", model)
        self.set("gen_ai.usage.input_tokens", prompt_tokens)
        self.set("gen_ai.usage.output_tokens", completion_tokens)

    def record_verification(self, record: Any) -> None:
        """The verdict as an evaluation result, plus tokens and errors of a `VerifierEvaluation`."""
        if self.span is None:
            return
        evaluation = {
            "gen_ai.evaluation.name": EVALUATION_NAME,
            "gen_ai.evaluation.score.label": record.verdict,
            "gen_ai.evaluation.score.value": float(record.groundedness_score),
            "gen_ai.evaluation.explanation": (record.rationale or "")[:_MAX_EXPLANATION],
        }
        for key, value in evaluation.items():
            self.set(key, value)
        self.span.add_event("gen_ai.evaluation.result", evaluation)
        self.set("groundcheck.verdict", record.verdict)
        self.set("groundcheck.model_verdict", record.model_verdict)
        self.set("groundcheck.round", record.round)
        self.set("groundcheck.backend", record.backend)
        self.set("groundcheck.parse_status", record.executor_output_parse_status.status)
        self.set("groundcheck.gatekeeper_status", record.gatekeeper_result.status)
        usage = getattr(record, "lm_usage", None)
        if usage is not None:
            self.record_usage(usage.prompt_tokens, usage.completion_tokens)
            self.set("groundcheck.lm_calls", usage.calls)
            self.set("groundcheck.cost_usd", usage.cost_usd)
        for kind in ("executor_error", "verifier_error"):
            error = getattr(record, kind, None)
            if error:
                self.error(kind, error)

    def error(self, kind: str, description: str) -> None:
        """A named outage (`executor_error`, `verifier_error`): `error.type` and an ERROR status."""
        if self.span is None:
            return
        from opentelemetry.trace import Status, StatusCode

        self.set("error.type", kind)
        self.set(f"groundcheck.{kind}", description)
        self.span.set_status(Status(StatusCode.ERROR, f"{kind}: {description}"[:_MAX_EXPLANATION]))


@contextmanager
def verification_span(session_id: str | None = None, *, round: int = 1, backend: str = "rules",
                      model: str | None = None) -> Iterator[SpanHandle]:
    """A span around one verification (`invoke_agent groundcheck.verifier`); call `record_verification`."""
    attributes = {"gen_ai.conversation.id": session_id, "groundcheck.round": round,
                  "groundcheck.backend": backend, "gen_ai.request.model": model}
    with _span(VERIFIER_AGENT, attributes) as handle:
        yield handle


@contextmanager
def turn_span(session_id: str, model: str | None = None) -> Iterator[SpanHandle]:
    """A span around one diagnosis turn (`invoke_agent groundcheck.diagnosis_turn`)."""
    with _span(TURN_AGENT, {"gen_ai.conversation.id": session_id, "gen_ai.request.model": model}) as handle:
        yield handle


def _tracer() -> Any:
    try:
        from opentelemetry import trace
    except ImportError:
        return None
    provider = trace.get_tracer_provider()
    # the API's defaults: no provider set by the host, so nothing would be exported anyway
    if type(provider).__name__ in ("ProxyTracerProvider", "NoOpTracerProvider"):
        return None
    return provider.get_tracer("groundcheck", __version__)


@contextmanager
def _span(agent: str, attributes: dict[str, Any]) -> Iterator[SpanHandle]:
    tracer = _tracer()
    if tracer is None:
        yield SpanHandle(None)
        return
    base = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": agent}
    clean = {k: v for k, v in {**base, **attributes}.items() if v is not None}
    with tracer.start_as_current_span(f"invoke_agent {agent}", attributes=clean) as span:
        yield SpanHandle(span)
