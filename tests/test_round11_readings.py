"""What an eleventh look found (issue 9): byte figures written in a decimal unit that tools and people
mean in powers of 1024, over a bare byte count; and the fast paths of the readings, which must read
exactly what the slow ones read. Each class with its honest form and the attack it must still catch."""

from __future__ import annotations

import random
import re

import pytest
from test_round7_readings import _answer_facts, _check, _located

from groundcheck.programs.core import extremes, time_context
from groundcheck.programs.core.state_pairs import state_pair_conflict
from groundcheck.programs.core.zero_counters import zero_counter_conflict
from groundcheck.programs.text import dates, series
from groundcheck.programs.text.normalize import fold
from groundcheck.programs.text.tokens import extract_mentions, places_in_text
from groundcheck.programs.text.wording import SCOPE, assertive_text, search_scope

REDIS_LIMITS = "client-output-buffer-limit\nnormal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60\n"
CLIENT_LIST = "id=7 addr=10.9.0.22:6379 flags=S omem=268453211 cmd=psync\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("slave 的输出缓冲硬限制为 256MB", True),  # 268435456 = 256 MiB, as redis.conf writes "256mb"
    ("slave 的输出缓冲软限制为 64MB", True),  # 67108864
    ("slave 的输出缓冲硬限制为 0.25GB", True),
    ("slave 的输出缓冲硬限制为 268MB", True),  # the decimal reading still holds
    ("slave 的输出缓冲硬限制为 300MB", False),
    ("slave 的输出缓冲硬限制为 200MB", False),
    ("slave 的输出缓冲软限制为 256MB", True),  # the hard limit's figure: which role it has is no unit question
])
def test_a_decimal_byte_unit_is_read_in_powers_of_1024_over_a_bare_byte_count(claim, honest):
    assert _located(claim, "slave 268435456 67108864 60", REDIS_LIMITS) is honest


@pytest.mark.parametrize(("claim", "honest"), [
    ("给从库的输出缓冲涨到约 256MB", True),  # 268453211 bytes is 256.02 MiB
    ("给从库的输出缓冲涨到约 268MB", True),
    ("给从库的输出缓冲涨到约 512MB", False),
    ("给从库的输出缓冲涨到 256KB", False),
])
def test_an_approximate_binary_figure_over_a_bare_byte_count(claim, honest):
    verification, detail = _check(claim, "omem=268453211", CLIENT_LIST)
    assert ("no tool output contains or implies" not in detail) is honest
    assert (verification != "contradicted") is honest


def test_an_answer_that_restates_a_bare_byte_count_in_binary_megabytes_is_backed():
    call = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
            "arguments": {"cmd": "redis-cli client list"}, "status": "ok", "output": CLIENT_LIST}
    claim, excerpt = "主库关闭了从库 10.9.0.22 的连接，omem=268453211", "omem=268453211"
    assert not _answer_facts("从库 10.9.0.22 的输出缓冲涨到 268453211 字节（约 256MB）。", [call], claim, excerpt)
    assert _answer_facts("从库 10.9.0.22 的输出缓冲涨到约 900MB。", [call], claim, excerpt)


# --- fast paths: each must read what the slow path reads ---------------------------------------------

def _random_texts(alphabet: str, count: int, seed: int, longest: int = 14) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, longest))) for _ in range(count)]


# ſ (long s), K (Kelvin sign), İ and ı: the characters a case-insensitive pattern matches to ASCII letters
_LOOKALIKE_CASES = "ſKİı"


def test_the_month_cue_reads_what_its_case_insensitive_pattern_reads():
    slow = re.compile(rf"{dates._MONTH_WORD}[\s-]?\d|\d[\s-]{dates._MONTH_WORD}")
    for text in _random_texts("NnOoVvSsEePpTtJjAaMmRrYy 0123456789-." + _LOOKALIKE_CASES + "月日", 60_000, 1):
        assert (slow.search(text) is None) == (dates._MONTH_CUE(text) is None), text
    assert dates.may_name_a_month("29 Nov 2026 09:41") and dates.may_name_a_month("NOV 29")
    assert not dates.may_name_a_month("ERROR [svc3-0] pool-3-0 exhausted: active=23 max=23")


def test_the_peak_and_zone_cues_read_what_their_patterns_read():
    alphabet = "PpEeAaKkMmXxIiNnUuTtCcGg最高大多低小少峰值北京时间东八区协调世界+08:0 数上限堆" + _LOOKALIKE_CASES
    for text in _random_texts(alphabet, 60_000, 2):
        assert (extremes._EXTREME.search(text) is None) == (extremes._names_an_extreme(text) is None), text
        assert (time_context._ZONE_WORD.search(text) is None) == (time_context._names_a_zone(text) is None), text


def test_the_scope_cue_reads_what_the_scope_pattern_reads():
    alphabet = "所有全部每个台次一条各整体律都无例外彻底均为是在非不平的 "
    alphabet += "AaLlEeVvRrYyCcHhNnTtIiWwOoMmPpFfUu" + _LOOKALIKE_CASES
    written = ["所有节点", "全部失败", "每个 Pod", "每台机器", "每次重试", "每一条", "每条消息", "各个分片", "整个集群",
               "全体实例", "一律拒绝", "全都超时", "无一例外", "彻底不可用", "均为 0", "都是超时", "都处于 Pending",
               "ALL pods", "Every node", "each shard", "the ENTIRE cluster", "Whole day", "Completely down",
               "FULLY used"]
    for text in _random_texts(alphabet, 80_000, 3, longest=10) + written:
        assert (SCOPE.search(text) is None) == (search_scope(text) is None), text
    assert all(search_scope(text) for text in written)


@pytest.mark.parametrize(("text", "aligned"), [
    ("14:03 svc3-0 的连接池 pool-3-0 耗尽，活跃连接 23，等待 8000ms", True),  # full-width comma: one for one
    ("14:03 活跃连接 23, 等待 8000ms", True),
    ("十四点零三分重启了一百二十次", False),  # numerals become digits: places move
    ("十四点零三分活跃连接", True),  # a clock in numerals is read in place
    ("活跃连接 2\u200b3，等待 8000ms", False),  # an invisible character removed
    ("延迟：p99 为 2.4 秒", False),  # a Chinese colon before a word becomes ": "
])
def test_a_reading_keeps_places_only_where_no_character_moved(text, aligned):
    places = places_in_text(text)
    assert (places is not None) is aligned
    if places is not None:
        numbers = extract_mentions(text).numbers
        assert [n for _, _, n in places] == list(numbers)


@pytest.mark.parametrize("claim", [
    "14:03 svc3-0 的活跃连接 23，等待 8000ms；pool-3-0 耗尽",
    "14:05 p99 为 2.4 秒，14:10 回落到 0.8 秒；15:00 活跃连接 95，等待 3000ms",
    "20:01:00 和 20:01:01 分别有 4821 和 5133 次，端口 8080 无异常",
    "北京时间 14:10 search 的 p99 升至 11.8 秒（port 9000 上）",
    "峰值为 1315ms，出现在 14:10；约 39 分钟后（14:49:55）回落到 640ms",
    "12:02 起错误率 3.5%，12:05 到 12:10 之间 12%，12:30 恢复到 0.2%",
])
def test_a_claims_clause_figures_are_those_a_fresh_reading_of_each_clause_gives(claim, monkeypatch):
    fast = series._claimed_at(claim)
    monkeypatch.setattr(series, "places_in_text", lambda text: None)  # every clause read on its own
    assert fast == series._claimed_at(claim)
    assert fast  # the claims tie figures to times: the comparison is not vacuous


# --- elapsed times: ps's etime, PostgreSQL's interval, uptime -----------------------------------------

PS = "  PID     ELAPSED CMD\n 2290    01:12:09 python3 sync_from_cloud.py --full\n 2291 2-04:12:55 /usr/bin/rsync -a\n"
PG = " pid  | query_age\n------+-----------------\n 8812 | 7 days 04:12:55\n"
UPTIME = " 10:41:07 up 3 days,  4:12,  2 users,  load average: 7.91, 7.60, 7.12\n"
SQUEUE = "JOBID  NAME   STATE    TIME_LIMIT  TIME\n4471   train  RUNNING  2-00:00:00  1-04:12:55\n"


@pytest.mark.parametrize(("claim", "excerpt", "output", "honest"), [
    ("sync_from_cloud.py 已经运行了 1 小时 12 分 09 秒", "2290    01:12:09", PS, True),
    ("sync_from_cloud.py 已经运行了 1 小时 12 分钟", "2290    01:12:09", PS, True),
    ("sync_from_cloud.py 已经运行了 72 分钟", "2290    01:12:09", PS, True),
    ("sync_from_cloud.py 已经运行了 2 小时 12 分钟", "2290    01:12:09", PS, False),
    ("sync_from_cloud.py 已经运行了 1 小时 21 分钟", "2290    01:12:09", PS, False),
    ("rsync 已经运行了 2 天 4 小时", "2291 2-04:12:55", PS, True),
    ("rsync 已经运行了 52 小时", "2291 2-04:12:55", PS, True),
    ("rsync 已经运行了 3 天 4 小时", "2291 2-04:12:55", PS, False),
    # an interval under no ELAPSED header is no elapsed time by its shape: which column a claim means is
    # not in the output (a backend's age, a transaction's, a query's are all written this way)
    ("查询已经跑了 7 天 4 小时", "8812 | 7 days 04:12:55", PG, False),
    ("作业已经跑了 2 天", "4471 2-00:00:00", SQUEUE, False),  # the time limit, not the time run
    ("作业已经跑了 1 天 4 小时", "4471 2-00:00:00", SQUEUE, False),
    ("机器已经运行了 3 天 4 小时", "up 3 days,  4:12", UPTIME, True),
    ("机器已经运行了 4 天", "up 3 days,  4:12", UPTIME, False),
])
def test_an_elapsed_time_of_an_output_is_a_duration(claim, excerpt, output, honest):
    assert _located(claim, excerpt, output) is honest


def test_a_clock_outside_an_elapsed_column_is_no_duration():
    log = "2026-11-30 01:12:09 INFO sync_from_cloud started\n"
    assert not _located("sync_from_cloud.py 已经运行了 1 小时 12 分 09 秒", "01:12:09 INFO sync_from_cloud", log)


def test_an_answer_may_restate_an_elapsed_time_in_hours():
    call = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
            "arguments": {"cmd": "ps -o pid,etime,cmd -p 2290,2291"}, "status": "ok", "output": PS}
    claim, excerpt = "rsync（pid 2291）仍在运行", "2291 2-04:12:55 /usr/bin/rsync"
    assert not _answer_facts("rsync 已经连续跑了 52 小时左右。", [call], claim, excerpt)
    assert _answer_facts("rsync 已经连续跑了 80 小时左右。", [call], claim, excerpt)


# --- "no" opening an English sentence is no value -----------------------------------------------------

DIG = (";; communications error to 10.0.0.2#53: timed out\n;; communications error to 10.0.0.2#53: timed out\n\n"
       "; <<>> DiG 9.18.18 <<>> @10.0.0.2 api.pay-partner.cn\n;; no servers could be reached\n")
TAR = "2026-11-29 01:40:03 archive-daily: write /backup/2026-11-28.tar.gz failed: No space left on device\n"


@pytest.mark.parametrize(("claim", "excerpt", "output", "honest"), [
    ("直接 dig 10.0.0.2 也超时：no servers could be reached", "10.0.0.2#53: timed out", DIG, True),
    ("直接 dig 10.0.0.2 没有超时", "10.0.0.2#53: timed out", DIG, False),
    ("archive-daily 写 /backup/2026-11-28.tar.gz 失败，原因是 No space left on device",
     "failed: No space left on device", TAR, True),
    ("archive-daily 写 /backup/2026-11-28.tar.gz 没有失败", "failed: No space left on device", TAR, False),
])
def test_no_before_a_word_opens_a_sentence_and_denies_nothing(claim, excerpt, output, honest):
    verification, _ = _check(claim, excerpt, output)
    assert (verification != "contradicted") is honest


def test_a_no_value_at_the_end_of_its_line_still_denies():
    output = "name: api-7f9\nOOMKilled: no\nrestartCount: 0\n"
    verification, detail = _check("api-7f9 发生了 OOMKilled", "OOMKilled: no", output)
    assert verification == "contradicted" and "only denies" in detail


def test_a_certificate_tool_named_in_an_output_reports_no_renewal():
    timers = ("NEXT LEFT LAST                        PASSED UNIT          ACTIVATES\n"
              "n/a  n/a  Mon 2025-09-01 03:12:44 CST 3 months 3 days ago certbot.timer certbot.service\n")
    claim = "certbot.timer 自 9 月 1 日后未再触发，证书没有续期"
    verification, detail = _check(claim, "certbot.timer certbot.service", timers)
    assert "denies 'renewal'" not in detail and verification != "contradicted"


# --- a counter said to grow while the output gives it 0 ----------------------------------------------

VARNISH = ("MAIN.cache_hit          1289311       112.40 Cache hits\n"
           "MAIN.n_lru_nuked              0         0.00 Number of LRU nuked objects\n"
           "MAIN.n_expired           18211         1.59 Number of expired objects\n")


@pytest.mark.parametrize(("claim", "honest"), [
    ("n_lru_nuked 一直在涨，缓存空间不够", False),
    ("MAIN.n_lru_nuked 持续增加", False),
    ("n_lru_nuked 为 0，没有对象被 LRU 挤出", True),
    ("n_lru_nuked 没有增长，n_expired 为 18211", True),
    ("n_expired 一直在涨，已到 18211", True),  # a counter the output gives a value other than 0
])
def test_a_counter_said_to_grow_whose_every_value_is_zero_is_contradicted(claim, honest):
    verification, detail = _check(claim, "MAIN.n_lru_nuked              0", VARNISH)
    assert ("keeps growing" not in detail) is honest
    assert (verification != "contradicted") is honest


def test_an_answer_that_says_a_zero_counter_grows_is_contradicted():
    call = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
            "arguments": {"cmd": "varnishstat -1"}, "status": "ok", "output": VARNISH}
    claim, excerpt = "命中数 cache_hit 为 1289311，n_lru_nuked 为 0", "MAIN.n_lru_nuked              0"
    assert _answer_facts("n_lru_nuked 一直在涨，说明缓存空间也不够了。", [call], claim, excerpt)
    assert not _answer_facts("n_lru_nuked 为 0，缓存空间是够的。", [call], claim, excerpt)
    assert not _answer_facts("n_expired 一直在涨，过期对象很多。", [call], claim, excerpt)


# --- a state given to an object whose every output line shows another ----------------------------------

STORES = ("STORE_ID  ADDRESS            STATE_NAME  LAST_HEARTBEAT\n"
          "4         tikv-4:20160       Disconnected  2025-12-04 09:10:27\n"
          "5         tikv-5:20160       Up            2025-12-04 09:41:10\n"
          "7         tikv-7:20160       Disconnected  2025-12-04 09:10:31\n")
PODS = ("NAME                        READY   STATUS             RESTARTS   AGE\n"
        "checkout-7d9f8b6c5-2xkqp    0/1     CrashLoopBackOff   14         52m\n"
        "checkout-7d9f8b6c5-9wlmz    1/1     Running            0          52m\n")


@pytest.mark.parametrize(("claim", "excerpt", "output", "honest"), [
    ("tikv-4 和 tikv-7 从 09:10 起 Disconnected，只剩 tikv-5 在线", "tikv-4:20160       Disconnected", STORES, True),
    ("tikv-4 和 tikv-5 从 09:10 起 Disconnected，只剩 tikv-7 在线", "tikv-4:20160       Disconnected", STORES, False),
    ("tikv-5 当前为 Up", "tikv-5:20160       Up", STORES, True),
    ("tikv-7 当前为 Up", "tikv-5:20160       Up", STORES, False),
    ("tikv-7 并没有 Up", "tikv-7:20160       Disconnected", STORES, True),
    ("checkout-7d9f8b6c5-2xkqp 处于 CrashLoopBackOff，已重启 14 次", "CrashLoopBackOff   14", PODS, True),
    ("checkout-7d9f8b6c5-9wlmz 处于 CrashLoopBackOff", "CrashLoopBackOff   14", PODS, False),
    ("checkout-7d9f8b6c5-9wlmz 是 Running", "1/1     Running", PODS, True),
])
def test_a_state_given_to_an_object_whose_lines_show_another_is_contradicted(claim, excerpt, output, honest):
    verification, detail = _check(claim, excerpt, output)
    assert (verification != "contradicted") is honest
    if honest:
        assert "every output line naming it shows" not in detail


def test_an_object_whose_lines_show_both_states_may_be_given_either():
    log = ("09:10:27 store tikv-5 state changed: Up -> Disconnected\n"
           "09:41:10 store tikv-5 state changed: Disconnected -> Up\n")
    for claim in ("tikv-5 在 09:10 变为 Disconnected", "tikv-5 在 09:41 恢复为 Up"):
        assert _check(claim, "store tikv-5 state changed", log)[0] != "contradicted"


def test_a_state_of_another_kind_is_no_conflict():
    nodes = "NAME     STATUS   ROLES    AGE   VERSION\nnode-3   Ready    <none>   41d   v1.29.4\n"
    assert "every output line naming it shows" not in _check("node-3 上的 pod 一直 Pending", "node-3   Ready", nodes)[1]
    assert _check("node-3 一直 NotReady", "node-3   Ready", nodes)[0] == "contradicted"


def test_an_answer_that_moves_a_state_to_another_object_is_contradicted():
    call = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
            "arguments": {"cmd": "pd-ctl store"}, "status": "ok", "output": STORES}
    claim, excerpt = "tikv-4、tikv-7 的状态为 Disconnected", "tikv-4:20160       Disconnected"
    assert _answer_facts("tikv-4 和 tikv-5 都 Disconnected 了，只剩 tikv-7。", [call], claim, excerpt)
    assert not _answer_facts("tikv-4 和 tikv-7 都 Disconnected 了，只剩 tikv-5。", [call], claim, excerpt)


def test_a_clause_with_two_states_tells_a_sequence_and_is_not_read():
    detail = _check("tikv-5 从 Disconnected 恢复为 Up", "tikv-5:20160", STORES)[1]
    assert "every output line naming it shows" not in detail
    describe = ("Name:         order-service-7d9f8b6c5-x2kqp\nStatus:       Running\n"
                "    State:          Waiting\n      Reason:       CrashLoopBackOff\n"
                "    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n")
    claim = "pod order-service-7d9f8b6c5-x2kqp 被 OOMKilled（exit code 137）后进入 CrashLoopBackOff"
    assert _check(claim, "Reason:       OOMKilled", describe)[0] != "contradicted"


# --- spans between clock times: fractions of a second, midnight ----------------------------------------

def _span_log(start: str, end: str) -> str:
    return f"2025-12-04 {start} INFO checkpoint started\n2025-12-05 {end} INFO checkpoint done\n"


@pytest.mark.parametrize(("claim", "start", "end", "honest"), [
    ("checkpoint 耗时 55 秒", "10:59:41.882", "11:00:37.207", True),  # 55.3 s: the fractions count
    ("checkpoint 耗时 55 秒", "23:59:41.882", "00:00:37.207", True),  # across midnight
    ("checkpoint 耗时约 71 秒", "15:20:41.118", "15:21:52.902", True),  # 71.8 s: the span of their seconds
    ("checkpoint 耗时 75 秒", "15:20:41.118", "15:21:52.902", False),
    ("checkpoint 耗时 57 秒", "23:59:41.882", "00:00:37.207", False),
    ("checkpoint 耗时 2 小时", "23:00:00", "01:00:00", True),
    ("checkpoint 耗时 20 小时", "10:00:00", "14:00:00", False),  # the other way round the clock is no span
    ("checkpoint 耗时 3 小时", "23:00:00", "01:00:00", False),
])
def test_a_span_between_two_clock_times_reads_their_fractions_and_crosses_midnight(claim, start, end, honest):
    assert _located(claim, f"{start} INFO checkpoint started", _span_log(start, end)) is honest


# --- a duration or a size cut to its unit ---------------------------------------------------------------

DOCKER = "NAMES   STATUS\nweb-1   Up 00:47:53\n"
DU = "Filesystem Size Used\n/dev/sdb1 127428079616 100\n"


@pytest.mark.parametrize(("claim", "excerpt", "output", "honest"), [
    ("web-1 已运行 47 分钟", "web-1   Up 00:47:53", DOCKER, True),  # 47:53 cut to minutes
    ("web-1 已运行 48 分钟", "web-1   Up 00:47:53", DOCKER, True),  # rounded
    ("web-1 已运行 46 分钟", "web-1   Up 00:47:53", DOCKER, False),
    ("web-1 已运行 49 分钟", "web-1   Up 00:47:53", DOCKER, False),
    ("数据盘用了 118GB", "/dev/sdb1 127428079616", DU, True),  # 118.7 GiB cut to GiB
    ("数据盘用了 117GB", "/dev/sdb1 127428079616", DU, False),
    ("数据盘用了 128GB", "/dev/sdb1 127428079616", DU, False),
])
def test_a_duration_or_size_may_be_cut_to_its_unit_never_raised(claim, excerpt, output, honest):
    assert _located(claim, excerpt, output) is honest


# --- advice worded with 可以用 / 可以给 / 考虑改成 / 确认后执行 ------------------------------------------

@pytest.mark.parametrize("sentence", [
    "长期考虑改成按天分桶或换 TimeWindowCompactionStrategy 加 TTL。",
    "网关的 JWT 校验也可以给 30 秒左右的 clock skew 容忍。",
    "上线前可以先定期重启顶一下。",
    "临时可以用 ThreadPool.SetMinThreads 调高最小线程数缓解。",
    "确认后执行 terraform force-unlock 9b2f。",
    "以后盘可以用 mkfs.xfs 或加大 inode 数。",
])
def test_advice_worded_with_a_modal_and_a_step_is_no_assertion(sentence):
    assert assertive_text(sentence) == ""


@pytest.mark.parametrize("sentence", [
    "可以用的连接数为 0。",  # what can be used: a figure
    "可以确认 payment-db 已经宕机。",  # what can be confirmed: a finding
    "确认后发现 payment-db 已经宕机。",
    "可以用 top 看到 CPU 占用 95%。",
])
def test_a_finding_worded_with_those_modals_is_still_an_assertion(sentence):
    assert assertive_text(sentence) != ""


# --- round T: what the first forms of these readings let through or flagged ------------------------------

ZPOOL = "  pool: tank\n state: ONLINE\nerrors: No known data errors\n"


@pytest.mark.parametrize(("claim", "excerpt", "output"), [
    ("pool 已经出现数据错误", "errors: No known data errors", ZPOOL),
    ("api 容器被 OOM killed", "oom_killed=no exit_code=1", "level=info container=api oom_killed=no exit_code=1\n"),
])
def test_no_that_denies_its_own_term_or_ends_a_key_value_still_denies(claim, excerpt, output):
    verification, detail = _check(claim, excerpt, output)
    assert verification == "contradicted" and "only denies" in detail


@pytest.mark.parametrize(("sentence", "outputs"), [
    ("retrans 一直在涨", ["cubic wscale:7,7 rto:204 retrans:0/1843 rcv_space:14600"]),  # a pair, not a value
    ("n_lru_nuked 为 0 而 n_expired 一直在涨", ["MAIN.n_lru_nuked  0  0.00\nMAIN.n_expired  18211  1.59\n"]),
    ("es-data-2 的 rejected 一直在涨", ['{"node": "es-data-1", "rejected": 0}']),  # another node's counter
])
def test_a_zero_counter_reads_only_its_own_field_and_object(sentence, outputs):
    assert zero_counter_conflict(sentence, [fold(o) for o in outputs]) is None


@pytest.mark.parametrize(("sentence", "output"), [
    ("pg-1 是 follower", "i am (pg-1), a secondary, and following a leader (pg-2)\n"),  # a sibling on the line
    ("10:05 之前 consul-2 是 leader", "node      id   address  state\nconsul-2  ab   10.0.0.2 follower\n"),
    ("tikv-5 在 09:10–09:41 Disconnected", STORES),  # a past window
    ("node-1 上的 kubelet 已经 down 了", "node-1:  10:41:07 up 41 days,  4:12,  2 users\n"),  # uptime
    ("node-1 变为 NotReady", 'kubelet node-1 "Node became not ready" condition={Type:Ready Status:False}\n'),
])
def test_a_state_is_not_read_against_siblings_the_past_uptime_or_a_line_that_shows_it(sentence, output):
    assert state_pair_conflict(sentence, [fold(output)]) is None


def test_what_a_critical_claim_says_of_a_state_is_left_to_its_own_check():
    claims = [fold("tikv-4、tikv-7 的状态为 Disconnected，tikv-5 为 Up")]
    assert state_pair_conflict("tikv-5 是 Disconnected", [fold(STORES)], [fold("tikv-5 是 Disconnected")]) is None
    assert state_pair_conflict("tikv-4 和 tikv-5 都 Disconnected 了", [fold(STORES)], claims) is not None
