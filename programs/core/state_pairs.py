"""A state the text gives a named object while every line of the outputs naming it shows another state.

"tikv-4 和 tikv-5 从 09:10 就 Disconnected 了" over a `pd-ctl store` table whose tikv-5 row says "Up";
"node-7 已经 Ready" where every line naming node-7 says "NotReady". The state is
written as the output writes it (an English state word), so which state is meant is not in doubt, and
the lines that name the object say it was in another one of the same kind. A soft judgement (spec §8:
which object a state word is about is a reading of the sentence, a model may overrule it); the rules
backend reads it as `contradicted`.

What keeps honest texts out: only objects named in the state word's own clause, before it; only lines
naming the object as a whole token; only states of the same kind (a node's Ready says nothing of a
pod's Pending); a state any line of the object shows (a log that has it Disconnected, then Up) is no
conflict; a clause with two state words tells a sequence ("Running 后变为 Terminating") and
is not read, nor a denied or asked state word ("没有 Down", "是否 Ready"), nor a state the clause places
in the past ("10:05 之前 consul-2 是 leader"); a line that names a sibling (pg-2 beside pg-1) or gives
uptime's "up 41 days" shows nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.normalize import fold
from ..text.tokens import extract_mentions
from ..text.wording import CLAUSE_BREAKS, part_start

# each state word -> (its kind, the state it names); words of one kind exclude each other
_STATES: dict[str, tuple[str, str]] = {
    **{w: ("link", "up") for w in ("up", "online", "connected", "reachable")},
    **{w: ("link", "down") for w in ("down", "offline", "disconnected", "unreachable")},
    **{w: ("ready", "ready") for w in ("ready", "nodeready")},
    **{w: ("ready", "notready") for w in ("notready", "nodenotready", "not ready")},
    # (a reason such as OOMKilled or Evicted comes with a phase, not instead of one)
    **{w: ("phase", w) for w in ("running", "pending", "succeeded", "completed", "terminating")},
    "healthy": ("health", "healthy"),
    "unhealthy": ("health", "unhealthy"),
    "degraded": ("health", "degraded"),
    "active": ("unit", "active"),
    "inactive": ("unit", "inactive"),
    **{w: ("role", w) for w in ("leader", "follower", "candidate")},
}
_STATE_WORDS = "|".join(sorted(_STATES, key=len, reverse=True))
_STATE_WORD = re.compile(r"(?<![a-z0-9_\-])(" + _STATE_WORDS + r")(?![a-z0-9_\-])")
_STATE_CUE = re.compile(_STATE_WORDS)  # the words alone, which the engine scans for in C
_DENIED_BEFORE = re.compile(r"(?:没有?|未|不|非|无|是否|not|isn't|never)\s*(?:是|处于|在|为|变成|变为|再)?\s*$")
_LATIN = re.compile(r"[A-Za-z]")
# a parenthesis opens a clause of its own: "都是 Disconnected（只有 tikv-7 还是 Up）" gives two states
_CLAUSE_BREAKS = CLAUSE_BREAKS + "（）()"
_CLAUSE_BREAK = re.compile("[" + re.escape(_CLAUSE_BREAKS) + "]")
# a state the clause places in the past ("10:05 之前 consul-2 是 leader", "09:10–09:41 Disconnected"):
# outputs of now say nothing against it
_PAST = re.compile(
    r"之前|以前|期间|当时|那时|曾经?|一度|此前|之间|\d{1,2}:\d{2}(?::\d{2})?\s*[-–—~～到至]\s*\d{1,2}:\d{2}"
)
# uptime's "up 41 days": a figure after "up" is how long, not a link state
_UPTIME = re.compile(r"\s+\d+(?:\s*(?:days?|mins?|hours?|weeks?)\b|:\d\d)")
# an object's siblings ("pg-2" beside "pg-1"): a line that names one speaks of both, which is no reading
_INDEXED = re.compile(r"^(.*?)(\d+)$")
_LINES_PER_OBJECT = 200


def may_name_a_state(text: str) -> bool:
    """Whether the text holds a state word at all (most claims hold none): read before the outputs are."""
    if _LATIN.search(text) is None:
        return False
    folded = fold(text)
    return _STATE_CUE.search(folded) is not None and _STATE_WORD.search(folded) is not None


def state_pair_conflict(text: str, outputs: Sequence[str], said_in: Sequence[str] = ()) -> str | None:
    """The first (object, state) of the text that the outputs' lines naming the object contradict;
    a pair one of the texts `said_in` (folded critical claims) also gives is left to that text's check."""
    if not may_name_a_state(text):
        return None
    folded = fold(text)
    for word in _STATE_WORD.finditer(folded):
        if _DENIED_BEFORE.search(folded, max(0, word.start() - 6), word.start()):
            continue
        kind, state = _STATES[word.group(1)]
        clause_start = part_start(folded, word.start(), _CLAUSE_BREAKS)
        clause_end = _CLAUSE_BREAK.search(folded, word.end())
        if len(_STATE_WORD.findall(folded, clause_start, clause_end.start() if clause_end else len(folded))) > 1:
            continue  # "Up -> Disconnected", "Running 后变为 Terminating": a sequence of states
        if _PAST.search(folded, clause_start, word.start()):
            continue
        for name in extract_mentions(folded[clause_start : word.start()]).entities:
            if any(_gives(said, name, word.group(1)) for said in said_in):
                continue
            shown = _states_shown(name, kind, outputs)
            if shown and state not in shown:
                others = "/".join(sorted(shown))
                return f"it says {name!r} is {word.group(1)}, but every output line naming it shows {others}"
    return None


def _gives(folded: str, name: str, state_word: str) -> bool:
    """Some clause of `folded` names `name` and then the state word."""
    return any(
        0 <= clause.find(name) < clause.rfind(state_word) for clause in _CLAUSE_BREAK.split(folded) if name in clause
    )


def _states_shown(name: str, kind: str, outputs: Sequence[str]) -> set[str]:
    """The states of `kind` on the output lines (folded) that name `name` as a whole token."""
    pattern = re.compile(r"(?<![a-z0-9_\-.])" + re.escape(name) + r"(?![a-z0-9_\-]|\.[a-z0-9])")
    indexed = _INDEXED.match(name)
    siblings = (
        re.compile(r"(?<![a-z0-9_\-.])" + re.escape(indexed.group(1)) + r"(?!" + indexed.group(2) + r"(?!\d))\d+(?!\d)")
        if indexed and indexed.group(1)
        else None
    )
    shown: set[str] = set()
    for output in outputs:
        for lines, m in enumerate(pattern.finditer(output), start=1):
            start = output.rfind("\n", 0, m.start()) + 1
            end = output.find("\n", m.end())
            line = output[start : end if end != -1 else len(output)]
            if siblings is not None and siblings.search(line):
                continue  # "i am (pg-1) … following a leader (pg-2)"
            for word in _STATE_WORD.finditer(line):
                word_kind, state = _STATES[word.group(1)]
                if word_kind == kind and not (word.group(1) == "up" and _UPTIME.match(line, word.end())):
                    shown.add(state)
            if lines >= _LINES_PER_OBJECT:
                break
    return shown
