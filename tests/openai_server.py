"""A local OpenAI-compatible chat-completions server on 127.0.0.1 for tests of the real litellm path.

Each request takes the next scripted behaviour: ("ok", text), ("status", code), ("hang", seconds),
("raw", body). It records every request body it receives.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from groundcheck.evals.stub_models import chat_completion, send_json


class ScriptedOpenAIServer:
    def __init__(self) -> None:
        self.script: list[tuple[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._stop_hanging = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                kind, value = server._next(body)
                if kind == "hang":
                    server._stop_hanging.wait(value)
                    return
                if kind == "status":
                    self._send(value, {"error": {"message": f"scripted {value}", "type": "server_error"}},
                               {"Retry-After": "0"})
                    return
                if kind == "raw":
                    self._send(200, None, raw=value)
                    return
                self._send(200, chat_completion(body.get("model", "test"), value))

            def _send(self, code: int, payload: Any, headers: dict[str, str] | None = None,
                      raw: str | None = None) -> None:
                send_json(self, code, raw if raw is not None else json.dumps(payload), headers)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> ScriptedOpenAIServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop_hanging.set()
        self.httpd.shutdown()
        self.httpd.server_close()

    def _next(self, body: dict[str, Any]) -> tuple[str, Any]:
        with self._lock:
            self.requests.append(body)
            if not self.script:
                return "status", 500
            return self.script.pop(0)
