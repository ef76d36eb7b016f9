"""Stage 2: deterministic Gatekeeper checks of a parsed contract against the tool trace (spec §6).

One function per rule, each returning findings; `run_gatekeeper` collects them. No model.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from groundcheck.signatures.models import (
    Claim,
    EvidenceBinding,
    ExecutorContract,
    Finding,
    GatekeeperResult,
    GatekeeperStatus,
    Severity,
    item_text,
)

from ..text.negation import denies_token
from ..text.normalize import contains_token, fold_lines, han_letter_ratio
from ..text.tokens import Mentions, extract_mentions
from ..text.wording import HEDGE, clause_stances, says_a_whole, split_sentences
from .evidence_facts import beijing_time_only_in_utc, names_a_read_file
from .number_forms import restates_a_figure_of, written_another_way, zone_mislabelled_in_trace
from .parse import ParsedOutput
from .time_context import zone_shifted
from .trace_index import GUIDANCE, TraceIndex, literal_number_in
from .zoned_moments import zoned_moment_cited

MIN_HAN_RATIO = 0.3
POSITION_PREFIX = "claims[{}]: "  # leads the detail of a finding about a claim whose id is shared
_POSITION = re.compile(r"^claims\[(\d+)\]: ")

RULES: dict[str, Severity] = {
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
    def duplicate_ids(self) -> frozenset[str]:
        counts = Counter(c.claim_id for c in self.contract.claims)
        return frozenset(i for i, n in counts.items() if n > 1)

    def bindings(self) -> Iterator[tuple[int, Claim, EvidenceBinding]]:
        """Every evidence binding of the contract with its claim and the claim's position."""
        for position, claim in enumerate(self.contract.claims):
            for binding in claim.evidence_bindings:
                yield position, claim, binding

    def claim_finding(self, rule: str, position: int, claim: Claim, detail: str) -> Finding:
        """A finding about one claim; a claim whose id is shared says its position (`claims[i]: `)."""
        if claim.claim_id in self.duplicate_ids:
            detail = f"{POSITION_PREFIX.format(position)}{detail}"
        return _finding(rule, claim.claim_id, detail)

    @cached_property
    def backing_flat(self) -> str:
        """What the contract asserts besides the answer, folded: critical claims (with their
        excerpts), recommended actions and missing_info (not diagnosis_summary, which spec §6 does
        not list: it is the Executor's own prose, as unchecked as the answer). It backs an answer's
        entities."""
        parts: list[str] = []
        for claim in self.contract.critical_claims:
            parts += _claim_texts(claim)
        parts += [item_text(i) for i in (*self.contract.recommended_actions, *self.contract.missing_info)]
        return fold_lines(parts)

    @cached_property
    def backing_entities(self) -> frozenset[str]:
        """The entities the critical claims name, as `extract_mentions` writes them ("3 月 14 日" is "3月14日")."""
        return frozenset(e for c in self.contract.critical_claims for e in extract_mentions(c.claim_text).entities)

    @cached_property
    def hedged_flat(self) -> str:
        """What the contract only suspects or offers as background, folded: hypotheses and
        non-critical claims. It backs an answer's entity only where the answer hedges it too."""
        parts = [item_text(i) for i in self.contract.hypotheses]
        for claim in self.contract.claims:
            if not claim.is_critical:
                parts += _claim_texts(claim)
        return fold_lines(parts)


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
        try:
            findings.extend(check(ctx))
        except Exception as exc:  # a rule that fails on an unforeseen input fails the gate, never the run
            logger.exception("Gatekeeper rule %s failed", check.__name__)
            findings.append(
                Finding(rule=INTERNAL_ERROR, severity="fail", claim_id=None,
                        detail=f"{check.__name__} could not run ({type(exc).__name__})")
            )
    return summarize(findings)


def summarize(findings: list[Finding]) -> GatekeeperResult:
    failed = sorted({f.rule for f in findings if f.severity == "fail"})
    warned = sorted({f.rule for f in findings if f.severity == "warn"})
    status: GatekeeperStatus = "fail" if failed else "warn" if warned else "pass"
    return GatekeeperResult(status=status, failed_rules=failed, warned_rules=warned, findings=findings)


logger = logging.getLogger(__name__)
INTERNAL_ERROR = "gatekeeper.internal_error"  # not a spec rule: a rule that could not run on this input


def _finding(rule: str, claim_id: str | None, detail: str) -> Finding:
    return Finding(rule=rule, severity=RULES[rule], claim_id=claim_id, detail=detail)


def check_fenced(ctx: GateContext) -> list[Finding]:
    if ctx.fenced:
        return [_finding("contract.fenced", None, "the contract came inside a Markdown fence")]
    return []


def check_id_unique(ctx: GateContext) -> list[Finding]:
    """One finding per repeated occurrence (not the first), each naming its position."""
    seen: set[str] = set()
    out = []
    for pos, claim in enumerate(ctx.contract.claims):
        if claim.claim_id in seen:
            detail = f"claim_id {claim.claim_id!r} is used by more than one claim"
            out.append(ctx.claim_finding("claim.id_unique", pos, claim, detail))
        seen.add(claim.claim_id)
    return out


def check_binding_required(ctx: GateContext) -> list[Finding]:
    return [
        ctx.claim_finding(
            "claim.binding_required", pos, c, f"support_level {c.support_level} but no evidence binding"
        )
        for pos, c in enumerate(ctx.contract.claims)
        if c.support_level in ("direct", "indirect") and not c.evidence_bindings
    ]


def check_unsupported_confirmed(ctx: GateContext) -> list[Finding]:
    detail = "support_level none: belongs in hypotheses or missing_info, not claims"
    return [
        ctx.claim_finding("claim.unsupported_confirmed", pos, c, detail)
        for pos, c in enumerate(ctx.contract.claims)
        if c.support_level == "none"
    ]


def check_invocation_ref(ctx: GateContext) -> list[Finding]:
    out = []
    for pos, claim, binding in ctx.bindings():
        for inv in binding.source_invocation_ids:
            if ctx.index.get(inv) is None:
                detail = f"invocation {inv!r} is not in tool_calls"
                out.append(ctx.claim_finding("evidence.invocation_ref", pos, claim, detail))
    return out


def check_tool_name(ctx: GateContext) -> list[Finding]:
    out = []
    for pos, claim, binding in ctx.bindings():
        for ev in ctx.index.existing(binding.source_invocation_ids):
            if ev.call.tool_name != binding.tool_name:
                detail = (
                    f"binding says tool {binding.tool_name!r} but {ev.call.invocation_id!r} "
                    f"is a {ev.call.tool_name!r} call"
                )
                out.append(ctx.claim_finding("evidence.tool_name", pos, claim, detail))
    return out


def check_excerpt(ctx: GateContext) -> list[Finding]:
    """Spec §6: found only in an ok cited output, at least 2 letters or digits, never in arguments.

    A quote found in the output of cited calls that all failed is `evidence.failed_call`'s case.
    """
    out = []
    for pos, claim, binding in ctx.bindings():
        problem = ctx.index.excerpt_problem(binding)
        if problem and not ctx.index.excerpt_in_failed_only(binding):
            detail = f"excerpt {_short(binding.evidence_excerpt)!r} {problem}"
            out.append(ctx.claim_finding("evidence.excerpt", pos, claim, detail))
    return out


def check_failed_call(ctx: GateContext) -> list[Finding]:
    out = []
    for pos, claim, binding in ctx.bindings():
        calls = ctx.index.existing(binding.source_invocation_ids)
        if calls and not any(ev.ok for ev in calls):
            detail = (
                f"binding cites only failed calls ({', '.join(ev.call.invocation_id for ev in calls)})"
            )
            out.append(ctx.claim_finding("evidence.failed_call", pos, claim, detail))
    return out


def check_guidance_as_fact(ctx: GateContext) -> list[Finding]:
    """A critical claim that cites guidance and no usable incident evidence: its other bindings, if
    any, are not found, too short, fabricated or cite only failed calls (they carry nothing)."""
    out = []
    for pos, claim in enumerate(ctx.contract.claims):
        if not claim.is_critical or not any(ctx.index.binding_is_guidance(b) for b in claim.evidence_bindings):
            continue
        usable = [ctx.index.binding_usable(b) for b in claim.evidence_bindings]
        if any(ok for ok, _ in usable) or not any(why == GUIDANCE for _, why in usable):
            continue
        detail = "every binding points at runbook / skill / historical-case guidance, not incident evidence"
        out.append(ctx.claim_finding("evidence.guidance_as_fact", pos, claim, detail))
    return out


def check_answer_language(ctx: GateContext) -> list[Finding]:
    answer = ctx.contract.user_facing_answer
    if not answer.strip():
        return [_finding("answer.language", None, "user_facing_answer is empty")]
    ratio = han_letter_ratio(answer)
    if ratio < MIN_HAN_RATIO:
        detail = f"only {ratio:.0%} of the answer's letters are Chinese (Han) characters"
        return [_finding("answer.language", None, detail)]
    return []


def check_unbacked_entity(ctx: GateContext) -> list[Finding]:
    """Entities and numbers of the answer that nothing backs, clause by clause (spec §6).

    Backed: found in a critical claim, an action or missing_info, or in the tool outputs (a number
    also when it follows from them). Found only in a hypothesis or a background claim: backed only
    in a clause that a hedge governs (`wording.clause_stances`: "X 已宕机，可能是 Y" hedges Y, not X).
    A look-alike identifier no output holds is never backed.
    """
    answer = ctx.contract.user_facing_answer
    every_call = list(ctx.index.calls)
    reported: set[str] = set()
    out = []

    def report(what: str, hedged_only: bool) -> None:
        if what in reported:
            return
        reported.add(what)
        where = "only a hypothesis or a background claim carries it, and the answer states it as fact"
        detail = f"answer names {what!r}, " + (where if hedged_only else "found nowhere")
        out.append(_finding("answer.unbacked_entity", None, detail))

    ok_calls = [ev for ev in ctx.index.calls.values() if ev.ok]
    for sentence in split_sentences(answer):
        mentions = extract_mentions(sentence)
        hedged: Mentions | None = None  # what the sentence's hedged clauses name, read when needed
        for entity in mentions.entities:
            if zoned_moment_cited(sentence, entity, ok_calls):
                continue  # "北京时间 2026-03-15 16:12:43" over "notAfter=Mar 15 08:12:43 2026 GMT": that moment
            if beijing_time_only_in_utc(sentence, entity, ok_calls):
                report(entity, False)  # "北京时间 2026-11-30 23:00:00" over an epoch at 23:00 UTC
                continue
            if entity in ctx.backing_entities or contains_token(ctx.backing_flat, entity):
                continue
            only_hedged = contains_token(ctx.hedged_flat, entity)
            if only_hedged:
                hedged = hedged or _hedged_mentions(sentence)
                if entity in hedged.entities:
                    continue
            if (
                ctx.index.token_location(entity, every_call) == "nowhere"
                and not denies_token(sentence, entity)
                and not names_a_read_file(entity, list(ctx.index.calls.values()))  # "config.toml 里…": the source
            ):
                report(entity, only_hedged)
        for number in mentions.numbers:
            if zone_mislabelled_in_trace(sentence, number, ctx.index, answer):
                report(number.text, False)  # "北京时间 06:10" over outputs that write 06:10 only in UTC
                continue
            if restates_a_figure_of(ctx.backing_flat, number):
                continue
            if any(literal_number_in(ctx.backing_flat, n) for n in zone_shifted(sentence, number)):
                continue  # "北京时间 14:02" restating a claim's "06:02 UTC"
            only_hedged = literal_number_in(ctx.hedged_flat, number)
            if only_hedged:
                hedged = hedged or _hedged_mentions(sentence)
                if number in hedged.numbers:
                    continue
            anywhere = ctx.index.number_anywhere(number, says_a_whole(sentence))
            if not anywhere and not written_another_way(sentence, number, ctx.index, answer):
                report(number.text, only_hedged)
    for token in ctx.index.spoofed_tokens(answer):
        report(token, False)
    return out


def _hedged_mentions(sentence: str) -> Mentions:
    """The entities and numbers of the sentence's clauses that a hedge governs."""
    hedged = "\n".join(clause for clause, stance in clause_stances(sentence) if stance == HEDGE)
    return extract_mentions(hedged) if hedged else Mentions((), ())


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


def finding_position(finding: Finding) -> int | None:
    """The claim position a finding names (only findings about a claim whose id is shared do)."""
    m = _POSITION.match(finding.detail)
    return int(m.group(1)) if m else None


def _claim_texts(claim: Claim) -> list[str]:
    # excerpts, not source_id: an excerpt is checked against the outputs, a source_id is free text
    return [claim.claim_text, *(b.evidence_excerpt for b in claim.evidence_bindings)]


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
