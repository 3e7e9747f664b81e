"""What a kit is made of: the bill of materials (one row per document, on which paper,
how many copies, printed on how many sides), the order the documents print in, and the
guide's assembly steps, each with the documents it is about."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from printkit.kinds import ASSEMBLY, KINDS, kind
from printkit.model.game import Document, RenderContext
from printkit.model.runs import sheets


@dataclass(frozen=True)
class Material:
    """One row of the bill of materials; the template turns the codes into words."""

    id: str
    title: str  # English msgid
    kind: str
    pages: int
    paper: str  # "card" or "paper"
    copies: str  # "one" or "per-game"
    sides: str  # "duplex", "fold" or "single"

    @property
    def sheets(self) -> int:
        """The sheets one copy takes: two pages a sheet double-sided, else one a page."""
        return sheets(self.pages, self.sides)


@dataclass(frozen=True)
class Totals:
    """The sheets a kit takes, one copy of each document and the calibration sheet (on the
    card of the card sheets, in a kit with double-sided sheets)."""

    paper: int
    card: int
    calibration: bool


def totals(rows: Sequence[Material], shared: int = 0) -> Totals:
    """How many sheets of paper and of card the bill of materials comes to, ``shared`` of
    its one-sheet card documents printed on another's sheet (see
    :mod:`printkit.model.shared_sheets`)."""
    calibration = any(row.sides == "duplex" for row in rows)
    card = sum(row.sheets for row in rows if row.paper == "card") - shared
    return Totals(paper=sum(row.sheets for row in rows if row.paper == "paper"),
                  card=card + calibration,
                  calibration=calibration)


def bill_of_materials(ctx: RenderContext, pages: Mapping[str, int]) -> list[Material]:
    """One row per document of the kit, in the game's order."""
    return materials(ctx.game.documents, ctx.spec.layout, pages)


def materials(documents: Sequence[Document], layout: str,
              pages: Mapping[str, int]) -> list[Material]:
    """The bill of materials of ``documents`` in a card layout. Folded cards are two layers
    of paper glued together: they print on paper, as card stock would not fold."""
    rows = []
    for doc in documents:
        what = kind(doc.kind)
        if what.two_sided:
            sides = "fold" if layout == "fold" else "duplex"
        else:
            sides = "single"
        card = what.card and sides != "fold"
        rows.append(Material(
            id=doc.id, title=doc.title, kind=doc.kind, pages=pages[doc.id],
            paper="card" if card else "paper", copies=what.copies, sides=sides))
    return rows


def print_order(rows: Sequence[Material]) -> list[tuple[str, int, str, str]]:
    """The kit's documents as :mod:`printkit.model.runs` places them: (id, pages, paper, sides)."""
    return [(row.id, row.pages, row.paper, row.sides) for row in rows]


@dataclass(frozen=True)
class Step:
    """One assembly step of the guide: its template and the documents it is about."""

    template: str
    rows: list[Material]


def assembly_steps(rows: Sequence[Material]) -> list[Step]:
    """The Assembly section's steps, in the order of the kinds (see :mod:`printkit.kinds`),
    each with the kit's documents of every kind that shares it; steps with none left out."""
    steps: dict[str, list[Material]] = {k.assembly: [] for k in KINDS.values() if k.assembly}
    for row in rows:
        steps[kind(row.kind).assembly or ""].append(row)
    return [Step(f"{ASSEMBLY}/{name}.xml.j2", group) for name, group in steps.items()
            if group]
