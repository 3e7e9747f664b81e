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

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from printkit.layout.geometry import PRINTER_MARGIN_MM
from printkit.preflight.reading import Box, Page, pages

#: The smallest size any text may print at, and text read during play.
FLOOR_PT = 6.0
PLAY_FLOOR_PT = 7.0
#: Document kinds handled or read during play (cards, boards, sheets, the quick reference).
PLAY_KINDS = frozenset({"cards", "tokens", "dice", "board", "sheet", "reference"})

PREFIX = "warning: preflight: "
#: The report a build writes into its output folder while there are findings.
REPORT_NAME = "preflight.html"


@dataclass(frozen=True)
class Finding:
    """One thing wrong on one page of one document."""

    check: str
    #: the document as the output folder names it: ``polar-derby/ja/rulebook-a4.pdf``
    document: str
    #: 1-based; 0 for a finding on a web page
    page: int
    what: str
    #: the spot on the page, in points (left, bottom, right, top)
    box: Box | None = None

    def line(self) -> str:
        where = f" p. {self.page}" if self.page else ""
        return f"{PREFIX}{self.document}{where}: {self.check}: {self.what}"

    @classmethod
    def from_line(cls, line: str) -> Finding:
        """The finding a warning line says (with no spot: the line does not give it)."""
        found = _LINE.fullmatch(line)
        if found is None:
            raise ValueError(f"not a preflight line: {line!r}")
        return cls(found["check"], found["document"], int(found["page"] or 0), found["what"])


_LINE = re.compile(re.escape(PREFIX) + r"(?P<document>.+?\.(?:pdf|html)(?: \(part \d+\))?)"
                   r"(?: p\. (?P<page>\d+))?: (?P<check>[a-z ]+): (?P<what>.*)", re.S)


@dataclass(frozen=True)
class Target:
    """What the preflight knows of a document besides its bytes."""

    #: as the output folder names it (game/locale/file)
    document: str
    locale: str = "en"
    #: its document kind (``rulebook``, ``cards``…), None when unknown
    kind: str | None = None
    margin_mm: float = PRINTER_MARGIN_MM
    #: fonts by PostScript name with the characters each has (see :mod:`.fonts`)
    fonts: dict[str, frozenset[int]] = field(default_factory=dict, compare=False)
    #: the PostScript name of the locale's own font for each role it declares
    roles: dict[str, str] = field(default_factory=dict, compare=False)
    #: the locale reads right to left
    rtl: bool = False

    @property
    def play(self) -> bool:
        return self.kind in PLAY_KINDS


PageCheck = Callable[[Page, Target], Iterable[Finding]]


def checks() -> list[PageCheck]:
    """Every page check, in the order findings are listed."""
    from printkit.preflight import glyphs, placement, typography

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
    from printkit.preflight.fonts import known_fonts, postscript_name
    from printkit.render.script import load

    script = load(locale)
    roles = {role: postscript_name(path) for role, path in script.fonts.items()}
    return Target(document, locale, kind, margin_mm, known_fonts([locale]), roles,
                  script.rtl)
