"""Each preflight check on a page made to carry one defect (it must be found) and on the
same page without it (nothing must be found). The pages are drawn with ReportLab
directly, as any PDF would be: the checks read only the finished file."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printkit.outputs.preflight import check_pdf, target_for
from printkit.outputs.preflight.findings import Finding
from printkit.resources import fonts_dir

FONTS = {"sans": "DejaVuSans.ttf", "sans-bold": "DejaVuSans-Bold.ttf",
         "ja": "NotoSansJP-printkit.ttf", "ar": "NotoSansArabic-Regular.ttf",
         "ar-bold": "NotoSansArabic-Bold.ttf"}


def _font(key: str) -> str:
    name = f"PreflightTest-{key}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / FONTS[key])))
    return name


def page(draw: Callable[[Canvas], None]) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=True)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def text(canvas: Canvas, x: float, y: float, string: str, font: str = "sans",
         size: float = 10) -> float:
    """Draw ``string`` with its left end at (x, y); where it ends."""
    name = _font(font)
    canvas.setFont(name, size)
    canvas.drawString(x, y, string)
    return x + pdfmetrics.stringWidth(string, name, size)


def found(pdf: bytes, locale: str = "en", kind: str | None = "rulebook",
          check: str | None = None) -> list[Finding]:
    findings = check_pdf(pdf, target_for(f"game/{locale}/doc-a4.pdf", locale, kind))
    return [f for f in findings if check is None or f.check == check]


def test_a_thin_space_in_a_japanese_run_is_a_box() -> None:
    bad = page(lambda c: text(c, 100, 700, "5\u2009→\u20094", "ja"))
    good = page(lambda c: text(c, 100, 700, "5 → 4", "ja"))
    findings = found(bad, "ja", check="glyphs")
    assert len(findings) == 1 and "2 glyph(s)" in findings[0].what, findings
    assert findings[0].page == 1 and findings[0].box is not None
    assert found(good, "ja") == []


def test_a_character_missing_from_a_latin_font_is_a_box() -> None:
    bad = page(lambda c: text(c, 100, 700, "kana ク in DejaVu"))
    assert any("U+30AF" in f.what or "U+0000" in f.what for f in found(bad, check="glyphs"))


def test_an_arabic_lead_in_set_regular_before_a_bold_colon() -> None:
    def lead_in(bold: bool) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            # drawn left to right as the line shows: the colon, then the words
            x = text(c, 300, 700, ":", "sans-bold")
            text(c, x, 700, "خانتك", "ar-bold" if bold else "ar")
        return draw

    bad = found(page(lead_in(False)), "ar", check="fonts")
    assert len(bad) == 1 and "NotoSansArabic-Bold is not used" in bad[0].what, bad
    assert found(page(lead_in(True)), "ar", check="fonts") == []


def test_a_synthetic_oblique_is_found() -> None:
    def slanted(c: Canvas) -> None:
        c.saveState()
        c.transform(1, 0, 0.2, 1, 0, 0)
        text(c, 100, 700, "Schräg")
        c.restoreState()

    assert [f.check for f in found(page(slanted))] == ["fonts"]
    assert found(page(lambda c: text(c, 100, 700, "Gerade"))) == []


def test_two_labels_printed_over_each_other() -> None:
    bad = page(lambda c: (text(c, 100, 700, "show both?", size=8),
                          text(c, 100, 696, "2 points", "sans-bold", 9)))
    good = page(lambda c: (text(c, 100, 700, "show both?", size=8),
                           text(c, 100, 686, "2 points", "sans-bold", 9)))
    bad_found = found(bad, kind="cards", check="collisions")
    assert len(bad_found) == 1 and "'show both?'" in bad_found[0].what
    assert found(good, kind="cards", check="collisions") == []


def test_a_guide_in_the_printers_blank_strip() -> None:
    def guide(at_mm: float) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            c.setLineWidth(0.25)
            c.line(at_mm * mm, 400, at_mm * mm + 5 * mm, 400)
        return draw

    bad = found(page(guide(4)), kind="cards", check="printable area")
    assert len(bad) == 1 and "4.0 mm from the left edge" in bad[0].what, bad
    assert found(page(guide(8)), kind="cards") == []


def test_a_page_background_is_not_ink_in_the_margin() -> None:
    def tint(c: Canvas) -> None:
        c.setFillColorRGB(0.9, 0.95, 1)
        c.rect(0, 0, A4[0], A4[1], stroke=0, fill=1)
        text(c, 100, 700, "Rules")

    assert found(page(tint)) == []


def test_text_under_the_floors() -> None:
    small = page(lambda c: text(c, 100, 700, "Pomarańczowy", size=5.5))
    assert [f.check for f in found(small)] == ["sizes"]
    # 6 pt at 93.3 % horizontal scaling prints at 5.8 pt
    def squeezed(c: Canvas) -> None:
        c.saveState()
        c.transform(0.933, 0, 0, 1, 0, 0)
        text(c, 100, 700, "Pomarańczowy", size=6)
        c.restoreState()

    sizes = found(page(squeezed), check="sizes")
    assert len(sizes) == 1 and "5.80 pt" in sizes[0].what, sizes
    label = page(lambda c: text(c, 100, 700, "Figure label", size=6.5))
    assert found(label) == []


def test_text_read_during_play_has_a_higher_floor() -> None:
    def card(size: float) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            c.setFillColorRGB(0.8, 0.9, 1)
            c.rect(100, 560, 180, 250, stroke=0, fill=1)  # the card
            c.setFillColorRGB(0, 0, 0)
            text(c, 120, 700, "2 points", size=size)
            text(c, 100, 40, "sheet label, not on a card", size=6.5)
        return draw

    bad = found(page(card(6.5)), kind="cards")
    assert [f.check for f in bad] == ["sizes"] and "'2 points'" in bad[0].what, bad
    assert found(page(card(7)), kind="cards") == []


def _two_lines(first: str, second: str, font: str = "sans") -> bytes:
    return page(lambda c: (text(c, 100, 700, first, font), text(c, 100, 686, second, font)))


def test_a_polish_one_letter_word_at_a_line_end() -> None:
    bad = found(_two_lines("Połóż kostkę w", "kubku i rzuć."), "pl", check="typography")
    assert len(bad) == 1 and "'w'" in bad[0].what, bad
    assert found(_two_lines("Połóż kostkę", "w kubku i rzuć."), "pl") == []
    # the same words are no fault in a language without the rule
    assert found(_two_lines("Take a", "die."), "en") == []


def test_a_japanese_number_split_from_its_counter() -> None:
    bad = found(_two_lines("クマを2", "頭取る。", "ja"), "ja", check="typography")
    assert len(bad) == 1 and "counter" in bad[0].what, bad
    assert found(_two_lines("クマを", "2頭取る。", "ja"), "ja") == []


def test_a_latin_title_not_isolated_in_arabic() -> None:
    def footer(isolated: bool) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            title = "Coraz bliżej Święta…" if isolated else "…Coraz bliżej Święta"
            x = text(c, 100, 700, title)
            text(c, x + 4, 700, "لوحة", "ar")
        return draw

    bad = found(page(footer(False)), "ar", check="typography")
    assert len(bad) == 1 and "ellipsis" in bad[0].what, bad
    assert found(page(footer(True)), "ar") == []


def test_a_signed_number_whose_sign_moved() -> None:
    def score(seen: str) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            x = text(c, 100, 700, "نقاط", "ar")
            text(c, x + 4, 700, seen)
        return draw

    bad = found(page(score("4−")), "ar", check="typography")
    assert len(bad) == 1 and "'4−'" in bad[0].what, bad
    assert found(page(score("−4")), "ar") == []


@pytest.mark.parametrize("locale", ["en", "pl", "ja", "ar"])
def test_a_clean_page_has_no_finding(locale: str) -> None:
    assert found(page(lambda c: text(c, 100, 700, "Polar Derby 2–4")), locale) == []


def _rules_page(value: str, direction: str = "rtl") -> str:
    return (f'<!DOCTYPE html><html lang="ar" dir="{direction}"><body><dl class="facts">'
            f"<div><dt>اللاعبون</dt><dd>{value}</dd></div></dl></body></html>")


def test_a_cover_fact_said_two_ways() -> None:
    from printkit.outputs.preflight.consistency import cover_facts

    rulebook = page(lambda c: text(c, 100, 700, "2–4", "sans-bold", 14))
    bad = cover_facts(rulebook, _rules_page("2–4"), "game/ar/rules.html")
    assert len(bad) == 1 and "reads '4–2' on the rules page, the PDF '2–4'" in bad[0].what, bad
    assert bad[0].line().startswith("warning: preflight: game/ar/rules.html: consistency: ")
    assert cover_facts(rulebook, _rules_page('<bdi dir="ltr">2–4</bdi>'), "r.html") == []
    assert cover_facts(rulebook, _rules_page("2–4", "ltr"), "r.html") == []
    assert len(cover_facts(rulebook, _rules_page("3–5", "ltr"), "r.html")) == 1


def test_a_box_in_a_rules_page_picture_is_found() -> None:
    """The rules page's pictures are cut from a PDF of the figures: read there too."""
    from reportlab.platypus import Flowable

    from printkit.outputs.html.figures import FigureImages

    class Change(Flowable):  # type: ignore[misc]
        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

        def wrap(self, *_args: float) -> tuple[float, float]:
            return 120, 30

        def draw(self) -> None:
            text(self.canv, 5, 10, self.text, "ja")

    def seen(label: str) -> set[str]:
        notes: set[str] = set()
        images = FigureImages({"change": lambda attrs, width: Change(label)}, "ja",
                              "rulebook", notes, "polar-derby/ja/rules.html")
        images.finish([images({"name": "change"}, 200, "a change")])
        return notes

    found = seen("5\u2009→\u20094")
    assert len(found) == 1, found
    assert next(iter(found)).startswith(
        "warning: preflight: polar-derby/ja/rules.html: glyphs: rulebook figure 1: 2 glyph(s)")
    assert seen("5 → 4") == set()
