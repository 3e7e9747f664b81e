"""Which characters each font a printkit PDF may embed can draw, by the name the PDF
gives it.

A TrueType font that lacks a character draws its ``.notdef`` glyph, an empty box, and
the PDF's text layer still says the character is there. So the preflight looks every
drawn character up in the character map of the font it is drawn in: printkit's own
fonts and the fonts every locale's ``script.toml`` declares (printkit's locales and the
selected project's), known by their PostScript name, the name a PDF's ``BaseFont`` carries
after its subset tag. A font known by no such file is reported as unknown, never guessed.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

#: Characters that are layout, not ink, and the Private Use Area, where ReportLab names
#: shaped glyphs (ligatures, joined forms) that have no character of their own.
NO_INK = frozenset("\n\r\t\u00ad\u200b\u200c\u200d\u2066\u2067\u2068\u2069\u200e\u200f"
                   "\u202a\u202b\u202c\u202d\u202e")


def is_shaped(char: str) -> bool:
    return "\ue000" <= char <= "\uf8ff"


@cache
def _read(path: Path, _mtime: int) -> tuple[str, frozenset[int]]:
    from reportlab.pdfbase.ttfonts import TTFontFile

    face = TTFontFile(str(path), validate=0)
    name = face.name.decode("latin-1") if isinstance(face.name, bytes) else str(face.name)
    return name, frozenset(face.charToGlyph)


def coverage(paths: list[Path]) -> dict[str, frozenset[int]]:
    """The character map of each font file, by PostScript name (files that cannot be read
    are left out: the build reports them itself)."""
    found: dict[str, frozenset[int]] = {}
    for path in paths:
        try:
            name, chars = _read(path.resolve(), path.stat().st_mtime_ns)
        except Exception:  # noqa: BLE001,S112 - a bad font is the build's error, not ours
            continue
        found.setdefault(name, chars)
    return found


def known_fonts(locales: list[str]) -> dict[str, frozenset[int]]:
    """Every font printkit's PDFs of ``locales`` may embed: its own, then each locale's,
    then the game project's own (its game.toml's [fonts], as loaded)."""
    from printkit.language.fonts import project_files
    from printkit.language.script import load
    from printkit.resources import fonts_dir

    paths = sorted(fonts_dir().glob("*.ttf"))
    for code in locales:
        paths += sorted(set(load(code).fonts.values()))
    paths += sorted(project_files())
    return coverage(paths)


def postscript_name(path: Path) -> str:
    """The name a PDF gives the font of ``path`` (its file name if it cannot be read)."""
    try:
        return _read(path.resolve(), path.stat().st_mtime_ns)[0]
    except Exception:  # noqa: BLE001 - a bad font is the build's error, not ours
        return path.stem
