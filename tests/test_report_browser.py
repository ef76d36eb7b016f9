"""The drill-down report in a real headless browser (Debian's chromium, installed by .ci/run): it opens,
its script runs, the filters show the expected rows and a session view highlights the cited excerpt."""

import html
import io
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from groundcheck.programs.cli import main

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run")
ROW = re.compile(r'<tr class="gc-row" data-session="([^"]*)"')


def browser():
    found = next((shutil.which(b) for b in BROWSERS if shutil.which(b)), None)
    if found is None:
        if os.environ.get("CI") or os.environ.get("GROUNDCHECK_REQUIRE_BROWSER"):
            pytest.fail("CI needs chromium for the report's browser test (.ci/run installs Debian's chromium)")
        pytest.skip("no chromium here (apt-get install -y chromium); CI runs this test")
    return found


def dump_dom(report: Path, fragment: str, profile: Path) -> str:
    url = report.resolve().as_uri() + "#" + fragment
    done = subprocess.run([browser(), *FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert 'id="gc-count"' in done.stdout
    return done.stdout


FLIP = {"PASS": "LOW_CONFID", "LOW_CONFID": "PASS", "REJECT": "LOW_CONFID"}


def labeled_with_misses():
    """Adversarial sessions with some gold labels changed, so that misses exist whatever the checker's accuracy."""
    from groundcheck.evals.datasets import load_dataset

    sessions = json.loads(json.dumps(load_dataset("adversarial").sessions[:90]))
    for i, s in enumerate(sessions):
        labels = s["labels"]
        if i % 3 == 0:
            labels["verdict"] = FLIP[labels["verdict"]]
        if i % 4 == 0 and labels.get("claim_verifications"):
            cid = next(iter(labels["claim_verifications"]))
            gold = labels["claim_verifications"][cid]
            labels["claim_verifications"][cid] = "overstated" if gold != "overstated" else "unsupported"
    return sessions


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    data = folder / "labeled.jsonl"
    data.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in labeled_with_misses()),
                    encoding="utf-8")
    code = main(["eval", "--dataset", str(data), "--report", str(folder / "r")],
                stdout=io.StringIO(), stderr=io.StringIO())
    assert code == 0
    return folder / "r"


def rows_of(folder):
    return [json.loads(line) for line in (folder / "sessions.jsonl").read_text(encoding="utf-8").splitlines()]


def test_confusion_cell_filter_shows_the_expected_rows(report_dir, tmp_path):
    rows = rows_of(report_dir)
    cells = {}
    for r in rows:
        if r["gold_verdict"] != r["predicted_verdict"]:
            cells.setdefault(f"{r['gold_verdict']}>{r['predicted_verdict']}", []).append(r["session_id"])
    assert cells, "the dataset slice has verdict misses"
    cell, expected = max(cells.items(), key=lambda kv: len(kv[1]))
    dom = dump_dom(report_dir / "report.html", "cell=" + cell.replace(">", "%3E"), tmp_path / "p1")
    assert [html.unescape(s) for s in ROW.findall(dom)] == expected
    assert f">{len(expected)} of {len(rows)} sessions<" in dom
    dom_all = dump_dom(report_dir / "report.html", "cell=all", tmp_path / "p2")
    assert len(ROW.findall(dom_all)) == len(rows)


def test_claim_class_filter_and_default_misses_view(report_dir, tmp_path):
    rows = rows_of(report_dir)
    by_class = {}
    for r in rows:
        for c in json.loads(r["claims"]):
            if c["gold"] and c["gold"] != c["predicted"]:
                by_class.setdefault(c["gold"], []).append(r["session_id"])
    assert by_class, "the dataset slice has misjudged claims"
    cls, ids = max(by_class.items(), key=lambda kv: len(kv[1]))
    dom = dump_dom(report_dir / "report.html", f"cell=all&claim={cls}", tmp_path / "p1")
    assert [html.unescape(s) for s in ROW.findall(dom)] == list(dict.fromkeys(ids))
    misses = [r["session_id"] for r in rows if r["gold_verdict"] != r["predicted_verdict"]
              or any(c["gold"] and c["gold"] != c["predicted"] for c in json.loads(r["claims"]))]
    dom = dump_dom(report_dir / "report.html", "", tmp_path / "p2")
    assert [html.unescape(s) for s in ROW.findall(dom)] == misses


def test_session_view_shows_claims_gold_vs_predicted_and_the_highlighted_excerpt(report_dir, tmp_path):
    rows = rows_of(report_dir)
    index = next(i for i, r in enumerate(rows) if r["gold_verdict"] != r["predicted_verdict"])
    row = rows[index]
    session = next(s for s in labeled_with_misses() if s["session_id"] == row["session_id"])
    dom = dump_dom(report_dir / "report.html", f"cell=misses&session={index}", tmp_path / "p")
    detail = dom[dom.index('id="gc-detail"'):]
    assert html.escape(session["original_query"], quote=False) in detail
    assert f"verdict set by: rule {row['verdict_rule']}" in detail
    contract = json.loads(session["executor_final_answer"])
    claims = {c["claim_id"]: c for c in json.loads(row["claims"])}
    for claim in contract["claims"]:
        assert f'data-claim="{claim["claim_id"]}"' in detail
        c = claims[claim["claim_id"]]
        assert f"gold {c['gold']} · predicted {c['predicted']}" in detail
    marks = [html.unescape(m) for m in re.findall(r"<mark>(.*?)</mark>", detail, re.S)]
    excerpts = [b["evidence_excerpt"] for c in contract["claims"] for b in c["evidence_bindings"]]
    assert marks and all(any(" ".join(m.split()) == " ".join(e.split()) for e in excerpts) for m in marks)
