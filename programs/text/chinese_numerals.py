"""Chinese numerals written as words ("七十四次", "百分之八十", "两个小时", "三万名") as Arabic digits.

A claim or answer that writes its figures in words states them as surely as one that writes digits:
"重启七十四次" over RESTARTS 47 is as wrong as "重启 74 次". Only a numeral that measures something is
rewritten: one before a unit or a measure word, or after 百分之. Words that merely contain a numeral
character ("一些", "一直", "统一", "万一", "十分", "千万", "第一") stay as they are.

Two readers live here too, so that every stage reads a claim alike: `chinese_clocks` (the one reader of
clock times written the Chinese way: "凌晨两点零五分", "深夜 11 点", "三点一刻") and `ratio_words` (shares
written as words: "七成", "三成五", "三分之一", "一半").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .wording import part_start

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_SMALL_UNITS = {"十": 10, "百": 100, "千": 1000}
_NUMERAL = "零〇一二两三四五六七八九十百千万亿"
# measure words and units a written-out numeral may count; "个" before 小时 / 月 is dropped
_FOLLOWERS = (
    r"个?(?:小时|钟头)|分钟|毫秒|秒钟?|天|周|次|个|条|台|名|位|人|项|例|笔|倍|核|副本|节点|实例|"
    r"分片|进程|线程|连接|请求|错误|告警|pod|%|分"
)
_WORDS = re.compile(
    rf"(?P<pct>百分之)?(?<![第{_NUMERAL}])(?P<num>[{_NUMERAL}]+(?:点[零〇一二三四五六七八九]+)?)"
    rf"(?P<after>{_FOLLOWERS}|点)?"
)
_ANY_NUMERAL = re.compile(f"[{_NUMERAL}]")
_AFTER_DIGITS = re.compile(r"[0-9.]\s?多?\s?$")  # "1.6 万", "600 多万": a multiplier of digits
_MAX_NUMERAL_CHARS = 16  # "一亿五千万" is 5; a longer run writes no figure
_MAX_VALUE = 10**15  # `tokens.MAX_QUANTITY`: larger is no quantity
_SMALL_COUNT = 10  # `tokens.SMALL_COUNT`: a bare count this small is soft evidence either way
_TIME_OF_DAY = (
    "凌晨", "早上", "早晨", "上午", "中午", "下午", "傍晚", "晚上", "夜里", "夜间", "今天", "昨天", "当天", "每天",
)
_MINUTES_AFTER = re.compile(r"\s?[零〇一二三四五六七八九十\d]{1,3}\s?分")
_AFTER_HOUR = frozenset("分半钟整左右前后到至起开多以")
_DURATION_WORD = re.compile(r"(?:长达|持续|耗时|历时|用时|花了|用了|超过|达到|等待|间隔|延迟|卡顿|中断)了?\s?$")
_TIME_UNITS = frozenset({"小时", "个小时", "钟头", "个钟头", "分钟", "毫秒", "秒", "秒钟", "天", "周", "点", "分"})


def digits_for_numerals(text: str) -> str:
    """`text` with each measuring numeral written in digits ("七十四次" -> "74次", "百分之八十" -> "80%")."""
    if _ANY_NUMERAL.search(text) is None:
        return text
    return _WORDS.sub(_rewrite, text)


def _rewrite(m: re.Match[str]) -> str:
    num, after, pct = m["num"], m["after"], m["pct"]
    if pct is None and _AFTER_DIGITS.search(m.string, max(0, m.start() - 4), m.start()):
        return m.group(0)  # "1.6 万条": the multiplier of a number in digits (`tokens` reads it)
    whole, _, fraction = num.partition("点")
    if fraction and pct is None and (after is None or after == "点"):
        return m.group(0)  # "三点五分" is a clock time, read by the clock patterns; left alone
    if pct is None and (after is None or (after == "分" and m.string[m.start() - 1 : m.start()] != "点")):
        return m.group(0)  # no measure: "一直", "十分严重"; 分 counts only as a clock's minutes ("三点十分")
    if after == "点" and not _clock_hour(m):
        return m.group(0)  # "这一点", "三点建议": a point made, not a time
    value = numeral_value(whole) if len(whole) <= _MAX_NUMERAL_CHARS else None
    if value is None or value > _MAX_VALUE:
        return m.group(0)  # no quantity: "亿亿亿…" is noise, not a figure
    if value <= _SMALL_COUNT and not fraction and pct is None and not _small_measure(m, after):
        return m.group(0)  # "一条", "两个", "这两分钟": a word, not a figure the claim states
    written = str(value) + ("." + "".join(str(_DIGITS[c]) for c in fraction) if fraction else "")
    if pct is not None:
        return written + "%" + (after or "")
    if after.startswith("个") and after != "个":
        after = after[1:]  # "两个小时" is "2小时"
    return written + after


def _small_measure(m: re.Match[str], after: str) -> bool:
    """A small numeral states a figure only as a clock hour, or as a span a duration word introduces
    ("长达两个小时", "耗时三秒"); "一条", "这两分钟" are words."""
    if after in ("点", "分"):
        return True  # `_clock_hour` and the minutes check already admitted it
    if after not in _TIME_UNITS:
        return False
    return _DURATION_WORD.search(m.string, max(0, m.start() - 4), m.start()) is not None


def _clock_hour(m: re.Match[str]) -> bool:
    """"三点" is a time only next to a time of day ("凌晨三点") or a clock word after it ("三点半", "三点左右")."""
    text = m.string
    before = text[max(0, m.start() - 4) : m.start()]
    return (
        any(word in before for word in _TIME_OF_DAY)
        or text[m.end() : m.end() + 1] in _AFTER_HOUR
        or _MINUTES_AFTER.match(text, m.end()) is not None
    )


def count_value(word: str) -> int | None:
    """A count written in digits or as a numeral word ("3", "三", "十二"), None when it is neither."""
    return int(word) if word.isdigit() else numeral_value(word)


def numeral_value(word: str) -> int | None:
    """The integer a Chinese numeral word writes ("七十四" -> 74, "十六" -> 16, "一亿五千万" ->
    150000000), or None when the characters are not a numeral as one writes it ("七四", "一两")."""
    above_yi = wan = section = 0
    digit: int | None = None
    for ch in word:
        if ch in "零〇":
            continue  # a gap marker ("一百零五"); its place adds nothing
        if ch in _DIGITS:
            if digit is not None:
                return None
            digit = _DIGITS[ch]
        elif ch in _SMALL_UNITS:
            section += (1 if digit is None else digit) * _SMALL_UNITS[ch]
            digit = None
        elif ch == "万":
            section += digit or 0
            wan = (section or 1) * 10_000
            section, digit = 0, None
        elif ch == "亿":
            section += digit or 0
            above_yi = (above_yi + wan + section or 1) * 100_000_000
            wan = section = 0
            digit = None
        else:
            return None
    return above_yi + wan + section + (digit or 0) if word.strip("零〇") else 0


# --- clock times as Chinese answers write them ---------------------------------------------------------
# One reader for every stage (`tokens` for a claim's numbers, `series` for the value at a time), so a
# claim's "深夜 11 点" is 23:00 everywhere.
_PERIOD_WORDS = (
    "凌晨", "清晨", "早上", "早晨", "上午", "中午", "下午", "傍晚", "晚上", "晚间", "今晚", "昨晚",
    "夜里", "夜间", "深夜", "半夜",
)
_PERIOD_ENDINGS = frozenset(word[-1] for word in _PERIOD_WORDS)
_EVENING = frozenset({"晚上", "晚间", "今晚", "昨晚"})  # 5-11 o'clock are p.m.
_NIGHT = frozenset({"夜里", "夜间", "深夜", "半夜"})  # 8-11 o'clock are p.m., 1-5 the small hours
_CLOCK_NUMERAL = "零〇一二两三四五六七八九十"
# the hour and what follows; the period word before it is looked up apart (a dispatch on the
# hour's first character is what keeps this cheap over long Chinese texts)
_PERIOD_BEFORE = re.compile(rf"(?:{'|'.join(_PERIOD_WORDS)})\s*$")
_CN_CLOCK = re.compile(
    rf"(?<![\d.:{_CLOCK_NUMERAL}])(?P<h>[01]?\d|2[0-4]|[{_CLOCK_NUMERAL}]{{1,3}})\s*"
    r"(?P<unit>点钟|点|點|[时時](?![区间长延序效段]))"
    rf"(?:\s*(?:(?P<q>[一三])刻|(?P<half>半)|(?P<whole>整)|(?P<m>[0-5]?\d(?![\d.])|[{_CLOCK_NUMERAL}]{{1,3}})\s*(?P<fen>分(?!钟))?))?"
)
_NOT_AN_HOUR_BEFORE = ("第", "有", "这", "那", "几", "差", "重")  # "第 2 点", "原因有 3 点", "这一点"
_DECIMAL_AFTER = re.compile(r"\s*[%％个倍]")
# "上涨 2 点", "下降了两点": percentage points, not an hour (an hour with its period or minutes stays one)
_POINTS_BEFORE = re.compile(r"(?:上涨|下降|上升|提升|降低|增加|减少|升高|下跌|回落|涨|降|升|跌|高|低|增|减)了?\s*$")


class ClockSpan(NamedTuple):
    start: int  # where the time begins in the text (its period word included)
    end: int
    second: int  # second of the day
    window: int  # 3600 for an hour alone ("下午 8 点" is some time from 20:00), else 60
    text: str  # "20点" for an hour alone, "02:05" with minutes


def chinese_clocks(text: str) -> list[ClockSpan]:
    """Every clock time written the Chinese way: a period word (凌晨 / 上午 / 下午 / 晚上 / 深夜...), an
    hour in digits or numerals with 点 / 点钟 / 时, and minutes as digits or numerals ("两点零五分",
    "三点一刻", "两点半", "十点四十", "14 点 05 分"). "深夜 11 点" is 23:00, "夜里两点" 02:00,
    "晚上 12 点" 00:00, "中午 1 点" 13:00. A numeral hour needs a period word, minutes or a clock word
    after it ("两点原因" and "高了一点" are no times); "三点五" (no 分) is a decimal."""
    if "点" not in text and "时" not in text and "點" not in text and "時" not in text:
        return []
    spans: list[ClockSpan] = []
    for m in _CN_CLOCK.finditer(text):
        span = _clock_span(m)
        if span is not None:
            spans.append(span)
    return spans


def _clock_span(m: re.Match[str]) -> ClockSpan | None:
    text, raw_hour = m.string, m["h"]
    before = _PERIOD_BEFORE.search(text, max(0, m.start() - 4), m.start())
    period = before.group(0).rstrip() if before else None
    hour = int(raw_hour) if raw_hour.isdigit() else numeral_value(raw_hour)
    hour_start = m.start("h")
    if hour is None or hour > 24 or text[max(0, hour_start - 4) : hour_start].rstrip().endswith(_NOT_AN_HOUR_BEFORE):
        return None
    minute: int | None = None
    end = m.end()  # no white space ends a match but the minutes' own
    if m["q"]:
        minute = 15 if m["q"] == "一" else 45
    elif m["half"]:
        minute = 30
    elif m["whole"]:
        minute = 0
    elif m["m"]:
        end = m.end("fen") if m["fen"] else m.end("m")
        raw = m["m"]
        minute = int(raw) if raw.isdigit() else numeral_value(raw)
        written_as_minutes = m["fen"] or (len(raw) == 2 and (raw.isdigit() or "十" in raw or raw[0] in "零〇"))
        if minute is None or minute > 59 or not written_as_minutes:
            return None  # "三点五" is 3.5, "十点九九" no time
        if not m["fen"] and _DECIMAL_AFTER.match(text, end):
            return None  # "三点零五倍"
    else:
        end = m.end("unit")
    if m["unit"] in "时時" and minute is None and period is None:
        return None  # "5 时" alone: too rare a clock to read
    if text.startswith(("：", ":"), end) or (minute is None and _DECIMAL_AFTER.match(text, end)):
        return None  # "原因有 3 点：", "3 点 5%"
    numeral_alone = not raw_hour.isdigit() and period is None and minute is None
    if numeral_alone and not _numeral_hour_context(text, hour_start, end):
        return None  # "两点原因", "高了一点": a numeral is an hour only beside a time word
    if period is None and minute is None and _POINTS_BEFORE.search(text, max(0, hour_start - 4), hour_start):
        return None  # "上涨 2 点": percentage points
    hour = _with_period(period, hour) % 24
    start = before.start() if before else hour_start
    if minute is None:
        return ClockSpan(start, end, hour * 3600, 3600, f"{hour}点")
    return ClockSpan(start, end, hour * 3600 + minute * 60, 60, f"{hour:02d}:{minute:02d}")


def percentage_points(text: str, start: int) -> bool:
    """The figure at `start` follows a change word ("上涨 2 点"): points of a percentage, not an hour."""
    return _POINTS_BEFORE.search(text, max(0, start - 4), start) is not None


def _numeral_hour_context(text: str, start: int, end: int) -> bool:
    """What `_clock_hour` asks of a numeral before 点: a time of day before it or a clock word after it."""
    before = text[max(0, start - 4) : start]
    return any(word in before for word in _TIME_OF_DAY) or text[end : end + 1] in _AFTER_HOUR


def hour_in_period(text: str, start: int, hour: int) -> int:
    """The hour of a clock written at `start` with digits and a colon, read with the period word before
    it as `chinese_clocks` reads it ("下午 2:05" is 14:05, "凌晨 12:30" 00:30)."""
    if hour > 12 or text[max(0, start - 3) : start].rstrip()[-1:] not in _PERIOD_ENDINGS:
        return hour
    before = _PERIOD_BEFORE.search(text, max(0, start - 4), start)
    return _with_period(before.group(0).rstrip(), hour) % 24 if before else hour


def _with_period(period: str | None, hour: int) -> int:
    if period in ("下午", "傍晚"):
        return hour + 12 if 1 <= hour < 12 else hour
    if period == "中午":
        return hour + 12 if 1 <= hour < 6 else hour
    if period in _EVENING:
        return hour + 12 if 5 <= hour < 12 else 0 if hour == 12 else hour
    if period in _NIGHT:
        return hour + 12 if 8 <= hour < 12 else 0 if hour == 12 else hour
    if period == "凌晨" and hour == 12:
        return 0
    return hour


# --- shares written as words ------------------------------------------------------------------------
# "七成" is 70%, "三成五" 35%, "三分之一" a third, "一半" half: a figure of the claim, as rounded as its
# wording ("七成" holds 65-75%, "三成五" 34.5-35.5%). A bound ("超过七成", "七成以上") or a change
# ("减少一半") is no value, and "八成是配置问题" (most likely) or "一成不变" are words.
_RATIO_WORDS = re.compile(
    r"(?<![零〇一二两三四五六七八九十百千万亿第变合组分])(?P<tenths>[一二两三四五六七八九]|十)成"
    r"(?P<hundredths>[一二三四五六七八九](?![成十百千万分点]))?"
    r"(?![不功为员本立交绩熟新了因长型果品批是会要就也又已能可都分年人语形像对套群片真败效千百])"
    r"|(?<![零〇一二两三四五六七八九十百千万亿])(?P<den>[二两三四五六七八九十]|十[一二三四五六七八九]|[二三四五六七八九]十[一二三四五六七八九]?|千|万)"
    r"分之(?P<num>[一二三四五六七八九]|十[一二三四五六七八九]?|[二三四五六七八九]十[一二三四五六七八九]?)"
    r"|(?<![另多少减砍大小一])一半"
)
_BOUND_BEFORE = re.compile(
    r"(?:超过|超出|超|逾|多于|高于|大于|不到|不足|少于|低于|小于|至少|最多"
    r"|减少|降低|下降|下跌|增加|增长|上升|提升|减|降|涨|增)了?\s*$"
)
_BOUND_AFTER = re.compile(r"\s*(?:以上|以下|以内|多|出头|不到|还多)")
# a rule of thumb or advice ("默认最大堆通常为物理内存的四分之一", "建议调到四分之三"): no reading of the trace
_GENERAL_BEFORE = re.compile(r"通常|默认|一般|业界|经验|推荐|建议|官方|typically|by default", re.IGNORECASE)
# a share of listed objects ("一半的 pod 处于 Pending", "4 个实例中有一半") is read off a table's rows,
# which no output states as a share: it stays a word, as a row count the claim counted itself would
_OBJECTS = r"(?:pods?|实例|节点|副本|容器|主机|机器|服务器|分片|worker|个|台|条)"
_OBJECTS_AFTER = re.compile(rf"\s*的?\s*(?:[A-Za-z][\w-]*\s*)?{_OBJECTS}", re.IGNORECASE)
_OBJECTS_BEFORE = re.compile(rf"{_OBJECTS}[^，。；,]{{0,4}}(?:中|里|当中)(?:有|的)?\s*$", re.IGNORECASE)
_ROUGH_BEFORE = re.compile(r"(?:约|大约|大概|近|将近|接近|差不多|几乎|~|～|≈)\s*(?:是|为|占)?\s*$")


class RatioWord(NamedTuple):
    start: int
    end: int
    value: float  # a ratio (0.7 for 七成)
    decimals: int  # the written precision: -1 holds ±5 %, 0 holds ±0.5 % (per mille: ±0.5 ‰)
    factor: float = 0.01  # a ratio per written unit: percent, or per mille for 千分之


def ratio_words(text: str) -> list[RatioWord]:
    """The shares a text writes as words ("约七成", "三成五", "三分之一", "一半")."""
    if "成" not in text and "分之" not in text and "一半" not in text:
        return []
    found: list[RatioWord] = []
    for m in _RATIO_WORDS.finditer(text):
        start, end = m.span()
        if _BOUND_BEFORE.search(text, max(0, start - 4), start) or _BOUND_AFTER.match(text, end):
            continue
        clause = part_start(text, start)
        if _GENERAL_BEFORE.search(text, clause, start):
            continue
        if _OBJECTS_AFTER.match(text, end) or _OBJECTS_BEFORE.search(text, max(clause, start - 12), start):
            continue
        rough = _ROUGH_BEFORE.search(text, max(0, start - 4), start) is not None
        if m["tenths"]:
            tenths = numeral_value(m["tenths"]) or 0
            if m["hundredths"]:
                found.append(RatioWord(start, end, (tenths * 10 + _DIGITS[m["hundredths"]]) / 100, 0))
            else:
                found.append(RatioWord(start, end, tenths / 10, -1))
        elif m["den"]:
            den, num = numeral_value(m["den"]), numeral_value(m["num"])
            if den and num and num < den:
                factor = 0.01 if den <= 100 else 1 / den
                found.append(RatioWord(start, end, num / den, -1 if rough else 0, factor))
        else:
            found.append(RatioWord(start, end, 0.5, -1))
    return found
