"""What the fourth audit found the round-3 rules missed or over-read (issue 9): each class in forms
other than its first example, honest readings first (a false alarm costs as much as a miss)."""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import facts_of, runbook_call, session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.time_context import written_zones
from groundcheck.programs.text.query_meaning import query_units, subject_meaning
from groundcheck.programs.text.wording import search_scope


def _vector(value: str) -> str:
    return json.dumps({"status": "success", "data": {"resultType": "vector", "result": [
        {"metric": {"service": "api"}, "value": [1796034000, value]}]}})


def _metric(claim: str, value: str, query: str) -> dict:
    return session(claim, value, _vector(value), tool="query_metrics", source_type="metric",
                   arguments={"query": query})


SCALED_P99 = (
    '1000 * histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{service="api"}[5m])))'
)
SCALED_RATIO = ('100 * sum(rate(http_requests_total{service="api",code=~"5.."}[5m])) / '
                'sum(rate(http_requests_total{service="api"}[5m]))')
DISK_SHARE = 'node_filesystem_avail_bytes{mountpoint="/"} / node_filesystem_size_bytes{mountpoint="/"}'


def test_a_scaled_query_names_no_unit():
    assert query_units({"query": SCALED_P99}) == frozenset()
    assert query_units({"query": SCALED_RATIO}) == frozenset()
    assert verify_session(_metric("api 的 p99 延迟约 350ms", "350", SCALED_P99)).verdict == "PASS"


def test_a_share_of_two_quantities_of_one_unit_is_a_ratio():
    honest = _metric("根分区可用空间占比约 8%", "0.08", DISK_SHARE)
    attack = _metric("根分区可用空间占比约 0.08%", "0.08", DISK_SHARE)
    assert "absent_mention" not in facts_of(honest)[0]
    assert "absent_mention" in facts_of(attack)[0]


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("CPU 平均为 96.4%", False),
        ("平均每个 pod 约 0.4 核", False),
        ("request 和 limit 都是 512Mi", False),
        ("3 个 pod 均为 Running", True),
        ("这些 pod 都是 Running", True),
        ("每个 pod 都重启过", True),
    ],
)
def test_scope_words_and_the_words_that_only_look_like_them(text, scope):
    assert (search_scope(text) is not None) is scope


@pytest.mark.parametrize(
    ("output", "clock", "zones"),
    [
        ('10.0.0.8 - - [30/Nov/2026:06:12:44 +0000] "GET /pay HTTP/1.1" 502', "06:12:44", {0}),
        ("Started:      Mon, 30 Nov 2026 06:12:44 +0000", "06:12", {0}),
        ("2026-11-30T14:12:03.118+08:00 ERROR deadlock", "14:12:03", {8}),
    ],
)
def test_zones_written_after_a_space_or_after_an_access_logs_year(output, clock, zones):
    assert written_zones(output.lower(), clock) == zones


def test_a_correct_conversion_over_an_access_log_and_utc_shijian_pass():
    log = '10.0.0.8 - - [30/Nov/2026:06:12:44 +0000] "POST /api/pay HTTP/1.1" 502 157'
    excerpt = '"POST /api/pay HTTP/1.1" 502'
    assert verify_session(session("北京时间 14:12:44 POST /api/pay 返回 502", excerpt, log)).verdict == "PASS"
    assert verify_session(session("UTC 时间 06:12:44 POST /api/pay 返回 502", excerpt, log)).verdict == "PASS"
    attack = session("北京时间 06:12:44 POST /api/pay 返回 502", excerpt, log)
    assert "absent_mention" in facts_of(attack)[0]


def test_session_tables_of_postgres_and_mysql_imply_them():
    pg = ("  pid  | usename |  state              | wait_event_type | wait_event\n"
          " 8812 | app     | idle in transaction | Client          | ClientRead")
    s = session("PostgreSQL 会话 8812 处于 idle in transaction", " 8812 | app     | idle in transaction", pg,
                tool="run_sql", arguments={"sql": "select * from pg_stat_activity"})
    assert verify_session(s).verdict == "PASS", verify_session(s).rationale
    mysql = ("Id     User   Host              db      Command  Time  State\n"
             "41822  app    10.1.3.17:51234   orders  Query    312   Waiting for table metadata lock")
    s = session("MySQL 会话 41822 在 Waiting for table metadata lock", "Waiting for table metadata lock", mysql,
                tool="run_sql", arguments={"sql": "SHOW FULL PROCESSLIST"})
    assert "absent_mention" not in facts_of(s)[0]
    s = session("PostgreSQL 会话 41822 在 Waiting for table metadata lock", "Waiting for table metadata lock", mysql,
                tool="run_sql", arguments={"sql": "SHOW FULL PROCESSLIST"})
    assert "absent_mention" in facts_of(s)[0]


def test_kubectl_flags_name_the_namespace_and_the_cluster():
    assert subject_meaning({"args": "top pod -n ml --context prod-1 -l app=recs"}) == "pod container namespace cluster"
    assert subject_meaning({"namespace": "ml"}) == "namespace"
    top = "NAME                        CPU(cores)   MEMORY(bytes)\nrecs-6d8c9-aaaaa            1870m        3512Mi"
    s = session("prod-1 集群 ml 命名空间的 recs-6d8c9-aaaaa CPU 1870m", "recs-6d8c9-aaaaa            1870m", top,
                tool="kubectl", arguments={"args": "top pod -n ml --context prod-1"})
    assert verify_session(s).verdict == "PASS", verify_session(s).rationale


def test_a_denial_of_named_rows_is_read_in_their_column():
    table = ("NAME                   READY   STATUS    RESTARTS      AGE\n"
             "mq-0                   1/1     Running   3 (10m ago)   5d\n"
             "mq-1                   1/1     Running   0             5d\n"
             "mq-2                   1/1     Running   0             5d")
    excerpt = "mq-0                   1/1     Running   3 (10m ago)"
    honest = session("mq-0 重启了 3 次，mq-1 和 mq-2 均未重启", excerpt, table)
    assert "negation" not in facts_of(honest)[1]
    attack = session("mq-0 和 mq-1 均未重启", excerpt, table)
    assert "negation" in facts_of(attack)[1]


NODES = (
    "NAME      STATUS                        ROLES    AGE   VERSION\n"
    "node-1    Ready                         <none>   90d   v1.28.4\n"
    "node-3    NotReady                      <none>   90d   v1.28.4\n"
    "node-5    NotReady,SchedulingDisabled   <none>   90d   v1.28.4"
)


@pytest.mark.parametrize("claim", ["只有 node-3 处于 NotReady", "仅 node-3 处于 NotReady 状态"])
def test_only_one_row_with_a_camelcase_state_other_rows_show(claim):
    attack = session(claim, "node-3    NotReady", NODES, tool="kubectl", arguments={"args": "get nodes"})
    assert "other_row" in facts_of(attack)[1]
    alone = NODES.replace("NotReady,SchedulingDisabled", "Ready,SchedulingDisabled   ")
    honest = session(claim, "node-3    NotReady", alone, tool="kubectl", arguments={"args": "get nodes"})
    assert "other_row" not in facts_of(honest)[1]


def test_only_one_row_restarting_often_is_not_broken_by_a_single_old_restart():
    pods = ("NAME                   READY   STATUS    RESTARTS      AGE\n"
            "cart-7f-aaaaa          1/1     Running   14 (5m ago)   2d\n"
            "cart-7f-bbbbb          1/1     Running   1 (2d ago)    2d")
    s = session("只有 cart-7f-aaaaa 重启频繁，已重启 14 次", "cart-7f-aaaaa          1/1     Running   14", pods)
    assert "other_row" not in facts_of(s)[1]


def test_the_course_of_time_in_other_words_and_formats():
    recovered = (
        '{"ts":"2026-11-30T06:10:31Z","level":"error","msg":"connection to kafka-0:9092 failed: connection refused"}\n'
        '{"ts":"2026-11-30T06:11:05Z","level":"info","msg":"connection to kafka-0:9092 re-established"}'
    )
    attack = session("与 kafka-0 的连接依旧断开，connection refused", "failed: connection refused", recovered)
    assert "time_course" in facts_of(attack)[1]
    yaml = ("    lastState:\n      terminated:\n        exitCode: 137\n        reason: OOMKilled\n"
            "    state:\n      running:\n        startedAt: \"2026-11-30T06:02:14Z\"")
    last = session("worker 当前处于 terminated 状态，原因 OOMKilled", "reason: OOMKilled", yaml)
    assert "time_course" in facts_of(last)[1]
    assert "time_course" not in facts_of(session("worker 当前处于 running 状态", "running:", yaml))[1]


def test_a_relapse_after_a_reconnect_is_no_contradicted_outcome():
    log = (
        "2026-11-30T06:01:00Z ERROR [sync] connect to redis-master:6379 failed: connection refused\n"
        "2026-11-30T06:02:10Z INFO  [sync] reconnected to redis-master after 3 attempts\n"
        "2026-11-30T06:09:40Z ERROR [sync] connect to redis-master:6379 failed: connection refused"
    )
    claim = "sync 06:02 重连成功后，06:09 起再次连接 redis-master 被拒绝，目前仍无法连接"
    s = session(claim, "reconnected to redis-master after 3 attempts", log)
    assert verify_session(s).verdict == "PASS", verify_session(s).rationale


def test_a_certificate_called_valid_over_an_expired_one():
    cert = "2026-11-30T06:00:00Z tls: x509: certificate has expired or is not yet valid"
    attack = session("pay.example.com 的证书状态有效", "x509: certificate has expired", cert)
    assert "opposite_outcome" in facts_of(attack)[1]
    assert "opposite_outcome" not in facts_of(session("有效连接数为 0，证书已过期", "certificate has expired", cert))[1]


def test_a_number_after_a_compact_json_key_is_read():
    log = '{"ts":"2026-11-30T06:12:44Z","upstream":"pay-api","status":503,"latency_ms":12}'
    s = session("pay-api 返回 503", '"upstream":"pay-api","status":503', log)
    assert "absent_mention" not in facts_of(s)[0]
    assert "absent_mention" in facts_of(session("pay-api 返回 504", '"upstream":"pay-api","status":503', log))[0]


def test_what_a_query_measures_is_no_new_word_and_a_one_minus_share_is_a_ratio():
    grpc = (
        '1000 * histogram_quantile(0.99, sum(rate(grpc_server_handling_seconds_bucket{grpc_service="Ledger"}[5m]))'
        " by (le))"
    )
    s = _metric("Ledger gRPC 服务 P99 延迟为 350ms", "350", grpc)
    assert "new_words" not in facts_of(s)[1]
    one_minus = (
        '1 - sum(rate(http_requests_total{job="pay",code!~"5.."}[5m])) / sum(rate(http_requests_total{job="pay"}[5m]))'
    )
    assert "absent_mention" in facts_of(_metric("pay 的 5xx 错误率为 0.05%", "0.05", one_minus))[0]
    assert verify_session(_metric("pay 的 5xx 错误率为 5%", "0.05", one_minus)).verdict == "PASS"


def test_an_answer_denying_that_something_causes_an_event_names_no_absent_entity():
    describe = "    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    137\n    Limits:\n"
    describe += "      memory:  2Gi"
    s = session("etl-0 的内存 limit 为 2Gi", "memory:  2Gi", describe, arguments={"args": "describe pod etl-0 -n data"},
                answer="etl-0 的内存 limit 是 2Gi。单纯增加副本数不会改变内存上限，也不会导致 OOMKilled。")
    record = verify_session(s)
    assert not any(f.classification == "contradicted" for f in record.facts_checked)
    assert not any("oomkilled" in f.detail for f in record.gatekeeper_result.findings)
    s = session("etl-0 的内存 limit 为 2Gi", "memory:  2Gi", describe, arguments={"args": "describe pod etl-0 -n data"},
                answer="etl-0 的内存 limit 是 2Gi，之前因 OOMKilled 退出。")
    assert any(f.classification == "contradicted" for f in verify_session(s).facts_checked)  # asserted, absent


def test_kinds_and_protocols_written_in_mixed_case_are_vocabulary():
    from groundcheck.programs.text.tokens import extract_mentions

    assert extract_mentions("kafka 的 StatefulSet 有 3 个副本，gRPC 调用超时").entities == ()
    assert extract_mentions("OrderService 调用超时").entities == ("orderservice",)


def test_a_quantile_other_than_the_query_computes():
    p99 = "histogram_quantile(0.99, sum by (le) (rate(grpc_server_handling_seconds_bucket"
    p99 += '{grpc_service="checkout"}[5m])))'
    attack = _metric("checkout gRPC 接口 p50 延迟为 742ms", "0.742", p99)
    honest = _metric("checkout gRPC 接口 p99 延迟为 742ms", "0.742", p99)
    assert "other_label" in facts_of(attack)[1] and verify_session(attack).verdict != "PASS"
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    median = _metric("checkout gRPC 接口延迟中位数为 742ms", "0.742", p99)
    assert "other_label" in facts_of(median)[1]


def test_a_label_value_a_query_excludes_is_no_word_it_measures():
    excluded = 'sum(rate(http_requests_total{service!="checkout"}[5m]))'
    s = _metric("checkout 的 QPS 为 1520", "1520", excluded)
    assert verify_session(s).verdict != "PASS"


def test_an_answer_stating_as_observed_a_figure_only_a_runbook_gives():
    log = "2026-11-30T12:41:07Z ERROR [billing-api] FATAL: sorry, too many clients already"
    knowledge = runbook_call("rb-pg", "Our primary runs with max_connections=300; pgbouncer pool_size=80.")

    def facts(answer: str) -> list[str]:
        s = session("billing-api 报 too many clients already", "too many clients already", log,
                    extra_calls=[knowledge], answer=answer)
        return [f.classification for f in verify_session(s).facts_checked if f.source == "user_facing_answer"]

    assert "no_evidence" in facts("billing-api 报 too many clients already，主库的 300 个连接已经全部占满。")
    assert "no_evidence" not in facts("billing-api 报 too many clients already。手册里记录的主库上限是 300，建议核实。")
