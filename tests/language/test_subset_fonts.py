"""tools/subset_fonts.py makes a subset of any font for any locale: the characters asked
for, no more (those the font has)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEBREW = ROOT / "tests" / "data" / "fonts" / "NotoSansHebrew-Regular.ttf"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    path = ROOT / "tools" / "subset_fonts.py"
    spec = importlib.util.spec_from_file_location("subset_fonts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["subset_fonts"] = module
    spec.loader.exec_module(module)
    return module


def _cmap(path: Path) -> set[int]:
    """The characters a font maps, as ReportLab (which embeds it) reads them (less the
    closing 0xFFFF of a format 4 cmap, which maps no character)."""
    from reportlab.pdfbase.ttfonts import TTFont

    return set(TTFont("subset-under-test", str(path)).face.charToGlyph) - {0xFFFF}


def _locales(tmp_path: Path, code: str, strings: list[str]) -> Path:
    folder = tmp_path / "locales" / code / "LC_MESSAGES"
    folder.mkdir(parents=True)
    body = "".join(f'msgid "m{i}"\nmsgstr "{s}"\n\n' for i, s in enumerate(strings))
    (folder / "printkit.po").write_text(body, encoding="utf-8")
    return tmp_path / "locales"


def test_the_arguments_name_fonts_faces_outputs_and_locales(tool: ModuleType) -> None:
    args = tool.parser().parse_args([
        "--font", "full/NotoSansCJK-Regular.ttc#2", "out/NotoSansSC-printkit.ttf",
        "--font", "full/NotoSansHebrew-Regular.ttf", "NotoSansHebrew-printkit.ttf",
        "--locale", "zh-Hans", "--locale", "he", "--with", "cjk", "--keep", "ab"])
    assert tool.subsets(args) == [
        tool.Subset(Path("full/NotoSansCJK-Regular.ttc"), 2, Path("out/NotoSansSC-printkit.ttf")),
        tool.Subset(Path("full/NotoSansHebrew-Regular.ttf"), 0,
                    Path("NotoSansHebrew-printkit.ttf"))]
    assert args.locale == ["zh_Hans", "he"] and args.ranges == ["cjk"] and args.keep == "ab"
    with pytest.raises(SystemExit):
        tool.parser().parse_args(["--font", "only-one.ttf"])
    with pytest.raises(SystemExit):
        tool.parser().parse_args(["--locale", "ja"])  # no font


def test_the_japanese_subsets_keep_what_they_kept(tool: ModuleType) -> None:
    """The documented invocation (--with cjk, the locales naming the file) keeps the same
    characters as the Japanese-only tool did."""
    before = {*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2000, 0x2070),
              *range(0x3000, 0x3100), *range(0xFF00, 0xFFF0),
              *map(ord, "零〇一二三四五六七八九十百千万億")}
    assert tool.BASE | tool.RANGES["cjk"] == before
    for name in ("NotoSansJP-printkit.ttf", "NotoSansJP-Bold-printkit.ttf",
                 "NotoSerifJP-Bold-printkit.ttf"):
        assert tool.locales_of(name, tool.LOCALES) == ["ja"]
    assert "--font $F/NotoSansCJK-Regular.ttc printkit/fonts/NotoSansJP-printkit.ttf" in \
        tool.__doc__


def test_a_missing_font_or_locale_is_one_line(tool: ModuleType, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.ttf"
    assert tool.main(["--font", str(tmp_path / "nope.ttf"), str(out)]) == 2
    assert "nope.ttf not found" in capsys.readouterr().err
    locales = _locales(tmp_path, "he", ["שלום"])
    assert tool.main(["--font", str(HEBREW), str(out), "--locale", "th",
                      "--locales", str(locales)]) == 2
    assert "no locale 'th'" in capsys.readouterr().err
    assert not out.exists()


def test_a_subset_keeps_exactly_the_characters_of_the_locale(tool: ModuleType,
                                                             tmp_path: Path) -> None:
    pytest.importorskip("fontTools")
    locales = _locales(tmp_path, "he", ["שלום", "קוביות"])
    out = tmp_path / "fonts" / "NotoSansHebrew-printkit.ttf"
    assert tool.main(["--font", str(HEBREW), str(out), "--locale", "he",
                      "--locales", str(locales), "--keep", "\u05be"]) == 0
    asked = {ord(c) for c in "שלוםקוביות\u05be"}
    full = _cmap(HEBREW)
    assert asked <= full
    # the Latin of the base and of the catalog file: only what the font has (none of ASCII)
    expected = asked | (tool.wanted(["he"], locales) & full)
    assert _cmap(out) == expected
    assert out.stat().st_size < HEBREW.stat().st_size
