"""Whose label: a figure a claim names as one role (阈值, P99, 平均, request, 剩余...) must not be a value
the cited output labels as another role of the same kind.

"QPS 阈值为 812" over `current_qps=812 threshold_qps=500` names a value the output holds, under another
label of the same record: 812 is the current value, the threshold is 500. Families of roles that
exclude each other: threshold / current; request / limit (Kubernetes resources); avg / max / min /
quantiles; used / free / total; restarts / ready. A soft judgement (spec §8: which label a sentence
means is a reading, a model may overrule it); the rules backend reads it as `contradicted`.

Precision first: a conflict needs (1) a role word tied to the figure (a few characters before it, in
its clause, no change word between), (2) every place the cited outputs state the figure carrying a
label of a role of the same family, none the claim's, and (3) the claim's role stated beside it with
another value (`threshold_qps=500`), unless the value's label is the quantile of the call's query
(`histogram_quantile(0.95, …)`), which names every value of the output. Anything else is unclear: None.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from ..text.table_header import header_over
from ..text.tokens import NumberMention, numbers_with_places
from ..text.units import occurrence_agrees
from ..text.wording import CLAUSE_BREAK, part_start
from .trace_index import CallEvidence

# the family each role belongs to: two roles of one family never name the same value
_FAMILIES: dict[str, frozenset[str]] = {
    "threshold": frozenset({"bound"}),
    "current": frozenset({"bound"}),
    "request": frozenset({"resource"}),
    "limit": frozenset({"resource", "space"}),  # a memory limit is neither its request nor its use
    "avg": frozenset({"stat"}),
    "max": frozenset({"stat"}),
    "min": frozenset({"stat"}),
    "used": frozenset({"space"}),
    "free": frozenset({"space"}),
    "total": frozenset({"space"}),
    "restarts": frozenset({"pod"}),
    "ready": frozenset({"pod"}),
}
_STAT = frozenset({"stat"})
_NAMES = {
    "threshold": "threshold",
    "current": "current value",
    "request": "request",
    "limit": "limit",
    "avg": "average",
    "max": "maximum",
    "min": "minimum",
    "used": "used amount",
    "free": "free amount",
    "total": "total",
    "restarts": "restart count",
    "ready": "ready count",
}
_SETTING = frozenset({"threshold", "limit", "request"})  # what "configured" (配置为 500) may mean

# role words of a claim (Chinese and English), longest first in the pattern
_CLAIM_WORDS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("阈值", "阀值", "门限", "告警线", "threshold"), frozenset({"threshold"})),
    # a limit of a rate is its threshold, of a volume its capacity
    **dict.fromkeys(("上限", "限制", "限额", "限值", "limit", "limits"), frozenset({"limit", "threshold", "total"})),
    **dict.fromkeys(("配置为", "配置", "设置为", "设置", "设定", "设为", "configured"), _SETTING),
    **dict.fromkeys(("当前", "目前", "实际", "current", "actual"), frozenset({"current"})),
    **dict.fromkeys(("request", "requests", "请求值", "资源请求"), frozenset({"request"})),
    **dict.fromkeys(("平均值", "平均", "均值", "avg", "average", "mean"), frozenset({"avg"})),
    **dict.fromkeys(("最大值", "最大", "最高", "峰值", "max", "maximum", "peak"), frozenset({"max"})),
    **dict.fromkeys(("最小值", "最小", "最低", "谷值", "min", "minimum"), frozenset({"min"})),
    **dict.fromkeys(("中位数", "中位值", "median"), frozenset({"p50"})),
    **dict.fromkeys(("已使用", "已用", "使用量", "使用", "用量", "占用", "used", "usage"), frozenset({"used"})),
    **dict.fromkeys(("剩余", "可用", "空闲", "余量", "free", "available", "remaining"), frozenset({"free"})),
    **dict.fromkeys(("总量", "总共", "总计", "总容量", "容量", "total", "capacity"), frozenset({"total"})),
    **dict.fromkeys(("重启", "restarts", "restart"), frozenset({"restarts"})),
    **dict.fromkeys(("就绪", "ready"), frozenset({"ready"})),
}
_ASCII_ALT = "|".join(re.escape(w) for w in sorted((w for w in _CLAIM_WORDS if w.isascii()), key=len, reverse=True))
_CJK_ALT = "|".join(re.escape(w) for w in sorted((w for w in _CLAIM_WORDS if not w.isascii()), key=len, reverse=True))
_CLAIM_ROLE = re.compile(
    # an English word stands alone, not inside an identifier ("request-router"); 不可用 is no amount
    rf"(?<![a-z0-9_\-])(?:{_ASCII_ALT})(?![a-z0-9_\-])|(?:{_CJK_ALT})(?<!不可用)"
    r"|(?<![a-z0-9_\-])p\s?(?P<p>50|75|90|95|99|999|99\.9)(?![0-9])"
    r"|(?<![\d.])(?P<q>50|75|90|95|99|99\.9|999)\s*(?:th\s*)?(?:分位|百分位|percentile)",
    re.I,
)
# a cheap first test on the lower-cased claim: the literal start of every role word, no look-arounds
_PREFILTER = re.compile(
    "|".join(re.escape(w) for w in sorted(_CLAIM_WORDS, key=len, reverse=True))
    + "|p5|p7|p9|p 5|p 7|p 9|分位|percentile"
)
_LIST = re.compile(r"分别|依次|respectively", re.I)
_AFTER = 4  # characters from a figure to a role word after it ("512Mi 上限", "0.84 秒（P95）")
_COMPARED = re.compile(r"(?:超过|超出|高于|低于|大于|小于|达到|触发|突破|触及)\s*$")
_REACH = 12  # characters from the end of a role word to its figure ("P99 延迟为 0.84 秒")
# between a role word and a figure: a comparison or a change makes the figure another value
_CHANGE = re.compile(
    r"比|较|超过|超出|高于|低于|大于|小于|高出|相差|差|从|升|降|涨|跌|增|减|后|(?<![当目])前|倍|占(?!用)"
)

# the key an output gives a value: key=v, key: v, "key": v, "key": "v" (on its line)
# "p95=850", "p95: 850", and Envoy's "P95(850,790)": a value in a key's bracketed list
_KEY_BEFORE = re.compile(r"([a-z_][\w.\-]*)[\"']?\s*(?:[:=]|\((?:[^()\n]{0,40},)?)\s*[\"']?$", re.I)
_WORD_BEFORE = re.compile(r"(?:^|(?<=\s))([a-z][a-z0-9\-]*)\s+$", re.I)  # a bare word, no key=value of its own
_LABELS_BEFORE = re.compile(r"\{([^{}\n]*)\}\s*$")  # Prometheus exposition: name{quantile="0.99"} 1.32
_QUANTILE = re.compile(r"quantile[\"']?\s*[:=]\s*[\"']?(0?\.\d+|1(?:\.0+)?)(?![\d])", re.I)
# "histogram_quantile(0.5|0.9|0.99, …)": a templated query computing each quantile it lists
_QUERY_QUANTILE = re.compile(r"histogram_quantile\(\s*((?:0?\.\d+\s*\|\s*)*0?\.\d+)")
_AGGREGATED = re.compile(r"_over_time\s*\(|\b(?:avg|max|min|quantile)\s*(?:\(|by\b|without\b)")
_ANY_KEY = re.compile(r"([a-z_][\w.\-]*(?: [a-z][\w\-]*)?)[\"']?\s*(?:[:=]|\((?=\d))", re.I)
_KEY_PARTS = re.compile(r"[^a-z0-9]+")
_BRACKETS = re.compile(r"[\[\]{}]")
_HEADER_LINE = re.compile(r"^(\s*)([a-z][\w.\-]*(?: [a-z][\w\-]*)?)\s*:\s*$", re.I)
_DIGITS = re.compile(r"[-+]?\d+(?:\.\d+)?")
_UNIT = re.compile(r"[-+]?[\d.]+(?:[a-z%]{1,3}(?![a-z]))?")  # a value as an output writes it ("512mi")

# output keys: each part of a key (split at _ . - and spaces) that names a role
_KEY_PARTS_ROLES: dict[str, frozenset[str]] = {
    **dict.fromkeys(("threshold", "thresh", "threshhold"), frozenset({"threshold"})),
    **dict.fromkeys(("limit", "limits", "maxmemory"), frozenset({"limit", "threshold"})),
    **dict.fromkeys(("current", "cur", "curr", "actual", "observed"), frozenset({"current"})),
    **dict.fromkeys(("avg", "average", "mean"), frozenset({"avg"})),
    **dict.fromkeys(("max", "maximum", "peak"), frozenset({"max"})),
    **dict.fromkeys(("min", "minimum"), frozenset({"min"})),
    **dict.fromkeys(("median",), frozenset({"p50"})),
    **dict.fromkeys(("used", "usage", "inuse"), frozenset({"used"})),
    **dict.fromkeys(("free", "available", "avail", "remaining"), frozenset({"free"})),
    **dict.fromkeys(("restarts", "restart", "restartcount"), frozenset({"restarts"})),
    **dict.fromkeys(("ready",), frozenset({"ready"})),
}
# parts that name a role only in a key of resources ("memory_request", "requests"; not http_requests)
_RESOURCE_PARTS = frozenset({"memory", "mem", "cpu", "storage", "ephemeral", "resources", "resource"})
_SPACE_PARTS = frozenset({"memory", "mem", "disk", "bytes", "size", "space", "storage", "heap", "swap", "fs"})
# a key that names no role but holds the values of whatever the record measures
_GENERIC_KEYS = frozenset({"value", "values", "v", "val", "y", "points", "result", "data", "series", "sample"})
_MAX_PLACES = 64  # occurrences of one figure read before giving up (a small number in a large output)
_BACK = 800  # characters read back from a value for the object or section that holds it
_BESIDE = 600  # characters either side of a value searched for the claim's own role


def label_conflict(claim_text: str, cited_outputs: Sequence[str], measures: Sequence[str] = ()) -> str | None:
    """The first figure the claim gives a role that the cited outputs label only as another role of
    the same family, as a detail; None when there is none or anything is unclear.

    Args:
        claim_text: the claim as written.
        cited_outputs: the claim's ok cited outputs, folded (`CallEvidence.flat`); any text works.
        measures: what each output's query measures (`query_meaning(call.arguments)`), in the same
            order, or empty: a single `histogram_quantile(0.95, …)` labels every value of its output.
    """
    if not cited_outputs or not _PREFILTER.search(claim_text.lower()):
        return None
    return _conflict(claim_text, cited_outputs, lambda k: measures[k] if k < len(measures) else "")


def _conflict(claim_text: str, cited_outputs: Sequence[str], measure_of: Callable[[int], str]) -> str | None:
    text, places = numbers_with_places(claim_text)
    words = [(m.start(), m.end(), _word_roles(m)) for m in _CLAIM_ROLE.finditer(text)]
    if not words:
        return None
    queried = _QueryRoles(measure_of)
    previous_end = 0
    for start, end, number in places:
        if any(ws < end and start < we for ws, we, _ in words):
            continue  # "99" of "99 分位": part of a role word
        floor, previous_end = previous_end, end
        if number.kind == "clock":
            continue
        roles = _tied_roles(text, words, start, end, floor)
        if not roles:
            continue
        detail = _figure_conflict(number, text[start:end], roles, cited_outputs, queried)
        if detail:
            return detail
    return None


def calls_label_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """`label_conflict` over a claim's ok cited calls: their folded outputs, and what their queries
    measure (read only when a value has no label of its own)."""
    if not cited or not _PREFILTER.search(claim_text.lower()):
        return None
    return _conflict(claim_text, [ev.flat for ev in cited], lambda k: cited[k].query_meaning)


class _QueryRoles:
    """The quantile each output's query measures, read once per output when first needed."""

    def __init__(self, measure_of: Callable[[int], str]) -> None:
        self._measure_of = measure_of
        self._roles: dict[int, str | None] = {}

    def __call__(self, k: int) -> str | None:
        if k not in self._roles:
            self._roles[k] = _query_role(self._measure_of(k))
        return self._roles[k]


def _word_roles(m: re.Match[str]) -> frozenset[str]:
    if m["p"]:
        return frozenset({_percentile(m["p"])})
    if m["q"]:
        return frozenset({_percentile(m["q"])})
    return _CLAIM_WORDS[m.group(0).lower()]


def _percentile(digits: str) -> str:
    return "p999" if digits in ("99.9", "999") else f"p{digits}"


def _tied_roles(
    text: str, words: list[tuple[int, int, frozenset[str]]], start: int, end: int, floor: int
) -> frozenset[str]:
    """The roles of the words that name the figure at `text[start:end]`: in its clause, at most
    `_REACH` characters before it, no change word between (a role word of an earlier figure is that
    figure's). A role word right after it ("512Mi 上限") widens what the claim may mean, never ties."""
    clause = part_start(text, start, floor=floor)
    if _LIST.search(text, clause, start):
        return frozenset()  # "limit 和 request 分别为 512Mi 和 256Mi": which is which is a reading
    roles: set[str] = set()
    for ws, we, word_roles in words:
        if ws < floor or we > start or start - we > _REACH:
            continue
        between = text[we:start]
        if CLAUSE_BREAK.search(between) or _CHANGE.search(between):
            continue
        if "的" in between and _COMPARED.search(text, max(0, ws - 4), ws):
            continue  # "超过阈值的请求有 812 个": the word qualifies another noun
        roles |= word_roles
    if roles:
        for ws, _, word_roles in words:
            if end <= ws <= end + _AFTER and not CLAUSE_BREAK.search(text, end, ws):
                roles |= word_roles
    return frozenset(roles)


def _figure_conflict(
    number: NumberMention, written: str, roles: frozenset[str], outputs: Sequence[str], queried: _QueryRoles
) -> str | None:
    digits = _DIGITS.match(number.text)
    if digits is None or digits.end() == 0:
        return None  # a number in parts or with 万: no literal text to look for
    if number.text[digits.end() : digits.end() + 1] == ",":
        return None  # "1,315ms": outputs write it in other ways
    literal = digits.group(0).lstrip("+")
    families = _families(roles)
    shown: tuple[str, set[str]] | None = None
    beside = False  # the claim's own role stated next to some occurrence
    count = 0
    for k, out in enumerate(outputs):
        for place, end in _rounded_places(out, literal, number) if number.approx else _exact_places(out, literal):
            count += 1
            if count > _MAX_PLACES:
                return None
            if not occurrence_agrees(number, out, end, _no_declarations):
                continue  # another unit: another value
            label, found, from_query = _label_at(out, place, k, queried)
            if not found or (found & roles and not found & _opposed(roles)):
                return None  # unlabeled (unclear) or labeled as the claim says
            shared = families & _families(found)
            if not shared:
                return None  # a label of another kind (p99 vs current): no reading of it
            if from_query:
                if not roles - {"max", "min"}:
                    return None  # "峰值 0.84" over a p95 query: the peak of that series
                beside = True
            beside = beside or _role_beside(out, place, roles, shared, queried(k))
            if shown is None:
                written_there = _UNIT.match(out, place)
                shown = (f"{written_there.group(0) if written_there else written} {label}", shared)
    if shown is None or not beside:
        return None
    claimed = "/".join(sorted(_NAMES.get(r, r) for r in roles if _family(r) & shown[1]))
    return f"it gives {written} as the {claimed}, but the cited output labels {shown[0]}"


# a role that rules another out on the same value: "当前已用" is no "used_memory_peak"
_OPPOSED = {"current": frozenset({"max", "min", "avg"})}


def _opposed(roles: frozenset[str]) -> frozenset[str]:
    return frozenset().union(*(_OPPOSED.get(r, frozenset()) for r in roles)) - roles


def _no_declarations() -> frozenset[tuple[str, float]]:
    return frozenset()


def _family(role: str) -> frozenset[str]:
    return _STAT if role[0] == "p" and role[1:].isdigit() else _FAMILIES.get(role, frozenset({role}))


def _families(roles: frozenset[str]) -> set[str]:
    return {f for r in roles for f in _family(r)}


def _exact_places(text: str, literal: str) -> Iterator[tuple[int, int]]:
    return ((place, place + len(literal)) for place in _places(text, literal))


_OUTPUT_NUMBER = re.compile(r"(?<![\w.\-])\d+(?:\.\d+)?(?![\d.]\d)")
_ROUNDED_SCAN = 200_000  # characters of an output searched for values an approximate figure rounds


def _rounded_places(text: str, literal: str, number: NumberMention) -> Iterator[tuple[int, int]]:
    """Where `text` states a value that "约 35%" / "约 0.2 秒" rounds (35.4, 0.212): within half a step
    of the figure's last significant digit (`tokens.approximate`), in its first `_ROUNDED_SCAN`
    characters (a soft reading: a figure only a huge output holds is left unread)."""
    try:
        value = float(literal)
    except ValueError:
        return
    half = 0.5 * 10.0 ** -number.decimals
    for m in _OUTPUT_NUMBER.finditer(text, 0, min(len(text), _ROUNDED_SCAN)):
        if abs(float(m.group(0)) - value) <= half * (1 + 1e-9):
            yield m.start(), m.end()


def _places(text: str, literal: str) -> Iterator[int]:
    """Where `literal` stands alone in `text`: not inside a longer number nor glued to a word before."""
    n = len(literal)
    i = text.find(literal)
    while i != -1:
        before = text[i - 1] if i else " "
        after = text[i + n : i + n + 2]
        ahead = text[i - 2] if i > 1 else " "
        # part of a word ("p99"), of a decimal, or of an identifier or date ("svc-1", "2026-11-29")
        glued = (before.isascii() and (before.isalnum() or before == "_")) or (
            before in ".-" and ahead.isascii() and ahead.isalnum()
        )
        longer = bool(after) and (after[0].isdigit() or (after[0] == "." and after[1:2].isdigit()))
        if not glued and not longer:
            yield i
        i = text.find(literal, i + 1)


def _label_at(text: str, place: int, k: int, queried: _QueryRoles) -> tuple[str, frozenset[str], bool]:
    """(the label as written, its roles, whether the query gave it) of the value at `place`."""
    line_start = text.rfind("\n", max(0, place - 96), place) + 1
    prefix = text[max(line_start, place - 96) : place]
    key = _KEY_BEFORE.search(prefix)
    if key:
        name = key.group(1).lower()
        roles = _key_roles(name)
        if roles:
            return name, roles, False
        if name not in _GENERIC_KEYS:
            # "p99 latency: 1.32s", "Restart Count:  3": a bare word before the key names it
            word = _WORD_BEFORE.search(prefix, 0, key.start())
            if word and (roles := _key_roles(word.group(1))):
                return f"{word.group(1)} {name}", roles, False
            # "memory:  512Mi" under "Limits:" (kubectl describe), or {"limits": {"memory": "512Mi"}}
            parent = _section_key(text, line_start) or _object_key(text, place)
            roles = _key_roles(parent) if parent else frozenset()
            return (f"{parent}: {name}" if roles else name), roles, False
        parent = _object_key(text, place)  # {"p99": {"value": 1.32}}
        if parent and (roles := _key_roles(parent)):
            return f"{parent}: {name}", roles, False
    labels = _LABELS_BEFORE.search(prefix)
    if labels:
        q = _QUANTILE.search(labels.group(1))
        if q is None:
            return "", frozenset(), False
        return f"quantile={q.group(1)}", frozenset({_quantile_role(q.group(1))}), False
    if key is None:
        header, _ = header_over(text, place)  # "12G" under df's Avail: the column names its role
        if header and (roles := _column_roles(header)):
            return header, roles, False
    if key is None and not _in_array(prefix):
        return "", frozenset(), False
    # a generic value ("value": [ts, "0.84"]): the quantile label of its series, or of the query
    opener = _object_start(text, place)
    if opener is not None:
        q = _QUANTILE.search(text, opener, place)
        if q:
            return f"quantile={q.group(1)}", frozenset({_quantile_role(q.group(1))}), False
    query_role = queried(k)
    if query_role:
        return f"the {query_role} of its query", frozenset({query_role}), True
    return "", frozenset(), False


# a column header that names its cells' role where a key of that name would not ("Size" of df is its total)
_COLUMN_ROLES = {"size": frozenset({"total"})}


def _column_roles(header: str) -> frozenset[str]:
    return _COLUMN_ROLES.get(header.lower()) or _key_roles(header)


def _in_array(prefix: str) -> bool:
    """The value is an element of a JSON array ("[1732617600, \\"0.84" or "[0.84")."""
    tail = prefix.rstrip(" \"'")
    return tail.endswith(("[", ","))


@lru_cache(maxsize=4096)
def _key_roles(key: str) -> frozenset[str]:
    parts = [p for p in _KEY_PARTS.split(key.lower()) if p]
    roles: set[str] = set()
    for part in parts:
        if part in _KEY_PARTS_ROLES:
            roles |= _KEY_PARTS_ROLES[part]
        elif len(part) in (3, 4) and part[0] == "p" and part[1:].isdigit():
            roles.add(f"p{part[1:]}")
    others = set(parts)
    if others & {"request", "requests"} and others <= {"request", "requests"} | _RESOURCE_PARTS:
        roles.add("request")  # k8s "requests" / "memory_request", never http_requests_total
    if others & {"total", "capacity"} and (others <= {"total", "capacity"} or others & _SPACE_PARTS):
        roles.add("total")  # disk total / mem_total_bytes, never requests_total
    return frozenset(roles)


def _quantile_role(value: str) -> str:
    """ "0.95" -> p95, "0.5" -> p50, "0.999" -> p999, "1" -> max."""
    if float(value) >= 1:
        return "max"
    return f"p{value.split('.', 1)[1].ljust(2, '0')}"


def _query_role(measure: str) -> str | None:
    if _AGGREGATED.search(measure):
        return None  # avg_over_time(histogram_quantile(0.95, …)[1h]): a mean or peak of the quantile
    found = {q.strip() for qs in _QUERY_QUANTILE.findall(measure) for q in qs.split("|")}
    return _quantile_role(found.pop()) if len(found) == 1 else None


def _section_key(text: str, line_start: int) -> str | None:
    """The header of the indented section holding the line at `line_start` ("Limits:" above
    "  memory: 512Mi"), None when the line is not indented under one (at most 8 lines up)."""
    line_end = text.find("\n", line_start)
    line = text[line_start : line_end if line_end != -1 else len(text)]
    indent = len(line) - len(line.lstrip(" \t"))
    if indent == 0:
        return None
    end = line_start - 1
    for _ in range(8):
        if end <= 0:
            return None
        start = text.rfind("\n", 0, end) + 1
        above = text[start:end]
        above_indent = len(above) - len(above.lstrip(" \t"))
        if above.strip() and above_indent < indent:
            header = _HEADER_LINE.match(above)
            return header.group(2).lower() if header else None
        end = start - 1
    return None


def _object_start(text: str, place: int) -> int | None:
    """Where the innermost JSON object holding `place` opens (read at most `_BACK` characters back)."""
    low = max(0, place - _BACK)
    depth = 0
    for m in reversed(list(_BRACKETS.finditer(text, low, place))):
        ch = m.group(0)
        if ch in "]}":
            depth += 1
        elif depth:
            depth -= 1
        elif ch == "{":
            return m.start()
    return None


def _object_key(text: str, place: int) -> str | None:
    """The key of the JSON object that holds `place` ({"limits": {"memory": "512Mi"}}: limits)."""
    opener = _object_start(text, place)
    if opener is None:
        return None
    key = _KEY_BEFORE.search(text, max(0, opener - 64), opener)
    return key.group(1).lower() if key else None


def _role_beside(text: str, place: int, roles: frozenset[str], families: set[str], query_role: str | None) -> bool:
    """The claim's role (of a family the figure conflicts in) labels some value near `place`."""
    wanted = {r for r in roles if _family(r) & families}
    if query_role in wanted:
        return True
    _, header = header_over(text, place)
    if any(_column_roles(h) & wanted for h in header):
        return True  # df's "Used" column beside its "Avail"
    lo, hi = max(0, place - _BESIDE), place + _BESIDE
    for m in _ANY_KEY.finditer(text, lo, hi):
        if _key_roles(m.group(1)) & wanted:
            return True
    return any(_quantile_role(q.group(1)) in wanted for q in _QUANTILE.finditer(text, lo, hi))


_P_DIGIT = re.compile(r"[pP]\d")
_NAMED_QUANTILE = re.compile(r"\bp(50|75|90|95|99|999)\b|(中位数)|(\d{2})\s*分位", re.IGNORECASE)


_PERCENTILE_ROW = re.compile(r"(?m)^\s*(\d{2}(?:\.\d+)?)%\s+(\d+(?:\.\d+)?)\s?(ms|us|s)?\b")
_CLAIMED_QUANTILE = re.compile(r"\bp(\d{2}(?:\.\d+)?)\b[^，。；;,\d]{0,12}?(\d+(?:\.\d+)?)\s?(ms|us|s|毫秒|秒)?", re.I)


def percentile_row_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """"p99 为 18.44ms" over a latency distribution (wrk, HdrHistogram) whose 18.44ms is on the 99.900% row and
    whose 99.000% row says 2.31ms: the figure of another percentile."""
    claimed = _CLAIMED_QUANTILE.search(claim_text)
    if claimed is None:
        return None
    want, figure = float(claimed.group(1)), float(claimed.group(2))
    for ev in cited:
        rows = {float(m.group(1)): float(m.group(2)) for m in _PERCENTILE_ROW.finditer(ev.flat[: ev.out_end])}
        if want not in rows or abs(rows[want] - figure) < 1e-9:
            continue
        other = next((q for q, v in rows.items() if abs(v - figure) < 1e-9), None)
        if other is not None:
            return (f"it gives {claimed.group(2)} as the p{claimed.group(1)}, but the cited distribution shows it at "
                    f"{other:g}% (p{claimed.group(1)} is {rows[want]:g})")
    return None


def quantile_mismatch(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The claim names one quantile (p50 / 中位数 / 95 分位) and its cited metrics queries compute
    another (`histogram_quantile(0.99, …)`): a p99 value given as a p50."""
    if "分位" not in claim_text and "中位" not in claim_text and not _P_DIGIT.search(claim_text):
        return None  # most claims name no quantile
    named = {_percentile(m[1] or ("50" if m[2] else m[3])) for m in _NAMED_QUANTILE.finditer(claim_text)}
    if len(named) != 1:
        return None
    computed: set[str] = set()
    for ev in cited:
        for value in ev.call.arguments.values():
            if isinstance(value, str) and "histogram_quantile" in value:
                quantiles = (q.strip() for qs in _QUERY_QUANTILE.findall(value) for q in qs.split("|"))
                computed.update(_quantile_role(q) for q in quantiles)
    if not computed or named & computed:
        return None
    return f"it gives {next(iter(named))}, but the cited query computes {'/'.join(sorted(computed))}"
