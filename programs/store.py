"""Persistence of verifier evaluations in `diagnosis_session.self_evaluation` (SQLAlchemy 2).

Default: an SQLite file; any SQLAlchemy URL works, PostgreSQL (JSONB) included. Every update is a
read-modify-write under a lock (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: `SELECT ... FOR UPDATE`),
so two processes writing different keys of one session's `self_evaluation` lose neither.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, String, create_engine, event, select
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from groundcheck.programs.errors import ConfigError
from groundcheck.programs.self_evaluation import merge_verifier_evaluation
from groundcheck.signatures.models import VerifierEvaluation

DEFAULT_URL = "sqlite:///groundcheck.sqlite"


class Base(DeclarativeBase):
    pass


class DiagnosisSession(Base):
    __tablename__ = "diagnosis_session"

    id: Mapped[str] = mapped_column(String(255), primary_key=True)
    self_evaluation: Mapped[dict[str, Any]] = mapped_column(
        JSON().with_variant(JSONB(), "postgresql"), default=dict, nullable=False
    )
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class SessionStore:
    """`diagnosis_session` rows keyed by session id.

    Args:
        url: an SQLAlchemy URL (`sqlite:///path.sqlite`, `postgresql+psycopg://user@host/db`, ...).
    """

    def __init__(self, url: str = DEFAULT_URL) -> None:
        try:
            self.engine = _engine(url)
        except Exception as exc:  # a malformed URL or a missing driver
            raise ConfigError(f"cannot open database {url!r}: {exc}") from None
        Base.metadata.create_all(self.engine)

    def save_verifier_evaluation(self, session_id: str, record: VerifierEvaluation | dict[str, Any]) -> dict[str, Any]:
        """Merge a record into the session's `self_evaluation.verifier_evaluation`; returns the new value."""
        return self.update(session_id, lambda current: merge_verifier_evaluation(current, record))

    def set_key(self, session_id: str, key: str, value: Any) -> dict[str, Any]:
        """Set one key of `self_evaluation`, keeping every other key."""
        return self.update(session_id, lambda current: {**current, key: copy.deepcopy(value)})

    def update(self, session_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Apply `change` to the session's `self_evaluation` atomically (row created if absent)."""
        self._ensure_row(session_id)
        with Session(self.engine) as db, db.begin():
            row = db.execute(
                select(DiagnosisSession).where(DiagnosisSession.id == session_id).with_for_update()
            ).scalar_one()
            new = change(copy.deepcopy(row.self_evaluation or {}))
            row.self_evaluation = new
            row.updated_at = datetime.now(UTC)
        return new

    def get(self, session_id: str) -> dict[str, Any] | None:
        with Session(self.engine) as db:
            row = db.get(DiagnosisSession, session_id)
            return copy.deepcopy(row.self_evaluation) if row else None

    def _ensure_row(self, session_id: str) -> None:
        with Session(self.engine) as db:
            if db.get(DiagnosisSession, session_id) is not None:
                return
            db.add(DiagnosisSession(id=session_id, self_evaluation={}, updated_at=datetime.now(UTC)))
            try:
                db.commit()
            except IntegrityError:  # another process created it first
                db.rollback()


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})

        # pysqlite's own transaction handling defers BEGIN; take the write lock at BEGIN instead
        @event.listens_for(engine, "connect")
        def _no_autobegin(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None

        @event.listens_for(engine, "begin")
        def _begin_immediate(connection: Any) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_pre_ping=True)
