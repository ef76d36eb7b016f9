"""A review of the nineteenth look's first cut (issue 9, rules-21): a helper read the diff and attacked each new
excuse (false claims it might let through) and each new reading (honest claims it might reject); 26 of its cases
were wrong on the first cut and right at rules-20, all mended. `expect` is "false" (not accepted: no PASS, and the
claim neither direct_observation nor reasonable_inference; for `answer_*`, no PASS) or "honest" (PASS). The cases
wrong at rules-20 as well that stay open are listed in `_OPEN`, not asserted."""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
from test_meaning_classes import session

from groundcheck.programs.core.pipeline import verify_session


def mk(
    claim,
    excerpts,
    output,
    *,
    tool="query_logs",
    source_type="log",
    arguments=None,
    answer=None,
    extra_calls=None,
    extra_bindings=None,
    query="出了什么问题？",
):
    """`test_meaning_classes.session` with one binding per excerpt, all citing the one call."""
    excerpts = [excerpts] if isinstance(excerpts, str) else excerpts
    more = [
        {
            "source_type": source_type,
            "source_id": "call_m1",
            "tool_name": tool,
            "source_invocation_ids": ["call_m1"],
            "evidence_excerpt": e,
        }
        for e in excerpts[1:]
    ]
    s = session(
        claim, excerpts[0], output, arguments=arguments, tool=tool, source_type=source_type, answer=answer,
        extra_bindings=more + (extra_bindings or []), extra_calls=extra_calls,
    )
    return {**s, "session_id": "review19", "original_query": query}


def call(iid, tool, arguments, output):
    return {
        "invocation_id": iid,
        "trace_ref": f"trace:{zlib.crc32(iid.encode()):016x}",
        "tool_name": tool,
        "arguments": arguments,
        "status": "ok",
        "output": output,
    }


def bind(iid, tool, excerpt, source_type="log"):
    return {
        "source_type": source_type,
        "source_id": iid,
        "tool_name": tool,
        "source_invocation_ids": [iid],
        "evidence_excerpt": excerpt,
    }


GOOD = {"direct_observation", "reasonable_inference"}

CASES = []


def c(name, expect, s):
    CASES.append((name, expect, s))


DROP = {"every_bound.config_line_honest", "unhandled.not_processed", "answer_entities.answer_wrong_zone"}

# ======== from b1.py

# --- negator bound: "未达到 1500ms 超时" when it did time out
OUT = (
    "2026-03-14T10:00:03.120+08:00 WARN [checkout] call inventory-svc GET /v2/stock took 1204ms\n"
    "2026-03-14T10:00:04.870+08:00 ERROR [checkout] call inventory-svc GET /v2/stock failed after 1500ms: context deadline exceeded (timeout=1500ms)\n"
)
c(
    "negbound.did_time_out",
    "false",
    mk(
        "inventory-svc 调用未达到 1500ms 超时，失败原因是库存服务返回错误",
        "call inventory-svc GET /v2/stock failed after 1500ms: context deadline exceeded (timeout=1500ms)",
        OUT,
    ),
)
c(
    "negbound.honest",
    "honest",
    mk(
        "一次 inventory-svc 调用耗时 1204ms，未达到 1500ms 超时",
        ["call inventory-svc GET /v2/stock took 1204ms", "timeout=1500ms"],
        OUT,
    ),
)
# --- 未捕获 not a negator
OOM = (
    '2026-03-14T02:11:07.331+08:00 ERROR [order-api] Exception in thread "kafka-consumer-1" java.lang.OutOfMemoryError: Java heap space\n'
    "2026-03-14T02:11:07.402+08:00 INFO [order-api] consumer-1 leaving group\n"
)
c(
    "uncaught.denial_read_as_report",
    "false",
    mk("order-api 日志中未捕获到 OutOfMemoryError，消费者是正常退出的", "consumer-1 leaving group", OOM),
)
c(
    "unhandled.not_processed",
    "false",
    mk("order-api 未处理 OutOfMemoryError 之外的异常", "java.lang.OutOfMemoryError: Java heap space", OOM),
)
# --- bare timeout no network failure
DB = (
    "2026-03-14T09:12:01.118+08:00 ERROR [billing] HikariPool-1 - Connection is not available: dial tcp 10.20.3.4:5432: i/o timeout\n"
    "2026-03-14T09:12:06.204+08:00 ERROR [billing] HikariPool-1 - Connection is not available: dial tcp 10.20.3.4:5432: i/o timeout\n"
)
c(
    "bare_timeout.network_denied",
    "false",
    mk("billing 连接数据库失败不是网络不通导致的，而是连接池耗尽", "dial tcp 10.20.3.4:5432: i/o timeout", DB),
)
# --- zero value with 计数
MC = "STAT items:12:outofmemory 37\nSTAT items:13:outofmemory 0\nSTAT items:12:evicted 0\n"
c(
    "zero_count.wrong_slab",
    "false",
    mk("items:12 的 outofmemory 计数为 0", "STAT items:13:outofmemory 0", MC, tool="memcached_stats"),
)
VM = "oom_kill 3\npgmajfault 0\npgfault 18234411\n"
c(
    "zero_count.vmstat",
    "false",
    mk("/proc/vmstat 中 oom_kill 计数为 0，没有发生过 OOM kill", "pgmajfault 0", VM, tool="node_exec"),
)
# --- refused now lists "cannot allocate"
FORK = (
    "2026-03-14T03:00:01.002+08:00 ERROR [redis] Can't save in background: fork: Cannot allocate memory\n"
    "2026-03-14T03:00:01.003+08:00 WARN [redis] MISCONF errors writing to disk are disabled\n"
)
c(
    "refused_glossary.enomem_is_no_refusal",
    "honest",
    mk(
        "RDB 后台保存失败不是连接被拒绝，而是 fork 时内存不足（Cannot allocate memory）",
        "Can't save in background: fork: Cannot allocate memory",
        FORK,
        tool="query_logs",
    ),
)
# --- 淘汰 policy
RI = "maxmemory:4294967296\nmaxmemory_policy:allkeys-lru\nevicted_keys:0\nused_memory:1073741824\n"
c(
    "evict_word.policy_honest",
    "honest",
    mk("maxmemory_policy 为 allkeys-lru，内存满时按 LRU 淘汰键", "maxmemory_policy:allkeys-lru", RI, tool="redis_info"),
)
c(
    "evict_word.none_yet_honest",
    "honest",
    mk("当前尚未发生键淘汰，evicted_keys 为 0", "evicted_keys:0", RI, tool="redis_info"),
)
# --- 基本都
ALB = '{"HTTPCode_Target_5XX_Count": 12, "HTTPCode_ELB_5XX_Count": 1830}'
c(
    "almost_all.wrong_side",
    "false",
    mk("5xx 基本都是后端目标返回的", '"HTTPCode_Target_5XX_Count": 12', ALB, tool="cloudwatch"),
)
c(
    "almost_all.daduo",
    "false",
    mk(
        "5xx 错误大都是 ELB 自身返回的",
        '"HTTPCode_ELB_5XX_Count": 1830',
        '{"HTTPCode_Target_5XX_Count": 1842, "HTTPCode_ELB_5XX_Count": 4}',
        tool="cloudwatch",
    ),
)

# ======== from b2.py
OOM = (
    '2026-03-14T02:11:07.331+08:00 ERROR [order-api] Exception in thread "kafka-consumer-1" java.lang.OutOfMemoryError: Java heap space\n'
    "2026-03-14T02:11:07.402+08:00 INFO [order-api] consumer-1 leaving group\n"
)
c(
    "uncaught.denial2",
    "false",
    mk(
        "order-api 日志中未捕获到 OutOfMemoryError，consumer-1 离开消费组属于正常再均衡",
        "consumer-1 leaving group",
        OOM,
    ),
)
VM = "oom_kill 3\npgmajfault 0\npgfault 18234411\n"
c(
    "zero_count.vmstat",
    "false",
    mk("vmstat 中 oom_kill 计数为 0，没有发生过 OOM kill", "pgmajfault 0", VM, tool="node_exec"),
)
# whole share
IIS = (
    "cs-uri-stem              sc-status sc-substatus  count time-taken\n"
    "/api/claims/submit       200       0            3122  2087\n"
    "/api/claims/submit       500       0            1284  30118\n"
)
Q = "/api/claims/submit       200       0            3122  2087\n/api/claims/submit       500       0            1284  30118"
c(
    "whole_share.time_column",
    "false",
    mk("/api/claims/submit 返回 500 共 1284 次，约占该接口请求的 93.5%", Q, IIS, tool="iis_logparser"),
)
c(
    "whole_share.status_column",
    "false",
    mk("/api/claims/submit 返回 500 共 1284 次，约占该接口请求的 71.4%", Q, IIS, tool="iis_logparser"),
)
ST = "status  count\n2xx     18342\n3xx     620\n4xx     211\n5xx     1447\n"
c(
    "whole_share.errors_only_quoted",
    "false",
    mk("这 5 分钟内 5xx 共 1447 次，占全部请求的约 63.7%", ["3xx     620", "4xx     211", "5xx     1447"], ST),
)
PROM = "http_requests_total 20000\nhttp_requests_5xx 1447\n"
c(
    "whole_share.total_metric_honest",
    "honest",
    mk(
        "这 5 分钟内 5xx 共 1447 次，占全部请求的约 7.2%",
        ["http_requests_total 20000", "http_requests_5xx 1447"],
        PROM,
        tool="query_metrics",
        source_type="metric",
    ),
)
TOP = "error_type        count\ntimeout           1200\nconn_refused      800\nconn_reset        400\n... 14 more types\ntotal             3000\n"
c(
    "whole_share.topn_honest",
    "honest",
    mk(
        "timeout 共 1200 次，占全部错误的 40%",
        ["timeout           1200", "conn_refused      800", "conn_reset        400"],
        TOP,
    ),
)
# own share
DF = "Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme0n1p1  200G  178G   22G  89% /\n"
c(
    "own_share.remaining_honest",
    "honest",
    mk(
        "根分区已用 178G，剩余空间仅为 200G 总容量的 11%",
        "/dev/nvme0n1p1  200G  178G   22G  89% /",
        DF,
        tool="node_exec",
    ),
)
DF2 = "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1       100G   89G  7.0G  93% /\n"
c(
    "own_share.df_reserved_honest",
    "honest",
    mk("根分区已用 89G，约为 100G 容量的 93%", "/dev/sda1       100G   89G  7.0G  93% /", DF2, tool="node_exec"),
)
# own comparison
P = "p99_ms 2300\nmean_ms 300\nslo_p99_ms 2000\n"
c(
    "own_comparison.ratio_then_bound_honest",
    "honest",
    mk(
        "P99 2300ms，约为平均值 300ms 的 7.7 倍，超过了 2000ms 的 SLO 阈值",
        ["p99_ms 2300", "mean_ms 300", "slo_p99_ms 2000"],
        P,
        tool="query_metrics",
        source_type="metric",
    ),
)
# keys share a value
NFS = (
    "/data/a nfs-filer-01:/export/a nfs4 rw,vers=4.1,rsize=1048576,wsize=1048576,hard\n"
    "/data/b nfs-filer-02:/export/b nfs4 rw,vers=4.1,rsize=1048576,wsize=1048576,hard\n"
)
c(
    "keys_share.all_mounts_overstated",
    "false",
    mk("所有 NFS 挂载（共 5 个）的 rsize/wsize 均为 1048576", "rsize=1048576,wsize=1048576", NFS, tool="node_exec"),
)
# range holds every quote
GCS = (
    "[gc] GC(7) Pause Full 8190M->7604M(8192M) 3312.1ms\n[gc] GC(8) Pause Full 8192M->7790M(8192M) 3518.2ms\n"
    "[gc] GC(9) Pause Full 8192M->6120M(8192M) 3401.9ms\n"
)
c(
    "range.third_outside",
    "false",
    mk("每次 Full GC 后堆占用仍在 7604M～7790M", ["8190M->7604M(8192M)", "8192M->7790M(8192M)"], GCS),
)
c(
    "range.before_not_after",
    "false",
    mk(
        "每次 Full GC 后堆占用仍在 8190M～8192M",
        ["8190M->7604M(8192M)", "8192M->7790M(8192M)"],
        GCS.replace("6120M", "7700M"),
    ),
)
# counted quotes of one shape
KE = (
    "NAME          READY  STATUS    RESTARTS  LAST-EXIT\n"
    "api-7f9c4     0/1    CrashLoopBackOff  5  exit code 137\n"
    "api-8d2e1     0/1    CrashLoopBackOff  3  exit code 137\n"
    "api-9a3b7     0/1    CrashLoopBackOff  4  exit code 143\n"
)
c(
    "counted_shape.exit_codes_differ",
    "false",
    mk(
        "三个 Pod 都是因 exit code 137 被 OOM 杀掉的",
        [
            "api-7f9c4     0/1    CrashLoopBackOff  5  exit code 137",
            "api-8d2e1     0/1    CrashLoopBackOff  3  exit code 137",
            "api-9a3b7     0/1    CrashLoopBackOff  4  exit code 143",
            "NAME          READY  STATUS",
        ],
        KE,
        tool="kubectl",
    ),
)

# ======== from b3.py
PROM = "http_requests_total 20000\nhttp_requests_5xx 1447\n"
c(
    "whole_share.total_metric_honest",
    "honest",
    mk(
        "5xx 共 1447 次，占全部请求的约 7.2%",
        ["http_requests_total 20000", "http_requests_5xx 1447"],
        PROM,
        tool="query_metrics",
        source_type="metric",
    ),
)
IIS3 = (
    "cs-uri-stem              sc-status sc-substatus  count time-taken\n"
    "/api/claims/submit       200       0            3122  2087\n"
    "/api/claims/submit       500       0            1284  30118\n"
    "/api/claims/submit       503       0            211   91\n"
)
Q3 = "/api/claims/submit       200       0            3122  2087\n/api/claims/submit       500       0            1284  30118\n/api/claims/submit       503       0            211   91"
c(
    "whole_share.time_column3",
    "false",
    mk("/api/claims/submit 返回 500 共 1284 次，约占该接口请求的 93.3%", Q3, IIS3, tool="iis_logparser"),
)
NFS = "/data/a nfs-filer-01:/export/a nfs4 rw,vers=4.1,rsize=1048576,wsize=1048576,hard\n"
c(
    "keys_share.all_mounts_overstated",
    "false",
    mk("集群所有节点上 NFS 挂载的 rsize/wsize 均为 1048576", "rsize=1048576,wsize=1048576", NFS, tool="node_exec"),
)
KE = (
    "NAME          READY  STATUS    RESTARTS  LAST-EXIT\n"
    "api-7f9c4     0/1    CrashLoopBackOff  5  exit code 137\n"
    "api-8d2e1     0/1    CrashLoopBackOff  3  exit code 137\n"
    "api-9a3b7     0/1    CrashLoopBackOff  4  exit code 143\n"
)
c(
    "counted_shape.exit_codes_differ",
    "false",
    mk(
        "这三个实例都是因 exit code 137 退出的",
        [
            "api-7f9c4     0/1    CrashLoopBackOff  5  exit code 137",
            "api-8d2e1     0/1    CrashLoopBackOff  3  exit code 137",
            "api-9a3b7     0/1    CrashLoopBackOff  4  exit code 143",
            "NAME          READY  STATUS",
        ],
        KE,
        tool="kubectl",
    ),
)
# bound after a list: fabricated threshold
ES = "[cluster.routing.allocation.disk.watermark.low=85%], actual free: [11.8%]\nactual free: [10.7%]\nactual free: [12.6%]\n"
c(
    "bound_after_list.fabricated_line",
    "false",
    mk(
        "三个数据节点剩余空间 11.8%、10.7%、12.6%，低于 13% 的高水位线",
        ["actual free: [11.8%]", "actual free: [10.7%]", "actual free: [12.6%]"],
        ES,
        tool="es_logs",
    ),
)
# days between bare dates
CERT = "notBefore=Dec 15 08:12:44 2025 GMT\nnotAfter=Mar 15 08:12:43 2026 GMT\n"
DATE = "Sun Mar  1 10:00:00 CST 2026\n"
c(
    "days.remaining_is_not_validity",
    "false",
    mk(
        "该证书距离过期还剩 90 天（2025-12-15 至 2026-03-15）",
        ["notBefore=Dec 15 08:12:44 2025 GMT", "notAfter=Mar 15 08:12:43 2026 GMT"],
        CERT,
        tool="openssl",
    ),
)
c(
    "days.wrong_start_date",
    "false",
    mk(
        "该证书有效期为 365 天（2025-03-15 至 2026-03-15）",
        ["notBefore=Dec 15 08:12:44 2025 GMT", "notAfter=Mar 15 08:12:43 2026 GMT"],
        CERT,
        tool="openssl",
    ),
)
# zoned moments
REDIS_LOG = (
    "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed: i/o timeout after 2000ms\n"
    "2026-03-13T16:09:12.004Z ERROR [order-svc] POST /v1/orders -> 502 Bad Gateway\n"
)
c(
    "zoned.other_event_at_that_moment",
    "false",
    mk("北京时间 3 月 14 日 00:04:57 order-svc 开始返回 502", "2026-03-13T16:04:57.881Z ERROR", REDIS_LOG),
)
c(
    "zoned.log_time_restated_honest",
    "honest",
    mk(
        "首次超时在北京时间 3 月 14 日 00:04:57（日志记录为 3 月 13 日 16:04:57）",
        "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed",
        REDIS_LOG,
    ),
)
c(
    "zoned.utc8_suffix_false",
    "false",
    mk("首次 redis 超时出现在 3 月 13 日 16:04:57 UTC+8", "2026-03-13T16:04:57.881Z ERROR", REDIS_LOG),
)
# answer entities
c(
    "answer_entities.answer_wrong_zone",
    "false",
    mk(
        "首次 redis 超时出现在北京时间 3 月 14 日 00:04:57",
        "2026-03-13T16:04:57.881Z ERROR",
        REDIS_LOG,
        answer="首次 redis 超时出现在 3月14日 00:04:57（UTC）。建议检查 redis。",
    ),
)

# ======== from b4.py
REDIS_LOG = "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed: i/o timeout after 2000ms\n"
c(
    "answer_entities.answer_beijing_for_utc",
    "false",
    mk(
        "首次 redis 超时出现在 3 月 13 日 16:04:57（UTC）",
        "2026-03-13T16:04:57.881Z ERROR",
        REDIS_LOG,
        answer="首次 redis 超时出现在北京时间 3月13日 16:04:57。建议检查 redis。",
    ),
)
# other row across outputs
CASS3 = "== cass-node-3 ==\nPool Name   Active   Pending   Completed\nReadStage   32       1847      918273645\n"
CASS1 = "== cass-node-1 ==\nPool Name   Active   Pending   Completed\nReadStage   3        0         902331877\n"


def two(claim, q1, q2):
    return mk(
        claim,
        q1,
        CASS3,
        tool="nodetool",
        extra_calls=[call("call_m2", "nodetool", {"host": "cass-node-1"}, CASS1)],
        extra_bindings=[bind("call_m2", "nodetool", q2)],
    )


c(
    "other_row.node3_given_node1s_zero",
    "false",
    two(
        "cass-node-3 的 ReadStage Pending 为 0，cass-node-1 的 ReadStage Active 为 3",
        "ReadStage   32       1847",
        "ReadStage   3        0",
    ),
)
# ini section
CNF = "[client]\nport = 3307\nsocket = /var/run/mysqld/mysqld.sock\n\n[mysqld]\nport = 3306\nmax_connections = 500\n"
c(
    "ini_section.client_port_for_mysqld",
    "false",
    mk("[mysqld] 段配置的监听端口为 3307", "[client]\nport = 3307", CNF, tool="read_file"),
)
FPM = "[www]\npm.max_children = 50\n\n[api]\npm.max_children = 8\n"
c(
    "ini_section.fpm_pool",
    "false",
    mk("api 池的 pm.max_children 为 50", "[www]\npm.max_children = 50", FPM, tool="read_file"),
)
# word / glued slots, honest
AUTH = (
    "2026-03-14T11:02:14.101+08:00 ERROR [notify-svc] GET https://auth.example.com/oauth/token failed: 503 Service Unavailable\n"
    "2026-03-14T11:02:15.004+08:00 ERROR [notify-svc] POST https://hooks.partner-b.com/v1/notify -> 401 Unauthorized\n"
)
c(
    "glued_slot.causal_chain_honest",
    "honest",
    mk(
        "从 auth.example.com 获取 token 失败后，推送请求返回 401 Unauthorized",
        "POST https://hooks.partner-b.com/v1/notify -> 401 Unauthorized",
        AUTH,
    ),
)
UP = (
    "2026-03-14T10:00:04.870+08:00 ERROR [checkout] call inventory-svc GET /v2/stock failed: 503 (upstream connect error)\n"
    "2026-03-14T10:00:05.120+08:00 WARN [checkout] call pricing-svc GET /v1/price took 2210ms\n"
)
c(
    "word_slot.downstream_effect_honest",
    "honest",
    mk(
        "inventory-svc 不可用期间，checkout 的价格查询耗时也升到 2210ms",
        "call pricing-svc GET /v1/price took 2210ms",
        UP,
    ),
)
# anchored windows
MEM = json.dumps(
    {
        "resultType": "matrix",
        "result": [
            {
                "metric": {"pod": "redis-cart-0"},
                "values": [
                    [1773417300, "3865470566"],
                    [1773417600, "4187593113"],
                    [1773417900, "4290772992"],
                    [1773418200, "4294000000"],
                ],
            },
            {
                "metric": {"pod": "redis-cart-1"},
                "values": [
                    [1773417300, "2101000000"],
                    [1773417600, "2098000000"],
                    [1773417900, "2050000000"],
                    [1773418200, "1990000000"],
                ],
            },
        ],
    }
)
c(
    "window.two_pods_no_figures_honest",
    "honest",
    mk(
        "redis-cart-0 内存从 16:15 起持续上升", '"pod": "redis-cart-0"', MEM, tool="query_metrics", source_type="metric"
    ),
)
P99 = json.dumps(
    {
        "metric": "p99",
        "values": [
            ["2026-03-14T10:00:00+08:00", 0.203],
            ["2026-03-14T10:05:00+08:00", 0.61],
            ["2026-03-14T10:10:00+08:00", 0.58],
            ["2026-03-14T10:15:00+08:00", 0.97],
            ["2026-03-14T10:20:00+08:00", 1.38],
        ],
    }
)
c(
    "window.noisy_rise_honest",
    "honest",
    mk(
        "P99 延迟 10:00 之后持续上升，10:20 达到 1.38s",
        '["2026-03-14T10:20:00+08:00", 1.38]',
        P99,
        tool="query_metrics",
        source_type="metric",
    ),
)
FLAT = json.dumps(
    {
        "metric": "qps",
        "values": [
            ["2026-03-14T10:00:00+08:00", 1000],
            ["2026-03-14T10:05:00+08:00", 1030],
            ["2026-03-14T10:10:00+08:00", 1065],
            ["2026-03-14T10:15:00+08:00", 1112],
        ],
    }
)
c(
    "window.flat_small_drift_honest",
    "honest",
    mk(
        "QPS 从 10:00 到 10:15 基本平稳，在 1000～1112 之间",
        '["2026-03-14T10:15:00+08:00", 1112]',
        FLAT,
        tool="query_metrics",
        source_type="metric",
    ),
)
# every bound
TOPN = "NAME       CPU(cores)   CPU%   MEMORY(bytes)   MEMORY%\nnode-a     1820m        45%    11200Mi         70%\nnode-b     2510m        62%    12800Mi         80%\n"
DESC = "Allocated resources:\n  Resource           Requests      Limits\n  --------           --------      ------\n  cpu                3800m (95%)   7200m (180%)\n  memory             14Gi (89%)    20Gi (128%)\n"
c(
    "every_bound.top_vs_requests_honest",
    "honest",
    mk(
        "两个节点的实际 CPU 使用率都在 70% 以下",
        ["node-a     1820m        45%", "node-b     2510m        62%"],
        TOPN,
        tool="kubectl_top",
        extra_calls=[call("call_m2", "kubectl_describe", {"node": "node-a"}, DESC)],
        extra_bindings=[bind("call_m2", "kubectl_describe", "cpu                3800m (95%)   7200m (180%)")],
    ),
)
RL = "redis-0 GET p99 3.1ms\nredis-1 GET p99 2.8ms\nredis client config: connect timeout 2000ms\n"
c(
    "every_bound.config_line_honest",
    "honest",
    mk(
        "redis 的 GET 延迟都在 5ms 以内",
        ["redis-0 GET p99 3.1ms", "redis-1 GET p99 2.8ms"],
        RL,
        tool="query_metrics",
        source_type="metric",
    ),
)
GC = (
    "[2026-11-30T09:41:12.331+0800][info][gc] GC(1183) Pause Young (Normal) (G1 Evacuation Pause) 3012M->2140M(4096M) 48.213ms\n"
    "[2026-11-30T09:41:55.902+0800][info][gc] GC(1184) Pause Young (Normal) (G1 Evacuation Pause) 3890M->3610M(4096M) 31.004ms\n"
    "[2026-11-30T09:41:55.910+0800][info][gc,cpu] GC(1184) User=0.21s Sys=0.01s Real=0.06s\n"
)
c("every_bound.cpu_line_honest", "honest", mk("Young GC 停顿都在 50ms 以内", ["48.213ms", "31.004ms"], GC))

# ======== from b5.py
CASS3 = "== cass-node-3 ==\nPool Name   Active   Pending   Completed\nReadStage   32       1847      918273645\n"
CASS1 = "== cass-node-1 ==\nPool Name   Active   Pending   Completed\nReadStage   3        0         902331877\n"


def two(claim, q1, q2):
    return mk(
        claim,
        q1,
        CASS3,
        tool="nodetool",
        extra_calls=[call("call_m2", "nodetool", {"host": "cass-node-1"}, CASS1)],
        extra_bindings=[bind("call_m2", "nodetool", q2)],
    )


c(
    "other_row.node3_given_node1s_zero",
    "false",
    two(
        "cass-node-3 的 ReadStage Pending 为 0，与 cass-node-1 一样没有排队",
        "ReadStage   32       1847",
        "ReadStage   3        0",
    ),
)
CNF = "[client]\nport = 3307\nsocket = /var/run/mysqld/mysqld.sock\n\n[mysqld]\nport = 3306\nmax_connections = 500\n"
c(
    "ini_section.client_port_for_mysqld",
    "false",
    mk("[mysqld] 段的 port 为 3307", "[client]\nport = 3307", CNF, tool="read_file"),
)
MEM = json.dumps(
    {
        "resultType": "matrix",
        "result": [
            {
                "metric": {"pod": "redis-cart-0"},
                "values": [
                    ["2026-03-14T10:00:00+08:00", 3865470566],
                    ["2026-03-14T10:05:00+08:00", 4187593113],
                    ["2026-03-14T10:10:00+08:00", 4290772992],
                ],
            },
            {
                "metric": {"pod": "redis-cart-1"},
                "values": [
                    ["2026-03-14T10:00:00+08:00", 2101000000],
                    ["2026-03-14T10:05:00+08:00", 2050000000],
                    ["2026-03-14T10:10:00+08:00", 1990000000],
                ],
            },
        ],
    }
)
c(
    "window.two_pods_no_figures_honest",
    "honest",
    mk(
        "redis-cart-0 内存从 10:00 起持续上升", '"pod": "redis-cart-0"', MEM, tool="query_metrics", source_type="metric"
    ),
)
RL = "redis-0 GET p99 3.1ms\nredis-1 GET p99 2.8ms\nredis client config: connect timeout 2000ms\n"
c(
    "every_bound.config_line_honest",
    "honest",
    mk(
        "redis 的 GET p99 都低于 5ms",
        ["redis-0 GET p99 3.1ms", "redis-1 GET p99 2.8ms"],
        RL,
        tool="query_metrics",
        source_type="metric",
    ),
)
# fraction
PODS = "NAME            READY   STATUS    RESTARTS   AGE\napi-7f9c4-x2k   1/2     Running   3          40m\n"
c(
    "fraction.ready_half",
    "false",
    mk("api-7f9c4-x2k 的 2 个容器已就绪", "api-7f9c4-x2k   1/2     Running", PODS, tool="kubectl"),
)
SUB = "SubnetId: subnet-0a1b2c  CidrBlock: 10.12.32.0/20  AvailableIpAddressCount: 3\n"
c(
    "fraction.cidr_prefix",
    "false",
    mk("subnet-0a1b2c 可用 IP 只剩 20 个", "SubnetId: subnet-0a1b2c  CidrBlock: 10.12.32.0/20", SUB, tool="aws_cli"),
)
NG = (
    '2026/03/14 10:02:11 [error] 1234#0: *5678 upstream timed out (110: Connection timed out) while reading response header from upstream, upstream: "http://10.0.4.7:8080/api"\n'
    '2026/03/14 10:02:19 [error] 1234#0: *5702 upstream timed out (110: Connection timed out) while reading response header from upstream, upstream: "http://10.0.4.7:8080/api"\n'
)
c(
    "fraction.date_slash_count",
    "false",
    mk(
        "nginx 共出现 14 次 upstream timed out", "upstream timed out (110: Connection timed out)", NG, tool="query_logs"
    ),
)
c(
    "fraction.pool_honest",
    "honest",
    mk(
        "连接池仅用 3/50，空闲 47 个",
        "redis pool: 3/50 connections in use",
        "2026-03-13T16:05:10.002Z INFO [cart-svc] redis pool: 3/50 connections in use\n",
    ),
)
# iostat
IO = (
    "Device   r/s     rkB/s  w/s     wkB/s   r_await w_await f_await  %util\n"
    "sdb      1.20    19.20  318.40  40755.20  2.33  1180.42  1342.77  99.84\n"
)
c(
    "iostat.util_as_wait",
    "false",
    mk(
        "sdb 写等待约 99.84ms",
        "sdb      1.20    19.20  318.40  40755.20  2.33  1180.42  1342.77  99.84",
        IO,
        tool="node_exec",
    ),
)
c("iostat.seconds_honest", "honest", mk("sdb 的 f_await 达 1342.77ms，约 1.34 秒", "1342.77", IO, tool="node_exec"))
# arguments words
ARG = "2026-03-14T01:02:03.004+08:00 ERROR [order-db] Lock wait timeout exceeded; try restarting transaction\n"
c(
    "arguments.deadlock_only_in_query",
    "false",
    mk(
        "order-db 出现 deadlock，事务被回滚",
        "Lock wait timeout exceeded; try restarting transaction",
        ARG,
        arguments={"query": 'deadlock OR "lock wait"', "service": "order-db"},
    ),
)
c(
    "arguments.namespace_honest",
    "honest",
    mk(
        "payments 命名空间的 order-db 出现锁等待超时",
        "Lock wait timeout exceeded",
        ARG,
        arguments={"namespace": "payments", "service": "order-db"},
    ),
)
# multiple reversed
ZK3 = "zk-2 zk_max_latency\t9402\nzk-1 zk_max_latency\t412\nzk-3 zk_max_latency\t388\n"
c(
    "multiple.reversed",
    "false",
    mk(
        "zk-2 为 9402 ms，zk-1 为 412，zk-1 约是 zk-2 的 23 倍",
        ["zk-2 zk_max_latency\t9402", "zk-1 zk_max_latency\t412"],
        ZK3,
        tool="zk_mntr",
    ),
)
c(
    "multiple.wrong_pair",
    "false",
    mk(
        "zk-2 为 9402 ms，zk-1 为 412，zk-3 为 388，zk-3 约是 zk-1 的 23 倍",
        ["zk-2 zk_max_latency\t9402", "zk-1 zk_max_latency\t412", "zk-3 zk_max_latency\t388"],
        ZK3,
        tool="zk_mntr",
    ),
)
# partition ids
LAG = "PARTITION  LAG\n0          42\n1          24\n2          287113\n3          289002\n4          5000\n"
c(
    "partition_ids.three_named_two_summed",
    "false",
    mk(
        "分区 2、3、4 的 LAG 合计 576115", ["2          287113", "3          289002"], LAG, tool="kafka_consumer_groups"
    ),
)
# block sum
DNS = '@ 2026-02-26T11:20:00+08:00\n  {rcode="NOERROR"}  8123.4\n  {rcode="NXDOMAIN"}  3011.7\n  {rcode="SERVFAIL"}  402.6\n'
c(
    "block_sum.two_named_all_summed",
    "false",
    mk(
        "11:20 时 NXDOMAIN 与 SERVFAIL 响应合计 11537.7/s",
        '{rcode="NOERROR"}  8123.4\n  {rcode="NXDOMAIN"}  3011.7\n  {rcode="SERVFAIL"}  402.6',
        DNS,
        tool="query_metrics",
        source_type="metric",
    ),
)

# ======== from b6.py
MEM = json.dumps(
    {
        "resultType": "matrix",
        "result": [
            {
                "metric": {"__name__": "container_memory_working_set_bytes", "pod": "redis-cart-0"},
                "values": [
                    ["2026-03-14T10:00:00+08:00", 3865470566],
                    ["2026-03-14T10:05:00+08:00", 4187593113],
                    ["2026-03-14T10:10:00+08:00", 4290772992],
                ],
            },
            {
                "metric": {"__name__": "container_memory_working_set_bytes", "pod": "redis-cart-1"},
                "values": [
                    ["2026-03-14T10:00:00+08:00", 2101000000],
                    ["2026-03-14T10:05:00+08:00", 2050000000],
                    ["2026-03-14T10:10:00+08:00", 1990000000],
                ],
            },
        ],
    }
)
c(
    "window.two_pods_no_figures_honest",
    "honest",
    mk(
        "redis-cart-0 的 container_memory_working_set_bytes 从 10:00 起持续上升",
        '"pod": "redis-cart-0"',
        MEM,
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "fraction.pool_full",
    "false",
    mk(
        "cart-svc 的 redis 连接池已用 50 个连接，已经用满",
        "redis pool: 3/50 connections in use",
        "2026-03-13T16:05:10.002Z INFO [cart-svc] redis pool: 3/50 connections in use\n",
    ),
)
c(
    "fraction.ready_count",
    "false",
    mk(
        "api-7f9c4-x2k 已有 2 个就绪",
        "api-7f9c4-x2k   1/2     Running",
        "NAME            READY   STATUS    RESTARTS   AGE\napi-7f9c4-x2k   1/2     Running   3          40m\n",
        tool="kubectl",
    ),
)
# clock gaps without span words
SEN = (
    "2026-03-14T10:00:01.204+08:00 # +sdown master mymaster 10.0.1.5 6379\n"
    "2026-03-14T10:00:02.110+08:00 # +odown master mymaster 10.0.1.5 6379 #quorum 2/2\n"
    "2026-03-14T10:00:13.517+08:00 # +switch-master mymaster 10.0.1.5 6379 10.0.1.6 6379\n"
)
c(
    "clock_gap.failover_process_honest",
    "honest",
    mk(
        "哨兵判定主库下线到完成主从切换约 12 秒",
        ["+sdown master mymaster 10.0.1.5 6379", "+switch-master mymaster 10.0.1.5 6379 10.0.1.6 6379"],
        SEN,
        tool="query_logs",
    ),
)
c(
    "clock_gap.no_span_word_honest",
    "honest",
    mk(
        "此次 Redis 主从切换整个过程约 12 秒",
        [
            "2026-03-14T10:00:01.204+08:00 # +sdown master mymaster",
            "2026-03-14T10:00:13.517+08:00 # +switch-master mymaster",
        ],
        SEN,
        tool="query_logs",
    ),
)
c(
    "clock_gap.span_word_wrong_pair",
    "false",
    mk(
        "从 +odown 到 +switch-master 间隔约 12.3 秒",
        ["+odown master mymaster", "+switch-master mymaster"],
        SEN,
        tool="query_logs",
    ),
)
# dotted key wrong operand
POLL = (
    "2026-03-14T03:12:40.553+08:00 WARN consumer-2 poll loop: processing batch took 312004 ms, exceeds max.poll.interval.ms=300000\n"
    "2026-03-14T03:12:40.560+08:00 INFO consumer-2 config session.timeout.ms=45000 request.timeout.ms=30000\n"
)
c(
    "dotted_key.wrong_key",
    "false",
    mk(
        "批处理耗时超出 session.timeout.ms 约 12 秒，因此 consumer-2 被踢出消费组",
        ["processing batch took 312004 ms, exceeds max.poll.interval.ms=300000", "session.timeout.ms=45000"],
        POLL,
    ),
)
# beside quote: sibling honest
EV = (
    "LAST SEEN  TYPE     REASON   OBJECT            MESSAGE\n"
    "2m         Warning  BackOff  pod/api-7f9c4     Back-off restarting failed container api in pod api-7f9c4 (x3 over 5m)\n"
    "1m         Warning  BackOff  pod/api-8d2e1     Back-off restarting failed container api in pod api-8d2e1 (x4 over 10m)\n"
)
PODS = "NAME        READY   STATUS             RESTARTS   AGE\napi-7f9c4   0/1     CrashLoopBackOff   4          12m\n"
c(
    "beside_quote.restarts_from_table_honest",
    "honest",
    mk(
        "api-7f9c4 处于 CrashLoopBackOff，已重启 4 次",
        "Back-off restarting failed container api in pod api-7f9c4 (x3 over 5m)",
        EV,
        tool="kubectl_events",
        extra_calls=[call("call_m2", "kubectl", {"pods": "api"}, PODS)],
        extra_bindings=[bind("call_m2", "kubectl", "api-7f9c4   0/1     CrashLoopBackOff   4")],
    ),
)
GC = (
    "[2026-11-30T09:42:03.117+0800][info][gc] GC(1185) Pause Full (G1 Compaction Pause) 4011M->3702M(4096M) 2873.556ms\n"
    "[2026-11-30T09:42:31.540+0800][info][gc] GC(1186) Pause Full (G1 Compaction Pause) 4090M->3980M(4096M) 3120.871ms\n"
)
c(
    "beside_quote.max_of_both_honest",
    "honest",
    mk(
        "两次 Full GC 中最长的一次停顿 3.12 秒",
        ["GC(1185) Pause Full (G1 Compaction Pause) 4011M->3702M(4096M) 2873.556ms"],
        GC,
    ),
)
# nonzero across snapshots
I1 = "# Stats\nrejected_connections:0\n"
I2 = "# Stats\nrejected_connections:1542\n"
c(
    "nonzero.two_snapshots_honest",
    "honest",
    mk(
        "10:05 时 rejected_connections 已非零（1542），10:00 时还为 0",
        "rejected_connections:0",
        I1,
        tool="redis_info",
        extra_calls=[call("call_m2", "redis_info", {"at": "10:05"}, I2)],
        extra_bindings=[bind("call_m2", "redis_info", "rejected_connections:1542")],
    ),
)
# swapped keys honest
KS = "keyspace_hits:182934\nkeyspace_misses:40211\nexpired_keys:0\nevicted_keys:40211\n"
c(
    "swapped.misses_equal_evicted_honest",
    "honest",
    mk(
        "keyspace_misses 为 40211，与 evicted_keys 40211 相同",
        ["keyspace_misses:40211", "evicted_keys:40211"],
        KS,
        tool="redis_info",
    ),
)
c(
    "swapped.attack",
    "false",
    mk("expired_keys 为 40211，evicted_keys 为 0", ["expired_keys:0", "evicted_keys:40211"], KS, tool="redis_info"),
)
# compared figure no bound
ZK = "broker-2 gc max pause 0.21s\nclient session: have not heard from server in 12004ms, closing socket\nsessionTimeout=6000\n"
c(
    "compared.fabricated_timeout",
    "false",
    mk("GC 最大停顿只有 0.21 秒，远小于 10 秒的会话超时", ["max pause 0.21s", "sessionTimeout=6000"], ZK),
)
# zk_min
ZKS = "zk_avg_latency\t3\nzk_max_latency\t9402\nzk_min_latency\t0\n"
c("zk_min.max_as_minutes", "false", mk("zk_max_latency 为 9402 分钟", "zk_max_latency\t9402", ZKS, tool="zk_mntr"))
# JSON string lines
ROLL = json.dumps(
    {
        "output": "REVISION  CHANGE-CAUSE\n7         image=gateway:v2.14.0\n8         image=gateway:v2.14.1\n9         image=gateway:v2.14.0 rollback\n"
    }
)
c(
    "json_lines.revision_honest",
    "honest",
    mk(
        "revision 8 部署的是 gateway:v2.14.1，revision 9 回滚到了 gateway:v2.14.0",
        ["8         image=gateway:v2.14.1", "9         image=gateway:v2.14.0 rollback"],
        ROLL,
        tool="kubectl_rollout",
    ),
)
c(
    "json_lines.attack",
    "false",
    mk("revision 7 部署的是 gateway:v2.14.1", "7         image=gateway:v2.14.0", ROLL, tool="kubectl_rollout"),
)

# ======== from b7.py
POLL = (
    "2026-03-14T03:12:40.553+08:00 WARN consumer-2 poll loop: processing batch took 312004 ms, exceeds max.poll.interval.ms=300000\n"
    "2026-03-14T03:12:40.560+08:00 INFO consumer-2 config session.timeout.ms=45000 request.timeout.ms=30000\n"
)
c(
    "dotted_key.wrong_key",
    "false",
    mk(
        "consumer-2 批处理耗时比 session.timeout.ms 多出约 12 秒",
        ["processing batch took 312004 ms, exceeds max.poll.interval.ms=300000", "session.timeout.ms=45000"],
        POLL,
    ),
)
I1 = "# Stats\nrejected_connections:0\n"
I2 = "# Stats\nrejected_connections:1542\n"
c(
    "nonzero.two_snapshots_honest",
    "honest",
    mk(
        "限流后 rejected_connections 已非零（1542），此前还为 0",
        "rejected_connections:0",
        I1,
        tool="redis_info",
        extra_calls=[call("call_m2", "redis_info", {"section": "stats"}, I2)],
        extra_bindings=[bind("call_m2", "redis_info", "rejected_connections:1542")],
    ),
)
AL = (
    "2026-03-14T10:00:01+08:00 ALERT KubePodCrashLooping firing pod=api-7f9c4\n"
    "2026-03-14T10:00:13+08:00 ALERT KubeDeploymentReplicasMismatch firing deployment=api\n"
)
c(
    "clock_gap.time_difference_honest",
    "honest",
    mk(
        "KubePodCrashLooping 与 KubeDeploymentReplicasMismatch 两条告警的时间差为 12 秒",
        ["10:00:01+08:00 ALERT KubePodCrashLooping", "10:00:13+08:00 ALERT KubeDeploymentReplicasMismatch"],
        AL,
    ),
)
c(
    "clock_gap.window_honest",
    "honest",
    mk(
        "两条告警的触发时刻相差不大，KubeDeploymentReplicasMismatch 比 KubePodCrashLooping 晚触发 12 秒",
        ["10:00:01+08:00 ALERT KubePodCrashLooping", "10:00:13+08:00 ALERT KubeDeploymentReplicasMismatch"],
        AL,
    ),
)
HC = (
    "2026-03-14T10:00:01+08:00 WARN [lb] target 10.0.4.7:8080 health check failed\n"
    "2026-03-14T10:00:31+08:00 INFO [lb] target 10.0.4.7:8080 health check passed\n"
)
c(
    "clock_gap.outage_window_honest",
    "honest",
    mk(
        "10.0.4.7:8080 健康检查失败的窗口约 30 秒",
        [
            "10:00:01+08:00 WARN [lb] target 10.0.4.7:8080 health check failed",
            "10:00:31+08:00 INFO [lb] target 10.0.4.7:8080 health check passed",
        ],
        HC,
    ),
)
c(
    "clock_gap.excess_honest",
    "honest",
    mk(
        "健康检查恢复比失败晚了约 30 秒",
        [
            "10:00:01+08:00 WARN [lb] target 10.0.4.7:8080 health check failed",
            "10:00:31+08:00 INFO [lb] target 10.0.4.7:8080 health check passed",
        ],
        HC,
    ),
)

# ======== from extra.py
c(
    "nonzero.two_snapshots_honest",
    "honest",
    mk(
        "后来 rejected_connections 已非零（1542），最初还为 0",
        "rejected_connections:0",
        "# Stats\nrejected_connections:0\n",
        tool="redis_info",
        extra_calls=[call("call_m2", "redis_info", {"section": "stats"}, "# Stats\nrejected_connections:1542\n")],
        extra_bindings=[bind("call_m2", "redis_info", "rejected_connections:1542")],
    ),
)
ES = "[cluster.routing.allocation.disk.watermark.low=85%], actual free: [11.8%]\nactual free: [10.7%]\nactual free: [12.6%]\n"
c(
    "bound_after_list.fabricated_line",
    "false",
    mk(
        "剩余空间 11.8%、10.7%、12.6%，已低于 13% 的告警线",
        ["actual free: [11.8%]", "actual free: [10.7%]", "actual free: [12.6%]"],
        ES,
        tool="es_logs",
    ),
)
c(
    "keys_share.every_mount_overstated",
    "false",
    mk(
        "所有挂载的 rsize/wsize 均为 1048576",
        "rsize=1048576,wsize=1048576",
        "/data/a nfs-filer-01:/export/a nfs4 rw,vers=4.1,rsize=1048576,wsize=1048576,hard\n",
        tool="node_exec",
    ),
)
c(
    "keys_share.honest",
    "honest",
    mk(
        "rsize/wsize 均为 1048576",
        "rsize=1048576,wsize=1048576",
        "/data/a nfs-filer-01:/export/a nfs4 rw,vers=4.1,rsize=1048576,wsize=1048576,hard\n",
        tool="node_exec",
    ),
)
c(
    "zoned.openssl_honest",
    "honest",
    mk(
        "证书将于北京时间 2026-03-15 16:12:43 过期",
        "notAfter=Mar 15 08:12:43 2026 GMT",
        "notBefore=Dec 15 08:12:44 2025 GMT\nnotAfter=Mar 15 08:12:43 2026 GMT\n",
        tool="openssl",
    ),
)
c(
    "zoned.openssl_wrong_day",
    "false",
    mk(
        "证书将于北京时间 2026-03-16 16:12:43 过期",
        "notAfter=Mar 15 08:12:43 2026 GMT",
        "notBefore=Dec 15 08:12:44 2025 GMT\nnotAfter=Mar 15 08:12:43 2026 GMT\n",
        tool="openssl",
    ),
)


_seen = {}
for _n, _e, _s in CASES:
    _seen[_n] = (_n, _e, _s)  # a later definition of a name replaces an earlier draft
CASES = [v for k, v in _seen.items() if k not in DROP]


# wrong at rules-20 as well, left open (each a reading of its own: the issue note lists them)
_OPEN = frozenset(
    {
        # (ten more of the fifteen left open at rules-21 are mended at rules-22, tests/test_round20_readings.py)
        "zero_count.wrong_slab",
        "iostat.util_as_wait",
        "fraction.pool_full",
        "fraction.ready_count",
        "zk_min.max_as_minutes",
    }
)


@pytest.mark.parametrize(("name", "expect", "s"), CASES, ids=[c[0] for c in CASES])
def test_a_case_of_the_review(name: str, expect: str, s: dict[str, Any]) -> None:
    if name in _OPEN:
        pytest.skip("open: wrong at rules-20 too")
    r = verify_session(s)
    c0 = r.claim_checks[0]
    accepted = r.verdict == "PASS" if name.startswith("answer_") else (r.verdict == "PASS" or c0.verification in GOOD)
    assert (not accepted) if expect == "false" else r.verdict == "PASS", f"{r.verdict} {c0.verification} {c0.detail}"
