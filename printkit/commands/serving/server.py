"""The HTTP side of ``printkit serve``: the output folder, a live state, a reload script.

Every file under the output folder is served as it is on disk, with ``no-store`` so a
browser always fetches the newest PDF or preview. HTML responses (the kit page) get a
small script before ``</body>``; the files themselves are never changed. The script
listens to :data:`EVENTS` (server-sent events): each event is the build's state, a
generation that changes whenever a build wrote files, and the error lines of a build
that failed. The page reloads when the generation is not the one it was served with,
and shows the error over itself while there is one.
"""

from __future__ import annotations

import errno
import html
import ipaddress
import json
import socket
import threading
import uuid
from functools import partial
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
        self.building = False
        self.stopped = False
        self._changed = threading.Condition()

    @property
    def generation(self) -> str:
        return f"{self._run}-{self._count}"

    def state(self) -> dict[str, Any]:
        with self._changed:
            return {"generation": self.generation, "error": list(self.error),
                    "building": self.building}

    def _update(self, **values: Any) -> None:
        with self._changed:
            for name, value in values.items():
                setattr(self, name, value)
            self._changed.notify_all()

    def started(self) -> None:
        """A build has started."""
        self._update(building=True)

    def built(self, wrote: bool) -> None:
        """A build succeeded; ``wrote``: it changed files, so open pages reload."""
        with self._changed:
            if wrote:
                self._count += 1
            self.error = []
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
  var events = new EventSource(%(events)s);
  events.addEventListener("state", function (event) {
    var state = JSON.parse(event.data);
    if (state.error.length) { show(state.error); return; }
    if (box) { box.remove(); box = null; }
    if (state.generation !== served) { location.reload(); }
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


class _Handler(SimpleHTTPRequestHandler):
    site: Site

    def __init__(self, *args: Any, site: Site, **kwargs: Any) -> None:
        self.site = site
        super().__init__(*args, directory=str(site.root), **kwargs)

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        path = self.path.split("?", 1)[0]
        if path == EVENTS:
            self._events()
        elif path == STATE:
            self._send(json.dumps(self.site.state()).encode(), "application/json")
        else:
            super().do_GET()

    def send_head(self) -> Any:  # type: ignore[override]
        """HTML with the reload script; anything else as http.server sends it."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        if path.suffix.lower() not in (".html", ".htm"):
            return super().send_head()
        generation = self.site.generation  # before reading: a newer page reloads once more
        try:
            page = path.read_bytes()
        except OSError:
            if path != self.site.root / "index.html":
                return super().send_head()
            page = _WAITING.format(root=html.escape(str(self.site.root))).encode()
        body = inject(page, generation)
        self._send(body, "text/html; charset=utf-8", head_only=True)
        return BytesIO(body)

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
        super().end_headers()

    def _events(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.close_connection = True
        seen: dict[str, Any] | None = None
        try:
            while not self.site.stopped:
                state = self.site.wait(seen, KEEP_ALIVE)
                if state == seen:
                    self.wfile.write(b": still here\n\n")
                else:
                    self.wfile.write(f"event: state\ndata: {json.dumps(state)}\n\n".encode())
                    seen = state
                self.wfile.flush()
        except OSError:  # the page went away
            return

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # a line per request would bury the build's messages


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


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
    server_class = type("Server", (_Server,), {"address_family": family})
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
