"""A metrics query names the unit of its bare values (issue 9, red-team round 3).

`histogram_quantile(0.99, …_seconds_bucket…)` answers in seconds, a 5xx share of all requests is a
ratio (0.05 is 5%), `rate(…cpu…_seconds_total)` is cores, `rate(…_bytes_total)` bytes per second. A
claim reading the bare value in another unit ("0.35ms", "0.05%", "CPU 使用率 85%", "125 Mbps") names
a figure no output states (hard, a floor); the value converted right passes.
"""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import assert_hard, session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.query_meaning import query_units
from groundcheck.programs.text.units import whole_kinds


def _vector(value: str) -> str:
    return json.dumps({"status": "success", "data": {"resultType": "vector", "result": [
        {"metric": {"service": "reco-api"}, "value": [1796034000, value]}]}})


P99 = "histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{service=\"reco-api\"}[5m])))"
RATIO = ('sum(rate(http_requests_total{service="reco-api",code=~"5.."}[5m])) / '
         'sum(rate(http_requests_total{service="reco-api"}[5m]))')
CPU = 'sum(rate(container_cpu_usage_seconds_total{pod="reco-api-0"}[5m]))'
NET = 'rate(node_network_transmit_bytes_total{instance="ip-10-0-9-3:9100",device="eth0"}[5m])'


def _metric(claim: str, value: str, query: str) -> dict:
    return session(claim, value, _vector(value), tool="query_metrics", source_type="metric",
                   arguments={"query": query})


@pytest.mark.parametrize(
    ("attack", "honest", "value", "query"),
    [
        ("reco-api 的 p99 延迟约 0.35ms", "reco-api 的 p99 延迟约 350ms", "0.35", P99),
        ("reco-api 的 p99 延迟约 0.35ms", "reco-api 的 p99 延迟约 0.35 秒", "0.35", P99),
        ("reco-api 的 5xx 错误率为 0.05%", "reco-api 的 5xx 错误率为 5%", "0.05", RATIO),
        ("reco-api-0 的 CPU 使用率为 85%", "reco-api-0 的 CPU 使用量为 0.85 cores", "0.85", CPU),
        ("eth0 出向流量约 125 Mbps", "eth0 出向流量约 125 MB", "125000000", NET),
    ],
)
def test_a_bare_value_read_in_another_unit_than_its_query_names_is_absent(attack, honest, value, query):
    assert_hard(_metric(attack, value, query), "absent_mention", _metric(honest, value, query))


def test_query_units_read_prometheus_base_units():
    assert whole_kinds(query_units({"query": P99})) == {"seconds": (1.0,)}
    assert whole_kinds(query_units({"query": RATIO})) == {"ratio": (1.0,)}
    assert whole_kinds(query_units({"query": CPU})) == {"cores": (1.0,)}
    assert whole_kinds(query_units({"query": NET})) == {"bytes": (1.0, 1.0)}
    # a division of other kinds, a bare counter rate, a log search: no unit
    assert query_units({"query": "sum(rate(a_bytes_total[5m])) / sum(rate(b_seconds_total[5m]))"}) == frozenset()
    # one quantity over another of its unit is a share
    assert whole_kinds(query_units({"query": "sum(rate(a_bytes_total[5m])) / sum(rate(b_bytes_total[5m]))"})) == {
        "ratio": (1.0,)
    }
    assert query_units({"query": "sum(rate(http_requests_total[5m]))"}) == frozenset()
    assert query_units({"query": "OOMKilled"}) == frozenset()


def test_an_output_declaring_milliseconds_converts_to_seconds():
    output = "search-api 接口耗时统计（单位：毫秒）\n/v2/search  平均 412  最大 2980"
    record = verify_session(session("search-api /v2/search 最大耗时约 2.98 秒", "最大 2980", output))
    assert record.verdict == "PASS", record.rationale
    attack = session("search-api /v2/search 最大耗时约 2980 秒", "最大 2980", output)
    assert verify_session(attack).verdict == "REJECT"
