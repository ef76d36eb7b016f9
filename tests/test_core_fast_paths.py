"""The fast paths of the deterministic core give exactly what the plain versions give.

`check_limits` walks only containers and offending numbers, `declared_units` tries its pattern only
at anchors, `parse_series` reuses a call's folded text, `fold` returns a folded large text as is,
and `session_memo` shares text work within one verification only.
"""

import json
import math
import random

import pytest

from groundcheck.programs.core import jsonio
from groundcheck.programs.core.jsonio import JSONLimitError, check_limits, format_path
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.sessions import ensure_session
from groundcheck.programs.core.trace_index import TraceIndex
from groundcheck.programs.text import session_memo as memo_module
from groundcheck.programs.text import units
from groundcheck.programs.text.normalize import fold
from groundcheck.programs.text.series import parse_series
from groundcheck.programs.text.session_memo import memoised, session_memo
from groundcheck.programs.text.tokens import extract_mentions


def plain_check_limits(value, max_depth=jsonio.MAX_DEPTH):
    """The walk as first written: every non-string value visited with its full path."""
    stack = [(value, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, dict | list):
            if len(path) >= max_depth:
                raise JSONLimitError(f"nested deeper than {max_depth} levels", format_path(path))
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            stack.extend((v, (*path, k)) for k, v in pairs if not isinstance(v, str))
        elif isinstance(item, jsonio._Refused):
            raise JSONLimitError(item.why, format_path(path))
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int) and item.bit_length() > jsonio._MAX_INT_BITS:
            raise JSONLimitError(f"integer of more than {jsonio.MAX_NUMBER_CHARS} digits", format_path(path))
        elif isinstance(item, float) and not math.isfinite(item):
            raise JSONLimitError(f"number {item} is not finite", format_path(path))


class MyFloat(float):
    pass


class MyStr(str):
    pass


def random_value(rng, depth):
    roll = rng.random()
    if depth < 12 and roll < 0.35:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if depth < 12 and roll < 0.6:
        return {f"k{i}": random_value(rng, depth + 1) for i in range(rng.randrange(4))}
    return rng.choice(
        ["s", MyStr("t"), 1, -7, 2.5, True, False, None, 10**200, 10**40, float("inf"), float("nan"),
         MyFloat("inf"), MyFloat(1.5), jsonio._Refused("refused literal")]
    )


def outcome(check, value, max_depth):
    try:
        check(value, max_depth)
    except JSONLimitError as exc:
        return str(exc)
    return None


def test_check_limits_reports_what_the_plain_walk_reports():
    rng = random.Random(7)
    errors = 0
    for _ in range(5000):
        value, max_depth = random_value(rng, 0), rng.choice([2, 3, 5, 64])
        expected = outcome(plain_check_limits, value, max_depth)
        assert outcome(check_limits, value, max_depth) == expected
        errors += expected is not None
    assert 500 < errors < 4500  # both kinds of value were drawn


def test_check_limits_names_the_path_of_a_deep_leaf_container():
    value = {"a": [[1.0, "x"], [2.0, float("nan")]]}
    with pytest.raises(JSONLimitError) as caught:
        check_limits(value)
    assert caught.value.path == "a.1.1"
    with pytest.raises(JSONLimitError, match="nested deeper than 2 levels"):
        check_limits({"a": [[1.0]]}, max_depth=2)


UNIT_PIECES = ["unit", "units", ": ", "=", "单位", "：", "(", "[", " ", "_", "-", "1", "1k-blocks", "ms", "s",
               "seconds", "mb", "kib", "gb", "percent", "kbps", "μs", "x", "a", "9", '"', "latency", "\n", "min"]


def test_declared_units_match_the_plain_scan():
    rng = random.Random(3)
    matched = 0
    for _ in range(20000):
        text = "".join(rng.choice(UNIT_PIECES) for _ in range(rng.randrange(1, 14)))
        plain = [m.span() for m in units._DECLARATIONS.finditer(text)]
        assert [m.span() for m in units._declarations(text)] == plain, text
        matched += len(plain)
    assert matched > 1000


def test_parse_series_with_a_folded_text_and_its_end():
    output = {"series": [{"timestamp": "10:05", "value": 503.0}, {"timestamp": "10:06", "value": 12.5}]}
    plain = parse_series(output)
    text = fold(json.dumps(output, ensure_ascii=False))
    reused = parse_series(output, text + "\n\x00payment-9", len(text))
    assert [(p.second, p.values) for p in reused.points] == [(p.second, p.values) for p in plain.points]
    assert reused.text[: reused.end] == plain.text


def test_a_call_folded_text_is_the_first_part_of_flat():
    session = {"session_id": "s", "original_query": "q", "executor_final_answer": "",
               "tool_calls": [{"invocation_id": "c1", "tool_name": "t", "arguments": {"service": "Pay-9"},
                               "status": "ok", "output": "10:05 ERROR Upstream 503"}]}
    index = TraceIndex(ensure_session(session))
    ev = index.calls["c1"]
    assert ev.flat[: ev.text_end] == fold("10:05 ERROR Upstream 503")
    assert ev.text_end < len(ev.flat)  # the subject follows


def test_fold_of_a_large_folded_text_is_equal():
    text = "latency_ms=12 ok\n" * 5000
    assert fold(text) == text.lower()
    assert fold(text.upper()) == text.lower()


def test_session_memo_lives_for_one_verification_only():
    calls = []

    def build(text):
        calls.append(text)
        return len(text)

    assert memoised("t", "abc", build) == memoised("t", "abc", build) == 3
    assert len(calls) == 2  # outside a session nothing is kept
    with session_memo():
        memoised("t", "abc", build)
        memoised("t", "abc", build)
        with session_memo():  # a nested block shares the verification's memo
            memoised("t", "abc", build)
    assert len(calls) == 3
    assert memo_module._MEMO.get() is None
    with session_memo():
        memoised("t", "abc", build)
    assert len(calls) == 4  # the next verification starts afresh


def test_mentions_inside_and_outside_a_session_agree():
    text = "14:03 svc-1 的连接池 pool-1 耗尽，活跃连接 20，等待 5000ms"
    plain = extract_mentions(text)
    with session_memo():
        assert extract_mentions(text) == plain
        assert extract_mentions(text) is extract_mentions(text)


def test_verify_session_leaves_no_memo_behind():
    session = {"session_id": "s", "original_query": "q", "executor_final_answer": "not json", "tool_calls": []}
    verify_session(session)
    assert memo_module._MEMO.get() is None
