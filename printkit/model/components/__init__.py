"""Components from data, no Python needed: card decks, score sheets, track boards, token sheets.

A game declares them in its game.toml, one table per component under the
kind's key (``[decks.<id>]``, ``[sheets.<id>]``, ``[tracks.<id>]``,
``[tokens.<id>]``); :data:`COMPONENTS` is the schema to splice into the
game's own, and :func:`documents` turns what the file declares into the
game's :class:`~printkit.model.game.Document` entries. Each kind renders like a
built-in document: a pure function of the :class:`~printkit.model.game.RenderContext`
(its data, localizer, paper and print spec) that returns PDF bytes, with
every layout, the duplex offset and the sheet labels from the print layer.

A deck may read its card size, a card's count or a box's value from elsewhere in
game.toml by a dotted key (``card = "tydzien_card"``), so a built-in game states a
fact its rules check once; :func:`component_references` checks those keys (a check
for the game's top-level schema; loading a deck runs it too).

The renderers read the game folder (card files and images beside game.toml)
from ``ctx.game.folder``. :func:`check_components` loads every deck ahead of
rendering, so a bad file fails before anything is drawn and resolution
warnings can be printed once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from printkit.errors import DataError, DataErrors
from printkit.model.components.boards import load_board, render_board
from printkit.model.components.card_kinds import every_face_box
from printkit.model.components.deck import Deck, load_deck, loaded_deck
from printkit.model.components.faces import deck_parts, draw_back, draw_face, render_deck
from printkit.model.components.icons import loaded_icons
from printkit.model.components.images import SoftImage
from printkit.model.components.schema import COMPONENTS, KINDS, component_references
from printkit.model.components.scoresheet import SheetArt, render_sheet
from printkit.model.components.tokens import render_tokens
from printkit.model.components.track import render_track
from printkit.model.game import Document, Game, RenderContext

__all__ = [
    "COMPONENTS",
    "KINDS",
    "RENDERERS",
    "Deck",
    "SheetArt",
    "card_file_notes",
    "check_components",
    "component_document",
    "component_msgids",
    "component_references",
    "component_strings",
    "csv_msgids",
    "documents",
    "draw_back",
    "draw_face",
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
    "boards": render_board,
}


def _renderer(key: str, component_id: str, **extra: Any) -> partial[bytes]:
    """The kind's renderer bound to one component; it reports the renderer's module as its
    own, as a game's renderer does, so the card export can capture its card sheets."""
    render = partial(RENDERERS[key], component_id=component_id, **extra)
    render.__module__ = RENDERERS[key].__module__
    return render


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
        out.append(Document(component_id, spec["title"], _renderer(key, component_id),
                            KINDS[key][1], _parts(key, component_id)))
    if errors:
        raise DataErrors(errors)
    return tuple(out)


def component_document(key: str, component_id: str, title: str, **extra: Any) -> Document:
    """The Document of one component a built-in game's game.toml declares.

    A built-in game lists its documents before its data is read, so it names the
    component (``"sheets"``, ``"score-sheet"``) and its English title itself; ``extra``
    goes to the renderer (a sheet's :class:`~printkit.model.components.scoresheet.SheetArt`).
    """
    return Document(component_id, title, _renderer(key, component_id, **extra), KINDS[key][1],
                    _parts(key, component_id))


def _parts(key: str, component_id: str) -> Callable[[RenderContext], int] | None:
    """A deck renders in parts when it is big (see :func:`.faces.deck_parts`)."""
    return partial(deck_parts, component_id=component_id) if key == "decks" else None


def check_components(data: Mapping[str, Any], folder: Path) -> list[str]:
    """Load every deck's cards and images; raise every error at once, return the warnings.

    The schema has already checked game.toml itself; this checks the files it
    names (CSV, images), which only exist beside it. The warnings are one line per
    image that prints below 200 dpi, however many cards and decks print it, naming the
    card (the use) where it prints softest.
    """
    softest: dict[str, SoftImage] = {}
    errors: list[DataError] = []
    try:
        loaded_icons(data, folder)
    except DataErrors as exc:
        errors += exc.errors
    for component_id in data.get("decks") or {}:
        try:
            deck = loaded_deck(data, component_id, folder)
        except DataErrors as exc:
            errors += exc.errors
            continue
        except DataError as exc:
            errors.append(exc)
            continue
        for soft in deck.soft:
            if soft.image not in softest or soft.dpi < softest[soft.image].dpi - 1e-6:
                softest[soft.image] = soft
    for board_id in data.get("boards") or {}:
        try:
            load_board(data, board_id, folder)
        except DataErrors as exc:
            errors += exc.errors
        except DataError as exc:
            errors.append(exc)
    if errors:
        raise DataErrors(errors)
    return [soft.line for soft in softest.values()]


def card_file_notes(data: Mapping[str, Any], folder: Path) -> list[str]:
    """One line per deck's card file worth a word (``cards.csv: semicolon-separated,
    UTF-8``, ``cards.xlsx: sheet 'Cards' (the first)``), for the build to print: what it
    found, so a designer sees which sheet or separator gave the cards."""
    notes = []
    for deck_id, spec in (data.get("decks") or {}).items():
        if spec.get("csv") is not None:
            note = loaded_deck(data, deck_id, folder).note
            if note is not None:
                notes.append(note)
    return notes


def game_warnings(games: Iterable[Game]) -> list[str]:
    """``warning: …`` lines for the user, of the games' images that print below 200 dpi.

    ``build`` and ``check`` print them (on standard error); the game's data and
    files have been checked already (a project's when it was loaded), so this only
    reads them again, and each image once (see :mod:`printkit.model.components.images`).
    """
    out: list[str] = []
    for game in games:
        if not game.data_file.is_file():
            continue
        data = game.load_data()
        if data.get("decks") or data.get("boards"):
            out += [f"warning: {line}" for line in check_components(data, game.folder)]
    return out


#: A catalog entry: a msgid, or a plural message's (singular, plural) msgids.
Msgid = str | tuple[str, str]


def _box_strings(box: Any, path: str) -> Iterator[tuple[str, Msgid]]:
    """A text box's msgid (its content) or plural pair; nothing for other boxes, nor for
    a text box that shows a card field or a dotted key (its msgids are found there)."""
    if not isinstance(box, Mapping) or box.get("show") != "text":
        return
    plural = box.get("plural")
    if isinstance(plural, list) and len(plural) == 2 and all(
            isinstance(p, str) and p for p in plural):
        yield f"{path}.plural", (plural[0], plural[1])
    elif box.get("plural") is None and isinstance(box.get("content"), str) and box["content"]:
        yield f"{path}.content", box["content"]


def _listed(node: Any) -> list[Any]:
    return node if isinstance(node, list) else []


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value)


def component_strings(data: Mapping[str, Any]) -> Iterator[tuple[str, Msgid]]:
    """(key path, msgid) of every string the components translate that game.toml itself
    holds, kind by kind, each component in file order, for the catalog.

    Document titles and headings; a deck's text boxes (a ``content``, or a ``plural``
    pair), the texts of its ``[[cards]]`` that a text box shows, its back's text and
    text boxes; score sheet headings, texts, labels and small texts; special spaces' names;
    token labels. Box names, values, symbols, colours, formats, dotted keys and image
    names are not text and are left out. Reads game.toml as written too (unchecked, as
    the catalog extractor does), so it never assumes a key is there.
    """
    for key in KINDS:
        table = data.get(key)
        for component_id, spec in (table.items() if isinstance(table, Mapping) else ()):
            if isinstance(spec, Mapping):
                yield from _strings_of(key, f"{key}.{component_id}", spec)


def _strings_of(key: str, base: str, spec: Mapping[str, Any]) -> Iterator[tuple[str, Msgid]]:
    """:func:`component_strings` of one component, ``base`` its key path: its title and
    heading, then what its kind holds."""
    for name in ("title", "heading"):
        if _is_text(spec.get(name)):
            yield f"{base}.{name}", spec[name]
    if key == "decks":
        yield from _deck_strings(base, spec)
    elif key == "sheets":
        yield from _sheet_strings(base, spec)
    elif key == "boards":
        for i, item in enumerate(_listed(spec.get("labels"))):
            if _is_text(item):
                yield f"{base}.labels[{i}]", item
        for i, item in enumerate(_listed(spec.get("spaces"))):
            if isinstance(item, Mapping) and _is_text(item.get("label")):
                yield f"{base}.spaces[{i}].label", item["label"]
    elif key in ("tracks", "tokens"):
        listed, sub = ("special", "name") if key == "tracks" else ("tokens", "label")
        for i, item in enumerate(_listed(spec.get(listed))):
            if isinstance(item, Mapping) and _is_text(item.get(sub)):
                yield f"{base}.{listed}[{i}].{sub}", item[sub]


def _deck_strings(base: str, spec: Mapping[str, Any]) -> Iterator[tuple[str, Msgid]]:
    """A deck's text boxes, the card texts they show, and its back's text and text boxes."""
    boxes = _listed(spec.get("boxes"))
    for i, box in enumerate(boxes):
        yield from _box_strings(box, f"{base}.boxes[{i}]")
    kinds = spec.get("kinds")
    kind_boxes: list[Any] = []
    for kind, listed in (kinds.items() if isinstance(kinds, Mapping) else ()):
        for i, box in enumerate(_listed(listed)):
            yield from _box_strings(box, f"{base}.kinds.{kind}[{i}]")
            kind_boxes.append(box)
    yield from _card_texts(base, spec, [*boxes, *kind_boxes])
    back = spec.get("back")
    if isinstance(back, Mapping):
        if _is_text(back.get("text")):
            yield f"{base}.back.text", back["text"]
        for i, box in enumerate(_listed(back.get("boxes"))):
            yield from _box_strings(box, f"{base}.back.boxes[{i}]")


def _card_texts(base: str, spec: Mapping[str, Any],
                boxes: list[Any]) -> Iterator[tuple[str, Msgid]]:
    """The texts of a deck's ``[[cards]]`` that a text box shows (not as a plural)."""
    shown = {box.get("field") for box in boxes if isinstance(box, Mapping)
             and box.get("show") == "text" and box.get("plural") is None}
    for i, card in enumerate(_listed(spec.get("cards"))):
        for field, value in (card.items() if isinstance(card, Mapping) else ()):
            if field in shown and _is_text(value):
                yield f"{base}.cards[{i}].{field}", value


def _sheet_strings(base: str, spec: Mapping[str, Any]) -> Iterator[tuple[str, Msgid]]:
    """A score sheet's note and total, its column headings and labels, then the texts of
    its text blocks, parts and rows (and a row's box label)."""
    for name in ("note", "total"):
        if _is_text(spec.get(name)):
            yield f"{base}.{name}", spec[name]
    for name in ("columns", "labels"):
        for i, item in enumerate(_listed(spec.get(name))):
            if _is_text(item):
                yield f"{base}.{name}[{i}]", item
    for name, keys in (("texts", ("text",)), ("parts", ("label",)),
                       ("row", ("label", "subtitle", "text"))):
        for i, item in enumerate(_listed(spec.get(name))):
            if isinstance(item, Mapping):
                yield from _sheet_item_strings(f"{base}.{name}[{i}]", item, keys,
                                               with_box=name == "row")


def _sheet_item_strings(path: str, item: Mapping[str, Any], keys: tuple[str, ...],
                        with_box: bool) -> Iterator[tuple[str, Msgid]]:
    """The texts of one text block, part or row of a score sheet, and a row's box label."""
    for sub in keys:
        if _is_text(item.get(sub)):
            yield f"{path}.{sub}", item[sub]
    box = item.get("box") if with_box else None
    if isinstance(box, Mapping) and _is_text(box.get("label")):
        yield f"{path}.box.label", box["label"]


def csv_msgids(data: Mapping[str, Any], folder: Path) -> list[tuple[str, str]]:
    """(msgid, where) of the card texts a deck's card file holds: those its text boxes show."""
    out: list[tuple[str, str]] = []
    for deck_id, spec in (data.get("decks") or {}).items():
        if spec.get("csv") is None:
            continue
        deck = load_deck(data, deck_id, folder)
        fields = dict.fromkeys(box["field"] for box in every_face_box(spec)
                               if box["show"] == "text" and box.get("field")
                               and box.get("plural") is None)
        for card in deck.cards:
            for field in fields:
                value = card.values.get(field)
                if isinstance(value, str) and value:
                    out.append((value, f"{card.file}: {card.at(field)}"))
    return out


def component_msgids(data: Mapping[str, Any], folder: Path) -> list[tuple[Msgid, str]]:
    """(msgid, where) of every string the components translate, for the catalog.

    What :func:`component_strings` finds in game.toml (``where`` is its key path), then
    the card texts of CSV files (:func:`csv_msgids`). A plural message's msgid is its
    (singular, plural) pair.
    """
    out: list[tuple[Msgid, str]] = [(msgid, path) for path, msgid in component_strings(data)]
    return out + list(csv_msgids(data, folder))
