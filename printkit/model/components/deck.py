"""A card deck declared in data: its cards (TOML, CSV or a spreadsheet), checked against its files.

The schema (:mod:`printkit.model.components.schema`) checks what game.toml says on
its own; loading a deck checks what needs the game folder: the card file,
every image a card or the back names (found, readable, sharp enough), and
per-card values that must be a colour or a symbol. Every error comes at
once; resolution warnings are collected in :attr:`Deck.warnings` for the
caller to print.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit import caches
from printkit.drawing.icon_text import icons_in
from printkit.drawing.symbols import SYMBOLS
from printkit.errors import DataError, DataErrors
from printkit.geometry import DEFAULT_SPEC, CardSize, mm
from printkit.model.components.card_kinds import (
    KIND_FIELD,
    column_of,
    column_styles,
    face_boxes,
    kind_of,
    style_value,
)
from printkit.model.components.cards_csv import read_cards
from printkit.model.components.icons import names as icon_names
from printkit.model.components.images import (
    Artwork,
    SoftImage,
    embedded_size,
    is_soft,
    load_artwork,
    print_dpi,
    resolution_warning,
)
from printkit.model.components.schema import (
    COLOUR,
    component_references,
    data_value,
    deck_card,
    whole_number,
)
from printkit.resources import relative
from printkit.schema import as_data, inside


@dataclass(frozen=True)
class Card:
    """One card entry (printed ``count`` times) and where it was declared."""

    values: Mapping[str, Any]
    count: int
    file: str
    key: str
    #: The cell of each field by name in the card file (``line 2, column 3 (power)``,
    #: ``sheet 'Cards', cell C2 (power)``); None for a card listed in TOML.
    cells: Mapping[str, str] | None = None

    def at(self, name: str) -> str:
        """The key path (TOML) or the cell (card file) of this card's field ``name``."""
        if self.cells is None:
            return f"{self.key}.{name}"
        return self.cells[name]

    @property
    def name(self) -> str:
        """``card 'Ana'``: the card by its first field's value."""
        first = next((v for v in self.values.values()), None)
        return f"card {str(first)!r}" if first is not None else "card"

    @property
    def label(self) -> str:
        """How messages name the card: its first field's value and where it is declared."""
        return f"{self.name} ({self.file}: {self.key})"


@dataclass(frozen=True)
class Deck:
    id: str
    spec: Mapping[str, Any]
    cards: tuple[Card, ...]
    #: game.toml as messages name it.
    file: str
    artwork: Mapping[str, Artwork] = field(default_factory=dict)
    #: One line per image that prints below 200 dpi (see :attr:`soft`).
    warnings: tuple[str, ...] = ()
    #: Those images: the name, the dpi where it prints softest, the line.
    soft: tuple[SoftImage, ...] = ()
    #: The card's size, the deck's own or read from the dotted key its ``card`` names.
    card: CardSize = CardSize(63, 88)
    #: Where game.toml gives that size: ``decks.<id>.card`` or that dotted key.
    card_key: str = ""
    #: Every picture the deck draws, with the pixel size it is embedded at (see
    #: :func:`printkit.model.components.images.embedded_size`): prepared before rendering.
    pictures: tuple[tuple[Artwork, tuple[int, int]], ...] = ()
    #: What the build says of the deck's card file, if anything: the sheet it read, or a
    #: CSV's dialect when it is not comma-separated UTF-8 (see
    #: :func:`~printkit.model.components.cards_csv.read_cards`).
    note: str | None = None

    @property
    def key(self) -> str:
        return f"decks.{self.id}"

    @property
    def order(self) -> list[int]:
        """The entry of every printed card, in print order (copies side by side)."""
        return [i for i, card in enumerate(self.cards) for _ in range(card.count)]


def shown(path: Path) -> str:
    """A file of the game as messages name it: inside printkit as :func:`relative` does,
    else from the current folder if it is below it (``heroes.csv`` when run in the
    project), else in full."""
    inside = relative(path)
    if not Path(inside).is_absolute():
        return inside
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def game_file(folder: Path) -> str:
    return shown(folder / "game.toml")


def _cards(data: Mapping[str, Any], spec: Mapping[str, Any], deck_id: str, folder: Path,
           file: str) -> tuple[list[Card], str | None]:
    if spec.get("csv") is None:
        def count(entry: Mapping[str, Any]) -> int:
            n = entry.get("count", 1)
            return data_value(data, n) if isinstance(n, str) else n  # checked ahead

        return [Card({k: v for k, v in entry.items() if k != "count"}, count(entry),
                     file, f"decks.{deck_id}.cards[{i}]")
                for i, entry in enumerate(spec["cards"])], None
    path = inside(folder, spec["csv"], file, f"decks.{deck_id}.csv", "card file")
    label = shown(folder / spec["csv"])
    table = read_cards(path, label, list(spec["fields"]), spec.get("sheet"),
                       (file, f"decks.{deck_id}.sheet"))
    return [Card({k: as_data(v) for k, v in row.values.items() if k != "count"},
                 row.values.get("count", 1), label, row.key, row.cells)
            for row in table.rows], table.note


def _check_values(spec: Mapping[str, Any], card: Card, errors: list[DataError],
                  known: tuple[str, ...] = SYMBOLS) -> None:
    """Per-card values a box turns into a colour, a symbol or a number must be one; the
    card's kind must be one the deck declares."""
    kinds = spec.get("kinds") or {}
    kind = kind_of(card.values)
    if kinds and kind not in kinds:
        errors.append(DataError(card.file, card.at(KIND_FIELD), f"{kind or ''!r} is not a "
                                                                f"kind of this deck; kinds: "
                                                                f"{', '.join(kinds)}"))
    for box in face_boxes(spec, card.values):
        for style, column in column_styles(box).items():
            cell = card.values.get(column, "")
            problem = style_value(style, cell)[1]
            if problem is not None:
                errors.append(DataError(card.file, card.at(column),
                                        f"{cell!r} {problem} (box {box['name']!r} takes its "
                                        f"{style} from column {column!r})"))
        coloured_by = column_of(box["colour"])
        name: str | None = box.get("field")
        value = card.values.get(name) if name else None
        if name is None or value is None:
            continue
        unknown = [icon for icon in icons_in(str(value)) if icon not in known] \
            if box["show"] == "text" else []
        if unknown:
            errors.append(DataError(card.file, card.at(name), f"':{unknown[0]}:' is not an "
                                                              f"icon; icons: "
                                                              f"{', '.join(known)}"))
        if box.get("plural") is not None and value != "" and whole_number(value) is None:
            errors.append(DataError(card.file, card.at(name), f"{value!r} is not a whole "
                                                              f"number (box {box['name']!r} "
                                                              f"picks its plural form by it)"))
        if box["show"] == "fill" and coloured_by is None and not re.fullmatch(COLOUR, str(value)):
            errors.append(DataError(card.file, card.at(name), f"{value!r} is not a colour "
                                                              f"like #1a2b3c (box "
                                                              f"{box['name']!r})"))
        if box["show"] == "symbol" and value not in known:
            errors.append(DataError(card.file, card.at(name), f"{value!r} is not a symbol; "
                                                              f"symbols: {', '.join(known)}"))


#: Where a deck shows an image: its name, the width and height it prints at, and the
#: file, the key and the words (``on card 'Ana'``) that name the place.
_Use = tuple[str, float, float, str, str, str]


def _images(data: Mapping[str, Any], spec: Mapping[str, Any], deck_id: str,
            cards: list[Card], folder: Path, file: str, errors: list[DataError],
            soft: list[SoftImage], needed: set[tuple[Artwork, tuple[int, int]]]
            ) -> dict[str, Artwork]:
    """Every image the deck names, loaded once; one :class:`SoftImage` per image that prints
    below :data:`~printkit.model.components.images.MIN_DPI`, at its softest use, naming the card;
    into ``needed``, each image with the pixel size it is embedded at."""
    art: dict[str, Artwork] = {}
    uses = _image_uses(data, spec, deck_id, cards, file)
    softest: dict[str, tuple[float, _Use]] = {}
    others: dict[str, int] = {}  # further soft uses of each image, beyond the one named
    for use in uses:
        name, w, h, where, key, _on = use
        if name not in art:
            try:
                art[name] = replace(load_artwork(folder, name, where, key),
                                    dpi=spec["picture_dpi"])
            except DataError as exc:
                errors.append(exc)
                art[name] = None  # type: ignore[assignment]  # reported once
                continue
        if art[name] is None:
            continue
        dpi = print_dpi(art[name], w, h)
        if not is_soft(dpi):
            continue
        if name in softest:
            others[name] += 1
            if dpi >= softest[name][0] - 1e-6:
                continue
        else:
            others[name] = 0
        softest[name] = (dpi, use)
    soft.extend(_soft_images(art, softest, others))
    needed.update((art[name], embedded_size(art[name], w, h)) for name, w, h, *_ in uses
                  if art.get(name) is not None and not art[name].vector)
    return {k: v for k, v in art.items() if v is not None}


def _image_uses(data: Mapping[str, Any], spec: Mapping[str, Any], deck_id: str,
                cards: list[Card], file: str) -> list[_Use]:
    """Every place the deck shows an image: a box's own picture or one the data names, each
    card's picture in a box that takes it from a field, and the back's picture."""
    uses: list[_Use] = []
    back_boxes = (spec.get("back") or {}).get("boxes") or []
    for i, box, where, on in [
            *((i, b, "boxes", "on every card") for i, b in enumerate(spec["boxes"])),
            *((i, b, f"kinds.{k}", f"on every {k} card")
              for k, bs in (spec.get("kinds") or {}).items() for i, b in enumerate(bs)),
            *((i, b, "back.boxes", "on the card back") for i, b in enumerate(back_boxes))]:
        if box["show"] != "image":
            continue
        w, h = mm(box["width_mm"]), mm(box["height_mm"])
        for source in ("content", "data"):
            if box.get(source) is not None:
                name = box["content"] if source == "content" else data_value(data, box["data"])
                uses.append((name, w, h, file, f"decks.{deck_id}.{where}[{i}].{source}", on))
        if where == "back.boxes":
            continue
        for card in cards:
            if where.startswith("kinds.") and where != f"kinds.{kind_of(card.values)}":
                continue
            name = card.values.get(box["field"]) if box.get("field") else None
            if name:
                uses.append((str(name), w, h, card.file, card.at(box["field"]),
                             f"on {card.name}"))
    back = spec.get("back")
    if back and back.get("image"):
        card = spec["card"]
        inset = 2 * DEFAULT_SPEC.safe_mm
        uses.append((back["image"], mm(card["width_mm"] - inset), mm(card["height_mm"] - inset),
                     file, f"decks.{deck_id}.back.image", "on the card back"))
    return uses


def _soft_images(art: Mapping[str, Artwork], softest: Mapping[str, tuple[float, _Use]],
                 others: Mapping[str, int]) -> list[SoftImage]:
    """A warning for each image at its softest use, saying how many other cards it is
    soft on."""
    soft: list[SoftImage] = []
    for name, (dpi, (_, w, h, where, key, on)) in softest.items():
        n = others[name]
        more = f" and {n} other card{'s' if n > 1 else ''}" if n and on.startswith("on card") \
            else ""
        line = resolution_warning(art[name], name, w, h, where, key, on + more)
        if line is not None:
            soft.append(SoftImage(name, dpi, line))
    return soft


#: The decks read since the build last cleared it, by id: what the document being rendered
#: shows of its game's card files, for its fingerprint (see
#: :func:`printkit.commands.fingerprint.decks`). A document that reads a deck shows any
#: of its cards, so it depends on every row of the deck's card file.
READ: set[str] = set()


def load_deck(data: Mapping[str, Any], deck_id: str, folder: Path) -> Deck:
    """The deck ``deck_id`` of a validated game.toml, with its cards and images; every
    problem raised at once as :class:`DataErrors`."""
    READ.add(deck_id)
    spec = data["decks"][deck_id]
    file = game_file(folder)
    base = f"decks.{deck_id}"
    references = [DataError(file, key, message) for key, message in component_references(
        {**data, "decks": {deck_id: spec}})]
    if references:
        raise DataErrors(references)
    cards, note = _cards(data, spec, deck_id, folder, file)
    errors: list[DataError] = []
    for card in cards:
        _check_values(spec, card, errors, icon_names(data))
    if sum(card.count for card in cards) == 0:
        errors.append(DataError(cards[0].file if cards else file, f"decks.{deck_id}",
                                "every card has a count of 0; the deck prints nothing"))
    soft: list[SoftImage] = []
    needed: set[tuple[Artwork, tuple[int, int]]] = set()
    art = _images(data, spec, deck_id, cards, folder, file, errors, soft, needed)
    if errors:
        raise DataErrors(errors)
    size = deck_card(data, spec)
    assert size is not None  # checked above
    card_key = spec["card"] if isinstance(spec["card"], str) else f"{base}.card"
    return Deck(deck_id, spec, tuple(cards), file, art, tuple(s.line for s in soft),
                tuple(soft), CardSize(size["width_mm"], size["height_mm"]), card_key,
                tuple(sorted(needed, key=lambda n: (n[0].digest, n[1]))), note)



#: Decks loaded during this build: (id of the game data, deck id, folder) -> (data, deck).
_LOADED: dict[tuple[int, str, Path], tuple[Mapping[str, Any], Deck]] = {}
caches.per_build("decks as loaded from game data", _LOADED.clear)


def loaded_deck(data: Mapping[str, Any], deck_id: str, folder: Path) -> Deck:
    """:func:`load_deck`, once per build: every part of a big deck and every variant of it
    (and the workers, which inherit what the build loaded) use the same cards, instead of
    reading the card file and checking thousands of pictures again for each."""
    READ.add(deck_id)
    key = (id(data), deck_id, folder)
    hit = _LOADED.get(key)
    if hit is not None and hit[0] is data:
        return hit[1]
    deck = load_deck(data, deck_id, folder)
    _LOADED[key] = (data, deck)
    return deck
