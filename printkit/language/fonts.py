"""The embedded fonts, and the glyph check that guards them.

ReportLab's standard fonts and its bundled Vera lack Polish letters, and a
TrueType font that lacks a glyph prints an empty box without any warning. So
every PDF uses one embedded family that ships inside the package (DejaVu
Sans, Bitstream Vera licence, see fonts/LICENSE-DejaVu.txt), and every string
is checked against the font's character map before it is drawn.

A game project may declare font families of its own (see
:mod:`printkit.model.project_fonts`): :func:`project_family` registers them, and text set
in one is looked up in it alone, or first in a locale with fonts of its own.

A locale whose letters DejaVu lacks declares its own fonts (see
:mod:`printkit.language.script`): each character is then set in the first font of
its chain that has it, the locale's font for the role, then its fallback font (for
punctuation and digits, if it names one), then DejaVu. :func:`runs`
splits a string into such runs, :func:`mark` does the same for paragraph markup,
:func:`string_width` measures and :func:`draw_runs` draws a line of them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.errors import DataError, GlyphError
from printkit.language import bidi, fontcheck, internals, lines
from printkit.language.script import (
    FALLBACK,
    LOCALE_FONT_PREFIX,
    Script,
    ScriptError,
    load,
)
from printkit.resources import fonts_dir

FAMILY = "PrintkitSans"
REGULAR = "PrintkitSans"
BOLD = "PrintkitSans-Bold"
ITALIC = "PrintkitSans-Italic"
BOLD_ITALIC = "PrintkitSans-BoldItalic"

#: The heading face: titles and section headings, set apart from the sans body text.
HEADING = "PrintkitSerif-Bold"

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
}

#: Characters that are layout, not ink: never looked up in the font (the bidi controls
#: of right-to-left text among them, see :mod:`printkit.language.bidi`).
_LAYOUT = {"\n", "\r", "\t", "\u00ad", "\u200b", *bidi.INVISIBLE}


_HEADING_FILE = "DejaVuSerif-Bold.ttf"


class _SharedSubsetFont(TTFont):
    """A TrueType font whose subset in each PDF starts with the same characters, in the
    same order, before the document's own text.

    ReportLab numbers a subset's glyphs in the order a document first draws them, so two
    documents that print different text embed different subsets of the same font. With
    every document of a locale starting from one shared character set, their subsets
    come out byte-identical, and the whole-kit PDF (:mod:`printkit.pdfmerge`) stores each
    font once instead of once per document.
    """

    def __init__(self, name: str, filename: str) -> None:
        super().__init__(name, filename)
        internals.share_subsets(self.face)

    def splitString(self, text, doc, encoding="utf-8"):  # type: ignore[no-untyped-def] # noqa: N802
        shared = getattr(doc, _SHARED_ATTRIBUTE, "")
        if shared and not internals.started_in(self, doc):
            super().splitString(self._shared(shared), doc, encoding)
        return super().splitString(text, doc, encoding)

    def _shared(self, shared: str) -> str:
        """The shared characters this font has (a locale's own script is set in its own
        font: DejaVu's subsets leave those characters out)."""
        kept = self.__dict__.get("_shared_for")
        if kept is None or kept[0] != shared:
            have = internals.character_map(self)
            kept = self._shared_for = (shared, "".join(c for c in shared if ord(c) in have
                                                       or c in _LAYOUT))
        return kept[1]

    def addObjects(self, doc):  # type: ignore[no-untyped-def] # noqa: N802
        """ReportLab's font objects, with the parts every document of a locale shares (the
        subset font file, its ToUnicode map, its widths) compressed and formatted once per
        process: the same bytes ReportLab would write, without the work per document."""
        subsets = internals.subset_count(self, doc)
        names = [self.getSubsetInternalName(n, doc)[1:] for n in range(subsets)]
        super().addObjects(doc)
        for name in names:
            font = internals.pdf_object(doc, "BasicFonts").dict[name]
            font.Widths = _formatted(font.Widths, doc)
            if doc.compression:
                base = font.BaseFont
                for key in (f"fontFile:{self.face.filename}({base})", f"toUnicodeCMap:{base}"):
                    _compress_once(internals.pdf_object(doc, key))


class _Formatted(pdfdoc.PDFObject):
    """A PDF object already written out."""

    def __init__(self, text: bytes) -> None:
        self.text = text

    def format(self, document: object) -> bytes:
        return self.text


_WRITTEN: dict[tuple[object, ...], _Formatted] = {}
_COMPRESSED: dict[bytes, bytes] = {}


def _formatted(array: pdfdoc.PDFArray, doc: object) -> _Formatted:
    key = tuple(array.sequence)
    if key not in _WRITTEN:
        _WRITTEN[key] = _Formatted(array.format(doc))
    return _WRITTEN[key]


def _compress_once(stream: pdfdoc.PDFStream) -> None:
    """Flate-compress ``stream`` now, reusing an earlier document's identical result."""
    content = stream.content
    if isinstance(content, str):
        content = content.encode("utf-8")
    if content not in _COMPRESSED:
        _COMPRESSED[content] = pdfdoc.PDFZCompress.encode(content)
    stream.content = _COMPRESSED[content]
    stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])


#: Where a PDF document (ReportLab's ``PDFDocument``, which every font is handed as it
#: sets text) keeps the characters its font subsets start with: the document's own.
_SHARED_ATTRIBUTE = "printkit_shared_characters"


def share(document: object, characters: str) -> None:
    """Start every font subset of ``document`` (a canvas's PDF document) with
    ``characters``, in a fixed order: its locale's, so that its subsets match those of
    the locale's other documents."""
    setattr(document, _SHARED_ATTRIBUTE, "".join(sorted(set(characters))))


#: The PostScript names of the fonts registered as ReportLab registers them: printkit's
#: own and the locales' (see _register_apart).
_SHARED_FACES: set[bytes] = set()


@cache
def register() -> None:
    """Register the family once per process, with <b>/<i> mappings for Paragraph."""
    for name, filename in (*_FILES.items(), (HEADING, _HEADING_FILE)):
        font = _SharedSubsetFont(name, str(fonts_dir() / filename))
        pdfmetrics.registerFont(font)
        _SHARED_FACES.add(font.face.name)
    pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                  boldItalic=BOLD_ITALIC)
    for bold, italic, name in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, ITALIC), (1, 1, BOLD_ITALIC)):
        addMapping(FAMILY, bold, italic, name)


#: The role each of the family's faces plays, as a locale's script.toml names them.
ROLE_OF = {REGULAR: "regular", BOLD: "bold", ITALIC: "italic", BOLD_ITALIC: "bold_italic",
           HEADING: "heading"}

_BY_FILE: dict[Path, str] = {}
#: The size and modification time of each font file of a project as it was registered:
#: a file changed since (a rebuild in the same process) is registered anew.
_STAMPS: dict[Path, tuple[int, int, int] | None] = {}
#: The names of font files registered before they changed (cached character maps and
#: runs are keyed by name, so a changed file never takes an old name).
_RETIRED: set[str] = set()


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size, found.st_ino


def _register_file(path: Path, apart: bool = False) -> str:
    """Register a locale's font file once per process; its name in the PDF's resources.
    Its subsets are each document's own characters: a script of thousands of characters
    would otherwise put all of them in every document."""
    path = path.resolve()
    own = path.is_relative_to(fonts_dir().resolve())
    stamp = None if own else _stamp(path)
    if path in _BY_FILE and _STAMPS.get(path) != stamp:  # changed since: read it again
        _RETIRED.add(_BY_FILE.pop(path))
    if path not in _BY_FILE:
        _STAMPS[path] = stamp
        name = f"{LOCALE_FONT_PREFIX}{path.stem}"
        while name in _BY_FILE.values() or name in _RETIRED:
            name += "-2"
        # A project's font is checked (again, if it changed since its script.toml was
        # read) before ReportLab reads it: see printkit.language.fontcheck.
        problem = None if own else fontcheck.problem(path)
        if problem is not None:
            raise ScriptError(f"font {path.name}: {problem}")
        try:
            font = TTFont(name, str(path))
        except Exception:  # noqa: BLE001 - ReportLab raises many kinds for a bad file
            raise ScriptError(f"font {path.name}: not a TrueType font that can be "
                              f"embedded") from None
        internals.name_every_glyph(font)
        if apart and font.face.name not in _SHARED_FACES:
            _register_apart(font)
        else:
            pdfmetrics.registerFont(font)
            _SHARED_FACES.add(font.face.name)
        _BY_FILE[path] = name
    return _BY_FILE[path]


#: A game project's own faces (see :mod:`printkit.model.project_fonts`): the registered
#: name of each, with printkit's face for the same role, and the faces of its family by
#: (bold, italic).
_PROJECT: dict[str, str] = {}
_FAMILY: dict[str, dict[tuple[bool, bool], str]] = {}


def project_face(path: Path) -> str:
    """Register one font file of a game project; its name. A file that is not a TrueType
    font that can be embedded is a ScriptError naming it."""
    register()
    return _register_file(path, apart=True)


def project_family(paths: Mapping[tuple[bool, bool], Path]) -> dict[tuple[bool, bool], str]:
    """Register a project's font family (its declared faces by (bold, italic), the upright
    regular one among them); the registered name of each face. ``<b>`` and ``<i>`` in
    text set in the family take its declared faces, else its regular one."""
    names = {face: project_face(path) for face, path in paths.items()}
    for face, name in names.items():
        _PROJECT[name] = _FACE[face]
        _FAMILY[name] = names
    regular = names[(False, False)]
    pdfmetrics.registerFontFamily(
        regular, normal=regular, bold=names.get((True, False), regular),
        italic=names.get((False, True), regular),
        boldItalic=names.get((True, True), names.get((True, False), regular)))
    return names


def project_files() -> list[Path]:
    """The files of every project face registered in this process."""
    return [path for path, name in _BY_FILE.items() if name in _PROJECT]


def widest(font: str) -> str:
    """The face text set in ``font`` with <b> in it is measured in: its family's bold."""
    if font in _FAMILY:
        family = _FAMILY[font]
        return family.get((True, False), family[(False, False)])
    return BOLD


def _register_apart(font: TTFont) -> None:
    """Register a project's font as itself: ReportLab takes a font whose PostScript name
    it has seen for the one registered first (a font file changed since, another
    project's file of the same name), so it is registered under a name of its own and
    keeps its PostScript name for the PDF. (Not a font named as printkit's own or a
    locale's: two fonts of one PostScript name cannot share a PDF, so such a font is
    taken for that one, as before.)"""
    real = font.face.name
    font.face.name = real + b"#" + font.fontName.encode("ascii", "replace")
    try:
        pdfmetrics.registerFont(font)
    finally:
        font.face.name = real


@cache
def _names(script: Script) -> dict[str, str]:
    """The registered name of the locale's font for each role, with the regular, bold,
    italic and bold italic faces one family, as <b> and <i> in paragraphs need."""
    register()
    if not script.fonts:
        return {}
    declared = {**script.fonts, **({FALLBACK: script.fallback} if script.fallback else {})}
    names = {}
    for role, path in declared.items():
        try:
            names[role] = _register_file(path)
        except ScriptError as exc:
            raise ScriptError(f"locale {script.code}: fonts.{role}: {exc}") from None
    pdfmetrics.registerFontFamily(names["regular"], normal=names["regular"],
                                  bold=names["bold"], italic=names["italic"],
                                  boldItalic=names["bold_italic"])
    heading = names["heading"]
    if heading not in (names["regular"], names["bold"], names["italic"], names["bold_italic"]):
        pdfmetrics.registerFontFamily(heading, normal=heading, bold=heading, italic=heading,
                                      boldItalic=heading)
    return names


#: The upright face of each slanted one: DejaVu's part of a locale's italic text when the
#: locale has no italics (see :meth:`printkit.language.script.Script.slanted`).
_UPRIGHT = {ITALIC: REGULAR, BOLD_ITALIC: BOLD}


def chain(font: str, script: Script) -> tuple[str, ...]:
    """The fonts a character of text set in ``font`` is looked up in, first to last, in
    ``script``."""
    if font in _PROJECT:
        # A project's face alone where printkit's own faces print the locale; else first,
        # before the locale's own fonts for the characters it lacks (see project_fonts).
        return (font, *chain(_PROJECT[font], script)) if script.fonts else (font,)
    role = ROLE_OF.get(font)
    names = _names(script)
    if role is None or not names:
        return (font,)
    fallback = (names[FALLBACK],) if FALLBACK in names else ()
    if font in _UPRIGHT and not script.slanted(role):
        return (names[role], *fallback, _UPRIGHT[font])
    return (names[role], *fallback, font)


#: A word of an alphabetic script (Latin, Greek, Cyrillic…), set in one font whole, or
#: one character of any other.
_TOKENS = re.compile(r"[^\s\u2e80-\U0010ffff]+|.", re.S)


@lru_cache(maxsize=8192)
def runs(text: str, font: str, script: Script) -> tuple[tuple[str, str], ...]:
    """``text`` as (font, text) runs: each character in the first font of its chain that
    has it, a word of an alphabetic script in the first that has all its letters (so
    "bliżej" is never set half in one font; a bracket that font lacks in the next that
    has it), spaces with the run they are in where its font has them (else in the first
    font that has them). (Kept: a label is measured at every size it tries.)"""
    fonts = chain(font, script)
    if len(fonts) == 1:
        return ((font, text),) if text else ()
    # Latin letters and digits beside an alphabetic script read best in the fallback font
    # (printkit's own unless the locale names another); beside CJK, in the CJK font made
    # to match them.
    ascii_first = fonts if script.cjk or font in _PROJECT else (*fonts[1:], fonts[0])
    out: list[tuple[str, str]] = []
    for token in _TOKENS.findall(text):
        if out and (token.isspace() or token in _LAYOUT):
            # A space stays in the run it is in if that font has it; a thin or narrow
            # no-break space the locale's font lacks takes the first font that has it
            # (else it would print as a box: a CJK subset has no U+2009).
            chosen = out[-1][0]
            if token not in _LAYOUT and ord(token) not in _charmap(chosen):
                chosen = next((f for f in fonts if ord(token) in _charmap(f)), chosen)
            _extend(out, chosen, token)
            continue
        # The word's font is the first that has all its letters (and marks); a bracket or
        # quotation mark run into it that this font lacks takes the first font that has
        # it, so "(الحجم" stays in the Arabic font, shaped, and only "(" is DejaVu's.
        order = ascii_first if token.isascii() else fonts
        letters = [c for c in token if unicodedata.category(c)[0] in "LM"] or token
        chosen = next((f for f in order if all(ord(c) in _charmap(f) for c in letters)),
                      None)
        for char in token:
            if chosen is not None and ord(char) in _charmap(chosen):
                _extend(out, chosen, char)
            else:
                _extend(out, next((f for f in fonts if ord(char) in _charmap(f)), font), char)
    return tuple(out)


def _extend(out: list[tuple[str, str]], font: str, text: str) -> None:
    if out and out[-1][0] == font:
        out[-1] = (font, out[-1][1] + text)
    else:
        out.append((font, text))


_PIECES = re.compile(r"(<[^>]*>|&#?\w+;)")

#: Paragraph tags that make their text bold or italic.
_EMPHASIS = re.compile(r"<(/?)(b|strong|i|em)(?:\s[^>]*)?>", re.I)

#: The family's face for (bold, italic).
_FACE = {(False, False): REGULAR, (True, False): BOLD, (False, True): ITALIC,
         (True, True): BOLD_ITALIC}


def mark(markup: str, font: str, script: Script) -> str:
    """Paragraph markup with every run that its base ``font`` cannot print wrapped in a
    ``<font>`` tag naming the locale's face for the text's role there: the base font's,
    made bold or italic by the <b> and <i> around the run (ReportLab's ``<font>`` sets a
    face whole, so naming the regular face inside <b> would print it regular). In a
    locale without italics, italic text that DejaVu prints is named its upright face."""
    fonts = chain(font, script)
    if len(fonts) == 1:
        return markup
    role = _PROJECT.get(font, font)  # a project's face: the role printkit's face has
    bold, italic = int(role in (BOLD, BOLD_ITALIC)), int(role in (ITALIC, BOLD_ITALIC))
    out = []
    for piece in _PIECES.split(markup):
        if not piece or piece[0] in "<&":
            tag = _EMPHASIS.fullmatch(piece) if piece else None
            if tag is not None:
                step = -1 if tag.group(1) else 1
                if tag.group(2).lower() in ("b", "strong"):
                    bold += step
                else:
                    italic += step
            out.append(piece)
            continue
        face = font if font == HEADING else _FACE[(bold > 0, italic > 0)]
        if font in _FAMILY:  # a project's family: its face for the role, else its regular
            family = _FAMILY[font]
            face = family.get((bold > 0, italic > 0)) or family.get((bold > 0, False)) or \
                family[(False, False)]
        for run_font, text in runs(piece, face, script):
            out.append(text if run_font == face else f'<font name="{run_font}">{text}</font>')
    return "".join(out)


def _shaped(script: Script) -> bool:
    """Whether ``script``'s lines are set by :mod:`printkit.language.lines`: shaped, in
    bidi order (a locale with fonts of its own that does not break lines like CJK)."""
    return bool(script.fonts) and not script.cjk


def string_width(text: str, font: str, size: float, script: Script) -> float:
    """The width of plain ``text`` as :func:`runs` sets it in ``script`` (shaped, in bidi
    order, in a script with fonts of its own)."""
    if _shaped(script):
        return lines.width(text, font, size, script, runs)
    return sum(pdfmetrics.stringWidth(t, f, size) for f, t in runs(text, font, script))


def draw_runs(canvas: object, x: float, y: float, text: str, font: str, size: float,
              script: Script, align: str = "left") -> None:
    """One line of plain text at ``x`` (its left end, centre or right end), font by font;
    shaped and in the bidi order of the line in a script with fonts of its own."""
    if _shaped(script):
        parts = lines.line(text, font, size, script, runs)
    else:
        parts = [(f, t, pdfmetrics.stringWidth(t, f, size))
                 for f, t in runs(text, font, script)]
    width = sum(w for _f, _t, w in parts)
    x -= {"left": 0.0, "centre": width / 2, "right": width}[align]
    for run_font, run_text, run_width in parts:
        canvas.setFont(run_font, size)  # type: ignore[attr-defined]
        canvas.drawString(x, y, run_text)  # type: ignore[attr-defined]
        x += run_width


@cache
def _charmap(font: str) -> frozenset[int]:
    register()
    return frozenset(internals.character_map(pdfmetrics.getFont(font)))


@cache
def _printable(fonts: tuple[str, ...], script: Script) -> frozenset[str]:
    """The characters every one of ``fonts`` can print, each through its chain in
    ``script``, computed once per font set: one set lookup per character, as the check
    runs on every string drawn."""
    return frozenset(chr(code) for code in frozenset.intersection(
        *(frozenset().union(*(_charmap(f) for f in chain(font, script))) for font in fonts)))


def missing_glyphs(text: str, fonts: tuple[str, ...] = tuple(_FILES),
                   script: Script | None = None) -> list[str]:
    """Characters of ``text`` that some font of the family cannot print (through its chain
    in ``script``, by default DejaVu alone), in order, once each."""
    printable = _printable(fonts, script or load(""))
    out: list[str] = []
    for char in text:
        if char in printable or char in _LAYOUT or char in out:
            continue
        out.append(char)
    return out


#: The tool that remakes a shipped subset font, named in the glyph check's message.
#: The command that remakes a locale's subset font from the full font, for any locale.
SUBSET_TOOL = "python tools/subset_fonts.py --locale {locale} --font <full font file> {subset}"


def _tried(script: Script, heading: bool) -> list[str]:
    tried = [path.name for path in dict.fromkeys(
        [*script.fonts.values(), *([script.fallback] if script.fallback else [])])]
    return tried + ([_FILES[REGULAR], _HEADING_FILE] if heading else [_FILES[REGULAR]])


def _project_tried(font: str, script: Script) -> list[str]:
    """The project's font file, then the locale's own fonts where they take over."""
    own = [path.name for path, name in _BY_FILE.items() if name == font]
    return own + (_tried(script, False) if script.fonts else [])


def _how(locale: str, tried: list[str]) -> str:
    """How to give the locale the glyph it lacks."""
    subsets = [n for n in tried if n.endswith("-printkit.ttf")]
    if subsets:
        command = SUBSET_TOOL.format(locale=locale, subset=subsets[0])
        return (f"printkit ships that font as a subset of the characters its catalogs use: "
                f"run '{command}' (with --with cjk for a CJK font; tools/subset_fonts.py "
                f"says more) to add the new ones from the full font")
    return (f"declare a font that has it in locales/{locale}/script.toml (docs/translate.md: "
            f"\"Add a locale in any script\")")


def check_locale(code: str) -> None:
    """Before anything is rendered: the locale's script.toml can be used, its fonts are
    fonts, and every character of its catalog is in one of them (a ScriptError naming the
    locale, the font and the character otherwise)."""
    from printkit.language.locales import catalog_path, read_po_file
    from printkit.resources import relative

    script = load(code)
    if not script.fonts:
        return
    _names(script)
    path = catalog_path(code)
    if not path.is_file():
        return
    printable = _printable(tuple(_FILES), script)
    for message in read_po_file(code, path):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for char in text or "":
                if char in printable or char in _LAYOUT:
                    continue
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                tried = _tried(script, False)
                raise ScriptError(
                    f"locale {code}: {relative(path)}: entry {msgid[:40]!r}: character "
                    f"{char!r} (U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}) has no "
                    f"glyph in the fonts tried ({', '.join(tried)}); {_how(code, tried)}")


#: Keys of game data that name things rather than print text (ids, files, colours,
#: symbols, a card file's sheet) and the rules engine's own table: not glyph-checked as text.
_NOT_PRINTED = ("id", "csv", "sheet", "image", "colour", "color", "symbol", "file",
                "font")


def data_glyph_errors(data: Mapping[str, Any], file: str,
                      locales: Sequence[str]) -> list[DataError]:
    """Every text of a game's data with a character no font of a locale being built has:
    bad data (exit 2), named by file and key, before anything is rendered."""
    found: list[DataError] = []
    scripts = [(code, load(code)) for code in locales]

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            for name, item in value.items():
                if name == "rules" and not key:
                    continue
                if not str(name).endswith(_NOT_PRINTED):
                    walk(item, f"{key}.{name}" if key else str(name))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{key}[{i}]")
        elif isinstance(value, str):
            for code, script in scripts:
                # (the heading face too: a game's names are set in headings)
                missing = missing_glyphs(value, (*_FILES, HEADING), script)
                if missing:
                    char = missing[0]
                    found.append(DataError(file, key, (
                        f"character {char!r} (U+{ord(char):04X} "
                        f"{unicodedata.name(char, 'unnamed character')}) cannot be printed "
                        f"in locale {code}: no font of it has it "
                        f"({', '.join(_tried(script, True))})")))
                    return

    walk(data, "")
    return found


def check_glyphs(text: str, locale: str, where: str, heading: bool = False,
                 data: bool = False, font: str | None = None) -> None:
    """Fail, naming the string, locale, character and the fonts tried, if no font of the
    locale's chain has a glyph for a character.

    ``heading`` text is set in the heading face too, so it is checked against both. Text
    set in a project's ``font`` is checked against that face (and the locale's own fonts,
    in a locale that has some).
    """
    script = load(locale)
    faces = (*_FILES, HEADING) if heading else tuple(_FILES)
    if font is not None and font in _PROJECT:
        faces = (font,)
    missing = missing_glyphs(text, faces, script)
    if missing:
        char = missing[0]
        name = unicodedata.name(char, "unnamed character")
        shown = text if len(text) <= 60 else text[:57] + "..."
        tried = _tried(script, heading)
        how = _how(locale, tried)
        if faces[0] in _PROJECT:
            tried = _project_tried(faces[0], script)
            how = "use a font that has it in game.toml's [fonts] table"
        elif data:  # a character of the game's data: bad data, fixed in the data
            how = "take it out of the game's data, or use a character the fonts have"
        error = GlyphError(f"locale {locale}: {where}: character {char!r} (U+{ord(char):04X} "
                         f"{name}) has no glyph in the fonts tried ({', '.join(tried)}), in "
                         f"{shown!r}; {how}")
        if data or faces[0] in _PROJECT:
            error.exit_code = 2
        raise error
