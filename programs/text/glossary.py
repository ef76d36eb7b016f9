"""Bilingual AIOps concepts: which failure modes, states and components a text names or carries.

Chinese claims describe English logs and metrics ("磁盘已满" for "No space left on device"), so the
two share no words; a glossary of concept pairs (`data/glossary.tsv`, data rather than code) is the
common ground. A claim *names* a concept through its Chinese or English terms; an evidence text
*carries* it through any term, or through an evidence-only hint (generic log vocabulary such as
"pool" or "exit code 137", too ambiguous to say that a claim names the concept).

Claims are matched with one Aho-Corasick automaton (`pyahocorasick`; a plain scan stands in when
the package is missing), built once per process on first use; evidence texts are searched per
concept the claim names, lazily, and the answers are kept in the call's `EvidenceView` for the rest
of the session, so a large tool output is only scanned for the few concepts that some claim asks
about. Nothing keyed by output text outlives a session.

Measured choice (no Chinese segmenter): on honest synthetic claims 46% of the Chinese characters
fall inside glossary terms; the rest are function, trend and meta words (的/升至/起/日志/出现/报...)
that English logs cannot carry, so segmenting them (rjieba: 250 ms import, 2 us a claim) would add
no evidence check.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any, NamedTuple, Protocol

try:
    # pyahocorasick is a C extension without type stubs; the project's mypy config ignores it
    # (hence "unused-ignore": the comment is only needed when mypy runs without that config)
    import ahocorasick  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - exercised by a test that hides the package
    ahocorasick = None

from .dates import EPOCH_FIELD_KEY
from .normalize import fold
from .products import implied_in, is_product_name
from .senses import SENSE_TERMS, names_its_concept
from .wording import search_hedged

__all__ = [
    "ClaimAnalysis",
    "Concept",
    "ConceptMention",
    "Coverage",
    "EvidenceView",
    "Glossary",
    "carries",
    "claim_analysis",
    "clear_caches",
    "concept_coverage",
    "concept_mentions",
    "concepts_in",
    "coverage_class",
    "evidence_view",
    "glossary",
    "uncovered_concepts",
]

_SHORT = 4  # an ASCII term this short must stand alone ("oom" is not in "room"); longer ones may be glued
_INFLECTION = ("", "s", "es", "ed", "d", "ing")
# A white-space run next to a CJK character: `\s+(?=CJK)|(?<=CJK)\s+`, written to start with `\s` so that
# the engine skips to white space instead of trying both branches at every character
_CJK_SPACE = re.compile(r"\s(?:(?<=[\u3400-\u9fff]\s)\s*|\s*(?=[\u3400-\u9fff]))")
_CLAUSE = re.compile(r"[^，。；,;!?！？\n]+")


@dataclass(frozen=True)
class Concept:
    """One row of the glossary."""

    concept_id: str
    zh: tuple[str, ...]
    en: tuple[str, ...]
    hints: tuple[str, ...]

    @property
    def terms(self) -> tuple[str, ...]:
        """Every term that carries the concept in evidence, English first (logs are mostly English)."""
        return self.en + self.hints + self.zh

    @cached_property
    def search_terms(self) -> tuple[str, ...]:
        """`terms` less those that contain a shorter term found anywhere (one search finds both)."""
        return _search_terms(self.terms)

    @cached_property
    def ascii_search_terms(self) -> tuple[str, ...]:
        """The ASCII `search_terms`: the only ones an ASCII text (most logs) can hold."""
        return tuple(t for t in self.search_terms if t.isascii())

    @cached_property
    def ascii_terms(self) -> tuple[str, ...]:
        """The ASCII `terms`, in order."""
        return tuple(t for t in self.terms if t.isascii())


class ConceptMention(NamedTuple):
    """A term of a text that names one or more concepts (a term may belong to several)."""

    term: str
    concept_ids: tuple[str, ...]
    start: int  # offsets in the compact text (see `compact`)
    end: int


class Glossary:
    """The concept table and the automaton over every naming term."""

    def __init__(self, concepts: Iterable[Concept]) -> None:
        self.concepts: dict[str, Concept] = {c.concept_id: c for c in concepts}
        owners: dict[str, list[str]] = {}
        for concept in self.concepts.values():
            for term in concept.zh + concept.en:
                owners.setdefault(compact(term), []).append(concept.concept_id)
        self._automaton = _automaton({term: (term, tuple(dict.fromkeys(ids))) for term, ids in owners.items()})

    def __len__(self) -> int:
        return len(self.concepts)

    def mentions(self, text: str, is_compact: bool = False) -> list[ConceptMention]:
        """Concept terms of `text`, longest first at each place, not overlapping, in text order."""
        if not is_compact:
            text = compact(text)
        found: list[ConceptMention] = []
        for end, (term, ids) in self._automaton.iter(text):
            start = end - len(term) + 1
            first = term[0]  # only a term that starts with an ASCII letter or digit has edges to test
            if first.isascii() and first.isalnum() and not stands_alone(text, term, start, strict=True):
                continue
            if first in _SPLIT_AFTER and start and text[start - 1] in _SPLIT_AFTER[first]:
                continue  # "34 分钟内存活探针失败": 内 closes "分钟内", 存活 follows; no 内存 there
            if term in SENSE_TERMS and not names_its_concept(text, term, start, end + 1):
                continue  # "解析 etl_sales.py" parses a file: no DNS there
            if term.isdigit() and (text[end + 1 : end + 2] in _COUNT_AFTER or text[start - 1 : start] == "约"):
                continue  # "约每分钟 403 个": a count, no status code
            found.append(ConceptMention(term, ids, start, end + 1))
        if len(found) < 2:
            return found
        # keep the longest of overlapping terms ("主从切换" over "切换"), earliest first on ties
        found.sort(key=lambda m: (m.start, -(m.end - m.start)))
        kept: list[ConceptMention] = []
        for m in found:
            if kept and m.start < kept[-1].end:
                continue
            kept.append(m)
        return kept


_COUNT_AFTER = frozenset("个次条台秒%")  # (a space may stand between: compact text keeps none beside Han)


# A Chinese term whose first character ends a word with the character before it: "分钟内" / "范围内"
# (within) before 存活, so 内存 does not start there
_SPLIT_AFTER = {"内": frozenset("钟时天秒周月年期围度段")}


class _ScanMatcher:
    """The automaton's `iter` without `pyahocorasick`: terms by first character (fine for short texts)."""

    def __init__(self, entries: dict[str, tuple[str, tuple[str, ...]]]) -> None:
        self._by_first: dict[str, list[tuple[str, tuple[str, tuple[str, ...]]]]] = {}
        for term, value in entries.items():
            self._by_first.setdefault(term[0], []).append((term, value))
        self._size = len(entries)

    def __len__(self) -> int:
        return self._size

    def iter(self, text: str) -> list[tuple[int, tuple[str, tuple[str, ...]]]]:
        found = []
        for i, ch in enumerate(text):
            for term, value in self._by_first.get(ch, ()):
                if text.startswith(term, i):
                    found.append((i + len(term) - 1, value))
        return found


class _Matcher(Protocol):
    """What `Glossary.mentions` needs of a term matcher: (end index, (term, concept ids)) pairs."""

    def iter(self, text: str) -> Iterable[tuple[int, tuple[str, tuple[str, ...]]]]: ...


def _automaton(entries: dict[str, tuple[str, tuple[str, ...]]]) -> _Matcher:
    if ahocorasick is None:
        return _ScanMatcher(entries)
    automaton = ahocorasick.Automaton()
    for term, value in entries.items():
        automaton.add_word(term, value)
    automaton.make_automaton()
    return automaton


def glossary() -> Glossary:
    """The shipped glossary, loaded and compiled once per process on first use."""
    return _shipped()


def concepts_in(text: str) -> frozenset[str]:
    """Concept ids that `text` names (Chinese or English terms; hints do not count).

    Example:
        >>> sorted(concepts_in("磁盘已满，写入失败"))
        ['disk_full', 'write_failure']
    """
    return frozenset(cid for m in glossary().mentions(text) for cid in m.concept_ids)


def concept_mentions(text: str) -> list[ConceptMention]:
    """The concept terms of `text` with their places (in `compact(text)`), for scope checks."""
    return glossary().mentions(text)


def carries(evidence_text: str | EvidenceView, concept_id: str) -> bool:
    """Does the evidence text carry the concept in either language (a term or a hint)?"""
    return evidence_view(evidence_text).carries(concept_id)


class Coverage(NamedTuple):
    """Which concepts a claim names (not negated, not hedged) and which of them no evidence carries."""

    named: tuple[str, ...]
    uncovered: tuple[str, ...]

    @property
    def mostly_uncovered(self) -> bool:
        return 2 * len(self.uncovered) > len(self.named)


def concept_coverage(
    claim_text: str, evidence_texts: Iterable[str | EvidenceView], skip: Iterable[str] = ()
) -> Coverage:
    """Concepts the claim names, and those of them that no evidence text carries, in claim order.

    A term that belongs to several concepts is covered when the evidence carries any of them; it is
    reported by its first concept. A negated mention ("没有发生主从切换") names an absence, which no
    text shows lexically (`negation.negation_conflict` checks those), and a mention in a clause worded
    as a possibility ("容器运行时可能无响应") asserts nothing: neither is counted.

    Args:
        claim_text: the claim (or answer sentence), any language.
        evidence_texts: the cited tool outputs, as text or as the `EvidenceView` of each call (a
            view remembers its concept lookups, so many claims over one output scan it once).
        skip: concept ids to leave out (e.g. ones the operator's question names).
    """
    analysis = claim_analysis(claim_text)
    if not analysis.mentions:
        return Coverage((), ())
    views = [evidence_view(t) for t in evidence_texts]
    skipped = set(skip)
    # the concept ids of each counted mention, by the concept it is reported by (its first)
    by_concept: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for i, m in enumerate(analysis.mentions):
        if i in analysis.negated or i in analysis.hedged or i in analysis.sources:
            continue
        if skipped.intersection(m.concept_ids):
            continue
        by_concept.setdefault(m.concept_ids[0], []).append((i, m.concept_ids))
    named = list(by_concept)
    # where each concept is first named by a mention that no evidence carries (None: all are carried);
    # asked lazily: "活跃连接" beside a covered "连接池" is covered by what it is part of, unsearched
    first_uncarried: dict[str, int | None] = {}

    def uncarried_at(concept: str) -> int | None:
        if concept in first_uncarried:
            return first_uncarried[concept]
        at = None
        for i, ids in by_concept[concept]:
            if not _carried_by_any(views, ids):
                at = i
                break
        first_uncarried[concept] = at
        return at

    uncovered: list[tuple[int, str]] = []
    for concept in named:
        if len(named) > 1 and _inside_a_carried_whole(concept, named, uncarried_at):
            continue
        at = uncarried_at(concept)
        if at is not None:
            uncovered.append((at, concept))
    return Coverage(tuple(named), tuple(c for _, c in sorted(uncovered)))


def _carried_by_any(views: list[EvidenceView], concept_ids: tuple[str, ...]) -> bool:
    for view in views:
        for concept_id in concept_ids:
            if view.carries(concept_id):
                return True
    return False


def _inside_a_carried_whole(concept: str, named: list[str], uncarried_at: Callable[[str], int | None]) -> bool:
    """Some other named concept that this one is part of is carried wherever it is named."""
    return any(whole != concept and _part_of(concept, whole) and uncarried_at(whole) is None for whole in named)


@lru_cache(maxsize=4096)
def _part_of(part: str, whole: str) -> bool:
    """Some naming term of concept `part` is inside a naming term of concept `whole` (连接 in 连接池)."""
    concepts = glossary().concepts
    p, w = concepts.get(part), concepts.get(whole)
    if p is None or w is None:
        return False
    return any(t != u and t in u for t in p.zh + p.en for u in w.zh + w.en)


def uncovered_concepts(
    claim_text: str, evidence_texts: Iterable[str | EvidenceView], skip: Iterable[str] = ()
) -> list[str]:
    """Concepts the claim names that no evidence text carries (`concept_coverage(...).uncovered`).

    Example:
        >>> uncovered_concepts("数据库发生主从切换，磁盘已满", ["write failed: No space left on device"])
        ['database', 'failover']
    """
    return list(concept_coverage(claim_text, evidence_texts, skip).uncovered)


def coverage_class(coverage: Coverage, support_level: str) -> str | None:
    """The class the concept coverage suggests (a soft, lexical judgement), or None for no change.

    Measured on synthetic-test and HolmesGPT (see the module notes): a claim presented as observed
    (`direct`) with any uncovered concept was never gold `direct_observation`; most of its concepts
    uncovered was `unsupported`, a few `overstated` (spec §7: "the evidence points that way but the
    claim says more"). An inference (`indirect`) naturally adds a concept; only one whose concepts are
    mostly uncovered lacks evidence ("no current-session evidence for it": `unsupported`).
    """
    if not coverage.uncovered:
        return None
    if coverage.mostly_uncovered:
        return "unsupported"
    return "overstated" if support_level == "direct" else None


# "容器日志显示 ...", "pod 的事件里 ...": the term names where the quoted text comes from, not a finding
_SOURCE_AFTER = re.compile(r"的?(?:日志|事件|输出|标准输出)")


class ClaimAnalysis(NamedTuple):
    """A short text's concept mentions, which of them are negated, and which sit in hedged clauses."""

    mentions: tuple[ConceptMention, ...]
    negated: frozenset[int]
    hedged: frozenset[int]
    sources: frozenset[int] = frozenset()  # name where the evidence comes from ("容器日志显示"), assert nothing

    def asserted(self) -> set[str]:
        """The concept ids of the mentions neither negated nor hedged: what the text states."""
        return {
            cid
            for i, m in enumerate(self.mentions)
            if i not in self.negated and i not in self.hedged
            for cid in m.concept_ids
        }


@lru_cache(maxsize=4096)
def claim_analysis(claim_text: str) -> ClaimAnalysis:
    """Concept mentions of a claim with their negation and hedging, computed once per text."""
    text = compact(claim_text)
    mentions = tuple(glossary().mentions(text, is_compact=True))
    if not mentions:
        return ClaimAnalysis((), frozenset(), frozenset())
    hedged: frozenset[int] = frozenset()
    if search_hedged(text):
        clauses = [m.span() for m in _CLAUSE.finditer(text) if search_hedged(m.group(0))]
        hedged = frozenset(i for i, m in enumerate(mentions) if any(a <= m.start < b for a, b in clauses))
    sources = frozenset(i for i, m in enumerate(mentions) if _SOURCE_AFTER.match(text, m.end))
    return ClaimAnalysis(mentions, _negated_spans()(text, mentions), hedged, sources)


@lru_cache(maxsize=1)
def _events() -> frozenset[str]:
    from .negation import NEGATABLE  # imported late: negation imports this module

    return NEGATABLE


@lru_cache(maxsize=1)
def _negated_spans() -> Callable[[str, Sequence[ConceptMention]], frozenset[int]]:
    from .negation import negated_spans  # imported late: negation imports this module

    return negated_spans


def compact(text: str) -> str:
    """Folded text (NFKC, case-fold) without white space next to CJK characters ("java 堆" = "java堆")."""
    return compact_folded(fold(text))


def compact_folded(folded: str) -> str:
    """`compact` of a text that `fold` gave."""
    if folded.isascii() or (" " not in folded and "\n" not in folded and "\t" not in folded):
        return folded
    return _CJK_SPACE.sub("", folded)


def load_glossary(lines: Iterable[str]) -> Glossary:
    """Parse glossary TSV lines (`concept_id`, Chinese terms, English terms, evidence hints; '|' within)."""
    concepts = []
    for raw in lines:
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        cols = [*line.split("\t"), "", "", ""][:4]
        cid, zh, en, hints = (c.strip() for c in cols)
        concepts.append(Concept(cid, _terms(zh), _terms(en), _terms(hints)))
    return Glossary(concepts)


# "Full" concepts an output also carries by its figures: a value at its stated maximum.
AT_LIMIT_CONCEPTS = frozenset({"disk_full", "exhausted", "saturation"})
_LIMIT = re.compile(r"\b(?:max\w*|limit|capacity|maximum)[\"']?\s*[=:]\s*(\d+(?:\.\d+)?)(?![\d.])")
# a use percentage column or key, then on a later line a value of 100, or one that rounds to it (iostat's
# "%util 99.80"); "use%" ends in a mark, so no word edge may follow it: df's "Use% Mounted on" header
_PERCENT_KEY = re.compile(r"\b(?:\w*_pct|\w*percent\w*|usage|utili[sz]ation)\b|\bi?use%|%util\b")
_HUNDRED = re.compile(r"(?<![\d.])(?:100(?:\.0+)?|99\.[5-9]\d*)(?![\d.a-z])")
_PERCENT_SCAN = 200_000
# a clock time with its zone: "10:05:12z", "10:05:12.402+08:00", "10:05 +0000" (a time carries its time zone)
_ZONED_TIME = re.compile(
    r"\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:z\b|\s?[+\-]\d{2}:?\d{2}\b)"
    r"|\[\s*1[5-9]\d{8}(?:\.\d+)?\s*,"  # a Prometheus point's epoch timestamp: a UTC time
    + r"|" + EPOCH_FIELD_KEY + r"1[5-9]\d{8}(?:\d{3})?(?![\d.])"  # an epoch field's
)
# concepts an output carries by the shape of what it writes: a zoned time, an address with its port
POD_NAME = re.compile(r"(?<![\w\-])[a-z][a-z0-9\-]*-(?=[a-z0-9]*\d)[a-z0-9]{8,10}-[a-z0-9]{5}(?![\w\-])")
_SHAPES = {
    "timezone": _ZONED_TIME,
    # a Job's COMPLETIONS "1/1": it succeeded (kubectl get jobs)
    "success": re.compile(
        r"\bcompletions\b[^\n]{0,300}\n(?:[^\n]{0,300}\n){0,50}?[^\n]{0,300}?(?<![\d/])([1-9]\d{0,3})/\1(?![\d/])"
    ),
    # a Deployment's pod by its name: workload, ReplicaSet hash, pod suffix ("order-service-7c9f6d8b5-kq2xw")
    "pod": POD_NAME,
    # two pods of one workload ("cart-7d9f8b6c4-2xkqp" … "cart-7d9f8b6c4-h8wzn", "kafka-0" … "kafka-1"): its replicas
    "replica": re.compile(
        r"(?<![\w\-])([a-z][a-z0-9\-]*-[a-z0-9]{6,10})-[a-z0-9]{5}(?![\w\-])[\s\S]{0,4000}?(?<![\w\-])\1-[a-z0-9]{5}(?![\w\-])"
        r"|(?<![\w\-])([a-z][a-z0-9\-]*[a-z])-0(?![\w\-.])[\s\S]{0,4000}?(?<![\w\-])\2-1(?![\w\-.])"
    ),
    "port": re.compile(
        r"(?:\b\d{1,3}(?:\.\d{1,3}){3}|\blocalhost|\b[a-z][\w\-]*(?:\.[a-z][\w\-]*)+|\[[0-9a-f:.]*\]|\*):\d{2,5}(?!\d)"
        r"|\b\d{1,3}(?:\.\d{1,3}){3}\.\d{2,5}(?: >|:)"  # tcpdump: "10.6.4.9.5432 > 10.6.1.20.51822:"
    ),
}


_POINT_VALUE = re.compile(r"\[\s*1[5-9]\d{8}(?:\.\d+)?\s*,\s*\"(\d+(?:\.\d+)?)\"\s*\]")
_SPIKE_FACTOR = 3  # the highest point at least this many times the lowest


def _spiking_points(text: str) -> bool:
    """A Prometheus series whose highest point is several times its lowest (a spike, shown by figures)."""
    values = [float(v) for v in _POINT_VALUE.findall(text, 0, _PERCENT_SCAN)]
    positive = [v for v in values if v > 0]
    return len(values) >= 3 and bool(positive) and max(values) >= _SPIKE_FACTOR * min(positive)


def at_limit(text: str) -> bool:
    """A folded output shows a value at its stated maximum: "active=64 max=64", `"max": 50` beside a
    point of 50, or a use percentage column reaching 100. (A figure, not a word: a claim's "已满" /
    "打满" / "写满" is then carried, as spec §7 lets a state follow from the outputs' numbers.) A use of
    99.5% or more rounds to 100."""
    for m in _LIMIT.finditer(text):
        value = re.escape(m.group(1))
        if sum(1 for _ in re.finditer(rf"(?<![\w.])(?<!\d:){value}(?![\d.:])", text)) >= 2:
            return True
    # the first key reaches every later line: one search for it, one for a 100 after its line
    key = _PERCENT_KEY.search(text, 0, _PERCENT_SCAN)
    line_end = text.find("\n", key.end(), _PERCENT_SCAN) if key else -1
    if line_end != -1 and _HUNDRED.search(text, line_end + 1, _PERCENT_SCAN) is not None:
        return True
    return _used_up_row(text)


_TOTAL_USED = re.compile(r"(?=.*\btotal\b)(?=.*\bused\b).*|(?=.*\binodes\b)(?=.*\biused\b).*")
_HEADER_LINES = 200
_FIGURE = re.compile(r"\d+(?:\.\d+)?[kmgt]?i?b?")


def _used_up_row(text: str) -> bool:
    """A table with `total` and `used` columns (free, df -i's Inodes / IUsed) has a row where the used
    figure is the total ("Swap: 2047 2047 0"): used up, as a 100% would say."""
    if ("total" not in text and "inodes" not in text) or "\n" not in text:
        return False
    start = 0
    for line in text[:_PERCENT_SCAN].split("\n", _HEADER_LINES)[:_HEADER_LINES]:  # a line at a time: linear
        if _TOTAL_USED.fullmatch(line):
            return _row_at_total(line, text, start + len(line))
        start += len(line) + 1
    return False


def _row_at_total(header_line: str, text: str, header_end: int) -> bool:
    names = header_line.split()
    total = next((i for i, n in enumerate(names) if n in ("total", "inodes")), None)
    used = next((i for i, n in enumerate(names) if n in ("used", "iused")), None)
    if total is None or used is None:
        return False  # "Total memory used: 6.4 gb": the words, but no table with those columns
    for line in text[header_end : header_end + 2_000].split("\n")[1:12]:
        cells = line.split()
        # "Mem:" / "Swap:" label a row under a header without one (and Swap has fewer columns)
        shift = 1 if cells and cells[0].endswith(":") else len(cells) - len(names)
        if shift not in (0, 1) or len(cells) <= max(total, used) + shift:
            continue
        a, b = cells[total + shift], cells[used + shift]
        if a == b and _FIGURE.fullmatch(a) and a.strip("0.kmgtib"):
            return True
    return False


class EvidenceView:
    """One evidence text, compacted once, with the concepts looked up in it so far."""

    __slots__ = ("_context", "_memo", "_objects", "_text", "extra", "is_ascii")

    def __init__(self, text: str, *, folded: bool = False, context: str = "", objects: str = "") -> None:
        """`folded`: `text` is `fold`'s output already (folding it again could change it). `context`:
        words about the text rather than in it (the call's tool name, what its query measures), which
        carry a concept but are never read for what the text reports or denies. `objects`: words naming
        what the call read (its command, the columns and keys it asked for), which carry the things
        they name but no event or state (`negation.NEGATABLE`): "SELECT deadlocks" answering 0 shows
        no deadlock."""
        self._text = compact_folded(text) if folded else compact(text)
        self._context = compact(context) if context else ""
        self._objects = compact(objects) if objects else ""
        self.is_ascii = self._text.isascii() and self._context.isascii() and self._objects.isascii()
        self._memo: dict[str, bool] = {}
        self.extra: dict[Hashable, Any] = {}  # per-concept facts other modules derive (negation polarity)

    @property
    def text(self) -> str:
        return self._text

    @property
    def context(self) -> str:
        return self._context

    def carries_in_text(self, concept_id: str) -> bool:
        """`carries`, reading the text alone (not its context)."""
        concept = glossary().concepts.get(concept_id)
        terms = () if concept is None else concept.search_terms
        return any(contains_term(self._text, term) for term in terms)

    def carries(self, concept_id: str) -> bool:
        hit = self._memo.get(concept_id)
        if hit is None:
            concept = glossary().concepts.get(concept_id)
            terms = () if concept is None else concept.ascii_search_terms if self.is_ascii else concept.search_terms
            hit = False
            for term in terms:  # a loop, not any(): every claim asks this of each output it cites
                if contains_term(self._text, term) or (self._context and contains_term(self._context, term)):
                    hit = True
                    break
                if self._objects and contains_term(self._objects, term) and concept_id not in _events():
                    hit = True
                    break
            if not hit and concept_id in AT_LIMIT_CONCEPTS:
                hit = at_limit(self._text)
            if not hit and concept_id in _SHAPES:  # "10:05 UTC" over "…T10:05:12Z", "9000 端口" over "host:9000"
                hit = _SHAPES[concept_id].search(self._text, 0, _PERCENT_SCAN) is not None
            if not hit and concept_id == "traffic_spike":  # "错误率飙升" over points 0.002 … 0.126
                hit = _spiking_points(self._text)
            if not hit:  # "mysql" names a database: a slow log's "query_time:" carries it unnamed
                hit = any(implied_in(name, self._text) for name in _product_terms(concept_id))
            self._memo[concept_id] = hit
        return hit


@lru_cache(maxsize=512)
def _product_terms(concept_id: str) -> tuple[str, ...]:
    """The concept's terms that name a product (`products`): "mysql" and "postgres" of database."""
    concept = glossary().concepts.get(concept_id)
    return () if concept is None else tuple(t for t in concept.terms if is_product_name(t))


def evidence_view(text: str | EvidenceView) -> EvidenceView:
    """The compact form of an evidence text with its concept lookups (an `EvidenceView` passes through).

    There is no process-wide cache keyed by output text: a verification builds one view per tool
    call (`TraceIndex` keeps it with the call, see `CallEvidence.view`) and passes it to every claim,
    so the views of one session never outlive it, and a benchmark over distinct sessions measures
    what a service does. A bare string gets a fresh view each call (fine for short texts and tests).
    """
    return text if isinstance(text, EvidenceView) else EvidenceView(text)


def clear_caches() -> None:
    """Forget the per-claim-text analyses (for benchmarks and tests); evidence views are never cached."""
    claim_analysis.cache_clear()


def contains_term(text: str, term: str) -> bool:
    start = text.find(term)
    if start == -1:
        return False
    first = term[0]
    if not (first.isascii() and first.isalnum()):
        return True  # `stands_alone` holds wherever such a term is found
    if len(term) > _SHORT:
        while start != -1:  # anywhere but glued to a negation ("notready", "unavailable")
            if not _GLUED_NEGATION.search(text, max(0, start - 4), start):
                return True
            start = text.find(term, start + 1)
        return False
    while start != -1:
        if stands_alone(text, term, start):
            return True
        start = text.find(term, start + 1)
    return False


_GLUED_NO = re.compile(r"(?<![a-z0-9])no$")
# a long term glued to a negation names its absence where a claim's concept is looked for: kubectl's
# "NotReady", "unavailable" (the negation reading finds these itself, as denials)
_GLUED_NEGATION = re.compile(r"(?<![a-z0-9])(?:no|not|non|un)$")


def stands_alone(text: str, term: str, start: int, strict: bool = False) -> bool:
    """Short ASCII terms need a word edge before, and after them only an inflection.

    With `strict` (a claim naming a concept) every ASCII term does, and a word joined to others by
    "-", "_" or "." is part of an identifier ("order-events-consumer" names no consumer).
    """
    if term[0].isascii() and term[0].isalnum() and _GLUED_NO.search(text, max(0, start - 3), start):
        return False  # DNS's "NOERROR", "nodata": the term glued to "no" names its absence
    if not term[0].isascii() or not term[0].isalnum() or (len(term) > _SHORT and not strict):
        return True
    end = start + len(term)
    # on the left a "." qualifies a name ("java.lang.OutOfMemoryError"); "-" or "_" make an identifier
    joined_left = strict and text[start - 1 : start] != "." and _joins(text, start - 1, -1)
    if start > 0 and (_is_word_char(text[start - 1]) or joined_left):
        return False
    if not term[-1].isalnum():
        return True
    for suffix in _INFLECTION:
        stop = end + len(suffix)
        if not text.startswith(suffix, end):
            continue
        if stop >= len(text) or not (_is_word_char(text[stop]) or (strict and _joins(text, stop, 1))):
            return True
    return False


def _is_word_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _joins(text: str, i: int, step: int) -> bool:
    """text[i] is "-", "_" or "." with a letter or digit beyond it: the term is part of an identifier."""
    j = i + step
    return text[i] in "-_." and 0 <= j < len(text) and _is_word_char(text[j])


@lru_cache(maxsize=1024)
def _search_terms(terms: tuple[str, ...]) -> tuple[str, ...]:
    # a term of 5+ characters (or a non-ASCII one) is found glued to anything, so it finds every
    # longer term that contains it
    loose = [t for t in terms if len(t) > _SHORT or not t[0].isascii() or not t[0].isalnum()]
    return tuple(t for t in terms if not any(o != t and o in t for o in loose))


def _terms(column: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(compact(t.strip()) for t in column.split("|") if t.strip()))


@lru_cache(maxsize=1)
def _shipped() -> Glossary:
    text = resources.files("groundcheck.programs.text").joinpath("data/glossary.tsv").read_text(encoding="utf-8")
    return load_glossary(text.splitlines())
