"""A figure a scope word gives every row of a cited table: "三个 broker 的版本都是 3.6.1" over a table whose
VERSION column holds 3.6.1, 3.6.1 and 3.5.2. The column is the one where some row holds the figure as a whole
cell; a row of the same width with another figure there breaks the "all". Soft (spec §8): which rows the
claim speaks of is a reading; the rules backend reads a broken "all" as `contradicted`.

"其余节点 … 均为 0" leaves out the rows the claim names elsewhere. Not read: a figure standing in two columns,
keys the claim lists ("request 和 limit 都是 512Mi", `keyed_scope`), a clause naming rows by their
first cell (it speaks of those rows), a count before the scope word that the matching rows reach ("5 个
broker 中有 4 个都是 3.6.1"), and another value the claim itself gives ("…，kb-2 还是 3.5.2").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.chinese_numerals import count_value
from ..text.normalize import contains_token, fold
from ..text.tokens import extract_mentions
from ..text.wording import part_start
from .table_rows import COLUMN_GAP, table_lines
from .trace_index import CallEvidence

_SCOPED_FIGURE = re.compile(r"(?:都|均|全部|全都)\s?(?:是|为)\s?(\d+(?:[./]\d+)*[a-z%]*)(?![\w./])")
_LISTED = re.compile(r"和|与|及|、|以及|/")
_COUNT = re.compile(r"(\d{1,3}|[两二三四五六七八九十])\s?(?:个|台|条|家|块|张|组|项|套)")
_FIGURE = re.compile(r"[-+]?\.?\d")
_OTHERS = re.compile(r"其余|其他|其它|另外|剩下|别的")
_WORD = re.compile(r"[a-z][a-z0-9_\-]{2,}")


def scoped_figure_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The detail when a figure the claim gives all rows is not in every row of its column; else None."""
    if not cited or ("都" not in claim_text and "均" not in claim_text and "全" not in claim_text):
        return None
    text = fold(claim_text)
    for scoped in _SCOPED_FIGURE.finditer(text):
        clause = text[part_start(text, scoped.start()) : scoped.start()]
        if _LISTED.search(clause):
            continue
        counts = _COUNT.findall(clause)  # the nearest: "5 个 broker 中有 4 个都是 3.6.1"
        counted = count_value(counts[-1]) if counts else None
        # "其余节点 rejected 均为 0": the rows the claim names elsewhere are not of "the others"
        others = _OTHERS.search(clause) is not None
        for ev in cited:
            table = table_lines(ev)
            column = _named_column(clause, ev.flat, table)  # "所有分区的 LAG 都是 0": the LAG column
            if others:
                table = [(first, line) for first, line in table if not contains_token(text, first)]
            broken = _row_breaking(scoped.group(1), clause, counted, table, column)
            if broken and not contains_token(text, fold(broken[1])):  # "…，kb-2 还是 3.5.2": it says so itself
                first, other = broken
                return f"it gives {scoped.group(1)!r} to all of them, but the cited row of {first!r} has {other!r}"
    return None


def _named_column(clause: str, flat: str, table: list[tuple[str, str]]) -> tuple[int, int] | None:
    """(width, index) of the one header cell the clause names, over the table's first row; None when it names none."""
    if not table:
        return None
    at = flat.find(table[0][1])
    header = flat[flat.rfind("\n", 0, max(0, at - 1)) + 1 : max(0, at - 1)] if at > 0 else ""
    cells = COLUMN_GAP.split(header.strip())
    named = [i for i, cell in enumerate(cells) if i and _WORD.fullmatch(cell) and contains_token(clause, cell)]
    return (len(cells), named[0]) if len(named) == 1 and len(cells) >= 3 else None


def _row_breaking(
    figure: str, clause: str, counted: int | None, table: list[tuple[str, str]], named: tuple[int, int] | None = None
) -> tuple[str, str] | None:
    """(first cell, other value) of a row whose cell in the figure's column is another figure: the column the
    clause names by its header, else the one column where rows hold the figure."""
    firsts = sum(contains_token(clause, first) for first, _ in table)
    if len(table) < 2 or 0 < firsts < len(table):
        return None  # the clause names some rows ("web-1 和 web-2 都是 0"): it speaks of those
    # "处于 Running 的副本重启次数都是 0": a word of the clause that some rows hold and others do not picks them
    for word in _WORD.findall(clause):
        holding_word = [(first, line) for first, line in table if contains_token(line, word)]
        if 0 < len(holding_word) < len(table):
            table = holding_word
    rows = [COLUMN_GAP.split(line.strip()) for _, line in table]
    # the column of the figure: the one column where rows hold it (in two, which one the claim means is unsaid)
    columns = {named} if named else {(len(r), i) for r in rows for i, cell in enumerate(r) if i and cell == figure}
    if len(columns) != 1:
        return None
    width, column = columns.pop()
    same = [r for r in rows if len(r) == width]
    holding = [r for r in same if r[column] == figure]
    others = [r for r in same if r[column] != figure and _FIGURE.match(r[column])]
    if others and (counted is None or counted > len(holding)):
        return others[0][0], others[0][column]
    return None


# a Prometheus exposition line: metric{labels} value
_EXPOSITION = re.compile(r"^([a-z_:][\w:]*)\{([^}\n]*)\}\s+(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*$", re.MULTILINE)
_LABEL = re.compile(r"([a-z_][\w]*)=\"([^\"]*)\"")
_MAX_SERIES = 2_000


def scoped_figure_of_labelled_series(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """"mq-3 上只有 events.audit 落后，其余 5 个 stream 的复制延迟都为 0" over exposition lines whose
    `stream` label varies: the series of the label the clause names, with the other labels the claim names
    (node="rabbit@mq-3") and, after 其余, without the ones it named before, must all hold the figure."""
    if not cited or ("都" not in claim_text and "均" not in claim_text and "全" not in claim_text):
        return None
    text = fold(claim_text)
    named = extract_mentions(claim_text).entities
    for scoped in _SCOPED_FIGURE.finditer(text):
        clause = text[part_start(text, scoped.start()) : scoped.start()]
        for ev in cited:
            families: dict[str, list[tuple[dict[str, str], str]]] = {}
            for metric, labels, value in _EXPOSITION.findall(ev.flat, 0, ev.out_end)[:_MAX_SERIES]:
                families.setdefault(metric, []).append((dict(_LABEL.findall(labels)), value))
            for series in families.values():  # one metric at a time: its segments are no lag
                broken = _series_breaking(scoped.group(1), clause, named, series)
                if broken:
                    figure, (series_name, other) = scoped.group(1), broken
                    return f"it gives {figure!r} to all of them, but the cited series {series_name} is {other}"
    return None


def _series_breaking(
    figure: str, clause: str, named: Sequence[str], series: list[tuple[dict[str, str], str]]
) -> tuple[str, str] | None:
    keys = {k for labels, _ in series for k in labels}
    varying = [k for k in keys if contains_token(clause, k) and len({labels.get(k) for labels, _ in series}) > 1]
    if len(series) < 2 or len(varying) != 1:
        return None
    key = varying[0]

    def is_named(value: str | None) -> bool:
        return value is not None and any(contains_token(value, e) for e in named)

    kept = series
    for other in keys - {key}:  # the claim's own subject: node="rabbit@mq-3"
        if any(is_named(labels.get(other)) for labels, _ in series):
            kept = [(labels, v) for labels, v in kept if is_named(labels.get(other))]
    if _OTHERS.search(clause):
        kept = [(labels, v) for labels, v in kept if not is_named(labels.get(key))]
    if len(kept) < 2 or not any(float(v) == float(figure) for _, v in kept):
        return None  # (a metric none of whose series holds the figure is another measure: its segments, no lag)
    wrong = next(((labels, v) for labels, v in kept if float(v) != float(figure)), None)
    if wrong is None:
        return None
    return f"{key}={wrong[0].get(key)!r}", wrong[1]
