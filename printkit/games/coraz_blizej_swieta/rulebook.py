"""The rulebook: the Jinja2 template filled with game data and verified examples."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.game import RenderContext
from printkit.render.rulebook import render_rulebook_template

from . import rules
from .figures import track_figure

TEMPLATE = "coraz-blizej-swieta/rulebook.xml.j2"


def rule_numbers(data: Mapping[str, Any]) -> dict[str, Any]:
    """The numbers the rule text quotes, from the data and the engine's constants."""
    goal = list(data["board"]["goal"])
    return {
        "start": data["board"]["start"],
        "wigilia": data["board"]["wigilia"],
        "goal": goal,
        "max_dice": rules.MAX_DICE,
        "max_cards": rules.MAX_CARDS,
        "max_changes": rules.MAX_CHANGES,
        "days_per_card": rules.DAYS_PER_CARD,
        # The most dice whose best roll still falls short of the goal.
        "dice_short": (goal[0] - 1) // 6,
    }


def render_rulebook(ctx: RenderContext) -> bytes:
    loc = ctx.localizer
    numbers = rule_numbers(ctx.data)
    last = max(numbers["goal"])

    def track(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return track_figure(ctx.examples[attrs["example"]], width, numbers["wigilia"], last,
                            loc.code, loc.number)

    return render_rulebook_template(ctx, TEMPLATE, {"track": track}, rules=numbers)
