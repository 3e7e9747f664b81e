"""Remake printkit's subset fonts from the full fonts (needs fontTools: ``pip install fonttools``).

A CJK font has tens of thousands of glyphs (15–20 MB a face), too big to ship whole.
printkit ships a subset of each: every kana, the CJK punctuation and full-width forms,
Latin with its accents (game titles, names), and every other character the shipped
catalogs of the locales using that font contain. When a translator types a character
the subset lacks, the glyph check says to run this script::

    python tools/subset_fonts.py --source /usr/share/fonts/opentype/noto

``--source`` is a folder holding the full fonts named in ``SUBSETS`` below (Debian and
Ubuntu: the package fonts-noto-cjk; elsewhere: https://github.com/notofonts/noto-cjk,
"Sans/OTF" or the OTC files). Each subset is converted from PostScript (CFF) outlines to
TrueType outlines, which ReportLab embeds, and written to ``printkit/fonts``. The fonts
are under the SIL Open Font License 1.1 (``printkit/fonts/LICENSE-OFL.txt``), which
allows modified versions such as subsets.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "printkit" / "fonts"
LOCALES = ROOT / "locales"

#: Subset file -> (full font file, face number in a collection).
SUBSETS = {
    "NotoSansJP-printkit.ttf": ("NotoSansCJK-Regular.ttc", 0),
    "NotoSansJP-Bold-printkit.ttf": ("NotoSansCJK-Bold.ttc", 0),
    "NotoSerifJP-Bold-printkit.ttf": ("NotoSerifCJK-Bold.ttc", 0),
}

#: Always in a subset: ASCII, Latin-1 and Latin Extended-A (names, titles), general
#: punctuation, CJK punctuation, hiragana, katakana, full-width forms, and the numerals
#: counts are spelled with (printkit's ``%(x_words)s`` placeholders).
BASE = [*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2000, 0x2070),
        *range(0x3000, 0x3100), *range(0xFF00, 0xFFF0),
        *map(ord, "零〇一二三四五六七八九十百千万億")]


def catalog_text(locale: Path) -> str:
    po = locale / "LC_MESSAGES" / "printkit.po"
    return po.read_text(encoding="utf-8") if po.is_file() else ""


def wanted(name: str) -> set[int]:
    """The characters of subset ``name``: BASE and every character of the catalogs of the
    locales whose script.toml names it."""
    codes = set(BASE)
    for script in sorted(LOCALES.glob("*/script.toml")):
        data = tomllib.loads(script.read_text(encoding="utf-8"))
        if name in data.get("fonts", {}).values():
            codes |= {ord(c) for c in catalog_text(script.parent) if ord(c) >= 0x20}
    return codes


def to_truetype(font: TTFont) -> None:
    """Replace CFF outlines by quadratic TrueType outlines (what ReportLab embeds)."""
    if "CFF " not in font:
        return
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                 "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                 "maxComponentElements"):
        setattr(maxp, attr, 1 if attr == "maxZones" else 0)
    font["head"].indexToLocFormat = 0
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    font["post"].glyphOrder = None
    font.sfntVersion = "\x00\x01\x00\x00"


def make(name: str, source: Path, number: int) -> Path:
    full = (TTCollection(str(source)).fonts[number] if source.suffix in (".ttc", ".otc")
            else TTFont(str(source)))
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted(name)))
    subsetter.subset(full)
    to_truetype(full)
    out = FONTS / name
    full.save(str(out))
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", type=Path, required=True,
                        help="folder holding the full fonts (e.g. fonts-noto-cjk's)")
    args = parser.parse_args(argv)
    for name, (file, number) in SUBSETS.items():
        source = args.source / file
        if not source.is_file():
            print(f"subset_fonts: {source} not found (the full font for {name})",
                  file=sys.stderr)
            return 2
        out = make(name, source, number)
        print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
