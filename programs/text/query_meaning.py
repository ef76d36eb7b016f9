"""What a metrics query measures, in glossary words: the meaning a bare number in its output has.

A Prometheus answer `{"value": [1732617600, "0.0325"]}` says nothing of errors; the query that
produced it (`sum(rate(http_requests_total{code=~"5.."}[5m])) / sum(rate(http_requests_total[5m]))`)
does. A claim "5xx 错误率为 3.25%" citing that output names what the call measured: the concept is
carried by the call, the value by the output. Only the query text is read, for concepts (the glossary
view of the call); a value or an identifier found only in the arguments is still never observed.
"""

from __future__ import annotations

import itertools
import re
import shlex
from collections.abc import Iterator, Mapping
from typing import Any

from .normalize import fold
from .units import RATIO, Reading, declared_for_all

# argument keys that hold what a metrics call measures
QUERY_KEYS = ("query", "promql", "expr", "expression", "metric", "metric_name", "metrics", "q")
_STATUS_CLASS = re.compile(r"\b(?:code|status|status_code|response_code|http_status)\s*=~?\s*[\"']?\(?([45])")
_QUANTILE = re.compile(r"histogram_quantile\(\s*0?\.(\d+)")
_ONE_MINUS = re.compile(r"(?:^|[(\s])1\s*-\s*\(?")
_NOT_5XX = re.compile(r"\bcode\s*!~\s*[\"']5|\bcode\s*=~\s*[\"'][1-4]\.\.")
_RATE = re.compile(r"\b(?:i?rate|increase)\(")
MAX_QUERY_CHARS = 4_000
_METRIC_KEYS = frozenset({"metric", "metric_name", "metrics", "metricname"})
_METRIC_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")  # Prometheus's metric name syntax
# PromQL / LogQL: a selector or a function call; a bare metric name is one identifier
# (or two metric names with a base-unit suffix in one expression: "node_memory_MemAvailable_bytes / …")
_QUERY_SYNTAX = re.compile(
    r"[A-Za-z_:][\w:]*\s*\{|\b(?:sum|avg|max|min|count|rate|irate|increase|histogram_quantile)\s*\("
    r"|[A-Za-z_:][\w:]*_(?:bytes|seconds|total|count|ratio)\s*[-+*/]\s*\(?\s*[A-Za-z_:][\w:]*_(?:bytes|seconds|total|count|ratio)\b"
)


def _is_metrics_query(key: str, text: str) -> bool:
    """A metrics query (a selector or a function call) or, under a metric key, one metric name: not a
    log search ("OOMKilled") or a question in words, whose words are what was searched for, not found."""
    if key in _METRIC_KEYS:
        return 0 < len(text) <= 200 and _METRIC_NAME.fullmatch(text) is not None
    # a LogQL line filter (|= "OOMKilled") searches logs for words: those were looked for, not found
    return key in QUERY_KEYS and _QUERY_SYNTAX.search(text) is not None and "|=" not in text and "|~" not in text


def query_meaning(arguments: Mapping[str, Any]) -> str:
    """The folded query text of a call's arguments with what its functions and filters mean
    ("5xx", "error rate", "p99", "per second"), or "" when the call has no query argument."""
    texts = [v for k, v in arguments.items() if isinstance(v, str) and _is_metrics_query(k.lower(), v)]
    if not texts:
        return ""
    query = fold(" ".join(texts)[:MAX_QUERY_CHARS])
    readings = [query]
    if "/" in query:  # a ratio of a status class to all requests; a bare rate of 5xx is no error rate
        for status in dict.fromkeys(_STATUS_CLASS.findall(query)):
            readings.append(f"{status}xx " + ("error rate" if status == "5" else "ratio"))
        if _ONE_MINUS.search(query) and _NOT_5XX.search(query):
            readings.append("5xx error rate")  # 1 - (non-5xx / all)
    for digits in dict.fromkeys(_QUANTILE.findall(query)):
        readings.append(f"p{digits[:2].ljust(2, '0')} latency")
    if _RATE.search(query):
        readings.append("per second")
    return " ".join(readings)


# what a call's subject arguments are, in glossary words: `--context prod-bj` names a cluster; what a
# kubectl command lists or describes names its rows (a listing of deployments counts their replicas, 副本,
# in READY / AVAILABLE)
# a query of a database's session table lists sessions (会话)
_SESSION_TABLES = re.compile(r"pg_stat_activity|processlist|information_schema\.processlist", re.IGNORECASE)
_SUBJECT_KINDS = {
    "context": "cluster", "kube_context": "cluster", "kubecontext": "cluster", "cluster": "cluster",
    "namespace": "namespace", "ns": "namespace",
}
_SELECTOR_KEY = re.compile(r"[{,]\s*([a-z_]+)\s*=~?\s*\"")
# a kubectl flag naming the namespace or the cluster of the command's objects
_KUBECTL_FLAG_KIND = re.compile(
    r"(?:^|\s)(?:(-n|--namespace)|(-a|--all-namespaces)|(--context))(?=[\s=]|$)", re.IGNORECASE
)
_FLAG_KINDS = {1: "namespace", 2: "namespace cluster", 3: "cluster"}
_KUBECTL_KIND = re.compile(
    r"\b(?:get|describe|top|logs|rollout\s+(?:status|history))\s+"
    r"(pods?|po|deploy(?:ments?)?|statefulsets?|sts|replicasets?|rs|daemonsets?|ds|nodes?|no|services?|svc|events?|ev"
    r"|hpa|horizontalpodautoscalers?|pvc|persistentvolumeclaims?|namespaces?|ns|ingress(?:es)?|ing|jobs?|cronjobs?"
    r"|configmaps?|cm|destinationrules?|dr|virtualservices?|vs)\b",
    re.IGNORECASE,
)
_KIND_WORDS = {
    # a listing of pods lists replicas of their workloads ("另一个副本 coredns-…" over `get pods`)
    "po": "pod container", "pod": "pod container", "pods": "pod replica container replicaset",
    "configmap": "configmap", "configmaps": "configmap", "cm": "configmap",
    "destinationrule": "destinationrule", "destinationrules": "destinationrule", "dr": "destinationrule",
    "virtualservice": "virtualservice", "virtualservices": "virtualservice", "vs": "virtualservice",
    "deploy": "deployment replicas", "deployment": "deployment replicas",
    "deployments": "deployment replicas", "statefulset": "statefulset replicas", "statefulsets": "statefulset replicas",
    "sts": "statefulset replicas", "replicaset": "replicaset replicas", "replicasets": "replicaset replicas",
    "rs": "replicaset replicas", "daemonset": "daemonset", "daemonsets": "daemonset", "ds": "daemonset",
    "no": "node", "node": "node", "nodes": "node", "svc": "service", "service": "service", "services": "service",
    "ev": "events", "event": "events", "events": "events", "hpa": "hpa autoscaling",
    "horizontalpodautoscaler": "hpa autoscaling", "horizontalpodautoscalers": "hpa autoscaling",
    "pvc": "pvc volume", "persistentvolumeclaim": "pvc volume", "persistentvolumeclaims": "pvc volume",
    "ns": "namespace", "namespace": "namespace", "namespaces": "namespace", "ing": "ingress", "ingress": "ingress",
    "ingresses": "ingress", "job": "job", "jobs": "job", "cronjob": "cronjob", "cronjobs": "cronjob",
}


def subject_meaning(arguments: Mapping[str, Any]) -> str:
    """What a call's arguments say its output is about ("cluster", "pod", "deployment replicas"), or ""."""
    kinds: list[str] = []
    for key, value in arguments.items():
        if not isinstance(value, str):
            continue
        kind = _SUBJECT_KINDS.get(key)
        if kind is not None:
            kinds.append(kind)
        if key in QUERY_KEYS and "{" in value:  # a selector's label keys name what it selects: {namespace="mall"}
            kinds.extend(_SUBJECT_KINDS[k] for k in _SELECTOR_KEY.findall(value) if k in _SUBJECT_KINDS)
        if " " in value and len(value) <= MAX_QUERY_CHARS:  # a command has words
            kinds.extend(_KIND_WORDS[m.group(1).lower()] for m in _KUBECTL_KIND.finditer(value))
            # every namespace (-A) is the whole cluster
            kinds.extend(_FLAG_KINDS[m.lastindex or 3] for m in _KUBECTL_FLAG_KIND.finditer(value))
            if _SESSION_TABLES.search(value):
                kinds.append("session connection")
        if ("/" in value or " " in value) and len(value) <= MAX_QUERY_CHARS:
            kinds.extend(kind for pattern, kind in _COMMAND_KINDS if pattern.search(value))
    return " ".join(dict.fromkeys(kinds))


# what a shell command's output is about, as a header would say: `ls /proc/PID/fd | wc -l` counts a
# process's file descriptors, `ss -t` lists TCP connections, `df -i` inodes of filesystems
_COMMAND_KINDS = tuple(
    (re.compile(pattern, re.IGNORECASE), kind)
    for pattern, kind in (
        (r"/proc/|\bpgrep\b|\bps\s|\bps$|\blsof\b|\bstrace\b|\bpidstat\b", "process"),
        (r"/fd\b|\blsof\b|\bulimit\b", "file descriptor"),
        (r"\bss\s+-\w*t|\bnetstat\b", "tcp connection"),
        (r"\bchronyc\b|\bntpq\b|\btimedatectl\b", "chrony ntp"),
        (r"\bdf\b", "filesystem"),
        (r"\bdf\s+-\w*i", "inode"),
        (r"\bfree\b|\bvmstat\b", "memory"),
        (r"\bvmstat\b", "cpu steal iowait"),
        (r"\biostat\b", "disk"),
        (r"_cat/shards", "shard replica primary"),
        (r"\bkubectl\s+logs\b|^logs\s|\blogs\s+\S|\bexec\s+\S", "container"),
    )
)


# the unit of a metrics query's values, from its metric names (Prometheus naming: base units as suffixes)
_QUANTILE_OF = re.compile(r"histogram_quantile\([^,]*,.*?_(seconds|milliseconds|ms|bytes)_bucket\b", re.DOTALL)
_RATE_OF = re.compile(r"\b(?:i?rate|increase)\(\s*([a-z_:][a-z0-9_:]*)")
_METRIC = re.compile(r"(?<![\w\.\-\\\"'])([a-z_:][a-z0-9_:]*)(?=\s*(?:\{|\[|\)|$|[-+*/]\s*\(?\s*[a-z_:]))")
_SUFFIX_UNITS = {"seconds": "s", "milliseconds": "ms", "ms": "ms", "bytes": "b"}


def query_units(arguments: Mapping[str, Any]) -> frozenset[Reading]:
    """The unit a call's metrics query gives every bare value of its output, as an output's own
    "unit: ms" would: `histogram_quantile(0.99, …_seconds_bucket…)` seconds, `rate(…cpu…_seconds_total)`
    cores, `rate(…_bytes_total)` bytes (per second), a 5xx share of all requests a ratio (0.05 is 5%),
    a gauge named `…_bytes` bytes. A query dividing other things, or naming no base unit: nothing."""
    texts = [v for k, v in arguments.items() if isinstance(v, str) and _is_metrics_query(k.lower(), v)]
    if len(texts) != 1:
        return frozenset()
    query = fold(texts[0][:MAX_QUERY_CHARS])
    if "*" in query:
        return frozenset()  # scaled ("100 * …" a percentage, "1000 * …" milliseconds): its unit is not named
    if _ONE_MINUS.search(query) and 'mode="idle"' in query.replace(" ", ""):
        return declared_for_all(RATIO)  # 1 - idle CPU time per second: the busy share
    if "/" in query:
        # a status class over all requests, or one quantity over another of its unit (avail / size bytes)
        not_5xx_share = _ONE_MINUS.search(query) and _NOT_5XX.search(query)  # 1 - (non-5xx / all)
        share = _STATUS_CLASS.search(query) or _same_unit_share(query) or not_5xx_share
        return declared_for_all(RATIO) if share else frozenset()
    if m := _QUANTILE_OF.search(query):
        return declared_for_all(_SUFFIX_UNITS[m.group(1)])
    rated = [name for name in _RATE_OF.findall(query)]
    if rated:
        if len(set(rated)) != 1:
            return frozenset()
        name = rated[0]
        if name.endswith("_seconds_total") and "cpu" in name:
            return declared_for_all("cores")
        if name.endswith("_bytes_total"):
            return declared_for_all("b")
        return frozenset()
    names = {n for n in _METRIC.findall(query) if n not in _FUNCTIONS}
    if len(names) == 1:
        suffix = next(iter(names)).rsplit("_", 1)[-1]
        if suffix in _SUFFIX_UNITS:
            return declared_for_all(_SUFFIX_UNITS[suffix])
    return frozenset()


_PER_SECOND = re.compile(r"\b(?:i?rate)\(")


# The unit `free` and `du` print their bare figures in, by flag: `free` KiB (`-m` MiB, `-g` GiB, `-b`
# bytes), `du` KiB (`-m` MiB, `-b` bytes). Every flag of the command must be known to keep that unit: a
# human-readable or block-size flag, `du --inodes` (counts) or BSD `du -g` change what it prints.
_UNIT_FLAGS = {
    "free": {"-k": "kib", "--kibi": "kib", "-m": "mib", "--mebi": "mib", "-g": "gib", "--gibi": "gib",
             "-b": "b", "--bytes": "b"},
    "du": {"-k": "kib", "-m": "mib", "-b": "b", "--bytes": "b"},
}
_FREE_SI_UNITS = {"-k": "kb", "--kilo": "kb", "-m": "mb", "--mega": "mb", "-g": "gb", "--giga": "gb", "-b": "b",
                  "--bytes": "b"}
_UNIT_KEEPING_FLAGS = {
    "free": frozenset({"-t", "--total", "-w", "--wide", "-l", "--lohi", "-v", "--committed"}),
    "du": frozenset({"-s", "--summarize", "-c", "--total", "-x", "--one-file-system", "-a", "--all", "-l", "-L",
                     "-P", "-H", "-D", "-0", "--null", "--apparent-size", "--max-depth", "-d", "--exclude"}),
}
# what may follow such a command in a pipe without changing its figures
_FILTERS = frozenset({"grep", "egrep", "fgrep", "head", "tail", "sort", "uniq", "column", "tee", "cat", "less"})
# words before the command itself: `sudo du -s /x`, `timeout 5 free -m`, `kubectl exec pod -- du -s /x`
_PREFIX = re.compile(r"^(?:(?:sudo(?:\s+-\S+)*|timeout\s+\S+|nice(?:\s+-n\s*\S+)?|ionice(?:\s+-\S+)*|env)\s+)+")
_SHELL_SEPARATOR = re.compile(r"&&|\|\||;|\n")


def command_units(arguments: Mapping[str, Any]) -> frozenset[Reading]:
    """The unit a shell command prints its bare figures in, as an output's own "unit:" would say:
    `free -m` MiB (and `free` KiB), `du -s` KiB (`du -sb` bytes, `du -sm` MiB). Nothing for any other
    command, for flags that change what it prints, for a pipe into anything but a filter, or for a
    compound command (`du -s X; ls -l F`: whose lines would the unit be?)."""
    for value in arguments.values():
        if not isinstance(value, str) or ("free" not in value and "du" not in value):
            continue
        stages = _shell_stages(value[:MAX_QUERY_CHARS])
        if stages is None or not stages:
            return frozenset()
        name, flags = stages[0]
        if name not in _UNIT_FLAGS or any(stage not in _FILTERS for stage, _ in stages[1:]):
            continue
        return _unit_of_flags(name, flags)
    return frozenset()


def is_compound_command(arguments: Mapping[str, Any]) -> bool:
    """The call's command runs several commands one after another (`df -k; df -i`, `du -s X && ls -l F`)."""
    return any(_SHELL_SEPARATOR.search(_QUOTED_TEXT.sub(" ", command)) for command in _commands(arguments))


def _shell_stages(command: str) -> list[tuple[str, list[str]]] | None:
    """(command name, flags) of each stage of a one-command pipeline, None for a compound command."""
    blanked = _QUOTED_TEXT.sub(lambda m: " " * len(m.group(0)), command)
    if _SHELL_SEPARATOR.search(blanked):
        return None
    if " -- " in blanked:  # `kubectl exec pod -- du -s /x`: the command after the separator
        cut = blanked.rindex(" -- ") + 4
        command, blanked = command[cut:], blanked[cut:]
    stages = []
    for written, _ in _pipeline(command):
        words = _PREFIX.sub("", written.strip()).split()
        if not words:
            return None
        flags = []
        for word in words[1:]:
            if word.startswith("--"):
                flags.append(word.split("=", 1)[0])
            elif word.startswith("-") and len(word) > 1 and not word[1].isdigit():
                # combined short flags: "-sh" is -s and -h; "-d1" is -d with its value
                flags.extend(f"-{c}" for c in word[1:].rstrip("0123456789"))
        stages.append((words[0].rsplit("/", 1)[-1], flags))
    return stages


def _unit_of_flags(name: str, flags: list[str]) -> frozenset[Reading]:
    units_of, keeping = _UNIT_FLAGS[name], _UNIT_KEEPING_FLAGS[name]
    if name == "free" and "--si" in flags:  # `free --si -g`: powers of 1000 (GB), not GiB
        units_of, keeping = _FREE_SI_UNITS, keeping | {"--si"}
    if any(f not in units_of and f not in keeping for f in flags):
        return frozenset()  # -h, --si, -B, --inodes, BSD -g …: another unit, or none
    units = {units_of[f] for f in flags if f in units_of}
    if len(units) > 1:
        return frozenset()
    return declared_for_all(units.pop() if units else "kib")


_COMMAND_ARG_KEYS = frozenset({"args", "cmd", "command", "kubectl", "script", "sql"})
_QUOTED_TEXT = re.compile(r"'[^']*'|\"[^\"]*\"")
_SEARCHING = re.compile(r"\b(?:grep|egrep|fgrep|rg|awk|sed|jq|findstr)\b")
_FILE_PATH = re.compile(r"(?<![\w/])(?:/[\w.\-]+)+\.[a-z]{2,10}(?![\w/])")


def command_words(arguments: Mapping[str, Any]) -> str:
    """The words of the tools a call's command runs and the subcommands and flags it gives them
    ("openssl s_client", "pulsar-admin topics stats", "dig +dnssec"), folded: what the call did, context
    for the words of a claim. Quoted text and what a pipe's grep / awk / sed / jq looks for are left
    out: a searched word was looked for, not found."""
    parts = []
    for command in _commands(arguments):
        stages = _pipeline(command)
        for written, _ in stages:
            segment = _QUOTED_TEXT.sub(" ", written)
            if not _SEARCHING.search(segment):
                parts.append(_FILTER.sub(" ", segment))  # "--field-selector reason=OOMKilled" selects, names nothing
            else:  # "sed -n 1,5p /etc/nginx/nginx.conf": the file it reads is no word it looked for
                parts.extend(_FILE_PATH.findall(segment))
        parts.extend(_what_quotes_read(stages))
    parts.extend(_requested_columns(arguments))
    return " ".join(parts)


# the columns a `_cat` API call asks for without its header line ("/_cat/shards?h=index,shard,prirep,state"): the
# output's own header, which it does not print (with `v` it prints it, and the query string only selects)
_REQUESTED_COLUMNS = re.compile(r"[?&]h=([\w.,\-]+)")
_VERBOSE = re.compile(r"[?&]v(?:=true)?(?:&|$)")


def _requested_columns(arguments: Mapping[str, Any]) -> list[str]:
    return [
        column
        for value in arguments.values()
        if isinstance(value, str) and "_cat/" in value and not _VERBOSE.search(value)
        for m in _REQUESTED_COLUMNS.finditer(fold(value[:MAX_QUERY_CHARS]))
        for column in m.group(1).split(",")
    ]


def _commands(arguments: Mapping[str, Any]) -> Iterator[str]:
    """The call's shell commands (`cmd`, `command`, `args`, `kubectl` arguments), folded."""
    for key, value in arguments.items():
        if str(key).lower() in _COMMAND_ARG_KEYS and isinstance(value, str):
            yield fold(value[:MAX_QUERY_CHARS])


def _pipeline(command: str) -> list[tuple[str, str]]:
    """Each stage of a shell pipeline, as written and with its quoted text blanked (same length): a "|"
    inside quotes is code of a stage ("grep -E 'a|b'", "rails runner '…{|p| …}'"), not a pipe."""
    blanked = _QUOTED_TEXT.sub(lambda m: " " * len(m.group(0)), command)
    bounds = [-1, *(i for i, ch in enumerate(blanked) if ch == "|"), len(command)]
    return [(command[a + 1 : b], blanked[a + 1 : b]) for a, b in itertools.pairwise(bounds)]


# a quoted URL's path ("curl -s 'es-1:9200/_cat/thread_pool/write?v'"), a quoted SQL query's columns and
# table ("psql -c 'SELECT datname, age(datfrozenxid) FROM pg_database WHERE …'") and quoted code: what the
# call read; its query string, WHERE clause and string literals select (a searched word was looked for)
_QUOTED_URL_PATH = re.compile(r"^(?:https?://)?(?:[\w.\-]+(?::\d+)?)?(/[^?#\s]*)")
_QUOTED_SELECT = re.compile(r"^\s*select\s+(.{1,400}?)\s+from\s+([\w.\"`]+)")


def _what_quotes_read(stages: list[tuple[str, str]]) -> list[str]:
    read = []
    for written, blanked in stages:
        for m in _QUOTED_TEXT.finditer(written):
            if not _SEARCHING.search(blanked, 0, m.start()):  # "grep -E 'crc|rx_errors'": what it looked for
                read.extend(_quoted_reads(m.group(0)[1:-1]))
    return read


def _quoted_reads(inner: str) -> list[str]:
    """What one quoted argument of a command that searches for nothing names as read: a URL's path, a
    SELECT's columns and table, or code without its string literals (but the keys it reads, p["busy"]:
    a literal may be what it looks for, a key names a field)."""
    url = _QUOTED_URL_PATH.match(inner)
    if url and len(url.group(1)) > 1:
        return [url.group(1)]
    select = _QUOTED_SELECT.match(inner)
    if select:
        return list(select.groups())
    if not _SEARCHING.search(inner) and not _SQL_VERB.match(inner):
        return [_STRING_LITERAL.sub(_key_or_blank, inner)]  # code a runner ran ("rails runner 'Sidekiq::…'")
    return []


def counted_pattern(arguments: Mapping[str, Any]) -> str | None:
    """The literal a command counts the lines of ("grep -c 'NIC Link is Down' …", "grep X … | wc -l"),
    folded: its output, a number above 0, says the text occurred, as lines holding it would. None for
    several patterns or a pattern file (-e A -e B, -f), an alternation or a class ("-E 'a|b'": which of
    them is not said), an inverted grep (-v), file lists (-l, -L), a count piped on, or any other command."""
    for command in _commands(arguments):
        segments = [written.strip() for written, _ in _pipeline(command)]
        if len(segments) > 1 and _WC_L.fullmatch(segments[-1]):
            grep, counts_lines = _read_grep(segments[-2]), True
        else:
            grep, counts_lines = _read_grep(segments[-1]), False
        if grep is None:
            continue
        flags, patterns = grep
        if len(patterns) != 1 or flags & {"v", "l", "L", "f"} or ("c" in flags) == counts_lines:
            continue  # "grep -c X | wc -l" counts the one line of a count
        literal = patterns[0].strip("^$")
        if literal and ("F" in flags or not _REGEX_SYNTAX.search(literal)):
            return literal
    return None


_WC_L = re.compile(r"wc\s+-l")
_REGEX_SYNTAX = re.compile(r"[|\[\]()*+?{}\\]|\.\*")
_LONG_FLAGS = {"--count": "c", "--invert-match": "v", "--files-with-matches": "l", "--files-without-match": "L",
               "--file": "f", "--fixed-strings": "F", "--ignore-case": "i"}
_TAKES_VALUE = frozenset("efmABCd")  # short options whose value follows (-e PATTERN, -m 5, -A 3)


def _read_grep(segment: str) -> tuple[set[str], list[str]] | None:
    """(its short flags, its patterns) of a `grep` command segment, or None for anything else."""
    try:
        words = shlex.split(segment)
    except ValueError:
        return None
    if not words or words[0] not in ("grep", "zgrep"):
        return None
    flags: set[str] = set()
    patterns: list[str] = []
    operands: list[str] = []
    i = 1
    while i < len(words):
        word = words[i]
        if word.startswith("--"):
            name, _, attached = word.partition("=")
            flags.add(_LONG_FLAGS.get(name, "?"))
            if name == "--regexp":
                patterns.append(attached or (words[i + 1] if i + 1 < len(words) else ""))
                i += 0 if attached else 1
        elif word.startswith("-") and len(word) > 1:
            for j, letter in enumerate(word[1:], start=1):
                flags.add(letter)
                if letter in _TAKES_VALUE:
                    value = word[j + 1 :] or (words[i + 1] if i + 1 < len(words) else "")
                    if letter == "e":
                        patterns.append(value)
                    i += 0 if word[j + 1 :] else 1
                    break
        else:
            operands.append(word)
        i += 1
    if not patterns and operands:
        patterns.append(operands[0])  # the first operand is the pattern, the rest are files
    return flags, patterns


def _key_or_blank(literal: re.Match[str]) -> str:
    text, start, end = literal.string, literal.start(), literal.end()
    is_key = text[start - 1 : start] == "[" and text[end : end + 1] == "]"
    return literal.group(0).strip("\\\"`") if is_key else " "


_SQL_VERB = re.compile(r"^\s*(?:select|with|show|delete|update|insert|explain)\b")
_STRING_LITERAL = re.compile(r"\\?\"(?:[^\"\\]|\\.)*?\\?\"|`[^`]*`")


_FILTER = re.compile(r"\S+=\S+|(?:--field-selector|--selector|-l|--since|--until|--tail)\s+\S+")


def per_second_query(arguments: Mapping[str, Any]) -> bool:
    """The call's one metrics query is a `rate` / `irate` (summed or not) and nothing else: each of its
    values is a count per second ("每分钟 42.5 次" is no reading of its 42.5). `increase`, a scaled
    (`* 60`) or divided query gives another quantity."""
    texts = [v for k, v in arguments.items() if isinstance(v, str) and _is_metrics_query(k.lower(), v)]
    if len(texts) != 1:
        return False
    query = _QUOTED.sub('""', fold(texts[0][:MAX_QUERY_CHARS]))  # a label value may hold "/" or "*"
    return "*" not in query and "/" not in query and "increase(" not in query and _PER_SECOND.search(query) is not None


def per_minute_query(arguments: Mapping[str, Any]) -> bool:
    """The call's one metrics query is an `increase` over one minute (summed or not) and nothing else:
    each of its values is a count per minute ("每秒 1200 个" is no reading of its 1200)."""
    texts = [v for k, v in arguments.items() if isinstance(v, str) and _is_metrics_query(k.lower(), v)]
    if len(texts) != 1:
        return False
    query = _QUOTED.sub('""', fold(texts[0][:MAX_QUERY_CHARS]))
    return "*" not in query and "/" not in query and _ONE_MINUTE_INCREASE.search(query) is not None \
        and _PER_SECOND.search(query) is None


_ONE_MINUTE_INCREASE = re.compile(r"increase\([^\[]*\[1m\]\)")
_QUOTED = re.compile(r'"[^"]*"|\'[^\']*\'')


def _same_unit_share(query: str) -> bool:
    """Two metrics of one base unit divided (`node_filesystem_avail_bytes / node_filesystem_size_bytes`)."""
    names = [n for n in _METRIC.findall(query) if n not in _FUNCTIONS]
    suffixes = {n.removesuffix("_total").rsplit("_", 1)[-1] for n in names}
    return len(names) == 2 and len(suffixes) == 1 and suffixes <= set(_SUFFIX_UNITS)


_FUNCTIONS = frozenset({"sum", "avg", "max", "min", "count", "by", "without", "on", "ignoring", "topk", "bottomk"})


def metric_words(arguments: Mapping[str, Any]) -> str:
    """The words of the metric names a call's metrics query reads, space-separated ("grpc server
    handling seconds bucket"), or ""."""
    texts = [v for k, v in arguments.items() if isinstance(v, str) and _is_metrics_query(k.lower(), v)]
    names = [n for t in texts for n in _METRIC.findall(fold(t[:MAX_QUERY_CHARS])) if n not in _FUNCTIONS]
    return " ".join(part for n in names for part in n.replace(":", "_").split("_") if part)

