"""A local OpenAI-compatible stand-in Verifier with a fixed latency (127.0.0.1 only), for measuring
concurrency, the LM cache, interrupted and resumed runs, and comparisons, without a real model.

Policies: those of `stub_models` (`rubber-stamp`, `obey-injection`), `fail` (HTTP 500 on every call),
and `by-prompt`: each claim's class is a hash of the prompt's instructions and demos and the claim id,
so two different compiled programs get (deterministically) different answers, as real models do.

Example:
    >>> with LatencyStubServer(delay=1.0) as server:
    ...     settings = LMSettings(model="openai/stub", api_base=server.base_url, api_key="local")
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .stub_models import POLICIES, stub_reply

LATENCY_POLICIES = (*POLICIES, "by-prompt", "fail")
_CLAIM_ID = re.compile(r'"(?:claim_)?id"\s*:\s*"([^"]+)"')
_CLASSES = ("direct_observation", "reasonable_inference", "overstated", "unsupported")


def by_prompt_reply(messages: list[dict[str, Any]]) -> str:
    """Claim classes chosen by a hash of everything but the last message (instructions and demos)."""
    last = str(messages[-1].get("content", "")) if messages else ""
    program = "".join(str(m.get("content", "")) for m in messages[:-1])
    checks = []
    for cid in dict.fromkeys(_CLAIM_ID.findall(last)):
        digest = hashlib.sha256(f"{program}|{cid}|{last[:200]}".encode()).digest()
        cls = _CLASSES[0] if digest[0] < 150 else _CLASSES[1 + digest[1] % 3]
        checks.append({"claim_id": cid, "verification": cls, "detail": "stand-in judgement"})
    classes = {c["verification"] for c in checks}
    verdict = "PASS" if classes <= {"direct_observation", "reasonable_inference"} and checks else "LOW_CONFID"
    body = (f"[[ ## claim_checks ## ]]\n{json.dumps(checks)}\n\n[[ ## verdict ## ]]\n{verdict}\n\n"
            f"[[ ## rationale ## ]]\nstand-in\n\n[[ ## completed ## ]]")
    return body


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 512  # many clients connect at once: the default backlog of 5 drops connections


class LatencyStubServer:
    """A threaded server answering `/v1/chat/completions` after `delay` seconds; counts requests."""

    def __init__(self, delay: float = 1.0, policy: str = "obey-injection") -> None:
        if policy not in LATENCY_POLICIES:
            raise ValueError(f"unknown policy {policy!r}: one of {', '.join(LATENCY_POLICIES)}")
        self.delay = delay
        self.policy = policy
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
                data = json.dumps(payload).encode()
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def _answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        messages = body.get("messages") or []
        if self.policy == "fail":
            return 500, {"error": {"message": "stand-in outage", "type": "server_error"}}
        text = by_prompt_reply(messages) if self.policy == "by-prompt" else stub_reply(self.policy, messages)
        return 200, {
            "id": f"chatcmpl-latency-{time.monotonic_ns()}", "object": "chat.completion", "created": int(time.time()),
            "model": str(body.get("model", "stub")),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": sum(len(str(m.get("content", ""))) for m in messages) // 4,
                      "completion_tokens": len(text) // 4, "total_tokens": 0},
        }

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> LatencyStubServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def serve_forever(delay: float, policy: str, port_file: str) -> None:
    """Run a server until killed, writing its base URL to `port_file` (for measuring a CLI subprocess)."""
    with LatencyStubServer(delay, policy) as server:
        with open(port_file, "w", encoding="utf-8") as handle:
            handle.write(server.base_url)
        while True:
            time.sleep(3600)
