"""``printkit serve``: a live kit page that follows every save, in a real browser too."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import printkit
from printkit.cli import main
from printkit.commands.serving.server import EVENTS, STATE, inject
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
