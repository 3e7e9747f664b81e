"""A downloaded project is data: it reads nothing outside its folder and its templates
run no code. Each case is one line naming the file and key, exit 2, nothing written."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.drawing import templating

from .conftest import edit

SECRET = "root:x:0:0:the first line of a file outside the project"


def _build(project: Path, capsys: pytest.CaptureFixture) -> tuple[int, list[str]]:
    out = project / "out"
    code = main(["build", "--jobs", "1", "--no-previews", "--locale", "en", "--out", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    if code:
        assert not out.exists()
    assert not any(SECRET in line for line in err), err
    return code, err


@pytest.fixture()
def outside(tmp_path: Path) -> Path:
    path = tmp_path / "outside.csv"
    path.write_text(f"{SECRET}\nname,text,value,symbol,colour,count\n", encoding="utf-8")
    return path


def test_a_csv_outside_the_project_is_refused(project: Path, outside: Path,
                                              capsys: pytest.CaptureFixture) -> None:
    edit(project / "game.toml", 'csv = "cards.csv"', f'csv = "../{outside.name}"')
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert "game.toml: decks.cards.csv" in err[0] and "inside the game folder" in err[0]


def test_a_csv_that_is_a_symlink_to_outside_is_refused(project: Path, outside: Path,
                                                       capsys: pytest.CaptureFixture) -> None:
    (project / "cards.csv").unlink()
    (project / "cards.csv").symlink_to(outside)
    code, err = _build(project, capsys)
    assert code == 2 and len(err) == 1, err
    assert "decks.cards.csv" in err[0] and "symlinks included" in err[0]


def test_a_picture_in_a_linked_folder_outside_is_refused(project: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture) -> None:
    art = tmp_path / "art"
    art.mkdir()
    (project / "art").symlink_to(art, target_is_directory=True)
    edit(project / "game.toml", 'symbol = "snowflake"\nsymbol_colour',
         'symbol = "snowflake"\nimage = "art/x.png"\nsymbol_colour')
    code, err = _build(project, capsys)
    assert code == 2, err
    assert any("image 'art/x.png' must be a path inside the game folder" in e for e in err), err


def test_a_pipe_is_not_read_as_a_csv(project: Path, capsys: pytest.CaptureFixture) -> None:
    (project / "cards.csv").unlink()
    os.mkfifo(project / "cards.csv")
    code, err = _build(project, capsys)  # would wait for a writer for ever if opened
    assert code == 2 and len(err) == 1, err
    assert "cards.csv" in err[0] and "not a regular file" in err[0]


@pytest.mark.parametrize("expression", [
    "cycler.__init__.__globals__.os.system('touch pwned')",
    "().__class__.__mro__[1].__subclasses__()",
    "lipsum.__globals__['os'].system('touch pwned')",
])
def test_a_project_template_cannot_run_code(project: Path, capsys: pytest.CaptureFixture,
                                            expression: str) -> None:
    template = project / "templates" / "rulebook.xml.j2"
    template.write_text("{{ " + expression + " }}\n" + template.read_text(encoding="utf-8"),
                        encoding="utf-8")
    code, err = _build(project, capsys)
    assert code != 0 and not (project / "pwned").exists()
    assert any("templates/rulebook.xml.j2:1" in e and "unsafe" in e for e in err), err


def test_a_template_linked_to_a_file_outside_is_not_read(project: Path, outside: Path,
                                                         capsys: pytest.CaptureFixture) -> None:
    template = project / "templates" / "rulebook.xml.j2"
    template.unlink()
    template.symlink_to(outside)
    code, err = _build(project, capsys)
    assert code != 0
    assert any("templates/rulebook.xml.j2" in e and "outside the templates folder" in e
               for e in err), err


def test_compiled_templates_are_kept_only_in_a_private_folder(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    cache = templating._CompiledTemplates(shared, "settings")
    assert cache._private()  # made now, for this user alone
    assert stat.S_IMODE(shared.stat().st_mode) & 0o077 == 0
    shared.chmod(0o777)  # another user could plant compiled code here
    assert not cache._private()
