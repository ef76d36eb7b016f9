"""What a tenth look (attacks left open by the ninth round, then a fresh honest set) found read
wrongly (issue 9): each class with its honest form and the attack it must still catch. Which label a
figure carries is a soft reading (spec §8); the answer's facts are read by the trace (spec §9)."""

from __future__ import annotations

import json

import pytest
from test_round7_readings import _answer_facts, _check

from groundcheck.programs.core.value_labels import label_conflict
from groundcheck.programs.text.normalize import fold
from groundcheck.programs.text.query_meaning import command_words, counted_pattern
from groundcheck.programs.text.tokens import extract_mentions
from groundcheck.programs.text.wording import assertive_text

QUANTILES = "histogram_quantile p50=0.212s p99=2.480s window=5m service=search-api"
CLOUDWATCH = json.dumps({"Datapoints": [{"timestamp": 1796016600000, "Maximum": 91.2, "Average": 35.4}]})


@pytest.mark.parametrize(("sentence", "output", "honest"), [
    ("search-api 近 5 分钟 p99 约 0.2 秒，整体很快", QUANTILES, False),  # 0.212 is the p50
    ("search-api 近 5 分钟 p99 约 2.5 秒，p50 约 0.2 秒", QUANTILES, True),
    ("CPU 峰值约 35%，负载不高", CLOUDWATCH, False),  # 35.4 is the Average
    ("CPU 平均约 35%，峰值约 91%", CLOUDWATCH, True),
    ("CPU 峰值约 90%", CLOUDWATCH, True),  # "约 90" is 85-95: the Maximum 91.2
])
def test_an_approximate_figure_is_read_under_the_label_of_the_value_it_rounds(sentence, output, honest):
    assert (label_conflict(sentence, [fold(output)]) is None) is honest


def test_only_the_first_part_of_a_huge_output_is_searched_for_rounded_values():
    filler = "x" * 250_000
    assert label_conflict("CPU 峰值约 35%", [fold(filler + CLOUDWATCH)]) is None
    assert label_conflict("CPU 峰值约 35%", [fold(CLOUDWATCH + filler)]) is not None


def _call(output: str, tool: str = "query_metrics") -> dict:
    return {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": tool,
            "arguments": {"service": "search-api"}, "status": "ok", "output": output}


@pytest.mark.parametrize(("answer", "honest"), [
    ("这台机器 CPU 平均约 35%，峰值约 91%。", True),
    ("这台机器 CPU 峰值约 35%，负载不高。", False),
    ("这台机器 CPU 峰值为 35.4%，负载不高。", False),  # the exact figure under another label too
])
def test_an_answer_figure_under_another_label_is_contradicted(answer, honest):
    claim, excerpt = "CPU 平均使用率为 35.4%，峰值 91.2%", '"Maximum": 91.2, "Average": 35.4'
    flagged = _answer_facts(answer, [_call(CLOUDWATCH)], claim, excerpt)
    assert (not flagged) is honest


def test_an_answer_quantile_swap_is_contradicted_and_its_claim_still_passes():
    claim, excerpt = "search-api 近 5 分钟 p50 为 0.212s，p99 为 2.480s", "p50=0.212s p99=2.480s"
    assert _check(claim, excerpt, QUANTILES, tool="query_metrics")[0] == "direct_observation"
    assert _answer_facts("search-api p99 约 0.2 秒，没有长尾。", [_call(QUANTILES)], claim, excerpt)
    assert not _answer_facts("search-api p99 约 2.5 秒，p50 约 0.2 秒，长尾明显。", [_call(QUANTILES)], claim, excerpt)


SENTINEL = ("2025-11-30 20:01:00|1|/api/coupon/claim,FlowException,,|4821,0\n"
            "2025-11-30 20:01:01|1|/api/coupon/claim,FlowException,,|5133,0\n"
            "2025-11-30 20:01:02|1|/api/coupon/claim,FlowException,,|3990,0\n")
PER_SECOND = "20:01:00 拦截 4821 次，20:01:01 拦截 5133 次，20:01:02 拦截 3990 次"


@pytest.mark.parametrize(("answer", "honest"), [
    ("领券接口在 20:01:00、20:01:01 和 20:01:02 分别被拦截 4821、5133 和 3990 次。", True),
    ("领券接口 20:01:01 被拦截 5133 次，是三秒里最多的。", True),
    ("领券接口在 20:01:00、20:01:01 和 20:01:02 分别被拦截 3990、4821 和 5133 次，在持续上升。", False),
    ("领券接口 20:01:02 被拦截 5133 次。", False),  # the claims give 5133 to 20:01:01 and 3990 to 20:01:02
])
def test_an_answer_that_moves_the_claims_figures_between_their_times_is_contradicted(answer, honest):
    flagged = _answer_facts(answer, [_call(SENTINEL, "query_logs")], PER_SECOND, "20:01:01|1|/api/coupon/claim")
    assert (not flagged) is honest


def test_a_figure_the_claims_tie_to_no_time_may_be_given_a_time():
    claim = "限流共拦截 5133 次"  # no clock in the claim: the answer's pairing is read against the trace only
    assert not _answer_facts("领券接口 20:01:01 被拦截 5133 次。", [_call(SENTINEL, "query_logs")], claim,
                             "20:01:01|1|/api/coupon/claim")


@pytest.mark.parametrize("sentence", [
    "业务侧 bulk 遇到拒绝要带退避重试。",
    "优先裁剪或启用 compression.type=lz4；",
    "确实需要大消息时要同时调大 producer 的 max.request.size。",
    "应迁移到 JetStream。",
    "要么调小 innodb_buffer_pool_size 给其他进程留出余量。",
    "同时可以给 collector 开启持久化队列（file_storage），避免数据丢失。",
    "短期可以滚动重启网关，长期要修复泄漏。",
    "建议把 stable 加回去（或者回滚到 revision 41）。",  # a bracket's alternative goes on advising
    "建议把 headersTimeout 相应调大），或者用 DestinationRule 控制。",
    "修复前可以先定时滚动重启顶住。",
    "被拒的任务要落库。",
    "另外可以给这个接口配置限流。",
    "建议马上在 Deployment 模板里把 track: stable 加回去（或者回滚到 revision 41），之后再评估。",  # a key's colon
    "建议先 CONFIG SET activedefrag yes 在线整理（会占一些 CPU，挑低峰开），效果不好再做主从切换后重启。",
])
def test_a_modal_that_asks_for_a_step_is_advice(sentence):
    assert assertive_text(sentence) == ""


@pytest.mark.parametrize("sentence", [
    "响应时间从 200ms 升到 3 秒。",  # 应 inside 响应 / 对应 / 应用
    "应用在 14:02 重启了 3 次。",
    "对应的 Pod 已经被驱逐。",
    "主要是连接池被占满。",
    "需要 3 秒才能连上。",
    "可以确认连接池已经耗尽。",  # 可以 before what a check found reports it
    "可以看到 CPU 使用率 98%。",
    "这个版本可以使用 TLS 1.3。",
    "必须重启才能恢复的原因是配置没有热加载。",
    "重启后内存使用恢复到 40%，说明可以释放。",
    "服务要迁移的数据有 3TB。",  # a step said of a noun (要迁移的) names it
    "连接池耗尽后要重建连接需要 3 秒。",
    "kubelet 要驱逐 Pod 时先发送 SIGTERM。",
    "优先级最高的队列积压了 3000 条。",
    "该服务重启了 3 次。",  # 该 as "this"
    "该切换丢失了一部分已提交的写入。",  # 该 before a step's noun is still "this" (audit Q)
    "该重启是内存溢出导致的。",
    "该接口返回 502。",
    "节点已经被摘掉了。",
    "Reason: OOMKilled，容器被杀。",
    "pod 状态（Running，重启 3 次）正常。",
])
def test_a_statement_with_a_modal_word_still_asserts(sentence):
    assert assertive_text(sentence).rstrip("。") == sentence.rstrip("。")


def test_a_modal_clause_is_not_checked_as_fact_and_a_clause_after_it_is():
    claim, excerpt = "CPU 平均使用率为 35.4%，峰值 91.2%", '"Maximum": 91.2, "Average": 35.4'
    assert not _answer_facts("CPU 峰值 91.2%。短期可以先把网关滚动重启。", [_call(CLOUDWATCH)], claim, excerpt)
    assert _answer_facts("CPU 峰值 91.2%。网关滚动重启了。", [_call(CLOUDWATCH)], claim, excerpt)
    answer = "CPU 峰值 91.2%。应迁移到新集群，这次丢了 38211 条订单。"
    flagged = _answer_facts(answer, [_call(CLOUDWATCH)], claim, excerpt)
    assert any("38211" in f for f in flagged)


# --- a tenth honest set (audit N): what calls read, words of the trade, figures worked out ---------------

@pytest.mark.parametrize(("command", "read", "not_read"), [
    ("curl -s 'es-hot-01:9200/_cat/thread_pool/write?v&h=node_name,rejected'", "thread_pool/write", "rejected"),
    ("psql -c 'SELECT datname, age(datfrozenxid) FROM pg_database WHERE datname LIKE \"%oom%\"'", "datfrozenxid",
     "oom"),
    ("bundle exec rails runner 'Sidekiq::ProcessSet.new.each{|p| puts p[\"busy\"] if p[\"tag\"] == \"oom\"}'",
     "p[busy]", "oom"),  # a key it reads is context, a literal it compares with is not
    ("bundle exec rails runner 'puts Sidekiq::Queue.new(\"default\").latency'", "latency", "default"),
    ("kubectl exec x -- sh -c 'cat /proc/x | grep timeout'", "exec", "/proc/x"),  # quoted code that searches: unread
    ("curl -s 'http://es:9200/_search?q=OOMKilled'", "_search", "oomkilled"),
])
def test_what_a_quoted_url_query_or_script_reads_is_context_and_what_it_selects_is_not(command, read, not_read):
    words = command_words({"cmd": command})
    assert read in words and not_read not in words


@pytest.mark.parametrize(("command", "pattern"), [
    ("journalctl -k --since '1 hour ago' | grep -c 'NIC Link is Down'", "nic link is down"),
    ("grep -ic 'Connection refused' app.log", "connection refused"),
    ("grep 'OOMKilled' events.log | wc -l", "oomkilled"),
    ("grep -cE 'timeout|refused' app.log", None),  # which of the two: not said
    ("grep -vc 'ok' app.log", None),  # lines without it
    ("grep -cv 'ok' app.log", None),
    ("grep timeout app.log", None),  # lines, not a count
])
def test_the_literal_a_command_counts(command, pattern):
    assert counted_pattern({"cmd": command}) == pattern


LINK_COUNT = {"cmd": "journalctl -k --since '1 hour ago' | grep -c 'NIC Link is Down'", "host": "k8s-node-31"}


@pytest.mark.parametrize(("output", "honest"), [("23\n", True), ("0\n", False)])
def test_a_positive_count_of_a_searched_phrase_carries_it(output, honest):
    verification, detail = _check(f"最近一小时出现 {output.strip()} 次 NIC Link is Down", output.strip(), output,
                                  arguments=LINK_COUNT)
    assert (verification == "direct_observation") is honest, detail


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("累计重传 4412873 个报文段", "    4412873 segments retransmitted\n", True),
    ("主机密钥已变化", "Host key for 10.40.7.17 has changed and you have requested strict checking.\n", True),
    ("主机密钥已变化", "Permission denied (publickey).\n", False),
    ("eth1 在 03:11:09 链路断开", "[Tue Dec  2 03:11:09 2025] ixgbe 0000:3b:00.1 eth1: NIC Link is Down\n", True),
    ("eth1 在 03:11:09 链路断开", "[Tue Dec  2 03:11:09 2025] ixgbe 0000:3b:00.1 eth1: NIC Link is Up 10 Gbps\n",
     False),
    ("md0 是 RAID10 镜像对，sdb1 被踢出", "md0 : active raid10 sdd1[3] sdc1[2] sdb1[1](F) sda1[0] near-copies\n", True),
])
def test_words_of_the_trade_the_outputs_write_their_own_way(claim, output, honest):
    _, detail = _check(claim, output.strip()[:30], output)
    assert ("does not carry" not in detail) is honest, detail


@pytest.mark.parametrize(("answer", "honest"), [
    ("rx_crc_errors 已累计 1837294，隔一分钟再看涨到 1849512，一分钟新增 12218 个。", True),
    ("rx_crc_errors 已累计 1837294，隔一分钟再看涨到 1849512，一分钟新增 13218 个。", False),
])
def test_a_growth_of_two_readings_of_one_output(answer, honest):
    # a regression guard: the trace's own arithmetic over one output holds these; readings of two outputs
    # are what `remainder_of_its_own_figures` adds (test_a_change_between_readings_of_two_outputs_…)
    output = "rx_crc_errors: 1837294\nrx_crc_errors: 1849512\n"
    claim, excerpt = "rx_crc_errors 从 1837294 涨到 1849512", "rx_crc_errors: 1849512"
    assert (not _answer_facts(answer, [_call(output, "shell")], claim, excerpt)) is honest


REPL = "2025-12-02T09:48:13 Slave SQL: Error 'Duplicate entry' 1062\nrecord id 90311872 created 09:47:58\n"


@pytest.mark.parametrize(("answer", "honest"), [
    ("复制在 09:48:13 停了。这条记录在 09:47:58 就已经存在，比复制报错早了 15 秒。", True),
    ("复制在 09:48:13 停了。这条记录在 09:47:58 就已经存在，比复制报错早了 25 秒。", False),
    ("复制在 09:48:13 停了。这条记录在 09:47:38 就已经存在，比复制报错早了 35 秒。", False),  # 09:47:38 is nowhere
])
def test_a_gap_between_two_clocks_of_one_output(answer, honest):
    # a regression guard: the trace's own arithmetic over one output holds these; clocks of two outputs are
    # what `gap_between_clocks` adds (test_a_gap_between_clocks_of_two_outputs_is_read_in_its_direction)
    claim, excerpt = "复制在 09:48:13 因 1062 停止", "Error 'Duplicate entry' 1062"
    assert (not _answer_facts(answer, [_call(REPL, "query_logs")], claim, excerpt)) is honest


def test_the_questions_symptom_after_a_consequence_is_no_new_fact():
    output = "build-agent-03 offline since 10:02\nbuild-agent-04 executors: 4 busy: 4\n"
    claim, excerpt = "build-agent-03 从 10:02 起离线", "build-agent-03 offline since 10:02"
    answer = "build-agent-03 从 10:02 起离线，只剩 build-agent-04 的 4 个执行器，所以任务构建超时。"
    calls = [_call(output, "query_logs")]
    assert not _answer_facts(answer, calls, claim, excerpt, question="为什么 Jenkins 任务构建超时？")
    # nobody reported a time-out
    assert _answer_facts(answer, calls, claim, excerpt, question="Jenkins 的 build-agent-03 怎么了？")


def test_an_english_negator_glued_to_a_chinese_word_still_negates():
    from groundcheck.programs.text.glossary import claim_analysis

    assert claim_analysis("APISIX 从 07:20 起报 no healthy etcd endpoint available").negated == frozenset({0})
    assert claim_analysis("etcd 报 unhealthy").negated == frozenset()  # "unhealthy" is a term of its own
    output = "2025/12/02 07:20:15 [error] config_etcd.lua:659: no healthy etcd endpoint available\n"
    verification, detail = _check("etcd 客户端报 no healthy etcd endpoint available", "no healthy etcd", output)
    assert verification == "direct_observation", detail


@pytest.mark.parametrize(("key", "located"), [("file", True), ("log_file", True), ("path", False)])
def test_the_file_a_call_read_names_where_its_lines_come_from(key, located):
    output = "[02-Dec-2025 14:06:12] WARNING: child 21877, script '/var/www/shop/public/index.php' executing too slow\n"
    _, detail = _check("php-fpm 慢日志中 pid 21877 执行 index.php", "child 21877", output,
                       arguments={"host": "shop-web-03", key: "/var/log/php-fpm/www-slow.log"})
    assert ("'php-fpm'" not in detail) is located, detail


@pytest.mark.parametrize(("claim", "output", "name", "implied"), [
    ("known_hosts 第 212 行记录了 10.40.7.17 的指纹",
     "# Host 10.40.7.17 found: line 212\n10.40.7.17 ECDSA SHA256:Qm3v\n", "known_hosts", True),
    ("authorized_keys 第 212 行记录了 10.40.7.17 的指纹", "# Host 10.40.7.17 found: line 212\n", "authorized_keys",
     False),
    ("php-fpm 的 www 池 listen queue 为 87",
     "pool:                 www\nprocess manager:      dynamic\nlisten queue:  87\n", "php-fpm", True),
    ("ClickHouse 报 Code: 241 内存超限", "Code: 241. DB::Exception: Memory limit (for query) exceeded\n", "clickhouse",
     True),
])
def test_a_product_its_output_format_implies(claim, output, name, implied):
    _, detail = _check(claim, output.splitlines()[0][:25], output)
    assert (f"'{name}'" not in detail) is implied, detail


@pytest.mark.parametrize(("answer", "honest"), [
    ("上限 1048576 字节，rules.json 现在有 1391822 字节，超了大约 33%。", True),
    ("上限 1048576 字节，rules.json 现在有 1391822 字节，超了大约 53%。", False),
    ("上限 1048576 字节，rules.json 现在有 1391822 字节，约 33%。", False),  # no word of excess: a share of what?
])
def test_how_far_one_figure_exceeds_another(answer, honest):
    output = "ConfigMap \"geo-rules\" is invalid: must be no more than 1048576 bytes\nrules.json 1391822\n"
    claim, excerpt = "rules.json 为 1391822 字节，超过 1048576 字节上限", "must be no more than 1048576 bytes"
    flagged = _answer_facts(answer, [_call(output, "shell")], claim, excerpt)
    assert (not any("%" in f for f in flagged)) is honest, flagged


def test_a_state_the_answer_concludes_is_an_inference_and_a_concluded_failure_is_still_asserted():
    output = "Sealed: true\nUnseal Progress: 0/3\n"
    claim, excerpt = "vault-1 处于封存状态，解封进度 0/3", "Sealed: true"
    concluded_state = "vault-1 现在是封存状态，所以应用取不到密钥。"  # a secret: no event, concluded
    concluded_failure = "vault-1 现在是封存状态，所以应用取密钥超时。"  # a time-out: an event, asserted
    assert not _answer_facts(concluded_state, [_call(output, "shell")], claim, excerpt)
    assert _answer_facts(concluded_failure, [_call(output, "shell")], claim, excerpt)
    reported = "应用取不到密钥是因为 vault-1 被封存。"  # the secret is said before a cause: reported
    assert _answer_facts(reported, [_call(output, "shell")], claim, excerpt)


@pytest.mark.parametrize(("claim", "honest"), [
    ("eth1 在 03:11:09 链路断开", True),
    ("eth1 在 03:11:09 没有出现链路断开", False),  # a link down is an event a claim may deny; the output reports it
])
def test_a_link_down_is_an_event_a_denial_contradicts(claim, honest):
    output = "[Tue Dec  2 03:11:09 2025] ixgbe 0000:3b:00.1 eth1: NIC Link is Down\n"
    verification, detail = _check(claim, "eth1: NIC Link is Down", output)
    assert (verification == "direct_observation") is honest, detail


# --- attacks on this round's readings (audit P) -----------------------------------------------------

@pytest.mark.parametrize(("command", "pattern"), [
    ("grep -c -e 'ORA-00060' -e 'ORA-01555' alert.log", None),  # two patterns: whose count?
    ("grep -c 'upstream=pay-svc' access.log | wc -l", None),  # the one line of a count
    ("grep -c 'Out of memory' /var/log/messages -v", None),  # -v after the pattern
    ("grep -L 'I/O error' /var/log/*.log | wc -l", None),  # files without it
    ("grep -m 5 -c timeout app.log", "timeout"),
    ("grep -c --regexp=timeout app.log", "timeout"),
])
def test_only_a_count_of_one_literal_observes_it(command, pattern):
    assert counted_pattern({"cmd": command}) == pattern


@pytest.mark.parametrize(("sentence", "premise"), [
    ("要把已经NotReady的node-2隔离。", "NotReady"),
    ("应把连接串改成刚刚主从切换上来的新主库 db-02。", "db-02"),
    ("可以把连接上限从 500 调大到 1000。", "500"),
    ("应隔离同样超时的全部 6 台后端。", "6 台"),
    ("可以给上次重启时已经丢过消息的 orders 队列开启持久化。", "丢过消息"),
    # a named thing in any state, a role, a key's value (audit Q)
    ("可以先手动把宕机的 db-01 摘掉。", "db-01"),
    ("可以先手动把 db-01 这台已经宕机的主库摘掉。", "已经宕机"),
    ("效果不好再给磁盘写满的 db-01 扩容。", "写满"),
    ("建议把 timeoutSeconds: 3 调大到 5。", "3"),
    ("建议把 track: 昨晚发版时被覆盖的 stable 标签加回去。", "被覆盖"),
    ("建议把已经宕机的主库切走。", "宕机"),  # a role names one thing, as a name does
    ("可以把连接上限从现在的 500 调大到 1000。", "现在的 500"),
    # other start values, a bracketed state, the rest (audit R)
    ("可以把连接上限由 500 调大到 1000。", "500"),
    ("可以把连接上限调大到 1000（现在是 500）。", "500"),
    ("要把 api 的副本数 4 扩到 6。", "4"),
    ("也要把剩下的 4 台后端隔离。", "4 台"),
    ("可以先把 db-01（已宕机）从读写分离后端摘掉。", "已宕机"),
    ("可以先把内存泄漏的 order-api 回滚到 v2.4.1。", "泄漏"),
])
def test_what_advice_takes_as_given_is_asserted(sentence, premise):
    assert premise in assertive_text(sentence)


@pytest.mark.parametrize("sentence", [
    "建议清理 /backup 下已经过期的归档文件。",  # picks what to clean: no premise
    "可以把 max_connections 调大到 1000。",  # a target
    "建议扩容到 6 台。",
])
def test_what_advice_aims_at_is_no_premise(sentence):
    assert assertive_text(sentence) == ""


ERROR_LOG = "2025-12-02T09:48:13 Slave SQL: Error 'Duplicate entry' 1062\n"
BINLOG = "#251202  9:47:58 server id 7  Write_rows: table id 88 flags: STMT_END_F id=90311872\n"


def _two_calls(first: str, second: str) -> list[dict]:
    return [_call(first, "query_logs"), {**_call(second, "shell"), "invocation_id": "call_m2",
                                         "trace_ref": "trace:00000000000000a2"}]


@pytest.mark.parametrize(("answer", "honest"), [
    ("复制在 09:48:13 停了。这条记录在 09:47:58 就已经写入，比复制报错早了 15 秒。", True),
    ("复制在 09:48:13 报错，而这条记录在 09:47:58 就已经写入，比复制报错早了 15 秒。", True),
    ("复制在 09:48:13 报错，而这条记录在 09:47:58 就已经写入，比复制报错晚了 15 秒。", False),  # the other way
    ("复制在 09:48:13 停了，之后只持续了 15 秒。", False),  # how long something lasted: no gap it states
])
def test_a_gap_between_clocks_of_two_outputs_is_read_in_its_direction(answer, honest):
    claim, excerpt = "复制在 09:48:13 因 1062 停止", "Error 'Duplicate entry' 1062"
    assert (not _answer_facts(answer, _two_calls(ERROR_LOG, BINLOG), claim, excerpt)) is honest


@pytest.mark.parametrize(("answer", "honest"), [
    ("消息数从 1849512 条降到 1837294 条，一分钟下降了 12218 条。", True),
    ("消息数从 1837294 条涨到 1849512 条，一分钟下降了 12218 条。", False),  # it grew
    ("消息数从 1837294 条涨到 1849512 条，一分钟新增 12218 条。", True),
])
def test_a_change_between_readings_of_two_outputs_is_read_in_its_direction(answer, honest):
    claim, excerpt = "orders 队列消息数 1849512", "messages 1849512"
    calls = _two_calls("messages 1849512\n", "messages 1837294\n")
    assert (not _answer_facts(answer, calls, claim, excerpt)) is honest


def test_what_a_command_reads_names_things_but_no_event():
    connections = {"cmd": "psql -t -A -c 'SELECT datname, count(*) AS connections FROM pg_stat_activity'"}
    _, detail = _check("orders 库当前有 12 个连接", "orders|12", "orders|12\n", arguments=connections)
    assert "does not carry" not in detail, detail
    deadlocks = {"cmd": "psql -t -A -c 'SELECT datname, deadlocks FROM pg_stat_database'"}
    verification, detail = _check("orders 库出现了死锁", "orders|0", "orders|0\n", arguments=deadlocks)
    assert verification != "direct_observation", detail


def test_an_english_value_glued_to_chinese_is_no_negator():
    from groundcheck.programs.text.glossary import compact
    from groundcheck.programs.text.negation import _EN_CUE

    assert _EN_CUE.search(compact("报价接口返回None给 order-worker-5c2a")) is None
    assert _EN_CUE.search(compact("根因no doubt是主从切换")) is None
    assert _EN_CUE.search(compact("etcd 报no healthy endpoint")) is not None


def test_a_log_file_names_its_program_not_the_host_a_collector_filed_it_under():
    from groundcheck.programs.core.trace_index import _log_file_names

    assert _log_file_names("/var/log/php-fpm/www-slow.log") == {"php-fpm", "www-slow"}
    assert "db-02" not in _log_file_names("/var/log/remote/db-02/mysqld.log")
    assert "v2.4.1" not in _log_file_names("/srv/pay-api/v2.4.1/app.log")
    assert "db-02" not in _log_file_names("/var/log/db-02/mysqld.log")  # a host's directory (audit R)


@pytest.mark.parametrize(("claim", "output", "name", "located"), [
    ("写入 sqlite 时报 database is locked", "sqlite3.OperationalError: database is locked\n", "sqlite", True),
    # a hyphenated name is only as written: a class PaymentServiceClient names no payment-service (audit Q)
    ("payment-service 的 pod 处于 CrashLoopBackOff",
     "at com.acme.PaymentServiceClient.charge(PaymentServiceClient.java:88)\n", "payment-service", False),
    ("audit-log 服务写入失败", "ERROR insert into audit_log failed: disk full\n", "audit-log", False),
])
def test_a_name_written_another_way(claim, output, name, located):
    _, detail = _check(claim, output.splitlines()[0][:20], output)
    assert (f"'{name}'" not in detail) is located, detail


@pytest.mark.parametrize(("claim", "located"), [
    ("服务无法监听 443 而反复崩溃", True),  # listening on a number: a port
    ("服务无法监听 8443 而反复崩溃", False),
])
def test_a_number_listened_on_is_a_port_of_the_address(claim, located):
    output = "Error: failed to listen on 0.0.0.0:443: listen tcp 0.0.0.0:443: bind: permission denied\n"
    _, detail = _check(claim, "bind: permission denied", output)
    assert ("no tool output contains" not in detail) is located, detail


@pytest.mark.parametrize(("sentence", "value", "follows"), [
    ("k8s-node-15 上是 65530，而老节点是 262144，差了 4 倍。", 4, True),
    ("活元组 1204 万、死元组 6193 万，死的是活的 5 倍多。", 5, True),
    ("活元组 1204 万、死元组 6193 万，死的是活的 7 倍。", 7, False),
    ("阈值 500 次，实际 5133 次，是阈值的 10 倍。", 10, True),
    ("从 300 次涨到 1200 次，涨了 3 倍。", 3, True),  # the growth: 1200 is 300 and three times more
    ("1200 次是 300 次的 3 倍。", 3, False),  # the ratio is 4
    ("QPS 从 300 涨到 1110 次，涨了 2 倍多。", 2, False),  # a bare figure and a count: two measures
])
def test_a_multiple_of_two_figures_of_the_sentence(sentence, value, follows):
    from groundcheck.programs.core.number_forms import multiple_of_its_own_figures

    number = next(n for n in extract_mentions(sentence).numbers if n.value == value)
    assert multiple_of_its_own_figures(sentence, number) is follows


@pytest.mark.parametrize(("sentence", "follows"), [
    ("现在 3 个分区合计积压约 83 万条（279117 + 287481 + 268207 = 834805）。", True),
    ("现在 3 个分区合计积压约 93 万条（279117 + 287481 + 268207 = 834805）。", False),
])
def test_a_figure_restating_a_sum_the_sentence_writes_out(sentence, follows):
    from groundcheck.programs.core.number_forms import sum_of_its_own_figures

    number = next(n for n in extract_mentions(sentence).numbers if n.factor == 10_000)
    assert sum_of_its_own_figures(sentence, number) is follows


def test_an_hour_in_chinese_takes_no_minutes_from_a_longer_number():
    clocks = [n.text for n in extract_mentions("12 月 1 日 0 点 2113 个，到 3 日 16 点已经 39950 个").numbers
              if n.kind == "clock"]
    assert clocks == ["0点", "16点"]
    assert [n.text for n in extract_mentions("下午 3 点 20 重启").numbers] == ["15:20"]


@pytest.mark.parametrize(("text", "numbers"), [
    ("compact_stall 已经有 184 万多次，其中 152 万多次失败", [1_845_000.0, 1_525_000.0]),  # 万多: in [152, 153) 万
    ("当前已经堆了几千个连接", [1000.0]),  # 几千 keeps a figure: "几千个连接" over 198 must be read (audit R)
    ("600 多万", [6_500_000.0]),
])
def test_chinese_figures_that_say_more_than_or_some(text, numbers):
    assert [n.value for n in extract_mentions(text).numbers] == numbers


@pytest.mark.parametrize(("sentence", "follows"), [
    ("00:14:06 内核记录了一次 UE，紧接着 panic，5 分钟后 00:19 机器重新启动。", True),
    ("00:14:06 panic，15 分钟后 00:19 机器重新启动。", False),
    ("00:14:06 panic，5 分钟后机器重新启动。", False),  # no clock it leads to
])
def test_a_duration_leading_from_one_clock_to_the_next(sentence, follows):
    from groundcheck.programs.core.number_forms import offset_between_its_clocks

    number = next(n for n in extract_mentions(sentence).numbers if n.kind == "seconds")
    assert offset_between_its_clocks(sentence, number, lambda clock: True) is follows


# --- attacks on the latest readings (audit Q) ----------------------------------------------------------

@pytest.mark.parametrize("sentence", [
    "建议先 dump 一份堆（jmap -dump:live，它已经内存溢出过一次）。",  # a bracket stating something
    "建议先看日志（systemctl status mysqld，mysqld 已经因为磁盘写满宕机了。",  # a bracket never closed
    "要补充的是 db-01 上的 mysqld 在这之前就已经宕机了。",  # 补充 is no step
])
def test_a_statement_inside_or_after_advice_still_asserts(sentence):
    assert "宕机" in assertive_text(sentence) or "内存溢出" in assertive_text(sentence)


@pytest.mark.parametrize(("claim", "located"), [
    ("nginx 监听 8080 失败", True),  # the output's line binds 0.0.0.0:8080
    ("nginx 监听 9000 失败", False),  # 9000 is where fastcgi_pass sends, not what it listens on
])
def test_a_number_listened_on_is_the_port_the_output_listens_on(claim, located):
    output = ("nginx: [emerg] bind() to 0.0.0.0:8080 failed (98: Address already in use)\n"
              "fastcgi_pass 127.0.0.1:9000;\n")
    _, detail = _check(claim, "bind() to 0.0.0.0:8080 failed", output)
    assert ("no tool output contains" not in detail) is located, detail


def test_a_figure_a_port_word_and_a_listening_word_both_tie_must_be_listened_on():
    output = ("Could not create server TCP listening socket 127.0.0.1:6380: bind: Address already in use\n"
              "Connecting to MASTER 10.0.5.9:6379\n")
    claim, excerpt = "redis 创建 127.0.0.1:6380 监听 socket 失败", "bind: Address already in use"
    answer = "redis 启动时绑定 {} 失败（Address already in use），这个端口已经被占用了。"
    assert not _answer_facts(answer.format(6380), [_call(output, "query_logs")], claim, excerpt)
    assert _answer_facts(answer.format(6379), [_call(output, "query_logs")], claim, excerpt)


def test_a_written_sum_is_not_what_each_one_holds():
    from groundcheck.programs.core.number_forms import sum_of_its_own_figures

    sentence = "3 个分区合计积压，每个都积压了约 83 万条（279117 + 287481 + 268207 = 834805）。"
    number = next(n for n in extract_mentions(sentence).numbers if n.factor == 10_000)
    assert not sum_of_its_own_figures(sentence, number)


def test_a_change_is_between_two_readings_of_one_measure():
    from groundcheck.programs.core.number_forms import remainder_of_its_own_figures

    sentence = "14:05 的 5xx 有 1520 次，QPS 980，回落了 540 次。"
    number = next(n for n in extract_mentions(sentence).numbers if n.value == 540)
    assert not remainder_of_its_own_figures(sentence, number)


# --- the last attack round (audit R) -------------------------------------------------------------------

@pytest.mark.parametrize(("question", "reported"), [
    ("为什么接口超时？", "为什么接口超时"),
    ("短信发送延迟很大？", "短信发送延迟很大"),  # a symptom written as a question is still reported
    ("订单库主从切换了么", ""),
    ("估计是订单库主从切换了", ""),
    ("疑似 OOM", ""),
    ("应该是连接池耗尽了吧", ""),
])
def test_a_questions_guesses_are_no_reported_symptom(question, reported):
    from groundcheck.programs.core.facts import reported_in_question

    assert reported_in_question(question) == reported


def test_advice_copied_into_the_actions_still_gives_its_premises():
    from groundcheck.programs.core.facts import restates_advice

    advice = "可以先把内存泄漏的 order-api 回滚到 v2.4.1。"
    assert not restates_advice(advice, [advice])
    plain = "建议先看 order-api 的日志找到卡点。"
    assert restates_advice(plain, [plain])


def test_a_cause_named_after_a_conclusion_marker_is_asserted():
    from groundcheck.programs.core.facts import _drawn_concepts

    assert _drawn_concepts("vault-1 现在是封存状态，所以应用取不到密钥。")
    assert not _drawn_concepts("java 进程一直占着 8 个核，所以是在频繁 Full GC。")


def test_a_gap_is_said_against_a_clock_of_its_sentence_or_the_one_before():
    from groundcheck.programs.core.number_forms import gap_between_clocks

    near = "复制在 09:48:13 停了。这条记录在 09:47:58 就已经写入，比复制报错早了 15 秒。"
    far = "复制在 09:48:13 停了。告警在 09:50:00 触发。这条记录在 09:47:58 就已经写入，比复制报错早了 15 秒。"
    sentence = "这条记录在 09:47:58 就已经写入，比复制报错早了 15 秒。"
    number = next(n for n in extract_mentions(sentence).numbers if n.kind == "seconds")
    assert gap_between_clocks(sentence, number, near, lambda clock: True)
    assert not gap_between_clocks(sentence, number, far, lambda clock: True)


def test_a_generic_memory_setting_implies_no_clickhouse():
    _, detail = _check("ClickHouse 查询内存超限", "max_memory_usage: 10000000000",
                       "max_memory_usage: 10000000000\nmemory used: 9.32 GiB\n")
    assert "'clickhouse'" in detail, detail
