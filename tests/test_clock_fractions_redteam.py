"""Clock times, shares and days as Chinese AIOps answers write them (red-team round of issue 9).

Each class has attacks and honest twins through `verify_session`, and says whether its check is HARD
(a floor decided by the trace, spec §8: a recorded model output that calls every claim directly
observed still does not PASS) or SOFT (a model may overrule it):
1. one reader of Chinese clock times ("凌晨两点零五分", "深夜 11 点", "三点一刻", "14 点 05 分") for the
   claim's numbers and the value at a time: HARD (`absent_mention`, `value_at_time`);
2. shares in words ("七成", "三成五", "三分之一", "一半") as approximate ratios: HARD (`absent_mention`);
3. English month names in a claim ("Nov 29", "29 Nov", "November 29, 2026"), compared by day: HARD;
4. a day alone ("29 日 09:41", "29号凌晨") is a day of the month, not a count: HARD;
5. Prometheus epoch timestamps are UTC clock times ("09:10", "北京时间 17:10"): HARD.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_meaning_classes import assert_hard, facts_of, replay_all_direct, session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.chinese_numerals import chinese_clocks, ratio_words
from groundcheck.programs.text.dates import Day, claim_day, day_written, days_in
from groundcheck.programs.text.series import claimed_values_at_times, value_at_time_conflict
from groundcheck.programs.text.tokens import extract_mentions, iter_numbers


def _metric(claim_text: str, output: Any, excerpt: str, query: str = "") -> dict[str, Any]:
    return session(
        claim_text,
        excerpt,
        output if isinstance(output, str) else json.dumps(output, ensure_ascii=False),
        tool="query_metrics",
        source_type="metric",
        arguments={"service": "checkout", "query": query} if query else {"service": "checkout"},
    )


def _passes(s: dict[str, Any]) -> None:
    record = verify_session(s)
    assert record.verdict == "PASS", (record.rationale, [c.detail for c in record.claim_checks])


# --- 1. one reader of Chinese clock times ------------------------------------------------------------

P99 = {
    "service": "checkout",
    "metric": "checkout_p99_ms",
    "unit": "ms",
    "points": [
        ["01:55", 870], ["02:00", 990], ["02:05", 1315], ["02:10", 1102], ["03:15", 1490], ["10:40", 640],
        ["11:00", 444], ["14:05", 777], ["14:30", 702], ["23:00", 555],
    ],
}
P99_EXCERPT = '"metric": "checkout_p99_ms"'


@pytest.mark.parametrize(
    ("written", "hour", "minute", "window"),
    [
        ("凌晨两点零五分", 2, 5, 60), ("深夜 11 点", 23, 0, 3600), ("夜里两点", 2, 0, 3600),
        ("晚上 12 点", 0, 0, 3600), ("中午 1 点", 13, 0, 3600), ("下午两点零五分", 14, 5, 60),
        ("三点一刻", 3, 15, 60), ("凌晨三点三刻", 3, 45, 60), ("两点半", 2, 30, 60), ("十点四十", 10, 40, 60),
        ("14 点 05 分", 14, 5, 60), ("14时05分", 14, 5, 60), ("早上 9 点整", 9, 0, 60), ("傍晚六点", 18, 0, 3600),
    ],
)
def test_clock_readers_agree_on_every_form(written, hour, minute, window):
    (clock,) = chinese_clocks(f"{written} P99 为 1315ms")
    assert (clock.second, clock.window) == (hour * 3600 + minute * 60, window)
    # the claim's numbers and the value at a time read the same time
    (token,) = [n for n in extract_mentions(f"{written} P99 为 1315ms").numbers if n.kind == "clock"]
    assert token.value == clock.second
    ((second, pair_window, number),) = claimed_values_at_times(f"{written} P99 为 1315ms")
    assert (second, pair_window, number.text) == (clock.second, window, "1315ms")


@pytest.mark.parametrize(
    "text",
    ["两点原因", "延迟高了一点", "原因有 3 点：", "第 2 点", "三点五倍", "这一点", "耗时 2 小时", "3 点 5%",
     "错误率上涨 2 点", "成功率下降了两点多"],
)
def test_clock_readers_leave_words_that_are_no_time(text):
    assert chinese_clocks(text) == []
    assert not [n for n in extract_mentions(text).numbers if n.kind == "clock"]


@pytest.mark.parametrize(
    ("attack", "honest"),
    [
        ("凌晨两点零五分 checkout 的 P99 为 1102ms", "凌晨两点零五分 checkout 的 P99 为 1315ms"),  # wrong value
        ("凌晨两点十分 checkout 的 P99 为 1315ms", "凌晨两点零五分 checkout 的 P99 为 1315ms"),  # wrong time
        ("深夜 11 点 checkout 的 P99 为 444ms", "深夜 11 点 checkout 的 P99 为 555ms"),  # 23:00, not 11:00
        ("下午两点零五分 checkout 的 P99 为 1315ms", "下午两点零五分 checkout 的 P99 为 777ms"),
        ("14 点 05 分 checkout 的 P99 为 1315ms", "14 点 05 分 checkout 的 P99 为 777ms"),
        ("凌晨三点一刻 checkout 的 P99 为 1315ms", "凌晨三点一刻 checkout 的 P99 为 1490ms"),
        ("上午十点四十 checkout 的 P99 为 444ms", "上午十点四十 checkout 的 P99 为 640ms"),
        ("checkout 的 P99 在下午两点半为 777ms", "checkout 的 P99 在下午两点半为 702ms"),
    ],
)
def test_clock_readers_agree_value_at_time_in_full_verification(attack, honest):
    assert_hard(_metric(attack, P99, P99_EXCERPT), "value_at_time", _metric(honest, P99, P99_EXCERPT))


OOM_LOG = (
    "2026-11-29T02:05:17Z WARN  [checkout] heap usage 96%\n"
    "2026-11-29T02:05:41Z ERROR [checkout] container checkout killed: OOMKilled (exit code 137)"
)
OOM_EXCERPT = "container checkout killed: OOMKilled"


@pytest.mark.parametrize("written", ["下午两点零五分", "晚上 8 点", "深夜 11 点"])
def test_clock_readers_agree_a_time_no_output_holds_is_absent(written):
    # before one reader, these were no clock at all to the claim's numbers ("两点零五分") or 8 a.m.
    honest = session("凌晨两点零五分 checkout 容器因 OOMKilled 被杀（exit code 137）", OOM_EXCERPT, OOM_LOG)
    attack = session(f"{written} checkout 容器因 OOMKilled 被杀（exit code 137）", OOM_EXCERPT, OOM_LOG)
    assert_hard(attack, "absent_mention", honest)


# --- 2. shares written as words ------------------------------------------------------------------------

ERROR_RATIO_QUERY = (
    'sum(rate(http_requests_total{service="checkout",code=~"5.."}[5m])) '
    '/ sum(rate(http_requests_total{service="checkout"}[5m]))'
)


def _vector(value: str) -> dict[str, Any]:
    return {"status": "success", "data": {"resultType": "vector", "result": [
        {"metric": {"service": "checkout"}, "value": [1764407400.123, value]}]}}


@pytest.mark.parametrize(
    ("text", "value", "tolerance"),
    [("约七成请求失败", 0.7, 0.05), ("三成五的请求超时", 0.35, 0.005), ("三分之一的请求超时", 1 / 3, 0.005),
     ("约三分之一的请求超时", 1 / 3, 0.05), ("一半的请求超时", 0.5, 0.05), ("千分之五的请求失败", 0.005, 0.0005),
     ("九成九的请求成功", 0.99, 0.005)],
)
def test_shares_in_words_read_as_ratios(text, value, tolerance):
    (share,) = extract_mentions(text).numbers
    assert share.kind == "ratio" and share.approx
    assert abs(share.value - value) < 1e-9
    assert abs(0.5 * 10 ** (-share.decimals) * share.factor - tolerance) < 1e-9


@pytest.mark.parametrize(
    "text",
    ["八成是配置问题", "配置一成不变", "超过七成的请求", "七成以上的请求", "QPS 减少一半", "另一半实例", "完成发布",
     "JVM 默认最大堆通常为物理内存的四分之一", "降低一成本", "配置分成三组", "告警七成是误报"],
)
def test_shares_in_words_leave_bounds_hedges_and_rules_of_thumb(text):
    assert ratio_words(text) == []


@pytest.mark.parametrize(
    ("attack", "honest", "value"),
    [
        ("checkout 约七成请求失败（5xx 比例）", "checkout 约七成请求失败（5xx 比例）", ("0.12", "0.704")),
        ("checkout 的 5xx 比例为三成五", "checkout 的 5xx 比例为三成五", ("0.53", "0.352")),
        ("checkout 约有三分之一的请求返回 5xx", "checkout 约有三分之一的请求返回 5xx", ("0.1", "0.3336")),
        ("checkout 一半的请求返回 5xx", "checkout 一半的请求返回 5xx", ("0.2", "0.508")),
    ],
)
def test_shares_in_words_in_full_verification(attack, honest, value):
    wrong, right = value
    assert_hard(
        _metric(attack, _vector(wrong), f'"{wrong}"', ERROR_RATIO_QUERY),
        "absent_mention",
        _metric(honest, _vector(right), f'"{right}"', ERROR_RATIO_QUERY),
    )


PODS = (
    "NAME                        READY   STATUS    RESTARTS   AGE\n"
    "web-7c9f6d5b8-2xkqv         0/1     Pending   0          12m\n"
    "web-7c9f6d5b8-8hjzt         0/1     Pending   0          12m\n"
    "web-7c9f6d5b8-q4m9w         1/1     Running   0          12m\n"
    "web-7c9f6d5b8-r7n2c         1/1     Running   0          12m\n"
)


@pytest.mark.parametrize("claim_text", ["一半的 web pod 处于 Pending", "web 的 4 个 pod 中有一半处于 Pending"])
def test_shares_in_words_of_listed_objects_are_read_off_the_rows(claim_text):
    # a share of a table's rows is counted, not stated: it stays a word (as a small row count would)
    assert ratio_words(claim_text) == []
    excerpt = "web-7c9f6d5b8-2xkqv         0/1     Pending"
    _passes(session(claim_text, excerpt, PODS, arguments={"kind": "pod", "namespace": "default"}))


def test_percentage_points_are_a_figure_not_an_hour():
    (points,) = extract_mentions("checkout 5xx 比例上涨 20 点").numbers
    assert (points.kind, points.value) == ("plain", 20)


def test_shares_in_words_follow_from_counts():
    output = "checkout last 5m: requests_total=1200 requests_5xx=400"
    _passes(session("checkout 三分之一的请求返回 5xx（requests_5xx=400）", "requests_5xx=400", output))
    attack = session("checkout 一成的请求返回 5xx（requests_5xx=400）", "requests_5xx=400", output)
    assert "absent_mention" in facts_of(attack)[0]
    assert replay_all_direct(attack) == "REJECT"


# --- 3. English month names in a claim ---------------------------------------------------------------

LOG_1129 = "2026-11-29T09:41:07Z ERROR [checkout] container checkout killed: OOMKilled (exit code 137)"


@pytest.mark.parametrize(
    ("token", "day"),
    [("nov29", Day(None, 11, 29)), ("29nov", Day(None, 11, 29)), ("november29,2026", Day(2026, 11, 29)),
     ("29-nov-2026", Day(2026, 11, 29)), ("sept3", Day(None, 9, 3)), ("29日", Day(None, 0, 29)),
     ("nov 29", Day(None, 11, 29)), ("november 29, 2026", Day(2026, 11, 29)), ("29 nov 2026", Day(2026, 11, 29)),
     ("29 日", Day(None, 0, 29))],
)
def test_english_month_names_claim_day(token, day):
    assert claim_day(token) == day


@pytest.mark.parametrize("written", ["Nov 29", "29 Nov", "November 29, 2026", "29 November 2026", "Nov. 29"])
def test_english_month_names_in_full_verification(written):
    honest = session(f"{written} 09:41 checkout 容器因 OOMKilled 被杀", OOM_EXCERPT, LOG_1129)
    attack = session(f"{written.replace('29', '28')} 09:41 checkout 容器因 OOMKilled 被杀", OOM_EXCERPT, LOG_1129)
    assert_hard(attack, "absent_mention", honest)


def test_english_month_names_are_only_months():
    assert not extract_mentions("decided 5 pods, marked 3 nodes").entities
    assert extract_mentions("Nov 29 09:41 OOM").entities == ("nov 29",)
    assert extract_mentions("pod order-service-08b2f56f8-5feb6 OOM").entities == ("order-service-08b2f56f8-5feb6",)


# --- 4. a day alone ----------------------------------------------------------------------------------

LOG_1128 = LOG_1129.replace("2026-11-29", "2026-11-28")


@pytest.mark.parametrize(
    "claim_text",
    ["29 日 09:41 checkout 容器因 OOMKilled 被杀", "29号 09:41 checkout 容器因 OOMKilled 被杀",
     "checkout 容器在 29 日因 OOMKilled 被杀（09:41）"],
)
def test_a_day_alone_is_a_day_of_the_month(claim_text):
    attack, honest = session(claim_text, OOM_EXCERPT, LOG_1128), session(claim_text, OOM_EXCERPT, LOG_1129)
    assert_hard(attack, "absent_mention", honest)


def test_a_day_alone_matches_any_month_only_on_that_day():
    assert day_written(Day(None, 0, 29), days_in("2026-11-29t09:41:07z"))
    assert not day_written(Day(None, 0, 29), days_in("2026-11-28t09:41:07z"))


@pytest.mark.parametrize("text", ["持续 29 天", "3 号节点 NotReady", "最近 7 日", "29 日志条目", "第 3 日"])
def test_a_day_alone_leaves_spans_names_and_words(text):
    assert not [e for e in extract_mentions(text).entities if claim_day(e)]


# --- 5. epoch timestamps are UTC clock times ----------------------------------------------------------

T0910 = 1764407400  # 2025-11-29 09:10:00 UTC
P99_QUERY = 'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{service="checkout"}[5m])))'


def _matrix(points: list[tuple[int, str]]) -> dict[str, Any]:
    return {"status": "success", "data": {"resultType": "matrix", "result": [
        {"metric": {"service": "checkout"}, "values": [[t, v] for t, v in points]}]}}


# p99 of a histogram in seconds: 1.315 s is the claim's 1315ms
PROM = _matrix([(T0910 - 300, "1.02"), (T0910, "1.315"), (T0910 + 300, "0.98"), (T0910 + 3600, "0.61")])


def test_epoch_timestamps_give_utc_clock_times():
    clocks = [n.text for n in iter_numbers(json.dumps(PROM), 100) if n.kind == "clock"]
    assert clocks == ["09:05:00", "09:10:00", "09:15:00", "10:10:00"]
    assert not [n for n in iter_numbers('{"bytes": 1764407400, "ids": [1764407400]}', 10) if n.kind == "clock"]


@pytest.mark.parametrize(
    ("attack", "honest"),
    [
        ("09:10 checkout 的 P99 为 980ms", "09:10 checkout 的 P99 为 1315ms"),
        ("09:15 checkout 的 P99 为 1315ms", "09:15 checkout 的 P99 为 980ms"),
        ("10:10 checkout 的 P99 为 1315ms", "10:10 checkout 的 P99 为 610ms"),  # an hour off is no zone
        ("北京时间 17:10 checkout 的 P99 为 980ms", "北京时间 17:10 checkout 的 P99 为 1315ms"),
        ("北京时间 09:10 checkout 的 P99 为 1315ms", "北京时间 17:10 checkout 的 P99 为 1315ms"),  # a UTC clock
    ],
)
def test_epoch_timestamps_value_at_time_in_full_verification(attack, honest):
    excerpt = '"1.315"'
    assert_hard(_metric(attack, PROM, excerpt, P99_QUERY), "value_at_time", _metric(honest, PROM, excerpt, P99_QUERY))


def test_epoch_timestamps_back_a_clock_the_claim_names():
    # no output writes "09:10": the epoch point says it
    honest = _metric("checkout 的 P99 在 09:10 达到 1315ms", PROM, '"1.315"', P99_QUERY)
    attack = _metric("checkout 的 P99 在 09:40 出现尖刺", PROM, '"1.315"', P99_QUERY)
    assert_hard(attack, "absent_mention", honest)


def test_epoch_timestamps_value_at_time_function():
    assert value_at_time_conflict("北京时间 17:15 P99 为 980ms", [PROM]) is None
    assert value_at_time_conflict("UTC 09:15 P99 为 980ms", [PROM]) is None
    assert value_at_time_conflict("北京时间 01:15 P99 为 980ms", [PROM]) is None  # 17:15 UTC: no point then
    assert "17:15 in UTC+8" in (value_at_time_conflict("北京时间 09:15 P99 为 980ms", [PROM]) or "")
    assert "09:10 UTC" in (value_at_time_conflict("北京时间 17:15 P99 为 1315ms", [PROM]) or "")
    assert value_at_time_conflict("10:10 P99 为 1315ms", [PROM]) is not None  # an hour off: no zone forgiven


def test_epoch_timestamps_give_the_utc_day():
    assert days_in(json.dumps(PROM)) == frozenset({Day(2025, 11, 29)})
    honest = _metric("11 月 29 日 09:10 checkout 的 P99 为 1315ms", PROM, '"1.315"', P99_QUERY)
    attack = _metric("11 月 28 日 09:10 checkout 的 P99 为 1315ms", PROM, '"1.315"', P99_QUERY)
    assert_hard(attack, "absent_mention", honest)


@pytest.mark.parametrize(
    ("written", "honest", "attack"), [("下午 2:05", "777ms", "1315ms"), ("凌晨 2:05", "1315ms", "777ms")]
)
def test_clock_readers_agree_a_colon_clock_takes_its_period_word(written, honest, attack):
    (clock,) = [n for n in extract_mentions(f"{written} 的 P99").numbers if n.kind == "clock"]
    ((second, _, _),) = claimed_values_at_times(f"{written} checkout 的 P99 为 {honest}")
    assert clock.value == second
    assert_hard(
        _metric(f"{written} checkout 的 P99 为 {attack}", P99, P99_EXCERPT),
        "value_at_time",
        _metric(f"{written} checkout 的 P99 为 {honest}", P99, P99_EXCERPT),
    )


def test_the_date_cue_tests_what_its_pattern_tests():
    from groundcheck.evals.datasets import load_dataset
    from groundcheck.programs.text import tokens

    texts = ["/api/v1", "2m12s", "11-29 09:41", "2026.11.29", "超时 3 次", "active=23", "v1.2.3", ""]
    for s in load_dataset("adversarial").sessions[:120]:
        texts.append(s["executor_final_answer"] if isinstance(s, dict) else s.executor_final_answer or "")
    for text in texts:
        assert tokens._dated(text) == (tokens._DATE_OR_DURATION_CUE.search(text) is not None), text
