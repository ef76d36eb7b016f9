"""What a claim says about the course of time, against the order its cited outputs show (issue 9,
red-team round 3). Soft (spec §8): contradicted in the rules backend, a model may overrule it."""

from __future__ import annotations

import json

import pytest
from test_meaning_classes import assert_soft, facts_of, session

from groundcheck.programs.core.pipeline import verify_session

RECONNECT = (
    "2026-11-30T13:02:11Z ERROR [sync] failed to connect to mq-0.mq.svc:5672: connection refused\n"
    "2026-11-30T13:02:41Z ERROR [sync] failed to connect to mq-0.mq.svc:5672: connection refused\n"
    "2026-11-30T13:03:41Z INFO  [sync] reconnected to mq-0.mq.svc:5672 after 3 attempts"
)
STILL_FAILING = RECONNECT + (
    "\n2026-11-30T13:05:11Z ERROR [sync] failed to connect to mq-0.mq.svc:5672: connection refused"
)
QUEUE = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [{
    "metric": {"queue": "mail"},
    "values": [[1796030400, "1200"], [1796031300, "5400"], [1796032200, "9800"], [1796033100, "6100"],
               [1796034000, "2300"]]}]}})
RISING = QUEUE.replace('"6100"', '"11200"').replace('"2300"', '"15000"')
DESCRIBE = (
    "  sidecar:\n    State:          Running\n      Started:      Mon, 30 Nov 2026 06:21:07 +0000\n"
    "    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n"
)
PODS = (
    "NAME                    READY   STATUS    RESTARTS      AGE\n"
    "cart-7f8d9c6b5-8bnmz    1/1     Running   5 (37m ago)   2d1h"
)
QUERY = {"query": 'rabbitmq_queue_messages_ready{queue="mail"}'}


def _metric(claim: str, excerpt: str, output: str) -> dict:
    return session(claim, excerpt, output, tool="query_metrics", source_type="metric", arguments=QUERY)


CASES = [
    # a failure said to go on, after the log's recovery
    (session("sync 连接 mq-0 被拒绝（connection refused），目前仍无法连接", "connection refused", RECONNECT),
     session("sync 连接 mq-0 被拒绝（connection refused），目前仍无法连接", "connection refused", STILL_FAILING)),
    (session("mq-0 连接被拒绝（connection refused），至今未恢复", "connection refused", RECONNECT),
     session("mq-0 连接被拒绝（connection refused），3 次重试后恢复", "connection refused", RECONNECT)),
    # a current value that is not the latest, a steady rise its points break
    (_metric("mail 队列积压目前为 9800", "9800", QUEUE), _metric("mail 队列积压目前为 2300", "2300", QUEUE)),
    (_metric("mail 队列积压从 1200 持续上升到 9800", "9800", QUEUE),
     _metric("mail 队列积压从 1200 持续上升到 9800", "9800", RISING)),
    # the last state given as the current one
    (session("sidecar 当前处于 Terminated 状态（OOMKilled）", "Last State:     Terminated", DESCRIBE),
     session("sidecar 当前为 Running，上一次为 Terminated（OOMKilled）", "Last State:     Terminated", DESCRIBE)),
    # "(37m ago)" read as a window
    (session("cart-7f8d9c6b5-8bnmz 最近 37 分钟内重启了 5 次", "Running   5 (37m ago)", PODS),
     session("cart-7f8d9c6b5-8bnmz 共重启 5 次，最近一次在 37 分钟前", "Running   5 (37m ago)", PODS)),
]


@pytest.mark.parametrize(("attack", "honest"), CASES)
def test_a_claim_the_course_of_time_contradicts_is_contradicted(attack, honest):
    assert_soft(attack, "time_course", "contradicted", honest)


def test_a_rise_to_the_latest_value_and_a_past_peak_pass():
    honest = _metric("mail 队列积压先从 1200 升到峰值 9800，随后回落，目前为 2300", "9800", QUEUE)
    assert "time_course" not in facts_of(honest)[1]
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


def test_a_total_read_off_a_listing_the_output_says_is_cut():
    log = (
        "2026-11-30T07:10:00Z ERROR [auth] invalid token signature for client_id=ios\n"
        "2026-11-30T07:10:09Z ERROR [auth] invalid token signature for client_id=ios\n"
        "... showing 2 of 2318 matching lines (limit=2)"
    )
    excerpt = "invalid token signature for client_id=ios"
    attack = session("auth 出现 invalid token signature 错误（client_id=ios），共 2 条", excerpt, log)
    honest = session("auth 出现 invalid token signature 错误（client_id=ios），共 2318 条", excerpt, log)
    assert_soft(attack, "cut_listing", "contradicted", honest)
    shown = session("auth 的 invalid token signature 错误（client_id=ios）这里列出 2 条", excerpt, log)
    assert "cut_listing" not in facts_of(shown)[1]


def test_a_start_later_than_the_quoted_message_first_shows_is_contradicted():
    log = (
        "2026-11-30T05:47:12Z ERROR [quote-svc] pricing feed stale: last tick 94s ago\n"
        "2026-11-30T06:03:40Z ERROR [quote-svc] pricing feed stale: last tick 1082s ago"
    )
    excerpt = "2026-11-30T06:03:40Z ERROR [quote-svc] pricing feed stale"
    attack = session("quote-svc 从 06:03:40 开始报 pricing feed stale", excerpt, log)
    honest = session("quote-svc 从 05:47:12 开始报 pricing feed stale", excerpt, log)
    assert_soft(attack, "time_course", "contradicted", honest)
    first = session("quote-svc 的 pricing feed stale 最早出现在 06:03:40", excerpt, log)
    assert "time_course" in facts_of(first)[1]
    # a line of its own: nothing earlier holds the quoted message
    own = session("quote-svc 从 06:03:40 开始落后超过 1000 秒", "pricing feed stale: last tick 1082s ago", log)
    assert "time_course" not in facts_of(own)[1]
