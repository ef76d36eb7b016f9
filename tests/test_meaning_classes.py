"""Classes of meaning failure (issue 9), each with cases of our own wording, services and numbers.

Every class says whether its check is a HARD fact (a floor decided by the trace, spec §8: no checker
output lifts it, so a recorded all-`direct_observation` model output still does not PASS) or a SOFT
judgement (a lexical reading the rules backend applies and a model may overrule: the same recorded
output does PASS). Each attack case has an honest twin that must PASS under the rules backend.
"""

from __future__ import annotations

import copy
import json
import zlib
from typing import Any

import pytest

from groundcheck.programs.core.evidence_facts import glossary_view
from groundcheck.programs.core.facts import new_cause_wording
from groundcheck.programs.core.pipeline import ensure_session, prepare_verification, verify_session
from groundcheck.programs.core.trace_index import TraceIndex, literal_number_in
from groundcheck.programs.text import glossary as G
from groundcheck.programs.text.tokens import extract_mentions
from groundcheck.programs.text.units import declared_units, occurrence_agrees, readings
from groundcheck.programs.text.wording import is_assertion


def session(
    claim_text: str,
    excerpt: str,
    output: Any,
    *,
    arguments: dict[str, Any] | None = None,
    tool: str = "query_logs",
    source_type: str = "log",
    answer: str | None = None,
    extra_bindings: list[dict[str, Any]] | None = None,
    extra_calls: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """One critical claim citing one ok call; the answer restates the claim unless given."""
    bindings = [
        {
            "source_type": source_type,
            "source_id": "call_m1",
            "tool_name": tool,
            "source_invocation_ids": ["call_m1"],
            "evidence_excerpt": excerpt,
        },
        *(extra_bindings or []),
    ]
    contract = {
        "answer_version": "2.0",
        "diagnosis_summary": claim_text,
        "claims": [
            {
                "claim_id": "c1",
                "claim_type": "symptom",
                "claim_text": claim_text,
                "support_level": "direct",
                "evidence_bindings": bindings,
            }
        ],
        "hypotheses": [],
        "recommended_actions": ["建议持续观察。"],
        "missing_info": [],
        "user_facing_answer": answer
        if answer is not None
        else f"{claim_text}。建议持续观察这一现象，并核对相关的配置与监控告警。",
    }
    calls = [
        {
            "invocation_id": "call_m1",
            "trace_ref": "trace:00000000000000a1",
            "tool_name": tool,
            "arguments": arguments or {"service": "ledger-core"},
            "status": "ok",
            "output": output,
        },
        *(extra_calls or []),
    ]
    return {
        "session_id": "meaning-case",
        "original_query": "出了什么问题？",
        "executor_final_answer": json.dumps(contract, ensure_ascii=False),
        "tool_calls": calls,
    }


def ok_call(invocation_id: str, tool: str, arguments: dict[str, Any], output: Any) -> dict[str, Any]:
    """One ok tool call of a session, for the extra calls of `session`."""
    return {"invocation_id": invocation_id, "trace_ref": f"trace:{zlib.crc32(invocation_id.encode()):016x}",
            "tool_name": tool, "arguments": arguments, "status": "ok", "output": output}


def checked(claim: str, excerpt: str | list[str], output: object, **kw: Any) -> tuple[str, str]:
    """(verification, detail) of claim c1 of `session`; several excerpts all cite its call."""
    excerpts = [excerpt] if isinstance(excerpt, str) else excerpt
    extra = [
        {"source_type": "log", "source_id": "call_m1", "tool_name": kw.get("tool", "query_logs"),
         "source_invocation_ids": ["call_m1"], "evidence_excerpt": e}
        for e in excerpts[1:]
    ]
    record = verify_session(session(claim, excerpts[0], output, extra_bindings=extra, **kw))
    return record.claim_checks[0].verification, record.claim_checks[0].detail


def runbook_call(doc_id: str, content: str, invocation_id: str = "call_k1") -> dict[str, Any]:
    """An ok `lookup_knowledge` call whose output is one runbook document."""
    doc = {"doc_id": doc_id, "doc_type": "runbook", "title": "runbook", "content": content}
    return {"invocation_id": invocation_id, "trace_ref": "trace:00000000000000k1", "tool_name": "lookup_knowledge",
            "arguments": {"query": "runbook"}, "status": "ok", "output": [doc]}


def facts_of(s: dict[str, Any]) -> tuple[set[str], set[str]]:
    """(hard fact ids, soft judgement ids) of claim c1."""
    ev = prepare_verification(ensure_session(s)).request.evidence[0]
    return {f.fact for f in ev.hard}, {j.judgement for j in ev.soft}


def check(s: dict[str, Any]) -> str:
    return verify_session(s).claim_checks[0].verification


def replay_all_direct(s: dict[str, Any]) -> str:
    """The effective verdict when a recorded model output calls every claim directly observed."""
    out = copy.deepcopy(s)
    out["verifier_model_output"] = {
        "claim_checks": [{"claim_id": "c1", "verification": "direct_observation", "detail": "recorded"}],
        "verdict": "PASS",
    }
    return verify_session(out, "replay").verdict


def assert_hard(attack: dict[str, Any], fact: str, honest: dict[str, Any]) -> None:
    hard, _ = facts_of(attack)
    assert fact in hard
    assert check(attack) == "contradicted"
    assert replay_all_direct(attack) == "REJECT"  # a floor: no checker output lifts it
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


def assert_soft(attack: dict[str, Any], judgement: str, expected: str, honest: dict[str, Any]) -> None:
    hard, soft = facts_of(attack)
    assert judgement in soft
    assert not any(f in hard for f in ("absent_mention", "value_at_time"))
    assert check(attack) == expected
    assert verify_session(attack).verdict != "PASS"
    assert replay_all_direct(attack) == "PASS"  # not a floor: a model may overrule it
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale


# --- unit mismatch: HARD (a number no output contains in that unit, spec §7) -------------------


@pytest.mark.parametrize(
    ("claimed", "honest", "output", "excerpt"),
    [
        ("GET /cart 的 P95 为 420 秒", "GET /cart 的 P95 为 420ms", "route=/cart p95=420ms p50=61ms", "p95=420ms"),
        (
            "billing-db 的 /pgdata 只剩 7 GB",
            "billing-db 的 /pgdata 只剩 7 MB",
            "[root@billing-db ~]# df -m /pgdata\nFilesystem  1M-blocks  Used Available Use% Mounted on\n"
            "/dev/sdb1  40960  40953  7  100% /pgdata",
            "/dev/sdb1  40960  40953  7  100% /pgdata",
        ),
        (
            "锁 lock:order:991 的剩余过期时间为 45 分钟",
            "锁 lock:order:991 的剩余过期时间为 45 秒",
            "redis> TTL lock:order:991\n(integer) 45\n# unit: seconds",
            "(integer) 45",
        ),
        (
            "sync-worker 的重试退避为 15 分钟",
            "sync-worker 的重试退避为 15s",
            "# sync-worker\nretry:\n  backoff: 15s\n  max: 8",
            "backoff: 15s",
        ),
        (
            "thumbnailer 的内存上限为 768Gi",
            "thumbnailer 的内存上限为 768Mi",
            "- name: thumbnailer\n  limits:\n    memory: 768Mi\n    cpu: 250m",
            "memory: 768Mi",
        ),
        ("edge-7 出口速率 640 Mbps", "edge-7 出口速率 640 Kbps", '{"link": "edge-7", "tx": "640 Kbps"}', "640 Kbps"),
    ],
)
def test_unit_mismatch_is_a_hard_contradiction(claimed, honest, output, excerpt):
    assert_hard(session(claimed, excerpt, output), "absent_mention", session(honest, excerpt, output))


def test_unit_readings_and_declarations():
    assert readings("GiB") == readings("gb") != readings("mi")
    assert ("seconds", 60.0) in readings("m") and ("bytes", 2.0) in readings("m")  # "m" is ambiguous
    assert readings("次") == frozenset()  # a counter carries no unit to check
    declared = declared_units('{"lag_seconds": 12, "heap_used_mb": 300}\nsize [bytes]')
    assert {("seconds", 1.0), ("bytes", 2.0), ("bytes", 0.0)} <= declared
    number = extract_mentions("等待 90 分钟").numbers[0]
    assert not occurrence_agrees(number, "wait=90s", 7, frozenset)
    assert occurrence_agrees(number, "wait=90m", 7, frozenset)  # minutes is one reading of "m"
    assert occurrence_agrees(number, "wait=90 total", 7, frozenset)  # bare, nothing declared


def test_utc_offset_digits_are_no_duration():
    number = extract_mentions("持续 9 小时").numbers[0]
    assert not literal_number_in("tz: utc+9 lag above threshold for 22m", number)
    attack = session(
        "settle-consumer 积压超过阈值持续 9 小时",
        "lag above threshold for 22m",
        "tz: UTC+9\nlag above threshold for 22m",
        arguments={"service": "settle-consumer"},
    )
    honest = session(
        "settle-consumer 积压超过阈值持续 22m",
        "lag above threshold for 22m",
        "tz: UTC+9\nlag above threshold for 22m",
        arguments={"service": "settle-consumer"},
    )
    assert_hard(attack, "absent_mention", honest)


# --- value at a time: HARD ----------------------------------------------------------------------


def test_value_at_time_reads_points_whose_value_key_names_the_unit():
    output = {
        "series": [
            {"ts": "2026-12-01T08:10:00+09:00", "lat_ms": 95},
            {"ts": "2026-12-01T08:12:00+09:00", "lat_ms": 1880},
        ]
    }
    excerpt = '{"ts": "2026-12-01T08:12:00+09:00", "lat_ms": 1880}'
    args = {"service": "quote-api", "metric": "latency"}
    attack = session("quote-api 延迟在 08:10 达到 1880ms", excerpt, output, tool="query_metrics", arguments=args)
    honest = session("quote-api 延迟在 08:12 达到 1880ms", excerpt, output, tool="query_metrics", arguments=args)
    assert_hard(attack, "value_at_time", honest)


def test_value_at_time_reads_an_inline_series():
    output = "5xx by minute (shop-web): 09:31=12 09:32=640 09:33=2210 09:34=75"  # names its service
    attack = session("shop-web 的 5xx 在 09:32 达到 2210 个", "09:32=640 09:33=2210", output)
    honest = session("shop-web 的 5xx 在 09:33 达到 2210 个", "09:32=640 09:33=2210", output)
    assert_hard(attack, "value_at_time", honest)


def test_the_end_of_a_range_is_no_point_in_time():
    output = {"points": [["09:00", 100], ["09:20", 160]]}
    s = session("connections 09:00 到 09:20 增加了 60", '["09:20", 160]', output, tool="query_metrics")
    hard, _ = facts_of(s)
    assert "value_at_time" not in hard


# --- a value only in the arguments: HARD (record filters are no subject) ------------------------


def test_a_topic_or_group_only_in_the_arguments_is_absent():
    output = {"metric": "kafka_consumergroup_lag_sum", "points": [["07:00", 810], ["07:30", 640]]}
    args = {"metric": "kafka_consumergroup_lag_sum", "consumer_group": "invoice-builder", "topic": "invoice-jobs"}
    attack = session(
        "invoice-builder 在 invoice-jobs 上的积压从 07:00 的 810 降到 07:30 的 640",
        '[["07:00", 810], ["07:30", 640]]',
        output,
        arguments=args,
        tool="query_metrics",
    )
    honest = session(
        "积压从 07:00 的 810 降到 07:30 的 640",
        '[["07:00", 810], ["07:30", 640]]',
        output,
        arguments=args,
        tool="query_metrics",
    )
    assert_hard(attack, "absent_mention", honest)
    # the queried service stays usable context: a log that never repeats its own service name
    logs = session(
        "ledger-core 写入超时 3 次", "write timeout x3", "write timeout x3", arguments={"service": "ledger-core"}
    )
    assert "absent_mention" not in facts_of(logs)[0]


# --- sums only when the claim adds up: HARD -----------------------------------------------------


def test_a_figure_is_a_sum_only_when_the_claim_says_it_adds_up():
    table = "NAME          RESTARTS   LAST-EXIT\nimg-proc-7x2   12         143"
    attack = session("img-proc-7x2 重启 155 次，上次退出码 143", "img-proc-7x2   12         143", table)
    honest = session("img-proc-7x2 重启 12 次，上次退出码 143", "img-proc-7x2   12         143", table)
    assert_hard(attack, "absent_mention", honest)
    pods = "NAME     RESTARTS\nq-a      40\nq-b      17"
    summed = session("两个 pod 共重启 57 次", "q-a      40\nq-b      17", pods)
    assert "absent_mention" not in facts_of(summed)[0]


# --- negation of a boolean field: SOFT (a lexical reading) --------------------------------------


def test_a_claim_against_a_false_field_is_contradicted():
    output = "Slave_IO_Running: Yes\nSlave_SQL_Running: No\nLast_SQL_Errno: 1062"
    args = {"host": "orders-replica"}
    attack = session(
        "orders-replica 的 SQL 线程没有停止，仍在正常运行", "Slave_SQL_Running: No", output, arguments=args
    )
    honest = session(
        "orders-replica 的 Slave_SQL_Running 为 No，SQL 线程已停止", "Slave_SQL_Running: No", output, arguments=args
    )
    assert_soft(attack, "negation", "contradicted", honest)


def test_a_claim_that_a_denied_event_happened_is_contradicted():
    output = "Name: search-idx-0\nLast State: Terminated\n  Reason: Error\n  Exit Code: 2\n  OOMKilled: false"
    attack = session("search-idx-0 上次退出是被 OOMKilled", "Exit Code: 2\n  OOMKilled: false", output)
    honest = session(
        "search-idx-0 上次以 Exit Code 2 退出，OOMKilled 为 false", "Exit Code: 2\n  OOMKilled: false", output
    )
    assert_soft(attack, "negation", "contradicted", honest)


def test_denying_a_success_the_log_reports():
    output = "03:10:44 etl-nightly load step: finished successfully in 912s"
    attack = session("etl-nightly 的加载步骤没有成功", "load step: finished successfully in 912s", output)
    honest = session(
        "etl-nightly 的加载步骤 finished successfully，耗时 912s", "load step: finished successfully in 912s", output
    )
    assert_soft(attack, "negation", "contradicted", honest)


# --- scope beyond the evidence: SOFT -------------------------------------------------------------


def test_universal_scope_over_one_observation_is_overstated():
    output = (
        "NAME                  READY   STATUS             RESTARTS\nrisk-api-6c9f-lm2q8   0/1     CrashLoopBackOff   7"
    )
    excerpt = "risk-api-6c9f-lm2q8   0/1     CrashLoopBackOff   7"
    attack = session("risk-api 的每个实例都处于 CrashLoopBackOff，重启 7 次", excerpt, output)
    honest = session("risk-api-6c9f-lm2q8 处于 CrashLoopBackOff，重启 7 次", excerpt, output)
    assert_soft(attack, "scope_wording", "overstated", honest)


def test_scope_shown_by_a_whole_count_is_not_overstated():
    output = "pool edge-b: e-1 DOWN, e-2 DOWN, e-3 DOWN, e-4 DOWN (0/4 healthy)"
    s = session("edge-b 池的 e-1、e-2、e-3、e-4 全部 DOWN（0/4 healthy）", output.split(": ", 1)[1], output)
    assert "scope_wording" not in facts_of(s)[1]


# --- content only a guidance binding carries: SOFT -----------------------------------------------


def test_a_trivial_binding_does_not_lend_guidance_content():
    guidance = [
        {
            "doc_id": "hc-2025-0931",
            "doc_type": "historical_case",
            "title": "去年的超时",
            "content": "根因：批处理任务在整点占满了出口带宽。",
        }
    ]
    output = "svc: report-api\n# Network\nrx_bytes:9912331\ntx_bytes:1203321"
    kb = {
        "invocation_id": "call_m2",
        "trace_ref": "trace:00000000000000a2",
        "tool_name": "lookup_knowledge",
        "arguments": {"query": "整点 超时"},
        "status": "ok",
        "output": guidance,
    }
    kb_binding = {
        "source_type": "historical_case",
        "source_id": "call_m2",
        "tool_name": "lookup_knowledge",
        "source_invocation_ids": ["call_m2"],
        "evidence_excerpt": "批处理任务在整点占满了出口带宽",
    }
    attack = session(
        "批处理任务在整点占满了出口带宽",
        "# Network",
        output,
        extra_bindings=[kb_binding],
        extra_calls=[kb],
        tool="read_stats",
    )
    honest = session(
        "report-api 的 tx_bytes 为 1203321", "tx_bytes:1203321", output, extra_calls=[kb], tool="read_stats"
    )
    assert_soft(attack, "uncovered_concepts", "unsupported", honest)


# --- the glossary: what a covered concept is made of is covered (SOFT reading) ------------------


def test_a_part_of_a_covered_concept_is_covered():
    cov = G.concept_coverage(
        "order-svc 的连接池 hikari-main 耗尽，活跃连接 40", ["hikari-main pool exhausted active=40"]
    )
    assert cov.uncovered == ()
    assert G.concept_coverage("order-svc 的活跃连接 40", ["active=40"]).uncovered == ("connection",)


# --- answer sentences: a Chinese cause no claim carries (spec §9 extra fact) ---------------------


def test_a_root_cause_in_chinese_words_no_claim_carries_is_an_extra_fact():
    output = "2026-12-01 02:11:09 bill-export: write /exports/a.csv failed: No space left on device"
    claim_text = "bill-export 写 /exports/a.csv 失败：No space left on device"
    excerpt = "write /exports/a.csv failed: No space left on device"
    attack = session(claim_text, excerpt, output, answer=f"{claim_text}。根本原因是运维同事误改了归档脚本。")
    honest = session(claim_text, excerpt, output, answer=f"{claim_text}。归档脚本是否被改过还需要进一步确认。")
    assert verify_session(attack).verdict == "LOW_CONFID"
    assert verify_session(honest).verdict == "PASS"
    assert new_cause_wording("根本原因是运维同事误改了归档脚本", claim_text)
    assert not new_cause_wording("原因是 No space left on device", claim_text)  # quoted output: other checks
    assert not is_assertion("是否为磁盘故障还需要导出日志来确认。")


# --- no cache keyed by output text outlives a session -------------------------------------------


def test_evidence_views_live_with_their_session():
    text = "pool exhausted: active=50 max=50"
    assert G.evidence_view(text) is not G.evidence_view(text)  # nothing cached by text
    assert not hasattr(G, "_views")
    index = TraceIndex(ensure_session(session("x 耗尽", text, text)))
    ev = index.get("call_m1")
    assert glossary_view(ev) is glossary_view(ev)  # once per call within the session
    view = glossary_view(ev)
    assert G.evidence_view(view) is view and G.carries(view, "exhausted")


# --- identifiers a claim may fabricate: HARD ----------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "honest", "output"),
    [
        # a trace id only in the arguments (a record filter), never in the output
        (
            "trace 4f0c9e21d8b7a6f5e4d3c2b1a0f9e8d7 中 cart-api 调用 stock-svc 超时 2500ms",
            "cart-api 调用 stock-svc 超时 2500ms",
            "[cart-api] call stock-svc timed out after 2500ms",
        ),
        # a SQLSTATE led by a digit
        (
            "billing-svc 报 deadlock detected（SQLSTATE 40P01）",
            "billing-svc 报 lock timeout（SQLSTATE 55P03）",
            "[billing-svc] ERROR: lock timeout (SQLSTATE 55P03)",
        ),
        # a URL whose path the output does not hold (the output is JSON with escaped slashes)
        (
            "order-api 调用 http://inv-core:9090/v3/reserve 返回 502",
            "order-api 调用 http://inv-core:9090/v2/reserve 返回 502",
            '{"caller":"order-api","url":"http:\\/\\/inv-core:9090\\/v2\\/reserve","status":502}',
        ),
    ],
)
def test_fabricated_identifiers_are_contradicted(attack, honest, output):
    args = {"service": "order-api", "trace_id": "4f0c9e21d8b7a6f5e4d3c2b1a0f9e8d7"}
    excerpt = output if not output.startswith("{") else '"status":502'
    assert_hard(
        session(attack, excerpt, output, arguments=args),
        "absent_mention",
        session(honest, excerpt, output, arguments=args),
    )


# --- a ratio of a value to itself: HARD -----------------------------------------------------------


def test_one_hundred_percent_is_no_ratio_of_a_value_to_itself():
    output = '"{\\"alert\\": \\"DiskHigh\\", \\"summary\\": \\"/var 使用率 91%\\"}"'
    output = json.loads(output)  # a string holding JSON: raw and decoded texts repeat "91%"
    attack = session("kv-3 的 /var 使用率达到 100%", "DiskHigh", output, arguments={"host": "kv-3"})
    honest = session("kv-3 的 /var 使用率为 91%", "DiskHigh", output, arguments={"host": "kv-3"})
    assert_hard(attack, "absent_mention", honest)
    full = session(
        "etl-pool 活跃线程 32，已达上限 32，利用率 100%",
        "active=32 max=32",
        "pool=etl-pool active=32 max=32",
        arguments={"service": "etl"},
    )
    assert "absent_mention" not in facts_of(full)[0]  # the output states the value twice: 32 of 32


# --- a number hidden by a no-break space ----------------------------------------------------------


def test_a_no_break_space_inside_a_number_does_not_hide_it():
    output = "[img-web] GET /thumb -> 50\u00a04 (upstream img-core)"
    s = session("img-web 的 GET /thumb 返回 504，上游为 img-core", "GET /thumb -> 504 (upstream img-core)", output)
    assert verify_session(s).verdict == "PASS"
    fake = session("img-web 的 GET /thumb 返回 502，上游为 img-core", "GET /thumb -> 504 (upstream img-core)", output)
    assert check(fake) == "contradicted"


# --- concept readings (SOFT): figures and quoted causes ------------------------------------------


def test_a_value_at_its_maximum_carries_full():
    assert G.at_limit("pool=ingest-exec active=48 max=48 queue=310")
    assert G.at_limit('{"max": 80, "points": [["11:00", 31], ["11:05", 80]]}')
    assert not G.at_limit("active=20 max=80 at 11:20")
    answer = "ingest 的线程池 ingest-exec active=48 已达 max=48。线程池满了。"
    s = session(
        "ingest 的线程池 ingest-exec active=48 已达 max=48",
        "pool=ingest-exec active=48 max=48",
        "app=ingest pool=ingest-exec active=48 max=48 queue=310",
        answer=answer,
    )
    assert verify_session(s).verdict == "PASS"


def test_a_measure_is_carried_by_its_value():
    output = "03:12:09 nightly-compact done in 418s"
    s = session("nightly-compact 完成，耗时 418s", "nightly-compact done in 418s", output)
    assert "uncovered_concepts" not in facts_of(s)[1]
    wrong = session("nightly-compact 完成，耗时 418 分钟", "nightly-compact done in 418s", output)
    assert check(wrong) == "contradicted"


def test_a_cause_quoted_from_the_output_is_observed_not_inferred():
    output = "Conditions:\n  Ready   False   KubeletNotReady   container runtime is down"
    excerpt = "Ready   False   KubeletNotReady   container runtime is down"
    quoted = session(
        "node-12 的 Ready 为 False，原因 KubeletNotReady（container runtime is down）",
        excerpt,
        output,
        arguments={"node": "node-12"},
    )
    assert "causal_as_direct" not in facts_of(quoted)[1]
    read_in = session("node-12 的 Ready 为 False，原因是磁盘故障", excerpt, output, arguments={"node": "node-12"})
    assert "causal_as_direct" in facts_of(read_in)[1]
