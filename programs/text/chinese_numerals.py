"""Chinese numerals written as words ("七十四次", "百分之八十", "两个小时", "三万名") as Arabic digits.

A claim or answer that writes its figures in words states them as surely as one that writes digits:
"重启七十四次" over RESTARTS 47 is as wrong as "重启 74 次". Only a numeral that measures something is
rewritten: one before a unit or a measure word, or after 百分之. Words that merely contain a numeral
character ("一些", "一直", "统一", "万一", "十分", "千万", "第一") stay as they are.
"""

from __future__ import annotations

import re

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
_AFTER_DIGITS = re.compile(r"[0-9.]\s?$")
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
    if pct is None and _AFTER_DIGITS.search(m.string, max(0, m.start() - 2), m.start()):
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
