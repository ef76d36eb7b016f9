"""Judging words a text's own figures back: "打满" over "98.7%", "基本写满" over 1071598120 of 1073741824.

A judging word ("打满", "占满", "负载过高") said of figures the same clause gives adds no fact of its own:
the figures are checked where they are located, and a share of at least 90% of a whole, or a part of
at least 90% of a limit, is what the word says. Claims and answer sentences read it alike.
"""

from __future__ import annotations

import re

from ..text.glossary import claim_analysis, compact
from ..text.tokens import extract_mentions
from ..text.wording import CLAUSE_BREAK, part_start

__all__ = ["EVALUATIVE", "judged_by_its_figures"]

# words that judge a figure ("打满", "占满", "负载过高"): said of figures the sentence gives, they add no fact
EVALUATIVE = frozenset(
    {"saturation", "exhausted", "disk_full", "high_load", "cpu_high", "memory_high", "traffic_spike"}
)
_SPIKE_FACTOR = 3  # "10:10 只有 2.1 个/秒，10:15 飙升到 3120.5 个/秒": a rise to at least three times
_NEAR_FULL = 0.9


def judged_by_its_figures(sentence: str, concept_ids: tuple[str, ...], pairs_anywhere: bool = False) -> bool:
    """"CPU … 11:15 达到 98.7%，一直处于打满状态", "老年代占了约 3.68 GiB，而最大堆只有 4 GiB，约 92% 被占满":
    a judging word over a share of at least 90% the text states, or two of its figures of one kind
    the smaller of which is at least 90% of the other (each figure checked on its own). With
    `pairs_anywhere` (a claim: one finding), the two figures may stand anywhere in the text ("内存上限
    1073741824 字节，已用 1071598120 字节，基本写满"); a share still must be the judging clause's own."""
    if "traffic_spike" in concept_ids:
        return _spike_in_its_figures(sentence)
    if not EVALUATIVE.intersection(concept_ids):
        return False
    clause = _judging_clause(sentence, concept_ids)
    numbers = [n for n in extract_mentions(clause).numbers if n.kind != "clock" and n.value > 0]
    if any(n.kind == "ratio" and n.value >= _NEAR_FULL for n in numbers):
        return True
    if pairs_anywhere:
        numbers = [n for n in extract_mentions(sentence).numbers if n.kind not in ("clock", "ratio") and n.value > 0]
    # bare counts compare only beside a limit word ("491 个连接，max_connections 是 500", "100 … 上限 100")
    counted = ("count", "plain")
    limit = _LIMIT_WORD.search(sentence) is not None
    return any(
        a is not b
        and (a.kind == b.kind or (a.kind in counted and b.kind in counted))
        and (a.kind not in counted or limit)
        and a.kind != "ratio"
        and _NEAR_FULL <= a.value / b.value <= 1
        for a in numbers for b in numbers
    )


def _spike_in_its_figures(sentence: str) -> bool:
    """"飙升 / 激增" over figures of one kind the sentence gives in order, a later one at least three times an
    earlier one (each figure checked on its own)."""
    numbers = [n for n in extract_mentions(sentence).numbers if n.kind != "clock" and n.value > 0]
    return any(
        b.kind == a.kind and b.value >= _SPIKE_FACTOR * a.value
        for i, a in enumerate(numbers) for b in numbers[i + 1 :]
    )


_LIMIT_WORD = re.compile(r"上限|最大|max|limit|容量|配额|预留", re.IGNORECASE)


_LATIN = re.compile(r"[a-z]")


def _judging_clause(sentence: str, concept_ids: tuple[str, ...]) -> str:
    """The judging word's clause, and the clause before it when the judging clause names no resource of
    its own: the figures it judges ("…11:15 达到 98.7%，一直处于打满状态"), not those of another resource
    ("成功率 99%，磁盘已经写满" judges no disk figure)."""
    text = compact(sentence)
    m = next((m for m in claim_analysis(text).mentions if m.concept_ids == concept_ids), None)
    if m is None:
        return text
    own = part_start(text, m.start)
    # the clause before counts only when the judging clause names no resource of its own ("，一直处于打满状态")
    names_its_own = claim_analysis(text[own : m.start]).mentions or _LATIN.search(text, own, m.start)
    start = part_start(text, own - 1) if own > 0 and not names_its_own else own
    end = CLAUSE_BREAK.search(text, m.end)
    return text[start : end.start() if end else len(text)]
