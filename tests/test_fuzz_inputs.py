"""Hardening of the input side: any bytes, any JSON value in any field gives a record or a one-line
error naming the session and field (exit 2); a bad `.jsonl` line never costs its neighbours;
`verify_session` never raises on Executor output; records always serialize, losslessly."""

import io
import json
import os

import pytest
from builders import base_contract, base_session
from fuzz_corpus import (
    CALL_FIELDS,
    CONTRACT_FIELDS,
    GOOD_IDS,
    SESSION_FIELDS,
    SURROGATES,
    corpus,
    run_cli_line,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundcheck.evals.datasets import load_dataset
from groundcheck.evals.metrics import compute_metrics
from groundcheck.evals.report import record_file_name, write_report
from groundcheck.evals.runner import run_verification
from groundcheck.programs.cli import main
from groundcheck.programs.core import sessions as sessions_module
from groundcheck.programs.core.jsonio import MAX_DEPTH, model_json
from groundcheck.programs.core.parse import parse_executor_output
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.errors import InputError
from groundcheck.signatures.models import Session

# GROUNDCHECK_FUZZ_EXAMPLES=2000 for a longer run
FUZZ = settings(max_examples=int(os.environ.get("GROUNDCHECK_FUZZ_EXAMPLES", "120")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
odd_text = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, blacklist_categories=()), max_size=40) | \
    st.sampled_from(SURROGATES)
scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=10**95, max_value=10**400)
           | st.floats(allow_nan=True, allow_infinity=True) | odd_text)


def _containers(keys):
    def extend(inner):
        return st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4)

    return extend


json_trees = st.recursive(scalars, _containers(odd_text), max_leaves=25)
# a lone surrogate as an object key of the *contract*: see test_lone_surrogate_key_in_the_contract
key_text = odd_text.filter(lambda k: not any("\ud800" <= ch <= "\udfff" for ch in k))
contract_trees = st.recursive(scalars, _containers(key_text), max_leaves=25)
session_paths = st.sampled_from([(f,) for f in SESSION_FIELDS] + [("tool_calls", 0, f) for f in CALL_FIELDS])


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def set_path(value, path, new):
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


def session_line(path, value):
    session = base_session()
    set_path(session, path, value)
    return json.dumps(session, ensure_ascii=True).encode()


def deep(depth):
    return "[" * depth + "1" + "]" * depth


# --- property tests (hypothesis) -------------------------------------------------------------


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_never_crash_nor_lose_neighbours(data):
    result = run_cli_line(data.replace(b"\n", b" "))
    assert result["outcome"] != "crash", result


@FUZZ
@given(session_paths, json_trees)
def test_any_json_value_in_any_session_field(path, value):
    result = run_cli_line(session_line(path, value))
    assert result["outcome"] in ("record", "clean_error"), result


@FUZZ
@given(st.sampled_from(CONTRACT_FIELDS), contract_trees)
def test_any_json_value_in_the_contract_gives_a_record(field, value):
    contract = base_contract()
    contract[field] = value
    session = base_session()
    session["executor_final_answer"] = json.dumps(contract, ensure_ascii=False, allow_nan=True)
    record = verify_session(session)  # never raises on Executor output
    assert record.executor_output_parse_status.status in ("valid", "malformed")
    assert json.loads(model_json(record, by_alias=True)) == record.model_dump(mode="python", by_alias=True)


@FUZZ
@given(odd_text | st.binary(max_size=200).map(lambda b: b.decode("utf-8", errors="surrogateescape")))
def test_any_executor_text_gives_a_record_that_round_trips(text):
    session = base_session()
    session["executor_final_answer"] = text
    record = verify_session(session)
    encoded = model_json(record, by_alias=True)
    encoded.encode("utf-8")  # always writable as UTF-8
    assert len(encoded.splitlines()) == 1
    assert json.loads(encoded) == record.model_dump(mode="python", by_alias=True)  # lossless


def test_lone_surrogate_key_in_the_contract():
    contract = base_contract()
    contract["x_extra"] = {"\ud800": None}
    session = base_session()
    session["executor_final_answer"] = json.dumps(contract)
    record = verify_session(session)
    assert json.loads(model_json(record))["executor_structured_output"]["x_extra"] == {"\ud800": None}


@settings(max_examples=40, deadline=None)
@given(session_paths, st.integers(min_value=MAX_DEPTH + 1, max_value=30_000))
def test_deep_nesting_in_any_field_is_a_clean_error_naming_the_field(path, depth):
    session = base_session()
    set_path(session, path, "__RAW__")
    line = json.dumps(session, ensure_ascii=False).replace('"__RAW__"', deep(depth)).encode()
    result = run_cli_line(line)
    assert result["outcome"] == "clean_error", result
    shown = ".".join(str(p) for p in path)
    assert "nested deeper" in result["error"]
    if path != ("session_id",):
        assert f"session '{base_session()['session_id']}'" in result["error"] and shown in result["error"]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=MAX_DEPTH, max_value=30_000), st.sampled_from(CONTRACT_FIELDS))
def test_deep_executor_output_is_malformed_not_an_exception(depth, field):
    contract = base_contract()
    contract[field] = "__RAW__"
    text = json.dumps(contract, ensure_ascii=False).replace('"__RAW__"', deep(depth))
    parsed = parse_executor_output(text)
    assert parsed.status.status == "malformed" and "nested deeper" in parsed.status.error
    session = base_session()
    session["executor_final_answer"] = text
    record = verify_session(session)
    assert record.executor_output_parse_status.status == "malformed" and record.verdict == "LOW_CONFID"


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=101, max_value=8_000), st.sampled_from([("tool_calls", 0, "output"), ("x_extra",),
                                                                     ("round",), ("messages",)]))
def test_huge_numbers_are_a_clean_error(digits, path):
    session = base_session()
    set_path(session, path, "__RAW__")
    line = json.dumps(session, ensure_ascii=False).replace('"__RAW__"', "9" * digits).encode()
    result = run_cli_line(line)
    assert result["outcome"] == "clean_error", result
    assert f"{digits} characters" in result["error"] and ".".join(map(str, path)) in result["error"]
    parsed = parse_executor_output('{"n": ' + "9" * digits + "}")
    assert parsed.status.status == "malformed" and "number literal" in parsed.status.error


# --- the attack corpus (the README table) ----------------------------------------------------


def test_the_attack_corpus_gives_records_or_clean_errors_only():
    outcomes = {}
    for category, line in corpus(n_random=15, seed=7):
        result = run_cli_line(line)
        assert result["outcome"] != "crash", (category, result)
        outcomes.setdefault(category, set()).add(result["outcome"])
    assert outcomes["UTF-8 BOM"] == {"record"}
    assert outcomes["lone surrogate in the contract"] == {"record"}
    assert outcomes["JSON nested 100000 deep in a field"] == {"clean_error"}
    assert outcomes["JSON nested 100000 deep in the contract"] == {"record"}  # parse status malformed
    assert outcomes["invalid UTF-8"] == {"clean_error"}


# --- specific behaviours -----------------------------------------------------------------------


def test_bom_is_accepted_in_json_and_jsonl(tmp_path):
    text = json.dumps(base_session(), ensure_ascii=False).encode()
    single, many = tmp_path / "s.json", tmp_path / "m.jsonl"
    single.write_bytes(b"\xef\xbb\xbf" + text)
    many.write_bytes(b"\xef\xbb\xbf" + text + b"\n" + text + b"\n")
    code, out, err = run("verify", str(single))
    assert code == 0 and json.loads(out)["verdict"] == "PASS", err
    code, out, err = run("verify", str(many))
    assert code == 0 and len(out.splitlines()) == 2, err


def test_lone_surrogates_are_written_as_json_escapes_and_read_back_the_same(tmp_path):
    contract = base_contract()
    contract["claims"][0]["claim_text"] += "\udc80"
    contract["diagnosis_summary"] += "\ud800"
    session = base_session()
    session["original_query"] = "sur\udc80rogate"
    session["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(session, ensure_ascii=True) + "\n", encoding="utf-8")
    out_path = tmp_path / "out.jsonl"
    code, _, err = run("verify", str(path), "--out", str(out_path))
    assert code == 0, err
    raw = out_path.read_bytes()
    raw.decode("utf-8")  # strict: valid UTF-8
    assert b"\\udc80" in raw and b"\\ud800" in raw
    record = json.loads(raw)
    assert record["executor_output_parse_status"]["status"] == "valid"
    assert record["executor_structured_output"]["claims"][0]["claim_text"] == contract["claims"][0]["claim_text"]
    assert record["executor_structured_output"]["diagnosis_summary"] == contract["diagnosis_summary"]


def test_line_separators_inside_strings_never_split_a_record(tmp_path):
    session = base_session()
    session["original_query"] += "\u2028\u2029\x85"
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(session, ensure_ascii=False) + "\n", encoding="utf-8")
    code, out, _ = run("verify", str(path))
    assert code == 0 and len(out.splitlines()) == 1


def test_errors_name_the_session_and_field(tmp_path):
    session = base_session()
    session["session_id"] = "s-deep"
    session["tool_calls"][1]["arguments"] = {"q": "__RAW__"}
    line = json.dumps(session).replace('"__RAW__"', deep(50_000))
    path = tmp_path / "s.json"
    path.write_text(line, encoding="utf-8")
    code, out, err = run("verify", str(path))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "session 's-deep'" in err and "tool_calls.1.arguments.q" in err and "nested deeper" in err


def test_an_overlong_line_is_skipped_and_the_next_line_runs(tmp_path, monkeypatch):
    monkeypatch.setattr(sessions_module, "MAX_SESSION_BYTES", 50_000)
    path = tmp_path / "s.jsonl"
    good = json.dumps({**base_session(), "session_id": "after"}, ensure_ascii=False)
    big = json.dumps({**base_session(), "original_query": "x" * 3_000_000})
    path.write_text(big + "\n" + good + "\n", encoding="utf-8")
    code, out, err = run("verify", str(path))
    assert code == 2 and [json.loads(r)["session_id"] for r in out.splitlines()] == ["after"]
    assert ":1: line longer than 50000 bytes" in err


def test_a_utf16_file_is_one_clean_error(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_bytes(json.dumps(base_session(), ensure_ascii=False).encode("utf-16"))
    code, out, err = run("verify", str(path))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "UTF-16" in err


def test_verify_session_raises_only_input_error_on_bad_sessions():
    session = base_session()
    session["messages"] = json.loads(deep(MAX_DEPTH + 5))
    with pytest.raises(InputError, match="messages"):
        verify_session(session)
    session["messages"] = [10**500]
    with pytest.raises(InputError, match="integer of more than"):
        verify_session(session)
    built = Session.model_validate(base_session())
    built.tool_calls[0].output = json.loads(deep(MAX_DEPTH + 5))
    with pytest.raises(InputError, match=r"tool_calls\.0\.output"):
        verify_session(built)


def test_ctrl_c_exits_130_without_traceback(tmp_path, monkeypatch):
    import groundcheck.programs.cli as cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "verify_session", interrupted)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base_session()), encoding="utf-8")
    code, _, err = run("verify", str(path))
    assert code == 130 and "Traceback" not in err and err.strip() == "groundcheck: interrupted"


# --- eval -------------------------------------------------------------------------------------


def labeled(sid, verdict="REJECT", **fields):
    return {**base_session(), "session_id": sid, "labels": {"verdict": verdict}, **fields}


def test_eval_counts_and_skips_poisoned_sessions_and_names_report_files_safely(tmp_path):
    long_id = "很长的会话" * 60 + "/../x"
    poisoned = labeled("deep")
    poisoned["tool_calls"][0]["output"] = "__RAW__"
    lines = [
        json.dumps(labeled(long_id), ensure_ascii=False),  # a miss (gold REJECT, predicted PASS)
        json.dumps(poisoned).replace('"__RAW__"', deep(5_000)),
        json.dumps(labeled("a/../b", original_query="q \ud800"), ensure_ascii=True),  # a miss too
        "{not json",
        json.dumps(labeled("ok", verdict="PASS"), ensure_ascii=False),
    ]
    path = tmp_path / "poison.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    named = load_dataset(str(path), bad_lines="keep")
    items = run_verification(named.sessions, "rules", workers=1, progress=False)
    metrics = compute_metrics(items)
    assert metrics["input_errors"] == 2 and metrics["n"] == 3
    report = {"dataset": "poison", "dataset_sha256": named.sha256, "n": 3, "backend": "rules",
              "program_version": "x", "seconds": 0.0, "metrics": metrics,
              "misses": [{"session_id": s.session_id, "gold": "REJECT", "predicted": "PASS", "severity": 2, "why": "w"}
                         for s in items if s.labels.get("verdict") == "REJECT" and "input_error" not in s.record]}
    json_path, html_path = write_report(tmp_path / "r", report, items)
    files = sorted(p.name for p in (tmp_path / "r" / "records").iterdir())
    assert len(files) == 2 and all(len(name.encode()) <= 100 and "/" not in name for name in files)
    assert record_file_name(long_id) in files and record_file_name("a/../b") in files
    assert json.loads(json_path.read_text(encoding="utf-8"))["metrics"]["input_errors"] == 2
    html_path.read_text(encoding="utf-8")  # valid UTF-8
    with pytest.raises(Exception, match=":2: session 'deep'"):
        load_dataset(str(path))  # the default still refuses a bad line


def test_eval_cli_survives_poisoned_sessions(tmp_path):
    no_query = labeled("no-query")
    del no_query["original_query"]
    lines = [json.dumps(labeled("a" * 300)), json.dumps(no_query), json.dumps(labeled("sur\udc80"), ensure_ascii=True),
             json.dumps(labeled("b", verdict="PASS"))]
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run("eval", "--dataset", str(path), "--report", str(tmp_path / "r"), "--workers", "1")
    assert code == 0, err
    assert "input_errors" in out
    report = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    assert report["metrics"]["input_errors"] == 2 and report["n"] == 2
    assert any(m["session_id"] == "a" * 300 for m in report["misses"])


def test_eval_cli_counts_unreadable_lines(tmp_path):
    poisoned = labeled("deep")
    poisoned["messages"] = "__RAW__"
    lines = [json.dumps(labeled("a")), json.dumps(poisoned).replace('"__RAW__"', deep(100_000)), "{not json",
             json.dumps(labeled("b", verdict="PASS"))]
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run("eval", "--dataset", str(path), "--workers", "1")
    assert code == 0, err
    assert "input_errors" in out and " 2" in out.split("input_errors")[1].splitlines()[0]


def test_record_file_names_are_safe_and_distinct():
    ids = ["abc", "a/b", "a_b", "..", ".", "", "x" * 300, "中文", "a\nb", "a\x00b", "CON", "sur\udc80"]
    names = [record_file_name(i) for i in ids]
    assert len(set(names)) == len(ids)
    assert names[0] == "abc.json"
    for name in names:
        assert len(name.encode()) <= 100 and "/" not in name and "\x00" not in name and not name.startswith(".")
        name.encode("ascii")


def test_jsonl_line_with_a_neighbour_error_keeps_goods(tmp_path):
    path = tmp_path / "m.jsonl"
    good = [json.dumps({**base_session(), "session_id": sid}) for sid in GOOD_IDS]
    path.write_bytes(good[0].encode() + b"\n\xff\xfe\x00garbage\n" + good[1].encode() + b"\n")
    code, out, err = run("verify", str(path))
    assert code == 2 and [json.loads(r)["session_id"] for r in out.splitlines()] == list(GOOD_IDS)
    assert ":2:" in err and len(err.splitlines()) == 1
