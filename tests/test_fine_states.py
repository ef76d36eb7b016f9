"""A state the claim calls fine (正常 / 健康 / 通过 / 有效 / 可达 / 就绪) over a quote reporting its failure.

Soft (spec §8): the rules backend reads the claim as contradicted, a model may overrule it. Each
attack has an honest twin over the same output that must PASS, and the honest readings the check
must leave alone (mixed quotes, the claim naming the failure, denied / hedged / asked states,
settings, recoveries) are tested over failing quotes.
"""

from __future__ import annotations

import pytest
from test_meaning_classes import assert_soft, session

from groundcheck.programs.core.fine_states import fine_state_conflict
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.glossary import evidence_view

REFUSED = "2026-11-29T10:05:12Z redis-cache-0 ping ok latency=0.3ms\n2026-11-29T10:05:13Z payment-db connection refused"
PODS = (
    "NAME                      READY   STATUS             RESTARTS   AGE\n"
    "checkout-7d9f-abcde       0/1     CrashLoopBackOff   12         40m"
)
HEALTHZ = "2026-11-29T10:05:12Z healthcheck /healthz -> 500 Internal Server Error (unhealthy)"
DNS = "2026-11-29T10:05:12Z resolver: lookup orders-db.prod.svc.cluster.local: no such host"
CERT = "2026-11-29T10:05:12Z tls: x509: certificate has expired or is not yet valid: current time 2026-11-29T10:05:12Z"
NODES = "NAME      STATUS     ROLES    AGE   VERSION\nnode-3    NotReady   <none>   90d   v1.29.4"
TIMEOUT = "2026-11-29T10:05:12Z [gateway] upstream inventory-svc: dial tcp 10.0.3.7:8080: i/o timeout"
RESET = "2026-11-29T10:05:12Z [order-svc] read tcp 10.0.1.4:5432: connection reset by peer"
PROBE = "Warning  Unhealthy  3m (x14 over 10m)  kubelet  Readiness probe failed: HTTP probe failed with statuscode: 503"

# (attack claim, honest twin, output, excerpt the claim quotes)
CASES = [
    ("payment-db 连接正常", "payment-db 连接被拒绝（connection refused）", REFUSED, "payment-db connection refused"),
    ("payment-db 可以正常连接", "payment-db 拒绝连接", REFUSED, "payment-db connection refused"),
    ("checkout-7d9f-abcde 处于健康状态", "checkout-7d9f-abcde 处于 CrashLoopBackOff 状态", PODS,
     "checkout-7d9f-abcde       0/1     CrashLoopBackOff"),
    ("健康检查通过", "健康检查返回 500，服务不健康", HEALTHZ,
     "healthcheck /healthz -> 500 Internal Server Error (unhealthy)"),
    ("orders-db.prod.svc.cluster.local 域名解析正常",
     "orders-db.prod.svc.cluster.local 域名解析失败（no such host）", DNS,
     "lookup orders-db.prod.svc.cluster.local: no such host"),
    ("TLS 证书仍在有效期内", "TLS 证书已过期", CERT, "x509: certificate has expired"),
    ("node-3 状态为 Ready", "node-3 状态为 NotReady", NODES, "node-3    NotReady"),
    ("node-3 节点已就绪", "node-3 节点未就绪", NODES, "node-3    NotReady"),
    ("网关到 inventory-svc 的网络连通", "网关到 inventory-svc 的请求 i/o timeout", TIMEOUT,
     "upstream inventory-svc: dial tcp 10.0.3.7:8080: i/o timeout"),
    ("order-svc 到 10.0.1.4:5432 的连接一切正常",
     "order-svc 到 10.0.1.4:5432 的连接被重置（connection reset by peer）", RESET,
     "read tcp 10.0.1.4:5432: connection reset by peer"),
    ("就绪探针检查均通过", "就绪探针失败，返回 503", PROBE,
     "Readiness probe failed: HTTP probe failed with statuscode: 503"),
    ("证书依然有效", "证书已经过期", CERT, "x509: certificate has expired"),
]


@pytest.mark.parametrize(("attack", "honest", "output", "excerpt"), CASES)
def test_a_fine_state_over_a_quoted_failure_is_contradicted(attack, honest, output, excerpt):
    assert_soft(
        session(attack, excerpt, output),
        "opposite_outcome",
        "contradicted",
        session(honest, excerpt, output),
    )


@pytest.mark.parametrize(
    ("claim", "output", "excerpt"),
    [
        # a mixed quote: the fine state is about the other line
        ("redis-cache-0 连接正常，payment-db 拒绝连接", REFUSED, REFUSED),
        ("redis-cache-0 ping 正常", REFUSED, "redis-cache-0 ping ok latency=0.3ms\n2026-11-29T10:05:13Z payment-db"),
        # the claim names the failure itself
        ("网关其余上游正常，仅 inventory-svc 出现 i/o timeout", TIMEOUT,
         "upstream inventory-svc: dial tcp 10.0.3.7:8080: i/o timeout"),
        # denied, asked, hedged
        ("payment-db 连接不正常，被拒绝", REFUSED, "payment-db connection refused"),
        ("payment-db 无法正常连接（connection refused）", REFUSED, "payment-db connection refused"),
        ("node-3 节点没有就绪", NODES, "node-3    NotReady"),
        ("node-1 状态为 Ready", NODES + "\nnode-1    Ready      <none>   90d   v1.29.4",
         "node-3    NotReady   <none>   90d   v1.29.4\nnode-1    Ready"),
        # a recovery is the outcome check's reading, "通过" meaning "by means of" names no check
        ("通过日志可以看到 payment-db connection refused", REFUSED, "payment-db connection refused"),
    ],
)
def test_honest_readings_of_fine_state_words_pass(claim, output, excerpt):
    record = verify_session(session(claim, excerpt, output))
    assert record.verdict == "PASS", record.rationale


def test_a_setting_or_a_hint_is_no_reported_failure():
    # "timeout: 30s" is a setting; "down" and "503" are evidence-only hints of a failure, not its name
    quotes = ["pool=ok connect_timeout=30s", "timeout: 30s retries: 3", "scaled down to 2 replicas", "latency 503ms"]
    for quote in quotes:
        assert fine_state_conflict("连接池状态正常", evidence_view(quote)) is None, quote


def test_a_zero_count_of_failures_is_no_reported_failure():
    assert fine_state_conflict("订单服务正常", evidence_view("requests=1200 failed=0 errors: 0")) is None
    assert fine_state_conflict("订单服务正常", evidence_view("no errors, 0 timeouts")) is None
    assert fine_state_conflict("订单服务正常", evidence_view("order-svc request failed: timeout")) is not None


def test_a_question_or_a_hedge_is_no_fine_state():
    quoted = evidence_view("payment-db connection refused")
    assert fine_state_conflict("payment-db 连接是否正常", quoted) is None
    assert fine_state_conflict("payment-db 连接正常吗", quoted) is None
    assert fine_state_conflict("payment-db 可能已经可以正常连接", quoted) is None
    assert fine_state_conflict("payment-db 连接正常", quoted) is not None


def test_an_answer_calling_a_failing_entity_fine_is_contradicted():
    claim, excerpt = "redis-cache-0 ping 正常，延迟 0.3ms", "redis-cache-0 ping ok latency=0.3ms"
    attack = session(claim, excerpt, REFUSED, answer="redis-cache-0 ping 正常。payment-db 连接也正常，问题不在数据库。")
    record = verify_session(attack)
    answer_facts = [f for f in record.facts_checked if f.source == "user_facing_answer"]
    assert any(f.classification == "contradicted" and "payment-db" in f.fact for f in answer_facts)
    assert record.verdict != "PASS"
    answer = "redis-cache-0 ping 正常，延迟只有 0.3 毫秒。接下来需要排查数据库。"
    honest = session(claim, excerpt, REFUSED, answer=answer)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    # the answer names the failure itself: its fine state is about the rest
    mixed = session(claim, excerpt, REFUSED, answer="redis-cache-0 ping 正常，但 payment-db 连接被拒绝。")
    assert not any(f.classification == "contradicted" for f in verify_session(mixed).facts_checked)
