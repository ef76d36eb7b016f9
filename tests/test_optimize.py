"""Optimization runs end to end with scripted LMs: every optimizer, the budget stop, artifacts."""

import json
import logging

import dspy
import pytest
from builders import base_contract
from net_guard import loopback_only
from universal_lm import UniversalLM

from groundcheck.evals.datasets import load_dataset
from groundcheck.evals.executor_eval import evaluate_executor
from groundcheck.evals.optimization_metrics import verifier_feedback_metric, verifier_score
from groundcheck.evals.optimize import run_optimization, verifier_examples
from groundcheck.programs.errors import ConfigError
from groundcheck.programs.lm.artifacts import DEFAULT_VERIFIER, METADATA_FILE, load_program, read_metadata
from groundcheck.programs.lm.verifier import LMChecker, Verifier
from groundcheck.signatures.verifier import ClaimVerdict

logging.getLogger("dspy").setLevel(logging.ERROR)
SMALL = {"trainset": "synthetic-train", "valset": "synthetic-dev", "limit": 4, "progress": False}
REQUIRED_METADATA = ("optimizer", "optimizer_settings", "trainset", "valset", "metric", "score_before",
                     "score_after", "lm", "groundcheck_version", "dspy_version", "created", "signature_fingerprint")


@pytest.mark.parametrize("optimizer", ["labeled", "bootstrap", "bootstrap-rs", "mipro", "gepa"])
def test_every_optimizer_runs_end_to_end(optimizer, tmp_path, monkeypatch):
    task, helper = UniversalLM("task-lm"), UniversalLM("helper-lm")
    kwargs = {"teacher_lm": helper} if optimizer in ("bootstrap", "bootstrap-rs", "mipro") else {}
    if optimizer == "gepa":
        kwargs = {"reflection_lm": helper}
    with loopback_only(monkeypatch) as attempts:
        result = run_optimization("verifier", optimizer, lm=task, max_lm_calls=2_000, out=tmp_path / "a", **SMALL,
                                  **kwargs)
    assert attempts == []
    assert result.score_before is not None and result.score_after is not None
    assert 0 <= result.score_before <= 1 and not result.budget_exhausted
    meta = read_metadata(tmp_path / "a")
    for key in REQUIRED_METADATA:
        assert key in meta, key
    assert meta["optimizer"] == optimizer and meta["lm"]["task"] == "task-lm"
    assert meta["trainset"]["sha256"] == load_dataset("synthetic-train").sha256
    assert isinstance(load_program(tmp_path / "a", "verifier"), Verifier)
    if optimizer == "bootstrap":
        assert helper.prompts, "the teacher LM bootstrapped the demos"
    if optimizer in ("mipro", "gepa"):
        assert helper.prompts, "the proposal / reflection LM was asked"
    assert dspy.settings.lm is None


def test_budget_stop_saves_the_best_program_so_far(tmp_path):
    result = run_optimization("verifier", "bootstrap-rs", lm=UniversalLM(), max_lm_calls=10, out=tmp_path / "b",
                              **SMALL)
    assert result.budget_exhausted and result.budget_used == 10
    assert result.stopped_in
    meta = read_metadata(tmp_path / "b")
    assert meta["budget_exhausted"] is True and meta["lm_calls"] == 10
    load_program(tmp_path / "b", "verifier")  # still a usable artifact


def test_artifact_round_trip_renders_the_same_prompt(tmp_path):
    run_optimization("verifier", "labeled", out=tmp_path / "c", **SMALL)
    compiled = load_program(tmp_path / "c", "verifier")
    example = verifier_examples(load_dataset("synthetic-dev").sessions[:20])[0]
    fields = dict(example.inputs().items())
    original_demos = compiled.check.demos
    assert original_demos, "labeled few-shot put demos in the program"
    reloaded = load_program(tmp_path / "c", "verifier")
    assert compiled.render(fields) == reloaded.render(fields)
    assert compiled.render(fields) != Verifier().render(fields)


def test_mismatched_or_broken_artifacts_are_refused(tmp_path):
    run_optimization("verifier", "labeled", out=tmp_path / "d", **SMALL)
    meta_path = tmp_path / "d" / METADATA_FILE
    meta = json.loads(meta_path.read_text())
    with pytest.raises(ConfigError, match="not a 'executor'"):
        load_program(tmp_path / "d", "executor")
    meta_path.write_text(json.dumps({**meta, "signature_fingerprint": "0000000000000000"}))
    with pytest.raises(ConfigError, match="another signature"):
        load_program(tmp_path / "d")
    meta_path.write_text(json.dumps({**meta, "artifact_format": 99}))
    with pytest.raises(ConfigError, match="artifact format"):
        load_program(tmp_path / "d")
    meta_path.unlink()
    with pytest.raises(ConfigError, match="not a compiled groundcheck program"):
        load_program(tmp_path / "d")


def test_no_api_key_is_ever_written(tmp_path):
    secret = "sk-groundcheck-test-secret-0123456789"
    lm = UniversalLM("openai/gpt-4o-mini")
    lm.kwargs["api_key"] = secret
    run_optimization("verifier", "bootstrap", lm=lm, out=tmp_path / "e", max_lm_calls=500, **SMALL)
    for path in (tmp_path / "e").iterdir():
        assert secret not in path.read_text(encoding="utf-8")
        assert "api_key" not in path.read_text(encoding="utf-8")


def test_shipped_default_verifier_is_loaded_by_the_lm_backend():
    meta = read_metadata(DEFAULT_VERIFIER)
    assert meta["optimizer"] == "labeled" and meta["trainset"]["name"] == "synthetic-train"
    program = load_program(DEFAULT_VERIFIER, "verifier")
    classes = {c.verification if hasattr(c, "verification") else c["verification"]
               for demo in program.check.demos for c in demo["claim_checks"]}
    assert len(program.check.demos) >= 2 and len(classes) >= 3
    checker = LMChecker(UniversalLM())
    assert len(checker.program.check.demos) == len(program.check.demos)


def test_verifier_metric_weights_false_pass_heaviest():
    examples = verifier_examples(load_dataset("synthetic-dev").sessions)
    example = next(e for e in examples if e.gold_verdict == "LOW_CONFID" and "overstated" in e.gold_claims.values()
                   and not e.session["labels"]["gatekeeper_failed_rules"])
    right = dspy.Prediction(
        claim_checks=[ClaimVerdict(claim_id=c, verification=v, detail="") for c, v in example.gold_claims.items()],
        verdict="LOW_CONFID",
    )
    all_direct = dspy.Prediction(
        claim_checks=[ClaimVerdict(claim_id=c, verification="direct_observation", detail="")
                      for c in example.gold_claims],
        verdict="PASS",
    )
    assert verifier_score(example, right)[0] == pytest.approx(1.0)
    wrong_score, feedback = verifier_score(example, all_direct)
    assert wrong_score == 0.0  # a false PASS scores nothing, however many claims were right
    assert "FALSE PASS" in feedback and "gold overstated" in feedback
    gepa = verifier_feedback_metric(example, all_direct)
    assert gepa.score == 0.0 and gepa.feedback == feedback


def test_executor_optimization_and_eval_executor(tmp_path):
    lm = UniversalLM("exec-lm", contract=base_contract())
    result = run_optimization("executor", "bootstrap", lm=lm, out=tmp_path / "x", max_lm_calls=300,
                              trainset="synthetic-train", valset="synthetic-dev", limit=2, progress=False)
    assert result.score_before is not None
    assert read_metadata(tmp_path / "x")["kind"] == "executor"
    executor = load_program(tmp_path / "x", "executor")
    assert executor.tool_names == ("query_logs", "query_metrics", "lookup_knowledge")
    report = evaluate_executor("synthetic-dev", UniversalLM("exec-lm", contract=base_contract()),
                               program=str(tmp_path / "x"), limit=2, progress=False)
    assert report["n"] == 2
    assert set(report["metrics"]) == {"contract_valid", "gatekeeper_pass", "fact_coverage", "no_guidance_as_fact",
                                      "chinese_answer", "overall"}
    assert report["metrics"]["contract_valid"] == 1.0


def test_optimizer_registry_runs_a_registered_builder(tmp_path):
    from groundcheck.evals import optimizers

    seen = {}

    def keep_student(job):
        seen["job"] = job
        return job.student

    optimizers.register_optimizer("keep", keep_student)
    try:
        result = run_optimization("verifier", "keep", lm=UniversalLM("task-lm"), out=tmp_path / "k",
                                  concurrency=4, **SMALL)
    finally:
        del optimizers.OPTIMIZERS["keep"]
    assert seen["job"].threads == 4 and len(seen["job"].train) == 4
    assert result.score_before == result.score_after
    assert read_metadata(tmp_path / "k")["optimizer"] == "keep"
    with pytest.raises(ConfigError, match="unknown optimizer 'keep'"):
        run_optimization("verifier", "keep", lm=UniversalLM(), **SMALL)


def test_scoring_counts_failed_predictions_as_zero_and_stops_at_max_errors(tmp_path):
    class Broken(UniversalLM):
        def forward(self, *args, **kwargs):
            raise RuntimeError("model down")

    result = run_optimization("verifier", "labeled", lm=Broken("broken"), out=tmp_path / "z", **SMALL)
    assert result.score_before == 0.0 and result.metadata["scored_examples"]["before"] == 4
    stopped = run_optimization("verifier", "labeled", lm=Broken("broken"), out=tmp_path / "y", max_errors=1,
                               concurrency=1, **{**SMALL, "limit": 8})
    assert stopped.stopped_in == "scoring before" and stopped.metadata["scored_examples"]["before"] < 8


def test_missing_optuna_is_one_line_before_anything_is_written(tmp_path, monkeypatch):
    import io
    import sys

    from groundcheck.programs.cli import main

    monkeypatch.setitem(sys.modules, "optuna", None)
    err = io.StringIO()
    code = main(["optimize", "verifier", "--optimizer", "mipro", "--trainset", "synthetic-train", "--valset",
                 "synthetic-dev", "--lm", "openai/x", "--out", str(tmp_path / "never")], stdout=io.StringIO(),
                stderr=err)
    assert code == 2 and len(err.getvalue().splitlines()) == 1
    assert "pip install 'groundcheck[optimize]'" in err.getvalue() and not (tmp_path / "never").exists()
