"""Phase four of a build: assemble each game and locale's guide and kit.

Once a game's documents are all rendered or up to date, its guide, kit, print-run files,
kit page data and rules page are kept when their fingerprints are unchanged and every
file is as written; otherwise one :class:`~.kits.GuideAndKit` task makes them again. The
guide depends on its documents' page counts, the kit and each print run on the
documents they hold too: while the guide is kept, the task makes only the files that are
stale (a changed card picture: the kit and the run with the card sheets). A game and
locale whose documents are all up to date may still need its guide and kit (a kit file
deleted, say).
"""

from __future__ import annotations

from pathlib import Path

from printkit import games
from printkit.assembly.guide.materials import materials, print_order
from printkit.commands.build.job import RenderFailure, has_rules, outputs
from printkit.commands.build.kits import GuideAndKit
from printkit.commands.build.ledger import Ledger, kit_data_path
from printkit.commands.build.options import KIT_ID, Progress, output_path
from printkit.commands.build.pool import Entry, Workers
from printkit.commands.fingerprint import Record, digest
from printkit.kinds import kind
from printkit.model.game import CALIBRATION, GUIDE, Game
from printkit.model.runs import calibration_file, plan, run_file
from printkit.output import Spooled
from printkit.outputs.html import FILE_NAME as RULES_PAGE

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


def run_documents(game: Game, layout: str) -> dict[str, list[str]]:
    """The print runs of a game's kit, each with the documents it holds (the guide too):
    which there are depends on the documents' kinds and the card layout, not on their
    page counts."""
    order = print_order(materials(game.documents, layout, {d.id: 1 for d in game.documents}))
    return {run.id: [slot.document for slot in run.slots] for run in plan(order)}


def _counted(runs: dict[str, list[str]]) -> tuple[str, ...]:
    """The PDFs of a guide and kit that a build's summary counts: the guide, the kit, the
    print runs and the calibration sheet, if there is one."""
    duplex = any(CALIBRATION.id in docs for docs in runs.values())
    return ("guide", "kit", *runs, *((CALIBRATION.id,) if duplex else ()))


def _guide_print(ledger: Ledger, game: Game, locale: str, used: list[str]) -> str:
    """The guide's fingerprint: what it is made from, its documents' page counts among it
    (it lists them; their pictures or words it does not print). A count not recorded (by
    an earlier printkit, whose files are never kept anyway) matches no recorded guide."""
    return ledger.fingerprint(game, locale, GUIDE.id, used, *(
        f"{name} {ledger.pages.get((game.id, locale, name))}"
        for name in outputs(game, ledger.spec)))


def _members(ledger: Ledger, game: Game, locale: str, guide_print: str,
             runs: dict[str, list[str]]) -> list[tuple[str, Path, str]]:
    """Every file of a guide and kit but the guide's previews: its name in the task ("guide",
    "kit", a run's id, "calibration", "data", "rules"), its path and its fingerprint. The
    kit and each run also depend on the documents they hold; the rules page and the
    calibration sheet (made from what the guide is made from) on none of them."""
    out, paper = ledger.out, ledger.paper.id
    folder = out / game.id / locale

    def prints(names: list[str]) -> list[str]:
        return [ledger.prints[(game.id, locale, name)] for name in names
                if name not in (GUIDE.id, CALIBRATION.id)]

    duplex = any(CALIBRATION.id in docs for docs in runs.values())

    return [("guide", output_path(out, game.id, locale, GUIDE.id, paper), guide_print),
            ("kit", output_path(out, game.id, locale, KIT_ID, paper),
             digest(guide_print, "kit", prints([d.id for d in game.documents]))),
            *((run, folder / run_file(run, paper), digest(guide_print, run, prints(docs)))
              for run, docs in runs.items()),
            *(((CALIBRATION.id, folder / calibration_file(paper),
                digest(guide_print, CALIBRATION.id)),) if duplex else ()),
            ("data", kit_data_path(out, game.id, locale, paper),
             digest(guide_print, "data", prints(outputs(game, ledger.spec)))),
            *((("rules", folder / RULES_PAGE, digest(guide_print, "rules")),)
              if has_rules(game) else ())]


def _up_to_date(ledger: Ledger, game: Game, locale: str
                ) -> tuple[Record | None, str | None, list, dict[str, Record], dict | None]:
    """What of a guide and kit is up to date: the guide's record and current fingerprint
    (None: none recorded), its files with their fingerprints, those up to date, and the
    guide's previews (None: to make again). For a game whose documents are all done."""
    out = ledger.out
    old = ledger.store.get(out, output_path(out, game.id, locale, GUIDE.id, ledger.paper.id))
    current = old and _guide_print(ledger, game, locale, old.used)
    runs = run_documents(game, ledger.spec.layout)
    members = _members(ledger, game, locale, current, runs) if current else []
    kept = {name: record for name, path, print_ in members
            if (record := ledger.store.up_to_date(out, path, print_)) is not None}
    shots = ledger.kept_previews((game.id, locale, GUIDE.id), current) \
        if "guide" in kept else None
    return old, current or None, members, kept, shots


def needs_assembly(ledger: Ledger, game: Game, locale: str) -> bool:
    """Whether any file of a game's guide and kit is to make again, for a game whose
    documents are all up to date: a deleted kit or rules page, say (its game is then
    verified and prepared like one with documents to render)."""
    _, current, members, kept, shots = _up_to_date(ledger, game, locale)
    return current is None or shots is None or len(kept) < len(members)


def guide_and_kit_task(ledger: Ledger, game_id: str, locale: str) -> GuideAndKit | None:
    """The guide-and-kit task of a game and locale whose documents are all done; None
    (and its records kept in ``ledger``) when every one of its files is up to date.

    When the guide is up to date (its documents' page counts unchanged), the task makes
    only the files that are not: the kit and the print runs holding a changed document,
    say, and not the guide, the other runs or the rules page."""
    game = games.get(game_id)
    old, current, members, kept, shots = _up_to_date(ledger, game, locale)
    runs = run_documents(game, ledger.spec.layout)
    if old is None or current is None or shots is None:
        return GuideAndKit(game.id, locale, _documents(ledger, game, locale), ledger.paper.id)
    for name, path, _ in members:
        if name in kept:
            ledger.keep(path, kept[name])
    ledger.fresh.records.update(shots)
    ledger.missing[locale].update(old.warnings)
    ledger.result.up_to_date += sum(name in kept for name in _counted(runs))
    stale = tuple(name for name, _, _ in members if name not in kept)
    if not stale:
        return None
    ledger.kept_guides[(game.id, locale)] = (current, old.used)
    return GuideAndKit(game.id, locale, _documents(ledger, game, locale), ledger.paper.id,
                       make=stale, guide=Spooled(members[0][1]))


def _documents(ledger: Ledger, game: Game, locale: str) -> dict[str, bytes | Spooled]:
    """A game's outputs for its guide and kit: rendered now, or in place since an earlier
    build (read there by the worker)."""
    docs: dict[str, bytes | Spooled] = {}
    for name in outputs(game, ledger.spec):
        path = output_path(ledger.out, game.id, locale, name, ledger.paper.id)
        docs[name] = ledger.files.get(path) or Spooled(path)
    return docs


def record_guide_and_kit(ledger: Ledger, task: GuideAndKit, outcome: tuple) -> None:
    """A guide-and-kit task's files, fingerprinted, into ``ledger`` (or its failure)."""
    if outcome[0] == "error":
        ledger.errors.append(RenderFailure(outcome[1], outcome[2]))
        return
    _, (guide, kit, runs, data, rules, calibration), used, absent, shots = outcome
    game = games.get(task.game)
    locale = task.locale
    kept = ledger.kept_guides.pop((game.id, locale), None)
    # a guide kept: the files made now belong with its fingerprint and its words
    guide_print, used = kept if kept else (_guide_print(ledger, game, locale, used), used)
    made = {"guide": guide, "kit": kit, **runs, "data": data, "rules": rules,
            CALIBRATION.id: calibration}
    all_runs = run_documents(game, ledger.spec.layout)
    for name, path, print_ in _members(ledger, game, locale, guide_print, all_runs):
        if made.get(name) is not None:
            ledger.add(path, print_, used, absent, made[name])
    if guide is not None:
        ledger.add_previews((game.id, locale, GUIDE.id), guide_print, shots)
    ledger.missing[locale].update(absent)
    done = [name for name in _counted(all_runs) if made.get(name) is not None]
    ledger.result.rendered += len(done)
    ledger.result.rendered_documents += [
        f"{game.id}/{locale}/{f'print-{name}' if name in all_runs else name}" for name in done]
