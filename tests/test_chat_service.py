"""The example FastAPI service (examples/chat_service) under load, over real HTTP, against the local
fake LM server: 50 concurrent requests, every one answered, one row per session, retried sessions
with both rounds in their row; outages named with their HTTP status."""

import asyncio
import os
import socket
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("aiosqlite")

import httpx
import uvicorn
from builders import base_contract
from fake_lm_server import ReactResponder, RespondingServer, with_invocations
from sqlalchemy import create_engine, text

from groundcheck.programs import LMChecker, LMSettings, SessionStore, Verifier, make_lm, verifier_rounds

sys.path.insert(0, str(Path(__file__).parents[1] / "examples"))
from chat_service.app import create_app

REQUESTS = 50
PLAN = [
    ("query_logs", {"service": "order-service"}),
    ("query_metrics", {"metric": "container_memory_working_set_bytes"}),
    ("query_metrics", {"metric": "kube_pod_container_status_restarts_total"}),
]


def _contract(question, retry, seen):
    contract = base_contract()
    if "重试" in question and not retry:  # a wrong number on round 1: REJECT, then the retry round
        contract["claims"][2]["claim_text"] = "内存工作集在 14:03 达到 768Mi"
    return with_invocations(contract, dict(zip(["call_o1", "call_o2", "call_o3"], seen, strict=False)))


def _lm(url):
    return make_lm(LMSettings(model="openai/fake", api_base=url, api_key="sk-local", num_retries=0, timeout=30))


def _closed_port_url():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}/v1"


@contextmanager
def serving(app):
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "service did not start"
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


async def _post_all(base, bodies):
    async with httpx.AsyncClient(base_url=base, timeout=300) as client:
        return await asyncio.gather(*(client.post("/diagnose", json=b) for b in bodies))


def _load_test(database_url, prefix):
    bodies = [
        {"question": f"订单服务为什么重启？{'请重试' if i % 5 == 0 else ''}#{i}", "session_id": f"{prefix}-{i}",
         "context": {"tenant": "acme"}, "history": [{"role": "user", "content": "你好"}]}
        for i in range(REQUESTS)
    ]
    with RespondingServer(ReactResponder(PLAN, _contract)) as lm_server:
        app = create_app(executor_lm=_lm(lm_server.base_url), verifier="rules", database_url=database_url)
        with serving(app) as base:
            responses = asyncio.run(_post_all(base, bodies))
            stored = httpx.get(f"{base}/sessions/{prefix}-0").json()
    assert [r.status_code for r in responses] == [200] * REQUESTS
    payloads = [r.json() for r in responses]
    assert [p["session_id"] for p in payloads] == [b["session_id"] for b in bodies]
    assert all(p["verdict"] == "PASS" and p["outage"] is None for p in payloads)
    assert [p["rounds"] for p in payloads] == [2 if i % 5 == 0 else 1 for i in range(REQUESTS)]
    assert [r["verdict"] for r in verifier_rounds(stored)] == ["REJECT", "PASS"]

    with create_engine(SessionStore(database_url).url).connect() as conn:
        ids = [row[0] for row in conn.execute(text(
            "select id from diagnosis_session where id like :p"), {"p": f"{prefix}-%"})]
    assert sorted(ids) == sorted(b["session_id"] for b in bodies)  # none lost, none duplicated, no "#r2"
    store = SessionStore(database_url)
    for i in range(REQUESTS):
        rounds = verifier_rounds(store.get(f"{prefix}-{i}"))
        assert [r["verdict"] for r in rounds] == (["REJECT", "PASS"] if i % 5 == 0 else ["PASS"])


def test_fifty_concurrent_requests_sqlite(tmp_path):
    _load_test(f"sqlite:///{tmp_path / 'chat.sqlite'}", "load")


@pytest.mark.postgres
def test_fifty_concurrent_requests_postgres():
    url = os.environ.get("GROUNDCHECK_TEST_PG_URL")
    if not url:
        pytest.skip("no PostgreSQL server (set GROUNDCHECK_TEST_PG_URL)")
    SessionStore(url)  # the table
    with create_engine(url).begin() as conn:
        conn.execute(text("delete from diagnosis_session where id like 'pgload-%'"))
    _load_test(url, "pgload")


def test_outages_are_named_with_their_http_status(tmp_path):
    db = f"sqlite:///{tmp_path / 'chat.sqlite'}"
    with RespondingServer(ReactResponder(PLAN, _contract)) as lm_server:
        up, down = _lm(lm_server.base_url), _lm(_closed_port_url())
        no_executor = create_app(executor_lm=down, verifier="rules", database_url=db)
        no_verifier = create_app(executor_lm=up, verifier=LMChecker(down, Verifier()), database_url=db)
        with serving(no_executor) as base:
            r1 = httpx.post(f"{base}/diagnose", json={"question": "支付服务为什么 503？", "session_id": "down-1"},
                            timeout=120)
        with serving(no_verifier) as base:
            r2 = httpx.post(f"{base}/diagnose", json={"question": "支付服务为什么 503？", "session_id": "down-2"},
                            timeout=120)
            bad = httpx.post(f"{base}/diagnose", json={"question": ""}, timeout=30)
    assert r1.status_code == 503 and r1.headers["Retry-After"]
    body = r1.json()
    assert body["outage"] == "executor" and "诊断服务暂时不可用" in body["reply"]
    assert body["records"][0]["executor_error"] and body["records"][0]["verifier_error"] is None
    assert r2.status_code == 200
    body = r2.json()
    assert body["outage"] == "verifier" and "校验服务暂时不可用" in body["reply"]
    assert body["records"][-1]["verifier_error"] and body["records"][-1]["executor_error"] is None
    assert bad.status_code == 422
    store = SessionStore(db)
    assert store.get("down-1")["verifier_evaluation"]["executor_error"]
    assert store.get("down-2")["verifier_evaluation"]["verifier_error"]
