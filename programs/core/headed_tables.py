"""Readings of tables under a header of names (gap-separated, single-space or drawn with "|"): whose
column a figure is in, a row's ordinal cell, the rows a claim counts at a time, a bound over every row,
restarted rows, roles (in a table and in a subject's own record), measure columns, counted totals,
numbered partitions, a figure on another row of a drawn table.

Whose column, for one: a metric table with a column per host and a row per time (`TIME  web-1  web-2`)
keys each figure by its column. "web-1 的 CPU 使用率峰值达到 92%" over a table whose 92 stands only under
web-2 names a value the output holds, of another subject.

All are soft judgements (spec §8: which row, column or record a sentence means is a reading, a model may
overrule it); the rules backend reads them as `contradicted`. Each reads only what its cue asks for, and
each leaves a figure in no cell (a mean, a difference) to the other readings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..text.arithmetic import tolerance
from ..text.chinese_numerals import numeral_value
from ..text.column_units import COLUMN_GAP
from ..text.glossary import carries, concepts_in
from ..text.normalize import contains_figure, contains_token, fold
from ..text.tokens import Mentions, extract_mentions, iter_numbers, numbers_with_places, written_figure
from ..text.wording import clause_end, part_start
from .trace_index import CallEvidence

_MAX_LINES = 2_000
# a subject in a header: a name opening with a letter ("web-1", "ip-10-0-7-33", "p99_ms")
_SUBJECT_CELL = re.compile(r"[a-z%][^\s]*")


_TABLE_ROW_QUOTE = re.compile(r"  |\t|\|.*\||\d\S*\s\S*\d\S*\s\S*\d")  # a quote of a row: columns, pipes, figures


def headed_table_conflict(claim_text: str, cited: Sequence[CallEvidence], excerpts: Sequence[str]) -> str | None:
    """The first reading of this module that finds the claim's figure, count or role elsewhere in a
    cited headed table, as a detail; only a claim quoting a table row is read (or one naming a numbered
    partition or shard, whose lines may be "Partition: 1 …")."""
    numbered = numbered_row_conflict(claim_text, cited)  # (its own cue: 分区 N, partition N)
    if numbered or not any(_TABLE_ROW_QUOTE.search(e) for e in excerpts):
        return numbered
    mentions = extract_mentions(claim_text)
    return (
        column_subject_conflict(claim_text, mentions, cited)
        or ordinal_cell_conflict(claim_text, mentions, cited)
        or rows_at_clock_conflict(claim_text, cited)
        or every_row_bound_conflict(claim_text, mentions, cited)
        or restarted_rows_conflict(claim_text, mentions, cited)
        or role_conflict(claim_text, mentions, cited)
        or measure_column_conflict(claim_text, mentions, cited)
        or counted_total_conflict(claim_text, mentions, cited)
        or drawn_row_conflict(claim_text, mentions, cited, excerpts)
        or named_cell_conflict(claim_text, mentions, cited)
    )


_CELL_AFTER_NAME = r"\s?(?:为|是|[:=：])?\s?(\d+(?:\.\d+)?)(?![\d.])"
_MIN_HEADER = 3


def named_cell_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """"java-api-checker-mdr44 … RESTARTS 0" over its row whose RESTARTS cell is 3: a figure the claim writes
    right after a column's name, which the row of the subject it names holds otherwise in that column."""
    folded = fold(claim_text)
    differing: list[tuple[str, float, str, CallEvidence, int]] = []  # a named row holding another figure
    held: dict[tuple[str, float], list[CallEvidence]] = {}  # the outputs whose named row holds the figure
    for ev in cited:
        if "\n" not in ev.flat:
            continue
        for table in ev.view("column_tables", _column_tables):
            named = [r for r in table.rows if any(contains_token(r[0], e) or contains_token(r[1], e)
                                                  for e in mentions.entities if len(r) > 1)]
            if len(named) != 1:
                continue
            for column, header in enumerate(table.header):
                if column == 0 or len(header) < _MIN_HEADER or not header.isalpha():
                    continue
                said = re.search(rf"(?<![a-z_]){re.escape(header)}{_CELL_AFTER_NAME}", folded)
                cell = _LEADING_FIGURE.match(named[0][column]) if column < len(named[0]) else None
                if not (said and cell):
                    continue
                figure = float(said.group(1))
                if figure == float(cell.group(0)):
                    held.setdefault((header, figure), []).append(ev)
                else:
                    detail = (f"it gives {header.upper()} {said.group(1)} for {named[0][0]!r}, whose row in the "
                              f"cited table shows {named[0][column]!r}")
                    differing.append((header, figure, detail, ev, said.start()))
    # ("cass-node-3 的 ReadStage 有 1847 个排队，而 cass-node-1 的 ReadStage Pending 为 0": the output of the
    # subject its clause names holds it on that row; "cass-node-3 … Pending 为 0" is node-3's 1847 still)
    for header, figure, detail, ev, at in differing:
        clause = folded[part_start(folded, at) : clause_end(folded, at)]
        subjects = [e for e in mentions.entities if contains_token(clause, e) and not contains_token(ev.flat, e)]
        if not any(contains_token(other.flat, e) for other in held.get((header, figure), ()) for e in subjects):
            return detail
    return None


_LEADING_FIGURE = re.compile(r"\d+(?:\.\d+)?")


class _ColumnTable(NamedTuple):
    header: list[str]
    rows: list[list[str]]
    drawn: bool = False  # "| a | b |" rows: no other reading of tables splits them


def column_subject_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """The first figure of the claim that a cited table holds only in other subjects' columns, as a
    detail; None when there is none (or the claim names no single column subject). A subject heads a
    column as an instance's name ("web-1", "cass-03": a name with a figure), not a measure's
    ("req_per_s"); a figure is the subject's when its clause names the subject and no others
    ("…，其他节点在 57%~63%" is theirs)."""
    # an instance's name ends in its number ("web-1", "cass-03"); "load_1m", "p99" name measures
    entities = {e for e in mentions.entities if e[-1].isdigit() and not _QUANTILE.fullmatch(e)}
    if not entities:
        return None
    text, places = numbers_with_places(claim_text)
    folded = fold(text)
    for ev in cited:
        if "\n" not in ev.flat:
            continue
        for table in ev.view("column_tables", _column_tables):
            named = [k for k, cell in enumerate(table.header) if k > 0 and cell in entities]
            if len(named) != 1:
                continue
            column, subject = named[0], table.header[named[0]]
            for start, _, number in places:
                if number.kind == "clock" or number.is_soft or not _clause_of(folded, start, subject):
                    continue
                digits = written_figure(number)
                if digits is None or _in_column(table.rows, column, digits):
                    continue
                other = next((k for k in range(1, len(table.header))
                              if k != column and _in_column(table.rows, k, digits)), None)
                if other is not None:
                    return (f"it gives {number.text} for {subject!r}, which the cited table shows "
                            f"under {table.header[other]!r}")
    return None


_OTHERS = re.compile(r"其他|其余|其它|别的|剩下|others?\b")
_KEY_REACH = 24  # characters before a figure where the claim may name its column
_QUANTILE = re.compile(r"p\d{2}(?:\.\d+)?")


def _clause_of(folded: str, at: int, subject: str) -> bool:
    """The clause holding the figure at `at` names the subject and speaks of no others."""
    clause = folded[part_start(folded, at) : clause_end(folded, at)]
    return contains_token(clause, subject) and not _OTHERS.search(clause)


# a column that numbers or identifies rows rather than measuring them
# (a bare "id" is an identity a claim may give: "连接 770988" of a processlist's id)
_ORDINAL_HEADER = re.compile(r"id#|(?:no|idx|index|#|序号|行号)[#.]?")
_MAX_ORDINAL = 999
_WRITTEN_AS_ORDINAL = re.compile(r"(?:第|#|no\.?)\s?\||\|\s?(?:号|项|行)", re.IGNORECASE)


def ordinal_cell_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """A figure the claim gives a row's subject that the row holds only in its ordinal column ("sdb 的
    Reallocated_Sector_Ct 为 5" over `ID# 5 … RAW_VALUE 24`): the row's number, no value of it. A claim
    that names the column ("ID 为 5") is left alone."""
    entities = set(mentions.entities)
    if not entities:
        return None
    for ev in cited:
        if "\n" not in ev.flat:
            continue
        for table in ev.view("column_tables", _column_tables):
            if not any(_ORDINAL_HEADER.match(cell) for cell in table.header):
                continue
            rows = [row for row in table.rows if entities.intersection(row)]
            if len(rows) != 1:
                continue
            header, row = table.header, rows[0]
            ordinal = [k for k, cell in enumerate(header) if _ORDINAL_HEADER.fullmatch(cell)]
            if not ordinal or any(_names_column(claim_text, header[k]) for k in ordinal):
                continue
            subject = next(cell for cell in row if cell in entities)
            text, places = numbers_with_places(claim_text)
            for start, end, number in places:
                if _WRITTEN_AS_ORDINAL.search(text[max(0, start - 3) : start] + "|" + text[end : end + 2]):
                    continue  # "5 号属性", "第 5 项", "#5": the claim gives the row's number as such
                digits = written_figure(number)
                if number.kind == "clock" or digits is None or number.value > _MAX_ORDINAL:
                    continue  # a small figure too: ordinals are small
                holding = [k for k, cell in enumerate(row) if contains_figure(cell.replace(",", ""), digits)]
                if holding and all(k in ordinal for k in holding):
                    return (f"it gives {number.text} for {subject!r}, which is the row's {header[holding[0]]!r} "
                            "in the cited table, no value of it")
    return None


_COUNT_AT_CLOCK = re.compile(
    r"(?<![\d:])(\d{1,2}:\d{2})(?![\d:])\s?(?:时|左右|前后|的时候)?\s?[,，]?\s?(?:共|有|共有|一共)?\s?"
    r"(\d{1,3})\s?(?:个|台|名)"
)
_TIME_HEADER = re.compile(r"time|timestamp|ts|时间|时刻")


def rows_at_clock_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """"19:10 时 3 个 pod 发生重启" over a table by time (`TIME  POD  RESTARTS`) with two rows at 19:10:
    the count the claim gives at a time is not the number of the table's rows at that time (a figure
    of those rows, their RESTARTS 3, read as a count of them)."""
    counts = [(m[1].zfill(5), int(m[2])) for m in _COUNT_AT_CLOCK.finditer(claim_text)]
    if not counts:
        return None
    tables = [t for ev in cited if "\n" in ev.flat for t in ev.view("column_tables", _column_tables)
              if _TIME_HEADER.fullmatch(t.header[0])]
    for clock, count in counts:
        seen = [sum(1 for row in t.rows if _at_clock(row[0], clock)) for t in tables]
        seen = [n for n in seen if n]
        if seen and count not in seen:
            return f"it counts {count} at {clock}, where the cited table has {seen[0]} row(s) at that time"
    return None


def _at_clock(cell: str, clock: str) -> bool:
    """The time cell is at the claim's minute ("19:10", "19:10:05", "2026-11-29 19:10")."""
    at = cell.find(clock)
    return at != -1 and (at == 0 or not cell[at - 1].isdigit()) and not cell[at + 5 : at + 6].isdigit()


_ALL_WITHIN = re.compile(r"(?:都|均|全部|全都|一律)\s?(?:在|处于|低于|高于|不到|不超过|未超过|超过|小于|大于|控制在)")
_UNIT_LETTERS = re.compile(r"[^\d.,\s]+$")


def every_row_bound_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """"cart 的 3 个 pod 内存都在 500Mi 以下" over a table whose rows hold 512Mi and 1843Mi: a bound the
    claim gives every row, which a row's figure in the bound's unit breaks (the rows naming the
    claim's subject, or every row when none does)."""
    if _ALL_WITHIN.search(claim_text) is None:
        return None
    text, places = numbers_with_places(claim_text)
    for start, end, number in places:
        if not _ALL_WITHIN.search(text, max(0, start - 10), start):
            continue
        upper = _direction(text, start, end)
        unit = _UNIT_LETTERS.search(number.text.lower())
        if upper is None or unit is None:
            continue
        slack = tolerance(number)
        for ev in cited:
            if "\n" not in ev.flat:
                continue
            for table in ev.view("column_tables", _column_tables):
                rows = [r for r in table.rows if any(contains_token(" ".join(r), e) for e in mentions.entities)]
                for row in rows or table.rows:
                    cells = [c for c in row[1:] if (u := _UNIT_LETTERS.search(c)) and u.group(0) == unit.group(0)]
                    values = [n for c in cells for n in iter_numbers(c, 2) if n.kind == number.kind]
                    value = values[0].value if len(values) == 1 else None
                    if value is not None and (value > number.value + slack if upper else value < number.value - slack):
                        return (f"it bounds every row by {number.text}, but the cited table gives {row[0]!r} "
                                f"{values[0].text}")
    return None


_RESTARTED_COUNT = re.compile(
    r"(?:有|其中|共)\s?(\d{1,3})\s?(?:个|台)\s?(?:pod|实例|副本|容器)?\s?(?:发生过|出现过|有过|都)?\s?重启"
)


def restarted_rows_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """"5 个 pod 中有 4 个发生过重启" over a table whose RESTARTS column is above 0 on two rows: the count
    of restarted rows (those naming the claim's subject, or every row when none does)."""
    said = _RESTARTED_COUNT.search(claim_text)
    if said is None:
        return None
    for ev in cited:
        if "\n" not in ev.flat:
            continue
        for table in ev.view("column_tables", _column_tables):
            if "restarts" not in table.header:
                continue
            column = table.header.index("restarts")
            rows = [r for r in table.rows if any(contains_token(r[0], e) for e in mentions.entities)] or table.rows
            restarted = sum(1 for r in rows if _count_of(r[column]) > 0)
            if restarted != int(said.group(1)):
                return (f"it counts {said.group(1)} restarted, but the cited table's RESTARTS is above 0 on "
                        f"{restarted} row(s)")
    return None


def drawn_row_conflict(
    claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence], quotes: Sequence[str] = ()
) -> str | None:
    """"pg-1 的复制延迟为 128 MB" over patronictl's drawn table whose 128 is on pg-2's row: a figure given to
    one row's subject that only another row of a drawn table holds (the gap tables' rows are read by
    `table_rows`). A figure in a sentence part that does not name the subject, on a row the claim quotes,
    is that row's ("…已等待 1262 秒；排在它后面的业务查询最长已等 1248 秒" quoting the 1248 row)."""
    text, places = numbers_with_places(claim_text)
    quoted = [fold(q) for q in quotes]
    for ev in cited:
        if "|" not in ev.flat:
            continue
        for table in ev.view("column_tables", _column_tables):
            if not table.drawn:
                continue
            named = [r for r in table.rows if any(cell in mentions.entities for cell in r[:2])]
            if len(named) != 1:
                continue
            own = named[0]
            subject = next(cell for cell in own[:2] if cell in mentions.entities)
            for start, _, number in places:
                digits = written_figure(number)
                if number.kind == "clock" or number.is_soft or digits is None or digits in own:
                    continue
                other = next((r for r in table.rows if r is not own and digits in r), None)
                part = fold(text[slice(*_part_around(text, start))])
                if other is not None and subject not in part and any(other[0] in q and digits in q for q in quoted):
                    continue  # the figure of a row it quotes, said in a part of its own
                if other is not None:
                    return (f"it gives {number.text} for {own[0]!r}, which the cited table shows on the row of "
                            f"{other[0]!r}")
    return None


def _count_of(cell: str) -> int:
    """The count a cell opens with ("3 (12m ago)": 3), 0 for none."""
    digits = re.match(r"\d+", cell)
    return int(digits.group(0)) if digits else 0


_COUNTED_TOTAL = re.compile(
    r"(\d{1,2}|[两二三四五六七八九十])\s?个[^，。；;,\d]{0,12}?(?:合计|共计|总计|一共|总共|累计|加起来|之和)[为是有约]?\s?"
    r"(\d[\d,]*)(?![\d.,]|\s?[万亿kKwW])"  # a whole figure as written: no 约, no 万
)


def counted_total_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """"三个分区的 LAG 合计 15642" over three rows whose LAG sums to 15675 (15642 is two of them): a total that
    says how many rows it adds must be their column's sum."""
    said = _COUNTED_TOTAL.search(claim_text)
    if said is None:
        return None
    count = numeral_value(said.group(1)) if not said.group(1).isdigit() else int(said.group(1))
    total = float(said.group(2).replace(",", ""))
    if not count or count < 2 or total < _MIN_TOTAL:
        return None
    for ev in cited:
        if "\n" not in ev.flat:
            continue
        for table in ev.view("column_tables", _column_tables):
            rows = [r for r in table.rows if any(contains_token(" ".join(r), e) for e in mentions.entities)]
            rows = rows or table.rows
            if len(rows) != count:
                continue
            columns = [_column_figures(rows, k) for k in range(1, len(table.header))]
            sums = [(k, sum(c)) for k, c in enumerate(columns, start=1) if c]
            if any(abs(s - total) < 0.5 for _, s in sums):
                return None
            for k, figures in enumerate(columns, start=1):
                if figures and any(abs(sum(figures) - f - total) < 0.5 for f in figures):
                    return (f"it totals {count} rows as {said.group(2)}, but the cited column {table.header[k]!r} sums "
                            f"to {sum(figures):g}")
    return None


_MIN_TOTAL = 10  # a small total is too easily some other sum


def _column_figures(rows: list[list[str]], column: int) -> list[float]:
    """The column's figures, when every row's cell there is one (empty otherwise)."""
    figures = []
    for row in rows:
        cell = row[column].replace(",", "")
        try:
            figures.append(float(cell))
        except ValueError:
            return []
    return figures


_NUMBERED_SUBJECT = re.compile(r"(?:分区|partition|分片|shard)\s?[:#号（(]?\s?(\d{1,4})(?![\d,.])")
_MORE_NUMBERS = re.compile(r"(?:\s?(?:、|,|，|和|与|及|跟)\s?(?:分区|partition|分片|shard)?\s?\d{1,4}(?![\d,.]))+")
_BRACKETED_FIGURE = re.compile(r"\s?[（(]\s?(\d[\d.,]*)\s?[)）]")
_RESPECTIVELY = re.compile(r"分别(?:为|是|有)?")
_FIGURE_OR_LIST = re.compile(r"(?<![\w.,:\-])\d+(?:,\d+)+(?!\d)|(?<![\w.,:\-])\d[\d.]*(?![\w.:])")


def numbered_row_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """"分区 2 上的积压 LAG 为 15230" over a kafka-consumer-groups table whose 15230 is on partition 0's row;
    "分区 1 的 ISR 为 1,2,3" over "Partition: 0 … Isr: 1,2,3" / "Partition: 1 … Isr: 2,3": a figure (or a
    list of ids) given to a numbered subject that only another number's row or line holds."""
    text = fold(claim_text)
    seen: set[int] = set()
    for named in _NUMBERED_SUBJECT.finditer(text):
        # the figures of the sentence part that names them ("…；其余 6 个分区的 LAG 在 988 到 1377 之间" is not theirs)
        start, end = _part_around(text, named.start())
        if start in seen:
            continue
        seen.add(start)
        key = "partition" if named.group(0)[:2] in ("分区", "pa") else "shard"
        found = _part_row_conflict(text, start, end, key, cited)
        if found:
            return found
    return None


def _part_row_conflict(text: str, start: int, end: int, key: str, cited: Sequence[CallEvidence]) -> str | None:
    """`numbered_row_conflict` within one sentence part (`text[start:end]`)."""
    # "分区 4、5 …", "分区（0、1、4、5）": the numbers listed after the key are one subject; a figure is the subject's
    # named last before it ("partition 2 的 lag 为 412883，partition 3 的 lag 为 398120"), a bracket right after a
    # subject holds its figure ("partition 2（412883）"), and "分别为" pairs the subjects with the figures in order
    groups: list[tuple[int, int, list[str]]] = []  # (start, end of the listing, its numbers)
    pairs: list[tuple[str, str]] = []  # (subject, figure) the part ties together
    for subject in _NUMBERED_SUBJECT.finditer(text, start, end):
        if groups and subject.start() < groups[-1][1]:
            continue  # "partition 2 和 partition 3": listed after the first key
        listed = _MORE_NUMBERS.match(text, subject.end())
        numbers_of = [subject.group(1), *(re.findall(r"\d+", listed.group(0)) if listed else ())]
        groups.append((subject.start(), listed.end() if listed else subject.end(), numbers_of))
        if bracketed := _BRACKETED_FIGURE.match(text, subject.end()):
            pairs.append((subject.group(1), bracketed.group(1)))
    ordered = [n for _, _, numbers_of in groups for n in numbers_of]
    figures: list[tuple[str, list[str]]] = []  # each figure, and the numbers of the subject it is given to
    for m in _FIGURE_OR_LIST.finditer(text, start, end):
        figure = m.group(0)
        owner = next((g for g in reversed(groups) if g[0] < m.start()), None)
        if owner is None or m.start() < owner[1] or figure in ordered or (len(figure) < 3 and "," not in figure):
            continue
        figures.append((figure, owner[2]))
    if not figures:
        return None
    respectively = _RESPECTIVELY.search(text, start, end)
    if respectively and not pairs:  # "partition 2 和 partition 3 的 lag 分别为 412883 和 398120": in order
        after = [m.group(0) for m in _FIGURE_OR_LIST.finditer(text, respectively.end(), end)]
        after = [f for f in after if len(f) >= 3 or "," in f]
        if len(after) == len(ordered) > 1:
            pairs = list(zip(ordered, after, strict=True))
        else:  # "…（0、1、4、5）…，分别由 /10.42.7.21 和 /10.42.5.14 上的 consumer": which subject's, it does not say
            figures = [(f, owners if f not in after else ordered) for f, owners in figures]
    paired = {figure for _, figure in pairs}
    claimed = [(figure, [subject]) for subject, figure in pairs]
    claimed += [(figure, owners) for figure, owners in figures if figure not in paired]
    for ev in cited:
        rows = _numbered_rows(ev, key)
        for figure, owners in claimed:
            own = [line for n, line in rows if n in owners]
            if not own or any(_holds(line, figure) for line in own):
                continue
            shown = next((n for n, line in rows if n not in owners and _holds(line, figure)), None)
            if shown is not None:
                return f"it gives {figure} to {key} {owners[0]}, which the cited output shows for {key} {shown}"
    return None


def _part_around(text: str, at: int) -> tuple[int, int]:
    """The part of the sentence holding `at`, between semicolons or full stops."""
    start = max(text.rfind(c, 0, at) for c in "；;。\n") + 1
    ends = [i for c in "；;。\n" if (i := text.find(c, at)) != -1]
    return start, min(ends, default=len(text))


def _numbered_rows(ev: CallEvidence, key: str) -> list[tuple[str, str]]:
    """(the number, the line) of each line of the output keyed by `key`: "Partition: 1 …" lines, or rows
    of a table with a PARTITION column."""
    pairs = [(m.group(1), m.string[m.string.rfind("\n", 0, m.start()) + 1 :
                                   (e if (e := m.string.find("\n", m.end())) != -1 else len(m.string))])
             for m in re.finditer(rf"\b{key}\s?[:=]\s?(\d+)\b", ev.flat[: ev.out_end])][:_MAX_LINES]
    if pairs:
        return pairs
    by_cells: list[tuple[str, str]] = []
    for table in ev.view("column_tables", _column_tables):
        if key in table.header:
            column = table.header.index(key)
            by_cells = [(row[column], "  ".join(row)) for row in table.rows]
            break
    # (a row whose wide value leaves one space before the next column is no row of the table by cells)
    by_fields = _rows_by_fields(ev.flat[: ev.out_end], key)
    return by_fields if len(by_fields) > len(by_cells) else by_cells


def _rows_by_fields(flat: str, key: str) -> list[tuple[str, str]]:
    """The rows under a header holding `key` as a field, read field by field where one space may part
    two columns ("PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG", "…18819302       286431 consumer-…"):
    a row as wide as the header, its field under `key` a number."""
    lines = flat.split("\n", _MAX_LINES)[:_MAX_LINES]
    for i, line in enumerate(lines):
        header = line.split()
        if key not in header:
            continue
        column, width = header.index(key), len(header)
        rows = [(fields[column], row) for row in lines[i + 1 :] if len(fields := row.split()) == width]
        return [(n, row) for n, row in rows if n.isdigit()]
    return []


def _holds(line: str, figure: str) -> bool:
    return re.search(rf"(?<![\w.,]){re.escape(figure)}(?![\w,]|\.\d)", line) is not None


_UPPER_BEFORE = re.compile(r"(?:低于|不到|不超过|未超过|小于|控制在)\s?$")
_LOWER_BEFORE = re.compile(r"(?:超过|高于|大于)\s?$")
_UPPER_AFTER = re.compile(r"\s?(?:以下|以内|之内|之下)")
_LOWER_AFTER = re.compile(r"\s?以上")


def _direction(text: str, start: int, end: int) -> bool | None:
    """True for an upper bound ("500Mi 以下", "不超过 500Mi"), False for a lower one, None for none."""
    if _UPPER_AFTER.match(text, end) or _UPPER_BEFORE.search(text, max(0, start - 4), start):
        return True
    if _LOWER_AFTER.match(text, end) or _LOWER_BEFORE.search(text, max(0, start - 4), start):
        return False
    return None


_BORDER = re.compile(r"[+\-=|: ]+")


def _cells(line: str) -> list[str]:
    """A line's cells: apart by "|" in a drawn table ("| pg-0 | Leader |"), else by runs of spaces."""
    if line.startswith("|") and line.count("|") >= 3:
        return [c.strip() for c in line.strip("|").split("|")]
    return COLUMN_GAP.split(line)


_ROLE_WORD = re.compile(
    r"(?<![a-z_])(?:leader|master|primary)(?![a-z_])|主库|主节点|主实例|主副本|领导者", re.IGNORECASE
)
_NOT_ROLE = re.compile(r"(?:不是|并非|非|不再是|不为)\s?$")
_ROLE_HEADER = re.compile(r"role|is[ _]leader|leader|角色")
_POSITIVE = frozenset({"true", "leader", "master", "primary", "yes", "主"})
_NEGATIVE = frozenset(
    {"false", "replica", "follower", "standby", "slave", "secondary", "sync standby", "no", "learner"}
)


def role_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """"当前 etcd 集群的 leader 是 etcd-1" over a table whose IS LEADER is false on etcd-1's row and true
    on etcd-2's; "pg-orders 的主库是 pg-1" over patronictl's Role Replica on pg-1, Leader on pg-0."""
    role = _ROLE_WORD.search(claim_text)
    if role is None or _NOT_ROLE.search(claim_text, max(0, role.start() - 4), role.start()):
        return None
    for ev in cited:
        if "\n" not in ev.flat:
            continue
        for table in ev.view("column_tables", _column_tables):
            column = next((k for k, h in enumerate(table.header) if _ROLE_HEADER.fullmatch(h)), None)
            if column is None:
                continue
            named = [r for r in table.rows if any(contains_token(c, e) for c in r[:2] for e in mentions.entities)]
            if len(named) != 1:
                continue
            own = named[0][column]
            holder = next((r for r in table.rows if r[column] in _POSITIVE), None)
            if own in _NEGATIVE and holder is not None and holder is not named[0]:
                return (f"it gives the role to {named[0][0]!r}, whose {table.header[column]!r} is {own!r}; the cited "
                        f"table gives it to {holder[0]!r}")
    return None


# what a column header may measure: a figure under one is not a value of another
_MEASURES = ("cpu", "memory", "disk", "latency", "traffic", "throughput", "error_rate", "network")


def _measures_of(header: str) -> frozenset[str]:
    return frozenset(m for m in _MEASURES if carries(header, m))


def measure_column_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """"java 进程内存占用率为 38.2%" over `ps aux` whose 38.2 stands under %CPU, %MEM being 71.4: a figure the
    claim gives as one measure, in a column headed by another while a column of its measure exists."""
    text, places = numbers_with_places(claim_text)
    for start, _, number in places:
        digits = written_figure(number)
        if number.kind == "clock" or number.is_soft or digits is None:
            continue
        measures = concepts_in(text[part_start(text, start) : start]) & frozenset(_MEASURES)
        if not measures:
            continue
        for ev in cited:
            if "\n" not in ev.flat:
                continue
            for table in ev.view("column_tables", _column_tables):
                rows = [r for r in table.rows if digits in r]
                named = [r for r in rows if any(contains_token(c, e) for c in r for e in mentions.entities)]
                rows = named or rows
                if len(rows) != 1:
                    continue
                column = rows[0].index(digits)
                held = _measures_of(table.header[column])
                if column == 0 or not held or held & measures:
                    continue  # a subject's column ("cass-01"), or one of the claim's measure
                if _names_column(text[max(0, start - _KEY_REACH) : start], table.header[column]):
                    continue  # "cpu 98%、load_1m 15.43": the figure follows its own column's name
                own = next((h for h in table.header[1:] if _measures_of(h) & measures), None)
                if own is not None:
                    return (f"it gives {number.text} as {'/'.join(sorted(measures & _measures_of(own)))}, which "
                            f"the cited table shows under {table.header[column]!r}, not {own!r}")
    return None


_ROLE_KEY = re.compile(r"(?m)^\s*\"?(?:role|statestr|state_str|replication_role)\"?\s*[:=]\s*\"?([a-z][a-z ]*[a-z])\"?")
_RECORD = re.compile(r"\{[^{}]{0,600}\}")


def record_role_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """"redis-cache-2 当前是主节点" over its own `info replication` (`role:slave`), "PRIMARY 是 mongo-1" over
    rs.status()'s member record {"name":"mongo-1:27017", … "stateStr":"SECONDARY"}: a role the claim gives a
    subject whose own record says it holds the other one."""
    role = _ROLE_WORD.search(claim_text)
    if role is None or _NOT_ROLE.search(claim_text, max(0, role.start() - 4), role.start()):
        return None
    for ev in cited:
        text = ev.flat[: min(ev.out_end, _MAX_RECORD_CHARS)]
        for entity in mentions.entities:
            if not _given_role(fold(claim_text), entity, fold(role.group(0))):
                continue  # "是从节点，与主节点的 …": the role word is another's
            states = [m.group(1) for r in _RECORD.finditer(text) if contains_token(r.group(0), entity)
                      for m in _ROLE_KEY.finditer(r.group(0).replace(",", "\n"))]
            if not states and contains_token(ev.subject, entity):
                states = [m.group(1) for m in _ROLE_KEY.finditer(text)]  # the call's own record
            if len(set(states)) == 1 and states[0] in _NEGATIVE:  # (a JSON text is also read decoded)
                return (f"it gives {entity!r} the role {role.group(0)!r}, but its record in the cited output says "
                        f"{states[0]!r}")
    return None


_MAX_RECORD_CHARS = 100_000
_IS = r"\s?(?:当前|目前|现在|仍然?|已经?)?\s?(?:是|为|成为|担任|作为)\s?(?:了)?\s?(?:集群的|新的|当前的)?\s?"


def _given_role(claim: str, entity: str, role: str) -> bool:
    """The claim says the entity holds the role: "X 当前是主节点", "PRIMARY 是 X", "leader 为 X"."""
    return re.search(rf"{re.escape(entity)}[^，。；;,]{{0,12}}?{_IS}{re.escape(role)}", claim) is not None or \
        re.search(rf"{re.escape(role)}{_IS}{re.escape(entity)}", claim) is not None


def _names_column(claim_text: str, header: str) -> bool:
    word = header.rstrip("#.")
    return bool(word) and word in claim_text.lower()


def _in_column(rows: list[list[str]], column: int, digits: str) -> bool:
    return any(contains_figure(row[column].replace(",", ""), digits) for row in rows)


def _column_tables(ev: CallEvidence) -> list[_ColumnTable]:
    """The tables of the call's output under a header of names (three or more cells, none opening with
    a figure), with the rows under it that have as many cells, up to a blank line or a line of another
    shape. Cells are apart by runs of spaces; where a row has as many single words as the header
    (`smartctl -A`'s "ID# ATTRIBUTE_NAME"), by single spaces."""
    tables: list[_ColumnTable] = []
    header: list[str] = []  # the open table's header line as cells (runs of spaces) and as words
    words: list[str] = []
    current: _ColumnTable | None = None
    start, text, end = 0, ev.flat, ev.out_end
    for _ in range(_MAX_LINES):
        if start >= end:
            break
        stop = text.find("\n", start, end)
        line = text[start : stop if stop != -1 else end].strip()
        start = end if stop == -1 else stop + 1
        if line and _BORDER.fullmatch(line):
            continue  # "+-----+------+": a drawn table's rule, inside or around its header
        cells = _cells(line) if line else []
        if header and line:
            # cells apart by runs of spaces; else single words, the last column taking the rest (ps's COMMAND)
            row = cells if len(cells) == len(header) else line.split(None, max(len(words) - 1, 0))
            shape = header if row is cells else words
            if len(row) == len(shape) and any(c[:1].isdigit() for c in row[1:]):
                if current is None or current.header is not shape:
                    current = _ColumnTable(shape, [], drawn=line.startswith("|"))
                    tables.append(current)
                if current.header is shape:
                    current.rows.append(row)
                    continue
        header, words, current = [], [], None
        names = line.split()
        if len(cells) >= 3 and not any(c[:1].isdigit() for c in names) and \
                sum(1 for c in names[1:] if _SUBJECT_CELL.fullmatch(c)) >= 2:
            header, words = cells, names
    return tables
