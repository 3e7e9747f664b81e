"""``printkit preflight [PATH…]``: the preflight's checks on finished PDFs.

PATH is a PDF or a folder of them (default: ``./output``); a folder's rules pages are
held to their rulebooks' cover facts. A document in an output
folder's layout (``<game>/<locale>/<document>-<paper>.pdf``) is checked as its game's
document of that kind, in that locale; any other PDF as a document of unknown kind in
English. The whole-kit PDF and the print runs are left out: they are the other
documents' pages, merged byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printkit.errors import UsageError
from printkit.geometry import PRINTER_MARGIN_MM
from printkit.outputs.preflight import check_pdf, target_for
from printkit.outputs.preflight.consistency import cover_facts
from printkit.outputs.preflight.findings import Finding, Target
from printkit.outputs.preflight.report import report

#: Merged files: the whole kit and the print runs.
MERGED = ("kit-", "print-")


@dataclass
class PreflightResult:
    findings: list[Finding] = field(default_factory=list)
    checked: int = 0


def documents(paths: list[Path]) -> list[tuple[Path, Path]]:
    """Every PDF to check, each with the folder its name is given relative to."""
    found: list[tuple[Path, Path]] = []
    for path in paths:
        if path.is_dir():
            found += [(pdf, path) for pdf in sorted(path.rglob("*.pdf"))
                      if not pdf.name.startswith(MERGED) and "exports" not in
                      pdf.relative_to(path).parts]
        elif path.is_file() and path.suffix.lower() == ".pdf":
            found.append((path, path.parent))
        else:
            raise UsageError(f"preflight: {path}: not a PDF file or a folder")
    return found


def _kind_and_locale(pdf: Path, root: Path) -> tuple[str | None, str]:
    from printkit import games
    from printkit.language.locales import shipped_locales

    parts = pdf.relative_to(root).parts
    if len(parts) < 3:
        return None, "en"
    game_id, locale, name = parts[-3], parts[-2], pdf.stem.rsplit("-", 1)[0]
    locale = locale if locale in shipped_locales() or locale == "en" else "en"
    try:
        game = games.get(game_id)
    except Exception:  # noqa: BLE001 - not a game printkit knows: no kind
        return None, locale
    if name == "guide":
        return "guide", locale
    for doc in game.documents:
        if name == doc.id or name.startswith(doc.id + "-"):
            return doc.kind, locale
    return None, locale


def checked_as(pdf: Path, root: Path, margin_mm: float = PRINTER_MARGIN_MM) -> Target:
    """The :class:`Target` a PDF below ``root`` is checked as."""
    kind, locale = _kind_and_locale(pdf, root)
    return target_for(pdf.relative_to(root).as_posix(), locale, kind, margin_mm)


def preflight(paths: list[Path], margin_mm: float = PRINTER_MARGIN_MM,
              report_to: Path | None = None,
              progress=lambda line: None) -> PreflightResult:  # type: ignore[no-untyped-def]
    """Check every PDF of ``paths``; write the report to ``report_to`` if given."""
    if not 0 <= margin_mm <= 25:
        raise UsageError(f"--printer-margin {margin_mm:g}: give millimetres from 0 to 25")
    result = PreflightResult()
    named: dict[str, Path] = {}
    todo = documents(paths)
    for n, (pdf, root) in enumerate(todo, 1):
        target = checked_as(pdf, root, margin_mm)
        named[target.document] = pdf
        progress(f"[{n}/{len(todo)}] {target.document}")
        result.findings += check_pdf(pdf, target)
        result.checked += 1
    for pdf, root in todo:  # each rules page beside its rulebook
        page = pdf.parent / "rules.html"
        if pdf.name.startswith("rulebook-") and page.is_file() and pdf == min(
                pdf.parent.glob("rulebook-*.pdf")):
            result.findings += cover_facts(pdf, page.read_text(encoding="utf-8"),
                                           page.relative_to(root).as_posix())
    if report_to is not None:
        report_to.write_bytes(report(result.findings, named.get))
    return result
