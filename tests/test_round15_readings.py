"""What a fifteenth look found (issue 9): attacks on rules-16's own readings that still passed (round
ZZ), each class with its honest form and the attack it must catch.

Soft (wording, a model may overrule): a figure tied to a key the output writes with another value, in
either order ("timeout 为 40 秒", "40 秒的 timeout") and by the key's last part ("timeout" of
`statement_timeout`); a figure given to a subject that heads a column, found only in another's column;
a row's ordinal cell read as its value; a count at a time that is not the number of the table's rows
at that time; a multiple of where a course started (是原来的 N 倍) read off the course only; a multiple
of a measure read off the cited figures that follow the measure's words; a whole of N/N that is of the
errors, not of the requests the claim scopes; a count written once, beside a fraction, is no whole."""

from __future__ import annotations

import json

import pytest
from test_round7_readings import _check

from groundcheck.programs.text.own_arithmetic import multiple_conflict
from groundcheck.programs.text.tokens import extract_mentions


def _judged(honest: bool, claim: str, excerpt: str, output: object, **kw: object) -> str:
    """The claim's check, asserted a direct observation exactly when the claim is honest; its detail."""
    verification, detail = _check(claim, excerpt, output, **kw)
    assert (verification == "direct_observation") is honest, detail
    return detail


REPORT_LOG = (
    "2026-11-29T10:02:13+08:00 ERROR [report-svc] query q-7781 elapsed=53s exceeded "
    "statement_timeout=30s; pool_wait=40s\n"
)
REPORT_QUOTE = "query q-7781 elapsed=53s exceeded statement_timeout=30s; pool_wait=40s"


@pytest.mark.parametrize(("claim", "honest"), [
    ("report-svc 的查询 q-7781 耗时 53 秒，比 30 秒的 statement_timeout 长 23 秒", True),
    ("report-svc 的查询 q-7781 耗时 53 秒，比 30 秒的 timeout 长 23 秒", True),
    ("q-7781 耗时 53 秒，timeout 为 30 秒", True),
    ("q-7781 等了 40 秒的 pool_wait", True),
    ("q-7781 等待连接池 40 秒，超过 30 秒的 statement_timeout", True),
    # the 40 s is the pool wait: the timeout is 30 s
    ("report-svc 的查询 q-7781 耗时 53 秒，比 40 秒的 timeout 长 13 秒", False),
    ("q-7781 耗时 53 秒，timeout 为 40 秒", False),
    ("q-7781 耗时 53 秒，超过 40 秒的 statement_timeout", False),
    ("q-7781 的 wait 为 30 秒", False),
])
def test_a_figure_tied_to_a_key_in_either_order_and_by_the_keys_last_part(claim: str, honest: bool) -> None:
    verification, detail = _check(claim, REPORT_QUOTE, REPORT_LOG, tool="query_logs", source_type="log")
    assert (verification == "direct_observation") is honest, detail
    if not honest:
        assert verification == "contradicted"
        assert "pool_wait" in detail or "statement_timeout" in detail


def test_a_count_before_a_key_is_no_value_of_the_key() -> None:
    """"3 个 broker 的 …": a count of the key's things; the output's isr=3 is not read against it."""
    output = "partition=7 leader=broker-2 isr=3 replicas=3 broker=2\n"
    _, detail = _check("3 个 broker 的 partition 7 副本都在 ISR 中", "leader=broker-2 isr=3 replicas=3", output)
    assert "gives 3" not in detail, detail


WEB_CPU = (
    "cpu_usage_percent\n"
    "TIME    web-1  web-2  web-3\n"
    "10:00   41     45     44\n"
    "10:05   43     92     47\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("web-2 的 CPU 使用率峰值达到 92%", True),
    ("web-1 的 CPU 使用率在 10:05 为 43%", True),
    ("web-3 的 CPU 从 44% 升到 47%", True),
    ("web-1 CPU 最高 43%，其他节点最高 92%", True),  # the 92 is said of the others, in a clause of its own
    ("web-1 的 CPU 使用率峰值达到 92%", False),
    ("web-1 的 CPU 使用率峰值为 47%", False),
])
def test_a_figure_given_to_a_column_subject_is_in_its_column(claim: str, honest: bool) -> None:
    detail = _judged(honest, claim, "10:05   43     92     47", WEB_CPU, tool="query_metrics",
                             source_type="metric")
    if not honest:
        assert "under 'web-" in detail


def test_a_measure_header_is_no_column_subject() -> None:
    """A claim naming one measure of a header ("req_per_s") and figures of the others is not read by
    columns: measures are no subjects."""
    row = "10:05   0              2711.9     950"
    output = f"time    probe_success  req_per_s  p99_ms\n10:00   1              2903.2     48\n{row}\n"
    verification, detail = _check("10:05 probe_success 为 0，吞吐 2711.9 req/s，p99 950ms", row, output,
                                  tool="query_metrics", source_type="metric")
    assert verification == "direct_observation", detail


SMART = (
    "ID# ATTRIBUTE_NAME          FLAG     VALUE WORST THRESH TYPE      UPDATED  WHEN_FAILED RAW_VALUE\n"
    "  5 Reallocated_Sector_Ct   0x0033   100   100   010    Pre-fail  Always       -       24\n"
    "197 Current_Pending_Sector  0x0012   100   100   000    Old_age   Always       -       0\n"
)
SMART_ROW = "  5 Reallocated_Sector_Ct   0x0033   100   100   010    Pre-fail  Always       -       24"


@pytest.mark.parametrize(("claim", "honest"), [
    ("sdb 的 Reallocated_Sector_Ct 原始值为 24", True),
    ("sdb 的 Reallocated_Sector_Ct（ID 5）原始值为 24", True),  # the claim names the column
    ("sdb 的 5 号属性 Reallocated_Sector_Ct 为 24", True),  # written as an ordinal
    ("sdb 第 5 项 Reallocated_Sector_Ct 为 24", True),
    ("sdb 的 Reallocated_Sector_Ct 为 5", False),
    ("sdb 的 Current_Pending_Sector 为 197", False),
])
def test_a_rows_ordinal_cell_is_no_value_of_it(claim: str, honest: bool) -> None:
    excerpt = SMART_ROW if "Reallocated" in claim else "197 Current_Pending_Sector  0x0012"
    detail = _judged(honest, claim, excerpt, SMART, arguments={"host": "store-03", "cmd": "smartctl -A /dev/sdb"})
    if not honest:
        assert "'id#'" in detail


RESTARTS = (
    "TIME   POD         RESTARTS\n"
    "19:10  worker-0    3\n"
    "19:10  worker-1    3\n"
    "19:12  worker-2    1\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("19:10 时 2 个 pod 发生重启", True),
    ("19:10 有 2 个 pod 各重启 3 次", True),
    ("19:10 时 3 个 pod 发生重启", False),  # the 3 is their RESTARTS, not how many rows
])
def test_a_count_at_a_time_is_the_number_of_rows_at_that_time(claim: str, honest: bool) -> None:
    _judged(honest, claim, "19:10  worker-0    3", RESTARTS, tool="kubectl")


ORDER_ERRORS = "10:00  40\n10:55  360\n11:00  480\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("order 错误数从 40 涨到 360，是原来的 9 倍（峰值 480）", True),
    ("order 错误数从 40 涨到 360，峰值 480，是原来的 12 倍", True),  # the peak's multiple, the peak right before
    ("order 错误数从 40 涨到 480，是原来的 12 倍", True),
    ("order 错误数从 40 涨到 360，是原来的 12 倍（峰值 480）", False),
    ("order 错误数从 40 涨到 360，为原来的 12 倍", False),
])
def test_a_multiple_of_where_a_course_started_is_read_off_the_course(claim: str, honest: bool) -> None:
    assert (multiple_conflict(claim, [ORDER_ERRORS]) is None) is honest


GC_LINE = ("2026-11-29T10:05:00+08:00 WARN  [api] GC pause (G1 Young): heap 120MB->480MB, pause 35ms, "
           "previous pause 30ms\n")


@pytest.mark.parametrize(("claim", "honest"), [
    ("api 的 GC 暂停时间约为之前的 1.2 倍", True),
    ("api 的 GC 暂停时间约为之前的 4 倍", False),  # 4 is the heap's 480/120
])
def test_a_multiple_of_a_measure_is_read_off_the_figures_after_its_words(claim: str, honest: bool) -> None:
    assert (multiple_conflict(claim, [GC_LINE.lower()]) is None) is honest


def test_a_multiple_of_a_measure_over_a_series_pools_its_points() -> None:
    """Points of the measure on lines of their own ("10:00 gc pause 30ms", "10:05 gc pause 120ms")."""
    series = "10:00 gc pause 30ms\n10:05 gc pause 120ms\n"
    assert multiple_conflict("GC 暂停时间约为之前的 4 倍", [series]) is None
    assert multiple_conflict("GC 暂停时间约为之前的 9 倍", [series]) is not None


CHECKOUT = (
    "window 10:00-10:05 service=checkout requests=48210 errors=312 error_rate=0.65%\n"
    "error breakdown: 503=100.0% (312/312)\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("10:00-10:05 checkout 的 312 个错误全部是 503（312/312），错误率 0.65%", True),
    ("10:00-10:05 checkout 的错误全部是 503", True),
    ("10:00-10:05 checkout 的请求全部返回 503", False),  # all errors are 503, not all requests
])
def test_a_whole_of_the_errors_is_no_whole_of_the_requests(claim: str, honest: bool) -> None:
    verification, detail = _check(claim, "error breakdown: 503=100.0% (312/312)", CHECKOUT, tool="query_logs",
                                  source_type="log")
    assert (verification == "direct_observation") is honest, detail
    if not honest:
        assert verification == "overstated" and "全部" in detail


CEPH = (
    "  cluster:\n    health: HEALTH_WARN\n            1/3 mons down, quorum a,b\n\n"
    "  services:\n    mon: 3 daemons, quorum a,b (age 12m), out of quorum: c\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("3 个 mon 中 2 个在 quorum 中（a、b），c 是 out of quorum", True),
    ("3 个 mon 全部在 quorum 中（a、b、c）", False),  # "1/3 mons down" writes no whole of 3
])
def test_a_count_beside_a_fraction_is_no_whole(claim: str, honest: bool) -> None:
    _judged(honest, claim, "mon: 3 daemons, quorum a,b (age 12m), out of quorum: c", CEPH)


# --- round z3: a red-team helper's attacks on rules-16 (black box), and the honest forms it found rejected

BUNDLE = ("2026-11-29T10:28:44.120+08:00 policy-webhook-6b8f9d7c4-8vq2n INFO  policy bundle reloaded: "
          "bundle=pod-security revision=r1843 rules=2417 (previous revision=r1842 rules=312)\n")
BUNDLE_QUOTE = "bundle=pod-security revision=r1843 rules=2417 (previous revision=r1842 rules=312)"


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("webhook 重新加载策略包，规则数从 312 条涨到 2417 条", BUNDLE, True),
    ("webhook 重新加载策略包，规则数从 2417 条精简到 312 条", BUNDLE, False),
    ("maxmemory 从 4 gb 调到 2 gb", "config set maxmemory: 4gb -> 2gb\n", True),
    ("maxmemory 从 2 gb 调到 4 gb", "config set maxmemory: 4gb -> 2gb\n", False),
])
def test_a_course_is_read_in_the_direction_its_output_writes(claim: str, output: str, honest: bool) -> None:
    quote = BUNDLE_QUOTE if output is BUNDLE else output.strip()
    detail = _judged(honest, claim, quote, output, tool="query_logs", source_type="log")
    if not honest:
        assert "earlier" in detail


RPS = '{"unit": "req/s", "points": [["09:00", 1200], ["09:05", 1260], ["09:10", 3000]]}'


@pytest.mark.parametrize(("claim", "honest"), [
    ("api-gw 的请求速率从 09:00 的 1200 req/s 增长到 09:10 的 3000 req/s，增长了 150%", True),
    ("api-gw 的请求速率从 1200 req/s 增长到 3000 req/s，增长了约 1.5 倍", True),  # the rise alone: a ratio of 2.5
    ("api-gw 的请求速率从 1200 req/s 增长到 3000 req/s，是原来的 2.5 倍", True),
    ("api-gw 的请求速率从 09:00 的 1200 req/s 增长到 09:10 的 3000 req/s，增长了 250%", False),
    ("api-gw 的请求速率从 1200 req/s 增长到 3000 req/s，下降了 150%", False),
    ("api-gw 的请求速率从 1200 req/s 增长到 3000 req/s，增长了 3.5 倍", False),
])
def test_a_change_in_percent_is_the_change_of_its_own_course(claim: str, honest: bool) -> None:
    _judged(honest, claim, '["09:10", 3000]', RPS, tool="query_metrics", source_type="metric",
                    arguments={"service": "api-gw"})


def test_a_change_in_points_over_a_course_of_percents() -> None:
    from groundcheck.programs.text.own_arithmetic import course_change_conflict

    assert course_change_conflict("错误率从 12.1% 升到 14.2%，上升了 2.1%") is None  # points, as often written
    assert course_change_conflict("错误率从 12.1% 升到 14.2%，上升了约 17%") is None  # (14.2 - 12.1) / 12.1
    assert course_change_conflict("错误率从 12.1% 升到 14.2%，上升了 117%") is not None


UTC_LOG = ("2026-11-30T02:11:45Z ERROR [gateway] upstream timed out (110: Connection timed out) while reading "
           "response header from upstream\n")


@pytest.mark.parametrize(("claim", "honest"), [
    ("gateway 在 10:11（北京时间）出现上游读超时", True),
    ("gateway 在 02:11（UTC）出现上游读超时", True),
    ("gateway 在 10:11（UTC 02:11）出现上游读超时", True),  # the moment restated in another zone: no label
    ("gateway 在 02:11（北京时间）出现上游读超时", False),  # 02:11 UTC is 10:11 in Beijing
])
def test_a_zone_in_brackets_after_the_clock_is_its_own(claim: str, honest: bool) -> None:
    _judged(honest, claim, "upstream timed out (110: Connection timed out)", UTC_LOG,
                    tool="query_logs", source_type="log", arguments={"service": "gateway"})


PER_MINUTE = '{"points": [["11:00", 1200], ["11:01", 1180], ["11:02", 240]]}'
PER_MINUTE_QUERY = {"promql": 'sum(increase(order_created_total{service="order-api"}[1m]))'}


@pytest.mark.parametrize(("claim", "honest"), [
    ("order-api 在 11:00 每分钟创建 1200 个订单", True),
    ("order-api 在 11:00 每秒创建约 20 个订单", True),
    ("order-api 在 11:00 创建了 1200 个订单", True),
    ("order-api 在 11:00 每秒创建 1200 个订单", False),  # an increase over one minute counts per minute
    ("order-api 在 11:02 每秒创建约 20 个订单", False),
])
def test_an_increase_over_one_minute_counts_per_minute(claim: str, honest: bool) -> None:
    _judged(honest, claim, '["11:00", 1200]', PER_MINUTE, tool="query_metrics", source_type="metric",
                    arguments=PER_MINUTE_QUERY)


NODES = (
    "NAME       STATUS     ROLES    AGE   VERSION\n"
    "node-1     Ready      <none>   92d   v1.28.4\n"
    "node-2     Ready      <none>   92d   v1.28.4\n"
    "node-3     NotReady   <none>   92d   v1.28.4\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("node-1、node-2 都处于就绪状态，node-3 为 NotReady", True),
    ("node-1、node-2、node-3 都是 v1.28.4", True),
    ("三个节点 node-1、node-2、node-3 都处于就绪状态", False),  # "NotReady" is no Ready
])
def test_a_listed_item_whose_line_does_not_show_the_state(claim: str, honest: bool) -> None:
    _judged(honest, claim, "node-1     Ready      <none>   92d   v1.28.4", NODES, tool="kubectl",
                    arguments={"cmd": "kubectl get nodes"})


def test_a_term_glued_to_a_negation_names_its_absence() -> None:
    from groundcheck.programs.text.glossary import contains_term

    assert contains_term("node-3 ready", "ready")
    assert not contains_term("node-3 notready", "ready")
    assert not contains_term("replica unavailable", "available")
    assert contains_term("replica available, node notready", "available")


DEPLOY = (
    "NAME           READY   UP-TO-DATE   AVAILABLE   AGE\n"
    "pay-gateway    3/3     3            3           41d\n"
    "pay-core       2/4     4            2           41d\n"
)


@pytest.mark.parametrize(("claim", "excerpt", "honest"), [
    ("pay-gateway 的 3 个副本全部可用", "pay-gateway    3/3     3            3", True),
    ("pay-core 的 4 个副本全部可用", "pay-core       2/4     4            2", False),  # the 3/3 is another row's
])
def test_a_whole_shown_on_another_subjects_line_is_not_the_claims(claim: str, excerpt: str, honest: bool) -> None:
    _judged(honest, claim, excerpt, DEPLOY, tool="kubectl",
                    arguments={"cmd": "kubectl get deploy -n pay"})


TOP = (
    "NAME                    CPU(cores)   MEMORY(bytes)\n"
    "cart-7d9f8b6c4-2xkqp    120m         512Mi\n"
    "cart-7d9f8b6c4-8hwzn    980m         1843Mi\n"
    "cart-7d9f8b6c4-kq7tm    95m          498Mi\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("cart 的 3 个 pod 内存都在 2000Mi 以下", True),
    ("cart 的 3 个 pod 内存都超过 400Mi", True),
    ("cart 的 3 个 pod 内存都在 500Mi 以下", False),
    ("cart 的 3 个 pod 内存都超过 500Mi", False),
])
def test_a_bound_given_to_every_row_holds_on_each(claim: str, honest: bool) -> None:
    _judged(honest, claim, "cart-7d9f8b6c4-kq7tm    95m          498Mi", TOP, tool="kubectl",
                    arguments={"cmd": "kubectl top pod -n shop -l app=cart"})


PODS = (
    "NAME                    READY   STATUS    RESTARTS      AGE\n"
    "cart-7d9f8b6c4-2xkqp    1/1     Running   0             4d\n"
    "cart-7d9f8b6c4-8hwzn    1/1     Running   3 (12m ago)   4d\n"
    "cart-7d9f8b6c4-kq7tm    1/1     Running   0             4d\n"
    "cart-7d9f8b6c4-p9d2s    1/1     Running   1 (2h ago)    4d\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("cart 的 4 个 pod 中有 2 个发生过重启", True),
    ("cart 的 4 个 pod 中有 4 个发生过重启", False),  # the 4 is their AGE (4d)
])
def test_a_count_of_restarted_rows_is_read_off_the_restarts_column(claim: str, honest: bool) -> None:
    _judged(honest, claim, "cart-7d9f8b6c4-8hwzn    1/1     Running   3 (12m ago)   4d", PODS,
                    tool="kubectl", arguments={"cmd": "kubectl get pods -n shop -l app=cart"})


# --- honest forms the audits found rejected

LOCKS = (
    " pid   | usename | wait          | blocked_by\n"
    " 48213 | inv_app | 00:00:04.912 |      47120\n"
    " 48230 | inv_app | 00:00:03.105 |      47120\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("inv_app 会话被 47120 阻塞，已等待 3.1–4.9 秒", True),  # PostgreSQL's intervals, in seconds
    ("inv_app 会话被 47120 阻塞，最长已等待 5.9 秒", False),
])
def test_an_interval_of_no_hours_is_a_duration_in_seconds(claim: str, honest: bool) -> None:
    detail = _judged(honest, claim, " 48213 | inv_app | 00:00:04.912 |      47120", LOCKS)
    if not honest:
        assert "5.9" in detail


LOCKUP = "[Sat Nov 29 01:48:18 2026] watchdog: BUG: soft lockup - CPU#30 stuck for 23s! [qemu-system-x86:7720]\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("01:48:18 CPU#30 上的 qemu-system-x86（7720）soft lockup 了 23s", True),
    ("01:48:18 CPU#30 上的 qemu-system-x86（7721）soft lockup 了 23s", False),
])
def test_a_process_id_after_its_name_and_a_colon(claim: str, honest: bool) -> None:
    _judged(honest, claim, LOCKUP.strip(), LOCKUP)


def test_the_outputs_own_unit_wins_over_its_querys_name() -> None:
    """`pg_total_relation_size_bytes` answered with "unit": "GiB": a difference of its points is in GiB."""
    output = ('{"metric": "pg_total_relation_size", "unit": "GiB", "points": '
              '[["2026-11-23", 61.2], ["2026-11-26", 78.9], ["2026-11-29", 97.4]]}')
    arguments = {"metric": "pg_total_relation_size_bytes", "table": "events", "unit": "GiB"}
    for claim, honest in [("events 从 61.2 GiB 涨到 97.4 GiB，涨了 36.2 GiB", True),
                          ("events 从 61.2 GiB 涨到 97.4 GiB，涨了 38.2 GiB", False)]:
        verification, detail = _check(claim, '["2026-11-29", 97.4]', output, tool="query_metrics",
                                      source_type="metric", arguments=arguments)
        assert (verification == "direct_observation") is honest, detail


@pytest.mark.parametrize(("claim", "arguments", "honest"), [
    ("minio-prod 有 1 块盘离线", {"command": "mc admin info minio-prod"}, True),
    ("order-detail.auto_refresh_tracking 已全量到 100%",
     {"command": "flagctl history order-detail.auto_refresh_tracking --env prod"}, True),
    ("auto_refresh_tracking 已全量到 100%",
     {"command": "flagctl history order-detail.auto_refresh_tracking --env prod"}, True),
    ("pg_locks 显示 3 个会话在等锁", {"sql": "select mode, count(*) from pg_locks where not granted"}, True),
    ("kube-apiserver 日志显示 webhook 超时", {"source": "kube-apiserver", "query": "webhook"}, True),
    # a name no argument gives the command as its object stays absent
    ("minio-dr 有 1 块盘离线", {"command": "mc admin info minio-prod"}, False),
])
def test_the_object_a_command_reports_on_grounds_its_name(claim: str, arguments: dict, honest: bool) -> None:
    output = "rollout 20% -> 100% done; 1 drive offline; 3 sessions waiting; webhook timed out\n"
    _, detail = _check(claim, output.strip()[:40], output, arguments=arguments)
    names_absent = "no tool output contains or implies" in detail
    assert names_absent is not honest, detail


ETCD = (
    "+---------------------+------------------+---------+-----------+\n"
    "|      ENDPOINT       |        ID        | VERSION | IS LEADER |\n"
    "+---------------------+------------------+---------+-----------+\n"
    "| https://etcd-1:2379 | 8e9e05c52164694d |  3.5.9  |     false |\n"
    "| https://etcd-2:2379 | 91bc3c398fb3c146 |  3.5.9  |      true |\n"
    "+---------------------+------------------+---------+-----------+\n"
)
PATRONI = (
    "| Member | Host       | Role    | State     | TL |\n"
    "+--------+------------+---------+-----------+----+\n"
    "| pg-0   | 10.4.1.10  | Leader  | running   |  7 |\n"
    "| pg-1   | 10.4.1.11  | Replica | streaming |  7 |\n"
)


@pytest.mark.parametrize(("claim", "output", "excerpt", "honest"), [
    ("当前 etcd 集群的 leader 是 etcd-2", ETCD, "| https://etcd-2:2379 | 91bc3c398fb3c146", True),
    ("etcd-1 不是 leader", ETCD, "| https://etcd-1:2379 | 8e9e05c52164694d", True),
    ("当前 etcd 集群的 leader 是 etcd-1", ETCD, "| https://etcd-1:2379 | 8e9e05c52164694d", False),
    ("pg-orders 集群当前的主库是 pg-0", PATRONI, "| pg-0   | 10.4.1.10  | Leader", True),
    ("pg-orders 集群当前的主库是 pg-1", PATRONI, "| pg-1   | 10.4.1.11  | Replica", False),
])
def test_a_role_is_read_on_its_subjects_row(claim: str, output: str, excerpt: str, honest: bool) -> None:
    _judged(honest, claim, excerpt, output, arguments={"cluster": "pg-orders", "cmd": "status"})


PS = (
    "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
    "app        18231 38.2 71.4 9873212 5843220 ?    Sl   08:12  41:07 java -Xmx6g -jar order-service.jar\n"
    "mysql       1022  4.1 12.3 2876544 1006720 ?    Ssl  Nov20  96:31 /usr/sbin/mysqld\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("order-service 的 java 进程（18231）内存占用率为 71.4%，CPU 38.2%", True),
    ("order-service 的 java 进程（18231）内存占用率为 38.2%", False),  # under %CPU, %MEM being 71.4
])
def test_a_figure_given_as_one_measure_under_anothers_column(claim: str, honest: bool) -> None:
    _judged(honest, claim, "18231 38.2 71.4", PS, arguments={"cmd": "ps aux --sort=-%mem"})


ENVOY = "cluster.inventory.upstream_rq_time: P50(38,35) P95(850,790) P99(2300,2100)\n"
REDIS = "# Memory\nused_memory_human:1.20G\nused_memory_peak_human:1.87G\nmaxmemory_human:2.00G\n"


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("inventory 上游请求的 P99 耗时为 2300ms", ENVOY, True),
    ("inventory 上游请求的 P95 耗时为 850ms", ENVOY, True),
    ("inventory 上游请求的 P99 耗时为 850ms", ENVOY, False),  # Envoy's bracketed list of P95
    ("inventory 当前已用内存为 1.20G", REDIS, True),
    ("inventory 内存峰值为 1.87G", REDIS, True),
    ("inventory 当前已用内存为 1.87G", REDIS, False),  # the peak, not the current use
])
def test_a_value_keeps_the_label_its_output_gives_it(claim: str, output: str, honest: bool) -> None:
    _judged(honest, claim, output.strip().splitlines()[-1][:30], output,
                    arguments={"service": "inventory", "cmd": "stats"})


ERROR_RATIO = '{"points": [["14:00", 0.003], ["14:05", 0.121], ["14:10", 0.138], ["14:15", 0.142]]}'


@pytest.mark.parametrize(("claim", "honest"), [
    ("search 的错误率 14:05 为 12.1%，随后升到 14.2%", True),
    ("search 的错误率 14:05 为 12.1%，之后继续上升", True),
    ("search 的错误率在 14:05 升到 12.1% 后开始回落", False),  # a fraction series still rising
    ("search 的错误率 14:05 为 12.1%，随后回落", False),
])
def test_a_turn_after_a_time_with_its_value_between(claim: str, honest: bool) -> None:
    query = ('sum(rate(http_requests_total{service="search",code=~"5.."}[5m])) '
             '/ sum(rate(http_requests_total{service="search"}[5m]))')
    _judged(honest, claim, '["14:05", 0.121]', ERROR_RATIO, tool="query_metrics",
                    source_type="metric", arguments={"promql": query})


HAPROXY = "# pxname,svname,status\nweb_back,web-1,UP\nweb_back,web-2,DOWN\nweb_back,web-3,UP\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("haproxy 后端 web_back 的 web-1、web-3 都在线", True),
    ("haproxy 后端 web_back 的 web-1、web-2、web-3 都在线", False),
])
def test_online_over_a_backend_that_is_down(claim: str, honest: bool) -> None:
    _judged(honest, claim, "web_back,web-1,UP", HAPROXY, arguments={"cmd": "haproxy show stat"})


INVENTORY_LOG = (
    "2026-11-30T10:12:04+08:00 WARN  [inventory] GC pause 850ms (G1 Evacuation Pause)\n"
    "2026-11-30T10:21:37+08:00 ERROR [inventory] container killed: OOMKilled (memory limit 2Gi)\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("inventory 容器在 10:21 因 OOMKilled 被杀", True),
    ("inventory 容器在 10:21:37 因 OOMKilled 被杀", True),
    ("inventory 容器在 10:12 之后因 OOMKilled 被杀", True),  # a bound, no time of the event
    ("inventory 容器在 10:12 因 OOMKilled 被杀", False),  # the GC line's time
])
def test_a_clock_tied_to_a_quote_is_its_lines_time(claim: str, honest: bool) -> None:
    _judged(honest, claim, "ERROR [inventory] container killed: OOMKilled (memory limit 2Gi)",
                    INVENTORY_LOG, tool="query_logs", source_type="log",
                    arguments={"service": "inventory"})


def test_an_address_and_a_restated_epoch_are_no_event_times() -> None:
    from groundcheck.programs.core.quoted_times import quoted_time_conflict

    assert quoted_time_conflict("CoreDNS 向上游 10.0.0.2:53 转发查询超时", ["10.0.0.2:53: i/o timeout"], []) is None
    # the claim's own reading of an epoch, in brackets: not read against the quoted line's stamp
    assert quoted_time_conflict("iat=1795486511（北京时间 10:15:11）比 now 晚 9 秒", ["(iat=1795486511"], []) is None


KUBELET = (
    "● kubelet.service - kubelet: The Kubernetes Node Agent\n"
    "     Active: activating (auto-restart) (Result: exit-code) since Mon 2026-11-30 09:41:12 CST; 6s ago\n"
    "   Main PID: 81234 (code=exited, status=1/FAILURE)\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("kubelet 服务未在运行，主进程 81234 以 status=1 退出", True),
    ("kubelet 服务处于运行中状态，主进程 81234", False),
])
def test_a_unit_said_running_over_its_active_line(claim: str, honest: bool) -> None:
    _judged(honest, claim, "Main PID: 81234 (code=exited, status=1/FAILURE)", KUBELET,
                    arguments={"cmd": "systemctl status kubelet --no-pager"})


@pytest.mark.parametrize(("claim", "honest"), [
    ("请求耗时 1500 毫秒", True),
    ("请求耗时 1.5 秒", True),
    ("请求耗时 1500 秒", False),  # the key names milliseconds
])
def test_a_key_that_names_its_unit(claim: str, honest: bool) -> None:
    _judged(honest, claim, "elapsed_ms=1500", "request done elapsed_ms=1500 status=200\n")


VECTOR = json.dumps([{"metric": {"service": "order"}, "value": [1796014800, "1240"]},
                     {"metric": {"service": "stock"}, "value": [1796014800, "310"]}])


@pytest.mark.parametrize(("claim", "honest"), [
    ("order 服务的 P99 延迟是 stock 服务的 4 倍", True),
    ("stock 服务的 P99 延迟是 order 服务的 4 倍", False),  # the other way round
    ("order 服务的 P99 延迟约为 stock 服务的 6 倍", False),
])
def test_a_multiple_between_two_labelled_series_of_one_result(claim: str, honest: bool) -> None:
    query = "histogram_quantile(0.99, sum by (le, service) (rate(http_server_duration_ms_bucket[5m])))"
    _judged(honest, claim, '"service": "order"}, "value": [1796014800, "1240"]', json.loads(VECTOR),
                    tool="query_metrics", source_type="metric", arguments={"promql": query})


GROUPS = (
    "GROUP           TOPIC         PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG\n"
    "order-consumer  order-events  0          1823301         1838531         15230\n"
    "order-consumer  order-events  1          1790021         1790433         412\n"
    "order-consumer  order-events  2          1801277         1801310         33\n"
)
TOPICS = (
    "\tTopic: payments\tPartition: 0\tLeader: 1\tReplicas: 1,2,3\tIsr: 1,2,3\n"
    "\tTopic: payments\tPartition: 1\tLeader: 2\tReplicas: 2,3,1\tIsr: 2,3\n"
)


@pytest.mark.parametrize(("claim", "output", "excerpt", "honest"), [
    ("order-consumer 在 order-events 分区 0 上的积压 LAG 为 15230", GROUPS, "order-events  0          1823301", True),
    ("order-consumer 在 order-events 分区 2 上的积压 LAG 为 15230", GROUPS, "order-events  0          1823301", False),
    ("order-consumer 三个分区的 LAG 合计 15675 条", GROUPS, "order-events  0          1823301", True),
    ("order-consumer 三个分区的 LAG 合计 15642 条", GROUPS, "order-events  0          1823301", False),  # two of them
    ("payments 分区 1 的 ISR 只有 2,3", TOPICS, "Isr: 2,3", True),
    ("payments 分区 1 的 ISR 为 1,2,3，副本同步正常", TOPICS, "Isr: 1,2,3", False),  # partition 0's
])
def test_a_numbered_partition_and_a_counted_total(claim: str, output: str, excerpt: str, honest: bool) -> None:
    _judged(honest, claim, excerpt, output, arguments={"cmd": "kafka-consumer-groups.sh --describe"})


GC_LOG = (
    "[2026-11-29T15:40:51.027+0800] GC(9931) Pause Full (G1 Compaction Pause) 6010M->5890M(6144M) 4210.552ms\n"
    "[2026-11-30T09:02:17.310+0800] GC(10288) Pause Young (Normal) (G1 Evacuation Pause) 3120M->1330M(6144M) 41.870ms\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("risk-engine 11 月 29 日的 Full GC 暂停约 4210ms", True),
    ("risk-engine 11 月 30 日的 Young GC 暂停约 41.87ms", True),
    ("risk-engine 11 月 29 日的 Full GC 暂停约 41.87ms", False),  # the pause of 11-30's line
])
def test_a_measured_figure_at_a_day_over_stamped_log_lines(claim: str, honest: bool) -> None:
    _judged(honest, claim, "GC(9931) Pause Full (G1 Compaction Pause)", GC_LOG, tool="query_logs",
                    source_type="log", arguments={"service": "risk-engine"})


NGINX_T = (
    "    location /api/ {\n        proxy_pass http://api_upstream;\n        proxy_read_timeout 60s;\n    }\n"
    "    location /upload/ {\n        proxy_pass http://upload_upstream;\n        proxy_read_timeout 300s;\n    }\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("nginx 中 /api/ 路径的 proxy_read_timeout 为 60s", True),
    ("nginx 中 /api/ 路径的 proxy_read_timeout 为 300s", False),  # the /upload/ block's
])
def test_a_setting_is_read_in_its_named_block(claim: str, honest: bool) -> None:
    _judged(honest, claim, "proxy_read_timeout 60s;", NGINX_T, arguments={"cmd": "nginx -T"})


PATRONI_LAG = (
    "| Member | Host       | Role    | State     | TL | Lag in MB |\n"
    "+--------+------------+---------+-----------+----+-----------+\n"
    "| pg-0   | 10.4.1.10  | Leader  | running   |  7 |           |\n"
    "| pg-1   | 10.4.1.11  | Replica | streaming |  7 |         0 |\n"
    "| pg-2   | 10.4.1.12  | Replica | streaming |  7 |       128 |\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("pg-orders 集群中 pg-2 的复制延迟为 128 MB", True),  # "Lag in MB" carries the replication lag
    ("pg-orders 集群中 pg-1 的复制延迟为 128 MB", False),  # pg-2's row
])
def test_a_figure_on_another_row_of_a_drawn_table(claim: str, honest: bool) -> None:
    _judged(honest, claim, "| pg-2   | 10.4.1.12  | Replica | streaming |  7 |       128 |", PATRONI_LAG,
                    arguments={"cluster": "pg-orders", "cmd": "patronictl list"})


@pytest.mark.parametrize(("claim", "honest"), [
    ("nginx 配置中 /upload/ 的 client_max_body_size 为 200m", True),
    ("nginx 配置中 /api/ 的 client_max_body_size 为 200m", False),  # only /upload/ sets it
])
def test_a_setting_only_another_block_sets(claim: str, honest: bool) -> None:
    output = NGINX_T.replace("proxy_read_timeout 300s;", "proxy_read_timeout 300s;\n        client_max_body_size 200m;")
    _judged(honest, claim, "client_max_body_size 200m;", output, arguments={"cmd": "nginx -T"})


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("node-3 处于 not-ready 状态", "node-3     NotReady   <none>   92d   v1.28.4\n", True),
    ("envoy 的 response_flags 为 UO", "access log: response flags UO, upstream overflow\n", True),
    ("feature-store 返回 503", "upstream feature_store returned 503\n", False),  # another separator: kept apart
    ("feature-stor 返回 503", "upstream feature store returned 503\n", False),  # another name
    ("web-1 返回 503", "upstream web1 returned 503\n", False),  # a numbered name keeps its separator
])
def test_a_name_written_with_other_separators(claim: str, output: str, honest: bool) -> None:
    _, detail = _check(claim, output.strip()[:20], output)
    absent = "no tool output contains or implies" in detail
    assert absent is not honest, detail


@pytest.mark.parametrize(("claim", "derived"), [
    ("线程池固定 64 线程，每次调用卡满 5 秒，单个 pod 每秒最多只能处理约 12.8 条", True),  # 64 / 5 s
    ("线程池固定 64 线程，每次调用卡满 5 秒，单个 pod 每秒最多只能处理约 14 条", False),
])
def test_a_rate_spelled_out_after_words(claim: str, derived: bool) -> None:
    from groundcheck.programs.text.own_arithmetic import rate_of_its_own_figures

    assert rate_of_its_own_figures(claim, extract_mentions(claim).numbers[-1]) is derived


@pytest.mark.parametrize(("claim", "derived"), [
    ("间隔 10 秒，连续 3 次成功加回，也就是说恢复后至少要约 30 秒才加回", True),
    ("间隔 10 秒，连续 2 次失败摘除，即连续约 20 秒超时就会被摘", True),
    ("间隔 10 秒，连续 3 次成功加回，至少要约 40 秒", False),
    ("间隔 10 秒，连续 3 次成功加回，耗时 30 秒", False),  # not spelled out as worked out
])
def test_a_duration_of_repeats_the_claim_states(claim: str, derived: bool) -> None:
    from groundcheck.programs.text.own_arithmetic import duration_of_its_own_repeats

    assert duration_of_its_own_repeats(claim, extract_mentions(claim).numbers[-1]) is derived


# --- round z4 (black box, after the readings above): the honest forms it found rejected, and its attacks

EVENTS_UTC = (
    "LAST SEEN              TYPE      REASON      OBJECT                MESSAGE\n"
    "2026-11-30T03:12:44Z   Warning   BackOff     pod/billing-5d8-qq2   Back-off restarting failed container billing\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("billing-5d8-qq2 在北京时间 11:12 开始出现 BackOff", True),  # 03:12:44Z in Beijing time
    ("billing-5d8-qq2 在北京时间 11:40 开始出现 BackOff", False),
])
def test_a_start_in_beijing_time_over_a_utc_line(claim: str, honest: bool) -> None:
    _judged(honest, claim, "Back-off restarting failed container billing", EVENTS_UTC, tool="kubectl")


WRK = (
    "  Latency Distribution\n"
    "     50%    1.12ms\n"
    "     90%    1.87ms\n"
    "     99%    2.31ms\n"
    "     99.900%   18.44ms\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("cache-gw 的 p99.9 延迟为 18.44ms", True),  # "99.900%" is the p99.9
    ("cache-gw 的 p99 延迟为 2.31ms", True),
    ("cache-gw 的 p99 延迟为 18.44ms", False),  # the 99.9% row's
])
def test_a_percentile_is_read_on_its_row_of_a_distribution(claim: str, honest: bool) -> None:
    _judged(honest, claim, "99%    2.31ms", WRK, arguments={"cmd": "wrk --latency http://cache-gw/"})


@pytest.mark.parametrize(("claim", "output", "excerpt"), [
    ("payments.internal 解析正常，返回 10.244.3.17", ";; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 4411\n"
     "payments.internal.  30 IN A 10.244.3.17\n", "status: NOERROR"),
    ("db.toml 里的写超时配置为 30s", "[database]\nread_timeout = 60s\nwrite_timeout = 30s\n", "write_timeout = 30s"),
    ("已发生 14 次 GC", "  S0     S1     E      O      M     YGC  FGC\n  0.00  41.27  97.80  64.31  97.10  1822  14\n",
     "0.00  41.27  97.80  64.31  97.10  1822  14"),
])
def test_a_concept_its_tools_own_words_carry(claim: str, output: str, excerpt: str) -> None:
    _, detail = _check(claim, excerpt, output, arguments={"cmd": "cat"})
    assert "does not carry" not in detail, detail


RS_STATUS = ('{"set":"rs0","members":[{"_id":0,"name":"mongo-1:27017","health":1,"stateStr":"SECONDARY"},'
             '{"_id":1,"name":"mongo-2:27017","health":1,"stateStr":"PRIMARY"}]}')
REPLICATION = "# Replication\nrole:slave\nmaster_host:10.20.1.11\nmaster_link_status:down\n"


@pytest.mark.parametrize(("claim", "output", "arguments", "honest"), [
    ("rs0 的 PRIMARY 是 mongo-2", RS_STATUS, {"cmd": "mongosh rs.status()"}, True),
    ("rs0 的 PRIMARY 是 mongo-1", RS_STATUS, {"cmd": "mongosh rs.status()"}, False),
    ("redis-cache-2 当前是从节点，与主节点的 master_link_status 为 down", REPLICATION,
     {"cmd": "redis-cli -h redis-cache-2 info replication"}, True),
    ("redis-cache-2 当前是主节点，master_link_status 为 down", REPLICATION,
     {"cmd": "redis-cli -h redis-cache-2 info replication"}, False),
])
def test_a_role_against_the_subjects_own_record(claim: str, output: str, arguments: dict, honest: bool) -> None:
    excerpt = "master_link_status:down" if "role:" in output else '"stateStr":"PRIMARY"'
    _judged(honest, claim, excerpt, output, arguments=arguments)


UNITS = (
    "UNIT                    LOAD   ACTIVE SUB     DESCRIPTION\n"
    "kafka.service           loaded active running Apache Kafka\n"
    "zookeeper.service       loaded active running Apache ZooKeeper\n"
    "schema-registry.service loaded failed failed  Confluent Schema Registry\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("mq-03 上 kafka、zookeeper 两个服务都处于 running 状态", True),
    ("mq-03 上 kafka、zookeeper、schema-registry 三个服务都处于 running 状态", False),  # plain words as items
])
def test_listed_plain_names_each_read_on_their_line(claim: str, honest: bool) -> None:
    _judged(honest, claim, "kafka.service           loaded active running", UNITS,
                    arguments={"host": "mq-03", "cmd": "systemctl list-units"})


# --- audit AC (fresh, frozen, measured before use): several subjects of one table in one claim

PEER_AUTH = (
    "NAMESPACE      NAME      MODE         AGE\n"
    "payments       default   STRICT       38m\n"
    "istio-system   default   PERMISSIVE   212d\n"
)
CAT_NODES = "name        role   heap.percent\nes-data-1   dh     71\nes-data-2   dh     97\nes-data-3   dh     68\n"
S3_METRICS = (
    "timestamp             allrequests   putrequests   5xxerrors\n"
    "2026-11-22t00:50:00z  81200         20310         0\n"
    "2026-11-22t01:10:00z  412380        327904        37114\n"
)


@pytest.mark.parametrize(("claim", "output", "excerpt", "honest"), [
    # the figure belongs to the row named last before it
    ("payments 的 PeerAuthentication 模式为 STRICT，AGE 只有 38m；istio-system 的 default 仍是 PERMISSIVE",
     PEER_AUTH, "payments       default   STRICT       38m", True),
    ("istio-system 的 default 为 PERMISSIVE，AGE 只有 38m", PEER_AUTH, "istio-system   default   PERMISSIVE", False),
    # 分别 pairs in order (`respective_pairs`), not by the row named last
    ("只有 es-data-2 的 heap.percent 到 97，es-data-1 和 es-data-3 分别为 71 和 68", CAT_NODES,
     "es-data-2   dh     97", True),
    # a header over rows keyed by time is no row subject
    ("01:10 的 PutRequests 为 327904 次/分钟", S3_METRICS, "2026-11-22t01:10:00z  412380        327904", True),
])
def test_figures_of_several_rows_in_one_claim(claim: str, output: str, excerpt: str, honest: bool) -> None:
    verification, detail = _check(claim, excerpt, output, tool="kubectl")
    assert (verification != "contradicted") is honest, detail
