"""The span between two events the claim names: "从 +odown 到 +switch-master 间隔约 12.3 秒" over lines
stamped 10:00:02.110 and 10:00:13.517 (11.4 s apart; 12.3 s is the gap from +sdown). A duration is located
when any two clocks of the cited outputs give it; when the claim names the two ends, by words each found on
one stamped line of its cited outputs, the span must be theirs. Soft (spec §8): which line an end names is
a reading; the rules backend reads a wrong span as `contradicted`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.arithmetic import tolerance
from ..text.normalize import contains_token, fold
from ..text.tokens import numbers_with_places
from ..text.wording import sentence_part
from .trace_index import CallEvidence

# "从 +odown 到 +switch-master", "从 sdown 至 failover-end": each end one Latin word (signs and dashes allowed)
_FROM_TO = re.compile(r"从\s?([+\-]?[a-z][a-z0-9_.\-]{2,40})\s?(?:到|至)\s?([+\-]?[a-z][a-z0-9_.\-]{2,40})")
# a stamp near the start of a line: "2026-03-14T10:00:02.110+08:00", "[10:00:02,110]", "Mar 14 10:00:02"
_LINE_STAMP = re.compile(r"(?:(\d{4}-\d{2}-\d{2})[t ])?(\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,6}))?")
_STAMP_REACH = 40
_MAX_LINES = 2_000


def named_span_conflict(claim_text: str, cited: Sequence[CallEvidence], quotes: Sequence[str]) -> str | None:
    """The detail when a duration the claim gives between two named events is not the span between the
    stamped lines that name them; None when the claim names no such pair or a line is not found once."""
    if "从" not in claim_text or not cited:
        return None
    prepared, places = numbers_with_places(claim_text)
    lowered = prepared.lower()
    for start, _, number in places:
        if number.kind != "seconds":
            continue
        part_from, _ = sentence_part(prepared, start)
        ends = _FROM_TO.search(lowered, part_from, start)
        if ends is None:
            continue
        first, second = (_stamp_of(word, cited, quotes) for word in ends.groups())
        if first is None or second is None or first[0] != second[0] or first[2] == second[2]:
            continue  # an end not on one stamped line, the two on different days, or both on one line (one event)
        span = abs(second[1] - first[1])
        if abs(span - number.value) > max(tolerance(number), 0.05 * number.value):
            return (
                f"it gives {number.text} from {ends.group(1)!r} to {ends.group(2)!r}, but the lines naming them are "
                f"{span:.3g} s apart"
            )
    return None


def _stamp_of(word: str, cited: Sequence[CallEvidence], quotes: Sequence[str]) -> tuple[str, float, str] | None:
    """The day, second of day and line of the one stamped line naming `word` (the quoted one when several do)."""
    lines = [line for ev in cited for line in _lines_naming(ev.flat[: ev.out_end], word)]
    if len(lines) > 1:
        folded = [fold(q) for q in quotes]
        lines = [line for line in lines if any(q and (q in line or line in q) for q in folded)]
    if len(lines) != 1:
        return None
    stamp = _LINE_STAMP.search(lines[0], 0, _STAMP_REACH)
    if stamp is None:
        return None
    day, hours, minutes, seconds, fraction = stamp.groups()
    value = int(hours) * 3600 + int(minutes) * 60 + int(seconds) + (float(f"0.{fraction}") if fraction else 0.0)
    return day or "", value, lines[0]


def _lines_naming(flat: str, word: str) -> list[str]:
    found: list[str] = []
    at = flat.find(word)
    while at != -1 and len(found) < _MAX_LINES:
        start, end = flat.rfind("\n", 0, at) + 1, flat.find("\n", at)
        end = end if end != -1 else len(flat)
        line = flat[start:end]
        if _token_at(line, word):
            found.append(line)
        at = flat.find(word, end)
    return found


def _token_at(line: str, word: str) -> bool:
    if word[0] in "+-":  # "+odown": the sign is part of the event's name, not a boundary
        return re.search(rf"(?<![\w+\-]){re.escape(word)}(?![\w\-])", line) is not None
    return contains_token(line, word)
