"""Resource use of the deterministic path on hostile-but-plausible traces (issue 12).

Three 10 MB sessions: `bench_core`'s typical session grown to 10 MB (8 varied logs), a log output
that repeats the same few ERROR lines (503s, pool errors), and a JSON metrics dump. Prints median
time, peak memory (tracemalloc, excluding the input) as a multiple of the trace size, and time with
500 claims. Asserts nothing (these machines are noisy). Run:
    python benchmarks/bench_resources.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import tracemalloc
from typing import Any

from bench_core import make_session  # beside this script (its folder is on the path)

from groundcheck.programs.core.pipeline import verify_session

TARGET_MEMORY_FACTOR = 5  # peak memory / trace size
TARGET_500_CLAIMS_SECONDS = 5.0
_LINES = (
    "2026-11-28T10:05:{s:02d}.{ms:03d}+08:00 ERROR [payment-service] upstream returned 503 Service Unavailable",
    "2026-11-28T10:05:{s:02d}.{ms:03d}+08:00 ERROR [payment-service] HikariPool-1 - Connection is not available, "
    "request timed out after 30000ms (total=50, active=50, idle=0, waiting=212)",
    "2026-11-28T10:05:{s:02d}.{ms:03d}+08:00 WARN  [gateway] retry 3/3 to payment-service failed: 503",
)


def repeated_log(n_bytes: int) -> str:
    lines, size, i = [], 0, 0
    while size < n_bytes:
        line = _LINES[i % len(_LINES)].format(s=i // 1000 % 60, ms=i % 1000)
        lines.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(lines)


def metrics_dump(n_bytes: int) -> dict[str, Any]:
    series, size, k = [], 0, 0
    while size < n_bytes:
        points = [[f"10:{m // 60 % 60:02d}:{m % 60:02d}", round(0.5 + (m * 37 % 100) / 7, 3)] for m in range(600)]
        item = {"metric": "http_server_requests_seconds", "labels": {"pod": f"payment-{k}", "code": "503"},
                "points": points}
        size += len(json.dumps(item))
        series.append(item)
        k += 1
    return {"status": "success", "series": series}


LOG_CLAIM = "10:05 payment-service 返回 503，连接池 HikariPool-1 活跃连接 50，等待 30000ms（{k}）"
DUMP_CLAIM = "payment-{k} 的 http_server_requests_seconds 在 10:05 出现 code 503，耗时 1.5 秒"


def session(output: Any, tool: str, n_claims: int, excerpt: str, claim: str = LOG_CLAIM) -> dict[str, Any]:
    claims = [
        {
            "claim_id": f"c{k}",
            "claim_type": "error",
            "claim_text": claim.format(k=k),
            "support_level": "direct",
            "evidence_bindings": [
                {
                    "source_type": "log",
                    "source_id": "call_0",
                    "tool_name": tool,
                    "source_invocation_ids": ["call_0"],
                    "evidence_excerpt": excerpt,
                }
            ],
        }
        for k in range(n_claims)
    ]
    contract = {
        "answer_version": "2.0",
        "diagnosis_summary": "连接池耗尽导致 503",
        "claims": claims,
        "hypotheses": ["可能存在慢查询"],
        "recommended_actions": ["排查慢 SQL"],
        "missing_info": [],
        "user_facing_answer": "10:05 起 payment-service 大量返回 503，连接池活跃连接 50，等待 30000ms 后超时。",
    }
    call = {
        "invocation_id": "call_0",
        "trace_ref": None,
        "tool_name": tool,
        "arguments": {"service": "payment-service"},
        "status": "ok",
        "output": output,
    }
    return {
        "session_id": f"res-{tool}-{n_claims}",
        "original_query": "支付服务为什么大量 503？",
        "executor_final_answer": json.dumps(contract, ensure_ascii=False),
        "tool_calls": [call],
    }


def measure(name: str, s: dict[str, Any], trace_bytes: int, repeats: int) -> None:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        record = verify_session(s)
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    verify_session(s)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{name}: {trace_bytes / 1e6:.1f} MB, verdict {record.verdict}, median {statistics.median(times):.3f} s, "
          f"peak {peak / 1e6:.1f} MB = {peak / trace_bytes:.2f}x the trace (target <= {TARGET_MEMORY_FACTOR}x)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    repeats = 3 if parser.parse_args().quick else 5

    typical = make_session(10_000_000, sid="res-typical")
    typical_bytes = sum(len(c["output"]) for c in typical["tool_calls"])
    measure("bench_core's session at 10 MB (8 calls, 6 claims)", typical, typical_bytes, repeats)
    log = repeated_log(10_000_000)
    log_excerpt = "HikariPool-1 - Connection is not available, request timed out after 30000ms"
    measure("repeated ERROR lines, 6 claims", session(log, "query_logs", 6, log_excerpt), len(log), repeats)
    dump = metrics_dump(10_000_000)
    dump_bytes = len(json.dumps(dump))
    dump_excerpt = '"code": "503"'
    dump_session = session(dump, "query_metrics", 6, dump_excerpt, DUMP_CLAIM)
    measure("JSON metrics dump, 6 claims", dump_session, dump_bytes, repeats)

    many = session(log, "query_logs", 500, log_excerpt)
    times = []
    for _ in range(max(1, repeats // 2)):
        start = time.perf_counter()
        verify_session(many)
        times.append(time.perf_counter() - start)
    print(f"500 claims over 10 MB: median {statistics.median(times):.2f} s (target < {TARGET_500_CLAIMS_SECONDS} s)")


if __name__ == "__main__":
    main()
