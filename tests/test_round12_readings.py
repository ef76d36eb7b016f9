"""What a twelfth look found (issue 9): Chinese terms with an everyday sense beside their AIOps one
(解析 a file, 前镜像, leader 变更, 从节点 as "from the node", 挂了 + an object, ACME 处理器) made honest
claims name a concept their output never carries; and evidence vocabulary the glossary lacked. Each
sense with the honest wording it must leave alone and the AIOps wording it must still read."""

from __future__ import annotations

import json
import re

import pytest
from test_round7_readings import _check, _located

from groundcheck.programs.text.glossary import claim_analysis, glossary, uncovered_concepts
from groundcheck.programs.text.senses import SENSE_TERMS, names_its_concept


def _concepts(text: str) -> list[str]:
    return [m.concept_ids[0] for m in claim_analysis(text).mentions]


@pytest.mark.parametrize(("text", "concept", "named"), [
    ("所需前镜像已被覆盖", "image_pull", False),  # Oracle's before-image
    ("节点拉不到镜像", "image_pull", True),
    ("node-7 重启后镜像一直拉不下来", "image_pull", True),  # after a restart (round U)
    ("10:00-10:10 这 10 分钟 leader 变更 4 次", "deployment", False),
    ("主节点角色变更后写入恢复", "deployment", False),
    ("leader 发生了 4 次变更", "deployment", False),
    ("故障前 10 分钟有一次变更", "deployment", True),
    ("10:05 order-svc 的 master 变更之后开始报 NPE", "deployment", True),  # a branch may be master (round U)
    ("从节点直接 dig 10.0.0.2 也超时", "replica", False),  # dig run from the node
    ("从节点上执行 curl 也失败", "replica", False),
    ("从节点上用 dig 查询也超时", "replica", False),
    ("从节点访问主库 10.0.1.10:3306 失败", "replica", True),  # a replica's doing (round U)
    ("从节点复制延迟 30 秒", "replica", True),
    ("从节点 IO 线程已停止", "replica", True),
    ("shop-http 路由挂了 redirect-https 中间件", "crash", False),  # a middleware attached
    ("入口上挂了两个中间件", "crash", False),
    ("入口路由挂了限流和认证中间件", "crash", False),
    ("order-svc 挂了", "crash", True),
    ("redis 集群挂了两个节点", "crash", True),  # its victims (round U)
    ("mysql 挂了 api 下单请求返回 502", "crash", True),
    ("pod 挂了3次", "crash", True),
    ("最长的事务已经挂了 7 分 42 秒", "crash", False),  # hung that long
    ("Go 运行时直接报 fatal error: concurrent map writes", "container_runtime", False),
    ("运行时找不到该方法", "container_runtime", False),  # at run time
    ("节点上容器运行时无响应", "container_runtime", True),
    ("kubelet 报运行时 PLEG 不健康", "container_runtime", True),
    ("挑战请求没有到达 traefik 的 ACME 处理器", "cpu", False),  # a handler
    ("事件处理器阻塞", "cpu", False),
    ("挑战处理器返回 404", "cpu", False),
    ("处理器使用率 90%", "cpu", True),
    ("worker-07 处理器负载很高", "cpu", True),  # a host's CPU (round U)
    ("两个处理器都跑满了", "cpu", True),
])
def test_a_term_with_an_everyday_sense_names_its_concept_only_in_the_aiops_sense(text, concept, named):
    assert (concept in _concepts(text)) is named


def test_every_term_with_a_sense_rule_is_a_glossary_term():
    # a rule for a term the glossary does not name would never be asked
    named = {t for c in glossary().concepts.values() for t in c.zh}
    assert named >= SENSE_TERMS


def test_a_term_without_a_sense_rule_always_names_its_concept():
    assert names_its_concept("磁盘已满", "已满", 2, 4)


@pytest.mark.parametrize(("claim", "output", "uncovered"), [
    # 解析 is DNS resolution and parsing both: an output carrying either covers it, neither does not
    ("scheduler 日志停在 06:12:41 解析 etl_sales.py",
     "[2025-12-04T06:12:41.907+0000] INFO - Filling up the DagBag from /opt/airflow/dags/etl_sales.py", []),
    ("主线程同步解析 XML", "62.4%  parseSync  node_modules/fast-xml-parser/src/x.js:241", []),
    ("coredns 解析 api.example.com 超时", "plugin/errors: 2 api.example.com. A: read udp 10.0.0.3:53: i/o timeout",
     []),
    ("下游 payment 解析偶发卡住", "payment GET /pay 200 5012ms", ["downstream", "dns", "slow"]),
    # the honest everyday senses are no longer read as concepts the output must carry
    ("10:00-10:10 这 10 分钟 leader 变更 4 次", '["10:00", 4]', []),
    ("shop-http 路由挂了 redirect-https 中间件", "shop-http  web  PathPrefix(`/`)  middlewares: redirect-https", []),
    # the AIOps senses still are: the output carries none of them
    ("order-svc 域名解析异常", "order-svc started in 3.2s", ["dns", "unhealthy"]),
    ("昨晚的变更导致 order-svc 报错", "order-svc ERROR NullPointerException", ["deployment"]),
    ("order-svc 挂了", "order-svc GET /health 200", ["crash"]),
])
def test_coverage_reads_the_sense_a_claim_uses(claim, output, uncovered):
    assert uncovered_concepts(claim, [output]) == uncovered


@pytest.mark.parametrize(("claim", "excerpt", "output", "concept"), [
    ("init 容器里数据库主机名写错，解析失败导致一直等待", "bad address",
     "nc: bad address 'inventory-db-rw.inv.svc.cluster.local'", "dns_failure"),
    ("checkpoint 18422 在完成前超时过期", "expired before completing",
     "Checkpoint 18422 of job 7a3c expired before completing.", "timeout"),
    ("出口 IP 的匿名配额已用完", "ratelimit-remaining: 0",
     "ratelimit-limit: 100;w=21600\nratelimit-remaining: 0;w=21600", "exhausted"),
    ("remote write 积压样本 2480133 个", "2480133",
     'prometheus_remote_storage_samples_pending{remote_name="thanos-recv"} 2480133', "consumer_lag"),
    ("points-consumer 发送 LeaveGroup 后组发生重平衡", "LeaveGroup",
     "sending LeaveGroup request to coordinator kafka-2:9092", "rebalance"),
    ("集群 HEALTH_WARN，osd.7 有 27 个 slow ops", "HEALTH_WARN",
     "HEALTH_WARN 27 slow ops, oldest one blocked for 142 sec, osd.7 has slow ops", "cluster"),
    ("app-prod-03 所在安全组为 prod-app-sg", "prod-app-sg",
     '[{"GroupName": "prod-app-sg", "GroupId": "sg-0a9b8c7d6e5f4a3b2"}]', "firewall"),
    ("JVM 参数 MaxDirectMemorySize=1073741824", "MaxDirectMemorySize", "-XX:MaxDirectMemorySize=1073741824", "jvm"),
])
def test_the_evidence_vocabulary_of_common_tools_carries_its_concept(claim, excerpt, output, concept):
    assert concept not in uncovered_concepts(claim, [output])
    _, detail = _check(claim, excerpt, output)
    assert f"'{concept}'" not in detail


@pytest.mark.parametrize(("claim", "output", "concept"), [
    # the same vocabulary does not carry the concept where its words are not there
    ("init 容器里解析失败导致一直等待", "nc: can't connect to remote host: Connection refused", "dns_failure"),
    ("checkpoint 18422 超时", "Checkpoint 18422 completed in 912 ms", "timeout"),
    ("出口 IP 的匿名配额已用完", "ratelimit-limit: 100;w=21600\nratelimit-remaining: 37;w=21600", "exhausted"),
    ("app-prod-03 所在安全组为 prod-app", '[{"Name": "prod-app", "State": "running"}]', "firewall"),
    # round U: each hint in its tool's own shape, not as a bare substring
    ("连接池已经用完", "batch 118/118 done, remaining: 0", "exhausted"),  # a batch's remaining work
    ("消费端积压严重", "cassandra_compaction_pending_tasks 212", "consumer_lag"),
    ("web 被安全组拦截", "host sg-web-03 up 41 days", "firewall"),  # a host named sg-…
    ("节点心跳丢失", "node-3 last beat 2s ago", "heartbeat"),
    ("解析失败", "rsync: write failed on /data/x: Bad address (14)", "dns_failure"),  # EFAULT
])
def test_the_vocabulary_does_not_carry_a_concept_its_words_are_missing_from(claim, output, concept):
    assert concept in uncovered_concepts(claim, [output])


LEADER_CHANGES = {
    "invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "query_metrics",
    "arguments": {"query": "changes(consul_raft_state_leader[10m])", "range": "40m", "step": "10m"}, "status": "ok",
    "output": {"metric": "consul_raft_state_leader (changes per 10m)",
               "values": [["09:40", 0], ["09:50", 1], ["10:00", 4], ["10:10", 3]]},
}
LEADER_CLAIM, LEADER_EXCERPT = "10:00 这个 10 分钟窗口里 leader 切换 4 次", '["10:00", 4]'


@pytest.mark.parametrize(("answer", "honest"), [
    ("leader 在来回切：10:00 的窗口里换了 4 次，是峰值，10:10 换了 3 次。", True),
    ("leader 在来回切：10:00 的窗口里换了 4 次，09:50 只换了 1 次。", True),  # a pair no claim states, as shown
    ("leader 在来回切：10:10 那个窗口里换了 4 次，是峰值，10:00 换了 3 次。", False),  # figures moved in time
    ("leader 在来回切：10:00 的窗口里换了 4 次，09:50 换了 3 次。", False),
])
def test_an_answer_sentence_ties_a_figure_to_the_time_the_series_gives_it(answer, honest):
    from test_round7_readings import _answer_facts

    flagged = _answer_facts(answer, [LEADER_CHANGES], LEADER_CLAIM, LEADER_EXCERPT)
    assert (not flagged) is honest, flagged


DU = "94371840\t/var/lib/docker\n1048576\t/var/log\n"
DF = (
    "Filesystem     1K-blocks      Used Available Use% Mounted on\n"
    "/dev/vda1      104857600  94371840  10485760  90% /\n"
)
DU_M = "92160\t/var/lib/docker\n"


@pytest.mark.parametrize(("command", "output", "claim", "excerpt", "honest"), [
    # `du -s` and `df` print KiB: 94371840 KiB is 90 GiB, never 90 MB
    ("du -s /var/lib/docker /var/log", DU, "/var/lib/docker 占用 90GB", "94371840\t/var/lib/docker", True),
    ("du -s /var/lib/docker /var/log", DU, "/var/lib/docker 占用 96.6GB", "94371840\t/var/lib/docker", True),
    ("du -s /var/lib/docker /var/log", DU, "/var/lib/docker 占用 90MB", "94371840\t/var/lib/docker", False),
    ("du -s /var/lib/docker /var/log", DU, "/var/lib/docker 占用 94MB", "94371840\t/var/lib/docker", False),
    ("sudo du -sk /var/lib/docker", DU, "/var/lib/docker 占用 90GB", "94371840\t/var/lib/docker", True),
    ("du -sm /var/lib/docker", DU_M, "/var/lib/docker 占用 90GB", "92160\t/var/lib/docker", True),
    ("du -sm /var/lib/docker", DU_M, "/var/lib/docker 占用 90MB", "92160\t/var/lib/docker", False),
    ("du -sb /var/lib/docker", "94371840\t/var/lib/docker\n", "/var/lib/docker 占用 90MB", "94371840\t/var/lib/docker",
     True),  # -b prints bytes
    ("df /", DF, "根分区已用 90GB", "94371840", True),
    ("df /", DF, "根分区已用 90MB", "94371840", False),
])
def test_a_bare_count_of_du_or_df_is_read_in_the_unit_they_print(command, output, claim, excerpt, honest):
    verification, detail = _check(claim, excerpt, output, arguments={"host": "build-07", "cmd": command})
    assert (verification != "contradicted") is honest, detail


@pytest.mark.parametrize(("command", "units"), [
    ("du -s /var", [("all:bytes", 1.0), ("bytes", 1.0)]),
    ("du -sh /var", []),  # its figures carry units
    ("du -d1 -h /var", []),
    ("du -s --block-size=1M /var", []),  # a block size of its own: unknown here
    ("du -sb /var", [("all:bytes", 0.0), ("bytes", 0.0)]),
    ("cat /x | du -s", []),  # du reads a list here: not its own output's figures
    ("sudo du -sk /data | sort -n", [("all:bytes", 1.0), ("bytes", 1.0)]),  # a filter keeps them
    ("du -s /x | awk '{print $1/1024}'", []),  # a transform does not
    ("du -s /x; ls -l /x/big.log", []),  # a compound command: whose lines?
    ("du --inodes -s /x", []),  # counts
    ("du -sg /x", []),  # BSD: GiB, unknown here
    ("du -sb /data/free-tier", [("all:bytes", 0.0), ("bytes", 0.0)]),  # "free" in a path is no command
    ("free --si -g", [("all:bytes", 3.0), ("bytes", 3.0)]),  # GB (round U: a false "12MB" passed)
    ("free -h --si", []),
    ("kubectl exec pg-0 -- du -s /var/lib/postgresql", [("all:bytes", 1.0), ("bytes", 1.0)]),
    ("echo du", []),  # the word, not the command
    ("free -m", [("all:bytes", 2.0), ("bytes", 2.0)]),
])
def test_the_unit_of_a_command_is_read_from_its_flags(command, units):
    from groundcheck.programs.text.query_meaning import command_units

    assert sorted(command_units({"cmd": command})) == units


MEMCACHED = "host mc-02\nSTAT limit_maxbytes 1073741824\nSTAT bytes 1071598120\nSTAT evictions 18330211\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("mc-02 内存上限 1073741824 字节，已用 1071598120 字节，基本写满", True),  # 99.8% of its own limit
    ("mc-02 已用 1071598120 字节，上限 1073741824 字节，已经占满", True),
    ("mc-02 内存上限 1073741824 字节，已用 536870912 字节，已经写满", False),  # half: no figure says full
    ("mc-02 命中率 99%，内存已经写满", False),  # a share of another measure judges no memory
    ("mc-02 内存已经写满", False),
])
def test_a_judging_word_over_the_claims_own_figures_needs_no_word_in_the_output(claim, honest):
    output = MEMCACHED + ("STAT bytes 536870912\n" if "536870912" in claim else "") + "STAT hit_ratio 99%\n"
    _, detail = _check(claim, "STAT bytes", output)
    assert ("'disk_full'" not in detail) is honest, detail


GROUPS = (
    "GROUP           COORDINATOR (ID)          ASSIGNMENT-STRATEGY  STATE                #MEMBERS\n"
    "points          kafka-2:9092 (2)          range                PreparingRebalance   6\n\n"
    "GROUP   TOPIC          PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG     CONSUMER-ID  HOST  CLIENT-ID\n"
    "points  points-events  0          48112093        48391210        279117  -            -     -\n"
    "points  points-events  1          48090221        48377702        287481  -            -     -\n"
    "points  points-events  2          48133907        48402114        268207  -            -     -\n"
)
PODS = (
    "NAME     READY   STATUS             RESTARTS   AGE\n"
    "pg-1     1/1     Running            0          3d\n"
    "pg-2     0/1     CrashLoopBackOff   4812       3d\n"
)


@pytest.mark.parametrize(("claim", "excerpt", "output", "honest"), [
    # a STATE cell is a value of its row, not the row's name: the lags are the group's
    ("消费组 points 处于 PreparingRebalance，3 个分区 lag 分别为 279117、287481、268207", "48391210        279117",
     GROUPS, True),
    ("消费组 points 处于 PreparingRebalance，分区 0 的 lag 为 279117", "48391210        279117", GROUPS, True),
    # a row named in its first column still owns its figures
    ("pg-1 处于 Running，已重启 4812 次", "3d\npg-2     0/1", PODS, False),
    ("pg-2 处于 CrashLoopBackOff，已重启 4812 次", "3d\npg-2     0/1", PODS, True),
])
def test_a_state_cell_names_no_table_row(claim, excerpt, output, honest):
    _, detail = _check(claim, excerpt, output, tool="kubectl")
    assert ("on the row of" not in detail) is honest, detail


@pytest.mark.parametrize(("answer", "sentences"), [
    # a part that ends advising before a semicolon goes on into the next, as after a comma
    ("建议先回滚到上一个版本；之后再修复序列化。", ["建议先回滚到上一个版本，之后再修复序列化。"]),
    ("建议扩容；目前磁盘使用率已经 99%。", ["建议扩容，目前磁盘使用率已经 99%。"]),
    # a part that asserts does not
    ("磁盘已满；建议扩容。", ["磁盘已满；", "建议扩容。"]),
    ("db-1 已经宕机；db-2 正常。", ["db-1 已经宕机；", "db-2 正常。"]),
])
def test_an_advising_part_goes_on_past_its_semicolon(answer, sentences):
    from groundcheck.programs.text.wording import answer_sentences

    assert answer_sentences(answer) == sentences


@pytest.mark.parametrize(("sentence", "asserted"), [
    ("建议尽快更换 sdb：先把它从阵列移除，换上新盘后重建", ""),  # the advice's how, after its colon
    ("建议加数据文件，undo_retention 调到 10800", ""),  # a setting the advice changes
    ("建议加数据文件，undo_retention 已经调到 10800 了", "undo_retention 已经调到 10800 了"),  # done: a fact
    ("建议扩容，目前磁盘使用率已经 99%", "目前磁盘使用率已经 99%"),  # a statement after advice still asserts
    ("磁盘使用率：99%", "磁盘使用率：99%"),
    ("建议检查内存，日志里提到 OOM", "日志里提到 OOM"),  # what a log says after advice is still a statement
])
def test_what_advice_governs_after_a_colon_or_a_new_setting(sentence, asserted):
    from groundcheck.programs.text.wording import assertive_text

    assert assertive_text(sentence) == asserted


DF_P = (
    "Filesystem     1024-blocks      Used Available Capacity Mounted on\n"
    "/dev/vda1        104857600  78643200  26214400      75% /\n"
)
DF_AND_INODES = DF_P.replace("1024-blocks", " 1K-blocks ") + (
    "Filesystem      Inodes   IUsed    IFree IUse% Mounted on\n"
    "/dev/vda1      6553600    1234 29360128    1% /\n"
)


@pytest.mark.parametrize(("command", "output", "claim", "honest"), [
    ("df -P /", DF_P, "根分区剩余 25GB", True),  # POSIX df: 1024-blocks
    ("df -P /", DF_P, "根分区剩余 25MB", False),
    # two commands: the block size is the df table's columns', not the inode table's figures
    ("df -k /; df -i /", DF_AND_INODES, "根分区剩余 28GB", False),  # 29360128 free inodes, not KiB
])
def test_a_df_block_size_heads_its_own_table(command, output, claim, honest):
    verification, detail = _check(claim, "/dev/vda1", output, arguments={"host": "build-07", "cmd": command})
    assert (verification != "contradicted") is honest, detail


CPU_SERIES = {
    "invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "query_metrics",
    "arguments": {"query": '100 - avg(rate(node_cpu_seconds_total{mode="idle",instance="db-01"}[5m])) * 100'},
    "status": "ok",
    "output": {"metric": "db-01 CPU usage (%)", "values": [["09:55", 62], ["10:00", 80], ["10:05", 91], ["10:10", 97]]},
}


@pytest.mark.parametrize(("answer", "honest"), [
    # round U: what is no value at a time stays unread
    ("db-01 CPU 10:05 > 80%，当时 91%，10:10 升到 97%。", True),  # a threshold, written as one
    ("db-01 CPU 10:05 超过 80%，当时是 91%，10:10 升到 97%。", True),
    ("db-01 CPU 10:10 到了 97%，比 10:05 高 6 个百分点。", True),  # a difference from another time
    ("db-01 CPU 10:05 是 91%，10:10 是 97%。", True),
    ("db-01 CPU 在 10:05 就到了 80%。", True),  # one time only: no series is spoken of
    ("db-01 CPU 10:05 是 97%，10:10 是 91%。", False),  # moved
    ("db-01 CPU 10:00 是 91%，10:10 是 97%。", False),
])
def test_an_answer_reads_a_series_only_where_it_speaks_of_it(answer, honest):
    from test_round7_readings import _answer_facts

    flagged = _answer_facts(answer, [CPU_SERIES], "db-01 CPU 10:10 为 97%", '["10:10", 97]')
    assert (not flagged) is honest, flagged


BGP_UP = "BGP neighbor is 10.0.0.1, remote AS 65001\n  BGP state = Established, up for 3d02h11m\n"
BGP_IDLE = "BGP neighbor is 10.0.0.1, remote AS 65001\n  BGP state = Idle\n  Connections established 4; dropped 4\n"


@pytest.mark.parametrize(("claim", "output", "uncovered"), [
    ("tor-2 与 10.0.0.1 的 BGP 会话中断", BGP_IDLE, []),
    ("tor-2 与 10.0.0.1 的 BGP 会话中断", BGP_UP, ["connection_reset"]),  # round U: an Established session
    ("tor-2 与 10.0.0.1 的 BGP 会话正常", BGP_UP, []),  # a BGP output speaks of sessions
])
def test_a_bgp_session_is_down_only_where_its_state_says_so(claim, output, uncovered):
    assert uncovered_concepts(claim, [output]) == uncovered


MYSQLD = (
    "2025-12-07T23:10:14.402311+08:00 0 [System] [MY-010910] [Server] /usr/sbin/mysqld: Shutdown complete\n"
    "2025-12-09T02:31:05.118220+08:00 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections\n"
)
OPTIMES = '{"members": [{"name": "mongo-1", "optimeDate": "2025-12-09T02:01:42Z"}, ' \
          '{"name": "mongo-3", "optimeDate": "2025-12-08T14:47:03Z"}]}'


@pytest.mark.parametrize(("claim", "output", "honest"), [
    # round V: a span of days between two dated times an output writes (spec §7: 10:05 to 10:15 = 10 minutes)
    ("从库 12 月 7 日 23:10 停机，12 月 9 日 02:31 才重新启动，中间约 27 小时", MYSQLD, True),
    ("从库 12 月 7 日 23:10 停机，12 月 9 日 02:31 才重新启动，中间停了 27 小时", MYSQLD, True),  # 27 h 20 min, cut
    ("从库 12 月 7 日 23:10 停机，12 月 9 日 02:31 才重新启动，中间约 35 小时", MYSQLD, False),
    ("从库 12 月 7 日 23:10 停机，12 月 9 日 02:31 才重新启动，中间约 28 小时", MYSQLD, False),
    ("mongo-3 的 optime 落后约 11 小时", OPTIMES, True),  # 14:47:03Z to 02:01:42Z, zones read
    ("mongo-3 的 optime 落后约 19 小时", OPTIMES, False),  # 14:47 to 10:01 without the zones
])
def test_a_duration_of_days_may_span_two_dated_times(claim, output, honest):
    # the claim quotes the two dated records it reads the span between
    lines = [line for line in re.split(r"\n|(?<=\}), ", output) if "2025-12" in line]
    extra = [{"source_type": "log", "source_id": "call_m1", "tool_name": "shell", "source_invocation_ids": ["call_m1"],
              "evidence_excerpt": line} for line in lines[1:]]
    _, detail = _check(claim, lines[0], output, extra_bindings=extra)
    assert ("no tool output contains or implies" not in detail) is honest, detail


def test_a_span_of_days_is_read_only_between_quoted_times():
    # round W: an output holds many times; a span is read only between those the claim quotes
    output = MYSQLD + "2025-12-10T06:00:00+08:00 0 [Note] [MY-010000] [Server] unrelated restart\n"
    _, detail = _check("中间约 27 小时", "Shutdown complete", output)
    assert "no tool output contains or implies" in detail


@pytest.mark.parametrize(("claim", "output"), [
    # round W: a figure inside an id is the id's, not a count ("payments:3:19650002" is an offset, "osd.104" an OSD)
    ("settlement 组积压 19650002 条", "GROUP settle TOPIC payments:3:19650002 LAG 761875"),
    ("集群有 104 个 OSD down", "HEALTH_WARN osd.104 is down"),
    ("最近失败了 1842 次", "image: registry.local/shop/api:build.1842"),
])
def test_a_figure_inside_an_id_is_no_count(claim, output):
    assert _located(claim, output.split()[0], output) is False


@pytest.mark.parametrize(("claim", "output"), [
    # round W: 未能 / 没能 + an event still denies it ("未能被驱逐" over "evicted")
    ("pod 未能被驱逐", "Normal  Killing  pod evicted: The node was low on resource: memory"),
    ("镜像未能成功拉取", "Normal  Pulled  Successfully pulled image \"shop/api:v2\""),
])
def test_a_failed_attempt_still_denies_what_the_output_reports(claim, output):
    from groundcheck.programs.text.negation import negation_conflict

    assert negation_conflict(claim, [output]) is not None


LIMITRANGE = ('Error creating: pods "report-gen-5f7d9c8b7-x8k2p" is forbidden: [maximum cpu usage per Container is 2, '
              "but limit is 4, maximum memory usage per Container is 4Gi, but limit is 8Gi]")


@pytest.mark.parametrize(("claim", "output", "scoped"), [
    # round V: 每个 names the unit an output states its figure per, no observation of every one of them
    ("report-gen 创建 Pod 被拒：每个容器 CPU 上限 2 而申请了 4", LIMITRANGE, False),
    ("report-gen 的每个 Pod 都创建失败", 'Error creating: pods "report-gen-5f7d9c8b7-x8k2p" is forbidden', True),
])
def test_each_names_the_unit_an_output_states_its_figure_per(claim, output, scoped):
    _, detail = _check(claim, "forbidden", output, tool="kubectl")
    assert ("all / every / the whole" in detail) is scoped, detail


LAMBDA_METRICS = json.dumps({"metrics": {
    "Throttles(Sum)": [["18:55", 0], ["19:00", 4211], ["19:05", 5120]],
    "ConcurrentExecutions(Maximum)": [["18:55", 63], ["19:00", 100], ["19:05", 100]],
}})


@pytest.mark.parametrize(("claim", "honest"), [
    # round V: an output holding several series over the same minutes: a peak is its own series'
    ("19:00 起并发最大值顶在 100", True),
    ("限流次数峰值 5120", True),
    ("限流次数峰值 4211", False),  # 5120 is that series' peak
])
def test_a_peak_is_read_in_its_own_series(claim, honest):
    from groundcheck.programs.core.extremes import extreme_conflict
    from groundcheck.programs.text.series import parse_series

    assert (extreme_conflict(claim, [parse_series(json.loads(LAMBDA_METRICS))]) is None) is honest


TRINO = ("Query exceeded per-node memory limit of 28.80GB [Allocated: 28.79GB, Delta: 24.00MB, Top Consumers: "
         "{HashBuilderOperator=27.92GB, ScanFilterAndProjectOperator=612.40MB}]")


@pytest.mark.parametrize(("claim", "honest"), [
    # round V: a figure given to a key the output writes as key=value with another value, and the figure to
    # another key
    ("查询超过单节点内存上限，其中 HashBuilderOperator 占 27.92GB", True),
    ("查询超过单节点内存上限，其中 ScanFilterAndProjectOperator 占 612.40MB", True),
    ("查询超过单节点内存上限，其中 ScanFilterAndProjectOperator 占 27.92GB", False),
    ("查询超过单节点内存上限，已分配 28.79GB", True),  # no key of the output named before it
])
def test_a_figure_belongs_to_the_key_the_output_gives_it(claim, honest):
    verification, detail = _check(claim, "Top Consumers", TRINO)
    assert (verification != "contradicted") is honest, detail


def test_an_answer_sentence_gives_a_figure_to_its_own_key():
    from test_round7_readings import _answer_facts

    call = {"invocation_id": "call_1", "trace_ref": "trace:00000000000000a1", "tool_name": "query_logs",
            "arguments": {"service": "trino"}, "status": "ok", "output": TRINO}
    claim, excerpt = "查询超过单节点内存上限 28.80GB", "per-node memory limit of 28.80GB"
    assert _answer_facts("HashBuilderOperator 占了 27.92GB。", [call], claim, excerpt) == []
    assert _answer_facts("ScanFilterAndProjectOperator 占了 27.92GB。", [call], claim, excerpt) != []


NODES = (
    "NAME       STATUS   ZONE              POOL\n"
    "k8s-db-1   Ready    ap-southeast-1b   db\n"
    "k8s-db-2   Ready    ap-southeast-1b   db\n"
    "k8s-db-3   Ready    ap-southeast-1c   db\n"
)
APPS = "app-1  Running  image=shop:v2.14.0\napp-2  Running  image=shop:v2.13.1\n"


@pytest.mark.parametrize(("claim", "output", "honest"), [
    # round V: a value said of every object of a list must be on each object's own lines
    ("k8s-db-1、k8s-db-2 都在 ap-southeast-1b", NODES, True),
    ("k8s-db-1、k8s-db-2、k8s-db-3 都在 ap-southeast-1b", NODES, False),
    ("k8s-db-1 和 k8s-db-3 均位于 ap-southeast-1b", NODES, False),
    ("app-1、app-2 都是 v2.14.0", APPS, False),
    ("app-1、app-2 都已 Running", APPS, True),  # a state word: `state_pairs` reads those
])
def test_a_value_said_of_a_list_is_on_each_objects_lines(claim, output, honest):
    from groundcheck.programs.core.listed_values import listed_value_conflict
    from groundcheck.programs.core.trace_index import CallEvidence
    from groundcheck.signatures.models import ToolCall

    call = ToolCall(invocation_id="call_1", trace_ref="t", tool_name="kubectl", arguments={}, status="ok",
                    output=output)
    assert (listed_value_conflict(claim, [CallEvidence(call)]) is None) is honest


@pytest.mark.parametrize(("claim", "output"), [
    # what names no field and its value, or gives the figure to the key's own line, is left alone
    ("checkout 调用 pay-core 返回 503", "POST http://pay-core:8080/v1/charge status=503 duration=30012ms"),
    ("拉取 node 镜像返回 429", "GET /v2/library/node/manifests/sha256:7e0f...: 429 Too Many Requests\nimage node:20"),
    ("WHERE user_id = 1883021 的查询耗时 12.8 秒", "# Query_time: 12.8  Rows_examined: 4120331\nuser_id=1883021"),
    ("user_id = 10023 的用户核销了券 551", "user_id=10023 coupon_id=551 status=used"),
    ("ledger 412 万行", "ledger rows=4120331 distinct=3811\naccount_no=NULL ledger=402117 bank=388016"),
])
def test_a_key_and_a_figure_that_are_not_a_field_and_its_value_are_left_alone(claim, output):
    _, detail = _check(claim, output.split()[0], output)
    assert "which the cited output gives to" not in detail, detail


@pytest.mark.parametrize(("claim", "output"), [
    # round W: 每个 is exempt only over "per" / "each" + the same unit, for a claim that gives a figure
    ("每个节点都挂载失败", "MountVolume.SetUp failed for PersistentVolumeClaim data-0"),
    ("每个 pod 的 p99 都超过 2 秒", "p99 latency 2.4s (99th percentile over 5m)"),
    ("每个 broker 都在限流", "throttled: 4211 requests per second"),
])
def test_each_is_exempt_only_over_the_same_unit(claim, output):
    _, detail = _check(claim, output.split()[0], output)
    assert "all / every / the whole" in detail, detail


def test_a_series_crossing_midnight_is_one_series():
    from groundcheck.programs.core.extremes import extreme_conflict
    from groundcheck.programs.text.series import parse_series

    points = {"values": [["23:50", 40], ["23:55", 95], ["00:00", 60], ["00:05", 70]]}
    assert extreme_conflict("峰值 70", [parse_series(points)]) is not None  # 95 before midnight is the peak
    assert extreme_conflict("峰值 95", [parse_series(points)]) is None


def test_another_role_between_a_key_and_a_figure_leaves_it_alone():
    # round W: "records-lag-max 超过阈值 100000" gives the threshold its value, not the key
    output = "WARN LagMonitor - records-lag-max=761875 partition=payments-3 threshold=100000"
    _, detail = _check("LagMonitor 报 records-lag-max 超过阈值 100000", "records-lag-max=761875", output)
    assert "which the cited output gives to" not in detail, detail


def test_device_mapper_out_of_data_space_carries_a_full_disk():
    from groundcheck.programs.text.glossary import uncovered_concepts

    dmesg = "device-mapper: thin: 253:2: switching pool to out-of-data-space (queue IO) mode"
    assert uncovered_concepts("thin pool 253:2 数据空间耗尽", [dmesg]) == []
    assert uncovered_concepts("thin pool 253:2 数据空间耗尽", ["device-mapper: thin: 253:2: pool is healthy"]) == [
        "disk_full"]
