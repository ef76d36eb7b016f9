"""A scope word over the items the claim lists: "09:14:02、09:21:47、09:29:30 三次 Down，原因都是 Hold
Timer Expired", "executor 17（dn-node-08）、23（dn-node-03）都被 YARN 杀掉", "13:02:41 和 13:03:15 两条，
请求都是 POST /v1/score". The 都 sums up the listed items; it is shown when, for each item, a line of a
cited output names the item and states what the claim says of all of them. An item whose lines say
something else (the third executor lost for another reason) leaves the scope unshown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..text.glossary import EvidenceView, claim_analysis, compact, contains_term, glossary
from ..text.normalize import contains_token
from ..text.wording import CLAUSE_BREAK, SENTENCE_BREAKS, part_start, search_scope

_CLOCK = r"\d{1,2}:\d{2}(?::\d{2})?"
_NAME = r"[a-z0-9][a-z0-9_.:/\-]*[a-z0-9]|\d"
_ITEM = rf"(?:{_CLOCK}|{_NAME})(?:\s?[（(][^（）()]{{1,40}}[)）])?"
_LIST = re.compile(rf"(?<![a-z0-9_.:/\-])({_ITEM})((?:\s?(?:、|和|与|及|以及)\s?{_ITEM})+)")
_NEXT_ITEM = re.compile(rf"\s?(?:、|和|与|及|以及)\s?({_ITEM})")
_ANCHOR = re.compile(rf"({_CLOCK}|{_NAME})\s?(?:[（(]([^（）()]{{1,40}})[)）])?")
_INNER_NAME = re.compile(r"[a-z0-9][a-z0-9_.:/\-]*[a-z0-9]")
_PREDICATE_WORD = re.compile(r"/?[a-z][a-z0-9_./\-]*[a-z0-9]|[a-z]{2,}")
_FILLER = frozenset({"the", "and", "for", "with", "from", "are", "was", "were", "is"})
_BRACKETED_LIST = re.compile(r"[（(]([^（）()]{3,120})[)）]")
_MAX_LINES = 2_000  # lines of an output read for the items


def listed_items_show(claim_text: str, views: Sequence[EvidenceView]) -> bool:
    """The claim's scope word sums up two or more items its sentence lists before it, and each item
    has a line of a cited output that also states the clause after the word. Plain words are items too
    ("mem_used、disk_free、fd_used、uptime 等指标全部为 null"): each needs such a line all the same."""
    read = _items_and_predicate(claim_text, words=True)
    if read is None:
        return False
    items, predicate = read
    lines = [line for view in views for line in view.text.split("\n", _MAX_LINES)[:_MAX_LINES]]
    return all(_shown(keys, items, predicate, lines) for keys in items)


def listed_item_unshown(claim_text: str, views: Sequence[EvidenceView]) -> str | None:
    """"node-1、node-2、node-3 都处于就绪状态" where node-1's and node-2's lines state it and node-3's
    lines ("node-3  NotReady") do not: the item the scope word is wrong about, as a detail."""
    read = _items_and_predicate(claim_text, words=True)
    if read is None:
        return None
    items, predicate = read
    lines = [line for view in views for line in view.text.split("\n", _MAX_LINES)[:_MAX_LINES]]
    if not all(_specific(keys[0]) or any(_names(line, keys) for line in lines) for keys in items):
        return None  # a plain word that names no line is no item of the outputs
    shown = [_shown(keys, items, predicate, lines) for keys in items]
    if not any(shown):
        return None  # the predicate is worded unlike any line: no reading
    scope = search_scope(compact(claim_text))
    word = scope.group(0) if scope else "all"
    for keys, ok in zip(items, shown, strict=True):
        if not ok and any(_names(line, keys) for line in lines):
            return f"it says {word!r} of the items it lists, but the cited lines of {keys[0]!r} do not show it"
    return None


def _shown(keys: list[str], items: list[list[str]], predicate: Callable[[str], bool], lines: list[str]) -> bool:
    return any(_names(line, keys) and predicate(_ASIDE.sub(" ", _part_of(line, keys, items))) for line in lines)


def _items_and_predicate(
    claim_text: str, words: bool = False
) -> tuple[list[list[str]], Callable[[str], bool]] | None:
    """The items a scope word sums up (listed before it, or bracketed after it) and the test of a
    line for the clause after it; None when there are fewer than two items or no such clause."""
    text = compact(claim_text)
    scope = search_scope(text)
    if scope is None:
        return None
    items = _listed_items(text[part_start(text, scope.start(), SENTENCE_BREAKS) : scope.start()], words)
    predicate_text = text
    if len(items) < 2:
        # "3 个 mon 全部在 quorum 中（ceph-mon-a、ceph-mon-b、ceph-mon-c）": the items bracketed after it
        stop = CLAUSE_BREAK.search(text, scope.end())
        clause_end = stop.start() if stop else len(text)
        bracket = _BRACKETED_LIST.search(text, scope.end(), clause_end)
        if bracket is None:
            return None
        items = _listed_items(bracket.group(1), words)
        predicate_text = text[: bracket.start()] + text[bracket.end() :]
        if len(items) < 2:
            return None
    predicate = _predicate(predicate_text, scope.end())
    return None if predicate is None else (items, predicate)


# an aside in brackets says something else of the item ("Interface flap (last reset: Hold Timer Expired)")
_ASIDE = re.compile(r"[(（][^()（）]*[)）]")


_SEPARATORS = re.compile(r"[\s,;/、]*")


def _part_of(line: str, keys: list[str], items: list[list[str]]) -> str:
    """The part of a line that speaks of one item when the line names several ("mgr: a(active),
    standbys: b"): from the item to the next one named; a line's opening words govern only the items
    that follow them as one list ("quorum a,b,c")."""
    places = sorted({p for other in items if (p := _place(line, other[0])) is not None})
    own = _place(line, keys[0])
    if own is None or len(places) < 2:
        return line
    later = [p for p in places if p > own]
    part = line[own : later[0] if later else len(line)]
    run_end = places[0]
    for p in places[1:]:  # the list that opens at the first item: items apart by separators only
        gap = _SEPARATORS.match(line, _item_end(line, run_end))
        if gap is None or gap.end() != p:
            break
        run_end = p
    return line[: places[0]] + part if own <= run_end else part


def _place(line: str, key: str) -> int | None:
    found = re.search(rf"(?<![a-z0-9]){re.escape(key)}(?![a-z0-9])", line)
    return found.start() if found else None


def _item_end(line: str, start: int) -> int:
    end = start
    while end < len(line) and (line[end].isalnum() or line[end] in "-_.:"):
        end += 1
    return end


def _listed_items(part: str, words: bool = False) -> list[list[str]]:
    """The keys of each item of the last list in `part`: its name or clock, with the names in its brackets.
    With `words`, plain words are items too ("kafka、zookeeper、schema-registry"): the caller checks that
    the outputs name them."""
    lists = list(_LIST.finditer(part))
    if not lists:
        return []
    last = lists[-1]
    raw = [last.group(1), *(m.group(1) for m in _NEXT_ITEM.finditer(last.group(2)))]
    items = []
    for item in raw:
        anchor = _ANCHOR.match(item)
        if anchor is None:
            return []
        keys = [anchor.group(1), *_INNER_NAME.findall(anchor.group(2) or "")]
        if not words and not any(_specific(k) for k in keys):
            return []  # "Down 和 Up": words, not items a line singles out
        items.append(keys)
    return items


def _specific(key: str) -> bool:
    return any(c.isdigit() for c in key) or any(c in key for c in "-_.")


def _names(line: str, keys: list[str]) -> bool:
    for key in keys:
        if ":" in key and key.replace(":", "").isdigit():
            if re.search(rf"(?<!\d){re.escape(key)}(?!\d)", line) is None:
                return False
        elif not contains_token(line, key):
            return False
    return True


def _predicate(text: str, start: int) -> Callable[[str], bool] | None:
    """A test of a line for what the clause after the scope word states, or None when it states
    nothing a line can be read for: its English words, else its glossary concepts."""
    stop = CLAUSE_BREAK.search(text, start)
    clause = text[start : stop.start() if stop else len(text)]
    clause = clause.removeprefix("是").removeprefix("为").strip()
    words = [w for w in _PREDICATE_WORD.findall(clause) if w not in _FILLER]
    if words:
        return lambda line: all(contains_token(line, w.lstrip("/")) for w in words)
    concepts = [m.concept_ids for m in claim_analysis(clause).mentions]
    if not concepts:
        return None
    table = glossary().concepts

    def carries_all(line: str) -> bool:
        return all(
            any(contains_term(line, term) for cid in ids if cid in table for term in table[cid].search_terms)
            for ids in concepts
        )

    return carries_all
