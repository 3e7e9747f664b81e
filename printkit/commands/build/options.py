"""What a build is asked for (:class:`BuildOptions`), what it reports (:class:`BuildResult`)
and where its files go: the parts of ``printkit build`` that the command line, ``printkit
serve`` and ``printkit export`` share, kept apart from the phases so that they import
nothing of rendering."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit.commands.uptodate import Request
from printkit.errors import UsageError
from printkit.geometry import (
    DEFAULT_SPEC,
    LAYOUTS,
    PAPERS,
    PRINTER_MARGIN_MM,
    LayoutError,
    Paper,
    PrintSpec,
)
from printkit.language.locales import shipped_locale, shipped_locales
from printkit.pdfmerge.icc import CmykProfile, read_profile

#: Where a build says what it is doing, a line at a time.
Progress = Callable[[str], None]

#: The whole kit in one PDF: ``<out>/<game>/<locale>/kit-<paper>.pdf``.
KIT_ID = "kit"


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
    #: Millimetres along every paper edge that the printer cannot print; nothing is drawn there.
    printer_margin: float = PRINTER_MARGIN_MM
    #: Processes rendering documents at once; None: one per core.
    jobs: int | None = None
    #: Render every document, even the ones whose inputs have not changed.
    force: bool = False
    #: Write PNG previews of every page beside the PDFs (see :mod:`printkit.outputs.preview`).
    previews: bool = True
    #: How worker processes start (``fork``, ``spawn``, ``forkserver``); None: the
    #: platform's safe default (see :data:`printkit.commands.build.pool.START_METHOD`).
    #: Any of them gives the same bytes.
    start_method: str | None = None
    #: A folder where each rulebook and quick reference rendered also leaves the flow XML
    #: its template made, as ``<game>/<locale>/<document>.xml`` (what the tests and a
    #: template's author read); None: nowhere. The output is the same either way, and a
    #: document not rendered again (up to date) leaves nothing.
    flow_xml: Path | None = None
    #: An ICC CMYK output profile: every PDF's colours converted to it, the profile
    #: embedded as the output intent (see :mod:`printkit.pdfmerge.cmyk`); None: sRGB.
    cmyk_profile: Path | None = None

    def profile(self) -> CmykProfile | None:
        """The CMYK output profile asked for, read and checked; a usage error naming the
        file when it is not one."""
        return read_profile(Path(self.cmyk_profile)) if self.cmyk_profile is not None else None

    def spec(self) -> PrintSpec:
        """The print spec these options ask for; a bad layout, offset or printer margin is a
        usage error."""
        if self.layout not in LAYOUTS:
            raise UsageError(f"--layout: unknown layout {self.layout!r}; choose one of: "
                             f"{', '.join(LAYOUTS)}")
        try:
            spec = replace(DEFAULT_SPEC, printer_margin_mm=float(self.printer_margin))
        except LayoutError as exc:
            raise UsageError(f"--printer-margin: {exc}") from None
        try:
            return replace(spec, layout=self.layout, ink_saver=self.ink_saver,
                           duplex_offset_mm=tuple(self.duplex_offset))
        except LayoutError as exc:
            raise UsageError(f"--duplex-offset: {exc}") from None

    def request(self, games: list[str], locales: list[str],
                profile: CmykProfile | None = None) -> Request:
        """What this build asks for, as :mod:`printkit.commands.uptodate` compares it
        (``profile``: its CMYK profile, by its bytes)."""
        return Request.of(games, locales, self.paper, self.strict, self.layout,
                          self.duplex_offset, self.ink_saver, self.previews,
                          self.printer_margin, profile.digest if profile else "")

    def workers(self) -> int:
        if self.jobs is not None and self.jobs < 1:
            raise UsageError(f"--jobs: {self.jobs} is not a number of processes; give 1 or more")
        return self.jobs or os.cpu_count() or 1


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    #: Files an earlier build wrote that this one no longer makes: removed.
    removed: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: Documents rendered in this build, and documents whose file was already up to date.
    rendered: int = 0
    up_to_date: int = 0
    #: The documents rendered, as ``<game>/<locale>/<document>`` (the guide, the kit, the
    #: print runs and the calibration sheet by their files' names too: ``print-card``), in
    #: the order they were done.
    rendered_documents: list[str] = field(default_factory=list)

    @property
    def documents(self) -> int:
        """Every document of the build: rendered now, or up to date."""
        return self.rendered + self.up_to_date


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
    return list(dict.fromkeys(shipped_locale(code) for code in codes))


def check_source_date_epoch() -> None:
    """``SOURCE_DATE_EPOCH``, when set, must be whole seconds since 1970 (reproducible builds).

    ReportLab dates every PDF by it; without it, PDFs carry a fixed date.
    """
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if value and not (value.isdigit() and int(value) < 253402300800):
        raise UsageError(f"SOURCE_DATE_EPOCH={value!r} is not a time in whole seconds since "
                         f"1970 (e.g. 1700000000); unset it for the fixed date")
