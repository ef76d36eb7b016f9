"""CLI paths that need an LM, over the local OpenAI-compatible server: turn, optimize, --program."""

import io
import json

import pytest
from builders import base_contract, base_session
from openai_server import ScriptedOpenAIServer

from groundcheck.programs.cli import main
from groundcheck.programs.store import SessionStore


def chat(fields):
    from dspy.utils.dummies import DummyLM

    return DummyLM([])._format_answer_fields(fields)


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), stdout=out, stderr=err), out.getvalue(), err.getvalue()


@pytest.fixture
def server(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with ScriptedOpenAIServer() as srv:
        yield srv


def test_turn_replays_tools_and_persists_both_rounds(server, tmp_path):
    wrong = base_contract()
    wrong["claims"][2]["claim_text"] = "内存工作集在 14:03 达到 768Mi"
    steps = []
    for contract in (wrong, base_contract()):
        steps += [
            chat({"next_thought": "查日志", "next_tool_name": "query_logs",
                  "next_tool_args": {"service": "order-service"}}),
            chat({"next_thought": "查指标", "next_tool_name": "query_metrics", "next_tool_args": {}}),
            chat({"next_thought": "查重启", "next_tool_name": "query_metrics", "next_tool_args": {}}),
            chat({"next_thought": "完成", "next_tool_name": "finish", "next_tool_args": {}}),
            chat({"reasoning": "r", "contract": json.dumps(contract, ensure_ascii=False)}),
        ]
    server.script = [("ok", s) for s in steps]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base_session(), ensure_ascii=False), encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'gc.sqlite'}"
    code, out, err = run("turn", str(path), "--lm", "openai/exec", "--api-base", server.base_url, "--db", db)
    assert code == 0, err
    assert "REJECT -> PASS" in out
    assert base_contract()["user_facing_answer"] in out and '"claims"' not in out
    store = SessionStore(db)
    sid = base_session()["session_id"]
    saved = store.get(sid)  # one row per session: the highest round current, earlier rounds in the history
    assert (saved["verifier_evaluation"]["verdict"], saved["verifier_evaluation"]["round"]) == ("PASS", 2)
    assert saved["verifier_evaluation_history"][0]["verdict"] == "REJECT"
    assert store.get(sid + "#r2") is None


def test_optimize_labeled_then_verify_with_that_program(server, tmp_path):
    code, out, _ = run("optimize", "verifier", "--optimizer", "labeled", "--trainset", "synthetic-train",
                       "--valset", "synthetic-dev", "--limit", "3", "--out", str(tmp_path / "prog"))
    assert code == 0 and "not scored (no LM)" in out
    answer = chat({"claim_checks": json.dumps([{"claim_id": f"c{i}", "verification": "direct_observation",
                                                  "detail": "ok"} for i in range(1, 6)]),
                   "verdict": "PASS", "groundedness_score": "1.0", "rationale": "ok"})
    server.script = [("ok", answer)]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base_session(), ensure_ascii=False), encoding="utf-8")
    code, out, _ = run("verify", str(path), "--backend", "lm", "--lm", "openai/v", "--api-base", server.base_url,
                       "--program", str(tmp_path / "prog"))
    assert code == 0 and json.loads(out)["model_verdict"] == "PASS"
    sent = json.dumps(server.requests[-1], ensure_ascii=False)
    assert sent.count("[[ ## claim_checks ## ]]") >= 2  # the compiled demos travel in the prompt


def test_bad_program_and_optimizer_errors_exit_2(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base_session()), encoding="utf-8")
    code, _, err = run("verify", str(path), "--backend", "lm", "--lm", "openai/x", "--program", str(tmp_path))
    assert code == 2 and "not a compiled groundcheck program" in err
    code, _, err = run("optimize", "verifier", "--optimizer", "mipro", "--trainset", "synthetic-train",
                       "--valset", "synthetic-dev", "--out", str(tmp_path / "o"))
    assert code == 2 and "needs --lm" in err


def test_eval_with_the_lm_backend(server, tmp_path):
    def answer_for_any(claim_ids):
        return chat({"claim_checks": json.dumps([{"claim_id": c, "verification": "unsupported", "detail": "x"}
                                                  for c in claim_ids]),
                     "verdict": "LOW_CONFID", "groundedness_score": "0.0", "rationale": "scripted"})

    server.script = [("ok", answer_for_any([f"c{i}" for i in range(1, 10)]))] * 12
    code, out, _ = run("eval", "--dataset", "synthetic-dev", "--limit", "12", "--backend", "lm", "--lm", "openai/ev",
                       "--api-base", server.base_url, "--workers", "2", "--report", str(tmp_path / "r"))
    assert code == 0, out
    report = json.loads((tmp_path / "r" / "report.json").read_text())
    assert report["backend"] == "lm:openai/ev" and report["n"] == 12
    assert report["metrics"]["false_pass_rate"] == 0.0  # a model that passes nothing never false-passes
