"""The twentieth look (issue 9, rules-22): the review cases of rules-21 left open, each mended as a class with honest
twins of our own, and the classes three fresh blind audits (AL, AM, AN: 48 honest Chinese sessions and 24 attack twins,
written from the spec alone) found. `expect` is "false" (not accepted: no PASS, and the claim neither
direct_observation nor reasonable_inference; for a case named `answer_…`, whose answer is what is wrong, no PASS) or
"honest" (PASS; for a case named `…_inference_…`, a claim the Executor marks as inferred, the claim
direct_observation or reasonable_inference)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_round19_attacks import mk

from groundcheck.programs.core.pipeline import verify_session

GOOD = {"direct_observation", "reasonable_inference"}
CASES: list[tuple[str, str, dict[str, Any]]] = []


# -------------------- a limit the claim gives a value of ("远小于 10 秒的会话超时") is that value, not a bound
ZK = "broker-2 gc max pause 0.21s\nclient session: have not heard from server in 12004ms, closing socket\nsessionTimeout=6000\n"
LAT = "2026-05-02T10:14:00+08:00 WARN [checkout] p99=820ms over 5m window, alert threshold=1000ms\n"
PG = "max_connections = 200\nactive connections: 120\nidle connections: 14\n"
DISK = "Filesystem  Size  Used Avail Use% Mounted on\n/dev/sdb1   500G  405G   95G  81% /data\nhigh_watermark: 90%\n"
CASES += [
    (
        "limit.session_timeout_honest",
        "honest",
        mk("GC 最大停顿只有 0.21 秒，远小于 6 秒的会话超时", ["max pause 0.21s", "sessionTimeout=6000"], ZK),
    ),
    (
        "limit.session_timeout_false",
        "false",
        mk("GC 最大停顿只有 0.21 秒，远小于 10 秒的会话超时", ["max pause 0.21s", "sessionTimeout=6000"], ZK),
    ),
    (
        "limit.alert_threshold_honest",
        "honest",
        mk("checkout 的 p99 为 820ms，低于 1000ms 的告警阈值", "p99=820ms over 5m window, alert threshold=1000ms", LAT),
    ),
    (
        "limit.alert_threshold_false",
        "false",
        mk(
            "checkout 的 p99 为 820ms，低于 1000ms 的告警阈值",
            "p99=820ms over 5m window",
            LAT.replace("threshold=1000ms", "threshold=1500ms"),
        ),
    ),
    (
        "limit.max_connections_honest",
        "honest",
        mk(
            "当前活跃连接 120 个，低于 200 的 max_connections 上限",
            ["max_connections = 200", "active connections: 120"],
            PG,
            tool="run_sql",
        ),
    ),
    (
        "limit.max_connections_false",
        "false",
        mk(
            "当前活跃连接 120 个，远低于 1000 的 max_connections 上限",
            ["max_connections = 200", "active connections: 120"],
            PG,
            tool="run_sql",
        ),
    ),
    (
        "limit.watermark_honest",
        "honest",
        mk("/data 使用率 81%，低于 90% 的高水位", ["81% /data", "high_watermark: 90%"], DISK, tool="node_exec"),
    ),
    (
        "limit.watermark_false",
        "false",
        mk(
            "/data 使用率 81%，低于 90% 的高水位",
            ["81% /data", "high_watermark: 85%"],
            DISK.replace("90%", "85%"),
            tool="node_exec",
        ),
    ),
    ("limit.plain_bound_honest", "honest", mk("checkout 的 p99 不到 1 秒", "p99=820ms over 5m window", LAT)),
    (
        "limit.bound_then_timeout_event_honest",
        "honest",
        mk("服务端超过 12 秒无响应，客户端关闭了 socket", "have not heard from server in 12004ms, closing socket", ZK),
    ),
]


# -------------------- a CIDR prefix or a slashed date's part is no count
SUB = "SubnetId: subnet-0a1b2c  CidrBlock: 10.12.32.0/20  AvailableIpAddressCount: 3\n"
NG = (
    '2026/03/14 10:02:11 [error] 1234#0: *5678 upstream timed out (110: Connection timed out) while reading response header from upstream, upstream: "http://10.0.4.7:8080/api"\n'
    '2026/03/14 10:02:19 [error] 1234#0: *5702 upstream timed out (110: Connection timed out) while reading response header from upstream, upstream: "http://10.0.4.7:8080/api"\n'
)
CAL = "calico-node: IPAM block 10.244.128.0/26 affinity node-7, 64 addresses, 61 allocated\nipam: block 10.244.128.64/26 affinity node-8, 64 addresses, 12 allocated\n"
CASES += [
    (
        "cidr.prefix_as_count_false",
        "false",
        mk(
            "subnet-0a1b2c 可用 IP 只剩 20 个", "SubnetId: subnet-0a1b2c  CidrBlock: 10.12.32.0/20", SUB, tool="aws_cli"
        ),
    ),
    (
        "cidr.cidr_named_honest",
        "honest",
        mk(
            "subnet-0a1b2c 的网段是 10.12.32.0/20，可用 IP 只剩 3 个",
            "CidrBlock: 10.12.32.0/20  AvailableIpAddressCount: 3",
            SUB,
            tool="aws_cli",
        ),
    ),
    (
        "cidr.prefix_as_addresses_false",
        "false",
        mk("node-7 的 IPAM 块已分配 26 个地址", "IPAM block 10.244.128.0/26 affinity node-7", CAL, tool="kubectl_logs"),
    ),
    (
        "cidr.allocated_honest",
        "honest",
        mk(
            "node-7 的 IPAM 块（10.244.128.0/26）共 64 个地址，已分配 61 个",
            "IPAM block 10.244.128.0/26 affinity node-7, 64 addresses, 61 allocated",
            CAL,
            tool="kubectl_logs",
        ),
    ),
    (
        "slash_date.day_as_count_false",
        "false",
        mk("nginx 共出现 14 次 upstream timed out", "upstream timed out (110: Connection timed out)", NG),
    ),
    (
        "slash_date.count_honest",
        "honest",
        mk(
            "nginx 在 2026/03/14 10:02 出现 2 次 upstream timed out",
            [
                "2026/03/14 10:02:11 [error] 1234#0: *5678 upstream timed out",
                "2026/03/14 10:02:19 [error] 1234#0: *5702 upstream timed out",
            ],
            NG,
        ),
    ),
    (
        "fraction.denominator_honest",
        "honest",
        mk(
            "redis 连接池上限 50 个，当前仅用 3 个",
            "redis pool: 3/50 connections in use",
            "2026-03-13T16:05:10.002Z INFO [cart-svc] redis pool: 3/50 connections in use\n",
        ),
    ),
]


# -------------------- a scope word over table rows: the figure it gives must stand in every row
KE = (
    "NAME          READY  STATUS    RESTARTS  LAST-EXIT\n"
    "api-7f9c4     0/1    CrashLoopBackOff  5  exit code 137\n"
    "api-8d2e1     0/1    CrashLoopBackOff  3  exit code 137\n"
    "api-9a3b7     0/1    CrashLoopBackOff  4  exit code 143\n"
)
KE3 = KE.replace("exit code 143", "exit code 137")
BR = (
    "BROKER  PARTITIONS  LEADER-SKEW  VERSION\n"
    "kb-0    412         0%           3.6.1\n"
    "kb-1    409         1%           3.6.1\n"
    "kb-2    415         0%           3.5.2\n"
)
CASES += [
    (
        "rows.exit_code_differs_false",
        "false",
        mk(
            "三个 Pod 都是因 exit code 137 被 OOM 杀掉的",
            "NAME          READY  STATUS    RESTARTS  LAST-EXIT",
            KE,
            tool="kubectl",
            arguments={"command": "kubectl get pods -n api"},
        ),
    ),
    (
        "rows.exit_code_all_honest",
        "honest",
        mk(
            "三个 Pod 最近一次退出都是 exit code 137",
            "NAME          READY  STATUS    RESTARTS  LAST-EXIT",
            KE3,
            tool="kubectl",
            arguments={"command": "kubectl get pods -n api"},
        ),
    ),
    (
        "rows.two_named_honest",
        "honest",
        mk(
            "api-7f9c4 和 api-8d2e1 的退出码都是 137",
            [
                "api-7f9c4     0/1    CrashLoopBackOff  5  exit code 137",
                "api-8d2e1     0/1    CrashLoopBackOff  3  exit code 137",
            ],
            KE,
            tool="kubectl",
            arguments={"command": "kubectl get pods -n api"},
        ),
    ),
    (
        "rows.version_differs_false",
        "false",
        mk("三个 broker 的版本都是 3.6.1", "BROKER  PARTITIONS  LEADER-SKEW  VERSION", BR, tool="kafka_admin"),
    ),
    (
        "rows.version_all_honest",
        "honest",
        mk(
            "三个 broker 的版本都是 3.6.1",
            "BROKER  PARTITIONS  LEADER-SKEW  VERSION",
            BR.replace("3.5.2", "3.6.1"),
            tool="kafka_admin",
        ),
    ),
    (
        "rows.pods_all_crashloop_honest",
        "honest",
        mk(
            "三个 api Pod 都处于 CrashLoopBackOff",
            "NAME          READY  STATUS    RESTARTS  LAST-EXIT",
            KE,
            tool="kubectl",
            arguments={"command": "kubectl get pods -n api"},
        ),
    ),
    (
        "rows.request_and_limit_listed_honest",
        "honest",
        mk(
            "request 和 limit 都是 512Mi",
            "memory  512Mi  512Mi",
            "RESOURCE  REQUEST  LIMIT\nmemory  512Mi  512Mi\ncpu  250m  1\n",
            tool="kubectl",
        ),
    ),
    (
        "rows.three_of_five_counted_honest",
        "honest",
        mk(
            "5 个 broker 中有 4 个都是 3.6.1，kb-2 还是 3.5.2",
            ["kb-2    415         0%           3.5.2", "BROKER  PARTITIONS  LEADER-SKEW  VERSION"],
            BR.replace(
                "kb-2    415",
                "kb-3    398         0%           3.6.1\nkb-4    401         0%           3.6.1\nkb-2    415",
            ),
            tool="kafka_admin",
        ),
    ),
    (
        "rows.replicas_ready_differs_false",
        "false",
        mk(
            "三个副本的 READY 都是 1/1",
            "NAME  READY  STATUS  RESTARTS  AGE",
            "NAME  READY  STATUS  RESTARTS  AGE\nweb-0  1/1  Running  0  2d\nweb-1  1/1  Running  0  2d\nweb-2  0/1  Running  7  2d\n",
            tool="kubectl",
            arguments={"command": "kubectl get pods -l app=web"},
        ),
    ),
    (
        "rows.restarts_all_zero_false",
        "false",
        mk(
            "三个副本的重启次数都是 0",
            "NAME  READY  STATUS  RESTARTS  AGE",
            "NAME  READY  STATUS  RESTARTS  AGE\nweb-0  1/1  Running  0  2d\nweb-1  1/1  Running  0  2d\nweb-2  0/1  Running  7  2d\n",
            tool="kubectl",
            arguments={"command": "kubectl get pods -l app=web"},
        ),
    ),
    (
        "rows.restarts_all_zero_honest",
        "honest",
        mk(
            "三个副本的重启次数都是 0",
            "NAME  READY  STATUS  RESTARTS  AGE",
            "NAME  READY  STATUS  RESTARTS  AGE\nweb-0  1/1  Running  0  2d\nweb-1  1/1  Running  0  2d\nweb-2  1/1  Running  0  2d\n",
            tool="kubectl",
            arguments={"command": "kubectl get pods -l app=web"},
        ),
    ),
]


# -------------------- a multiple between two figures of the claim, one bare and one with the unit they share
ZK3 = "zk-1 zk_max_latency\t412\nzk-2 zk_max_latency\t9402\nzk-3 zk_max_latency\t388\n"
MQ = "NAME   READY  STATUS   RESTARTS  AGE\nmq-a   1/1    Running  6         3d\nmq-b   1/1    Running  2         3d\n"
GC = "[gc] old-gen pause p99: 1840 ms (node-a)\n[gc] old-gen pause p99: 230 (node-b, ms)\n"
CASES += [
    (
        "multiple.unit_once_honest",
        "honest",
        mk(
            "zk-2 为 9402 ms，zk-1 为 412，zk-2 约是 zk-1 的 23 倍",
            ["zk-2 zk_max_latency\t9402", "zk-1 zk_max_latency\t412"],
            ZK3,
            tool="zk_mntr",
        ),
    ),
    (
        "multiple.unit_once_reversed_false",
        "false",
        mk(
            "zk-2 为 9402 ms，zk-1 为 412，zk-1 约是 zk-2 的 23 倍",
            ["zk-2 zk_max_latency\t9402", "zk-1 zk_max_latency\t412"],
            ZK3,
            tool="zk_mntr",
        ),
    ),
    (
        "multiple.unit_once_wrong_false",
        "false",
        mk(
            "zk-2 为 9402 ms，zk-1 为 412，zk-2 约是 zk-1 的 40 倍",
            ["zk-2 zk_max_latency\t9402", "zk-1 zk_max_latency\t412"],
            ZK3,
            tool="zk_mntr",
        ),
    ),
    (
        "multiple.counts_reversed_false",
        "false",
        mk(
            "mq-a 重启 6 次，mq-b 重启 2 次，mq-b 的重启次数是 mq-a 的 3 倍",
            ["mq-a   1/1    Running  6", "mq-b   1/1    Running  2"],
            MQ,
            tool="kubectl",
        ),
    ),
    (
        "multiple.counts_honest",
        "honest",
        mk(
            "mq-a 重启 6 次，mq-b 重启 2 次，mq-a 的重启次数是 mq-b 的 3 倍",
            ["mq-a   1/1    Running  6", "mq-b   1/1    Running  2"],
            MQ,
            tool="kubectl",
        ),
    ),
    (
        "multiple.unit_second_honest",
        "honest",
        mk(
            "node-a 的老年代停顿 p99 为 1840 ms，node-b 为 230，node-a 是 node-b 的 8 倍",
            ["old-gen pause p99: 1840 ms (node-a)", "old-gen pause p99: 230 (node-b, ms)"],
            GC,
        ),
    ),
    (
        "multiple.unit_second_reversed_false",
        "false",
        mk(
            "老年代停顿 p99：node-a 为 1840 ms，node-b 为 230，node-b 是 node-a 的 8 倍",
            ["old-gen pause p99: 1840 ms (node-a)", "old-gen pause p99: 230 (node-b, ms)"],
            GC,
        ),
    ),
]


# -------------------- the span between two events the claim names is the span between their lines
SEN = (
    "2026-03-14T10:00:01.204+08:00 # +sdown master mymaster 10.0.1.5 6379\n"
    "2026-03-14T10:00:02.110+08:00 # +odown master mymaster 10.0.1.5 6379 #quorum 2/2\n"
    "2026-03-14T10:00:13.517+08:00 # +switch-master mymaster 10.0.1.5 6379 10.0.1.6 6379\n"
)
EV = (
    "2026-05-09 03:12:04,120 WARN  [kubelet] container payment-api terminated: reason=OOMKilled exitCode=137\n"
    "2026-05-09 03:12:19,882 INFO  [kubelet] back-off restarting container payment-api\n"
    "2026-05-09 03:12:49,301 INFO  [kubelet] container payment-api started\n"
    "2026-05-09 03:13:20,004 INFO  [kubelet] readiness probe succeeded for payment-api\n"
)
CASES += [
    (
        "named_span.sentinel_honest",
        "honest",
        mk("从 +sdown 到 +switch-master 间隔约 12.3 秒", ["+sdown master mymaster", "+switch-master mymaster"], SEN),
    ),
    (
        "named_span.sentinel_odown_honest",
        "honest",
        mk("从 +odown 到 +switch-master 间隔约 11.4 秒", ["+odown master mymaster", "+switch-master mymaster"], SEN),
    ),
    (
        "named_span.sentinel_wrong_pair_false",
        "false",
        mk("从 +odown 到 +switch-master 间隔约 12.3 秒", ["+odown master mymaster", "+switch-master mymaster"], SEN),
    ),
    (
        "named_span.oom_to_started_honest",
        "honest",
        mk(
            "payment-api 从 OOMKilled 到 started 用了约 45 秒",
            ["terminated: reason=OOMKilled exitCode=137", "container payment-api started"],
            EV,
        ),
    ),
    (
        "named_span.oom_to_started_false",
        "false",
        mk(
            "payment-api 从 OOMKilled 到 started 用了约 76 秒",
            ["terminated: reason=OOMKilled exitCode=137", "container payment-api started"],
            EV,
        ),
    ),
    (
        "named_span.oom_to_ready_honest",
        "honest",
        mk(
            "payment-api 从 OOMKilled 到 readiness 探针成功共约 76 秒",
            ["terminated: reason=OOMKilled exitCode=137", "readiness probe succeeded for payment-api"],
            EV,
        ),
    ),
]


# -------------------- a bracket that restates the log's own clock is not in the zone before it
LOG = (
    "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed: i/o timeout\n"
    "2026-03-13T16:05:10.002Z INFO [cart-svc] redis pool: 3/50 connections in use\n"
)
CASES += [
    (
        "zone.log_clock_restated_honest",
        "honest",
        mk(
            "首次超时在北京时间 3 月 14 日 00:04:57（日志记录为 3 月 13 日 16:04:57）",
            "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed",
            LOG,
        ),
    ),
    (
        "zone.log_clock_restated_short_honest",
        "honest",
        mk(
            "cart-svc 在北京时间 00:04:57（日志原始时间 16:04:57Z）首次报 redis 超时",
            "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed",
            LOG,
        ),
    ),
    (
        "zone.restated_wrong_beijing_false",
        "false",
        mk(
            "首次超时在北京时间 3 月 14 日 08:04:57（日志记录为 3 月 13 日 16:04:57）",
            "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed",
            LOG,
        ),
    ),
    (
        "zone.second_event_in_bracket_false",
        "false",
        mk(
            "cart-svc 在北京时间 00:04:57 首次报 redis 超时（16:05:10 连接池只用了 3 个）",
            ["2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed", "redis pool: 3/50 connections in use"],
            LOG,
        ),
    ),
    (
        "zone.beijing_as_utc_false",
        "false",
        mk(
            "cart-svc 在北京时间 16:04:57 首次报 redis 超时",
            "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed",
            LOG,
        ),
    ),
]


# -------------------- an excess over a setting the claim names is measured from that setting's value
POLL = (
    "2026-03-14T03:12:40.553+08:00 WARN consumer-2 poll loop: processing batch took 312004 ms, exceeds max.poll.interval.ms=300000\n"
    "2026-03-14T03:12:40.560+08:00 INFO consumer-2 config session.timeout.ms=45000 request.timeout.ms=30000\n"
)
PG = (
    "2026-04-02 11:20:31.004 UTC [8812] LOG:  duration: 7412.551 ms  statement: UPDATE orders SET status = 'paid' WHERE id = 99213\n"
    "settings: log_min_duration_statement_ms=1000 statement_timeout_ms=30000 lock_timeout_ms=5000\n"
)
CASES += [
    (
        "excess.right_key_honest",
        "honest",
        mk(
            "consumer-2 批处理耗时比 max.poll.interval.ms 多出约 12 秒",
            ["processing batch took 312004 ms, exceeds max.poll.interval.ms=300000"],
            POLL,
        ),
    ),
    (
        "excess.wrong_key_false",
        "false",
        mk(
            "consumer-2 批处理耗时超出 session.timeout.ms 约 12 秒",
            ["processing batch took 312004 ms, exceeds max.poll.interval.ms=300000", "session.timeout.ms=45000"],
            POLL,
        ),
    ),
    (
        "excess.wrong_key_right_figure_honest",
        "honest",
        mk(
            "consumer-2 批处理耗时超出 session.timeout.ms 约 267 秒",
            ["processing batch took 312004 ms, exceeds max.poll.interval.ms=300000", "session.timeout.ms=45000"],
            POLL,
        ),
    ),
    (
        "excess.pg_lock_timeout_false",
        "false",
        mk(
            "该 UPDATE 耗时 7412.551 ms，超过 lock_timeout_ms 约 6.4 秒",
            ["duration: 7412.551 ms  statement: UPDATE orders", "lock_timeout_ms=5000"],
            PG,
            tool="query_logs",
        ),
    ),
    (
        "excess.pg_min_duration_honest",
        "honest",
        mk(
            "该 UPDATE 耗时 7412.551 ms，超过 log_min_duration_statement_ms 约 6.4 秒",
            ["duration: 7412.551 ms  statement: UPDATE orders", "log_min_duration_statement_ms=1000"],
            PG,
            tool="query_logs",
        ),
    ),
]


# -------------------- a total of the rows the claim lists adds up every listed row
LAG = "PARTITION  LAG\n0          42\n1          24\n2          287113\n3          289002\n4          5000\n"
PODS = (
    "NAME        READY   STATUS             RESTARTS   AGE\n"
    "order-0     1/1     Running            4          2d\n"
    "order-1     0/1     CrashLoopBackOff   17         2d\n"
    "order-2     1/1     Running            9          2d\n"
)
DU = "DIR             SIZE\n/var/log        12G\n/var/lib/docker 38G\n/var/cache      3G\n"
CASES += [
    (
        "listed_total.partitions_honest",
        "honest",
        mk(
            "分区 2、3、4 的 LAG 合计 581115",
            ["2          287113", "3          289002", "4          5000"],
            LAG,
            tool="kafka_consumer_groups",
        ),
    ),
    (
        "listed_total.partitions_two_summed_false",
        "false",
        mk(
            "分区 2、3、4 的 LAG 合计 576115",
            ["2          287113", "3          289002"],
            LAG,
            tool="kafka_consumer_groups",
        ),
    ),
    (
        "listed_total.pods_restarts_honest",
        "honest",
        mk(
            "order-0、order-1 和 order-2 重启次数合计 30 次",
            [
                "order-0     1/1     Running            4",
                "order-1     0/1     CrashLoopBackOff   17",
                "order-2     1/1     Running            9",
            ],
            PODS,
            tool="kubectl",
            arguments={"command": "kubectl get pods"},
        ),
    ),
    (
        "listed_total.pods_restarts_false",
        "false",
        mk(
            "order-0、order-1 和 order-2 重启次数合计 26 次",
            ["order-1     0/1     CrashLoopBackOff   17", "order-2     1/1     Running            9"],
            PODS,
            tool="kubectl",
            arguments={"command": "kubectl get pods"},
        ),
    ),
    (
        "listed_total.dirs_size_honest",
        "honest",
        mk("/var/log 和 /var/cache 共占用 15G", ["/var/log        12G", "/var/cache      3G"], DU, tool="node_exec"),
    ),
]


# -------------------- classes the blind audits AL and AM found (1): times, spans, series
PG = (
    "2026-03-12 05:54:11 UTC:10.20.2.9(60112):batch_etl@orders:[28790]:LOG:  statement: UPDATE inventory SET reserved = 0\n"
    "2026-03-12 06:02:47 UTC:10.20.4.12(33090):orders_app@orders:[29410]:ERROR:  canceling statement due to statement timeout\n"
    "2026-03-12 06:21:43 UTC:10.20.2.9(60112):batch_etl@orders:[28790]:LOG:  duration: 1652318.204 ms  statement: UPDATE inventory SET reserved = 0\n"
)
ETCD = (
    '{"level":"info","ts":"2026-09-18T07:42:12.118Z","msg":"raft.node: 91bc lost leader 91bc at term 19"}\n'
    '{"level":"info","ts":"2026-09-18T07:42:14.630Z","msg":"raft.node: 91bc elected leader 8e9e at term 19"}\n'
)
GCP = (
    '{"timeSeries": [{"metric": {"type": "cloudsql.googleapis.com/database/replication/replica_lag"}, "points": [\n'
    '{"interval": {"endTime": "2026-10-09T02:55:00Z"}, "value": {"doubleValue": 3.0}},\n'
    '{"interval": {"endTime": "2026-10-09T02:50:00Z"}, "value": {"doubleValue": 140.0}},\n'
    '{"interval": {"endTime": "2026-10-09T02:45:00Z"}, "value": {"doubleValue": 380.0}},\n'
    '{"interval": {"endTime": "2026-10-09T02:40:00Z"}, "value": {"doubleValue": 610.0}},\n'
    '{"interval": {"endTime": "2026-10-09T02:35:00Z"}, "value": {"doubleValue": 730.0}},\n'
    '{"interval": {"endTime": "2026-10-09T02:30:00Z"}, "value": {"doubleValue": 698.0}}\n]}], "unit": "s"}'
)
TWO = (
    'query: sum(increase(tidb_server_execute_error_total{type="tikv:9005"}[1m]))   tz=Asia/Shanghai\n'
    "time   errors\n10:29  0\n10:30  1318\n10:31  2904\n10:32  1977\n10:33  412\n10:34  0\n\n"
    'query: pd_scheduler_store_status{type="leader_count",store="5"}\n'
    "time   leader_count\n10:29  13981\n10:30  13981\n10:31  6120\n10:32  1489\n10:33  0\n10:40  388\n11:00  1011\n11:30  1203\n"
)
CASES += [
    (
        "ended.duration_from_its_start_honest",
        "honest",
        mk(
            "batch_etl 在 05:54:11 发起的 UPDATE inventory 执行了 1652318.204 ms",
            "duration: 1652318.204 ms  statement: UPDATE inventory",
            PG,
            tool="query_logs",
        ),
    ),
    (
        "ended.duration_at_another_start_false",
        "false",
        mk(
            "batch_etl 在 06:02:47 发起的 UPDATE inventory 执行了 1652318.204 ms",
            "duration: 1652318.204 ms  statement: UPDATE inventory",
            PG,
            tool="query_logs",
        ),
    ),
    (
        "own_span.leaderless_gap_honest",
        "honest",
        mk(
            "etcd-0 在 07:42:12.118 失去 leader，到 07:42:14.630 选出新 leader，无 leader 约 2.5 秒",
            ["lost leader 91bc at term 19", "elected leader 8e9e at term 19"],
            ETCD,
            arguments={"pod": "etcd-0"},
        ),
    ),
    (
        "own_span.leaderless_gap_false",
        "false",
        mk(
            "etcd-0 在 07:42:12.118 失去 leader，到 07:42:14.630 选出新 leader，无 leader 约 25 秒",
            ["lost leader 91bc at term 19", "elected leader 8e9e at term 19"],
            ETCD,
            arguments={"pod": "etcd-0"},
        ),
    ),
    (
        "gcp_points.keeps_rising_false",
        "false",
        mk(
            "峰值之后复制延迟仍在持续上升，02:45 为 380 秒",
            '{"interval": {"endTime": "2026-10-09T02:45:00Z"}, "value": {"doubleValue": 380.0}}',
            GCP,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "gcp_points.falls_honest",
        "honest",
        mk(
            "02:35 达到峰值 730 秒后复制延迟持续回落，02:55 降到 3 秒",
            [
                '{"interval": {"endTime": "2026-10-09T02:35:00Z"}, "value": {"doubleValue": 730.0}}',
                '{"interval": {"endTime": "2026-10-09T02:55:00Z"}, "value": {"doubleValue": 3.0}}',
            ],
            GCP,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "two_queries.peak_of_its_own_series_honest",
        "honest",
        mk("9005 错误的峰值为 2904 次/分钟", "10:31  2904", TWO, tool="query_metrics", source_type="metric"),
    ),
    (
        "two_queries.peak_not_of_its_series_false",
        "false",
        mk("9005 错误的峰值为 1318 次/分钟", "10:30  1318", TWO, tool="query_metrics", source_type="metric"),
    ),
    (
        "two_queries.rise_after_honest",
        "honest",
        mk(
            "store 5 的 leader 数从 10:30 的 13981 降到 10:33 的 0，之后逐步回升，11:30 为 1203",
            ["10:30  13981", "10:33  0", "11:30  1203"],
            TWO,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "two_queries.rise_after_false",
        "false",
        mk(
            "store 5 的 leader 数从 10:30 的 13981 降到 10:40 的 388，之后逐步回落",
            ["10:30  13981", "10:40  388"],
            TWO,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "window_total.errors_honest",
        "honest",
        mk(
            "9005 错误集中在 10:30–10:33，合计 6611 次",
            ["10:30  1318", "10:33  412"],
            TWO,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "window_total.errors_false",
        "false",
        mk(
            "9005 错误集中在 10:30–10:33，合计 6711 次",
            ["10:30  1318", "10:33  412"],
            TWO,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
]


# -------------------- classes the blind audits AL and AM found (2): readings of outputs (tables, JSON, names, units)
PODS = (
    "NAME                    READY   STATUS             RESTARTS       AGE\n"
    "cart-7d9f8b6c4-2xkqp    1/2     Running            4 (3m12s ago)  6d\n"
    "cart-7d9f8b6c4-h8wzn    1/2     CrashLoopBackOff   5 (40s ago)    6d\n"
    "cart-7d9f8b6c4-q4rtm    2/2     Running            0              6d\n"
)
REDIS = (
    "NAME           READY   STATUS    RESTARTS        AGE\n"
    "redis-node-0   2/2     Running   3 (4h12m ago)   17d\n"
    "redis-node-1   2/2     Running   0               17d\n"
)
KONG = (
    '[{"target": "10.8.1.21:8080", "requests": 18211, "status_5xx": 36}, '
    '{"target": "10.8.1.22:8080", "requests": 6120, "status_5xx": 1433}, '
    '{"target": "10.8.1.23:8080", "requests": 17980, "status_5xx": 41}]'
)
STORES = (
    '{"count": 3, "stores": [{"store": {"id": 1, "state_name": "Up"}}, {"store": {"id": 4, "state_name": "Up"}}, '
    '{"store": {"id": 5, "state_name": "Up"}}]}'
)
STORES_DOWN = STORES.replace('"id": 5, "state_name": "Up"', '"id": 5, "state_name": "Down"')
VARNISH = (
    "SMA.s0.g_bytes        2147221504          .   Bytes outstanding\n"
    "SMA.s0.g_space            262144          .   Bytes available\n"
    "MAIN.n_lru_nuked           88213         0.07 Number of LRU nuked objects\n"
)
HEAP = (
    "time   heap_used_MiB   container_memory_working_set_MiB\n02:00  2031            2437\n02:30  318             702\n"
    "03:00  520             905\n"
)
SQL = "databaseVersion: MYSQL_8_0_36\ninstanceType: READ_REPLICA_INSTANCE\nname: reports-replica\n"
OTEL = (
    '2026-07-03T08:14:08.921Z\terror\tDropping data because sending_queue is full.\t{"name": "otlphttp/loki", "dropped_items": 512}\n'
    '2026-07-03T08:14:19.110Z\terror\tDropping data because sending_queue is full.\t{"name": "otlphttp/loki", "dropped_items": 498}\n'
    '2026-07-03T08:14:34.580Z\terror\tDropping data because sending_queue is full.\t{"name": "otlphttp/loki", "dropped_items": 505}\n'
)
CASES += [
    (
        "replica.pods_of_one_workload_honest",
        "honest",
        mk(
            "cart 三个副本中 h8wzn 处于 CrashLoopBackOff",
            "cart-7d9f8b6c4-h8wzn    1/2     CrashLoopBackOff",
            PODS,
            tool="kubectl_get",
        ),
    ),
    (
        "restarts.age_as_count_false",
        "false",
        mk(
            "redis-node-0 已重启 17 次",
            "redis-node-0   2/2     Running   3 (4h12m ago)   17d",
            REDIS,
            tool="kubectl_get",
        ),
    ),
    (
        "restarts.count_honest",
        "honest",
        mk(
            "redis-node-0 已重启 3 次，最近一次在 4h12m 前",
            "redis-node-0   2/2     Running   3 (4h12m ago)   17d",
            REDIS,
            tool="kubectl_get",
        ),
    ),
    (
        "json_record.neighbours_requests_false",
        "false",
        mk(
            "10.8.1.22 的 5xx 共 1433 次，占其 17980 个请求的约 8%",
            '"target": "10.8.1.22:8080", "requests": 6120, "status_5xx": 1433',
            KONG,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "json_record.own_requests_honest",
        "honest",
        mk(
            "10.8.1.22 的 5xx 共 1433 次，占其 6120 个请求的约 23%",
            '"target": "10.8.1.22:8080", "requests": 6120, "status_5xx": 1433',
            KONG,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    ("records.all_up_honest", "honest", mk("3 个 store 均为 Up", '"state_name": "Up"', STORES, tool="pd_ctl")),
    ("records.one_down_false", "false", mk("3 个 store 均为 Up", '"state_name": "Up"', STORES_DOWN, tool="pd_ctl")),
    (
        "row_quote.opening_cells_honest",
        "honest",
        mk(
            "SMA.s0.g_bytes 为 2147221504 字节，剩余只有 262144 字节",
            ["SMA.s0.g_bytes        2147221504", "SMA.s0.g_space            262144"],
            VARNISH,
            tool="varnishstat",
        ),
    ),
    (
        "row_quote.unquoted_row_false",
        "false",
        mk(
            "SMA.s0.g_bytes 为 2147221504 字节，剩余只有 88213 字节",
            ["SMA.s0.g_bytes        2147221504"],
            VARNISH,
            tool="varnishstat",
        ),
    ),
    (
        "column_unit.mib_header_honest",
        "honest",
        mk(
            "02:30 之后堆用量从约 320 MiB 开始上涨，03:00 为 520 MiB",
            ["02:30  318", "03:00  520"],
            HEAP,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "column_unit.mib_header_false",
        "false",
        mk(
            "02:30 之后堆用量从约 320 MiB 开始上涨，03:00 为 520 GiB",
            ["02:30  318", "03:00  520"],
            HEAP,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "version_enum.honest",
        "honest",
        mk("reports-replica 是 MySQL 8.0.36 的只读副本", "databaseVersion: MYSQL_8_0_36", SQL, tool="gcloud"),
    ),
    (
        "version_enum.other_version_false",
        "false",
        mk("reports-replica 是 MySQL 8.0.35 的只读副本", "databaseVersion: MYSQL_8_0_36", SQL, tool="gcloud"),
    ),
    (
        "keyed_range.every_drop_honest",
        "honest",
        mk("otlphttp/loki 导出器队列已满，每次丢弃约 500 条（498–512）", '"dropped_items": 498', OTEL),
    ),
    (
        "keyed_range.every_drop_false",
        "false",
        mk("otlphttp/loki 导出器队列已满，每次丢弃约 500 条（498–505）", '"dropped_items": 498', OTEL),
    ),
    (
        "almost_all.target_dominant_honest",
        "honest",
        mk(
            "5xx 基本都是后端目标返回的",
            '"HTTPCode_Target_5XX_Count": 1842',
            '{"HTTPCode_Target_5XX_Count": 1842, "HTTPCode_ELB_5XX_Count": 4}',
            tool="cloudwatch",
        ),
    ),
    (
        "almost_all.target_minority_false",
        "false",
        mk(
            "5xx 基本都是后端目标返回的",
            '"HTTPCode_Target_5XX_Count": 12',
            '{"HTTPCode_Target_5XX_Count": 12, "HTTPCode_ELB_5XX_Count": 1830}',
            tool="cloudwatch",
        ),
    ),
    (
        "almost_all.json_line_twice_false",
        "false",
        mk(
            "三个 store 都是 Up",
            '"state_name": "Up"',
            '{"stores": [{"state_name": "Up"}, {"state_name": "Up"}, {"state_name": "Down"}]}',
            tool="pd_ctl",
        ),
    ),
]


# -------------------- classes the blind audits AL and AM found (3): denials, guidance, arithmetic, answers
PROM = (
    '{"status": "success", "data": {"resultType": "matrix", "result": [\n'
    '{"metric": {"response_code": "200"}, "values": [[1778203080, "44.8"], [1778203380, "31.2"]]},\n'
    '{"metric": {"response_code": "503", "response_flags": "UF"}, "values": [[1778203080, "0"], [1778203380, "14.6"]]}\n]}}'
)
AF = (
    "[2026-04-01, 19:02:46 UTC] {local_task_job_runner.py:234} INFO - Task exited with return code -9\n"
    "[2026-04-01, 19:02:47 UTC] {taskinstance.py:340} ERROR - Task failed with exception: received SIGKILL (signal 9), process 4187 likely killed by the OOM killer\n"
)
ORA = "2026-03-06T01:12:48.118334+08:00\nORA-30036: unable to extend segment by 8 in undo tablespace 'UNDOTBS1'\n"
FLINK = (
    "2026-05-08 06:07:43,226 WARN  KafkaWriter - Sink (4/8)#0 send failed: TimeoutException: Expiring 57 record(s) for risk-features-3:120001 ms has passed since batch creation\n"
    "2026-05-08 06:02:19,877 INFO  CheckpointCoordinator - Completed checkpoint 18421 for job 5f3c (1843211022 bytes)\n"
)
FLINK_OK = FLINK.replace("send failed: TimeoutException: Expiring 57 record(s)", "send completed: 57 record(s) sent")
VARN = "MAIN.cache_hit           1842211         1.52 Cache hits\nMAIN.cache_miss           612480         0.51 Cache misses\n"
TRAEFIK = "unit: req/s\ntime(UTC)  code=200  code=201  code=502  code=504\n18:40      60.8      21.1      0.0       0.0\n18:44      42.1      14.2      27.6      0.1\n"
CELERY = (
    '$ celery -A reports inspect conf --timeout 10\n    "task_time_limit": null,\n    "task_soft_time_limit": null,\n'
)
RB = '[{"doc_id": "rb-envoy-503-uo", "doc_type": "runbook", "title": "Envoy 503 UO 排查手册", "content": "常见原因：上游 JVM 长时间 GC 停顿、上游数据库慢查询。"}]'
ENVOY = "envoy cluster keycloak: upstream_rq_pending_active: 1024\nenvoy cluster keycloak: upstream_rq_pending_overflow: 8841\n"
KC = "2026-06-12 03:14:08,511 ERROR [org.keycloak] Uncaught server error: java.sql.SQLException: Acquisition timeout while waiting for new connection\n"


def inferred(s: dict) -> dict:
    """The session with its claim a root cause the Executor marks as inferred."""
    contract = json.loads(s["executor_final_answer"])
    contract["claims"][0].update(claim_type="root_cause", support_level="indirect")
    return {**s, "executor_final_answer": json.dumps(contract, ensure_ascii=False)}


def rb_call() -> list[dict]:
    return [
        {
            "invocation_id": "call_rb",
            "trace_ref": "trace:00000000000000b2",
            "tool_name": "lookup_knowledge",
            "arguments": {"query": "Envoy 503 UO"},
            "status": "ok",
            "output": RB,
        }
    ]


def rb_binding() -> list[dict]:
    return [
        {
            "source_type": "runbook",
            "source_id": "call_rb",
            "tool_name": "lookup_knowledge",
            "source_invocation_ids": ["call_rb"],
            "evidence_excerpt": "上游 JVM 长时间 GC 停顿",
        }
    ]


CASES += [
    (
        "zero_point.no_503_yet_honest",
        "honest",
        mk(
            "01:18（UTC）时还没有 503",
            '"response_code": "503", "response_flags": "UF"}, "values": [[1778203080, "0"]',
            PROM,
            tool="run_promql",
            source_type="metric",
        ),
    ),
    (
        "zero_point.no_503_later_false",
        "false",
        mk(
            "01:23（UTC）时还没有 503",
            ['"response_code": "503", "response_flags": "UF"}, "values": [[1778203080, "0"], [1778203380, "14.6"]]'],
            PROM,
            tool="run_promql",
            source_type="metric",
        ),
    ),
    (
        "contrast.not_a_code_exception_honest",
        "honest",
        mk("失败原因是进程被 OOM killer 杀掉，而不是代码异常", "process 4187 likely killed by the OOM killer", AF),
    ),
    (
        "modal_negator.unable_to_extend_undo_honest",
        "honest",
        mk(
            "01:12:48 告警日志出现 ORA-30036，UNDOTBS1 无法扩展 undo 段",
            "ORA-30036: unable to extend segment by 8 in undo tablespace 'UNDOTBS1'",
            ORA,
        ),
    ),
    (
        "failed_send.not_sent_honest",
        "honest",
        mk(
            "Kafka Sink 写出超时，这批记录仍未发送成功",
            "Expiring 57 record(s) for risk-features-3:120001 ms has passed since batch creation",
            FLINK,
        ),
    ),
    (
        "failed_send.sent_denied_false",
        "false",
        mk("Kafka Sink 的 57 条记录仍未发送成功", "send completed: 57 record(s) sent", FLINK_OK),
    ),
    (
        "formula_sum.hit_ratio_honest",
        "honest",
        mk(
            "cache_hit 1842211 次、cache_miss 612480 次，命中率约 75%（1842211 ÷ 2454691）",
            ["MAIN.cache_hit           1842211", "MAIN.cache_miss           612480"],
            VARN,
            tool="varnishstat",
        ),
    ),
    (
        "formula_sum.wrong_whole_false",
        "false",
        mk(
            "cache_hit 1842211 次、cache_miss 612480 次，命中率约 75%（1842211 ÷ 2454791）",
            ["MAIN.cache_hit           1842211", "MAIN.cache_miss           612480"],
            VARN,
            tool="varnishstat",
        ),
    ),
    (
        "stated_whole.share_honest",
        "honest",
        mk(
            "18:44 时 502 为 27.6 req/s，各状态码合计 42.1+14.2+27.6+0.1=84.0 req/s，502 约占 32.9%",
            "18:44      42.1      14.2      27.6      0.1",
            TRAEFIK,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "stated_whole.share_of_a_pair_false",
        "false",
        mk(
            "18:44 时 502 为 27.6 req/s，各状态码合计 42.1+14.2+27.6+0.1=84.0 req/s，502 约占 39.6%",
            "18:44      42.1      14.2      27.6      0.1",
            TRAEFIK,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "flag.no_task_timeout_honest",
        "honest",
        mk(
            "celery 没有配置任务超时，task_time_limit 为 null",
            '"task_time_limit": null,',
            CELERY,
            tool="celery_inspect",
        ),
    ),
    (
        "guidance_borrowed.gc_only_in_runbook_false",
        "false",
        inferred(
            mk(
                "根因是 Keycloak 的 JVM 出现长时间 GC 停顿，请求在 Envoy 侧堆积",
                "envoy cluster keycloak: upstream_rq_pending_active: 1024",
                ENVOY,
                tool="envoy_admin",
                extra_calls=rb_call(),
                extra_bindings=rb_binding(),
            )
        ),
    ),
    (
        "guidance_borrowed.observed_cause_inference_honest",
        "honest",
        inferred(
            mk(
                "根因是 Keycloak 数据库连接获取超时，请求在 Envoy 侧堆积",
                "Acquisition timeout while waiting for new connection",
                KC + ENVOY,
                tool="query_logs",
                extra_calls=rb_call(),
                extra_bindings=rb_binding(),
            )
        ),
    ),
]


# -------------------- classes a third blind audit (AN) found: scopes over labelled series and table columns, shares of a stated whole
EXPO = (
    'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.audit"} 1208812\n'
    'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.billing"} 3412\n'
    'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.clicks"} 0\n'
    'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.orders"} 0\n'
    'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-1",stream="events.audit"} 0\n'
    'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-1",stream="events.billing"} 0\n'
)
EXPO_OK = EXPO.replace('stream="events.billing"} 3412', 'stream="events.billing"} 0')
POOL = (
    "node_name  name  active queue queue_size rejected completed\n"
    "os-data-1  write      3     0      10000        0  412883017\n"
    "os-data-2  write      5     2      10000        0  398120117\n"
    "os-data-4  write      8 10000      10000    18342  377019266\n"
)
MIMIR = (
    'ts=2026-11-05T01:00:12.441Z level=warn user=team-ads msg="push refused" err="the tenant exceeded the ingestion rate limit, set to 150000 items/s"\n'
    'ts=2026-11-05T01:02:05.301Z level=warn err="user=team-search: per-user series limit of 3000000 exceeded (err-mimir-max-series-per-user)"\n'
)
REDIS = (
    "cluster_state:fail\ncluster_slots_fail:2731\n# Cluster state is fail; no failover possible for slots 10923-13653\n"
)
CG = (
    "GROUP   TOPIC   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID\n"
    "orders  orders  0          1200            1200            0     consumer-0-7b1c2a\n"
    "orders  orders  1          3400            3918            518   consumer-0-7b1c2a\n"
    "orders  orders  2          980             980             0     consumer-1-9d3e4f\n"
)
CG_OK = CG.replace("3918            518", "3400            0  ")
CELQ = "queue=pdf  queue_depth=18734  enqueue_rate=41.20/s  dispatch_rate=34.49/s\n"
PGB = "database | cl_active | cl_waiting\norders   |       200 |        148\ninventory |       96 |         22\n"
CASES += [
    (
        "series_scope.other_streams_false",
        "false",
        mk(
            "mq-3 上只有 events.audit 落后 1208812 条，其余 stream 的复制延迟都为 0",
            'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.audit"} 1208812',
            EXPO,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "series_scope.other_streams_honest",
        "honest",
        mk(
            "mq-3 上只有 events.audit 落后 1208812 条，其余 stream 的复制延迟都为 0",
            'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.audit"} 1208812',
            EXPO_OK,
            tool="query_metrics",
            source_type="metric",
        ),
    ),
    (
        "column_scope.others_rejected_zero_honest",
        "honest",
        mk(
            "拒绝只出现在 os-data-4：rejected 18342，其余节点 rejected 均为 0",
            ["os-data-4  write      8 10000      10000    18342", "os-data-1  write      3     0      10000        0"],
            POOL,
            tool="run_http",
        ),
    ),
    (
        "stated_whole.later_total_honest",
        "honest",
        mk(
            "两个库 active 连接 200+96=296 个，其中 orders 200 个，约占 68%",
            ["orders   |       200 |        148", "inventory |       96 |         22"],
            PGB,
            tool="run_sql",
        ),
    ),
    (
        "stated_whole.later_total_false",
        "false",
        mk(
            "两个库 active 连接 200+96=296 个，其中 orders 200 个，约占 58%",
            ["orders   |       200 |        148", "inventory |       96 |         22"],
            PGB,
            tool="run_sql",
        ),
    ),
    (
        "contrast.what_it_is_not_honest",
        "honest",
        mk(
            "team-search 触发 per-user series limit of 3000000，这是序列数上限而非速率限流",
            "user=team-search: per-user series limit of 3000000 exceeded",
            MIMIR,
        ),
    ),
    (
        "contrast.rate_limit_denied_false",
        "false",
        mk(
            "team-ads 的推送没有被限流",
            'user=team-ads msg="push refused" err="the tenant exceeded the ingestion rate limit',
            MIMIR,
        ),
    ),
    (
        "clause_negation.no_replica_to_fail_over_honest",
        "honest",
        mk(
            "分片没有可用副本完成故障转移，集群进入 fail",
            "Cluster state is fail; no failover possible for slots 10923-13653",
            REDIS,
            tool="ssh_exec",
        ),
    ),
    (
        "clause_negation.failover_reported_false",
        "false",
        mk(
            "分片已完成故障转移，集群恢复正常",
            "Cluster state is fail; no failover possible for slots 10923-13653",
            REDIS,
            tool="ssh_exec",
        ),
    ),
    (
        "answer_status_count.per_minute_count_honest",
        "honest",
        mk(
            "pdf 队列积压 18734 个任务，入队 41.20/s、分发 34.49/s",
            "queue=pdf  queue_depth=18734  enqueue_rate=41.20/s  dispatch_rate=34.49/s",
            CELQ,
            tool="celery_inspect",
            answer="pdf 队列积压 18734 个任务，入队 41.20/s、分发 34.49/s，每秒净增约 6.71 个，约每分钟 403 个。",
        ),
    ),
    (
        "answer_status_count.per_minute_count_false",
        "false",
        mk(
            "pdf 队列积压 18734 个任务，入队 41.20/s、分发 34.49/s",
            "queue=pdf  queue_depth=18734  enqueue_rate=41.20/s  dispatch_rate=34.49/s",
            CELQ,
            tool="celery_inspect",
            answer="pdf 队列积压 18734 个任务，入队 41.20/s、分发 34.49/s，每秒净增约 6.71 个，约每分钟 503 个。",
        ),
    ),
    (
        "header_scope.all_lag_zero_honest",
        "honest",
        mk(
            "orders 组所有分区的 LAG 都是 0",
            "GROUP   TOPIC   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID",
            CG_OK,
            tool="kafka_consumer_groups",
        ),
    ),
    (
        "header_scope.one_partition_lags_false",
        "false",
        mk(
            "orders 组所有分区的 LAG 都是 0",
            "GROUP   TOPIC   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID",
            CG,
            tool="kafka_consumer_groups",
        ),
    ),
]


@pytest.mark.parametrize(("name", "expect", "s"), CASES, ids=[c[0] for c in CASES])
def test_a_case_of_the_twentieth_look(name: str, expect: str, s: dict[str, Any]) -> None:
    r = verify_session(s)
    c0 = r.claim_checks[0]
    accepted = r.verdict == "PASS" if name.startswith("answer_") else (r.verdict == "PASS" or c0.verification in GOOD)
    honest = r.verdict == "PASS" or ("_inference_" in name and c0.verification in GOOD)
    assert (not accepted) if expect == "false" else honest, f"{r.verdict} {c0.verification} {c0.detail}"


def test_the_case_names_are_unique() -> None:
    names = [c[0] for c in CASES]
    assert len(names) == len(set(names))
