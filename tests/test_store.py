"""Persistence: merge into self_evaluation without losing keys, atomically across processes."""

import multiprocessing
import os

import pytest
from builders import session_with

from groundcheck.programs.errors import ConfigError
from groundcheck.programs.pipeline import verify_session
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
