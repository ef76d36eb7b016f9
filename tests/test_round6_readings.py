"""Figures the sixth audit found read wrongly (issue 9), each class with its honest form and an attack.

- a figure the claim restates in another unit ("0.85 核（850m）", "42.5 次/秒，约合每分钟 2550 次");
- a count written per minute over a `rate()` query, whose values are per second;
- a cell under a table header that names its unit (iostat's "wkB/s");
- a percent field's value rounded ("active_shards_percent_as_number": 94.66 as "约 94.7%");
- a figure written as a bound ("不到 4%");
- a share the answer works out of its own figures;
- a time zone an earlier sentence of the answer names;
- 都 / 均 over the subjects a claim lists;
- a metrics query that only divides two metric names.
Each is a hard reading (the number floor, spec §7-§8) except the last two, which are soft.
"""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import session

from groundcheck.programs.core.number_bounds import bound_of
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.restated_units import restates_a_located_figure
from groundcheck.programs.text.column_units import column_figures
from groundcheck.programs.text.query_meaning import metric_words, per_second_query, query_units
from groundcheck.programs.text.tokens import extract_mentions
from groundcheck.programs.text.wording import enumerated_scope, search_scope


def _vector(value: str, metric: dict[str, str] | None = None) -> str:
    return json.dumps({"status": "success", "data": {"resultType": "vector", "result": [
        {"metric": metric or {}, "value": [1796034000, value]}]}})


def _record(claim: str, excerpt: str, output: str, query: str | None = None, **kw):
    if query:
        kw.update(arguments={"query": query}, tool="query_metrics", source_type="metric")
    return verify_session(session(claim, excerpt, output, **kw))


def _claim_class(record) -> str:
    return record.claim_checks[0].verification


CPU = 'sum(rate(container_cpu_usage_seconds_total{pod="embed-svc-7c6d5b4f9-lk2pq"}[5m]))'
REQUESTS = 'sum(rate(http_requests_total{service="gateway",route="/api/v1/orders"}[5m]))'
NETWORK = 'rate(node_network_transmit_bytes_total{instance="ip-10-0-9-3:9100",device="eth0"}[5m])'


@pytest.mark.parametrize(
    ("claim", "excerpt", "value", "query", "honest"),
    [
        ("embed-svc 当前 CPU 使用约 0.85 核（850m）", "0.85", "0.85", CPU, True),
        ("embed-svc 当前 CPU 使用约 0.85 核（950m）", "0.85", "0.85", CPU, False),
        ("下单接口请求速率约 42.5 次/秒，约合每分钟 2550 次", "42.5", "42.5", REQUESTS, True),
        ("下单接口请求速率约 42.5 次/秒，约合每分钟 3550 次", "42.5", "42.5", REQUESTS, False),
        ("eth0 出向流量约 125 MB/s，即约 1 Gbps", "125000000", "125000000", NETWORK, True),
    ],
)
def test_a_figure_restated_in_another_unit_follows_from_the_one_it_converts(claim, excerpt, value, query, honest):
    record = _record(claim, excerpt, _vector(value), query)
    assert (_claim_class(record) == "direct_observation") is honest, record.claim_checks[0].detail
    if not honest:
        assert "no tool output contains or implies" in record.claim_checks[0].detail


def test_bits_and_bytes_restate_each_other_by_eight():
    def restated(text: str) -> list[bool]:
        return [restates_a_located_figure(text, n, lambda other: True) for n in extract_mentions(text).numbers]

    assert restated("eth0 出向流量约 125 MB/s，即约 1 Gbps") == [True, True]
    assert restated("写入 30 MB/s，约 240 Mbps") == [True, True]
    assert restated("eth0 出向流量约 125 MB/s，即约 2 Gbps") == [False, False]
    assert restated("内存 2 GiB（2048Mi）") == [True, True]
    assert restated("耗时 1.5 秒（1500ms）") == [True, True]
    assert restated("耗时 1.5 秒（1600ms）") == [False, False]


def test_a_restatement_needs_the_figure_it_converts_in_the_trace():
    claim = "CPU 使用约 0.62 核（620m）"  # consistent with itself, but the output holds 0.85
    record = _record(claim, "0.85", _vector("0.85"), CPU)
    assert _claim_class(record) == "contradicted"


def test_restatements_are_read_only_within_a_sentence():
    text = "请求速率 42.5 次/秒。每分钟 2550 次"
    numbers = extract_mentions(text).numbers
    assert not any(restates_a_located_figure(text, n, lambda o: True) for n in numbers)


@pytest.mark.parametrize(
    ("claim", "honest"),
    [
        ("下单接口当前请求量约每分钟 2550 次", True),
        ("下单接口当前请求量约每分钟 42.5 次", False),  # the per-second figure read per minute
        ("下单接口当前请求量约每秒 42.5 次", True),
    ],
)
def test_a_count_written_per_minute_over_a_rate_query_is_the_rate_times_sixty(claim, honest):
    record = _record(claim, "42.5", _vector("42.5"), REQUESTS)
    assert (_claim_class(record) == "direct_observation") is honest, record.claim_checks[0].detail


def test_a_rate_query_is_per_second_unless_scaled_divided_or_an_increase():
    assert per_second_query({"query": REQUESTS})
    assert not per_second_query({"query": f"{REQUESTS} * 60"})
    assert not per_second_query({"query": 'sum(increase(http_requests_total{route="/a"}[1m]))'})
    assert not per_second_query({"query": "sum(rate(a_total[5m])) / sum(rate(b_total[5m]))"})


IOSTAT = """Device            r/s     w/s     rkB/s     wkB/s   r_await w_await aqu-sz  %util
nvme0n1          12.0  3410.0     96.0  218240.0    0.41   38.72  132.10  99.80
nvme1n1           3.0    20.0     24.0     160.0    0.30    0.52    0.01   1.20
"""
NVME0 = "nvme0n1          12.0  3410.0     96.0  218240.0    0.41   38.72  132.10  99.80"


@pytest.mark.parametrize(
    ("claim", "honest"),
    [
        ("nvme0n1 每秒写入约 213 MiB", True),  # 218240 KiB
        ("nvme0n1 每秒写入约 218 MB", True),  # 218240 kB
        ("nvme0n1 每秒写入约 300 MB", False),
        ("nvme0n1 每秒写入约 96 MB", False),  # the rkB/s cell, read in the wrong unit
    ],
)
def test_a_cell_under_a_header_naming_its_unit_is_read_in_that_unit(claim, honest):
    record = _record(claim, NVME0, IOSTAT, tool="ssh", source_type="log", arguments={"cmd": "iostat -x 1 1"})
    assert (_claim_class(record) != "contradicted") is honest, record.claim_checks[0].detail


def test_column_units_read_only_headed_columns_with_a_unit():
    figures = column_figures(IOSTAT.lower())
    # rkb/s and wkb/s, and r_await / w_await in ms (iostat's waits); never r/s, w/s, aqu-sz or %util
    assert {f.text for f in figures} == {"96.0", "218240.0", "24.0", "160.0", "0.41", "38.72", "0.30", "0.52"}
    assert {f.kind for f in figures if f.text == "38.72"} == {"seconds"}
    assert column_figures("name  pods  ops\nweb 3 12") == []  # "pods" and "ops" name no unit
    seconds = column_figures("query  avg_ms  p99(ms)\nselect 12.5 40")
    assert [(f.kind, round(f.value, 4)) for f in seconds] == [("seconds", 0.0125), ("seconds", 0.04)]


ES_HEALTH = '{"cluster_name":"logs-es","status":"yellow","active_shards_percent_as_number":94.6601941747573}'


@pytest.mark.parametrize(("claim", "honest"), [("活跃分片占比约 94.7%", True), ("活跃分片占比约 95.7%", False)])
def test_a_percent_fields_value_may_be_rounded(claim, honest):
    record = _record(claim, '"active_shards_percent_as_number":94.6601941747573', ES_HEALTH, tool="http_get")
    assert (_claim_class(record) == "direct_observation") is honest, record.claim_checks[0].detail


MEMORY_SHARE = "node_memory_MemAvailable_bytes / node_memory_MemTotal_bytes"


@pytest.mark.parametrize(
    ("claim", "honest"),
    [
        ("10.0.4.12 可用内存比例不到 4%", True),  # 3.75%
        ("10.0.4.12 可用内存比例不到 3%", False),
        ("10.0.4.12 可用内存比例不到 90%", False),  # true, but no reading of the bound
        ("10.0.4.12 可用内存比例超过 3%", True),
        ("10.0.4.12 可用内存比例超过 5%", False),
    ],
)
def test_a_figure_written_as_a_bound_holds_a_cited_value_near_it(claim, honest):
    record = _record(claim, '"0.0375"', _vector("0.0375", {"instance": "10.0.4.12:9100"}), MEMORY_SHARE)
    assert (_claim_class(record) == "direct_observation") is honest, record.claim_checks[0].detail


def test_a_bound_stands_for_one_step_of_its_last_significant_digit():
    def bound(text: str):
        return bound_of(text, extract_mentions(text).numbers[0])

    assert bound("报错超过 200 次")[:3] == (200.0, 300.0, True)  # more than 200: not 200 itself
    assert bound("延迟在 5 秒以内")[:2] == (4.0, 5.0) and not bound("延迟在 5 秒以内").strict_high
    assert bound("活跃连接不到 50 个").strict_high  # less than 50: not 50 itself
    assert bound("超过 1000ms 超时设置") is None  # the limit's own value, no bound
    assert bound("延迟不到 1.2 秒")[1] == 1.2
    assert bound("错误率 4%") is None


GIB = 1024**3


def _memory_answer(answer: str) -> list[str]:
    total = {
        "invocation_id": "call_t", "trace_ref": "trace:00000000000000b2", "tool_name": "query_metrics",
        "arguments": {"query": 'node_memory_MemTotal_bytes{instance="10.0.4.12:9100"}'}, "status": "ok",
        "output": _vector(str(32 * GIB)),
    }
    binding = {"source_type": "metric", "source_id": "call_t", "tool_name": "query_metrics",
               "source_invocation_ids": ["call_t"], "evidence_excerpt": str(32 * GIB)}
    s = session(
        "10.0.4.12 可用内存约 1.2 GiB", "1288490188", _vector("1288490188"), tool="query_metrics",
        source_type="metric", arguments={"query": 'node_memory_MemAvailable_bytes{instance="10.0.4.12:9100"}'},
        answer=answer, extra_calls=[total],
    )
    contract = json.loads(s["executor_final_answer"])
    contract["claims"].append({"claim_id": "c2", "claim_type": "symptom", "claim_text": "该节点总内存 32 GiB",
                               "support_level": "direct", "evidence_bindings": [binding]})
    s["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    record = verify_session(s)
    return [f.fact for f in record.facts_checked if f.source == "user_facing_answer"
            and f.classification in ("no_evidence", "contradicted")] + [
        f.detail for f in record.gatekeeper_result.findings if f.rule == "answer.unbacked_entity"]


def test_an_answer_may_work_out_a_share_of_its_own_figures():
    assert _memory_answer("内存很紧张：总共 32 GiB，可用只剩约 1.2 GiB，不到 4%。") == []
    assert _memory_answer("内存很紧张：总共 32 GiB，可用只剩约 1.2 GiB，约 3.8%。") == []
    assert _memory_answer("内存很紧张：总共 32 GiB，可用只剩约 1.2 GiB，不到 2%。") != []
    assert _memory_answer("内存很紧张：总共 32 GiB，可用只剩约 1.2 GiB，约 12%。") != []


SERIES = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
    "metric": {}, "values": [[1796018400, "131072000"], [1796018520, "524288000"], [1796018580, "498073600"]]}]}})


def _network_answer(answer: str) -> list[str]:
    claim = "transcoder 的出网流量从 06:00 UTC 的 125 MiB/s 上升到 06:02 的 500 MiB/s"
    s = session(claim, '[1796018520, "524288000"]', SERIES, tool="query_metrics", source_type="metric",
                arguments={"query": "sum(rate(container_network_transmit_bytes_total[5m]))"}, answer=answer)
    record = verify_session(s)
    return [f.fact for f in record.facts_checked if f.source == "user_facing_answer"
            and f.classification in ("no_evidence", "contradicted")]


def test_a_zone_an_earlier_sentence_of_the_answer_names_governs_its_later_clocks():
    assert _network_answer("北京时间 14:00 到 14:02 从 125 MiB/s 涨到 500 MiB/s；14:03 略降到约 475 MiB/s。") == []
    assert _network_answer("北京时间 14:00 到 14:02 从 125 MiB/s 涨到 500 MiB/s；14:09 略降到约 475 MiB/s。") != []


@pytest.mark.parametrize(
    ("text", "enumerated"),
    [
        ("db-replica-2 的 IO 线程和 SQL 线程都在运行", True),
        ("api、worker 均为 Running", True),
        ("3 个 pod 都在运行", False),
        ("所有 pod 和 node 都处于 Ready", False),  # 所有 is the scope word read first
    ],
)
def test_a_distributive_word_over_listed_subjects_claims_no_whole(text, enumerated):
    scope = search_scope(text)
    assert scope is not None and enumerated_scope(text, scope) is enumerated


def test_two_listed_subjects_both_shown_running_pass():
    output = "             Slave_IO_Running: Yes\n            Slave_SQL_Running: Yes\n"
    second = {"source_type": "log", "source_id": "call_m1", "tool_name": "mysql",
              "source_invocation_ids": ["call_m1"], "evidence_excerpt": "Slave_SQL_Running: Yes"}
    s = session("db-replica-2 的 IO 线程和 SQL 线程都在运行", "Slave_IO_Running: Yes", output, tool="mysql",
                source_type="log", arguments={"host": "db-replica-2", "sql": "SHOW SLAVE STATUS"},
                extra_bindings=[second])
    assert verify_session(s).claim_checks[0].verification == "direct_observation"


def test_a_query_dividing_two_metric_names_is_a_metrics_query():
    arguments = {"query": MEMORY_SHARE}
    assert "memory" in metric_words(arguments).split()
    assert ("all:ratio", 1.0) in query_units(arguments)  # bytes over bytes: a share


ROLLOUT = """NAME                        READY   STATUS             RESTARTS     AGE    IMAGE
ranking-64f8b7c9d-4mx2p     1/1     Running            0            6d     registry.example.com/rec/ranking:5.2.0
ranking-64f8b7c9d-9vr7k     1/1     Running            0            6d     registry.example.com/rec/ranking:5.2.0
ranking-64f8b7c9d-qq8hn     1/1     Running            0            6d     registry.example.com/rec/ranking:5.2.0
ranking-7d9c6b5f4-zk4wl     0/1     ImagePullBackOff   0            11m    registry.example.com/rec/ranking:5.3.0
"""
NEW_POD = ROLLOUT.splitlines()[4]


@pytest.mark.parametrize(
    ("claim", "honest"),
    [
        ("新版本 5.3.0 的实例 ranking-7d9c6b5f4-zk4wl 处于 ImagePullBackOff，3 个运行中的实例仍是 5.2.0", True),
        ("实例 ranking-7d9c6b5f4-zk4wl 处于 ImagePullBackOff，镜像版本仍是 5.2.0", False),  # its own row says 5.3.0
        ("新版本的实例 ranking-7d9c6b5f4-zk4wl 处于 ImagePullBackOff，2 个运行中的实例仍是 5.2.0", False),
    ],
)
def test_a_figure_said_of_a_count_of_other_rows_is_theirs(claim, honest):
    record = _record(claim, NEW_POD, ROLLOUT, tool="kubectl", arguments={"args": "get pods -n rec -l app=ranking"})
    assert (_claim_class(record) != "contradicted") is honest, record.claim_checks[0].detail


@pytest.mark.parametrize(
    ("claim", "excerpt", "output", "arguments"),
    [
        # kubectl's Unhealthy event is a probe's failure
        ("ocr-worker 的探针不健康事件出现 3 次", "3      Unhealthy          pod/ocr-worker-7b6c-4k2mv",
         "COUNT  REASON             OBJECT\n57     BackOff            pod/ocr-worker-7b6c-4k2mv\n"
         "3      Unhealthy          pod/ocr-worker-7b6c-4k2mv\n", {"args": "get events -n ocr"}),
        # a Kafka partition's leader and ISR are brokers
        ("orders 的 1 号分区 ISR 缺少 broker 3", "Partition: 1\tLeader: 2\tReplicas: 2,3,1\tIsr: 2,1",
         "Topic: orders\tPartition: 1\tLeader: 2\tReplicas: 2,3,1\tIsr: 2,1\n", {"cmd": "kafka-topics.sh --describe"}),
        # "no object matching key" is a lookup that found nothing
        ("ingress-nginx 找不到 shop/shop-tls，改用默认证书", 'no object matching key "shop/shop-tls" in local store',
         'W1130 06:30:11.204113 backend_ssl.go:47] Error obtaining X.509 certificate: no object matching key '
         '"shop/shop-tls" in local store\nW1130 06:30:11.204201 controller.go:1387] Using default certificate\n',
         {"args": "logs -n ingress-nginx deploy/ingress-nginx-controller"}),
        # a pod of a listing is one replica of its workload
        ("coredns-5d78c9869d-8xk2m 未就绪，另一个副本 coredns-5d78c9869d-tq9vn 正常就绪",
         "coredns-5d78c9869d-tq9vn   1/1     Running   0",
         "NAME                       READY   STATUS    RESTARTS   AGE\ncoredns-5d78c9869d-8xk2m   0/1     Running   4"
         "          12d\ncoredns-5d78c9869d-tq9vn   1/1     Running   0          12d\n",
         {"args": "get pods -n kube-system -l k8s-app=kube-dns"}),
    ],
)
def test_the_glossary_reads_what_these_outputs_show_in_other_words(claim, excerpt, output, arguments):
    record = _record(claim, excerpt, output, tool="kubectl", arguments=arguments)
    assert _claim_class(record) == "direct_observation", record.claim_checks[0].detail


def test_a_sidecar_is_what_an_istio_proxy_container_is():
    output = "Containers:\n  orders:\n    Restart Count:  0\n  istio-proxy:\n    Last State:     Terminated\n" \
             "      Reason:       OOMKilled\n    Restart Count:  3\n"
    record = _record("sidecar 容器 istio-proxy 因 OOMKilled 重启 3 次", "Restart Count:  3", output, tool="kubectl",
                     arguments={"args": "describe pod orders-5c9d7f6b8-hq2zv -n shop"})
    assert _claim_class(record) == "direct_observation", record.claim_checks[0].detail
    plain = output.replace("istio-proxy", "metrics-agent")
    record = _record("sidecar 容器 metrics-agent 因 OOMKilled 重启 3 次", "Restart Count:  3", plain, tool="kubectl",
                     arguments={"args": "describe pod orders-5c9d7f6b8-hq2zv -n shop"})
    assert _claim_class(record) != "direct_observation"  # nothing there says it is a sidecar
