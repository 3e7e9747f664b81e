"""Subset fonts for a locale: the characters its catalogs use, from the full fonts.

Needs fontTools (``pip install fonttools``).

A font too big to ship whole (a CJK face is 15-20 MB) ships as a subset of the characters
its locales print: printable ASCII, Latin-1 and Latin Extended-A (names, titles), general
punctuation, the ranges ``--with`` names, and every character of the catalogs of the
locales it is made for. When a translator types a character a subset lacks, the glyph
check names the command that remakes it from the full font. Each ``--font SOURCE OUTPUT``
makes one subset: SOURCE is the full font (``file.ttc#2``: face 2 of a collection, the
first by default), OUTPUT the subset file written. PostScript (CFF) outlines become
TrueType ones, which ReportLab embeds.

The locales are those named by ``--locale`` (BCP-47 or folder codes: ``zh-Hans``), else
those whose script.toml names the OUTPUT's file name; their catalogs are read from
``--locales`` (default: printkit's ``locales/``). printkit's Japanese subsets, from
Noto Sans/Serif CJK (Debian and Ubuntu: the package fonts-noto-cjk; elsewhere
https://github.com/notofonts/noto-cjk, "Sans/OTF" or the OTC files)::

    F=/usr/share/fonts/opentype/noto
    python tools/subset_fonts.py --with cjk \\
        --font $F/NotoSansCJK-Regular.ttc printkit/fonts/NotoSansJP-printkit.ttf \\
        --font $F/NotoSansCJK-Bold.ttc printkit/fonts/NotoSansJP-Bold-printkit.ttf \\
        --font $F/NotoSerifCJK-Bold.ttc printkit/fonts/NotoSerifJP-Bold-printkit.ttf

Simplified Chinese (face 2 of the collections is SC), into the locale's folder::

    python tools/subset_fonts.py --with cjk --locale zh-Hans \\
        --font $F/NotoSansCJK-Regular.ttc#2 locales/zh_Hans/NotoSansSC-printkit.ttf

The Noto fonts are under the SIL Open Font License 1.1 (``printkit/fonts/LICENSE-OFL.txt``),
which allows modified versions such as subsets.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"

sys.path.insert(0, str(ROOT))  # printkit's own code, whether installed or not
from printkit.language.locales import folder_code  # noqa: E402 - after the path

#: Always in a subset: ASCII, Latin-1 and Latin Extended-A (names, titles), general
#: punctuation.
BASE = frozenset([*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2000, 0x2070)])
#: More ranges by name (``--with``). cjk: CJK punctuation, hiragana, katakana, full-width
#: forms, and the numerals counts are spelt with.
RANGES = {"cjk": frozenset([*range(0x3000, 0x3100), *range(0xFF00, 0xFFF0),
                            *map(ord, "零〇一二三四五六七八九十百千万億")])}


@dataclass(frozen=True)
class Subset:
    """One subset to make: from face ``number`` of ``source`` into ``output``."""

    source: Path
    number: int
    output: Path


def catalog_text(locale: Path) -> str:
    po = locale / "LC_MESSAGES" / "printkit.po"
    return po.read_text(encoding="utf-8") if po.is_file() else ""


def locales_of(name: str, locales: Path) -> list[str]:
    """The locales whose script.toml names font file ``name``."""
    found = []
    for script in sorted(locales.glob("*/script.toml")):
        data = tomllib.loads(script.read_text(encoding="utf-8"))
        if name in data.get("fonts", {}).values():
            found.append(script.parent.name)
    return found


def wanted(codes: list[str], locales: Path, extra: frozenset[int] = frozenset()) -> set[int]:
    """The characters of a subset: BASE, ``extra`` and every character of the catalogs of
    locales ``codes``."""
    chars = set(BASE | extra)
    for code in codes:
        chars |= {ord(c) for c in catalog_text(locales / code) if ord(c) >= 0x20}
    return chars


def to_truetype(font: Any) -> None:
    """Replace CFF outlines by quadratic TrueType outlines (what ReportLab embeds)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

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


def make(subset: Subset, unicodes: set[int]) -> Path:
    """Write the subset of ``unicodes`` (those the font has) with TrueType outlines."""
    from fontTools import subset as fontsubset
    from fontTools.ttLib import TTCollection, TTFont

    full = (TTCollection(str(subset.source)).fonts[subset.number]
            if subset.source.suffix.lower() in (".ttc", ".otc") else TTFont(str(subset.source)))
    options = fontsubset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = fontsubset.Subsetter(options)
    subsetter.populate(unicodes=sorted(unicodes))
    subsetter.subset(full)
    to_truetype(full)
    subset.output.parent.mkdir(parents=True, exist_ok=True)
    full.save(str(subset.output))
    return subset.output


def source(text: str) -> tuple[Path, int]:
    """``file.ttc#2`` as the file and the face number (0 without one)."""
    path, _, number = text.partition("#")
    if number and not number.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: the face number after # must be a number")
    return Path(path), int(number or 0)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--font", nargs=2, action="append", required=True,
                   metavar=("SOURCE", "OUTPUT"),
                   help="the full font (file.ttc#N: face N of a collection) and the subset "
                   "file to write (repeatable)")
    p.add_argument("--locale", action="append", metavar="CODE", type=folder_code,
                   help="keep the characters of this locale's catalog (repeatable; default: "
                   "the locales whose script.toml names OUTPUT's file name)")
    p.add_argument("--locales", type=Path, default=LOCALES, metavar="DIR",
                   help="the locales folder holding the catalogs (default: printkit's)")
    p.add_argument("--with", dest="ranges", action="append", choices=sorted(RANGES),
                   default=[], help="keep these ranges too (cjk: CJK punctuation, kana, "
                   "full-width forms, numerals)")
    p.add_argument("--keep", default="", metavar="CHARS", help="keep these characters too")
    return p


def subsets(args: argparse.Namespace) -> list[Subset]:
    out = []
    for text, output in args.font:
        path, number = source(text)
        out.append(Subset(path, number, Path(output)))
    return out


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    try:
        jobs = subsets(args)
    except argparse.ArgumentTypeError as exc:
        print(f"subset_fonts: {exc}", file=sys.stderr)
        return 2
    extra = frozenset(map(ord, args.keep)).union(*(RANGES[r] for r in args.ranges))
    for job in jobs:
        if not job.source.is_file():
            print(f"subset_fonts: {job.source} not found (the full font for "
                  f"{job.output.name})", file=sys.stderr)
            return 2
        codes = args.locale or locales_of(job.output.name, args.locales)
        missing = [c for c in codes if not (args.locales / c).is_dir()]
        if missing:
            print(f"subset_fonts: no locale {missing[0]!r} in {args.locales}", file=sys.stderr)
            return 2
        out = make(job, wanted(codes, args.locales, extra))
        print(f"wrote {out} ({out.stat().st_size // 1024} KB) for "
              f"{', '.join(codes) or 'no locale'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
