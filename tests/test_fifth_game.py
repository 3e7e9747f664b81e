"""A fifth game is its own folder, its templates and one registration line.

Done as docs/guide/add-a-game.md says, with nothing else of printkit touched: a package
of its own (game.toml, its cards, its rules list and a ``Game``), its rulebook template
in ``templates/<game-id>/`` (a copy of printkit's templates folder here, so the
checkout is left alone) and one line in ``BUILT_IN_GAMES``. The build then makes its
whole kit: the rulebook, its components, the guide that lists them, the kit PDF.

Its questions-and-answers leaflet is a flow document of a kind printkit does not have:
one declaration of the kind (``register(DocumentKind(..., flow=True))``) and its
template are all it takes.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit import games, kinds, resources
from printkit.commands.build import BuildOptions, build
from printkit.kinds import DocumentKind, register
from printkit.tools.scaffold import new_project
from tests.support import reader, text

GAME_ID = "fifth-game"

#: The game's ``__init__.py``: its documents, as a built-in game lists them.
GAME_MODULE = '''\
from pathlib import Path

from printkit.model.components import component_document
from printkit.model.game import Document, Game
from printkit.model.rulebook import flow_documents, render_game_flow
from printkit.language.translations import N_
from printkit.tools.project import EXAMPLES, SCHEMA

GAME = Game(
    id="fifth-game",
    folder=Path(__file__).resolve().parent,
    data_schema=SCHEMA,
    example_schema=EXAMPLES,
    replay=None,
    documents=(
        *flow_documents("rulebook"),
        component_document("tracks", "track", N_("Track")),
        component_document("decks", "cards", N_("Weather cards")),
        Document("questions", N_("Questions and answers"), render_game_flow, "leaflet"),
    ),
)
'''

#: The leaflet's template: printkit's flow XML.
LEAFLET = """<document>
<title>{{ data.title }}</title>
<h1>{{ _("Questions and answers") }}</h1>
<p>Can two pawns share a space? Yes: several pawns may share a space.</p>
</document>
"""


@pytest.fixture
def leaflets() -> Iterator[DocumentKind]:
    """The new kind, declared once (and forgotten after the test)."""
    before = dict(kinds.KINDS)
    try:
        yield register(DocumentKind("leaflet", "rulebook", flow=True))
    finally:
        kinds.KINDS.clear()
        kinds.KINDS.update(before)


@pytest.fixture
def fifth_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
               leaflets: DocumentKind) -> Path:
    """The game's package and templates, registered by one line; its package folder."""
    sample = new_project("sample", tmp_path)
    package = tmp_path / "packages" / "fifth_game"
    package.mkdir(parents=True)
    for name in ("game.toml", "cards.csv", "rules.toml"):
        shutil.copy(sample / name, package / name)
    toml = package / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('id = "sample"',
                                                             f'id = "{GAME_ID}"'),
                    encoding="utf-8")
    (package / "__init__.py").write_text(GAME_MODULE, encoding="utf-8")

    templates = tmp_path / "templates"
    shutil.copytree(resources.templates_dir(), templates)
    (templates / GAME_ID).mkdir()
    shutil.copy(sample / "templates" / "rulebook.xml.j2", templates / GAME_ID)
    # the starter's rulebook imports its cover and credits from the templates' root
    shutil.copy(sample / "templates" / "starter.xml.j2", templates)
    (templates / GAME_ID / "questions.xml.j2").write_text(LEAFLET, encoding="utf-8")
    data_dir = resources._data_dir
    monkeypatch.setattr(resources, "_data_dir",
                        lambda name: templates if name == "templates" else data_dir(name))

    monkeypatch.syspath_prepend(str(package.parent))
    monkeypatch.setitem(resources.BUILT_IN_GAMES, GAME_ID, "fifth_game:GAME")  # the line
    monkeypatch.setattr(games, "GAMES", games.discover())
    return package


def test_a_fifth_game_needs_its_folder_its_templates_and_one_registration_line(
        fifth_game: Path, tmp_path: Path) -> None:
    assert GAME_ID in games.GAMES and not games.GAMES[GAME_ID].project
    out = tmp_path / "out"
    build(BuildOptions(out=out, games=[GAME_ID], locales=["en"], jobs=1, previews=False))
    kit = out / GAME_ID / "en"
    for name in ("rulebook", "questions", "track", "cards", "guide", "kit"):
        assert (kit / f"{name}-a4.pdf").is_file(), name
    rulebook = text(reader(kit / "rulebook-a4.pdf"))
    assert "Goal of the game" in rulebook
    guide = text(reader(kit / "guide-a4.pdf"))
    assert "Weather cards" in guide and "Track" in guide
    assert "Questions and answers" in guide
    assert "several pawns may share a space" in text(reader(kit / "questions-a4.pdf"))
    pages = sum(len(reader(kit / f"{name}-a4.pdf").pages)
                for name in ("guide", "rulebook", "questions", "track", "cards"))
    assert len(reader(kit / "kit-a4.pdf").pages) >= pages
    assert (kit / "rules.html").is_file()
