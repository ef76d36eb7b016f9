"""Negation conflicts between a claim and its evidence, with glossary concepts as the unit.

A soft, lexical judgement (spec §8: a model may overrule it): the claim denies a concept that the
cited output reports ("没有发生主从切换" over "failover completed"), or reports one that the output
only denies ("出现 OOM" over "0 OOM kills"). A negator governs a concept term when it stands right
before it in the same clause (a few characters in Chinese, two words in English) with no Chinese term
between them ("磁盘空间不足导致写入失败": the 不 belongs to 空间不足), and is not part of a word that
does not negate what follows (不足, 不够, 不稳定...). A Chinese claim may also deny an event after
naming it ("OOMKilled 并没有发生", "OOM 已排除"), deny that it completed ("主从切换未完成" over
"failover ... completed"), or deny a component as its cause ("发布失败不是因为就绪探针" over a line
"rollout failed: readiness probe failed"). In evidence, "errors=0", "restart count: 0", a table column
headed RESTARTS that holds only zeros, and "un" glued to a term ("unhealthy", "unsuccessful") also deny.

Only events and states are compared: denying a component ("无法连接数据库") says nothing about the
database being absent from the logs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from .column_units import COLUMN_GAP
from .glossary import (
    ClaimAnalysis,
    Concept,
    ConceptMention,
    EvidenceView,
    claim_analysis,
    compact,
    concepts_in,
    contains_term,
    evidence_view,
    glossary,
    stands_alone,
)
from .normalize import contains_token
from .wording import CLAUSE_BREAKS, SENTENCE_BREAKS, part_start

__all__ = [
    "ANTONYMS",
    "NEGATABLE",
    "denied_antonym",
    "denies_span",
    "denies_token",
    "negated_spans",
    "negation_conflict",
    "reports",
]

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
    insufficient_resources cpu_high memory_high running stopped link_down
    retransmission""".split()
)
# A state denied in evidence reports its opposite: "Replica_IO_Running: No" says the thread stopped.
ANTONYMS: dict[str, tuple[str, ...]] = {
    "stopped": ("running",),
    "running": ("stopped",),
    "unhealthy": ("healthy",),
}

_ZH_NEGATORS = "不没未无非"
_ZH_NEGATOR_CHAR = re.compile(f"[{_ZH_NEGATORS}]")
# 不断 (keeps on), 非常 (very), 无论 (whatever), 未来 (future) ... start with a negator but do not negate
# what follows; nor do the words that judge the noun before them: 内存不足 (insufficient), 网络不稳定
# (unstable), 配置不当 (improper), 版本不匹配 (mismatched), 数据不一致 (inconsistent) ... ("内存不足被驱逐"
# says the pod was evicted). Matched within the text before a term, so "不正常" still denies a term "正常".
_ZH_FALSE = re.compile(
    r"不仅|不只|不但|不断|不少|不久|不同|不停|不过|不到|不一定|不管|非常|无论|无需|无效|未来|未知|无线"
    r"|不足|不够|不良|不当|不稳|不佳|不均|不一致|不匹配|不正确|不正常|非正常|不合理|不合法|不合规|不规范"
    r"|不兼容|不充分|不完整|不畅|不准确|不及时|不合格|不达标|不对|非预期|不明"
    # "无限重启" (without end), "未处理异常" (an unhandled exception): no denial ("未捕获到 OOM" is one)
    r"|无限|未处理(?=的|异常|exception)|未捕获(?=的|异常|exception)"
)
_ZH_GAP = 3  # characters allowed between a Chinese negator and the term it governs
_LATIN_RUN = re.compile(r"[a-z0-9_.\-]{2,}")
_CONSEQUENCE = "而致"  # 而, 导致 / 以致: what follows is a consequence of the negated part
_MODAL_AFTER_NEGATOR = ("法", "能")  # 无法 / 不能 / 未能 / 没能 + a verb: it is the verb that is denied
_CAUSES_AFTER = re.compile(r"会?(?:导致|造成|引起|引发)")
_CLAUSE_BREAKS = "，。；、,;:：！？!?()（）[]\n"  # a negator's reach also ends at a colon, a list comma or a bracket
_CLAUSE_BREAK = re.compile(f"[{re.escape(_CLAUSE_BREAKS)}]")
_EN_TOKEN = re.compile(r"[a-z0-9']+|[^\sa-z0-9']")
_EN_NEGATORS = frozenset({"no", "not", "never", "without", "none", "zero", "nor", "neither", "cannot"})
_EN_GAP = 2  # words allowed between an English negator and the term
_EXISTENTIAL = re.compile(
    r"(?:并没有|没有|从未|并未|未曾|没|未)(?:再次|再|曾|有)?(?:出现|发现|发生|看到|见到|检测到|观察到|记录到|报出|报|见)"
    r"|\bno (?:sign|signs|evidence|trace|record|occurrence)s? of\b"
    r"|\b(?:did|do|does|was|were|has|have|had)(?: not|n't) (?:see|find|observe|show|report|detect|record|occur)\w*\b"
)
# a 0 standing alone ("(?:^|\s)0\s"), its literal first: the engine skips ahead to it in C
_ZERO_ANYWHERE = re.compile(r"0(?<!\S0)\s")
_ZERO_BEFORE = re.compile(r"(?:^|\s)0\s+$")
# "errors=0", "OOMKilled: false", "Replica_IO_Running: No": a key with a zero or false value denies it;
# so does a zero after a key of up to three words ("Restart Count:  0", "error count = 0"), and a
# JSON key's ("\"evictions\": 0", "\"oomKilled\": \"false\"")
# ("no" followed by a word opens an English sentence: "failed: No space left on device", "超时：no servers
# could be reached" give no value; "oom_killed=no exit_code=1" does, the next word being the next key)
_SENTENCE_AFTER_NO = r" [a-z][\w.\-]*+(?![=:])"
_ZERO_AFTER = re.compile(
    rf"[\w.\-]*(?:[\"']?\s*[:=]\s*[\"']?(?:0(?![\d.])|(?:false|none|off|disabled)(?![\w.\-])|no(?![\w.\-]|{_SENTENCE_AFTER_NO}))"
    r"|(?:[ \t][a-z_]+){1,2}[ \t]*[:=][ \t]*0(?![\d.])"
    # a condition's row: "MemoryPressure   False   …" (kubectl describe node's Conditions, Status column)
    r"|(?:[ ]{2,}|\t)(?:false|off|disabled)(?![\w.\-])"
    # a metric listed with its value: "PutRequests 61080/min, 5xxErrors 0" (the term glued in its name)
    r"|(?<=[a-z0-9])[a-z]* 0(?=[,;)]|\s*$|\s*\n))"
)
# the same in a claim, boolean values only: "OOMKilled 为 false", "Replica_IO_Running 是 No"
# ("RESTARTS 为 0" is a number, checked as one; a table's header would read as the opposite)
_FALSE_AFTER = re.compile(  # (the glued identifier is ASCII: "HPA 的 ScalingActive 为 False" is not HPA's;
    # a list shares its value: "MemoryPressure 和 PIDPressure 都是 False")
    rf"[a-z0-9_.\-]*(?:\s*(?:和|与|及|、)\s*[a-z0-9_.\-]+)*"
    # ("A、B、C 三个条件都是 False": a count of the listed ones may stand before 都)
    r"(?:\s*[一二三四五六七八九两\d]{1,2}\s?(?:个|项|种)?\s?[\u4e00-\u9fff]{0,3}?(?=\s*(?:都|均|全)))?"
    rf"\s*(?:都|均|全都|全)?\s*(?:为|是|等于|[:=：])\s*(?:(?:false|none|off|disabled)(?![\w.\-])|no(?![\w.\-]|{_SENTENCE_AFTER_NO}))"
)
# a claim's "Restart Count 为 0" names a figure of one row or one object: it neither reports the event
# nor denies it (a table may hold other rows), the figure is checked as a number
# ("outofmemory 计数都为 0": a counter of it, all zero)
_ZERO_VALUE = re.compile(
    r"(?:\s?[a-z_]+){0,2}\s*(?:计数|次数|数量|个数|的值|值)?\s*(?:都|均|全部|全都)?\s*(?:为|是|等于|[:=：])\s*0(?![\d.])"
)
_FALSE_WORDS = ("false", "no", "off", "disabled")  # every value `_FALSE_AFTER` accepts holds one ("none": "no")
_WINDOW = 40
_OCCURRENCES = 32
# "报no healthy" negates: a negator glued to a Chinese character (a word character to `\b`) counts when a
# space and an English word follow it; "返回None给 …", "根因no doubt是…" hold no negation
_EN_CUE = re.compile(
    r"\b(?:no|not|none|nor|never|without|zero|cannot|neither)\b|n't\b"
    r"|(?<=[^\x00-\x7f])(?:no|not|never|without|cannot)(?= (?!doubt|matter|only))"
)
# after a claim's term: "OOMKilled 并没有发生", "主从切换的情况未出现" (not "未再发生", said of a later window)
_POST_NEG_CUE = re.compile(r"[没未曾](?:有|曾)?(?:发生|出现|触发|产生|见到|看到|检测到)|排除")  # `_POST_NEG`'s core
_POST_NEG = re.compile(
    r"(?:的?(?:情况|现象|问题|事件|迹象|记录))?(?:也|都|均|并|根本|从来|完全|始终|一直|却|其实)*"
    r"(?:(?:并没有|没有|并未|从未|未曾|不曾|没|未)(?:有|曾)?(?:发生|出现|触发|产生|见到|看到|检测到)"
    r"|(?:的?(?:可能性?|嫌疑))?(?:已经?|已被|被|可以|基本|均已|都已|也已)排除)"
)
# before it: "已排除 redis 主从切换" covers the rest of the clause ("排除故障" is troubleshooting)
_RULED_OUT = re.compile(r"(?:已经?|可以|基本|均已|都已)排除了?(?!故障|问题|隐患)|排除了(?!故障|问题|隐患)")
# generic failure words: "故障已排除" says the fault was cleared, not that there was none
_GENERIC = frozenset({"error", "failed", "exception", "unhealthy", "alert"})
# "主从切换未完成": the event is denied its completion, which an output line naming it reports
_UNFINISHED = re.compile(r"的?(?:仍|尚|还|并|也|都)?(?:未|没有|没|尚未)(?:能)?(?:完成|成功)")
_COMPLETED = re.compile(r"\b(?:completed?|finished|succeeded|successful(?:ly)?|done)\b|成功|完成")
_LINE_CHARS = 400  # characters either side of a term read as its line
# "不是因为 X", "并非 X 导致": a denied cause
_CAUSE_BEFORE = re.compile(r"(?:不是|并非|而非|绝非)(?:因为|由于|由|源于)?$")
# concepts that name a change or a good state, not a component failing (a change need not be the cause)
_NOT_FAILURES = frozenset(
    """config_change network_change code_change deployment rollback scale_out scale_in renewal healthy success
    recovery running retry traffic_spike alert parse_error""".split()
)
# an action refused ("被拒绝", "被 PDB 拒绝" is read by `_REFUSED_AFTER` up to the object it names)
_REFUSED_AFTER = re.compile(r"(?:被|遭)(?:[a-z0-9\-]{1,12})?(?:拒绝|拒|阻止|拦截)")
_REFUSAL_REACH = 24
# actions a refusal undoes; a thing refused ("端口被拒绝", "连接被拒") is no denial of the thing
_REFUSABLE = frozenset({"evicted", "scale_out", "scale_in", "rollback", "deployment", "failover"})
_TABLE_ROWS = 200  # rows of a table read to see whether a column holds only zeros


def negated_spans(text: str, mentions: Sequence[ConceptMention]) -> frozenset[int]:
    """Indexes of `mentions` (of the compact `text`) that a negator governs.

    A negator right before a term governs it, unless a Chinese term stands between them; a negated
    component passes its negator on to the term right after it in the same clause: in
    "没有发现数据库主从切换" the negator governs "数据库主从切换" as a whole. A denial right after an
    event ("OOMKilled 并没有发生", "OOM 已排除") governs it too.
    """
    # "OOMKilled 为 false": only a text holding one of the false words can have one
    negated: set[int] = set()
    if any(word in text for word in _FALSE_WORDS):
        negated.update(i for i, m in enumerate(mentions) if _FALSE_AFTER.match(text, m.end))
    refused = "被" in text or "遭" in text
    if not (_may_negate(text) or _ZERO_ANYWHERE.search(text) or "排除" in text or refused):
        return frozenset(negated)
    # "没有出现 X" / "no sign of X" / "已排除 X": the denial of an occurrence covers the rest of its clause
    for scope in _EXISTENTIAL.finditer(text):
        negated.update(_clause_after(text, scope.end(), mentions))
    cleared: set[int] = set()  # "已排除数据库故障" may say the fault was cleared: a generic fault stays
    if "排除" in text:
        for scope in _RULED_OUT.finditer(text):
            for i in _clause_after(text, scope.end(), mentions):
                (cleared if _generic(mentions[i]) else negated).add(i)
    post = (
        not text.isascii()
        and ("没" in text or "未" in text or "曾" in text or "排除" in text)
        and _POST_NEG_CUE.search(text) is not None
    )
    for i, m in enumerate(mentions):
        if i in negated:
            continue
        prev = mentions[i - 1] if i else None
        # where a negator of this term may start: after a Chinese term before it, whose inner negators
        # are its own ("空间不足", "配置不当"), though a leading one may govern on ("不存在主从切换记录");
        # an English one may govern a list ("no OOM or restart")
        floor = 0 if prev is None or prev.term.isascii() else prev.start if prev.term[0] in _ZH_NEGATORS else prev.end
        if _negated_before(text, m.start, floor):
            negated.add(i)
            continue
        if (
            prev is not None
            and i - 1 in negated
            and not NEGATABLE.intersection(prev.concept_ids)
            and m.start - prev.end <= 1
            and not _CLAUSE_BREAK.match(text, prev.end)  # "没有可用的连接，连接池耗尽": two clauses
            and m.term[0] not in _ZH_NEGATORS  # "没有可用节点而无法调度": the term carries its own negator
            and text[prev.end : m.start] not in ("而", "致")
            and i not in cleared
        ):
            negated.add(i)
            continue
        if post and _denied_after(text, m):
            negated.add(i)
            continue
        if refused and _REFUSABLE.intersection(m.concept_ids) and _refused_after(text, m, mentions[i + 1 :]):
            negated.add(i)
    return frozenset(negated)


_CAUSE_WORD = re.compile(r"原因|根因|起因|诱因|导致|引起|造成|所致|问题")
_CAUSE_OF_AFTER = re.compile(r"\s?的\s?(?:直接|主要|根本|真正|最终|唯一)?\s?(?:原因|根因|诱因|主因|起因)")


def _refused_after(text: str, m: ConceptMention, following: Sequence[ConceptMention]) -> bool:
    """"驱逐 Pod 被拒绝", "扩容被 quota 拦截": an action refused in its own clause did not take place.
    Only a name in Latin letters (the object, the refuser) may stand between: in "扩容后请求被拒绝" the
    request was refused, not the scale-out."""
    found = _REFUSED_AFTER.search(text, m.end, m.end + _REFUSAL_REACH)
    if found is None or _CLAUSE_BREAK.search(text, m.end, found.start()):
        return False
    return all(n.term.isascii() for n in following if n.start < found.start()) and text[
        m.end : found.start()
    ].isascii()


def _clause_after(text: str, start: int, mentions: Sequence[ConceptMention]) -> list[int]:
    """Indexes of the mentions from `start` to the end of its clause."""
    end = _CLAUSE_BREAK.search(text, start)
    stop = end.start() if end else len(text)
    return [i for i, m in enumerate(mentions) if start <= m.start < stop]


def _generic(m: ConceptMention) -> bool:
    return set(m.concept_ids) <= _GENERIC


def _denied_after(text: str, m: ConceptMention) -> bool:
    """An event denied after it is named: "OOMKilled 并没有发生", "主从切换未出现", "OOM 已排除"."""
    if not NEGATABLE.intersection(m.concept_ids):
        return False
    found = _POST_NEG.match(text, m.end)
    if found is None:
        return False
    return "排除" not in found.group(0) or not _generic(m)


def denies_span(text: str, start: int, end: int, after: bool = True) -> bool:
    """The (folded) text denies what it names at `text[start:end]`: a negator right before it in its
    clause ("没有 OOMKilled"), a denial of occurrence whose clause holds it ("没有发现 OOMKilled 记录"),
    or a denial right after it ("OOMKilled 并没有发生"). Something denied need not be in any output."""
    if not (_may_negate(text) or _POST_NEG_CUE.search(text)):
        return False
    if _negated_before(text, start):
        return True
    breaks = list(_CLAUSE_BREAK.finditer(text, 0, start))
    denied = _DENIED_CLAUSE.match(text, breaks[-1].end() if breaks else 0)
    # ("并不是只有 checkout …" says not only checkout; "…而是 payment-v3 也…" asserts what follows)
    if denied and not _ONLY_AFTER.match(text, denied.end()) and "而是" not in text[denied.end() : start]:
        return True  # "…，并非容器超出限额被 OOMKilled": the clause denies all it names
    for scope in _EXISTENTIAL.finditer(text, 0, start):
        stop = _CLAUSE_BREAK.search(text, scope.end())
        if start < (stop.start() if stop else len(text)):
            return True
    return after and _POST_NEG.match(text, end) is not None


def denies_token(text: str, token: str) -> bool:
    """The text denies the (folded) token it names ("没有 OOMKilled", "OOMKilled 并没有发生")."""
    folded = compact(text)  # the form the negation patterns read (no white space beside CJK)
    at = folded.find(token)
    # a denial after it ("OOMKilled 并没有发生") denies an event; after a subject ("svc9-7 没有发生 OOM")
    # it denies what follows, not that the subject exists
    event = bool(NEGATABLE.intersection(concepts_in(token)))
    return at != -1 and denies_span(folded, at, at + len(token), after=event)


def negation_conflict(
    claim_text: str, evidence_texts: Iterable[str | EvidenceView], quotes: Sequence[str] = ()
) -> str | None:
    """The first concept whose polarity the claim and its cited evidence disagree on, or None.

    The claim denies a concept that some evidence text reports and none denies, or reports a
    concept (not negated, not hedged) that the evidence mentions only to deny it.

    Args:
        claim_text: the claim or answer sentence.
        evidence_texts: the cited tool outputs, as text or as each call's `EvidenceView`.
        quotes: the claim's own excerpts (a denial may restate the zero series it quotes).

    Returns:
        A one-sentence English detail, or None when there is no conflict.

    Example:
        >>> negation_conflict("没有发生主从切换", ["12:01 sentinel: failover to replica-2 completed"])
        "it denies 'failover' (主从切换), which the cited output reports ('failover')"
    """
    analysis = claim_analysis(claim_text)
    # "OOM 的可能性已排除": a possibility ruled out is a denial, not a hedge
    ruled_out = (
        _ruled_out_after(compact(claim_text), analysis) if analysis.hedged and "排除" in claim_text else frozenset()
    )
    # "推断容器没有发生 OOM": a claim that opens by calling itself an inference still states what it infers;
    # its denials are read like any other (a 可能 hedges, an inference marker does not)
    inferred = _INFERENCE_OPENING.match(claim_text) is not None and not _UNCERTAIN.search(claim_text)
    todo = [
        (i, m)
        for i, m in enumerate(analysis.mentions)
        if (i not in analysis.hedged or i in ruled_out or (inferred and i in analysis.negated))
        and NEGATABLE.intersection(m.concept_ids)
    ]
    if not todo:
        return None
    views = [evidence_view(t) for t in evidence_texts]
    if "完成" in claim_text or "成功" in claim_text:
        unfinished = _unfinished_conflict(compact(claim_text), analysis, todo, views)
        if unfinished:
            return unfinished
    for i, m in todo:
        ids = [c for c in m.concept_ids if c in NEGATABLE]
        if i in analysis.negated and _denied_of_others_or_in_general(compact(claim_text), m):
            others = _other_rows_report(compact(claim_text), m, ids[0], views)
            if others:
                return others  # "order-1 重启 5 次，另外两个 pod 没有重启" over order-3's RESTARTS 4
            continue  # "另外两个没有重启", "探针失败不会触发重启": not a denial of what the output reports
        if i in analysis.negated and _quotes_the_output(compact(claim_text), m, views):
            continue  # "以 no PRIMARY in election timeout period 为由": the output's own words, quoted
        if i in analysis.negated and _NOT_ALL.search(compact(claim_text), max(0, m.start - 8), m.start):
            continue  # "并非全部失败": not all of them, so some did
        if i in analysis.negated and (own := _subject_lines_report(compact(claim_text), m, ids[0], views)):
            return own  # "lb-web-b 没有 5xx" over "lb-web-b: … 5xxErrors 27", whatever lb-web-a's line denies
        if i in analysis.negated:
            # a term naming several concepts is denied as its first ("不是 OOMKilled" denies an OOM, not
            # every termination: "Terminated" does not report it)
            polarities = [_polarity(view, cid, full=True) for view in views for cid in ids[:1]]
            # a hint reports nothing a denial is wrong about: "不是 OOMKilled" over "Exit Code: 137
            # Reason: Error", "尚未过期" over "Not After: Dec 1"
            asserted = next((a for a, _ in polarities if a and not _hint_of(a, ids)), None)
            if asserted and _rows_deny(compact(claim_text), m, asserted, views):
                continue  # "mq-1 和 mq-2 均未重启" over their rows' RESTARTS 0: the header names the column
            if asserted and _only_empty_fields(asserted, views):
                continue  # "没有复制错误" over "Last_Error: " (empty): a field naming the concept, no value
            if asserted and _bounded_denial_holds(compact(claim_text), m, ids[0], views):
                continue  # "02:14:06 之前没有这类报错": only the lines before that time are denied
            if asserted and _denied_of_a_named_source(compact(claim_text), m, ids[0], views):
                continue  # "而当前日志只到启动完成、没有错误" beside a describe's "Reason: Error": the logs deny it
            if asserted and _denied_of_a_named_subject(compact(claim_text), m, ids[0], views, quotes):
                continue  # "redis-master… 的查询都是 NOERROR，没有出现 SERVFAIL": its lines deny it
            if asserted and _zero_quote_denies(compact(claim_text), m, quotes):
                continue  # "Ethernet1/50 全程 CRC 都是 0，没有错误" quoting its all-zero series
            if asserted and _zero_point_denies(compact(claim_text), m, quotes):
                continue  # "01:18（UTC）时还没有 503" quoting the 503 series' point [1778203080, "0"]
            if asserted and _quoted_lines_report_the_opposite(ids[0], views, quotes):
                continue  # "超过 120000 ms 仍未发送成功" quoting a line of "send failed: … TimeoutException"
            if asserted and not any(d for _, d in polarities):
                return f"it denies {ids[0]!r} ({m.term}), which the cited output reports ({asserted!r})"
        else:
            # concept by concept: "OOMKilled" names oom and killed; "OOMKilled: false" denies the oom
            for cid in ids:
                polarities = [_polarity(view, cid, full=False) for view in views]
                # (a denied hint says too little: "rejected: 0" denies no exhaustion the claim reports)
                denied = next((d for _, d in polarities if d and not _hint_of(d, [cid])), None)
                if denied and _LEVEL_AFTER.match(compact(claim_text), m.end):
                    continue  # "远低于告警线", "告警阈值": the level an alert fires at, no alert reported
                if denied and not any(a for a, _ in polarities) and not _zero_figure(claim_text, m):
                    text = compact(claim_text)
                    if _NEGATOR_IN_CLAUSE.search(text, part_start(text, m.start), m.start):
                        continue  # "没有可用副本完成故障转移": its clause negates it from afar; no report
                    return f"it reports {cid!r} ({m.term}), which the cited output only denies ({denied!r})"
    if "不是" in claim_text or "非" in claim_text:  # every cue of `_CAUSE_BEFORE` holds one
        return _cause_denial_conflict(compact(claim_text), analysis, todo, views)
    return None


_TIME_BOUND = re.compile(
    r"(?<![\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s?(之前|以前|前|之后|以后|后)(?!端|台|面|置)"
)
_LINE_CLOCK = re.compile(r"(?<!\d)(\d{2}):(\d{2})(?::(\d{2}))?")
_BOUND_LINES = 5_000  # lines of an output read for a time-bounded denial


def _bounded_denial_holds(text: str, m: ConceptMention, concept_id: str, views: Sequence[EvidenceView]) -> bool:
    """The clause bounds its denial by a time ("02:14:06 之前没有报错", "10:05 以后未再 OOM"): no line of
    a cited output on that side of the time reports the concept (a line without a clock has its
    predecessor's). A clock without seconds is its minute's start: "10:05 之后" keeps 10:05:30. Lines
    of several days are compared by day too, against the day the claim writes before its clock; with
    no day written, the bound decides nothing over lines of more than one day."""
    bounds = list(_TIME_BOUND.finditer(text, part_start(text, m.start), m.start))
    if not bounds:
        return False
    bound = bounds[-1]
    hours, minutes, seconds, side = bound.groups()
    precise = seconds is not None
    day_written = _DAY_BEFORE.search(text, max(0, bound.start() - 12), bound.start())
    day = (int(day_written.group(1)), int(day_written.group(2))) if day_written else None
    limit = (day or (0, 0), int(hours) * 3600 + int(minutes) * 60 + int(seconds or 0))
    before = side in ("之前", "以前", "前")
    kept: list[str] = []
    days: set[tuple[int, int]] = set()
    for view in views:
        clock: tuple[tuple[int, int], int] | None = None
        for line in view.text.split("\n", _BOUND_LINES)[:_BOUND_LINES]:
            found = _LINE_CLOCK.search(line)
            if found:
                dated = _LINE_DAY.search(line, 0, found.start() + 1)
                line_day = (int(dated.group(1)), int(dated.group(2))) if dated else (day or (0, 0))
                if dated:
                    days.add(line_day)
                second = int(found.group(1)) * 3600 + int(found.group(2)) * 60
                second += int(found.group(3) or 0) if precise else 0
                clock = ((line_day if day else (0, 0)), second)
            if clock is None:
                continue
            if (clock < limit) if before else (clock > limit if precise else clock >= limit):
                kept.append(line)
    if day is None and len(days) > 1:
        return False  # "02:14:06 之前" over lines of two days: which 02:14:06, the claim does not say
    if not kept:
        return False
    asserted, _ = _scan_polarity(evidence_view("\n".join(kept)), concept_id, full=True)
    return asserted is None


_DAY_BEFORE = re.compile(r"(?<!\d)(?:\d{4}-)?(\d{1,2})-(\d{1,2})\s?$")
_LINE_DAY = re.compile(r"(?<!\d)\d{4}-(\d{2})-(\d{2})")


_LINE_SUBJECT = re.compile(r"[a-z][a-z0-9_.]*[-_][a-z0-9_.\-]*[a-z0-9]|[a-z]+\d[a-z0-9_.\-]*")


def _subject_lines_report(text: str, m: ConceptMention, concept_id: str, views: Sequence[EvidenceView]) -> str | None:
    """The sentence denies the concept of an object that opens lines of a cited output ("lb-web-b: …"),
    and those lines report it and never deny it: the denial is read in its object's lines, not in
    another object's ("lb-web-a: … 5xxErrors 0")."""
    start = part_start(text, m.start, SENTENCE_BREAKS)
    # (a name that carries the concept is a field of it, "master_failover_state 为 no-failover", no object)
    names = {
        n for n in _LINE_SUBJECT.findall(text, start, m.start) if concept_id not in concepts_in(_SEPARATORS.sub(" ", n))
    }
    if not names:
        return None
    for view in views:
        lines = [
            line for line in view.text.split("\n", _TABLE_ROWS)[:_TABLE_ROWS]
            if any(line.lstrip().startswith(name) and line.lstrip()[len(name) : len(name) + 1] in (":", " ", "\t")
                   for name in names)
        ]
        if not lines:
            continue
        # the claim's own term opening a metric of those lines: "5xx" of "5xxErrors 27"
        metric = re.compile(rf"(?<![a-z0-9]){re.escape(m.term)}[a-z_]*[\s:=]+(\d+)\b")
        counts = [int(v) for line in lines for v in metric.findall(line)]
        if counts:
            if any(counts):
                shown = next(v for v in counts if v)
                return f"it denies {concept_id!r} ({m.term}), which the cited output gives {shown} on its lines"
            continue
        asserted, denied = _scan_polarity(evidence_view("\n".join(lines)), concept_id, full=True)
        if asserted and not denied:
            return f"it denies {concept_id!r} ({m.term}), which the cited output reports on its lines ({asserted!r})"
    return None


_LOG_SOURCE = re.compile(r"日志|\blogs?\b")  # (the tool names below are a view's context, split on "_")


def _denied_of_a_named_source(text: str, m: ConceptMention, concept_id: str, views: Sequence[EvidenceView]) -> bool:
    """The denial's clause names the logs as its source, and every cited log output (a call whose tool
    reads logs) leaves the concept unreported: what another kind of output reports is not denied."""
    if not _LOG_SOURCE.search(text, part_start(text, m.start, CLAUSE_BREAKS), m.start):
        return False
    logs = [v for v in views if _LOG_TOOL.search(v.context)]
    others = [v for v in views if not _LOG_TOOL.search(v.context)]
    # what reports it must be a listing of state (a describe, a get), never another output that may be logs
    if not logs or not others or not all(_STATE_TOOL.search(v.context) for v in others):
        return False
    return not any(_scan_polarity(view, concept_id, full=True)[0] for view in logs)


_LOG_TOOL = re.compile(r"(?<![a-z])(?:logs?|loki|journal|journald|journalctl|syslog|logcli|stern)(?![a-z])")
_STATE_TOOL = re.compile(r"(?<![a-z])(?:describe|get|status|top|inspect)(?![a-z])")


# a denial with no subject of its own in its clause: the negator, at most an adverb before it
_BARE_DENIAL = re.compile(
    r"\s?(?:也|都|均|并|且|同时|完全|从|而|但|却)?\s?(?:也|都|均|并)?\s?(?:没有|没|未|无|不存在|并无)[^，。；,;]*"
)
_NAMED_SUBJECT = re.compile(r"[a-z0-9][a-z0-9_\-]*[.\-_][a-z0-9_.\-]*[a-z0-9]")
_SUBJECT_LINES = 5_000


def _denied_of_a_named_subject(
    text: str, m: ConceptMention, concept_id: str, views: Sequence[EvidenceView], quotes: Sequence[str]
) -> bool:
    """The denial's sentence names a subject before it ("redis-master.cache.svc.cluster.local 的查询…没有出现
    SERVFAIL"), the claim quotes that subject's lines and no quote reports the concept, and no cited line
    naming the subject reports it: the lines that do are another subject's (payment-gw's SERVFAIL). A
    quote that reports it ("Replica_IO_Running: No" for "IO 线程没有停止") is never excused."""
    if not _BARE_DENIAL.fullmatch(text, part_start(text, m.start, CLAUSE_BREAKS), m.start):
        return False  # "消费组没有出现…", "CoreDNS 整体没有…": the clause names its own subject
    start = part_start(text, m.start, SENTENCE_BREAKS)
    # (a field's name, "cost_ms", is on every line: no subject of some)
    names = {
        n for n in _NAMED_SUBJECT.findall(text, start, m.start)
        if concept_id not in concepts_in(n) and any(c.isdigit() or c in ".-" for c in n)
    }
    folded_quotes = [compact(q) for q in quotes]
    if not names or not any(contains_token(q, n) for q in folded_quotes for n in names):
        return False
    if _scan_polarity(evidence_view("\n".join(folded_quotes)), concept_id, full=True)[0]:
        return False
    lines = [line for view in views for line in view.text.split("\n", _SUBJECT_LINES)[:_SUBJECT_LINES]]
    subject_lines = {line for line in lines if any(contains_token(line, name) for name in names)}
    if not subject_lines or _scan_polarity(evidence_view("\n".join(subject_lines)), concept_id, full=True)[0]:
        return False
    # every other line carrying the concept names another subject (payment-gw's SERVFAIL lines): a header
    # ("NAME … RESTARTS") or an unnamed line may report it of the claim's subject too
    concept = glossary().concepts.get(concept_id)
    terms = () if concept is None else concept.search_terms
    return all(
        any(_other_subject(token, names) for token in _NAMED_SUBJECT.findall(line))
        for line in lines
        if line not in subject_lines and any(contains_term(line, term) for term in terms)
    )


def _other_subject(token: str, names: set[str]) -> bool:
    if token in names:
        return False
    return _IPV4.fullmatch(token) is not None or (token[0].isalpha() and any(c.isalpha() for c in token[1:]))


_IPV4 = re.compile(r"(?:\d{1,3}\.){3}\d{1,3}")


_SEPARATORS = re.compile(r"[_\-]")
_NO_PREFIX = re.compile(r"(?<![a-z0-9])no[-_]$")
_ZERO_STATED = re.compile(r"(?:是|为|=|:|：|都|均|全)\s?0(?![\d.])")
_QUOTE_FIGURE = re.compile(r'(?<![\w.:])-?\d+(?:\.\d+)?(?![\w:])')
_QUOTED_CLOCK = re.compile(r'"[^"]{1,40}"')
_SUBJECT_NAME = re.compile(r"[a-z][a-z0-9_\-]*\d[a-z0-9_/\-.:]*")


def _zero_quote_denies(text: str, m: ConceptMention, quotes: Sequence[str]) -> bool:
    """The denial restates a zero its sentence gives ("CRC 都是 0，没有错误") and the claim quotes the
    series it reads: two or more figures, every one 0, on an object the sentence names."""
    start = part_start(text, m.start, SENTENCE_BREAKS)
    if _ZERO_STATED.search(text, start, m.start) is None:
        return False
    names = _SUBJECT_NAME.findall(text, start, m.start)
    for quote in quotes:
        folded = compact(quote)
        if not any(name in folded for name in names):
            continue
        figures = _QUOTE_FIGURE.findall(_QUOTED_CLOCK.sub(" ", folded))
        if len(figures) >= 2 and all(float(f) == 0 for f in figures):
            return True
    return False


# what denying a concept reports: "未发送成功" says the send failed
_DENIAL_REPORTS = {"success": ("failed", "error")}


def _quoted_lines_report_the_opposite(concept_id: str, views: Sequence[EvidenceView], quotes: Sequence[str]) -> bool:
    """The lines of the cited outputs holding the claim's quotes report what the denial means (a failure,
    for a success denied): the claim reads them, whatever success another line reports."""
    opposites = _DENIAL_REPORTS.get(concept_id)
    if not opposites or not quotes:
        return False
    folded = [compact(q) for q in quotes if q.strip()]
    for view in views:
        text = view.text
        for quote in folded:
            at = text.find(quote)
            if at == -1:
                continue
            line = evidence_view(text[text.rfind("\n", 0, at) + 1 : (text.find("\n", at) + 1 or len(text) + 1) - 1])
            if any(reports(line, other) for other in opposites) and not reports(line, concept_id):
                return True  # (a line that also reports the success, "retry succeeded … sent", says no failure)
    return False


def _zero_point_denies(text: str, m: ConceptMention, quotes: Sequence[str]) -> bool:
    """The denial holds at a clock of its sentence part ("01:18（UTC）时 cart 还没有 503") and the claim quotes a
    series point at that minute (an epoch, in UTC or Beijing time) whose value is 0."""
    start = part_start(text, m.start)
    clocks = {(int(h), int(mi)) for h, mi in _PART_CLOCK.findall(text, start, m.start)}
    if not clocks:
        return False
    for quote in quotes:
        if not contains_token(compact(quote), m.term):
            continue  # the quote's series is the denied term's ("503"), not another code's
        for epoch, value in _ZERO_POINT.findall(quote):
            if float(value) != 0:
                continue
            minute = int(float(epoch)) // 60
            for shift in (0, 8 * 60):
                total = (minute + shift) % (24 * 60)
                if (total // 60, total % 60) in clocks:
                    return True
    return False


_PART_CLOCK = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?![\d])")
_ZERO_POINT = re.compile(r'\[\s*(1[5-9]\d{8}(?:\.\d+)?)\s*,\s*"?(-?\d+(?:\.\d+)?)"?\s*\]')


# a clause about the other subjects ("另外两个没有重启", "其余 pod 未重启"), or a denial that something
# causes it, which says how things work rather than that it did not happen ("探针失败只会摘流量，不会触发
# 重启"); "不会写入失败" still denies the failure
_PART_BREAKS = "。；;！？!?\n"  # a part of a sentence: its clauses speak of one subject
_FULL_STOPS = "。！？!?\n"  # (the rows named before "；其余 …" are the ones the others are not)
_OTHERS_OPENING = re.compile(r"(?:另外|其他|其它|其余|剩下|剩余|别的)")
_BRACKETED = re.compile(r"[(（]([^()（）]{1,80})[)）]")
_CONTRAST = re.compile(r"而(?:不是|非)")
_IS_BEFORE = re.compile(r"(?:是|属于|为)")
_NEGATOR_IN_CLAUSE = re.compile(r"没有|没|未|无法|不能|并非|不是")
_ONLY_AFTER = re.compile(r"\s?(?:只|仅|单单|光)")
_DENIED_CLAUSE = re.compile(r"\s?(?:并非|并不是|而不是|而非|也不是|也并非)")
# "没继续扩容" / "不再重启": no more of it, which may well have happened before
_NO_MORE = re.compile(r"(?:没有?|未|不)(?:再|继续)$")
# a role of the concept, not the concept: 故障点 / 故障源 / 问题所在 / 瓶颈所在 / 根源
_ROLE_AFTER = re.compile(r"(?:点|源|所在|根源|方)(?![\u4e00-\u9fff]{0,2}(?:发生|出现))")
# "并非全部失败": not all of them, so some did; "并非频繁选主": not often, so it happened
_NOT_ALL = re.compile(r"(?:并非|不是|并不是|不)(?:全部|所有|都|全都|每个|每次|频繁|经常|总是|反复|多次)")
_MODAL_DENIAL = re.compile(r"不会(?:再|直接)?(?:触发|导致|引起|造成|引发)$")


def _denied_of_others_or_in_general(text: str, m: ConceptMention) -> bool:
    """`text` is the claim's compact form, the one its mentions' places are in."""
    clause_start = part_start(text, m.start, _CLAUSE_BREAKS)
    if _CAUSE_OF_AFTER.match(text, m.end):
        return True  # "缺失并不是最终失败的原因": the cause is denied, not the failure it names
    contrast = _CONTRAST.search(text, clause_start, m.start)
    if contrast and (_CAUSE_WORD.search(text) or _IS_BEFORE.search(text, part_start(text, m.start), contrast.start())):
        # (or "这是序列数上限而非速率限流": what it is, told from what it is not)
        return True  # "根因是启动命令本身…，而不是节点内存不足": one cause preferred to another
    if _OTHERS_OPENING.match(text, clause_start):
        return True
    if _OTHERS_OPENING.match(text, part_start(text, m.start)) and not _bracketed_names(text, m):
        return True  # "另外两个 pod（共 2 个）2/2 且没有重启": about the others; named ones are read by `_rows_deny`
    if _OTHERS_OPENING.match(text, part_start(text, m.start, _PART_BREAKS)) and not _bracketed_names(text, m):
        return True  # "…；其余 5 个 RESTARTS 为 0，没有重启": the part is about the others
    if _ROLE_AFTER.match(text, m.end):
        return True  # "CoreDNS 自身不是故障点": denies where the fault lies, not that there was one
    if _NO_MORE.search(text, max(0, m.start - 4), m.start):
        return True  # "HPA 没继续扩容": no further scaling, not that it never scaled
    return _MODAL_DENIAL.search(text, max(clause_start, m.start - 6), m.start) is not None


_MIN_QUOTED = 16  # characters of an English run the claim copies from an output


def _quotes_the_output(text: str, m: ConceptMention, views: Sequence[EvidenceView]) -> bool:
    """The English run of the claim holding the denied term is a cited output's own words."""
    start, end = m.start, m.end
    while start > 0 and text[start - 1].isascii() and text[start - 1] not in ",;:()":
        start -= 1
    while end < len(text) and text[end].isascii() and text[end] not in ",;:()":
        end += 1
    run = text[start:end].strip()
    return len(run) >= _MIN_QUOTED and " " in run and any(run in view.text for view in views)


def _bracketed_names(text: str, m: ConceptMention) -> list[str]:
    """The names in brackets of the clause (up to its comma) that denies `m`: "另外两个 pod（9tkdx、lp7wz）…"."""
    start = part_start(text, m.start)
    inside = _BRACKETED.search(text, start, m.start)
    return [t for t in _ROW_SUBJECT.findall(inside.group(1)) if not t.isdigit()] if inside else []


def _other_rows_report(text: str, m: ConceptMention, concept_id: str, views: Sequence[EvidenceView]) -> str | None:
    """"order-1 重启了 5 次，另外两个 pod 没有重启": the others are the rows of a cited table that the
    sentence does not name; a column headed by the concept's term gives one of them a figure above 0."""
    opening = next(
        (start for start in (part_start(text, m.start, b) for b in (_CLAUSE_BREAKS, CLAUSE_BREAKS, _PART_BREAKS))
         if _OTHERS_OPENING.match(text, start)),
        None,
    )
    if opening is None:
        return None
    named = [t for t in _ROW_SUBJECT.findall(text, part_start(text, m.start, _FULL_STOPS), opening)
             if not t.isdigit()]
    if not named:
        return None
    for view in views:
        asserted = _polarity(view, concept_id, full=True)[0]
        if asserted is None:
            continue
        lines = view.text.split("\n", _TABLE_ROWS)[:_TABLE_ROWS]
        header, column = _column_of(lines, asserted)
        if header is None:
            continue
        rows = [COLUMN_GAP.split(line.strip()) for line in lines[lines.index(header) + 1 :] if line.strip()]
        rows = [cells for cells in rows if len(cells) > column]
        # (the subject is the first cell, or the second after a namespace: `kubectl get pods -A`)
        if not any(_names_row(cell, n) for cells in rows for cell in cells[:2] for n in named):
            continue  # the table is not the one of the named rows
        for cells in rows:
            value = cells[column].split(" ", 1)[0]
            if not any(_names_row(cell, n) for cell in cells[:2] for n in named) and value.isdigit() and int(value) > 0:
                subject = cells[1] if any(_names_row(c[1], n) for c in rows if len(c) > 1 for n in named) else cells[0]
                return (f"it denies {concept_id!r} ({m.term}) of the others, but the cited table's {asserted!r} "
                        f"column gives {value} for {subject!r}")
    return None


def _names_row(first_cell: str, subject: str) -> bool:
    return first_cell == subject or (len(subject) >= 4 and first_cell.endswith("-" + subject))


def _rows_deny(text: str, m: ConceptMention, term: str, views: Sequence[EvidenceView]) -> bool:
    """The clause denying `m` names row subjects of a cited table whose column headed by `term`
    ("restarts") holds 0 in each of their rows: the table reports the concept of other rows only."""
    clause_start = part_start(text, m.start, _CLAUSE_BREAKS)
    subjects = _bracketed_names(text, m) or [
        t for t in _ROW_SUBJECT.findall(text, clause_start, m.start) if not t.isdigit()
    ]
    if not subjects:  # "X 运行正常，没有重启": the sentence's subject carries on past the comma
        sentence_start = part_start(text, m.start, SENTENCE_BREAKS)
        subjects = [t for t in _ROW_SUBJECT.findall(text, sentence_start, m.start) if not t.isdigit()]
    if not subjects:
        return False
    for view in views:
        lines = view.text.split("\n", _TABLE_ROWS)[:_TABLE_ROWS]
        header, column = _column_of(lines, term)
        if header is None:
            continue
        values = []
        for subject in subjects:
            # a row's first cell, or its last part ("9tkdx" of "cart-service-7c9d6b5f8-9tkdx")
            row = next((line for line in lines if _names_row(COLUMN_GAP.split(line.strip())[0], subject)), None)
            cells = COLUMN_GAP.split(row.strip()) if row else []
            values.append(cells[column].split(" ", 1)[0] if column < len(cells) else None)
        if values and all(v == "0" for v in values):
            return True
    return False


_EMPTY_FIELD = r"[\w.\-]*\s*[:=]\s*(?:0|none|null|n/a|\"\"|''|-)?\s*$"


def _only_empty_fields(term: str, views: Sequence[EvidenceView]) -> bool:
    """Every line of the cited outputs that holds the term is a field of it with no value ("last_error:",
    "errors: 0"): the output names the concept as a key, and reports none of it."""
    pattern = re.compile(rf"{re.escape(term)}{_EMPTY_FIELD}")
    seen = False
    for view in views:
        text = view.text
        at = text.find(term)
        for _ in range(_TABLE_ROWS):
            if at == -1:
                break
            start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
            line = text[start : end if end != -1 else len(text)]
            if pattern.search(line, at - start) is None:
                return False
            seen = True
            at = text.find(term, at + 1)
    return seen


def _column_of(lines: Sequence[str], term: str) -> tuple[str | None, int]:
    """The header line with a cell that is the term or an inflection of it ("restarts"), and its column."""
    for line in lines:
        cells = COLUMN_GAP.split(line.strip())
        for i, cell in enumerate(cells):
            if cell.startswith(term) and cell[len(term) :] in ("", "s", "es", "ed"):
                return line, i
    return None, 0


_ROW_SUBJECT = re.compile(r"[a-z0-9][a-z0-9_.\-]*[a-z0-9]")


def _hint_of(term: str, concept_ids: Sequence[str]) -> bool:
    """The term is only an evidence hint of the concepts (not one of their names)."""
    concepts = [c for cid in concept_ids if (c := glossary().concepts.get(cid)) is not None]
    return any(term in c.hints for c in concepts) and not any(term in c.en or term in c.zh for c in concepts)


def _cause_denial_conflict(
    text: str, analysis: ClaimAnalysis, todo: Sequence[tuple[int, ConceptMention]], views: Sequence[EvidenceView]
) -> str | None:
    """A component denied as the cause ("发布失败不是因为就绪探针") where an output line reports it failing
    beside the claim's event ("rollout v2.14.0 failed: readiness probe failed on 4/6 pods")."""
    # the event the cause is denied of; "失败" / "error" alone is any log line's level, too weak a link
    events = {c for i, m in todo if i not in analysis.negated for c in m.concept_ids if c in NEGATABLE} - _GENERIC
    if not events:
        return None
    for i in sorted(analysis.negated):
        m = analysis.mentions[i]
        if NEGATABLE.intersection(m.concept_ids):
            continue  # a denied event is compared as such
        prev = analysis.mentions[i - 1] if i else None
        floor = 0 if prev is None else prev.end
        if not _CAUSE_BEFORE.search(text, max(floor, m.start - 8), m.start):
            continue
        if _CONTRAST.search(text, max(0, m.start - 12), m.start):
            continue  # "是 metrics-server 挂了，而不是 CPU 没达到阈值": the explanation it sets aside
        failures = [w for cid in m.concept_ids for w in _failures_of(cid)]
        for view in views:
            hit = _failing_beside(view, failures, events, m.concept_ids[0])
            if hit:
                cause = m.concept_ids[0]
                return f"it denies {cause!r} ({m.term}) as the cause, which the cited output reports ({hit!r})"
    return None


@lru_cache(maxsize=256)
def _failures_of(component: str) -> tuple[str, ...]:
    """Failure concepts whose terms hold a term of the component (probe: probe_failed, unhealthy)."""
    concepts = glossary().concepts
    c = concepts.get(component)
    if c is None:
        return ()
    parts = [t for t in c.zh + c.en if len(t) >= 2]
    return tuple(
        w
        for w in sorted(NEGATABLE - _NOT_FAILURES)
        if w in concepts and any(p != t and p in t for p in parts for t in concepts[w].zh + concepts[w].en)
    )


def _failing_beside(
    view: EvidenceView, failures: Sequence[str], events: set[str], component: str | None = None
) -> str | None:
    """A term of a failure, not denied, on a line that also names one of the claim's events (elsewhere).
    A term that first names another concept ("timeout", which unreachable lists too) is the component's
    only on a line that names it: a bare timeout is no failure of the network ("不是网络拦截" over a health
    check answering in 8 s)."""
    text = view.text
    concepts = glossary().concepts
    owner = concepts.get(component) if component else None
    for w in failures:
        concept = concepts[w]
        for term in concept.ascii_terms if view.is_ascii else concept.terms:
            start, seen = text.find(term), 0
            while start != -1 and seen < _OCCURRENCES:
                seen += 1
                if stands_alone(text, term, start) and not _negated_before(text, start):
                    line_start = text.rfind("\n", max(0, start - _LINE_CHARS), start) + 1
                    stop = text.find("\n", start, start + len(term) + _LINE_CHARS)
                    line = text[line_start:start] + " " + text[start + len(term) : len(text) if stop == -1 else stop]
                    named = owner is None or not _names_another(term, w) or _names(line, owner, view.is_ascii)
                    if named and any(_names(line, concepts[e], view.is_ascii) for e in events):
                        return term
                start = text.find(term, start + 1)
    return None


@lru_cache(maxsize=1024)
def _names_another(term: str, concept_id: str) -> bool:
    """The term is the first name of a concept other than `concept_id` ("timeout" of timeout, which
    unreachable lists too): it names that concept first."""
    return any(
        cid != concept_id and term in (c.en[:1] + c.zh[:1]) for cid, c in glossary().concepts.items()
    )


def _names(line: str, concept: Concept, ascii_only: bool) -> bool:
    return any(contains_term(line, t) for t in (concept.ascii_terms if ascii_only else concept.terms))


def _zero_figure(claim_text: str, m: ConceptMention) -> bool:
    """The claim gives the concept a zero: "成功 0 个", "restarts: 0", or before it, "0 个成功"."""
    if "0" not in claim_text and "零" not in claim_text:
        return False
    text = compact(claim_text)
    if _ZERO_VALUE.match(text, m.end) is not None or _ZERO_COUNT_AFTER.match(text, m.end) is not None:
        return True  # "成功 0 个", "restarts: 0", "重启 0 次"
    if m.term.isascii() and _ZERO_AFTER_FIELD.match(text, m.end) is not None:
        return True  # "RESTARTS 0，AGE 48s": a column's name and its cell, as a listing prints them
    return _ZERO_COUNT_BEFORE.search(text, max(0, m.start - 6), m.start) is not None


_ZERO_AFTER_FIELD = re.compile(r"\s+0(?![\d.:%a-z])")
_ZERO_COUNT_BEFORE = re.compile(r"(?<![\d.])(?:0|零)\s*(?:个|次|条|台|例|项)?\s*$")
_INFERENCE_OPENING = re.compile(r"\s*(?:推断|推测|判断|据此推断)\s?[:：，,]?")
_UNCERTAIN = re.compile(r"可能|也许|或许|大概|疑似|不确定|无法确认|无法判断|待确认|需要确认|未验证|是否")
_LEVEL_AFTER = re.compile(r"(?:线|阈值|阀值|门限|水位|级别|规则|策略)")
_ZERO_COUNT_AFTER = re.compile(r"\s*(?:了|过)?\s*(?:0|零)\s*(?:个|次|条|台|例|项|回)(?![\d.])")


def _ruled_out_after(text: str, analysis: ClaimAnalysis) -> frozenset[int]:
    """Negated mentions that a following "已排除" denies (their clause reads hedged: "可能性已排除")."""
    return frozenset(
        i
        for i, m in enumerate(analysis.mentions)
        if i in analysis.negated and (found := _POST_NEG.match(text, m.end)) and "排除" in found.group(0)
    )


def _unfinished_conflict(
    text: str, analysis: ClaimAnalysis, todo: Sequence[tuple[int, ConceptMention]], views: Sequence[EvidenceView]
) -> str | None:
    """An event said not to have completed ("主从切换未完成") on an output line that says it completed."""
    for i, m in todo:
        if i in analysis.negated or not _UNFINISHED.match(text, m.end):
            continue
        ids = [c for c in m.concept_ids if c in NEGATABLE]
        for view in views:
            done = _completed(view, ids)
            if done:
                return f"it says {ids[0]!r} ({m.term}) did not complete, which the cited output reports ({done!r})"
    return None


def _completed(view: EvidenceView, concept_ids: Sequence[str]) -> str | None:
    """A completion word, not negated, on a line of the output that names one of the concepts (read
    from the concept's terms, at most `_OCCURRENCES` of each, so a huge log costs little)."""
    text = view.text
    concepts = glossary().concepts
    for cid in concept_ids:
        concept = concepts.get(cid)
        if concept is None or not view.carries(cid):
            continue
        for term in concept.ascii_terms if view.is_ascii else concept.terms:
            start, seen = text.find(term), 0
            while start != -1 and seen < _OCCURRENCES:
                seen += 1
                line_start = text.rfind("\n", max(0, start - _LINE_CHARS), start) + 1
                stop = text.find("\n", start, start + len(term) + _LINE_CHARS)
                line = text[line_start : len(text) if stop == -1 else stop]
                for found in _COMPLETED.finditer(line):
                    if stands_alone(text, term, start) and not _negated_before(line, found.start()):
                        return found.group(0)
                start = text.find(term, start + 1)
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


def reports(view: EvidenceView, concept_id: str) -> str | None:
    """A term by which the text reports the concept (not only denies it: "no errors" reports none)."""
    return _polarity(view, concept_id, full=False)[0] if view.carries(concept_id) else None


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
            # (a command's flag names an option, no event: "celery inspect active --timeout 10")
            flag = text[max(0, start - 2) : start] == "--"
            if stands_alone(text, term, start) and not flag and not _SETTING_NAMED_AFTER.match(text, start + len(term)):
                seen += 1
                if _denied_at(text, start, start + len(term)):
                    denied = denied or term
                else:
                    asserted = asserted or term
                    if not full:
                        return asserted, denied
                if asserted and denied:
                    return asserted, denied
            start = text.find(term, start + 1)
    return asserted, denied


# a setting named after the concept reports none of it: "failureThreshold": 10, restartPolicy: Always (a measure
# is no setting: "cfs_throttled_seconds": 812.4 reports throttling)
_SETTING_NAMED_AFTER = re.compile(
    r"[_\-]?(?:threshold|policy|policies|budget|strategy)[\"']?\s?[:=]"
)


def _denied_at(text: str, start: int, end: int) -> bool:
    """The term at `text[start:end]` is denied where it stands: a negator before it, a zero after it
    ("failed: 0"), "un" glued to it, or a column of zeros under it."""
    two = text[max(0, start - 2) : start]  # cheap tests before the calls: most fail them
    return bool(
        _negated_before(text, start)
        or _ZERO_AFTER.match(text, end)
        or _ZERO_SERIES_AFTER.match(text, end)
        or _no_sentence_denies(text, start, end)
        or (two == "un" and _glued_un(text, start))
        or ((two == "  " or two[-1:] in ("\n", "")) and _zero_column(text, start, end))
    )


# '"5xx_req_per_s": [["06:29", 0.0], ["06:30", 0.0]]': a series whose every point is zero
_ZERO_SERIES_AFTER = re.compile(
    r'[\w.\-]*"?\s*:\s*\[\s*(?:\[\s*"[^"\[\]]{1,40}"\s*,\s*"?0(?:\.0+)?"?\s*\]\s*,?\s*)+\]'
)
_NO_SENTENCE = re.compile(r"[a-z]{0,3}[\"']?\s*[:=]\s*[\"']?no ")  # (after an inflection: "error" of "errors:")
_NO_SENTENCE_REACH = 40


def _no_sentence_denies(text: str, start: int, end: int) -> bool:
    """"errors: No known data errors": the sentence that "no" opens names the term again, so it denies it
    ("failed: No space left on device" names something else: what failed, not that nothing did)."""
    after = _NO_SENTENCE.match(text, end)
    if after is None:
        return False
    reach = after.end() + _NO_SENTENCE_REACH
    stop = text.find("\n", after.end(), reach)
    return text[start:end] in text[after.end() : reach if stop == -1 else stop]


def reported_by_name(view: EvidenceView, concept_id: str) -> str | None:
    """A term by which the text reports the concept, reading only its Chinese and English names (never
    the evidence-only hints: "down", "503"), each standing alone, and no field of a setting
    ("timeout: 30s" names a setting, not a timeout that happened)."""
    concept = glossary().concepts.get(concept_id)
    if concept is None or not view.carries(concept_id):
        return None
    text = view.text
    for term in concept.en + concept.zh:
        if view.is_ascii and not term.isascii():
            continue
        start, seen = text.find(term), 0
        while start != -1 and seen < _OCCURRENCES:
            end = start + len(term)
            if stands_alone(text, term, start, strict=True):
                seen += 1
                if not _SETTING_AFTER.match(text, end) and not _denied_at(text, start, end):
                    return term
            start = text.find(term, start + 1)
    return None


_SETTING_AFTER = re.compile(r"s?\s*[=:：]\s*[\d\"']")


def _glued_un(text: str, start: int) -> bool:
    """A long term found inside a word that "un" negates: "unhealthy" denies healthy, "unsuccessful" success."""
    return start >= 2 and text[start - 2 : start] == "un" and (start == 2 or not text[start - 3].isalnum())


# a negator that bounds a figure, "未达到 1500ms", "没有超过 10 次", right before the term: a comparison of a
# figure the sentence gave before it (without one, "调用未达到 1500ms 超时" denies the timeout)
_DIGIT = re.compile(r"\d")
_NEGATED_BOUND = re.compile(
    r"[不没未](?:有)?(?:达到|超过|超出|到|满|高于|低于)\s?(?:约)?\s?\d[\d.]*\s?[a-z%次个条秒分钟小时天]*\s?$"
)


def _negated_before(text: str, start: int, floor: int = 0) -> bool:
    """A negator right before `start`, at or after `floor` (see `negated_spans`)."""
    before = text[max(floor, start - _WINDOW) : start]
    if not _may_negate(before):
        return False
    clause = _CLAUSE_BREAK.split(before)[-1]
    if not clause:
        return False
    bound = _NEGATED_BOUND.search(clause)
    if bound:
        at = start - len(clause) + bound.start()  # the negator, in `text`
        sentence = max(text.rfind(c, 0, at) for c in "。；;!?！？\n") + 1
        if _DIGIT.search(text, max(sentence, at - _WINDOW), at):
            return False  # ("耗时 1204ms，未达到 1500ms 超时": its own figure below a limit, no denial of the timeout)
    # a Latin word between a Chinese negator and the term counts as one character ("没有 SMTP timeout")
    tail = (clause if clause.isascii() else _LATIN_RUN.sub("x", clause))[-(_ZH_GAP + 3) :]
    for i in range(len(tail) - 1, -1, -1):
        gap = len(tail) - i - 1 - (tail[i + 1 : i + 2] == "有")  # "没有 key 被驱逐": 没有 is one negator
        # (the term itself may complete a word: "未处理" + "异常" is an unhandled exception)
        if tail[i] in _ZH_NEGATORS and gap <= _ZH_GAP and not _ZH_FALSE.match(tail + text[start : start + 4], i):
            # "不存在而挂载失败", "没有可用节点导致调度失败": a consequence, not what is negated
            if _CAUSES_AFTER.match(tail, i + 1):
                return True  # "不会导致 OOMKilled": what is not caused is denied
            if tail[i + 1 : i + 2] in _MODAL_AFTER_NEGATOR and gap >= 2 and not concepts_in(tail[i + 2 :].strip()):
                return False  # "无法扩展 undo 段": the action is denied, not its object (a term, "无法连接", governs)
            return not any(c in _CONSEQUENCE for c in tail[i + 1 :])
    if _NO_PREFIX.search(clause):
        return True  # "master_failover_state:no-failover", "no_restart"
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


def _zero_column(text: str, start: int, end: int) -> bool:
    """The term heads a column of a table (cells parted by two or more spaces, as kubectl prints them)
    whose every value is 0: "RESTARTS" over "0", "0", "0" reports no restart."""
    # cheap tests first: a header cell starts a line or follows two spaces; a header line is short
    if not (start == 0 or text[start - 1] == "\n" or (start >= 2 and text.startswith("  ", start - 2))):
        return False
    line_start = text.rfind("\n", max(0, start - _HEADER_CHARS), start) + 1
    line_end = text.find("\n", end, end + _HEADER_CHARS)
    if line_end == -1 or (line_start == 0 and start > _HEADER_CHARS):
        return False
    header = text[line_start:line_end]
    if "  " not in header:
        return False
    cell_end = text.find("  ", end, line_end)
    if not text[start : line_end if cell_end == -1 else cell_end].isalpha():
        return False
    head = header[: start - line_start].strip()
    column = len(_CELL_GAP.split(head)) if head else 0
    width = len(_CELL_GAP.split(header.strip()))
    rows, at = 0, line_end + 1
    while rows < _TABLE_ROWS and at < len(text):
        stop = text.find("\n", at)
        line = text[at : len(text) if stop == -1 else stop].strip()
        if not line:
            break
        cells = _CELL_GAP.split(line)
        if len(cells) != width or cells[column] != "0":
            return False
        rows += 1
        at = len(text) if stop == -1 else stop + 1
    return rows > 0


_CELL_GAP = re.compile(r"\s{2,}")
_HEADER_CHARS = 1_000
