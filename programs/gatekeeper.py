"""Stage 2: deterministic Gatekeeper checks of a parsed contract against the tool trace (spec §6).

One function per rule, each returning findings; `run_gatekeeper` collects them. No model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from groundcheck.programs.normalize import cjk_letter_ratio, contains_token, fold
from groundcheck.programs.parse import ParsedOutput
from groundcheck.programs.tokens import extract_mentions
from groundcheck.programs.trace_index import TraceIndex, literal_number_in
from groundcheck.signatures.models import ExecutorContract, Finding, GatekeeperResult, item_text

MIN_CJK_RATIO = 0.3

RULES: dict[str, str] = {
    "contract.parse": "fail",
    "contract.fenced": "warn",
    "claim.id_unique": "fail",
    "claim.binding_required": "fail",
    "claim.unsupported_confirmed": "warn",
    "evidence.invocation_ref": "fail",
    "evidence.tool_name": "fail",
    "evidence.excerpt": "fail",
    "evidence.failed_call": "warn",
    "evidence.guidance_as_fact": "fail",
    "answer.language": "fail",
    "answer.unbacked_entity": "warn",
}


@dataclass
class GateContext:
    contract: ExecutorContract
    index: TraceIndex
    fenced: bool

    @cached_property
    def contract_flat(self) -> str:
        """Everything the contract states besides the answer, folded, for the answer checks."""
        parts = [self.contract.diagnosis_summary]
        for claim in self.contract.claims:
            parts.append(claim.claim_text)
            parts += [f"{b.source_id}\n{b.evidence_excerpt}" for b in claim.evidence_bindings]
        for items in (
            self.contract.hypotheses,
            self.contract.recommended_actions,
            self.contract.missing_info,
        ):
            parts += [item_text(i) for i in items]
        return fold("\n".join(parts))


def run_gatekeeper(parsed: ParsedOutput, index: TraceIndex) -> GatekeeperResult:
    """Apply every Gatekeeper rule.

    Args:
        parsed: the parser's result for the session.
        index: the session's tool trace index.

    Returns:
        `fail` with `contract.parse` when there is no valid contract; otherwise the findings of
        every rule, with sorted `failed_rules` / `warned_rules`.
    """
    if parsed.contract is None:
        finding = _finding(
            "contract.parse", None, f"parse status is {parsed.status.status}: {parsed.status.error}"
        )
        return summarize([finding])
    ctx = GateContext(parsed.contract, index, parsed.status.fenced)
    findings: list[Finding] = []
    for check in _CHECKS:
        findings.extend(check(ctx))
    return summarize(findings)


def summarize(findings: list[Finding]) -> GatekeeperResult:
    failed = sorted({f.rule for f in findings if f.severity == "fail"})
    warned = sorted({f.rule for f in findings if f.severity == "warn"})
    status = "fail" if failed else "warn" if warned else "pass"
    return GatekeeperResult(status=status, failed_rules=failed, warned_rules=warned, findings=findings)


def _finding(rule: str, claim_id: str | None, detail: str) -> Finding:
    return Finding(rule=rule, severity=RULES[rule], claim_id=claim_id, detail=detail)


def check_fenced(ctx: GateContext) -> list[Finding]:
    if ctx.fenced:
        return [_finding("contract.fenced", None, "the contract came inside a Markdown fence")]
    return []


def check_id_unique(ctx: GateContext) -> list[Finding]:
    seen: set[str] = set()
    out = []
    for claim in ctx.contract.claims:
        if claim.claim_id in seen:
            out.append(
                _finding("claim.id_unique", claim.claim_id, f"claim_id {claim.claim_id!r} is used twice")
            )
        seen.add(claim.claim_id)
    return out


def check_binding_required(ctx: GateContext) -> list[Finding]:
    return [
        _finding(
            "claim.binding_required", c.claim_id, f"support_level {c.support_level} but no evidence binding"
        )
        for c in ctx.contract.claims
        if c.support_level in ("direct", "indirect") and not c.evidence_bindings
    ]


def check_unsupported_confirmed(ctx: GateContext) -> list[Finding]:
    return [
        _finding(
            "claim.unsupported_confirmed",
            c.claim_id,
            "support_level none: belongs in hypotheses or missing_info, not claims",
        )
        for c in ctx.contract.claims
        if c.support_level == "none"
    ]


def check_invocation_ref(ctx: GateContext) -> list[Finding]:
    out = []
    for claim in ctx.contract.claims:
        for binding in claim.evidence_bindings:
            for inv in binding.source_invocation_ids:
                if ctx.index.get(inv) is None:
                    out.append(
                        _finding(
                            "evidence.invocation_ref",
                            claim.claim_id,
                            f"invocation {inv!r} is not in tool_calls",
                        )
                    )
    return out


def check_tool_name(ctx: GateContext) -> list[Finding]:
    out = []
    for claim in ctx.contract.claims:
        for binding in claim.evidence_bindings:
            for ev in ctx.index.existing(binding.source_invocation_ids):
                if ev.call.tool_name != binding.tool_name:
                    detail = (
                        f"binding says tool {binding.tool_name!r} but {ev.call.invocation_id!r} "
                        f"is a {ev.call.tool_name!r} call"
                    )
                    out.append(_finding("evidence.tool_name", claim.claim_id, detail))
    return out


def check_excerpt(ctx: GateContext) -> list[Finding]:
    out = []
    for claim in ctx.contract.claims:
        for binding in claim.evidence_bindings:
            if not ctx.index.excerpt_found(binding):
                where = ", ".join(binding.source_invocation_ids)
                excerpt = _short(binding.evidence_excerpt)
                out.append(
                    _finding("evidence.excerpt", claim.claim_id, f"excerpt {excerpt!r} not found in {where}")
                )
    return out


def check_failed_call(ctx: GateContext) -> list[Finding]:
    out = []
    for claim in ctx.contract.claims:
        for binding in claim.evidence_bindings:
            calls = ctx.index.existing(binding.source_invocation_ids)
            if calls and all(ev.call.status == "error" for ev in calls):
                detail = (
                    f"binding cites only failed calls ({', '.join(ev.call.invocation_id for ev in calls)})"
                )
                out.append(_finding("evidence.failed_call", claim.claim_id, detail))
    return out


def check_guidance_as_fact(ctx: GateContext) -> list[Finding]:
    out = []
    for claim in ctx.contract.critical_claims:
        bindings = claim.evidence_bindings
        if bindings and all(ctx.index.binding_is_guidance(b) for b in bindings):
            detail = (
                "every binding points at runbook / skill / historical-case guidance, not incident evidence"
            )
            out.append(_finding("evidence.guidance_as_fact", claim.claim_id, detail))
    return out


def check_answer_language(ctx: GateContext) -> list[Finding]:
    answer = ctx.contract.user_facing_answer
    if not answer.strip():
        return [_finding("answer.language", None, "user_facing_answer is empty")]
    ratio = cjk_letter_ratio(answer)
    if ratio < MIN_CJK_RATIO:
        return [_finding("answer.language", None, f"only {ratio:.0%} of the answer's letters are Chinese")]
    return []


def check_unbacked_entity(ctx: GateContext) -> list[Finding]:
    mentions = extract_mentions(ctx.contract.user_facing_answer)
    every_call = list(ctx.index.calls)
    out = []
    for entity in mentions.entities:
        if contains_token(ctx.contract_flat, entity):
            continue
        if ctx.index.token_location(entity, every_call) == "nowhere":
            out.append(_finding("answer.unbacked_entity", None, f"answer names {entity!r}, found nowhere"))
    for number in mentions.numbers:
        if literal_number_in(ctx.contract_flat, number):
            continue
        if not ctx.index.number_anywhere(number):
            out.append(
                _finding("answer.unbacked_entity", None, f"answer states {number.text!r}, found nowhere")
            )
    return out


_CHECKS: tuple[Callable[[GateContext], list[Finding]], ...] = (
    check_fenced,
    check_id_unique,
    check_binding_required,
    check_unsupported_confirmed,
    check_invocation_ref,
    check_tool_name,
    check_excerpt,
    check_failed_call,
    check_guidance_as_fact,
    check_answer_language,
    check_unbacked_entity,
)


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
