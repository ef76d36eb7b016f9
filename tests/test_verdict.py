from hypothesis import given, settings
from hypothesis import strategies as st

from groundcheck.programs.core.evidence_facts import SUPPORT_RANK, ClaimEvidence, HardFact
from groundcheck.programs.core.verdict import STRICTNESS, decide_verdict, groundedness
from groundcheck.signatures.models import (
    VERIFICATIONS,
    ClaimCheck,
    EvidenceRef,
    ExecutorContract,
    FactCheck,
    Finding,
    GatekeeperResult,
    ParseStatus,
)

VALID = ParseStatus(status="valid")
PASSING_GATE = GatekeeperResult(status="pass")
REF = [EvidenceRef(trace_ref="t:s", tool_name="query_logs", source_invocation_ids=["call_1"])]
ORDER = [
    "contradicted",
    "external_unknown",
    "unsupported",
    "overstated",
    "reasonable_inference",
    "direct_observation",
]


def contract(n: int, background: int = 0) -> ExecutorContract:
    claims = [
        {
            "claim_id": f"c{i}",
            "claim_type": "background" if i < background else "symptom",
            "claim_text": "x",
            "support_level": "direct",
            "evidence_bindings": [],
        }
        for i in range(n)
    ]
    return ExecutorContract(
        answer_version="2.0",
        diagnosis_summary="",
        claims=claims,
        hypotheses=[],
        recommended_actions=[],
        missing_info=[],
        user_facing_answer="中文回答",
    )


def checks(*classes: str) -> list[ClaimCheck]:
    return [
        ClaimCheck(claim_id=f"c{i}", verification=v, detail="", evidence_refs=REF)
        for i, v in enumerate(classes)
    ]


def evidence_of(con: ExecutorContract, ceilings: dict[int, str], fact: str = "test_fact") -> list[ClaimEvidence]:
    return [
        ClaimEvidence(i, claim, REF, [], hard=[HardFact(fact, ceilings[i], "d")] if i in ceilings else [])
        for i, claim in enumerate(con.claims)
    ]


def decide(classes, gate=PASSING_GATE, model=None, parse=VALID, extra=(), background=0, ceilings=None):
    con = contract(len(classes), background) if parse.status == "valid" else None
    return decide_verdict(
        parse_status=parse,
        contract=con,
        checks=checks(*classes),
        gate=gate,
        extra_facts=list(extra),
        model_verdict=model,
        evidence=evidence_of(con, ceilings or {}) if con else None,
    )


def fail_gate(rule="evidence.excerpt", claim_id="c0"):
    return GatekeeperResult(
        status="fail",
        failed_rules=[rule],
        findings=[Finding(rule=rule, severity="fail", claim_id=claim_id, detail="d")],
    )


def test_row1_unparseable_is_low_confid_whatever_the_model_says():
    for model in (None, "PASS", "REJECT"):
        out = decide(
            [],
            parse=ParseStatus(status="malformed", error="x"),
            model=model,
            gate=fail_gate("contract.parse", None),
        )
        assert (out.verdict, out.rule_row) == ("LOW_CONFID", 1)


def test_row2_contradicted_rejects():
    assert (decide(["direct_observation", "contradicted"]).verdict) == "REJECT"


def test_row3_invocation_ref_on_critical_rejects():
    out = decide(["contradicted", "direct_observation"], gate=fail_gate("evidence.invocation_ref", "c1"))
    assert out.rule_row == 2
    con = contract(2)
    out = decide_verdict(
        parse_status=VALID, contract=con, checks=checks("direct_observation", "direct_observation"),
        gate=fail_gate("evidence.invocation_ref", "c1"), extra_facts=[], model_verdict="PASS",
        evidence=evidence_of(con, {1: "unsupported"}, fact="fabricated_reference"),
    )
    assert (out.verdict, out.rule_row) == ("REJECT", 3)
    # without the evidence layer (a bare decide), the Gatekeeper's finding says it
    out = decide_verdict(
        parse_status=VALID, contract=con, checks=checks("direct_observation", "direct_observation"),
        gate=fail_gate("evidence.invocation_ref", "c1"), extra_facts=[], model_verdict=None,
    )
    assert (out.verdict, out.rule_row) == ("REJECT", 3)


def test_row4_no_critical_claims():
    assert decide([]).rule_row == 4
    assert decide(["direct_observation"], background=1).verdict == "LOW_CONFID"


def test_row5_and_row6():
    assert decide(["direct_observation", "overstated"]).rule_row == 5
    assert decide(["reasonable_inference", "reasonable_inference"]).rule_row == 6


def test_row7_gate_fail_blocks_pass():
    gate = fail_gate("answer.language", None)
    assert (decide(["direct_observation"], gate=gate).verdict) == "LOW_CONFID"


def test_row8_extra_fact_and_unbacked_entity():
    extra = [FactCheck(fact="x", classification="no_evidence", source="user_facing_answer")]
    assert decide(["direct_observation"], extra=extra).rule_row == 8
    warn = GatekeeperResult(status="warn", warned_rules=["answer.unbacked_entity"])
    assert decide(["direct_observation"], gate=warn).rule_row == 8
    supported = [FactCheck(fact="x", classification="indirect_support", source="user_facing_answer")]
    assert decide(["direct_observation"], extra=supported).verdict == "PASS"


def test_row10_pass_and_score():
    out = decide(["direct_observation", "reasonable_inference"])
    assert (out.verdict, out.groundedness_score, out.critical_fact_count) == ("PASS", 0.8, 2)


def test_groundedness_weights_and_rounding():
    assert groundedness(checks("direct_observation", "overstated", "unsupported")) == round(1.3 / 3, 4)
    assert groundedness([]) == 0.0


def test_floor_demotes_a_claim_without_usable_evidence_and_records_it():
    out = decide(["direct_observation", "direct_observation"], ceilings={1: "unsupported"})
    assert out.claim_checks[1].verification == "unsupported"
    assert out.verdict == "LOW_CONFID"
    adjustment = next(a for a in out.adjustments if a.to == "unsupported")
    assert adjustment.from_ == "direct_observation" and "claim c1: test_fact" in adjustment.reason


def test_floors_keep_lower_classes_and_stop_at_their_ceiling():
    ceilings = {0: "unsupported", 1: "unsupported", 2: "reasonable_inference", 3: "contradicted"}
    out = decide(["external_unknown", "overstated", "direct_observation", "reasonable_inference"], ceilings=ceilings)
    got = [c.verification for c in out.claim_checks]
    assert got == ["external_unknown", "unsupported", "reasonable_inference", "contradicted"]
    assert out.verdict == "REJECT"
    assert len(out.adjustments) == 3


def test_model_verdict_can_only_make_stricter():
    assert decide(["direct_observation"], model="REJECT").verdict == "REJECT"
    out = decide(["direct_observation", "overstated"], model="PASS")
    assert out.verdict == "LOW_CONFID"
    assert out.adjustments[-1].from_ == "PASS" and out.adjustments[-1].to == "LOW_CONFID"


def test_model_pass_with_any_invocation_ref_failure_is_reject():
    gate = fail_gate("evidence.invocation_ref", "c9")  # not a claim of this contract
    out = decide(["direct_observation"], gate=gate, model="PASS")
    assert out.verdict == "REJECT"


classes_st = st.lists(st.sampled_from(VERIFICATIONS), min_size=1, max_size=6)
rule_st = st.sampled_from(
    [
        None,
        "evidence.excerpt",
        "evidence.invocation_ref",
        "evidence.guidance_as_fact",
        "answer.language",
        "claim.id_unique",
    ]
)
model_st = st.sampled_from([None, "PASS", "LOW_CONFID", "REJECT"])


def _gate(rule, claim_id="c0"):
    return PASSING_GATE if rule is None else fail_gate(rule, claim_id)


@settings(max_examples=400, deadline=None)
@given(classes_st, st.data(), rule_st, model_st)
def test_property_demoting_a_claim_never_raises_the_verdict(classes, data, rule, model):
    i = data.draw(st.integers(min_value=0, max_value=len(classes) - 1))
    lower = data.draw(st.sampled_from(ORDER[: ORDER.index(classes[i]) + 1]))
    demoted = [*classes[:i], lower, *classes[i + 1 :]]
    before = decide(classes, gate=_gate(rule), model=model).verdict
    after = decide(demoted, gate=_gate(rule), model=model).verdict
    assert STRICTNESS[after] <= STRICTNESS[before]


@settings(max_examples=400, deadline=None)
@given(classes_st, rule_st.filter(lambda r: r is not None), model_st)
def test_property_no_pass_when_gatekeeper_failed(classes, rule, model):
    assert decide(classes, gate=_gate(rule), model=model).verdict != "PASS"


@settings(max_examples=200, deadline=None)
@given(model_st, st.sampled_from(["missing", "malformed"]))
def test_property_no_pass_when_parsing_failed(model, status):
    out = decide(
        [], parse=ParseStatus(status=status, error="e"), model=model, gate=fail_gate("contract.parse", None)
    )
    assert out.verdict == "LOW_CONFID"


@settings(max_examples=400, deadline=None)
@given(classes_st, st.data())
def test_property_model_pass_never_survives_contradicted_critical_claim(classes, data):
    i = data.draw(st.integers(min_value=0, max_value=len(classes) - 1))
    classes = [*classes[:i], "contradicted", *classes[i + 1 :]]
    assert decide(classes, model="PASS").verdict == "REJECT"


def test_replay_reads_objects_strings_and_fences_and_survives_garbage():
    import json as _json

    from builders import session_with

    from groundcheck.programs.core.pipeline import verify_session

    checks = {"claim_checks": [{"claim_id": f"c{i}", "verification": "direct_observation"} for i in range(1, 6)],
              "verdict": "pass"}
    for recorded in (checks, _json.dumps(checks), "```json\n" + _json.dumps(checks) + "\n```"):
        record = verify_session(session_with(verifier_model_output=recorded), "replay")
        assert (record.model_verdict, record.verifier_error) == ("PASS", None)
    garbled = verify_session(session_with(verifier_model_output="verdict: PASS!!"), "replay")
    assert garbled.verdict == "LOW_CONFID" and "not JSON" in garbled.verifier_error


ceiling_st = st.sampled_from(["contradicted", "unsupported", "reasonable_inference", "direct_observation"])


@settings(max_examples=400, deadline=None)
@given(st.data(), model_st)
def test_property_no_checker_output_lifts_a_claim_above_its_floor(data, model):
    ceilings = data.draw(st.lists(ceiling_st, min_size=1, max_size=6))
    classes = data.draw(st.lists(st.sampled_from(VERIFICATIONS), min_size=len(ceilings), max_size=len(ceilings)))
    out = decide(classes, model=model, ceilings=dict(enumerate(ceilings)))
    for check, ceiling in zip(out.claim_checks, ceilings, strict=True):
        assert SUPPORT_RANK[check.verification] <= SUPPORT_RANK[ceiling]
    if "contradicted" in ceilings:
        assert out.verdict == "REJECT"
    elif "unsupported" in ceilings:
        assert out.verdict != "PASS"


def test_criticality_is_per_claim_when_a_background_claim_reuses_a_critical_id():
    con = ExecutorContract(
        answer_version="2.0", diagnosis_summary="", hypotheses=[], recommended_actions=[], missing_info=[],
        user_facing_answer="中文回答",
        claims=[
            {"claim_id": "c1", "claim_type": "symptom", "claim_text": "x", "support_level": "direct"},
            {"claim_id": "c2", "claim_type": "metric", "claim_text": "x", "support_level": "direct"},
            {"claim_id": "c2", "claim_type": "background", "claim_text": "x", "support_level": "direct"},
        ],
    )
    out = decide_verdict(
        parse_status=VALID, contract=con, gate=PASSING_GATE, extra_facts=[], model_verdict=None,
        checks=[ClaimCheck(claim_id=cid, verification=v, detail="", evidence_refs=REF)
                for cid, v in (("c1", "direct_observation"), ("c2", "direct_observation"), ("c2", "contradicted"))],
    )
    assert (out.verdict, out.critical_fact_count, out.groundedness_score) == ("PASS", 2, 1.0)
