"""What a thirteenth look found (issue 9). A change written as its own clause after a value at a time
("10:10 重启 3 次，比 10:00 少 1 次") compares the time before it: its figure is the change between
the two times, not a value at the second one."""

from __future__ import annotations

import pytest

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
