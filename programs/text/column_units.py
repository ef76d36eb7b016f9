"""Figures of a table column whose header names their unit: iostat's "wkB/s", "kB_read/s", "await_ms".

`iostat -x` prints "wkB/s ... 218240.0": the cell is 218,240 kB per second, so "每秒写入约 213 MiB" and
"约 218 MB" are that cell in other units (spec §7: a number follows from the outputs by unit conversion).
The literal search sees only the bare 218240.0; this reads each cell under such a header with the
header's unit, in base units (bytes, seconds), for the value match of `arithmetic.matches_directly`.

A header is a line of words none of which is a figure, followed by lines with as many whitespace-separated fields;
only the cells of a column whose header names a unit are read, and only numbers.
"""

from __future__ import annotations

import re

from .tokens import NumberMention, elapsed_seconds

COLUMN_GAP = re.compile(r"\s{2,}|\t")  # table columns: runs of spaces or a tab

# a unit at the end of a header word ("wkb/s", "rkb", "avg_ms", "size(mib)") or at its start before
# "_" ("kb_read/s", "mb_wrtn"); seconds only after a separator, so "pods" or "ops" name none
_BYTES = r"kib|kb|mib|mb|gib|gb|tib|tb"
_HEADER_UNIT = re.compile(
    rf"^(?:[a-z%]{{0,3}}(?P<b1>{_BYTES})(?:/s)?"
    rf"|(?P<b2>{_BYTES})_[a-z]+(?:/s)?"
    r"|[a-z0-9%_]*[_(\[](?P<s>ms|us|sec|secs|seconds|s)[)\]]?"
    r"|[a-z0-9%_]*[_(\[](?P<b3>bytes)[)\]]?"
    rf"|[a-z0-9%_]*[_(\[](?P<b4>{_BYTES})[)\]]?"  # "heap_used_mib", "rss(mb)"
    r"|(?P<kib>rss|vsz|res|virt|shr)"  # ps and top: resident and virtual sizes in KiB
    r"|(?P<await>(?:[rwdf]_)?await|svctm))$"  # iostat's waits, in milliseconds
)
_FACTORS = {
    "kb": 1024.0, "kib": 1024.0, "mb": 1024.0**2, "mib": 1024.0**2, "gb": 1024.0**3, "gib": 1024.0**3,
    "tb": 1024.0**4, "tib": 1024.0**4, "bytes": 1.0, "ms": 0.001, "us": 1e-6, "sec": 1.0, "secs": 1.0,
    "seconds": 1.0, "s": 1.0,
}
_DECIMAL = {"kb": 1000.0, "mb": 1000.0**2, "gb": 1000.0**3, "tb": 1000.0**4}
_CELL = re.compile(r"\d+(?:\.(\d+))?")
_CUE = re.compile(
    rf"(?:{_BYTES})(?:/s|_)|[_(\[](?:ms|us|sec|secs|seconds|s|bytes|{_BYTES})\b|\b(?:rss|vsz)\b|\bres\s|\b(?:elapsed|etime)\b"
    r"|await\b|\bsvctm\b"
)
# ps's ELAPSED / ETIME column: "[[dd-]hh:]mm:ss", an elapsed time wherever it sits under that header
_ELAPSED_HEADER = frozenset({"elapsed", "etime"})
_ELAPSED_CELL = re.compile(r"(?:(?:(\d{1,3})-)?(\d{1,2}):)?(\d{1,2}):([0-5]\d)")
_MAX_LINES = 2_000
_MIN_COLUMNS = 3
_MAX_FIGURES = 4_000


def column_figures(folded: str, end: int | None = None) -> list[NumberMention]:
    """Each number under a header that names a unit, in base units; a header in kB, MB, GB or TB gives
    each cell twice, in powers of 1024 (what iostat and sar mean) and of 1000 (what a claim in MB may)."""
    return [figure for _, figure in headed_figures(folded, end)]


def headed_figures(folded: str, end: int | None = None) -> list[tuple[str, NumberMention]]:
    """`column_figures`, each with the header it sits under ("wkb/s")."""
    text = folded if end is None else folded[:end]
    if _CUE.search(text) is None:
        return []
    figures: list[tuple[str, NumberMention]] = []
    units: dict[int, str] | None = None
    names: list[str] = []
    width = 0
    for line in text.split("\n", _MAX_LINES)[:_MAX_LINES]:
        fields = line.split()
        if not fields:
            units = None
            continue
        if units is not None and len(fields) >= width:  # (ps's COMMAND column holds spaces)
            for at, unit in units.items():
                if unit == "elapsed":
                    if elapsed := _ELAPSED_CELL.fullmatch(fields[at]):
                        figures.append((names[at], elapsed_seconds(*elapsed.groups())))
                    continue
                cell = _CELL.fullmatch(fields[at])
                if cell:
                    figures.extend((names[at], r) for r in _readings(cell.group(0), len(cell.group(1) or ""), unit))
            if len(figures) >= _MAX_FIGURES:
                break
            continue
        if not any(_CELL.fullmatch(f) for f in fields):
            found = {i: _unit_of(m) for i, f in enumerate(fields) if (m := _HEADER_UNIT.match(f))}
            found.update((i, "elapsed") for i, f in enumerate(fields) if f in _ELAPSED_HEADER)
            header = found and len(fields) >= _MIN_COLUMNS  # a prose line is no header
            units, width, names = (found, len(fields), fields) if header else (None, 0, [])
        else:
            units = None
    return figures


def _unit_of(match: re.Match[str]) -> str:
    if match.group("kib"):
        return "kib"
    if match.group("await"):
        return "ms"
    return next(v for v in match.group("b1", "b2", "s", "b3", "b4") if v)


def _readings(digits: str, decimals: int, unit: str) -> list[NumberMention]:
    value = float(digits)
    kind = "seconds" if unit in ("ms", "us", "sec", "secs", "seconds", "s") else "bytes"
    factors = [_FACTORS[unit]] + ([_DECIMAL[unit]] if unit in _DECIMAL else [])
    return [NumberMention(digits, value * f, kind, decimals, f) for f in factors]


_READ_HEADER = re.compile(r"^r(?!ss\b)|read|_rd|rx")
_WRITE_HEADER = re.compile(r"^w|wr|write|_wr|tx")


def header_role(header: str) -> str | None:
    """"read" for rkB/s, kB_read/s; "write" for wkB/s, kB_wrtn/s; None for a header of neither."""
    if _WRITE_HEADER.search(header):
        return "write"
    if _READ_HEADER.search(header):
        return "read"
    return None
