"""The line a claim quotes is about another subject than the one it names.

"checkout-7d9f8b6c5-x2kqp 的 readiness 探针失败" quoting the event row of
`pod/checkout-7d9f8b6c5-m8zwt`, "cart 服务抛出 NullPointerException" quoting a `[promo]` log line,
"payments 命名空间 5xx 错误率 31%" quoting the series labelled `namespace: payments-stg`. The claim's
subject is in the cited output (so it is no absent entity), but not in the record it quotes, and
that record names another subject in the same place: the same label key (`"namespace": …`,
`pod=…`), the same resource kind (`pod/…`), the same log tag (`[…]`), or the same prefix glued to it
(`https://…`, `image=gateway:…`: "推送到 hooks.partner-a.com 正常" quoting a POST to hooks.partner-b.com), or
the same word before an identifier (`call inventory-svc …` where the quote has `call payment-svc …`).

A soft judgement (spec §8: which subject a line is about is a reading, a model may overrule it);
the rules backend reads it as `contradicted`. A record is the quoted line, or in a JSON output the
innermost object around the quote that holds a subject label.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from groundcheck.signatures.models import EvidenceBinding

from ..text.normalize import fold
from ..text.tokens import extract_mentions
from ..text.wording import clause_end, part_start
from .table_rows import is_header
from .trace_index import CallEvidence

# `(?<![a-z0-9_./\-])[a-z]…` with its first letter before the look-behind: the engine skips ahead to
# letters in C (the same matches: tests/test_fast_pattern_forms.py)
_TOKEN = re.compile(r"[a-z](?<![a-z0-9_./\-][a-z])[a-z0-9_.\-]*[a-z0-9](?![a-z0-9_\-])")
_KINDS = (
    "pod|pods|deployment|deploy|replicaset|rs|statefulset|sts|daemonset|ds|service|svc|node|nodes|job|cronjob"
    "|namespace|ns|ingress|configmap|secret|pvc|hpa"
)
_KEYS = (
    "pod|pod_name|namespace|ns|service|svc|service_name|deployment|container|container_name|app|application"
    "|job|instance|host|hostname|node|nodename|cluster|topic|group|consumer_group|database|db|queue|index"
)
_KEY_BEFORE = re.compile(rf"""(?:^|[\s{{,(])["']?({_KEYS})["']?\s*[:=]\s*["']?$""")
_KIND_BEFORE = re.compile(rf"(?<![a-z0-9_\-])({_KINDS})/$")
# the word before an identifier that names its place: "call inventory-svc GET …", "lookup hooks.partner-a.com"
_WORD_BEFORE = re.compile(r"(?<![\w.\-/])([a-z]{3,}) $")
_IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:[\-.][a-z0-9]+)+")
_STOP = frozenset({
    "the", "and", "for", "from", "with", "into", "onto", "via", "over", "after", "before", "than", "that", "this",
    "was", "were", "are", "has", "had", "not", "but", "all", "any", "per", "see", "use", "using", "by", "at", "on",
})
# a prefix glued to the token that names its place: "https://hooks.partner-a.com", "image=gateway:v2.14.1"
_GLUED_BEFORE = re.compile(r"(?<!\S)(?:[a-z][a-z0-9_\-]*=)?(?:[a-z][\w.\-]*:|[a-z]+://)$")
_LOG_LEVELS = frozenset({"info", "warn", "warning", "error", "debug", "trace", "fatal", "notice", "crit", "critical"})
_MAX_LINE = 2_000  # a longer line is a JSON document: its record is an object, not the line
_MAX_RECORD = 100_000  # characters of an enclosing object widened to before it is the whole text
_SLOT_SCAN = 64  # characters before a token read for its key or kind
_OCCURRENCES = 16  # occurrences of a claim token read for the places it takes


def other_subject_conflict(
    claim_text: str, usable: Sequence[EvidenceBinding], cited: Sequence[CallEvidence]
) -> str | None:
    """The first subject the claim names whose quoted records all name another subject in its place."""
    claim = fold(claim_text)
    found = _TOKEN.findall(claim)
    if not found:
        return None
    excerpts = [fold(b.evidence_excerpt) for b in usable]
    # a cheap substring test first: most claims' subjects are in their quotes
    tokens = [t for t in dict.fromkeys(found) if not any(t in e and _holds(e, t) for e in excerpts)]
    if not tokens:
        return None  # every subject the claim names is in its quotes (most claims)
    records = [r for b, e in zip(usable, excerpts, strict=True) for r in _records(e, b, cited)]
    if not records:
        return None
    quoted_calls = {i for b in usable for i in b.source_invocation_ids}
    others = _OTHERS.search(claim) is not None  # "另外两个副本的请求均在 0.2 秒内返回": it quotes their records too
    for token in tokens:
        slots = {slot for ev in cited for slot in _slots(ev.flat, token, ev.text_end)}
        if not slots or any(_holds(record, token) for record in records):
            continue
        if any(ev.call.invocation_id in quoted_calls and _titled(ev.flat[: ev.out_end], token) for ev in cited):
            continue  # the rows it quotes sit under a title naming it: grpc_...{service="inventory-service"}
        if others and any(_holds(ev.flat[: ev.out_end], token) for ev in cited):
            continue  # its own record is in a cited output; the quoted ones may be the others' it speaks of
        at = max(claim.find(token), 0)
        if all(kind in _WEAK_SLOTS for kind, _ in slots) and _CONTEXT.search(
            claim, part_start(claim, at), clause_end(claim, at)
        ):
            continue  # "从 auth.example.com 获取 token 失败后，推送返回 401": a cause, not the quote's subject
        for record in records:
            other = _other_in_slot(record, slots, token, claim)
            if other and not _true_of(token, claim_text, cited):
                return f"it names {token!r}, but the record it quotes is about {other!r}"
    return None


# a glued or word slot is weaker than a label key: a name said as a cause or a time of the sentence is context
_CONTEXT = re.compile(r"后|期间|之后|导致|因为|由于|因此|引起|造成|所致|时")
_WEAK_SLOTS = frozenset({"glued", "word"})


def _titled(flat: str, token: str) -> bool:
    """The output's first line is a title (a metric and its labels, a command: no time of its own, more
    lines below it) and names the token."""
    if "\n" not in flat:
        return False
    first = flat[: flat.find("\n")]
    return first[:1] not in "{[" and _CLOCK.search(first) is None and _holds(first, token)


_CLOCK = re.compile(r"\d:\d\d")
_OTHERS = re.compile(r"另外|另一|其他|其余|其它|剩下|剩余|别的|\bothers?\b")


def _true_of(token: str, claim_text: str, cited: Sequence[CallEvidence]) -> bool:
    """A line of the cited outputs naming the token holds every figure of the claim: the claim is
    true of its subject, only its quote is of another line ("qq7rt 已重启 12 次" quoting another row)."""
    figures = [re.sub(r"[^\d.]", "", n.text) for n in extract_mentions(claim_text).numbers]
    figures = [f for f in figures if f]
    if not figures:
        return False
    for ev in cited:
        for record in _records_naming(ev, token):
            if all(re.search(rf"(?<![\d.]){re.escape(f)}(?![\d])", record) for f in figures):
                return True
    return False


def _records_naming(ev: CallEvidence, token: str) -> Iterator[str]:
    """The records of the output that name the token; of a JSON string of lines ("output": "…\\n…"), each
    of its lines as the output's decoded text (after `text_end`) writes it."""
    text = ev.flat[: ev.text_end]
    for at in _token_places(text, token):
        record = _record_with_values(text, at, at + len(token))
        if "\\n" in record and ev.out_end > ev.text_end:
            decoded = ev.flat[: ev.out_end]
            yield from (
                line for line in (_record(decoded, i, i + len(token)) for i in _token_places(decoded, token))
                if "\\n" not in line
            )
        else:
            yield record


def _record_with_values(text: str, start: int, end: int) -> str:
    """`_record` around text[start:end]; in JSON, an object that is a key's value (Prometheus's
    `"metric": {…}`) widened to its parent, which holds the values (`"value": […]`)."""
    record = _record(text, start, end)
    if record is text or not record.startswith("{"):
        return record
    at = text.find(record, max(0, start - len(record)))
    if at > 0 and text[:at].rstrip().endswith(":"):
        open_at, close_at = _open_before(text, at), _close_after(text, at + len(record))
        if open_at != -1 and close_at != -1:
            return text[open_at : close_at + 1]
    return record


def _records(excerpt: str, binding: EvidenceBinding, cited: Sequence[CallEvidence]) -> list[str]:
    """The record around the quote in each cited output that holds it verbatim."""
    found = []
    for ev in cited:
        if ev.call.invocation_id not in binding.source_invocation_ids:
            continue
        record = _quoted_record(ev, excerpt)
        if record is not None and ("\n" in record or not is_header(record, "")):
            found.append(record)  # (a header line names columns, no subject's record)
    return found


def _quoted_record(ev: CallEvidence, excerpt: str) -> str | None:
    """The record around the quote in the output; where the quote is in a JSON string the output holds,
    its line in the string's decoded text (after `text_end`), not the JSON line holding every line of it."""
    if not excerpt:
        return None
    at = ev.flat.find(excerpt, 0, ev.text_end)
    record = _record(ev.flat[: ev.text_end], at, at + len(excerpt)) if at != -1 else None
    if (record is None or "\\n" in record) and ev.out_end > ev.text_end:
        decoded = ev.flat[: ev.out_end]
        at = decoded.rfind(excerpt, ev.text_end)
        if at != -1:
            return _record(decoded, at, at + len(excerpt))
    return record


def _record(text: str, start: int, end: int) -> str:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end == -1 else line_end
    if line_end - line_start <= _MAX_LINE and "\n" in text:
        return text[line_start:line_end]
    return _enclosing_object(text, start, end)


def _enclosing_object(text: str, start: int, end: int) -> str:
    """The innermost {...} around text[start:end] that names a subject label (else the whole text)."""
    left = start
    while True:
        open_at = _open_before(text, left)
        if open_at == -1:
            return text
        close_at = _close_after(text, end)
        if close_at == -1:
            return text
        record = text[open_at : close_at + 1]
        # (a key is read in the few characters before its token: reading from the record's start was
        # quadratic, 127 s for a quote in a 175 KB one-line JSON)
        tokens = _TOKEN.finditer(record)
        if any(_KEY_BEFORE.search(record, max(0, m.start() - _SLOT_SCAN), m.start()) for m in tokens):
            return record
        if len(record) > _MAX_RECORD:
            return text  # no labelled object within reach: the whole text is the record
        left, end = open_at, close_at + 1


def _open_before(text: str, pos: int) -> int:
    """Where the innermost "{" still open at `pos` is, -1 when none is."""
    return _unmatched(text, range(pos - 1, -1, -1), "{", "}")


def _close_after(text: str, pos: int) -> int:
    """Where the "}" closing the object open at `pos` is, -1 when none does."""
    return _unmatched(text, range(pos, len(text)), "}", "{")


def _unmatched(text: str, positions: range, wanted: str, nested: str) -> int:
    depth = 0
    for i in positions:
        ch = text[i]
        if ch == nested:
            depth += 1
        elif ch == wanted:
            if depth == 0:
                return i
            depth -= 1
    return -1


# "Stratum         : 3", "Ref time (UTC)  : Thu …": a key of words padded to its colon (chronyc, ethtool), no
# subject; a name with a digit, "-" or "." before a padded colon is one (ansible's "web-1      : ok=12")
_KEY_COLON = re.compile(r"[ \t]+:[ \t]")
_KEY_COLON_LINE = re.compile(r"\s*[a-z_]+(?: [a-z_()]+)*[ \t]*:[ \t]")
_WORD_KEY = re.compile(r"[a-z_]+")


def _a_padded_key(token: str, text: str, after: int) -> bool:
    return _WORD_KEY.fullmatch(token) is not None and _KEY_COLON.match(text, after) is not None


def _slots(text: str, token: str, end: int) -> set[tuple[str, str]]:
    """The places the token takes in the output: ("key", "namespace"), ("kind", "pod"), ("tag", ""),
    ("glued", "https://"), ("word", "call")."""
    slots: set[tuple[str, str]] = set()
    for n, at in enumerate(_token_places(text, token, end)):
        if n >= _OCCURRENCES:
            break
        after = at + len(token)
        before = text[max(0, at - _SLOT_SCAN) : at]
        if key := _KEY_BEFORE.search(before):
            slots.add(("key", key.group(1)))
        elif kind := _KIND_BEFORE.search(before):
            slots.add(("kind", kind.group(1)))
        elif before.endswith("[") and text.startswith("]", after):
            slots.add(("tag", ""))
        elif glued := _GLUED_BEFORE.search(before):
            slots.add(("glued", glued.group(0)))
        elif _IDENTIFIER.fullmatch(token) and (word := _WORD_BEFORE.search(before)) and word.group(1) not in _STOP:
            slots.add(("word", word.group(1)))
        elif before.endswith("\n") and text.startswith(("  ", "\t"), after) and not _a_padded_key(token, text, after):
            # a table's first column (NAMESPACE, NAME): the whole first cell, the next column a gap away
            # ("Min replicas:  4" or "HEALTH_WARN 214 slow ops" opens with a word, not a subject cell; nor does
            # chronyc's "Stratum         : 3", a key padded to its colon)
            slots.add(("first_column", ""))
    return slots


def _holds(record: str, token: str) -> bool:
    """The token stands alone somewhere in the record (a loop, not `_token_places`: asked of every
    quote of most claims)."""
    at = record.find(token)
    while at != -1:
        after = at + len(token)
        left_ok = at == 0 or record[at - 1] not in _IDENT_LEFT
        if left_ok and (after >= len(record) or record[after] not in _IDENT_RIGHT):
            return True
        at = record.find(token, at + 1)
    return False


def _token_places(text: str, token: str, end: int | None = None) -> Iterator[int]:
    """Where the token stands alone in `text[:end]` (not inside a longer identifier): `str.find` and
    two edge tests, no pattern compiled per token (every session has its own)."""
    stop = len(text) if end is None else end
    at = text.find(token, 0, stop)
    while at != -1:
        after = at + len(token)
        if (at == 0 or text[at - 1] not in _IDENT_LEFT) and (after >= len(text) or text[after] not in _IDENT_RIGHT):
            yield at
        at = text.find(token, at + 1, stop)


_IDENT_RIGHT = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")
_IDENT_LEFT = _IDENT_RIGHT | {"."}


def _other_in_slot(record: str, slots: set[tuple[str, str]], token: str, claim: str) -> str | None:
    """A subject in one of the token's places in the record that the claim does not name."""
    for kind, name in sorted(slots):
        searched = record
        if kind == "key":
            pattern = rf"""(?:^|[\s{{,(])["']?{name}["']?\s*[:=]\s*["']?([a-z0-9][\w.\-/]*)"""
        elif kind == "first_column":
            if record.rstrip().endswith(":") or not _TABLE_ROW.search(record) or _KEY_COLON_LINE.match(record):
                continue  # "Found one Java-level deadlock:": a heading or prose, no row with a subject column
            pattern = r"^\s*([a-z0-9][\w.\-/]*)"
        elif kind == "kind":
            pattern = rf"(?<![a-z0-9_\-]){name}/([a-z0-9][\w.\-]*)"
        elif kind == "word":
            pattern = rf"(?<![\w.\-]){name} ([a-z0-9][\w.\-]*[\-./][\w.\-]*[a-z0-9])"
        elif kind == "glued":
            pattern = rf"(?<!\S){re.escape(name)}([a-z0-9][\w.\-]*)"
        else:
            # a log line's tag is its first tag-like bracket, near its start ("… ERROR [promo] …"),
            # never a later one ("Sense Key : Medium Error [current]")
            pattern = r"\[([a-z0-9][\w.\-]*)\]"
            first = re.search(pattern, record[:_TAG_REACH])
            if first is None:
                continue
            searched = first.group(0)
        for m in re.finditer(pattern, searched):
            other = m.group(1).rstrip(".")
            if kind == "tag" and other in _LOG_LEVELS:
                continue
            if (
                other.replace(".", "").isdigit()
                or searched.startswith(":", m.end())
                or _DATE_CELL.match(other)
                or _AGE_CELL.fullmatch(other)
            ):
                continue  # "02:10  0.412", "  5 Reallocated_Sector_Ct", "2026-11-25 23:00", kubectl's "52m": a
                # time, an ordinal, an age (events' LAST SEEN)
            if other != token and other not in claim and not _instance_of(other, token):
                return other
    return None


_DATE_CELL = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}-\d{1,2}$")
_AGE_CELL = re.compile(r"\d+(?:d\d+h|h\d+m|m\d+s|[smhd])")
_TAG_REACH = 64  # characters of a log line its tag may open within
_TABLE_ROW = re.compile(r"\S(?:\s{2,}|\t)\S")  # columns apart by runs of spaces or tabs
_GENERATED_SUFFIX = re.compile(r"(?:-[a-z0-9]{5,10}){1,2}|-\d+")


def _instance_of(other: str, token: str) -> bool:
    """`other` is an instance the token names as a whole: a pod of a deployment
    ("checkout-7d9f8b6c5-m8zwt" of "checkout"), a replica of a statefulset ("redis-2" of "redis")."""
    return other.startswith(token + "-") and _GENERATED_SUFFIX.fullmatch(other, len(token)) is not None

