"""The guide of real builds against the files it names: Yeti Slalom (double-sided cards, a
board tiled over several sheets) and Polar Derby (everything single-sided), in English and
Japanese, on A4 and Letter, each built once for the module.

What a person printing at home relies on: no file the guide calls ready to send mixes
paper and card or single- and double-sided pages, and the whole kit is not one of them;
every page the guide names holds what it says; the calibration sheet is a file of its own
and the double-sided run's first sheet; the ruler is 50 mm from end tick to end tick; the
materials are counted in sheets."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from printkit.assembly.guide.materials import materials
from printkit.commands.build import BuildOptions, build
from printkit.games import GAMES
from printkit.language.translations import Localizer
from printkit.model.game import CALIBRATION
from printkit.model.runs import calibration_file, run_file

GAMES_BUILT = ("yeti-slalom", "polar-derby")
LOCALES = ("en", "ja")
PAPERS_BUILT = ("a4", "letter")
#: 10 pixels to the millimetre.
TEN_PX_PER_MM = 254 / 72

NOT_FOR_PRINTING = ("<b>Not for printing.</b> The whole kit in one file, to read on screen and "
                    "to keep. It mixes paper and card, single- and double-sided pages: print "
                    "the files above instead.")
SEND_AS_IT_IS = ("Send each of these files to the printer as it is, on the paper and with the "
                 "setting beside it: each holds one paper and one setting only. The page "
                 "numbers are the pages of that file as the printer counts them; for a "
                 "double-sided file, the sheets too.")
RULERS_CAPTION = ("Measure the rulers after printing: the top one must be exactly 50 mm (1.97 "
                  "in) long, the bottom one exactly 2 inches (50.8 mm). If they are not, the "
                  "printer scaled the page.")
MANUAL = "Double-sided by hand"
CARD_WEIGHT = ("Most home printers print double-sided only on paper up to about 105–163 g/m²: "
               "card above about 160 g/m² usually has to be printed double-sided by hand (see "
               "“Double-sided by hand”), as on a printer that cannot print double-sided.")
GLUE_BOTH_SIDES = ("Card sheets on a printer that takes no card: print their fronts (the odd "
                   "pages) and their backs (the even pages) single-sided on paper, and glue "
                   "each front and its back onto the two sides of one sheet of thin card of the "
                   "same size, edge on edge, their top edges together. A sheet printed on both "
                   "sides and glued onto card would hide its back.")
FRONT_EDGE = "<b>FRONT</b>: this is the top edge."
BACK_EDGE = ("<b>BACK</b>: this edge belongs behind the FRONT’s top edge, this arrow behind its "
             "arrow.")
#: What the guide said of the whole kit before: to print it double-sided.
OLD_KIT_ROW = "every double-sided part starts on a new sheet"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Yeti Slalom and Polar Derby in English and Japanese, on A4 and on Letter."""
    out = {}
    for paper in PAPERS_BUILT:
        folder = tmp_path_factory.mktemp(f"guide-runs-{paper}")
        build(BuildOptions(games=list(GAMES_BUILT), locales=list(LOCALES), paper=paper,
                           out=folder, previews=False))
        out[paper] = folder
    return out


@dataclass(frozen=True)
class Kit:
    """One built kit: its folder, game, locale and paper."""

    folder: Path
    game: str
    locale: str
    paper: str

    @property
    def loc(self) -> Localizer:
        return Localizer.for_locale(self.locale)

    def said(self, msgid: str, **values: object) -> str:
        """A msgid as the guide prints it, tags left out, without white space."""
        return squash(re.sub(r"</?b>", "", self.loc.gettext(msgid) % values))

    def number(self, value: int) -> str:
        return self.loc.number(value)

    def file(self, name: str) -> Path:
        return self.folder / self.game / self.locale / name

    def guide_lines(self) -> list[str]:
        return [line.strip() for line in text_of(self.file(f"guide-{self.paper}.pdf")).splitlines()]

    def guide(self) -> str:
        return squash(text_of(self.file(f"guide-{self.paper}.pdf")))

    def materials(self) -> dict[str, tuple[int, str, str]]:
        """Each document's (pages, paper, sides) in this build."""
        game = GAMES[self.game]
        pages = {d.id: len(reader(self.file(f"{d.id}-{self.paper}.pdf")).pages)
                 for d in game.documents}
        return {m.id: (m.pages, m.paper, m.sides) for m in materials(game.documents, "home", pages)}

    def titles(self) -> dict[str, str]:
        """Document ids by their titles in the kit's language (the bookmarks' words)."""
        game = GAMES[self.game]
        return {self.loc.gettext(d.title): d.id for d in (*game.documents, CALIBRATION)}


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


@cache
def reader(path: Path) -> PdfReader:
    return PdfReader(path)


@cache
def text_of(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in reader(path).pages)


def kits(built: dict[str, Path]) -> list[Kit]:
    return [Kit(built[paper], game, locale, paper) for paper in PAPERS_BUILT
            for game in GAMES_BUILT for locale in LOCALES]


@cache
def ranges(path: Path) -> dict[str, tuple[int, int]]:
    """The physical pages each document of a file fills, by its bookmark's title (a page
    left blank before the next document, saying so in the kit's language, is not the
    document's). Documents that share a card sheet have one bookmark naming them all
    ("Bear tokens \u00b7 Dice"): each of them fills that page."""
    pdf = reader(path)
    blank = squash(Localizer.for_locale(path.parent.name).gettext(
        "This page is intentionally left blank."))
    starts = sorted((pdf.get_destination_page_number(item) + 1, item.title)
                     for item in pdf.outline if not isinstance(item, list))
    if not starts:  # one document alone (the calibration sheet): named by its title
        starts = [(1, pdf.metadata.title.rsplit(" · ", 1)[-1])]
    out = {}
    for (first, title), after in zip(starts, [s for s, _ in starts[1:]] + [len(pdf.pages) + 1],
                                     strict=True):
        last = after - 1
        if last > first and blank in squash(pdf.pages[last - 1].extract_text() or ""):
            last -= 1
        for name in title.split(" \u00b7 "):
            out[name] = (first, last)
    return out


def named_files(kit: Kit) -> list[str]:
    """The files the guide names in its "Print runs" table, in order."""
    pattern = re.compile(rf"^((?:print-[a-z]+|calibration|kit)-{kit.paper}\.pdf)$")
    return [m.group(1) for line in kit.guide_lines() if (m := pattern.match(line))]


# -- no file to send mixes papers or settings; the kit is not one to print -------------------

def test_no_file_the_guide_sends_to_the_printer_mixes_paper_and_card_or_sides(
        built: dict[str, Path]) -> None:
    for kit in kits(built):
        files = named_files(kit)
        assert files[-1] == f"kit-{kit.paper}.pdf" and files.count(files[-1]) == 1, files
        of = kit.materials()
        titles = kit.titles()
        for name in files[:-1]:
            path = kit.file(name)
            assert path.is_file(), (kit, name)
            kinds = set()
            for title in ranges(path):
                doc = titles[title]
                pages, paper, sides = of[doc] if doc != CALIBRATION.id else (2, "card", "duplex")
                kinds.add((paper, sides == "duplex"))
            assert len(kinds) == 1, (kit, name, kinds)  # one paper, one setting
        # every document of the kit is in one of them
        sent = {titles[t] for name in files[:-1] for t in ranges(kit.file(name))}
        assert sent >= set(of), (kit, set(of) - sent)
        assert kit.said(SEND_AS_IT_IS) in kit.guide()


def test_the_whole_kit_is_for_the_screen_not_the_printer(built: dict[str, Path]) -> None:
    for kit in kits(built):
        guide = kit.guide()
        name = squash(f"kit-{kit.paper}.pdf")
        # the kit's row: its file, then the words that it is not for printing
        assert name + kit.said(NOT_FOR_PRINTING) in guide, kit
        assert kit.said("the whole kit in one file, to read on screen; printed double-sided, "
                        "every double-sided part starts on a new sheet") not in guide
        if kit.locale == "en":
            assert squash(OLD_KIT_ROW) not in guide


# -- every page the guide names holds what it says -----------------------------------------

REFERENCE = re.compile(r"^(?P<doc>[^:]+): pages? (?P<first>\d+)(?:–(?P<last>\d+))?"
                       r"(?:, sheets? (?P<sheet1>\d+)(?:–(?P<sheet2>\d+))?)?$")


def test_every_page_the_guide_names_holds_that_document(built: dict[str, Path]) -> None:
    """Read the English guide's references ("Cards: pages 3–8, sheets 2–4" under the file
    they are about) and find each in its file; in every language, each document of each
    file is named, with its pages and (double-sided) sheets, in that language's words."""
    for kit in kits(built):
        files = named_files(kit)
        for name in files:
            path = kit.file(name)
            duplex = name.startswith(("print-duplex", "calibration"))
            for title, (first, last) in ranges(path).items():
                values = {"document": title, "first": kit.number(first),
                          "last": kit.number(last)}
                if first == last:
                    msgid, values = "%(document)s: page %(page)s", {
                        "document": title, "page": kit.number(first)}
                elif duplex and (first + 1) // 2 == (last + 1) // 2:
                    msgid = "%(document)s: pages %(first)s–%(last)s, sheet %(sheet)s"
                    values["sheet"] = kit.number((first + 1) // 2)
                elif duplex:
                    msgid = ("%(document)s: pages %(first)s–%(last)s, sheets "
                             "%(first_sheet)s–%(last_sheet)s")
                    values |= {"first_sheet": kit.number((first + 1) // 2),
                               "last_sheet": kit.number((last + 1) // 2)}
                else:
                    msgid = "%(document)s: pages %(first)s–%(last)s"
                assert kit.said(msgid, **values) in kit.guide(), (kit, name, title)
        if kit.locale != "en":
            continue
        current, seen = None, 0
        for line in kit.guide_lines():
            if line in files:
                current = line
            elif line == "Ready-made versions":
                current = None
            elif current and (m := REFERENCE.match(line)):
                first = int(m["first"])
                last = int(m["last"] or first)
                assert ranges(kit.file(current))[m["doc"]] == (first, last), (kit, line)
                if m["sheet1"]:
                    assert ((first + 1) // 2, (last + 1) // 2) == (
                        int(m["sheet1"]), int(m["sheet2"] or m["sheet1"])), (kit, line)
                seen += 1
        assert seen >= len(kit.materials()) + 1, kit  # the runs' lines and the kit's


def test_the_calibration_instructions_name_the_file_and_its_pages(built: dict[str, Path]) -> None:
    for kit in kits(built):
        duplex, own = kit.file(run_file("duplex", kit.paper)), kit.file(
            calibration_file(kit.paper))
        guide = kit.guide()
        if not duplex.exists():  # Polar Derby: no double-sided run, no calibration at all
            assert not own.exists()
            assert kit.said("Duplex calibration") not in guide and kit.said(MANUAL) not in guide
            assert calibration_file(kit.paper) not in guide
            continue
        assert kit.said("Print pages 1–2 of <b>%(run)s</b>, or <b>%(file)s</b>, on one sheet of "
                        "the card you print the card sheets on: %(sides)s, at 100 %%. Without "
                        "double-sided printing, see “Double-sided by hand”.",
                        run=duplex.name, file=own.name,
                        sides=kit.loc.gettext("double-sided, flip on long edge")) in guide
        pages = len(reader(duplex).pages)
        assert kit.said("Then print the rest of <b>%(run)s</b>, pages %(first)s–%(last)s, the "
                        "same way.", run=duplex.name, first=kit.number(3),
                        last=kit.number(pages)) in guide
        assert ranges(duplex)[kit.loc.gettext(CALIBRATION.title)] == (1, 2)
        if kit.locale == "en":
            words = " ".join(text_of(kit.file(f"guide-{kit.paper}.pdf")).split())
            assert "the next two pages" not in words and "next page" not in words
            for m in re.finditer(r"pages? (\d+)(?:–(\d+))? of (\S+?\.pdf)", words):
                first, last = int(m[1]), int(m[2] or m[1])
                named = kit.file(m[3])
                assert named.is_file(), m[0]
                # every such page is a page of the calibration sheet
                assert (first, last) in ((1, 2), (1, 1)), m[0]


def test_the_calibration_file_is_the_duplex_runs_first_sheet(built: dict[str, Path]) -> None:
    for kit in kits(built):
        duplex = kit.file(run_file("duplex", kit.paper))
        own = kit.file(calibration_file(kit.paper))
        if kit.game == "polar-derby":
            assert not duplex.exists() and not own.exists()
            continue
        sheet = reader(own)
        assert len(sheet.pages) == 2
        front, back = (squash(page.extract_text() or "") for page in sheet.pages)
        assert kit.said(FRONT_EDGE) in front and kit.said(BACK_EDGE) in back
        run = reader(duplex)
        assert [squash(run.pages[i].extract_text() or "") for i in (0, 1)] == [front, back]
        for i in (0, 1):  # the same drawing, pixel for pixel
            mine = pdfium.PdfDocument(own)[i].render(scale=1).to_pil()
            theirs = pdfium.PdfDocument(duplex)[i].render(scale=1).to_pil()
            assert np.array_equal(np.asarray(mine), np.asarray(theirs)), (kit, i)
        # the cards start right after it, on the second sheet
        cards = ranges(duplex)[kit.loc.gettext("Cards")]
        assert cards[0] == 3


# -- the ruler -------------------------------------------------------------------------------

def _ticks(image: np.ndarray) -> list[tuple[int, list[float]]]:
    """Each ruler bar (a dark run of 45 to 55 mm) from the top: its top row and the centre
    columns of the ticks standing on it, read 1 mm above the bar."""
    dark = image < 128
    found = []
    y = 0
    while y < dark.shape[0]:
        row = np.concatenate(([0], dark[y].astype(np.int8), [0]))
        edges = np.flatnonzero(np.diff(row))
        lengths = edges[1::2] - edges[::2]
        if len(lengths) and 450 < lengths.max() < 550:
            widest = int(np.argmax(lengths))
            start, end = edges[2 * widest], edges[2 * widest + 1]
            above = dark[y - 10]  # 1 mm above the bar's top, along the bar (not its label)
            columns = [c for c in np.flatnonzero(above) if start - 5 <= c <= end + 5]
            clusters = np.split(np.array(columns), np.flatnonzero(np.diff(columns) > 1) + 1)
            found.append((y, [float(c.mean()) for c in clusters if len(c)]))
            y += 30  # past this bar
            continue
        y += 1
    return found


def test_the_rulers_end_ticks_are_exactly_50_mm_and_2_inches_apart(
        built: dict[str, Path]) -> None:
    """Rendered at 10 pixels to the millimetre: the metric ruler's end ticks stood 49.75 mm
    apart (inside the bar's ends); they are 50 mm apart, every tick 10 mm from the next, and
    the inch ruler's 2 inches apart."""
    for kit in kits(built):
        if kit.locale != "en":
            continue
        pdf = pdfium.PdfDocument(kit.file(f"guide-{kit.paper}.pdf"))
        bars = []
        for page in pdf:
            image = np.asarray(page.render(scale=TEN_PX_PER_MM).to_pil().convert("L"))
            bars += _ticks(image)
        assert len(bars) == 2, (kit, len(bars))
        (_, metric), (_, inch) = bars
        assert len(metric) == 6 and len(inch) == 9, (metric, inch)
        assert metric[-1] - metric[0] == pytest.approx(500, abs=1), metric
        assert np.diff(metric) == pytest.approx([100] * 5, abs=1)
        assert inch[-1] - inch[0] == pytest.approx(508, abs=1), inch


def test_the_rulers_caption_names_both_units(built: dict[str, Path]) -> None:
    for kit in kits(built):
        assert kit.said(RULERS_CAPTION) in kit.guide(), kit
        if kit.locale == "en":
            assert squash("50 mm (1.97 in)") in kit.guide()


# -- sheets, not pages -----------------------------------------------------------------------

def test_the_materials_are_counted_in_sheets(built: dict[str, Path]) -> None:
    """Each row of the bill of materials gives the sheets its document takes (two pages a
    sheet double-sided), and the totals the sheets of paper and of card: those of the print
    runs, the calibration sheet included."""
    for kit in kits(built):
        guide = kit.guide()
        assert kit.said("Sheets") in guide
        of = kit.materials()
        card_name = kit.loc.gettext("200–300 g/m² card")
        paper_name = kit.loc.gettext("80–120 g/m² paper")
        for title, doc in kit.titles().items():
            if doc == CALIBRATION.id:
                continue
            pages, paper, sides = of[doc]
            sheets = pages // 2 + pages % 2 if sides == "duplex" else pages
            stock = card_name if paper == "card" else paper_name
            assert squash(f"{title}{kit.number(sheets)}{stock}") in guide, (kit, title)
        runs = {name: len(reader(kit.file(run_file(name, kit.paper))).pages)
                for name in ("paper", "card", "duplex")
                if kit.file(run_file(name, kit.paper)).exists()}
        paper_total = runs.get("paper", 0)
        card_total = runs.get("card", 0) + (runs.get("duplex", 0) + 1) // 2
        rows = [(paper_total, paper_name), (card_total, card_name)]
        shown = [squash(f"{kit.number(n)}{stock}") for n, stock in rows if n]
        assert squash(kit.loc.gettext("In all")) + shown[0] in guide, (kit, shown)
        for total in shown:
            assert total in guide, (kit, total)
        if "duplex" in runs:  # the calibration sheet is one of them
            assert squash(f"{kit.loc.gettext(CALIBRATION.title)}{kit.number(1)}{card_name}") \
                in guide


# -- double-sided by hand, card stock, the words between ------------------------------------

def test_card_stock_and_printers_without_duplex_have_a_way_through(
        built: dict[str, Path]) -> None:
    for kit in kits(built):
        guide = kit.guide()
        present = kit.game == "yeti-slalom"
        for msgid in (MANUAL, CARD_WEIGHT, GLUE_BOTH_SIDES):
            assert (kit.said(msgid) in guide) == present, (kit, msgid)
        if present and kit.locale == "en":
            assert squash("odd pages only") in guide and squash("even pages only") in guide
            assert squash("turn it over along its long edge") in guide
            assert squash("print on paper and glue the sheets onto thin card") not in guide


def test_japanese_joins_paper_and_sides_the_japanese_way(built: dict[str, Path]) -> None:
    """A table cell read "g/m²の用紙, 片面": Japanese joins with 、, no space."""
    for kit in kits(built):
        if kit.locale != "ja":
            continue
        words = text_of(kit.file(f"guide-{kit.paper}.pdf"))
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff],\s*[\u3040-\u30ff\u4e00-\u9fff]",
                             words), kit
        assert "用紙、片面" in squash(words)
