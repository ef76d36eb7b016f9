"""Whose mount: a figure a claim gives one filesystem of `df` must be on that filesystem's row.

`df` puts its subject last ("Mounted on"), where `table_rows` (subjects in the first column) does not
look: "根分区 / 使用率 93%，仅剩 15G" over a table whose 93% and 15G are on /var/lib/containerd's row names
figures of another filesystem. The claim's filesystem is the mount path it names, or / for 根分区 /
根目录 / 系统盘 when it names no other. A soft judgement like `table_rows` (the rules backend reads it as
`contradicted`; a model may overrule it).
"""

from __future__ import annotations

import re

from ..text.arithmetic import matches_directly
from ..text.tokens import Mentions, NumberMention, iter_numbers
from .trace_index import CallEvidence, literal_number_in

DF_HEADER = "mounted on"
ROOT_WORDS = re.compile(r"根分区|根目录|根文件系统|系统盘")
_BARE_ROOT = re.compile(r"(?:^|[\s，,。；;、（(])/(?=[\s，,。；;、)）]|$)")
_MAX_ROWS = 500


def mount_row_conflict(claim_text: str, mentions: Mentions, cited: list[CallEvidence]) -> str | None:
    """The first figure the claim gives its one filesystem that the cited `df` tables show only on the
    rows of other filesystems, as a detail; None when there is none (or no df table, or no one mount)."""
    # the claim first: most name no filesystem, and then no output is scanned for a df header
    mounts = {e for e in mentions.entities if e.startswith("/") and not e.startswith("/dev/")}  # not a device
    if ROOT_WORDS.search(claim_text) or ("/" in claim_text and _BARE_ROOT.search(claim_text)):
        mounts.add("/")  # "根分区", or "/" written alone ("/var/log 已 91%，/ 只有 6%")
    if len(mounts) != 1:
        return None  # no filesystem named, or several: whose figure is whose the sentence says, not one row
    tables = [ev for ev in cited if DF_HEADER in ev.flat]
    if not tables:
        return None
    mount = mounts.pop()
    for ev in tables:
        rows = ev.view("df_rows", _rows_by_mount)
        own = [line for m, line in rows if m == mount]
        others = [(m, line) for m, line in rows if m != mount]
        if not own or not others:
            continue
        for number in mentions.numbers:
            if number.kind == "clock" or number.is_soft or _on(number, own):
                continue
            shown = next((m for m, line in others if _on(number, [line])), None)
            if shown is not None:
                return f"it gives {number.text!r} for {mount!r}, which the cited df table shows on the row of {shown!r}"
    return None


def _rows_by_mount(ev: CallEvidence) -> list[tuple[str, str]]:
    """(mount point, line) of each row of the df table: the last cell, a path."""
    start = ev.flat.find(DF_HEADER, 0, ev.out_end)
    if start == -1:
        return []
    rows = []
    for line in ev.flat[start : ev.out_end].split("\n", _MAX_ROWS)[1:_MAX_ROWS]:
        cells = line.split()
        if len(cells) >= 5 and cells[-1].startswith("/"):
            rows.append((cells[-1], line))
    return rows


def _on(number: NumberMention, lines: list[str]) -> bool:
    """The figure is written on one of the lines, or is one of their figures in another unit."""
    return any(literal_number_in(line, number) or matches_directly(number, iter_numbers(line, 40)) for line in lines)
