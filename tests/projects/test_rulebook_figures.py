"""A project's rulebook shows its own picture and cards, in the PDF and on the rules page.

The project ``printkit new`` writes gets a ``kind`` column, a picture and three figures in
its rulebook template: a picture, one card and a row of one kind's cards. The built PDF
and rules page are read back: the card's words as text, the picture as an image of its
own pixels at the size asked; each mistake in a figure is one line naming the template
and the figure.
"""

from __future__ import annotations

import base64
import io
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.cli import main
from printkit.geometry import mm
from tests.projects.conftest import edit

#: The figures the rulebook gets, after its weather-cards heading.
FIGURES = ('<figure picture="art/rain.png" width="50">Rain over the mountain</figure>\n'
           '<figure card="cards:2"/>\n'
           '<figure cards="cards:good" count="3"/>\n')
HEADING = '<h1>{{ _("Variant: weather cards") }}</h1>\n'
#: The picture's pixel size.
PICTURE = (400, 200)


def _with_figures(folder: Path, figures: str = FIGURES) -> None:
    """The new project with a ``kind`` column, a picture and ``figures`` in its rulebook."""
    edit(folder / "game.toml", 'fields = ["name", "text", "value", "symbol", "colour"]',
         'fields = ["name", "text", "value", "symbol", "colour", "kind"]')
    lines = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    rows = [lines[0].replace(",count", ",kind,count")]
    for i, line in enumerate(lines[1:]):
        start, count = line.rsplit(",", 1)
        rows.append(f"{start},{'good' if i % 2 == 0 else 'bad'},{count}")
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "art").mkdir()
    Image.new("RGB", PICTURE, (40, 90, 160)).save(folder / "art" / "rain.png")
    edit(folder / "templates" / "rulebook.xml.j2", HEADING, HEADING + figures)


def _build(folder: Path) -> int:
    return main(["--project", str(folder), "build", "--locale", "en", "--no-previews",
                 "--jobs", "1", "--quiet", "--out", str(folder / "output")])


@pytest.fixture(scope="module")
def built(scaffolded: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("figures") / scaffolded.name
    shutil.copytree(scaffolded, folder)
    _with_figures(folder)
    assert _build(folder) == 0
    return folder / "output"


def _card_names(folder: Path) -> list[str]:
    return [line.split(",")[0] for line in
            (folder / "cards.csv").read_text(encoding="utf-8").splitlines()[1:]]


def test_the_rulebook_pdf_shows_the_cards_words_and_the_picture(built: Path,
                                                                 scaffolded: Path) -> None:
    [pdf] = built.glob("*/en/rulebook-a4.pdf")
    reader = PdfReader(pdf)
    text = " ".join(page.extract_text() for page in reader.pages)
    names = _card_names(scaffolded)  # Tailwind, Headwind, Fresh snow, Skates
    # card 2, and the row of "good" cards (the first and the third)
    for name in (names[1], names[0], names[2]):
        assert name in text
    assert names[3] not in text  # a "bad" card, in no figure
    assert "Move one space less after your roll." in " ".join(text.split())
    images = []
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        for name, ref in xobjects.items():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                images.append((name, obj["/Width"], obj["/Height"], page))
    assert [(w, h) for _, w, h, _ in images] == [PICTURE]
    name, _, _, page = images[0]
    content = page.get_contents().get_data().decode("latin-1")
    placed = re.search(r"([\d.]+) 0 0 ([\d.]+) [\d.-]+ [\d.-]+ cm\s*" + re.escape(name) + " Do",
                       content)
    assert placed is not None
    assert float(placed[1]) == pytest.approx(mm(50), abs=0.01)
    assert float(placed[2]) == pytest.approx(mm(25), abs=0.01)


def test_the_rules_page_draws_the_figures_as_svg_with_the_cards_words(
        built: Path, scaffolded: Path) -> None:
    [page] = built.glob("*/en/rules.html")
    html = page.read_text(encoding="utf-8")
    words = re.findall(r"<text[^>]*>([^<]*)</text>", html)
    names = _card_names(scaffolded)
    for name in (names[1], names[0], names[2]):
        assert name in words
    [picture] = re.findall(r'<image [^>]*href="data:image/png;base64,([^"]+)"', html)
    with Image.open(io.BytesIO(base64.b64decode(picture))) as im:
        assert im.size == PICTURE
    figures = re.findall(r"<figure\b.*?</figure>", html, re.S)
    assert sum("<svg" in f for f in figures) >= 3
    assert any("<use " in f for f in figures)  # the cards placed as designs
    # and in words beside the picture, for a reader who cannot see it: card 2's
    items = re.findall(r'<ul class="figure-data">(.*?)</ul>', html, re.S)
    assert any(names[1] in i and "Move one space less after your roll." in i for i in items)


@pytest.mark.parametrize(("figure", "says"), [
    ('<figure card="weather:2"/>', "no deck 'weather' in game.toml; decks: cards"),
    ('<figure card="cards:9"/>', "card 9 is out of range: deck 'cards' lists 4 cards"),
    ('<figure card="cards:Headwnd"/>', "no card named 'Headwnd' in deck 'cards' (its 'name' "
                                       "column); did you mean 'Headwind'?"),
    ('<figure cards="cards:odd"/>', "no card of kind 'odd' in deck 'cards'; kinds: bad, good"),
    ('<figure card="cards:1" side="top"/>', "side='top': front or back"),
    ('<figure picture="art/snow.png"/>', "picture file 'art/snow.png' not found in"),
    ('<figure picture="../rain.png"/>', "picture '../rain.png' must be a path inside the "
                                        "game folder"),
])
def test_a_mistake_in_a_figure_is_one_line_naming_the_template_and_the_figure(
        project: Path, capsys: pytest.CaptureFixture[str], figure: str, says: str) -> None:
    _with_figures(project, figure + "\n")
    (project.parent / "rain.png").write_bytes((project / "art" / "rain.png").read_bytes())
    assert _build(project) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    assert f"rulebook.xml.j2: {figure}: {says}" in lines[0]
    assert not (project / "output").exists()


def test_a_picture_figure_asked_wider_than_it_prints_sharply_is_a_warning(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figure = '<figure picture="art/rain.png" width="150"/>'
    _with_figures(project, figure + "\n")
    assert _build(project) == 0
    err = capsys.readouterr().err
    [line] = [line for line in err.splitlines() if "art/rain.png" in line]
    assert line.startswith("warning: ")
    assert f"rulebook.xml.j2: {figure}: image 'art/rain.png' in a figure prints at 68 dpi" in line


def test_a_figure_by_the_name_of_a_picture_says_how_to_place_a_picture(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _with_figures(project, '<figure name="art/rain.png"/>\n')
    assert _build(project) == 1  # a document error, as for any unknown figure
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.endswith("rulebook: unknown figure 'art/rain.png'; known: picture, card, "
                         "cards; a picture of the project is <figure picture=\"art/rain.png\"/>")
