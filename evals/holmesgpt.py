"""HolmesGPT evaluation fixtures -> labeled sessions (real Kubernetes tool outputs, Apache-2.0).

Each case folder has `test_case.yaml` (user_prompt, expected_output) and mocked tool outputs
(line 1: the call, line 2: result metadata, then `stdout:` ...). The importer turns the mocks into
the spec's tool calls, locates each expected fact in them (the line that holds the fact's key
tokens becomes a verbatim excerpt) and makes an honest contract of the located facts; then the
same fault injection as the synthetic set. Cases whose expected output is an instruction to a
grader rather than a fact, or whose facts cannot be located, are skipped with a reason.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from .synthetic.faults import FAULTS, Draft
from .synthetic.generate import labeled_session
from .synthetic.incident import Incident

_NOT_A_FACT = re.compile(
    r"\b(should|must|answer|mention|either|tells? the user|link|steps?|following|summary|"
    r"includes?|quoted?|asks?|something similar|valid|acceptable)\b",
    re.IGNORECASE,
)
_KEY_TOKEN = re.compile(r"`([^`]+)`|\"([^\"]+)\"|(\b[\w.-]*\d[\w.:/-]*\b)|(\b[a-z]+(?:[-_][a-z0-9]+)+\b)")
_WORD = re.compile(r"[A-Za-z][A-Za-z-]{3,}")
_STOP = frozenset(
    "there that this with from have were been being their they them into than then when what which "
    "while where also does doing only very more most some such pods".split()
)
_CAUSAL = re.compile(r"\b(due to|because|caused|cause|result of|leads? to|so that)\b", re.IGNORECASE)
# faults that need nothing beyond claims and calls
HOLMES_FAULTS = (
    "honest", "fenced", "round2_honest", "fabricated_error_code", "fabricated_excerpt", "number_contradiction",
    "overstated_certainty", "inference_as_direct", "external_knowledge", "unsupported_claim", "missing_binding",
    "fabricated_invocation", "wrong_tool_name", "paraphrased_excerpt", "english_answer", "unbacked_entity",
    "extra_number_fact", "malformed_prose_around", "malformed_plain_text", "missing_null",
)


@dataclass(frozen=True)
class Skipped:
    case: str
    reason: str


def import_holmesgpt(cases_dir: Path, seed: int = 0) -> tuple[list[dict[str, Any]], list[Skipped]]:
    """Labeled sessions from every usable case, and the cases skipped with why."""
    sessions: list[dict[str, Any]] = []
    skipped: list[Skipped] = []
    for case_dir in sorted(p for p in cases_dir.iterdir() if (p / "test_case.yaml").is_file()):
        incident, why = incident_from_case(case_dir)
        if incident is None:
            skipped.append(Skipped(case_dir.name, why))
            continue
        rng = random.Random(f"{seed}:{case_dir.name}")
        for fault in HOLMES_FAULTS:
            draft = _apply(fault, incident, rng)
            if draft is not None:
                note = f"holmesgpt {case_dir.name}: "
                sid = f"holmes-{case_dir.name}-{fault}"
                sessions.append(labeled_session(sid, incident.query, incident.calls, draft, note_prefix=note))
    return sessions, skipped


def incident_from_case(case_dir: Path) -> tuple[Incident | None, str]:
    spec = yaml.safe_load((case_dir / "test_case.yaml").read_text(encoding="utf-8"))
    expected = spec.get("expected_output")
    facts = [expected] if isinstance(expected, str) else list(expected or [])
    facts = [f.strip().lstrip("- ").strip() for f in facts if isinstance(f, str) and f.strip()]
    if not facts:
        return None, "no expected_output"
    calls = [call for path in sorted(case_dir.glob("*.txt")) if (call := _tool_call(path, case_dir.name))]
    if not calls:
        return None, "no mocked tool outputs"
    claims: list[dict[str, Any]] = []
    for fact in facts:
        if _NOT_A_FACT.search(fact) or "\n" in fact:
            continue
        located = _locate(fact, calls)
        if located is None:
            continue
        call, line, complete = located
        causal = bool(_CAUSAL.search(fact))
        support = "indirect" if causal or not complete else "direct"
        claims.append({
            "claim_id": f"c{len(claims) + 1}",
            "claim_type": "root_cause" if causal else "symptom",
            "claim_text": fact.replace("`", ""),
            "support_level": support,
            "evidence_bindings": [{
                "source_type": "log" if call["tool_name"] == "query_logs" else "event",
                "source_id": call["invocation_id"],
                "tool_name": call["tool_name"],
                "source_invocation_ids": [call["invocation_id"]],
                "evidence_excerpt": line,
            }],
        })
    if not claims:
        return None, "expected output is an instruction to a grader, or its facts are not in the mock outputs"
    return _incident(case_dir.name, spec.get("user_prompt", ""), calls, claims), ""


def _incident(case: str, prompt: str, calls: list[dict[str, Any]], claims: list[dict[str, Any]]) -> Incident:
    number = _first_match(claims, r"(?<![\w.-])\d+(?![\w.-])")
    entity = _first_match(claims, r"\b[a-z]+(?:-[a-z0-9]+)+\b")
    inference = next((c["claim_id"] for c in claims if c["support_level"] == "indirect"), "")
    answer = (
        f"经排查，本次问题共得出 {len(claims)} 条结论，均已在工具输出中找到对应证据，详见结构化结论列表。"
        "其余可能原因尚未验证，建议结合结论进一步处理。"
    )
    return Incident(
        family=f"holmesgpt:{case}", query=prompt, calls=calls, claims=claims,
        hypotheses=["其余可能原因尚未验证"], actions=["结合结论进一步处理"], missing=["缺少更长时间范围的数据"],
        answer=answer, summary=claims[0]["claim_text"],
        number_claim=number[0], number_literal=number[1], entity_claim=entity[0] or claims[0]["claim_id"],
        entity_literal=entity[1], inference_claim=inference,
        general_claim_text="Kubernetes usually restarts crashed containers after a growing delay",
        unsupported_claim_text="A recent rollout of the workload introduced the regression",
        english_answer=" ".join(c["claim_text"] for c in claims),
    )


def _apply(fault: str, incident: Incident, rng: random.Random) -> Draft | None:
    needs = {
        "number_contradiction": incident.number_claim,
        "round2_still_wrong": incident.number_claim,
        "overstated_certainty": incident.inference_claim,
        "inference_as_direct": incident.inference_claim,
        "fabricated_invocation": incident.number_claim,
        "wrong_tool_name": incident.number_claim,
    }
    if fault in needs and not needs[fault]:
        if fault in ("fabricated_invocation", "wrong_tool_name"):
            incident = _with(incident, number_claim=incident.claims[0]["claim_id"])
        else:
            return None
    return FAULTS[fault](incident, rng)


def _with(incident: Incident, **changes: Any) -> Incident:
    return replace(incident, **changes)


def _first_match(claims: list[dict[str, Any]], pattern: str) -> tuple[str, str]:
    """(claim_id, text) of the first claim text match of `pattern`, or ("", "")."""
    for claim in claims:
        found = re.search(pattern, claim["claim_text"])
        if found:
            return claim["claim_id"], found.group(0)
    return "", ""


def _tool_call(path: Path, case: str) -> dict[str, Any] | None:
    lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    try:
        head = json.loads(lines[0])
    except (json.JSONDecodeError, IndexError):
        return None
    meta: dict[str, Any] = {}
    body_start = 1
    if len(lines) > 1 and lines[1].startswith("{"):
        try:
            meta = json.loads(lines[1])
            body_start = 2
        except json.JSONDecodeError:
            meta = {}
    body = "\n".join(lines[body_start:])
    body = re.sub(r"\A\s*stdout:\n", "", body)
    body = re.sub(r"\n\s*stderr:\s*\Z", "\n", body).strip("\n")
    if not body.strip() and meta.get("error"):
        body = str(meta["error"])
    digest = hashlib.sha1(f"{case}/{path.name}".encode()).hexdigest()
    return {
        "invocation_id": f"call_{digest[:12]}",
        "trace_ref": f"{hashlib.sha1(case.encode()).hexdigest()[:32]}:{digest[12:28]}",
        "tool_name": _map_tool(str(head.get("tool_name", "unknown"))),
        "arguments": {"holmes_tool": head.get("tool_name"), **(head.get("match_params") or {})},
        "status": "error" if meta.get("status") in ("error", "failed") else "ok",
        "output": body,
    }


def _map_tool(name: str) -> str:
    low = name.lower()
    if "log" in low or "event" in low:
        return "query_logs"
    if "prometheus" in low or "metric" in low or "graph" in low or "tempo" in low or "trace" in low:
        return "query_metrics"
    if "runbook" in low or "knowledge" in low or "webpage" in low or "confluence" in low:
        return "lookup_knowledge"
    return name


def _locate(fact: str, calls: list[dict[str, Any]]) -> tuple[dict[str, Any], str, bool] | None:
    """The output line that best holds the fact: all its key tokens if possible, else most words."""
    keys = [next(g for g in m.groups() if g) for m in _KEY_TOKEN.finditer(fact)]
    keys = [k.lower() for k in keys if len(k) >= 2]
    words = [w.lower() for w in _WORD.findall(fact) if w.lower() not in _STOP]
    best: tuple[float, dict[str, Any], str, bool] | None = None
    for call in calls:
        if call["status"] != "ok":
            continue
        for raw_line in call["output"].split("\n"):
            line = raw_line.strip()
            if len(line) < 4 or len(line) > 400:
                continue
            low = line.lower()
            key_hits = sum(k in low for k in keys)
            word_hits = sum(w[:5] in low for w in words)
            if keys and key_hits == 0:
                continue
            score = (key_hits / len(keys) if keys else 0) * 2 + (word_hits / len(words) if words else 0)
            if best is None or score > best[0]:
                complete = (not keys or key_hits == len(keys)) and (not words or word_hits / len(words) >= 0.5)
                best = (score, call, line, complete)
    if best is None or best[0] < 0.5:
        return None
    return best[1], best[2], best[3]
