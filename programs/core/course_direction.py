"""Which way a change went: a claim's course "从 A 到 B" over a cited line that writes the same two
figures the other way round, the new one first and the old one marked as such ("rules=2417 (previous
revision=r1842 rules=312)") or by an arrow ("maxmemory 4gb -> 2gb"). "规则数从 2417 条精简到 312 条"
there names both figures the line holds and turns the change around. A soft judgement (spec §8: which
figure a line means as the earlier is a reading, a model may overrule it); the rules backend reads it
as `contradicted`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.normalize import contains_figure
from ..text.own_arithmetic import from_to_before
from ..text.tokens import numbers_with_places, written_figure
from .trace_index import CallEvidence

# where a line starts to speak of the earlier state: "(previous revision=r1842 rules=312)", "old: 3"
_EARLIER = re.compile(r"\b(?:previous|prev|old|was|before|last)\b|原值|之前|旧")
_EARLIER_END = re.compile(r"[)）;；]|\bnow\b|\bnew\b|\bcurrent\b")
_ARROW = r"\s*[a-z%]{0,5}\s*(?:->|→|=>|⇒)\s*"
_MAX_LINES = 2_000
_MAX_CHARS = 200_000


def reversed_course_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The first course of the claim that a cited line writes the other way round, as a detail."""
    if "从" not in claim_text:
        return None
    courses = _courses(claim_text)
    if not courses:
        return None
    for ev in cited:
        text = ev.flat[: min(ev.out_end, _MAX_CHARS)]
        for earlier, later in courses:
            if not (contains_figure(text, earlier) and contains_figure(text, later)):
                continue  # cheap: most outputs hold neither figure
            for line in text.split("\n", _MAX_LINES)[:_MAX_LINES]:
                if _turned(line, earlier, later):
                    return (f"it says the change went from {earlier} to {later}, but the cited output writes "
                            f"{later} as the earlier figure and {earlier} as the later")
    return None


def _courses(claim_text: str) -> list[tuple[str, str]]:
    """The digits of each "从 A 到 B" course of the claim whose figures differ."""
    prepared, places = numbers_with_places(claim_text)
    found = []
    for start, _, _ in places:
        course = from_to_before(prepared, places, start + 1)
        if course is None:
            continue
        a, b = (written_figure(n) for n in course)
        if a and b and a != b and (a, b) not in found:
            found.append((a, b))
    return found


def _turned(line: str, earlier: str, later: str) -> bool:
    """The line writes `later` as the earlier figure and `earlier` as the later one."""
    if not (contains_figure(line, earlier) and contains_figure(line, later)):
        return False
    arrow = re.search(rf"(?<![\d.]){re.escape(later)}{_ARROW}{re.escape(earlier)}(?![\d.])", line)
    if arrow:
        return re.search(rf"(?<![\d.]){re.escape(earlier)}{_ARROW}{re.escape(later)}(?![\d.])", line) is None
    mark = _EARLIER.search(line)
    if mark is None:
        return False
    stop = _EARLIER_END.search(line, mark.end())
    before_part = line[mark.end() : stop.start() if stop else len(line)]
    now_part = line[: mark.start()] + " " + (line[stop.start() :] if stop else "")
    return (contains_figure(before_part, later) and not contains_figure(before_part, earlier)
            and contains_figure(now_part, earlier) and not contains_figure(now_part, later))
