"""Stage 3a, the evidence layer: what the trace says about each claim, for every backend.

Two kinds of finding per claim (spec §8):
- **hard facts**, decided by the session and its trace alone (a fabricated reference, an excerpt not
  found, only failed calls or guidance cited, no binding, `support_level` none / indirect, an entity
  or number that no output contains or implies). Each sets a *ceiling*: the best class the claim can
  have. The spec calls these floors (no checker output can lift the verdict past what they allow);
  per claim that is a ceiling on its class. The post-processor enforces it whatever a checker says;
  the rules checker starts from it.
- **soft judgements**, lexical readings a model may overrule (see `lexical_judgements`).

Computed once per verification, in claim order; claims that share an id keep separate assessments.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from groundcheck.signatures.models import Claim, EvidenceBinding, EvidenceRef, ExecutorContract

from ..text.arithmetic import matches_directly, tolerance
from ..text.column_units import header_role
from ..text.content_words import content_words, word_in
from ..text.dates import BEIJING_BEFORE, claim_time, is_claim_date
from ..text.glossary import EvidenceView
from ..text.negation import denies_token
from ..text.normalize import contains_token, fold
from ..text.own_arithmetic import (
    compared_to_its_own_figure,
    course_change_conflict,
    days_between_its_own_dates,
    difference_of_its_own_figures,
    duration_of_its_own_repeats,
    listed_sum_conflict,
    multiple_conflict,
    own_comparison_conflict,
    own_span_conflict,
    rate_of_its_own_figures,
    result_of_a_written_formula,
    rise_as_a_multiple,
    share_conflict,
    share_of_its_whole_conflict,
    span_of_its_own_clocks,
    sum_in_a_written_formula,
    time_of_its_own_figures,
)
from ..text.series import value_at_time_conflict
from ..text.tokens import NumberMention, extract_mentions, numbers_with_places
from ..text.wording import search_total, sentence_part, speaks_of_a_span
from .call_series import series_of
from .code_signs import code_of_another_sign, figure_of_another_sign
from .config_blocks import block_value_conflict
from .course_direction import reversed_course_conflict
from .csv_rows import csv_other_row_conflict
from .dated_rows import value_at_day_conflict
from .dated_spans import clock_span_across_dates, clock_span_over_quoted_dates, span_between_quoted_times
from .exceeded_keys import excess_over_key_conflict
from .expected_figures import figure_only_expected
from .extremes import extreme_conflict
from .guidance_words import cites_guidance
from .headed_tables import headed_table_conflict, record_role_conflict
from .headerless_rows import pod_header_of, pod_row_restarts_conflict
from .json_records import record_field_conflict, record_figure_conflict
from .keyed_values import keyed_value_conflict
from .labelled_ratio import labelled_ratio_conflict
from .lexical_judgements import SoftJudgement, judge_wording, quote_items
from .line_families import counted_lines, counted_under_a_bound, share_of_counted_lines
from .listed_totals import listed_total_conflict
from .listed_values import listed_value_conflict
from .mount_rows import mount_row_conflict
from .named_spans import named_span_conflict
from .number_bounds import bound_held_by, bound_of
from .number_forms import (
    about_a_cited_clock,
    aggregate_of_quoted_rows,
    clock_of_a_located_span,
    clock_of_a_written_offset,
    clock_of_its_epoch,
    complement_of_its_own_figures,
    datetime_of_a_cited_epoch,
    end_of_a_range,
    local_time_of_a_utc_clock,
    multiple_of_its_own_figures,
    port_of_an_address,
    product_of_its_own_figures,
    remainder_of_its_own_figures,
    share_of_a_quoted_pair,
    share_of_its_own_figures,
    size_of_a_range,
    sum_of_its_own_figures,
    total_of_a_column,
    zone_mislabelled,
)
from .partial_listings import cut_listing_total
from .query_limits import restated_query_limit
from .quoted_figures import figure_beside_its_quote, nonzero_of_a_zero_key, swapped_quoted_keys
from .quoted_subject import other_subject_conflict
from .quoted_times import quoted_time_conflict
from .respective_pairs import respective_pairs_conflict
from .restated_units import (
    counts_per_minute,
    rate_period_location,
    restated_rate_test,
    restates_a_located_figure,
)
from .row_scope import scoped_figure_conflict, scoped_figure_of_labelled_series
from .scope_shown import bound_of_its_own_figures
from .series_means import mean_of_cited_values
from .state_pairs import may_name_a_state, state_pair_conflict
from .table_columns import counted_row_group, row_keys
from .table_rows import counted_rows, listed_rows_conflict, only_subject_conflict, other_row_conflict
from .time_context import (
    range_query_start,
    restated_window,
    searched_since,
    searched_window,
    searched_windows,
    zone_shifted,
)
from .time_course import time_course_conflict
from .trace_index import (
    EXCERPT_NOT_FOUND,
    FABRICATED,
    FAILED_ONLY,
    QUERY_ECHO,
    TOOL_MISMATCH,
    CallEvidence,
    Location,
    TraceIndex,
)
from .unit_states import unit_state_conflict
from .universal_bounds import universal_bound_conflict
from .value_labels import calls_label_conflict, percentile_row_conflict, quantile_mismatch
from .whole_shares import share_of_the_quoted_whole, whole_share_conflict
from .zero_counters import may_say_grows, zero_counter_conflict
from .zoned_moments import zoned_moment_cited, zoned_moment_conflict

# How much support a class grants: a ceiling keeps every class at or below its own rank.
# unsupported and external_unknown share a rank: neither may be turned into the other by a floor.
SUPPORT_RANK: dict[str, int] = {
    "contradicted": 0,
    "unsupported": 1,
    "external_unknown": 1,
    "overstated": 2,
    "reasonable_inference": 3,
    "direct_observation": 4,
}


_MAX_VIEW_WITH_QUERY = 1_000_000  # a larger output is not copied line by line to drop an echoed query
_LOCATIONS = ("cited", "trace", "nowhere")  # best first
_API_SUCCESS = '"status": "success"'
SPOILING_PROBLEMS = frozenset({"fabricated_reference", "excerpt_not_found"})


@dataclass(frozen=True)
class HardFact:
    """A fact of the trace that caps a claim's class (spec §8 floors)."""

    fact: str  # stable id, e.g. "absent_entity", "excerpt_not_found"
    ceiling: str  # the best class the claim may have
    detail: str


@dataclass
class ClaimEvidence:
    """Everything the deterministic stages know about one claim."""

    position: int
    claim: Claim
    refs: list[EvidenceRef]
    usable_bindings: list[EvidenceBinding]
    hard: list[HardFact] = field(default_factory=list)
    soft: list[SoftJudgement] = field(default_factory=list)
    first_of_id: bool = True  # False for a claim whose id an earlier claim already used

    @property
    def claim_id(self) -> str:
        return self.claim.claim_id

    @property
    def ceiling(self) -> str:
        """The best class the hard facts allow (`direct_observation` when none caps it)."""
        if not self.hard:  # most claims: asked by every later stage
            return "direct_observation"
        return min((f.ceiling for f in self.hard), key=SUPPORT_RANK.__getitem__, default="direct_observation")

    def binding_fact(self) -> HardFact | None:
        """The first fact that takes away the claim's evidence (ceiling `unsupported`), if any."""
        return next((f for f in self.hard if f.ceiling == "unsupported"), None)


def cap(verification: str, ceiling: str) -> str:
    """A class held at or below a ceiling: the ceiling replaces anything that claims more support."""
    return ceiling if SUPPORT_RANK[verification] > SUPPORT_RANK[ceiling] else verification


def assess_claims(contract: ExecutorContract, index: TraceIndex) -> list[ClaimEvidence]:
    """The hard facts and soft judgements of every claim of a valid contract, in claim order."""
    worked: list[NumberMention] = []  # figures earlier claims worked out ("约 38.1 次/秒"), restated by later ones
    assessed = [assess_claim(position, claim, index, worked) for position, claim in enumerate(contract.claims)]
    seen: set[str] = set()
    for ev in assessed:
        ev.first_of_id = ev.claim_id not in seen
        seen.add(ev.claim_id)
    return assessed


def assess_claim(
    position: int, claim: Claim, index: TraceIndex, worked: list[NumberMention] | None = None
) -> ClaimEvidence:
    """The hard facts and soft judgements of one claim. `worked` holds the figures earlier claims of the
    contract worked out from their outputs; this claim's are added to it."""
    refs = evidence_refs(claim, index)
    cited = [i for ref in refs for i in ref.source_invocation_ids]
    problems = [binding_problem(b, index) for b in claim.evidence_bindings]
    usable = [b for b, problem in zip(claim.evidence_bindings, problems, strict=True) if problem is None]
    evidence = ClaimEvidence(position, claim, refs, usable)
    # the soft readings weigh only what usable bindings cite: text a guidance binding (or a quote
    # that is not there) brings along is no evidence for the claim's wording, nor for its figures
    # ("max_connections 为 100" beside a log quote, its 100 only in a runbook it also cites)
    weighed = list(dict.fromkeys(i for b in usable for i in b.source_invocation_ids)) if usable else cited
    located = locate_mentions(
        claim.claim_text, index, weighed, [b.evidence_excerpt for b in usable], worked,
        inferred=claim.support_level == "indirect",
    )
    if located.nowhere:
        detail = f"names {quote_items(located.nowhere)}, which no tool output contains or implies"
        evidence.hard.append(HardFact("absent_mention", "contradicted", detail))
    guidance_only = [item for item in located.outside_cited if only_in_guidance(item, index)]
    if guidance_only:
        detail = f"{quote_items(guidance_only)} appear only in runbook / skill / historical-case guidance"
        evidence.hard.append(HardFact("guidance_only_mention", "unsupported", detail))
    cited_ok = index.observed(weighed)
    if usable:
        # lazily: only a claim that ties a number to a time has the cited outputs parsed as series
        at_time = value_at_time_in(claim.claim_text, cited_ok) or value_at_day_conflict(claim.claim_text, cited_ok)
        if at_time:
            evidence.hard.append(HardFact("value_at_time", "contradicted", at_time))
        # lazily, as above: only a claim naming a peak or a trough has its outputs read as series
        extreme = extreme_conflict(claim.claim_text, (series_of(ev) for ev in cited_ok))
        if extreme:
            evidence.soft.append(SoftJudgement("not_extreme", "contradicted", extreme))
        # lazily, as above: only a claim with words of time (目前仍 / 持续上升 / 当前处于 / 最近 N 分钟内)
        series = (series_of(ev) for ev in cited_ok)
        excerpts = [b.evidence_excerpt for b in usable]
        course = time_course_conflict(claim.claim_text, cited_ok, series, excerpts)
        if course:
            evidence.soft.append(SoftJudgement("time_course", "contradicted", course))
        grows, names_a_state = may_say_grows(claim.claim_text), may_name_a_state(claim.claim_text)
        texts_ok = [ev.flat[: ev.out_end] for ev in cited_ok]
        outputs = texts_ok if grows or names_a_state else []
        zero = zero_counter_conflict(claim.claim_text, outputs) if grows else None
        if zero:  # "n_lru_nuked 一直在涨" over "MAIN.n_lru_nuked  0  0.00"
            evidence.soft.append(SoftJudgement("zero_counter", "contradicted", zero))
        state = state_pair_conflict(claim.claim_text, outputs) if names_a_state else None
        state = state or unit_state_conflict(claim.claim_text, cited_ok)
        if state:  # "tikv-5 Disconnected" over a store table whose tikv-5 row says Up
            evidence.soft.append(SoftJudgement("state_pair", "contradicted", state))
        listed = listed_value_conflict(claim.claim_text, cited_ok)
        if listed:  # "k8s-db-1、k8s-db-2、k8s-db-3 都在 ap-southeast-1b" over a row "k8s-db-3 … ap-southeast-1c"
            evidence.soft.append(SoftJudgement("other_value", "contradicted", listed))
        keyed = (
            keyed_value_conflict(claim.claim_text, cited_ok)
            or block_value_conflict(claim.claim_text, cited_ok)
            or excess_over_key_conflict(claim.claim_text, cited_ok, excerpts)  # "超出 session.timeout.ms 约 12 秒"
        )
        if keyed:  # "ScanFilterAndProjectOperator 占 27.92GB" over "{HashBuilderOperator=27.92GB, …}"
            evidence.soft.append(SoftJudgement("other_key", "contradicted", keyed))
        expected = figure_only_expected(claim.claim_text, cited_ok)
        if expected:  # "返回 200" over "expected '200' but got '503'"
            evidence.soft.append(SoftJudgement("expected_as_outcome", "contradicted", expected))
        respective = respective_pairs_conflict(claim.claim_text, cited_ok)
        if respective:  # "mq-a 和 mq-b 分别重启了 5 次和 3 次" over rows giving mq-a 3 and mq-b 5
            evidence.soft.append(SoftJudgement("respective_pairs", "contradicted", respective))
        # "3.1%，约为 0.03% 的 10 倍": 103, not 10
        multiple = multiple_conflict(claim.claim_text, texts_ok) or (
            labelled_ratio_conflict(claim.claim_text, cited_ok)  # "stock 的 P99 是 order 的 4 倍" over a vector
        ) or share_conflict(claim.claim_text, texts_ok)  # "3702M，约为 4096M 上限的 97%"
        multiple = multiple or own_comparison_conflict(claim.claim_text)  # "耗时 1204ms，超过了 1500ms 的超时阈值"
        if multiple:
            evidence.soft.append(SoftJudgement("own_multiple", "contradicted", multiple))
        change = (
            course_change_conflict(claim.claim_text)  # "从 1200 增长到 3000，增长了 250%": 150%
            or listed_sum_conflict(claim.claim_text)  # "44Mi、47Mi、46Mi、42Mi，合计 253Mi": 179Mi
            or own_span_conflict(claim.claim_text)  # "07:42:12.118 … 到 07:42:14.630 …，无 leader 约 25 秒"
            or share_of_its_whole_conflict(claim.claim_text)  # "…=84.0 req/s，502 约占 39.6%": 32.9%
        )
        if change:
            evidence.soft.append(SoftJudgement("own_change", "contradicted", change))
        when = quoted_time_conflict(claim.claim_text, excerpts, cited_ok) or named_span_conflict(
            claim.claim_text, cited_ok, excerpts  # "从 +odown 到 +switch-master 间隔约 12.3 秒": 11.4 s apart
        )
        if when:  # "10:12 因 OOMKilled 被杀" quoting the OOMKilled line stamped 10:21:37
            evidence.soft.append(SoftJudgement("quoted_time", "contradicted", when))
        turned = reversed_course_conflict(claim.claim_text, cited_ok)  # "从 2417 降到 312" over "2417 (previous 312)"
        if turned:
            evidence.soft.append(SoftJudgement("direction", "contradicted", turned))
        cut = cut_listing_total(claim.claim_text, cited_ok)  # "共 5 条" over "showing 5 of 2318"
        if cut:
            evidence.soft.append(SoftJudgement("cut_listing", "contradicted", cut))
        beside = (
            swapped_quoted_keys(claim.claim_text, excerpts)
            or nonzero_of_a_zero_key(claim.claim_text, excerpts)  # "rejected_connections 非零" over ":0"
            or figure_beside_its_quote(claim.claim_text, excerpts, cited_ok)
        )
        if beside:  # "4xx 请求 1447 次" quoting "4xx  211" and "5xx  1447"; "第二次 Full GC 停顿 2.87 秒"
            evidence.soft.append(SoftJudgement("beside_quote", "contradicted", beside))
        whole = whole_share_conflict(claim.claim_text, excerpts, cited_ok)
        if whole:  # "占全部请求的约 7.9%" quoting 2xx 18342, 4xx 211, 5xx 1447: 1447 is 7.2% of them
            evidence.soft.append(SoftJudgement("whole_share", "contradicted", whole))
        broken = universal_bound_conflict(claim.claim_text, cited_ok)
        if broken:  # "Young GC 停顿都在 50ms 以内" over a cited "Pause Young … 61.004ms"
            evidence.soft.append(SoftJudgement("bound_broken", "contradicted", broken))
        # lazily: only a claim with a role word (阈值 / P99 / 平均 / request / 剩余...) is read
        labels = (
            calls_label_conflict(claim.claim_text, cited_ok)
            or quantile_mismatch(claim.claim_text, cited_ok)
            or percentile_row_conflict(claim.claim_text, cited_ok)  # "p99 为 18.44ms" on the 99.900% row
        )
        if labels:
            evidence.soft.append(SoftJudgement("other_label", "contradicted", labels))
    evidence.hard.extend(_evidence_problems(claim, [p for p in problems if p], usable))
    # decoded JSON-in-strings and the call's subject too; a runbook's words only for a claim that says it quotes
    # guidance ("根因是 Keycloak 的 GC 停顿" citing a runbook that lists GC pauses as a cause observes none)
    quotes_guidance = any(ev.has_guidance for ev in cited_ok) and cites_guidance(claim.claim_text, index)
    texts = [
        EvidenceView(ev.flat_without_guidance, folded=True) if ev.has_guidance and not quotes_guidance
        else glossary_view(ev)
        for ev in cited_ok
    ]
    mentions = extract_mentions(claim.claim_text)
    # only a claim that quotes a table row (columns apart by runs of spaces) is read against its rows
    if any("  " in b.evidence_excerpt or "\t" in b.evidence_excerpt for b in usable):
        quotes = [b.evidence_excerpt for b in usable]
        other_row = other_row_conflict(mentions, cited_ok, claim.claim_text, quotes) or only_subject_conflict(
            claim.claim_text, mentions, cited_ok
        )
        if other_row:
            evidence.soft.append(SoftJudgement("other_row", "contradicted", other_row))
    headed = headed_table_conflict(claim.claim_text, cited_ok, [b.evidence_excerpt for b in usable]) or (
        record_role_conflict(claim.claim_text, mentions, cited_ok) if usable else None
    )
    if headed:  # "web-1 峰值 92%" under web-2's column, "leader 是 etcd-1" over IS LEADER false, …
        evidence.soft.append(SoftJudgement("other_row", "contradicted", headed))
    if usable:
        listed = listed_rows_conflict(claim.claim_text, mentions, cited_ok)
        if listed:  # "KubePodCrashLooping 23:05，HighErrorRate5xx 23:06" over rows whose 23:06 is another's
            evidence.soft.append(SoftJudgement("other_row", "contradicted", listed))
        mount = (
            mount_row_conflict(claim.claim_text, mentions, cited_ok)
            # "三个 broker 的版本都是 3.6.1" over a VERSION column with a 3.5.2
            or scoped_figure_conflict(claim.claim_text, cited_ok)
            or scoped_figure_of_labelled_series(claim.claim_text, cited_ok)  # "其余 5 个 stream 都为 0"
            or listed_total_conflict(claim.claim_text, cited_ok)  # "分区 2、3、4 的 LAG 合计 576115": rows 2 and 3
            # "rabbitmq-1 的 partitions 列表里记录了 rabbitmq-0": another record's
            or record_field_conflict(claim.claim_text, mentions, cited_ok)
            or record_figure_conflict(claim.claim_text, mentions, cited_ok)  # "占其 17980 个请求": another target's
            or pod_row_restarts_conflict(claim.claim_text, mentions.entities, cited_ok)  # "重启 9 次" over its age 9d
            or csv_other_row_conflict(claim.claim_text, mentions.entities, cited_ok)  # "app-01 最多，为 15": app-04's
        )
        if mount:  # "根分区 / 使用率 93%" over a df table whose 93% is another filesystem's
            evidence.soft.append(SoftJudgement("other_row", "contradicted", mount))
        other_subject = other_subject_conflict(claim.claim_text, usable, cited_ok)
        if other_subject:
            evidence.soft.append(SoftJudgement("other_subject", "contradicted", other_subject))
    def elsewhere() -> list[EvidenceView]:
        return evidence_views(index, cites_guidance=False, leaving_out=cited_ok)

    evidence.soft.extend(
        judge_wording(
            claim, index, weighed, usable, located.outside_cited, located.entities, texts, located.unstated_counts,
            elsewhere,
        )
    )
    return evidence


_INFLECTIONS = ("ed", "d", "s", "es", "ing")
_ZULU_CLOCK = re.compile(r"(\d{2}:\d{2}:\d{2})z")
_NAME_SEPARATOR = re.compile(r"[-_]")
_QUANTILE_NAME = re.compile(r"p(\d{2}(?:\.\d+)?)")
_TWO_PART_NAME = re.compile(r"([a-z][a-z0-9_]{2,})\.([a-z][a-z0-9_]{2,})")
_VERSION = re.compile(r"\d+(?:\.\d+){1,3}")
_NAME_AND_DAY = re.compile(r"([a-z][a-z0-9_\-]*):(\d{4}-\d{2}-\d{2})")


def _location_of_a_form(entity: str, index: TraceIndex, cited: list[str]) -> Location:
    """Where an entity no output holds as written appears in another form: an English word inflected
    ("OOMKill" of "OOMKilled"), its words written apart or together ("not-ready" of "NotReady", "response_flags"
    of "response flags"; never another separator: "audit-log" is no "audit_log", and every word has a letter,
    so "web-1" is never "web1"), or a two-part name whose parts one
    output writes apart ("order_db.t_order" over "db=order_db table=t_order", on one line)."""
    if entity.isascii() and entity.isalpha() and len(entity) >= 4:
        places = [index.token_location(entity + ending, cited) for ending in _INFLECTIONS]
        return min(places, key=_LOCATIONS.index)
    zulu = _ZULU_CLOCK.fullmatch(entity)
    if zulu:  # "13:27:55Z" over "13:27:55.918Z": the same UTC second, its fraction left out
        pattern = re.compile(rf"(?<![\d:]){re.escape(zulu.group(1))}(?:\.\d+)?z")
        for ev in index.existing(cited):
            if pattern.search(ev.flat):
                return "cited" if ev.ok else "trace"
    quantile = _QUANTILE_NAME.fullmatch(entity)
    if quantile:  # "p99.9" over wrk's "99.900%", HdrHistogram's "99.9%": the same percentile
        pattern = re.compile(rf"(?<![\d.]){re.escape(quantile.group(1))}0*\s?%")
        for ev in index.existing(cited):
            if pattern.search(ev.flat):
                return "cited" if ev.ok else "trace"
    words = _NAME_SEPARATOR.split(entity)
    if len(words) >= 2 and all(any(c.isalpha() for c in w) for w in words):
        # "not-ready" over "NotReady", "response_flags" over "response flags": the same words, apart or together
        pattern = re.compile(r"(?<![a-z0-9])" + r" ?".join(map(re.escape, words)) + r"(?![a-z0-9_\-])")
        for ev in index.existing(cited):
            if pattern.search(ev.flat):
                return "cited" if ev.ok else "trace"
    if _VERSION.fullmatch(entity):  # "MySQL 8.0.36" over "databaseVersion: MYSQL_8_0_36": the product's enum
        pattern = re.compile(r"(?<=[a-z]_)" + "_".join(entity.split(".")) + r"(?![\d_.])")
        for ev in index.existing(cited):
            if pattern.search(ev.flat):
                return "cited" if ev.ok else "trace"
    dated = _NAME_AND_DAY.fullmatch(entity)
    if dated:  # "python3：2026-11-27" over a kernel line of that day naming python3 ("2026-11-27T14:07:42+0800 …")
        name, day = dated.group(1), dated.group(2)
        for ev in index.existing(cited):
            if day in ev.flat and ev.contains_token(name) and _on_one_line(ev.flat, name, day, glued_second=True):
                return "cited" if ev.ok else "trace"
    parts = _TWO_PART_NAME.fullmatch(entity)
    if parts:
        first, second = parts.group(1), parts.group(2)
        for ev in index.existing(cited):
            if ev.contains_token(first) and ev.contains_token(second) and _on_one_line(ev.flat, first, second):
                return "cited" if ev.ok else "trace"
    return "nowhere"


def _on_one_line(flat: str, first: str, second: str, glued_second: bool = False) -> bool:
    """Some line of the text holds both parts as tokens ("db=order_db table=t_order"); with `glued_second`,
    the second anywhere in the line (a day glued to its time: "2026-11-27t14:07:42")."""
    at = flat.find(first)
    while at != -1:
        start, end = flat.rfind("\n", 0, at) + 1, flat.find("\n", at)
        line = flat[start : end if end != -1 else len(flat)]
        if contains_token(line, first) and (second in line if glued_second else contains_token(line, second)):
            return True
        at = flat.find(first, at + len(first))
    return False


_TOOL_WORD = re.compile(r"[a-z][a-z0-9]*")
_MIN_TOOL_WORD = 4


def names_a_cited_tool(entity: str, cited: Sequence[CallEvidence]) -> bool:
    """An entity of two or more words, each the start of a word of a cited call's tool name, in order
    ("kube-lineage" of `kubectl_lineage_children`, "holmes-logs" of `fetch_holmes_logs`)."""
    words = _TOOL_WORD.findall(entity)
    if len(words) >= 2 and any(ev.tool_words.replace(" ", "") == "".join(words) for ev in cited):
        return True  # "pd-ctl" of the tool `pd_ctl`: its name, written with another separator
    if len(words) < 2 or "".join(words) != _NAME_SEPARATOR.sub("", entity) or min(map(len, words)) < _MIN_TOOL_WORD:
        return False
    for ev in cited:
        tool = ev.tool_words.split()
        at = 0
        for word in words:
            at = next((i + 1 for i in range(at, len(tool)) if tool[i].startswith(word)), -1)
            if at == -1:
                break
        else:
            return True
    return False


def names_a_read_file(entity: str, cited: Sequence[CallEvidence]) -> bool:
    """The entity is the name, or the last parts of the name, of a file a cited call read (an argument that
    is a path): the source, named as operators name it."""
    for ev in cited:
        for key, value in ev.call.arguments.items():
            if key.lower() not in _PATH_KEYS or not isinstance(value, str) or not value.startswith("/"):
                continue
            if len(value) > _MAX_PATH:
                continue
            name = value.rsplit("/", 1)[-1].lower()
            if name == entity or (name.endswith(entity) and name[-len(entity) - 1] in ".-_"):
                return True
    return False


_MAX_PATH = 400
_PATH_KEYS = frozenset({"file", "path", "filename", "file_path", "log_file", "logfile", "log_path", "source_file"})


def _a_span_of_clocks(text: str, number: NumberMention) -> bool:
    """A duration that may be the gap between two clocks of an output: its sentence part speaks of a span
    (`wording.speaks_of_a_span`), and it is no excess of one value over another ("比 … 多出约 2 秒")."""
    prepared, places = numbers_with_places(text)
    at = next((start for start, _, n in places if n == number), None)
    if at is None:
        return speaks_of_a_span(text)
    start, end = sentence_part(prepared, at)
    return speaks_of_a_span(prepared[start:end]) and not _AN_EXCESS_BEFORE.search(prepared, max(start, at - 8), at)


_AN_EXCESS_BEFORE = re.compile(r"(?:多出|多了|超出了?|超过了?|高出|长了?|慢了?)\s?(?:约|大约|近)?\s?$")


@dataclass
class LocatedMentions:
    """Where the entities, numbers and proper names of a claim appear in the trace."""

    entities: tuple[str, ...] = ()
    nowhere: list[str] = field(default_factory=list)  # in no output, following from none: a hard fact
    outside_cited: list[str] = field(default_factory=list)  # only in outputs the claim does not cite
    unstated_counts: list[str] = field(default_factory=list)  # small counts no output states (soft)


def locate_mentions(
    text: str, index: TraceIndex, cited: list[str], quotes: Sequence[str] = (),
    worked: list[NumberMention] | None = None, inferred: bool = False,
) -> LocatedMentions:
    """Where the claim's entities and figures are: `inferred` for a claim the Executor marks as an inference,
    whose Beijing clocks may be moments only outputs it does not cite write (in UTC)."""
    mentions = extract_mentions(text)
    found = LocatedMentions(entities=tuple(mentions.entities))
    found.nowhere.extend(index.spoofed_tokens(text))  # a look-alike identifier no output holds
    for entity in mentions.entities:
        where = index.token_location(entity, cited)
        if where == "nowhere":
            where = _location_of_a_form(entity, index, cited)
        if where == "nowhere" and datetime_of_a_cited_epoch(entity, index.observed(cited)):
            where = "cited"  # "1810617555000（毫秒），按 UTC 换算为 2027-05-18 05:19:15"
        if where == "nowhere" and names_a_read_file(entity, index.existing(cited)):
            continue  # "err.log 中 …" of a call reading /var/log/clickhouse-server/clickhouse-server.err.log
        if where == "nowhere" and names_a_cited_tool(entity, index.existing(cited)):
            continue  # "kube-lineage 返回的是…" of a call to kubectl_lineage_children: the tool, named
        if where == "nowhere" and denies_token(text, entity):
            continue  # "没有发生 OOMKilled": what the claim denies need not be in any output
        if where != "nowhere" and beijing_time_only_in_utc(text, entity, index.observed(cited)):
            where = "nowhere"  # "北京时间 2026-11-30 23:00:00" over an epoch at 23:00 UTC: another moment
        if where != "nowhere" and zoned_moment_conflict(text, entity, index.observed(cited)):
            where = "nowhere"  # "北京时间 3 月 13 日 00:04" over 2026-03-13T16:04Z: the 14th in Beijing
        if where == "nowhere" and zoned_moment_cited(text, entity, index.observed(cited)):
            where = "cited"  # "北京时间 2026-07-11 11:14:08" over "notAfter=Jul 11 03:14:08 2026 GMT"
        if where != "cited":
            (found.nowhere if where == "nowhere" else found.outside_cited).append(entity)
    sums = search_total(text) is not None
    observed = index.observed(cited)
    windows: set[float] | None = None
    unlocated: list[NumberMention] = []
    worked_out: list[NumberMention] = []  # figures the claim works out from the outputs or its own figures
    for number in mentions.numbers:
        if code_of_another_sign(text, number, observed) or figure_of_another_sign(text, number, observed):
            found.nowhere.append(number.text)  # "[Errno 3]" over "[Errno -3]", "exit code 1" over 137, "剩余 4.63"
            continue
        bound = bound_of(text, number)
        if bound is not None and bound_held_by(bound, number, observed, text, quotes):
            where = "cited"
        elif bound is not None and bound.strict_high and not compared_to_its_own_figure(text, number):
            where = "nowhere"  # "不到 50 个" is held by a value below 50, never by a 50 itself
        else:  # (what "超过 5 分钟" exceeds is often the limit the output states: 300000 ms)
            spans = number.kind != "seconds" or _a_span_of_clocks(text, number)
            where = index.number_location(number, cited, sums=sums, spans=spans)
        if where == "nowhere" and number.kind == "plain" and _VERSION.fullmatch(number.text):
            where = _location_of_a_form(number.text, index, cited)  # "PostgreSQL 15.4" over POSTGRES_15_4
        if where == "nowhere" and (ratio := rise_as_a_multiple(text, number)) is not None:
            where = index.number_location(ratio, cited, sums=sums)  # "增长了 1.5 倍": a ratio of 2.5
        if where != "cited" and span_between_quoted_times(number, quotes, text):
            where = "cited"  # "中间约 27 小时" between the two dated lines the claim quotes
        if where != "nowhere" and (
            clock_span_across_dates(text, number) or clock_span_over_quoted_dates(number, quotes)
        ):
            found.nowhere.append(number.text)  # "11-30 22:00 到 12-01 02:00，约 20 小时": the dates left out
            continue
        counts = number.is_soft or number.kind == "count"
        if where != "cited" and counts and (
            counted_rows(number, text, observed, quotes)
            or counted_row_group(row_keys(text), number.value, observed, quotes)  # "tempo 命名空间共 13 个 pod"
        ):
            continue  # a count of a cited table's rows: a sound small step (spec §7)
        period = rate_period_location(text, number, observed)
        if period is not None:
            where = period  # "每分钟 2550 次" over a rate() query's 42.5 per second; "每分钟 42.5 次" is absent
        if where != "cited" and number.kind == "plain" and port_of_an_address(text, number, observed):
            where = "cited"  # "9000 端口" over "dial tcp 10.244.1.33:9000": the port of the address
        if where != "cited" and number.kind == "plain" and any(number.text in ev.subject_ids for ev in observed):
            where = "cited"  # "作业 889123" over a call reading `…/jobs/889123/trace`: the id of what it reads
        if where == "cited" and number.kind == "bytes" and column_role_conflict(text, number, observed):
            where = "nowhere"  # "每秒读取约 213 MiB" over iostat's wkB/s (the write column)
        if where == "cited" and number.kind == "clock" and zone_mislabelled(text, number, observed):
            where = "nowhere"  # "北京时间 06:12:44" over "06:12:44Z": that moment is 14:12:44 in Beijing
        # (each reading below locates the figure in the cited outputs, or in the claim's own figures:
        # it also wins over a literal in an output the claim does not cite)
        summed = where != "cited" and (
            aggregate_of_quoted_rows(text, number, quotes)
            or mean_of_cited_values(text, number, observed, quotes)  # "四个点的平均值约 64.8"
            or sum_of_its_own_figures(text, number)
            or difference_of_its_own_figures(text, number)  # "53 秒，比 40 秒的 timeout 长 13 秒"
            # "拉取到 88231907，只执行到 88102334，还有 129573 个" (counts only: a difference of sizes over bare
            # points needs the unit the output declares, `test_a_difference_of_bare_points_needs_…`)
            or (number.kind in ("count", "plain") and remainder_of_its_own_figures(text, number))
            or product_of_its_own_figures(text, number)  # "POOL_SIZE 为 3000，4 个副本，最多 12000 个连接"
            or complement_of_its_own_figures(text, number)  # "命中率约 0.960，即未命中率约 4.0%"
            or share_of_a_quoted_pair(number, quotes)  # "累计命中率约 82.3%" quoting hits and misses
            or share_of_the_quoted_whole(text, number, quotes, observed)  # "占全部请求的约 7.2%": every status row
            or multiple_of_its_own_figures(text, number)  # "未命中率约 57.6%，约为此前 4.0% 的 14.5 倍"
            or span_of_its_own_clocks(text, number)  # "（14:06:57）后 36 秒 … （14:07:33）"
            or time_of_its_own_figures(text, number)  # "约 46G/小时的增速，剩余的 169G 大约 3.7 小时后写满"
            or days_between_its_own_dates(text, number)  # "2024-08-03 17:00:08，到 2025-06-19 … 过期 319 天多"
            or result_of_a_written_formula(text, number)  # "约 60.5%（51.2 / (51.2 + 33.4)）"
            or sum_in_a_written_formula(text, number)  # "命中率约 75%（1842211 ÷ 2454691）": hits plus misses
            or rate_of_its_own_figures(text, number)  # "3 分钟新增 1230 次，约每分钟 410 次"
            or duration_of_its_own_repeats(text, number)  # "间隔 10 秒，连续 3 次…至少要约 30 秒"
            or total_of_a_column(text, number, observed, quotes)
            or counted_lines(text, number, observed, quotes)  # "共 86 次" over 86 lines of the quoted one's kind
            or counted_under_a_bound(text, number, observed, quotes)  # "其中 11 次不低于 9 秒"
            or share_of_counted_lines(text, number, observed, quotes)  # "其中 11 次（约 57.9%）"
            or size_of_a_range(text, number)
            or end_of_a_range(text, number, observed)  # "一直在 1.2 到 2.9 秒之间" over 1.247 … 2.841
        )
        if where != "cited" and bound_of_its_own_figures(text, number):
            continue  # "分别为 35%、41%、38%，都低于 50%": a bound its own figures meet, no value worked out
        if summed:
            worked_out.append(number)
            continue  # "三类请求合计 10000 个", "平均积压 41500 条", "57、12、3 次，合计 72 次": operands it states
        if where == "nowhere" and range_query_start(text, number, (ev.call.arguments for ev in observed)):
            continue  # "02:00–03:00 这一小时内" over increase(…[1h]) at 03:00: the query's window
        if where == "nowhere" and searched_window(text, number, (ev.call.arguments for ev in observed)):
            continue  # "09:00~12:00 之间 …" over a search from 09:00 to 12:00: the window, restated
        if where != "cited" and restated_query_limit(text, number, (ev.call.arguments for ev in observed)):
            continue  # "上限 10 条查询日志" over a call searching with limit 10: the query, restated
        if where == "nowhere" and searched_since(text, number, (ev.call.arguments for ev in observed)):
            continue  # "11:00 之后 502 共 913 次" over a search from 11:00: the search's bound
        if where == "nowhere" and number.kind == "clock" and _ZULU_CLOCK.fullmatch(number.text):
            where = _location_of_a_form(number.text, index, cited)  # "13:27:55Z" over "13:27:55.918Z"
        if where != "cited" and number.kind == "clock" and local_time_of_a_utc_clock(text, number, observed):
            continue  # "14:10 为 1.92 秒" over a point at 06:10 UTC: that moment in Beijing time
        if inferred and where == "nowhere" and number.kind == "clock" and local_time_of_a_utc_clock(
            text, number, [ev for ev in index.calls.values() if ev.ok and ev not in observed]
        ):
            where = "trace"  # that moment in Beijing time, in an output the claim does not cite
        if where != "cited" and clock_of_a_located_span(text, number, observed):
            continue  # "01:58:06 减去 8785 秒，约在 23:31:41 开始": a clock from an output's clock and span
        if where != "cited" and clock_of_its_epoch(text, number):
            continue  # "iat=1795486511（北京时间 10:15:11）": the claim's own reading of an epoch it writes
        if where != "cited" and number.kind == "clock" and about_a_cited_clock(text, number, observed):
            continue  # "两点一刻左右" over "02:13:44": a clock the claim gives as approximate
        if where == "nowhere" and number.kind == "clock":
            # "北京时间 10:12" over "02:12:41Z": the same moment in another zone
            shifted = [index.number_location(n, cited, sums=False) for n in zone_shifted(text, number)]
            where = min(shifted, key=_LOCATIONS.index, default=where)
        if where == "nowhere" and clock_of_a_written_offset(text, number, observed):
            continue  # "（UTC 12:48:07，北京时间 20:48:07）" over "15:48:07 +0300": that moment in either zone
        if where == "nowhere" and number.kind == "seconds":
            if windows is None:
                calls = index.existing(cited)
                windows = searched_windows(index.session.original_query, (ev.call.arguments for ev in calls))
            if restated_window(text, number, windows):
                continue  # "最近 30 分钟": the span searched over, not a finding
        if where == "nowhere" and not number.is_soft:
            unlocated.append(number)
        elif where == "nowhere":
            found.unstated_counts.append(number.text)  # a small count the claim may have counted itself
        elif where != "cited":
            found.outside_cited.append(number.text)
    for number in unlocated:
        if number.kind in ("plain", "count") and any(
            abs(number.value - n.value / n.factor) <= tolerance(number) for n in worked_out if n.factor
        ):
            continue  # "合计 2973Mi … （2973÷120≈24.8）": a figure it worked out, written again bare
        # "0.85 核（850m）" over "0.85": the claim's own conversion of a figure the cited outputs state
        if restates_a_located_figure(
            text, number, lambda n: n in worked_out or index.number_location(n, cited, sums=sums) == "cited",
            functools.partial(_counted_per_minute, observed),
        ):
            continue
        if share_of_its_own_figures(text, number):
            continue  # "共 10000 个请求，其中 500 有 370 个，约 3.7%": a share of figures it states
        if worked and any(n.kind == number.kind and abs(n.value - number.value) <= tolerance(number) for n in worked):
            continue  # "（约 38.1 次/秒）": a figure an earlier claim worked out from its outputs, restated
        found.nowhere.append(number.text)
    if worked is not None:
        worked.extend(worked_out)
    cited_calls = observed
    for name in content_words(text, skip=found.entities).names:
        if any(word_in(ev.flat, name, done_forms=True) for ev in cited_calls):
            continue
        where = index.token_location(name, cited)  # "cited" too: a product the cited output implies
        if where == "nowhere" and denies_token(text, name):
            continue  # "事件中没有 Insufficient cpu/memory": what the claim denies need not be in any output
        if where != "cited":
            (found.nowhere if where == "nowhere" else found.outside_cited).append(name)
    return found


def _counted_per_minute(cited: Sequence[CallEvidence]) -> bool:
    """What the cited calls asked and answered counts per minute (read only for "每分钟 … 约每秒")."""
    return counts_per_minute([ev.flat[: ev.out_end] + " " + json.dumps(ev.call.arguments) for ev in cited])


def beijing_time_only_in_utc(text: str, entity: str, cited: Sequence[CallEvidence]) -> bool:
    """A date with a clock the claim labels Beijing time, whose clock no cited output writes as such:
    found only through an epoch timestamp (a UTC time), it names another moment."""
    clock = claim_time(entity) if is_claim_date(entity) else None
    if clock is None:
        return False
    folded = fold(text)
    at = folded.find(entity)
    if at == -1:
        return False
    before = BEIJING_BEFORE.search(folded, max(0, at - _LABEL_REACH), at)
    if not before and not _BEIJING_AFTER.match(folded, at + len(entity)):
        return False
    return not any(ev.flat.find(clock) != -1 for ev in cited)


_LABEL_REACH = 12
_BEIJING_AFTER = re.compile(r"\s*[(（]?\s*(?:北京时间|东八区|utc\s?\+\s?0?8)", re.IGNORECASE)
_LEADING_FIGURE = re.compile(r"\d[\d.,]*")


_READ_WORD = re.compile(r"读|\bread", re.IGNORECASE)
_WRITE_WORD = re.compile(r"写|\bwrite", re.IGNORECASE)


def column_role_conflict(claim_text: str, number: NumberMention, cited: list[CallEvidence]) -> bool:
    """The claim says read (写: write) and its figure is in the cited outputs only as a cell of a write
    (read) column ("每秒读取约 213 MiB" over iostat's 218240.0 under wkB/s)."""
    read, write = _READ_WORD.search(claim_text), _WRITE_WORD.search(claim_text)
    if bool(read) == bool(write) or any(ev.has_literal_number(number) for ev in cited):
        return False
    role = "read" if read else "write"
    roles = {
        header_role(header) for ev in cited for header, figure in ev.headed_figures
        if matches_directly(number, [figure])
    }
    return bool(roles) and role not in roles and None not in roles


def only_in_guidance(item: str, index: TraceIndex) -> bool:
    """Every ok output that holds the (folded) item holds it only inside guidance documents: a runbook's
    "max_connections (default 100)" is no observation of this incident (spec §6)."""
    figure = _LEADING_FIGURE.match(item)
    item = figure.group(0) if figure else item  # "300个": its digits
    holders = [ev for ev in index.calls.values() if ev.ok and item in ev.flat]
    bare = "".join(item.split())  # `norm` drops white space
    return bool(holders) and all(ev.has_guidance and bare not in ev.norm_without_guidance for ev in holders)


def binding_problem(binding: EvidenceBinding, index: TraceIndex) -> tuple[str, str] | None:
    """Why a binding is not usable evidence, as (fact id, detail); None when it is. A hard fact."""
    usable, reason = index.binding_usable(binding)
    if usable:
        return None
    if reason == FABRICATED:
        missing = next((i for i in binding.source_invocation_ids if index.get(i) is None), "")
        return "fabricated_reference", f"cites invocation {missing!r}, which is not in tool_calls"
    if reason == FAILED_ONLY:
        return "failed_calls_only", "cites only failed calls"
    if reason == TOOL_MISMATCH:
        return "tool_mismatch", f"names tool {binding.tool_name!r}, which is not the cited call's tool"
    if reason == QUERY_ECHO:
        return "query_echo", "quotes the call's own query, echoed by an output that reports no match"
    if reason == EXCERPT_NOT_FOUND:
        why = index.excerpt_problem(binding) or "is not in the cited output"
        return "excerpt_not_found", f"quotes {_short(binding.evidence_excerpt)!r}, which {why}"
    return "guidance", "points at runbook / skill / historical-case guidance, not incident evidence"


def evidence_refs(claim: Claim, index: TraceIndex) -> list[EvidenceRef]:
    """One ref per cited call that exists, in citation order (spec §7)."""
    refs: list[EvidenceRef] = []
    seen: set[str] = set()
    for binding in claim.evidence_bindings:
        for ev in index.existing(binding.source_invocation_ids):
            if ev.call.invocation_id in seen:
                continue
            seen.add(ev.call.invocation_id)
            refs.append(
                EvidenceRef(
                    trace_ref=ev.call.trace_ref,
                    tool_name=ev.call.tool_name,
                    source_invocation_ids=[ev.call.invocation_id],
                )
            )
    return refs


def _evidence_problems(
    claim: Claim, problems: list[tuple[str, str]], usable: list[EvidenceBinding]
) -> list[HardFact]:
    """The hard facts of a claim's bindings (`problems`: those of its bindings that have one)."""
    facts: list[HardFact] = []
    # a fabricated reference or a quote that is not there spoils the claim even beside a good binding
    spoiling = [p for p in problems if p[0] in SPOILING_PROBLEMS]
    if not claim.evidence_bindings:
        facts.append(HardFact("no_binding", "unsupported", "cites no tool output"))
    elif spoiling:
        # a fabricated invocation is named whichever binding carries it: verdict row 3 reads this fact
        code, detail = min(spoiling, key=lambda p: p[0] != "fabricated_reference")
        facts.append(HardFact(code, "unsupported", f"a binding {detail}"))
    elif not usable:
        code = "guidance_only" if all(p[0] == "guidance" for p in problems) else "no_usable_binding"
        facts.append(HardFact(code, "unsupported", f"every binding {problems[0][1]}"))
    if claim.support_level == "none":
        facts.append(HardFact("support_none", "unsupported", "the Executor itself marks it as having no support"))
    elif claim.support_level == "indirect":
        facts.append(HardFact("support_indirect", "reasonable_inference", "the Executor marks it as inferred"))
    return facts


def evidence_views(
    index: TraceIndex, *, cites_guidance: bool, leaving_out: Sequence[CallEvidence] = ()
) -> list[EvidenceView]:
    """What a text's concepts and causes are read against: every ok output (but `leaving_out`), without its
    runbook / skill / historical-case documents unless the text says it quotes them (spec §6: guidance is
    no evidence of the incident)."""
    return [
        EvidenceView(ev.flat_without_guidance, folded=True) if ev.has_guidance and not cites_guidance
        else glossary_view(ev)
        for ev in index.calls.values()
        if ev.ok and ev not in leaving_out
    ]


def glossary_view(ev: CallEvidence) -> EvidenceView:
    """The call's folded output as a glossary `EvidenceView`, built once per call and session. Its
    context (which carries concepts, never read as reported or denied) is the call's tool name, what
    its metrics query measures (`query_meaning`) and, for an empty search, the lines echoing what it
    searched for; a Prometheus envelope's "success" is not the service's."""
    return ev.view("glossary", _glossary_view)


def _glossary_view(ev: CallEvidence) -> EvidenceView:
    # what the call lists ("kubectl_get_pods": pods), what its query measures and what its command ran
    # ("pprof …/heap") name the output's rows and values, as a header would: context that carries a
    # concept, never one the output reports
    context = "\n".join(
        (ev.call.tool_name, ev.query_meaning, ev.listed_kinds, ev.counted_words, _implied_header(ev))
    )
    objects = ev.command_words  # what it read names things, never an event it found
    if _API_SUCCESS in ev.flat and "resulttype" in ev.flat:
        # a Prometheus answer's envelope says the query succeeded, nothing about the service
        return EvidenceView(ev.flat.replace(_API_SUCCESS, '"status": ""'), context=context, objects=objects)
    if ev.request_letters and ev.reports_no_match and len(ev.flat) <= _MAX_VIEW_WITH_QUERY:
        # what an empty search echoes was searched for, not reported: context, never read as a report
        echoed, kept = _split_echo(ev)
        view = EvidenceView(kept, context=f"{context}\n{echoed}", objects=objects)
        view.extra["empty_search"] = True  # `lexical_judgements`: what it looked for, it did not find
        return view
    # an ASCII output folds to itself (lower case already): folding it again would only copy it
    return EvidenceView(ev.flat, folded=ev.flat.isascii(), context=context, objects=objects)


def _implied_header(ev: CallEvidence) -> str:
    """The header words a headerless pod listing implies, read only for a call about pods or kubectl."""
    about = f"{ev.tool_words} {ev.listed_kinds} {ev.command_words}"
    return pod_header_of(ev) if "kubectl" in about or "pod" in about else ""


def _split_echo(ev: CallEvidence) -> tuple[str, str]:
    """(the lines that echo what the call searched for, the other lines) of its output. An echo holds
    every word of a searched argument ("grep -E 'OutOfMemoryError|OOMKilled'" for "OutOfMemoryError OR
    OOMKilled")."""
    searched = [words for words in ev.searched_words if words]
    echoed: list[str] = []
    kept: list[str] = []
    for line in ev.flat.split("\n"):
        (echoed if any(all(w in line for w in ws) for ws in searched) else kept).append(line)
    return "\n".join(echoed), "\n".join(kept)


def value_at_time_in(text: str, calls: Sequence[CallEvidence]) -> str | None:
    """`value_at_time_conflict` of a claim over the series of its cited `calls` (each call's output
    parsed once per session, and only when the claim ties a number to a time)."""
    return value_at_time_conflict(text, (series_of(ev) for ev in calls), bound_test(text, list(calls)))


def bound_test(
    claim_text: str, cited: list[CallEvidence] | None = None
) -> Callable[[NumberMention], Callable[[float], bool] | None]:
    """The test a value must pass for a claim's figure written as a bound ("06:15 仍不到 1%"), or
    restated in another period than its rate query's ("11:00 每秒约 20 个" over 1200 per minute)."""

    def test(number: NumberMention) -> Callable[[float], bool] | None:
        bound = bound_of(claim_text, number)
        if bound is not None:
            return bound.holds
        return restated_rate_test(claim_text, number, cited) if cited else None

    return test


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
