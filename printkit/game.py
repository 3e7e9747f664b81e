"""What a game is to printkit: its data, its rules engine's replay, its documents.

Each game lives in one folder under ``printkit/games/`` and describes itself
with a :class:`Game`; the registry in ``printkit/games/__init__.py`` lists them.
Rendering sees only the validated data and the verified examples.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.examples import Example, ExampleSchema, Replayer, Verified, load_examples, verify
from printkit.i18n import Localizer
from printkit.layout.geometry import DEFAULT_SPEC, Paper, PrintSpec
from printkit.resources import relative
from printkit.schema import Table, read_toml, validate


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

    def _(self, msgid: str) -> str:
        return self.localizer.gettext(msgid)

    @property
    def title(self) -> str:
        """The document's title as printed: game name and translated document name."""
        doc = self.game.document(self.document)
        return f"{self.data['title']} · {self._(doc.title)}"


Renderer = Callable[[RenderContext], bytes]


@dataclass(frozen=True)
class Document:
    """One printable document of a game: an id for file names, an English title."""

    id: str
    title: str
    render: Renderer


@dataclass(frozen=True)
class Game:
    id: str
    folder: Path
    data_schema: Table
    example_schema: ExampleSchema
    replay: Replayer
    documents: tuple[Document, ...]
    #: Optional: solve a seeded deal and report it as lines (``printkit solve``).
    solve: Callable[[Mapping[str, Any], int], list[str]] | None = None

    @property
    def data_file(self) -> Path:
        return self.folder / "game.toml"

    @property
    def examples_file(self) -> Path:
        return self.folder / "examples.toml"

    def load_data(self) -> dict[str, Any]:
        label = relative(self.data_file)
        return validate(read_toml(self.data_file, label), self.data_schema, label)

    def load_examples(self, path: Path | None = None) -> list[Example]:
        source = path or self.examples_file
        return load_examples(source, self.id, self.example_schema,
                             label=relative(source) if path is None else str(path))

    def verify(self, data: dict[str, Any] | None = None,
               examples: list[Example] | None = None) -> list[Verified]:
        """Replay the game's own examples (or the ones given); raise on any wrong one."""
        return verify(examples if examples is not None else self.load_examples(), self.replay,
                      data if data is not None else self.load_data())

    def document(self, doc_id: str) -> Document:
        for doc in self.documents:
            if doc.id == doc_id:
                return doc
        raise KeyError(doc_id)
