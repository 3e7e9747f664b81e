"""The rulebook: the Jinja2 template filled with game data and verified examples."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.game import RenderContext
from printkit.render.rulebook import render_rulebook_template

from .figures import attributes_figure, bonus_figure, chain_figure, solo_figure

TEMPLATE = "pick-a-polar-bear/rulebook.xml.j2"


def deck_counts(data: Mapping[str, Any]) -> dict[str, int]:
    kinds = 2 ** len(data["attributes"])
    return {"kinds": kinds, "animals": kinds * data["deck"]["copies"]}


def render_rulebook(ctx: RenderContext) -> bytes:
    loc = ctx.localizer
    data = ctx.data
    penalty = {"front": ctx.localizer.signed(data["penalty"]["front"]),
               "back": ctx.localizer.signed(data["penalty"]["back"])}

    def player(n: int) -> str:
        return loc.gettext("Player %(number)s") % {"number": loc.number(n + 1)}

    figures = {
        "chain": lambda attrs, width: chain_figure(ctx.examples[attrs["example"]], data, width,
                                                   loc.code, loc.gettext, player),
        "bonus": lambda attrs, width: bonus_figure(ctx.examples[attrs["example"]], data, width,
                                                   loc.code, loc.number),
        "solo": lambda attrs, width: solo_figure(ctx.examples[attrs["example"]], data, width,
                                                 loc.code, loc.number),
        "attributes": lambda attrs, width: attributes_figure(data, width, loc.code,
                                                             loc.gettext),
    }
    return render_rulebook_template(ctx, TEMPLATE, figures, deck=deck_counts(data),
                                penalty=penalty)

