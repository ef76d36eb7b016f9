"""A local OpenAI-compatible LM that answers by what each prompt asks, so concurrent turns can share it.

`ReactResponder` plays the Executor (ReAct steps: the planned tool calls, then finish; then the
contract, citing the invocation ids it read in its own trajectory) and the Verifier (UniversalLM's
claim checks). `responding_server(responder)` serves it on 127.0.0.1 over the real litellm path.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

from dspy.utils.dummies import DummyLM
from openai_server import ScriptedOpenAIServer
from universal_lm import UniversalLM, _requested_fields

_INVOCATION = re.compile(r"""["']invocation_id["']\s*:\s*["']([^"']+)["']""")
_QUESTION = re.compile(r"\[\[ ## question ## \]\]\n(.*?)(?:\n\n\[\[ ## |\Z)", re.DOTALL)
_FORMAT = DummyLM([])

ContractFn = Callable[[str, bool, list[str]], dict[str, Any] | str]


class ReactResponder:
    """Answers Executor and Verifier prompts.

    Args:
        plan: the tool calls the Executor makes, in order: (tool name, arguments).
        contract: (question, is_retry, invocation ids seen) -> the contract (dict, or raw text as is).
        delay: seconds each answer takes (a slow model).
    """

    def __init__(self, plan: list[tuple[str, dict[str, Any]]], contract: ContractFn,
                 verification: str = "direct_observation", verdict: str = "PASS", delay: float = 0.0) -> None:
        self.plan = plan
        self.contract = contract
        self.delay = delay
        self.verifier = UniversalLM(verification=verification, verdict=verdict)
        self.calls = 0

    def __call__(self, messages: list[dict[str, Any]]) -> str:
        self.calls += 1
        if self.delay:
            time.sleep(self.delay)
        last = str(messages[-1].get("content", "")) if messages else ""
        system = str(messages[0].get("content", "")) if messages else ""
        wanted = _requested_fields(last) or _requested_fields(system)
        seen = _INVOCATION.findall(last)
        if "next_tool_name" in wanted:
            step = len(seen)
            if step < len(self.plan):
                name, args = self.plan[step]
                answer = {"next_thought": f"查 {name}", "next_tool_name": name, "next_tool_args": json.dumps(args)}
            else:
                answer = {"next_thought": "证据足够", "next_tool_name": "finish", "next_tool_args": "{}"}
            return _FORMAT._format_answer_fields(answer)
        if "contract" in wanted:
            match = _QUESTION.search(last)
            question = match.group(1).strip() if match else ""
            contract = self.contract(question, "[[ ## retry_context ## ]]" in last, seen)
            text = contract if isinstance(contract, str) else json.dumps(contract, ensure_ascii=False)
            return _FORMAT._format_answer_fields({"reasoning": "整理结论", "contract": text})
        return _FORMAT._format_answer_fields(self.verifier._answer(messages))


class RespondingServer(ScriptedOpenAIServer):
    """`ScriptedOpenAIServer` whose every answer comes from `respond(messages)`."""

    def __init__(self, respond: Callable[[list[dict[str, Any]]], str]) -> None:
        super().__init__()
        self.respond = respond

    def _next(self, body: dict[str, Any]) -> tuple[str, Any]:
        with self._lock:
            self.requests.append(body)
        return "ok", self.respond(body.get("messages") or [])


def with_invocations(contract: dict[str, Any], ids: dict[str, str]) -> dict[str, Any]:
    """The contract with recorded invocation ids (`call_o1`...) replaced by the ids of this run."""
    text = json.dumps(contract, ensure_ascii=False)
    for old, new in ids.items():
        text = text.replace(f'"{old}"', json.dumps(new))
    return json.loads(text)
