"""A project's SVG art and icons through a whole build: cards, card backs, the rulebook's
figure and the rules page, read back from the finished PDF and HTML."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.cli import main
from tests.projects.conftest import edit

#: A magenta sky with a dark-green hill: colours the new project has nowhere else.
SKY = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
       '<rect width="200" height="100" fill="#ff00ff"/>'
       '<path d="M0 100 Q100 20 200 100 Z" fill="#0b6e2a"/></svg>')
COIN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20">'
        '<circle cx="10" cy="10" r="9" fill="#e0a000" stroke="#6b4a00" stroke-width="2"/>'
        '</svg>')
HEADING = '<h1>{{ _("Variant: weather cards") }}</h1>\n'


def _with_svg_and_icons(folder: Path) -> None:
    art = folder / "art"
    art.mkdir()
    (art / "sky.svg").write_text(SKY, encoding="utf-8")
    (art / "coin.svg").write_text(COIN, encoding="utf-8")
    Image.new("RGB", (48, 48), (120, 72, 30)).save(art / "wood.png")
    edit(folder / "game.toml", "[decks.cards]\n",
         '[icons]\ncoin = "art/coin.svg"\nwood = "art/wood.png"\n\n[decks.cards]\n')
    edit(folder / "game.toml", 'symbol = "snowflake"\nsymbol_colour = "#ffffff"\n',
         'symbol = "snowflake"\nsymbol_colour = "#ffffff"\nimage = "art/sky.svg"\n')
    edit(folder / "cards.csv", "Move one space further after your roll.",
         "Gain 2 :coin: and 1 :wood:.")
    edit(folder / "cards.csv", ",0,skate,", ",0,coin,")
    edit(folder / "templates" / "rulebook.xml.j2", HEADING,
         HEADING + '<figure picture="art/sky.svg" width="50">Sky over the hill</figure>\n')


@pytest.fixture(scope="module")
def built(scaffolded: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("svg") / scaffolded.name
    shutil.copytree(scaffolded, folder)
    _with_svg_and_icons(folder)
    assert main(["--project", str(folder), "build", "--locale", "en", "--no-previews",
                 "--jobs", "1", "--quiet", "--out", str(folder / "output")]) == 0
    return folder / "output"


def _kinds(reader: PdfReader, paint: bytes = b"1 0 1 rg") -> dict[str, int]:
    """How many image and form XObjects the document holds, and how many forms paint
    the SVG sky's magenta (or the fill ``paint``)."""
    found = {"/Image": 0, "/Form": 0, "magenta": 0}
    seen: set[int] = set()

    def walk(res: object) -> None:
        for ref in ((res or {}).get("/XObject") or {}).values():  # type: ignore[attr-defined]
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            found[str(obj["/Subtype"])] += 1
            if obj["/Subtype"] == "/Form":
                found["magenta"] += paint in obj.get_data()
                walk(obj.get("/Resources"))

    for page in reader.pages:
        walk(page["/Resources"])
    return found


def test_the_rulebook_draws_the_svg_figure_as_vectors(built: Path) -> None:
    [pdf] = built.glob("*/en/rulebook-a4.pdf")
    kinds = _kinds(PdfReader(pdf))
    assert kinds["/Image"] == 0 and kinds["magenta"] == 1, kinds


def test_the_rules_page_keeps_the_svg_figure_as_vectors(built: Path) -> None:
    [page] = built.glob("*/en/rules.html")
    html = page.read_text(encoding="utf-8")
    [figure] = [f for f in re.findall(r"<figure\b.*?</figure>", html, re.S)
                if "Sky over the hill" in f]
    assert "<svg" in figure and "<image" not in figure
    # the picture's form, placed by <use> and drawn once in <defs>: the sky's paths
    [design] = re.findall(r'<use href="#([^"]+)"', figure)
    drawn = re.search(rf'<g id="{design}"[^>]*>(.*?)</g>', html, re.S)
    assert drawn is not None
    assert 'fill="#ff00ff"' in drawn[1] and "<path" in drawn[1] and "<image" not in drawn[1]


def test_the_cards_show_the_icons_and_the_svg_back(built: Path) -> None:
    [pdf] = built.glob("*/en/cards-a4.pdf")
    reader = PdfReader(pdf)
    words = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert "Gain 2 coin and 1 wood." in words, words
    kinds = _kinds(reader)
    assert kinds["/Image"] == 1, kinds  # the PNG icon, once; the SVGs are forms
    assert kinds["magenta"] == 1, kinds  # the back's sky, held once for every back


def _build(folder: Path) -> int:
    return main(["--project", str(folder), "build", "--locale", "en", "--no-previews",
                 "--jobs", "1", "--quiet", "--out", str(folder / "output")])


def test_a_rebuild_after_the_svg_changed_redraws_what_shows_it(project: Path) -> None:
    """An SVG is fingerprinted like a picture: by the documents that draw it."""
    _with_svg_and_icons(project)
    assert _build(project) == 0
    [rulebook] = (project / "output").glob("*/en/rulebook-a4.pdf")
    [cards] = (project / "output").glob("*/en/cards-a4.pdf")
    [scores] = (project / "output").glob("*/en/scores-a4.pdf")
    before = rulebook.read_bytes(), cards.read_bytes()
    untouched = scores.stat().st_mtime_ns
    coin = project / "art" / "coin.svg"
    coin.write_text(COIN.replace("#e0a000", "#00a0e0"), encoding="utf-8")
    (project / "art" / "sky.svg").write_text(SKY.replace("#ff00ff", "#00ffff"),
                                            encoding="utf-8")
    assert _build(project) == 0
    after = rulebook.read_bytes(), cards.read_bytes()
    assert after[0] != before[0]
    assert _kinds(PdfReader(rulebook), paint=b"0 1 1 rg")["magenta"] == 1  # now cyan
    assert after[1] != before[1]
    assert scores.stat().st_mtime_ns == untouched  # shows no SVG: not built again

