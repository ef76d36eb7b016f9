"""A share of the whole that the rows a claim quotes make up: "5xx 共 1447 次，占全部请求的约 7.2%" quoting
the rows "2xx 18342", "4xx 211", "5xx 1447" (whose whole is 20000). The whole is the quoted row that says
it is one (total / 合计 …), else the sum of the quoted rows; a share of the whole is one row over it, never a
quotient of two of its parts (1447 / 18342 is 7.9%, no share of the whole). A fact of the quotes (spec §7:
one step of arithmetic over stated operands); which rows the claim's whole is, a reading.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ..text.arithmetic import is_approximate, tolerance
from ..text.column_units import COLUMN_GAP
from ..text.tokens import NumberMention, iter_numbers, numbers_with_places
from .quoted_figures import quoted_lines
from .trace_index import CallEvidence

# "占全部请求的约 7.2%", "占该接口请求的 29.1%" (a whole the sentence writes a figure of is its own: own_arithmetic;
# "占用" occupies)
_OF_THE_WHOLE = re.compile(
    r"占(?![用据])了?\s?(?:全部|总|所有|整体|全体|总体|该|这个|此|这些|其)[^，。；;,\d]{0,10}?的?\s?(?:比例|比重)?"
    r"\s?(?:约|大约|近|为|是|达)?\s?$"
)
_WHOLE_ROW = re.compile(r"total\b|\ball\b|\bsum\b|合计|总计|总数|全部")  # ("http_requests_total 20000")
_APPROXIMATE_SLACK = 0.02  # relative, for a share written as approximate
_ROW_FIGURES = 8
_MAX_LINES = 5_000
_A_FIGURE = re.compile(r"[\d.,%]+")

Column = tuple[list[float], float]  # a column's parts and its whole


def share_of_the_quoted_whole(
    claim_text: str, number: NumberMention, quotes: Sequence[str], cited: Sequence[CallEvidence]
) -> bool:
    """The figure is a share of the whole its quoted rows make up (`_OF_THE_WHOLE`)."""
    return any(n == number and _a_share(n, columns) for n, columns in _whole_shares(claim_text, quotes, cited))


def whole_share_conflict(claim_text: str, quotes: Sequence[str], cited: Sequence[CallEvidence]) -> str | None:
    """A share of the whole that no quoted row is of the whole the quoted rows make up, as a detail."""
    for n, columns in _whole_shares(claim_text, quotes, cited):
        if not _a_share(n, columns):
            shown = " or ".join(f"{whole:g}" for _, whole in columns)
            return f"it gives {n.text} of the whole, but its quoted rows make up {shown}, and no row is {n.text} of it"
    return None


def _whole_shares(
    claim_text: str, quotes: Sequence[str], cited: Sequence[CallEvidence]
) -> Iterator[tuple[NumberMention, list[Column]]]:
    if "占" not in claim_text or not quotes:
        return
    # (the quoted rows of a table: cells apart by runs of spaces; a quoted heading or note is no row)
    lines = [line for line in quoted_lines(quotes, cited) if len(COLUMN_GAP.split(line.strip())) >= 2]
    if not lines or not _whole_blocks(lines, cited):
        return  # (3 of a table's 4 rows, a top-N listing's: their sum is no whole)
    columns = _quoted_columns(lines)
    if not columns:
        return
    text, places = numbers_with_places(claim_text)
    # ("返回 500 共 1284 次，约占该接口请求的 29.1%": the column of its count, not of its status or its time)
    counts = [n.value for _, _, n in places if n.kind == "count"]
    counted = [c for c in columns if any(v in c[0] for v in counts)]
    for start, _, n in places:
        if n.kind == "ratio" and _OF_THE_WHOLE.search(text, max(0, start - 24), start):
            yield n, counted or columns


def _whole_blocks(lines: list[str], cited: Sequence[CallEvidence]) -> bool:
    """Every row with a figure of the blocks (runs of lines without a blank one) that hold the quoted lines
    is quoted: the quoted rows are their table's whole."""
    quoted = set(lines)
    # (rows of one subject, "/api/claims/submit  200 …" and "/api/claims/submit  500 …": that subject's rows are the
    # whole "该接口的请求" speaks of, not the table's)
    firsts = {line.split()[0] for line in lines if line.split() and iter_numbers(line, 1)}
    subject = next(iter(firsts)) if len(firsts) == 1 and not _A_FIGURE.fullmatch(next(iter(firsts))) else None
    for ev in cited:
        text = ev.flat[: ev.text_end].split("\n", _MAX_LINES)[:_MAX_LINES]
        for i, line in enumerate(text):
            if line not in quoted:
                continue
            start, end = i, i
            while start > 0 and text[start - 1].strip():
                start -= 1
            while end + 1 < len(text) and text[end + 1].strip():
                end += 1
            block = [row for row in text[start : end + 1] if iter_numbers(row, 1)]
            if subject is not None:
                block = [row for row in block if row.split()[:1] == [subject]]
            if any(row not in quoted for row in block):
                return False
    return True


def _quoted_columns(lines: Sequence[str]) -> list[Column]:
    """The quoted rows (a quote each, or the lines of a quote) as columns of figures and their wholes: a
    row that says it is the whole, or the column's sum. Rows of one figure each make one column; rows of
    as many figures each, a column per place ("/api/claims/submit  200  0  3122  2087")."""
    rows: list[list[float]] = []
    wholes: list[float] = []
    for line in lines:
        figures = [n.value for n in iter_numbers(line, _ROW_FIGURES) if n.kind in ("plain", "count")]
        if not figures:
            continue
        if _WHOLE_ROW.search(line) and len(figures) == 1:
            wholes.append(figures[0])
        else:
            rows.append(figures)
    if len(wholes) > 1:
        return []
    columns = []
    # (rows of as many figures each, read together: a quote of another kind beside them, "Event time (UTC):
    # 4/15/2026 1:12:03 AM", is no row of theirs)
    for width in sorted({len(r) for r in rows}):
        alike = [r for r in rows if len(r) == width]
        if len(alike) + len(wholes) < 2:
            continue
        for j in range(width):
            parts = [row[j] for row in alike]
            whole = wholes[0] if wholes and width == 1 else sum(parts)
            if whole > 0 and (len(set(parts)) > 1 or len(parts) == 1):
                columns.append((parts, whole))
    return columns


def _a_share(number: NumberMention, columns: list[Column]) -> bool:
    slack = max(tolerance(number), _APPROXIMATE_SLACK * number.value if is_approximate(number) else 0.0)
    return any(abs(part / whole - number.value) <= slack for parts, whole in columns for part in parts)
