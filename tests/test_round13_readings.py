"""What a thirteenth look found (issue 9).

- A change written as its own clause after a value at a time ("10:10 重启 3 次，比 10:00 少 1 次")
  compares the time before it: its figure is the change between the two times, not a value at the
  second one (hard: a number at a time).
- An English claim's word that is a glossary term ("failure", "database", "missing") is judged by its
  concept, which the cited output may carry in other words ("db query failed", "is undefined"): it is no
  new word (soft: wording)."""

from __future__ import annotations

import pytest
from test_meaning_classes import session
from test_round7_readings import _check

from groundcheck.programs.core.dated_spans import span_between_quoted_times
from groundcheck.programs.core.extremes import extreme_conflict
from groundcheck.programs.core.lexical_judgements import direction_conflict
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.negation import negation_conflict
from groundcheck.programs.text.own_arithmetic import multiple_conflict, rate_of_its_own_figures
from groundcheck.programs.text.series import parse_series, value_at_time_conflict
from groundcheck.programs.text.tokens import extract_mentions

RESTARTS = '{"points": [["10:00", 4], ["10:05", 4], ["10:10", 3]]}'
LATENCY = '{"points": [["14:15", 1380], ["14:20", 705]]}'


@pytest.mark.parametrize("claim", [
    "10:10 重启了 3 次，比 10:00 少 1 次",
    "10:10 重启 3 次，较 10:00 少了 1 次",
    "10:10 为 3 次；比起 10:00 减少 1 次",
    "10:10 为 3 次，相比 10:00 下降了 25%",
    "14:20 P99 为 705ms，比 14:15 低 675ms",
    "14:20 P99 为 705ms，较 14:15 下降了 49%",
])
def test_a_change_in_its_own_clause_is_read_between_the_two_times(claim: str) -> None:
    assert value_at_time_conflict(claim, [RESTARTS, LATENCY]) is None


@pytest.mark.parametrize(("claim", "expected"), [
    ("10:10 重启了 3 次，比 10:00 多 1 次", "a fall, not a rise"),  # the wrong direction
    ("14:20 P99 为 705ms，比 14:15 高 675ms", "a fall, not a rise"),
    ("10:10 重启了 3 次，比 10:00 少 2 次", "gives 4 at 10:00"),  # no change between the times gives 2
    ("14:20 P99 为 705ms，较 14:15 下降了 60%", "gives 1380 at 14:15"),
])
def test_a_wrong_change_in_its_own_clause_is_still_a_conflict(claim: str, expected: str) -> None:
    assert expected in (value_at_time_conflict(claim, [RESTARTS, LATENCY]) or "")


def test_a_clause_that_does_not_open_with_the_comparing_word_keeps_its_own_time() -> None:
    # "，但 10:00 是 1 次": a value at 10:00 of its own, which the series contradicts
    assert "gives 4 at 10:00" in (value_at_time_conflict("10:10 重启 3 次，但 10:00 是 1 次", [RESTARTS]) or "")


DB_LOG = ("Java Network Exception:\nAll host(s) tried for db query failed (tried: prod-db:3333) - "
          "no available connection and the queue has reached its max size 256\n")
DB_QUOTE = "All host(s) tried for db query failed (tried: prod-db:3333)"
ENV_LOG = "Environment variable DEPLOY_ENV is undefined\n"


@pytest.mark.parametrize(("claim", "excerpt", "output"), [
    ("failure to connect to the database at prod-db:3333", DB_QUOTE, DB_LOG),
    ("The DEPLOY_ENV environment variable is undefined or missing", ENV_LOG.strip(), ENV_LOG),
])
def test_an_english_word_whose_glossary_concept_the_output_carries_is_no_new_word(claim, excerpt, output) -> None:
    verification, detail = _check(claim, excerpt, output, tool="query_logs")
    assert verification == "direct_observation", detail


@pytest.mark.parametrize(("claim", "word"), [
    # the concept is not in the output: the word is still new content
    ("The DEPLOY_ENV environment variable is undefined because the disk is full", "disk"),
    ("failure to connect to the database at prod-db:3333 after a certificate expiry", "certificate"),
])
def test_an_english_glossary_word_the_output_does_not_carry_is_still_flagged(claim, word) -> None:
    verification, detail = _check(claim, DB_QUOTE if "prod-db" in claim else ENV_LOG.strip(),
                                  DB_LOG if "prod-db" in claim else ENV_LOG, tool="query_logs")
    assert verification != "direct_observation"
    assert word in detail


def test_a_kubernetes_kind_word_is_not_carried_by_a_command_line_alone() -> None:
    # "kubectl get pod" in the echoed command names the kind, but no row says what the claim counts
    output = "Command executed: kubectl get pod -n test-1 | wc -l\n---\n14 results\n"
    verification, detail = _check("There are 14 pods in the test-1 namespace", "14 results", output)
    assert verification != "direct_observation"
    assert "pods" in detail


MEMORY_LOG = (
    "2025-06-13 13:12:53,047 WARNING  The application is suffering from memory pressure.\n"
    "2025-06-13 15:11:53,047 INFO     Memory pressure resolved.\n"
)
MEMORY_QUOTE = "2025-06-13 13:12:53,047 WARNING  The application is suffering from memory pressure."


def test_a_temporary_state_is_carried_by_its_later_recovery() -> None:
    verification, detail = _check("2025-06-13 The application temporarily suffered from memory pressure",
                                  MEMORY_QUOTE, MEMORY_LOG, tool="query_logs")
    assert verification == "direct_observation", detail


def test_a_temporary_state_with_no_recovery_in_the_output_is_still_new_content() -> None:
    output = MEMORY_LOG.splitlines()[0] + "\n"
    verification, detail = _check("2025-06-13 The application temporarily suffered from memory pressure",
                                  MEMORY_QUOTE, output, tool="query_logs")
    assert verification != "direct_observation"
    assert "temporar" in detail


SCHEDULER = ("Node-Selectors:              label=someLabel\nEvents:\n  Warning  FailedScheduling  38s   "
             "default-scheduler  0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector.\n")


def test_a_mismatch_is_carried_by_a_quote_that_says_it_did_not_match() -> None:
    quote = "1 node(s) didn't match Pod's node affinity/selector"
    verification, detail = _check("node selector mismatch", quote, SCHEDULER, tool="kubectl_describe")
    assert verification == "direct_observation", detail
    # the quote must say it (round Z): a quote of the selector alone carries no mismatch
    verification, detail = _check("node selector mismatch", "Node-Selectors:              label=someLabel",
                                  SCHEDULER, tool="kubectl_describe")
    assert verification != "direct_observation"


# --- Whose row (soft: `other_row`). Found by audit X (hand-written honest sessions, 2026-12-01). ---

PODS_THEN_IOSTAT = (
    "NAME     READY   STATUS    RESTARTS   AGE   IP          NODE        NOMINATED NODE   READINESS GATES\n"
    "etcd-1   1/1     Running   0          87d   10.0.1.22   master-02   <none>           <none>\n"
    "Device            r/s     w/s     wkB/s  w_await  %util\n"
    "nvme0n1          3.20  412.00  98304.00    88.73  99.60\n"
)
NODE_DESCRIBE = (
    "Conditions:\n"
    "  Type             Status  LastHeartbeatTime                 Reason                       Message\n"
    "  ----             ------  -----------------                 ------                       -------\n"
    "  MemoryPressure   False   Mon, 30 Nov 2026 13:42:10 +0800   KubeletHasSufficientMemory   enough memory\n"
    "  DiskPressure     True    Mon, 30 Nov 2026 13:42:10 +0800   KubeletHasDiskPressure       disk pressure\n"
    "Events:\n"
    "  Type     Reason                 Age   From     Message\n"
    "  ----     ------                 ----  ----     -------\n"
    "  Warning  EvictionThresholdMet   35m   kubelet  Attempting to reclaim ephemeral-storage on node-b7\n"
)
BY_TIME = (
    "recommend-api  (avg over pods)  step=1m\n"
    "time    cpu_usage_cores  cpu_limit_cores  throttled_periods_ratio  p99_ms\n"
    "10:00   1.12             2                0.03                     142\n"
    "10:01   1.35             2                0.41                     795\n"
    "10:03   1.09             2                0.05                     151\n"
)
JMAP = (
    " num     #instances         #bytes  class name (module)\n"
    "   1:      18734512     1198808768  java.util.concurrent.ConcurrentHashMap$Node (java.base@17.0.9)\n"
    "   2:       9367256      599504384  com.shop.search.cache.QueryResultKey\n"
)
JOB_EVENTS = (
    "Events:\n"
    "  Type     Reason                Age    From            Message\n"
    "  Normal   SuccessfulCreate      6h32m  job-controller  Created pod: recon-daily-29934360-7xk2d\n"
    "  Warning  BackoffLimitExceeded  6h31m  job-controller  Job has reached the specified backoff limit\n"
)
PODS = (
    "NAME               READY   STATUS    RESTARTS   AGE\n"
    "checkout-api-7d9   1/1     Running   3          2d\n"
    "checkout-wkr-5c2   1/1     Running   47         2d\n"
)


@pytest.mark.parametrize(("claim", "excerpt", "output"), [
    # a header line starts another table: the pod row's siblings are not iostat's devices
    ("etcd-1 所在节点 master-02 的 nvme0n1 磁盘 %util 为 99.60%", "nvme0n1          3.20  412.00", PODS_THEN_IOSTAT),
    # Conditions, then Events: two tables of one describe
    ("node-b7 的 DiskPressure 为 True", "DiskPressure     True", NODE_DESCRIBE),
    # rows by time: a name in the title or a column header is no row subject
    ("recommend-api 平均 CPU 使用 1.09–1.35 核，低于 limit 2 核", "10:01   1.35", BY_TIME),
    # two rows the claim speaks of, each in its own clause
    ("ConcurrentHashMap$Node 有 18734512 个实例，com.shop.search.cache.QueryResultKey 有 9367256 个实例",
     "2:       9367256      599504384  com.shop.search.cache.QueryResultKey", JMAP),
    # the job's name only starts its pod's name on another row
    ("Job recon-daily-29934360 触发 BackoffLimitExceeded", "Warning  BackoffLimitExceeded", JOB_EVENTS),
])
def test_a_figure_or_name_of_the_claims_own_rows_is_no_other_rows(claim, excerpt, output) -> None:
    _, detail = _check(claim, excerpt, output)
    assert "row of" not in detail, detail


def test_a_figure_of_another_row_is_still_read_as_that_rows() -> None:
    verification, detail = _check("checkout-api-7d9 已重启 47 次", "checkout-api-7d9   1/1     Running", PODS)
    assert verification == "contradicted" and "row of 'checkout-wkr-5c2'" in detail


# --- Negation (soft: `negation`). ---

@pytest.mark.parametrize(("claim", "output"), [
    ("HPA 的 ScalingActive 为 False，原因 FailedGetResourceMetric", "hpa search-api scaling ScalingActive False"),
    ("MemoryPressure 和 PIDPressure 都是 False，节点没有内存压力", NODE_DESCRIBE),
    ("另外两个 pod（9tkdx、lp7wz）2/2 且没有重启",
     "NAME        READY  STATUS   RESTARTS\ncart-4hq2n  1/2    Running  6 (2m ago)\ncart-9tkdx  2/2    Running  0\n"
     "cart-lp7wz  2/2    Running  0\n2026-11-30 pod cart-4hq2n restarted"),
    ("上游 10.0.0.2 超时，CoreDNS 自身不是故障点", "[ERROR] plugin/errors: read udp 10.0.0.2:53: i/o timeout"),
])
def test_what_a_claim_does_not_deny(claim: str, output: str) -> None:
    assert negation_conflict(claim, [output]) is None


@pytest.mark.parametrize(("claim", "output"), [
    ("节点没有内存压力", NODE_DESCRIBE.replace("MemoryPressure   False", "MemoryPressure   True ")),
    ("MemoryPressure 和 PIDPressure 都是 False", "MemoryPressure   True   Mon, 30 Nov 2026"),
    ("OOMKilled 为 false", "Reason: OOMKilled"),
    ("OSS 没有故障", "ErrorCode=InternalError, StatusCode=500 error"),
    # which cause a contrast sets aside is a reading a model may make; the rules keep the denial (round Z)
    ("主要是我方请求速率过高，而不是 OSS 故障", "ErrorCode=SlowDown, StatusCode=503 error"),
    ("合作方收到的 503 是网关按 API key 限流返回的，不是后端故障", "[error] limiting requests, excess: 20.480"),
    ("上次以 Exit Code 1 退出，OOMKilled 为 false，也没有重启", "Last State: Terminated\nRestart Count: 3 restarts"),
])
def test_a_denial_of_what_the_output_reports_is_still_a_conflict(claim: str, output: str) -> None:
    assert negation_conflict(claim, [output]) is not None


def test_a_condition_row_with_status_false_denies_its_condition() -> None:
    # "MemoryPressure  False": the output denies it, so a claim reporting it is contradicted
    assert "only denies" in (negation_conflict("节点出现 MemoryPressure", [NODE_DESCRIBE]) or "")


# --- Value at a time (hard) and peaks (soft). ---

GC = '{"points": [["14:55", 0.047], ["15:00", 0.052], ["15:05", 3.653], ["15:10", 3.981], ["15:15", 0.061]]}'
LAG = '{"points": [["14:00", 1200], ["14:50", 61200]]}'
BATCH = "2026-11-24 15:48:02 [media-batch] job=thumbnail-regenerate started, total=2860000 objects\n"
RESOLVE = "2026-11-30 20:12:05,902 ERROR [user-profile-sync] socket.gaierror: [Errno -3] Temporary failure\n"
QUANTILES = "time   p50_ms  p90_ms\n10:10  320     610\n10:15  318     602\n10:20  325     615\n10:25  322     608\n"


@pytest.mark.parametrize(("claim", "output"), [
    ("GC 最大停顿 15:05 和 15:10 两个窗口分别为 3.653 秒和 3.981 秒", GC),
    ("lag 从 14:00 的 1200 涨到 14:50 的 61200，约为 14:00 的 51 倍", LAG),
    ("lag 14:50 为 61200，是 14:00 的 51 倍", LAG),
    ("10:10–10:25 P50 在 318–325ms", QUANTILES),  # an en dash bounds a range: no point
    ("时间上紧跟 15:48 批任务启动、请求量涨到约 3.4 倍", BATCH),  # a multiple, no value of a log line
    ("user-profile-sync 在 20:12 报 [Errno -3]", RESOLVE),
])
def test_honest_figures_at_times(claim: str, output: str) -> None:
    assert value_at_time_conflict(claim, [output]) is None


@pytest.mark.parametrize(("claim", "output"), [
    ("GC 最大停顿 15:05 和 15:10 两个窗口分别为 3.981 秒和 3.653 秒", GC),  # swapped
    ("lag 从 14:00 的 1200 涨到 14:50 的 61200，约为 14:00 的 10 倍", LAG),  # a wrong multiple
    ("10:10 P50 为 325ms", QUANTILES),
])
def test_figures_at_the_wrong_times_are_still_conflicts(claim: str, output: str) -> None:
    assert value_at_time_conflict(claim, [output]) is not None


LOAD = (
    "time    node_load1   cpu_iowait_percent\n04:00   3.2   1.8\n04:10   41.3   63.2\n04:15   39.8   58.9\n"
    "04:20   4.1   2.3\n"
)


@pytest.mark.parametrize(("claim", "peak"), [
    ("load1 一路升到 04:15 的峰值 39.8", False),  # the load1 column peaks at 41.3
    ("iowait 最高 58.9%", False),
    ("load1 峰值 41.3", True),
    ("iowait 峰值 63.2%", True),
])
def test_a_peak_is_read_in_its_own_column_of_a_table_by_time(claim: str, peak: bool) -> None:
    assert (extreme_conflict(claim, [parse_series(LOAD)]) is None) is peak


# --- Figures a claim works out in the open, and names in another form (hard: located or not). ---

@pytest.mark.parametrize(("claim", "excerpt", "output", "located"), [
    ("09:05 login-route 约 60.5% 的请求被拒绝（51.2 / (51.2 + 33.4)）", "rejected=51.2 passed=33.4",
     "09:05 route=login-route rejected=51.2 passed=33.4\n", True),
    ("09:05 login-route 约 70.5% 的请求被拒绝（51.2 / (51.2 + 33.4)）", "rejected=51.2 passed=33.4",
     "09:05 route=login-route rejected=51.2 passed=33.4\n", False),  # the formula gives 60.5%
    ("wait_count 3 分钟新增 1230 次等待，约每分钟 410 次", "wait_count_delta=1230 window=3m",
     "db.stats wait_count_delta=1230 window=3m\n", True),
    ("wait_count 3 分钟新增 1230 次等待，约每分钟 510 次", "wait_count_delta=1230 window=3m",
     "db.stats wait_count_delta=1230 window=3m\n", False),
    ("该容器 15:52:47 被 OOMKill", "Reason:       OOMKilled", "Reason:       OOMKilled\nFinished: 15:52:47\n", True),
    ("DDL 在 order_db.t_order 上执行", "db=order_db table=t_order status=SUCCESS",
     "ticket=DDL-7 db=order_db table=t_order status=SUCCESS\n", True),
    ("DDL 在 order_db.t_refund 上执行", "db=order_db table=t_order status=SUCCESS",
     "ticket=DDL-7 db=order_db table=t_order status=SUCCESS\n", False),  # no t_refund anywhere
    ("空闲 inode 从 11-27 的 2101345 降到 11-30 的 0", '["2026-11-27 09:00", 2101345]',
     '{"points": [["2026-11-27 09:00", 2101345], ["2026-11-30 09:00", 0]]}', True),
])
def test_figures_and_names_located_by_their_form(claim, excerpt, output, located) -> None:
    _, detail = _check(claim, excerpt, output)
    assert ("no tool output contains or implies" not in detail) is located, detail


def test_a_span_between_two_quoted_times_without_a_year() -> None:
    output = "time          old_gen\n11-16 00:00   1.21 GiB\n11-17 00:00   2.47 GiB\n11-18 00:00   3.71 GiB\n"
    claim = "old_gen 从 11-16 00:00 的 1.21 GiB 增长到 11-18 00:00 的 3.71 GiB，48 小时增长 2.50 GiB"
    quotes = ("11-16 00:00   1.21 GiB", "11-18 00:00   3.71 GiB")
    assert span_between_quoted_times(extract_mentions("48 小时").numbers[0], quotes)
    assert not span_between_quoted_times(extract_mentions("36 小时").numbers[0], quotes)
    second = {"source_type": "metric", "source_id": "call_m1", "tool_name": "query_metrics",
              "source_invocation_ids": ["call_m1"], "evidence_excerpt": quotes[1]}
    record = verify_session(session(claim, quotes[0], output, tool="query_metrics", source_type="metric",
                                    extra_bindings=[second]))
    assert "48小时" not in record.claim_checks[0].detail
    assert record.claim_checks[0].verification == "direct_observation", record.claim_checks[0].detail


@pytest.mark.parametrize(("claim", "conflict"), [
    ("重传率 10:15 为 3.1%，约为 10:05（0.03%）的 10 倍", True),  # 103, not 10
    ("重传率 10:15 为 3.1%，约为 10:05（0.03%）的 100 倍", False),
    ("QPS 从 1200 涨到 3600，增长了 2 倍", False),  # a rise of 2 times: a ratio of 3
    ("P99 1.2 秒，是 SLA 200ms 的 6 倍", False),
    ("重启 5 次，是昨天的 2.5 倍", False),  # one figure of its kind: the operand is elsewhere
])
def test_a_multiple_must_be_the_ratio_of_its_own_figures(claim: str, conflict: bool) -> None:
    assert (multiple_conflict(claim) is not None) is conflict


@pytest.mark.parametrize(("claim", "conflict"), [
    ("重传率 10:10 升到 2.7%，10:15 为 3.1%，约为 10:05（0.03%）的 100 倍，10:20 回落到 0.04%", False),
    ("请求速率 410.2 req/s，批任务启动后请求量涨到约 3.4 倍", False),  # a multiple is no level
    ("重传率为 3.1%（10:05 为 0.03%），10:20 回落到 4.5%", True),
    ("P99（1315ms）降到 1640ms", True),  # only a bracketed level before it: that one
])
def test_a_rise_or_fall_is_read_from_the_level_it_left(claim: str, conflict: bool) -> None:
    assert (direction_conflict(claim) is not None) is conflict


# --- Audit X, second pass: denials of a cause or of more, zero series, binary G, titles, quotes. ---

@pytest.mark.parametrize(("claim", "output"), [
    ("payment-gateway 自身 06:29–06:32 没有 5xx（均为 0.0）", '{"5xx_req_per_s": [["06:29", 0.0], ["06:30", 0.0]]}'),
    ("HPA 没继续扩容是因为已经达到 maxReplicas 10", "ScalingLimited  True  TooManyReplicas  scaling is limited"),
    ("HPA 没扩容是因为 metrics-server 挂了，而不是 CPU 没达到阈值",
     "FailedGetResourceMetric: failed to get cpu utilization: unable to get metrics; HPA cannot scale up"),
])
def test_a_denial_of_a_cause_of_more_or_of_a_zero_series_is_no_conflict(claim: str, output: str) -> None:
    assert negation_conflict(claim, [output]) is None


@pytest.mark.parametrize(("claim", "output"), [
    ("期间没有 5xx", '{"5xx": [["13:50", 0.0], ["14:00", 2.0]]}'),  # one point is not zero
    ("HPA 没有扩容", "HPA scaled up: New size: 6; reason: cpu resource utilization above target"),
    ("后端没有故障", "[error] upstream timed out while reading response header"),
])
def test_a_denial_of_what_happened_is_still_a_conflict(claim: str, output: str) -> None:
    assert negation_conflict(claim, [output]) is not None


@pytest.mark.parametrize(("claim", "conflict"), [
    ("used_memory 从 09:30 的约 3.0G 一路上涨，10:10 涨到约 4.0G", False),  # 3221225472 B = 3.0 GiB
    ("used_memory 09:30 为 3.2G", False),  # and 3.22 GB
    ("used_memory 09:30 为 3.5G", True),
])
def test_a_decimal_size_letter_over_a_byte_count_may_be_binary(claim: str, conflict: bool) -> None:
    out = '{"unit": "bytes", "points": [["09:30", 3221225472], ["10:10", 4293918720]]}'
    assert (value_at_time_conflict(claim, [out]) is not None) is conflict


def test_rows_under_a_title_naming_the_subject_are_about_it() -> None:
    title = ('grpc_server_handling_seconds{service="inventory-service",grpc_method="ReserveStock"} quantiles (s)\n'
             "time    p50      p90      p99\n10:05   0.024    0.055    0.131\n10:10   0.310    0.742    1.480\n")
    other = ('2026-11-04T10:12:03+08:00 level=error service=order-service msg="rpc call failed" '
             "code=DeadlineExceeded timeout=800ms\n")
    quote = {"source_type": "log", "source_id": "call_m2", "tool_name": "query_logs",
             "source_invocation_ids": ["call_m2"], "evidence_excerpt": "timeout=800ms"}
    call = {"invocation_id": "call_m2", "trace_ref": "trace:m2", "tool_name": "query_logs", "arguments": {},
            "status": "ok", "output": other}
    claim = "inventory-service P99 从 10:05 的 0.131s 升到 10:10 的 1.480s，超过 800ms 的 deadline"
    record = verify_session(session(claim, "10:10   0.310    0.742    1.480", title, tool="query_metrics",
                                    source_type="metric", extra_bindings=[quote], extra_calls=[call]))
    assert "record it quotes" not in record.claim_checks[0].detail, record.claim_checks[0].detail


def test_a_query_listing_several_quantiles_computes_each() -> None:
    from groundcheck.programs.core.value_labels import _query_role
    assert _query_role("histogram_quantile(0.5|0.9|0.99, sum by (le) (rate(x_bucket[5m])))") is None
    assert _query_role("histogram_quantile(0.99, sum by (le) (rate(x_bucket[5m])))") == "p99"


@pytest.mark.parametrize(("claim", "excerpt", "contradicted"), [
    ("cron 正常调起了 logrotate，但 logrotate 跳过了 access.log", 'error: skipping "/var/log/access.log"', False),
    ("最后一次成功轮转出的文件是 access.log.1", "-rw-r----- 1 www-data adm 3.1G Nov 12 00:00 error.log", False),
    ("cron 正常调起了 logrotate", "error: skipping \"/var/log/nginx/access.log\"", True),
])
def test_a_fine_state_against_its_own_quote(claim: str, excerpt: str, contradicted: bool) -> None:
    from groundcheck.programs.core.lexical_judgements import _opposite_outcome
    binding = type("B", (), {"evidence_excerpt": excerpt})()
    assert (_opposite_outcome(claim, [binding]) is not None) is contradicted


def test_title_case_trade_terms_in_a_chinese_claim_are_no_names() -> None:
    from groundcheck.programs.text.content_words import content_words
    assert content_words("两个窗口内没有 Full GC（G1 Old Generation 为 0）").names == ()
    assert content_words("调用 Stripe 接口失败").names == ("stripe",)
    assert content_words("The answer names Barack Obama here").names == ("barack", "obama")  # English prose


# --- Audit X, third pass: concepts the outputs carry in their own vocabulary (soft: wording). ---

@pytest.mark.parametrize(("claim", "excerpt", "output"), [
    ("/data 的空闲 inode 降到 0", '"node_filesystem_files_free"',
     '{"metric": "node_filesystem_files_free", "value": 0}'),
    ("5 个 pod 因 ephemeral-storage 不足被驱逐", "The node was low on resource: ephemeral-storage",
     "Warning  Evicted  pod/web-1  The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi\n"),
    ("userdb 连接池 in_use 达到 max_open 40", "09:31  40        40    40      0",
     "time   max_open  open  in_use  idle\n09:31  40        40    40      0\n"),
    ("09:14:40 起 myid=3 开始过期会话", "Expiring session 0x30018c2f5a40021",
     "2026-11-25 09:14:40 INFO [SessionTracker] - Expiring session 0x30018c2f5a40021, timeout exceeded\n"),
    ("MinIO 节点 10.30.2.21:9000 只有 3/4 块盘在线", "10.30.2.21:9000   3/4",
     "endpoint          drives\n10.30.2.21:9000   3/4\n"),
    ("evicted_keys 10:10 只有 2.1 个/秒，10:15 飙升到 3120.5 个/秒", '["10:15", 3120.5]',
     '{"metric": "evicted_keys", "points": [["10:10", 2.1], ["10:15", 3120.5]]}'),
])
def test_a_concept_the_output_carries_in_its_own_vocabulary(claim: str, excerpt: str, output: str) -> None:
    _, detail = _check(claim, excerpt, output)
    assert "does not carry" not in detail, detail


@pytest.mark.parametrize(("claim", "excerpt", "output", "concept"), [
    ("evicted_keys 10:10 为 2.1 个/秒，10:15 飙升到 3.1 个/秒", '["10:15", 3.1]',
     '{"metric": "evicted_keys", "points": [["10:10", 2.1], ["10:15", 3.1]]}', "traffic_spike"),  # no spike
    ("磁盘被驱逐", "disk usage 81%", "disk usage 81%\n", "evicted"),
    ("该节点上的 pod 被驱逐", "disk usage 81%", "disk usage 81%\n", "evicted"),  # no object named: pod stays too
])
def test_a_concept_the_output_does_not_carry_is_still_named(claim, excerpt, output, concept) -> None:
    _, detail = _check(claim, excerpt, output)
    assert concept in detail, detail


# --- Audit X, fourth pass: totals of a points list, a range query's window, figures of listed rows. ---

ALERTS = (
    "alertname                 severity  target                          state     starts_at  ends_at\n"
    "KubePodCrashLooping       critical  trade/settle-job-x9k2c          resolved  23:05      23:47\n"
    "KafkaConsumerLagHigh      critical  settle-consumer (topic=settle)  resolved  23:06      01:12\n"
    "HighErrorRate5xx          critical  settlement-api                  resolved  23:07      23:49\n"
)


@pytest.mark.parametrize(("claim", "conflict"), [
    ("三条告警相继触发：KubePodCrashLooping 23:05，KafkaConsumerLagHigh 23:06，HighErrorRate5xx 23:07", False),
    ("KafkaConsumerLagHigh 23:06 触发，01:12 才恢复；HighErrorRate5xx 23:07–23:49", False),
    ("三条告警相继触发：KubePodCrashLooping 23:05，HighErrorRate5xx 23:06，KafkaConsumerLagHigh 23:07", True),
    ("HighErrorRate5xx 23:06 触发，01:12 才恢复；KafkaConsumerLagHigh 23:07–23:49", True),
])
def test_each_listed_row_subject_takes_the_figures_that_follow_it(claim: str, conflict: bool) -> None:
    excerpt = "HighErrorRate5xx          critical  settlement-api"
    _, detail = _check(claim, excerpt, ALERTS)
    assert ("row of" in detail) is conflict, detail


def test_a_total_of_a_points_list() -> None:
    output = '{"points": [["22:00-23:00", 6], ["23:00-00:00", 148], ["00:00-01:00", 72], ["01:00-02:00", 9]]}'
    excerpt = '["23:00-00:00", 148]'
    _, detail = _check("23:00–00:00 发了 148 条，占 22:00–02:00 总计 235 条的约 63%", excerpt, output)
    assert "235" not in detail, detail
    _, detail = _check("23:00–00:00 发了 148 条，占 22:00–02:00 总计 245 条的约 60%", excerpt, output)
    assert "245" in detail


@pytest.mark.parametrize(("claim", "located"), [
    ("02:00–03:00 这一小时内 etcd-0 观测到 6 次 leader 切换", True),  # increase(…[1h]) at 03:00
    ("01:00–03:00 这两小时内 etcd-0 观测到 6 次 leader 切换", False),
])
def test_a_range_querys_window_start_is_its_own_bound(claim: str, located: bool) -> None:
    output = '{"metric": {"instance": "etcd-0"}, "value": ["2026-11-30T03:00:00+08:00", "6"]}'
    args = {"query": "increase(etcd_server_leader_changes_seen_total[1h])", "time": "2026-11-30T03:00:00+08:00"}
    _, detail = _check(claim, output, output, tool="query_metrics", source_type="metric", arguments=args)
    assert ("no tool output contains or implies" not in detail) is located, detail


# --- Round Z (an attack round on this look's readings): what they must still catch. ---

def test_a_repeated_header_goes_on_with_its_table() -> None:
    watch = ("NAME    READY   STATUS             RESTARTS\npay-1   1/1     Running            0\n"
             "NAME    READY   STATUS             RESTARTS\npay-2   0/1     CrashLoopBackOff   7\n")
    _, detail = _check("pay-1 处于 CrashLoopBackOff 并已重启 7 次", "pay-1   1/1     Running", watch)
    assert "row of 'pay-2'" in detail, detail


def test_a_two_part_name_needs_its_parts_on_one_line() -> None:
    output = "db=order_db table=t_user rows=10\ndb=user_db table=t_order rows=20\n"
    _, detail = _check("DDL 在 order_db.t_order 上执行", "db=order_db table=t_user", output)
    assert "order_db.t_order" in detail


def test_a_yearless_span_is_read_in_a_common_year() -> None:
    number = extract_mentions("48 小时").numbers[0]
    assert not span_between_quoted_times(number, ("02-28 00:00  a", "03-01 00:00  b"))
    assert span_between_quoted_times(extract_mentions("24 小时").numbers[0], ("02-28 00:00  a", "03-01 00:00  b"))


@pytest.mark.parametrize(("claim", "conflict"), [
    ("失败来自数据库写入，而不是 OSS 故障", True),  # which cause is a reading: the denial is still read
    ("另外两个 pod（order-2、order-3）没有重启", True),  # order-3 restarted: named others are read by row
    ("另外两个 pod（order-2、order-4）没有重启", False),
])
def test_denials_of_named_others_and_of_a_cause(claim: str, conflict: bool) -> None:
    output = ("NAME      READY   STATUS    RESTARTS\norder-1   1/1     Running   6\norder-2   1/1     Running   0\n"
              "order-3   1/1     Running   4\norder-4   1/1     Running   0\n2026-11-30 order-1 restarted\n"
              "PutObject failed: OSS InternalError 500 error\n")
    assert (negation_conflict(claim, [output]) is not None) is conflict


def test_an_english_word_is_covered_by_what_the_claim_quotes_not_by_the_rest_of_the_output() -> None:
    output = "db connection pool ready\n2026-11-30 other job failed\n"
    verification, detail = _check("database connection failure", "db connection pool ready", output)
    assert verification != "direct_observation" and "failure" in detail


@pytest.mark.parametrize(("claim", "conflict"), [
    ("15:48 批任务启动、请求量涨到约 3.4 倍", False),  # 410 -> 1400 right after 15:48
    ("15:48 批任务启动、请求量涨到约 16 倍", True),
])
def test_a_multiple_at_a_logged_event_is_read_against_the_values_around_it(claim: str, conflict: bool) -> None:
    log = "2026-11-24 15:48:02 [batch] job started, shards=16\n"
    points = '{"points": [["15:45", 410.2], ["15:50", 1380.7], ["16:00", 1422.3]]}'
    assert (value_at_time_conflict(claim, [log, points]) is not None) is conflict


@pytest.mark.parametrize(("claim", "conflict"), [
    ("search 在 15:00 的 QPS 为 20，约为 14:00 的 51 倍", True),  # 20 is a fiftieth of 1020
    ("search 在 14:00 的 QPS 为 1020，约为 15:00 的 51 倍", False),
    ("order-1 在 10:10 的 5 分钟内重启 3 次，比 10:00 多 1 次", True),  # 4 -> 3 is one fewer
    ("order-1 在 10:10 的 5 分钟内重启 3 次，比 10:00 少 1 次", False),
])
def test_a_change_between_two_times_of_a_figures_only_table(claim: str, conflict: bool) -> None:
    output = "sum(rate(x[1m]))\n10:00  4\n10:10  3\n14:00  1020\n15:00  20\n"
    assert (value_at_time_conflict(claim, [output]) is not None) is conflict


@pytest.mark.parametrize(("claim", "conflict"), [
    ("order-svc 在 10:05 的 p99 延迟为 320ms", True),  # pay-svc's column
    ("order-svc 在 10:05 的 p99 延迟为 180ms", False),
    ("pay-svc 在 10:05 的 p99 延迟为 320ms", False),
])
def test_a_table_by_time_is_read_in_the_column_the_claim_names(claim: str, conflict: bool) -> None:
    output = "p99 latency (ms)\nTIME    order-svc   pay-svc\n10:00   120         140\n10:05   180         320\n"
    assert (value_at_time_conflict(claim, [output]) is not None) is conflict


def test_a_formula_at_a_time_must_use_the_values_at_that_time() -> None:
    series = {"metric": "db_pool_active", "max": 40, "points": [["06:00", 9], ["06:05", 40]]}
    assert value_at_time_conflict("06:00 时连接池使用率为 30%（12/40）", [series]) is not None  # 9 at 06:00
    assert value_at_time_conflict("06:00 时连接池使用率为 22.5%（9/40）", [series]) is None


def test_a_share_of_the_limit_the_output_states_beside_its_series() -> None:
    series = {"metric": "container_memory_working_set_bytes", "limit": "512Mi",
              "points": [["14:00", 529530880], ["14:03", 536870912]]}
    assert value_at_time_conflict("内存工作集在 14:03 达到 limit 的 100%", [series]) is None
    assert value_at_time_conflict("内存工作集在 14:00 达到 limit 的 100%", [series]) is not None


def test_a_kind_of_object_beside_a_named_one_is_read_against_what_the_call_lists() -> None:
    top = "NAME                     CPU(cores)   MEMORY(bytes)\nkube-proxy-6xk2p         1m           12Mi\n"
    _, detail = _check("kube-proxy-6xk2p 这个 pod 内存为 12Mi", "kube-proxy-6xk2p         1m           12Mi", top,
                       tool="kubectl_top_pods")
    assert "it names 'pod'" not in detail
    _, detail = _check("kube-proxy-6xk2p 这个 pod 内存为 12Mi", "kube-proxy-6xk2p         1m           12Mi", top,
                       tool="kubectl_top_nodes")
    assert "it names 'pod'" in detail


@pytest.mark.parametrize(("claim", "located"), [
    ("可写层从 16:20 的 0.31 GiB 涨到 16:45 的 2.04 GiB，约每分钟 71 MiB", True),  # 1.73 GiB over 25 minutes
    ("可写层从 16:20 的 0.31 GiB 涨到 16:45 的 2.04 GiB，约每分钟 171 MiB", False),
    ("data 使用率从 80.2% 升到 97.6%（10 分钟），约每分钟 1.7 个百分点", True),
])
def test_a_rate_over_a_change_and_a_span_the_claim_states(claim: str, located: bool) -> None:
    number = extract_mentions(claim).numbers[-1]
    assert rate_of_its_own_figures(claim, number) is located


# --- Audit Y (fresh; measured after X): keys glued to values, metric-name forms, quoted English. ---

GUNICORN = ("[2026-11-29 13:02:41 +0800] [7] [CRITICAL] master: WORKER TIMEOUT (pid:412)\n"
            "[2026-11-29 13:02:42 +0800] [530] [INFO] Booting worker with pid: 530\n"
            "[2026-11-29 13:04:40 +0800] [7] [CRITICAL] WORKER TIMEOUT (pid:530)\n")


@pytest.mark.parametrize(("claim", "located"), [
    ("master 13:02:41 报 WORKER TIMEOUT，pid 412", True),  # "(pid:412)": a key glued to its value
    ("master 13:02:41 报 WORKER TIMEOUT，pid 419", False),
    ("13:04:40 pid 530 也报了 WORKER TIMEOUT", True),  # the line at 13:04:40 writes pid:530
])
def test_a_value_glued_to_its_key(claim: str, located: bool) -> None:
    # (each claim quotes the line of its own time: rules-17 reads a clock tied to a quote at the quote's line)
    quote = "WORKER TIMEOUT (pid:530)" if "530" in claim else "WORKER TIMEOUT (pid:412)"
    verification, detail = _check(claim, quote, GUNICORN)
    assert (verification == "direct_observation") is located, detail


def test_a_status_code_in_a_metric_name() -> None:
    output = '{"metric": "nginx_502_per_min", "points": [["12:55", 0], ["13:00", 14]]}'
    _, detail = _check("nginx 502 在 13:00 是 14 次/分钟", '["13:00", 14]', output, tool="query_metrics")
    assert "'502'" not in detail, detail


def test_an_english_denial_the_claim_copies_from_the_output() -> None:
    output = 'msg "Starting an election, since we have seen no PRIMARY in election timeout period" timeout'
    assert negation_conflict("以 no PRIMARY in election timeout period 为由发起选举", [output]) is None
    assert negation_conflict("服务 no timeout occurred 期间", ["timeout occurred in worker 3"]) is not None


def test_a_rate_over_a_change_of_counts_between_two_clocks() -> None:
    claim = "lag 18:10 到 18:20 涨了 423400，约每分钟 42340 条"
    assert rate_of_its_own_figures(claim, extract_mentions(claim).numbers[-1])
    claim = "lag 18:10 到 18:20 涨了 423400，约每分钟 52340 条"
    assert not rate_of_its_own_figures(claim, extract_mentions(claim).numbers[-1])


@pytest.mark.parametrize(("claim", "located"), [
    ("日志 13:27:55Z（21:27:55）还在报 503", True),  # "13:27:55.918Z": the same second
    ("日志 13:27:59Z 还在报 503", False),
])
def test_a_utc_clock_without_its_fraction(claim: str, located: bool) -> None:
    output = "ts=2026-11-29T13:27:55.918Z level=warn msg=\"Failed to send batch\" err=\"HTTP status 503\"\n"
    _, detail = _check(claim, 'msg="Failed to send batch"', output)
    assert ("no tool output contains or implies" not in detail) is located, detail


@pytest.mark.parametrize(("claim", "conflict"), [
    ("第一条报错（02:14:06）出现在 fsid 变化（02:13:55）之后约 10 秒", False),  # 11 s between its own times
    ("第一条报错（02:14:06）出现在 fsid 变化（02:13:55）之后约 40 秒", True),
])
def test_a_duration_between_the_claims_own_times_at_a_log_line(claim: str, conflict: bool) -> None:
    log = "2026-11-29T02:13:55.690+08:00 nfs-01 exportfs: exporting\n2026-11-29T02:14:06.100+08:00 web-03 ESTALE\n"
    assert (value_at_time_conflict(claim, [log]) is not None) is conflict


def test_a_line_of_figures_glued_by_a_dash_is_no_row_of_figures() -> None:
    # "12-3" is no figure: read as a line, never as values (it once raised inside the change reading)
    assert value_at_time_conflict("10:05 为 4，比 10:00 少 1", ["10:00  12-3\n10:05  4\n"]) is not None
    assert value_at_time_conflict("10:05 为 4，比 10:00 少 1", ["10:00  5\n10:05  4\n"]) is None


@pytest.mark.parametrize(("answer", "contradicted"), [
    ("10:10 换了 3 次，比 10:00 少 1 次。", False),  # a change between two times, read as one
    ("10:10 换了 3 次，与 10:00 相比少了 1 次。", False),
    ("10:10 换了 4 次，10:00 换了 3 次。", True),  # figures moved between the times
])
def test_an_answers_change_between_two_times_is_read_by_the_series_reading(answer: str, contradicted: bool) -> None:
    record = verify_session(session("10:10 换了 3 次", '["10:10", 3]', '{"points": [["10:00", 4], ["10:10", 3]]}',
                                    tool="query_metrics", source_type="metric", answer=answer))
    answer_facts = [f.classification for f in record.facts_checked if f.source == "user_facing_answer"]
    assert ("contradicted" in answer_facts) is contradicted
