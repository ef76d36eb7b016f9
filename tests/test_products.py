"""A product the cited output's own format implies, though it never spells the name (issue 9).

"MySQL 慢查询" over a slow log that only says "Query_time: 12.4 ... Rows_examined: 4800000" names a
product the trace implies: the honest claim PASSes. A product nothing implies stays absent: a
CamelCase name ("PostgreSQL") is an entity no output contains or implies (hard, a floor); a plain
word ("redis") is a word the trace never mentions (soft).
"""

from __future__ import annotations

import pytest
from test_meaning_classes import assert_hard, facts_of, session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.products import implied_in, is_product_name, load_products

SLOW_LOG = (
    "# Time: 2026-11-29T10:05:12Z\n"
    "# Query_time: 12.4  Lock_time: 0.0 Rows_sent: 1  Rows_examined: 4800000\n"
    "SELECT * FROM orders WHERE user_id = 42;"
)
REDIS_INFO = "# Memory\nused_memory:8589934592\nused_memory_human:8.00G\nmaxmemory:8589934592\nevicted_keys:0"
LAG = (
    "GROUP           TOPIC    PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG\n"
    "order-consumer  orders   0          1200            9800            8600"
)
NGINX = (
    "2026/11/29 10:05:12 [error] 3190#3190: *88 upstream timed out (110: Connection timed out) while reading "
    'response header from upstream, client: 10.0.0.8, request: "GET /v1/pay HTTP/1.1"'
)
JAVA = 'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space\n\tat com.shop.Cache.put(Cache.java:88)'
SCHEDULER = "Warning  FailedScheduling  default-scheduler  0/3 nodes are available: 3 Insufficient memory."

# (honest claim naming the implied product, the same claim naming another product, output, excerpt)
CASES = [
    ("MySQL 慢查询日志显示一条 SELECT 耗时 12.4 秒", "PostgreSQL 慢查询日志显示一条 SELECT 耗时 12.4 秒", SLOW_LOG,
     "Query_time: 12.4"),
    ("MySQL 慢查询扫描了 4800000 行", "MongoDB 慢查询扫描了 4800000 行", SLOW_LOG, "Rows_examined: 4800000"),
    ("Redis 内存用到 8.00G，达到 maxmemory", "MySQL 内存用到 8.00G，达到 maxmemory", REDIS_INFO,
     "used_memory_human:8.00G\nmaxmemory:8589934592"),
    ("Kafka 消费者组 order-consumer 在 orders 分区 0 积压 8600 条",
     "RabbitMQ 消费者组 order-consumer 在 orders 分区 0 积压 8600 条", LAG,
     "order-consumer  orders   0          1200            9800            8600"),
]


@pytest.mark.parametrize(("honest", "attack", "output", "excerpt"), CASES)
def test_a_product_the_output_format_implies_is_named_by_the_trace(honest, attack, output, excerpt):
    assert_hard(session(attack, excerpt, output), "absent_mention", session(honest, excerpt, output))


@pytest.mark.parametrize(
    ("honest", "attack", "output", "excerpt"),
    [
        ("nginx 读取上游响应头超时（upstream timed out）", "envoy 读取上游响应头超时（upstream timed out）", NGINX,
         "upstream timed out (110: Connection timed out) while reading response header from upstream"),
        ("java 进程堆内存溢出：java.lang.OutOfMemoryError", "golang 进程堆内存溢出：java.lang.OutOfMemoryError", JAVA,
         "java.lang.OutOfMemoryError: Java heap space"),
        ("k8s 调度失败：0/3 nodes are available", "nomad 调度失败：0/3 nodes are available", SCHEDULER,
         "0/3 nodes are available: 3 Insufficient memory."),
    ],
)
def test_a_product_word_nothing_implies_stays_new_wording(honest, attack, output, excerpt):
    assert verify_session(session(honest, excerpt, output)).verdict == "PASS"
    _, soft = facts_of(session(attack, excerpt, output))
    assert "new_words" in soft
    assert verify_session(session(attack, excerpt, output)).verdict != "PASS"


def test_a_signature_only_in_the_arguments_implies_nothing():
    # arguments are what the Executor asked for, never an observation (spec §6)
    output = "# Time: 2026-11-29T10:05:12Z\nSELECT * FROM orders WHERE user_id = 42;"
    s = session("MySQL 慢查询日志显示一条 SELECT", "SELECT * FROM orders", output, arguments={"source": "mysqld-slow"})
    hard, _ = facts_of(s)
    assert "absent_mention" in hard


def test_a_signature_must_start_a_word():
    assert implied_in("etcd", "raft: 3 peers") == "raft"
    assert implied_in("etcd", "draft: 3 pages") is None
    assert implied_in("mysql", "x query_time: 1", end=5) is None  # outside the output part
    assert implied_in("notaproduct", "mysqld") is None
    assert is_product_name("k8s") and not is_product_name("payment-db")


def test_the_product_table_rejects_malformed_rows():
    assert load_products(["# comment", "", "redis\tredis|jedis\tused_memory|jedis"]) == {
        "redis": ("used_memory", "jedis"),
        "jedis": ("used_memory", "jedis"),
    }
    with pytest.raises(ValueError, match="line 1"):
        load_products(["redis\tredis"])
    with pytest.raises(ValueError, match="names and signatures"):
        load_products(["redis\t\tused_memory"])
