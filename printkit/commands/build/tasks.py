"""The work a build hands out, one picklable task at a time: prepare pictures, render a
document (or one part of one), join a document's parts.

A task carries only what tells it apart from the build's other tasks (a game, a locale,
a document name: a few bytes to send); what they all share comes as the explicit
:class:`~.job.Job` argument of :meth:`run`, which a worker received once when it started
(see :mod:`.pool`). The guide-and-kit task is in :mod:`.kits`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from printkit import games
from printkit.commands import parts as parted
from printkit.commands.build.job import Job, Key, failure, target
from printkit.commands.fingerprint import used_decks, used_pictures
from printkit.errors import PrintkitError
from printkit.language.translations import Localizer
from printkit.model.components import deck as decks
from printkit.model.components.images import DRAWN, Artwork, prepared_picture
from printkit.model.rulebook import SOURCES
from printkit.output import Spooled


@dataclass(frozen=True)
class PreparePictures:
    """Prepare a few pictures into the picture cache, before the documents that draw them."""

    batch: tuple[tuple[Artwork, tuple[int, int]], ...]

    def run(self, job: Job) -> tuple:
        try:
            for art, pixels in self.batch:
                prepared_picture(art, pixels)
        except PrintkitError as exc:
            return failure(exc)
        return ("ok", len(self.batch))


@dataclass(frozen=True)
class RenderDocument:
    """Render one document or variant, or one part of one (see :mod:`printkit.commands.parts`).

    :meth:`run` gives ``("ok", pdf, used catalog keys and pictures, missing keys and
    warnings, previews)`` or ``("error", lines, exit code)``. Variants have no previews.
    """

    game: str
    locale: str
    name: str
    #: which part, for a document rendered in parts; None: the whole document
    part: int | None = None

    @property
    def key(self) -> Key:
        return (self.game, self.locale, self.name)

    def run(self, job: Job) -> tuple:
        game = games.get(self.game)
        doc, spec, own = target(game, self.name, job.spec)
        localizer = Localizer.for_locale(self.locale, strict=job.strict)
        DRAWN.clear()
        decks.READ.clear()
        sources: dict[str, str] = {}
        token = SOURCES.set(sources) if job.flow_xml is not None else None
        try:
            pdf = job.in_colours(doc.render(replace(job.context(game, doc.id, localizer, spec),
                                                    part=self.part)),
                                 f"{self.game}/{self.locale}/{self.name}")
        except PrintkitError as exc:
            return failure(exc)
        finally:
            if token is not None:
                SOURCES.reset(token)
        job.write_flow_xml(self.game, self.locale, sources)
        # Missing translations (catalog keys) and other warnings (whole lines) travel, and
        # are remembered for the incremental build, together; so do the pictures drawn.
        used = (sorted(localizer.used) + used_pictures(game.folder, DRAWN)
                + used_decks(decks.READ))
        shots = job.previews_of(pdf) if own else {}
        # a one-up page is the card and its bleed: a print shop prints it to the edge
        found = job.preflight(pdf, self.game, self.locale, self.name, doc.kind, self.part,
                              0.0 if spec.one_up else None)
        return ("ok", job.kept(pdf), used,
                sorted(localizer.missing | localizer.notes | set(found)), shots)


@dataclass(frozen=True)
class JoinParts:
    """One document from the PDFs of its parts, in order (see :mod:`printkit.commands.parts`)."""

    key: Key
    pdfs: tuple[bytes | Path, ...]

    def run(self, job: Job) -> bytes | Spooled:
        return parted.join_pdfs(list(self.pdfs), job.spool)
