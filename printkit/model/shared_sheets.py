"""Small card documents of one game that share a card sheet.

Polar Derby's bear tokens fill a third of a sheet, and its two dice nets another sheet of
their own: printed as they are, the card run wastes most of two sheets of card. Documents
that are cut the same way (the same paper, one side, the same cut: see
:meth:`printkit.kinds.DocumentKind.cut_in`) and fill one page each may instead share one
sheet, when the blocks of their pieces (:attr:`printkit.model.game.Document.block`) stack
on one page, portrait or landscape, inside the printer margin with a label strip below.

The shared sheet is what the print runs and the whole kit print in place of those
documents' own pages; each document's own file stays as it is. The guide lists both
documents on that page (see :func:`printkit.model.runs.place`).

Pure: a game's documents and their page counts in, the groups out; :func:`render_sheet`
draws one group's sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from io import BytesIO

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.layout.labels import LabelBox, split_label_strip
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import Ink
from printkit.geometry import EPS, Paper, PrintSpec, Rect, mm
from printkit.kinds import kind
from printkit.model.game import Document, RenderContext
from printkit.schema import DataText

#: The room between two blocks on a shared sheet, when the sheet has it; never less than
#: :data:`MIN_GAP_MM` (a round token's spacing), or the blocks do not share a sheet.
GAP_MM = 8.0
MIN_GAP_MM = 3.0
#: Kept clear inside the printer margin all round: a cut line's width, a label's accents.
CLEAR_MM = 1.0


@dataclass(frozen=True)
class Block:
    """A document's pieces as one block: its size in points, and how it draws itself with
    its lower-left corner at (x, y) on a page, cut lines and all, no sheet label."""

    width: float
    height: float
    draw: Callable[[Canvas, float, float], None]


@dataclass(frozen=True)
class Sheet:
    """Where the blocks of a shared sheet go: the page's turn, each block's lower-left
    corner, and the label strip."""

    landscape: bool
    corners: tuple[tuple[float, float], ...]
    strip: LabelBox


def arrange(paper: Paper, spec: PrintSpec, sizes: Sequence[tuple[float, float]]
            ) -> Sheet | None:
    """The blocks of ``sizes`` (width, height in points) on one page: stacked top to bottom
    on portrait paper, else side by side on it, else the same on landscape paper; None if
    none of these fits."""
    for landscape in (False, True):
        page = Rect(0.0, 0.0, *(paper.landscape_size if landscape else paper.size))
        area, strip = split_label_strip(spec.printable(page).inset(mm(CLEAR_MM)))
        for across in (False, True):
            corners = _stack(area, sizes, across)
            if corners is not None:
                return Sheet(landscape, corners, strip)
    return None


def _stack(area: Rect, sizes: Sequence[tuple[float, float]],
           across: bool) -> tuple[tuple[float, float], ...] | None:
    """The blocks in a column (side by side if ``across``), centred in ``area``, each
    centred across the column; None if they do not fit."""
    along = [w if across else h for w, h in sizes]
    breadth = [h if across else w for w, h in sizes]
    length, room = (area.width, area.height) if across else (area.height, area.width)
    gaps = len(sizes) - 1
    free = length - sum(along)
    if max(breadth) > room + EPS or free < gaps * mm(MIN_GAP_MM) - EPS:
        return None
    gap = min(mm(GAP_MM), free / gaps) if gaps else 0.0
    cx, cy = area.centre
    at = (cx if across else cy) - (sum(along) + gaps * gap) / 2
    corners = []
    for w, h in sizes if across else reversed(sizes):  # a column is laid from the bottom
        corners.append((at, cy - h / 2) if across else (cx - w / 2, at))
        at += (w if across else h) + gap
    return tuple(corners) if across else tuple(reversed(corners))


def _blocks(ctx: RenderContext, docs: Sequence[Document]) -> list[Block] | None:
    blocks = []
    for doc in docs:
        block = doc.block(replace(ctx, document=doc.id)) if doc.block is not None else None
        if block is None:
            return None
        blocks.append(block)
    return blocks


def _cut(doc: Document, layout: str) -> str | None:
    """How a document is cut, if it may share a sheet: single-sided card only."""
    what = kind(doc.kind)
    return what.cut_in(layout) if what.card and not what.two_sided else None


def groups(ctx: RenderContext, pages: Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """The documents of ``ctx.game`` that share a sheet, each group in the game's order:
    neighbours among its one-page documents cut the same way (see :func:`_cut`), as many as
    stack on one page (see :func:`arrange`)."""
    found: list[list[Document]] = []
    for doc in ctx.game.documents:
        cut = _cut(doc, ctx.spec.layout)
        if cut is None or doc.block is None or pages.get(doc.id) != 1:
            continue
        last = found[-1] if found else []
        if last and _cut(last[0], ctx.spec.layout) == cut and _fits(ctx, [*last, doc]):
            last.append(doc)
        elif _fits(ctx, [doc]):
            found.append([doc])
    return tuple(tuple(d.id for d in group) for group in found if len(group) > 1)


def _fits(ctx: RenderContext, docs: Sequence[Document]) -> bool:
    blocks = _blocks(ctx, docs)
    return blocks is not None and arrange(
        ctx.paper, ctx.spec, [(b.width, b.height) for b in blocks]) is not None


def hosts(found: Iterable[Sequence[str]]) -> dict[str, str]:
    """Each document of the groups ``found`` printed on another's page: the first of its
    group (see :func:`printkit.model.runs.place`)."""
    return {doc: group[0] for group in found for doc in group[1:]}


def shares(ctx: RenderContext, pages: Mapping[str, int]) -> dict[str, str]:
    """Each document of the kit printed on another's page (see :func:`hosts`)."""
    return hosts(groups(ctx, pages))


def render_sheet(ctx: RenderContext, group: Sequence[str]) -> bytes:
    """The one page the documents of ``group`` share: each document's block where
    :func:`arrange` puts it, and a label naming the game, every document, the paper and
    the layout."""
    docs = [ctx.game.document(doc_id) for doc_id in group]
    blocks = _blocks(ctx, docs)
    sheet = blocks and arrange(ctx.paper, ctx.spec, [(b.width, b.height) for b in blocks])
    if not blocks or not sheet:
        raise ValueError(f"{', '.join(group)} do not share a sheet on {ctx.paper.name}")
    names = [ctx._(doc.title) for doc in docs]
    buffer = BytesIO()
    c = new_canvas(buffer, ctx.paper.landscape_size if sheet.landscape else ctx.paper.size,
                   DataText(" \u00b7 ".join([ctx.game_title, *names])), " \u00b7 ".join(names),
                   ctx.localizer.code)
    for block, (x, y) in zip(blocks, sheet.corners, strict=True):
        block.draw(c, x, y)
    ink = Ink(c, ctx.localizer.code, "+".join(group))
    ctx.sheet_names(ink).shared(c, [doc.title for doc in docs], sheet.strip)
    c.showPage()
    c.save()
    return buffer.getvalue()
