"""Style sheets: each language's rules (``locales/<code>/style/*.toml``) hold over its
catalog and over the text of every built rulebook and quick reference; every error a
reviewer found that a pattern can tell is ruled out by a rule of its locale, and a rule
that could never fail, or a translation that breaks one, is named."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.errors import UsageError
from printkit.language.locales import shipped_locales
from printkit.resources import locales_dir
from printkit.tools import spelling, style
from tests.conftest import Kit
from tests.support import edit_catalog

LOCALES = shipped_locales()

#: What the reviewer of the rulebooks' prose found, by locale and game, as printed: each
#: kind of error is a rule of the locale's style sheet now, which must catch it. (Errors
#: of meaning, such as a turn said to go on where the next player's begins, are no
#: pattern's: they are listed in the issue's closing note, not here.)
FOUND = {
    "de": {
        "polar-derby": ["Die Mitte ist leer, als der Zug endet: Das Spiel ist vorbei.",
                        "Er würfelt eine Free Skate-Seite."],
        "yeti-slalom": ["Der Schneeball verfehlt.",
                        # The reference's verbless line, as its catalog entry wrote it.
                        "<b>Ziehen:</b> einen deiner Snowboarder ein Feld vorwärts, schräg "
                        "vorwärts oder seitwärts auf ein freies Feld; nie rückwärts."],
        "coraz-blizej-swieta": ["Wer auf Heiligabend stehen bleibt, zieht eine Karte.",
                                "Sie darf genau 3 Würfel umdrehen.",
                                "Also gibt es auch keine Strafe: Der Zug geht einfach weiter."],
    },
    "pl": {
        "pick-a-polar-bear": ["Ana zachowuje 3 karty i Ben zachowuje tylko kapitana.",
                              "Obie cechy mają dokładnie 3 karty na stole."],
        "coraz-blizej-swieta": ["Wybierzcie gracza, który zaczyna, i połóż ją na stole."],
        "polar-derby": ["Ana i Ben mają już bezpiecznie u siebie, każde z nich, jednego "
                        "białego misia."],
    },
    "es": {
        "coraz-blizej-swieta": ["Como 5 es menos que 9, se queda."],
        "pick-a-polar-bear": ["Ana grita «¡3!», y acierta.", "Ben grita «¡CONGELAR!»."],
        "yeti-slalom": ["Lo derriba de su tabla, y él se lo queda.",
                        "Reparte las cartas sin mirarlas."],
        "polar-derby": ["Los osos arrastrados vuelven al centro."],
    },
    "fr": {
        "pick-a-polar-bear": ["Ben a autant de cartes que Ana.",
                              "Scores : Ana : 10 points et Ben : 7 points.",
                              "Seulement sans l'une ni l'autre, prenez une carte −2."],
    },
}


#: The flow XML's elements that hold a paragraph of printed text.
_BLOCKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "note", "fact", "title", "subtitle"}


def paragraphs(xml: str) -> list[str]:
    """The text of each paragraph, heading, list item and table cell of a built document's
    flow XML, names and numbers filled in: what the page prints, one block at a time (the
    PDF's text runs a heading into the list before it, and a rule about one sentence
    would read across them)."""
    blocks = []
    for element in ET.fromstring(xml).iter():
        if element.tag in _BLOCKS and not any(e.tag in _BLOCKS for e in element.iter()
                                              if e is not element):
            blocks.append(" ".join("".join(element.itertext()).split()))
    return [b for b in blocks if b]


@pytest.mark.parametrize("code", LOCALES)
def test_every_rule_catches_its_own_example_and_nothing_in_the_catalog(code: str) -> None:
    rules = style.rules(code)
    for rule in rules:
        assert rule.avoid.search(rule.example), rule.id
    assert [b.line() for b in style.catalog_breaches(code)] == []


@pytest.mark.parametrize("code", LOCALES)
def test_every_built_rulebook_and_reference_keeps_its_style_sheet(kit: Kit, code: str) -> None:
    if code not in kit.locales:
        pytest.skip(f"{code} is not in this run's kit")
    rules = style.rules(code)
    for game in kit.games:
        for document in ("rulebook", "reference"):
            place = f"{game}/{code}/{document}"
            found = [b.line() for text in paragraphs(kit.flow_xml[(game, code, document)])
                     for b in style.breaches(rules, text, [game], place)]
            assert found == []


@pytest.mark.parametrize(("code", "game", "wrong"), [
    (code, game, wrong) for code, games in FOUND.items() for game, sentences in games.items()
    for wrong in sentences])
def test_each_error_the_reviewer_found_is_ruled_out(code: str, game: str, wrong: str) -> None:
    assert style.breaches(style.rules(code), wrong, [game], "found"), (code, game, wrong)


def test_a_game_sheet_holds_for_its_own_entries_only() -> None:
    games = style.entry_games([("templates/polar-derby/narration.xml.j2", 10)])
    assert games == {"polar-derby"}
    assert style.entry_games([("printkit/games/yeti_slalom/game.toml", None)]) == {"yeti-slalom"}
    assert style.entry_games([("printkit/assembly/guide/pages.py", 3)]) == set()


def test_a_translation_that_breaks_a_rule_is_named(tmp_path: Path) -> None:
    locales = tmp_path / "locales"
    shutil.copytree(locales_dir(), locales)
    (locales / "de" / "style").mkdir(exist_ok=True)
    (locales / "de" / "style" / "general.toml").write_text(
        '[[rule]]\nid = "no-kartne"\nsays = "Karte, not Kartne."\navoid = \'\\bKartne\\b\'\n'
        'example = "eine Kartne"\n', encoding="utf-8")
    assert style.catalog_breaches("de", locales) == []
    msgid = "Shuffle the bonus-round cards into the draw pile."
    entry = next(row for row in spelling.catalog_texts("de", locales)
                 if row[2].startswith(msgid))
    edit_catalog(locales, "de", entry[2], string=entry[3].replace("Karten", "Kartne", 1))
    found = style.catalog_breaches("de", locales)
    assert len(found) == 1 and "general/no-kartne" in found[0].line()
    assert "printkit.po:" in found[0].place and msgid in found[0].place


@pytest.mark.parametrize(("body", "says"), [
    ('[[rule]]\nid = "a"\nsays = "x"\navoid = "("\nexample = "y"\n', "not a regular expression"),
    ('[[rule]]\nid = "a"\nsays = "x"\navoid = "z"\nexample = "y"\n', "could never fail"),
    ('[[rule]]\nid = "a"\nsays = "x"\navoid = "y"\n', "missing example"),
    ('[[rule]]\nid = "a"\nsays = "x"\navoid = "y"\nexample = "y"\nwhy = 1\n', "unknown key why"),
    ('[[rule]]\nid = "a"\nsays = "x"\navoid = "y"\nexample = "y"\n' * 2, "given twice"),
    ("[[rule]\n", "cannot read the style sheet"),
])
def test_a_broken_style_sheet_is_one_line_naming_the_file(tmp_path: Path, body: str,
                                                          says: str) -> None:
    folder = tmp_path / "locales" / "de" / "style"
    folder.mkdir(parents=True)
    (folder / "general.toml").write_text(body, encoding="utf-8")
    with pytest.raises(UsageError) as raised:
        style.rules("de", tmp_path / "locales")
    message = str(raised.value)
    assert says in message and "general.toml" in message and "\n" not in message


def test_the_command_lists_broken_rules_per_entry(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["catalog", "style", "--locale", "fr"]) == 0
    assert "locale fr: " in capsys.readouterr().out
    rules = style.rules("fr")
    assert rules, "French has a style sheet"
    loose = [style.Rule("fr", style.GENERAL, "no-de", "x", re.compile(r"\bde\b"),
                        "de", rules[0].path)]
    monkeypatch.setattr(style, "rules", lambda code, root=None: loose)
    assert main(["catalog", "style", "--locale", "fr"]) == 1
    assert "rule general/no-de" in capsys.readouterr().out
