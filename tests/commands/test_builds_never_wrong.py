"""Builds that are never wrong: a state machine of edits, undos, deleted output files,
subset and forced builds and builds killed half way, run through the command line as a
user runs it (the whole-build shortcut included).

Two kits are built: a game project made by ``printkit new`` and Polar Derby, one of
printkit's own games, from a copy of printkit's installation that the steps may edit
(its game.toml, a template, a catalog). After every build the output folder holds
exactly what a clean build of the same inputs writes, byte for byte, the build store's
records too, and nothing else: for the locales the build was asked for, and for the
whole folder whenever every locale was last built from the current inputs. A build of
some locales leaves the others as they were.

The run's size: ``PRINTKIT_BUILD_STEPS`` steps in all (default 20, for CI; the long
runs are made by hand, e.g. ``PRINTKIT_BUILD_STEPS=2000``); with
``PRINTKIT_BUILD_STATS=FILE`` the run writes how many steps of each kind it took, after
every build.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from printkit.commands.fingerprint import STORE_NAME
from printkit.output import JOURNAL_NAME, LOCK_NAME
from printkit.resources import PACKAGE_DIR, locales_dir, templates_dir

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="kills builds with POSIX signals")

STEPS = int(os.environ.get("PRINTKIT_BUILD_STEPS", "20"))
#: Steps per run of the machine (each run starts from unedited sources and empty folders).
PER_RUN = min(STEPS, 15)
PROJECT, OWN = "moss", "polar-derby"
LOCALES = {PROJECT: ("en", "de"), OWN: ("en", "pl")}
#: What the builds' bookkeeping may hold besides the recorded files.
BOOKKEEPING = {STORE_NAME, "index.html", "preflight.html"}


@dataclass(frozen=True)
class Site:
    """One place a step may edit: a file (relative to the world's root), the text as
    shipped and what may replace it."""

    kit: str
    path: str
    text: str
    variants: tuple[str, ...]

    @property
    def values(self) -> tuple[str, ...]:
        return (self.text, *self.variants)


SITES = (
    Site(PROJECT, "moss/locales/de/LC_MESSAGES/printkit.po",
         'msgstr "Ein Würfelrennen den Berg hinunter"',
         ('msgstr "Ein Würfelrennen bergab"', 'msgstr "Ein Rennen den Berg hinunter"')),
    Site(PROJECT, "moss/locales/de/LC_MESSAGES/printkit.po", 'msgstr "Summe"',
         ('msgstr "Gesamtpunkte"',)),
    Site(PROJECT, "moss/cards.csv", "\nTailwind,", ("\nStorm,", "\nGale,")),
    Site(PROJECT, "moss/templates/rulebook.xml.j2", '<document numbered="yes">',
         ('<document numbered="no">',)),
    Site(PROJECT, "moss/game.toml", "minutes = 15", ("minutes = 20", "minutes = 45")),
    Site(PROJECT, "moss/rules.py", "FACES = range(1, 7)", ("FACES = range(1, 8)",)),
    # files whose every value is made at the start (see World.files)
    Site(PROJECT, "moss/back.png", "back-0", ("back-1", "back-2")),
    Site(PROJECT, "moss/locales/de/Body.ttf", "font-0", ("font-1",)),
    Site(OWN, "install/locales/pl/LC_MESSAGES/printkit.po",
         'msgstr "Ryzykowna gra z kostkami dla 2–4 graczy"',
         ('msgstr "Gra z kostkami dla 2–4 graczy"',)),
    Site(OWN, "install/printkit/games/polar_derby/game.toml", "minutes = 20",
         ("minutes = 25",)),
    Site(OWN, "install/templates/polar-derby/rulebook.xml.j2", '<document numbered="yes">',
         ('<document numbered="no">',)),
)


@dataclass
class World:
    """The sources the machine edits, the builds' output folders, and clean builds of
    every state met so far (a random walk comes back to the same sources often)."""

    root: Path
    #: whole-file sites: each value's bytes
    files: dict[tuple[str, str], bytes] = field(default_factory=dict)
    cleaned: dict[tuple, Path] = field(default_factory=dict)
    stats: Counter = field(default_factory=Counter)

    def report(self) -> None:
        """The steps taken so far, by kind, into ``PRINTKIT_BUILD_STATS`` if it is set
        (after every build: a long run stopped half way still says what it did)."""
        report = os.environ.get("PRINTKIT_BUILD_STATS")
        if report:
            Path(report).write_text(json.dumps(dict(self.stats), indent=1, sort_keys=True)
                                    + "\n")

    def out(self, kit: str) -> Path:
        return self.root / "out" / kit

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.root / "install"),
                "TMPDIR": str(self.root / "tmp"), "PYTHONDONTWRITEBYTECODE": "1"}

    def command(self, kit: str, out: Path, locales: tuple[str, ...], force: bool
                ) -> list[str]:
        project = ["--project", str(self.root / PROJECT)] if kit == PROJECT else []
        game = [] if kit == PROJECT else ["--game", OWN]
        return [sys.executable, "-m", "printkit", *project, "build", *game, "--out", str(out),
                "--jobs", "2", *(a for code in locales for a in ("--locale", code)),
                *(["--force"] if force else [])]

    def build(self, kit: str, out: Path, locales: tuple[str, ...], force: bool = False
              ) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(self.command(kit, out, locales, force), cwd=self.root,
                              env=self.env(), capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        return done

    def set(self, site: Site, value: str) -> None:
        path = self.root / site.path
        if (site.path, value) in self.files:
            path.write_bytes(self.files[(site.path, value)])
            return
        text = path.read_text(encoding="utf-8")
        current = next(v for v in site.values if v in text)
        path.write_text(text.replace(current, value, 1), encoding="utf-8")

    def clean(self, kit: str, locales: tuple[str, ...], state: tuple) -> Path:
        """A clean build of ``locales`` from the sources as they are (``state``)."""
        key = (kit, locales, state)
        if key not in self.cleaned:
            out = self.root / "clean" / str(len(self.cleaned))
            self.build(kit, out, locales)
            self.cleaned[key] = out
        return self.cleaned[key]


def make_world(root: Path) -> World:
    """printkit's installation copied (so that its own game may be edited), a game project
    with a picture on its card backs and a font of its own for German, and a value for
    every whole-file site."""
    from PIL import Image

    world = World(root)
    install = root / "install"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_data")
    shutil.copytree(PACKAGE_DIR, install / "printkit", ignore=ignore)
    shutil.copytree(templates_dir(), install / "templates", ignore=ignore)
    shutil.copytree(locales_dir(), install / "locales", ignore=ignore)
    (root / "tmp").mkdir()
    subprocess.run([sys.executable, "-m", "printkit", "new", PROJECT, "--dir", str(root)],
                   check=True, env=world.env(), capture_output=True)
    project = root / PROJECT
    game = project / "game.toml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "[decks.cards.back]\n", '[decks.cards.back]\nimage = "back.png"\n'), encoding="utf-8")
    for i, colour in enumerate(("#3c6e9f", "#9b1c1c", "#2e7d32")):
        picture = project / f"back-{i}.png"
        Image.new("RGB", (744, 1039), colour).save(picture, dpi=(300, 300))
        world.files[("moss/back.png", f"back-{i}")] = picture.read_bytes()
        picture.unlink()
    # the same name and the same size, other letters (two DejaVu faces, padded alike)
    faces = [(PACKAGE_DIR / "fonts" / name).read_bytes()
             for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")]
    size = max(map(len, faces))
    for i, face in enumerate(faces):
        world.files[("moss/locales/de/Body.ttf", f"font-{i}")] = face + bytes(size - len(face))
    (project / "locales" / "de" / "script.toml").write_text(
        '[fonts]\nregular = "Body.ttf"\n', encoding="utf-8")
    for site in SITES:
        world.set(site, site.text)
    return world


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def records(folder: Path) -> dict[str, dict]:
    return json.loads((folder / STORE_NAME).read_text(encoding="utf-8"))["files"]


def in_group(name: str, kit: str, locales: tuple[str, ...]) -> bool:
    parts = name.split("/")
    return len(parts) > 2 and parts[0] == kit and parts[1] in locales


class Builds(RuleBasedStateMachine):
    """The steps, and what must hold after each build (see the module's doc)."""

    world: World

    @initialize()
    def start(self) -> None:
        for site in SITES:
            self.world.set(site, site.text)
        shutil.rmtree(self.world.root / "out", ignore_errors=True)
        #: per kit and locale: the sources it was last built from (None: unknown, a
        #: build of it was killed)
        self.built: dict[tuple[str, str], tuple | None] = {}
        #: the locales whose files no store records (it was deleted since they were built)
        self.unowned: set[tuple[str, str]] = set()
        self.world.stats["runs"] += 1

    def state(self, kit: str) -> tuple:
        return tuple((site.path, self.value(site)) for site in SITES if site.kit == kit)

    def value(self, site: Site) -> str:
        path = self.world.root / site.path
        for (name, value), data in self.world.files.items():
            if name == site.path and path.read_bytes() == data:
                return value
        text = path.read_text(encoding="utf-8")
        return next(v for v in site.values if v in text)

    @rule(site=st.sampled_from(SITES), pick=st.integers(0, 2), then=st.integers(0, 3))
    def edit(self, site: Site, pick: int, then: int) -> None:
        """An edit, or the undo of one (back to a value the site had before); then a
        build (of every locale, of one, or none yet)."""
        self.world.stats["steps"] += 1
        value = site.values[pick % len(site.values)]
        self.world.stats["undo" if value == site.text else "edit"] += 1
        self.world.set(site, value)
        self.then(site.kit, then)

    @rule(kit=st.sampled_from((PROJECT, OWN)), pick=st.integers(0, 10**6),
          then=st.integers(0, 3))
    def delete_output(self, kit: str, pick: int, then: int) -> None:
        """An output file deleted by hand, whichever it is; then maybe a build."""
        self.world.stats["steps"] += 1
        out = self.world.out(kit)
        found = sorted(p for p in out.rglob("*") if p.is_file() and p.name != STORE_NAME) \
            if out.is_dir() else []
        if found:
            gone = found[pick % len(found)]
            gone.unlink()
            self.world.stats["delete"] += 1
            parts = gone.relative_to(out).parts
            if len(parts) > 2 and self.built.get((kit, parts[1])) is not None:
                # its locale is whole again only once built again
                self.built[(kit, parts[1])] = ("deleted by hand",)
        self.then(kit, then)

    @rule(kit=st.sampled_from((PROJECT, OWN)), then=st.integers(0, 3))
    def delete_store(self, kit: str, then: int) -> None:
        """The build store deleted by hand: the next build is a full one, and the files of
        the locales it was not asked for are no longer known as the build's (they stay,
        named in a warning, until a build of their locale makes them its own again)."""
        self.world.stats["steps"] += 1
        store = self.world.out(kit) / STORE_NAME
        if store.exists():
            store.unlink()
            self.world.stats["store deleted"] += 1
            for code in LOCALES[kit]:
                self.built[(kit, code)] = None
                self.unowned.add((kit, code))
        self.then(kit, then)

    @rule(kit=st.sampled_from((PROJECT, OWN)), subset=st.integers(0, 2),
          force=st.booleans())
    def build(self, kit: str, subset: int, force: bool) -> None:
        """A build of every locale (subset 0) or of one, maybe forced."""
        self.world.stats["steps"] += 1
        self.check_build(kit, subset, force)

    @rule(kit=st.sampled_from((PROJECT, OWN)), subset=st.integers(0, 2),
          delay=st.floats(0.0, 3.0), then=st.integers(0, 3))
    def kill_build(self, kit: str, subset: int, delay: float, then: int) -> None:
        """A build killed outright (``kill -9``) at some moment; then maybe a build."""
        self.world.stats["steps"] += 1
        locales = self.locales(kit, subset)
        build = subprocess.Popen(self.world.command(kit, self.world.out(kit), locales, False),
                                 cwd=self.world.root, env=self.world.env(),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        build.send_signal(signal.SIGKILL)
        build.wait(timeout=60)
        for code in locales:
            self.built[(kit, code)] = None
        self.world.stats["killed build"] += 1
        self.then(kit, then)

    def then(self, kit: str, then: int) -> None:
        """After a step: a build of every locale (0), of one (1, 2), or none yet (3)."""
        if then < 3:
            self.check_build(kit, then, False)

    @staticmethod
    def locales(kit: str, subset: int) -> tuple[str, ...]:
        every = LOCALES[kit]
        return every if subset == 0 else (every[subset - 1],)

    def check_build(self, kit: str, subset: int, force: bool) -> None:
        """A build, and what must hold after it (see the module's doc)."""
        every, locales = LOCALES[kit], self.locales(kit, subset)
        out = self.world.out(kit)
        before = files_of(out) if out.is_dir() else {}
        self.world.build(kit, out, locales, force)
        self.world.stats["build"] += 1
        self.world.stats["subset build" if subset else "whole build"] += 1
        self.world.stats["forced build"] += force
        state = self.state(kit)
        for code in locales:
            self.built[(kit, code)] = state
            self.unowned.discard((kit, code))
        after = files_of(out)
        clean = files_of(self.world.clean(kit, locales, state))
        mine = {n: d for n, d in after.items() if in_group(n, kit, locales)}
        theirs = {n: d for n, d in clean.items() if in_group(n, kit, locales)}
        assert sorted(mine) == sorted(theirs), (set(mine) ^ set(theirs), self.world.stats)
        differ = [n for n in mine if mine[n] != theirs[n]]
        assert not differ, differ
        kept, made = records(out), records(self.world.clean(kit, locales, state))
        assert {n: r for n, r in kept.items() if in_group(n, kit, locales)} == \
            {n: r for n, r in made.items() if in_group(n, kit, locales)}
        # the other locales as they were, unless a killed build left them unknown
        for code in set(every) - set(locales):
            if self.built.get((kit, code)) is not None:
                old = {n: d for n, d in before.items() if in_group(n, kit, (code,))}
                new = {n: d for n, d in after.items() if in_group(n, kit, (code,))}
                assert old == new, f"{code}: {set(old) ^ set(new)}"
        # nothing but what the records name and the builds' own bookkeeping (a file of a
        # locale not built since it was deleted by hand stays recorded, and missing)
        theirs_now = {n for n in after if any(in_group(n, k, (c,)) for k, c in self.unowned)}
        assert set(after) - BOOKKEEPING - theirs_now <= set(kept), \
            set(after) - BOOKKEEPING - theirs_now - set(kept)
        if all(self.built.get((kit, code)) == state for code in every):
            whole = files_of(self.world.clean(kit, every, state))
            assert after == whole | {STORE_NAME: after[STORE_NAME]}, \
                sorted(n for n in set(after) | set(whole) if after.get(n) != whole.get(n))
            assert kept == records(self.world.clean(kit, every, state))
            self.world.stats["whole folder compared"] += 1
        self.world.report()

    @invariant()
    def no_build_left_running(self) -> None:
        for kit in (PROJECT, OWN):
            out = self.world.out(kit)
            if out.is_dir() and not (out / JOURNAL_NAME).exists():
                lock = out / LOCK_NAME
                assert not lock.exists() or self.world.stats["killed build"], lock


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    return make_world(tmp_path_factory.mktemp("world"))


def test_every_build_equals_a_clean_build_after_any_steps(world: World) -> None:
    Builds.world = world
    # a run takes up to PER_RUN steps, about half that on average (the first takes none)
    runs = max(2, 2 * STEPS // PER_RUN + 1)
    # no shrinking: each step is a build, and the failing steps are printed as they ran
    Builds.TestCase.settings = settings(max_examples=runs, stateful_step_count=PER_RUN,
                                        phases=[Phase.explicit, Phase.reuse, Phase.generate])
    Builds.TestCase().runTest()
    world.report()
    assert world.stats["build"] > 0 and world.stats["whole folder compared"] > 0
