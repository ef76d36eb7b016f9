"""Running the runtime's tools and recording each call as a spec §3 tool call (no DSPy here).

A tool is any callable: a plain function, an `async def`, or an object whose call returns an
awaitable. Under the async path an async tool is awaited and a sync tool runs in a worker thread,
so concurrent turns overlap; under the sync path an async tool runs on an event loop of its own.
A tool that raises or exceeds its time-out becomes a call with `status: "error"` (the message is
the output): the failure is evidence of a failed call, never a crash.

A tool that declares a parameter named `context` receives the turn's per-request context there
(tenant, time window...); the model never sees or fills that parameter.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import json
import logging
import threading
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any

logger = logging.getLogger(__name__)

CONTEXT_PARAM = "context"
DEFAULT_TOOL_TIMEOUT = 60.0
# sync tools of many concurrent turns wait on I/O, not CPU: more threads than cores pay off
_POOL_WORKERS = 64

_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


@dataclass(frozen=True)
class ToolResult:
    """What a runtime tool may return to keep its own identifiers in the trace."""

    output: Any
    invocation_id: str | None = None
    trace_ref: str | None = None
    status: str = "ok"


class ToolTimeout(TimeoutError):
    """A tool did not answer within its time-out."""


def wants_context(fn: Callable[..., Any]) -> bool:
    """True when the tool declares a `context` parameter for the per-request context."""
    try:
        return CONTEXT_PARAM in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def is_async_tool(fn: Callable[..., Any]) -> bool:
    target = fn.func if isinstance(fn, functools.partial) else fn
    if inspect.iscoroutinefunction(target):
        return True
    return not inspect.isroutine(target) and inspect.iscoroutinefunction(type(target).__call__)


class ToolRecorder:
    """Records the calls of one Executor run (thread-safe: tools of one run may overlap)."""

    def __init__(self, trace_id: str | None = None, context: Any = None) -> None:
        self.trace_id = trace_id or uuid.uuid4().hex
        self.context = context
        self.calls: list[dict[str, Any]] = []
        self._reserved: set[str] = set()
        self._lock = threading.Lock()

    def invoke(self, name: str, fn: Callable[..., Any], kwargs: dict[str, Any],
               timeout: float | None = None) -> dict[str, Any]:
        """Run a tool from synchronous code and record the call."""
        try:
            output, status = _run_sync(fn, self._call_kwargs(fn, kwargs), timeout, name), "ok"
        except Exception as exc:
            output, status = _failure(name, exc), "error"
        return self._record(name, kwargs, output, status)

    async def ainvoke(self, name: str, fn: Callable[..., Any], kwargs: dict[str, Any],
                      timeout: float | None = None) -> dict[str, Any]:
        """Run a tool from async code (sync tools in a worker thread) and record the call."""
        try:
            output, status = await _run_async(fn, self._call_kwargs(fn, kwargs), timeout, name), "ok"
        except Exception as exc:
            output, status = _failure(name, exc), "error"
        return self._record(name, kwargs, output, status)

    def _call_kwargs(self, fn: Callable[..., Any], kwargs: dict[str, Any]) -> dict[str, Any]:
        return {**kwargs, CONTEXT_PARAM: self.context} if wants_context(fn) else dict(kwargs)

    def _record(self, name: str, kwargs: dict[str, Any], output: Any, status: str) -> dict[str, Any]:
        invocation_id, trace_ref = f"call_{uuid.uuid4().hex[:12]}", None
        if isinstance(output, ToolResult):
            invocation_id = output.invocation_id or invocation_id
            trace_ref, status, output = output.trace_ref, output.status, output.output
        shown = {k: v for k, v in kwargs.items() if k != CONTEXT_PARAM}
        with self._lock:
            invocation_id = self._unique(invocation_id)
            call = {
                "invocation_id": invocation_id,
                "trace_ref": trace_ref or f"{self.trace_id}:{uuid.uuid4().hex[:16]}",
                "tool_name": name,
                "arguments": jsonable(shown),
                "status": status,
                "output": jsonable(output),
            }
            self.calls.append(call)
        return {"invocation_id": invocation_id, "status": status, "output": call["output"]}

    def _unique(self, invocation_id: str) -> str:
        """Ids are unique in a session: a runtime id seen twice in one run gets a `#n` suffix."""
        taken = {c["invocation_id"] for c in self.calls} | self._reserved
        candidate, n = invocation_id, 1
        while candidate in taken:
            n += 1
            candidate = f"{invocation_id}#{n}"
        self._reserved.add(candidate)
        return candidate


def jsonable(value: Any) -> Any:
    """The value when JSON can hold it, else its text (an object a tool returned, a coroutine never)."""
    try:
        json.dumps(value, ensure_ascii=False)
        return value
    except (TypeError, ValueError):
        return str(value)


def _pool() -> ThreadPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=_POOL_WORKERS, thread_name_prefix="groundcheck-tool")
        return _POOL


def _call_to_end(fn: Callable[..., Any], kwargs: dict[str, Any]) -> Any:
    """Call in the current (worker) thread; an awaitable result is run to its end on a loop of its own."""
    result = fn(**kwargs)
    if inspect.isawaitable(result):
        return asyncio.run(_awaited(result))
    return result


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


def _run_sync(fn: Callable[..., Any], kwargs: dict[str, Any], timeout: float | None, name: str) -> Any:
    # a worker thread even for sync callers: the time-out holds, and an async tool gets its own loop
    # even when the caller's thread already runs one
    future = _pool().submit(contextvars.copy_context().run, _call_to_end, fn, kwargs)
    try:
        return future.result(timeout)
    except FutureTimeout:
        future.cancel()
        raise ToolTimeout(f"tool {name!r} gave no answer within {timeout:g} s") from None


async def _run_async(fn: Callable[..., Any], kwargs: dict[str, Any], timeout: float | None, name: str) -> Any:
    try:
        if is_async_tool(fn):
            return await asyncio.wait_for(_awaited(fn(**kwargs)), timeout)
        loop = asyncio.get_running_loop()
        work = loop.run_in_executor(_pool(), contextvars.copy_context().run, _call_to_end, fn, kwargs)
        return await asyncio.wait_for(work, timeout)
    except TimeoutError:
        raise ToolTimeout(f"tool {name!r} gave no answer within {timeout:g} s") from None


def _failure(name: str, exc: BaseException) -> str:
    logger.warning("tool %s failed: %s: %s", name, type(exc).__name__, exc)
    return f"{type(exc).__name__}: {exc}"
