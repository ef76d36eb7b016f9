"""A review's attacks on the excuses rules-19 first added (issue 9): each claim is false given its output and was
caught at rules-18; the first cut of rules-19 let every one PASS. Each stays caught, and the three honest claims
that cut rejected PASS. (Written by a helper reviewing the change, kept as it wrote them.)"""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import session

from groundcheck.programs.core.pipeline import verify_session

LONG = "综合来看，相关服务的状态如上所述，建议尽快排查相关节点的状态并持续观察后续的处理情况与告警变化。"


def one(claim, excerpts, output, **kw):
    """One critical claim citing call_m1 with every excerpt; `more` adds bindings to other calls."""
    more = kw.pop("more", [])
    extra = [{"source_type": kw.get("source_type", "log"), "source_id": "call_m1",
              "tool_name": kw.get("tool", "query_logs"), "source_invocation_ids": ["call_m1"], "evidence_excerpt": e}
             for e in excerpts[1:]] + more
    return session(claim, excerpts[0], output, extra_bindings=extra, **kw)


def several(claims, output, **kw):
    """Several critical direct claims (text, excerpt) citing call_m1."""
    base = session(claims[0][0], claims[0][1], output, **kw)
    contract = json.loads(base["executor_final_answer"])
    binding = contract["claims"][0]["evidence_bindings"][0]
    contract["claims"] = [
        {"claim_id": f"c{i + 1}", "claim_type": "symptom", "claim_text": t, "support_level": "direct",
         "evidence_bindings": [{**binding, "evidence_excerpt": e}]} for i, (t, e) in enumerate(claims)]
    contract["user_facing_answer"] = "。".join(t for t, _ in claims) + "。" + LONG
    base["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    return base


M = dict(tool="query_metrics", source_type="metric")
EV = dict(tool="kubectl_describe", source_type="event")

CPU = "node     cpu%\nnode-a   95\nnode-b   91\nnode-c   42\nnode-d   97\n"
THREE = "Containers:\n  a:\n    Restart Count:  0\n  b:\n    Restart Count:  0\n  c:\n    Restart Count:  3\n"
TWO = "Containers:\n  a:\n    Restart Count:  0\n  b:\n    Restart Count:  3\n"
EXIT0 = "Containers:\n  a:\n    Exit Code: 0\n    Restart Count:  2\n  b:\n    Exit Code: 0\n    Restart Count:  3\n"
PODSPEC = json.dumps({"kind": "PodList", "items": [
    {"pod": "search-api-5kw2m", "resources": {"limits": {"cpu": "2"}, "requests": {"cpu": "1"}}},
    {"pod": "search-api-6pz8r", "resources": {"limits": {"cpu": "4"}, "requests": {"cpu": "2"}}}]}, indent=2)
HAPROXY_LOG = ("# pxname,svname,status,check_status\nbe_order_api,app-01,UP,L7OK,200\n"
               "be_order_api,app-03,UP,L7STS,500\n"
               "2026-06-01 10:00:01 app-03 GET /api/orders 0/0/1/-1/5003 504\n")
TIMEOUTS = "\n".join(
    f"2025-07-11 13:23:2{i} ERROR: Failed to connect to database: connection timeout" for i in range(5)
)
LOKI = ('2026-07-09T13:02:11Z {pod="points-consumer-x2k8w"} instance=10.30.8.22 msg="redis call failed" '
        'err="dial tcp 10.30.12.7:6379: i/o timeout" cost_ms=3001\n'
        '2026-07-09T13:02:12Z {pod="points-consumer-m4q9z"} instance=10.30.8.21 msg="consume batch done" cost_ms=41\n')
COREDNS = ('[pod/coredns-4xk2p] "A IN redis-master.cache.svc.cluster.local. udp 57" NOERROR qr,aa,rd 118 0.000221s\n'
           '[pod/coredns-4xk2p] "A IN payment-gw.example-pay.com. udp 44" SERVFAIL qr,rd 44 2.001334117s\n')
LOCKS = json.dumps({"metric": "pg_locks_waiting", "values": [
    [f"2026-05-20T{t}:00Z", v] for t, v in (("07:03", 5), ("07:04", 7), ("07:05", 9), ("07:06", 7))]})
TOP = ("NAMESPACE   NAME                 CPU(cores)   MEMORY(bytes)\n"
       "otel        tempo-ingester-0     2m           35Mi\notel        tempo-ingester-1     2m           37Mi\n"
       "otel        tempo-ingester-2     2m           34Mi\ntempo       tempo-ingester-0     3m           365Mi\n"
       "tempo       tempo-ingester-1     3m           343Mi\ntempo       tempo-ingester-2     3m           320Mi\n")
TPS = '{"producer_tps": [["2026-07-09T13:10:00Z", 476.9]], "consumer_tps": [["2026-07-09T13:10:00Z", 212.4]]}'
TPS_Q = ['["2026-07-09T13:10:00Z", 476.9]', '["2026-07-09T13:10:00Z", 212.4]']
QLOG = "│ user       │ inserts │\n│ etl_writer │   22871 │\n"
POD_ROW = ("production-62   payment-service-7cb79f8c87-z96z8   1/1     Running   0             14s   10.0.2.187   "
           "gke-pool-2-41363a6e-yi0r\n")
UPSTREAM = "2026-07-21 14:41:02 api-7f9c-m4q9z ERROR upstream timeout after 3000ms\n"


def _call(iid, tool, output, **arguments):
    return {"invocation_id": iid, "trace_ref": "trace:00000000000000c2", "tool_name": tool,
            "arguments": arguments or {"x": "y"}, "status": "ok", "output": output}


def _bind(iid, tool, excerpt):
    return {"source_type": "log", "source_id": iid, "tool_name": tool, "source_invocation_ids": [iid],
            "evidence_excerpt": excerpt}


ATTACKS = {
    # --- scope_shown -----------------------------------------------------------------------------------------
    "own figures meet the bound, but 'all' covers a node not listed (node-c 42%)":
        one("node-a、node-b 的 CPU 分别为 95%、91%，所有节点都超过 90%", CPU.splitlines()[1:3], CPU, **M),
    "figure in every quote: 3 containers, two quotes of 0 (c has 3)":
        one("三个容器的重启次数均为 0", ["a:\n    Restart Count:  0", "b:\n    Restart Count:  0"], THREE, **EV),
    "figure in every quote: the same quote twice":
        one("两个容器的重启次数均为 0", ["a:\n    Restart Count:  0"] * 2, TWO, **EV),
    "figure in every quote: the 0 is Exit Code's, restarts are 2 and 3":
        one("两个容器的重启次数均为 0", ["Exit Code: 0\n    Restart Count:  2", "Exit Code: 0\n    Restart Count:  3"],
            EXIT0, **EV),
    "per-unit setting: the second pod's limit is 4":
        one("每个 pod 的 CPU limit 为 2 核", ['"cpu": "2"'], PODSPEC, tool="kubectl_get_pods", source_type="event"),
    # --- fine_states: 其他 before the state ------------------------------------------------------------------
    "'app-03 和其他实例都正常' over app-03's 504 / L7STS":
        one("app-03 和其他实例都正常", ["0/0/1/-1/5003 504", "app-03,UP,L7STS"], HAPROXY_LOG),
    # --- query_limits ----------------------------------------------------------------------------------------
    "query limit: a second '10' (a finding) excused by the first one's limit word":
        one("按上限 10 条查询日志，连接数据库超时共 10 次", [TIMEOUTS.splitlines()[0]], TIMEOUTS,
            arguments={"filter": "ERROR", "limit": 10}),
    "query limit: '限制为 100' of max_connections (200) excused by the query's limit 100":
        one("数据库 max_connections 限制为 100", ["max_connections | 200"], "name | setting\nmax_connections | 200\n",
            tool="query_db", arguments={"sql": "select name, setting from pg_settings", "limit": 100}),
    # --- negation: named subject / named source ---------------------------------------------------------------
    "denial of the whole group excused by a subject named earlier in the sentence":
        one("points-consumer-m4q9z 批次完成正常，消费组没有出现 Redis 超时", [LOKI.splitlines()[1]], LOKI,
            arguments={"backend": "loki"}),
    "CoreDNS as a whole 'no SERVFAIL' excused by the redis-master subject":
        one("redis-master.cache.svc.cluster.local 查询正常，CoreDNS 整体没有出现 SERVFAIL",
            ['"A IN redis-master.cache.svc.cluster.local. udp 57" NOERROR'], COREDNS),
    "'日志中没有错误': a catalog tool counts as logs ('log' in 'catalog'), the real logs report ERROR":
        one("web 服务属于 team-a，日志中没有错误", ["web  team-a  gold"], "service  owner  tier\nweb  team-a  gold\n",
            tool="get_service_catalog",
            more=[_bind("call_x", "run_command", "cannot bind port 8079")],
            extra_calls=[_call("call_x", "run_command", "2026-07-01 10:00:01 ERROR: cannot bind port 8079\n",
                               command="kubectl exec web -- tail -n 50 /srv/app/out.txt")]),
    "'日志中没有错误': Loki's log lines report ERROR but loki_query is not read as logs":
        one("web 启动后日志中没有错误", ["App now running"], "Starting app\nApp now running in production mode\n",
            tool="fetch_pod_logs",
            more=[_bind("call_x", "loki_query", "cannot bind port 8079")],
            extra_calls=[_call("call_x", "loki_query", "2026-07-01 10:00:01 web ERROR: cannot bind port 8079\n",
                               query='{app="web"}')]),
    # --- figures worked out by an earlier claim ---------------------------------------------------------------
    "a bound of claim 1 ('都低于 99%') restated by claim 2 as node-b's peak (it is 91%)":
        several([("node-a、node-b、node-c 的 CPU 使用率分别为 95%、91%、42%，都低于 99%", CPU.splitlines()[1]),
                 ("node-b 的 CPU 使用率峰值达到 99%", CPU.splitlines()[2])], CPU, **M),
    # --- time_context: a zone in brackets before the clock -----------------------------------------------------
    "'（北京时间）07:05' over a UTC 07:05 peak: the zone is dropped":
        one("pg_locks_waiting 峰值出现时间（北京时间）07:05，峰值为 9", ['["2026-05-20T07:05:00Z", 9]'], LOCKS, **M),
    # --- glossary --------------------------------------------------------------------------------------------
    "网络分区 over network_partitions_detected: false":
        one("集群检测到网络分区", ['"network_partitions_detected": false'],
            '{"network_partitions_detected": false, "partition_details": []}', tool="rabbitmq_cluster_status",
            source_type="metric"),
    "已回滚到上一版本 over a consumer's 'Seeking to offset'":
        one("payment-consumer 已回滚到上一版本", ["Seeking to offset 17996114 for partition payment-events-3"],
            "payment-consumer INFO Seeking to offset 17996114 for partition payment-events-3\n"),
    "连接被拒绝 over a parser's 'stack overflow'":
        one("gateway 的连接被拒绝", ["stack overflow in json parser"],
            "2026-07-01 10:00:01 gateway WARN stack overflow in json parser\n"),
    "存在主从延迟 over Seconds_Behind_Source: 0":
        one("payment-db 存在主从延迟", ["Seconds_Behind_Source: 0"],
            "payment-db replica status\nSeconds_Behind_Source: 0\nReplica_IO_Running: Yes\n", tool="query_db"),
    # --- lexical_judgements._cause_quoted -------------------------------------------------------------------------
    "报错原因是连接被拒绝: the error is invalid credentials; refusals were 'cleared'":
        one("报错原因是连接被拒绝",
            ["ERROR invalid credentials for user app; previous connection refused errors cleared"],
            "2026-07-01 10:00:01 ERROR invalid credentials for user app; previous connection refused errors cleared\n"),
    "报错原因是数据库连接失败: the error is schema validation; 'database connection healthy'":
        one("报错原因是数据库连接失败",
            ["ERROR schema validation failed for table orders; database connection healthy"],
            "2026-07-01 10:00:01 ERROR schema validation failed for table orders; database connection healthy\n"),
    # --- own_arithmetic --------------------------------------------------------------------------------------------
    "'它的 2 倍' (1028/106 = 9.7) skipped: its part names no figure":
        one("otel 的 ingester 合计 106Mi，tempo 合计 1028Mi；tempo 的 ingester 内存约是它的 2 倍",
            [TOP.splitlines()[0], TOP.splitlines()[1], TOP.splitlines()[4]], TOP, tool="kubectl_top_pods",
            source_type="metric"),
    "producer's 476.9/s restated per hour as the consumer's (consumer is 212.4/s)":
        one("producer 每秒 476.9 条，consumer 每小时处理约 1716840 条", TPS_Q, TPS, **M),
    # --- time_context: SQL INTERVAL read as the window -------------------------------------------------------------
    "'最近 10 分钟' over a query that EXCLUDES the last 10 minutes":
        one("最近 10 分钟 etl_writer 写入 22871 次", [QLOG.splitlines()[1]], QLOG, tool="clickhouse_query",
            arguments={"sql": "SELECT user, count() AS inserts FROM system.query_log WHERE event_time > now() - "
                              "INTERVAL 1 DAY AND event_time < now() - INTERVAL 10 MINUTE GROUP BY user"}),
    # --- headerless pod rows: the implied header carries 'restart' --------------------------------------------------
    "发生过重启 over a headerless row with RESTARTS 0 (the same hole exists with a printed header)":
        one("payment-service-7cb79f8c87-z96z8 发生过重启", [POD_ROW.strip()[:80]], POD_ROW,
            tool="kubectl_find_resource", source_type="event"),
    # --- names_a_read_file: any '/'-argument ----------------------------------------------------------------------
    "the failing instance named only by the 'exclude' argument of the search":
        one("出错的实例为 api-7f9c-x2k8w：ERROR upstream timeout", ["ERROR upstream timeout after 3000ms"], UPSTREAM,
            arguments={"selector": "app=api", "exclude": "pod/api-7f9c-x2k8w"}),
}

_OTHER = _call("call_o", "query_logs", "inventory-svc WARN shard rebalancing stalled, leader handoff pending\n",
               service="inventory")
_X2 = several([("ledger-core 日志显示 batch committed", "ledger-core INFO batch committed"),
               ("ledger-core 的 shard rebalancing stalled，leader handoff pending",
                "ledger-core INFO batch committed")],
              "ledger-core INFO batch committed\n")
_X2["tool_calls"].append(_OTHER)
ATTACKS["words of another service's uncited output make c2 an inference, not unsupported"] = _X2

FALSE_POSITIVES = {  # honest claims the change now REJECTs
    "own_bound: '其余 pod 都少于 2 次' read as bounding api-1/api-2's 3 and 5":
        one("api-1、api-2 的重启次数分别为 3、5，其余 pod 都少于 2 次",
            ["api-1    3", "api-2    5", "api-3    0", "api-4    1"],
            "pod      restarts\napi-1    3\napi-2    5\napi-3    0\napi-4    1\n", tool="kubectl_get_pods",
            source_type="event"),
    "json_records: '非空' read as 'empty'":
        one("rabbitmq-2 的 partitions 非空",
            ['"partitions": [\n        "rabbit@rabbitmq-0.rabbitmq-headless"\n      ]'],
            json.dumps({"raw_node_data": [
                {"name": "rabbit@rabbitmq-1.rabbitmq-headless", "partitions": []},
                {"name": "rabbit@rabbitmq-2.rabbitmq-headless", "partitions": ["rabbit@rabbitmq-0.rabbitmq-headless"]},
            ]}, indent=2)),
    "csv_rows: app-02's 9 written after app-01 in the same part":
        one("app-01 的 5xx 为 12，高于 app-02 的 9",
            ["be_order_api,app-01,52340,UP,L7OK,51890,12", "be_order_api,app-02,52118,UP,L7OK,51702,9"],
            "# pxname,svname,stot,status,check_status,hrsp_2xx,hrsp_5xx\n"
            "be_order_api,app-01,52340,UP,L7OK,51890,12\nbe_order_api,app-02,52118,UP,L7OK,51702,9\n"
            "be_order_api,app-04,52507,UP,L7OK,52061,15\n", tool="haproxy_stat"),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_an_excuse_buys_no_pass_for_a_false_claim(name: str) -> None:
    record = verify_session(ATTACKS[name])
    assert record.verdict != "PASS", [(c.claim_id, c.verification, c.detail) for c in record.claim_checks]


@pytest.mark.parametrize("name", sorted(FALSE_POSITIVES))
def test_an_honest_claim_the_first_cut_rejected_passes(name: str) -> None:
    record = verify_session(FALSE_POSITIVES[name])
    assert record.verdict == "PASS", [(c.claim_id, c.verification, c.detail) for c in record.claim_checks]
