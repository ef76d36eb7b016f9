"""A reading that fails on an unforeseen input costs the session its PASS, never the verification
(spec §8: nothing crashes). The seventh audit's crash (a "Total memory used" line beside 内存占满) is
kept as a case."""

from __future__ import annotations

import logging

import pytest
from test_meaning_classes import session

from groundcheck.programs.core import pipeline
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.glossary import at_limit

HONEST = session("payment-svc 的 HikariPool-1 拿不到连接", "Connection is not available",
                 "ERROR HikariPool-1 - Connection is not available, request timed out after 30000ms\n",
                 arguments={"service": "payment-svc"})


def test_an_honest_session_passes_when_nothing_fails():
    assert verify_session(HONEST).verdict == "PASS"


def test_a_failing_evidence_layer_leaves_every_claim_unverified(monkeypatch: pytest.MonkeyPatch):
    def broken(*_args, **_kwargs):
        raise StopIteration("a reading met an input it did not foresee")

    monkeypatch.setattr(pipeline, "assess_claims", broken)
    record = verify_session(HONEST)
    assert record.verdict == "LOW_CONFID"
    assert all(c.verification == "unsupported" and "evidence layer failed" in c.detail for c in record.claim_checks)


def test_failing_answer_facts_leave_the_answer_unverified(monkeypatch: pytest.MonkeyPatch):
    def broken(*_args, **_kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(pipeline, "extra_answer_facts", broken)
    record = verify_session(HONEST)
    assert record.verdict == "LOW_CONFID"
    assert any(f.source == "user_facing_answer" and f.classification == "no_evidence" for f in record.facts_checked)
    assert all(c.verification == "direct_observation" for c in record.claim_checks)  # the claims are read


def test_a_total_used_line_that_is_no_table_is_no_used_up_row():
    rabbit = "Total memory used: 6.4132 gb\nMemory high watermark setting: 0.4 of available memory\n"
    assert not at_limit(rabbit)
    record = verify_session(session("rabbit-0 的内存占满了，已用 6.4132 gb", "Total memory used: 6.4132 gb", rabbit,
                                    tool="rabbitmqctl", arguments={"host": "rabbit-0"}))
    # the audit's crash: the claim is read (占满 is carried by no used-up row) instead of raising
    assert record.claim_checks[0].verification != "direct_observation"
    assert "evidence layer failed" not in record.claim_checks[0].detail


@pytest.mark.parametrize("figure", ["1" * 5000 + "分半", f"端口 {'1' * 5000}-{'1' * 5000}2 共 3 个",
                                    "每 " + "1" * 5000 + " 个请求就有 4 个失败，约 41%", "1" * 5000 + " 条都失败"])
def test_a_run_of_thousands_of_digits_costs_no_crash(figure, caplog):
    s = session(f"payment-svc {figure}", "Connection is not available",
                "ERROR HikariPool-1 - Connection is not available\n", arguments={"service": "payment-svc"},
                answer=f"payment-svc {figure}。")
    with caplog.at_level(logging.ERROR):
        record = verify_session(s)
    assert record.verdict in ("LOW_CONFID", "REJECT")  # the figure is nowhere: never a PASS
    # read by the readings themselves, not caught as a failure of the evidence layer or the answer facts
    assert "evidence layer failed" not in record.claim_checks[0].detail
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
