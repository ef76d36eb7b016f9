"""What the fourth audit found the round-3 rules missed or over-read (issue 9): each class in forms
other than its first example, honest readings first (a false alarm costs as much as a miss)."""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import facts_of, session

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
    assert subject_meaning({"args": "top pod -n ml --context prod-1 -l app=recs"}) == "pod namespace cluster"
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
