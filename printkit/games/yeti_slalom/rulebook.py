"""The rulebook: the Jinja2 template filled with game data and verified examples."""

from __future__ import annotations

from printkit.game import RenderContext
from printkit.render.rulebook import render_rulebook_template

from .figures import throw_figure

TEMPLATE = "yeti-slalom/rulebook.xml.j2"


def render_rulebook(ctx: RenderContext) -> bytes:
    loc = ctx.localizer
    data = ctx.data
    figures = {
        "throw": lambda attrs, width: throw_figure(ctx.examples[attrs["example"]], data, width,
                                                   loc.code, loc.number, loc.gettext),
    }
    return render_rulebook_template(ctx, TEMPLATE, figures,
                                teams={t["id"]: t for t in data["teams"]},
                                yetis={y["id"]: y for y in data["yetis"]})
