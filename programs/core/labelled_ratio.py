"""A multiple between two subjects of one cited metrics result: "stock 服务的 P99 延迟是 order 服务的 4 倍"
over a Prometheus vector whose series labelled order holds 1240 and stock 310 (order is 4 times stock, not
the other way round). The claim writes no figure of either; the result's labels say whose each value is.
A soft judgement (spec §8: a model may overrule it); the rules backend reads it as `contradicted`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..text.normalize import fold
from .trace_index import CallEvidence

# "X (服务)的 … 是 Y (服务)的 N 倍": X / Y = N
_X_IS_N_TIMES_Y = re.compile(
    r"([a-z][\w\-]*)\s?(?:服务|节点|实例)?\s?的?[^，。；;,]{0,16}?(?:是|为|约为|约是|达到了?)\s?"
    r"([a-z][\w\-]*)\s?(?:服务|节点|实例)?\s?的?[^，。；;,\d]{0,8}?(?:约|近)?\s?(\d+(?:\.\d+)?)\s?倍"
)
_SLACK = 0.1  # of the multiple: results are rounded, and so is what the claim writes


def labelled_ratio_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The multiple the claim gives X over Y, when a cited result's values labelled X and Y give
    another one, as a detail."""
    if "倍" not in claim_text:
        return None
    form = _X_IS_N_TIMES_Y.search(fold(claim_text))
    if form is None:
        return None
    x, y, multiple = form.group(1), form.group(2), float(form.group(3))
    if x == y:
        return None
    for ev in cited:
        values = _labelled_values(ev.call.output)
        if x in values and y in values and values[y] > 0 and values[x] > 0:
            ratio = values[x] / values[y]
            if abs(ratio - multiple) <= _SLACK * multiple:
                return None
            return (f"it says {x} is {multiple:g} times {y}, but the cited result gives {x} {values[x]:g} and "
                    f"{y} {values[y]:g} ({ratio:.2g} times)")
    return None


def _labelled_values(output: Any) -> dict[str, float]:
    """Label value -> the one value of its series, for a Prometheus instant vector (a list of
    {"metric": {...}, "value": [t, "v"]}, bare or under data.result); labels shared by two series count
    for neither."""
    if isinstance(output, dict):
        output = output.get("data", {}).get("result", output.get("result"))
    if not isinstance(output, list):
        return {}
    found: dict[str, float] = {}
    shared: set[str] = set()
    for series in output:
        if not isinstance(series, dict) or not isinstance(series.get("metric"), dict):
            continue
        value = series.get("value")
        try:
            number = float(value[1]) if isinstance(value, list) and len(value) == 2 else None
        except (TypeError, ValueError):
            number = None
        if number is None:
            continue
        for label in series["metric"].values():
            key = fold(str(label))
            if key in found:
                shared.add(key)
            found[key] = number
    return {k: v for k, v in found.items() if k not in shared}
