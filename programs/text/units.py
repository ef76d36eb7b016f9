"""Do the units written beside two equal digit strings agree? ("350 秒" is not "350ms").

A literal number match ("the output contains 350") is evidence for a claimed quantity only when
the units agree (spec §7: a number must appear in the outputs "or follow by unit conversion"; the
same digits in another unit are another number). Three cases for an occurrence in an output:
- a unit follows the digits ("350ms", "100M", "30s"): it must be read the same as the claim's;
- no unit follows, but the output declares the unit of its bare numbers ("# unit: seconds",
  a "1M-blocks" column, a "p99_ms" / "avail_bytes" key, a "(ms)" header): a declaration of the
  claim's kind must agree with the claim's unit;
- nothing is declared for that kind: the bare number may carry the claim's unit, unless the output
  declares one unit for all its numbers ("unit: ms", JSON `"unit": "MiB"`, "单位：秒") of another kind:
  a series in ms does not hold "1315 秒" nor "640%".
Some written units are ambiguous ("m": minutes, megabytes or millicores): any reading agrees.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Callable, Iterator
from functools import lru_cache

from .tokens import KEYED_FIGURE, UNIT_PATTERN, NumberMention, key_unit_name, m_reads_as, unit_value

Reading = tuple[str, float]  # (kind, scale): bytes by power of 1000 / 1024, others by factor

# Kinds whose unit a claim must not change; counts (次/个/条) and plain numbers carry no unit to check.
CHECKED_KINDS = frozenset({"bytes", "seconds", "ratio", "req/s", "cores", "bit/s"})
_AMBIGUOUS: dict[str, tuple[Reading, ...]] = {
    "m": (("bytes", 2.0), ("seconds", 60.0), ("cores", 0.001)),
    "k": (("bytes", 1.0),),
    "b": (("bytes", 0.0),),
}
_UNIT_AFTER = re.compile(r"[ \t]?(" + UNIT_PATTERN + r")(?![a-z0-9_])", re.IGNORECASE)
_LEADING = re.compile(r"[-+]?[\d.,]+")
_DECLARED_UNIT = (
    r"(ms|us|μs|seconds?|secs?|minutes?|mins?|hours?|days?|bytes?|[kmgt]i?b|kib|mib|gib|tib|percent|pct|%|bps|[kmg]bps"
    r"|毫秒|秒|分钟|小时|字节)"
)
# group 1: a unit for all the output's numbers ("unit: ms", `"unit": "ms"`, "单位：秒"); group 2: for a
# field or column ("p99_ms", "(ms)"); group 3: a df block size
_DECLARATIONS = re.compile(
    r"(?:\bunits?[\"']?\s*[:=]\s*[\"']?|单位\s*[:：=]?\s*)" + _DECLARED_UNIT + r"(?![a-z0-9])"
    # ("zk_min_latency": a "min" inside a name is its minimum, no minutes)
    r"|(?:[a-z0-9]_|[(\[]\s*)" + _DECLARED_UNIT + r"(?![a-z0-9])(?!(?<=min)_)"
    r"|\b1([kmgt])-blocks\b|\b(1024)-blocks\b",
)
# A declaration of a unit for all the numbers of an output is kept as a reading of this kind prefix.
_WHOLE = "all:"
_ALIASES = {"pct": "percent"}
# Where a declaration may start, each found by a pattern with a literal prefix (which the engine
# scans for in C), with the offset of the start: at a "unit" / "单位", at a bracket before a unit's
# first letter, one character before a "_" before one, two characters before "-blocks" (the first
# letters are those of `_DECLARED_UNIT`).
_UNIT_START = "[mμushdbkgtp%毫秒分小字]"
_DECLARATION_ANCHORS = (
    (re.compile("unit"), 0),
    (re.compile("单位"), 0),
    (re.compile(rf"\((?=\s*{_UNIT_START})"), 0),
    (re.compile(rf"\[(?=\s*{_UNIT_START})"), 0),
    (re.compile(f"_(?={_UNIT_START})"), 1),
    (re.compile("-blocks"), 2),
    (re.compile("1024-blocks"), 0),
)


@lru_cache(maxsize=256)
def readings(unit: str) -> frozenset[Reading]:
    """Every way a written unit may be read; empty for no unit (or one that carries none)."""
    unit = unit.lower()
    if unit in _AMBIGUOUS:
        return frozenset(_AMBIGUOUS[unit])
    value = unit_value(unit)
    if value is None or value[0] not in CHECKED_KINDS:
        return frozenset()
    kind, factor = value
    if kind == "bytes":  # KB and KiB agree (a claim may round), KB and MB do not
        return frozenset({(kind, float(round(math.log(factor, 1000)))) if factor >= 1 else (kind, 0.0)})
    return frozenset({(kind, float(factor))})


def claimed_unit(number: NumberMention) -> str:
    """The unit as written after the digits of a number ("" for none)."""
    m = _LEADING.match(number.text)
    return number.text[m.end() :] if m else ""


def unit_after(text: str, pos: int) -> str:
    """The unit written right after position `pos` of a folded text ("" for none)."""
    m = _UNIT_AFTER.match(text, pos)
    return m.group(1) if m else ""


def declared_units(text: str, whole_tables: bool = True) -> frozenset[Reading]:
    """Units an output declares for its bare numbers (see the module notes). With `whole_tables`, a
    df table's block size ("1K-blocks", POSIX "1024-blocks") is every bare figure's; without (the output
    of several commands, `df -k; ls -l F`), only its columns'."""
    found: set[Reading] = set()
    for m in _declarations(text):
        if m.group(1):
            units = readings(_ALIASES.get(m.group(1), m.group(1)))
            found |= units | {(_WHOLE + kind, scale) for kind, scale in units}
        elif m.group(2):
            found |= readings(_ALIASES.get(m.group(2), m.group(2)))
        else:  # df's "1K-blocks": every bare figure of its table counts blocks (Use% carries its own unit)
            unit = f"{m.group(3)}b" if m.group(3) else "kb"
            found |= declared_for_all(unit) if whole_tables else readings(unit)
    return frozenset(found)


RATIO: Reading = ("ratio", 1.0)  # a share written as a fraction (0.05 is 5%)


def declared_for_all(unit: str | Reading) -> frozenset[Reading]:
    """The readings of a unit (written, "ms", or read, `RATIO`) declared for every bare number of an
    output, as "unit: ms" declares it."""
    units = readings(unit) if isinstance(unit, str) else frozenset({unit})
    return units | {(_WHOLE + kind, scale) for kind, scale in units}


def whole_kinds(declared: frozenset[Reading]) -> dict[str, tuple[float, ...]]:
    """The units declared for every bare number of an output, as kind -> base units per bare unit
    ("unit: ms": seconds -> 0.001; "unit: MB": bytes -> 10**6 and 2**20)."""
    factors: dict[str, tuple[float, ...]] = {}
    for kind, scale in declared:
        if kind.startswith(_WHOLE):
            base = kind[len(_WHOLE) :]
            found = (1000.0**scale, 1024.0**scale) if base == "bytes" else (scale,)
            factors[base] = factors.get(base, ()) + found
    return factors


def _declarations(text: str) -> Iterator[re.Match[str]]:
    """`_DECLARATIONS.finditer(text)`, tried only where a declaration may start: the same matches
    (every match starts at an anchor, and anchors are tried in order from the end of the last
    match), at a fraction of the cost on a large output, where the pattern would be tried at every
    letter and digit."""
    # the anchors of each kind in order, merged lazily: a log can hold a million of them
    starts = heapq.merge(*(_anchor_starts(anchor, back, text) for anchor, back in _DECLARATION_ANCHORS))
    pos = 0
    for start in starts:
        if start < pos:  # inside the last match, before the text, or tried already
            continue
        m = _DECLARATIONS.match(text, start)
        if m:
            yield m
            pos = m.end()
        else:
            pos = start + 1


def _anchor_starts(anchor: re.Pattern[str], back: int, text: str) -> Iterator[int]:
    for a in anchor.finditer(text):
        yield max(a.start() - back, 0)


def occurrence_agrees(number: NumberMention, text: str, end: int, declared: Callable[[], frozenset[Reading]]) -> bool:
    """The digits of `number` found at `text[..end]` are the same quantity as far as units tell.
    `declared` gives the text's declared units; it is called only for a bare occurrence."""
    claimed = readings(claimed_unit(number))
    if not claimed:
        return True
    if text.startswith(_TOP_CPU_LINE, text.rfind("\n", 0, end) + 1):
        written = "%"  # top's "%Cpu(s): 92.4 us,  5.1 sy": shares of CPU time (us is user, not µs)
    else:
        written = unit_after(text, end) or key_unit(text, end)
    if written:
        found = readings(written) if written != "m" else _m_readings(text, end)
        return not found or bool(claimed & found)
    return bare_agrees(claimed, declared())


_TOP_CPU_LINE = ("%cpu(s):", "%cpu", "cpu(s):")
_M_UNDER_KEY: dict[str, frozenset[Reading]] = {
    "cores": frozenset({("cores", 0.001)}),
    "bytes": frozenset({("bytes", 2.0)}),
    "seconds": frozenset({("seconds", 60.0)}),
}


def _m_readings(text: str, end: int) -> frozenset[Reading]:
    """The readings of an "m" after the digits ending at `end`: the key before them may settle it."""
    return _M_UNDER_KEY.get(m_reads_as(text, _figure_start(text, end, ".")), readings("m"))


_KEY_REACH = 48


def key_unit(text: str, end: int) -> str:
    """The unit the key right before the bare number ending at `end` names ("" for none)."""
    start = _figure_start(text, end, ".,")
    for m in KEYED_FIGURE.finditer(text, max(0, start - _KEY_REACH), start + 1):
        if m.end() == start:
            return key_unit_name(m)
    return ""


def _figure_start(text: str, end: int, marks: str) -> int:
    """Where the figure ending at `end` starts: its digits and `marks` ("." or ".,") read back."""
    start = end
    while start > 0 and (text[start - 1].isdigit() or text[start - 1] in marks):
        start -= 1
    return start


def bare_agrees(claimed: frozenset[Reading], declared: frozenset[Reading]) -> bool:
    """A bare number of an output that declares `declared` may carry a claimed unit read `claimed`."""
    kinds = {k for k, _ in claimed}
    declared_here = {r for r in declared if r[0] in kinds}
    if declared_here:
        return bool(claimed & declared_here)
    # nothing of the claim's kind: the bare number is in the unit declared for all numbers, if any
    return not any(kind.startswith(_WHOLE) for kind, _ in declared)
