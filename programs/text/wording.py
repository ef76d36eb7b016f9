"""Word lists the rules use to read a claim's stance: causal, certain, hedged, general-knowledge.

Kept in one place so the rules backend and answer-fact extraction agree. (The dataset generators
label by construction and do not use these lists.)
"""

from __future__ import annotations

import re
from collections.abc import Callable

CAUSAL = re.compile(
    r"原因|导致|因为|由于|引起|引发|造成|根因|所以|因此|致使|所致|有关"
    r"|caused by|because|due to|root cause|led to|result(?:ed)? (?:of|in)",
    re.IGNORECASE,
)
# What shows, in a quoted output, that it states a cause itself: "X failed: Y", "timed out (...) while
# ...", "Rollback triggered: ...", "conflict: duplicate request id". (A bare "Reason: OOMKilled" field
# names a state, and "killed due to out of memory" reads a cause into it: HolmesGPT labels that overstated.)
EVIDENCE_CAUSAL = re.compile(
    r"\btriggered\b|\bwhile\b|\bdue to\b|\bbecause\b|\bcaused by\b|\bresult(?:ed)? in\b"
    r"|\b(?:failed|error|conflict|refused|denied|rejected|timed out|killed|exited|evicted)\s*[:(]",
    re.IGNORECASE,
)
CERTAIN = re.compile(
    r"一定|肯定|必然|毫无疑问|已确认|已经确认|确定是|绝对|无疑|100%|definitely|certainly|confirmed|always|undoubtedly"
    r"|without (?:a )?doubt|must be",
    re.IGNORECASE,
)
# Universal scope: a claim that says "all / every / the whole" of what its evidence shows one of.
SCOPE = re.compile(
    r"所有|全部|每个|每台|每次|每一|每条|各个|整个|全体|一律|全都|无一例外|彻底"
    r"|\b(?:all|every|each|entire|entirely|whole|completely|fully)\b",
    re.IGNORECASE,
)
# The claim says it adds values up: only then may a figure be a sum of two output values.
TOTAL = re.compile(
    r"共|合计|总计|总共|累计|加起来|之和|总和|总数|总量|\b(?:total|sum|combined|altogether|in all)\b", re.IGNORECASE
)
HEDGED = re.compile(
    r"可能|也许|或许|推测|疑似|怀疑|尚需|待确认|未确认|不确定|猜测|是否|如需|有待|还需要?|尚未|还没有?查到|进一步确认"
    r"|might|maybe|possibly|perhaps|likely|suspect",
    re.IGNORECASE,
)
# Advice recommends an action; "请求" (request) or "需要 3 秒" (takes 3 s) recommend nothing (spec §9).
_ACTIONS = (
    "检查|确认|排查|查看|核实|核查|关注|联系|参考|评估|执行|重启|扩容|缩容|回滚|调整|调大|调小|处理|升级|修复|清理|补充|提供"
    "|观察|留意|验证|分析|优化|限流|降级|切换|增加|减少|配置|开启|关闭|替换|更新|续期|通知|上报"
    "|查询|导出|抓取|采集|收集"
)
ADVICE = re.compile(
    r"建议|推荐|可以考虑|可考虑|不妨|应当|应该|务必|最好|下一步"
    rf"|请(?:先|尽快|及时|立即|务必|再|进一步|您)?(?:{_ACTIONS})"
    rf"|(?:需要|需|有必要|亟需)(?:进一步|尽快|及时|立即|再|先|人工)?(?:{_ACTIONS})"
    r"|\b(?:should|recommend(?:ed|s)?|consider|try to|please (?:check|verify|confirm|review))\b",
    re.IGNORECASE,
)
GENERAL_KNOWLEDGE = re.compile(
    r"通常|一般来说|一般情况|默认|业界|众所周知|官方文档|根据经验|最佳实践|常见|往往"
    + r"|typically|by default|in general|usually|well[- ]known|commonly|best practice"
    + r"|according to (?:the )?(?:docs|documentation)",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[。！？；!?;\n])|(?<=\.)\s+")


def split_sentences(text: str) -> list[str]:
    """Sentences of a Chinese or English text, stripped, without empty ones."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def is_assertion(sentence: str) -> bool:
    """A sentence that states something as fact: not advice, not hedged."""
    return not (search_hedged(sentence) or search_advice(sentence))


# Non-ASCII characters that a case-insensitive pattern matches to an ASCII letter, or whose lower case
# is not one character (computed over every code point of Unicode 15): a text holding one takes the
# slow path.
_CASE_SPECIAL = re.compile("[\u0130\u0131\u017f\u212a]")
_IGNORECASE = int(re.IGNORECASE)  # a plain int: `RegexFlag` arithmetic runs in Python


def quick_search(pattern: re.Pattern[str]) -> Callable[[str], re.Match[str] | None]:
    """`pattern.search`, ruling out most non-matches first without `re.IGNORECASE`.

    A case-insensitive scan of an alternation of literals is several times slower than a
    case-sensitive one: the pattern (all lower case) runs first over `text.lower()`, and only a text
    it matches is searched with `pattern` itself, whose match is returned.

    Example:
        >>> causal = quick_search(CAUSAL)
        >>> causal("Caused by OOM").group(0)
        'Caused by'
    """
    source = pattern.pattern
    # an upper-case escape (\S, \W, \B...) would change meaning in lower case
    if not pattern.flags & _IGNORECASE or source != source.lower():
        return pattern.search
    if "\\\\" not in source:
        # without its word-edge assertions the pattern matches more, never less, and a scan for the
        # first characters of its literals skips ahead in C
        source = source.replace(r"\b", "")
    lowered = re.compile(source, pattern.flags & ~_IGNORECASE).search
    special = _CASE_SPECIAL.search
    full = pattern.search

    def search(text: str) -> re.Match[str] | None:
        if lowered(text.lower()) is None and (text.isascii() or special(text) is None):
            return None
        return full(text)

    return search


search_causal = quick_search(CAUSAL)
search_evidence_causal = quick_search(EVIDENCE_CAUSAL)
search_certain = quick_search(CERTAIN)
search_scope = quick_search(SCOPE)
search_total = quick_search(TOTAL)
search_hedged = quick_search(HEDGED)
search_advice = quick_search(ADVICE)
search_general_knowledge = quick_search(GENERAL_KNOWLEDGE)
