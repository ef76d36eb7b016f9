"""Probe of the meaning checks: honest PASS sessions of synthetic-test with one claim changed.

Prints, per mutation, how many sessions the current pipeline already keeps from PASS and how many the
meaning checks (series, negation, glossary coverage) would, applied as proposed to the lead (a class
only lowered). Asserts nothing. Run: python benchmarks/probe_meaning.py
Mutations: inject (a direct claim gains "，同时数据库发生了主从切换"), rootcause (the root cause becomes
"根因是上游网关限流导致请求被拒绝"), negate ("出现" -> "没有出现"), timeshift (a metric claim's time
moved to another point of its cited series).
"""

import copy
import json
import re

from groundcheck.evals.datasets import load_dataset
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.trace_index import output_text
from groundcheck.programs.text.glossary import concept_coverage, coverage_class
from groundcheck.programs.text.negation import negation_conflict
from groundcheck.programs.text.series import parse_series, value_at_time_conflict

RANK = {
    "direct_observation": 0,
    "reasonable_inference": 1,
    "overstated": 2,
    "unsupported": 3,
    "external_unknown": 3,
    "contradicted": 4,
}


def mine(cl, calls):
    cited = [
        calls[i]
        for b in cl["evidence_bindings"]
        for i in b["source_invocation_ids"]
        if i in calls and calls[i]["status"] == "ok"
    ]
    texts = [output_text(t["output"]) for t in cited]
    if value_at_time_conflict(cl["claim_text"], [t["output"] for t in cited]):
        return "contradicted"
    if negation_conflict(cl["claim_text"], texts):
        return "contradicted"
    return coverage_class(concept_coverage(cl["claim_text"], texts), cl["support_level"])


def mutate(r, kind):
    try:
        c = json.loads(r["executor_final_answer"])
    except ValueError:
        return None
    calls = {t["invocation_id"]: t for t in r["tool_calls"]}
    target = None
    for cl in c["claims"]:
        if kind == "inject" and cl["support_level"] == "direct":
            cl["claim_text"] += "，同时数据库发生了主从切换"
            target = cl
            break
        if kind == "rootcause" and cl["claim_type"] == "root_cause":
            cl["claim_text"] = "根因是上游网关限流导致请求被拒绝"
            target = cl
            break
        if (
            kind == "negate"
            and cl["support_level"] == "direct"
            and "出现" in cl["claim_text"]
            and "未" not in cl["claim_text"]
        ):
            cl["claim_text"] = cl["claim_text"].replace("出现", "没有出现", 1)
            target = cl
            break
        if kind == "timeshift" and cl["support_level"] == "direct":
            m = re.search(r"在 (\d\d:\d\d) 升至", cl["claim_text"]) or re.search(
                r"在 (\d\d:\d\d) 达到", cl["claim_text"]
            )
            if not m:
                continue
            cited = [calls[i] for b in cl["evidence_bindings"] for i in b["source_invocation_ids"] if i in calls]
            times = []
            for t in cited:
                for p in parse_series(t["output"]).points:
                    hh = f"{p.second // 3600:02d}:{p.second % 3600 // 60:02d}"
                    if hh != m.group(1):
                        times.append(hh)
            if not times:
                continue
            cl["claim_text"] = cl["claim_text"].replace(m.group(1), times[0], 1)
            target = cl
            break
    if target is None:
        return None
    r = copy.deepcopy(r)
    r["executor_final_answer"] = json.dumps(c, ensure_ascii=False)
    r.pop("labels", None)
    return r, target, calls


def main() -> None:
    ds = [
        r
        for r in load_dataset("synthetic-test").sessions
        if (r["labels"] if isinstance(r["labels"], dict) else json.loads(r["labels"])).get("verdict") == "PASS"
    ]
    for kind in ["inject", "rootcause", "negate", "timeshift"]:
        n = caught_now = caught_new = 0
        for r in ds:
            m = mutate(r, kind)
            if not m:
                continue
            s, cl, calls = m
            n += 1
            rec = verify_session(s)
            now = rec.verdict != "PASS"
            chk = {x.claim_id: x.verification for x in rec.claim_checks}[cl["claim_id"]]
            cand = mine(cl, calls)
            new = now or (
                cand is not None and RANK[cand] > RANK[chk] and cand in ("overstated", "unsupported", "contradicted")
            )
            caught_now += now
            caught_new += new
        print(f"{kind}: {n} mutated PASS sessions; not PASS today {caught_now}; with the meaning checks {caught_new}")


if __name__ == "__main__":
    main()
