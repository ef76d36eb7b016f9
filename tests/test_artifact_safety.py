"""Artifacts are data: LM settings in them are refused, never applied; only regular files inside the
artifact directory are read, size-limited; every failure is one line and exit code 2."""

import io
import json
import os
import shutil
import threading

import dspy
import pytest
from builders import base_session
from dspy.utils.dummies import DummyLM
from net_guard import loopback_only
from openai_server import ScriptedOpenAIServer

from groundcheck.programs.cli import main
from groundcheck.programs.errors import ConfigError
from groundcheck.programs.lm.artifacts import (
    DEFAULT_VERIFIER,
    METADATA_FILE,
    PROGRAM_FILE,
    artifact_identity,
    load_program,
    save_artifact,
)
from groundcheck.programs.lm.verifier import Verifier


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), stdout=out, stderr=err), out.getvalue(), err.getvalue()


def answer():
    checks = [{"claim_id": f"c{i}", "verification": "direct_observation", "detail": "ok"} for i in range(1, 6)]
    return DummyLM([])._format_answer_fields({"claim_checks": json.dumps(checks), "verdict": "PASS",
                                              "groundedness_score": "1.0", "rationale": "ok"})


@pytest.fixture
def artifact(tmp_path):
    target = tmp_path / "prog"
    shutil.copytree(DEFAULT_VERIFIER, target)
    return target


@pytest.fixture
def session_file(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base_session(), ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def servers(monkeypatch):
    """Server `ours` is the endpoint the operator configures; `theirs` is where an artifact points."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-operator-key-0123456789")
    with ScriptedOpenAIServer() as ours, ScriptedOpenAIServer() as theirs:
        ours.script = [("ok", answer())] * 3
        theirs.script = [("ok", answer())] * 3
        yield ours, theirs


def edit_state(directory, change):
    path = directory / PROGRAM_FILE
    state = json.loads(path.read_text(encoding="utf-8"))
    change(state)
    path.write_text(json.dumps(state, ensure_ascii=False), encoding="utf-8")


def verify_lm(session_file, program, base_url):
    return run("verify", str(session_file), "--backend", "lm", "--lm", "openai/operator-model", "--api-base",
               base_url, "--program", str(program))


def test_a_clean_artifact_talks_only_to_the_configured_endpoint(artifact, session_file, servers, monkeypatch):
    ours, theirs = servers
    with loopback_only(monkeypatch) as attempts:
        code, out, err = verify_lm(session_file, artifact, ours.base_url)
    assert code == 0, err
    assert json.loads(out)["model_verdict"] == "PASS"
    assert len(ours.requests) == 1 and ours.requests[0]["model"] == "operator-model"
    assert theirs.requests == [] and attempts == []


@pytest.mark.parametrize(
    ("attack", "says"),
    [
        ("lm_state_api_base", "LM state"),
        ("lm_state_hosted_model", "LM state"),
        ("predict_config_api_base", "LM settings"),
        ("metadata_api_base", "endpoint settings"),
    ],
)
def test_lm_settings_in_an_artifact_are_refused_and_nothing_leaves(attack, says, artifact, session_file, servers,
                                                                    monkeypatch):
    ours, theirs = servers

    def lm_state(model, api_base=None):
        state = {"model": model, "model_type": "chat", "cache": False, "num_retries": 0, "temperature": 0.0,
                 "max_tokens": 1000}
        return state | ({"api_base": api_base} if api_base else {})

    if attack == "lm_state_api_base":
        edit_state(artifact, lambda s: s["check"].update(lm=lm_state("openai/attacker", theirs.base_url)))
    elif attack == "lm_state_hosted_model":
        edit_state(artifact, lambda s: s["check"].update(lm=lm_state("openai/gpt-4o")))
    elif attack == "predict_config_api_base":
        edit_state(artifact, lambda s: s["check"].update(config={"api_base": theirs.base_url, "model": "openai/x"}))
    else:
        meta = json.loads((artifact / METADATA_FILE).read_text(encoding="utf-8"))
        meta["lm"] = {"task": "openai/x", "api_base": theirs.base_url}
        (artifact / METADATA_FILE).write_text(json.dumps(meta), encoding="utf-8")
    with loopback_only(monkeypatch) as attempts:
        code, out, err = verify_lm(session_file, artifact, ours.base_url)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and says in err and "Traceback" not in err
    assert theirs.requests == [] and ours.requests == [] and attempts == []
    with pytest.raises(ConfigError, match=says):
        load_program(artifact, "verifier")


def test_unknown_entries_are_refused_not_set(artifact):
    edit_state(artifact, lambda s: s["check"].update(callbacks=["evil"]))
    with pytest.raises(ConfigError, match="carries entries"):
        load_program(artifact, "verifier")
    edit_state(artifact, lambda s: (s["check"].pop("callbacks"), s.update({"extra.predict": {}})))
    with pytest.raises(ConfigError, match="entries this program does not have"):
        load_program(artifact, "verifier")


def test_loaded_program_keeps_texts_and_demos_only(artifact):
    state = json.loads((artifact / PROGRAM_FILE).read_text(encoding="utf-8"))
    program = load_program(artifact, "verifier")
    assert program.check.lm is None and program.check_retry.lm is None
    assert program.check.config == {} and program.check_retry.config == {}
    assert program.check.signature.instructions == state["check"]["signature"]["instructions"]
    assert len(program.check.demos) == len(state["check"]["demos"]) > 0


def test_saving_never_writes_an_lm_state(tmp_path):
    program = Verifier()
    program.check.lm = dspy.LM("openai/some-model", api_base="http://127.0.0.1:9/v1")
    save_artifact(program, tmp_path / "saved", kind="verifier", metadata={})
    state = json.loads((tmp_path / "saved" / PROGRAM_FILE).read_text(encoding="utf-8"))
    assert state["check"]["lm"] is None and "127.0.0.1:9" not in json.dumps(state)
    assert load_program(tmp_path / "saved", "verifier").check.lm is None


def test_a_fifo_is_refused_without_hanging(artifact):
    (artifact / PROGRAM_FILE).unlink()
    os.mkfifo(artifact / PROGRAM_FILE)
    outcome = []
    worker = threading.Thread(target=lambda: outcome.append(_error_of(lambda: load_program(artifact, "verifier"))),
                              daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert not worker.is_alive(), "loading a FIFO hung"
    assert "not a regular file" in outcome[0]


@pytest.mark.parametrize("name", [PROGRAM_FILE, METADATA_FILE])
def test_links_out_of_the_directory_are_refused(artifact, tmp_path, name):
    outside = tmp_path / f"outside-{name}"
    shutil.copy(artifact / name, outside)
    (artifact / name).unlink()
    (artifact / name).symlink_to(outside)
    with pytest.raises(ConfigError, match="link out of the artifact directory"):
        load_program(artifact, "verifier")


def test_a_link_to_dev_zero_is_refused(artifact):
    (artifact / PROGRAM_FILE).unlink()
    (artifact / PROGRAM_FILE).symlink_to("/dev/zero")
    with pytest.raises(ConfigError, match="link out of the artifact directory"):
        load_program(artifact, "verifier")


def test_a_link_inside_the_directory_is_read(artifact):
    (artifact / PROGRAM_FILE).rename(artifact / "real.json")
    (artifact / PROGRAM_FILE).symlink_to("real.json")
    assert isinstance(load_program(artifact, "verifier"), Verifier)


def test_an_oversized_program_is_refused_before_reading(artifact):
    with open(artifact / PROGRAM_FILE, "ab") as handle:
        handle.truncate(64 * 1024 * 1024)  # sparse: costs no disk
    with pytest.raises(ConfigError, match="larger than"):
        load_program(artifact, "verifier")


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"\x80\x81 not text", "not UTF-8"),
        (b"{not json", "not JSON"),
        (b"[" * 5000 + b"]" * 5000, "nested deeper"),
        (b"[1, 2]", "not a JSON object"),
    ],
)
def test_unreadable_program_json_is_a_clean_error(artifact, content, says):
    (artifact / PROGRAM_FILE).write_bytes(content)
    with pytest.raises(ConfigError, match=says):
        load_program(artifact, "verifier")


def test_cli_refuses_a_bare_file_a_pickle_and_a_missing_path(artifact, session_file, tmp_path):
    pickle_path = tmp_path / "program.pkl"
    pickle_path.write_bytes(b"\x80\x04K\x01.")
    cases = [(artifact / PROGRAM_FILE, "not an artifact directory"), (pickle_path, "not an artifact directory"),
             (tmp_path / "missing", "no such artifact directory")]
    for program, says in cases:
        code, out, err = run("verify", str(session_file), "--backend", "lm", "--lm", "openai/x", "--api-base",
                             "http://127.0.0.1:9/v1", "--program", str(program))
        assert code == 2 and out == "", program
        assert len(err.strip().splitlines()) == 1 and says in err, err


def test_artifact_identity_names_the_artifact_and_its_content(artifact, tmp_path):
    ident = artifact_identity(artifact)
    name, _, digest = ident.partition("@sha256:")
    assert name == "prog" and len(digest) == 12 and all(c in "0123456789abcdef" for c in digest)
    assert artifact_identity(artifact) == ident  # stable
    twin = tmp_path / "twin"
    shutil.copytree(artifact, twin)
    assert artifact_identity(twin) == f"twin@sha256:{digest}"  # same bytes, same hash
    edit_state(twin, lambda s: s["check"]["signature"].update(instructions="other instructions"))
    assert artifact_identity(twin).split("@")[1] != ident.split("@")[1]
    meta_twin = tmp_path / "meta-twin"
    shutil.copytree(artifact, meta_twin)
    meta = json.loads((meta_twin / METADATA_FILE).read_text(encoding="utf-8"))
    (meta_twin / METADATA_FILE).write_text(json.dumps({**meta, "optimizer": "mipro"}), encoding="utf-8")
    assert artifact_identity(meta_twin).split("@")[1] != ident.split("@")[1]
    with pytest.raises(ConfigError):
        artifact_identity(artifact / PROGRAM_FILE)
    assert load_program(artifact, "verifier").artifact_identity == ident
    assert load_program(twin, "verifier").artifact_identity == artifact_identity(twin)


def _error_of(call):
    try:
        call()
    except ConfigError as exc:
        return str(exc)
    return "loaded"
