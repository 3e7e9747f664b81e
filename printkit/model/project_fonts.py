"""A game project's own fonts: declared once in game.toml, used by cards, sheets and rulebook.

::

    [fonts.title]                       # a family name the project chooses
    regular = "fonts/Lobster-Regular.ttf"
    bold = "fonts/Lobster-Bold.ttf"     # bold, italic and bold_italic are optional

    [rulebook]
    heading_font = "title"              # the rulebook's title and chapter headings
    body_font = "text"                  # its running text (needs bold and italic faces)

A card box or a score sheet's text line says ``font = "title"``; its ``bold`` and
``italic`` pick the family's face, which must be declared. Each file must lie inside
the project's folder (symlinks resolved) and be a TrueType font ReportLab can embed
(checked by :mod:`printkit.language.fontcheck`); every character set in it is
glyph-checked in every locale built. In a locale that sets its text in fonts of its
own (Arabic, Japanese: a ``script.toml`` with ``[fonts]``), the characters the project's
font lacks are set in the locale's fonts, and the build says so once per locale and
family (a warning); in any other locale a character the font lacks is an error.

The files are project files like any other, so a changed font rebuilds the documents
(see :mod:`printkit.commands.fingerprint`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET  # noqa: N817

from printkit.errors import DataError, DataErrors
from printkit.language import fonts
from printkit.language.script import ScriptError, load
from printkit.model.components.card_kinds import column_of
from printkit.model.game import RenderContext
from printkit.schema import Keyed, Table, Value, inside

#: A family's faces, by the key that declares each, and their (bold, italic).
FACES = {"regular": (False, False), "bold": (True, False), "italic": (False, True),
         "bold_italic": (True, True)}
FACE_KEY = {flags: key for key, flags in FACES.items()}
FAMILY = r"[a-z][a-z0-9_-]*"
FILE = "game.toml"

FONTS = Keyed(Table({key: Value(str, required=key == "regular", max_length=500)
                     for key in FACES}), key_pattern=FAMILY, required=False, default={})
RULEBOOK = Table({
    "heading_font": Value(str, required=False, pattern=FAMILY),
    "body_font": Value(str, required=False, pattern=FAMILY),
}, required=False, default={})

#: The faces the rulebook's running text is set in: its family must declare them all.
BODY_FACES = ("regular", "bold", "italic")

_LOADED: dict[tuple[object, ...], dict[str, dict[tuple[bool, bool], str]]] = {}


def families(data: Mapping[str, Any], folder: Path, file: str = FILE
             ) -> dict[str, dict[tuple[bool, bool], str]]:
    """The registered face names of every family game.toml declares, by (bold, italic);
    every file that is outside the folder, missing or not a font that can be embedded is
    a one-line error naming game.toml and its key (all at once)."""
    declared = {name: {k: v for k, v in spec.items() if v is not None}
                for name, spec in (data.get("fonts") or {}).items()}
    key = (folder, tuple((name, tuple(sorted((face_key, named, _stamp(folder / named))
                                             for face_key, named in spec.items())))
                         for name, spec in declared.items()))
    if key in _LOADED:
        return _LOADED[key]
    errors: list[DataError] = []
    out: dict[str, dict[tuple[bool, bool], str]] = {}
    for name, spec in declared.items():
        paths = {}
        for face_key, named in spec.items():
            where = f"fonts.{name}.{face_key}"
            try:
                path = inside(folder, named, file, where, "font")
            except DataError as exc:
                errors.append(exc)
                continue
            if not path.is_file():
                errors.append(DataError(file, where, f"font {named!r} does not exist"))
                continue
            try:
                fonts.project_face(path)
            except ScriptError as exc:
                errors.append(DataError(file, where, f"{exc}"))
                continue
            paths[FACES[face_key]] = path
        if len(paths) == len(spec):
            out[name] = fonts.project_family(paths)
    if errors:
        raise DataErrors(errors)
    _LOADED[key] = out
    return out


def _stamp(path: Path) -> tuple[int, int] | None:
    """A font file's size and modification time (a changed file is read again)."""
    try:
        found = path.stat()
    except (OSError, ValueError):
        return None
    return found.st_mtime_ns, found.st_size


def _uses(data: Mapping[str, Any]) -> Iterator[tuple[str, str, Any, Any]]:
    """(key path, family, bold, italic) of every box and sheet line that names a font."""
    for deck_id, deck in (data.get("decks") or {}).items():
        lists = [("boxes", deck.get("boxes") or []),
                 ("back.boxes", (deck.get("back") or {}).get("boxes") or []),
                 *((f"kinds.{k}", b) for k, b in (deck.get("kinds") or {}).items())]
        for where, boxes in lists:
            for i, box in enumerate(boxes):
                if box.get("font") and column_of(box["font"]) is None:
                    yield (f"decks.{deck_id}.{where}[{i}].font", box["font"],
                           box.get("bold", False), box.get("italic", False))
    for sheet_id, sheet in (data.get("sheets") or {}).items():
        for i, line in enumerate(sheet.get("texts") or []):
            if line.get("font"):
                yield (f"sheets.{sheet_id}.texts[{i}].font", line["font"],
                       line.get("bold", False), line.get("italic", False))


def check_fonts(data: Mapping[str, Any], folder: Path, file: str = FILE) -> list[DataError]:
    """Every font game.toml declares, and every use of one: a family that is declared,
    the face its bold and italic pick declared too (a face picked by a card's column is
    checked as the card is drawn, as is a family a card's column names)."""
    try:
        declared = families(data, folder, file)
    except DataErrors as exc:
        return list(exc.errors)
    errors = []
    for where, family, bold, italic in _uses(data):
        if family not in declared:
            errors.append(DataError(file, where, _undeclared(family, data)))
        elif isinstance(bold, bool) and isinstance(italic, bool) \
                and (bold, italic) not in declared[family]:
            errors.append(DataError(file, where, _no_face(family, bold, italic)))
    rulebook = data.get("rulebook") or {}
    for key in ("heading_font", "body_font"):
        family = rulebook.get(key)
        if family is None:
            continue
        if family not in declared:
            errors.append(DataError(file, f"rulebook.{key}", _undeclared(family, data)))
        elif key == "body_font":
            lacking = [f for f in BODY_FACES if FACES[f] not in declared[family]]
            if lacking:
                errors.append(DataError(file, f"rulebook.{key}", (
                    f"font family {family!r} declares no {lacking[0]} face, which the "
                    f"rulebook's text uses; add {lacking[0]} = \"...\" to [fonts.{family}]")))
    return errors


def _undeclared(family: str, data: Mapping[str, Any]) -> str:
    known = ", ".join(repr(f) for f in (data.get("fonts") or {})) or "none"
    return f"font family {family!r} is not declared in [fonts] (declared: {known})"


def _no_face(family: str, bold: bool, italic: bool) -> str:
    key = FACE_KEY[(bold, italic)]
    return (f"font family {family!r} declares no {key} face; add {key} = \"...\" to "
            f"[fonts.{family}] or set bold and italic to a face it has")


def face(ctx: RenderContext, family: str, bold: bool, italic: bool, where: str) -> str:
    """The registered face of ``family`` that ``bold`` and ``italic`` pick, for text drawn
    in ``ctx``'s locale (an error naming ``where`` if the family lacks it)."""
    declared = families(ctx.data, ctx.game.folder)
    if family not in declared:
        raise DataError(FILE, where, _undeclared(family, ctx.data))
    faces = declared[family]
    if (bold, italic) not in faces:
        raise DataError(FILE, where, _no_face(family, bold, italic))
    _note_fallback(ctx, family)
    return faces[(bold, italic)]


def _note_fallback(ctx: RenderContext, family: str) -> None:
    code = ctx.localizer.code
    if load(code).fonts:
        ctx.localizer.notes.add(
            f"warning: locale {code}: font family {family!r}: characters its font lacks "
            f"are set in the locale's own fonts (see locales/{code}/script.toml)")


def rulebook_faces(ctx: RenderContext) -> tuple[tuple[str, str], ...]:
    """printkit's rulebook faces the project's ``[rulebook]`` fonts replace: (printkit's
    face, the project's face) pairs, none without a ``[rulebook]`` font."""
    rulebook = ctx.data.get("rulebook") or {}
    if not rulebook.get("heading_font") and not rulebook.get("body_font"):
        return ()
    declared = families(ctx.data, ctx.game.folder)
    out = []
    if (family := rulebook.get("body_font")) is not None:
        faces = declared[family]
        bold = faces[(True, False)]
        out += [(fonts.REGULAR, faces[(False, False)]), (fonts.BOLD, bold),
                (fonts.ITALIC, faces[(False, True)]),
                (fonts.BOLD_ITALIC, faces.get((True, True), bold))]
        _note_fallback(ctx, family)
    if (family := rulebook.get("heading_font")) is not None:
        faces = declared[family]
        out.append((fonts.HEADING, faces.get((True, False), faces[(False, False)])))
        _note_fallback(ctx, family)
    return tuple(out)


#: The flow elements set in the heading face (see printkit.drawing.pdfwriter).
HEADINGS = ("title", "h1")


def check_flow_glyphs(xml: str, faces: tuple[tuple[str, str], ...], locale: str,
                      document: str) -> None:
    """Every character of a flow document set in a project's face has a glyph there (a
    GlyphError naming the font, the character, the locale and the element otherwise)."""
    if not faces:
        return
    replaced = dict(faces)
    body = [replaced[f] for f in (fonts.REGULAR, fonts.BOLD, fonts.ITALIC) if f in replaced]
    heading = replaced.get(fonts.HEADING)
    for element in ET.fromstring(xml).iter():
        text = "".join(element.itertext()) if element.tag in HEADINGS else \
            (element.text or "") + "".join(child.tail or "" for child in element)
        if not text.strip():
            continue
        used = [heading] if element.tag in HEADINGS and heading else \
            [] if element.tag in HEADINGS else body
        for font in dict.fromkeys(used):
            fonts.check_glyphs(text, locale, f"{document}: <{element.tag}>", font=font)
