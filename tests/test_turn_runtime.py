"""The chat-runtime side of a turn: sync/async tools, overlap, time-outs, per-request context,
history, the raw contract text, named outages, one session for both rounds (issue 11)."""

import asyncio
import json
import socket
import time

import dspy
import pytest
from builders import base_contract, base_session
from fake_lm_server import ReactResponder, RespondingServer, with_invocations
from fakes import ScriptedLM
from test_executor_turn import ALL_CALLS, _wrong_contract, react_steps

from groundcheck.programs import SessionStore, verifier_rounds
from groundcheck.programs.core.reply import EXECUTOR_UNAVAILABLE, VERIFIER_UNAVAILABLE
from groundcheck.programs.lm.executor import Executor, replay_tools
from groundcheck.programs.lm.settings import LMSettings, make_lm
from groundcheck.programs.lm.turn import DiagnosisTurn
from groundcheck.programs.lm.verifier import LMChecker as _LMChecker
from groundcheck.programs.lm.verifier import Verifier

PLAN = [("query_logs", {"service": "order-service"}), ("query_metrics", {"metric": "m"})]
LOG_LINE = base_session()["tool_calls"][0]["output"]


def _honest_two_call_contract(question, retry, seen):
    contract = base_contract()
    contract["claims"] = [c for c in contract["claims"] if c["claim_id"] == "c1"]
    return with_invocations(contract, dict(zip(["call_o1"], seen, strict=False)))


def responder_lm(contract=_honest_two_call_contract, plan=PLAN):
    return ScriptedLM([ReactResponder(plan, contract)], repeat_last=True)


def test_async_tools_are_awaited_under_both_apis():
    async def query_logs(service: str) -> str:
        await asyncio.sleep(0.01)
        return LOG_LINE + f"\n(service={service})"

    def query_metrics(metric: str) -> dict:
        return {"metric": metric, "points": [["13:50", 1]]}

    tools = {"query_logs": query_logs, "query_metrics": query_metrics}
    sync_result = DiagnosisTurn(Executor(tools), responder_lm(), "rules")("q")
    async_result = asyncio.run(DiagnosisTurn(Executor(tools), responder_lm(), "rules").acall("q"))
    for result in (sync_result, async_result):
        calls = result.sessions[0]["tool_calls"]
        assert [c["status"] for c in calls] == ["ok", "ok"]
        assert calls[0]["output"] == LOG_LINE + "\n(service=order-service)"  # not "<coroutine object ...>"
        assert result.records[0].executor_output_parse_status.status == "valid"
        assert result.records[0].claim_checks[0].verification == "direct_observation"


def test_sync_tools_overlap_under_acall():
    def slow(name):
        def tool(**kwargs) -> str:
            time.sleep(0.3)
            return LOG_LINE

        tool.__name__ = name
        return tool

    tools = {"query_logs": slow("query_logs"), "query_metrics": slow("query_metrics")}
    turn = DiagnosisTurn(Executor(tools), responder_lm(), "rules")

    async def many():
        return await asyncio.gather(*(turn.acall(f"q{i}") for i in range(8)))

    start = time.perf_counter()
    results = asyncio.run(many())
    wall = time.perf_counter() - start
    assert all(len(r.sessions[0]["tool_calls"]) == 2 for r in results)
    assert wall < 8 * 2 * 0.3 / 2, wall  # serialized: 4.8 s; overlapped: about 0.6 s plus the LM steps


def test_tool_timeouts_and_exceptions_become_error_calls():
    async def query_logs(service: str) -> str:
        await asyncio.sleep(5)
        return "late"

    def query_metrics(metric: str) -> str:
        raise ConnectionError("prometheus unreachable")

    executor = Executor({"query_logs": query_logs, "query_metrics": query_metrics}, tool_timeout=0.2)
    for call in (lambda t: t("q"), lambda t: asyncio.run(t.acall("q"))):
        start = time.perf_counter()
        result = call(DiagnosisTurn(executor, responder_lm(), "rules"))
        calls = result.sessions[0]["tool_calls"]
        assert [c["status"] for c in calls] == ["error", "error"]
        assert "within 0.2 s" in calls[0]["output"] and calls[1]["output"] == "ConnectionError: prometheus unreachable"
        assert time.perf_counter() - start < 4


def test_context_reaches_tools_that_declare_it_and_never_the_model():
    seen = []

    def query_logs(service: str, context: dict | None = None) -> str:
        seen.append(context)
        return LOG_LINE

    async def query_metrics(metric: str, context: dict | None = None) -> str:
        seen.append(context)
        return "{}"

    lm = responder_lm()
    ctx = {"tenant": "acme-secret-tenant", "window": ["10:00", "11:00"]}
    result = DiagnosisTurn(Executor({"query_logs": query_logs, "query_metrics": query_metrics}), lm, "rules")(
        "q", context=ctx)
    assert seen == [ctx, ctx]
    assert all("context" not in c["arguments"] for c in result.sessions[0]["tool_calls"])
    prompts = "\n".join(lm.prompt_text(i) for i in range(len(lm.prompts)))
    assert "acme-secret-tenant" not in prompts and "context" not in json.dumps(Executor(
        {"query_logs": query_logs}).answer.tools["query_logs"].args)


def test_history_reaches_the_executor_only():
    exec_lm = responder_lm()
    ver_lm = ScriptedLM([ReactResponder([], _honest_two_call_contract)], repeat_last=True)
    history = [{"role": "user", "content": "昨天 order-service 也重启过吗？"},
               {"role": "assistant", "content": "是的，昨天 22:10 重启过一次。"}]
    result = DiagnosisTurn(Executor(replay_tools(base_session())), exec_lm, LMChecker(ver_lm))(
        "那今天呢？", history=history)
    assert "昨天 22:10 重启过一次" in exec_lm.prompt_text(0)
    assert all("昨天 22:10" not in ver_lm.prompt_text(i) for i in range(len(ver_lm.prompts)))
    assert result.sessions[0]["messages"] == history  # kept in the session for audit


@pytest.mark.parametrize(("raw", "status", "fenced"), [
    ("说明如下：\n{json}", "malformed", False),
    ("```json\n{json}\n```", "valid", True),
])
def test_the_parser_judges_the_text_the_model_wrote(raw, status, fenced):
    text = raw.replace("{json}", json.dumps(base_contract(), ensure_ascii=False))
    lm = ScriptedLM([*react_steps(ALL_CALLS, base_contract())[:-1], {"reasoning": "r", "contract": text}])
    result = DiagnosisTurn(Executor(replay_tools(base_session())), lm, "rules", max_rounds=1)("q")
    record = result.records[0]
    assert result.sessions[0]["executor_final_answer"] == text
    assert record.executor_output_parse_status.status == status
    assert record.executor_output_parse_status.fenced is fenced
    assert ("contract.fenced" in record.gatekeeper_result.warned_rules) is fenced


def test_executor_outage_is_named_in_record_and_reply():
    lm = ScriptedLM([ConnectionError("executor LM unreachable")], repeat_last=True)
    result = DiagnosisTurn(Executor(replay_tools(base_session())), lm, "rules")("q")
    record = result.records[0]
    assert record.executor_error and "unreachable" in record.executor_error and record.verifier_error is None
    assert record.executor_output_parse_status.status == "missing" and len(result.records) == 1
    assert result.reply == EXECUTOR_UNAVAILABLE and "结构化校验" not in result.reply
    assert result.outage == "executor"


def test_verifier_outage_is_named_in_record_and_reply():
    ver_lm = ScriptedLM([TimeoutError("verifier LM timed out")], repeat_last=True)
    result = DiagnosisTurn(Executor(replay_tools(base_session())), responder_lm(), LMChecker(ver_lm))("q")
    record = result.records[-1]
    assert record.verifier_error and record.executor_error is None and record.verdict == "LOW_CONFID"
    assert result.outage == "verifier" and VERIFIER_UNAVAILABLE in result.reply
    assert base_contract()["claims"][0]["claim_text"] not in result.reply.split(VERIFIER_UNAVAILABLE)[1]


def _closed_port_url():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def _http_lm(url):
    return make_lm(LMSettings(model="openai/fake", api_base=url, api_key="sk-local", num_retries=0, timeout=5))


def test_live_endpoints_down_executor_then_verifier():
    with RespondingServer(ReactResponder(PLAN, _honest_two_call_contract)) as server:
        up, down = _http_lm(server.base_url), _http_lm(_closed_port_url())
        executor = Executor(replay_tools(base_session()))
        no_exec = asyncio.run(DiagnosisTurn(executor, down, LMChecker(up)).acall("q"))
        no_ver = asyncio.run(DiagnosisTurn(executor, up, LMChecker(down)).acall("q"))
    assert no_exec.outage == "executor" and no_exec.records[0].executor_error
    assert no_exec.reply == EXECUTOR_UNAVAILABLE
    assert no_ver.outage == "verifier" and no_ver.records[-1].verifier_error
    assert no_ver.records[-1].executor_error is None and VERIFIER_UNAVAILABLE in no_ver.reply
    # 2 tool steps + finish + extract, 10 prompt tokens each as the fake server reports
    assert no_ver.executor_usage == {"prompt_tokens": 40, "completion_tokens": 40}


def test_both_rounds_are_one_session_and_one_row(tmp_path):
    lm = ScriptedLM(react_steps(ALL_CALLS, _wrong_contract()) + react_steps(ALL_CALLS, base_contract()))
    result = DiagnosisTurn(Executor(replay_tools(base_session())), lm, "rules")("q", session_id="sess-42")
    assert [s["session_id"] for s in result.sessions] == ["sess-42", "sess-42"]
    assert [s["round"] for s in result.sessions] == [1, 2]
    store = SessionStore(f"sqlite:///{tmp_path / 'gc.sqlite'}")
    for record in result.records:
        store.save_verifier_evaluation(result.session_id, record)
    saved = store.get("sess-42")
    assert saved["verifier_evaluation"]["verdict"] == "PASS" and saved["verifier_evaluation"]["round"] == 2
    assert [r["verdict"] for r in verifier_rounds(saved)] == ["REJECT", "PASS"]
    assert store.get("sess-42#r2") is None


def test_dspy_settings_stay_clean():
    DiagnosisTurn(Executor(replay_tools(base_session())), responder_lm(), "rules")("q")
    assert dspy.settings.lm is None


def LMChecker(lm):  # a fresh Verifier: these tests are about the turn, not the shipped demos
    return _LMChecker(lm, Verifier())


def test_logs_go_to_the_groundcheck_logger_without_library_handlers(caplog):
    import logging

    caplog.set_level(logging.INFO, logger="groundcheck")
    lm = ScriptedLM([ConnectionError("executor LM unreachable")], repeat_last=True)
    DiagnosisTurn(Executor(replay_tools(base_session())), lm, "rules")("q", session_id="log-1")
    ours = [r for r in caplog.records if r.name.startswith("groundcheck.")]
    assert any(r.levelname == "WARNING" and "log-1" in r.getMessage() and "executor unavailable" in r.getMessage()
               for r in ours)
    assert any("Executor run failed" in r.getMessage() for r in ours)
    assert logging.getLogger("groundcheck").handlers == []
    assert all(logging.getLogger(name).handlers == [] for name in {r.name for r in ours})


def test_history_must_be_role_content_pairs():
    from groundcheck.programs.errors import InputError

    with pytest.raises(InputError):
        DiagnosisTurn(Executor(replay_tools(base_session())), responder_lm(), "rules")("q", history=["hi"])
