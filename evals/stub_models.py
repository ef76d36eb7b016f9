"""Adversarial stand-in Verifier models on a local OpenAI-compatible endpoint (127.0.0.1 only).

They let anyone measure, offline, what the post-processor's floors hold against a model that lies:
- `rubber-stamp`: every claim `direct_observation`, verdict PASS, whatever the prompt says;
- `obey-injection`: PASS everything when the prompt contains an instruction to pass (the way a model
  that follows injected text behaves), otherwise an honest-looking LOW_CONFID;
- `by-prompt` and `fail`, with a `delay`, for measuring concurrency, caches and interrupted runs.

The reply is in DSPy's chat-adapter format, with one check per claim id found in the prompt.

Example:
    >>> with StubVerifierServer("rubber-stamp") as server:
    ...     settings = LMSettings(model="openai/rubber-stamp", api_base=server.base_url)
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

POLICIES = ("rubber-stamp", "obey-injection")  # the adversarial ones `stub_reply` plays
ALL_POLICIES = (*POLICIES, "by-prompt", "fail")
_BY_PROMPT_CLASSES = ("direct_observation", "reasonable_inference", "overstated", "unsupported")
_CLAIM_ID = re.compile(r'"(?:claim_)?id"\s*:\s*"([^"]+)"')
_FIELD = re.compile(r"\[\[ ## (\w+) ## \]\]")
_INJECTION = re.compile(r"(?:verdict|answer|output|return|respond)[^.\n]{0,40}\bPASS\b|must pass|判定为\s*PASS", re.I)


def stub_reply(policy: str, messages: list[dict[str, Any]]) -> str:
    """The stand-in model's whole reply to one chat request."""
    text = "\n".join(str(m.get("content", "")) for m in messages)
    last = str(messages[-1].get("content", "")) if messages else ""
    claim_ids = list(dict.fromkeys(_CLAIM_ID.findall(last)))
    passing = policy == "rubber-stamp" or bool(_INJECTION.search(text))
    verification = "direct_observation" if passing else "reasonable_inference"
    values = {
        "claim_checks": json.dumps(
            [{"claim_id": cid, "verification": verification, "detail": "stated by the cited output"}
             for cid in claim_ids]
        ),
        "verdict": "PASS" if passing else "LOW_CONFID",
        "groundedness_score": "1.0" if passing else "0.6",
        "rationale": "Every claim is directly supported." if passing else "Claims are only inferred.",
    }
    wanted = [f for f in dict.fromkeys(_FIELD.findall(last.split("Respond with")[-1])) if f != "completed"]
    wanted = [f for f in wanted if f in values] or list(values)
    body = "\n\n".join(f"[[ ## {name} ## ]]\n{values[name]}" for name in wanted)
    return body + "\n\n[[ ## completed ## ]]"


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 512  # many clients connect at once: the default backlog of 5 drops connections


class StubVerifierServer:
    """A threaded server answering `/v1/chat/completions` with a stand-in Verifier policy.

    Args:
        policy: one of `ALL_POLICIES`: `rubber-stamp`, `obey-injection`, `by-prompt` (each claim's
            class a hash of the instructions, demos and claim id, so two compiled programs answer
            differently, deterministically), `fail` (HTTP 500 on every call).
        delay: seconds before each answer (to measure concurrency, caching, interrupted runs).

    `requests`, `in_flight` and `max_in_flight` count what it received.
    """

    def __init__(self, policy: str = "rubber-stamp", delay: float = 0.0) -> None:
        if policy not in ALL_POLICIES:
            raise ValueError(f"unknown policy {policy!r}: one of {', '.join(ALL_POLICIES)}")
        self.policy = policy
        self.delay = delay
        self.requests = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests += 1
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    time.sleep(server.delay)
                    code, payload = server._answer(body)
                finally:
                    with server._lock:
                        server.in_flight -= 1
                send_json(self, code, json.dumps(payload))

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def _answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        messages = body.get("messages") or []
        if self.policy == "fail":
            return 500, {"error": {"message": "stand-in outage", "type": "server_error"}}
        text = by_prompt_reply(messages) if self.policy == "by-prompt" else stub_reply(self.policy, messages)
        usage = {"prompt_tokens": sum(len(str(m.get("content", ""))) for m in messages) // 4,
                 "completion_tokens": len(text) // 4}
        return 200, chat_completion(str(body.get("model", self.policy)), text, usage)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> StubVerifierServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def by_prompt_reply(messages: list[dict[str, Any]]) -> str:
    """Claim classes chosen by a hash of everything but the last message (instructions and demos)."""
    last = str(messages[-1].get("content", "")) if messages else ""
    program = "".join(str(m.get("content", "")) for m in messages[:-1])
    checks = []
    for cid in dict.fromkeys(_CLAIM_ID.findall(last)):
        digest = hashlib.sha256(f"{program}|{cid}|{last[:200]}".encode()).digest()
        cls = _BY_PROMPT_CLASSES[0] if digest[0] < 150 else _BY_PROMPT_CLASSES[1 + digest[1] % 3]
        checks.append({"claim_id": cid, "verification": cls, "detail": "stand-in judgement"})
    classes = {c["verification"] for c in checks}
    verdict = "PASS" if classes <= {"direct_observation", "reasonable_inference"} and checks else "LOW_CONFID"
    return (f"[[ ## claim_checks ## ]]\n{json.dumps(checks)}\n\n[[ ## verdict ## ]]\n{verdict}\n\n"
            f"[[ ## rationale ## ]]\nstand-in\n\n[[ ## completed ## ]]")


def chat_completion(model: str, text: str, usage: dict[str, int] | None = None) -> dict[str, Any]:
    """An OpenAI chat-completions response body whose one choice says `text`."""
    usage = usage or {"prompt_tokens": 10, "completion_tokens": 10}
    return {
        "id": f"chatcmpl-stub-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {**usage, "total_tokens": sum(usage.values())},
    }


def send_json(handler: BaseHTTPRequestHandler, code: int, body: str, headers: dict[str, str] | None = None) -> None:
    """Answer a request with a JSON body; a client that hung up already is no error."""
    data = body.encode()
    try:
        handler.send_response(code)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(data)
    except (BrokenPipeError, ConnectionResetError):
        pass
