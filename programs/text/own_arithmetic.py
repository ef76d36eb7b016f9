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
import itertools
import math
import operator
import re
from collections.abc import Callable, Iterator, Sequence

from .arithmetic import is_approximate, tolerance
from .dates import dated_times, written_days
from .glossary import compact, concept_mentions, concepts_in
from .normalize import fold
from .tokens import TIMES_AFTER, NumberMention, extract_mentions, is_quantity, numbers_with_places
from .wording import part_start, search_total, sentence_part

__all__ = [
    "compared_to_its_own_figure",
    "difference_of_its_own_figures",
    "formula_operands",
    "multiple_conflict",
    "own_comparison_conflict",
    "rate_of_its_own_figures",
    "result_of_a_written_formula",
    "share_conflict",
    "span_of_its_own_clocks",
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
_PER_SUFFIX = re.compile(r"\s?/\s?(秒|分钟|分|小时|天|s|sec|min|h|hour|day)(?![a-z])")
_SUFFIX_SPAN = {"s": "秒", "sec": "秒", "min": "分钟", "h": "小时", "hour": "小时", "day": "天"}
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


def sum_in_a_written_formula(text: str, number: NumberMention) -> bool:
    """The figure is an operand of an expression the sentence writes and the sum of two of its other figures:
    "命中 1842211 次、未命中 612480 次，命中率约 75%（1842211 ÷ 2454691）", the whole its parts make up."""
    if number.kind == "clock" or not any(op in text for op in "+-*/×÷"):
        return False
    formula = next((m for m in _FORMULA.finditer(text) if number.text in m.group(0)), None)
    if formula is None:
        return False
    prepared, places = numbers_with_places(text)
    figures = [(at, n) for at, _, n in places if n != number and n.kind in _COUNTED | {number.kind}]
    tol = tolerance(number)
    # the two parts of the whole are an outcome and its opposite ("cache_hit … cache_miss"): one of them named
    # a miss, a failure or an error; requests and their errors, or hits and hitpass, make no whole
    def labelled(pattern: re.Pattern[str], at: int) -> bool:
        return pattern.search(prepared, max(0, at - _LABEL_REACH), at) is not None

    return any(
        abs(a.value + b.value - number.value) <= tol
        and (labelled(_OPPOSITE_OUTCOME, i) or labelled(_OPPOSITE_OUTCOME, j))
        and not (labelled(_TOTAL_LABEL, i) or labelled(_TOTAL_LABEL, j))
        for k, (i, a) in enumerate(figures) for j, b in figures[k + 1 :]
    )


_OPPOSITE_OUTCOME = re.compile(r"miss|未命中|失败|fail|error|错误|拒绝|reject|丢弃|drop|超时|timeout", re.IGNORECASE)
_TOTAL_LABEL = re.compile(r"请求|总|全部|request|total|all", re.IGNORECASE)
_LABEL_REACH = 16


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
    if number.kind == "clock" or ("每" not in text and "/" not in text):
        return False
    prepared, places = numbers_with_places(text)
    at, end = next(((start, end) for start, end, n in places if n == number), (None, None))
    if at is None or end is None:
        return False
    # "每分钟 410 次", "每秒最多只能处理约 12.8 条": the period, then words (no figure) up to the rate
    per = next((m for m in _PER_SPAN.finditer(prepared, 0, at)
                if at - m.end() <= _PER_REACH and not any(c.isdigit() for c in prepared[m.end() : at])),
               None)
    if per is not None:
        unit, stated_before = float(per.group(1) or 1) * _SPAN_SECONDS[per.group(2)], per.start()
    elif number.kind == "req/s":  # "约 1199 次/秒", "300 次/分钟": its value is per second already
        unit, stated_before = 1.0, at
        number = number._replace(kind="count", value=number.value, decimals=number.decimals)
    elif (suffix := _PER_SUFFIX.match(prepared, end)) is not None:  # "约 128 MiB/分钟"
        unit, stated_before = _SPAN_SECONDS[_SUFFIX_SPAN.get(suffix.group(1), suffix.group(1))], at
    else:
        return False
    before = [n for start, _, n in places if start != at and start < stated_before]
    numbers = [n for n in before if n.kind != "clock"]
    clocks = [n.value for n in before if n.kind == "clock"]
    # the span: a duration it states, or the time between two of its clocks ("16:20 … 16:45")
    spans = [n.value for n in numbers if n.kind == "seconds" and n.value > unit]
    spans += [b - a for i, a in enumerate(clocks) for b in clocks[i + 1 :] if b - a > unit]
    # the amount: a figure it states, or the change between two of its figures ("0.31 → 2.04 GiB")
    kinds = _COUNTED if number.kind in _COUNTED else {number.kind}
    same = [n.value for n in numbers if n.kind in kinds and n.kind != "seconds"]
    amounts = same + [abs(b - a) for i, a in enumerate(same) for b in same[i + 1 :]]
    # "约每分钟 68 MiB", "每小时约增加 5200 个": the rate given as approximate before its period or after it
    approx = number.approx or "约" in prepared[max(0, stated_before - 3) : at]
    tol = max(tolerance(number), _RATE_SLACK * number.value) if approx else tolerance(number)
    if any(abs(a / (span / unit) - number.value) <= tol for span in spans for a in amounts):
        return True
    # "每秒约 264.5 条 … 每分钟约 15870 条": a rate it states per another period, restated per this one
    rates = _rates_per_second(prepared, places, at, kinds)
    # (of two rates, whose it is goes unsaid; a rate of another subject, "producer … consumer …", is not its)
    if len(rates) != 1:
        return False
    rate_at, per_second = rates[0]
    return abs(per_second * unit - number.value) <= tol and _same_subject(prepared, rate_at, at)


def _same_subject(text: str, first: int, second: int) -> bool:
    """No subject (a Latin word) named between two figures that another named before the first does not match."""
    before = _LATIN_WORD.findall(text, 0, first)
    between = _LATIN_WORD.findall(text, first, second)
    return not between or (bool(before) and between[-1].lower() == before[-1].lower())


def _rates_per_second(
    prepared: str, places: Sequence[tuple[int, int, NumberMention]], at: int, kinds: set[str]
) -> list[tuple[int, float]]:
    """(place, value per second) of the figures of the text (other than the one at `at`) that a period right
    before states per it."""
    rates = []
    for start, _, n in places:
        if start == at or n.kind not in kinds:
            continue
        per = next((m for m in _PER_SPAN.finditer(prepared, max(0, start - _PER_REACH - 4), start)
                    if start - m.end() <= _PER_REACH and not any(c.isdigit() for c in prepared[m.end() : start])),
                   None)
        if per is not None:
            rates.append((start, n.value / (float(per.group(1) or 1) * _SPAN_SECONDS[per.group(2)])))
    return rates


_TIMES_COUNT = re.compile(r"\s?次")
_SPELLED_OUT = re.compile(r"(?:约|大约|至少|最多|最少|也就是|即|相当于|共|总共|需要|要|合计)[^\d，,。；;]{0,6}$")


def duration_of_its_own_repeats(text: str, number: NumberMention) -> bool:
    """"间隔 10 秒 … 连续 3 次成功加回；…至少要约 30 秒": a duration the sentence works out as a count of
    times ("3 次") by an interval it states ("10 秒"), spelled out as such (约 / 至少 / 也就是 …)."""
    if number.kind != "seconds" or "次" not in text:
        return False
    prepared, places = numbers_with_places(text)
    at = next((start for start, _, n in places if n == number), None)
    if at is None or not _SPELLED_OUT.search(prepared, max(0, at - 12), at):
        return False
    intervals = [n.value for start, _, n in places if start < at and n.kind == "seconds" and n != number]
    times = [n.value for start, end, n in places if start < at and n.kind in _COUNTED
             and (n.text.endswith("次") or _TIMES_COUNT.match(prepared, end))]
    tol = max(tolerance(number), _RATE_SLACK * number.value)
    return any(abs(i * t - number.value) <= tol for i in intervals for t in times)


_PER_REACH = 10  # characters between "每秒" and its rate ("每秒最多只能处理约 12.8 条")
_MULTIPLE_SLACK = 0.1  # "约 100 倍" of 3.1% / 0.03% = 103: a multiple is written rounded


def multiple_conflict(text: str, outputs: Sequence[str] = ()) -> str | None:
    """A multiple ("约 10 倍") that no two of the sentence's own figures of one kind give, as a detail;
    None when the sentence states fewer than two figures of any kind (its operands may be elsewhere).
    "增长了 N 倍" may also count the rise alone (a ratio of N + 1); "是 … 的 N 倍" is the ratio itself.

    When the multiple's clause names a measure ("GC 暂停 p99 约为之前的 4 倍") and the sentence's figures
    are of other measures ("堆内存 limit 512Mi、已用 480Mi"), they are not its operands: two figures of a
    line of the cited `outputs` that carries the measure must give it instead."""
    if "倍" not in text:
        return None
    prepared, places = numbers_with_places(text)
    multiples = [(s, n) for s, end, n in places if TIMES_AFTER.match(prepared, end) and n.kind in ("plain", "count")]
    if not multiples:
        return None
    figures = [
        (s, n) for s, end, n in places if n.kind != "clock" and not TIMES_AFTER.match(prepared, end) and n.value > 0
    ]
    for start, multiple in multiples:
        part = sentence_part(prepared, start)
        if _PRONOUN_BASE.search(prepared, max(0, start - 8), start) and not any(
            part[0] <= s < part[1] for s, _ in figures
        ):
            subject = _LATIN_WORD.search(prepared, part[0], start)
            word = re.escape(subject.group(0)) if subject else ""
            given = subject is not None and re.search(
                rf"(?<![a-z0-9\-]){word}(?![a-z0-9\-])[^，。；;,\d]{{0,6}}\d", prepared[: part[0]], re.IGNORECASE
            )
            if not given:
                continue  # "；tempo 的 ingester 内存约是它的 9.7 倍": no figure of tempo before; operands elsewhere
        measure = concepts_in(_clause(prepared, start)) - _NOT_MEASURES
        own = [n for s, n in figures if not measure or _of_measure(prepared, s, measure)]
        operands = _by_kind(own)
        if measure and not operands and _by_kind([n for _, n in figures]):
            return _measured_multiple(multiple, measure, outputs)
        if measure and not figures:
            return _multiple_of_cited_measure(multiple, measure, outputs)
        # "9402 ms，而 zk-1 为 412 … 约是 zk-1 的 23 倍": a unit written once, its bare figures in it
        written = [n.as_written for n in own if n.kind not in ("plain", "count")]
        # (a bare figure its clause gives a measure of its own, "连接数 412", is in no unit of another figure)
        bare = [n.value for at, n in figures if n in own and n.kind == "plain"
                and SUBJECT_ONLY.fullmatch(prepared, part_start(prepared, at), at)]
        if not operands and not (written and bare):
            continue
        slack = max(tolerance(multiple), _MULTIPLE_SLACK * multiple.value)
        ratios = [a.value / b.value for group in operands for a in group for b in group if a is not b]
        ratios += [a / b for a in written for b in bare] + [b / a for a in written for b in bare]
        # "从 40 涨到 360，是原来的 9 倍": a multiple of where the course started, of the course only
        original = _ORIGINAL_BEFORE.search(prepared, max(0, start - 12), start) is not None
        course = from_to_before(prepared, places, start) if original else None
        if course is not None:
            ratios = [course[1].value / course[0].value]
        elif original:
            continue  # "约为平时的 13.5 倍": a baseline the sentence gives no figure of, read elsewhere
        rise = _RISE_BEFORE.search(prepared, max(0, start - 8), start) is not None
        if not any(_is_multiple(r, multiple, slack, rise) for r in ratios):
            if course is not None:
                course_text = f"from {course[0].text} to {course[1].text}"
                return f"it gives {multiple.text}倍, which its course {course_text} does not give"
            shown = ", ".join(n.text for group in operands for n in group) or ", ".join(n.text for n in own)
            return f"it gives {multiple.text}倍, which no two of its own figures ({shown}) give"
        turned = _turned_multiple(prepared, places, multiple, slack)
        if turned:
            return turned
    return None



# "3702M，约为 4096M 上限的 97%": a share of a base the sentence names, and the part it shares out before it
_BASE_OF_A_SHARE = re.compile(r"[^\d，。；;,、]{0,10}?的\s?(?:约|大约|近|仅|只有|不到|超过)?\s?")
_SHARE_VERB = re.compile(r"(?:占|为|是|达|达到|相当于|只有|仅有)了?[^\d，。；;,、]{0,6}?(?:约|大约|近)?\s?$")
_SHARE_SLACK = 0.05  # relative, for a share written as approximate ("约 97%" of 97.17%)


def share_conflict(text: str, outputs: Sequence[str] = ()) -> str | None:
    """A share "A，约为 B 的 P%" that no figure of the sentence part before its base B, of B's kind, gives
    over B (nor what it leaves: "已用 178G，剩余仅为 200G 的 11%"); None when that part states no such figure
    (its part may be read from an output), or when a cited output writes the share itself (df's Use%)."""
    if "%" not in text or "的" not in text:
        return None
    prepared, places = numbers_with_places(text)
    for (b_start, b_end, base), (p_start, _, share) in itertools.pairwise(places):
        if share.kind != "ratio" or base.kind in ("ratio", "clock") or base.value <= 0:
            continue
        if not _BASE_OF_A_SHARE.fullmatch(prepared, b_end, p_start):
            continue
        if not _SHARE_VERB.search(prepared, max(0, b_start - 12), b_start):
            continue
        first = sentence_part(prepared, b_start)[0]
        kind = _kind_group(base)
        parts = [
            n for s, _, n in places
            if first <= s < b_start and _kind_group(n) == kind and n.value > 0 and n is not base
        ]
        if not parts:
            continue
        slack = max(tolerance(share), _SHARE_SLACK * share.value if is_approximate(share) else 0.0)
        ratios = [a / b for n in parts for a in _readings(n) for b in _readings(base)]
        ratios += [1 - r for r in ratios]
        if not any(abs(r - share.value) <= slack for r in ratios) and not any(_writes(o, share) for o in outputs):
            shown = ", ".join(n.text for n in parts)
            return f"it gives {share.text} of {base.text}, which none of its own figures ({shown}) is"
    return None


# "耗时 1204ms，超过了 1500ms 的超时阈值", "根分区 94%，低于 /var 的 61%", "…且超过 1500ms 超时": a clause (or a
# part after 且 / 但) that opens by comparing the figure said before it with its own
_COMPARISON_OPENING = re.compile(
    r"(?:^|[，,]|且|但|而|并)\s?(?:且|但|并且|而且|而|也|但是|同时)?\s?(?:已经?|均|都|仍然?|远|明显|略|还)?\s?"
    r"(?:(?P<above>超过了?|高于|大于|多于|超出了?)|(?P<below>低于|小于|少于|不到|未达到|未超过|没有超过|没超过|没有达到|未到))"
    r"\s?(?:[^，。；;,\d]{1,30}?的|(?:阈值|上限|限额|限制|告警线|水位)\s?(?:为|是)?)?\s?(?:约|大约)?\s?$"
)


def compared_to_its_own_figure(text: str, number: NumberMention) -> bool:
    """The figure is what a clause compares a figure said before it with ("0.21 秒，远小于 12 秒的失联时长"):
    a value of its own, no bound of the subject's."""
    return any(figure == number for _, figure, _ in _comparisons(text))


def own_comparison_conflict(text: str) -> str | None:
    """A comparison its own figures break: a clause opens with 超过 / 低于 … and a figure, and the figure
    said before it in the sentence (not itself compared), of the same kind, is on the other side
    (1204ms "超过了 1500ms", 94% "低于 … 的 61%")."""
    for said, figure, opening in _comparisons(text):
        above = opening.group("above") is not None
        # (every figure said before must break it: "P99 2300ms，约为平均值 300ms 的 7.7 倍，超过了 2000ms")
        if all((n.value <= figure.value + tolerance(n)) if above else (n.value >= figure.value - tolerance(n))
               for n in said):
            word = opening.group("above") or opening.group("below")
            return f"it says {said[-1].text} is {word} {figure.text}, which its own figures do not give"
    return None


def _comparisons(text: str) -> Iterator[tuple[list[NumberMention], NumberMention, re.Match[str]]]:
    """(the figures of its kind said before, the figure they are compared with, the comparison's words) of each
    clause that opens by comparing (`_COMPARISON_OPENING`), where the sentence said a figure of that kind before it."""
    if not _COMPARISON_CUE.search(text):
        return
    prepared, places = numbers_with_places(text)
    compared: list[NumberMention] = []  # the figures said so far in the sentence, not themselves compared
    sentence, changed = -1, False
    for start, _, figure in places:
        first = sentence_part(prepared, start)[0]
        if first != sentence:
            sentence, compared, changed = first, [], False
        opening = _COMPARISON_OPENING.search(prepared, max(first, start - 48), start)
        if opening is None or figure.kind == "clock":
            compared.append(figure)
            # (after a change, "比上周高出 300ms", "从 2GB 增长了 1GB", the subject's value is worked out: not read)
            changed = changed or _A_CHANGE_BEFORE.search(prepared, max(first, start - 24), start) is not None
            continue
        said = [n for n in compared if _kind_group(n) == _kind_group(figure)]
        if said and not changed:
            yield said, figure, opening


_A_CHANGE_BEFORE = re.compile(
    r"(?:比[^，。；,;]{0,24}?|增长|增加|上涨|上升|下降|减少|降低|涨|降|高出|多出|少了|提高|回落)[^，。；,;\d]{0,6}$"
)
_COMPARISON_CUE = re.compile(r"超|高于|大于|多于|低于|小于|少于|不到|未达到|未到|没")

def _readings(n: NumberMention) -> tuple[float, ...]:
    """A size in base units as written and, for "89G" (df's G is GiB), in powers of 1024 too."""
    if n.kind != "bytes" or n.factor <= 1 or round(math.log(n.factor, 1000), 6) % 1:
        return (n.value,)
    power = round(math.log(n.factor, 1000))
    return (n.value, n.value / n.factor * 1024.0**power)


def _writes(output: str, share: NumberMention) -> bool:
    """The output writes the share as written, as a percent ("89%")."""
    digits = share.text.rstrip("%")
    return re.search(rf"(?<![\d.]){re.escape(digits)}\s?%", output) is not None


def _kind_group(n: NumberMention) -> str:
    return "count" if n.kind == "plain" else n.kind


_CLAUSE_BREAK = re.compile(r"[，。；;,!?！？\n]")
_PRONOUN_BASE = re.compile(r"(?:它|其|后者|前者|这个值|该值)的?\s?(?:约|大约|近|超过)?\s?$")

# what a clause may name beside its figures that is no measure of them: an object ("另外两个副本"), a zone,
# the role of a base ("是告警阈值的约 2.7 倍": the measure is the subject's)
_NOT_MEASURES = frozenset({
    "pod", "replica", "node", "cluster", "instance", "container", "host", "service", "timezone", "threshold",
    "resource_limit",
})
# "增长了 3 倍" may count the rise alone (a ratio of 4); "是之前的 3 倍" is the ratio itself
_RISE_BEFORE = re.compile(r"(?:增长|增加|上涨|上升|涨|升|高出|多出|多|翻|提高|提升)了?\s?(?:约|近|超过)?\s?$")
# "是原来的 N 倍", "为之前的 N 倍": a multiple of where a course the sentence gives started
_ORIGINAL_BEFORE = re.compile(r"(?:原来|之前|此前|起初|最初|开始时|初始|平时)的?\s?(?:约|大约|近|超过)?\s?$")
_COURSE_TIME = r"(?:\d{1,2}:\d{2}(?::\d{2})?|\d{1,2}[-/]\d{1,2})\s?的?\s?"
_FROM_TO = re.compile(rf"从\s?(?:{_COURSE_TIME})?$")
_TO_BETWEEN = re.compile(rf"[^\d，,。；;]{{0,8}}?(?:到|至)\s?(?:{_COURSE_TIME})?(?:约|大约)?\s?")
_LINE_FIGURE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")


_RISING = r"增长|增加|上涨|上升|涨|升高|提升|提高|多了|扩大"
_FALLING = r"下降|降低|减少|下跌|跌|降|缩小|少了|回落"
_CHANGE_BEFORE = re.compile(rf"(?:(?P<up>{_RISING})|(?P<down>{_FALLING}))了?\s?(?:约|大约|近|超过)?\s?$")
_CHANGE_SLACK = 0.02  # of the change: the course's own figures are rounded


def rise_as_a_multiple(text: str, number: NumberMention) -> NumberMention | None:
    """"增长了 1.5 倍" counts the rise alone: the ratio it states is 2.5, as a multiple to look up; None
    for any other number."""
    if number.kind not in ("plain", "count") or "倍" not in text:
        return None
    prepared, places = numbers_with_places(text)
    for start, end, n in places:
        if n == number and TIMES_AFTER.match(prepared, end) and _RISE_BEFORE.search(prepared, max(0, start - 8), start):
            return number._replace(text=f"{number.value + 1:.{max(number.decimals, 0)}f}", value=number.value + 1)
    return None


def course_change_conflict(text: str) -> str | None:
    """A change in percent the sentence states right after its own course ("从 1200 增长到 3000，增长了
    150%") that the course does not give: not (B - A) / A, nor B - A in points for a course of percents
    ("从 12.1% 升到 14.2%，上升了 2.1%"), or a rise said of a fall. None when there is no such change."""
    if "%" not in text or "从" not in text:
        return None
    prepared, places = numbers_with_places(text)
    for start, _, change in places:
        if change.kind != "ratio" or not change.text.endswith("%"):
            continue
        cue = _CHANGE_BEFORE.search(prepared, max(0, start - 8), start)
        course = from_to_before(prepared, places, start) if cue else None
        if cue is None or course is None or course[0].kind == "clock":
            continue
        a, b = course
        rise = (b.value - a.value) / a.value
        said = change.value if cue.group("up") else -change.value
        slack = max(tolerance(change), _CHANGE_SLACK * abs(rise))
        points = a.kind == "ratio" and abs((b.value - a.value) - said) <= tolerance(change)
        if abs(rise - said) > slack and not points:
            return (f"it gives a change of {change.text} for its course from {a.text} to {b.text}, which is "
                    f"{rise * 100:+.1f}%")
    return None


def from_to_before(
    prepared: str, places: Sequence[tuple[int, int, NumberMention]], start: int
) -> tuple[NumberMention, NumberMention] | None:
    """The "从 A (涨)到 B" course right before `start` (no other figure between B and it, times of the
    course apart: "从 09:00 的 1200 增长到 09:10 的 3000"), of one kind with A above 0; None when there
    is none ("峰值 480，是原来的 12 倍" is of the peak)."""
    before = [(s, e, n) for s, e, n in places if s < start and n.kind != "clock"]
    if len(before) < 2:
        return None
    (s1, e1, a), (s2, _, b) = before[-2], before[-1]
    if _FROM_TO.search(prepared, max(0, s1 - 16), s1) and _TO_BETWEEN.fullmatch(prepared[e1:s2]) \
            and a.kind == b.kind and a.value > 0:
        return a, b
    return None


def _clause(text: str, at: int) -> str:
    start = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, at)), default=0)
    stop = _CLAUSE_BREAK.search(text, at)
    return text[start : stop.start() if stop else len(text)]


def _of_measure(text: str, at: int, measure: frozenset[str]) -> bool:
    """The figure's clause names the measure, or no measure at all."""
    own = concepts_in(_clause(text, at)) - _NOT_MEASURES
    return not own or bool(own & measure)


_LATIN_WORD = re.compile(r"[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*", re.IGNORECASE)


def _by_kind(figures: list[NumberMention]) -> list[list[NumberMention]]:
    groups: dict[str, list[NumberMention]] = {}
    for n in figures:  # ("3012 个" and "41" are both counts: a count's word is no unit)
        groups.setdefault(_kind_group(n), []).append(n)
    return [group for group in groups.values() if len(group) >= 2]


def _measured_multiple(multiple: NumberMention, measure: frozenset[str], outputs: Sequence[str]) -> str | None:
    """The multiple of a measure the sentence gives no figures of: some line of an output that carries
    the measure holds two figures whose ratio it is; None when no output is given."""
    if not outputs:
        return None
    slack = max(tolerance(multiple), _MULTIPLE_SLACK * multiple.value)
    if any(_some_ratio_is(_figures_of_measure(line, measure), multiple, slack)
           for line in _lines_of_measure(outputs, measure)):
        return None
    names = "/".join(sorted(measure))
    return f"it gives {multiple.text}倍 of {names}, which no two figures of {names} (its own or a cited line's) give"


_MAX_LINES = 400


def _is_multiple(ratio: float, multiple: NumberMention, slack: float, rise: bool = True) -> bool:
    """The ratio is the multiple, or (`rise`: "增长了 N 倍" may count the rise alone) one more than it."""
    return abs(ratio - multiple.value) <= slack or (rise and abs(ratio - 1 - multiple.value) <= slack)


def _some_ratio_is(values: list[float], multiple: NumberMention, slack: float) -> bool:
    return any(_is_multiple(a / b, multiple, slack) for a in values for b in values if a is not b)


def _lines_of_measure(outputs: Sequence[str], measure: frozenset[str]) -> Iterator[str]:
    """The lines of the outputs (the first `_MAX_LINES` of each) that carry the measure."""
    for output in outputs:
        for line in output.split("\n", _MAX_LINES)[:_MAX_LINES]:
            if line and concepts_in(line.replace("_", " ")) & measure:
                yield line


_MEASURE_REACH = 12  # characters from a measure's word to its figure on a line ("pause 35ms")
_WORD = re.compile(r"[a-z]{2,}")


def _multiple_of_cited_measure(
    multiple: NumberMention, measure: frozenset[str], outputs: Sequence[str]
) -> str | None:
    """The multiple of a measure in a sentence with no figure at all ("GC 暂停约为之前的 4 倍"): the
    figures the cited lines write right after the measure's words must give it; None when they are
    fewer than two (the reading does not know the layout)."""
    slack = max(tolerance(multiple), _MULTIPLE_SLACK * multiple.value)
    lines = _lines_of_measure(outputs, measure)
    values = [v for line in lines for v in _figures_of_measure(line, measure, strict=True)]
    if len(values) < 2 or _some_ratio_is(values, multiple, slack):
        return None
    names = "/".join(sorted(measure))
    shown = ", ".join(f"{v:g}" for v in values[:6])
    return f"it gives {multiple.text}倍 of {names}, which the cited figures of {names} ({shown}) do not give"


def _figures_of_measure(line: str, measure: frozenset[str], strict: bool = False) -> list[float]:
    """The line's figures that follow a word of the measure's terms there with no figure between
    ("gc pause … pause 35ms, previous pause 30ms", not the heap's "120MB->480MB" on the same line);
    all its figures when fewer than two do (a layout the reading does not know), unless `strict`."""
    text = compact(line.replace("_", " "))
    words = {w for m in concept_mentions(text) if set(m.concept_ids) & measure for w in _WORD.findall(m.term)}
    figures = [(m.start(), m.end(), float(m.group(0))) for m in _LINE_FIGURE.finditer(text) if float(m.group(0)) > 0]
    own = []
    for k, (at, _, value) in enumerate(figures):
        lead = text[max(figures[k - 1][1] if k else 0, at - _MEASURE_REACH) : at]
        if any(w in _WORD.findall(lead) for w in words):
            own.append(value)
    if strict or len(own) >= 2:
        return own
    return [value for _, _, value in figures]


_NAME = r"\d{1,2}:\d{2}(?!\d)|[a-z0-9][a-z0-9_.\-]*[a-z0-9]"  # a named object, or a time ("10:00（40）")
# "mq-b 的重启次数是 mq-a 的 3 倍": X is N times Y
_BRACKETED_FIGURE = r"(?:\s?[（(][^（）()]{1,16}[)）])?"  # "10:00（40）"
_X_IS_N_TIMES_Y = re.compile(
    rf"(?<![\w.\-:])({_NAME}){_BRACKETED_FIGURE}(?:\s?的[^，。；,;\d]{{0,10}}?)?\s?(?:是|为|约为|约是|达到了?)\s?"
    rf"({_NAME}){_BRACKETED_FIGURE}\s?的\s?(?:约\s?)?$",
    re.IGNORECASE,
)
_FIGURE_AFTER_NAME = 10  # characters between a name and the figure the claim gives it ("mq-a 重启 6 次")
_FIGURE_AFTER_MEASURED = 24  # … and its figure of a measure ("requests 为 100m CPU / 256Mi 内存")
_MEASURED = frozenset({"memory", "cpu"})


def _of_measure_kind(figure: NumberMention, measure: str) -> bool:
    """A figure of memory (a size, not Kubernetes' "100m" millicores) or of CPU (cores or millicores)."""
    millicores = figure.text.endswith("m") and figure.text[:-1].replace(".", "").isdigit()
    if measure == "cpu":
        return figure.kind == "cores" or millicores
    return figure.kind == "bytes" and not millicores


def _turned_multiple(
    prepared: str, places: tuple[tuple[int, int, NumberMention], ...], multiple: NumberMention, slack: float
) -> str | None:
    """"mq-a 重启 6 次、mq-b 重启 2 次，mq-b 的重启次数是 mq-a 的 3 倍": the sentence gives each side its
    figure, and the multiple is their ratio the other way round (X is N times Y: X / Y = N)."""
    start = next((s for s, _, n in places if n is multiple), None)
    if start is None:
        return None
    form = _X_IS_N_TIMES_Y.search(prepared, max(0, start - 60), start)
    if form is None:
        return None
    x, y = form.group(1).lower(), form.group(2).lower()
    lowered = prepared.lower()
    # "内存 limit 是 request 的 8 倍": the measure before X says which of each side's figures it compares
    measured = next(iter(concepts_in(prepared[max(0, form.start() - 6) : form.start()]) & _MEASURED), "")
    reach = _FIGURE_AFTER_MEASURED if measured else _FIGURE_AFTER_NAME
    figures, labels_text = {}, {}
    for name in (x, y):
        for at in (m.start() for m in re.finditer(re.escape(name), lowered[:start])):
            after = at + len(name)
            own = next(((s, n) for s, _, n in places if after <= s <= after + reach
                        and n.kind != "clock" and (not measured or _of_measure_kind(n, measured))
                        and not TIMES_AFTER.match(prepared, _end_of(places, n))), None)
            if own is not None:
                figures[name], labels_text[name] = own[1], prepared[after : own[0]]
                break
    if len(figures) < 2 or figures[y].value <= 0:
        return None
    # "zk-2 为 9402 ms，zk-1 为 412，zk-1 约是 zk-2 的 23 倍": a unit written once, the bare figure in it
    kinds = {figures[x].kind, figures[y].kind}
    bare = len(kinds) == 2 and "plain" in kinds and not kinds & {"count", "clock"}
    if figures[x].kind != figures[y].kind and not bare:
        return None
    measure = concepts_in(form.group(0)[len(form.group(1)) : form.group(0).find(form.group(2), len(form.group(1)))])
    labels = concepts_in(labels_text[x]) | concepts_in(labels_text[y])
    if measure and labels and not measure & labels:
        return (f"it gives {multiple.text}倍 of {x}'s {'/'.join(sorted(measure))}, but its figures of {x} and {y} are "
                f"of {'/'.join(sorted(labels))}")
    ratio = figures[x].as_written / figures[y].as_written if bare else figures[x].value / figures[y].value
    if abs(ratio - multiple.value) <= slack:
        return None
    return (f"it gives {x} as {multiple.text}倍 {y}, but its own figures give {figures[x].text} / {figures[y].text} "
            f"= {ratio:.2g}")


def _end_of(places: tuple[tuple[int, int, NumberMention], ...], number: NumberMention) -> int:
    return next(e for _, e, n in places if n is number)


def written_as_multiple(text: str, number: NumberMention) -> bool:
    """The figure is written as a multiple ("约 3.4 倍")."""
    prepared, places = numbers_with_places(text)
    return any(n == number and TIMES_AFTER.match(prepared, end) for _, end, n in places)


# "比 40 秒的 session timeout 长 13 秒": the amount one figure exceeds (or falls short of) another
_COMPARED = re.compile(r"比[^，。；,;]{0,24}?(?:长|多|高|大|晚|慢|少|短|低|小|早|快|超出|超过)了?\s?(?:约|近)?\s?$")


def difference_of_its_own_figures(text: str, number: NumberMention) -> bool:
    """"中断 53 秒，比 40 秒的 session timeout 长 13 秒": the figure after a comparison is the difference
    between the figure compared with (after 比) and the last figure of its kind before 比; both are the
    claim's own, each located on its own."""
    if number.kind == "clock" or "比" not in text:
        return False
    prepared, places = numbers_with_places(text)
    starts = [s for s, _, n in places if n == number]
    if not starts:
        return False
    start = starts[-1]
    compared = _COMPARED.search(prepared, max(0, start - 40), start)
    if compared is None:
        return False
    than = prepared.rfind("比", 0, compared.end())
    base = next((n for s, _, n in places if than < s < start and n.kind == number.kind), None)
    earlier = [n for s, _, n in places if s < than and n.kind == number.kind]
    if not earlier:
        return False
    other = earlier[-1]
    # "证书过期 156 条，redis 超时 178 条，redis 超时比证书过期多 22 条": both compared things named before 比
    bases = [base] if base is not None else earlier[:-1]
    return any(abs(abs(other.value - b.value) - number.value) <= tolerance(number) for b in bases)


_DAY_SECONDS = 86_400


def span_of_its_own_clocks(text: str, number: NumberMention) -> bool:
    """"规则删除完成（14:06:57）后 36 秒，出现第一条超时（14:07:33）": a duration that is the span between two
    clocks the claim writes, each located on its own (a clock is never excused by a span, so the two can
    not vouch for each other)."""
    if number.kind != "seconds":
        return False
    clocks = [n.value for n in extract_mentions(text).numbers if n.kind == "clock"]
    slack = max(tolerance(number), 0.05 * number.value if number.approx else 0.0)
    return any(
        abs((b - a) % _DAY_SECONDS - number.value) <= slack or abs((a - b) % _DAY_SECONDS - number.value) <= slack
        for i, a in enumerate(clocks) for b in clocks[i + 1 :]
    )


def share_of_its_whole_conflict(text: str) -> str | None:
    """A share ("502 约占 39.6%") of a whole the sentence states before it ("总请求速率为 42.1+14.2+27.6+0.1=84.0")
    that no figure of the sentence gives over that whole (27.6 / 84.0 is 32.9%), as a detail."""
    if "占" not in text or "%" not in text:
        return None
    prepared, places = numbers_with_places(text)
    wholes = [(start, n) for start, end, n in places
              if n.kind not in ("ratio", "clock") and _STATED_WHOLE.search(prepared, max(0, start - 12), start)
              and not _OPERATOR_AFTER.match(prepared, end)]  # (the first operand of "42.1+14.2+…=84.0" is none)
    for start, _, share in places:
        before = [whole for at, whole in wholes if at < start]
        if share.kind != "ratio" or not before or not _SHARE_OF.search(prepared, max(0, start - 4), start):
            continue
        # a share of any whole it states before it, of any figure below that whole ("合计 412 个 active … 共 600 个；
        # 其中 orders 348 个，占 58%": of the 600)
        tol = max(tolerance(share), 0.005 if share.approx else 0.0)
        # (or of the part it leaves unwritten, "共 600 个，其中空闲 252 个，活跃约占 58%", or of a part of a part,
        # "失败 50 次，其中超时 40 次，约占 80%")
        figures = [n for _, _, n in places if n.kind not in ("ratio", "clock") and n.value > 0]
        ratios = [
            r for whole in before for n in figures
            if n is not whole and n.value < whole.value and (n.kind == whole.kind or "plain" in (n.kind, whole.kind))
            for r in (n.value / whole.value, 1 - n.value / whole.value)
        ] + [a.value / b.value for a in figures for b in figures if a is not b and a.value < b.value]
        if ratios and not any(abs(r - share.value) <= tol for r in ratios):
            shown = ", ".join(f"{r:.1%}" for r in ratios[:3])
            return f"it gives {share.text} of the whole it states ({before[-1].text}), but its figures give {shown}"
    return None


_STATED_WHOLE = re.compile(r"(?:=|＝|总[^，。；,;\d]{0,8}?(?:为|是)|合计为?|总共为?|一共|共计?)\s?(?:约)?\s?$")
# the words before a figure that name only its subject ("zk-1 为 412"), no measure of its own ("连接数 412")
SUBJECT_ONLY = re.compile(r"\s*(?:而|但|且|则)?\s*[a-z0-9][a-z0-9_.\-]*\s?(?:为|是|:|：)?\s?(?:约)?\s?", re.IGNORECASE)
_OPERATOR_AFTER = re.compile(r"\s?[-+*/×÷]")
_SHARE_OF = re.compile(r"占(?:比)?(?:了)?\s?(?:约)?\s?$")


def own_span_conflict(text: str) -> str | None:
    """A duration the sentence gives right after writing the span's two ends ("在 07:42:12.118 失去 leader，到
    07:42:14.630 选出新 leader，集群无 leader 约 25 秒") that is not the gap between them, as a detail. Read only
    where the two clocks (with seconds) are joined by 到 / 至 / ~ and no other clock stands before the figure."""
    if "到" not in text and "至" not in text and "~" not in text and "～" not in text:
        return None
    prepared, places = numbers_with_places(text)
    clocks: list[tuple[int, int, NumberMention]] = []
    for start, end, number in places:
        if number.kind == "clock":
            clocks.append((start, end, number))
            continue
        if number.kind != "seconds" or len(clocks) != 2 or any(c.text.count(":") != 2 for _, _, c in clocks):
            continue
        (_, first_end, first), (second_start, second_end, second) = clocks
        joined = _SPAN_JOINER.search(prepared, max(first_end, second_start - 4), second_start)
        if not joined or prepared[joined.start() - 1 : joined.start()] in _COURSE_VERBS:
            continue  # "…，到 07:42:14.630", not "升到 …": the clocks are the span's ends
        if _NOT_THE_GAP.search(prepared, second_end, start):
            continue
        gap = (_clock_seconds(second) - _clock_seconds(first)) % _DAY_SECONDS
        if abs(gap - number.value) > max(tolerance(number), 0.05 * number.value):
            return f"it gives {number.text} between its own {first.text} and {second.text}, which are {gap:.3g} s apart"
    return None


def _clock_seconds(clock: NumberMention) -> float:
    """A clock's second of the day with the fraction it writes ("07:42:14.630"), which its value leaves out."""
    fraction = _CLOCK_FRACTION.search(clock.text)
    return clock.value + (float(fraction.group(0)) if fraction else 0.0)


_CLOCK_FRACTION = re.compile(r"\.\d+$")
_SPAN_JOINER = re.compile(r"到|至|~|～")
_NOT_THE_GAP = re.compile(r"之后|以后|后|之前|以前|前|内|之间|期间|每|平均|累计|共|超时|timeout", re.IGNORECASE)
_COURSE_VERBS = frozenset("升降涨增达提回跌跳")


def time_of_its_own_figures(text: str, number: NumberMention) -> bool:
    """A duration the sentence works out from its own figures, each located on its own: an amount over a
    rate it states ("约 46G/小时的增速，剩余的 169G 大约 3.7 小时后写满"), or one period of a count of events
    over a span ("15:49 到 15:57 之间生成了 7 个…，即约每 1.3 分钟切换一个": 8 minutes over 6 or 7 of them)."""
    if number.kind != "seconds":
        return False
    prepared, places = numbers_with_places(text)
    others = [(start, end, n) for start, end, n in places if n != number]
    tol = max(tolerance(number), _RATE_SLACK * number.value)
    for _, end, rate in others:
        suffix = _PER_SUFFIX.match(prepared, end)
        if suffix is None or rate.kind == "clock" or rate.value <= 0:
            continue
        unit = _SPAN_SECONDS[_SUFFIX_SPAN.get(suffix.group(1), suffix.group(1))]
        amounts = [n.value for _, _, n in others if n.kind == rate.kind and n is not rate]
        if any(abs(a / rate.value * unit - number.value) <= tol for a in amounts):
            return True
    at = next((s for s, _, n in places if n == number), None)
    if at is None or not _PER_BEFORE.search(prepared, max(0, at - 4), at):
        return False
    clocks = [n.value for _, _, n in others if n.kind == "clock"]
    spans = [(b - a) % _DAY_SECONDS for i, a in enumerate(clocks) for b in clocks[i + 1 :]]
    spans += [n.value for _, _, n in others if n.kind == "seconds"]
    counts = [n.value for _, _, n in others if n.kind in _COUNTED and n.decimals == 0 and n.value >= 2]
    return any(
        abs(span / k - number.value) <= tol for span in spans if span > 0 for c in counts for k in (c, c - 1)
    )


_PER_BEFORE = re.compile(r"每\s?(?:约|大约)?\s?$")


def listed_sum_conflict(text: str) -> str | None:
    """A total the sentence gives right after listing its addends ("auth 44Mi、backend 47Mi、checkout 46Mi、
    fraud 42Mi，合计 253Mi") that they do not sum to, as a detail: the sentence's own arithmetic is wrong,
    whatever other figures of the trace the total may also be. None when there is no such total."""
    if search_total(text) is None:
        return None
    prepared, places = numbers_with_places(text)
    for k, (start, _, total) in enumerate(places):
        cue = _TOTAL_BEFORE.search(prepared, max(0, start - 6), start)
        if cue is None or total.kind == "clock" or not is_quantity(total):
            continue
        part_start, _ = sentence_part(prepared, cue.start())
        addends = [
            (s, e, n) for s, e, n in places[:k]
            if s >= part_start and n.kind == total.kind and not _AN_ID_BEFORE.search(prepared, max(0, s - 6), s)
        ]
        if len(addends) < 2 or not all(_LIST_GAP.fullmatch(prepared[e1:s2])
                                       for (_, e1, _), (s2, _, _) in itertools.pairwise(addends)):
            continue  # its addends are a list joined by 、 / ， / 和 (a word of a label between allowed)
        summed = sum(n.value for _, _, n in addends)
        if abs(summed - total.value) > max(tolerance(total), _RATE_SLACK * total.value if total.approx else 0.0):
            shown = ", ".join(n.text for _, _, n in addends)
            return f"it totals {shown} as {total.text}, but they sum to {summed / total.factor:g}"
    return None


# "分区 2、3 合计 576115": the figures after a word of numbering are ids, no addends
_AN_ID_BEFORE = re.compile(
    r"(?:分区|partition|节点|副本|编号|序号|第|#|pid|id)\s?$|(?:分区|partition)\s?\d+\s?[、,，和]\s?$"
)
_TOTAL_BEFORE = re.compile(r"(?:合计|总计|共计|加起来|一共|总共|总和为?|之和为?)\s?(?:约|大约|为|是)?\s?$")
# between two addends of a list: a joiner and the label of the next ("44Mi、backend 47Mi")
_LIST_GAP = re.compile(r"\s?(?:、|，|,|和|与|及)\s?[^\d，。；;、,]{0,16}?\s?")


_MORE_AFTER = re.compile(r"\s?(?:多|余|以上)")


_REMAINING = re.compile(r"剩|还有|距|之后|以后|后到期|过期")


def days_between_its_own_dates(text: str, number: NumberMention) -> bool:
    """A duration between two dates (with their times) the sentence writes: "过期时间是 2024-08-03 17:00:08，
    到 2025-06-19 08:35:17 报错时已经过期 319 天多". Written with 多 / 余 it is the whole units below the span."""
    if number.kind != "seconds":
        return False
    # each written with its year, in UTC where a zone is written (`dates.dated_times`)
    moments = [(t, zoned) for t, zoned, yeared in dated_times(fold(text)) if yeared]
    if len(moments) < 2 and number.factor == _DAY_SECONDS and not _REMAINING.search(text):
        # "有效期为 90 天（2025-12-15 至 2026-03-15）": whole days between two days it writes (what remains, "还剩
        # 90 天", is counted from a moment it does not write)
        moments = [(t, False) for t in written_days(text)]
    if len(moments) < 2:
        return False
    prepared, places = numbers_with_places(text)
    end = next((e for _, e, n in places if n == number), None)
    more = end is not None and _MORE_AFTER.match(prepared, end) is not None
    unit = number.factor or 1.0
    tol = tolerance(number)
    for i, (a, zoned) in enumerate(moments):
        for b, other_zoned in moments[i + 1 :]:
            span = abs(b - a)
            if zoned == other_zoned and (abs(span - number.value) <= tol or (more and 0 <= span - number.value < unit)):
                return True
    return False
