"""The rulebook and the quick reference: Jinja2 templates filled with game data and
verified examples, and the figures they place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.drawing.flow import FigureMaker
from printkit.drawing.text import floor_of
from printkit.model.game import RenderContext

from .cards import model_from_data
from .figures import (
    attributes_figure,
    bonus_figure,
    bonus_strip_figure,
    chain_figure,
    components_figure,
    cover_figure,
    setup_figure,
    solo_figure,
)


def cast(data: Mapping[str, Any]) -> tuple[Mapping[str, str], ...]:
    """The players of the worked examples, by seat (game.toml ``[[cast]]``): a name kept in
    every language and a gender for the narration's pronouns."""
    return tuple(data["cast"])


def names(data: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(player["name"] for player in cast(data))


def deck_counts(data: Mapping[str, Any]) -> dict[str, int]:
    kinds = 2 ** len(data["attributes"])
    return {"kinds": kinds, "animals": kinds * data["deck"]["copies"]}


def template_context(ctx: RenderContext) -> dict[str, Any]:
    """Template variables both documents share."""
    loc = ctx.localizer
    data = ctx.data
    model = model_from_data(data)
    return {
        "card_value": lambda short, attribute: model.parse(short).value(attribute),
        "deck": deck_counts(data),
        "penalty": {"front": loc.signed(data["penalty"]["front"]),
                    "back": loc.signed(data["penalty"]["back"])},
        "names": names(data),
        "cast": cast(data),
        "points": loc.points,
        "signed": loc.signed,
    }


def figures(ctx: RenderContext) -> dict[str, FigureMaker]:
    loc = ctx.localizer
    data = ctx.data
    deck = deck_counts(data)

    def player(n: int) -> str:
        return names(data)[n]

    def components(attrs: Mapping[str, str], width: float) -> Any:
        hold = loc.gettext(data["hold"]["name"])
        bonus = len(data["bonus"]["cards"])
        minus = data["penalty"]["cards"]
        labels = [
            # TRANSLATORS: rulebook, components picture, under an animal card; %(num)s is
            # the number of animal cards (96), which picks the form. Two lines, about 33 mm wide.
            loc.ngettext("%(num)s animal card", "%(num)s animal cards", deck["animals"])
            % {"num": loc.number(deck["animals"])},
            # TRANSLATORS: rulebook, components picture, under the animal cards' shared back;
            # up to two lines about 33 mm wide.
            loc.gettext("The back of every animal card"),
            # TRANSLATORS: rulebook, components picture, under the hold card; %(num)s is 1 and
            # picks the form, %(hold)s the card's translated name ("Hold"). Two lines, about 33 mm.
            loc.ngettext("%(num)s “%(hold)s” card", "%(num)s “%(hold)s” cards", 1)
            % {"num": loc.number(1), "hold": hold},
            # TRANSLATORS: rulebook, components picture, under a bonus card; %(num)s is the
            # number of bonus cards (8), which picks the form. Two lines, about 33 mm wide.
            loc.ngettext("%(num)s bonus-round card", "%(num)s bonus-round cards", bonus)
            % {"num": loc.number(bonus)},
            # TRANSLATORS: rulebook, components picture, under a penalty card; %(num)s (5) picks
            # the form; %(front)s/%(back)s: the points on its two sides (−2/−4). Two lines, 33 mm.
            loc.ngettext("%(num)s penalty card, %(front)s/%(back)s",
                         "%(num)s penalty cards, %(front)s/%(back)s", minus)
            % {"num": loc.number(minus), "front": loc.signed(data["penalty"]["front"]),
               "back": loc.signed(data["penalty"]["back"])},
        ]
        return components_figure(ctx, width, labels)

    def setup(attrs: Mapping[str, str], width: float) -> Any:
        # TRANSLATORS: rulebook, setup picture: under the face-down pile beside the table
        # of cards; up to two lines about 18 mm wide, shrunk to fit.
        labels = {"pile": loc.gettext("The draw pile")}
        return setup_figure(ctx, width, names(data)[:3], labels)

    return {
        "cover": lambda attrs, width: cover_figure(ctx, width),
        "components": components,
        "setup": setup,
        "chain": lambda attrs, width: chain_figure(ctx.examples[attrs["example"]], data, width,
                                                   loc.code, loc.gettext, player, loc.series),
        "bonus": lambda attrs, width: bonus_figure(ctx.examples[attrs["example"]], data, width,
                                                   loc.code, loc.number),
        "bonus-strip": lambda attrs, width: bonus_strip_figure(
            ctx.examples[attrs["example"]], data, width, loc),
        "solo": lambda attrs, width: solo_figure(ctx.examples[attrs["example"]], data, width,
                                                 loc.code, loc.number),
        "attributes": lambda attrs, width: attributes_figure(data, width, loc.code,
                                                             loc.gettext,
                                                             floor_of(ctx.document)),
    }
