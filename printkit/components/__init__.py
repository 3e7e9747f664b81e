"""Components from data, no Python needed: card decks, score sheets, track boards, token sheets.

A game declares them in its game.toml, one table per component under the
kind's key (``[decks.<id>]``, ``[sheets.<id>]``, ``[tracks.<id>]``,
``[tokens.<id>]``); :data:`COMPONENTS` is the schema to splice into the
game's own, and :func:`documents` turns what the file declares into the
game's :class:`~printkit.game.Document` entries. Each kind renders like a
built-in document: a pure function of the :class:`~printkit.game.RenderContext`
(its data, localizer, paper and print spec) that returns PDF bytes, with
every layout, the duplex offset and the sheet labels from the print layer.

The renderers read the game folder (CSV files and images beside game.toml)
from ``ctx.game.folder``. :func:`check_components` loads every deck ahead of
rendering, so a bad file fails before anything is drawn and resolution
warnings can be printed once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from printkit.components.deck import Deck, load_deck
from printkit.components.faces import render_deck
from printkit.components.images import SoftImage
from printkit.components.schema import COMPONENTS, KINDS
from printkit.components.scoresheet import SheetArt, render_sheet
from printkit.components.tokens import render_tokens
from printkit.components.track import render_track
from printkit.errors import DataError, DataErrors
from printkit.game import Document, Game, RenderContext

__all__ = [
    "COMPONENTS",
    "KINDS",
    "RENDERERS",
    "Deck",
    "SheetArt",
    "check_components",
    "component_document",
    "component_msgids",
    "documents",
    "game_warnings",
    "load_deck",
    "render_deck",
    "render_sheet",
    "render_tokens",
    "render_track",
]

#: The renderer of each kind: ``render(ctx, component_id) -> bytes``.
RENDERERS: dict[str, Callable[[RenderContext, str], bytes]] = {
    "decks": render_deck,
    "tracks": render_track,
    "tokens": render_tokens,
    "sheets": render_sheet,
}


def _declared(data: Mapping[str, Any]) -> Iterator[tuple[str, str, Mapping[str, Any]]]:
    """(kind key, component id, its table) in document order: decks, tracks, tokens, sheets."""
    for key in KINDS:
        for component_id, spec in (data.get(key) or {}).items():
            yield key, component_id, spec


def documents(data: Mapping[str, Any], file: str = "game.toml") -> tuple[Document, ...]:
    """The Document entries of every component a validated game.toml declares.

    Ids become file names, so two components of different kinds may not share
    one; ``file`` names game.toml in that error.
    """
    seen: dict[str, str] = {}
    errors: list[DataError] = []
    out: list[Document] = []
    for key, component_id, spec in _declared(data):
        if component_id in seen:
            errors.append(DataError(file, f"{key}.{component_id}",
                                    f"{component_id!r} is already the id of "
                                    f"{seen[component_id]}; document ids must differ"))
            continue
        seen[component_id] = f"{key}.{component_id}"
        out.append(Document(component_id, spec["title"],
                            partial(RENDERERS[key], component_id=component_id),
                            KINDS[key][1]))
    if errors:
        raise DataErrors(errors)
    return tuple(out)


def component_document(key: str, component_id: str, title: str, **extra: Any) -> Document:
    """The Document of one component a built-in game's game.toml declares.

    A built-in game lists its documents before its data is read, so it names the
    component (``"sheets"``, ``"score-sheet"``) and its English title itself; ``extra``
    goes to the renderer (a sheet's :class:`~printkit.components.scoresheet.SheetArt`).
    """
    return Document(component_id, title,
                    partial(RENDERERS[key], component_id=component_id, **extra), KINDS[key][1])


def check_components(data: Mapping[str, Any], folder: Path) -> list[str]:
    """Load every deck's cards and images; raise every error at once, return the warnings.

    The schema has already checked game.toml itself; this checks the files it
    names (CSV, images), which only exist beside it. The warnings are one line per
    image that prints below 200 dpi, however many cards and decks print it, naming the
    card (the use) where it prints softest.
    """
    softest: dict[str, SoftImage] = {}
    errors: list[DataError] = []
    for component_id in data.get("decks") or {}:
        try:
            deck = load_deck(data, component_id, folder)
        except DataErrors as exc:
            errors += exc.errors
            continue
        except DataError as exc:
            errors.append(exc)
            continue
        for soft in deck.soft:
            if soft.image not in softest or soft.dpi < softest[soft.image].dpi - 1e-6:
                softest[soft.image] = soft
    if errors:
        raise DataErrors(errors)
    return [soft.line for soft in softest.values()]


def game_warnings(games: Iterable[Game]) -> list[str]:
    """``warning: …`` lines for the user, of the games' images that print below 200 dpi.

    ``build`` and ``check`` print them (on standard error); the game's data and
    files have been checked already (a project's when it was loaded), so this only
    reads them again, and each image once (see :mod:`printkit.components.images`).
    """
    out: list[str] = []
    for game in games:
        if not game.data_file.is_file():
            continue
        data = game.load_data()
        if data.get("decks"):
            out += [f"warning: {line}" for line in check_components(data, game.folder)]
    return out


def component_msgids(data: Mapping[str, Any], folder: Path) -> list[tuple[str, str]]:
    """(msgid, where) of every string the components translate, for the catalog.

    Document titles and headings, the text fields of every card (from TOML or
    CSV), card back texts, score sheet headings, texts, labels and small texts,
    special spaces' names and token labels. Values, symbols, colours and image names are not
    text and are left out.
    """
    out: list[tuple[str, str]] = []

    def add(text: Any, where: str) -> None:
        if isinstance(text, str) and text:
            out.append((text, where))

    for key, component_id, spec in _declared(data):
        base = f"{key}.{component_id}"
        add(spec["title"], f"{base}.title")
        add(spec.get("heading"), f"{base}.heading")
        if key == "decks":
            deck = load_deck(data, component_id, folder)
            for box in spec["boxes"]:
                if box["show"] != "text":
                    continue
                add(box.get("content"), f"{base}.boxes.{box['name']}")
                for card in deck.cards:
                    if box.get("field"):
                        add(card.values.get(box["field"]), f"{card.file}: "
                                                           f"{card.at(box['field'])}")
            add((spec.get("back") or {}).get("text"), f"{base}.back.text")
        elif key == "sheets":
            add(spec.get("note"), f"{base}.note")
            add(spec.get("total"), f"{base}.total")
            for i, text in enumerate([*spec["columns"], *spec["labels"]]):
                add(text, f"{base}[{i}]")
            for i, line in enumerate(spec["texts"]):
                add(line.get("text"), f"{base}.texts[{i}].text")
            for i, part in enumerate(spec["parts"]):
                add(part["label"], f"{base}.parts[{i}].label")
            for i, row in enumerate(spec["row"]):
                for name in ("label", "subtitle", "text"):
                    add(row.get(name), f"{base}.row[{i}].{name}")
                add((row.get("box") or {}).get("label"), f"{base}.row[{i}].box.label")
        elif key == "tracks":
            for i, special in enumerate(spec["special"]):
                add(special["name"], f"{base}.special[{i}].name")
        elif key == "tokens":
            for i, kind in enumerate(spec["tokens"]):
                add(kind.get("label"), f"{base}.tokens[{i}].label")
    return out

