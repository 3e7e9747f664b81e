"""``printkit serve`` under a bounded hostile load, on loopback only: 500 connections that
never send a request, 100 malformed requests and requests for other hosts. Afterwards,
with the idle connections still open, it answers a normal request within a second and
holds fewer than 100 threads; no request got a traceback or a dropped connection.

The server runs in this process (no build: a folder as a build leaves it), so its
threads are this process's and its tracebacks would be on this process's standard error.
"""

from __future__ import annotations

import random
import resource
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit.commands.serving.server import MOST_CONNECTIONS, Site, open_server

IDLE_CONNECTIONS = 500
MALFORMED = 100


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    out = tmp_path / "served"
    (out / "en").mkdir(parents=True)
    (out / "index.html").write_text("<html><body>the kit</body></html>")
    (out / "en" / "rulebook-a4.pdf").write_bytes(b"%PDF-1.7 rulebook")
    (out / ".printkit-build.json").write_text("{}")
    (tmp_path / "secret.txt").write_text("SECRET-OUTSIDE")
    (out / "pw.html").symlink_to(tmp_path / "secret.txt")
    site = Site(out)
    served = open_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=served.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield served.server_address[1], out
    finally:
        site.stop()
        served.shutdown()
        served.server_close()


def malformed(port: int) -> list[bytes]:
    """:data:`MALFORMED` requests no browser sends: broken request lines, paths no file
    can have, bodies and headers out of bounds, random bytes (seeded)."""
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    fixed = [
        b"\r\n\r\n", b"GET\r\n\r\n", b"GET /\r\n\r\n", b"GET / HTTP/9.9\r\n" + host + b"\r\n",
        b"GET / HTTP/1.1 extra\r\n" + host + b"\r\n", b"BREW / HTTP/1.1\r\n" + host + b"\r\n",
        b"POST / HTTP/1.1\r\n" + host + b"Content-Length: 99999999\r\n\r\nabc",
        b"GET / HTTP/1.1\r\n" + host + b"X: " + b"y" * 70000 + b"\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + host + b"".join(b"X%d: y\r\n" % i for i in range(120)) + b"\r\n",
        b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /a%00b HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /" + b"x" * 300 + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /%ff%fe HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /../secret.txt HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /pw.html HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /.printkit-build.json HTTP/1.1\r\n" + host + b"\r\n",
        b"GET //etc/passwd HTTP/1.1\r\n" + host + b"\r\n",
        b"GET http://evil.example/ HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /\xff\xfe\x00 HTTP/1.1\r\n" + host + b"\r\n",
        b"GET / HTTP/1.1\r\nHost\r\n\r\n",
    ]
    rng = random.Random(45)
    while len(fixed) < MALFORMED:
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
        kind = rng.randrange(3)
        if kind == 0:
            fixed.append(junk + b"\r\n\r\n")
        elif kind == 1:
            fixed.append(b"GET /" + junk.replace(b" ", b"%20").replace(b"\r", b"").replace(
                b"\n", b"") + b" HTTP/1.1\r\n" + host + b"\r\n")
        else:
            fixed.append(b"GET / HTTP/1.1\r\n" + host + b"X-Junk: " + junk.replace(
                b"\r", b"").replace(b"\n", b"") + b"\r\n\r\n")
    return fixed


WRONG_HOSTS = ["evil.example", "evil.example:8000", "localhost.evil.example", "127.0.0.1.nip.io",
               "192.168.0.1", "[::2]", "10.0.0.1:80", "example.com", "", "a:b:c", "[::1",
               "localhost:port", "\u00e9vil.example", "127.0.0.1 evil", "*", "%00"]


def answer(port: int, request: bytes, timeout: float = 30) -> bytes:
    """All the server sends back (empty: it hung up without a word)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as client:
        try:
            client.sendall(request)
        except OSError:  # it answered and closed before all was sent
            pass
        got = b""
        try:
            while chunk := client.recv(65536):
                got += chunk
        except ConnectionResetError:
            pass
        return got


def test_serve_survives_a_bounded_hostile_load(server: tuple[int, Path],
                                               capfd: pytest.CaptureFixture[str]) -> None:
    port, _ = server
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)
    if limit[0] != resource.RLIM_INFINITY and limit[0] < 2 * IDLE_CONNECTIONS + 200:
        wanted = 2 * IDLE_CONNECTIONS + 200
        if limit[1] != resource.RLIM_INFINITY and limit[1] < wanted:
            pytest.skip(f"{limit[1]} open files at most here")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, limit[1]))
    before = threading.active_count()
    idle: list[socket.socket] = []
    try:
        for i in range(IDLE_CONNECTIONS):
            connection = socket.create_connection(("127.0.0.1", port), timeout=30)
            if i % 2:  # half of them start a request and never end it
                connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            idle.append(connection)
        for request in malformed(port):
            got = answer(port, request)
            assert got, request[:80]  # an answer, not a dropped connection
            assert b"SECRET" not in got and b"root:" not in got, request[:80]
        for host in WRONG_HOSTS:
            got = answer(port, f"GET / HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            assert got.split(b" ", 2)[1] in (b"400", b"403"), (host, got[:80])
            assert b"the kit" not in got, host

        start = time.monotonic()
        got = answer(port, f"GET / HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n".encode(),
                     timeout=5)
        took = time.monotonic() - start
        assert got.startswith(b"HTTP/1.0 200") and b"the kit" in got, got[:200]
        assert took < 1.0, f"a normal request took {took:.2f} s"
        deadline = time.monotonic() + 30  # hung up connections' threads end at once, or nearly
        while threading.active_count() >= 100 or threading.active_count() - before > (
                MOST_CONNECTIONS + 2):
            assert time.monotonic() < deadline, threading.active_count()
            time.sleep(0.05)
    finally:
        for connection in idle:
            connection.close()
    err = capfd.readouterr().err
    assert "Traceback" not in err, err[-2000:]
