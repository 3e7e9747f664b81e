"""The glyphs and faces a page draws: every character in a font that has it, every font
embedded, no slant made by a matrix, and the bold role reaching the locale's bold face.

A bold run that loses its face on the way shows on the page as the locale's regular
face set tight against printkit's bold Latin face (an Arabic lead-in set regular before
a bold colon): that is what :func:`font_roles` looks for, since the PDF does not say
what the template marked bold.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from printkit.outputs.preflight.findings import Finding, Target
from printkit.outputs.preflight.fonts import NO_INK, is_shaped
from printkit.outputs.preflight.reading import Glyph, Line, Page


def shown(text: str, limit: int = 60) -> str:
    """Text as a finding quotes it: one line, at most ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _union(glyphs: list[Glyph]) -> tuple[float, float, float, float]:
    return (min(g.box[0] for g in glyphs), min(g.box[1] for g in glyphs),
            max(g.box[2] for g in glyphs), max(g.box[3] for g in glyphs))


def missing_glyphs(page: Page, target: Target) -> Iterator[Finding]:
    """A character drawn in a font that has no glyph for it: a box instead of a letter."""
    unknown: set[str] = set()
    for line in page.lines:
        missing = [g for g in line.glyphs if _missing(g, target)]
        unknown.update(g.font for g in line.glyphs if g.font not in target.fonts)
        if missing:
            chars = list(dict.fromkeys((g.char, g.font) for g in missing))
            named = ", ".join(_named(c, font) for c, font in chars[:3])
            more = f" and {len(chars) - 3} more" if len(chars) > 3 else ""
            yield Finding("glyphs", target.document, page.number,
                          f"{len(missing)} glyph(s) drawn as empty boxes: {named}{more}, "
                          f"in {shown(line.text)!r}", _union(missing))
    for font in sorted(unknown):
        yield Finding("fonts", target.document, page.number,
                      f"font {font} is not one of printkit's or the locale's: its glyphs "
                      f"cannot be checked")


def _named(char: str, font: str) -> str:
    if unicodedata.category(char) == "Cc":
        return f"a character {font} has no glyph for (its text reads U+{ord(char):04X})"
    return f"{char!r} (U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}) in {font}"


def _missing(glyph: Glyph, target: Target) -> bool:
    """Whether ``glyph`` is drawn with no glyph of its font: a character its font lacks,
    or a control character where the text says what was drawn (ReportLab's text layer
    names a glyph it could not find U+0000)."""
    char = glyph.char
    if char in NO_INK or is_shaped(char) or char == "\ufffd":
        return False
    if unicodedata.category(char) == "Cc":
        return True
    return glyph.font in target.fonts and ord(char) not in target.fonts[glyph.font]


def font_roles(page: Page, target: Target) -> Iterator[Finding]:
    """Fonts not embedded, synthetic obliques, and bold text that lost the locale's bold
    face."""
    loose = sorted({g.font for line in page.lines for g in line.glyphs if not g.embedded})
    for font in loose:
        yield Finding("fonts", target.document, page.number,
                      f"font {font} is not embedded: the printer substitutes another")
    regular, bold = target.roles.get("regular"), target.roles.get("bold")
    for line in page.lines:
        slanted = [g for g in line.glyphs if g.slanted and not g.char.isspace()]
        if slanted:
            yield Finding("fonts", target.document, page.number,
                          f"slanted by its text matrix (a synthetic oblique) in "
                          f"{slanted[0].font}: {shown(line.text)!r}; set it upright or in "
                          f"an italic face", _union(slanted))
        if regular and bold and bold != regular:
            run = _regular_beside_bold(line, regular, set(target.roles.values()))
            if run:
                yield Finding("fonts", target.document, page.number,
                              f"{shown(''.join(g.char for g in run))!r} is set in {regular} "
                              f"tight against bold text: the locale's bold face {bold} is "
                              f"not used, in {shown(line.text)!r}", _union(run))


def _regular_beside_bold(line: Line, regular: str, own: set[str]) -> list[Glyph]:
    """The first run of the locale's regular face that touches bold punctuation of a font
    not the locale's own with no space between them (a lead-in's colon in printkit's
    bold Latin face, while the words before it stayed regular). Bold punctuation of the
    locale's own bold face is a lead-in set right, followed by regular text."""
    glyphs = line.glyphs
    start = 0
    while start < len(glyphs):
        if glyphs[start].font != regular or glyphs[start].char.isspace():
            start += 1
            continue
        end = start
        while end + 1 < len(glyphs) and glyphs[end + 1].font == regular \
                and not glyphs[end + 1].char.isspace():
            end += 1
        for i in (start - 1, end + 1):
            if 0 <= i < len(glyphs) and _lone_bold_mark(glyphs, i, own):
                return glyphs[start:end + 1]
        start = end + 1
    return []


def _lone_bold_mark(glyphs: list[Glyph], i: int, own: set[str]) -> bool:
    """Whether ``glyphs[i]`` is bold punctuation of a font not the locale's own that no
    other bold letter touches: what is left bold of a lead-in whose words lost their bold
    face („خانتك:" with only the colon bold). A bold Latin lead-in („Free Skate:") ends
    in its own bold letters."""
    glyph = glyphs[i]
    if glyph.font in own or not _is_bold(glyph) or unicodedata.category(glyph.char)[0] != "P":
        return False
    return not any(_is_bold(glyphs[k]) and _letter(glyphs[k].char)
                   for k in (i - 1, i + 1) if 0 <= k < len(glyphs))


def _letter(char: str) -> bool:
    """A letter or digit, or part of one: a mark, or a shaped glyph with no character of
    its own (a Thai tone mark raised over a vowel, last in the text a reader gets)."""
    return char.isalnum() or unicodedata.category(char)[0] == "M" or is_shaped(char)


def _is_bold(glyph: Glyph) -> bool:
    return glyph.bold or "Bold" in glyph.font
