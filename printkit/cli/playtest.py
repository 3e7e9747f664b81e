"""``printkit playtest GAME``: the rules engines play many games and the lab summarises them."""

from __future__ import annotations

import argparse
from pathlib import Path

from printkit.cli.common import err, reported
from printkit.errors import UsageError

NAME = "playtest"
HELP = "simulate many games and measure seat balance, length, scores, ties and rules"
DESCRIPTION = ("Play K games of GAME (a built-in game id, or a game project's folder whose "
               "rules.py offers the playtest protocol) with the chosen policies, and write "
               "games.csv and summary.json per player count: win rate per seat with 95 % "
               "intervals and a seat balance test, game length, scores and margins, ties, "
               "how often each rule fires, and a comparison of two rule settings; and a report "
               "of it all (playtest-<N>p.pdf and .html, with charts) in each of the game's "
               "languages beside the kit, which the kit page links after the next build.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", nargs="?", help="polar-derby, coraz-blizej-swieta, "
                        "yeti-slalom, pick-a-polar-bear, or a game project's folder (default: the "
                        "project of --project)")
    parser.add_argument("--players", type=int, nargs="+", default=[3], metavar="N",
                        help="player counts; each is played (default 3)")
    parser.add_argument("--games", type=int, default=1000, metavar="K",
                        help="games per player count (default 1000)")
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help="game i is played from seed 'S:i' (default 1)")
    parser.add_argument("--policy", action="append", default=[], metavar="NAME[:k=v,...]",
                        help="a seat's policy, repeatable, cycled over the seats (default: "
                        "the game's first strategy for every seat)")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule setting of run A, repeatable")
    parser.add_argument("--against", action="append", default=[], metavar="KEY=VALUE",
                        help="run B: run A's settings with this one changed, repeatable; "
                        "both play the same seeds and B minus A is reported")
    parser.add_argument("--minutes-per-turn", type=float, default=1.0, metavar="M",
                        help="table minutes per turn, for the estimated game time (default 1)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="processes playing games (default 1; results do not depend on it)")
    parser.add_argument("--out", type=Path, metavar="DIR",
                        help="where to write everything (default: summaries in "
                        "output/GAME/playtest/Np/, reports beside the kit in "
                        "output/GAME/LOCALE/; a project's in its output/ID/)")
    parser.add_argument("--locale", action="append", default=[], metavar="CODE",
                        help="the report's language, repeatable (default: every locale the "
                        "game is built in)")
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")


@reported
def run(args: argparse.Namespace) -> int:
    from printkit.commands.playtest import PlaytestOptions, playtest, text

    if args.game is None and args.project is None:
        raise UsageError("playtest needs GAME (a game id or a project folder) or --project DIR")
    options = PlaytestOptions(
        game=args.game or "", players=tuple(args.players), games=args.games, seed=args.seed,
        policies=tuple(args.policy), rules=tuple(args.rule), against=tuple(args.against),
        minutes_per_turn=args.minutes_per_turn, jobs=args.jobs, out=args.out,
        project=args.project, locales=tuple(args.locale))
    result = playtest(options, (lambda line: None) if args.quiet else err)
    for summary in result.summaries:
        for line in text(summary):
            print(line)
    for path in result.written:
        print(f"wrote {path}")
    return 0
