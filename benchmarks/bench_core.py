"""Benchmark of the deterministic path: parse + Gatekeeper + rules backend + verdict + summary.

Prints figures; asserts nothing (these machines are noisy). Run:
    python benchmarks/bench_core.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import tracemalloc
from typing import Any

from groundcheck.programs.pipeline import verify_session

TARGET_RATE = 1_000  # sessions/s, typical session
TARGET_BIG_SECONDS = 0.5  # one 10 MB session
TARGET_MEMORY_FACTOR = 10  # peak memory / trace size


def log_text(n_bytes: int, seed: int, marker: str) -> str:
    rng = random.Random(seed)
    lines, size, i = [], 0, 0
    while size < n_bytes:
        line = (
            f"2026-11-28T14:{i // 60 % 60:02d}:{i % 60:02d}.{rng.randrange(1000):03d}+08:00 "
            f"{rng.choice(['INFO ', 'WARN ', 'ERROR'])} [svc-{seed}] req_id={rng.getrandbits(48):012x} "
            f"latency_ms={rng.randrange(1, 900)} path=/api/v1/items/{rng.randrange(10**6)}"
        )
        if size <= n_bytes // 2 < size + len(line) + 1:
            line = marker
        lines.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(lines)


def make_session(total_output_bytes: int, n_calls: int = 8, n_claims: int = 6, sid: str = "bench") -> dict[str, Any]:
    per_call = total_output_bytes // n_calls
    calls, claims = [], []
    for k in range(n_calls):
        marker = f"2026-11-28T14:03:{k:02d}.000+08:00 ERROR [svc-{k}] pool-{k} exhausted: active=50 max=50 wait=30000ms"
        calls.append(
            {
                "invocation_id": f"call_{k}",
                "trace_ref": f"trace:{k:016x}",
                "tool_name": "query_logs",
                "arguments": {"service": f"svc-{k}"},
                "status": "ok",
                "output": log_text(per_call, k, marker),
            }
        )
    for k in range(n_claims):
        claims.append(
            {
                "claim_id": f"c{k}",
                "claim_type": "error",
                "claim_text": f"14:03 svc-{k} 的连接池 pool-{k} 耗尽，活跃连接 50，等待 30000ms",
                "support_level": "direct",
                "evidence_bindings": [
                    {
                        "source_type": "log",
                        "source_id": f"call_{k}",
                        "tool_name": "query_logs",
                        "source_invocation_ids": [f"call_{k}"],
                        "evidence_excerpt": f"ERROR [svc-{k}] pool-{k} exhausted: active=50 max=50",
                    }
                ],
            }
        )
    contract = {
        "answer_version": "2.0",
        "diagnosis_summary": "连接池耗尽",
        "claims": claims,
        "hypotheses": ["可能存在慢查询"],
        "recommended_actions": ["排查慢 SQL"],
        "missing_info": [],
        "user_facing_answer": "14:03 多个服务的连接池耗尽，活跃连接达到 50，等待 30000ms 后超时。",
    }
    return {
        "session_id": sid,
        "original_query": "为什么 14 点后接口大量超时？",
        "executor_final_answer": json.dumps(contract, ensure_ascii=False),
        "tool_calls": calls,
    }


def rate(session: dict[str, Any], seconds: float) -> float:
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        verify_session(session)
        n += 1
    return n / (time.perf_counter() - start)


def timed(session: dict[str, Any], repeats: int) -> float:
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        verify_session(session)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args()
    repeats = 3 if args.quick else 7

    typical = make_session(40_000)
    assert verify_session(typical).verdict == "PASS", "benchmark session must be a realistic PASS"
    rates = [rate(typical, 1.0) for _ in range(repeats)]
    med = statistics.median(rates)
    print(f"typical session (8 calls, 40 KB, 6 claims): median {med:,.0f} sessions/s on one core "
          f"(runs: {', '.join(f'{r:,.0f}' for r in rates)}); target >= {TARGET_RATE:,}")

    sizes = [1, 2, 5, 10]
    times = {}
    for mb in sizes:
        times[mb] = timed(make_session(mb * 1_000_000, sid=f"big{mb}"), repeats)
    print("time by trace size (median):")
    for mb in sizes:
        print(f"  {mb:>2} MB: {times[mb] * 1000:8.1f} ms   ({times[mb] / times[1]:.2f}x the 1 MB time)")
    print(f"10 MB session: median {times[10]:.3f} s; target < {TARGET_BIG_SECONDS} s; "
          f"10 MB / 1 MB time ratio {times[10] / times[1]:.1f} (linear would be 10)")

    big = make_session(10_000_000, sid="big-mem")
    trace_bytes = sum(len(c["output"]) for c in big["tool_calls"])
    tracemalloc.start()
    verify_session(big)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"10 MB session peak memory (tracemalloc, excluding the input): {peak / 1e6:.1f} MB = "
          f"{peak / trace_bytes:.2f}x the trace; target < {TARGET_MEMORY_FACTOR}x")


if __name__ == "__main__":
    main()
