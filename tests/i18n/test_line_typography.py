"""Text as each language's readers expect it, read back from built PDFs: every character
drawn in a font that has it, and lines broken where the language allows (see
locales/<code>/typography.toml and printkit.i18n.typography)."""

from __future__ import annotations

import ctypes
import dataclasses
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from reportlab.pdfbase.ttfonts import TTFont

from printkit import games
from printkit.cli import main
from printkit.resources import fonts_dir


def build_only(out: Path, monkeypatch: pytest.MonkeyPatch, game_id: str, locale: str,
               document: str) -> Path:
    """Build just one document of a game in one locale (and the guide and kit every build
    makes); the path of its A4 PDF."""
    game = games.GAMES[game_id]
    patched = dict(games.GAMES)
    patched[game_id] = dataclasses.replace(
        game, documents=tuple(d for d in game.documents if d.id == document))
    monkeypatch.setattr(games, "GAMES", patched)
    code = main(["build", "--game", game_id, "--locale", locale, "--out", str(out),
                 "--jobs", "1", "--no-previews", "--quiet"])
    assert code == 0
    return out / game_id / locale / f"{document}-a4.pdf"


def _character_maps() -> dict[str, frozenset[int]]:
    """Each shipped font's character map, by the font name a PDF reader reports."""
    maps = {}
    for path in fonts_dir().glob("*.ttf"):
        face = TTFont("probe", str(path)).face
        name = face.name.decode() if isinstance(face.name, bytes) else face.name
        maps[name] = frozenset(face.charToGlyph)
    return maps


def drawn(path: Path, pages: range) -> list[tuple[int, str, str]]:
    """Every character drawn on ``pages`` (0-based) of the PDF: page, character (empty for
    a glyph with no character, which is what a missing glyph prints as) and font name."""
    pdf = pdfium.PdfDocument(str(path))
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    out = []
    try:
        for number in pages:
            text = pdf[number].get_textpage()
            for i in range(text.count_chars()):
                if pdfium_raw.FPDFText_IsGenerated(text, i) == 1:
                    continue
                code = pdfium_raw.FPDFText_GetUnicode(text, i)
                pdfium_raw.FPDFText_GetFontInfo(text, i, name, 256, ctypes.byref(flags))
                out.append((number + 1, chr(code) if code else "", name.value.decode()))
            text.close()
    finally:
        pdf.close()
    return out


def test_polar_derby_japanese_change_cells_print_every_character(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cells "5 → 4" of the example tables put a thin space around the arrow: the
    Japanese font lacks it, so it is set in the next font of the chain that has it, never
    as the Japanese font's empty box."""
    pdf = build_only(tmp_path / "out", monkeypatch, "polar-derby", "ja", "rulebook")
    maps = _character_maps()
    chars = drawn(pdf, range(6))
    assert sum(c == "→" for _p, c, _f in chars) > 40  # the change cells are there
    missing = [(page, char, font) for page, char, font in chars
               if not char or (char not in ("\r", "\n") and font in maps
                               and ord(char) not in maps[font])]
    assert missing == []
    assert any(font.startswith("NotoSansCJK") for _p, _c, font in chars)
