"""The worked examples are told, not filled in: no sentence frame is printed more than
twice in one rulebook, in any locale.

A sentence's frame is the sentence with what the rules engine supplies masked: the
players' names, numbers (in digits or in words), quoted card texts and the game's own
terms (colours, features, teams, Yetis, snowboarders: the catalog's short entries named
by a context, and the names in game.toml), each as ``#``. "With 12 member cards on the
table, the bonus card “…” turns up: a bonus round!" printed in five bonus examples is one
frame five times; the narration grammar (``printkit/language/narration.py``) gives each
event that repeats several ways to be told, so a reader meets none of them a third
time. The sentences are read from each example panel of the rulebook's flow XML (the
one source of the text in every script) and checked to be printed in the PDF.
"""

from __future__ import annotations

import re
import shutil
import tomllib
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from printkit.games import GAMES
from printkit.language import translations as i18n
from printkit.language.narration import Teller
from printkit.language.translations import Localizer
from printkit.tools.spelling import printed_text
from tests.conftest import Kit
from tests.support import (
    flat,
    printed_in,
    reader,
    reads_right_to_left,
    text,
    writes_without_spaces,
)

#: A sentence ends at one of these, followed by a space or the paragraph's end (in
#: Japanese, right after the full stop).
_END = re.compile(r"(?<=[.!?؟])\s+|(?<=[。！？])")
_QUOTED = re.compile(r"“[^”]*”|„[^“”]*[“”]|«[^»]*»|「[^」]*」|『[^』]*』|\"[^\"]*\"")
_NUMBER = re.compile(r"[−+\-]?\d+(?:[.,٫]\d+)?")
#: The contexts of the catalog's entries that name a game's things inside a sentence.
_TERMS = re.compile(r"colour|team|snowboarder|feature|Yeti card|card a player takes|"
                    r"bonus card|item")
_MASKS = re.compile(r"#(?:[\s,،、・]*#)*")


@cache
def _game_names(game_id: str) -> frozenset[str]:
    """The short strings of a game's game.toml (names, card texts): its msgids."""
    data = tomllib.loads((GAMES[game_id].folder / "game.toml").read_text("utf-8"))
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and len(value.split()) <= 5:
            found.add(value)

    walk(data)
    return frozenset(found)


def _catalog(locale: str) -> Catalog:
    """The locale's catalog; English, whose text is the msgids, the template's."""
    name = "printkit.pot" if locale == "en" else f"{locale}/LC_MESSAGES/printkit.po"
    with (i18n.locales_dir() / name).open("rb") as po:
        return read_po(po)


@cache
def _terms(game_id: str, locale: str) -> re.Pattern[str]:
    """One pattern for every name and term a sentence of the game may hold, longest
    first, as printed in ``locale``."""
    localizer = Localizer.for_locale(locale, root=i18n.locales_dir())
    catalog = _catalog(locale)
    names = set(_game_names(game_id))
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if (message.context and _TERMS.search(message.context)) or ids[0] in names:
            names.update(s for s in (*strings, *ids) if s and len(s.split()) <= 5)
    names.update(localizer.words(n) for n in range(13))
    names.update(c.get("name", "") for c in GAMES[game_id].load_data().get("cast", []))
    parts, cjk = [], writes_without_spaces(locale)
    for name in sorted((n for n in names if n), key=len, reverse=True):
        pieces = re.split(r"%\(\w+\)s", name)
        if len("".join(pieces).strip()) < 2:
            continue
        pattern = (r"\S+?" if cjk else r"\S+").join(re.escape(p) for p in pieces)
        word = name[:1].isalnum() and not cjk
        parts.append(rf"(?<!\w){pattern}(?!\w)" if word else pattern)
    return re.compile("|".join(parts))


def frame(sentence: str, game_id: str, locale: str) -> str:
    masked = _QUOTED.sub("#", sentence)
    masked = _terms(game_id, locale).sub("#", masked)
    masked = _NUMBER.sub("#", masked)
    return _MASKS.sub("#", masked)


def stories(xml: str) -> list[str]:
    """The narration paragraph of each worked example of a rulebook's flow XML."""
    return [flat("".join(p.itertext())) for panel in ET.fromstring(xml).iter("example")
            for p in panel.iter("p")]


def sentences(story: str) -> list[str]:
    """A story's sentences, its quotations already masked (a shout's "!" ends none)."""
    return [s for s in _END.split(_QUOTED.sub("#", story)) if s.strip()]


def frames(xml: str, game_id: str, locale: str) -> Counter[str]:
    """How often each sentence frame is printed in a rulebook's worked examples."""
    return Counter(frame(s, game_id, locale) for story in stories(xml)
                   for s in sentences(story))


#: What a reviewer found printed three to ten times in one book (issue of the rulebooks'
#: prose), as frames of the English books: each is now one of several ways.
FOUND_REPEATED = {
    "pick-a-polar-bear": [
        "With # member cards on the table, the bonus card # turns up: a bonus round!",
        "Exactly # cards on the table show both features.",
        "Then she calls FREEZE!: no card left on the table fits, so she is right and takes "
        "# extra card.",
        "Then he calls FREEZE!: no card left on the table fits, so he is right and takes "
        "# extra card.",
        "At the card check, # and #.",
    ],
    "yeti-slalom": ["It knocks # off its snowboard, and he keeps it."],
    "polar-derby": ["The turn is over and the middle is empty, so the game ends."],
}

#: Notes meant for the rulebooks' makers, not their players.
MAKERS_NOTES = ("Every example in this rulebook was checked against the rules.",
                "Each one stands right after the rule it shows.")


def _printed(path: Path, locale: str) -> str:
    """A rulebook's text as words. A right-to-left book is read with poppler's pdftotext
    where it is installed: it gives each line in reading order on every pypdf version,
    where pypdf's oldest supported version drops a run of digits or a name set between
    Arabic words ("14 \u0644\u062f\u0649 Ana \u06489")."""
    if reads_right_to_left(locale) and shutil.which("pdftotext"):
        return flat(printed_text(path, right_to_left=True))
    return flat(text(reader(path)))


def test_a_teller_takes_the_ways_in_turn() -> None:
    told = Teller()
    assert [told.way("bonus", 3) for _ in range(7)] == [0, 1, 2, 0, 1, 2, 0]
    assert told.way("freeze", 3) == 0 and told.told("bonus") == 7
    with pytest.raises(ValueError):
        told.way("bonus", 0)


def test_a_frame_is_the_sentence_without_what_the_engine_supplies() -> None:
    one = frame("With 12 member cards on the table, the bonus card “glasses in autumn” turns "
                "up: a bonus round!", "pick-a-polar-bear", "en")
    other = frame("With 10 member cards on the table, the bonus card “a tin of fish in winter” "
                  "turns up: a bonus round!", "pick-a-polar-bear", "en")
    assert one == other == ("With # member cards on the table, the bonus card # turns up: "
                            "a bonus round!")
    assert frame("Ana rolls two whites.", "polar-derby", "en") == frame(
        "Ben rolls three pinks.", "polar-derby", "en")


@pytest.mark.parametrize("game", list(GAMES))
def test_no_sentence_frame_is_printed_more_than_twice_in_a_rulebook(kit: Kit,
                                                                     game: str) -> None:
    if game not in kit.games:
        pytest.skip(f"{game} is not in this run's kit")
    for locale in kit.locales:
        xml = kit.flow_xml[(game, locale, "rulebook")]
        printed = _printed(kit.out / game / locale / "rulebook-a4.pdf", locale)
        for story in stories(xml):
            assert printed_in(story, printed, locale), (locale, story)
        counted = frames(xml, game, locale)
        repeated = sorted(f"x{n} {f}" for f, n in counted.items() if n > 2)
        assert repeated == [], locale
        if locale == "en":
            assert all(counted[f] <= 2 for f in FOUND_REPEATED.get(game, [])), repeated
            assert not [note for note in MAKERS_NOTES if note in printed]
