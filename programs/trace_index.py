"""Searchable views of a session's tool outputs, built lazily and once per call.

Every matching stage (Gatekeeper, rules claim checker, answer facts) asks this index; the
normalised texts of large outputs are computed only when something is looked up in them.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from groundcheck.programs.arithmetic import follows_by_arithmetic, matches_directly
from groundcheck.programs.content_words import word_in
from groundcheck.programs.normalize import contains_token, fold, normalize
from groundcheck.programs.tokens import NumberMention, iter_numbers
from groundcheck.signatures.models import GUIDANCE_DOC_TYPES, EvidenceBinding, Session, ToolCall

Location = Literal["cited", "trace", "nowhere"]
_NUMBERS_PER_CALL = 2000
_SEP = "\x00"  # between JSON text and the strings inside it: no excerpt spans it


@dataclass(frozen=True)
class KnowledgeDoc:
    doc_id: str
    doc_type: str
    norm: str  # normalised title + content


class CallEvidence:
    """One tool call's output in the forms matching needs."""

    def __init__(self, call: ToolCall) -> None:
        self.call = call

    @cached_property
    def text(self) -> str:
        """The output as the Executor saw it: the string itself, or its JSON text."""
        return output_text(self.call.output)

    @cached_property
    def _strings(self) -> list[str]:
        if isinstance(self.call.output, str):
            return []
        return list(_strings_in(self.call.output))

    @cached_property
    def norm(self) -> str:
        """Spec §6 normalisation of the JSON text and of every string inside a JSON value."""
        parts = [normalize(self.text), *(normalize(s) for s in self._strings)]
        return _SEP.join(parts)

    @cached_property
    def flat(self) -> str:
        """Folded output and arguments, white space kept, for token search with word boundaries.

        The arguments say what the output is about (the service whose logs these are), so a claim
        naming them is still grounded in this call.
        """
        arguments = json.dumps(self.call.arguments, ensure_ascii=False)
        return "\n".join([fold(self.text), *(fold(s) for s in self._strings), fold(arguments)])

    @cached_property
    def numbers(self) -> list[NumberMention]:
        return iter_numbers(self.flat, _NUMBERS_PER_CALL)

    @cached_property
    def documents(self) -> list[KnowledgeDoc]:
        out = self.call.output
        if not isinstance(out, list):
            return []
        docs = []
        for item in out:
            if isinstance(item, dict) and "doc_id" in item:
                body = f"{item.get('title', '')}\n{item.get('content', '')}"
                docs.append(KnowledgeDoc(str(item["doc_id"]), str(item.get("doc_type", "")), normalize(body)))
        return docs

    def contains_excerpt(self, norm_excerpt: str) -> bool:
        return norm_excerpt in self.norm

    def contains_token(self, token: str) -> bool:
        return contains_token(self.flat, token)


class TraceIndex:
    """All tool calls of one session, by invocation id."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.calls: dict[str, CallEvidence] = {c.invocation_id: CallEvidence(c) for c in session.tool_calls}
        # the Gatekeeper and the rules checker ask the same questions of the same bindings
        self._excerpt_memo: dict[tuple[str, tuple[str, ...]], bool] = {}
        self._guidance_memo: dict[tuple[str, str, str, tuple[str, ...]], bool] = {}

    @cached_property
    def query_flat(self) -> str:
        return fold(self.session.original_query)

    def word_anywhere(self, word: str) -> bool:
        """An ordinary word occurs in some tool output, its arguments, or the operator's question."""
        return word_in(self.query_flat, word) or any(word_in(ev.flat, word) for ev in self.calls.values())

    def number_anywhere(self, number: NumberMention) -> bool:
        """A number with no citation: literal or converted anywhere, or derived within one output."""
        calls = list(self.calls.values())
        if _number_in(number, calls, derive=False):
            return True
        return any(follows_by_arithmetic(number, ev.numbers) for ev in calls)

    def get(self, invocation_id: str) -> CallEvidence | None:
        return self.calls.get(invocation_id)

    def existing(self, invocation_ids: Iterable[str]) -> list[CallEvidence]:
        return [self.calls[i] for i in invocation_ids if i in self.calls]

    def excerpt_found(self, binding: EvidenceBinding) -> bool:
        """Spec §6 `evidence.excerpt`: the excerpt is in the output of a referenced call that exists."""
        key = (binding.evidence_excerpt, tuple(binding.source_invocation_ids))
        if key not in self._excerpt_memo:
            excerpt = normalize(binding.evidence_excerpt)
            calls = self.existing(binding.source_invocation_ids)
            self._excerpt_memo[key] = bool(excerpt) and any(ev.contains_excerpt(excerpt) for ev in calls)
        return self._excerpt_memo[key]

    def binding_is_guidance(self, binding: EvidenceBinding) -> bool:
        """The binding points at a runbook, skill or historical case rather than incident evidence."""
        key = (binding.source_type, binding.source_id, binding.evidence_excerpt, tuple(binding.source_invocation_ids))
        if key not in self._guidance_memo:
            self._guidance_memo[key] = self._is_guidance(binding)
        return self._guidance_memo[key]

    def _is_guidance(self, binding: EvidenceBinding) -> bool:
        if binding.source_type.lower() in GUIDANCE_DOC_TYPES:
            return True
        docs = [d for ev in self.existing(binding.source_invocation_ids) for d in ev.documents]
        if not docs:
            return False
        named = [d for d in docs if d.doc_id == binding.source_id]
        if named:
            return all(d.doc_type in GUIDANCE_DOC_TYPES for d in named)
        excerpt = normalize(binding.evidence_excerpt)
        holding = [d for d in docs if excerpt and excerpt in d.norm]
        return bool(holding) and all(d.doc_type in GUIDANCE_DOC_TYPES for d in holding)

    def token_location(self, token: str, cited: Iterable[str]) -> Location:
        """Where an entity (already folded) appears: in a cited output, elsewhere in the trace, nowhere."""
        cited_ids = set(cited)
        if any(ev.contains_token(token) for ev in self.existing(cited_ids)):
            return "cited"
        others = (ev for i, ev in self.calls.items() if i not in cited_ids)
        if any(ev.contains_token(token) for ev in others):
            return "trace"
        return "nowhere"

    def number_location(self, number: NumberMention, cited: Iterable[str]) -> Location:
        """Where a number appears or follows from: cited outputs, elsewhere in the trace, nowhere."""
        cited_ids = set(cited)
        cited_calls = self.existing(cited_ids)
        if _number_in(number, cited_calls):
            return "cited"
        others = [ev for i, ev in self.calls.items() if i not in cited_ids]
        if _number_in(number, others, derive=False):
            return "trace"
        return "nowhere"


def output_text(output: Any) -> str:
    if isinstance(output, str):
        return output
    return json.dumps(output, ensure_ascii=False)


def _number_in(number: NumberMention, calls: list[CallEvidence], derive: bool = True) -> bool:
    """Literally, after unit conversion, or (with `derive`) by one step of arithmetic.

    Arithmetic is allowed only over the outputs a claim cites: over the whole trace almost any
    number follows from some pair of unrelated values.
    """
    if not calls:
        return False
    if any(literal_number_in(ev.flat, number) for ev in calls):
        return True
    evidence = [n for ev in calls for n in ev.numbers]
    return matches_directly(number, evidence) or (derive and follows_by_arithmetic(number, evidence))


def literal_number_in(haystack: str, number: NumberMention) -> bool:
    """The number as written (without unit) occurs in `haystack`, not part of a longer number."""
    digits = _digits_of(number)
    return bool(digits) and _literal_number_pattern(digits, number.kind == "clock").search(haystack) is not None


@functools.lru_cache(maxsize=4096)
def _literal_number_pattern(digits: str, clock: bool) -> re.Pattern[str]:
    """`digits` standing alone: the literal comes first, so the engine's fast prefix scan does the work.

    Not glued to a longer number, a clock time or a date ("21" is not in "10:21:05" or "2026-11-21"),
    nor part of an identifier ("p99", "trace_id=87d6cc8e"); a unit may follow ("30000ms"), and an ISO
    time may follow its date ("2026-11-28t14:03").
    """
    lit = re.escape(digits)
    left = rf"(?<![A-Za-z0-9._:]{lit})(?<!\d-{lit})"
    if clock:
        left = rf"(?:(?<=\dt{lit})|{left})"
    right = r"(?!\d|\.\d|[a-z]*\d" + ("" if clock else r"|:\d|-\d") + ")"
    return re.compile(lit + left + right)


def _digits_of(number: NumberMention) -> str:
    """The number as written, without its unit ("" for an hour like "10 点", matched by value)."""
    if number.kind == "clock":
        return "" if "点" in number.text else number.text
    end = 0
    text = number.text
    while end < len(text) and (text[end].isdigit() or text[end] in ".,+-"):
        end += 1
    return text[:end].replace(",", "").lstrip("+")


def _strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings_in(v)
