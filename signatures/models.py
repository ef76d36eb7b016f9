"""Pydantic models of every format in the groundcheck contract (spec §3-§10).

Pure data: no DSPy, no LM. The deterministic core and the DSPy signatures both speak these types.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator

Verdict = Literal["PASS", "LOW_CONFID", "REJECT"]
ParseStatusName = Literal["valid", "missing", "malformed"]
SupportLevel = Literal["direct", "indirect", "none"]
Verification = Literal[
    "direct_observation",
    "reasonable_inference",
    "overstated",
    "unsupported",
    "external_unknown",
    "contradicted",
]
LegacyClassification = Literal["direct_evidence", "indirect_support", "no_evidence", "contradicted"]
FactSource = Literal["claim", "user_facing_answer", "executor_final_answer"]
Severity = Literal["fail", "warn"]
GatekeeperStatus = Literal["pass", "warn", "fail"]

VERIFICATIONS: tuple[str, ...] = get_args(Verification)
VERDICTS: tuple[str, ...] = get_args(Verdict)
# classes that count as supported (binary view, e.g. HaluEval) and those that leave a claim unconfirmed
SUPPORTED_CLASSES: frozenset[str] = frozenset({"direct_observation", "reasonable_inference"})
UNCONFIRMED_CLASSES: frozenset[str] = frozenset(VERIFICATIONS) - SUPPORTED_CLASSES
CLAIM_TYPES: tuple[str, ...] = (
    "symptom",
    "error",
    "metric",
    "root_cause",
    "impact",
    "timeline",
    "change",
    "config",
    "background",
)
GUIDANCE_DOC_TYPES: frozenset[str] = frozenset({"runbook", "skill", "historical_case"})


class _Open(BaseModel):
    """A record that keeps fields this version does not know (nothing lost on a round trip)."""

    model_config = ConfigDict(extra="allow")


class _Strict(BaseModel):
    """A record whose fields are fixed by the contract; unknown fields are an error."""

    model_config = ConfigDict(extra="forbid")


# --- session (spec §3) -----------------------------------------------------------------------


class ToolCall(_Open):
    invocation_id: str = Field(min_length=1)
    trace_ref: str | None = None
    tool_name: str = Field(min_length=1)
    arguments: dict[str, Any] = Field(default_factory=dict)
    status: Literal["ok", "error"] = "ok"
    output: Any = ""


class Labels(_Open):
    """Gold labels of a labeled session (spec §10); any of them may be unknown."""

    parse_status: ParseStatusName | None = None
    gatekeeper_failed_rules: list[str] | None = None
    claim_verifications: dict[str, Verification] | None = None
    verdict: Verdict | None = None
    note: str | None = None


class Session(_Open):
    session_id: str = Field(min_length=1)
    round: Literal[1, 2] = 1
    original_query: str
    executor_final_answer: str | None = None
    tool_calls: list[ToolCall]
    retry_context: dict[str, Any] | None = None
    messages: list[Any] | None = None
    verifier_model_output: str | dict[str, Any] | None = None
    labels: Labels | None = None

    @field_validator("tool_calls")
    @classmethod
    def _unique_invocation_ids(cls, calls: list[ToolCall]) -> list[ToolCall]:
        seen: set[str] = set()
        for call in calls:
            if call.invocation_id in seen:
                raise ValueError(f"duplicate invocation_id {call.invocation_id!r}")
            seen.add(call.invocation_id)
        return calls


# --- the Executor contract (spec §4) ---------------------------------------------------------


class EvidenceBinding(_Open):
    source_type: str
    source_id: str
    tool_name: str
    source_invocation_ids: list[str] = Field(min_length=1)
    evidence_excerpt: str


class Claim(_Open):
    claim_id: str = Field(min_length=1)
    claim_type: str
    claim_text: str
    support_level: SupportLevel
    evidence_bindings: list[EvidenceBinding] = Field(default_factory=list)

    @property
    def is_critical(self) -> bool:
        return self.claim_type != "background"


class TextItem(_Open):
    text: str


ListItem = str | TextItem


def item_text(item: ListItem) -> str:
    """The text of a hypotheses / recommended_actions / missing_info item."""
    return item if isinstance(item, str) else item.text


class ExecutorContract(_Open):
    answer_version: str
    diagnosis_summary: str
    claims: list[Claim]
    hypotheses: list[ListItem]
    recommended_actions: list[ListItem]
    missing_info: list[ListItem]
    user_facing_answer: str

    @property
    def critical_claims(self) -> list[Claim]:
        return [c for c in self.claims if c.is_critical]


# --- parse status (spec §5) ------------------------------------------------------------------


class ParseStatus(_Strict):
    status: ParseStatusName
    error: str | None = None
    fenced: bool = False


# --- Gatekeeper (spec §6) --------------------------------------------------------------------


class Finding(_Strict):
    rule: str
    severity: Severity
    claim_id: str | None = None
    detail: str


class GatekeeperResult(_Strict):
    status: GatekeeperStatus
    failed_rules: list[str] = Field(default_factory=list)
    warned_rules: list[str] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)

    def claim_findings(self, claim_id: str) -> list[Finding]:
        return [f for f in self.findings if f.claim_id == claim_id]


# --- claim checks and facts (spec §7, §9) ----------------------------------------------------


class EvidenceRef(_Strict):
    trace_ref: str | None = None
    tool_name: str
    source_invocation_ids: list[str]


class ClaimCheck(_Strict):
    claim_id: str
    verification: Verification
    detail: str
    evidence_refs: list[EvidenceRef] = Field(default_factory=list)


class FactCheck(_Strict):
    fact: str
    classification: LegacyClassification
    claim_id: str | None = None
    source: FactSource


class VerdictAdjustment(_Strict):
    from_: str = Field(alias="from")
    to: str
    reason: str

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ToolTraceItem(_Strict):
    invocation_id: str
    trace_ref: str | None = None
    tool_name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    status: Literal["ok", "error"]
    output_excerpt: str
    output_chars: int
    truncated: bool


class LMUsage(_Strict):
    """LM usage summed over the calls of one verification (spec §9, optional)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    cost_usd: float | None = None


class VerifierModelOutput(_Open):
    """What a claim checker (rules, replay or LM) returns before the post-processor."""

    claim_checks: list[ClaimCheck] = Field(default_factory=list)
    verdict: Verdict | None = None
    groundedness_score: float | None = None
    rationale: str = ""
    lm_usage: LMUsage | None = None


class VerifierEvaluation(_Open):
    """The persisted record (spec §9)."""

    verdict: Verdict
    model_verdict: Verdict | None = None
    groundedness_score: float
    critical_fact_count: int
    claim_checks: list[ClaimCheck]
    facts_checked: list[FactCheck]
    rationale: str
    executor_output_parse_status: ParseStatus
    executor_structured_output: dict[str, Any] | None = None
    tool_trace_summary: list[ToolTraceItem]
    gatekeeper_result: GatekeeperResult
    verdict_adjustments: list[VerdictAdjustment] = Field(default_factory=list)
    verifier_error: str | None = None
    backend: str
    program_version: str
    round: Literal[1, 2] = 1
    session_id: str | None = None
    model_not_asked: str | None = None  # why no model call was made (the verdict was already fixed)
    lm_usage: LMUsage | None = None
    executor_error: str | None = None  # why a live Executor produced no final answer


class VerifierInput(_Strict):
    """Exactly what the LM Verifier receives (seed 001, 'explicit input blocks'), focused on the claims it
    must judge (see `groundcheck.programs.core.focused_input`). Never `messages`."""

    original_query: str
    executor_final_answer: str
    executor_structured_output: str
    executor_output_parse_status: str
    tool_trace_summary: str
    evidence_hints: str
    retry_context: str | None = None  # round 2 only
