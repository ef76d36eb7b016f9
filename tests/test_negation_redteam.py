"""Negation classes two red-team audits found: words that hold a negator but negate nothing after
them, chains across a clause break, zero counts under multi-word keys and table columns (honest
claims that were REJECTed), and denials the rules did not read: after the term, "已排除", "未完成"
(meaning flips that passed). Chinese claims over English outputs, each beside its honest twin."""

from __future__ import annotations

import pytest
from test_meaning_classes import session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.glossary import claim_analysis
from groundcheck.programs.text.negation import negated_spans, negation_conflict

NO_SPACE = (
    "2026-11-29T03:12:44Z ERROR [ingest-worker] failed to write segment /data/seg-000412: "
    "write /data/seg-000412: no space left on device"
)
EVICTED = "45s  Warning  Evicted  pod/report-job-7xk2p  The node was low on resource: memory."
TIMEOUT = "2026-11-29T10:05:12Z ERROR [gateway] dial tcp 10.0.0.5:443: i/o timeout"
POOL = "2026-11-29T10:05:12Z ERROR [payment-service] HikariPool-1 - Connection is not available, request timed out"
POOL_EXHAUSTED = "2026-11-29T10:05:12Z ERROR [payment-service] HikariPool-1 - pool exhausted (active=50, max=50)"
FAILOVER = (
    "2026-11-30T03:12:44.120Z sentinel: +switch-master cache-main 10.0.4.11 6379 10.0.4.12 6379\n"
    "2026-11-30T03:12:44.305Z sentinel: failover to replica 10.0.4.12:6379 completed\n"
)
FAILOVER_ABORTED = (
    "2026-11-30T03:12:40.002Z sentinel: +failover-state-select-slave cache-main\n"
    "2026-11-30T03:12:44.305Z sentinel: -failover-abort-no-good-slave cache-main\n"
)
OOM_KILLED = "    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n"
DESCRIBE = (
    "Containers:\n  web:\n    State:          Waiting\n      Reason:       ImagePullBackOff\n"
    "    Ready:          False\n"
)


def pods_table(restarts: list[str]) -> str:
    rows = [f"web-7c9f6d5b8-{i:05d}    1/1     Running   {r:<12}  12m" for i, r in enumerate(restarts)]
    return "\n".join(["NAME                   READY   STATUS    RESTARTS      AGE", *rows]) + "\n"


def negated_terms(text: str) -> set[str]:
    analysis = claim_analysis(text)
    return {analysis.mentions[i].term for i in analysis.negated}


# --- 1. a negator inside a word that judges the noun before it (不足, 不够, 不稳定, 不当...) ---------------


@pytest.mark.parametrize(
    ("honest", "attack", "output"),
    [
        ("磁盘空间不足导致写入失败", "磁盘空间充足，没有写入失败", NO_SPACE),
        ("因节点内存不足被驱逐", "pod 没有被驱逐", EVICTED),
        ("节点内存不够，pod 被驱逐", "节点内存充足，pod 未被驱逐", EVICTED),
        ("网络不稳定导致连接超时", "网络稳定，连接没有超时", TIMEOUT),
        ("配置不当导致写入失败", "配置正确，不会写入失败", NO_SPACE),
    ],
)
def test_a_word_that_judges_the_noun_before_it_negates_nothing_after_it(honest, attack, output):
    assert negation_conflict(honest, [output]) is None
    detail = negation_conflict(attack, [output])
    assert detail is not None and detail.startswith("it denies")


def test_a_negator_inside_the_term_before_belongs_to_that_term():
    assert negated_terms("磁盘空间不足导致写入失败") == set()  # 空间不足 is a term; its 不 stays in it
    assert negated_terms("因节点内存不足被驱逐") == set()
    # a term that starts with a negator still governs what follows it, as before
    assert "主从切换" in negated_terms("redis cache-main 不存在主从切换记录")
    assert "写入失败" in negated_terms("没有写入失败")  # a plain negator is read as before
    assert "数据库" in negated_terms("无法连接数据库")  # 无法连接 is a term and governs on
    # an English negator still governs a list of terms
    assert {"oom", "restart"} <= negated_terms("there was no OOM or restart")
    assert negation_conflict("there was no OOM or restart", ["    Restart Count:  3\n"]) is not None


# --- 2. a chain of negated terms stops at a clause break ----------------------------------------------


@pytest.mark.parametrize(
    ("honest", "attack", "output"),
    [
        ("没有可用的数据库连接，连接池耗尽", "没有数据库连接池耗尽", POOL_EXHAUSTED),
        ("没有可用的节点，pod 被驱逐", "没有 pod 被驱逐", EVICTED),
    ],
)
def test_a_negation_chain_does_not_cross_a_clause_break(honest, attack, output):
    assert negation_conflict(honest, [output]) is None
    detail = negation_conflict(attack, [output])
    assert detail is not None and detail.startswith("it denies")


def test_negated_spans_of_a_chain():
    analysis = claim_analysis("没有可用的数据库连接，连接池耗尽")
    terms = [m.term for m in analysis.mentions]
    spans = negated_spans("没有可用的数据库连接，连接池耗尽", analysis.mentions)
    assert {terms[i] for i in spans} == {"数据库", "连接"}
    assert negation_conflict("没有可用的数据库连接，连接池耗尽", [POOL]) is None


# --- 3. zero counts: multi-word keys and all-zero table columns --------------------------------------


@pytest.mark.parametrize(
    ("claim", "output"),
    [
        ("容器没有重启过", "    Restart Count:  0\n"),
        ("容器从未重启过（Restart Count 为 0）", "    Restart Count:  0\n"),
        ("服务没有报错", "summary: error count = 0, warnings = 3"),
        ("web pod 都没有重启过", pods_table(["0", "0", "0"])),
    ],
)
def test_a_zero_count_denies(claim, output):
    assert negation_conflict(claim, [output]) is None


@pytest.mark.parametrize(
    ("claim", "output"),
    [
        ("容器没有重启过", "    Restart Count:  3\n"),
        ("web pod 都没有重启过", pods_table(["0", "3 (2m ago)", "0"])),
    ],
)
def test_a_nonzero_count_reports(claim, output):
    detail = negation_conflict(claim, [output])
    assert detail is not None and "'restart'" in detail and detail.startswith("it denies")


@pytest.mark.parametrize(
    ("claim", "output"),
    [
        ("容器发生了重启", "    Restart Count:  0\n"),
        ("服务出现报错", "summary: error count = 0, warnings = 3"),
        ("web pod 发生了重启", pods_table(["0", "0"])),
    ],
)
def test_reporting_what_a_zero_count_denies_conflicts(claim, output):
    detail = negation_conflict(claim, [output])
    assert detail is not None and detail.startswith("it reports")


def test_a_claims_own_zero_figure_is_neither_report_nor_denial():
    assert negation_conflict("容器 Restart Count 为 0", ["    Restart Count:  0\n"]) is None
    # one row's zero in a table where another pod restarted: not a denial the table contradicts
    assert negation_conflict("web-7c9f6d5b8-00000 的 RESTARTS 为 0", [pods_table(["0", "5"])]) is None


def test_a_table_column_needs_rows_of_its_own_shape():
    ragged = "NAME    RESTARTS   AGE\nweb-1   0\n"  # a row without every cell: not read as the column
    assert negation_conflict("web pod 没有重启过", [ragged]) is not None


# --- 4. a denial after the term -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("honest", "attack", "output"),
    [
        ("上一次终止原因为 OOMKilled", "上一次终止时 OOMKilled 并没有发生", OOM_KILLED),
        ("容器发生内存溢出", "容器的内存溢出情况并未出现", OOM_KILLED),
        ("cache-main 发生主从切换", "cache-main 的主从切换未发生", FAILOVER),
        ("cache-main 发生主从切换", "cache-main 主从切换根本没有出现", FAILOVER),
        ("pod 因节点内存不足被驱逐", "pod 被驱逐的情况从未出现", EVICTED),
    ],
)
def test_a_denial_after_the_term(honest, attack, output):
    assert negation_conflict(honest, [output]) is None
    detail = negation_conflict(attack, [output])
    assert detail is not None and detail.startswith("it denies")


def test_a_denial_after_the_term_is_read_only_right_after_it():
    # "未再发生" speaks of a later window (the output may show the earlier one)
    assert negation_conflict("扩容后 OOM 未再发生", [OOM_KILLED]) is None
    # the denial belongs to the event right before it, not to one further back
    assert negation_conflict("OOMKilled 之后服务重启没有发生", [OOM_KILLED]) is None
    assert "oomkilled" in negated_terms("oomkilled 并没有发生")


# --- 5. 已排除 ... / ... 已排除, and 未完成 ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("honest", "attack", "output"),
    [
        ("cache-main 发生主从切换", "已排除 cache-main 发生主从切换的情况", FAILOVER),
        ("上一次终止原因为 OOMKilled", "OOM 的可能性已排除", OOM_KILLED),
        ("上一次终止原因为 OOMKilled", "OOMKilled 已被排除", OOM_KILLED),
    ],
)
def test_ruled_out_is_a_denial(honest, attack, output):
    assert negation_conflict(honest, [output]) is None
    detail = negation_conflict(attack, [output])
    assert detail is not None and detail.startswith("it denies")


def test_a_cleared_fault_is_not_ruled_out():
    log = "2026-11-29T10:05:12Z ERROR [gateway] upstream connect error"
    assert negation_conflict("故障已排除，服务恢复", [log]) is None
    assert negation_conflict("已排除故障", [log]) is None
    assert negation_conflict("已排除了数据库故障", [log]) is None
    assert negation_conflict("已排除数据库主从切换", [FAILOVER]) is not None  # a named event is still ruled out
    assert negation_conflict("可能是 OOM 导致", [OOM_KILLED]) is None  # a hedge stays a hedge


@pytest.mark.parametrize(
    ("claim", "output", "conflict"),
    [
        ("cache-main 的主从切换未完成", FAILOVER, True),
        ("cache-main 的主从切换已完成", FAILOVER, False),
        ("cache-main 的主从切换未完成", FAILOVER_ABORTED, False),  # started, then aborted
        ("orders-api 回滚没有成功", "rollback of orders-api to v1.2 succeeded", True),
        ("orders-api 回滚没有成功", "rollback of orders-api to v1.2 failed: unsuccessful health check", False),
        # the completion is of another event on another line
        ("cache-main 的主从切换未完成", FAILOVER_ABORTED + "backup job completed\n", False),
    ],
)
def test_an_event_said_not_to_complete(claim, output, conflict):
    detail = negation_conflict(claim, [output])
    assert (detail is not None and "did not complete" in detail) == conflict, detail


ROLLOUT = (
    "2026-11-30T09:12:03Z INFO  deploy-controller rollout inventory-service to v2.14.0 started\n"
    "2026-11-30T09:14:41Z ERROR deploy-controller rollout inventory-service v2.14.0 failed: "
    "readiness probe failed on 4/6 pods\n"
)


@pytest.mark.parametrize(
    ("honest", "attack", "output"),
    [
        ("发布 v2.14.0 失败，4/6 个 pod 就绪探针失败", "发布 v2.14.0 失败不是因为就绪探针", ROLLOUT),
        ("发布 v2.14.0 失败，4/6 个 pod 就绪探针失败", "发布 v2.14.0 的失败并非就绪探针导致", ROLLOUT),
        (
            "容器因 OOMKilled 重启",
            "容器重启不是因为内存",
            "Last State: Terminated, Reason: OOMKilled, Restart Count: 3",
        ),
    ],
)
def test_a_component_denied_as_the_cause(honest, attack, output):
    assert negation_conflict(honest, [output]) is None
    detail = negation_conflict(attack, [output])
    assert detail is not None and "as the cause" in detail


@pytest.mark.parametrize(
    ("claim", "output"),
    [
        # the component's failure is on a line without the claim's event
        (
            "发布 v2.14.0 失败不是因为就绪探针",
            "rollout v2.14.0 failed: image pull backoff\nreadiness probe failed once",
        ),
        # "失败" / "ERROR" alone (any log line's level) does not link the two
        ("请求失败不是因为数据库", "ERROR db: slow query 3.2s on orders"),
        ("支付超时不是因为数据库，而是网络丢包", "db: slow query 3.2s\npayment timeout: packet loss 30%"),
        # the output reports the component healthy
        ("发布 v2.14.0 失败不是因为就绪探针", "rollout v2.14.0 failed: image pull backoff; readiness probe passed"),
    ],
)
def test_a_cause_denial_the_output_does_not_contradict(claim, output):
    assert negation_conflict(claim, [output]) is None


# --- full verification, one pair per class -------------------------------------------------------------


@pytest.mark.parametrize(
    ("honest", "attack", "excerpt", "output", "tool"),
    [
        # 1. 不足
        ("磁盘空间不足导致写入失败", "磁盘空间充足，没有写入失败", "no space left on device", NO_SPACE, "query_logs"),
        # 2. chain across a comma
        (
            "没有可用的数据库连接，连接池耗尽",
            "没有数据库连接池耗尽",
            "pool exhausted",
            POOL_EXHAUSTED,
            "query_logs",
        ),
        # 3. a zero count under a two-word key
        (
            "容器没有重启过",
            "容器发生了重启",
            "Restart Count:  0",
            DESCRIBE + "    Restart Count:  0\n",
            "kubectl_describe",
        ),
        # 4. a denial after the term
        (
            "上一次终止原因为 OOMKilled",
            "上一次终止时 OOMKilled 并没有发生",
            "OOMKilled",
            OOM_KILLED,
            "kubectl_describe",
        ),
        # 5. ruled out, and not completed
        ("cache-main 发生主从切换", "已排除 cache-main 发生主从切换的情况", "failover", FAILOVER, "query_logs"),
        ("cache-main 的主从切换已完成", "cache-main 的主从切换未完成", "completed", FAILOVER, "query_logs"),
        (
            "发布 v2.14.0 失败，4/6 个 pod 就绪探针失败",
            "发布 v2.14.0 失败不是因为就绪探针",
            "readiness probe failed on 4/6 pods",
            ROLLOUT,
            "query_logs",
        ),
    ],
)
def test_verify_session(honest, attack, excerpt, output, tool):
    good = verify_session(session(honest, excerpt, output, tool=tool))
    assert good.claim_checks[0].verification != "contradicted", good.claim_checks[0].detail
    # an honest twin PASSes; one worded as a cause ("不足导致…") may only be lowered for that wording
    assert good.verdict == "PASS" or "causal inference" in good.claim_checks[0].detail, good.rationale
    bad = verify_session(session(attack, excerpt, output, tool=tool))
    assert bad.claim_checks[0].verification == "contradicted"
    assert bad.claim_checks[0].detail.startswith("it "), bad.claim_checks[0].detail
    assert bad.verdict == "REJECT"


@pytest.mark.parametrize(
    ("honest", "attack", "output"),
    [
        ("服务没有恢复健康", "服务健康", "readiness check: unhealthy (3 consecutive failures)"),
        ("回滚没有成功", "回滚成功", "rollback of orders-api failed: unsuccessful health check"),
    ],
)
def test_un_glued_to_a_term_denies_it(honest, attack, output):
    """A word that "un" negates holds the term ("unhealthy", "unsuccessful") but does not report it."""
    assert negation_conflict(honest, [output]) is None
    detail = negation_conflict(attack, [output])
    assert detail is not None and detail.startswith("it reports")
