"""Whose figure: a claim that gives a figure to a named key the cited output writes as `key=value`.

"ScanFilterAndProjectOperator 占 27.92GB" over `{HashBuilderOperator=27.92GB,
ScanFilterAndProjectOperator=612.40MB}` names a figure the output holds, but under another key, while
the claim's key has its own value there. A soft judgement (spec §8: which key a sentence means is a
reading, a model may overrule it); the rules backend reads it as `contradicted`.

Precision first: a conflict needs (1) the key named in the claim's clause before the figure, the last
key of the output named there, (2) every value the cited outputs give that key, of the figure's kind,
another one, none written in the claim, and (3) the figure written as the value of another key on a
line the claim's key does not label ("ledger rows=4120331" gives the rows to the ledger). A host
and its port ("pay-core:8080") and a digest ("e0f3…:429") are no key and value. Anything else is
unclear: None.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..text.arithmetic import matches_directly
from ..text.normalize import contains_token, fold
from ..text.tokens import NumberMention, extract_mentions, numbers_with_places
from ..text.wording import part_start
from .trace_index import CallEvidence

__all__ = ["keyed_value_conflict"]

# `Key=27.92GB`, `key: 612.40MB`, `"key": 812` (folded text); the key a name of letters, digits, _ . -
_PAIR = re.compile(r"(?<![\w.\-])([a-z_][\w.\-]{2,})\"?\s?[=:]\s?\"?(-?\d[\d.,]*(?:\s?[a-z%]{1,5})?)(?![\w.])")
_MIN_KEY = 4  # shorter names ("id", "pid", "cpu") are too common to tie a figure to
_REACH = 24  # characters from the key's end to its figure in the claim
_MAX_SCAN = 200_000
_PORT_DIGITS = 5
_DIGEST = re.compile(r"[0-9a-f]{6,}")
_COUNTS = frozenset({"plain", "count"})
# what may stand between a key and its value in a claim: "X 占 27.92GB", "X 为 812", "X: 3", "X 达到了 5"
_CONNECTOR = re.compile(
    r"\s?(?:的)?\s?(?:值|数值)?\s?(?:为|是|占|占用|占了|用了|达到|达到了|到了|有|等于|=|:|：)?\s?(?:约|大约)?\s?"
)
# a claim naming a key and then a figure in one clause: the cue before any output is read
_KEY_THEN_FIGURE = re.compile(r"[A-Za-z_][\w.\-]{3,}[^，。；,;\d]{0,24}\d")


class _Pair(NamedTuple):
    key: str
    value: NumberMention
    line: str


def keyed_value_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The first figure the claim gives a key that the cited outputs give another key, as a detail."""
    if _KEY_THEN_FIGURE.search(claim_text) is None:
        return None
    pairs = [p for ev in cited for p in ev.view("keyed_values", _keyed_values)]
    if not pairs:
        return None
    keys = {p.key for p in pairs if len(p.key) >= _MIN_KEY}
    text, places = numbers_with_places(claim_text)
    folded = fold(text)
    claimed = [n for _, _, n in places]
    for start, _, figure in places:
        if figure.kind == "clock" or figure.is_soft:
            continue
        key = _key_before(folded, start, keys)
        if key is None:
            continue
        # the key's own values of the figure's kind: "user_id = 1883021 的查询耗时 12.8 秒" gives no id 12.8 s
        own = [p.value for p in pairs if p.key == key and _same_kind(p.value, figure)]
        if not own or any(matches_directly(figure, [v]) for v in own):
            continue
        if any(matches_directly(n, [v]) for v in own for n in claimed):
            continue  # "user_id = 10023 的用户核销 551": the claim gives the key its own value already
        holders = sorted({
            p.key for p in pairs
            if p.key != key and matches_directly(figure, [p.value]) and not _labels_its_line(key, p.line, pairs)
        })
        if holders:
            return (
                f"it gives {figure.text} to {key!r}, which the cited output gives to {holders[0]!r} "
                f"({key!r} is {own[0].text})"
            )
    return None


def _labels_its_line(key: str, line: str, pairs: list[_Pair]) -> bool:
    """The key names the line's record rather than one of its fields ("ledger rows=4120331")."""
    return contains_token(line, key) and not any(p.key == key and p.line == line for p in pairs)


def _same_kind(a: NumberMention, b: NumberMention) -> bool:
    return a.kind == b.kind or (a.kind in _COUNTS and b.kind in _COUNTS)


def _key_before(folded: str, start: int, keys: set[str]) -> str | None:
    """The output's key named last before the figure at `start`, in its clause, ending within `_REACH`."""
    lo = part_start(folded, start)
    window = folded[lo:start]
    best: tuple[int, str] | None = None
    for key in keys:
        at = window.rfind(key)
        if at != -1 and len(window) - (at + len(key)) <= _REACH and (best is None or at > best[0]):
            best = (at, key)
    if best is None or not _CONNECTOR.fullmatch(window[best[0] + len(best[1]) :]):
        return None  # "records-lag-max 超过阈值 100000": another role stands between the key and the figure
    return best[1]


def _keyed_values(ev: CallEvidence) -> list[_Pair]:
    """Each `key=value` pair of the call's output (its first `_MAX_SCAN` characters), with its line."""
    text = ev.flat[: min(ev.out_end, _MAX_SCAN)]
    found = []
    for m in _PAIR.finditer(text):
        key, written = m.group(1), m.group(2)
        port = ("-" in key or "." in key) and written.isdigit() and len(written) <= _PORT_DIGITS
        if port or _DIGEST.fullmatch(key) or ".." in key:
            continue  # a host and its port ("pay-core:8080"), a digest or an elided one ("sha256:7e0f...: 429")
        numbers = extract_mentions(written).numbers
        if numbers:
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.end())
            found.append(_Pair(key, numbers[0], text[line_start : line_end if line_end != -1 else len(text)]))
    return found
