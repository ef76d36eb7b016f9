import json

import pytest
from builders import base_session, binding, claim, session_with

from groundcheck.programs.gatekeeper import RULES, run_gatekeeper
from groundcheck.programs.parse import parse_executor_output
from groundcheck.programs.sessions import ensure_session
from groundcheck.programs.trace_index import TraceIndex


def gate(session):
    s = ensure_session(session)
    return run_gatekeeper(parse_executor_output(s.executor_final_answer), TraceIndex(s))


def rules_of(result):
    return set(result.failed_rules) | set(result.warned_rules)


def test_honest_contract_passes():
    result = gate(session_with())
    assert result.status == "pass", result.findings
    assert result.failed_rules == [] and result.warned_rules == []


def test_unparseable_gives_contract_parse():
    result = gate(session_with(executor_final_answer="not json"))
    assert result.status == "fail"
    assert result.failed_rules == ["contract.parse"]


def test_fenced_warns():
    s = base_session()
    s["executor_final_answer"] = "```json\n" + s["executor_final_answer"] + "\n```"
    result = gate(s)
    assert result.status == "warn" and result.warned_rules == ["contract.fenced"]


def _dup(c):
    c["claims"][1]["claim_id"] = "c1"


def _no_binding(c):
    claim(c, "c4")["evidence_bindings"] = []


def _none_level(c):
    claim(c, "c5")["support_level"] = "none"


def _fake_call(c):
    claim(c, "c4")["evidence_bindings"][0]["source_invocation_ids"] = ["call_zz"]


def _wrong_tool(c):
    claim(c, "c4")["evidence_bindings"][0]["tool_name"] = "query_logs"


def _fake_excerpt(c):
    claim(c, "c1")["evidence_bindings"][0]["evidence_excerpt"] = "ORA-00060: deadlock detected"


def _runbook(c):
    claim(c, "c5")["evidence_bindings"] = [
        binding(
            "lookup_knowledge", "call_o4", "常见原因：堆设置超过容器 limit", "knowledge", "rb-jvm-oom-002"
        )
    ]


def _english(c):
    c["user_facing_answer"] = "The order-service pod was OOMKilled at 14:03 and restarted 4 times."


def _empty_answer(c):
    c["user_facing_answer"] = "  "


def _unbacked(c):
    c["user_facing_answer"] += "另外 db-replica-3 的延迟为 870ms。"


@pytest.mark.parametrize(
    ("mutate", "rule", "claim_id"),
    [
        (_dup, "claim.id_unique", "c1"),
        (_no_binding, "claim.binding_required", "c4"),
        (_none_level, "claim.unsupported_confirmed", "c5"),
        (_fake_call, "evidence.invocation_ref", "c4"),
        (_wrong_tool, "evidence.tool_name", "c4"),
        (_fake_excerpt, "evidence.excerpt", "c1"),
        (_runbook, "evidence.guidance_as_fact", "c5"),
        (_english, "answer.language", None),
        (_empty_answer, "answer.language", None),
        (_unbacked, "answer.unbacked_entity", None),
    ],
)
def test_each_rule_fires_with_its_severity_and_claim(mutate, rule, claim_id):
    result = gate(session_with(mutate))
    assert rule in rules_of(result)
    findings = [f for f in result.findings if f.rule == rule]
    assert findings and all(f.severity == RULES[rule] for f in findings)
    assert findings[0].claim_id == claim_id
    assert findings[0].detail
    expected = "fail" if result.failed_rules else "warn"
    assert result.status == expected


def test_fabricated_call_also_fails_excerpt():
    result = gate(session_with(_fake_call))
    assert {"evidence.invocation_ref", "evidence.excerpt"} <= set(result.failed_rules)


def test_failed_call_warns():
    s = session_with()
    s["tool_calls"][2]["status"] = "error"
    result = gate(s)
    assert "evidence.failed_call" in result.warned_rules
    assert {f.claim_id for f in result.findings if f.rule == "evidence.failed_call"} == {"c4"}


def test_guidance_by_excerpt_location_without_doc_id():
    def mutate(c):
        claim(c, "c5")["evidence_bindings"] = [
            binding(
                "lookup_knowledge",
                "call_o4",
                "批量导出任务一次加载 20 万条订单导致内存泄漏",
                "knowledge",
                "call_o4",
            )
        ]

    assert "evidence.guidance_as_fact" in gate(session_with(mutate)).failed_rules


def test_reference_document_is_not_guidance():
    s = session_with(_runbook)
    s["tool_calls"][3]["output"][0]["doc_type"] = "reference"
    assert "evidence.guidance_as_fact" not in gate(s).failed_rules


def test_background_claim_may_cite_guidance():
    def mutate(c):
        _runbook(c)
        claim(c, "c5")["claim_type"] = "background"

    assert "evidence.guidance_as_fact" not in gate(session_with(mutate)).failed_rules


@pytest.mark.parametrize(
    "excerpt",
    [
        "java.lang.OutOfMemoryError:   Java HEAP space",  # white space and case
        "ｊａｖａ.lang.OutOfMemoryError: Java heap space",  # full-width (NFKC)
        "ERROR [order-service]\n java.lang.OutOfMemoryError",  # newline in the excerpt
    ],
)
def test_excerpt_normalisation(excerpt):
    def mutate(c):
        claim(c, "c1")["evidence_bindings"][0]["evidence_excerpt"] = excerpt

    assert "evidence.excerpt" not in gate(session_with(mutate)).failed_rules


def test_excerpt_inside_json_string_with_newline_and_quotes():
    s = session_with(
        lambda c: claim(c, "c5")["evidence_bindings"].append(
            binding(
                "lookup_knowledge", "call_o4", '上次事故根因是"批量导出"\n任务', "knowledge", "hc-2026-0412"
            )
        )
    )
    s["tool_calls"][3]["output"][1]["content"] = (
        '上次事故根因是"批量导出"\n任务一次加载 20 万条订单导致内存泄漏。'
    )
    assert "evidence.excerpt" not in gate(s).failed_rules


def test_failed_and_warned_rules_sorted_and_unique():
    def mutate(c):
        _fake_call(c)
        _fake_excerpt(c)
        claim(c, "c3")["evidence_bindings"][0]["source_invocation_ids"] = ["call_nope"]
        _none_level(c)

    result = gate(session_with(mutate))
    assert result.failed_rules == sorted(set(result.failed_rules))
    assert len([f for f in result.findings if f.rule == "evidence.invocation_ref"]) == 2
    assert result.warned_rules == ["claim.unsupported_confirmed"]


def test_answer_numbers_derived_from_evidence_are_backed():
    def mutate(c):
        c["user_facing_answer"] += "内存工作集最终为 536870912 字节。"

    assert "answer.unbacked_entity" not in gate(session_with(mutate)).warned_rules


def test_empty_trace_with_claims_fails_refs():
    s = session_with(tool_calls=[])
    result = gate(s)
    assert "evidence.invocation_ref" in result.failed_rules
    assert json.loads(result.model_dump_json())["status"] == "fail"
