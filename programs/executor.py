"""The Executor: a DSPy ReAct module over tools the runtime injects as plain Python callables.

A recorder wraps every tool: it gives each call an invocation id and trace ref (or keeps the
runtime's), records `error` when the tool raises (the message becomes the output), and returns the
spec's `tool_calls`. The run's raw final answer plus those calls make a session ready to verify.
"""

from __future__ import annotations

import contextvars
import copy
import functools
import inspect
import json
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import dspy
from dspy.utils.exceptions import AdapterParseError

from groundcheck.programs import lm as _lm  # noqa: F401  (sets the no-phoning-home defaults first)
from groundcheck.programs.errors import ConfigError, describe_exception
from groundcheck.signatures.executor import ExecutorRetrySignature, ExecutorSignature

DEFAULT_MAX_ITERS = 8
STANDARD_TOOLS = ("query_logs", "query_metrics", "lookup_knowledge")


@dataclass(frozen=True)
class ToolResult:
    """What a runtime tool may return to keep its own identifiers in the trace."""

    output: Any
    invocation_id: str | None = None
    trace_ref: str | None = None
    status: str = "ok"


@dataclass
class ExecutorRun:
    """One Executor run: the raw final answer (None when the run failed) and the recorded calls."""

    final_answer: str | None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None

    def to_session(self, session_id: str, question: str, *, round: int = 1,
                   retry_context: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "session_id": session_id,
            "round": round,
            "original_query": question,
            "executor_final_answer": self.final_answer,
            "tool_calls": self.tool_calls,
            "retry_context": retry_context if round == 2 else None,
        }


class ToolRecorder:
    """Records the calls of one Executor run (thread-safe: ReAct may run tools concurrently)."""

    def __init__(self, trace_id: str | None = None) -> None:
        self.trace_id = trace_id or uuid.uuid4().hex
        self.calls: list[dict[str, Any]] = []
        self._reserved: set[str] = set()
        self._lock = threading.Lock()

    def invoke(self, name: str, fn: Callable[..., Any], kwargs: dict[str, Any]) -> dict[str, Any]:
        invocation_id, trace_ref, status = f"call_{uuid.uuid4().hex[:12]}", None, "ok"
        try:
            output = fn(**kwargs)
        except Exception as exc:  # the tool's failure is evidence of a failed call, not a crash
            output, status = f"{type(exc).__name__}: {exc}", "error"
        if isinstance(output, ToolResult):
            invocation_id = output.invocation_id or invocation_id
            trace_ref, status, output = output.trace_ref, output.status, output.output
        with self._lock:
            invocation_id = self._unique(invocation_id)
        call = {
            "invocation_id": invocation_id,
            "trace_ref": trace_ref or f"{self.trace_id}:{uuid.uuid4().hex[:16]}",
            "tool_name": name,
            "arguments": _jsonable(kwargs),
            "status": status,
            "output": _jsonable(output),
        }
        with self._lock:
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


_RECORDER: contextvars.ContextVar[ToolRecorder] = contextvars.ContextVar("groundcheck_tool_recorder")


class Executor(dspy.Module):
    """Answers a question with tools and returns the evidence-attribution contract as raw text.

    Args:
        tools: name -> plain callable (its signature and docstring describe it to the LM).
        max_iters: tool-calling steps before the Executor must answer.

    Example:
        >>> executor = Executor({"query_logs": query_logs, "query_metrics": query_metrics})
        >>> with dspy.context(lm=make_lm("openai/gpt-4o-mini")):
        ...     run = executor(question="支付服务为什么大量 503？")
    """

    def __init__(self, tools: Mapping[str, Callable[..., Any]], max_iters: int = DEFAULT_MAX_ITERS) -> None:
        super().__init__()
        self.tool_names = tuple(tools)
        self.answer = dspy.ReAct(ExecutorSignature, tools=_recorded_tools(tools), max_iters=max_iters)
        self.answer_retry = dspy.ReAct(ExecutorRetrySignature, tools=_recorded_tools(tools), max_iters=max_iters)

    def with_tools(self, tools: Mapping[str, Callable[..., Any]]) -> Executor:
        """The same (compiled) program over other callables with the same names (e.g. replayed tools)."""
        if set(tools) != set(self.tool_names):
            # the ReAct prompt lists the tools by name: other tools need a program of their own
            return Executor(tools, max_iters=self.answer.max_iters)
        clone = copy.copy(self)
        clone.answer = _with_tools(self.answer, tools)
        clone.answer_retry = _with_tools(self.answer_retry, tools)
        return clone

    def forward(self, question: str, retry_context: dict[str, Any] | None = None) -> ExecutorRun:
        recorder = ToolRecorder()
        token = _RECORDER.set(recorder)
        try:
            react, kwargs = self._route(question, retry_context)
            return ExecutorRun(_raw_answer(react(**kwargs).contract), recorder.calls)
        except Exception as exc:
            return _failed_run(exc, recorder)
        finally:
            _RECORDER.reset(token)

    async def aforward(self, question: str, retry_context: dict[str, Any] | None = None) -> ExecutorRun:
        recorder = ToolRecorder()
        token = _RECORDER.set(recorder)
        try:
            react, kwargs = self._route(question, retry_context)
            return ExecutorRun(_raw_answer((await react.acall(**kwargs)).contract), recorder.calls)
        except Exception as exc:
            return _failed_run(exc, recorder)
        finally:
            _RECORDER.reset(token)

    def _route(self, question: str, retry_context: dict[str, Any] | None) -> tuple[dspy.ReAct, dict[str, Any]]:
        if retry_context is None:
            return self.answer, {"question": question}
        return self.answer_retry, {"question": question, "retry_context": retry_context}


def _failed_run(exc: Exception, recorder: ToolRecorder) -> ExecutorRun:
    """A failed run is still a round: what the model wrote (parsed as malformed) or nothing (`missing`)."""
    raw = str(exc.lm_response) if isinstance(exc, AdapterParseError) and exc.lm_response else None
    return ExecutorRun(raw, recorder.calls, describe_exception(exc))


def unbound_tools(names: Iterable[str] = STANDARD_TOOLS) -> dict[str, Callable[..., Any]]:
    """Named stand-ins that describe the tools to the LM; bind real ones with `Executor.with_tools`."""

    def make(name: str) -> Callable[..., Any]:
        def unbound(**kwargs: Any) -> Any:
            raise ConfigError(f"Executor has no tool bound to {name!r}: call .with_tools(...) first")

        unbound.__name__, unbound.__doc__ = name, _tool_doc(name)
        return unbound

    return {name: make(name) for name in names}


def replay_tools(session: Mapping[str, Any], names: Iterable[str] = ()) -> dict[str, Callable[..., Any]]:
    """Tools that answer from a session's recorded calls, so any labeled session can be re-run.

    A call with the same arguments gets that recording (with its invocation id and trace ref);
    otherwise the least-used recording of that tool, so a retry round reaches every one again.
    Extra `names` the session never called are tools too: they answer "no data".
    """
    by_tool: dict[str, list[dict[str, Any]]] = {}
    for call in session.get("tool_calls") or []:
        by_tool.setdefault(call["tool_name"], []).append(call)
    lock = threading.Lock()
    uses: dict[str, int] = {}

    def make(name: str) -> Callable[..., Any]:
        def replayed(**kwargs: Any) -> ToolResult:
            with lock:
                recorded = by_tool.get(name, [])
                if not recorded:
                    return ToolResult(output="no data", status="ok")
                match = next((c for c in recorded if c.get("arguments") == kwargs), None)
                if match is None:  # the least-used recording: every one is reachable, on every round
                    match = min(recorded, key=lambda c: uses.get(c["invocation_id"], 0))
                uses[match["invocation_id"]] = uses.get(match["invocation_id"], 0) + 1
            status = match.get("status", "ok")
            return ToolResult(match["output"], match["invocation_id"], match.get("trace_ref"), status)

        replayed.__name__, replayed.__doc__ = name, _tool_doc(name)
        replayed.__signature__ = _kwargs_signature(by_tool.get(name, []))  # type: ignore[attr-defined]
        return replayed

    return {name: make(name) for name in dict.fromkeys([*by_tool, *names])}


def _tool_doc(name: str) -> str:
    return f"{name}: query the incident's {name.removeprefix('query_').replace('_', ' ')}."


def _recorded_tools(tools: Mapping[str, Callable[..., Any]]) -> list[dspy.Tool]:
    return [_recorded_tool(name, fn) for name, fn in tools.items()]


def _recorded_tool(name: str, fn: Callable[..., Any]) -> dspy.Tool:
    described = dspy.Tool(fn, name=name)

    @functools.wraps(fn)
    def recorded(**kwargs: Any) -> dict[str, Any]:
        recorder = _RECORDER.get(None)
        if recorder is None:  # called outside a run (e.g. by a test): still record nothing, just answer
            recorder = ToolRecorder()
        return recorder.invoke(name, fn, kwargs)

    return dspy.Tool(recorded, name=name, desc=described.desc, args=described.args,
                     arg_types=described.arg_types, arg_desc=getattr(described, "arg_desc", None))


def _with_tools(react: dspy.ReAct, tools: Mapping[str, Callable[..., Any]]) -> dspy.ReAct:
    clone = copy.copy(react)
    clone.tools = {**{t.name: t for t in _recorded_tools(tools)}, "finish": react.tools["finish"]}
    return clone


def _kwargs_signature(calls: list[dict[str, Any]]) -> inspect.Signature:
    names: list[str] = []
    for call in calls:
        for key in call.get("arguments") or {}:
            if key not in names and key.isidentifier():
                names.append(key)
    params = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=str) for n in names]
    return inspect.Signature(params)


def _raw_answer(contract: Any) -> str | None:
    if contract is None:
        return None
    if hasattr(contract, "model_dump_json"):
        return contract.model_dump_json()
    return contract if isinstance(contract, str) else json.dumps(contract, ensure_ascii=False)


def _jsonable(value: Any) -> Any:
    try:
        json.dumps(value, ensure_ascii=False)
        return value
    except (TypeError, ValueError):
        return str(value)
