"""Searchable views of a session's tool outputs, built lazily and once per call: the evidence layer.

Every matching stage (Gatekeeper, evidence facts, rules claim checker, answer facts) asks this
index; the normalised texts of large outputs are computed only when something is looked up in them.

What counts as evidence (spec §6):
- only a call's *output*: an excerpt or a number found only in its `arguments` (a query window, a
  limit, a search string) was never observed. The identifiers that name the call's subject (the
  service, pod, namespace, host... whose data this is, see `SUBJECT_KEYS`) stay usable as context
  for entity and word search, so a claim naming the queried service is still grounded in the call;
- only calls with `status: "ok"`: text in the output of a failed call supports nothing. It still
  counts as *present in the trace* (an entity a failed call mentions is not fabricated);
- a string output that is itself JSON is searched decoded as well;
- guidance (runbook / skill / historical-case documents) is recognised by where the excerpt sits,
  whatever the binding's `source_type` / `source_id` say.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, overload

from groundcheck.signatures.models import GUIDANCE_DOC_TYPES, EvidenceBinding, Session, ToolCall

from ..text.arithmetic import follows_by_arithmetic, matches_directly
from ..text.column_units import headed_figures
from ..text.content_words import word_in
from ..text.dates import Day, claim_day, claim_time, day_written, days_in, is_claim_date
from ..text.normalize import contains_token, fold, normalize, substantive
from ..text.products import implied_in
from ..text.query_meaning import (
    MAX_QUERY_CHARS,
    QUERY_KEYS,
    command_units,
    command_words,
    counted_pattern,
    is_compound_command,
    metric_words,
    query_meaning,
    query_units,
    subject_meaning,
)
from ..text.spoofing import mixed_script_tokens
from ..text.tokens import NumberMention, iter_numbers
from ..text.units import CHECKED_KINDS, Reading, declared_units, occurrence_agrees, readings, whole_kinds

Location = Literal["cited", "trace", "nowhere"]
_T = TypeVar("_T")


class _cached(Generic[_T]):  # lower case: a decorator, like functools.cached_property
    """`functools.cached_property` without its lock: Python 3.11 takes one lock per property,
    shared by every instance and thread, on each first access, which costs more than most of the
    values cached here. A race computes a value twice; both results are equal."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _cached[_T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> _T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> _T | _cached[_T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value
# Why a binding is not usable evidence (`TraceIndex.binding_usable`), in the order they are tested.
FABRICATED = "fabricated invocation"
FAILED_ONLY = "only failed calls"
TOOL_MISMATCH = "tool mismatch"
EXCERPT_NOT_FOUND = "excerpt not found"
GUIDANCE = "guidance"
QUERY_ECHO = "query echo"
# An output that says its search found nothing: the query it echoes back is no observation.
_NO_MATCH = re.compile(
    # what a search says of itself, not a zero anywhere in its output ("retries": {"count": 0})
    r"\bno (?:matching|matches|match found|results?|hits|log lines|logs)\b"
    r"|\b0 (?:log )?(?:results?|hits|matches|matching)\b|\b0 log lines? matched\b"
    r"|\bnothing found\b|\breturned no\b|\bexit (?:code|status) 1: no output\b|^\s*\(empty\)\s*$"
    r"|\bno (?:lines?|rows?|documents?) (?:matched|found)\b"
    r"|\"(?:result|results|hits|items|matches|lines)\"\s*:\s*\[\s*\]"
    r"|\"total\"\s*:\s*(?:\{\s*\"value\"\s*:\s*)?0(?![\d.])|\"hits\"\s*:\s*0(?![\d.])"
    r"|无匹配|没有匹配|未找到|没有找到|查询结果为空|结果为空",
    re.MULTILINE,
)
_NOT_ALNUM = re.compile(r"[\W_]+")
_SEARCH_WORD = re.compile(r"[^\W_]{3,}")
# an exact label matcher of a metrics query: `service="checkout"` (not `=~`, `!=`: a pattern or an exclusion)
_PREFIX_MATCH = re.compile(r"(?<![\w!=~])([a-z_][a-z0-9_]*)\s*=~\s*\"([a-z0-9][a-z0-9_.\-]*?)-?\.[*+]\"", re.IGNORECASE)
_LABEL_MATCH = re.compile(r"(?<![\w!=~])([a-z_][a-z0-9_]*)\s*=\s*\"([a-z0-9][a-z0-9_.:\-]*)\"", re.IGNORECASE)

# Argument keys whose (identifier-like) values name what a call is about. Matched on the key's last
# `_`-separated word too: `pod_name`, `kafka_cluster_name`, `topic_name`, `group_id`.
SUBJECT_KEYS = frozenset(
    {
        "service", "svc", "app", "application", "pod", "pod_name", "namespace", "ns", "host", "hostname",
        "node", "instance", "container", "deployment", "statefulset", "daemonset", "workload", "job",
        "cluster", "db", "database", "table", "bucket",
        "metric", "kind", "resource", "resource_type", "resource_name", "name", "target", "mount",
        "region", "zone", "url", "endpoint", "context",  # kubectl's --context names a cluster
        "member", "function", "function_name", "functionname", "collection", "index", "component",
    }
)
# Record filters select which records of a system a call returns (a consumer group's or topic's
# rows, one trace id): a value only there was never observed, even with a subject-like key name.
_FILTER_KEYS = frozenset({"topic", "group", "consumer_group", "queue", "trace_id", "span_id", "id", "request_id"})
# where a call's lines come from: a log group or stream, or the log file it read (not a "path", which may
# be the URL path a search filters on)
_LOG_SOURCE_KEYS = frozenset(
    {"log_group", "loggroup", "log_group_name", "log_stream", "log_stream_name", "source", "log_source"}
)
_LOG_FILE_KEYS = frozenset({"file", "log_file", "logfile", "file_path", "filepath", "filename"})
_PROGRAM_DIR = re.compile(r"[a-z]+(?:-[a-z]+)*")
_SUBJECT_SUFFIXES = ("_name", "_service", "_pod", "_namespace", "_host", "_node", "_cluster", "_context")
_NESTED_KEYS = frozenset({"dimensions", "labels", "selector", "filters", "tags", "target"})
_MAX_SUBJECT_CHARS = 253  # a DNS name's limit: longer values are text, not identifiers
_IDENTIFIER = re.compile(r"\S*[^\W\d_]\S*")  # no white space, at least one letter
_COMMAND_KEYS = frozenset({"args", "command", "cmd", "kubectl", "sql", "statement"})
# `describe pod indexer-0`, `logs deploy/api`, `get pod/api-0`: the object after its kind
_KUBECTL_OBJECT = re.compile(
    r"\b(?:get|describe|logs|top|delete|edit|rollout\s+\w+)\s+(?:[a-z]+/([a-z0-9][\w.\-]*)|[a-z]+\s+([a-z0-9][\w.\-]*))"
    # `kubectl logs [-f] pod-0 -c app`: logs takes a pod without its kind
    r"|\blogs\s+(?:(?:-c|-n|-l|--container|--namespace|--selector|--since|--tail|--context)\s+\S+\s+"
    r"|-{1,2}[a-z][\w\-]*(?:=\S+)?\s+)*([a-z0-9][\w.\-]*)(?![\w/])"
    # `kubectl exec [-n ns] pod -- cmd`, `helm status|history|diff revision|get values|rollback RELEASE`
    r"|\bexec\s+(?:-\S+\s+\S+\s+)*([a-z0-9][\w.\-]*)(?:\s+-\S+\s+[^\s-]\S*)*\s+--"
    r"|\bhelm\s+(?:status|history|rollback|upgrade|uninstall|diff\s+revision|diff\s+upgrade|get\s+\w+)\s+([a-z0-9][\w.\-]*)",
    re.IGNORECASE,
)
# what other commands connect to: `nc mc-1 11211`, `ssh edge-1`, `redis-cli -h cache-0`,
# `--function-name img-resize`, `curl http://logs-es:9200/...`
_COMMAND_TARGET = re.compile(
    r"\b(?:nc|ncat|telnet|ping|ssh|dig|nslookup|traceroute|mtr)\s+(?:-\S+\s+)*(?:[\w.\-]+@)?([a-z0-9][\w.\-]*)"
    r"|(?:\s-h|--host|--hostname|--function-name|--bootstrap-server|--instance-id|--db-instance-identifier"
    r"|--cluster-name|--server)[\s=]+([a-z0-9][\w.\-]*)"
    r"|https?://([a-z0-9][\w.\-]*)"
    r"|\b(?:datname|table_schema|db)\s*=\s*'([\w\-]+)'|\buse\s+`?([\w\-]+)`?\s*;",  # the database a query selects
    re.IGNORECASE,
)
# `mc admin info minio-prod`, `flagctl history order-detail.auto_refresh_tracking`, `systemctl status x`:
# the object a command reports on; `select … from pg_locks`: the table a query reads
_COMMAND_OBJECT = re.compile(
    r"\b(?:info|status|history|show|inspect)\s+(?:-{1,2}[a-z][\w\-]*(?:=\S+)?\s+)*([a-z0-9][\w.\-]*[a-z0-9_])(?![\w/])"
    r"|\bselect\b[^;|]*?\b(?:from|join)\s+([a-z_][\w.]*[a-z0-9_])(?![\w(])",
    re.IGNORECASE,
)
_INTERVAL = re.compile(r"(?<![\d:.])0?0:([0-5]\d):([0-5]\d(?:\.(\d{1,6}))?)(?![\d:])")
_URL = re.compile(r"https?://[^\s\"'|;]+", re.IGNORECASE)
# a REST path's resource and its id: `/api/v4/projects/412/jobs/889123/trace` reads job 889123
_URL_RESOURCE = re.compile(
    r"/(?:jobs|builds|pipelines|runs|tasks|executions|deployments|releases|instances|clusters|tickets|issues)"
    r"/([\w.\-]{3,64})(?=[/?\s\"']|$)",
    re.IGNORECASE,
)
_URL_PATH = re.compile(r"\bcurl\b[^|;]*?https?://[\w.\-]+(?::\d+)?(/[\w.\-/]*[\w])(?=[?\s\"']|$)", re.IGNORECASE)
# `openssl s_client -connect edge-01:443` connects to an address; `cat /etc/resolv.conf`,
# `grep ssl_protocols /etc/nginx/nginx.conf`: the output is that file's own lines
_COMMAND_ADDRESS_OR_FILE = re.compile(
    r"-connect[\s=]+([a-z0-9][\w.\-]*(?::\d{2,5})?)"
    # one file only: the lines of two files mixed are neither's
    r"|\b(?:cat|head|tail|less|more|stat)\s+(?:-\S+\s+(?:\d+\s+)?)*(/[\w.\-/]*\w)(?=\s*(?:$|[|;>&]))"
    r"|\bgrep\s+(?:-\S+\s+)*(?:'[^']*'|\"[^\"]*\"|[^\s|;]+)\s+(/[\w.\-/]*\w)(?=\s*(?:$|[|;>&]))",
    re.IGNORECASE,
)
_KUBECTL_SELECTOR = re.compile(r"(?:\s-l|--selector)[\s=]+[\w.\-/]+=([a-z0-9][\w.\-]*)", re.IGNORECASE)
_KUBECTL_FLAG = re.compile(r"(?:\s-n|--namespace|--context|\s-c|--container)[\s=]+([a-z0-9][\w.\-]*)", re.IGNORECASE)
_NUMBERS_PER_CALL = 2000
_STATUS_FIELD_BEFORE = re.compile(r"(?:rq|code|status|http|response|nginx|responses)_$")
_JVM_SIZE_FLAGS = frozenset({"-xmx"})  # the maximum heap; -Xms is the initial one, another figure
_ID_SUFFIX_DIGITS = 6  # a run this long after "name-" is the name's number (a job's, a build's), not a range
_INDEX_AFTER = 32  # distinct number lookups on one large output before its digit runs are indexed
_INDEX_MIN_CHARS = 1_000_000
# An integer standing alone exactly as `_literal_number_pattern(digits, clock=False)` requires it.
_STANDALONE_INT = re.compile(r"(?<![A-Za-z0-9._:])(?<!\d-)([0-9]++)(?!\d|\.\d|[a-z]*\d|:\d|-\d)")
_NAME_BEFORE_COLON = re.compile(r"[a-z][\w.\-]*$")
_SEP = "\x00"  # between JSON text and the strings inside it: no excerpt spans it
_LEADING_NUMBER = re.compile(r"[\d.,+\-]+")
_RIGHT_EDGE = re.compile(r"\d|\.\d|[a-z]*\d|:\d|-\d")  # what may not follow a stand-alone number
_RIGHT_EDGE_CLOCK = re.compile(r"\d|\.\d|[a-z]*\d")
_JSON_START = re.compile(r"\s*[\[{]")
_JSON_ESCAPED = re.compile(r'["\\\x00-\x1f]')  # what json.dumps(ensure_ascii=False) escapes


@dataclass(frozen=True)
class KnowledgeDoc:
    doc_id: str
    doc_type: str

    @property
    def is_guidance(self) -> bool:
        return self.doc_type.lower() in GUIDANCE_DOC_TYPES


class CallEvidence:
    """One tool call's output in the forms matching needs."""

    def __init__(self, call: ToolCall) -> None:
        self.call = call
        self._out_end = 0  # set with `flat`
        self._part_ends: list[int] = []  # where each text of the output ends in `flat` (+1), set with it
        self._literal_memo: dict[tuple[str, str], bool] = {}  # claims repeat numbers; outputs are large
        self._ints: set[str] | None = None
        self._views: dict[str, Any] = {}

    @_cached
    def ok(self) -> bool:
        return self.call.status == "ok"

    @_cached
    def text(self) -> str:
        """The output as the Executor saw it: the string itself, or its JSON text."""
        return output_text(self.call.output)

    @_cached
    def value(self) -> Any:
        """The output as a JSON value: itself, or a string output decoded when it is a JSON object
        or array (None for plain text). Decoding is tried only when it starts with { or [."""
        out = self.call.output
        if not isinstance(out, str):
            return out
        if not _JSON_START.match(out):
            return None
        try:
            decoded = json.loads(out)
        except ValueError:
            return None
        return decoded if isinstance(decoded, dict | list) else None

    @_cached
    def _texts(self) -> list[str]:
        """Every text the output is searched in: its text, the decoded JSON text of a string output,
        and the strings inside a JSON value that its JSON text shows escaped (quotes, newlines...).

        A string JSON shows verbatim is already in the JSON text, so it is not repeated: a metrics
        dump of a million short strings costs one text, not a million more.
        """
        texts = [self.text]
        value = self.value
        if value is None:
            return texts
        if isinstance(self.call.output, str):
            texts.append(json.dumps(value, ensure_ascii=False))
        if "\\" in texts[-1]:  # json.dumps escapes with a backslash: no backslash, nothing escaped
            texts.append(_SEP.join(s for s in _strings_in(value) if _JSON_ESCAPED.search(s)))
        return texts

    @_cached
    def norm(self) -> str:
        """Spec §6 normalisation of every text of the output (see `_texts`)."""
        return _SEP.join(normalize(t) for t in self._texts)

    @_cached
    def flat(self) -> str:
        """Folded output, white space kept, for token search with word boundaries; the call's
        subject identifiers (`subject`) follow it after `out_end`."""
        parts = [fold(t) for t in self._texts]
        self._out_end = sum(len(p) for p in parts) + len(parts) - 1
        self._part_ends = list(itertools.accumulate(len(p) + 1 for p in parts))  # each + its "\n"
        if self.subject:
            # after "\n\x00", not bare white space: no unit of the subject attaches to a number before it
            parts.append(f"\x00{self.subject}")
        return "\n".join(parts)

    @property
    def text_end(self) -> int:
        """Where `fold(self.text)` ends in `flat`, of which it is the first part."""
        return len(self.flat) and self._part_ends[0] - 1  # `flat` sets `_part_ends`

    @property
    def out_end(self) -> int:
        """Where the output part of `flat` ends: numbers and spoof checks look only before it."""
        return len(self.flat) and self._out_end

    @_cached
    def subject(self) -> str:
        """The folded identifier values of the subject arguments (service, pod, namespace...)."""
        return "\n".join(fold(v) for v in subject_values(self.call.arguments))

    @_cached
    def log_sources(self) -> frozenset[str]:
        """A log group and each of its path parts, whole: "/aws/lambda/order-events-consumer" names
        order-events-consumer, not order-events (no prefix of a name, as a pod's would be). A log file a
        call read names the program whose directory it is under /var/log and its own name:
        "/var/log/php-fpm/www-slow.log" names php-fpm and www-slow; "/var/log/remote/db-02/mysqld.log"
        names no db-02 (a collector's directory of another host), "/srv/pay-api/v2.4.1/app.log" no version."""
        names: set[str] = set()
        for key, value in self.call.arguments.items():
            if not isinstance(value, str):
                continue
            name = str(key).lower().replace("-", "_")
            folded = fold(value[:_MAX_SUBJECT_CHARS])
            if name in _LOG_SOURCE_KEYS:
                names.add(folded)
                names.update(part for part in folded.split("/") if part)
            elif name in _LOG_FILE_KEYS:
                names.update(_log_file_names(folded))
        return frozenset(names)

    @_cached
    def subject_ids(self) -> frozenset[str]:
        """The subject identifiers one by one (`subject`), numeric ids included."""
        return frozenset(self.subject.split("\n")) if self.subject else frozenset()

    @_cached
    def numbers(self) -> list[NumberMention]:
        """The output's numbers, each as often as the output states it: the other texts of one
        output (a string's decoded JSON, escaped strings) repeat its numbers, and a repeat would
        read as a second value ("97%" twice would make 100% a ratio of two equal values)."""
        flat = self.flat
        end = self.out_end
        if end < len(flat) and iter_numbers(self.subject, 1):
            flat = flat[:end]  # rare: a subject value holds a number of its own; copy the output part
        found = iter_numbers(flat, _NUMBERS_PER_CALL)
        ends = self._part_ends
        if len(ends) < 2:
            return found
        first = iter_numbers(flat[: ends[0] - 1], _NUMBERS_PER_CALL)
        if len(first) == len(found):
            return found
        kept = list(first)
        for start, stop in itertools.pairwise(ends):  # each other text of the output
            alternative = flat[start : stop - 1]
            shown = Counter(first)
            for number in iter_numbers(alternative, _NUMBERS_PER_CALL):
                if shown[number] > 0:
                    shown[number] -= 1
                else:
                    kept.append(number)
        return kept[:_NUMBERS_PER_CALL]

    @_cached
    def documents(self) -> list[KnowledgeDoc]:
        """Knowledge documents (objects with a `doc_type`) anywhere in the output."""
        if self.value is None or "doc_type" not in self.text:
            return []  # no walk over a large value that holds no document
        return [KnowledgeDoc(str(d.get("doc_id", "")), str(d["doc_type"])) for d in _docs_in(self.value)]

    @_cached
    def has_guidance(self) -> bool:
        return any(d.is_guidance for d in self.documents)

    @_cached
    def norm_without_guidance(self) -> str:
        """`norm` of the output with its guidance documents taken out (`norm` when it has none)."""
        if not self.has_guidance:
            return self.norm
        pruned = None if _is_guidance_doc(self.value) else _without_guidance(self.value)
        text = json.dumps(pruned, ensure_ascii=False)
        escaped = _SEP.join(s for s in _strings_in(pruned) if _JSON_ESCAPED.search(s))
        return f"{normalize(text)}{_SEP}{normalize(escaped)}"

    @_cached
    def flat_without_guidance(self) -> str:
        """`flat` of the output with its guidance documents taken out (`flat` when it has none)."""
        if not self.has_guidance:
            return self.flat
        pruned = None if _is_guidance_doc(self.value) else _without_guidance(self.value)
        return fold("\n".join([json.dumps(pruned, ensure_ascii=False), *_strings_in(pruned)]))

    def view(self, name: str, build: Callable[[CallEvidence], _T]) -> _T:
        """A view of this call that another stage derives from it, built once per call and session
        (parsed series, a glossary view...), so that per-claim checks never re-read a large output.

        Example:
            points = ev.view("series", lambda ev: parse_series(ev.call.output, ev.flat, ev.text_end))
        """
        if name not in self._views:
            self._views[name] = build(self)
        return self._views[name]

    def contains_excerpt(self, norm_excerpt: str) -> bool:
        return norm_excerpt in self.norm

    @_cached
    def reports_no_match(self) -> bool:
        """The output says its search or query found nothing."""
        return _NO_MATCH.search(self.flat, 0, self.text_end) is not None

    @_cached
    def searched(self) -> tuple[str, ...]:
        """What the call searched for, folded: its string arguments other than the subject it names
        ("query": "OOMKilled"); none when it names only a subject."""
        return tuple(
            fold(v) for k, v in self.call.arguments.items() if isinstance(v, str) and not _is_subject_key(str(k))
        )

    @_cached
    def searched_words(self) -> tuple[tuple[str, ...], ...]:
        """The words (three letters or more, no AND / NOT) of each thing the call searched for."""
        return tuple(tuple(w for w in _SEARCH_WORD.findall(v) if w not in ("and", "not")) for v in self.searched)

    @_cached
    def request_letters(self) -> str:
        """The letters and digits of all the call searched for, in order ("" when it names only a subject)."""
        return "".join(_NOT_ALNUM.sub("", v) for v in self.searched)

    def contains_token(self, token: str) -> bool:
        """In the output or among the subject identifiers; a claim's date ("11月29日") wherever the
        output writes that day, in any form (`dates`); a name with "_" also without it ("TIME_WAIT"
        over `ss -s`'s "timewait"); in the literal the call counted more than none of (`counted_words`)."""
        if contains_token(self.flat, token) or implied_in(token, self.flat, self.out_end):
            return True  # a product its output's format implies ("mysql" by "query_time:") counts too
        if token in self.log_sources:
            return True  # a log group is where the lines come from: "/aws/lambda/order-events-consumer"
        if self.counted_words and contains_token(self.counted_words, token):
            return True  # "grep -c 'NIC Link is Down'" answering 23: the phrase occurred 23 times
        if "_" in token and token.replace("_", "").isalpha() and contains_token(self.flat, token.replace("_", "")):
            return True
        plural_may_hold = len(token) >= _PLURAL_MIN_CHARS and token.isascii() and token.isalpha()
        if plural_may_hold and contains_token(self.flat, token + "s"):
            return True  # "DataNode" over "Live datanodes (9)"
        if plural_may_hold and len(token) >= _VERSIONED_MIN_CHARS and _versioned_in(self.flat, token):
            return True  # "sqlite" over "sqlite3", "python" over "python3"
        if len(token) >= _CAMEL_PART_CHARS and token.isascii() and token.isalpha() and token in self.flat:
            return _camel_part_in(self.text, token)  # "DiskPressure" of "NodeHasDiskPressure"
        address = _HOST_PORT.fullmatch(token)
        if address:  # "10.6.4.9:5432" over tcpdump's "10.6.4.9.5432", or a host and its port in one record
            host, port = address.groups()
            return contains_token(self.flat, f"{host}.{port}") or _on_one_line(self.flat, host, port)
        if "." in token and ("`" in self.flat or "(*" in self.flat):
            # "promo.coupons" of "`promo`.`coupons`", "Matcher.Match" of "eval.(*Matcher).Match"
            return contains_token(self.view("bare_names", _bare_names), token)
        member = _MEMBER.fullmatch(token)
        if member:  # "OrderFlowIT.shouldSettle" of Gradle's "OrderFlowIT > shouldSettle()", JUnit's "Class#method"
            owner, name = member.groups()
            if owner not in self.flat or name not in self.flat:
                return False  # two finds before any regex over a large output
            pattern = rf"(?<![\w.]){re.escape(owner)}\s?(?:>|#|::)\s?{re.escape(name)}(?![\w.])"
            return re.search(pattern, self.flat) is not None
        if not is_claim_date(token):
            return False
        day = claim_day(token)
        if day is None or not day_written(day, self.view("days", _days)):
            return False
        clock = claim_time(token)  # "2026-11-29 09:41" over "Sun, 29 Nov 2026 09:41:17 +0800"
        if clock is None or self.flat.find(clock) != -1:
            return True
        minute = int(clock[:2]) * 60 + int(clock[3:5])  # or an epoch timestamp's UTC time (`iter_numbers`)
        return any(n.kind == "clock" and int(n.value) // 60 == minute for n in self.numbers)

    def has_literal_number(self, number: NumberMention) -> bool:
        """The number as written occurs in the output (`literal_number_in`), arguments excluded.

        Each lookup of an absent number scans the whole output; past `_INDEX_AFTER` distinct
        lookups on a large output, its stand-alone integers are indexed in one scan, so that 500
        claims over 10 MB cost one scan, not 500.
        """
        key = (number.text, number.kind)
        found = self._literal_memo.get(key)
        if found is None:
            ints = self._standalone_ints() if number.kind != "clock" else None
            digits, _, has_unit = _literal_of(number) if ints is not None else ("", False, False)
            if ints is not None and digits.isascii() and digits.isdigit() and digits not in ints:
                found = False
            elif ints is not None and digits.isascii() and digits.isdigit() and not has_unit:
                found = True
            else:
                found = literal_number_in(self.flat, number, self.out_end, self._declared)
            self._literal_memo[key] = found
        return found

    @_cached
    def headed_figures(self) -> list[tuple[str, NumberMention]]:
        """The cells under table headers that name a unit ("wkB/s"), in base units, with their header."""
        return headed_figures(self.flat, self.out_end)

    @property
    def column_figures(self) -> list[NumberMention]:
        return [figure for _, figure in self.headed_figures]

    @_cached
    def interval_durations(self) -> list[NumberMention]:
        """The durations the output writes as intervals of no hours ("00:00:04.912", "0:03:12"), in
        seconds: PostgreSQL's `now() - query_start`, ps's TIME. A clock at midnight reads the same way,
        which a claim of seconds may not mean; it is only matched directly, never an operand."""
        text = self.flat[: self.out_end]
        if "0:" not in text:
            return []
        return [
            NumberMention(m.group(0), int(m[1]) * 60 + float(m[2]), "seconds", len(m[3] or ""), 1.0, False)
            for m in itertools.islice(_INTERVAL.finditer(text), _NUMBERS_PER_CALL)
        ]

    @_cached
    def declared_units(self) -> frozenset[Reading]:
        """Units the output declares for its bare numbers (`units.declared_units`)."""
        # and what the call's metrics query measures in (`histogram_quantile(…_seconds_bucket)`: seconds)
        own = declared_units(self.flat[: self.out_end], whole_tables=not is_compound_command(self.call.arguments))
        from_call = query_units(self.call.arguments) | command_units(self.call.arguments)  # `free -m`: MiB
        # the output's own word wins over its query's name: `…_size_bytes` answered with "unit": "GiB"
        own_kinds = {kind.removeprefix("all:") for kind, _ in own}
        return own | frozenset(r for r in from_call if r[0].removeprefix("all:") not in own_kinds)

    def _declared(self) -> frozenset[Reading]:
        return self.declared_units

    def _standalone_ints(self) -> set[str] | None:
        if self._ints is None and len(self._literal_memo) >= _INDEX_AFTER and self.out_end >= _INDEX_MIN_CHARS:
            self._ints = _standalone_ints(self.flat, self.out_end)
        return self._ints

    def holds_word(self, word: str, done_forms: bool = False) -> bool:
        """An ordinary word is in the output or subject, or is what the call lists ("pod" of `get pods`,
        `subject_meaning`), or names a product its output's format implies ("mysql" by "query_time:").
        `done_forms`: a finished state needs its past form (`content_words.word_in`)."""
        return (
            word_in(self.flat, word, done_forms)
            # a product the output's format, or the call's own subject, implies ("-c istio-proxy": a sidecar)
            or implied_in(word, self.flat) is not None
            or word_in(self.listed_kinds, word)
            or word_in(self.measured, word)
            or word_in(self.command_words, word)  # "jstack 4187", "openssl s_client": what the call ran
            or word_in(self.tool_words, word)  # "kubectl_memory_requests_namespace": what the tool lists
            or word == self.tool_words.replace(" ", "")  # "mqadmin" of `mq_admin`
            or word_in(self.source_words, word)  # "Loki 日志显示" of a search with backend "loki"
        )

    @_cached
    def source_words(self) -> str:
        """The backend the call read from, as its arguments name it ("backend": "loki"), folded: its
        source, never what it found."""
        return " ".join(
            fold(value) for key, value in self.call.arguments.items()
            if key.lower() in _SOURCE_KEYS and isinstance(value, str) and len(value) <= _MAX_SOURCE
        )

    @_cached
    def tool_words(self) -> str:
        """The words of the tool's name ("kubectl memory requests namespace"), folded."""
        return fold(self.call.tool_name.replace("_", " ").replace("-", " "))

    @_cached
    def command_words(self) -> str:
        """The tools, subcommands and flags the call's command names (`query_meaning.command_words`)."""
        return command_words(self.call.arguments)

    @_cached
    def counted_words(self) -> str:
        """The literal the call's command counts the lines of, when its output counts more than none
        (`query_meaning.counted_pattern`): "grep -c 'NIC Link is Down'" answering 23 saw it 23 times."""
        pattern = counted_pattern(self.call.arguments)
        count = self.text.strip() if pattern else ""
        return pattern if pattern and count.isdigit() and int(count) > 0 else ""

    @_cached
    def query_meaning(self) -> str:
        """What the call's metrics query measures, in glossary words (`query_meaning`), once per call."""
        return query_meaning(self.call.arguments)

    @_cached
    def measured(self) -> str:
        """The words of the metric names the call's query reads ("grpc server handling seconds bucket"):
        what it measures, never a label value it selects or excludes (`service!="checkout"`)."""
        return metric_words(self.call.arguments)

    @_cached
    def listed_kinds(self) -> str:
        """What the call's arguments say its output is about ("cluster", "pod"), folded."""
        return subject_meaning(self.call.arguments)

    def output_contains_token(self, token: str) -> bool:
        return contains_token(self.flat, token, self.out_end)


_SOURCE_KEYS = frozenset({"backend", "source", "datasource", "data_source", "engine", "store"})
_MAX_SOURCE = 40


class TraceIndex:
    """All tool calls of one session, by invocation id."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.calls: dict[str, CallEvidence] = {c.invocation_id: CallEvidence(c) for c in session.tool_calls}
        # the Gatekeeper, the evidence facts and the checkers ask the same questions of the same bindings
        self._excerpt_memo: dict[tuple[str, tuple[str, ...]], bool] = {}
        self._guidance_memo: dict[tuple[str, str, str, tuple[str, ...]], bool] = {}
        self._norm_memo: dict[str, str] = {}
        self._observed_memo: dict[tuple[str, ...], list[CallEvidence]] = {}
        self._split_memo: dict[tuple[str, ...], tuple[list[CallEvidence], list[CallEvidence]]] = {}

    @_cached
    def query_flat(self) -> str:
        return fold(self.session.original_query)

    @_cached
    def arguments_flat(self) -> str:
        """Every call's arguments, folded: words the Executor asked with ("app=order"), never evidence."""
        return fold("\n".join(json.dumps(c.arguments, ensure_ascii=False) for c in self.session.tool_calls))

    def get(self, invocation_id: str) -> CallEvidence | None:
        return self.calls.get(invocation_id)

    def existing(self, invocation_ids: Iterable[str]) -> list[CallEvidence]:
        """The cited calls that exist, failed ones included (for references and `evidence_refs`)."""
        return [self.calls[i] for i in invocation_ids if i in self.calls]

    def observed(self, invocation_ids: Iterable[str]) -> list[CallEvidence]:
        """The cited calls whose output is evidence: they exist and have `status: "ok"` (a list
        shared by every caller that asks for the same ids: read it, do not change it)."""
        key = tuple(invocation_ids)
        found = self._observed_memo.get(key)
        if found is None:
            calls = self.calls
            found = self._observed_memo[key] = [ev for i in key if (ev := calls.get(i)) is not None and ev.ok]
        return found

    def _split(self, cited: Iterable[str]) -> tuple[list[CallEvidence], list[CallEvidence]]:
        """(the ok cited calls, every other call: not cited, or cited and failed), once per citation."""
        key = tuple(cited)
        split = self._split_memo.get(key)
        if split is None:
            ids = set(key)
            calls = self.calls
            inside = [ev for i in ids if (ev := calls.get(i)) is not None and ev.ok]
            outside = [ev for i, ev in calls.items() if i not in ids or not ev.ok]
            split = self._split_memo[key] = (inside, outside)
        return split

    # --- bindings -----------------------------------------------------------------------------

    def binding_usable(self, binding: EvidenceBinding) -> tuple[bool, str | None]:
        """Is the binding usable evidence? The hard-fact evidence check of spec §8.

        A binding is usable when every invocation it cites exists, not all of them failed, each has
        the binding's `tool_name`, its excerpt is found in an ok cited output (`excerpt_found`), and
        it does not point at guidance (`binding_is_guidance`).

        Returns:
            `(True, None)`, or `(False, reason)` with the first failing test's reason, in this order:
            `FABRICATED` ("fabricated invocation"), `FAILED_ONLY` ("only failed calls"),
            `TOOL_MISMATCH` ("tool mismatch"), `EXCERPT_NOT_FOUND` ("excerpt not found"),
            `GUIDANCE` ("guidance"), `QUERY_ECHO` ("query echo": `excerpt_echoes_query`).
        """
        ids = binding.source_invocation_ids
        if not ids or any(i not in self.calls for i in ids):
            return False, FABRICATED
        calls = self.existing(ids)
        if not any(ev.ok for ev in calls):
            return False, FAILED_ONLY
        if any(ev.call.tool_name != binding.tool_name for ev in calls):
            return False, TOOL_MISMATCH
        if not self.excerpt_found(binding):
            return False, EXCERPT_NOT_FOUND
        if self.binding_is_guidance(binding):
            return False, GUIDANCE
        if self.excerpt_echoes_query(binding):
            return False, QUERY_ECHO
        return True, None

    def excerpt_echoes_query(self, binding: EvidenceBinding) -> bool:
        """The excerpt is only the call's own request, echoed back by an output that reports no match
        (`Search query: "OOMKilled" ... No matching log lines found`): what was searched for, not found.
        Spec §6: a text that is only in the arguments was never observed; its echo is not either."""
        calls = self.observed(binding.source_invocation_ids)
        if not any(ev.request_letters for ev in calls):
            return False  # nothing was searched for: most calls name only their subject
        quoted = _NOT_ALNUM.sub("", fold(binding.evidence_excerpt))
        if len(quoted) < 3 or not any(quoted in ev.request_letters for ev in calls):
            return False
        excerpt = self._normalized(binding.evidence_excerpt)
        holding = [ev for ev in calls if ev.contains_excerpt(excerpt)]
        return bool(holding) and all(quoted in ev.request_letters and ev.reports_no_match for ev in holding)

    def excerpt_found(self, binding: EvidenceBinding) -> bool:
        """Spec §6 `evidence.excerpt`: the excerpt (at least 2 letters or digits) is in the output of
        a referenced call that exists and did not fail. Arguments are not searched."""
        key = (binding.evidence_excerpt, tuple(binding.source_invocation_ids))
        if key not in self._excerpt_memo:
            quoted = fold(binding.evidence_excerpt)
            found = False
            if substantive(quoted):  # white space is no letter or digit: the normalised excerpt counts the same
                calls = self.observed(binding.source_invocation_ids)
                # quoted verbatim (white space and all) in an output's own folded text, which the claims
                # need anyway: found without normalising the whole output; otherwise spec §6 matching
                found = any(ev.flat.find(quoted, 0, ev.text_end) != -1 for ev in calls)
                if not found:
                    excerpt = self._normalized(binding.evidence_excerpt)
                    found = any(ev.contains_excerpt(excerpt) for ev in calls)
            self._excerpt_memo[key] = found
        return self._excerpt_memo[key]

    def excerpt_in_failed_only(self, binding: EvidenceBinding) -> bool:
        """Every cited call exists and failed, and the excerpt is in one of their outputs: the case
        `evidence.failed_call` reports (a warning) rather than `evidence.excerpt`."""
        calls = self.existing(binding.source_invocation_ids)
        if not calls or len(calls) < len(binding.source_invocation_ids) or any(ev.ok for ev in calls):
            return False
        excerpt = self._normalized(binding.evidence_excerpt)
        return substantive(excerpt) and any(ev.contains_excerpt(excerpt) for ev in calls)

    def excerpt_problem(self, binding: EvidenceBinding) -> str | None:
        """Why `excerpt_found` is false, in words for a finding's detail (None when it is found)."""
        if self.excerpt_found(binding):
            return None
        excerpt = normalize(binding.evidence_excerpt)
        where = ", ".join(binding.source_invocation_ids)
        if not substantive(excerpt):
            return "is too short to be evidence (fewer than 2 letters or digits)"
        calls = self.existing(binding.source_invocation_ids)
        failed = [ev.call.invocation_id for ev in calls if not ev.ok and ev.contains_excerpt(excerpt)]
        if failed:
            return f"is found only in the output of failed call(s) {', '.join(failed)}"
        if any(excerpt in normalize(json.dumps(ev.call.arguments, ensure_ascii=False)) for ev in calls):
            return f"is found only in the arguments of {where}, not in an output"
        return f"is not found in {where}"

    def binding_is_guidance(self, binding: EvidenceBinding) -> bool:
        """The binding points at a runbook, skill or historical case rather than incident evidence.

        True when its `source_type` is a guidance type, when its `source_id` names a guidance
        document of a cited output, or when its excerpt is found in the ok cited outputs only inside
        guidance documents (whatever `source_type` / `source_id` claim).
        """
        key = (binding.source_type, binding.source_id, binding.evidence_excerpt, tuple(binding.source_invocation_ids))
        if key not in self._guidance_memo:
            self._guidance_memo[key] = self._is_guidance(binding)
        return self._guidance_memo[key]

    def _is_guidance(self, binding: EvidenceBinding) -> bool:
        if binding.source_type.lower() in GUIDANCE_DOC_TYPES:
            return True
        calls = [ev for ev in self.observed(binding.source_invocation_ids) if ev.has_guidance]
        if not calls:
            return False
        if any(d.is_guidance and d.doc_id == binding.source_id for ev in calls for d in ev.documents):
            return True
        excerpt = self._normalized(binding.evidence_excerpt)
        if not substantive(excerpt):
            return False
        holding = [ev for ev in calls if ev.contains_excerpt(excerpt)]
        return bool(holding) and not any(excerpt in ev.norm_without_guidance for ev in holding)

    def _normalized(self, excerpt: str) -> str:
        if excerpt not in self._norm_memo:
            self._norm_memo[excerpt] = normalize(excerpt)
        return self._norm_memo[excerpt]

    # --- entities, words, numbers -------------------------------------------------------------

    def word_anywhere(self, word: str) -> bool:
        """An ordinary word occurs in some tool output, a call's subject or arguments, or the operator's
        question: no word the claim adds (whether the cited output carries it is asked apart)."""
        return (
            word_in(self.query_flat, word)
            or any(ev.holds_word(word) for ev in self.calls.values())
            or word_in(self.arguments_flat, word)
        )

    def token_location(self, token: str, cited: Iterable[str]) -> Location:
        """Where an entity (already folded) appears: in an ok cited call (output or subject
        identifiers), elsewhere in the trace (failed calls included), nowhere."""
        inside, outside = self._split(cited)
        if any(ev.contains_token(token) for ev in inside):
            return "cited"
        if any(ev.contains_token(token) for ev in outside):
            return "trace"
        return "nowhere"

    def number_location(
        self, number: NumberMention, cited: Iterable[str], sums: bool = True, spans: bool = True
    ) -> Location:
        """Where a number appears or follows from: ok cited outputs, elsewhere in the trace, nowhere.
        Arguments never count; arithmetic runs only over the ok cited outputs, sums of two values only
        with `sums` (the claim says it adds up: `wording.TOTAL`), gaps between two clocks only with `spans`
        (the claim speaks of a span: `wording.speaks_of_a_span`)."""
        inside, outside = self._split(cited)
        if _number_in(number, inside, sums=sums, spans=spans):
            return "cited"
        if _number_in(number, outside, derive=False):
            return "trace"
        return "nowhere"

    def number_anywhere(self, number: NumberMention, sums: bool = False) -> bool:
        """A number with no citation: literal or converted in any output, or derived within one ok output
        (a sum only with `sums`: the sentence says it adds up, `wording.TOTAL`)."""
        calls = list(self.calls.values())
        if _number_in(number, calls, derive=False):
            return True
        return any(follows_by_arithmetic(number, ev.numbers, sums) for ev in calls if ev.ok)

    def spoofed_tokens(self, text: str) -> list[str]:
        """Look-alike identifiers of `text` (`spoofing.mixed_script_tokens`) that no tool output holds
        in that exact folded form: a spoofed identifier, absent from the trace (a hard fact)."""
        tokens = mixed_script_tokens(text)
        if not tokens:
            return []
        calls = list(self.calls.values())
        return [t for t in tokens if not any(ev.output_contains_token(t) for ev in calls)]


def _days(ev: CallEvidence) -> frozenset[Day]:
    return days_in(ev.flat)


def output_text(output: Any) -> str:
    if isinstance(output, str):
        return output
    return json.dumps(output, ensure_ascii=False)


def subject_values(arguments: dict[str, Any]) -> Iterator[str]:
    """Identifier values of the arguments that name what a call is about (`SUBJECT_KEYS`).

    Only strings without white space that hold a letter: a free-text query, a number, a time
    window or a limit is never a subject.
    """
    for key, value in arguments.items():
        if str(key).lower() in QUERY_KEYS and isinstance(value, str):
            yield from _selected_subjects(value)
        if str(key).lower() in _COMMAND_KEYS and isinstance(value, str):
            yield from _kubectl_subjects(value)
        if isinstance(value, dict) and str(key).lower() in _NESTED_KEYS:  # CloudWatch's {"FunctionName": ...}
            yield from subject_values(value)
            continue
        if isinstance(value, str) and str(key).lower() in _SELECTOR_KEYS:
            yield from _selector_subjects(value)  # "app.kubernetes.io/name=fluent-bit": fluent-bit's pods
            continue
        if not _is_subject_key(str(key)):
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and len(item) <= _MAX_SUBJECT_CHARS and _IDENTIFIER.fullmatch(item):
                yield item


_SELECTOR_KEYS = frozenset({"selector", "label_selector", "labelselector", "labels"})
_SELECTOR_PAIR = re.compile(r"([a-z0-9][\w./\-]*)\s*==?\s*([a-z0-9][\w.\-]*)", re.IGNORECASE)


def _selector_subjects(selector: str) -> Iterator[str]:
    """The values a label selector matches exactly, under a key that names a subject (its last part:
    "app.kubernetes.io/name", "app", "k8s-app")."""
    for key, value in _SELECTOR_PAIR.findall(selector[:_MAX_SUBJECT_CHARS]):
        last = re.split(r"[./]", key)[-1]
        if (_is_subject_key(last) or last in ("component", "k8s_app", "k8s-app")) and _IDENTIFIER.fullmatch(value):
            yield value


def _kubectl_subjects(command: str) -> Iterator[str]:
    """The objects a kubectl command names (`describe pod indexer-0 -n search`: indexer-0, search),
    as `pod` / `namespace` arguments would; the command itself is never an observation."""
    text = command[:MAX_QUERY_CHARS]
    for m in _KUBECTL_OBJECT.finditer(text):
        name = next((g for g in m.groups() if g), None)
        if name and len(name) <= _MAX_SUBJECT_CHARS and _IDENTIFIER.fullmatch(name):
            yield name
    for m in _KUBECTL_FLAG.finditer(text):
        if _IDENTIFIER.fullmatch(m.group(1)):
            yield m.group(1)
    for m in _KUBECTL_SELECTOR.finditer(text):  # `-l app=cart`: the label selects cart's pods
        if _IDENTIFIER.fullmatch(m.group(1)):
            yield m.group(1)
    for url in _URL.findall(text):  # `…/projects/412/jobs/889123/trace`: the job it reads
        for m in _URL_RESOURCE.finditer(url):
            yield m.group(1)
    for m in _URL_PATH.finditer(text):  # `curl -sI http://127.0.0.1/healthz`: the output answers that path
        yield m.group(1)
    for m in _COMMAND_ADDRESS_OR_FILE.finditer(text):
        name = next((g for g in m.groups() if g), "")
        if name and len(name) <= _MAX_SUBJECT_CHARS and _IDENTIFIER.fullmatch(name):
            yield name
    for m in _COMMAND_OBJECT.finditer(text):
        name = next((g for g in m.groups() if g), "")
        if len(name) <= _MAX_SUBJECT_CHARS and _IDENTIFIER.fullmatch(name):
            yield name
            if "." in name:  # a flag or a table under its namespace names the flag or table too
                yield name.rsplit(".", 1)[1]
    for m in _COMMAND_TARGET.finditer(text):  # the host or function another command connects to
        name = next((g for g in m.groups() if g), "").rstrip(".")
        if name and len(name) <= _MAX_SUBJECT_CHARS and _IDENTIFIER.fullmatch(name):
            yield name


_METRIC_SELECTOR = re.compile(r"(?<![\w\"'.:/$-])([a-zA-Z_:][a-zA-Z0-9_:]*_[a-zA-Z0-9_:]+)\s*(?=[{\[])")


def _selected_subjects(query: str) -> Iterator[str]:
    """The subjects a metrics query selects by an exact label match (`{service="checkout"}`), or by a
    pattern's fixed prefix (`{pod=~"pay-core-.*"}`: pay-core): what the call is about, as a `service`
    argument would say."""
    # the metric a PromQL selector reads (`container_memory_working_set_bytes{pod="…"}`, `x_total[5m]`):
    # the output's values are that metric's
    yield from (m.group(1).lower() for m in _METRIC_SELECTOR.finditer(query[:MAX_QUERY_CHARS]))
    if "=" not in query:
        return
    for key, value in _LABEL_MATCH.findall(query[:MAX_QUERY_CHARS]):
        if _is_subject_key(key) and len(value) <= _MAX_SUBJECT_CHARS and _IDENTIFIER.fullmatch(value):
            yield value
    for key, prefix in _PREFIX_MATCH.findall(query[:MAX_QUERY_CHARS]):
        if _is_subject_key(key) and _IDENTIFIER.fullmatch(prefix):
            yield prefix


def literal_number_in(
    haystack: str,
    number: NumberMention,
    end: int | None = None,
    declared: Callable[[], frozenset[Reading]] | None = None,
) -> bool:
    """The number as written occurs in `haystack[:end]`, not part of a longer number nor of a UTC
    offset ("UTC+8"), and in a unit that agrees with the claimed one (`units.occurrence_agrees`:
    "350 秒" is not in "p99=350ms"). `declared` gives the units the text declares for its bare
    numbers, asked only when a bare occurrence needs them (read from the haystack when None)."""
    digits, clock, has_unit = _literal_of(number)
    stop = len(haystack) if end is None else end
    if not digits:
        # a number in parts or with 万 / 亿 ("2分12秒", "1.6万条"): the same value written in the text
        return not clock and matches_directly(number, iter_numbers(haystack[:stop], _NUMBERS_PER_CALL))
    if not has_unit:
        return _has_literal(haystack, digits, clock, stop, bare=number.kind in ("plain", "count"))
    ends = _literal_ends(haystack, digits, clock, stop)
    if declared is None:
        declared = functools.partial(declared_units, haystack[:stop])
    return any(occurrence_agrees(number, haystack, e, declared) for e in ends)


def _literal_ends(haystack: str, digits: str, clock: bool, stop: int) -> Iterator[int]:
    """Where each stand-alone occurrence of `digits` in `haystack[:stop]` ends.

    Short digit strings are frequent: a compiled pattern scans for them in C. Longer ones are rare
    and nearly every session has its own: `str.find` plus the same edge tests costs no compilation.
    """
    if len(digits) <= 2:
        yield from (m.end() for m in _literal_number_pattern(digits, clock).finditer(haystack, 0, stop))
        return
    right = _RIGHT_EDGE_CLOCK if clock else _RIGHT_EDGE
    i = haystack.find(digits, 0, stop)
    while i != -1:
        e = i + len(digits)
        if _left_edge_ok(haystack, i, clock, len(digits)) and not right.match(haystack, e, stop):
            yield e
        i = haystack.find(digits, i + 1, stop)


def _has_literal(haystack: str, digits: str, clock: bool, stop: int, bare: bool = False) -> bool:
    """`_literal_ends` yields something: the first stand-alone occurrence is enough."""
    if len(digits) <= 2:
        return _literal_number_pattern(digits, clock).search(haystack, 0, stop) is not None
    right = _RIGHT_EDGE_CLOCK if clock else _RIGHT_EDGE
    i = haystack.find(digits, 0, stop)
    while i != -1:
        if _left_edge_ok(haystack, i, clock, len(digits), bare) and not right.match(haystack, i + len(digits), stop):
            return True
        i = haystack.find(digits, i + 1, stop)
    return False


def _left_edge_ok(text: str, i: int, clock: bool, digits: int = 0, bare: bool = False) -> bool:
    """The left edge tests of `_literal_number_pattern`, at position `i`. A `bare` figure (no unit: an
    id, a version, a status) may also end an identifier ("Job 29401320" over "billing-reconcile-29401320"),
    follow a version's "v" ("TLSv1.2") or a stat's name ("upstream_rq_503"); any may follow -Xmx."""
    if i == 0:
        return True
    before = text[i - 1]
    if not clock and text[i - 4 : i] in _JVM_SIZE_FLAGS:
        return True  # "-Xmx12g": the maximum heap
    if bare and digits >= _ID_SUFFIX_DIGITS and before == "-" and i >= 2 and "a" <= text[i - 2] <= "z":
        return True
    if bare and before == "v" and (i < 2 or not text[i - 2].isalnum() or text[i - 4 : i - 1] in ("tls", "ssl")):
        return True  # a version: "v1.25", "TLSv1.2"
    if bare and before == "_" and digits == 3 and _STATUS_FIELD_BEFORE.search(text, max(0, i - 12), i):
        return True  # a status code in a stat's name: "upstream_rq_503: 2291"
    if clock and before == "t" and i >= 2 and text[i - 2].isdigit():
        return True  # an ISO time after its date: "2026-11-28t14:03"
    if clock and before == ":" and i >= 5 and text[i - 5 : i - 1].isdigit() and not text[i - 6 : i - 5].isdigit():
        return True  # nginx's and Apache's "30/nov/2026:06:12:44": a time after its year
    if before == ":" and i >= 2 and text[i - 2] == '"':
        return True  # compact JSON: "status":503
    if bare and before == ":" and i >= 4 and text[i - 4 : i - 1].isalpha() and text[i - 4 : i - 1].isascii():
        return True  # a key glued to its value: "(pid:412)", "code:202"
    if bare and before == ":" and digits >= 3 and _NAME_BEFORE_COLON.search(text, max(0, i - 48), i - 1):
        return True  # a process's id after its name: "[qemu-system-x86:7720]" (no clock writes three digits)
    if before in "._:" or (before.isascii() and before.isalnum()):
        return False
    if i >= 2 and before in "+-":
        two = text[i - 2]
        if (before == "-" and two.isdigit() and not clock and digits <= 2) or ("a" <= two <= "z"):
            # a date's part ("11-28"), a UTC offset ("utc+8"); a clock or a longer figure ends a range
            # ("08:00-09:00", a GTID set's "1-48823190")
            return False
    return True


_PLURAL_MIN_CHARS = 4
_MEMBER = re.compile(r"([a-z_][a-z0-9_]{2,})\.([a-z_][a-z0-9_]{2,})")
_HOST_PORT = re.compile(r"([a-z0-9][\w.\-]*):(\d{2,5})")


def _on_one_line(flat: str, host: str, port: str) -> bool:
    """The host and, as a number of its own, the port right after it on its line or in its JSON record
    (`{"IP": "10.20.3.11", "Port": 8080}`): within `_PORT_REACH` characters, before the next host-like
    value or record."""
    at = flat.find(host)
    for _ in range(_ROW_LOOKUPS):
        if at == -1:
            return False
        stop = at + len(host) + _PORT_REACH
        window = flat[at + len(host) : stop]
        record, _, sibling = window.split("\n", 1)[0].partition("}")  # its line, its JSON object
        if any(m.group(0) == port for m in _PORT_NUMBER.finditer(record)):
            return True
        # a dimension list names the port in the next record: {"Name": "vip", …}, {"Name": "lbPort", …}
        sibling = sibling.split("}", 1)[0]
        named_port = "port" not in record and "]" not in sibling and _PORT_DIMENSION.search(sibling)
        if named_port and any(m.group(0) == port for m in _PORT_NUMBER.finditer(sibling)):
            return True
        at = flat.find(host, at + 1)
    return False


_PORT_REACH = 60
# the next record of a dimension list is the port's: {"Name": "loadBalancerPort", "Value": "443"}
_PORT_DIMENSION = re.compile(r"""^\W*["']?name["']?\s*:\s*["']?\w*port["']?\s*,\s*["']?value["']?\s*:""")
_PORT_NUMBER = re.compile(r"(?<![\w.])\d{2,5}(?![\w.])")


def _bare_names(ev: CallEvidence) -> str:
    return _QUOTING.sub("", ev.flat)


_QUOTING = re.compile(r"[`\"']|\(\*|\)")
_ROW_LOOKUPS = 64
_CAMEL_PART_CHARS = 6


def _log_file_names(path: str) -> set[str]:
    """The names a log file's path gives its lines: the program directory under /var/log (letters and
    hyphens: not a host's, /var/log/db-02/) and the file's own stem (`CallEvidence.log_sources`)."""
    parts = [p for p in path.split("/") if p]
    names = set()
    if len(parts) >= 4 and parts[:2] == ["var", "log"] and _PROGRAM_DIR.fullmatch(parts[2]):
        names.add(parts[2])
    if parts:
        stem = parts[-1].split(".")[0]
        if stem and not stem[0].isdigit():
            names.add(stem)
    return names


_VERSIONED_MIN_CHARS = 5


def _versioned_in(flat: str, token: str) -> bool:
    """The name with one version digit glued to it, as a word: "sqlite3", "python3", not "web12" (finds
    only, no regex over a large output per name)."""
    at = flat.find(token)
    while at != -1:
        end = at + len(token)
        before, version, after = flat[at - 1 : at], flat[end : end + 1], flat[end + 1 : end + 2]
        glued_before = before.isascii() and (before.isalnum() or before in ("_", "-")) and before != ""
        glued_after = after.isascii() and (after.isalnum() or after == "_") and after != ""
        if version.isdecimal() and not glued_before and not glued_after:
            return True
        at = flat.find(token, at + 1)
    return False


def _camel_part_in(raw: str, token: str) -> bool:
    """The (folded) token is a whole CamelCase part of a word of the raw text: it starts at a capital
    after a lower-case letter and ends the word or before another capital."""
    for m in re.finditer(re.escape(token), raw, re.IGNORECASE):
        start, end = m.start(), m.end()
        starts = start > 0 and raw[start].isupper() and raw[start - 1].islower()
        ends = end == len(raw) or not raw[end].isalnum() or raw[end].isupper()
        before = _CAMEL_WORD_BEFORE.search(raw, max(0, start - 16), start)
        if starts and ends and not (before and before.group(0) in _CAMEL_NEGATORS):
            return True  # (not after "No": NodeHasNoDiskPressure says there is none)
    return False


_CAMEL_WORD_BEFORE = re.compile(r"[A-Z][a-z]*$")
_CAMEL_NEGATORS = frozenset({"No", "Not", "Non", "Un", "Without", "Sufficient", "Insufficient", "Never"})


def clear_caches() -> None:
    """Forget the per-number work kept across sessions (for benchmarks over distinct sessions)."""
    _literal_of.cache_clear()
    _leading_number.cache_clear()


@functools.lru_cache(maxsize=4096)
def _literal_of(number: NumberMention) -> tuple[str, bool, bool]:
    """(digits as written, is it a clock time, does a unit follow the digits): what the literal search
    reads of a number, worked out once per number (several outputs and stages look for it)."""
    return _digits_of(number), number.kind == "clock", _has_unit(number)


def _has_unit(number: NumberMention) -> bool:
    return number.kind != "clock" and bool(readings(number.text[len(_leading_number(number.text)) :]))


@functools.lru_cache(maxsize=1024)
def _is_subject_key(key: str) -> bool:
    key = key.lower().replace("-", "_")
    if key in _FILTER_KEYS or key.endswith(("_id", "_topic", "_group")):
        return False
    return key in SUBJECT_KEYS or key.endswith(_SUBJECT_SUFFIXES)


_COLUMN_KINDS = frozenset({"bytes", "seconds"})


def _number_in(
    number: NumberMention, calls: list[CallEvidence], derive: bool = True, sums: bool = True, spans: bool = True
) -> bool:
    """Literally, after unit conversion, or (with `derive`) by one step of arithmetic.

    Arithmetic is allowed only over the outputs a claim cites: over the whole trace almost any
    number follows from some pair of unrelated values.
    """
    if not calls:
        return False
    for ev in calls:  # a loop, not any(): this runs for every number of every claim
        if ev.has_literal_number(number):
            return True
    for ev in calls:  # each output's numbers with the units it declares ("1315 秒" is not a series in ms)
        if matches_directly(number, ev.numbers, ev._declared):
            return True
    if number.kind in _COLUMN_KINDS and any(matches_directly(number, ev.column_figures) for ev in calls):
        return True  # "约 213 MiB" over iostat's "wkB/s ... 218240.0"
    if number.kind == "seconds" and any(matches_directly(number, ev.interval_durations) for ev in calls):
        return True  # "已等待 4.9 秒" over PostgreSQL's interval "00:00:04.912"
    if not derive:
        return False
    if follows_by_arithmetic(number, [n for ev in calls for n in _operands(ev, number.kind)], sums, spans):
        return True
    # "6 天涨了 36.2 GiB" over a series whose bare points the output declares in GiB: its values in that unit
    declared = [
        n._replace(kind=number.kind, value=n.value * f, factor=f)
        for ev in calls
        for f in _one_declared_scale(whole_kinds(ev._declared()).get(number.kind, ()), number.kind)
        for n in ev.numbers
        if n.kind == "plain"
    ]
    return bool(declared) and follows_by_arithmetic(number, declared, sums, spans)


def _operands(ev: CallEvidence, kind: str) -> list[NumberMention]:
    """The output's numbers as operands for a figure of `kind`: its bare numbers only when the output declares
    no unit of that kind for all of them (a series "unit: ms" holds no bare seconds: it is read in its unit below)."""
    if kind not in CHECKED_KINDS or not whole_kinds(ev._declared()).get(kind):
        return ev.numbers
    return [n for n in ev.numbers if n.kind != "plain"]


def _one_declared_scale(factors: tuple[float, ...], kind: str) -> tuple[float, ...]:
    """The factors of the one unit an output declares for its bare numbers of a kind, none when it
    declares several ("unit": "TiB" for one series and "GiB" for another: whose is a point, it does not say)."""
    per_unit = 2 if kind == "bytes" else 1  # a size reads in powers of 1000 and 1024
    return factors if len(factors) <= per_unit else ()


@functools.lru_cache(maxsize=4096)
def _literal_number_pattern(digits: str, clock: bool) -> re.Pattern[str]:
    """`digits` standing alone: the literal comes first, so the engine's fast prefix scan does the work.

    Not glued to a longer number, a clock time or a date ("21" is not in "10:21:05" or "2026-11-21"),
    nor part of an identifier ("p99", "trace_id=87d6cc8e"); a unit may follow ("30000ms"), and an ISO
    time may follow its date ("2026-11-28t14:03").
    """
    lit = re.escape(digits)
    # (a clock after a dash is the end of a range, "08:00-09:00"; a figure after one is a date's day)
    left = rf"(?<![A-Za-z0-9._:]{lit})" + ("" if clock else rf"(?<!\d-{lit})") + rf"(?<![a-z][+-]{lit})"
    if not clock:  # a slashed date's month or day ("2026/03/14"), a CIDR prefix ("10.12.32.0/20")
        left += rf"(?<!\d{{4}}/{lit})(?<!\d{{4}}/\d/{lit})(?<!\d{{4}}/\d\d/{lit})"
        left += rf"(?<!\.\d/{lit})(?<!\.\d\d/{lit})(?<!\.\d\d\d/{lit})"
    # an ISO time right after its date ("2026-11-28t14:03"); the maximum heap's glued value ("-Xmx12g")
    glued = rf"(?<=\dt{lit})" if clock else rf"(?<=-xmx{lit})"
    left = rf"(?:{glued}|{left})"
    right = r"(?!\d|\.\d|[a-z]*\d" + ("" if clock else r"|:\d|-\d") + ")"
    return re.compile(lit + left + right)


def _digits_of(number: NumberMention) -> str:
    """The number as written, without its unit ("" for an hour like "10 点", or a number whose digits
    are not what an output writes: "2分12秒" or "1.6万", matched by value)."""
    if number.kind == "clock":
        return "" if "点" in number.text else number.text
    written = _LEADING_NUMBER.match(number.text)
    rest = number.text[written.end() :] if written else number.text
    if "万" in rest or "亿" in rest or any(ch.isdigit() for ch in rest):
        return ""
    return _leading_number(number.text)


@functools.lru_cache(maxsize=4096)
def _leading_number(text: str) -> str:
    m = _LEADING_NUMBER.match(text)
    return m.group(0).replace(",", "").lstrip("+") if m else ""


def _standalone_ints(text: str, end: int, chunk: int = 1 << 20) -> set[str]:
    """The stand-alone integers of `text[:end]`, read in chunks that end at a line break (no number
    spans one), so that findall's list holds one chunk's matches at a time."""
    found: set[str] = set()
    start = 0
    while start < end:
        stop = text.find("\n", min(start + chunk, end), end)
        stop = end if stop < 0 else stop
        found.update(_STANDALONE_INT.findall(text, start, stop))  # lookbehinds see before `start`
        start = stop + 1
    return found


def _strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings_in(v)


def _docs_in(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        if isinstance(value.get("doc_type"), str):
            yield value
            return
        for v in value.values():
            yield from _docs_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _docs_in(v)


def _without_guidance(value: Any) -> Any:
    """A copy of a JSON value with its guidance documents removed."""
    if isinstance(value, dict):
        return {k: _without_guidance(v) for k, v in value.items() if not _is_guidance_doc(v)}
    if isinstance(value, list):
        return [_without_guidance(v) for v in value if not _is_guidance_doc(v)]
    return value


def _is_guidance_doc(value: Any) -> bool:
    return isinstance(value, dict) and str(value.get("doc_type", "")).lower() in GUIDANCE_DOC_TYPES
