"""Headless Chromium driven over the Chrome DevTools Protocol, for tests that watch a live
page: the page stays open while the test changes files, and the test reads what it shows.

Only the standard library: a minimal WebSocket client (RFC 6455, text frames) is enough
to send ``Runtime.evaluate`` and read its answer. Tests skip, saying why, when Chromium
is missing.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium; .ci/run "
                    "installs it when it can)")
    return found


class _Socket:
    """One WebSocket connection, client side."""

    def __init__(self, url: str, timeout: float = 30) -> None:
        parts = urlparse(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                           f"Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the browser closed the DevTools connection")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(head.decode(errors="replace"))

    def _read(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("the browser closed the DevTools connection")
            data += chunk
        return data

    def send(self, text: str) -> None:
        payload = text.encode()
        head = bytes([0x81])
        n = len(payload)
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self) -> str:
        message = b""
        while True:
            first, second = self._read(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("the browser closed the DevTools connection")
            if opcode in (0x9, 0xA):  # ping, pong
                continue
            message += payload
            if first & 0x80:
                return message.decode()

    def close(self) -> None:
        self.sock.close()


class Browser:
    """Headless Chromium with one page open at ``url``; :meth:`evaluate` reads it."""

    def __init__(self, url: str, profile: Path) -> None:
        self.process = subprocess.Popen(
            [chromium(), *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
             "--window-size=1280,900", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert self.process.stderr is not None
        devtools = None
        deadline = time.monotonic() + 60
        while devtools is None and time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                break
            devtools = re.search(r"DevTools listening on (ws://[^\s]+)", line)
        if devtools is None:
            self.close()
            pytest.fail("Chromium started without a DevTools address")
        port = urlparse(devtools.group(1)).port
        page = None
        while page is None and time.monotonic() < deadline:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as r:
                targets = json.load(r)
            page = next((t for t in targets if t.get("type") == "page"), None)
            time.sleep(0.1)
        assert page is not None, "Chromium opened no page"
        self.socket = _Socket(page["webSocketDebuggerUrl"])
        self._ids = 0
        self.url = url
        self.events: list[tuple[str, dict[str, Any]]] = []

    def loaded(self, timeout: float = 60) -> None:
        """Wait until the page at ``url`` has loaded: Chromium opens ``about:blank`` first,
        itself "complete", and on a busy machine a test could read that instead."""
        deadline = time.monotonic() + timeout
        while self.evaluate("document.readyState == 'complete' && location.href") != self.url:
            assert time.monotonic() < deadline, f"{self.url} did not load"
            time.sleep(0.05)

    def command(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send one DevTools command and return its result; the events that arrive
        meanwhile are kept in :attr:`events` (method, params), for a test that enabled
        their domain."""
        self._ids += 1
        self.socket.send(json.dumps({"id": self._ids, "method": method,
                                     "params": params or {}}))
        while True:
            answer = json.loads(self.socket.receive())
            if answer.get("id") == self._ids:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            if "method" in answer:
                self.events.append((answer["method"], answer.get("params", {})))

    def evaluate(self, expression: str, await_promise: bool = False) -> Any:
        """The value of a JavaScript expression in the page (None while it is loading); with
        ``await_promise``, the value the promise it gives resolves to."""
        try:
            result = self.command("Runtime.evaluate", {"expression": expression,
                                                       "returnByValue": True,
                                                       "awaitPromise": await_promise})
        except RuntimeError:
            return None
        return result.get("result", {}).get("value")

    def emulate(self, width: int, height: int = 844, scale: float = 1,
                mobile: bool = False) -> None:
        """Show the page as a device of this size would: a phone is ``emulate(390, 844, 3,
        mobile=True)`` (its viewport, pixel density and touch)."""
        self.command("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": scale,
                      "mobile": mobile})
        self.command("Emulation.setTouchEmulationEnabled",
                     {"enabled": mobile, "maxTouchPoints": 5 if mobile else 1})

    def navigate(self, url: str, timeout: float = 60) -> None:
        """Open ``url`` in the same page and wait until it has loaded: one browser serves
        many pages, as starting one costs seconds."""
        self.events.clear()
        self.url = url
        self.command("Page.navigate", {"url": url})
        self.loaded(timeout)

    def text(self) -> str:
        return self.evaluate("document.body ? document.body.innerText : ''") or ""

    def wait_for(self, check: Callable[[str], bool], timeout: float) -> tuple[bool, str]:
        """Whether the page's text passed ``check`` within ``timeout`` seconds, and the text."""
        deadline = time.monotonic() + timeout
        text = ""
        while True:
            text = self.text()
            if check(text) or time.monotonic() > deadline:
                return check(text), text
            time.sleep(0.05)

    def close(self) -> None:
        if getattr(self, "socket", None) is not None:
            self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
