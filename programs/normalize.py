"""Text normalisation shared by every matching step (spec §6: NFKC, case-fold, no white space)."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """NFKC + case-fold, white space kept (for token search with word boundaries)."""
    if text.isascii():  # ASCII is NFKC-invariant and its case-fold is lower(): skip the slow path
        return text.lower()
    return unicodedata.normalize("NFKC", text).casefold()


def normalize(text: str) -> str:
    """NFKC + case-fold + every white space character removed (for excerpt matching)."""
    return "".join(fold(text).split())


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x2A6DF
        or 0xF900 <= code <= 0xFAFF
        or 0x3040 <= code <= 0x30FF  # kana count as CJK script
    )


def cjk_letter_ratio(text: str) -> float:
    """Share of the letters in `text` that are CJK ideographs (0.0 when there are no letters)."""
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return 0.0
    return sum(1 for ch in letters if is_cjk(ch)) / len(letters)


def contains_token(haystack: str, token: str) -> bool:
    """`token` occurs in `haystack` not glued to letters or digits on either side."""
    if not token:
        return False
    start = haystack.find(token)
    edge_left = token[0].isalnum()
    edge_right = token[-1].isalnum()
    while start != -1:
        end = start + len(token)
        left_ok = not edge_left or start == 0 or not haystack[start - 1].isalnum()
        right_ok = not edge_right or end == len(haystack) or not haystack[end].isalnum()
        if left_ok and right_ok:
            return True
        start = haystack.find(token, start + 1)
    return False
