"""The rulebook: the Jinja2 template filled with game data and verified examples."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.game import RenderContext
from printkit.render.rulebook import render_rulebook_template

from .figures import bears_figure, rolls_figure

TEMPLATE = "polar-derby/rulebook.xml.j2"


def bear_counts(data: Mapping[str, Any]) -> dict[str, int | None]:
    counts = [c["bears"] for c in data["colours"]]
    return {
        "total": sum(counts),
        "colours": len(counts),
        # "5 of each colour" only when every colour has the same number.
        "same_count": counts[0] if len(set(counts)) == 1 else None,
    }


def render_rulebook(ctx: RenderContext) -> bytes:
    loc = ctx.localizer
    colours = {c["id"]: c for c in ctx.data["colours"]}

    def bears(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return bears_figure(ctx.data["colours"], width, loc.code, loc.gettext, loc.number,
                            loc.points)

    def rolls(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return rolls_figure(ctx.examples[attrs["example"]], ctx.data, width, loc.code,
                            loc.number)

    return render_rulebook_template(ctx, TEMPLATE, {"bears": bears, "rolls": rolls},
                                colours=colours, bears=bear_counts(ctx.data))
