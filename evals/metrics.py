"""Evaluation metrics over (session, verifier_evaluation) pairs. All rates are fractions 0..1."""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from groundcheck.signatures.models import SUPPORTED_CLASSES, VERDICTS, VERIFICATIONS


@dataclass(frozen=True)
class Scored:
    """One evaluated session: its gold labels and the record the verifier produced."""

    session_id: str
    labels: dict[str, Any]
    record: dict[str, Any]
    round: int = 1


def compute_metrics(items: list[Scored]) -> dict[str, Any]:
    """Every metric of the evaluation report (keys absent when the dataset has no such labels)."""
    failed = [s for s in items if "input_error" in s.record]
    items = [s for s in items if "input_error" not in s.record]
    metrics: dict[str, Any] = {"n": len(items), "input_errors": len(failed)}
    with_verdict = [(s.labels["verdict"], s.record["verdict"]) for s in items if s.labels.get("verdict")]
    if with_verdict:
        metrics.update(_verdict_metrics(with_verdict))
    claims = [
        (gold, _claim_classes(s.record).get(cid))
        for s in items
        for cid, gold in (s.labels.get("claim_verifications") or {}).items()
    ]
    if claims:
        metrics.update(_claim_metrics(claims))
    parse = [(s.labels["parse_status"], s.record["executor_output_parse_status"]["status"]) for s in items
             if s.labels.get("parse_status")]
    if parse:
        metrics["parse_status_accuracy"] = sum(g == p for g, p in parse) / len(parse)
    rules = [s for s in items if s.labels.get("gatekeeper_failed_rules") is not None]
    if rules:
        metrics.update(_rule_metrics(rules))
    binary = [(bool(s.labels["supported"]), supported_by(s.record)) for s in items if "supported" in s.labels]
    if binary:
        metrics.update(_binary_metrics(binary))
    metrics.update(lm_metrics(items))
    return metrics


USAGE_FIELDS = ("calls", "prompt_tokens", "completion_tokens", "latency_ms", "cost_usd")
_RULE_ROW = re.compile(r"verdict rule (\d+)")


def lm_metrics(items: list[Scored]) -> dict[str, Any]:
    """LM errors and usage of the scored (not input-error) sessions; empty for a run without a model.

    `lm_sessions`: sessions whose verification asked the model; `lm_errors`: those that ended with a
    `verifier_error`; `lm_error_rate` = errors / asked; `model_not_asked`: sessions the cascade
    decided without a call, by verdict rule; `usage`: per field, the sum and the median / 95th
    percentile over the sessions that asked.
    """
    lm_records = [s.record for s in items if str(s.record.get("backend", "")).startswith("lm:")]
    if not lm_records:
        return {}
    skipped = [r for r in lm_records if r.get("model_not_asked")]
    asked = [r for r in lm_records if not r.get("model_not_asked")]
    errors = [r for r in asked if r.get("verifier_error")]
    by_rule = Counter(_rule_of(r["model_not_asked"]) for r in skipped)
    usage: dict[str, Any] = {}
    used = [r["lm_usage"] for r in asked if isinstance(r.get("lm_usage"), dict)]
    for key in USAGE_FIELDS:
        values = [float(u[key]) for u in used if u.get(key) is not None]
        usage[key] = {"sum": round(sum(values), 6) if values else None, "p50": _percentile(values, 50),
                      "p95": _percentile(values, 95), "n": len(values)}
    return {
        "lm_sessions": len(asked),
        "lm_errors": len(errors),
        "lm_error_rate": len(errors) / len(asked) if asked else 0.0,
        "model_not_asked": len(skipped),
        "model_not_asked_by_rule": dict(sorted(by_rule.items())),
        "usage": usage,
        "first_lm_error": errors[0]["verifier_error"] if errors else None,
    }


def _rule_of(reason: str) -> str:
    found = _RULE_ROW.search(reason)
    return f"rule {found.group(1)}" if found else "other"


def _percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (a value that occurred); None without values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(math.ceil(q / 100 * len(ordered)), 1)
    return ordered[rank - 1]


def _verdict_metrics(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    not_pass = [p for g, p in pairs if g != "PASS"]
    not_reject = [p for g, p in pairs if g != "REJECT"]
    per_class = _per_class(pairs, VERDICTS)
    present = [c for c in VERDICTS if per_class[c]["support"]]
    return {
        "verdict_accuracy": sum(g == p for g, p in pairs) / len(pairs),
        "verdict_macro_f1": sum(per_class[c]["f1"] for c in present) / max(len(present), 1),
        "false_pass_rate": sum(p == "PASS" for p in not_pass) / len(not_pass) if not_pass else 0.0,
        "false_reject_rate": sum(p == "REJECT" for p in not_reject) / len(not_reject) if not_reject else 0.0,
        "verdict_per_class": per_class,
        "verdict_confusion": _confusion(pairs, VERDICTS),
        "verdict_n": len(pairs),
    }


def _claim_metrics(pairs: list[tuple[str, str | None]]) -> dict[str, Any]:
    labels = (*VERIFICATIONS, "missing")
    pairs2 = [(g, p or "missing") for g, p in pairs]
    per_class = _per_class(pairs2, VERIFICATIONS)
    present = [c for c in VERIFICATIONS if per_class[c]["support"]]
    return {
        "claim_accuracy": sum(g == p for g, p in pairs2) / len(pairs2),
        "claim_macro_f1": sum(per_class[c]["f1"] for c in present) / max(len(present), 1),
        "claim_per_class": per_class,
        "claim_confusion": _confusion(pairs2, labels),
        "claim_n": len(pairs2),
    }


def _rule_metrics(items: list[Scored]) -> dict[str, Any]:
    tp: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    fn: Counter[str] = Counter()
    exact = 0
    for s in items:
        gold = set(s.labels.get("gatekeeper_failed_rules") or [])
        got = set(s.record["gatekeeper_result"]["failed_rules"])
        if s.labels.get("gatekeeper_warned_rules") is not None:
            gold |= set(s.labels["gatekeeper_warned_rules"])
            got |= set(s.record["gatekeeper_result"]["warned_rules"])
        exact += gold == got
        for rule in gold | got:
            if rule in gold and rule in got:
                tp[rule] += 1
            elif rule in got:
                fp[rule] += 1
            else:
                fn[rule] += 1
    per_rule = {
        rule: _prf(tp[rule], fp[rule], fn[rule]) for rule in sorted(set(tp) | set(fp) | set(fn))
    }
    total = _prf(sum(tp.values()), sum(fp.values()), sum(fn.values()))
    return {
        "gatekeeper_rule_f1": total["f1"],
        "gatekeeper_exact_match": exact / len(items),
        "gatekeeper_per_rule": per_rule,
    }


def _binary_metrics(pairs: list[tuple[bool, bool]]) -> dict[str, Any]:
    pos = [p for g, p in pairs if g]
    neg = [p for g, p in pairs if not g]
    tpr = sum(pos) / len(pos) if pos else 0.0
    tnr = sum(not p for p in neg) / len(neg) if neg else 0.0
    return {
        "balanced_accuracy": (tpr + tnr) / 2,
        "supported_recall": tpr,
        "unsupported_recall": tnr,
        "binary_n": len(pairs),
    }


def supported_by(record: dict[str, Any]) -> bool:
    """The binary view of a record: it has claims, and every one is supported."""
    checks = record.get("claim_checks") or []
    return bool(checks) and all(c["verification"] in SUPPORTED_CLASSES for c in checks)


def _claim_classes(record: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for check in record.get("claim_checks") or []:
        out.setdefault(check["claim_id"], check["verification"])
    return out


def _per_class(pairs: list[tuple[str, str]], classes: tuple[str, ...]) -> dict[str, dict[str, float]]:
    result = {}
    for c in classes:
        tp = sum(g == c and p == c for g, p in pairs)
        fp = sum(g != c and p == c for g, p in pairs)
        fn = sum(g == c and p != c for g, p in pairs)
        result[c] = _prf(tp, fp, fn)
    return result


def _prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "support": tp + fn}


def _confusion(pairs: list[tuple[str, str]], labels: tuple[str, ...]) -> dict[str, Any]:
    index = {label: i for i, label in enumerate(labels)}
    matrix = [[0] * len(labels) for _ in labels]
    for g, p in pairs:
        if g in index and p in index:
            matrix[index[g]][index[p]] += 1
    return {"labels": list(labels), "matrix": matrix}
