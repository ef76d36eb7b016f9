"""No phoning home: verification, a turn and an eval open no connection beyond loopback."""

import json

import dspy
from builders import base_contract, base_session
from fakes import ScriptedLM, verifier_answer
from net_guard import loopback_only
from openai_server import ScriptedOpenAIServer

from groundcheck.evals.evaluate import evaluate
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.lm.executor import Executor, replay_tools
from groundcheck.programs.lm.settings import LMSettings, make_lm
from groundcheck.programs.lm.turn import DiagnosisTurn
from groundcheck.programs.lm.verifier import LMChecker

ALL_DIRECT = {f"c{i}": "direct_observation" for i in range(1, 6)}


def test_verification_turn_and_eval_stay_on_loopback(monkeypatch):
    with loopback_only(monkeypatch) as attempts:
        verify_session(base_session())
        verify_session(base_session(), LMChecker(ScriptedLM([verifier_answer(ALL_DIRECT)])))
        steps = [
            {"next_thought": "完成", "next_tool_name": "finish", "next_tool_args": {}},
            {"reasoning": "r", "contract": json.dumps(base_contract(), ensure_ascii=False)},
        ]
        DiagnosisTurn(Executor(replay_tools(base_session())), ScriptedLM(steps), "rules")("q")
        evaluate("synthetic-dev", workers=1, limit=40, progress=False)
    assert attempts == []


def test_first_litellm_call_fetches_nothing_from_the_internet(monkeypatch):
    from dspy.utils.dummies import DummyLM

    text = DummyLM([])._format_answer_fields(verifier_answer(ALL_DIRECT))
    with ScriptedOpenAIServer() as server, loopback_only(monkeypatch) as attempts:
        server.script = [("ok", text)]
        lm = make_lm(LMSettings(model="openai/gpt-4o-mini", api_base=server.base_url, api_key="sk-test"))
        record = verify_session(base_session(), LMChecker(lm))
        assert record.verdict == "PASS"
    assert attempts == []
    assert dspy.settings.lm is None
