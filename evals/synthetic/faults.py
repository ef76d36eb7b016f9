"""Controlled faults injected into an honest incident, each with the labels its construction implies.

A fault never asks the checker what it thinks: the claim classes, failed / warned Gatekeeper rules
and the verdict follow from what was changed (spec §6-§8 applied to the construction).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from groundcheck.programs.core.trace_index import output_text

from .incident import Incident

FAKE_CODES = ("ORA-00060", "ORA-04031", "E11000", "ERR_CONN_RESET_5012", "SQLSTATE-40001", "MYSQL-1213", "K8S-0042")
FAKE_HOSTS = ("db-replica-3.prod.internal", "cache-node-17", "mq-broker-09.prod.internal", "10.31.7.88")


@dataclass
class Draft:
    """A session under construction: the contract (or raw text) and the labels that follow from it."""

    contract: dict[str, Any]
    classes: dict[str, str]
    raw: str | None = None  # overrides the contract's JSON text (malformed / missing / fenced)
    use_raw: bool = False
    failed: set[str] = field(default_factory=set)
    warned: set[str] = field(default_factory=set)
    parse_status: str = "valid"
    extra_unsupported: bool = False  # the answer states an unsupported fact (row 8)
    session: dict[str, Any] = field(default_factory=dict)  # session fields to set
    note: str = ""


def honest_draft(inc: Incident) -> Draft:
    contract = {
        "answer_version": "2.0",
        "diagnosis_summary": inc.summary,
        "claims": copy.deepcopy(inc.claims),
        "hypotheses": list(inc.hypotheses),
        "recommended_actions": list(inc.actions),
        "missing_info": list(inc.missing),
        "user_facing_answer": inc.answer,
    }
    classes = {
        c["claim_id"]: "direct_observation" if c["support_level"] == "direct" else "reasonable_inference"
        for c in inc.claims
    }
    return Draft(contract=contract, classes=classes)


def _claim(draft: Draft, claim_id: str) -> dict[str, Any]:
    return next(c for c in draft.contract["claims"] if c["claim_id"] == claim_id)


def _absent(inc: Incident, text: str) -> bool:
    blob = "\n".join(output_text(c["output"]) + json.dumps(c["arguments"], ensure_ascii=False) for c in inc.calls)
    return text.lower() not in blob.lower()


def _pick_absent(inc: Incident, rng: random.Random, options: tuple[str, ...]) -> str:
    choices = [o for o in options if _absent(inc, o)]
    return rng.choice(choices)


def _replace_number(text: str, literal: str, new: str) -> str:
    """Replace the number `literal` where it stands alone ("5" in "重启 5 次", not in "75%")."""
    return re.sub(rf"(?<![\d.]){re.escape(literal)}(?![\d])", new, text)


def _fake_number(literal: str, rng: random.Random) -> str:
    if "." in literal:
        decimals = len(literal.split(".")[1])
        value = float(literal) * rng.uniform(1.6, 2.4) + 7.3
        return f"{value:.{decimals}f}"
    return str(int(literal) * rng.randint(3, 6) + rng.randint(11, 97))


# --- the faults ---------------------------------------------------------------------------------


def honest(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    draft.note = "honest contract"
    return draft


def fenced(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    draft.raw = "```json\n" + json.dumps(draft.contract, ensure_ascii=False, indent=2) + "\n```"
    draft.use_raw = True
    draft.warned.add("contract.fenced")
    draft.note = "honest contract inside a ```json fence"
    return draft


def round2_honest(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    draft.session = {"round": 2, "retry_context": _retry_context(inc)}
    draft.note = "round 2 after a REJECT, now honest"
    return draft


def round2_still_wrong(inc: Incident, rng: random.Random) -> Draft:
    draft = number_contradiction(inc, rng)
    draft.session = {"round": 2, "retry_context": _retry_context(inc)}
    draft.note = "round 2 after a REJECT, number still contradicts the metric"
    return draft


def fabricated_error_code(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    code = _pick_absent(inc, rng, FAKE_CODES)
    target = _claim(draft, inc.entity_claim)
    target["claim_text"] += f"，并伴随错误码 {code}"
    draft.classes[inc.entity_claim] = "contradicted"
    draft.note = f"claim names error code {code} that no tool output contains"
    return draft


def fabricated_excerpt(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    code = _pick_absent(inc, rng, FAKE_CODES)
    target = _claim(draft, inc.entity_claim)
    target["claim_text"] = f"日志中出现 {code} 错误，请求随之失败"
    target["evidence_bindings"][0]["evidence_excerpt"] = f"{code}: deadlock detected while waiting for resource"
    draft.classes[inc.entity_claim] = "contradicted"
    draft.failed.add("evidence.excerpt")
    draft.note = f"fabricated error code {code} with a fabricated excerpt"
    return draft


def fabricated_entity(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    target = _claim(draft, inc.entity_claim)
    literal = inc.entity_literal
    fake = literal[:-1] + str((int(literal[-1]) + 3) % 10) if literal[-1].isdigit() else literal + "-canary"
    if not _absent(inc, fake) or literal not in target["claim_text"]:
        return fabricated_error_code(inc, rng)
    target["claim_text"] = target["claim_text"].replace(literal, fake)
    draft.classes[inc.entity_claim] = "contradicted"
    draft.note = f"claim names {fake!r} instead of {literal!r}"
    return draft


def number_contradiction(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    fake = _fake_number(inc.number_literal, rng)
    target = _claim(draft, inc.number_claim)
    target["claim_text"] = _replace_number(target["claim_text"], inc.number_literal, fake)
    answer = draft.contract["user_facing_answer"]
    draft.contract["user_facing_answer"] = _replace_number(answer, inc.number_literal, fake)
    draft.classes[inc.number_claim] = "contradicted"
    draft.note = f"claim states {fake} where the tool output says {inc.number_literal}"
    return draft


def inference_as_direct(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    _claim(draft, inc.inference_claim)["support_level"] = "direct"
    draft.classes[inc.inference_claim] = "overstated"
    draft.note = "a causal inference presented as a direct observation"
    return draft


def overstated_certainty(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    target = _claim(draft, inc.inference_claim)
    target["claim_text"] = rng.choice(["可以肯定，", "已确认：", "毫无疑问，"]) + target["claim_text"]
    draft.classes[inc.inference_claim] = "overstated"
    draft.note = "an inference worded with certainty"
    return draft


def guidance_as_fact(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    doc = inc.guidance_doc
    kb_call = doc["call"]
    doc_type = next(d["doc_type"] for d in kb_call["output"] if d["doc_id"] == doc["doc_id"])
    source_type = rng.choice([doc_type, "knowledge"])
    draft.contract["claims"].append({
        "claim_id": "c9", "claim_type": "root_cause", "claim_text": doc["text"], "support_level": "direct",
        "evidence_bindings": [{
            "source_type": source_type, "source_id": doc["doc_id"], "tool_name": "lookup_knowledge",
            "source_invocation_ids": [kb_call["invocation_id"]], "evidence_excerpt": doc["excerpt"],
        }],
    })
    draft.classes["c9"] = "unsupported"
    draft.failed.add("evidence.guidance_as_fact")
    draft.note = f"{doc_type} guidance emitted as an incident fact"
    return draft


def external_knowledge(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    draft.contract["claims"].append({
        "claim_id": "c9", "claim_type": "config", "claim_text": inc.general_claim_text,
        "support_level": "none", "evidence_bindings": [],
    })
    draft.classes["c9"] = "external_unknown"
    draft.warned.add("claim.unsupported_confirmed")
    draft.note = "general knowledge stated as a claim"
    return draft


def unsupported_claim(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    draft.contract["claims"].append({
        "claim_id": "c9", "claim_type": "root_cause", "claim_text": inc.unsupported_claim_text,
        "support_level": "none", "evidence_bindings": [],
    })
    draft.classes["c9"] = "unsupported"
    draft.warned.add("claim.unsupported_confirmed")
    draft.note = "a conclusion without evidence kept under claims"
    return draft


def missing_binding(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    draft.contract["claims"].append({
        "claim_id": "c9", "claim_type": "root_cause", "claim_text": inc.unsupported_claim_text,
        "support_level": "direct", "evidence_bindings": [],
    })
    draft.classes["c9"] = "unsupported"
    draft.failed.add("claim.binding_required")
    draft.note = "a direct claim with no evidence binding"
    return draft


def fabricated_invocation(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    target = _claim(draft, inc.number_claim)
    for binding in target["evidence_bindings"]:
        binding["source_invocation_ids"] = [f"call_{rng.getrandbits(32):08x}x"]
    draft.classes[inc.number_claim] = "unsupported"
    draft.failed |= {"evidence.invocation_ref", "evidence.excerpt"}
    draft.note = "bindings cite a tool call that never happened"
    return draft


def wrong_tool_name(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    target = _claim(draft, inc.number_claim)
    for binding in target["evidence_bindings"]:
        binding["tool_name"] = "query_logs" if binding["tool_name"] != "query_logs" else "query_metrics"
    draft.classes[inc.number_claim] = "unsupported"
    draft.failed.add("evidence.tool_name")
    draft.note = "bindings name the wrong tool"
    return draft


def paraphrased_excerpt(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    target = _claim(draft, inc.entity_claim)
    for binding in target["evidence_bindings"]:
        binding["evidence_excerpt"] = "日志显示该服务出现大量错误（转述，非原文）"
    draft.classes[inc.entity_claim] = "unsupported"
    draft.failed.add("evidence.excerpt")
    draft.note = "excerpts paraphrased instead of quoted"
    return draft


def failed_call(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    call = {
        "invocation_id": f"call_{rng.getrandbits(32):08x}f",
        "trace_ref": inc.calls[0]["trace_ref"].split(":")[0] + f":{rng.getrandbits(64):016x}",
        "tool_name": "query_metrics",
        "arguments": {"metric": "mysql_slow_queries_total"},
        "status": "error",
        "output": "query failed: upstream prometheus unavailable (timeout after 30s)",
    }
    draft.session = {"tool_calls": [*inc.calls, call]}
    draft.contract["claims"].append({
        "claim_id": "c9", "claim_type": "metric", "claim_text": "数据库慢查询数量没有异常",
        "support_level": "direct", "evidence_bindings": [{
            "source_type": "metric", "source_id": "mysql_slow_queries_total", "tool_name": "query_metrics",
            "source_invocation_ids": [call["invocation_id"]], "evidence_excerpt": "upstream prometheus unavailable",
        }],
    })
    draft.classes["c9"] = "unsupported"
    draft.warned.add("evidence.failed_call")
    draft.note = "a claim resting on a failed tool call"
    return draft


def duplicate_claim_id(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    second = draft.contract["claims"][1]
    del draft.classes[second["claim_id"]]
    second["claim_id"] = draft.contract["claims"][0]["claim_id"]
    draft.failed.add("claim.id_unique")
    draft.note = "two claims share one claim_id"
    return draft


def english_answer(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    draft.contract["user_facing_answer"] = inc.english_answer
    draft.failed.add("answer.language")
    draft.note = "user_facing_answer written in English"
    return draft


def empty_answer(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    draft.contract["user_facing_answer"] = ""
    draft.failed.add("answer.language")
    draft.note = "empty user_facing_answer"
    return draft


def unbacked_entity(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    host = _pick_absent(inc, rng, FAKE_HOSTS)
    draft.contract["user_facing_answer"] += f"同一时间 {host} 也出现了告警。"
    draft.warned.add("answer.unbacked_entity")
    draft.extra_unsupported = True
    draft.note = f"the answer names {host}, which neither claims nor tools mention"
    return draft


def extra_number_fact(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    n = rng.randint(12_000, 98_000)
    draft.contract["user_facing_answer"] += f"故障期间共影响 {n} 笔订单。"
    draft.warned.add("answer.unbacked_entity")
    draft.extra_unsupported = True
    draft.note = f"the answer states an impact figure ({n}) found nowhere"
    return draft


def hedged_hypothesis(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    host = _pick_absent(inc, rng, FAKE_HOSTS)
    draft.contract["hypotheses"].append(f"可能与 {host} 的异常有关，尚未验证")
    draft.contract["user_facing_answer"] += f"是否与 {host} 有关尚待确认。"
    draft.note = "a hedged mention backed by the hypotheses (still PASS)"
    return draft


def no_claims(inc: Incident, rng: random.Random) -> Draft:
    draft = honest_draft(inc)
    draft.contract["claims"] = []
    draft.classes = {}
    draft.contract["user_facing_answer"] = "目前尚无可确认的结论，需要补充更多日志和指标后再判断。"
    draft.note = "no claims at all"
    return draft


def _malformed(
    raw_of: Callable[[dict[str, Any], str], str | None], note: str
) -> Callable[[Incident, random.Random], Draft]:
    def fault(inc: Incident, rng: random.Random) -> Draft:
        draft = honest_draft(inc)
        text = json.dumps(draft.contract, ensure_ascii=False)
        draft.raw = raw_of(draft.contract, text)
        draft.use_raw = True
        draft.classes = {}
        draft.parse_status = "missing" if not draft.raw or not draft.raw.strip() else "malformed"
        draft.failed = {"contract.parse"}
        draft.note = note
        return draft

    return fault


def _missing_field(contract: dict[str, Any], text: str) -> str:
    broken = dict(contract)
    del broken["claims"]
    return json.dumps(broken, ensure_ascii=False)


def _mistyped_field(contract: dict[str, Any], text: str) -> str:
    broken = copy.deepcopy(contract)
    broken["claims"][0]["support_level"] = "very_strong"
    return json.dumps(broken, ensure_ascii=False)


def _retry_context(inc: Incident) -> dict[str, Any]:
    return {
        "previous_verdict": "REJECT",
        "failed_rules": [],
        "failed_claims": [inc.number_claim],
        "rationale": "上一轮结论中的数值与工具返回的指标不符，请只引用工具输出中的原始数值。",
    }


FAULTS: dict[str, Callable[[Incident, random.Random], Draft]] = {
    "honest": honest,
    "fenced": fenced,
    "round2_honest": round2_honest,
    "round2_still_wrong": round2_still_wrong,
    "fabricated_error_code": fabricated_error_code,
    "fabricated_excerpt": fabricated_excerpt,
    "fabricated_entity": fabricated_entity,
    "number_contradiction": number_contradiction,
    "inference_as_direct": inference_as_direct,
    "overstated_certainty": overstated_certainty,
    "guidance_as_fact": guidance_as_fact,
    "external_knowledge": external_knowledge,
    "unsupported_claim": unsupported_claim,
    "missing_binding": missing_binding,
    "fabricated_invocation": fabricated_invocation,
    "wrong_tool_name": wrong_tool_name,
    "paraphrased_excerpt": paraphrased_excerpt,
    "failed_call": failed_call,
    "duplicate_claim_id": duplicate_claim_id,
    "english_answer": english_answer,
    "empty_answer": empty_answer,
    "unbacked_entity": unbacked_entity,
    "extra_number_fact": extra_number_fact,
    "hedged_hypothesis": hedged_hypothesis,
    "no_claims": no_claims,
    "malformed_prose_around": _malformed(lambda c, t: "诊断结论如下：\n" + t + "\n以上。", "prose around the JSON"),
    "malformed_truncated": _malformed(lambda c, t: t[: len(t) * 2 // 3], "JSON cut off mid-way"),
    "malformed_plain_text": _malformed(lambda c, t: c["user_facing_answer"], "a plain Chinese answer, no JSON"),
    "malformed_two_objects": _malformed(lambda c, t: t + "\n" + t, "two JSON objects"),
    "malformed_array": _malformed(lambda c, t: "[" + t + "]", "a JSON array, not an object"),
    "malformed_missing_field": _malformed(_missing_field, "the claims field is missing"),
    "malformed_mistyped_field": _malformed(_mistyped_field, "support_level outside its vocabulary"),
    "missing_null": _malformed(lambda c, t: None, "no final answer at all"),
    "missing_blank": _malformed(lambda c, t: "  \n\t", "a blank final answer"),
}
