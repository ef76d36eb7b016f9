"""Malformed `verify` inputs, by category, and a harness that runs each through the CLI's `.jsonl`
reader between two good sessions (so a lost neighbour shows) and through `verify_session`.

Run as a script to print the README table (inputs tried, records, clean errors, crashes):
    .venv/bin/python tests/fuzz_corpus.py [--random N] [--seed S]
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import random
import sys
import tempfile
import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from builders import base_contract, base_session

from groundcheck.programs.cli import main
from groundcheck.programs.core.jsonio import model_json
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.errors import InputError

GOOD_IDS = ("fuzz-good-before", "fuzz-good-after")
SESSION_FIELDS = ("session_id", "round", "original_query", "executor_final_answer", "tool_calls", "retry_context",
                  "messages", "verifier_model_output", "labels", "x_extra")
CALL_FIELDS = ("invocation_id", "trace_ref", "tool_name", "arguments", "status", "output", "x_extra")
CONTRACT_FIELDS = ("answer_version", "diagnosis_summary", "claims", "hypotheses", "user_facing_answer", "x_extra")
DEPTHS = (65, 300, 1_000, 5_000, 100_000)
SURROGATES = ("\udc80", "\ud800", "\udfff", "a\ud83d", "\ude00b")


def good_line(sid: str) -> bytes:
    return json.dumps({**base_session(), "session_id": sid}, ensure_ascii=False).encode()


def _line(value: Any) -> bytes:
    """JSON text on one line; surrogates as escapes, NaN/Infinity literals allowed (both are attacks)."""
    return json.dumps(value, ensure_ascii=True).encode()


def _with_raw(field_path: tuple[Any, ...], raw: str, session: dict[str, Any] | None = None) -> bytes:
    """A session whose value at `field_path` is the raw JSON text `raw` (deep nesting, huge numbers)."""
    session = copy.deepcopy(session or base_session())
    marker = "__FUZZ_RAW__"
    _set(session, field_path, marker)
    return _line(session).replace(json.dumps(marker).encode(), raw.encode())


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


def _contract_answer(path: tuple[Any, ...], new: Any = None, raw: str | None = None) -> str:
    contract = base_contract()
    if raw is None:
        _set(contract, path, new)
        return json.dumps(contract, ensure_ascii=False)
    _set(contract, path, "__FUZZ_RAW__")
    return json.dumps(contract, ensure_ascii=False).replace('"__FUZZ_RAW__"', raw)


def _field_paths() -> list[tuple[Any, ...]]:
    paths: list[tuple[Any, ...]] = [(f,) for f in SESSION_FIELDS]
    paths += [("tool_calls", 0, f) for f in CALL_FIELDS]
    return paths


def _deep(depth: int, kind: str) -> str:
    return ("[" * depth + "1" + "]" * depth) if kind == "list" else ('{"a":' * depth + "1" + "}" * depth)


def corpus(n_random: int = 200, seed: int = 0) -> Iterator[tuple[str, bytes]]:
    """(category, one `.jsonl` line) pairs: the issue's attacks, then random bytes and JSON trees."""
    rng = random.Random(seed)
    base = base_session()
    for s in SURROGATES:
        for path in (("tool_calls", 0, "output"), ("original_query",), ("session_id",), ("tool_calls", 0, "arguments"),
                     ("messages",), ("labels",)):
            session = copy.deepcopy(base)
            _set(session, path, {"note": s} if path[-1] in ("arguments", "labels") else ([s] if path == ("messages",)
                                                                                         else s))
            yield "lone surrogate in a session field", _line(session)
        for path in (("claims", 0, "claim_text"), ("user_facing_answer",), ("claims", 0, "evidence_bindings", 0,
                                                                              "evidence_excerpt")):
            yield "lone surrogate in the contract", _line({**base, "executor_final_answer": _contract_answer(path, s)})
    good = json.dumps(base, ensure_ascii=False)
    yield "invalid UTF-8", good.encode().replace(b"OOMKilled", b"OOM\xffKilled", 1)
    yield "invalid UTF-8", good.encode()[:-40] + b"\xc3"
    yield "invalid UTF-8", b"\xed\xa0\x80" + good.encode()  # an encoded surrogate
    yield "Latin-1 / cp1252 line", json.dumps({**base, "original_query": "café résumé ±"}, ensure_ascii=False).encode(
        "latin-1", errors="replace")
    yield "Latin-1 / cp1252 line", json.dumps({**base, "original_query": "naïve “quotes”"}, ensure_ascii=False).encode(
        "cp1252", errors="replace")
    yield "Latin-1 / cp1252 line", good.encode("utf-8").replace(b"\xe4", b"\xe4\x80\x80\x80")
    yield "UTF-16 / UTF-32 line", good.encode("utf-16-le")
    yield "UTF-16 / UTF-32 line", good.encode("utf-16")[2:]
    yield "UTF-16 / UTF-32 line", good.encode("utf-32-le")
    for depth in DEPTHS:
        for kind in ("list", "dict"):
            for path in _field_paths():
                yield f"JSON nested {depth} deep in a field", _with_raw(path, _deep(depth, kind))
            for path in (("claims",), ("x_extra",), ("claims", 0, "evidence_bindings")):
                answer = _contract_answer(path, raw=_deep(depth, kind))
                yield f"JSON nested {depth} deep in the contract", _line({**base, "executor_final_answer": answer})
        yield f"JSON nested {depth} deep: the whole line", _deep(depth, "list").encode()
    for digits in (101, 4_301, 5_000, 100_000):
        number = "9" * digits
        for path in (("tool_calls", 0, "output"), ("round",), ("tool_calls", 0, "arguments"), ("x_extra",)):
            raw = number if path[-1] != "arguments" else '{"n": ' + number + "}"
            yield "huge number in a field", _with_raw(path, raw)
        answer = _contract_answer(("x_extra",), raw=number)
        yield "huge number in the contract", _line({**base, "executor_final_answer": answer})
    for literal in ("1e999", "-1e999", "NaN", "Infinity", "-Infinity", "1" + "0" * 400 + ".5"):
        yield "non-finite / out-of-range number", _with_raw(("tool_calls", 0, "output"), literal)
        answer = _contract_answer(("x_extra",), raw=literal)
        yield "non-finite number in the contract", _line({**base, "executor_final_answer": answer})
    yield "UTF-8 BOM", b"\xef\xbb\xbf" + good.encode()
    yield "UTF-8 BOM", b"\xef\xbb\xbf\xef\xbb\xbf" + good.encode()
    for sid in ("x" * 300, "中" * 300, "a/../../etc/passwd", "..", ".", "", "a\nb", "nul\x00id", "\u202e\u2028id",
                "x" * 100_000, "CON", "a" * 255 + ".json"):
        yield "odd session id", _line({**base, "session_id": sid})
    for value in ([], "session", 42, None, True, [base], 1.5):
        yield "JSON value that is not an object", _line(value)
    for cut in (1, 10, len(good) // 2, len(good) - 1):
        yield "truncated JSON", good[:cut].encode()
    yield "two objects on one line", (good + good).encode()
    for path in _field_paths():
        for bad in (None, 1, "1", [], {}, True, -1.5, ["x"], {"k": "v"}):
            session = copy.deepcopy(base)
            _set(session, path, bad)
            yield "wrong type in a field", _line(session)
    for path in _field_paths():
        session = copy.deepcopy(base)
        parent = session
        for step in path[:-1]:
            parent = parent[step]
        parent.pop(path[-1], None)
        yield "missing field", _line(session)
    for text in ("\x00\x01\x1f", "\u2028\u2029", "\ufeff\u200b", "\U0010ffff", "e\u0301" * 50, "😀" * 1000):
        yield "odd Unicode", _line({**base, "original_query": text, "executor_final_answer": text})
        answer = _contract_answer(("claims", 0, "claim_text"), text)
        yield "odd Unicode", _line({**base, "executor_final_answer": answer})
    yield "control character raw in a string", good.replace("OOMKilled", "OOM\x01Killed", 1).encode()
    for _ in range(n_random):
        yield "random bytes", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))).replace(b"\n", b" ")
    for _ in range(n_random):
        session = copy.deepcopy(base)
        _set(session, rng.choice(_field_paths()), random_tree(rng))
        yield "random JSON tree in a field", _line(session)
    for _ in range(n_random):
        answer = _contract_answer((rng.choice(CONTRACT_FIELDS),), random_tree(rng))
        yield "random JSON tree in the contract", _line({**base, "executor_final_answer": answer})


def random_tree(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 6 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 2**31, 2**64, 10**90, rng.randrange(-10**6, 10**6)])
    if kind == 3:
        return rng.choice([0.5, -1e308, 1e-320, float("nan"), float("inf"), rng.random()])
    if kind in (4, 5):
        alphabet = "ab中文 \"\\\n\t{}[]:,\x00\u2028" + "".join(SURROGATES) + "😀é"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))
    if kind in (6, 7):
        return [random_tree(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    return {random_tree(rng, 6) if rng.random() < 0.8 else "k": random_tree(rng, depth + 1)
            for _ in range(rng.randrange(0, 4))}


def run_cli_line(line: bytes) -> dict[str, Any]:
    """The line between two good sessions, through `groundcheck verify FILE.jsonl`.

    Returns `outcome` (`record`, `clean_error`, `blank` or `crash`) and details.
    """
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.jsonl"
        path.write_bytes(good_line(GOOD_IDS[0]) + b"\n" + line + b"\n" + good_line(GOOD_IDS[1]) + b"\n")
        out, err = io.StringIO(), io.StringIO()
        try:
            code = main(["verify", str(path)], stdout=out, stderr=err)
        except BaseException:
            return {"outcome": "crash", "why": traceback.format_exc(limit=-3)}
    errors = [e for e in err.getvalue().splitlines() if e.strip()]
    try:
        records = [json.loads(r) for r in out.getvalue().splitlines()]
    except ValueError as exc:
        return {"outcome": "crash", "why": f"output is not JSON lines: {exc}"}
    ids = [r.get("session_id") for r in records]
    if ids[:1] != [GOOD_IDS[0]] or ids[-1:] != [GOOD_IDS[1]]:
        return {"outcome": "crash", "why": f"a neighbour session was lost: {ids!r:.200} / {errors!r:.300}"}
    if any(not e.startswith("groundcheck: error: ") or "internal error" in e for e in errors):
        return {"outcome": "crash", "why": f"not a clean error: {errors!r:.500}"}
    if len(records) == 3 and not errors and code == 0:
        return {"outcome": "record", "record": records[1]}
    if len(records) == 2 and errors and code == 2:  # a UTF-16 "line" may hold newline bytes: several lines
        return {"outcome": "clean_error", "error": errors[0]}
    if len(records) == 2 and not errors and code == 0 and not line.strip(b" \t\r\n").replace(b"\xef\xbb\xbf", b""):
        return {"outcome": "blank"}
    return {"outcome": "crash", "why": f"exit {code}, {len(records)} records, errors {errors!r:.300}"}


def run_api(line: bytes) -> str:
    """`verify_session` on the decoded line (when it decodes to an object): `record`, `input_error`,
    `not_an_object` or `crash` (anything else raised, or a record that does not serialize)."""
    try:
        value = json.loads(line.decode("utf-8", errors="surrogateescape"))
    except (ValueError, RecursionError):
        return "not_an_object"
    if not isinstance(value, dict):
        return "not_an_object"
    try:
        record = verify_session(value)
        json.loads(model_json(record, by_alias=True))
    except InputError:
        return "input_error"
    except Exception:
        return "crash"
    return "record"


def measure(n_random: int, seed: int) -> tuple[dict[str, Counter], list[tuple[str, str]]]:
    table: dict[str, Counter] = {}
    crashes: list[tuple[str, str]] = []
    for category, line in corpus(n_random, seed):
        result = run_cli_line(line)
        row = table.setdefault(category, Counter())
        row["tried"] += 1
        row[result["outcome"]] += 1
        if result["outcome"] == "crash":
            crashes.append((category, result["why"]))
        api = run_api(line)
        row[f"api_{api}"] += 1
        if api == "crash":
            crashes.append((category, "verify_session raised"))
    return table, crashes


def main_script() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--random", type=int, default=200, help="random inputs per random category")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    table, crashes = measure(args.random, args.seed)
    total = Counter()
    print("| input category | tried | records | clean errors (exit 2) | crashes | verify_session crashes |")
    print("|---|---|---|---|---|---|")
    for category, row in table.items():
        total.update(row)
        print(f"| {category} | {row['tried']} | {row['record']} | {row['clean_error'] + row['blank']} | "
              f"{row['crash']} | {row['api_crash']} |")
    print(f"| **total** | {total['tried']} | {total['record']} | {total['clean_error'] + total['blank']} | "
          f"{total['crash']} | {total['api_crash']} |")
    for category, why in crashes[:20]:
        print(f"CRASH [{category}]: {why}", file=sys.stderr)


if __name__ == "__main__":
    main_script()
