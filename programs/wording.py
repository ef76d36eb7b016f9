"""Word lists the rules use to read a claim's stance: causal, certain, hedged, general-knowledge.

Kept in one place so the rules backend and answer-fact extraction agree. (The dataset generators
label by construction and do not use these lists.)
"""

from __future__ import annotations

import re

CAUSAL = re.compile(
    r"原因|导致|因为|由于|引起|引发|造成|根因|所以|因此|致使|所致|有关"
    r"|caused by|because|due to|root cause|led to|result(?:ed)? (?:of|in)",
    re.IGNORECASE,
)
CERTAIN = re.compile(
    r"一定|肯定|必然|毫无疑问|已确认|已经确认|确定是|绝对|无疑|100%|definitely|certainly|confirmed|always|undoubtedly"
    r"|without (?:a )?doubt|must be",
    re.IGNORECASE,
)
HEDGED = re.compile(
    r"可能|也许|或许|推测|疑似|怀疑|尚需|待确认|未确认|不确定|猜测"
    r"|might|maybe|possibly|perhaps|likely|suspect",
    re.IGNORECASE,
)
ADVICE = re.compile(r"建议|推荐|可以考虑|请|应当|应该|需要|should|recommend|consider|try to", re.IGNORECASE)
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
    return not (HEDGED.search(sentence) or ADVICE.search(sentence))
