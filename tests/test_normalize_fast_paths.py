"""The fast paths of `normalize.clean` give what the plain definition gives (spec §6 normalisation)."""

from __future__ import annotations

import random
import re
import unicodedata

from groundcheck.programs.text import normalize
from groundcheck.programs.text.normalize import FULLWIDTH_PUNCTUATION, clean


def _reference(text: str) -> str:
    pattern = normalize._INVISIBLE_ASTRAL  # the full class: what every fast path must agree with
    no_invisible = pattern.sub("", text)
    return unicodedata.normalize("NFKC", normalize._SPACE_IN_NUMBER.sub("", no_invisible))


def test_each_fullwidth_mark_is_its_nfkc_form() -> None:
    for wide, narrow in FULLWIDTH_PUNCTUATION:
        assert unicodedata.normalize("NFKC", wide) == narrow
        assert len(narrow) == 1 and narrow.isascii()


def test_clean_agrees_with_the_definition_on_mixed_texts() -> None:
    pieces = [
        "，", "：", "（", "）", "\u3000", "％", "a", "A", "\u0301", "\u0308", "e", "5", "\u00a0", "\u2009",
        "\u200b", "\ufe0f", "连接池", "ｘ", "５", "ﬁ", "\u1100", "\u1161", "\uac00", "\u11a8", " ", "\n",
        "\U000e0001", "\u212b", "Å",
    ]
    rng = random.Random(7)
    nfkc_needed = 0
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 10)))
        assert normalize._clean(text) == _reference(text), ascii(text)
        nfkc_needed += not unicodedata.is_normalized("NFKC", text)
    assert nfkc_needed > 1000  # the texts exercise the slow path, not only already-normal text


def test_clean_of_a_claim_with_chinese_punctuation() -> None:
    claim = "14:03 连接池耗尽（活跃连接 64），等待\u00a0５０００ms：已满"
    assert clean(claim) == _reference(claim)
    assert re.search(r"[，（）：]", clean(claim)) is None
