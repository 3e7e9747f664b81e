"""Every rule of every built-in game accounted for: stated in each rulebook, on each quick
reference where it is marked for it, and shown by an example or named by an engine test."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit import games
from printkit.drawing import trace
from printkit.model.rulebook import game_flow_source
from tests.conftest import FLOW_XML, Kit
from tests.support import game_context

GAMES = sorted(games.GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_lists_its_rules_and_covers_each(game_id: str) -> None:
    game = games.GAMES[game_id]
    rules = trace.rules_of(game)
    assert len(rules) >= 10, "every rule of the original and every ruling is listed"
    assert {r.source for r in rules} == {"original", "ruling"}
    assert any(r.reference for r in rules)
    examples = game.load_examples()
    assert trace.coverage_problems(game, examples) == []
    # The check reads this game's tests: a rule neither shown nor tested would be named.
    assert trace.tested(game), "the engine tests name rules with @pytest.mark.rule"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ruling_is_stated_in_its_own_words(game_id: str) -> None:
    """Every ruling of GAMES.md (a rule of ``source = "ruling"``) carries its key words, and
    the English rulebook's passage marked for it says them."""
    game = games.GAMES[game_id]
    rulings = [r for r in trace.rules_of(game) if r.source == "ruling"]
    assert rulings and [r.id for r in rulings if not r.ruling] == []
    xml = game_flow_source(game_context(game_id, "en"))[1]
    marked = {rid for ids, _text in trace.passages(xml) for rid in ids}
    assert [r.id for r in rulings if r.id not in marked] == []
    assert trace.ruling_problems(game, xml, "en: rulebook") == []


def test_every_rulebook_and_reference_states_its_rules(kit: Kit) -> None:
    checked = 0
    for (game_id, locale, document), xml in kit.flow_xml.items():
        game = games.GAMES[game_id]
        kind = game.document(document).kind
        assert trace.document_problems(game, kind, xml, f"{locale}: {document}") == []
        checked += 1
    locales = {locale for _game, locale, _doc in kit.flow_xml}
    assert locales == set(kit.locales)
    assert checked == len(kit.games) * 2 * len(locales) and len(locales) >= 3


def test_a_removed_passage_is_named(built_kit: Path) -> None:
    game = games.GAMES["polar-derby"]
    xml = FLOW_XML[("polar-derby", "pl", "rulebook")]
    rule = next(r for r in trace.rules_of(game))
    marks = [f'rule="{ids}"' for ids, _text in trace.passages(xml) for ids in [" ".join(ids)]
             if rule.id in ids.split()]
    assert marks
    stripped = xml
    for mark in marks:
        stripped = stripped.replace(mark, "")
    problems = trace.document_problems(game, "rulebook", stripped, "pl: rulebook")
    assert [p for p in problems if f"rule {rule.id!r}" in p], problems


def test_a_passage_reworded_against_its_ruling_is_named() -> None:
    """A rule with ``ruling`` words (GAMES.md's) is stated by an English passage that says
    them: Polar Derby's rulebook once told players to keep the tokens' values."""
    game = games.GAMES["polar-derby"]
    rule = next(r for r in trace.rules_of(game) if r.id == "bear-values")
    assert rule.ruling
    said = f'<document><p rule="bear-values">The values {rule.ruling}.</p></document>'
    old = ('<document><p rule="bear-values">Play with the values on the tokens of this kit.'
           '</p></document>')
    assert trace.ruling_problems(game, said, "en: rulebook") == []
    assert [p for p in trace.ruling_problems(game, old, "en: rulebook")
            if "'bear-values'" in p and rule.ruling in p]
