"""Phase five of a build: the warnings, the kit page, the records, and the write.

Nothing reaches the output folder before this phase, and then everything does at once
or nothing does (see :func:`printkit.output.commit`). Files are written in one order
whatever order the workers finished in.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from printkit import filestamps
from printkit.commands.build.ledger import Ledger
from printkit.commands.build.options import BuildOptions
from printkit.commands.build.owned import foreign_warnings, removable, settle_records
from printkit.commands.fingerprint import STORE_NAME
from printkit.commands.uptodate import build_digest, outputs_digest, remember
from printkit.model.game import Game
from printkit.output import commit
from printkit.outputs.preflight.findings import PREFIX, REPORT_NAME
from printkit.outputs.preview.kitpage import INDEX_NAME, kit_page
from printkit.resources import builtin_folder


def collect_warnings(ledger: Ledger, selected: list[Game]) -> None:
    """Add the build's warnings to its result: card images that print below 200 dpi (one
    per image; the build still succeeds), catalog entries rejected, and translations
    missing in each locale, and a game project's entries that printkit's own catalog fills,
    in a fixed order."""
    from printkit.language.translations import filled_from_printkit
    from printkit.model.components import game_warnings

    warnings = ledger.result.warnings
    warnings += game_warnings(selected)
    for code, localizer in ledger.localizers.items():
        if localizer.catalog is not None:
            warnings += [f"warning: {line}; English used"
                         for line in localizer.catalog.rejected]
            filled = filled_from_printkit(code)
            if filled is not None:
                warnings.append(filled)
        for key in sorted(ledger.missing[code]):
            if key.startswith("warning: "):
                warnings.append(key)
                continue
            context, _, msgid = key.rpartition("\x04")
            shown = f"{msgid!r} (context {context!r})" if context else repr(msgid)
            place = f" ({localizer.catalog.place(key)})" if localizer.catalog else ""
            warnings.append(f"warning: locale {code}: no translation for {shown}; "
                            f"English used{place}")


def preflight_findings(ledger: Ledger) -> list[str]:
    """The preflight's findings on every document of the build, rendered or kept, in order
    (see :mod:`printkit.outputs.preflight`)."""
    return sorted(line for lines in ledger.missing.values() for line in lines
                  if line.startswith(PREFIX))


def preflight_report(found: list[str], out: Path, files: dict) -> bytes:  # type: ignore[type-arg]
    """``preflight.html`` for the findings ``found`` (their lines): each PDF with findings
    read again for the spots, from what this build is about to write or from the output
    folder; a finding with no spot (a web page's) as its line says it."""
    from printkit.commands.preflight import checked_as
    from printkit.outputs.preflight import check_pdf
    from printkit.outputs.preflight.findings import Finding
    from printkit.outputs.preflight.report import PICTURES, report

    said = [Finding.from_line(line) for line in found]
    sources: dict[str, bytes | Path] = {}
    spotted: dict[str, Finding] = {}
    # the documents of the findings that get a picture, each read once
    for name in dict.fromkeys(f.document for f in said[:PICTURES] if f.document.endswith(".pdf")):
        data = files.get(out / name)
        source = (data if isinstance(data, bytes) else data.path) if data is not None \
            else out / name
        if isinstance(source, bytes) or source.is_file():
            sources[name] = source
            spotted.update((f.line(), f) for f in check_pdf(source, checked_as(out / name, out)))
    return report([spotted.get(line, finding) for line, finding in zip(found, said,
                                                                      strict=True)],
                  sources.get)


def write_output(ledger: Ledger, options: BuildOptions, selected: list[Game],
                 locales: list[str]) -> list[Path]:
    """Write every file the build made, the kit page when it changed and the records of
    the build; the files written, the records excepted."""
    out, fresh = ledger.out, ledger.fresh
    files = dict(sorted(ledger.files.items()))
    # Records of files outside this build's scope (other games, locales, papers) stay; a
    # file of its scope that it no longer makes goes, unless someone changed it since.
    groups = [(game.id, code) for game in selected for code in locales]
    gone = settle_records(fresh, ledger.previous, groups, ledger.paper.id)
    remove, kept_back = removable(out, gone, ledger.previous)
    ledger.result.warnings += kept_back
    ledger.result.removed = remove
    # The preflight's report, while it has something to say (and once more to say that
    # nothing is left); the kit page links it while findings exist.
    found = preflight_findings(ledger)
    report_path = out / REPORT_NAME
    if found or report_path.is_file():
        report = preflight_report(found, out, files)
        if not report_path.is_file() or report_path.read_bytes() != report:
            files[report_path] = report
    # The kit page lists every kit in the folder; rewritten only when it changes.
    index = out / INDEX_NAME
    page = kit_page(out, files, set(fresh.records), len(found))
    if not index.is_file() or index.read_bytes() != page:
        files[index] = page
    result = ledger.result
    result.warnings += foreign_warnings(out, set(fresh.records) | {
        p.relative_to(out).as_posix() for p in [*files, *remove] if p.is_relative_to(out)})
    own = all(not g.project and g.folder == builtin_folder(g.id) for g in selected)
    request = options.request([g.id for g in selected], locales, ledger.cmyk)
    whole = build_digest(request, out) if own else (
        build_digest(request, out, selected[0].folder)
        if len(selected) == 1 and selected[0].project else None)
    if whole:
        fresh.last = remember(ledger.previous.last, {
            "digest": whole, "documents": result.rendered + result.up_to_date,
            "warnings": result.warnings, "outputs": outputs_digest(fresh),
            "extra": {INDEX_NAME: hashlib.sha256(page).hexdigest()}})
    # what is known of the inputs and of the files already in place, for the next build;
    # saved with whatever else the build writes (a build with nothing to write writes
    # nothing, not even what it learnt)
    fresh.stamps = filestamps.under([g.folder for g in selected if g.project] + [out])
    learnt_only = replace(fresh, stamps=ledger.previous.stamps)
    if files or remove or ledger.previous.to_bytes() != learnt_only.to_bytes():
        files[out / STORE_NAME] = fresh.to_bytes()
    if not files:
        return []
    return [p for p in commit(files, out, remove) if p.name != STORE_NAME]
