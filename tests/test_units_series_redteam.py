"""Red-team classes of units, value at a time and arithmetic (spec §7-§8), with cases of our own.

1. a unit declared apart from the digits counts ("unit": "MiB", "(unit: ms)", "单位：秒");
2. a number tied to a clock time in other word orders and clock forms is the series' value then;
3. a change, ratio or share between named times is derived, not the value at that time;
4. an approximate number ("约 820 MiB") holds the rounding its significant digits imply;
5. Kubernetes millicores ("500m") are cores.
Each class has function-level cases and full `verify_session` cases (attack not PASS, honest PASS).
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import pytest

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.arithmetic import follows_by_arithmetic, matches_directly, tolerance
from groundcheck.programs.text.normalize import fold
from groundcheck.programs.text.series import claimed_values_at_times, value_at_time_conflict
from groundcheck.programs.text.tokens import NumberMention, extract_mentions, iter_numbers
from groundcheck.programs.text.units import declared_units, occurrence_agrees

# a gateway's p99 latency in ms, and its error ratio in percent (our own services and values)
LATENCY = {
    "metric": "gateway_request_p99_ms",
    "service": "edge-gw",
    "unit": "ms",
    "points": [["09:00", 210], ["09:05", 233], ["09:10", 1870], ["09:15", 2044], ["09:20", 918]],
}
ERRORS = {
    "metric": "gateway_error_ratio",
    "service": "edge-gw",
    "unit": "percent",
    "points": [["09:00", 0.3], ["09:05", 0.4], ["09:10", 37.5], ["09:15", 41.2], ["09:20", 7.9]],
}
HEAP = {
    "metric": "jvm_heap_used",
    "pod": "ledger-api-5c7d9-qx8zp",
    "unit": "MiB",
    "points": [["21:50", 377], ["22:00", 482]],
}
POOL = {"metric": "db_pool_active", "max": 40, "points": [["06:00", 9], ["06:05", 40], ["06:10", 40]]}


def number(text: str) -> NumberMention:
    found = extract_mentions(text).numbers
    assert len(found) == 1, found
    return found[0]


def evidence(output: Any) -> list[NumberMention]:
    return iter_numbers(fold(output if isinstance(output, str) else json.dumps(output)), 500)


def session(claims: list[str], outputs: list[Any]) -> dict[str, Any]:
    """Critical claims, each citing every call; the answer restates the claims."""
    ids = [f"call_u{k}" for k in range(len(outputs))]
    bindings = [
        {
            "source_type": "metric",
            "source_id": i,
            "tool_name": "query_metrics",
            "source_invocation_ids": [i],
            "evidence_excerpt": json.dumps(o, ensure_ascii=False)[:60] if not isinstance(o, str) else o[:60],
        }
        for i, o in zip(ids, outputs, strict=True)
    ]
    contract = {
        "answer_version": "2.0",
        "diagnosis_summary": claims[0],
        "claims": [
            {
                "claim_id": f"c{k + 1}",
                "claim_type": "metric",
                "claim_text": c,
                "support_level": "direct",
                "evidence_bindings": bindings,
            }
            for k, c in enumerate(claims)
        ],
        "hypotheses": [],
        "recommended_actions": [],
        "missing_info": [],
        "user_facing_answer": "。".join(claims) + "。以上数字均来自监控查询结果，建议继续观察网关的延迟和错误率变化。",
    }
    calls = [
        {
            "invocation_id": i,
            "trace_ref": f"trace:{k:016x}",
            "tool_name": "query_metrics",
            "arguments": {"service": "edge-gw"},
            "status": "ok",
            "output": o,
        }
        for k, (i, o) in enumerate(zip(ids, outputs, strict=True))
    ]
    return {
        "session_id": "units-redteam",
        "original_query": "edge-gw 怎么了？",
        "executor_final_answer": json.dumps(contract, ensure_ascii=False),
        "tool_calls": calls,
    }


def verdict(claims: list[str], outputs: list[Any]) -> str:
    return verify_session(session(claims, outputs)).verdict


# --- 1. declared units ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('{"unit": "MiB", "points": [1]}', "bytes"),
        ("route  p50  p99   (unit: ms)\n/pay  12  2350", "seconds"),
        ("单位：秒\n网关  3  17", "seconds"),
        ("unit=percent 41.2", "ratio"),
    ],
)
def test_a_unit_for_all_numbers_is_declared(text, kind):
    found = declared_units(fold(text))
    assert any(k == kind for k, _ in found)


def test_a_bare_number_keeps_the_declared_unit():
    text = fold(json.dumps(HEAP))
    end = text.index("482") + 3
    declared = lambda: declared_units(text)  # noqa: E731
    assert occurrence_agrees(number("482 MiB"), text, end, declared)
    assert not occurrence_agrees(number("482 GiB"), text, end, declared)
    series_ms = fold(json.dumps(LATENCY))
    end = series_ms.index("918") + 3
    # a unit of another kind than the one declared for all numbers: "918%" of a series in ms
    assert not occurrence_agrees(number("918%"), series_ms, end, lambda: declared_units(series_ms))
    assert occurrence_agrees(number("918ms"), series_ms, end, lambda: declared_units(series_ms))


def test_a_field_of_another_kind_keeps_its_own_unit():
    disk = fold(json.dumps({"unit": "GiB", "used": 85, "used_pct": 85}))
    end = disk.rindex("85") + 2
    assert occurrence_agrees(number("85%"), disk, end, lambda: declared_units(disk))
    assert occurrence_agrees(number("85 GiB"), disk, end, lambda: declared_units(disk))
    assert not occurrence_agrees(number("85 秒"), disk, end, lambda: declared_units(disk))


def test_a_plain_number_with_the_claims_digits_follows_the_declared_unit():
    ev = evidence(LATENCY)
    in_ms = lambda: declared_units(fold(json.dumps(LATENCY)))  # noqa: E731
    assert not matches_directly(number("2044 秒"), ev, in_ms)
    assert matches_directly(number("2.044 秒"), ev, in_ms)  # an honest conversion
    assert matches_directly(number("2044 秒"), ev, frozenset)  # nothing declared: may carry it
    assert not matches_directly(number("41.2ms"), evidence(ERRORS), lambda: declared_units(fold(json.dumps(ERRORS))))


# The same digits with another unit pass the literal search's unit test only through
# `matches_directly`, which learns an output's declared units from `trace_index._number_in`.


@pytest.mark.parametrize(
    ("claim", "outputs", "ok"),
    [
        ("edge-gw 的 P99 延迟峰值为 2044 秒", [LATENCY], False),
        ("edge-gw 的 P99 延迟峰值为 2044ms", [LATENCY], True),
        ("edge-gw 的 P99 延迟峰值约为 2.044 秒", [LATENCY], True),
        ("ledger-api-5c7d9-qx8zp 的堆内存在 22:00 为 482 GiB", [HEAP], False),
        ("ledger-api-5c7d9-qx8zp 的堆内存在 22:00 为 482 MiB", [HEAP], True),
        ("edge-gw 在 09:20 的 P99 为 7.9ms，错误率为 918%", [LATENCY, ERRORS], False),
        ("edge-gw 在 09:20 的 P99 为 918ms，错误率为 7.9%", [LATENCY, ERRORS], True),
        ("/settle 的 p99 为 2350 秒", ["route  p50  p99   (unit: ms)\n/settle  12  2350\n/refund  9  310\n"], False),
        ("/settle 的 p99 为 2.35 秒", ["route  p50  p99   (unit: ms)\n/settle  12  2350\n/refund  9  310\n"], True),
    ],
)
def test_declared_units_in_full_verification(claim, outputs, ok):
    assert (verdict([claim], outputs) == "PASS") is ok


REDIS_INFO = "# Stats\r\ninstantaneous_ops_per_sec:1234\r\nuptime_in_seconds:86400\r\nconnected_clients:57\r\n"


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("已运行 86400 秒", True),
        ("QPS 为 1234 ops/s", True),
        ("已运行 86400ms", False),
    ],
)
def test_key_value_outputs_keep_their_units(claim, ok):
    # "uptime_in_seconds:86400": a bare number the literal search does not read (after a colon)
    check = verify_session(session([claim], [REDIS_INFO])).claim_checks[0]
    assert (check.verification != "contradicted") is ok, check.detail


# --- 2. value at a time: word orders and clock forms -----------------------------------------------


@pytest.mark.parametrize(
    ("claim", "hour", "minute", "value"),
    [
        ("edge-gw 的 P99 最高到 2044ms（09:15）", 9, 15, "2044ms"),
        ("edge-gw 的 P99 升到 2044ms 的时间是 09:15", 9, 15, "2044ms"),
        ("edge-gw 的 P99 峰值为 2044ms，出现在 09:15", 9, 15, "2044ms"),
        ("edge-gw 的 P99 在 9点15分 达到 2044ms", 9, 15, "2044ms"),
        ("edge-gw 的 P99 在晚上 9 点为 2044ms", 21, 0, "2044ms"),
        ("edge-gw 的 P99 在凌晨三点为 2044ms", 3, 0, "2044ms"),
        ("edge-gw 的 P99 在十点半为 2044ms", 10, 30, "2044ms"),
    ],
)
def test_times_tied_to_numbers(claim, hour, minute, value):
    pairs = claimed_values_at_times(claim)
    assert [(s // 3600, s % 3600 // 60, n.text) for s, _, n in pairs] == [(hour, minute, value)]


def test_words_that_are_no_clock_times():
    assert claimed_values_at_times("P99（09:15）为 2044ms") != ()  # no number before: the one after
    assert claimed_values_at_times("延迟高了一点，P99 为 2044ms") == ()  # "一点": a little
    assert claimed_values_at_times("原因有 3 点：P99 为 2044ms") == ()
    assert claimed_values_at_times("第 2 点 P99 为 2044ms") == ()
    assert claimed_values_at_times("重启 3 次，根因是在 09:15 发布的版本") == ()  # another clause's figure


def test_an_hour_is_a_window_and_pm_adds_twelve_hours():
    evening = {"points": [["09:10", 1870], ["21:10", 233], ["21:40", 2044]]}
    assert value_at_time_conflict("P99 在晚上 9 点达到 2044ms", [evening]) is None  # 21:40 is in that hour
    assert value_at_time_conflict("P99 在早上 9 点达到 2044ms", [evening]) is not None  # 09:10 gives 1870
    assert claimed_values_at_times("14 点到 15 点 P99 为 2044ms") == ()  # a range, no point


@pytest.mark.parametrize(
    ("attack", "honest"),
    [
        ("edge-gw 的 P99 最高到 2044ms（09:10）", "edge-gw 的 P99 最高到 2044ms（09:15）"),
        ("edge-gw 的 P99 升到 2044ms 的时间是 09:10", "edge-gw 的 P99 升到 2044ms 的时间是 09:15"),
        ("edge-gw 的 P99 峰值为 2044ms，出现在 09:10", "edge-gw 的 P99 峰值为 2044ms，出现在 09:15"),
        ("edge-gw 的 P99 在 9点10分 达到 2044ms", "edge-gw 的 P99 在 9点15分 达到 2044ms"),
    ],
)
def test_value_at_time_word_orders_in_full_verification(attack, honest):
    assert verdict([attack], [LATENCY]) == "REJECT"
    assert verdict([honest], [LATENCY]) == "PASS"


# --- 3. changes, ratios and shares between named times --------------------------------------------


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        ("P99 延迟 09:20 较 09:15 下降了 55%", False),  # (2044 - 918) / 2044 = 55.1%
        ("P99 延迟 09:20 较 09:15 上涨了 55%", True),  # the right size, the wrong direction
        ("P99 延迟 09:20 较 09:15 下降了 45%", True),
        ("P99 延迟 09:20 比 09:15 低 1126ms", False),
        ("P99 延迟 09:20 比 09:15 高 1126ms", True),
        ("P99 延迟 09:10 比 09:05 高了 8.0 倍", False),  # 1870 / 233 = 8.03
        ("09:20 的 P99 较 09:15 下降了 55%", False),
        ("与 09:15 相比，09:20 的 P99 下降了 55%", False),  # the base time first
        ("与 09:15 相比，09:20 的 P99 上涨了 55%", True),
        ("09:20 的 P99 是 09:15 的 45%", False),  # a ratio of the two values, not a change
        ("09:20 的 P99 是 09:15 的 55%", True),
        ("P99 延迟 09:20 较 09:15 降至 45%", False),
    ],
)
def test_changes_between_two_named_times(claim, conflict):
    assert (value_at_time_conflict(claim, [LATENCY]) is not None) is conflict


def test_changes_of_a_series_in_percent():
    assert value_at_time_conflict("错误率 09:20 较 09:15 下降了 81%", [ERRORS]) is None  # (41.2 - 7.9) / 41.2
    assert value_at_time_conflict("错误率 09:20 较 09:15 下降了 33.3%", [ERRORS]) is None  # percentage points
    assert value_at_time_conflict("错误率 09:20 较 09:15 上升了 81%", [ERRORS]) is not None
    assert value_at_time_conflict("错误率 09:20 较 09:15 下降了 50%", [ERRORS]) is not None


def test_a_wrong_direction_is_named():
    detail = value_at_time_conflict("P99 延迟 09:20 较 09:15 上涨了 55%", [LATENCY])
    assert detail is not None and "fall" in detail and "09:15" in detail


def test_a_share_the_claim_spells_out_at_that_time():
    assert value_at_time_conflict("06:00 时连接池使用率为 22.5%（9/40）", [POOL]) is None
    assert value_at_time_conflict("06:00 时连接池使用率为 30%（12/40）", [POOL]) is not None
    assert value_at_time_conflict("06:00 时连接池使用率为 30%", [POOL]) is not None


def test_a_difference_of_bare_millisecond_values():
    ev = evidence(LATENCY)
    assert follows_by_arithmetic(number("1126ms"), ev)
    assert follows_by_arithmetic(number("1.126 秒"), ev)
    assert not follows_by_arithmetic(number("1190ms"), ev)


@pytest.mark.parametrize(
    ("claims", "expected"),
    [
        (["edge-gw 的 P99 延迟 09:20 较 09:15 下降了 55%", "edge-gw 的 P99 延迟 09:15 为 2044ms"], "PASS"),
        (["edge-gw 的 P99 延迟 09:20 较 09:15 上涨了 55%", "edge-gw 的 P99 延迟 09:15 为 2044ms"], "REJECT"),
        (["edge-gw 的 P99 延迟 09:20 比 09:15 低 1126ms", "edge-gw 的 P99 延迟 09:15 为 2044ms"], "PASS"),
        (["edge-gw 的 P99 延迟 09:20 比 09:15 低 1326ms", "edge-gw 的 P99 延迟 09:15 为 2044ms"], "REJECT"),
    ],
)
def test_changes_in_full_verification(claims, expected):
    assert verdict(claims, [LATENCY]) == expected


def test_a_share_in_full_verification():
    honest = session(["edge-gw 的连接池 06:00 时活跃连接占上限的 22.5%（9/40）"], [POOL])
    attack = session(["edge-gw 的连接池 06:00 时活跃连接占上限的 30%（12/40）"], [POOL])
    honest_check = verify_session(honest).claim_checks[0]
    assert "06:00" not in honest_check.detail  # no value-at-time conflict
    assert verify_session(attack).verdict == "REJECT"


# --- 4. approximate numbers ------------------------------------------------------------------------


class Approx(NamedTuple):
    """A number as the tokenizer gives it when the claim marks it approximate (see the report)."""

    text: str
    value: float
    kind: str
    decimals: int
    factor: float = 1.0
    approx: bool = True


BYTES = [NumberMention("858993459", 858993459.0, "plain", 0)]


def test_the_written_significant_digits_set_the_tolerance():
    mib = 1024**2
    assert matches_directly(NumberMention("820mib", 820 * mib, "bytes", -1, mib), BYTES)  # 819.2 MiB
    assert not matches_directly(NumberMention("820mib", 820 * mib, "bytes", 0, mib), BYTES)
    assert matches_directly(
        NumberMention("600mib", 600 * mib, "bytes", -2, mib), [NumberMention("x", 614.4 * mib, "bytes", 1)]
    )
    # "约 70%" for 52% stays a contradiction: tens of percent are still its written precision
    seventy = NumberMention("70%", 0.7, "ratio", -1, 0.01)
    assert tolerance(seventy) == pytest.approx(0.05, abs=1e-6)
    assert not matches_directly(seventy, [NumberMention("52%", 0.52, "ratio", 0, 0.01)])


def test_an_approximate_whole_number_may_be_a_rounded_quotient():
    counts = [NumberMention("1300", 1300.0, "plain", 0), NumberMention("42", 42.0, "plain", 0)]
    assert follows_by_arithmetic(Approx("31", 31.0, "plain", 0), counts)  # 30.95
    assert not follows_by_arithmetic(NumberMention("31", 31.0, "plain", 0), counts)  # exact quotients only
    assert not follows_by_arithmetic(Approx("35", 35.0, "plain", 0), counts)


def test_approximate_numbers_in_full_verification():
    memory = {
        "metric": "container_memory_working_set_bytes",
        "pod": "ledger-api-5c7d9-qx8zp",
        "unit": "bytes",
        "points": [["10:00", 858993459], ["10:15", 1503238553]],
    }
    attack = verify_session(session(["10:00 时 ledger-api-5c7d9-qx8zp 内存约 900 MiB"], [memory]))
    assert attack.verdict == "REJECT" and "900" in attack.claim_checks[0].detail  # 819.2 is not about 900
    about = extract_mentions("约 820 MiB").numbers[0]
    assert about.approx and about.decimals == -1
    assert verdict(["10:00 时 ledger-api-5c7d9-qx8zp 内存约 820 MiB"], [memory]) == "PASS"


# --- 5. millicores ---------------------------------------------------------------------------------

LIMITS = "resources:\n  limits:\n    cpu: 750m\n    memory: 2Gi\n  requests:\n    cpu: 250m\n    memory: 1Gi\n"
TOP = "NAME                       CPU(cores)   MEMORY(bytes)\nledger-api-5c7d9-qx8zp     37m          412Mi\n"


@pytest.mark.parametrize(
    ("claim", "output", "ok"),
    [
        ("0.75 cores", LIMITS, True),
        ("0.25 cores", LIMITS, True),
        ("0.5 cores", LIMITS, False),
        ("0.037 cores", TOP, True),
        ("0.37 cores", TOP, False),
    ],
)
def test_millicores_are_cores(claim, output, ok):
    assert matches_directly(number(claim), evidence(output)) is ok


def test_millicores_in_full_verification():
    assert verdict(["CPU limit 为 750m，即 0.75 cores"], [LIMITS]) == "PASS"
    assert verdict(["CPU limit 为 750m，即 7.5 cores"], [LIMITS]) == "REJECT"
    assert verdict(["ledger-api-5c7d9-qx8zp 当前 CPU 用量 0.037 cores"], [TOP]) == "PASS"
