"""A limit the claim says a cited call searched with ("按 ERROR 过滤、上限 10 条查询日志" over a call whose
arguments hold `limit: 10`): the query restated, no finding. Only the count keys of a query qualify, and
only after a limit word: a figure that is only in a call's arguments is otherwise never observed (spec §6)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..text.normalize import fold
from ..text.tokens import NumberMention

_LIMIT_KEYS = frozenset({
    "limit", "max_results", "max_lines", "max_count", "size", "top", "tail", "tail_lines", "lines", "head", "count",
    "max_hits", "page_size", "max_records",
})
_LIMIT_WORD = re.compile(
    r"(?:上限(?:为|是)?|最多(?:返回|取|查|拉取)?|限制(?:为|在)?|限定(?:为)?|limit\s?=?|tail\s?-?n?|head\s?-?n?"
    r"|--tail=?|size\s?=?|top\s?)\s?$"
)
_REACH = 12


def restated_query_limit(claim_text: str, number: NumberMention, arguments: Iterable[Mapping[str, Any]]) -> bool:
    """The number follows a limit word in the claim and is the value of a cited call's limit key."""
    if number.kind not in ("count", "plain") or not number.value.is_integer():
        return False
    folded = fold(claim_text)
    digits = str(int(number.value))
    at = folded.find(digits)
    while at != -1:
        if _LIMIT_WORD.search(folded, max(0, at - _REACH), at):
            break
        at = folded.find(digits, at + 1)
    if at == -1:
        return False
    return any(
        key.lower() in _LIMIT_KEYS and _as_int(value) == int(number.value)
        for args in arguments
        for key, value in args.items()
    )


def _as_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None
