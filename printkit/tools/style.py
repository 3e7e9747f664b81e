"""Style sheets: each language's rules for how the games are written, checked by machine.

A locale's style sheet is the folder ``locales/<code>/style/``: ``general.toml`` for what
holds in every text of the language (French elision, one colon to a sentence), and
``<game>.toml`` for one game's terms (one verb for each action of the game, one noun for
each thing) and the rules its texts broke before. Each rule is a regular expression of
what the language must not print, with a one-line reason for the translator and a wrong
example it must catch, so that a rule that can no longer fail is refused::

    [[rule]]
    id = "turn-one-verb"
    says = "Turning a die to another face is „drehen“, never „umdrehen“ or „umstellen“."
    avoid = '''\\bumdrehen\\b|\\bumstellen\\b'''
    example = "Sie darf genau 3 Würfel umdrehen."

A rule is checked against every translation of the locale's catalog that the game prints
(an entry of a game's templates or code: that game's sheet and the general one; any other
entry: the general one) and against the text of the built documents. Only what a pattern
can tell without false alarms is a rule here; errors of meaning stay a reviewer's.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import UsageError
from printkit.language.locales import locales_root, shipped_locale, shipped_locales
from printkit.resources import relative
from printkit.tools.spelling import catalog_entries

STYLE_FOLDER = "style"
#: The sheet whose rules hold for every text of the language.
GENERAL = "general"
_KEYS = {"id", "says", "avoid", "example"}


@dataclass(frozen=True)
class Rule:
    """One rule of a locale's style sheet: what not to print (``avoid``) and why."""

    code: str
    sheet: str
    id: str
    says: str
    avoid: re.Pattern[str]
    example: str
    path: Path

    def applies_to(self, games: Iterable[str]) -> bool:
        """Whether the rule holds for a text printed by ``games`` (general rules always)."""
        return self.sheet == GENERAL or self.sheet in set(games)


@dataclass(frozen=True)
class Breach:
    """Where a text breaks a rule: the place (a catalog entry or a document), the rule,
    and the words that break it."""

    place: str
    rule: Rule
    words: str

    def line(self) -> str:
        return (f"locale {self.rule.code}: {self.place}: rule {self.rule.sheet}/{self.rule.id} "
                f"({self.rule.says}): {self.words!r}")


def sheet_paths(code: str, root: Path | None = None) -> list[Path]:
    """The style sheets of locale ``code``: a project's, then printkit's own."""
    from printkit.resources import locales_dir

    roots = list(dict.fromkeys((locales_root(root), locales_dir())))
    return [p for r in roots for p in sorted((r / code / STYLE_FOLDER).glob("*.toml"))]


def _rule(code: str, path: Path, entry: object, index: int) -> Rule:
    where = f"{relative(path)}: rule {index + 1}"
    if not isinstance(entry, dict):
        raise UsageError(f"{where}: a rule is a [[rule]] table")
    if missing := sorted(_KEYS - set(entry)):
        raise UsageError(f"{where}: missing {', '.join(missing)}")
    if unknown := sorted(set(entry) - _KEYS):
        raise UsageError(f"{where}: unknown key {', '.join(unknown)}; known: "
                         f"{', '.join(sorted(_KEYS))}")
    if not all(isinstance(entry[k], str) and entry[k] for k in _KEYS):
        raise UsageError(f"{where}: id, says, avoid and example are non-empty strings")
    where = f"{relative(path)}: rule {entry['id']!r}"
    try:
        avoid = re.compile(entry["avoid"])
    except re.error as error:
        raise UsageError(f"{where}: avoid is not a regular expression: {error}") from None
    if not avoid.search(entry["example"]):
        raise UsageError(f"{where}: avoid does not match its own example "
                         f"{entry['example']!r}, so the rule could never fail")
    return Rule(code, path.stem, entry["id"], entry["says"], avoid, entry["example"], path)


def rules(code: str, root: Path | None = None) -> list[Rule]:
    """Every rule of locale ``code``'s style sheets; a UsageError naming the file and
    rule for a sheet that cannot be read, a rule missing a key, an ``avoid`` that is no
    regular expression or that misses its own example, or an id used twice."""
    found: list[Rule] = []
    for path in sheet_paths(code, root):
        try:
            sheet = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            raise UsageError(f"{relative(path)}: cannot read the style sheet: {error}") from None
        if unknown := sorted(set(sheet) - {"rule"}):
            raise UsageError(f"{relative(path)}: unknown table {', '.join(unknown)}; a style "
                             "sheet holds [[rule]] tables")
        ids: set[str] = set()
        for index, entry in enumerate(sheet.get("rule", [])):
            rule = _rule(code, path, entry, index)
            if rule.id in ids:
                raise UsageError(f"{relative(path)}: rule {rule.id!r} is given twice")
            ids.add(rule.id)
            found.append(rule)
    return found


def _games_by_folder() -> dict[str, str]:
    """A game's id by the folders its sources are in (templates/<id>/, printkit/games/<x>/)."""
    from printkit import games

    folders: dict[str, str] = {}
    for game in games.GAMES.values():
        folders[f"templates/{game.id}/"] = game.id
        folders[f"printkit/games/{Path(game.folder).name}/"] = game.id
    return folders


def entry_games(locations: Iterable[tuple[str, int | None]]) -> set[str]:
    """The games whose sources hold a catalog entry (its ``#:`` locations)."""
    folders = _games_by_folder()
    return {game for path, _line in locations for folder, game in folders.items()
            if path.replace("\\", "/").startswith(folder)}


def breaches(rules_: Iterable[Rule], text: str, games: Iterable[str], place: str
             ) -> list[Breach]:
    """The rules ``text`` (printed for ``games``) breaks, with the words that break each.
    Whitespace runs count as one space, so a rule holds across a line break."""
    flat = " ".join(text.split())
    games = set(games)
    return [Breach(place, rule, match.group(0)) for rule in rules_ if rule.applies_to(games)
            if (match := rule.avoid.search(flat))]


def catalog_breaches(code: str, root: Path | None = None,
                     sheet: list[Rule] | None = None) -> list[Breach]:
    """Every translation of locale ``code``'s catalog (English: every msgid) that breaks a
    rule of the locale's style sheet (``sheet``, if the caller has read it already)."""
    sheet = rules(code, root) if sheet is None else sheet
    if not sheet:
        return []
    found: list[Breach] = []
    for label, message, strings in catalog_entries(code, root):
        first = message.id if isinstance(message.id, str) else message.id[0]
        place = f"{label}:{message.lineno}: entry {first!r}"
        games = entry_games(message.locations)
        for string in strings:
            found += breaches(sheet, string, games, place)
    return found


def style_problems(codes: list[str] | None = None, root: Path | None = None
                   ) -> dict[str, tuple[list[Rule], list[Breach]]]:
    """The catalog of each given locale (default: every shipped one) checked against its
    style sheet, by locale: the sheet's rules and what breaks them."""
    chosen = [shipped_locale(c, root) for c in codes] if codes else shipped_locales(root)
    sheets = {code: rules(code, root) for code in chosen}
    return {code: (sheet, catalog_breaches(code, root, sheet)) for code, sheet in sheets.items()}
