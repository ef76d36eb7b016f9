"""The LM cascade: no call when the trace fixes the verdict, one focused call otherwise (issue 10)."""

import copy
import json

import pytest
from builders import claim, session_with
from fakes import ScriptedLM, verifier_answer
from openai_server import ScriptedOpenAIServer

from groundcheck.evals.datasets import load_dataset
from groundcheck.evals.examples import EXAMPLES_DIR
from groundcheck.evals.stub_models import stub_reply
from groundcheck.programs.core.cascade import verdict_fixed_by_trace
from groundcheck.programs.core.focused_input import FIELD_ORDER, PARSED_PLACEHOLDER, focused_fields
from groundcheck.programs.core.pipeline import prepare_verification, verify_session
from groundcheck.programs.core.sessions import ensure_session
from groundcheck.programs.lm.settings import LMSettings, make_lm
from groundcheck.programs.lm.verifier import LMChecker

PAYMENT = json.loads((EXAMPLES_DIR / "pass_payment_503.json").read_text(encoding="utf-8"))


def rubber_stamp() -> ScriptedLM:
    return ScriptedLM([lambda messages: stub_reply("rubber-stamp", messages)], repeat_last=True)


def cl100k_tokens(messages: list[dict]) -> int:
    from litellm.litellm_core_utils.default_encoding import encoding

    return sum(len(encoding.encode(str(m["content"]))) for m in messages)


def test_payment_session_one_call_small_prompt_every_block_present():
    lm = rubber_stamp()
    checker = LMChecker(lm)
    record = verify_session(PAYMENT, checker)
    assert (record.verdict, record.model_verdict, record.model_not_asked) == ("PASS", "PASS", None)
    assert len(lm.prompts) == 1 and record.lm_usage.calls == 1
    messages = lm.prompts[0]
    assert cl100k_tokens(messages) <= 2000
    session_part = messages[-1]["content"]
    for block in FIELD_ORDER[:-1]:  # retry_context only on round 2
        assert f"[[ ## {block} ## ]]" in session_part
    assert "retry_context" not in session_part
    assert PAYMENT["original_query"] in session_part and PARSED_PLACEHOLDER in session_part
    for claim_text in (c["claim_text"] for c in json.loads(PAYMENT["executor_final_answer"])["claims"]):
        assert claim_text in session_part
    assert "⟦c2.1:responded 503 Service Unavailable to POST /api/v1/pay⟧" in session_part
    assert "call_p4 lookup_knowledge ok" in session_part  # an uncited call: one line, no content
    assert "支付服务数据库连接池耗尽处置" not in session_part
    assert "(planner)" not in json.dumps(messages, ensure_ascii=False)  # never the conversation


def test_round_two_carries_the_retry_context_block():
    session = {**copy.deepcopy(PAYMENT), "round": 2,
               "retry_context": {"previous_verdict": "REJECT", "failed_claims": ["c4"], "marker": "RETRY-7"}}
    lm = rubber_stamp()
    verify_session(session, LMChecker(lm))
    assert "[[ ## retry_context ## ]]" in lm.prompts[0][-1]["content"] and "RETRY-7" in lm.prompt_text(0)


def test_no_call_for_a_fabricated_invocation_or_an_unparseable_answer():
    fabricated = copy.deepcopy(PAYMENT)
    contract = json.loads(fabricated["executor_final_answer"])
    contract["claims"][1]["evidence_bindings"][0]["source_invocation_ids"] = ["call_ghost"]
    fabricated["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    unparseable = {**copy.deepcopy(PAYMENT), "executor_final_answer": "支付服务 503 是因为连接池耗尽。{"}
    for session, verdict, rule in ((fabricated, "REJECT", "rule 3"), (unparseable, "LOW_CONFID", "rule 1")):
        lm = rubber_stamp()
        record = verify_session(session, LMChecker(lm))
        assert not lm.prompts and record.lm_usage is None
        assert record.verdict == verdict and record.model_verdict is None and rule in record.model_not_asked
        assert record.backend == "lm:scripted"


def test_no_call_when_a_critical_claim_is_contradicted_by_the_trace():
    lm = rubber_stamp()
    record = verify_session(session_with(lambda c: claim(c, "c3").update(claim_text="内存达到 768Mi")), LMChecker(lm))
    assert not lm.prompts and record.verdict == "REJECT" and "rule 2" in record.model_not_asked
    assert next(c for c in record.claim_checks if c.claim_id == "c3").verification == "contradicted"


@pytest.mark.parametrize("name", ["synthetic-test", "examples"])
def test_exactly_one_call_whenever_the_hard_facts_leave_the_verdict_open(name):
    checker = LMChecker(rubber_stamp())
    asked = skipped = 0
    for session in load_dataset(name).sessions[::4]:
        prepared = prepare_verification(ensure_session(session))
        evidence = prepared.request.evidence if prepared.request else None
        fixed = verdict_fixed_by_trace(prepared.parsed.status, prepared.parsed.contract, prepared.gate, evidence)
        before = len(checker.lm.prompts)
        record = verify_session(session, checker)
        calls = len(checker.lm.prompts) - before
        assert calls == (0 if fixed else 1), session["session_id"]
        assert (record.model_not_asked is None) == (fixed is None)
        asked += calls
        skipped += fixed is not None
    assert asked and skipped


def test_decided_claims_are_not_sent_for_judgement_but_keep_their_class():
    def mutate(contract):
        claim(contract, "c4")["evidence_bindings"][0]["evidence_excerpt"] = "容器重启了 4 次"  # quote not in output
        contract["claims"][4]["claim_type"] = "background"

    lm = ScriptedLM([verifier_answer({"c1": "direct_observation", "c2": "direct_observation",
                                      "c3": "direct_observation", "c5": "direct_observation"}, "PASS")])
    record = verify_session(session_with(mutate), LMChecker(lm))
    prompt = lm.prompts[0][-1]["content"]
    assert '"fixed_by_trace":{"c4":"unsupported"}' in prompt
    assert '"id":"c4"' not in prompt
    c4 = next(c for c in record.claim_checks if c.claim_id == "c4")
    assert c4.verification == "unsupported" and record.verdict == "LOW_CONFID"


def test_prompt_size_grows_with_claims_not_with_the_trace():
    big = copy.deepcopy(PAYMENT)
    filler = "".join(f"2026-11-30T09:{i % 60:02d}:00+08:00 INFO [payment-service] request ok id={i}\n"
                     for i in range(120_000))
    big["tool_calls"][0]["output"] = filler + big["tool_calls"][0]["output"] + filler
    assert len(big["tool_calls"][0]["output"]) > 10_000_000
    small_fields = focused_fields(prepare_verification(ensure_session(PAYMENT)).request)
    big_fields = focused_fields(prepare_verification(ensure_session(big)).request)
    growth = len(big_fields["tool_trace_summary"]) - len(small_fields["tool_trace_summary"])
    assert growth < 400  # a few more characters of context around the quotes, nothing more
    lm = rubber_stamp()
    record = verify_session(big, LMChecker(lm))
    assert len(lm.prompts) == 1 and cl100k_tokens(lm.prompts[0]) <= 8000 and record.verdict == "PASS"
    assert record.tool_trace_summary[0].output_chars > 10_000_000  # the record keeps the full §9 summary


def test_usage_from_the_response_through_real_litellm(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with ScriptedOpenAIServer() as server:
        reply = stub_reply("rubber-stamp", [{"role": "user", "content": '"id":"c1" "id":"c2" "id":"c3" '
                                                                         '"id":"c4" "id":"c5"'}])
        server.script = [("ok", reply)]
        lm = make_lm(LMSettings(model="openai/gpt-4o-mini", api_base=server.base_url, num_retries=0))
        record = verify_session(PAYMENT, LMChecker(lm))
    assert record.verifier_error is None and record.verdict == "PASS"
    usage = record.lm_usage
    assert (usage.calls, usage.prompt_tokens, usage.completion_tokens) == (1, 10, 10)  # the server's usage block
    assert usage.latency_ms > 0 and usage.cost_usd is not None and usage.cost_usd > 0  # gpt-4o-mini is in the map
    assert len(server.requests) == 1


def test_a_failed_call_still_reports_its_usage():
    lm = ScriptedLM([RuntimeError("upstream 500")], repeat_last=True)
    record = verify_session(PAYMENT, LMChecker(lm))
    assert record.verdict == "LOW_CONFID" and "upstream 500" in record.verifier_error
    assert record.lm_usage is not None and record.lm_usage.calls == len(lm.prompts) >= 1


@pytest.mark.parametrize("ghost_first", [True, False])
def test_a_fabricated_invocation_rejects_whatever_the_order_of_the_bindings(ghost_first):
    def mutate(contract):
        c2 = claim(contract, "c2")
        not_found = dict(c2["evidence_bindings"][0], evidence_excerpt="Liveness probe failed: HTTP 500")
        ghost = dict(c2["evidence_bindings"][0], source_invocation_ids=["call_NOPE"])
        c2["evidence_bindings"] = [ghost, not_found] if ghost_first else [not_found, ghost]

    lm = rubber_stamp()
    record = verify_session(session_with(mutate), LMChecker(lm))
    assert record.verdict == "REJECT" and "rule 3" in record.model_not_asked and not lm.prompts
    assert verify_session(session_with(mutate)).verdict == "REJECT"


def test_a_quote_is_shown_under_the_cited_call_that_holds_it():
    def cite_two(contract):
        claim(contract, "c2")["evidence_bindings"][0]["source_invocation_ids"] = ["call_o3", "call_o1"]

    session = session_with(cite_two)
    quote = json.loads(session["executor_final_answer"])["claims"][1]["evidence_bindings"][0]["evidence_excerpt"]
    fields = focused_fields(prepare_verification(ensure_session(session)).request)
    summary = fields["tool_trace_summary"]
    assert "not in this output" not in summary
    under_o1 = summary.split("call_o1 ")[1].split("\ncall_")[0]
    assert f"⟦c2.1:{quote}" in under_o1


def test_a_reply_that_does_not_parse_costs_one_call_and_never_passes():
    lm = ScriptedLM(["verdict: PASS, everything is fine"], repeat_last=True)
    record = verify_session(PAYMENT, LMChecker(lm))
    assert len(lm.prompts) == 1 and record.lm_usage.calls == 1
    assert record.verdict == "LOW_CONFID" and record.verifier_error
