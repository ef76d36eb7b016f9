"""The Executor: a DSPy ReAct module over tools the runtime injects as plain Python callables.

Tools may be sync or async (see `groundcheck.programs.lm.tools`): a recorder gives each call an
invocation id and trace ref (or keeps the runtime's), records `error` when the tool raises or times
out, and returns the spec's `tool_calls`. The model's final contract is kept as the raw text it
wrote, so the parser judges exactly what the model said (prose, fences and all). The run's raw
final answer plus those calls make a session ready to verify.
"""

from __future__ import annotations

import contextvars
import copy
import inspect
import json
import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .settings import ensure_local_cost_map

ensure_local_cost_map()  # before groundcheck's first import of dspy (and so of litellm)

import dspy  # noqa: E402
from dspy.utils.exceptions import AdapterParseError  # noqa: E402

from groundcheck.signatures.executor import ContractOut, ExecutorRetrySignature, ExecutorSignature  # noqa: E402

from ..errors import ConfigError, describe_exception  # noqa: E402
from .artifacts import register_kind  # noqa: E402
from .tools import (  # noqa: E402
    CONTEXT_PARAM,
    DEFAULT_TOOL_TIMEOUT,
    ToolRecorder,
    ToolResult,
    ToolTimeout,
)

__all__ = ["Executor", "ExecutorRun", "ToolRecorder", "ToolResult", "ToolTimeout", "replay_tools", "unbound_tools"]

logger = logging.getLogger(__name__)

DEFAULT_MAX_ITERS = 8
STANDARD_TOOLS = ("query_logs", "query_metrics", "lookup_knowledge")

CONTRACT_DESC = (
    "the evidence-attribution contract: exactly one JSON object, no Markdown fence, no text around it, "
    "valid against this JSON schema: " + json.dumps(ContractOut.model_json_schema(), ensure_ascii=False)
)
HISTORY_DESC = (
    "the conversation so far, oldest first ({role, content}; empty on a first question). Context only: "
    "a claim still needs a tool call of this turn"
)


def _live_signature(base: type[dspy.Signature]) -> type[dspy.Signature]:
    # `str`, not the contract model: the adapter must hand back the text the model wrote, unparsed
    signature = base.with_updated_fields("contract", type_=str, desc=CONTRACT_DESC)
    return signature.append("history", dspy.InputField(desc=HISTORY_DESC), type_=list[dict[str, str]])


LiveExecutorSignature = _live_signature(ExecutorSignature)
LiveExecutorRetrySignature = _live_signature(ExecutorRetrySignature)


@dataclass
class ExecutorRun:
    """One Executor run: the raw final answer (None when the run failed) and the recorded calls."""

    final_answer: str | None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None

    def to_session(self, session_id: str, question: str, *, round: int = 1,
                   retry_context: dict[str, Any] | None = None,
                   history: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
        session: dict[str, Any] = {
            "session_id": session_id,
            "round": round,
            "original_query": question,
            "executor_final_answer": self.final_answer,
            "tool_calls": self.tool_calls,
            "retry_context": retry_context if round == 2 else None,
        }
        if history:
            session["messages"] = [dict(m) for m in history]  # kept for audit; never reaches the Verifier
        return session


_RECORDER: contextvars.ContextVar[ToolRecorder] = contextvars.ContextVar("groundcheck_tool_recorder")


class Executor(dspy.Module):
    """Answers a question with tools and returns the evidence-attribution contract as raw text.

    Args:
        tools: name -> callable, sync or `async def` (its signature and docstring describe it to the
            LM). A tool with a `context` parameter receives the turn's per-request context there.
        max_iters: tool-calling steps before the Executor must answer.
        tool_timeout: seconds a tool call may take before it is recorded as `status: "error"`
            (None: no limit).

    Example:
        >>> executor = Executor({"query_logs": query_logs, "query_metrics": query_metrics})
        >>> with dspy.context(lm=make_lm("openai/gpt-4o-mini")):
        ...     run = executor(question="支付服务为什么大量 503？", context={"tenant": "t1"})
    """

    def __init__(self, tools: Mapping[str, Callable[..., Any]], max_iters: int = DEFAULT_MAX_ITERS,
                 tool_timeout: float | None = DEFAULT_TOOL_TIMEOUT) -> None:
        super().__init__()
        self.tool_names = tuple(tools)
        self.tool_timeout = tool_timeout
        self.answer = dspy.ReAct(LiveExecutorSignature, tools=_recorded_tools(tools, tool_timeout),
                                 max_iters=max_iters)
        self.answer_retry = dspy.ReAct(LiveExecutorRetrySignature, tools=_recorded_tools(tools, tool_timeout),
                                       max_iters=max_iters)

    def with_tools(self, tools: Mapping[str, Callable[..., Any]]) -> Executor:
        """The same (compiled) program over other callables with the same names (e.g. replayed tools)."""
        if set(tools) != set(self.tool_names):
            # the ReAct prompt lists the tools by name: other tools need a program of their own
            return Executor(tools, max_iters=self.answer.max_iters, tool_timeout=self.tool_timeout)
        clone = copy.copy(self)
        clone.answer = _with_tools(self.answer, tools, self.tool_timeout)
        clone.answer_retry = _with_tools(self.answer_retry, tools, self.tool_timeout)
        return clone

    def forward(self, question: str, retry_context: dict[str, Any] | None = None,
                history: Sequence[Mapping[str, Any]] | None = None, context: Any = None) -> ExecutorRun:
        recorder = ToolRecorder(context=context)
        token = _RECORDER.set(recorder)
        try:
            react, kwargs = self._route(question, retry_context, history)
            return ExecutorRun(_raw_answer(react(**kwargs).contract), recorder.calls)
        except Exception as exc:
            return _failed_run(exc, recorder)
        finally:
            _RECORDER.reset(token)

    async def aforward(self, question: str, retry_context: dict[str, Any] | None = None,
                       history: Sequence[Mapping[str, Any]] | None = None, context: Any = None) -> ExecutorRun:
        recorder = ToolRecorder(context=context)
        token = _RECORDER.set(recorder)
        try:
            react, kwargs = self._route(question, retry_context, history)
            return ExecutorRun(_raw_answer((await react.acall(**kwargs)).contract), recorder.calls)
        except Exception as exc:
            return _failed_run(exc, recorder)
        finally:
            _RECORDER.reset(token)

    def _route(self, question: str, retry_context: dict[str, Any] | None,
               history: Sequence[Mapping[str, Any]] | None) -> tuple[dspy.ReAct, dict[str, Any]]:
        kwargs: dict[str, Any] = {"question": question, "history": ensure_history(history)}
        if retry_context is None:
            return self.answer, kwargs
        return self.answer_retry, {**kwargs, "retry_context": retry_context}


def ensure_history(history: Sequence[Mapping[str, Any]] | None) -> list[dict[str, str]]:
    """Chat history as `[{role, content}]` text pairs (OpenAI-style messages; other keys dropped).

    Raises:
        InputError: an item is not a mapping with a `content`.
    """
    from ..errors import InputError

    out: list[dict[str, str]] = []
    for i, message in enumerate(history or []):
        if not isinstance(message, Mapping) or "content" not in message:
            raise InputError(f"history[{i}] must be a {{role, content}} mapping", field=f"history[{i}]")
        content = message["content"]
        text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
        out.append({"role": str(message.get("role", "user")), "content": text})
    return out


def _failed_run(exc: Exception, recorder: ToolRecorder) -> ExecutorRun:
    """A failed run is still a round: what the model wrote (parsed as malformed) or nothing (`missing`)."""
    raw = str(exc.lm_response) if isinstance(exc, AdapterParseError) and exc.lm_response else None
    logger.warning("Executor run failed: %s", describe_exception(exc))
    return ExecutorRun(raw, recorder.calls, describe_exception(exc))


class _RecordedTool(dspy.Tool):
    """A runtime tool as the ReAct loop sees it: every call (sync or async) goes through the recorder."""

    target: Any = None
    timeout: float | None = None

    @classmethod
    def of(cls, name: str, fn: Callable[..., Any], timeout: float | None) -> _RecordedTool:
        described = dspy.Tool(fn, name=name)
        # the per-request context is the runtime's, not the model's: hide the parameter from the LM
        args = {k: v for k, v in described.args.items() if k != CONTEXT_PARAM}
        arg_types = {k: v for k, v in described.arg_types.items() if k != CONTEXT_PARAM}
        tool = cls(fn, name=name, desc=described.desc, args=args, arg_types=arg_types,
                   arg_desc=getattr(described, "arg_desc", None))
        tool.target, tool.timeout = fn, timeout
        return tool

    def __call__(self, **kwargs: Any) -> dict[str, Any]:
        recorder = _RECORDER.get(None) or ToolRecorder()  # outside a run (a test): answer, record nowhere
        try:
            parsed = self._validate_and_parse_args(**kwargs)
        except Exception as exc:  # arguments the model got wrong: a failed call the trace shows
            return recorder.invoke(self.name, _raiser(exc), kwargs)
        return recorder.invoke(self.name, self.target, parsed, self.timeout)

    async def acall(self, **kwargs: Any) -> dict[str, Any]:
        recorder = _RECORDER.get(None) or ToolRecorder()
        try:
            parsed = self._validate_and_parse_args(**kwargs)
        except Exception as exc:
            return await recorder.ainvoke(self.name, _raiser(exc), kwargs)
        return await recorder.ainvoke(self.name, self.target, parsed, self.timeout)


def _raiser(exc: Exception) -> Callable[..., Any]:
    def fail(**_: Any) -> Any:
        raise exc

    return fail


def _recorded_tools(tools: Mapping[str, Callable[..., Any]], timeout: float | None) -> list[dspy.Tool]:
    return [_RecordedTool.of(name, fn, timeout) for name, fn in tools.items()]


def _with_tools(react: dspy.ReAct, tools: Mapping[str, Callable[..., Any]], timeout: float | None) -> dspy.ReAct:
    clone = copy.copy(react)
    clone.tools = {**{t.name: t for t in _recorded_tools(tools, timeout)}, "finish": react.tools["finish"]}
    return clone


def _raw_answer(contract: Any) -> str | None:
    """The contract exactly as the model wrote it (a str field); older programs may hand back a model."""
    if contract is None:
        return None
    if isinstance(contract, str):
        return contract
    if hasattr(contract, "model_dump_json"):
        return contract.model_dump_json()
    return json.dumps(contract, ensure_ascii=False)


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


def _kwargs_signature(calls: list[dict[str, Any]]) -> inspect.Signature:
    names: list[str] = []
    for call in calls:
        for key in call.get("arguments") or {}:
            if key not in names and key.isidentifier():
                names.append(key)
    params = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=str) for n in names]
    return inspect.Signature(params)


register_kind("executor", lambda meta: Executor(unbound_tools(meta.get("tools") or STANDARD_TOOLS)))
