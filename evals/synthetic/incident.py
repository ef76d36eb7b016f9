"""Building blocks of a synthetic incident: tool calls, bindings, claims, with construction checks.

Every binding's excerpt is checked against its call's output when it is built, so an honest
contract is honest by construction.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from groundcheck.programs.core.trace_index import output_text


@dataclass
class Incident:
    """One incident with an honest Executor contract, plus the hooks faults need."""

    family: str
    query: str
    calls: list[dict[str, Any]]
    claims: list[dict[str, Any]]
    hypotheses: list[str]
    actions: list[str]
    missing: list[str]
    answer: str
    summary: str
    # fault hooks
    number_claim: str = ""  # claim whose number can be contradicted
    number_literal: str = ""  # that number as written in claim text and answer
    entity_claim: str = ""  # claim naming a key entity (error code, pod, host) that can be fabricated
    entity_literal: str = ""
    inference_claim: str = ""  # the indirect (root-cause) claim
    guidance_doc: dict[str, Any] = field(default_factory=dict)  # {"call", "doc_id", "excerpt", "text"}
    general_claim_text: str = ""  # a general-knowledge statement (external_unknown when claimed)
    unsupported_claim_text: str = ""  # a plausible conclusion with no evidence in the trace
    english_answer: str = ""


class Builder:
    """Deterministic ids, trace refs and timestamps for one session from a seeded RNG."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.trace_id = f"{rng.getrandbits(128):032x}"
        self._n = 0
        self.day = rng.randint(1, 28)
        self.date = f"2026-11-{self.day:02d}"

    def call(self, tool: str, arguments: dict[str, Any], output: Any, status: str = "ok") -> dict[str, Any]:
        self._n += 1
        span = f"{self.rng.getrandbits(64):016x}"
        return {
            "invocation_id": f"call_{self.rng.getrandbits(32):08x}{self._n}",
            "trace_ref": f"{self.trace_id}:{span}",
            "tool_name": tool,
            "arguments": arguments,
            "status": status,
            "output": output,
        }

    def ts(self, h: int, m: int, s: int) -> str:
        return f"{self.date}T{h:02d}:{m:02d}:{s:02d}.{self.rng.randrange(1000):03d}+08:00"

    def logs(self, service: str, events: list[tuple[int, int, int, str, str]], noise: int = 6) -> str:
        """Log text: the given events among `noise` INFO lines, in time order."""
        lines = [(h, m, s, lvl, f"[{service}] {msg}") for h, m, s, lvl, msg in events]
        if events:
            h0, m0 = events[0][0], events[0][1]
            for _ in range(noise):
                mm = (m0 + self.rng.randint(-4, 6)) % 60
                msg = f"[{service}] request handled trace_id={self.rng.getrandbits(40):010x} status=OK"
                lines.append((h0, mm, self.rng.randrange(60), "INFO ", msg))
        lines.sort()
        return "".join(f"{self.ts(h, m, s)} {lvl} {msg}\n" for h, m, s, lvl, msg in lines)

    def pod(self, service: str) -> str:
        return f"{service}-{self.rng.getrandbits(36):09x}-{self.rng.getrandbits(20):05x}"[: len(service) + 16]


def bind(call: dict[str, Any], excerpt: str, source_type: str, source_id: str | None = None) -> dict[str, Any]:
    if excerpt not in output_text(call["output"]):
        raise AssertionError(f"construction error: excerpt {excerpt!r} not in {call['invocation_id']}")
    return {
        "source_type": source_type,
        "source_id": source_id or call["invocation_id"],
        "tool_name": call["tool_name"],
        "source_invocation_ids": [call["invocation_id"]],
        "evidence_excerpt": excerpt,
    }


def claim(claim_id: str, claim_type: str, text: str, support: str, *bindings: dict[str, Any]) -> dict[str, Any]:
    return {
        "claim_id": claim_id,
        "claim_type": claim_type,
        "claim_text": text,
        "support_level": support,
        "evidence_bindings": list(bindings),
    }


def points(times: list[str], values: list[float | int]) -> list[list[Any]]:
    return [[t, v] for t, v in zip(times, values, strict=True)]


def hhmm(h: int, m: int) -> str:
    h, m = (h + m // 60) % 24, m % 60
    return f"{h:02d}:{m:02d}"


def kb_doc(doc_id: str, doc_type: str, title: str, content: str) -> dict[str, str]:
    return {"doc_id": doc_id, "doc_type": doc_type, "title": title, "content": content}
