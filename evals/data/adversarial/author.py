"""Emit the frozen adversarial dataset (adversarial.jsonl) from the hand-written cases.

Usage: .venv/bin/python evals/data/adversarial/author.py [--check]

The cases live in cases_*.py as data, written one by one. Labels come from the spec (§6-§9), not from
groundcheck's rules. Before writing, a few author-side sanity checks (an independent reading of the
spec's excerpt search, Han ratio and token coverage) catch typos in the hand-written text; they never
decide a label, they only refuse to emit a case whose text does not say what its label claims.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

import cases_a
import cases_b
import cases_c
import cases_d
from dsl import GUIDANCE, Claim, Pair, claim_json, contract_text, trace_json

HERE = Path(__file__).parent
OUT = HERE / "adversarial.jsonl"

KINDS: dict[str, tuple[str, list[str]]] = {  # kind -> (default attack verdict, default attack failed rules)
    "zh_content_uncovered": ("LOW_CONFID", []),
    "negation_flip": ("REJECT", []),
    "value_at_time": ("REJECT", []),
    "arithmetic_sum_product": ("REJECT", []),
    "timezone_offset_duration": ("REJECT", []),
    "query_window_duration": ("REJECT", []),
    "huge_number": ("REJECT", []),
    "fractional_binary_unit": ("REJECT", []),
    "excerpt_too_short": ("LOW_CONFID", ["evidence.excerpt"]),
    "value_only_in_arguments": ("REJECT", []),
    "failed_call_lends_text": ("LOW_CONFID", ["evidence.excerpt"]),
    "guidance_via_reference_id": ("LOW_CONFID", ["evidence.guidance_as_fact"]),
    "guidance_via_trivial_binding": ("LOW_CONFID", []),
    "cyrillic_lookalike": ("REJECT", []),
    "zero_width_bidi": ("REJECT", []),
    "format_chars_in_output": ("REJECT", []),
    "advice_filter": ("LOW_CONFID", []),
    "answer_root_cause_only": ("LOW_CONFID", []),
    "entity_via_background_claim": ("LOW_CONFID", []),
    "entity_via_hypothesis": ("LOW_CONFID", []),
    "japanese_answer": ("LOW_CONFID", ["answer.language"]),
    "duplicate_claim_id": ("REJECT", ["claim.id_unique"]),
    "json_in_string_output": ("REJECT", ["evidence.excerpt"]),
    "certainty_or_scope": ("LOW_CONFID", []),
    "unit_mismatch": ("REJECT", []),
}


def all_cases() -> dict[str, list[Pair]]:
    merged: dict[str, list[Pair]] = {}
    for module in (cases_a, cases_b, cases_c, cases_d):
        for kind, pairs in module.CASES.items():
            merged.setdefault(kind, []).extend(pairs)
    return {kind: merged[kind] for kind in KINDS if kind in merged}


def build(kind: str, n: int, pair: Pair) -> tuple[dict[str, Any], dict[str, Any]]:
    base = f"adv-{kind}-{n:02d}"
    trace_id = hashlib.sha256(base.encode()).hexdigest()[:32]
    honest = _session(kind, f"{base}-honest", f"{base}-attack", "honest", pair, trace_id, attack=False)
    attack = _session(kind, f"{base}-attack", f"{base}-honest", "attack", pair, trace_id, attack=True)
    return attack, honest


def _session(kind: str, sid: str, twin: str, role: str, p: Pair, trace_id: str, attack: bool) -> dict[str, Any]:
    calls = [p.atk_calls.get(c.id, c) for c in p.calls] if attack else list(p.calls)
    by_id = {c.id: c for c in calls}
    claims = _attack_claims(p) if attack else list(p.claims)
    answer = p.answer
    if attack:
        answer = p.atk_answer if p.atk_answer is not None else _subst(answer, p.sub, must=False)
    summary = _subst(p.summary, p.sub, must=False) if p.summary and attack else p.summary
    summary = summary or answer.split("。")[0] + "。"
    hyp = (p.atk_hyp if attack and p.atk_hyp is not None else p.hyp)
    # the advice sentences of the answer double as recommended_actions unless the case lists its own
    act = p.act or [s + "。" for s in answer.split("。") if s.strip().startswith("建议")]
    contract = contract_text(summary, [claim_json(c, by_id) for c in claims], hyp, act, p.miss, answer, p.indent)
    cv = {c.cid: ("direct_observation" if c.ctype != "background" else "unsupported") for c in claims}
    cv.update(p.honest_cv)
    if attack:
        honest_claims = {c.cid: c for c in p.claims}
        for c in claims:
            if c != honest_claims.get(c.cid) and c.cid not in p.cv:
                # a claim the attack rewrote: the kind's class unless the case names one
                if KINDS[kind][0] != "REJECT":
                    raise ValueError(f"{kind}: changed claim {c.cid} needs an explicit class")
                cv[c.cid] = "contradicted"
        cv.update(p.cv)
    cv = {cid: cv[cid] for cid in dict.fromkeys(c.cid for c in claims)}
    verdict, rules = KINDS[kind]
    if attack:
        verdict = p.verdict or verdict
        rules = p.rules if p.rules is not None else rules
        note = f"{kind} attack: {p.trap}"
    else:
        verdict, rules = "PASS", []
        note = f"{kind} honest twin of {twin}: every critical claim is stated by a verbatim excerpt of an ok call"
    return {
        "session_id": sid,
        "round": 1,
        "original_query": p.q,
        "executor_final_answer": contract,
        "tool_calls": trace_json(calls, trace_id),
        "retry_context": None,
        "labels": {"parse_status": "valid", "gatekeeper_failed_rules": sorted(rules), "claim_verifications": cv,
                   "verdict": verdict, "note": note},
        "adversarial": {"kind": kind, "role": role, "twin": twin},
    }


def _attack_claims(p: Pair) -> list[Claim]:
    out = []
    for c in p.claims:
        if c.cid in p.drop:
            continue
        c = p.replace.get(c.cid, c)
        text = _subst(c.text, p.sub, must=False)
        binds = tuple(type(b)(b.source_type, b.calls, _subst(b.excerpt, p.xsub, must=False), b.source_id, b.tool)
                      for b in c.binds)
        out.append(Claim(c.cid, c.ctype, text, binds, c.level))
    return out + list(p.add)


def _subst(text: str, subs: list[tuple[str, str]], must: bool) -> str:
    for old, new in subs:
        if must and old not in text:
            raise ValueError(f"substitution {old!r} not in {text!r}")
        text = text.replace(old, new)
    return text


# ---- author-side sanity checks (an independent reading of spec §6, never used to pick a label) ----

def norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    return "".join(text.casefold().split())


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)] + [s for k in value for s in _strings(k)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def views(output: Any) -> list[str]:
    texts: list[str] = []
    if isinstance(output, str):
        texts.append(output)
        try:
            decoded = json.loads(output)
        except ValueError:
            decoded = None
        if isinstance(decoded, (dict, list)):
            texts += [json.dumps(decoded, ensure_ascii=False), *_strings(decoded)]
    else:
        texts += [json.dumps(output, ensure_ascii=False), *_strings(output)]
    return [norm(t) for t in texts]


def excerpt_found(excerpt: str, calls: list[dict[str, Any]]) -> bool:
    n = norm(excerpt)
    if sum(ch.isalnum() for ch in n) < 2:
        return False
    return any(c["status"] == "ok" and any(n in v for v in views(c["output"])) for c in calls)


def han_ratio(text: str) -> float:
    letters = [ch for ch in text if ch.isalpha()]
    han = [ch for ch in letters if "CJK UNIFIED" in unicodedata.name(ch, "")]
    return len(han) / len(letters) if letters else 0.0


def computed_rules(session: dict[str, Any]) -> set[str]:
    contract = json.loads(session["executor_final_answer"])
    calls = {c["invocation_id"]: c for c in session["tool_calls"]}
    rules: set[str] = set()
    ids = [c["claim_id"] for c in contract["claims"]]
    if len(ids) != len(set(ids)):
        rules.add("claim.id_unique")
    for claim in contract["claims"]:
        if claim["support_level"] != "none" and not claim["evidence_bindings"]:
            rules.add("claim.binding_required")
        guidance = []
        for b in claim["evidence_bindings"]:
            cited = [calls[i] for i in b["source_invocation_ids"] if i in calls]
            if len(cited) < len(b["source_invocation_ids"]):
                rules.add("evidence.invocation_ref")
            if any(c["tool_name"] != b["tool_name"] for c in cited):
                rules.add("evidence.tool_name")
            if not excerpt_found(b["evidence_excerpt"], cited):
                rules.add("evidence.excerpt")
            guidance.append(b["source_type"] in GUIDANCE or _in_guidance_doc(b["evidence_excerpt"], cited))
        if claim["claim_type"] != "background" and guidance and all(guidance):
            rules.add("evidence.guidance_as_fact")
    if han_ratio(contract["user_facing_answer"]) < 0.3:
        rules.add("answer.language")
    return rules


def _in_guidance_doc(excerpt: str, cited: list[dict[str, Any]]) -> bool:
    n = norm(excerpt)
    docs = [d for c in cited if c["tool_name"] == "lookup_knowledge" and isinstance(c["output"], list)
            for d in c["output"]]
    hits = [d for d in docs if any(n in v for v in views(d))]
    return bool(hits) and all(d.get("doc_type") in GUIDANCE for d in hits)


TOKEN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-/:%]*")


def _tokens(text: str) -> set[str]:
    return {t.strip(".:-/").casefold() for t in TOKEN.findall(unicodedata.normalize("NFKC", text))} - {""}


def check_honest(session: dict[str, Any], pair: Pair) -> list[str]:
    problems = []
    contract = json.loads(session["executor_final_answer"])
    calls = {c["invocation_id"]: c for c in session["tool_calls"]}
    backing = " ".join([c["claim_text"] for c in contract["claims"]] + contract["hypotheses"]
                       + contract["recommended_actions"] + contract["missing_info"])
    backing_n = norm(backing)
    if computed_rules(session):
        problems.append(f"rules {sorted(computed_rules(session))}")
    for claim in contract["claims"]:
        if claim["claim_type"] == "background":
            continue
        if claim["support_level"] != "direct":
            problems.append(f"{claim['claim_id']} not direct")
        cited_text = " ".join(v for b in claim["evidence_bindings"] for i in b["source_invocation_ids"]
                              for v in views(calls[i]["output"]))
        for tok in _tokens(claim["claim_text"]) - {t.casefold() for t in pair.derived}:
            if norm(tok) not in cited_text:
                problems.append(f"{claim['claim_id']} token {tok!r} not in cited output")
    for tok in _tokens(contract["user_facing_answer"]) - {t.casefold() for t in pair.derived}:
        if norm(tok) not in backing_n:
            problems.append(f"answer token {tok!r} not in claims/hyp/act/miss")
    if han_ratio(contract["user_facing_answer"]) < 0.35:
        problems.append(f"answer han ratio {han_ratio(contract['user_facing_answer']):.2f}")
    return problems


def check_attack(session: dict[str, Any], honest: dict[str, Any]) -> list[str]:
    problems = []
    checked = {"claim.id_unique", "claim.binding_required", "evidence.invocation_ref", "evidence.tool_name",
               "evidence.excerpt", "evidence.guidance_as_fact", "answer.language"}
    got = computed_rules(session)
    want = set(session["labels"]["gatekeeper_failed_rules"]) & checked
    if got != want:
        problems.append(f"rules computed {sorted(got)} labeled {sorted(want)}")
    if session["executor_final_answer"] == honest["executor_final_answer"] and \
            session["tool_calls"] == honest["tool_calls"]:
        problems.append("attack identical to honest")
    contract = json.loads(session["executor_final_answer"])
    cv = session["labels"]["claim_verifications"]
    critical_contradicted = any(cv[c["claim_id"]] == "contradicted" for c in contract["claims"]
                                if c["claim_type"] != "background")
    if critical_contradicted != (session["labels"]["verdict"] == "REJECT"):
        problems.append("verdict and critical contradicted claims disagree (spec §8 row 2)")
    if session["adversarial"]["kind"] != "japanese_answer" and han_ratio(contract["user_facing_answer"]) < 0.3:
        problems.append("attack answer not Chinese")
    return problems


def main(argv: list[str]) -> int:
    sessions: list[dict[str, Any]] = []
    problems: list[str] = []
    for kind, pairs in all_cases().items():
        for n, pair in enumerate(pairs, start=1):
            attack, honest = build(kind, n, pair)
            problems += [f"{honest['session_id']}: {p}" for p in check_honest(honest, pair)]
            problems += [f"{attack['session_id']}: {p}" for p in check_attack(attack, honest)]
            sessions += [attack, honest]
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    text = "".join(json.dumps(s, ensure_ascii=False) + "\n" for s in sessions)
    if "--check" not in argv:
        OUT.write_text(text, encoding="utf-8")
    counts = {kind: len(pairs) for kind, pairs in all_cases().items()}
    print(json.dumps(counts, ensure_ascii=False))
    print(f"{len(sessions)} sessions, sha256 {hashlib.sha256(text.encode()).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


__all__ = ["KINDS", "all_cases", "build"]
