"""`AsyncSessionStore`: the asyncio twin of `SessionStore` (SQLAlchemy's asyncio extension).

Same table, same merge and locking rules, same lossless JSON codec. URLs: `sqlite:///path`
(run on aiosqlite), `postgresql://...` (run on psycopg 3's async mode), or any async URL as is
(`postgresql+asyncpg://...`). Needs `sqlalchemy[asyncio]` plus the async driver.

Example:
    >>> store = AsyncSessionStore("sqlite:///groundcheck.sqlite")
    >>> await store.save_verifier_evaluation(record.session_id, record)
    >>> await store.close()
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from .errors import ConfigError, require_extra

try:
    from sqlalchemy import select
    from sqlalchemy.dialects.postgresql import insert as pg_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError
except ImportError:  # no `db` extra: one line naming it instead of a traceback
    require_extra("sqlalchemy", "db", "AsyncSessionStore")
    raise

from groundcheck.signatures.models import VerifierEvaluation

from .core.self_evaluation import merge_verifier_evaluation
from .store import (
    DEFAULT_URL,
    Base,
    DiagnosisSession,
    database_errors,
    ensure_session_id,
    masked_url,
    missing_driver,
    one_line,
    sqlite_immediate,
)

_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+psycopg",
                  "postgresql+psycopg": "postgresql+psycopg", "postgresql+psycopg2": "postgresql+psycopg"}


class AsyncSessionStore:
    """`diagnosis_session` rows keyed by session id, for async runtimes (one instance per process).

    Args:
        url: an SQLAlchemy URL; sync driver names are mapped to their async twins.
        pool_size: connections kept open (PostgreSQL); SQLite serialises writers anyway.

    Raises:
        ConfigError: a malformed URL or a missing async driver (at construction); a database that
            cannot be reached (on first use).
    """

    def __init__(self, url: str = DEFAULT_URL, *, pool_size: int = 10) -> None:
        require_extra("greenlet", "db", "AsyncSessionStore")  # SQLAlchemy's asyncio layer runs on it
        from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

        self.url = url
        try:
            async_url = async_url_of(url)
            if async_url.startswith("sqlite"):
                self.engine = create_async_engine(async_url, connect_args={"timeout": 30})
                sqlite_immediate(self.engine.sync_engine)
            else:
                self.engine = create_async_engine(async_url, pool_pre_ping=True, pool_size=pool_size)
        except ImportError as exc:
            raise missing_driver(exc, url) from None
        except (ArgumentError, NoSuchModuleError, ValueError) as exc:
            raise ConfigError(f"cannot open database {masked_url(url)}: {one_line(exc, url)}") from None
        self._sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._ready = False
        self._ready_lock = asyncio.Lock()

    async def __aenter__(self) -> AsyncSessionStore:
        await self.open()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def open(self) -> None:
        """Create the table if absent (done on first use otherwise)."""
        async with self._ready_lock:
            if self._ready:
                return
            with database_errors(self.url):
                async with self.engine.begin() as conn:
                    await conn.run_sync(Base.metadata.create_all)
            self._ready = True

    async def close(self) -> None:
        await self.engine.dispose()

    async def save_verifier_evaluation(self, session_id: str,
                                       record: VerifierEvaluation | dict[str, Any]) -> dict[str, Any]:
        """Merge a record into the session's row (its round's place, spec §9); returns the new value."""
        return await self.update(session_id, lambda current: merge_verifier_evaluation(current, record))

    async def set_key(self, session_id: str, key: str, value: Any) -> dict[str, Any]:
        return await self.update(session_id, lambda current: {**current, key: copy.deepcopy(value)})

    async def update(self, session_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Apply `change` to the session's `self_evaluation` atomically (row created if absent)."""
        ensure_session_id(session_id)
        await self.open()
        with database_errors(self.url):
            async with self._sessions() as db, db.begin():
                await db.execute(self._insert_absent(session_id))
                row = (await db.execute(
                    select(DiagnosisSession).where(DiagnosisSession.id == session_id).with_for_update()
                )).scalar_one()
                new = change(copy.deepcopy(row.self_evaluation or {}))
                row.self_evaluation = new
                row.updated_at = datetime.now(UTC)
        return new

    async def get(self, session_id: str) -> dict[str, Any] | None:
        ensure_session_id(session_id)
        await self.open()
        with database_errors(self.url):
            async with self._sessions() as db:
                row = await db.get(DiagnosisSession, session_id)
                return copy.deepcopy(row.self_evaluation) if row else None

    def _insert_absent(self, session_id: str) -> Any:
        # one statement, no race: a concurrent creator makes this a no-op (both dialects support it)
        insert = pg_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
        if self.engine.dialect.name not in ("postgresql", "sqlite"):
            raise ConfigError(f"AsyncSessionStore supports SQLite and PostgreSQL, not {self.engine.dialect.name}")
        values = {"id": session_id, "self_evaluation": {}, "updated_at": datetime.now(UTC)}
        return insert(DiagnosisSession).values(**values).on_conflict_do_nothing(index_elements=["id"])


def async_url_of(url: str) -> str:
    """The async-driver twin of a sync SQLAlchemy URL (an async URL is returned as is)."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError(f"not a database URL: {masked_url(url)}")
    return f"{_ASYNC_DRIVERS.get(scheme, scheme)}://{rest}"
