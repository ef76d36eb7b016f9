"""Look-alike identifiers: tokens that mix scripts or write digits with letters that resemble them.

"pаyment-service" with a Cyrillic "а" (U+0430) renders like "payment-service" but matches nothing
in the trace; a claim naming it is naming an identifier no tool output contains. NFKC does not help
(Cyrillic letters have no compatibility mapping to Latin), so these tokens are found here.

A token is a run of letters, digits and the connectors `- _ . :` outside the Han, kana and hangul
scripts (Chinese text glues identifiers to words: "pаyment-service的"). It is suspicious when:
- its letters come from more than one alphabetic script (Latin + Cyrillic, Greek + Latin...);
- it is written entirely in Cyrillic / Greek letters that look like Latin ones ("рор", "ΑΡΙ"),
  since an identifier in an operations trace spelled so is a look-alike of a Latin one;
- it mixes ASCII digits with digits of another numbering system ("5٠3") or with letters that look
  like digits ("5О3" with a Cyrillic О, "5O3" with a Latin O between digits).

Approach: Python's own `unicodedata` gives each letter's script (the first word of its name), and a
small table of the Cyrillic / Greek letters that UTS #39 `confusables.txt` maps to a Latin letter or a
digit covers the whole-script look-alikes. No dependency: PyICU's SpoofChecker needs a compiler and
libicu-dev, and the confusable-homoglyph packages load megabytes of data and are unmaintained; these
three scripts are where identifier spoofs come from, and the table does not change between Unicode
versions in practice. Cost: one `isascii()` on ASCII text, one pass over the characters otherwise.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from .normalize import clean, fold

# Cyrillic and Greek letters that confusables.txt maps to a Latin letter or digit.
LATIN_LOOKALIKES = frozenset(
    "аɑвсԁеɡһіјкӏмноорԛѕтԝхуүз"  # Cyrillic lower case (and a few Latin-extended twins)
    "АВСЕНІЈКМОРЅТХУҮЗԚԜӀЬБ"  # Cyrillic upper case
    "αβγεικνορτυχωϲϳ"  # Greek lower case
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹϒ"  # Greek upper case
)
_ALPHABETIC_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC", "GEORGIAN")
# letters that look like digits, when they sit between ASCII digits
_DIGIT_LOOKALIKE_ASCII = re.compile(r"(?<![A-Za-z0-9])(?=[OolI]*[0-9])(?=[0-9]*[OolI])[0-9OolI]{3,}(?![A-Za-z0-9])")
# what every such token holds: a digit beside a letter that looks like one (a cheap test first)
_DIGIT_BESIDE_LOOKALIKE = re.compile(r"[0-9][OolI]|[OolI][0-9]")
_CONNECTORS = "-_.:"
# a character outside ASCII, CJK (with its punctuation and full-width forms) and invisible ones
_OTHER_SCRIPT = re.compile(
    r"[^\x00-\x7f\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u200b-\u200f]"
)
_NEUTRAL_LETTERS = frozenset("μΩ")  # micro and ohm signs (NFKC turns them Greek) in units: "200μs"


def mixed_script_tokens(text: str) -> list[str]:
    """Look-alike identifier tokens in `text`, folded (spec: spoofed when no output holds them).

    Args:
        text: a claim, an answer, any short text.

    Returns:
        The suspicious tokens as `normalize.fold` gives them, unique, in order of appearance.
    """
    if text.isascii() or not _OTHER_SCRIPT.search(text):  # ASCII and CJK only: the common case
        cleaned = clean(text)
        if not _DIGIT_BESIDE_LOOKALIKE.search(cleaned):
            return []
        return _unique(fold(m.group(0)) for m in _DIGIT_LOOKALIKE_ASCII.finditer(cleaned))
    found: list[str] = []
    for token in _tokens(clean(text)):
        if _suspicious(token):
            found.append(fold(token))
    return _unique(found)


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    start = -1
    for pos, ch in enumerate(text):
        if (ch.isalnum() or ch in _CONNECTORS or unicodedata.combining(ch)) and not _is_cjk_script(ch):
            if start < 0:
                start = pos
        elif start >= 0:
            tokens.append(text[start:pos])
            start = -1
    if start >= 0:
        tokens.append(text[start:])
    return [t.strip(_CONNECTORS) for t in tokens if not t.isascii() or _DIGIT_LOOKALIKE_ASCII.search(t)]


def _suspicious(token: str) -> bool:
    if token.isascii():
        return bool(_DIGIT_LOOKALIKE_ASCII.fullmatch(token))
    scripts: set[str] = set()
    ascii_digits = other_digits = False
    lookalikes = others = 0
    for ch in token:
        if ch.isdigit():
            if ch.isascii():
                ascii_digits = True
            else:
                other_digits = True
        elif ch.isalpha() and ch not in _NEUTRAL_LETTERS:
            scripts.add(_script(ch))
            if ch in LATIN_LOOKALIKES:
                lookalikes += 1
            elif not ch.isascii():
                others += 1
    if len(scripts) > 1 or other_digits:
        return True  # NFKC already made full-width and mathematical digits ASCII: these are another system's
    if ascii_digits and lookalikes:
        return True  # "5О3" with a Cyrillic О
    if scripts and scripts <= {"CYRILLIC", "GREEK"}:
        return lookalikes >= 2 and others == 0  # a whole word of look-alikes: "рор", "ΑΡΙ"
    return False


@functools.lru_cache(maxsize=4096)
def _script(ch: str) -> str:
    if ch.isascii():
        return "LATIN"
    name = unicodedata.name(ch, "")
    for script in _ALPHABETIC_SCRIPTS:
        if name.startswith(script):
            return script
    return name.split(" ", 1)[0] or "UNKNOWN"


def _is_cjk_script(ch: str) -> bool:
    code = ord(ch)
    return (
        0x2E80 <= code <= 0x9FFF  # CJK radicals, kana, bopomofo, Han
        or 0xAC00 <= code <= 0xD7AF  # hangul syllables
        or 0xF900 <= code <= 0xFAFF
        or 0x20000 <= code <= 0x323AF
    )


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
