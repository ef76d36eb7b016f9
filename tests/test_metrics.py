import pytest

from groundcheck.evals.metrics import Scored, compute_metrics


def record(verdict, classes=(), failed=(), warned=(), parse="valid"):
    return {
        "verdict": verdict,
        "claim_checks": [{"claim_id": f"c{i}", "verification": c} for i, c in enumerate(classes)],
        "executor_output_parse_status": {"status": parse},
        "gatekeeper_result": {"failed_rules": list(failed), "warned_rules": list(warned)},
    }


def item(gold, predicted, **labels):
    return Scored(session_id=f"s{id(labels)}", labels={"verdict": gold, **labels}, record=predicted)


def test_verdict_rates_by_hand():
    items = [
        item("PASS", record("PASS")),
        item("LOW_CONFID", record("PASS")),  # a false PASS
        item("REJECT", record("REJECT")),
        item("LOW_CONFID", record("REJECT")),  # a false REJECT
    ]
    m = compute_metrics(items)
    assert m["verdict_accuracy"] == 0.5
    assert m["false_pass_rate"] == pytest.approx(1 / 3)  # 1 of the 3 non-PASS
    assert m["false_reject_rate"] == pytest.approx(1 / 3)  # 1 of the 3 non-REJECT
    assert m["verdict_confusion"]["matrix"][1] == [1, 0, 1]  # gold LOW_CONFID row
    # PASS: p=.5 r=1 f1=2/3; LOW_CONFID: f1 0; REJECT: p=.5 r=1 f1=2/3
    assert m["verdict_macro_f1"] == pytest.approx((2 / 3 + 0 + 2 / 3) / 3)


def test_claim_rules_parse_and_binary():
    items = [
        item("PASS", record("PASS", ["direct_observation", "contradicted"], failed=["evidence.excerpt"]),
             claim_verifications={"c0": "direct_observation", "c1": "unsupported"},
             gatekeeper_failed_rules=["evidence.excerpt"], parse_status="valid"),
        item("LOW_CONFID", record("LOW_CONFID", [], failed=["contract.parse"], parse="malformed"),
             gatekeeper_failed_rules=["contract.parse", "evidence.excerpt"], parse_status="missing"),
    ]
    m = compute_metrics(items)
    assert m["claim_accuracy"] == 0.5
    assert m["claim_per_class"]["unsupported"]["recall"] == 0.0
    assert m["parse_status_accuracy"] == 0.5
    assert m["gatekeeper_exact_match"] == 0.5
    assert m["gatekeeper_per_rule"]["evidence.excerpt"]["recall"] == 0.5
    assert m["gatekeeper_rule_f1"] == pytest.approx(2 * 1 * (2 / 3) / (1 + 2 / 3))
    binary = [
        Scored("a", {"supported": True}, record("PASS", ["direct_observation"])),
        Scored("b", {"supported": False}, record("PASS", ["reasonable_inference"])),
        Scored("c", {"supported": False}, record("LOW_CONFID", ["overstated"])),
    ]
    assert compute_metrics(binary)["balanced_accuracy"] == pytest.approx((1 + 0.5) / 2)


def test_input_errors_are_counted_not_scored():
    m = compute_metrics([Scored("x", {"verdict": "PASS"}, {"input_error": "bad"}), item("PASS", record("PASS"))])
    assert m["input_errors"] == 1 and m["n"] == 1 and m["verdict_accuracy"] == 1.0
