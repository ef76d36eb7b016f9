"""A field of one JSON record given to another: "rabbitmq-1 的 partitions 列表里记录了 rabbitmq-0，而 rabbitmq-2
的 partitions 为空" over node records whose `partitions` say the reverse. The JSON analogue of a table's
other row (soft, spec §8): a clause that names one record's subject and one of its fields, and says what
the field holds (another name, or nothing), is contradicted when the subject's own record does not hold it
and another record's field does."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..text.normalize import contains_token, fold
from ..text.tokens import Mentions, numbers_with_places
from ..text.wording import clause_end, part_start, sentence_part
from .trace_index import CallEvidence, literal_number_in

_NAME_KEYS = ("name", "node", "hostname", "host", "instance", "pod", "member", "broker", "id")
# a record's subject for a figure it holds: these too ("target": "10.8.1.22:8080", an upstream's target)
_SUBJECT_KEYS = (*_NAME_KEYS, "target", "endpoint", "address", "upstream", "service")
_CLAUSE = re.compile(r"[，,；;。]|而|但(?:是)?")
_NOT_BEFORE = re.compile(r"[非不没未]")  # "非空", "不为空", "没有为空"
_EMPTY = re.compile(r"为?\s?(?:空列表|空数组|空|null|none|\[\]|\{\})(?![a-z0-9_])|\bempty\b")
_MAX_RECORDS = 2_000
_MIN_KEY = 4


def record_field_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """The first clause that gives a record's field what only another record's field holds, as a detail."""
    if not mentions.entities:
        return None
    calls = {ev.call.invocation_id: ev for ev in cited}.values()  # a call cited twice is one output
    records = [r for ev in calls if ev.value is not None for r in _records(ev.value)]
    if len(records) < 2:
        return None
    folded = fold(claim_text)
    keys = sorted({k for _, r in records for k in r if len(k) >= _MIN_KEY and any(c.isalpha() for c in k)})
    keys = [k for k in keys if k.lower() in folded]  # the fields the claim names at all
    if not keys:
        return None
    for clause in _CLAUSE.split(folded):
        found = _clause_conflict(clause, mentions.entities, records, keys)
        if found:
            return found
    return None


def _clause_conflict(
    clause: str, entities: Sequence[str], records: list[tuple[str, dict[str, Any]]], keys: list[str]
) -> str | None:
    for entity in entities:
        found = re.search(rf"(?<![a-z0-9]){re.escape(entity)}(?![a-z0-9])", clause)
        if found is None:
            continue
        rest = clause[found.end():]
        for key in keys:
            if not contains_token(rest, key.lower()):
                continue
            own = [r for n, r in records if key in r and contains_token(n, entity)]
            if len(own) != 1:
                continue
            record = own[0]
            others = [r for n, r in records if key in r and not contains_token(n, entity)]
            said = rest[rest.find(key.lower()) + len(key):]
            detail = _field_conflict(entity, key, record[key], said, entities, others)
            if detail:
                return detail
    return None


def _field_conflict(
    entity: str, key: str, value: Any, said: str, entities: Sequence[str], others: list[dict[str, Any]]
) -> str | None:
    empty = _EMPTY.search(said[:12])
    if empty and not _NOT_BEFORE.search(said, max(0, empty.start() - 3), empty.start() + 1):
        if _is_empty(value) or not any(_is_empty(r[key]) for r in others):
            return None
        return f"it says {entity!r}'s {key!r} is empty, which the cited output shows of another record"
    held = fold(json.dumps(value, ensure_ascii=False))
    for other in entities:
        if other == entity or not contains_token(said, other):
            continue
        if contains_token(held, other):
            return None
        if any(contains_token(fold(json.dumps(r[key], ensure_ascii=False)), other) for r in others):
            return f"it gives {entity!r}'s {key!r} {other!r}, which the cited output shows in another record's {key!r}"
    return None


def record_figure_conflict(claim_text: str, mentions: Mentions, cited: Sequence[CallEvidence]) -> str | None:
    """A figure the claim gives the one record it names that only another record of a cited JSON list holds:
    "10.8.1.22 … 5xx 共 1433 次，占其 17980 个请求的约 8%" where 17980 is the requests of 10.8.1.23's object."""
    if not mentions.entities or not mentions.numbers:
        return None
    if all(ev.value is None for ev in cited):
        return None  # no JSON output: no records
    calls = {ev.call.invocation_id: ev for ev in cited}.values()
    records = [r for ev in calls if ev.value is not None for r in _subject_records(ev.value)]
    if len(records) < 2:
        return None
    named = [(n, r) for n, r in records if any(_names(n, e) for e in mentions.entities)]
    if len(named) != 1:
        return None  # no record, or several: which figure is whose, the claim says in its own words
    subject, own = named[0]
    own_text = fold(json.dumps(own, ensure_ascii=False))
    others = [(n, fold(json.dumps(r, ensure_ascii=False))) for n, r in records if r is not own]
    # the figures of the sentence from where it names the subject on, but a clause of others ("远高于另外两个
    # target 的 36 次", "而最忙的 target 有 18211 个"): "10.8.1.22 … 5xx 1433 次，占其 17980 个请求" gives it 17980
    prepared, places = numbers_with_places(claim_text)
    starts = [m.start() for e in mentions.entities if _names(subject, e)
              for m in re.finditer(re.escape(e), prepared, re.IGNORECASE)]
    said = [
        n for at, _, n in places
        if any(part_start(prepared, s0) <= at < sentence_part(prepared, s0)[1] for s0 in starts)
        and not _OTHERS_CLAUSE.search(prepared, part_start(prepared, at), clause_end(prepared, at))
    ]
    for number in said:
        if number.kind in _DERIVED_KINDS or number.is_soft or literal_number_in(own_text, number):
            continue
        holders = [n for n, text in others if literal_number_in(text, number)]
        if holders:  # (the claim names no other record: `named` holds one)
            return f"it gives {number.text} to {subject!r}, which the cited output shows in {holders[0]!r}'s record"
    return None


def _names(record_name: str, entity: str) -> bool:
    """The entity is the record's subject ("10.8.1.22" of "10.8.1.22:8080")."""
    return contains_token(record_name, entity)


def _subject_records(value: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    for item in json_objects(value, _MAX_RECORDS):
        name = next((item[k] for k in _SUBJECT_KEYS if isinstance(item.get(k), str)), None)
        if name:
            yield fold(name), item


_DERIVED_KINDS = frozenset({"ratio", "clock"})
_OTHERS_CLAUSE = re.compile(r"另外|其他|其它|其余|别的|最|而")
  # a share is worked out, a clock is no record's value


def _is_empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def _records(value: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object of the JSON value that names its subject (by `name`, `node`, `host` …), with that name."""
    for item in json_objects(value, _MAX_RECORDS):
        name = next((item[k] for k in _NAME_KEYS if isinstance(item.get(k), str)), None)
        if name:
            yield fold(name), item


def json_objects(value: Any, limit: int) -> Iterator[dict[str, Any]]:
    """The objects of a decoded JSON value, depth first, visiting at most `limit` objects and arrays."""
    stack, seen = [value], 0
    while stack and seen < limit:
        item = stack.pop()
        seen += 1
        if isinstance(item, dict):
            yield item
            stack.extend(v for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, dict | list))
