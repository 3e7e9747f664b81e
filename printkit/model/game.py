"""What a game is to printkit: its data, its rules engine's replay, its documents.

Each game lives in one folder under ``printkit/games/`` and describes itself
with a :class:`Game`; the registry in ``printkit/games/__init__.py`` lists them.
Rendering sees only the validated data and the verified examples.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.examples import Example, ExampleSchema, Replayer, Verified, load_examples, verify
from printkit.geometry import (
    DEFAULT_SPEC,
    CardGrid,
    CardSize,
    LayoutError,
    Paper,
    PrintSpec,
    card_grid,
)
from printkit.kinds import kind
from printkit.language.translations import N_, Localizer
from printkit.resources import relative

if TYPE_CHECKING:
    from printkit.drawing.outlines import Outline
    from printkit.drawing.sheet_labels import SheetNames
    from printkit.drawing.text import Ink
    from printkit.model.shared_sheets import Block
from printkit.schema import DataText, Table, as_data, read_toml, validate


@dataclass(frozen=True)
class RenderContext:
    """Everything one document needs: a pure task of (game, document, locale, paper)."""

    game: Game
    data: Mapping[str, Any]
    examples: Mapping[str, Verified]
    localizer: Localizer
    paper: Paper
    document: str
    spec: PrintSpec = DEFAULT_SPEC
    #: Pages of each of the kit's documents in this build; given to the guide only.
    pages: Mapping[str, int] = field(default_factory=dict)
    #: Which part of a document rendered in parts (see :attr:`Document.parts`); None: whole.
    part: int | None = None
    #: The CMYK output profile's name when the build converts its colours (the guide names
    #: it); None: sRGB, as drawn.
    colour_profile: str | None = None

    def _(self, msgid: str) -> str:
        return self.localizer.gettext(msgid)

    @property
    def ink_saver(self) -> bool:
        """True for the ink-saving variant: no full-page tints, light backgrounds, plain backs."""
        return self.spec.ink_saver

    def card_grid(self, card: CardSize, count: int | None, key: str) -> CardGrid:
        """The sheet grid for a card set in the chosen layout and paper.

        ``key`` is where the card size comes from in game.toml, so a card too
        big for the paper is reported against the file and the key.
        """
        try:
            return card_grid(self.paper, card, self.spec, count)
        except LayoutError as exc:
            folder = getattr(self.game, "folder", None)
            where = relative(folder / "game.toml") if folder is not None else "game.toml"
            raise LayoutError(f"{where}: {key}: {exc}") from None

    def sheet_names(self, ink: Ink) -> SheetNames:
        """Sheet labels for this document's pages, in its locale."""
        from printkit.drawing.sheet_labels import SheetNames

        return SheetNames(self, ink)

    @property
    def game_title(self) -> str:
        """The game's title as it is set inside other text (a footer, a heading beside a
        document's name): in a right-to-left locale a first-strong isolate, so a Latin
        title reads whole with its punctuation ("Coraz bliżej Święta…", its "…" at its
        end); its text alone elsewhere."""
        from printkit.language import bidi
        from printkit.language.script import load

        title = self.data["title"]
        return DataText(bidi.isolate(title) if load(self.localizer.code).rtl else title)

    @property
    def title(self) -> str:
        """The document's title as printed: game name and translated document name."""
        doc = self.game.document(self.document)
        return DataText(f"{self.game_title} · {self._(doc.title)}")


Renderer = Callable[[RenderContext], bytes]


@dataclass(frozen=True)
class Document:
    """One printable document of a game: an id for file names, an English title, its kind."""

    id: str
    title: str
    #: Makes its PDF from a render context; None for the guide (see :data:`GUIDE`).
    render: Renderer | None
    #: What kind of document it is (see :mod:`printkit.kinds`): ``rulebook``, ``cards``…
    kind: str = "sheet"
    #: For a document that may be big (a deck of thousands of cards): in how many parts it
    #: renders, each a PDF of its own (``ctx.part``), rendered in parallel and joined in
    #: order. Decided by the document's content alone, never by the number of workers, so
    #: that every build gives the same bytes. None: always whole.
    parts: Callable[[RenderContext], int] | None = None
    #: For a one-page document that may share a card sheet with another document of its
    #: game cut the same way (see :mod:`printkit.model.shared_sheets`): its pieces as one
    #: block, or None where they are not (more than a sheet of them, say). None: never shares.
    block: Callable[[RenderContext], Block | None] | None = None

    def __post_init__(self) -> None:
        try:
            kind(self.kind)
        except ValueError as exc:
            raise ValueError(f"document {self.id}: {exc}") from None


@dataclass(frozen=True)
class Game:
    id: str
    folder: Path
    data_schema: Table
    example_schema: ExampleSchema
    #: Replays a worked example; None for a game with no rules engine (nothing to verify).
    replay: Replayer | None
    documents: tuple[Document, ...]
    #: Optional: solve a seeded deal and report it as lines (``printkit solve``).
    solve: Callable[[Mapping[str, Any], int], list[str]] | None = None
    #: A game project outside printkit (see :mod:`printkit.tools.project`): its folder holds its
    #: templates and locales too, and messages name its files from the current folder.
    project: bool = False
    #: Reads an examples file (a project's examples have free-form tables).
    examples_loader: Callable[..., list[Example]] = load_examples
    #: Optional: the outlines (shape and size in mm) of the places its boards draw and the
    #: components that lie on them, on a paper, by name, for the fit check of ``[[fit]]``
    #: (printkit.drawing.fit; a bare ``(width, height)`` is a rectangle).
    measure: Callable[[Mapping[str, Any], Paper],
                      Mapping[str, Outline | tuple[float, float]]] | None = None
    #: For its flow documents (see :func:`flow_documents`): the figures its templates place
    #: (``<figure name="…">`` -> a maker), and the variables they read besides ``data`` and
    #: ``examples``.
    figures: Callable[[RenderContext], Mapping[str, Any]] | None = None
    template_context: Callable[[RenderContext], Mapping[str, Any]] | None = None

    @property
    def templates(self) -> Path | None:
        """A project's own templates folder, searched before printkit's; None for a
        built-in game (its templates are printkit's, under ``templates/<game-id>/``)."""
        return self.folder / "templates" if self.project else None

    def label(self, path: Path) -> str:
        """A file of the game as messages name it."""
        if not self.project:
            return relative(path)
        from printkit.model.components.deck import shown

        return shown(path)

    @property
    def data_file(self) -> Path:
        return self.folder / "game.toml"

    @property
    def examples_file(self) -> Path:
        return self.folder / "examples.toml"

    def load_data(self) -> dict[str, Any]:
        label = self.label(self.data_file)
        return as_data(validate(read_toml(self.data_file, label), self.data_schema, label))

    def load_examples(self, path: Path | None = None) -> list[Example]:
        source = path or self.examples_file
        if path is None and self.project and not source.is_file():
            return []  # a project's rulebook may have no worked examples
        return self.examples_loader(source, self.id, self.example_schema,
                                    label=self.label(source) if path is None else str(path))

    def verify(self, data: dict[str, Any] | None = None,
               examples: list[Example] | None = None) -> list[Verified]:
        """Replay the game's own examples (or the ones given); raise on any wrong one.

        A game with no rules engine has nothing to replay: no example is verified.
        """
        if self.replay is None:
            return []
        return verify(examples if examples is not None else self.load_examples(), self.replay,
                      data if data is not None else self.load_data())

    def prepared(self) -> tuple[dict[str, Any], dict[str, Verified]]:
        """Its validated data and every worked example replayed, by id: what a document
        of it renders from (raises on a bad file or a wrong example)."""
        data = self.load_data()
        return data, {v.id: v for v in self.verify(data)}

    def document(self, doc_id: str) -> Document:
        for doc in (*self.documents, GUIDE, CALIBRATION):
            if doc.id == doc_id:
                return doc
        raise KeyError(doc_id)


#: The print-and-play guide: the first document of every kit. It has no renderer of its
#: own: it lists the kit's other documents and their pages, so the build (or a tool) makes
#: it with :func:`printkit.assembly.guide.render_guide` once they are rendered; the model above
#: which the guide is built does not reach up to it.
# TRANSLATORS: title of the print-and-play guide, the kit's first document: under the game's
# name on its first page, in its page footers, in the kit PDF's bookmarks, on the kit web page.
GUIDE = Document("guide", N_("Print-and-play guide"), None, "guide")

#: The duplex calibration sheet: two pages (a front and its back) that show how far the
#: printer moves a back page from its front, and whether the sheet was turned the right
#: way. Written on its own (``calibration-<paper>.pdf``) and as the first sheet of the
#: double-sided print run, in kits that have one (see :mod:`printkit.model.runs`); made with
#: :func:`printkit.assembly.guide.render_calibration`.
# TRANSLATORS: Print-and-play guide: heading of a section in a framed box, the last one or the one
# before Assembly: measuring how far the printer shifts the back of a sheet from its front; also
# the title of the two-page calibration file, its bookmark in the double-sided print run, and
# its line in the "Print runs" table ("Duplex calibration: pages 1–2").
CALIBRATION = Document("calibration", N_("Duplex calibration"), None, "guide")
