"""Where text and ink land: sizes as printed, the printer margin, and lines printed over
lines.

- **sizes**: a line's smallest glyph as printed (``Tf`` × text matrix × CTM × horizontal
  scaling) against the floors: 6 pt for any text, 7 pt for text read during play (cards,
  boards, tokens, dice, sheets, the quick reference).
- **printable area**: a home printer leaves 4–6.35 mm of every edge unprinted, so no ink
  (text, cut guide, crop mark, sheet label, art) may lie within the printer margin
  (6 mm by default). A fill that covers the whole page is a background and is let be.
- **collisions**: two lines of text whose glyphs' ink overlaps by more than
  :data:`OVERLAP_MM` across and up: one printed over the other.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from printkit.outputs.preflight.findings import FLOOR_PT, PLAY_FLOOR_PT, Finding, Target
from printkit.outputs.preflight.fonts import is_shaped
from printkit.outputs.preflight.glyphs import shown
from printkit.outputs.preflight.reading import Box, Line, Page

MM = 72 / 25.4
#: Ink overlapping by less than this, across and up, is glyphs touching (a descender on
#: the next line's accent), not text printed over text.
OVERLAP_MM = 0.25


def sizes(page: Page, target: Target) -> Iterator[Finding]:
    art = [m.box for m in page.marks if m.kind == "art" and not _background(m.box, page)] \
        if target.play else []
    for line in page.lines:
        size = line.size
        # text on a component (a card, a board, a sheet's table) is read during play; a
        # sheet's label in the margin is not
        floor = PLAY_FLOOR_PT if any(_inside(line.box, box) for box in art) else FLOOR_PT
        if size and size < floor - 0.005:
            small = [g for g in line.glyphs if not g.char.isspace() and g.size == size]
            yield Finding("sizes", target.document, page.number,
                          f"text prints at {size:.2f} pt, under the {floor:g} pt floor"
                          f"{' for text read during play' if floor == PLAY_FLOOR_PT else ''}: "
                          f"{shown(line.text)!r}", _union([g.box for g in small]))


def printable_area(page: Page, target: Target) -> Iterator[Finding]:
    margin = target.margin_mm * MM
    worst: dict[str, tuple[float, Box, str]] = {}
    items = [(m.kind, m.box, "") for m in page.marks]
    items += [("text", line.box, line.text) for line in page.lines if line.text.strip()]
    for kind, box, text in items:
        if _background(box, page):
            continue
        edge, distance = _nearest_edge(box, page)
        if distance < margin - 0.01 and (kind not in worst or distance < worst[kind][0]):
            worst[kind] = (distance, box, f"{edge} edge" + (f": {shown(text, 40)!r}"
                                                             if text else ""))
    for kind, (distance, box, where) in sorted(worst.items()):
        yield Finding("printable area", target.document, page.number,
                      f"{kind} {max(distance, 0) / MM:.1f} mm from the {where} (printer "
                      f"margin {target.margin_mm:g} mm: a home printer leaves it blank)",
                      _clip(box, page))


def collisions(page: Page, target: Target) -> Iterator[Finding]:
    lines = [line for line in page.lines if line.text.strip()]
    boxes = [line.box for line in lines]
    order = sorted(range(len(lines)), key=lambda i: boxes[i][1])
    least = OVERLAP_MM * MM
    reported: set[int] = set()
    for n, i in enumerate(order):
        for j in order[n + 1:]:
            if boxes[j][1] >= boxes[i][3] - least:
                break
            if i in reported or j in reported or not _overlap(boxes[i], boxes[j], least):
                continue
            if _one_baseline(lines[i], lines[j]):  # pieces of one line (a shaped word's
                continue                            # parts kern into each other)
            spot = _glyphs_overlap(lines[i], lines[j], least)
            if spot is not None:
                reported.update((i, j))
                yield Finding("collisions", target.document, page.number,
                              f"{shown(lines[i].text, 40)!r} and {shown(lines[j].text, 40)!r}"
                              f" are printed over each other", spot)


def _one_baseline(a: Line, b: Line) -> bool:
    heading = a.glyphs[0].heading
    return heading == b.glyphs[0].heading and \
        abs(a.baseline - b.baseline) < 0.35 * max(min(a.size, b.size), 1.0)


def _glyphs_overlap(a: Line, b: Line, least: float) -> Box | None:
    """Where two glyphs of the two lines overlap. A combining mark (a shadda, a kasra)
    reaching into the next line's space is tight leading, not text over text: left out."""
    for g in a.glyphs:
        if not _body(g.char):
            continue
        for h in b.glyphs:
            if _body(h.char) and _overlap(g.box, h.box, least):
                return (min(g.box[0], h.box[0]), min(g.box[1], h.box[1]),
                        max(g.box[2], h.box[2]), max(g.box[3], h.box[3]))
    return None


def _inside(box: Box, outer: Box) -> bool:
    """Whether the middle of ``box`` lies in ``outer``."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return outer[0] <= x <= outer[2] and outer[1] <= y <= outer[3]


def _body(char: str) -> bool:
    """A glyph of a letter's body: not a space, a combining mark, nor a shaped glyph with
    no character of its own (HarfBuzz's stack of a shadda and its vowel is one)."""
    return not char.isspace() and unicodedata.category(char) not in ("Mn", "Me") \
        and not is_shaped(char)


def _overlap(a: Box, b: Box, least: float) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > least
            and min(a[3], b[3]) - max(a[1], b[1]) > least)


def _background(box: Box, page: Page) -> bool:
    return box[0] <= 0.5 and box[1] <= 0.5 and box[2] >= page.width - 0.5 \
        and box[3] >= page.height - 0.5


def _nearest_edge(box: Box, page: Page) -> tuple[str, float]:
    return min((("left", box[0]), ("bottom", box[1]), ("right", page.width - box[2]),
                ("top", page.height - box[3])), key=lambda e: e[1])


def _clip(box: Box, page: Page) -> Box:
    return (max(box[0], 0.0), max(box[1], 0.0), min(box[2], page.width),
            min(box[3], page.height))


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))
