"""Icons set inline in text: fitted, wrapped, and an unknown one refused in one line."""

from __future__ import annotations

from io import BytesIO

import pytest
from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.icon_text import draw_icon_text
from printkit.drawing.text import PLAY_PT, Ink
from printkit.errors import FitError, TranslationError
from printkit.geometry import Rect, mm
from printkit.language import fonts
from tests.support import reader


def _ink() -> tuple[Canvas, BytesIO, Ink]:
    fonts.register()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(mm(100), mm(100)))
    return canvas, buffer, Ink(canvas, "pl", "cards", floor_pt=PLAY_PT)


def test_an_unknown_icon_in_a_translation_is_one_line_naming_locale_and_box() -> None:
    canvas, _buffer, ink = _ink()
    with pytest.raises(TranslationError) as exc:
        draw_icon_text(canvas, ink, "Zdobądź 2 :moneta:", Rect(0, 0, mm(50), mm(10)),
                       fonts.REGULAR, 10, 7, "left", black, "card 'A': field 'text'", False)
    message = str(exc.value)
    assert "\n" not in message
    assert message.startswith("locale pl: cards: card 'A': field 'text': ':moneta:' is not "
                              "an icon; icons: snowflake")


def test_text_with_icons_wraps_and_shrinks_to_its_box_or_is_a_fit_error() -> None:
    canvas, buffer, ink = _ink()
    used = draw_icon_text(canvas, ink, "Zdobądź 2 :star: i :heart: teraz, potem :sun: dalej",
                          Rect(mm(5), mm(5), mm(30), mm(20)), fonts.REGULAR, 14, 7, "centre",
                          black, "box", True)
    assert 7 <= used < 14  # shrunk to fit its lines in the box
    canvas.save()
    words = " ".join(reader(buffer.getvalue()).pages[0].extract_text().split())
    assert "Zdobądź 2 star i heart teraz, potem sun dalej" in words
    canvas2, _b, ink2 = _ink()
    with pytest.raises(FitError):
        draw_icon_text(canvas2, ink2, "Zdobądź :star: " * 20, Rect(0, 0, mm(20), mm(5)),
                       fonts.REGULAR, 10, 7, "left", black, "box", True)
