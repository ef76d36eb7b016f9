"""A value said of every object of a list: "k8s-db-1、k8s-db-2、k8s-db-3 都在 ap-southeast-1b".

Each object the claim lists must have the value on the output lines that name it; where every line naming
one of them shows a sibling value instead (ap-southeast-1c: the same shape, another zone, version or
node), the claim gives that object a value the output gives another. A soft judgement (spec §8: which
lines a list means is a reading, a model may overrule it); the rules backend reads it as `contradicted`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.normalize import contains_token, fold
from .trace_index import CallEvidence

__all__ = ["listed_value_conflict"]

_NAME = r"[a-z0-9][\w.\-/]*[a-z0-9]"
# two names or more joined by 、 , 和 及 与, then 都 / 均 / 全部 and the value they are said to share
_LISTED = re.compile(
    rf"(?P<names>{_NAME}(?:\s?(?:、|,|，|和|及|与)\s?{_NAME})+)\s?(?:都|均|全部|全都|全)\s?(?:在|是|为|处于|跑在|位于|运行在|用的是)?\s?"
    rf"(?P<value>{_NAME})"
)
_NAMES = re.compile(_NAME)
_SPLIT = re.compile(r"\s?(?:、|,|，|和|及|与)\s?")
_SHAPE = str.maketrans("0123456789abcdefghijklmnopqrstuvwxyz", "9999999999" + "a" * 26)
_MAX_LINES = 2000


def listed_value_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The first listed object whose every output line shows a sibling of the value the claim gives it."""
    if "都" not in claim_text and "均" not in claim_text and "全" not in claim_text:
        return None
    text = fold(claim_text)
    lines: list[str] | None = None  # the cited outputs' lines, split once and only for a list with a value
    for m in _LISTED.finditer(text):
        value = m["value"]
        if not any(ch.isalpha() for ch in value) or not any(ch.isdigit() for ch in value):
            continue  # a name of letters only ("running") is a state: `state_pairs` reads those
        if lines is None:
            lines = [line for ev in cited for line in ev.flat[: ev.out_end].split("\n", _MAX_LINES)[:_MAX_LINES]]
        for name in _SPLIT.split(m["names"]):
            own = [line for line in lines if contains_token(line, name)]
            if not own or any(contains_token(line, value) for line in own):
                continue
            sibling = next((w for line in own for w in _NAMES.findall(line) if _siblings(w, value)), None)
            if sibling is not None:
                return f"it says {name!r} is {value!r}, but every cited line naming it shows {sibling!r}"
    return None


def _siblings(a: str, b: str) -> bool:
    """Two values of one kind: the same shape (letters and digits in the same places), most of it shared."""
    if a == b or len(a) != len(b) or a.translate(_SHAPE) != b.translate(_SHAPE):
        return False
    shared = next((i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y), len(a))
    return shared * 2 >= len(a)
