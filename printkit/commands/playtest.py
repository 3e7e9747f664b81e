"""``printkit playtest``: the rules engines play many games; the lab writes what a table of
testers would take weeks to see (``games.csv`` and ``summary.json`` per player count)."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.errors import UsageError
from printkit.language.locales import shipped_locale, shipped_locales
from printkit.playtest import policies, registry
from printkit.playtest.report import reports
from printkit.playtest.run import Setup, run
from printkit.playtest.summary import compare, summarise, to_csv, to_json
from printkit.resources import builtin_folder

Progress = Callable[[str], None]


@dataclass(frozen=True)
class PlaytestOptions:
    game: str
    players: tuple[int, ...] = (3,)
    games: int = 1000
    seed: int = 1
    policies: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    against: tuple[str, ...] = ()
    minutes_per_turn: float = 1.0
    jobs: int = 1
    out: Path | None = None
    project: Path | None = None
    #: the report's languages (default: every locale the game is built in)
    locales: tuple[str, ...] = ()


@dataclass
class PlaytestResult:
    summaries: list[dict[str, Any]] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)


def settings(pairs: Sequence[str], option: str) -> dict[str, str]:
    """``["no-risk=true"]`` -> {"no-risk": "true"}; one line for a pair without ``=``."""
    found: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"{option} {pair}: give KEY=VALUE")
        found[key.strip()] = value.strip()
    return found


def _game_id(options: PlaytestOptions) -> str:
    if options.project is not None:
        return options.project.resolve().name
    return options.game if options.game in registry.ADAPTERS else Path(options.game).resolve().name


def _source(options: PlaytestOptions) -> str:
    return registry.source(str(options.project) if options.project is not None else options.game)


def out_folder(options: PlaytestOptions, game: str) -> Path:
    """--out, else the kit's folder's playtest/: output/<game>/playtest/ (a project's
    output/<id>/playtest/), where a build knows them as printkit's own."""
    if options.out is not None:
        return options.out
    return kit_folder(options, game) / "playtest"


def kit_folder(options: PlaytestOptions, game: str) -> Path:
    """Where the reports go: ``<kit>/<locale>/playtest-<N>p.pdf`` beside the kit's documents
    (output/<game>/, a project's output/<id>/), or into --out when it is given."""
    if options.out is not None:
        return options.out
    project = _project_folder(options)
    if project is None:
        return Path("output") / game
    return project / "output" / str(_game_toml(project).get("id", game))


def _project_folder(options: PlaytestOptions) -> Path | None:
    if options.project is not None:
        return options.project
    return None if options.game in registry.ADAPTERS else Path(options.game)


def _game_toml(folder: Path) -> dict[str, Any]:
    try:
        return tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


def _report_settings(options: PlaytestOptions, game: str) -> tuple[list[str], str | None]:
    """The report's locales (--locale, else the game's: printkit's for a built-in game, the
    project's catalogs for a project) and the game's title as game.toml gives it."""
    project = _project_folder(options)
    folder = project if project is not None else builtin_folder(game)
    root = project / "locales" if project is not None else None
    known = shipped_locales(root)
    locales = [shipped_locale(code, root) for code in options.locales] or known
    title = _game_toml(folder).get("title") if folder is not None else None
    return list(dict.fromkeys(locales)), title if isinstance(title, str) else None


def _check(options: PlaytestOptions, module: Any, game: str, rules: list[dict[str, str]]) -> None:
    """Every option checked before a game is played: one line for the first bad one."""
    if options.games < 1:
        raise UsageError(f"--games {options.games}: play at least 1 game")
    if options.jobs < 1:
        raise UsageError(f"--jobs {options.jobs}: at least 1")
    if not options.minutes_per_turn > 0:
        raise UsageError(f"--minutes-per-turn {options.minutes_per_turn}: more than 0")
    for text in options.policies or (policies.default(module),):
        policies.make(module, text)
    for players in options.players:
        for given in rules:
            try:
                module.initial_state(players, random.Random(0), dict(given))
            except ValueError as exc:
                option = "--players" if str(players) in str(exc) and "player" in str(exc) \
                    else "--rule"
                raise UsageError(f"{game}: {option}: {exc}") from None


def playtest(options: PlaytestOptions, progress: Progress = lambda line: None) -> PlaytestResult:
    """Play every player count of ``options`` (run A, and run B with ``--against``), write
    ``<out>/<N>p/games.csv`` and ``summary.json`` for each, all or nothing."""
    from printkit.output import commit

    source = _source(options)
    module = registry.load(source)
    game = _game_id(options)
    rules_a = settings(options.rules, "--rule")
    rules_b = {**rules_a, **settings(options.against, "--against")} if options.against else None
    _check(options, module, game, [rules_a] + ([rules_b] if rules_b is not None else []))
    chosen = tuple(options.policies) or (policies.default(module),)
    out = out_folder(options, game)
    kit = kit_folder(options, game)
    locales, title = _report_settings(options, game)
    result, files = PlaytestResult(), {}
    for players in options.players:
        summary, runs = _one_count(options, source, game, players, chosen, rules_a, rules_b,
                                   progress)
        result.summaries.append(summary)
        folder = out / f"{players}p"
        files[folder / "summary.json"] = to_json(summary)
        files[folder / "games.csv"] = to_csv(runs)
        # the report in each locale, beside the kit: written with summary.json or not at all
        for path, data in reports(summary, kit, locales, title).items():
            files[path] = data
    result.written = commit(files, kit if options.out is not None else kit.parent)
    return result


def _one_count(options: PlaytestOptions, source: str, game: str, players: int,
               chosen: tuple[str, ...], rules_a: dict[str, str], rules_b: dict[str, str] | None,
               progress: Progress) -> tuple[dict[str, Any], list[Any]]:
    setup_a = Setup(source, players, chosen, rules_a)
    records_a = run(setup_a, options.games, options.seed, options.jobs, progress)
    summary = summarise(records_a, setup_a, game, options.seed, options.minutes_per_turn)
    runs: list[Any] = [("A", setup_a, records_a)]
    if rules_b is not None:
        setup_b = Setup(source, players, chosen, rules_b)
        records_b = run(setup_b, options.games, options.seed, options.jobs, progress)
        summary_b = summarise(records_b, setup_b, game, options.seed, options.minutes_per_turn)
        summary["comparison"] = compare(summary, summary_b, records_a, records_b, rules_b)
        runs.append(("B", setup_b, records_b))
    return summary, runs


def text(summary: dict[str, Any]) -> list[str]:
    """The short summary printed to standard output."""
    lines = [f"{summary['game']}, {summary['players']} players, {summary['games']} games "
             f"(seed {summary['seed']}; policies {', '.join(summary['policies'])})"]
    for seat in summary["seats"]:
        lines.append(f"  seat {seat['seat']} ({seat['policy']}): wins {seat['win_rate']:.1%} "
                     f"[{seat['low']:.1%}, {seat['high']:.1%}]")
    balance = summary["balance"]
    lines.append(f"  seat balance: chi-square {balance['statistic']:.2f}, df {balance['df']}, "
                 f"p = {balance['p']:.3g}")
    turns = summary["length"]["turns"]
    lines.append(f"  turns: median {turns['median']:g} (p10 {turns['p10']:g}, "
                 f"p90 {turns['p90']:g}); minutes: median "
                 f"{summary['length']['minutes']['median']:g}")
    ties = summary["ties"]
    lines.append(f"  ties: {ties['rate']:.1%} [{ties['low']:.1%}, {ties['high']:.1%}]")
    comparison = summary["comparison"]
    if comparison is not None:
        given = ", ".join(f"{k}={v}" for k, v in comparison["rules"].items())
        lines.append(f"  against {given} (B minus A, 95 % interval):")
        for row in comparison["differences"]:
            lines.append(f"    {row['measure']}: {row['a']:.4g} -> {row['b']:.4g}, "
                         f"{row['difference']:+.4g} [{row['low']:+.4g}, {row['high']:+.4g}]")
    return lines
