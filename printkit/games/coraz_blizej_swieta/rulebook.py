"""The rulebook and the quick reference: Jinja2 templates filled with game data and
verified examples, with diagrams drawn by the kit's own drawing code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.drawing.flow import FigureMaker
from printkit.model.game import RenderContext

from . import rules
from .figures import components_figure, cover_figure, setup_figure, track_figure


def cast(data: Mapping[str, Any]) -> list[dict[str, str]]:
    """The players the worked examples follow, in turn: ``[[cast]]`` of game.toml."""
    return [{"name": c["name"], "gender": c["gender"]} for c in data["cast"]]


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


def figures(ctx: RenderContext) -> dict[str, FigureMaker]:
    loc = ctx.localizer
    numbers = rule_numbers(ctx.data)
    last = max(numbers["goal"])

    def track(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return track_figure(ctx.examples[attrs["example"]], width, numbers["wigilia"], last,
                            loc.code, loc.number, numbers["days_per_card"])

    return {
        "track": track,
        "cover": lambda attrs, width: cover_figure(ctx, width),
        "components": lambda attrs, width: components_figure(ctx, width),
        "setup": lambda attrs, width: setup_figure(ctx, width),
    }


def template_context(ctx: RenderContext) -> dict[str, Any]:
    """What the rulebook and reference templates read besides the data and examples."""
    return {"rules": rule_numbers(ctx.data), "players": cast(ctx.data)}
