"""What a sixteenth look found (issue 9): honest readings the rules refused, each class with its honest
form and the attack it must still catch. All are hard readings (the number floor, spec §7-§8): what
they locate is located in the cited outputs, what they do not is as absent as before."""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import checked as _checked
from test_meaning_classes import ok_call, session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.own_arithmetic import multiple_conflict

ERRORS = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
    "metric": {"service": "order-service"},
    "values": [[1764468000, "12.5"], [1764468060, "48.0"], [1764468120, "97.5"], [1764468180, "101.0"]],
}]}})
ALL_POINTS = '[1764468000, "12.5"], [1764468060, "48.0"], [1764468120, "97.5"], [1764468180, "101.0"]'
LAST_THREE = '[1764468060, "48.0"], [1764468120, "97.5"], [1764468180, "101.0"]'
RATE = {"query": 'sum(rate(http_errors_total{service="order-service"}[1m]))'}


def _verdict_of(claim: str, excerpt: str, output: str, **kw: object) -> tuple[str, str]:
    record = verify_session(
        session(claim, excerpt, output, tool="query_metrics", source_type="metric", arguments=RATE, **kw)
    )
    return record.verdict, record.claim_checks[0].detail


@pytest.mark.parametrize(("claim", "excerpt", "honest"), [
    ("order-service 错误率四个采样点的平均值约为 64.8", ALL_POINTS, True),  # (12.5 + 48 + 97.5 + 101) / 4
    ("order-service 错误率的均值为 64.75", ALL_POINTS, True),
    ("order-service 错误率最后三个点平均约 82.2", LAST_THREE, True),  # the points it quotes
    ("order-service 错误率四个采样点的平均值约为 71.3", ALL_POINTS, False),
    ("order-service 错误率最后两个点平均约 99.3", ALL_POINTS, False),  # a window it picks: no whole list
    ("order-service 错误率为 64.8", ALL_POINTS, False),  # no mean named: a figure no point holds
])
def test_a_mean_of_a_cited_series_is_a_figure_of_it(claim: str, excerpt: str, honest: bool) -> None:
    verdict, detail = _verdict_of(claim, excerpt, ERRORS)
    assert (verdict == "PASS") is honest, detail
    if not honest:
        assert verdict == "REJECT" and "no tool output contains or implies" in detail


@pytest.mark.parametrize(("answer", "honest"), [
    ("order-service 错误率从 12.5 升到 101，四个点平均约 64.8。", True),
    ("order-service 错误率从 12.5 升到 101，四个点平均约 71.3。", False),
])
def test_an_answers_mean_of_a_series_is_backed_by_it(answer: str, honest: bool) -> None:
    verdict, _ = _verdict_of("order-service 错误率从 12.5 升到 101", ALL_POINTS, ERRORS, answer=answer)
    assert (verdict == "PASS") is honest


LOCAL_LOG = "2026-11-30T10:03:01.552+08:00 ERROR [order-service] POST /api/orders -> 500 Internal Server Error\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("order-service 错误率在 10:03 达到 101", True),  # 02:03 UTC, in Beijing time; 10:03 also in the log
    ("order-service 错误率在 10:02 达到 101", False),  # 97.5 then; 101 is 10:03's
])
def test_a_reading_of_the_cited_output_wins_over_a_literal_in_another(claim: str, honest: bool) -> None:
    """The clock is written in an output the claim does not cite (the log) and is the Beijing time of the
    cited point: the claim is observed in what it cites, not an inference from elsewhere."""
    log_call = ok_call("call_log", "query_logs", {"service": "order-service"}, LOCAL_LOG)
    record = verify_session(session(
        claim, '[1764468180, "101.0"]', ERRORS, tool="query_metrics", source_type="metric", arguments=RATE,
        extra_calls=[log_call],
    ))
    check = record.claim_checks[0]
    assert (check.verification == "direct_observation") is honest, check.detail
    if not honest:
        assert check.verification == "contradicted"


def _judged(honest: bool, claim: str, excerpt: str | list[str], output: object, **kw: object) -> str:
    verification, detail = _checked(claim, excerpt, output, **kw)
    assert (verification == "direct_observation") is honest, detail
    return detail


# --- counts, means and bounds over a log's lines of one kind --------------------------------------------

DB_SECONDS = [10.01, 5.00, 9.01, 8.01, 9.51, 6.20, 7.35, 9.87, 8.44, 5.62, 9.93, 8.76, 6.05, 9.12, 7.88, 9.64,
              8.21, 5.31, 9.77, 8.93, 6.66, 9.45, 7.02, 9.98, 8.58]  # 25 calls, 16 of them at least 8 s
CHECKOUT_LOG = "".join(
    f"INFO:app:Received request for checkout page.\nINFO:app:Database call completed in {t:.2f} seconds.\n"
    f"INFO:app:Page rendered in {t:.2f} seconds.\n"
    f"INFO:     172.31.1.249:{40000 + 7 * i} - \"GET /metrics HTTP/1.1\" 200 OK\n"
    for i, t in enumerate(DB_SECONDS)
) + 'INFO:     172.31.1.249:41999 - "GET /metrics HTTP/1.1" 200 OK\n'
DB_QUOTES = ["INFO:app:Database call completed in 10.01 seconds.", "INFO:app:Database call completed in 5.00 seconds."]


@pytest.mark.parametrize(("claim", "honest"), [
    ("日志里共有 25 次数据库调用，耗时平均约 8.17 秒，其中 16 次不低于 8 秒", True),  # mean 204.31 / 25
    ("/metrics 抓取请求共 26 次，全部返回 200 OK", True),
    ("日志里共有 29 次数据库调用", False),
    ("日志里共有 25 次数据库调用，耗时平均为 7.613 秒", False),
    ("日志里共有 25 次数据库调用，其中 19 次不低于 8 秒", False),
])
def test_a_count_or_a_mean_over_the_lines_of_a_quoted_kind(claim: str, honest: bool) -> None:
    quotes = ['INFO:     172.31.1.249:40000 - "GET /metrics HTTP/1.1" 200 OK'] if "metrics" in claim else DB_QUOTES
    detail = _judged(honest, claim, quotes, CHECKOUT_LOG)
    if not honest:
        assert "no tool output contains or implies" in detail


@pytest.mark.parametrize(("claim", "honest"), [
    ("每次页面渲染耗时都在 5.00 到 10.01 秒之间", True),
    ("每次页面渲染耗时都在 8.01 到 10.01 秒之间", False),  # 5.00 and others lie outside
])
def test_every_line_of_a_quoted_kind_shows_the_scope(claim: str, honest: bool) -> None:
    quotes = ["INFO:app:Page rendered in 10.01 seconds.", "INFO:app:Page rendered in 8.01 seconds."]
    verification, detail = _checked(claim, quotes, CHECKOUT_LOG)
    assert (verification == "direct_observation") is honest, detail


GATEWAY_LOG = "".join(
    f'[30/Nov/2026:21:04:0{i} +0800] "POST /v1/pay HTTP/1.1" {s} rt=0.1 ua="{ip}:8443" us="{s}"\n'
    for i, (ip, s) in enumerate([("10.31.8.21", 200), ("10.31.8.22", 502), ("10.31.8.23", 200), ("10.31.8.21", 200),
                                 ("10.31.8.22", 502), ("10.31.8.23", 200)])
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("发往 10.31.8.21 和 10.31.8.23 的 4 条请求均为 200", True),
    ("发往 10.31.8.21 和 10.31.8.23 的 5 条请求均为 200", False),
])
def test_a_count_of_the_lines_holding_what_the_clause_names(claim: str, honest: bool) -> None:
    _judged(honest, claim, 'ua="10.31.8.21:8443" us="200"', GATEWAY_LOG)


# --- a figure worked out from the claim's own figures ----------------------------------------------------

@pytest.mark.parametrize(("claim", "honest"), [
    ("已拉取到 88231907，但只执行到 88102334，还有 129573 个事务待回放", True),
    ("已拉取到 88231907，但只执行到 88102334，还有 139573 个事务待回放", False),
    ("REDIS_POOL_SIZE 为 3000，现有 4 个副本，理论上最多可建 12000 个连接", True),
    ("REDIS_POOL_SIZE 为 3000，现有 4 个副本，理论上最多可建 16000 个连接", False),
    ("5 分钟内 used 从 402128896 字节涨到 1073217536 字节，约 640 MiB，约 128 MiB/分钟", True),
    ("5 分钟内 used 从 402128896 字节涨到 1073217536 字节，约 640 MiB，约 150 MiB/分钟", False),
    ("按约 46G/小时的增速，剩余的 169G 大约 3.7 小时后写满", True),
    ("按约 46G/小时的增速，剩余的 169G 大约 5 小时后写满", False),
])
def test_a_figure_worked_out_from_its_own_figures(claim: str, honest: bool) -> None:
    output = (
        "Retrieved_Gtid_Set: 5b7e:1-88231907\nExecuted_Gtid_Set: 5b7e:1-88102334\nREDIS_POOL_SIZE=3000 replicas=4\n"
        "used=402128896 at 01:28:30, used=1073217536 at 01:33:30\ngrowth=46G per hour, avail=169G\n"
    )
    _, detail = _checked(claim, "REDIS_POOL_SIZE=3000 replicas=4", output)
    located = "no tool output contains or implies" not in detail
    assert located is honest, detail


@pytest.mark.parametrize(("claim", "honest"), [
    ("15:49 到 15:57 之间生成了 7 个 binlog，即约每 1.3 分钟切换一个", True),  # 8 minutes over 6 gaps
    ("15:49 到 15:57 之间生成了 7 个 binlog，即约每 2.5 分钟切换一个", False),
])
def test_one_period_of_a_count_of_events_over_a_span(claim: str, honest: bool) -> None:
    output = "\n".join(f"-rw-r----- 1 mysql mysql 1073750118 2026-12-01 15:{m} mysql-bin.0318{i}"
                       for i, m in enumerate([49, 50, 52, 53, 54, 56, 57]))
    _, detail = _checked(claim, "2026-12-01 15:49 mysql-bin.03180", output, tool="shell")
    assert ("no tool output contains or implies" not in detail) is honest, detail


# --- tables: whose row, whose column ------------------------------------------------------------------

EVENTS = (
    "Events:\n  Type     Reason   Age                 From     Message\n"
    "  ----     ------   ----                ----     -------\n"
    "  Warning  BackOff  32s (x6 over 77s)   kubelet  Back-off restarting failed container web\n"
    "  Normal   Pulled   21s (x4 over 171m)  kubelet  Container image \"web:1.2\" already present on machine\n"
    "  Normal   Started  20s (x4 over 171m)  kubelet  Started container web\n"
)


@pytest.mark.parametrize(("claim", "excerpts", "honest"), [
    # the figure's own row is quoted: the Started event's
    ("kubelet 在 77 秒内报了 6 次 BackOff，容器在 171 分钟内被启动了 4 次",
     ["Warning  BackOff  32s (x6 over 77s)", "Normal   Started  20s (x4 over 171m)  kubelet  Started container web"],
     True),
    # the same claim quoting the BackOff row only: whose 171 minutes they are, it does not say
    ("kubelet 在 77 秒内报了 6 次 BackOff，容器在 171 分钟内被启动了 4 次", ["Warning  BackOff  32s (x6 over 77s)"],
     False),
])
def test_a_figure_on_a_row_the_claim_quotes_is_that_rows(claim: str, excerpts: list[str], honest: bool) -> None:
    _judged(honest, claim, excerpts, EVENTS, tool="kubectl_describe")


NODES = (
    "name         ip         heap.percent ram.percent cpu load_1m node.role\n"
    "es-data-01   10.70.1.11           62          97  41    3.12 dh\n"
    "es-data-02   10.70.1.12           58          96  37    2.87 dh\n"
    "es-data-03   10.70.1.13           91          99  98   15.43 dh\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("es-data-03（10.70.1.13）的 heap.percent 为 91%、cpu 98%、load_1m 15.43；"
     "另外两个节点 es-data-01、es-data-02 的 heap 为 62% 和 58%", True),
    ("es-data-03（10.70.1.12）的 heap.percent 为 91%、cpu 98%、load_1m 15.43", False),  # es-data-02's address
    ("es-data-03 的 heap.percent 为 91%、cpu 98%、load_1m 3.12", False),  # es-data-01's load
])
def test_figures_of_listed_rows_and_their_columns(claim: str, honest: bool) -> None:
    _judged(honest, claim, ["es-data-03   10.70.1.13           91          99  98   15.43 dh",
                            "es-data-01   10.70.1.11           62          97  41    3.12 dh"], NODES, tool="es_cat")


LAGS = (
    "GROUP            TOPIC        PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG    CONSUMER-ID HOST\n"
    "settle order-events 0         18823410       18824614       1204   c-1 /10.60.2.11\n"
    "settle order-events 1         18790221       18791209       988    c-1 /10.60.2.11\n"
    "settle order-events 2         18532871       18819302       286431 c-3 /10.60.2.14\n"
    "settle order-events 3         18529040       18820917       291877 c-3 /10.60.2.14\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("4 个分区的总积压（LAG 之和）为 580500 条", True),
    ("4 个分区的总积压（LAG 之和）为 590500 条", False),
    ("分区 2、3 的 LAG 分别为 286431 和 291877；其余分区的 LAG 在 988 到 1204 之间", True),
    ("分区 2 的 LAG 为 291877", False),  # partition 3's
])
def test_columns_apart_by_one_space_and_numbered_rows_in_a_list(claim: str, honest: bool) -> None:
    _judged(honest, claim, "settle order-events 2         18532871       18819302       286431", LAGS,
            tool="kafka_admin")


DF = (
    "Filesystem      Size  Used Avail Use% Mounted on\n"
    "/dev/nvme0n1p1   50G   21G   30G  42% /\n"
    "/dev/nvme1n1    200G  189G   11G  95% /var/lib/containerd\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("/var/lib/containerd 所在的 /dev/nvme1n1 使用率 95%，仅剩 11G；根分区只用了 42%", True),
    ("/var/lib/containerd 所在的 /dev/nvme1n1 使用率 42%", False),
])
def test_a_df_table_is_read_by_the_mounts_a_claim_names(claim: str, honest: bool) -> None:
    _judged(honest, claim, "/dev/nvme1n1    200G  189G   11G  95% /var/lib/containerd", DF, tool="shell")


PODS_A = (
    "NAMESPACE     NAME                               READY   STATUS    RESTARTS      AGE\n"
    "checkout      checkout-api-5c7d8b9f6d-9wq2x      1/1     Running   0             3d4h\n"
    "search        search-indexer-7b6c5d4e3f-h2j9k    1/1     Running   2 (41m ago)   5d\n"
    "cart          cart-service-6d5f4c3b2a-z8x7w      0/1     Evicted   0             2d\n"
    "logging       fluent-bit-x7k2p                   1/1     Running   0             12d\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("cart-service-6d5f4c3b2a-z8x7w 已被驱逐；search-indexer-7b6c5d4e3f-h2j9k 重启过 2 次；"
     "其余 2 个 RESTARTS 为 0，没有重启", True),
    ("cart-service-6d5f4c3b2a-z8x7w 已被驱逐；其余 3 个仍为 Running，期间均未发生重启", False),
])
def test_a_denial_said_of_the_others_in_a_part_of_its_own(claim: str, honest: bool) -> None:
    detail = _judged(honest, claim, "cart-service-6d5f4c3b2a-z8x7w      0/1     Evicted   0             2d", PODS_A,
                     tool="kubectl")
    if not honest:
        assert "search-indexer" in detail


TOP_PODS = (
    "NAME                          READY   STATUS    RESTARTS   AGE   IP\n"
    "search-api-6c8d7f9b4d-k7x2p   1/1     Running   0          2d    10.244.3.21\n"
    "search-api-6c8d7f9b4d-p4m8v   1/1     Running   0          2d    10.244.5.18\n"
    "---\n"
    "NAME                          CPU(cores)   MEMORY(bytes)\n"
    "search-api-6c8d7f9b4d-k7x2p   1998m        1710Mi\n"
    "search-api-6c8d7f9b4d-p4m8v   412m         1288Mi\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("search-api-6c8d7f9b4d-k7x2p 的 CPU 用到 1998m，约为另外一个副本（412m）的 5 倍", True),
    ("search-api-6c8d7f9b4d-k7x2p 的 CPU 用到 412m", False),
])
def test_a_figure_said_of_the_other_replicas(claim: str, honest: bool) -> None:
    _judged(honest, claim, ["search-api-6c8d7f9b4d-k7x2p   1998m        1710Mi",
                            "search-api-6c8d7f9b4d-p4m8v   412m         1288Mi"], TOP_PODS, tool="kubectl")


# --- wording: what a claim denies, names otherwise, forecasts ------------------------------------------

DESCRIBE = (
    "Status:           Pending\nQoS Class:                   BestEffort\nNode-Selectors:              label=someLabel\n"
    "Events:\n  Warning  FailedScheduling  38s   default-scheduler  0/1 nodes are available: 1 node(s) didn't "
    "match Pod's node affinity/selector.\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("该 Pod 配置了 nodeSelector：label=someLabel", True),  # written apart and plural in the output
    ("该 Pod 配置了 nodeAffinityRules：label=someLabel", False),
])
def test_a_name_written_together_that_the_output_writes_apart(claim: str, honest: bool) -> None:
    _, detail = _checked(claim, "Node-Selectors:              label=someLabel", DESCRIBE,
                         tool="kubectl_describe")
    assert ("nodeselector" not in detail and "nodeaffinityrules" not in detail) is honest, detail


@pytest.mark.parametrize(("claim", "honest"), [
    ("调度失败与资源无关：事件中没有 Insufficient cpu，且容器未设置 requests，QoS 为 BestEffort", True),
    ("调度失败是因为事件中报了 Insufficient cpu，QoS 为 BestEffort", False),
])
def test_what_a_claim_denies_need_not_be_in_any_output(claim: str, honest: bool) -> None:
    """Hard: a name it denies is no absent name. Soft: a word it denies is no word it adds (it may still be
    one the cited output does not show)."""
    verification, detail = _checked(claim, "QoS Class:                   BestEffort", DESCRIBE, tool="kubectl_describe")
    assert ("insufficient" not in detail and "adds" not in detail) is honest, detail
    assert (verification != "contradicted") is honest, detail


POD_ROW = "fast-fail-pod   0/1     ImagePullBackOff   0          116s   10.244.0.82\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("fast-fail-pod 状态为 ImagePullBackOff，重启 0 次", True),
    ("fast-fail-pod 状态为 ImagePullBackOff，已重启多次", False),
])
def test_a_zero_count_of_an_event_denies_it(claim: str, honest: bool) -> None:
    header = "NAME            READY   STATUS             RESTARTS   AGE    IP\n"
    _judged(honest, claim, "fast-fail-pod   0/1     ImagePullBackOff   0", header + POD_ROW, tool="kubectl")


JOB = (
    "Backoff Limit:    0\nPods Statuses:    0 Active (0 Ready) / 0 Succeeded / 1 Failed\n"
    "Warning  FailedCreate  9m28s (x4 over 9m35s)  job-controller  Error creating: serviceaccount \"sa\" not found\n"
    "Warning  BackoffLimitExceeded  9m16s  job-controller  Job has reached the specified backoff limit\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("ServiceAccount 缺失只造成了最初的 4 次 FailedCreate，并不是 Job 最终失败的原因", True),
    ("ServiceAccount 缺失只造成了最初的 4 次 FailedCreate，Job 并没有失败", False),
])
def test_denying_a_cause_is_no_denial_of_the_event(claim: str, honest: bool) -> None:
    verification, detail = _checked(claim, "Warning  FailedCreate  9m28s (x4 over 9m35s)", JOB, tool="kubectl_describe")
    assert ("denies" not in detail) is honest, detail
    if not honest:
        assert verification == "contradicted"


GC_LOG = (
    "[2026-12-01T13:05:12.331+0800][info][gc] GC(4821) Pause Young (Normal) (G1 Evacuation Pause) 38.114ms\n"
    "[2026-12-01T13:05:50.226+0800][info][gc] GC(4823) Pause Young (Concurrent Start) (G1 Humongous Allocation) "
    "57.902ms\n"
    "[2026-12-01T13:06:02.517+0800][info][gc] GC(4825) Pause Young (Normal) (G1 Evacuation Pause) 63.480ms\n"
    "[2026-12-01T13:08:02.903+0800][info][gc] GC(4830) Pause Young (Concurrent Start) (G1 Humongous Allocation) "
    "66.310ms\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("有 2 次 Young GC 由 G1 Humongous Allocation 触发（13:05:50 和 13:08:02）", True),
    # a bracketed time after a figure that counts nothing is the figure's time: 66.310ms is 13:08's
    ("Humongous Allocation 触发的 Young GC 停顿 66.310ms（13:05:50）", False),
])
def test_clocks_a_bracket_lists_after_a_count_are_its_events(claim: str, honest: bool) -> None:
    detail = _judged(honest, claim, "Pause Young (Concurrent Start) (G1 Humongous Allocation)", GC_LOG)
    if not honest:
        assert "13:05" in detail


@pytest.mark.parametrize(("claim", "excerpt", "honest"), [
    ("推断：按约 46G/小时的增速，剩余 169G 大约 3.7 小时后写满", "1664G      169G  91% /data", True),
    ("推断：按约 46G/小时的增速，剩余 169G 已经写满", "1664G      169G  91% /data", False),
])
def test_an_inference_may_forecast_a_state(claim: str, excerpt: str, honest: bool) -> None:
    output = "Filesystem 1G-blocks  Used Available Use% Mounted on\n/dev/md0  1833G 1664G      169G  91% /data\n" \
             "growth 46G per hour\n"
    inferred = session(claim, excerpt, output, tool="shell")
    contract = json.loads(inferred["executor_final_answer"])
    contract["claims"][0]["support_level"] = "indirect"
    inferred["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    check = verify_session(inferred).claim_checks[0]
    # an inference is at best a reasonable one; a state it asserts that the output does not show is less
    assert (check.verification == "reasonable_inference") is honest, check.detail


TOP = (
    "top - 11:42:08 up 73 days,  4:11,  1 user,  load average: 31.82, 28.40, 17.96\n"
    "%Cpu(s): 92.4 us,  5.1 sy,  0.0 ni,  1.6 id,  0.0 wa,  0.0 hi,  0.9 si,  0.0 st\n"
    "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
    "   2817 app       20   0   48.2g  41.7g  21488 S  1412  66.4   9012:44 java\n"
    "   1203 root      20   0 1268340  61532  39180 S   7.3   0.1 412:10.77 node_exporter\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("CPU 92.4% 为用户态，几乎全部被 java 进程 PID 2817 占用", True),
    ("CPU 93.4% 为用户态，几乎全部被 java 进程 PID 2817 占用", False),
])
def test_tops_cpu_line_is_in_percent_and_almost_all_is_no_whole(claim: str, honest: bool) -> None:
    _judged(honest, claim, ["%Cpu(s): 92.4 us,  5.1 sy", "2817 app       20   0   48.2g  41.7g  21488 S  1412  66.4"],
            TOP, tool="shell")


# --- answers, subjects, times ----------------------------------------------------------------------------

NODE_LOG = "2026-11-30T10:02:11+08:00 kubelet: node k8s-node-3 NotReady, 2 nodes Ready, version v1.31.2\n"


@pytest.mark.parametrize(("answer", "honest"), [
    ("原因如下：\n1. k8s-node-3 处于 NotReady。\n2. 其余节点正常。\n3. 集群里的 2 个节点处于 Ready。", True),
    ("原因如下：\n1. k8s-node-3 处于 NotReady。\n2. 集群里的 3 个节点处于 Ready。", False),
])
def test_the_markers_of_a_numbered_answer_are_no_figures(answer: str, honest: bool) -> None:
    record = verify_session(session("k8s-node-3 处于 NotReady，2 nodes Ready",
                                    "node k8s-node-3 NotReady, 2 nodes Ready", NODE_LOG, answer=answer))
    assert (record.verdict == "PASS") is honest, record.gatekeeper_result.findings


MEMORY = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
    "metric": {"pod": "promo-7d4c-2xkqn"},
    "values": [[1796088510, "402128896"], [1796088810, "1073217536"], [1796088840, "398458880"]]}]}})


@pytest.mark.parametrize(("claim", "honest"), [
    ("container_memory_working_set_bytes 在 01:33:30 UTC 达到峰值 1073217536 字节", True),  # what the query reads
    ("container_memory_rss 在 01:33:30 UTC 达到峰值 1073217536 字节", False),
])
def test_the_metric_a_query_selects_is_the_calls_subject(claim: str, honest: bool) -> None:
    query = {"query": 'container_memory_working_set_bytes{namespace="marketing",pod="promo-7d4c-2xkqn"}'}
    _judged(honest, claim, '[1796088810,"1073217536"]', MEMORY, tool="query_metrics", source_type="metric",
            arguments=query)


@pytest.mark.parametrize(("answer", "honest"), [
    # 09:33:30 in Beijing time is the epoch point's 01:33:30 UTC; "09:33:34 +0800" is another clock
    ("内存在北京时间 09:33:30 达到峰值 1073217536 字节。", True),
    ("内存在北京时间 09:38:30 达到峰值 1073217536 字节。", False),
])
def test_a_written_clock_is_no_epoch_point(answer: str, honest: bool) -> None:
    describe = ok_call("call_d", "kubectl_describe", {"pod": "promo-7d4c-2xkqn"},
                       "Last State: Terminated\n  Reason: OOMKilled\n  Finished: Tue, 01 Dec 2026 09:33:34 +0800\n")
    record = verify_session(session(
        "内存在 01:33:30 UTC（北京时间 09:33:30）达到峰值 1073217536 字节", '[1796088810,"1073217536"]', MEMORY,
        tool="query_metrics", source_type="metric", answer=answer, extra_calls=[describe],
    ))
    assert (record.verdict == "PASS") is honest, record.gatekeeper_result.findings


P99 = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
    "metric": {"service": "checkout"},
    "values": [[1796018400, "0.284"], [1796018700, "0.301"], [1796019000, "0.296"], [1796019300, "1.412"],
               [1796019600, "2.187"], [1796019900, "2.904"], [1796020200, "1.736"]]}]}})


@pytest.mark.parametrize(("claim", "honest"), [
    ("P99 峰值为 2.904 秒，出现在 1796019900，即 06:25 UTC（北京时间 14:25），约为 06:00–06:10 UTC 三个点平均值"
     "（约 0.294 秒）的 10 倍", True),
    ("P99 峰值为 2.904 秒，出现在 1796019600，即 06:20 UTC（北京时间 14:20）", False),  # 2.187 then
    ("P99 在 06:00–06:10 UTC 三个点的平均值约 0.31 秒", False),
])
def test_a_peak_at_its_time_and_a_mean_over_a_named_window(claim: str, honest: bool) -> None:
    _judged(honest, claim, '[1796019600,"2.187"],[1796019900,"2.904"]', P99, tool="query_metrics",
            source_type="metric")


@pytest.mark.parametrize(("answer", "honest"), [
    ("P99 峰值出现在北京时间 14:25（06:25 UTC）。checkout 日志在 14:21:47 有一条读超时。", True),
    ("P99 峰值出现在北京时间 14:25（06:25 UTC）。checkout 日志在 06:21:47 有一条读超时。", False),
])
def test_a_zone_in_brackets_is_not_carried_to_the_next_sentence(answer: str, honest: bool) -> None:
    log = ok_call("call_l", "query_logs", {"service": "checkout"},
                  "2026-11-30T14:21:47.552+08:00 ERROR reserve stock failed: Read timed out\n")
    record = verify_session(session(
        "P99 峰值为 2.904 秒，出现在 06:25 UTC（北京时间 14:25）", '[1796019900,"2.904"]', P99,
        tool="query_metrics", source_type="metric", answer=answer, extra_calls=[log],
    ))
    assert (record.verdict == "PASS") is honest, record.gatekeeper_result.findings


COUPON = (
    "NAME                              READY   STATUS    RESTARTS   AGE   IP\n"
    "coupon-service-5d9c7b8f6a-2mx7q   1/1     Running   0          9d    10.244.8.17\n"
    "coupon-service-5d9c7b8f6a-z4r8t   1/1     Running   0          52m   10.244.9.12\n"
    "LAST SEEN   TYPE     REASON              OBJECT                      MESSAGE\n"
    "52m         Normal   ScalingReplicaSet   deployment/coupon-service   "
    "Scaled up replica set coupon-service-5d9c7b8f6a to 2 from 1\n"
)


def test_an_events_age_is_no_subject_of_its_row() -> None:
    """kubectl's LAST SEEN "52m" opens the events row: no subject the quoted record is about (rules-17 said
    "it names 'coupon-service-…-z4r8t', but the record it quotes is about '52m'")."""
    _, detail = _checked("52 分钟前 coupon-service 从 1 个副本扩到 2 个，新 pod 为 coupon-service-5d9c7b8f6a-z4r8t",
                         "Scaled up replica set coupon-service-5d9c7b8f6a to 2 from 1", COUPON, tool="kubectl")
    assert "is about" not in detail, detail


@pytest.mark.parametrize(("claim", "honest"), [
    ("已拉取的事务到 88231907，执行到 88102334", True),  # a GTID set counts transactions
    ("已拉取的备份到 88231907，执行到 88102334", False),  # (快照 is any point-in-time view: rules-19)
])
def test_a_gtid_set_carries_transactions(claim: str, honest: bool) -> None:
    output = "Retrieved_Gtid_Set: 5b7e2c1a:1-88231907\nExecuted_Gtid_Set: 5b7e2c1a:1-88102334\n"
    _judged(honest, claim, ["Retrieved_Gtid_Set: 5b7e2c1a:1-88231907", "Executed_Gtid_Set: 5b7e2c1a:1-88102334"],
            output, tool="mysql_exec")


@pytest.mark.parametrize(("claim", "honest"), [
    # Full GC is in the GC log the claim does not cite: an inference from the trace
    ("两次 Full GC 结束后 2 秒内出现了慢请求，耗时 2571ms", True),
    ("两次 Metaspace 扩容后 2 秒内出现了慢请求，耗时 2571ms", False),
])
def test_a_concept_only_an_uncited_output_carries_is_an_inference(claim: str, honest: bool) -> None:
    gc = ok_call("call_gc", "query_logs", {"source": "gc.log"},
                 "[2026-12-01T13:06:46.709+0800][info][gc] GC(4828) Pause Full (G1 Compaction Pause) 2314.892ms\n")
    record = verify_session(session(claim, "slow request GET /api/v1/orders/7720031190 took 2571ms",
                                    "2026-12-01T13:06:49.052+08:00 WARN slow request GET /api/v1/orders/7720031190 "
                                    "took 2571ms\n", extra_calls=[gc]))
    check = record.claim_checks[0]
    assert (check.verification == "reasonable_inference") is honest, check.detail


# --- sums, shares and wholes the claim works out -----------------------------------------------------------

TOP_ALL = (
    "NAMESPACE   NAME                                 CPU(cores)   MEMORY(bytes)\n"
    "default     checkout-service-5bcd6bf54-g8ckl     1m           74Mi\n"
    "minishop    auth-service-f79c78ccb-zzr9j         5m           44Mi\n"
    "minishop    backend-service-66468d89c8-sxrjj     4m           47Mi\n"
    "minishop    checkout-service-66cb4b6c4b-77chl    3m           46Mi\n"
    "minishop    fraud-service-5f8b576878-slnpb       3m           42Mi\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("minishop 的 4 个 Pod 内存分别为 auth 44Mi、backend 47Mi、checkout 46Mi、fraud 42Mi，合计 179Mi", True),
    # the whole column is 253Mi: a sum of another set of rows than the four it lists
    ("minishop 的 4 个 Pod 内存分别为 auth 44Mi、backend 47Mi、checkout 46Mi、fraud 42Mi，合计 253Mi", False),
    ("5 个 Pod 的内存合计 253Mi，平均约 50.6Mi", True),
    ("4 个 Pod 的内存合计 253Mi", False),
])
def test_a_total_is_of_what_the_claim_lists_and_counts(claim: str, honest: bool) -> None:
    _judged(honest, claim, ["minishop    auth-service-f79c78ccb-zzr9j         5m           44Mi",
                            "default     checkout-service-5bcd6bf54-g8ckl     1m           74Mi"], TOP_ALL,
            tool="kubectl_top_pods")


REQUESTS = "default process-data 128 Mi\ndefault nginx-a 100 Mi\ndefault nginx-b 100 Mi\ndefault frontend 64 Mi\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("default 命名空间的内存 request 合计 392 Mi，其中 frontend 为 64 Mi", True),
    ("default 命名空间的内存 request 合计 492 Mi，其中 frontend 为 64 Mi", False),
])
def test_a_total_of_a_column_written_with_its_unit(claim: str, honest: bool) -> None:
    _judged(honest, claim, "default frontend 64 Mi", REQUESTS, tool="kubectl_memory_requests_namespace")


REDIS_INFO = "keyspace_hits:982331457\nkeyspace_misses:211894310\nrole:master\nmaster_failover_state:no-failover\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("实例启动以来累计命中率约 82.3%", True),  # hits / (hits + misses), both quoted
    ("实例启动以来累计命中率约 86.3%", False),
    ("当前 role 为 master，master_failover_state 为 no-failover，没有发生主从切换", True),
])
def test_a_share_of_a_quoted_pair_and_a_no_prefix(claim: str, honest: bool) -> None:
    _judged(honest, claim, ["keyspace_hits:982331457\nkeyspace_misses:211894310",
                            "role:master\nmaster_failover_state:no-failover"], REDIS_INFO, tool="redis_cli")


HIT_RATE = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
    "metric": {"service": "product-detail"},
    "values": [[1796086800, "0.962"], [1796087100, "0.958"], [1796087400, "0.961"], [1796087700, "0.960"]]}]}})


@pytest.mark.parametrize(("claim", "honest"), [
    ("命中率四个点平均约 0.960，即未命中率约 4.0%", True),
    ("命中率四个点平均约 0.960，使用率约 4.0%", False),  # no rest of a share is named
])
def test_a_share_that_is_what_another_leaves(claim: str, honest: bool) -> None:
    _judged(honest, claim, '[1796086800,"0.962"],[1796087100,"0.958"],[1796087400,"0.961"],[1796087700,"0.960"]',
            HIT_RATE, tool="query_metrics", source_type="metric",
            arguments={"query": "sum(rate(cache_hits_total[5m])) / sum(rate(cache_requests_total[5m]))"})


CONSUMERS = (
    "consumer_groups:\n- group_id: invoices-processor\n  state: ConsumerGroupState.STABLE\n"
    "- group_id: accounting-processor\n  state: ConsumerGroupState.EMPTY\n"
)


@pytest.mark.parametrize(("claim", "excerpts", "honest"), [
    ("invoices-processor 和 accounting-processor 两个消费组，状态都是 STABLE",
     ["- group_id: invoices-processor\n  state: ConsumerGroupState.STABLE"], False),
])
def test_every_quoted_record_holds_the_state_a_scope_gives(
    claim: str, excerpts: list[str], honest: bool
) -> None:
    _judged(honest, claim, excerpts, CONSUMERS, tool="list_kafka_consumers")


def test_every_quoted_record_holds_the_state_a_scope_gives_honest() -> None:
    output = CONSUMERS.replace("EMPTY", "STABLE")
    _judged(True, "invoices-processor 和 accounting-processor 两个消费组，状态都是 STABLE",
            ["- group_id: invoices-processor\n  state: ConsumerGroupState.STABLE",
             "- group_id: accounting-processor\n  state: ConsumerGroupState.STABLE"], output,
            tool="list_kafka_consumers")


ERRORS_LOG = "".join(f"Fri Jul 11 13:23:24 UTC 2025 ERROR: {m}\n" for m in
                     ["Failed to connect to database", "Retrying", "Failed after 3 retries", "Backup unavailable"])


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("只返回 4 条 ERROR，全部打在同一秒 13:23:24", ERRORS_LOG, True),
    ("只返回 4 条 ERROR，全部打在同一秒 13:23:24", ERRORS_LOG.replace("24 UTC 2025 ERROR: Retrying", "29 UTC 2025 "
                                                                    "ERROR: Retrying"), False),
])
def test_every_line_of_the_output_holds_the_time_a_whole_names(claim: str, output: str, honest: bool) -> None:
    _, detail = _checked(claim, "Fri Jul 11 13:23:24 UTC 2025 ERROR: Failed to connect to database", output)
    assert ("全部" not in detail) is honest, detail


@pytest.mark.parametrize(("answer", "honest"), [
    ("Last State 运行了约 22 小时 49 分后结束。", True),
    ("Last State 运行了约 23 小时 49 分后结束。", False),
])
def test_an_answer_restates_a_duration_in_parts(answer: str, honest: bool) -> None:
    describe = ("Last State:     Terminated\n  Started:      Thu, 03 Jul 2025 08:05:05 +0200\n"
                "  Finished:     Fri, 04 Jul 2025 06:54:28 +0200\n")
    record = verify_session(session(
        "Last State 从 Thu, 03 Jul 2025 08:05:05 +0200 运行到 Fri, 04 Jul 2025 06:54:28 +0200，约 22 小时 49 分",
        ["Started:      Thu, 03 Jul 2025 08:05:05 +0200"][0], describe, tool="kubectl_describe", answer=answer,
        extra_bindings=[{"source_type": "log", "source_id": "call_m1", "tool_name": "kubectl_describe",
                         "source_invocation_ids": ["call_m1"],
                         "evidence_excerpt": "Finished:     Fri, 04 Jul 2025 06:54:28 +0200"}],
    ))
    assert (record.verdict == "PASS") is honest, (record.gatekeeper_result.findings, record.claim_checks)


CPU_ROWS = "NAME       CPU(cores)   MEMORY(bytes)\n" + "".join(
    f"api-{i:02d}     {m}m        1400Mi\n"
    for i, m in enumerate([1931, 1874, 1968, 1702, 1889, 1915, 1820, 1847, 1903, 1766, 1952, 1798, 1880, 1911])
)  # 14 pods, 6 of them above 1900m


@pytest.mark.parametrize(("claim", "honest"), [
    ("14 个 pod 的 CPU 使用在 1702m 到 1968m 之间，其中 6 个超过 1900m", True),
    ("14 个 pod 的 CPU 使用在 1702m 到 1968m 之间，其中 9 个超过 1900m", False),
])
def test_rows_of_a_table_counted_and_counted_under_a_bound(claim: str, honest: bool) -> None:
    _judged(honest, claim, ["api-02     1968m        1400Mi", "api-03     1702m        1400Mi"], CPU_ROWS,
            tool="kubectl_top_pods")


# --- a third fresh audit (AF): zones written as offsets, row groups, ranges, causes preferred ------------

JOB_DESCRIBE = "Start Time:       Wed, 28 May 2025 15:48:07 +0300\nPods Statuses:    0 Active / 1 Failed\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("开始于 2025-05-28 15:48:07 +0300（UTC 12:48:07，北京时间 20:48:07）", True),
    ("开始于 2025-05-28 15:48:07 +0300（UTC 13:48:07，北京时间 21:48:07）", False),
])
def test_a_clock_an_output_writes_with_another_offset(claim: str, honest: bool) -> None:
    _judged(honest, claim, "Start Time:       Wed, 28 May 2025 15:48:07 +0300", JOB_DESCRIBE, tool="kubectl_describe")


OOM = "Last State:     Terminated\n  Reason:       OOMKilled\n  Exit Code:    137\n  Command: tail /dev/zero\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("推断根因是启动命令 tail /dev/zero 不断占用内存而被 OOMKilled，是应用问题，而不是节点内存不足", True),
    ("容器没有发生 OOM", False),
])
def test_a_cause_preferred_to_another_is_no_denial_of_the_other(claim: str, honest: bool) -> None:
    _, detail = _checked(claim, "Reason:       OOMKilled\n  Exit Code:    137", OOM, tool="kubectl_describe")
    assert ("denies" not in detail) is honest, detail


TEMPO_TOP = (
    "NAMESPACE   NAME                       CPU(cores)   MEMORY(bytes)\n"
    "otel        tempo-ingester-0           2m           39Mi\n"
    "otel        tempo-ingester-1           2m           41Mi\n"
    "tempo       tempo-compactor-85ff7677   2m           297Mi\n"
    "tempo       tempo-ingester-0           3m           1005Mi\n"
    "tempo       tempo-ingester-1           3m           975Mi\n"
    "tempo       tempo-ingester-2           3m           993Mi\n"
)
INGESTER_QUOTE = ("tempo       tempo-ingester-0           3m           1005Mi\n"
                  "tempo       tempo-ingester-1           3m           975Mi\n"
                  "tempo       tempo-ingester-2           3m    ")


@pytest.mark.parametrize(("claim", "honest"), [
    ("三个 ingester 内存合计 2973Mi（约 2.90 GiB），平均每个约 991Mi", True),  # the rows it quotes
    ("三个 ingester 内存合计 3073Mi，平均每个约 1024Mi", False),
    ("tempo 命名空间共 4 个 pod，内存合计 3270Mi", True),  # the rows "tempo" keys
    ("tempo 命名空间共 4 个 pod，内存合计 3350Mi", False),
])
def test_sums_means_and_counts_over_the_rows_a_claim_quotes_or_names(claim: str, honest: bool) -> None:
    _judged(honest, claim, INGESTER_QUOTE, TEMPO_TOP, tool="kubectl_top_pods")


DU = ("$ du -sm /var/log/pods/* | sort -rn | head -3\n41873\t/var/log/pods/batch_report-exporter\n"
      "2214\t/var/log/pods/shop_checkout-api\n1570\t/var/log/pods/logging_fluent-bit\n"
      "Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme0n1p1   97G   89G  8.6G  92% /\n")


@pytest.mark.parametrize(("claim", "honest"), [
    ("占用最大的 report-exporter 日志目录 41873 MiB，约占已用 89G 的 46%；前 3 个目录合计 45657 MiB", True),
    ("占用最大的 report-exporter 日志目录 41873 MiB，约占已用 89G 的 52%", False),
    ("前 3 个目录合计 46657 MiB", False),
])
def test_a_du_listing_sums_and_a_df_size_in_powers_of_1024(claim: str, honest: bool) -> None:
    _judged(honest, claim, ["41873\t/var/log/pods/batch_report-exporter", "/dev/nvme0n1p1   97G   89G"], DU,
            tool="node_exec")


ISTIO = json.dumps({"status": "success", "data": {"resultType": "vector", "result": [
    {"metric": {"response_code": "200"}, "value": [1796112900, "161.2"]},
    {"metric": {"response_code": "503"}, "value": [1796112900, "4.3"]},
    {"metric": {"response_code": "500"}, "value": [1796112900, "0.2"]}]}})


@pytest.mark.parametrize(("claim", "honest"), [
    ("请求共约 165.7 req/s：200 为 161.2、503 为 4.3、500 为 0.2，503 约占 2.6%", True),
    ("请求共约 185.7 req/s：200 为 161.2、503 为 4.3、500 为 0.2", False),
])
def test_the_total_of_an_instant_vector_and_a_share_of_it(claim: str, honest: bool) -> None:
    _judged(honest, claim, '{"metric": {"response_code": "503"}, "value": [1796112900, "4.3"]}', ISTIO,
            tool="query_metrics", source_type="metric",
            arguments={"query": "sum by (response_code) (rate(istio_requests_total[5m]))"})


P99_SLOW = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
    "metric": {"service": "order-service"},
    "values": [[1796018400, "0.212"], [1796018460, "0.205"], [1796018700, "1.247"], [1796018760, "1.873"],
               [1796018820, "2.841"], [1796018880, "2.776"], [1796018940, "1.956"]]}]}})


@pytest.mark.parametrize(("claim", "honest"), [
    ("P99 峰值 2.841 秒，约为平时的 14 倍；升高期间 P99 一直在 1.2 到 2.9 秒之间", True),
    ("P99 峰值 2.841 秒；升高期间 P99 一直在 1.2 到 3.5 秒之间", False),  # no figure rounds to 3.5
])
def test_the_ends_of_a_range_and_a_multiple_of_a_baseline_given_elsewhere(claim: str, honest: bool) -> None:
    _judged(honest, claim, '[1796018820, "2.841"], [1796018880, "2.776"]', P99_SLOW, tool="query_metrics",
            source_type="metric")


BY_STATUS = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [
    {"metric": {"status": "200"}, "values": [[1796018820, "412.6"], [1796018880, "398.1"]]},
    {"metric": {"status": "500"}, "values": [[1796018820, "52.3"], [1796018880, "12.4"]]},
    {"metric": {"status": "503"}, "values": [[1796018820, "35.1"], [1796018880, "88.5"]]}]}})


@pytest.mark.parametrize(("claim", "honest"), [
    ("14:07 时请求总量约 500 req/s（200 为 412.6、500 为 52.3、503 为 35.1）", True),  # Beijing time of 06:07 UTC
    ("14:07 时请求总量约 560 req/s（200 为 412.6、500 为 52.3、503 为 35.1）", False),
])
def test_a_total_of_every_series_at_a_time(claim: str, honest: bool) -> None:
    _judged(honest, claim, '[1796018820, "412.6"], [1796018880, "398.1"]', BY_STATUS, tool="query_metrics",
            source_type="metric", arguments={"query": "sum by (status) (rate(http_server_requests_seconds_count[1m]))"})


PROCESSLIST = (
    "| Id    | User    | Time | State                           | Info                                  |\n"
    "| 90417 | dba_ops | 1262 | Waiting for table metadata lock | ALTER TABLE order_items ADD COLUMN x  |\n"
    "| 90533 | app_rw  | 1248 | Waiting for table metadata lock | SELECT id FROM order_items            |\n"
    "| 91007 | app_rw  |  986 | Waiting for table metadata lock | UPDATE order_items SET status = 'P'   |\n"
)


@pytest.mark.parametrize(("claim", "excerpts", "honest"), [
    ("dba_ops 的 ALTER TABLE（Id 90417）已等待 1262 秒；排在它后面的查询最长已等 1248 秒",
     ["| 90417 | dba_ops | 1262 |", "| 90533 | app_rw  | 1248 |"], True),
    ("dba_ops 的 ALTER TABLE（Id 90417）已等待 1248 秒", ["| 90417 | dba_ops | 1262 |", "| 90533 | app_rw  | 1248 |"],
     False),
])
def test_a_figure_of_a_quoted_drawn_row_said_in_a_part_of_its_own(
    claim: str, excerpts: list[str], honest: bool
) -> None:
    _judged(honest, claim, excerpts, PROCESSLIST, tool="mysql_query")


ES_LOG = ("[2026-12-01T00:00:05,413][WARN ][o.e.c.r.a.DiskThresholdMonitor] flood stage disk watermark [95%] "
          "exceeded on [es-data-2] free: 23.6gb[4.7%], all indices on this node will be marked read-only\n"
          "[2026-12-01T00:01:06,552][WARN ] [logs-trace][4] failed to execute bulk item blocked by: "
          "[TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark]\n")


@pytest.mark.parametrize(("claim", "honest"), [
    ("00:00:05 es-data-2 超过 95% 洪水水位，其上所有索引被标记为只读；00:01:06 起批量写入被拒绝", True),
    ("00:00:05 es-data-2 超过 95% 洪水水位，之后批量写入成功恢复", False),
])
def test_a_limit_named_after_its_figure_and_too_many_requests(claim: str, honest: bool) -> None:
    _judged(honest, claim, ["flood stage disk watermark [95%] exceeded on [es-data-2]",
                            "blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark]"], ES_LOG)


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("推断容器没有发生 OOM，退出码 1 来自应用自身", "Reason:       Error\n  Exit Code:    1\n", True),
    ("推断是否发生过 OOM 单看这份输出无法确认", OOM, True),  # an open question, no denial
    ("推断容器没有发生 OOM，退出码 137 来自应用自身", OOM, False),
])
def test_a_claim_that_calls_itself_an_inference_still_states_its_denials(
    claim: str, output: str, honest: bool
) -> None:
    quote = "Reason:       Error" if "Error" in output else "Reason:       OOMKilled"
    _, detail = _checked(claim, quote, output, tool="kubectl_describe")
    assert ("denies" not in detail) is honest, detail


@pytest.mark.parametrize(("claim", "honest"), [
    ("requests 为 100m CPU / 256Mi 内存，limits 为 500m / 2Gi；内存 limit 是 request 的 8 倍", True),
    ("requests 为 100m CPU / 256Mi 内存，limits 为 500m / 2Gi；CPU limit 是 request 的 5 倍", True),
    ("requests 为 100m CPU / 256Mi 内存，limits 为 500m / 2Gi；CPU limit 是 request 的 8 倍", False),
])
def test_a_multiple_of_one_measure_reads_that_measures_figures(claim: str, honest: bool) -> None:
    """"内存 limit 是 request 的 8 倍": memory's 2Gi over 256Mi, not the millicores written first."""
    assert (multiple_conflict(claim) is None) is honest


CERT_LOG = ("2025-06-19 08:35:17,235 ERROR    SSL certificate expired\n"
            "ExpiredCertException: Certificate expired on 2024-08-03 17:00:08\n")


@pytest.mark.parametrize(("claim", "honest"), [
    ("证书的过期时间是 2024-08-03 17:00:08，到 2025-06-19 08:35:17 报错时已经过期 319 天多", True),
    ("证书的过期时间是 2024-08-03 17:00:08，到 2025-06-19 08:35:17 报错时已经过期 349 天多", False),
])
def test_days_between_two_dates_the_claim_writes(claim: str, honest: bool) -> None:
    _judged(honest, claim, ["ExpiredCertException: Certificate expired on 2024-08-03 17:00:08",
                            "2025-06-19 08:35:17,235 ERROR    SSL certificate expired"], CERT_LOG)


FINDING = '{"creation_date": "2024-10-04 10:52:16.635001", "events": [["Evicted", "Warning", 1810617555000.0]]}'


@pytest.mark.parametrize(("claim", "honest"), [
    ("Evicted 事件的时间戳为 1810617555000（毫秒），换算为 2027-05-18 05:19:15", True),
    ("Evicted 事件的时间戳为 1810617555000（毫秒），换算为 2027-05-18 06:19:15", False),
])
def test_a_date_and_time_a_cited_epoch_converts_to(claim: str, honest: bool) -> None:
    _judged(honest, claim, '["Evicted", "Warning", 1810617555000.0]', FINDING, tool="fetch_finding")
