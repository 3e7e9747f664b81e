"""A review sheet for one locale: every entry, where it is printed, and what is wrong with it.

A translator proof-reads in context: beside each entry's source, translation and
translator comment, the sheet names the documents and pages that print it,
found in a fresh render of every kit in that locale (the text of each page, read
back with pypdf). Entries that need work (missing, fuzzy, rejected, too long for
their box, against the glossary) come first. The same rows go to a CSV for
spreadsheet users and to a PDF laid out by printkit's own flow renderer, with the
fonts embedded, so every letter of the language shows as it will print.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from io import BytesIO, StringIO
from pathlib import Path
from xml.sax.saxutils import escape

from pypdf import PdfReader

from printkit import games
from printkit.drawing import trace
from printkit.errors import FitError, PrintkitError, UsageError
from printkit.geometry import PAPERS
from printkit.kinds import kind
from printkit.language.checks import translation_problems
from printkit.language.locales import (
    catalog_path,
    folder_code,
    read_po_file,
    shipped_locales,
)
from printkit.language.translations import Localizer
from printkit.language.typography import quotes
from printkit.output import write_atomic
from printkit.tools.coverage import COMMON, _owners
from printkit.tools.glossary import entry_problems, load_glossary

#: Statuses, worst first: the order of the sheet.
STATUSES = ("missing", "fuzzy", "rejected", "too long for its box", "glossary problem",
            "translated")
_SPLIT = re.compile(r"%\(\w+\)[sd]|%%|<[^>]*>|\n")
_SPACE = re.compile(r"[\s\u00a0\u202f\u2009]+")
_QUOTES = str.maketrans({c: '"' for c in "“”„«»‚‘’'\"‹›"})
#: Fragments shorter than this are not looked for (they would be found everywhere).
MIN_FRAGMENT = 3


@dataclass
class Row:
    status: str
    context: str
    source: str
    translation: str
    comment: str
    printed: str
    detail: str
    #: The ids of the rules (the game's rules.toml) whose passages print this entry.
    rules: str = ""


def _squash(text: str) -> str:
    """Text as compared with a page: no spaces of any kind, one kind of quote, any case."""
    return _SPACE.sub("", text).translate(_QUOTES).replace("%%", "%").casefold()


@dataclass
class _Page:
    where: str
    number: int
    text: str


def rendered_pages(code: str) -> tuple[list[tuple[str, _Page]], list[str]]:
    """Every page of every document of every game in ``code``: (game id, page), and the
    messages of documents that could not be rendered (a label too long for its box).
    The rulebooks' and references' marked passages go to :data:`trace.PASSAGES` if set."""
    from printkit.assembly.guide import render_calibration, render_guide
    from printkit.model.game import CALIBRATION, GUIDE, RenderContext
    from printkit.model.variants import versions

    localizer = Localizer.for_locale(code)
    pages: list[tuple[str, _Page]] = []
    failures: list[str] = []
    for game in games.GAMES.values():
        data, examples = game.prepared()
        counts: dict[str, int] = {}
        ctx = RenderContext(game=game, data=data, examples=examples, localizer=localizer,
                            paper=PAPERS["a4"], document="")
        for doc in [*game.documents, GUIDE, CALIBRATION]:
            try:
                if doc is CALIBRATION:
                    # drawn the same for every kit with double-sided sheets
                    if not any(kind(d.kind).two_sided for d in game.documents):
                        continue
                    pdf = render_calibration(replace(ctx, document=doc.id))
                elif doc is GUIDE:
                    # the ready-made variants' words are their documents': the guide only
                    # needs their page counts, taken as their documents'
                    counts |= {v.id: counts.get(v.document.id, 1)
                               for v in versions(game.documents, ctx.spec)}
                    pdf = render_guide(replace(ctx, document=doc.id), counts)
                else:
                    pdf = doc.render(replace(ctx, document=doc.id))
            except FitError as exc:
                failures.append(str(exc))
                continue
            except PrintkitError as exc:
                failures.append(str(exc))
                continue
            reader = PdfReader(BytesIO(pdf))
            counts[doc.id] = len(reader.pages)
            for number, page in enumerate(reader.pages, 1):
                pages.append((game.id, _Page(f"{game.id} {doc.id}", number,
                                             _squash(page.extract_text() or ""))))
    return pages, failures


def _fragments(text: str) -> list[str]:
    parts = [_squash(p) for p in _SPLIT.split(text)]
    return sorted((p for p in parts if len(p) >= MIN_FRAGMENT), key=len, reverse=True)[:2]


def _where(text: str, owners: set[str], pages: list[tuple[str, _Page]]) -> str:
    fragments = _fragments(text)
    if not fragments:
        return ""
    found: dict[str, list[int]] = {}
    for game, page in pages:
        if COMMON not in owners and game not in owners:
            continue
        if all(f in page.text for f in fragments):
            found.setdefault(page.where, []).append(page.number)
    return "; ".join(f"{where} p. {', '.join(map(str, numbers))}"
                     for where, numbers in found.items())


def review_rows(code: str, root: Path | None = None) -> list[Row]:
    """One row per catalog entry, worst status first (then in catalog order)."""
    typed, code = code, folder_code(code)
    if code not in shipped_locales(root)[1:]:
        raise UsageError(f"catalog review: no catalog for locale {typed!r}; shipped locales: "
                         f"{', '.join(shipped_locales(root)[1:])}")
    catalog = read_po_file(code, catalog_path(code, root))
    terms = load_glossary(code, root)
    marked: list[tuple[str, tuple[str, ...], str]] = []
    token = trace.PASSAGES.set(marked)
    try:
        pages, failures = rendered_pages(code)
    finally:
        trace.PASSAGES.reset(token)
    passages = [(game, ids, _squash(text)) for game, ids, text in marked]
    rows: list[Row] = []
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else tuple(
            message.string)
        owners = _owners(message.locations)
        translated = [s for s in strings if s]
        detail: list[str] = []
        if not translated:
            status = "missing"
        elif message.fuzzy:
            status = "fuzzy"
        elif not all(strings) or translation_problems(message.id, strings, code):
            status = "rejected"
            detail = (translation_problems(message.id, strings, code)
                      or ["a plural form is empty"])
        else:
            too_long = [f for f in failures
                        if any(_squash(s)[:30] and _squash(s)[:30] in _squash(f)
                               for s in translated)]
            glossary = entry_problems(terms, message.id, strings, owners)
            status = ("too long for its box" if too_long else
                      "glossary problem" if glossary else "translated")
            detail = too_long + glossary
        shown = translated or list(ids)
        printed = "; ".join(dict.fromkeys(w for s in shown[:2] if (w := _where(s, owners, pages))))
        rows.append(Row(status=status, context=message.context or "",
                        source="\n".join(ids), translation="\n".join(strings),
                        comment="\n".join(_paragraphs([*message.auto_comments,
                                                        *message.user_comments])),
                        printed=printed, detail="; ".join(detail),
                        rules=_rules(shown[:2], owners, passages)))
    rows.sort(key=lambda r: STATUSES.index(r.status))
    return rows


def _rules(texts: list[str], owners: set[str],
           passages: list[tuple[str, tuple[str, ...], str]]) -> str:
    """The ids of the rules whose marked passages hold the entry's text, in order."""
    found: dict[str, None] = {}
    for text in texts:
        fragments = _fragments(text)
        if not fragments:
            continue
        for game, ids, passage in passages:
            if (COMMON in owners or game in owners) and all(f in passage for f in fragments):
                found.update(dict.fromkeys(ids))
    return ", ".join(found)


FIELDS = ("status", "context", "source", "translation", "comment", "printed", "rules",
          "detail")


def review_csv(rows: list[Row]) -> bytes:
    out = StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for row in rows:
        writer.writerow([getattr(row, f) for f in FIELDS])
    return out.getvalue().encode("utf-8")


def _xml_lines(rows: list[Row], code: str) -> Iterator[str]:
    counts = {s: sum(r.status == s for r in rows) for s in STATUSES}
    summary = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
    yield f"<document><title>Translation review: {escape(code)}</title>"
    yield f"<subtitle>{len(rows)} entries: {escape(summary)}</subtitle>"
    for n, row in enumerate(rows, 1):
        context = f" (context: {escape(row.context)})" if row.context else ""
        yield f"<h3>{n}. {escape(row.status)}{context}</h3>"
        yield f"<p><i>en:</i> {_br(row.source, english=True)}</p>"
        yield f"<p><i>{escape(code)}:</i> {_br(row.translation) or '—'}</p>"
        if row.comment:
            yield f"<p><i>note:</i> {_br(row.comment, english=True)}</p>"
        yield f"<p><i>printed in:</i> {escape(row.printed) or 'not found on a page'}</p>"
        if row.rules:
            yield f"<p><i>rules:</i> {escape(row.rules)}</p>"
        if row.detail:
            yield f"<p><b>problem:</b> {escape(row.detail)}</p>"
    yield "</document>"


def _br(text: str, english: bool = False) -> str:
    """Lines as paragraph markup; ``english`` text (the source, the notes) gets English
    quotation marks, not the reviewed language's."""
    lines = (escape(quotes(line, "en") if english else line) for line in text.split("\n"))
    return "<br/>".join(lines)


def _paragraphs(lines: list[str]) -> list[str]:
    """A translator comment's source lines joined back into its sentences: a line continues
    the one before unless that one ended a sentence and this one starts a new one."""
    out: list[str] = []
    for line in (line.strip() for line in lines):
        if out and not (out[-1].endswith((".", ":", "!", "?")) and line[:1].isupper()):
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return out


def review_pdf(rows: list[Row], code: str) -> bytes:
    from printkit.drawing.flow import FlowDocument, render_flow

    doc = FlowDocument(xml="".join(_xml_lines(rows, code)), paper=PAPERS["a4"],
                       title=f"printkit translation review: {code}", locale=code,
                       document="review", figures={}, subject="Translation review",
                       compact=True)
    return render_flow(doc)


def write_review(code: str, out: Path, root: Path | None = None) -> list[Path]:
    """Write ``<out>/review/<code>.pdf`` and ``.csv``; returns their paths."""
    from printkit.language.internals import require_checked_reportlab

    require_checked_reportlab()  # the sheet is a PDF ReportLab draws
    rows = review_rows(code, root)
    pdf_path = out / "review" / f"{code}.pdf"
    csv_path = out / "review" / f"{code}.csv"
    write_atomic(csv_path, review_csv(rows))
    write_atomic(pdf_path, review_pdf(rows, code))
    return [pdf_path, csv_path]
