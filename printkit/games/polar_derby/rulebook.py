"""The rulebook and the quick reference: Jinja2 templates filled with game data and the
verified examples, with the figures drawn by the kit's own drawing code.

Each example is handed to the templates as a *story*: its steps, each with the
events the rules engine reported and the positions before and after it, so the
narration and the diagrams tell exactly what the engine replayed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit.drawing.text import floor_of
from printkit.examples import Verified
from printkit.model.game import RenderContext

from .figures import (
    FREE_SKATE,
    bears_figure,
    components_figure,
    cover_figure,
    outcomes_figure,
    setup_figure,
    story_figure,
)


def cast_names(data: Mapping[str, Any]) -> list[str]:
    """The players of the worked examples, by seat (game.toml's cast); kept as they are in
    every language."""
    return [player["name"] for player in data["cast"]]


def bear_counts(data: Mapping[str, Any]) -> dict[str, int | None]:
    counts = [c["bears"] for c in data["colours"]]
    return {
        "total": sum(counts),
        "colours": len(counts),
        # "5 of each colour" only when every colour has the same number.
        "same_count": counts[0] if len(set(counts)) == 1 else None,
    }


@dataclass
class Position:
    """A position as the templates and diagrams read it: plain colour tables."""

    middle: dict[str, int]
    secured: list[dict[str, int]]
    pulled: dict[str, int]
    pulled_colours: list[str]
    current: int


@dataclass
class Step:
    """One step of an example (a roll or a stop) and what it did."""

    kind: str  # "roll" or "stop"
    player: int
    before: Position
    after: Position
    faces: list[str] = field(default_factory=list)
    took: list[str] = field(default_factory=list)
    #: Stolen bears: [(opponent, colour)], as the engine reported them.
    stole: list[tuple[int, str]] = field(default_factory=list)
    secured: dict[str, int] = field(default_factory=dict)
    #: The bears a bust sent back to the middle; None when the step was no bust.
    returned: dict[str, int] | None = None
    fresh_turn: bool = False
    game_over: dict[str, Any] | None = None
    #: Whether the narration names the player here: the first roll of a story, or of a
    #: player other than the one before; later rolls of the same turn need no name.
    named: bool = True

    @property
    def colours_rolled(self) -> list[str]:
        return [f for f in self.faces if f != FREE_SKATE]

    @property
    def double_free_skate(self) -> bool:
        return self.kind == "roll" and not self.colours_rolled

    @property
    def doubles(self) -> str | None:
        """The colour of a double roll (two equal colours), else None."""
        rolled = self.colours_rolled
        return rolled[0] if len(rolled) == 2 and rolled[0] == rolled[1] else None

    @property
    def blocked(self) -> list[str]:
        """Rolled colours that were already pulled this turn, each once."""
        return [c for c in dict.fromkeys(self.colours_rolled) if c in self.before.pulled_colours]

    @property
    def free_as(self) -> str | None:
        """The colour the Free Skate face stood for, when one was rolled and used."""
        if FREE_SKATE not in self.faces or self.double_free_skate:
            return None
        rolled = self.colours_rolled[0]
        if self.stole:
            return rolled
        other = [c for c in self.took if c != rolled]
        return other[0] if other else None

    @property
    def choice(self) -> bool:
        """Two different colours rolled, both free to take, and the player took only one."""
        rolled = self.colours_rolled
        if len(self.took) != 1 or len(rolled) != 2 or rolled[0] == rolled[1]:
            return False
        return all(c not in self.before.pulled_colours and self.before.middle.get(c, 0)
                   for c in rolled)

    @property
    def victims(self) -> list[tuple[int, int]]:
        """(opponent, bears stolen from them), in the order stolen."""
        counts: dict[int, int] = {}
        for opponent, _colour in self.stole:
            counts[opponent] = counts.get(opponent, 0) + 1
        return list(counts.items())


@dataclass
class Story:
    """An example as a sequence of steps, with the example's own data."""

    verified: Verified
    steps: list[Step]
    players: int
    values: dict[str, int]

    @property
    def example(self) -> Any:
        return self.verified.example

    @property
    def id(self) -> str:
        return self.verified.id

    @property
    def first(self) -> Position:
        return self.steps[0].before

    @property
    def last(self) -> Position:
        return self.steps[-1].after

    def worth(self, bears: Mapping[str, int]) -> list[int]:
        """The value of every bear in ``bears``, in colour order."""
        return [self.values[c] for c, n in bears.items() for _ in range(n)]


def _position(state: Any, colours: list[str]) -> Position:
    return Position(middle=state.middle.as_dict(colours),
                    secured=[b.as_dict(colours) for b in state.secured],
                    pulled=state.pulled_bears.as_dict(colours),
                    pulled_colours=list(state.pulled_colours), current=state.current)


def story(v: Verified, data: Mapping[str, Any]) -> Story:
    """Split the replay's events into its steps (each starts with a roll or a stop)."""
    colours = [c["id"] for c in data["colours"]]
    younger = bool(v.example.rules.get("younger", False))
    values = {c["id"]: 1 if younger else c["value"] for c in data["colours"]}
    states = [_position(s, colours) for s in v.replay.states]
    steps: list[Step] = []
    for event in v.replay.events:
        p = event.params
        if event.kind in ("rolled", "stopped"):
            n = len(steps)
            steps.append(Step(kind="roll" if event.kind == "rolled" else "stop",
                              player=p["player"], before=states[n], after=states[n + 1],
                              faces=list(p.get("faces", []))))
            continue
        step = steps[-1]
        if event.kind == "took":
            # In the order the dice show them; a colour the Free Skate stood for last.
            step.took = sorted(p["colours"], key=lambda c, faces=step.faces: (
                faces.index(c) if c in faces else len(faces)))
        elif event.kind == "stole":
            step.stole = [(o, c) for o, c in p["takes"]]
        elif event.kind == "secured":
            step.secured = dict(p["bears"])
        elif event.kind == "bust":
            step.returned = dict(p["returned"])
        elif event.kind == "fresh-turn":
            step.fresh_turn = True
        elif event.kind == "game-over":
            step.game_over = dict(p)
    for before, step in zip(steps, steps[1:], strict=False):
        step.named = step.player != before.player
    return Story(verified=v, steps=steps, players=len(v.replay.states[0].secured),
                 values=values)


def figures(ctx: RenderContext) -> dict[str, Any]:
    loc = ctx.localizer
    stories = {v.id: story(v, ctx.data) for v in ctx.examples.values()}

    def bears(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return bears_figure(ctx.data["colours"], width, loc.code, loc.gettext, loc.number,
                            loc.points, compact=attrs.get("size") == "small",
                            floor_pt=floor_of(ctx.document))

    def cover(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return cover_figure(ctx, width)

    def components(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return components_figure(ctx, width)

    def setup(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return setup_figure(ctx, width, cast_names(ctx.data))

    def example(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return story_figure(ctx, stories[attrs["example"]], width, cast_names(ctx.data))

    def outcomes(attrs: Mapping[str, str], width: float):  # type: ignore[no-untyped-def]
        return outcomes_figure(ctx, width)

    return {"bears": bears, "cover": cover, "components": components, "setup": setup,
            "story": example, "outcomes": outcomes}


def template_context(ctx: RenderContext) -> dict[str, Any]:
    return {
        "colours": {c["id"]: c for c in ctx.data["colours"]},
        "bears": bear_counts(ctx.data),
        "stories": {v.id: story(v, ctx.data) for v in ctx.examples.values()},
        "names": cast_names(ctx.data),
        # "female" or "male" by seat: the narration's pronouns and agreements.
        "genders": [player["gender"] for player in ctx.data["cast"]],
    }
