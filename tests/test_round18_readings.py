"""What an eighteenth look found (issue 9): figures whose unit the output's layout settles, each class with
its honest form and the misreading it must catch. A figure no output holds in the claim's unit is a hard
fact (spec §8, `absent_mention`): no model lifts it."""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import checked, ok_call, session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.query_meaning import command_words
from groundcheck.programs.text.table_header import header_over
from groundcheck.programs.text.tokens import extract_mentions, iter_numbers, m_reads_as

DESCRIBE = (
    "Name: api-7d9f\nContainers:\n  api:\n    Limits:\n      cpu:     500m\n      memory:  512Mi\n"
    "    Requests:\n      cpu:     100m\n      memory:  256Mi\n"
)
TOP_PODS = (
    "NAME                      CPU(cores)   MEMORY(bytes)\n"
    "api-7d9f-x2                117m         1387Mi\n"
    "worker-5c-abc              42m          619Mi\n"
)
TOP_NODES = (
    "NAME           CPU(cores)   CPU%   MEMORY(bytes)   MEMORY%\n"
    "node-1         117m         0%     1387Mi          1%\n"
)


@pytest.mark.parametrize(("claim", "excerpt", "output", "honest"), [
    ("api 容器的 CPU 请求为 100m", "cpu:     100m", DESCRIBE, True),
    ("api 容器的 CPU 请求为 0.1 核", "cpu:     100m", DESCRIBE, True),
    ("api 容器的内存限制为 512Mi", "memory:  512Mi", DESCRIBE, True),
    ("api 容器的内存请求为 100MB", "cpu:     100m", DESCRIBE, False),  # 100 millicores, not 100 MB
    ("api 容器的内存限制为 500MB", "cpu:     500m", DESCRIBE, False),
    ("api-7d9f-x2 的 CPU 使用为 117m", "api-7d9f-x2                117m         1387Mi", TOP_PODS, True),
    ("api-7d9f-x2 的 CPU 使用约 0.12 核", "api-7d9f-x2                117m         1387Mi", TOP_PODS, True),
    ("api-7d9f-x2 的内存使用为 1387Mi", "api-7d9f-x2                117m         1387Mi", TOP_PODS, True),
    ("api-7d9f-x2 的内存使用为 117MB", "api-7d9f-x2                117m         1387Mi", TOP_PODS, False),
    ("worker-5c-abc 内存只有 42MB", "worker-5c-abc              42m          619Mi", TOP_PODS, False),
    ("node-1 内存用量 117MB", "node-1         117m         0%     1387Mi          1%", TOP_NODES, False),
])
def test_millicores_are_no_megabytes(claim: str, excerpt: str, output: str, honest: bool) -> None:
    verification, detail = checked(claim, excerpt, output, tool="kubectl_describe")
    if honest:
        assert verification == "direct_observation", detail
    else:
        assert verification == "contradicted" and "no tool output contains" in detail, detail


TOP_THEN_LOG = "name  cpu(cores)  memory(bytes)\npod-a  117m  300mi\n\nlog: waited 117m"


@pytest.mark.parametrize(("text", "start", "reading"), [
    ("cpu:     100m", 9, "cores"),
    ('{"cpu": "250m", "memory": "128m"}', 9, "cores"),
    ('{"cpu": "250m", "memory": "128m"}', 27, "bytes"),
    ("java -xmx512m -jar app.jar", 9, ""),  # the JVM's megabytes: no key says, any reading stands
    ("took 5m to drain", 5, ""),
    (TOP_THEN_LOG, TOP_THEN_LOG.find("117m"), "cores"),
    (TOP_THEN_LOG, TOP_THEN_LOG.rfind("117m"), ""),  # a log line after the table: no cell of it
])
def test_an_m_is_read_by_its_key_or_column(text: str, start: int, reading: str) -> None:
    assert text[start].isdigit()
    assert m_reads_as(text, start) == reading


def test_a_blank_line_ends_the_cpu_column() -> None:
    kinds = [n.kind for n in iter_numbers(TOP_THEN_LOG, 20) if n.text == "117m"]
    assert kinds == ["cores", "bytes"]


GET_PODS = (
    "NAME                        READY   STATUS    RESTARTS   AGE\n"
    "checkout-6f7c9d-2xk8q       1/1     Running   0          42m\n"
    "checkout-6f7c9d-9pq3r       1/1     Running   0          7d\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("checkout-6f7c9d-2xk8q 已运行 42 分钟", True),
    ("checkout-6f7c9d-2xk8q 已运行 42m", True),
    ("checkout-6f7c9d-2xk8q 占用内存 42MB", False),  # 42 minutes old, no 42 MB
])
def test_minutes_under_age_are_no_megabytes(claim: str, honest: bool) -> None:
    excerpt = "checkout-6f7c9d-2xk8q       1/1     Running   0          42m"
    verification, detail = checked(claim, excerpt, GET_PODS, tool="kubectl_get_pods")
    assert (verification == "direct_observation") is honest, detail


KEYED = "2026-11-28T14:03:00 svc=order replicas=1 p99_ms=820 p50_ms=320 errors=2 error_rate=0.05\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("订单服务 P99 为 820ms", True),
    ("订单服务 P99 为 0.82 秒", True),
    ("订单服务 P99 比 P50 高 500ms", True),  # a difference of two keyed figures, in their unit
    ("订单服务 P99 为 820 秒", False),  # 820 over 1 or 820 − 0.05: the key says ms
    ("订单服务 P99 为 410 秒", False),  # 820 over errors=2: no seconds either
    ("订单服务 P99 比 P50 高 500 秒", False),
])
def test_a_figure_under_a_key_naming_its_unit_keeps_it(claim: str, honest: bool) -> None:
    verification, detail = checked(claim, "p99_ms=820 p50_ms=320", KEYED, tool="query_metrics")
    if honest:
        assert verification == "direct_observation", detail
    else:
        assert verification == "contradicted" and "no tool output contains" in detail, detail


def test_a_keyed_figure_is_read_in_its_unit() -> None:
    numbers = {n.text: n for n in iter_numbers("# query_time: 12.503118  lock_time: 0.000050 rows_sent: 3", 10)}
    assert numbers["12.503118"].kind == "seconds" and numbers["0.000050"].kind == "seconds"
    assert numbers["3"].kind == "plain"
    assert iter_numbers("size_kb=512", 5)[0].value == 512_000


@pytest.mark.parametrize(("claim", "honest"), [
    ("磁盘总量 100G，已用 99.95G，差 0.05G", True),  # a difference with a small operand stays one
    ("请求延迟为 820 秒", False),  # 820 − 0.05 (the 820 in ms): an operand within the claim's precision of 0 is none
])
def test_a_difference_needs_two_real_operands(claim: str, honest: bool) -> None:
    output = "disk_total=100G disk_used=99.95G\n# unit: ms\nlatency 820 jitter 0.05\n"
    excerpt = "disk_total=100G disk_used=99.95G" if honest else "latency 820 jitter 0.05"
    verification, detail = checked(claim, excerpt, output, tool="query_metrics")
    assert (verification == "direct_observation") is honest, detail


DECLARED_MS = "# unit: ms\nlatency 820\nreplicas 1\nretries 2\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("请求延迟为 0.82 秒", True),
    ("请求延迟为 820ms", True),
    ("请求延迟为 820 秒", False),  # 0.82 s over 0.001 s (a ratio), or 820 over replicas=1 (the value itself)
    ("请求延迟为 410 秒", False),  # 0.82 s over 0.002 s: two like quantities give no seconds
])
def test_a_quotient_of_like_quantities_is_no_quantity_of_their_unit(claim: str, honest: bool) -> None:
    verification, detail = checked(claim, "latency 820", DECLARED_MS, tool="query_metrics")
    assert (verification == "direct_observation") is honest, detail


def test_a_rate_is_a_count_over_seconds() -> None:
    output = "window_seconds=60 consumed=44169\n"
    verification, detail = checked("60 秒内消费 44169 条，约每秒 736 条", "window_seconds=60 consumed=44169", output,
                                   tool="query_metrics")
    assert verification == "direct_observation", detail


DF = (
    "Filesystem      Size  Used Avail Use% Mounted on\n"
    "/dev/sda1       100G   88G   12G  88% /\n"
    "/dev/sdb1       500G  120G  380G  24% /data\n"
)
FREE = (
    "              total        used        free      shared  buff/cache   available\n"
    "Mem:          15Gi       9.8Gi       512Mi       1.1Gi       5.2Gi       4.3Gi\n"
    "Swap:        2.0Gi       1.9Gi       100Mi\n"
)


@pytest.mark.parametrize(("claim", "row", "output", "honest"), [
    ("磁盘已用 88G，剩余 12G", 1, DF, True),
    ("/dev/sda1 总容量 100G，已用 88G", 1, DF, True),
    ("/data 已用 120G，可用 380G", 2, DF, True),
    ("内存已用 9.8Gi，可用 4.3Gi", 1, FREE, True),  # a row label with no header: columns by alignment
    ("Swap 已用 1.9Gi，总量 2.0Gi", 2, FREE, True),
    ("磁盘已用 12G，剩余 88G", 1, DF, False),  # used and free swapped
    ("/data 剩余 120G", 2, DF, False),
    ("Swap 剩余 1.9Gi", 2, FREE, False),
])
def test_a_figure_takes_the_role_of_its_column(claim: str, row: int, output: str, honest: bool) -> None:
    verification, detail = checked(claim, output.splitlines()[row], output, tool="query_metrics")
    if honest:
        assert verification == "direct_observation", detail
    else:
        assert verification == "contradicted" and "labels" in detail, detail


@pytest.mark.parametrize(("text", "cell", "header"), [
    (DF, "12G", "Avail"),
    (DF, "380G", "Avail"),
    (FREE, "512Mi", "free"),
    (FREE, "100Mi", "free"),
    ("NAME\tREADY\tAGE\npod-a\t1/1\t5m\n", "5m", "AGE"),  # tabs: by place, as many fields
    ("a b c\n1 2 3\n\nx 9 9\n", "9", ""),  # a blank line ends the table
])
def test_the_header_over_a_cell(text: str, cell: str, header: str) -> None:
    assert header_over(text, text.index(" " + cell if " " + cell in text else "\t" + cell) + 1)[0] == header


CONNS = "14:00 conns=120\n14:05 conns=950\n14:10 conns=300\n"
CONN_ROWS = ["14:00 conns=120", "14:05 conns=950", "14:10 conns=300"]


@pytest.mark.parametrize(("claim", "honest"), [
    ("连接数从 120 升到 950", True),
    ("连接数从 950 回落到 300", True),
    ("连接数先升到 950 后回落到 300", True),
    ("连接数在 14:05 之后回落到 300", True),
    ("14:05 之前连接数只有 120", True),
    ("连接数从 950 降到 120", False),  # 120 is at 14:00, before the 950
    ("连接数从 300 升到 950", False),
    ("连接数从 950 降到 120 后又升到 300", False),
    ("连接数在 14:05 之后回落到 120", False),  # 120 only before 14:05
    ("14:05 之前连接数为 300", False),  # 300 only after
])
def test_a_course_runs_with_the_series_time(claim: str, honest: bool) -> None:
    verification, detail = checked(claim, CONN_ROWS, CONNS, tool="query_metrics")
    if honest:
        assert verification == "direct_observation", detail
    else:
        assert verification == "contradicted" and "cited series" in detail, detail


def test_a_course_past_midnight_reads_no_order() -> None:
    points = [["23:45", 72.3], ["00:15", 97.2]]
    output = {"metric": "disk_used_percent", "mount": "/data", "unit": "%", "points": points}
    claim = "/data 使用率从 23:45 的 72.3% 升至 00:15 的 97.2%"
    verification, detail = checked(claim, '["23:45", 72.3], ["00:15", 97.2]', output, tool="query_metrics")
    assert verification == "direct_observation", detail


def test_small_figures_stand_in_too_many_lines_for_an_order() -> None:
    output = "14:00 restarts=3 pod=a\n14:05 exit_code=0 pod=a\n"
    _, detail = checked("重启次数从 0 增加到 3", ["14:00 restarts=3 pod=a"], output, tool="query_logs")
    assert "cited series" not in detail and not detail.startswith("not verified"), detail  # (read, not failed)


def _frame(values: list[int]) -> dict[str, object]:
    """A Grafana data frame: a time column of epoch milliseconds beside a value column."""
    times = [1795780800000 + 300_000 * k for k in range(len(values))]  # 2026-11-27 12:00Z (20:00 Beijing) on
    return {"results": {"A": {"frames": [{"schema": {"name": "gw-03"}, "data": {"values": [times, values]}}]}}}


@pytest.mark.parametrize(("claim", "honest"), [
    ("gw-03 在 20:10 为 167301", True),  # a later element of the frame's time column
    ("gw-03 在 20:25 为 167301", False),  # no point at 20:25
])
def test_every_time_of_a_frame_is_a_time(claim: str, honest: bool) -> None:
    output = _frame([151220, 158934, 167301, 179842])
    verification, detail = checked(claim, "167301", output, tool="query_metrics")
    assert (verification == "direct_observation") is honest, detail


def test_promtool_points_carry_their_time() -> None:
    output = "mem{pod=\"w\"} =>\n422156698 @[1795822800]\n512019661 @[1795823400]\n"
    numbers = iter_numbers(output, 10)
    assert [n.text for n in numbers if n.kind == "clock"] == ["23:40:00", "23:50:00"]  # UTC
    verification, detail = checked("07:50 的值为 512019661 字节", "512019661 @[1795823400]", output,
                                   tool="query_metrics")
    assert verification == "direct_observation", detail


def test_a_beijing_clock_of_an_uncited_output_is_outside_the_cited() -> None:
    series = {"status": "success", "data": {"resultType": "matrix", "result": [
        {"metric": {"instance": "r2"}, "values": [[1795760400, "848"], [1795762200, "2648"]]}]}}
    extra = ok_call("call_lag", "query_metrics", {"query": "lag"}, series)
    s = session("14:20 到 14:50 的回放一直在 applying batch", "applying batch", "applying batch of row changes",
                extra_calls=[extra])
    contract = json.loads(s["executor_final_answer"])
    contract["claims"][0]["support_level"] = "indirect"
    s["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    check = verify_session(s).claim_checks[0]
    assert check.verification == "reasonable_inference", check.detail


@pytest.mark.parametrize(("text", "entities", "numbers"), [
    ("杀掉 python3：2026-11-27 14:07:42", ("python3:2026-11-27",), ["14:07:42"]),  # located as a name and its day
    ("镜像 app:v1.2", ("app:v1.2",), []),
    ("2026-11-28 08:52:16（+0800）", ("2026-11-28 08:52:16",), ["+0800"]),  # a zone is located like a figure
    ("延迟 +800ms", (), ["+800ms"]),
    ("约 1007.0、1015.5、1015.7 MiB", (), ["1007.0mib", "1015.5mib", "1015.7mib"]),
    ("分别为 35、41 和 38 ms", (), ["35ms", "41ms", "38ms"]),
    ("重启了 3、5 次", (), ["3", "5次"]),
])
def test_what_a_claim_names(text: str, entities: tuple[str, ...], numbers: list[str]) -> None:
    mentions = extract_mentions(text)
    assert mentions.entities == entities
    assert [n.text for n in mentions.numbers] == numbers


def test_a_list_shares_its_unit_so_the_unit_is_checked() -> None:
    output = "# unit: seconds\nworker-1 35\nworker-2 41\nworker-3 38\n"
    verification, detail = checked("三个 worker 分别为 35、41 和 38 ms", ["worker-1 35", "worker-2 41"], output)
    assert verification == "contradicted", detail  # seconds, not ms


CONNTRACK = "".join(f"cpu={k} found=0 insert_failed={v} drop={v} early_drop=0\n" for k, v in
                    enumerate([22871, 21904, 23518, 22207]))


@pytest.mark.parametrize(("claim", "honest"), [
    ("4 个 CPU 的 drop 合计 90500", True),
    ("4 个 CPU 的 drop 合计 90501", False),
    ("4 个 CPU 的 early_drop 合计 90500", False),  # the total of another key
    ("3 个 CPU 的 drop 合计 90500", False),  # four lines add up to it, not three
])
def test_a_total_of_a_key_the_claim_names(claim: str, honest: bool) -> None:
    verification, detail = checked(claim, CONNTRACK.splitlines()[:2], CONNTRACK, tool="node_exec")
    assert (verification == "direct_observation") is honest, detail


@pytest.mark.parametrize(("claim", "honest"), [
    ("gw-03 从 20:00 的 151220 持续上升，20:10 触顶 262144，之后一直停在 262144", True),
    ("gw-03 从 20:00 的 151220 持续上升，20:10 触顶 262144，之后开始逐步回落", False),  # it stays at the limit
])
def test_a_frame_is_a_series_in_utc(claim: str, honest: bool) -> None:
    output = _frame([151220, 208114, 262144, 262144, 262144])
    verification, detail = checked(claim, "[151220, 208114, 262144, 262144, 262144]", output, tool="query_metrics")
    if honest:
        assert verification == "direct_observation", detail
    else:
        assert verification == "contradicted" and "20:10" in detail, detail


AUTH = (
    "auth-service ERROR Identity provider certificate expired count=156\n"
    "auth-service ERROR Failed to retrieve sessions from redis: TimeoutError count=178\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("证书过期 156 条，redis 超时 178 条，redis 超时比证书过期多 22 条", True),
    ("证书过期 156 条，redis 超时 178 条，redis 超时比证书过期多 30 条", False),
])
def test_a_difference_of_two_things_it_named_before(claim: str, honest: bool) -> None:
    verification, detail = checked(claim, AUTH.splitlines(), AUTH)
    assert (verification == "direct_observation") is honest, detail


RELAY = "Retrieved_Gtid_Set: src:1-90221467\nExecuted_Gtid_Set: src:1-90218873\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("已拉取到 90221467，但只执行到 90218873，有 2594 个事务还未执行", True),
    ("已拉取到 90221467，但只执行到 90218873，有 2600 个事务还未执行", False),
])
def test_a_backlog_is_what_lies_between_two_positions(claim: str, honest: bool) -> None:
    verification, detail = checked(claim, RELAY.splitlines(), RELAY, tool="mysql_exec")
    assert (verification == "direct_observation") is honest, detail


NGINX = (
    "/docker-entrypoint.sh: Configuration complete; ready for start up\n"
    "10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6\n"
    "2025/07/07 05:54:40 [notice] 1#1: using the \"epoll\" event method\n"
    "2025/07/07 05:54:40 [notice] 1#1: nginx/1.29.0\n"
    "2025/07/07 05:54:40 [notice] 1#1: start worker processes\n"
)


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("nginx 自身的日志全部是 [notice] 级别", NGINX, True),  # the entrypoint's lines have no bracketed level
    ("nginx 自身的日志全部是 [notice] 级别", NGINX.replace("[notice] 1#1: start", "[warn] 1#1: start"), False),
])
def test_every_line_of_a_level(claim: str, output: str, honest: bool) -> None:
    quote = "2025/07/07 05:54:40 [notice] 1#1: using the \"epoll\" event method"
    verification, detail = checked(claim, quote, output, tool="fetch_pod_logs")
    assert (verification == "direct_observation") is honest, detail


def test_words_of_a_denied_list_are_no_words_it_adds() -> None:
    quote = "2025/07/07 05:54:40 [notice] 1#1: using the \"epoll\" event method"
    _, detail = checked("nginx 的日志里没有任何 [warn]、[crit] 或 [emerg] 记录", quote, NGINX, tool="fetch_pod_logs")
    assert "adds" not in detail and not detail.startswith("not verified"), detail  # (read, not failed)


def test_a_setting_named_after_a_failure_reports_none() -> None:
    output = "spec:\n  livenessProbe:\n    failureThreshold: 10\n    timeoutSeconds: 5\nstatus:\n  readyReplicas: 1\n"
    claim = "livenessProbe 的 failureThreshold 为 10，没有报错"
    _, detail = checked(claim, "failureThreshold: 10", output, tool="kubectl_get")
    assert "denies" not in detail and not detail.startswith("not verified"), detail  # (read, not failed)
    output_failed = output + "events:\n  - Liveness probe failed: HTTP probe failed with statuscode: 500\n"
    verification, detail = checked(claim, "failureThreshold: 10", output_failed, tool="kubectl_get")
    assert verification == "contradicted" and "denies" in detail, detail


ALLOCATION_SETTINGS = '{"watermark": {"flood_stage": "95%", "high": "90%", "low": "85%"}}'
ALLOCATION_ROWS = "disk.percent ip         node\n          92 10.60.1.22 es-data-2\n          71 10.60.1.21 es-data-1\n"


@pytest.mark.parametrize("claim", [
    "es-data-2 超过了 low watermark 85%，只有 es-data-1 低于 85%",  # "低于 85%" is near 85%: es-data-1 is 71
    "es-data-2 超过了 low watermark 80%，只有 es-data-1 低于 80%",  # no such threshold
    "只有 es-data-1 不到 85 个分片",  # a bound with no threshold named: never held by the 85 itself
])
def test_a_bound_below_a_threshold_is_read_as_a_bound(claim: str) -> None:
    extra = ok_call("call_rows", "es_cat", {"path": "_cat/allocation"}, ALLOCATION_ROWS)
    binding = {"source_type": "log", "source_id": "call_rows", "tool_name": "es_cat",
               "source_invocation_ids": ["call_rows"], "evidence_excerpt": "71 10.60.1.21 es-data-1"}
    s = session(claim, '"low": "85%"', ALLOCATION_SETTINGS, tool="es_settings", extra_calls=[extra],
                extra_bindings=[binding])
    check = verify_session(s).claim_checks[0]
    assert check.verification == "contradicted" and "no tool output contains" in check.detail, check.detail


def test_a_variables_listing_carries_a_setting() -> None:
    output = ("| Variable_name            | Value         |\n| replica_parallel_type    | LOGICAL_CLOCK |\n"
              "| replica_parallel_workers | 4             |\n")
    row = "| replica_parallel_workers | 4             |"
    verification, detail = checked("r2 配置了 replica_parallel_workers = 4", row, output, tool="mysql_exec")
    assert verification == "direct_observation", detail


CHRONY = (
    "Reference ID    : 0A140005 (ntp1.corp.internal)\nStratum         : 3\n"
    "Ref time (UTC)  : Thu Nov 26 14:58:41 2026\nSystem time     : 0.000031822 seconds fast of NTP time\n"
)


def test_keys_padded_to_their_colon_are_no_subjects() -> None:
    _, detail = checked("node-20 Stratum 3，System time 只快 0.000031822 秒", [
        "Stratum         : 3", "System time     : 0.000031822 seconds fast of NTP time"], CHRONY, tool="node_exec")
    assert "is about" not in detail and not detail.startswith("not verified"), detail  # (read, not failed)


GROUP = (
    "GROUP  TOPIC  PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG     CONSUMER-ID  HOST         CLIENT-ID\n"
    "risk   pay    0          48211093        48213377        2284    c-1-0a6c     /10.42.7.21  c-1\n"
    "risk   pay    1          48190552        48192871        2319    c-1-0a6c     /10.42.7.21  c-1\n"
    "risk   pay    2          47722410        48135293        412883  c-2-5f0e     /10.42.3.9   c-2\n"
    "risk   pay    3          47803005        48201125        398120  c-2-5f0e     /10.42.3.9   c-2\n"
    "risk   pay    4          48172206        48174140        1934    c-3-c41d     /10.42.5.14  c-3\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("partition 2（412883）和 partition 3（398120）合计 811003", True),
    ("partition 2 和 partition 3 的 lag 分别为 412883 和 398120", True),
    ("分区（0、1、4）的 lag 都不到 3000，由 /10.42.7.21 和 /10.42.5.14 上的 consumer 消费", True),
    ("partition 2（398120）和 partition 3（412883）合计 811003", False),  # each bracket is the other's
    ("partition 2 和 partition 3 的 lag 分别为 398120 和 412883", False),
    ("partition 2 的 lag 为 398120", False),
    ("分区（0、1）由 /10.42.5.14 上的 consumer 消费", False),
])
def test_a_figure_belongs_to_the_partition_it_is_given_to(claim: str, honest: bool) -> None:
    rows = GROUP.splitlines()
    verification, detail = checked(claim, rows[1:], GROUP, tool="kafka_describe")
    if honest:
        assert verification == "direct_observation", detail
    else:
        assert verification == "contradicted" and "shows for partition" in detail, detail


COMMITS = "".join(
    f"09:{44 + k}:01 WARN consumer-2 auto-commit of offsets failed: Offset commit cannot be completed\n"
    f"09:{44 + k}:02 INFO consumer-2 Revoke previously assigned partitions payment-events-2\n"
    for k in range(4)
) + "09:49:00 INFO consumer-2 Successfully joined group with generation 434\n"


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("offset 自动提交 4 次全部失败", COMMITS, True),
    ("共出现 4 次提交失败，每次都随即 Revoke 分区", COMMITS, True),
    ("offset 自动提交 5 次全部失败", COMMITS, False),  # four failed lines, not five
    ("offset 自动提交 4 次全部失败", COMMITS.replace("failed: Offset", "done: Offset", 1), False),  # three failed
])
def test_a_scope_over_the_quoted_lines_it_counts(claim: str, output: str, honest: bool) -> None:
    quotes = ["failed: Offset commit cannot be completed"]
    if "Revoke" in claim:
        quotes.append("Revoke previously assigned partitions payment-events-2")
    verification, detail = checked(claim, quotes, output)
    if honest:
        assert verification == "direct_observation", detail
    else:
        assert verification != "direct_observation", detail


def test_requests_to_a_path_counted_over_json_lines() -> None:
    request = '{{"reqId":"req-{k}","req":{{"method":"GET","url":"{path}"}},"msg":"incoming request"}}'
    lines = [request.format(k=k, path="/fraud/health") for k in range(3)] + [request.format(k=9, path="/fraud/check")]
    output = "\n".join(lines)
    verification, detail = checked("日志里共有 3 次 GET /fraud/health", lines[0], output, tool="fetch_pod_logs")
    assert verification == "direct_observation", detail
    verification, detail = checked("日志里共有 4 次 GET /fraud/health", lines[0], output, tool="fetch_pod_logs")
    assert verification != "direct_observation", detail


def test_a_sql_command_names_what_the_call_ran() -> None:
    extra_args = {"host": "r2", "sql": "SHOW REPLICA STATUS\\G"}
    output = "Replica_IO_Running: Yes\nReplica_SQL_Running: Yes\nSeconds_Behind_Source: 2471\n"
    verification, detail = checked("SHOW REPLICA STATUS 显示 Seconds_Behind_Source 为 2471",
                                   "Seconds_Behind_Source: 2471", output, tool="mysql_exec", arguments=extra_args)
    assert verification == "direct_observation", detail


@pytest.mark.parametrize(("claim", "honest"), [
    ("flb-buffer 目录里有上千万个文件", True),  # more than ten million: 11723388
    ("flb-buffer 目录里有上亿个文件", False),
])
def test_shang_before_a_magnitude_is_more_than(claim: str, honest: bool) -> None:
    output = "dir=/var/lib/kubelet/pods/4c1d/volumes/flb-buffer files=11723388\n"
    verification, detail = checked(claim, output.strip(), output, tool="node_exec")
    assert (verification == "direct_observation") is honest, detail


def test_the_columns_a_cat_call_asks_for_are_its_own() -> None:
    output = "logs-app-2026.11.29   0 r UNASSIGNED INDEX_CREATED\nlogs-app-2026.11.29   3 r UNASSIGNED INDEX_CREATED\n"
    arguments = {"path": "/_cat/shards?h=index,shard,prirep,state,unassigned.reason&s=index"}
    _, detail = checked("2 个未分配分片都是副本（prirep 为 r），原因都是 INDEX_CREATED", output.splitlines(), output,
                        tool="es_request", arguments=arguments)
    assert "prirep" not in detail and not detail.startswith("not verified"), detail  # (read, not failed)


def test_the_header_headerless_pod_rows_imply_holds_their_words() -> None:
    output = ("ask-holmes-namespace-51   my-app-51-59d94fd7cc-927wn   1/1     Running     0          168m    "
              "10.244.1.135   kind-double-node-worker   <none>   <none>   app=my-app-51\n")
    row = "my-app-51-59d94fd7cc-927wn   1/1     Running     0          168m"
    verification, detail = checked("Pod my-app-51-59d94fd7cc-927wn 当前 1/1 Running，RESTARTS 为 0", row, output,
                                   tool="kubectl_find_resource")
    assert verification == "direct_observation", detail


KERNEL = (
    "2026-11-27T14:07:42+0800 node-12 kernel: python3 invoked oom-killer: gfp_mask=0xcc0, oom_score_adj=969\n"
    "2026-11-20T09:00:00+0800 node-12 kernel: worker2 invoked oom-killer: gfp_mask=0xcc0, oom_score_adj=0\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("内核日志里 OOM 杀掉 python3：2026-11-27 14:07:42（+0800）", True),  # its zone is no value at that time
    ("内核日志里 OOM 杀掉 worker2：2026-11-27", False),  # worker2 was killed on 11-20: on no one line with it
    ("内核日志里 OOM 杀掉 python3：2026-11-27 14:07:42（+0900）", False),  # another zone, written nowhere
])
def test_a_name_and_its_day_stand_on_one_line(claim: str, honest: bool) -> None:
    verification, detail = checked(claim, KERNEL.splitlines()[0], KERNEL, tool="node_exec")
    if honest:
        assert verification == "direct_observation", detail
    else:
        assert verification == "contradicted" and "no tool output contains" in detail, detail


@pytest.mark.parametrize(("path", "named"), [
    ("/_cat/shards?h=index,shard,prirep,state", True),  # no header printed: the columns asked for are its header
    ("/_cat/shards?v&h=index,shard,prirep,state", False),  # it prints its header: the query string only selects
])
def test_a_cat_call_names_its_columns_only_when_it_prints_no_header(path: str, named: bool) -> None:
    assert ("prirep" in command_words({"path": path})) is named


def test_millicores_far_below_their_header() -> None:
    rows = "".join(f"pod-{i}   {100 + i}m   {200 + i}Mi\n" for i in range(300))
    numbers = iter_numbers("name   cpu(cores)   memory(bytes)\n" + rows, 2000)
    assert sum(n.kind == "cores" for n in numbers) == 300  # every CPU cell, the 300th row's too


@pytest.mark.parametrize(("claim", "honest"), [
    ("认证错误共 3 条，正好占全部 6 条日志的一半", True),  # the whole output: six lines
    ("认证错误共 3 条，正好占全部 8 条日志的一半", False),
])
def test_a_count_of_the_whole_output(claim: str, honest: bool) -> None:
    lines = [f"10:37:{k:02d} [ERROR] {'auth-service - Authentication system error' if k % 2 else 'db - query failed'}"
             for k in range(6)]
    verification, detail = checked(claim, "[ERROR] auth-service - Authentication system error", "\n".join(lines))
    assert (verification == "direct_observation") is honest, detail
