"""Fast paths added for throughput give exactly what the plain versions give.

- `escape_lone_surrogates` returns a text with nothing to escape as it is;
- the unit names as a prefix tree match what their plain alternation (longest first) matches;
- the mention pattern's up-front edge tests reject only places where no alternative could match;
- `iter_raw_lines(..., spans=True)` finds the same lines as the bytes it reads, and a worker reading a
  span of a file that changed gets an error for that line, never another line's bytes.
"""

import codecs
import io
import json
import os
import random
import re
import threading

import pytest
from builders import base_session
from hypothesis import given, settings
from hypothesis import strategies as st

from groundcheck.programs.batch_verify import verify_jsonl, verify_line
from groundcheck.programs.cli import main
from groundcheck.programs.core import sessions
from groundcheck.programs.core.jsonio import _ESCAPED, escape_lone_surrogates
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.sessions import LineSpan, SpanReader, iter_raw_lines
from groundcheck.programs.errors import InputError
from groundcheck.programs.text import tokens
from groundcheck.programs.text.tokens import _prefix_tree_pattern


def plain_escape(text: str) -> str:
    return _ESCAPED.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


@given(st.text(alphabet=st.sampled_from(["a", "中", " ", "\ud800", "\udfff", "\x85", "\u2028", "\u2029", "é", "\\"]),
               max_size=40))
def test_escape_lone_surrogates_matches_the_plain_substitution(text):
    assert escape_lone_surrogates(text) == plain_escape(text)


def test_escape_lone_surrogates_returns_a_clean_text_itself():
    text = "连接池耗尽 " * 1000
    assert escape_lone_surrogates(text) is text
    assert escape_lone_surrogates("x\ud83dy") == "x\\ud83dy"


_WORDS = ["m", "ms", "min", "mins", "mi", "mib", "b", "bps", "byte", "bytes", "秒", "秒钟", "次", "次/秒", "h", "hr"]


@settings(max_examples=300)
@given(words=st.lists(st.sampled_from(_WORDS), min_size=1, unique=True),
       text=st.text(alphabet=st.sampled_from(list("mnsibytehr秒钟次/ 0")), max_size=12),
       after=st.sampled_from([r"(?![a-z0-9_])", r"", r"(?!s)"]))
def test_prefix_tree_matches_what_the_longest_first_alternation_matches(words, text, after):
    plain = re.compile("(?i:(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + "))" + after)
    tree = re.compile("(?i:(" + _prefix_tree_pattern(words) + "))" + after)
    for pos in range(len(text) + 1):
        a, b = plain.match(text, pos), tree.match(text, pos)
        assert (a and a.group(1)) == (b and b.group(1)), (words, text, pos)


def _plain_mention_pattern() -> re.Pattern[str]:
    """The mention pattern as first written, from its parts, without the up-front edge tests."""
    t = tokens
    return re.compile(
        r"(?=[A-Za-z0-9+\-/])(?:(?=[A-Za-z])(?P<entity>" + "|".join(f"(?:{p})" for p in t._LETTER_ENTITIES) + ")"
        r"|(?=[0-9+\-])(?:(?P<date_entity>" + t.CLAIM_DATE + ")"
        r"|(?P<digit_entity>" + "|".join(f"(?:{p})" for p in t._DIGIT_ENTITIES) + ")"
        r"|(?P<duration>" + t._LATIN_DURATION + "|" + t._CHINESE_DURATION + ")"
        r"|(?P<clock>" + t._CLOCK.pattern + r")|(?P<cnhour>" + t._CHINESE_HOUR.pattern + r")|" + t._NUMBER.pattern + ")"
        r"|(?P<path_entity>" + t._PATH_ENTITY + "))"
    )


def test_mention_edge_tests_reject_only_what_no_alternative_matches():
    plain = _plain_mention_pattern()
    rng = random.Random(7)
    pieces = [*"abcxyzABCEZ0123456789 .-+/:_()%,", "的", "秒", "，", "２", "\u0663", "Exception", "ERR_", "v1.2",
              "2026-11-28", "14:03:05", "+08:00", "http://", "ms", "GiB", "点", "pod-7f", "40P01", "月", "日", "分",
              "2m12s", "万", "2026/11/29"]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 30)))
        found = [(m.span(), m.lastgroup) for m in tokens._MENTION.finditer(text)]
        assert found == [(m.span(), m.lastgroup) for m in plain.finditer(text)], text


def _write_lines(path, lines: list[bytes]) -> None:
    path.write_bytes(b"".join(lines))


def test_spans_find_the_same_lines_as_the_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr(sessions, "MAX_SESSION_BYTES", 64)
    monkeypatch.setattr(sessions, "_SKIP_CHUNK", 16)
    path = tmp_path / "mixed.jsonl"
    bom = codecs.BOM_UTF8
    _write_lines(path, [b'{"a": 1}\n', b"\n", b"   \t\r\n", bom + b"\n", bom + b' {"b": 2}\n',
                        b" " + bom + b" " + bom + b" \n", b'{"long": "' + b"x" * 200 + b'"}\n',
                        b'{"after": "long"}\r\n', b'{"last": true}'])
    as_bytes = list(iter_raw_lines(path))
    as_spans = list(iter_raw_lines(path, spans=True))
    assert [n for n, _ in as_bytes] == [n for n, _ in as_spans] == [1, 5, 6, 7, 8, 9]
    with SpanReader(str(path)) as reader:
        for (_, data), (_, span) in zip(as_bytes, as_spans, strict=True):
            if isinstance(data, bytes):
                assert isinstance(span, LineSpan) and reader.read(span) == data
            else:  # the over-long line is an error either way
                assert str(span) == str(data)


def test_a_stream_gives_bytes_even_when_spans_are_asked_for(tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(b'{"a": 1}\n'))
    writer.start()
    lines = list(iter_raw_lines(fifo, spans=True))
    writer.join()
    assert lines == [(1, b'{"a": 1}\n')]


def _session_line(session_id: str) -> bytes:
    session = base_session()
    session["session_id"] = session_id
    return json.dumps(session, ensure_ascii=False).encode() + b"\n"


def test_a_file_cut_short_under_a_worker_gives_an_error_for_that_line(tmp_path):
    path = tmp_path / "two.jsonl"
    good = _session_line("s-1")
    path.write_bytes(good + good)
    spans = list(iter_raw_lines(path, spans=True))
    ok = verify_line(spans[0], path=str(path), backend="rules", summary_budget=12_000)
    assert ok.error is None and ok.json is not None
    with path.open("r+b") as handle:  # the same file, cut short after its lines were found
        handle.truncate(100)
    cut = verify_line(spans[1], path=str(path), backend="rules", summary_budget=12_000)
    assert cut.json is None and "changed while it was being read" in (cut.error or "")


def test_a_file_replaced_under_a_worker_never_gives_the_other_file_s_bytes(tmp_path):
    path = tmp_path / "one.jsonl"
    path.write_bytes(_session_line("first-AAAA"))
    (span,) = list(iter_raw_lines(path, spans=True))
    replacement = tmp_path / "new.jsonl"
    replacement.write_bytes(_session_line("other-BBBB"))  # same length: only the file's identity differs
    os.replace(replacement, path)
    result = verify_line(span, path=str(path), backend="rules", summary_budget=12_000)
    assert result.json is None and "replaced while it was being read" in (result.error or "")


def test_each_run_reads_the_file_the_path_names_now_and_leaves_nothing_open(tmp_path):
    path = tmp_path / "rotated.jsonl"
    open_before = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    for session_id in ("first-AAAA", "other-BBBB", "third-CCCC"):
        replacement = tmp_path / "next.jsonl"
        replacement.write_bytes(_session_line(session_id) * 3)
        os.replace(replacement, path)  # rotated between runs, as a log would be
        results = list(verify_jsonl(path, "rules", workers=1, summary_budget=12_000))
        assert [json.loads(r.json or "{}").get("session_id") for r in results] == [session_id] * 3
    if open_before is not None:
        assert len(os.listdir("/proc/self/fd")) == open_before


@pytest.mark.parametrize("backend", ["rules"])
def test_verify_through_spans_equals_verify_through_bytes(tmp_path, backend):
    path = tmp_path / "s.jsonl"
    path.write_bytes(json.dumps(base_session(), ensure_ascii=False).encode() + b"\n")
    (span_item,) = list(iter_raw_lines(path, spans=True))
    (bytes_item,) = list(iter_raw_lines(path))
    a = verify_line(span_item, path=str(path), backend=backend, summary_budget=12_000)
    b = verify_line(bytes_item, path=str(path), backend=backend, summary_budget=12_000)
    assert a.json == b.json and a.json is not None


@pytest.mark.parametrize("written", ["5 mıns", "3 Kı", "2 GİB", "5 ſec"])
def test_a_unit_written_with_a_case_twin_letter_is_read_not_a_crash(written):
    """`re.IGNORECASE` matches dotless ı, dotted İ, the Kelvin sign and long s to ASCII unit letters;
    the number is read in that unit (it used to raise KeyError and stop the verification)."""
    (number,) = tokens.extract_mentions(f"等待 {written}").numbers
    assert (number.kind in ("seconds", "bytes") and number.factor > 1) or number.kind == "seconds"
    session = base_session()
    contract = json.loads(session["executor_final_answer"])
    contract["claims"][0]["claim_text"] += f"，等待 {written}"
    session["executor_final_answer"] = json.dumps(contract, ensure_ascii=False)
    session["tool_calls"][0]["output"] = f"{session['tool_calls'][0]['output']}\nretry after {written}"
    record = verify_session(session)
    assert record.verdict in ("PASS", "REJECT", "LOW_CONFID")


def _jsonl(path, session_ids) -> None:
    path.write_bytes(b"".join(_session_line(sid) for sid in session_ids))


def test_records_to_an_out_file_equal_the_records_written_as_text(tmp_path):
    data = tmp_path / "in.jsonl"
    _jsonl(data, [f"s-{i}" for i in range(5)])
    as_text = io.StringIO()
    assert main(["verify", str(data)], stdout=as_text, stderr=io.StringIO()) == 0
    out = tmp_path / "out.jsonl"
    assert main(["verify", str(data), "--out", str(out)], stdout=io.StringIO(), stderr=io.StringIO()) == 0
    assert out.read_text(encoding="utf-8") == as_text.getvalue()
    assert [json.loads(line)["session_id"] for line in as_text.getvalue().splitlines()] == [f"s-{i}" for i in range(5)]


def test_a_sink_that_translates_line_endings_still_gets_them(tmp_path):
    data = tmp_path / "in.jsonl"
    _jsonl(data, ["crlf-1", "crlf-2"])
    raw = io.BytesIO()
    sink = io.TextIOWrapper(raw, encoding="utf-8", newline="\r\n")
    assert main(["verify", str(data)], stdout=sink, stderr=io.StringIO()) == 0
    sink.flush()
    assert raw.getvalue().count(b"\r\n") == 2 and raw.getvalue().endswith(b"}\r\n")


def test_a_file_replaced_during_a_run_is_read_as_it_was_when_the_run_began(tmp_path):
    path = tmp_path / "rotating.jsonl"
    _jsonl(path, [f"orig-{i}" for i in range(100)])
    results = verify_jsonl(path, "rules", workers=2, summary_budget=12_000)
    first = next(results)  # the pool has started and the first lines are done
    _jsonl(tmp_path / "new.jsonl", [f"new-{i}" for i in range(100)])
    os.replace(tmp_path / "new.jsonl", path)
    rest = list(results)
    assert all(r.error is None for r in [first, *rest])
    assert [json.loads(r.json or "{}")["session_id"] for r in [first, *rest]] == [f"orig-{i}" for i in range(100)]


def test_a_reader_given_the_run_s_descriptor_reads_the_original_file(tmp_path):
    path = tmp_path / "one.jsonl"
    path.write_bytes(_session_line("first-AAAA"))
    ((_, span),) = list(iter_raw_lines(path, spans=True))
    assert isinstance(span, LineSpan)
    with path.open("rb") as source:
        os.replace(_write(tmp_path / "new.jsonl", _session_line("other-BBBB")), path)
        with SpanReader(str(path), source.fileno()) as reader:
            assert b"first-AAAA" in reader.read(span)
        with SpanReader(str(path)) as by_path, pytest.raises(InputError, match="replaced"):
            by_path.read(span)


def _write(path, data: bytes):
    path.write_bytes(data)
    return path


def test_a_checked_session_verifies_as_verify_session_does():
    from groundcheck.programs.core.pipeline import verify_checked_session
    from groundcheck.programs.core.sessions import session_from_bytes

    line = _session_line("checked-1")
    plain = verify_session(json.loads(line)).model_dump(mode="json")
    checked = verify_checked_session(session_from_bytes(line)).model_dump(mode="json")
    assert checked == plain and plain["session_id"] == "checked-1"
