"""What a seventeenth look found (issue 9): honest scope words (全部 / 均 / 每个) the rules called
overstated, each class with its honest form and the overstatement it must still catch. All are soft
judgements (spec §8): the claim's figures and names are located as before."""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import checked as _checked
from test_meaning_classes import ok_call, session

from groundcheck.programs.core.pipeline import verify_session


def _judged(honest: bool, claim: str, excerpts: list[str], output: object, **kw: object) -> None:
    verification, detail = _checked(claim, excerpts, output, **kw)
    assert (verification == "direct_observation") is honest, detail
    if not honest:
        assert verification in ("overstated", "contradicted"), detail


ALLOCATION = (
    "shards disk.indices disk.used disk.avail disk.total disk.percent host       ip         node\n"
    "   205      428.7gb   455.2gb     44.7gb    499.9gb           91 10.30.1.11 10.30.1.11 es-data-0\n"
    "   201      433.5gb   459.8gb     40.1gb    499.9gb           92 10.30.1.12 10.30.1.12 es-data-1\n"
    "   199      450.2gb   476.4gb     23.5gb    499.9gb           95 10.30.1.13 10.30.1.13 es-data-2\n"
    "   198      427.9gb   454.1gb     45.8gb    499.9gb           91 10.30.1.14 10.30.1.14 es-data-3\n"
)
LOW_ALLOCATION = ALLOCATION.replace("    95 10.30.1.13", "    85 10.30.1.13")


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("4 个数据节点的磁盘使用率分别为 91%、92%、95%、91%，全部超过 90%", ALLOCATION, True),
    ("es-data-0 到 es-data-3 的磁盘使用率分别为 91、92、95、91，均不低于 91", ALLOCATION, True),
    ("4 个数据节点的磁盘使用率分别为 91%、92%、85%、91%，全部超过 90%", LOW_ALLOCATION, False),
    ("4 个数据节点的磁盘使用率分别为 91%、92%、95%、91%，全部超过 91%", ALLOCATION, False),  # 91 is no more than 91
    ("4 个数据节点的磁盘使用率全部超过 90%", LOW_ALLOCATION, False),  # no figures of its own
])
def test_a_scope_over_the_claims_own_figures_and_a_bound(claim: str, output: str, honest: bool) -> None:
    rows = output.splitlines()
    _judged(honest, claim, rows[1:3] + rows[3:5], output, tool="query_metrics", source_type="metric")


def test_a_bound_below_over_its_own_figures() -> None:
    output = "node     cpu%   alert_at\nnode-a   35     50%\nnode-b   41     50%\nnode-c   38     50%\n"
    rows = output.splitlines()[1:]
    _judged(True, "node-a、node-b、node-c 的 CPU 使用率分别为 35%、41%、38%，都低于 50%", rows, output)
    _judged(False, "node-a、node-b、node-c 的 CPU 使用率分别为 35%、41%、38%，都低于 40%", rows, output)


DESCRIBE = (
    "Containers:\n  fastapi-app:\n    State:          Running\n      Started:      Fri, 11 Jul 2025 16:22:20 +0300\n"
    "    Ready:          True\n    Restart Count:  {first}\n  curl-sidecar:\n    State:          Running\n"
    "      Started:      Fri, 11 Jul 2025 16:22:21 +0300\n    Ready:          True\n    Restart Count:  {second}\n"
)


@pytest.mark.parametrize(("first", "second", "honest"), [("0", "0", True), ("0", "3", False)])
def test_a_figure_the_scope_word_gives_stands_in_every_quote(first: str, second: str, honest: bool) -> None:
    output = DESCRIBE.format(first=first, second=second)
    quotes = [f"Started:      Fri, 11 Jul 2025 16:22:2{i} +0300\n    Ready:          True\n    Restart Count:  {count}"
              for i, count in enumerate((first, second))]
    _judged(honest, "fastapi-app 和 curl-sidecar 两个容器 Ready 为 True，重启次数均为 0", quotes, output)


def test_one_quote_does_not_show_a_figure_of_every_one() -> None:
    output = DESCRIBE.format(first="0", second="3")
    _judged(False, "两个容器的重启次数均为 0", ["Restart Count:  0"], output)


RESOURCES = {"limits": {"cpu": "2", "memory": "2Gi"}, "requests": {"cpu": "1", "memory": "1536Mi"}}
SPEC = json.dumps({"containers": [{"name": "search-api", "resources": RESOURCES}]}, indent=2)
TOP = "NAME                          CPU(cores)   MEMORY(bytes)\nsearch-api-5kw2m   1968m        1510Mi\n" \
      "search-api-6pz8r   1702m        1488Mi\n"


@pytest.mark.parametrize(("claim", "output", "excerpt", "honest"), [
    ("每个容器的 CPU request 为 1 核，limit 为 2 核", SPEC, '"cpu": "1"', True),
    ("每个容器的内存 limit 为 2Gi", SPEC, '"memory": "2Gi"', True),
    ("每个 pod 的 CPU 使用都超过 1900m", TOP, "search-api-5kw2m   1968m        1510Mi", False),  # an observation
])
def test_per_unit_names_the_unit_a_setting_applies_to(claim: str, output: str, excerpt: str, honest: bool) -> None:
    _judged(honest, claim, [excerpt], output, tool="query_metrics", source_type="metric")


def _node(uptime: object) -> str:
    return json.dumps({"name": "rabbit@rabbitmq-0", "running": False, "mem_used": None, "mem_limit": None,
                       "disk_free": None, "fd_used": None, "uptime": uptime}, indent=2)


@pytest.mark.parametrize(("uptime", "honest"), [(None, True), (86400, False)])
def test_listed_field_names_each_shown_by_a_line(uptime: object, honest: bool) -> None:
    output = _node(uptime)
    quote = '"mem_used": null,\n  "mem_limit": null,\n  "disk_free": null'
    _judged(honest, "rabbitmq-0 的 mem_used、disk_free、fd_used、uptime 等指标全部为 null", [quote], output)


# --- a headerless pod listing, a query's limit, a field of another JSON record -------------------------------

POD_ROWS = (
    "production-62   payment-service-7cb79f8c87-z96z8   1/1     Running   0             14s   10.0.2.187   "
    "gke-pool-2-41363a6e-yi0r   <none>   <none>   app=payment-service\n"
    "default   robusta-holmes-7bfb7f85b7-2w9ck   1/1     Running   6 (37m ago)   9d   10.244.1.63   "
    "kind-double-node-worker   <none>   <none>   app=holmes\n"
)


@pytest.mark.parametrize(("claim", "excerpt", "honest"), [
    ("payment-service-7cb79f8c87-z96z8 为 1/1 Running，0 次重启，运行在节点 gke-pool-2-41363a6e-yi0r",
     POD_ROWS.splitlines()[0][:120], True),
    ("robusta-holmes-7bfb7f85b7-2w9ck 累计重启 6 次，最近一次在 37m 前", POD_ROWS.splitlines()[1][:90], True),
    ("robusta-holmes-7bfb7f85b7-2w9ck 累计重启 9 次", POD_ROWS.splitlines()[1][:90], False),
])
def test_a_headerless_pod_listing_carries_its_columns(claim: str, excerpt: str, honest: bool) -> None:
    """`kubectl get pods | grep` prints rows without the header: RESTARTS and NODE are still its columns."""
    verification, detail = _checked(claim, [excerpt], POD_ROWS, tool="kubectl_find_resource", source_type="event")
    assert (verification == "direct_observation") is honest, detail


def test_a_listing_of_other_things_implies_no_pod_columns() -> None:
    from groundcheck.programs.core.headerless_rows import implied_pod_header

    assert implied_pod_header(POD_ROWS.lower()).startswith("pod name ready status restarts")
    assert implied_pod_header("name ready status restarts age\nweb-1 1/1 running 0 5d") == ""  # its own header
    assert implied_pod_header("2026-11-28 error 1/1 jobs failed after 3 attempts") == ""


LIMITED_LOG = "\n".join(
    f"Fri Jul 11 13:23:24 UTC 2025 ERROR: {line}" for line in (
        "Failed to connect to database: connection timeout", "Retrying database connection...",
        "Database connection failed after 3 retries", "Backup database also unavailable",
        "Application cannot start without database",
    )
)


@pytest.mark.parametrize(("claim", "arguments", "honest"), [
    ("按 ERROR 过滤、上限 10 条查询日志，只返回 5 条 ERROR", {"filter": "ERROR", "limit": 10}, True),
    ("日志最多返回 10 条，实际只有 5 条 ERROR", {"filter": "ERROR", "limit": "10"}, True),
    ("按 ERROR 过滤、上限 10 条查询日志，只返回 5 条 ERROR", {"filter": "ERROR", "timeout": 10}, False),  # no limit key
    ("连接数据库超时 10 次", {"filter": "ERROR", "limit": 10}, False),  # no limit word: a finding
])
def test_a_query_limit_the_claim_restates(claim: str, arguments: dict[str, object], honest: bool) -> None:
    quote = "Fri Jul 11 13:23:24 UTC 2025 ERROR: Failed to connect to database: connection timeout"
    verification, detail = _checked(claim, [quote], LIMITED_LOG, arguments=arguments)
    assert (verification == "direct_observation") is honest, detail


def _cluster(partitions_of_2: list[str], partitions_of_1: list[str]) -> str:
    nodes = [
        {"name": "rabbit@rabbitmq-0.rabbitmq-headless", "running": False, "partitions": None},
        {"name": "rabbit@rabbitmq-1.rabbitmq-headless", "running": True, "partitions": partitions_of_1},
        {"name": "rabbit@rabbitmq-2.rabbitmq-headless", "running": True, "partitions": partitions_of_2},
    ]
    return json.dumps({"raw_node_data": nodes}, indent=2)


@pytest.mark.parametrize(("claim", "honest"), [
    ("rabbitmq-2 的 partitions 列表里记录了 rabbitmq-0，而 rabbitmq-1 的 partitions 为空列表", True),
    ("rabbitmq-1 的 partitions 列表里记录了 rabbitmq-0，而 rabbitmq-2 的 partitions 为空列表", False),
    ("rabbitmq-1 的 partitions 为空", True),
    ("rabbitmq-2 的 partitions 为空", False),
])
def test_a_field_of_one_json_record_given_to_another(claim: str, honest: bool) -> None:
    output = _cluster(["rabbit@rabbitmq-0.rabbitmq-headless"], [])
    quote = '"partitions": [\n        "rabbit@rabbitmq-0.rabbitmq-headless"\n      ]'
    verification, detail = _checked(claim, [quote, '"partitions": []'], output)
    assert (verification == "direct_observation") is honest, detail
    if not honest:
        assert verification == "contradicted" and "another record" in detail, detail


# --- vocabulary: what the glossary reads as carrying a concept ----------------------------------------------


@pytest.mark.parametrize(("claim", "excerpt", "output"), [
    ("启动命令在 DEPLOY_ENV 非空时进入 while true 循环", "else while true; do echo hello; sleep 10;done; fi",
     'if [[ -z "${DEPLOY_ENV}" ]]; then echo undefined ; else while true; do echo hello; sleep 10;done; fi'),
    ("ProvisioningFailed 在 12 分钟内重复了 42 次", "ProvisioningFailed  2m12s (x42 over 12m)",
     "Events:\n  Warning  ProvisioningFailed  2m12s (x42 over 12m)  persistentvolume-controller  no storageclass"),
])
def test_words_the_outputs_vocabulary_carries(claim: str, excerpt: str, output: str) -> None:
    """循环 over `while true`, 重复了 N 次 (repeated, not duplicated). (A field's name such as
    network_partitions_detected, or a consumer's seek, carries no concept: its value may deny it, a review showed.)"""
    verification, detail = _checked(claim, [excerpt], output)
    assert "either language" not in detail and not detail.startswith("not verified"), detail
    assert verification in ("direct_observation", "reasonable_inference"), detail


def test_a_utc_label_names_no_time_zone_problem() -> None:
    from groundcheck.programs.text.glossary import claim_analysis

    named = {cid for m in claim_analysis("按 UTC 换算为 2027-05-18 05:19:15").mentions for cid in m.concept_ids}
    assert "timezone" not in named
    named = {cid for m in claim_analysis("时区配置错误导致时间偏移 8 小时").mentions for cid in m.concept_ids}
    assert "timezone" in named


# --- a fresh audit (AG): zones, asides, denials with a source or a subject, tools named, zero cells -----------

LOCKS = json.dumps({"metric": "pg_locks_waiting", "values": [
    [f"2026-05-20T{t}:00Z", v] for t, v in (("06:57", 0), ("06:58", 0), ("06:59", 0), ("07:00", 1), ("07:01", 2),
                                             ("07:02", 4), ("07:03", 5), ("07:04", 7), ("07:05", 9), ("07:06", 7))
]})


@pytest.mark.parametrize(("claim", "honest"), [
    ("pg_locks_waiting 在 06:59Z（北京时间 14:59）为 0，此后持续上升，07:05Z（北京时间 15:05）达到峰值 9", True),
    ("pg_locks_waiting 在 07:05Z 达到峰值 9", True),
    ("pg_locks_waiting 在 07:04Z（北京时间 15:04）达到峰值 9", False),  # 7 then; the aside's clock is the same moment
    ("pg_locks_waiting 在 06:59Z 为 0，此后持续上升到 07:06Z 的 7", False),  # 9 before it: no steady rise
])
def test_a_zulu_clock_and_its_converted_aside(claim: str, honest: bool) -> None:
    """"07:05Z" is UTC as "T07:05:00Z" writes it; a zone named in brackets ("（北京时间 15:05）") is the bracket's
    own, not carried to the next clock; the figure after such an aside is the outer clock's."""
    quote = '["2026-05-20T07:05:00Z", 9]'
    verification, detail = _checked(claim, [quote], LOCKS, tool="query_metrics", source_type="metric")
    assert (verification == "direct_observation") is honest, detail
    if not honest:
        assert verification == "contradicted", detail


DESCRIBE_STARTED = (
    "Start Time:       Fri, 11 Jul 2025 16:22:00 +0300\nContainers:\n  web:\n    State:          Running\n"
    "      Started:      Fri, 11 Jul 2025 16:22:20 +0300\n    Ready:          True\n    Restart Count:  0\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("容器于 16:22:20 +0300（北京时间 21:22:20）启动，距 Start Time 16:22:00 仅 20 秒", True),
    ("容器于 16:22:20 +0300（北京时间 21:22:20）启动，距 Start Time 16:21:00 有 80 秒", False),
])
def test_a_zone_in_brackets_stays_in_them(claim: str, honest: bool) -> None:
    quotes = ["Started:      Fri, 11 Jul 2025 16:22:20 +0300", "Start Time:       Fri, 11 Jul 2025 16:22:00 +0300"]
    verification, detail = _checked(claim, quotes, DESCRIBE_STARTED, tool="kubectl_describe", source_type="event")
    assert (verification == "direct_observation") is honest, detail


def _with_logs(log: str) -> dict[str, object]:
    return ok_call("call_log", "fetch_pod_logs", {"pod_name": "front-end-4lbfd"}, log)


POD_ERROR = (
    "Containers:\n  front-end:\n    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    1\n"
)


@pytest.mark.parametrize(("log", "honest"), [
    ("Starting app\nApp now running in production mode on port 8079\n", True),
    ("Starting app\nERROR: cannot bind port 8079\n", False),
])
def test_a_denial_naming_the_logs_reads_the_logs(log: str, honest: bool) -> None:
    """"当前日志只到启动完成、没有错误" beside a describe whose last state is Error: the logs deny it."""
    claim = "上一次容器以 Exit Code 1 退出，而当前日志只到启动完成、没有错误"
    extra = [{"source_type": "log", "source_id": "call_log", "tool_name": "fetch_pod_logs",
              "source_invocation_ids": ["call_log"], "evidence_excerpt": log.splitlines()[1]}]
    record = verify_session(session(claim, "Reason:       Error\n      Exit Code:    1", POD_ERROR,
                                    tool="kubectl_describe", source_type="event", extra_bindings=extra,
                                    extra_calls=[_with_logs(log)]))
    check = record.claim_checks[0]
    assert (check.verification == "direct_observation") is honest, check.detail
    if not honest:
        assert check.verification == "contradicted", check.detail


COREDNS = (
    '[pod/coredns-4xk2p] "A IN redis-master.cache.svc.cluster.local. udp 57" NOERROR qr,aa,rd 118 0.000221s\n'
    '[pod/coredns-4xk2p] "A IN payment-gw.example-pay.com. udp 44" SERVFAIL qr,rd 44 2.001334117s\n'
    '[pod/coredns-qm7tn] "A IN redis-master.cache.svc.cluster.local. udp 57" NOERROR qr,aa,rd 118 0.000187s\n'
)


@pytest.mark.parametrize(("claim", "quotes", "honest"), [
    ("集群内部域名 redis-master.cache.svc.cluster.local 的查询都是 NOERROR，没有出现 SERVFAIL",
     ['"A IN redis-master.cache.svc.cluster.local. udp 57" NOERROR'], True),
    ("payment-gw.example-pay.com 的查询没有出现 SERVFAIL",
     ['"A IN payment-gw.example-pay.com. udp 44" SERVFAIL'], False),  # its own line reports it
    ("没有出现 SERVFAIL", ['"A IN redis-master.cache.svc.cluster.local. udp 57" NOERROR'], False),  # no subject
])
def test_a_denial_of_a_named_subject_reads_its_lines(claim: str, quotes: list[str], honest: bool) -> None:
    verification, detail = _checked(claim, quotes, COREDNS)
    assert (verification == "direct_observation") is honest, detail
    if not honest:
        assert verification == "contradicted", detail


def test_a_quote_reporting_what_the_subjects_denial_denies_is_no_excuse() -> None:
    output = "mysql-replica-2> SHOW REPLICA STATUS\\G\n  Replica_IO_Running: No\n  Replica_SQL_Running: Yes\n"
    claim = "mysql-replica-2 的 IO 线程没有停止，仍在正常运行"
    verification, detail = _checked(claim, ["Replica_IO_Running: No"], output)
    assert verification == "contradicted", detail


LINEAGE = "NAME                          READY   STATUS    AGE\nDeployment/front-end          1/1               18d\n" \
          "└── Pod/front-end-kn2zt        1/1     Running   18d\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("kube-lineage 返回的是 Pod/front-end-kn2zt（1/1 Running）", True),
    ("kube-tracer 返回的是 Pod/front-end-kn2zt（1/1 Running）", False),  # names no tool it called
])
def test_the_cited_tool_named_by_its_plugins_name(claim: str, honest: bool) -> None:
    verification, detail = _checked(claim, ["└── Pod/front-end-kn2zt        1/1     Running   18d"], LINEAGE,
                                    tool="kubectl_lineage_children", source_type="event")
    assert (verification == "direct_observation") is honest, detail


@pytest.mark.parametrize(("row", "honest"), [("0", True), ("3", False)])
def test_a_zero_cell_after_its_column_name_denies(row: str, honest: bool) -> None:
    output = (f"NAME                     READY   STATUS    RESTARTS   AGE\n"
              f"java-api-checker-mdr44   1/1     Running   {row}          48s\n")
    verification, detail = _checked("Pod java-api-checker-mdr44 为 1/1 Running，RESTARTS 0，AGE 48s",
                                    [output.splitlines()[1]], output, tool="kubectl_get_pods", source_type="event")
    assert (verification == "direct_observation") is honest, detail


@pytest.mark.parametrize(("claim", "honest"), [
    ("报错原因是没有可用连接，等待队列已经达到上限 256", True),  # the reason the error itself gives
    ("服务重启的原因是没有可用连接", False),  # a cause of another event: an inference
])
def test_the_reason_an_error_gives_is_quoted_not_inferred(claim: str, honest: bool) -> None:
    quote = "no available connection and the queue has reached its max size 256"
    verification, detail = _checked(claim, [quote], f"2026-07-01 10:00:01 ERROR {quote}\n")
    assert (verification == "direct_observation") is honest, detail


def test_a_job_describes_its_configuration() -> None:
    output = "Name:             java-api-checker\nParallelism:      1\nCompletions:      1\nBackoff Limit:    1\n"
    verification, detail = _checked("Job 配置为 Parallelism 1、Completions 1、Backoff Limit 1",
                                    ["Parallelism:      1\nCompletions:      1", "Backoff Limit:    1"], output,
                                    tool="kubectl_describe", source_type="event",
                                    arguments={"kind": "job", "name": "java-api-checker"})
    assert verification == "direct_observation", detail


def test_a_snapshot_of_sessions_is_no_backup() -> None:
    output = " pid   | usename   | state  | wait_event_type\n 29544 | app_order | active | Lock\n" \
             " 29641 | app_order | active | Lock\n"
    verification, detail = _checked("同一快照中有 2 个 app_order 会话处于 active，wait_event_type 为 Lock",
                                    [" 29544 | app_order | active | Lock"], output)
    assert "backup" not in detail and verification == "direct_observation", detail


RESPONSES = json.dumps({"unit": "req/s", "series": [
    {"labels": {"rcode": rcode}, "points": [["2026-06-08T02:15:00Z", a], ["2026-06-08T02:20:00Z", b]]}
    for rcode, a, b in (("NOERROR", 412.6, 418.3), ("NXDOMAIN", 56.1, 57.2), ("SERVFAIL", 0.0, 3.4))
]})


@pytest.mark.parametrize(("claim", "honest"), [
    ("SERVFAIL 速率在 02:15Z 为 0，02:20Z（北京时间 10:20）升到 3.4 req/s，"
     "约占当时全部响应（NOERROR 418.3 + NXDOMAIN 57.2 + SERVFAIL 3.4）的 0.71%", True),
    ("SERVFAIL 速率在 02:15Z 为 0，02:20Z 升到 3.4 req/s，全部是 NXDOMAIN 之后的重试", False),  # a whole unshown
])
def test_the_whole_a_share_is_of_is_no_scope(claim: str, honest: bool) -> None:
    from groundcheck.programs.core.scope_shown import whole_of_a_share
    from groundcheck.programs.text.wording import search_scope

    scope = search_scope(claim)
    assert scope is not None and whole_of_a_share(claim, scope) is honest
    servfail = ('{"labels": {"rcode": "SERVFAIL"}, "points": [["2026-06-08T02:15:00Z", 0.0], '
                '["2026-06-08T02:20:00Z", 3.4]')
    quotes = [servfail, '["2026-06-08T02:20:00Z", 418.3]', '["2026-06-08T02:20:00Z", 57.2]']
    verification, detail = _checked(claim, quotes, RESPONSES, tool="query_metrics", source_type="metric",
                                    arguments={"query": "sum by (rcode) (rate(coredns_dns_responses_total[5m]))"})
    assert (verification == "direct_observation") is honest, detail


def test_an_observation_denied_is_no_word_the_claim_adds() -> None:
    from groundcheck.programs.core.lexical_judgements import denied_latin_words

    assert denied_latin_words("日志中没有 deadlock detected") == {"deadlock", "detected"}
    assert denied_latin_words("未发现 OOMKilled 事件") == {"oomkilled"}
    assert not denied_latin_words("消费者处理超时未 ack，broker 重新投递")  # a state it reports, not an absence
    output = "2026-05-20 15:00:43 CST ERROR:  canceling statement due to statement timeout\n" \
             "2026-05-20 15:00:44 CST LOG:  process 28841 still waiting for ShareLock on transaction 90412277\n"
    verification, detail = _checked("日志中没有 deadlock detected，等待者都在等事务 90412277",
                                    ["still waiting for ShareLock on transaction 90412277"], output)
    assert verification != "unsupported", detail


# --- the AG audit, second look: figures across parts, claims and periods; sources named; lines of a quote ----

LOKI = (
    '2026-07-09T13:02:11Z {pod="points-consumer-x2k8w"} instance=10.30.8.22 msg="redis call failed" '
    'err="dial tcp 10.30.12.7:6379: i/o timeout" cost_ms=3001\n'
    '2026-07-09T13:02:12Z {pod="points-consumer-m4q9z"} instance=10.30.8.21 msg="consume batch done" cost_ms=41\n'
    '2026-07-09T13:02:14Z {pod="points-consumer-m4q9z"} instance=10.30.8.21 msg="consume batch done" cost_ms=38\n'
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("另一实例 points-consumer-m4q9z（10.30.8.21）的日志只有正常的批次完成记录（cost_ms 为 41 和 38），"
     "没有 Redis 超时", True),
    ("实例 10.30.8.22 的日志没有 Redis 超时", False),
])
def test_a_denial_of_an_address_reads_its_lines(claim: str, honest: bool) -> None:
    """The other lines that report the timeout name another instance (an address is a subject too); a
    field's name on every line ("cost_ms") is none."""
    quote = LOKI.splitlines()[1] if honest else LOKI.splitlines()[0]
    verification, detail = _checked(claim, [quote], LOKI, arguments={"backend": "loki", "query": '{app="points"}'})
    assert (verification == "direct_observation") is honest, detail


PARTS = ("│ partition │ active_parts │\n│ 202607    │         3012 │\n│ 202606    │           41 │\n"
         "│ 202605    │           37 │\n")


@pytest.mark.parametrize(("claim", "honest"), [
    ("202607 分区有 3012 个活跃 part，而 202606 和 202605 只有 41 和 37 个；202607 的约是 202606 的 73.5 倍", True),
    ("202607 分区有 3012 个活跃 part，而 202606 和 202605 只有 41 和 37 个；202607 的约是 202606 的 37 倍", False),
])
def test_a_count_and_a_bare_figure_are_one_kind_for_a_multiple(claim: str, honest: bool) -> None:
    verification, detail = _checked(claim, [PARTS.splitlines()[1], PARTS.splitlines()[2]], PARTS,
                                    tool="clickhouse_query", arguments={"sql": "SELECT partition FROM system.parts"})
    assert (verification == "direct_observation") is honest, detail


TOP_PODS = (
    "NAMESPACE   NAME                 CPU(cores)   MEMORY(bytes)\n"
    "default     alertmanager-0       5m           67Mi\ndefault     grafana-0            2m           354Mi\n"
    "otel        tempo-ingester-0     2m           35Mi\notel        tempo-ingester-1     2m           37Mi\n"
    "otel        tempo-ingester-2     2m           34Mi\ntempo       tempo-ingester-0     3m           365Mi\n"
    "tempo       tempo-ingester-1     3m           343Mi\ntempo       tempo-ingester-2     3m           320Mi\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("8 个 Pod 共 1555Mi；otel 合计 106Mi，tempo 合计 1028Mi", True),  # the 8 counts the first part's pods
    ("8 个 Pod 共 1555Mi；otel 合计 106Mi，tempo 合计 1128Mi", False),
])
def test_a_count_of_one_sentence_part_is_not_anothers(claim: str, honest: bool) -> None:
    """A count of pods in one part ("6 个 Pod 共…") is not the count of another part's total."""
    quotes = [TOP_PODS.splitlines()[0], TOP_PODS.splitlines()[3]]
    verification, detail = _checked(claim, quotes, TOP_PODS, tool="kubectl_top_pods", source_type="metric")
    assert (verification == "direct_observation") is honest, detail


def test_a_multiple_whose_part_names_no_figure_of_its_subject() -> None:
    """"；tempo 命名空间的 ingester 内存约是它的 9.7 倍": its subject's figure is given elsewhere, not among the
    figures of another part; a part that does name one is read."""
    from groundcheck.programs.text.own_arithmetic import multiple_conflict

    elsewhere = "otel 的 3 个 ingester 只有 35Mi、37Mi、34Mi，合计 106Mi；tempo 的 ingester 内存约是它的 9.7 倍"
    assert multiple_conflict(elsewhere) is None
    assert multiple_conflict("otel 的 3 个 ingester 合计 106Mi；tempo 的 365Mi 约是它的 9.7 倍") is not None


@pytest.mark.parametrize(("claim", "honest"), [
    ("按目前每秒约 264.5 条的速率差推算，每分钟还会多出约 15870 条", True),
    ("按目前每秒约 264.5 条的速率差推算，每分钟还会多出约 18870 条", False),
])
def test_a_rate_restated_per_another_period(claim: str, honest: bool) -> None:
    output = '{"producer_tps": [["2026-07-09T13:10:00Z", 476.9]], "consumer_tps": [["2026-07-09T13:10:00Z", 212.4]]}'
    verification, detail = _checked(claim, ['["2026-07-09T13:10:00Z", 476.9]', '["2026-07-09T13:10:00Z", 212.4]'],
                                    output, tool="query_metrics", source_type="metric")
    assert (verification == "direct_observation") is honest, detail


QUERY_LOG = "│ user       │ inserts │ avg_rows │\n│ etl_writer │   22871 │    212.6 │\n"
SQL = {"sql": "SELECT user, count() AS inserts FROM system.query_log WHERE event_time > now() - INTERVAL 10 MINUTE"}


@pytest.mark.parametrize(("claim", "honest"), [
    ("最近 10 分钟 etl_writer 写入 22871 次，约 38.1 次/秒，平均每次 212.6 行", True),
    ("最近 15 分钟 etl_writer 写入 22871 次", False),  # not the window the query searched
])
def test_a_sql_interval_is_the_window_searched(claim: str, honest: bool) -> None:
    verification, detail = _checked(claim, [QUERY_LOG.splitlines()[1]], QUERY_LOG, tool="clickhouse_query",
                                    arguments=SQL)
    assert (verification == "direct_observation") is honest, detail


def _contract_of(claims: list[tuple[str, str, str]], output: str, **call: object) -> dict[str, object]:
    """A session of several claims (text, support level, excerpt) citing one call."""
    base = session(claims[0][0], claims[0][2], output, **call)  # type: ignore[arg-type]
    contract = json.loads(base["executor_final_answer"])
    binding = contract["claims"][0]["evidence_bindings"][0]
    contract["claims"] = [
        {"claim_id": f"c{i + 1}", "claim_type": "symptom", "claim_text": text, "support_level": level,
         "evidence_bindings": [{**binding, "evidence_excerpt": excerpt}]}
        for i, (text, level, excerpt) in enumerate(claims)
    ]
    contract["user_facing_answer"] = "。".join(text for text, _, _ in claims) + "。"
    base["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    return base


@pytest.mark.parametrize(("restated", "honest"), [("38.1", True), ("48.1", False)])
def test_a_figure_an_earlier_claim_worked_out(restated: str, honest: bool) -> None:
    quote = QUERY_LOG.splitlines()[1]
    record = verify_session(_contract_of([
        ("最近 10 分钟 etl_writer 写入 22871 次，约 38.1 次/秒", "direct", quote),
        (f"推断根因是高频小批量写入（约 {restated} 次/秒、平均每次 212.6 行）", "indirect", quote),
    ], QUERY_LOG, tool="clickhouse_query", arguments=SQL))
    second = record.claim_checks[1]
    assert (second.verification == "reasonable_inference") is honest, second.detail


STATS = "# pxname,svname,status,check_status\nbe_order_api,app-01,UP,L7OK,200\nbe_order_api,app-03,UP,L7STS,500\n" \
        "2026-06-01 10:00:01 app-03 GET /api/orders 0/0/1/-1/5003 504\n"


@pytest.mark.parametrize(("claim", "honest"), [
    ("推断问题在 app-03 实例本身：响应耗时 5003ms 后返回 504，而其他实例正常", True),
    ("推断问题在 app-03 实例本身：应用层响应 5003ms 未返回响应头，健康检查也返回 500，而其他三台正常", True),
    ("app-03 实例正常", False),  # its own quote says otherwise
])
def test_a_fine_state_of_the_others_is_not_the_quoted_ones(claim: str, honest: bool) -> None:
    from groundcheck.programs.core.fine_states import fine_state_conflict
    from groundcheck.programs.text.glossary import evidence_view

    assert (fine_state_conflict(claim, evidence_view("0/0/1/-1/5003 504\nL7STS,500")) is None) is honest
    verification, detail = _checked(claim, ["0/0/1/-1/5003 504", "app-03,UP,L7STS"], STATS)
    assert (verification != "contradicted") is honest, detail


SLOW_LOG = "".join(
    f"INFO:app:Database call completed in {t:.2f} seconds.\nINFO:app:Promotions result: True\n"
    f"INFO:app:Page rendered in {t:.2f} seconds.\n"
    for t in (10.01, 5.00, 9.01, 9.51, 6.20, 9.87, 8.44, 9.93, 9.12, 9.64)
)  # 10 calls, 7 of them at least 9 s


@pytest.mark.parametrize(("claim", "honest"), [
    ("数据库调用中有 7 次（约 70.0%）耗时不低于 9 秒", True),
    ("数据库调用中有 7 次（约 75.0%）耗时不低于 9 秒", False),
])
def test_a_share_of_a_count_of_lines_and_a_family_quoted_among_lines(claim: str, honest: bool) -> None:
    quote = "INFO:app:Database call completed in 9.01 seconds.\nINFO:app:Promotions result: True"  # two lines
    verification, detail = _checked(claim, [quote, "INFO:app:Database call completed in 10.01 seconds."], SLOW_LOG)
    assert (verification == "direct_observation") is honest, detail


@pytest.mark.parametrize(("claim", "honest"), [
    ("err.log 中 14:41 共 1 条 TOO_MANY_PARTS", True),
    ("server.log 中 14:41 共 1 条 TOO_MANY_PARTS", False),  # no file it read
])
def test_the_file_a_call_read_named_by_its_name(claim: str, honest: bool) -> None:
    output = "2026-07-21 14:41:02.118 <Error> executeQuery: Code: 252. DB::Exception: Too many parts (TOO_MANY_PARTS)\n"
    verification, detail = _checked(claim, ["(TOO_MANY_PARTS)"], output,
                                    arguments={"file": "/var/log/clickhouse-server/clickhouse-server.err.log"})
    assert (verification == "direct_observation") is honest, detail


def test_a_header_line_quoted_is_no_subjects_record() -> None:
    quotes = [TOP_PODS.splitlines()[0], TOP_PODS.splitlines()[3]]
    verification, detail = _checked("otel 的 3 个 ingester 合计 106Mi，default 合计 421Mi", quotes, TOP_PODS,
                                    tool="kubectl_top_pods", source_type="metric")
    assert "record it quotes is about" not in detail and verification == "direct_observation", detail


def test_the_backend_and_the_tool_a_call_names() -> None:
    verification, detail = _checked("Loki 日志显示 points-consumer-x2k8w 的 redis call failed",
                                    [LOKI.splitlines()[0]], LOKI, arguments={"backend": "loki"})
    assert verification == "direct_observation", detail
    output = "#Topic   #Consumer Offset   #Diff\nTOPIC_POINTS_ORDER   88231   15873\n\nDiff Total: 15873\n"
    verification, detail = _checked("mqadmin 显示 TOPIC_POINTS_ORDER 堆积 15873 条", ["Diff Total: 15873"], output,
                                    tool="mq_admin")
    assert verification == "direct_observation", detail
    verification, _ = _checked("kafkacat 显示 TOPIC_POINTS_ORDER 堆积 15873 条", ["Diff Total: 15873"], output,
                               tool="mq_admin")
    assert verification != "direct_observation"


def test_words_of_another_output_make_an_inference_not_an_unsupported_claim() -> None:
    cert = ok_call("call_cert", "run_command", {"command": "openssl x509 -noout -dates"},
                   "notBefore=Apr 19 01:58:03 2026 GMT\nnotAfter=Jul 18 01:58:02 2026 GMT\n")
    expiry = '{"labels": {"instance": "10.40.1.12:443"}, "value": 1784339882}'
    claim = "推断 10.40.1.12:443 的值 1784339882 与 openssl 看到的 notAfter 一致"
    inferred = session(claim, expiry, expiry, tool="query_metrics", source_type="metric", extra_calls=[cert])
    contract = json.loads(inferred["executor_final_answer"])
    contract["claims"][0]["support_level"] = "indirect"
    inferred["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    check = verify_session(inferred).claim_checks[0]
    assert check.verification == "reasonable_inference", check.detail
    direct = verify_session(session(claim, expiry, expiry, tool="query_metrics", source_type="metric",
                                    extra_calls=[cert])).claim_checks[0]
    assert direct.verification == "unsupported", direct.detail  # a direct claim borrows no words


HAPROXY = (
    "# pxname,svname,stot,status,check_status,hrsp_2xx,hrsp_5xx\n"
    "be_order_api,app-01,52340,UP,L7OK,51890,12\nbe_order_api,app-02,52118,UP,L7OK,51702,9\n"
    "be_order_api,app-03,49876,DOWN,L7STS,47603,1840\nbe_order_api,app-04,52507,UP,L7OK,52061,15\n"
)


@pytest.mark.parametrize(("claim", "honest"), [
    ("其余三台的 5xx 合计只有 36，其中 app-04 最多，为 15", True),
    ("其余三台的 5xx 合计只有 36，其中 app-01 最多，为 15", False),  # 15 is app-04's; app-01 has 12
])
def test_a_figure_of_another_row_of_a_comma_separated_listing(claim: str, honest: bool) -> None:
    rows = HAPROXY.splitlines()
    verification, detail = _checked(claim, [rows[1], rows[2], rows[4]], HAPROXY, tool="haproxy_stat")
    assert (verification == "direct_observation") is honest, detail
    if not honest:
        assert verification == "contradicted" and "app-04" in detail, detail


@pytest.mark.parametrize(("claim", "output", "honest"), [
    ("top 结果中没有 db-certs 这个 Pod 的内存数据",
     "NAMESPACE   NAME        CPU(cores)   MEMORY(bytes)\ndefault     grafana-0   2m           354Mi\n", True),
    ("openssl 看到的 notAfter 为 Jul 18 01:58:02 2026 GMT", "notBefore=Apr 19 01:58:03 2026 GMT\n"
     "notAfter=Jul 18 01:58:02 2026 GMT\n", True),
    ("curl 看到的 notAfter 为 Jul 18 01:58:02 2026 GMT", "notBefore=Apr 19 01:58:03 2026 GMT\n"
     "notAfter=Jul 18 01:58:02 2026 GMT\n", False),  # curl prints no such lines
])
def test_a_tool_its_output_format_implies(claim: str, output: str, honest: bool) -> None:
    verification, detail = _checked(claim, [output.splitlines()[-1]], output, tool="run_command",
                                    arguments={"host": "gw-02", "resource": "pods"})
    assert (verification == "direct_observation") is honest, detail
