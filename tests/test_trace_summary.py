from builders import base_session, claim, session_with

from groundcheck.programs.parse import parse_executor_output
from groundcheck.programs.sessions import ensure_session
from groundcheck.programs.trace_index import TraceIndex
from groundcheck.programs.trace_summary import summarize_trace


def summary(session, budget=12_000):
    s = ensure_session(session)
    return summarize_trace(TraceIndex(s), parse_executor_output(s.executor_final_answer).contract, budget)


def big_log_session(quote="ERROR [order-service] QUOTED-LINE-XYZ disk full on /data"):
    lines = [f"2026-11-28T14:{i // 60 % 60:02d}:{i % 60:02d}Z INFO filler line {i}" for i in range(20_000)]
    lines.insert(12_345, quote)
    s = session_with(
        lambda c: claim(c, "c1")["evidence_bindings"][0].update(evidence_excerpt="QUOTED-LINE-XYZ disk full")
    )
    s["tool_calls"][0]["output"] = "\n".join(lines)
    return s


def test_small_trace_is_kept_whole():
    items = summary(base_session())
    assert [i.truncated for i in items] == [False] * 4
    assert items[0].output_excerpt == base_session()["tool_calls"][0]["output"]


def test_quoted_span_survives_and_budget_holds():
    s = big_log_session()
    items = summary(s, budget=3_000)
    log = items[0]
    assert log.truncated is True
    assert "QUOTED-LINE-XYZ disk full" in log.output_excerpt
    assert log.output_excerpt.startswith("2026-11-28T14:00:00Z INFO filler line 0")
    assert log.output_excerpt.rstrip().endswith("omitted]…") or "filler line 19999" in log.output_excerpt
    assert log.output_chars == len(s["tool_calls"][0]["output"])
    total = sum(len(i.output_excerpt) for i in items)
    assert total < 3_000 + 400  # budget plus the omission markers and the quoted span


def test_quoted_span_found_ignoring_case_and_spaces():
    s = big_log_session(quote="ERROR   quoted-line-xyz   DISK full")
    items = summary(s, budget=2_000)
    assert "quoted-line-xyz   DISK full" in items[0].output_excerpt


def test_budget_is_configurable():
    s = big_log_session()
    small = sum(len(i.output_excerpt) for i in summary(s, budget=1_000))
    large = sum(len(i.output_excerpt) for i in summary(s, budget=20_000))
    assert small < large


def test_summary_keeps_call_fields():
    item = summary(base_session())[1]
    assert item.invocation_id == "call_o2"
    assert item.tool_name == "query_metrics"
    assert item.trace_ref.endswith("b02")
    assert item.arguments["metric"] == "container_memory_working_set_bytes"
    assert item.status == "ok"
