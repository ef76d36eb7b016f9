"""Every example of the spec gives its labeled outcome through the CLI."""

import io
import json

import pytest
from shared_data import require_shared

from groundcheck.evals.examples import bundled_examples
from groundcheck.programs.cli import main


def _examples():
    shared = require_shared()
    return sorted((shared / "spec" / "examples").glob("*.json"))


def _cli_verify(path):
    out = io.StringIO()
    assert main(["verify", str(path)], stdout=out, stderr=io.StringIO()) == 0
    return json.loads(out.getvalue())


def _assert_labels(path):
    labels = json.loads(path.read_text(encoding="utf-8"))["labels"]
    record = _cli_verify(path)
    assert record["verdict"] == labels["verdict"], record["rationale"]
    assert record["executor_output_parse_status"]["status"] == labels["parse_status"]
    assert record["gatekeeper_result"]["failed_rules"] == sorted(labels["gatekeeper_failed_rules"])
    for claim_id, cls in (labels.get("claim_verifications") or {}).items():
        got = {c["claim_id"]: c["verification"] for c in record["claim_checks"]}
        assert got[claim_id] == cls, claim_id


def test_spec_examples_give_their_labeled_outcome():
    examples = _examples()
    assert len(examples) >= 4
    for path in examples:
        _assert_labels(path)


@pytest.mark.parametrize("path", bundled_examples(), ids=lambda p: p.stem)
def test_bundled_examples_give_their_labeled_outcome(path):
    _assert_labels(path)
