"""``printkit serve``: a live kit page that follows every save, in a real browser too."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import printkit
from printkit.cli import main
from printkit.commands.serving import server as serving
from printkit.commands.serving.server import EVENTS, STATE, Site, host_name, inject, open_server
from printkit.commands.serving.watcher import Debouncer, Watcher

#: The folder printkit is imported from, for the server run as a program.
ROOT = Path(printkit.__file__).resolve().parents[1]
NAME = "snow-race"


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    parent = tmp_path_factory.mktemp("scaffold")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["new", NAME, "--dir", str(parent)]) == 0
    return parent / NAME


@pytest.fixture
def project(scaffolded: Path, tmp_path: Path) -> Path:
    import shutil

    shutil.copytree(scaffolded, tmp_path / NAME)
    return tmp_path / NAME


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


class Served:
    """``printkit serve`` running as a program in a project, and its address."""

    def __init__(self, folder: Path, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "printkit", "serve", "--port", "0", "--locale", "en",
             "--no-previews", "--jobs", "1", "--out", str(folder.parent / "served"),
             *options],
            cwd=folder, env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith("serving "):
            self.process.kill()
            pytest.fail(f"serve did not start: {line}{self.process.stderr.read()}")
        self.url = line.split()[1]
        self.errors: list[str] = []
        self._reader = threading.Thread(target=self._read_errors, daemon=True)
        self._reader.start()

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.errors.append(line)

    def state(self) -> dict:
        with urllib.request.urlopen(self.url + STATE.lstrip("/"), timeout=10) as response:
            return json.load(response)

    def wait(self, check: Callable[[dict], bool], timeout: float = 30) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            state = self.state()
            if check(state):
                return state
            assert time.monotonic() < deadline, (state, "".join(self.errors))
            time.sleep(0.05)

    def built(self, count: int = 1) -> dict:
        """The state once ``count`` builds have written files and none is running."""
        return self.wait(lambda s: not s["building"] and int(s["generation"].split("-")[1])
                         >= count)

    def interrupt(self) -> int:
        self.process.send_signal(signal.SIGINT)
        code = self.process.wait(timeout=30)
        self._reader.join(10)
        return code

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def served(project: Path) -> Iterator[Served]:
    server = Served(project)
    try:
        server.built()
        yield server
    finally:
        server.stop()


def _listening(port: int) -> list[str]:
    """The local addresses listening on ``port``, from the kernel's socket tables."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as lines:
            for line in list(lines)[1:]:
                local, state = line.split()[1], line.split()[3]
                address, at = local.split(":")
                if state == "0A" and int(at, 16) == port:
                    found.append(address)
    return found


# --- debouncing ---------------------------------------------------------------------------

class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_flurry_of_saves_is_one_build_once_quiet() -> None:
    clock = Clock()
    debouncer = Debouncer(quiet=0.15, longest=2.0, clock=clock)
    assert debouncer.due() is None
    for i in range(10):  # ten writes in 100 ms
        debouncer.saw([f"file{i % 3}.toml"])
        assert debouncer.due() > 0  # type: ignore[operator]
        clock.now += 0.01
    clock.now += 0.15
    assert debouncer.due() <= 0  # type: ignore[operator]
    assert debouncer.take() == {"file0.toml", "file1.toml", "file2.toml"}
    assert debouncer.due() is None  # one build for all ten


def test_saves_that_never_pause_still_build_after_the_longest_wait() -> None:
    clock = Clock()
    debouncer = Debouncer(quiet=0.15, longest=2.0, clock=clock)
    for _ in range(25):
        debouncer.saw(["cards.csv"])
        clock.now += 0.1
    assert debouncer.due() <= 0  # type: ignore[operator]


def test_ten_real_writes_in_100_ms_give_one_or_two_builds(tmp_path: Path) -> None:
    debouncer = Debouncer()
    watcher = Watcher([tmp_path], debouncer)
    watcher.start()
    builds: list[set[str]] = []
    stop = threading.Event()

    def builder() -> None:
        while not stop.is_set():
            changed = debouncer.wait(stop, poll=0.05)
            if changed:
                builds.append(changed)

    thread = threading.Thread(target=builder)
    thread.start()
    try:
        for i in range(10):
            (tmp_path / "game.toml").write_text(f'title = "Save {i}"\n')
            time.sleep(0.01)
        time.sleep(2.0)
    finally:
        stop.set()
        thread.join(5)
        watcher.stop()
    assert 1 <= len(builds) <= 2, builds


def test_the_output_folder_is_not_watched(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    debouncer = Debouncer()
    watcher = Watcher([tmp_path], debouncer, ignore=[tmp_path / "out"])
    watcher.start()
    try:
        (tmp_path / "out" / "index.html").write_text("built")
        time.sleep(0.8)
        assert debouncer.due() is None
    finally:
        watcher.stop()


def test_it_watches_the_game_the_catalogs_and_the_templates() -> None:
    from printkit.commands.build import BuildOptions
    from printkit.commands.serve import ServeOptions, output_folder, watched
    from printkit.resources import builtin_folder, cache_dir, locales_dir, templates_dir

    options = ServeOptions(build=BuildOptions(games=["polar-derby"]))
    assert watched(options) == [builtin_folder("polar-derby"), locales_dir(), templates_dir()]
    assert output_folder(options).is_relative_to(cache_dir())
    assert output_folder(ServeOptions(out=Path("mine"))) == Path("mine")


# --- the page's script ---------------------------------------------------------------------

def test_the_reload_script_goes_before_the_end_of_the_body() -> None:
    page = inject(b"<html><body><p>kit</p></body></html>", "abc-1")
    assert page.startswith(b"<html><body><p>kit</p><script>")
    assert page.endswith(b"</script>\n</body></html>")
    assert b'"abc-1"' in page and EVENTS.encode() in page
    assert inject(b"<p>no body</p>", "x").startswith(b"<p>no body</p><script>")


# --- the server ------------------------------------------------------------------------------

def test_the_server_follows_saves_shows_errors_and_stops_on_ctrl_c(served: Served,
                                                                   project: Path) -> None:
    assert served.url.startswith("http://127.0.0.1:")
    port = int(served.url.rsplit(":", 1)[1].strip("/"))
    if Path("/proc/net/tcp").is_file():
        assert _listening(port) == ["0100007F"]  # 127.0.0.1, nothing else
    out = project.parent / "served"
    with urllib.request.urlopen(served.url, timeout=10) as response:
        page = response.read()
        assert response.headers["Cache-Control"] == "no-store"
    assert b"EventSource" in page and b"Snow Race" in page
    assert b"EventSource" not in (out / "index.html").read_bytes()  # the file is as built
    pdf = next(out.rglob("rulebook-a4.pdf")).relative_to(out).as_posix()
    with urllib.request.urlopen(served.url + pdf, timeout=10) as response:
        assert response.headers["Cache-Control"] == "no-store"
        body = response.read()
    assert body.startswith(b"%PDF") and b"EventSource" not in body  # only HTML gets the script
    with urllib.request.urlopen(served.url + EVENTS.lstrip("/"), timeout=10) as events:
        assert events.headers["Content-Type"] == "text/event-stream"
        assert events.readline() == b"event: state\n"
        assert json.loads(events.readline().split(b":", 1)[1])["error"] == []

    before = served.state()["generation"]
    game = project / "game.toml"
    edit(game, 'title = "', 'title = "Avalanche ')
    after = served.wait(lambda s: s["generation"] != before and not s["building"])
    assert after["error"] == []
    with urllib.request.urlopen(served.url, timeout=10) as response:
        assert b"Avalanche" in response.read()

    game.write_text(game.read_text(encoding="utf-8") + 'oops = "unclosed\n', encoding="utf-8")
    broken = served.wait(lambda s: s["error"])
    assert len(broken["error"]) == 1 and "game.toml" in broken["error"][0], broken
    assert broken["error"][0].startswith("printkit: error: game.toml")
    assert broken["generation"] == after["generation"]  # the last good page stays
    assert any(line.startswith("printkit: error: game.toml") for line in served.errors)
    edit(game, 'oops = "unclosed\n', "")
    mended = served.wait(lambda s: not s["error"] and not s["building"])
    assert mended["error"] == []

    assert served.interrupt() in (0, 130)
    assert not any("Traceback" in line for line in served.errors), "".join(served.errors)
    assert served.errors[-1].strip() == "printkit: stopped serving"


def test_a_busy_port_is_one_line_naming_it(project: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "printkit", "serve", "--port", str(port)],
                              cwd=project, env={**os.environ, "PYTHONPATH": str(ROOT)},
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and str(port) in lines[0] and "in use" in lines[0], done.stderr


def test_listening_beyond_this_computer_says_so(project: Path) -> None:
    server = Served(project, "--bind", "0.0.0.0")
    try:
        server.built()
        assert any(line.startswith("warning: --bind 0.0.0.0") for line in server.errors)
        assert server.interrupt() in (0, 130)
    finally:
        server.stop()


# --- what a request may ask -----------------------------------------------------------------

class Local:
    """The server of :mod:`printkit.commands.serving.server` on a folder, in this process."""

    def __init__(self, out: Path, bind: str = "127.0.0.1") -> None:
        self.out = out
        self.site = Site(out)
        self.server = open_server(self.site, bind, 0)
        self.bind = bind
        self.port = self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    def ask(self, request: bytes, timeout: float = 10) -> bytes:
        """The whole answer to one raw request (the server closes after each)."""
        with socket.create_connection((self.bind, self.port), timeout=timeout) as client:
            client.sendall(request)
            answer = b""
            while chunk := client.recv(65536):
                answer += chunk
            return answer

    def get(self, path: str, host: str | None = None) -> tuple[int, bytes]:
        host = host if host is not None else f"localhost:{self.port}"
        answer = self.ask(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode("latin-1"))
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1."), answer[:200]
        return int(head.split()[1]), body

    def close(self) -> None:
        self.site.stop()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def local(tmp_path: Path) -> Iterator[Local]:
    """A served folder as a build leaves it, with a secret beside it, outside."""
    out = tmp_path / "served"
    (out / "en" / "sub").mkdir(parents=True)
    (out / "index.html").write_text("<html><body>the kit</body></html>")
    (out / "en" / "rulebook-a4.pdf").write_bytes(b"%PDF-1.7 rulebook")
    (out / "en" / "sub" / "notes.txt").write_text("notes")
    (out / ".printkit-build.json").write_text('{"record": 1}')
    (out / "en" / ".hidden.pdf").write_bytes(b"%PDF hidden")
    (tmp_path / "secret.txt").write_text("SECRET-OUTSIDE")
    server = Local(out)
    try:
        yield server
    finally:
        server.close()


def test_a_host_header_that_names_another_computer_is_refused(local: Local) -> None:
    """DNS rebinding: a page of another site, its name made to point here, asks as itself."""
    for host in (f"localhost:{local.port}", f"127.0.0.1:{local.port}", f"[::1]:{local.port}",
                 "LocalHost", "localhost.", "127.0.0.1"):
        assert local.get("/", host) == (200, local.get("/")[1]), host
    for host in (f"evil.example:{local.port}", "evil.example", "localhost.evil.example",
                 "127.0.0.1.nip.io", "192.168.1.5", "[::2]", "0.0.0.0"):
        status, body = local.get("/", host)
        assert status == 403 and b"the kit" not in body, host
    for host in ("", "a:b:c", "localhost:http", "[::1", "localhost:99999999"):
        assert local.get("/", host)[0] == 400, host
    no_host = local.ask(b"GET / HTTP/1.1\r\n\r\n")
    assert no_host.startswith(b"HTTP/1.0 400"), no_host[:100]
    two = local.ask(b"GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n"
)
    assert two.startswith(b"HTTP/1.0 400"), two[:100]
    state = local.get(STATE, "evil.example")
    assert state[0] == 403 and b"generation" not in state[1]


def test_the_bind_address_is_a_host_too(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html><body>the kit</body></html>")
    try:
        other = Local(tmp_path, bind="127.0.0.2")
    except PermissionError:  # not every system answers on all of 127.0.0.0/8
        pytest.skip("127.0.0.2 is not this computer here")
    try:
        assert other.get("/", f"127.0.0.2:{other.port}")[0] == 200
        assert other.get("/", "localhost")[0] == 200
        assert other.get("/", "127.0.0.3")[0] == 403
    finally:
        other.close()
    everywhere = Local(tmp_path, bind="0.0.0.0")
    try:
        assert everywhere.get("/", f"0.0.0.0:{everywhere.port}")[0] == 200  # as serve prints
        assert everywhere.get("/", "evil.example")[0] == 403
        address = _own_address()
        if address is not None:  # a tablet asks for the computer by its number
            everywhere.bind = address
            assert everywhere.get("/", f"{address}:{everywhere.port}")[0] == 200
            assert everywhere.get("/", "evil.example")[0] == 403
    finally:
        everywhere.close()
    assert host_name("[0:0:0:0:0:0:0:1]:80") == "::1"
    assert host_name("LOCALHOST.:8000") == "localhost"
    assert host_name("[::1]x") is None and host_name(":80") is None


def _own_address() -> str | None:
    """An address of this computer's other than loopback, if it has one (no packet sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
        except OSError:
            return None
        address = probe.getsockname()[0]
    return None if address.startswith("127.") or address == "0.0.0.0" else address


@pytest.mark.parametrize("accept", ["gzip, deflate, br", "br;q=1, gzip;q=0.5", None,
                                    "gzip;q=0", "identity"])
def test_pages_go_gzipped_to_a_browser_that_takes_it(local: Local, accept: str | None
                                                      ) -> None:
    """A page (the kit page holds every language) goes compressed when the browser says it
    takes gzip, as from a web host; the same page, with its reload script, either way."""
    (local.out / "index.html").write_text("<html><body>" + "the kit " * 2000 + "</body></html>")
    wants = f"Accept-Encoding: {accept}\r\n" if accept is not None else ""
    answer = local.ask(f"GET / HTTP/1.1\r\nHost: localhost:{local.port}\r\n{wants}\r\n"
                       .encode("latin-1"))
    head, _, body = answer.partition(b"\r\n\r\n")
    headers = head.decode("latin-1").lower()
    packed = accept is not None and "gzip" in accept and "q=0\r" not in accept + "\r"
    assert ("content-encoding: gzip" in headers) == packed, headers
    assert f"content-length: {len(body)}" in headers
    page = gzip.decompress(body) if packed else body
    assert page.count(b"the kit ") == 2000 and b"<script" in page
    assert len(body) < len(page) / 4 if packed else body == page


def test_folders_are_not_listed_and_dotfiles_not_served(local: Local) -> None:
    status, body = local.get("/en/sub/")
    assert status == 404 and b"notes.txt" not in body
    assert local.get("/en/sub")[0] == 301  # a folder: its address ends with /
    assert local.get("/en/sub/notes.txt") == (200, b"notes")
    for path in ("/.printkit-build.json", "/%2eprintkit-build.json", "/en/.hidden.pdf",
                 "/.printkit-build.json?x=1", "/en/%2Ehidden.pdf"):
        status, body = local.get(path)
        assert status == 404 and b"record" not in body and b"hidden" not in body, path


def test_no_symbolic_link_leads_out_of_the_served_folder(local: Local) -> None:
    secret = local.out.parent / "secret.txt"
    (local.out / "pw.html").symlink_to(secret)
    (local.out / "en" / "pw.pdf").symlink_to(Path("..") / ".." / "secret.txt")
    (local.out / "up").symlink_to(local.out.parent)
    (local.out / "record.json").symlink_to(local.out / ".printkit-build.json")
    (local.out / "same.pdf").symlink_to(local.out / "en" / "rulebook-a4.pdf")
    for path in ("/pw.html", "/en/pw.pdf", "/up/secret.txt", "/up/", "/record.json"):
        status, body = local.get(path)
        assert status == 404 and b"SECRET" not in body and b"record" not in body, path
    assert local.get("/same.pdf") == (200, b"%PDF-1.7 rulebook")  # a link inside stays
    os.mkfifo(local.out / "pipe.html")  # would block the reader for good
    assert local.get("/pipe.html")[0] == 404


@pytest.mark.parametrize("path", [
    "/a%00b.pdf", "/en/%00", "/" + "x" * 256, "/en/" + "\u00e9" * 128 + ".pdf", "/%ff%fe.pdf",
    "/../secret.txt", "/en/%2e%2e/%2e%2e/secret.txt", "/" + "a/" * 600, "/a%0d%0aSet-Cookie:x",
    "/en\\..\\..\\secret.txt", "relative.pdf", "http://evil.example/"])
def test_a_path_no_file_can_have_is_a_400_without_a_traceback(
        local: Local, path: str, capfd: pytest.CaptureFixture[str]) -> None:
    status, body = local.get(urllib.parse.quote(path, safe="/%:\\"))
    assert status == 400 and b"SECRET" not in body, (path, body[:200])
    assert "Traceback" not in capfd.readouterr().err


def test_a_connection_that_sends_no_request_is_closed(local: Local,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serving, "IDLE", 0.3)

    def told(idle: socket.socket) -> bytes:
        got = b""
        while chunk := idle.recv(100):  # closed by the server, long before the guard
            got += chunk
        return got

    with socket.create_connection(("127.0.0.1", local.port), timeout=30) as idle:
        idle.sendall(b"GET / HTTP/1.1\r\nHost: loc")  # and nothing more
        assert told(idle).startswith(b"HTTP/1.0 408 ")
    with socket.create_connection(("127.0.0.1", local.port), timeout=30) as idle:
        assert told(idle).startswith(b"HTTP/1.0 408 ")
    assert local.get("/")[0] == 200


def test_connections_held_at_once_are_capped(local: Local,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serving, "MOST_CONNECTIONS", 8)
    before = threading.active_count()
    idle = [socket.create_connection(("127.0.0.1", local.port), timeout=30) for _ in range(40)]
    try:
        assert local.get("/")[0] == 200  # the oldest idle one made room
        assert local.server.held() <= 8
        deadline = time.monotonic() + 30  # the closed ones' threads end at once, or nearly
        while threading.active_count() - before > 8:
            assert time.monotonic() < deadline, threading.active_count() - before
            time.sleep(0.05)
        closed = 0
        for connection in idle:
            connection.settimeout(0.2)
            try:
                closed += connection.recv(100).startswith(b"HTTP/1.0 408 ")
            except TimeoutError:
                pass
        assert closed >= 40 - 8
    finally:
        for connection in idle:
            connection.close()


# --- the project folder deleted and made again -----------------------------------------------

def test_the_watcher_follows_a_folder_deleted_and_made_again(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "game"
    folder.mkdir()
    debouncer = Debouncer()
    watcher = Watcher([folder], debouncer)
    watcher.start()

    def changes(wanted: str) -> set[str]:
        deadline = time.monotonic() + 30
        seen: set[str] = set()
        while not any(path.endswith(wanted) for path in seen):
            assert time.monotonic() < deadline, (wanted, seen)
            time.sleep(0.05)
            seen |= debouncer.take()
        return seen

    try:
        (folder / "game.toml").write_text("1")
        changes("game.toml")
        shutil.rmtree(folder)
        changes("game")  # gone: the build says so
        folder.mkdir()
        changes("game")  # back: built again
        (folder / "cards.csv").write_text("1")
        changes("cards.csv")  # and watched
        shutil.rmtree(folder)
        folder.mkdir()  # at once, perhaps with the old inode number
        (folder / "game.toml").write_text("2")  # before it is watched again: the folder
        changes("game")  # changed, says the watcher, and the build reads it all
        time.sleep(0.5)
        debouncer.take()
        (folder / "rules.py").write_text("3")
        changes("rules.py")
    finally:
        watcher.stop()


def test_serve_builds_again_once_the_project_is_back(served: Served, project: Path,
                                                    tmp_path: Path) -> None:
    import shutil

    kept = tmp_path / "kept"
    shutil.copytree(project, kept)
    shutil.rmtree(project)
    gone = served.wait(lambda s: s["error"] and not s["building"])
    assert gone["error"] == [f"printkit: error: {project.resolve()}: the project folder is "
                             f"gone; serve builds again once it is back"], gone
    shutil.copytree(kept, project)
    served.wait(lambda s: not s["error"] and not s["building"])
    before = served.state()["generation"]
    edit(project / "game.toml", 'title = "', 'title = "Avalanche ')  # still watched
    served.wait(lambda s: s["generation"] != before and not s["building"])
    with urllib.request.urlopen(served.url, timeout=10) as response:
        assert b"Avalanche" in response.read()
    assert not any("Traceback" in line for line in served.errors), "".join(served.errors)


# --- in a browser ----------------------------------------------------------------------------

def test_the_open_page_follows_the_game_in_chromium(served: Served, project: Path,
                                                    tmp_path: Path) -> None:
    from tests.browser import Browser

    browser = Browser(served.url, tmp_path / "profile")
    try:
        ok, text = browser.wait_for(lambda t: "Snow Race" in t, 30)
        assert ok, text
        game = project / "game.toml"
        edit(game, 'title = "', 'title = "Avalanche ')
        start = time.monotonic()
        ok, text = browser.wait_for(lambda t: "Avalanche" in t, 3)
        assert ok, f"the page did not change in 3 s: {text[:300]}"
        took = time.monotonic() - start

        game.write_text(game.read_text(encoding="utf-8") + 'oops = "unclosed\n',
                        encoding="utf-8")
        ok, text = browser.wait_for(lambda t: "printkit: error: game.toml" in t, 10)
        assert ok, text[:300]
        assert "Avalanche" in text  # over the last good page

        edit(game, 'oops = "unclosed\n', "")
        ok, text = browser.wait_for(lambda t: "printkit: error" not in t, 10)
        assert ok and "Avalanche" in text, text[:300]
        print(f"\nthe page showed the new title {took:.2f} s after the save")
    finally:
        browser.close()


def test_ctrl_c_while_building_stops_cleanly_and_writes_nothing(project: Path) -> None:
    out = project.parent / "served"
    server = subprocess.Popen(
        [sys.executable, "-m", "printkit", "serve", "--port", "0", "--jobs", "2",
         "--out", str(out)], cwd=project, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None
        for line in server.stderr:  # the first build is rendering documents
            if line.startswith("[2/"):
                break
        server.send_signal(signal.SIGINT)
        rest = server.stderr.read()
        assert server.wait(timeout=30) in (0, 130), rest
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert "Traceback" not in rest and rest.strip().endswith("printkit: stopped serving"), rest
    assert not (out.exists() and list(out.rglob("*.pdf")))  # the build wrote nothing


# --- what a save renders again, and what the page says of it --------------------------------

def _stamps(out: Path) -> dict[str, tuple[int, int]]:
    """Each PDF of the served folder (previews aside) by ``<locale>/<name>``, with what
    tells a rewritten file from one left alone."""
    return {p.relative_to(out / NAME).as_posix().removesuffix("-a4.pdf"):
            (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in (out / NAME).rglob("*.pdf") if "previews" not in p.parts}


def _rewritten(before: dict[str, tuple[int, int]], out: Path) -> set[str]:
    return {name for name, stamp in _stamps(out).items() if before.get(name) != stamp}


#: What bundles the documents: the guide, the kit, the print runs, the calibration sheet.
BUNDLES = ("guide", "kit", "print-card", "print-paper", "print-duplex", "calibration")


def test_a_save_renders_only_what_shows_it_and_the_page_says_so_in_chromium(
        project: Path, tmp_path: Path) -> None:
    """One German catalog entry, one CSV cell, one misspelt element: what the build
    rendered again (counted in the page) is what shows the change, the page shows it,
    the build's warnings are at the page's foot and its error over the page, with the
    file and the line."""
    from tests.browser import Browser

    served = Served(project, "--locale", "de")
    out = project.parent / "served"
    try:
        state = served.built()
        browser = Browser(served.url, tmp_path / "profile")
        try:
            whole = "document.body ? document.body.textContent : ''"
            browser.loaded()

            def shows(words: str) -> bool:
                deadline = time.monotonic() + 60
                while words not in (browser.evaluate(whole) or ""):
                    if time.monotonic() > deadline:
                        return False
                    time.sleep(0.05)
                return True

            assert shows("Wertungsbogen")
            # one German entry: the German score sheet, and what lists or bundles it
            before = _stamps(out)
            po = project / "locales" / "de" / "LC_MESSAGES" / "printkit.po"
            edit(po, 'msgstr "Wertungsbogen"', 'msgstr "Punktezettel"')
            state = served.wait(lambda s, g=state["generation"]: s["generation"] != g
                                and not s["building"])
            found = _rewritten(before, out)
            assert {n for n in found if n.split("/")[1] not in BUNDLES} == {"de/scores"}, found
            assert all(n.startswith("de/") for n in found), found
            assert state["status"].startswith(f"rendered {len(found)} of "), (state, found)
            assert shows("Punktezettel")

            # one CSV cell: the deck's card sheets in both locales, not the other documents
            before = _stamps(out)
            edit(project / "cards.csv", "\nSkates,", "\nSnowshoes,")
            state = served.wait(lambda s, g=state["generation"]: s["generation"] != g
                                and not s["building"])
            found = _rewritten(before, out)
            sheets = {f"{code}/{name}" for code in ("en", "de")
                      for name in ("cards", "cards-ink", "cards-fold", "cards-fold-ink")}
            assert {n for n in found if n.split("/")[1] not in BUNDLES} == sheets, found
            assert state["status"].startswith(f"rendered {len(found)} of "), (state, found)
            with urllib.request.urlopen(served.url + f"{NAME}/de/cards-a4.pdf",
                                        timeout=10) as response:
                from pypdf import PdfReader

                card_text = "".join(page.extract_text() for page in
                                    PdfReader(io.BytesIO(response.read())).pages)
            assert "Snowshoes" in card_text
            # the new card text has no German yet: a warning at the page's foot, naming
            # the catalog; the page stays usable
            warning = "warning: locale de: no translation for 'Snowshoes'; English used"
            assert any(line.startswith(warning) and "printkit.po" in line
                       for line in state["warnings"]), state
            assert shows(warning) and shows(state["status"])
            assert browser.evaluate("document.getElementById('printkit-serve-warnings')"
                                    ".getAttribute('role')") == "status"

            # a misspelt element: one error line over the page, naming the template line
            template = project / "templates" / "rulebook.xml.j2"
            lines = template.read_text(encoding="utf-8").splitlines()
            at = next(i for i, s in enumerate(lines) if s.startswith('<h1>{{ _("Setup")'))
            lines.insert(at + 1, "<figur/>")
            template.write_text("\n".join(lines) + "\n", encoding="utf-8")
            broken = served.wait(lambda s: s["error"] and not s["building"])
            expected = (f"printkit: error: templates/rulebook.xml.j2:{at + 2}: rulebook: "
                        f"unknown element <figur>")
            assert broken["error"] == [expected], broken
            assert shows(expected)
        finally:
            browser.close()
    finally:
        served.stop()
