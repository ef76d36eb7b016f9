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
from ..text.wording import quick_search
from .trace_index import CallEvidence

_LABEL = r"(?:errno|exit\s?code|exit\s?status|return\s?code|signal)"
# cheap: most claims name no code (scanned in a lowered copy, `quick_search`)
_LABEL_CUE = quick_search(re.compile(r"errno|code|status|signal", re.IGNORECASE))
_LABEL_BEFORE = re.compile(_LABEL + r"\s?(?:[:=]|为|是|等于)?\s?(-?)$", re.IGNORECASE)
# in an output, also "exited with code 137", "exit status: 1"
_LABELLED_CODE = re.compile(
    r"\b(" + _LABEL + r"|exited with (?:code|status))\s?[:=]?\s?(-?\d+)(?![\d.])", re.IGNORECASE
)


def code_of_another_sign(claim_text: str, number: NumberMention, cited: Sequence[CallEvidence]) -> bool:
    """The number follows a code label in the claim, the cited outputs write codes at that label, and
    none of them is the claim's code with its sign."""
    if number.kind not in ("plain", "count") or not number.value.is_integer() or not _LABEL_CUE(claim_text):
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


# "仍剩余 4.63" over "error_budget_remaining": -4.63: a figure the outputs write only with a minus sign
# the claim says the sign in words: "慢 9.412 秒" over -9.412, "下降了 30" over -30
_SIGN_IN_CLAIM = re.compile(
    r"(?:-|−|负|超支|透支|欠|慢|落后|下降|减少|降低|少|低|亏|缩减|回落|跌|差|偏差|误差|早|提前)[^，。；;,\d]{0,8}$"
)
_SIGN_REACH = 12
_MAX_OCCURRENCES = 32


def figure_of_another_sign(claim_text: str, number: NumberMention, cited: Sequence[CallEvidence]) -> bool:
    """The claim writes the figure without a sign, and every stand-alone occurrence of its digits in the ok
    cited outputs carries a minus sign ("remaining": -4.63): a number of another sign (hard, as a code's)."""
    if number.kind == "clock" or number.value <= 0:
        return False
    digits = _DIGITS.match(number.text)
    if digits is None or len(digits.group(0)) < 2:
        return False  # ("-1" beside "1": a one-digit figure is too common to read a sign off)
    minus = "-" + digits.group(0)
    if not any(ev.flat.find(minus, 0, ev.out_end) != -1 for ev in cited):
        return False  # (most figures: no output writes them after a minus at all)
    text, places = numbers_with_places(claim_text)
    place = next((start for start, _, n in places if n == number), None)
    if place is None or _SIGN_IN_CLAIM.search(text, max(0, place - _SIGN_REACH), place):
        return False
    signs = [sign for ev in cited for sign in _signs_of(ev.flat[: ev.out_end], digits.group(0))]
    return bool(signs) and all(signs)


def _signs_of(text: str, digits: str) -> list[bool]:
    """For each stand-alone occurrence of the digits, whether a minus sign (not a dash between words or
    figures) precedes it."""
    found: list[bool] = []
    at = text.find(digits)
    while at != -1 and len(found) < _MAX_OCCURRENCES:
        end = at + len(digits)
        left, right = text[at - 1 : at] if at else "", text[end : end + 2]
        glued = left.isdigit() or left == "." or right[:1].isdigit() or (right[:1] == "." and right[1:2].isdigit())
        alone = not glued
        if alone and not left.isalpha():
            found.append(left == "-" and (at < 2 or not text[at - 2].isalnum()))
        at = text.find(digits, at + 1)
    return found


_DIGITS = re.compile(r"\d+(?:\.\d+)?")
