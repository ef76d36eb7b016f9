"""DSPy signature of the Executor: a question (and, on round 2, the retry context) in, the contract out."""

from __future__ import annotations

from typing import Any

import dspy
from pydantic import BaseModel, Field


class BindingOut(BaseModel):
    source_type: str = Field(
        description="log, metric, event, config, trace, knowledge, runbook, skill or historical_case"
    )
    source_id: str = Field(description="what inside the output: a doc_id, a metric series, a pod, or the invocation id")
    tool_name: str = Field(description="the tool that produced the evidence")
    source_invocation_ids: list[str] = Field(description="invocation ids of the quoted tool calls, as returned")
    evidence_excerpt: str = Field(description="text copied verbatim from that tool output")


class ClaimOut(BaseModel):
    claim_id: str
    claim_type: str = Field(
        description="symptom, error, metric, root_cause, impact, timeline, change, config or background"
    )
    claim_text: str = Field(description="the claim, in Chinese")
    support_level: str = Field(description="direct, indirect or none")
    evidence_bindings: list[BindingOut]


class ContractOut(BaseModel):
    """The evidence-attribution contract (spec §4) as the Executor model writes it."""

    answer_version: str = "2.0"
    diagnosis_summary: str
    claims: list[ClaimOut]
    hypotheses: list[str]
    recommended_actions: list[str]
    missing_info: list[str]
    user_facing_answer: str = Field(description="a readable Chinese answer consistent with everything above")


class ExecutorSignature(dspy.Signature):
    """You are the Executor of an AIOps diagnosis chat. Answer the operator's question by calling the tools
    (query_logs, query_metrics, lookup_knowledge, ...), then return the evidence-attribution contract.

    Rules:
    - Only what a tool returned in this session can be a claim. Every direct or indirect claim cites at least one
      tool call by its invocation id and quotes its evidence_excerpt verbatim from that call's output.
    - Runbooks, skills and historical cases are guidance: they may shape recommended_actions, never become a claim
      about this incident.
    - A possible cause, detail or fix without current-session evidence goes to hypotheses, recommended_actions or
      missing_info, never to claims.
    - Mark an inference as support_level indirect; do not word it with certainty.
    - user_facing_answer is readable Chinese, consistent with claims, hypotheses, actions and missing info, and
      names no error code, host or number that is not in them."""

    question: str = dspy.InputField(desc="the operator's question")
    contract: ContractOut = dspy.OutputField(desc="the evidence-attribution contract")


ExecutorRetrySignature = ExecutorSignature.prepend(
    "retry_context",
    dspy.InputField(desc="why the previous answer was rejected: fix exactly these problems"),
    type_=dict[str, Any],
)
