"""LM-bound runs against a local stand-in model with latency: concurrency, input order, the cache,
LM errors, usage figures, Ctrl-C and --resume (issue 13)."""

import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from groundcheck.evals.datasets import load_dataset
from groundcheck.evals.stub_models import StubVerifierServer
from groundcheck.programs.cli import main
from groundcheck.programs.core.cascade import verdict_fixed_by_trace
from groundcheck.programs.core.pipeline import prepare_verification
from groundcheck.programs.core.sessions import ensure_session

DELAY = 1.0  # long enough that twelve calls are in flight on a slow, loaded machine too


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), stdout=out, stderr=err), out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GROUNDCHECK_CACHE_DIR", str(tmp_path / "lm-cache"))
    monkeypatch.setenv("OPENAI_API_KEY", "local")


def open_sessions(n):
    """Labeled sessions whose verdict the trace leaves open: the model is asked about each."""
    chosen = []
    for s in load_dataset("synthetic-test").sessions:
        p = prepare_verification(ensure_session(s))
        if verdict_fixed_by_trace(p.parsed.status, p.parsed.contract, p.gate,
                                  p.request.evidence if p.request else None) is None:
            chosen.append(s)
        if len(chosen) == n:
            return chosen
    raise AssertionError("not enough open sessions")


def write(path, sessions):
    path.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in sessions), encoding="utf-8")
    return path


def lm(server):
    return ["--lm", "openai/stub", "--api-base", server.base_url, "--retries", "0"]


def test_eval_keeps_many_calls_in_flight_input_order_and_caches(tmp_path):
    data = write(tmp_path / "open.jsonl", open_sessions(48))
    with StubVerifierServer("obey-injection", delay=DELAY) as server:
        code, out, err = run("eval", "--dataset", str(data), "--backend", "lm", *lm(server),
                             "--report", str(tmp_path / "r1"))
        assert code == 0, err
        assert server.requests == 48 and server.max_in_flight >= 12
        first = server.requests
        code, _, _ = run("eval", "--dataset", str(data), "--backend", "lm", *lm(server),
                            "--report", str(tmp_path / "r2"))
        assert code == 0 and server.requests == first, "a repeated eval makes no LM call"
        code, _, _ = run("eval", "--dataset", str(data), "--backend", "lm", *lm(server), "--no-cache")
        assert code == 0 and server.requests == first + 48
    r1 = json.loads((tmp_path / "r1" / "report.json").read_text())
    r2 = json.loads((tmp_path / "r2" / "report.json").read_text())
    assert r1["seconds"] < 48 * DELAY / 2  # one call at a time would take 12 s
    ids = [s["session_id"] for s in open_sessions(48)]
    assert [r["session_id"] for r in r1["per_session"]] == ids
    assert r1["per_session"] == r2["per_session"]
    m = r1["metrics"]
    assert m["lm_sessions"] == 48 and m["lm_errors"] == 0 and m["lm_error_rate"] == 0.0
    assert m["usage"]["calls"]["sum"] == 48 and m["usage"]["latency_ms"]["p50"] >= DELAY * 1000
    assert m["usage"]["prompt_tokens"]["p95"] >= m["usage"]["prompt_tokens"]["p50"] > 0
    assert "calls" in out and "p95" in out
    prov = r1["provenance"]
    assert prov["model"] == "openai/stub" and prov["program_version"].startswith("verifier-default@sha256:")
    assert prov["program_version"] == r1["program_version"]


def test_cascade_skips_are_counted(tmp_path):
    sessions = load_dataset("synthetic-dev").sessions[:30]
    data = write(tmp_path / "mix.jsonl", sessions)
    with StubVerifierServer("obey-injection", delay=0.0) as server:
        code, out, _ = run("eval", "--dataset", str(data), "--backend", "lm", *lm(server), "--report", str(tmp_path))
    m = json.loads((tmp_path / "report.json").read_text())["metrics"]
    assert code == 0 and m["model_not_asked"] + m["lm_sessions"] == 30
    assert m["model_not_asked"] > 0 and server.requests == m["lm_sessions"]
    assert sum(m["model_not_asked_by_rule"].values()) == m["model_not_asked"]
    assert f"model not asked {m['model_not_asked']}" in out


def test_every_call_failed_exits_non_zero_with_one_line(tmp_path):
    data = write(tmp_path / "open.jsonl", open_sessions(6))
    with StubVerifierServer("fail", delay=0.0) as server:
        code, out, err = run("eval", "--dataset", str(data), "--backend", "lm", *lm(server),
                             "--report", str(tmp_path / "r"))
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and "every LM call failed (6 of 6 sessions)" in err
    m = json.loads((tmp_path / "r" / "report.json").read_text())["metrics"]
    assert m["lm_error_rate"] == 1.0 and m["lm_errors"] == 6


def test_lm_error_rate_gate(tmp_path):
    data = write(tmp_path / "open.jsonl", open_sessions(4))
    with StubVerifierServer("obey-injection", delay=0.0) as server:
        code, _, err = run("eval", "--dataset", str(data), "--backend", "lm", *lm(server),
                           "--fail-over", "lm_error_rate=0")
    assert code == 0 and err == ""


def test_verify_jsonl_lm_is_concurrent_ordered_and_uncached(tmp_path):
    sessions = open_sessions(24)
    data = write(tmp_path / "open.jsonl", sessions)
    with StubVerifierServer("obey-injection", delay=DELAY) as server:
        start = time.perf_counter()
        code, out, _ = run("verify", str(data), "--backend", "lm", *lm(server))
        took = time.perf_counter() - start
        assert code == 0 and server.requests == 24 and server.max_in_flight >= 8
        assert took < 24 * DELAY / 2
        assert [json.loads(line)["session_id"] for line in out.splitlines()] == [s["session_id"] for s in sessions]
        assert run("verify", str(data), "--backend", "lm", *lm(server))[0] == 0
        assert server.requests == 48, "verify is not cached unless asked"
        assert run("verify", str(data), "--backend", "lm", *lm(server), "--cache")[0] == 0
        assert run("verify", str(data), "--backend", "lm", *lm(server), "--cache")[0] == 0
        assert server.requests == 72, "with --cache the second run is answered from the cache"


def test_resume_refuses_another_runs_folder(tmp_path):
    assert run("eval", "--dataset", "synthetic-dev", "--limit", "10", "--report", str(tmp_path))[0] == 0
    code, _, err = run("eval", "--dataset", "synthetic-dev", "--limit", "10", "--backend", "replay",
                       "--report", str(tmp_path), "--resume")
    assert code == 2 and "cannot resume" in err and "backend" in err


def comparable(report):
    volatile = {"usage", "seconds"}
    return ([(r["session_id"], r["predicted"]) for r in report["per_session"]],
            {k: v for k, v in report["metrics"].items() if k not in volatile})


def test_ctrl_c_writes_a_partial_report_and_resume_equals_an_uninterrupted_run(tmp_path):
    n = 40
    data = write(tmp_path / "open.jsonl", open_sessions(n))
    env = {**os.environ, "GROUNDCHECK_CACHE_DIR": str(tmp_path / "cache"), "OPENAI_API_KEY": "local"}
    folder = tmp_path / "run"
    with StubVerifierServer("obey-injection", delay=DELAY) as server:
        base = ["eval", "--dataset", str(data), "--backend", "lm", *lm(server), "--workers", "4", "--no-cache"]
        proc = subprocess.Popen([sys.executable, "-m", "groundcheck.programs.cli", *base, "--report", str(folder)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        records = folder / "records.jsonl"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if records.exists() and len(records.read_text().splitlines()) >= 8:
                break
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 130
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and "--resume" in err
        partial = json.loads((folder / "report.json").read_text())
        assert partial["partial"] is True and 8 <= partial["n"] < n
        done_before = len(records.read_text().splitlines())
        calls = server.requests
        code, _, err = run(*base, "--report", str(folder), "--resume")
        assert code == 0, err
        assert server.requests - calls <= n - done_before + 4  # only what was not finished (and in flight)
        code, _, _ = run(*base, "--report", str(tmp_path / "whole"))
        assert code == 0
    final = json.loads((folder / "report.json").read_text())
    whole = json.loads((tmp_path / "whole" / "report.json").read_text())
    assert "partial" not in final and final["resumed"] >= 8 and final["n"] == n
    assert comparable(final) == comparable(whole)
    assert len((folder / "records.jsonl").read_text().splitlines()) == n
