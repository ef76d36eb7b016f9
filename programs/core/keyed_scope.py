"""A scope word over keys the cited output gives one value: "rsize/wsize 均为 1048576" over
"rsize=1048576,wsize=1048576", "三个成员 health 均为 1" over three members' `"health": 1`.

A soft judgement's excuse (spec §8): the keys the claim names before its scope word each stand in a cited
output with the value it gives after it, every time (and, where it counts them, that many times).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.arithmetic import matches_directly
from ..text.chinese_numerals import count_value
from ..text.normalize import fold
from ..text.tokens import NumberMention, extract_mentions, iter_numbers
from ..text.wording import part_start, search_scope
from .trace_index import CallEvidence

_KEY = re.compile(r"[a-z][a-z0-9_.]*[a-z0-9]")
_VALUE_AFTER = re.compile(r"\s?(?:为|是|等于|=)\s?")
_COUNT_BEFORE = re.compile(r"(\d{1,3}|[两二三四五六七八九十])\s?(?:个|台|条|项|份|组|块|张)")
_MAX_OCCURRENCES = 64


def keys_share_the_value(claim_text: str, cited: Sequence[CallEvidence]) -> bool:
    """The keys before the claim's scope word all hold the value after it in the cited outputs."""
    text = fold(claim_text)
    scope = search_scope(text)
    if scope is None:
        return False
    value_at = _VALUE_AFTER.match(text, scope.end())
    if value_at is None:
        return False
    figures = extract_mentions(text[value_at.end() : value_at.end() + 24]).numbers
    if not figures:
        return False
    value = figures[0]
    clause = part_start(text, scope.start())
    keys = _KEY.findall(text, clause, scope.start())
    if not keys:
        return False
    occurrences = 0
    for key in keys:
        values = _values_of(key, cited)
        if not values or not all(matches_directly(value, [v]) for v in values):
            return False
        occurrences += len(values)
    count = _COUNT_BEFORE.search(text, clause, scope.start())
    if count is None:
        return len(keys) >= 2  # "rsize/wsize 均为 …": the keys are the whole
    n = count_value(count.group(1))
    return n in (len(keys), occurrences)


def _values_of(key: str, cited: Sequence[CallEvidence]) -> list[NumberMention]:
    pattern = re.compile(rf"""(?<![\w.\-])["']?{re.escape(key)}["']?\s?[:=]\s?["']?(?=[\d\-+.])""")
    found: list[NumberMention] = []
    for ev in cited:
        text = ev.flat[: ev.text_end]  # (the output once: no decoded copy of its JSON strings)
        for m in pattern.finditer(text):
            numbers = iter_numbers(text[m.end() : m.end() + 32], 1)
            if numbers:
                found.append(numbers[0])
            if len(found) >= _MAX_OCCURRENCES:
                return found
    return found
