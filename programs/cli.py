"""`groundcheck` command line: thin wrappers over the library; errors map to exit code 2."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from groundcheck.programs.errors import GroundcheckError, InputError
from groundcheck.programs.pipeline import prepare_verification, verify_session
from groundcheck.programs.sessions import iter_session_lines, read_session_file
from groundcheck.programs.trace_summary import DEFAULT_BUDGET
from groundcheck.programs.verifier_input import build_verifier_input
from groundcheck.signatures import models

EXIT_OK = 0
EXIT_INPUT = 2

SCHEMAS: dict[str, type] = {
    "session": models.Session,
    "tool_call": models.ToolCall,
    "executor_contract": models.ExecutorContract,
    "claim": models.Claim,
    "evidence_binding": models.EvidenceBinding,
    "parse_status": models.ParseStatus,
    "gatekeeper_result": models.GatekeeperResult,
    "claim_check": models.ClaimCheck,
    "fact_check": models.FactCheck,
    "verifier_model_output": models.VerifierModelOutput,
    "verifier_input": models.VerifierInput,
    "verifier_evaluation": models.VerifierEvaluation,
    "labels": models.Labels,
}


def main(
    argv: Sequence[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None
) -> int:
    """Run the CLI; returns the exit code (the console script exits with it)."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help(out)
        return EXIT_INPUT
    try:
        return args.handler(args, out, err)
    except GroundcheckError as exc:
        print(f"groundcheck: error: {exc}", file=err)
        return EXIT_INPUT


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="groundcheck", description=__doc__)
    sub = parser.add_subparsers(dest="command")

    verify = sub.add_parser("verify", help="verify one session (.json) or many (.jsonl)")
    verify.add_argument("path")
    verify.add_argument("--backend", choices=["rules", "replay", "lm"], default="rules")
    verify.add_argument("--out", help="write the records here instead of standard output")
    verify.add_argument("--summary-budget", type=int, default=DEFAULT_BUDGET)
    _add_lm_options(verify)
    verify.add_argument("--db", help="also persist each record (SQLAlchemy URL, e.g. sqlite:///groundcheck.sqlite)")
    verify.set_defaults(handler=_cmd_verify)

    turn = sub.add_parser("turn", help="re-run a diagnosis turn of a session with its tools replayed")
    turn.add_argument("path", help="a session (.json) whose recorded tool calls the Executor may call")
    turn.add_argument("--verifier", choices=["rules", "lm"], default="rules", help="verify with rules or the LM")
    turn.add_argument("--show-json", action="store_true", help="also print the records (raw JSON)")
    _add_lm_options(turn)
    turn.add_argument("--db", help="persist both rounds' records (SQLAlchemy URL)")
    turn.set_defaults(handler=_cmd_turn)

    vin = sub.add_parser("verifier-input", help="print exactly what the Verifier receives for a session")
    vin.add_argument("path")
    vin.add_argument("--summary-budget", type=int, default=DEFAULT_BUDGET)
    vin.set_defaults(handler=_cmd_verifier_input)

    schema = sub.add_parser("schema", help="print the JSON Schema of a format (all when no name)")
    schema.add_argument("name", nargs="?", choices=sorted(SCHEMAS))
    schema.set_defaults(handler=_cmd_schema)

    demo = sub.add_parser("demo", help="verify the bundled example sessions and print their verdicts")
    demo.set_defaults(handler=_cmd_demo)

    gen = sub.add_parser("gen", help="generate labeled synthetic sessions (.jsonl)")
    gen.add_argument("--n", type=int, required=True)
    gen.add_argument("--seed", type=int, default=0)
    gen.add_argument("--out", required=True)
    gen.set_defaults(handler=_cmd_gen)

    ev = sub.add_parser("eval", help="evaluate a verifier backend on a dataset, or compare two reports")
    ev.add_argument("--dataset", help="a bundled name (see `groundcheck datasets`) or a .jsonl / .json path")
    ev.add_argument("--backend", choices=["rules", "replay", "lm"], default="rules")
    ev.add_argument("--report", help="write report.json and report.html into this folder")
    ev.add_argument("--workers", type=int, help="processes (default: every core)")
    ev.add_argument("--limit", type=int, help="only the first N sessions")
    ev.add_argument("--compare", nargs=2, metavar=("A.json", "B.json"), help="print the difference of two reports")
    _add_lm_options(ev)
    ev.set_defaults(handler=_cmd_eval)

    opt = sub.add_parser("optimize", help="compile the Verifier or the Executor against labeled sessions")
    opt.add_argument("target", choices=["verifier", "executor"])
    opt.add_argument("--optimizer", choices=["labeled", "bootstrap", "bootstrap-rs", "mipro", "gepa"], required=True)
    opt.add_argument("--trainset", required=True, help="dataset name or path")
    opt.add_argument("--valset", required=True, help="dataset name or path")
    opt.add_argument("--teacher-lm", help="LM that bootstraps demos / proposes instructions (default: --lm)")
    opt.add_argument("--reflection-lm", help="LM that reflects for GEPA (default: --lm)")
    opt.add_argument("--max-lm-calls", type=int, help="stop cleanly when this many LM calls are spent")
    opt.add_argument("--seed", type=int, default=0)
    opt.add_argument("--limit", type=int, help="only the first N examples of each set")
    opt.add_argument("--out", required=True, help="artifact directory, e.g. programs/compiled/NAME")
    _add_lm_options(opt, program=False, required=False)
    opt.set_defaults(handler=_cmd_optimize)

    exe = sub.add_parser("eval-executor", help="re-run the Executor with replayed tools and score its contracts")
    exe.add_argument("--dataset", required=True)
    exe.add_argument("--limit", type=int)
    exe.add_argument("--executor-program", help="a compiled Executor artifact")
    _add_lm_options(exe, program=False)
    exe.set_defaults(handler=_cmd_eval_executor)

    names = sub.add_parser("datasets", help="list the bundled dataset names")
    names.set_defaults(handler=_cmd_datasets)
    return parser


def _cmd_verify(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    path = Path(args.path)
    backend = _lm_checker(args) if args.backend == "lm" else args.backend
    store = _store(args.db)
    sink, close = _open_sink(args.out, out)
    try:
        if path.suffix == ".jsonl":
            return _verify_lines(path, args, backend, store, sink, err)
        record = verify_session(read_session_file(path), backend, summary_budget=args.summary_budget)
        _persist(store, record)
        sink.write(record.model_dump_json(by_alias=True, indent=2) + "\n")
        return EXIT_OK
    finally:
        close()


def _verify_lines(path: Path, args: argparse.Namespace, backend: Any, store: Any, sink: IO[str], err: IO[str]) -> int:
    from tqdm import tqdm

    bad = 0
    with tqdm(desc="verify", unit="session", file=err, disable=None) as bar:
        for _lineno, item in iter_session_lines(path):
            bar.update(1)
            if isinstance(item, InputError):
                bad += 1
                print(f"groundcheck: error: {item}", file=err)
                continue
            record = verify_session(item, backend, summary_budget=args.summary_budget)
            _persist(store, record)
            sink.write(record.model_dump_json(by_alias=True) + "\n")
    return EXIT_INPUT if bad else EXIT_OK


def _cmd_turn(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from groundcheck.programs.executor import Executor, replay_tools
    from groundcheck.programs.lm import make_lm
    from groundcheck.programs.turn import DiagnosisTurn

    session = read_session_file(args.path)
    settings = _lm_settings(args)
    verifier = _lm_checker(args) if args.verifier == "lm" else "rules"
    executor = Executor(replay_tools(session.model_dump(mode="json")))
    turn = DiagnosisTurn(executor, make_lm(settings), verifier)
    result = turn(session.original_query, session_id=session.session_id)
    store = _store(args.db)
    for record in result.records:
        _persist(store, record)
    out.write(f"rounds: {len(result.records)}; verdicts: {' -> '.join(r.verdict for r in result.records)}\n")
    out.write(result.reply + "\n")
    if args.show_json:
        for record in result.records:
            out.write(record.model_dump_json(by_alias=True, indent=2) + "\n")
    return EXIT_OK


def _add_lm_options(parser: argparse.ArgumentParser, program: bool = True, required: bool = True) -> None:
    parser.add_argument("--lm", help="litellm model string (default: $GROUNDCHECK_LM)")
    if program:
        parser.add_argument("--program", help="a compiled Verifier artifact directory (default: the shipped one)")
    parser.add_argument("--api-base", help="OpenAI-compatible endpoint (default: litellm's environment variables)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per LM request")
    parser.add_argument("--retries", type=int, default=3, help="retries on rate limits and transient errors")


def _lm_settings(args: argparse.Namespace, model: str | None = None) -> Any:
    from groundcheck.programs.lm import LMSettings, resolve_model

    return LMSettings(model=model or resolve_model(args.lm), timeout=args.timeout, num_retries=args.retries,
                      api_base=args.api_base)


def _cmd_optimize(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    import os

    from groundcheck.evals.optimize import run_optimization
    from groundcheck.programs.lm import ENV_MODEL, make_lm

    model = args.lm or os.environ.get(ENV_MODEL)
    lm = make_lm(_lm_settings(args, model)) if model else None
    teacher = make_lm(_lm_settings(args, args.teacher_lm)) if args.teacher_lm else None
    reflection = make_lm(_lm_settings(args, args.reflection_lm)) if args.reflection_lm else None
    result = run_optimization(args.target, args.optimizer, trainset=args.trainset, valset=args.valset, lm=lm,
                              teacher_lm=teacher, reflection_lm=reflection, max_lm_calls=args.max_lm_calls,
                              seed=args.seed, out=args.out, limit=args.limit)
    out.write(f"score before: {_score_text(result.score_before)}\nscore after:  {_score_text(result.score_after)}\n")
    out.write(f"LM calls: {result.budget_used}" + (f" (budget spent; stopped in {result.stopped_in})"
                                                   if result.budget_exhausted else "") + "\n")
    out.write(f"saved: {args.out}\n")
    return EXIT_OK


def _score_text(score: float | None) -> str:
    return "not scored (no LM)" if score is None else f"{score:.4f}"


def _cmd_eval_executor(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from groundcheck.evals.executor_eval import evaluate_executor
    from groundcheck.programs.lm import make_lm

    report = evaluate_executor(args.dataset, make_lm(_lm_settings(args)), program=args.executor_program,
                               limit=args.limit)
    out.write(f"dataset {report['dataset']}  n={report['n']}  lm={report['lm']}\n")
    for key, value in report["metrics"].items():
        out.write(f"  {key:<24} {value:.4f}\n")
    return EXIT_OK


def _lm_checker(args: argparse.Namespace) -> Any:
    from groundcheck.programs.lm import make_lm
    from groundcheck.programs.verifier import LMChecker, load_verifier

    program = load_verifier(args.program) if args.program else None
    return LMChecker(make_lm(_lm_settings(args)), program)


def _store(url: str | None) -> Any:
    if not url:
        return None
    from groundcheck.programs.store import SessionStore

    return SessionStore(url)


def _persist(store: Any, record: Any) -> None:
    if store is not None and record.session_id:
        store.save_verifier_evaluation(record.session_id, record)


def _cmd_verifier_input(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    prepared = prepare_verification(read_session_file(args.path), args.summary_budget)
    vin = build_verifier_input(prepared.session, prepared.parsed, prepared.summary)
    out.write(vin.model_dump_json(indent=2) + "\n")
    return EXIT_OK


def _cmd_schema(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    names = [args.name] if args.name else sorted(SCHEMAS)
    schemas = {n: SCHEMAS[n].model_json_schema(by_alias=True) for n in names}
    out.write(json.dumps(schemas[args.name] if args.name else schemas, ensure_ascii=False, indent=2) + "\n")
    return EXIT_OK


def _cmd_demo(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from groundcheck.evals.examples import bundled_examples

    rows = []
    for path in bundled_examples():
        session = read_session_file(path)
        record = verify_session(session)
        gold = session.labels.verdict if session.labels else None
        rows.append(
            (session.session_id, record.verdict, gold, record.groundedness_score, record.gatekeeper_result)
        )
    width = max(len(r[0]) for r in rows)
    out.write(f"{'session':<{width}}  {'verdict':<10}  {'expected':<10}  score   gatekeeper\n")
    agree = 0
    for sid, verdict, gold, score, gate in rows:
        agree += verdict == gold
        failed = ",".join(gate.failed_rules) or "-"
        out.write(f"{sid:<{width}}  {verdict:<10}  {gold or '?':<10}  {score:<6}  {gate.status} {failed}\n")
    out.write(f"{agree}/{len(rows)} verdicts as expected\n")
    return EXIT_OK if agree == len(rows) else 1


def _cmd_gen(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from groundcheck.evals.datasets import write_jsonl
    from groundcheck.evals.synthetic import generate_sessions

    if args.n < 1:
        raise InputError("--n must be at least 1")
    sessions = generate_sessions(args.n, args.seed)
    write_jsonl(Path(args.out), sessions)
    out.write(f"wrote {len(sessions)} sessions to {args.out}\n")
    return EXIT_OK


def _cmd_eval(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from groundcheck.evals.report import compare_reports

    if args.compare:
        a, b = (_read_report(Path(p)) for p in args.compare)
        out.write(compare_reports(a, b) + "\n")
        return EXIT_OK
    if not args.dataset:
        raise InputError("eval needs --dataset (or --compare A.json B.json)")
    from groundcheck.evals.evaluate import evaluate, summary_table

    report_dir = Path(args.report) if args.report else None
    checker = _lm_checker(args) if args.backend == "lm" else None
    report = evaluate(args.dataset, args.backend, report_dir=report_dir, workers=args.workers, limit=args.limit,
                      checker_factory=(lambda: checker) if checker else None,
                      backend_label=checker.name if checker else None)
    out.write(summary_table(report) + "\n")
    if report_dir:
        out.write(f"report: {report_dir / 'report.json'}, {report_dir / 'report.html'}\n")
    return EXIT_OK


def _cmd_datasets(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from groundcheck.evals.datasets import dataset_names

    out.write("\n".join(dataset_names()) + "\n")
    return EXIT_OK


def _read_report(path: Path) -> dict:
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"{path}: not a readable report: {exc}") from None
    if not isinstance(report, dict) or "metrics" not in report:
        raise InputError(f"{path}: not a groundcheck report (no metrics)")
    return report


def _open_sink(path: str | None, default: IO[str]) -> tuple[IO[str], callable]:
    if not path:
        return default, lambda: None
    try:
        handle = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed by the caller's finally
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror}") from None
    return handle, handle.close


if __name__ == "__main__":
    raise SystemExit(main())
