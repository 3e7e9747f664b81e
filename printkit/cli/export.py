"""``printkit export cards|tts``: a game's cards drawn as images, for print services and
Tabletop Simulator."""

from __future__ import annotations

import argparse

from printkit.cli.common import Parser, err, in_project, progress
from printkit.cli.options import add_out
from printkit.outputs.shops import GENERIC, presets

NAME = "export"
HELP = "card images: for print services, Tabletop Simulator"
DESCRIPTION = ("Draw a game's cards with the PDFs' own code and write them as images under "
               "OUT/exports/GAME/LOCALE/.")

#: Each kind of export, with what it writes.
KINDS = (("cards", "one PNG per card face and back, with bleed, at a print shop's size or "
                   "any dpi, and a CSV manifest"),
         ("tts", "Tabletop Simulator deck sheets, backs and saved objects"))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    kinds = parser.add_subparsers(dest="kind", required=True, parser_class=Parser)
    for kind, summary in KINDS:
        e = kinds.add_parser(kind, help=summary, description=summary[:1].upper() + summary[1:]
                             + ".")
        e.add_argument("--game", required=True, metavar="ID", help="the game")
        e.add_argument("--locale", action="append", metavar="CODE",
                       help="this locale (repeatable; default: en)")
        e.add_argument("--document", action="append", metavar="ID",
                       help="only this card set (repeatable; default: every card and token "
                       "document)")
        if kind == "cards":
            e.add_argument("--preset", default=GENERIC, choices=presets(),
                           help="whose card images: a print shop's exact pixel sizes (mpc: "
                           "MakePlayingCards, tgc: The Game Crafter), or generic: each card "
                           "and its 3 mm bleed at --dpi (default: generic)")
            e.add_argument("--dpi", type=int, default=None, metavar="N",
                           help="resolution of the generic preset, 72 to 1200 (default: 300)")
        add_out(e)
        e.add_argument("--quiet", action="store_true", help="print only errors")


@in_project(installable=True)
def run(args: argparse.Namespace) -> int:
    from printkit.commands.export import ExportOptions, export_cards, export_tts

    options = ExportOptions(game=args.game, locales=args.locale, documents=args.document,
                            dpi=getattr(args, "dpi", None),
                            preset=getattr(args, "preset", GENERIC), out=args.out)
    done = (export_cards if args.kind == "cards" else export_tts)(options,
                                                                  progress=progress(args))
    for note in done.notes:
        err(f"note: {note}")
    if not args.quiet:
        print(f"wrote {len(done.written)} file(s) to {options.out / 'exports' / options.game}")
    return 0
