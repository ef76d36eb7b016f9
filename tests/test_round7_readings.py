"""What the seventh audit (honest Chinese sessions, attacks on the hard rules) found read wrongly
(issue 9): each class with its honest form and the attack it must still catch. All are hard readings
(the number and entity floors, spec §7-§8) unless a test says otherwise."""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.glossary import at_limit, glossary
from groundcheck.programs.text.query_meaning import command_units, subject_meaning
from groundcheck.programs.text.tokens import extract_mentions
from groundcheck.programs.text.wording import clause_stances


def _check(claim: str, excerpt: str, output: str, **kw) -> tuple[str, str]:
    kw.setdefault("tool", "shell")
    record = verify_session(session(claim, excerpt, output, **kw))
    return record.claim_checks[0].verification, record.claim_checks[0].detail


def _located(claim: str, excerpt: str, output: str, **kw) -> bool:
    """The claim's figures and names are all in (or follow from) the cited output."""
    verification, detail = _check(claim, excerpt, output, **kw)
    return "no tool output contains or implies" not in detail and verification != "contradicted"


EPOCHS = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
    "metric": {"service": "search"}, "values": [[1796019000, "1.92"], [1796019300, "11.8"]]}]}})  # 06:10, 06:15 UTC
P99 = {"query": "histogram_quantile(0.99, sum(rate("
                'http_request_duration_seconds_bucket{service="search"}[5m])) by (le))'}


@pytest.mark.parametrize(("claim", "honest"), [
    ("search 的 p99 延迟 14:10 为 1.92 秒，14:15 升至 11.8 秒", True),  # Beijing time of 06:10 / 06:15 UTC
    ("search 的 p99 延迟 06:10 为 1.92 秒，06:15 升至 11.8 秒", True),
    ("search 的 p99 延迟 15:10 为 1.92 秒，15:15 升至 11.8 秒", False),
])
def test_an_unlabelled_clock_may_be_the_beijing_time_of_a_utc_point(claim, honest):
    located = _located(claim, "[1796019000, \"1.92\"]", EPOCHS, tool="query_metrics", source_type="metric",
                       arguments=P99)
    assert located is honest


FREE_M = "               total        used        free\nMem:           15883       15102         171\n"


@pytest.mark.parametrize(("claim", "output", "arguments", "honest"), [
    # kB of the kernel and ps are KiB
    ("containerd 被 OOM killer 杀掉（anon-rss 约 1.15 GiB）", "Killed process 1187 (containerd) anon-rss:1204312kB",
     {"host": "node-7"}, True),
    ("containerd 被 OOM killer 杀掉（anon-rss 约 1.35 GiB）", "Killed process 1187 (containerd) anon-rss:1204312kB",
     {"host": "node-7"}, False),
    # free -m prints MiB
    ("idx-02 总内存约 15.5 GiB", FREE_M, {"host": "idx-02", "cmd": "free -m"}, True),
    ("idx-02 总内存约 17.5 GiB", FREE_M, {"host": "idx-02", "cmd": "free -m"}, False),
    # ps's RSS column is KiB, and its COMMAND column holds spaces
    ("PID 28817 的 java 进程 RSS 约 11.1 GiB",
     "USER   PID %CPU %MEM      VSZ      RSS TTY STAT START TIME COMMAND\n"
     "app  28817  186 71.4 14201884 11617232 ?   Sl   Nov28 3412:07 /usr/bin/java -jar indexer.jar\n",
     {"host": "idx-02", "cmd": "ps aux --sort=-%mem"}, True),
    ("PID 28817 的 java 进程 RSS 约 13.1 GiB",
     "USER   PID %CPU %MEM      VSZ      RSS TTY STAT START TIME COMMAND\n"
     "app  28817  186 71.4 14201884 11617232 ?   Sl   Nov28 3412:07 /usr/bin/java -jar indexer.jar\n",
     {"host": "idx-02", "cmd": "ps aux --sort=-%mem"}, False),
])
def test_a_size_is_read_in_the_unit_its_tool_prints(claim, output, arguments, honest):
    assert _located(claim, output.splitlines()[-1].strip()[:40], output, arguments=arguments) is honest


def test_free_prints_kib_unless_told_otherwise():
    assert ("all:bytes", 2.0) in command_units({"cmd": "free -m"})
    assert ("all:bytes", 1.0) in command_units({"cmd": "free"})
    assert command_units({"cmd": "free -h"}) == frozenset()  # its figures carry their units


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("Young GC 每次 180～200 毫秒", "seconds", 0.18),  # the range's unit is its first bound's too
    ("1843211 微秒", "seconds", 1.843211),
    ("5xx 比例上升了 22.7 个百分点", "ratio", 0.227),
    ("CPU 用了 0.25 核", "cores", 0.25),
    ("1200 req/min", "req/s", 20.0),
    ("持续了 8 分半", "seconds", 510.0),
])
def test_units_the_tokenizer_reads(text, kind, value):
    number = extract_mentions(text).numbers[0]
    assert (number.kind, round(number.value, 6)) == (kind, value)


def test_more_than_a_figure_is_the_step_above_it():
    number = extract_mentions("有 600 多万个 key").numbers[0]
    assert number.approx and number.value - 5e5 >= 6.0e6 and number.value + 5e5 <= 7.0e6 + 1
    output = "# Keyspace\ndb0:keys=6234567,expires=0,avg_ttl=0\n"
    host = {"host": "cache-0"}
    assert _located("cache-0 有 600 多万个 key", "db0:keys=6234567", output, tool="redis", arguments=host)
    assert not _located("cache-0 有 500 多万个 key", "db0:keys=6234567", output, tool="redis", arguments=host)


@pytest.mark.parametrize(("claim", "honest"), [
    ("sms-gateway 吞吐为 20 QPS", True),
    ("sms-gateway 吞吐为 1200 QPS", False),  # the per-minute figure read per second
])
def test_a_rate_per_minute_is_not_the_same_digits_per_second(claim, honest):
    assert _located(claim, "throughput=1200 req/min", "sms-gateway stats: throughput=1200 req/min\n") is honest


@pytest.mark.parametrize(("claim", "excerpt", "output", "honest"), [
    ("最长一个 idle in transaction 已持续 47 分 12 秒", " idle in transaction   |   312 | 00:47:12",
     " state                | count | max_age\n idle in transaction   |   312 | 00:47:12\n", True),
    ("最长一个 idle in transaction 已持续 48 分 12 秒", " idle in transaction   |   312 | 00:47:12",
     " state                | count | max_age\n idle in transaction   |   312 | 00:47:12\n", False),
    ("证书 2 小时 11 分钟前签发", "issued 2h 11min ago", "certificate issued 2h 11min ago\n", True),
    ("证书 3 小时 11 分钟前签发", "issued 2h 11min ago", "certificate issued 2h 11min ago\n", False),
])
def test_durations_written_as_an_elapsed_clock_or_in_spaced_parts(claim, excerpt, output, honest):
    assert _located(claim, excerpt, output, tool="psql") is honest


@pytest.mark.parametrize(("claim", "arguments", "output", "honest"), [
    ("mc-1 的 uptime 只有 1412 秒", {"cmd": "echo stats | nc mc-1 11211"}, "STAT uptime 1412\n", True),
    ("mc-2 的 uptime 只有 1412 秒", {"cmd": "echo stats | nc mc-1 11211"}, "STAT uptime 1412\n", False),
    ("img-resize 的预留并发为 100", {"cmd": "lambda get-function-concurrency --function-name img-resize"},
     '{"ReservedConcurrentExecutions": 100}', True),
    ("etcd-0 的 WAL fsync 耗时 1.2 秒", {"service": "etcd", "member": "etcd-0"}, "slow fdatasync took=1.2s\n", True),
    ("inventory-svc-0 出现 Full GC", {"args": "exec inventory-svc-0 -n stock -- tail -5 /logs/gc.log"},
     "[gc] GC(1843) Pause Full (G1 Compaction Pause) 8190M->7100M(8192M) 4812.2ms\n", True),
])
def test_a_command_names_the_subject_it_connects_to(claim, arguments, output, honest):
    assert _located(claim, output.strip()[:30], output, arguments=arguments) is honest


JOBS = "NAME   COMPLETIONS\nbilling-reconcile-29401320   0/1\n"


@pytest.mark.parametrize(("claim", "excerpt", "output", "honest"), [
    ("节点 ip-10-30-4-77 进入 DiskPressure 状态", "status is now: NodeHasDiskPressure",
     "Node ip-10-30-4-77 status is now: NodeHasDiskPressure\n", True),
    ("节点 ip-10-30-4-77 进入 DiskPress 状态", "status is now: NodeHasDiskPressure",
     "Node ip-10-30-4-77 status is now: NodeHasDiskPressure\n", False),  # no whole part of the name
    ("Job 29401320 失败", "billing-reconcile-29401320   0/1", JOBS, True),
    ("Job 29401321 失败", "billing-reconcile-29401320   0/1", JOBS, False),
    ("最大堆设置为 12g", "-Xmx12g", "app 28817 /usr/bin/java -Xmx12g -jar indexer.jar\n", True),
    ("最大堆设置为 16g", "-Xmx12g", "app 28817 /usr/bin/java -Xmx12g -jar indexer.jar\n", False),
    ("gateway-5 上 TIME_WAIT 连接有 29388 个", "timewait 29388", "TCP:   31022 (estab 1201, timewait 29388)\n", True),
])
def test_names_and_numbers_written_as_parts_of_others(claim, excerpt, output, honest):
    assert _located(claim, excerpt, output, arguments={"host": "gateway-5"}) is honest


@pytest.mark.parametrize(("claim", "honest"), [
    ("11:00 之后访问日志中 502 共 913 次", True),  # the search's own bound, restated
    ("12:00 之后访问日志中 502 共 913 次", False),
])
def test_a_clock_the_search_started_from_is_its_scope(claim, honest):
    arguments = {"host": "edge-1", "cmd": "awk '$6>=\"11:00\"{print $9}' /var/log/nginx/access.log | sort | uniq -c"}
    assert _located(claim, "913 502", "  18422 200\n    913 502\n", arguments=arguments) is honest


def test_within_a_window_does_not_name_memory():
    terms = [m.term for m in glossary().mentions("34 分钟内存活探针失败 15 次")]
    assert "内存" not in terms and "存活探针" in terms
    assert [m.term for m in glossary().mentions("内存使用 90%")] == ["内存使用"]


@pytest.mark.parametrize(("arguments", "kind"), [
    ({"cmd": "ls /proc/$(pgrep -f edge-gateway)/fd | wc -l"}, "process"),
    ({"cmd": "ls /proc/$(pgrep -f edge-gateway)/fd | wc -l"}, "file"),
    ({"cmd": "ss -tnp state established"}, "tcp"),
    ({"cmd": "chronyc tracking"}, "chrony"),
    ({"cmd": "df -i"}, "inode"),
    ({"path": "GET _cat/shards?v"}, "replica"),
    ({"args": "get pods -A"}, "cluster"),
])
def test_what_a_command_lists_is_context_for_its_output(arguments, kind):
    assert kind in subject_meaning(arguments).split()


def test_a_row_whose_used_figure_is_its_total_is_used_up():
    free = "               total        used        free\nMem:           15883       15102         171\n"
    assert at_limit(free + "Swap:           2047        2047           0\n")
    assert not at_limit(free + "Swap:           2047        1000        1047\n")
    assert at_limit("filesystem inodes iused ifree iuse% mounted on\n/dev/sda1 3276800 3276800 0 100% /\n")


@pytest.mark.parametrize(("sentence", "stances"), [
    ("检查后确认根因是事务未提交导致连接泄漏。", ("asserted",)),
    ("排查手册里记录的根因是事务未提交导致连接泄漏。", ("asserted",)),
    ("检查一下 order-db-0 的磁盘。", ("advice",)),
    ("根因需要再看数据库侧的慢查询。", ("advice",)),
    ("同时关注后续告警。", ("advice",)),
])
def test_an_action_verb_that_reports_what_was_done_is_no_advice(sentence, stances):
    assert tuple(stance for _, stance in clause_stances(sentence)) == stances


def _answer_facts(answer: str, calls: list[dict], claim: str, excerpt: str, question: str | None = None) -> list[str]:
    """The answer's facts the trace does not back (no evidence or contradicted) and its unbacked entities."""
    s = session(claim, excerpt, calls[0]["output"], answer=answer, arguments=calls[0]["arguments"],
                tool=calls[0]["tool_name"], extra_calls=calls[1:])
    if question is not None:
        s["original_query"] = question
    record = verify_session(s)
    return [f.fact for f in record.facts_checked if f.source == "user_facing_answer"
            and f.classification in ("no_evidence", "contradicted")] + [
        f.detail for f in record.gatekeeper_result.findings if f.rule == "answer.unbacked_entity"]


RUNBOOK = {
    "invocation_id": "call_kb", "trace_ref": "trace:00000000000000c1", "tool_name": "lookup_knowledge",
    "arguments": {"query": "HikariPool 连接耗尽"}, "status": "ok",
    "output": [{"doc_id": "rb-1", "doc_type": "runbook", "title": "连接池耗尽处置",
                "content": "常见原因是事务未提交导致连接泄漏。"}],
}
POOL = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "query_logs",
        "arguments": {"service": "payment-svc"}, "status": "ok",
        "output": "ERROR HikariPool-1 - Connection is not available, request timed out after 30000ms\n"}


def test_a_cause_only_a_runbook_states_backs_an_answer_only_when_it_says_so():
    claim, excerpt = "payment-svc 的 HikariPool-1 拿不到连接", "Connection is not available"
    assert _answer_facts("payment-svc 拿不到连接。手册里记录的常见原因是事务未提交导致连接泄漏。", [POOL, RUNBOOK],
                         claim, excerpt) == []
    assert _answer_facts("payment-svc 拿不到连接。根因是事务未提交导致连接泄漏。", [POOL, RUNBOOK], claim,
                         excerpt) != []


def test_an_answer_that_relabels_utc_clocks_as_beijing_time_names_another_moment():
    series = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "query_metrics",
              "arguments": P99, "status": "ok", "output": EPOCHS}
    claim, excerpt = "search 的 p99 延迟 06:10 UTC 为 1.92 秒", "[1796019000, \"1.92\"]"
    assert _answer_facts("北京时间 14:10 p99 为 1.92 秒。", [series], claim, excerpt) == []
    assert _answer_facts("北京时间 06:10 p99 为 1.92 秒。", [series], claim, excerpt) != []


def test_the_difference_of_two_point_timestamps_is_no_figure_of_an_answer():
    series = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "query_metrics",
              "arguments": P99, "status": "ok", "output": EPOCHS}
    claim, excerpt = "search 的 p99 延迟 06:10 UTC 为 1.92 秒", "[1796019000, \"1.92\"]"
    # 300 = 1796019300 - 1796019000: no figure of the series
    assert _answer_facts("search 已有 300 个请求超时。", [series], claim, excerpt) != []


def test_an_answer_may_give_a_share_of_the_figures_it_lists():
    log = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
           "arguments": {"host": "edge-1"}, "status": "ok",
           "output": "  48211 limited 10.88.4.17\n   9120 ok 10.88.4.17\n"}
    claim, excerpt = "10.88.4.17 被限流 48211 次，成功 9120 次", "48211 limited 10.88.4.17"
    assert _answer_facts("10.88.4.17 有 48211 次被限流，只有 9120 次成功，约 84% 的请求都被拒了。", [log], claim,
                         excerpt) == []
    assert _answer_facts("10.88.4.17 有 48211 次被限流，只有 9120 次成功，约 74% 的请求都被拒了。", [log], claim,
                         excerpt) != []


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("inventory-svc 连接 Redis 10.0.5.9:6379 被拒绝", "dial tcp 10.0.5.9:6379: connect: connection refused\n", True),
    ("inventory-svc 连接 Redis 10.0.5.9:63790 被拒绝", "dial tcp 10.0.5.9:63790: connect: connection refused\n", False),
])
def test_a_default_port_implies_its_product(claim, output, honest):
    verification, _ = _check(claim, output.strip(), output, tool="query_logs", arguments={"service": "inventory-svc"})
    assert (verification != "contradicted") is honest


DF = (
    "Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme0n1p1   50G   21G   30G  42% /\n"
    "/dev/nvme1n1    200G  186G   15G  93% /var/lib/containerd\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("ip-10-0-5-9 的 /var/lib/containerd 使用率 93%，仅剩 15G", True),
    ("ip-10-0-5-9 的根分区 / 使用率 93%，仅剩 15G", False),  # the containerd disk's figures
    ("ip-10-0-5-9 上 /var/lib/containerd 使用率 93%，根分区 / 仅 42%", True),  # two filesystems, each its own
])
def test_a_figure_given_one_filesystem_must_be_on_its_df_row(claim, honest):
    verification, detail = _check(claim, "93%", DF, arguments={"host": "ip-10-0-5-9", "cmd": "df -h"})
    assert (verification != "contradicted") is honest, detail


def test_scope_words_that_say_how_much_or_count_the_quotes():
    free = "               total        used        free\nSwap:           2047        2047           0\n"
    _, detail = _check("idx-02 的 swap 2047 MiB 已全部用完", "Swap:           2047        2047           0",
                       free, arguments={"host": "idx-02", "cmd": "free -m"})
    assert "all / every" not in detail
    slowlog = (
        "1) 1) (integer) 1843211\n   2) \"KEYS\" \"session:*\"\n2) 1) (integer) 1790034\n   2) \"KEYS\" \"session:*\"\n"
    )
    second = {"source_type": "log", "source_id": "call_m1", "tool_name": "redis", "source_invocation_ids": ["call_m1"],
              "evidence_excerpt": "(integer) 1790034"}
    record = verify_session(session("最慢的两条都是 KEYS session:*", "(integer) 1843211", slowlog, tool="redis",
                                    arguments={"host": "sess-redis-2"}, extra_bindings=[second]))
    assert "all / every" not in record.claim_checks[0].detail


@pytest.mark.parametrize(("sentence", "stances"), [
    ("要么把 StatefulSet 的 volumeClaimTemplates 改成 gp3 后删除重建这个 PVC。", ("advice",)),
    ("短期可以让数据库客户端开启重试。", ("advice",)),
    ("同步完时间后再观察报错。", ("advice",)),
    ("但再丢一个副本就会拒绝 acks=all 的写请求。", ("hedged",)),  # a prediction, no observation
])
def test_more_forms_of_advice_and_prediction(sentence, stances):
    assert tuple(stance for _, stance in clause_stances(sentence)) == stances


def test_a_question_mark_inside_a_url_ends_no_sentence():
    from groundcheck.programs.text.wording import split_sentences

    assert split_sentences("可以抓 /debug/pprof/goroutine?debug=2 看调用栈。真的吗?是的") == [
        "可以抓 /debug/pprof/goroutine?debug=2 看调用栈。", "真的吗?", "是的"]


def test_an_answer_may_judge_the_figures_it_gives():
    cpu = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "query_metrics",
           "arguments": {"query": 'max(rds_cpu_utilization{instance="prod-orders-pg"})'}, "status": "ok",
           "output": "prod-orders-pg cpu 31.4 96.2 98.7\n"}
    claim, excerpt = "prod-orders-pg 的 CPU 从 31.4% 升到 98.7%", "31.4 96.2 98.7"
    assert _answer_facts("prod-orders-pg 的 CPU 达到 98.7%，一直处于打满状态。", [cpu], claim, excerpt) == []
    # a judging word over a figure far from full is a finding of its own
    assert _answer_facts("prod-orders-pg 的 CPU 达到 31.4%，一直处于打满状态。", [cpu], claim, excerpt) != []


@pytest.mark.parametrize(
    # "8 分半" is written to the half minute (rules-16: 15 s each way; it was a tenth of a minute, which
    # made "约 21 分半" of 21:38 a contradiction)
    ("text", "seconds", "tolerance"), [("也就是 5 分多钟", 330.0, 30.0), ("持续 8 分半", 510.0, 15.0)]
)
def test_minutes_and_more(text, seconds, tolerance):
    from groundcheck.programs.text.arithmetic import tolerance as tol

    number = extract_mentions(text).numbers[0]
    assert number.value == seconds and abs(tol(number) - tolerance) < 1


def test_a_share_of_each_second_restates_seconds_per_second():
    from groundcheck.programs.core.restated_units import restates_a_located_figure

    text = "平均每秒有 0.312 秒花在 GC 停顿上，也就是约 31% 的时间"
    share = next(n for n in extract_mentions(text).numbers if n.kind == "ratio")
    assert restates_a_located_figure(text, share, lambda other: True)
    wrong = "平均每秒有 0.312 秒花在 GC 停顿上，也就是约 41% 的时间"
    share = next(n for n in extract_mentions(wrong).numbers if n.kind == "ratio")
    assert not restates_a_located_figure(wrong, share, lambda other: True)


@pytest.mark.parametrize(("claim", "output", "tool"), [
    ("mc-1 的缓存命中 2209918 次", "STAT get_hits 2209918\nSTAT get_misses 8011734\n", "shell"),
    ("crm.customers 上按 phone 的查询是全表扫描", '{"planSummary": "COLLSCAN", "ns": "crm.customers"}', "mongosh"),
])
def test_concepts_these_outputs_carry_in_their_own_words(claim, output, tool):
    _, detail = _check(claim, output.splitlines()[0][:20], output, tool=tool, arguments={"host": "mc-1"})
    assert "does not carry" not in detail, detail


def test_the_subject_of_a_sentence_carries_past_its_comma_for_a_row_denial():
    pods = ("NAME                         READY   STATUS             RESTARTS        AGE\n"
            "order-svc-5f8b9c7d6-kx2mp    0/1     CrashLoopBackOff   7 (2m14s ago)   14m\n"
            "order-svc-7d9c6b5f4-r8wqz    1/1     Running            0               3d2h\n")
    row = pods.splitlines()[2]
    args = {"args": "get pods -n order -l app=order-svc"}
    assert _check("order-svc-7d9c6b5f4-r8wqz 运行正常，没有重启", row, pods, tool="kubectl",
                  arguments=args)[0] != "contradicted"
    assert _check("order-svc-5f8b9c7d6-kx2mp 运行正常，没有重启", pods.splitlines()[1], pods, tool="kubectl",
                  arguments=args)[0] == "contradicted"


def test_a_field_named_for_a_concept_with_no_value_reports_none():
    status = "Replica_IO_Running: Yes\nReplica_SQL_Running: Yes\nLast_Error: \nLast_IO_Error: \n"
    assert _check("IO 线程和 SQL 线程都在运行，没有复制错误", "Replica_IO_Running: Yes", status, tool="mysql",
                  arguments={"host": "report-db-r1"})[0] != "contradicted"
    failing = status.replace("Last_Error: ", "Last_Error: Error 'Duplicate entry' on query")
    assert _check("IO 线程和 SQL 线程都在运行，没有复制错误", "Replica_IO_Running: Yes", failing, tool="mysql",
                  arguments={"host": "report-db-r1"})[0] == "contradicted"


PG_STATES = (" state                | count | max_age\n-----------------------+-------+-----------\n"
             " active                |    38 | 00:00:04\n idle                  |   141 | 02:13:40\n"
             " idle in transaction   |   312 | 00:47:12\n(3 rows)\n")


@pytest.mark.parametrize(("claim", "honest"), [
    ("pg-main 的 app 库现在一共 491 个连接", True),  # 38 + 141 + 312
    ("pg-main 的 app 库现在一共 591 个连接", False),
    ("pg-main 的 app 库现在有 491 个连接", False),  # no word of adding up: no sum is read
])
def test_a_total_of_one_column_of_a_table(claim, honest):
    arguments = {"host": "pg-main", "sql": "SELECT state, count(*) FROM pg_stat_activity WHERE datname='app'"}
    assert _located(claim, " active                |    38 | 00:00:04", PG_STATES, tool="psql",
                    arguments=arguments) is honest


@pytest.mark.parametrize(("claim", "honest"), [
    ("本地临时端口范围为 32768～60999，共 28232 个端口", True),
    ("本地临时端口范围为 32768～60999，共 38232 个端口", False),
])
def test_the_size_of_a_range_the_sentence_writes(claim, honest):
    output = "net.ipv4.ip_local_port_range = 32768\t60999\n"
    assert _located(claim, "net.ipv4.ip_local_port_range = 32768", output, arguments={"host": "gateway-5"}) is honest


def test_every_n_has_m_restates_a_share():
    from groundcheck.programs.core.restated_units import every_n_has_m

    text = "5xx 比例约 41.3%，差不多每 10 个请求就有 4 个失败"
    assert all(every_n_has_m(text, n, lambda share: True) for n in extract_mentions(text).numbers if n.kind != "ratio")
    wrong = "5xx 比例约 41.3%，差不多每 10 个请求就有 2 个失败"
    assert not any(every_n_has_m(wrong, n, lambda share: True) for n in extract_mentions(wrong).numbers
                   if n.kind != "ratio")


def test_a_sql_query_names_the_database_it_selects():
    from groundcheck.programs.core.trace_index import subject_values

    arguments = {"host": "pg-main", "sql": "SELECT state FROM pg_stat_activity WHERE datname='app'"}
    # (and, since rules-17, the table it reads)
    assert set(subject_values(arguments)) == {"pg-main", "app", "pg_stat_activity"}


# --- the attacks on the readings above (audit K): each loosening keeps its attack caught ---

POOL_STATS = "06:12:10Z INFO payment-svc HikariPool-1 - Pool stats (total=50, active=50, idle=0, waiting=212)\n"


def test_less_than_a_figure_is_not_the_figure():
    assert not _located("连接池活跃连接不到 50 个", "active=50", POOL_STATS, tool="query_logs")
    assert _located("连接池活跃连接不到 50 个", "active=48", POOL_STATS.replace("active=50", "active=48"),
                    tool="query_logs")


def test_a_bound_tied_to_a_clock_is_read_at_that_clock():
    series = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
        "metric": {"service": "payment-svc"},
        "values": [[1796018700, "0.004"], [1796019000, "0.118"], [1796019300, "0.231"]]}]}})  # 06:05, 06:10, 06:15
    query = {"query": 'sum(rate(http_requests_total{service="payment-svc",code=~"5.."}[5m])) / '
                      'sum(rate(http_requests_total{service="payment-svc"}[5m]))'}
    kw = {"tool": "query_metrics", "source_type": "metric", "arguments": query}
    assert _check("payment-svc 的 5xx 比例 06:05 仍不到 1%", '[1796018700, "0.004"]', series, **kw)[0] != "contradicted"
    assert _check("payment-svc 的 5xx 比例 06:15 仍不到 1%", '[1796019300, "0.231"]', series, **kw)[0] == "contradicted"


def test_a_limit_named_after_more_than_is_the_limits_value():
    output = "p99 2525ms; client timeout 1000ms\n"
    assert _located("P99 升至 2525ms，超过 1000ms 超时设置", "p99 2525ms", output, tool="query_metrics")


def test_a_clock_a_search_started_from_is_no_onset():
    arguments = {"host": "edge-1", "cmd": "awk '$6>=\"11:00\"{print $9}' /var/log/nginx/access.log | sort | uniq -c"}
    assert not _located("从 11:00 之后 502 就一直在增加，共 913 次", "913 502", "  18422 200\n    913 502\n",
                        arguments=arguments)


def test_a_camel_case_part_after_a_negation_is_not_named():
    output = "Node ip-10-30-4-77 status is now: NodeHasNoDiskPressure\n"
    assert not _located("节点 ip-10-30-4-77 进入 DiskPressure 状态", "NodeHasNoDiskPressure", output)


def test_the_initial_heap_is_no_maximum():
    output = "app 28817 /usr/bin/java -Xms12g -Xmx16g -jar indexer.jar\n"
    assert not _located("最大堆设置为 12g", "-Xms12g", output)
    assert _located("最大堆设置为 16g", "-Xmx16g", output)


def test_citing_the_manual_does_not_license_this_incidents_cause():
    claim, excerpt = "payment-svc 的 HikariPool-1 拿不到连接", "Connection is not available"
    assert _answer_facts("payment-svc 拿不到连接。按手册核对，这次的根因就是事务未提交导致连接泄漏。", [POOL, RUNBOOK],
                         claim, excerpt) != []


def test_a_carried_zone_reads_later_clocks_in_that_zone_only():
    series = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "query_metrics",
              "arguments": P99, "status": "ok", "output": EPOCHS}
    claim, excerpt = "search 的 p99 延迟 06:10 UTC 为 1.92 秒，06:15 为 11.8 秒", "[1796019000, \"1.92\"]"
    assert _answer_facts("北京时间 14:10 p99 为 1.92 秒；14:15 升到 11.8 秒。", [series], claim, excerpt) == []
    assert _answer_facts("北京时间 14:10 p99 为 1.92 秒；06:15 升到 11.8 秒。", [series], claim, excerpt) != []


def test_a_read_figure_from_a_write_column_is_not_located():
    iostat = ("Device            r/s     w/s     rkB/s     wkB/s   %util\n"
              "nvme0n1          12.0  3410.0     96.0  218240.0   99.80\n")
    arguments = {"host": "db-1", "cmd": "iostat -x 1 1"}
    assert _located("nvme0n1 每秒写入约 213 MiB", "nvme0n1", iostat, arguments=arguments)
    assert not _located("nvme0n1 每秒读取约 213 MiB", "nvme0n1", iostat, arguments=arguments)


@pytest.mark.parametrize(("sentence", "premise"), [
    ("建议等 order-db-0 主从切换完成后再重启。", "order-db-0 主从切换完成"),
    ("一到高峰就会因为磁盘 IO 打满而卡住。", "磁盘 IO 打满"),
    ("建议清理 /backup 下已经过期的归档文件。", ""),  # what to clean, no premise
])
def test_what_advice_or_a_prediction_takes_as_given_is_asserted(sentence, premise):
    from groundcheck.programs.text.wording import assertive_text

    assert assertive_text(sentence) == premise


# --- the second honest audit (J): other spellings, record forms and plans ---

@pytest.mark.parametrize(("claim", "excerpt", "output", "honest"), [
    ("nginx 只开了 TLS 1.2 和 1.3", "ssl_protocols TLSv1.2 TLSv1.3;", "ssl_protocols TLSv1.2 TLSv1.3;\n", True),
    ("nginx 只开了 TLS 1.1 和 1.3", "ssl_protocols TLSv1.2 TLSv1.3;", "ssl_protocols TLSv1.2 TLSv1.3;\n", False),
    ("上游返回 503 共 2291 次", "upstream_rq_503: 2291", "cluster.quote.upstream_rq_503: 2291\n", True),
    ("上游返回 502 共 2291 次", "upstream_rq_503: 2291", "cluster.quote.upstream_rq_503: 2291\n", False),
    ("客户端 10.6.1.20 连接数据库 10.6.4.9:5432", "10.6.1.20.51822 > 10.6.4.9.5432",
     "IP 10.6.1.20.51822 > 10.6.4.9.5432: Flags [S]\n", True),
    ("客户端 10.6.1.20 连接数据库 10.6.4.9:5433", "10.6.1.20.51822 > 10.6.4.9.5432",
     "IP 10.6.1.20.51822 > 10.6.4.9.5432: Flags [S]\n", False),
    ("死锁发生在 promo.coupons 表上", "TABLE `promo`.`coupons`", "RECORD LOCKS ... of table `promo`.`coupons` trx id\n",
     True),
])
def test_names_and_figures_in_the_spelling_of_their_tool(claim, excerpt, output, honest):
    assert _located(claim, excerpt, output, arguments={"host": "edge-01"}) is honest


def test_more_than_a_limit_the_output_states_is_its_value():
    output = "max.poll.interval.ms = 300000\nmax.poll.records = 500\n"
    assert _located("一批 500 条消息的处理时间超过 5 分钟", "max.poll.interval.ms = 300000", output)


@pytest.mark.parametrize(("sentence", "stances"), [
    ("建议先加索引，之后给分析类查询单独准备从库，避免影响主库。", ("advice", "advice", "advice")),
    ("建议扩容，另外 order-db-0 磁盘已满。", ("advice", "asserted")),  # a state, stated
])
def test_advice_goes_on_over_the_steps_of_its_plan(sentence, stances):
    assert tuple(stance for _, stance in clause_stances(sentence)) == stances


@pytest.mark.parametrize(("claim", "output"), [
    ("tomcat 线程池耗尽", "org.apache.catalina.core.StandardWrapperValve invoke\n"),
    ("cert-manager 续期失败", "CertificateRequest cert-manager.io/v1 failed\n"),
])
def test_products_their_output_implies(claim, output):
    _, detail = _check(claim, output.strip()[:20], output)
    assert "no tool output contains" not in detail, detail


@pytest.mark.parametrize(("claim", "excerpt", "output", "arguments"), [
    ("流量被 NetworkPolicy 拦截", "Name:         default-deny-ingress", "Name:         default-deny-ingress\n",
     {"args": "describe networkpolicy -n ledger"}),
    ("InnoDB 在 15:02:17 检测到死锁", "LATEST DETECTED DEADLOCK",
     "------------------------\nLATEST DETECTED DEADLOCK\n------------------------\n2026-11-30 15:02:17 0x7f2b\n",
     {"db": "promo-mysql", "sql": "SHOW ENGINE INNODB STATUS"}),
])
def test_words_of_the_trade_and_products_a_format_implies_name_no_absent_object(claim, excerpt, output, arguments):
    assert _check(claim, excerpt, output, arguments=arguments)[0] != "contradicted"


def test_a_heading_line_has_no_subject_column():
    jstack = "Found one Java-level deadlock:\n=============================\n\"worker-3\":\n  waiting to lock\n"
    record = verify_session(session("发现 1 个 Java 级死锁", "Found one Java-level deadlock:", jstack,
                                    tool="jstack", arguments={"host": "app-1"}))
    assert "the record it quotes is about" not in record.claim_checks[0].detail


def test_a_term_glued_to_no_names_its_absence():
    dig = ";; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 18873\napi.partner-pay.com.\t60\tIN\tA\t203.0.113.45\n"
    _, detail = _check("加上 +cd 后解析成功，得到 203.0.113.45", "status: NOERROR", dig, tool="dig",
                       arguments={"cmd": "dig +cd api.partner-pay.com A @10.0.0.2"})
    assert "its own quote contradicts" not in detail, detail
    servfail = dig.replace("NOERROR", "SERVFAIL ERROR")
    _, detail = _check("加上 +cd 后解析成功，得到 203.0.113.45", "status: SERVFAIL ERROR", servfail, tool="dig",
                       arguments={"cmd": "dig +cd api.partner-pay.com A @10.0.0.2"})
    assert "its own quote contradicts" in detail, detail


# --- the review's counter-examples: each loosening above keeps them caught ---

def test_a_restatement_needs_an_apposition_and_a_cpu_word_for_millicores():
    from groundcheck.programs.core.restated_units import restates_a_located_figure

    def restated(text: str) -> list[bool]:
        return [restates_a_located_figure(text, n, lambda other: True) for n in extract_mentions(text).numbers]

    assert restated("/pay 接口 42.5 次/秒，/refund 接口每分钟 2550 次") == [False, False]
    assert restated("CPU 用量 0.85 核，内存 850m") == [False, False]
    assert restated("入口流量 125 MB/s，出口 1 Gbps") == [False, False]


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("payments-api 错误率超过 90%", "payments-api error_rate 0.02 latency_p99 0.95\n", False),  # 0.95 is seconds
    ("payments-api 错误率不低于 90%", "payments-api error_rate 0.85\n", False),  # at least 90%, not below it
    ("payments-api 重启超过 400 次", "payments-api restarts 3, queue depth 450\n", False),  # 450 is a depth
    ("payments-api 排队请求超过 400 个", "payments-api restarts 3, queue depth 450\n", True),
])
def test_a_bound_reads_values_of_what_it_bounds(claim, output, honest):
    assert _located(claim, output.strip()[:20], output, arguments={"service": "payments-api"}) is honest


def test_an_answer_share_takes_its_operands_from_its_own_sentence():
    pods = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
            "arguments": {"host": "edge-1"}, "status": "ok", "output": "pods 8\n"}
    restarts = {"invocation_id": "call_m2", "trace_ref": "trace:00000000000000a2", "tool_name": "shell",
                "arguments": {"host": "edge-1"}, "status": "ok", "output": "restarted 2\n"}
    claim, excerpt = "edge-1 上共 8 个 pod", "pods 8"
    # 25% = 2 / 8 of figures of other sentences (and other outputs): no share the sentence works out
    flagged = _answer_facts("edge-1 上共 8 个 pod，重启 2 次。CPU 使用率约 25%。", [pods, restarts], claim, excerpt)
    assert any("25%" in f for f in flagged), flagged
    assert not _answer_facts("edge-1 上共 8 个 pod，重启 2 次，约 25% 的 pod 重启过。", [pods, restarts], claim,
                             excerpt)


def test_the_parts_of_clocks_are_no_range():
    from groundcheck.programs.core.number_forms import size_of_a_range

    text = "在 10:00-10:20 共 11 次 OOMKilled"
    assert not any(size_of_a_range(text, n) for n in extract_mentions(text).numbers)


def test_a_host_and_a_port_of_another_record_are_no_address():
    output = '{"hosts":[{"host":"db-1","port":6379},{"host":"db-2","port":5432}]}'
    assert not _located("payments-api 连接 db-1:5432 失败", "db-1", output, arguments={"service": "payments-api"})
    assert _located("payments-api 连接 db-1:6379 失败", "db-1", output, arguments={"service": "payments-api"})


def test_a_version_is_no_figure_with_a_unit():
    output = "image=payments-api:v3.2 ready\n"
    assert not _located("payments-api 有 3.2 秒停顿", "payments-api:v3.2", output,
                        arguments={"service": "payments-api"})


def test_as_before_cites_no_guidance_the_trace_lacks():
    claim, excerpt = "payment-svc 的 HikariPool-1 拿不到连接", "Connection is not available"
    assert _answer_facts("payment-svc 拿不到连接。和以往一样，根因是事务未提交导致连接泄漏。", [POOL], claim,
                         excerpt) != []


def test_a_judging_word_needs_its_own_figure():
    metrics = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
               "arguments": {"service": "payments-api"}, "status": "ok",
               "output": "payments-api success_rate 0.99 disk_used 40%\n"}
    claim, excerpt = "payments-api 成功率 99%", "success_rate 0.99"
    assert any("写满" in f for f in _answer_facts("payments-api 成功率 99%，磁盘已经写满。", [metrics], claim, excerpt))
    assert not _answer_facts("payments-api 成功率 99%，很健康。", [metrics], claim, excerpt)


def test_what_a_command_ran_is_context_for_the_words_of_a_claim():
    from groundcheck.programs.text.query_meaning import command_words

    words = command_words({"cmd": "echo | openssl s_client -connect pay.acme.cn:443 2>&1 | grep -i 'verify error'"})
    assert "openssl" in words and "s_client" in words
    assert "verify" not in words  # what grep looked for was searched, not run
    assert "oomkilled" not in command_words({"args": "get pods | grep OOMKilled"})


INGRESS = "NAME  CLASS  HOSTS  ADDRESS\nweb   <none>   shop.acme.cn\n"


@pytest.mark.parametrize(("claim", "excerpt", "output", "concept"), [
    ("gw-1 的连接跟踪表已满，开始丢包", "nf_conntrack: table full, dropping packet",
     "kernel: nf_conntrack: table full, dropping packet\n", "disk_full"),  # a full table, no disk
    ("ingress 的 ADDRESS 为空", "web   <none>   shop.acme.cn", INGRESS, "null_pointer"),  # an empty field
])
def test_chinese_words_that_name_no_unrelated_concept(claim, excerpt, output, concept):
    _, detail = _check(claim, excerpt, output, arguments={"host": "gw-1"})
    assert concept not in detail and "exhausted" not in detail, detail


def test_an_empty_field_names_no_null_pointer():
    from groundcheck.programs.text.glossary import concepts_in

    # the check above cannot tell: the output's "<none>" carries null_pointer anyway
    assert "null_pointer" not in concepts_in("ingress 的 ADDRESS 为空")


def test_an_inference_may_reason_in_general_words():
    output = 'psycopg2.OperationalError: could not translate host name "warehouse-db.data.svc"\n'
    s = session("数据库主机名 warehouse-db.data.svc 无法解析，每次重试都失败", 'could not translate host name', output,
                arguments={"service": "nightly-export"})
    contract = json.loads(s["executor_final_answer"])
    contract["claims"][0]["support_level"] = "indirect"
    s["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    check = verify_session(s).claim_checks[0]
    assert check.verification == "reasonable_inference" and "all / every" not in check.detail
    contract["claims"][0]["support_level"] = "direct"  # stated as an observation, 每次 needs the output
    s["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    assert "all / every" in verify_session(s).claim_checks[0].detail


def test_what_a_call_ran_or_selected_carries_concepts_but_its_filters_do_not():
    from groundcheck.programs.text.query_meaning import command_words

    assert "heap" in command_words({"cmd": "go tool pprof -top -inuse_space http://feed:6060/debug/pprof/heap"})
    assert "oomkilled" not in command_words({"args": "get events -A --field-selector reason=OOMKilled"})
    assert "namespace" in subject_meaning({"query": 'sum(count_over_time({namespace="mall"} |= "error" [15m]))'})
    pprof = "Type: inuse_space\nShowing nodes accounting for 1.62GB, 94.18% of 1.72GB total\n"
    _, detail = _check("feed-svc 当前堆内存在用约 1.72GB", "1.72GB total", pprof,
                       arguments={"cmd": "go tool pprof -top -inuse_space http://feed-svc:6060/debug/pprof/heap"})
    assert "heap" not in detail, detail
    events = "No resources found in shop namespace.\n"
    _, detail = _check("shop 命名空间出现了 OOMKilled", "No resources found in shop namespace.", events,
                       arguments={"args": "get events -n shop --field-selector reason=OOMKilled"})
    assert "oom" in detail  # what the selector filtered for carries nothing
