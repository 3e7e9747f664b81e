"""``printkit build``: verify every example, render every document, then write.

A build runs in phases, each a function of its own module that takes what it works on as
arguments:

1. :func:`~.stale.plan_stale`: what is stale (the rest is kept as it is on disk);
2. :func:`~.verify.verify_games`: the games with something to render, checked and
   prepared;
3. :func:`~.render.prepare_pictures` and :func:`~.render.render_documents`: the stale
   documents rendered;
4. :func:`~.assemble.assemble_guides_and_kits`: each game and locale's guide and kit;
5. :func:`~.write.collect_warnings` and :func:`~.write.write_output`: everything
   written at once, or nothing.

The building process keeps its account of the build in a :class:`~.ledger.Ledger`; the
work it hands out are picklable tasks (:mod:`.tasks`, :mod:`.kits`) that run with the
build's :class:`~.job.Job`, given to each worker once (:mod:`.pool`). No module global
carries a build's state, so a build gives the same bytes with any ``--jobs`` and however
its workers start.
"""

from __future__ import annotations

import os

from printkit import caches, games
from printkit.commands.build.assemble import assemble_guides_and_kits
from printkit.commands.build.job import Job, RenderFailure, unique
from printkit.commands.build.kits import KIT_TITLE, RUN_TITLES
from printkit.commands.build.ledger import Ledger
from printkit.commands.build.options import (
    KIT_ID,
    BuildOptions,
    BuildResult,
    Progress,
    check_source_date_epoch,
    output_path,
    resolve_locales,
    resolve_paper,
)
from printkit.commands.build.pool import START_METHOD, Workers
from printkit.commands.build.render import document_tasks, prepare_pictures, render_documents
from printkit.commands.build.stale import plan_stale
from printkit.commands.build.verify import verify_games
from printkit.commands.build.write import collect_warnings, preflight_findings, write_output
from printkit.errors import BuildError, PreflightError, TranslationErrors
from printkit.language import conventions
from printkit.language.fonts import check_locale
from printkit.language.internals import require_checked_reportlab
from printkit.output import Spool, output_lock, recover, unfinished
from printkit.tools.glossary import glossary_problems

__all__ = [
    "KIT_ID", "KIT_TITLE", "RUN_TITLES", "START_METHOD", "BuildOptions", "BuildResult",
    "Job", "Progress", "RenderFailure", "build", "check_source_date_epoch", "output_path",
    "resolve_locales", "resolve_paper",
]


def build(options: BuildOptions, progress: Progress = lambda line: None) -> BuildResult:
    """Build the selected kits. Nothing is written unless every document succeeds.

    A document whose inputs are unchanged since the last build into the same
    folder, and whose file is still as written, is not rendered again (see
    :mod:`printkit.commands.fingerprint`); ``force`` renders everything. What is rendered waits for
    the all-or-nothing write on disk, not in memory (see :class:`printkit.output.Spool`).
    """
    from printkit.language.locales import project_folder
    from printkit.tools.project import exit_error, no_exit

    with Spool() as spool:
        if project_folder() is None:  # printkit's own games: no project code to guard
            return _build(options, progress, spool)
        with no_exit():
            try:
                return _build(options, progress, spool)
            except SystemExit as exc:  # a project's code, anywhere in the building process
                raise exit_error(exc) from None


def _build(options: BuildOptions, progress: Progress, spool: Spool) -> BuildResult:
    """The phases in order, after the checks of what was asked (see the module's doc)."""
    require_checked_reportlab()  # a ReportLab printkit may print wrong PDFs with: refused
    check_source_date_epoch()
    caches.start_build()  # its inputs may have changed since the last build in this process
    selected = games.select(options.games)
    locales = resolve_locales(options.locales)
    if options.strict:  # a strict build also holds translations to the glossaries
        found = glossary_problems(locales)
        if found:
            raise TranslationErrors(found)
    paper = resolve_paper(options.paper)
    spec = options.spec()
    profile = options.profile()
    workers = options.workers()
    for code in locales:  # fonts and script usable, every catalog character printable
        check_locale(code)
        conventions.conventions(code)  # its typography.toml usable
    if unfinished(options.out):  # a build killed while writing files: undo it first
        with output_lock(options.out):
            recover(options.out)
    ledger = Ledger.open(options, selected, locales, paper, spec, spool, profile)

    todo = plan_stale(ledger, selected, locales)
    prepared = verify_games(ledger, selected, locales, todo, progress)
    job = Job(prepared, paper, spec, options.strict, options.previews, spool, options.flow_xml,
              profile)
    tasks = document_tasks(ledger, job, todo)
    groups = [(game.id, locale) for game in selected for locale in locales]
    # No more processes than there is work, nor more than a few per core.
    enough = max(1, min(workers, len(tasks) + len(groups), 4 * (os.cpu_count() or 1)))
    if options.jobs is not None and enough < options.jobs:
        ledger.result.warnings.append(
            f"warning: --jobs {options.jobs}: {enough} processes used (no more than the "
            f"documents to render, at most 4 per core)")
    with Workers(job, enough, options.start_method) as pool:
        if tasks:
            prepare_pictures(pool, selected, progress)
        render_documents(ledger, pool, tasks, progress)
        assemble_guides_and_kits(ledger, pool, groups, progress)
    if ledger.errors:
        raise BuildError(unique(ledger.errors))
    if options.strict:  # a strict build holds every page to the preflight too
        found = preflight_findings(ledger)
        if found:
            raise BuildError([PreflightError(line.removeprefix("warning: "))
                              for line in found])
    collect_warnings(ledger, selected)
    ledger.result.written = write_output(ledger, options, selected, locales)
    return ledger.result
