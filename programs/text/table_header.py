"""The header over a cell of a whitespace-aligned table ("Filesystem  Size  Used  Avail  Use%" over a df row).

A header is the nearest line above the cell's row whose fields do not start with a digit, with no blank
line between. The cell's header is the field at its place in the row when header and row have as many
fields; otherwise (a row label with no header, `free`'s "Mem:"; a header of two words, df's "Mounted on")
the header field its characters overlap most, as aligned tables print them. Only the first `_MAX_ROWS`
lines above are read: a bound on the work per cell of a long table.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from typing import NamedTuple

_MAX_ROWS = 64
_MIN_COLUMNS = 3
_FIELD = re.compile(r"\S+")


def header_over(text: str, start: int) -> tuple[str, list[str]]:
    """(the header word over the cell starting at `start`, the whole header's fields); ("", []) when the
    cell has no field of its own ("took5m"), is its row's first field, or no header is above."""
    line_start = text.rfind("\n", 0, start) + 1
    if start == line_start or text[start - 1] not in " \t":
        return "", []
    line_end = text.find("\n", start)
    row = text[line_start : line_end if line_end != -1 else len(text)]
    end = line_start - 1  # the line break ending the line above
    for _ in range(_MAX_ROWS):
        if end <= 0:
            break
        above = text.rfind("\n", 0, end) + 1
        header = text[above:end]
        fields = header.split()
        if not fields:
            break
        if not any(f[0].isdigit() for f in fields):
            if len(fields) < _MIN_COLUMNS:
                break
            return field_under(header, row, start - line_start), fields
        end = above - 1
    return "", []


class NamedHeaders(NamedTuple):
    """The header lines of a text that hold one of some words, read once for every cell of the text."""

    starts: list[int]  # where each header line starts, in order
    lines: list[str]
    blanks: list[int]  # where each blank line ("\n\n") is

    def word_over(self, text: str, start: int) -> str:
        """The header word over the cell starting at `start`: from the nearest such header line above its row,
        with no blank line between ("" when there is none, or the cell is its row's first field)."""
        line_start = text.rfind("\n", 0, start) + 1
        if start == line_start or text[start - 1] not in " \t":
            return ""  # the first field (a name), or no cell of its own ("took5m")
        k = bisect_left(self.starts, line_start) - 1
        if k < 0:
            return ""
        header_end = self.starts[k] + len(self.lines[k])
        if bisect_left(self.blanks, line_start) != bisect_left(self.blanks, header_end):
            return ""  # a blank line ends the table
        row_end = text.find("\n", start)
        row = text[line_start : row_end if row_end != -1 else len(text)]
        return field_under(self.lines[k], row, start - line_start)


def named_headers(text: str, words: Iterable[str]) -> NamedHeaders:
    """The lines of `text` holding one of `words` that are headers (no field starting with a digit), and its blank
    lines: one pass over the text, so that a table of thousands of rows costs a search per cell, not a walk."""
    pattern = re.compile("|".join(re.escape(w) for w in words))
    starts: list[int] = []
    lines: list[str] = []
    for m in pattern.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        if starts and starts[-1] == start:
            continue
        end = text.find("\n", m.end())
        line = text[start : end if end != -1 else len(text)]
        if not any(f[0].isdigit() for f in line.split()):
            starts.append(start)
            lines.append(line)
    blanks = [m.start() for m in re.finditer("\n\n", text)] if starts else []
    return NamedHeaders(starts, lines, blanks)


def field_under(header: str, row: str, at: int) -> str:
    """The field of the header line over the cell of `row` that starts at offset `at` ("" when none)."""
    cells = list(_FIELD.finditer(row))
    place = next((k for k, c in enumerate(cells) if c.start() == at), None)
    heads = list(_FIELD.finditer(header))
    if place is None:
        return ""
    if len(heads) == len(cells):
        return heads[place].group(0)
    if "\t" in header or "\t" in row:
        return ""  # columns apart by tabs: their characters say nothing of alignment
    cell = cells[place]
    overlaps = [(min(h.end(), cell.end()) - max(h.start(), cell.start()), h.group(0)) for h in heads]
    best, word = max(overlaps)
    return word if best > 0 else ""
