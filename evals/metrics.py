"""Evaluation metrics over (session, verifier_evaluation) pairs. All rates are fractions 0..1."""

from __future__ import annotations

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
    return metrics


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
