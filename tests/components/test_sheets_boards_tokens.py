"""Score sheets, track boards and token sheets from data: what prints, and where seams go."""

from __future__ import annotations

import pytest

from printkit.errors import DataErrors, FitError
from printkit.geometry import LAYOUTS, PAPERS
from printkit.model.components.track import TrackGeometry, one_sheet, track_plan
from tests.support import embedded_fonts, reader, text, without_sheet_labels

from .project import Project


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_score_sheet_prints_its_headings_rows_and_total(sample: Project, paper: str) -> None:
    pdf = reader(sample.render("score", paper=paper))
    assert len(pdf.pages) == 1
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= embedded_fonts(pdf)
    words = text(pdf)
    for expected in ("Snow Sample · Score sheet", "Round", "Player 1", "Player 4", "Total",
                     "the highest total wins", "8", f"sheet 1 of 1 · {PAPERS[paper].name}"):
        assert expected in words, expected


def test_score_sheet_rows_are_labelled_or_numbered(project: Project) -> None:
    project.edit("rows = 8", 'rows = 3\nlabels = ["Spring", "Summer"]')
    words = without_sheet_labels(text(reader(project.render("score"))))
    assert "Spring" in words and "Summer" in words and "3" in words and "Total" in words


def test_a_heading_too_long_for_its_column_fails_naming_it(project: Project) -> None:
    project.edit('"Player 4"', '"' + "Player with an extremely long name " * 3 + '"')
    with pytest.raises(FitError, match="score: column 5 heading"):
        project.render("score")


def test_too_many_row_labels_is_a_data_error(project: Project) -> None:
    project.edit("rows = 8", 'rows = 1\nlabels = ["A", "B"]')
    with pytest.raises(DataErrors, match=r"game.toml: sheets.score.labels: has 2 labels for "
                                         r"1 rows"):
        project.data()


@pytest.mark.parametrize("track", ["race", "rink"])
def test_a_small_track_prints_on_one_labelled_sheet(sample: Project, track: str) -> None:
    pdf = reader(sample.render(track))
    assert len(pdf.pages) == 1
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= embedded_fonts(pdf)
    words = text(pdf)
    spaces = sample.data()["tracks"][track]["spaces"]
    for expected in ("Snow Sample", "Start", str(spaces), "sheet 1 of 1 · A4"):
        assert expected in words, expected
    if track == "race":
        assert "Avalanche" in words and "Finish" in words


def test_a_loop_goes_round_clockwise(sample: Project) -> None:
    geo = TrackGeometry(sample.data()["tracks"]["rink"])
    assert (geo.cols, geo.rows) == (6, 6)
    first, corner, last = geo.space(0), geo.space(5), geo.space(19)
    assert first.top == corner.top and corner.x > first.x  # along the top, left to right
    assert last.x == first.x and last.top == first.y  # back up the left side to the start
    assert len({(r.x, r.y) for r in geo.spaces()}) == 20


def test_a_loop_that_does_not_close_is_a_data_error(project: Project) -> None:
    project.edit("spaces = 20", "spaces = 21")
    with pytest.raises(DataErrors) as exc:
        project.data()
    assert exc.value.lines() == [
        "game.toml: tracks.rink.spaces: 21 spaces do not close a loop 6 spaces wide: a loop "
        "of C columns and R rows (R ≥ 3) has 2 × (C + R) − 4 spaces"]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_a_long_track_tiles_across_sheets_with_no_seam_through_a_space(
        project: Project, paper: str) -> None:
    project.edit("spaces = 30\ncolumns = 6", "spaces = 96\ncolumns = 12")
    ctx = project.context("race", paper=paper)
    geo = TrackGeometry(ctx.data["tracks"]["race"])
    assert one_sheet(ctx, geo) is None
    plan = track_plan(ctx, geo)
    assert len(plan.tiles) > 1
    xs, ys = plan.seams
    assert xs or ys
    for space in geo.spaces():
        for x in xs:
            assert not space.x + 1e-6 < x < space.right - 1e-6, (x, space)
        for y in ys:
            assert not space.y + 1e-6 < y < space.top - 1e-6, (y, space)
    pdf = reader(ctx.game.document("race").render(ctx))
    assert len(pdf.pages) == len(plan.tiles)
    words = text(pdf)
    assert "96" in words and "Finish" in words  # space 30 is still the special one
    assert f"sheet {len(plan.tiles)} of {len(plan.tiles)}" in words
    assert "Glue sheet" in words


@pytest.mark.parametrize("layout", LAYOUTS)
def test_token_sheet_prints_every_token_with_its_label(sample: Project, layout: str) -> None:
    pdf = reader(sample.render("markers", layout=layout))
    assert len(pdf.pages) == 1  # one-sided: no backs page
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= embedded_fonts(pdf)
    words = without_sheet_labels(text(pdf))
    assert words.count("Bonus") == 4 and words.count("Fish") == 5
    assert words.split().count("1") == 6


def test_a_token_label_too_long_fails_naming_it(project: Project) -> None:
    project.edit('label = "Bonus"', 'label = "An extraordinarily long bonus label"')
    with pytest.raises(FitError, match=r"markers: tokens\[1\] label"):
        project.render("markers")


@pytest.mark.parametrize("doc", ["heroes", "events", "score", "race", "rink", "markers"])
def test_every_kind_renders_byte_identical_twice(sample: Project, doc: str) -> None:
    assert sample.render(doc) == sample.render(doc)


@pytest.mark.parametrize("doc", ["heroes", "events", "race", "rink", "markers", "score"])
def test_every_kind_has_an_ink_saver_variant_that_uses_less_ink(sample: Project,
                                                                doc: str) -> None:
    from tests.drawing.test_ink_saver import ink

    normal, saver = ink(sample.render(doc)), ink(sample.render(doc, ink_saver=True))
    # Full-bleed fields and backs are what ink saving removes: the hero deck has them.
    assert saver < normal * (0.6 if doc == "heroes" else 0.95), (normal, saver)
