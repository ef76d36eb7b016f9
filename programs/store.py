"""Persistence of verifier evaluations in `diagnosis_session.self_evaluation` (SQLAlchemy 2).

Default: an SQLite file; any SQLAlchemy URL works, PostgreSQL (JSONB) included. Every update is a
read-modify-write under a lock (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: `SELECT ... FOR UPDATE`),
so two processes writing different keys of one session's `self_evaluation` lose neither. One row per
session: a session's rounds are merged into it (see `self_evaluation.py`). `AsyncSessionStore`
(`async_store.py`) is the asyncio twin over the same table.

Any text a session holds is stored losslessly on every database: JSONB refuses NUL and lone
surrogates, so the JSON codec escapes them (and its own escape character) as `U+E000` + 4 hex
digits, and reverses that on reading. Session ids must fit the column (255 characters, no NUL or
lone surrogate): a longer one is an `InputError` before anything is written. A database that cannot
be reached is a one-line `ConfigError` with the password masked.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from .errors import ConfigError, InputError, MissingExtraError, require_extra

try:
    from sqlalchemy import JSON, DateTime, String, create_engine, event, select
    from sqlalchemy.dialects.postgresql import JSONB
    from sqlalchemy.engine import Engine, make_url
    from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError, SQLAlchemyError
    from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
    from sqlalchemy.types import TypeDecorator
except ImportError:  # no `db` extra: one line naming it instead of a traceback
    require_extra("sqlalchemy", "db", "the session store")
    raise
from groundcheck.signatures.models import VerifierEvaluation

from .core.self_evaluation import merge_verifier_evaluation

DEFAULT_URL = "sqlite:///groundcheck.sqlite"
ID_LENGTH = 255

_DB_EXTRA_MODULES = frozenset({"psycopg", "psycopg_binary", "aiosqlite", "greenlet"})
_ESCAPE = "\ue000"
_NEEDS_ESCAPE = re.compile("[\x00\ud800-\udfff\ue000]")
_ESCAPED = re.compile("\ue000([0-9a-f]{4})")


class LosslessJSON(TypeDecorator):
    """JSON (JSONB on PostgreSQL) whose strings survive any database: NUL and lone surrogates escaped."""

    impl = JSON
    cache_ok = True

    def load_dialect_impl(self, dialect: Any) -> Any:
        return dialect.type_descriptor(JSONB() if dialect.name == "postgresql" else JSON())

    def process_bind_param(self, value: Any, dialect: Any) -> Any:
        return encode_text(value)

    def process_result_value(self, value: Any, dialect: Any) -> Any:
        return decode_text(value)


class Base(DeclarativeBase):
    pass


class DiagnosisSession(Base):
    __tablename__ = "diagnosis_session"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    self_evaluation: Mapped[dict[str, Any]] = mapped_column(LosslessJSON(), default=dict, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class SessionStore:
    """`diagnosis_session` rows keyed by session id.

    Args:
        url: an SQLAlchemy URL (`sqlite:///path.sqlite`, `postgresql+psycopg://user@host/db`, ...).

    Raises:
        ConfigError: a malformed URL, a missing driver, or a database that cannot be reached.
    """

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        try:
            self.engine = _engine(url)
        except ImportError as exc:
            raise missing_driver(exc, url) from None
        except (ArgumentError, NoSuchModuleError, ValueError) as exc:
            raise ConfigError(f"cannot open database {masked_url(url)}: {one_line(exc, url)}") from None
        with database_errors(url):
            Base.metadata.create_all(self.engine)

    def save_verifier_evaluation(self, session_id: str, record: VerifierEvaluation | dict[str, Any]) -> dict[str, Any]:
        """Merge a record into the session's row (its round's place, spec §9); returns the new value."""
        return self.update(session_id, lambda current: merge_verifier_evaluation(current, record))

    def set_key(self, session_id: str, key: str, value: Any) -> dict[str, Any]:
        """Set one key of `self_evaluation`, keeping every other key."""
        return self.update(session_id, lambda current: {**current, key: copy.deepcopy(value)})

    def update(self, session_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Apply `change` to the session's `self_evaluation` atomically (row created if absent)."""
        ensure_session_id(session_id)
        with database_errors(self.url):
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
        ensure_session_id(session_id)
        with database_errors(self.url), Session(self.engine) as db:
            row = db.get(DiagnosisSession, session_id)
            return copy.deepcopy(row.self_evaluation) if row else None

    def close(self) -> None:
        self.engine.dispose()

    def _ensure_row(self, session_id: str) -> None:
        with Session(self.engine) as db:
            if db.get(DiagnosisSession, session_id) is not None:
                return
            db.add(DiagnosisSession(id=session_id, self_evaluation={}, updated_at=datetime.now(UTC)))
            try:
                db.commit()
            except IntegrityError:  # another process created it first
                db.rollback()


def encode_text(value: Any) -> Any:
    """The JSON value with every string (keys too) safe for any database; reversed by `decode_text`."""
    if isinstance(value, str):
        return _NEEDS_ESCAPE.sub(lambda m: f"{_ESCAPE}{ord(m.group()):04x}", value) if _NEEDS_ESCAPE.search(value) \
            else value
    if isinstance(value, dict):
        return {encode_text(k): encode_text(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [encode_text(v) for v in value]
    return value


def decode_text(value: Any) -> Any:
    if isinstance(value, str):
        return _ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), value) if _ESCAPE in value else value
    if isinstance(value, dict):
        return {decode_text(k): decode_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode_text(v) for v in value]
    return value


def ensure_session_id(session_id: Any) -> str:
    """A session id the `diagnosis_session` key column holds on every database.

    Raises:
        InputError: not a non-empty string, longer than 255 characters, or holding NUL / a lone surrogate.
    """
    if not isinstance(session_id, str) or not session_id:
        raise InputError("session_id must be a non-empty string", field="session_id")
    if len(session_id) > ID_LENGTH:
        raise InputError(f"session_id is {len(session_id)} characters; the store keeps at most {ID_LENGTH}",
                         session_id=session_id[:40] + "...", field="session_id")
    if _NEEDS_ESCAPE.search(session_id.replace(_ESCAPE, "")):
        raise InputError("session_id holds NUL or a lone surrogate, which no database key column stores",
                         session_id=repr(session_id), field="session_id")
    return session_id


def missing_driver(exc: ImportError, url: str) -> ConfigError:
    """A database driver that is not installed: the one line naming the `db` extra when it provides the
    driver (psycopg, aiosqlite, greenlet), else a `ConfigError` naming the missing module."""
    module = (exc.name or "").split(".")[0]
    if module in _DB_EXTRA_MODULES:
        return MissingExtraError(f"database {masked_url(url)} needs {module}: pip install 'groundcheck[db]'")
    if module == "psycopg2":  # SQLAlchemy 2.0's default PostgreSQL driver; the db extra brings psycopg 3
        return MissingExtraError(f"database {masked_url(url)} selects psycopg2, which is not installed: "
                                 "use a postgresql+psycopg:// URL (pip install 'groundcheck[db]')")
    return ConfigError(f"cannot open database {masked_url(url)}: {one_line(exc, url)}")


def masked_url(url: str) -> str:
    """The URL with its password replaced by ***."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return re.sub(r"(//[^:/@]*:)[^@]*@", r"\1***@", str(url))


def one_line(exc: BaseException, url: str) -> str:
    """The error's first line, without the password of `url` should the driver echo it."""
    original = getattr(exc, "orig", None) or exc
    lines = [line.strip() for line in str(original).splitlines() if line.strip()]
    text = f"{type(original).__name__}: {lines[0] if lines else ''}"
    try:
        password = make_url(url).password
    except Exception:
        password = None
    return text.replace(str(password), "***") if password else text


@contextmanager
def database_errors(url: str) -> Iterator[None]:
    """Connection failures (server down, bad credentials, missing database) as one-line ConfigErrors."""
    try:
        yield
    except (InputError, ConfigError):
        raise
    except (DBAPIError, SQLAlchemyError, OSError) as exc:
        if isinstance(exc, DBAPIError) and not _is_connection_error(exc):
            raise
        raise ConfigError(f"database {masked_url(url)} unavailable: {one_line(exc, url)}") from None


def _is_connection_error(exc: DBAPIError) -> bool:
    from sqlalchemy.exc import InterfaceError, OperationalError

    return isinstance(exc, OperationalError | InterfaceError) or exc.connection_invalidated


def sqlite_immediate(engine: Engine) -> None:
    """pysqlite / aiosqlite defer BEGIN; take the write lock at BEGIN instead (SQLAlchemy's recipe)."""

    @event.listens_for(engine, "connect")
    def _no_autobegin(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin_immediate(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})
        sqlite_immediate(engine)
        return engine
    return create_engine(url, pool_pre_ping=True)
