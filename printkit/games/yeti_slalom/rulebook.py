"""The rulebook: the Jinja2 template filled with game data and verified examples."""

from __future__ import annotations

from printkit.game import RenderContext
from printkit.render.flow import FlowDocument, render_flow
from printkit.render.templating import render

from .figures import throw_figure

TEMPLATE = "yeti-slalom/rulebook.xml.j2"


def render_rulebook(ctx: RenderContext) -> bytes:
    loc = ctx.localizer
    data = ctx.data
    xml = render(TEMPLATE, loc, data=data, teams={t["id"]: t for t in data["teams"]},
                 yetis={y["id"]: y for y in data["yetis"]},
                 examples=list(ctx.examples.values()))
    figures = {
        "throw": lambda attrs, width: throw_figure(ctx.examples[attrs["example"]], data, width,
                                                   loc.code, loc.number, loc.gettext),
    }
    return render_flow(FlowDocument(xml=xml, paper=ctx.paper, title=ctx.title,
                                    locale=loc.code, document="rulebook", figures=figures))
