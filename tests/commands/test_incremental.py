"""Parallel and incremental builds: the same bytes as a one-job clean build, and exactly the
documents whose inputs changed are rendered again.

Both games in two locales are built once in this module; each test that changes something
and builds again starts from a copy of that clean build, as a folder a build left."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.commands.build import BuildOptions, BuildResult, build
from printkit.commands.fingerprint import STORE_NAME
from tests.conftest import GAME_ID, snapshot
from tests.support import edit_catalog

OTHER = "polar-derby"


def files_per_build(game_ids: tuple[str, ...] = (GAME_ID, OTHER), locales: int = 2) -> int:
    """Every document and ready-made variant, the guide, the kit, the print runs and the
    calibration sheet of the games (both, unless told), in that many locales (two, unless
    told)."""
    from printkit.assembly.guide.materials import materials, print_order
    from printkit.games import GAMES
    from printkit.geometry import DEFAULT_SPEC
    from printkit.model.runs import plan
    from printkit.model.variants import versions

    def runs(game_id: str) -> int:
        """The print runs, and the calibration sheet beside the double-sided one."""
        docs = GAMES[game_id].documents
        runs = plan(print_order(materials(docs, "home", {d.id: 1 for d in docs})))
        return len(runs) + sum(run.duplex for run in runs)

    def variants(game_id: str) -> int:
        return len(list(versions(GAMES[game_id].documents, DEFAULT_SPEC)))

    return locales * sum(len(GAMES[g].documents) + variants(g) + 2 + runs(g) for g in game_ids)


def run(out: Path, **options: object) -> BuildResult:
    settings = {"games": [GAME_ID], "locales": ["en", "pl"], "out": out, "jobs": 1,
                **options}
    return build(BuildOptions(**settings))  # type: ignore[arg-type]


def pdfs(out: Path) -> dict[str, tuple[bytes, int]]:
    return {k: v for k, v in snapshot(out).items() if k.endswith(".pdf")}


def changed(before: dict[str, tuple[bytes, int]], after: dict[str, tuple[bytes, int]]) -> set:
    """Output files whose modification time moved: the ones written again."""
    return {k for k in after if k not in before or after[k][1] != before[k][1]}


@pytest.fixture(scope="module")
def clean_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both games in two locales, built with one job into an empty folder (once in this
    module; the tests read it, never change it)."""
    out = tmp_path_factory.mktemp("clean") / "out"
    run(out, games=[GAME_ID, OTHER])
    return out


@pytest.fixture
def built(clean_build: Path, tmp_path: Path) -> Path:
    """A copy of the clean build, as that build left its folder: the test may change it and
    build into it again."""
    out = tmp_path / "out"
    shutil.copytree(clean_build, out)
    return out


def test_two_jobs_give_the_same_bytes_as_one(clean_build: Path, tmp_path: Path) -> None:
    run(tmp_path / "two", games=[GAME_ID, OTHER], jobs=2)
    one, two = pdfs(clean_build), pdfs(tmp_path / "two")
    assert len(one) == files_per_build()
    assert {k: v[0] for k, v in one.items()} == {k: v[0] for k, v in two.items()}


def test_a_rebuild_with_nothing_changed_renders_and_rewrites_nothing(built: Path) -> None:
    before = snapshot(built)
    result = run(built, games=[GAME_ID, OTHER])
    assert (result.rendered, result.up_to_date, result.written) == (0, files_per_build(), [])
    assert snapshot(built) == before


def test_an_incremental_build_equals_a_clean_build(built: Path, clean_build: Path) -> None:
    (built / GAME_ID / "pl" / "board-a4.pdf").unlink()
    run(built, games=[GAME_ID, OTHER])
    assert {k: v[0] for k, v in pdfs(built).items()} == {
        k: v[0] for k, v in pdfs(clean_build).items()}


def test_a_deleted_or_edited_output_file_is_built_again(built: Path) -> None:
    board = built / GAME_ID / "pl" / "board-a4.pdf"
    board.unlink()
    tracker = built / GAME_ID / "en" / "tracker-a4.pdf"
    tracker.write_bytes(b"%PDF-1.4 edited by hand")
    before = pdfs(built)
    result = run(built, games=[GAME_ID, OTHER])
    assert result.rendered == 2
    assert changed(before, pdfs(built)) == {f"{GAME_ID}/pl/board-a4.pdf",
                                            f"{GAME_ID}/en/tracker-a4.pdf"}
    assert tracker.read_bytes().startswith(b"%PDF") and b"edited" not in tracker.read_bytes()


def test_a_changed_catalog_entry_renders_only_that_locales_documents_using_it(
        built: Path, locales_copy: Path) -> None:
    before = pdfs(built)
    edit_catalog(locales_copy, "pl", "Tracker sheet", string="Arkusz postępów (nowy)")
    result = run(built, games=[GAME_ID, OTHER])
    rewritten = changed(before, pdfs(built))
    # The tracker prints its title; the guide lists it and the kit bundles it.
    assert f"{GAME_ID}/pl/tracker-a4.pdf" in rewritten
    assert rewritten <= {f"{GAME_ID}/pl/{name}-a4.pdf"
                         for name in ("tracker", "guide", "kit", "rulebook", "reference",
                                      "board", "tydzien-cards", "print-paper", "print-card",
                                      "print-duplex", "calibration")}
    assert not any(k.startswith((f"{GAME_ID}/en/", f"{OTHER}/")) for k in rewritten)
    assert result.rendered == len(rewritten)


def test_changed_game_data_renders_only_that_game(built: Path, game_copy: Path) -> None:
    before = pdfs(built)
    path = game_copy / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("minutes = 20", "minutes = 25"),
                    encoding="utf-8")
    run(built, games=[GAME_ID, OTHER])
    rewritten = changed(before, pdfs(built))
    assert rewritten and all(k.startswith(f"{GAME_ID}/") for k in rewritten)


def test_changed_examples_render_that_game_again(built: Path, game_copy: Path) -> None:
    before = pdfs(built)
    path = game_copy / "examples.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\n# a comment changes the file, not the examples\n",
                    encoding="utf-8")
    run(built, games=[GAME_ID, OTHER])
    rewritten = changed(before, pdfs(built))
    assert rewritten and all(k.startswith(f"{GAME_ID}/") for k in rewritten)


def test_a_changed_option_renders_only_the_documents_that_depend_on_it(built: Path) -> None:
    before = pdfs(built)
    run(built, games=[GAME_ID, OTHER], layout="fold")
    rewritten = changed(before, pdfs(built))
    assert f"{GAME_ID}/en/tydzien-cards-a4.pdf" in rewritten
    # Rulebooks and references look the same in any card layout.
    assert not any(k.endswith(("rulebook-a4.pdf", "reference-a4.pdf")) for k in rewritten)


def test_a_changed_printer_margin_renders_the_drawn_documents_again(built: Path) -> None:
    before = pdfs(built)
    result = run(built, games=[GAME_ID, OTHER], printer_margin=6.35)
    rewritten = changed(before, pdfs(built))
    for game, name in ((GAME_ID, "tydzien-cards"), (GAME_ID, "board"), (OTHER, "bear-tokens")):
        assert f"{game}/en/{name}-a4.pdf" in rewritten
    # Rulebooks and references keep margins of their own, as wide as any accepted.
    assert not any(k.endswith(("rulebook-a4.pdf", "reference-a4.pdf")) for k in rewritten)
    assert result.rendered > 0
    again = run(built, games=[GAME_ID, OTHER], printer_margin=6.350)
    assert again.rendered == 0


def test_the_printer_margin_is_part_of_what_a_build_asks_for() -> None:
    from printkit.commands.build import BuildOptions

    asked = BuildOptions().request([GAME_ID], ["en"])
    assert BuildOptions(printer_margin=6).request([GAME_ID], ["en"]) == asked
    assert BuildOptions(printer_margin=4.5).request([GAME_ID], ["en"]) != asked


def test_a_changed_template_renders_that_games_documents(built: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from printkit.commands import fingerprint
    from printkit.drawing import templating
    from printkit.resources import templates_dir

    copy = tmp_path / "templates"
    shutil.copytree(templates_dir(), copy)
    monkeypatch.setattr(fingerprint, "templates_dir", lambda: copy)
    monkeypatch.setattr(templating, "templates_dir", lambda: copy)
    if hasattr(templating, "_environment"):
        templating._environment.cache_clear()  # a shared environment caches its loader
    reference = copy / GAME_ID / "reference.xml.j2"
    reference.write_text(reference.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    before = pdfs(built)
    run(built, games=[GAME_ID, OTHER])
    rewritten = changed(before, pdfs(built))
    assert f"{GAME_ID}/pl/reference-a4.pdf" in rewritten
    assert not any(k.startswith(f"{OTHER}/") for k in rewritten)


def test_a_corrupt_store_means_a_full_rebuild_without_error(built: Path) -> None:
    (built / STORE_NAME).write_text("{ not json", encoding="utf-8")
    result = run(built, locales=["en"])  # (one game in one locale: each renders alike)
    assert result.rendered == files_per_build((GAME_ID,), 1) and result.up_to_date == 0
    assert json.loads((built / STORE_NAME).read_text(encoding="utf-8"))["format"] == 1


def test_force_renders_everything(built: Path) -> None:
    result = run(built, locales=["en"], force=True)  # (one game in one locale, up to date)
    assert (result.rendered, result.up_to_date) == (files_per_build((GAME_ID,), 1), 0)


def test_a_no_op_rebuild_still_reports_its_warnings(tmp_path: Path, locales_copy: Path) -> None:
    edit_catalog(locales_copy, "pl", "Tracker sheet", remove=True)
    first = run(tmp_path / "o")
    again = run(tmp_path / "o")
    assert again.rendered == 0
    assert again.warnings == first.warnings and any("Tracker sheet" in w for w in first.warnings)


# --- the whole-build shortcut: a fresh `printkit build` with nothing to do ------------------

def cli_build(out: Path, *extra: str, env: dict[str, str] | None = None
              ) -> subprocess.CompletedProcess[str]:
    """`printkit build` in a fresh process, reporting its imports on stderr."""
    import os

    command = [sys.executable, "-X", "importtime", "-m", "printkit", "build", "--game",
               GAME_ID, "--locale", "pl", "--no-previews", "--jobs", "1", "--out", str(out),
               *extra]
    return subprocess.run(command, capture_output=True, text=True, check=False,
                          env={**os.environ, **(env or {})})


CliBuild = tuple[Path, subprocess.CompletedProcess[str]]


@pytest.fixture(scope="module")
def cli_clean_build(tmp_path_factory: pytest.TempPathFactory) -> CliBuild:
    """`printkit build` of one game in one locale into an empty folder, and what it said
    (once in this module; the tests read it, never change it)."""
    out = tmp_path_factory.mktemp("cli") / "out"
    return out, cli_build(out)


@pytest.fixture
def cli_built(cli_clean_build: CliBuild, tmp_path: Path) -> CliBuild:
    """A copy of that build's folder, which the test may change and build into again, and
    what the build said."""
    out = tmp_path / "out"
    shutil.copytree(cli_clean_build[0], out)
    return out, cli_clean_build[1]


def test_a_fresh_rebuild_with_nothing_changed_stops_before_importing_the_renderers(
        cli_built: CliBuild) -> None:
    out, first = cli_built
    assert first.returncode == 0, first.stderr
    assert "reportlab" in first.stderr
    before = snapshot(out)
    again = cli_build(out)
    assert again.returncode == 0, again.stderr
    documents = first.stdout.split("rendered ")[1].split(" ")[0]
    assert f"rendered 0 document(s), {documents} up to date; wrote 0 file(s)" in again.stdout
    imported = [line for line in again.stderr.splitlines() if line.startswith("import time")]
    assert imported and not any(name in line for line in imported
                                for name in ("reportlab", "pypdf", "jinja2", "babel"))
    assert snapshot(out) == before


def test_the_shortcut_is_not_taken_when_an_input_or_an_output_changed(
        cli_built: CliBuild) -> None:
    out, first = cli_built
    assert first.returncode == 0, first.stderr
    # Another option: rendered the normal way (and everything again, as it changes the PDFs).
    dated = cli_build(out, env={"SOURCE_DATE_EPOCH": "1700000000"})
    assert dated.returncode == 0 and "rendered 0 " not in dated.stdout
    # A deleted document is rendered again, and only that one.
    (out / GAME_ID / "pl" / "board-a4.pdf").unlink()
    again = cli_build(out, env={"SOURCE_DATE_EPOCH": "1700000000"})
    assert "rendered 1 document(s)" in again.stdout and "reportlab" in again.stderr
    assert (out / GAME_ID / "pl" / "board-a4.pdf").is_file()
    # --force never takes the shortcut.
    forced = cli_build(out, "--force", env={"SOURCE_DATE_EPOCH": "1700000000"})
    assert "rendered 0 " not in forced.stdout


def test_a_store_with_a_damaged_build_list_means_the_normal_way(cli_built: CliBuild) -> None:
    out, first = cli_built
    assert first.returncode == 0, first.stderr
    raw = json.loads((out / STORE_NAME).read_text())
    raw["last"] = [{"digest": 3}, "nonsense"]
    (out / STORE_NAME).write_text(json.dumps(raw))
    again = cli_build(out)
    assert again.returncode == 0 and "reportlab" in again.stderr
    assert "rendered 0 document(s)" in again.stdout


def test_an_upgraded_library_renders_everything_again(built: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.commands import fingerprint

    real = fingerprint.metadata.version
    monkeypatch.setattr(fingerprint.metadata, "version",
                        lambda name: "99.0" if name == "reportlab" else real(name))
    fingerprint.code_digest.cache_clear()
    try:
        result = run(built, locales=["en"])  # (one game in one locale: each renders alike)
    finally:
        monkeypatch.undo()
        fingerprint.code_digest.cache_clear()
    assert (result.rendered, result.up_to_date) == (files_per_build((GAME_ID,), 1), 0)
