"""`wording.quick_search` must answer exactly as the case-insensitive pattern's own `search`."""

from __future__ import annotations

import random
import re

import pytest

from groundcheck.programs.core import code_signs, fine_states, zero_counters
from groundcheck.programs.text import wording

PATTERNS = ["CAUSAL", "EVIDENCE_CAUSAL", "CERTAIN", "SCOPE", "TOTAL", "HEDGED", "ADVICE", "GENERAL_KNOWLEDGE"]
# pieces that make matches, near-matches (glued words, odd case) and the characters that case-fold
# to ASCII letters without being ASCII (Kelvin sign, long s, dotted / dotless i)
PIECES = [
    "Caused by", "BECAUSE", "due to", "tall", "All", "ALL ", "everyone", "每个", "原因", "可能", "Maybe", "建议",
    "should", "Total", "sum", "subtotal", "TYPICALLY", "by default", "Must Be", "100%", "\u212a", "\u017f",
    "\u0130", "\u0131", "ſum", "K", "连接池", "耗尽", " ", "，", "x", "-", "_", "7",
]


@pytest.mark.parametrize("name", PATTERNS)
def test_quick_search_agrees_with_the_pattern(name: str) -> None:
    pattern: re.Pattern[str] = getattr(wording, name)
    fast = wording.quick_search(pattern)
    rng = random.Random(name)
    matched = 0
    for _ in range(3000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 8)))
        want, got = pattern.search(text), fast(text)
        assert (want and want.span()) == (got and got.span()), text
        matched += want is not None
    assert matched > 100  # the texts exercise matches, not only misses


def test_quick_search_catches_case_folded_non_ascii_letters() -> None:
    # "\u017fum" is "sum" to a case-insensitive pattern although its lower case is not
    text = "the \u017fum of both"
    got, want = wording.search_total(text), wording.TOTAL.search(text)
    assert got is not None and want is not None
    assert got.span() == want.span()


# the searchers built with a cue of their own: the cue must match wherever the pattern does
CUED = {
    "search_total": (wording.search_total, wording.TOTAL),
    "search_scope": (wording.search_scope, wording.SCOPE),
    "grow_cue": (zero_counters._GROW_CUE, zero_counters._GROW_CUE_PATTERN),
    "code_label_cue": (code_signs._LABEL_CUE, re.compile(r"errno|code|status|signal", re.IGNORECASE)),
    "fine_state_cue": (fine_states._CUE_CHAR, fine_states._CUE_CHAR_PATTERN),
}
CUED_PIECES = [*PIECES, "合计", "总", "共", "In All", "in  all", "COMBINED", "涨", "增长", "Increase", "GROWING",
               "Rising", "going up", "Going Up", "全部", "每", "Entire", "ris", "grow", "ERRNO", "Exit Code", "ſtatus",
               "SIGNAL", "正常", "健康", "READY", "就绪", "reaDy", "通"]


@pytest.mark.parametrize("name", CUED)
def test_cued_searchers_agree_with_their_patterns(name: str) -> None:
    fast, pattern = CUED[name]
    rng = random.Random(name)
    matched = 0
    for _ in range(5000):
        text = "".join(rng.choice(CUED_PIECES) for _ in range(rng.randrange(1, 8)))
        want, got = pattern.search(text), fast(text)
        assert (want and want.span()) == (got and got.span()), text
        matched += want is not None
    assert matched > 100
