"""The header over a cell of a whitespace-aligned table ("Filesystem  Size  Used  Avail  Use%" over a df row).

A header is the nearest line above the cell's row whose fields do not start with a digit, with no blank
line between. The cell's header is the field at its place in the row when header and row have as many
fields; otherwise (a row label with no header, `free`'s "Mem:"; a header of two words, df's "Mounted on")
the header field its characters overlap most, as aligned tables print them. Only the first `_MAX_ROWS`
lines above are read: a bound on the work per cell of a long table.
"""

from __future__ import annotations

import re

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
