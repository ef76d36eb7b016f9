"""HaluEval QA (human-labeled, MIT) -> single-claim sessions, as its NOTICE describes.

Each record gives two sessions: one `lookup_knowledge` call whose output is the record's
`knowledge` (doc_type "reference") and one claim, the answer. Gold: the right answer is
supported, the hallucinated one is not. A test set: report on it, never tune rules to its records.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

_SENTENCE = re.compile(r"(?<=[.!?])\s*(?=[A-Z\"'])")
_WORD = re.compile(r"[A-Za-z0-9]{3,}")


def convert_halueval(path: Path) -> list[dict[str, Any]]:
    sessions = []
    with path.open(encoding="utf-8") as handle:
        for i, line in enumerate(handle):
            if not line.strip():
                continue
            record = json.loads(line)
            for kind, answer, supported in (
                ("right", record["right_answer"], True),
                ("hallucinated", record["hallucinated_answer"], False),
            ):
                sessions.append(_session(i, kind, record, str(answer), supported))
    return sessions


def _session(i: int, kind: str, record: dict[str, Any], answer: str, supported: bool) -> dict[str, Any]:
    doc_id = f"halueval-{i:04d}"
    digest = hashlib.sha1(f"halueval/{i}".encode()).hexdigest()
    call = {
        "invocation_id": f"call_{digest[:12]}",
        "trace_ref": f"{digest[:32]}:{digest[24:40]}",
        "tool_name": "lookup_knowledge",
        "arguments": {"query": record["question"]},
        "status": "ok",
        "output": [{"doc_id": doc_id, "doc_type": "reference", "title": "knowledge", "content": record["knowledge"]}],
    }
    contract = {
        "answer_version": "2.0",
        "diagnosis_summary": answer,
        "claims": [{
            "claim_id": "c1",
            "claim_type": "symptom",
            "claim_text": answer,
            "support_level": "direct",
            "evidence_bindings": [{
                "source_type": "knowledge",
                "source_id": doc_id,
                "tool_name": "lookup_knowledge",
                "source_invocation_ids": [call["invocation_id"]],
                "evidence_excerpt": best_sentence(record["knowledge"], answer),
            }],
        }],
        "hypotheses": [],
        "recommended_actions": [],
        "missing_info": [],
        "user_facing_answer": "根据检索到的资料给出的答案见结论一，请以资料原文为准。",
    }
    return {
        "session_id": f"halueval-{i:04d}-{kind}",
        "round": 1,
        "original_query": record["question"],
        "executor_final_answer": json.dumps(contract, ensure_ascii=False),
        "tool_calls": [call],
        "retry_context": None,
        "labels": {"parse_status": "valid", "supported": supported, "note": f"HaluEval QA {kind} answer"},
    }


def best_sentence(knowledge: str, answer: str) -> str:
    """The knowledge sentence sharing most words with the answer (the same rule for both answers)."""
    sentences = [s.strip() for s in _SENTENCE.split(knowledge) if s.strip()] or [knowledge]
    words = {w.lower() for w in _WORD.findall(answer)}
    return max(sentences, key=lambda s: len(words & {w.lower() for w in _WORD.findall(s)}))
