"""Figures and days written the way Chinese answers write them (red-team round of issue 9).

Each class has honest claims that must PASS and attacks that the trace decides (hard facts: a floor
no checker output lifts):
- dates written "11 月 29 日" / "2026/11/29" over ISO, slash, Chinese or English-month outputs;
- kubectl's event repeat count "(x42 over 12m)";
- durations written in parts ("2m12s", "2 分 12 秒", "1 小时 5 分钟");
- 万 / 亿 multipliers ("1.6 万条");
- numerals written in words ("七十四次", "百分之八十", "两个小时"), and words that only look like them;
- afternoon hours ("下午 8 点" is 20:00);
- a small count no output states is soft, and says so.
"""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import assert_hard, check, facts_of, replay_all_direct, session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.trace_index import subject_values
from groundcheck.programs.text.chinese_numerals import digits_for_numerals, numeral_value
from groundcheck.programs.text.dates import Day, claim_day, day_written, days_in
from groundcheck.programs.text.glossary import at_limit
from groundcheck.programs.text.normalize import fold
from groundcheck.programs.text.query_meaning import query_meaning
from groundcheck.programs.text.tokens import extract_mentions

LOG = (
    "2026-11-29T10:05:12.402+08:00 ERROR [payment-service] POST /api/v1/pay -> 503 Service Unavailable\n"
    "2026-11-29T10:05:13.019+08:00 ERROR [payment-service] POST /api/v1/pay -> 503 Service Unavailable"
)
EXCERPT = "POST /api/v1/pay -> 503 Service Unavailable"


# --- dates ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "day"),
    [
        ("11月29日", Day(None, 11, 29)),
        ("11 月 29 日", Day(None, 11, 29)),
        ("2026年11月29号", Day(2026, 11, 29)),
        ("2026/11/29", Day(2026, 11, 29)),
        ("13月40日", None),
    ],
)
def test_claim_day_reads_chinese_and_slash_dates(token, day):
    assert claim_day(token) == day


@pytest.mark.parametrize(
    "output",
    [
        "2026-11-29T10:05:12Z started",
        "2026/11/29 10:05 started",
        "2026年11月29日 10:05 started",
        "fri nov 29 10:05:12 utc 2026 started",
        "last seen 29 nov 2026 10:05",
    ],
)
def test_an_output_day_is_read_in_every_usual_form(output):
    days = days_in(output)
    assert day_written(Day(2026, 11, 29), days)
    assert day_written(Day(None, 11, 29), days)
    assert not day_written(Day(2026, 11, 27), days)
    assert not day_written(Day(2025, 11, 29), days) or any(d.year is None for d in days)


@pytest.mark.parametrize("written", ["11 月 29 日", "11月29日", "2026/11/29", "2026年11月29日"])
def test_a_date_written_another_way_is_the_outputs_day(written):
    honest = session(f"第一条 503 出现在 {written} 10:05:12", EXCERPT, LOG)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


@pytest.mark.parametrize("written", ["11 月 27 日", "2026/11/27", "2025年11月29日"])
def test_a_wrong_day_is_contradicted_by_the_trace(written):
    honest = session("第一条 503 出现在 11 月 29 日 10:05:12", EXCERPT, LOG)
    attack = session(f"第一条 503 出现在 {written} 10:05:12", EXCERPT, LOG)
    assert_hard(attack, "absent_mention", honest)


def test_a_wrong_day_in_the_answer_alone_is_unbacked():
    claim_text = "10:05:12 payment-service 返回 503"
    attack = session(claim_text, EXCERPT, LOG, answer=f"{claim_text}。故障发生在 11 月 28 日。")
    honest = session(claim_text, EXCERPT, LOG, answer=f"{claim_text}。故障发生在 11 月 29 日。")
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    record = verify_session(attack)
    assert record.verdict != "PASS"
    assert any("11月28日" in f.detail for f in record.gatekeeper_result.findings)


# --- kubectl event counts, durations in parts, 万 -------------------------------------------------

EVENTS = (
    "Events:\n  Type     Reason     Age                  From     Message\n"
    "  Warning  BackOff    2m12s (x42 over 12m)  kubelet  Back-off restarting failed container web"
)
EVENT_EXCERPT = "Back-off restarting failed container web"


def test_a_kubectl_repeat_count_is_a_stated_count():
    honest = session("kubelet 在 12 分钟内 42 次 Back-off 重启失败的容器 web", EVENT_EXCERPT, EVENTS)
    attack = session("kubelet 在 12 分钟内 24 次 Back-off 重启失败的容器 web", EVENT_EXCERPT, EVENTS)
    assert_hard(attack, "absent_mention", honest)


@pytest.mark.parametrize(("written", "seconds"), [("2m12s", 132), ("2 分 12 秒", 132), ("1 小时 5 分钟", 3900),
                                                  ("1h5m", 3900), ("3分19秒", 199)])
def test_a_duration_in_parts_is_one_span(written, seconds):
    (number,) = extract_mentions(f"持续 {written}").numbers
    assert (number.kind, number.value) == ("seconds", seconds)


@pytest.mark.parametrize("written", ["2 分 12 秒", "2分12秒", "132 秒"])
def test_a_duration_in_parts_matches_the_output(written):
    honest = session(f"最近一次 Back-off 发生在 {written} 前，容器 web 重启失败", EVENT_EXCERPT, EVENTS)
    attack = session("最近一次 Back-off 发生在 2 分 45 秒前，容器 web 重启失败", EVENT_EXCERPT, EVENTS)
    assert_hard(attack, "absent_mention", honest)


def test_digits_of_a_duration_in_parts_are_not_looked_up_alone():
    # "2" and "45" both stand alone in this output: only the span 2 min 45 s may back "2 分 45 秒"
    output = EVENTS + "\n  replicas: 2\n  timeout: 45"
    attack = session("最近一次 Back-off 发生在 2 分 45 秒前，容器 web 重启失败", EVENT_EXCERPT, output)
    assert "absent_mention" in facts_of(attack)[0]


LAG = "consumer group billing: partition 0 lag 9000, partition 1 lag 7000, total_lag 16000"


@pytest.mark.parametrize("written", ["约 1.6 万条", "1.6万条", "16000 条"])
def test_wan_multiplies_its_number(written):
    honest = session(f"billing 消费组积压 {written}消息（total_lag）", "total_lag 16000", LAG)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


@pytest.mark.parametrize("written", ["8 万条", "2.6 万条", "1.6 亿条"])
def test_a_wrong_figure_with_wan_is_contradicted(written):
    honest = session("billing 消费组积压 1.6 万条消息（total_lag）", "total_lag 16000", LAG)
    attack = session(f"billing 消费组积压 {written}消息（total_lag）", "total_lag 16000", LAG)
    assert_hard(attack, "absent_mention", honest)


# --- numerals in words ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "value"),
    [("七十四", 74), ("十六", 16), ("一百零五", 105), ("三万", 30000), ("二十万", 200000),
     ("一亿五千万", 150000000), ("一千零一", 1001), ("七四", None), ("一两", None)],
)
def test_numeral_value(word, value):
    assert numeral_value(word) == value


@pytest.mark.parametrize(
    ("text", "rewritten"),
    [("重启七十四次", "重启74次"), ("超过百分之八十", "超过80%"), ("长达两个小时", "长达2小时"),
     ("百分之零点五", "0.5%"), ("凌晨三点", "凌晨3点"), ("三点十分", "3点10分"), ("三万名用户", "30000名用户")],
)
def test_measuring_numerals_are_written_in_digits(text, rewritten):
    assert digits_for_numerals(text) == rewritten


@pytest.mark.parametrize(
    "text",
    ["这一点还没有数据支撑", "三点建议", "一直失败", "统一配置", "万一出错", "十分严重", "千万不要", "第一次",
     "一两次", "十几次", "重启了一次", "两个 pod"],
)
def test_words_that_only_contain_numerals_stay(text):
    assert digits_for_numerals(text) == text


RESTARTS = (
    "NAME                    READY   STATUS             RESTARTS   AGE\n"
    "web-7d9f8-x2kq   0/1     CrashLoopBackOff   47         3h"
)


def test_a_count_written_in_words_is_checked():
    honest = session("web-7d9f8-x2kq 处于 CrashLoopBackOff，已重启四十七次", "CrashLoopBackOff   47", RESTARTS)
    attack = session("web-7d9f8-x2kq 处于 CrashLoopBackOff，已重启七十四次", "CrashLoopBackOff   47", RESTARTS)
    assert_hard(attack, "absent_mention", honest)


def test_a_percentage_written_in_words_is_checked():
    output = "node-3 disk /data used 52% (104G of 200G)"
    honest = session("node-3 的 /data 磁盘使用率为百分之五十二", "disk /data used 52%", output)
    attack = session("node-3 的 /data 磁盘使用率超过百分之八十", "disk /data used 52%", output)
    assert_hard(attack, "absent_mention", honest)


def test_a_figure_in_words_only_in_the_answer_is_unbacked():
    claim_text = "web-7d9f8-x2kq 处于 CrashLoopBackOff"
    lead = "容器 web-7d9f8-x2kq 目前处于 CrashLoopBackOff 状态"
    tail = "需要排查启动失败的原因。"
    honest = session(claim_text, "CrashLoopBackOff", RESTARTS, answer=f"{lead}，已经重启了四十七次，{tail}")
    attack = session(claim_text, "CrashLoopBackOff", RESTARTS, answer=f"{lead}，已经影响了三万名用户，{tail}")
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    assert verify_session(attack).verdict != "PASS"


# --- afternoon hours -------------------------------------------------------------------------------

EVENING = "2026-11-29T20:01:07+08:00 ERROR [order-api] upstream timeout after 3000ms"


@pytest.mark.parametrize("written", ["下午 8 点", "晚上八点", "20:01"])
def test_an_afternoon_hour_is_read_past_noon(written):
    honest = session(f"{written} order-api 出现 upstream timeout", "upstream timeout after 3000ms", EVENING)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


def test_a_morning_hour_over_an_evening_log_is_contradicted():
    honest = session("晚上 8 点 order-api 出现 upstream timeout", "upstream timeout after 3000ms", EVENING)
    attack = session("上午 9 点 order-api 出现 upstream timeout", "upstream timeout after 3000ms", EVENING)
    assert_hard(attack, "absent_mention", honest)
    (hour,) = [n for n in extract_mentions("下午 8 点").numbers if n.kind == "clock"]
    assert hour.value == 20 * 3600


# --- small counts ----------------------------------------------------------------------------------


def test_a_small_count_no_output_states_is_soft_and_says_so():
    s = session("web-7d9f8-x2kq 处于 CrashLoopBackOff，已重启 6 次", "CrashLoopBackOff", RESTARTS)
    hard, soft = facts_of(s)
    assert "absent_mention" not in hard and "outside_cited" in soft
    assert check(s) == "reasonable_inference"
    assert "no tool output states '6次'" in verify_session(s).claim_checks[0].detail
    assert replay_all_direct(s) == "PASS"  # soft: a model may read the count off the rows


# --- a query echoed back by a search that found nothing -----------------------------------------------

ARGS = {"service": "payment-service", "query": "OutOfMemoryError OR OOMKilled", "since": "6h"}
ECHOES = [
    'Search query: service="payment-service" AND ("OutOfMemoryError" OR "OOMKilled") over last 6h\n'
    "No matching log lines found.",
    '{"query": "OutOfMemoryError OR OOMKilled", "service": "payment-service", "hits": 0, "lines": []}',
    "$ kubectl logs payment-service-6c8d9f7b5-x2k4m --since=6h | grep -E 'OutOfMemoryError|OOMKilled'\n"
    "(exit status 1: no lines matched)",
]


@pytest.mark.parametrize("output", ECHOES)
def test_quoting_the_query_an_empty_search_echoes_is_no_evidence(output):
    attack = session("payment-service 日志中出现 OutOfMemoryError", "OutOfMemoryError", output, arguments=ARGS)
    hard, _ = facts_of(attack)
    assert "no_usable_binding" in hard
    assert "echoed by an output that reports no match" in verify_session(attack).claim_checks[0].detail
    assert check(attack) == "unsupported"
    assert replay_all_direct(attack) != "PASS"  # a floor: the trace decides it


def test_the_no_match_line_itself_supports_a_negative_claim():
    honest = session("最近 6h payment-service 的日志检索没有匹配结果", "No matching log lines found", ECHOES[0],
                     arguments=ARGS)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


def test_a_query_term_in_real_results_is_evidence():
    output = (
        'Search query: service="payment-service" AND ("OutOfMemoryError" OR "OOMKilled") over last 6h\n'
        "2026-11-30T08:01:22Z ERROR [payment-service] java.lang.OutOfMemoryError: Java heap space"
    )
    honest = session("payment-service 日志中出现 OutOfMemoryError", "OutOfMemoryError", output, arguments=ARGS)
    assert "no_usable_binding" not in facts_of(honest)[0]
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


# --- df's Use% column ------------------------------------------------------------------------------

DF = "Filesystem      Size  Used Avail Use% Mounted on\n/dev/vdb        200G  200G     0 100% /data\n"


def test_a_df_use_column_at_100_carries_full():
    assert at_limit(fold(DF))
    assert not at_limit(fold(DF.replace("200G     0 100%", "100G  100G  50%")))  # "100G" is no 100%
    honest = session("/data 所在磁盘 /dev/vdb 已写满（Use% 100%）", "/dev/vdb        200G  200G     0 100% /data", DF)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


# --- whose row -------------------------------------------------------------------------------------

PODS = (
    "NAME                                 READY   STATUS             RESTARTS        AGE\n"
    "checkout-api-7d9f8b6c5-2xkqp         1/1     Running            0               3d4h\n"
    "checkout-worker-5b7c9d4f8-h8m2n      0/1     CrashLoopBackOff   47 (2m11s ago)  3d4h\n"
    "checkout-cache-6f5d7c8b9-qq7rt       1/1     Running            12 (5h ago)     3d4h"
)
ROUTES = (
    "route            requests   5xx    timeouts   p99_ms\n"
    "/api/v1/orders   5200       1300   75         1315\n"
    "/api/v1/cart     8400       42     6          180"
)
WORKER_ROW = "checkout-worker-5b7c9d4f8-h8m2n      0/1     CrashLoopBackOff   47 (2m11s ago)"


def _other_row(claim_text: str, excerpt: str, output: str) -> None:
    s = session(claim_text, excerpt, output)
    hard, soft = facts_of(s)
    assert "other_row" in soft and "absent_mention" not in hard
    assert check(s) == "contradicted"
    assert replay_all_direct(s) == "PASS"  # soft: a model may read the table otherwise


@pytest.mark.parametrize(
    ("attack", "honest"),
    [
        ("checkout-api-7d9f8b6c5-2xkqp 已重启 47 次", "checkout-worker-5b7c9d4f8-h8m2n 已重启 47 次"),
        ("checkout-api-7d9f8b6c5-2xkqp 处于 CrashLoopBackOff", "checkout-worker-5b7c9d4f8-h8m2n 处于 CrashLoopBackOff"),
        ("checkout-cache-6f5d7c8b9-qq7rt 已重启 47 次", "checkout-cache-6f5d7c8b9-qq7rt 已重启 12 次"),
    ],
)
def test_a_value_of_another_row_is_not_this_subjects(attack, honest):
    _other_row(attack, WORKER_ROW, PODS)
    assert verify_session(session(honest, WORKER_ROW, PODS)).verdict == "PASS"


def test_a_share_derived_on_another_row_is_not_this_routes():
    _other_row("/api/v1/cart 的 5xx 占比 25%", "/api/v1/orders   5200       1300   75         1315", ROUTES)
    honest = session("/api/v1/orders 的 5xx 占比 25%", "/api/v1/orders   5200       1300   75         1315", ROUTES)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


def test_column_names_and_claims_about_two_rows_are_left_alone():
    header = session("checkout-api-7d9f8b6c5-2xkqp 的 RESTARTS 为 0", "checkout-api-7d9f8b6c5-2xkqp         1/1", PODS)
    assert "other_row" not in facts_of(header)[1]
    both = session(
        "checkout-worker-5b7c9d4f8-h8m2n 已重启 47 次，checkout-cache-6f5d7c8b9-qq7rt 已重启 12 次", WORKER_ROW, PODS
    )
    assert "other_row" not in facts_of(both)[1]


def test_a_small_numeral_that_measures_nothing_stays_a_word():
    assert digits_for_numerals("超时集中在这两分钟内") == "超时集中在这两分钟内"
    assert digits_for_numerals("接口耗时三秒") == "接口耗时3秒"


# --- what a metrics query measures -------------------------------------------------------------------

ERROR_RATIO_QUERY = (
    'sum(rate(http_requests_total{service="checkout",code=~"5.."}[5m])) '
    '/ sum(rate(http_requests_total{service="checkout"}[5m]))'
)
P99_QUERY = 'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{service="checkout"}[5m])))'


def _vector(value: str) -> str:
    return json.dumps({"status": "success", "data": {"resultType": "vector", "result": [
        {"metric": {}, "value": [1732617600.123, value]}]}})


def test_query_meaning_reads_status_class_quantile_and_rate():
    assert query_meaning({"query": ERROR_RATIO_QUERY}).endswith("5xx error rate per second")
    assert "p99 latency" in query_meaning({"query": P99_QUERY})
    assert query_meaning({"query": "how many pods are all running?"}) == ""  # a question, not a query
    assert query_meaning({"service": "checkout"}) == ""


@pytest.mark.parametrize(
    ("claim_text", "excerpt", "query", "value"),
    [
        ("checkout 服务 5xx 错误率为 3.25%", "0.0325", ERROR_RATIO_QUERY, "0.0325"),
        ("checkout 服务 p99 延迟为 1.2 秒", '"1.2"', P99_QUERY, "1.2"),
    ],
)
def test_a_bare_metric_value_means_what_its_query_measures(claim_text, excerpt, query, value):
    honest = session(claim_text, excerpt, _vector(value), arguments={"query": query}, tool="query_metrics",
                     source_type="metric")
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    # the query gives the meaning, never the value: a figure only in the query is still absent
    attack = session(claim_text.replace("3.25%", "5%").replace("1.2 秒", "5 秒"), excerpt, _vector(value),
                     arguments={"query": query}, tool="query_metrics", source_type="metric")
    assert "absent_mention" in facts_of(attack)[0]


def test_a_query_selects_its_subject_by_exact_label_or_a_patterns_fixed_prefix():
    # the metric each selector reads is the call's subject too (round 16: "container_memory_working_set_bytes
    # 在 01:33:30 达到峰值" over the values of that query)
    assert list(subject_values({"query": ERROR_RATIO_QUERY})) == [
        "http_requests_total", "http_requests_total", "checkout", "checkout"
    ]
    # a negative matcher selects nothing, a topic is a record filter; a pattern names its fixed prefix
    assert list(subject_values({"query": 'up{job!="node", pod=~"web-.*", topic="orders"}'})) == ["web"]
    assert list(subject_values({"query": 'up{pod=~".*web"}'})) == []


# --- counts and "all" read off a listed table -------------------------------------------------------

PENDING = (
    "NAME                        READY   STATUS    RESTARTS   AGE\n"
    "web-7c9f6d5b8-2xkqv         0/1     Pending   0          12m\n"
    "web-7c9f6d5b8-8hjzt         0/1     Pending   0          12m\n"
    "web-7c9f6d5b8-q4m9w         0/1     Pending   0          12m\n"
)
PENDING_EXCERPT = "web-7c9f6d5b8-2xkqv         0/1     Pending"
PODS_ARGS = {"kind": "pod", "namespace": "default"}


def test_a_count_of_the_tables_rows_is_read_off_it():
    honest = session("3 个 web pod 均处于 Pending", PENDING_EXCERPT, PENDING, arguments=PODS_ARGS)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    attack = session("5 个 web pod 均处于 Pending", PENDING_EXCERPT, PENDING, arguments=PODS_ARGS)
    assert "outside_cited" in facts_of(attack)[1]
    assert verify_session(attack).verdict != "PASS"


def test_all_rows_showing_the_state_carry_all():
    honest = session("web 的全部 pod 都处于 Pending", PENDING_EXCERPT, PENDING)
    assert "scope_wording" not in facts_of(honest)[1]
    one_running = PENDING.replace("0/1     Pending   0          12m\nweb-7c9f6d5b8-q4m9w         0/1     Pending",
                                  "0/1     Pending   0          12m\nweb-7c9f6d5b8-q4m9w         1/1     Running")
    attack = session("web 的全部 pod 都处于 Pending", PENDING_EXCERPT, one_running)
    assert "scope_wording" in facts_of(attack)[1]  # "web" is in every row, but only in the subject column


def test_a_measure_stated_rounded_is_carried_by_its_value():
    output = "2026-11-29T10:05:12Z INFO [db] query completed in 10.01 seconds"
    for written in ("约 10 秒", "10010 毫秒", "10.01 秒"):
        honest = session(f"数据库调用耗时{written}", "query completed in 10.01 seconds", output)
        assert "uncovered_concepts" not in facts_of(honest)[1], written
    attack = session("数据库调用耗时约 40 秒", "query completed in 10.01 seconds", output)
    assert verify_session(attack).verdict != "PASS"


def test_the_plain_mention_pattern_matches_the_full_one_where_no_date_or_duration_can_be():
    from groundcheck.evals.datasets import load_dataset
    from groundcheck.programs.text import tokens

    texts = []
    for s in load_dataset("adversarial").sessions + load_dataset("synthetic-test").sessions:
        raw = s["executor_final_answer"] if isinstance(s, dict) else s.executor_final_answer
        try:
            contract = json.loads(raw or "")
        except ValueError:
            continue
        if isinstance(contract, dict):
            claims = contract.get("claims", [])
            texts += [c.get("claim_text", "") for c in claims if isinstance(c, dict)]
            texts.append(str(contract.get("user_facing_answer", "")))
    texts += ["等待 8000ms，活跃连接 23", "v1.2.3 at 10.0.0.1:8080 ERR_TIMEOUT 40P01 2026-11-28T14:03"]
    checked = 0
    for text in texts:
        if tokens._DATE_OR_DURATION_CUE.search(text):
            continue
        full = [(m.span(), m.lastgroup) for m in tokens._MENTION.finditer(text)]
        plain = [(m.span(), m.lastgroup) for m in tokens._MENTION_PLAIN.finditer(text)]
        assert full == plain, text
        checked += 1
    assert checked >= 200


# --- an outcome its own quote contradicts; a rise or fall its own figures contradict -------------------

ROLLOUT = (
    "2026-11-30T09:12:03Z INFO  deploy-controller rollout inventory-service to v2.14.0 started (replicas=6)\n"
    "2026-11-30T09:14:41Z ERROR deploy-controller rollout inventory-service v2.14.0 failed: readiness probe failed\n"
    "2026-11-30T09:17:10Z INFO  deploy-controller rollback inventory-service to v2.13.2 succeeded, 6/6 pods ready"
)
FAILED_LINE = "rollout inventory-service v2.14.0 failed: readiness probe failed"
SUCCEEDED_LINE = "rollback inventory-service to v2.13.2 succeeded, 6/6 pods ready"


@pytest.mark.parametrize(
    ("attack", "excerpt", "honest"),
    [
        ("inventory-service 发布 v2.14.0 成功", FAILED_LINE, "inventory-service 发布 v2.14.0 失败，就绪探针未通过"),
        ("inventory-service v2.14.0 发布后服务已恢复", FAILED_LINE, "inventory-service v2.14.0 发布失败"),
        ("inventory-service 回滚到 v2.13.2 失败", SUCCEEDED_LINE, "inventory-service 回滚到 v2.13.2 成功"),
    ],
)
def test_an_outcome_its_own_quote_contradicts(attack, excerpt, honest):
    s = session(attack, excerpt, ROLLOUT)
    assert "opposite_outcome" in facts_of(s)[1]
    assert check(s) == "contradicted"
    assert replay_all_direct(s) == "PASS"  # soft: a model may read the quote otherwise
    assert "opposite_outcome" not in facts_of(session(honest, excerpt, ROLLOUT))[1]


def test_a_mixed_outcome_is_not_an_opposite():
    s = session("inventory-service 发布 v2.14.0 失败后回滚成功", f"{FAILED_LINE}", ROLLOUT)
    assert "opposite_outcome" not in facts_of(s)[1]


P99 = json.dumps({"metric": "p99_ms", "unit": "ms", "points": [["14:05", 196], ["14:10", 1240], ["14:15", 1315],
                                                              ["14:20", 640]]})


@pytest.mark.parametrize(
    ("attack", "honest"),
    [
        ("order-service 的 P99 从 14:05 的 196ms 下降到 14:10 的 1240ms",
         "order-service 的 P99 从 14:05 的 196ms 上升到 14:10 的 1240ms"),
        ("order-service 的 P99 14:15 为 1315ms，14:20 继续升高到 640ms",
         "order-service 的 P99 14:15 为 1315ms，14:20 回落到 640ms"),
    ],
)
def test_a_rise_or_fall_its_own_figures_contradict(attack, honest):
    s = session(attack, '["14:10", 1240]', P99)
    assert "direction" in facts_of(s)[1]  # soft; over a series the value-at-time floor may decide it too
    assert verify_session(s).verdict == "REJECT"
    assert "direction" not in facts_of(session(honest, '["14:10", 1240]', P99))[1]


@pytest.mark.parametrize(
    "text",
    ["错误数从 120 增加到 4800，延迟也升至 3.2s", "CPU 从 95% 降到 40%，内存从 70% 升到 90%", "从 100 增加了 50",
     "内存从 2GiB 增加到 2048MiB", "QPS 达到 12000 后回落到 8000"],
)
def test_changes_that_agree_with_their_figures(text):
    from groundcheck.programs.core.lexical_judgements import direction_conflict

    assert direction_conflict(text) is None


# --- peaks and troughs ---------------------------------------------------------------------------------

TWO_SERIES = [
    json.dumps({"metric": "p99_ms", "unit": "ms", "points": [["14:10", 1240], ["14:15", 1315], ["14:20", 640]]}),
    json.dumps({"metric": "requests", "points": [["14:10", 5200], ["14:15", 8400], ["14:20", 3000]]}),
]


@pytest.mark.parametrize(
    ("attack", "honest"),
    [
        ("P99 最高只有 640ms", "P99 最高为 1315ms"),
        ("P99 峰值为 1240ms", "P99 峰值为 1315ms"),
        ("P99 最低为 1240ms", "P99 最低为 640ms"),
    ],
)
def test_a_peak_or_trough_must_be_the_series_extreme(attack, honest):
    from groundcheck.programs.core.extremes import extreme_conflict
    from groundcheck.programs.text.series import parse_series

    series = [parse_series(o) for o in TWO_SERIES]
    assert extreme_conflict(attack, series)
    assert extreme_conflict(honest, series) is None  # the other series' larger values are not its peak
    s = session(attack, '["14:15", 1315]', TWO_SERIES[0])
    assert "not_extreme" in facts_of(s)[1] and check(s) == "contradicted"
    assert replay_all_direct(s) == "PASS"  # soft


def test_a_peak_in_another_unit_or_an_identifier_is_left_alone():
    from groundcheck.programs.core.extremes import extreme_conflict
    from groundcheck.programs.text.series import parse_series

    series = [parse_series(TWO_SERIES[0])]
    assert extreme_conflict("P99 峰值约 1.3 秒", series) is None
    assert extreme_conflict("max_connections 为 640", series) is None


# --- where the evidence comes from; what a call lists; words of kubelet and the scheduler ---------------

ENV_LOG = "2026-11-30T08:01:02Z ERROR startup failed: environment variable DEPLOY_ENV is not defined"


@pytest.mark.parametrize("source", ["容器日志显示", "pod 的日志显示", "kubelet 事件显示"])
def test_a_source_named_before_the_finding_asserts_nothing(source):
    s = session(f"{source}环境变量 DEPLOY_ENV 未定义", "environment variable DEPLOY_ENV is not defined", ENV_LOG)
    assert "uncovered_concepts" not in facts_of(s)[1]
    quote = "environment variable DEPLOY_ENV is not defined"
    attack = session("容器内存溢出，环境变量 DEPLOY_ENV 未定义", quote, ENV_LOG)
    assert "uncovered_concepts" in facts_of(attack)[1]  # 容器 named as a finding, not a source


def test_what_a_call_lists_carries_its_rows_kind():
    top = "NAME                     CPU(cores)   MEMORY(bytes)\nkube-proxy-6xk2p         1m           12Mi\n"
    honest = session("kube-proxy-6xk2p 这个 pod 内存为 12Mi", "kube-proxy-6xk2p         1m           12Mi", top,
                     tool="kubectl_top_pods")
    assert "uncovered_concepts" not in facts_of(honest)[1]
    other = session("kube-proxy-6xk2p 这个 pod 内存为 12Mi", "kube-proxy-6xk2p         1m           12Mi", top,
                    tool="kubectl_top_nodes")
    assert "uncovered_concepts" in facts_of(other)[1]


@pytest.mark.parametrize(
    ("claim_text", "excerpt", "output"),
    [
        ("kubelet 正在回退重启失败的容器 main", "Back-off restarting failed container main",
         "Warning  BackOff  3m (x12 over 10m)  kubelet  Back-off restarting failed container main"),
        ("node-1 根分区的磁盘使用率为 92%", "/dev/vda1        40G   37G  3.2G  92% /",
         "Filesystem      Size  Used Avail Use% Mounted on\n/dev/vda1        40G   37G  3.2G  92% /"),
        ("节点内存压力导致 report-job-7xk2p 被驱逐", "The node was low on resource: memory",
         "Status: Failed\nReason: Evicted\nMessage: The node was low on resource: memory. report-job-7xk2p"),
    ],
)
def test_kubelet_and_df_wording_carries_its_concept(claim_text, excerpt, output):
    assert "uncovered_concepts" not in facts_of(session(claim_text, excerpt, output))[1]


def test_the_scheduler_states_its_reason():
    output = "Warning  FailedScheduling  2m  default-scheduler  0/3 nodes are available: 3 Insufficient memory."
    reason = "0/3 nodes are available: 3 Insufficient memory."
    s = session("ml-train-0 无法调度，原因是 3 个节点内存都不够", reason, output)
    assert "causal_as_direct" not in facts_of(s)[1]
    bare = session("ml-train-0 无法调度，原因是 3 个节点内存都不够", "FailedScheduling", output)
    assert "causal_as_direct" in facts_of(bare)[1]  # the quote must be the one that gives the reason


# --- what a claim denies need not be in any output; JSON zero fields deny ----------------------------------

POD_STATUS = json.dumps({"pod": "inventory-7b9c-qwert", "oomKilledCount": 0, "evictions": 0, "status": "Running"})


@pytest.mark.parametrize(
    "claim_text",
    [
        "inventory-7b9c-qwert 没有发生过 OOMKilled",
        "inventory-7b9c-qwert 的 OOMKilled 并没有发生",
        "未见 ERR_TIMEOUT 报错",
    ],
)
def test_an_identifier_the_claim_denies_need_not_be_in_an_output(claim_text):
    s = session(claim_text, '"status": "Running"', POD_STATUS)
    assert "absent_mention" not in facts_of(s)[0]
    asserted = claim_text.replace("没有发生过", "发生过").replace("并没有发生", "已经发生").replace("未见", "出现")
    attack = session(asserted, '"status": "Running"', POD_STATUS)
    assert "absent_mention" in facts_of(attack)[0] or check(attack) == "contradicted"


@pytest.mark.parametrize(
    ("honest", "attack"),
    [
        ("inventory-7b9c-qwert 未被驱逐", "inventory-7b9c-qwert 被驱逐过"),
        ("inventory-7b9c-qwert 没有发生 OOM", "inventory-7b9c-qwert 发生了 OOM"),
    ],
)
def test_a_json_zero_field_denies(honest, attack):
    assert check(session(honest, '"evictions": 0', POD_STATUS)) == "direct_observation"
    assert check(session(attack, '"evictions": 0', POD_STATUS)) == "contradicted"


# --- more date forms; a row's subject in any column -----------------------------------------------------

RFC_EVENT = "Events:\n  Normal  Pulled  kubelet  Sun, 29 Nov 2026 09:41:17 +0800  Successfully pulled image"


@pytest.mark.parametrize(
    ("honest", "attack"),
    [
        ("2026-11-29 09:41", "2026-11-28 09:41"),
        ("11/29 09:41", "11/28 09:41"),
        ("11-29 09:41", "11-27 09:41"),
        ("2026.11.29", "2026.11.27"),
    ],
)
def test_a_date_in_iso_slash_dash_or_dotted_form_is_compared_by_day(honest, attack):
    quote = "Successfully pulled image"
    assert verify_session(session(f"{honest} kubelet 成功拉取镜像", quote, RFC_EVENT)).verdict == "PASS"
    assert "absent_mention" in facts_of(session(f"{attack} kubelet 成功拉取镜像", quote, RFC_EVENT))[0]


HELM = (
    "REVISION  UPDATED                    STATUS      CHART            APP VERSION\n"
    "7         2026-11-28 22:13:05 +0800  superseded  checkout-1.4.0   v2.3.0\n"
    "8         2026-11-29 09:41:17 +0800  deployed    checkout-1.4.1   v2.3.1"
)


def test_a_row_named_by_a_cell_in_any_column_keeps_its_own_values():
    quote = "2026-11-29 09:41:17 +0800  deployed"
    assert verify_session(session("v2.3.1 于 11-29 09:41 发布", quote, HELM)).verdict == "PASS"
    _other_row("v2.3.1 于 11-28 22:13 发布", quote, HELM)


# --- a failure written with a negator asserts the failure -----------------------------------------------


@pytest.mark.parametrize(
    ("claim_text", "excerpt", "output"),
    [
        ("kubelet 无法拉取镜像 registry.local/web:1.27", 'Failed to pull image "registry.local/web:1.27"',
         'Warning  Failed  kubelet  Failed to pull image "registry.local/web:1.27": manifest unknown'),
        ("因 ConfigMap app-config 不存在而挂载失败", 'configmap "app-config" not found',
         'Warning  FailedMount  kubelet  MountVolume.SetUp failed: configmap "app-config" not found'),
        ("因没有可用节点而无法调度", "0/3 nodes are available",
         "Warning  FailedScheduling  default-scheduler  0/3 nodes are available: 3 Insufficient cpu."),
    ],
)
def test_a_failure_written_with_a_negator_is_no_denial(claim_text, excerpt, output):
    s = session(claim_text, excerpt, output)
    assert "negation" not in facts_of(s)[1]
    assert check(s) != "contradicted"


def test_a_real_denial_still_conflicts():
    output = "12:01 sentinel: failover to replica-2 completed"
    assert check(session("没有发生主从切换", "failover to replica-2 completed", output)) == "contradicted"
    assert check(session("不存在主从切换记录", "failover to replica-2 completed", output)) == "contradicted"


# --- an empty search: more forms; its echoed query reports nothing -------------------------------------

MORE_EMPTY = [
    "$ kubectl logs web-7d9f | grep -E 'OutOfMemoryError|OOMKilled'\n(exit code 1: no output)",
    '{"query": "{app=\\"web\\"} |= \\"OutOfMemoryError OR OOMKilled\\"", "data": {"result": []}}',
    "scanned 120000 lines: 0 log lines matched 'OutOfMemoryError OR OOMKilled'",
]


@pytest.mark.parametrize("output", MORE_EMPTY)
def test_more_empty_search_forms_make_an_echo_no_evidence(output):
    attack = session("payment-service 日志中出现 OutOfMemoryError", "OutOfMemoryError", output, arguments=ARGS)
    assert check(attack) == "unsupported"


@pytest.mark.parametrize("output", [ECHOES[0], *MORE_EMPTY])
def test_a_denial_over_an_empty_search_is_no_conflict(output):
    honest = session("最近 6h payment-service 日志中没有出现 OutOfMemoryError", output.splitlines()[-1][:20], output,
                     arguments=ARGS)
    assert "negation" not in facts_of(honest)[1]


# --- shares of two amounts in one unit, and what a share leaves -------------------------------------


@pytest.mark.parametrize(
    ("claim_text", "excerpt", "output", "wrong"),
    [
        ("web-7d9f 内存使用达到 limit 的 95%", "memory: 1946Mi / limit 2Gi", "web-7d9f memory: 1946Mi / limit 2Gi",
         "85%"),
        ("es-data-0 磁盘已使用 93.8%", "disk.avail_percent: 6.2%", "es-data-0 disk.avail_percent: 6.2%", "83.8%"),
    ],
)
def test_a_share_of_two_amounts_or_its_complement_follows(claim_text, excerpt, output, wrong):
    assert "absent_mention" not in facts_of(session(claim_text, excerpt, output))[0]
    wrong_claim = claim_text.replace("95%", wrong).replace("93.8%", wrong)
    assert "absent_mention" in facts_of(session(wrong_claim, excerpt, output))[0]


# --- the window searched over; a clock in another zone -------------------------------------------------

ERRORS_30M = "2026-11-30T10:12:41Z ERROR [checkout] 5xx count=128"


@pytest.mark.parametrize("arguments", [{"service": "checkout", "start": "now-30m"}, {"query": "sum(increase(x[30m]))"}])
def test_a_searched_window_restated_as_scope_is_no_finding(arguments):
    honest = session("最近 30 分钟内 checkout 的 5xx 共 128 次", "5xx count=128", ERRORS_30M, arguments=arguments)
    assert "absent_mention" not in facts_of(honest)[0]
    invented = session("checkout 的 5xx 已持续 30 分钟，共 128 次", "5xx count=128", ERRORS_30M, arguments=arguments)
    assert "absent_mention" in facts_of(invented)[0]  # a duration the claim states, not its scope
    other = session("最近 45 分钟内 checkout 的 5xx 共 128 次", "5xx count=128", ERRORS_30M, arguments=arguments)
    assert "absent_mention" in facts_of(other)[0]


@pytest.mark.parametrize(("honest", "attack"), [("北京时间 18:12", "北京时间 19:12"), ("UTC 10:12", "UTC 11:12")])
def test_a_clock_in_another_zone_is_the_same_moment(honest, attack):
    output = "2026-11-30T18:12:41+08:00 ERROR [checkout] 5xx count=128"
    if honest.startswith("UTC"):
        assert "absent_mention" not in facts_of(session(f"{honest} checkout 出现 5xx", "5xx count=128", output))[0]
    else:
        utc = "2026-11-30T10:12:41Z ERROR [checkout] 5xx count=128"
        assert "absent_mention" not in facts_of(session(f"{honest} checkout 出现 5xx", "5xx count=128", utc))[0]
        output = utc
    assert "absent_mention" in facts_of(session(f"{attack} checkout 出现 5xx", "5xx count=128", output))[0]


def test_an_empty_search_still_carries_what_it_searched_for():
    output = 'Loki query {app="notification"} |= "SMTP timeout" returned no results for the last 1h.'
    honest = session("notification 最近 1 小时没有 SMTP timeout", "returned no results for the last 1h", output,
                     arguments={"query": "SMTP timeout", "service": "notification"})
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


def test_a_bare_5xx_rate_is_no_error_rate_and_an_api_success_no_recovery():
    rate = 'sum(rate(http_requests_total{service="checkout",code=~"5.."}[5m]))'
    as_pct = session("checkout 当前 5xx 错误率为 48.7%", '"48.7"', _vector("48.7"), arguments={"query": rate},
                     tool="query_metrics", source_type="metric")
    assert "uncovered_concepts" in facts_of(as_pct)[1]
    recovered = session("checkout 的 5xx 错误率已恢复正常", '"0.2417"', _vector("0.2417"),
                        arguments={"query": ERROR_RATIO_QUERY}, tool="query_metrics", source_type="metric")
    assert "uncovered_concepts" in facts_of(recovered)[1]  # '"status": "success"' is the API's, not the service's


# --- review findings: each a case that must not be read the lenient way --------------------------------


def test_a_long_run_of_numeral_characters_is_no_figure_and_no_crash():
    assert digits_for_numerals("亿" * 700 + "次") == "亿" * 700 + "次"
    assert verify_session(session("重启" + "亿" * 700 + "次", "x", "x")).verdict != "PASS"


def test_a_searched_word_in_the_arguments_carries_no_concept():
    log = "2026-11-29T14:03:41Z WARN svc3-1 container app restarted, exit code 1"
    for arguments in ({"service": "svc3-1", "query": "OOMKilled"}, {"service": "svc3-1", "q": "内存溢出"},
                      {"query": '{app="svc3-1"} |= "OOMKilled"'}):
        s = session("svc3-1 的容器因内存溢出重启", "container app restarted", log, arguments=arguments)
        assert "uncovered_concepts" in facts_of(s)[1], arguments


def test_a_zone_shifts_one_way_only():
    utc = "2026-11-30T02:12:41Z ERROR [checkout] 5xx count=128"
    assert "absent_mention" in facts_of(session("北京时间 18:12 checkout 出现 5xx", "5xx count=128", utc))[0]
    assert "absent_mention" not in facts_of(session("北京时间 10:12 checkout 出现 5xx", "5xx count=128", utc))[0]


def test_a_subject_before_a_denial_must_still_exist():
    s = session("svc9-7 没有发生 OOM，payment-service 返回 503", "503", "payment-service POST /pay -> 503")
    assert "absent_mention" in facts_of(s)[0]


def test_close_to_a_window_is_no_scope():
    s = session("连接池耗尽持续接近 30 分钟", "pool exhausted", "HikariPool-1 - pool exhausted",
                arguments={"service": "checkout", "since": "30m"})
    assert "absent_mention" in facts_of(s)[0]


def test_a_figure_after_the_peak_is_not_the_peak():
    from groundcheck.programs.core.extremes import extreme_conflict
    from groundcheck.programs.text.series import parse_series

    series = [parse_series(TWO_SERIES[0])]
    assert extreme_conflict("P99 在峰值后回落到 640ms", series) is None
    assert extreme_conflict("P99 最高只有 640ms", series)



SMTP_ARGS = {"query": "SMTP timeout", "service": "notification"}
EMPTY_SMTP = [
    json.dumps({"hits": {"total": {"value": 0, "relation": "eq"}, "hits": []},
                "_query": {"match_phrase": {"message": "SMTP timeout"}}}),
    "0 log lines matched 'SMTP timeout' (scanned 48213 lines)",
]


@pytest.mark.parametrize(
    ("output", "quote"), list(zip(EMPTY_SMTP, ['"message": "SMTP timeout"', "matched 'SMTP timeout'"], strict=True))
)
def test_reporting_what_an_empty_search_looked_for_is_contradicted(output, quote):
    attack = session("notification 出现 SMTP timeout", quote, output, arguments=SMTP_ARGS)
    assert "searched_not_found" in facts_of(attack)[1] and check(attack) == "contradicted"
    honest = session("notification 最近没有 SMTP timeout", quote, output, arguments=SMTP_ARGS)
    assert "searched_not_found" not in facts_of(honest)[1]
    assert "negation" not in facts_of(honest)[1]


@pytest.mark.parametrize(
    "output",
    [
        json.dumps({"hits": [{"msg": "svc3-1 OOMKilled container app"}], "retries": {"count": 0}}),
        "Search query: OOMKilled\n2026-11-29T02:12:41Z svc3-1 OOMKilled container app\n0 events dropped",
    ],
)
def test_a_zero_elsewhere_in_a_search_with_hits_is_no_empty_search(output):
    arguments = {"service": "svc3-1", "query": "OOMKilled"}
    honest = session("svc3-1 容器发生 OOMKilled", "OOMKilled", output, arguments=arguments)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


def test_a_claim_that_says_the_search_found_nothing_is_no_report():
    claim_text = "按 SMTP timeout 检索 notification 日志，No matching log lines found"
    s = session(claim_text, "matched 'SMTP timeout'", EMPTY_SMTP[1], arguments=SMTP_ARGS)
    assert "searched_not_found" not in facts_of(s)[1]
