"""Whose figure in a comma-separated listing (HAProxy's `show stat`, `kubectl … -o csv`-like dumps): "其中 app-01
最多，为 15" over rows whose 15 is app-04's. The comma-separated twin of `table_rows.other_row_conflict` (soft,
spec §8): a figure written after the one row subject a sentence part names, which that subject's row does not
hold and another row does."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from ..text.tokens import NumberMention, numbers_with_places
from ..text.wording import sentence_part
from .trace_index import CallEvidence

_MIN_FIELDS = 4
_MAX_LINES = 2_000


def csv_other_row_conflict(claim_text: str, entities: Sequence[str], cited: Sequence[CallEvidence]) -> str | None:
    """The first figure the claim writes after the one row subject of its sentence part that only other
    rows of a cited comma-separated listing hold, as a detail."""
    if not entities or not any("," in ev.flat for ev in cited):
        return None
    prepared, places = numbers_with_places(claim_text)
    for ev in cited:
        rows = ev.view("csv_rows", _csv_rows)  # once per call and session
        if len(rows) < 2:
            continue
        keyed = {e: [r for r in rows if e in r] for e in entities}
        for entity, own in keyed.items():
            if len(own) != 1:
                continue
            keys = [e for e, rows_of in keyed.items() if rows_of]  # the listing's subjects the claim names
            for figure in _figures_after(prepared, entity, keys, places):
                digits = _digits(figure)
                if digits is None or digits in own[0]:
                    continue
                showing = [r for r in rows if r is not own[0] and digits in r]
                if showing:
                    other = showing[0][own[0].index(entity)]  # the other row's cell in the subject's column
                    return (f"it gives {figure.text!r} to {entity!r}, which the cited listing shows on the row of "
                            f"{other!r}, not on {entity!r}'s")
    return None


def _csv_rows(ev: CallEvidence) -> list[list[str]]:
    """The rows of the modal field count (four or more) of the output's comma-separated lines, as cells."""
    lines = [line.strip() for line in ev.flat[: ev.out_end].split("\n", _MAX_LINES)[:_MAX_LINES]]
    rows = [[c.strip() for c in line.split(",")] for line in lines if line.count(",") >= _MIN_FIELDS - 1]
    rows = [r for r in rows if not r[0].startswith("#")]
    widths = Counter(len(r) for r in rows)
    if not widths:
        return []
    width = widths.most_common(1)[0][0]
    return [r for r in rows if len(r) == width]


def _figures_after(
    text: str, entity: str, subjects: Sequence[str], places: Sequence[tuple[int, int, NumberMention]]
) -> list[NumberMention]:
    """The figures after the entity's (first) mention, up to the end of its sentence part or the next subject
    of the listing it names ("app-01 的 5xx 为 12，高于 app-02 的 9": the 9 is app-02's)."""
    found = re.search(rf"(?<![a-z0-9]){re.escape(entity)}(?![a-z0-9])", text, re.IGNORECASE)
    if found is None:
        return []
    _, end = sentence_part(text, found.start())
    for other in subjects:
        later = re.search(rf"(?<![a-z0-9]){re.escape(other)}(?![a-z0-9])", text[found.end() : end], re.IGNORECASE)
        if other != entity and later is not None:
            end = found.end() + later.start()
    return [n for s, _, n in places if found.end() <= s < end and n.kind in ("plain", "count") and not n.decimals]


def _digits(figure: NumberMention) -> str | None:
    found = re.match(r"\d+", figure.text)
    return found.group(0) if found and figure.value.is_integer() else None

