"""The rulebook and the quick reference: Jinja2 templates filled with game data and verified
examples, and the figure makers that draw the kit's components and the examples."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.drawing.flow import FigureMaker
from printkit.examples import Verified
from printkit.model.game import RenderContext

from .figures import (
    components_figure,
    course_figure,
    cover_figure,
    finish_figure,
    reach_chart,
    setup_figure,
)

COMPONENT_LABELS = ("board", "yetis", "snowballs", "snowboarders", "die")


def players(data: Mapping[str, Any]) -> dict[str, str]:
    """Team id -> the name of the captain who plays it in the examples (game.toml's cast,
    one captain per team in the order of the teams)."""
    return {team["id"]: c["name"] for team, c in zip(data["teams"], data["cast"], strict=False)}


def genders(data: Mapping[str, Any]) -> dict[str, str]:
    """Team id -> "female" or "male", the gender of its captain in the examples: the
    narration picks pronouns and agreement by it."""
    return {team["id"]: c["gender"] for team, c in zip(data["teams"], data["cast"],
                                                       strict=False)}


class FirstTime:
    """``first(key)`` is true the first time a key is asked for in one document.

    The narration says in full where a Yeti of a colour stands the first time one is
    placed, and refers to that briefly after: a document is rendered top to bottom,
    so the first call is the first example the reader meets.
    """

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def __call__(self, key: str) -> bool:
        if key in self.seen:
            return False
        self.seen.add(key)
        return True


def score_lines(v: Verified, data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each captain's final score as its terms, from the example's last position.

    ``finish`` is (value, multiplier) for each own snowboarder on a finish space,
    ``late`` the values of own late finishers, ``held`` the values of the
    opponents' snowboarders the captain knocked off, ``total`` their sum.
    """
    state = v.replay.states[-1]
    multipliers = data["finish"]["multipliers"]
    finishers = state.finishers()
    out = []
    for seat, team in enumerate(state.teams):
        finish = [(sb.value, multipliers[i]) for i, sb in enumerate(finishers)
                  if sb.team == team]
        late = sorted(state.late(team))
        held = sorted(sb.value for sb in state.held(seat))
        total = sum(v * m for v, m in finish) + sum(late) + sum(held)
        out.append({"team": team, "finish": finish, "late": late, "held": held,
                    "total": total})
    return out


def figures(ctx: RenderContext) -> dict[str, FigureMaker]:
    def example(attrs: Mapping[str, str]) -> Verified:
        return ctx.examples[attrs["example"]]

    return {
        "cover": lambda attrs, width: cover_figure(ctx, width),
        "components": lambda attrs, width: components_figure(
            ctx, width, {key: attrs[key] for key in COMPONENT_LABELS}),
        "setup": lambda attrs, width: setup_figure(ctx, width),
        "course": lambda attrs, width: course_figure(example(attrs), ctx, width),
        "finish": lambda attrs, width: finish_figure(example(attrs), ctx, width),
        "reach": lambda attrs, width: reach_chart(ctx, width, attrs),
    }


def template_context(ctx: RenderContext) -> dict[str, Any]:
    data = ctx.data
    return {
        "teams": {t["id"]: t for t in data["teams"]},
        "yetis": {y["id"]: y for y in data["yetis"]},
        "players": players(data),
        "genders": genders(data),
        "first_time": FirstTime(),
        "by_id": dict(ctx.examples),
        "score_lines": lambda v: score_lines(v, data),
    }
