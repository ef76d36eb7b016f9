import re

from builders import base_session, claim, session_with

from groundcheck.programs.core.parse import parse_executor_output
from groundcheck.programs.core.sessions import ensure_session
from groundcheck.programs.core.trace_index import TraceIndex
from groundcheck.programs.core.trace_summary import summarize_trace


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


def test_full_budget_is_used_and_the_real_last_lines_survive():
    s = big_log_session()
    items = summary(s, budget=12_000)
    log = items[0].output_excerpt
    assert "filler line 19999" in log  # the real last line, not a tail cut 2,000 chars after its start
    assert log.startswith("2026-11-28T14:00:00Z INFO filler line 0")
    assert "QUOTED-LINE-XYZ disk full" in log
    kept = sum(len(i.output_excerpt) for i in items)
    small = sum(i.output_chars for i in items[1:])
    assert kept >= 0.9 * 12_000  # used, not left at a third
    assert kept - small < 12_000 + 200  # the omission markers on top


def test_cuts_fall_on_line_ends():
    log = summary(big_log_session(), budget=6_000)[0].output_excerpt
    line = r"2026-11-28T14:\d\d:\d\dZ INFO filler line \d+"
    head = log.partition("\n…[")[0]
    assert re.fullmatch(line, head.splitlines()[-1])  # the head ends with a whole line
    tail = log.rsplit("omitted]…\n", 1)[1]
    assert re.fullmatch(line, tail.splitlines()[0])  # the tail starts with one


def test_budget_is_spread_fairly_over_large_outputs():
    s = big_log_session()
    s["tool_calls"][1]["output"] = "\n".join(f"metric sample {i} value {i * 3}" for i in range(20_000))
    items = summary(s, budget=10_000)
    big = [len(i.output_excerpt) for i in items[:2]]
    assert all(i.truncated for i in items[:2])
    assert abs(big[0] - big[1]) < 0.25 * max(big)  # neither call takes the other's share
    assert "metric sample 19999" in items[1].output_excerpt


def test_quoted_spans_are_kept_even_beyond_a_tiny_budget():
    items = summary(big_log_session(), budget=10)
    assert "QUOTED-LINE-XYZ disk full" in items[0].output_excerpt
