"""分别 pairs the subjects a claim lists with the figures it lists after it, in order: "mq-a 和 mq-b 分别
重启了 5 次和 3 次" gives mq-a 5 and mq-b 3. Each subject's figure is read where the cited outputs give
that subject a value: its row (a line whose first cell it is) or its key ("p50=0.212s"). When a listed
figure is not the subject's there but another listed subject's, the pairs are swapped (soft: which
figure a 分别 pairs with which subject is a reading)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.arithmetic import matches_directly
from ..text.column_units import COLUMN_GAP
from ..text.normalize import contains_figure, fold
from ..text.tokens import numbers_with_places
from .keyed_values import pairs_of_key
from .trace_index import CallEvidence

_NAME = r"[a-z0-9][a-z0-9_.\-]*[a-z0-9]"
_SUBJECTS = re.compile(rf"(?<![a-z0-9_.\-])({_NAME})((?:\s?(?:、|和|与|及|以及)\s?{_NAME})+)")
_NEXT = re.compile(rf"\s?(?:、|和|与|及|以及)\s?({_NAME})")
_FIGURE = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
_MAX_LINES = 2_000


def respective_pairs_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The first listed figure that the cited outputs give to another listed subject and not to its own."""
    if "分别" not in claim_text:
        return None
    prepared, places = numbers_with_places(claim_text)
    folded = fold(prepared)
    at = folded.find("分别")
    clause_start = max(folded.rfind(c, 0, at) for c in "，。；;,\n") + 1
    lists = list(_SUBJECTS.finditer(folded, clause_start, at))
    if not lists:
        return None
    subjects = [lists[-1].group(1), *(m.group(1) for m in _NEXT.finditer(lists[-1].group(2)))]
    if any(s.replace(".", "").isdigit() or ":" in s for s in subjects):
        return None  # figures or clocks, not subjects (times are read by the series reading)
    clause_end = min((i for c in "，。；;\n" if (i := folded.find(c, at)) != -1), default=len(folded))
    figures = [n for start, _, n in places if at < start < clause_end and n.kind != "clock"]
    if len(figures) != len(subjects):
        return None
    keyed = {s: [p.value for ev in cited for p in pairs_of_key(ev, s)] for s in subjects}
    values = {s: [v.text for v in keyed[s]] + _row_values(s, cited) for s in subjects}
    for subject, number in zip(subjects, figures, strict=True):
        digits = _FIGURE.match(number.text.replace(",", ""))
        if digits is None or not values[subject]:
            continue
        written = digits.group(0)
        if any(contains_figure(v, written) for v in values[subject]):
            continue
        others = (o for o in subjects if o != subject)
        owner = next((o for o in others if any(contains_figure(v, written) for v in values[o])), None)
        if owner:
            return f"it pairs {number.text} with {subject} (分别), but the cited output gives it to {owner}"
        own = keyed[subject]
        if own and not any(matches_directly(number, [v]) for v in own):
            # "p50 和 p99 分别为 310ms 和 820ms" over "p90=820ms p99=1500ms": p99's own value is another
            return f"it pairs {number.text} with {subject} (分别), but the cited output gives {subject} {own[0].text}"
    return None


def _row_values(subject: str, cited: Sequence[CallEvidence]) -> list[str]:
    """The rest of each line of a cited table whose first cell is the subject (its row)."""
    found: list[str] = []
    for ev in cited:
        for line in ev.flat[: ev.out_end].split("\n", _MAX_LINES)[:_MAX_LINES]:
            cells = COLUMN_GAP.split(line.strip())
            if len(cells) >= 2 and cells[0] == subject:
                found.append("  ".join(cells[1:]))
    return found
