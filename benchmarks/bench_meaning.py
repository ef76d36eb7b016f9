"""Benchmark of the meaning checks per claim: glossary coverage, negation, value at time.

Prints figures; asserts nothing. Run: python benchmarks/bench_meaning.py
"cold" is a session never seen: fresh evidence views (one per output, as `TraceIndex` builds them) and
claim analyses; "warm" reuses one session's views and claim analyses (their concept lookups done).
Nothing is cached by output text across sessions (`glossary.evidence_view` caches nothing).
"""

from __future__ import annotations

import json
import statistics
import time
import timeit

from bench_core import make_session

from groundcheck.programs.text import glossary as G
from groundcheck.programs.text.negation import negation_conflict
from groundcheck.programs.text.normalize import fold
from groundcheck.programs.text.series import parse_series, value_at_time_conflict


def main() -> None:
    start = time.perf_counter()
    G.glossary()
    print(f"glossary load + automaton build: {(time.perf_counter() - start) * 1000:.1f} ms "
          f"({len(G.glossary())} concepts, {len(G.glossary()._automaton)} terms)")
    session = make_session(40_000)
    outputs = [c["output"] for c in session["tool_calls"]]
    texts = [fold(o) for o in outputs]
    claims = [c["claim_text"] for c in json.loads(session["executor_final_answer"])["claims"]]
    series = [parse_series(o) for o in outputs]

    kept = [G.EvidenceView(t) for t in texts]

    def run(views: list[G.EvidenceView] = kept) -> None:
        for k, claim in enumerate(claims):
            G.concept_coverage(claim, [views[k]])
            negation_conflict(claim, [views[k]])
            value_at_time_conflict(claim, [series[k]])

    def cold() -> None:
        G.clear_caches()
        run([G.EvidenceView(t) for t in texts])

    for name, fn in (("warm", run), ("cold", cold)):
        per_claim = [t / 200 / len(claims) * 1e6 for t in timeit.repeat(fn, number=200, repeat=7)]
        print(f"{name}: coverage + negation + value-at-time, median {statistics.median(per_claim):.1f} us/claim "
              f"(min {min(per_claim):.1f}); {len(claims)} claims citing one 5 KB log each")
    claim = "在 14:03 svc-0 活跃连接 50"
    per = min(timeit.repeat(lambda: value_at_time_conflict(claim, [outputs[0]]), number=50, repeat=5)) / 50 * 1e6
    print(f"value_at_time_conflict with a clock-number pair over a raw 5 KB log (parsed each call): {per:.0f} us")


if __name__ == "__main__":
    main()
