"""Scripted LMs for tests: DSPy's DummyLM rendered by the real adapter, plus raw replies, errors,
callables, and a record of every prompt sent."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable
from typing import Any

from dspy.clients.engines.dummy_engine import AsyncDummyEngine, DummyEngine
from dspy.lm15 import Message, Response, TextPart, Usage
from dspy.utils.dummies import DummyLM

Step = dict[str, Any] | str | BaseException | Callable[[list[dict[str, Any]]], Any]


class ScriptedLM(DummyLM):
    """Answers with the next step of a script.

    A step is a dict of output fields (formatted by the adapter, as DummyLM does), a raw string
    (sent as is: for unparseable replies), an exception (raised), or a callable of the messages
    returning one of those. `prompts` keeps every message list sent; `repeat_last` keeps answering
    with the last step when the script runs out.
    """

    def __init__(self, script: Iterable[Step], model: str = "scripted", repeat_last: bool = False) -> None:
        super().__init__([])
        self.model = model
        self.script = list(script)
        self.repeat_last = repeat_last
        self.prompts: list[list[dict[str, Any]]] = []
        self._lock = threading.Lock()
        self._engine_spec = _ScriptedEngine(self)
        self._async_engine_spec = AsyncDummyEngine(self._engine_spec)

    def next_step(self, messages: list[dict[str, Any]]) -> Step:
        with self._lock:
            self.prompts.append(messages)
            if not self.script:
                raise RuntimeError("the scripted LM has no more answers")
            return self.script[0] if self.repeat_last and len(self.script) == 1 else self.script.pop(0)

    def copy(self, **kwargs: Any) -> ScriptedLM:
        return self

    def prompt_text(self, index: int = -1) -> str:
        return "\n".join(str(m.get("content", "")) for m in self.prompts[index])


class _ScriptedEngine(DummyEngine):
    def _complete_messages(self, messages: list[dict[str, Any]]) -> Response:
        step = self.owner.next_step(messages)
        if callable(step) and not isinstance(step, BaseException):
            step = step(messages)
        if isinstance(step, BaseException):
            raise step
        text = step if isinstance(step, str) else self.owner._format_answer_fields(step)
        return Response(id=None, model=self.owner.model, message=Message.assistant([TextPart(text)]),
                        finish_reason="stop", usage=Usage(input_tokens=0, output_tokens=0, total_tokens=0))


def verifier_answer(checks: dict[str, str], verdict: str = "PASS", rationale: str = "scripted") -> dict[str, Any]:
    """Output fields of the Verifier signature for a scripted LM."""
    return {
        "claim_checks": json.dumps(
            [{"claim_id": cid, "verification": cls, "detail": f"scripted {cls}"} for cid, cls in checks.items()]
        ),
        "verdict": verdict,
        "groundedness_score": "0.9",
        "rationale": rationale,
    }
