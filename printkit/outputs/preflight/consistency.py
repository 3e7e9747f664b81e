"""One fact, said one way: the facts a game prints on its rulebook's cover (players, age,
playing time) read the same in the PDF and on its rules page, as each shows them.

The rules page states them in logical order and the browser lays them out by the bidi
algorithm in the page's direction (``<bdi>`` and ``dir`` isolate a part); the PDF shows
them as drawn. So each fact is compared as it *reads*: the rules page's text put in
visual order (:func:`printkit.language.bidi.visual_order`, which resolves isolates: an
isolated part is laid out in its own direction), the PDF's first page as its glyphs
stand left to right. Letters of a right-to-left script are left out of the comparison
(a shaped ligature keeps its letters in logical order in the PDF's text); what is
compared is what can move: digits, Latin, signs and dashes.
"""

from __future__ import annotations

import unicodedata
from html.parser import HTMLParser
from pathlib import Path

from printkit.language import bidi
from printkit.outputs.preflight.findings import Finding
from printkit.outputs.preflight.reading import Line, pages


class _Facts(HTMLParser):
    """The page's direction and each cover fact: its label and its value as parts, each
    (text, direction it is isolated in, or None)."""

    def __init__(self) -> None:
        super().__init__()
        self.direction = "ltr"
        self.facts: list[tuple[str, list[tuple[str, str | None]]]] = []
        self._in_facts = 0
        self._label = ""
        self._where: str | None = None
        self._isolated: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.direction = (found.get("dir") or "ltr").lower()
        if tag == "dl" and "facts" in (found.get("class") or "").split():
            self._in_facts = 1
            return
        if not self._in_facts:
            return
        if tag == "dl":
            self._in_facts += 1
        elif tag == "dt":
            self._where, self._label = "dt", ""
        elif tag == "dd":
            self._where = "dd"
            self.facts.append((self._label, []))
            self._isolated = [found.get("dir")] if found.get("dir") else []
        elif self._where == "dd" and (tag == "bdi" or found.get("dir")):
            self._isolated.append((found.get("dir") or "auto").lower())

    def handle_endtag(self, tag: str) -> None:
        if not self._in_facts:
            return
        if tag == "dl":
            self._in_facts -= 1
        elif tag in ("dt", "dd"):
            self._where = None
        elif self._where == "dd" and self._isolated and tag in ("bdi", "span", "b", "bdo"):
            self._isolated.pop()

    def handle_data(self, data: str) -> None:
        if self._where == "dt":
            self._label += data
        elif self._where == "dd" and self.facts:
            self.facts[-1][1].append((data, self._isolated[-1] if self._isolated else None))


def _laid_out(parts: list[tuple[str, str | None]], direction: str) -> str:
    """The value as the browser shows it, left to right: an isolated part between the
    isolate controls of its direction, laid out by the bidi algorithm, controls left out."""
    opening = {"ltr": bidi.LRI, "rtl": bidi.RLI}
    text = "".join(f"{opening.get(isolated, bidi.FSI)}{part}{bidi.PDI}" if isolated else part
                   for part, isolated in parts)
    return "".join(text[i] for i in bidi.visual_order(text, direction.upper())
                   if text[i] not in bidi.CONTROLS)


def _movable(text: str, rtl: bool) -> str:
    """What can move in a line: all but spaces, and a right-to-left script's letters."""
    return "".join(c for c in text if not c.isspace() and not (
        rtl and unicodedata.bidirectional(c) in ("R", "AL", "NSM")))


def _seen(line: Line) -> str:
    return line.seen


def cover_facts(rulebook: bytes | Path, rules_page: str, document: str) -> list[Finding]:
    """Each cover fact of ``rules_page`` that the rulebook's first page does not show as
    it reads there (``document``: the rules page's name in the output folder)."""
    parsed = _Facts()
    parsed.feed(rules_page)
    if not parsed.facts:
        return []
    rtl = parsed.direction == "rtl"
    first = next(iter(pages(rulebook)), None)
    if first is None:
        return []
    shown = [(_seen(line), _movable(_seen(line), rtl)) for line in first.lines]
    found = []
    for label, parts in parsed.facts:
        value = _laid_out(parts, parsed.direction)
        wanted = _movable(value, rtl)
        if wanted and not any(wanted in movable for _text, movable in shown):
            close = next((text.strip() for text, movable in shown
                          if sorted(movable) == sorted(wanted)), None)
            pdf = f", the PDF {close!r}" if close else ", and not so in the PDF"
            found.append(Finding("consistency", document, 0,
                                 f"cover fact {label.strip()!r} reads {value.strip()!r} on the "
                                 f"rules page{pdf}"))
    return found
