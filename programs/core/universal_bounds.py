"""A bound the claim says every value of a subject meets: "Young GC 停顿都在 50ms 以内" over a cited line
"Pause Young … 61.004ms". A log line of a cited output that names the subject (every Latin word the clause
gives it) and whose values of the figure's kind all break the bound contradicts the claim. Soft: which
lines the subject names is a reading. Bare figures are never read (a count, a port and an id look alike).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ..text.normalize import contains_token
from ..text.tokens import NumberMention, iter_numbers, numbers_with_places
from ..text.wording import part_start
from .number_bounds import Bound, bound_of
from .trace_index import CallEvidence

_UNIT_KINDS = frozenset({"seconds", "bytes", "ratio", "req/s", "cores"})
# "都在 50ms 以内", "均低于 80%", "每次都不超过 2 秒": the scope word a few characters before the figure
_SCOPE_BEFORE = re.compile(r"(?:都|均|全部|全都|一律|始终|每次|所有)[^，。；;,\d]{0,8}$")
_SUBJECT_WORD = re.compile(r"[a-z][a-z0-9_\-]{1,}", re.IGNORECASE)
_UNIT_WORDS = frozenset({"ms", "s", "us", "mb", "gb", "kb", "mib", "gib", "kib", "qps", "rps"})  # no subject
_MAX_LINE = 2_000
# a log line: stamped near its start ("[2026-11-30T09:41:55.902+0800]"); a table's row ("cpu  3800m (95%)", a
# node's requests) holds other measures of the subject
_STAMPED = re.compile(r"\d{1,2}:\d{2}:\d{2}")
_STAMP_REACH = 48
_MAX_NUMBERS = 40


def universal_bound_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    if not cited or not any(w in claim_text for w in ("都", "均", "全", "一律", "始终", "每次", "所有")):
        return None
    text, places = numbers_with_places(claim_text)
    for start, _, number in places:
        if number.kind not in _UNIT_KINDS:
            continue
        clause = part_start(text, start)
        scope = _SCOPE_BEFORE.search(text, clause, start)
        if scope is None:
            continue
        bound = bound_of(claim_text, number)
        if bound is None:
            continue
        words = (w.lower() for w in _SUBJECT_WORD.findall(text, clause, scope.start()))
        subject = [w for w in words if w not in _UNIT_WORDS]
        if not subject:
            continue
        broken = _line_breaking(bound, number, subject, cited)
        if broken:
            named = " ".join(subject)
            return f"it says every {named} value is within {number.text}, but a cited line is not: {broken!r}"
    return None


def _line_breaking(
    bound: Bound, number: NumberMention, subject: list[str], cited: Sequence[CallEvidence]
) -> str | None:
    below = abs(bound.high - number.value) <= 1e-9 * max(1.0, abs(number.value))
    for line in _subject_lines(subject, cited):
        values = [n.value for n in iter_numbers(line, _MAX_NUMBERS) if n.kind == number.kind]
        if values and not any((v <= bound.high) if below else (v >= bound.low) for v in values):
            return line.strip()[:120]
    return None


def _subject_lines(subject: list[str], cited: Sequence[CallEvidence]) -> Iterator[str]:
    first = subject[0]
    for ev in cited:
        flat = ev.flat[: ev.out_end]
        at = flat.find(first)
        while at != -1:
            start, end = flat.rfind("\n", 0, at) + 1, flat.find("\n", at)
            end = end if end != -1 else len(flat)
            line = flat[start:end]
            stamped = _STAMPED.search(line, 0, _STAMP_REACH) is not None
            if len(line) <= _MAX_LINE and stamped and all(contains_token(line, w) for w in subject):
                yield line
            at = flat.find(first, end)
