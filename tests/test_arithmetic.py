"""Numbers in evidence: what counts as a quantity, and which one-step derivations are allowed (spec §7)."""

import pytest

from groundcheck.programs.text.arithmetic import follows_by_arithmetic, matches_directly
from groundcheck.programs.text.normalize import fold
from groundcheck.programs.text.tokens import MAX_QUANTITY, extract_mentions, is_quantity, iter_numbers


def claimed(text):
    numbers = extract_mentions(text).numbers
    assert numbers, text
    return numbers[0]


def evidence(text):
    return iter_numbers(fold(text), 2000)


def derivable(claim, output):
    ev = evidence(output)
    n = claimed(claim)
    return matches_directly(n, ev) or follows_by_arithmetic(n, ev)


ISO_LOG = "2026-11-08T12:00:06.975+08:00 ERROR a\n2026-11-08T16:00:01.100+08:00 ERROR b\n"


def test_utc_offsets_are_not_clock_times():
    assert [n.text for n in evidence(ISO_LOG)] == ["12:00:06.975+08:00", "16:00:01.100+08:00"]
    assert not derivable("持续了 8 小时", ISO_LOG)
    assert not derivable("持续了 480 分钟", ISO_LOG)
    assert derivable("持续了 4 小时", ISO_LOG)  # 12:00 to 16:00 is a real span
    assert not derivable("持续了 8 小时", "t=20261108T120006+0800 ERROR a")


def test_spec_examples_still_hold():
    assert derivable("内存达到 512Mi", "container_memory_working_set_bytes 536870912")
    assert derivable("持续 10 分钟", "10:05 first error ... 10:15 recovered")
    assert derivable("失败率 25%", "requests=400 failed=100")


@pytest.mark.parametrize(("claim", "ok"), [("0.5 GiB", True), ("0.5Gi", True), ("0.75 GiB", False), ("0.6 GiB", False)])
def test_fractional_binary_units(claim, ok):
    assert derivable(f"内存 {claim}", "working_set_bytes 536870912") is ok


def test_huge_and_non_finite_numbers_never_match():
    huge = "9" * 320
    n = claimed(f"共 {huge} 次")
    assert not is_quantity(n)
    assert not matches_directly(n, evidence("count 1e308 and 5"))
    assert not follows_by_arithmetic(n, evidence("count 5 and 7"))
    assert evidence(f"value {huge} and 10{'0' * 16}") == []  # neither is a quantity
    assert is_quantity(claimed(f"共 {int(MAX_QUANTITY)} 次"))


@pytest.mark.parametrize(
    "output",
    ["listening on port 8080", "pid=8080 started", 'status": 8080', "errno 8080", "pod_id=8080"],
)
def test_identifiers_are_not_quantities(output):
    assert evidence(output) == []


def test_dates_are_not_quantities():
    assert evidence("since 2026/11/08 and 2026年11月8日 and 11月8日") == []


def test_sums_need_same_kind_shares_and_products_a_small_multiplier():
    out = "pod a restarts=23, pod b restarts=47"
    assert derivable("共重启 70 次", out)  # 23 + 47
    assert not derivable("影响 1081 个用户", out)  # 23 x 47: an invented figure
    assert derivable("总内存 1536Mi", "replicas: 3, limit 512Mi")  # 3 x 512Mi
    assert not derivable("总内存 1536Mi", "replicas: 300, limit 5.12Mi")  # 300 is no small multiplier
    assert not derivable("共 5000 次", "errors 4999 and 1")  # 1 is no real share of 5000
    assert derivable("增加了 24 个", out)  # a difference


def test_ratio_and_percentage_of_two_counts():
    out = "total=480 errors=24"
    assert derivable("错误占比 5%", out)
    assert derivable("错误占比 5.0%", out)
    assert not derivable("错误占比 7%", out)
