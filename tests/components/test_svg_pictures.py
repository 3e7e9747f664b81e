"""SVG pictures on cards, backs, boards and figures: drawn as vectors, once per document."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import numpy
import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import DataError, DataErrors
from printkit.model.components import check_components
from printkit.model.components.images import draw_artwork, load_artwork

from .project import Project, page_images

#: A magenta field with a dark-green disc: colours nothing else on the sample cards has.
ART = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 51 34">'
       '<rect width="51" height="34" fill="#ff00ff"/>'
       '<circle cx="25.5" cy="17" r="10" fill="{disc}"/></svg>')


def _use_svg(project: Project, svg: str, count: int = 1) -> None:
    (project.folder / "images" / "art.svg").write_text(svg, encoding="utf-8")
    (project.folder / "heroes.csv").write_text(
        "name,text,power,suit,band,art,count\n"
        f"Ana,Move one extra space.,3,star,#9b1c1c,images/art.svg,{count}\n", encoding="utf-8")


def _xobjects(resources: Any) -> Counter[str]:
    """The subtypes of every XObject a page uses, through the forms it places."""
    found: Counter[str] = Counter()
    seen: set[int] = set()

    def walk(res: Any) -> None:
        xobjects = (res or {}).get("/XObject") or {}
        for ref in xobjects.values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            found[str(obj["/Subtype"])] += 1
            if obj["/Subtype"] == "/Form":
                walk(obj.get("/Resources"))

    walk(resources)
    return found


def _magenta(pdf: bytes, page: int = 0) -> int:
    pixels = numpy.asarray(page_images(pdf, scale=0.5)[page].convert("RGB")).astype(int)
    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    return int(((r > 235) & (g < 30) & (b > 235)).sum())


def test_an_svg_picture_is_a_form_not_an_image(project: Project) -> None:
    _use_svg(project, ART.format(disc="#0b6e2a"))
    assert check_components(project.data(), project.folder) == []
    pdf = project.render("heroes")
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    kinds = _xobjects(page["/Resources"])
    assert kinds["/Image"] == 0, kinds
    assert kinds["/Form"] >= 1, kinds
    assert _magenta(pdf) > 500  # the SVG's field is drawn


def _forms_drawing(reader: PdfReader, operator: bytes) -> set[int]:
    """The form XObjects, placed on any page or in another form, whose own stream has
    ``operator``."""
    found: set[int] = set()
    seen: set[int] = set()

    def walk(res: Any) -> None:
        for ref in ((res or {}).get("/XObject") or {}).values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            if obj["/Subtype"] == "/Form":
                if operator in obj.get_data():
                    found.add(ref.idnum)
                walk(obj.get("/Resources"))

    for page in reader.pages:
        walk(page["/Resources"])
    return found


def test_a_hundred_cards_share_one_form_of_the_svg(project: Project) -> None:
    _use_svg(project, ART.format(disc="#0b6e2a"), count=100)
    reader = PdfReader(io.BytesIO(project.render("heroes")))
    assert len(reader.pages) > 5
    magenta = b"1 0 1 rg"
    assert len(_forms_drawing(reader, magenta)) == 1  # the SVG's shapes, held once
    assert not any(magenta in page.get_contents().get_data() for page in reader.pages)


def test_the_svg_keeps_its_proportions(project: Project) -> None:
    # A square SVG in the 51 × 34 mm box: a square of magenta, as tall as the box.
    _use_svg(project, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                      '<rect width="10" height="10" fill="#ff00ff"/></svg>')
    pixels = numpy.asarray(page_images(project.render("heroes"), scale=1.0)[0].convert("RGB"))
    pixels = pixels.astype(int)
    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    ys, xs = numpy.nonzero((r > 235) & (g < 30) & (b > 235))
    width, height = int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)
    assert abs(width - height) <= 2, (width, height)
    assert abs(height - 34 / 25.4 * 72) <= 3, height  # as tall as the box, in points


@pytest.mark.parametrize(("svg", "reason"), [
    ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><text>Hi</text></svg>",
     "has text: SVG text is not supported; convert it to paths"),
    ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10' "
     "xmlns:xlink='http://www.w3.org/1999/xlink'><image xlink:href='ana.png' width='5' "
     "height='5'/></svg>", "refers to the external file 'ana.png'"),
    ("<svg xmlns='http://www.w3.org/2000/svg'><rect width='4' height='4'/></svg>",
     "has no size: give its <svg> a viewBox, or a width and a height"),
    ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><rect></svg>",
     "cannot be read as SVG"),
    ("<html><body/></html>", "is not an SVG picture"),
])
def test_an_svg_that_cannot_be_drawn_is_one_line(project: Project, svg: str,
                                                 reason: str) -> None:
    _use_svg(project, svg)
    with pytest.raises(DataErrors) as exc:
        check_components(project.data(), project.folder)
    [line] = exc.value.lines()
    assert line.startswith("heroes.csv: line 2, column 6 (art): SVG picture "
                           "'images/art.svg' "), line
    assert reason in line, line


def test_a_missing_or_outside_svg_is_one_line(project: Project) -> None:
    _use_svg(project, ART.format(disc="#0b6e2a"))
    (project.folder / "images" / "art.svg").unlink()
    with pytest.raises(DataErrors) as exc:
        check_components(project.data(), project.folder)
    assert exc.value.lines() == ["heroes.csv: line 2, column 6 (art): image file "
                                 "'images/art.svg' not found in sample/"]
    outside = project.folder.parent / "outside.svg"
    outside.write_text(ART.format(disc="#0b6e2a"), encoding="utf-8")
    (project.folder / "images" / "art.svg").symlink_to(outside)
    with pytest.raises(DataErrors) as exc:
        check_components(project.data(), project.folder)
    [line] = exc.value.lines()
    assert "must be a path inside the game folder" in line, line


def test_a_changed_svg_draws_its_new_shapes(project: Project) -> None:
    _use_svg(project, ART.format(disc="#0b6e2a"))
    first = project.render("heroes")
    _use_svg(project, ART.format(disc="#ff00ff"))  # the disc now magenta too
    second = project.render("heroes")
    assert first != second
    assert _magenta(second) > _magenta(first)


def test_an_svg_card_back_is_drawn(project: Project) -> None:
    _use_svg(project, ART.format(disc="#0b6e2a"))
    project.edit('text = "Snow Sample"\ntext_colour', 'image = "images/art.svg"\n'
                 'text = "Snow Sample"\ntext_colour')
    pdf = project.render("heroes")
    reader = PdfReader(io.BytesIO(pdf))
    back = _xobjects(reader.pages[-1]["/Resources"])
    assert back["/Image"] == 0 and back["/Form"] >= 1, back
    assert _magenta(pdf, page=-1) > 500


def test_a_picture_board_may_be_an_svg_and_keeps_its_proportions(project: Project) -> None:
    (project.folder / "images" / "map.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100">'
        '<rect width="300" height="100" fill="#ff00ff"/></svg>', encoding="utf-8")
    text = (project.folder / "game.toml").read_text(encoding="utf-8")
    (project.folder / "game.toml").write_text(
        text + '\n[boards.island]\ntitle = "Island"\ngrid = "picture"\n'
               'picture = "images/map.svg"\nwidth_mm = 150\n[[boards.island.spaces]]\n'
               'x_mm = 120\ny_mm = 25\nlabel = "Peak"\n', encoding="utf-8")
    assert check_components(project.data(), project.folder) == []
    pdf = project.render("island")
    kinds = _xobjects(PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"])
    assert kinds["/Image"] == 0 and kinds["/Form"] >= 1, kinds
    pixels = numpy.asarray(page_images(pdf, scale=1.0)[0].convert("RGB")).astype(int)
    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    ys, xs = numpy.nonzero((r > 235) & (g < 30) & (b > 235))
    width, height = int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)
    assert abs(width - 150 / 25.4 * 72) <= 3 and abs(height - 50 / 25.4 * 72) <= 3, (
        width, height)  # 150 × 50 mm: the SVG's 3:1


def test_an_svg_spoilt_after_it_was_checked_is_one_line_when_drawn(project: Project) -> None:
    _use_svg(project, ART.format(disc="#0b6e2a"))
    art = load_artwork(project.folder, "images/art.svg", "heroes.csv", "line 2, column 6")
    (project.folder / "images" / "art.svg").write_text("<svg", encoding="utf-8")
    with pytest.raises(DataError) as exc:
        draw_artwork(Canvas(io.BytesIO()), art, 0, 0, 100, 100)
    assert "\n" not in str(exc.value)
    assert str(exc.value).startswith("heroes.csv: line 2, column 6: SVG picture 'art.svg' "
                                     "cannot be read as SVG"), str(exc.value)
