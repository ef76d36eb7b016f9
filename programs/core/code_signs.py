"""A code the claim reads off a label ("[Errno 3]", "exit code 137"): the outputs' codes at that label.

"report-worker 报 [Errno 3] 错误" over "[Errno -3] Temporary failure in name resolution" drops the sign:
errno 3 (ESRCH, no such process) is another error than -3 (EAI_AGAIN). A figure found elsewhere in the
output does not make it the code; when the cited outputs write codes at the claim's label, one of them
must be the claim's, sign included (hard: a number no output contains at its place).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.tokens import NumberMention, numbers_with_places
from .trace_index import CallEvidence

_LABEL = r"(?:errno|exit\s?code|exit\s?status|return\s?code|signal)"
_LABEL_CUE = re.compile(r"errno|code|status|signal", re.IGNORECASE)  # cheap: most claims name no code
_LABEL_BEFORE = re.compile(_LABEL + r"\s?(?:[:=]|为|是|等于)?\s?(-?)$", re.IGNORECASE)
# in an output, also "exited with code 137", "exit status: 1"
_LABELLED_CODE = re.compile(
    r"\b(" + _LABEL + r"|exited with (?:code|status))\s?[:=]?\s?(-?\d+)(?![\d.])", re.IGNORECASE
)


def code_of_another_sign(claim_text: str, number: NumberMention, cited: Sequence[CallEvidence]) -> bool:
    """The number follows a code label in the claim, the cited outputs write codes at that label, and
    none of them is the claim's code with its sign."""
    if number.kind not in ("plain", "count") or not number.value.is_integer() or not _LABEL_CUE.search(claim_text):
        return False
    text, places = numbers_with_places(claim_text)
    place = next((start for start, _, n in places if n == number), None)
    if place is None:
        return False
    label = _LABEL_BEFORE.search(text, max(0, place - 16), place)
    if label is None:
        return False
    label_word = _word_of(label.group(0))
    signed = -abs(int(number.value)) if label.group(1) == "-" or number.value < 0 else int(number.value)
    written = [
        int(m.group(2)) for ev in cited for m in _LABELLED_CODE.finditer(ev.flat) if _word_of(m.group(1)) == label_word
    ]
    return bool(written) and signed not in written


def _word_of(label: str) -> str:
    """A label's one form: "exit code 为" and "exited with code" are "exitcode"."""
    word = re.sub(r"[\s:=\-为是等于]", "", label.lower())
    return word.replace("exitedwith", "exit")


_EXPECTED_BEFORE = re.compile(r"(?:expected|expecting|want|wanted|should be)\s?[:=]?\s?['\"]?$", re.IGNORECASE)
# the claim itself says the figure is the expectation ("期望 200"), or no outcome ("拿到 404 而不是 200")
_CLAIMED_EXPECTED = re.compile(
    r"(?:期望|预期|应为|应该是|本应|要求|expected|want|不是|而非|并非|非)[^，。；,;\d]{0,4}$", re.IGNORECASE
)
_SCAN = 20_000  # characters of an output read for a figure's occurrences


def figure_only_expected(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """"健康检查返回 200" quoting "expected '200' but got '503'": every occurrence of one of the claim's
    figures in the cited outputs is what something expected, not what it got (soft: a reading)."""
    if "expect" not in " ".join(ev.flat[:_SCAN] for ev in cited) and "want" not in claim_text:
        return None
    text, places = numbers_with_places(claim_text)
    for start, _, number in places:
        if number.kind not in ("plain", "count") or not number.value.is_integer() or number.value < 10:
            continue
        if _CLAIMED_EXPECTED.search(text, max(0, start - 16), start):
            continue  # "期望 200，实际返回 503": the claim says it is the expectation
        digits = str(int(number.value))
        pattern = re.compile(rf"(?<![\w.]){digits}(?![\w.])")
        seen = [(ev.flat, m.start()) for ev in cited for m in pattern.finditer(ev.flat, 0, _SCAN)]
        if seen and all(_EXPECTED_BEFORE.search(flat, max(0, at - 16), at) for flat, at in seen):
            return f"it gives {number.text} as what happened, but the cited output has it only as what was expected"
    return None
