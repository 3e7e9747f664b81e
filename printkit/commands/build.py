"""``printkit build``: verify every example, render every document, then write."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from printkit import games
from printkit.errors import BuildError, PrintkitError, UsageError
from printkit.game import Game, RenderContext
from printkit.i18n import Localizer, shipped_locales
from printkit.layout.geometry import PAPERS, Paper
from printkit.output import commit

Progress = Callable[[str], None]


@dataclass
class BuildOptions:
    games: list[str] | None = None
    locales: list[str] | None = None
    paper: str = "a4"
    out: Path = Path("output")
    strict: bool = False


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


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


def _prepare(game: Game) -> tuple[dict, dict]:
    data = game.load_data()
    verified = game.verify(data)
    return data, {v.id: v for v in verified}


def build(options: BuildOptions, progress: Progress = lambda line: None) -> BuildResult:
    """Build the selected kits. Nothing is written unless every document succeeds."""
    selected = games.select(options.games)
    locales = resolve_locales(options.locales)
    paper = resolve_paper(options.paper)

    errors: list[PrintkitError] = []
    prepared = {}
    for game in selected:
        progress(f"checking {game.id}: data and worked examples")
        try:
            prepared[game.id] = _prepare(game)
        except PrintkitError as exc:
            errors.append(exc)
    if errors:
        raise BuildError(errors)

    tasks = [(game, locale, doc) for game in selected for locale in locales
             for doc in game.documents]
    files: dict[Path, bytes] = {}
    result = BuildResult()
    localizers = {code: Localizer.for_locale(code, strict=options.strict) for code in locales}
    for n, (game, locale, doc) in enumerate(tasks, 1):
        path = output_path(options.out, game.id, locale, doc.id, paper.id)
        progress(f"[{n}/{len(tasks)}] {game.id} {locale} {doc.id}")
        data, examples = prepared[game.id]
        context = RenderContext(game=game, data=data, examples=examples,
                                localizer=localizers[locale], paper=paper, document=doc.id)
        try:
            files[path] = doc.render(context)
        except PrintkitError as exc:
            errors.append(exc)
    if errors:
        raise BuildError(_unique(errors))
    for code, localizer in localizers.items():
        if localizer.catalog is not None:
            result.warnings += [f"warning: {line}; English used"
                                for line in localizer.catalog.rejected]
        for msgid in sorted(localizer.missing):
            result.warnings.append(f"warning: locale {code}: no translation for {msgid!r}; "
                                   f"English used")
    result.written = commit(files)
    return result


def _unique(errors: list[PrintkitError]) -> list[PrintkitError]:
    seen: set[str] = set()
    out = []
    for e in errors:
        if str(e) not in seen:
            seen.add(str(e))
            out.append(e)
    return out
