"""Yeti Slalom's rulebook and quick reference: numbers from the verified replays in every
locale, a one-page reference, the diagrams' die symbols and hit marks, and plural forms
that follow the game data."""

from __future__ import annotations

import copy
import re
from functools import cache

import pytest

from printkit.games import GAMES
from printkit.geometry import PAPERS
from printkit.language.locales import shipped_locales
from printkit.language.translations import Localizer
from printkit.model import rulebook as flow_rulebook
from printkit.model.game import RenderContext
from tests.support import reader, text, writes_without_spaces

GAME = GAMES["yeti-slalom"]
LOCALES = shipped_locales()


@cache
def _data() -> dict:
    return GAME.load_data()


@cache
def _examples() -> dict:
    return {v.id: v for v in GAME.verify(_data())}


def _render(doc: str, locale: str = "en", data: dict | None = None,
            capture: list[str] | None = None) -> bytes:
    ctx = RenderContext(game=GAME, data=data or _data(), examples=_examples(),
                        localizer=Localizer.for_locale(locale), paper=PAPERS["a4"],
                        document=doc)
    if capture is None:
        return GAME.document(doc).render(ctx)
    original = flow_rulebook.render_flow

    def keep(flow):  # type: ignore[no-untyped-def]
        capture.append(flow.xml)
        return original(flow)

    flow_rulebook.render_flow = keep
    try:
        return GAME.document(doc).render(ctx)
    finally:
        flow_rulebook.render_flow = original


def _panels(xml: str) -> dict[str, str]:
    """Each example panel's plain text, by the example id of its figure (or its heading)."""
    import xml.etree.ElementTree as ET

    out = {}
    for i, panel in enumerate(ET.fromstring(xml).iter("example")):
        figure = panel.find("figure")
        key = figure.get("example") if figure is not None else f"#{i}"
        out[key] = " ".join("".join(panel.itertext()).replace("\u00a0", " ").split())
    return out


def _numbers(v) -> set[int]:  # type: ignore[no-untyped-def]
    """The numbers a reader must find in an example's text, from its replay."""
    found: set[int] = set()
    for e in v.replay.events:
        p = e.params
        if e.kind == "rolled":
            found |= set(p["rolls"]) | {p["counts"]}
        elif e.kind == "yeti":
            found.add(p["row"])
        elif e.kind in ("hit", "spared"):
            found |= {s["value"] for s in p["snowboarders"]}
        elif e.kind == "finished":
            found |= {p["value"], p["multiplier"], p["value"] * p["multiplier"]}
        elif e.kind == "finished-late":
            found.add(p["value"])
        elif e.kind == "started":
            found |= {p["value"], *p["space"]}
        elif e.kind == "game-over":
            found |= set(p["scores"].values())
    deal = v.replay.observed["deal"]
    if not v.replay.events and deal["yeti_cards"]:
        found |= {deal["yeti_cards"][0], deal["snowballs"][0], deal["snowball_box"]}
    return found


@pytest.mark.parametrize("locale", LOCALES)
def test_every_example_tells_the_numbers_of_its_replay(locale: str) -> None:
    xml: list[str] = []
    _render("rulebook", locale, capture=xml)
    panels = list(_panels(xml[0]).values())
    assert len(panels) == len(_examples())
    loc = Localizer.for_locale(locale)
    for v, panel in zip(_examples().values(), _ordered(panels, xml[0]), strict=True):
        numbers = set(re.findall(r"\d+", panel))
        spelt = set(re.findall(r"\w+", panel.lower()))
        for n in _numbers(v):
            # a small count may be spelt out where the language's style wants it
            # (in a script without spaces, the word is part of a longer one: 六枚)
            assert loc.number(n) in numbers or loc.words(n).lower() in spelt or (
                writes_without_spaces(locale) and loc.words(n) in panel), (
                locale, v.id, n, panel)


def _ordered(panels: list[str], xml: str) -> list[str]:
    """The panels in examples.toml order (the rulebook puts each next to its rule)."""
    titles = {v.id: Localizer.for_locale("en").gettext(v.example.title) for v in
              _examples().values()}
    by_id = _panels(xml)
    out = []
    for v in _examples().values():
        if v.id in by_id:
            out.append(by_id[v.id])
        else:  # a text-only example: found by its position among the text-only panels
            out.append(next(p for k, p in by_id.items() if k.startswith("#")
                            and _deal_matches(p, v)))
        assert titles[v.id]
    return out


def _deal_matches(panel: str, v) -> bool:  # type: ignore[no-untyped-def]
    deal = v.replay.observed["deal"]
    return str(deal["snowball_box"]) in re.findall(r"\d+", panel)


def test_the_score_example_adds_up_the_crocodile_captains_points() -> None:
    xml: list[str] = []
    _render("rulebook", capture=xml)
    panel = _panels(xml[0])["crocodile-captain-scores"]
    points = _examples()["crocodile-captain-scores"].replay.observed["points"]["crocodiles"]
    assert "Ben ends with 2 × 4 + 1 + 3 + 3 = 15 points" in panel
    assert points["total"] == 15


def test_the_throw_diagrams_show_die_symbols_and_mark_hits_beside_the_values() -> None:
    from reportlab.pdfgen.canvas import Canvas

    from printkit.games.yeti_slalom import figures

    v = _examples()["green-throw-reach"]
    ctx = RenderContext(game=GAME, data=_data(), examples=_examples(),
                        localizer=Localizer.for_locale("en"), paper=PAPERS["a4"],
                        document="rulebook")
    marks, balls = [], []
    original_mark, original_ball = figures.throw_mark, figures.draw_snowball
    figures.throw_mark = lambda *a, **k: (marks.append((a, k)), original_mark(*a, **k))
    figures.draw_snowball = lambda *a, **k: (balls.append(a), original_ball(*a, **k))
    try:
        fig = figures.course_figure(v, ctx, 200)
        from io import BytesIO
        canvas = Canvas(BytesIO())
        fig.canv = canvas
        fig.draw()
    finally:
        figures.throw_mark, figures.draw_snowball = original_mark, original_ball
    faces = sorted(a[6] for a, _ in marks if len(a) > 6)
    assert faces == sorted(f for f in _data()["throws"]["green"] if f)
    hits = next(e for e in v.replay.events if e.kind == "hit").params["snowboarders"]
    assert len(balls) == len(hits)
    pdf = text(reader(_render("rulebook")))
    assert "Row 4: the ringed snowboarders are hit." in pdf


def test_the_components_page_shows_each_component_with_its_count() -> None:
    page = " ".join(reader(_render("rulebook")).pages[0].extract_text().split())
    data = _data()
    total = len(data["yetis"]) * 2 * data["cards"]["yeti_copies"]
    assert f"{total} Yeti cards" in page
    assert f"{data['cards']['snowballs']} snowball cards" in page
    assert "1 die" in page and "1 board" in page


@pytest.mark.parametrize("cards, polish", [(2, "2 karty Yeti"), (5, "5 kart Yeti")])
def test_polish_plural_forms_follow_the_game_data(cards: int, polish: str) -> None:
    data = copy.deepcopy(_data())
    data["deal"] = [dict(d, yeti_cards=cards) if d["players"] == 3 else d for d in data["deal"]]
    # The rulebook's set-up tells the deal as a sentence (the reference
    # shows it as a table of bare numbers), so the plural is read there.
    page = text(reader(_render("rulebook", "pl", data=data)))
    assert polish in " ".join(page.replace("\u00a0", " ").split())
