"""`groundcheck` command line: thin wrappers over the library; errors map to exit code 2."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel

from groundcheck.signatures import models

from .core.jsonio import model_json
from .core.pipeline import prepare_verification, verify_session
from .core.sessions import read_session_file, session_name
from .core.trace_summary import DEFAULT_BUDGET
from .errors import GroundcheckError, InputError, describe_exception, one_line
from .parallel import DEFAULT_LM_CONCURRENCY
from .version import PROGRAM_VERSION, __version__

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_INPUT = 2
EXIT_OUTAGE = 3  # `turn`: the Executor's LM was unavailable (the reply says so)
EXIT_INTERRUPTED = 130
LOG_FORMAT = "groundcheck: %(levelname)s: %(message)s"
DEBUG_ENV = "GROUNDCHECK_DEBUG"  # set to 1 to see the traceback of an internal error
CACHE_ENV_NAME = "GROUNDCHECK_CACHE_DIR"

SCHEMAS: dict[str, type[BaseModel]] = {
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
    handler = logging.StreamHandler(err)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    if args.command == "eval" and not args.verbose:
        handler.addFilter(_counted_not_logged)
    log = logging.getLogger("groundcheck")
    old_level = log.level
    log.addHandler(handler)
    log.setLevel(logging.INFO if args.verbose else logging.WARNING)
    code = EXIT_INTERNAL
    try:
        code = args.handler(args, out, err)
        return code
    except GroundcheckError as exc:
        _error(err, str(exc))
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("groundcheck: interrupted", file=err)
        code = EXIT_INTERRUPTED
        return code
    except Exception as exc:  # a bug, not bad input: still one line (the traceback with GROUNDCHECK_DEBUG=1)
        if os.environ.get(DEBUG_ENV):
            raise
        _error(err, f"internal error {describe_exception(exc)} (set {DEBUG_ENV}=1 for the traceback)")
        return EXIT_INTERNAL
    finally:
        log.removeHandler(handler)
        log.setLevel(old_level)
        if code == EXIT_INTERRUPTED and argv is None:
            # the process is about to exit (run as a command, not called): LM calls abandoned at Ctrl-C
            # may still fail meanwhile, which is not worth a line each
            log.addHandler(logging.NullHandler())


def _counted_not_logged(record: logging.LogRecord) -> bool:
    """eval: a session's LM failure is counted in the report (`lm_errors`), not one warning each (-v shows them)."""
    return record.name != "groundcheck.programs.core.pipeline"


def _error(err: IO[str], message: str) -> None:
    """One line on standard error, whatever the message holds (line breaks, lone surrogates)."""
    print(f"groundcheck: error: {one_line(message)}", file=err)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="groundcheck", description=__doc__)
    parser.add_argument("--version", action="version", version=f"groundcheck {__version__} ({PROGRAM_VERSION})",
                        help="print the version and exit")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("-v", "--verbose", action="store_true", help="log progress details (INFO) on standard error")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_text, description=help_text, parents=[common])

    verify = command("verify", "verify one session (.json) or many (.jsonl, one per line, records in input order)")
    verify.add_argument("path", help="a session (.json) or a file of sessions (.jsonl)")
    verify.add_argument("--backend", choices=["rules", "replay", "lm"], default="rules",
                        help="claim checker: rules (offline, default), replay (recorded model output) or lm")
    verify.add_argument("--out", help="write the records here instead of standard output")
    verify.add_argument("--summary-budget", type=int, default=DEFAULT_BUDGET,
                        help=f"characters of tool output the trace summary keeps per session "
                             f"(default {DEFAULT_BUDGET})")
    verify.add_argument("--workers", "--concurrency", dest="workers", type=int,
                        help="a .jsonl file: rules/replay use this many processes (default: every core); "
                             f"lm verifies this many sessions at once (default {DEFAULT_LM_CONCURRENCY})")
    verify.add_argument("--cache", action="store_true",
                        help="lm: reuse cached model answers (off by default: a verdict reflects a live call)")
    _add_lm_options(verify)
    verify.add_argument("--db", help="also persist each record (SQLAlchemy URL, e.g. sqlite:///groundcheck.sqlite)")
    verify.set_defaults(handler=_cmd_verify)

    turn = command("turn", "re-run a diagnosis turn of a session with its tools replayed "
                           "(exit 0 with a reply, 3 when the Executor's LM was unavailable)")
    turn.add_argument("path", help="a session (.json) whose recorded tool calls the Executor may call")
    turn.add_argument("--verifier", choices=["rules", "lm"], default="rules", help="verify with rules or the LM")
    turn.add_argument("--show-json", action="store_true", help="also print the records (raw JSON)")
    _add_lm_options(turn)
    turn.add_argument("--db", help="persist both rounds' records (SQLAlchemy URL)")
    turn.set_defaults(handler=_cmd_turn)

    vin = command("verifier-input", "print exactly what the LM Verifier receives for a session")
    vin.add_argument("path", help="a session (.json)")
    vin.add_argument("--messages", action="store_true",
                     help="print the chat messages the shipped (or --program) Verifier sends, not just its fields")
    vin.add_argument("--program", help="a compiled Verifier artifact directory, with --messages")
    vin.set_defaults(handler=_cmd_verifier_input)

    schema = command("schema", "print the JSON Schema of a format (all when no name)")
    schema.add_argument("name", nargs="?", choices=sorted(SCHEMAS), help="the format (default: every one)")
    schema.set_defaults(handler=_cmd_schema)

    demo = command("demo", "verify the bundled example sessions and print their verdicts")
    demo.set_defaults(handler=_cmd_demo)

    gen = command("gen", "generate labeled synthetic sessions (.jsonl)")
    gen.add_argument("--n", type=int, required=True, help="how many sessions")
    gen.add_argument("--seed", type=int, default=0, help="random seed (same seed, same sessions)")
    gen.add_argument("--out", required=True, help="the .jsonl file to write")
    gen.set_defaults(handler=_cmd_gen)

    ev = command("eval", "evaluate a verifier backend on a dataset, or compare two reports")
    ev.add_argument("--dataset", help="a bundled name (see `groundcheck datasets`) or a .jsonl / .json path")
    ev.add_argument("--backend", choices=["rules", "replay", "lm"], default="rules",
                    help="claim checker to evaluate (default rules)")
    ev.add_argument("--report", help="write report.json, report.html, sessions.jsonl/.csv and records.jsonl here")
    ev.add_argument("--workers", "--concurrency", dest="workers", type=int,
                    help="rules/replay: processes (default: every core); "
                         f"lm: sessions verified at once (default {DEFAULT_LM_CONCURRENCY})")
    ev.add_argument("--limit", type=int, help="only the first N sessions")
    ev.add_argument("--resume", action="store_true",
                    help="with --report: keep the sessions an interrupted run of the same dataset, backend, program "
                         "and model finished; run only the rest")
    ev.add_argument("--no-cache", action="store_true",
                    help="lm: ask the model again instead of reusing cached answers "
                         f"(cache folder: ${CACHE_ENV_NAME} or ~/.cache/groundcheck/lm)")
    ev.add_argument("--fail-under", action="append", default=[], metavar="METRIC=VALUE",
                    help="exit 1 when METRIC is below VALUE (repeatable), e.g. verdict_accuracy=0.95")
    ev.add_argument("--fail-over", action="append", default=[], metavar="METRIC=VALUE",
                    help="exit 1 when METRIC is above VALUE (repeatable), e.g. false_pass_rate=0.01")
    ev.add_argument("--compare", nargs=2, metavar=("A.json", "B.json"),
                    help="compare two reports: metrics, per-session verdict flips, exact McNemar test")
    ev.add_argument("--force", action="store_true", help="with --compare: compare reports of different datasets")
    _add_lm_options(ev)
    ev.set_defaults(handler=_cmd_eval)

    opt = command("optimize", "compile the Verifier or the Executor against labeled sessions")
    opt.add_argument("target", choices=["verifier", "executor"], help="which program to compile")
    opt.add_argument("--optimizer", choices=_optimizer_names(), required=True, help="the DSPy optimizer")
    opt.add_argument("--trainset", required=True, help="dataset name or path")
    opt.add_argument("--valset", required=True, help="dataset name or path")
    opt.add_argument("--teacher-lm", help="LM that bootstraps demos / proposes instructions (default: --lm)")
    opt.add_argument("--reflection-lm", help="LM that reflects for GEPA (default: --lm)")
    opt.add_argument("--max-lm-calls", type=int, help="stop cleanly when this many LM calls are spent")
    opt.add_argument("--seed", type=int, default=0, help="random seed of the optimizer")
    opt.add_argument("--limit", type=int, help="only the first N examples of each set")
    opt.add_argument("--concurrency", type=int, default=None,
                     help=f"examples scored at once (default {DEFAULT_LM_CONCURRENCY}; the optimizer's threads too)")
    opt.add_argument("--max-errors", type=int, help="stop scoring after this many failed predictions (default: none)")
    opt.add_argument("--no-cache", action="store_true", help="ask the models again instead of reusing cached answers")
    opt.add_argument("--out", required=True, help="artifact directory, e.g. programs/compiled/NAME")
    _add_lm_options(opt, program=False)
    opt.set_defaults(handler=_cmd_optimize)

    exe = command("eval-executor", "re-run the Executor with replayed tools and score its contracts")
    exe.add_argument("--dataset", required=True, help="dataset name or path (its honest sessions are replayed)")
    exe.add_argument("--limit", type=int, help="only the first N sessions")
    exe.add_argument("--executor-program", help="a compiled Executor artifact")
    exe.add_argument("--concurrency", type=int, default=None,
                     help=f"sessions run at once (default {DEFAULT_LM_CONCURRENCY})")
    exe.add_argument("--max-errors", type=int, help="stop after this many failed runs (default: none)")
    exe.add_argument("--no-cache", action="store_true", help="ask the model again instead of reusing cached answers")
    _add_lm_options(exe, program=False)
    exe.set_defaults(handler=_cmd_eval_executor)

    names = command("datasets", "list the named datasets, which are available here and how to get the others")
    names.set_defaults(handler=_cmd_datasets)
    return parser


def _optimizer_names() -> list[str]:
    from groundcheck.evals.optimizers import OPTIMIZER_NAMES

    return list(OPTIMIZER_NAMES)


def _cmd_verify(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    path = Path(args.path)
    if args.cache and args.backend == "lm":
        from groundcheck.evals.cache import enable_lm_cache

        enable_lm_cache()
    backend = _lm_checker(args, cache=args.cache) if args.backend == "lm" else args.backend
    store = _store(args.db)
    sink, write_raw, close = _open_sink(args.out, out)
    try:
        if path.suffix == ".jsonl":
            return _verify_lines(path, args, backend, store, sink, err, write_raw)
        record = _verify_one(read_session_file(path), backend, args)
        sink.write(model_json(record, by_alias=True, indent=2) + "\n")
        _persist(store, record)
        return EXIT_OK
    finally:
        close()


def _verify_lines(path: Path, args: argparse.Namespace, backend: Any, store: Any, sink: IO[str], err: IO[str],
                  write_raw: Callable[[bytes], object] | None = None) -> int:
    """Every line, records in input order; a bad line is one error line on stderr and the next lines still run.

    rules / replay run in worker processes (every core), the LM backend many sessions at once. `write_raw`:
    writes to the byte layer of `sink`, when records may go there as the workers encoded them (`_open_sink`).
    """
    from tqdm import tqdm

    from .batch_verify import verify_jsonl
    from .parallel import DEFAULT_LM_CONCURRENCY, default_processes

    workers = args.workers or (default_processes() if isinstance(backend, str) else DEFAULT_LM_CONCURRENCY)
    bad = 0
    with tqdm(desc="verify", unit="session", file=err, disable=None) as bar:
        for result in verify_jsonl(path, backend, workers=workers, summary_budget=args.summary_budget,
                                   want_record=store is not None, on_done=bar.update):
            try:
                if result.json is None:  # a line has either its record's JSON or an error
                    raise InputError(result.error or f"{path}:{result.lineno}: no record")
                if write_raw is not None:
                    write_raw(result.json)
                else:
                    sink.write(result.json.decode("utf-8"))
                if store is not None:
                    _persist(store, result.record)
            except GroundcheckError as exc:
                bad += 1
                where = "" if str(exc).startswith(f"{path}:") else f"{path}:{result.lineno}: "
                _error(err, where + str(exc))
    return EXIT_INPUT if bad else EXIT_OK


def _verify_one(session: Any, backend: Any, args: argparse.Namespace) -> Any:
    """`verify_session`, with any failure of a stage turned into an `InputError` naming the session."""
    try:
        return verify_session(session, backend, summary_budget=args.summary_budget)
    except GroundcheckError:
        raise
    except Exception as exc:  # a stage bug must not cost the neighbour sessions; say which one failed
        sid = getattr(session, "session_id", None)
        raise InputError(f"{session_name(sid)}: could not be verified (internal error {describe_exception(exc, 200)})",
                         session_id=sid) from None


def _cmd_turn(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Exit 0 whenever a reply was produced (also when only the Verifier's LM was down: the reply says
    the answer is unverified), 3 when the Executor's LM was unavailable."""
    from .lm.executor import Executor, replay_tools
    from .lm.settings import make_lm
    from .lm.turn import DiagnosisTurn

    session = read_session_file(args.path)
    settings = _lm_settings(args)
    verifier = _lm_checker(args) if args.verifier == "lm" else "rules"
    executor = Executor(replay_tools(session.model_dump(mode="json")))
    turn = DiagnosisTurn(executor, make_lm(settings), verifier)
    result = turn(session.original_query, session_id=session.session_id)
    store = _store(args.db)
    for record in result.records:
        _persist(store, record, result.session_id)
    out.write(f"rounds: {len(result.records)}; verdicts: {' -> '.join(r.verdict for r in result.records)}\n")
    out.write(result.reply + "\n")
    if args.show_json:
        for record in result.records:
            out.write(model_json(record, by_alias=True, indent=2) + "\n")
    return EXIT_OUTAGE if result.outage == "executor" else EXIT_OK


def _add_lm_options(parser: argparse.ArgumentParser, program: bool = True) -> None:
    parser.add_argument("--lm", help="litellm model string (default: $GROUNDCHECK_LM)")
    if program:
        parser.add_argument("--program", help="a compiled Verifier artifact directory (default: the shipped one)")
    parser.add_argument("--api-base", help="OpenAI-compatible endpoint (default: litellm's environment variables)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per LM request (default 60)")
    parser.add_argument("--retries", type=int, default=3,
                        help="retries on rate limits and transient errors (default 3)")


def _lm_settings(args: argparse.Namespace, model: str | None = None, cache: bool = False) -> Any:
    from .lm.settings import LMSettings, resolve_model

    return LMSettings(model=model or resolve_model(args.lm), timeout=args.timeout, num_retries=args.retries,
                      api_base=args.api_base, cache=cache)


def _use_cache(args: argparse.Namespace) -> bool:
    """eval / optimize / eval-executor: DSPy's disk cache in the user cache folder unless --no-cache."""
    if args.no_cache:
        return False
    from groundcheck.evals.cache import enable_lm_cache

    enable_lm_cache()
    return True


def _cmd_optimize(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from groundcheck.evals.optimize import run_optimization
    from groundcheck.evals.optimizers import check_optimizer_extras

    from .lm.settings import ENV_MODEL, make_lm

    check_optimizer_extras(args.optimizer)  # before anything is written
    cache = _use_cache(args)
    model = args.lm or os.environ.get(ENV_MODEL)
    lm = make_lm(_lm_settings(args, model, cache)) if model else None
    teacher = make_lm(_lm_settings(args, args.teacher_lm, cache)) if args.teacher_lm else None
    reflection = make_lm(_lm_settings(args, args.reflection_lm, cache)) if args.reflection_lm else None
    result = run_optimization(args.target, args.optimizer, trainset=args.trainset, valset=args.valset, lm=lm,
                              teacher_lm=teacher, reflection_lm=reflection, max_lm_calls=args.max_lm_calls,
                              seed=args.seed, out=args.out, limit=args.limit, concurrency=args.concurrency,
                              max_errors=args.max_errors)
    out.write(f"score before: {_score_text(result.score_before)}\nscore after:  {_score_text(result.score_after)}\n")
    out.write(f"LM calls: {result.budget_used}" + (f" (budget spent; stopped in {result.stopped_in})"
                                                   if result.budget_exhausted else "") + "\n")
    out.write(f"saved: {args.out}\n")
    return EXIT_OK


def _score_text(score: float | None) -> str:
    return "not scored (no LM)" if score is None else f"{score:.4f}"


def _cmd_eval_executor(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from groundcheck.evals.executor_eval import evaluate_executor

    from .lm.settings import make_lm

    cache = _use_cache(args)
    report = evaluate_executor(args.dataset, make_lm(_lm_settings(args, cache=cache)), program=args.executor_program,
                               limit=args.limit, concurrency=args.concurrency, max_errors=args.max_errors)
    out.write(f"dataset {report['dataset']}  n={report['n']}  lm={report['lm']}\n")
    for key, value in report["metrics"].items():
        out.write(f"  {key:<24} {value:.4f}\n")
    if report.get("errors"):
        out.write(f"  {'failed runs':<24} {report['errors']}" + (f" (stopped: {report['stopped']})"
                                                                 if report.get("stopped") else "") + "\n")
    return EXIT_OK


def _lm_checker(args: argparse.Namespace, cache: bool = False) -> Any:
    from .lm.artifacts import load_program
    from .lm.settings import make_lm
    from .lm.verifier import LMChecker

    # an artifact directory only: load_program checks kind, format, signature and refuses LM settings
    program = load_program(args.program, "verifier") if args.program else None
    return LMChecker(make_lm(_lm_settings(args, cache=cache)), program)


def _store(url: str | None) -> Any:
    if not url:
        return None
    from .store import SessionStore

    return SessionStore(url)


def _persist(store: Any, record: Any, session_id: str | None = None) -> None:
    if store is None:
        return
    session_id = session_id or record.session_id
    if session_id:
        try:
            store.save_verifier_evaluation(session_id, record)
        except GroundcheckError:
            raise
        except Exception as exc:  # one session the database refuses must not stop the others
            raise InputError(f"{session_name(record.session_id)}: not stored: {describe_exception(exc, 200)}",
                             session_id=record.session_id) from None


def _cmd_verifier_input(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """The model's input fields (explicit blocks, focused on the claims it judges), or why it is not asked."""
    from .core.cascade import verdict_fixed_by_trace
    from .core.focused_input import focused_fields

    prepared = prepare_verification(read_session_file(args.path))
    request = prepared.request
    reason = verdict_fixed_by_trace(prepared.parsed.status, prepared.parsed.contract, prepared.gate,
                                    request.evidence if request else None)
    if reason is not None or request is None:
        out.write(json.dumps({"model_not_asked": reason}, ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    fields = focused_fields(request)
    if not args.messages:
        out.write(json.dumps(fields, ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    from .lm.artifacts import load_program
    from .lm.compact_adapter import CompactChatAdapter
    from .lm.verifier import default_verifier

    program = load_program(args.program, "verifier") if args.program else default_verifier()
    messages = program.render(fields, CompactChatAdapter())
    out.write("\n\n".join(f"--- {m['role']} ---\n{m['content']}" for m in messages) + "\n")
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
    if args.compare:
        from groundcheck.evals.compare import compare_reports

        a, b = (_read_report(Path(p)) for p in args.compare)
        out.write(compare_reports(a, b, force=args.force) + "\n")
        return EXIT_OK
    if not args.dataset:
        raise InputError("eval needs --dataset (or --compare A.json B.json)")
    if args.resume and not args.report:
        raise InputError("--resume needs --report DIR (the folder of the run to resume)")
    gates = _gates(args.fail_under, "under") + _gates(args.fail_over, "over")
    from groundcheck.evals.evaluate import RunInterrupted, evaluate, summary_table

    report_dir = Path(args.report) if args.report else None
    provenance: dict[str, Any] = {}
    checker = None
    if args.backend == "lm":
        cache = _use_cache(args)
        checker = _lm_checker(args, cache=cache)
        from groundcheck.evals.cache import cache_dir

        provenance = {"program_dir": str(Path(args.program).resolve()) if args.program else "shipped default",
                      "lm_cache": str(cache_dir()) if cache else None}
    try:
        report = evaluate(args.dataset, args.backend, report_dir=report_dir, workers=args.workers, limit=args.limit,
                          checker_factory=(lambda: checker) if checker else None, resume=args.resume,
                          provenance=provenance)
    except RunInterrupted as stop:
        where = f"; partial report in {stop.report_dir}, continue with --resume" if stop.report_dir else ""
        print(f"groundcheck: interrupted after {stop.report['n']} sessions{where}", file=err)
        return EXIT_INTERRUPTED
    m = report["metrics"]
    if m.get("lm_sessions") and m["lm_errors"] == m["lm_sessions"]:
        _error(err, f"every LM call failed ({m['lm_errors']} of {m['lm_sessions']} sessions): {m['first_lm_error']}")
        return EXIT_INTERNAL
    out.write(summary_table(report) + "\n")
    if report_dir:
        out.write(f"report: {report_dir / 'report.json'}, {report_dir / 'report.html'}, "
                  f"{report_dir / 'sessions.csv'}\n")
    failures = (_gate_failure(m, metric, limit, side) for metric, limit, side in gates)
    failed = [f for f in failures if f]
    for line in failed:
        _error(err, line)
    return EXIT_INTERNAL if failed else EXIT_OK


def _gates(specs: list[str], side: str) -> list[tuple[str, float, str]]:
    gates = []
    for spec in specs:
        metric, sep, value = spec.partition("=")
        try:
            gates.append((metric.strip(), float(value), side))
        except ValueError:
            raise InputError(f"--fail-{side} {spec!r}: expected METRIC=VALUE, e.g. verdict_accuracy=0.95") from None
        if not sep or not metric.strip():
            raise InputError(f"--fail-{side} {spec!r}: expected METRIC=VALUE")
    return gates


def _gate_failure(metrics: dict[str, Any], metric: str, limit: float, side: str) -> str | None:
    value = metrics.get(metric)
    if not isinstance(value, int | float) or isinstance(value, bool):
        return f"--fail-{side} {metric}: no such metric in this run's report"
    if side == "under" and value < limit:
        return f"{metric} {value:.4f} is below {limit} (--fail-under)"
    if side == "over" and value > limit:
        return f"{metric} {value:.4f} is above {limit} (--fail-over)"
    return None


def _cmd_datasets(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from groundcheck.evals import datasets

    names = datasets.dataset_names()
    availability = getattr(datasets, "dataset_availability", None)
    status: dict[str, str | None] = availability() if availability else {n: None for n in names}
    width = max(len(n) for n in names)
    for name in names:
        how = status.get(name)
        out.write(f"{name:<{width}}  {'available' if how is None else 'not available here: ' + how}\n")
    out.write("also: any .jsonl / .json file or folder of sessions (groundcheck eval --dataset PATH)\n")
    return EXIT_OK


def _read_report(path: Path) -> dict:
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"{path}: not a readable report: {exc}") from None
    if not isinstance(report, dict) or "metrics" not in report:
        raise InputError(f"{path}: not a groundcheck report (no metrics)")
    return report


def _open_sink(
    path: str | None, default: IO[str]
) -> tuple[IO[str], Callable[[bytes], object] | None, Callable[[], None]]:
    """The text sink for records, how to write UTF-8 bytes to the layer under it when they may go there
    unchanged (a file this command opened, where no line ending is translated), and how to close it."""
    if not path:
        return default, None, lambda: None
    try:
        handle = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed by the caller's finally
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror}") from None
    write_raw = handle.buffer.write if os.linesep == "\n" else None  # elsewhere the text layer writes "\r\n"
    return handle, write_raw, handle.close


if __name__ == "__main__":
    raise SystemExit(main())
