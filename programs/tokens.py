"""Key entities and numbers named in a short text (a claim, an answer sentence).

Entities are what a fabrication usually invents: error codes, identifiers (host / pod / service
names, paths, env vars), IPs, versions, dates. Numbers carry their unit so that evidence matching
can convert (512Mi = 536870912 bytes) and derive (10:05 to 10:15 = 10 minutes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from groundcheck.programs.normalize import fold

# Order matters: earlier patterns claim their span first.
_ENTITY_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("ip", re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?(?![\w.])")),
    ("date", re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?:[tT ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)?(?!\d)")),
    ("error_code", re.compile(r"\b(?:[A-Z][A-Z0-9]{1,9}-\d{2,6}|ERR_[A-Z0-9_]+|E[A-Z]{2,}\d*|[A-Z]{1,4}\d{4,6})\b")),
    ("exception", re.compile(r"\b[A-Za-z][\w.]*(?:Exception|Error)\b")),
    ("version", re.compile(r"(?<![\w.])v\d+(?:\.\d+)+(?:[-+][\w.]+)?\b|(?<![\w.])\d+\.\d+\.\d+(?:[-+][\w.]+)?\b")),
    ("path", re.compile(r"(?<![\w/])/(?:[\w.\-{}]+/)*[\w.\-{}]+")),
    (
        "identifier",
        re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:[-_.:][A-Za-z0-9]+)+\b(?!/)"),
    ),
    ("camel", re.compile(r"\b(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[A-Z][A-Za-z0-9]*[A-Z])[A-Za-z][A-Za-z0-9]{3,}\b")),
)

# Units first by length so that "ms" wins over "m", "MiB" over "Mi".
_UNITS = {
    # bytes
    "bytes": ("bytes", 1), "byte": ("bytes", 1), "字节": ("bytes", 1), "b": ("bytes", 1),
    "kib": ("bytes", 1024), "ki": ("bytes", 1024), "kb": ("bytes", 1000), "k": ("bytes", 1000),
    "mib": ("bytes", 1024**2), "mi": ("bytes", 1024**2), "mb": ("bytes", 1000**2), "m": ("bytes", 1000**2),
    "gib": ("bytes", 1024**3), "gi": ("bytes", 1024**3), "gb": ("bytes", 1000**3), "g": ("bytes", 1000**3),
    "tib": ("bytes", 1024**4), "ti": ("bytes", 1024**4), "tb": ("bytes", 1000**4),
    # durations, in seconds
    "ms": ("seconds", 0.001), "毫秒": ("seconds", 0.001), "μs": ("seconds", 1e-6), "us": ("seconds", 1e-6),
    "s": ("seconds", 1), "sec": ("seconds", 1), "secs": ("seconds", 1), "second": ("seconds", 1),
    "seconds": ("seconds", 1), "秒": ("seconds", 1), "秒钟": ("seconds", 1),
    "min": ("seconds", 60), "mins": ("seconds", 60), "minute": ("seconds", 60), "minutes": ("seconds", 60),
    "分钟": ("seconds", 60), "h": ("seconds", 3600), "hr": ("seconds", 3600), "hour": ("seconds", 3600),
    "hours": ("seconds", 3600), "小时": ("seconds", 3600), "d": ("seconds", 86400), "day": ("seconds", 86400),
    "days": ("seconds", 86400), "天": ("seconds", 86400),
    # ratios
    "%": ("ratio", 0.01), "percent": ("ratio", 0.01),
    # rates and counts keep their own unit
    "req/s": ("req/s", 1), "qps": ("req/s", 1), "rps": ("req/s", 1), "tps": ("req/s", 1),
    "ops/s": ("req/s", 1), "cores": ("cores", 1), "core": ("cores", 1), "millicores": ("cores", 0.001),
    "次": ("count", 1), "个": ("count", 1), "条": ("count", 1), "台": ("count", 1), "次/秒": ("req/s", 1),
}
_UNIT_ALT = "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))
_NUMBER = re.compile(
    r"(?<![\w.\-/:])(?P<num>[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+]?\d+(?:\.\d+)?)"
    r"(?:\s?(?P<unit>" + _UNIT_ALT + r"))?(?![\w.]*[A-Za-z0-9])",
    re.IGNORECASE,
)
_CLOCK = re.compile(r"(?<![\d:])(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?::(?P<s>[0-5]\d)(?:\.\d+)?)?(?![\d])")
_CHINESE_HOUR = re.compile(r"(?<!\d)(?P<h>[01]?\d|2[0-3])\s?点(?:(?P<m>[0-5]?\d)分?)?")

_EVIDENCE_NUMBER = re.compile(
    r"(?P<date>(?<!\d)\d{4}-\d{2}-\d{2}(?!\d))|" + _CLOCK.pattern + "|" + _NUMBER.pattern,
    re.IGNORECASE,
)

# A bare integer this small is usually a count the claim derived ("3 个 pod"): soft evidence.
SMALL_COUNT = 10


@dataclass(frozen=True)
class NumberMention:
    text: str  # as written, folded
    value: float  # in the base unit (bytes, seconds, ratio) when the unit converts
    kind: str  # bytes / seconds / ratio / req/s / cores / count / plain / clock
    decimals: int  # precision as written, for rounding tolerance
    factor: float = 1.0  # base units per written unit (1024**2 for "Mi")

    @property
    def is_soft(self) -> bool:
        return self.kind in ("plain", "count") and self.decimals == 0 and abs(self.value) <= SMALL_COUNT


@dataclass(frozen=True)
class Mentions:
    entities: tuple[str, ...]  # folded, unique, in order
    numbers: tuple[NumberMention, ...]


def extract_mentions(text: str) -> Mentions:
    """Entities and numbers named in `text`. Numbers inside an entity belong to the entity."""
    folded_text = _halfwidth(text)
    taken: list[tuple[int, int]] = []
    entities: list[str] = []
    for _kind, pattern in _ENTITY_PATTERNS:
        for m in pattern.finditer(folded_text):
            if _overlaps(m.span(), taken):
                continue
            taken.append(m.span())
            token = fold(m.group(0)).strip(".:")
            if token and token not in entities and not _is_unit_word(token):
                entities.append(token)
    numbers: list[NumberMention] = []
    for m in _CLOCK.finditer(folded_text):
        if _overlaps(m.span(), taken):
            continue
        taken.append(m.span())
        seconds = int(m["h"]) * 3600 + int(m["m"]) * 60 + int(m["s"] or 0)
        numbers.append(NumberMention(fold(m.group(0)), float(seconds), "clock", 0))
    for m in _CHINESE_HOUR.finditer(folded_text):
        if _overlaps(m.span(), taken):
            continue
        taken.append(m.span())
        seconds = int(m["h"]) * 3600 + int(m["m"] or 0) * 60
        numbers.append(NumberMention(fold(m.group(0)), float(seconds), "clock", 0))
    for m in _NUMBER.finditer(folded_text):
        if _overlaps(m.span(), taken):
            continue
        mention = number_from_match(m)
        if mention is not None:
            numbers.append(mention)
    return Mentions(tuple(entities), tuple(numbers))


def iter_numbers(folded_text: str, limit: int) -> list[NumberMention]:
    """Every number (with unit) and clock time in an already folded evidence text, at most `limit`.

    One pass: a date or a clock time is taken whole, so its parts ("2026", "13" of "13:50") are
    not numbers of their own.
    """
    found: list[NumberMention] = []
    for m in _EVIDENCE_NUMBER.finditer(folded_text):
        if m["date"]:
            continue
        if m["h"]:
            seconds = int(m["h"]) * 3600 + int(m["m"]) * 60 + int(m["s"] or 0)
            found.append(NumberMention(m.group(0), float(seconds), "clock", 0))
        else:
            mention = number_from_match(m)
            if mention is None:
                continue
            found.append(mention)
        if len(found) >= limit:
            break
    return found


def number_from_match(m: re.Match[str]) -> NumberMention | None:
    raw = m["num"].replace(",", "")
    try:
        value = float(raw)
    except ValueError:
        return None
    decimals = len(raw.split(".", 1)[1]) if "." in raw else 0
    unit = (m["unit"] or "").lower()
    factor: float = 1
    if unit:
        kind, factor = _UNITS[unit]
        value *= factor
    else:
        kind = "plain"
    return NumberMention(fold(m.group(0)).replace(" ", ""), value, kind, decimals, float(factor))


def _halfwidth(text: str) -> str:
    # full-width digits and letters behave like ASCII for every pattern above
    if text.isascii():
        return text
    import unicodedata

    return unicodedata.normalize("NFKC", text)


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    start, end = span
    return any(start < t_end and t_start < end for t_start, t_end in taken)


def _is_unit_word(token: str) -> bool:
    return token in _UNITS or token in {"req/s", "ops/s"}
