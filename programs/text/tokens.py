"""Key entities and numbers named in a short text (a claim, an answer sentence).

Entities are what a fabrication usually invents: error codes, identifiers (host / pod / service
names, paths, env vars), IPs, versions, dates. Numbers carry their unit so that evidence matching
can convert (512Mi = 536870912 bytes) and derive (10:05 to 10:15 = 10 minutes).
"""

from __future__ import annotations

import math
import re
from typing import Any, NamedTuple

from .chinese_numerals import chinese_clocks, digits_for_numerals, hour_in_period, percentage_points, ratio_words
from .dates import CLAIM_DATE, CLAIM_DAY, EPOCH_FIELD_KEY, may_name_a_month, month_first_dates
from .normalize import FULLWIDTH_PUNCTUATION, clean, fold
from .session_memo import memoised
from .table_header import NamedHeaders, named_headers

_HEX_ID = r"(?<![\w.\-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{16,}(?![\w.\-])"  # trace / span / request ids
# Entity patterns by the character they start with; within a group, earlier ones win.
_LETTER_ENTITIES = (
    _HEX_ID,
    r"\bhttps?://[^\s\"'<>()（）,，。;；、]+",  # URLs, whole: a changed path is another endpoint
    r"\b(?:[A-Z][A-Z0-9]{1,9}-\d{2,6}|ERR_[A-Z0-9_]+|E[A-Z]{2,}\d*|[A-Z]{1,4}\d{4,6})\b",  # error codes
    r"\b[A-Za-z][\w.]*(?:Exception|Error)\b",  # exception classes
    r"(?<![\w.])v\d+(?:\.\d+)+(?:[-+][\w.]+)?\b",  # v-prefixed versions
    r"\b[A-Za-z][A-Za-z0-9]*(?:[-_.:][A-Za-z0-9]+)+\b(?!/)",  # host / pod / service names, env vars
    r"\b(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[A-Z][A-Za-z0-9]*[A-Z])[A-Za-z][A-Za-z0-9]{3,}\b",  # CamelCase
)
_DIGIT_ENTITIES = (
    _HEX_ID,
    r"(?<![\w.])\d+[A-Z]+\d+[A-Z0-9]*(?![\w.])",  # codes led by a digit: SQLSTATE 40P01, 57P03
    r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?(?![\w.])",  # IPv4 (with port)
    r"(?<!\d)\d{4}-\d{2}-\d{2}(?:[tT ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:[zZ]|[+-]\d{2}:?\d{2})?)?(?!\d)",  # dates
    r"(?<![\w.])\d+\.\d+\.\d+(?:[-+][\w.]+)?\b",  # dotted versions
)
_PATH_ENTITY = r"(?<![\w/])/(?:[\w.\-{}]+/)*[\w.\-{}]+"


# Units first by length so that "ms" wins over "m", "MiB" over "Mi".
_UNITS = {
    # bytes
    "bytes": ("bytes", 1),
    "byte": ("bytes", 1),
    "字节": ("bytes", 1),
    "b": ("bytes", 1),
    "kib": ("bytes", 1024),
    "ki": ("bytes", 1024),
    "kb": ("bytes", 1000),
    "k": ("bytes", 1000),
    "mib": ("bytes", 1024**2),
    "mi": ("bytes", 1024**2),
    "mb": ("bytes", 1000**2),
    "m": ("bytes", 1000**2),
    "gib": ("bytes", 1024**3),
    "gi": ("bytes", 1024**3),
    "gb": ("bytes", 1000**3),
    "g": ("bytes", 1000**3),
    "tib": ("bytes", 1024**4),
    "ti": ("bytes", 1024**4),
    "tb": ("bytes", 1000**4),
    # durations, in seconds
    "ms": ("seconds", 0.001),
    "毫秒": ("seconds", 0.001),
    "μs": ("seconds", 1e-6),
    "us": ("seconds", 1e-6),
    "微秒": ("seconds", 1e-6),
    "ns": ("seconds", 1e-9),
    "纳秒": ("seconds", 1e-9),
    "s": ("seconds", 1),
    "sec": ("seconds", 1),
    "secs": ("seconds", 1),
    "second": ("seconds", 1),
    "seconds": ("seconds", 1),
    "秒": ("seconds", 1),
    "秒钟": ("seconds", 1),
    "min": ("seconds", 60),
    "mins": ("seconds", 60),
    "minute": ("seconds", 60),
    "minutes": ("seconds", 60),
    "分钟": ("seconds", 60),
    "h": ("seconds", 3600),
    "hr": ("seconds", 3600),
    "hour": ("seconds", 3600),
    "hours": ("seconds", 3600),
    "小时": ("seconds", 3600),
    "d": ("seconds", 86400),
    "day": ("seconds", 86400),
    "days": ("seconds", 86400),
    "天": ("seconds", 86400),
    # ratios
    "%": ("ratio", 0.01),
    "percent": ("ratio", 0.01),
    "百分点": ("ratio", 0.01),  # "上升 22.7 个百分点": points of a percentage
    "个百分点": ("ratio", 0.01),
    # rates and counts keep their own unit
    "req/s": ("req/s", 1),
    "qps": ("req/s", 1),
    "rps": ("req/s", 1),
    "tps": ("req/s", 1),
    "ops/s": ("req/s", 1),
    "cores": ("cores", 1),
    "core": ("cores", 1),
    "核": ("cores", 1),  # "0.25 核" is 250m
    "millicores": ("cores", 0.001),
    "次": ("count", 1),
    "个": ("count", 1),
    "条": ("count", 1),
    "台": ("count", 1),
    "次/秒": ("req/s", 1),
    # a rate per minute, in requests per second ("1200 req/min" is 20 QPS)
    "次/分钟": ("req/s", 1 / 60),
    "次/分": ("req/s", 1 / 60),
    "req/min": ("req/s", 1 / 60),
    "requests/min": ("req/s", 1 / 60),
    "rpm": ("req/s", 1 / 60),
    "qpm": ("req/s", 1 / 60),
    # bit rates
    "bps": ("bit/s", 1),
    "kbps": ("bit/s", 1000),
    "mbps": ("bit/s", 1000**2),
    "gbps": ("bit/s", 1000**3),
}


def _prefix_tree_pattern(words: list[str]) -> str:
    """An alternation of `words` as a prefix tree ("m(?:s|i(?:n|b)?)?"...): the engine follows one
    path instead of trying every word in turn. It matches what the plain alternation, longest word
    first, matches: the words that match at one place are prefixes of each other, so they lie on one
    path, and a greedy `?` tries the longer one first and backs off to the shorter."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def render(node: dict[str, Any]) -> str:
        branches = [re.escape(ch) + render(child) for ch, child in node.items() if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return render(tree)


_UNIT_ALT = _prefix_tree_pattern(list(_UNITS))
_NUMBER = re.compile(
    # ASCII-only edges: Chinese text glues numbers to words ("重启5次"), identifiers do not count ("p99")
    # a colon after a key may precede a value ("used_memory:805306368"), not one after a digit (clock, port)
    # ("3/50 connections": after a figure and its slash, the whole it is out of; never a path's segment)
    r"(?<![A-Za-z0-9_.\-])(?<![A-Za-z_.\-/]/)(?<!\d:)(?P<num>[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+]?\d+(?:\.\d+)?)"
    # "600 多万", "200 多个": more than the figure, less than its next step
    r"(?:\s?(?P<more>多)(?=\s?(?:[万亿]|(?i:" + _UNIT_ALT + r"))))?"
    # "152 万多次": more than the figure after its multiplier, as "600 多万" before it
    r"(?:\s?(?P<mult>[万亿])(?P<more_after>多(?![少么]))?)?"
    r"(?:\s?(?P<unit>(?i:" + _UNIT_ALT + r")))?(?![A-Za-z0-9_]|\.\d)",
)
# A time with seconds takes its UTC offset along ("12:00:06.975+08:00"): "+08:00" is no clock time and
# must not yield an 8-hour span.
_CLOCK = re.compile(
    r"(?<!\d)(?<!\d:)(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)"
    r"(?::(?P<s>[0-5]\d)(?:\.\d+)?(?:[zZ]|[+-](?:0\d|1[0-4]):?[0-5]\d(?![\d:]))?)?(?![\d])"
)
# "14点10分" as the mention pattern sees it; what the time is, `chinese_numerals.chinese_clocks` says
_CHINESE_HOUR = re.compile(r"(?<!\d)(?P<ch>[01]?\d|2[0-3])\s?点(?:(?P<cm>[0-5]?\d)分?)?")

# Dates (2026-11-08, 2026/11/08, 2026年11月8日) and compact UTC offsets after a time ("t120006+0800") are
# not quantities: they are consumed whole and skipped.
# A duration written in parts ("2m12s", "1h30m", "2 分 12 秒", "1 小时 30 分钟"): one span of seconds.
# Two parts at least; a single part is an ordinary number with its unit.
_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)\s?(天|d|个?小时|钟头|h|分钟|分|m|秒钟|秒|s)")
_PART_SECONDS = {"天": 86400, "d": 86400, "小时": 3600, "个小时": 3600, "钟头": 3600, "h": 3600,
                 "分钟": 60, "分": 60, "m": 60, "秒钟": 1, "秒": 1, "s": 1}
_LATIN_DURATION = (
    r"(?<![\w.])(?=\d+[dhm]\d+(?:\.\d+)?[hms](?![a-z]))(?:\d+d)?(?:\d+h)?(?:\d+m)?(?:\d+(?:\.\d+)?s)?(?![\w.])"
)
_CHINESE_DURATION = (
    r"(?=\d+\s?(?:天|个?小时|钟头|分钟?)\s?\d+(?:\.\d+)?\s?(?:个?小时|钟头|分钟?|秒))"
    r"(?:\d+\s?天\s?)?(?:\d+\s?(?:个?小时|钟头)\s?)?(?:\d+\s?分钟?\s?)?(?:\d+(?:\.\d+)?\s?秒钟?)?"
)
# and a half: "8 分半" (8.5 minutes), "1 个半小时", "两天半" (after `digits_for_numerals`)
_HALF_DURATION = r"\d+\s?(?:个半(?:小时|钟头)|分半钟?|天半|分多钟|个多小时)"  # and "5 分多钟": 5 to 6 minutes
_HALF_PART = re.compile(r"(\d{1,9})\s?(个半小时|个半钟头|分半钟?|天半|分多钟|个多小时)")
_MAX_HALF_CHARS = 20
_HALF_SECONDS = {
    "个半小时": 3600, "个半钟头": 3600, "分半": 60, "分半钟": 60, "天半": 86400, "分多钟": 60, "个多小时": 3600,
}
# kubectl's repeat count of an event: "Back-off restarting failed container (x42 over 12m)"
_EVENT_COUNT = re.compile(r"\(x(\d+) over\b")
# with a space between its parts: "2h 11min ago", "2m 14s"
_SPACED_DURATION = (
    r"(?<![\w.])\d+\s?(?:h|hrs?|hours?)\s\d+\s?(?:m|mins?|minutes?)(?![a-z])"
    r"|(?<![\w.])\d+\s?(?:m|mins?)\s\d+\s?(?:s|secs?|seconds?)(?![a-z])"
)
_EXTRA_EVIDENCE = re.compile(_LATIN_DURATION + r"|" + _SPACED_DURATION + r"|" + _EVENT_COUNT.pattern)

_DATE = (
    r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)|(?<!\d)\d{4}/\d{1,2}/\d{1,2}(?!\d)"
    r"|(?<!\d)\d{4}年\d{1,2}月(?:\d{1,2}日)?|(?<!\d)\d{1,2}月\d{1,2}日|(?<=\d)[+-](?:0\d|1[0-4])[0-5]\d(?!\d)"
)
_EVIDENCE_NUMBER = re.compile(r"(?=[0-9+\-])(?:(?P<date>" + _DATE + ")|" + _CLOCK.pattern + "|" + _NUMBER.pattern + ")")
# A number right after one of these words names something (a port, a process, a status), not an amount.
_CIDR_BEFORE = re.compile(r"\.\d{1,3}/$")
_NAMING_WORDS = ("port", "pid", "id", "errno", "code", "status", "version", "line")
# Larger (or non-finite) values are identifiers, hashes or overflow, never quantities to compute with.
MAX_QUANTITY = 1e15
# One pass over a short text; at a position, earlier alternatives win (entities before numbers).
_MEMO_CHARS = 4096  # longer texts are not kept in the session memo

def _mention_pattern(dates_and_durations: bool, days: bool = False) -> re.Pattern[str]:
    # dispatch on the first character, so CJK text and most positions are rejected in one step
    # (the leading class is every first character of the alternatives: one test where none starts).
    # Every letter alternative needs a word edge before it, every digit one a non-digit: tested once
    # up front (a word edge; no ASCII digit, the weakest of the digit tests), a position inside a word
    # or a number is rejected before the alternatives are tried
    extra = (
        r"(?P<date_entity>" + CLAIM_DATE + ("|" + CLAIM_DAY if days else "") + ")|"
        if dates_and_durations
        else ""
    )
    durations = (
        r"|(?P<duration>" + _LATIN_DURATION + "|" + _HALF_DURATION + "|" + _CHINESE_DURATION + ")"
        if dates_and_durations
        else ""
    )
    return re.compile(
        r"(?=[A-Za-z0-9+\-/])(?:(?=[A-Za-z])\b(?P<entity>" + "|".join(f"(?:{p})" for p in _LETTER_ENTITIES) + ")"
        r"|(?=[0-9+\-])(?<![0-9])(?:" + extra
        + r"(?P<digit_entity>" + "|".join(f"(?:{p})" for p in _DIGIT_ENTITIES) + ")"
        + durations
        + r"|(?P<clock>" + _CLOCK.pattern + r")|(?P<cnhour>" + _CHINESE_HOUR.pattern + r")|" + _NUMBER.pattern + ")"
        r"|(?P<path_entity>" + _PATH_ENTITY + "))"
    )


# The date and duration alternatives are tried only in a text that may hold one: every other text
# (most claims) is scanned by the shorter pattern, which matches the same there.
_MENTION = _mention_pattern(dates_and_durations=True)
_MENTION_PLAIN = _mention_pattern(dates_and_durations=False)
_MENTION_DAYS = _mention_pattern(dates_and_durations=True, days=True)  # also "29 日 09:41", "29 Nov"
_DATE_OR_DURATION_CUE = re.compile(r"[月/天时钟分秒]|\d[dhm]\d|\d-\d{1,2}\s?\d{1,2}:\d\d|\d{4}\.\d")
_DIGITS_DATE_OR_DURATION_CUE = re.compile(
    r"\d(?:[dhm]\d|-\d{1,2}\s?\d{1,2}:\d\d|-\d\d\s?(?:的|到|至|起|之间|期间|这|为|是|当天|全天)|\d{3}\.\d)|[从自至到]\s?\d\d-\d\d"
)


def _dated(text: str) -> bool:
    """`_DATE_OR_DURATION_CUE.search(text)`, in half the time: substring tests for its characters first."""
    return (
        "/" in text or "时" in text or "分" in text or "秒" in text or "天" in text or "月" in text or "钟" in text
        or _DIGITS_DATE_OR_DURATION_CUE.search(text) is not None
    )
_DAY_CUE = re.compile(r"\d\s?[日号]")  # "29 日", "29号": a day alone (`dates.CLAIM_DAY`)


# Mixed-case words of the trade a claim writes as they are spelled ("gRPC", "StatefulSet"), and trade
# acronyms the errno pattern would take for a code ("ETL 任务", "EKS 集群"): vocabulary that names no
# object of this incident, so no output needs to hold it
_VOCABULARY = frozenset(
    """grpc mtls oauth ebpf iops statefulset daemonset replicaset configmap cronjob persistentvolumeclaim
    persistentvolume horizontalpodautoscaler poddisruptionbudget networkpolicy serviceaccount clusterrole
    customresourcedefinition destinationrule virtualservice serviceentry peerauthentication authorizationpolicy
    envoyfilter readwriteonce readwritemany readonlymany readwriteoncepod ebs efs nfs iscsi csi apiservice
    ingressclass storageclass priorityclass runtimeclass validatingwebhookconfiguration
    mutatingwebhookconfiguration resourcequota limitrange endpointslice volumeattachment replicationcontroller
    controllerrevision certificatesigningrequest content-type content-length user-agent x-forwarded-for x-real-ip
    cache-control set-cookie transfer-encoding accept-encoding content-encoding explain
    etl elk efk eks ecs emr ecr elb eip eni""".split()
)
_ENTITY_GROUPS = frozenset({"entity", "date_entity", "digit_entity", "path_entity"})


def is_vocabulary(word: str) -> bool:
    """A mixed-case word of the trade ("StatefulSet", "NetworkPolicy"): it names no object of an incident."""
    return word.lower() in _VOCABULARY

_MULTIPLIERS = {"万": 10_000, "亿": 100_000_000}

# A bare integer this small is usually a count the claim derived ("3 个 pod"): soft evidence.
SMALL_COUNT = 10


# Letters that `re.IGNORECASE` matches to an ASCII unit letter, though `str.lower` keeps them apart.
_CASE_TWINS = str.maketrans({"ı": "i", "İ": "i", "\u212a": "k", "ſ": "s", "µ": "μ"})


def unit_value(unit: str) -> tuple[str, float] | None:
    """(kind, base units per unit) of a unit name ("GiB" -> ("bytes", 1073741824)), None if no unit.

    A unit the patterns matched case-insensitively through a letter whose lower case is not the ASCII
    one ("mıns" with a dotless ı, "2 Kİ", "5 ſec") is read as the ASCII unit, as the pattern read it.
    """
    value = _UNITS.get(unit.lower())
    if value is None and not unit.isascii():
        value = _UNITS.get(unit.translate(_CASE_TWINS).lower())
    return value


UNIT_PATTERN = _UNIT_ALT  # every unit name, the longest that matches first (for modules reading units near numbers)


def is_unit_word(word: str) -> bool:
    """A unit name ("GiB", "ms", "秒"): never a proper name or an entity of its own."""
    return word.lower() in _UNITS


class NumberMention(NamedTuple):
    text: str  # as written, folded
    value: float  # in the base unit (bytes, seconds, ratio) when the unit converts
    kind: str  # bytes / seconds / ratio / req/s / cores / count / plain / clock
    decimals: int  # precision as written, for rounding tolerance
    factor: float = 1.0  # base units per written unit (1024**2 for "Mi")
    approx: bool = False  # the claim marks it approximate (约 / 左右 / ~); decimals then count its significant digits

    @property
    def is_soft(self) -> bool:
        return self.kind in ("plain", "count") and self.decimals == 0 and abs(self.value) <= SMALL_COUNT

    @property
    def as_written(self) -> float:
        """The value in the unit the text writes ("9402 ms": 9402): a bare figure beside it may share that unit."""
        return self.value / self.factor


class Mentions(NamedTuple):
    entities: tuple[str, ...]  # folded, unique, in order
    numbers: tuple[NumberMention, ...]


class _Read(NamedTuple):
    """One pass of the mention pattern over a text, in both the forms its readers ask for."""

    mentions: Mentions
    prepared: str
    places: tuple[tuple[int, int, NumberMention], ...]
    aligned: bool  # `prepared` puts every character where the text has it (`places_in_text`)


def extract_mentions(text: str) -> Mentions:
    """Entities and numbers named in `text`. Numbers inside an entity belong to the entity."""
    return _read(text).mentions


def numbers_with_places(text: str) -> tuple[str, tuple[tuple[int, int, NumberMention], ...]]:
    """The text the mention pattern reads (numerals in digits, invisible characters gone) and each
    number of it (`extract_mentions`' numbers) with its place there: for checks that read a number by
    the words around it (several of them ask about one claim: worked out once per session)."""
    read = _read(text)
    return read.prepared, read.places


def places_in_text(text: str) -> tuple[tuple[int, int, NumberMention], ...] | None:
    """`numbers_with_places(text)`'s places where they index `text` itself (reading it changed no
    character's place: nothing removed or inserted, full-width punctuation in ASCII at most), else None."""
    read = _read(text)
    return read.places if read.aligned else None


def _read(text: str) -> _Read:
    if len(text) <= _MEMO_CHARS:  # a claim's text is read by several stages of one verification
        return memoised("read", text, _read_once)
    return _read_once(text)


def _read_once(text: str) -> _Read:
    prepared, entities, places = _scan(text)
    aligned = prepared == text or (len(prepared) == len(text) and prepared == _ascii_punctuation(text))
    mentions = Mentions(tuple(entities), tuple(mention for _, _, mention in places))
    return _Read(mentions, prepared, tuple(places), aligned)


def _ascii_punctuation(text: str) -> str:
    for wide, narrow in FULLWIDTH_PUNCTUATION:  # str.replace per mark: several times faster than translate
        if wide in text:
            text = text.replace(wide, narrow)
    return text


def _scan(text: str) -> tuple[str, list[str], list[tuple[int, int, NumberMention]]]:
    """(the text as read, its entities, its numbers with their places): one pass of the mention pattern."""
    entities: list[str] = []
    places: list[tuple[int, int, NumberMention]] = []
    text = digits_for_numerals(_halfwidth(text))
    month_named = may_name_a_month(text)  # "29 Nov", "Nov 29"
    if month_named or (("日" in text or "号" in text) and _DAY_CUE.search(text) is not None):
        pattern = _MENTION_DAYS
    else:
        pattern = _MENTION if _dated(text) else _MENTION_PLAIN
    approx_cue = _APPROX_CUE.search(text) is not None
    # what other readers take whole: Chinese clock times, month-first dates ("Nov 29"), shares in words
    # (a character each of them holds is the cue: substring tests, the cheapest)
    taken = (
        _taken_spans(text, month_named)
        if month_named or "点" in text or "时" in text or "成" in text or "半" in text or "之" in text
        or "點" in text or "時" in text
        else []
    )
    k, covered = 0, 0
    for m in pattern.finditer(text):
        if taken:
            while k < len(taken) and taken[k][0] <= m.start():
                covered = max(covered, _take(taken[k], entities, places))
                k += 1
            if m.start() < covered:
                continue  # a part of a time or date read whole ("05" of "14 点 05 分")
        kind = m.lastgroup  # the outermost named group that matched ("num" / "unit" for a number)
        mention: NumberMention | None
        if kind in _ENTITY_GROUPS:
            token = fold(m.group(0)).strip(".:")
            if kind == "date_entity" and "月" in token:  # "11 月 29 日" is the day "11月29日" (`dates.claim_day`)
                token = "".join(token.split())
            if token and token not in entities and token not in _UNITS and token not in _VOCABULARY:
                entities.append(token)
            continue
        if kind == "clock":
            written, hour = m["h"], hour_in_period(text, m.start(), int(m["h"]))  # "下午 2:05" is 14:05
            if hour == int(written):
                mention = _clock(fold(m.group(0)), written, m["m"], m["s"])
            else:
                mention = _clock(f"{hour:02d}:{m['m']}" + (f":{m['s']}" if m["s"] else ""), str(hour), m["m"], m["s"])
        elif kind == "cnhour":
            if not percentage_points(text, m.start()):
                continue  # "第 2 点", "原因有 3 点": no time the clock reader admits, nor a figure
            mention = NumberMention(m["ch"], float(m["ch"]), "plain", 0)  # "上涨 20 点": a change in points
        elif kind == "duration":
            mention = duration(fold(m.group(0)).replace(" ", ""))
            if approx_cue and _is_approximate(text, m.start(), m.end()):
                mention = approximate(mention)  # "约 21 分半", "约 2 分 10 秒"
        else:
            at = m.start()
            if text[at - 1 : at] == "/" and _CIDR_BEFORE.search(text, max(0, at - 5), at):
                continue  # a CIDR prefix ("10.12.32.0/20"): no quantity
            mention = number_from_match(m)
            if mention is not None and approx_cue and _is_approximate(text, m.start(), m.end()):
                mention = approximate(mention)
        if mention is not None:
            places.append((m.start(), m.end(), mention))
    for span in taken[k:]:
        _take(span, entities, places)
    if len(places) > 1 and _RANGE_MARK.search(text) is not None:
        places = _ranges_share_units(text, places)
    if len(places) > 1 and "、" in text:
        places = _lists_share_units(text, places)
    return text, entities, places


_RANGE_MARK = re.compile(r"[～~\-–—到至]")  # one scan in C, not a substring test per mark
RANGE_BETWEEN = re.compile(r"\s?[～~\-–—到至]\s?")  # "1.2 到 2.9", "08:00-09:00"
_UNIT_KINDS = frozenset({"bytes", "seconds", "ratio", "req/s", "cores", "bit/s"})


def _ranges_share_units(
    text: str, places: list[tuple[int, int, NumberMention]]
) -> list[tuple[int, int, NumberMention]]:
    """"180～200 毫秒": the unit after a range's second bound is the first bound's too."""
    out = list(places)
    for i in range(len(out) - 1):
        start, end, low = out[i]
        high = out[i + 1][2]
        if low.kind != "plain" or high.kind not in _UNIT_KINDS or low.decimals < 0:
            continue
        if RANGE_BETWEEN.fullmatch(text, end, out[i + 1][0]) is None:
            continue
        unit = high.text[len(_leading_digits(high.text)) :]
        value = low.value * high.factor
        shared = NumberMention(low.text + unit, value, high.kind, low.decimals, high.factor, low.approx)
        # "180～200 毫秒左右": the range is approximate as a whole
        out[i] = (start, end, approximate(shared) if high.approx and not low.approx else shared)
    return out


LIST_JOINER = re.compile(r"\s?(?:、|和|及|与)\s?")


def _lists_share_units(
    text: str, places: list[tuple[int, int, NumberMention]]
) -> list[tuple[int, int, NumberMention]]:
    """"约 1007.0、1015.5、1015.7 MiB", "分别为 35、41 和 38 ms": the unit after a list's last figure is each
    bare figure's before it (the list joined by 、, its last item by 和 / 及 / 与 at most)."""
    out = list(places)
    for i in range(len(out) - 1, 0, -1):
        start, end, low = out[i - 1]
        high = out[i][2]
        if low.kind != "plain" or high.kind not in _UNIT_KINDS or low.decimals < 0:
            continue
        if LIST_JOINER.fullmatch(text, end, out[i][0]) is None:
            continue
        unit = high.text[len(_leading_digits(high.text)) :]
        out[i - 1] = (start, end, NumberMention(low.text + unit, low.value * high.factor, high.kind, low.decimals,
                                                high.factor, low.approx))
    return out


def _leading_digits(text: str) -> str:
    m = re.match(r"[-+]?[\d.,]*", text)
    return m.group(0) if m else ""


_Taken = tuple[int, int, "NumberMention | str"]



def _taken_spans(text: str, month_named: bool) -> list[_Taken]:
    clocks, shares = chinese_clocks(text), ratio_words(text)  # each [] at once without its characters
    if not clocks and not shares and not month_named:
        return []
    taken: list[_Taken] = [(c.start, c.end, NumberMention(c.text, float(c.second), "clock", 0)) for c in clocks]
    if month_named:
        taken += [(s, e, fold(text[s:e])) for s, e in month_first_dates(text)]  # "nov 29", as written
    taken += [
        (r.start, r.end, NumberMention(fold(text[r.start : r.end]), r.value, "ratio", r.decimals, r.factor, True))
        for r in shares
    ]
    if len(taken) > 1:
        taken.sort(key=lambda t: (t[0], t[1]))
    return taken


def _take(span: _Taken, entities: list[str], places: list[tuple[int, int, NumberMention]]) -> int:
    """Record a span read whole (a number, or a date entity); returns where it ends."""
    start, end, what = span
    if isinstance(what, str):
        if what not in entities:
            entities.append(what)
    else:
        places.append((start, end, what))
    return end


_APPROX_BEFORE = re.compile(r"(?:约|大约|大概|(?<!最)近|将近|接近|约为|差不多|~|～|≈)\s*(?:是|为)?\s*$")
_APPROX_CUE = re.compile(r"[约近差概~～≈左上出倍]")  # a character every approximation marker holds
_APPROX_AFTER = re.compile(r"\s*(?:左右|上下|出头)")


def _is_approximate(text: str, start: int, end: int) -> bool:
    """约 / 大约 / ~ right before, 左右 / 上下 right after, or "约是 X 的 N 倍" (the 约 of the clause)."""
    if _APPROX_BEFORE.search(text, max(0, start - 4), start) or _APPROX_AFTER.match(text, end):
        return True
    if not TIMES_AFTER.match(text, end):
        return False
    clause = max(text.rfind(c, 0, start) for c in "，。；;,")
    return _APPROX_WORD.search(text, clause + 1, start) is not None


TIMES_AFTER = re.compile(r"\s*倍")  # "3.4 倍": a multiple
_APPROX_WORD = re.compile(r"约|大概|差不多")


def approximate(number: NumberMention) -> NumberMention:
    """An approximate number: a whole number's trailing zeros are not significant ("约 820" is 815-825)."""
    whole = re.match(r"[-+]?(\d+)(?![.\d])", number.text)
    decimals = number.decimals
    if whole and number.decimals == 0 and whole.group(1).strip("0"):
        decimals = -(len(whole.group(1)) - len(whole.group(1).rstrip("0")))
    return number._replace(decimals=decimals, approx=True)


def iter_numbers(folded_text: str, limit: int) -> list[NumberMention]:
    """Every number (with unit) and clock time in an already folded evidence text, at most `limit`.

    One pass: a date or a clock time is taken whole, so its parts ("2026", "13" of "13:50") are
    not numbers of their own.
    """
    found: list[NumberMention] = []
    epochs: set[str] | None = None  # the timestamps read as clock times (a matrix repeats them per series)
    keyed = _keyed_units(folded_text)
    m_headers: NamedHeaders | None = None
    epoch_end, epoch_digits, epoch_value = -1, 0, 0.0  # where the last timestamp read ends, its length and value
    for m in _EVIDENCE_NUMBER.finditer(folded_text):
        if m["date"]:
            continue
        if m["h"]:
            found.append(_clock(m.group(0), m["h"], m["m"], m["s"]))
        else:
            mention = number_from_match(m)
            if mention is None or not is_quantity(mention) or _named_by_word(folded_text, m.start()):
                continue
            at = m.start()
            if folded_text[at - 1 : at] == "/" and _CIDR_BEFORE.search(folded_text, max(0, at - 5), at):
                continue  # a CIDR prefix ("10.12.32.0/20"): no quantity
            if mention.text[-1] == "m" and mention.kind == "bytes":
                if m_headers is None:  # read once for every "m" of the text
                    m_headers = named_headers(folded_text, _M_COLUMNS)
                mention = _m_under_its_key(mention, m_reads_as(folded_text, m.start(), m_headers))
            elif keyed and mention.kind == "plain" and m.start() in keyed:
                kind, factor = keyed[m.start()]  # "p99_ms=820": 820 ms, never 820 of another unit
                mention = NumberMention(mention.text, mention.value * factor, kind, mention.decimals, factor)
            if (
                len(mention.text) >= 10
                and mention.text[0] == "1"
                and mention.kind == "plain"
                and (
                    (folded_text[m.start() - 1 : m.start()] == "[" and folded_text[m.end() : m.end() + 1] == ",")
                    or _TIMESTAMP_KEY_BEFORE.search(folded_text, max(0, m.start() - 40), m.start()) is not None
                    or folded_text[m.start() - 2 : m.start()] == "@["  # promtool's "422156698 @[1795822800]"
                    # the next element of an array of timestamps (a Grafana frame's time column): a little later
                    # than the one before (not the value beside a time: `[[1795822800, 1073741824], …]`)
                    or (
                        len(mention.text) == epoch_digits
                        and folded_text[epoch_end : m.start()] in (",", ", ")
                        and 0 < mention.value - epoch_value <= MAX_TIME_STEP * (1000 if epoch_digits >= 13 else 1)
                    )
                )
            ):
                epoch_end, epoch_digits, epoch_value = m.end(), len(mention.text), mention.value
                # a Prometheus point [1764407400, "1315"]: its time of day, never a quantity (the difference
                # of two points' timestamps is no figure of the series); the literal search still finds it
                epochs = epochs if epochs is not None else set()
                clock = epoch_clock(mention.text)
                if clock is None:
                    found.append(mention)
                elif mention.text not in epochs:
                    epochs.add(mention.text)
                    found.append(clock)
                continue
            found.append(mention)
        if len(found) >= limit:
            break
    if len(found) < limit and ("(x" in folded_text or "s" in folded_text):
        found.extend(_extra_numbers(folded_text, limit - len(found)))
    if len(found) < limit and "up " in folded_text and "day" in folded_text:
        found.extend(_uptimes(folded_text, limit - len(found)))
    return found


# How long the machine has been up, as uptime writes it ("up 3 days,  4:12"): an elapsed time whose owner
# the line names. (ps's "2-04:12:55" and PostgreSQL's "7 days 04:12:55" are read only under an ELAPSED /
# ETIME header, `column_units`: a job's time limit, a process's CPU time or a backend's age are written
# the same way, and a figure is no elapsed time of the thing a claim means merely by its shape.)
_UPTIME = re.compile(r"(?<![\w.])up\s+(\d{1,5}) days?,\s+(\d{1,2}):([0-5]\d)(?![\w:.])")


def _uptimes(folded_text: str, limit: int) -> list[NumberMention]:
    found: list[NumberMention] = []
    for m in _UPTIME.finditer(folded_text):
        days, hours, minutes = m.groups()
        found.append(elapsed_seconds(days, hours, minutes, None))
        if len(found) >= limit:
            break
    return found


def elapsed_seconds(days: str | None, hours: str | None, minutes: str, seconds: str | None) -> NumberMention:
    """An elapsed time from its parts, in seconds, precise to its last part ("2-04:12:55": 187975 s)."""
    value = ((int(days or 0) * 24 + int(hours or 0)) * 60 + int(minutes)) * 60 + int(seconds or 0)
    text = f"{days}-" if days else ""
    text += f"{hours}:" if hours is not None else ""
    text += minutes + (f":{seconds}" if seconds is not None else "")
    return NumberMention(text, float(value), "seconds", 0, 1.0 if seconds is not None else 60.0)


# a key that names its value's unit: "elapsed_ms: 12.5", "size_bytes=…", MySQL's "# Query_time: 12.503118" (s);
# not a rate's ("instantaneous_ops_per_sec:1234")
# (anchored at the "_" so that the engine scans for it in C; the name before it is checked behind)
KEYED_FIGURE = re.compile(
    # ("max.poll.interval.ms=300000": a dotted key names its unit as well)
    r"[_.](?:(?<=query_)time|(?<=lock_)time|(?<=[a-z0-9][_.])(?<!per[_.])(ms|millis|msec|seconds|secs|sec|us|bytes|kib|mib|gib|kb|mb|gb))"
    r"[\"']?\s?[:=]\s?[\"']?(?=[\d.])"
)
_KEY_UNITS = {"millis": "ms", "msec": "ms", "seconds": "s", "secs": "s", "sec": "s", "bytes": "b"}


def key_unit_name(match: re.Match[str]) -> str:
    """The unit a `KEYED_FIGURE` match names ("s" for MySQL's Query_time and Lock_time)."""
    name = match.group(1)
    return _KEY_UNITS.get(name, name) if name else "s"


def _keyed_units(folded_text: str) -> dict[int, tuple[str, float]]:
    """Where a figure stands after a key naming its unit, with (kind, factor) of that unit."""
    found: dict[int, tuple[str, float]] = {}
    for m in KEYED_FIGURE.finditer(folded_text):
        value = unit_value(key_unit_name(m))
        if value is not None:
            found[m.end()] = value
    return found


# "cpu: 100m" is 100 millicores and "memory: 100m" 100 MB: the key right before an "m" says which
_M_KEY = re.compile(r"(?<![a-z0-9_])(cpu|cores|memory|mem)[\"']?\s*[:=]\s*[\"']?$")
_M_KEY_REACH = 40


# kubectl's headers over cells with an "m": CPU(cores) holds millicores (MEMORY(bytes) holds Mi), AGE minutes
_M_COLUMNS = {"cpu(cores)": "cores", "age": "seconds"}


def _m_under_its_key(mention: NumberMention, reading: str) -> NumberMention:
    """An "m" figure read as its key or column says: millicores or minutes, else as written (megabytes)."""
    factor = {"cores": 0.001, "seconds": 60.0}.get(reading)
    if factor is None:
        return mention
    digits = mention.value / mention.factor
    return NumberMention(mention.text, digits * factor, reading, mention.decimals, factor, mention.approx)


def m_reads_as(folded_text: str, start: int, headers: NamedHeaders | None = None) -> str:
    """What an "m" after the digits starting at `start` is, by the key before them on their line or the
    header of their column: "cores" (Kubernetes writes millicores under `cpu` and CPU(cores)), "bytes"
    (under `memory`), "seconds" (minutes under AGE), or "" (any reading: minutes, megabytes or millicores).
    `headers`: the text's `named_headers` for `_M_COLUMNS`, when the caller reads many cells of it."""
    line_start = folded_text.rfind("\n", 0, start) + 1
    m = _M_KEY.search(folded_text, max(line_start, start - _M_KEY_REACH), start)
    if m is not None:
        return "cores" if m.group(1) in ("cpu", "cores") else "bytes"
    if headers is None:
        headers = named_headers(folded_text, _M_COLUMNS)
    return _M_COLUMNS.get(headers.word_over(folded_text, start), "")


MAX_TIME_STEP = 7 * 86_400  # seconds from one timestamp of a time column to the next, at most

# a field that holds a time: "lastConsumedTimestamp": 1796014800000, "created_at": 1796014800
_TIMESTAMP_KEY_BEFORE = re.compile(EPOCH_FIELD_KEY + "$")


def epoch_clock(raw: str) -> NumberMention | None:
    """The UTC time of day of an epoch timestamp in seconds (10 digits, a fraction allowed) or
    milliseconds (13 digits), from 2001 to 2033; None for any other number."""
    whole = raw.split(".", 1)[0]
    if len(whole) == 13 and "." not in raw:
        seconds = int(whole) // 1000
    elif len(whole) == 10:
        seconds = int(whole)
    else:
        return None
    second = seconds % 86400
    h, mi, sec = second // 3600, second % 3600 // 60, second % 60
    return NumberMention(f"{h:02d}:{mi:02d}:{sec:02d}", float(second), "clock", 0)


def _extra_numbers(folded_text: str, limit: int) -> list[NumberMention]:
    """Durations in parts ("2m12s" = 132 s) and kubectl event counts ("(x42 over 12m)" = 42 times),
    which the number pattern does not read (a letter is glued to their digits)."""
    found: list[NumberMention] = []
    for m in _EXTRA_EVIDENCE.finditer(folded_text):
        if m.group(1) is not None:
            found.append(NumberMention(m.group(1), float(m.group(1)), "count", 0))
        elif m.group(0):
            found.append(duration(m.group(0)))
        if len(found) >= limit:
            break
    return found


def duration(text: str) -> NumberMention:
    """A duration written in parts ("2m12s", "2分12秒") or with a half ("8分半"), in seconds, precise to
    its last part."""
    half = _HALF_PART.fullmatch(text) if len(text) <= _MAX_HALF_CHARS else None
    if half:
        unit = _HALF_SECONDS[half.group(2)]
        # "8 分半" is 8.5 minutes to the half minute (written in half minutes: 15 s each way); "5 分多钟"
        # somewhere in its sixth minute (half a minute each way)
        more = "多" in half.group(2)
        written_in = float(unit if more else unit / 2)
        return NumberMention(text, (int(half.group(1)) + 0.5) * unit, "seconds", 0, written_in, more)
    seconds = 0.0
    last = 1
    decimals = 0
    for value, unit in _DURATION_PART.findall(text):
        last = _PART_SECONDS[unit]
        seconds += float(value) * last
        decimals = len(value.split(".", 1)[1]) if "." in value else 0
    return NumberMention(text, seconds, "seconds", decimals, float(last))


def is_quantity(number: NumberMention) -> bool:
    """A finite value of at most `MAX_QUANTITY` written units: something arithmetic may use or match."""
    return math.isfinite(number.value) and abs(written_value(number)) <= MAX_QUANTITY


def written_value(number: NumberMention) -> float:
    """The number in the unit it is written in ("820 MiB": 820)."""
    return number.value / number.factor if number.factor else number.value


_WRITTEN_FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?")


def written_figure(number: NumberMention) -> str | None:
    """The figure's digits as the claim writes them, without its unit or thousands separators ("1,315ms":
    "1315"), to look for in a cell or a line; None for a number written without digits."""
    m = _WRITTEN_FIGURE.match(number.text.replace(",", ""))
    return m.group(0) if m else None


def holds_as_written(value: float, number: NumberMention) -> bool:
    """`value` (in the number's written unit) rounds to the number as written ("1315" for 1315.4)."""
    return abs(value - written_value(number)) <= 0.5 * 10 ** (-max(number.decimals, 0)) + 1e-9


def number_from_match(m: re.Match[str]) -> NumberMention | None:
    raw = m["num"].replace(",", "")
    try:
        value = float(raw)
    except ValueError:
        return None
    decimals = len(raw.split(".", 1)[1]) if "." in raw else 0
    entry = unit_value(m["unit"]) if m["unit"] else None
    factor: float = 1
    if entry is not None:
        kind, factor = entry
        value *= factor
    else:
        kind = "plain"
    if m["mult"]:  # "1.6 万条" is 16000, precise to a thousand
        multiplier = _MULTIPLIERS[m["mult"]]
        value *= multiplier
        factor *= multiplier
    text = fold(m.group(0)).replace(" ", "")
    if (m["more"] or m["more_after"]) and decimals == 0:
        # "600 多万" is 6.0 to 7.0 million: the middle of the step of its last significant digit, with
        # half a step each way (an approximate figure, its `decimals` counting significant digits)
        zeros = len(raw) - len(raw.rstrip("0")) if raw.strip("0") else 0
        step = 10.0**zeros
        return NumberMention(text, value + step / 2 * factor, kind, -zeros, float(factor), True)
    return NumberMention(text, value, kind, decimals, float(factor))


def _named_by_word(text: str, start: int) -> bool:
    """The number follows a naming word ("port 8080", "pid=12", "status": 503, "pod_id=7")."""
    before = text[max(0, start - 10) : start]
    if not before or before[-1] not in " =:\"'":
        return False
    word = before.rstrip(" =:\"'")
    for name in _NAMING_WORDS:
        if word.endswith(name):
            k = len(word) - len(name)
            return k == 0 or not word[k - 1].isalpha()
    return False


def _clock(text: str, hours: str, minutes: str | None, seconds: str | None) -> NumberMention:
    value = int(hours) * 3600 + int(minutes or 0) * 60 + int(seconds or 0)
    return NumberMention(text, float(value), "clock", 0)


def _halfwidth(text: str) -> str:
    # full-width digits and letters behave like ASCII for every pattern above, and invisible
    # characters go: "5\u200b04" is the number 504, not 5 and 04; a Chinese colon before a word is
    # punctuation of the sentence ("search-api：p99 延迟"), not part of an identifier
    if text.isascii():
        return text
    return clean(_CJK_COLON_WORD.sub(": ", text) if "：" in text else text)


_CJK_COLON_WORD = re.compile(r"：(?=[A-Za-z])|(?<=[A-Za-z])：(?=\d)")  # "deadline：4 个" is no host:port
