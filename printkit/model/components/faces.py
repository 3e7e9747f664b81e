"""Drawing a data-driven deck: each card face as its named boxes, the back, the card sheets.

A box is placed from the top-left corner of the card's cut line, as a
designer measures a card; the print layer decides where the card sits on
the sheet in each layout, so the same deck prints ``home``, ``shop`` and
``fold``. Text goes through :class:`~printkit.drawing.text.Ink` (glyph check
and fit check, naming the card and the field); text fields are msgids and
are translated, values are not (a number is set in the locale's digits).

A box shows a card field, a fixed content or the value at a dotted key of
game.toml (``data``, the same on every card). A text box may show a plural
message (``plural``: ngettext, the number in the locale's digits), a value box
a ``format`` (``"+%(value)s"``). The back may have boxes of its own. In
ink-saver mode a fill or a symbol takes the form its ``saver`` declares (see
:data:`~printkit.model.components.schema.SAVERS`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from io import BytesIO
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.icon_text import ICON, draw_icon_text, has_icons
from printkit.drawing.ink import NORMAL, fills_for
from printkit.drawing.layout.sheets import draw_card_sheets
from printkit.drawing.pdf import new_canvas
from printkit.drawing.symbols import draw_symbol
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import CardBox, Rect, mm
from printkit.language import fonts
from printkit.model import project_fonts
from printkit.model.components import icons
from printkit.model.components.card_kinds import face_boxes, styled
from printkit.model.components.deck import Card, Deck, loaded_deck
from printkit.model.components.images import draw_artwork
from printkit.model.components.schema import data_value, whole_number
from printkit.model.game import RenderContext

WHITE = "#ffffff"
#: The thin frame a coloured card back, or a fill whose ink-saver form is ``frame``, shows
#: in ink-saver mode instead of its colour: this far inside its edge, corners this round.
FRAME_INSET_MM = 1.6
FRAME_RADIUS_MM = 2.5
#: The line round an outlined symbol in ink-saver mode, a share of half its size.
OUTLINE_WIDTH = 0.06


def colour(hex_: str) -> Color:
    return HexColor(hex_)


def font_of(box: Mapping[str, Any]) -> str:
    return {(False, False): fonts.REGULAR, (True, False): fonts.BOLD,
            (False, True): fonts.ITALIC, (True, True): fonts.BOLD_ITALIC}[
        (box["bold"], box["italic"])]


def box_rect(box: Mapping[str, Any], trim: Rect) -> Rect:
    """The box on the page: its mm from the card's top-left corner, in points."""
    h = mm(box["height_mm"])
    return Rect(trim.x + mm(box["x_mm"]), trim.top - mm(box["y_mm"]) - h,
                mm(box["width_mm"]), h)


def _into_bleed(rect: Rect, card: CardBox) -> Rect:
    """A fill box that touches the cut line, grown over the bleed on those sides."""
    trim, bleed = card.trim, card.bleed
    x0 = bleed.x if rect.x <= trim.x + 1e-6 else rect.x
    y0 = bleed.y if rect.y <= trim.y + 1e-6 else rect.y
    x1 = bleed.right if rect.right >= trim.right - 1e-6 else rect.right
    y1 = bleed.top if rect.top >= trim.top - 1e-6 else rect.top
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _value(ctx: RenderContext, raw: Any) -> str:
    """A big value as printed: whole numbers in the locale's digits, anything else as is."""
    if isinstance(raw, int) or (isinstance(raw, str) and _DIGITS.fullmatch(raw)):
        return ctx.localizer.number(int(raw))
    if isinstance(raw, str) and raw[:1] in "-+" and _DIGITS.fullmatch(raw[1:]):
        return raw[0].replace("-", "\u2212") + ctx.localizer.number(int(raw[1:]))
    return str(raw)


#: A whole number as a card shows it in the locale's digits: ASCII digits ("²" is a digit
#: to Python but no number), at most 9 of them; anything else prints as written.
_DIGITS = re.compile(r"[0-9]{1,9}")


def _face(ctx: RenderContext, box: Mapping[str, Any], deck: Deck) -> str:
    """The box's face: of the project's font family it names, else printkit's own."""
    if not box.get("font"):
        return font_of(box)
    return project_fonts.face(ctx, box["font"], box["bold"], box["italic"],
                              f"{deck.key}: box {box['name']!r}: font")


def _text(c: Canvas, ink: Ink, box: Mapping[str, Any], rect: Rect, text: str,
          where: str, shown: Color, font: str,
          own: Mapping[str, icons.Drawer] | None = None) -> None:
    c.setFillColor(shown)
    if has_icons(text):
        draw_icon_text(c, ink, text, rect, font, box["size"], box["min_size"],
                       box["align"], shown, where, box["wrap"], own)
    elif box["wrap"]:
        ink.paragraph(text, rect, size=box["size"], min_size=box["min_size"], font=font,
                      colour=shown, where=where,
                      align="centre" if box["align"] == "centre" else "left")
    else:
        ink.line(text, rect, font, box["size"], box["min_size"], box["align"],
                 where=where)


def _content(ctx: RenderContext, box: Mapping[str, Any], card: Card | None) -> Any:
    """What the box shows on ``card``: the value at its dotted key, its field's value or the
    fixed content; None if empty."""
    if box.get("data") is not None:
        raw = data_value(ctx.data, box["data"])
    elif card is not None and box.get("field"):
        raw = card.values.get(box["field"])
    else:
        raw = box.get("content")
    return None if raw == "" else raw


def _filled(text: str, values: Mapping[str, str]) -> str:
    """``text`` with its ``%(name)s`` placeholders filled; text without any is left as it is
    (a lone ``%`` prints as it is)."""
    return text % values if "%(" in text else text


def _words(ctx: RenderContext, box: Mapping[str, Any], raw: Any) -> str:
    """A text box's text, translated: its msgid, or the plural form its number picks."""
    if box.get("plural") is None:  # (a string stays what it is: text of the game's data)
        return ctx._(raw if isinstance(raw, str) else str(raw))
    n = whole_number(raw)
    assert n is not None  # checked when the deck was loaded
    one, many = box["plural"]
    return _filled(ctx.localizer.ngettext(one, many, n), {"num": ctx.localizer.number(n)})


class _Outlined:
    """A canvas that draws every filled shape as line art: ``inside`` within, ``line``
    round it. Symbols are drawn through it for the ``outline`` ink-saver form; lines
    (a snowflake's rays) stay lines in the line colour."""

    def __init__(self, canvas: Canvas, inside: Color, line: Color) -> None:
        self._canvas = canvas
        self._inside = inside
        self._line = line

    def __getattr__(self, name: str) -> Any:
        return getattr(self._canvas, name)

    def setFillColor(self, _colour: Any, alpha: Any = None) -> None:  # noqa: N802
        self._canvas.setFillColor(self._inside)

    def setStrokeColor(self, _colour: Any, alpha: Any = None) -> None:  # noqa: N802
        self._canvas.setStrokeColor(self._line)

    def drawPath(self, path: Any, stroke: int = 1, fill: int = 0,  # noqa: N802
                 **kw: Any) -> None:
        self._canvas.drawPath(path, stroke=1, fill=fill, **kw)

    def circle(self, x: float, y: float, r: float, stroke: int = 1, fill: int = 0) -> None:
        self._canvas.circle(x, y, r, stroke=1, fill=fill)

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1,
             fill: int = 0) -> None:
        self._canvas.rect(x, y, width, height, stroke=1, fill=fill)


def _symbol(c: Canvas, ctx: RenderContext, box: Mapping[str, Any], name: str, rect: Rect,
            shown: Color) -> None:
    cx, cy = rect.centre
    size = min(rect.width, rect.height)
    own = icons.drawers(ctx.data, ctx.game.folder).get(name)
    if own is not None:  # the project's icon: its own colours, ink saver or not
        own(c, cx, cy, size)
        return
    fills = fills_for(ctx)
    saver = box.get("saver") or "auto"
    if fills.saver and saver == "outline":
        c.saveState()
        c.setLineWidth(size / 2 * OUTLINE_WIDTH)
        draw_symbol(_Outlined(c, colour(box["saver_fill"]), fills.line(colour(box["colour"]))),
                    name, cx, cy, size, colour(box["colour"]))  # type: ignore[arg-type]
        c.restoreState()
        return
    draw_symbol(c, name, cx, cy, size, colour(box["colour"]) if saver == "keep" else shown)


def _fill(c: Canvas, ctx: RenderContext, box: Mapping[str, Any], rect: Rect, card_box: CardBox,
          field: Color) -> None:
    saver = box.get("saver") or "wash"
    fills = NORMAL if saver == "keep" else fills_for(ctx)
    if fills.saver and saver == "frame":
        fills.frame(c, rect.inset(mm(FRAME_INSET_MM)), field, mm(FRAME_RADIUS_MM))
    elif not fills.saver or saver == "wash":
        fills.band(c, _into_bleed(rect, card_box), field, mm(box["radius_mm"]), outline=rect)


def draw_box(c: Canvas, ink: Ink, ctx: RenderContext, deck: Deck, box: Mapping[str, Any],
             card: Card | None, card_box: CardBox, behind: Color) -> None:
    """One box of one card (of the back, with no card); a box whose card field is empty
    draws nothing.

    ``behind`` is the colour the box sits on, so that in ink-saver mode light text on a
    field that becomes a pale wash turns dark.
    """
    raw = _content(ctx, box, card)
    if raw is None:
        return
    rect = box_rect(box, card_box.trim)
    show = box["show"]
    shown = fills_for(ctx).text(colour(box["colour"]), behind)
    name = (f"data {box['data']!r}" if box.get("data") else
            f"field {box['field']!r}" if box.get("field") else "content")
    where = f"{card.label if card else deck.key + '.back'}: {name} (box {box['name']!r})"
    if show == "fill":
        _fill(c, ctx, box, rect, card_box, colour(str(raw)))
    elif show == "text":
        _text(c, ink, box, rect, _words(ctx, box, raw), where, shown, _face(ctx, box, deck),
              icons.drawers(ctx.data, ctx.game.folder))
    elif show == "value":
        value = _value(ctx, raw)
        if box.get("format") is not None:
            value = _filled(box["format"], {"value": value})
        _text(c, ink, box, rect, value, where, shown, _face(ctx, box, deck),
              icons.drawers(ctx.data, ctx.game.folder))
    elif show == "symbol":
        _symbol(c, ctx, box, str(raw), rect, shown)
    elif show == "image":
        x, y = rect.x, rect.y
        draw_artwork(c, deck.artwork[str(raw)], x, y, rect.width, rect.height)


def card_words(ctx: RenderContext, deck: Deck, card: Card) -> list[str]:
    """The words a card's front prints, in the order of its boxes, as :func:`draw_box` sets
    them (translated, numbers in the locale's digits): what a rulebook figure of the card
    says in words."""
    words = []
    for box in face_boxes(deck.spec, card.values):
        raw = _content(ctx, box, card)
        if raw is None or box["show"] not in ("text", "value"):
            continue
        if box["show"] == "text":  # an icon in words: its name, as copied from the PDF
            words.append(ICON.sub(r"\1", _words(ctx, box, raw)))
            continue
        value = _value(ctx, raw)
        words.append(_filled(box["format"], {"value": value})
                     if box.get("format") is not None else value)
    return words


def _draw_boxes(c: Canvas, ink: Ink, ctx: RenderContext, deck: Deck,
                boxes: list[Mapping[str, Any]], card: Card | None, box: CardBox,
                ground: Color) -> None:
    """Boxes in the order declared, each knowing the fill it sits on (else ``ground``)."""
    fields: list[tuple[Rect, Color]] = []  # the fills drawn so far, each a field to sit on
    for layout_box in (styled(b, card.values if card else None) for b in boxes):
        rect = box_rect(layout_box, box.trim)
        behind = next((f for r, f in reversed(fields) if r.contains(rect)), ground)
        draw_box(c, ink, ctx, deck, layout_box, card, box, behind)
        raw = _content(ctx, layout_box, card)
        if layout_box["show"] == "fill" and raw is not None:
            fields.append((rect, colour(str(raw))))


def draw_face(c: Canvas, ink: Ink, ctx: RenderContext, deck: Deck, card: Card,
              box: CardBox) -> None:
    """A card's front: the background, then every box in the order declared.

    A game's own pictures (a rulebook's diagram of a card) draw a front with this too,
    into any :class:`CardBox` (a card-sized box of their own, scaled).
    """
    background = deck.spec["background"]
    if background.lower() != WHITE:
        fills_for(ctx).flood(c, box.bleed, colour(background))
    _draw_boxes(c, ink, ctx, deck, face_boxes(deck.spec, card.values), card, box,
                colour(background))


def draw_back(c: Canvas, ink: Ink, ctx: RenderContext, deck: Deck, box: CardBox) -> None:
    """The common back: a colour, then an image, a symbol and a line of text, each if given,
    then the back's own boxes."""
    back = deck.spec["back"]
    fills = fills_for(ctx)
    field = colour(back["colour"])
    if back["colour"].lower() != WHITE:
        fills.flood(c, box.bleed, field)
        fills.frame(c, box.trim.inset(mm(FRAME_INSET_MM)), field, mm(FRAME_RADIUS_MM))
    safe = box.safe
    if back.get("image"):
        draw_artwork(c, deck.artwork[back["image"]], safe.x, safe.y, safe.width, safe.height)
    text_h = safe.height * 0.18 if back.get("text") else 0.0
    if back.get("symbol"):
        side = min(safe.width, safe.height - 2 * text_h) * 0.6
        cx, cy = safe.centre
        draw_symbol(c, back["symbol"], cx, cy, side,
                    fills.text(colour(back["symbol_colour"]), field))
    if back.get("text"):
        c.setFillColor(fills.text(colour(back["text_colour"]), field))
        ink.line(ctx._(back["text"]), Rect(safe.x, safe.y, safe.width, text_h), fonts.BOLD,
                 14, 6, where=f"{deck.key}.back.text")
    _draw_boxes(c, ink, ctx, deck, back["boxes"], None, box, field)


#: Sheets (a fronts page and its backs page, or one folded page) per part of a big deck.
SHEETS_PER_PART = 24


def deck_parts(ctx: RenderContext, component_id: str) -> int:
    """In how many parts the deck renders: one per :data:`SHEETS_PER_PART` sheets."""
    deck = loaded_deck(ctx.data, component_id, ctx.game.folder)
    grid = ctx.card_grid(deck.card, len(deck.order), deck.card_key)
    return max(1, -(-grid.pages(len(deck.order)) // SHEETS_PER_PART))


def render_deck(ctx: RenderContext, component_id: str) -> bytes:
    """Every card of the deck on card sheets in the build's layout, backs if it has one;
    with ``ctx.part``, only that part's sheets (see :func:`deck_parts`)."""
    deck = loaded_deck(ctx.data, component_id, ctx.game.folder)
    spec = deck.spec
    order = deck.order
    grid = ctx.card_grid(deck.card, len(order), deck.card_key)
    sheets = None
    if ctx.part is not None:
        first = ctx.part * SHEETS_PER_PART
        sheets = range(first, min(grid.pages(len(order)), first + SHEETS_PER_PART))
    buffer = BytesIO()
    c = new_canvas(buffer, grid.page_size, ctx.title, ctx._(spec["title"]), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, component_id, floor_pt=PLAY_PT)
    back = None
    if spec.get("back") is not None:
        def back(cv: Canvas, _i: int, b: CardBox) -> None:
            draw_back(cv, ink, ctx, deck, b)
    draw_card_sheets(c, grid, len(order),
                     front=lambda cv, i, b: draw_face(cv, ink, ctx, deck, deck.cards[order[i]],
                                                      b),
                     back=back, labels=ctx.sheet_names(ink),
                     # copies of one entry look alike: each entry is drawn once
                     front_key=lambda i: f"entry {order[i]}", back_key=lambda i: "back",
                     sheets=sheets)
    c.save()
    return buffer.getvalue()
