"""The translation of a figure PDF's operators into SVG, on small canvases drawn here."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from io import BytesIO

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.pdf import PrintCanvas
from printkit.drawing.text import Ink
from printkit.geometry import Rect
from printkit.language import fonts
from printkit.outputs.html import svg


def _pdf(draw: Callable[[Canvas], None], lang: str = "en", size: tuple[float, float] = (100, 50),
         pages: int = 1) -> bytes:
    fonts.register()
    buffer = BytesIO()
    canvas = PrintCanvas(buffer, invariant=1, pageCompression=0, lang=lang)
    for _ in range(pages):
        canvas.setPageSize(size)
        draw(canvas)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _texts(markup: str) -> list[tuple[str, str]]:
    """(attributes, text) of every <text> element."""
    return [(a, unescape(t)) for a, t in re.findall(r"<text ([^>]*)>(.*?)</text>", markup)]


def _paint(page: svg.Picture, attrs: str, name: str) -> str:
    """A shape's paint property: its own, or else the one its <svg> gives all."""
    own = re.search(rf'(?<![-\w]){name}="([^"]*)"', attrs)
    return own.group(1) if own else page.paint.get(name, svg.INITIAL[name])


def test_a_rect_a_line_and_text_in_page_coordinates() -> None:
    def draw(c: Canvas) -> None:
        c.setStrokeColorRGB(0.8, 0.2, 0.2)
        c.rect(10, 10, 20, 10, stroke=1, fill=0)
        c.setStrokeColorRGB(0, 0, 0)
        c.line(0, 0, 100, 50)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.REGULAR, 10)
        c.drawString(10, 20, "Zażółć")

    page = svg.read(_pdf(draw)).pages[0]
    paths = re.findall(r"<path ([^>]*)/>", page.body)
    # y down from the page's top (50 pt high): the rect's corner (10, 10) is at (10, 40)
    rect = next(p for p in paths if 'd="m10 40h20v-10h-20z"' in p)
    assert _paint(page, rect, "stroke") == "#cc3333" and _paint(page, rect, "fill") == "none"
    # the black line in the ink's colour, which the page's dark mode lightens
    line = next(p for p in paths if 'd="m0 50l100-50"' in p)
    assert _paint(page, line, "stroke") == "currentColor"
    [(attrs, words)] = _texts(page.body)
    assert words == "Zażółć"
    assert 'x="10"' in attrs and 'y="30"' in attrs and 'font-size="10"' in attrs
    width = pdfmetrics.stringWidth("Zażółć", fonts.REGULAR, 10)
    assert re.search(r'textLength="([\d.]+)"', attrs).group(1) == svg.num(width)
    assert 'lengthAdjust="spacingAndGlyphs"' in attrs
    assert page.box is not None and page.box[0] <= 0 and page.box[2] >= 100


def test_a_design_drawn_twice_is_written_once() -> None:
    def draw(c: Canvas) -> None:
        if not c.hasForm("snowflake"):
            c.beginForm("snowflake", lowerx=0, lowery=0, upperx=10, uppery=10)
            c.setFillColorRGB(0.2, 0.4, 0.8)
            c.circle(5, 5, 4, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)  # a card face's white and black, as printed
            c.setStrokeColorRGB(0, 0, 0)
            c.rect(2, 2, 2, 2, stroke=1, fill=1)
            c.endForm()
        for x in (10, 60):
            c.saveState()
            c.translate(x, 20)
            c.doForm("snowflake")
            c.restoreState()

    drawings = svg.read(_pdf(draw, pages=2), prefix="doc-")
    assert drawings.defs.count("<g id=") == 1 and list(drawings.designs) == [
        re.search(r'<g id="([^"]+)"', drawings.defs).group(1)]
    form = next(iter(drawings.designs))
    assert form.startswith("design-") and 'fill="#3366cc"' in drawings.defs
    # a design keeps its printed colours in dark mode: no paper class, no currentColor
    assert "#ffffff" in drawings.defs and "#000000" in drawings.defs
    assert "paper" not in drawings.defs and "currentColor" not in drawings.defs
    for page in drawings.pages:  # both pages place the one design, twice each
        uses = re.findall(r'<use href="#([^"]+)" transform="matrix\(([^)]*)\)"', page.body)
        assert [u[0] for u in uses] == [form, form]
        assert [u[1].split()[-2:] for u in uses] == [["10", "30"], ["60", "30"]]


def test_the_paper_white_and_the_ink_follow_the_page() -> None:
    def draw(c: Canvas) -> None:
        c.setFillColorRGB(1, 1, 1)
        c.rect(0, 0, 100, 50, stroke=0, fill=1)
        c.setFillColorRGB(0.17, 0.2, 0.25)  # near-black ink
        c.rect(10, 10, 5, 5, stroke=0, fill=1)
        c.setFillColorRGB(0.24, 0.49, 0.77)  # a bear's blue stays blue
        c.rect(30, 10, 5, 5, stroke=0, fill=1)

    page = svg.read(_pdf(draw)).pages[0]
    shapes = re.findall(r"<path ([^>]*)/>", page.body)
    assert 'class="paper"' in shapes[0]
    assert _paint(page, shapes[1], "fill") == "currentColor"
    assert _paint(page, shapes[2], "fill") == "#3d7dc4"


def test_arabic_is_written_in_logical_order_right_to_left() -> None:
    word = "أبيض"  # white

    def draw(c: Canvas) -> None:
        Ink(c, "ar", "rulebook").line(word, Rect(0, 10, 100, 20), fonts.BOLD, 10, 6)

    texts = _texts(svg.read(_pdf(draw, lang="ar")).pages[0].body)
    assert [t for _, t in texts] == [word]
    assert 'direction="rtl"' in texts[0][0]


def test_a_clip_holds_until_the_state_is_restored() -> None:
    def draw(c: Canvas) -> None:
        c.saveState()
        p = c.beginPath()
        p.rect(0, 0, 50, 50)
        c.clipPath(p, stroke=0)
        c.rect(10, 10, 80, 20, stroke=0, fill=1)
        c.restoreState()
        c.rect(60, 10, 10, 10, stroke=0, fill=1)

    page = svg.read(_pdf(draw)).pages[0]
    assert re.search(r'<clipPath id="[^"]+">', page.defs)
    inside, after = page.body.split("</g>")
    assert inside.startswith("<g clip-path=") and "h80" in inside and "h10" in after


def test_a_blank_page_has_no_box_and_the_same_pdf_the_same_svg() -> None:
    assert svg.read(_pdf(lambda c: None)).pages[0].box is None

    def draw(c: Canvas) -> None:
        c.circle(30.123456, 20.98765, 7.5, stroke=1, fill=0)

    one, two = svg.read(_pdf(draw)), svg.read(_pdf(draw))
    assert one == two
    # two decimals at most in the outline
    d = re.search(r' d="([^"]*)"', one.pages[0].body).group(1)
    assert all(len(n.split(".")[1]) <= 2 for n in re.findall(r"\d*\.\d+", d))


def test_path_data_is_relative_and_packed() -> None:
    outline = [("M", (1.0, 2.0)), ("L", (1.5, 2.5)), ("L", (2.0, 2.0)), ("L", (2.0, 3.0)),
               ("C", (1.0, 1.0, 2.0, 2.0, 3.0, 3.0)), ("Z", ()), ("M", (0.0, 0.0))]
    assert svg.path_data(outline) == "m1 2l.5.5.5-.5v1c-1-2 0-1 1 0zm-1-2"


def test_ink_on_a_light_colour_of_its_own_stays_dark() -> None:
    """Dark mode lightens the ink and darkens the paper, but leaves a yellow space yellow:
    a number printed on it keeps its dark colour, one on the paper follows the page."""

    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.98, 0.89, 0.65)  # a yellow finish space
        c.rect(0, 0, 40, 50, stroke=0, fill=1)
        c.setFillColorRGB(0.12, 0.16, 0.21)
        c.setFont(fonts.REGULAR, 10)
        c.drawString(10, 20, "x4")
        c.drawString(60, 20, "5th")

    page = svg.read(_pdf(draw)).pages[0]
    on_yellow, on_paper = (a for a, _ in _texts(page.body))
    assert _paint(page, on_yellow, "fill") == "#1f2936"
    assert _paint(page, on_paper, "fill") == "currentColor"


def test_words_in_a_dark_colour_of_their_own_get_a_light_one_for_dark_mode() -> None:
    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.61, 0.11, 0.11)  # a changed number, in dark red
        c.setFont(fonts.REGULAR, 10)
        c.drawString(10, 20, "5 → 4")

    [(attrs, words)] = _texts(svg.read(_pdf(draw)).pages[0].body)
    assert words == "5 → 4"
    assert 'class="tone"' in attrs and 'fill="#9c1c1c"' in attrs
    light = re.search(r'style="--tone:#([0-9a-f]{6})"', attrs).group(1)
    red, green, blue = (int(light[i:i + 2], 16) for i in (0, 2, 4))
    assert red > 0xc0 and red > green + 0x30 and red > blue + 0x30  # light, and still red
