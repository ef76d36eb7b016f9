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
