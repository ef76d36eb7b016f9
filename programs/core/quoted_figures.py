"""The figure a claim gives beside the one its quotes hold.

- A claim that gives one figure of a kind, whose quotes hold one figure of that kind, another one, while
  the figure it gives stands on a line of the quoted line's shape: "第二次 Full GC 停顿 2.87 秒" quoting the
  line of the 3120.871ms pause (2.87 s is the pause of the GC line before it).
- Keys its quotes pair with figures, given each other's figure: "4xx 请求 1447 次，5xx 请求 211 次"
  quoting "4xx     211" and "5xx     1447".

Soft judgements (contradicted): which figure a claim means by its quote is a reading.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.arithmetic import matches_directly
from ..text.normalize import contains_figure, contains_token, fold, line_shape
from ..text.tokens import NumberMention, extract_mentions, iter_numbers, numbers_with_places
from ..text.wording import CLAUSE_BREAK
from .trace_index import CallEvidence

# (no clock: "从 05:47:12 开始报 …" quoting the 06:03:40 line reads the message's first line)
_KINDS = frozenset({"seconds", "bytes", "ratio", "req/s", "cores", "count"})
_QUOTE_FIGURES = 16
_OF_SEVERAL = re.compile(r"最|峰值|分别|合计|总共|平均|之和|之间|范围|区间|差|比")


def figure_beside_its_quote(claim_text: str, quotes: Sequence[str], cited: Sequence[CallEvidence]) -> str | None:
    """The claim's one figure of a kind that is not the one figure of that kind on its quoted lines, but
    stands on another line of the cited output of a quoted line's shape (figures and ids apart), as a detail."""
    if not quotes or not cited or _OF_SEVERAL.search(claim_text):
        return None  # ("最长一次 3.12 秒" quoting the other pause: a figure of several lines, the quote one of them)
    # (a figure whose digits a quote writes is its quote's, most claims' figures: nothing to read further)
    joined = fold("\n".join(quotes))
    claimed = [n for n in extract_mentions(claim_text).numbers if n.kind in _KINDS]
    if not claimed or all(_written_in(n, joined) for n in claimed):
        return None
    lines = quoted_lines(quotes, cited)
    on_lines = "\n".join(lines)
    unwritten = {n.kind for n in claimed if not _written_in(n, on_lines)}  # (the rest are on its quoted lines)
    if not unwritten:
        return None
    every = [n for line in lines for n in iter_numbers(line, _QUOTE_FIGURES)]
    for kind in unwritten:
        said = [n for n in claimed if n.kind == kind]
        held = [n for n in every if n.kind == kind]
        if len(said) != 1 or len(held) != 1 or matches_directly(said[0], every):
            continue
        sibling = _sibling_line(said[0], {line_shape(line) for line in lines}, cited)
        if sibling:
            figure = said[0].text
            return f"it gives {figure} where its quoted line holds {held[0].text}: {figure} is the line {sibling!r}'s"
    return None


def _written_in(n: NumberMention, text: str) -> bool:
    """The figure's digits stand alone in the text ("2873.556" of "2873.556ms"; "12" is not in "3120.871")."""
    digits = _WRITTEN_DIGITS.match(n.text)
    return digits is not None and contains_figure(text, digits.group(0))


_WRITTEN_DIGITS = re.compile(r"\d+(?:\.\d+)?")


def quoted_lines(quotes: Sequence[str], cited: Sequence[CallEvidence]) -> list[str]:
    """The whole lines of the cited outputs each quote stands on (a quote may be cut inside a figure)."""
    lines: list[str] = []
    for quote in quotes:
        folded = fold(quote)
        for ev in cited:
            at = ev.flat.find(folded, 0, ev.text_end) if folded else -1
            if at != -1:
                start = ev.flat.rfind("\n", 0, at) + 1
                end = ev.flat.find("\n", at + len(folded), ev.text_end)
                lines.extend(ev.flat[start : end if end != -1 else ev.text_end].split("\n"))
                break
    return lines


_MAX_LINES = 5_000
_MIN_SHAPE = 8  # letters of a shape, its figures apart: "# #" is every table's row


def _sibling_line(figure: NumberMention, shapes: set[str], cited: Sequence[CallEvidence]) -> str | None:
    """A line of the cited outputs of one of the quoted lines' shapes that holds the figure."""
    shapes = {shape for shape in shapes if len(shape.replace("#", "").strip()) >= _MIN_SHAPE}
    if not shapes:
        return None
    for ev in cited:
        for line in ev.flat[: ev.text_end].split("\n", _MAX_LINES)[:_MAX_LINES]:
            if line_shape(line) in shapes and matches_directly(figure, iter_numbers(line, _QUOTE_FIGURES)):
                return line.strip()[:100]
    return None


# "4xx     211", "Rows_sent: 5", "evicted_keys:0", "active=48": a key and its figure in a quote (no host's port,
# "redis-cache-03:6379", nor a word before a figure, "took 820ms")
_KEYED = re.compile(
    r"(?<![\w.\-])(?:(?P<snake>[a-z][\w.\-]*_[\w.\-]*[a-z0-9]):"
    r"|(?P<key>[a-z][\w.\-]*[a-z0-9]|\dxx)(?:\s?=\s?|:\s+))(?=[\d.\-+])"
)
# "4xx     211": a row of two cells (a longer row is a table's: its cells are no key and value)
_TWO_CELLS = re.compile(r"\s*(?P<key>[a-z][\w.\-]*[a-z0-9]|\dxx)\s{2,}(?=[\d.\-+]\S*\s*$)")


def swapped_quoted_keys(claim_text: str, quotes: Sequence[str]) -> str | None:
    """A key the claim gives the figure its quotes pair with another of its keys, as a detail."""
    text, places = numbers_with_places(claim_text)
    folded = text.lower()
    pairs = _quoted_pairs(quotes, folded)
    if len(pairs) < 2:
        return None
    for key, own in pairs.items():
        at = _key_at(folded, key)
        if at == -1 or _IN_A_LIST.search(folded, max(0, at - 2), at) or "分别" in folded[at : at + 24]:
            continue  # "etcd-1、etcd-2 分别只有 0.0061 秒和 0.0058 秒": figures in the order of the keys
        stop = CLAUSE_BREAK.search(folded, at)
        end = stop.start() if stop else len(folded)
        later_keys = [k for k in pairs if k != key and (i := _key_at(folded, k, at + len(key))) != -1 and i < end]
        if later_keys:
            end = min(_key_at(folded, k, at + len(key)) for k in later_keys)
        figure = next((n for start, _, n in places if at + len(key) <= start < end and n.kind != "clock"), None)
        if figure is None or matches_directly(figure, [own]):
            continue
        others = [k for k, value in pairs.items() if k != key and matches_directly(figure, [value])]
        other = next((k for k in others if _key_at(folded, k) != -1), None)
        if other is not None:
            return f"it gives {key} {figure.text}, but its quotes give {key} {own.text} ({figure.text} is {other}'s)"
    return None


_NONZERO_AFTER = re.compile(r"[^，。；;,]{0,6}?(?:非零|非 0|不为 ?0|不是 ?0|不等于 ?0|大于 ?0|>\s?0(?![\d.]))")


def nonzero_of_a_zero_key(claim_text: str, quotes: Sequence[str]) -> str | None:
    """"rejected_connections 非零" quoting "rejected_connections:0": a key the claim says is not zero, which its
    quote gives as zero, as a detail."""
    if not any(word in claim_text for word in ("非", "不", "大于", ">")):
        return None
    folded = fold(claim_text)
    for key, value in _quoted_pairs(quotes, folded).items():
        at = _key_at(folded, key)
        if value.value == 0 and at != -1 and _NONZERO_AFTER.match(folded, at + len(key)):
            return f"it says {key} is not zero, which its quote gives as {value.text}"
    return None


_IN_A_LIST = re.compile(r"[、,，/和与及]\s?$")


def _quoted_pairs(quotes: Sequence[str], claim: str) -> dict[str, NumberMention]:
    """Each key of the quotes the (folded) claim names, and its figure; a key quoted with two figures (two
    snapshots) is no pair."""
    pairs: dict[str, NumberMention] = {}
    twice: set[str] = set()
    for quote in quotes:
        folded = fold(quote)
        two = _TWO_CELLS.match(folded)
        for m in [two] if two else _KEYED.finditer(folded):
            key = m.group("key") if two else m.group("snake") or m.group("key")
            if key not in claim:
                continue
            figures = iter_numbers(folded[m.end() :], 1)
            if figures and figures[0].kind != "clock":
                if key in pairs and pairs[key].value != figures[0].value:
                    twice.add(key)
                pairs.setdefault(key, figures[0])
    return {k: v for k, v in pairs.items() if k not in twice}


def _key_at(folded: str, key: str, start: int = 0) -> int:
    at = folded.find(key, start)
    while at != -1 and not contains_token(folded[max(0, at - 1) : at + len(key) + 1], key):
        at = folded.find(key, at + 1)
    return at
