"""Small vocabulary for writing adversarial twin cases by hand (used by author.py).

A `Pair` holds one hand-written incident: the honest session (tool calls, claims, answer) and the
attack as a minimal patch of it (replaced / added / dropped claims, text substitutions, replaced calls).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

GUIDANCE = frozenset({"runbook", "skill", "historical_case"})


@dataclass(frozen=True)
class Call:
    id: str
    tool: str
    args: dict[str, Any]
    output: Any
    status: str = "ok"

    def to_json(self, trace_ref: str) -> dict[str, Any]:
        return {
            "invocation_id": self.id,
            "trace_ref": trace_ref,
            "tool_name": self.tool,
            "arguments": self.args,
            "status": self.status,
            "output": self.output,
        }


def logs(cid: str, args: dict[str, Any], text: str, status: str = "ok") -> Call:
    return Call(cid, "query_logs", args, text, status)


def metrics(cid: str, args: dict[str, Any], output: Any, status: str = "ok") -> Call:
    return Call(cid, "query_metrics", args, output, status)


def kb(cid: str, query: str, *docs: tuple[str, str, str, str]) -> Call:
    """A lookup_knowledge call; each doc is (doc_id, doc_type, title, content)."""
    out = [{"doc_id": d[0], "doc_type": d[1], "title": d[2], "content": d[3]} for d in docs]
    return Call(cid, "lookup_knowledge", {"query": query}, out)


def tool(cid: str, name: str, args: dict[str, Any], output: Any, status: str = "ok") -> Call:
    return Call(cid, name, args, output, status)


def series(metric: str, points: list[tuple[str, Any]], **extra: Any) -> dict[str, Any]:
    """A Prometheus-like JSON series as our query_metrics tool returns it."""
    return {"metric": metric, **extra, "points": [list(p) for p in points]}


@dataclass(frozen=True)
class Bind:
    source_type: str
    calls: tuple[str, ...]
    excerpt: str
    source_id: str | None = None
    tool: str | None = None


def B(source_type: str, calls: str | tuple[str, ...], excerpt: str, sid: str | None = None,
      tool_name: str | None = None) -> Bind:
    ids = (calls,) if isinstance(calls, str) else tuple(calls)
    return Bind(source_type, ids, excerpt, sid, tool_name)


@dataclass(frozen=True)
class Claim:
    cid: str
    ctype: str
    text: str
    binds: tuple[Bind, ...]
    level: str = "direct"


def C(cid: str, ctype: str, text: str, *binds: Bind, level: str = "direct") -> Claim:
    return Claim(cid, ctype, text, tuple(binds), level)


@dataclass
class Pair:
    """One incident: honest session plus the attack as a patch of it."""

    q: str
    calls: list[Call]
    claims: list[Claim]
    answer: str
    trap: str
    summary: str = ""
    hyp: list[str] = field(default_factory=list)
    act: list[str] = field(default_factory=list)
    miss: list[str] = field(default_factory=list)
    # attack patch
    sub: list[tuple[str, str]] = field(default_factory=list)  # applied to claim texts, summary, answer
    xsub: list[tuple[str, str]] = field(default_factory=list)  # applied to evidence excerpts
    replace: dict[str, Claim] = field(default_factory=dict)
    add: list[Claim] = field(default_factory=list)
    drop: list[str] = field(default_factory=list)
    atk_answer: str | None = None
    atk_calls: dict[str, Call] = field(default_factory=dict)
    atk_hyp: list[str] | None = None
    # labels
    verdict: str | None = None  # attack verdict; default from the kind
    cv: dict[str, str] = field(default_factory=dict)  # attack claim classes that differ from honest
    rules: list[str] | None = None  # attack failed rules; default from the kind
    honest_cv: dict[str, str] = field(default_factory=dict)
    derived: set[str] = field(default_factory=set)  # honest tokens that follow by conversion, not verbatim
    indent: bool = True


def trace_json(calls: list[Call], trace_id: str) -> list[dict[str, Any]]:
    return [c.to_json(f"{trace_id}:{i + 1:016x}") for i, c in enumerate(calls)]


def claim_json(c: Claim, calls: dict[str, Call]) -> dict[str, Any]:
    binds = []
    for b in c.binds:
        first = calls.get(b.calls[0])
        binds.append({
            "source_type": b.source_type,
            "source_id": b.source_id or b.calls[0],
            "tool_name": b.tool or (first.tool if first else "query_logs"),
            "source_invocation_ids": list(b.calls),
            "evidence_excerpt": b.excerpt,
        })
    return {"claim_id": c.cid, "claim_type": c.ctype, "claim_text": c.text, "support_level": c.level,
            "evidence_bindings": binds}


def contract_text(summary: str, claims: list[dict[str, Any]], hyp: list[str], act: list[str], miss: list[str],
                  answer: str, indent: bool) -> str:
    contract = {"answer_version": "2.0", "diagnosis_summary": summary, "claims": claims, "hypotheses": hyp,
                "recommended_actions": act, "missing_info": miss, "user_facing_answer": answer}
    return json.dumps(contract, ensure_ascii=False, indent=2 if indent else None)
