"""Fast builds: repeated art drawn once as forms, lean streams, one shared template environment.

Whether the pages still look as before was checked by hand against renders of
the code before forms (see the change's report); these tests pin what a user
can see in the file: the forms are there, one per distinct design, the files
stay small and reproducible, and nothing about translation or the glyph check
changed.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from printkit import games
from printkit.drawing import templating
from printkit.errors import GlyphError
from printkit.geometry import DEFAULT_SPEC, PAPERS
from printkit.language import fonts
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from tests.support import reader, text

PICK, YETI, CORAZ, DERBY = "pick-a-polar-bear", "yeti-slalom", "coraz-blizej-swieta", "polar-derby"


def render(game_id: str, doc: str, locale: str = "en", layout: str = "home",
           ink_saver: bool = False, data: dict | None = None) -> bytes:
    game = games.GAMES[game_id]
    ctx = RenderContext(game=game, data=data or game.load_data(), examples={},
                        localizer=Localizer.for_locale(locale), paper=PAPERS["a4"],
                        document=doc, spec=replace(DEFAULT_SPEC, layout=layout,
                                                   ink_saver=ink_saver))
    return game.document(doc).render(ctx)


def page_forms(pdf: PdfReader) -> list[set[int]]:
    """Per page, the object numbers of the form XObjects its resources name."""
    out = []
    for page in pdf.pages:
        xobjects = page["/Resources"].get_object().get("/XObject", {})
        found = set()
        for ref in xobjects.values():
            assert isinstance(ref, IndirectObject)
            if ref.get_object().get("/Subtype") == "/Form":
                found.add(ref.idnum)
        out.append(found)
    return out


def test_each_animal_design_is_one_form_placed_on_every_card_that_shows_it() -> None:
    pdf = render(PICK, "animal-cards")
    forms = page_forms(reader(pdf))
    data = games.GAMES[PICK].load_data()
    designs = 1
    for attribute in data["attributes"]:
        designs *= len(attribute["values"])
    assert designs == 32
    # fronts pages (odd) hold fronts only; backs pages hold the one back
    fronts = set().union(*forms[0::2])
    backs = set().union(*forms[1::2])
    assert len(fronts) == designs
    assert len(backs) == 1
    assert not fronts & backs
    # 96 cards of 27 KB each would be 1 MB; drawn once, the file is a sixth of that
    assert len(pdf) < 250_000, len(pdf)


def test_every_layout_and_the_ink_saver_still_place_the_forms() -> None:
    for layout, saver in (("fold", False), ("shop", True)):
        forms = page_forms(reader(render(PICK, "animal-cards", layout=layout,
                                         ink_saver=saver)))
        assert len(set().union(*forms)) == 33, (layout, saver)


def test_the_yeti_board_is_drawn_once_and_shown_through_each_sheets_window() -> None:
    pdf = render(YETI, "board")
    forms = page_forms(reader(pdf))
    assert len(forms) == 4  # on A4: two landscape sheets across, two down
    assert all(len(page) == 1 for page in forms)
    assert len(set().union(*forms)) == 1
    assert len(pdf) < 130_000, len(pdf)
    # the board's names are still text in the file, on every sheet that shows them
    assert "Yeti" in text(reader(pdf))


def test_week_cards_and_bear_tokens_are_one_form_per_design() -> None:
    assert len(set().union(*page_forms(reader(render(CORAZ, "tydzien-cards"))))) == 2
    colours = len(games.GAMES[DERBY].load_data()["colours"])
    assert len(set().union(*page_forms(reader(render(DERBY, "bear-tokens"))))) == colours


_DIGEST = """
import hashlib, sys
from tests.drawing.test_forms import render
for game, doc in (("pick-a-polar-bear", "animal-cards"), ("yeti-slalom", "board"),
                  ("yeti-slalom", "cards")):
    print(hashlib.sha256(render(game, doc, "pl")).hexdigest())
"""


def test_documents_with_forms_are_byte_identical_across_processes() -> None:
    root = Path(__file__).resolve().parents[2]
    runs = [subprocess.run([sys.executable, "-c", _DIGEST], cwd=root, capture_output=True,
                           text=True, check=True, timeout=120).stdout for _ in range(2)]
    assert runs[0] == runs[1]
    here = "\n".join(hashlib.sha256(render(g, d, "pl")).hexdigest() for g, d in
                     ((PICK, "animal-cards"), (YETI, "board"), (YETI, "cards")))
    assert runs[0].strip() == here


def test_no_stream_is_ascii85_encoded() -> None:
    for game_id, doc in ((PICK, "animal-cards"), (YETI, "board"), (CORAZ, "rulebook")):
        pdf = render(game_id, doc)
        assert b"/ASCII85Decode" not in pdf, (game_id, doc)
        assert b"/FlateDecode" in pdf


def test_the_shared_environment_speaks_the_language_of_each_render(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "t.xml.j2").write_text(
        "{% trans %}Board{% endtrans %}|{{ ngettext('%(num)d card', '%(num)d cards', 5) }}"
        "|{{ 1234.5 | number }}|{{ ['a', 'b', 'c'] | join_list }}|{{ _('Cards') }}|{{ x }}\n")
    monkeypatch.setattr(templating, "templates_dir", lambda: tmp_path)
    en, pl = Localizer.for_locale("en"), Localizer.for_locale("pl")
    first = templating.render("t.xml.j2", en, x="a & b")
    second = templating.render("t.xml.j2", pl, x="a & b")
    third = templating.render("t.xml.j2", en, x="a & b")
    assert first == third
    assert first.startswith("Board|5 cards|1,234.5|a, b, and c|Cards|a &amp; b")
    assert second.split("|")[0] == "Plansza"
    assert second.split("|")[4] == "Karty"
    assert "1\u00a0234,5" in second or "1 234,5" in second
    assert second.split("|")[3] == "a, b i c"
    # one environment served all three renders
    assert templating._environment.cache_info().currsize >= 1
    assert templating._environment(str(tmp_path)) is templating._environment(str(tmp_path))


def test_the_glyph_check_still_rejects_a_missing_glyph() -> None:
    assert fonts.missing_glyphs("Zażółć gęślą jaźń") == []
    assert fonts.missing_glyphs("a\u4e2db\u4e2d\u0f00") == ["\u4e2d", "\u0f00"]
    with pytest.raises(GlyphError, match="U\\+4E2D"):
        fonts.check_glyphs("tofu \u4e2d", "pl", "card title")


# --- drawings shared between documents -----------------------------------------------------

def _one_form(design, shared: object | None, data: object,  # type: ignore[no-untyped-def]
              before=None) -> tuple[bytes, int]:
    """A one-page document placing one form (after drawing ``before`` on the page); the PDF
    and how often ``design`` ran."""
    from io import BytesIO

    from printkit.drawing.pdf import Shared, draw_once, new_canvas

    calls = []
    buffer = BytesIO()
    c = new_canvas(buffer, (200, 200), "shared", lang="en")
    if before is not None:
        before(c)
    draw_once(c, "design", (0, 0, 100, 100), (10, 10),
              lambda: (calls.append(1), design(c)),
              shared=Shared(data, shared) if shared is not None else None)
    c.save()
    return buffer.getvalue(), len(calls)


def _vector(c) -> None:  # type: ignore[no-untyped-def]
    from reportlab.lib.colors import HexColor

    c.setFillColor(HexColor("#3a6ea5"))  # also asks for PDF 1.4 (ReportLab's alpha state)
    c.circle(50, 50, 30, stroke=1, fill=1)
    c.rect(10, 10, 20, 20, fill=1)


def _worded(c) -> None:  # type: ignore[no-untyped-def]
    c.setFont(fonts.REGULAR, 9)
    c.drawString(5, 5, "Niedźwiedź")


def test_a_shared_drawing_is_recorded_once_and_written_the_same_in_the_next_document() -> None:
    from printkit import caches

    caches.start_build()
    data = {"game": "one"}
    alone, _ = _one_form(_vector, None, data)
    first, ran_first = _one_form(_vector, "normal", data)
    again, ran_again = _one_form(_vector, "normal", data)
    assert (ran_first, ran_again) == (1, 0)
    assert first == again == alone  # the PDF version the drawing asked for comes along
    assert b"%PDF-1.4" in again[:10]
    # Other settings, or other data (even equal), draw their own.
    assert _one_form(_vector, "ink saver", data)[1] == 1
    assert _one_form(_vector, "normal", {"game": "one"})[1] == 1
    caches.start_build()
    assert _one_form(_vector, "normal", data)[1] == 1


def test_a_written_again_drawing_asks_only_for_the_pdf_version_it_needs() -> None:
    """A drawing recorded in a document that was PDF 1.4 already (for something else) does not
    make the next document 1.4 when the drawing itself needs nothing newer."""
    from printkit import caches

    def plain(c) -> None:  # type: ignore[no-untyped-def]
        c.rect(10, 10, 20, 20, fill=1)

    caches.start_build()
    data = {"game": "one"}
    first, _ = _one_form(plain, "normal", data, before=_vector)
    assert b"%PDF-1.4" in first[:10]
    again, ran = _one_form(plain, "normal", data)
    assert ran == 0
    assert again == _one_form(plain, None, data)[0]
    assert b"%PDF-1.3" in again[:10]
    caches.start_build()


def test_a_drawing_with_words_or_resources_is_never_written_again() -> None:
    from printkit import caches

    caches.start_build()
    data = {"game": "one"}

    def transparent(c) -> None:  # type: ignore[no-untyped-def]
        c.setFillAlpha(0.5)
        c.rect(0, 0, 50, 50, fill=1)

    for design in (_worded, transparent):
        runs = [_one_form(design, "normal", data) for _ in range(2)]
        assert [ran for _, ran in runs] == [1, 1]
        assert runs[0][0] == runs[1][0]
    caches.start_build()


def test_card_pictures_are_drawn_once_per_build_for_every_locale() -> None:
    """The Pick-a-Polar Bear fronts and rulebook pictures of a second locale reuse the first's
    drawings, and the files are the same as when each document draws its own."""
    from printkit import caches
    from printkit.games.pick_a_polar_bear import art

    drawn = []
    original = art.draw_animal

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(1)
        return original(*args, **kwargs)

    caches.start_build()
    data = games.GAMES[PICK].load_data()  # as a build prepares it: once for every document
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("printkit.games.pick_a_polar_bear.card_sheets.draw_animal", counting)
        german = render(PICK, "animal-cards", "de", data=data)
        first = len(drawn)
        polish = render(PICK, "animal-cards", "pl", data=data)
    assert first == 32 and len(drawn) == first  # the Polish sheets drew nothing again
    caches.start_build()
    assert render(PICK, "animal-cards", "pl", data=data) == polish
    assert render(PICK, "animal-cards", "de", data=data) == german
