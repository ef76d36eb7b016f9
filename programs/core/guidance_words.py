"""A sentence that says its content comes from guidance (a runbook, a skill, a historical case): "手册里记录的
常见原因是…". Its words are read against the guidance it names; any other sentence's are read against what the
outputs observed, guidance documents left out (spec §6: guidance is no evidence of the incident)."""

from __future__ import annotations

import re

from .trace_index import TraceIndex

_GUIDANCE_WORDS = re.compile(
    r"手册|runbook|知识库|文档|历史案例|以往案例|案例|历史上|以往|经验|skill|规范|playbook", re.IGNORECASE
)
# "按手册核对，这次的根因就是…" asserts this incident's cause, whatever it checked it against
_THIS_INCIDENT = re.compile(r"这次|本次|此次|这一次|就是|确认|确定|已查明")


def cites_guidance(sentence: str, index: TraceIndex) -> bool:
    """The sentence says its content comes from guidance the trace holds, and asserts nothing of this
    incident ("和以往一样，超时是 GC 造成的" over a trace without a runbook cites nothing). A manual named
    as such (手册 / runbook / wiki) may be any documentation call's output; "以往" / "案例" need a guidance
    document (`doc_type`) in the trace."""
    cited = _GUIDANCE_WORDS.search(sentence)
    if cited is None or _THIS_INCIDENT.search(sentence) is not None:
        return False
    if any(ev.ok and ev.has_guidance for ev in index.calls.values()):
        return True
    return _NAMED_MANUAL.search(sentence) is not None and any(
        ev.ok and _DOC_TOOL.search(ev.call.tool_name) for ev in index.calls.values()
    )


_NAMED_MANUAL = re.compile(r"手册|runbook|知识库|文档|wiki|playbook|skill|规范", re.IGNORECASE)
_DOC_TOOL = re.compile(r"wiki|doc|knowledge|runbook|playbook|confluence|manual|kb(?![a-z])", re.IGNORECASE)
