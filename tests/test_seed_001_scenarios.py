"""One test per requirement scenario of seed 001 (Executor contract, explicit inputs, fallback)."""

import json

import pytest
from builders import base_contract, base_session, binding, claim, session_with

from groundcheck.programs.core.focused_input import focused_fields
from groundcheck.programs.core.gatekeeper import run_gatekeeper
from groundcheck.programs.core.parse import parse_executor_output
from groundcheck.programs.core.pipeline import prepare_verification, verify_session
from groundcheck.programs.core.reply import operator_reply
from groundcheck.programs.core.sessions import ensure_session
from groundcheck.programs.core.trace_index import TraceIndex


def verifier_input(session):
    """What the LM Verifier would receive, or None when no model is asked (the verdict is fixed)."""
    prepared = prepare_verification(ensure_session(session))
    return focused_fields(prepared.request) if prepared.request else None


def test_explicit_input_blocks_available_to_verifier():
    round1 = verifier_input(session_with(retry_context={"previous_verdict": "REJECT", "marker": "RC-1"}))
    assert round1["original_query"] == base_session()["original_query"]
    assert round1["executor_final_answer"] and round1["tool_trace_summary"].startswith("call_o1 query_logs ok")
    assert "retry_context" not in round1  # round 1 ignores a retry context
    assert '"id":"c1"' in round1["executor_structured_output"]
    assert round1["executor_output_parse_status"] == "valid"
    round2 = verifier_input(session_with(round=2, retry_context={"previous_verdict": "REJECT", "marker": "RC-1"}))
    assert "RC-1" in round2["retry_context"]
    # parsing failed: the parse status says so in the record; no model is asked (the verdict is LOW_CONFID)
    assert verifier_input(session_with(executor_final_answer="{oops")) is None
    record = verify_session(session_with(executor_final_answer="{oops"))
    assert record.executor_output_parse_status.status == "malformed" and record.executor_structured_output is None


def test_verifier_remains_isolated_from_intermediate_reasoning():
    s = base_session()
    s["messages"].append(
        {"role": "assistant", "name": "executor", "content": "EXECUTOR-THOUGHT: 猜测是内存泄漏"}
    )
    blocks = verifier_input(s)
    text = json.dumps(blocks, ensure_ascii=False)
    assert "PLANNER-PRIVATE" not in text and "EXECUTOR-THOUGHT" not in text
    assert set(blocks) <= {"original_query", "executor_final_answer", "executor_structured_output",
                           "executor_output_parse_status", "tool_trace_summary", "evidence_hints", "retry_context"}


def test_structured_executor_claims_are_verified_first_001():
    def mutate(c):
        claim(c, "c1")["evidence_bindings"][0]["evidence_excerpt"] = "FATAL kernel panic on node-7"

    record = verify_session(session_with(mutate))
    c1 = next(f for f in record.facts_checked if f.claim_id == "c1")
    assert c1.classification != "direct_evidence"


def test_extra_confirmed_sounding_answer_facts_are_still_checked():
    def mutate(c):
        c["user_facing_answer"] += "同一时间 inventory-service 也出现了 OOMKilled。"

    record = verify_session(session_with(mutate))
    extra = [f for f in record.facts_checked if f.source == "user_facing_answer"]
    assert any("inventory-service" in f.fact for f in extra)
    assert record.verdict == "LOW_CONFID"


def test_extra_hedged_or_advice_sentences_are_not_facts():
    def mutate(c):
        c["user_facing_answer"] += "可能与 inventory-service 有关。建议检查 redis-cache-01。"

    record = verify_session(session_with(mutate))
    assert [f for f in record.facts_checked if f.source == "user_facing_answer"] == []


def test_natural_language_fallback_remains_available():
    answer = (
        "order-service 在 14:03 出现 java.lang.OutOfMemoryError，被 OOMKilled。"
        + "随后 db-proxy-9 崩溃。建议扩容。"
    )
    record = verify_session(session_with(executor_final_answer=answer))
    facts = record.facts_checked
    assert [f.source for f in facts] == ["executor_final_answer", "executor_final_answer"]
    assert facts[0].classification == "indirect_support"
    assert facts[1].classification == "contradicted"
    assert record.verdict == "LOW_CONFID"


@pytest.mark.parametrize(
    "field",
    [
        "answer_version",
        "diagnosis_summary",
        "claims",
        "hypotheses",
        "recommended_actions",
        "missing_info",
        "user_facing_answer",
    ],
)
def test_executor_final_output_contains_required_top_level_fields(field):
    contract = base_contract()
    assert parse_executor_output(json.dumps(contract)).status.status == "valid"
    del contract[field]
    assert parse_executor_output(json.dumps(contract)).status.status == "malformed"


@pytest.mark.parametrize(
    "field", ["claim_id", "claim_type", "claim_text", "support_level", "evidence_bindings"]
)
def test_confirmed_claims_carry_evidence_bindings(field):
    def mutate(c):
        del c["claims"][0][field]

    s = ensure_session(session_with(mutate))
    parsed = parse_executor_output(s.executor_final_answer)
    if field == "evidence_bindings":  # an absent list is an empty one; the Gatekeeper requires it
        assert "claim.binding_required" in run_gatekeeper(parsed, TraceIndex(s)).failed_rules
    else:
        assert parsed.status.status == "malformed"


@pytest.mark.parametrize(
    "field", ["source_type", "source_id", "tool_name", "source_invocation_ids", "evidence_excerpt"]
)
def test_evidence_bindings_support_multiple_tool_types(field):
    contract = base_contract()
    tools = {b["tool_name"] for c in contract["claims"] for b in c["evidence_bindings"]}
    assert {"query_logs", "query_metrics"} <= tools

    def knowledge(c):
        claim(c, "c4")["evidence_bindings"].append(
            binding(
                "lookup_knowledge",
                "call_o4",
                "必要时把 limit 从 512Mi 提高到 1Gi",
                "knowledge",
                "rb-jvm-oom-002",
            )
        )

    assert verify_session(session_with(knowledge)).gatekeeper_result.status == "pass"
    del contract["claims"][0]["evidence_bindings"][0][field]
    assert parse_executor_output(json.dumps(contract)).status.status == "malformed"


def test_unsupported_conclusions_are_not_confirmed_claims():
    def mutate(c):
        c["claims"].append(
            {
                "claim_id": "c6",
                "claim_type": "root_cause",
                "claim_text": "根因是批量导出任务",
                "support_level": "none",
                "evidence_bindings": [],
            }
        )

    record = verify_session(session_with(mutate))
    assert "claim.unsupported_confirmed" in record.gatekeeper_result.warned_rules
    assert next(c for c in record.claim_checks if c.claim_id == "c6").verification == "unsupported"
    assert record.verdict != "PASS"


@pytest.mark.parametrize("doc_type", ["runbook", "skill", "historical_case"])
def test_runbook_and_skill_guidance_do_not_become_incident_facts(doc_type):
    def mutate(c):
        c["claims"].append(
            {
                "claim_id": "c6",
                "claim_type": "root_cause",
                "claim_text": "根因是内存泄漏",
                "support_level": "direct",
                "evidence_bindings": [
                    binding("lookup_knowledge", "call_o4", "内存泄漏", "knowledge", "rb-jvm-oom-002")
                ],
            }
        )

    s = session_with(mutate)
    s["tool_calls"][3]["output"][0]["doc_type"] = doc_type
    record = verify_session(s)
    assert "evidence.guidance_as_fact" in record.gatekeeper_result.failed_rules
    assert next(c for c in record.claim_checks if c.claim_id == "c6").verification == "unsupported"
    assert record.verdict != "PASS"


def test_runbook_guidance_may_shape_recommended_actions():
    record = verify_session(session_with())
    assert "limit 的 75%" in " ".join(record.executor_structured_output["recommended_actions"])
    assert record.verdict == "PASS"


def test_user_facing_answer_is_available():
    record = verify_session(session_with())
    assert record.verdict == "PASS"
    assert operator_reply(record) == base_contract()["user_facing_answer"]

    def english(c):
        c["user_facing_answer"] = "The order-service pod was OOMKilled at 14:03."

    assert "answer.language" in verify_session(session_with(english)).gatekeeper_result.failed_rules


def test_machine_contract_remains_available_for_trace_inspection():
    def mutate(c):
        claim(c, "c5").update(support_level="none", evidence_bindings=[])

    for session in (session_with(), session_with(mutate)):
        record = verify_session(session)
        assert record.executor_structured_output["claims"]
        reply = operator_reply(record)
        assert not reply.lstrip().startswith("{") and '"claims"' not in reply
    low = verify_session(session_with(mutate))
    assert low.verdict == "LOW_CONFID" and "置信度较低" in operator_reply(low)


def test_rejected_reply_uses_only_hypotheses_actions_and_missing_info():
    record = verify_session(session_with(lambda c: claim(c, "c3").update(claim_text="内存达到 768Mi")))
    reply = operator_reply(record)
    assert record.verdict == "REJECT"
    assert "768Mi" not in reply and "可能存在内存泄漏" in reply and "heap dump" in reply


def test_malformed_executor_json_is_captured():
    raw = '{"answer_version": "2.0", "claims": [ {"claim_id": "c1", '
    record = verify_session(session_with(executor_final_answer=raw))
    assert record.executor_output_parse_status.status == "malformed"
    assert record.executor_output_parse_status.error
    assert record.verdict == "LOW_CONFID"
    assert record.executor_structured_output is None


def test_structured_parse_failure_remains_observable():
    for raw, status in (("纯文本回答：连接池耗尽。", "malformed"), (None, "missing")):
        record = verify_session(session_with(executor_final_answer=raw))
        data = json.loads(record.model_dump_json(by_alias=True))
        assert data["executor_output_parse_status"]["status"] == status
        assert data["gatekeeper_result"]["failed_rules"] == ["contract.parse"]
        assert data["executor_structured_output"] is None
        assert "no PASS" in data["rationale"]
