"""An excess over a setting the claim names: "批处理耗时超出 session.timeout.ms 约 12 秒" over "took 312004 ms,
exceeds max.poll.interval.ms=300000 … session.timeout.ms=45000". 12 s is what 312004 ms exceeds the other
setting by; over session.timeout.ms the excess is 267 s. The figure is located (a difference of two output
values), so only a reading of which setting it is measured from catches it. Soft (spec §8): the rules backend
reads an excess that no figure gives over the named setting's value as `contradicted`.

Only a setting whose key says its unit is read ("….ms", "_seconds", "_bytes"): a bare value is compared in no
unit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.arithmetic import tolerance
from ..text.normalize import fold
from ..text.tokens import iter_numbers, numbers_with_places
from .trace_index import CallEvidence

_KEY = r"[a-z][a-z0-9]*(?:[._][a-z0-9]+)+"
# "超出 session.timeout.ms 约 12 秒", "比 request.timeout.ms 多了 2 秒", "超过 max_wait_ms 的阈值 300ms"
_EXCESS = re.compile(
    rf"(?:超出了?|超过了?|高出了?|比)\s?({_KEY})\s?(?:的?(?:值|阈值|上限|限制|设置))?\s?(?:多出了?|多了?|长了?|高出了?|高了?)?\s?"
    r"(?:约|大约|近|将近)?\s?$",
    re.IGNORECASE,
)
_KEY_UNITS = (("ms", 0.001, "seconds"), ("seconds", 1.0, "seconds"), ("secs", 1.0, "seconds"), ("sec", 1.0, "seconds"),
              ("bytes", 1.0, "bytes"))
_REACH = 60  # characters before the figure read for the named setting
_SCAN = 200_000
_QUOTE_FIGURES = 64


def excess_over_key_conflict(claim_text: str, cited: Sequence[CallEvidence], quotes: Sequence[str]) -> str | None:
    """The detail when the claim gives an excess over a named setting that no figure of the claim or of its
    cited outputs exceeds that setting's value by; None when no such excess is said or the value is unknown."""
    if not cited or ("超" not in claim_text and "高出" not in claim_text and "比" not in claim_text):
        return None
    prepared, places = numbers_with_places(claim_text)
    for start, _, number in places:
        if number.kind not in ("seconds", "bytes"):
            continue
        excess = _EXCESS.search(prepared, max(0, start - _REACH), start)
        if excess is None:
            continue
        key = excess.group(1).lower()
        limit = _setting_value(key, number.kind, cited)
        if limit is None:
            continue
        # what exceeds it: a figure of the claim or of the lines it quotes (not any duration of the output)
        figures = [n.value for _, _, n in places if n.kind == number.kind and n is not number]
        figures += [n.value for q in quotes for n in iter_numbers(fold(q), _QUOTE_FIGURES) if n.kind == number.kind]
        slack = max(tolerance(number), 0.05 * number.value)
        if not any(abs(x - limit - number.value) <= slack for x in figures):
            unit = "s" if number.kind == "seconds" else "bytes"
            return f"it gives {number.text} over {key} ({limit:g} {unit}), which no figure exceeds it by"
    return None


def _setting_value(key: str, kind: str, cited: Sequence[CallEvidence]) -> float | None:
    unit = next(((factor, k) for suffix, factor, k in _KEY_UNITS if re.search(rf"[._]{suffix}$", key)), None)
    if unit is None or unit[1] != kind:
        return None
    pattern = re.compile(rf"(?<![\w.]){re.escape(key)}\s?[=:]\s?(\d+(?:\.\d+)?)(?![\d.])")
    for ev in cited:
        found = pattern.search(ev.flat, 0, min(ev.out_end, _SCAN))
        if found:
            return float(found.group(1)) * unit[0]
    return None
