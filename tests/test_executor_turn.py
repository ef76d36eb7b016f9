"""Executor (tool recorder, replayed tools), DiagnosisTurn with its retry round, driven by scripted LMs."""

import asyncio
import json

import dspy
from builders import base_contract, base_session, claim
from fakes import ScriptedLM, verifier_answer

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.lm.executor import Executor, ToolRecorder, ToolResult, replay_tools
from groundcheck.programs.lm.turn import DiagnosisTurn, build_retry_context
from groundcheck.programs.lm.verifier import LMChecker


def react_steps(calls, contract):
    """The Executor LM's script: one ReAct step per tool call, finish, then the extracted contract."""
    steps = [{"next_thought": f"查 {name}", "next_tool_name": name, "next_tool_args": args} for name, args in calls]
    steps.append({"next_thought": "证据足够", "next_tool_name": "finish", "next_tool_args": {}})
    steps.append({"reasoning": "整理结论", "contract": json.dumps(contract, ensure_ascii=False)})
    return steps


ALL_CALLS = [
    ("query_logs", {"service": "order-service"}),
    ("query_metrics", {"metric": "container_memory_working_set_bytes"}),
    ("query_metrics", {"metric": "kube_pod_container_status_restarts_total"}),
]


def test_recorder_assigns_ids_keeps_runtime_ids_and_records_errors():
    recorder = ToolRecorder(trace_id="t" * 32)

    def boom(**kwargs):
        raise ConnectionError("prometheus unreachable")

    first = recorder.invoke("query_logs", lambda **kw: "ERROR x", {"service": "a"})
    kept = recorder.invoke("query_metrics", lambda **kw: ToolResult({"v": 1}, "tool_call_abc", "tr:sp"), {})
    failed = recorder.invoke("query_metrics", boom, {"metric": "m"})
    assert first["invocation_id"].startswith("call_") and recorder.calls[0]["trace_ref"].startswith("t" * 32 + ":")
    assert kept["invocation_id"] == "tool_call_abc" and recorder.calls[1]["trace_ref"] == "tr:sp"
    assert failed["status"] == "error" and recorder.calls[2]["output"] == "ConnectionError: prometheus unreachable"
    assert [c["arguments"] for c in recorder.calls] == [{"service": "a"}, {}, {"metric": "m"}]
    again = recorder.invoke("query_metrics", lambda **kw: ToolResult({"v": 1}, "tool_call_abc"), {})
    assert again["invocation_id"] == "tool_call_abc#2"  # ids stay unique within a session


def test_replay_tools_answer_from_the_recording():
    tools = replay_tools(base_session())
    assert set(tools) == {"query_logs", "query_metrics", "lookup_knowledge"}
    by_args = tools["query_metrics"](metric="kube_pod_container_status_restarts_total")
    assert by_args.invocation_id == "call_o3"
    assert tools["query_metrics"]().invocation_id == "call_o2"  # the least-used recording
    assert tools["query_metrics"]().invocation_id == "call_o2"  # o2 and o3 used once each: first again
    assert tools["query_metrics"]().invocation_id == "call_o3"


def test_executor_run_becomes_a_verifiable_session():
    lm = ScriptedLM(react_steps(ALL_CALLS, base_contract()))
    executor = Executor(replay_tools(base_session()))
    with dspy.context(lm=lm):
        run = executor(question="订单服务为什么重启？")
    assert run.error is None
    assert [c["invocation_id"] for c in run.tool_calls] == ["call_o1", "call_o2", "call_o3"]
    session = run.to_session("s-exec", "订单服务为什么重启？")
    record = verify_session(session)
    assert record.executor_output_parse_status.status == "valid"
    assert "query_logs" in lm.prompt_text(0) and "invocation_id" in lm.prompt_text(1)


def test_executor_failure_gives_a_missing_round():
    executor = Executor(replay_tools(base_session()))
    with dspy.context(lm=ScriptedLM([RuntimeError("rate limited for good")])):
        run = executor(question="q")
    assert run.final_answer is None and "rate limited" in run.error
    record = verify_session(run.to_session("s-fail", "q"))
    assert record.executor_output_parse_status.status == "missing" and record.verdict == "LOW_CONFID"


def test_executor_unparseable_answer_is_kept_raw():
    steps = react_steps([], base_contract())[:-1] + ["这是自然语言回答，不是 JSON。"] * 2
    executor = Executor(replay_tools(base_session()))
    with dspy.context(lm=ScriptedLM(steps)):
        run = executor(question="q")
    assert run.final_answer and "自然语言" in run.final_answer
    assert verify_session(run.to_session("s-raw", "q")).executor_output_parse_status.status == "malformed"


def _wrong_contract():
    contract = base_contract()
    claim(contract, "c3")["claim_text"] = "内存工作集在 14:03 达到 768Mi"
    return contract


def test_reject_triggers_a_retry_round_then_pass():
    lm = ScriptedLM(react_steps(ALL_CALLS, _wrong_contract()) + react_steps(ALL_CALLS, base_contract()))
    turn = DiagnosisTurn(Executor(replay_tools(base_session())), lm, "rules")
    result = turn("订单服务为什么重启？", session_id="turn-1")
    assert [r.verdict for r in result.records] == ["REJECT", "PASS"]
    assert result.sessions[1]["round"] == 2 and result.sessions[1]["retry_context"]["failed_claims"] == ["c3"]
    retry_prompt = "\n".join(lm.prompt_text(i) for i in range(len(lm.prompts)) if "retry_context" in lm.prompt_text(i))
    assert "c3" in retry_prompt
    assert result.reply == base_contract()["user_facing_answer"]


def test_reject_after_last_round_shows_only_hypotheses_actions_missing_info():
    lm = ScriptedLM(react_steps(ALL_CALLS, _wrong_contract()) * 2)
    result = DiagnosisTurn(Executor(replay_tools(base_session())), lm, "rules")("q")
    assert [r.verdict for r in result.records] == ["REJECT", "REJECT"]
    assert "768Mi" not in result.reply and "可能存在内存泄漏" in result.reply
    assert not result.reply.lstrip().startswith("{")


def test_low_confid_reply_has_a_chinese_caveat_and_lm_verifier():
    contract = base_contract()
    claim(contract, "c5")["support_level"] = "none"
    claim(contract, "c5")["evidence_bindings"] = []
    exec_lm = ScriptedLM(react_steps(ALL_CALLS, contract))
    ver_lm = ScriptedLM([verifier_answer({f"c{i}": "direct_observation" for i in range(1, 5)} | {"c5": "unsupported"},
                                         "LOW_CONFID")])
    result = DiagnosisTurn(Executor(replay_tools(base_session())), exec_lm, LMChecker(ver_lm))("q")
    assert result.verdict == "LOW_CONFID" and len(result.records) == 1
    assert "置信度较低" in result.reply and contract["user_facing_answer"] in result.reply
    assert result.records[0].backend == "lm:scripted"


def test_async_turn():
    lm = ScriptedLM(react_steps(ALL_CALLS, base_contract()))
    turn = DiagnosisTurn(Executor(replay_tools(base_session())), lm, "rules")
    result = asyncio.run(turn.acall("订单服务为什么重启？"))
    assert result.verdict == "PASS"


def test_retry_context_names_failed_rules_and_claims():
    record = verify_session({**base_session(), "executor_final_answer": json.dumps(_wrong_contract())})
    retry = build_retry_context(record)
    assert retry["previous_verdict"] == "REJECT" and retry["failed_claims"] == ["c3"]
    assert retry["claim_findings"][0]["verification"] == "contradicted" and retry["rationale"]
