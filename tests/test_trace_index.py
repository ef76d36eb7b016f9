"""The evidence layer: normalisation, what counts as observed, guidance, `binding_usable`."""

import json
import random
import unicodedata

import pytest

from groundcheck.programs.core.sessions import ensure_session
from groundcheck.programs.core.trace_index import (
    EXCERPT_NOT_FOUND,
    FABRICATED,
    FAILED_ONLY,
    GUIDANCE,
    TOOL_MISMATCH,
    TraceIndex,
    literal_number_in,
    subject_values,
)
from groundcheck.programs.text.normalize import clean, fold, han_letter_ratio, normalize, substantive
from groundcheck.programs.text.tokens import extract_mentions
from groundcheck.signatures.models import EvidenceBinding

LOG = "2026-11-28T10:05:01 ERROR [payment-service] upstream returned 503, pool-7 exhausted: active=50 max=50"


def call(inv, output, *, tool="query_logs", status="ok", arguments=None):
    return {
        "invocation_id": inv,
        "trace_ref": None,
        "tool_name": tool,
        "arguments": arguments if arguments is not None else {"service": "payment-service"},
        "status": status,
        "output": output,
    }


def index_of(*calls):
    return TraceIndex(ensure_session({"session_id": "t", "original_query": "为什么 503？", "tool_calls": list(calls)}))


def bind(excerpt, *invs, tool="query_logs", source_type="log", source_id=None):
    return EvidenceBinding(
        source_type=source_type,
        source_id=source_id or invs[0],
        tool_name=tool,
        source_invocation_ids=list(invs),
        evidence_excerpt=excerpt,
    )


def number(text):
    (found,) = extract_mentions(text).numbers
    return found


# --- normalisation (spec §6) -------------------------------------------------------------------


@pytest.mark.parametrize("hidden", ["\u200b", "\u00ad", "\ufeff", "\u200d", "\u2060", "\u202e", "\u2066", "\u034f"])
def test_format_characters_inside_the_output_do_not_hide_an_honest_excerpt(hidden):
    idx = index_of(call("c1", LOG.replace("503", f"5{hidden}03")))
    assert idx.excerpt_found(bind("upstream returned 503", "c1"))


@pytest.mark.parametrize("hidden", ["\u200b", "\u00ad", "\ufeff", "\u200c"])
def test_format_characters_in_a_claim_fold_away(hidden):
    assert fold(f"5{hidden}04") == "504"
    assert clean(f"Pool-7{hidden}") == "Pool-7"
    idx = index_of(call("c1", LOG))
    assert idx.number_location(number(clean(f"返回 5{hidden}04")), ["c1"]) == "nowhere"
    assert idx.number_location(number(clean(f"返回 5{hidden}03")), ["c1"]) == "cited"


def test_every_format_character_of_this_python_is_removed():
    missed = [
        hex(cp)
        for cp in range(0x110000)
        if unicodedata.category(chr(cp)) == "Cf" and fold(f"a{chr(cp)}b") != "ab"
    ]
    assert missed == []


def test_every_white_space_character_is_removed_and_nbsp_separates_tokens():
    spaces = [chr(cp) for cp in range(0x110000) if chr(cp).isspace()]
    long = "x" * 5000  # the large-text path of normalize
    assert [s for s in spaces if normalize(f"a{s}b") != "ab" or normalize(f"{long}{s}中") != f"{long}中"] == []
    assert fold("pool-7\u00a0exhausted") == "pool-7 exhausted"


def test_normalize_agrees_with_split_join_on_random_text():
    rng = random.Random(7)
    alphabet = "aB 1\n\t中ｘ\u00a0\u3000\u200b\u2028Ⅻ"
    for size in (10, 5000, 20000):
        text = "".join(rng.choice(alphabet) for _ in range(size))
        cleaned = unicodedata.normalize("NFKC", text.replace("\u200b", "")).casefold()
        assert normalize(text) == "".join(cleaned.split())


@pytest.mark.parametrize(
    ("excerpt", "ok"), [("5", False), ("：", False), ("a.", False), ("  -- ", False), ("50", True), ("内存", True)]
)
def test_minimum_excerpt_is_two_letters_or_digits(excerpt, ok):
    assert substantive(normalize(excerpt)) is ok
    idx = index_of(call("c1", LOG + " 内存"))
    assert idx.excerpt_found(bind(excerpt, "c1")) is ok


def test_han_ratio_ignores_kana_and_hangul():
    assert han_letter_ratio("支付服务超时") == 1.0
    assert han_letter_ratio("サービスがタイムアウトしました") == 0.0
    assert han_letter_ratio("서비스 시간 초과") == 0.0
    assert han_letter_ratio("决済サービスがタイムアウト") < 0.3


# --- arguments are not evidence -------------------------------------------------------------


def test_excerpt_only_in_arguments_is_not_found():
    args = {"service": "payment-service", "query": "ERROR 503 pool exhausted"}
    idx = index_of(call("c1", "no matching lines", arguments=args))
    assert not idx.excerpt_found(bind("ERROR 503 pool exhausted", "c1"))
    assert "arguments" in idx.excerpt_problem(bind("ERROR 503 pool exhausted", "c1"))


def test_numbers_only_in_arguments_are_not_observed():
    args = {"service": "payment-service", "limit": 500, "start": "2026-11-28T10:00:00", "window": "45m"}
    idx = index_of(call("c1", "3 lines matched", arguments=args))
    assert idx.number_location(number("共 500 条"), ["c1"]) == "nowhere"
    assert idx.number_location(number("窗口 45m"), ["c1"]) == "nowhere"
    assert not idx.number_anywhere(number("共 500 条"))


def test_error_codes_in_a_query_string_are_not_observed_but_the_subject_is():
    args = {"service": "payment-service", "namespace": "prod", "query": "ORA-00060 OR ERR_POOL_TIMEOUT"}
    idx = index_of(call("c1", "no matching lines", arguments=args))
    assert idx.token_location("ora-00060", ["c1"]) == "nowhere"
    assert idx.token_location("err_pool_timeout", ["c1"]) == "nowhere"
    assert idx.token_location("payment-service", ["c1"]) == "cited"
    assert idx.token_location("prod", ["c1"]) == "cited"


def test_subject_values_are_identifiers_of_subject_keys_only():
    args = {
        "pod_name": "api-7d9f",
        "kafka_cluster_name": "kafka-main",
        "keyword": "OutOfMemoryError",
        "name": "two words",
        "limit": 100,
        "service": "503",
        "hosts": ["db-1"],
    }
    assert list(subject_values(args)) == ["api-7d9f", "kafka-main"]


# --- failed calls lend nothing ----------------------------------------------------------------


def test_excerpt_only_in_a_failed_cited_call_is_not_found():
    idx = index_of(call("ok1", "all quiet"), call("bad", "ERROR upstream returned 503", status="error"))
    assert not idx.excerpt_found(bind("upstream returned 503", "ok1", "bad"))
    assert idx.binding_usable(bind("upstream returned 503", "ok1", "bad")) == (False, EXCERPT_NOT_FOUND)
    assert idx.binding_usable(bind("upstream returned 503", "bad")) == (False, FAILED_ONLY)
    assert idx.excerpt_in_failed_only(bind("upstream returned 503", "bad"))
    assert not idx.excerpt_in_failed_only(bind("upstream returned 503", "ok1", "bad"))


def test_tokens_and_numbers_in_a_failed_call_are_present_but_not_observed():
    idx = index_of(call("ok1", "all quiet"), call("bad", "ERROR gateway-7 returned 503 after 870ms", status="error"))
    assert idx.token_location("gateway-7", ["bad"]) == "trace"
    assert idx.number_location(number("延迟 870ms"), ["bad"]) == "trace"
    assert idx.number_location(number("延迟 870ms"), ["ok1"]) == "trace"
    assert idx.token_location("gateway-9", ["bad"]) == "nowhere"


# --- JSON inside a string output --------------------------------------------------------------


def test_json_string_output_is_searched_decoded():
    payload = {"logs": ['ERROR pool "main" exhausted\nretrying in 30s', "ok"], "status": "\u0035\u0030\u0033"}
    raw = json.dumps(payload)  # ASCII with \n and \" escapes
    idx = index_of(call("c1", raw))
    assert idx.excerpt_found(bind('pool "main" exhausted retrying', "c1"))
    assert idx.number_location(number("等待 30s"), ["c1"]) == "cited"


def test_plain_string_output_is_not_decoded():
    idx = index_of(call("c1", 'plain text: {"a": 1}'))
    assert idx.calls["c1"].value is None
    assert idx.excerpt_found(bind('{"a": 1}', "c1"))


# --- guidance and binding_usable --------------------------------------------------------------

DOCS = [
    {"doc_id": "ref-1", "doc_type": "reference", "title": "连接池参数", "content": "max 默认为 50"},
    {"doc_id": "rb-1", "doc_type": "runbook", "title": "连接池耗尽处置", "content": "常见原因：慢查询占满连接"},
]


@pytest.mark.parametrize(
    ("excerpt", "source_type", "source_id", "guidance"),
    [
        ("常见原因：慢查询占满连接", "knowledge", "rb-1", True),
        ("常见原因：慢查询占满连接", "reference", "ref-1", True),  # cites the reference doc, quotes the runbook
        ("常见原因：慢查询占满连接", "knowledge", "lookup-1", True),
        ("max 默认为 50", "knowledge", "ref-1", False),
        ("max 默认为 50", "runbook", "ref-1", True),  # says so itself
        ('"doc_type": "runbook"', "knowledge", "ref-1", True),  # only guidance holds it
    ],
)
def test_guidance_by_document_type_and_content(excerpt, source_type, source_id, guidance):
    idx = index_of(call("k1", DOCS, tool="lookup_knowledge", arguments={"query": "pool"}))
    b = bind(excerpt, "k1", tool="lookup_knowledge", source_type=source_type, source_id=source_id)
    assert idx.binding_is_guidance(b) is guidance


def test_guidance_inside_a_json_string_output_and_nested_documents():
    output = json.dumps({"results": {"documents": DOCS}}, ensure_ascii=False)
    idx = index_of(call("k1", output, tool="lookup_knowledge", arguments={"query": "pool"}))
    b = bind("慢查询占满连接", "k1", tool="lookup_knowledge", source_type="knowledge", source_id="ref-1")
    assert idx.binding_usable(b) == (False, GUIDANCE)


def test_binding_usable_reasons_in_order():
    idx = index_of(call("c1", LOG), call("bad", "timeout", status="error"))
    assert idx.binding_usable(bind("upstream returned 503", "c1")) == (True, None)
    assert idx.binding_usable(bind("upstream returned 503", "c1", "zz")) == (False, FABRICATED)
    assert idx.binding_usable(bind("timeout", "bad")) == (False, FAILED_ONLY)
    assert idx.binding_usable(bind("upstream returned 503", "c1", tool="query_metrics")) == (False, TOOL_MISMATCH)
    assert idx.binding_usable(bind("upstream returned 504", "c1")) == (False, EXCERPT_NOT_FOUND)
    assert idx.binding_usable(bind("5", "c1")) == (False, EXCERPT_NOT_FOUND)


def test_spoofed_tokens_are_those_no_output_holds():
    idx = index_of(call("c1", LOG + " рау-gw"))
    assert idx.spoofed_tokens("pаyment-service 返回 503") == ["pаyment-service"]  # Cyrillic а
    assert idx.spoofed_tokens("рау-gw 超时") == []  # the output itself spells it so
    assert idx.spoofed_tokens("payment-service 返回 503") == []


def test_integer_index_of_a_large_output_agrees_with_scanning():
    line = "10:{:02d}:07 pool-{} wait={}ms code=503 v1.{} ts=2026-11-28 50abc1 3-5 x=-7 ٣504 p99 8.25 1e6"
    lines = [line.format(i % 60, i % 97, i * 37 % 10007, i % 13) for i in range(20000)]
    big = "\n".join(lines) + "\n" + "x" * 200_000  # over 1 MB
    idx = index_of(call("c1", big))
    ev = idx.calls["c1"]
    claims = [f"等待 {n}ms" for n in (37, 74, 10006, 10008, 9999, 503, 1)] + [f"共 {n} 次" for n in range(100, 160)]
    claims += ["版本 1.5", "10:07", "10:59", "13:07", "2026", "11", "0.5 秒", "50 个", "5 个", "7 个", "-7 个"]
    claims += ["504 次", "99 次", "8 次", "25 次", "1 次", "3 次", "28 次", "8.25 秒"]
    mentions = [m for text in claims for m in extract_mentions(text).numbers]
    answers = [ev.has_literal_number(m) for m in mentions]
    assert ev._ints is not None  # the index was built along the way
    fresh = index_of(call("c1", big)).calls["c1"]
    assert answers == [literal_number_in(fresh.flat, m, fresh.out_end) for m in mentions]
    assert any(answers) and not all(answers)


def test_views_are_built_once_per_call():
    idx = index_of(call("c1", LOG))
    built = []

    def build(ev):
        built.append(ev.call.invocation_id)
        return len(ev.text)

    assert idx.calls["c1"].view("size", build) == idx.calls["c1"].view("size", build) == len(LOG)
    assert built == ["c1"]
