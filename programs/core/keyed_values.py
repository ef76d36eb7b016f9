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
from ..text.units import readings
from ..text.wording import part_start
from .trace_index import CallEvidence

__all__ = ["keyed_value_conflict", "pairs_of_key"]

# after a key in the folded output, its value: `=27.92GB`, `: 612.40MB`, `": 812`
_SEPARATOR = r"\"?\s?[=:]\s?\"?"
_VALUE_GROUP = r"(-?\d[\d.,]*(?:\s?[a-z%]{1,5})?)(?![\w.])"
_LEADING = re.compile(r"\d+")
# a name in a claim that an output may write as a key: letters, digits, _ . -
_NAME = re.compile(r"(?<![\w.\-])[a-z_][\w.\-]*")
_MAX_KEY = 64
_MIN_KEY = 4  # shorter names ("id", "pid", "cpu") are too common to tie a figure to
_REACH = 24  # characters from the key's end to its figure in the claim
_MAX_SCAN = 200_000
_PORT_DIGITS = 5
_DIGEST = re.compile(r"[0-9a-f]{6,}")
_COUNTS = frozenset({"plain", "count"})
# what may stand between a key and its value in a claim: "X 占 27.92GB", "X 为 812", "X: 3", "X 达到了 5"
_CONNECTOR_WORDS = (
    r"\s?(?:的)?\s?(?:值|数值)?\s?(?:为|是|占|占用|占了|用了|达到|达到了|到了|有|等于|=|:|：)?\s?(?:约|大约)?\s?"
)
_CONNECTOR = re.compile(_CONNECTOR_WORDS)
# a claim naming a key and then, with only a connector between, a figure: the cue before any output is read
# (its first letter before the look-behind that tests what precedes it: the engine then skips ahead to
# letters in C; `(?<![\w.\-])[A-Za-z_]` and `[A-Za-z_](?<![\w.\-][A-Za-z_])` match at the same places)
_KEY_THEN_FIGURE = re.compile(r"[A-Za-z_](?<![\w.\-][A-Za-z_])[\w.\-]{3,}(?![\w.\-])" + _CONNECTOR_WORDS + r"-?\d")
# the other order: a figure, then 的 and the key it is the value of ("比 40 秒的 timeout 长 13 秒")
_FIGURE_THEN_KEY = re.compile(r"\d\s?[^\d\s，,。；;、]{0,3}?\s?的\s?[A-Za-z_][\w.\-]{3,}")
_KEY_AFTER = re.compile(r"\s?的\s?([a-z_][\w.\-]*)(?![\w.\-])")


class _Pair(NamedTuple):
    key: str
    value: NumberMention
    line: str


def keyed_value_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The first figure the claim gives a key that the cited outputs give another key, as a detail."""
    if _KEY_THEN_FIGURE.search(claim_text) is None and _FIGURE_THEN_KEY.search(claim_text) is None:
        return None
    text, places = numbers_with_places(claim_text)
    folded = fold(text)
    claimed = [n for _, _, n in places]
    for start, end, figure in places:
        if figure.kind == "clock" or figure.is_soft:
            continue
        # "3 个 broker 的 ISR": a count of the key's things, not its value
        key = _key_before(folded, start) or (_key_after(folded, end) if figure.kind not in _COUNTS else None)
        if key is None:
            continue
        # the key's own values of the figure's kind: "user_id = 1883021 的查询耗时 12.8 秒" gives no id 12.8 s
        own_pairs = [p for ev in cited for p in _pairs_named(ev, key) if _same_kind(p.value, figure)]
        own = [p.value for p in own_pairs]
        own_keys = {p.key for p in own_pairs}
        if not own or any(matches_directly(figure, [v]) for v in own):
            continue
        if any(matches_directly(n, [v]) for v in own for n in claimed):
            continue  # "user_id = 10023 的用户核销 551": the claim gives the key its own value already
        holders = sorted({
            p.key for ev in cited for p in _pairs_holding(ev, figure)
            if p.key not in own_keys and p.key != key and matches_directly(figure, [p.value])
            and not _labels_its_line(key, p.line, ev)
        })
        if holders:
            return (
                f"it gives {figure.text} to {key!r}, which the cited output gives to {holders[0]!r} "
                f"({own_pairs[0].key!r} is {own[0].text})"
            )
    return None


def _labels_its_line(key: str, line: str, ev: CallEvidence) -> bool:
    """The key names the line's record rather than one of its fields ("ledger rows=4120331")."""
    return contains_token(line, key) and not any(p.line == line for p in _pairs_named(ev, key))


def _same_kind(a: NumberMention, b: NumberMention) -> bool:
    return a.kind == b.kind or (a.kind in _COUNTS and b.kind in _COUNTS)


def _key_before(folded: str, start: int) -> str | None:
    """The name right before the figure at `start` in its clause, with only a connector between
    ("X 占 27.92GB"), ending within `_REACH`; None when another word stands between."""
    tail = folded[max(part_start(folded, start), start - _REACH - _MAX_KEY) : start]
    names = list(_NAME.finditer(tail))
    last = names[-1] if names else None
    if last is None or len(tail) - last.end() > _REACH or not _CONNECTOR.fullmatch(tail[last.end() :]):
        return None  # "records-lag-max 超过阈值 100000": another role stands between the key and the figure
    return last.group(0) if len(last.group(0)) >= _MIN_KEY else None


def _key_after(folded: str, end: int) -> str | None:
    """The name after the figure ending at `end`, joined to it by 的 only ("40 秒的 timeout"); None
    otherwise. The figure's unit is part of its span already."""
    m = _KEY_AFTER.match(folded, end)
    if m is None or len(m.group(1)) < _MIN_KEY or len(m.group(1)) > _MAX_KEY:
        return None
    return m.group(1)


def _pairs_named(ev: CallEvidence, key: str) -> list[_Pair]:
    """The pairs of the key; where the output writes no such key, those of the keys it ends
    ("timeout" of `statement_timeout=30s`, "wait" of `pool.wait=40s`)."""
    return pairs_of_key(ev, key) or _pairs_ending_in(ev, key)


def _pairs_ending_in(ev: CallEvidence, key: str) -> list[_Pair]:
    memo: dict[tuple[str, str], list[_Pair]] = ev.view("keyed_values", lambda _: {})
    if ("last part", key) not in memo:
        name = rf"(?<![\w.\-])([a-z_][\w.\-]*[_.\-]{re.escape(key)})"
        memo[("last part", key)] = _pairs(ev, re.compile(name + _SEPARATOR + _VALUE_GROUP))
    return memo[("last part", key)]


def pairs_of_key(ev: CallEvidence, key: str) -> list[_Pair]:
    """The `key=value` pairs of one key in the call's output, once per call and key."""
    memo: dict[tuple[str, str], list[_Pair]] = ev.view("keyed_values", lambda _: {})
    if ("key", key) not in memo:
        pattern = re.compile(rf"(?<![\w.\-])({re.escape(key)})" + _SEPARATOR + _VALUE_GROUP)
        memo[("key", key)] = _pairs(ev, pattern)
    return memo[("key", key)]


def _pairs_holding(ev: CallEvidence, figure: NumberMention) -> list[_Pair]:
    """The pairs of the call's output whose value is written with the figure's digits."""
    digits = _LEADING.match(figure.text)
    if digits is None:
        return []
    memo: dict[tuple[str, str], list[_Pair]] = ev.view("keyed_values", lambda _: {})
    if ("value", digits.group(0)) not in memo:
        lookahead = rf"(?={re.escape(digits.group(0))})"
        pattern = re.compile(r"(?<![\w.\-])([a-z_][\w.\-]{2,})" + _SEPARATOR + lookahead + _VALUE_GROUP)
        memo[("value", digits.group(0))] = _pairs(ev, pattern)
    return memo[("value", digits.group(0))]


def _is_port(key: str, written: str) -> bool:
    """A host's port after its name ("pay-core:8080"): a short whole number, bare or followed by a word that
    is no unit ("etcd-0:2379 is healthy" reads "2379 is"; "1500 ms" is a value)."""
    figure = _LEADING.match(written)
    if figure is None or len(figure.group(0)) > _PORT_DIGITS or ("-" not in key and "." not in key):
        return False
    rest = written[figure.end() :]
    return rest == "" or (rest.startswith(" ") and not readings(rest.strip()))


def _pairs(ev: CallEvidence, pattern: re.Pattern[str]) -> list[_Pair]:
    text = ev.flat[: min(ev.out_end, _MAX_SCAN)]
    found = []
    for m in pattern.finditer(text):
        key, written = m.group(1), m.group(2)
        if _is_port(key, written) or _DIGEST.fullmatch(key) or ".." in key:
            continue  # a host and its port ("pay-core:8080"), a digest or an elided one ("sha256:7e0f...: 429")
        numbers = extract_mentions(written).numbers
        if numbers:
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.end())
            found.append(_Pair(key, numbers[0], text[line_start : line_end if line_end != -1 else len(text)]))
    return found
