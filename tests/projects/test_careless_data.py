"""Careless data in a project: each case is one line naming the file and where, exit 2 (a
rules engine's own fault exit 1), never an internal error or a traceback."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from printkit.cli import main
from printkit.model.components.images import load_artwork
from tests.support import drawn_picture

from .conftest import edit

HEADER = "name,text,value,symbol,colour,count\n"


def _fails(project: Path, capsys: pytest.CaptureFixture, code: int = 2) -> str:
    out = project / "out"
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en", "--quiet",
                 "--out", str(out)]) == code
    err = capsys.readouterr().err.strip().splitlines()
    assert err and all(line.startswith("printkit: error: ") for line in err), err
    assert not any("internal error" in line or "Traceback" in line for line in err), err
    assert not out.exists()
    return "\n".join(err)


@pytest.mark.parametrize(("rows", "words"), [
    ('Tailwind,Move.,+1,sun,#2e7d32,²\n', ["cards.csv: line 2, column 6 (count)",
                                          "not a whole number"]),
    ('Tailwind,"Move one space,+1,sun,#2e7d32,3\n', ["cards.csv: line", "not valid CSV"]),
    ("Tailwind,Move.,+1,sun\n", ["cards.csv: line 2", "has 4 cells, the header 6"]),
    (f"Tailwind,{'x' * 140_000},+1,sun,#2e7d32,3\n", ["cards.csv: line", "not valid CSV",
                                                      "field limit"]),
    ("Tail\ufeffwind,Move.,+1,sun,#2e7d32,3\n", ["cards.csv: line 2", "U+FEFF",
                                                  "take it out of the game's data"]),
])
def test_bad_csv_rows_name_the_line(project: Path, capsys: pytest.CaptureFixture, rows: str,
                                    words: list[str]) -> None:
    (project / "cards.csv").write_text(HEADER + rows, encoding="utf-8")
    line = _fails(project, capsys)
    assert all(w in line for w in words), line


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_a_size_that_is_not_a_finite_number_names_its_key(project: Path,
                                                          capsys: pytest.CaptureFixture,
                                                          value: str) -> None:
    edit(project / "game.toml", "card = { width_mm = 63,", f"card = {{ width_mm = {value},")
    line = _fails(project, capsys)
    assert "game.toml: decks.cards.card.width_mm" in line and "finite" in line, line


def _png_header(width: int, height: int) -> bytes:
    """A PNG that says it is ``width`` × ``height`` (what a reader checks first)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) +
            chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))


def test_a_decompression_bomb_is_a_line_naming_the_picture(tmp_path: Path) -> None:
    (tmp_path / "huge.png").write_bytes(_png_header(30000, 30000))
    with pytest.raises(Exception) as caught:
        load_artwork(tmp_path, "huge.png", "game.toml", "decks.cards.boxes[0].image")
    assert type(caught.value).__name__ == "DataError"
    assert "huge.png" in str(caught.value) and "pixels" in str(caught.value)


def test_a_16_bit_grey_picture_keeps_its_grey(tmp_path: Path) -> None:
    grey = Image.fromarray(np.full((8, 8), 40000, dtype=np.uint16))
    grey.save(tmp_path / "grey.png")
    art = load_artwork(tmp_path, "grey.png", "game.toml", "decks.cards.boxes[0].image")
    assert drawn_picture(art).getpixel((0, 0))[:3] == (155, 155, 155)  # 40000 of 65535, not white


def test_whatever_rules_py_raises_is_one_line(project: Path,
                                              capsys: pytest.CaptureFixture) -> None:
    edit(project / "rules.py", "def setup(", "def setup(*args, **kw):\n    raise BaseException"
                                             "('engine gave up')\n\n\ndef _setup(")
    line = _fails(project, capsys, code=1)
    assert "rules.py" in line and "BaseException" in line and "engine gave up" in line, line


def test_a_title_too_long_to_print_names_its_key(project: Path,
                                                 capsys: pytest.CaptureFixture) -> None:
    game = project / "game.toml"
    text = game.read_text(encoding="utf-8")
    start = text.index('\ntitle = "') + 1
    end = text.index("\n", start)
    game.write_text(text[:start] + f'title = "{"x" * 3000}"' + text[end:], encoding="utf-8")
    line = _fails(project, capsys)
    assert "game.toml: title: is 3,000 characters long, more than the 120" in line, line



@pytest.mark.parametrize("value", ["9" * 5000, "²", "+²"])
def test_a_card_value_that_is_no_number_prints_or_is_one_short_line(
        project: Path, capsys: pytest.CaptureFixture, value: str) -> None:
    (project / "cards.csv").write_text(HEADER + f"Tailwind,Move.,{value},sun,#2e7d32,3\n",
                                       encoding="utf-8")
    out = project / "out"
    code = main(["build", "--jobs", "1", "--no-previews", "--locale", "en", "--quiet",
                 "--out", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code in (0, 1), err  # printed as written, or too long for its box (a fit error)
    assert not any("internal error" in line for line in err), err
    if code:
        assert len(err) == 1 and "does not fit" in err[0] and len(err[0]) < 300, err
