"""Memo of one verification: text work that several stages repeat on the same short texts.

A claim's text is cleaned, folded and scanned for mentions by the Gatekeeper, the evidence layer
and the answer facts; `session_memo()` opens a memo for the session being verified and every stage
reuses what another computed. Nothing outlives the session: the memo is a context variable, set for
one verification and reset after it, so no session ever sees another's work (and a benchmark over
distinct sessions measures what a service does). Outside a `session_memo()` nothing is memoised.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

_A = TypeVar("_A", bound=Hashable)
_R = TypeVar("_R")
_MEMO: ContextVar[dict[Hashable, Any] | None] = ContextVar("groundcheck_session_memo", default=None)


@contextmanager
def session_memo() -> Iterator[None]:
    """A fresh memo for the verification run inside the block (a nested block keeps the outer one)."""
    if _MEMO.get() is not None:
        yield
        return
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def memoised(kind: str, arg: _A, build: Callable[[_A], _R]) -> _R:
    """`build(arg)`, computed once per session for each (kind, arg); immutable results only."""
    memo = _MEMO.get()
    if memo is None:
        return build(arg)
    key = (kind, arg)
    value: _R = memo.get(key, _MISSING)
    if value is _MISSING:  # (a test, not a KeyError: a third of the lookups are first ones)
        value = memo[key] = build(arg)
    return value


_MISSING: Any = object()
