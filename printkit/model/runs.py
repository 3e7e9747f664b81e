"""Print runs: the kit as files a person sends to the printer as they are.

A kit mixes documents for 80–120 g paper, single-sided (rulebook, sheets), for card,
single-sided (board, tokens, dice), and for card printed on both sides (card sheets).
Printed in one go, a front would land on another sheet than its back, and thin and
heavy documents would share a paper tray. So besides each document and the whole kit,
a build writes one file per run:

- ``print-paper-<paper>.pdf``: single-sided on paper;
- ``print-card-<paper>.pdf``: single-sided on card;
- ``print-duplex-<paper>.pdf``: double-sided on card (flip on the long edge), its first
  sheet the duplex calibration sheet (pages 1–2), which is also a file of its own,
  ``calibration-<paper>.pdf``.

No run mixes paper and card, or single- and double-sided documents: each is one setting
of the printer, on one stock. The whole kit is for reading on screen and keeping, not for
printing: it mixes them all.

In the duplex run and in the whole-kit PDF every double-sided document starts on an odd
physical page (a page "intentionally left blank", in the kit's language, goes before it
where needed), so each front shares its sheet with its back whether the file is printed
whole or not. The guide lists every run with the physical page range of each document
(and, in the duplex run, its sheets).

Pure: page counts in, placements out; :func:`blank_page` draws the one filler page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from io import BytesIO

from reportlab.lib import colors

from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import Ink
from printkit.geometry import MM, Paper, Rect
from printkit.language import fonts

MUTED = colors.HexColor("#6b6f7a")

#: The runs, in the order a person prints them: (id, paper, double-sided).
RUNS: tuple[tuple[str, str, bool], ...] = (
    ("paper", "paper", False),
    ("card", "card", False),
    ("duplex", "card", True),
)


#: The calibration sheet's id and its two pages (a front and its back): see
#: :data:`printkit.model.game.CALIBRATION`.
CALIBRATION = "calibration"
CALIBRATION_PAGES = 2


@dataclass(frozen=True)
class Slot:
    """One document placed in a file: its physical pages there, and whether a blank page
    was put before it so that it starts on an odd page."""

    document: str
    first: int
    pages: int
    blank_before: bool = False

    @property
    def last(self) -> int:
        return self.first + self.pages - 1

    @property
    def sheets(self) -> tuple[int, int]:
        """The first and last sheet it is printed on, double-sided (two pages a sheet; it
        starts on an odd page, so on a sheet of its own)."""
        return (self.first + 1) // 2, (self.last + 1) // 2


@dataclass(frozen=True)
class Run:
    """A file to print as it is: its id, paper, sides and the documents in it."""

    id: str
    paper: str  # "paper" or "card"
    duplex: bool
    slots: tuple[Slot, ...]

    @property
    def pages(self) -> int:
        return max((slot.last for slot in self.slots), default=0)

    @property
    def sheets(self) -> int:
        """How many sheets it takes: two pages a sheet double-sided, else one."""
        return sheets(self.pages, "duplex" if self.duplex else "single")

    def file(self, paper: Paper) -> str:
        return run_file(self.id, paper.id)


def run_file(run: str, paper: str) -> str:
    return f"print-{run}-{paper}.pdf"


def calibration_file(paper: str) -> str:
    """The calibration sheet on its own, beside the runs: ``calibration-a4.pdf``."""
    return f"{CALIBRATION}-{paper}.pdf"


def sheets(pages: int, sides: str) -> int:
    """The sheets a document of ``pages`` takes, printed "duplex" (two pages a sheet),
    "fold" or "single" (one)."""
    return (pages + 1) // 2 if sides == "duplex" else pages


def has_calibration(documents: Sequence[tuple[str, int, str, str]]) -> bool:
    """Whether a kit has a double-sided document, and so a calibration sheet."""
    return any(sides == "duplex" for _doc, _pages, _paper, sides in documents)


def place(documents: Sequence[tuple[str, int, bool]],
          shares: Mapping[str, str] | None = None) -> tuple[Slot, ...]:
    """(document id, pages, double-sided) in file order -> where each lands: a double-sided
    document always starts on an odd physical page; one that ``shares`` puts on the sheet of
    a document placed before it (see :mod:`printkit.model.shared_sheets`) is on that page."""
    slots = []
    page = 1
    for doc, pages, duplex in documents:
        if host := [s for s in slots if s.document == (shares or {}).get(doc)]:
            slots.append(Slot(doc, host[0].last, pages))
            continue
        blank = duplex and page % 2 == 0
        page += blank
        slots.append(Slot(doc, page, pages, blank))
        page += pages
    return tuple(slots)


def plan(documents: Sequence[tuple[str, int, str, str]],
         shares: Mapping[str, str] | None = None) -> tuple[Run, ...]:
    """The non-empty runs of a kit: ``documents`` are (id, pages, paper, sides) in the
    game's order, as the guide's bill of materials gives them (sides "duplex", "fold" or
    "single"; paper "card" or "paper"). A run holds the documents of one paper and one
    printer setting only; the double-sided run (on card) starts with the calibration
    sheet."""
    runs = []
    for run_id, paper, duplex in RUNS:
        chosen = [(doc, pages, duplex) for doc, pages, doc_paper, sides in documents
                  if (sides == "duplex") == duplex and doc_paper == paper]
        if chosen:
            if duplex:
                chosen.insert(0, (CALIBRATION, CALIBRATION_PAGES, True))
            runs.append(Run(run_id, paper, duplex, place(chosen, shares)))
    placed = {slot.document for run in runs for slot in run.slots}
    lost = [doc for doc, *_ in documents if doc not in placed]
    if lost:  # a document of a paper and setting no run is for
        raise ValueError(f"print runs: no run for {', '.join(lost)}")
    return tuple(runs)


def in_kit(guide_pages: int, documents: Sequence[tuple[str, int, str, str]],
           shares: Mapping[str, str] | None = None) -> tuple[Slot, ...]:
    """Where the guide and each document land in the whole-kit PDF: the guide first, then
    the calibration sheet (in a kit with a double-sided document), then the documents in
    the game's order, each double-sided one on an odd page; one that ``shares`` puts on
    another's sheet, on that page."""
    calibration = [(CALIBRATION, CALIBRATION_PAGES, True)] if has_calibration(documents) else []
    return place([("guide", guide_pages, False), *calibration,
                  *((doc, pages, sides == "duplex") for doc, pages, _paper, sides in documents)],
                 shares)


def blank_page(paper: Paper, locale: str, text: str, title: str) -> bytes:
    """One page saying it was left blank on purpose, in the kit's language."""
    buffer = BytesIO()
    canvas = new_canvas(buffer, paper.size, title, "blank page", locale)
    width, height = paper.size
    ink = Ink(canvas, locale, "blank page")
    ink.paragraph(text, Rect(20 * MM, height / 2 - 10 * MM, width - 40 * MM, 20 * MM),
                  size=10, min_size=7, font=fonts.ITALIC, colour=MUTED, align="centre",
                  valign="middle", where="blank page")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
