"""A claim's number that the trace states in another form than its literal digits.

- the port of an address ("9000 端口" over "10.244.1.33:9000");
- the sum or mean of one column of the rows a claim quotes, where it says 合计 / 平均;
- a clock the claim gives as approximate (约 / 左右), within five minutes;
- a clock in a named zone that the outputs write only in another zone (the opposite: absent);
- for sentences without citations (an answer's): the same moment in the zone the sentence names, a
  searched window restated as scope, a port, an approximate clock.

Each is a fact of the trace (spec §7: a number "follows" from the outputs by conversion or one step of
arithmetic over stated operands), so what they decide is hard, like the literal search.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from ..text.arithmetic import matches_directly, tolerance
from ..text.chinese_numerals import count_value
from ..text.normalize import contains_token, fold
from ..text.own_arithmetic import SUBJECT_ONLY
from ..text.session_memo import memoised
from ..text.tokens import LIST_JOINER, RANGE_BETWEEN, NumberMention, extract_mentions, iter_numbers, numbers_with_places
from ..text.wording import part_start, search_total, sentence_part, split_sentences
from .listed_totals import NAME_LIST, NAME_LIST_SEPARATOR
from .number_bounds import bound_held_by, bound_of
from .restated_units import every_n_has_m, rate_period_location, restates_a_located_figure
from .series_means import MEAN_WORD, mean_of_cited_values
from .table_columns import columns_with_units, group_columns, numeric_columns, row_groups, row_keys
from .table_rows import COLUMN_GAP
from .time_context import (
    restated_window,
    searched_since,
    searched_windows,
    shifted_from,
    written_zones,
    zone_carried_to,
    zone_label,
    zone_shifted,
)
from .trace_index import CallEvidence, TraceIndex, literal_number_in
from .window_totals import total_over_a_window

_PORT_WORD = re.compile(r"端口|\bport\b|监听(?!队列)|\blisten(?!\s*queue)|\bbind\b|绑定", re.IGNORECASE)
# "监听 443" / "绑定 6379" name a port the output listens on or binds: its line says so, not any address's port
_LISTEN_LINE = re.compile(r"listen|bind|监听|绑定", re.IGNORECASE)
_BARE_PORT_WORD = re.compile(r"端口|\bport\b", re.IGNORECASE)
_ADDRESS_BEFORE = re.compile(r"(?:\d{1,3}(?:\.\d{1,3}){3}|[a-z][\w.\-]*|\]):$")


def port_of_an_address(claim_text: str, number: NumberMention, cited: list[CallEvidence]) -> bool:
    """The claim names the number a port, and a cited output writes it after an address (host:port)."""
    digits = number.text
    if not digits.isdigit() or not _PORT_WORD.search(claim_text):
        return False
    text, places = numbers_with_places(claim_text)
    windows = [(max(0, start - 4), min(len(text), end + 4)) for start, end, n in places if n.text == digits]
    if not any(_PORT_WORD.search(text, a, b) for a, b in windows):
        return False
    # a figure only a word of listening ties ("绑定 6379 失败") is a port the output's line listens on or binds
    listening = not any(_BARE_PORT_WORD.search(text, a, b) for a, b in windows)
    for ev in cited:
        flat, stop = ev.flat, ev.text_end
        at = flat.find(":" + digits, 0, stop)
        while at != -1:
            after = at + 1 + len(digits)
            address = not flat[after : after + 1].isdigit() and _ADDRESS_BEFORE.search(flat, max(0, at - 64), at + 1)
            line = (flat.rfind("\n", 0, at) + 1, _line_end(flat, after))
            if address and (not listening or _LISTEN_LINE.search(flat, *line)):
                return True
            at = flat.find(":" + digits, at + 1, stop)
        if "." + digits in flat and _dotted_port_of(text, places, digits, flat, stop):
            return True  # tcpdump writes an address's port after a dot: "10.6.4.9.5432 >"
    return False


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end == -1 else end


def _dotted_port_of(
    text: str, places: Sequence[tuple[int, int, NumberMention]], digits: str, flat: str, stop: int
) -> bool:
    """tcpdump's "10.6.4.9.5432": the port of the address the claim names right before it ("10.6.4.9 的
    5432 端口"), not the peer's."""
    owners = [
        ip.group(0)
        for start, _, n in places
        if n.text == digits
        for ip in [_last_ip_before(text, start)]
        if ip is not None
    ]
    if not owners:
        return False
    return any(_standalone_at(flat, f"{ip}.{digits}", stop) for ip in owners)


def _standalone_at(flat: str, text: str, stop: int) -> bool:
    """`text` in `flat[:stop]` with no digit or dot glued to either side (a find, no copy, no regex)."""
    at = flat.find(text, 0, stop)
    while at != -1:
        before = flat[at - 1 : at]
        after = flat[at + len(text) : at + len(text) + 1]
        if not (before.isdigit() or before == "." or after.isdigit() or after == "."):
            return True
        at = flat.find(text, at + 1, stop)
    return False


def _last_ip_before(text: str, start: int) -> re.Match[str] | None:
    found = list(_IPV4_IN_CLAIM.finditer(text, max(0, start - _OWNER_REACH), start))
    return found[-1] if found and start - found[-1].end() <= _OWNER_GAP else None


_IPV4_IN_CLAIM = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])")
_OWNER_REACH = 40
_OWNER_GAP = 6  # "10.6.4.9 的 5432": the address, 的, the port


_FIGURES_READ = 2000
_CONVERTIBLE = frozenset({"bytes", "seconds"})
_FRACTION_DECIMALS = 2  # "0.9990" is a fraction; "0.5" may be half a core as well as half of a whole


def _figures(flat: str) -> tuple[NumberMention, ...]:
    """The figures of the claims' text, read once per session (every answer number asks)."""
    return memoised("claim_figures", flat, lambda text: tuple(iter_numbers(text, _FIGURES_READ)))


_GROUPED = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


_COMPOUND = re.compile(r"\d\s?(?:天|小时|时|分钟|分)\s?\d")  # a duration in parts: "22小时49分"


def restates_a_figure_of(flat: str, number: NumberMention) -> bool:
    """The number as `flat` (the claims' folded text) writes it, one of its sizes or durations in
    another unit ("上限 256MB" over "262144.0 KB"), or, given as approximate ("约 35%", "约 1.84 秒"),
    one of its figures rounded ("35.4%", "1840211 微秒")."""
    if literal_number_in(flat, number):
        return True
    if _COMPOUND.search(number.text) and any(  # "约 22 小时 49 分", read as a claim reads it
        n.kind == number.kind and abs(n.value - number.value) <= tolerance(number)
        for n in extract_mentions(flat).numbers
    ):
        return True
    if "," in number.text and literal_number_in(_GROUPED.sub("", flat), number):
        return True  # "186,455 次" over a claim's "186,455 条": the digits grouped by thousands
    if number.approx:
        return matches_directly(number, _figures(flat))
    if number.kind == "ratio":  # "99.9% 的阈值" over a claim's "0.9990 阈值": a fraction as a percent
        fractions = [n for n in _figures(flat) if n.kind == "plain" and 0 < n.value <= 1]
        return any(n.decimals >= _FRACTION_DECIMALS and abs(n.value - number.value) <= tolerance(number)
                   for n in fractions)
    if number.kind not in _CONVERTIBLE:
        return False  # an exact figure is no rounding: "35%" over "35.4%"
    converted = [n for n in _figures(flat) if n.kind == number.kind and n.factor != number.factor]
    return matches_directly(number, converted)  # "上限 256MB" over "262144.0 KB"


def written_another_way(text: str, number: NumberMention, index: TraceIndex, context: str = "") -> bool:
    """A number of a sentence without citations (an answer's) that the trace states in another form:
    the same moment in the zone the sentence names ("北京时间 14:02" over "06:02:11Z"), the window a
    call searched over restated as scope ("最近 10 分钟"), a port of an address ("6379 端口"), a clock
    given as approximate ("两点一刻左右"), a bound an output's value holds ("不到 4%"), what is left of
    two of the sentence's figures ("上限 200 … 198 个 … 剩 2 个"), a share of two
    figures of `context` (the whole answer, each of its figures checked on its own; the sentence when
    empty), a conversion of another figure of the sentence ("125 MB/s（约 1 Gbps）")."""
    calls = [ev for ev in index.calls.values() if ev.ok]
    if number.kind == "clock" and any(index.number_anywhere(n) for n in zone_shifted(text, number)):
        return True
    if searched_since(text, number, (ev.call.arguments for ev in calls)):
        return True  # "统计 11 点之后的访问日志" over a search from 11:00
    if number.kind == "clock" and local_time_of_a_utc_clock(text, number, calls):
        return True  # "14:10" over a Prometheus point at 06:10 UTC: the same moment in Beijing time
    if clock_of_a_written_offset(text, number, calls):
        return True  # "北京时间 20:48:07" over "15:48:07 +0300"
    carried = zone_carried_to(context, text) if number.kind == "clock" else None
    if carried is not None and index.number_anywhere(shifted_from(number, carried)):
        return True  # "北京时间 14:00 … ；14:03 略降": the zone an earlier sentence of the answer names
    if sum_of_its_own_figures(text, number):
        return True  # "BackOff 57 次、FailedMount 12 次、Unhealthy 3 次，合计 72 次"
    if product_of_its_own_figures(text, number):
        return True  # "每个 worker 1024 个连接，4 个 worker 总共约 4096 个"
    if every_n_has_m(text, number, index.number_anywhere):
        return True  # "约 41.3%，差不多每 10 个请求就有 4 个失败"
    if restates_a_located_figure(text, number, index.number_anywhere):
        return True  # "约 125 MB/s（约 1 Gbps）": the sentence's own conversion of a figure the trace states
    if rate_period_location(text, number, calls, all_rates=False) == "cited":
        return True  # "每分钟约 2550 次" over a rate() query's 42.5 per second
    if remainder_of_its_own_figures(text, number):
        return True  # "上限 200，现在已经有 198 个连接，只剩 2 个空位"
    if multiple_of_its_own_figures(text, number):
        return True  # "老节点是 262144，新节点是 65530，差了 4 倍"
    if offset_between_its_clocks(text, number, index.number_anywhere):
        return True  # "00:14:06 内核 panic，5 分钟后 00:19 机器重新启动"
    if gap_between_clocks(text, number, context, index.number_anywhere):
        return True  # "09:48:13 停了 … 09:47:58 就已经存在，早了 15 秒"
    if size_of_a_range(text, number):
        return True  # "32768～60999，共 28232 个端口"
    if total_of_a_column(text, number, calls):
        return True  # "app 库现在一共 491 个连接" over a table's counts 38, 141, 312
    if mean_of_cited_values(text, number, calls):
        return True  # "错误率平均约 64.8" over a series of 12.5, 48.0, 97.5, 101.0
    if counts_its_named_items(text, number):
        return True  # "3 台里有 2 台（10.20.3.11、10.20.3.12）失败，只剩 10.20.3.13 正常"
    # the operands of a share are the sentence's own, or the answer's where the sentence says whose share
    # it is (占 / 其中 / 比例): "一共 1 万个请求 … 500 错误 370 个，占 3.7%"
    share_context = context if context and _SHARE_WORD.search(text) else text
    if share_of_its_own_figures(share_context, number, text):
        return True  # "一共 1 万个请求 … 500 错误 370 个，约 3.7%"
    bound = bound_of(text, number)
    if bound is not None and bound_held_by(bound, number, calls, text):
        return True  # "可用内存不到 4%" over 0.0375
    if number.kind == "clock" and about_a_cited_clock(text, number, calls):
        return True  # "两点一刻左右"
    if number.kind == "seconds":
        windows = searched_windows(index.session.original_query, (ev.call.arguments for ev in calls))
        if restated_window(text, number, windows):
            return True
    return number.kind == "plain" and port_of_an_address(text, number, calls)


def sum_of_its_own_figures(text: str, number: NumberMention) -> bool:
    """The sentence says it adds up (合计 / 一共) and the figure is the sum of its other figures of the
    same kind: the operands are in the sentence, each checked on its own."""
    if number.kind == "clock" or search_total(text) is None:
        return False
    if _restates_a_written_sum(text, number) or _sum_of_its_breakdown(text, number) or _sum_of_the_list_before(
        text, number
    ):
        return True
    others = [n for n in extract_mentions(text).numbers if n is not number and n.kind == number.kind and n != number]
    if len(others) < 2:
        return False
    # "三类合计 72 次": a count of the addends themselves ("三类", "3 项") is no addend
    counts = [n for n in others if n.value == len(others) - 1 and n.decimals == 0]
    operand_sets = [others] + [[n for n in others if n is not c] for c in counts[:1]]
    return any(
        len(operands) >= 2
        and matches_directly(number, [operands[0]._replace(text=f"{total:g}", value=total)])
        for operands in operand_sets
        for total in [sum(n.value for n in operands)]
    )


_EACH = re.compile(r"每个|每台|每条|各自|各|平均|分别")
_BREAKDOWN = re.compile(r"\s?[（(]([^（）()]{4,120})[)）]")


def _sum_of_the_list_before(text: str, number: NumberMention) -> bool:
    """"三个工作区分别为 58.30、57.90、56.80 GB，合计 173.00 GB": the figures of the list that ends right before
    the total's clause (joined by 、 / 和, two or more of its kind) add up to it, whatever other figures the
    sentence gives ("已用 238.06 GB")."""
    prepared, places = numbers_with_places(text)
    at = next((i for i, (_, _, n) in enumerate(places) if n == number), None)
    if at is None or at < 2 or not _BEFORE_A_TOTAL.fullmatch(prepared, places[at - 1][1], places[at][0]):
        return False
    listed = [places[at - 1][2]]
    for i in range(at - 1, 0, -1):
        if not LIST_JOINER.fullmatch(prepared, places[i - 1][1], places[i][0]):
            break
        listed.append(places[i - 1][2])
    addends = [n.value for n in listed if n.kind == number.kind]
    return len(addends) >= 2 and len(addends) == len(listed) and abs(sum(addends) - number.value) <= tolerance(number)


_BEFORE_A_TOTAL = re.compile(r"\s?[，,]?\s?(?:合计|总计|总共|一共|共计|共|加起来)(?:为|是|约|达)?\s?")


def _sum_of_its_breakdown(text: str, number: NumberMention) -> bool:
    """"合计 2955 次（09:50 为 1006 次，09:51 为 1949 次）": the figures of the bracket right after the total,
    two or more of its kind, add up to it."""
    prepared, places = numbers_with_places(text)
    end = next((e for _, e, n in places if n == number), None)
    bracket = _BREAKDOWN.match(prepared, end) if end is not None else None
    if bracket is None:
        return False
    parts = [n.value for s, _, n in places if bracket.start(1) <= s < bracket.end(1) and n.kind == number.kind]
    return len(parts) >= 2 and abs(sum(parts) - number.value) <= tolerance(number)


def _restates_a_written_sum(text: str, number: NumberMention) -> bool:
    """"合计积压约 83 万条（279117 + 287481 + 268207 = 834805）": the figure restates a sum the sentence
    writes out with its addends (a count of the addends, "3 个分区", is none of them)."""
    counted = ("count", "plain")
    if number.kind not in counted or _EACH.search(text):
        return False  # "每个都积压了约 83 万条": each one, not the sum
    figures = [n for n in extract_mentions(text).numbers if n != number and n.kind in counted][:_MAX_FACTORS]
    for total in figures:
        addends = [n for n in figures if n is not total and n.value < total.value]
        addends = [n for n in addends if n.value != len(addends) - 1 or n.decimals] if len(addends) > 2 else addends
        written = len(addends) >= 2 and abs(sum(n.value for n in addends) - total.value) <= 0.5
        if written and matches_directly(number, [total]):
            return True
    return False


def product_of_its_own_figures(text: str, number: NumberMention) -> bool:
    """The sentence says per (每) and in all (共 / 总共 / 合计), or what is possible at most (理论上最多 /
    上限), and the figure is the product of two of its other figures: "每个 worker 1024 个连接，4 个 worker
    总共 4096 个", "POOL_SIZE 为 3000，现有 4 个副本，理论上最多可建 12000 个连接". The operands are checked
    on their own."""
    if number.kind == "clock" or _EACH_OF_ALL.search(text):
        return False  # "4 个 Pod 每个都重启了 7 次" says each one did: a claim about every one, no setting
    if not (("每" in text and search_total(text) is not None) or _AT_MOST_POSSIBLE.search(text)):
        return False
    others = [n for n in extract_mentions(text).numbers if n is not number and n != number and n.kind != "clock"]
    if len(others) > _MAX_FACTORS:
        return False
    tol = tolerance(number)
    return any(
        abs(a.value * b.value - number.value) <= tol
        for i, a in enumerate(others)
        for b in others[i + 1 :]
        if (a.kind in _FACTOR_KINDS or b.kind in _FACTOR_KINDS)
    )


_MAX_FACTORS = 8
_EACH_OF_ALL = re.compile(r"每[^，。；,;]{0,6}?都")
# what is possible at most: "理论上最多可建 12000 个", "满并发就要 20 核"
_AT_MOST_POSSIBLE = re.compile(
    r"理论上|最多可|最多能|最大可|最大能|上限(?:为|是)|一共可|总共可|满并发|并发(?:跑|打)满|满负荷|满载"
)
_FACTOR_KINDS = frozenset({"plain", "count"})  # one factor is a count: "4 个 worker" × "1024 个连接"
_PIPE = re.compile(r"\s*\|\s*")
_VECTOR_VALUE = re.compile(r'"value":\s*\[\s*\d{9,10}(?:\.\d+)?\s*,\s*"(\d+(?:\.\d+)?)"\s*\]')
_INTEGER = re.compile(r"\d{1,12}")
_POINT_PAIR = r'\[\s*"[^"\[\]]{1,40}"\s*,\s*"?(\d+(?:\.\d+)?)"?\s*\]'
_POINT_LIST = re.compile(rf"\[\s*(?:{_POINT_PAIR}\s*,\s*)+{_POINT_PAIR}\s*\]")
_POINT_VALUE = re.compile(_POINT_PAIR)
_POINT_SCAN = 200_000
_MAX_TABLE_LINES = 200


def total_of_a_column(
    text: str, number: NumberMention, calls: Sequence[CallEvidence], quotes: Sequence[str] = ()
) -> bool:
    """The sentence says it adds up (一共 / 合计) and the figure is the sum of one column of a table an
    output prints ("app 库现在一共 491 个连接" over pg_stat_activity's counts 38, 141, 312): the
    operands are the output's own rows, one step of arithmetic (spec §7)."""
    if search_total(text) is None or number.kind == "clock":
        return False
    if total_over_a_window(text, number, calls, quotes):
        return True  # "10:30–10:33，合计 6611 次" over that window's points of a per-minute series
    # a count of the things it adds ("4 个 Pod 内存合计 253Mi") must be the column's: a sum of more rows is
    # a sum of other things too
    counted = _counts_in_its_part(text, number)
    if _total_of_a_row_group(text, number, calls, quotes, counted):
        return True  # "三个 ingester 内存合计 2973Mi" over the rows it quotes; "tempo 命名空间…合计 4116Mi"
    if number.kind not in ("count", "plain"):
        # "内存 request 合计 492 Mi" over "128 Mi", "100 Mi"…; "共约 165.7 req/s" over an instant vector's rates
        return _total_with_a_unit(number, calls, counted) or _total_of_a_vector(number, calls)
    if number.decimals:
        return False
    target = number.value
    for ev in calls:
        flat = ev.flat[: ev.out_end]
        if '"resulttype": "vector"' in flat:  # one value per series: their sum ("1284 + 97 + 12")
            values = [float(v) for v in _VECTOR_VALUE.findall(flat)]
            if len(values) >= 2 and abs(sum(values) - target) < 1e-9 * max(1.0, target):
                return True
        if "[[" in flat:  # a list of (label, value) points: "[["22:00-23:00", 6], ["23:00-00:00", 148], …]"
            for points in _POINT_LIST.finditer(flat, 0, _POINT_SCAN):
                values = [float(v) for v in _POINT_VALUE.findall(points.group(0))]
                if len(values) >= 2 and abs(sum(values) - target) < 1e-9 * max(1.0, target):
                    return True
        if "\n" not in flat:
            continue
        if any(len(c) >= 2 and sum(c) == target and _of_count(c, counted) for c in numeric_columns(ev)):
            return True  # fields apart by white space: "…18819302       286431 consumer-…"
        sums: dict[int, int] = {}
        counts: dict[int, int] = {}
        for line in flat.split("\n", _MAX_TABLE_LINES)[:_MAX_TABLE_LINES]:
            cells = _PIPE.split(line.strip(" |")) if "|" in line else COLUMN_GAP.split(line.strip())
            for i, cell in enumerate(cells):
                if _INTEGER.fullmatch(cell):
                    sums[i] = sums.get(i, 0) + int(cell)
                    counts[i] = counts.get(i, 0) + 1
        if any(counts[i] >= 2 and total == target for i, total in sums.items()):
            return True
        if _total_of_a_named_key(fold(text), target, flat, counted):
            return True  # "8 个 CPU 的 drop 合计 179790" over conntrack -S's "drop=22871" lines
    return False


_KEYED_COUNT = re.compile(r"(?<![\w.\-])([a-z_][a-z0-9_.\-]*)[\"']?\s?[:=]\s?[\"']?(\d+)(?![\d.])")
_KEY_SCAN = 200_000


def _total_of_a_named_key(folded_claim: str, target: float, flat: str, counted: set[float]) -> bool:
    """The figure is the sum of the values of one key over the output's lines, a key the claim names
    ("drop", "rows_estimate"): a total of what it names, no other key's. Lines naming something the claim
    names that other lines of the key do not ("node-1 的 drop 合计", "error 日志的 count 合计") are the only ones
    added: the total is of that subject."""
    values: dict[str, list[tuple[int, int]]] = {}  # key -> (where it stands, its value)
    for m in _KEYED_COUNT.finditer(flat, 0, _KEY_SCAN):
        values.setdefault(m.group(1), []).append((m.start(), int(m.group(2))))
    for key, found in values.items():
        if len(found) < 2 or not re.search(rf"(?<![a-z0-9_.\-]){re.escape(key)}(?![a-z0-9_.\-])", folded_claim):
            continue
        lines = [(_line_around(flat, at), v) for at, v in found]
        names = [t for t in _CLAIM_NAME.findall(folded_claim) if t != key]
        # the claim's names some of the key's lines hold and others do not: its subject among them
        subject = [t for t in names if 0 < sum(contains_token(line, t) for line, _ in lines) < len(lines)]
        kept = [v for line, v in lines if all(contains_token(line, t) for t in subject)]
        if len(kept) >= 2 and sum(kept) == target and (not counted or len(kept) in counted):
            return True
    return False


_CLAIM_NAME = re.compile(r"[a-z][a-z0-9_.\-]*[a-z0-9]")


def _line_around(text: str, at: int) -> str:
    end = text.find("\n", at)
    return text[text.rfind("\n", 0, at) + 1 : end if end != -1 else len(text)]


def _counts_in_its_part(text: str, number: NumberMention) -> set[float]:
    """The counts the sentence part of the figure gives ("72 个 Pod 共 6612Mi；default 合计 1875Mi": none
    for 1875Mi)."""
    prepared, places = numbers_with_places(text)
    at = next((s for s, _, n in places if n == number), None)
    if at is None:
        return {n.value for n in extract_mentions(text).numbers if n.kind == "count" and n != number}
    start, end = sentence_part(prepared, at)
    return {n.value for s, _, n in places if start <= s < end and n.kind == "count" and n != number}


def _total_with_a_unit(number: NumberMention, calls: Sequence[CallEvidence], counted: set[float]) -> bool:
    """The figure is the sum of a table column whose rows write one unit after their figures, or of a bare
    column, its digits the figure's as written ("前 5 个目录合计 47298 MiB" over `du -sm`'s rows)."""
    written = number.value / number.factor if number.factor else number.value
    for ev in calls:
        for values, unit in columns_with_units(ev):
            if len(values) < 2 or not _of_count(values, counted):
                continue
            if not unit and abs(sum(values) - written) <= 1e-9 * max(1.0, written):
                return True
            if unit and matches_directly(number, iter_numbers(f"{sum(values):g} {unit}", 1)):
                return True
    return False


def _total_of_a_row_group(
    text: str, number: NumberMention, calls: Sequence[CallEvidence], quotes: Sequence[str], counted: set[float]
) -> bool:
    """The sum of one column over the rows the claim quotes, or over the rows one of its names keys."""
    names = row_keys(text)
    for ev in calls:
        for group in row_groups(ev, names, quotes):
            for values, unit in group_columns(group):
                if not _of_count(values, counted):
                    continue
                if unit and matches_directly(number, iter_numbers(f"{sum(values):g}{unit}", 1)):
                    return True
                if not unit and number.kind in ("count", "plain") and sum(values) == number.value:
                    return True
    return False


def _total_of_a_vector(number: NumberMention, calls: Sequence[CallEvidence]) -> bool:
    """The figure is the sum of an instant vector's values, in the unit the claim writes (a rate() query's
    values are per second)."""
    written = number.value / number.factor if number.factor else number.value
    for ev in calls:
        flat = ev.flat[: ev.text_end]  # (the output's own text: a decoded copy would count each value twice)
        if '"resulttype": "vector"' in flat:
            values = [float(v) for v in _VECTOR_VALUE.findall(flat)]
            if len(values) >= 2 and abs(sum(values) - written) <= tolerance(number) / (number.factor or 1.0):
                return True
    return False


def _of_count(column: list[float], counted: set[float]) -> bool:
    """The column has as many rows as a count the sentence gives, when it gives one."""
    return not counted or len(column) in counted


# (not the parts of a clock or a date: "10:00-10:20", "2026-11-30")
_ITEM_COUNT = re.compile(r"\d+\s?(?:台|个|家|条|组|套|处|块|张|颗|只)$")
_BRACKETED_LIST = re.compile(r"\s?[(（]\s*([^()（）]*)[)）]")
_ONLY_BEFORE = re.compile(r"(?:只有|只剩|仅有|仅|只|一共|总共|共|全部|所有)\s*$")
_MAX_NAMED_ITEMS = 20


def counts_its_named_items(text: str, number: NumberMention) -> bool:
    """A count of things ("2 台") right before the brackets that name as many identifiers: "有 2 台
    （10.20.3.11、10.20.3.12）失败". The items are the sentence's own, each checked on its own; a count
    said to be all there is ("只有 3 个（…）", "共 3 台（…）") claims more than the list, and is not read so."""
    if number.kind != "count" or number.decimals or not _ITEM_COUNT.search(number.text):
        return False
    if not 2 <= number.value <= _MAX_NAMED_ITEMS:
        return False
    flat, places = numbers_with_places(text)
    for start, end, n in places:
        if n is not number and n != number:
            continue
        if _ONLY_BEFORE.search(flat, max(0, start - 4), start):
            continue
        listed = _BRACKETED_LIST.match(flat, end)
        if listed and len(set(extract_mentions(listed.group(1)).entities)) == number.value:
            return True
    return False


_RANGE = re.compile(r"(?<![\d.:\-])(\d{1,9})\s?[～~\-–—到至]\s?(\d{1,9})(?![\d.:\-])")


def size_of_a_range(text: str, number: NumberMention) -> bool:
    """"端口范围为 32768～60999，共 28232 个": the sentence says it counts (共 / 一共) a range it writes,
    and the figure is how many whole numbers the range holds."""
    if number.kind not in ("count", "plain") or number.decimals or search_total(text) is None:
        return False
    return any(int(hi) - int(lo) + 1 == number.value for lo, hi in _RANGE.findall(text) if int(hi) > int(lo))


_SHARE_WORD = re.compile(r"占|其中|比例|占比")
_EXCESS = re.compile(r"超了|超出|超过了|多了|多出|高出|高了|增长了?|上涨了?|涨了|增加了|大了")
_REMAINDER = re.compile(r"剩|余|差|还有|多出|少了|空出|空位|缺口|相差|多了")
# a backlog is what lies between the two positions just before it ("拉取到 90221467，只执行到 90218873，有 2594
# 个事务在排队"), never between any two figures of the sentence
_BACKLOG = re.compile(r"排队|积压|堆积|待执行|未执行|待处理|未处理|未消费")
# a change between two readings the sentence gives in order ("已累计 1837294 … 涨到 1849512，一分钟新增 12218 个"):
# growth from the earlier to the later, a fall from the earlier to the later
_GROWTH = re.compile(r"新增|增加|增长|上涨|涨了|增量|多了")
_FALL = re.compile(r"下降|降了|减少|回落|少了")


def _place_of(places: Sequence[tuple[int, int, NumberMention]], number: NumberMention) -> int | None:
    """The index of `number` among a text's numbers with their places (`numbers_with_places`)."""
    return next((i for i, (_, _, n) in enumerate(places) if n == number), None)


def _measure(number: NumberMention) -> str:
    """What a figure counts, as written after its digits ("次", "条", "" for a bare one)."""
    return number.text.lstrip("+-0123456789.,")


def remainder_of_its_own_figures(text: str, number: NumberMention) -> bool:
    """The sentence says what is left, how far apart or how much it grew (剩 / 相差 / 多出 / 新增 / 下降) and
    the figure is the difference of two of its other figures of one kind ("上限 200，现在已经有 198 个连接，
    只剩 2 个空位"; "已累计 1837294，隔 60 秒再看涨到 1849512，一分钟新增 12218 个")."""
    if number.kind == "clock":
        return False
    left, growth, fall = _REMAINDER.search(text), _GROWTH.search(text), _FALL.search(text)
    backlog = _BACKLOG.search(text)
    if not (left or growth or fall or backlog):
        return False
    counted = ("count", "plain")
    others = [
        n for n in extract_mentions(text).numbers
        if n != number and (n.kind == number.kind or (n.kind in counted and number.kind in counted))
    ]
    tol = tolerance(number)
    if left and any(abs(a.value - b.value - number.value) <= tol for a in others for b in others if a.value > b.value):
        return True
    # a change: the two readings the sentence gives just before the figure, the later minus the earlier
    _, places = numbers_with_places(text)
    at = _place_of(places, number)
    before = [n for _, _, n in places[:at] if n in others][-2:] if at is not None else []
    # two readings of one measure ("1520 次" and "QPS 980" are two measures), the figure's own or bare
    measures = {_measure(n) for n in before}
    if len(before) < 2 or len(measures) > 1 or not measures <= {"", _measure(number)}:
        return False
    change = before[1].value - before[0].value
    return bool(
        (growth and abs(change - number.value) <= tol)
        or (fall and abs(-change - number.value) <= tol)
        or (backlog and abs(abs(change) - number.value) <= tol)
    )


# how far apart two moments are: "比复制报错早了 15 秒" (this one earlier), "晚了" (later), "相隔" (either)
_EARLIER = re.compile(r"早了|早")
_LATER = re.compile(r"晚了|晚|迟了")
_APART = re.compile(r"相隔|间隔|隔了|相差|差了")
_MAX_CLOCKS = 12


def _with_sentence_before(text: str, context: str) -> str:
    """The sentence and the one before it in `context` (the answer): a gap is said against a moment just
    named, not against any clock of the answer."""
    sentences = split_sentences(context) if context else []
    at = next((i for i, s in enumerate(sentences) if text.strip() in s or s in text), None)
    return text if at is None or at == 0 else sentences[at - 1] + text


def gap_between_clocks(
    text: str, number: NumberMention, context: str, located: Callable[[NumberMention], bool]
) -> bool:
    """A duration by which the sentence says its moment is earlier (早了), later (晚了) or apart (相隔) from
    another, which is the gap between the sentence's clock the word is said of and a clock of the sentence or of
    `context` (the whole answer), each of which the trace states (`located`), in that direction:
    "复制在 09:48:13 停了。这条记录在 09:47:58 就已经存在，比复制报错早了 15 秒". No duration of an event
    ("持续了 15 分钟"): when it ended is what a claim must say."""
    if number.kind != "seconds":
        return False
    earlier, later, apart = _EARLIER.search(text), _LATER.search(text), _APART.search(text)
    word = earlier or later or apart
    if word is None:
        return False
    # the moment the comparison is said of: the sentence's last clock before its word ("这条记录在 09:47:58
    # 就已经存在，比复制报错早了 15 秒"), else its first
    prepared, places = numbers_with_places(text)
    at = prepared.find(word.group(0))
    own = [(start, n) for start, _, n in places if n.kind == "clock"]
    if not own:
        return False
    subject = max(((start, n) for start, n in own if start < at), default=own[0], key=lambda p: p[0])[1]
    others = [n for n in extract_mentions(_with_sentence_before(text, context)).numbers if n.kind == "clock"]
    others = [n for n in others if n != subject]
    tol = tolerance(number)
    for other in others[:_MAX_CLOCKS]:
        gap = other.value - subject.value  # > 0: the sentence's moment is the earlier one
        fits = (
            (apart and abs(abs(gap) - number.value) <= tol)
            or (earlier and not later and abs(gap - number.value) <= tol)
            or (later and not earlier and abs(-gap - number.value) <= tol)
        )
        if fits and located(subject) and located(other):
            return True
    return False


_TIMES = re.compile(r"\s?倍(多)?")
_GREW_BY = re.compile(r"涨了|增长了?|增加了?|上涨了?|提高了?|提升了?|多了|高了")
_MAX_OPERANDS = 12


def multiple_of_its_own_figures(text: str, number: NumberMention) -> bool:
    """A multiple ("差了 4 倍", "死的是活的 5 倍多") that two figures of one kind of the sentence give as
    their ratio (or, said as "多 N 倍", their ratio less one): to half a unit, or within [N, N+1) for
    "N 倍多". The operands are checked on their own; only the sentence's, so that few ratios are tried."""
    if number.kind not in ("plain", "count") or "倍" not in text:
        return False
    prepared, places = numbers_with_places(text)
    at = _place_of(places, number)
    times = _TIMES.match(prepared, places[at][1]) if at is not None else None
    if times is None or at is None:
        return False
    end = places[at][1]
    more = times.group(1) is not None
    # (two shares of one kind too: "未命中率约 57.6%，约为此前 4.0% 的 14.5 倍")
    figures = [n for n in extract_mentions(text).numbers if n.kind != "clock" and n.value > 0]
    figures = [n for n in figures if n != number][:_MAX_OPERANDS]

    def fits(ratio: float) -> bool:
        return number.value <= ratio < number.value + 1 if more else abs(ratio - number.value) <= 0.5

    # "涨了 3 倍" may count the growth (1200 over 300); "是它的 3 倍", "差了 4 倍" the ratio only
    grew = _GREW_BY.search(prepared, max(0, end - 12), end) is not None
    # "node-a 为 1840 ms，node-b 为 230，node-a 是 node-b 的 8 倍": a unit written once, the bare figure in it (a bare
    # figure its clause gives a measure of its own, "连接数 412", is no figure in that unit)
    bare = [n for start, _, n in places if n.kind == "plain" and n != number and SUBJECT_ONLY.fullmatch(
        prepared, part_start(prepared, start), start)]
    pairs = [(a.value, b.value) for a in figures for b in figures if a.kind == b.kind]
    pairs += [(a.as_written, b.value) for a in figures for b in bare if a.kind not in _BARE]
    pairs += [(a.value, b.as_written) for a in bare for b in figures if b.kind not in _BARE]
    return any(a > b and (fits(a / b) or (grew and fits(a / b - 1))) for a, b in pairs)


_BARE = ("plain", "count")


_OFFSET_AFTER = re.compile(r"\s?(?:之后|以后|后)\s?(?:的|，|,)?\s?(?:于|在|到)?\s?")


def offset_between_its_clocks(text: str, number: NumberMention, located: Callable[[NumberMention], bool]) -> bool:
    """"00:14:06 内核 panic，5 分钟后 00:19 机器重新启动": a duration said to lead from the sentence's clock
    before it to the clock right after "后", which is that gap (to the clocks' own precision); both
    clocks are ones the trace states (`located`)."""
    if number.kind != "seconds" or "后" not in text:
        return False
    prepared, places = numbers_with_places(text)
    at = _place_of(places, number)
    if at is None or at + 1 >= len(places) or places[at + 1][2].kind != "clock":
        return False
    gap = _OFFSET_AFTER.fullmatch(prepared, places[at][1], places[at + 1][0])
    before = [n for _, _, n in places[:at] if n.kind == "clock"]
    if gap is None or not before:
        return False
    start, end = before[-1], places[at + 1][2]
    slack = tolerance(number) + 60 * ((start.text.count(":") < 2) + (end.text.count(":") < 2))
    return abs(end.value - start.value - number.value) <= slack and located(start) and located(end)


def complement_of_its_own_figures(text: str, number: NumberMention) -> bool:
    """A share that is what another share of the sentence leaves: "命中率平均约 0.960，即未命中率约 4.0%"."""
    if number.kind != "ratio":
        return False
    prepared, places = numbers_with_places(text)
    at = _place_of(places, number)
    if at is None or not _COMPLEMENT_BEFORE.search(prepared, max(0, places[at][0] - 10), places[at][0]):
        return False  # "即未命中率约 4.0%": the share says it is the rest ("使用率 59%" is no rest of 41%)
    tol = tolerance(number)
    shares = [n for _, _, n in places if n != number and n.kind in ("ratio", "plain")]
    return any(0 < n.value < 1 and abs(1 - n.value - number.value) <= tol + tolerance(n) for n in shares)


_COMPLEMENT_BEFORE = re.compile(
    r"(?:未命中|未|剩余|剩下|空闲|可用|其余|失败|丢失|miss|free|idle|unused)[^\d，。；,;]{0,6}$"
)


def share_of_its_own_figures(context: str, number: NumberMention, sentence: str = "") -> bool:
    """A share the text works out of two of its own figures of one kind ("总共 32 GiB，可用只剩约 1.2 GiB，
    不到 4%"; "1 万个请求 … 500 错误 370 个，约 3.7%"; with a word of excess, how far one exceeds the other:
    "上限 1048576 字节，现在 1391822 字节，超了大约 33%"), to the share's written precision or within the
    bound it is written as (`number_bounds`). `sentence` is where the share is written (`context` when
    empty); the operands may be anywhere in `context`, each of them checked on its own."""
    if number.kind != "ratio":
        return False
    others = [n for n in extract_mentions(context).numbers if n.kind not in ("clock", "ratio") and n.value > 0]
    if len(others) < 2:
        return False
    bound = bound_of(sentence or context, number)
    tol = tolerance(number)
    # a sum of all the figures of a kind only of the share's own sentence
    own = [n for n in extract_mentions(sentence).numbers if n.kind not in ("clock", "ratio")] if sentence else others

    def holds(share: float) -> bool:
        return bound.holds(share) if bound is not None else abs(share - number.value) <= tol

    # "1391822 字节 … 上限 1048576 字节，超了大约 33%": how far one figure exceeds another, as a share of it
    excess = _EXCESS.search(sentence or context) is not None
    used_of_left = _USED_SHARE.search(sentence or context) is not None and _LEFT.search(context) is not None
    for part in others:
        # (a bare figure is of the kind of the whole it is a part of: "约 165.7 req/s：… 503 UO 为 4.3，约占 2.6%")
        alike = [n for n in others if n.kind == part.kind or "plain" in (n.kind, part.kind)]
        if any(part.value < w and holds(part.value / w) for whole in alike for w in _readings_of(whole)):
            return True
        # "合计只剩 153.6gb，总容量 1999.6gb，整体使用率约 92.3%": the used share of what is left and the whole
        if used_of_left and any(
            part.value < w and holds(1 - part.value / w) for whole in alike for w in _readings_of(whole)
        ):
            return True
        if excess and any(part.value > base.value and holds((part.value - base.value) / base.value) for base in alike):
            return True
        # a share of all the figures of its kind the sentence lists ("48211 次被限流，只有 9120 次成功，约 84%")
        same = [n for n in own if n.kind == part.kind]
        if part in own and len(same) >= 2 and holds(part.value / sum(n.value for n in same)):
            return True
    return False


def _readings_of(amount: NumberMention) -> tuple[float, ...]:
    """The amount, and a size written with a bare prefix ("89G", as `df -h` prints it) in powers of 1024 too."""
    power = _BARE_PREFIX.get(amount.text[-1:]) if amount.kind == "bytes" else None
    if power is None or amount.factor != 1000.0**power:
        return (amount.value,)
    return amount.value, amount.value / amount.factor * 1024.0**power


_BARE_PREFIX = {"k": 1, "m": 2, "g": 3, "t": 4}
_USED_SHARE = re.compile(r"使用率|利用率|占用率|已用比例|用量占比")
_LEFT = re.compile(r"剩|可用|空闲|available|avail|free")
_MAX_QUOTED_ROWS = 20


def aggregate_of_quoted_rows(claim_text: str, number: NumberMention, quotes: Sequence[str]) -> bool:
    """The claim says it adds up (合计 / 总共) or averages (平均), and the figure is the sum or the mean of
    one column of the rows it quotes, one row per quote (two or more): the quotes are in the cited
    outputs, so the operands are stated; one step of arithmetic over them (spec §7)."""
    adds, averages = search_total(claim_text) is not None, MEAN_WORD.search(claim_text) is not None
    if not (adds or averages) or number.kind == "clock":
        return False
    # one row per quote, or the lines of one quote ("{rcode="NOERROR"}  8123.4" and the two below it)
    rows = [[n for n in iter_numbers(fold(q), 16) if n.kind != "clock"] for q in quotes]
    # "分区 2、3、4 的 LAG 合计 576115" quoting two rows: the sum of two is no total of three
    if _listed_items(claim_text) <= len(rows) and _aggregate_of_rows(number, rows, adds, averages):
        return True
    for quote in (q for q in quotes if "\n" in q):  # (a line of a block without figures is its heading)
        lines = [[n for n in iter_numbers(fold(line), 16) if n.kind != "clock"] for line in quote.split("\n")]
        rows = [row for row in lines if row]
        # the rows are the whole the claim adds up when it counts them ("三类响应合计"): "NXDOMAIN 与 SERVFAIL
        # 合计" names two of the block's three
        if _counts_its_rows(claim_text, len(rows)) and _aggregate_of_rows(number, rows, adds, averages):
            return True
    return False




def _listed_items(claim_text: str) -> int:
    """How many items the longest list of names or ids the claim writes holds ("分区 2、3、4": 3), 0 for none."""
    return max((len(NAME_LIST_SEPARATOR.split(m.group(1))) for m in NAME_LIST.finditer(claim_text)), default=0)


_ROW_COUNT = re.compile(r"(\d{1,2}|[两二三四五六七八九十])\s?(?:类|个|种|项|条|行|组)")


def _counts_its_rows(claim_text: str, rows: int) -> bool:
    found = [m.group(1) for m in _ROW_COUNT.finditer(claim_text)]
    return any(count_value(c) == rows for c in found) or any(
        w in claim_text for w in ("全部", "所有", "这几", "各类")
    )


def _aggregate_of_rows(number: NumberMention, rows: list[list[NumberMention]], adds: bool, averages: bool) -> bool:
    if not 2 <= len(rows) <= _MAX_QUOTED_ROWS or any(not row for row in rows):
        return False
    for j in range(min(len(row) for row in rows)):
        column = [row[j] for row in rows]
        if len({n.kind for n in column}) != 1:
            continue
        total = sum(n.value for n in column)
        candidates = ([total] if adds else []) + ([total / len(column)] if averages else [])
        decimals = max(n.decimals for n in column)
        made = [column[0]._replace(text=f"{v:g}", value=v, decimals=decimals) for v in candidates]
        if matches_directly(number, made):
            return True
    return False


_ABOUT_BEFORE = re.compile(r"(?:约|大约|大概|差不多|将近)\s*$")
_ABOUT_AFTER = re.compile(r"\s*(?:左右|前后|上下)")
_ABOUT_SECONDS = 5 * 60  # how far an approximate clock may be from the time an output writes


def about_a_cited_clock(claim_text: str, number: NumberMention, cited: list[CallEvidence]) -> bool:
    """The claim marks the clock approximate (约 14:05 / 两点一刻左右) and a cited output writes a time
    within five minutes of it. A clock the claim puts in a zone (北京时间 05:41 左右) is read by the zone
    rules only: the output's own zone decides which moment it is."""
    if zone_label(claim_text, number) is not None:
        return False
    text, places = numbers_with_places(claim_text)
    about = any(
        n.text == number.text
        and (_ABOUT_BEFORE.search(text, max(0, start - 4), start) or _ABOUT_AFTER.match(text, end))
        for start, end, n in places
    )
    return about and any(
        n.kind == "clock" and abs(n.value - number.value) <= _ABOUT_SECONDS for ev in cited for n in ev.numbers
    )


def zone_mislabelled(
    claim_text: str, number: NumberMention, cited: list[CallEvidence], label: int | None = None
) -> bool:
    """The claim names the clock's zone (or `label` gives it), and the cited outputs write that clock
    only in other zones."""
    label = zone_label(claim_text, number) if label is None else label
    if label is None:
        return False
    zones = {z for ev in cited for z in written_zones(ev.flat[: ev.text_end], number.text)}
    if not zones and any(_epoch_clock_at(ev, number) for ev in cited):
        zones = {0}  # only a Prometheus point's epoch timestamp holds it: a UTC time
    return bool(zones) and None not in zones and label not in zones


def local_time_of_a_utc_clock(claim_text: str, number: NumberMention, cited: list[CallEvidence]) -> bool:
    """A clock the claim gives without a zone that is, in Beijing time (UTC+8, the operators' own), a
    moment the cited outputs write in UTC only: "14:10 为 1.92 秒" over a Prometheus point at 06:10 UTC
    (an epoch timestamp), or over "06:10:00Z". A clock the outputs write without a zone is not read so:
    which moment it is, they do not say."""
    if number.kind != "clock" or zone_label(claim_text, number) is not None:
        return False
    utc = shifted_from(number, 8)
    for ev in cited:
        zones = written_zones(ev.flat[: ev.text_end], utc.text)
        if zones == {0} or (not zones and _epoch_clock_at(ev, utc)):
            return True
    return False


_OWN_ZONE = re.compile(r"z$|[+\-]\d{2}:?\d{2}$")


def zone_mislabelled_in_trace(sentence: str, number: NumberMention, index: TraceIndex, context: str = "") -> bool:
    """`zone_mislabelled` for a sentence without citations (an answer's), over every ok output:
    "北京时间 06:10" where the outputs write 06:10 only as UTC, whatever a claim restates; an unlabelled
    clock of a later sentence is in the zone an earlier one of `context` (the answer) names."""
    if number.kind != "clock":
        return False
    label = zone_label(sentence, number)
    if label is None and context and not _OWN_ZONE.search(number.text):  # "06:12:03Z" keeps its own zone
        label = zone_carried_to(context, sentence)
    return label is not None and zone_mislabelled(sentence, number, [ev for ev in index.calls.values() if ev.ok], label)


def _epoch_clock_at(ev: CallEvidence, number: NumberMention) -> bool:
    """An epoch timestamp of the output (`iter_numbers` reads it as a UTC clock, which the text does not
    write) at the claim's clock: in its minute, or at its second when it gives one ("09:33:34 +0800" is a
    written clock, no epoch, and no point at 09:33:30)."""
    window = 1 if number.text.count(":") == 2 else 60
    return any(
        n.kind == "clock" and 0 <= n.value - number.value < window and n.text not in ev.flat for n in ev.numbers
    )


_EPOCH_FIGURE = re.compile(r"(?<![\d.])(1[5-9]\d{8})(?![\d.])")  # seconds since 1970: 2017 to 2033
_EPOCH_REACH = 32  # characters between the epoch the claim writes and the clock that restates it


def clock_of_its_epoch(claim_text: str, number: NumberMention) -> bool:
    """"iat=1795486511（北京时间 10:15:11）": the clock restates, in UTC or in Beijing time, an epoch
    timestamp the claim writes right before it (the epoch itself is located on its own)."""
    if number.kind != "clock":
        return False
    text, places = numbers_with_places(claim_text)
    for start, _, n in places:
        if n != number:
            continue
        for epoch in _EPOCH_FIGURE.finditer(text, max(0, start - _EPOCH_REACH), start):
            of_day = int(epoch.group(1)) % 86400
            for shift in (0, 8 * 3600):
                clock = (of_day + shift) % 86400
                precise = number.text.count(":") == 2
                if (clock if precise else clock - clock % 60) == int(number.value):
                    return True
    return False


def clock_of_a_located_span(claim_text: str, number: NumberMention, cited: list[CallEvidence]) -> bool:
    """"按查询时刻 01:58:06 减去 Time 8785 秒，大约在 23:31:41 开始": a clock the claim works out from another
    of its clocks and one of its durations, both written in a cited output as they stand (never a
    figure the claim derives itself: a clock and a span can not vouch for each other)."""
    if number.kind != "clock":
        return False
    _, places = numbers_with_places(claim_text)
    clocks = [n for _, _, n in places if n.kind == "clock" and n != number]
    spans = [n for _, _, n in places if n.kind in ("seconds", "plain") and n.value >= 60]
    if not clocks or not spans:
        return False
    held = [c for c in clocks if any(literal_number_in(ev.flat[: ev.text_end], c) for ev in cited)]
    lengths = [s.value for s in spans if any(literal_number_in(ev.flat[: ev.text_end], s) for ev in cited)]
    precision = 1 if number.text.count(":") == 2 else 60
    target = int(number.value) - int(number.value) % precision
    for base in held:
        for length in lengths:
            for moment in (base.value + length, base.value - length):
                shifted = int(moment) % 86_400
                if shifted - shifted % precision == target:
                    return True
    return False


def share_of_a_quoted_pair(number: NumberMention, quotes: Sequence[str]) -> bool:
    """A share one figure of a quote is of it plus another of the same quote: a hit rate of "keyspace_hits:
    982331457 / keyspace_misses:211894310" (82.3%), an error rate of "errors=37 ok=1203". Only two figures
    one quote holds together: over a whole output almost any share is some a / (a + b)."""
    if number.kind != "ratio" or not quotes:
        return False
    tol = tolerance(number)
    for quote in quotes:
        figures = [n.value for n in iter_numbers(fold(quote), 8) if n.kind in ("plain", "count") and n.value > 0]
        if any(abs(a / (a + b) - number.value) <= tol for a in figures for b in figures if a is not b):
            return True
    return False


_OFFSET_CLOCK = re.compile(r"(?<![\d:])(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?\s?([+-])(\d{2}):?(\d{2})(?!\d)")


def clock_of_a_written_offset(text: str, number: NumberMention, cited: Sequence[CallEvidence]) -> bool:
    """A clock the sentence puts in UTC or Beijing time that a cited output writes with another offset
    ("Wed, 28 May 2025 15:48:07 +0300" is 12:48:07 UTC, 20:48:07 in Beijing): the same moment."""
    if number.kind != "clock":
        return False
    zone = zone_label(text, number)
    if zone is None:
        return False
    window = 1 if number.text.count(":") == 2 else 60
    for ev in cited:
        for m in _OFFSET_CLOCK.finditer(ev.flat, 0, min(ev.text_end, _OFFSET_SCAN)):
            h, mi, sec, sign, oh, om = m.groups()
            offset = (int(oh) * 3600 + int(om) * 60) * (1 if sign == "+" else -1)
            moment = (int(h) * 3600 + int(mi) * 60 + int(sec) - offset + zone * 3600) % 86400
            if 0 <= moment - number.value < window:
                return True
    return False


_OFFSET_SCAN = 200_000




def end_of_a_range(text: str, number: NumberMention, cited: Sequence[CallEvidence]) -> bool:
    """One end of a range the sentence gives ("P99 一直在 1.2 到 2.9 秒之间") that a cited figure inside the
    range rounds to: the ends of a range bound values, written to a coarser step than the values."""
    prepared, places = numbers_with_places(text)
    at = _place_of(places, number)
    if at is None or number.kind == "clock":
        return False
    low = high = None
    if at + 1 < len(places) and RANGE_BETWEEN.fullmatch(prepared[places[at][1] : places[at + 1][0]]):
        low, high = number, places[at + 1][2]
    elif at > 0 and RANGE_BETWEEN.fullmatch(prepared[places[at - 1][1] : places[at][0]]):
        low, high = places[at - 1][2], number
    if low is None or high is None or low.kind != high.kind or low.value >= high.value:
        return False
    step = 10 ** (-number.decimals) * number.factor
    inside = [n.value for ev in cited for n in ev.numbers if _as_kind(n, number) and low.value <= n.value <= high.value]
    inside += [n.value / 1000 for ev in cited for n in ev.numbers
               if number.kind == "seconds" and n.kind == "plain" and low.value <= n.value / 1000 <= high.value]
    return any(abs(v - number.value) < step for v in inside)


def _as_kind(evidence: NumberMention, claimed: NumberMention) -> bool:
    return evidence.kind == claimed.kind or (evidence.kind == "plain" and claimed.kind != "count")


_DATETIME_ENTITY = re.compile(r"(\d{4})-(\d{2})-(\d{2})[ t](\d{2}):(\d{2})(?::(\d{2}))?")
# an epoch timestamp in seconds or milliseconds, 2017 to 2033 (a float's ".0" allowed)
EPOCH_TIMESTAMP = re.compile(r"(?<![\d.])(1[5-9]\d{8}|1[5-9]\d{11})(?:\.0+)?(?![\d.])")
_EPOCH_SCAN = 200_000


def datetime_of_a_cited_epoch(entity: str, cited: Sequence[CallEvidence]) -> bool:
    """A date and time the claim gives that is, in UTC or in Beijing time, an epoch timestamp (seconds or
    milliseconds) a cited output writes: "1810617555000（毫秒），按 UTC 换算为 2027-05-18 05:19:15"."""
    m = _DATETIME_ENTITY.fullmatch(entity)
    if m is None:
        return False
    try:
        year, month, day, hour, minute, second = (int(g or 0) for g in m.groups())
        wanted = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
    except ValueError:
        return False
    window = 1 if m.group(6) else 60
    for ev in cited:
        for e in EPOCH_TIMESTAMP.finditer(ev.flat, 0, min(ev.out_end, _EPOCH_SCAN)):
            seconds = int(e.group(1)) / (1000 if len(e.group(1)) == 13 else 1)
            for shift in (0, 8 * 3600):
                if 0 <= seconds + shift - wanted.timestamp() < window:
                    return True
    return False
