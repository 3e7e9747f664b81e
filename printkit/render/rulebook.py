"""Rulebooks and quick references: a game's flow templates rendered with its data and
verified examples.

Every game's rulebook and reference go through here, so each one gets the same
context (``data``, ``examples`` in file order) and the same document settings;
a game adds only its own template variables and figure makers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit import trace
from printkit.game import RenderContext
from printkit.render.flow import FigureMaker, FlowDocument, render_flow
from printkit.render.templating import render


def render_rulebook_template(ctx: RenderContext, template: str,
                             figures: Mapping[str, FigureMaker], *, compact: bool = False,
                             **context: Any) -> bytes:
    """Render ``template`` (under templates/) to a PDF; ``compact`` for a quick reference.

    A game project's own templates folder is searched first.
    """
    xml = render(template, ctx.localizer, project_templates=getattr(ctx.game, "templates", None),
                 data=ctx.data,
                 examples=list(ctx.examples.values()), **context)
    document = ctx.game.document(ctx.document)
    problems = trace.document_problems(ctx.game, document.kind, xml,
                                       f"locale {ctx.localizer.code}: {ctx.document}")
    if problems and ctx.localizer.strict:
        raise trace.TraceError(problems)
    ctx.localizer.notes.update(f"warning: {p}" for p in problems)
    if (seen := trace.PASSAGES.get()) is not None:
        seen += [(ctx.game.id, ids, text) for ids, text in trace.passages(xml)]
    subject = ctx._(document.title)
    return render_flow(FlowDocument(xml=xml, paper=ctx.paper, title=ctx.title,
                                    locale=ctx.localizer.code, document=ctx.document,
                                    figures=figures, subject=subject, compact=compact))
