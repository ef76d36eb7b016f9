"""One test per requirement scenario of seed 000 (claim-level checks, Gatekeeper, verdict rules)."""

import json

import pytest
from builders import binding, claim, session_with

from groundcheck.programs.core.facts import LEGACY_CLASS
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.self_evaluation import merge_verifier_evaluation
from groundcheck.signatures.models import VERIFICATIONS, ClaimCheck


def model_output(verdict="PASS", cls="direct_observation", ids=("c1", "c2", "c3", "c4", "c5")):
    return {
        "claim_checks": [{"claim_id": i, "verification": cls, "detail": "m"} for i in ids],
        "verdict": verdict,
    }


def test_pass_verdict_when_all_claims_have_evidence():
    record = verify_session(session_with())
    assert record.verdict == "PASS"
    assert record.groundedness_score >= 0.5
    assert any(c.verification == "direct_observation" for c in record.claim_checks)
    assert record.gatekeeper_result.status != "fail"


def test_low_confid_verdict_with_partial_evidence():
    def mutate(c):
        claim(c, "c5").update(support_level="none", evidence_bindings=[], claim_text="JVM 参数配置不当")

    record = verify_session(session_with(mutate))
    assert "unsupported" in {c.verification for c in record.claim_checks}
    assert record.verdict == "LOW_CONFID"


def test_low_confid_verdict_with_only_inference_support():
    def mutate(c):
        for item in c["claims"]:
            item["support_level"] = "indirect"

    record = verify_session(session_with(mutate))
    assert {c.verification for c in record.claim_checks} == {"reasonable_inference"}
    assert record.verdict == "LOW_CONFID"


def test_reject_verdict_when_claims_contradict_evidence():
    contradicted = session_with(lambda c: claim(c, "c3").update(claim_text="内存工作集在 14:03 达到 768Mi"))
    fabricated = session_with(lambda c: claim(c, "c1").update(claim_text="14:03 日志出现 ORA-04031 错误"))
    for session in (contradicted, fabricated):
        assert verify_session(session).verdict == "REJECT"


def test_structured_executor_claims_are_verified_first():
    def mutate(c):
        claim(c, "c2")["evidence_bindings"][0]["source_invocation_ids"] = ["call_made_up"]

    record = verify_session(session_with(mutate))
    checks = {c.claim_id: c for c in record.claim_checks}
    assert list(checks) == ["c1", "c2", "c3", "c4", "c5"]
    assert checks["c2"].verification != "direct_observation"
    assert all(
        inv in {"call_o1", "call_o2", "call_o3", "call_o4"}
        for c in record.claim_checks
        for ref in c.evidence_refs
        for inv in ref.source_invocation_ids
    )
    answer_only = [f for f in record.facts_checked if f.source != "claim"]
    assert all(f.classification != "direct_evidence" for f in answer_only)


@pytest.mark.parametrize(("answer", "status"), [
    ("order-service 在 14:03 出现 java.lang.OutOfMemoryError: Java heap space，被 OOMKilled。", "malformed"),
    ("", "missing"),  # the seed's second form of the scenario: no Executor output at all
])
def test_malformed_structured_output_cannot_pass_through_natural_language_fallback(answer, status):
    for backend, extra in (("rules", {}), ("replay", {"verifier_model_output": model_output()})):
        record = verify_session(session_with(executor_final_answer=answer, **extra), backend)
        assert record.executor_output_parse_status.status == status
        assert record.verdict == "LOW_CONFID"
        assert record.claim_checks == []


def test_claim_level_verifier_output_is_accepted():
    record = verify_session(session_with(verifier_model_output=model_output()), "replay")
    data = json.loads(record.model_dump_json(by_alias=True))
    for key in (
        "verdict",
        "groundedness_score",
        "critical_fact_count",
        "claim_checks",
        "facts_checked",
        "rationale",
    ):
        assert key in data
    assert data["model_verdict"] == "PASS"
    assert len(data["claim_checks"]) == data["critical_fact_count"] == 5


def test_claim_checks_are_mapped_to_legacy_facts():
    assert LEGACY_CLASS == {
        "direct_observation": "direct_evidence",
        "reasonable_inference": "indirect_support",
        "overstated": "indirect_support",
        "unsupported": "no_evidence",
        "external_unknown": "no_evidence",
        "contradicted": "contradicted",
    }
    for cls in VERIFICATIONS:
        record = verify_session(session_with(verifier_model_output=model_output("LOW_CONFID", cls)), "replay")
        claim_facts = [f for f in record.facts_checked if f.source == "claim"]
        assert [f.claim_id for f in claim_facts] == ["c1", "c2", "c3", "c4", "c5"]
        # each legacy item maps its own (post-processed) check; c5 is `indirect`, so floored at inference
        assert [f.classification for f in claim_facts] == [LEGACY_CLASS[c.verification] for c in record.claim_checks]
        assert {f.classification for f in claim_facts[:4]} == {LEGACY_CLASS[cls]}


def test_claim_checks_written_to_self_evaluation():
    record = verify_session(session_with())
    existing = {"planner_score": 0.7, "verifier_evaluation": {"reviewer_note": "kept", "verdict": "REJECT"}}
    merged = merge_verifier_evaluation(existing, record)
    ve = merged["verifier_evaluation"]
    assert merged["planner_score"] == 0.7
    assert ve["reviewer_note"] == "kept"
    assert ve["verdict"] == "PASS"
    for key in (
        "claim_checks",
        "facts_checked",
        "verdict",
        "groundedness_score",
        "rationale",
        "executor_output_parse_status",
        "tool_trace_summary",
        "gatekeeper_result",
    ):
        assert key in ve
    assert existing["verifier_evaluation"]["verdict"] == "REJECT"  # input not modified


def test_structured_claims_are_the_primary_verification_target():
    def mutate(c):
        c["user_facing_answer"] += "此外 payment-gateway 在 14:01 返回 502。"

    record = verify_session(session_with(mutate))
    assert record.executor_output_parse_status.status == "valid"
    assert [c.claim_id for c in record.claim_checks] == ["c1", "c2", "c3", "c4", "c5"]
    extra = [f for f in record.facts_checked if f.source == "user_facing_answer"]
    assert extra and all(f.classification in ("no_evidence", "contradicted") for f in extra)
    assert record.verdict != "PASS"


def test_gatekeeper_fail_prevents_pass():
    def mutate(c):
        c["user_facing_answer"] = "order-service was OOMKilled at 14:03."

    record = verify_session(session_with(mutate, verifier_model_output=model_output()), "replay")
    assert record.gatekeeper_result.status == "fail"
    assert record.model_verdict == "PASS"
    assert record.verdict != "PASS"


def test_invocation_reference_failure_downgrades_to_reject():
    def mutate(c):
        claim(c, "c4")["evidence_bindings"].append(
            binding("query_metrics", "call_never_made", '["14:05", 4]', "metric")
        )

    record = verify_session(session_with(mutate, verifier_model_output=model_output()), "replay")
    assert "evidence.invocation_ref" in record.gatekeeper_result.failed_rules
    assert record.model_verdict == "PASS"
    assert record.verdict == "REJECT"


def test_claim_check_verification_values_are_constrained():
    bad = model_output("PASS", "probably_true")
    record = verify_session(session_with(verifier_model_output=bad), "replay")
    assert record.verifier_error and "verification" in record.verifier_error
    assert {c.verification for c in record.claim_checks} <= set(VERIFICATIONS)
    assert record.verdict == "LOW_CONFID"
    schema = ClaimCheck.model_json_schema()["properties"]["verification"]
    assert set(schema["enum"]) == set(VERIFICATIONS)


def test_claim_check_evidence_references_remain_auditable():
    out = model_output()
    out["claim_checks"][0]["evidence_refs"] = [
        {"trace_ref": "forged:1", "tool_name": "x", "source_invocation_ids": ["call_x"]}
    ]
    record = verify_session(session_with(verifier_model_output=out), "replay")
    for check in record.claim_checks:
        assert check.claim_id and check.verification and check.detail is not None
        assert check.evidence_refs
        for ref in check.evidence_refs:
            assert ref.trace_ref and ref.tool_name and ref.source_invocation_ids
    assert record.claim_checks[0].evidence_refs[0].source_invocation_ids == ["call_o1"]
