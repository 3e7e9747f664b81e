"""The rules on a phone: a game's rules page in HTML, from the same source as its PDFs.

:func:`rules_page` renders the game's quick reference and rulebook templates to flow XML
exactly as the PDF rulebook and reference are rendered (:func:`printkit.model.rulebook.
game_flow_source`), reads it into the same document tree (:mod:`printkit.drawing.doctree`),
visits the tree with :class:`printkit.outputs.html.writer.HtmlWriter` and renders the page from
``templates/html/rules.html.j2`` (Jinja2, autoescaping on). The page is one
self-contained file: CSS inline, diagrams as inline SVG drawn by the game's own drawing
code (:mod:`printkit.outputs.html.figures`), no network reference, no script.

Anchors are the same in every locale: a section's comes from its English heading
(``#setup``, ``#your-turn``), a quick reference section's has ``quick-`` before it,
an example's is ``#example-<example id>``.

    python3 -m printkit.outputs.html GAME LOCALE > rules.html
"""

from __future__ import annotations

import dataclasses

from printkit.drawing import doctree
from printkit.drawing.templating import render
from printkit.errors import UsageError
from printkit.geometry import MM
from printkit.language import bidi
from printkit.language.script import load as load_script
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from printkit.model.rulebook import game_flow_source
from printkit.outputs.html.figures import FigureImages, WideLabels
from printkit.outputs.html.writer import Heading, HtmlWriter, Node, anchors
from printkit.resources import SOURCE_LOCALE

TEMPLATE = "html/rules.html.j2"
#: The file a build writes beside a kit's PDFs: ``<out>/<game>/<locale>/rules.html``.
FILE_NAME = "rules.html"

__all__ = ["FILE_NAME", "rules_page"]


def _shape(tree: doctree.Document) -> list[str]:
    """The document's headings (to level 2) and examples, in order."""
    return [f"h{n.level}" if isinstance(n, doctree.Heading) else "example"
            for n in doctree.walk(tree)
            if isinstance(n, doctree.Heading) and n.level <= 2
            or isinstance(n, doctree.Example)]


#: The English document of the rules pages last made: what it was made from (compared by
#: identity: a build's data and examples are the same objects for every locale), and its
#: shape and anchors. Every other locale's page of the game takes its anchors from it;
#: one entry per game and document, of the last build only (see _english).
_ENGLISH: dict[tuple[str, str, str, str], tuple[tuple[object, ...], list[str], list[str]]] = {}


def _english(ctx: RenderContext, prefix: str) -> tuple[list[str], list[str]]:
    """The shape and anchors of the English text of ``ctx``'s document, made once per
    game, document and build (rendering its template for each locale was a tenth of the
    rules page's time)."""
    key = (ctx.game.id, ctx.document, ctx.paper.name, prefix)
    made_from = (ctx.game, ctx.data, ctx.examples)
    found = _ENGLISH.get(key)
    if found is None or any(a is not b for a, b in zip(found[0], made_from, strict=True)):
        english = dataclasses.replace(ctx, localizer=Localizer.for_locale(SOURCE_LOCALE))
        template, xml, _figures = game_flow_source(english)
        source = doctree.parse(xml, SOURCE_LOCALE, ctx.document, template=template)
        found = _ENGLISH[key] = (made_from, _shape(source), anchors(source, prefix))
    return found[1], found[2]


def _anchors(ctx: RenderContext, root: doctree.Document, prefix: str) -> list[str]:
    """The document's anchors, taken from its English text so that a link works in every
    language; numbered ones if the English document has other headings."""
    own = anchors(root, prefix)
    if ctx.localizer.code == SOURCE_LOCALE:
        return own
    shape, english = _english(ctx, prefix)
    if shape != _shape(root):
        return [f"{prefix}section-{i + 1}" for i in range(len(own))]
    return english


def _wide_labels(localizer: Localizer) -> WideLabels:
    """The words of a wide figure's controls on the rules page, translated."""
    return WideLabels(
        # TRANSLATORS: HTML rules page: the name a screen reader gives a wide diagram's
        # scrolling area when the diagram has no description of its own.
        region=localizer.gettext("Figure"),
        # TRANSLATORS: HTML rules page: a link under a diagram too wide for a phone's
        # screen; it shows the diagram alone, at its full size, over the page.
        open=localizer.gettext("Full size"),
        # TRANSLATORS: HTML rules page: what a screen reader says for the "Full size"
        # link; %(figure)s is the diagram's description ("Each bear scores...").
        open_named=localizer.gettext("%(figure)s: full size"),
        # TRANSLATORS: HTML rules page: a link that closes a diagram shown at full size
        # and goes back to the rules.
        close=localizer.gettext("Close"),
    )


def _document(ctx: RenderContext, doc_id: str, top: int, written: set[str]
              ) -> tuple[list[Node], HtmlWriter]:
    """One flow document of the game as page nodes, with its writer (toc, cover)."""
    doc_ctx = dataclasses.replace(ctx, document=doc_id)
    template, xml, figures = game_flow_source(doc_ctx)
    code = ctx.localizer.code
    root = doctree.parse(xml, code, doc_id, template=template)
    compact = ctx.game.document(doc_id).kind == "reference"
    width = ctx.paper.size[0] - (24 if compact else 36) * MM
    prefix = "quick-" if compact else ""
    images = FigureImages(figures, code, doc_id, ctx.localizer.notes,
                          f"{ctx.game.id}/{code}/rules.html", _wide_labels(ctx.localizer),
                          written)
    writer = HtmlWriter(template=template, locale=code,
                        anchors=_anchors(doc_ctx, root, prefix), top=top, width=width,
                        figure=images, chapters=not compact, titled=not compact)
    return images.finish(writer.visit(root)), writer


def rules_page(ctx: RenderContext) -> bytes:
    """The rules page of ``ctx.game`` in ``ctx.localizer``'s language, as UTF-8 HTML bytes.

    ``ctx`` is any render context of the game and locale (the build's own, with its
    data, verified examples and localizer; its ``document`` is not read): the page holds
    the game's ``reference`` and ``rulebook`` flow documents, whichever it has. The same
    context always gives the same bytes. Raises :class:`printkit.errors.PrintkitError`
    (a template element the HTML writer does not know among them).
    """
    game = ctx.game
    have = {d.id for d in game.documents}
    if not have & {"rulebook", "reference"}:
        raise UsageError(f"game {game.id!r} has no rulebook or quick reference to show")
    reference: list[Node] = []
    rulebook: list[Node] = []
    toc: list[Heading] = []
    cover: list[Node] = []
    title = str(ctx.data.get("title", game.id))
    #: the figures' designs the page holds already, by id
    written: set[str] = set()
    if "reference" in have:
        reference, _ = _document(ctx, "reference", top=3, written=written)
    if "rulebook" in have:
        rulebook, writer = _document(ctx, "rulebook", top=2, written=written)
        toc, cover = writer.toc, writer.cover
    # The game's title heads the page (its <h1>), so the cover's own title is left out.
    cover = [n for n in cover if n.attrs.get("class") != "title"]
    code = ctx.localizer.code
    script = load_script(code)
    rtl = script.rtl
    if rtl:  # a Latin title reads whole, its "…" at its end, in <title> and <h1> alike
        title = bidi.isolate(title)
    page = render(TEMPLATE, ctx.localizer, lang=code.replace("_", "-"),
                  dir="rtl" if rtl else "ltr", upright=not script.italics, title=title,
                  cover=cover, toc=toc, reference=reference, rulebook=rulebook)
    return (page.rstrip("\n") + "\n").encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    """``python3 -m printkit.outputs.html GAME LOCALE``: one rules page to standard output, for a
    look at it without a build."""
    import sys

    from printkit import games
    from printkit.errors import PrintkitError
    from printkit.geometry import PAPERS

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python3 -m printkit.outputs.html GAME LOCALE > rules.html", file=sys.stderr)
        return 2
    try:
        game = games.get(args[0])
        data = game.load_data()
        examples = {v.id: v for v in game.verify(data)}
        ctx = RenderContext(game=game, data=data, examples=examples,
                            localizer=Localizer.for_locale(args[1]), paper=PAPERS["a4"],
                            document="rulebook")
        sys.stdout.buffer.write(rules_page(ctx))
    except PrintkitError as exc:
        for line in exc.lines():
            print(f"error: {line}", file=sys.stderr)
        return exc.exit_code
    return 0
