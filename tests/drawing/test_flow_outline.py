"""Flow documents carry an outline: h1 at the top, h2 nested, plain-text titles, fixed keys."""

from __future__ import annotations

import re
from io import BytesIO
from typing import Any

from pypdf import PdfReader

from printkit.drawing.flow import FlowDocument, render_flow
from printkit.games import GAMES
from printkit.geometry import PAPERS
from printkit.language.translations import Localizer
from tests.conftest import GAME_ID

FILLER = "<p>" + "Roll the dice and move the pawn. " * 40 + "</p>"

XML = f"""<document>
<title>Rules</title>
<h1>The idea</h1>{FILLER}
<h1>Setup &amp; <b>bold</b>  <i>italic</i>
   Zażółć</h1>{FILLER}
<h2>First <b>sub</b> section</h2>{FILLER}{FILLER}
<h2>Second &lt;sub&gt;</h2>{FILLER}
<box><h2>Boxed</h2><p>In a box.</p></box>
<h1>Last</h1>
</document>"""


def flow(xml: str = XML) -> bytes:
    return render_flow(FlowDocument(xml=xml, paper=PAPERS["a4"], title="Rules · Test",
                                    locale="pl", document="rulebook", figures={}))


def tree(reader: PdfReader, outline: list[Any] | None = None) -> list[Any]:
    """The outline as nested (title, page index) pairs; children follow their parent."""
    out: list[Any] = []
    for item in reader.outline if outline is None else outline:
        if isinstance(item, list):
            out.append(tree(reader, item))
        else:
            out.append((item.title, reader.get_destination_page_number(item)))
    return out


def test_h1_at_the_top_h2_nested_with_plain_titles() -> None:
    reader = PdfReader(BytesIO(flow()))
    outline = tree(reader)
    titles = [entry[0] for entry in outline if isinstance(entry, tuple)]
    assert titles == ["The idea", "Setup & bold italic Zażółć", "Last"]
    nested = outline[2]
    assert [title for title, _ in nested] == ["First sub section", "Second <sub>", "Boxed"]
    # Entries point at the pages their headings are printed on, in order.
    pages = [page for entry in outline for page in
             ([entry[1]] if isinstance(entry, tuple) else [p for _, p in entry])]
    assert pages == sorted(pages)
    assert pages[-1] == len(reader.pages) - 1 > 0
    for title, page in [outline[0], outline[1], *nested, outline[3]]:
        first_words = title.split()[0]
        assert first_words in reader.pages[page].extract_text()
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"


def test_metadata_stays() -> None:
    reader = PdfReader(BytesIO(flow()))
    assert reader.metadata.title == "Rules · Test"
    assert reader.metadata.subject == "rulebook"
    assert reader.trailer["/Root"]["/Lang"] == "pl"


def test_an_h2_before_any_h1_goes_at_the_top() -> None:
    reader = PdfReader(BytesIO(flow("<document><h2>Alone</h2><p>x</p><h1>Then</h1>"
                                    "<h2>Under</h2><p>y</p></document>")))
    assert tree(reader) == [("Alone", 0), ("Then", 0), [("Under", 0)]]


def test_no_heading_no_outline() -> None:
    pdf = flow("<document><title>Only</title><p>text</p></document>")
    assert PdfReader(BytesIO(pdf)).outline == []
    assert b"/UseOutlines" not in pdf


def test_keys_are_numbered_and_the_file_is_byte_identical() -> None:
    first, second = flow(), flow()
    assert first == second
    # Bookmark keys are not written as names, so nothing random can leak in.
    assert not re.search(rb"/Dests", first)


def test_a_real_rulebook_outline() -> None:
    game = GAMES[GAME_ID]
    data = game.load_data()
    examples = {v.id: v for v in game.verify(data)}
    from printkit.model.game import RenderContext

    ctx = RenderContext(game=game, data=data, examples=examples,
                        localizer=Localizer.for_locale("pl"), paper=PAPERS["a4"],
                        document="rulebook")
    pdf = game.document("rulebook").render(ctx)
    assert pdf == game.document("rulebook").render(ctx)
    outline = tree(PdfReader(BytesIO(pdf)))
    top = [entry for entry in outline if isinstance(entry, tuple)]
    assert len(top) >= 6
    # Worked examples sit in panels beside the rule they show, headed by h3s that get
    # no outline entry of their own; the sections (h1) and their h2s do.
    def titles(entries: list) -> list[str]:  # type: ignore[type-arg]
        out: list[str] = []
        for entry in entries:
            out += titles(entry) if isinstance(entry, list) else [entry[0]]
        return out

    pl = Localizer.for_locale("pl")
    assert not set(titles(outline)) & {pl.gettext(v.example.title) for v in examples.values()}
    assert all("<" not in title and "&amp;" not in title for title, _ in top)
