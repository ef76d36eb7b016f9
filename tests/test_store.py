"""Persistence: merge into self_evaluation without losing keys, atomically across processes."""

import multiprocessing
import os

import pytest
from builders import session_with

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.errors import ConfigError
from groundcheck.programs.store import SessionStore

WRITES = 40


def _writer(url: str, key: str) -> None:
    store = SessionStore(url)
    log = f"{key}_log"
    for i in range(WRITES):
        store.update("shared", lambda current, i=i: {**current, key: i, log: [*current.get(log, []), i]})


def _concurrent_writes_lose_nothing(url: str) -> None:
    SessionStore(url).set_key("shared", "owner", "chat")
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_writer, args=(url, key)) for key in ("planner", "verifier_meta")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    final = SessionStore(url).get("shared")
    assert final["owner"] == "chat"
    for key in ("planner", "verifier_meta"):
        assert final[key] == WRITES - 1
        assert final[f"{key}_log"] == list(range(WRITES))  # every single write survived


def _record_round_trip(url: str) -> None:
    store = SessionStore(url)
    store.set_key("s1", "planner_score", 0.8)
    store.update("s1", lambda cur: {**cur, "verifier_evaluation": {"reviewer_note": "keep me"}})
    record = verify_session(session_with(session_id="s1"))
    store.save_verifier_evaluation("s1", record)
    saved = store.get("s1")
    assert saved["planner_score"] == 0.8
    ve = saved["verifier_evaluation"]
    assert ve["reviewer_note"] == "keep me" and ve["verdict"] == "PASS"
    assert ve["claim_checks"] and ve["facts_checked"] and ve["gatekeeper_result"]["status"] == "pass"
    assert store.get("missing") is None


def test_sqlite_round_trip(tmp_path):
    _record_round_trip(f"sqlite:///{tmp_path / 'gc.sqlite'}")


def test_sqlite_concurrent_writers_lose_nothing(tmp_path):
    _concurrent_writes_lose_nothing(f"sqlite:///{tmp_path / 'gc.sqlite'}")


def test_bad_url_is_a_config_error():
    with pytest.raises(ConfigError):
        SessionStore("nosuchdialect://x")


def _pg_url() -> str:
    url = os.environ.get("GROUNDCHECK_TEST_PG_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("CI must provide a PostgreSQL server (GROUNDCHECK_TEST_PG_URL, started by .ci/run)")
        pytest.skip("no PostgreSQL server (set GROUNDCHECK_TEST_PG_URL)")
    return url


@pytest.mark.postgres
def test_postgres_round_trip_and_jsonb():
    url = _pg_url()
    _record_round_trip(url)
    from sqlalchemy import create_engine, text

    with create_engine(url).connect() as conn:
        kind = conn.execute(text(
            "select data_type from information_schema.columns "
            "where table_name='diagnosis_session' and column_name='self_evaluation'"
        )).scalar_one()
    assert kind == "jsonb"


@pytest.mark.postgres
def test_postgres_concurrent_writers_lose_nothing():
    url = _pg_url()
    from sqlalchemy import create_engine, text

    with create_engine(url).begin() as conn:
        conn.execute(text("delete from diagnosis_session where id = 'shared'"))
    _concurrent_writes_lose_nothing(url)


# --- rounds, lossless text, ids, connection errors, the async store (issues 11, 12) ------------

import asyncio  # noqa: E402

from groundcheck.programs.async_store import AsyncSessionStore, async_url_of  # noqa: E402
from groundcheck.programs.core.self_evaluation import HISTORY_KEY, verifier_rounds  # noqa: E402
from groundcheck.programs.errors import InputError  # noqa: E402
from groundcheck.programs.store import ID_LENGTH, decode_text, encode_text  # noqa: E402

ODD = "a\x00b \ud800 c\udfff \ue000 d\ue0000041 e"  # NUL, lone surrogates, the codec's own escape char


def _odd_session(session_id: str) -> dict:
    def mutate(contract):
        contract["claims"][0]["claim_text"] += ODD
        contract["hypotheses"].append(ODD)

    session = session_with(mutate, session_id=session_id)
    session["tool_calls"][0]["output"] += ODD
    return session


def _rounds_in_one_row(store: SessionStore, sid: str) -> None:
    r1 = verify_session(session_with(session_id=sid, round=1)).model_copy(update={"verdict": "REJECT"})
    r2 = verify_session(session_with(session_id=sid, round=2))
    store.save_verifier_evaluation(sid, r1)
    store.set_key(sid, "planner", {"ok": True})
    store.save_verifier_evaluation(sid, r2)
    saved = store.get(sid)
    assert saved["verifier_evaluation"]["round"] == 2 and saved["verifier_evaluation"]["verdict"] == "PASS"
    assert [r["verdict"] for r in saved[HISTORY_KEY]] == ["REJECT"] and saved["planner"] == {"ok": True}
    store.save_verifier_evaluation(sid, r2.model_copy(update={"rationale": "again"}))  # same round: in place
    store.save_verifier_evaluation(sid, r1.model_copy(update={"rationale": "late"}))  # late round 1
    saved = store.get(sid)
    assert [(r["round"], r["rationale"]) for r in verifier_rounds(saved)] == [(1, "late"), (2, "again")]
    assert store.get(f"{sid}#r2") is None


def _lossless(store: SessionStore, sid: str) -> None:
    record = verify_session(_odd_session(sid))
    store.save_verifier_evaluation(sid, record)
    store.set_key(sid, "raw\x00key", ODD)
    saved = store.get(sid)
    assert saved["verifier_evaluation"] == record.model_dump(mode="json", by_alias=True)
    assert saved["raw\x00key"] == ODD


def test_codec_round_trips_and_leaves_plain_text_alone():
    value = {"k\x00": [ODD, "普通文本", 1, None, {"x": "\ue000e000"}]}
    assert decode_text(encode_text(value)) == value
    assert encode_text("普通文本 plain") == "普通文本 plain"
    assert "\x00" not in str(encode_text(value)) and "\ud800" not in str(encode_text(value))


def test_sqlite_rounds_share_one_row_and_text_is_lossless(tmp_path):
    store = SessionStore(f"sqlite:///{tmp_path / 'gc.sqlite'}")
    _rounds_in_one_row(store, "rounds-1")
    _lossless(store, "odd-1")
    long_id = "会" * ID_LENGTH
    store.set_key(long_id, "k", 1)
    assert store.get(long_id) == {"k": 1}


def test_ids_the_column_cannot_hold_fail_before_writing(tmp_path):
    store = SessionStore(f"sqlite:///{tmp_path / 'gc.sqlite'}")
    for bad in ("x" * (ID_LENGTH + 1), "a\x00b", "a\ud800", ""):
        with pytest.raises(InputError):
            store.set_key(bad, "k", 1)
    from sqlalchemy import text

    with store.engine.connect() as conn:
        assert conn.execute(text("select count(*) from diagnosis_session")).scalar_one() == 0


def test_unreachable_database_is_one_line_with_the_password_masked():
    with pytest.raises(ConfigError) as info:
        SessionStore("postgresql+psycopg://chat:s3cret-pw@127.0.0.1:1/groundcheck?connect_timeout=2")
    message = str(info.value)
    assert "s3cret-pw" not in message and "***" in message and "\n" not in message
    assert "unavailable" in message


def test_async_url_mapping():
    assert async_url_of("sqlite:///x.sqlite") == "sqlite+aiosqlite:///x.sqlite"
    assert async_url_of("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert async_url_of("postgresql+asyncpg://u@h/db") == "postgresql+asyncpg://u@h/db"


async def _async_concurrent_writes(url: str, sid: str) -> dict:
    async with AsyncSessionStore(url) as store:
        async def writer(key: str) -> None:
            for i in range(15):
                await store.update(sid, lambda cur, i=i: {**cur, key: [*cur.get(key, []), i]})

        await asyncio.gather(*(writer(f"w{n}") for n in range(6)))
        r1 = verify_session(_odd_session(sid)).model_copy(update={"round": 1, "verdict": "REJECT"})
        r2 = verify_session(_odd_session(sid)).model_copy(update={"round": 2})
        await asyncio.gather(store.save_verifier_evaluation(sid, r1), store.set_key(sid, "tenant", "t1"))
        await store.save_verifier_evaluation(sid, r2)
        saved = await store.get(sid)
    assert all(saved[f"w{n}"] == list(range(15)) for n in range(6))  # every write survived
    assert [r["verdict"] for r in verifier_rounds(saved)] == ["REJECT", r2.verdict]
    assert saved["verifier_evaluation"] == {**r2.model_dump(mode="json", by_alias=True)}
    assert saved["verifier_evaluation"]["executor_structured_output"]["hypotheses"][-1] == ODD
    assert SessionStore(url).get(sid) == saved  # the sync store reads what the async one wrote
    return saved


def test_async_store_sqlite(tmp_path):
    asyncio.run(_async_concurrent_writes(f"sqlite:///{tmp_path / 'gc.sqlite'}", "async-1"))


@pytest.mark.postgres
def test_postgres_lossless_rounds_and_long_id():
    url = _pg_url()
    store = SessionStore(url)
    long_id = "会话" * (ID_LENGTH // 2) + "x"
    assert len(long_id) == ID_LENGTH
    from sqlalchemy import create_engine, text

    with create_engine(url).begin() as conn:
        conn.execute(text("delete from diagnosis_session where id in (:a, :b, :c)"),
                     {"a": long_id, "b": "pg-rounds", "c": "pg-async"})
    _lossless(store, long_id)
    _rounds_in_one_row(store, "pg-rounds")
    with pytest.raises(InputError):
        store.set_key(long_id + "y", "k", 1)
    asyncio.run(_async_concurrent_writes(url, "pg-async"))
