"""The numeric columns of a table an output prints, however its columns are aligned.

`kafka-consumer-groups.sh`, `kubectl top`, `SHOW PROCESSLIST` pad their columns with spaces, but a wide
value leaves a single space before the next column ("18819302       286431 consumer-…"), so runs of
spaces do not always split cells. Rows are read here as white-space separated fields instead, and the
rows with the modal number of fields form the table: a column is every such row's field at one index,
when each is a number, with the unit glued to its figures ("1968m") or written in the next field ("128 Mi").
`row_groups` gives the rows a claim speaks of: the rows its quotes hold, or the rows a word of it keys ("tempo"
of a NAMESPACE column). A sum, a mean or a count of one whole column, or of one group's column, is one step
of arithmetic over figures the output states (spec §7).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from ..text.normalize import fold
from ..text.tokens import MAX_QUANTITY, extract_mentions
from .trace_index import CallEvidence

_MAX_LINES = 500
_UNIT = re.compile(r"[a-z%µμ/]{1,8}")
_GLUED = re.compile(r"(\d[\d.,]*)([a-z%µμ]{1,3})")
_MIN_ROWS = 2
_MIN_FIELDS = 3
_MIN_PAIR_ROWS = 3  # rows of a figure and a name (`du`, `uniq -c`)


def numeric_columns(ev: CallEvidence) -> list[list[float]]:
    """The whole numeric columns of the output's table whose figures are bare (no unit glued to them or
    written after them); none when it has no table. Read once per call."""
    return [values for values, unit in ev.view("numeric_columns", _numeric_columns) if not unit]


def columns_with_units(ev: CallEvidence) -> list[tuple[list[float], str]]:
    """Every numeric column with the unit its rows write after their figures, glued ("1968m") or in the next
    field ("128 Mi"), or "" for bare figures."""
    return ev.view("numeric_columns", _numeric_columns)


def _numeric_columns(ev: CallEvidence) -> list[tuple[list[float], str]]:
    flat = ev.flat[: ev.out_end]
    if "\n" not in flat:
        return []
    rows = [line.split() for line in flat.split("\n", _MAX_LINES)[:_MAX_LINES]]
    widths = Counter(len(fields) for fields in rows if len(fields) >= _MIN_FIELDS or _figure_and_name(fields))
    columns: list[tuple[list[float], str]] = []
    for width, count in widths.items():
        if count < (_MIN_ROWS if width >= _MIN_FIELDS else _MIN_PAIR_ROWS):
            continue
        # (a header row, with no figure in any field, names the columns: it is no row of them)
        table = [fields for fields in rows if len(fields) == width and any(_figure(f) for f in fields)]
        if len(table) < _MIN_ROWS:
            continue
        columns.extend(_columns_of(table, width))
    return columns


def _columns_of(table: list[list[str]], width: int) -> list[tuple[list[float], str]]:
    columns: list[tuple[list[float], str]] = []
    for i in range(width):
        values = [_number(fields[i]) for fields in table]
        if all(v is not None for v in values):
            units = {fields[i + 1] for fields in table} if i + 1 < width else set()
            unit = next(iter(units)) if len(units) == 1 else ""
            columns.append(([v for v in values if v is not None], unit if _UNIT.fullmatch(unit) else ""))
            continue
        # figures glued to one unit: kubectl top's "1968m", "1440Mi"
        glued = [_GLUED.fullmatch(fields[i]) for fields in table]
        if all(glued) and len({m.group(2) for m in glued if m}) == 1:
            numbers = [_number(m.group(1)) for m in glued if m]
            if all(v is not None for v in numbers):
                columns.append(([v for v in numbers if v is not None], glued[0].group(2) if glued[0] else ""))
    return columns


def _figure_and_name(fields: list[str]) -> bool:
    """A row of two fields, a figure and a name that is no key ("41873	/var/log/pods/batch_…" of `du`), not
    "Restart Count: 0" nor "used=12"."""
    return len(fields) == 2 and _number(fields[0]) is not None and not fields[1].endswith((":", "="))


def _figure(field: str) -> bool:
    """A bare figure, or one with its unit glued to it."""
    return _number(field) is not None or _GLUED.fullmatch(field) is not None


def _number(field: str) -> float | None:
    cell = field.replace(",", "")
    if not cell[:1].isdigit() and not (cell[:1] == "-" and cell[1:2].isdigit()):
        return None
    try:
        value = float(cell)
    except ValueError:
        return None
    return value if math.isfinite(value) and abs(value) <= MAX_QUANTITY else None


def row_keys(text: str) -> list[str]:
    """What may key rows of a table in a claim: its names and its Latin words ("tempo 命名空间")."""
    folded = fold(text)
    return list(dict.fromkeys([*extract_mentions(text).entities, *_WORD.findall(folded)]))


_WORD = re.compile(r"(?<![\w.\-])[a-z][a-z0-9_\-]{2,}(?![\w.\-])")


def row_groups(ev: CallEvidence, names: Sequence[str], quotes: Sequence[str]) -> list[list[list[str]]]:
    """Groups of the output's table rows (as fields) a claim speaks of: the rows its quotes hold (a quote
    may cut its last row short: "…tempo-ingester-2   3m   "), and the rows with a whole field that a name
    of the claim is ("tempo" of the NAMESPACE column). Each group has two rows or more."""
    rows = _table_rows(ev)
    if not rows:
        return []
    groups: list[list[list[str]]] = []
    quoted_lines = [" ".join(line.split()) for q in quotes for line in fold(q).split("\n") if len(line.strip()) >= 8]
    if quoted_lines:
        quoted = [fields for fields in rows if any(" ".join(fields).startswith(q) for q in quoted_lines)]
        if len(quoted) >= _MIN_ROWS:
            groups.append(quoted)
    for name in dict.fromkeys(names):
        named = [fields for fields in rows if name in fields]
        if _MIN_ROWS <= len(named) < len(rows):
            groups.append(named)
    return groups


def counted_row_group(names: Sequence[str], count: float, cited: Sequence[CallEvidence], quotes: Sequence[str]) -> bool:
    """A count that is the number of rows of a group the claim speaks of ("tempo 命名空间共 13 个 pod")."""
    return any(len(group) == count for ev in cited for group in row_groups(ev, names, quotes))


def group_columns(group: list[list[str]]) -> list[tuple[list[float], str]]:
    """The columns of a group of rows of one width whose every field is a figure, with its unit."""
    widths = {len(fields) for fields in group}
    if len(widths) != 1:
        return []
    return _columns_of(group, widths.pop())


def _table_rows(ev: CallEvidence) -> list[list[str]]:
    """The rows of the modal width (three fields or more) that hold a figure, as folded fields."""
    return ev.view("table_rows_by_fields", _rows_by_fields)


def _rows_by_fields(ev: CallEvidence) -> list[list[str]]:
    flat = ev.flat[: ev.out_end]
    rows = [line.split() for line in flat.split("\n", _MAX_LINES)[:_MAX_LINES]]
    rows = [fields for fields in rows if len(fields) >= _MIN_FIELDS and any(_figure(f) for f in fields)]
    widths = Counter(len(fields) for fields in rows)
    if not widths:
        return []
    width = widths.most_common(1)[0][0]
    return [fields for fields in rows if len(fields) == width]
