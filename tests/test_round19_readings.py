"""The nineteenth look (issue 9, rules-21): a red-team round of attacks with honest twins (`attack_ak`) and two
blind audits of honest Chinese sessions (AI, AJ). Each case is one class of reading, an attack beside its honest
twin; `expect` is "false" (the claim must not be accepted: neither direct_observation nor reasonable_inference)
or "honest" (it must be). Most cases failed before this look; the honest sides guard the new readings."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from test_meaning_classes import facts_of, ok_call, replay_all_direct, session

from groundcheck.programs.core.pipeline import verify_session

GOOD = {"direct_observation", "reasonable_inference"}
CASES: list[tuple[str, str, Callable[[], tuple[str, str]]]] = []


def case(name: str, expect: str, claim: str, excerpt: str | list[str], output: object, **kw: object) -> None:
    """One claim citing one call, its excerpts all of that call."""

    def run() -> tuple[str, str]:
        excerpts = [excerpt] if isinstance(excerpt, str) else excerpt
        extra = [
            {
                "source_type": "log",
                "source_id": "call_m1",
                "tool_name": kw.get("tool", "query_logs"),
                "source_invocation_ids": ["call_m1"],
                "evidence_excerpt": e,
            }
            for e in excerpts[1:]
        ]
        r = verify_session(session(claim, excerpts[0], output, extra_bindings=extra, **kw))  # type: ignore[arg-type]
        c = r.claim_checks[0]
        return c.verification, f"[verdict {r.verdict}] {c.detail}"

    CASES.append((name, expect, run))


# ------------------------------------------------------------ a share of a base its own sentence names
GC = (
    "[2026-11-30T09:41:12.331+0800][info][gc] GC(1183) Pause Young (Normal) (G1 Evacuation Pause) "
    "3012M->2140M(4096M) 48.213ms\n"
    "[2026-11-30T09:41:55.902+0800][info][gc] GC(1184) Pause Young (Concurrent Start) (G1 Humongous Allocation) "
    "3890M->3610M(4096M) 61.004ms\n"
    "[2026-11-30T09:42:03.117+0800][info][gc] GC(1185) Pause Full (G1 Compaction Pause) 4011M->3702M(4096M) "
    "2873.556ms\n"
    "[2026-11-30T09:42:31.540+0800][info][gc] GC(1186) Pause Full (G1 Compaction Pause) 4090M->3980M(4096M) "
    "3120.871ms\n"
)
case("own_share.honest", "honest", "第二次 Full GC 后堆仍占用 3980M，约为 4096M 上限的 97%", "4090M->3980M(4096M)", GC)
case(
    "own_share.another_rows_share",
    "false",
    "GC(1185) 之后堆占用 3702M，约为 4096M 上限的 97%",
    "4011M->3702M(4096M)",
    GC,
)
case(
    "own_share.errors_of_requests",
    "false",
    "错误 120 次，占总请求 4000 次的 30%",
    "errors=120 total=4000",
    "2026-11-30T10:00:00Z errors=120 total=4000",
)
case(
    "own_share.binary_g",
    "honest",
    "report-exporter 日志目录 41873 MiB，约占已用 89G 的 46%",
    "41873",
    "41873\t/var/log/report-exporter\nFilesystem Size Used Avail Use% Mounted on\n/dev/sda1 200G 89G 111G 45% /",
)

# ------------------------------------------------------------ a bound said of every value of a subject
case("every_bound.honest", "honest", "Young GC 停顿都在 70ms 以内", ["48.213ms", "61.004ms"], GC)
case("every_bound.a_young_pause_over", "false", "Young GC 停顿都在 50ms 以内", "48.213ms", GC)

# ------------------------------------------------------------ a share of the whole its quoted rows make up
STATUS = "status  count\n2xx     18342\n4xx     211\n5xx     1447\n"
case(
    "whole_share.honest",
    "honest",
    "这 5 分钟内 5xx 共 1447 次，占全部请求的约 7.2%",
    ["2xx     18342", "4xx     211", "5xx     1447"],
    STATUS,
)
case(
    "whole_share.two_parts_quotient",
    "false",
    "这 5 分钟内 5xx 共 1447 次，占全部请求的约 7.9%",
    ["2xx     18342", "4xx     211", "5xx     1447"],
    STATUS,
)
IIS = (
    "cs-uri-stem              sc-status sc-substatus  count time-taken\n"
    "/api/claims/submit       200       0            3122  2087\n"
    "/api/claims/submit       500       0            1284  30118\n"
)
IIS_ROWS = IIS.split("\n", 1)[1].rstrip("\n")
case(
    "whole_share.columns_honest",
    "honest",
    "/api/claims/submit 返回 500 共 1284 次，约占该接口请求的 29.1%",
    IIS_ROWS,
    IIS,
)
case(
    "whole_share.columns_wrong_denominator",
    "false",
    "/api/claims/submit 返回 500 共 1284 次，约占该接口请求的 41.1%",
    IIS_ROWS,
    IIS,
)

# ------------------------------------------------------------ a comparison its own figures break
CALLS = "2026-03-14T10:00:03.120+08:00 WARN call inventory-svc GET /v2/stock took 1204ms (threshold 500ms)\n"
case(
    "own_comparison.honest",
    "honest",
    "一次 inventory-svc 调用耗时 1204ms，超过了 500ms 的慢调用阈值",
    "took 1204ms (threshold 500ms)",
    CALLS,
)
case(
    "own_comparison.over_a_limit_it_is_under",
    "false",
    "一次 inventory-svc 调用耗时 1204ms，超过了 1500ms 的超时阈值",
    "took 1204ms (threshold 500ms)",
    CALLS + "timeout=1500ms\n",
)
case(
    "own_comparison.below_a_limit_is_no_denial",
    "honest",
    "一次 inventory-svc 调用耗时 1204ms，超过 500ms 慢调用阈值但未达到 1500ms 超时",
    "took 1204ms (threshold 500ms)",
    CALLS + "call inventory-svc failed: context deadline exceeded (timeout=1500ms)\n",
)
case(
    "own_comparison.compared_figure_is_no_bound",
    "honest",
    "GC 最大停顿只有 0.21 秒，远小于 12 秒的失联时长",
    ["max pause 0.21s", "have not heard from server in 12004ms"],
    "broker-2 gc max pause 0.21s\nclient session: have not heard from server in 12004ms, closing socket\n",
)

# ------------------------------------------------------------ units a key or a fraction gives
POLL = (
    "2026-03-14T03:12:40.553+08:00 WARN consumer-2 poll loop: processing batch took 312004 ms, exceeds "
    "max.poll.interval.ms=300000\n2026-03-14T03:12:43.107+08:00 INFO consumer-2 leaving group\n"
)
case(
    "dotted_key_unit.honest",
    "honest",
    "批处理耗时比 max.poll.interval.ms 多出约 12 秒",
    "processing batch took 312004 ms, exceeds max.poll.interval.ms=300000",
    POLL,
)
case(
    "dotted_key_unit.excess_is_no_gap_of_stamps",
    "false",
    "批处理耗时比 max.poll.interval.ms 多出约 2 秒",
    "processing batch took 312004 ms, exceeds max.poll.interval.ms=300000",
    POLL,
)
POOL = "2026-03-13T16:05:10.002Z INFO [cart-svc] redis pool: 3/50 connections in use (host=10.12.3.42:6379)\n"
case(
    "fraction.free_of_the_whole",
    "honest",
    "切换后连接池仅用 3/50，空闲 47 个",
    "redis pool: 3/50 connections in use",
    POOL,
)

# ------------------------------------------------------------ a gap between two stamps is a span only in span words
case("clock_gap.pause_is_no_gap", "false", "Full GC 停顿约 8 秒", "2873.556ms", GC)
case(
    "clock_gap.span_honest",
    "honest",
    "两次 Full GC 相隔约 28 秒",
    ["[2026-11-30T09:42:03.117+0800]", "[2026-11-30T09:42:31.540+0800]"],
    GC,
)

# ------------------------------------------------------------ the figure or the key beside the quote
case(
    "beside_quote.sibling_line",
    "false",
    "第二次 Full GC 停顿 2.87 秒",
    "GC(1186) Pause Full (G1 Compaction Pause) 4090M->3980M(4096M) 3120.871ms",
    GC,
)
case(
    "beside_quote.sibling_line_honest",
    "honest",
    "第二次 Full GC 停顿 3.12 秒",
    "GC(1186) Pause Full (G1 Compaction Pause) 4090M->3980M(4096M) 3120.871ms",
    GC,
)
case(
    "beside_quote.swapped_keys",
    "false",
    "这 5 分钟内 4xx 请求 1447 次，5xx 请求 211 次",
    ["4xx     211", "5xx     1447"],
    STATUS,
)
case(
    "beside_quote.keys_honest",
    "honest",
    "这 5 分钟内 4xx 请求 211 次，5xx 请求 1447 次",
    ["4xx     211", "5xx     1447"],
    STATUS,
)
case(
    "beside_quote.respective_keys_honest",
    "honest",
    "etcd-1、etcd-2 的 P99 分别只有 0.0061 秒和 0.0058 秒",
    "etcd-1   0.0061\netcd-2   0.0058",
    "instance   p99\netcd-1   0.0061\netcd-2   0.0058\netcd-3   1.204\n",
)
INFO = "# Stats\nrejected_connections:0\nevicted_keys:0\n"
case(
    "beside_quote.nonzero_of_a_zero",
    "false",
    "主节点已拒绝客户端连接（rejected_connections 非零）",
    "rejected_connections:0",
    INFO,
)
case("beside_quote.zero_honest", "honest", "rejected_connections 为 0", "rejected_connections:0", INFO)

# ------------------------------------------------------------ a subject in the place the quote gives another
NOTIFY = (
    "2026-03-14T11:02:15.004+08:00 ERROR [notify-svc] POST https://hooks.partner-a.com/v1/notify failed: "
    "dial tcp: lookup hooks.partner-a.com on 10.96.0.10:53: no such host\n"
    "2026-03-14T11:02:16.210+08:00 INFO [notify-svc] POST https://hooks.partner-b.com/v1/notify -> 200 OK (87ms)\n"
)
case(
    "glued_slot.another_host",
    "false",
    "推送到 hooks.partner-a.com 正常，返回 200 OK",
    "POST https://hooks.partner-b.com/v1/notify -> 200 OK (87ms)",
    NOTIFY,
)
case(
    "glued_slot.honest",
    "honest",
    "推送到 hooks.partner-b.com 正常，返回 200 OK",
    "POST https://hooks.partner-b.com/v1/notify -> 200 OK (87ms)",
    NOTIFY,
)
ROLLOUT = json.dumps(
    {
        "output": "REVISION  CHANGE-CAUSE\n7         image=gateway:v2.14.0 (2026-03-10 21:04)\n"
        "8         image=gateway:v2.14.1 (2026-03-13 22:31)\n"
        "9         image=gateway:v2.14.0 rollback (2026-03-14 01:12)\n"
    }
)
case(
    "glued_slot.version_in_a_json_string",
    "false",
    "当前线上版本（revision 9）为 gateway:v2.14.1",
    "9         image=gateway:v2.14.0 rollback",
    ROLLOUT,
    tool="kubectl_rollout",
)
case(
    "glued_slot.version_honest",
    "honest",
    "当前线上版本（revision 9）为 gateway:v2.14.0",
    "9         image=gateway:v2.14.0 rollback",
    ROLLOUT,
    tool="kubectl_rollout",
)
CHECKOUT = (
    "2026-03-14T10:00:04.870+08:00 ERROR [checkout] call inventory-svc GET /v2/stock failed: context "
    "deadline exceeded (timeout=1500ms)\n"
    "2026-03-14T10:00:05.120+08:00 ERROR [checkout] call payment-svc POST /v1/charge failed: 502 Bad Gateway\n"
)
case(
    "word_slot.another_service",
    "false",
    "调用 inventory-svc 返回 502 Bad Gateway",
    "call payment-svc POST /v1/charge failed: 502 Bad Gateway",
    CHECKOUT,
)
case(
    "word_slot.honest",
    "honest",
    "调用 payment-svc 返回 502 Bad Gateway",
    "call payment-svc POST /v1/charge failed: 502 Bad Gateway",
    CHECKOUT,
)

# ------------------------------------------------------------ a course over the window its clocks name
P99 = json.dumps(
    {
        "metric": "p99",
        "values": [
            ["2026-03-14T10:00:00+08:00", 0.203],
            ["2026-03-14T10:05:00+08:00", 1.382],
            ["2026-03-14T10:10:00+08:00", 1.215],
            ["2026-03-14T10:15:00+08:00", 0.412],
        ],
    }
)
case(
    "window_course.falling",
    "false",
    "P99 延迟 10:05 之后仍持续上升，10:15 为 0.412s",
    '["2026-03-14T10:15:00+08:00", 0.412]',
    P99,
    tool="query_metrics",
    source_type="metric",
)
case(
    "window_course.falling_honest",
    "honest",
    "P99 延迟 10:05 之后回落，10:15 降至 0.412s",
    '["2026-03-14T10:15:00+08:00", 0.412]',
    P99,
    tool="query_metrics",
    source_type="metric",
)
MEM = json.dumps(
    {
        "metric": "container_memory_working_set_bytes",
        "pod": "redis-cart-0",
        "values": [
            ["2026-03-13T15:55:00Z", 3165470566],
            ["2026-03-13T16:00:00Z", 4187593113],
            ["2026-03-13T16:05:00Z", 4290772992],
        ],
    }
)
case(
    "window_course.flat_over_a_rise",
    "false",
    "redis-cart-0 内存工作集从 15:55 到 16:05 基本平稳",
    '["2026-03-13T16:05:00Z", 4290772992]',
    MEM,
    tool="query_metrics",
    source_type="metric",
)
case(
    "window_course.rise_honest",
    "honest",
    "redis-cart-0 内存工作集从 15:55 到 16:05 持续上升",
    '["2026-03-13T16:05:00Z", 4290772992]',
    MEM,
    tool="query_metrics",
    source_type="metric",
)

# ------------------------------------------------------------ words and scope
case("evicted_in_chinese.denied_by_a_zero", "false", "主节点已有大量键被淘汰", "evicted_keys:0", INFO)
case("evicted_in_chinese.honest", "honest", "evicted_keys 为 0，没有发生键淘汰", "evicted_keys:0", INFO)
NFS = (
    "/data/shared nfs-filer-01:/export/shared nfs4 rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,hard,"
    "timeo=600,retrans=2\n"
)
case("keys_share_a_value.honest", "honest", "rsize/wsize 均为 1048576", "rsize=1048576,wsize=1048576", NFS)
case(
    "keys_share_a_value.one_differs",
    "false",
    "rsize/wsize 均为 1048576",
    "rsize=1048576",
    NFS.replace("wsize=1048576", "wsize=65536"),
)
RS = json.dumps({"members": [{"name": "m0", "health": 1}, {"name": "m1", "health": 1}, {"name": "m2", "health": 1}]})
case(
    "keys_share_a_value.counted_members", "honest", "三个成员 health 均为 1", '"health": 1', RS, tool="mongo_rs_status"
)
case("keys_share_a_value.counted_wrong", "false", "四个成员 health 均为 1", '"health": 1', RS, tool="mongo_rs_status")
ZK = (
    "2026-06-03 03:41:07,112 INFO Expiring session 0x30000a1f2c40007, timeout of 18000ms exceeded\n"
    "2026-06-03 03:41:07,113 INFO Expiring session 0x30000a1f2c4001c, timeout of 18000ms exceeded\n"
    "zk_server_state\tleader\n"
)
case(
    "counted_quotes_of_a_shape.honest",
    "honest",
    "两个会话都是以 timeout of 18000ms exceeded 为由过期的",
    [
        "Expiring session 0x30000a1f2c40007, timeout of 18000ms exceeded",
        "Expiring session 0x30000a1f2c4001c, timeout of 18000ms exceeded",
        "zk_server_state\tleader",
    ],
    ZK,
)
case(
    "almost_all_is_no_scope",
    "honest",
    "5xx 基本都是后端目标返回的",
    '"HTTPCode_Target_5XX_Count": 1842',
    '{"HTTPCode_Target_5XX_Count": 1842, "HTTPCode_ELB_5XX_Count": 4}',
    tool="cloudwatch",
)

# ------------------------------------------------------------ arithmetic the outputs state operands of
IOSTAT = (
    "Device   r/s     rkB/s  w/s     wkB/s   r_await w_await f_await  %util\n"
    "sdb      1.20    19.20  318.40  40755.20  2.33  1180.42  1342.77  99.84\n"
)
case("iostat_await_in_ms", "honest", "sdb 写等待 w_await 1180.42 ms（约 1.18 秒）", "1180.42", IOSTAT, tool="node_exec")
DNS = (
    '@ 2026-02-26T11:20:00+08:00\n  {rcode="NOERROR"}  8123.4\n  {rcode="NXDOMAIN"}  3011.7\n'
    '  {rcode="SERVFAIL"}  402.6\n'
)
case(
    "sum_of_a_block.honest",
    "honest",
    "11:20 时三类响应合计 11537.7/s",
    '{rcode="NOERROR"}  8123.4\n  {rcode="NXDOMAIN"}  3011.7\n  {rcode="SERVFAIL"}  402.6',
    DNS,
    tool="query_metrics",
    source_type="metric",
)
case(
    "sum_of_a_block.wrong",
    "false",
    "11:20 时三类响应合计 12537.7/s",
    '{rcode="NOERROR"}  8123.4\n  {rcode="NXDOMAIN"}  3011.7\n  {rcode="SERVFAIL"}  402.6',
    DNS,
    tool="query_metrics",
    source_type="metric",
)
LAG = "PARTITION  LAG\n0          42\n1          24\n2          287113\n3          289002\n"
case(
    "partition_ids_are_no_addends",
    "honest",
    "分区 2、3 的 LAG 合计 576115",
    ["2          287113", "3          289002"],
    LAG,
    tool="kafka_consumer_groups",
)
case(
    "partition_ids_wrong_total",
    "false",
    "分区 2、3 的 LAG 合计 586115",
    ["2          287113", "3          289002"],
    LAG,
    tool="kafka_consumer_groups",
)
ES = (
    "[cluster.routing.allocation.disk.watermark.low=85%], actual free: [11.8%]\nactual free: [10.7%]\n"
    "actual free: [12.6%]\n"
)
case(
    "bound_after_a_list.honest",
    "honest",
    "剩余空间 11.8%、10.7%、12.6%，低于 15%",
    ["actual free: [11.8%]", "actual free: [10.7%]", "actual free: [12.6%]"],
    ES,
)
case(
    "bound_after_a_list.broken",
    "false",
    "剩余空间 11.8%、10.7%、12.6%，低于 12%",
    ["actual free: [11.8%]", "actual free: [10.7%]", "actual free: [12.6%]"],
    ES,
)
CERT = "notBefore=Dec 15 08:12:44 2025 GMT\nnotAfter=Mar 15 08:12:43 2026 GMT\n"
case(
    "days_between_days.honest",
    "honest",
    "该证书有效期为 90 天（2025-12-15 至 2026-03-15）",
    ["notBefore=Dec 15 08:12:44 2025 GMT", "notAfter=Mar 15 08:12:43 2026 GMT"],
    CERT,
    tool="openssl",
)
case(
    "days_between_days.wrong",
    "false",
    "该证书有效期为 80 天（2025-12-15 至 2026-03-15）",
    ["notBefore=Dec 15 08:12:44 2025 GMT", "notAfter=Mar 15 08:12:43 2026 GMT"],
    CERT,
    tool="openssl",
)
ZKSTAT = "zk_avg_latency\t3\nzk_max_latency\t9402\nzk_min_latency\t0\n"
case(
    "a_min_in_a_name_is_no_minutes",
    "honest",
    "zk_max_latency 为 9402 ms",
    "zk_max_latency\t9402",
    ZKSTAT,
    tool="zk_mntr",
)
ZK3 = "zk-2 zk_max_latency\t9402\nzk-1 zk_max_latency\t412\nzk-3 zk_max_latency\t388\nzk_min_latency\t0\n"
case(
    "multiple_of_a_unit_written_once.honest",
    "honest",
    "zk-2 为 9402 ms，而 zk-1 为 412、zk-3 为 388，zk-2 约是 zk-1 的 23 倍",
    ["zk-2 zk_max_latency\t9402", "zk-1 zk_max_latency\t412"],
    ZK3,
    tool="zk_mntr",
)
case(
    "multiple_of_a_unit_written_once.wrong",
    "false",
    "zk-2 为 9402 ms，而 zk-1 为 412、zk-3 为 388，zk-2 约是 zk-1 的 30 倍",
    ["zk-2 zk_max_latency\t9402", "zk-1 zk_max_latency\t412"],
    ZK3,
    tool="zk_mntr",
)

# ------------------------------------------------------------ zones of a date and time
case(
    "zoned_moment.openssl_honest",
    "honest",
    "证书将于北京时间 2026-03-15 16:12:43 过期",
    "notAfter=Mar 15 08:12:43 2026 GMT",
    CERT,
    tool="openssl",
)
case(
    "zoned_moment.gmt_called_beijing",
    "false",
    "证书将于北京时间 2026-03-15 08:12:43 过期",
    "notAfter=Mar 15 08:12:43 2026 GMT",
    CERT,
    tool="openssl",
)
REDIS_LOG = "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed: i/o timeout after 2000ms\n"
case(
    "zoned_moment.day_rolls_over_honest",
    "honest",
    "首次 redis 超时出现在北京时间 3 月 14 日 00:04:57",
    "2026-03-13T16:04:57.881Z ERROR",
    REDIS_LOG,
)
case(
    "zoned_moment.day_kept",
    "false",
    "首次 redis 超时出现在北京时间 3 月 13 日 00:04:57",
    "2026-03-13T16:04:57.881Z ERROR",
    REDIS_LOG,
)
case(
    "zoned_moment.zone_earlier_in_the_sentence",
    "honest",
    "换算成北京时间，首次超时在 3 月 14 日 00:04:57",
    "2026-03-13T16:04:57.881Z ERROR",
    REDIS_LOG,
)

# ------------------------------------------------------------ words that are no denial, failures of no component
case(
    "no_denial.without_end",
    "honest",
    "每 10 秒无限重启，NRestarts 已达 146 次",
    "Restart=always\nRestartUSec=10s\nNRestarts=146",
    "Restart=always\nRestartUSec=10s\nNRestarts=146\n",
    tool="systemctl_show",
)
case(
    "no_denial.unhandled",
    "honest",
    "事件 3005 为未处理异常，类型 SqlException",
    "Event code: 3005 \nEvent message: An unhandled exception has occurred.\nException type: SqlException",
    "Event code: 3005 \nEvent message: An unhandled exception has occurred.\nException type: SqlException\n",
    tool="eventlog",
)
case(
    "zero_counter_wording",
    "honest",
    "items:12 和 items:13 的 outofmemory 计数都为 0",
    ["STAT items:12:outofmemory 0", "STAT items:13:outofmemory 0"],
    "STAT items:12:outofmemory 0\nSTAT items:13:outofmemory 0\n",
    tool="memcached_stats",
)
CASS = "== cass-node-3 ==\nPool Name   Active   Pending   Completed\nReadStage   32       1847      918273645\n"
CASS1 = "== cass-node-1 ==\nPool Name   Active   Pending   Completed\nReadStage   3        0         902331877\n"


@pytest.mark.parametrize(("name", "expect", "run"), CASES, ids=[c[0] for c in CASES])
def test_a_reading_of_the_nineteenth_look(name: str, expect: str, run: Callable[[], tuple[str, str]]) -> None:
    verification, detail = run()
    assert (verification in GOOD) is (expect == "honest"), detail


def _two_calls(claim: str, first: tuple[str, str], second: tuple[str, str]) -> dict:
    s = session(
        claim,
        first[0],
        first[1],
        tool="nodetool",
        extra_calls=[ok_call("call_m2", "nodetool", {"host": "cass-node-1"}, second[1])],
        extra_bindings=[
            {
                "source_type": "log",
                "source_id": "call_m2",
                "tool_name": "nodetool",
                "source_invocation_ids": ["call_m2"],
                "evidence_excerpt": second[0],
            }
        ],
    )
    return s


def test_a_row_another_cited_output_holds_is_no_other_row() -> None:
    claim = "cass-node-3 的 ReadStage 有 1847 个排队，而 cass-node-1 的 ReadStage Pending 为 0"
    honest = _two_calls(claim, ("ReadStage   32       1847", CASS), ("ReadStage   3        0", CASS1))
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    attack = _two_calls(
        claim.replace("Pending 为 0", "Pending 为 5"),
        ("ReadStage   32       1847", CASS),
        ("ReadStage   3        0", CASS1),
    )
    assert verify_session(attack).verdict != "PASS"


def _quoting(claim: str, excerpts: list[str], output: object) -> dict:
    extra = [
        {
            "source_type": "log",
            "source_id": "call_m1",
            "tool_name": "query_logs",
            "source_invocation_ids": ["call_m1"],
            "evidence_excerpt": e,
        }
        for e in excerpts[1:]
    ]
    return session(claim, excerpts[0], output, extra_bindings=extra)


def test_the_new_contradicting_readings_are_soft() -> None:
    # a model may overrule a reading of which row, line or window a sentence means (spec §8): not a floor
    for claim, excerpts, output in [
        ("这 5 分钟内 5xx 共 1447 次，占全部请求的约 7.9%", ["2xx     18342", "4xx     211", "5xx     1447"], STATUS),
        (
            "第二次 Full GC 停顿 2.87 秒",
            ["GC(1186) Pause Full (G1 Compaction Pause) 4090M->3980M(4096M) 3120.871ms"],
            GC,
        ),
        ("Young GC 停顿都在 50ms 以内", ["48.213ms"], GC),
    ]:
        attack = _quoting(claim, excerpts, output)
        _, soft = facts_of(attack)
        assert soft & {"whole_share", "beside_quote", "bound_broken"}, (claim, soft)
        assert replay_all_direct(attack) == "PASS", claim


def test_a_zoned_moment_of_another_day_is_a_hard_fact() -> None:
    attack = session("首次 redis 超时出现在北京时间 3 月 13 日 00:04:57", "2026-03-13T16:04:57.881Z ERROR", REDIS_LOG)
    hard, _ = facts_of(attack)
    assert "absent_mention" in hard
    assert replay_all_direct(attack) != "PASS"  # a floor: no model lifts it


def test_an_answer_restating_a_claims_date_with_other_spacing_is_backed() -> None:
    s = session(
        "首次 redis 超时出现在北京时间 3 月 14 日 00:04",
        "2026-03-13T16:04:57.881Z ERROR",
        REDIS_LOG,
        answer="首次超时出现在 3 月 14 日 00:04（北京时间）。",
    )
    record = verify_session(s)
    assert record.verdict == "PASS", record.rationale


def test_an_answer_reporting_what_its_claim_denies_is_contradicted() -> None:
    claim = "evicted_keys 为 0，没有发生键淘汰"
    honest = session(claim, "evicted_keys:0", INFO, answer="evicted_keys 为 0，主节点没有发生键淘汰。")
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    attack = session(claim, "evicted_keys:0", INFO, answer="evicted_keys 为 0，但主节点已经发生了键淘汰。")
    record = verify_session(attack)
    assert record.verdict != "PASS"
    assert any(f.classification == "contradicted" and f.source == "user_facing_answer" for f in record.facts_checked)


SLO = json.dumps({"metric": "slo:availability", "service": "gateway", "objective": 0.999, "value": 0.99437,
                  "error_budget_remaining": -4.63})


@pytest.mark.parametrize(
    ("claim", "honest"),
    [
        ("gateway 的错误预算仍剩余 4.63", False),  # the output writes -4.63: a figure of another sign
        ("gateway 的错误预算剩余为 -4.63，已经透支", True),
        ("gateway 的错误预算已超支，剩余为负 4.63", True),
        ("gateway 的错误预算比目标低 4.63", True),  # the sign in words
    ],
)
def test_a_figure_the_outputs_write_only_with_a_minus_sign(claim: str, honest: bool) -> None:
    record = verify_session(session(claim, '"error_budget_remaining": -4.63', SLO, tool="query_metrics",
                                    source_type="metric"))
    check = record.claim_checks[0]
    assert (check.verification in GOOD) is honest, check.detail
    if not honest:
        hard, _ = facts_of(session(claim, '"error_budget_remaining": -4.63', SLO, tool="query_metrics",
                                   source_type="metric"))
        assert "absent_mention" in hard  # a floor


def test_a_dash_between_figures_is_no_sign() -> None:
    output = "2026-03-14T10:00:00+08:00 retries 10-20 window\nbackoff range 10-20 s\n"
    record = verify_session(session("重试退避区间为 10-20 秒，3 月 14 日开始", "backoff range 10-20 s", output))
    assert record.claim_checks[0].verification in GOOD, record.claim_checks[0].detail
