"""Phase three of a build: render what is stale.

Pictures first, each once and spread over the workers: the documents drawing them then
read them from the picture cache (two workers would otherwise both prepare each one).
Then the documents, longest first, a big one (a deck of thousands of cards) in parts
that render in any worker and are joined in order (see :mod:`printkit.commands.parts`).
Each result goes into the ledger as it arrives; the order they arrive in changes nothing
written.
"""

from __future__ import annotations

from collections import Counter

from printkit import games
from printkit.commands import parts as parted
from printkit.commands.build.job import Job, Key, RenderFailure, target, unique
from printkit.commands.build.ledger import Ledger
from printkit.commands.build.options import Progress, output_path
from printkit.commands.build.pool import Entry, Workers
from printkit.commands.build.tasks import JoinParts, PreparePictures, RenderDocument
from printkit.errors import BuildError
from printkit.kinds import kind
from printkit.model.components.deck import loaded_deck
from printkit.model.components.pictures import cached
from printkit.model.game import Game
from printkit.output import Spooled
from printkit.pdfmerge.bind import page_count

#: Pictures prepared by one task: few enough to spread over the workers, enough that a
#: task is worth sending.
PICTURE_BATCH = 8


def pictures_to_prepare(selected: list[Game], prepared: dict[str, tuple]) -> list[tuple]:
    """Every picture the selected games' decks draw that the cache does not hold at its
    size yet, each once (two decks, two names, one picture: prepared once)."""
    found: dict[tuple, tuple] = {}
    for game in selected:
        data = prepared.get(game.id, ({},))[0]
        for deck_id in data.get("decks") or {}:
            for art, pixels in loaded_deck(data, deck_id, game.folder).pictures:
                found.setdefault((art.digest, pixels), (art, pixels))
    return [item for key, item in sorted(found.items()) if not cached(*key)]


def prepare_pictures(workers: Workers, selected: list[Game],
                     progress: Progress = lambda line: None) -> None:
    """Prepare every picture the renders will draw that is not in the cache yet; a
    picture that cannot be prepared fails the build here, before any render."""
    unprepared = pictures_to_prepare(selected, workers.job.prepared)
    if not unprepared:
        return
    progress(f"preparing {len(unprepared)} picture(s)")
    errors: list = []

    def done(task: PreparePictures, outcome: tuple) -> list[Entry]:
        if outcome[0] == "error":
            errors.append(RenderFailure(outcome[1], outcome[2]))
        return []

    workers.run([(1, PreparePictures(tuple(unprepared[i:i + PICTURE_BATCH])))
                 for i in range(0, len(unprepared), PICTURE_BATCH)], {PreparePictures: done})
    if errors:
        raise BuildError(unique(errors))


def document_tasks(ledger: Ledger, job: Job, todo: list[Key]) -> list[RenderDocument]:
    """The render tasks of the outputs in ``todo``: one each, or one per part of a big
    document (how many depends on the document alone, never on the workers)."""
    tasks = []
    for key in todo:
        game = games.get(key[0])
        doc, spec, _ = target(game, key[2], job.spec)
        ctx = job.context(game, doc.id, ledger.localizers[key[1]], spec)
        count = parted.count(doc, ctx)
        tasks += [RenderDocument(*key, None if count == 1 else i) for i in range(count)]
    return tasks


def render_documents(ledger: Ledger, workers: Workers, tasks: list[RenderDocument],
                     progress: Progress = lambda line: None) -> None:
    """Run ``tasks`` (see :func:`document_tasks`), costliest first, and record each
    document in ``ledger`` once whole; a failed one goes into ``ledger.errors`` and marks
    its game and locale failed."""
    renders = _Renders(ledger, tasks, progress)
    workers.run([(_cost(task, workers.job), task) for task in tasks],
                {RenderDocument: renders.document_done, JoinParts: renders.joined_done})


def _cost(task: RenderDocument, job: Job) -> int:
    return kind(target(games.get(task.game), task.name, job.spec)[0].kind).cost


class _Renders:
    """The results of one render phase as they arrive: progress, parts waiting for their
    siblings, whole documents into the ledger."""

    def __init__(self, ledger: Ledger, tasks: list[RenderDocument], progress: Progress):
        self.ledger = ledger
        self.progress = progress
        self.total = len(tasks)
        self.done = 0
        #: in how many parts each document renders (1: whole), and the parts done so far
        self.parts = Counter(task.key for task in tasks)
        self.pieces: dict[Key, dict[int, tuple]] = {}

    def document_done(self, task: RenderDocument, outcome: tuple) -> list[Entry]:
        key, part = task.key, task.part
        self.done += 1
        of = f" (part {part + 1} of {self.parts[key]})" if part is not None else ""
        self.progress(f"[{self.done}/{self.total}] {key[0]} {key[1]} {key[2]}{of}")
        if part is None:
            self._whole(key, outcome)
            return []
        # the document is done when its last part is joined
        pieces = self.pieces.setdefault(key, {})
        pieces[part] = outcome
        if len(pieces) < self.parts[key]:
            return []
        found = parted.pdfs([pieces[i] for i in range(self.parts[key])])
        if isinstance(found, list):
            doc = target(games.get(key[0]), key[2], self.ledger.spec)[0]
            return [(kind(doc.kind).cost, JoinParts(key, tuple(found)))]
        del self.pieces[key]
        self._whole(key, found)
        return []

    def joined_done(self, task: JoinParts, pdf: bytes | Spooled) -> list[Entry]:
        pieces = self.pieces.pop(task.key)
        outcomes = [pieces[i] for i in range(self.parts[task.key])]
        self._whole(task.key, parted.joined(outcomes, pdf))
        return []

    def _whole(self, key: Key, outcome: tuple) -> None:
        ledger = self.ledger
        if outcome[0] == "error":
            ledger.errors.append(RenderFailure(outcome[1], outcome[2]))
            ledger.failed.add(key[:2])
            return
        _, pdf, used, absent, shots = outcome
        game = games.get(key[0])
        ledger.prints[key] = ledger.fingerprint(game, key[1], key[2], used)
        ledger.pages[key] = page_count(pdf if isinstance(pdf, bytes) else pdf.path)
        ledger.add(output_path(ledger.out, *key, ledger.paper.id), ledger.prints[key],
                   used, absent, pdf, ledger.pages[key])
        ledger.add_previews(key, ledger.prints[key], shots)
        ledger.missing[key[1]].update(absent)
        ledger.result.rendered += 1
        ledger.result.rendered_documents.append("/".join(key))
