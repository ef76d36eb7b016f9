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
    "limit", "max_results", "max_lines", "max_count", "tail", "tail_lines", "head", "max_hits", "page_size",
    "max_records",
})
# a call that searched: the limit is of its results ("max_connections 限制为 100" names no query's limit)
_QUERY_KEYS = frozenset({"query", "filter", "sql", "selector", "expr", "search", "pattern", "q", "keyword", "grep"})
_LIMIT_WORD = re.compile(
    r"(?:上限(?:为|是)?|最多(?:返回|取|查|拉取)?|limit\s?=?|tail\s?-?n?|head\s?-?n?|--tail=?)\s?$"
)
_REACH = 12


def restated_query_limit(claim_text: str, number: NumberMention, arguments: Iterable[Mapping[str, Any]]) -> bool:
    """Every place the claim writes the number follows a limit word (a figure written again as a finding,
    "上限 10 条…超时共 10 次", is no limit), and it is the value of the limit key of a cited call that searched."""
    if number.kind not in ("count", "plain") or not number.value.is_integer():
        return False
    folded = fold(claim_text)
    places = [m.start() for m in re.finditer(rf"(?<![\d.]){int(number.value)}(?![\d.])", folded)]
    if not places or not all(_LIMIT_WORD.search(folded, max(0, at - _REACH), at) for at in places):
        return False
    return any(
        key.lower() in _LIMIT_KEYS and _as_int(value) == int(number.value)
        for args in arguments if any(k.lower() in _QUERY_KEYS for k in args)
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
