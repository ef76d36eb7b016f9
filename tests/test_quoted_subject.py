"""A claim naming one subject while the record it quotes is about another (issue 9, red-team round 3).

Soft (spec §8): the rules backend reads the claim as contradicted, a model may overrule it. Each
attack has an honest twin over the same output that must PASS.
"""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import assert_soft, session

from groundcheck.programs.core.pipeline import verify_session

EVENTS = (
    "LAST SEEN   TYPE      REASON      OBJECT                                 MESSAGE\n"
    "12m         Normal    Scheduled   pod/checkout-7d9f8b6c5-x2kqp           "
    "Successfully assigned shop/checkout-7d9f8b6c5-x2kqp\n"
    "8m          Warning   Unhealthy   pod/checkout-7d9f8b6c5-m8zwt           "
    "Readiness probe failed: HTTP probe failed with statuscode: 503"
)
LOGS = (
    "2026-11-30T12:10:02Z INFO  [cart] GET /cart/items 200 12ms\n"
    "2026-11-30T12:10:03Z ERROR [promo] failed to evaluate rule set 'black-friday': "
    "NullPointerException at RuleEngine.java:214"
)
SERIES = json.dumps(
    {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [
                {"metric": {"namespace": "payments", "deployment": "payment-api"}, "value": [1796034000, "0.004"]},
                {"metric": {"namespace": "payments-stg", "deployment": "payment-api"}, "value": [1796034000, "0.31"]},
            ],
        },
    }
)
PODS = (
    "NAMESPACE     NAME                                READY   STATUS             RESTARTS        AGE\n"
    "payments      payment-api-6c8d9f7b4-7hj2k         1/1     Running            0               3d4h\n"
    "payments-stg  payment-api-6c8d9f7b4-pz8rt         0/1     CrashLoopBackOff   31 (4m ago)     6h12m"
)
LOGFMT = (
    "ts=2026-11-30T12:10:02Z level=info service=inventory msg=\"stock synced\"\n"
    "ts=2026-11-30T12:10:03Z level=error service=pricing msg=\"upstream timeout after 3000ms\""
)

# (attack, honest twin, output, excerpt the claim quotes)
CASES = [
    ("checkout-7d9f8b6c5-x2kqp 的 readiness 探针失败，返回 503",
     "checkout-7d9f8b6c5-m8zwt 的 readiness 探针失败，返回 503",
     EVENTS, "pod/checkout-7d9f8b6c5-m8zwt           Readiness probe failed: HTTP probe failed with statuscode: 503"),
    ("cart 服务在计算规则集 black-friday 时抛出 NullPointerException",
     "promo 服务在计算规则集 black-friday 时抛出 NullPointerException",
     LOGS, "[promo] failed to evaluate rule set 'black-friday': NullPointerException"),
    ("payments 命名空间的 payment-api 5xx 错误率为 0.31", "payments-stg 命名空间的 payment-api 5xx 错误率为 0.31",
     SERIES, "0.31"),
    ("payments 命名空间中 payment-api 处于 CrashLoopBackOff，已重启 31 次",
     "payments-stg 命名空间中 payment-api 处于 CrashLoopBackOff，已重启 31 次",
     PODS, "payments-stg  payment-api-6c8d9f7b4-pz8rt         0/1     CrashLoopBackOff   31"),
    ("inventory 服务调用上游超时（3000ms）", "pricing 服务调用上游超时（3000ms）",
     LOGFMT, 'level=error service=pricing msg="upstream timeout after 3000ms"'),
]


RATIO_QUERY = {"query": 'sum by (namespace) (rate(http_requests_total{code=~"5.."}[5m])) / sum by (namespace) '
               '(rate(http_requests_total[5m]))'}


@pytest.mark.parametrize(("attack", "honest", "output", "excerpt"), CASES)
def test_a_quote_about_another_subject_is_contradicted(attack, honest, output, excerpt):
    kw = {"tool": "query_metrics", "source_type": "metric", "arguments": RATIO_QUERY} if output is SERIES else {}
    assert_soft(
        session(attack, excerpt, output, **kw), "other_subject", "contradicted", session(honest, excerpt, output, **kw)
    )


@pytest.mark.parametrize(
    ("claim", "output", "excerpt"),
    [
        # both subjects named: the claim may speak of either
        ("x2kqp 已调度，checkout-7d9f8b6c5-m8zwt 的 readiness 探针失败", EVENTS,
         "pod/checkout-7d9f8b6c5-m8zwt           Readiness probe failed"),
        # the deployment named over its pod's row: the pod is an instance of it
        ("checkout 的 pod 出现 readiness 探针失败（503）", EVENTS,
         "pod/checkout-7d9f8b6c5-m8zwt           Readiness probe failed: HTTP probe failed with statuscode: 503"),
        # a log level in brackets is no subject
        ("promo 服务报错 NullPointerException", LOGS.replace("ERROR [promo]", "[error] [promo]"),
         "[error] [promo] failed to evaluate rule set"),
    ],
)
def test_quotes_that_hold_the_named_subject_pass(claim, output, excerpt):
    record = verify_session(session(claim, excerpt, output))
    assert record.verdict == "PASS", record.rationale
