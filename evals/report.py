"""`report.json` and a self-contained `report.html` (plots inline) for one evaluation run."""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

from groundcheck.evals.metrics import Scored, supported_by
from groundcheck.signatures.models import VERDICTS

_SEVERITY = {("REJECT", "PASS"): 0, ("LOW_CONFID", "PASS"): 1, ("PASS", "REJECT"): 2}
HEADLINE = (
    "verdict_accuracy", "verdict_macro_f1", "false_pass_rate", "false_reject_rate", "claim_macro_f1",
    "parse_status_accuracy", "gatekeeper_rule_f1", "gatekeeper_exact_match", "balanced_accuracy",
)
MAX_MISSES = 50


def build_report(
    *, dataset: str, dataset_sha256: str, backend: str, program_version: str, metrics: dict[str, Any],
    items: list[Scored], seconds: float,
) -> dict[str, Any]:
    return {
        "dataset": dataset,
        "dataset_sha256": dataset_sha256,
        "n": metrics["n"],
        "backend": backend,
        "program_version": program_version,
        "seconds": round(seconds, 3),
        "metrics": metrics,
        "misses": worst_misses(items),
    }


def worst_misses(items: list[Scored], limit: int = MAX_MISSES) -> list[dict[str, Any]]:
    """Wrong verdicts, the dangerous ones (a false PASS) first; then wrong binary calls."""
    misses = []
    for s in items:
        gold, got = s.labels.get("verdict"), s.record.get("verdict")
        if "input_error" in s.record:
            misses.append({"session_id": s.session_id, "gold": gold, "predicted": "input_error",
                           "severity": -1, "why": s.record["input_error"]})
        elif gold and got and gold != got:
            misses.append({"session_id": s.session_id, "gold": gold, "predicted": got,
                           "severity": _SEVERITY.get((gold, got), 3), "why": s.record.get("rationale", "")[-300:]})
        elif "supported" in s.labels:
            checks = s.record.get("claim_checks") or []
            said = supported_by(s.record)
            if said != bool(s.labels["supported"]):
                gold_text = "supported" if s.labels["supported"] else "not supported"
                misses.append({"session_id": s.session_id, "gold": gold_text,
                               "predicted": checks[0]["verification"] if checks else "-", "severity": 1 if said else 4,
                               "why": checks[0]["detail"] if checks else ""})
    misses.sort(key=lambda m: (m["severity"], m["session_id"]))
    return misses[:limit]


def write_report(directory: Path, report: dict[str, Any], items: list[Scored]) -> tuple[Path, Path]:
    directory.mkdir(parents=True, exist_ok=True)
    records = directory / "records"
    records.mkdir(exist_ok=True)
    by_id = {s.session_id: s for s in items}
    for miss in report["misses"]:
        scored = by_id[miss["session_id"]]
        payload = {"labels": scored.labels, "verifier_evaluation": scored.record}
        (records / f"{_safe(miss['session_id'])}.json").write_text(
            json.dumps(payload, ensure_ascii=False, indent=2), encoding="utf-8"
        )
    json_path = directory / "report.json"
    json_path.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    html_path = directory / "report.html"
    html_path.write_text(render_html(report), encoding="utf-8")
    return json_path, html_path


def render_html(report: dict[str, Any]) -> str:
    m = report["metrics"]
    rows = "".join(
        f"<tr><td>{k}</td><td>{m[k]:.4f}</td></tr>" for k in HEADLINE if isinstance(m.get(k), float | int)
    )
    plots = []
    if "verdict_confusion" in m:
        plots.append(("Verdict confusion (gold rows, predicted columns)", _heatmap(m["verdict_confusion"])))
        plots.append(("Verdict flow: where each gold verdict went", _flow(m["verdict_confusion"])))
    if "claim_confusion" in m:
        plots.append(("Claim-class confusion", _heatmap(m["claim_confusion"])))
        plots.append(("Per-class precision / recall / F1", _bars(m["claim_per_class"])))
    if "gatekeeper_per_rule" in m:
        plots.append(("Gatekeeper rules: precision / recall / F1", _bars(m["gatekeeper_per_rule"])))
    figures = "".join(f"<h2>{html.escape(t)}</h2><img alt='{html.escape(t)}' src='data:image/png;base64,{img}'>"
                      for t, img in plots)
    misses = "".join(
        f"<tr><td><a href='records/{_safe(x['session_id'])}.json'>{html.escape(x['session_id'])}</a></td>"
        f"<td>{html.escape(str(x['gold']))}</td><td>{html.escape(str(x['predicted']))}</td>"
        f"<td>{html.escape(str(x['why']))}</td></tr>"
        for x in report["misses"]
    ) or "<tr><td colspan=4>no misses</td></tr>"
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><title>groundcheck eval: {html.escape(report['dataset'])}</title>
<style>body{{font-family:sans-serif;max-width:1100px;margin:2em auto}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:4px 8px;vertical-align:top}}img{{max-width:100%}}</style></head><body>
<h1>groundcheck evaluation: {html.escape(report['dataset'])}</h1>
<p>n={report['n']} · backend={html.escape(report['backend'])} · {html.escape(report['program_version'])} ·
dataset sha256 <code>{report['dataset_sha256'][:16]}…</code> · {report['seconds']} s</p>
<table><tr><th>metric</th><th>value</th></tr>{rows}</table>
{figures}
<h2>Worst misses (false PASS first)</h2>
<table><tr><th>session</th><th>gold</th><th>predicted</th><th>why</th></tr>{misses}</table>
</body></html>
"""


def _pyplot() -> Any:
    """matplotlib's pyplot on the file-only Agg backend (imported on first plot: eval without --report
    never pays for it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _figure_png(fig: Any) -> str:
    plt = _pyplot()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode()


def _heatmap(confusion: dict[str, Any]) -> str:
    plt = _pyplot()
    labels, matrix = confusion["labels"], confusion["matrix"]
    fig, ax = plt.subplots(figsize=(1.2 + 0.9 * len(labels), 1 + 0.7 * len(labels)))
    ax.imshow(matrix, cmap="Blues")
    ax.set_xticks(range(len(labels)), labels, rotation=40, ha="right")
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xlabel("predicted")
    ax.set_ylabel("gold")
    top = max((v for row in matrix for v in row), default=1) or 1
    for i, row in enumerate(matrix):
        for j, v in enumerate(row):
            ax.text(j, i, str(v), ha="center", va="center", color="white" if v > top / 2 else "black")
    return _figure_png(fig)


def _bars(per_class: dict[str, dict[str, float]]) -> str:
    plt = _pyplot()
    names = [n for n, v in per_class.items() if v.get("support") or v.get("precision")]
    fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(names)), 3.2))
    width = 0.27
    for k, key in enumerate(("precision", "recall", "f1")):
        ax.bar([i + (k - 1) * width for i in range(len(names))], [per_class[n][key] for n in names], width, label=key)
    ax.set_xticks(range(len(names)), names, rotation=35, ha="right")
    ax.set_ylim(0, 1.05)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    return _figure_png(fig)


def _flow(confusion: dict[str, Any]) -> str:
    plt = _pyplot()
    labels, matrix = confusion["labels"], confusion["matrix"]
    colors = {"PASS": "#2e7d32", "LOW_CONFID": "#f9a825", "REJECT": "#c62828"}
    fig, ax = plt.subplots(figsize=(7, 2.6))
    for i in range(len(labels)):
        left = 0
        total = sum(matrix[i]) or 1
        for j, predicted in enumerate(labels):
            share = matrix[i][j] / total
            ax.barh(i, share, left=left, color=colors.get(predicted, "grey"), label=predicted if i == 0 else None)
            left += share
    ax.set_yticks(range(len(labels)), [f"gold {g}" for g in labels])
    ax.set_xlabel("share of sessions by predicted verdict")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.35), ncol=len(VERDICTS))
    return _figure_png(fig)


def _safe(session_id: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in session_id)


def compare_reports(a: dict[str, Any], b: dict[str, Any]) -> str:
    """A text table of headline metrics of two reports and their difference (B - A)."""
    lines = [f"A: {a['dataset']} ({a['backend']}, n={a['n']})   B: {b['dataset']} ({b['backend']}, n={b['n']})",
             f"{'metric':<26}{'A':>10}{'B':>10}{'B-A':>10}"]
    for key in HEADLINE:
        va, vb = a["metrics"].get(key), b["metrics"].get(key)
        if va is None and vb is None:
            continue
        diff = f"{vb - va:+.4f}" if va is not None and vb is not None else "-"
        fa = f"{va:.4f}" if va is not None else "-"
        fb = f"{vb:.4f}" if vb is not None else "-"
        lines.append(f"{key:<26}{fa:>10}{fb:>10}{diff:>10}")
    return "\n".join(lines)
