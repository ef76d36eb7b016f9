"""Text normalisation shared by every matching step (spec §6).

Both sides of every comparison (an excerpt and an output, a claim's token and an output) go through
the same steps: invisible characters removed (Unicode format characters, category Cf, and the other
default-ignorable code points such as variation selectors and the combining grapheme joiner), NFKC
(full-width forms, ligatures, NBSP -> space), case-fold. An attacker can therefore neither hide a
quote from the matcher ("5\u200b03") nor smuggle an absent number past it ("5\u200b04" -> "504").
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata

from .session_memo import memoised

# Category Cf (Unicode 15.1; a test checks every Cf code point of the running Python is covered)
# plus the default-ignorable code points of other categories: all are invisible when rendered.
_BMP_INVISIBLE = (
    "\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5"
    "\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb"
)
_ASTRAL_INVISIBLE = (
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff"
)
# Two patterns: a class with astral ranges makes the scan of a BMP-only text four times slower.
_INVISIBLE = re.compile(f"[{_BMP_INVISIBLE}]+")
_INVISIBLE_ASTRAL = re.compile(f"[{_BMP_INVISIBLE}{_ASTRAL_INVISIBLE}]+")
# White space that NFKC leaves as it is (NBSP, U+2000-U+200A, U+3000... become a plain space).
_ASCII_SPACE = (" ", "\n", "\t", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f")
_OTHER_SPACE = ("\x85", "\xa0", "\u1680", *map(chr, range(0x2000, 0x200B)), "\u2028", "\u2029", "\u202f",
                "\u205f", "\u3000")
# A no-break or thin space inside a digit run hides a number as an invisible character does ("50\u00a03"
# is 503 to a reader); an ASCII space still separates numbers.
_SPACE_IN_NUMBER = re.compile(r"(?<=\d)[\u00a0\u2007\u2009\u200a\u202f](?=\d)")
# (full-width mark, its NFKC form): a test checks each pair against unicodedata
FULLWIDTH_PUNCTUATION = (
    ("，", ","), ("：", ":"), ("；", ";"), ("（", "("), ("）", ")"), ("！", "!"), ("？", "?"), ("％", "%"),
    ("\u3000", " "),
)
_NUMBER_SPACE = re.compile(r"[\u00a0\u2007\u2009\u200a\u202f]")
_SHORT = 512  # texts up to this length are folded through a cache
_MEMO_CHARS = 1 << 16  # longer texts (tool outputs) are folded once per call by their `CallEvidence`
_LARGE = 1 << 16  # an ASCII text from this length that folds to itself is kept as it is
_UCS4_MIN_OVERHEAD = sys.getsizeof("\U00010000") - 4  # CPython: a string holding astral characters


def clean(text: str) -> str:
    """Invisible characters removed and NFKC applied; case kept (for pattern matching on raw text)."""
    if text.isascii():  # ASCII is NFKC-invariant and holds no format character: skip the slow path
        return text
    if len(text) <= _SHORT:  # claims, excerpts, answer sentences: several stages clean each of them
        return memoised("clean", text, _clean)
    return _clean(text)


def _clean(text: str) -> str:
    pattern = _INVISIBLE_ASTRAL if _may_hold_astral(text) else _INVISIBLE
    text = pattern.sub("", text)
    if _NUMBER_SPACE.search(text):  # the look-behind pattern is tried only where it can match
        text = _SPACE_IN_NUMBER.sub("", text)
    # most texts are NFKC already, which is checked far faster than normalised
    if unicodedata.is_normalized("NFKC", text):
        return text
    # Chinese punctuation is what usually keeps a text from being NFKC: each mark's NFKC form is
    # one ASCII character that composes with nothing before it, so replacing it first changes nothing
    for wide, narrow in FULLWIDTH_PUNCTUATION:
        if wide in text:
            text = text.replace(wide, narrow)
    return text if unicodedata.is_normalized("NFKC", text) else unicodedata.normalize("NFKC", text)


def fold(text: str) -> str:
    """`clean` + case-fold, white space kept (for token search with word boundaries)."""
    if text.isascii():
        folded = text.lower()
        # a large text folded already (a folded output read again): keep the one copy, not two
        return text if len(text) >= _LARGE and folded == text else folded
    if len(text) <= _SHORT:
        return _fold_short(text)
    if len(text) <= _MEMO_CHARS:  # the claims' texts joined: folded by the Gatekeeper and the answer facts
        return memoised("fold", text, _fold_long)
    return _fold_long(text)


def _fold_long(text: str) -> str:
    return clean(text).casefold()


def fold_lines(parts: list[str]) -> str:
    """`fold("\\n".join(parts))`, from the folds of the parts, which other stages fold (and cache)
    too: a line break composes with nothing and folds to itself, so each part folds alone."""
    return "\n".join([fold(p) for p in parts])


def normalize(text: str) -> str:
    """`fold` + every white space character removed (for excerpt matching)."""
    folded = fold(text)
    if len(folded) < 4096:
        return "".join(folded.split())
    # str.replace per white-space character: several times faster than a regex or split/join on
    # megabytes of log text, and it holds at most two copies at a time
    for ch in _ASCII_SPACE if folded.isascii() else (*_ASCII_SPACE, *_OTHER_SPACE):
        if ch in folded:
            folded = folded.replace(ch, "")
    return folded


def substantive(norm_excerpt: str, minimum: int = 2) -> bool:
    """A normalised excerpt holds at least `minimum` letters or digits (spec §6: shorter is not found)."""
    count = 0
    for ch in norm_excerpt:
        if ch.isalnum():
            count += 1
            if count >= minimum:
                return True
    return False


def is_han(ch: str) -> bool:
    """A Chinese (Han) character; kana and hangul are not."""
    code = ord(ch)
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x323AF
        or 0xF900 <= code <= 0xFAFF
        or 0x2F800 <= code <= 0x2FA1F
    )


def han_letter_ratio(text: str) -> float:
    """Share of the letters in `text` that are Han characters (0.0 when there are no letters)."""
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return 0.0
    return sum(1 for ch in letters if is_han(ch)) / len(letters)


def contains_figure(haystack: str, digits: str) -> bool:
    """The figure's digits stand alone in the text: not part of a longer number, a decimal or a fraction
    ("1" is not in "1/1", "3" not in "3.5" nor "13")."""
    if not digits:
        return False
    at = haystack.find(digits)
    while at != -1:  # (str.find and edge tests: every session's figures are its own, no pattern to compile)
        end = at + len(digits)
        left = haystack[at - 1] if at else ""
        right = haystack[end : end + 2]
        if left not in _FIGURE_LEFT and not (right[:1].isdigit() or right[:1] == "/") and not (
            right[:1] == "." and right[1:2].isdigit()
        ):
            return True
        at = haystack.find(digits, at + 1)
    return False


_FIGURE_LEFT = frozenset("0123456789./")


def contains_token(haystack: str, token: str, end: int | None = None) -> bool:
    """`token` occurs in `haystack[:end]` not glued to letters or digits on either side."""
    if not token:
        return False
    limit = len(haystack) if end is None else end
    start = haystack.find(token, 0, limit)
    edge_left = token[0].isalnum()
    edge_right = token[-1].isalnum()
    while start != -1:
        stop = start + len(token)
        left_ok = not edge_left or start == 0 or not haystack[start - 1].isalnum()
        right_ok = not edge_right or stop == len(haystack) or not haystack[stop].isalnum()
        if left_ok and right_ok:
            return True
        start = haystack.find(token, start + 1, limit)
    return False


@functools.lru_cache(maxsize=8192)
def _fold_short(text: str) -> str:
    # claims, excerpts and answer sentences are folded by several stages: fold each once
    return clean(text).casefold()


def _may_hold_astral(text: str) -> bool:
    # O(1) on CPython, whose strings store 4 bytes a character only when one is beyond the BMP;
    # elsewhere the size test is true and the astral pattern always runs
    return sys.getsizeof(text) - 4 * len(text) >= _UCS4_MIN_OVERHEAD


_FIGURES_AND_IDS = re.compile(r"0x[0-9a-f]+|[0-9a-f]*\d[0-9a-f.:,\-]*")


def line_shape(folded_line: str) -> str:
    """A folded line with its figures and ids (hex, numbers, clocks) each written "#": lines of one kind
    ("GC(1185) Pause Full … 2873.556ms", "Expiring session 0x3…, timeout of 18000ms exceeded") share it."""
    return _FIGURES_AND_IDS.sub("#", folded_line.strip())
