"""Negation conflicts between a claim and its evidence, with glossary concepts as the unit.

A soft, lexical judgement (spec §8: a model may overrule it): the claim denies a concept that the
cited output reports ("没有发生主从切换" over "failover completed"), or reports one that the output
only denies ("出现 OOM" over "0 OOM kills"). A negator governs a concept term when it stands right
before it in the same clause (a few characters in Chinese, two words in English); in evidence,
"errors=0" or "oom_kills: 0" also denies.

Only events and states are compared: denying a component ("无法连接数据库") says nothing about the
database being absent from the logs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .glossary import (
    ConceptMention,
    EvidenceView,
    claim_analysis,
    evidence_view,
    glossary,
    stands_alone,
)

__all__ = ["ANTONYMS", "NEGATABLE", "denied_antonym", "negated_spans", "negation_conflict"]

# Concepts that an event or a state can be denied of (not components such as "database").
NEGATABLE = frozenset(
    """disk_full oom memory_leak memory_pressure disk_pressure pid_pressure cpu_throttling high_load packet_loss
    network_partition dns_failure failover replication_lag exhausted leak cache_avalanche cache_penetration
    consumer_lag rebalance node_not_ready unhealthy healthy restart crash crashloop killed evicted pending
    image_pull probe_failed mount_failed config_change misconfiguration deployment rollback scale_out scale_in
    cert_expired cert_revoked renewal clock_skew timeout refused connection_reset unreachable unavailable
    not_found permission_denied auth_failure rate_limit circuit_breaker degrade retry retry_storm slow slow_query
    full_table_scan deadlock error exception null_pointer failed success recovery traffic_spike http_5xx
    http_4xx bad_gateway address_in_use write_failure read_failure load_failure hang data_loss corruption
    duplicate parse_error syntax_error split_brain processing_slow poll_timeout network_change code_change
    overload cascading_failure expired alert human_error ddos hardware_failure region_failure saturation
    insufficient_resources cpu_high memory_high running stopped""".split()
)
# A state denied in evidence reports its opposite: "Replica_IO_Running: No" says the thread stopped.
ANTONYMS: dict[str, tuple[str, ...]] = {
    "stopped": ("running",),
    "running": ("stopped",),
    "unhealthy": ("healthy",),
}

_ZH_NEGATORS = "不没未无非"
_ZH_NEGATOR_CHAR = re.compile(f"[{_ZH_NEGATORS}]")
# 不断 (keeps on), 非常 (very), 无论 (whatever), 未来 (future) ... start with a negator but do not negate.
_ZH_FALSE = re.compile(
    r"不仅|不只|不但|不断|不少|不久|不同|不停|不过|不到|不一定|不管|非常|无论|无需|无效|未来|未知|无线"
)
_ZH_GAP = 3  # characters allowed between a Chinese negator and the term it governs
_CLAUSE_BREAK = re.compile(r"[，。；、,;:：！？!?()（）\[\]\n]")
_EN_TOKEN = re.compile(r"[a-z0-9']+|[^\sa-z0-9']")
_EN_NEGATORS = frozenset({"no", "not", "never", "without", "none", "zero", "nor", "neither", "cannot"})
_EN_GAP = 2  # words allowed between an English negator and the term
_EXISTENTIAL = re.compile(
    r"(?:并没有|没有|从未|并未|未曾|没|未)(?:再次|再|曾|有)?(?:出现|发现|发生|看到|见到|检测到|观察到|记录到|报出|报|见)"
    r"|\bno (?:sign|signs|evidence|trace|record|occurrence)s? of\b"
    r"|\b(?:did|do|does|was|were|has|have|had)(?: not|n't) (?:see|find|observe|show|report|detect|record|occur)\w*\b"
)
_ZERO_ANYWHERE = re.compile(r"(?:^|\s)0\s")
_ZERO_BEFORE = re.compile(r"(?:^|\s)0\s+$")
# "errors=0", "OOMKilled: false", "Replica_IO_Running: No": a key with a zero or false value denies it
_ZERO_AFTER = re.compile(r"[\w.\-]*\s*[:=]\s*(?:0(?![\d.])|(?:false|no|none|off|disabled)(?![\w.\-]))")
# the same in a claim, boolean values only: "OOMKilled 为 false", "Replica_IO_Running 是 No"
# ("RESTARTS 为 0" is a number, checked as one; a table's header would read as the opposite)
_FALSE_AFTER = re.compile(r"[\w.\-]*\s*(?:为|是|等于|[:=：])\s*(?:false|no|none|off|disabled)(?![\w.\-])")
_FALSE_WORDS = ("false", "no", "off", "disabled")  # every value `_FALSE_AFTER` accepts holds one ("none": "no")
_WINDOW = 40
_OCCURRENCES = 32
_EN_CUE = re.compile(r"\b(?:no|not|none|nor|never|without|zero|cannot|neither)\b|n't\b")


def negated_spans(text: str, mentions: Sequence[ConceptMention]) -> frozenset[int]:
    """Indexes of `mentions` (of the compact `text`) that a negator right before them governs.

    A negated component passes its negator on to the term right after it: in "没有发现数据库主从切换"
    the negator governs "数据库主从切换" as a whole.
    """
    # "OOMKilled 为 false": only a text holding one of the false words can have one
    negated: set[int] = set()
    if any(word in text for word in _FALSE_WORDS):
        negated.update(i for i, m in enumerate(mentions) if _FALSE_AFTER.match(text, m.end))
    if not (_may_negate(text) or _ZERO_ANYWHERE.search(text)):
        return frozenset(negated)
    # "没有出现 X" / "no sign of X": the denial of an occurrence covers the rest of its clause
    for scope in _EXISTENTIAL.finditer(text):
        end = _CLAUSE_BREAK.search(text, scope.end())
        stop = end.start() if end else len(text)
        negated.update(i for i, m in enumerate(mentions) if scope.end() <= m.start < stop)
    for i, m in enumerate(mentions):
        if i in negated:
            continue
        if _negated_before(text, m.start):
            negated.add(i)
            continue
        prev = mentions[i - 1] if i else None
        if (
            prev is not None
            and i - 1 in negated
            and not NEGATABLE.intersection(prev.concept_ids)
            and m.start - prev.end <= 1
        ):
            negated.add(i)
    return frozenset(negated)


def negation_conflict(claim_text: str, evidence_texts: Iterable[str | EvidenceView]) -> str | None:
    """The first concept whose polarity the claim and its cited evidence disagree on, or None.

    The claim denies a concept that some evidence text reports and none denies, or reports a
    concept (not negated, not hedged) that the evidence mentions only to deny it.

    Args:
        claim_text: the claim or answer sentence.
        evidence_texts: the cited tool outputs, as text or as each call's `EvidenceView`.

    Returns:
        A one-sentence English detail, or None when there is no conflict.

    Example:
        >>> negation_conflict("没有发生主从切换", ["12:01 sentinel: failover to replica-2 completed"])
        "it denies 'failover' (主从切换), which the cited output reports ('failover')"
    """
    analysis = claim_analysis(claim_text)
    todo = [
        (i, m)
        for i, m in enumerate(analysis.mentions)
        if i not in analysis.hedged and NEGATABLE.intersection(m.concept_ids)
    ]
    if not todo:
        return None
    views = [evidence_view(t) for t in evidence_texts]
    for i, m in todo:
        ids = [c for c in m.concept_ids if c in NEGATABLE]
        if i in analysis.negated:
            polarities = [_polarity(view, cid, full=True) for view in views for cid in ids]
            asserted = next((a for a, _ in polarities if a), None)
            if asserted and not any(d for _, d in polarities):
                return f"it denies {ids[0]!r} ({m.term}), which the cited output reports ({asserted!r})"
        else:
            # concept by concept: "OOMKilled" names oom and killed; "OOMKilled: false" denies the oom
            for cid in ids:
                polarities = [_polarity(view, cid, full=False) for view in views]
                denied = next((d for _, d in polarities if d), None)
                if denied and not any(a for a, _ in polarities):
                    return f"it reports {cid!r} ({m.term}), which the cited output only denies ({denied!r})"
    return None


def _polarity(view: EvidenceView, concept_id: str, full: bool) -> tuple[str | None, str | None]:
    """(a term the text reports the concept by, a term it denies it by), each None when not seen.

    Without `full` the scan stops at the first reporting occurrence (enough to rule out "only
    denies"); at most `_OCCURRENCES` occurrences of a term are read, so a huge log costs little.
    """
    key = ("polarity", concept_id, full)
    cached: tuple[str | None, str | None] | None = view.extra.get(key)
    if cached is None:
        asserted, denied = _scan_polarity(view, concept_id, full)
        if asserted is None:
            asserted = denied_antonym(view, concept_id)
        cached = view.extra[key] = (asserted, denied)
    return cached


def denied_antonym(view: EvidenceView, concept_id: str) -> str | None:
    """A term by which the evidence denies the concept's opposite (`ANTONYMS`), so reports it."""
    for other in ANTONYMS.get(concept_id, ()):
        _, denied = _scan_polarity(view, other, full=True)
        if denied:
            return f"{denied}: no"
    return None


def _scan_polarity(view: EvidenceView, concept_id: str, full: bool) -> tuple[str | None, str | None]:
    concept = glossary().concepts.get(concept_id)
    if concept is None:
        return None, None
    text = view.text
    asserted: str | None = None
    denied: str | None = None
    for term in concept.ascii_terms if view.is_ascii else concept.terms:
        start, seen = text.find(term), 0
        while start != -1 and seen < _OCCURRENCES:
            if stands_alone(text, term, start):
                seen += 1
                if _negated_before(text, start) or _ZERO_AFTER.match(text, start + len(term)):
                    denied = denied or term
                else:
                    asserted = asserted or term
                    if not full:
                        return asserted, denied
                if asserted and denied:
                    return asserted, denied
            start = text.find(term, start + 1)
    return asserted, denied


def _negated_before(text: str, start: int) -> bool:
    before = text[max(0, start - _WINDOW) : start]
    if not _may_negate(before):
        return False
    clause = _CLAUSE_BREAK.split(before)[-1]
    if not clause:
        return False
    tail = clause[-(_ZH_GAP + 3) :]
    for i in range(len(tail) - 1, -1, -1):
        gap = len(tail) - i - 1 - (tail[i + 1 : i + 2] == "有")  # "没有 key 被驱逐": 没有 is one negator
        if tail[i] in _ZH_NEGATORS and gap <= _ZH_GAP and not _ZH_FALSE.match(tail, i):
            return True
    if not clause[-1].isspace() and clause[-1].isascii():
        return False  # glued to a word: "unhealthy" is a term, not "un" + "healthy"
    if _ZERO_BEFORE.search(clause):
        return True
    tokens = _EN_TOKEN.findall(clause)[-(_EN_GAP + 1) :]
    for j, tok in enumerate(tokens):
        if (tok in _EN_NEGATORS or tok.endswith("n't")) and all(t[0].isalnum() for t in tokens[j + 1 :]):
            return not (tok == "not" and tokens[j + 1 : j + 2] == ["only"])
    return False


def _may_negate(window: str) -> bool:
    """A cheap test that rules out most windows before the clause analysis runs."""
    if not window.isascii() and _ZH_NEGATOR_CHAR.search(window):
        return True
    # every English cue but "zero" and "without" holds an "n": a cheap test before the scan for words
    cue = ("n" in window or "zero" in window or "without" in window) and _EN_CUE.search(window) is not None
    return cue or window.endswith(("0 ", "0\t"))
