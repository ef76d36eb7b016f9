"""What the post-processor's floors hold against a Verifier model that rubber-stamps everything.

Runs `synthetic-test` and `holmesgpt` through the `rules` backend and through the `lm` backend with
a stand-in model on 127.0.0.1 that classifies every claim `direct_observation` and says PASS
(`groundcheck.evals.stub_models`), then prints, per dataset: false PASS on sessions whose gold
non-PASS verdict is set by hard evidence facts (must be 0), false PASS on the soft faults (a model
is there to judge those; a rubber stamp cannot), and false REJECT beside the rules backend's.

    python benchmarks/floor_safety.py [--policy rubber-stamp|obey-injection] [--datasets a,b]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from groundcheck.evals.datasets import load_dataset
from groundcheck.evals.runner import run_verification
from groundcheck.evals.stub_models import StubVerifierServer
from groundcheck.programs.lm.settings import LMSettings, make_lm
from groundcheck.programs.lm.verifier import LMChecker

# faults whose gold verdict rests on a lexical judgement, not on a hard fact of the trace
SOFT_FAULTS = frozenset({"inference_as_direct", "overstated_certainty", "external_knowledge"})


def fault_of(session_id: str) -> str:
    return session_id.rsplit("-", 1)[-1]


def tally(scored: list) -> Counter:
    counts: Counter = Counter()
    for s in scored:
        gold = (s.labels or {}).get("verdict")
        got = s.record.get("verdict")
        group = "soft" if fault_of(s.session_id) in SOFT_FAULTS else "hard"
        counts["n"] += 1
        counts["correct"] += got == gold
        if gold != "PASS":
            counts[f"{group}_nonpass"] += 1
            counts[f"{group}_false_pass"] += got == "PASS"
        if gold != "REJECT":
            counts["not_reject"] += 1
            counts["false_reject"] += got == "REJECT"
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", default="rubber-stamp", choices=["rubber-stamp", "obey-injection"])
    parser.add_argument("--datasets", default="synthetic-test,holmesgpt")
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args()
    print(f"stand-in Verifier model: {args.policy} (every claim direct_observation, verdict PASS)")
    header = (f"{'dataset':<15}{'backend':<9}{'n':>5}{'acc':>8}{'FP hard':>12}{'FP soft':>10}"
              f"{'false REJ':>11}{'calls':>7}")
    print(header)
    with StubVerifierServer(args.policy) as server:
        settings = LMSettings(model=f"openai/{args.policy}", api_base=server.base_url, api_key="local", num_retries=0)
        lm = make_lm(settings)
        for name in args.datasets.split(","):
            sessions = load_dataset(name).sessions
            for backend in ("rules", "lm"):
                before = server.requests
                scored = run_verification(
                    sessions, backend, workers=args.workers if backend == "lm" else None,
                    checker_factory=(lambda: LMChecker(lm)) if backend == "lm" else None, progress=False,
                )
                c = tally(scored)
                print(
                    f"{name:<15}{backend:<9}{c['n']:>5}{c['correct'] / c['n']:>8.3f}"
                    f"{c['hard_false_pass']:>6}/{c['hard_nonpass']:<5}{c['soft_false_pass']:>4}/{c['soft_nonpass']:<5}"
                    f"{c['false_reject'] / max(c['not_reject'], 1):>11.3f}{server.requests - before:>7}"
                )
    print("FP hard: false PASS / sessions whose gold non-PASS verdict comes from hard evidence facts (must be 0)")
    print("FP soft: false PASS / sessions whose gold verdict rests on wording (causal-as-direct, certainty, general)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
