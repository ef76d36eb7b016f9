"""A scripted LM that answers whatever DSPy signature it is asked, for optimizer tests.

It reads the output fields the prompt asks for and fills each with a plausible value: claim checks
for the claim ids it sees (all `direct_observation` unless told otherwise), ReAct steps that finish
at once, contracts, and instructions for proposal / reflection prompts (GEPA's raw prompts get a
fenced instruction).
"""

from __future__ import annotations

import json
import re
from typing import Any

from fakes import ScriptedLM

_FIELD = re.compile(r"\[\[ ## (\w+) ## \]\]")
_CLAIM_ID = re.compile(r'"(?:claim_)?id":\s*"([^"]+)"')


class UniversalLM(ScriptedLM):
    def __init__(self, model: str = "universal", verification: str = "direct_observation", verdict: str = "PASS",
                 contract: dict[str, Any] | None = None) -> None:
        self.verification = verification
        self.verdict = verdict
        self.contract = contract
        super().__init__([self._answer], model=model, repeat_last=True)

    def _answer(self, messages: list[dict[str, Any]]) -> Any:
        system = str(messages[0].get("content", "")) if messages else ""
        last = str(messages[-1].get("content", "")) if messages else ""
        wanted = _requested_fields(last) or _requested_fields(system)
        if not wanted:  # a raw prompt (GEPA reflection): a new instruction in a fence
            return "```\nCheck every claim against the cited tool outputs; never pass a fabricated reference.\n```"
        values = {}
        for name in wanted:
            values[name] = self._value(name, last)
        return values

    def _value(self, name: str, prompt: str) -> Any:
        if name == "claim_checks":
            section = prompt.split("[[ ## executor_structured_output ## ]]")[-1].split("[[ ## executor_output_parse")[0]
            ids = list(dict.fromkeys(_CLAIM_ID.findall(section)))
            return json.dumps([{"claim_id": i, "verification": self.verification, "detail": "scripted"} for i in ids])
        if name == "verdict":
            return self.verdict
        if name == "groundedness_score":
            return "0.9"
        if name == "next_tool_name":
            return "finish"
        if name == "next_tool_args":
            return "{}"
        if name == "contract":
            return json.dumps(self.contract or {}, ensure_ascii=False)
        return "Check every claim against the cited tool outputs and quote excerpts verbatim."


def _requested_fields(text: str) -> list[str]:
    marker = "Respond with the corresponding output fields"
    if marker not in text:
        return []
    tail = text[text.index(marker):]
    return [f for f in dict.fromkeys(_FIELD.findall(tail)) if f != "completed"]
