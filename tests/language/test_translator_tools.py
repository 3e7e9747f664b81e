"""Translators' tools: comments and contexts, the glossary, the review sheet, Babel's own
extraction, and the typography a translator never has to type."""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from pypdf import PdfReader

from printkit.cli import main
from printkit.drawing.flow import typeset
from printkit.language.locales import catalog_path, shipped_locales
from printkit.language.translations import Localizer
from printkit.resources import locales_dir
from printkit.tools.catalogs import _po_bytes
from printkit.tools.extract import extract_catalog
from printkit.tools.glossary import glossary_problems
from printkit.tools.review import STATUSES, review_rows

ROOT = Path(__file__).resolve().parents[2]


def _message(catalog, msgid: str, context: str | None = None):  # type: ignore[no-untyped-def]
    found = catalog.get(msgid, context)
    assert found is not None, (msgid, context)
    return found


# --- context for every entry ----------------------------------------------------------

def test_extraction_keeps_translator_comments_from_code_templates_and_data() -> None:
    catalog = extract_catalog()
    from_code = _message(catalog, "Start", "board field where the pawns begin")
    note = " ".join(from_code.auto_comments)
    assert "where every pawn begins" in note and "30 mm" in note
    from_template = _message(catalog, "FREEZE!")
    assert "what a player shouts" in " ".join(from_template.auto_comments)
    from_data = _message(catalog, "Free Skate")
    note = " ".join(from_data.auto_comments)
    assert "counts as any colour" in note and "30 mm face" in note
    # The shipped catalogs carry them too, for the translator's editor.
    po = read_po(catalog_path("pl").open("rb"))
    assert "30 mm face" in " ".join(_message(po, "Free Skate").auto_comments)


def test_every_entry_carries_a_translator_comment() -> None:
    """Context for every entry: a TRANSLATORS comment, not only the data key it comes from."""
    bare = [f"{m.locations[0][0]}:{m.locations[0][1]}: {m.id!r}" for m in extract_catalog()
            if m.id and not [c for c in m.auto_comments if not c.startswith("data: ")]]
    assert bare == []


def test_one_english_word_with_two_meanings_gets_two_translations(locales_copy: Path) -> None:
    path = catalog_path("pl", locales_copy)
    catalog = read_po(path.open("rb"), locale="pl")
    _message(catalog, "Start", "board field where the pawns begin").string = "Start"
    _message(catalog, "Start", "panel beside the start rows of the course").string = "Linia startu"
    path.write_bytes(_po_bytes(catalog))
    loc = Localizer.for_locale("pl", root=locales_copy)
    assert loc.pgettext("board field where the pawns begin", "Start") == "Start"
    assert loc.pgettext("panel beside the start rows of the course", "Start") == "Linia startu"


# --- glossary -------------------------------------------------------------------------

def test_shipped_catalogs_follow_their_glossaries() -> None:
    assert (locales_dir() / "es" / "glossary.toml").exists()
    for code in ("de", "fr", "pl"):
        assert (locales_dir() / code / "glossary.toml").exists(), code
    assert glossary_problems(shipped_locales()) == []


def test_glossary_check_finds_a_wrong_term_and_a_forbidden_word(locales_copy: Path,
                                                                capsys) -> None:  # type: ignore[no-untyped-def]
    path = catalog_path("es", locales_copy)
    catalog = read_po(path.open("rb"), locale="es")
    _message(catalog, "Hold").string = "Bloqueo"  # the Spanish rules say «retención»
    _message(catalog, "You may not take a card identical to your previous one.").string = (
        "No puedes coger una carta idéntica a la anterior.")
    path.write_bytes(_po_bytes(catalog))
    found = glossary_problems(["es"], root=locales_copy)
    hold = [line for line in found if "entry 'Hold'" in line]
    assert any("lacks the glossary term 'Retención'" in line for line in hold), found
    assert any("'Bloqueo'" in line and "forbids" in line for line in hold), found
    assert any("'coger'" in line and "take a card identical" in line for line in found), found
    assert all(line.startswith(f"locale es: {path.relative_to(locales_copy.parent)}:")
               or "printkit.po:" in line for line in found)
    assert len(found) == 3


def test_catalog_check_exits_1_on_a_problem(monkeypatch, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from printkit.tools import glossary

    monkeypatch.setattr(glossary, "glossary_problems", lambda codes: ["locale es: x.po:3: bad"])
    assert main(["catalog", "check", "--locale", "es"]) == 1
    assert "x.po:3: bad" in capsys.readouterr().out
    monkeypatch.setattr(glossary, "glossary_problems", lambda codes: [])
    assert main(["catalog", "check"]) == 0


# --- review sheet ---------------------------------------------------------------------

@pytest.mark.full  # (a long build: not in the fast loop)
def test_review_lists_every_entry_once_with_rulebook_pages(tmp_path: Path) -> None:
    assert main(["catalog", "review", "--locale", "pl", "--out", str(tmp_path)]) == 0
    catalog = read_po(catalog_path("pl").open("rb"))
    entries = sorted((m.context or "", m.id if isinstance(m.id, str) else m.id[0])
                     for m in catalog if m.id)
    with (tmp_path / "review" / "pl.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert sorted((r["context"], r["source"].split("\n")[0]) for r in rows) == entries
    assert {r["status"] for r in rows} <= set(STATUSES)
    in_rulebook = [r for r in rows if "rulebook p." in r["printed"]]
    assert len(in_rulebook) > len(rows) // 3
    setup = next(r for r in rows if r["source"] == "Setup")
    assert "polar-derby rulebook p. " in setup["printed"]
    reader = PdfReader(tmp_path / "review" / "pl.pdf")
    text = "".join(page.extract_text() for page in reader.pages)
    for font in reader.pages[0]["/Resources"]["/Font"].values():
        assert "/FontFile2" in font.get_object()["/FontDescriptor"].get_object()
    assert "Instrukcja" in text and "Wigilia" in text and "ż" in text
    squashed = "".join(text.split())
    for row in rows:
        assert "".join(row["source"].split("\n")[0].split())[:25] in squashed.replace(
            "\u00a0", ""), row["source"]
    # Notes read as sentences (a comment's source lines joined), with English quotes.
    rulebook = next(r for r in rows if r["source"] == "Rulebook" and not r["context"])
    assert '("Polar Derby · Rulebook"), the guide\'s lists' in rulebook["comment"]
    assert "“Polar Derby · Rulebook”" in text and "„Polar Derby · Rulebook”" not in text
    # Each entry printed in a passage that states a rule names that rule's id.
    from printkit import games
    from printkit.drawing import trace

    known = {r.id for g in games.GAMES.values() for r in trace.rules_of(g)}
    traced = [r for r in rows if r["rules"]]
    assert len(traced) > 60
    assert {i for r in traced for i in r["rules"].split(", ")} <= known
    assert "rules:" in text


@pytest.mark.full  # (a long build: not in the fast loop)
def test_review_puts_problems_first(locales_copy: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = catalog_path("pl", locales_copy)
    catalog = read_po(path.open("rb"), locale="pl")
    _message(catalog, "Rulebook").string = ""
    _message(catalog, "Board").flags.add("fuzzy")
    path.write_bytes(_po_bytes(catalog))
    import printkit.language.translations as i18n

    monkeypatch.setattr(i18n, "locales_dir", lambda: locales_copy)
    rows = review_rows("pl", root=locales_copy)
    assert [(r.status, r.source) for r in rows[:2]] == [("missing", "Rulebook"),
                                                       ("fuzzy", "Board")]


# --- coverage --missing ---------------------------------------------------------------

def test_coverage_missing_lists_entries_with_reasons_and_totals(locales_copy: Path,
                                                                capsys) -> None:  # type: ignore[no-untyped-def]
    path = catalog_path("pl", locales_copy)
    catalog = read_po(path.open("rb"), locale="pl")
    _message(catalog, "Rulebook").string = ""
    _message(catalog, "Board").flags.add("fuzzy")
    plural = next(m for m in catalog if isinstance(m.id, tuple))
    plural.string = (plural.string[0], "", plural.string[2])
    path.write_bytes(_po_bytes(catalog))
    assert main(["catalog", "coverage", "--missing", "--locale", "pl"]) == 0
    out = capsys.readouterr().out
    assert "untranslated" in out and "'Rulebook'" in out
    assert "fuzzy" in out and "'Board'" in out
    assert "msgstr[1] empty" in out
    assert "pl: 3 of" in out


# --- the standard tools ---------------------------------------------------------------

def test_catalogs_pass_msgfmt_check() -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (GNU gettext) is not installed: apt-get install gettext")
    for code in shipped_locales()[1:]:
        result = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(catalog_path(code))],
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr


def test_catalogs_have_no_stale_previous_msgid_comments() -> None:
    for code in shipped_locales()[1:]:
        text = catalog_path(code).read_text(encoding="utf-8")
        assert "\n#|" not in text and "\n# |" not in text, code


def test_pybabel_with_babel_cfg_extracts_the_same_msgids(tmp_path: Path) -> None:
    pot = tmp_path / "babel.pot"
    result = subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         "-o", str(pot), "."],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    ours = {(m.context, m.id) for m in extract_catalog() if m.id}
    theirs = {(m.context, m.id) for m in read_po(pot.open("rb")) if m.id}
    assert theirs == ours
    comments = next(m for m in read_po(pot.open("rb")) if m.id == "FREEZE!").auto_comments
    assert "what a player shouts" in " ".join(comments)


# --- typography -----------------------------------------------------------------------

def test_french_rulebooks_have_a_no_break_space_before_high_punctuation(built_kit: Path) -> None:
    """ReportLab prints a no-break space as a space, so the PDF shows its effect: a space
    before every ; : ! ? and never a line that starts with one of them."""
    text = ""
    for game in ("polar-derby", "pick-a-polar-bear", "yeti-slalom", "coraz-blizej-swieta"):
        reader = PdfReader(BytesIO((built_kit / game / "fr" / "rulebook-a4.pdf").read_bytes()))
        text += "\n".join(page.extract_text() for page in reader.pages)
    for mark in ";:!?":
        assert f" {mark}" in text, mark
        assert re.search(rf"\w{re.escape(mark)}(?![/\d])", text) is None, mark
        assert re.search(rf"^\s*{re.escape(mark)}", text, re.MULTILINE) is None, mark
    assert "« " in text and " »" in text


def test_typeset_sets_french_no_break_spaces_and_language_quotes() -> None:
    french = typeset('Attention: le tour&amp;! <b>Stop</b>? « oui » et "non" ; 10:30', "fr")
    assert french == ("Attention\u00a0: le tour&amp;\u00a0! <b>Stop</b>\u00a0? «\u00a0oui\u00a0» "
                      "et «\u00a0non\u00a0»\u00a0; 10:30")
    assert typeset('At "GO!" go: now', "en") == "At “GO!” go: now"
    assert typeset('Krzycz "STOP"', "pl") == "Krzycz „STOP”"


def test_english_source_prints_typographic_quotes(built_kit: Path) -> None:
    reader = PdfReader(BytesIO(
        (built_kit / "pick-a-polar-bear" / "en" / "rulebook-a4.pdf").read_bytes()))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "“GO!”" in text and '"' not in text


def test_english_source_uses_typographic_apostrophes() -> None:
    """"the player’s pile", not "the player's pile": the msgids are what English prints."""
    straight = [m.id for m in extract_catalog() if m.id
                and any("'" in part for part in ((m.id,) if isinstance(m.id, str) else m.id))]
    assert straight == []
    assert _message(extract_catalog(), "On doubles you steal only from your opponents’ "
                    "secured bears.") is not None


def test_french_spacing_is_not_typed_into_the_catalog() -> None:
    """The no-break spaces before ; : ! ? and inside « » come from the typography setting;
    a translator types a plain space or none."""
    catalog = read_po(catalog_path("fr").open("rb"), locale="fr")
    typed = [m.id for m in catalog if m.id
             for text in ((m.string,) if isinstance(m.string, str) else m.string)
             if re.search(r"[\u00a0\u202f][;:!?»]|«[\u00a0\u202f]", text)]
    assert typed == []


def test_an_arabic_term_matches_with_or_without_its_vowel_signs(tmp_path: Path) -> None:
    from printkit.tools.glossary import entry_problems, load_glossary

    folder = tmp_path / "ar"
    folder.mkdir()
    (folder / "glossary.toml").write_text(
        '[[term]]\nen = ["draw pile"]\nuse = "كومة السحب"\n', encoding="utf-8")
    terms = load_glossary("ar", tmp_path)
    msgid = "Take the top card of the draw pile."
    for written in ("خذ البطاقة العليا من كومة السّحب.", "خذ البطاقة العليا من كومةِ السحب."):
        assert entry_problems(terms, msgid, (written,), set()) == [], written
    # a mark is not a word break: the term inside another word does not match
    assert entry_problems(terms, msgid, ("خذ البطاقة العليا من كومة الأسحبة.",), set())
