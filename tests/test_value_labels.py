"""A figure the cited output states under another label of the same record (`value_labels`).

"QPS 阈值为 812" over `current_qps=812 threshold_qps=500`: the output holds 812, as the current value.
Function-level cases (attack: a conflict; honest twin: none), cases that must stay unclear (precision
first), and whole-session cases: the honest twins PASS, the attacks are REJECTed (soft: `other_label`,
read as contradicted by the rules backend).
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import pytest
from test_meaning_classes import session as meaning_session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.sessions import ensure_session
from groundcheck.programs.core.trace_index import TraceIndex
from groundcheck.programs.core.value_labels import _key_roles, calls_label_conflict, label_conflict
from groundcheck.programs.text.normalize import fold

# --- outputs of our own, in the formats tools write -------------------------------------------------

RATE_GUARD = (
    "2026-11-30T10:02:11Z WARN [rate-guard] route=/api/search current_qps=812 threshold_qps=500 action=throttle"
)
LATENCY_STATS = "2026-11-30T10:05:00Z INFO latency_stats route=/checkout max_ms=1315 avg_ms=640 p50_ms=420 samples=9120"
DISK = "2026-11-30T10:07:30Z WARN node=ip-10-2-3-4 mount=/data used=7.2G free=0.8G total=8.0G"
POD_LINE = "pod=web-7f9c6d-x2k4q restarts=5 ready=0/1 status=CrashLoopBackOff"
LATENCY_JSON = {"service": "search-api", "window": "5m", "latency_seconds": {"p95": 0.84, "p99": 1.32}}
ALERT_JSON = {"alert": "HighErrorRate", "service": "order-api", "current_value": 7.9, "threshold": 5}
DESCRIBE = """Name:         billing-api-6d8f7c9b5-qz7lm
Namespace:    payments
Containers:
  billing-api:
    State:          Running
    Limits:
      memory:  512Mi
    Requests:
      memory:     256Mi
    Restart Count:  3
"""
DISK_RULE = """alerting:
  rules:
    - name: disk-usage-high
      threshold: 85
      current: 91
      severity: warning
"""
EXPOSITION = (
    'rpc_duration_seconds{service="pay-gw",quantile="0.5"} 0.21\n'
    'rpc_duration_seconds{service="pay-gw",quantile="0.9"} 0.64\n'
    'rpc_duration_seconds{service="pay-gw",quantile="0.99"} 1.47\n'
    'rpc_duration_seconds_count{service="pay-gw"} 48213\n'
)
PROM_VECTOR = {
    "status": "success",
    "data": {
        "resultType": "vector",
        "result": [
            {"metric": {"service": "cart-api", "quantile": "0.95"}, "value": [1732960800, "0.84"]},
            {"metric": {"service": "cart-api", "quantile": "0.99"}, "value": [1732960800, "1.32"]},
        ],
    },
}
PERCENTILES = "2026-11-30T10:11:00Z INFO endpoint=/api/orders p50=120ms p90=380ms p99=910ms"
REDIS_INFO = "# Memory\r\nused_memory_human:1.20G\r\nmaxmemory_human:2.00G\r\nmaxmemory_policy:allkeys-lru\r\n"
SUMMARY = "search-api latency over 5m\n  p95 latency: 0.84s\n  p99 latency: 1.32s\n  error rate: 0.4%\n"
NESTED = {"service": "ledger-api", "latency_ms": {"avg": {"value": 212}, "max": {"value": 1870}}}
POD_DESCRIBE = """Name:             api-5d9c7b8f6-k2x9p
Namespace:        prod
Status:           Running
Containers:
  api:
    State:          Running
      Started:      Mon, 30 Nov 2026 10:01:12 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
    Ready:          True
    Restart Count:  7
    Limits:
      cpu:     2
      memory:  1Gi
    Requests:
      cpu:        500m
      memory:     512Mi
"""
HPA = """Name:                                                  checkout-hpa
Metrics:                                               ( current / target )
  resource cpu on pods  (as a percentage of request):  92% (460m) / 70%
Min replicas:                                          2
Max replicas:                                          10
Deployment pods:                                       10 current / 10 desired
"""
FREE = """              total        used        free      shared  buff/cache   available
Mem:          15Gi       7.2Gi       0.8Gi       1.0Gi       7.0Gi       7.5Gi
"""
GC = "[GC pause (G1 Evacuation Pause) (young) 1843M->1210M(2048M), 0.0831 secs] heap used=1210M max=2048M"
HIKARI = "HikariPool-1 - Pool stats (total=20, active=20, idle=0, waiting=37)"
P95_QUERY = {
    "query": 'histogram_quantile(0.95, sum(rate(http_request_duration_seconds_bucket{service="cart-api"}[5m])) by (le))'
}
QUERY_RESULT = {
    "status": "success",
    "data": {"resultType": "vector", "result": [{"metric": {"service": "cart-api"}, "value": [1732960800, "0.84"]}]},
}


def text(output: Any) -> str:
    return fold(output if isinstance(output, str) else json.dumps(output, ensure_ascii=False))


class Case(NamedTuple):
    output: Any
    attack: str
    honest: str
    label: str  # the output's label the attack's detail names


CASES = [
    Case(RATE_GUARD, "/api/search 的 QPS 阈值为 812", "/api/search 当前 QPS 812，超过阈值 500", "current_qps"),
    Case(RATE_GUARD, "/api/search 当前 QPS 为 500", "/api/search 当前 QPS 为 812", "threshold_qps"),
    Case(LATENCY_STATS, "/checkout 平均延迟 1315ms", "/checkout 最大延迟 1315ms，平均 640ms", "max_ms"),
    Case(LATENCY_STATS, "/checkout 最大延迟 640ms", "/checkout 平均延迟 640ms", "avg_ms"),
    Case(DISK, "/data 剩余 7.2G", "/data 已用 7.2G，剩余 0.8G", "used"),
    Case(DISK, "/data 已使用 0.8G", "/data 可用空间 0.8G，总量 8.0G", "free"),
    Case(POD_LINE, "web Pod 重启 0 次", "web Pod 重启 5 次", "ready"),
    Case(LATENCY_JSON, "search-api 的 P99 延迟为 0.84 秒", "search-api 的 P95 延迟为 0.84 秒，P99 为 1.32 秒", "p95"),
    Case(ALERT_JSON, "order-api 错误率告警阈值为 7.9%", "order-api 当前错误率 7.9%，超过阈值 5%", "current_value"),
    Case(DESCRIBE, "billing-api 内存 request 为 512Mi", "billing-api 内存 limit 为 512Mi，request 为 256Mi", "limits"),
    Case(DESCRIBE, "billing-api 内存 limit 为 256Mi", "billing-api 内存 request 为 256Mi", "requests"),
    Case(DISK_RULE, "磁盘使用率告警阈值为 91%", "磁盘使用率当前 91%，告警阈值 85%", "current"),
    Case(EXPOSITION, "pay-gw 的 P99 延迟 0.64 秒", "pay-gw 的 P90 延迟 0.64 秒，P99 延迟 1.47 秒", "quantile=0.9"),
    Case(EXPOSITION, "pay-gw 延迟中位数 0.64 秒", "pay-gw 延迟中位数 0.21 秒", "quantile=0.9"),
    Case(PROM_VECTOR, "cart-api 的 P99 延迟为 0.84 秒", "cart-api 的 P95 延迟为 0.84 秒", "quantile=0.95"),
    Case(PERCENTILES, "/api/orders 的 P90 延迟 910ms", "/api/orders 的 P99 延迟 910ms", "p99"),
    Case(REDIS_INFO, "Redis 内存上限 1.20G", "Redis 已用内存 1.20G，上限 2.00G", "used_memory_human"),
    Case(SUMMARY, "search-api 的 P99 延迟 0.84 秒", "search-api 的 P95 延迟 0.84 秒", "p95 latency"),
    Case(NESTED, "ledger-api 平均延迟 1870ms", "ledger-api 平均延迟 212ms，最大 1870ms", "max: value"),
    Case(POD_DESCRIBE, "容器内存 limit 为 512Mi", "容器内存 limit 为 1Gi，request 为 512Mi", "requests: memory"),
]


@pytest.mark.parametrize(
    ("claim", "output"),
    [
        ("内存 limit 为 1Gi，已发生 OOMKilled，重启 7 次", POD_DESCRIBE),
        ("容器 CPU limit 2 核，request 500m", POD_DESCRIBE),
        ("Pod 重启 7 次，当前 Ready", POD_DESCRIBE),
        ("CPU 使用率当前 92%，目标 70%", HPA),
        ("当前 10 个副本，已达上限 10", HPA),
        ("最小副本 2，最大副本 10", HPA),
        ("内存总量 15Gi，已用 7.2Gi，可用 7.5Gi", FREE),
        ("剩余 0.8Gi 空闲内存", FREE),
        ("GC 后堆使用 1210M，上限 2048M", GC),
        ("堆内存已用 1210M，最大 2048M", GC),
        ("连接池总数 20，活跃 20，空闲 0，等待 37", HIKARI),
        ("连接池已用满 20 个连接，等待 37", HIKARI),
    ],
)
def test_honest_readings_of_real_formats(claim, output):
    assert label_conflict(claim, [text(output)]) is None


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.attack)
def test_a_figure_under_another_label_conflicts(case):
    detail = label_conflict(case.attack, [text(case.output)])
    assert detail is not None
    assert case.label in detail


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.honest)
def test_the_honest_twin_does_not(case):
    assert label_conflict(case.honest, [text(case.output)]) is None


def test_the_detail_says_both_labels():
    detail = label_conflict("QPS 阈值为 812", [text(RATE_GUARD)])
    assert detail == "it gives 812 as the threshold, but the cited output labels 812 current_qps"


def test_percentiles_written_in_words():
    assert label_conflict("cart-api 的 99 分位延迟为 0.84 秒", [text(PROM_VECTOR)]) is not None
    assert label_conflict("cart-api 的 95 分位延迟为 0.84 秒", [text(PROM_VECTOR)]) is None
    assert label_conflict("cart-api 的 99th percentile 延迟为 0.84 秒", [text(PROM_VECTOR)]) is not None


def test_a_query_quantile_labels_every_value_of_its_output():
    measures = [json.dumps(P95_QUERY).lower()]
    detail = label_conflict("P99 延迟 0.84 秒", [text(QUERY_RESULT)], measures)
    assert detail is not None and "p95" in detail
    assert label_conflict("P95 延迟 0.84 秒", [text(QUERY_RESULT)], measures) is None
    assert label_conflict("P99 延迟 0.84 秒", [text(QUERY_RESULT)]) is None  # no query: no label
    # the peak of a p95 series is its peak; a mean over time of the quantile is no single quantile
    assert label_conflict("延迟峰值 0.84 秒", [text(QUERY_RESULT)], measures) is None
    over_time = ["avg_over_time(histogram_quantile(0.95, sum(rate(x_bucket[5m])) by (le))[1h:])"]
    assert label_conflict("P99 延迟 0.84 秒", [text(QUERY_RESULT)], over_time) is None


@pytest.mark.parametrize(
    ("claim", "outputs"),
    [
        # the value is also stated under the claim's own label (another record)
        ("QPS 阈值为 812", ["current_qps=812 threshold_qps=500\nroute=/b current_qps=300 threshold_qps=812"]),
        # the claim's role is stated nowhere beside it: unclear which label the claim means
        ("QPS 阈值为 812", ["current_qps=812"]),
        # a place without a label (free text) leaves it unclear
        ("平均延迟 1315ms", ["max_ms=1315 avg_ms=640\nslow request took 1315ms"]),
        # labels of another kind: p95 is no threshold or current value
        ("当前延迟 0.84 秒", ['{"p95": 0.84, "p99": 1.32}']),
        # a peak word names the highest of a series, whatever statistic the series is
        ("P99 延迟峰值 1315ms", ['{"p99_ms": 1315, "p50_ms": 420}']),
        ("延迟峰值 1315ms", ["p99_ms=1315 p50_ms=420"]),
        # a change or comparison between the word and the figure: another value
        ("平均延迟从 1315ms 降到 640ms", ["max_ms=1315 avg_ms=640"]),
        ("当前 QPS 比阈值高 312", ["current_qps=812 threshold_qps=500"]),
        # the word qualifies another noun ("超过阈值的请求")
        ("超过阈值的请求 QPS 为 812", ["current_qps=812 threshold_qps=500"]),
        # a role word after the figure widens what it may mean ("512Mi 上限")
        ("内存使用达到 512Mi 上限", ["usage: 498Mi\nlimits:\n  memory: 512Mi"]),
        # both roles named, "分别": the union is read
        ("内存 limit 和 request 分别为 512Mi 和 256Mi", [DESCRIBE.lower()]),
        # an identifier holding an English role word is no role word
        ("request-router 的 P95 延迟 0.84 秒", ['{"p95": 0.84, "limit": 0.84, "request": 1}']),
        # 不可用 is no free amount
        ("服务不可用 8 分钟", ["used=8 free=2"]),
        # a configured value may be a threshold
        ("当前配置的阈值为 500", ["current_qps=812 threshold_qps=500"]),
        ("限流配置为 500", ["current_qps=812 threshold_qps=500"]),
        # http_requests_total is a counter, not a resource request nor a capacity
        ("request 总数 1200", ["http_requests_total=1200 limit=1000"]),
        # no literal to look for
        ("平均延迟 1,315ms", ["max_ms=1,315 avg_ms=640"]),
        ("QPS 阈值为 812", []),
    ],
)
def test_unclear_cases_give_no_conflict(claim, outputs):
    assert label_conflict(claim, [text(o) for o in outputs]) is None


def test_more_than_one_role_word_before_a_figure():
    # "目前" (now) and "P99": both name 0.84, which the output gives as p95
    assert label_conflict("P99 目前为 0.84 秒", [text(LATENCY_JSON)]) is not None
    assert label_conflict("P95 目前为 0.84 秒", [text(LATENCY_JSON)]) is None


def test_calls_read_their_query_when_a_value_has_no_label():
    index = TraceIndex(ensure_session(session("P99 延迟 0.84 秒", QUERY_RESULT, P95_QUERY)))
    cited = index.observed(["call_m1"])
    detail = calls_label_conflict("cart-api 的 P99 延迟为 0.84 秒", cited)
    assert detail is not None and "p95 of its query" in detail
    assert calls_label_conflict("cart-api 的 P95 延迟为 0.84 秒", cited) is None
    assert calls_label_conflict("cart-api 的 P99 延迟为 0.84 秒", []) is None


def test_a_claim_without_role_words_returns_at_once():
    assert label_conflict("checkout-api 的连接池耗尽，活跃连接 48，等待 6000ms", [text(RATE_GUARD)]) is None


def test_many_places_of_a_small_number_are_not_read():
    output = "\n".join(f"ready=1 restarts={k % 3}" for k in range(200))
    assert label_conflict("重启 1 次", [output]) is None


@pytest.mark.parametrize(
    ("key", "roles"),
    [
        ("current_qps", {"current"}),
        ("threshold_qps", {"threshold"}),
        ("latency_p99_ms", {"p99"}),
        ("restart count", {"restarts"}),
        ("memory_request", {"request"}),
        ("requests", {"request"}),
        ("http_requests_total", set()),
        ("mem_total_bytes", {"total"}),
        ("used_memory_peak", {"used", "max"}),
        ("maxmemory_human", {"limit", "threshold"}),
        ("service", set()),
    ],
)
def test_key_roles(key, roles):
    assert set(_key_roles(key)) == roles


# --- whole sessions -------------------------------------------------------------------------------


def session(claim: str, output: Any, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
    """One critical claim citing one metrics call (its first line of eight characters or more)."""
    body = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
    excerpt = next(line.strip() for line in body.splitlines() if len(line.strip()) >= 8)[:60]
    return meaning_session(
        claim, excerpt, output, tool="query_metrics", source_type="metric", arguments=arguments or {"service": "api"}
    )


SESSIONS = [(c.output, None, c.attack, c.honest) for c in CASES] + [
    (QUERY_RESULT, P95_QUERY, "cart-api 的 P99 延迟为 0.84 秒", "cart-api 的 P95 延迟为 0.84 秒"),
]


@pytest.mark.parametrize(("output", "arguments", "attack", "honest"), SESSIONS, ids=[s[3] for s in SESSIONS])
def test_honest_twin_sessions_pass(output, arguments, attack, honest):
    result = verify_session(session(honest, output, arguments))
    assert result.verdict == "PASS", [(c.verification, c.detail) for c in result.claim_checks]


@pytest.mark.parametrize(("output", "arguments", "attack", "honest"), SESSIONS, ids=[s[2] for s in SESSIONS])
def test_attack_sessions_are_rejected(output, arguments, attack, honest):
    result = verify_session(session(attack, output, arguments))
    assert result.verdict == "REJECT", [(c.verification, c.detail) for c in result.claim_checks]
    assert any("cited output labels" in c.detail for c in result.claim_checks)


def test_another_label_is_a_soft_judgement_a_model_may_overrule():
    from test_meaning_classes import facts_of, replay_all_direct

    output, arguments, attack, _ = SESSIONS[0]
    s = session(attack, output, arguments)
    hard, soft = facts_of(s)
    assert "other_label" in soft and not hard
    assert replay_all_direct(s) == "PASS"  # not a floor: spec §8
