"""Fail any attempt to resolve or connect to a host that is not on the loopback interface."""

from __future__ import annotations

import ipaddress
import socket
from contextlib import contextmanager
from typing import Any

import pytest


def _loopback(host: Any) -> bool:
    if host in (None, "", "localhost"):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


@contextmanager
def loopback_only(monkeypatch: pytest.MonkeyPatch):
    attempts: list[str] = []
    real_getaddrinfo = socket.getaddrinfo
    real_connect = socket.socket.connect

    def guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if not _loopback(host):
            attempts.append(f"resolve {host}")
            raise OSError(f"network disabled in tests: resolve {host}")
        return real_getaddrinfo(host, *args, **kwargs)

    def guarded_connect(self: socket.socket, address: Any) -> Any:
        host = address[0] if isinstance(address, tuple) else None
        if self.family in (socket.AF_INET, socket.AF_INET6) and not _loopback(host):
            attempts.append(f"connect {address}")
            raise OSError(f"network disabled in tests: connect {address}")
        return real_connect(self, address)

    monkeypatch.setattr(socket, "getaddrinfo", guarded_getaddrinfo)
    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    yield attempts
