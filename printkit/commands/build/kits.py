"""The guide-and-kit task: a game's guide (it lists the kit's pages), the whole kit as one
PDF, its print-run files, its duplex calibration sheet, the kit page's data and the rules
page, made from the game's rendered documents. Picklable like the tasks of :mod:`.tasks`;
the building process decides when it is needed (see :mod:`.assemble`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from printkit import games
from printkit.assembly.guide import render_calibration, render_guide
from printkit.assembly.guide.materials import bill_of_materials, print_order
from printkit.commands.build.job import Job, failure, has_rules
from printkit.commands.fingerprint import used_decks, used_pictures
from printkit.errors import PrintkitError
from printkit.language.translations import N_, Localizer
from printkit.model.components import deck as decks
from printkit.model.components.images import DRAWN
from printkit.model.game import CALIBRATION, GUIDE, Game, RenderContext
from printkit.model.runs import Slot, blank_page, has_calibration, in_kit, plan
from printkit.model.shared_sheets import groups, hosts, render_sheet
from printkit.output import Spooled
from printkit.outputs.html import rules_page
from printkit.outputs.preview.kitpage import kit_data
from printkit.pdfmerge.bind import KitPart, combine, page_count

# TRANSLATORS: the whole kit as one PDF: that file's title after the game's name
# ("Polar Derby · Print-and-play kit") and the link to it on the kit web page.
KIT_TITLE = N_("Print-and-play kit")

#: The title of each print run's file (the guide names the file, the PDF viewer this).
RUN_TITLES = {
    # TRANSLATORS: the title of a print-run file (in the PDF viewer's title bar, after the game's
    # name): the single-sided pages to print on paper.
    "paper": N_("Print run: paper, single-sided"),
    # TRANSLATORS: the title of a print-run file (in the PDF viewer's title bar, after the game's
    # name): the single-sided pages to print on card.
    "card": N_("Print run: card, single-sided"),
    # TRANSLATORS: the title of a print-run file (in the PDF viewer's title bar, after the game's
    # name): the pages to print double-sided on card.
    "duplex": N_("Print run: card, double-sided"),
}


@dataclass(frozen=True)
class GuideAndKit:
    """The guide and kit of one game and locale, from its documents' PDFs (each the bytes,
    or the file where it waits or already is: read there, a big deck a piece at a time).

    :meth:`run` gives ``("ok", (guide, kit, runs, kit data, rules page, calibration sheet),
    used catalog keys and pictures, missing keys, previews)`` or ``("error", lines, exit
    code)``; what it was not asked to make is None (the runs: left out).
    """

    game: str
    locale: str
    #: every output of the game but its guide and kit, by name (variants too: the guide
    #: lists them with their page counts)
    docs: dict[str, bytes | Spooled]
    paper: str
    #: what to make: "guide", "kit", a run's id, "calibration", "data", "rules"; None:
    #: everything
    make: tuple[str, ...] | None = None
    #: the guide in place, when it is not made again
    guide: Spooled | None = None

    def _wanted(self, name: str) -> bool:
        return self.make is None or name in self.make

    def run(self, job: Job) -> tuple:
        game = games.get(self.game)
        localizer = Localizer.for_locale(self.locale, strict=job.strict)
        ctx = job.context(game, GUIDE.id, localizer)
        DRAWN.clear()
        decks.READ.clear()
        try:
            pdfs: dict[str, bytes | Path] = {
                name: data if isinstance(data, bytes) else data.path
                for name, data in self.docs.items()}
            counts = {name: page_count(pdf) for name, pdf in pdfs.items()}
            guide = job.in_colours(render_guide(ctx, counts), f"{self.game}/{self.locale}/guide") \
                if self.guide is None else self.guide.path
            pdfs = {GUIDE.id: guide, **{d.id: pdfs[d.id] for d in game.documents}}
            order = print_order(bill_of_materials(ctx, counts))
            sheets = shared_sheets(job, game, localizer, counts) if any(
                self._wanted(name) for name in ("kit", *RUN_TITLES)) else {}
            shares = hosts(sheets)
            planned = plan(order, shares)
            calibration = None
            # the calibration sheet: a file of its own, the double-sided run's first sheet
            # and the kit's, drawn again for any of them (the same bytes every time)
            if has_calibration(order) and any(self._wanted(name) for name in (
                    CALIBRATION.id, "kit", *(run.id for run in planned if run.duplex))):
                calibration = job.in_colours(render_calibration(ctx),
                                             f"{self.game}/{self.locale}/calibration")
                pdfs[CALIBRATION.id] = calibration
            kit = print_file(ctx, pdfs, in_kit(page_count(guide), order, shares), KIT_TITLE,
                             job, sheets) if self._wanted("kit") else None
            runs = {run.id: print_file(ctx, pdfs, run.slots, RUN_TITLES[run.id], job, sheets)
                    for run in planned if self._wanted(run.id)}
            if not self._wanted(CALIBRATION.id):
                calibration = None
            # the rules to read on a phone, from the same templates as the rulebook
            rules = rules_page(ctx) if has_rules(game) and self._wanted("rules") else None
        except PrintkitError as exc:
            return failure(exc)
        pages = {GUIDE.id: page_count(guide), **counts}
        if self._wanted("data") and not sheets:  # (the kit and runs found them already)
            shares = hosts(groups(ctx, counts))
        data = kit_data(ctx, pages, shares) if self._wanted("data") else None
        made = guide if self.guide is None else None
        shots = job.previews_of(made) if made is not None else {}
        found = job.preflight(made, self.game, self.locale, GUIDE.id, GUIDE.kind) \
            if made is not None else []
        if rules is not None and "rulebook" in pdfs:  # one fact, said one way
            found += job.same_facts(pdfs["rulebook"], rules, self.game, self.locale)
        used = (sorted(localizer.used) + used_pictures(game.folder, DRAWN)
                + used_decks(decks.READ))
        return ("ok", (made, kit, runs, data, rules, calibration), used,
                sorted(localizer.missing | localizer.notes | set(found)), shots)


def shared_sheets(job: Job, game: Game, localizer: Localizer,
                  counts: dict[str, int]) -> dict[tuple[str, ...], bytes]:
    """The sheets documents of the kit share (see :mod:`printkit.model.shared_sheets`), by
    their group of documents."""
    ctx = job.context(game, GUIDE.id, localizer)
    return {group: job.in_colours(render_sheet(job.context(game, group[0], localizer), group),
                                  f"{game.id}/{localizer.code}/{'+'.join(group)}")
            for group in groups(ctx, counts)}


def print_file(ctx: RenderContext, pdfs: dict[str, bytes | Path], slots: tuple[Slot, ...],
               title: str, job: Job,
               sheets: Mapping[tuple[str, ...], bytes] | None = None) -> bytes | Spooled:
    """The documents of ``slots`` in one PDF, with a page left blank (and saying so) before
    each double-sided one that would otherwise start on an even page (in the build's
    colours); the documents of a group of ``sheets`` as that one sheet, named after them
    all; written into the job's spool as it is made, when there is one."""
    spool = job.spool
    game, sheets = ctx.game, sheets or {}
    group_of = {group[0]: group for group in sheets}
    on_sheet = hosts(sheets)
    present = {slot.document for slot in slots}
    parts: list[KitPart] = []
    for slot in slots:
        if on_sheet.get(slot.document) in present:
            continue  # printed on the sheet it shares with the first of its group
        # (the guide and the calibration sheet are documents of the game too)
        group = group_of.get(slot.document, (slot.document,))
        name = " \u00b7 ".join(ctx._(game.document(doc).title) for doc in group)
        if slot.blank_before:  # a page of no document: it says so, and only that
            parts.append(KitPart(title=None, pdf=job.in_colours(_blank(ctx), "blank page"),
                                 label=None))
        pdf = sheets[group] if group in sheets else pdfs[slot.document]
        parts.append(KitPart(title=name, pdf=pdf, label=name))
    whole = f"{ctx.data['title']} · {ctx._(title)}"
    if spool is None:
        return combine(parts, whole, ctx.localizer.code)
    path = spool.new()
    with path.open("wb") as fh:
        combine(parts, whole, ctx.localizer.code, into=fh)
    return Spooled(path)


def _blank(ctx: RenderContext) -> bytes:
    # TRANSLATORS: the whole kit and the double-sided print run: alone on a page left blank so
    # that a double-sided part starts on a sheet of its own; centred, in italics.
    text = ctx._("This page is intentionally left blank.")
    return blank_page(ctx.paper, ctx.localizer.code, text, ctx.data["title"])
