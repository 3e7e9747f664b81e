"""Live preview latency of ``printkit serve``: run by hand, never in the test suite.

    python3 bench/live_preview.py                  # this checkout's printkit, 5 rounds
    python3 bench/live_preview.py --code OTHER --rounds 9

A ``printkit new`` project is served as a user serves it (``python -m printkit serve`` in
its folder: every locale it has, previews on) with the kit page open in headless
Chromium (see ``tests/browser.py``). Then, ``--rounds`` times each, one save and the time
from the save to the open page showing it:

- ``catalog entry``: the German title of the score sheet changed in the project's
  catalog; the page shows it when its text holds the new title;
- ``CSV cell``: one card's name changed in cards.csv; the page shows it when it has
  reloaded (the served card sheet then holds the new name: checked after the timing).

Printed: the median and every time, and what each build said it rendered. ``--code``:
the folder of another printkit checkout to measure (its ``printkit`` package is imported
instead of this one's), to compare before and after a change. Times depend on the
machine and how busy it is: compare runs made one after the other.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "bench-race"
#: Seconds a save may take to show before the round counts as failed.
LONGEST = 60.0


class Served:
    """``printkit serve`` running in a project folder, its address and what it said."""

    def __init__(self, project: Path, code: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "printkit", "serve", "--port", "0",
             "--out", str(project.parent / "served")],
            cwd=project, env={**os.environ, "PYTHONPATH": str(code)},
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None and self.process.stderr is not None
        line = self.process.stdout.readline()
        if not line.startswith("serving "):
            self.process.kill()
            sys.exit(f"serve did not start: {line}{self.process.stderr.read()}")
        self.url = line.split()[1]
        self.said: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.said.append(line.rstrip("\n"))

    def state(self) -> dict:
        with urllib.request.urlopen(self.url + "__printkit__/state", timeout=10) as answer:
            return json.load(answer)

    def idle(self) -> dict:
        """The state once a build has written files and none is running."""
        deadline = time.monotonic() + 600
        while True:
            state = self.state()
            if not state["building"] and not state["generation"].endswith("-0"):
                return state
            if time.monotonic() > deadline:
                sys.exit(f"serve built nothing in 10 minutes: {self.said[-5:]}")
            time.sleep(0.1)

    def rendered(self) -> str:
        """What the last build said it rendered."""
        lines = [line for line in self.said if line.startswith("rendered ")]
        return lines[-1] if lines else "?"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path.name}: no {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def shown(browser: object, check: str) -> float | None:
    """Seconds until the page passes ``check`` (a JavaScript expression), from now."""
    start = time.monotonic()
    while time.monotonic() - start < LONGEST:
        if browser.evaluate(check):  # type: ignore[attr-defined]
            return time.monotonic() - start
        time.sleep(0.01)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="the printkit checkout to measure (default: this one)")
    parser.add_argument("--rounds", type=int, default=5, help="saves of each kind (5)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from tests.browser import Browser

    with tempfile.TemporaryDirectory(prefix="live-preview-") as temp:
        root = Path(temp)
        subprocess.run([sys.executable, "-m", "printkit", "new", NAME, "--dir", str(root)],
                       check=True, capture_output=True, env={**os.environ,
                                                             "PYTHONPATH": str(args.code)})
        project = root / NAME
        served = Served(project, args.code)
        try:
            served.idle()
            print(f"first build: {served.rendered()}")
            browser = Browser(served.url, root / "profile")
            try:
                browser.loaded()
                results = {"catalog entry": _catalog(served, browser, project, args.rounds),
                           "CSV cell": _cards(served, browser, project, args.rounds)}
            finally:
                browser.close()
        finally:
            served.stop()
    for what, (times, said) in results.items():
        ok = [t for t in times if t is not None]
        median = f"{statistics.median(ok):.2f} s" if len(ok) == len(times) else "failed"
        print(f"{what}: median {median} of {len(times)} "
              f"({', '.join('-' if t is None else f'{t:.2f}' for t in times)}); "
              f"{'; '.join(dict.fromkeys(said))}")
    return 0


def _catalog(served: Served, browser: object, project: Path,
             rounds: int) -> tuple[list[float | None], list[str]]:
    po = project / "locales" / "de" / "LC_MESSAGES" / "printkit.po"
    times: list[float | None] = []
    said: list[str] = []
    title = "Wertungsblatt"
    for i in range(rounds):
        new = f"Wertungsblatt {i + 1}"
        edit(po, f'msgstr "{title}"', f'msgstr "{new}"')
        times.append(shown(browser, "document.readyState == 'complete' && document.body"
                                    f".textContent.includes({json.dumps(new)})"))
        served.idle()
        said.append(served.rendered())
        title = new
        time.sleep(0.5)
    return times, said


def _cards(served: Served, browser: object, project: Path,
           rounds: int) -> tuple[list[float | None], list[str]]:
    from pypdf import PdfReader

    cards = project / "cards.csv"
    times: list[float | None] = []
    said: list[str] = []
    name = "Skates"
    for i in range(rounds):
        new = f"Skates {i + 1}"
        browser.evaluate("window.benchMark = 1")  # type: ignore[attr-defined]
        edit(cards, f"\n{name},", f"\n{new},")
        times.append(shown(browser, "document.readyState == 'complete' && "
                                    "window.benchMark === undefined"))
        served.idle()
        said.append(served.rendered())
        pdf = served.url + f"{NAME}/en/cards-a4.pdf"
        with urllib.request.urlopen(pdf, timeout=10) as answer:
            text = "".join(page.extract_text() or ""
                           for page in PdfReader(io.BytesIO(answer.read())).pages)
        if re.search(rf"\b{re.escape(new)}\b", text) is None:
            print(f"round {i + 1}: the served card sheet does not show {new!r}")
            times[-1] = None
        name = new
        time.sleep(0.5)
    return times, said


if __name__ == "__main__":
    raise SystemExit(main())
