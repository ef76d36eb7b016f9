"""Figures a claim works out from its own figures, in the open (spec §7: a number that follows by simple
arithmetic from what the outputs state; each operand is located on its own, so none can be invented).

- A formula the claim writes beside the figure: "约 60.5% 的请求被 429 拒绝（51.2 / (51.2 + 33.4)）".
- A rate per unit of time over a count (or a change) and a span (or two clocks) the claim states:
  "3 分钟新增 1230 次等待，约每分钟 410 次", "48 小时增长 2.50 GiB，约每 12 小时 0.6 GiB".
- A multiple must be the ratio of two of the claim's own figures when it states two of one kind
  (`multiple_conflict`, a soft judgement: which two figures a multiple compares is a reading).
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable

from .arithmetic import tolerance
from .tokens import TIMES_AFTER, NumberMention, numbers_with_places

__all__ = [
    "formula_operands", "multiple_conflict", "rate_of_its_own_figures", "result_of_a_written_formula",
    "written_as_multiple",
]

# an arithmetic expression: numbers, + - * / × ÷ and brackets, with one operator at least
_FORMULA = re.compile(r"[(（]?\s*\d[\d.\s]*(?:[-+*/×÷]\s*[(（]?\s*[\d.]+\s*[)）]?\s*)+[)）]?")
_OPERATORS: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
}
_OPERAND = re.compile(r"\d+(?:\.\d+)?")
_PER_SPAN = re.compile(r"每\s?(\d+(?:\.\d+)?)?\s?(秒|分钟|分|小时|天)")
_SPAN_SECONDS = {"秒": 1, "分钟": 60, "分": 60, "小时": 3600, "天": 86400}
_MAX_FORMULA = 80
_COUNTED = {"plain", "count"}  # "涨了 423400，约每分钟 42340 条": a bare figure and a count, one kind
_RATE_SLACK = 0.05  # "约每分钟 68 MiB": a rate worked out and rounded


def result_of_a_written_formula(text: str, number: NumberMention) -> bool:
    """The figure is the value of an arithmetic expression the sentence writes (a share in percent may be
    written as the fraction's value)."""
    return formula_operands(text, number) is not None


def formula_operands(text: str, number: NumberMention) -> list[float] | None:
    """The operands of the expression the sentence writes whose value is the figure, or None."""
    if number.kind == "clock" or not any(op in text for op in "+-*/×÷"):
        return None
    for m in _FORMULA.finditer(text):
        value = _evaluate(m.group(0))
        if value is None:
            continue
        if abs(value - number.value) <= tolerance(number) or (
            number.kind == "ratio" and abs(value / 100 - number.value) <= tolerance(number)
        ):
            return [float(v) for v in _OPERAND.findall(m.group(0))]
    return None


def _evaluate(expression: str) -> float | None:
    source = expression.translate(str.maketrans("（）×÷", "()*/")).strip()
    if len(source) > _MAX_FORMULA or source.count("(") != source.count(")"):
        return None
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return None
    try:
        return _value(tree.body)
    except (ValueError, ZeroDivisionError):
        return None


def _value(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        return _OPERATORS[type(node.op)](_value(node.left), _value(node.right))
    raise ValueError("not an arithmetic expression of numbers")


def rate_of_its_own_figures(text: str, number: NumberMention) -> bool:
    """"每分钟 410 次" (or "每 12 小时 0.6 GiB") right after a count and a span the sentence states: the
    figure is the count spread over the span, per that unit."""
    if number.kind == "clock" or "每" not in text:
        return False
    prepared, places = numbers_with_places(text)
    at = next((start for start, _, n in places if n == number), None)
    per = next((m for m in _PER_SPAN.finditer(prepared, 0, at) if at - m.end() <= 4), None) if at else None
    if per is None:
        return False
    unit = float(per.group(1) or 1) * _SPAN_SECONDS[per.group(2)]
    before = [n for start, _, n in places if start != at and start < per.start()]
    numbers = [n for n in before if n.kind != "clock"]
    clocks = [n.value for n in before if n.kind == "clock"]
    # the span: a duration it states, or the time between two of its clocks ("16:20 … 16:45")
    spans = [n.value for n in numbers if n.kind == "seconds" and n.value > unit]
    spans += [b - a for i, a in enumerate(clocks) for b in clocks[i + 1 :] if b - a > unit]
    # the amount: a figure it states, or the change between two of its figures ("0.31 → 2.04 GiB")
    kinds = _COUNTED if number.kind in _COUNTED else {number.kind}
    same = [n.value for n in numbers if n.kind in kinds and n.kind != "seconds"]
    amounts = same + [abs(b - a) for i, a in enumerate(same) for b in same[i + 1 :]]
    approx = number.approx or "约" in prepared[max(0, per.start() - 3) : per.start()]  # "约每分钟 68 MiB"
    tol = max(tolerance(number), _RATE_SLACK * number.value) if approx else tolerance(number)
    return any(abs(a / (span / unit) - number.value) <= tol for span in spans for a in amounts)


_MULTIPLE_SLACK = 0.1  # "约 100 倍" of 3.1% / 0.03% = 103: a multiple is written rounded


def multiple_conflict(text: str) -> str | None:
    """A multiple ("约 10 倍") that no two of the sentence's own figures of one kind give, as a detail;
    None when the sentence states fewer than two figures of any kind (its operands may be elsewhere).
    "增长了 N 倍" may also count the rise alone (a ratio of N + 1)."""
    if "倍" not in text:
        return None
    prepared, places = numbers_with_places(text)
    multiples = [n for _, end, n in places if TIMES_AFTER.match(prepared, end) and n.kind in ("plain", "count")]
    if not multiples:
        return None
    by_kind: dict[str, list[NumberMention]] = {}
    for _, end, n in places:
        if n.kind != "clock" and not TIMES_AFTER.match(prepared, end) and n.value > 0:
            by_kind.setdefault(n.kind, []).append(n)
    operands = [group for group in by_kind.values() if len(group) >= 2]
    if not operands:
        return None
    for multiple in multiples:
        slack = max(tolerance(multiple), _MULTIPLE_SLACK * multiple.value)
        ratios = [a.value / b.value for group in operands for a in group for b in group if a is not b]
        if not any(abs(r - multiple.value) <= slack or abs(r - 1 - multiple.value) <= slack for r in ratios):
            figures = ", ".join(n.text for group in operands for n in group)
            return f"it gives {multiple.text}倍, which no two of its own figures ({figures}) give"
    return None


def written_as_multiple(text: str, number: NumberMention) -> bool:
    """The figure is written as a multiple ("约 3.4 倍")."""
    prepared, places = numbers_with_places(text)
    return any(n == number and TIMES_AFTER.match(prepared, end) for _, end, n in places)
