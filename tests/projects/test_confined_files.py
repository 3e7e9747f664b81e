"""Every file a project names is its own (issue 45, findings 1 to 3): a locale's fonts,
catalog, glossary and script.toml, and game.toml, examples.toml and rules.py, resolved
with their symlinks, must lie in the project (or among printkit's own resources) and be
regular files; a project's font is checked, in bounded time and memory, before ReportLab
or HarfBuzz reads it. Each refusal is one line naming the file, exit 2, nothing written,
and no byte of the refused file in it."""

from __future__ import annotations

import os
import random
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.ttLib.sfnt import calcChecksum

from printkit import filestamps
from printkit.cli import main
from printkit.commands.fingerprint import _project_files
from printkit.commands.uptodate import _locales_files, project_game
from printkit.language import fontcheck
from printkit.resources import PACKAGE_DIR, fonts_dir

SECRET = "root:x:0:0:the first line of a file outside the project"
DEJAVU = fonts_dir() / "DejaVuSans.ttf"


def _build(project: Path, capsys: pytest.CaptureFixture,
           locale: str = "de") -> tuple[int, list[str]]:
    out = project / "out"
    code = main(["build", "--jobs", "1", "--no-previews", "--locale", locale,
                 "--out", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    if code:
        assert not out.exists()
    assert not any(SECRET in line or "root:" in line or "726F6F74" in line for line in err), err
    return code, err


def _build_apart(project: Path) -> tuple[int, list[str]]:
    """A build in a process of its own: a read that waits for ever fails the test when
    the guard runs out, rather than hanging the test run."""
    out = project / "out"
    done = subprocess.run([sys.executable, "-m", "printkit", "--project", str(project),
                           "build", "--jobs", "1",
                           "--no-previews", "--locale", "de", "--out", str(out)],
                          cwd=project, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(PACKAGE_DIR.parent)})
    err = done.stderr.strip().splitlines()
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, err


@pytest.fixture()
def outside(tmp_path: Path) -> Path:
    """A folder beside the project, with a secret text file and a good font."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    shutil.copy(DEJAVU, folder / "Font.ttf")
    return folder


def _script(project: Path, regular: str) -> None:
    (project / "locales/de/script.toml").write_text(f'[fonts]\nregular = "{regular}"\n',
                                                    encoding="utf-8")


# -- finding 1: files read from outside the project ---------------------------------


@pytest.mark.parametrize("name", ["/etc/passwd", "{outside}/Font.ttf"])
def test_a_font_given_as_an_absolute_path_is_refused(project: Path, outside: Path,
                                                     capsys: pytest.CaptureFixture,
                                                     name: str) -> None:
    _script(project, name.format(outside=outside))
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert "de/script.toml: fonts.regular" in err[0] and "must be a file name" in err[0]
    assert "0x726F6F74" not in err[0] and "version=" not in err[0]


def test_a_font_reached_with_dot_dot_is_refused(project: Path, outside: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    _script(project, "../../../elsewhere/Font.ttf")
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert "fonts.regular" in err[0] and "outside the game folder" in err[0], err


def test_a_font_linked_to_outside_is_refused(project: Path, outside: Path,
                                             capsys: pytest.CaptureFixture) -> None:
    (project / "locales/de/Font.ttf").symlink_to(outside / "Font.ttf")
    _script(project, "Font.ttf")
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert "'Font.ttf' is outside the game folder (symlinks included)" in err[0], err


def test_a_font_of_the_project_or_of_printkit_is_used(project: Path,
                                                      capsys: pytest.CaptureFixture) -> None:
    shutil.copy(DEJAVU, project / "locales/de/Mine.ttf")
    _script(project, "Mine.ttf")
    assert _build(project, capsys)[0] == 0
    shutil.rmtree(project / "out")
    _script(project, "DejaVuSans.ttf")  # printkit's own fonts folder
    assert _build(project, capsys)[0] == 0


def test_a_catalog_linked_to_outside_is_not_read(project: Path, outside: Path,
                                                 capsys: pytest.CaptureFixture) -> None:
    po = project / "locales/de/LC_MESSAGES/printkit.po"
    shutil.copy(po, outside / "printkit.po")
    with (outside / "printkit.po").open("a", encoding="utf-8") as fh:
        fh.write(f'\nmsgid "{SECRET}"\nmsgstr "{SECRET}"\n')
    po.unlink()
    po.symlink_to(outside / "printkit.po")
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert "LC_MESSAGES/printkit.po" in err[0] and "outside the game folder" in err[0], err


@pytest.mark.parametrize("name", ["script.toml", "typography.toml"])
def test_a_locale_settings_file_linked_to_outside_is_not_read(
        project: Path, outside: Path, capsys: pytest.CaptureFixture, name: str) -> None:
    (project / "locales/de" / name).symlink_to(outside / "secret.txt")
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert f"de/{name}" in err[0] and "outside the game folder" in err[0], err


def test_a_glossary_linked_to_outside_is_not_read(project: Path, outside: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    (project / "locales/de/glossary.toml").symlink_to(outside / "secret.txt")
    assert main(["catalog", "check", "--locale", "de"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "de/glossary.toml" in err[0], err
    assert "outside the game folder" in err[0] and SECRET not in err[0], err


@pytest.mark.parametrize("name", ["game.toml", "examples.toml", "rules.py"])
def test_a_project_file_linked_to_outside_is_not_read(project: Path, outside: Path,
                                                      capsys: pytest.CaptureFixture,
                                                      name: str) -> None:
    (project / name).unlink()
    (project / name).symlink_to(outside / "secret.txt")
    code, err = _build(project, capsys, "en")
    assert code == 2 and len(err) == 1, err
    assert name in err[0] and "outside the game folder" in err[0], err


def test_a_link_out_of_the_project_is_not_even_hashed(project: Path, outside: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "notes.txt").symlink_to(outside / "secret.txt")
    (project / "mine.txt").symlink_to(project / "cards.csv")
    files = {p.name for p in _project_files(project, None)}
    assert "mine.txt" in files and "notes.txt" not in files
    (project / "locales/de/Font.ttf").symlink_to(outside / "Font.ttf")
    (project / "locales/de/Mine.ttf").symlink_to(project / "cards.csv")
    hashed: list[Path] = []
    monkeypatch.setattr(filestamps, "sha256", lambda path: hashed.append(path) or "0")
    _locales_files(("de",), (project / "locales",))
    assert project / "cards.csv" in hashed
    assert not [p for p in hashed if p.is_relative_to(outside)], hashed


# -- finding 2: a pipe named as a project's file ------------------------------------


@pytest.mark.parametrize("where", ["locales/de/LC_MESSAGES/printkit.po",
                                   "locales/de/script.toml", "locales/de/glossary.toml"])
def test_a_pipe_in_the_locales_is_refused_not_waited_on(project: Path, where: str) -> None:
    path = project / where
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    code, err = _build_apart(project)
    if where.endswith("glossary.toml"):  # a build does not read the glossary
        assert code == 0, err
        return
    assert code == 2 and len(err) == 1, err
    assert where.split("/", 1)[1] in err[0] and "not a regular file" in err[0], err


def test_a_pipe_or_a_device_as_game_toml_is_never_read(project: Path, outside: Path) -> None:
    (project / "game.toml").unlink()
    os.mkfifo(project / "game.toml")  # the quick up-to-date check waited on it for ever
    code, err = _build_apart(project)
    assert code == 2 and "no game.toml here" in err[-1], err
    (project / "game.toml").unlink()
    (project / "game.toml").symlink_to("/dev/zero")  # and read it until memory ran out
    assert project_game(project) is None
    (project / "game.toml").unlink()
    (project / "game.toml").symlink_to(outside / "secret.txt")
    assert project_game(project) is None


# -- finding 3: a damaged font -----------------------------------------------------


def _tables(raw: bytes) -> dict[str, tuple[int, int, int]]:
    count = struct.unpack(">H", raw[4:6])[0]
    found = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sLLL", raw[12 + 16 * i:28 + 16 * i])
        found[tag.decode()] = (i, offset, length)
    return found


def damaged(raw: bytes, seed: int = 45) -> bytes:
    """DejaVu with 40 bytes of its glyph outlines changed at random."""
    out = bytearray(raw)
    _, offset, length = _tables(raw)["glyf"]
    rng = random.Random(seed)
    for _ in range(40):
        out[offset + rng.randrange(length)] ^= 1 + rng.randrange(255)
    return bytes(out)


def huge_cmap(raw: bytes) -> bytes:
    """DejaVu whose character map claims two billion characters, every checksum right:
    ReportLab alone ran out of memory on such a file."""
    out = bytearray(raw)
    index, offset, length = _tables(raw)["cmap"]
    for k in range(struct.unpack(">H", raw[offset + 2:offset + 4])[0]):
        sub = offset + struct.unpack(">L", raw[offset + 8 + 8 * k:offset + 12 + 8 * k])[0]
        if struct.unpack(">H", raw[sub:sub + 2])[0] == 12:
            struct.pack_into(">L", out, sub + 16 + 4, 0x7FFFFFFF)  # the first group's end
    struct.pack_into(">L", out, 12 + 16 * index + 4,
                     calcChecksum(bytes(out[offset:offset + length])))
    return bytes(out)


@pytest.mark.parametrize(("make", "table"), [(damaged, "'glyf'"), (huge_cmap, "'cmap'")])
def test_a_damaged_font_is_one_line_naming_the_file_and_table(
        project: Path, capsys: pytest.CaptureFixture, make, table: str) -> None:
    (project / "locales/de/Broken.ttf").write_bytes(make(DEJAVU.read_bytes()))
    _script(project, "Broken.ttf")
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert f"fonts.regular: font Broken.ttf: table {table} " in err[0], err
    # fontTools finds the damage, or (older versions, which build the huge cmap whole)
    # reading the table outgrows the check's memory: either way the table is named.
    assert " is damaged" in err[0] or " cannot be read" in err[0], err
    assert "internal error" not in err[0]


def test_a_text_file_named_as_a_font_is_refused_without_its_bytes(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    (project / "locales/de/Font.ttf").write_text(f"{SECRET}\n", encoding="utf-8")
    _script(project, "Font.ttf")
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert "font Font.ttf: the file is not a TrueType font (.ttf)" in err[0], err


def test_a_font_check_that_runs_too_long_is_stopped(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    font = tmp_path / "Slow.ttf"
    shutil.copy(DEJAVU, font)
    monkeypatch.setattr(fontcheck, "TIME_LIMIT", 0.001)
    found = fontcheck.problem(font)
    assert found is not None and "takes more than" in found, found


def test_the_fonts_printkit_ships_pass_the_check() -> None:
    for font in sorted(fonts_dir().glob("*.ttf")):
        assert fontcheck.problem(font) is None, font


# -- finding 5, catalogs: read strictly -------------------------------------------


def test_an_unclosed_quote_in_a_project_catalog_fails_the_build_naming_the_line(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    po = project / "locales/de/LC_MESSAGES/printkit.po"
    lines = po.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith('msgstr "') and len(line) > 10)
    lines[at] = lines[at][:-1]  # the closing quote lost
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert f"LC_MESSAGES/printkit.po: line {at + 1}: the string is not closed" in err[0], err
