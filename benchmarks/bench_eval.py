"""Benchmark: `groundcheck eval` with the rules backend over 10,000 generated sessions (target < 60 s).

Prints figures; asserts nothing. Run: python benchmarks/bench_eval.py [--n 10000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from groundcheck.evals.datasets import write_jsonl
from groundcheck.evals.evaluate import evaluate
from groundcheck.evals.synthetic import generate_sessions

TARGET_SECONDS = 60


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sessions.jsonl"
        write_jsonl(path, generate_sessions(args.n, 2026))
        print(f"{args.n:,} sessions, {path.stat().st_size / 1e6:.1f} MB, {os.cpu_count()} cores")
        runs = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            report = evaluate(str(path), "rules", progress=False)
            runs.append(time.perf_counter() - start)
        med = statistics.median(runs)
        print(f"eval (load + verify + metrics): median {med:.1f} s over {args.repeats} runs "
              f"({', '.join(f'{r:.1f}' for r in runs)}), {args.n / med:,.0f} sessions/s; target < {TARGET_SECONDS} s")
        print(f"verdict accuracy {report['metrics']['verdict_accuracy']:.4f}, "
              f"false PASS {report['metrics']['false_pass_rate']:.4f}")


if __name__ == "__main__":
    main()
