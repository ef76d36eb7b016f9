"""The real litellm client path against a local OpenAI-compatible server on 127.0.0.1."""

import io
import json

import pytest
from builders import session_with
from fakes import verifier_answer
from net_guard import loopback_only
from openai_server import ScriptedOpenAIServer

from groundcheck.programs.cli import main
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.lm.settings import LMSettings, make_lm
from groundcheck.programs.lm.verifier import LMChecker
from groundcheck.programs.store import SessionStore

ALL_DIRECT = {f"c{i}": "direct_observation" for i in range(1, 6)}


def chat_text(fields):
    from dspy.utils.dummies import DummyLM

    return DummyLM([])._format_answer_fields(fields)


GOOD = chat_text(verifier_answer({**ALL_DIRECT, "c5": "reasonable_inference"}, "PASS"))


@pytest.fixture(scope="module")
def server():
    with ScriptedOpenAIServer() as srv:
        yield srv


def checker(server, timeout=5.0, retries=2):
    lm = make_lm(LMSettings(model="openai/test-model", api_base=server.base_url, api_key="sk-test",
                            timeout=timeout, num_retries=retries))
    return LMChecker(lm)


@pytest.mark.parametrize(
    ("name", "script", "timeout", "verdict", "error"),
    [
        ("success", [("ok", GOOD)], 10, "PASS", None),
        ("429-then-success", [("status", 429), ("ok", GOOD)], 10, "PASS", None),
        ("500", [("status", 500)] * 4, 10, "LOW_CONFID", "InternalServerError"),
        ("hang-past-timeout", [("hang", 30)] * 4, 1.5, "LOW_CONFID", "Timeout"),
        ("not-the-expected-json", [("ok", "结论：全部通过。")] * 4, 10, "LOW_CONFID", "AdapterParseError"),
        ("not-an-openai-body", [("raw", "<html>bad gateway</html>")] * 4, 10, "LOW_CONFID", "Error"),
    ],
)
def test_every_server_behaviour_ends_in_a_verdict(server, monkeypatch, name, script, timeout, verdict, error):
    server.script = list(script)
    with loopback_only(monkeypatch) as attempts:
        record = verify_session(session_with(), checker(server, timeout=timeout, retries=1))
    assert record.verdict == verdict, record.verifier_error
    if error:
        assert record.verifier_error and error in record.verifier_error
    else:
        assert record.verifier_error is None and record.model_verdict == "PASS"
    assert attempts == []
    sent = server.requests[-1]
    assert sent["model"] == "test-model" and sent["messages"][0]["role"] == "system"


def test_cli_verify_with_lm_persists(server, tmp_path, monkeypatch):
    server.script = [("ok", GOOD)]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(session_with(session_id="cli-lm-1"), ensure_ascii=False), encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'gc.sqlite'}"
    out = io.StringIO()
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")  # litellm reads the key from the usual variable
    with loopback_only(monkeypatch) as attempts:
        code = main(["verify", str(path), "--backend", "lm", "--lm", "openai/test-model", "--api-base",
                     server.base_url, "--db", db], stdout=out, stderr=io.StringIO())
    assert code == 0 and attempts == []
    record = json.loads(out.getvalue())
    assert record["backend"] == "lm:openai/test-model" and record["verdict"] == "PASS"
    stored = SessionStore(db).get("cli-lm-1")
    assert stored["verifier_evaluation"]["verdict"] == "PASS"


def test_cli_lm_without_model_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.delenv("GROUNDCHECK_LM", raising=False)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(session_with()), encoding="utf-8")
    err = io.StringIO()
    assert main(["verify", str(path), "--backend", "lm"], stdout=io.StringIO(), stderr=err) == 2
    assert "GROUNDCHECK_LM" in err.getvalue()
