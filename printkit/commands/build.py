"""``printkit build``: verify every example, render every document, then write."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import signal
import sys
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from itertools import count
from pathlib import Path

from printkit import filestamps, fit, games, trace
from printkit.commands import parts as parted
from printkit.components.deck import forget_decks, loaded_deck
from printkit.components.images import DRAWN, Artwork, prepared_picture
from printkit.components.pictures import cached
from printkit.errors import (
    BuildError,
    DataErrors,
    PrintkitError,
    TranslationErrors,
    UsageError,
)
from printkit.fingerprint import (
    STORE_NAME,
    Record,
    Store,
    code_digest,
    digest,
    game_digest,
    options_digest,
    pictures,
    translations,
    used_pictures,
)
from printkit.game import GUIDE, Document, Game, RenderContext
from printkit.guide import bill_of_materials, materials, print_order
from printkit.html import FILE_NAME as RULES_PAGE
from printkit.html import rules_page
from printkit.i18n import N_, Localizer, project_folder, shipped_locales
from printkit.i18n.glossary import glossary_problems
from printkit.kinds import kind
from printkit.kit import KitPart, combine, page_count
from printkit.layout.geometry import DEFAULT_SPEC, LAYOUTS, PAPERS, LayoutError, Paper, PrintSpec
from printkit.output import JOURNAL_NAME, Spool, Spooled, commit, output_lock, recover
from printkit.preview import COVER, preview_name, preview_pattern, render_previews
from printkit.preview import FOLDER as PREVIEWS
from printkit.preview.kitpage import INDEX_NAME, KIT_DATA, kit_data, kit_page
from printkit.render.fonts import check_locale, data_glyph_errors
from printkit.render.pdf import forget_recorded
from printkit.render.script import forget as forget_scripts
from printkit.render.script import load as load_script
from printkit.resources import builtin_folder
from printkit.runs import Slot, blank_page, in_kit, plan, run_file
from printkit.uptodate import Request, build_digest, remember
from printkit.variants import versions

Progress = Callable[[str], None]

#: The whole kit in one PDF: ``<out>/<game>/<locale>/kit-<paper>.pdf``.
KIT_ID = "kit"
# TRANSLATORS: the whole kit as one PDF: that file's title after the game's name
# ("Polar Derby · Print-and-play kit") and the link to it on the kit web page.
KIT_TITLE = N_("Print-and-play kit")


@dataclass
class BuildOptions:
    games: list[str] | None = None
    locales: list[str] | None = None
    paper: str = "a4"
    out: Path = Path("output")
    strict: bool = False
    #: How card sets are laid out: ``home``, ``shop`` or ``fold``.
    layout: str = "home"
    #: Millimetres every back page moves (x right, y up), for a printer that shifts backs.
    duplex_offset: tuple[float, float] = (0.0, 0.0)
    #: Build the ink-saving variant of every document.
    ink_saver: bool = False
    #: Processes rendering documents at once; None: one per core.
    jobs: int | None = None
    #: Render every document, even the ones whose inputs have not changed.
    force: bool = False
    #: Write PNG previews of every page beside the PDFs (see :mod:`printkit.preview`).
    previews: bool = True

    def spec(self) -> PrintSpec:
        """The print spec these options ask for; a bad layout or offset is a usage error."""
        if self.layout not in LAYOUTS:
            raise UsageError(f"--layout: unknown layout {self.layout!r}; choose one of: "
                             f"{', '.join(LAYOUTS)}")
        try:
            return replace(DEFAULT_SPEC, layout=self.layout, ink_saver=self.ink_saver,
                           duplex_offset_mm=tuple(self.duplex_offset))
        except LayoutError as exc:
            raise UsageError(f"--duplex-offset: {exc}") from None

    def request(self, games: list[str], locales: list[str]) -> Request:
        """What this build asks for, as :mod:`printkit.uptodate` compares it."""
        return Request.of(games, locales, self.paper, self.strict, self.layout,
                          self.duplex_offset, self.ink_saver, self.previews)

    def workers(self) -> int:
        if self.jobs is not None and self.jobs < 1:
            raise UsageError(f"--jobs: {self.jobs} is not a number of processes; give 1 or more")
        return self.jobs or os.cpu_count() or 1


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: Documents rendered in this build, and documents whose file was already up to date.
    rendered: int = 0
    up_to_date: int = 0


def output_path(out: Path, game: str, locale: str, document: str, paper: str) -> Path:
    """Where a document goes: ``<out>/<game>/<locale>/<document>-<paper>.pdf``."""
    return out / game / locale / f"{document}-{paper}.pdf"


def resolve_paper(paper_id: str) -> Paper:
    if paper_id not in PAPERS:
        raise UsageError(f"unknown paper {paper_id!r}; papers: {', '.join(PAPERS)}")
    return PAPERS[paper_id]


def resolve_locales(codes: list[str] | None) -> list[str]:
    known = shipped_locales()
    if not codes:
        return known
    for code in codes:
        if code not in known:
            raise UsageError(f"unknown locale {code!r}; shipped locales: {', '.join(known)}")
    return list(dict.fromkeys(codes))


def check_source_date_epoch() -> None:
    """``SOURCE_DATE_EPOCH``, when set, must be whole seconds since 1970 (reproducible builds).

    ReportLab dates every PDF by it; without it, PDFs carry a fixed date.
    """
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if value and not (value.isdigit() and int(value) < 253402300800):
        raise UsageError(f"SOURCE_DATE_EPOCH={value!r} is not a time in whole seconds since "
                         f"1970 (e.g. 1700000000); unset it for the fixed date")


# --- rendering, in this process or in worker processes ---------------------------------

@dataclass(frozen=True)
class _Job:
    """What every render of one build shares; workers inherit it when they fork."""

    prepared: dict[str, tuple[dict, dict]]
    paper: Paper
    spec: PrintSpec
    strict: bool
    previews: bool = True
    #: where renders wait for the write (workers keep their big results there)
    spool: Spool | None = None


_JOB: _Job | None = None



class RenderFailure(PrintkitError):
    """A document failed in a worker process: its one-line messages and exit code."""

    def __init__(self, lines: list[str], exit_code: int) -> None:
        super().__init__("\n".join(lines))
        self._lines = lines
        self.exit_code = exit_code

    def lines(self) -> list[str]:
        return self._lines


def _context(game: Game, locale: str, document: str, localizer: Localizer,
             spec: PrintSpec | None = None) -> RenderContext:
    assert _JOB is not None
    data, examples = _JOB.prepared[game.id]
    return RenderContext(game=game, data=data, examples=examples, localizer=localizer,
                         paper=_JOB.paper, document=document, spec=spec or _JOB.spec)


def _outputs(game: Game, spec: PrintSpec) -> list[str]:
    """What a build writes of a game besides its guide and kit, by name: its documents,
    then their ready-made variants (see :mod:`printkit.variants`)."""
    return [d.id for d in game.documents] + [v.id for v in versions(game.documents, spec)]


def _target(game: Game, name: str, spec: PrintSpec) -> tuple[Document, PrintSpec, bool]:
    """The document an output name renders, the print spec it renders with, and whether it
    is one of the build's own documents (False: a ready-made variant)."""
    for version in versions(game.documents, spec):
        if version.id == name:
            return version.document, version.variant.spec(spec), False
    return game.document(name), spec, True


def _failure(exc: PrintkitError) -> tuple[str, list[str], int]:
    inner = getattr(exc, "errors", None) or [exc]
    code = max(getattr(e, "exit_code", exc.exit_code) for e in inner)
    return ("error", exc.lines(), code)


def _previews(pdf: bytes) -> dict[str, bytes]:
    """The document's previews when the build asks for them: rasterised in the worker that
    rendered it, so previews render in parallel like the documents."""
    assert _JOB is not None
    return render_previews(pdf) if _JOB.previews else {}


def _render_document(task: tuple[str, str, str, int | None]) -> tuple:
    """Render one document or variant, or one part of one (see :mod:`.parts`): ("ok", pdf,
    used catalog keys, missing keys, previews) or ("error", …). Variants have no previews."""
    game_id, locale, name, part = task
    assert _JOB is not None
    game = games.get(game_id)
    doc, spec, own = _target(game, name, _JOB.spec)
    localizer = Localizer.for_locale(locale, strict=_JOB.strict)
    DRAWN.clear()
    try:
        pdf = doc.render(replace(_context(game, locale, doc.id, localizer, spec), part=part))
    except PrintkitError as exc:
        return _failure(exc)
    # Missing translations (catalog keys) and other warnings (whole lines) travel, and are
    # remembered for the incremental build, together; so do the pictures drawn.
    used = sorted(localizer.used) + used_pictures(game.folder, DRAWN)
    shots = _previews(pdf) if own else {}
    return ("ok", _kept(pdf), used, sorted(localizer.missing | localizer.notes), shots)


def _join_parts(task: tuple[tuple[str, str, str], list[bytes | Path]]) -> bytes | Spooled:
    """One document from the PDFs of its parts, in order (see :mod:`.parts`)."""
    assert _JOB is not None
    return parted.join_pdfs(task[1], _JOB.spool)


def _kept(pdf: bytes) -> bytes | Spooled:
    """A render's result as it travels back: a big one on disk (see :class:`Spool`)."""
    assert _JOB is not None
    return _JOB.spool.keep(pdf) if _JOB.spool is not None else pdf


def _prepare_pictures(batch: list[tuple[Artwork, tuple[int, int]]]) -> tuple:
    """Prepare a few pictures into the cache, before the documents that draw them."""
    try:
        for art, pixels in batch:
            prepared_picture(art, pixels)
    except PrintkitError as exc:
        return _failure(exc)
    return ("ok", len(batch))


#: Pictures prepared by one task: few enough to spread over the workers, enough that a
#: task is worth sending.
PICTURE_BATCH = 8


def _pictures_to_prepare(selected: list[Game], prepared: dict[str, tuple]) -> list[tuple]:
    """Every picture the selected games' decks draw that the cache does not hold at its
    size yet, each once (two decks, two names, one picture: prepared once)."""
    found: dict[tuple[str, tuple[int, int]], tuple[Artwork, tuple[int, int]]] = {}
    for game in selected:
        data = prepared.get(game.id, ({},))[0]
        for deck_id in data.get("decks") or {}:
            for art, pixels in loaded_deck(data, deck_id, game.folder).pictures:
                found.setdefault((art.digest, pixels), (art, pixels))
    return [item for key, item in sorted(found.items()) if not cached(*key)]


def _render_guide_and_kit(task: tuple[str, str, dict[str, bytes], str]) -> tuple:
    """The guide (it lists the kit's pages) and the whole kit as one PDF."""
    game_id, locale, docs, paper_id = task
    assert _JOB is not None
    game = games.get(game_id)
    localizer = Localizer.for_locale(locale, strict=_JOB.strict)
    ctx = _context(game, locale, GUIDE.id, localizer)
    try:
        # the guide lists the variants too, with their page counts; only the documents
        # themselves are held, one variant read at a time
        # the documents are read where they are (a big deck a piece at a time)
        pdfs: dict[str, bytes | Path] = {name: data if isinstance(data, bytes) else data.path
                                         for name, data in docs.items()}
        counts = {name: page_count(pdf) for name, pdf in pdfs.items()}
        guide = GUIDE.render(replace(ctx, pages=counts))
        pdfs = {GUIDE.id: guide, **{d.id: pdfs[d.id] for d in game.documents}}
        order = print_order(bill_of_materials(ctx, counts))
        kit = _print_file(ctx, pdfs, in_kit(page_count(guide), order), KIT_TITLE)
        runs = {run.id: _print_file(ctx, pdfs, run.slots, RUN_TITLES[run.id])
                for run in plan(order)}
        # the rules to read on a phone, from the same templates as the rulebook
        rules = rules_page(ctx) if _has_rules(game) else None
    except PrintkitError as exc:
        return _failure(exc)
    pages = {GUIDE.id: page_count(guide), **counts}
    data = kit_data(ctx, pages)
    shots = _previews(guide)
    return ("ok", (guide, kit, runs, data, rules), sorted(localizer.used),
            sorted(localizer.missing), shots)


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


def _print_file(ctx: RenderContext, pdfs: dict[str, bytes | Path], slots: tuple[Slot, ...],
                title: str) -> bytes | Spooled:
    """The documents of ``slots`` in one PDF, with a page left blank (and saying so) before
    each double-sided one that would otherwise start on an even page; written into the
    build's spool as it is made."""
    game = ctx.game
    parts: list[KitPart] = []
    for slot in slots:
        doc = GUIDE if slot.document == GUIDE.id else game.document(slot.document)
        name = ctx._(doc.title)
        if slot.blank_before:
            before = parts[-1]
            parts.append(KitPart(title=None, pdf=_blank(ctx), label=before.label,
                                 start=before.start + page_count(before.pdf)))
        parts.append(KitPart(title=name, pdf=pdfs[slot.document], label=name))
    whole = f"{ctx.data['title']} · {ctx._(title)}"
    assert _JOB is not None
    if _JOB.spool is None:
        return combine(parts, whole, ctx.localizer.code)
    path = _JOB.spool.new()
    with path.open("wb") as fh:
        combine(parts, whole, ctx.localizer.code, into=fh)
    return Spooled(path)


def _blank(ctx: RenderContext) -> bytes:
    # TRANSLATORS: the guide: alone on a page left blank so that the calibration front is an odd
    # page; centred, in italics.
    return blank_page(ctx.paper, ctx.localizer.code,
                      ctx._("This page is intentionally left blank."), ctx.data["title"])


#: Rough cost of a guide and kit (the guide, then merging every document into the kit).
_GUIDE_COST = kind(GUIDE.kind).cost


def _schedule(ready: list[tuple], workers: int,
              done: dict[Callable[[tuple], tuple], Callable[[tuple, tuple], list[tuple]]]
              ) -> None:
    """Run ``(cost, work, task)`` entries, costliest first, in as many processes as asked.

    ``done[work](task, outcome)`` is called in this process as each one finishes and
    may return more entries (a game's guide and kit once its last document is done);
    those join the queue by cost. With one worker everything runs here, in the order a
    pool would start it.
    """
    queue = list(ready)
    order = count()

    def take() -> tuple:
        """The costliest entry; of equal ones, the first queued."""
        best = max(range(len(queue)), key=lambda i: (queue[i][0], -i))
        return queue.pop(best)

    if workers <= 1 or len(queue) <= 1:
        while queue:
            _, work, task = take()
            queue.extend(done[work](task, work(task)))
        return
    # Workers start from an explicit job (see _start_worker): forked where fork is safe and
    # fast (Linux), spawned elsewhere. One task more in flight than workers, so that a
    # worker that finishes starts its next task at once instead of waiting for this process
    # to take the result (that wait cost each worker about 8 % of its time); no more, so
    # that a guide and kit that becomes ready goes ahead of cheaper documents.
    context = multiprocessing.get_context(START_METHOD)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context,
                             initializer=_start_worker, initargs=_worker_state()) as pool:
        try:
            running: dict[Future, tuple] = {}
            while queue or running:
                while queue and len(running) < workers + 1:
                    entry = take()
                    running[pool.submit(entry[1], entry[2])] = (next(order), entry)
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=lambda f: running[f][0]):
                    _, (_, work, task) = running.pop(future)
                    queue.extend(done[work](task, future.result()))
        except BaseException:
            # Ctrl-C, a stop signal or a failure: no worker outlives the build.
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)
            raise


#: How worker processes start: fork where it is safe (Linux: fast, nothing to import
#: again), else spawn (Windows has no fork; macOS's system libraries are not safe after
#: it). A build gives the same bytes either way.
START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"

def _worker_state() -> tuple:
    """What a worker needs to render: the job, the selected project's folder, the stamps of
    its pictures. A forked worker has them already; a spawned one gets them pickled."""
    if START_METHOD == "fork":
        return (_JOB, None, {})
    # pickled here, unpickled once the worker has the project: its prepared examples may
    # hold objects of the project's own rules module
    return (pickle.dumps(_JOB), project_folder(), filestamps.everything())


def _start_worker(job: _Job | bytes, project: Path | None, stamps: dict) -> None:
    """Set up a worker process: the build's job, its game project selected as the build
    selected it, and an end at once on a stop signal (the build stops its workers so)
    instead of the build's own handler for it."""
    global _JOB
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if not isinstance(job, bytes):
        return  # forked: everything is inherited
    filestamps.seed(stamps)
    if project is not None:
        from printkit.project import load_project, selected

        _WORKER_CONTEXT.enter_context(selected(load_project(project)))
    _JOB = pickle.loads(job)


#: A spawned worker's selected project, held for the worker's life.
_WORKER_CONTEXT = ExitStack()


def build(options: BuildOptions, progress: Progress = lambda line: None) -> BuildResult:
    """Build the selected kits. Nothing is written unless every document succeeds.

    A document whose inputs are unchanged since the last build into the same
    folder, and whose file is still as written, is not rendered again (see
    :mod:`printkit.fingerprint`); ``force`` renders everything. What is rendered waits for
    the all-or-nothing write on disk, not in memory (see :class:`printkit.output.Spool`).
    """
    with Spool() as spool:
        return _build(options, progress, spool)


def _build(options: BuildOptions, progress: Progress, spool: Spool) -> BuildResult:
    global _JOB
    check_source_date_epoch()
    forget_scripts()  # a locale's script.toml may have changed since the last build
    selected = games.select(options.games)
    locales = resolve_locales(options.locales)
    if options.strict:  # a strict build also holds translations to the glossaries
        found = glossary_problems(locales)
        if found:
            raise TranslationErrors(found)
    paper = resolve_paper(options.paper)
    spec = options.spec()
    workers = options.workers()
    for code in locales:  # fonts and script usable, every catalog character printable
        check_locale(code)
    #: How each locale sets its text (fonts, direction): documents follow it.
    scripts = {code: load_script(code).digest() for code in locales}

    errors: list[PrintkitError] = []
    localizers = {code: Localizer.for_locale(code, strict=options.strict) for code in locales}
    for localizer in localizers.values():  # CLDR data loaded once, before workers fork
        localizer.number(1000)
    forget_recorded()  # drawings shared between documents come from this build's data
    forget_decks()  # and so do the decks

    out = options.out
    if (out / JOURNAL_NAME).exists():  # a build killed while swapping files: undo it first
        with output_lock(out):
            recover(out)
    store = Store() if options.force else Store.load(out)
    filestamps.seed(store.stamps)  # pictures unchanged since the last build: not read again
    fresh = Store()
    base = {game.id: digest(code_digest(), game_digest(game.id, game.folder, game.project,
                                                      out),
                            os.environ.get("SOURCE_DATE_EPOCH", ""))
            for game in selected}
    # Rulebooks and references are set the same whatever the card layout or duplex
    # offset (their pictures of components follow the ink saver); every other document
    # depends on the whole print spec.
    def settings(doc_kind: str, spec: PrintSpec) -> str:
        return options_digest({"paper": paper.id, "strict": options.strict,
                               "spec": spec.ink_saver if kind(doc_kind).flow else spec})

    def fingerprint(game: Game, locale: str, name: str, used: list[str],
                    *depends: str) -> str:
        doc, doc_spec, _own = (GUIDE, spec, True) if name == GUIDE.id else \
            _target(game, name, spec)
        return digest(base[game.id], settings(doc.kind, doc_spec),
                      locale, scripts[locale], name, translations(localizers[locale], used),
                      pictures(game.folder, used), list(depends))

    # Documents: up to date, or rendered (longest first, in as many processes as asked).
    files: dict[Path, bytes | Spooled] = {}
    todo: list[tuple[str, str, str]] = []
    kinds: dict[tuple[str, str, str], str] = {}
    prints: dict[tuple[str, str, str], str] = {}
    missing: dict[str, set[str]] = {code: set() for code in locales}
    result = BuildResult()
    #: Preview records of documents rendered again: their pages may have changed in number.
    stale: set[str] = set()

    def kept_previews(key: tuple[str, str, str], current: str) -> dict[str, Record] | None:
        """The previews of an up-to-date document, if all are still as written (or not asked
        for); None sends the document back to be rendered, previews and all."""
        if not options.previews:
            return {}
        shots = _previews_of(store, *key, paper.id)
        if not any(name.endswith(f"-{COVER}.png") for name in shots):
            return None
        wanted = digest(current, "previews")
        return shots if all(store.up_to_date(out, out / name, wanted)
                            for name in shots) else None

    def add_previews(key: tuple[str, str, str], current: str,
                     shots: dict[str, bytes]) -> None:
        stale.update(_previews_of(store, *key, paper.id))
        folder = out / key[0] / key[1] / PREVIEWS
        for page, png in shots.items():
            shot = folder / preview_name(key[2], paper.id, page)
            files[shot] = png
            fresh.record(out, shot, digest(current, "previews"), [], [], png)

    for game in selected:
        for locale in locales:
            for name in _outputs(game, spec):
                key = (game.id, locale, name)
                path = output_path(out, *key, paper.id)
                old = store.get(out, path)
                current = old and fingerprint(game, locale, name, old.used)
                kept = old and store.up_to_date(out, path, current)
                own = _target(game, name, spec)[2]
                shots = kept and (kept_previews(key, current) if own else {})
                if kept and shots is not None:
                    fresh.records[path.relative_to(out).as_posix()] = kept
                    fresh.records.update(shots)
                    prints[key] = current
                    missing[locale].update(kept.warnings)
                    result.up_to_date += 1
                else:
                    todo.append(key)
                    kinds[key] = _target(game, name, spec)[0].kind
    # Every worked example of a game is replayed before any of its documents is rendered;
    # a game with nothing to render was verified by the build that rendered it.
    prepared = {}
    for game in selected:
        if not any(k[0] == game.id for k in todo) and result.up_to_date:
            continue
        progress(f"checking {game.id}: data and worked examples")
        try:
            prepared[game.id] = game.prepared()
            unprintable = data_glyph_errors(prepared[game.id][0],
                                            game.label(game.data_file), locales)
            if unprintable:
                raise DataErrors(unprintable)
            fit.check(game, prepared[game.id][0], paper)
            untraced = trace.coverage_problems(game, (v.example for v in
                                                      prepared[game.id][1].values()))
        except PrintkitError as exc:
            errors.append(exc)
            continue
        if untraced and options.strict:
            errors.append(trace.TraceError(untraced))
        result.warnings += [f"warning: {line}" for line in untraced]
    if errors:
        raise BuildError(errors)
    _JOB = _Job(prepared, paper, spec, options.strict, options.previews, spool)
    # Pictures first, each once and spread over the workers: the documents drawing them
    # then read them from the cache (two workers would otherwise both prepare each one).
    unprepared = _pictures_to_prepare(selected, prepared) if todo else []
    if unprepared:
        progress(f"preparing {len(unprepared)} picture(s)")
        batches = [unprepared[i:i + PICTURE_BATCH] for i in range(0, len(unprepared),
                                                                  PICTURE_BATCH)]

        def pictures_done(task: list, outcome: tuple) -> list[tuple]:
            if outcome[0] == "error":
                errors.append(RenderFailure(outcome[1], outcome[2]))
            return []

        _schedule([(1, _prepare_pictures, batch) for batch in batches],
                  max(1, min(workers, len(batches))), {_prepare_pictures: pictures_done})
        if errors:
            raise BuildError(_unique(errors))
    # Documents left to render per game and locale: its guide and kit follow the last one.
    waiting = {(game.id, locale): 0 for game in selected for locale in locales}
    for key in todo:
        waiting[key[:2]] += 1
    failed: set[tuple[str, str]] = set()
    done = [0]

    def run_ids(game: Game) -> list[str]:
        """The print runs of a game's kit: which there are depends on its documents' kinds
        and the card layout, not on their page counts."""
        order = print_order(materials(game.documents, spec.layout,
                                      {d.id: 1 for d in game.documents}))
        return [run.id for run in plan(order)]

    def guide_and_kit(game_id: str, locale: str) -> tuple | None:
        """The guide-and-kit task of a game and locale whose documents are all done; None
        (and its records kept) when the guide, the kit and their data are up to date."""
        game = games.get(game_id)
        doc_prints = [prints[(game.id, locale, name)] for name in _outputs(game, spec)]
        guide_path = output_path(out, game.id, locale, GUIDE.id, paper.id)
        kit_path = output_path(out, game.id, locale, KIT_ID, paper.id)
        old = store.get(out, guide_path)
        current = old and fingerprint(game, locale, GUIDE.id, old.used, *doc_prints)
        kept_guide = old and store.up_to_date(out, guide_path, current)
        kept_kit = kept_guide and store.up_to_date(out, kit_path, digest(current, "kit"))
        data_path = _kit_data_path(out, game.id, locale, paper.id)
        kept_data = kept_kit and store.up_to_date(out, data_path, digest(current, "data"))
        folder = out / game.id / locale
        run_paths = [(folder / run_file(run, paper.id), digest(current, run))
                     for run in run_ids(game)]
        kept_runs = kept_data and all(store.up_to_date(out, p, d) for p, d in run_paths)
        rules_paths = [folder / RULES_PAGE] if _has_rules(game) else []
        kept_rules = kept_runs and all(store.up_to_date(out, p, digest(current, "rules"))
                                       for p in rules_paths)
        shots = kept_rules and kept_previews((game.id, locale, GUIDE.id), current)
        if kept_rules and shots is not None:
            for path in (guide_path, kit_path, data_path, *(p for p, _ in run_paths),
                         *rules_paths):
                fresh.records[path.relative_to(out).as_posix()] = store.get(out, path)
            fresh.records.update(shots)
            missing[locale].update(kept_guide.warnings)
            result.up_to_date += 2 + len(run_paths)
            return None
        # (rendered now, or in place since an earlier build: read by the worker)
        docs = {name: files.get(output_path(out, game.id, locale, name, paper.id))
                or Spooled(output_path(out, game.id, locale, name, paper.id))
                for name in _outputs(game, spec)}
        return (game.id, locale, docs, paper.id)

    def document_done(task: tuple[str, str, str, int | None], outcome: tuple) -> list[tuple]:
        key, part = task[:3], task[3]
        done[0] += 1
        of = f" (part {part + 1} of {parts[key]})" if part is not None else ""
        progress(f"[{done[0]}/{progress_total}] {key[0]} {key[1]} {key[2]}{of}")
        if part is not None:  # the document is done when its last part is joined
            pieces.setdefault(key, {})[part] = outcome
            if len(pieces[key]) < parts[key]:
                return []
            found = parted.pdfs([pieces[key][i] for i in range(parts[key])])
            if isinstance(found, list):
                return [(kind(kinds[key]).cost, _join_parts, (key, found))]
            outcome = found
            del pieces[key]
        return whole_done(key, outcome)

    def joined_done(task: tuple, pdf: bytes | Spooled) -> list[tuple]:
        key = task[0]
        done_parts = pieces.pop(key)
        return whole_done(key, parted.joined([done_parts[i] for i in range(parts[key])], pdf))

    def whole_done(key: tuple[str, str, str], outcome: tuple) -> list[tuple]:
        waiting[key[:2]] -= 1
        if outcome[0] == "error":
            errors.append(RenderFailure(outcome[1], outcome[2]))
            failed.add(key[:2])
            return []
        _, pdf, used, absent, shots = outcome
        game = games.get(key[0])
        path = output_path(out, *key, paper.id)
        prints[key] = fingerprint(game, key[1], key[2], used)
        fresh.record(out, path, prints[key], used, absent, pdf)
        files[path] = spool.keep(pdf)
        add_previews(key, prints[key], shots)
        missing[key[1]].update(absent)
        result.rendered += 1
        if waiting[key[:2]] or key[:2] in failed:
            return []
        task = guide_and_kit(*key[:2])
        return [] if task is None else [(_GUIDE_COST, _render_guide_and_kit, task)]

    def kit_done(task: tuple, outcome: tuple) -> list[tuple]:
        progress(f"{task[0]} {task[1]}: guide and kit")
        if outcome[0] == "error":
            errors.append(RenderFailure(outcome[1], outcome[2]))
            return []
        _, (guide, kit, runs, data, rules), used, absent, shots = outcome
        game = games.get(task[0])
        locale = task[1]
        doc_prints = [prints[(game.id, locale, name)] for name in _outputs(game, spec)]
        guide_print = fingerprint(game, locale, GUIDE.id, used, *doc_prints)
        folder = out / game.id / locale
        for path, pdf, print_ in (
                (output_path(out, game.id, locale, GUIDE.id, paper.id), guide, guide_print),
                (output_path(out, game.id, locale, KIT_ID, paper.id), kit,
                 digest(guide_print, "kit")),
                *((folder / run_file(run, paper.id), pdf, digest(guide_print, run))
                  for run, pdf in runs.items()),
                (_kit_data_path(out, game.id, locale, paper.id), data,
                 digest(guide_print, "data")),
                *(((folder / RULES_PAGE, rules, digest(guide_print, "rules")),)
                  if rules is not None else ())):
            fresh.record(out, path, print_, used, absent, pdf)
            files[path] = spool.keep(pdf)
        add_previews((game.id, locale, GUIDE.id), guide_print, shots)
        missing[locale].update(absent)
        result.rendered += 2 + len(runs)
        return []

    # Longest first; a game and locale whose documents are all up to date may still need
    # its guide and kit (a kit file deleted, say).
    # A big document (a deck of thousands of cards) renders in parts, in any worker.
    def parts_of(key: tuple[str, str, str]) -> int:
        game = games.get(key[0])
        doc, doc_spec, _ = _target(game, key[2], spec)
        return parted.count(doc, _context(game, key[1], doc.id, localizers[key[1]], doc_spec))

    parts = {key: parts_of(key) for key in todo}
    pieces: dict[tuple[str, str, str], dict[int, tuple]] = {}
    ready = [(kind(kinds[k]).cost, _render_document, (*k, None if parts[k] == 1 else i))
             for k in todo for i in range(parts[k])]
    progress_total = len(ready)
    ready += [(_GUIDE_COST, _render_guide_and_kit, task) for group, left in waiting.items()
              if not left and (task := guide_and_kit(*group)) is not None]
    # No more processes than there is work, nor more than a few per core.
    enough = max(1, min(workers, progress_total + len(waiting), 4 * (os.cpu_count() or 1)))
    if options.jobs is not None and enough < options.jobs:
        result.warnings.append(f"warning: --jobs {options.jobs}: {enough} processes used (no "
                               f"more than the documents to render, at most 4 per core)")
    _schedule(ready, enough, {_render_document: document_done, _join_parts: joined_done,
                              _render_guide_and_kit: kit_done})
    if errors:
        raise BuildError(_unique(errors))
    # Files in one order whatever order the workers finished in.
    files = dict(sorted(files.items()))

    # Card images that print below 200 dpi: one warning per image, the build still succeeds.
    from printkit.components import game_warnings

    result.warnings += game_warnings(selected)
    for code, localizer in localizers.items():
        if localizer.catalog is not None:
            result.warnings += [f"warning: {line}; English used"
                                for line in localizer.catalog.rejected]
        for key in sorted(missing[code]):
            if key.startswith("warning: "):
                result.warnings.append(key)
                continue
            context, _, msgid = key.rpartition("\x04")
            shown = f"{msgid!r} (context {context!r})" if context else repr(msgid)
            result.warnings.append(f"warning: locale {code}: no translation for {shown}; "
                                   f"English used")
    # Records of files this build did not touch (other games, locales, papers) stay;
    # previews of a document rendered again are the ones this build made.
    for name, record in store.records.items():
        if name not in stale:
            fresh.records.setdefault(name, record)
    # The kit page lists every kit in the folder; rewritten only when it changes.
    index = out / INDEX_NAME
    page = kit_page(out, files, set(fresh.records))
    if not index.is_file() or index.read_bytes() != page:
        files[index] = page
    own = all(not g.project and g.folder == builtin_folder(g.id) for g in selected)
    request = options.request([g.id for g in selected], locales)
    whole = build_digest(request, out) if own else (
        build_digest(request, out, selected[0].folder)
        if len(selected) == 1 and selected[0].project else None)
    if whole:
        fresh.last = remember((Store.load(out) if options.force else store).last, {
            "digest": whole, "documents": result.rendered + result.up_to_date,
            "warnings": result.warnings, "extra": {INDEX_NAME: hashlib.sha256(page).hexdigest()}})
    fresh.stamps = filestamps.under([g.folder for g in selected if g.project])
    if files or store.to_bytes() != fresh.to_bytes():
        files[out / STORE_NAME] = fresh.to_bytes()
    result.written = [p for p in commit(files, out) if p.name != STORE_NAME] if files else []
    return result


def _has_rules(game: Game) -> bool:
    """Whether the game has a rulebook or reference, and so a rules page (see printkit.html)."""
    return any(kind(doc.kind).flow for doc in game.documents)


def _kit_data_path(out: Path, game: str, locale: str, paper: str) -> Path:
    """What the kit page needs to know of a kit (see :func:`printkit.preview.kitpage.kit_data`)."""
    return out / game / locale / PREVIEWS / KIT_DATA.format(paper=paper)


def _previews_of(store: Store, game: str, locale: str, document: str,
                 paper: str) -> dict[str, Record]:
    """The store's records of one document's previews."""
    folder = f"{game}/{locale}/{PREVIEWS}/"
    pattern = preview_pattern(document, paper)
    return {name: record for name, record in store.records.items()
            if name.startswith(folder) and pattern.fullmatch(name[len(folder):])}


def _unique(errors: list[PrintkitError]) -> list[PrintkitError]:
    seen: set[str] = set()
    out = []
    for e in errors:
        if str(e) not in seen:
            seen.add(str(e))
            out.append(e)
    return out
