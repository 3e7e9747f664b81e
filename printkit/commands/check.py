"""``printkit check``: replay worked examples without rendering anything."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit import games
from printkit.drawing import fit, trace
from printkit.errors import DataErrors, UsageError
from printkit.examples import check as check_example
from printkit.geometry import PAPERS
from printkit.language.internals import require_checked_reportlab
from printkit.model.components import game_warnings
from printkit.model.components.boards import misfits as board_misfits
from printkit.schema import read_toml


@dataclass(frozen=True)
class CheckLine:
    game: str
    example: str
    problem: str | None
    #: A line that verified nothing (a game with no rules engine): says why, is not wrong.
    notice: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def __str__(self) -> str:
        if self.notice is not None:
            return f"{self.game}  {self.notice}"
        verdict = "verified" if self.problem is None else f"WRONG: {self.problem}"
        return f"{self.game}  {self.example}  {verdict}"


def check(game_ids: list[str] | None = None, examples_file: Path | None = None) -> list[CheckLine]:
    """One line per example of the selected games, or of a user's examples file."""
    require_checked_reportlab()  # the fit checks measure text with ReportLab
    if examples_file is not None:
        game = games.get(_file_game(examples_file, game_ids))
        sources = [(game, game.load_examples(examples_file))]
    else:
        sources = [(game, game.load_examples() if game.replay is not None else [])
                   for game in games.select(game_ids)]
    lines = []
    for game, examples in sources:
        data = game.load_data()
        for paper in PAPERS.values():  # every component fits its place on the board
            fit.check(game, data, paper)
        if data.get("boards"):  # every cell's label fits its cell
            found = board_misfits(data, game.folder, game.label(game.data_file))
            if found:
                raise DataErrors(found)
        if game.replay is None:
            engine = game.label(game.folder / "rules.py")
            lines.append(CheckLine(game.id, "", None, f"no rules engine ({engine} not found): "
                                                      f"nothing to verify"))
            continue
        for example in examples:
            _, problem = check_example(example, game.replay, data)
            lines.append(CheckLine(game.id, example.id, problem))
    return lines


def check_warnings(game_ids: list[str] | None = None,
                   examples_file: Path | None = None) -> list[str]:
    """``warning: …`` lines about the checked games' data that do not fail a check: images
    that would print below 200 dpi (one line per image, for standard error), rules that
    no example shows and no engine test names (:mod:`printkit.drawing.trace`), and a
    ``note: …`` line for a game project with no tests/ to read engine tests from."""
    if examples_file is not None:
        return game_warnings([games.get(_file_game(examples_file, game_ids))])
    selected = games.select(game_ids)
    untraced = [f"warning: {line}" for game in selected if game.replay is not None
                for line in trace.coverage_problems(game, game.load_examples())]
    untested = [f"note: {line}" for game in selected if game.replay is not None
                for line in [trace.untested_note(game)] if line is not None]
    return game_warnings(selected) + untraced + untested


def _file_game(path: Path, game_ids: list[str] | None) -> str:
    named = read_toml(path).get("game")
    if game_ids and len(game_ids) > 1:
        raise UsageError("--examples takes one game: give a single --game")
    if game_ids:
        if named is not None and named != game_ids[0]:
            raise UsageError(f"{path}: game: the file is for {named!r}, not {game_ids[0]!r}")
        return game_ids[0]
    if not isinstance(named, str):
        raise UsageError(f"{path}: game: say which game the examples are for, with "
                         f"game = \"<id>\" at the top of the file or --game ID")
    return named
