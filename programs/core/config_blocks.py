"""Whose setting: a value a claim gives a directive of one named block of a cited configuration must be
that block's. "nginx 中 /api/ 路径的 proxy_read_timeout 为 300s" over `location /api/ { proxy_read_timeout
60s; }` and `location /upload/ { proxy_read_timeout 300s; }` moves the upload block's value. A soft judgement
(spec §8: a model may overrule it); the rules backend reads it as `contradicted`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..text.normalize import fold
from .trace_index import CallEvidence

_BLOCK_OPEN = re.compile(
    r"(?m)^[ \t]*(?:location|upstream|backend|frontend)\s+(?:[=~^*]+\s+)?([^\s{;]+)\s*\{"
)
_DIRECTIVE = re.compile(r"(?m)^[ \t]*([a-z_][a-z0-9_]{3,})\s+([^;\n]+);")
_FIGURE = re.compile(r"\d+(?:\.\d+)?[a-z]*")
_MAX_CHARS = 200_000


class _Block(NamedTuple):
    name: str
    settings: dict[str, str]


def block_value_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The first directive value the claim gives one named block that another block holds instead."""
    claim = fold(claim_text).replace(" ", "")
    for ev in cited:
        text = ev.flat[: min(ev.out_end, _MAX_CHARS)]
        if "{" not in text:
            continue
        blocks = _blocks(text)
        named = [b for b in blocks if b.name in claim]
        if len(named) != 1:
            continue
        own = named[0]
        keys = {k for b in blocks for k in b.settings if k in claim}
        for key in keys:
            value = own.settings.get(key, "")
            claimed = _FIGURE.findall(claim[claim.find(key) + len(key) :][:24])
            if not claimed or claimed[0] == value.replace(" ", ""):
                continue
            if not value and _set_outside_blocks(text, key, claimed[0], blocks):
                continue  # the block may take it from the server around it
            holder = next(
                (b for b in blocks if b is not own and b.settings.get(key, "").replace(" ", "") == claimed[0]), None
            )
            if holder is not None:
                has = f"{own.name!r} has {value}" if value else f"{own.name!r} sets none"
                return (f"it gives {key} {claimed[0]} to {own.name!r}, which the cited configuration sets in "
                        f"{holder.name!r} ({has})")
    return None


def _set_outside_blocks(text: str, key: str, value: str, blocks: list[_Block]) -> bool:
    """The directive with that value is written more often than the named blocks set it: at server level."""
    written = sum(1 for d in _DIRECTIVE.finditer(text) if d.group(1) == key and d.group(2).replace(" ", "") == value)
    in_blocks = sum(1 for b in blocks if b.settings.get(key, "").replace(" ", "") == value)
    return written > in_blocks


def _blocks(text: str) -> list[_Block]:
    """Each named block's own directives (not those of blocks nested in it)."""
    found = []
    for m in _BLOCK_OPEN.finditer(text):
        depth, i, body = 1, m.end(), []
        start = i
        while i < len(text) and depth:
            if text[i] == "{":
                if depth == 1:
                    body.append(text[start:i])
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 1:
                    start = i + 1
            i += 1
        body.append(text[start : i - 1] if depth == 0 else text[start:i])
        own = "\n".join(body)
        found.append(_Block(m.group(1), {d.group(1): d.group(2).strip() for d in _DIRECTIVE.finditer(own)}))
    return found
