import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from builders import base_session

from groundcheck.evals.examples import bundled_examples
from groundcheck.programs.cli import SCHEMAS, main


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_verify_single_json(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base_session(), ensure_ascii=False), encoding="utf-8")
    code, out, err = run("verify", str(path))
    record = json.loads(out)
    assert code == 0 and err == ""
    assert record["verdict"] == "PASS"
    assert record["backend"] == "rules"


def test_verify_jsonl_keeps_order_and_reports_bad_lines(tmp_path):
    good = base_session()
    bad = base_session()
    del bad["original_query"]
    bad["session_id"] = "broken-1"
    second = base_session()
    second["session_id"] = "second"
    path = tmp_path / "many.jsonl"
    lines = [json.dumps(good), json.dumps(bad), "{not json", "", json.dumps(second)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run("verify", str(path))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert [r["session_id"] for r in records] == [good["session_id"], "second"]
    errors = [line for line in err.splitlines() if line.startswith("groundcheck: error")]
    assert len(errors) == 2
    assert "broken-1" in errors[0] and "original_query" in errors[0] and ":2:" in errors[0]
    assert ":3: not JSON" in errors[1]


def test_verify_writes_out_file(tmp_path):
    src = tmp_path / "s.json"
    src.write_text(json.dumps(base_session()), encoding="utf-8")
    dest = tmp_path / "out.json"
    code, out, _ = run("verify", str(src), "--out", str(dest))
    assert code == 0 and out == ""
    assert json.loads(dest.read_text())["verdict"] == "PASS"


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "cannot read"),
        ("{oops", "not JSON"),
        ("[1]", "must be a JSON object"),
        (json.dumps({"session_id": "s9", "original_query": "q"}), "field tool_calls"),
        (
            json.dumps({"session_id": "s9", "original_query": "q", "tool_calls": [{"tool_name": "x"}]}),
            "tool_calls.0.invocation_id",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(tmp_path, content, says):
    path = tmp_path / "s.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = run("verify", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert says in err


def test_duplicate_invocation_ids_are_bad_input(tmp_path):
    s = base_session()
    s["tool_calls"][1]["invocation_id"] = "call_o1"
    path = tmp_path / "s.json"
    path.write_text(json.dumps(s), encoding="utf-8")
    code, _, err = run("verify", str(path))
    assert code == 2 and "duplicate invocation_id" in err


def test_verifier_input_has_explicit_blocks_only(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base_session(), ensure_ascii=False), encoding="utf-8")
    code, out, _ = run("verifier-input", str(path))
    vin = json.loads(out)
    assert code == 0
    assert set(vin) == {
        "original_query",
        "executor_final_answer",
        "tool_trace_summary",
        "executor_structured_output",
        "executor_output_parse_status",
        "evidence_hints",
    }
    assert "PLANNER-PRIVATE" not in out
    code, out, _ = run("verifier-input", str(path), "--messages")
    assert code == 0 and "--- system ---" in out and vin["tool_trace_summary"] in out
    fixed = {**base_session(), "executor_final_answer": "not a contract"}
    path.write_text(json.dumps(fixed, ensure_ascii=False), encoding="utf-8")
    code, out, _ = run("verifier-input", str(path))
    assert code == 0 and "rule 1" in json.loads(out)["model_not_asked"]


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_each(name):
    code, out, _ = run("schema", name)
    schema = json.loads(out)
    assert code == 0 and schema["type"] == "object" and schema["properties"]


def test_schema_all():
    code, out, _ = run("schema")
    assert code == 0 and set(json.loads(out)) == set(SCHEMAS)


def test_demo_verifies_bundled_examples():
    code, out, _ = run("demo")
    assert code == 0
    assert f"{len(bundled_examples())}/{len(bundled_examples())} verdicts as expected" in out


def test_no_command_prints_help():
    code, out, _ = run()
    assert code == 2 and "verify" in out


def test_bundled_examples_are_packaged():
    assert len(bundled_examples()) >= 5
    assert all(Path(p).suffix == ".json" for p in bundled_examples())


def test_version():
    from groundcheck.programs.version import __version__

    out = io.StringIO()
    with pytest.raises(SystemExit) as stop, redirect_stdout(out):
        main(["--version"])
    assert stop.value.code == 0 and __version__ in out.getvalue()


def test_every_option_and_argument_has_help():
    import argparse

    from groundcheck.programs.cli import _parser

    parser = _parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = []
    for name, sub in subparsers.choices.items():
        assert sub.description, name
        for action in sub._actions:
            if not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{name} {action.dest}")
    assert missing == []
    assert {a.dest for a in subparsers._choices_actions} == set(subparsers.choices)


def test_datasets_says_what_is_available_and_how_to_get_the_rest(monkeypatch, tmp_path):
    from groundcheck.evals.datasets import dataset_names

    monkeypatch.setenv("GROUNDCHECK_SHARED", str(tmp_path / "nowhere"))
    code, out, _ = run("datasets")
    lines = {line.split()[0]: line for line in out.splitlines() if line.split()[0] in dataset_names()}
    assert code == 0 and set(lines) == set(dataset_names())
    assert "available" in lines["synthetic-test"] and "not available" not in lines["synthetic-test"]
    assert "not available here" in lines["holmesgpt"] and "GROUNDCHECK_SHARED" in lines["holmesgpt"]


def test_logging_goes_to_stderr_while_main_runs_and_is_removed_after(monkeypatch):
    import logging

    from groundcheck.programs import cli

    def noisy(args, out, err):
        logging.getLogger("groundcheck.programs.x").warning("careful")
        logging.getLogger("groundcheck.programs.x").info("detail")
        return 0

    monkeypatch.setattr(cli, "_cmd_schema", noisy)
    log = logging.getLogger("groundcheck")
    before = list(log.handlers)
    code, _, err = run("schema")
    assert code == 0 and err == "groundcheck: WARNING: careful\n"
    code, _, err = run("schema", "-v")
    assert err == "groundcheck: WARNING: careful\ngroundcheck: INFO: detail\n"
    assert log.handlers == before


def test_turn_exits_3_when_the_executor_lm_is_down_and_still_prints_the_reply(tmp_path):
    from openai_server import ScriptedOpenAIServer

    path = tmp_path / "s.json"
    path.write_text(json.dumps(base_session(), ensure_ascii=False), encoding="utf-8")
    with ScriptedOpenAIServer() as server:  # no script: every request is a 500
        code, out, err = run("turn", str(path), "--lm", "openai/down", "--api-base", server.base_url,
                             "--retries", "0", "--timeout", "5")
    assert code == 3, err
    assert "rounds:" in out and len(out.strip().splitlines()) >= 2
