"""Hostile requests to ``printkit serve``, for issue 45: run by hand, never in the test suite.

    python3 bench/hostile_serve.py              # 400 requests, seed 45, 3 folder rounds
    python3 bench/hostile_serve.py --cases 1000 --seed 7

A small project (``printkit new``) is served as a user serves it (``python -m printkit
serve``, loopback, a port of its own) and built once; then the served folder gets what a
hostile page would love to reach: links to a secret file and a folder outside the
project, to ``/etc/passwd``, a FIFO, a folder without ``index.html``. Each case is one
connection, generated from a seed:

- ``path``: a real file's address mutated (NUL and control bytes, ``..`` and ``%2e%2e``,
  dotfiles, names over 255 bytes, bytes that are not UTF-8, backslashes, the links);
- ``host``: a good request with its Host header mutated (other names, suffixes, ports,
  IPv6 forms, none, two);
- ``raw``: random bytes, broken request lines, unknown methods, oversized lines and headers;
- ``good``: a real file asked for properly, which must come back whole.

Then 500 idle connections are held open while a normal request is timed and the
server's threads counted, and the project folder is deleted and made again
(``--folder-rounds``), each time until the page is built again.

Totals: cases; tracebacks (on serve's standard error); internal errors (a 500, a
connection dropped without a word, a good request not answered 200 with the file, the
server gone); hangs (no answer in 20 s, no rebuild in 90 s); reads outside the project
(the secret's or ``/etc/passwd``'s bytes in an answer); and, apart, dotfiles and folder
listings served.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECRET = b"SECRET-OUTSIDE-THE-PROJECT-45"
#: Seconds an answer may take: a request never finished is answered 408 after serve's
#: idle limit (10 s), so a little more than that.
ANSWER_WITHIN = 20.0
#: Cases asked at once (serve holds 48 connections at most).
AT_ONCE = 16


class Serve:
    """``printkit serve`` on a project, its standard error collected."""

    def __init__(self, project: Path, out: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "printkit", "serve", "--port", "0", "--locale", "en",
             "--no-previews", "--jobs", "1", "--out", str(out)],
            cwd=project, env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("serving "):
            raise SystemExit(f"serve did not start: {line}{self.process.stderr.read()}")
        self.port = int(line.split()[1].rstrip("/").rsplit(":", 1)[1])
        self.errors: list[str] = []
        threading.Thread(target=lambda: self.errors.extend(self.process.stderr),
                         daemon=True).start()

    def state(self) -> dict:
        got = ask(self.port, request("/__printkit__/state", f"127.0.0.1:{self.port}"))
        return json.loads(got.partition(b"\r\n\r\n")[2])

    def wait(self, check, timeout: float = 90) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError):
                if check(self.state()):
                    return True
            time.sleep(0.1)
        return False

    def threads(self) -> int:
        status = Path(f"/proc/{self.process.pid}/status")
        if not status.exists():
            return -1
        line = next(x for x in status.read_text().splitlines() if x.startswith("Threads:"))
        return int(line.split()[1])

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def request(path: str, host: str | None, method: str = "GET") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\n".encode("utf-8", "surrogateescape")
    if host is not None:
        head += f"Host: {host}\r\n".encode("utf-8", "surrogateescape")
    return head + b"\r\n"


def ask(port: int, raw: bytes, timeout: float = ANSWER_WITHIN) -> bytes:
    """The whole answer; raises TimeoutError if none comes in ``timeout`` seconds."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as client:
        with contextlib.suppress(OSError):
            client.sendall(raw)
        got = b""
        try:
            while chunk := client.recv(65536):
                got += chunk
        except ConnectionResetError:
            pass
        return got


def mutate_path(rng: random.Random, good: list[str]) -> str:
    path = rng.choice(good)
    parts = path.split("/")
    at = rng.randrange(1, len(parts))
    how = rng.randrange(14)
    if how == 0:
        parts[at] = parts[at][:rng.randrange(len(parts[at]) + 1)] + "%00" + parts[at]
    elif how == 1:
        parts[at:at] = [rng.choice(["..", "%2e%2e", "%2E%2e", ".", "..%2f..", "%2e"])] * (
            rng.randrange(1, 6))
        parts.append(rng.choice(["secret.txt", "etc/passwd", "game.toml"]))
    elif how == 2:
        parts[at] = "." + parts[at]
    elif how == 3:
        parts[at] = rng.choice(["x", "\u00e9", "%ff", "a"]) * rng.randrange(200, 400)
    elif how == 4:
        parts[at] = "".join(f"%{rng.randrange(256):02x}" for _ in range(rng.randrange(1, 12)))
    elif how == 5:
        parts[at] = parts[at].replace(".", "\\..\\", 1)
    elif how == 6:
        return rng.choice(["/leak.html", "/en/leak.pdf", "/outdir/", "/outdir/" + SECRET_NAME,
                           "/passwd.html", "/pipe.html", "/en/", "/en", "/hidden/",
                           "/.printkit-build.json", "/%2Eprintkit-build.json", "/hidden/x.pdf"])
    elif how == 7:
        parts[at] = parts[at] + rng.choice(["%0d%0aX: y", "%0a", "%09", "%7f", "%1b[31m"])
    elif how == 8:
        return "/" + "/".join(rng.choice(["a", "..", "", "%00", "."]) for _ in range(600))
    elif how == 9:
        return rng.choice(["", "*", "relative.pdf", "http://evil.example/", "//etc/passwd",
                           "/?" + "x" * 3000, "/#frag", "/%", "/%%", "/%g0", "\\"])
    elif how == 10:
        parts[at] = parts[at].upper()
    elif how == 11:
        parts[at] = "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(1, 8)))
    elif how == 12:
        return path + "?" + "".join(chr(rng.randrange(0x21, 0x7f)) for _ in range(20))
    else:
        parts.insert(at, "")
    return "/".join(parts)


def mutate_host(rng: random.Random, port: int) -> str | None:
    good = rng.choice(["localhost", "127.0.0.1", "[::1]"])
    how = rng.randrange(10)
    return [lambda: f"evil{rng.randrange(1000)}.example:{port}",
            lambda: f"{good}.evil.example:{port}",
            lambda: f"{good}{rng.choice(['x', '-', '_', '@evil.example'])}:{port}",
            lambda: f"{good}:{rng.choice(['', 'x', '-1', '999999', '80:80', ' '])}",
            lambda: f"{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(256)}.1",
            lambda: rng.choice(["[::2]", "[::ffff:127.0.0.2]", "[::1", "::1", "[]", "[fe80::1]"]),
            lambda: "".join(chr(rng.randrange(0x21, 0x7f)) for _ in range(rng.randrange(30))),
            lambda: None,
            lambda: f"{good}\r\nHost: evil.example",
            lambda: "".join(chr(rng.randrange(0xa0, 0x2000)) for _ in range(8))][how]()


def raw_case(rng: random.Random, port: int) -> bytes:
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    how = rng.randrange(8)
    if how == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    if how == 1:
        return rng.choice([b"\r\n", b"\r\n\r\n", b"GET\r\n\r\n", b"GET /\r\n\r\n",
                           b"GET / HTTP/1.1 x\r\n" + host + b"\r\n", b"GET / FTP/1.0\r\n\r\n",
                           b"GET / HTTP/0.8\r\n\r\n", b"GET / HTTP/2.0\r\n" + host + b"\r\n"])
    if how == 2:
        method = rng.choice([b"POST", b"PUT", b"DELETE", b"BREW", b"OPTIONS", b"TRACE", b"G\0T"])
        return method + b" / HTTP/1.1\r\n" + host + b"Content-Length: 9999999\r\n\r\nabc"
    if how == 3:
        return b"GET /" + b"a" * rng.randrange(60000, 70000) + b" HTTP/1.1\r\n" + host + b"\r\n"
    if how == 4:
        long = b"y" * rng.randrange(60000, 70000)
        return b"GET / HTTP/1.1\r\n" + host + b"X: " + long + b"\r\n\r\n"
    if how == 5:
        return b"GET / HTTP/1.1\r\n" + host + b"".join(
            b"X%d: y\r\n" % i for i in range(rng.randrange(90, 150))) + b"\r\n"
    if how == 6:
        junk = bytes(rng.randrange(1, 256) for _ in range(60)).replace(b"\r", b"").replace(
            b"\n", b"")
        return b"GET / HTTP/1.1\r\n" + host + b"X-Junk: " + junk + b"\r\n\r\n"
    return b"GET / HTTP/1.1\r\n" + host + b"Expect: 100-continue\r\nContent-Length: 5\r\n\r\n"


SECRET_NAME = "secret-45.txt"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=400)
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--folder-rounds", type=int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from printkit.cli import main as printkit

    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="hostile-serve-"))
    totals = dict(cases=0, tracebacks=0, internal=0, hangs=0, outside=0, dotfiles=0, listings=0)
    examples: dict[str, list[str]] = {}
    server = None
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            printkit(["new", "snow-race", "--dir", str(work)])
        project, out = work / "snow-race", work / "served"
        (work / SECRET_NAME).write_bytes(SECRET)
        server = Serve(project, out)
        if not server.wait(lambda s: not s["building"] and s["generation"].endswith("-1")):
            raise SystemExit("the first build did not finish: " + "".join(server.errors))
        good = sorted("/" + p.relative_to(out).as_posix() for p in out.rglob("*")
                      if p.is_file() and not p.name.startswith("."))
        (out / "leak.html").symlink_to(work / SECRET_NAME)
        (out / "en").mkdir(exist_ok=True)
        (out / "en" / "leak.pdf").symlink_to(Path("..") / ".." / SECRET_NAME)
        (out / "outdir").symlink_to(work)
        (out / "passwd.html").symlink_to("/etc/passwd")
        os.mkfifo(out / "pipe.html")
        (out / "hidden").mkdir()
        (out / "hidden" / "x.pdf").write_bytes(b"%PDF listed?")
        if not (out / ".printkit-build.json").exists():
            (out / ".printkit-build.json").write_text('{"DOTFILE": 1}')
        dot = (out / ".printkit-build.json").read_bytes()[:40]

        def note(kind: str, case: str) -> None:
            totals[kind] += 1
            examples.setdefault(kind, [])
            if len(examples[kind]) < 5:
                examples[kind].append(case[:120])

        cases = []
        for number in range(args.cases):
            kind = ("path", "host", "raw", "good")[number % 4]
            wanted = None
            if kind == "path":
                raw = request(mutate_path(rng, good), f"localhost:{server.port}")
            elif kind == "host":
                raw = request(rng.choice(good), mutate_host(rng, server.port))
            elif kind == "raw":
                raw = raw_case(rng, server.port)
            else:
                path = rng.choice(good)
                wanted = (out / path.lstrip("/")).read_bytes()
                raw = request(path, rng.choice(["localhost", "127.0.0.1", "[::1]"]) +
                              f":{server.port}")
            cases.append((f"{kind} {raw[:100]!r}", raw, wanted))

        def run(case: tuple[str, bytes, bytes | None]) -> list[tuple[str, str]]:
            name, raw, wanted = case
            try:
                got = ask(server.port, raw)
            except TimeoutError:
                return [("hangs", name)]
            except OSError as exc:
                return [("internal", f"{name}: {exc}")]
            found = []
            head, _, body = got.partition(b"\r\n\r\n")
            if not got or head.startswith(b"HTTP/1.0 500") or server.process.poll() is not None:
                found.append(("internal", f"{name} -> {got[:60]!r}"))
            page = wanted is not None and b"</body>" in wanted.lower()  # the script added
            if wanted is not None and not (head.startswith(b"HTTP/1.0 200") and (
                    body == wanted or page and b"EventSource" in body)):
                found.append(("internal", f"{name} -> {head[:60]!r}"))
            if SECRET in got or b"root:x:0:0" in got:
                found.append(("outside", name))
            if dot and dot in got:
                found.append(("dotfiles", name))
            if b"x.pdf" in got or b"Directory listing" in got:
                found.append(("listings", name))
            return found

        with ThreadPoolExecutor(AT_ONCE) as pool:
            for found in pool.map(run, cases):
                totals["cases"] += 1
                for kind, name in found:
                    note(kind, name)

        idle = []
        for i in range(args.idle):
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=30)
            if i % 2:
                connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            idle.append(connection)
        start = time.monotonic()
        try:
            normal = ask(server.port, request("/", f"localhost:{server.port}"), timeout=5)
        except TimeoutError:
            normal = b""
        took = time.monotonic() - start
        time.sleep(1)
        threads = server.threads()
        for connection in idle:
            connection.close()
        print(f"with {args.idle} idle connections open: a normal request answered "
              f"{'200' if normal.startswith(b'HTTP/1.0 200') else 'NOT 200'} in {took:.3f} s; "
              f"serve holds {threads} threads")
        totals["cases"] += 1
        if not normal.startswith(b"HTTP/1.0 200"):
            note("hangs" if not normal else "internal", "idle connections")
        elif took >= 1.0 or threads >= 100:
            note("hangs", f"idle connections: {took:.2f} s, {threads} threads")

        kept = work / "kept"
        shutil.copytree(project, kept)
        for round_ in range(args.folder_rounds):
            totals["cases"] += 1
            shutil.rmtree(project)
            if not server.wait(lambda s: s["error"] and not s["building"]):
                note("hangs", f"folder round {round_}: no error with the project gone")
                continue
            shutil.copytree(kept, project)
            if not server.wait(lambda s: not s["error"] and not s["building"]):
                note("hangs", f"folder round {round_}: no build with the project back")
    finally:
        if server is not None:
            server.stop()
            totals["tracebacks"] = sum("Traceback" in line for line in server.errors)
            if totals["tracebacks"]:
                examples["tracebacks"] = ["".join(server.errors)[-1500:]]
        shutil.rmtree(work, ignore_errors=True)
    print(f"cases {totals['cases']}, tracebacks {totals['tracebacks']}, internal errors "
          f"{totals['internal']}, hangs {totals['hangs']}, reads outside the project "
          f"{totals['outside']} (dotfiles served {totals['dotfiles']}, folder listings "
          f"{totals['listings']})")
    for kind, cases in examples.items():
        print(f"  {kind}:", *cases, sep="\n    ")
    bad = ("tracebacks", "internal", "hangs", "outside", "dotfiles", "listings")
    return 1 if any(totals[k] for k in bad) else 0


if __name__ == "__main__":
    sys.exit(main())
