import json

import pytest
from builders import base_session, binding, claim, session_with

from groundcheck.programs.core.gatekeeper import RULES, finding_position, run_gatekeeper
from groundcheck.programs.core.parse import parse_executor_output
from groundcheck.programs.core.sessions import ensure_session
from groundcheck.programs.core.trace_index import TraceIndex


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


# --- spec §6 as tightened: evidence loopholes ---------------------------------------------------


def test_japanese_answer_fails_language():
    def mutate(c):
        c["user_facing_answer"] = "order-service は 14:03 に OOMKilled され、コンテナが再起動しました。"

    assert "answer.language" in gate(session_with(mutate)).failed_rules


def _answer_names(addition, *, hypothesis=None, background=None):
    def mutate(c):
        c["user_facing_answer"] += addition
        if hypothesis:
            c["hypotheses"].append(hypothesis)
        if background:
            c["claims"].append(
                {
                    "claim_id": "bg1",
                    "claim_type": "background",
                    "claim_text": background,
                    "support_level": "indirect",
                    "evidence_bindings": [binding("query_logs", "call_o1", "java.lang.OutOfMemoryError")],
                }
            )

    return gate(session_with(mutate))


@pytest.mark.parametrize(
    ("addition", "carrier", "warned"),
    [
        ("根因是 db-replica-3 的慢查询。", "hypothesis", True),
        ("根因可能是 db-replica-3 的慢查询。", "hypothesis", False),
        ("db-replica-3 延迟为 870ms。", "background", True),
        ("db-replica-3 延迟疑似为 870ms。", "background", False),
        ("根因可能是 db-replica-3 的慢查询。", None, True),  # hedged, but nothing carries it at all
    ],
)
def test_entity_carried_only_by_hypothesis_or_background_needs_a_hedge(addition, carrier, warned):
    carried = "db-replica-3 的慢查询，延迟 870ms"
    result = _answer_names(
        addition,
        hypothesis=carried if carrier == "hypothesis" else None,
        background=carried if carrier == "background" else None,
    )
    assert ("answer.unbacked_entity" in result.warned_rules) is warned


def test_entity_carried_by_a_critical_claim_is_backed_without_hedge():
    def mutate(c):
        claim(c, "c5")["claim_text"] += "，db-replica-3 无关"
        c["user_facing_answer"] += "db-replica-3 与此无关。"

    assert "answer.unbacked_entity" not in gate(session_with(mutate)).warned_rules


def test_spoofed_identifier_in_answer_is_unbacked():
    def mutate(c):
        c["user_facing_answer"] = c["user_facing_answer"].replace("order-service", "order-sеrvice", 1)  # Cyrillic е

    findings = [f for f in gate(session_with(mutate)).findings if f.rule == "answer.unbacked_entity"]
    assert any("order-sеrvice" in f.detail for f in findings)


def test_duplicate_ids_keep_findings_attributable_by_position():
    def mutate(c):
        _dup(c)  # claims[1] now shares "c1"
        c["claims"][1]["evidence_bindings"][0]["source_invocation_ids"] = ["call_zz"]

    result = gate(session_with(mutate))
    dup = [f for f in result.findings if f.rule == "claim.id_unique"]
    assert [finding_position(f) for f in dup] == [1]
    refs = [f for f in result.findings if f.rule == "evidence.invocation_ref"]
    assert refs and all(f.claim_id == "c1" and finding_position(f) == 1 for f in refs)
    assert all(finding_position(f) is None for f in result.findings if f.claim_id not in ("c1", None))


def test_guidance_plus_trivial_binding_is_still_guidance_as_fact():
    def mutate(c):
        _runbook(c)
        claim(c, "c5")["evidence_bindings"].append(binding("query_logs", "call_o1", "5"))

    assert "evidence.guidance_as_fact" in gate(session_with(mutate)).failed_rules


def test_guidance_plus_real_evidence_is_not_guidance_as_fact():
    def mutate(c):
        _runbook(c)
        claim(c, "c5")["evidence_bindings"].append(binding("query_logs", "call_o1", "java.lang.OutOfMemoryError"))

    assert "evidence.guidance_as_fact" not in gate(session_with(mutate)).failed_rules


def test_guidance_quoted_under_a_reference_doc_id_is_guidance():
    def mutate(c):
        claim(c, "c5")["evidence_bindings"] = [
            binding("lookup_knowledge", "call_o4", "常见原因：堆设置超过容器 limit", "reference", "ref-jvm-001")
        ]

    s = session_with(mutate)
    s["tool_calls"][3]["output"].append(
        {"doc_id": "ref-jvm-001", "doc_type": "reference", "title": "JVM 参数", "content": "-Xmx 设置最大堆"}
    )
    assert "evidence.guidance_as_fact" in gate(s).failed_rules


def test_excerpt_in_failed_calls_only_warns_failed_call_not_excerpt():
    s = session_with()
    s["tool_calls"][2]["status"] = "error"
    result = gate(s)
    assert "evidence.failed_call" in result.warned_rules
    assert "evidence.excerpt" not in result.failed_rules


def test_excerpt_only_in_the_failed_one_of_two_cited_calls_fails():
    def mutate(c):
        claim(c, "c4")["evidence_bindings"][0]["source_invocation_ids"] = ["call_o3", "call_o2"]
        claim(c, "c4")["evidence_bindings"][0]["tool_name"] = "query_metrics"

    s = session_with(mutate)
    s["tool_calls"][2]["status"] = "error"
    result = gate(s)
    assert "evidence.excerpt" in result.failed_rules
    assert "evidence.failed_call" not in result.warned_rules


def test_excerpt_found_only_in_arguments_fails():
    def mutate(c):
        claim(c, "c1")["evidence_bindings"][0]["evidence_excerpt"] = "2026-11-28T13:45:00+08:00"

    findings = [f for f in gate(session_with(mutate)).findings if f.rule == "evidence.excerpt"]
    assert findings and "arguments" in findings[0].detail


@pytest.mark.parametrize("excerpt", ["1", "：", "(", "Ｊ"])
def test_trivial_excerpt_fails(excerpt):
    def mutate(c):
        claim(c, "c1")["evidence_bindings"][0]["evidence_excerpt"] = excerpt

    assert "evidence.excerpt" in gate(session_with(mutate)).failed_rules


@pytest.mark.parametrize("hidden", ["\u200b", "\u00ad", "\ufeff", "\u2060"])
def test_invisible_character_in_output_does_not_hide_honest_excerpt(hidden):
    s = session_with()
    s["tool_calls"][0]["output"] = s["tool_calls"][0]["output"].replace("OutOfMemoryError", f"OutOf{hidden}MemoryError")
    assert "evidence.excerpt" not in gate(s).failed_rules


def test_string_output_holding_json_is_searched_decoded():
    def mutate(c):
        c["claims"].append(
            {
                "claim_id": "bg1",
                "claim_type": "background",
                "claim_text": "上次 OOM 事件由批量导出任务引起",
                "support_level": "direct",
                "evidence_bindings": [
                    binding("lookup_knowledge", "call_o4", "批量导出任务一次加载 20 万条订单", "historical_case")
                ],
            }
        )

    s = session_with(mutate)
    s["tool_calls"][3]["output"] = json.dumps(s["tool_calls"][3]["output"])  # ASCII escapes: \u6279...
    assert "\\u6279" in s["tool_calls"][3]["output"]
    assert "evidence.excerpt" not in gate(s).failed_rules


def test_source_id_and_summary_do_not_back_an_answer_entity():
    def mutate(c):
        claim(c, "c1")["evidence_bindings"][0]["source_id"] = "db-replica-3"
        c["diagnosis_summary"] += " db-replica-3"
        c["user_facing_answer"] += "db-replica-3 也出现异常。"

    assert "answer.unbacked_entity" in gate(session_with(mutate)).warned_rules
