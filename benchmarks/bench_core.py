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

from groundcheck.programs.core import trace_index
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text import glossary
from groundcheck.programs.text.normalize import _fold_short
from groundcheck.programs.text.series import claimed_values_at_times

TARGET_RATE = 1_000  # sessions/s, typical session
N_TYPICAL = 200  # distinct typical sessions, cycled
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


def make_session(
    total_output_bytes: int, n_calls: int = 8, n_claims: int = 6, sid: str = "bench", variant: int = 0
) -> dict[str, Any]:
    """A realistic PASS session; each `variant` has its own services, pools, figures and log lines."""
    per_call = total_output_bytes // n_calls
    active, wait = 20 + variant % 80, 1000 * (5 + variant % 60)
    calls, claims = [], []
    for k in range(n_calls):
        svc, pool = f"svc{variant}-{k}", f"pool-{variant}-{k}"
        marker = (
            f"2026-11-28T14:03:{k:02d}.000+08:00 ERROR [{svc}] {pool} exhausted: "
            f"active={active} max={active} wait={wait}ms"
        )
        calls.append(
            {
                "invocation_id": f"call_{k}",
                "trace_ref": f"trace:{variant:08x}{k:08x}",
                "tool_name": "query_logs",
                "arguments": {"service": svc},
                "status": "ok",
                "output": log_text(per_call, variant * 100 + k, marker),
            }
        )
    for k in range(n_claims):
        svc, pool = f"svc{variant}-{k}", f"pool-{variant}-{k}"
        claims.append(
            {
                "claim_id": f"c{k}",
                "claim_type": "error",
                "claim_text": f"14:03 {svc} 的连接池 {pool} 耗尽，活跃连接 {active}，等待 {wait}ms",
                "support_level": "direct",
                "evidence_bindings": [
                    {
                        "source_type": "log",
                        "source_id": f"call_{k}",
                        "tool_name": "query_logs",
                        "source_invocation_ids": [f"call_{k}"],
                        "evidence_excerpt": f"ERROR [{svc}] {pool} exhausted: active={active} max={active}",
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
        "user_facing_answer": f"14:03 多个服务的连接池耗尽，活跃连接达到 {active}，获取连接需等待 {wait}ms。",
    }
    return {
        "session_id": f"{sid}-{variant}",
        "original_query": "为什么 14 点后接口大量超时？",
        "executor_final_answer": json.dumps(contract, ensure_ascii=False),
        "tool_calls": calls,
    }


def forget_session_caches() -> None:
    """Drop the process caches keyed by a session's own texts (claim texts, excerpts, answer
    sentences, the numbers they write), so that no session is verified with another one's work: what
    a service that never sees the same session twice measures. Caches keyed by vocabulary (units,
    digit strings of one or two digits, characters, glossary terms) stay: every session shares those.
    Evidence views are per session by construction (`glossary.evidence_view` caches nothing), and so
    is the memo of `text.session_memo`, which `verify_session` opens and drops around each session."""
    glossary.clear_caches()
    claimed_values_at_times.cache_clear()
    _fold_short.cache_clear()
    trace_index.clear_caches()


def rate(sessions: list[dict[str, Any]], seconds: float) -> float:
    """Sessions per second over distinct sessions, cycled, with no cache spanning two of them."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        forget_session_caches()
        verify_session(sessions[n % len(sessions)])
        n += 1
    return n / (time.perf_counter() - start)


def reference_loop_seconds(repeats: int) -> float:
    """Median time of a fixed pure-Python loop: how fast this machine runs Python, so that rates
    measured on machines of different speeds (seen here: 3x apart) can be compared."""
    runs = []
    for _ in range(repeats):
        start, total = time.perf_counter(), 0
        for i in range(2_000_000):
            total += i & 7
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def glossary_load_seconds(repeats: int) -> float:
    """Median time to read the glossary TSV and build its automaton (once per process in service)."""
    runs = []
    for _ in range(repeats):
        glossary._shipped.cache_clear()
        start = time.perf_counter()
        glossary.glossary()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def timed(session: dict[str, Any], repeats: int) -> float:
    runs = []
    for _ in range(repeats):
        forget_session_caches()
        start = time.perf_counter()
        verify_session(session)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args()
    repeats = 3 if args.quick else 7

    reference = reference_loop_seconds(repeats)
    print(f"machine reference: a pure-Python loop of 2M steps takes {reference * 1000:.0f} ms (median)")
    load = glossary_load_seconds(repeats)
    print(f"glossary load (TSV + Aho-Corasick automaton, once per process): median {load * 1000:.1f} ms; "
          "no segmenter is loaded")

    typical = [make_session(40_000, variant=i) for i in range(N_TYPICAL)]
    for session in typical:
        assert verify_session(session).verdict == "PASS", "benchmark sessions must be realistic PASSes"
    rates = [rate(typical, 1.0) for _ in range(repeats)]
    med = statistics.median(rates)
    print(f"typical session (8 calls, 40 KB, 6 claims; {N_TYPICAL} distinct sessions cycled, no cache across "
          f"sessions): median {med:,.0f} sessions/s on one core "
          f"(runs: {', '.join(f'{r:,.0f}' for r in rates)}); target >= {TARGET_RATE:,}; "
          f"{med * reference:.0f} sessions per reference loop")

    sizes = [1, 2, 5, 10]
    times = {}
    for mb in sizes:
        forget_session_caches()
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
