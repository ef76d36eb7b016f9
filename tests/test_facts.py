"""Extra answer facts (spec §9): the advice filter, content assertions, and the JSON-shaped fallback."""

import json

import pytest
from builders import base_contract, base_session, session_with

from groundcheck.programs.core.facts import asserted_new_concepts, fallback_sentences
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.wording import is_assertion


def with_answer(extra: str):
    def mutate(c):
        c["user_facing_answer"] += extra

    return verify_session(session_with(mutate))


def extra_facts(record):
    return [(f.fact, f.classification) for f in record.facts_checked if f.source == "user_facing_answer"]


def test_honest_answer_has_no_extra_fact():
    record = verify_session(base_session())
    assert record.verdict == "PASS"
    assert extra_facts(record) == []


@pytest.mark.parametrize(
    ("sentence", "advice"),
    [
        ("建议将 -Xmx 设为 limit 的 75%。", True),
        ("请检查数据库日志。", True),
        ("需要确认上游是否有变更。", True),
        ("You should restart the pod.", True),
        ("请求量随后下降。", False),  # 请求 is a request, not "please"
        ("处理一次请求需要 3 秒。", False),  # 需要 is "takes"
    ],
)
def test_advice_is_an_action_recommended(sentence, advice):
    assert is_assertion(sentence) is not advice


def test_root_cause_without_entity_or_number_is_an_extra_fact():
    record = with_answer("根本原因是上游数据库主从切换。")
    facts = extra_facts(record)
    assert facts == [("根本原因是上游数据库主从切换。", "no_evidence")]
    assert record.verdict == "LOW_CONFID"


def test_content_the_trace_carries_is_indirect_support():
    record = with_answer("日志中还有 GC overhead 告警，说明 full GC 频繁。")
    assert [c for _, c in extra_facts(record)] in ([], ["indirect_support"])
    assert record.verdict == "PASS"


@pytest.mark.parametrize(
    "sentence",
    [
        "也可能是上游数据库主从切换。",  # hedged
        "建议检查数据库是否发生过主从切换。",  # advice
        "没有发现数据库主从切换。",  # a denial names no content
        "重启的直接原因是 JVM 堆内存耗尽。",  # a claim carries it
    ],
)
def test_not_an_extra_fact(sentence):
    record = with_answer(sentence)
    assert extra_facts(record) == []
    assert record.verdict == "PASS"


def test_sentence_with_a_request_word_and_a_new_number_is_not_advice():
    record = with_answer("请求失败数达到 8812 次。")
    assert extra_facts(record) == [("请求失败数达到 8812 次。", "contradicted")]


def test_asserted_new_concepts():
    assert asserted_new_concepts("根本原因是上游数据库主从切换", "磁盘已满") == ["upstream", "database", "failover"]
    assert asserted_new_concepts("数据库在线", "磁盘已满") == []  # a component alone asserts nothing
    assert asserted_new_concepts("发生主从切换", "failover completed") == []  # carried (either language)


def test_fallback_reads_the_prose_of_broken_json():
    contract = base_contract()
    text = json.dumps(contract, ensure_ascii=False, indent=2)[:-40]  # truncated, pretty-printed
    sentences = fallback_sentences(text)
    assert not any(s.lstrip().startswith(('"', "{", "[")) for s in sentences)
    claim_texts = [c["claim_text"] for c in contract["claims"]]
    assert all(t in sentences for t in claim_texts)
    assert contract["diagnosis_summary"] in sentences
    assert len(sentences) < len(text.splitlines()) / 3


def test_fallback_keeps_prose_around_and_decodes_escapes():
    raw = '诊断结论如下：磁盘已满。\n{"claims": [{"claim_text": "CoreDNS \\u4e0a\\u6e38\\u8d85\\u65f6"}], "user_'
    assert fallback_sentences(raw) == ["诊断结论如下：磁盘已满。", "CoreDNS 上游超时"]


def test_fallback_of_plain_prose_is_unchanged():
    assert fallback_sentences("磁盘已满。写入失败。") == ["磁盘已满。", "写入失败。"]


def test_malformed_record_lists_prose_facts_not_json_lines():
    session = base_session()
    session["executor_final_answer"] = json.dumps(base_contract(), ensure_ascii=False, indent=2)[:-60]
    record = verify_session(session)
    assert record.verdict == "LOW_CONFID"
    facts = [f.fact for f in record.facts_checked]
    assert facts and all(f.source == "executor_final_answer" for f in record.facts_checked)
    assert not any('"claim_id"' in f or f.strip().startswith("{") for f in facts)


def test_fallback_keeps_a_truncated_answer_sentence():
    raw = '{"claims": [{"claim_text": "磁盘已满"}], "user_facing_answer": "磁盘已满。根因是 binlog 未'
    assert fallback_sentences(raw) == ["磁盘已满", "根因是 binlog 未"]
