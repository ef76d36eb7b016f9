"""`eval --compare A.json B.json`: an honest comparison of two evaluation reports.

- Reports of different datasets (by content hash) are refused unless forced.
- Sessions are paired by (session id, round); a verdict that was wrong in A and right in B is
  *fixed*, right in A and wrong in B is *broken*.
- Whether the difference in verdict accuracy is significant: the exact McNemar test, i.e. a two-sided
  exact binomial test (`scipy.stats.binomtest`, p = 0.5) on the discordant pairs (fixed vs broken).
"""

from __future__ import annotations

from typing import Any

from groundcheck.programs.errors import InputError, require_extra

from .report import HEADLINE

ALPHA = 0.05
MAX_FLIPS_SHOWN = 40


def check_comparable(a: dict[str, Any], b: dict[str, Any], force: bool = False) -> list[str]:
    """Warnings for a forced comparison; raises `InputError` when the datasets differ and not forced."""
    ha, hb = a.get("dataset_sha256"), b.get("dataset_sha256")
    if ha and hb and ha == hb:
        return []
    why = (f"the reports are of different datasets: A {a.get('dataset')} (sha256 {str(ha)[:12]}) vs "
           f"B {b.get('dataset')} (sha256 {str(hb)[:12]})") if ha and hb else "a report has no dataset hash"
    if not force:
        raise InputError(f"cannot compare: {why}; pass --force to compare anyway")
    return [f"WARNING: {why}; compared anyway (--force)"]


def verdict_flips(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Per-session flips between two reports' `per_session` lists (gold-labelled sessions only)."""
    def index(report: dict[str, Any]) -> dict[tuple[str, int], dict[str, Any]]:
        return {(r["session_id"], r.get("round", 1)): r for r in report.get("per_session") or []}

    ia, ib = index(a), index(b)
    fixed, broken, changed = [], [], []
    both_right = both_wrong = 0
    for key in [k for k in ia if k in ib]:
        ra, rb = ia[key], ib[key]
        gold = ra.get("gold") or rb.get("gold")
        if not gold:
            continue
        right_a, right_b = ra.get("predicted") == gold, rb.get("predicted") == gold
        flip = {"session_id": key[0], "round": key[1], "gold": gold, "a": ra.get("predicted"), "b": rb.get("predicted")}
        if right_a and right_b:
            both_right += 1
        elif right_b:
            fixed.append(flip)
        elif right_a:
            broken.append(flip)
        else:
            both_wrong += 1
            if ra.get("predicted") != rb.get("predicted"):
                changed.append(flip)
    return {"paired": both_right + both_wrong + len(fixed) + len(broken), "fixed": fixed, "broken": broken,
            "both_right": both_right, "both_wrong": both_wrong, "wrong_differently": changed,
            "only_in_a": len(set(ia) - set(ib)), "only_in_b": len(set(ib) - set(ia))}


def mcnemar_exact(fixed: int, broken: int) -> float:
    """Two-sided exact McNemar p-value: binomial test of the discordant pairs against p = 0.5."""
    if fixed + broken == 0:
        return 1.0
    stats = require_extra("scipy.stats", "evals", "the significance test of --compare")
    return float(stats.binomtest(fixed, fixed + broken, 0.5, alternative="two-sided").pvalue)


def compare_reports(a: dict[str, Any], b: dict[str, Any], *, force: bool = False) -> str:
    """A text comparison: identities, headline metrics and their difference (B - A), the verdict flips
    and the exact McNemar test of the verdict-accuracy difference."""
    warnings = check_comparable(a, b, force)
    lines = [*warnings]
    for name, r in (("A", a), ("B", b)):
        prov = r.get("provenance") or {}
        lines.append(f"{name}: {r.get('dataset')} n={r.get('n')} backend={r.get('backend')} "
                     f"program={r.get('program_version')} model={prov.get('model') or '-'}"
                     + (" PARTIAL" if r.get("partial") else ""))
    lines.append(f"{'metric':<26}{'A':>10}{'B':>10}{'B-A':>10}")
    for key in HEADLINE:
        va, vb = a["metrics"].get(key), b["metrics"].get(key)
        if va is None and vb is None:
            continue
        diff = f"{vb - va:+.4f}" if va is not None and vb is not None else "-"
        fa = f"{va:.4f}" if va is not None else "-"
        fb = f"{vb:.4f}" if vb is not None else "-"
        lines.append(f"{key:<26}{fa:>10}{fb:>10}{diff:>10}")
    if not a.get("per_session") or not b.get("per_session"):
        lines.append("no per-session verdicts in a report (written by an older groundcheck): no flips, no test")
        return "\n".join(lines)
    flips = verdict_flips(a, b)
    p = mcnemar_exact(len(flips["fixed"]), len(flips["broken"]))
    lines.append(f"paired sessions: {flips['paired']}  fixed (wrong in A, right in B): {len(flips['fixed'])}  "
                 f"broken (right in A, wrong in B): {len(flips['broken'])}  wrong in both: {flips['both_wrong']}"
                 + (f"  unpaired: A {flips['only_in_a']}, B {flips['only_in_b']}"
                    if flips["only_in_a"] or flips["only_in_b"] else ""))
    verdict = "significant" if p < ALPHA else "not significant"
    lines.append(f"verdict accuracy difference: exact McNemar test (scipy.stats.binomtest on the "
                 f"{len(flips['fixed']) + len(flips['broken'])} discordant pairs) p = {p:.4g}: {verdict} at {ALPHA}")
    for title, rows in (("fixed", flips["fixed"]), ("broken", flips["broken"])):
        for flip in rows[:MAX_FLIPS_SHOWN]:
            lines.append(f"  {title:<7}{flip['session_id']} (round {flip['round']}): gold {flip['gold']}, "
                         f"A {flip['a']} -> B {flip['b']}")
        if len(rows) > MAX_FLIPS_SHOWN:
            lines.append(f"  ... {len(rows) - MAX_FLIPS_SHOWN} more {title}")
    return "\n".join(lines)
