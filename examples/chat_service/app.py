"""The service: a question in; the Chinese reply, the verdict and the records out, each round stored.

Run:  GROUNDCHECK_LM=openai/qwen-plus GROUNDCHECK_API_BASE=... \
      uvicorn chat_service.app:app --app-dir examples

Settings (environment): `GROUNDCHECK_LM`, `GROUNDCHECK_API_BASE` (the Executor's model and
endpoint); `GROUNDCHECK_VERIFIER` = `rules` (default, no LM) or `lm`, with `GROUNDCHECK_VERIFIER_LM`
and `GROUNDCHECK_VERIFIER_API_BASE` (default: the Executor's); `DATABASE_URL` (default
`sqlite:///chat_service.sqlite`; `postgresql://user:pw@host/db` for PostgreSQL).

HTTP status: 200 with a reply (verdict PASS / LOW_CONFID / REJECT, or `outage: "verifier"` when
only verification was unavailable); 503 with the same body and `outage: "executor"` when no answer
could be produced (Retry-After set); 422 for a malformed request.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, HTTPException, Response
from pydantic import BaseModel, Field

from groundcheck.programs import (
    AsyncSessionStore,
    DiagnosisTurn,
    Executor,
    LMChecker,
    LMSettings,
    make_lm,
)

from .tools import TOOLS

logger = logging.getLogger("chat_service")
DEFAULT_DATABASE = "sqlite:///chat_service.sqlite"
RETRY_AFTER_SECONDS = "30"


class Message(BaseModel):
    role: str = "user"
    content: str


class DiagnoseRequest(BaseModel):
    question: str = Field(min_length=1, description="the operator's question")
    session_id: str | None = Field(default=None, max_length=255)
    history: list[Message] = Field(default_factory=list, description="the conversation so far, oldest first")
    context: dict[str, Any] = Field(default_factory=dict, description="per-request data for the tools")


class DiagnoseResponse(BaseModel):
    session_id: str
    reply: str
    verdict: str
    outage: str | None = Field(description="executor or verifier when that LM was unavailable")
    rounds: int
    records: list[dict[str, Any]]


def create_app(*, executor_lm: Any = None, verifier: Any = None, database_url: str | None = None,
               tools: Mapping[str, Callable[..., Any]] | None = None) -> FastAPI:
    """The app; every argument defaults to the environment settings above."""
    executor_lm = executor_lm if executor_lm is not None else _lm_from_env("GROUNDCHECK_LM", "GROUNDCHECK_API_BASE")
    verifier = verifier if verifier is not None else _verifier_from_env()
    turn = DiagnosisTurn(Executor(tools or TOOLS), executor_lm=executor_lm, verifier=verifier)
    store = AsyncSessionStore(database_url or os.environ.get("DATABASE_URL", DEFAULT_DATABASE))

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await store.open()
        yield
        await store.close()

    app = FastAPI(title="diagnosis chat (groundcheck example)", lifespan=lifespan)

    @app.post("/diagnose", response_model=DiagnoseResponse)
    async def diagnose(request: DiagnoseRequest, response: Response) -> DiagnoseResponse:
        result = await turn.acall(request.question, session_id=request.session_id,
                                  history=[m.model_dump() for m in request.history], context=request.context)
        for record in result.records:  # one row per session; round 2 lands beside round 1
            await store.save_verifier_evaluation(result.session_id, record)
        if result.outage == "executor":
            response.status_code = 503
            response.headers["Retry-After"] = RETRY_AFTER_SECONDS
        return DiagnoseResponse(
            session_id=result.session_id,
            reply=result.reply,
            verdict=result.verdict,
            outage=result.outage,
            rounds=len(result.records),
            records=[r.model_dump(mode="json", by_alias=True) for r in result.records],
        )

    @app.get("/sessions/{session_id}")
    async def session(session_id: str) -> dict[str, Any]:
        saved = await store.get(session_id)
        if saved is None:
            raise HTTPException(status_code=404, detail="no such session")
        return saved

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app


def _lm_from_env(model_var: str, base_var: str, fallback_base: str | None = None) -> Any:
    model = os.environ.get(model_var) or os.environ.get("GROUNDCHECK_LM")
    if not model:
        raise RuntimeError(f"set {model_var} to a litellm model string (e.g. openai/gpt-4o-mini)")
    return make_lm(LMSettings(model=model, api_base=os.environ.get(base_var) or fallback_base))


def _verifier_from_env() -> Any:
    if os.environ.get("GROUNDCHECK_VERIFIER", "rules") == "rules":
        return "rules"
    return LMChecker(_lm_from_env("GROUNDCHECK_VERIFIER_LM", "GROUNDCHECK_VERIFIER_API_BASE",
                                  os.environ.get("GROUNDCHECK_API_BASE")))


def __getattr__(name: str) -> Any:
    # `uvicorn chat_service.app:app`: built on first access, so importing this module needs no settings
    if name == "app":
        return create_app()
    raise AttributeError(name)
