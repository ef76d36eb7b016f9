"""What a twelfth look found (issue 9): Chinese terms with an everyday sense beside their AIOps one
(解析 a file, 前镜像, leader 变更, 从节点 as "from the node", 挂了 + an object, ACME 处理器) made honest
claims name a concept their output never carries; and evidence vocabulary the glossary lacked. Each
sense with the honest wording it must leave alone and the AIOps wording it must still read."""

from __future__ import annotations

import pytest
from test_round7_readings import _check

from groundcheck.programs.text.glossary import claim_analysis, glossary, uncovered_concepts
from groundcheck.programs.text.senses import SENSE_TERMS, names_its_concept


def _concepts(text: str) -> list[str]:
    return [m.concept_ids[0] for m in claim_analysis(text).mentions]


@pytest.mark.parametrize(("text", "concept", "named"), [
    ("scheduler 日志停在 06:12:41 解析 etl_sales.py", "dns", False),  # parses a DAG file
    ("主线程同步解析 XML，阻塞事件循环", "dns", False),
    ("coredns 解析 api.example.com 超时", "dns", True),
    ("域名解析到 10.0.0.5", "dns", True),
    ("svc 名称解析不到任何地址", "dns", True),
    ("所需前镜像已被覆盖", "image_pull", False),  # Oracle's before-image
    ("节点拉不到镜像", "image_pull", True),
    ("10:00-10:10 这 10 分钟 leader 变更 4 次", "deployment", False),
    ("主节点角色变更后写入恢复", "deployment", False),
    ("故障前 10 分钟有一次变更", "deployment", True),
    ("从节点直接 dig 10.0.0.2 也超时", "replica", False),  # dig run from the node
    ("从节点上执行 curl 也失败", "replica", False),
    ("从节点复制延迟 30 秒", "replica", True),
    ("从节点 IO 线程已停止", "replica", True),
    ("shop-http 路由挂了 redirect-https 中间件", "crash", False),  # a middleware attached
    ("入口上挂了两个中间件", "crash", False),
    ("order-svc 挂了", "crash", True),
    ("pod 挂了3次", "crash", True),
    ("挑战请求没有到达 traefik 的 ACME 处理器", "cpu", False),  # a handler
    ("事件处理器阻塞", "cpu", False),
    ("处理器使用率 90%", "cpu", True),
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
    # the honest everyday senses are no longer read as concepts the output must carry
    ("scheduler 日志停在 06:12:41 解析 etl_sales.py",
     "[2025-12-04T06:12:41.907+0000] INFO - Filling up the DagBag from /opt/airflow/dags/etl_sales.py", []),
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
    ("cat /x | du -s", [("all:bytes", 1.0), ("bytes", 1.0)]),
    ("echo du", []),  # the word, not the command
    ("free -m", [("all:bytes", 2.0), ("bytes", 2.0)]),
])
def test_the_unit_of_a_command_is_read_from_its_flags(command, units):
    from groundcheck.programs.text.query_meaning import command_units

    assert sorted(command_units({"cmd": command})) == units
