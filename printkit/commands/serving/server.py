"""The HTTP side of ``printkit serve``: the output folder, a live state, a reload script.

Every file under the output folder is served as it is on disk, with ``no-store`` so a
browser always fetches the newest PDF or preview. HTML responses (the kit page) get a
small script before ``</body>``; the files themselves are never changed. The script
listens to :data:`EVENTS` (server-sent events): each event is the build's state, a
generation that changes whenever a build wrote files, the error lines of a build
that failed, the warning lines of the last build and what it did ("rendered 2 of 26
documents"). The page reloads when the generation is not the one it was served with,
shows the error over itself while there is one, and the warnings and what the build
did in a bar at its foot that covers nothing it cannot be closed from.

A development server is still a server on the network: any web page the browser has
open can send it requests. So a request must name this computer in its ``Host`` header
(a page on another name, made to point here by its DNS, is refused); only regular
files inside the output folder are served, never a folder's listing, a dotfile or a
symbolic link leading out; a path that cannot name a file there is answered 400; and
the connections held at once, and the seconds one may wait without a whole request,
are bounded, so idle sockets cannot pile up threads.
"""

from __future__ import annotations

import errno
import gzip
import html
import ipaddress
import json
import os
import socket
import stat
import threading
import time
import urllib.parse
import uuid
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from io import BytesIO
from pathlib import Path
from typing import Any

from printkit.errors import PrintkitError, UsageError

#: The event stream the injected script listens to, and the same state as JSON.
EVENTS = "/__printkit__/events"
STATE = "/__printkit__/state"
#: Seconds between keep-alive comments on an idle event stream.
KEEP_ALIVE = 15.0
#: Connections held at once. A browser opens six at most to one server; past this, the
#: oldest connection that is waiting for a request (or following the event stream, which
#: a page reopens by itself) is closed for the new one.
MOST_CONNECTIONS = 48
#: Seconds a connection may take to send a whole request, or block a write, before it is
#: closed.
IDLE = 10.0
#: Longest request path, in bytes once decoded, and longest name in it: longer cannot
#: name a file on any file system printkit writes to.
LONGEST_PATH = 1024
LONGEST_NAME = 255
#: The names every request may give in its Host header: this computer.
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


class PortInUse(PrintkitError):
    """The port asked for is taken (another server, another ``printkit serve``)."""

    exit_code = 1


class Site:
    """What the pages are told: the build's generation and its error, if it failed."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._run = uuid.uuid4().hex[:8]  # a page of an earlier server reloads too
        self._count = 0
        self.error: list[str] = []
        #: the last good build's warning lines, and what it did
        self.warnings: list[str] = []
        self.status = ""
        self.building = False
        self.stopped = False
        self._changed = threading.Condition()

    @property
    def generation(self) -> str:
        return f"{self._run}-{self._count}"

    def state(self) -> dict[str, Any]:
        with self._changed:
            return {"generation": self.generation, "error": list(self.error),
                    "warnings": list(self.warnings), "status": self.status,
                    "building": self.building}

    def _update(self, **values: Any) -> None:
        with self._changed:
            for name, value in values.items():
                setattr(self, name, value)
            self._changed.notify_all()

    def started(self) -> None:
        """A build has started."""
        self._update(building=True)

    def built(self, wrote: bool, warnings: list[str] | None = None,
              status: str = "") -> None:
        """A build succeeded; ``wrote``: it changed files, so open pages reload.
        ``warnings``: its warning lines, shown at the page's foot with ``status``, what it
        did."""
        with self._changed:
            if wrote:
                self._count += 1
            self.error = []
            self.warnings = list(warnings or [])
            self.status = status
            self.building = False
            self._changed.notify_all()

    def failed(self, lines: list[str]) -> None:
        """A build failed with these one-line messages; the last good files stay."""
        self._update(error=list(lines), building=False)

    def stop(self) -> None:
        self._update(stopped=True)

    def wait(self, seen: dict[str, Any] | None, timeout: float) -> dict[str, Any]:
        """The state once it differs from ``seen`` (or after ``timeout`` seconds)."""
        with self._changed:
            self._changed.wait_for(lambda: self.stopped or self.state() != seen, timeout)
            return self.state()


_SCRIPT = """<script>/* added by printkit serve, not in the file on disk */
(function () {
  var served = %(generation)s, box = null;
  function show(lines) {
    if (!box) {
      box = document.createElement("div");
      box.id = "printkit-serve-error";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:2147483647;" +
        "margin:0;padding:12px 16px;background:#b00020;color:#fff;" +
        "font:14px/1.4 monospace;white-space:pre-wrap;box-shadow:0 2px 8px #0006";
      document.body.appendChild(box);
    }
    box.textContent = lines.join("\\n") +
      "\\n(the page below is the last good build; save a fix to rebuild)";
  }
  var bar = null, closed = "";
  function foot(state) {
    var text = (state.status ? state.status + "\\n" : "") + state.warnings.join("\\n");
    if (!state.warnings.length || text === closed) {
      if (bar) { bar.remove(); bar = null; document.body.style.paddingBottom = ""; }
      return;
    }
    if (!bar) {
      bar = document.createElement("div");
      bar.id = "printkit-serve-warnings";
      bar.setAttribute("role", "status");
      bar.style.cssText = "position:fixed;bottom:0;left:0;right:0;z-index:2147483646;" +
        "margin:0;padding:8px 44px 8px 16px;max-height:30vh;overflow:auto;" +
        "background:#fff4cc;color:#3d2e00;font:13px/1.4 monospace;" +
        "white-space:pre-wrap;border-top:2px solid #8a6d00";
      var lines = document.createElement("div");
      var close = document.createElement("button");
      close.type = "button";
      close.textContent = "\\u00d7";
      close.setAttribute("aria-label", "Close the build's warnings");
      close.style.cssText = "position:absolute;top:4px;right:8px;font:20px/1 sans-serif;" +
        "min-width:32px;min-height:32px;background:none;border:0;color:inherit;" +
        "cursor:pointer";
      close.onclick = function () {
        closed = bar.text; bar.remove(); bar = null; document.body.style.paddingBottom = "";
      };
      bar.appendChild(lines);
      bar.appendChild(close);
      document.body.appendChild(bar);
    }
    bar.text = text;
    bar.firstChild.textContent = text;
    room();
  }
  function room() {  // the end of the page can still be scrolled to above the bar
    if (bar) { document.body.style.paddingBottom = bar.offsetHeight + "px"; }
  }
  window.addEventListener("resize", room);
  var events = new EventSource(%(events)s);
  events.addEventListener("state", function (event) {
    var state = JSON.parse(event.data);
    if (state.error.length) { show(state.error); return; }
    if (box) { box.remove(); box = null; }
    if (state.generation !== served) { location.reload(); return; }
    if (!state.building) { foot(state); }
  });
})();
</script>
"""

_WAITING = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>printkit serve</title></head>
<body><p>printkit serve: no kit has been built into {root} yet.</p></body></html>
"""


def inject(page: bytes, generation: str) -> bytes:
    """``page`` with the reload script before its last ``</body>`` (else at its end)."""
    script = (_SCRIPT % {"generation": json.dumps(generation),
                         "events": json.dumps(EVENTS)}).encode()
    at = page.lower().rfind(b"</body>")
    return page + script if at < 0 else page[:at] + script + page[at:]


class BadPath(Exception):
    """A request path that cannot name a file in the output folder (answered 400)."""


def url_parts(target: str) -> list[str]:
    """The names in a request's path, decoded: ``/a/b%20c.pdf?x`` -> ``["a", "b c.pdf"]``.

    Raises :class:`BadPath` for what no file in the output folder can be called: a path
    not starting with ``/``, a NUL or control character, bytes that are not UTF-8, a
    ``.`` or ``..`` name, a name over :data:`LONGEST_NAME` bytes or a path over
    :data:`LONGEST_PATH`. Empty names (``a//b``) are dropped.
    """
    path = target.split("?", 1)[0].split("#", 1)[0]
    if not path.startswith("/"):
        raise BadPath("not a path")
    raw = urllib.parse.unquote_to_bytes(path)
    if len(raw) > LONGEST_PATH:
        raise BadPath("too long")
    if any(byte < 0x20 or byte == 0x7F for byte in raw):
        raise BadPath("a control character")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadPath("not UTF-8") from None
    parts = [part for part in text.split("/") if part]
    for part in parts:
        if part in (".", ".."):
            raise BadPath("a . or .. name")
        if "\\" in part:
            raise BadPath("a backslash")
        if len(part.encode("utf-8")) > LONGEST_NAME:
            raise BadPath("a name too long")
    return parts


def host_name(value: str) -> str | None:
    """The name in a Host header, lower case and without its port (``[::1]:80`` ->
    ``::1``; an address in its shortest form); None for what is no host at all."""
    value = value.strip().lower()
    if value.startswith("["):
        name, close, port = value[1:].partition("]")
        if not close or (port and not port.startswith(":")):
            return None
        port = port[1:]
    elif value.count(":") > 1:
        return None
    else:
        name, _, port = value.partition(":")
    if port and not (port.isascii() and port.isdigit() and len(port) <= 5):
        return None
    name = name[:-1] if name.endswith(".") else name
    if not name:
        return None
    try:
        return ipaddress.ip_address(name).compressed
    except ValueError:
        return name


class _Handler(SimpleHTTPRequestHandler):
    site: Site
    server: _Server
    #: Seconds a read or a write may block: a client that stops reading is dropped. (One
    #: that sends no request is told so after IDLE seconds, by the server, before this.)
    timeout = 2 * IDLE

    def __init__(self, *args: Any, site: Site, **kwargs: Any) -> None:
        self.site = site
        super().__init__(*args, directory=str(site.root), **kwargs)

    def handle_one_request(self) -> None:
        self.server.mark(self.connection, "waiting")
        super().handle_one_request()

    def parse_request(self) -> bool:
        """The request line and headers read; refused unless its Host names this computer."""
        if not self.raw_requestline.strip():  # http.server would hang up without a word
            self.command, self.request_version, self.requestline = None, "HTTP/1.0", ""
            self.close_connection = True
            self.send_error(HTTPStatus.BAD_REQUEST, "Empty request line")
            return False
        if not super().parse_request():
            return False
        hosts = self.headers.get_all("Host") or []
        name = host_name(hosts[0]) if len(hosts) == 1 else None
        if name is None:
            self.close_connection = True
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad Host header",
                            "a request names one host, as localhost:PORT does")
            return False
        if name not in self.server.hosts and name != self._arrived_at():
            self.close_connection = True
            self.send_error(HTTPStatus.FORBIDDEN, "Host not allowed",
                            "printkit serve answers requests for this computer only "
                            "(localhost, 127.0.0.1, [::1] or its --bind address)")
            return False
        self.server.mark(self.connection, "busy")
        return True

    def _arrived_at(self) -> str | None:
        """The address this connection came in on, when the server listens on every one
        (``--bind 0.0.0.0``: a tablet asks for the computer by its number)."""
        if not self.server.everywhere:
            return None
        try:
            address = ipaddress.ip_address(self.connection.getsockname()[0])
        except (OSError, ValueError):
            return None
        mapped = getattr(address, "ipv4_mapped", None)
        return (mapped or address).compressed

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        path = self.path.split("?", 1)[0]
        if path == EVENTS:
            self._events()
        elif path == STATE:
            self._send(json.dumps(self.site.state()).encode(), "application/json")
        else:
            super().do_GET()

    def send_head(self) -> Any:  # type: ignore[override]
        """The file the path names, HTML with the reload script; None once an error or a
        redirect is sent."""
        try:
            parts = url_parts(self.path)
        except BadPath as bad:
            self.close_connection = True
            self.send_error(HTTPStatus.BAD_REQUEST, f"Bad path: {bad}")
            return None
        if any(part.startswith(".") for part in parts):  # .printkit-build.json and the like
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        root = Path(os.path.realpath(self.site.root))
        found = _inside(root, root.joinpath(*parts))
        if found is not None and stat.S_ISDIR(found[1].st_mode):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)  # relative links work
                self.send_header("Location", urllib.parse.quote("/" + "/".join([*parts, ""])))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            found = _inside(root, found[0] / "index.html")
        if found is None and not parts:  # nothing built yet
            return self._page(_WAITING.format(root=html.escape(str(self.site.root))).encode())
        if found is None or not stat.S_ISREG(found[1].st_mode):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        path = found[0]
        html_page = path.suffix.lower() in (".html", ".htm")
        generation = self.site.generation  # before reading: a newer page reloads once more
        try:
            file = _open_regular(path)
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        if html_page:
            with file:
                return self._page(file.read(), generation)
        size = os.fstat(file.fileno()).st_size
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(size))
        self.end_headers()
        return file

    def _page(self, page: bytes, generation: str | None = None) -> BytesIO:
        """An HTML page with the reload script, gzipped when the browser takes it (a web
        host does so too: the kit page holds every language and is a third of its size
        compressed, which a phone on a slow line feels)."""
        body = inject(page, generation or self.site.generation)
        packed = _accepts_gzip(self.headers.get("Accept-Encoding", ""))
        if packed:
            body = gzip.compress(body, compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        if packed:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return BytesIO(body)

    def list_directory(self, path: Any) -> None:
        """Never: a folder without ``index.html`` is not found."""
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")

    def _send(self, body: bytes, kind: str, head_only: bool = False) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head_only:
            self.wfile.write(body)

    def end_headers(self) -> None:
        # The newest build every time: no copy kept, no "not modified" on a same-second write.
        self.send_header("Cache-Control", "no-store")
        # Another site's page may not embed these files, nor guess them to be a script.
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def _events(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.close_connection = True
        self.server.mark(self.connection, "following")
        seen: dict[str, Any] | None = None
        quiet_since = time.monotonic()
        try:
            while not self.site.stopped and self.server.holds(self.connection):
                state = self.site.wait(seen, 1.0)  # a second at most: closed ones end soon
                if state != seen:
                    self.wfile.write(f"event: state\ndata: {json.dumps(state)}\n\n".encode())
                elif time.monotonic() - quiet_since >= KEEP_ALIVE:
                    self.wfile.write(b": still here\n\n")
                else:
                    continue
                seen = state
                quiet_since = time.monotonic()
                self.wfile.flush()
        except OSError:  # the page went away
            return

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # a line per request would bury the build's messages


def _accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (``gzip;q=0`` refuses it)."""
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            q = params.strip().lower()
            return not (q.startswith("q=") and q[2:].strip() in ("0", "0.0", "0.00", "0.000"))
    return False


def _inside(root: Path, path: Path) -> tuple[Path, os.stat_result] | None:
    """``path`` with its links followed and its status, if it is in ``root`` and no name
    on the way from there starts with a dot; else None."""
    try:
        real = Path(os.path.realpath(path))
        if not real.is_relative_to(root):
            return None
        if any(part.startswith(".") for part in real.relative_to(root).parts):
            return None
        return real, real.stat()
    except (OSError, ValueError):
        return None


def _open_regular(path: Path) -> Any:
    """``path`` opened for reading if it is a regular file still (not a link put there
    since, not a FIFO that would block the reader)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


class _Server(ThreadingHTTPServer):
    """A thread per connection, at most :data:`MOST_CONNECTIONS` of them, each closed
    after :data:`IDLE` seconds without a whole request."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128
    #: Host names (as :func:`host_name` gives them) a request may ask for.
    hosts: frozenset[str] = LOOPBACK_NAMES
    #: Listening on every address of the computer (0.0.0.0, ::).
    everywhere = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._lock = threading.Lock()
        #: Each connection held: what it does ("waiting" for a request, "busy" answering
        #: one, "following" the event stream) and since when.
        self._held: dict[socket.socket, tuple[str, float]] = {}
        super().__init__(*args, **kwargs)

    def held(self) -> int:
        with self._lock:
            return len(self._held)

    def holds(self, connection: socket.socket) -> bool:
        with self._lock:
            return connection in self._held

    def mark(self, connection: socket.socket, doing: str) -> None:
        with self._lock:
            if connection in self._held:
                self._held[connection] = (doing, time.monotonic())

    def process_request(self, request: Any, client_address: Any) -> None:
        """A new connection: a thread of its own, in the place of the oldest one that can
        go if every place is taken; refused (503) if none can."""
        with self._lock:
            victim, doing = None, ""
            if len(self._held) >= MOST_CONNECTIONS:
                victim = self._oldest("waiting") or self._oldest("following")
                if victim is not None:
                    doing = self._held.pop(victim)[0]
            if victim is not None or len(self._held) < MOST_CONNECTIONS:
                self._held[request] = ("waiting", time.monotonic())
                admitted = True
            else:
                admitted = False
        if victim is not None:
            _hang_up(victim, _TOO_SLOW if doing == "waiting" else b"")
        if not admitted:
            _refuse(request)
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def _oldest(self, doing: str) -> socket.socket | None:
        found = [(since, id(c), c) for c, (what, since) in self._held.items() if what == doing]
        return min(found)[2] if found else None

    def service_actions(self) -> None:
        """Between accepts: close the connections that waited too long for a request."""
        super().service_actions()
        now = time.monotonic()
        with self._lock:
            late = [c for c, (what, since) in self._held.items()
                    if what == "waiting" and now - since > IDLE]
            for connection in late:
                del self._held[connection]
        for connection in late:
            _hang_up(connection, _TOO_SLOW)

    def close_request(self, request: Any) -> None:
        with self._lock:
            self._held.pop(request, None)
        super().close_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that failed is dropped; the terminal is for the build's messages."""


#: What a connection closed while it is still sending its request is told.
_TOO_SLOW = (b"HTTP/1.0 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n"
             b"\r\n")


def _hang_up(connection: socket.socket, saying: bytes = b"") -> None:
    """Ends a connection another thread is reading: its read returns at once. ``saying``
    goes first, if the socket takes it at once (nothing has been written to it yet)."""
    try:
        if saying:
            connection.send(saying, getattr(socket, "MSG_DONTWAIT", 0))
    except OSError:
        pass
    try:
        connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def _refuse(connection: socket.socket) -> None:
    try:
        connection.settimeout(1.0)
        connection.sendall(b"HTTP/1.0 503 Service Unavailable\r\nRetry-After: 1\r\n"
                           b"Content-Length: 0\r\nConnection: close\r\n\r\n")
    except OSError:
        pass


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this computer only (127.0.0.1, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def open_server(site: Site, bind: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    """A server for ``site`` listening on ``bind``:``port`` (port 0: any free one)."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    named = host_name(f"[{bind}]" if ":" in bind else bind)
    everywhere = named in (None, "0.0.0.0", "::")  # "" is every address too
    hosts = LOOPBACK_NAMES | ({named} if named else set())  # the address serve prints
    server_class = type("Server", (_Server,), {"address_family": family,
                                               "hosts": frozenset(hosts),
                                               "everywhere": everywhere})
    try:
        return server_class((bind, port), partial(_Handler, site=site))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise PortInUse(f"port {port} on {bind} is in use; give another with --port N "
                            f"(--port 0 picks a free one)") from None
        if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:
            raise UsageError(f"--bind {bind}: not an address of this computer "
                            f"({exc.strerror or exc})") from None
        raise
