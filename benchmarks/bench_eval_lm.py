"""Measures issue 13's figures through the real CLI, against a local stand-in model with a fixed latency.

- eval --backend lm and verify .jsonl --backend lm at default settings: sessions/s at 1 s per call, on
  sessions whose verdict is open (the cascade asks the model);
- a second identical eval: LM calls made (the cache: must be 0);
- verify of 2,000 typical sessions (bench_core.make_session) with the rules backend: sessions/s, start-up
  excluded (time 1 session and 2,001, take the difference);
- Ctrl-C mid-run, then --resume: exit code, no traceback, and the final verdicts and metrics against an
  uninterrupted run's;
- compare of the default and a compiled Verifier on one dataset: both program identities and the flips.

Prints figures; asserts nothing. Run:
    python benchmarks/bench_eval_lm.py [--delay 1.0] [--only eval,verify,rules,resume,compare]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from bench_core import make_session, rate

from groundcheck.evals.datasets import load_dataset
from groundcheck.evals.stub_models import StubVerifierServer
from groundcheck.programs.core.cascade import verdict_fixed_by_trace
from groundcheck.programs.core.pipeline import prepare_verification
from groundcheck.programs.core.sessions import ensure_session

CLI = [sys.executable, "-m", "groundcheck.programs.cli"]
VOLATILE = ("seconds", "started", "latency_ms", "prompt_tokens", "completion_tokens", "cost_usd", "calls", "usage")


def open_sessions(n: int) -> list[dict[str, Any]]:
    """Labeled sessions whose verdict the trace leaves open (the model is asked), distinct prompts."""
    chosen, seen = [], set()
    for name in ("synthetic-test", "synthetic-dev", "synthetic-train"):
        for s in load_dataset(name).sessions:
            p = prepare_verification(ensure_session(s))
            evidence = p.request.evidence if p.request else None
            if verdict_fixed_by_trace(p.parsed.status, p.parsed.contract, p.gate, evidence) is not None:
                continue
            if s["executor_final_answer"] in seen:
                continue
            seen.add(s["executor_final_answer"])
            chosen.append(s)
            if len(chosen) == n:
                return chosen
    return chosen


def write_jsonl(path: Path, sessions: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in sessions), encoding="utf-8")
    return path


def cli(args: list[str], env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    done = subprocess.run([*CLI, *args], capture_output=True, text=True, env=env)
    return time.perf_counter() - start, done


def lm_args(server: StubVerifierServer) -> list[str]:
    return ["--lm", f"openai/stub-{server.policy}", "--api-base", server.base_url, "--retries", "0"]


def measure_eval(work: Path, env: dict[str, str], delay: float, n: int) -> None:
    data = write_jsonl(work / "open.jsonl", open_sessions(n))
    with StubVerifierServer("obey-injection", delay=delay) as server:
        wall, done = cli(["eval", "--dataset", str(data), "--backend", "lm", *lm_args(server),
                          "--report", str(work / "eval1")], env)
        report = json.loads((work / "eval1" / "report.json").read_text())
        first = server.requests
        print(f"eval --backend lm, {n} open sessions, {delay:g} s per call, defaults: exit {done.returncode}, "
              f"{n / report['seconds']:.1f} sessions/s (run {report['seconds']:.1f} s; wall {wall:.1f} s with "
              f"start-up and report), {first} LM calls, max {server.max_in_flight} in flight; target >= 12/s")
        wall2, done2 = cli(["eval", "--dataset", str(data), "--backend", "lm", *lm_args(server),
                            "--report", str(work / "eval2")], env)
        print(f"second identical eval: exit {done2.returncode}, {server.requests - first} LM calls "
              f"(target 0), wall {wall2:.1f} s")


def measure_verify_lm(work: Path, env: dict[str, str], delay: float, n: int) -> None:
    sessions = open_sessions(n)
    many = write_jsonl(work / "verify_many.jsonl", sessions)
    one = write_jsonl(work / "verify_one.jsonl", sessions[:1])
    with StubVerifierServer("obey-injection", delay=delay) as server:
        t1, _ = cli(["verify", str(one), "--backend", "lm", *lm_args(server), "--out", os.devnull], env)
        tn, done = cli(["verify", str(many), "--backend", "lm", *lm_args(server), "--out", os.devnull], env)
        print(f"verify .jsonl --backend lm, {n} open sessions, {delay:g} s per call: exit {done.returncode}, "
              f"{(n - 1) / (tn - t1):.1f} sessions/s (1 session {t1:.1f} s, {n} sessions {tn:.1f} s), "
              f"{server.requests} LM calls, max {server.max_in_flight} in flight; target >= 12/s")


def measure_rules(work: Path, env: dict[str, str], repeats: int) -> None:
    # distinct sessions (own services, figures, log lines): no process cache spans two of them
    lines = [json.dumps(make_session(40_000, variant=i), ensure_ascii=False) for i in range(2001)]
    many = work / "typical_2001.jsonl"
    many.write_text("\n".join(lines) + "\n", encoding="utf-8")
    one = work / "typical_1.jsonl"
    one.write_text(lines[0] + "\n", encoding="utf-8")
    calibration = [make_session(40_000, variant=v) for v in range(50)]
    rates, single = [], []
    for _ in range(repeats):
        single.append(rate(calibration, 1.0))  # this machine's speed right now, for calibration
        t1, _ = cli(["verify", str(one), "--out", os.devnull], env)
        tn, done = cli(["verify", str(many), "--out", os.devnull], env)
        rates.append(2000 / (tn - t1))
    print(f"verify of 2,000 typical sessions (rules, CLI, {os.cpu_count()} cores, start-up excluded): median "
          f"{statistics.median(rates):,.0f} sessions/s (runs: {', '.join(f'{r:,.0f}' for r in rates)}); "
          f"exit {done.returncode}; target >= 1,000/s")
    print(f"  calibration: verify_session in one process on one core, measured between the runs: median "
          f"{statistics.median(single):,.0f} sessions/s (runs: {', '.join(f'{r:,.0f}' for r in single)}); "
          f"CLI / one core = {statistics.median(rates) / statistics.median(single):.2f}")


def comparable(report: dict[str, Any]) -> tuple[Any, Any]:
    metrics = {k: v for k, v in report["metrics"].items() if k not in VOLATILE}
    verdicts = [(r["session_id"], r["predicted"]) for r in report["per_session"]]
    return verdicts, metrics


def measure_resume(work: Path, env: dict[str, str], delay: float, n: int, after: float) -> None:
    data = write_jsonl(work / "resume.jsonl", open_sessions(n))
    folder = work / "resumed"
    with StubVerifierServer("obey-injection", delay=delay) as server:
        base = [*CLI, "eval", "--dataset", str(data), "--backend", "lm", *lm_args(server), "--no-cache"]
        proc = subprocess.Popen([*base, "--report", str(folder)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=env)
        records_file = folder / "records.jsonl"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:  # mid-run: once a third has finished
            if records_file.exists() and sum(1 for _ in records_file.open()) >= after * n:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate()
        partial = json.loads((folder / "report.json").read_text())
        records = sum(1 for _ in (folder / "records.jsonl").open())
        print(f"Ctrl-C once {after:.0%} of the sessions finished: exit {proc.returncode} (want 130), "
              f"traceback printed: {'Traceback' in err}, stderr: {err.strip() or '-'}")
        print(f"  partial report: partial={partial.get('partial')}, {partial['n']} of {n} sessions, "
              f"records.jsonl {records} lines")
        calls_before = server.requests
        _, resumed = cli([*base[len(CLI):], "--report", str(folder), "--resume"], env)
        final = json.loads((folder / "report.json").read_text())
        resume_calls = server.requests - calls_before
        _, _full = cli([*base[len(CLI):], "--report", str(work / "uninterrupted")], env)
        whole = json.loads((work / "uninterrupted" / "report.json").read_text())
    same = comparable(final) == comparable(whole)
    print(f"  --resume: exit {resumed.returncode}, resumed {final.get('resumed')} sessions, {resume_calls} LM calls "
          f"for the rest, partial={final.get('partial', False)}")
    print(f"  LM errors: resumed run {final['metrics'].get('lm_errors')}, "
          f"uninterrupted {whole['metrics'].get('lm_errors')}")
    print(f"  final verdicts and metrics equal to an uninterrupted run's: {same} "
          f"(verdict_accuracy {final['metrics'].get('verdict_accuracy'):.4f} vs "
          f"{whole['metrics'].get('verdict_accuracy'):.4f}; n {final['n']} vs {whole['n']})")


def measure_compare(work: Path, env: dict[str, str], delay: float, n: int) -> None:
    data = write_jsonl(work / "compare.jsonl", open_sessions(n))
    compiled = work / "verifier-seed7"
    _, done = cli(["optimize", "verifier", "--optimizer", "labeled", "--trainset", "synthetic-train",
                   "--valset", "synthetic-dev", "--seed", "7", "--out", str(compiled)], env)
    print(f"compiled a Verifier (labeled, seed 7): exit {done.returncode}")
    with StubVerifierServer("by-prompt", delay=delay) as server:
        common = ["eval", "--dataset", str(data), "--backend", "lm", *lm_args(server)]
        cli([*common, "--report", str(work / "cmp_default")], env)
        cli([*common, "--program", str(compiled), "--report", str(work / "cmp_compiled")], env)
    _, shown = cli(["eval", "--compare", str(work / "cmp_default" / "report.json"),
                    str(work / "cmp_compiled" / "report.json")], env)
    print("eval --compare default compiled:")
    print("\n".join("  " + line for line in shown.stdout.splitlines()[:30]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay", type=float, default=1.0, help="seconds the stand-in model takes per call")
    parser.add_argument("--n", type=int, default=256, help="open sessions for the LM measurements")
    parser.add_argument("--repeats", type=int, default=3, help="runs of the rules measurement")
    parser.add_argument("--only", default="eval,verify,rules,resume,compare")
    parser.add_argument("--interrupt-at", type=float, default=0.35, help="share of sessions done at the Ctrl-C")
    args = parser.parse_args()
    only = set(args.only.split(","))
    with tempfile.TemporaryDirectory(prefix="bench-eval-lm-") as tmp:
        work = Path(tmp)
        env = {**os.environ, "GROUNDCHECK_CACHE_DIR": str(work / "cache"), "OPENAI_API_KEY": "local"}
        if "eval" in only:
            measure_eval(work, env, args.delay, args.n)
        if "verify" in only:
            measure_verify_lm(work, env, args.delay, args.n)
        if "rules" in only:
            measure_rules(work, env, args.repeats)
        if "resume" in only:
            measure_resume(work, env, args.delay, min(args.n, 128), after=args.interrupt_at)
        if "compare" in only:
            measure_compare(work, env, args.delay, min(args.n, 128))


if __name__ == "__main__":
    main()
