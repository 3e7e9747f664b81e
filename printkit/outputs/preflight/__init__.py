"""Preflight: every page checked from the PDF it became, as a printer, a typographer and a
translator would read it, never from what the drawing code meant to draw.

printkit's other checks look at intentions (the catalog's characters, the sizes a label
asked for, the boxes a layout planned). The preflight reads the finished file
(:mod:`.reading`): the glyphs drawn, the fonts they are drawn in, the size each prints
at, where ink lands on the paper. Its checks, each a function of one page:

- **glyphs** (:mod:`.glyphs`): a character drawn in a font that has no glyph for it
  (an empty box on paper);
- **fonts** (:mod:`.glyphs`): a font not embedded; a slant made by the text matrix (a
  synthetic oblique); a run in the locale's regular face set tight against a bold one
  where the locale declares a bold face (the bold role lost on the way);
- **sizes**, **printable area**, **collisions** (:mod:`.placement`): text under 6 pt as
  printed (7 pt on what is read during play); ink within the printer margin of the
  paper's edge; one line of text printed over another;
- **typography** (:mod:`.typography`): each language's rules for line ends, declared as
  data beside the locale's ``script.toml``;
- **consistency** (:mod:`.consistency`): the cover's facts read the same in the rulebook
  and on the rules page.

A build runs the preflight on every document it renders and reports each
:class:`Finding` as a warning (an error with ``--strict``); ``printkit preflight PATH…``
runs it on finished files; :mod:`.report` makes ``preflight.html``, a picture of each
spot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from printkit.geometry import PRINTER_MARGIN_MM
from printkit.outputs.preflight.findings import Finding, Target
from printkit.outputs.preflight.reading import Page, pages

PageCheck = Callable[[Page, Target], Iterable[Finding]]


def checks() -> list[PageCheck]:
    """Every page check, in the order findings are listed."""
    from printkit.outputs.preflight import glyphs, placement, typography

    return [glyphs.missing_glyphs, glyphs.font_roles, placement.sizes,
            placement.printable_area, placement.collisions, typography.line_ends]


def check_pdf(pdf: bytes | Path, target: Target) -> list[Finding]:
    """Every finding of every page of ``pdf``."""
    run = checks()
    found: list[Finding] = []
    for page in pages(pdf):
        for check in run:
            found.extend(check(page, target))
    return found


def target_for(document: str, locale: str, kind: str | None,
               margin_mm: float = PRINTER_MARGIN_MM) -> Target:
    """A :class:`Target` with the fonts of printkit and of ``locale`` known."""
    from printkit.language.script import load
    from printkit.outputs.preflight.fonts import known_fonts, postscript_name

    script = load(locale)
    roles = {role: postscript_name(path) for role, path in script.fonts.items()}
    return Target(document, locale, kind, margin_mm, known_fonts([locale]), roles,
                  script.rtl)
