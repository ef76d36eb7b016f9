import json
from collections import Counter

from groundcheck.evals.datasets import SYNTHETIC_DIR, read_jsonl
from groundcheck.evals.synthetic import FAULTS, generate_sessions
from groundcheck.evals.synthetic.families import FAMILIES
from groundcheck.programs.core.gatekeeper import RULES
from groundcheck.programs.core.parse import fenced_body
from groundcheck.programs.core.sessions import ensure_session
from groundcheck.signatures.models import VERDICTS, VERIFICATIONS

SPLITS = {"train": (1, 480), "dev": (2, 240), "test": (3, 480)}


def test_generation_is_deterministic_and_seeded():
    assert generate_sessions(30, 5) == generate_sessions(30, 5)
    assert generate_sessions(30, 5) != generate_sessions(30, 6)


def test_committed_splits_are_what_the_generator_makes():
    for split, (seed, n) in SPLITS.items():
        assert read_jsonl(SYNTHETIC_DIR / f"{split}.jsonl") == generate_sessions(n, seed), split


def test_splits_do_not_share_sessions():
    traces = [
        json.dumps(s["tool_calls"], ensure_ascii=False)
        for split in SPLITS
        for s in read_jsonl(SYNTHETIC_DIR / f"{split}.jsonl")
    ]
    assert len(traces) == len(set(traces))


def test_every_family_fault_rule_class_and_verdict_is_covered():
    sessions = generate_sessions(len(FAMILIES) * len(FAULTS), 11)
    families = Counter(s["session_id"].split("-")[3] for s in sessions)
    faults = Counter(s["session_id"].split("-", 4)[4] for s in sessions)
    assert set(families) == set(FAMILIES) and len(FAMILIES) >= 12
    assert set(faults) == set(FAULTS)
    labels = [s["labels"] for s in sessions]
    rules = {r for x in labels for r in x["gatekeeper_failed_rules"] + x["gatekeeper_warned_rules"]}
    assert rules == set(RULES)
    classes = {c for s in sessions for c in s["labels"]["claim_verifications"].values()}
    assert classes == set(VERIFICATIONS)
    assert {s["labels"]["verdict"] for s in sessions} == set(VERDICTS)
    assert {s["labels"]["parse_status"] for s in sessions} == {"valid", "missing", "malformed"}
    assert any(s.get("round") == 2 and s.get("retry_context") for s in sessions)


def test_sessions_meet_the_contract_and_answers_are_chinese():
    checked = 0
    for session in generate_sessions(60, 3):
        ensure_session(session)
        if session["labels"]["parse_status"] == "valid" and "english" not in session["session_id"]:
            raw = session["executor_final_answer"]
            answer = json.loads(fenced_body(raw) or raw)["user_facing_answer"]
            assert not answer or any("\u4e00" <= ch <= "\u9fff" for ch in answer)
            checked += 1
    assert checked >= 30


def test_honest_excerpts_are_verbatim_by_construction():
    honest = [s for s in generate_sessions(len(FAULTS) * 2, 9) if s["session_id"].endswith("-honest")]
    assert honest
    for session in honest:
        outputs = {c["invocation_id"]: c["output"] for c in session["tool_calls"]}
        for claim in json.loads(session["executor_final_answer"])["claims"]:
            for binding in claim["evidence_bindings"]:
                text = outputs[binding["source_invocation_ids"][0]]
                text = text if isinstance(text, str) else json.dumps(text, ensure_ascii=False)
                assert binding["evidence_excerpt"] in text
