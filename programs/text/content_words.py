"""Latin-script content words of a claim, for coverage against the cited evidence.

Chinese claims about English logs share only identifiers with them (handled as entities); claims
written in English (HolmesGPT, HaluEval) also share ordinary words, and a claim whose words are
mostly absent from what it cites says something the evidence does not.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .normalize import contains_token
from .session_memo import memoised
from .tokens import is_unit_word, is_vocabulary

# a Latin word standing alone: `(?<![\w\-./])[A-Za-z]…`, its first letter before the look-behind (so the
# engine skips ahead to letters in C; the same matches: tests/test_fast_pattern_forms.py)
_WORD = re.compile(r"[A-Za-z](?<![\w\-./][A-Za-z])[A-Za-z']+(?![\w\-./])")
_STOP = frozenset(
    """a about above after again against all also am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further had has
    have having he her here hers him his how i if in into is it its itself just me more most my no nor not
    now of off on once only or other our out over own same she should so some such than that the their
    them then there these they this those through to too under until up very was we were what when where
    which while who whom why will with would you your yes one two three first second new old named called
    known used made based located set there's it's due without within either neither whether though
    although however doesn't don't isn't aren't wasn't weren't cannot can't won't didn't hasn't haven't
    issue issues problem problems thing things""".split()
)
# Kubernetes kinds a Chinese claim capitalises as English words ("加入 Service 端点"): vocabulary, no names
_KIND_WORDS = frozenset(
    """service services pod pods deployment deployments node nodes namespace namespaces endpoint endpoints
    ingress configmap secret container containers cluster job cronjob statefulset daemonset replicaset volume
    probe readiness liveness""".split()
)
_LETTER = re.compile(r"[^\W\d_]")  # any letter, Chinese included
_HAN = re.compile(r"[\u4e00-\u9fff]")
_PHRASE_AFTER = re.compile(r" [A-Z][A-Za-z]+\b(?![\-./_\d])")
_PHRASE_BEFORE = re.compile(r"(?<![\w\-./])[A-Z][a-z]+ $")
_SENTENCE_BREAK = re.compile(r"[.!?。:;\"]\s")
_MEMO_CHARS = 4096
_SUFFIXES = ("ingly", "ings", "ing", "edly", "ed", "es", "s", "ly", "er", "est")


@dataclass(frozen=True)
class ContentWords:
    names: tuple[str, ...]  # capitalised words not at a sentence start and not stop words: proper nouns
    words: tuple[str, ...]  # other content words, folded


def content_words(text: str, skip: tuple[str, ...] = ()) -> ContentWords:
    """Split a claim's Latin words into proper names and ordinary content words.

    Args:
        text: the claim text.
        skip: folded tokens already checked as entities (their words are not counted again).
    """
    if len(text) <= _MEMO_CHARS:  # a claim is read by the evidence layer and the lexical judgements
        return memoised("content_words", (text, tuple(skip)), _content_words)
    return _content_words((text, tuple(skip)))


def _content_words(args: tuple[str, tuple[str, ...]]) -> ContentWords:
    text, skip = args
    skipped = " ".join(skip)
    names: list[str] = []
    words: list[str] = []
    han = _HAN.search(text) is not None
    for m in _WORD.finditer(text):
        raw = m.group(0).strip("'")
        low = raw.lower()
        if len(low) < 3 or low in _STOP or low in skipped or (raw.isupper() and len(raw) <= 5) or is_unit_word(low):
            continue  # acronyms (SQL, JVM, DNS) are domain vocabulary, rarely quoted verbatim
        # a capital at the start of a sentence (its first word with letters) says nothing about names
        at_start = not _LETTER.search(_SENTENCE_BREAK.split(text[: m.start()])[-1])
        vocabulary = low in _KIND_WORDS or is_vocabulary(low)
        is_name = raw[0].isupper() and not at_start and not raw.isupper() and not vocabulary
        if is_name and han and (_PHRASE_AFTER.match(text, m.end()) or _PHRASE_BEFORE.search(text, 0, m.start())):
            is_name = False  # "没有 Full GC", "返回 Bad Gateway": in Chinese, a term of the trade in title case
        target = names if is_name else words
        if low not in target:
            target.append(low)
    return ContentWords(tuple(names), tuple(words))


def is_kind_word(word: str) -> bool:
    """A Kubernetes kind as an English word ("pods", "deployment"), folded."""
    return word in _KIND_WORDS


def word_in(haystack: str, word: str, done_forms: bool = False) -> bool:
    """The word, an inflection of it, or its stem occurs in folded text ("key" ~ "keys", "evicted_pods").
    With `done_forms`, a finished state ("Pulled", a status a Chinese claim names in English) is found by
    its stem only as a past or base form (`_done_form_in`)."""
    if contains_token(haystack, word):
        return True
    if re.search(rf"(?<![a-z0-9]){re.escape(word)}(?:s|es|ed|d|ing)?(?![a-z0-9])", haystack):
        return True
    if len(word) >= _MIN_JOINED and word.isalpha() and _joined_form(word).search(haystack):
        return True  # "nodeselector" over "Node-Selectors", "backofflimit" over "backoff_limit"
    stem = _stem(word)
    if len(stem) < 4 or stem not in haystack:
        return False
    return not (done_forms and word.endswith("ed")) or _done_form_in(haystack, stem)


_MIN_JOINED = 8  # letters of a word written together that the text may write apart


@functools.lru_cache(maxsize=1024)
def _joined_form(word: str) -> re.Pattern[str]:
    """The word's letters in order, a hyphen, an underscore or a space allowed between any two, and an
    inflection after: the same word written apart ("node-selectors" of "nodeselector")."""
    letters = "[-_ ]?".join(map(re.escape, word))
    return re.compile(rf"(?<![a-z0-9]){letters}(?:s|es|ed|d|ing)?(?![a-z0-9])")


def _done_form_in(haystack: str, stem: str) -> bool:
    """Some occurrence of the stem of a finished state ("pulled", "scheduled") is a past or base form,
    not its ongoing one ("Pulling"), an agent ("default-scheduler") or a failure of it ("Failed to
    pull", "FailedScheduling"): none of those says it finished."""
    at = haystack.find(stem)
    while at != -1:
        failed = _FAILED_BEFORE.search(haystack, max(0, at - 12), at) is not None
        if _DONE_ENDING.match(haystack, at + len(stem)) and not failed:
            return True
        at = haystack.find(stem, at + 1)
    return False


# the stem as a past form or a base word: "evicted", "pull", "kills"; not "-ing", "-er" ("scheduler")
_DONE_ENDING = re.compile(r"(?:ed|d|e|es|s)?(?![a-z])")
_FAILED_BEFORE = re.compile(r"(?:failed|fail|unable|cannot|can't|could not)(?: to)? ?$")


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word
