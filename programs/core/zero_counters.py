"""A counter the text says keeps growing while every value the outputs give it is 0.

"n_lru_nuked 一直在涨" over varnishstat's "MAIN.n_lru_nuked  0  0.00 …", "retransmits 持续增加" over
`"retransmits": 0`: the field is named as the output names it, so which figure is meant is not in doubt,
and the output says the counter never moved. A soft judgement (spec §8: what 一直在涨 claims is a reading
of its wording, a model may overrule it); the rules backend reads it as `contradicted`.

What keeps honest texts out: only a field the output gives a value right after its name (`name 0`,
`name: 0`, `"name": 0`, `name=0`; not "retrans:0/1843", a pair) is read, and only when every such value
is 0; where the sentence names an object (es-data-2), only outputs naming it; the growth word must follow
the field in its clause, undenied ("没有在涨" says the same as the output), with no other field between
("n_lru_nuked 为 0 而 n_expired 一直在涨": n_expired grows).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.normalize import fold
from ..text.tokens import extract_mentions
from ..text.wording import clause_end, quick_search

# "在涨", "一直增加", "持续上升", "不断累积", "increasing": the counter moves
_GROWS = re.compile(
    r"(?<![没未不无])(?:在|一直|持续|不断|仍在|还在|继续)?(?:上涨|在涨|涨(?![停价])|增长|增加|上升|升高|攀升|飙升|累积|累加|递增)"
    r"|\b(?:increas(?:es|ing)|grow(?:s|ing)|rising|climbing|keeps? going up)\b"
)
# a character every growth word holds, or an English one: scanned in a lowered copy (`quick_search`)
_GROW_CUE_PATTERN = re.compile(r"[涨增升累递]|increas|grow|rising|climbing|going up", re.IGNORECASE)
_GROW_CUE = quick_search(_GROW_CUE_PATTERN, cue="涨|增|升|累|递|increas|grow|rising|climbing|going up")
_DENIED_BEFORE = re.compile(r"(?:没有?|未|不|无|并未|从未|并没有?)(?:在|再|一直|持续|继续)?$")
_VALUES_PER_FIELD = 50
_MIN_FIELD_CHARS = 4
# a field's name as outputs write it: "n_lru_nuked", "main.n_lru_nuked", "retransmits", "tcp-retrans"
_FIELD = re.compile(r"(?<![\w.\-])[a-z][a-z0-9_.\-]*[a-z0-9_](?![\w\-])")


def may_say_grows(text: str) -> bool:
    """Whether the text holds a growth word at all (most claims hold none): read before the outputs are."""
    return _GROW_CUE(text) is not None and _GROWS.search(fold(text)) is not None


def zero_counter_conflict(text: str, outputs: Sequence[str], said_in: Sequence[str] = ()) -> str | None:
    """The first field the text says grows whose every value in `outputs` (folded) is 0, as a detail;
    a field one of the texts `said_in` (folded critical claims) also says grows is left to its check."""
    if not may_say_grows(text):
        return None
    folded = fold(text)
    fields = list(dict.fromkeys(_FIELD.findall(folded)))
    entities = extract_mentions(text).entities
    for field in fields:
        if len(field) < _MIN_FIELD_CHARS or not _said_to_grow(folded, field, fields):
            continue
        if any(field in said and _said_to_grow(said, field, _FIELD.findall(said)) for said in said_in):
            continue
        # "es-data-2 的 rejected 一直在涨": only an output that names es-data-2 says what its counter is
        objects = [e for e in entities if e != field and e not in field]
        read = [o for o in outputs if any(e in o for e in objects)] if objects else outputs
        values = [v for output in read for v in _values_of(field, output)]
        if values and all(v == 0 for v in values):
            return f"it says {field!r} keeps growing, but every value the cited output gives it is 0"
    return None


def _said_to_grow(folded: str, field: str, fields: list[str]) -> bool:
    """A growth word follows the field in its clause, undenied, with no other field between them
    ("n_lru_nuked 为 0 而 n_expired 一直在涨": n_expired grows)."""
    start = folded.find(field)
    while start != -1:
        end = start + len(field)
        grows = _GROWS.search(folded, end, clause_end(folded, end))
        between = folded[end : grows.start()] if grows else ""
        if (
            grows is not None
            and _DENIED_BEFORE.search(folded, max(end, grows.start() - 4), grows.start()) is None
            and not any(other != field and other in between for other in fields)
        ):
            return True
        start = folded.find(field, end)
    return False


def _values_of(field: str, output: str) -> list[float]:
    """The numbers written right after the field's name in a folded output (a dotted prefix allowed:
    "main.n_lru_nuked" for "n_lru_nuked")."""
    pattern = re.compile(
        r"(?<![\w\-])(?:[\w\-]+\.)*" + re.escape(field) + r"[\"']?\s*[:=]?\s*(-?\d+(?:\.\d+)?)(?![\d.:/])"
    )
    values: list[float] = []
    for m in pattern.finditer(output):
        values.append(float(m.group(1)))
        if len(values) >= _VALUES_PER_FIELD:
            break
    return values
