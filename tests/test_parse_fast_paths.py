"""The fast paths of parsing and compacting give what the full paths give."""

from __future__ import annotations

import json
import random
import re

import pytest

from groundcheck.programs.core.jsonio import MAX_DEPTH, JSONLimitError, check_limits, raw_decode_noting
from groundcheck.programs.core.parse import parse_executor_output
from groundcheck.programs.text.glossary import _CJK_SPACE, compact

# the pattern `_CJK_SPACE` replaced, which the rewrite must match span for span
_REFERENCE = re.compile(r"\s+(?=[\u3400-\u9fff])|(?<=[\u3400-\u9fff])\s+")


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    "text",
    ['{"a": NaN}', '{"a": -Infinity}', '{"a": 1e999}', '{"a": ' + "9" * 101 + "}", '{"a": 1.' + "5" * 100 + "}"],
)
def test_refused_number_is_noted_and_check_limits_names_it(text: str) -> None:
    value, _, may_offend = raw_decode_noting(text)
    assert may_offend
    with pytest.raises(JSONLimitError) as err:
        check_limits(value)
    assert err.value.path == "a"


def test_value_within_limits_is_not_flagged() -> None:
    text = json.dumps({"claims": [{"n": 12, "x": 1.5, "ids": ["a", "b"]}] * 3, "ok": True, "none": None})
    value, end, may_offend = raw_decode_noting(text)
    assert not may_offend
    assert end == len(text)
    check_limits(value)  # agrees: nothing to find


def test_many_containers_are_flagged_and_deep_nesting_still_refused() -> None:
    assert raw_decode_noting(_nested(MAX_DEPTH))[2] is False
    assert raw_decode_noting(_nested(MAX_DEPTH + 1))[2] is True
    parsed = parse_executor_output('{"a": ' + _nested(MAX_DEPTH) + "}")
    assert parsed.status.status == "malformed"
    assert "nested deeper" in (parsed.status.error or "")


def test_largest_accepted_integer_literal_is_within_the_bit_limit() -> None:
    # the reason no accepted integer needs the walk: 100 digits fit in the bit limit
    value, _, may_offend = raw_decode_noting("[" + "9" * 100 + "]")
    assert not may_offend
    check_limits(value)


@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": ' + "1" * 120 + "}"])
def test_parse_still_refuses_numbers_over_the_limit(text: str) -> None:
    parsed = parse_executor_output(text)
    assert parsed.status.status == "malformed"
    assert parsed.status.error is not None and parsed.status.error.startswith("JSON over a limit at a:")


def test_cjk_space_matches_the_reference_pattern() -> None:
    alphabet = [" ", "\n", "\t", "\u3000", "\xa0", "\u2003", "a", "B", "1", "连", "接", "\u3400", "\u9fff",
                "\ua000", "。", ",", "-"]
    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16)))
        assert _CJK_SPACE.sub("", text) == _REFERENCE.sub("", text), repr(text)


def test_compact_drops_space_next_to_cjk_only() -> None:
    assert compact("Java 堆 内存 OOM  killed") == "java堆内存oom  killed"


def test_fold_lines_is_fold_of_the_joined_lines() -> None:
    from groundcheck.programs.text.glossary import EvidenceView
    from groundcheck.programs.text.normalize import fold, fold_lines

    # combining marks, Hangul jamo, case forms that change length, invisible and no-break characters
    alphabet = [*"aZ1 \n\t", "\u0301", "\u030c", "j", "ǰ", "ß", "Σ", "İ", "\u00a0", "\u200b", "５", "，", "连",
                "\u1100", "\u1161", "\u11a8", "ﬁ", "\U0001d400", "\U000e0001", "\u0308", "\u212a", "ſ", "5"]
    rng = random.Random(3)
    for _ in range(20_000):
        parts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8))) for _ in range(rng.randint(0, 4))]
        joined = "\n".join(parts)
        assert fold_lines(parts) == fold(joined), parts
        # the answer facts build the claims' view from that fold without folding again
        assert EvidenceView(fold_lines(parts), folded=True).text == EvidenceView(joined).text, parts
