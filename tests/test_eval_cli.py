import io
import json

from groundcheck.programs.cli import main

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


def test_compare_prints_differences(tmp_path):
    a = {"dataset": "x", "backend": "rules", "n": 1, "metrics": {"verdict_accuracy": 0.5, "false_pass_rate": 0.1}}
    b = {"dataset": "x", "backend": "lm:m", "n": 1, "metrics": {"verdict_accuracy": 0.75, "false_pass_rate": 0.0}}
    (tmp_path / "a.json").write_text(json.dumps(a))
    (tmp_path / "b.json").write_text(json.dumps(b))
    code, out, _ = run("eval", "--compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert code == 0
    assert "+0.2500" in out and "-0.1000" in out


def test_eval_errors_exit_2(tmp_path):
    assert run("eval", "--dataset", "nope")[0] == 2
    assert run("eval")[0] == 2
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
