"""Phase four of a build: assemble each game and locale's guide and kit.

Once a game's documents are all rendered or up to date, its guide, kit, print-run files,
kit page data and rules page are kept when their fingerprint (their documents' and
their own) is unchanged and every file is as written; otherwise they are made again by
one :class:`~.kits.GuideAndKit` task. A game and locale whose documents are all up to
date may still need its guide and kit (a kit file deleted, say).
"""

from __future__ import annotations

from pathlib import Path

from printkit import games
from printkit.commands.build.job import RenderFailure, has_rules, outputs
from printkit.commands.build.kits import GuideAndKit
from printkit.commands.build.ledger import Ledger, kit_data_path
from printkit.commands.build.options import KIT_ID, Progress, output_path
from printkit.commands.build.pool import Entry, Workers
from printkit.fingerprint import digest
from printkit.game import GUIDE, Game
from printkit.guide import materials, print_order
from printkit.html import FILE_NAME as RULES_PAGE
from printkit.kinds import kind
from printkit.output import Spooled
from printkit.runs import plan, run_file

#: Rough cost of a guide and kit (the guide, then merging every document into the kit).
GUIDE_COST = kind(GUIDE.kind).cost


def assemble_guides_and_kits(ledger: Ledger, workers: Workers, groups: list[tuple[str, str]],
                             progress: Progress = lambda line: None) -> None:
    """The guide and kit of every (game, locale) in ``groups`` whose documents did not
    fail: kept, or made by the workers; failures go into ``ledger.errors``."""
    ready: list[Entry] = []
    for game_id, locale in groups:
        if (game_id, locale) in ledger.failed:
            continue
        task = guide_and_kit_task(ledger, game_id, locale)
        if task is not None:
            ready.append((GUIDE_COST, task))

    def done(task: GuideAndKit, outcome: tuple) -> list[Entry]:
        progress(f"{task.game} {task.locale}: guide and kit")
        record_guide_and_kit(ledger, task, outcome)
        return []

    workers.run(ready, {GuideAndKit: done})


def run_ids(game: Game, layout: str) -> list[str]:
    """The print runs of a game's kit: which there are depends on its documents' kinds
    and the card layout, not on their page counts."""
    order = print_order(materials(game.documents, layout, {d.id: 1 for d in game.documents}))
    return [run.id for run in plan(order)]


def _paths(ledger: Ledger, game: Game, locale: str, guide_print: str,
           runs: list[str]) -> list[tuple[Path, str]]:
    """Every file of a guide and kit but the guide's previews, with its fingerprint."""
    out, paper = ledger.out, ledger.paper.id
    folder = out / game.id / locale
    return [(output_path(out, game.id, locale, GUIDE.id, paper), guide_print),
            (output_path(out, game.id, locale, KIT_ID, paper), digest(guide_print, "kit")),
            *((folder / run_file(run, paper), digest(guide_print, run)) for run in runs),
            (kit_data_path(out, game.id, locale, paper), digest(guide_print, "data")),
            *(((folder / RULES_PAGE, digest(guide_print, "rules")),)
              if has_rules(game) else ())]


def guide_and_kit_task(ledger: Ledger, game_id: str, locale: str) -> GuideAndKit | None:
    """The guide-and-kit task of a game and locale whose documents are all done; None
    (and its records kept in ``ledger``) when every one of its files is up to date."""
    game = games.get(game_id)
    out = ledger.out
    doc_prints = [ledger.prints[(game.id, locale, name)] for name in outputs(game, ledger.spec)]
    guide_path = output_path(out, game.id, locale, GUIDE.id, ledger.paper.id)
    old = ledger.store.get(out, guide_path)
    current = old and ledger.fingerprint(game, locale, GUIDE.id, old.used, *doc_prints)
    runs = run_ids(game, ledger.spec.layout)
    paths = _paths(ledger, game, locale, current, runs) if current else []
    kept = bool(paths) and all(ledger.store.up_to_date(out, p, d) for p, d in paths)
    shots = kept and ledger.kept_previews((game.id, locale, GUIDE.id), current)
    if kept and shots is not None:
        for path, _ in paths:
            ledger.keep(path, ledger.store.get(out, path))
        ledger.fresh.records.update(shots)
        ledger.missing[locale].update(old.warnings)
        ledger.result.up_to_date += 2 + len(runs)
        return None
    # (rendered now, or in place since an earlier build: read by the worker)
    docs = {}
    for name in outputs(game, ledger.spec):
        path = output_path(out, game.id, locale, name, ledger.paper.id)
        docs[name] = ledger.files.get(path) or Spooled(path)
    return GuideAndKit(game.id, locale, docs, ledger.paper.id)


def record_guide_and_kit(ledger: Ledger, task: GuideAndKit, outcome: tuple) -> None:
    """A guide-and-kit task's files, fingerprinted, into ``ledger`` (or its failure)."""
    if outcome[0] == "error":
        ledger.errors.append(RenderFailure(outcome[1], outcome[2]))
        return
    _, (guide, kit, runs, data, rules), used, absent, shots = outcome
    game = games.get(task.game)
    locale = task.locale
    doc_prints = [ledger.prints[(game.id, locale, name)] for name in outputs(game, ledger.spec)]
    guide_print = ledger.fingerprint(game, locale, GUIDE.id, used, *doc_prints)
    made = [guide, kit, *runs.values(), data, *((rules,) if rules is not None else ())]
    for (path, print_), pdf in zip(_paths(ledger, game, locale, guide_print, list(runs)),
                                   made, strict=True):
        ledger.add(path, print_, used, absent, pdf)
    ledger.add_previews((game.id, locale, GUIDE.id), guide_print, shots)
    ledger.missing[locale].update(absent)
    ledger.result.rendered += 2 + len(runs)
