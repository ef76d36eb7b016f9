import io
import json

from groundcheck.programs.cli import main
from groundcheck.programs.version import RULES_VERSION

REQUIRED = ("verdict_accuracy", "verdict_macro_f1", "false_pass_rate", "false_reject_rate", "claim_macro_f1",
            "parse_status_accuracy", "gatekeeper_rule_f1")


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), stdout=out, stderr=err), out.getvalue(), err.getvalue()


def test_synthetic_test_meets_the_rules_backend_targets(tmp_path):
    code, out, _ = run("eval", "--dataset", "synthetic-test", "--report", str(tmp_path), "--workers", "2")
    assert code == 0 and "verdict_accuracy" in out
    report = json.loads((tmp_path / "report.json").read_text())
    for key in ("dataset", "dataset_sha256", "n", "backend", "program_version", "metrics"):
        assert key in report
    m = report["metrics"]
    for key in REQUIRED:
        assert 0.0 <= m[key] <= 1.0, key
    assert report["n"] == 480
    assert m["parse_status_accuracy"] == 1.0
    assert m["gatekeeper_exact_match"] == 1.0
    assert m["verdict_accuracy"] >= 0.95
    assert m["false_pass_rate"] <= 0.01
    html = (tmp_path / "report.html").read_text()
    assert html.count("<img") >= 4 and "data:image/png;base64," in html


def test_report_links_each_miss_to_its_record(tmp_path):
    sessions = [json.loads(line) for line in _synthetic("test").read_text(encoding="utf-8").splitlines()][:24]
    for s in sessions:
        s["labels"]["verdict"] = "PASS" if s["labels"]["verdict"] != "PASS" else "REJECT"  # every verdict now a miss
    path = tmp_path / "flipped.jsonl"
    path.write_text("\n".join(json.dumps(s, ensure_ascii=False) for s in sessions), encoding="utf-8")
    code, _, _ = run("eval", "--dataset", str(path), "--report", str(tmp_path / "r"), "--workers", "1")
    report = json.loads((tmp_path / "r" / "report.json").read_text())
    assert code == 0 and len(report["misses"]) == 24
    assert report["misses"][0]["gold"] == "REJECT" and report["misses"][0]["predicted"] == "PASS"
    html = (tmp_path / "r" / "report.html").read_text()
    for miss in report["misses"]:
        assert f"records/{miss['session_id']}.json" in html
        assert (tmp_path / "r" / "records" / f"{miss['session_id']}.json").is_file()


def _report(dataset_sha, per_session, **metrics):
    return {"dataset": "x", "dataset_sha256": dataset_sha, "backend": "rules", "n": len(per_session),
            "program_version": "p", "metrics": metrics,
            "per_session": [{"session_id": sid, "round": 1, "gold": gold, "predicted": got}
                            for sid, gold, got in per_session]}


def test_compare_prints_differences_flips_and_mcnemar(tmp_path):
    gold = ["PASS", "LOW_CONFID", "REJECT", "PASS", "PASS", "LOW_CONFID"]
    a_pred = ["PASS", "PASS", "REJECT", "REJECT", "LOW_CONFID", "LOW_CONFID"]
    b_pred = ["PASS", "LOW_CONFID", "REJECT", "PASS", "PASS", "REJECT"]
    a = _report("h1", [(f"s{i}", g, p) for i, (g, p) in enumerate(zip(gold, a_pred, strict=True))],
                verdict_accuracy=0.5, false_pass_rate=0.1)
    b = _report("h1", [(f"s{i}", g, p) for i, (g, p) in enumerate(zip(gold, b_pred, strict=True))],
                verdict_accuracy=0.75, false_pass_rate=0.0)
    (tmp_path / "a.json").write_text(json.dumps(a))
    (tmp_path / "b.json").write_text(json.dumps(b))
    code, out, _ = run("eval", "--compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert code == 0
    assert "+0.2500" in out and "-0.1000" in out
    fixed = [line for line in out.splitlines() if line.strip().startswith("fixed ")]
    broken = [line for line in out.splitlines() if line.strip().startswith("broken ")]
    assert sorted(line.split()[1] for line in fixed) == ["s1", "s3", "s4"]
    assert [line.split()[1] for line in broken] == ["s5"]
    from scipy.stats import binomtest

    p = binomtest(3, 4, 0.5).pvalue  # the exact McNemar p-value on 3 fixed vs 1 broken
    assert f"p = {p:.4g}" in out and "not significant" in out


def test_compare_refuses_different_datasets_unless_forced(tmp_path):
    a = _report("h1", [("s0", "PASS", "PASS")], verdict_accuracy=1.0)
    b = _report("h2", [("s0", "PASS", "REJECT")], verdict_accuracy=0.0)
    (tmp_path / "a.json").write_text(json.dumps(a))
    (tmp_path / "b.json").write_text(json.dumps(b))
    code, out, err = run("eval", "--compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert code == 2 and out == "" and "different datasets" in err and "--force" in err
    code, out, _ = run("eval", "--compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"), "--force")
    assert code == 0 and out.startswith("WARNING") and "broken s0" in " ".join(out.split())


def test_compare_real_reports_of_two_backends(tmp_path):
    assert run("eval", "--dataset", "adversarial", "--report", str(tmp_path / "r"), "--limit", "60")[0] == 0
    assert run("eval", "--dataset", "adversarial", "--backend", "replay", "--report", str(tmp_path / "p"),
               "--limit", "60")[0] == 0
    a = json.loads((tmp_path / "r" / "report.json").read_text())
    b = json.loads((tmp_path / "p" / "report.json").read_text())
    code, out, _ = run("eval", "--compare", str(tmp_path / "r" / "report.json"), str(tmp_path / "p" / "report.json"))
    assert code == 0 and f"program={a['program_version']}" in out
    flips = sum(1 for x, y in zip(a["per_session"], b["per_session"], strict=True)
                if (x["predicted"] == x["gold"]) != (y["predicted"] == y["gold"]))
    assert "discordant pairs" in out and f"on the {flips} discordant pairs" in out


def test_per_session_results_as_jsonl_csv_dataset_and_frame(tmp_path):
    import csv

    from groundcheck.evals.results import load_results, results_dataset

    code, _, _ = run("eval", "--dataset", "synthetic-dev", "--limit", "40", "--report", str(tmp_path))
    assert code == 0
    rows = [json.loads(line) for line in (tmp_path / "sessions.jsonl").read_text().splitlines()]
    sessions = [json.loads(line) for line in _synthetic("dev").read_text(encoding="utf-8").splitlines()][:40]
    assert [r["session_id"] for r in rows] == [s["session_id"] for s in sessions]
    for row, session in zip(rows, sessions, strict=True):
        assert row["gold_verdict"] == session["labels"]["verdict"]
        claims = {c["claim_id"]: c for c in json.loads(row["claims"])}
        for cid, gold in session["labels"]["claim_verifications"].items():
            assert claims[cid]["gold"] == gold and claims[cid]["predicted"]
        assert row["verdict_rule"] is not None and row["program_version"].endswith(RULES_VERSION)
    with (tmp_path / "sessions.csv").open(encoding="utf-8") as handle:
        table = list(csv.DictReader(handle))
    assert [r["session_id"] for r in table] == [r["session_id"] for r in rows]
    assert table[0]["rules_failed"] == rows[0]["rules_failed"]
    frame = load_results(tmp_path)
    assert len(frame) == 40 and (frame["correct"] == (frame["gold_verdict"] == frame["predicted_verdict"])).all()
    dataset = results_dataset(tmp_path)
    assert dataset.num_rows == 40 and dataset[3]["session_id"] == rows[3]["session_id"]


def test_fail_under_and_fail_over_gates(tmp_path):
    base = ("eval", "--dataset", "synthetic-dev", "--limit", "40")
    code, out, err = run(*base, "--fail-under", "verdict_accuracy=0.5", "--fail-over", "false_pass_rate=0.5")
    assert code == 0 and err == ""
    code, out, err = run(*base, "--fail-under", "verdict_accuracy=1.01", "--fail-under", "claim_macro_f1=0")
    assert code == 1 and "verdict_accuracy" in out
    assert err.count("groundcheck: error:") == 1 and "below 1.01" in err
    code, _, err = run(*base, "--fail-over", "false_reject_rate=-1")
    assert code == 1 and "above -1" in err
    assert run(*base, "--fail-under", "no_such_metric=0.5")[0] == 1
    assert run(*base, "--fail-under", "verdict_accuracy")[0] == 2


def test_report_records_provenance(tmp_path):
    from groundcheck.programs.version import PROGRAM_VERSION, __version__

    assert run("eval", "--dataset", "synthetic-dev", "--limit", "10", "--report", str(tmp_path))[0] == 0
    report = json.loads((tmp_path / "report.json").read_text())
    prov = report["provenance"]
    assert prov["program_version"] == PROGRAM_VERSION == report["program_version"]
    assert prov["groundcheck_version"] == __version__ and prov["dspy_version"]
    assert prov["dataset_sha256"] == report["dataset_sha256"] and len(report["dataset_sha256"]) == 64
    html = (tmp_path / "report.html").read_text()
    assert PROGRAM_VERSION in html and prov["dspy_version"] in html
    lines = (tmp_path / "records.jsonl").read_text().splitlines()
    assert len(lines) == 10 and json.loads(lines[0])["record"]["program_version"] == PROGRAM_VERSION


def test_eval_errors_exit_2(tmp_path):
    assert run("eval", "--dataset", "nope")[0] == 2
    assert run("eval")[0] == 2
    assert run("eval", "--dataset", "synthetic-dev", "--resume")[0] == 2  # --resume needs --report
    (tmp_path / "r.json").write_text("[]")
    assert run("eval", "--compare", str(tmp_path / "r.json"), str(tmp_path / "r.json"))[0] == 2


def test_gen_writes_sessions(tmp_path):
    code, out, _ = run("gen", "--n", "15", "--seed", "4", "--out", str(tmp_path / "g.jsonl"))
    lines = (tmp_path / "g.jsonl").read_text().splitlines()
    assert code == 0 and len(lines) == 15 and "wrote 15" in out
    assert run("gen", "--n", "0", "--out", str(tmp_path / "z.jsonl"))[0] == 2


def _synthetic(split):
    from groundcheck.evals.datasets import SYNTHETIC_DIR

    return SYNTHETIC_DIR / f"{split}.jsonl"


def test_missing_matplotlib_is_one_line_before_any_file_is_written(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = run("eval", "--dataset", "synthetic-dev", "--limit", "5", "--report", str(tmp_path / "r"))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "pip install 'groundcheck[evals]'" in err and not (tmp_path / "r").exists()
