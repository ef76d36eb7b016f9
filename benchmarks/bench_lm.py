"""Benchmark of the `lm` backend around the model call (no real LM: an instant scripted one).

Prints, with the shipped compiled Verifier:
- prompt tokens (cl100k, the message contents) by part, for the payment-outage session of issue 10
  (`evals/data/examples/pass_payment_503.json`), beside the anchors measured on that same session;
- prompt tokens for the typical and the 10 MB-trace sessions of `bench_core.py`;
- LM calls per verification: the verdict left open, fixed by the trace, and a reply that does not parse;
- the overhead of everything but the LM call (median).

Run: python benchmarks/bench_lm.py
"""

from __future__ import annotations

import copy
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from groundcheck.programs.lm import settings as _lm  # noqa: F401  (first: no cost-map download by litellm)

from groundcheck.programs.lm.verifier import LMChecker  # isort: skip

sys.path.insert(0, str(Path(__file__).parent))
from bench_core import make_session
from dspy.utils.dummies import DummyLM
from litellm.litellm_core_utils.default_encoding import encoding as cl100k

from groundcheck.evals.examples import EXAMPLES_DIR
from groundcheck.evals.stub_models import stub_reply
from groundcheck.programs.core.pipeline import verify_session

TOKEN_LIMIT = 8_000
PAYMENT = json.loads((EXAMPLES_DIR / "pass_payment_503.json").read_text(encoding="utf-8"))
# measured in issue 10 on the same payment-outage session (cl100k tokens of the message contents)
ANCHORS = (
    ("RAGAS 0.4.3 Faithfulness", "2", "1,683 - 2,068"),
    ("DeepEval 4.3.1 FaithfulnessMetric (with / without reason)", "4 / 3", "1,885 / 1,657"),
    ("groundcheck lm, before (whole-session demos)", "1", "6,202"),
)


class StubLM(DummyLM):
    """Answers instantly as the rubber-stamp stand-in model would, and keeps the prompts."""

    def __init__(self, reply: Any = None) -> None:
        super().__init__({"": {}})
        self.reply = reply
        self.prompts: list[list[dict[str, Any]]] = []

    def forward(self, prompt: Any = None, messages: Any = None, **kwargs: Any) -> Any:
        self.prompts.append(messages or [])
        text = self.reply if self.reply is not None else stub_reply("rubber-stamp", messages or [])
        return super().forward(prompt=prompt, messages=messages, **kwargs) if text is None else _response(text)


def _response(text: str) -> Any:
    from types import SimpleNamespace

    message = SimpleNamespace(content=text, tool_calls=None, reasoning_content=None)
    return SimpleNamespace(choices=[SimpleNamespace(message=message, finish_reason="stop", logprobs=None)],
                           usage={}, model="stub", cache_hit=False)


def tokens(messages: list[dict[str, Any]]) -> int:
    return sum(len(cl100k.encode(str(m.get("content", "")))) for m in messages)


def prompt_of(session: dict[str, Any]) -> list[dict[str, Any]]:
    lm = StubLM()
    verify_session(session, LMChecker(lm))
    return lm.prompts[-1]


def by_part(messages: list[dict[str, Any]]) -> dict[str, int]:
    """Instructions and formats (system), the demos (the turns before the last), the session itself."""
    session = messages[-1]["content"]
    parts = {"instructions and reply format (system)": tokens(messages[:1]),
             "claim-level demos": tokens(messages[1:-1])}
    for block in session.split("[[ ## ")[1:]:
        name, _, body = block.partition(" ## ]]")
        parts[f"session: {name}"] = len(cl100k.encode(body))
    return parts


def calls_for(session: dict[str, Any], reply: str | None = None) -> int:
    lm = StubLM(reply)
    verify_session(session, LMChecker(lm))
    return len(lm.prompts)


def overhead_ms(session: dict[str, Any], repeats: int = 60) -> tuple[float, float]:
    checker = LMChecker(StubLM())
    lm_runs, rules_runs = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        verify_session(session, checker)
        lm_runs.append(time.perf_counter() - start)
        start = time.perf_counter()
        verify_session(session)
        rules_runs.append(time.perf_counter() - start)
    return statistics.median(lm_runs) * 1000, statistics.median(rules_runs) * 1000


def main() -> None:
    messages = prompt_of(PAYMENT)
    print(f"payment-outage session (5 claims, 4 calls, 1.1 KB of output): 1 LM call, "
          f"{tokens(messages):,} prompt tokens")
    for part, n in by_part(messages).items():
        print(f"  {part:<48}{n:>6,}")
    print(f"  {'anchors on the same session':<48}{'calls':>6}  prompt tokens")
    for name, calls, toks in ANCHORS:
        print(f"  {name:<48}{calls:>6}  {toks}")
    for name, session in (("typical (40 KB trace)", make_session(40_000)),
                          ("10 MB trace", make_session(10_000_000, sid="big"))):
        print(f"prompt, {name}: {tokens(prompt_of(session)):,} tokens; limit {TOKEN_LIMIT:,}")
    fabricated = copy.deepcopy(PAYMENT)
    contract = json.loads(fabricated["executor_final_answer"])
    contract["claims"][0]["evidence_bindings"][0]["source_invocation_ids"] = ["call_ghost"]
    fabricated["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    unparseable = {**PAYMENT, "executor_final_answer": "连接池耗尽导致 503。{"}
    print(f"LM calls: verdict open {calls_for(PAYMENT)}; fabricated invocation {calls_for(fabricated)}; "
          f"unparseable answer {calls_for(unparseable)}; a reply that does not parse "
          f"{calls_for(PAYMENT, 'not the format')} (no second call: verifier_error and LOW_CONFID)")
    for name, session in (("payment session", PAYMENT), ("typical session", make_session(40_000))):
        with_lm, rules = overhead_ms(session)
        print(f"overhead besides the LM call, {name} (median): {with_lm:.2f} ms "
              f"(rules backend alone {rules:.2f} ms; prompt building + parsing {with_lm - rules:.2f} ms)")


if __name__ == "__main__":
    main()
