"""What a claim says about the course of time, against the order its cited outputs show.

- A failure said to go on ("目前仍无法连接", "至今未恢复") while the cited log reports a recovery after
  its last failure line ("reconnected to redis-master after 4 attempts").
- A current value ("目前为 9800") that the cited series holds, but not as its latest point (2300), and
  a steady rise or fall ("持续上升") its points break (1200, 5400, 9800, 6100, 2300).
- A current state ("当前处于 Terminated") that kubectl writes only as the container's `Last State`.
- A window ("最近 37 分钟内重启了 5 次") read off kubectl's "5 (37m ago)": how long ago the last
  restart was, not the span the restarts fell in.

Soft judgements (spec §8: which moment a sentence means is a reading, a model may overrule it); the
rules backend reads each as `contradicted`. Each runs only where the claim has its cue words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import pairwise

from ..text.dates import without_leading_timestamp
from ..text.glossary import claim_analysis, glossary
from ..text.normalize import contains_figure, fold
from ..text.own_arithmetic import from_to_before
from ..text.series import Point, Series, hhmm, values_of
from ..text.tokens import NumberMention, extract_mentions, holds_as_written, numbers_with_places, written_figure
from ..text.wording import CLAUSE_BREAK, part_start, sentence_part
from .trace_index import CallEvidence

_ONGOING = re.compile(
    r"目前仍|当前仍|现在仍|仍然|仍在|仍旧|依然|依旧|至今|还在|还是|一直(?:在|无法|不能|报错|失败|处于)|尚未恢复|未恢复"
    r"|持续(?:报错|失败|超时)"
)
_FAILURES = ("failed", "refused", "unreachable", "timeout", "crash", "crashloop", "connection_reset", "dns_failure")
_RECOVERED = re.compile(
    r"\b(?:reconnected|re-?established|recovered|restored|resolved|back to normal|connected successfully"
    r"|successfully connected|connection established|connected to)\b"
)
_CURRENT_VALUE = re.compile(r"(?:目前|当前|现在|最新|最近一次)(?:的)?(?:值)?(?:为|是|已|达到|在)?\s*$")
_STEADY = re.compile(
    r"(?:持续|一直|不断|稳步|单调|一路|节节)(?:(?P<up>上升|上涨|增长|增加|升高|攀升|走高)|(?P<down>下降|下跌|减少|降低|回落|走低))"
)
_CURRENT_STATE = re.compile(r"当前|目前|现在|正处于|仍处于")
_STATES = ("terminated", "waiting", "running", "oomkilled", "crashloopbackoff", "error", "completed")
_LAST_STATE_LINE = re.compile(r"^\s*last ?state:", re.MULTILINE)  # describe's "Last State:", yaml's "lastState:"
_EARLIER = re.compile(r"上一次|上次|之前|此前|先前|\blast\b|\bprevious\b")
_WINDOW_BEFORE = re.compile(r"(?:最近|过去|近)\s*$")
_REACH = 12  # characters between a cue and the figure it governs


def ongoing_after_recovery(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The claim says a failure goes on; the cited log reports a recovery after its last failure."""
    if not _ONGOING.search(claim_text):
        return None
    analysis = claim_analysis(claim_text)
    named = {cid for i, m in enumerate(analysis.mentions) if i not in analysis.hedged for cid in m.concept_ids}
    failures = [cid for cid in _FAILURES if cid in named]
    if not failures:
        return None
    for ev in cited:
        text = ev.flat[: ev.text_end]
        last_failure = max((_last_name(text, cid) for cid in failures), default=-1)
        if last_failure == -1:
            continue
        recovery = _RECOVERED.search(text, last_failure)
        if recovery:
            return f"it says the failure goes on, but the cited output reports {recovery.group(0)!r} after it"
    return None


def _last_name(text: str, concept_id: str) -> int:
    concept = glossary().concepts.get(concept_id)
    if concept is None:
        return -1
    return max((text.rfind(term) for term in concept.en if term.isascii()), default=-1)


# the clock, what the claim gives at it ("14:05 升到 12.1% 后", "14:05 为 12.1%，随后"), then the turn
_TURN_AFTER = re.compile(
    r"(\d{1,2}):(\d{2})(?![\d:])[^。；;:]{0,20}?(?:之后|以后|随后|此后|后|起)\s?(?:开始)?\s?(?:逐步|逐渐|持续|一路|慢慢)?\s?"
    r"(?:(?P<down>回落|下降|下跌|减少|降低|回调|缓解)|(?P<up>回升|上涨|上升|增加|升高|攀升))"
)


def turn_after_a_time_conflict(claim_text: str, series: Sequence[Series]) -> str | None:
    """"21:25 之后开始逐步回落" over a column of the claim's figures that rises after 21:25: the values after
    the time must end below (a fall) or above (a rise) the value at it."""
    turns = list(_TURN_AFTER.finditer(claim_text))
    if not turns:
        return None
    figures = [n for n in extract_mentions(claim_text).numbers if n.kind != "clock"]
    # the columns holding the most of the claim's figures: a column of none is another measure, and one that
    # holds only its 0 ("10:33 的 0") beside one holding 13981, 0 and 1203 is another series of the output
    held = [(sum(any(_holds(v, n) for _, v in column) for n in figures), s, column)
            for s in series for column in _timed_columns(s)]
    most = max((count for count, _, _ in held), default=0)
    for count, s, column in held:
        if count == 0 or count < most:
            continue
        times = {t for t, _ in column}
        for turn in turns:
            written = int(turn.group(1)) * 3600 + int(turn.group(2)) * 60
            at = next((a for a in _moments(written, s) if a in times), written)
            start = next((v for t, v in column if t == at), None)
            after = [v for t, v in column if t > at]
            if start is None or not after:
                continue
            falls = turn["down"] is not None
            if (after[-1] >= start) if falls else (after[-1] <= start):
                word = "fall" if falls else "rise"
                shown = ", ".join(f"{v:g}" for v in [start, *after])
                return f"it says a {word} after {turn.group(1)}:{turn.group(2)}, but the cited series goes {shown}"
    return None


_SIDE_OF_A_TIME = re.compile(r"(\d{1,2}):(\d{2})(?![\d:])\s?(?:(?P<after>之后|以后)|(?P<before>之前|以前))")
_VALUE_VERB = re.compile(r"(?:为|是|到|至|达|有)\s?(?:约|大约)?\s?$")
_SIDE_KINDS = frozenset({"plain", "count", "ratio", "bytes"})


def figure_on_the_wrong_side(claim_text: str, series: Sequence[Series]) -> str | None:
    """"14:05 之后回落到 120" / "14:05 之前为 300" over a series that holds the figure only on the other side of
    14:05: the figure the clause gives after (before) a time must stand at some point after (before) it."""
    text, places = numbers_with_places(claim_text)
    ordered = _ordered(series)
    for side in _SIDE_OF_A_TIME.finditer(text):
        at = int(side.group(1)) * 3600 + int(side.group(2)) * 60
        first = next(((st, n) for st, _, n in places if st >= side.end()), None)
        if first is None:
            continue
        start, figure = first
        if figure.kind not in _SIDE_KINDS or not _distinctive(figure) or CLAUSE_BREAK.search(text, side.end(), start):
            continue
        if not _VALUE_VERB.search(text, max(side.end(), start - 6), start):
            continue
        after = side["after"] is not None
        wrong: list[int] = []
        right = False
        for s in ordered:
            held = [p.second for p in s.points if _point_holds(p, figure)]
            # (epoch points are in UTC: the claim's clock may be that moment in Beijing time)
            if any((t >= moment) if after else (t <= moment) for moment in _moments(at, s) for t in held):
                right = True
            else:
                wrong.extend(held)
        if wrong and not right:  # no cited series holds it on the side the claim gives, one holds it on the other
            word = "after" if after else "before"
            return (f"it gives {figure.text} {word} {side.group(1)}:{side.group(2)}, but the cited series holds "
                    f"{figure.text} only at {', '.join(hhmm(t) for t in wrong[:3])}")
    return None


def _ordered(series: Sequence[Series]) -> list[Series]:
    """The series whose points stand in time order (none past midnight: "23:45", "00:15" has no order to read)."""
    return [s for s in series if s.points and [p.second for p in s.points] == sorted(p.second for p in s.points)]


def _moments(written: int, s: Series) -> tuple[int, ...]:
    """The second of the day a claim's clock may be in a series: as written, and in UTC for epoch points."""
    return (written, (written - _EIGHT_HOURS) % _DAY) if _in_utc(s) else (written,)


def _in_utc(s: Series) -> bool:
    """The series' points are epoch timestamps, read as UTC seconds of the day."""
    return any(p.epoch for p in s.points)


def course_order_conflict(claim_text: str, series: Sequence[Series]) -> str | None:
    """"从 950 降到 120" over a series that shows 120 (14:00) before 950 (14:05): the course runs against time.
    Every point holding the later figure comes before every point holding the earlier one (an honest course has
    a later point somewhere after an earlier one, whatever else the points measure)."""
    text, places = numbers_with_places(claim_text)
    courses = [course for start, _, _ in places if (course := from_to_before(text, places, start + 1)) is not None]
    ordered = _ordered(series)
    if len({_in_utc(s) for s in ordered}) > 1:
        return None  # times in UTC beside times in another zone: no one order to read
    for earlier, later in courses:
        if not (_distinctive(earlier) and _distinctive(later)):
            continue
        # over every cited series (the course may run from one output into another)
        firsts = [p.second for s in ordered for p in s.points if _point_holds(p, earlier)]
        thens = [p.second for s in ordered for p in s.points if _point_holds(p, later)]
        if firsts and thens and max(thens) < min(firsts):
            return (f"it says the change went from {earlier.text} to {later.text}, but the cited series shows "
                    f"{later.text} at {hhmm(max(thens))} before {earlier.text} at {hhmm(min(firsts))}")
    return None


def _distinctive(number: NumberMention) -> bool:
    """A figure of two digits or more ("0", "3" stand in many lines of many measures: no order to read)."""
    figure = written_figure(number)
    return figure is not None and sum(c.isdigit() for c in figure.lstrip("0.")) >= 2


def _point_holds(point: Point, number: NumberMention) -> bool:
    if point.values:
        return any(_holds(v, number) for v in point.values)
    figure = written_figure(number)
    return figure is not None and contains_figure(point.line, figure)


def _holds(value: float, number: NumberMention) -> bool:
    """The value is the figure as written, a fraction too for a percent (0.121 for "12.1%")."""
    return holds_as_written(value, number) or (number.kind == "ratio" and holds_as_written(value * 100, number))


def _timed_columns(series: Series) -> list[list[tuple[int, float]]]:
    """(second of the day, value) of each column of each run of a series (a run ends where the times
    start again: a second table over the same minutes), whose points each hold as many values."""
    rows = [(p.second, values) for p in series.points if (values := tuple(p.values) or values_of(p))]
    runs: list[list[tuple[int, tuple[float, ...]]]] = [[]]
    for second, values in rows:
        if runs[-1] and second <= runs[-1][-1][0]:
            runs.append([])
        runs[-1].append((second, values))
    columns: list[list[tuple[int, float]]] = []
    for run in runs:
        widths = {len(values) for _, values in run}
        if len(run) >= 2 and len(widths) == 1:
            columns.extend([(second, values[i]) for second, values in run] for i in range(widths.pop()))
    return columns


def series_course_conflict(claim_text: str, series: Iterable[Series]) -> str | None:
    """A current value that is not the series' latest, or a steady rise / fall its points break."""
    steady = _STEADY.search(claim_text)
    current = any(word in claim_text for word in ("目前", "当前", "现在", "最新", "最近一次"))
    if not steady and not current:
        return None
    columns = [values for s in series for values in _restarting_runs(s) if len(values) >= 3]
    if not columns:
        return None
    text, numbers = numbers_with_places(claim_text)
    figures = [(start, n) for start, _, n in numbers if n.kind != "clock"]
    helds = [[(start, n) for start, n in figures if _index(values, n) is not None] for values in columns]
    # (of several label sets, the one holding most of the claim's figures is the one it speaks of: "分区 2
    # 13:30 只有 31 … 16:00 达到 268102" is no course of partition 0's, which shows a 31 as well)
    most = max(map(len, helds))
    for values, held in zip(columns, helds, strict=True):
        if not held or (steady and len(held) < most):
            continue
        if current:
            for start, n in held:
                if _CURRENT_VALUE.search(text, max(0, start - _REACH), start) and not holds_as_written(values[-1], n):
                    return f"it gives {n.text} as the current value, but the cited series ends at {values[-1]:g}"
        if steady:
            first = _index(values, held[0][1])
            assert first is not None
            # "此后持续上升，07:05 达到峰值 9": the rise runs to the peak it names, not past it (without a peak,
            # "持续上升到 9800" says it goes on rising)
            ends = [
                i for start, n in held[1:]
                if _PEAK_BEFORE.search(text, max(0, start - _REACH), start)
                and (i := _index_from(values, n, first)) is not None
            ]
            tail = values[first : max(ends) + 1] if ends else values[first:]
            rising = steady["up"] is not None
            broken = any((b < a) if rising else (b > a) for a, b in pairwise(tail))
            if broken:
                word = "rise" if rising else "fall"
                return f"it says a steady {word}, but the cited series goes {', '.join(f'{v:g}' for v in tail)}"
    return None


# "基本平稳", "保持稳定": a course that neither rises nor falls
_FLAT = re.compile(r"基本平稳|保持平稳|比较平稳|较为平稳|基本稳定|保持稳定|基本不变|没有明显变化|无明显变化|基本持平")
_FLAT_SPAN = 1.25  # a steady rise or fall by more than a quarter is no flat course
_DIP = 0.1  # of the window's range: a rise may dip that much on its way ("0.61, 0.58, 0.97")
_SINCE_AFTER = re.compile(r"\s?(?:之后|以后|后|起|开始|以来)")
_AFTER_IT = re.compile(r"此后|之后|随后|然后|接着")
_TO_BEFORE = re.compile(r"(?:到|至|~|～|-)\s?$")


def anchored_course_conflict(claim_text: str, series: Sequence[Series]) -> str | None:
    """A course said of a window the claim names by its clocks, which the cited series' points of that
    window break: "10:05 之后仍持续上升" over 1.382, 1.215, 0.412; "从 15:55 到 16:05 基本平稳" over a
    steady rise by more than a quarter."""
    steady = _STEADY.search(claim_text)
    flat = None if steady else _FLAT.search(claim_text)
    course = steady or flat
    if course is None:
        return None
    text, places = numbers_with_places(claim_text)
    first, last = sentence_part(text, course.start())
    clocks = [(start, end, n) for start, end, n in places if n.kind == "clock" and first <= start < last]
    before = [c for c in clocks if c[0] < course.start()]
    if not before:
        return None
    since = before[0][2]
    between = text[before[0][1] : course.start()]
    # the window runs from its clock to the clock the course runs to ("从 15:55 到 16:05 基本平稳", "此后持续
    # 上升，07:05 达到峰值 9"), or to the series' end
    to = next((c for c in before[1:] if _TO_BEFORE.search(text, before[0][1], c[0])), None)
    after = next((c for c in clocks if c[0] >= course.end()), None)
    until = (to or after or (None, None, None))[2]
    if not (_SINCE_AFTER.match(text, before[0][1]) or _AFTER_IT.search(between) or to):
        return None  # "10:05 的 P99 持续上升": a time, no window the course is said of
    runs = [(_in_utc(one), run) for one in series for run in _runs_in_time_order(one)]
    # (of several label sets, only one holding a figure the sentence gives its course: "分区 2 的 LAG 在
    # 13:30 只有 31，此后持续上升" is no course of partition 0's)
    figures = [n for s, _, n in places if n.kind != "clock" and first <= s < last]
    if figures:
        held = [sum(any(holds_as_written(p.values[0], n) for p in run) for n in figures) for _, run in runs]
        most = max(held, default=0)
        runs = [r for r, count in zip(runs, held, strict=True) if count and count == most]
    elif len(runs) > 1:
        return None  # several label sets and no figure to say which one the course is of
    for utc, points in runs:
        for offset in ((0, _EIGHT_HOURS) if utc else (0,)):
            start = (int(since.value) - offset) % _DAY
            stop = (int(until.value) - offset) % _DAY if until is not None else _DAY
            window = [p.values[0] for p in points if start <= p.second <= stop]
            if len(window) < 2:
                continue
            shown = ", ".join(f"{v:g}" for v in window)
            if steady:
                rising = steady["up"] is not None
                dip = _DIP * (max(window) - min(window))
                if any((b < a - dip) if rising else (b > a + dip) for a, b in pairwise(window)):
                    word = "rise" if rising else "fall"
                    return f"it says a steady {word} from {since.text}, but the cited series goes {shown}"
            elif _moves_steadily(window):
                return f"it says the course is flat from {since.text}, but the cited series goes {shown}"
    return None


def _runs_in_time_order(series: Series) -> list[list[Point]]:
    """The series' points with values, a new run where the time goes back (an output of two label sets)."""
    runs: list[list[Point]] = [[]]
    for point in (p for p in series.points if p.values):
        if runs[-1] and point.second <= runs[-1][-1].second:
            runs.append([])
        runs[-1].append(point)
    return [run for run in runs if len(run) >= 2]


def _moves_steadily(values: list[float]) -> bool:
    low, high = min(values), max(values)
    monotonic = all(b >= a for a, b in pairwise(values)) or all(b <= a for a, b in pairwise(values))
    return monotonic and low > 0 and high / low > _FLAT_SPAN


def _restarting_runs(series: Series) -> list[list[float]]:
    """The first value of each point, a new run where the times start again at the first time (an
    output of two label sets over the same minutes: order-events, then order-refunds)."""
    points = [p for p in series.points if p.values]
    runs: list[list[float]] = [[]]
    first = points[0].second if points else None
    for i, point in enumerate(points):
        if i and point.second == first and points[i - 1].second != first:
            runs.append([])
        runs[-1].append(point.values[0])
    return runs


_PEAK_BEFORE = re.compile(r"(?:峰值|最高点|最高值|顶峰|高点|peak)(?:为|是|达到|到)?\s?$", re.IGNORECASE)


def _index_from(values: list[float], number: NumberMention, start: int) -> int | None:
    """The last place after `start` holding the figure (a rise "到 7" runs to its last 7)."""
    return max((i for i in range(start + 1, len(values)) if holds_as_written(values[i], number)), default=None)


def _index(values: list[float], number: NumberMention) -> int | None:
    return next((i for i, v in enumerate(values) if holds_as_written(v, number)), None)


def last_state_as_current(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """A current state the cited kubectl output writes only on its `Last State:` lines."""
    if not _CURRENT_STATE.search(claim_text):
        return None
    folded = claim_text.lower()
    for state in _STATES:
        if state not in folded or not _currently(folded, folded.find(state)):
            continue
        for ev in cited:
            lines = ev.flat[: ev.text_end].split("\n")
            holding = [i for i, line in enumerate(lines) if state in line]
            if holding and all(_last_state(lines, i) for i in holding):
                return f"it gives {state!r} as the current state, but the cited output shows it as the last state"
    return None


def _last_state(lines: list[str], i: int) -> bool:
    """Line i is describe's "Last State: Terminated", or the yaml key under "lastState:"."""
    if _LAST_STATE_LINE.match(lines[i]):
        return True
    return i > 0 and _LAST_STATE_LINE.match(lines[i - 1]) is not None and lines[i - 1].rstrip().endswith(":")


def _currently(text: str, at: int) -> bool:
    """A current-state word governs the word at `at`: in its clause, with no word of an earlier time."""
    start = part_start(text, at)
    end_match = CLAUSE_BREAK.search(text, at)
    clause = text[start : end_match.start() if end_match else len(text)]
    return _CURRENT_STATE.search(clause) is not None and _EARLIER.search(clause) is None


def ago_as_window(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """A window ("最近 37 分钟内") whose span the cited output writes only as "(37m ago)"."""
    if "内" not in claim_text and "最近" not in claim_text and "过去" not in claim_text:
        return None
    text, numbers = numbers_with_places(claim_text)
    for start, _, n in numbers:
        if n.kind != "seconds" or not _WINDOW_BEFORE.search(text, max(0, start - 4), start):
            continue
        written = n.text.rstrip("内")
        minutes = n.value / 60
        short = f"{minutes:g}m" if minutes.is_integer() else ""
        if not short:
            continue
        outputs = [ev.flat[: ev.text_end] for ev in cited]
        spans = [m for out in outputs for m in re.finditer(rf"(?<![\d.]){re.escape(short)}(?![\d])(\s*ago)?", out)]
        if spans and all(m.group(1) for m in spans):
            return f"it reads {written!r} as a window, but the cited output says the last event was {short} ago"
    return None


_START_AFTER = re.compile(r"\s*(?:起|开始|以来|之后开始)")
_FIRST_BEFORE = re.compile(r"(?:最早|首次|第一次)(?:于|在|是|出现在|出现于|发生在|发生于)?\s*$")
_START_CUE = re.compile(r"起|开始|以来|最早|首次|第一次")
_AGAIN = re.compile(r"再次|再度|又|重新|复发")
_LINE_CLOCK = re.compile(r"(?<![\d:])(\d{2}):(\d{2})(?::(\d{2}))?")
_MIN_KEY = 8  # characters of a quoted message needed to find its other lines
_WORDS = re.compile(r"[a-z]{4,}")
_STAMP_CHARS = 40  # a log line's timestamp opens it
_BEIJING = re.compile(r"北京时间|东八区|utc\s?\+\s?0?8", re.IGNORECASE)
_EIGHT_HOURS = 8 * 3600
_DAY = 86_400


def earlier_first_occurrence(
    claim_text: str, usable_excerpts: Sequence[str], cited: Sequence[CallEvidence]
) -> str | None:
    """"从 06:03:40 开始报 X" / "X 最早出现在 06:03" while the cited log shows the quoted message earlier."""
    if not _START_CUE.search(claim_text) or _AGAIN.search(claim_text):
        return None  # "06:09 起再次被拒绝": a recurrence starts after earlier occurrences
    text, numbers = numbers_with_places(claim_text)
    starts = [
        n for start, end, n in numbers
        if n.kind == "clock" and (_START_AFTER.match(text, end) or _FIRST_BEFORE.search(text, max(0, start - 8), start))
    ]
    if not starts:
        return None
    # a quoted log message (words, no time of its own: not a series' points), found on other lines
    keys = [
        key
        for e in usable_excerpts
        if len(key := without_leading_timestamp(fold(e))) >= _MIN_KEY
        and _WORDS.search(key)
        and not _LINE_CLOCK.search(key)
    ]
    # every time of day the claim writes, a date-time's too ("2026-08-12T09:14:02Z 用户 … 更新了 …")
    written = [int(h) * 3600 + int(m) * 60 + int(sec or 0) for h, m, sec in _LINE_CLOCK.findall(text)]
    for claimed in starts:
        for ev in cited:
            out = ev.flat[: ev.text_end]
            if "\n" not in out:
                continue  # a log has lines
            for key in keys:
                first = _first_clock_of(out, key)
                if first is not None and any(abs(w - first) < 60 for w in written):
                    continue  # "变慢从 09:50 开始，紧跟在 09:41 删除索引之后": the claim dates the quoted line itself
                in_beijing = first is not None and (first + _EIGHT_HOURS) % _DAY
                if in_beijing and _BEIJING.search(claim_text) and abs(claimed.value - in_beijing) < 60:
                    continue  # "北京时间 11:12 开始" over a UTC line at 03:12:44Z: the same moment
                if first is not None and claimed.value - first >= 60:
                    shown = f"{int(first) // 3600:02d}:{int(first) % 3600 // 60:02d}:{int(first) % 60:02d}"
                    return f"it says it started at {claimed.text}, but the cited output shows it at {shown}"
    return None


def _first_clock_of(out: str, key: str) -> float | None:
    """The earliest time of day on the lines of `out` that hold `key` (at most 64 lines read)."""
    earliest: float | None = None
    at, seen = out.find(key), 0
    while at != -1 and seen < 64:
        seen += 1
        line_start = out.rfind("\n", 0, at) + 1
        clock = _LINE_CLOCK.search(out, line_start, min(at, line_start + _STAMP_CHARS))  # the line's timestamp
        if clock:
            second = int(clock[1]) * 3600 + int(clock[2]) * 60 + int(clock[3] or 0)
            earliest = second if earliest is None else min(earliest, second)
        next_line = out.find("\n", at)
        at = out.find(key, next_line) if next_line != -1 else -1
    return earliest


def time_course_conflict(
    claim_text: str, cited: Sequence[CallEvidence], series: Iterable[Series], excerpts: Sequence[str] = ()
) -> str | None:
    """The first of this module's readings that the cited outputs contradict, as a detail."""
    course = "从" in claim_text
    sides = ("之" in claim_text or "以" in claim_text) and _SIDE_OF_A_TIME.search(claim_text) is not None
    window = _STEADY.search(claim_text) is not None or _FLAT.search(claim_text) is not None
    if course or sides or window or _TURN_AFTER.search(claim_text):  # (the series are parsed lazily: only when asked)
        series = list(series)
    return (
        earlier_first_occurrence(claim_text, excerpts, cited)
        or ongoing_after_recovery(claim_text, cited)
        or series_course_conflict(claim_text, series)
        or (anchored_course_conflict(claim_text, series) if window and isinstance(series, list) else None)
        or (turn_after_a_time_conflict(claim_text, series) if isinstance(series, list) else None)
        or (course_order_conflict(claim_text, series) if course and isinstance(series, list) else None)
        or (figure_on_the_wrong_side(claim_text, series) if sides and isinstance(series, list) else None)
        or last_state_as_current(claim_text, cited)
        or ago_as_window(claim_text, cited)
    )

