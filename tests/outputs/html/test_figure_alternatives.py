"""A figure that shows data has that data as text beside it, in every locale, and no
picture's alt text repeats its caption (WCAG 1.1.1).

The tests read the finished rules pages. A picture is an ``<img alt>`` or an inline
``<svg role="img" aria-label>`` (``aria-hidden`` when decorative): :func:`alt_of` reads
either. The values come from each game's own data, formatted by the locale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest

from printkit.drawing import doctree
from printkit.drawing.alternative import Alternative, attach, of
from printkit.games.pick_a_polar_bear.figures import table_at_bonus
from printkit.model.rulebook import game_flow_source
from printkit.outputs.html import rules_page
from printkit.outputs.html.writer import HtmlWriter, Node, anchors
from tests.support import game_context as context

LOCALES = ("en", "de", "es", "fr", "pl", "ar", "ja")
GAMES = ("coraz-blizej-swieta", "pick-a-polar-bear", "polar-derby", "yeti-slalom")


def plain(text: str) -> str:
    """Text with its spaces as plain spaces: the page typesets a caption with no-break
    spaces where the PDF keeps words together."""
    return re.sub(r"[\s\u00a0\u202f\u2060]+", " ", text).strip()


def alt_of(attrs: dict[str, str]) -> str | None:
    """A picture's alt text: ``alt`` of an ``<img>``, ``aria-label`` of an ``<svg>``; ""
    for a decorative one; None when it has none (an error)."""
    if attrs.get("aria-hidden") == "true" or attrs.get("role") in ("presentation", "none"):
        return ""
    if "aria-label" in attrs:
        return attrs["aria-label"]
    return attrs.get("alt")


@dataclass
class Figure:
    """One ``<figure>`` of a page as a reader gets it."""

    name: str
    alt: str | None = None
    pictures: int = 0
    caption: str = ""
    #: The rows of its data table, as the text of each cell; its list's items.
    rows: list[list[str]] = field(default_factory=list)
    items: list[str] = field(default_factory=list)

    @property
    def data(self) -> str:
        return " ".join([*(" ".join(r) for r in self.rows), *self.items])


class Figures(HTMLParser):
    """The figures of a rules page, in order."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.figures: list[Figure] = []
        self._in: list[str] = []
        self._cell: list[str] | None = None
        self._item: list[str] | None = None
        self._caption: list[str] | None = None
        self.feed(source)
        self.close()

    @property
    def _figure(self) -> Figure | None:
        return self.figures[-1] if "figure" in self._in else None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        figure = self._figure
        if tag == "figure":
            self.figures.append(Figure(a.get("class", "").removeprefix("figure-")))
        elif figure is not None and tag in ("img", "svg") and "svg" not in self._in:
            figure.pictures += 1
            figure.alt = alt_of(a)
        elif figure is not None and tag == "tr":
            figure.rows.append([])
        elif figure is not None and tag in ("th", "td"):
            self._cell = []
        elif figure is not None and tag == "li":
            self._item = []
        elif figure is not None and tag == "figcaption":
            self._caption = []
        if tag not in ("img", "br"):
            self._in.append(tag)

    def handle_endtag(self, tag: str) -> None:
        figure = self._figure
        if figure is not None:
            if tag in ("th", "td") and self._cell is not None:
                figure.rows[-1].append("".join(self._cell).strip())
                self._cell = None
            elif tag == "li" and self._item is not None:
                figure.items.append("".join(self._item).strip())
                self._item = None
            elif tag == "figcaption" and self._caption is not None:
                figure.caption = "".join(self._caption).strip()
                self._caption = None
        while self._in:
            if self._in.pop() == tag:
                break

    def handle_data(self, data: str) -> None:
        if "svg" in self._in and "text" not in self._in:
            return
        for part in (self._cell, self._item, self._caption):
            if part is not None:
                part.append(data)


@pytest.fixture(scope="module")
def pages() -> dict[tuple[str, str], list[Figure]]:
    """Every game's rules page in every shipped locale, read into its figures."""
    return {(g, code): Figures(rules_page(context(g, code)).decode("utf-8")).figures
            for g in GAMES for code in LOCALES}


def named(figures: list[Figure], name: str) -> list[Figure]:
    found = [f for f in figures if f.name == name]
    assert found, f"no figure {name!r} on the page"
    return found


def body(figure: Figure) -> list[list[str]]:
    """A data table's rows below its head row."""
    assert figure.rows, f"figure {figure.name!r} has no data table"
    return figure.rows[1:]


# -- alt text ---------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", GAMES)
def test_no_alt_text_repeats_its_caption(pages: dict[tuple[str, str], list[Figure]],
                                         game_id: str, locale: str) -> None:
    figures = pages[game_id, locale]
    assert figures
    for figure in figures:
        assert figure.pictures == 1 and figure.alt is not None, figure
        if figure.caption:
            assert plain(figure.alt) != plain(figure.caption), figure
    # Only the cover is decorative: every other picture says what it is.
    assert [f.name for f in figures if not f.alt] == ["cover"]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_coraz_cover_keeps_its_credit_as_caption_not_alt(
        pages: dict[tuple[str, str], list[Figure]], locale: str) -> None:
    ctx = context("coraz-blizej-swieta", locale)
    credit = ctx.localizer.gettext(ctx.data["credit"])
    [cover] = named(pages["coraz-blizej-swieta", locale], "cover")
    assert plain(cover.caption) == plain(credit)
    assert cover.alt == ""  # the art shows the title's mood, nothing to read


# -- the data beside the pictures ------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_polar_derby_value_table_gives_every_colour_its_value(
        pages: dict[tuple[str, str], list[Figure]], locale: str) -> None:
    ctx = context("polar-derby", locale)
    loc = ctx.localizer
    expected = [[loc.gettext(c["name"]), loc.number(c["value"])] for c in ctx.data["colours"]]
    tables = named(pages["polar-derby", locale], "bears")
    assert len(tables) == 2  # the quick reference's and the rulebook's
    for figure in tables:
        assert body(figure) == expected
        assert all(figure.rows[0]) and len(figure.rows[0]) == 2


@pytest.mark.parametrize("locale", LOCALES)
def test_polar_derby_outcomes_and_components_in_words(
        pages: dict[tuple[str, str], list[Figure]], locale: str) -> None:
    ctx = context("polar-derby", locale)
    loc, data = ctx.localizer, ctx.data
    figures = pages["polar-derby", locale]
    [outcomes] = named(figures, "outcomes")
    rows = body(outcomes)
    assert len(rows) == 4 and all(len(r) == 2 and all(r) for r in rows)
    assert loc.gettext(data["dice"]["free_skate"]["name"]) in rows[-1][1]
    [components] = named(figures, "components")
    # Each count as the locale writes it (Arabic's dual spells 2 as a word: "حجرا نرد").
    for colour, item in zip(data["colours"], components.items, strict=False):
        bears = (loc.ngettext("%(num)s bear", "%(num)s bears", colour["bears"])
                 % {"num": loc.number(colour["bears"])})
        assert loc.gettext(colour["name"]) in item and bears in item
    count = data["dice"]["count"]
    assert components.items[len(data["colours"])] == (
        loc.ngettext("%(num)s die", "%(num)s dice", count) % {"num": loc.number(count)})


@pytest.mark.parametrize("locale", LOCALES)
def test_yeti_slalom_chart_gives_every_column_and_finish_space(
        pages: dict[tuple[str, str], list[Figure]], locale: str) -> None:
    ctx = context("yeti-slalom", locale)
    loc, data = ctx.localizer, ctx.data
    none = loc.pgettext("no die symbol on a column", "none")
    [chart] = named(pages["yeti-slalom", locale], "reach")
    expected = [[loc.number(col + 1), *(loc.number(data["throws"][side][col])
                                        if data["throws"][side][col] else none
                                        for side in ("green", "red"))]
                for col in range(data["course"]["columns"])]
    assert body(chart) == expected
    multipliers = data["finish"]["multipliers"]
    assert len(chart.items) == len(multipliers) + 1  # and the later finishers
    for space, (item, times) in enumerate(zip(chart.items, multipliers, strict=False)):
        assert loc.number(space + 1) in item and loc.number(times) in item


@pytest.mark.parametrize("locale", LOCALES)
def test_yeti_slalom_components_give_their_counts(
        pages: dict[tuple[str, str], list[Figure]], locale: str) -> None:
    ctx = context("yeti-slalom", locale)
    loc, data = ctx.localizer, ctx.data
    [components] = named(pages["yeti-slalom", locale], "components")
    assert len(components.items) == 5
    assert loc.number(data["cards"]["snowballs"]) in components.items[2]


@pytest.mark.parametrize("locale", LOCALES)
def test_pick_a_polar_bear_features_in_a_table(
        pages: dict[tuple[str, str], list[Figure]], locale: str) -> None:
    ctx = context("pick-a-polar-bear", locale)
    loc = ctx.localizer
    expected = [[loc.gettext(a["name"]), *(loc.gettext(label) for label in a["labels"])]
                for a in ctx.data["attributes"]]
    tables = named(pages["pick-a-polar-bear", locale], "attributes")
    assert len(tables) == 2
    for figure in tables:
        assert body(figure) == expected


@pytest.mark.parametrize("locale", LOCALES)
def test_pick_a_polar_bear_bonus_strip_in_words(
        pages: dict[tuple[str, str], list[Figure]], locale: str) -> None:
    ctx = context("pick-a-polar-bear", locale, "reference")
    loc = ctx.localizer
    _template, xml, _figures = game_flow_source(ctx)
    [example] = re.findall(r'<figure name="bonus-strip" example="([^"]+)"', xml)
    table, features, answer = table_at_bonus(ctx.examples[example])  # type: ignore[misc]
    [strip] = named(pages["pick-a-polar-bear", locale], "bonus-strip")
    rows = body(strip)
    assert [r[0] for r in rows] == [loc.number(i + 1) for i in range(len(table))]
    yes = loc.pgettext("a card shows both features", "yes")
    assert sum(1 for r in rows if r[2] == yes) == answer
    [item] = strip.items
    assert loc.number(answer) in item
    for attribute, value in features.items():
        spec = next(a for a in ctx.data["attributes"] if a["id"] == attribute)
        assert loc.gettext(spec["labels"][spec["values"].index(value)]) in item


@pytest.mark.parametrize("locale", LOCALES)
def test_component_counts_in_words(pages: dict[tuple[str, str], list[Figure]],
                                   locale: str) -> None:
    bear = context("pick-a-polar-bear", locale)
    [cards] = named(pages["pick-a-polar-bear", locale], "components")
    loc, data = bear.localizer, bear.data
    assert len(cards.items) == 5
    assert loc.number(len(data["bonus"]["cards"])) in cards.items[3]
    assert loc.number(data["penalty"]["cards"]) in cards.items[4]
    coraz = context("coraz-blizej-swieta", locale)
    [parts] = named(pages["coraz-blizej-swieta", locale], "components")
    counts = coraz.data["components"]
    assert len(parts.items) == 5
    assert coraz.localizer.number(counts["tydzien_cards"]) in parts.items[1]
    assert coraz.localizer.number(counts["dice_per_player"]) in parts.items[3]


# -- the writer, whatever the picture's form --------------------------------------------


@pytest.mark.parametrize("tag", ["img", "svg"])
def test_the_writer_labels_a_picture_from_its_alternative(tag: str) -> None:
    xml = """<document><figure name="chart" alt="From the template">The caption.</figure>
    <figure name="art">The caption.</figure><figure name="plain">Same</figure></document>"""
    made: dict[str, Alternative] = {
        "chart": Alternative(alt="From the code", header=("A", "B"), rows=(("1", "2"),),
                             items=("x",)),
        "art": Alternative(alt="Art", decorative=True),
        "plain": Alternative(alt="Same"),
    }

    def figure(attrs: Any, width: float, alt: str) -> Node:
        picture = Node(tag, {"role": "img"} if tag == "svg" else {})
        picture.alternative = of(attach(_Flowable(), made[attrs["name"]]))
        return picture

    tree = doctree.parse(xml, "en", "rulebook")
    nodes = HtmlWriter(template="t.xml.j2", locale="en", anchors=anchors(tree), top=2,
                       width=400, figure=figure).visit(tree)
    chart, art, plain = ([c for c in n.children if isinstance(c, Node)] for n in nodes)
    label = "aria-label" if tag == "svg" else "alt"
    assert chart[0].attrs[label] == "From the template"  # the template's wins
    assert [n.tag for n in chart] == [tag, "table", "ul", "figcaption"]
    assert chart[1].children[1].children[0].attrs == {"scope": "row"}
    if tag == "svg":
        assert art[0].attrs.get("aria-hidden") == "true" and "aria-label" not in art[0].attrs
        assert plain[0].attrs.get("aria-hidden") == "true"  # an alt equal to the caption
    else:
        assert art[0].attrs["alt"] == "" and plain[0].attrs["alt"] == ""


class _Flowable:
    """Stands for a flowable: anything an alternative can be attached to."""
