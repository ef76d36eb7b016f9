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
from ..text.normalize import fold
from ..text.tokens import NumberMention, iter_numbers, numbers_with_places

# "占全部请求的约 7.2%", "占该接口请求的 29.1%" (a whole the sentence writes a figure of is its own: own_arithmetic;
# "占用" occupies)
_OF_THE_WHOLE = re.compile(
    r"占(?![用据])了?\s?(?:全部|总|所有|整体|全体|总体|该|这个|此|这些|其)[^，。；;,\d]{0,10}?的?\s?(?:比例|比重)?"
    r"\s?(?:约|大约|近|为|是|达)?\s?$"
)
_WHOLE_ROW = re.compile(r"\btotal\b|\ball\b|\bsum\b|合计|总计|总数|全部")
_APPROXIMATE_SLACK = 0.02  # relative, for a share written as approximate
_ROW_FIGURES = 8

Column = tuple[list[float], float]  # a column's parts and its whole


def share_of_the_quoted_whole(claim_text: str, number: NumberMention, quotes: Sequence[str]) -> bool:
    """The figure is a share of the whole its quoted rows make up (`_OF_THE_WHOLE`)."""
    return any(n == number and _a_share(n, columns) for n, columns in _whole_shares(claim_text, quotes))


def whole_share_conflict(claim_text: str, quotes: Sequence[str]) -> str | None:
    """A share of the whole that no quoted row is of the whole the quoted rows make up, as a detail."""
    for n, columns in _whole_shares(claim_text, quotes):
        if not _a_share(n, columns):
            shown = " or ".join(f"{whole:g}" for _, whole in columns)
            return f"it gives {n.text} of the whole, but its quoted rows make up {shown}, and no row is {n.text} of it"
    return None


def _whole_shares(claim_text: str, quotes: Sequence[str]) -> Iterator[tuple[NumberMention, list[Column]]]:
    if "占" not in claim_text or not quotes:
        return
    columns = _quoted_columns(quotes)
    if not columns:
        return
    text, places = numbers_with_places(claim_text)
    for start, _, n in places:
        if n.kind == "ratio" and _OF_THE_WHOLE.search(text, max(0, start - 24), start):
            yield n, columns


def _quoted_columns(quotes: Sequence[str]) -> list[Column]:
    """The quoted rows (a quote each, or the lines of a quote) as columns of figures and their wholes: a
    row that says it is the whole, or the column's sum. Rows of one figure each make one column; rows of
    as many figures each, a column per place ("/api/claims/submit  200  0  3122  2087")."""
    rows: list[list[float]] = []
    wholes: list[float] = []
    for line in (line for quote in quotes for line in fold(quote).split("\n")):
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
