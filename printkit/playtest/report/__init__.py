"""The playtest report: what a run of the playtest lab found, as a PDF and an HTML page per
locale, written beside the kit's documents of that locale.

Contract: :func:`write_reports` reads only the run's summary (the dict the lab writes as
``summary.json``) and writes ``<out_dir>/<locale>/playtest-<players>p.pdf`` and ``.html``
for each locale; the same summary gives the same bytes (no date: the version that made the
report is printed instead). The words are the catalogs' ones, the numbers the locale's.
With ``out_dir`` the kit's output folder (``output/<game>/``), the kit page links the
report (:mod:`printkit.outputs.preview.kitpage`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from printkit.language.script import load as load_script
from printkit.language.translations import Localizer
from printkit.output import write_atomic
from printkit.playtest.report import html, pdf
from printkit.playtest.report.content import Report, build

#: The report's file name in a locale's folder, without its suffix.
STEM = "playtest-{players}p"


def report(summary: Mapping[str, Any], locale: str, game_title: str | None = None) -> Report:
    """The report of ``summary`` in ``locale``, as the tree both writers read."""
    loc = Localizer.for_locale(locale)
    return build(summary, loc, game_title, load_script(locale).rtl)


def render(summary: Mapping[str, Any], locale: str, *, game_title: str | None = None,
           paper: str = "a4") -> tuple[bytes, bytes]:
    """The PDF and HTML bytes of the report in ``locale``."""
    tree = report(summary, locale, game_title)
    return pdf.render(tree, paper), html.render(tree)


def reports(summary: Mapping[str, Any], out_dir: Path, locales: Sequence[str],
            game_title: str | None = None, paper: str = "a4") -> dict[Path, bytes]:
    """The report's files in each of ``locales``, by path under ``out_dir``, unwritten."""
    stem = STEM.format(players=int(summary["players"]))
    files: dict[Path, bytes] = {}
    for locale in locales:
        document, page = render(summary, locale, game_title=game_title, paper=paper)
        files[out_dir / locale / f"{stem}.pdf"] = document
        files[out_dir / locale / f"{stem}.html"] = page
    return files


def write_reports(summary: Mapping[str, Any], out_dir: Path, locales: Sequence[str], *,
                  game_title: str | None = None, paper: str = "a4") -> list[Path]:
    """Write the report in each of ``locales``; returns the files written, in order."""
    written = []
    for path, data in reports(summary, out_dir, locales, game_title, paper).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data)
        written.append(path)
    return written
