"""Formats of groundcheck: pydantic models (always importable, no DSPy).

The DSPy signatures live in `groundcheck.signatures.executor` and `groundcheck.signatures.verifier`
and are imported only by code that runs an LM.
"""

from .models import (
    CLAIM_TYPES,
    GUIDANCE_DOC_TYPES,
    VERDICTS,
    VERIFICATIONS,
    Claim,
    ClaimCheck,
    EvidenceBinding,
    EvidenceRef,
    ExecutorContract,
    FactCheck,
    Finding,
    GatekeeperResult,
    Labels,
    LMUsage,
    ParseStatus,
    Session,
    ToolCall,
    ToolTraceItem,
    VerdictAdjustment,
    VerifierEvaluation,
    VerifierInput,
    VerifierModelOutput,
    item_text,
)

__all__ = [
    "CLAIM_TYPES",
    "GUIDANCE_DOC_TYPES",
    "VERDICTS",
    "VERIFICATIONS",
    "Claim",
    "ClaimCheck",
    "EvidenceBinding",
    "EvidenceRef",
    "ExecutorContract",
    "FactCheck",
    "Finding",
    "GatekeeperResult",
    "LMUsage",
    "Labels",
    "ParseStatus",
    "Session",
    "ToolCall",
    "ToolTraceItem",
    "VerdictAdjustment",
    "VerifierEvaluation",
    "VerifierInput",
    "VerifierModelOutput",
    "item_text",
]
