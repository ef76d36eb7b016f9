"""A review of the twentieth look's first cut (issue 9, rules-22): a helper read the diff and attacked each new excuse
(false claims it might let through) and each new reading (honest claims it might reject), 106 cases. On the first cut
42 were wrong, 23 of them right at rules-21; all 23 are mended. `expect` is "false" (not accepted: no PASS, and the
claim neither direct_observation nor reasonable_inference; for a name holding `answer_`, no PASS) or "honest" (PASS; for a case
named `…_inference_…`, the claim direct_observation or reasonable_inference). The cases wrong at rules-21 as well that
stay open are listed in `_OPEN`, not asserted."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_round19_attacks import mk

from groundcheck.programs.core.pipeline import verify_session

GOOD = {"direct_observation", "reasonable_inference"}
CASES: list[tuple[str, str, dict[str, Any]]] = []


def c(name: str, expect: str, session: dict[str, Any]) -> None:
    CASES.append((name, expect, session))


def inferred(s: dict[str, Any]) -> dict[str, Any]:
    contract = json.loads(s["executor_final_answer"])
    contract["claims"][0].update(claim_type="root_cause", support_level="indirect")
    return {**s, "executor_final_answer": json.dumps(contract, ensure_ascii=False)}


# ======================================================================== limit given a value (number_bounds)
ZK = "broker-2 gc max pause 0.21s\nclient session: have not heard from server in 12004ms, closing socket\nsessionTimeout=6000\nrequests=10000\n"
GW = "2026-05-02T10:14:00+08:00 WARN [gateway] upstream payment p99=1840ms, request_timeout_ms=2000, retries=3, conns=5000\n"
KT = "Limits:\n  cpu:     2\n  memory:  8Gi\nRequests:\n  cpu:     500m\n  memory:  2Gi\ncontainer_memory_working_set_bytes 3435973837\n"
c(
    "limit.other_unit_timeout_honest",
    "honest",
    mk(
        "payment 的 p99 为 1840ms，略低于 2 秒的请求超时",
        "upstream payment p99=1840ms, request_timeout_ms=2000",
        GW,
        tool="query_logs",
    ),
)
c(
    "limit.memory_limit_gib_honest",
    "honest",
    mk(
        "容器内存工作集约 3.2 GiB，远低于 8Gi 的内存 limit",
        ["memory:  8Gi", "container_memory_working_set_bytes 3435973837"],
        KT,
        tool="kubectl_describe",
    ),
)
c(
    "limit.value_of_other_field_false",
    "false",
    mk("GC 最大停顿只有 0.21 秒，远小于 10 秒的会话超时", ["max pause 0.21s", "sessionTimeout=6000"], ZK),
)
c(
    "limit.conns_as_timeout_false",
    "false",
    mk(
        "payment 的 p99 为 1840ms，远低于 5000ms 的请求超时", "upstream payment p99=1840ms, request_timeout_ms=2000", GW
    ),
)

# ======================================================================== CIDR / slashed-date no counts
MEM = "Mem usage: 1024/4096 MiB\nconnections: 3000/8000 (active/max)\n"
CPU = "Allocated resources:\n  Resource  Requests  Limits\n  cpu       3.5/4     6/4\n"
c(
    "cidr.slash_ratio_total_honest",
    "honest",
    mk("内存已用 1024 MiB，总共 4096 MiB", "Mem usage: 1024/4096 MiB", MEM, tool="node_exec"),
)
c(
    "cidr.slash_connections_max_honest",
    "honest",
    mk("当前活跃连接 3000 个，上限 8000 个", "connections: 3000/8000 (active/max)", MEM, tool="node_exec"),
)
c(
    "cidr.decimal_over_whole_honest",
    "honest",
    mk("CPU 共 4 核，requests 已分配 3.5 核", "cpu       3.5/4", CPU, tool="kubectl_describe"),
)
c(
    "cidr.prefix_as_free_ips_false",
    "false",
    mk(
        "10.12.32.0/20 网段里只剩 32 个可用 IP",
        "CidrBlock: 10.12.32.0/20",
        "SubnetId: subnet-0a1b2c  CidrBlock: 10.12.32.0/20  AvailableIpAddressCount: 3\n",
        tool="aws_cli",
    ),
)

# ======================================================================== named_span (reading)
SEN = (
    "2026-03-14T10:00:01.204+08:00 # +sdown master mymaster 10.0.1.5 6379\n"
    "2026-03-14T10:00:02.110+08:00 # +odown master mymaster 10.0.1.5 6379 #quorum 2/2\n"
    "2026-03-14T10:00:13.517+08:00 # +switch-master mymaster 10.0.1.5 6379 10.0.1.6 6379\n"
)
GWT = (
    "2026-03-14T03:12:10.553+08:00 INFO gateway accepted request id=7f21 route=/pay\n"
    "2026-03-14T03:12:40.561+08:00 WARN upstream payment timed out after 30000 ms (request id=7f21)\n"
)
GWT2 = GWT + "2026-03-14T03:12:40.562+08:00 WARN gateway: upstream payment timed out after 30000 ms\n"
TRC = (
    "2026-03-14T03:12:10.100+08:00 INFO span start svc=checkout\n"
    "2026-03-14T03:12:12.600+08:00 INFO checkout -> inventory call took 2412 ms\n"
    "2026-03-14T03:12:19.900+08:00 INFO inventory reserved sku=42\n"
)
c(
    "named_span.bound_under_honest",
    "honest",
    mk("从 +odown 到 +switch-master 不到 15 秒", ["+odown master mymaster", "+switch-master mymaster"], SEN),
)
c(
    "named_span.bound_over_honest",
    "honest",
    mk("从 +sdown 到 +switch-master 超过 10 秒", ["+sdown master mymaster", "+switch-master mymaster"], SEN),
)
c(
    "named_span.route_timeout_honest",
    "honest",
    mk("从 gateway 到 payment 的这次调用在 30 秒后超时", "gateway: upstream payment timed out after 30000 ms", GWT2),
)
c(
    "named_span.hop_latency_honest",
    "honest",
    mk("从 checkout 到 inventory 的调用耗时约 2.4 秒", "checkout -> inventory call took 2412 ms", TRC),
)
c(
    "named_span.sdown_to_odown_false",
    "false",
    mk("从 +sdown 到 +odown 间隔约 5 秒", ["+sdown master mymaster", "+odown master mymaster"], SEN),
)

# ======================================================================== own_span (reading)
c(
    "own_span.latency_between_honest",
    "honest",
    mk(
        "10:00:02 到 10:00:13 之间，哨兵完成了切换，客户端 p99 升至 3.2 秒",
        ["+odown master mymaster", "+switch-master mymaster", "p99=3.2s"],
        SEN + "2026-03-14T10:00:14.000+08:00 client stats p99=3.2s\n",
    ),
)
c(
    "own_span.rise_to_word_honest",
    "honest",
    mk(
        "10:00:02.110 客观下线后延迟升到峰值，10:00:13.517 切换完成时 GC 暂停 0.8 秒",
        ["+odown master mymaster", "+switch-master mymaster", "gc pause 0.8s"],
        SEN + "2026-03-14T10:00:13.600+08:00 app gc pause 0.8s\n",
    ),
)
c(
    "own_span.gap_wrong_false",
    "false",
    mk("10:00:02.110 到 10:00:13.517，主节点不可用约 8 秒", ["+odown master mymaster", "+switch-master mymaster"], SEN),
)

# ======================================================================== share_of_its_whole (reading)
PGB = "database | cl_active | cl_idle | cl_waiting\norders   |       348 |     252 |        148\n"
REQ = "total_requests: 1000\nfailed: 50\n  timeout: 40\n  refused: 10\n"
c(
    "share_whole.share_of_unwritten_part_honest",
    "honest",
    mk(
        "orders 库客户端连接共 600 个，其中空闲 252 个，活跃连接约占 58%",
        "orders   |       348 |     252 |        148",
        PGB,
        tool="run_sql",
    ),
)
c(
    "share_whole.share_of_a_part_honest",
    "honest",
    mk(
        "总请求为 1000 次，失败 50 次，失败中超时 40 次，约占 80%",
        ["total_requests: 1000", "failed: 50", "timeout: 40"],
        REQ,
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "share_whole.truncated_share_honest",
    "honest",
    mk(
        "总请求为 1000 次，其中失败 50 次，占 5%",
        ["total_requests: 1000", "failed: 50"],
        REQ,
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "share_whole.wrong_share_false",
    "false",
    mk(
        "总请求为 1000 次，其中超时 40 次，占 8%",
        ["total_requests: 1000", "timeout: 40"],
        REQ,
        tool="query_metrics",
        source_type="metric",
    ),
)

# ======================================================================== listed_total (reading) and aggregate_of_quoted_rows' list count
PODS = (
    "NAME        READY   STATUS             RESTARTS   AGE\n"
    "order-0     1/1     Running            4          2d\n"
    "order-1     0/1     CrashLoopBackOff   17         2d\n"
    "order-2     1/1     Running            9          2d\n"
    "order-3     1/1     Running            0          2d\n"
)
c(
    "listed_total.count_of_listed_pods_honest",
    "honest",
    mk(
        "order-1 和 order-2 共 2 个 Pod 重启次数偏高",
        ["order-1     0/1     CrashLoopBackOff   17", "order-2     1/1     Running            9"],
        PODS,
        tool="kubectl",
        arguments={"command": "kubectl get pods"},
    ),
)
c(
    "listed_total.except_listed_honest",
    "honest",
    mk(
        "除 order-1 和 order-2 之外，其余 Pod 共重启 4 次",
        ["order-0     1/1     Running            4", "order-3     1/1     Running            0"],
        PODS,
        tool="kubectl",
        arguments={"command": "kubectl get pods"},
    ),
)
c(
    "listed_total.subset_of_longer_list_honest",
    "honest",
    mk(
        "order-0、order-1、order-3 中只有 order-0 和 order-1 重启过，合计 21 次",
        ["order-0     1/1     Running            4", "order-1     0/1     CrashLoopBackOff   17"],
        PODS,
        tool="kubectl",
        arguments={"command": "kubectl get pods"},
    ),
)
c(
    "listed_total.missing_row_false",
    "false",
    mk(
        "order-0、order-1、order-2 合计重启 21 次",
        ["order-0     1/1     Running            4", "order-1     0/1     CrashLoopBackOff   17"],
        PODS,
        tool="kubectl",
        arguments={"command": "kubectl get pods"},
    ),
)

# ======================================================================== record_figure (reading)
KONG = (
    '[{"target": "10.8.1.21:8080", "requests": 18211, "status_5xx": 36}, '
    '{"target": "10.8.1.22:8080", "requests": 6120, "status_5xx": 1433}, '
    '{"target": "10.8.1.23:8080", "requests": 17980, "status_5xx": 41}]'
)
c(
    "json_record.compares_unnamed_others_honest",
    "honest",
    mk(
        "10.8.1.22 的 5xx 为 1433 次，远高于另外两个 target 的 36 次和 41 次",
        '"target": "10.8.1.22:8080", "requests": 6120, "status_5xx": 1433',
        KONG,
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "json_record.share_of_all_requests_honest",
    "honest",
    mk(
        "10.8.1.22 只承接了 6120 个请求，而最忙的 target 有 18211 个",
        '"target": "10.8.1.22:8080", "requests": 6120, "status_5xx": 1433',
        KONG,
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "json_record.other_targets_5xx_false",
    "false",
    mk(
        "10.8.1.22 的 5xx 只有 41 次",
        '"target": "10.8.1.22:8080", "requests": 6120',
        KONG,
        tool="query_metrics",
        source_type="metric",
    ),
)

# ======================================================================== scoped_figure over table rows (reading) / every_row_shows figure excuse
WEB = (
    "NAME   READY  STATUS            RESTARTS  AGE\n"
    "web-0  1/1    Running           0         2d\n"
    "web-1  1/1    Running           0         2d\n"
    "web-2  0/1    CrashLoopBackOff  7         2d\n"
)
c(
    "rows.running_subset_zero_honest",
    "honest",
    mk(
        "处于 Running 的副本重启次数都是 0，web-2 在 CrashLoopBackOff",
        ["web-0  1/1    Running           0", "web-2  0/1    CrashLoopBackOff  7"],
        WEB,
        tool="kubectl",
        arguments={"command": "kubectl get pods -l app=web"},
    ),
)
c(
    "rows.ready_subset_zero_honest",
    "honest",
    mk(
        "READY 为 1/1 的两个副本重启次数都是 0",
        ["web-0  1/1    Running           0", "web-1  1/1    Running           0"],
        WEB,
        tool="kubectl",
        arguments={"command": "kubectl get pods -l app=web"},
    ),
)
CG = (
    "GROUP   TOPIC   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID          HOST         CLIENT-ID\n"
    "orders  orders  0          1200            1200            0     consumer-0-7b1c2a    /10.4.2.11   consumer-0\n"
    "orders  orders  1          3400            3918            518   consumer-0-7b1c2a    /10.4.2.11   consumer-0\n"
    "orders  orders  2          980             980             0     consumer-1-9d3e4f    /10.4.2.12   consumer-1\n"
)
c(
    "rows.lag_all_zero_via_client_id_false",
    "false",
    mk(
        "orders 组所有分区的 LAG 都是 0",
        "orders  orders  0          1200            1200            0",
        CG,
        tool="kafka_consumer_groups",
    ),
)
c(
    "rows.lag_three_partitions_zero_false",
    "false",
    mk(
        "三个分区的 LAG 都是 0",
        "orders  orders  2          980             980             0",
        CG,
        tool="kafka_consumer_groups",
    ),
)
c(
    "rows.lag_listed_zero_honest",
    "honest",
    mk(
        "分区 0 和分区 2 的 LAG 都为 0，只有分区 1 积压 518 条",
        [
            "orders  orders  0          1200            1200            0",
            "orders  orders  1          3400            3918            518",
            "orders  orders  2          980             980             0",
        ],
        CG,
        tool="kafka_consumer_groups",
    ),
)

# ======================================================================== scoped_figure_of_labelled_series (reading)
EXPO2 = (
    'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.audit"} 1208812\n'
    'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.billing"} 0\n'
    'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.clicks"} 0\n'
    'rabbitmq_stream_segments{node="rabbit@mq-3",stream="events.audit"} 41\n'
    'rabbitmq_stream_segments{node="rabbit@mq-3",stream="events.billing"} 12\n'
    'rabbitmq_stream_segments{node="rabbit@mq-3",stream="events.clicks"} 7\n'
)
c(
    "series_scope.two_metric_families_honest",
    "honest",
    mk(
        "mq-3 上只有 events.audit 落后 1208812 条，其余 stream 的复制延迟都为 0",
        'rabbitmq_stream_replica_lag_messages{node="rabbit@mq-3",stream="events.audit"} 1208812',
        EXPO2,
        tool="query_metrics",
        source_type="metric",
    ),
)
KAFKA_EXPO = (
    'kafka_server_replicamanager_underreplicatedpartitions{broker="kb-0"} 0\n'
    'kafka_server_replicamanager_underreplicatedpartitions{broker="kb-1"} 0\n'
    'kafka_server_replicamanager_underreplicatedpartitions{broker="kb-2"} 14\n'
)
c(
    "series_scope.all_brokers_zero_false",
    "false",
    mk(
        "所有 broker 的 underreplicatedpartitions 都为 0",
        'kafka_server_replicamanager_underreplicatedpartitions{broker="kb-0"} 0',
        KAFKA_EXPO,
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "series_scope.other_brokers_zero_honest",
    "honest",
    mk(
        "kb-2 的 underreplicatedpartitions 为 14，其余 broker 都为 0",
        [
            'kafka_server_replicamanager_underreplicatedpartitions{broker="kb-2"} 14',
            'kafka_server_replicamanager_underreplicatedpartitions{broker="kb-0"} 0',
        ],
        KAFKA_EXPO,
        tool="query_metrics",
        source_type="metric",
    ),
)
KE = (
    "NAME          READY  STATUS            RESTARTS  LAST-EXIT       AGE\n"
    "api-7f9c4     0/1    CrashLoopBackOff  5         exit code 137   3d\n"
    "api-8d2e1     0/1    CrashLoopBackOff  3         exit code 137   3d\n"
    "api-9a3b7     0/1    CrashLoopBackOff  4         exit code 143   137m\n"
)
c(
    "rows.exit_code_age_holds_figure_false",
    "false",
    mk(
        "三个 Pod 都是因 exit code 137 退出的",
        "NAME          READY  STATUS            RESTARTS  LAST-EXIT       AGE",
        KE,
        tool="kubectl",
        arguments={"command": "kubectl get pods -n api"},
    ),
)
c(
    "rows.exit_code_all_honest",
    "honest",
    mk(
        "三个 Pod 都是因 exit code 137 退出的",
        "NAME          READY  STATUS            RESTARTS  LAST-EXIT       AGE",
        KE.replace("exit code 143", "exit code 137"),
        tool="kubectl",
        arguments={"command": "kubectl get pods -n api"},
    ),
)
KE2 = (
    "NAME          READY  STATUS            RESTARTS  EXIT  AGE\n"
    "api-7f9c4     0/1    CrashLoopBackOff  5         137   3d\n"
    "api-8d2e1     0/1    CrashLoopBackOff  3         137   3d\n"
    "api-9a3b7     0/1    CrashLoopBackOff  4         143   137m\n"
)
c(
    "rows.exit_column_age_holds_figure_false",
    "false",
    mk(
        "三个 Pod 都以退出码 137 结束",
        "NAME          READY  STATUS            RESTARTS  EXIT  AGE",
        KE2,
        tool="kubectl",
        arguments={"command": "kubectl get pods -n api"},
    ),
)
c(
    "rows.exit_column_restarts_hold_figure_false",
    "false",
    mk(
        "三个 Pod 都以退出码 137 结束",
        "api-7f9c4     0/1    CrashLoopBackOff  5         137   3d",
        KE2.replace("4         143   137m", "137       143   9d"),
        tool="kubectl",
        arguments={"command": "kubectl get pods -n api"},
    ),
)
c(
    "rows.exit_column_all_honest",
    "honest",
    mk(
        "三个 Pod 都以退出码 137 结束",
        "NAME          READY  STATUS            RESTARTS  EXIT  AGE",
        KE2.replace("143   137m", "137   3d"),
        tool="kubectl",
        arguments={"command": "kubectl get pods -n api"},
    ),
)

# ======================================================================== every_record_holds (scope excuse)
STORES = (
    '{"count": 3, "stores": [{"store": {"id": 1, "address": "tikv-0:20160", "state_name": "Up"}}, '
    '{"store": {"id": 4, "address": "tikv-1:20160", "state_name": "Up"}}, '
    '{"store": {"id": 5, "address": "tikv-2:20160", "state_name": "Up"}}]}'
)
c(
    "records.more_stores_than_listed_false",
    "false",
    mk(
        "全部 5 个 TiKV store 均为 Up",
        '"state_name": "Up"',
        STORES,
        tool="pd_ctl",
        arguments={"command": "store --state Up"},
    ),
)
APPS2 = (
    '[{"name": "cart", "health": "Degraded", "prev_health": "Healthy"}, {"name": "orders", "health": "Healthy", "prev_health": "Healthy"}, '
    '{"name": "payment", "health": "Healthy", "prev_health": "Healthy"}]'
)
APPS = (
    '[{"name": "cart", "sync": {"status": "Synced"}, "health": {"status": "Degraded"}, "lastSync": {"status": "Healthy"}}, '
    '{"name": "orders", "sync": {"status": "Synced"}, "health": {"status": "Healthy"}, "lastSync": {"status": "Healthy"}}, '
    '{"name": "payment", "sync": {"status": "Synced"}, "health": {"status": "Healthy"}, "lastSync": {"status": "Healthy"}}]'
)
c(
    "records.nested_status_other_object_false",
    "false",
    mk("三个应用全部为 Healthy", '"health": "Healthy", "prev_health": "Healthy"', APPS2, tool="argocd_app_list"),
)
c(
    "records.all_synced_honest",
    "honest",
    mk("三个应用均为 Synced", '"sync": {"status": "Synced"}', APPS, tool="argocd_app_list"),
)

# ======================================================================== range_holds_every_keyed_value (scope excuse)
OTEL = (
    '2026-07-03T08:14:08.921Z\terror\tDropping data because sending_queue is full.\t{"name": "otlphttp/loki", "dropped_items": 512}\n'
    '2026-07-03T08:14:19.110Z\terror\tDropping data because sending_queue is full.\t{"name": "otlphttp/loki", "dropped_items": 498}\n'
    '2026-07-03T08:14:34.580Z\terror\tDropping data because sending_queue is full.\t{"name": "otlphttp/loki", "dropped_items": 505}\n'
    '2026-07-03T08:14:35.000Z\tinfo\tExporter is healthy.\t{"name": "otlp/tempo", "queue_size": 12}\n'
)
c(
    "keyed_range.all_exporters_dropping_false",
    "false",
    mk("所有导出器每次都丢弃 498–512 条", '"dropped_items": 498', OTEL),
)
c(
    "keyed_range.every_record_rejected_false",
    "false",
    mk("otlp/tempo 和 otlphttp/loki 每次都丢弃约 500 条（498-512）", '"dropped_items": 512', OTEL),
)
c(
    "keyed_range.per_drop_range_honest",
    "honest",
    mk("otlphttp/loki 每次丢弃 498–512 条数据", '"dropped_items": 498', OTEL),
)

# ======================================================================== almost_all_by_share (scope excuse)
ALB = '{"HTTPCode_Target_5XX_Count": 1842, "HTTPCode_ELB_5XX_Count": 4, "HTTPCode_Target_4XX_Count": 12}'
c(
    "almost_all.wrong_source_false",
    "false",
    mk("5xx 基本都是 ELB 自身返回的", '"HTTPCode_Target_5XX_Count": 1842', ALB, tool="cloudwatch"),
)
ERRS = '{"errors_timeout": 950, "errors_conn_refused": 900, "errors_dns": 2}'
c(
    "almost_all.family_misses_longer_key_false",
    "false",
    mk("错误基本都是超时", '"errors_timeout": 950', ERRS, tool="query_metrics", source_type="metric"),
)
c(
    "almost_all.target_dominant_honest",
    "honest",
    mk("5xx 几乎都是后端目标返回的", '"HTTPCode_Target_5XX_Count": 1842', ALB, tool="cloudwatch"),
)

# ======================================================================== excess over a named setting (reading)
POLL = (
    "2026-03-14T03:12:40.553+08:00 WARN consumer-2 poll loop: processing batch took 312004 ms, exceeds max.poll.interval.ms=300000\n"
    "2026-03-14T03:12:40.560+08:00 INFO consumer-2 config session.timeout.ms=45000 request.timeout.ms=30000\n"
)
c(
    "excess.minutes_unit_honest",
    "honest",
    mk(
        "consumer-2 这批处理耗时 312 秒，超过 max.poll.interval.ms 的限制 12 秒",
        "processing batch took 312004 ms, exceeds max.poll.interval.ms=300000",
        POLL,
    ),
)
c(
    "excess.over_by_percent_honest",
    "honest",
    mk(
        "批处理耗时 312004 ms，比 max.poll.interval.ms 的 300000 ms 多了 4%",
        "processing batch took 312004 ms, exceeds max.poll.interval.ms=300000",
        POLL,
    ),
)
c(
    "excess.threshold_itself_honest",
    "honest",
    mk(
        "批处理耗时超过了 max.poll.interval.ms 设置的 300 秒",
        "processing batch took 312004 ms, exceeds max.poll.interval.ms=300000",
        POLL,
    ),
)
c(
    "excess.request_timeout_wrong_false",
    "false",
    mk(
        "批处理耗时超出 request.timeout.ms 约 12 秒",
        ["processing batch took 312004 ms", "request.timeout.ms=30000"],
        POLL,
    ),
)
POLL2 = POLL + "2026-03-14T03:12:41.100+08:00 INFO consumer-2 rebalance completed, took 57000 ms\n"
c(
    "excess.other_duration_in_output_false",
    "false",
    mk(
        "consumer-2 批处理耗时超出 session.timeout.ms 约 12 秒",
        ["processing batch took 312004 ms", "session.timeout.ms=45000"],
        POLL2,
    ),
)
c(
    "excess.unitless_key_false",
    "false",
    mk(
        "批处理耗时超出 max.poll.interval 约 22 秒",
        "processing batch took 312004 ms, exceeds max.poll.interval.ms=300000",
        POLL.replace("max.poll.interval.ms=300000", "max.poll.interval=290000"),
    ),
)

# ======================================================================== window total (excuse)
TWO = (
    'query: sum(increase(tidb_server_execute_error_total{type="tikv:9005"}[1m]))   tz=Asia/Shanghai\n'
    "time   errors\n10:29  0\n10:30  1318\n10:31  2904\n10:32  1977\n10:33  412\n10:34  0\n\n"
    'query: pd_scheduler_store_status{type="leader_count",store="5"}\n'
    "time   leader_count\n10:29  13981\n10:30  13981\n10:31  6120\n10:32  1489\n10:33  0\n10:40  388\n11:00  1011\n11:30  1203\n"
)
c(
    "window_total.other_query_column_false",
    "false",
    mk(
        "9005 错误集中在 10:30–10:31，合计 20101 次",
        ["10:30  1318", "10:31  2904"],
        TWO,
        tool="query_metrics",
        source_type="metric",
    ),
)
ERRLAT = "time   errors  p99_ms\n10:30  1318    850\n10:31  2904    1200\n10:32  1977    960\n"
c(
    "window_total.row_sum_of_unlike_columns_false",
    "false",
    mk("10:31 这一分钟共出现 4104 次错误", "10:31  2904    1200", ERRLAT, tool="query_metrics", source_type="metric"),
)
c(
    "window_total.wider_window_false",
    "false",
    mk(
        "9005 错误在 10:31–10:32 合计 6611 次",
        ["10:31  2904", "10:32  1977"],
        TWO,
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "window_total.partial_window_honest",
    "honest",
    mk(
        "10:31 到 10:32 两分钟内 9005 错误合计 4881 次",
        ["10:31  2904", "10:32  1977"],
        TWO,
        tool="query_metrics",
        source_type="metric",
    ),
)

# ======================================================================== time_runs: an output whose times fall (newest first)
DESC = "-- tidb 9005 errors per minute\nminute  errors\n10:34   0\n10:33   412\n10:32   1977\n10:31   2904\n10:30   1318\n10:29   0\n"
c("time_runs.desc_peak_false", "false", mk("9005 错误的峰值为 1977 次/分钟", "10:32   1977", DESC, tool="run_sql"))
c("time_runs.desc_peak_honest", "honest", mk("9005 错误的峰值为 2904 次/分钟", "10:31   2904", DESC, tool="run_sql"))
c(
    "time_runs.desc_window_total_honest",
    "honest",
    mk("10:30–10:33 合计 6611 次错误", ["10:33   412", "10:30   1318"], DESC, tool="run_sql"),
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
c(
    "gcp_points.desc_peak_false",
    "false",
    mk(
        "复制延迟的峰值为 610 秒，出现在 02:40",
        '{"interval": {"endTime": "2026-10-09T02:40:00Z"}, "value": {"doubleValue": 610.0}}',
        GCP,
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "gcp_points.value_at_time_honest",
    "honest",
    mk(
        "02:45 时复制延迟为 380 秒，02:55 降到 3 秒",
        [
            '{"interval": {"endTime": "2026-10-09T02:45:00Z"}, "value": {"doubleValue": 380.0}}',
            '{"interval": {"endTime": "2026-10-09T02:55:00Z"}, "value": {"doubleValue": 3.0}}',
        ],
        GCP,
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "gcp_points.value_at_wrong_time_false",
    "false",
    mk(
        "02:50 时复制延迟为 380 秒",
        '{"interval": {"endTime": "2026-10-09T02:45:00Z"}, "value": {"doubleValue": 380.0}}',
        GCP,
        tool="query_metrics",
        source_type="metric",
    ),
)

# ======================================================================== sum_in_a_written_formula (excuse)
KONG1 = '{"target": "10.8.1.22:8080", "requests": 6120, "status_5xx": 1433}'
c(
    "formula_sum.errors_added_to_requests_false",
    "false",
    mk(
        "10.8.1.22 请求 6120 次、5xx 1433 次，错误率约 19%（1433 ÷ 7553）",
        '"requests": 6120, "status_5xx": 1433',
        KONG1,
        tool="query_metrics",
        source_type="metric",
    ),
)
VARN = "MAIN.cache_hit           1842211         1.52 Cache hits\nMAIN.cache_miss           612480         0.51 Cache misses\nMAIN.cache_hitpass          1200         0.00 Cache hits for pass\n"
c(
    "formula_sum.hitpass_in_whole_false",
    "false",
    mk(
        "命中 1842211 次、hitpass 1200 次，命中率约 99.9%（1842211 ÷ 1843411）",
        ["MAIN.cache_hit           1842211", "MAIN.cache_hitpass          1200"],
        VARN,
        tool="varnishstat",
    ),
)
c(
    "formula_sum.miss_ratio_honest",
    "honest",
    mk(
        "cache_miss 612480 次、cache_hit 1842211 次，未命中率约 25%（612480 / 2454691）",
        ["MAIN.cache_hit           1842211", "MAIN.cache_miss           612480"],
        VARN,
        tool="varnishstat",
    ),
)

# ======================================================================== multiple with the unit written once (excuse)
ZKL = "zk-1 zk_max_latency_ms\t412\nzk-2 zk_max_latency_ms\t9402\nzk-2 zk_num_alive_connections\t412\nzk-1 zk_num_alive_connections\t1880\n"
c(
    "multiple.bare_figure_of_other_measure_false",
    "false",
    mk(
        "zk-2 的最大延迟 9402 ms，连接数 412，延迟约是 zk-1 的 23 倍",
        ["zk-2 zk_max_latency_ms\t9402", "zk-2 zk_num_alive_connections\t412"],
        ZKL.replace("zk-1 zk_max_latency_ms\t412", "zk-1 zk_max_latency_ms\t1880"),
        tool="zk_mntr",
    ),
)
GC2 = "[gc] old-gen pause p99: 1.84 s (node-a)\n[gc] old-gen pause p99: 230 ms (node-b)\n"
c(
    "multiple.other_units_false",
    "false",
    mk(
        "老年代停顿 p99：node-a 为 1.84 s，node-b 为 230 ms，node-a 是 node-b 的 8 倍",
        ["old-gen pause p99: 1.84 s (node-a)", "old-gen pause p99: 230 ms (node-b)"],
        GC2.replace("230 ms", "460 ms").replace("1.84 s", "1.84 s"),
    ),
)
c(
    "multiple.seconds_both_honest",
    "honest",
    mk(
        "node-a 老年代停顿 p99 为 1.84 s，是 node-b（230 ms）的 8 倍",
        ["old-gen pause p99: 1.84 s (node-a)", "old-gen pause p99: 230 ms (node-b)"],
        GC2,
    ),
)
c(
    "multiple.bare_first_honest",
    "honest",
    mk(
        "node-b 的 p99 为 230，node-a 为 1840 ms，node-a 是 node-b 的 8 倍",
        ["old-gen pause p99: 1.84 s (node-a)", "old-gen pause p99: 230 ms (node-b)"],
        GC2,
    ),
)

# ======================================================================== zero point denies (excuse)
PROM = (
    '{"status": "success", "data": {"resultType": "matrix", "result": [\n'
    '{"metric": {"response_code": "504"}, "values": [[1778203080, "0"], [1778203380, "0.2"]]},\n'
    '{"metric": {"response_code": "503", "response_flags": "UF"}, "values": [[1778203080, "12.4"], [1778203380, "14.6"]]}\n]}}'
)
c(
    "zero_point.other_code_series_false",
    "false",
    mk(
        "01:18（UTC）时还没有 503",
        '{"metric": {"response_code": "504"}, "values": [[1778203080, "0"]',
        PROM,
        tool="run_promql",
        source_type="metric",
    ),
)
c(
    "zero_point.beijing_shift_other_minute_false",
    "false",
    mk("09:18 时还没有出现 503", '"values": [[1778203080, "0"]', PROM, tool="run_promql", source_type="metric"),
)
c(
    "zero_point.own_series_zero_honest",
    "honest",
    mk(
        "01:18（UTC）时还没有 504",
        '{"metric": {"response_code": "504"}, "values": [[1778203080, "0"]',
        PROM,
        tool="run_promql",
        source_type="metric",
    ),
)

# ======================================================================== quoted line reports the opposite of a denied success (excuse)
FL = (
    "2026-05-08 06:07:43,226 WARN  KafkaWriter - Sink (4/8)#0 retry succeeded, 57 record(s) sent after error: NetworkException\n"
    "2026-05-08 06:07:44,001 INFO  KafkaWriter - Sink (4/8)#0 send completed: 57 record(s) acknowledged\n"
)
c(
    "failed_send.retry_succeeded_line_false",
    "false",
    mk("Kafka Sink 这 57 条记录仍未发送成功", "retry succeeded, 57 record(s) sent after error: NetworkException", FL),
)
c(
    "failed_send.error_count_zero_line_false",
    "false",
    mk(
        "Sink 的 57 条记录未发送成功",
        "send completed: 57 record(s) acknowledged, error=none",
        "2026-05-08 06:07:44,001 INFO  KafkaWriter - Sink (4/8)#0 send completed: 57 record(s) acknowledged, error=none\n",
    ),
)
c(
    "failed_send.failed_line_honest",
    "honest",
    mk(
        "Sink 的 57 条记录未发送成功，批次过期",
        "send failed: TimeoutException: Expiring 57 record(s)",
        "2026-05-08 06:07:43,226 WARN  KafkaWriter - Sink (4/8)#0 send failed: TimeoutException: Expiring 57 record(s) for risk-features-3\n",
    ),
)

# ======================================================================== 并非 / 并不是 opening a clause (excuse)
AF = (
    "[2026-04-01, 19:02:46 UTC] {local_task_job_runner.py:234} INFO - Task exited with return code -9\n"
    "[2026-04-01, 19:02:47 UTC] {taskinstance.py:340} ERROR - Task failed with exception: received SIGKILL (signal 9), process 4187 likely killed by the OOM killer\n"
)
c(
    "contrast.denies_the_observed_cause_false",
    "false",
    mk("失败原因是任务代码异常退出，并不是被 OOM killer 杀掉", "Task exited with return code -9", AF),
)
c(
    "contrast.denies_sigkill_false",
    "false",
    mk("失败原因在任务自身的逻辑，并非收到 SIGKILL 被杀", "Task exited with return code -9", AF),
)
c(
    "denied_clause.fabricated_entity_false",
    "false",
    mk(
        "并不是只有 checkout 受影响而是 payment-v3 也在同时报 503",
        "upstream_rq_503: 412",
        "cluster checkout: upstream_rq_503: 412\ncluster checkout: upstream_rq_200: 18211\n",
        tool="envoy_admin",
    ),
)
c(
    "contrast.not_code_bug_honest",
    "honest",
    mk("任务失败的原因是进程被 OOM killer 杀掉，并不是代码异常", "process 4187 likely killed by the OOM killer", AF),
)

# ======================================================================== version enum (excuse)
SQL = "databaseVersion: MYSQL_8_0_36\ninstanceType: READ_REPLICA_INSTANCE\nname: reports-replica\nsettings:\n  tier: db-custom-4-16384\n"
c(
    "version_enum.other_product_false",
    "false",
    mk("reports-replica 是 PostgreSQL 8.0.36 的只读副本", "databaseVersion: MYSQL_8_0_36", SQL, tool="gcloud"),
)
c(
    "version_enum.prefix_version_false",
    "false",
    mk("reports-replica 运行的是 MySQL 8.0 版本，小版本 8.0.35", "databaseVersion: MYSQL_8_0_36", SQL, tool="gcloud"),
)
c(
    "version_enum.postgres_honest",
    "honest",
    mk(
        "orders-db 是 PostgreSQL 15.4 实例",
        "databaseVersion: POSTGRES_15_4",
        "databaseVersion: POSTGRES_15_4\nname: orders-db\n",
        tool="gcloud",
    ),
)

# ======================================================================== hedges: 原因不明 / 没有日志说明 (excuse, answer sentences)
LOGS = "2026-03-14T03:12:40Z ERROR payment-api: upstream inventory timed out after 3000ms\n"
c(
    "hedge.answer_fabricated_event_reason_unknown_false",
    "false",
    mk(
        "payment-api 调用 inventory 超时",
        "upstream inventory timed out after 3000ms",
        LOGS,
        answer="payment-api 调用 inventory 超时。inventory-db-0 在 03:10 被 OOMKilled 重启，原因不明。",
    ),
)
c(
    "hedge.answer_fabricated_no_log_explains_false",
    "false",
    mk(
        "payment-api 调用 inventory 超时",
        "upstream inventory timed out after 3000ms",
        LOGS,
        answer="payment-api 调用 inventory 超时。inventory 的 3 个副本在 03:11 全部退出，为什么退出目前没有日志说明。",
    ),
)
c(
    "hedge.answer_reason_unknown_honest",
    "honest",
    mk(
        "payment-api 调用 inventory 超时",
        "upstream inventory timed out after 3000ms",
        LOGS,
        answer="payment-api 在 03:12:40 调用 inventory 超时（3000ms）。inventory 为什么变慢目前原因不明，建议查看 inventory 的日志。",
    ),
)

# ======================================================================== guidance borrowed (reading, inferences)
RB = '[{"doc_id": "rb-envoy-503-uo", "doc_type": "runbook", "title": "Envoy 503 UO 排查手册", "content": "常见原因：上游连接池耗尽、上游 JVM 长时间 GC 停顿。"}]'
ENV = (
    "envoy cluster keycloak: upstream_rq_pending_active: 1024\nenvoy cluster keycloak: upstream_rq_pending_overflow: 8841\n"
    "envoy cluster keycloak: upstream_cx_active: 1024\nenvoy cluster keycloak: circuit_breakers.default.cx_open: 1\n"
)


def rb_call():
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


def rb_binding(ex="上游连接池耗尽"):
    return [
        {
            "source_type": "runbook",
            "source_id": "call_rb",
            "tool_name": "lookup_knowledge",
            "source_invocation_ids": ["call_rb"],
            "evidence_excerpt": ex,
        }
    ]


c(
    "guidance_borrowed.pool_exhausted_inference_honest",
    "honest",
    inferred(
        mk(
            "根因推断为 Keycloak 上游连接池耗尽，待处理请求溢出 8841 次",
            ["upstream_rq_pending_overflow: 8841", "upstream_cx_active: 1024"],
            ENV,
            tool="envoy_admin",
            extra_calls=rb_call(),
            extra_bindings=rb_binding(),
        )
    ),
)
c(
    "guidance_borrowed.circuit_open_inference_honest",
    "honest",
    inferred(
        mk(
            "根因推断是 Keycloak 上游连接数打满触发熔断，请求在 Envoy 侧堆积",
            ["circuit_breakers.default.cx_open: 1", "upstream_rq_pending_active: 1024"],
            ENV,
            tool="envoy_admin",
            extra_calls=rb_call(),
            extra_bindings=rb_binding(),
        )
    ),
)
c(
    "guidance_borrowed.gc_without_guidance_binding_false",
    "false",
    inferred(
        mk(
            "根因是 Keycloak 的 JVM 出现长时间 GC 停顿，请求在 Envoy 侧堆积",
            "upstream_rq_pending_active: 1024",
            ENV,
            tool="envoy_admin",
            extra_calls=rb_call(),
        )
    ),
)

# ======================================================================== glossary: auth_failure now carried by "permission denied" / "forbidden"
RBAC = (
    'Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:ci:deployer" cannot list resource "pods" '
    'in API group "" in the namespace "prod"\n'
)
c(
    "glossary.authz_as_authn_false",
    "false",
    mk(
        "deployer 服务账号认证失败，token 无效",
        'pods is forbidden: User "system:serviceaccount:ci:deployer" cannot list resource "pods"',
        RBAC,
        tool="kubectl",
    ),
)
c(
    "glossary.login_rejected_for_permission_false",
    "false",
    mk(
        "deployer 登录被拒，凭据错误",
        'pods is forbidden: User "system:serviceaccount:ci:deployer" cannot list resource "pods"',
        RBAC,
        tool="kubectl",
    ),
)
c(
    "glossary.permission_denied_honest",
    "honest",
    mk(
        "deployer 服务账号没有权限列出 prod 命名空间的 pods",
        'pods is forbidden: User "system:serviceaccount:ci:deployer" cannot list resource "pods"',
        RBAC,
        tool="kubectl",
    ),
)

# ======================================================================== 'pod' carried by a pod name (excuse)
LG = (
    "[order-service-7c9f6d8b5-kq2xw] 2026-03-14T03:12:40Z ERROR db pool exhausted\n"
    "[order-service-7c9f6d8b5-m2b7x] 2026-03-14T03:12:41Z ERROR db pool exhausted\n"
)
c(
    "pod_name.two_pods_honest",
    "honest",
    mk(
        "order-service 的两个 pod 都报 db pool exhausted",
        [
            "[order-service-7c9f6d8b5-kq2xw] 2026-03-14T03:12:40Z ERROR db pool exhausted",
            "[order-service-7c9f6d8b5-m2b7x] 2026-03-14T03:12:41Z ERROR db pool exhausted",
        ],
        LG,
    ),
)
c(
    "pod_name.pod_evicted_false",
    "false",
    mk(
        "order-service 的 pod 被驱逐后报 db pool exhausted",
        "[order-service-7c9f6d8b5-kq2xw] 2026-03-14T03:12:40Z ERROR db pool exhausted",
        LG,
    ),
)

# ======================================================================== a duration logged when it ended (excuse)
PGL = (
    "2026-03-12 05:54:11 UTC:10.20.2.9(60112):batch_etl@orders:[28790]:LOG:  statement: UPDATE inventory SET reserved = 0\n"
    "2026-03-12 06:02:47 UTC:10.20.4.12(33090):orders_app@orders:[29410]:LOG:  statement: DELETE FROM carts WHERE age > 30\n"
    "2026-03-12 06:21:43 UTC:10.20.2.9(60112):batch_etl@orders:[28790]:LOG:  duration: 1652318.204 ms  statement: UPDATE inventory SET reserved = 0\n"
)
c(
    "ended.other_statement_start_false",
    "false",
    mk(
        "orders_app 在 06:02:47 发起的 DELETE 执行了 1652318.204 ms", "duration: 1652318.204 ms", PGL, tool="query_logs"
    ),
)
c(
    "ended.duration_from_its_start_honest",
    "honest",
    mk(
        "batch_etl 在 05:54:11 发起的 UPDATE inventory 执行了约 27.5 分钟",
        "duration: 1652318.204 ms  statement: UPDATE inventory",
        PGL,
        tool="query_logs",
    ),
)

# ======================================================================== zone of a restating bracket (excuse)
LOG = (
    "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed: i/o timeout\n"
    "2026-03-13T16:05:10.002Z INFO [cart-svc] redis pool: 3/50 connections in use\n"
)
c(
    "zone.restated_bracket_other_line_false",
    "false",
    mk(
        "cart-svc 在北京时间 00:04:57（日志记录为 16:05:10）首次报 redis 超时",
        "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed",
        LOG,
    ),
)
c(
    "zone.restated_bracket_honest_time_only",
    "honest",
    mk(
        "cart-svc 首次报 redis 超时是北京时间 3 月 14 日 00:04:57（日志原文 16:04:57Z）",
        "2026-03-13T16:04:57.881Z ERROR [cart-svc] redis GET failed",
        LOG,
    ),
)

# ======================================================================== sums of the claim's own list / breakdown (excuses)
LAGS = "PARTITION  LAG\n0          42\n1          24\n2          287113\n3          289002\n4          5000\n"
c(
    "own_sum.list_total_as_group_total_false",
    "false",
    mk(
        "分区 0、1、4 的 LAG 分别为 42、24、5000，合计 5066，这就是整个消费组的总积压",
        ["0          42", "1          24", "4          5000"],
        LAGS,
        tool="kafka_consumer_groups",
    ),
)
c(
    "own_sum.breakdown_with_small_wrong_part_false",
    "false",
    mk(
        "两分钟合计 2913 次（10:30 为 1318 次，10:31 为 1595 次）",
        ["10:30  1318"],
        "time   errors\n10:30  1318\n10:31  2904\n",
        tool="query_metrics",
        source_type="metric",
    ),
)
c(
    "own_sum.list_before_total_honest",
    "honest",
    mk(
        "三个分区 LAG 分别为 287113、289002、5000，合计 581115",
        ["2          287113", "3          289002", "4          5000"],
        LAGS,
        tool="kafka_consumer_groups",
    ),
)

# ======================================================================== restarts from a row printed without its header (reading)
ROWS = "redis-node-0   2/2     Running   3 (4h12m ago)   17d\nredis-node-1   2/2     Running   0               17d\n"
c(
    "restarts.headerless_count_honest",
    "honest",
    mk("redis-node-0 已重启 3 次", "redis-node-0   2/2     Running   3 (4h12m ago)   17d", ROWS, tool="kubectl_get"),
)
c(
    "restarts.headerless_age_false",
    "false",
    mk("redis-node-0 已重启 17 次", "redis-node-0   2/2     Running   3 (4h12m ago)   17d", ROWS, tool="kubectl_get"),
)
c(
    "restarts.wide_row_ip_honest",
    "honest",
    mk(
        "redis-node-1 没有重启过，运行在 10.42.0.17 上",
        "redis-node-1   2/2     Running   0               17d   10.42.0.17   node-a",
        ROWS.replace("0               17d\n", "0               17d   10.42.0.17   node-a\n"),
        tool="kubectl_get",
    ),
)


_OPEN = frozenset(
    {
        "limit.value_of_other_field_false",
        "limit.conns_as_timeout_false",
        "named_span.bound_under_honest",
        "named_span.bound_over_honest",
        "rows.exit_code_age_holds_figure_false",
        "rows.exit_column_age_holds_figure_false",
        "rows.exit_column_restarts_hold_figure_false",
        "keyed_range.every_record_rejected_false",
        "window_total.other_query_column_false",
        "window_total.row_sum_of_unlike_columns_false",
        "multiple.bare_figure_of_other_measure_false",
        "contrast.not_code_bug_honest",
    }
)


@pytest.mark.parametrize(("name", "expect", "s"), CASES, ids=[c[0] for c in CASES])
def test_a_case_of_the_review(name: str, expect: str, s: dict[str, Any]) -> None:
    if name in _OPEN:
        pytest.skip("open: wrong at rules-21 too")
    r = verify_session(s)
    c0 = r.claim_checks[0]
    accepted = r.verdict == "PASS" if "answer_" in name else (r.verdict == "PASS" or c0.verification in GOOD)
    honest = r.verdict == "PASS" or ("_inference_" in name and c0.verification in GOOD)
    assert (not accepted) if expect == "false" else honest, f"{r.verdict} {c0.verification} {c0.detail}"


def test_the_case_names_are_unique() -> None:
    names = [c[0] for c in CASES]
    assert len(names) == len(set(names))
