"""Soft judgements: lexical readings of a claim against its cited evidence (spec §8: not floors).

A word the cited output does not carry, certainty wording, a causal link stated as an observation:
these are the rules backend's best reading of meaning from words. The rules checker lowers a class
by them; a model may overrule them (an honest paraphrase the words could not match).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from groundcheck.signatures.models import Claim, EvidenceBinding

from ..text.arithmetic import matches_directly, tolerance
from ..text.content_words import content_words, is_kind_word, word_in
from ..text.glossary import (
    POD_NAME,
    Coverage,
    EvidenceView,
    claim_analysis,
    compact,
    concept_coverage,
    coverage_class,
    evidence_view,
)
from ..text.negation import denied_antonym, denies_token, negation_conflict, reports
from ..text.normalize import contains_token, fold, line_shape
from ..text.products import is_product_name
from ..text.tokens import TIMES_AFTER, NumberMention, extract_mentions, is_quantity, iter_numbers, numbers_with_places
from ..text.wording import (
    SENTENCE_BREAK,
    SENTENCE_BREAKS,
    clause_end,
    degree_scope,
    enumerated_scope,
    figure_after_scope,
    holds_figure,
    in_brackets,
    part_start,
    search_causal,
    search_certain,
    search_evidence_causal,
    search_general_knowledge,
    search_scope,
)
from .figure_judgements import EVALUATIVE, judged_by_its_figures
from .fine_states import fine_state_conflict, may_call_fine
from .headerless_rows import pod_header_of
from .keyed_scope import keys_share_the_value
from .line_families import every_levelled_line_holds, every_line_holds, family_shows_scope
from .listed_scope import listed_item_unshown, listed_items_show
from .scope_shown import (
    almost_all_by_share,
    every_record_holds,
    figure_in_every_quote,
    own_figures_break_the_bound,
    own_figures_meet_the_bound,
    per_unit_setting,
    range_holds_every_keyed_value,
    whole_of_a_share,
)
from .table_rows import every_row_shows, quotes_counted
from .trace_index import CallEvidence, TraceIndex, literal_number_in

_MIN_WORD_COVERAGE = 0.5
# A rise or a fall to a figure: the verb with 到 / 至 names the value reached ("上升了 20%" names an amount).
_DIRECTION = re.compile(
    r"(?:(?P<up>上升|升高|上涨|增加|增长|飙升|攀升|提高|提升|回升|走高|涨|升|增)"
    r"|(?P<down>下降|降低|下跌|减少|回落|缩减|走低|降|跌|减))(?:到|至)"
)
# (one class of the first characters, not two alternatives: the engine skips ahead to them in C)
_DIRECTION_CUE = re.compile(r"[升涨增提降跌减落高长加低少][到至]")
_SAYS_NOT_FOUND = re.compile(
    r"无匹配|没有匹配|未匹配|无结果|没有结果|未找到|没有找到|为空|未检索到|没有检索到|未查到|没有查到|未发现|没有发现|"
    r"没有出现|未出现|没有日志|无日志|0\s?条|匹配数?(?:为|是)?\s?0(?![\d.])|没有任何|no match|not found|no results?",
    re.IGNORECASE,
)
# Outcomes and the outcomes that exclude them, for `_opposite_outcome`.
_OPPOSED: dict[str, tuple[str, ...]] = {
    "success": ("failed", "crash"),
    "recovery": ("failed", "crash", "unhealthy"),
    "healthy": ("unhealthy", "crash"),
    "failed": ("success",),
}
_GOOD = ("success", "recovery", "healthy")
_FAILURES = ("failed", "refused", "timeout", "unreachable", "crash", "crashloop", "error", "unhealthy")
_CLAUSE_END = re.compile(r"[，。；,;！？!?]")
# Measures a claim may name beside their value: the value, found in the output, carries them.
MEASURED_BY: dict[str, frozenset[str]] = {
    "latency": frozenset({"seconds"}),
    "capacity": frozenset({"bytes"}),
    "memory": frozenset({"bytes"}),
    "disk_usage": frozenset({"ratio"}),
}
# "3/3 ready", "0/4 healthy": a count over a whole set of at least two shows all (or none) of it
_ALL_OF = re.compile(r"(?<![\d/.])(?:([2-9]|[1-9]\d+)/\1|0/(?:[2-9]|[1-9]\d+))(?![\d/.])")


@dataclass(frozen=True)
class SoftJudgement:
    """A lexical finding and the class it lowers a claim to in the rules backend."""

    judgement: str  # stable id, e.g. "new_words", "certain_wording"
    lowers_to: str
    detail: str


# the units a claim's 每个 may name and their English words: an output that states a figure per that unit
# ("maximum cpu usage per Container is 2") says what 每个容器 … 上限 2 says, no observation of every one
_PER_UNITS = {
    "容器": "container", "pod": "pod", "节点": "node", "实例": "instance", "连接": "connection", "请求": "request",
    "用户": "user", "进程": "process", "线程": "thread", "分区": "partition", "副本": "replica", "worker": "worker",
    "消费者": "consumer", "队列": "queue", "主机": "host", "租户": "tenant",
}
_PER_UNIT_PATTERNS = {zh: re.compile(rf"\b(?:per|each)\s{en}s?\b") for zh, en in _PER_UNITS.items()}


def _per_unit_in_output(text: str, scope: re.Match[str], views: list[EvidenceView]) -> bool:
    """"每个容器 CPU 上限 2" over "per Container is 2": the claim's 每个 names the unit a cited output
    states a figure per (the same unit, the whole word "per" or "each" before it) and gives a figure."""
    if not scope.group(0).startswith("每"):
        return False
    after = text[scope.end() : scope.end() + 8].lstrip().lower()
    per_unit = next((pattern for zh, pattern in _PER_UNIT_PATTERNS.items() if after.startswith(zh)), None)
    if per_unit is None or not any(ch.isdigit() for ch in text[scope.end() :]):
        return False
    return any(per_unit.search(v.text) for v in views)


_POD_SCAN = 200_000


def _names_a_carried_concept(
    text: str, word: str, quoted: list[EvidenceView], views: list[EvidenceView]
) -> bool:
    """The word belongs to a glossary term of the claim whose concept its quotes carry, in either language
    ("failure to connect to the database" quoting "db query failed"): the concept reading judges that
    term, so the word is no new content of its own. A quote of "db connection pool ready" carries no
    failure, whatever else the output holds; a word of time course ("temporarily") is carried by a later
    line of the cited output. Not a Kubernetes kind ("pods"): nearly every kubectl output carries one, in
    its command line if nowhere else, so it stays a word to find."""
    if word in ("pod", "pods") and any(POD_NAME.search(v.text, 0, _POD_SCAN) for v in views):
        return True  # "order-service 三个 pod" over lines of "[order-service-7c9f6d8b5-kq2xw]": pods, by their names
    if is_kind_word(word) or is_product_name(word):
        return False  # a product ("envoy") is more than its kind: a gateway's quote does not name it
    return any(
        (word == mention.term or word in mention.term.split())
        and any(
            view.carries(cid)
            for cid in mention.concept_ids
            for view in (views if cid in _LATER_IN_THE_OUTPUT else quoted)
        )
        for mention in claim_analysis(text).mentions
    )


# what the claim's quote cannot hold: "temporarily" is carried by a later recovery line of the output
_LATER_IN_THE_OUTPUT = frozenset({"transient"})


def judge_wording(
    claim: Claim,
    index: TraceIndex,
    cited: list[str],
    usable: list[EvidenceBinding],
    outside_cited: list[str],
    entities: tuple[str, ...],
    cited_texts: Sequence[str | EvidenceView],
    unstated_counts: Sequence[str] = (),
    elsewhere: Callable[[], Sequence[EvidenceView]] | None = None,
) -> list[SoftJudgement]:
    """Every soft judgement of one claim, in the order the rules backend applies them.

    `cited_texts` are the outputs of the cited calls that succeeded (never their arguments), as
    text or as each call's `EvidenceView` (which keeps its concept lookups for the next claim).
    `unstated_counts` are small counts no output states: soft, the claim may have counted them.
    `elsewhere` gives the views of the trace's other ok outputs (read only when a concept is not carried).
    """
    views = [evidence_view(t) for t in cited_texts]
    found: list[SoftJudgement] = []
    text = claim.claim_text
    if search_general_knowledge(text):
        found.append(SoftJudgement("general_knowledge", "external_unknown", "it rests on general knowledge"))
    words = content_words(text, skip=entities).words
    cited_calls = index.observed(cited)
    # an English state a Chinese claim names ("镜像已 pulled") is a status: it needs its finished form
    done_forms = not text.isascii()
    uncovered = [w for w in words if not any(ev.holds_word(w, done_forms) for ev in cited_calls)]
    if uncovered:  # "RESTARTS 为 0" over kubectl rows printed without their header: the header they imply
        uncovered = [w for w in uncovered if not any(word_in(pod_header_of(ev), w) for ev in cited_calls)]
    if uncovered and usable:
        quoted = [evidence_view(" ".join(b.evidence_excerpt for b in usable))]
        uncovered = [w for w in uncovered if not _names_a_carried_concept(text, w, quoted, views)]
    # (English words a Chinese negator denies, "日志中没有 deadlock detected", are what the output lacks)
    denied = denied_latin_words(text) if uncovered else frozenset()
    # (words another output of the trace holds, guidance apart, make an inference across outputs, not an
    # unsupported claim: "与 openssl 看到的 notAfter 一致" citing the exporter's value only)
    # (an inference only: a direct claim borrowing another output's words is no observation of its own)
    indirect = claim.support_level == "indirect"
    across = set(_held_elsewhere(uncovered, elsewhere)) if indirect and uncovered and elsewhere else set()
    counted = [w for w in words if w not in denied]
    absent = [w for w in uncovered if w not in denied and w not in across]
    if len(counted) >= 2 and len(absent) / len(counted) > 1 - _MIN_WORD_COVERAGE:
        detail = f"most of its wording ({quote_items(uncovered)}) is not in the cited output"
        found.append(SoftJudgement("mostly_uncovered", "unsupported", detail))
    if outside_cited or unstated_counts:
        parts = [f"{quote_items(outside_cited)} appear only outside the cited output"] if outside_cited else []
        if unstated_counts:
            counts = quote_items(list(unstated_counts))
            parts.append(f"no tool output states {counts} (a small count it may have counted)")
        found.append(SoftJudgement("outside_cited", "reasonable_inference", "; ".join(parts)))
    # (a word the claim denies, "容器未设置 requests", is no word it adds: at most one the output does not show)
    new = [w for w in uncovered if w not in denied and not index.word_anywhere(w) and not denies_token(text, w)]
    if new:
        detail = f"it adds {quote_items(new)}, which neither the trace nor the question mentions"
        found.append(SoftJudgement("new_words", "overstated", detail))
    elif uncovered:
        detail = f"{quote_items(uncovered)} are not in the cited output"
        found.append(SoftJudgement("uncovered_words", "reasonable_inference", detail))
    if usable and "[" in text:
        reported = denied_bracket_reported(text, cited_calls)
        if reported:
            found.append(SoftJudgement("negation", "contradicted", reported))
    if usable:
        quotes = [b.evidence_excerpt for b in usable]
        guidance = _cited_guidance(claim, index) if claim.support_level == "indirect" else []
        found.extend(_meaning(
            claim, views, quotes, names_an_object=any(e not in outside_cited for e in entities), elsewhere=elsewhere,
            guidance=guidance,
        ))
        opposite = _opposite_outcome(text, usable)
        if opposite:
            found.append(SoftJudgement("opposite_outcome", "contradicted", opposite))
    if _DIRECTION_CUE.search(text):
        turned = direction_conflict(text)
        if turned:
            found.append(SoftJudgement("direction", "contradicted", turned))
    excerpts = " ".join(b.evidence_excerpt for b in usable)
    if (
        claim.support_level == "direct"
        and search_causal(text)
        and not _states_cause(excerpts)
        and not _cause_quoted(text, excerpts)
    ):
        detail = "it presents a causal inference as a direct observation"
        found.append(SoftJudgement("causal_as_direct", "overstated", detail))
    # (a claim the Executor marks as inferred reasons in general words, "每次重试都失败": it is capped at
    # reasonable_inference already, and a scope word is no observation it claims)
    scope = search_scope(text) if claim.support_level != "indirect" else None
    broken = own_figures_break_the_bound(text)
    unshown = listed_item_unshown(text, views) if scope and usable and not broken else None
    if broken:  # "分别为 91%、92%、85%，全部超过 90%": its own figures say otherwise
        found.append(SoftJudgement("own_bound", "contradicted", broken))
    elif unshown:  # "node-1、node-2、node-3 都处于就绪状态" over "node-3  NotReady"
        found.append(SoftJudgement("scope_wording", "overstated", unshown))
    elif (
        scope
        and usable
        and not per_unit_setting(text, claim.claim_type, scope, cited_calls)
        and not _per_unit_in_output(text, scope, views)
        and not enumerated_scope(text, scope)
        and not degree_scope(text, scope)
        and not _counted_by_quotes(text, usable)
        and not any(search_scope(v.text) for v in views)
        and not _whole_of_its_subject(text, scope, views)
        and not every_row_shows(text, cited_calls)
        and not listed_items_show(text, views)
        and not _whole_as_a_percent(text, scope, usable)
        and not _every_quoted_figure(text, scope, usable)
        and not _every_quote_holds(text, scope, usable)
        and not figure_in_every_quote(text, [b.evidence_excerpt for b in usable])
        and not own_figures_meet_the_bound(text)
        and not whole_of_a_share(text, scope)
        and not _whole_shown_by_counts(text, views)
        and not family_shows_scope(text, cited_calls, [b.evidence_excerpt for b in usable])
        and not every_line_holds(text, cited_calls)
        and not every_levelled_line_holds(text, scope.start(), cited_calls)
        and not quotes_counted(text, scope.start(), cited_calls, [b.evidence_excerpt for b in usable])
        and not keys_share_the_value(text, cited_calls)
        and not range_holds_every_keyed_value(text, scope, [b.evidence_excerpt for b in usable], cited_calls)
        and not every_record_holds(text, scope, cited_calls)
        and not almost_all_by_share(text, scope, [b.evidence_excerpt for b in usable], cited_calls)
    ):
        detail = f"it says {scope.group(0)!r} (all / every / the whole), which the cited output does not show"
        found.append(SoftJudgement("scope_wording", "overstated", detail))
    if search_certain(text):
        # only lowers a claim that is already less than directly observed
        found.append(SoftJudgement("certain_wording", "overstated", "it words an inference with certainty"))
    return found


def _meaning(
    claim: Claim,
    views: list[EvidenceView],
    quotes: Sequence[str],
    names_an_object: bool = False,
    elsewhere: Callable[[], Sequence[EvidenceView]] | None = None,
    guidance: Sequence[EvidenceView] = (),
) -> list[SoftJudgement]:
    """Glossary concepts against the cited outputs, in either language: denied or not carried. A kind
    of object ("MinIO 节点 10.30.2.21:9000", "该 pod checkout-…", "集群里只有…") beside an object the cited
    outputs name says what that object is, no finding an output must word. Concepts that only ok outputs
    the claim does not cite carry (`elsewhere`) make it an inference from the trace, as an entity there does."""
    found = []
    negated = negation_conflict(claim.claim_text, views, quotes)
    if negated:
        found.append(SoftJudgement("negation", "contradicted", negated))
    unfound = _searched_not_found(claim.claim_text, views)
    if unfound:
        found.append(SoftJudgement("searched_not_found", "contradicted", unfound))
    coverage = concept_coverage(claim.claim_text, views)
    if coverage.uncovered:
        # "IO 线程已停止" over "Replica_IO_Running: No": a denied opposite carries it; "耗时 912s" over
        # "finished in 912s": a quantity the output states carries the measure it is a value of
        kept = tuple(
            c for c in coverage.uncovered
            if not any(denied_antonym(v, c) for v in views)
            and not _measured(c, claim.claim_text, views)
            and not _judged_by_its_own_figures(c, claim.claim_text)
            and not (names_an_object and c in _OBJECT_KINDS and not _lists_another_kind(c, views))
            and not (claim.support_level == "indirect" and _forecast(c, claim.claim_text))
        )
        coverage = Coverage(coverage.named, kept)
    lowered = coverage_class(coverage, claim.support_level)
    # an inference whose concept only the runbook / case it cites names borrows the guidance's cause (spec §6)
    borrowed = [c for c in coverage.uncovered if any(v.carries(c) for v in guidance)] if guidance else []
    if borrowed and claim.support_level == "indirect":
        found.append(SoftJudgement("uncovered_concepts", "unsupported", f"it names {quote_items(borrowed)}, which "
                                   "only the guidance it cites (runbook / skill / case) carries"))
        return found
    if lowered and elsewhere is not None:
        others = elsewhere()
        if others and all(any(v.carries(c) for v in others) for c in coverage.uncovered):
            names = quote_items(list(coverage.uncovered))
            found.append(SoftJudgement("uncovered_concepts", "reasonable_inference",
                                       f"it names {names}, which only outputs it does not cite carry"))
            return found
    if lowered:
        names = quote_items(list(coverage.uncovered))
        found.append(SoftJudgement("uncovered_concepts", lowered, f"it names {names}, which the cited output does "
                                   "not carry in either language"))
    return found


def _cited_guidance(claim: Claim, index: TraceIndex) -> list[EvidenceView]:
    """The runbook / skill / case documents among every output the claim cites (a binding to one is no usable
    evidence, yet it says where an inference's cause came from)."""
    cited = index.observed(dict.fromkeys(i for b in claim.evidence_bindings for i in b.source_invocation_ids))
    return [EvidenceView(ev.flat, folded=True) for ev in cited if ev.has_guidance]


def _forecast(concept: str, claim_text: str) -> bool:
    """An inference names the concept as what will happen ("大约 3.7 小时后写满", "预计今晚将耗尽"): a
    forecast it works out, no state an output must show."""
    text = compact(claim_text)  # the form the mentions' places are in
    return any(
        concept in m.concept_ids and _FORECAST_BEFORE.search(text, max(0, m.start - 8), m.start)
        for m in claim_analysis(claim_text).mentions
    )


_FORECAST_BEFORE = re.compile(
    r"(?:小时|分钟|天|秒|周)\s?(?:之?后|以后|内)(?:就|会|将)?\s?$|(?:预计|将会|将要|即将|将|会)\s?$"
)


def _judged_by_its_own_figures(concept: str, claim_text: str) -> bool:
    """"已用 1071598120 字节，上限 1073741824，基本写满": the judging word says what the claim's own
    figures show (each of them located on its own), no fact the output must word. "只有 cass-03 异常：…
    38.20 秒，其余都在 0.3 秒以下": 异常 over figures of one kind, one at least ten times another."""
    if concept == "unhealthy" and "异常" in claim_text:
        return _outlier_in_its_figures(claim_text)
    if concept not in EVALUATIVE:
        return False
    ids = next((m.concept_ids for m in claim_analysis(claim_text).mentions if m.concept_ids[0] == concept), None)
    return ids is not None and judged_by_its_figures(claim_text, ids, pairs_anywhere=True)


_OUTLIER_FACTOR = 10


def _outlier_in_its_figures(claim_text: str) -> bool:
    """Two figures of one kind the sentence states, the larger at least `_OUTLIER_FACTOR` times the other."""
    numbers = [n for n in extract_mentions(claim_text).numbers if n.kind not in ("clock", "plain", "count")
               and n.value > 0]
    return any(a.kind == b.kind and a.value >= _OUTLIER_FACTOR * b.value for a in numbers for b in numbers)


def _searched_not_found(claim_text: str, views: list[EvidenceView]) -> str | None:
    """The claim reports a concept that a cited search looked for and found nothing of ("出现 SMTP
    timeout" over a search for "SMTP timeout" with no hits), and no cited output reports it."""
    empty = [v for v in views if v.extra.get("empty_search")]
    if not empty or _SAYS_NOT_FOUND.search(claim_text):
        return None  # "检索 OOMKilled 无匹配日志" says what the search said
    analysis = claim_analysis(claim_text)
    for i, m in enumerate(analysis.mentions):
        if i in analysis.negated or i in analysis.hedged or i in analysis.sources:
            continue
        for cid in m.concept_ids:
            searched = any(v.carries(cid) and not v.carries_in_text(cid) for v in empty)
            if searched and not any(v.carries_in_text(cid) for v in views):
                return f"it reports {cid!r} ({m.term}), which the cited search looked for and did not find"
    return None


_HUNDRED_PERCENT = re.compile(r"(?<![\d.])100(?:\.0+)?\s?%")


# "checkout 的请求全部返回 503": a whole of requests, which a share of the errors ("312/312") is not
_REQUESTS_BEFORE = re.compile(r"请求|调用|requests?|calls?", re.IGNORECASE)
_REQUEST_TOTAL = re.compile(r"(?<![\w.])(?:requests|reqs|total_requests|request_count|calls)\s?[=:]\s?(\d+)(?![\d.])")


def _whole_of_its_subject(claim_text: str, scope: re.Match[str], views: list[EvidenceView]) -> bool:
    """A cited output writes a whole as "N/N" (or none as "0/N") on a line naming the subject of the
    scope word's clause (any line, for a clause that names none), of what the claim scopes: not where
    the claim scopes requests and the outputs count more requests than that whole ("requests=48210
    errors=312 … 503=100.0% (312/312)": all errors, not all requests, are 503)."""
    clause = claim_text[part_start(claim_text, scope.start()) : clause_end(claim_text, scope.start())]
    entities = [e for e in extract_mentions(clause).entities if not e.isdigit()]
    wholes = [int(m.group(1) or m.group(0).split("/")[1]) for v in views for m in _ALL_OF.finditer(v.text)
              if not entities or _on_a_line_naming(v.text, m.start(), entities)]
    if not wholes:
        return False
    if not _REQUESTS_BEFORE.search(claim_text, part_start(claim_text, scope.start()), scope.start()):
        return True
    totals = [int(m.group(1)) for v in views for m in _REQUEST_TOTAL.finditer(v.text)]
    return not totals or any(whole >= total for whole in wholes for total in totals)


def _on_a_line_naming(text: str, at: int, entities: list[str]) -> bool:
    """The line holding `at` names one of the claim's entities ("pay-core  2/4" is pay-core's; the
    "3/3" of pay-gateway's row is no whole of it)."""
    line = text[text.rfind("\n", 0, at) + 1 : (end if (end := text.find("\n", at)) != -1 else len(text))]
    return any(contains_token(line, e) for e in entities)


def _whole_as_a_percent(claim_text: str, scope: re.Match[str], usable: list[EvidenceBinding]) -> bool:
    """"1500 字节的包全部报 message too long，100% packet loss": the sentence gives the whole as 100%,
    which the claim's own quote states."""
    end = min((i for c in SENTENCE_BREAKS if (i := claim_text.find(c, scope.end())) != -1), default=len(claim_text))
    if _HUNDRED_PERCENT.search(claim_text, part_start(claim_text, scope.start(), SENTENCE_BREAKS), end) is None:
        return False
    return any(_HUNDRED_PERCENT.search(b.evidence_excerpt) for b in usable)


_FIGURE_AFTER_SCOPE = re.compile(r"\s?(?:是|为|在|到|达到)?\s?(\d+(?:\.\d+)?)(?![\d.:])")
_ROW_FIGURE = re.compile(r"(?<![\w.:\-])\d+(?:\.\d+)?(?![\w.:%\-])")
_LEADING_CLOCK = re.compile(r"^\s*\d{1,2}:\d{2}(?::\d{2})?\s")


def _every_quoted_figure(claim_text: str, scope: re.Match[str], usable: list[EvidenceBinding]) -> bool:
    """"11:20 全部 200" quoting the row "11:20  200  200  200": every figure of a quoted row (its time
    apart) is the one the scope word gives."""
    figure = _FIGURE_AFTER_SCOPE.match(claim_text, scope.end())
    if figure is None:
        return False
    value = float(figure.group(1))
    for binding in usable:
        row = _LEADING_CLOCK.sub(" ", binding.evidence_excerpt)
        figures = [float(f) for f in _ROW_FIGURE.findall(row)]
        if len(figures) >= 2 and all(f == value for f in figures):
            return True
    return False


def _every_quote_holds(claim_text: str, scope: re.Match[str], usable: list[EvidenceBinding]) -> bool:
    """"invoices-processor 和 accounting-processor，状态都是 STABLE" quoting each group's record: every quote
    (two or more) holds the word the scope gives them."""
    word = _WORD_AFTER_SCOPE.match(fold(claim_text[scope.end() : scope.end() + 40]))
    if word is None or len(usable) < 2:
        return False
    return all(contains_token(fold(b.evidence_excerpt), word.group(1)) for b in usable)


_WORD_AFTER_SCOPE = re.compile(r"\s?(?:是|为|处于|在)?\s?([a-z][a-z0-9_.\-]{2,})")


def _counted_by_quotes(claim_text: str, usable: list[EvidenceBinding]) -> bool:
    """"最慢的两条都是 KEYS" with two quotes: the count right before the scope word is the quotes' own."""
    if len(usable) < 2:
        return False
    scope = search_scope(claim_text)
    count = _COUNT_BEFORE.search(claim_text, max(0, scope.start() - 16), scope.start()) if scope else None
    if count is None:
        return False
    digits = count.group(1)
    n = int(digits) if digits.isdigit() else _SMALL_NUMERALS.get(digits, 0)
    quotes = [fold(b.evidence_excerpt) for b in usable]
    if n != len(usable):
        # "两个会话都是 … 过期的" quoting the two "Expiring session 0x…, timeout of 18000ms exceeded" lines beside
        # another: the quotes of one shape (their words, figures and ids apart) are the ones counted
        shapes = Counter(line_shape(q) for q in quotes)
        if not (n >= 2 and max(shapes.values()) == n and list(shapes.values()).count(n) == 1):
            return False
        shape = max(shapes, key=shapes.__getitem__)
        quotes = [q for q in quotes if line_shape(q) == shape]
    # the figure the scope gives ("都是 137") stands in every counted quote ("exit code 143" is one of them: no)
    figure = figure_after_scope(claim_text, scope) if scope else None
    return figure is None or all(holds_figure(q, figure) for q in quotes)


_COUNT_BEFORE = re.compile(
    r"(?<!\d)(\d{1,4}|[两二三四五六七八九])\s?(?:条|个|次|台|项|家|种|份|组|类)?\s?(?:[a-z_\-\u4e00-\u9fff]{0,6})?$"
)
_SMALL_NUMERALS = {"两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def _whole_shown_by_counts(claim_text: str, views: list[EvidenceView]) -> bool:
    """"20 个全部活跃" over "total=20, active=20", "6 个副本都可用" over "6 desired | 6 available": the
    claim's count is written twice in a cited output, the whole and the part that shows the state."""
    text, numbers = numbers_with_places(claim_text)
    scope = search_scope(text)
    if scope is None:
        return False
    # the count the scope word sums up: "20 个全部", "6 个副本都"
    counts = [
        n for start, end, n in numbers
        if n.kind in ("plain", "count") and n.value >= 2 and n.value.is_integer() and 0 <= scope.start() - end <= 8
    ]
    for n in counts:
        # a count of its own: not a fraction's side ("1/3 mons down" writes no whole of 3)
        pattern = re.compile(rf"(?<![\w./]){int(n.value)}(?![\w./])")
        # (each line once: an output's JSON-in-a-string follows it decoded, the same lines again)
        if any(sum(len(pattern.findall(line)) for line in set(v.text[:_COUNT_SCAN].split("\n"))) >= 2 for v in views):
            return True
    return False


_COUNT_SCAN = 20_000  # characters of an output read for a count's occurrences


_OBJECT_KINDS = frozenset({"pod", "node", "cluster", "replica"})


def _lists_another_kind(kind: str, views: list[EvidenceView]) -> bool:
    """A cited output is about another kind of object ("kubectl top nodes" for a claim's pod)."""
    return any(view.carries(other) for view in views for other in _OBJECT_KINDS - {kind, "cluster"})


_BUT = re.compile(r"但|但是|然而|不过|却")
_EXPECTED = re.compile(
    r"""\b(?:expected|expecting|want|wanted|should be)\b\s*[:=]?\s*(?:'[^']{0,30}'|"[^"]{0,30}"|[^\s,;]+)""",
    re.IGNORECASE,
)
_FILE_NAME = re.compile(r"[\w.\-/]*\.(?:log|txt|gz|out|err)(?:\.\d+)?\b", re.IGNORECASE)


def _opposite_outcome(claim_text: str, usable: list[EvidenceBinding]) -> str | None:
    """The claim states an outcome (成功 / 已恢复 / 健康 / 失败) its own quotes report the opposite of,
    and not the outcome itself ("发布成功" quoting "rollout ... failed: readiness probe failed")."""
    analysis = claim_analysis(claim_text)
    asserted = analysis.asserted()
    named = asserted.intersection(_OPPOSED)
    # "cron 正常调起了 logrotate，但 logrotate 跳过了 …": the claim itself reports what went wrong after
    fine = may_call_fine(claim_text) and not _BUT.search(claim_text)
    if not named and not fine:
        return None  # most claims: no outcome, no fine state
    # a file's name reports nothing ("error.log", "access_error.log.1")
    # and an expectation reports no outcome ("wrong status code '404', expected '200'")
    quoted = evidence_view(_EXPECTED.sub(" ", _FILE_NAME.sub(" ", " ".join(b.evidence_excerpt for b in usable))))
    for cid in sorted(named):
        mixed = _OPPOSED[cid] + (_FAILURES if cid in _GOOD else ())  # "重连成功后又被拒绝"
        if asserted.intersection(mixed) or quoted.carries(cid):
            # a mixed outcome ("重试后成功，之前失败", "2 个 CrashLoopBackOff，2 个 Running"), or the quote states it
            continue
        for other in _OPPOSED[cid]:
            term = reports(quoted, other)
            if term:
                return f"it says {cid!r}, which its own quote contradicts ({term!r})"
    # "连接正常" / "健康检查通过" / "证书仍在有效期内": a fine state the glossary has no concept for
    return fine_state_conflict(claim_text, quoted) if fine else None


def direction_conflict(claim_text: str) -> str | None:
    """A rise or a fall the claim's own figures contradict: "从 196ms 下降到 1240ms", "1315ms，14:20
    继续升高到 640ms". The figure after 升到 / 降至 ... is compared with the last one of its kind before it
    in the sentence; "上升了 20%" (an amount of change) is not read."""
    text, numbers = numbers_with_places(claim_text)
    # a multiple ("涨到约 3.4 倍") is a ratio of two levels, no level to compare with the one before it
    numbers = tuple((s, e, n) for s, e, n in numbers if not TIMES_AFTER.match(text, e))
    for verb in _DIRECTION.finditer(text):
        found = next(((s, n) for s, _, n in numbers if s >= verb.end() and n.kind != "clock"), None)
        if found is None or SENTENCE_BREAK.search(text, verb.end(), found[0]):
            continue
        after = found[1]
        sentence_start = part_start(text, verb.start(), SENTENCE_BREAKS)
        placed = [(s, n) for s, _, n in numbers if sentence_start <= s < verb.start() and n.kind == after.kind]
        # "3.1%，约为 10:05（0.03%）的 100 倍，10:20 回落到 0.04%": an aside in brackets is no level it left
        unbracketed = [n for s, n in placed if not in_brackets(text, s)]
        before = unbracketed if unbracketed else [n for _, n in placed]
        if not before or not (is_quantity(before[-1]) and is_quantity(after)):
            continue
        start, slack = before[-1], max(tolerance(before[-1]), tolerance(after))
        rising = verb["up"] is not None
        if (rising and after.value < start.value - slack) or (not rising and after.value > start.value + slack):
            word = "rise" if rising else "fall"
            return f"it words a {word} from {start.text} to {after.text}, which its own figures contradict"
    return None


def _measured(concept_id: str, claim_text: str, views: list[EvidenceView]) -> bool:
    """The claim states a value of the concept's kind (a duration for latency) that a cited output
    states in the same unit: the output carries the measure by its value."""
    kinds = MEASURED_BY.get(concept_id)
    if not kinds:
        return False
    numbers = [n for n in extract_mentions(claim_text).numbers if n.kind in kinds]
    if not numbers:
        return False
    if any(literal_number_in(v.text, n) for n in numbers for v in views):
        return True
    # written rounded or in another unit ("约 10 秒" for "10.01 seconds", "10010 毫秒"): the same value
    stated = [m for v in views for m in _numbers_of(v) if m.kind in kinds]
    return any(matches_directly(n, stated) for n in numbers)


def _numbers_of(view: EvidenceView) -> list[NumberMention]:
    """The numbers of a cited output's view, read once per call and session (every claim may ask)."""
    found: list[NumberMention] | None = view.extra.get("numbers")
    if found is None:
        found = view.extra["numbers"] = iter_numbers(view.text, 2_000)
    return found


def _cause_quoted(text: str, excerpts: str) -> bool:
    """The cause the claim gives ("原因 KubeletNotReady（PLEG is not healthy）") is quoted from the
    excerpt: every identifier and Latin word of the clause after the causal marker is in it."""
    m = search_causal(text)
    clause = _CLAUSE_END.split(text[m.end() :], 1)[0] if m else ""
    mentions = extract_mentions(clause)
    words = content_words(clause, skip=mentions.entities)
    tokens = [*mentions.entities, *words.names, *words.words]
    if not tokens:
        # "报错原因是没有可用连接" quoting "no available connection …": the reason an error gives, each of its
        # concepts quoted (a cause of another event, "重启的直接原因是…", stays an inference)
        if not m or not _ERROR_REASON.search(text, max(0, m.start() - 4), m.start()):
            return False
        named = [c.concept_ids for c in claim_analysis(clause).mentions]
        # the error's own reason: its message up to the first ";" or sentence end (not "…; refusals cleared")
        reason = evidence_view(_FIRST_SEGMENT.split(excerpts.strip(), 1)[0])
        return bool(named) and all(any(reason.carries_in_text(c) for c in ids) for ids in named)
    flat = fold(excerpts)
    return all(word_in(flat, t) for t in tokens) and all(literal_number_in(flat, n) for n in mentions.numbers)


_FIRST_SEGMENT = re.compile(r";|；|\.\s|\n")
_ERROR_REASON = re.compile(r"(?:报错|错误|失败|异常|拒绝)(?:的)?$")


def _states_cause(excerpts: str) -> bool:
    """The quoted evidence states a cause itself ("X failed: Y", "timed out (...) while ...")."""
    return bool(search_causal(excerpts) or search_evidence_causal(excerpts))


def _held_elsewhere(words: Sequence[str], elsewhere: Callable[[], Sequence[EvidenceView]]) -> list[str]:
    views = elsewhere()
    return [w for w in words if any(word_in(v.text, w) for v in views)]


# a denied observation: "日志中没有 deadlock detected", "未发现 OOMKilled" (not a state: "超时未 ack" says what
# happened)
_DENIED_LATIN = re.compile(
    r"(?:(?:日志|输出|结果|记录)(?:中|里)?\s?(?:没有|并没有|无|并无|不存在)"
    r"|(?:没有|并没有|未|无|并无|未曾)\s?(?:出现|发现|报|记录|看到|找到|打印|检索到|搜到|设置|配置|任何)(?:过)?)\s?"
    # a phrase, or a list of words ("[warn]、[error] 或 [emerg]", "requests / limits")
    r"((?:[\[(]?[a-z][a-z0-9_\-]*[\])]?)(?:\s?(?:、|/|或|和|及|,|\s)\s?[\[(]?[a-z][a-z0-9_\-]*[\])]?){0,5})"
)
_LATIN_WORD_OF_A_LIST = re.compile(r"[a-z][a-z0-9_\-]*")
_BRACKETED_WORD = re.compile(r"\[([a-z][a-z0-9_\-]*)\]")


def denied_bracket_reported(text: str, cited: Sequence[CallEvidence]) -> str | None:
    """"没有任何 [warn]、[error] 记录" over a cited log with an "[error]" line: a bracketed word the claim denies,
    which the output writes in its brackets (a level, a tag)."""
    for m in _DENIED_LATIN.finditer(fold(text)):
        for word in _BRACKETED_WORD.findall(m.group(1)):
            if any(f"[{word}]" in ev.flat[: ev.out_end] for ev in cited):
                return f"it denies '[{word}]', which the cited output writes"
    return None


def denied_latin_words(text: str) -> frozenset[str]:
    """The English words of a phrase whose observation a Chinese negator denies ("日志中没有 deadlock detected",
    "没有任何 [warn]、[error] 或 [emerg] 记录", "没有设置 requests / limits")."""
    return frozenset(w for m in _DENIED_LATIN.finditer(fold(text)) for w in _LATIN_WORD_OF_A_LIST.findall(m.group(1)))


def quote_items(items: list[str], limit: int = 4) -> str:
    shown = ", ".join(repr(fold(i)) for i in items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")
