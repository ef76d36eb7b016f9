"""What a ninth audit (40 honest Chinese sessions on incident kinds not used before) found read wrongly
(issue 9): each class with its honest form and the attack it must still catch. Names, subjects and
figures are hard readings (spec §7-§8); glossary, product and wording rows are soft."""

from __future__ import annotations

import pytest
from test_meaning_classes import session
from test_round7_readings import _answer_facts, _check, _located

from groundcheck.programs.core.facts import restates_advice
from groundcheck.programs.core.number_forms import product_of_its_own_figures
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.trace_index import _kubectl_subjects
from groundcheck.programs.text.arithmetic import matches_directly
from groundcheck.programs.text.normalize import fold
from groundcheck.programs.text.query_meaning import command_words
from groundcheck.programs.text.series import claimed_values_at_times
from groundcheck.programs.text.tokens import extract_mentions, iter_numbers


def _absent(claim: str, output: str, **kw) -> str:
    """The detail of the claim's check: which names no output holds."""
    _, detail = _check(claim, output.splitlines()[0][:40], output, **kw)
    return detail


@pytest.mark.parametrize(("claim", "output", "name", "implied"), [
    ("拉取镜像时 Docker Hub 返回 429 Too Many Requests",
     'unexpected status code https://registry-1.docker.io/v2/library/node/manifests: 429 Too Many Requests', "hub",
     True),
    ("拉取镜像时 Quay 返回 429 Too Many Requests",
     'failed to pull image "docker.io/library/node:20-alpine": 429 Too Many Requests', "quay", False),
    ("SELinux 拒绝 php-fpm 连接 6379 端口",
     'type=AVC msg=audit(1764493821.114:5321): avc:  denied  { name_connect } for pid=9981 comm="php-fpm" dest=6379',
     "selinux", True),
    ("AppArmor 拒绝 php-fpm 连接 6379 端口",
     'type=AVC msg=audit(1764493821.114:5321): avc:  denied  { name_connect } for pid=9981 comm="php-fpm" dest=6379',
     "apparmor", False),
    ("请求在 HAProxy 中排队，srch-01 的 qcur 为 58",
     "# pxname,svname,qcur,qmax\nbe_search,srch-01,58,143\n", "haproxy", True),
    ("terraform 获取状态锁失败，DynamoDB 条件检查失败",
     "Error message: ConditionalCheckFailedException: The conditional request failed", "dynamodb", True),
    ("NameNode 处于安全模式，已上报 1822310 个块",
     "Safe mode is ON. The reported blocks 1822310 needs additional 41177 blocks", "namenode", True),
])
def test_a_product_an_output_format_implies_is_no_absent_name(claim, output, name, implied):
    assert (f"'{name}'" not in _absent(claim, output, arguments={"host": "app-1"})) is implied


@pytest.mark.parametrize(("claim", "honest"), [
    ("当前 9 个 DataNode 存活", True),  # the output writes the plural
    ("当前 9 个 JournalNode 存活", False),
])
def test_a_name_the_output_writes_in_the_plural(claim, honest):
    assert ("datanode" not in _absent(claim, "Live datanodes (9):\nDead datanodes (3):\n")
            and "journalnode" not in _absent(claim, "Live datanodes (9):\n")) is honest


@pytest.mark.parametrize(("claim", "honest"), [
    ("集成测试 OrderFlowIT.shouldSettle 卡住", True),  # Gradle writes "Class > method()"
    ("集成测试 OrderFlowIT.shouldRefund 卡住", False),
])
def test_a_member_name_written_with_the_tools_separator(claim, honest):
    output = "> Task :integrationTest\nOrderFlowIT > shouldSettle() STARTED\n"
    assert _located(claim, "OrderFlowIT > shouldSettle() STARTED", output) is honest


@pytest.mark.parametrize(("claim", "pairs"), [
    ("/api/coupon/claim 在 20:01:00 和 20:01:01 分别有 4821 和 5133 次请求被拦截",
     [(72060, "4821"), (72061, "5133次")]),
    ("14:00、14:05 和 14:10 分别为 1、2 和 3", [(50400, "1"), (50700, "2"), (51000, "3")]),
    ("14:00 为 12%，14:05 为 30%", [(50400, "12%"), (50700, "30%")]),
])
def test_clocks_and_figures_said_respectively_pair_in_order(claim, pairs):
    assert [(second, n.text) for second, _, n in claimed_values_at_times(claim)] == pairs


SENTINEL = (
    "2025-11-30 20:01:00|1|/api/coupon/claim,FlowException,,|4821,0\n"
    "2025-11-30 20:01:01|1|/api/coupon/claim,FlowException,,|5133,0\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("/api/coupon/claim 在 20:01:00 和 20:01:01 分别有 4821 和 5133 次请求被拦截", True),
    ("/api/coupon/claim 在 20:01:00 和 20:01:01 分别有 5133 和 4821 次请求被拦截", False),
])
def test_a_respectively_claim_is_read_at_each_of_its_times(claim, honest):
    verification, _ = _check(claim, "|4821,0", SENTINEL, arguments={"host": "coupon-svc-01"})
    assert (verification != "contradicted") is honest


@pytest.mark.parametrize(("said", "output", "holds"), [
    ("约 3.8GB", "anon-rss:3985220kB", True),  # KiB read as GiB, both sides binary
    ("约 3.9GB", "anon-rss:3985220kB", False),
    ("上限 256MB", "MC 262144.0 KB", True),
    ("上限 300MB", "MC 262144.0 KB", False),
])
def test_sizes_in_binary_units_on_both_sides(said, output, holds):
    assert matches_directly(extract_mentions(said).numbers[0], iter_numbers(fold(output), 100)) is holds


def test_a_duration_in_parts_may_have_decimal_seconds():
    found = iter_numbers(fold("pleg was last seen active 3m41.22s ago; threshold is 3m0s"), 10)
    assert [(n.text, n.value) for n in found] == [("3m41.22s", 221.22), ("3m0s", 180.0)]


def test_an_answer_may_give_a_size_its_claims_state_in_another_unit():
    jstat = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
             "arguments": {"cmd": "jstat -gc 1"}, "status": "ok",
             "output": "    MC     MU\n 262144.0 261803.2\n"}
    claim, excerpt = "Metaspace 容量 MC 为 262144.0 KB，已用 MU 261803.2 KB", "262144.0 261803.2"
    assert _answer_facts("Metaspace 上限 256MB，已经用了约 255.7MB。", [jstat], claim, excerpt) == []
    assert _answer_facts("Metaspace 上限 512MB，已经用了约 255.7MB。", [jstat], claim, excerpt) != []


@pytest.mark.parametrize(("sentence", "figure", "follows"), [
    ("每个 worker 只配了 1024 个连接，4 个 worker 总共约 4096 个", "4096个", True),
    ("每个 worker 只配了 1024 个连接，4 个 worker 总共约 5000 个", "5000个", False),
    ("1024 个连接，4 个 worker 共 4096 个", "4096个", False),  # no 每: nothing says per worker
])
def test_a_total_of_a_per_unit_figure(sentence, figure, follows):
    number = next(n for n in extract_mentions(sentence).numbers if n.text == figure)
    assert product_of_its_own_figures(sentence, number) is follows


@pytest.mark.parametrize(("claim_type", "overstated"), [("config", False), ("symptom", True)])
def test_per_in_a_configuration_claim_names_the_settings_unit(claim_type, overstated):
    s = session("每个 worker 的 worker_connections 为 1024", "worker_connections 1024;",
                "events {\n    worker_connections 1024;\n}\n", tool="shell",
                arguments={"cmd": "sed -n 1,5p /etc/nginx/nginx.conf"})
    s_contract = s["executor_final_answer"]
    s["executor_final_answer"] = s_contract.replace('"claim_type": "symptom"', f'"claim_type": "{claim_type}"')
    detail = verify_session(s).claim_checks[0].detail
    assert ("每个" in detail) is overstated


def test_the_file_a_filter_command_reads_is_context_not_a_searched_word():
    assert "/etc/nginx/nginx.conf" in command_words({"cmd": "sed -n 1,5p /etc/nginx/nginx.conf"})
    assert "/api/v1/items" not in command_words({"cmd": "kubectl logs x | grep /api/v1/items"})


@pytest.mark.parametrize(("command", "subjects"), [
    ("kubectl logs payment-api-6c9f7d8b5-xk2lp -c istio-proxy -n payments --since=10m",
     ["payment-api-6c9f7d8b5-xk2lp", "istio-proxy", "payments"]),
    ("kubectl logs -f --tail=100 api-0 -n shop", ["api-0", "shop"]),
    ("curl -s https://gitlab.example.com/api/v4/projects/412/jobs/889123/trace",
     ["889123", "/api/v4/projects/412/jobs/889123/trace", "gitlab.example.com"]),
    ("curl -sI http://127.0.0.1/healthz", ["/healthz"]),
    # a flag's value is no pod; a path outside a URL is no resource read
    ("kubectl logs --tail 200 nginx-0", ["nginx-0"]),
    ("kubectl logs -c app pod-0 -n shop", ["pod-0", "app", "shop"]),
    ('psql -c "select * from x/jobs/12345/"', []),
])
def test_what_a_command_reads_is_its_subject(command, subjects):
    assert list(_kubectl_subjects(command)) == subjects


@pytest.mark.parametrize(("claim", "honest"), [
    ("作业 889123 因执行超过 1h0m0s 超时失败", True),
    ("作业 889124 因执行超过 1h0m0s 超时失败", False),
])
def test_the_id_of_what_a_call_reads_may_be_named(claim, honest):
    assert _located(claim, "ERROR: Job failed", "ERROR: Job failed: execution took longer than 1h0m0s seconds\n",
                    arguments={"cmd": "curl -s https://gitlab.example.com/api/v4/projects/412/jobs/889123/trace"}
                    ) is honest


def test_an_address_argument_alone_is_no_observation():
    """The frozen adversarial set's rule: an IP only in a call's arguments is a value the output never
    confirmed (the log names another host), unlike a name argument."""
    detail = _absent("在 172.16.20.11 上 nginx 返回 404", "HTTP/1.1 404 Not Found\nServer: nginx/1.24.0\n",
                     arguments={"cmd": "curl -sI http://127.0.0.1/healthz", "host": "172.16.20.11"})
    assert "172.16.20.11" in detail


ACTION = "建议先找出超长的字段，扩大目标表该列长度，然后调用 /connectors/pg-orders-sink/tasks/1/restart 重启 task。"


@pytest.mark.parametrize(("sentence", "advice"), [
    (ACTION, True),
    ("然后调用 /connectors/pg-orders-sink/tasks/1/restart 重启 task。", True),
    # a sentence the actions do not hold, or one that reports a state, still asserts
    ("然后调用 /connectors/pg-orders-sink/tasks/2/restart 重启 task。", False),
    ("建议先找出超长的字段，task 1 已经恢复。", False),
])
def test_an_answer_restating_its_advice_word_for_word_asserts_nothing(sentence, advice):
    actions = [ACTION, "建议先找出超长的字段，task 1 已经恢复。"]
    assert restates_advice(sentence, actions) is advice


DATANODES = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
             "arguments": {"cmd": "hdfs dfsadmin -report -dead"}, "status": "ok",
             "output": "Live datanodes (9):\nDead datanodes (3):\n"}


def test_a_whole_an_answer_takes_a_part_of_may_be_a_sum():
    claim, excerpt = "当前 9 个 DataNode 存活，3 个已死", "Live datanodes (9):"
    assert _answer_facts("12 台里只有 9 台在线。", [DATANODES], claim, excerpt) == []
    assert _answer_facts("15 台里只有 9 台在线。", [DATANODES], claim, excerpt) != []
    # without a whole named, a sum of two values is no figure of the answer
    assert _answer_facts("目前有 12 台在线。", [DATANODES], claim, excerpt) != []


def test_an_answer_may_give_a_claims_fraction_as_a_percent():
    safemode = {"invocation_id": "call_m1", "trace_ref": "trace:00000000000000a1", "tool_name": "shell",
                "arguments": {"cmd": "hdfs dfsadmin -safemode get"}, "status": "ok",
                "output": "Safe mode is ON. The reported blocks 1822310 needs additional 41177 blocks to reach the "
                          "threshold 0.9990 of total blocks 1865353.\n"}
    claim, excerpt = "还需 41177 个块才能达到 0.9990 阈值", "needs additional 41177 blocks"
    assert _answer_facts("还差 41177 个块才能到 99.9% 的阈值。", [safemode], claim, excerpt) == []
    assert _answer_facts("还差 41177 个块才能到 95% 的阈值。", [safemode], claim, excerpt) != []


# What an attack audit (M) on this round's readings slipped through, now caught.

def test_tcpdump_port_belongs_to_the_address_before_it_not_the_peer():
    line = "15:42:31.119540 IP 10.6.4.9.5432 > 10.6.1.20.51822: Flags [R.], seq 1, ack 1, win 0, length 0"
    honest = _check("15:42:31 由 10.6.4.9 的 5432 端口向 10.6.1.20 发出 RST", line[:60], line,
                    arguments={"cmd": "tcpdump -nn -c 1"})
    swapped = _check("15:42:31 由 10.6.1.20 的 5432 端口向 10.6.4.9 发出 RST", line[:60], line,
                     arguments={"cmd": "tcpdump -nn -c 1"})
    assert honest[0] == "direct_observation"
    assert swapped[0] == "contradicted"


def test_two_files_read_at_once_are_neither_ones_subject():
    assert list(_kubectl_subjects("cat /a/b.conf /c/d.conf")) == []
    assert "/etc/pgbouncer/pgbouncer.ini" not in list(
        _kubectl_subjects("grep -h listen /etc/pgbouncer/pgbouncer.ini /var/lib/pgsql/postgresql.conf"))
    assert list(_kubectl_subjects("tail -n 2 /var/log/x.log")) == ["/var/log/x.log"]


@pytest.mark.parametrize("smuggled", [
    "建议先确认主库 db-01 14:02 发生了主从切换，再重启应用。",  # an event inside copied advice
    "建议补发丢失的 38211 条订单消息。",  # a figure inside copied advice
])
def test_an_event_or_a_figure_inside_copied_advice_still_asserts(smuggled):
    assert restates_advice(smuggled, [smuggled]) is False


@pytest.mark.parametrize(("claim", "output", "name"), [
    ("Docker Hub 返回 429", "GET https://harbor.internal/v2/proxy/docker.io/library/node/manifests: 429", "hub"),
    ("Git 克隆超时", "go: downloading github.com/acme/lib v1.2.0: timeout", "git"),
    ("cert-manager 自检返回 404", '66.133.109.36 - - "GET /.well-known/acme-challenge/abc HTTP/1.1" 404 153',
     "cert-manager"),
])
def test_a_product_signature_is_its_own_output_not_a_path_that_mentions_it(claim, output, name):
    assert f"'{name}'" in _absent(claim, output, arguments={"host": "app-1"})


def test_beijing_time_over_an_epoch_field_is_another_moment():
    pulsar = '{"subscriptions": {"risk-scorer": {"lastConsumedTimestamp": 1796079600000}}}'  # 23:00 UTC
    utc = _located("risk-scorer 最后一次消费时间为 2026-11-30 23:00:00 UTC", '"lastConsumedTimestamp"', pulsar)
    beijing = _located("risk-scorer 最后一次消费时间为北京时间 2026-11-30 23:00:00", '"lastConsumedTimestamp"', pulsar)
    after = _located("risk-scorer 最后一次消费时间为 2026-11-30 23:00:00（北京时间）", '"lastConsumedTimestamp"',
                     pulsar)
    assert (utc, beijing, after) == (True, False, False)


def test_each_one_said_to_do_as_much_is_no_per_unit_setting():
    sentence = "4 个 Pod 每个都重启了 7 次，总共 28 次"
    number = next(n for n in extract_mentions(sentence).numbers if n.text == "28次")
    assert product_of_its_own_figures(sentence, number) is False
