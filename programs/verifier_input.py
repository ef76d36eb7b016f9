"""The explicit input blocks the Verifier receives (seed 001, 'explicit input blocks').

Only the original query, the final Executor output, the parsed contract (or the parse status that
says why there is none), the tool trace summary and — on round 2 only — the retry context. Never
the raw `messages` (Planner reasoning, Executor intermediate reasoning).
"""

from __future__ import annotations

from groundcheck.programs.parse import ParsedOutput
from groundcheck.signatures.models import Session, ToolTraceItem, VerifierInput


def build_verifier_input(
    session: Session, parsed: ParsedOutput, summary: list[ToolTraceItem]
) -> VerifierInput:
    return VerifierInput(
        original_query=session.original_query,
        executor_final_answer=session.executor_final_answer,
        tool_trace_summary=summary,
        executor_structured_output=parsed.contract.model_dump(mode="json") if parsed.contract else None,
        executor_output_parse_status=parsed.status,
        retry_context=session.retry_context if session.round == 2 else None,
    )
