"""What the operator sees: the verifier-routed display path (seed 001), never raw JSON by default.

PASS shows `user_facing_answer`; LOW_CONFID shows it with a Chinese caveat naming what could not
be confirmed; REJECT shows a fallback built only from hypotheses, actions and missing info.
Outages are named, never dressed up as a bad answer: with `executor_error` the reply says answering
was unavailable; with `verifier_error` it shows the answer and says verification was unavailable.
"""

from __future__ import annotations

from groundcheck.signatures.models import UNCONFIRMED_CLASSES, ExecutorContract, VerifierEvaluation, item_text

_MAX_LISTED = 3

EXECUTOR_UNAVAILABLE = (
    "⚠️ 诊断服务暂时不可用：本次未能生成诊断回答（回答环节出现故障，并非回答未通过校验）。\n"
    "请稍后重试；情况紧急时请直接查看相关日志与指标。"
)
VERIFIER_UNAVAILABLE = (
    "⚠️ 校验服务暂时不可用：以上回答未能逐条核实证据（校验环节出现故障，并非回答被判定有误），"
    "请谨慎参考，核实后再采取行动。"
)


def outage_of(record: VerifierEvaluation) -> str | None:
    """`"executor"` when no answer could be produced, `"verifier"` when it could not be verified, else None."""
    if getattr(record, "executor_error", None):
        return "executor"
    if record.verifier_error:
        return "verifier"
    return None


def operator_reply(record: VerifierEvaluation) -> str:
    """The Chinese reply for the chat, chosen by the outage (if any), then the effective verdict."""
    if outage_of(record) == "executor":
        return EXECUTOR_UNAVAILABLE
    contract = (
        ExecutorContract.model_validate(record.executor_structured_output)
        if record.executor_structured_output
        else None
    )
    if contract is None:
        return (
            "⚠️ 本次诊断结果未能通过结构化校验，以下结论无法逐条核实，请谨慎参考。\n"
            "建议：重新发起诊断，或直接查看相关日志与指标。"
        )
    if record.verifier_error and record.verdict != "REJECT":
        return contract.user_facing_answer + "\n\n" + VERIFIER_UNAVAILABLE
    if record.verdict == "PASS":
        return contract.user_facing_answer
    if record.verdict == "LOW_CONFID":
        return contract.user_facing_answer + "\n\n" + _caveat(record, contract)
    return _fallback(contract)


def _caveat(record: VerifierEvaluation, contract: ExecutorContract) -> str:
    texts = {c.claim_id: c.claim_text for c in contract.claims}
    doubtful = [
        texts[c.claim_id]
        for c in record.claim_checks
        if c.verification in UNCONFIRMED_CLASSES and c.claim_id in texts
    ]
    extra = [
        f.fact
        for f in record.facts_checked
        if f.source == "user_facing_answer" and f.classification in ("no_evidence", "contradicted")
    ]
    items = (doubtful + extra)[:_MAX_LISTED]
    if items:
        listed = "；".join(f"“{t}”" for t in items)
        return f"⚠️ 置信度较低：以下内容未能被本次工具调用结果证实：{listed}。请结合实际情况核实后再采取行动。"
    return "⚠️ 置信度较低：部分结论仅为推断，缺少直接证据，请核实后再采取行动。"


def _fallback(contract: ExecutorContract) -> str:
    lines = ["⚠️ 本次诊断的部分结论与工具返回的证据不符，已不予展示。以下仅供排查参考："]
    sections = (
        ("可能的原因（尚未证实）", contract.hypotheses),
        ("建议的排查与处置", contract.recommended_actions),
        ("仍需补充的信息", contract.missing_info),
    )
    for title, items in sections:
        if items:
            lines.append(f"{title}：")
            lines += [f"- {item_text(i)}" for i in items]
    if len(lines) == 1:
        lines.append("暂无可靠结论，建议人工排查相关日志与指标。")
    return "\n".join(lines)
