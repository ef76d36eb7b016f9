"""What a fourteenth look found (issue 9): readings of honest hand-written Chinese sessions that the
rules flagged (audit Y, the fresh audit AA), and attacks on the readings that passed (round Z), each
class with its honest form and the attack it must still catch.

Soft (wording, a model may overrule): a scope word over listed or bracketed items, each shown on its
own line part; a whole given as 100% by its quote; a row whose every figure the scope word gives; a
denial bounded by a time; a denial restating the zero series it quotes; a denial of "the other" rows;
a finished state named in English (Pulled, Scheduled) needs its past form; figures paired by 分别; a
multiple read in order (X 是 Y 的 N 倍) and in figures of its own measure; a step still to look up
(还需要查) leaves a sentence open; no other subject read off a word, a time or a late bracket.

Hard (a number or value the trace decides): a difference of bare points in the unit the output
declares; days between the dates a daily series quotes; a month and day bounding a span is a date; a
code read at its label keeps its sign (errno, exit code); a span between dated times counts the dates;
a value at a day is read on that day's row."""

from __future__ import annotations

import pytest
from test_round7_readings import _check

from groundcheck.programs.core.listed_scope import listed_items_show
from groundcheck.programs.text.glossary import evidence_view
from groundcheck.programs.text.negation import negation_conflict

BGP = "\n".join([
    '2026-11-29T09:14:02.118+08:00 leaf-14 bgpd[2113]: %ADJCHANGE: neighbor 10.0.0.2 Down '
    'BGP Notification send: Hold Timer Expired',
    '2026-11-29T09:14:33.540+08:00 leaf-14 bgpd[2113]: %ADJCHANGE: neighbor 10.0.0.2 Up',
    '2026-11-29T09:21:47.902+08:00 leaf-14 bgpd[2113]: %ADJCHANGE: neighbor 10.0.0.2 Down '
    'BGP Notification send: Hold Timer Expired',
    '2026-11-29T09:22:19.013+08:00 leaf-14 bgpd[2113]: %ADJCHANGE: neighbor 10.0.0.2 Up',
    '2026-11-29T09:29:30.447+08:00 leaf-14 bgpd[2113]: %ADJCHANGE: neighbor 10.0.0.2 Down '
    'BGP Notification recv: Cease/administrative reset',
    '',
])
YARN = "\n".join([
    '26/11/29 02:41:17 ERROR YarnScheduler: Lost executor 17 on dn-node-08.bigdata.local: '
    'Container killed by YARN for exceeding physical memory limits. 13.2 GB of 13 GB '
    'physical memory used.',
    '26/11/29 02:48:03 WARN TaskSetManager: Lost task 211.1 in stage 7.0 '
    '(dn-node-03.bigdata.local executor 23): ExecutorLostFailure (executor 23 exited caused '
    'by one of the running tasks)',
    '26/11/29 02:48:03 ERROR YarnScheduler: Lost executor 23 on dn-node-03.bigdata.local: '
    'Container killed by YARN for exceeding physical memory limits. 13.1 GB of 13 GB '
    'physical memory used.',
    '26/11/29 02:55:30 ERROR YarnScheduler: Lost executor 31 on dn-node-11.bigdata.local: '
    'Remote RPC client disassociated. Likely due to containers exceeding thresholds, or '
    'network issues.',
    '',
])
NGINX = "\n".join([
    '2026/11/29 13:02:41 [error] 1187#1187: *88213 upstream timed out (110: Connection timed '
    'out) while reading response header from upstream, request: "POST /v1/score HTTP/1.1"',
    '2026/11/29 13:03:15 [error] 1187#1187: *88540 upstream timed out (110: Connection timed '
    'out) while reading response header from upstream, request: "POST /v1/score HTTP/1.1"',
    '2026/11/29 13:04:02 [error] 1187#1187: *88577 connect() failed (111: Connection '
    'refused) while connecting to upstream, request: "GET /v1/health HTTP/1.1"',
    '',
])


def _shows(claim: str, output: str) -> bool:
    return listed_items_show(claim, [evidence_view(output)])


@pytest.mark.parametrize(("claim", "output"), [
    ("09:14:02、09:21:47 两次 Down，原因都是 Hold Timer Expired", BGP),
    ("executor 17（dn-node-08）、23（dn-node-03）先后被 YARN 杀掉，原因都是 exceeding physical memory limits", YARN),
    ("executor 17 和 23 都是 exceeding physical memory limits 被杀", YARN),
    ("nginx 在 13:02:41 和 13:03:15 报 upstream timed out，请求都是 POST /v1/score", NGINX),
    ("13:02:41 和 13:03:15 两条都是超时", NGINX),  # a Chinese predicate, read by its glossary concept
])
def test_a_scope_word_over_listed_items_each_shown_with_the_predicate(claim: str, output: str) -> None:
    assert _shows(claim, output)


@pytest.mark.parametrize(("claim", "output"), [
    # the third Down was an administrative reset, not a hold timer
    ("09:14:02、09:21:47、09:29:30 三次 Down，原因都是 Hold Timer Expired", BGP),
    # executor 31 was lost for another reason
    ("executor 17（dn-node-08）、23（dn-node-03）、31（dn-node-11）原因都是 exceeding physical memory limits", YARN),
    ("executor 17、23、31 都是 exceeding physical memory limits", YARN),
    # 13:04:02 was a refused connection to /v1/health
    ("13:02:41 和 13:04:02 两条，请求都是 POST /v1/score", NGINX),
    ("13:03:15 和 13:04:02 两条都是超时", NGINX),
    # an item no line names
    ("executor 17 和 45 都是 exceeding physical memory limits", YARN),
    # words, not items a line singles out
    ("Down 和 Up 都是 Hold Timer Expired", BGP),
])
def test_a_scope_word_over_listed_items_one_of_which_says_otherwise_is_unshown(claim: str, output: str) -> None:
    assert not _shows(claim, output)


def test_a_listed_scope_end_to_end_keeps_the_claim_a_direct_observation() -> None:
    claim = "nginx 在 13:02:41 和 13:03:15 报 upstream timed out，请求都是 POST /v1/score"
    verification, detail = _check(claim, "upstream timed out (110: Connection timed out)", NGINX, tool="query_logs")
    assert verification == "direct_observation", detail
    claim = "nginx 在 13:02:41 和 13:04:02 报 upstream 错误，请求都是 POST /v1/score"
    verification, detail = _check(claim, "upstream timed out (110: Connection timed out)", NGINX, tool="query_logs")
    assert "'都'" in detail and verification != "direct_observation", detail


PING = "\n".join([
    '$ ping -M do -s 1472 -c 3 10.244.3.17',
    'PING 10.244.3.17 (10.244.3.17) 1472(1500) bytes of data.',
    'ping: local error: message too long, mtu=1450',
    '3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2031ms',
    '$ ping -M do -s 1422 -c 3 10.244.3.17',
    '3 packets transmitted, 2 received, 33% packet loss, time 2003ms',
    '',
])


@pytest.mark.parametrize(("claim", "excerpt", "shown"), [
    ("1500 字节的包全部报 message too long，100% packet loss",
     "3 packets transmitted, 0 received, +3 errors, 100% packet loss", True),
    # the quote gives a third lost, not the whole
    ("1422 字节的包全部丢了，33% packet loss", "3 packets transmitted, 2 received, 33% packet loss", False),
    # 100% in the output, but neither in the claim's sentence nor in its quote
    ("1422 字节的包全部丢了", "3 packets transmitted, 2 received, 33% packet loss", False),
    ("1422 字节的包全部丢了，丢包率 100%", "3 packets transmitted, 2 received, 33% packet loss", False),
])
def test_a_whole_given_as_100_percent_by_its_own_quote(claim: str, excerpt: str, shown: bool) -> None:
    _, detail = _check(claim, excerpt, PING, tool="query_logs")
    assert ("'全部' (all / every / the whole)" not in detail) is shown, detail


NFS = "\n".join([
    '2026-11-29T02:13:41.220+08:00 web-03 kernel: nfs: server nfs-01.prod.local not '
    'responding, still trying',
    '2026-11-29T02:14:05.871+08:00 web-03 kernel: nfs: server nfs-01.prod.local OK',
    '2026-11-29T02:14:06.002+08:00 web-03 asset-sync[2291]: ERROR read '
    '/data/shared/assets/catalog.json failed: [Errno 116] Stale file handle',
    '  at AssetReader.read (reader.js:41)',
    '2026-11-29T02:20:33.417+08:00 web-04 asset-sync[1877]: ERROR read '
    '/data/shared/assets/catalog.json failed: [Errno 116] Stale file handle',
    '2026-11-29T02:31:12.508+08:00 web-04 asset-sync[1877]: INFO sync finished',
    '',
])


@pytest.mark.parametrize("claim", [
    "第一条 Stale file handle 在 02:14:06，这段日志里 02:14:06 之前没有这类报错",
    "02:14 之前没有报错",
    "02:21 以后没有再出现错误",
    "02:20:34 之后没有报错",
])
def test_a_denial_bounded_by_a_time_reads_only_that_side_of_it(claim: str) -> None:
    assert negation_conflict(claim, [NFS]) is None


@pytest.mark.parametrize("claim", [
    "02:14:10 之前没有报错",  # the 02:14:06 error is before it
    "02:14:06 以后没有报错",  # the 02:20:33 error is after it
    "02:20 之后没有报错",  # 02:20:33 is of that minute: a minute-bound keeps it
    "这段时间没有报错",  # no bound: the output reports errors
])
def test_a_denial_bounded_by_a_time_still_meets_the_lines_on_its_side(claim: str) -> None:
    assert "it denies 'error'" in (negation_conflict(claim, [NFS]) or "")


CRC = ('{"metric": "interface_in_crc_errors_per_5m", "series": [{"interface": "Ethernet1/49", "points": [["09:00", 0], '
       '["09:05", 4120], ["09:10", 18231]]}, {"interface": "Ethernet1/50", "points": [["09:00", 0], ["09:05", 0], '
       '["09:10", 0]]}]}')
ZERO_QUOTE = '{"interface": "Ethernet1/50", "points": [["09:00", 0], ["09:05", 0], ["09:10", 0]]}'
ERR_QUOTE = '{"interface": "Ethernet1/49", "points": [["09:00", 0], ["09:05", 4120], ["09:10", 18231]]}'


@pytest.mark.parametrize(("claim", "quote", "denies"), [
    ("另一条上联 Ethernet1/50 全程 CRC 都是 0，没有错误", ZERO_QUOTE, True),
    ("Ethernet1/50 的 CRC 为 0，无错误", ZERO_QUOTE, True),
    # another interface's zeros, or its own figures that are not zeros
    ("Ethernet1/49 全程 CRC 都是 0，没有错误", ZERO_QUOTE, False),
    ("Ethernet1/49 全程 CRC 都是 0，没有错误", ERR_QUOTE, False),
    # no zero stated: the denial is the claim's own, against an output that reports errors
    ("Ethernet1/50 没有错误", ZERO_QUOTE, False),
])
def test_a_denial_restating_the_zero_series_it_quotes(claim: str, quote: str, denies: bool) -> None:
    conflict = negation_conflict(claim, [CRC], [quote])
    assert (conflict is None) is denies, conflict


SIZES = ("{'metric': 'pg_total_relation_size', 'relation': 'public.events', 'unit': 'GiB', 'points': "
         "[['2026-11-23', 61.2], ['2026-11-26', 78.9], ['2026-11-29', 97.4]]}")
SIZES_QUOTE = "[['2026-11-23', 61.2], ['2026-11-26', 78.9], ['2026-11-29', 97.4]]"


@pytest.mark.parametrize(("claim", "located"), [
    ("events 表从 61.2 GiB 涨到 97.4 GiB，涨了 36.2 GiB", True),  # bare points the output declares in GiB
    ("events 表 11-26 到 11-29 涨了 18.5 GiB", True),
    ("events 表从 61.2 GiB 涨到 97.4 GiB，涨了 38.2 GiB", False),
    ("events 表从 61.2 GiB 涨到 97.4 GiB，涨了 36.2 MiB", False),  # another unit than the declared one
])
def test_a_difference_of_bare_points_in_the_unit_the_output_declares(claim: str, located: bool) -> None:
    verification, detail = _check(claim, SIZES_QUOTE, SIZES, tool="query_metrics", source_type="metric")
    assert (verification == "direct_observation") is located, detail


def test_a_difference_of_bare_points_needs_the_outputs_declaration() -> None:
    undeclared = SIZES.replace("'unit': 'GiB', ", "")
    _, detail = _check("events 表从 61.2 GiB 涨到 97.4 GiB，涨了 36.2 GiB", SIZES_QUOTE, undeclared,
                       tool="query_metrics", source_type="metric")
    assert "36.2gib" in detail


@pytest.mark.parametrize(("claim", "located"), [
    ("从 11-23 的 61.2 GiB 涨到 11-29 的 97.4 GiB，6 天涨了 36.2 GiB", True),  # days between quoted dates
    ("11-23 到 11-26 这 3 天涨了 17.7 GiB", True),
    ("从 11-23 的 61.2 GiB 涨到 11-29 的 97.4 GiB，7 天涨了 36.2 GiB", False),
    ("6 小时涨了 36.2 GiB", False),  # dates alone give whole days, never hours
])
def test_a_span_of_days_between_dates_a_daily_series_quotes(claim: str, located: bool) -> None:
    verification, detail = _check(claim, SIZES_QUOTE, SIZES, tool="query_metrics", source_type="metric")
    assert (verification == "direct_observation") is located, detail


def test_days_are_read_only_between_dates_the_claim_quotes() -> None:
    # the output holds 2026-11-23 and 2026-11-29, but the quote only one date
    _, detail = _check("6 天涨到 97.4 GiB", "['2026-11-29', 97.4]", SIZES, tool="query_metrics", source_type="metric")
    assert "6天" in detail


@pytest.mark.parametrize(("claim", "located"), [
    ("events 表从 11-23 到 11-29 涨了 36.2 GiB", True),  # MM-DD before 到 and after 从 / 到 are dates
    ("events 表 11-23 至 11-26 期间涨了 17.7 GiB", True),
    ("events 表 11-20 到 11-29 涨了 36.2 GiB", False),  # a date no output holds
])
def test_a_month_and_day_bounding_a_span_is_a_date(claim: str, located: bool) -> None:
    verification, detail = _check(claim, SIZES_QUOTE, SIZES, tool="query_metrics", source_type="metric")
    assert (verification == "direct_observation") is located, detail


PULLING = ('Events:\n  Type     Reason   Age   From     Message\n'
           '  Normal   Pulling  30s   kubelet  Pulling image "registry.local/pay:v2.3.1"\n'
           '  Warning  Failed   10s   kubelet  Failed to pull image "registry.local/pay:v2.3.1": manifest unknown\n')
PULLED = PULLING.replace("Pulling  30s   kubelet  Pulling", "Pulled   30s   kubelet  Successfully pulled")
SCHEDULING = ('Status:       Pending\nEvents:\n  Type     Reason            Age   From               Message\n'
              '  Warning  FailedScheduling  2m    default-scheduler  0/3 nodes are available: 3 Insufficient memory.\n')
SCHEDULED = ("Events:\n  Normal  Scheduled  2m  default-scheduler  Successfully assigned prod/search-5f6d7 to node-3\n")


@pytest.mark.parametrize(("claim", "excerpt", "output", "located"), [
    ("镜像 registry.local/pay:v2.3.1 已经 Pulled", "Successfully pulled image", PULLED, True),
    ("镜像 registry.local/pay:v2.3.1 已经 Pulled", 'Pulling image "registry.local/pay:v2.3.1"', PULLING, False),
    ("pod search-5f6d7 已由 default-scheduler Scheduled 到节点上", "Successfully assigned prod/search-5f6d7", SCHEDULED,
     True),
    # the agent (default-scheduler) and the failure (FailedScheduling) say nothing was scheduled
    ("pod search-5f6d7 已由 default-scheduler Scheduled 到节点上", "FailedScheduling  2m    default-scheduler",
     SCHEDULING, False),
])
def test_a_finished_state_named_in_english_needs_its_past_form(claim, excerpt, output, located) -> None:
    verification, detail = _check(claim, excerpt, output, tool="kubectl")
    assert (verification != "contradicted") is located, detail


def test_an_ongoing_form_still_covers_an_english_word_of_prose() -> None:
    from groundcheck.programs.text.content_words import word_in
    assert word_in("the patient was suffering from", "suffered")  # prose: the lexical reading is unchanged
    assert not word_in("the patient was suffering from", "suffered", done_forms=True)


GAIERROR = ("2026-11-27T16:02:11+08:00 ERROR [report-worker] socket.gaierror: [Errno -3] Temporary failure in "
            "name resolution\n")
EXIT_137 = "Last State: Terminated\n  Reason: OOMKilled\n  Exit Code: 137\n"


@pytest.mark.parametrize(("claim", "excerpt", "output", "located"), [
    ("16:02 report-worker 报 [Errno -3] 错误", "[Errno -3] Temporary failure", GAIERROR, True),
    ("16:02 report-worker 报 [Errno 3] 错误", "[Errno -3] Temporary failure", GAIERROR, False),  # the sign dropped
    ("容器 exit code 137 退出", "Exit Code: 137", EXIT_137, True),
    ("容器 exit code 1 退出", "Exit Code: 137", EXIT_137, False),  # a small figure is no count at a code label
    ("容器 exit code: 137，重启 1 次", "Exit Code: 137", EXIT_137, True),  # a count elsewhere stays soft
])
def test_a_code_read_at_its_label_keeps_its_sign(claim, excerpt, output, located) -> None:
    verification, detail = _check(claim, excerpt, output, tool="query_logs")
    assert (verification != "contradicted") is located, detail


ORDER_PODS = ("NAME        READY   STATUS    RESTARTS      AGE\n"
              "order-1     1/1     Running   5 (3m ago)    2d\n"
              "order-2     1/1     Running   0             2d\n"
              "order-3     1/1     Running   {third}             2d\n")


@pytest.mark.parametrize(("claim", "third", "denies"), [
    ("order-1 重启了 5 次，另外两个 pod 没有重启", "0", True),
    ("order-1 重启了 5 次，另外两个 pod 没有重启", "4 (10m ago)", False),  # order-3 restarted 4 times
    ("order-1 重启了 5 次，其余 pod 都未重启", "2 (1h ago)", False),
    ("order-1 和 order-3 重启过，另外一个 pod 没有重启", "4 (10m ago)", True),  # the other one is order-2
])
def test_a_denial_of_the_other_rows_is_read_in_their_rows(claim: str, third: str, denies: bool) -> None:
    conflict = negation_conflict(claim, [ORDER_PODS.format(third=third)])
    assert (conflict is None) is denies, conflict


ALERTS = ("11-30 22:00:05 [alertmanager] ALERT firing: DiskFull node=db-node-3 mountpoint=/data\n"
          "12-01 02:00:11 [alertmanager] ALERT resolved: DiskFull node=db-node-3 mountpoint=/data\n")


@pytest.mark.parametrize(("span", "located"), [
    ("约 4 小时", True),
    ("约 20 小时", False),  # the distance of the clocks, the dates left out
    ("约 5 小时", False),
])
def test_a_span_between_dated_times_across_midnight_counts_the_dates(span: str, located: bool) -> None:
    claim = f"db-node-3 的 DiskFull 告警从 11-30 22:00 触发，到 12-01 02:00 恢复，持续{span}"
    verification, detail = _check(claim, "ALERT resolved: DiskFull node=db-node-3", ALERTS, tool="query_logs")
    assert (verification != "contradicted") is located, detail


@pytest.mark.parametrize(("claim", "conflict"), [
    ("mq-a 重启 6 次、mq-b 重启 2 次，mq-a 的重启次数是 mq-b 的 3 倍", False),
    ("mq-a 重启 6 次、mq-b 重启 2 次，mq-b 的重启次数是 mq-a 的 3 倍", True),  # the ratio the other way round
    ("mq-a 重启 6 次、mq-b 重启 2 次，mq-b 是 mq-a 的约 3 倍", True),
    ("pod-1 内存 900Mi，pod-2 内存 300Mi，pod-1 的内存用量是 pod-2 的 3 倍", False),
    # figures of another measure than the multiple's
    ("pay-a 重启 6 次、pay-b 重启 2 次，pay-a 的 CPU 用量是 pay-b 的 3 倍", True),
    ("pod-1 用了 900Mi，pod-2 用了 300Mi，pod-1 的内存是 pod-2 的 3 倍", False),  # no measure named by the figures
])
def test_a_multiple_of_two_named_sides_reads_them_in_order(claim: str, conflict: bool) -> None:
    from groundcheck.programs.text.own_arithmetic import multiple_conflict
    top = "NAME      CPU(cores)   MEMORY(bytes)   RESTARTS\npay-a     400m         610Mi           6\n"
    found = multiple_conflict(claim, [top + "pay-b     350m         590Mi           2\n"])
    assert (found is not None) is conflict, found


MQ_PODS = ("NAME   READY   STATUS    RESTARTS        AGE\n"
           "mq-a   1/1     Running   3 (2h ago)      2d\n"
           "mq-b   1/1     Running   5 (14m ago)     2d\n")
SUMMARY = "service=checkout window=15:05-15:10 latency summary\np50=0.212s  p90=1.480s  p99=3.653s\n"


@pytest.mark.parametrize(("claim", "output", "swapped"), [
    ("mq-a 和 mq-b 分别重启了 3 次和 5 次", MQ_PODS, False),
    ("mq-a 和 mq-b 分别重启了 5 次和 3 次", MQ_PODS, True),
    ("mq-a、mq-b 分别为 3 次、5 次", MQ_PODS, False),
    ("mq-b 和 mq-a 分别重启 3 次和 5 次", MQ_PODS, True),
    ("p50 和 p99 分别为 0.212 秒和 3.653 秒", SUMMARY, False),
    ("p50 和 p99 分别为 3.653 秒和 0.212 秒", SUMMARY, True),
    ("p50 和 p90 分别为 0.212 秒和 1.48 秒", SUMMARY, False),
    ("mq-a 和 mq-b 分别重启了 1 次和 1 次", MQ_PODS, False),  # 1 of READY 1/1 is no restart count
])
def test_respective_figures_pair_with_their_subjects_in_order(claim: str, output: str, swapped: bool) -> None:
    verification, detail = _check(claim, output.splitlines()[1].strip(), output, tool="kubectl")
    assert ("分别" in detail and verification == "contradicted") is swapped, detail


DAILY = ("service=checkout metric=p99_latency step=1d\n"
         "11-25  p99=640ms\n11-26  p99=820ms\n11-27  p99=1310ms\n")


@pytest.mark.parametrize(("claim", "located"), [
    ("checkout 11-27 的 p99 延迟为 1310ms", True),
    ("checkout 11 月 27 日的 p99 延迟为 1310ms", True),  # the day in Chinese over the yearless row
    ("checkout 11-27 的 p99 延迟为 820ms", False),  # the 11-26 row's value
    ("checkout 11 月 27 日的 p99 延迟为 640ms", False),
    ("checkout 11 月 28 日的 p99 延迟为 1310ms", False),  # a day no row holds
])
def test_a_value_at_a_day_is_read_on_that_days_row(claim: str, located: bool) -> None:
    verification, detail = _check(claim, "11-27  p99=1310ms", DAILY, tool="query_metrics", source_type="metric")
    assert (verification == "direct_observation") is located, detail


@pytest.mark.parametrize(("sentence", "open_question"), [
    ("02:12 为什么重启还需要查变更记录。", True),  # still to be looked up: no finding
    ("重启原因尚待查明。", True),
    ("02:12 重启了，查到的日志里没有别的报错。", False),  # 查到: what was found, stated
])
def test_a_step_still_to_look_up_leaves_its_sentence_open(sentence: str, open_question: bool) -> None:
    from groundcheck.programs.text.wording import search_hedged
    assert (search_hedged(sentence) is not None) is open_question


GC = "service=pay-core jvm\ngc_pause_p99: before=12ms after=48ms\nheap: limit=512Mi used=480Mi\n"


@pytest.mark.parametrize(("claim", "conflict"), [
    ("pay-core 堆内存 limit 512Mi、已用 480Mi，GC 暂停 p99 约为之前的 4 倍", False),  # 48 / 12 on the GC line
    ("pay-core 堆内存 limit 512Mi、已用 480Mi，GC 暂停 p99 约为之前的 1.07 倍", True),  # 512 / 480 is the heap's
    ("pay-core GC 暂停 p99 从 12ms 涨到 48ms，约为之前的 4 倍", False),  # its own figures of the measure
    ("pay-core GC 暂停 p99 从 12ms 涨到 48ms，约为之前的 3 倍", True),
])
def test_a_multiple_of_a_measure_is_read_in_figures_of_that_measure(claim: str, conflict: bool) -> None:
    from groundcheck.programs.text.own_arithmetic import multiple_conflict
    found = multiple_conflict(claim, [GC])
    assert (found is not None) is conflict, found


CEPH = ("mon: 3 daemons, quorum ceph-mon-a,ceph-mon-b,ceph-mon-c (age 12d)\n"
        "mgr: ceph-mon-a(active, since 12d), standbys: ceph-mon-b\n")


@pytest.mark.parametrize(("claim", "shown"), [
    ("3 个 mon 全部在 quorum 中（ceph-mon-a、ceph-mon-b、ceph-mon-c）", True),  # the items bracketed after it
    ("3 个 mon 全部在 quorum 中（ceph-mon-a、ceph-mon-b、ceph-mon-d）", False),
    # one line names both: ceph-mon-b's part of it says standby, not active
    ("2 个 mgr 全部 active（ceph-mon-a、ceph-mon-b）", False),
])
def test_a_scope_word_over_items_bracketed_after_it(claim: str, shown: bool) -> None:
    assert _shows(claim, CEPH) is shown


THREADS = ("dubbo_thread_pool_active_size{{application=\"risk\"}}\ntime   10.42.5.21  10.42.6.14  10.42.7.33\n"
           "11:00  63          58          61\n11:20  200         200         {last}\n")


@pytest.mark.parametrize(("claim", "last", "shown"), [
    ("三台实例线程池 active 从 11:00 的 58–63 涨到 11:20 全部 200，打满", "200", True),
    ("三台实例线程池 active 到 11:20 全部 200", "198", False),  # one of the row's figures is not 200
    ("三台实例线程池 active 到 11:20 均为 200", "200", True),
])
def test_a_scope_word_over_a_quoted_row_whose_every_figure_it_gives(claim: str, last: str, shown: bool) -> None:
    output = THREADS.format(last=last)
    _, detail = _check(claim, output.splitlines()[3], output, tool="query_metrics", source_type="metric")
    assert ("(all / every / the whole)" not in detail) is shown, detail


def test_a_span_of_days_with_a_range_of_figures_is_no_value_at_one_day() -> None:
    rows = ("day          502_count\n2026-11-14   11\n2026-11-15   12\n2026-11-16   9\n2026-11-17   1,943\n")
    claim = "502 从 11-17 开始出现：11-14 到 11-16 每天只有 9~12 个，11-17 为 1,943 个"
    _, detail = _check(claim, "2026-11-17   1,943", rows, tool="query_metrics", source_type="metric")
    assert "row of" not in detail, detail
    claim = "502 从 11-17 开始出现：11-15 为 9 个，11-17 为 1,943 个"  # 9 is the 11-16 row's
    verification, detail = _check(claim, "2026-11-17   1,943", rows, tool="query_metrics", source_type="metric")
    assert "row of 11-16" in detail and verification == "contradicted", detail


@pytest.mark.parametrize(("claim", "excerpt", "output"), [
    # "Min replicas:" opens with a word, not a subject cell
    ("HPA search-api 当前值 <unknown>（min 4，max 20）",
     "resource cpu on pods  (as a percentage of request):  <unknown> / 70%",
     "Min replicas:                 4\nMax replicas:                 20\n"
     "resource cpu on pods  (as a percentage of request):  <unknown> / 70%\n"),
    # a time-keyed row has no subject: "02" of "02:10" is no other host
    ("etcd-master-1 的 fsync p99 在 02:10 为 0.412 秒", "02:10  0.412",
     "time   etcd-master-1\n02:10  0.412\netcd-master-1   1.874\n"),
    # a bracket late in a kernel line is no log tag
    ("osd.12 对应的 sdf 报 Medium Error", "Sense Key : Medium Error [current]",
     "[ceph-node-04 kernel] Nov 26 10:14:52 ceph-node-04 kernel: sd 0:0:5:0: [sdf] tag#412 Sense Key : Medium Error "
     "[current]\n[osd.12] 2026-11-26T10:22:15 slow operation observed\n"),
])
def test_no_other_subject_is_read_from_a_word_a_time_or_a_late_bracket(claim: str, excerpt: str, output: str) -> None:
    _, detail = _check(claim, excerpt, output, tool="query_logs")
    assert "the record it quotes" not in detail, detail


def test_a_log_tag_near_the_start_still_names_another_subject() -> None:
    output = ("2026-11-27T10:00:01 ERROR [promo] NullPointerException at PromoService.apply\n"
              "2026-11-27T10:00:02 INFO [cart] request ok\n")
    _, detail = _check("cart 服务抛出 NullPointerException", "ERROR [promo] NullPointerException", output,
                       tool="query_logs")
    assert "about 'promo'" in detail, detail


# ---- the fresh audit AA's honest sessions (classes, with the attack each must still catch) ----

HPA_LOOKUP = ("$ kubectl -n kube-system get hpa,cm -l k8s-app=kube-dns\nNo resources found in kube-system namespace.\n")


def test_an_hpa_denied_is_no_scale_in_the_command_reports() -> None:
    assert negation_conflict("CoreDNS 只有 2 个副本，没有配 HPA", [HPA_LOOKUP]) is None
    # a scale-in the output reports is still denied wrongly
    assert negation_conflict("没有发生缩容", ["10:02 HPA scaled down deployment/api from 6 to 3"]) is not None


@pytest.mark.parametrize(("quote", "contradicted"), [
    ("wrong status code '404', expected '200'", False),  # the expectation is no outcome
    ("status code '200' returned, challenge accepted", True),
])
def test_an_expected_value_is_no_outcome_of_a_quote(quote: str, contradicted: bool) -> None:
    _verification, detail = _check("证书续期的 challenge 失败", quote, quote + "\n", tool="kubectl")
    assert ("its own quote contradicts" in detail) is contradicted, detail


@pytest.mark.parametrize(("sentence", "open_question"), [
    ("404 的原因还没确认", True),
    ("static-web-02 没查", True),
    ("没有查到 OOM 记录", False),  # a search that found nothing: a finding
])
def test_what_was_not_yet_checked_leaves_its_sentence_open(sentence: str, open_question: bool) -> None:
    from groundcheck.programs.text.wording import search_hedged
    assert (search_hedged(sentence) is not None) is open_question


PUBLISH = ("# values are increase() over the preceding 1m\ntime     published   acked   redelivered\n"
           "09:42    129115      0               0\n09:50    129000      0   0\n")


@pytest.mark.parametrize(("claim", "located"), [
    ("发布量一直在每分钟约 12.9 万条（09:50 为 129000，约 2150 条/秒）", True),
    ("发布量一直在每分钟约 12.9 万条（09:50 为 129000，约 2500 条/秒）", False),
    ("09:50 为 129000，约 2150 条/秒", False),  # no per-minute period said: a bare figure is no rate
])
def test_a_per_second_rate_restating_a_figure_of_a_per_minute_series(claim: str, located: bool) -> None:
    # round ZZ: the outputs must count per minute; a series in req/s read "每分钟" is not (below)
    _verification, detail = _check(claim, "09:50    129000      0   0", PUBLISH, tool="query_metrics",
                                  source_type="metric")
    assert ("no tool output contains or implies" not in detail) is located, detail


STARTED = ("      Started:      Wed, 25 Nov 2026 15:31:02 +0800\n"
           "      Finished:     Wed, 25 Nov 2026 15:52:40 +0800\n")


@pytest.mark.parametrize(("span", "located"), [
    ("约 21 分半", True),  # 21 min 38 s, written to the half minute
    ("约 22 分钟", True),
    ("约 19 分半", False),
    ("约 23 分半", False),
])
def test_a_duration_with_a_half_is_read_to_the_half_unit(span: str, located: bool) -> None:
    claim = f"sidecar 从 15:31:02 跑到 15:52:40，{span}就被杀"
    _verification, detail = _check(claim, STARTED.strip(), STARTED, tool="kubectl")
    assert ("no tool output contains or implies" not in detail) is located, detail


@pytest.mark.parametrize(("claim", "located"), [
    ("中断 53 秒，比 40 秒的 session timeout 长 13 秒", True),
    ("中断 53 秒，比 40 秒的 session timeout 长 15 秒", False),
])
def test_a_difference_of_its_own_compared_figures(claim: str, located: bool) -> None:
    output = "23:41:05 uplink down\n23:41:58 uplink up\nsessionTimeout=40s\n"
    _verification, detail = _check(claim, "sessionTimeout=40s", output, tool="query_logs")
    assert ("no tool output contains or implies" not in detail) is located, detail


def test_a_trade_acronym_is_no_entity_but_an_errno_name_is() -> None:
    from groundcheck.programs.text.tokens import extract_mentions
    assert extract_mentions("ETL 任务报 SafeModeException").entities == ("safemodeexception",)
    assert extract_mentions("写入报 ENOSPC").entities == ("enospc",)


LAST_RUN = ("02:10   228600        31440       108\n"
            "same job last run (2026-11-27 02:10): PutRequests 61080/min, 5xxErrors 0\n")


@pytest.mark.parametrize(("output", "denies"), [
    (LAST_RUN, True),  # "5xxErrors 0": a metric listed with a zero denies it
    ("same job last run (2026-11-27 02:10): PutRequests 61080/min, 5xxErrors 12\n", False),
])
def test_a_metric_listed_with_a_zero_denies_its_concept(output: str, denies: bool) -> None:
    conflict = negation_conflict("上一次运行同一时间只有 61080/分钟、没有 5xx 错误", [output])
    assert (conflict is None) is denies, conflict


DF_I = ("Filesystem       Inodes    IUsed    IFree IUse% Mounted on\n"
        "/dev/nvme0n1p1  3276800   184220  3092580    6% /\n"
        "/dev/nvme0n1p3  1310720  1192755   117965   91% /var/log\n")


@pytest.mark.parametrize(("claim", "other_row"), [
    ("/var/log 的 inode 使用率也已经到 91%（剩 117965 个），/ 只有 6%", False),  # "/" written alone is a mount
    ("/var/log 的 inode 使用率只有 6%", True),
])
def test_a_root_written_alone_is_another_mount(claim: str, other_row: bool) -> None:
    _, detail = _check(claim, "/dev/nvme0n1p3  1310720  1192755   117965   91% /var/log", DF_I, tool="shell")
    assert ("which the cited df table shows on the row of" in detail) is other_row, detail


@pytest.mark.parametrize(("claim", "located"), [
    ("token 的 iat=1795486511（北京时间 10:15:11）比本机 now 晚 9 秒", True),  # 02:15:11 UTC
    ("token 的 iat=1795486511（UTC 02:15:11）", True),
    ("token 的 iat=1795486511（北京时间 10:25:11）", False),
])
def test_a_clock_restating_the_epoch_it_follows(claim: str, located: bool) -> None:
    output = "jwt rejected: token used before issued (iat=1795486511, now=1795486502, leeway=0s)\n"
    _verification, detail = _check(claim, "(iat=1795486511, now=1795486502, leeway=0s)", output, tool="query_logs")
    assert ("no tool output contains or implies" not in detail) is located, detail


def test_a_product_its_query_implies() -> None:
    claim = "按 node_exporter 的测量，auth-07 时钟比实际慢 9.412 秒"
    output = ("# node_time_seconds - timestamp(node_time_seconds)\ndate         auth-06  auth-07\n"
              "2026-11-24   -0.001   -9.412\n")
    _, detail = _check(claim, "2026-11-24   -0.001   -9.412", output, tool="query_metrics", source_type="metric")
    assert "node_exporter" not in detail, detail
    _, detail = _check("按 telegraf 的测量，auth-07 时钟比实际慢 9.412 秒", "2026-11-24   -0.001   -9.412", output,
                       tool="query_metrics", source_type="metric")
    assert "telegraf" in detail, detail


AUDIT = ("2026-11-16T11:02:33Z  action=purge_dir  paths=1     dir=/      operator=ops-lee  status=success\n"
         "2026-11-16T11:02:34Z  task=pd-88120604  detail: directory purge propagated to 2,318 edge nodes in 41s\n")


def test_a_time_keying_a_row_is_no_subject() -> None:
    claim = "2026-11-16T11:02:33Z ops-lee 做了目录刷新（purge_dir），41 秒内下发到 2,318 个边缘节点"
    _, detail = _check(claim, "directory purge propagated to 2,318 edge nodes in 41s", AUDIT, tool="query_logs")
    assert "row of" not in detail, detail


RESIZER = ("time    pod            cpu_cores   queue_len   p99_ms\n"
           "19:00   resizer-0      1.21        3           182\n19:00   resizer-1      1.18        2           176\n"
           "19:10   resizer-0      3.99        256         10000\n"
           "19:10   resizer-1      3.98        256         10000\n")


@pytest.mark.parametrize(("claim", "located"), [
    ("19:10 时 2 个 pod 的 CPU 都在 3.98~3.99 核", True),  # two rows at 19:10: a count of them
    ("19:10 时 resizer-0 的队列长度为 3", False),  # 3 is a value of 19:00
])
def test_a_count_of_the_rows_at_a_time_is_no_value_at_it(claim: str, located: bool) -> None:
    _, detail = _check(claim, "19:10   resizer-0      3.99        256         10000", RESIZER,
                       tool="query_metrics", source_type="metric")
    assert ("the cited series gives" not in detail) is located, detail


ROWS = ('{"rows": [{"time": "19:05", "origin_5xx_ratio": 17.9, "origin_504": 388112}, '
        '{"time": "19:10", "origin_5xx_ratio": 23.6, "origin_504": 492006}, '
        '{"time": "19:15", "origin_5xx_ratio": LAST, "origin_504": 401220}]}')


@pytest.mark.parametrize(("last", "peak"), [("19.2", True), ("25.1", False)])
def test_a_peak_is_read_in_its_own_key_of_rows_of_several(last: str, peak: bool) -> None:
    output = ROWS.replace("LAST", last)
    _, detail = _check("回源 5xx 比例 19:10 最高 23.6%", '"origin_5xx_ratio": 23.6', output, tool="query_metrics",
                       source_type="metric")
    assert ("as the peak" not in detail) is peak, detail


def test_a_header_of_host_names_is_no_row_of_figures() -> None:
    output = "date         auth-06  auth-07\n2026-11-24   -0.001   -9.412\n2026-11-25   -0.002   -9.9\n"
    _, detail = _check("11-24 auth-07 时钟比实际慢 9.412 秒", "2026-11-24   -0.001   -9.412", output,
                       tool="query_metrics", source_type="metric")
    assert "row of" not in detail, detail
    # a table with a subject column still reads its rows
    pods = "NAME    CPU   MEM\npay-1   400m  610Mi\npay-2   350m  590Mi\n"
    _, detail = _check("pay-1 的 CPU 为 350m", "pay-1   400m  610Mi", pods, tool="kubectl")
    assert "row of 'pay-2'" in detail, detail


def test_a_count_of_times_is_no_count_of_rows() -> None:
    # "多 1 次" at a time with one row: a change of the value, read as one (round Z's z13)
    series = 'increase(restarts{pod="order-1"}[5m])\n10:00  4\n10:05  4\n10:10  3\n'
    verification, detail = _check("order-1 在 10:10 的 5 分钟内重启 3 次，比 10:00 多 1 次", "10:10  3", series,
                                  tool="query_metrics", source_type="metric")
    assert verification == "contradicted" and "a fall, not a rise" in detail, detail


def test_the_whole_window_stays_a_scope_its_figures_must_show() -> None:
    # round ZZ: an exemption for 整个时段 let "都在 90% 以上" pass over a series that dips to 78
    output = '{"metric": "node_cpu_usage_percent", "points": [["10:00", 93], ["10:05", 95], ["10:10", 78]]}'
    verification, detail = _check("db-01 整个时段 CPU 使用率都在 90% 以上", '["10:00", 93], ["10:05", 95]', output,
                                  tool="query_metrics", source_type="metric")
    assert verification != "direct_observation", detail


TWO_TOPICS = ('{"series": [{"labels": {"topic": "order-events"}, "points": [["14:00", 1184], ["14:05", 1302], '
              '["14:10", 1256], ["14:15", 3918], ["14:20", 11540]]}, {"labels": {"topic": "order-refunds"}, '
              '"points": [["14:00", 12], ["14:05", 9], ["14:10", 17], ["14:15", 31], ["14:20", 22]]}]}')


@pytest.mark.parametrize(("claim", "steady"), [
    ("order-events 的 lag 在 14:10 还是 1256，之后一路上涨，14:20 达到 11540", True),  # the next topic is no fall
    ("order-refunds 的 lag 从 14:10 的 17 之后一路上涨", False),  # 31, then 22
])
def test_a_steady_rise_is_read_in_one_label_sets_run(claim: str, steady: bool) -> None:
    _, detail = _check(claim, '["14:10", 1256]' if "events" in claim else '["14:10", 17]', TWO_TOPICS,
                       tool="query_metrics", source_type="metric")
    assert ("it says a steady rise" not in detail) is steady, detail


EVENTS = ("Events:\n  Type     Reason     Age                  From     Message\n"
          "  Warning  Failed     10m (x4 over 12m)    kubelet  Failed to pull image: rpc error: code = NotFound\n"
          "  Warning  Failed     10m (x4 over 12m)    kubelet  Error: ErrImagePull\n"
          "  Normal   BackOff    2m (x41 over 12m)    kubelet  Back-off pulling image\n")


def test_a_column_that_repeats_its_words_keys_no_row() -> None:
    claim = "kubelet 拉取时报 NotFound，12 分钟内拉取失败 4 次、BackOff 41 次"
    _, detail = _check(claim, "Normal   BackOff    2m (x41 over 12m)", EVENTS, tool="kubectl")
    assert "row of" not in detail, detail


def test_a_count_after_the_scope_word_is_no_whole_the_output_gives() -> None:
    # round ZZ: "全部 6 个节点" over "total 8, ready 6": 6 is the part, written twice, and the whole is 8
    output = "cluster prod-east summary\nnodes: total 8, ready 6, notready 2\npods: 143 running across 6 nodes\n"
    verification, detail = _check("prod-east 全部 6 个节点都是 Ready", "nodes: total 8, ready 6, notready 2", output,
                                  tool="shell")
    assert verification != "direct_observation", detail


GC_TABLE = ("time    cass-01  cass-02  cass-03\n21:15   0.24     0.22     38.20\n21:40   0.25     0.23     44.91\n")


@pytest.mark.parametrize(("claim", "judged"), [
    ("只有 cass-03 的 GC 异常：21:15 每分钟 GC 耗时 38.20 秒，其余节点都在 0.3 秒以下", True),
    ("cass-01 的 GC 异常：21:15 每分钟 GC 耗时 0.24 秒", False),  # no figure far from another: no outlier shown
])
def test_an_anomaly_judged_by_an_outlier_among_its_own_figures(claim: str, judged: bool) -> None:
    _, detail = _check(claim, "21:15   0.24     0.22     38.20", GC_TABLE, tool="query_metrics", source_type="metric")
    assert ("'unhealthy'" not in detail) is judged, detail


P99 = ("time    read_p99_ms   read_timeouts_per_min   read_qps\n21:00   38            0                       8420\n"
       "21:15   4870          912                     8402\n21:25   5310          1290                    8410\n"
       "21:30   5690          1455                    8388\n21:40   {last}          1502                    8391\n")


@pytest.mark.parametrize(("claim", "last", "turned"), [
    ("p99 在 21:15 到 4870ms，21:25 之后开始逐步回落", "6210", False),  # it keeps rising
    ("p99 在 21:15 到 4870ms，21:25 之后开始逐步回落", "2100", True),
    ("p99 在 21:15 到 4870ms，21:25 之后继续上升", "6210", True),
])
def test_a_turn_after_a_time_is_read_in_the_column_of_its_figures(claim: str, last: str, turned: bool) -> None:
    claim = claim.replace("继续上升", "持续上升")
    output = P99.format(last=last)
    _, detail = _check(claim, "21:15   4870          912                     8402", output, tool="query_metrics",
                       source_type="metric")
    assert ("it says a fall after" not in detail and "it says a rise after" not in detail) is turned, detail


def test_the_end_of_a_range_of_clocks_is_a_clock_without_a_zone() -> None:
    from groundcheck.programs.core.time_context import written_zones
    text = "'ssl_do_handshake() failed' count 07:00-08:00: 212, 08:00-09:00: 186,455 --"
    assert written_zones(text, "09:00") == {None}
    assert written_zones(text, "08:00") == {None}  # "08:00-09:00" is no 08:00 at UTC-9
    assert written_zones("2026-11-23t09:12:03.118-05:00 start", "09:12") == {-5}  # a time with seconds keeps it


@pytest.mark.parametrize(("figure", "restated"), [("186,455 次", True), ("186,456 次", False)])
def test_an_answers_grouped_figure_restates_a_claims(figure: str, restated: bool) -> None:
    from groundcheck.programs.core.number_forms import restates_a_figure_of
    from groundcheck.programs.text.normalize import fold
    from groundcheck.programs.text.tokens import extract_mentions
    claims = fold("握手失败数从 07:00-08:00 的 212 条涨到 08:00-09:00 的 186,455 条")
    numbers = extract_mentions(f"该副本 08:00-09:00 有 {figure}").numbers
    assert restates_a_figure_of(claims, numbers[1])  # 09:00, the end of the claim's range
    assert restates_a_figure_of(claims, numbers[2]) is restated


def test_a_per_second_series_read_per_minute_is_no_restatement() -> None:
    output = "{'metric': 'http_requests', 'unit': 'req/s', 'step': '1m', 'points': [['10:00', 1200], ['10:01', 1260]]}"
    _, detail = _check("search 每分钟请求数 10:00 为 1200，约每秒 20 个请求", "['10:00', 1200]", output,
                       tool="query_metrics", source_type="metric")
    assert "20个" in detail, detail


TWO_DAYS = ("2026-11-28T23:40:00+08:00 INFO  [order-svc] health check ok\n"
            "2026-11-28T23:50:12+08:00 ERROR [order-svc] upstream connect error: connection refused\n"
            "2026-11-29T01:02:40+08:00 INFO  [order-svc] health check ok\n"
            "2026-11-29T02:14:06+08:00 ERROR [order-svc] upstream connect error: connection refused\n")


@pytest.mark.parametrize(("claim", "denies"), [
    ("11-28 23:50:12 之前 order-svc 没有 connection refused 报错", True),
    ("11-29 02:14:06 之前 order-svc 没有 connection refused 报错", False),  # 11-28 23:50:12 is before it
    ("02:14:06 之前 order-svc 没有 connection refused 报错", False),  # lines of two days: no day, no bound
])
def test_a_time_bound_over_lines_of_two_days_reads_the_day(claim: str, denies: bool) -> None:
    conflict = negation_conflict(claim, [TWO_DAYS])
    assert (conflict is None) is denies, conflict


# ---- round ZZ: attacks on this look's readings (each pair caught / passed as it should) ----

FLAPS = ("2026-03-02T09:14:02+08:00 bgpd: neighbor 10.20.0.1 Down - Hold Timer Expired\n"
         "2026-03-02T09:21:47+08:00 bgpd: neighbor 10.20.0.1 Down - Interface flap (last reset: Hold Timer Expired "
         "at 09:14:02)\n")


def test_a_listed_items_predicate_is_not_read_in_an_aside() -> None:
    assert not _shows("09:14:02、09:21:47 两次 Down，原因都是 Hold Timer Expired", FLAPS)
    assert _shows("09:14:02、09:21:47 两次 Down，原因都是 Hold Timer Expired",
                  FLAPS.replace("Interface flap (last reset: Hold Timer Expired at 09:14:02)", "Hold Timer Expired"))


ELB = ("lb-web-a: RequestCount 18230, 4xxErrors 3, 5xxErrors 0\n"
       "lb-web-b: RequestCount 17984, 4xxErrors 0, 5xxErrors {b}\n")


@pytest.mark.parametrize(("claim", "b", "denies"), [
    ("lb-web-b 没有 5xx 错误", "27", False),  # lb-web-a's zero is not lb-web-b's
    ("lb-web-b 没有 5xx 错误", "0", True),
    ("lb-web-a 没有 5xx 错误", "27", True),
])
def test_a_denial_of_a_named_object_is_read_in_its_lines(claim: str, b: str, denies: bool) -> None:
    conflict = negation_conflict(claim, [ELB.format(b=b)])
    assert (conflict is None) is denies, conflict


def test_a_difference_needs_the_one_unit_the_output_declares() -> None:
    output = ("{'series': [{'mount': '/data', 'unit': 'TiB', 'points': [['10:00', 1.2], ['10:10', 3.4]]}, "
              "{'mount': '/var', 'unit': 'GiB', 'points': [['10:00', 20.5], ['10:10', 21.0]]}]}")
    _, detail = _check("store-03 的 /data 在 10:00 到 10:10 增加了 2.2 GiB", "[['10:00', 1.2], ['10:10', 3.4]]",
                       output, tool="query_metrics", source_type="metric")
    assert "2.2gib" in detail, detail


FAILURES = ("{'job': 'pg-nightly', 'points': [['2026-11-01', 0], ['2026-11-12', 3], ['2026-11-20', 4], "
            "['2026-11-21', 0]]}")
FAILURES_QUOTE = "[['2026-11-01', 0], ['2026-11-12', 3], ['2026-11-20', 4], ['2026-11-21', 0]]"


@pytest.mark.parametrize(("claim", "located"), [
    ("pg-nightly 备份从 11-12 开始失败，连续失败了 19 天", False),  # 19 days are 11-01 to 11-20
    ("pg-nightly 备份从 11-12 到 11-20 失败了 8 天", True),
])
def test_the_dates_a_claim_writes_are_its_day_spans_ends(claim: str, located: bool) -> None:
    _, detail = _check(claim, FAILURES_QUOTE, FAILURES, tool="query_metrics", source_type="metric")
    assert ("no tool output contains or implies" not in detail) is located, detail


@pytest.mark.parametrize(("claim", "located"), [
    ("db-migrate-x7k2 的 migrate 容器 exit code 为 1", False),
    ("db-migrate-x7k2 的 migrate 容器 exit code 为 137", True),
])
def test_an_exit_code_read_at_the_outputs_exited_with(claim: str, located: bool) -> None:
    output = "2026-11-29T04:11:02+08:00 ERROR [kubelet] container migrate in pod db-migrate-x7k2 exited with code 137\n"
    verification, detail = _check(claim, "exited with code 137", output, tool="query_logs")
    assert (verification != "contradicted") is located, detail


def test_a_lower_case_finished_state_in_a_chinese_claim_needs_its_past_form() -> None:
    output = ("Normal   Pulling    5m    kubelet   Pulling image \"registry.local/api:2.4.1\"\n"
              "Warning  Failed     4m    kubelet   Failed to pull image \"registry.local/api:2.4.1\"\n")
    verification, detail = _check("镜像 registry.local/api:2.4.1 已 pulled", "Pulling image", output, tool="kubectl")
    assert verification != "direct_observation", detail


PROBE = "2026-11-29T09:40:12+08:00 WARN [lb-probe] healthcheck GET /healthz on pay-7f: expected '200' but got '503'\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("pay-7f 的健康检查 GET /healthz 返回 200", False),  # 200 was only expected
    ("pay-7f 的健康检查 GET /healthz 期望 200，实际返回 503", True),
])
def test_an_expected_figure_is_no_outcome(claim: str, honest: bool) -> None:
    verification, detail = _check(claim, "expected '200' but got '503'", PROBE, tool="query_logs")
    assert (verification == "direct_observation") is honest, detail


def test_a_figure_the_claim_says_was_not_the_outcome_is_no_expected_outcome() -> None:
    output = "Reason: Waiting for HTTP-01 challenge propagation: wrong status code '404', expected '200'\n"
    claim = "challenge 校验请求拿到 404 而不是 200（wrong status code '404', expected '200'）"
    _verification, detail = _check(claim, "wrong status code '404', expected '200'", output, tool="kubectl")
    assert "only as what was expected" not in detail, detail


# ---- the fresh audit AB (measured before use) ----

CONDITIONS = ("Conditions:\n  Type             Status\n  MemoryPressure   False\n  DiskPressure     False\n"
              "  PIDPressure      False\n  Ready            Unknown\n")


@pytest.mark.parametrize(("claim", "conflict"), [
    ("MemoryPressure、DiskPressure、PIDPressure 三个条件都是 False", False),  # a count of the listed ones before 都
    ("MemoryPressure、DiskPressure 两个条件都是 True", True),
])
def test_a_list_of_conditions_with_its_count_shares_its_value(claim: str, conflict: bool) -> None:
    found = negation_conflict(claim, [CONDITIONS])
    assert (found is not None) is conflict, found


@pytest.mark.parametrize(("output", "conflict"), [
    ("rejected_connections:0\nevicted_keys:204519\nused_memory:4294967296\nmaxmemory:4294967296\n", False),
    ("maxmemory not reached, no exhaustion: used_memory 1.2G of 4G\n", True),  # a name of the concept denied
])
def test_a_denied_hint_does_not_deny_what_the_claim_reports(output: str, conflict: bool) -> None:
    found = negation_conflict("Redis 内存已经打满，开始按 allkeys-lru 驱逐", [output])
    assert (found is not None) is conflict, found


JOURNAL = ("Nov 16 09:31:12 etl-node-05 systemd[1]: fluent-bit.service: killed by the OOM killer.\n"
           "Nov 16 11:40:02 etl-node-05 systemd[1]: fluent-bit.service: Scheduled restart job, "
           "restart counter is at 22.\n")
WINDOW = {"unit": "fluent-bit.service", "start": "2026-11-16T09:00:00+08:00", "end": "2026-11-16T12:00:00+08:00"}


@pytest.mark.parametrize(("claim", "located"), [
    ("09:00~12:00 之间 fluent-bit 的 restart counter 涨到 22", True),  # the window the call searched
    ("09:00~13:00 之间 fluent-bit 的 restart counter 涨到 22", False),  # 13:00 is no bound of it
])
def test_a_range_of_clocks_that_is_the_searched_window(claim: str, located: bool) -> None:
    _, detail = _check(claim, "restart counter is at 22", JOURNAL, tool="query_logs", arguments=WINDOW)
    assert ("no tool output contains or implies" not in detail) is located, detail


TF = ("2026-11-13T06:06:57Z  module.redis.aws_security_group_rule.ingress: Destruction complete\n"
      "2026-11-13T14:07:33.512+08:00 ERROR [report-svc] redis dial timeout\n")


@pytest.mark.parametrize(("claim", "located"), [
    ("规则删除完成（北京时间 14:06:57）后 36 秒，report-svc 出现第一条超时（14:07:33）", True),
    ("规则删除完成（北京时间 14:06:57）后 50 秒，report-svc 出现第一条超时（14:07:33）", False),
])
def test_a_span_between_two_of_its_own_clocks(claim: str, located: bool) -> None:
    _, detail = _check(claim, "Destruction complete", TF, tool="query_logs")
    assert ("no tool output contains or implies" not in detail) is located, detail


EVICTIONS = '{"unit": "keys/s", "values": [["14:20", 2875.9], ["14:30", 3410.5]]}'


@pytest.mark.parametrize(("claim", "located"), [
    ("14:30 达到峰值 3410.5 keys/s，折合每分钟约 20.5 万个 key", True),
    ("14:30 达到峰值 3410.5 keys/s，折合每分钟约 25 万个 key", False),
])
def test_a_rate_of_keys_per_second_restated_per_minute(claim: str, located: bool) -> None:
    _, detail = _check(claim, '["14:30", 3410.5]', EVICTIONS, tool="query_metrics", source_type="metric")
    assert ("no tool output contains or implies" not in detail) is located, detail


PROCESSLIST = ("Sun Nov 29 01:58:06 CST 2026\n| Id   | User        | db     | Command | Time | State |\n"
               "| 1021 | system user | orders | Query   |   8785 | copy to tmp table |\n")


@pytest.mark.parametrize(("claim", "located"), [
    ("按查询时刻 01:58:06 减去 Time 8785 秒，从库大约在 23:31:41 开始回放这条 DDL", True),
    ("按查询时刻 01:58:06 减去 Time 8785 秒，从库大约在 23:41:41 开始回放这条 DDL", False),
    # a clock and a span the claim invents can not vouch for each other
    ("从库在 23:31:41 开始回放，到 01:58:06 持续 9000 秒", False),
])
def test_a_clock_from_a_clock_and_a_span_an_output_writes(claim: str, located: bool) -> None:
    _, detail = _check(claim, "Sun Nov 29 01:58:06 CST 2026", PROCESSLIST, tool="shell")
    assert ("no tool output contains or implies" not in detail) is located, detail


LAG_ALERTS = ("2026-11-29T22:00:05+08:00 ERROR [pg-sync] replication lag alert fired (lag=412s)\n"
              "2026-{day}T02:00:41+08:00 INFO  [pg-sync] replication lag alert resolved (lag=3s)\n")


@pytest.mark.parametrize(("day", "located"), [("11-30", True), ("12-01", False)])
def test_a_span_of_bare_clocks_over_quoted_times_of_other_days(day: str, located: bool) -> None:
    output = LAG_ALERTS.format(day=day)
    quote = output.strip()  # both dated lines
    claim = "复制延迟告警 22:00 触发，02:00 恢复，持续约 4 小时"  # 4 hours over 11-29 to 12-01 leaves out a day
    verification, detail = _check(claim, quote, output, tool="query_logs")
    assert (verification != "contradicted") is located, detail


@pytest.mark.parametrize(("claim", "turned"), [
    ("order 错误数 11:00（480）是 10:00（40）的 12 倍", False),
    ("order 错误数 10:00（40）是 11:00（480）的 12 倍", True),  # the ratio the other way round
])
def test_a_multiple_of_two_times_with_their_figures_reads_them_in_order(claim: str, turned: bool) -> None:
    from groundcheck.programs.text.own_arithmetic import multiple_conflict
    assert (multiple_conflict(claim) is not None) is turned


SUMMARY_LINE = "2026-11-29T10:10:00+08:00 latency summary service=cart p50=310ms p90=820ms p99=1500ms\n"


@pytest.mark.parametrize(("claim", "paired"), [
    ("cart 的 p50 和 p99 分别为 310ms 和 1.5 秒", True),  # p99's own value in another unit
    ("cart 的 p50 和 p99 分别为 310ms 和 820ms", False),  # 820ms is p90's
])
def test_a_respective_figure_is_read_at_its_subjects_key(claim: str, paired: bool) -> None:
    _, detail = _check(claim, "p50=310ms p90=820ms p99=1500ms", SUMMARY_LINE, tool="query_logs")
    assert ("分别" not in detail) is paired, detail


def test_a_host_and_its_port_is_no_key_and_value() -> None:
    output = "member etcd-0:2379 is healthy: took = 0.012s\nmember etcd-1:2379 is healthy: took = 1.80s\n"
    _, detail = _check("etcd-0 和 etcd-1 的健康检查耗时分别为 0.012 秒和 1.80 秒", "member etcd-0:2379 is healthy",
                       output, tool="shell")
    assert "分别" not in detail, detail


DAILY_QUANTILES = "api-gateway daily latency\nDATE    p50_ms  p99_ms\n11-26   820     1310\n11-27   905     1540\n"


@pytest.mark.parametrize(("claim", "located"), [
    ("api-gateway 11-26 的 p99 为 1310ms", True),
    ("api-gateway 11-26 的 p50 为 1310ms", False),  # 1310 stands under p99_ms on that day's row
    ("api-gateway 11-26 的 p50 为 820ms", True),
])
def test_a_value_at_a_day_is_read_in_the_column_the_claim_names(claim: str, located: bool) -> None:
    verification, detail = _check(claim, "11-26   820     1310", DAILY_QUANTILES, tool="query_metrics",
                                  source_type="metric")
    assert (verification != "contradicted") is located, detail


def test_a_date_keying_a_row_is_no_other_subject() -> None:
    output = ("-- summary by hour --\nhour                 count\n2026-11-25 23:00     5231\n"
              "2026-11-26 00:00     2874\n"
              "-- summary by pod --\npod                              count\norder-svc-7f8b6c5d4-kq2xz        5716\n")
    _, detail = _check("按小时统计 23 点 5231 条；按 pod 看 kq2xz 报错 5716 条", "2026-11-25 23:00     5231", output,
                       tool="query_logs")
    assert "the record it quotes" not in detail, detail


GTID = ("Retrieved_Gtid_Set: 3e11fa47-71ca-11ee-b3a5-0242ac120002:1-48823190\n"
        "Executed_Gtid_Set: 3e11fa47-71ca-11ee-b3a5-0242ac120002:1-48791502\n")


@pytest.mark.parametrize(("claim", "located"), [
    ("Retrieved_Gtid_Set 到 48823190、Executed_Gtid_Set 到 48791502", True),
    ("Retrieved_Gtid_Set 到 48823199", False),
    ("11-28 当天 28 次", False),  # a date's day is still no figure (28 of "11-28")
])
def test_a_long_figure_ending_a_range_is_written(claim: str, located: bool) -> None:
    output = GTID + "2026-11-28 summary\n"
    _verification, detail = _check(claim, "Retrieved_Gtid_Set: 3e11fa47-71ca-11ee-b3a5-0242ac120002:1-48823190",
                                  output, tool="shell")
    assert ("no tool output contains or implies" not in detail) is located, detail
