"""Honest answers the fifth audit found failing (issue 9): what an answer restates in another form,
and what it recommends rather than asserts."""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.wording import ADVISED, ASSERTED, clause_stances

SERIES = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
    "metric": {"service": "gateway"},
    "values": [[1796018580, "0.041"], [1796018700, "0.126"], [1796018820, "0.012"]]}]}})  # 06:03, 06:05, 06:07 UTC


def _answers(claim: str, answer: str) -> list[str]:
    s = session(claim, "0.126", SERIES, tool="query_metrics", source_type="metric", answer=answer)
    record = verify_session(s)
    extra = [f for f in record.facts_checked if f.source == "user_facing_answer"]
    return [f.detail for f in record.gatekeeper_result.findings] + [
        f.fact for f in extra if f.classification != "indirect_support"
    ]


def test_an_answer_restating_utc_clocks_in_beijing_time_names_them():
    claim = "gateway 的 5xx 错误率 06:05 达到峰值 12.6%，06:07 回落到 1.2%"
    assert _answers(claim, "北京时间 14:05 达到峰值 12.6%，14:07 回落到 1.2%。") == []
    # a wrong conversion names a moment no output holds
    assert _answers(claim, "北京时间 15:05 达到峰值 12.6%，15:07 回落到 1.2%。") != []


@pytest.mark.parametrize(
    ("sentence", "stances"),
    [
        ("建议调大 maxReplicas，同时查一下流量为什么突增。", [ADVISED, ADVISED]),
        ("再扩也扩不上去了，同时查一下流量为什么突增。", [ASSERTED, ADVISED]),
        ("考虑在前面加 PgBouncer 做连接池。", [ADVISED]),
        ("短期可以适当调大 maximumPoolSize。", [ADVISED]),
        ("检查发现连接池已耗尽。", [ASSERTED]),
        ("重启的直接原因是 JVM 堆内存耗尽。", [ASSERTED]),
        ("确认为 OOM 导致重启。", [ASSERTED]),
    ],
)
def test_what_an_answer_recommends_is_no_assertion(sentence, stances):
    assert [stance for _, stance in clause_stances(sentence)] == stances


def test_a_conditional_clause_and_its_step_are_no_assertion():
    assert [s for _, s in clause_stances("如果使用 cert-manager，检查证书签发状态。")] == ["hedged", ADVISED]


LOG = (
    "2026-11-30T02:13:44+08:00 INFO  [backup] pg_dump started for crm\n"
    "2026-11-30T05:58:03+08:00 ERROR [inventory] failed to reserve stock: sku=A1001 err=deadlock\n"
    "2026-11-30T05:58:21+08:00 ERROR [inventory] failed to reserve stock: sku=A1002 err=deadlock\n"
    "2026-11-30T05:58:40+08:00 ERROR [inventory] failed to reserve stock: sku=A1003 err=deadlock\n"
    "2026-11-30T05:59:02+08:00 INFO  [inventory] reserved stock: sku=C3003"
)


def _verdict(claim: str, excerpt: str, **kw) -> str:
    return verify_session(session(claim, excerpt, LOG, **kw)).verdict


def test_a_clock_given_as_approximate_may_be_a_few_minutes_off():
    assert _verdict("crm 的 pg_dump 在凌晨两点一刻左右开始", "pg_dump started for crm") == "PASS"
    assert _verdict("crm 的 pg_dump 在 02:15 左右开始", "pg_dump started for crm") == "PASS"
    assert _verdict("crm 的 pg_dump 在 02:15 开始", "pg_dump started for crm") == "REJECT"  # exact: absent
    assert _verdict("crm 的 pg_dump 在 02:45 左右开始", "pg_dump started for crm") == "REJECT"


def test_a_count_of_log_lines_at_a_minute_is_no_value_of_one_of_them():
    record = verify_session(session("inventory 在 05:58 有 3 条预占库存失败的错误", "failed to reserve stock", LOG))
    assert "value_at_time" not in {f.split(":")[0] for f in [c.detail for c in record.claim_checks]}
    assert record.claim_checks[0].verification != "contradicted"


def test_not_all_failed_and_a_zero_count_are_no_conflict():
    s = session("C3003 预占成功，说明并非全部失败", "reserved stock: sku=C3003", LOG)
    assert verify_session(s).claim_checks[0].verification != "contradicted"
    jobs = "Pods Statuses:  0 Active / 0 Succeeded / 4 Failed"
    s = session("4 个 pod 失败、0 个成功", "0 Succeeded / 4 Failed", jobs)
    assert verify_session(s).claim_checks[0].verification != "contradicted"


def test_a_setting_named_maximum_is_no_peak():
    from groundcheck.programs.core.extremes import extreme_conflict
    from groundcheck.programs.text.series import parse_series

    series = parse_series({"points": [["10:00", 20], ["10:05", 143]]})
    assert extreme_conflict("连接池最大连接数为 20", [series]) is None
    assert extreme_conflict("等待连接数峰值为 20", [series]) is not None


def test_subjects_of_regex_matchers_helm_and_exec_commands():
    from groundcheck.programs.core.trace_index import subject_values

    # (and the metric the selector reads, since rules-18)
    assert list(subject_values({"query": 'sum(rate(container_cpu_usage_seconds_total{pod=~"pay-core-.*"}[5m]))'})) == [
        "container_cpu_usage_seconds_total", "pay-core"
    ]
    assert list(subject_values({"cmd": "helm diff revision order-svc 14 15"})) == ["order-svc"]
    assert list(subject_values({"args": "exec -n mq rabbitmq-0 -- df -h"})) == ["rabbitmq-0", "mq"]


def test_a_one_minus_idle_query_is_a_share_and_utc_is_carried_by_epoch_points():
    from groundcheck.programs.text.query_meaning import query_units
    from groundcheck.programs.text.units import whole_kinds

    idle = '1 - avg(rate(node_cpu_seconds_total{mode="idle",instance="db-1"}[5m]))'
    assert whole_kinds(query_units({"query": idle})) == {"ratio": (1.0,)}
    query = ('sum(rate(http_requests_total{service="gateway",code=~"5.."}[1m])) / '
             'sum(rate(http_requests_total{service="gateway"}[1m]))')
    s = session("gateway 的 5xx 错误率 06:05 UTC 达到峰值 12.6%", "0.126", SERIES, tool="query_metrics",
                source_type="metric", arguments={"query": query})
    assert verify_session(s).verdict == "PASS", verify_session(s).rationale


def test_a_small_count_of_the_lines_holding_the_quote_is_read_off_the_log():
    s = session("inventory 在 05:58 有 3 条预占库存失败的错误", "failed to reserve stock", LOG)
    assert verify_session(s).verdict == "PASS", verify_session(s).rationale
    wrong = session("inventory 在 05:58 有 4 条预占库存失败的错误", "failed to reserve stock", LOG)
    assert verify_session(wrong).verdict != "PASS"


def test_a_whole_shown_by_its_count_written_twice():
    pool = "Pool stats (total=20, active=20, idle=0, waiting=143)"
    honest = session("连接池 20 个连接全部活跃，等待 143", "total=20, active=20", pool)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    half = session("连接池 20 个连接全部活跃", "total=20, active=12", "Pool stats (total=20, active=12, idle=8)")
    assert verify_session(half).verdict != "PASS"


def test_a_pod_not_ready_is_no_node_not_ready():
    pods = "NAME                   READY   STATUS    RESTARTS   AGE\n"
    pods += "inventory-7d9-zr4kq    0/1     Running   0          12m"
    s = session("新 pod inventory-7d9-zr4kq 一直未就绪（0/1）", "inventory-7d9-zr4kq    0/1     Running", pods,
                tool="kubectl", arguments={"args": "get pods -n shop"})
    assert verify_session(s).verdict == "PASS", verify_session(s).rationale


def test_an_answer_restating_claims_in_everyday_words_is_backed():
    query = ('sum(rate(http_requests_total{service="gateway",code=~"5.."}[1m])) / '
             'sum(rate(http_requests_total{service="gateway"}[1m]))')
    claim = "gateway 的 5xx 错误率 06:05 达到峰值 12.6%，06:07 回落到 1.2%"
    s = session(claim, "0.126", SERIES, tool="query_metrics", source_type="metric", arguments={"query": query},
                answer="网关的 5xx 错误率 06:05 飙升到 12.6%，06:07 回落到 1.2%。建议对照发布记录。")
    assert verify_session(s).verdict == "PASS", verify_session(s).rationale
    flat = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
        "metric": {"service": "gateway"}, "values": [[1796018580, "0.120"], [1796018700, "0.126"]]}]}})
    s = session(claim, "0.126", flat, tool="query_metrics", source_type="metric", arguments={"query": query},
                answer="网关的 5xx 错误率 06:05 飙升到 12.6%。")
    facts = verify_session(s).facts_checked
    assert any(f.source == "user_facing_answer" and f.classification == "no_evidence" for f in facts)  # no spike


def test_an_approximate_clock_in_a_named_zone_is_read_by_the_zone():
    finished = "Finished:     Mon, 30 Nov 2026 05:41:09 +0000"
    describe = f"    Last State:     Terminated\n      Reason:       OOMKilled\n      {finished}"
    attack = session("上一次 OOM 发生在北京时间 05:41 左右", finished, describe)
    honest = session("上一次 OOM 发生在北京时间 13:41 左右", finished, describe)
    assert verify_session(attack).verdict == "REJECT"
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("200、429、500 三类请求合计 10000 个", "PASS"),
        ("200、429、500 三类请求合计 12000 个", "REJECT"),
        ("三类请求平均每类约 3333 个", "PASS"),
        ("三类请求有 10000 个", "REJECT"),  # no word says it adds up
    ],
)
def test_a_sum_or_mean_of_one_column_of_the_quoted_rows(claim, verdict):
    table = "code    count\n200     7420\n429     2210\n500     370"
    rows = [
        {"source_type": "log", "source_id": "call_m1", "tool_name": "query_logs", "source_invocation_ids": ["call_m1"],
         "evidence_excerpt": row}
        for row in ("429     2210", "500     370")
    ]
    s = session(claim, "200     7420", table, extra_bindings=rows)
    assert verify_session(s).verdict == verdict, verify_session(s).rationale


def test_a_total_of_the_sentences_own_figures():
    from groundcheck.programs.core.number_forms import sum_of_its_own_figures
    from groundcheck.programs.text.tokens import extract_mentions

    sentence = "BackOff 57 次、FailedMount 12 次、Unhealthy 3 次，合计 72 次"
    total = next(n for n in extract_mentions(sentence).numbers if n.value == 72)
    assert sum_of_its_own_figures(sentence, total)
    wrong = "BackOff 57 次、FailedMount 12 次、Unhealthy 3 次，合计 75 次"
    assert not sum_of_its_own_figures(wrong, next(n for n in extract_mentions(wrong).numbers if n.value == 75))
    plain = "BackOff 57 次、FailedMount 12 次、Unhealthy 3 次，另有 72 次"  # no word says it adds up
    assert not sum_of_its_own_figures(plain, next(n for n in extract_mentions(plain).numbers if n.value == 72))


def test_a_usage_rate_of_cpu_memory_or_a_pool_is_no_disk_usage():
    from groundcheck.programs.text.glossary import claim_analysis

    def concepts(text: str) -> set[str]:
        return {cid for m in claim_analysis(text).mentions for cid in m.concept_ids}

    assert "disk_usage" not in concepts("CPU 使用率约 60%")
    assert "disk_usage" not in concepts("连接池使用率在 10:05 达到 100%")
    assert "disk_usage" not in concepts("内存使用率 95%")
    assert "disk_usage" in concepts("/data 使用率从 62.1% 升至 97.2%")
