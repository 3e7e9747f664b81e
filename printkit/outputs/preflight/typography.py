"""Each language's rules for where a line may end, read from the page.

The rules are the locale's own data (``locales/<code>/typography.toml``, beside its
``script.toml``; see :func:`printkit.language.conventions.line_rules`), the same the text
setting follows:

- ``no_break_after``: words that never end a line (Polish, Czech and Slovak one-letter
  words „w", „z", „i"…);
- ``counters``: characters that never start a line after a number (Japanese and Chinese
  counters: „2頭", „1枚");

and, for every locale that reads right to left, what the bidi order must keep: a Latin
run whole with its punctuation (a title's „…" at its end, not before it) and a signed
number's sign beside its digits („−4", not „4−"), as the line reads on the page.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from printkit.outputs.preflight.findings import Finding, Target
from printkit.outputs.preflight.glyphs import shown
from printkit.outputs.preflight.reading import Line, Page

_DIGIT = re.compile(r"[0-9０-９]$")
#: On the page, left to right: an ellipsis standing before a Latin word it should end.
_ELLIPSIS_FIRST = re.compile(r"(?:…|\.\.\.)\s*[A-Za-zÀ-ɏ]")
#: On the page, left to right: a minus sign after the digits it belongs before.
_SIGN_AFTER = re.compile(r"(?<![\d.,])\d+[−-](?![\d])")


def line_ends(page: Page, target: Target) -> Iterator[Finding]:
    from printkit.language.conventions import line_rules

    rules = line_rules(target.locale)
    lines = [line for line in page.lines if line.text.strip()]
    for n, line in enumerate(lines):
        text = line.text.rstrip()
        if rules.no_break_after:
            words = text.split()
            if len(words) > 1 and words[-1] in rules.no_break_after:
                yield Finding("typography", target.document, page.number,
                              f"line ends in the one-letter word {words[-1]!r} (bind it to "
                              f"the next word): {shown(text)!r}", line.box)
        if rules.counters and _DIGIT.search(text) and n + 1 < len(lines):
            after = lines[n + 1]
            if _next_line(line, after) and after.text.lstrip()[:1] in rules.counters:
                yield Finding("typography", target.document, page.number,
                              f"a number is split from its counter at a line end: "
                              f"{shown(text[-12:])!r} / {shown(after.text[:6])!r}", line.box)
        if target.rtl and _right_to_left(line):
            yield from _bidi(page, target, line)


def _next_line(line: Line, after: Line) -> bool:
    """Whether ``after`` is the line below ``line`` in the same block."""
    drop = line.baseline - after.baseline
    return 0 < drop < 2.5 * max(line.size, 1.0)


def _right_to_left(line: Line) -> bool:
    return any(unicodedata.bidirectional(g.char) in ("R", "AL") for g in line.glyphs)


def _bidi(page: Page, target: Target, line: Line) -> Iterator[Finding]:
    seen = line.seen
    if _ELLIPSIS_FIRST.search(seen):
        yield Finding("typography", target.document, page.number,
                      f"a Latin run is not isolated: its ellipsis prints before it, "
                      f"{shown(seen)!r} as the line reads left to right", line.box)
    sign = _SIGN_AFTER.search(seen)
    if sign:
        yield Finding("typography", target.document, page.number,
                      f"the sign of {sign.group()!r} prints after its digits, as the line "
                      f"reads left to right: {shown(seen)!r}", line.box)
