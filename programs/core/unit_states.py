"""A service said to be running over `systemctl status`, whose Active line says otherwise: "kubelet 服务处于
运行中状态" over "Active: activating (auto-restart) … status=1/FAILURE". The word "active" there names the
field, not the state, so the glossary finds the running concept carried. A soft judgement (spec §8: a model
may overrule it); the rules backend reads it as `contradicted`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .trace_index import CallEvidence

_ACTIVE_LINE = re.compile(r"^\s*active:\s*([a-z\-]+)(?:\s*\(([a-z\-]+)\))?", re.MULTILINE)
_RUNNING = re.compile(r"(?<![不未没非])(?:处于运行|运行中|正在运行|在运行|正常运行)|\brunning\b", re.IGNORECASE)
_MAX_CHARS = 100_000


def unit_state_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The claim says a unit runs and a cited `systemctl status` reports it in no running state."""
    if _RUNNING.search(claim_text) is None:
        return None
    for ev in cited:
        text = ev.flat[: min(ev.out_end, _MAX_CHARS)]
        if "active:" not in text:
            continue
        for m in _ACTIVE_LINE.finditer(text):
            state, sub = m[1], m[2]
            if state != "active" or (sub is not None and sub != "running"):
                shown = f"{state} ({sub})" if sub else state
                return f"it says the service is running, but the cited status is 'Active: {shown}'"
    return None
