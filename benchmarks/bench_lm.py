"""Benchmark of the `lm` backend around the model call (no real LM: an instant scripted one).

Prints: Verifier prompt size in tokens (litellm's counter) for a typical and a 10 MB-trace session,
LM calls per verification (good answer, and the adapter's fallback on a bad one), and the overhead
of everything but the LM call. Run: python benchmarks/bench_lm.py
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from groundcheck.programs import lm as _lm  # noqa: F401  (first: no cost-map download by litellm)
from groundcheck.programs.pipeline import verify_session
from groundcheck.programs.verifier import LMChecker

sys.path.insert(0, str(Path(__file__).parent))
import litellm
from bench_core import make_session
from dspy.utils.dummies import DummyLM

TOKEN_LIMIT = 8_000
COUNT_MODEL = "gpt-4o-mini"  # tokenizer used for the count (cl100k-class); others differ by ~10-30%


class CountingLM(DummyLM):
    """Answers instantly with a fixed reply (any key matches) and keeps the prompts."""

    def __init__(self, answer: dict[str, Any]) -> None:
        super().__init__({"": answer})
        self.prompts: list[list[dict[str, Any]]] = []

    def forward(self, prompt: Any = None, messages: Any = None, **kwargs: Any) -> Any:
        self.prompts.append(messages or [])
        return super().forward(prompt=prompt, messages=messages, **kwargs)


def answer_for(session: dict[str, Any]) -> dict[str, Any]:
    claims = json.loads(session["executor_final_answer"])["claims"]
    checks = [{"claim_id": c["claim_id"], "verification": "direct_observation", "detail": "ok"} for c in claims]
    return {"claim_checks": json.dumps(checks), "verdict": "PASS", "groundedness_score": "1.0", "rationale": "ok"}


def prompt_tokens(session: dict[str, Any]) -> tuple[int, int]:
    lm = CountingLM(answer_for(session))
    verify_session(session, LMChecker(lm))
    messages = lm.history[-1]["messages"]
    chars = sum(len(str(m.get("content", ""))) for m in messages)
    return litellm.token_counter(model=COUNT_MODEL, messages=messages), chars


def lm_calls(session: dict[str, Any], answer: dict[str, Any]) -> int:
    lm = CountingLM(answer)
    verify_session(session, LMChecker(lm))
    return len(lm.history)


def overhead_ms(session: dict[str, Any], repeats: int = 50) -> tuple[float, float]:
    checker = LMChecker(CountingLM(answer_for(session)))
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
    typical = make_session(40_000)
    big = make_session(10_000_000, sid="big")
    for name, session in (("typical (40 KB trace)", typical), ("10 MB trace", big)):
        tokens, chars = prompt_tokens(session)
        print(f"Verifier prompt, {name}: {tokens:,} tokens ({chars:,} chars); limit {TOKEN_LIMIT:,}")
    good = lm_calls(typical, answer_for(typical))
    bad = lm_calls(typical, {"claim_checks": "not json", "verdict": "MAYBE"})
    print(f"LM calls per verification: {good} when the model answers well; {bad} when it does not "
          "(DSPy's chat adapter retries once with its JSON adapter), then verifier_error and LOW_CONFID")
    with_lm, rules = overhead_ms(typical)
    print(f"overhead besides the LM call (typical session, median): {with_lm:.2f} ms "
          f"(rules backend alone: {rules:.2f} ms; prompt building + parsing: {with_lm - rules:.2f} ms)")


if __name__ == "__main__":
    main()
