"""Helpers the document tests share: render one game's documents without the
registry, and read what a PDF embeds."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po, write_po
from pypdf import PdfReader

from printkit.geometry import PAPERS
from printkit.language.translations import Localizer
from printkit.model.game import Document, RenderContext
from printkit.schema import Table, read_toml, validate

Renderer = Callable[[RenderContext], bytes]


@dataclass(frozen=True)
class StandInGame:
    """Just enough of a Game for RenderContext.title."""

    id: str
    renderers: Mapping[str, Renderer]

    def document(self, doc_id: str) -> Document:
        return Document(doc_id, doc_id.replace("-", " ").capitalize(), self.renderers[doc_id])


@dataclass
class Bench:
    """A game's documents rendered straight from its game.toml, each once per paper."""

    game_id: str
    game_toml: Path
    schema: Table
    renderers: Mapping[str, Renderer]
    _cache: dict[tuple[str, str], bytes] = field(default_factory=dict)

    def data(self) -> dict[str, Any]:
        return validate(read_toml(self.game_toml), self.schema, "game.toml")

    def context(self, data: dict[str, Any], doc: str, paper: str = "a4",
                locale: str = "en") -> RenderContext:
        return RenderContext(game=StandInGame(self.game_id, self.renderers), data=data,
                             examples={}, localizer=Localizer.for_locale(locale),
                             paper=PAPERS[paper], document=doc)

    def built(self, data: dict[str, Any], doc: str, paper: str) -> bytes:
        key = (doc, paper)
        if key not in self._cache:
            self._cache[key] = self.renderers[doc](self.context(data, doc, paper))
        return self._cache[key]


@functools.cache
def _prepared(game_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    from printkit.games import GAMES

    return GAMES[game_id].prepared()


def game_context(game_id: str, locale: str, document: str = "rulebook",
                 paper: str = "a4") -> RenderContext:
    """A build's render context for a document of one of printkit's games in a locale: its
    data and worked examples verified once in a test run."""
    from printkit.games import GAMES

    data, examples = _prepared(game_id)
    return RenderContext(game=GAMES[game_id], data=data, examples=examples,
                         localizer=Localizer.for_locale(locale), paper=PAPERS[paper],
                         document=document)


def reader(pdf: bytes | Path) -> PdfReader:
    return PdfReader(BytesIO(pdf) if isinstance(pdf, bytes) else pdf)


def text(pdf: PdfReader) -> str:
    return "\n".join(page.extract_text() or "" for page in pdf.pages)


def embedded_fonts(pdf: PdfReader) -> set[str]:
    """The base names of every font the pages use; fails on any font not embedded."""
    seen = set()
    for page in pdf.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            descendant = font["/DescendantFonts"][0].get_object() \
                if "/DescendantFonts" in font else font
            assert "/FontDescriptor" in descendant, f"{font['/BaseFont']} is a standard font"
            descriptor = descendant["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
            seen.add(str(font["/BaseFont"]).split("+")[-1])
    return seen


def page_texts(pdf: bytes) -> list[str]:
    """The text of each page less its sheet label, with its line breaks and runs of
    spaces made single spaces."""
    return [" ".join(without_sheet_labels(page.extract_text() or "").split())
            for page in reader(pdf).pages]


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """Each page's media box: width and height."""
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader(pdf).pages]


def edit_catalog(locales: Path, code: str, msgid: str, *, string: str | None = None,
                 remove: bool = False, fuzzy: bool = False) -> None:
    path = locales / code / "LC_MESSAGES" / "printkit.po"
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=code)
    assert msgid in catalog, msgid
    if remove:
        del catalog[msgid]
    else:
        message = catalog[msgid]
        if string is not None:
            message.string = string
        if fuzzy:
            message.flags.add("fuzzy")
    with path.open("wb") as fh:
        write_po(fh, catalog)


def write_examples(tmp_path: Path, body: str) -> Path:
    """An examples file with ``body``, for tests that break or invent examples."""
    path = tmp_path / "examples.toml"
    path.write_text(body, encoding="utf-8")
    return path


def made_up_example(steps: str, setup: str = "{}", expect: str = "{}", rules: str = "{}",
                    id: str = "made-up") -> str:
    """One ``[[examples]]`` entry in TOML, from inline tables written as text."""
    return (f'[[examples]]\nid = "{id}"\ntitle = "Made up"\nrules = {rules}\n'
            f"setup = {setup}\nsteps = {steps}\nexpect = {expect}\n")


#: A sheet label in a page margin: "Game · Document · fronts 1/2 · A4 · home layout".
_SHEET_LABEL = re.compile(r"(^\s*| · )(A4|Letter)( · |$)")


def without_sheet_labels(text: str) -> str:
    """A page's extracted text less its margin label, so tests can count what the cards say.
    A label wrapped over lines (in a narrow side margin) breaks after a " · "."""
    lines = text.splitlines()
    drop: set[int] = set()
    for i, line in enumerate(lines):
        if _SHEET_LABEL.search(line):
            drop.add(i)
            j = i - 1
            while j >= 0 and "·" in lines[j]:
                drop.add(j)
                j -= 1
    return "\n".join(line for i, line in enumerate(lines) if i not in drop)


def card_page_boxes(grid: Any, count: int, backs: bool = True) -> list[tuple[tuple, tuple]]:
    """(TrimBox, BleedBox) of every page of a card set: the extent of the cards on it, on
    the paper (a landscape sheet lies turned on portrait paper)."""
    def extent(rects: list[Any]) -> tuple[float, float, float, float]:
        rects = [grid.on_media(r) for r in rects]
        return (min(r.x for r in rects), min(r.y for r in rects),
                max(r.right for r in rects), max(r.top for r in rects))

    out = []
    for page in range(grid.pages(count)):
        n = min(grid.per_page, count - page * grid.per_page)
        for box in (grid.front_box, grid.back_box) if backs else (grid.front_box,):
            cards = [box(slot) for slot in range(n)]
            out.append((extent([c.trim for c in cards]), extent([c.bleed for c in cards])))
    return out


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def matrix_times(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    """The PDF matrix ``m`` applied after ``n`` (m × n): how ``cm`` and a form's /Matrix
    combine with the current transformation, as a reader computes it."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def with_ctm(ops: list, ctm: tuple[float, ...] = IDENTITY) -> Iterator[tuple[Any, bytes,
                                                                        tuple[float, ...]]]:
    """Each ``(operands, operator)`` of a content stream with the transformation in force
    after it, following q/Q and every ``cm`` as a PDF reader does."""
    stack: list[tuple[float, ...]] = []
    for operands, op in ops:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = matrix_times(tuple(float(v) for v in operands), ctm)
        yield operands, op, ctm


def locale_fonts(locale: str) -> tuple[str, ...]:
    """The base names a document in ``locale`` may embed: DejaVu's, and those of the fonts
    its script.toml declares."""
    from reportlab.pdfbase.ttfonts import TTFont

    from printkit.language.script import load

    names = (TTFont("probe", str(path)).face.name for path in load(locale).fonts.values())
    own = {n.decode() if isinstance(n, bytes) else n for n in names}
    return ("DejaVuSans", "DejaVuSerif", *sorted(own))


#: Characters of scripts written without spaces between words (CJK).
_CJK = "\u2e80-\u9fff\u3000-\u303f\uf900-\ufaff\uff00-\uffef"
_CJK_SPACE = re.compile(rf"(?<=[{_CJK}])\s+|\s+(?=[{_CJK}])")


def flat(text: str) -> str:
    """Text as words: every run of white space (no-break spaces too) one space, and none
    next to a CJK character, where a line break in the PDF is not a space in the text."""
    return _CJK_SPACE.sub("", " ".join(text.replace("\u00a0", " ").split()))


def writes_without_spaces(locale: str) -> bool:
    """Whether the locale's script breaks lines between characters (Japanese, Chinese):
    rules of English style such as "no sentence starts with a digit" do not apply."""
    from printkit.language.script import load

    return load(locale).cjk



def reads_right_to_left(locale: str) -> bool:
    """Whether the locale's documents read right to left (Arabic)."""
    from printkit.language.script import load

    return load(locale).rtl


_LATIN_OR_NUMBER = re.compile(r"[A-Za-z0-9]+")


def printed_in(part: str, text: str, locale: str) -> bool:
    """Whether ``part`` is printed in a document whose extracted text is ``text``.

    Text extraction gives a right-to-left line's letters as presentation forms and its
    runs in an order of its own, so there only the Latin words and the numbers of
    ``part`` are looked for, each as often as ``part`` has them; the sentences
    themselves are checked in the document's source (flow XML or catalog)."""
    if not reads_right_to_left(locale):
        return part in text
    have = Counter(_LATIN_OR_NUMBER.findall(text))
    return all(have[word] >= n for word, n in Counter(_LATIN_OR_NUMBER.findall(part)).items())


def says_in_words(locale: str, n: int) -> bool:
    """Whether the locale may say the number ``n`` by the form of its noun alone, with no
    numeral: Arabic's singular and dual ("بطاقة واحدة", one card; "بطاقتان", two cards),
    as its plural rule gives two a category of its own."""
    from babel import Locale

    return n in (1, 2) and Locale.parse(locale).plural_form(2) == "two"


def drawn_picture(art: Any) -> Any:
    """The pixels a PDF embeds for an Artwork at its own size: RGB, or RGBA when the
    picture has transparency (decoded from the prepared picture, as a PDF reader would)."""
    import zlib

    from PIL import Image

    from printkit.model.components.pictures import prepare

    prepared = prepare(art.path, art.digest, art.size)
    size = (prepared.width, prepared.height)
    if prepared.filter == "DCTDecode":
        image = Image.open(BytesIO(prepared.colour())).convert("RGB")
    else:
        mode = "RGB" if prepared.colour_space == "DeviceRGB" else "L"
        image = Image.frombytes(mode, size, zlib.decompress(prepared.colour())).convert("RGB")
    if prepared.alpha_length:
        image.putalpha(Image.frombytes("L", size, zlib.decompress(prepared.alpha())))
    return image


@dataclass(frozen=True)
class PrintedLine:
    """One line of text as a reader finds it on a page: glyphs on one baseline, each less
    than a size from the next, with their tight box (points, page space) and their smallest
    size as printed (font size × text matrix × transformation × horizontal scaling, forms
    included)."""

    text: str
    left: float
    bottom: float
    right: float
    top: float
    baseline: float
    size: float

    def overlaps(self, other: PrintedLine) -> bool:
        """Whether the glyphs of the two lines cover a common spot of the page."""
        return (self.left < other.right and other.left < self.right
                and self.bottom < other.top and other.bottom < self.top)


Glyph = tuple[str, float, float, tuple[float, ...], float, float, int]


def _glyphs(textpage: Any) -> Iterator[Glyph]:
    """(character, baseline, size as printed, tight box, where it starts and ends along the
    baseline, direction in whole degrees) of each glyph PDFium reads; the baseline and the
    places along it are measured across and along the glyph's direction (a sheet label may
    run up the page)."""
    import ctypes
    import math

    import pypdfium2.raw as pdfium_c

    for i in range(pdfium_c.FPDFText_CountChars(textpage)):
        if not pdfium_c.FPDFText_GetTextObject(textpage, i):
            continue  # a space or line end PDFium made up
        char = chr(pdfium_c.FPDFText_GetUnicode(textpage, i))
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(textpage, i, x, y)
        box = [ctypes.c_double() for _ in range(4)]  # left, right, bottom, top
        pdfium_c.FPDFText_GetCharBox(textpage, i, *box)
        matrix = pdfium_c.FS_MATRIX()
        pdfium_c.FPDFText_GetMatrix(textpage, i, matrix)
        size = pdfium_c.FPDFText_GetFontSize(textpage, i) * math.sqrt(
            abs(matrix.a * matrix.d - matrix.b * matrix.c))
        angle = math.atan2(matrix.b, matrix.a)
        cos, sin = math.cos(angle), math.sin(angle)
        left, right, bottom, top = (b.value for b in box)
        end = max(px * cos + py * sin for px in (left, right) for py in (bottom, top))
        yield (char, -x.value * sin + y.value * cos, size, (left, right, bottom, top),
               x.value * cos + y.value * sin, end, round(math.degrees(angle)) % 360)


def printed_lines(pdf: bytes | Path, pages: Iterator[int] | list[int] | None = None
                  ) -> dict[int, list[PrintedLine]]:
    """Every line of text of each page (numbered from 1), read with PDFium. A glyph's size
    is the font size times the geometric mean of its matrix's two scales, so a line set at
    6 pt and condensed to 93 % horizontally prints at 5.8 pt. (Horizontal text only: lines
    are told apart by their baselines.)"""
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    document = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    found: dict[int, list[PrintedLine]] = {}
    try:
        numbers = list(pages) if pages is not None else range(1, len(document) + 1)
        for number in numbers:
            page = document[number - 1]
            textpage = pdfium_c.FPDFText_LoadPage(page.raw)
            try:
                glyphs = sorted(_glyphs(textpage), key=lambda g: (g[6], -g[1], g[4]))
            finally:
                pdfium_c.FPDFText_ClosePage(textpage)
            # baselines of one direction less than half a size apart are one (a mark shaping
            # set above or below its letter stays on its letter's line); glyphs more than a
            # size apart along it are two lines (the same line of two cards side by side)
            rows: list[list[Glyph]] = []
            for glyph in glyphs:
                if rows and rows[-1][0][6] == glyph[6] \
                        and abs(rows[-1][0][1] - glyph[1]) < glyph[2] / 2:
                    rows[-1].append(glyph)
                else:
                    rows.append([glyph])
            lines = []
            for row in rows:
                row.sort(key=lambda g: g[4])
                runs = [[row[0]]]
                for glyph in row[1:]:
                    if glyph[4] - max(g[5] for g in runs[-1]) > glyph[2]:
                        runs.append([glyph])
                    else:
                        runs[-1].append(glyph)
                for run in runs:
                    inked = [g for g in run if not g[0].isspace()]
                    if not inked:
                        continue
                    lines.append(PrintedLine(
                        "".join(g[0] for g in run).strip(),
                        min(g[3][0] for g in inked), min(g[3][2] for g in inked),
                        max(g[3][1] for g in inked), max(g[3][3] for g in inked),
                        round(run[0][1], 1), min(g[2] for g in inked)))
            found[number] = lines
    finally:
        document.close()
    return found
