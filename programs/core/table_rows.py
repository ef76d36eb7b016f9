"""Whose row: a figure or a state a claim gives one row of a cited table must be on that row.

`kubectl get pods`, a route summary, `df`: one line per subject, the subject in the first column.
"checkout-api 已重启 47 次" over a table whose 47 is on the checkout-worker row names a value the
output holds, of another subject. A soft judgement (spec §8: the trace does not decide which column
or row a sentence means beyond doubt, a model may overrule it); the rules backend reads it as
`contradicted` ("the tool outputs say otherwise", spec §7).

Only a claim that names exactly one row's subject is read, and only tables: lines of three or more
columns separated by runs of spaces or tabs, the subject a whole cell of its row (a pod name, a
release version).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ..text.arithmetic import follows_by_arithmetic, matches_directly
from ..text.column_units import COLUMN_GAP
from ..text.dates import without_leading_timestamp
from ..text.normalize import contains_token, fold
from ..text.tokens import Mentions, NumberMention, extract_mentions, iter_numbers
from ..text.wording import clause_end, figure_after_scope, holds_figure, part_start, search_scope
from .mount_rows import DF_HEADER, ROOT_WORDS
from .trace_index import CallEvidence, literal_number_in

_WORD = re.compile(r"[a-z][a-z0-9_\-]{2,}")
_MAX_ROWS = 2_000
_CLOCK_CELL = re.compile(r"\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}")  # a time keys a row
# an identifier a longer one extends ("recon-daily-29934360" of the pod "recon-daily-29934360-7xk2d")
_EXTENDED_AFTER = re.compile(r"[-_.][a-z0-9]")
_ROW_STARTS = 64  # occurrences of a claim's entity read before giving up


def other_row_conflict(
    mentions: Mentions, cited: list[CallEvidence], claim_text: str = "", quotes: Sequence[str] = ()
) -> str | None:
    """The first figure or identifier the claim gives its one row subject that the cited tables show
    only on other rows, as a detail; None when there is none (or no table, or not one subject). A
    figure said of a count of other rows in a clause of its own ("3 个运行中的实例仍是 5.2.0", on
    three other rows) is theirs, not the subject's.

    Args:
        mentions: the claim's entities and numbers (`tokens.extract_mentions`).
        cited: the claim's ok cited calls (each call's table is read once per session).
        claim_text: the claim (to read the clause of each figure); without it every figure is the subject's.
        quotes: the claim's excerpts: a figure in a clause of its own, on a row the claim quotes, is that row's.
    """
    quoted = [" ".join(fold(q).split()) for q in quotes]
    names_a_mount = any(e.startswith("/") for e in mentions.entities) or ROOT_WORDS.search(claim_text)
    for ev in cited:
        if names_a_mount and DF_HEADER in ev.flat:
            continue  # a df table's subject is its mount, last on the row: `mount_rows` reads it
        rows = _subject_rows(ev, mentions.entities)
        if rows is None:
            continue
        subject, own, other_rows = rows
        others = [line for _, line in other_rows]
        if not own or not others:
            continue
        subject_column = _cells(own[0]).index(subject)
        for number in mentions.numbers:
            if number.kind == "clock" or number.is_soft or _on_rows(number, own, derive=True):
                continue
            if _names_a_quantile(claim_text, number):
                continue  # "等待的 99 分位为 12108.97 微秒": the name of a percentile, no value
            # a share ("5xx 占比 25%") is derived on its row; any other figure must be written there
            derive = number.kind == "ratio"
            showing = [row for row in others if _on_rows(number, [row], derive)]
            if showing and not _said_of_other_rows(
                claim_text, number.text, subject, showing, mentions.entities, _quotes_a_row(quoted, showing)
            ):
                return _detail(number.text, subject, showing[0])
        for entity in mentions.entities:
            if entity == subject or any(contains_token(row, entity) for row in own):
                continue
            showing = [row for row in others if _names_whole(row, entity)]
            if showing and all(_column_of(row, entity) == subject_column for row in showing):
                continue  # in the subject's own column: another subject the claim speaks of, no value of it
            if showing and not _said_of_other_rows(
                claim_text, entity, subject, showing, quoted_row=_quotes_a_row(quoted, showing)
            ):
                return _detail(entity, subject, showing[0])
    return None


def _names_a_quantile(claim_text: str, number: NumberMention) -> bool:
    return re.search(rf"(?<![\d.]){re.escape(number.text)}\s?(?:分位|百分位|th\b)", fold(claim_text)) is not None


_JOINER = re.compile(r"\s*(?:和|与|及|、|跟|,|，)\s*")
_OTHERS_BEFORE = re.compile(r"(?:另外|其他|其余|其它|剩下的?|别的)[^，。；,;]{0,12}$")
_OTHER_SUBJECT_START = re.compile(r"\s*(?:新|另一?个?|其余|其他|剩下的?|后者)")


def _said_of_other_rows(
    claim_text: str,
    item: str,
    subject: str,
    showing: list[str],
    entities: Sequence[str] = (),
    quoted_row: bool = False,
) -> bool:
    """The clause holding the item does not name the subject, and says whose rows it is about: it opens
    on another subject ("新 Pod 在 ip-10-0-7-33 上…"), names another entity of the claim that those rows
    hold ("ConcurrentHashMap$Node 有 18734512 个实例，QueryResultKey 有 …"), counts as many rows as show
    the item ("3 个运行中的实例仍是 5.2.0"), or the claim quotes a row showing it (`quoted_row`: "…6 次
    BackOff，容器在 171 分钟内被启动了 4 次" quoting the Started event's row "(x4 over 171m)")."""
    if not claim_text:
        return False
    text = fold(claim_text)
    found = re.search(r"\s*".join(map(re.escape, item)), text)  # "7分钟" as the claim writes it: "7 分钟"
    if found is None:
        return False
    at = found.start()
    clause = text[part_start(text, at) : clause_end(text, at)]
    if "分别" in clause:
        return True  # figures paired with subjects in order: `respective_pairs` reads them
    if _nearest_row_name(text, at, subject, showing) != subject:
        return True  # "payments … AGE 只有 38m，…；istio-system …": the last row named before it is another's
    if contains_token(clause, subject):
        return False
    if quoted_row:
        return True
    if _OTHER_SUBJECT_START.match(clause) or _OTHERS_BEFORE.search(text, part_start(text, at), at):
        return True  # "新 Pod 在 ip-10-0-7-33 上…", "约为另外两个副本（412m、397m）的 5 倍": another subject
    if any(e != subject and contains_token(clause, e) and all(contains_token(row, e) for row in showing)
           for e in entities):
        return True
    return len(showing) >= 2 and any(
        n.kind in ("plain", "count") and n.value == len(showing) and n.decimals == 0
        for n in extract_mentions(clause).numbers
    )


def _quotes_a_row(quoted: Sequence[str], rows: Sequence[str]) -> bool:
    """Some quote (folded, its white space single) is a part of one of the rows, of a row's length or
    at least `_MIN_ROW_QUOTE` characters, or the row's opening cells ("sma.s0.g_space 262144": its name, its value)."""
    lines = [" ".join(row.split()) for row in rows]
    return any(
        q in line and (len(q) >= _MIN_ROW_QUOTE or len(q) == len(line) or (line.startswith(q) and " " in q))
        for q in quoted for line in lines if q
    )


_MIN_ROW_QUOTE = 24


def _nearest_row_name(text: str, at: int, subject: str, showing: list[str]) -> str | None:
    """Of the subject and the first cells of the rows showing the item, the one the claim names last
    before `at` (None for none)."""
    names = {subject, *(_first_column(row) for row in showing)}
    best, where = None, -1
    for name in names:
        i = text.rfind(name, 0, at)
        while i != -1 and not contains_token(text[max(0, i - 1) : i + len(name) + 1], name):
            i = text.rfind(name, 0, i)
        if i > where:
            best, where = name, i
    return best


def counted_rows(
    number: NumberMention, claim_text: str, cited: list[CallEvidence], quotes: Sequence[str] = ()
) -> bool:
    """A small count the claim read off a cited table: the number of its rows, or of its rows that
    hold a word of the claim ("3 个 web pod 均处于 Pending" over three Pending rows); or off a cited log:
    the number of its lines that hold what the claim quotes ("3 条 failed to reserve stock")."""
    if number.kind not in ("plain", "count") or number.decimals or not number.value.is_integer():
        return False
    n = int(number.value)
    if quotes and any(lines_holding(ev, quotes) == n for ev in cited):
        return True
    if _WHOLE_OUTPUT.search(claim_text) and any(_line_count(ev) == n for ev in cited):
        return True  # "正好占全部 668 条的一半" over a log of 668 lines: the whole output, counted
    words = None
    for ev in cited:
        if "\n" not in ev.flat:
            continue
        table = table_lines(ev)
        if len(table) == n:
            return True
        if len(table) > n:
            words = words if words is not None else set(_WORD.findall(fold(claim_text)))
            if any(sum(1 for _, row in table if contains_token(row, w)) == n for w in words):
                return True
    return False


_WHOLE_OUTPUT = re.compile(r"全部|总共|一共|共计|所有")


def _line_count(ev: CallEvidence) -> int:
    """The non-blank lines of a log output (-1 for one of no lines, or of more than `_MAX_ROWS`)."""
    if "\n" not in ev.flat:
        return -1
    lines = [line for line in first_lines(ev.flat, ev.text_end, _MAX_ROWS + 1) if line.strip()]
    return len(lines) if len(lines) <= _MAX_ROWS else -1


def lines_holding(ev: CallEvidence, quotes: Sequence[str]) -> int:
    """How many lines of the output hold one of the quotes (each without its leading timestamp)."""
    keys = [k for q in quotes if len(k := without_leading_timestamp(fold(q))) >= _MIN_QUOTE]
    if not keys or "\n" not in ev.flat:
        return -1
    return sum(1 for line in first_lines(ev.flat, ev.text_end, _MAX_ROWS) if any(k in line for k in keys))


_MIN_QUOTE = 6  # characters of a quote that single out its lines


def quotes_counted(claim_text: str, scope_start: int, cited: list[CallEvidence], quotes: Sequence[str]) -> bool:
    """"提交 4 次全部失败", "共出现 4 次 … 每次都随即 …": the last count before the scope word is the number of
    lines a quote holds in a cited output, and every other quote holds in as many lines or in one (a line of
    its own): the whole the scope word speaks of is the quoted lines, every one shown."""
    counts = [int(m.group(1)) for m in _COUNT.finditer(claim_text, 0, scope_start)]
    if not counts or counts[-1] < 2:
        return False
    n = counts[-1]
    for ev in cited:
        held = [lines_holding(ev, [q]) for q in quotes]
        held = [h for h in held if h >= 0]
        if n in held and all(h in (n, 1) for h in held):
            return True
    return False


_COUNT = re.compile(r"(?<![\d.])(\d{1,4})\s?(?:次|条|个|批|行)")


def every_row_shows(claim_text: str, cited: list[CallEvidence]) -> bool:
    """Some cited table of two or more rows shows a word of the claim in every row, outside the
    subject column ("全部 pod 都处于 Pending" over a table whose every STATUS is Pending); where the scope
    word gives a figure, that figure in every row instead."""
    words, figure = None, None
    for ev in cited:
        if "\n" not in ev.flat:
            continue
        table = table_lines(ev)
        if len(table) < 2:
            continue
        if words is None:
            words = set(_WORD.findall(fold(claim_text)))
            scope = search_scope(claim_text)
            figure = figure_after_scope(claim_text, scope) if scope else None
        rows = [(first, row.strip()[len(first) :]) for first, row in table]  # subject column apart
        # the figure the scope gives stands in every row too ("都是 exit code 137": a row's 143 is not it)
        if figure is not None:
            # the rows of the figure's table (as wide as a row that holds it): "每个节点可分配 7910m CPU" over an
            # ALLOCATABLE column of 7910m, whatever a `top nodes` table above it holds
            widths = [len(COLUMN_GAP.split(row.strip())) for _, row in table]
            held = {w for w, (_, row) in zip(widths, table, strict=True) if holds_figure(row, figure)}
            same = [rest for w, (_, rest) in zip(widths, rows, strict=True) if w in held]
            if same and all(holds_figure(rest, figure) for rest in same):
                return True  # "三个 broker 的版本都是 3.6.1" over a VERSION column of 3.6.1s
            continue
        for w in words:
            if all(contains_token(rest, w) and not contains_token(first, w) for first, rest in rows):
                return True
    return False


def _detail(what: str, subject: str, shown: str) -> str:
    return f"it gives {what!r} for {subject!r}, which the cited table shows on the row of {_first_column(shown)!r}"


def _two_open_lines(flat: str, entities: tuple[str, ...]) -> bool:
    """At least two of the entities open a table line of `flat` (column 0, `_cell_column`): read only
    until the answer is known."""
    opening, left = 0, len(entities)
    for entity in entities:
        left -= 1
        if _cell_column(flat, entity) == 0:
            opening += 1
            if opening == 2:
                return True
        elif opening + left < 2:
            return False
    return False


def _cell_column(flat: str, entity: str) -> int | None:
    """The column of the first table line of `flat` where `entity` is a whole cell (the columns apart
    by runs of spaces or tabs), None when it is none. At most `_ROW_STARTS` occurrences are read."""
    i = flat.find(entity)
    for _ in range(_ROW_STARTS):
        if i == -1:
            return None
        end = i + len(entity)
        left = i == 0 or flat[i - 1] in "\n\t" or flat[i - 2 : i] == "  "
        right = end == len(flat) or flat[end] in "\n\t\r" or flat[end : end + 2] == "  "
        if left and right:
            line_start = flat.rfind("\n", 0, i) + 1
            line_end = flat.find("\n", end)
            cells = _cells(flat[line_start : line_end if line_end != -1 else len(flat)])
            if len(cells) >= 3 and entity in cells:
                return cells.index(entity)
        i = flat.find(entity, i + 1)
    return None


def _subject_rows(
    ev: CallEvidence, entities: tuple[str, ...]
) -> tuple[str, list[str], list[tuple[str, str]]] | None:
    """(the claim's row subject, its own lines, (first column, line) of the other rows) of the call's
    table; None when the claim names no one row subject there."""
    subject = _row_subject(ev.flat, entities)
    if subject is None:
        return None
    table = table_lines(ev)
    own = [line for _, line in table if subject in _cells(line)]
    # other rows of the subject's own tables: a table after a blank line is another one (kafka-consumer-groups'
    # state table, then its partitions), whose rows are no siblings of the subject's
    blocks = ev.view("table_blocks", _table_blocks)
    own_blocks = {blocks[line] for line in own}
    others = [(first, line) for first, line in table if subject not in _cells(line) and blocks[line] in own_blocks]
    if others and all(_CLOCK_CELL.match(first) for first, _ in others) and not any(
        _CLOCK_CELL.match(_cells(line)[0]) for line in own
    ):
        return None  # rows by time ("10:01  1.35  0.41"): the subject's line is a title or a header of columns
    if own and not _names_rows(subject, own[0], [line for _, line in others]):
        return None  # "BackOff" in an events table's Reason column, where "Failed" names three rows: no key
    return subject, own, others


def _names_rows(subject: str, own_line: str, other_lines: list[str]) -> bool:
    """The subject's column tells rows apart: no other row of the table holds the same cell there
    (a subject column holds names; a Type or Reason column repeats its few words)."""
    cells = _cells(own_line)
    column = cells.index(subject) if subject in cells else 0
    if column == 0:
        return True
    values = [c[column] for line in other_lines if len(c := _cells(line)) > column]
    return len(values) == len(set(values))


_FIGURE_CELL = re.compile(r"[-+<>~]?\.?\d")  # a cell that opens with a figure: "3.99", "256", "91%", "1/1"
_TIME_LIKE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}")


def _row_subject(flat: str, entities: tuple[str, ...]) -> str | None:
    """The one entity of the claim that names a row: a whole cell, the first column's if several are."""
    # a time is no subject ("2026-11-16t11:02:33z" keys an audit log's row by when, not by whom)
    cells = {e: col for e in entities if not _TIME_LIKE.match(e) and (col := _cell_column(flat, e)) is not None}
    if len(cells) == 1:
        return next(iter(cells))
    keys = [e for e, col in cells.items() if col == 0]
    return keys[0] if len(keys) == 1 else None


def table_lines(ev: CallEvidence) -> list[tuple[str, str]]:
    """(first column, line) of each table line of the call's output, read once per call."""
    return ev.view("table_rows", _table)


def _table(ev: CallEvidence) -> list[tuple[str, str]]:
    """(first column, line) of each table line of the call's output (the first `_MAX_ROWS` lines)."""
    rows = []
    for line in first_lines(ev.flat, ev.out_end, _MAX_ROWS):
        columns = COLUMN_GAP.split(line.strip())
        # a line without a figure is a header ("NAME  READY  STATUS", "date  auth-06  auth-07"): it names
        # columns, no subject's values
        if len(columns) >= 3 and any(_FIGURE_CELL.match(c) for c in columns[1:]):
            rows.append((columns[0], line))
    return rows


def _table_blocks(ev: CallEvidence) -> dict[str, int]:
    """Each line of the call's output (its first `_MAX_ROWS`) -> its table's number: a blank line or a
    header line ("Type  Reason  Age  From  Message": three or more columns, no digit) starts another
    table (`kubectl describe`'s Conditions, then its Events; `kubectl get pod`, then iostat's devices)."""
    blocks: dict[str, int] = {}
    headers: dict[str, int] = {}  # a header seen again (`watch` prints the table anew) goes on with its table
    block = count = 0
    lines = list(first_lines(ev.flat, ev.out_end, _MAX_ROWS))
    for i, line in enumerate(lines):
        if not line.strip():
            count += 1
            block = count
        elif is_header(line, lines[i + 1] if i + 1 < len(lines) else ""):
            if line.strip() not in headers:
                count += 1
                headers[line.strip()] = count
            block = headers[line.strip()]
        blocks.setdefault(line, block)
    return blocks


def is_header(line: str, following: str) -> bool:
    """Three or more columns and no digit ("NAME  READY  STATUS"), or no cell that starts with a digit
    over a line with one ("time  cpu_usage_cores  p99_ms" over "10:00  1.12  142")."""
    cells = _cells(line)
    if len(cells) < 3:
        return False
    if not any(ch.isdigit() for ch in line):
        return True
    return not any(c[:1].isdigit() for c in cells) and any(c[:1].isdigit() for c in _cells(following))


def first_lines(text: str, end: int, limit: int) -> Iterator[str]:
    """The first `limit` lines of `text[:end]`, without copying the rest of a large output."""
    start = 0
    for _ in range(limit):
        if start >= end:
            return
        stop = text.find("\n", start, end)
        yield text[start : stop if stop != -1 else end]
        if stop == -1:
            return
        start = stop + 1


def _on_rows(number: NumberMention, rows: list[str], derive: bool) -> bool:
    for row in rows:
        if literal_number_in(row, number):
            return True
    values = [n for row in rows for n in iter_numbers(row, 200)]
    return matches_directly(number, values) or (derive and follows_by_arithmetic(number, values, sums=False))


def _column_of(row: str, entity: str) -> int:
    return next((k for k, cell in enumerate(_cells(row)) if contains_token(cell, entity)), -1)


def _names_whole(row: str, entity: str) -> bool:
    """The row holds the entity as a whole identifier, not as the start of a longer one."""
    i = row.find(entity)
    while i != -1:
        end = i + len(entity)
        if contains_token(row[max(0, i - 1) : end + 1], entity) and not _EXTENDED_AFTER.match(row, end):
            return True
        i = row.find(entity, i + 1)
    return False


def _cells(line: str) -> list[str]:
    return COLUMN_GAP.split(line.strip())


def _first_column(row: str) -> str:
    return COLUMN_GAP.split(row.strip(), 1)[0]


_ONLY = re.compile(r"只有|仅有|唯一|仅\s?[a-z0-9]|只\s?[a-z0-9]")
_FIGURE_AFTER = re.compile(r"\s?\d")
_RESTARTED = re.compile(r"重启|restart", re.IGNORECASE)
# "只有 X 重启频繁": an "only" about how often, which another row's single restart does not break
_HOW_OFTEN = re.compile(r"频繁|多次|反复|最多|最频繁|大量|持续")


def only_subject_conflict(claim_text: str, mentions: Mentions, cited: list[CallEvidence]) -> str | None:
    """"只有 X 处于 CrashLoopBackOff" / "只有 X 重启过" while another row of a cited table shows the
    same state, or restarts (its RESTARTS cell above 0)."""
    folded = fold(claim_text)
    if not any(not _FIGURE_AFTER.match(folded, m.end()) for m in _ONLY.finditer(folded)):
        return None  # "AGE 只有 38m": only so much, not only one subject
    restarted = _RESTARTED.search(claim_text) is not None and not _HOW_OFTEN.search(claim_text)
    names_a_mount = any(e.startswith("/") for e in mentions.entities) or ROOT_WORDS.search(claim_text)
    for ev in cited:
        if names_a_mount and DF_HEADER in ev.flat:
            continue  # a df table's subject is its mount, last on the row: `mount_rows` reads it
        rows = _subject_rows(ev, mentions.entities)
        if rows is None:
            continue
        subject, own, others = rows
        # the states the claim gives its subject (CamelCase ones too: CrashLoopBackOff, NotReady)
        words = [w for w in _WORD.findall(folded) if w not in subject and subject not in w]
        for word in words:
            if own and any(_cell_holds(line, word) for line in own):
                shown = next((first for first, line in others if _cell_holds(line, word)), None)
                if shown is not None:
                    return f"it says only {subject!r} shows {word!r}, but the cited table shows it on {shown!r} too"
        if restarted:
            column = _restarts_column(ev.flat)
            shown = next((first for first, line in others if _restarts(line, column)), None) if column else None
            if shown is not None:
                return f"it says only {subject!r} restarted, but the cited table shows restarts of {shown!r} too"
    return None


def _cell_holds(line: str, word: str) -> bool:
    """A cell of the row (past its subject) is the word, or a list holding it ("NotReady,SchedulingDisabled")."""
    return any(word in cell.split(",") for cell in _cells(line)[1:])


def _restarts_column(flat: str) -> int | None:
    header = flat[: flat.find("\n")] if "\n" in flat else flat
    cells = [c.lower() for c in COLUMN_GAP.split(header.strip())]
    return cells.index("restarts") if "restarts" in cells else None


def _restarts(line: str, column: int) -> bool:
    cells = COLUMN_GAP.split(line.strip())
    if column >= len(cells):
        return False
    count = cells[column].split(" ", 1)[0]
    return count.isdigit() and int(count) > 0


_SEGMENT_END = re.compile(r"[。；;\n]")
_CLOCK_FIGURE = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])")


def listed_rows_conflict(claim_text: str, mentions: Mentions, cited: list[CallEvidence]) -> str | None:
    """A claim that names two or more row subjects of one cited table ("KubePodCrashLooping 23:05，
    HighErrorRate5xx 23:06，…") gives each the figures that follow it, up to the next subject: a figure
    (a clock too) that is not on its subject's row but on another row of that table, as a detail."""
    if len(mentions.entities) < 2:
        return None
    text = fold(claim_text)
    for ev in cited:
        if not _two_open_lines(ev.flat, mentions.entities):
            continue  # cheap: fewer than two of its names open a table line (most claims, most outputs)
        table = table_lines(ev)
        firsts = {first: line for first, line in table}
        subjects = [e for e in mentions.entities if e in firsts]
        if len(subjects) < 2:
            continue
        blocks = ev.view("table_blocks", _table_blocks)
        block = blocks[firsts[subjects[0]]]
        subjects = [e for e in subjects if blocks[firsts[e]] == block]
        places = sorted((at, e) for e in subjects if (at := text.find(e)) != -1)
        if len(places) < 2:
            continue
        others = [line for _, line in table if blocks[line] == block]
        group: list[str] = []  # subjects joined by 和 / 、 whose figures follow the last of them
        for k, (at, subject) in enumerate(places):
            end = places[k + 1][0] if k + 1 < len(places) else len(text)
            stop = _SEGMENT_END.search(text, at, end)
            segment = text[at + len(subject) : stop.start() if stop else end]
            group.append(subject)
            if k + 1 < len(places) and _JOINER.fullmatch(segment):
                continue  # "es-data-01、es-data-02 的 heap 为 62% 和 58%": the figures of both
            if "分别" in segment:
                group = []
                continue  # "es-data-1 和 es-data-3 分别为 71 和 68": in order, `respective_pairs` reads them
            rows = [firsts[s] for s in group]
            for figure in _segment_figures(segment):
                if any(_on_row(figure, row) for row in rows):
                    continue
                showing = [line for line in others if line not in rows and _on_row(figure, line)]
                if showing:
                    return _detail(figure if isinstance(figure, str) else figure.text, subject, showing[0])
            # an address or another identifier of one row: "es-data-03（10.70.1.12）" over es-data-02's row
            for entity in extract_mentions(segment).entities:
                if entity in firsts or any(_names_whole(row, entity) for row in rows):
                    continue
                showing = [line for line in others if line not in rows and _names_whole(line, entity)]
                if len(showing) == 1:
                    return _detail(entity, subject, showing[0])
            group = []
    return None


def _segment_figures(segment: str) -> list[str | NumberMention]:
    """The clocks ("23:06") and the other figures of a claim's segment."""
    clocks: list[str | NumberMention] = [f"{int(m[1]):02d}:{m[2]}" for m in _CLOCK_FIGURE.finditer(segment)]
    numbers = [n for n in extract_mentions(segment).numbers if n.kind not in ("clock", "seconds") and not n.is_soft]
    return clocks + numbers


def _on_row(figure: str | NumberMention, row: str) -> bool:
    if isinstance(figure, str):
        return re.search(rf"(?<![\d:]){re.escape(figure)}(?![\d])", row) is not None
    return _on_rows(figure, [row], derive=False)
