"""The columns a headerless listing implies: `kubectl get pods | grep name` prints pod rows without the
header line ("payment-service-7cb…  1/1  Running  0  14s  10.0.2.187  gke-…-yi0r"). Their READY, STATUS,
RESTARTS, AGE, IP and NODE columns are as plain to a reader as when the header is printed: the words of
that header are context of the output, as a printed header is (it names the cells, and carries the concepts
the column names carry); what a cell holds is read by `pod_row_restarts_conflict` ("发生过重启" over a 0)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ..text.normalize import contains_token, fold
from .trace_index import CallEvidence

_POD_ROW = re.compile(
    r"^[ \t]*(?:[a-z0-9][a-z0-9.\-]*[ \t]+)?(?P<name>[a-z0-9][a-z0-9.\-]*)[ \t]+\d+/\d+[ \t]+[a-z][a-z:]*[ \t]+"
    r"(?P<restarts>\d+)(?:[ \t]+\([0-9a-z]+[ \t]ago\))?[ \t]+\d+[smhd]\S*"
    r"(?P<placed>[ \t]+(?:\d{1,3}\.){3}\d{1,3}[ \t]+[a-z0-9][a-z0-9.\-]*)?",
    re.MULTILINE,
)
_HEADER_WORDS = ("ready", "status", "restarts")
_READY_CELL = re.compile(r"[ \t]\d{1,2}/\d{1,2}[ \t]+[a-z]")
_SCAN = 20_000  # characters of an output looked at for its rows


def implied_pod_header(flat: str) -> str:
    """The header words of `kubectl get pods` rows printed without their header (folded text), or ""
    when the output has no such rows or prints its header itself."""
    head = flat[:_SCAN]
    row = _first_pod_row(head)
    if row is None or all(word in head for word in _HEADER_WORDS):
        return ""
    return "pod name ready status restarts age" + (" ip node" if row.group("placed") else "")


def pod_header_of(ev: CallEvidence) -> str:
    """`implied_pod_header` of a call's output, read once per call and session."""
    return ev.view("implied_pod_header", lambda call: implied_pod_header(call.flat))


def _first_pod_row(text: str) -> re.Match[str] | None:
    return next(_pod_rows(text), None)


def _pod_rows(text: str) -> Iterator[re.Match[str]]:
    """The `kubectl get pods` rows of the text: a READY cell ("1/1") found first (a literal scan in C), then its
    line read whole; a log of 20 KB is not matched line by line."""
    last = -1
    for cell in _READY_CELL.finditer(text):
        start = text.rfind("\n", 0, cell.start()) + 1
        row = _POD_ROW.match(text, start)
        if row is not None and row.start() != last:
            last = row.start()
            yield row


_CLAUSE_BREAK = re.compile(r"[，,；;。]")
_RESTARTS_SAID = re.compile(
    r"重启(?:了|过)?\s?(?:次数)?\s?(?:为|是|共|累计)?\s?(\d+)\s?次|(\d+)\s?次\s?重启|restarts?\s?[:=]?\s?(\d+)"
)


_RESTARTED = re.compile(r"(?:发生过|出现过|有过|经历过)\s?重启|重启过|\brestarted\b")
_NEGATED = re.compile(r"没有|没|未|无|从未|不曾|never|not")


def pod_row_restarts_conflict(claim_text: str, entities: Sequence[str], cited: Sequence[CallEvidence]) -> str | None:
    """"robusta-holmes-… 累计重启 9 次" over its row "… 1/1 Running 6 (37m ago) 9d …" (a header printed or not):
    the count of restarts a clause gives the pod its row's RESTARTS cell does not hold (the 9 is the row's age)."""
    folded = fold(claim_text)
    if "重启" not in folded and "restart" not in folded:
        return None
    for clause in _CLAUSE_BREAK.split(folded):
        said = _RESTARTS_SAID.search(clause)
        named = [e for e in entities if contains_token(clause, e)]
        if len(named) != 1:
            continue
        if said is not None:
            count = int(next(g for g in said.groups() if g is not None))
        elif _RESTARTED.search(clause) and not _NEGATED.search(clause):
            count = -1  # "发生过重启": some, which a row's 0 denies
        else:
            continue
        for ev in cited:  # (with its header printed or not: "重启 17 次" over "3 (4h12m ago)   17d")
            for row in _pod_rows(ev.flat[:_SCAN]):
                cell = int(row.group("restarts"))
                if row.group("name") == named[0] and (cell != count if count >= 0 else cell == 0):
                    return (f"it gives {named[0]!r} {count} restarts, but its row in the cited listing shows "
                            f"{row.group('restarts')}")
    return None
