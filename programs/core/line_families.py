"""Counts and figures read off the lines of a cited log: what an operator works out by counting lines.

"这段日志里共有 19 次结账页面请求" quoting one "Page rendered in 10.01 seconds." line, "/metrics 抓取请求共
86 次", "发往 10.31.8.21 和 10.31.8.23 的 14 条请求均为 200": the count is the number of lines of the cited
output that are of the quoted line's family, or that hold what the claim's clause names. "平均约 8.1 秒",
"其中 11 次不低于 9 秒": the figures at one place of those lines, averaged or counted under a bound.

A line's family is its shape with every run of digits masked ("page rendered in #.# seconds."): the
lines a log prints from one statement. The operands are the output's own lines, so what these readings
locate is a fact of the trace (spec §7: a number that follows by simple arithmetic), a hard reading
like the literal search; a count none of them gives stays as absent as before.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from ..text.arithmetic import tolerance
from ..text.dates import without_leading_timestamp
from ..text.normalize import contains_token, fold
from ..text.tokens import NumberMention, extract_mentions, is_quantity, iter_numbers, numbers_with_places
from ..text.wording import sentence_part
from .number_bounds import Bound, bound_of
from .scope_shown import scope_bound
from .table_columns import columns_with_units
from .table_rows import first_lines
from .trace_index import CallEvidence

_MAX_LINES = 5_000
_MIN_SHAPE = 12  # characters of a quote's shape that single out its family
_MIN_COUNT = 2
_MAX_KEYS = 6
_DIGITS = re.compile(r"\d+")
_JOINED = re.compile(r"\s*(?:和|与|及|、|跟|或|或者|,|，)\s*")
_LATIN_PHRASE = re.compile(r"[a-z][a-z0-9_./:-]*(?: [a-z0-9_./:-]+){1,8}")
_COUNT_WORD = re.compile(r"\s?(?:条|次|个|行|笔|起|例|回)")


def counted_lines(text: str, number: NumberMention, cited: Sequence[CallEvidence], quotes: Sequence[str]) -> bool:
    """The figure is a count of lines of a cited output: of a quote's family, or of the lines holding
    what the clause of the count names (its names and figures; those it joins by 和 / 、 are either)."""
    if number.kind not in ("count", "plain") or number.decimals or not is_quantity(number):
        return False
    if not number.value.is_integer() or not _MIN_COUNT <= number.value <= _MAX_LINES:
        return False
    n = int(number.value)
    shapes = _quote_shapes(quotes)
    groups = _clause_keys(text, number)
    for ev in cited:
        lines = _lines_of(ev)
        if len(lines) < n:
            continue
        if shapes and any(sum(1 for line in lines if shape in _shape(line)) == n for shape in shapes):
            return True
        if groups and _count_matches(lines, groups, n):
            return True
    return False


def family_values(cited: Sequence[CallEvidence], quotes: Sequence[str]) -> list[list[NumberMention]]:
    """For each quoted line with figures, the figures at each of its places over every line of its family
    in a cited output ("Database call completed in 10.01 seconds." → the 19 durations of those lines)."""
    lists: list[list[NumberMention]] = []
    for line in _quoted_lines(quotes):
        if len(_shape(line)) < _MIN_SHAPE:
            continue
        width = len(iter_numbers(line, 16))
        if not width:
            continue
        shape = _shape(line)
        for ev in cited:
            rows = [iter_numbers(x, 16) for x in _lines_of(ev) if shape in _shape(x)]
            rows = [r for r in rows if len(r) == width]
            if len(rows) >= _MIN_COUNT:
                lists.extend([row[i] for row in rows] for i in range(width))
    return lists


def counted_under_a_bound(
    text: str, number: NumberMention, cited: Sequence[CallEvidence], quotes: Sequence[str]
) -> bool:
    """"其中 11 次不低于 9 秒": a count of the figures of a quoted family that a bound of its clause holds."""
    if number.kind not in ("count", "plain") or number.decimals or not 1 <= number.value <= _MAX_LINES:
        return False
    read = _number_part(text, number)
    if read is None:
        return False
    places, part = read
    bounds = [(m, b) for s, _, m in places if part[0] <= s < part[1] and m != number and (b := bound_of(text, m))]
    if not bounds:
        return False
    columns = [
        iter_numbers(" ".join(f"{v:g}{unit}" for v in values), len(values))
        for ev in cited for values, unit in columns_with_units(ev)
    ]
    for values in [*family_values(cited, quotes), *columns]:
        if not values:
            continue
        for figure, bound in bounds:
            counted = sum(1 for v in values if _beyond(bound, figure, v.value))
            if values[0].kind == figure.kind and counted == number.value:
                return True
    return False


def share_of_counted_lines(
    text: str, number: NumberMention, cited: Sequence[CallEvidence], quotes: Sequence[str]
) -> bool:
    """"其中 11 次（约 57.9%）耗时不低于 9 秒": a share that is a count of its part (one the lines give) over
    the lines of the quoted family."""
    if number.kind != "ratio":
        return False
    read = _number_part(text, number)
    if read is None:
        return False
    places, part = read
    counts = [m for s, _, m in places if part[0] <= s < part[1] and m.kind in ("count", "plain") and not m.decimals]
    sizes = {len(values) for values in family_values(cited, quotes)}
    slack = tolerance(number)
    for count in counts:
        if not any(abs(count.value / size - number.value) <= slack for size in sizes if size):
            continue
        if counted_under_a_bound(text, count, cited, quotes) or counted_lines(text, count, cited, quotes):
            return True
    return False


def _beyond(bound: Bound, figure: NumberMention, value: float) -> bool:
    """The value is on the bound's side of the figure, with no other end: "不低于 8 秒" counts every
    value of 8 s or more (`Bound` reads the figure itself as one step wide, for a value written as a bound)."""
    slack = 1e-9 * max(1.0, abs(figure.value))
    if abs(bound.low - figure.value) <= slack:  # at least / more than the figure
        return value > figure.value + slack if bound.strict_low else value >= figure.value - slack
    return value < figure.value - slack if bound.strict_high else value <= figure.value + slack


def _count_matches(lines: list[str], groups: list[list[str]], n: int) -> bool:
    """Lines holding every group (one key of each) or one group alone, counted, give n."""
    holds = [[any(contains_token(line, k) for k in group) for group in groups] for line in lines]
    if sum(1 for row in holds if all(row)) == n:
        return True
    return any(sum(1 for row in holds if row[g]) == n for g in range(len(groups)))


def _clause_keys(text: str, number: NumberMention) -> list[list[str]]:
    """The names, figures and English phrases of the sentence part holding the count, as groups: keys
    joined by 和 / 、 / 或 form one group (either), the others a group each."""
    prepared, places = numbers_with_places(text)
    at = next((s for s, _, m in places if m == number), None)
    if at is None:
        return []
    start, end = sentence_part(prepared, at)
    folded = fold(prepared)
    keys: list[tuple[int, int, str]] = []
    mentions = extract_mentions(prepared[start:end])
    for entity in mentions.entities:
        i = folded.find(entity, start, end)
        if i != -1:
            keys.append((i, i + len(entity), entity))
    for s, e, m in places:
        if start <= s < end and m != number and m.kind in ("plain", "count") and not _COUNT_WORD.match(prepared, e):
            keys.append((s, e, _digits(m.text)))
    for phrase in _LATIN_PHRASE.finditer(folded, start, end):
        if len(phrase.group(0)) >= _MIN_SHAPE:
            keys.append((phrase.start(), phrase.end(), phrase.group(0)))
    keys.sort()
    groups: list[list[str]] = []
    last_end = -1
    for s, e, key in keys[:_MAX_KEYS]:
        if s < last_end:
            continue  # inside a longer key already taken
        if groups and _JOINED.fullmatch(folded[last_end:s]):
            groups[-1].append(key)
        else:
            groups.append([key])
        # "GET /fraud/health" over JSON lines ("method":"GET","url":"/fraud/health"): the phrase's path is it too
        groups[-1].extend(part for part in key.split(" ")[1:] if part.startswith("/") and len(part) >= _MIN_PATH)
        last_end = e
    return groups


_MIN_PATH = 6  # characters of a path that single out its requests ("/fraud/health", not "/")


_Places = tuple[tuple[int, int, NumberMention], ...]


def _number_part(text: str, number: NumberMention) -> tuple[_Places, tuple[int, int]] | None:
    """The text's numbers with their places, and the sentence part of `number` (None when it is none of them)."""
    prepared, places = numbers_with_places(text)
    at = next((s for s, _, m in places if m == number), None)
    return None if at is None else (places, sentence_part(prepared, at))


def _quote_shapes(quotes: Sequence[str]) -> list[str]:
    return [shape for line in _quoted_lines(quotes) if len(shape := _shape(line)) >= _MIN_SHAPE]


def _quoted_lines(quotes: Sequence[str]) -> list[str]:
    """Each line of each quote (folded, its leading timestamp gone): a quote of three lines names three families."""
    return [without_leading_timestamp(line) for quote in quotes for line in fold(quote).split("\n") if line.strip()]


def _digits(figure: str) -> str:
    """The first run of digits of a figure as written ("200" of "200次"), or the figure."""
    found = _DIGITS.search(figure)
    return found.group(0) if found else figure


def _shape(line: str) -> str:
    return _DIGITS.sub("#", line)


def _lines_of(ev: CallEvidence) -> list[str]:
    return ev.view("lines", _split_lines)


def _split_lines(ev: CallEvidence) -> list[str]:
    return list(first_lines(ev.flat, ev.out_end, _MAX_LINES))


def family_shows_scope(text: str, cited: Sequence[CallEvidence], quotes: Sequence[str]) -> bool:
    """The claim says every one (全部 / 每次 / 都) of a quoted line's family, and the family shows it: each
    of its lines holds the figures the claim gives that the quote holds ("/metrics 请求共 86 次，全部返回
    200 OK"), and each figure at a place the claim bounds by a range lies in it ("每次页面渲染耗时都在
    5.00 到 10.01 秒之间"). A bound the scope word gives ("全部超过 90%") is no figure a line holds: not read here."""
    if scope_bound(text) is not None:
        return False
    prepared, places = numbers_with_places(text)
    ranges = [
        (low, high)
        for (_, e1, low), (s2, _, high) in itertools.pairwise(places)
        if _RANGE_JOIN.fullmatch(prepared[e1:s2]) and low.kind == high.kind and low.value <= high.value
    ]
    figures = [m for _, _, m in places if m.kind in ("plain", "count")]
    shown = False
    for quote in quotes:
        line = without_leading_timestamp(fold(quote))
        shape = _shape(line)
        if "\n" in line or len(shape) < _MIN_SHAPE:
            continue
        held = [_digits(f.text) for f in figures if contains_token(line, _digits(f.text))]
        for ev in cited:
            # (each line once: an output's JSON-in-a-string follows it decoded, the same lines again)
            family = list(dict.fromkeys(x for x in _lines_of(ev) if shape in _shape(x)))
            if len(family) < _MIN_COUNT:
                continue
            if any(not all(contains_token(x, h) for h in held) for x in family):
                return False  # "全部返回 200" over a family with a 500
            rows = [iter_numbers(x, 16) for x in family]
            for low, high in ranges:
                at_place = [[n for n in row if n.kind == low.kind] for row in rows]
                columns = {len(r) for r in at_place}
                if len(columns) != 1:
                    continue
                for i in range(columns.pop()):
                    values = [r[i].value for r in at_place]
                    ends = any(v in (low.value, high.value) for v in values)  # the place the range is of
                    if ends and not all(low.value - 1e-9 <= v <= high.value + 1e-9 for v in values):
                        return False
            shown = True
    return shown


_RANGE_JOIN = re.compile(r"\s*(?:到|至|~|～|-|–|—)\s*")


def every_line_holds(text: str, cited: Sequence[CallEvidence]) -> bool:
    """Every line of a cited output (two or more) holds a time or a name the claim gives: "只返回 5 条
    ERROR，全部打在同一秒 13:23:24" over five lines stamped 13:23:24 shows the whole it speaks of."""
    mentions = extract_mentions(text)
    tokens = [n.text for n in mentions.numbers if n.kind == "clock" and n.text.count(":") == 2]
    tokens += [e for e in mentions.entities if len(e) >= _MIN_SHAPE // 2]
    if not tokens:
        return False
    for ev in cited:
        lines = [line for line in _lines_of(ev) if line.strip()]
        if len(lines) >= _MIN_COUNT and any(all(contains_token(line, t) for line in lines) for t in tokens):
            return True
    return False


_SEVERITY = {"debug": 0, "info": 1, "notice": 2, "warn": 3, "warning": 3, "error": 4, "err": 4, "crit": 5,
             "critical": 5, "alert": 6, "emerg": 7, "fatal": 7}
_LEVELS = "|".join(sorted(_SEVERITY, key=len, reverse=True))  # the longest first: "warning" before "warn"
_ALL_OF_A_LEVEL = re.compile(rf"(?:全部|全都|都|均|全)\s?(?:是|为|属于)?\s?(\[)?({_LEVELS})\]?", re.IGNORECASE)
# a line's level: "[notice]", "… ERROR …" / "info:", `"level":"error"`, level=error
_LINE_LEVEL = re.compile(
    rf"\[({_LEVELS})\]|(?<![a-z])({_LEVELS})(?![a-z])(?=\s|:)|\blevel[\"']?\s?[:=]\s?[\"']?({_LEVELS})\b",
    re.IGNORECASE,
)


def every_levelled_line_holds(text: str, scope_start: int, cited: Sequence[CallEvidence]) -> bool:
    """"nginx 的日志全部是 [notice] 级别" (its scope word the one at `scope_start`) over an output whose every line
    with a level has it (two or more). A claim that brackets the level speaks of the lines that bracket theirs:
    a line of another program with a level no more severe ("…sh: info: …") is not one of them, one more severe
    ("PHP Fatal error", "… ERROR …") says otherwise."""
    claimed = _ALL_OF_A_LEVEL.match(text, scope_start)
    if claimed is None:
        return False
    level = _SEVERITY[claimed.group(2).lower()]
    bracketed = claimed.group(1) is not None
    for ev in cited:
        held = 0
        for line in _lines_of(ev):
            for m in _LINE_LEVEL.finditer(line):
                found = _SEVERITY[(m.group(1) or m.group(2) or m.group(3)).lower()]
                if found == level and (m.group(1) or not bracketed):
                    held += 1
                elif not (bracketed and not m.group(1) and found < level):
                    return False  # a line of another level
                break  # a line's first level is its own
        if held >= _MIN_COUNT:
            return True
    return False
