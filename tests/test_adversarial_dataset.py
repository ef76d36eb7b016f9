"""The frozen adversarial dataset (evals/data/adversarial): format, twins, counts, card.

These tests check the file, never what the current rules say about it.
"""

import hashlib
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from groundcheck.evals.datasets import load_dataset
from groundcheck.signatures.models import ExecutorContract, Session

DATA_DIR = Path(__file__).resolve().parents[1] / "evals" / "data" / "adversarial"
JSONL = DATA_DIR / "adversarial.jsonl"
KINDS = (
    "zh_content_uncovered", "negation_flip", "value_at_time", "arithmetic_sum_product", "timezone_offset_duration",
    "query_window_duration", "huge_number", "fractional_binary_unit", "excerpt_too_short", "value_only_in_arguments",
    "failed_call_lends_text", "guidance_via_reference_id", "guidance_via_trivial_binding", "cyrillic_lookalike",
    "zero_width_bidi", "format_chars_in_output", "advice_filter", "answer_root_cause_only",
    "entity_via_background_claim", "entity_via_hypothesis", "japanese_answer", "duplicate_claim_id",
    "json_in_string_output", "certainty_or_scope", "unit_mismatch",
)


@pytest.fixture(scope="module")
def sessions():
    return load_dataset("adversarial").sessions


def test_named_dataset_equals_the_file(sessions):
    assert sessions == load_dataset(str(JSONL)).sessions
    assert len(sessions) == len([line for line in JSONL.read_text(encoding="utf-8").splitlines() if line.strip()])


def test_every_line_is_a_labeled_valid_session(sessions):
    for raw in sessions:
        session = Session.model_validate(raw)
        labels = session.labels
        assert labels is not None and labels.verdict is not None, session.session_id
        assert labels.parse_status == "valid"
        assert labels.gatekeeper_failed_rules == sorted(set(labels.gatekeeper_failed_rules or []))
        contract = ExecutorContract.model_validate(json.loads(session.executor_final_answer))
        claim_ids = {c.claim_id for c in contract.claims}
        assert set(labels.claim_verifications or {}) == claim_ids, session.session_id
        assert labels.note and raw["adversarial"]["kind"] in labels.note


def test_ids_unique_and_named_after_kind_and_role(sessions):
    ids = [s["session_id"] for s in sessions]
    assert len(ids) == len(set(ids))
    for s in sessions:
        adv = s["adversarial"]
        assert re.fullmatch(rf"adv-{adv['kind']}-\d\d-{adv['role']}", s["session_id"])


def test_every_attack_has_an_honest_twin_that_passes(sessions):
    by_id = {s["session_id"]: s for s in sessions}
    for s in sessions:
        adv = s["adversarial"]
        twin = by_id[adv["twin"]]
        assert twin["adversarial"]["twin"] == s["session_id"]
        assert twin["adversarial"]["kind"] == adv["kind"]
        assert {adv["role"], twin["adversarial"]["role"]} == {"attack", "honest"}
        if adv["role"] == "honest":
            assert s["labels"]["verdict"] == "PASS" and s["labels"]["gatekeeper_failed_rules"] == []
        else:
            assert s["labels"]["verdict"] in ("REJECT", "LOW_CONFID")
            assert s["original_query"] == twin["original_query"]
            assert (s["executor_final_answer"], s["tool_calls"]) != (twin["executor_final_answer"], twin["tool_calls"])


def test_counts_per_kind(sessions):
    attacks = Counter(s["adversarial"]["kind"] for s in sessions if s["adversarial"]["role"] == "attack")
    honest = Counter(s["adversarial"]["kind"] for s in sessions if s["adversarial"]["role"] == "honest")
    assert set(attacks) == set(KINDS)
    assert attacks == honest
    assert min(attacks.values()) >= 8
    assert sum(attacks.values()) + sum(honest.values()) >= 400


def test_honest_critical_claims_are_direct_with_excerpts(sessions):
    for s in sessions:
        if s["adversarial"]["role"] != "honest":
            continue
        contract = json.loads(s["executor_final_answer"])
        for claim in contract["claims"]:
            if claim["claim_type"] == "background":
                continue
            assert claim["support_level"] == "direct" and claim["evidence_bindings"], s["session_id"]
            assert s["labels"]["claim_verifications"][claim["claim_id"]] == "direct_observation"


def test_card_states_the_file_hash_and_counts():
    card = (DATA_DIR / "README.md").read_text(encoding="utf-8")
    assert hashlib.sha256(JSONL.read_bytes()).hexdigest() in card
    for kind in KINDS:
        assert f"`{kind}`" in card


def test_authoring_script_reproduces_the_frozen_file():
    result = subprocess.run([sys.executable, str(DATA_DIR / "author.py"), "--check"], capture_output=True, text=True,
                            check=False, cwd=DATA_DIR)
    assert result.returncode == 0, result.stderr
    assert hashlib.sha256(JSONL.read_bytes()).hexdigest() in result.stdout
