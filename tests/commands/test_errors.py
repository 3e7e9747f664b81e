"""Every failure a user can cause is one line with the right exit code, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.cli import main
from tests.conftest import GAME_ID, snapshot


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().err


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.startswith("printkit:")]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# --- examples files a user passes --------------------------------------------------------

@pytest.mark.parametrize(("content", "words"), [
    (b"game = 'polar-derby'\n\xff\xfe\x00", "not UTF-8"),
    (b"x = " + b"[" * 5000 + b"]" * 5000, "nested too deeply"),
    (b"\x7fELF\x02\x01\x01" + bytes(200), "binary"),
])
def test_a_bad_examples_file_is_one_line_exit_2(tmp_path: Path, content: bytes, words: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.toml"
    path.write_bytes(content)
    code, err = run(["check", "--examples", str(path)], capsys)
    line = one_line(err)
    assert code == 2 and str(path) in line and words in line, line


def test_a_folder_as_examples_file_is_one_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(["check", "--examples", str(tmp_path)], capsys)
    assert code == 2 and "is a folder" in one_line(err)


def test_an_oversized_data_file_is_refused(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.toml"
    path.write_text("# padding\n" * 600_000)
    code, err = run(["check", "--examples", str(path)], capsys)
    assert code == 2 and "larger than 5 MB" in one_line(err)


# --- output -------------------------------------------------------------------------------

def test_out_pointing_at_a_file_is_one_line_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "not-a-folder"
    target.write_bytes(b"keep me")
    code, err = run(["build", "--game", GAME_ID, "--locale", "en", "--quiet", "--out",
                     str(target)], capsys)
    assert code == 1 and "not a folder" in one_line(err)
    assert target.read_bytes() == b"keep me"


def test_a_second_build_while_one_writes_stops_with_a_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from printkit.output import output_lock

    out = tmp_path / "out"
    out.mkdir()
    with output_lock(out):
        before = snapshot(out)
        code, err = run(["build", "--game", GAME_ID, "--locale", "en", "--quiet", "--out",
                         str(out)], capsys)
        assert snapshot(out) == before
    assert code == 1 and "is being written by" in one_line(err)


# --- catalogs -----------------------------------------------------------------------------

def _catalog(locales: Path, code: str) -> Path:
    return locales / code / "LC_MESSAGES" / "printkit.po"


def test_utf8_declared_as_latin1_is_refused_naming_the_file(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _catalog(locales_copy, "de")
    path.write_bytes(re.sub(rb"charset=utf-8", b"charset=ISO-8859-1", path.read_bytes(),
                            flags=re.IGNORECASE))
    code, err = run(["build", "--game", GAME_ID, "--locale", "de", "--quiet", "--out",
                     str(tmp_path / "o")], capsys)
    line = one_line(err)
    assert code == 2 and "de/LC_MESSAGES/printkit.po" in line and "UTF-8" in line, line
    assert not (tmp_path / "o").exists()


def test_an_unknown_charset_is_one_line(locales_copy: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = _catalog(locales_copy, "pl")
    path.write_bytes(re.sub(rb"charset=utf-8", b"charset=klingon-8", path.read_bytes(),
                            flags=re.IGNORECASE))
    code, err = run(["catalog", "coverage", "--locale", "pl"], capsys)
    assert code == 2 and "unknown charset 'klingon-8'" in one_line(err)


def test_a_broken_plural_forms_header_is_one_line(locales_copy: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = _catalog(locales_copy, "fr")
    text = path.read_text(encoding="utf-8")
    start = text.index('"Plural-Forms:')
    end = text.index("\n", text.index(";\\n", start))
    path.write_text(text[:start] + '"Plural-Forms: nplurals=2; plural=(n >>> 1);\\n"'
                    + text[end:], encoding="utf-8")
    code, err = run(["catalog", "compile"], capsys)
    assert code == 2 and "fr/LC_MESSAGES/printkit.po" in one_line(err)


def test_a_locale_folder_babel_does_not_know_is_one_line(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = locales_copy / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "printkit.po").write_bytes(_catalog(locales_copy, "de").read_bytes())
    code, err = run(["build", "--game", GAME_ID, "--quiet", "--out", str(tmp_path / "o")],
                    capsys)
    assert code == 2 and "'xx' is not a locale" in one_line(err)


def test_coverage_of_an_unknown_locale_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(["catalog", "coverage", "--locale", "xx"], capsys)
    assert code == 2 and "unknown locale 'xx'" in one_line(err)


def test_a_partly_filled_plural_entry_names_the_empty_form(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _catalog(locales_copy, "pl")
    text = path.read_text(encoding="utf-8")
    start = text.index('msgid "%(num)s day"')
    form = text.index("msgstr[2]", start)
    end = text.index("\n", form)
    path.write_text(text[:form] + 'msgstr[2] ""' + text[end:], encoding="utf-8")
    code, err = run(["build", "--game", GAME_ID, "--locale", "pl", "--out",
                     str(tmp_path / "o")], capsys)
    assert code == 0
    assert "'%(num)s day': msgstr[2] is empty" in err


# --- processes ------------------------------------------------------------------------------

def test_check_into_a_closed_pipe_stops_quietly() -> None:
    done = subprocess.run(f"{sys.executable} -m printkit check | head -n 1", shell=True,
                          capture_output=True, text=True)
    assert done.stdout.count("\n") == 1
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_an_unexpected_error_is_one_line_and_debug_shows_the_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from printkit.commands import listing

    def boom(*args: object) -> list[str]:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(listing, "listing", boom)
    code, err = run(["list"], capsys)
    assert code == 1 and "internal error: ZeroDivisionError: a bug" in one_line(err)
    with pytest.raises(ZeroDivisionError):
        main(["--debug", "list"])


def test_ctrl_c_is_one_line_and_exit_130(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from printkit.commands import listing

    def interrupted(*args: object) -> list[str]:
        raise KeyboardInterrupt

    monkeypatch.setattr(listing, "listing", interrupted)
    code, err = run(["list"], capsys)
    assert code == 130 and "interrupted" in one_line(err)
