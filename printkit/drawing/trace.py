"""Every rule accounted for: a game's rules as data, and where each is stated and shown.

Worked examples are replayed, so their numbers are right; this module holds the prose
to the same standard. A game lists its rules in ``rules.toml`` beside its
``game.toml``: every rule of the original and every ruling, each with a short id and
the original's sentence::

    [[rule]]
    id = "split-colours"
    source = "original"          # or "ruling"
    text = "Si los dados muestran dos colores diferentes, …"
    reference = true             # must be on the quick reference too
    ruling = "take one"          # optional: words the English rulebook's passage must say

Templates mark the passage that states a rule with ``rule="id …"`` on a block element
(see :mod:`printkit.drawing.flow`); examples name the rules they show (``shows``);
engine tests name theirs with ``@pytest.mark.rule("id")``. The checks:

- on every rendered rulebook (so in every locale): each rule is stated; on every quick
  reference: each rule marked ``reference`` is; every mark names a listed rule;
- once per game: each rule is shown by a verified example or named by an engine test,
  and every ``shows`` names a listed rule.

A build reports the problems as warnings, and ``--strict`` makes them errors. Engine
tests are found where the game's tests live (``tests/games/<package>/`` of a printkit
checkout, ``tests/`` of a game project); where there are none to read (an installed
printkit), only examples count, and a rule neither shows is not reported.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import DataError, DataErrors, PrintkitError
from printkit.examples import ID_PATTERN
from printkit.schema import Array, Table, Value, read_toml, validate

if TYPE_CHECKING:
    from printkit.examples import Example
    from printkit.model.game import Game

RULES_FILE = "rules.toml"
#: Where printkit's own engine tests live: tests/games/<package>/ of the checkout.
_CHECKOUT_TESTS = Path(__file__).resolve().parents[2] / "tests" / "games"
#: ``@pytest.mark.rule("a", "b")``: the ids a test names.
_MARK = re.compile(r"mark\.rule\(([^)]*)\)")
_QUOTED = re.compile(r"[\"']([^\"']+)[\"']")

_SCHEMA = Table({
    "rule": Array(Table({
        "id": Value(str, pattern=ID_PATTERN),
        "source": Value(str, choices=("original", "ruling")),
        "text": Value(str),
        "reference": Value(bool, required=False, default=False),
        "ruling": Value(str, required=False, default=""),
    }), min_items=1),
})


#: While set (by the translators' review sheet), every rulebook and quick reference
#: rendered adds its marked passages here: (game id, rule ids, the passage's text).
PASSAGES: ContextVar[list[tuple[str, tuple[str, ...], str]] | None] = ContextVar(
    "printkit_rule_passages", default=None)


class TraceError(PrintkitError):
    """Rules a strict build found unstated, unshown or misnamed: one line each."""

    exit_code = 1

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)

    def lines(self) -> list[str]:
        return self.problems


@dataclass(frozen=True)
class Rule:
    """One rule of a game: its id, where it comes from and the original's words."""

    id: str
    source: str
    text: str
    reference: bool = False
    #: For a ruling (``source = "ruling"``): its key words, which the English passage
    #: marked for it must contain, so that a rewording against the ruling is named (see
    #: :func:`ruling_problems`; Polar Derby's rulebook once told players to keep the
    #: tokens' values where the ruling lets them change them).
    ruling: str = ""


def rules_of(game: Game) -> tuple[Rule, ...]:
    """The game's rules from its ``rules.toml``; none when it has no such file."""
    path = game.folder / RULES_FILE
    try:
        stamp = path.stat()
    except FileNotFoundError:
        return ()
    return _read_rules(path, game.label(path), stamp.st_mtime_ns, stamp.st_size)


@cache
def _read_rules(path: Path, label: str, _mtime: int, _size: int) -> tuple[Rule, ...]:
    data = validate(read_toml(path, label), _SCHEMA, label)
    seen: dict[str, int] = {}
    errors = []
    for i, entry in enumerate(data["rule"]):
        if entry["id"] in seen:
            errors.append(DataError(label, f"rule[{i}].id", f"{entry['id']!r} is already the id "
                                                            f"of rule[{seen[entry['id']]}]"))
        seen.setdefault(entry["id"], i)
    if errors:
        raise DataErrors(errors)
    return tuple(Rule(e["id"], e["source"], e["text"], e["reference"], e["ruling"])
                 for e in data["rule"])


def passages(xml: str) -> list[tuple[tuple[str, ...], str]]:
    """The marked passages of a rendered flow document: (rule ids, text), in order."""
    return [(tuple(ids), "".join(element.itertext())) for element in ET.fromstring(xml).iter()
            if (ids := element.get("rule", "").split())]


def stated(xml: str) -> list[str]:
    """The rule ids the passages of a rendered flow document are marked with, in order."""
    return [rid for ids, _text in passages(xml) for rid in ids]


def document_problems(game: Game, kind: str, xml: str, where: str) -> list[str]:
    """What a rendered rulebook (``kind`` "rulebook") or quick reference ("reference")
    leaves unstated or misnames; ``where`` names the document and locale."""
    rules = rules_of(game)
    if not rules or kind not in ("rulebook", "reference"):
        return []
    label = game.label(game.folder / RULES_FILE)
    marks = stated(xml)
    known = {r.id for r in rules}
    problems = [f"{where}: a passage is marked rule={rid!r}, which {label} does not list"
                for rid in dict.fromkeys(marks) if rid not in known]
    wanted = rules if kind == "rulebook" else [r for r in rules if r.reference]
    problems += [f"{where}: rule {r.id!r} of {label} is not stated (no passage of the "
                 f"{kind} is marked rule=\"{r.id}\")" for r in wanted if r.id not in marks]
    return problems


def ruling_problems(game: Game, xml: str, where: str) -> list[str]:
    """The rules with ``ruling`` words that no passage marked for them in a rendered English
    rulebook contains: a passage reworded against the ruling it states (the rulebook of
    Polar Derby once told players to keep the tokens' values, where the ruling says they
    can be changed). Other locales are held to the catalog's translation by the tests."""
    found = passages(xml)
    problems = []
    for rule in rules_of(game):
        texts = [" ".join(text.split()) for ids, text in found if rule.id in ids]
        if rule.ruling and texts and not any(rule.ruling in text for text in texts):
            problems.append(f"{where}: no passage marked rule={rule.id!r} says "
                            f"{rule.ruling!r}, the ruling's words")
    return problems


def tested(game: Game) -> set[str] | None:
    """The rule ids the game's engine tests name; None where its tests are not at hand."""
    folder = (game.folder / "tests") if game.project else _CHECKOUT_TESTS / game.folder.name
    if not folder.is_dir():
        return None
    ids: set[str] = set()
    for path in sorted(folder.rglob("test*.py")):
        for args in _MARK.findall(path.read_text(encoding="utf-8")):
            ids.update(_QUOTED.findall(args))
    return ids


def untested_note(game: Game) -> str | None:
    """The one line saying that a game project's rule coverage leaves engine tests out,
    because it has no ``tests/`` folder to read them from; None if it has one (or is a
    built-in game)."""
    if not game.project or tested(game) is not None:
        return None
    return (f"{game.id}: no tests folder ({game.label(game.folder / 'tests')} not found): "
            f"rule coverage counts worked examples only, no engine tests "
            f"(@pytest.mark.rule)")


def coverage_problems(game: Game, examples: Iterable[Example]) -> list[str]:
    """Rules no verified example shows and no engine test names, and ``shows`` that name
    no rule of the game."""
    rules = rules_of(game)
    if not rules:
        return []
    label = game.label(game.folder / RULES_FILE)
    known = {r.id for r in rules}
    shown: set[str] = set()
    problems = []
    for example in examples:
        for rid in example.shows:
            if rid not in known:
                problems.append(f"{example.source}: example {example.id!r} shows rule {rid!r}, "
                                f"which {label} does not list")
        shown.update(example.shows)
    by_tests = tested(game)
    if by_tests is None:
        return problems
    covered = shown | by_tests
    problems += [f"{game.id}: rule {r.id!r} of {label} is shown by no worked example and named "
                 f"by no engine test (@pytest.mark.rule)" for r in rules if r.id not in covered]
    return problems
