"""Legacy `facts_checked` (seed 001, spec §1 and §9).

For a valid contract: one item per claim (mapped from its claim check), then the extra answer
facts: what sentences of `user_facing_answer` assert (their clauses no hedge or advice governs,
`wording.clause_stances`) that names an entity or number no critical claim contains, that asserts
content (a cause, an event, a state: glossary concepts) that no critical claim carries, or that
denies an event or state a critical claim reports ("并没有发生 OOMKilled": `contradicted`). A
background claim backs nothing in the answer (spec §6 backs its entities only where the answer
hedges them), so what only a background claim says is classified by the trace like any other
content. They are classified by the trace and can only lower a verdict.
For unparseable output: the natural-language fallback over `executor_final_answer`, recorded for
audit only (it can never support a verdict). Output that looks like the contract's JSON gives its
claim texts, summary and answer sentences rather than its JSON lines.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator, Sequence

from groundcheck.signatures.models import ClaimCheck, ExecutorContract, FactCheck, LegacyClassification, item_text

from ..text.glossary import EvidenceView, carries, claim_analysis, compact, evidence_view
from ..text.negation import NEGATABLE, denies_token
from ..text.normalize import contains_token, fold, fold_lines
from ..text.series import claimed_values_at_times, speaks_of, value_at_time_conflict
from ..text.tokens import Mentions, extract_mentions
from ..text.wording import (
    ADVICE,
    advice_premises,
    answer_sentences,
    assertive_text,
    quick_search,
    says_a_whole,
    search_causal,
    search_hedged,
    split_sentences,
)
from .call_series import series_of
from .evidence_facts import bound_test, evidence_views, names_a_read_file, only_in_guidance
from .figure_judgements import judged_by_its_figures
from .fine_states import fine_state_in_trace_conflict, may_call_fine
from .guidance_words import cites_guidance
from .keyed_values import keyed_value_conflict
from .number_forms import restates_a_figure_of, written_another_way, zone_mislabelled_in_trace
from .state_pairs import may_name_a_state, state_pair_conflict
from .time_context import zone_shifted
from .trace_index import CallEvidence, TraceIndex, literal_number_in
from .value_labels import calls_label_conflict
from .zero_counters import may_say_grows, zero_counter_conflict

LEGACY_CLASS: dict[str, LegacyClassification] = {
    "direct_observation": "direct_evidence",
    "reasonable_inference": "indirect_support",
    "overstated": "indirect_support",
    "unsupported": "no_evidence",
    "external_unknown": "no_evidence",
    "contradicted": "contradicted",
}
_PROSE_KEYS = ("diagnosis_summary", "claim_text", "user_facing_answer")
# "key": "value" pairs of JSON text, the last value possibly cut off by truncation
_JSON_STRING = re.compile(r'"(?P<key>[A-Za-z_]+)"\s*:\s*"(?P<value>(?:[^"\\]|\\.)*)(?:"|\Z)', re.DOTALL)
_NOT_PROSE_KEYS = frozenset(
    {
        "answer_version",
        "claim_id",
        "claim_type",
        "support_level",
        "source_type",
        "source_id",
        "tool_name",
        "evidence_excerpt",
        "source_invocation_ids",
        "trace_ref",
        "invocation_id",
        "doc_id",
    }
)
_JSON_DEBRIS = re.compile(r'["{}\[\]]')
_LATIN_OR_DIGIT = re.compile(r"[A-Za-z0-9]")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")
_FENCE = re.compile(r"^\s*```[a-zA-Z]*\s*|\s*```\s*$")
_CLAUSE = re.compile(r"[，,；;。]")
_NEGATOR = re.compile(r"[不没未无非]|\b(?:no|not|never|without|none|zero|cannot|false)\b|n't", re.IGNORECASE)
# An answer denies that something happened or exists ("并没有发生 OOMKilled", "不存在 OOM 问题", "no sign
# of"): only such a denial is held against the claims. A negated attribute or a moment ("没有健康的上游",
# "08:00 时还没有积压") says too little about what the claims report.
_DENIED_EVENT = "(?:再次|再|曾|有)?(?:出现|发生|发现|看到|检测到|观察到|记录到|存在)"
_DENYING = ("并没有", "没有", "从未", "并未", "未曾", "未", "没", "并不", "不")
_search_denial = quick_search(  # each alternative opens with a literal: the scan skips ahead in C
    re.compile(
        "|".join(f"{negator}{_DENIED_EVENT}" for negator in _DENYING)
        + r"|并非|\bno (?:sign|evidence|occurrence)s? of\b|\bdid not (?:occur|happen)\b"
        + r"|\bnever (?:occurred|happened)\b",
        re.IGNORECASE,
    )
)


def legacy_class(verification: str) -> LegacyClassification:
    return LEGACY_CLASS[verification]


def claim_facts(contract: ExecutorContract, checks: list[ClaimCheck]) -> list[FactCheck]:
    by_id = {c.claim_id: c for c in checks}
    return [
        FactCheck(
            fact=claim.claim_text,
            classification=legacy_class(by_id[claim.claim_id].verification),
            claim_id=claim.claim_id,
            source="claim",
        )
        for claim in contract.claims
        if claim.claim_id in by_id
    ]


_ADVICE_OPENING = re.compile(r"\s*(?:建议|推荐|也可以|还可以|可以|或者|或|然后|再|同时|另外|并)")
# a clause that reports a state, an event or a cause is no step of a plan, even inside advice
_STATE_WORDS = re.compile(r"已|了|过|目前|现在|正在|仍|依然|是因为|导致|造成|由于|发生|出现|触发|宕|挂|丢")


def restates_advice(sentence: str, actions: Sequence[str]) -> bool:
    """An answer sentence that opens as advice and restates, word for word, a recommended action that
    opens as advice: each of its later steps ("…，然后调用 …/restart 重启 task") is advice too, though
    it carries no advice word of its own. A clause reporting a state or a cause still asserts."""
    if not actions or not _ADVICE_OPENING.match(sentence):
        return False
    core = _compact_words(sentence)
    if not core or _STATE_WORDS.search(sentence) or extract_mentions(sentence).numbers or advice_premises(sentence):
        return False  # a figure or a premise ("把内存泄漏的 order-api 回滚") inside copied advice is still given
    return any(core in _compact_words(a) and ADVICE.match(a.strip()) for a in actions)


def _compact_words(text: str) -> str:
    return re.sub(r"[\s，,。；;：:！!？?]+", "", text)


def extra_answer_facts(contract: ExecutorContract, index: TraceIndex) -> list[FactCheck]:
    """What answer sentences assert that no critical claim carries, classified by the trace."""
    critical = contract.critical_claims
    # each critical claim's text and excerpts, a line each (an empty line for a claim without bindings)
    parts = [t for c in critical for t in (c.claim_text, *([b.evidence_excerpt for b in c.evidence_bindings] or [""]))]
    claims_text = "\n".join(parts)
    claims_flat = fold_lines(parts)  # = fold(claims_text), from the parts other stages folded
    claims_view = EvidenceView(claims_flat, folded=True)
    critical_texts = [c.claim_text for c in critical]
    # what a critical claim says of an object's state or a counter, its own check reads (a soft judgement
    # a model may overrule): the answer restating it adds nothing to judge
    folded_claims = [fold(t) for t in critical_texts]
    # (the entities as the claims write them: "3 月 14 日" is the answer's "3月14日")
    claimed_entities = {e for t in critical_texts for e in extract_mentions(t).entities}
    question = EvidenceView(reported_in_question(index.query_flat), folded=True)
    evidence: dict[bool, list[EvidenceView]] = {}

    def evidence_for(cites_guidance: bool) -> list[EvidenceView]:
        if cites_guidance not in evidence:
            evidence[cites_guidance] = evidence_views(index, cites_guidance=cites_guidance)
        return evidence[cites_guidance]

    ok_outputs = functools.cache(lambda: [ev.flat[: ev.out_end] for ev in index.calls.values() if ev.ok])
    ok_calls = [ev for ev in index.calls.values() if ev.ok]
    facts = []
    actions = [item_text(a) for a in contract.recommended_actions]
    for whole in answer_sentences(contract.user_facing_answer):
        sentence = assertive_text(whole)
        if not sentence or restates_advice(whole, actions):
            continue
        if _search_denial(sentence) and _denied_but_claimed(sentence, critical_texts):
            facts.append(
                FactCheck(fact=sentence, classification="contradicted", claim_id=None, source="user_facing_answer")
            )
            continue
        if _reported_but_denied(sentence, critical_texts):
            facts.append(  # "主节点已经发生了键淘汰" where a claim says none happened
                FactCheck(fact=sentence, classification="contradicted", claim_id=None, source="user_facing_answer")
            )
            continue
        mentions = extract_mentions(sentence)
        # what the sentence denies ("也不会导致 OOMKilled") need not be anywhere
        # (nor the file a call read: "config.toml 里…" names where the figures come from, no new fact)
        new_entities = [
            e for e in mentions.entities
            if not contains_token(claims_flat, e) and e not in claimed_entities and not denies_token(sentence, e)
            and not names_a_read_file(e, ok_calls)
        ]
        if _state_the_trace_denies(sentence, new_entities, ok_outputs, folded_claims):
            facts.append(
                FactCheck(fact=sentence, classification="contradicted", claim_id=None, source="user_facing_answer")
            )
            continue
        if any(zone_mislabelled_in_trace(sentence, n, index, contract.user_facing_answer) for n in mentions.numbers):
            facts.append(  # "北京时间 06:10" where every output writes 06:10 in UTC: another moment
                FactCheck(fact=sentence, classification="contradicted", claim_id=None, source="user_facing_answer")
            )
            continue
        if len(mentions.numbers) > 1 and _figure_moved_in_time(sentence, critical_texts):
            facts.append(  # "20:01:00、20:01:01 分别被拦截 5133、4821 次" where the claims say the other way
                FactCheck(fact=sentence, classification="contradicted", claim_id=None, source="user_facing_answer")
            )
            continue
        if mentions.numbers and _value_at_another_time(sentence, critical_texts, ok_calls):
            facts.append(  # "10:10 那个窗口换了 4 次，10:00 换了 3 次" over points 10:00 4, 10:10 3
                FactCheck(fact=sentence, classification="contradicted", claim_id=None, source="user_facing_answer")
            )
            continue
        if mentions.numbers and _rekeyed_figure(sentence, critical_texts, ok_calls):
            facts.append(  # "ScanFilterAndProjectOperator 占了 27.92GB" over "{HashBuilderOperator=27.92GB, …}"
                FactCheck(fact=sentence, classification="contradicted", claim_id=None, source="user_facing_answer")
            )
            continue
        if mentions.numbers and _relabelled_figure(sentence, critical_texts, ok_calls):
            facts.append(  # "CPU 峰值约 35%" where 35.4 is the Average and the Maximum 91.2
                FactCheck(fact=sentence, classification="contradicted", claim_id=None, source="user_facing_answer")
            )
            continue
        new_numbers = [
            n
            for n in mentions.numbers
            if not restates_a_figure_of(claims_flat, n)
            and not any(literal_number_in(claims_flat, z) for z in zone_shifted(sentence, n))
            and not written_another_way(sentence, n, index, contract.user_facing_answer)
        ]
        # "超时就是 GC 停顿造成的" where only a hypothesis says "GC 停顿可能是超时的原因"
        hedge_dropped = not new_entities and not new_numbers and search_causal(sentence)
        # "手册里记录的常见原因是…" says whose cause it is: read below against what the guidance says
        if hedge_dropped and not cites_guidance(sentence, index) and _cause_only_hypothesised(sentence, contract):
            facts.append(
                FactCheck(fact=sentence, classification="no_evidence", claim_id=None, source="user_facing_answer")
            )
            continue
        new_concepts = [
            ids for ids in _new_concept_mentions(sentence, claims_view, question)
            if not judged_by_its_figures(sentence, ids)
        ]
        new_cause = not new_concepts and new_cause_wording(sentence, claims_text)
        if not new_entities and not new_numbers and not new_concepts and not new_cause:
            continue
        new = Mentions(tuple(new_entities), tuple(new_numbers))
        classification: LegacyClassification = classify_by_trace(new, index, says_a_whole(sentence))
        if (
            classification == "indirect_support"
            and not cites_guidance(sentence, index)  # "手册里记录的上限是 300" says where it comes from
            and any(only_in_guidance(item, index) for item in (*new_entities, *(n.text for n in new_numbers)))
        ):
            classification = "no_evidence"  # "300 个连接" only a runbook states (spec §6: guidance is no evidence)
        if new_concepts and classification != "contradicted":
            # decoded JSON-in-strings and the calls' subjects too
            outputs = evidence_for(cites_guidance(sentence, index))
            uncarried = [ids for ids in new_concepts if not any(carries(o, c) for o in outputs for c in ids)]
            drawn = _drawn_concepts(sentence) if uncarried else set()
            if uncarried and not all(ids in drawn and not NEGATABLE.intersection(ids) for ids in uncarried):
                classification = "no_evidence"
            elif not new_entities and not new_numbers:
                # every concept is carried, or only concluded from what is ("…，所以发消息卡住了"): a step
                classification = "indirect_support"
        if new_cause and classification != "contradicted":
            outputs = evidence_for(cites_guidance(sentence, index))
            if not new_cause_wording(sentence, "\n".join(v.text for v in outputs)):
                classification = "indirect_support" if classification == "no_evidence" else classification
            else:
                classification = "no_evidence"
        facts.append(
            FactCheck(fact=sentence, classification=classification, claim_id=None, source="user_facing_answer")
        )
    return facts


def _state_the_trace_denies(
    sentence: str, new_entities: list[str], outputs: Callable[[], list[str]], claims: Sequence[str]
) -> bool:
    """A state or a count of the sentence that the ok outputs (`outputs()`, read only when a cue says so)
    contradict: "payment-db 连接也正常" while the trace reports its connections refused (a new entity's fine
    state), "n_lru_nuked 一直在涨" over "n_lru_nuked 0", "tikv-5 Disconnected" over a row "tikv-5 … Up".
    What a critical claim (`claims`, folded) already says, or names, its own check reads."""
    return bool(
        (new_entities and may_call_fine(sentence) and fine_state_in_trace_conflict(sentence, new_entities, outputs()))
        or (may_say_grows(sentence) and zero_counter_conflict(sentence, outputs(), claims))
        or (may_name_a_state(sentence) and state_pair_conflict(sentence, outputs(), claims))
    )


def _figure_moved_in_time(sentence: str, claim_texts: Sequence[str]) -> bool:
    """The sentence ties a figure to a time of day that no critical claim ties it to, while the claims
    tie that figure to another time and that time to another figure: the answer has moved the claims'
    figures between their times (spec §7, a value at a time)."""
    pairs = claimed_values_at_times(sentence)
    if not pairs:
        return False
    claimed = [(second, (n.kind, n.value)) for text in claim_texts for second, _, n in claimed_values_at_times(text)]
    for second, _, number in pairs:
        figure = (number.kind, number.value)
        if (second, figure) in claimed:
            continue
        elsewhere = any(f == figure and s != second for s, f in claimed)
        otherwise = any(s == second and f != figure for s, f in claimed)
        if elsewhere and otherwise:
            return True
    return False


def _value_at_another_time(sentence: str, claim_texts: Sequence[str], ok_calls: Sequence[CallEvidence]) -> bool:
    """The sentence ties figures to two times or more of one series of the trace (times it has points
    at, one figure at least that it shows), and puts one at a time where the series gives another value while it
    shows that figure at another time (spec §7, a value at a time): "10:10 换了 4 次，10:00 换了 3 次"
    over points 10:00 → 4, 10:10 → 3. An answer sentence cites no output: only a series it speaks of
    so is read, for a figure moved in time only. A sentence that restates the critical claims' own
    figures at their times is their checks'."""
    pairs = claimed_values_at_times(sentence)
    if len({second for second, _, _ in pairs}) < 2:
        return False
    claimed = {(s, n.kind, n.value) for text in claim_texts for s, _, n in claimed_values_at_times(text)}
    if all((s, n.kind, n.value) in claimed for s, _, n in pairs):
        return False
    spoken_of = [s for s in (series_of(ev) for ev in ok_calls) if speaks_of(s, pairs)]
    moved = value_at_time_conflict(sentence, spoken_of, bound_test(sentence), moved_only=True) if spoken_of else None
    return moved is not None


def _rekeyed_figure(sentence: str, claim_texts: Sequence[str], ok_calls: Sequence[CallEvidence]) -> bool:
    """The sentence gives a figure to a key the outputs write with another value, and the figure to
    another key (`keyed_values`), and no critical claim says the same (its own check reads that)."""
    conflict = keyed_value_conflict(sentence, ok_calls)
    return conflict is not None and all(keyed_value_conflict(c, ok_calls) != conflict for c in claim_texts)


def _relabelled_figure(sentence: str, claim_texts: Sequence[str], ok_calls: Sequence[CallEvidence]) -> bool:
    """The sentence gives a figure a role the outputs label as another ("峰值约 35%" over
    `"Average": 35.4`), and no critical claim says the same: a claim that does is judged on its own
    (a soft reading a model may overrule), the answer restating it adds nothing to judge."""
    conflict = calls_label_conflict(sentence, ok_calls)
    return conflict is not None and all(calls_label_conflict(c, ok_calls) != conflict for c in claim_texts)


def _cause_only_hypothesised(sentence: str, contract: ExecutorContract) -> bool:
    """The causal link a sentence states joins two concepts that a hypothesis links, and no critical
    claim does: the answer drops the hypothesis' hedge (spec §6: a hypothesis backs no fact)."""
    linked = _concepts(sentence)
    if len(linked) < 2:
        return False
    hypothesised = any(
        search_causal(text) and len(linked & _concepts(text)) >= 2
        for text in (item_text(h) for h in contract.hypotheses)
    )
    if not hypothesised:
        return False
    return not any(
        search_causal(c.claim_text) and len(linked & _concepts(c.claim_text)) >= 2 for c in contract.critical_claims
    )


def _concepts(text: str) -> set[str]:
    analysis = claim_analysis(text)
    return {m.concept_ids[0] for i, m in enumerate(analysis.mentions) if i not in analysis.negated}


def _denied_but_claimed(sentence: str, claim_texts: list[str]) -> str | None:
    """A concept the sentence denies (not hedged) that a critical claim reports in a clause without
    a negator or a hedge, and that no claim mentions in a clause with one, or None.

    "并没有发生 OOMKilled" beside a claim that the container was OOMKilled: the answer contradicts its
    own claims. A claim clause holding a negator anywhere ("日志中没有出现 No space left on device
    错误") is read as not reporting its concepts, so a negation the glossary's narrow window misses
    there does not make a conflict.
    """
    analysis = claim_analysis(sentence)
    denied = {
        cid
        for i in analysis.negated
        if i not in analysis.hedged
        for cid in analysis.mentions[i].concept_ids
        if cid in NEGATABLE
    }
    if not denied:
        return None
    reported: set[str] = set()
    doubted: set[str] = set()
    for text in claim_texts:
        for clause in _CLAUSE.split(text):
            ids = {cid for m in claim_analysis(clause).mentions for cid in m.concept_ids} & denied
            if ids:
                doubtful = _NEGATOR.search(clause) is not None or search_hedged(clause) is not None
                (doubted if doubtful else reported).update(ids)
    hit = (denied & reported) - doubted
    return min(hit) if hit else None


def _reported_but_denied(sentence: str, claim_texts: list[str]) -> str | None:
    """An event the sentence reports (not negated, not hedged) that a critical claim denies in a clause
    without a hedge, and no critical claim reports, or None: "主节点已经发生了键淘汰" beside a claim "evicted_keys
    为 0，没有发生键淘汰" (the converse of `_denied_but_claimed`)."""
    said = claim_analysis(sentence).asserted() & NEGATABLE
    if not said:
        return None
    denied: set[str] = set()
    reported: set[str] = set()
    for text in claim_texts:  # (read whole: "耗时 1204ms，未达到 1500ms 超时" compares, its clause alone denies)
        claim = claim_analysis(text)
        for i, m in enumerate(claim.mentions):
            ids = set(m.concept_ids) & said
            if i in claim.hedged:
                continue
            (denied if i in claim.negated else reported).update(ids)
    hit = (said & denied) - reported
    return min(hit) if hit else None


def asserted_new_concepts(sentence: str, claims_text: str | EvidenceView) -> list[str]:
    """Concepts a sentence asserts (not negated, not hedged) that no claim names or quotes.

    Only content counts: a cause (the sentence has a causal marker: 原因/导致/由于/因为/根因...), or an
    event or state ("主从切换", "OOM"). A component alone ("数据库") asserts nothing.

    Example:
        >>> asserted_new_concepts("根本原因是上游数据库主从切换", "磁盘已满导致写入失败")
        ['upstream', 'database', 'failover']
    """
    return list(dict.fromkeys(ids[0] for ids in _new_concept_mentions(sentence, claims_text)))


def _new_concept_mentions(
    sentence: str, claims_text: str | EvidenceView, question: EvidenceView | None = None
) -> list[tuple[str, ...]]:
    """The concept ids of each mention `asserted_new_concepts` counts (a term may name several). With
    the operator's `question`, the effect a sentence explains ("短信延迟是因为…") may be the question's:
    what was asked about is no finding of the answer."""
    analysis = claim_analysis(sentence)
    if not analysis.mentions:
        return []
    claims_view = evidence_view(claims_text)
    text = compact(sentence)
    explained = _EFFECT_FIRST.search(text) if question is not None else None
    # "…，所以任务排队", "…，和业务反馈的间歇性超时吻合": the effect after a consequence, or the symptom the
    # answer says it matches, may be the question's too
    effect_from = _EFFECT_AFTER.search(text) if question is not None else None
    matched = [m.span() for m in _MATCHES_SYMPTOM.finditer(text)] if question is not None else []
    found: list[tuple[str, ...]] = []
    for i, m in enumerate(analysis.mentions):
        if i in analysis.negated or i in analysis.hedged:
            continue
        if any(claims_view.carries(cid) for cid in m.concept_ids):
            continue
        the_questions = question is not None and any(question.carries(c) for c in m.concept_ids)
        if the_questions and explained and m.end <= explained.start():
            continue
        if the_questions and effect_from and m.start >= effect_from.end():
            continue
        if the_questions and any(a <= m.start and m.end <= b for a, b in matched):
            continue
        if m.concept_ids not in found:
            found.append(m.concept_ids)
    if not found:
        return []
    if search_causal(sentence) or any(NEGATABLE.intersection(ids) for ids in found):
        return found
    return []


# a clause of the question that guesses ("是不是主从切换了", "会不会是 OOM", "估计是…吧", "主从切换了么")
# rather than reports a symptom
_QUESTION_CLAUSE = re.compile(r"([^，,。？?！!；;\n]+)([？?]?)")
_GUESS = re.compile(
    r"是不是|是否|会不会|有没有|难道|吗|(?<![什怎多那这要])么\s*$|吧\s*$|可能|怀疑|猜|估计|疑似|应该是|似乎|好像|大概"
    r"|是因为|是由于|导致的|引起的|造成的"
)


def reported_in_question(question: str) -> str:
    """The operator's question without its guesses: what it reports ("为什么接口超时") is the symptom an
    answer may restate, what it asks about ("是不是主从切换了？") is a hypothesis the answer must back."""
    # (a bare "？" guesses nothing: operators write a symptom as a question, "短信发送延迟很大？")
    return "\n".join(clause for clause, _ in _QUESTION_CLAUSE.findall(question) if not _GUESS.search(clause))


# a conclusion drawn from what the sentence states before it: "…，所以发消息卡住了", "…，这能解释那段时间的超时"
# (not 导致 / 造成: a cause asserted, which the trace must carry)
_CONCLUSION = re.compile(r"所以|因此|因而|于是|这能解释|这就解释了|这就是|这也就是|也就是说|表现为|看到的就是|说明")


_IDENTIFIES = re.compile(r"(?:就|也|正|应该|多半)?(?:是|属于|因为|由于|源于)")


def _drawn_concepts(sentence: str) -> set[tuple[str, ...]]:
    """The concepts a sentence names only after a conclusion marker, in a clause that follows a statement
    of its own: what the answer concludes (a reasonable inference, spec §7), not what it reports. An event
    or a failure concluded ("所以客户端 TLS 握手失败") is still asserted: the caller keeps those."""
    text = compact(sentence)
    marker = _CONCLUSION.search(text)
    if marker is None or marker.start() == 0 or _IDENTIFIES.match(text, marker.end()):
        return set()  # "所以是在频繁 Full GC", "说明是热点 key": a cause named, not a state concluded
    mentions = claim_analysis(text).mentions
    before = {m.concept_ids for m in mentions if m.start < marker.start()}
    return {m.concept_ids for m in mentions if m.start >= marker.end() and m.concept_ids not in before}


# a consequence marker before the effect: "…，所以任务排队", "…，导致接口超时"
_EFFECT_AFTER = re.compile(r"所以|因此|因而|于是|导致|造成|引起|引发|才会|从而|进而|使得|以致")
# the symptom an answer says its finding matches: "和业务反馈的间歇性超时吻合"
_MATCHES_SYMPTOM = re.compile(r"(?:和|与|跟)[^，。；,;]{1,30}?(?:吻合|一致|相符|符合|对得上|对应)")
# a causal marker after the effect it explains: "X 是因为 Y", "X 的原因是 Y", "X 是 Y 导致的"
_EFFECT_FIRST = re.compile(r"是因为|是由于|原因是|根因是|源于|归因于|是(?=[^，。；,;]{1,40}?(?:导致|造成|引起|引发)的)")


def new_cause_wording(sentence: str, known_text: str) -> bool:
    """A cause the sentence asserts in Chinese words that `known_text` mostly lacks.

    For a causal sentence (原因是 / 导致 / 由于...) that names no glossary concept: the Chinese
    character pairs after the causal marker ("定时清理任务被误删", only Chinese words and no glossary
    term) are its content; when fewer than
    half of them occur in the known text (the claims, or the tool outputs), it asserts a cause that
    they do not carry (spec §9 extra fact). Hedged sentences are not assertions and never get here.
    """
    m = search_causal(sentence)
    if not m:
        return False
    # the cause is what follows the marker in its clause: "…，但它不是最终原因，具体如下：" names none after it
    cause = _CAUSE_CLAUSE_END.split(sentence[m.end() :], 1)[0]
    if _LATIN_OR_DIGIT.search(cause) or claim_analysis(cause).mentions:
        return False  # quoted output, an identifier or a glossary concept: the other checks read those
    pairs = _han_pairs(cause)
    if len(pairs) < 3:
        return False
    known = compact(known_text)
    return 2 * sum(p in known for p in pairs) < len(pairs)


_CAUSE_CLAUSE_END = re.compile(r"[，。；：,;:！？!?\n]")


def _han_pairs(text: str) -> list[str]:
    pairs: list[str] = []
    for run in _HAN_RUN.findall(compact(text)):
        pairs.extend(run[i : i + 2] for i in range(len(run) - 1))
    return list(dict.fromkeys(pairs))


def fallback_facts(final_answer: str | None, index: TraceIndex) -> list[FactCheck]:
    """Seed 001's natural-language fallback: fact-like sentences of the raw final answer.

    When the output is JSON-shaped (a broken contract), its prose fields are read instead of its
    lines: claim texts, the diagnosis summary and the sentences of the answer.
    """
    if not final_answer or not final_answer.strip():
        return []
    facts = []
    for whole in fallback_sentences(final_answer):
        sentence = assertive_text(whole)
        if len(sentence) < 4:
            continue
        facts.append(
            FactCheck(
                fact=sentence,
                classification=classify_by_trace(
                    extract_mentions(sentence), index, says_a_whole(sentence)
                ),
                claim_id=None,
                source="executor_final_answer",
            )
        )
    return facts


def fallback_sentences(final_answer: str) -> list[str]:
    """The fact-like sentences of unparseable output, without repeats.

    Example:
        >>> fallback_sentences('{"claims": [{"claim_text": "磁盘已满"}], "user_facing_answer": "磁盘已满。根因')
        ['磁盘已满', '根因']
    """
    text = _FENCE.sub("", final_answer.strip())
    if not _json_shaped(text):
        return split_sentences(final_answer)
    start, end = text.find("{"), text.rfind("}")
    around = [text[:start]] if start > 0 else []
    if end != -1 and end > start:
        around.append(text[end + 1 :])
    json_part = text[max(start, 0) :]  # to the end: a truncated value runs past the last "}"
    pairs = list(_string_pairs(json_part))
    prose = [v for k, v in pairs if k in _PROSE_KEYS]
    if not prose:
        prose = [v for k, v in pairs if k not in _NOT_PROSE_KEYS and _natural_language(v)]
    prose = [a.strip() for a in around if a.strip() and not _JSON_DEBRIS.search(a)] + prose
    unique: dict[str, str] = {}
    for value in prose:
        for sentence in split_sentences(value):
            unique.setdefault(sentence.rstrip("。！？；!?;. "), sentence)
    return list(unique.values())


def classify_by_trace(mentions: Mentions, index: TraceIndex, sums: bool = False) -> LegacyClassification:
    """A sentence without bindings: its named entities and numbers against the whole trace (a number
    a sum of two output values only with `sums`: the sentence says it adds up).

    Never `direct_evidence`: nothing was cited, so at best the trace supports it indirectly.
    """
    if not mentions.entities and not mentions.numbers:
        return "no_evidence"
    every_call = list(index.calls)
    for entity in mentions.entities:
        if index.token_location(entity, every_call) == "nowhere":
            return "contradicted"
    for number in mentions.numbers:
        if not index.number_anywhere(number, sums):
            return "no_evidence" if number.is_soft else "contradicted"
    return "indirect_support"


def _json_shaped(text: str) -> bool:
    return text[:1] in "{[" or any(f'"{key}"' in text for key in _PROSE_KEYS)


def _string_pairs(text: str) -> Iterator[tuple[str, str]]:
    """("key", decoded value) of every string member of JSON text, tolerating truncation."""
    for m in _JSON_STRING.finditer(text):
        yield m["key"], _decode(m["value"])


def _decode(raw: str) -> str:
    try:
        return json.loads(f'"{raw}"')
    except ValueError:
        trimmed = re.sub(r"\\u?[0-9a-fA-F]{0,3}$|\\$", "", raw)  # a cut escape at the end
        try:
            return json.loads(f'"{trimmed}"')
        except ValueError:
            return raw.replace('\\"', '"').replace("\\n", "\n")


def _natural_language(value: str) -> bool:
    return len(value) >= 8 and (" " in value.strip() or any("\u4e00" <= ch <= "\u9fff" for ch in value))
