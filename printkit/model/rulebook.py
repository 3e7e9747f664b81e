"""Rulebooks and quick references: a game's flow templates rendered with its data and
verified examples.

Every game's rulebook and reference go through here, so each one gets the same
context (``data``, ``examples`` in file order) and the same document settings;
a game adds only its own template variables and figure makers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any

from printkit.drawing import doctree, trace
from printkit.drawing.flow import COMPACT, FigureMaker, FlowDocument, flow_pages, render_flow
from printkit.drawing.templating import broken_markup, render
from printkit.language.translations import N_
from printkit.model import project_fonts
from printkit.model.game import Document, Game, RenderContext

#: While set (by a build asked for its flow XML, see
#: :attr:`printkit.commands.build.BuildOptions.flow_xml`), every rulebook and quick
#: reference rendered puts its flow XML here, by document id.
SOURCES: ContextVar[dict[str, str] | None] = ContextVar("printkit_flow_sources",
                                                        default=None)


def render_flow_xml(ctx: RenderContext, template: str, **context: Any) -> str:
    """The flow XML of ``template`` for ``ctx``: what every backend (the PDF's
    :func:`printkit.drawing.flow.render_flow`, the HTML rules page of :mod:`printkit.outputs.html`)
    reads. A game project's own templates folder is searched first. Output that is not
    well-formed XML is an error naming the template line that printed the broken part."""
    xml = render(template, ctx.localizer, project_templates=getattr(ctx.game, "templates", None),
                 data=ctx.data, examples=list(ctx.examples.values()), **context)
    broken = broken_markup(xml, template, ctx.localizer.code)
    if broken is not None:
        raise broken
    return xml


def rulebook_document(ctx: RenderContext, template: str,
                      figures: Mapping[str, FigureMaker], *, compact: bool = False,
                      **context: Any) -> FlowDocument:
    """The flow document of ``template`` for ``ctx`` as :func:`render_rulebook_template`
    lays it out: its XML checked against the game's rules, and a quick reference
    (``compact``) at the largest type scale that keeps it on one page.

    A game project's own templates folder is searched first.
    """
    xml = render_flow_xml(ctx, template, **context)
    document = ctx.game.document(ctx.document)
    problems = trace.document_problems(ctx.game, document.kind, xml,
                                       f"locale {ctx.localizer.code}: {ctx.document}")
    if problems and ctx.localizer.strict:
        raise trace.TraceError(problems)
    ctx.localizer.notes.update(f"warning: {p}" for p in problems)
    if (seen := trace.PASSAGES.get()) is not None:
        seen += [(ctx.game.id, ids, text) for ids, text in trace.passages(xml)]
    if (sources := SOURCES.get()) is not None:
        sources[ctx.document] = xml
    subject = ctx._(document.title)
    faces = project_fonts.rulebook_faces(ctx)
    project_fonts.check_flow_glyphs(xml, faces, ctx.localizer.code, ctx.document)

    def flow(scale: float | None) -> FlowDocument:
        return FlowDocument(xml=xml, paper=ctx.paper, title=ctx.title,
                            locale=ctx.localizer.code, document=ctx.document,
                            figures=figures, subject=subject, compact=compact,
                            type_scale=scale, faces=faces)

    if not compact:
        return flow(None)
    tree = doctree.parse(xml, ctx.localizer.code, ctx.document)  # (read once, not per scale)
    scale = _filled_page(lambda scale: flow_pages(flow(scale), tree),
                         (ctx.game.id, ctx.document, ctx.paper.id))
    return flow(scale)


def render_rulebook_template(ctx: RenderContext, template: str,
                             figures: Mapping[str, FigureMaker], *, compact: bool = False,
                             **context: Any) -> bytes:
    """Render ``template`` (under templates/) to a PDF; ``compact`` for a quick reference
    (see :func:`rulebook_document`)."""
    return render_flow(rulebook_document(ctx, template, figures, compact=compact, **context))


#: The type scales a quick reference may take, smallest first: the largest that still
#: keeps it on one page is used, so a short reference is not two thirds type and one
#: third empty paper, and is easier to read at the table.
SCALES = (COMPACT, 0.9, 0.94, 0.98, 1.0)

#: The scale the last reference of a game, document and paper came to (another locale,
#: usually): where the search starts. A guess only: the bytes never depend on it.
_LAST_SCALE: dict[tuple[str, str, str], int] = {}


def _filled_page(pages: Callable[[float], int], memo: tuple[str, str, str]) -> float:
    """The largest of SCALES that keeps a quick reference on one page (or the smallest, if
    none does), tried on sketches (``pages``): searched from the last one's, up or down a
    step at a time."""
    def one_page(i: int) -> bool:
        return pages(SCALES[i]) == 1

    i = _LAST_SCALE.get(memo, 0)
    if one_page(i):
        while i + 1 < len(SCALES) and one_page(i + 1):
            i += 1
    else:
        while i > 0 and not one_page(i - 1):
            i -= 1
        i = max(i - 1, 0)
    _LAST_SCALE[memo] = i
    return SCALES[i]


def flow_template(game: Game, doc_id: str) -> str:
    """The template of a game's flow document, below the templates folder(s)."""
    return f"{doc_id}.xml.j2" if game.project else f"{game.id}/{doc_id}.xml.j2"


def game_flow_source(ctx: RenderContext) -> tuple[str, str, Mapping[str, FigureMaker]]:
    """What the flow document ``ctx.document`` of ``ctx.game`` is made from, as
    :func:`render_game_flow` makes it: its template's name, its flow XML and the game's
    figure makers."""
    game = ctx.game
    template = flow_template(game, ctx.document)
    figures = game.figures(ctx) if game.figures is not None else {}
    context = dict(game.template_context(ctx)) if game.template_context is not None else {}
    return template, render_flow_xml(ctx, template, **context), figures


def game_flow_document(ctx: RenderContext) -> FlowDocument:
    """The flow document ``ctx.document`` (``rulebook``, ``reference``) of ``ctx.game`` as
    :func:`render_game_flow` lays it out: its template (``templates/<game>/<id>.xml.j2``; a
    project's ``templates/<id>.xml.j2``) with the figures and template variables the game
    gives (see :attr:`printkit.model.game.Game.figures`)."""
    game = ctx.game
    doc_id = ctx.document
    template = flow_template(game, doc_id)
    figures = game.figures(ctx) if game.figures is not None else {}
    context = game.template_context(ctx) if game.template_context is not None else {}
    return rulebook_document(ctx, template, figures,
                             compact=game.document(doc_id).kind == "reference", **context)


def render_game_flow(ctx: RenderContext) -> bytes:
    """The flow document ``ctx.document`` of ``ctx.game``, rendered (see
    :func:`game_flow_document`)."""
    return render_flow(game_flow_document(ctx))


#: The documents a game's templates make: each typeset by the core from
#: ``templates/<game>/<id>.xml.j2`` with the game's figures and template variables.
FLOW_DOCUMENTS = (
    # TRANSLATORS: document title: in the page footers ("Polar Derby · Rulebook"),
    # the guide's lists of documents, the kit PDF's bookmarks and the kit web page.
    Document("rulebook", N_("Rulebook"), render_game_flow, "rulebook"),
    # TRANSLATORS: document title: atop the one-page quick reference and in its footer,
    # the guide's lists of documents, the kit PDF's bookmarks and the kit web page.
    Document("reference", N_("Quick reference"), render_game_flow, "reference"),
)


def flow_documents(*ids: str) -> tuple[Document, ...]:
    """The flow documents ``ids`` (default: the rulebook and the quick reference)."""
    wanted = ids or tuple(doc.id for doc in FLOW_DOCUMENTS)
    return tuple(doc for doc in FLOW_DOCUMENTS if doc.id in wanted)
