"""`report.json` and a self-contained `report.html` (plots inline) for one evaluation run."""

from __future__ import annotations

import base64
import hashlib
import html
import io
import re
from pathlib import Path
from typing import Any

from groundcheck.programs.core.jsonio import dumps_lossless
from groundcheck.programs.errors import require_extra
from groundcheck.signatures.models import VERDICTS

from .drilldown import DRILL_CSS, drilldown_html
from .metrics import Scored, supported_by
from .results import session_rows, write_rows

_SEVERITY = {("REJECT", "PASS"): 0, ("LOW_CONFID", "PASS"): 1, ("PASS", "REJECT"): 2}
HEADLINE = (
    "verdict_accuracy", "verdict_macro_f1", "false_pass_rate", "false_reject_rate", "claim_macro_f1",
    "parse_status_accuracy", "gatekeeper_rule_f1", "gatekeeper_exact_match", "balanced_accuracy", "lm_error_rate",
)
MAX_MISSES = 50
_PLAIN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def build_report(
    *, dataset: str, dataset_sha256: str, backend: str, program_version: str, metrics: dict[str, Any],
    items: list[Scored], seconds: float, provenance: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The report: aggregates, the worst misses, provenance and one compact line per session
    (`per_session`: id, round, gold and predicted verdict, what `--compare` pairs up)."""
    return {
        "dataset": dataset,
        "dataset_sha256": dataset_sha256,
        "n": metrics["n"],
        "backend": backend,
        "program_version": program_version,
        "seconds": round(seconds, 3),
        "provenance": provenance or {},
        "metrics": metrics,
        "misses": worst_misses(items),
        "per_session": [
            {"session_id": s.session_id, "round": s.round, "gold": s.labels.get("verdict"),
             "predicted": s.record.get("verdict") if "input_error" not in s.record else "input_error"}
            for s in items
        ],
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


def write_report(directory: Path, report: dict[str, Any], items: list[Scored],
                 sessions: list[Any] | None = None) -> tuple[Path, Path]:
    """report.json, report.html (drill-down), sessions.jsonl / sessions.csv, and records/ for the misses.

    Args:
        sessions: the session of each item (same order), for the drill-down's question, claims and
            tool outputs; without them the drill-down shows the records only.
    """
    require_extra("matplotlib", "evals", "the evaluation report's plots")
    directory.mkdir(parents=True, exist_ok=True)
    records = directory / "records"
    records.mkdir(exist_ok=True)
    by_id = {s.session_id: s for s in items}
    for miss in report["misses"]:
        scored = by_id[miss["session_id"]]
        payload = {"labels": scored.labels, "verifier_evaluation": scored.record}
        (records / record_file_name(miss["session_id"])).write_text(dumps_lossless(payload, indent=2),
                                                                    encoding="utf-8")
    write_rows(directory, session_rows(items))
    json_path = directory / "report.json"
    json_path.write_text(dumps_lossless(report, indent=2), encoding="utf-8")
    html_path = directory / "report.html"
    # a lone surrogate in a session's text is shown as its \\u escape, e.g. \\udc80 (the JSON files keep it)
    html_path.write_bytes(render_html(report, items, sessions).encode("utf-8", errors="backslashreplace"))
    return json_path, html_path


def record_file_name(session_id: str) -> str:
    """A safe, unique file name for any session id: a plain short id as is, any other (path
    separators, dots first, non-ASCII, 300 characters...) cut and followed by a hash of the id."""
    if _PLAIN_ID.fullmatch(session_id):
        return f"{session_id}.json"
    digest = hashlib.sha256(session_id.encode("utf-8", errors="surrogatepass")).hexdigest()[:16]
    stem = re.sub(r"[^A-Za-z0-9._-]", "_", session_id)[:60].lstrip(".")
    return f"{stem}-{digest}.json" if stem else f"{digest}.json"


def render_html(report: dict[str, Any], items: list[Scored] | None = None,
                sessions: list[Any] | None = None) -> str:
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
        f"<tr><td><a href='records/{html.escape(record_file_name(x['session_id']))}'>"
        f"{html.escape(x['session_id'])}</a></td>"
        f"<td>{html.escape(str(x['gold']))}</td><td>{html.escape(str(x['predicted']))}</td>"
        f"<td>{html.escape(str(x['why']))}</td></tr>"
        for x in report["misses"]
    ) or "<tr><td colspan=4>no misses</td></tr>"
    prov = report.get("provenance") or {}
    prov_rows = "".join(f"<tr><td>{html.escape(str(k))}</td><td><code>{html.escape(str(v))}</code></td></tr>"
                        for k, v in prov.items() if v is not None)
    partial = ("<p class='partial'><b>PARTIAL</b>: the run was interrupted after "
               f"{report['n']} of {report.get('sessions_total', '?')} sessions; "
               "resume it with <code>--resume</code>.</p>") if report.get("partial") else ""
    drill = drilldown_html(items, sessions) if items is not None else ""
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><title>groundcheck eval: {html.escape(report['dataset'])}</title>
<style>body{{font-family:sans-serif;max-width:1200px;margin:2em auto}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:4px 8px;vertical-align:top}}img{{max-width:100%}}
.partial{{background:#fff3cd;padding:6px}}{DRILL_CSS}</style></head><body>
<h1>groundcheck evaluation: {html.escape(report['dataset'])}</h1>
{partial}
<p>n={report['n']} · backend={html.escape(report['backend'])} · {html.escape(report['program_version'])} ·
dataset sha256 <code>{report['dataset_sha256'][:16]}…</code> · {report['seconds']} s</p>
<table><tr><th>metric</th><th>value</th></tr>{rows}</table>
{_usage_html(m)}
<h2>Provenance</h2><table>{prov_rows}</table>
{drill}
{figures}
<h2>Worst misses (false PASS first)</h2>
<table><tr><th>session</th><th>gold</th><th>predicted</th><th>why</th></tr>{misses}</table>
</body></html>
"""


def _usage_html(m: dict[str, Any]) -> str:
    if "lm_sessions" not in m:
        return ""
    rows = "".join(
        f"<tr><td>{k}</td><td>{_fmt(v['sum'])}</td><td>{_fmt(v['p50'])}</td><td>{_fmt(v['p95'])}</td></tr>"
        for k, v in m["usage"].items()
    )
    skipped = ", ".join(f"{html.escape(k)}: {v}" for k, v in m.get("model_not_asked_by_rule", {}).items()) or "-"
    return (f"<h2>LM usage</h2><p>sessions that asked the model: {m['lm_sessions']} · LM errors: {m['lm_errors']} "
            f"(rate {m['lm_error_rate']:.4f}) · calls skipped by the cascade: {m['model_not_asked']} ({skipped})</p>"
            f"<table><tr><th>per session</th><th>sum</th><th>p50</th><th>p95</th></tr>{rows}</table>")


def _fmt(value: Any) -> str:
    return "-" if value is None else f"{value:.6g}"


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
