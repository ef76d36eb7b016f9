"""Red-team classes of the answer's hedges and advice (spec §6 answer.unbacked_entity, §9 extra facts).

Each attack has an honest twin. The cases are written here (not read from the audits' files) on top of
the bundled honest OOMKilled example, whose trace knows nothing of DNS, Redis, networks or releases.

1. Too lenient: a hedge or advice word governed the whole sentence; now it governs its clause.
2. The answer denies what its own critical claim reports.
3. A background claim without evidence backs the answer's content.
4. Too strict: hedges the vocabulary missed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from builders import base_contract, base_session, session_with

from groundcheck.programs.core.facts import extra_answer_facts, fallback_facts
from groundcheck.programs.core.gatekeeper import GateContext, check_unbacked_entity
from groundcheck.programs.core.pipeline import ensure_session, verify_session
from groundcheck.programs.core.trace_index import TraceIndex
from groundcheck.programs.text.wording import ADVISED, ASSERTED, HEDGE, assertive_text, clause_stances
from groundcheck.signatures.models import ExecutorContract


def verify_with(extra: str = "", **contract_changes: Any):
    """The honest example with `extra` appended to its answer and contract fields changed."""

    def mutate(contract: dict[str, Any]) -> None:
        contract["user_facing_answer"] += extra
        for key, value in contract_changes.items():
            contract[key] = value(contract[key]) if callable(value) else value

    return verify_session(session_with(mutate))


def extra_facts(record) -> list[tuple[str, str]]:
    return [(f.fact, f.classification) for f in record.facts_checked if f.source == "user_facing_answer"]


def facts_and_index(extra: str = "", **contract_changes: Any) -> tuple[ExecutorContract, TraceIndex]:
    contract = base_contract()
    contract["user_facing_answer"] += extra
    contract.update(contract_changes)
    session = base_session()
    session["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    return ExecutorContract.model_validate(contract), TraceIndex(ensure_session(session))


def test_the_base_example_passes_without_extra_facts():
    record = verify_with()
    assert record.verdict == "PASS"
    assert extra_facts(record) == []


# --- 1. a hedge or advice word governs its clause, not the sentence -----------------------------------

# (attack sentence, what it still asserts, honest twin asserting nothing)
SCOPE_CASES = [
    # 尚未恢复 ("not recovered yet") states a fact; 尚未确认 leaves it open
    ("上游 DNS 解析失败，至今尚未恢复。", "上游 DNS 解析失败，至今尚未恢复。", "上游 DNS 是否解析失败，目前尚未确认。"),
    # 应该 as advice governs its own clause only
    ("Redis 已经发生主从切换，应该立即处理。", "Redis 已经发生主从切换", "Redis 应该是发生了主从切换，需进一步确认。"),
    # the object of 请检查 is advice; the clause after it asserts
    ("请检查节点磁盘，其磁盘已满。", "其磁盘已满。", "请检查节点磁盘是否已满。"),
    # the reason given for advice is asserted
    ("建议回滚，因为上午刚发布了新版本。", "因为上午刚发布了新版本。", "建议确认上午是否发布了新版本，必要时回滚。"),
    # 不管是否 concedes, it does not ask
    ("不管是否重试，缓存都已经发生雪崩。", "不管是否重试，缓存都已经发生雪崩。", "需确认是否发生了缓存雪崩。"),
    # 最好的 is "best", not advice
    ("节点网络最好的时候也有丢包。", "节点网络最好的时候也有丢包。", "最好先排查节点网络丢包。"),
    # 下一步 advises in its own clause
    ("证书已经过期，下一步要续期。", "证书已经过期", "下一步确认证书是否过期。"),
    # 还需要 + an action is advice for its clause; 还需确认 is a hedge
    ("节点磁盘已满导致写入失败，还需要扩容磁盘。", "节点磁盘已满导致写入失败", "节点磁盘是否已满还需进一步确认。"),
    # advice followed by an unrelated assertion
    ("建议扩容，节点已经出现网络丢包。", "节点已经出现网络丢包。", "建议扩容，并观察节点网络丢包。"),
    # "需要确认的是，X" recommends checking; X itself is stated, not asked
    (
        "需要确认的是，上游数据库已经发生主从切换。",
        "上游数据库已经发生主从切换。",
        "需要确认的是，上游数据库是否发生了主从切换。",
    ),
]


@pytest.mark.parametrize(("attack", "asserted", "honest"), SCOPE_CASES)
def test_assertive_text_keeps_the_clauses_no_hedge_or_advice_governs(attack, asserted, honest):
    assert assertive_text(attack) == asserted
    assert assertive_text(honest) == ""


@pytest.mark.parametrize(("attack", "asserted", "honest"), SCOPE_CASES)
def test_an_assertion_beside_a_hedge_or_advice_is_an_extra_fact(attack, asserted, honest):
    contract, index = facts_and_index(attack)
    assert [(f.fact, f.classification) for f in extra_answer_facts(contract, index)] == [(asserted, "no_evidence")]
    contract, index = facts_and_index(honest)
    assert extra_answer_facts(contract, index) == []


@pytest.mark.parametrize(("attack", "asserted", "honest"), SCOPE_CASES[:4])
def test_verdict_of_a_wrapped_assertion_and_its_honest_twin(attack, asserted, honest):
    record = verify_with(attack)
    assert record.verdict == "LOW_CONFID"
    assert (asserted, "no_evidence") in extra_facts(record)
    assert verify_with(honest).verdict == "PASS"


@pytest.mark.parametrize(
    "sentence",
    [
        "建议查看该容器上一次退出时的日志，确认崩溃原因后再处理。",  # the imperative goes on advising
        "建议对比发布内容，必要时回滚。",
        "建议将 -Xmx 设为 limit 的 75%，必要时把 limit 提高到 1Gi。",
        "建议按时间段拆分统计，确认错误集中出现的时段。",
        "可能是上游 DNS 解析失败，导致连接超时，进而引发重启。",  # a hedged chain of consequences
        "推测：上游 DNS 解析失败，连接超时。",  # a colon lead governs the rest
        "具体原因还需要看堆内存的构成。",
        "建议检查依赖与线程池配置，并确认是否需要临时放宽超时阈值，同时关注后续告警。",  # a hedged step
        "您提到的 v2.3.1 发布，目前的工具输出里没有相关记录，无法判断是否有关。",  # the user's words
        "目前看来内存增长集中在这一时段。",
    ],
)
def test_advice_and_hedged_chains_stay_unasserted(sentence):
    assert assertive_text(sentence) == ""


@pytest.mark.parametrize(
    ("sentence", "asserted"),
    [
        # a comma lead governs one statement, a colon lead the rest of the sentence
        ("推测，上游 DNS 解析失败，Redis 也已经发生主从切换。", "Redis 也已经发生主从切换。"),
        ("推测，可能是 DNS 解析失败，Redis 已经发生主从切换。", "Redis 已经发生主从切换。"),
        ("一个猜想是：上游 DNS 解析失败，Redis 也已经发生主从切换。", ""),
        ("建议扩容，并发连接数已达上限。", "并发连接数已达上限。"),  # 并发 is a noun, not "and"
        ("是否需要回滚还需确认，Redis 已经发生主从切换。", "Redis 已经发生主从切换。"),
    ],
)
def test_how_far_a_hedge_or_advice_reaches(sentence, asserted):
    assert assertive_text(sentence) == asserted


def test_check_found_is_reported_not_advised():
    stances = clause_stances("建议扩容，检查发现节点磁盘已满。")
    assert [s for _, s in stances] == [ADVISED, ASSERTED]


def test_clause_stances_of_a_plain_sentence_is_the_sentence():
    assert clause_stances("容器重启 4 次。") == (("容器重启 4 次。", ASSERTED),)


def test_numbers_and_times_do_not_split_clauses():
    sentence = "可能在 10:05 前后处理了 1,000 条请求。"
    assert clause_stances(sentence) == ((sentence, HEDGE),)


def test_hypothesis_entity_stated_beside_an_unrelated_hedge_is_unbacked():
    """Gatekeeper: an entity only a hypothesis carries is backed only in the clause a hedge governs."""
    hypotheses = ["可能是 Helm chart order-chart-1.2.3 把 limit 改小了"]
    attack = "order-chart-1.2.3 把 limit 改小了，是否需要回滚还需确认。"
    honest = "是否需要回滚还需确认，limit 可能是在 order-chart-1.2.3 中被改小的。"
    for sentence, warned in ((attack, True), (honest, False)):
        contract, index = facts_and_index(sentence, hypotheses=hypotheses)
        findings = check_unbacked_entity(GateContext(contract, index, fenced=False))
        assert any("order-chart-1.2.3" in f.detail for f in findings) is warned
    assert verify_with(attack, hypotheses=hypotheses).verdict == "LOW_CONFID"
    assert verify_with(honest, hypotheses=hypotheses).verdict == "PASS"


# --- 2. the answer denies what its own claim reports -------------------------------------------------

NEGATION_CASES = [
    # (attack: denies a reported concept, honest: denies something no claim reports, or not an existence)
    ("order-service 并没有发生 OOMKilled，只是正常退出。", "日志中没有发现主从切换。"),
    ("容器不存在 CrashLoopBackOff 问题。", "13:50 时容器还没有重启。"),
    ("order-service 从未出现 OutOfMemoryError。", "未发现上游 DNS 解析失败。"),
]


@pytest.mark.parametrize(("attack", "honest"), NEGATION_CASES)
def test_an_answer_denying_its_claim_is_contradicted(attack, honest):
    contract, index = facts_and_index(attack)
    assert [(f.fact, f.classification) for f in extra_answer_facts(contract, index)] == [(attack, "contradicted")]
    contract, index = facts_and_index(honest)
    assert extra_answer_facts(contract, index) == []


def test_verdict_of_an_answer_denying_its_claim():
    attack, honest = NEGATION_CASES[0]
    assert verify_with(attack).verdict == "LOW_CONFID"
    assert verify_with(honest).verdict == "PASS"


def test_a_claim_that_itself_denies_the_concept_is_no_conflict():
    """The claims deny it too (in a clause with a negator): the answer agrees with them."""

    def deny_in_claim(claims):
        claims[0] = {**claims[0], "claim_text": claims[0]["claim_text"] + "，日志中没有出现主从切换错误"}
        return claims

    contract = base_contract()
    contract["claims"] = deny_in_claim(contract["claims"])
    contract["user_facing_answer"] += "日志中没有出现主从切换错误。"
    session = base_session()
    session["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    model = ExecutorContract.model_validate(contract)
    assert extra_answer_facts(model, TraceIndex(ensure_session(session))) == []


def test_a_hedged_denial_is_not_held_against_the_claims():
    contract, index = facts_and_index("可能并没有发生 OOMKilled，需进一步确认。")
    assert extra_answer_facts(contract, index) == []


# --- 3. a background claim does not back the answer's content ----------------------------------------


def background(text: str) -> dict[str, Any]:
    return {
        "claim_id": "b1",
        "claim_type": "background",
        "claim_text": text,
        "support_level": "none",
        "evidence_bindings": [],
    }


BACKGROUND_CASES = [
    # (background claim, attack answer sentence resting on it, honest sentence)
    (
        "上游数据库发生了主从切换，切换期间连接全部中断",
        "根本原因是上游数据库发生了主从切换。",
        "可能是上游数据库发生了主从切换。",
    ),
    ("上游 DNS 解析失败", "上游 DNS 解析失败导致了重启。", "上游 DNS 是否解析失败尚待确认。"),
    ("order-service 是订单链路的核心服务", None, "order-service 是订单链路的核心服务。"),
]


@pytest.mark.parametrize(("claim_text", "attack", "honest"), BACKGROUND_CASES)
def test_background_claim_does_not_back_answer_content(claim_text, attack, honest):
    claims = [*base_contract()["claims"], background(claim_text)]
    if attack is not None:
        contract, index = facts_and_index(attack, claims=claims)
        assert [(f.fact, f.classification) for f in extra_answer_facts(contract, index)] == [(attack, "no_evidence")]
    contract, index = facts_and_index(honest, claims=claims)
    assert extra_answer_facts(contract, index) == []


def test_verdict_of_an_answer_laundered_through_a_background_claim():
    claim_text, attack, honest = BACKGROUND_CASES[0]
    add = lambda claims: [*claims, background(claim_text)]  # noqa: E731
    assert verify_with(attack, claims=add).verdict == "LOW_CONFID"
    assert verify_with(honest, claims=add).verdict == "PASS"


def test_a_critical_claim_still_backs_the_same_content():
    """The same sentence, carried by a critical claim, is no extra fact (the claim is checked instead)."""
    critical = {**background("上游数据库发生了主从切换"), "claim_type": "root_cause"}
    claims = [*base_contract()["claims"], critical]
    contract, index = facts_and_index("根本原因是上游数据库发生了主从切换。", claims=claims)
    assert extra_answer_facts(contract, index) == []


# --- 4. hedges the vocabulary missed -----------------------------------------------------------------

HEDGED_SENTENCES = [
    "不排除 limit 是在 Helm chart order-chart-1.2.3 中被改小的。",
    "估计 limit 是在 Helm chart order-chart-1.2.3 中被改小的。",
    "limit 大概率是在 Helm chart order-chart-1.2.3 中被改小的（待验证）。",
    "我们倾向于认为 limit 是在 Helm chart order-chart-1.2.3 中被改小的，但还没有证据。",
    "一个猜想是 Helm chart order-chart-1.2.3 把 limit 改小了。",
    "初步判断 limit 是在 Helm chart order-chart-1.2.3 中被改小的，尚未验证。",
    "limit 是在 Helm chart order-chart-1.2.3 中被改小的，目前无法确认。",
]


@pytest.mark.parametrize("sentence", HEDGED_SENTENCES)
def test_hedged_hypothesis_entity_is_backed(sentence):
    hypotheses = ["limit 可能是在 Helm chart order-chart-1.2.3 中被改小的（未验证）"]
    assert assertive_text(sentence) == ""
    record = verify_with(sentence, hypotheses=hypotheses)
    assert record.verdict == "PASS"
    assert "answer.unbacked_entity" not in record.gatekeeper_result.warned_rules
    # its twin states the same thing as fact
    stated = "limit 是在 Helm chart order-chart-1.2.3 中被改小的。"
    record = verify_with(stated, hypotheses=hypotheses)
    assert record.verdict == "LOW_CONFID"
    assert "answer.unbacked_entity" in record.gatekeeper_result.warned_rules


@pytest.mark.parametrize(
    "sentence",
    [
        "是不是发布引起的，目前无法确认。",
        "至于是不是发布导致的，现有数据无法判断。",
        "发布是不是诱因，暂时还不清楚。",
        "发布导致 OOM 的说法目前证据不足。",
        "由于缺少发布记录，无法判断 OOM 是否与发布有关。",
    ],
)
def test_open_questions_are_not_assertions(sentence):
    assert assertive_text(sentence) == ""
    record = verify_with(sentence)
    assert record.verdict == "PASS"
    assert extra_facts(record) == []


def test_an_open_question_does_not_cover_an_assertion_after_it():
    sentence = "是不是发布引起的，目前无法确认，但上游 DNS 已经解析失败。"
    assert assertive_text(sentence) == "但上游 DNS 已经解析失败。"
    assert verify_with(sentence).verdict == "LOW_CONFID"


def test_unparseable_output_is_read_clause_by_clause_too():
    """The fallback facts of output that is not a contract (audit only) skip the same clauses."""
    session = ensure_session(base_session())
    index = TraceIndex(session)
    text = "请检查节点磁盘，其磁盘已满。可能是上游 DNS 解析失败。"
    assert [f.fact for f in fallback_facts(text, index)] == ["其磁盘已满。"]
