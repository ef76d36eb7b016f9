"""Negation conflicts between a claim and its cited evidence (a soft judgement)."""

import pytest

from groundcheck.programs.text.negation import negation_conflict

FAILOVER_LOG = "12:01:07 sentinel +switch-master mymaster: failover to replica-2 completed"


def test_claim_denies_what_the_evidence_reports():
    detail = negation_conflict("故障期间没有发生主从切换", [FAILOVER_LOG])
    assert detail is not None and "failover" in detail and detail.startswith("it denies")


def test_english_denial():
    assert negation_conflict("There was no failover during the incident", [FAILOVER_LOG]) is not None
    assert negation_conflict("pods were never evicted", ["Warning Evicted pod/web-1 evicted: low memory"])


def test_claim_reports_what_the_evidence_only_denies():
    detail = negation_conflict("节点出现 OOM", ["node summary: oom_kills: 0, restarts: 2"])
    assert detail is not None and detail.startswith("it reports")
    assert negation_conflict("pod was evicted", ["no pods were evicted in the last hour"]) is not None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("数据库发生主从切换", FAILOVER_LOG),  # agrees
        ("没有发生主从切换", "disk usage 98%"),  # the evidence says nothing either way
        ("没有 OOM", "oom_kills: 0"),  # both deny
        ("节点出现 OOM", "oom_kills: 0\nOOMKilled container web"),  # the evidence also reports it
        ("数据库不可达", "dial tcp 10.0.0.5:3306: connect: no route to host"),  # 不可达 is a term, not 不 + 可达
        ("连接数不断增长，最终连接池耗尽", "HikariPool-1 - Connection is not available"),  # 不断 is no negator
        ("无法连接数据库", "connection refused"),  # components are not compared
        ("容器运行时可能没有响应", "PLEG is not healthy"),  # hedged
    ],
)
def test_no_conflict(claim, evidence):
    assert negation_conflict(claim, [evidence]) is None


def test_no_evidence_no_conflict():
    assert negation_conflict("没有发生主从切换", []) is None


def test_denied_occurrence_covers_the_rest_of_the_clause():
    log = "2026-11-01T12:19:03+08:00 ERROR [ads-api] java.lang.NullPointerException: model is null"
    detail = negation_conflict("12:19 起 ads-api 没有出现 java.lang.NullPointerException", [log])
    assert detail is not None and "null_pointer" in detail
    oom = "ERROR [report-worker] java.lang.OutOfMemoryError: Java heap space"
    assert negation_conflict("report-worker 日志没有出现 java.lang.OutOfMemoryError", [oom]) is not None
    assert negation_conflict("report-worker 日志出现 java.lang.OutOfMemoryError", [oom]) is None
