"""Value at a time: a number tied to a clock time must be the cited series' value at that time."""

import calendar
import json

import pytest

from groundcheck.programs.text.series import claimed_values_at_times, parse_series, value_at_time_conflict

RATE = {"metric": "http_server_5xx_rate", "unit": "req/s", "points": [["11:57", 0.2], ["12:02", 3.1], ["12:07", 68.0]]}
T1430 = calendar.timegm((2026, 11, 8, 14, 30, 0))
PROM = {"status": "success", "data": {"resultType": "matrix", "result": [
    {"metric": {"pod": "web-1"}, "values": [[T1430, "1073741824"], [T1430 + 300, "3435973837"]]}]}}
LOG = ("2026-11-08T10:05:01.100+08:00 WARN  [api] error rate 3% over 1m\n"
       "2026-11-08T10:07:00.000+08:00 ERROR [api] error rate 12% over 1m\n")


def test_value_at_another_time_is_a_conflict():
    detail = value_at_time_conflict("5xx 速率在 12:02 升至 68.0 req/s", [RATE])
    assert detail is not None and "12:02" in detail and "12:07" in detail and "3.1" in detail


def test_value_at_that_time_is_no_conflict():
    assert value_at_time_conflict("5xx 速率在 12:07 升至 68.0 req/s", [RATE]) is None
    assert value_at_time_conflict("5xx 速率在 12:07 升至 68 req/s", [RATE]) is None  # written precision


def test_prometheus_matrix_with_unit_conversion():
    assert value_at_time_conflict("在 14:35 内存达到 3.2GiB", [PROM]) is None
    assert value_at_time_conflict("在 14:30 内存达到 1GiB", [PROM]) is None
    assert value_at_time_conflict("在 14:30 内存达到 3.2GiB", [PROM]) is not None
    assert value_at_time_conflict("在 14:30 内存达到 3.2GiB", [json.dumps(PROM)]) is not None  # JSON text


def test_epoch_points_are_utc_clock_times_and_no_shift_is_forgiven():
    # 3.2 GiB is the point at 15:30 UTC: at 14:30 the series holds 1 GiB
    shifted = {"values": [[T1430, "1073741824"], [T1430 + 3600, "3435973837"]]}
    assert value_at_time_conflict("在 14:30 内存达到 3.2GiB", [shifted]) is not None
    assert value_at_time_conflict("在 15:30 内存达到 3.2GiB", [shifted]) is None
    assert value_at_time_conflict("北京时间 23:30 内存达到 3.2GiB", [shifted]) is None  # 15:30 UTC


def test_log_lines_are_a_series():
    assert value_at_time_conflict("10:05 时错误率为 12%", [LOG]) is not None
    assert value_at_time_conflict("10:07 时错误率为 12%", [LOG]) is None


@pytest.mark.parametrize(
    "claim",
    [
        "10:05 起错误率升至 12%",  # a start, not a point
        "10:00 到 10:05 之间错误率为 12%",  # a range
        "10:09 时错误率为 12%",  # the series has no 10:09
    ],
)
def test_no_conflict(claim):
    assert value_at_time_conflict(claim, [LOG]) is None


def test_not_a_series():
    assert value_at_time_conflict("5xx 速率在 12:02 升至 68.0 req/s", ["plain text 68.0 and 3.1"]) is None
    assert value_at_time_conflict("5xx 速率在 12:02 升至 68.0 req/s", [{"max": 50}]) is None
    assert parse_series({"doc_id": "x", "content": "12:02 68.0"}).points == ()


def test_claimed_pairs():
    pairs = claimed_values_at_times("P99 延迟从 14:30 的 180ms 升至 14:35 的 3225ms")
    assert [(s, round(n.value, 3)) for s, _, n in pairs] == [(52200, 0.18), (52500, 3.225)]
    assert claimed_values_at_times("15:00 到 15:12 之间容器重启 8 次") == ()
    assert claimed_values_at_times("12:02 起 billing-service 日志出现超时") == ()


def test_dict_points():
    series = {"series": [{"timestamp": "2026-11-08T12:02:00+08:00", "value": 5}, {"time": "12:07", "value": 9}]}
    assert value_at_time_conflict("12:02 时积压为 9", [series]) is not None
    assert value_at_time_conflict("12:02 时积压为 5", [series]) is None


def test_thousands_separator_and_counts():
    log = "2026-11-08T10:05:01+08:00 restarts 3 次\n2026-11-08T10:07:00+08:00 restarts 8 次 total 3,000 requests\n"
    assert value_at_time_conflict("10:07 时请求 3,000 个", [log]) is None
    assert value_at_time_conflict("10:05 时请求 3,000 个", [log]) is not None
    assert value_at_time_conflict("10:05 时重启 8 次", [log]) is not None


def test_a_derived_figure_is_not_the_value_at_that_time():
    servfail = {"metric": "coredns_servfail_ratio", "unit": "%", "points": [["18:57", 0.1], ["19:02", 38.9]]}
    # 99.7 = 1 - 0.1 / 38.9 follows by arithmetic, yet the series says 38.9 at 19:02 (a false PASS seen once)
    assert value_at_time_conflict("CoreDNS SERVFAIL 比例在 19:02 升至 99.7%", [servfail]) is not None
    assert value_at_time_conflict("CoreDNS SERVFAIL 比例在 19:02 升至 38.9%", [servfail]) is None


def test_a_rate_of_two_values_at_that_time_is_fine():
    points = [{"time": "12:02", "value": 24}, {"time": "12:02", "value": 480}, {"time": "12:07", "value": 3}]
    counts = {"series": points}
    assert value_at_time_conflict("12:02 时错误占比 5%", [counts]) is None
    assert value_at_time_conflict("12:02 时错误占比 9%", [counts]) is not None


def test_a_span_after_which_something_happened_is_no_value_at_that_time():
    # "约 39 分钟后（02:41:55）": 39 minutes name when it happened, not what the series held then
    assert value_at_time_conflict("约 39 分钟后（10:05）出现错误", [LOG]) is None
    assert value_at_time_conflict("错误率为 99%（10:05）", [LOG]) is not None
