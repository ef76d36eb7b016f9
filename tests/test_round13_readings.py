"""What a thirteenth look found (issue 9).

- A change written as its own clause after a value at a time ("10:10 重启 3 次，比 10:00 少 1 次")
  compares the time before it: its figure is the change between the two times, not a value at the
  second one (hard: a number at a time).
- An English claim's word that is a glossary term ("failure", "database", "missing") is judged by its
  concept, which the cited output may carry in other words ("db query failed", "is undefined"): it is no
  new word (soft: wording)."""

from __future__ import annotations

import pytest
from test_round7_readings import _check

from groundcheck.programs.text.series import value_at_time_conflict

RESTARTS = '{"points": [["10:00", 4], ["10:05", 4], ["10:10", 3]]}'
LATENCY = '{"points": [["14:15", 1380], ["14:20", 705]]}'


@pytest.mark.parametrize("claim", [
    "10:10 重启了 3 次，比 10:00 少 1 次",
    "10:10 重启 3 次，较 10:00 少了 1 次",
    "10:10 为 3 次；比起 10:00 减少 1 次",
    "10:10 为 3 次，相比 10:00 下降了 25%",
    "14:20 P99 为 705ms，比 14:15 低 675ms",
    "14:20 P99 为 705ms，较 14:15 下降了 49%",
])
def test_a_change_in_its_own_clause_is_read_between_the_two_times(claim: str) -> None:
    assert value_at_time_conflict(claim, [RESTARTS, LATENCY]) is None


@pytest.mark.parametrize(("claim", "expected"), [
    ("10:10 重启了 3 次，比 10:00 多 1 次", "a fall, not a rise"),  # the wrong direction
    ("14:20 P99 为 705ms，比 14:15 高 675ms", "a fall, not a rise"),
    ("10:10 重启了 3 次，比 10:00 少 2 次", "gives 4 at 10:00"),  # no change between the times gives 2
    ("14:20 P99 为 705ms，较 14:15 下降了 60%", "gives 1380 at 14:15"),
])
def test_a_wrong_change_in_its_own_clause_is_still_a_conflict(claim: str, expected: str) -> None:
    assert expected in (value_at_time_conflict(claim, [RESTARTS, LATENCY]) or "")


def test_a_clause_that_does_not_open_with_the_comparing_word_keeps_its_own_time() -> None:
    # "，但 10:00 是 1 次": a value at 10:00 of its own, which the series contradicts
    assert "gives 4 at 10:00" in (value_at_time_conflict("10:10 重启 3 次，但 10:00 是 1 次", [RESTARTS]) or "")


DB_LOG = ("Java Network Exception:\nAll host(s) tried for db query failed (tried: prod-db:3333) - "
          "no available connection and the queue has reached its max size 256\n")
DB_QUOTE = "All host(s) tried for db query failed (tried: prod-db:3333)"
ENV_LOG = "Environment variable DEPLOY_ENV is undefined\n"


@pytest.mark.parametrize(("claim", "excerpt", "output"), [
    ("failure to connect to the database at prod-db:3333", DB_QUOTE, DB_LOG),
    ("The DEPLOY_ENV environment variable is undefined or missing", ENV_LOG.strip(), ENV_LOG),
])
def test_an_english_word_whose_glossary_concept_the_output_carries_is_no_new_word(claim, excerpt, output) -> None:
    verification, detail = _check(claim, excerpt, output, tool="query_logs")
    assert verification == "direct_observation", detail


@pytest.mark.parametrize(("claim", "word"), [
    # the concept is not in the output: the word is still new content
    ("The DEPLOY_ENV environment variable is undefined because the disk is full", "disk"),
    ("failure to connect to the database at prod-db:3333 after a certificate expiry", "certificate"),
])
def test_an_english_glossary_word_the_output_does_not_carry_is_still_flagged(claim, word) -> None:
    verification, detail = _check(claim, DB_QUOTE if "prod-db" in claim else ENV_LOG.strip(),
                                  DB_LOG if "prod-db" in claim else ENV_LOG, tool="query_logs")
    assert verification != "direct_observation"
    assert word in detail


def test_a_kubernetes_kind_word_is_not_carried_by_a_command_line_alone() -> None:
    # "kubectl get pod" in the echoed command names the kind, but no row says what the claim counts
    output = "Command executed: kubectl get pod -n test-1 | wc -l\n---\n14 results\n"
    verification, detail = _check("There are 14 pods in the test-1 namespace", "14 results", output)
    assert verification != "direct_observation"
    assert "pods" in detail


MEMORY_LOG = (
    "2025-06-13 13:12:53,047 WARNING  The application is suffering from memory pressure.\n"
    "2025-06-13 15:11:53,047 INFO     Memory pressure resolved.\n"
)
MEMORY_QUOTE = "2025-06-13 13:12:53,047 WARNING  The application is suffering from memory pressure."


def test_a_temporary_state_is_carried_by_its_later_recovery() -> None:
    verification, detail = _check("2025-06-13 The application temporarily suffered from memory pressure",
                                  MEMORY_QUOTE, MEMORY_LOG, tool="query_logs")
    assert verification == "direct_observation", detail


def test_a_temporary_state_with_no_recovery_in_the_output_is_still_new_content() -> None:
    output = MEMORY_LOG.splitlines()[0] + "\n"
    verification, detail = _check("2025-06-13 The application temporarily suffered from memory pressure",
                                  MEMORY_QUOTE, output, tool="query_logs")
    assert verification != "direct_observation"
    assert "temporar" in detail


SCHEDULER = ("Node-Selectors:              label=someLabel\nEvents:\n  Warning  FailedScheduling  38s   "
             "default-scheduler  0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector.\n")


def test_a_mismatch_is_carried_by_an_output_that_says_it_did_not_match() -> None:
    verification, detail = _check("node selector mismatch", "Node-Selectors:              label=someLabel",
                                  SCHEDULER, tool="kubectl_describe")
    assert verification == "direct_observation", detail
    verification, detail = _check("node selector mismatch", "Node-Selectors:              label=someLabel",
                                  SCHEDULER.splitlines()[0] + "\n", tool="kubectl_describe")
    assert verification != "direct_observation"
