"""A state the claim calls fine (正常 / 通过 / 有效 / 可达 / 就绪) while its own quote reports the failure.

"payment-db 连接正常" quoting "payment-db connection refused", "健康检查通过" quoting "/healthz -> 500
(unhealthy)", "证书仍在有效期内" quoting "x509: certificate has expired". A soft judgement (spec §8:
which subject a state word is about is a reading, a model may overrule it); the rules backend reads
it as `contradicted`.

What keeps honest claims out: only the claim's own quotes are read; a failure counts only by the
glossary's Chinese or English name standing alone (never an evidence-only hint such as "down" or
"503", nor a setting such as "timeout: 30s"); nothing is judged when the claim itself names a
failure of the kind ("CPU 正常，但出现 3 次超时"), when the quote also reports a good outcome (a mixed
quote), or when the state word is denied, hedged or asked about.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..text.glossary import EvidenceView, claim_analysis, compact
from ..text.negation import denies_span, reported_by_name
from ..text.wording import part_start, quick_search


class _FineState(NamedTuple):
    word: re.Pattern[str]
    failures: tuple[str, ...]  # concepts whose report in the quote says the state is not fine


_FAILURES_OF_HEALTH = (
    "failed", "crash", "crashloop", "unhealthy", "refused", "unreachable", "unavailable", "http_5xx",
    "timeout", "dns_failure", "node_not_ready", "probe_failed", "cert_expired", "oom", "connection_reset",
)
# "恢复正常" is a recovery (the outcome check reads it); "正常情况下 / 正常值" name no state
_NORMAL = r"(?<!恢复)(?<!回到)(?<!恢复到)(?:正常|无异常|良好|健康(?!检查|探针))(?!情况|值|范围|水平|来说|应)"
_PASSED = r"(?:检查|探针|探测|探活|校验|验证|检测|测试|check|probe)(?:已经?|均|都|全部|全都)?通过"
_VALID = r"有效期内|仍然?有效|依然有效|未过期|没有过期|尚未过期|未到期|(?<![无失])有效(?=$|[，。；,;）)\s])"
_REACHABLE = r"可达|连通|畅通|(?:能|可以)(?:正常)?(?:连接|访问|连上)"
_READY = r"就绪(?!探针|探测|检查|门)|(?<![a-z])ready(?![a-z]|\s*[=:]\s*false)"
_STATES = (
    _FineState(re.compile(_NORMAL), _FAILURES_OF_HEALTH),
    _FineState(
        re.compile(_PASSED), ("probe_failed", "failed", "unhealthy", "http_5xx", "timeout", "refused", "unreachable")
    ),
    _FineState(re.compile(_VALID), ("cert_expired", "expired")),
    _FineState(re.compile(_REACHABLE), ("unreachable", "refused", "timeout", "dns_failure", "connection_reset")),
    _FineState(re.compile(_READY), ("node_not_ready", "probe_failed", "crashloop")),
)
# a character every fine-state word holds (one scan of a lowered copy, most claims hold none), then the words
_CUE_CHAR_PATTERN = re.compile(r"[常好康通效期达畅能就]|ready", re.IGNORECASE)
_CUE_CHAR = quick_search(_CUE_CHAR_PATTERN, cue="常|好|康|通|效|期|达|畅|能|就|ready")
_CUE = re.compile(
    r"正常|无异常|良好|健康|通过|有效|过期|到期|可达|连通|畅通|能(?:正常)?(?:连|访)|可以(?:正常)?(?:连|访)|就绪|ready"
)
_ANY_FAILURE = ("failed", "error", "unhealthy", "refused", "auth_failure", "permission_denied")
_GOOD_OUTCOMES = ("healthy", "success", "recovery")
_READY_WORD = re.compile(r"(?<![a-z_\-])ready(?![a-z_\-])")  # not "notready", "readiness", "ready=false"
_ASKED_AFTER = re.compile(r"(?:与否|吗|么|\?|？)")
_OTHERS_BEFORE = re.compile(r"\s?(?:而|但|但是)?\s?(?:其他|其它|其余|另外|别的|剩下的?)[^，。；,;和与及、]{0,8}$")
_HEDGED_BEFORE = re.compile(r"是否|可能|或许|也许|如果|假如|若|待确认|需要?确认|应该|预计|推测|怀疑")


def may_call_fine(text: str) -> bool:
    """A cheap test: the text holds a word a fine state needs (most texts do not)."""
    return _CUE_CHAR(text) is not None and _CUE.search(compact(text)) is not None


def fine_state_conflict(claim_text: str, quoted: EvidenceView) -> str | None:
    """The first fine state the claim asserts that its quote reports the failure of, as a detail."""
    text = compact(claim_text)
    if not _CUE.search(text):
        return None
    named: set[str] | None = None
    for state in _STATES:
        for word in state.word.finditer(text):
            if not _asserted(text, word.start(), word.end()):
                continue
            if named is None:
                named = {cid for m in claim_analysis(claim_text).mentions for cid in m.concept_ids}
                if _READY_WORD.search(quoted.text) or any(reported_by_name(quoted, g) for g in _GOOD_OUTCOMES):
                    return None  # a mixed quote: "redis ping ok; payment-db connection refused"
            failure = _reported_failure(state.failures, named, quoted)
            if failure:
                return f"it says {word.group(0)!r}, which its own quote contradicts ({failure!r})"
    return None


def _asserted(text: str, start: int, end: int) -> bool:
    """Not denied ("不正常", "无法连接"), asked ("是否正常", "正常吗") or hedged ("可能已就绪") in its clause."""
    if denies_span(text, start, end, after=False) or _ASKED_AFTER.match(text, end):
        return False
    if _OTHERS_BEFORE.match(text, part_start(text, start), start):
        return False  # "而其他三台正常": the others', not the quoted one's (not "app-03 和其他实例都正常")
    return _HEDGED_BEFORE.search(text, part_start(text, start), start) is None


def _reported_failure(failures: Sequence[str], named: set[str], quoted: EvidenceView) -> str | None:
    if named.intersection(failures) or named.intersection(_ANY_FAILURE):
        return None  # the claim names a failure itself: its fine state is about something else
    for concept_id in failures:
        term = reported_by_name(quoted, concept_id)
        if term:
            return term
    return None


def fine_state_in_trace_conflict(sentence: str, entities: Sequence[str], outputs: Sequence[str]) -> str | None:
    """`fine_state_conflict` for a sentence without bindings (an answer sentence): read against the
    lines of the (folded) outputs that name one of its entities ("payment-db 连接也正常" against every
    line naming payment-db). A sentence naming no entity has nothing to locate."""
    if not entities or not may_call_fine(sentence):
        return None
    lines = [line for text in outputs for entity in entities for line in _lines_naming(text, entity)]
    return fine_state_conflict(sentence, EvidenceView("\n".join(lines))) if lines else None


def _lines_naming(text: str, token: str) -> list[str]:
    lines: list[str] = []
    start = text.find(token)
    while start != -1 and len(lines) < _MAX_LINES:
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", start)
        line_end = len(text) if line_end == -1 else line_end
        lines.append(text[line_start:line_end])
        start = text.find(token, line_end)
    return lines


_MAX_LINES = 20  # lines naming one entity read per output

