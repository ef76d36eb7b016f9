"""Honest readings the eighth look at the second honest-first audit found missing (issue 9): each class
with its honest form and the attack it must still catch. Counts, addresses and subjects are hard
readings (spec §7-§8); glossary and product rows are soft."""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import session
from test_round7_readings import _answer_facts, _check, _located

from groundcheck.programs.core.number_forms import counts_its_named_items
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.trace_index import _on_one_line
from groundcheck.programs.text.glossary import concepts_in
from groundcheck.programs.text.normalize import fold
from groundcheck.programs.text.tokens import extract_mentions

TARGETS = json.dumps({"TargetHealthSet": [
    {"IP": "10.20.3.11", "HealthStatus": False}, {"IP": "10.20.3.12", "HealthStatus": False},
    {"IP": "10.20.3.13", "HealthStatus": True}]})
CLB = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "tencentcloud_clb",
       "arguments": {"action": "DescribeTargetHealth"}, "status": "ok", "output": TARGETS}


def _counted(sentence: str) -> dict[str, bool]:
    return {n.text: counts_its_named_items(sentence, n) for n in extract_mentions(sentence).numbers}


@pytest.mark.parametrize(("sentence", "expected"), [
    # the count right before the brackets that name as many identifiers
    ("后端 3 台里有 2 台（10.20.3.11、10.20.3.12）健康检查失败，只剩 10.20.3.13 正常。", {"3台": False, "2台": True}),
    ("有 2 台（10.20.3.11、10.20.3.12）健康检查失败", {"2台": True}),
    ("有 3 台（10.20.3.11、10.20.3.12）健康检查失败", {"3台": False}),
    # a count said to be all there is claims more than its list (the output may hold 7)
    ("只有 3 个（refund_1、refund_2、refund_3）用例失败", {"3个": False}),
    ("共 2 台（10.20.3.11、10.20.3.12）", {"2台": False}),
    # a list after a colon, or identifiers elsewhere in the sentence, are no count's items
    ("有 2 个 Pod 重启：api-7f9c-x2b、api-7f9c-k9q", {"2个": False}),
    # a count of events is no count of the things listed
    ("api-7f9c-x2b 重启了 2 次（api-7f9c-x2b、api-7f9c-k9q）", {"2次": False}),
])
def test_a_count_of_things_may_be_the_number_of_identifiers_bracketed_after_it(sentence, expected):
    assert _counted(sentence) == expected


def test_an_answer_may_count_the_backends_it_brackets():
    claim = "10.20.3.11 和 10.20.3.12 的 HealthStatus 为 false，10.20.3.13 为 true"
    excerpt = '{"IP": "10.20.3.11", "HealthStatus": false}'
    honest = "有 2 台（10.20.3.11、10.20.3.12）的 HealthStatus 为 false，10.20.3.13 为 true。"
    assert _answer_facts(honest, [CLB], claim, excerpt) == []
    # a total the output does not state stays unbacked, however many names the sentence holds
    whole = "5 台后端里有 2 台（10.20.3.11、10.20.3.12）的 HealthStatus 为 false，10.20.3.13 为 true。"
    assert any("5台" in f for f in _answer_facts(whole, [CLB], claim, excerpt))


@pytest.mark.parametrize(("output", "host", "port", "expected"), [
    # a dimension list names the port in the record after the host's
    ("{'Dimensions': [{'Name': 'vip', 'Value': '175.27.40.12'}, {'Name': 'loadBalancerPort', 'Value': '443'}]}",
     "175.27.40.12", "443", True),
    # the next record is another host's, with its own port
    ('[{"IP": "10.0.0.1", "Port": 80}, {"IP": "10.0.0.2", "Port": 8080}]', "10.0.0.1", "8080", False),
    ('[{"IP": "10.0.0.1"}, {"IP": "10.0.0.2", "Port": 8080}]', "10.0.0.1", "8080", False),
    ('[{"host": "db-1"}, {"host": "db-2", "port": 5432}]', "db-1", "5432", False),
    # a dimension that is no port
    ('[{"Name": "host", "Value": "db-1"}, {"Name": "count", "Value": "443"}]', "db-1", "443", False),
])
def test_a_hosts_port_may_be_the_next_dimension_of_its_list(output, host, port, expected):
    assert _on_one_line(fold(output), host, port) is expected


@pytest.mark.parametrize(("claim", "arguments", "honest"), [
    ("节点 /etc/resolv.conf 的 nameserver 是 127.0.0.53", {"cmd": "cat /etc/resolv.conf", "host": "k8s-node-01"},
     True),
    ("节点 /etc/hosts 的 nameserver 是 127.0.0.53", {"cmd": "cat /etc/resolv.conf", "host": "k8s-node-01"}, False),
    ("节点 /etc/resolv.conf 的 nameserver 是 127.0.0.53",
     {"cmd": "grep nameserver /etc/resolv.conf", "host": "k8s-node-01"}, True),
    # the pattern grep searches for is no file it read
    ("节点 /etc/hosts 的 nameserver 是 127.0.0.53", {"cmd": "grep /etc/hosts /etc/resolv.conf", "host": "k8s-node-01"},
     False),
])
def test_the_file_a_command_reads_is_what_its_output_is_about(claim, arguments, honest):
    assert _located(claim, "nameserver 127.0.0.53", "nameserver 127.0.0.53\noptions edns0\n",
                    arguments=arguments) is honest


@pytest.mark.parametrize(("claim", "honest"), [
    ("连接 edge-01:443 时握手失败，没有协商出加密套件", True),
    ("连接 edge-02:443 时握手失败，没有协商出加密套件", False),
])
def test_the_address_openssl_connects_to_is_what_its_output_is_about(claim, honest):
    assert _located(claim, "Cipher is (NONE)", "CONNECTED(00000003)\nNew, (NONE), Cipher is (NONE)\n",
                    arguments={"cmd": "openssl s_client -connect edge-01:443 </dev/null"}) is honest


@pytest.mark.parametrize("claim", ["后端 10.20.3.11 健康检查不通过", "后端 10.20.3.11 健康检查未通过"])
def test_a_health_check_that_does_not_pass_is_unhealthy(claim):
    assert {"unhealthy", "probe_failed"} <= concepts_in(claim)


HPA = (
    "Events:\n  Type     Reason                   Age               From                       Message\n"
    "  Warning  FailedGetResourceMetric  2m (x41 over 22m) horizontal-pod-autoscaler  failed to get cpu utilization\n"
)


def test_the_autoscalers_name_reports_no_scale_out():
    """Soft: "无法扩容" over events the autoscaler wrote is no denial of a scale-out it reports."""
    record = verify_session(session("HPA search-api 拿不到 CPU 指标，因此无法扩容", "FailedGetResourceMetric", HPA,
                                    tool="kubectl", arguments={"args": "describe hpa search-api -n search"}))
    assert "denies" not in record.claim_checks[0].detail
    scaled = HPA + "  Normal   SuccessfulRescale  1m  horizontal-pod-autoscaler  New size: 6; reason: above target\n"
    record = verify_session(session("search-api 没有扩容", "SuccessfulRescale", scaled, tool="kubectl",
                                    arguments={"args": "describe hpa search-api -n search"}))
    assert record.claim_checks[0].verification == "contradicted"


@pytest.mark.parametrize(("claim", "product", "output", "honest"), [
    # Tomcat's connector names its worker threads http-nio-<port>-exec-<n>
    ("Tomcat 线程 http-nio-8080-exec-187 在等待", "tomcat",
     '"http-nio-8080-exec-187" #402 daemon prio=5 waiting on condition', True),
    ("MySQL 线程 http-nio-8080-exec-187 在等待", "mysql",
     '"http-nio-8080-exec-187" #402 daemon prio=5 waiting on condition', False),
    # nginx writes "while SSL handshaking, client: …"
    ("nginx 报 10.88.1.42 握手失败", "nginx",
     "SSL_do_handshake() failed (SSL: unsupported protocol) while SSL handshaking, client: 10.88.1.42", True),
    ("HAProxy 报 10.88.1.42 握手失败", "haproxy",
     "SSL_do_handshake() failed (SSL: unsupported protocol) while SSL handshaking, client: 10.88.1.42", False),
    # SHOW ENGINE INNODB STATUS
    ("InnoDB 的 History list length 为 18442107", "innodb",
     "TRANSACTIONS\nTrx id counter 55128830912\nHistory list length 18442107\n", True),
])
def test_a_product_its_output_format_implies(claim, product, output, honest):
    _, detail = _check(claim, output.splitlines()[-1][:30], output, arguments={"host": "app-1"})
    assert (f"'{product}'" not in detail) is honest


@pytest.mark.parametrize(("claim", "output", "conflict"), [
    # an action refused in its own clause did not take place
    ("驱逐 Pod 被拒绝：会违反 disruption budget", "Cannot evict pod as it would violate the pod's disruption budget.",
     False),
    ("驱逐 Pod 被 PDB 拒绝", "Cannot evict pod as it would violate the pod's disruption budget.", False),
    ("驱逐 Pod 被拒绝", "evicting pod api-0\npod/api-0 evicted", True),
    ("Pod 已被驱逐", "Cannot evict pod as it would violate the pod's disruption budget.", True),
    # another clause's refusal, or another thing refused, leaves the action asserted
    ("驱逐了 api-0，随后新建请求被拒绝", "Cannot evict pod as it would violate the pod's disruption budget.", True),
])
def test_an_action_refused_did_not_take_place(claim, output, conflict):
    from groundcheck.programs.text.negation import negation_conflict

    assert (negation_conflict(claim, [output]) is not None) is conflict


TCPDUMP = "15:42:31.119540 IP 10.6.4.9.5432 > 10.6.1.20.51822: Flags [R.], seq 1, ack 1, win 0, length 0"


@pytest.mark.parametrize(("claim", "honest"), [
    ("15:42:31 由 10.6.4.9 的 5432 端口向 10.6.1.20 发出 RST", True),
    ("15:42:31 由 10.6.4.9 的 3306 端口向 10.6.1.20 发出 RST", False),
])
def test_tcpdump_writes_a_port_after_the_address_dot(claim, honest):
    verification, detail = _check(claim, TCPDUMP[:60], TCPDUMP, arguments={"cmd": "tcpdump -nn -c 1"})
    assert (verification == "direct_observation") is honest
    assert ("3306" in detail) is not honest


LAMBDA_LOG = "2026-11-30T07:08:40.112Z\tERROR\tTask timed out after 30.03 seconds\n"


@pytest.mark.parametrize(("claim", "log_group", "honest"), [
    ("函数 order-events-consumer 运行 30.03 秒后超时", "/aws/lambda/order-events-consumer", True),
    ("函数 order-events-handler 运行 30.03 秒后超时", "/aws/lambda/order-events-consumer", False),
])
def test_a_log_group_names_what_its_lines_are_about(claim, log_group, honest):
    assert _located(claim, "Task timed out after 30.03 seconds", LAMBDA_LOG,
                    arguments={"log_group": log_group, "query": "timed out"}) is honest


def test_a_log_group_names_its_parts_whole_not_their_prefixes():
    assert not _located("函数 order-events 运行 30.03 秒后超时", "Task timed out after 30.03 seconds", LAMBDA_LOG,
                        arguments={"log_group": "/aws/lambda/order-events-consumer", "query": "timed out"})


def test_a_consumer_group_still_only_filters_records():
    assert not _located("消费组 billing-consumers 的 lag 为 1200", "lag 1200", "lag 1200\n",
                        arguments={"consumer_group": "billing-consumers"})


CHALLENGE = "Reason:      Waiting for HTTP-01 challenge propagation: wrong status code '404', expected '200'\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("cert-manager 自检访问 /.well-known/acme-challenge/ 返回 404", True),
    ("cert-manager 自检访问 /.well-known/pki-validation/ 返回 404", False),
])
def test_a_challenge_names_cert_manager_and_its_path(claim, honest):
    assert _located(claim, "wrong status code '404'", CHALLENGE,
                    arguments={"args": "describe challenge -n shop"}, tool="kubectl") is honest


PULSAR = json.dumps(
    {"subscriptions": {"risk-scorer": {"msgBacklog": 18733120, "lastConsumedTimestamp": 1796014800000}}})


@pytest.mark.parametrize(("claim", "honest"), [
    ("risk-scorer 最后一次消费时间为 UTC 05:00", True),
    ("risk-scorer 最后一次消费时间为 2026-11-30 05:00:00", True),
    ("risk-scorer 最后一次消费时间为 UTC 06:00", False),
    ("risk-scorer 最后一次消费时间为 2026-11-29 05:00:00", False),
    ("risk-scorer 最后一次消费时间为 2026-11-30 07:00:00", False),
    ("risk-scorer 最后一次消费时间为北京时间 05:00", False),
])
def test_an_epoch_field_is_a_utc_moment(claim, honest):
    assert _located(claim, '"lastConsumedTimestamp": 1796014800000', PULSAR,
                    arguments={"cmd": "pulsar-admin topics stats"}) is honest


def test_an_answer_may_round_a_figure_its_claims_state():
    cms = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "aliyun_cms",
           "arguments": {"MetricName": "CPUUtilization"}, "status": "ok",
           "output": {"Datapoints": '[{"timestamp":1796016600000,"Maximum":41.2,"Average":35.4}]'}}
    claim, excerpt = "CPU 平均使用率为 35.4%", '"Average":35.4'
    assert _answer_facts("CPU 平均使用率约 35%。", [cms], claim, excerpt) == []
    assert _answer_facts("CPU 平均使用率约 38%。", [cms], claim, excerpt) != []
    # without 约 a figure is given as exact
    assert _answer_facts("CPU 平均使用率为 35%。", [cms], claim, excerpt) != []


def test_an_answer_may_give_a_claims_duration_in_another_unit():
    slowlog = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
               "arguments": {"cmd": "redis-cli -h cart-redis slowlog get 1"}, "status": "ok",
               "output": '1) 1) (integer) 9912\n   2) (integer) 1796020113\n   3) (integer) 1840211\n'}
    claim, excerpt = "最近一条慢日志耗时 1840211 微秒", "3) (integer) 1840211"
    assert _answer_facts("最近一条慢日志单次耗时约 1.84 秒。", [slowlog], claim, excerpt) == []
    assert _answer_facts("最近一条慢日志单次耗时约 2.84 秒。", [slowlog], claim, excerpt) != []


@pytest.mark.parametrize(("claim", "output", "arguments", "concept"), [
    # Envoy's outlier detection ejects hosts: 驱逐
    ("inventory_grpc 的 6 个成员中有 4 个被离群检测驱逐",
     "cluster.inventory_grpc.outlier_detection.ejections_active: 4\ncluster.inventory_grpc.membership_total: 6\n",
     {"cmd": "curl localhost:15000/stats"}, "evicted"),
    # pprof's "Total samples" is CPU time
    ("30 秒采样共 112.48s CPU 时间", "Duration: 30.13s, Total samples = 112.48s (373.32%)\n",
     {"cmd": "go tool pprof -top"}, "cpu"),
    # max.poll.* configures a Kafka consumer
    ("消费者每批最多拉 500 条", "max.poll.interval.ms = 300000\nmax.poll.records = 500\n",
     {"service": "settle-worker"}, "consumer"),
])
def test_a_concept_its_tools_vocabulary_carries(claim, output, arguments, concept):
    record = verify_session(session(claim, output.splitlines()[0][:40], output, tool="shell", arguments=arguments))
    assert f"'{concept}'" not in record.claim_checks[0].detail


MULTI_ATTACH = ('Warning  FailedAttachVolume  7m12s  attachdetach-controller  Multi-Attach error for volume '
                '"pvc-3f1c9a2e" Volume is already used by pod(s) grafana-6c9f7d8b5-wq7zt\n')


@pytest.mark.parametrize(("claim", "honest"), [
    ("ReadWriteOnce 的卷还被旧 Pod grafana-6c9f7d8b5-wq7zt 占用", True),
    ("ReadWriteMany 的卷还被旧 Pod grafana-6c9f7d8b5-wq7zt 占用", False),
])
def test_a_multi_attach_error_implies_a_read_write_once_volume(claim, honest):
    _, detail = _check(claim, "Multi-Attach error for volume", MULTI_ATTACH, tool="kubectl",
                       arguments={"args": "describe pod grafana-7d8e9f0a1-p3nkd -n monitoring"})
    assert ("readwrite" not in detail) is honest


QUOTA = "Name:            compute-quota\nResource         Used  Hard\nlimits.memory    60Gi  64Gi\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("ResourceQuota compute-quota 的 limits.memory 已用 60Gi", True),
    ("ResourceQuota mem-quota 的 limits.memory 已用 60Gi", False),
])
def test_a_kubernetes_kind_is_vocabulary_and_its_object_is_checked(claim, honest):
    _, detail = _check(claim, "limits.memory    60Gi  64Gi", QUOTA, tool="kubectl",
                       arguments={"args": "describe resourcequota compute-quota -n batch"})
    assert ("no tool output contains or implies" not in detail) is honest
