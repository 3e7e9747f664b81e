"""Make the bundled DejaVu fonts lean for embedding: no hinting, no licence text in the file.

Run by hand when a font file is replaced (needs fontTools, which printkit itself
does not use: ``pip install fonttools``)::

    python3 tools/slim_fonts.py printkit/fonts/*.ttf

Every PDF embeds a subset of each font it uses, and ReportLab's subsets copy the
font's ``name`` table and the TrueType hinting programs whole. DejaVu's ``name``
table holds the full licence text (about 15 KB per subset) and its glyphs carry
hinting instructions that printers and PDF viewers at print resolution do not
need; together they were over half of every embedded subset. This script
removes the instructions (``fpgm``, ``prep``, ``cvt ``, per-glyph programs) and
replaces the licence text in the ``name`` table by a pointer to the licence,
which ships beside the fonts in ``LICENSE-DejaVu.txt`` (the Bitstream Vera
licence allows modified copies under a name without "Bitstream" or "Vera";
these keep the DejaVu names, as every DejaVu release does). Outlines, metrics
and the character map are untouched, so text sets exactly as before.
"""

from __future__ import annotations

import sys

from fontTools.ttLib import TTFont

LICENSE_POINTER = ("Bitstream Vera licence with public-domain DejaVu changes: see "
                   "LICENSE-DejaVu.txt beside this file or "
                   "https://dejavu-fonts.github.io/License.html")


def slim(path: str) -> None:
    font = TTFont(path)
    for tag in ("fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX"):
        if tag in font:
            del font[tag]
    glyf = font["glyf"]
    for name in font.getGlyphOrder():
        glyf[name].removeHinting()
    maxp = font["maxp"]
    for attr in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                 "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions"):
        setattr(maxp, attr, 1 if attr == "maxZones" else 0)
    for record in font["name"].names:
        if record.nameID == 13:
            record.string = LICENSE_POINTER
    font.save(path)


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        slim(arg)
