"""The words of sheet labels, in the page's locale: what the print layer places in margins.

"Polar Derby · Bear tokens · fronts 2/4 · A4 · home layout": enough to tell a
loose sheet apart and to see how it was meant to be printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.layout.labels import LabelBox
from printkit.drawing.text import Ink, fit_size
from printkit.errors import FitError
from printkit.geometry import Rect
from printkit.language import fonts
from printkit.language.translations import N_
from printkit.schema import DataText

if TYPE_CHECKING:
    from printkit.model.game import RenderContext

ROLES = {
    # TRANSLATORS: sheet label in the margin of a page of card fronts ("… · fronts 2/4 · A4 · home
    # layout"), one line of 6 to 7 pt; %(number)s is the sheet, %(total)s how many sheets.
    "fronts": N_("fronts %(number)s/%(total)s"),
    # TRANSLATORS: the same sheet label on the page of card backs behind those fronts;
    # %(number)s is the sheet, %(total)s how many sheets. Keep it as short as the fronts'.
    "backs": N_("backs %(number)s/%(total)s"),
    # TRANSLATORS: sheet label in the margin of a board, score or fold-layout card sheet, one
    # line of 6 to 7 pt; %(number)s is this sheet, %(total)s how many the document has.
    "folded": N_("sheet %(number)s of %(total)s"),
    # A card or token sheet printed on one side only: a sheet, not "fronts".
    "single": N_("sheet %(number)s of %(total)s"),
    "sheet": N_("sheet %(number)s of %(total)s"),
}

LAYOUT_NAMES = {
    # TRANSLATORS: ends the sheet label on card sheets: butted cards with cut lines, printed
    # double-sided; a few words, one line of 6 to 7 pt.
    "home": N_("home layout"),
    # TRANSLATORS: ends the sheet label on card sheets laid out for a print shop (bleed, crop
    # marks); a few words, one line of 6 to 7 pt.
    "shop": N_("print-shop layout"),
    # TRANSLATORS: ends the sheet label on card sheets with fronts and backs side by side on one
    # page, folded before cutting; a few words, one line of 6 to 7 pt.
    "fold": N_("fold layout"),
}

# TRANSLATORS: in the page margin of a fold-layout card sheet, beside the sheet label; 6 to 7
# pt, on one line or a few short lines.
FOLD_HINT = N_("Fold along the dashed line, glue the blank sides together, then cut "
               "along the lines.")

#: Label ink: dark grey, readable but quieter than the game's own printing.
GREY = 0.7
LABEL_INK = CMYKColor(0, 0, 0, GREY)
#: Sheet labels pair fronts with backs: never set smaller than 6 pt (the legibility floor
#: of everything printed that is not read during play).
SIZE, MIN_SIZE = 7.0, 6.0


@dataclass(frozen=True)
class SheetNames:
    """Draws sheet labels for one document; see
    :class:`printkit.drawing.layout.labels.SheetLabels`."""

    ctx: RenderContext
    ink: Ink

    def text(self, role: str, number: int, total: int) -> str:
        ctx = self.ctx
        parts = [ctx.title, ctx._(ROLES[role]) % {
            "number": ctx.localizer.number(number), "total": ctx.localizer.number(total)},
            ctx.paper.name]
        if role != "sheet":
            parts.append(ctx._(LAYOUT_NAMES[ctx.spec.layout]))
        # the game's and the deck's names are data: the label prints as text, markup-free
        return DataText(" · ".join(parts))

    def _draw(self, canvas: Canvas, text: str, places: list[LabelBox],
              where: str) -> LabelBox | None:
        """Draw ``text`` in the first place it fits at a readable size; None if none."""
        self.ink.check(text, where)
        for place in places:
            if place.wrap:
                rect = place.rect
                canvas.saveState()
                if place.vertical:  # lines read bottom to top, stacked across the margin
                    canvas.translate(place.rect.right, place.rect.y)
                    canvas.rotate(90)
                    rect = Rect(0.0, 0.0, place.rect.height, place.rect.width)
                try:
                    self.ink.paragraph(text, rect, size=SIZE, min_size=MIN_SIZE,
                                       colour=LABEL_INK, where=where, align="centre",
                                       valign="middle")
                except FitError:
                    continue
                finally:
                    canvas.restoreState()
                return place
            rect = place.rect
            if place.vertical:  # read bottom to top
                rect = Rect(0.0, 0.0, place.rect.height, place.rect.width)
            if fit_size(text, fonts.REGULAR, min(SIZE, rect.height), MIN_SIZE,
                        rect.width, self.ink.script) is None:
                continue
            canvas.saveState()
            canvas.setFillColorCMYK(0, 0, 0, GREY)
            if place.vertical:
                canvas.translate(place.rect.right, place.rect.y)
                canvas.rotate(90)
            self.ink.line(text, rect, size=SIZE, min_size=MIN_SIZE, where=where)
            canvas.restoreState()
            return place
        return None

    # Sheet labels and fold hints are read by whoever prints and sorts the sheets, not
    # during play: held to the legibility floor only, on a card or board too.

    def sheet(self, canvas: Canvas, role: str, number: int, total: int,
              places: list[LabelBox]) -> LabelBox | None:
        with self.ink.aside():
            return self._draw(canvas, self.text(role, number, total), places, "sheet label")

    def fold_hint(self, canvas: Canvas, places: list[LabelBox]) -> LabelBox | None:
        with self.ink.aside():
            return self._draw(canvas, self.ctx._(FOLD_HINT), places, "fold hint")

    def page(self, canvas: Canvas, number: int, total: int, place: LabelBox) -> None:
        """Label a board or sheet page (no card layout to name) in its label strip."""
        self._strip(canvas, self.text("sheet", number, total), place)

    def shared(self, canvas: Canvas, titles: Sequence[str], place: LabelBox) -> None:
        """Label a sheet the pieces of several documents share in its label strip: the
        game, each document's title (English, translated here), the paper and the layout."""
        ctx = self.ctx
        self._strip(canvas, DataText(" \u00b7 ".join(
            [ctx.game_title, *(ctx._(title) for title in titles), ctx.paper.name,
             ctx._(LAYOUT_NAMES[ctx.spec.layout])])), place)

    def _strip(self, canvas: Canvas, text: str, place: LabelBox) -> None:
        with self.ink.aside():
            if self._draw(canvas, text, [place], "sheet label") is None:
                self.ink.fitted(text, place.rect, fonts.REGULAR, SIZE, MIN_SIZE, "sheet label")
