"""The playtest report as a standalone HTML page: the report tree (:mod:`.content`) with its
charts as small inline SVG, each a figure with a text alternative and the table of its
numbers beside it. No script, nothing from the network; the rules pages' colours and type;
readable on a 390 px phone (tables scroll inside their own box).
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from printkit.playtest.report.content import Chart, Report, Section, Table

_CSS = """
:root { --ink: #1f2430; --muted: #4f5562; --paper: #fffdf9; --accent: #9b1c1c;
  --bar: #3c6e9f; --line: #d9d2c3; --mark: #fbf0de; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #ebe8e2; --muted: #bdb8ae; --paper: #16181d; --accent: #f2a7a0;
    --bar: #7fb0e0; --line: #3d3a34; --mark: #3a2f1f; }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 1.0625rem/1.55 system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif;
  overflow-wrap: break-word; }
header, main { max-width: 42rem; margin: 0 auto; padding: 0 1rem; }
h1 { color: var(--accent); font-size: 2rem; line-height: 1.2; margin: 1rem 0 .25rem; }
h2 { color: var(--accent); font-size: 1.45rem; line-height: 1.25; margin: 2rem 0 .5rem; }
.subtitle { font-style: italic; margin: 0 0 1rem; }
.scroll { overflow-x: auto; margin: 0 0 1rem; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
caption { text-align: start; font-weight: bold; padding: .25rem 0; }
th, td { padding: .3rem .5rem; border-bottom: 1px solid var(--line); text-align: start;
  vertical-align: top; }
td.num, th.num { text-align: end; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.marked { background: var(--mark); }
figure { margin: 1rem 0; }
figcaption { font-weight: bold; }
figure p { margin: .25rem 0; color: var(--muted); font-size: .95rem; }
svg { width: 100%; height: auto; display: block; }
svg .bar { fill: var(--bar); }
svg .axis, svg .grid, svg .whisker { stroke: var(--ink); }
svg .grid { stroke: var(--line); }
svg .fair { stroke: var(--accent); stroke-dasharray: 6 4; }
svg text { fill: var(--ink); font-size: 13px; font-family: inherit; }
details { margin: .25rem 0 1rem; }
"""

#: The SVG's own coordinates.
WIDTH, HEIGHT, LEFT, BOTTOM, TOP = 400, 220, 46, 30, 12


def render(report: Report) -> bytes:
    direction = "rtl" if report.rtl else "ltr"
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(report.lang)}" dir="{direction}">',
        '<head>\n<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light dark">',
        f"<title>{escape(report.title)}</title>",
        f"<style>{_CSS}</style>\n</head>\n<body>",
        f"<header>\n<h1>{escape(report.title)}</h1>",
        f'<p class="subtitle">{escape(report.subtitle)}</p>\n</header>\n<main>',
        _facts(report),
    ]
    for index, section in enumerate(report.sections):
        parts.append(_section(section, index))
    parts.append("</main>\n</body>\n</html>\n")
    return "\n".join(parts).encode("utf-8")


def _facts(report: Report) -> str:
    rows = "".join(f'<tr><th scope="row">{escape(name)}</th><td>{escape(value)}</td></tr>\n'
                   for name, value in report.facts)
    return f'{_scroll(report.title)}<table>\n{rows}</table></div>'


def _section(section: Section, index: int) -> str:
    out = [f'<section aria-labelledby="s{index}">',
           f'<h2 id="s{index}">{escape(section.heading)}</h2>']
    out += [f"<p>{escape(sentence)}</p>" for sentence in section.sentences]
    for number, chart in enumerate(section.charts):
        out.append(_figure(chart, f"s{index}c{number}"))
    out += [_table(table) for table in section.tables]
    out.append("</section>")
    return "\n".join(out)


_NUM = ' class="num"'


def _scroll(name: str) -> str:
    """A box that scrolls a table too wide for a phone: reachable by keyboard, and named."""
    return f'<div class="scroll" tabindex="0" role="region" aria-label="{escape(name)}">'


def _table(table: Table, name: str = "") -> str:
    head = "".join(f'<th scope="col"{_NUM if i else ""}>{escape(cell)}</th>'
                   for i, cell in enumerate(table.head))
    rows = []
    marked = table.marked or (False,) * len(table.rows)
    for row, mark in zip(table.rows, marked, strict=True):
        cells = f'<th scope="row">{escape(row[0])}</th>' + "".join(
            f'<td class="num">{escape(cell)}</td>' for cell in row[1:])
        rows.append(f'<tr class="marked">{cells}</tr>' if mark else f"<tr>{cells}</tr>")
    caption = f"<caption>{escape(table.caption)}</caption>" if table.caption else ""
    return (f'{_scroll(table.caption or name)}<table>{caption}\n<thead><tr>{head}</tr></thead>\n'
            "<tbody>\n"
            + "\n".join(rows) + "\n</tbody></table></div>")


def _y(chart: Chart, value: float) -> float:
    inner = HEIGHT - BOTTOM - TOP
    return round(HEIGHT - BOTTOM - inner * max(0.0, min(value, chart.top)) / chart.top, 1)


def _svg(chart: Chart, ident: str) -> str:
    """The chart drawn left to right in any language (its numbers run as an axis does)."""
    out = [f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{ident}t '
           f'{ident}d" direction="ltr">']
    for value, label in chart.ticks:
        y = _y(chart, value)
        out.append(f'<line class="grid" x1="{LEFT}" y1="{y}" x2="{WIDTH}" y2="{y}"/>'
                   f'<text x="{LEFT - 5}" y="{y + 4}" text-anchor="end">{escape(label)}</text>')
    base = HEIGHT - BOTTOM
    out.append(f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{base}"/>'
               f'<line class="axis" x1="{LEFT}" y1="{base}" x2="{WIDTH}" y2="{base}"/>')
    count = max(1, len(chart.values))
    slot = (WIDTH - LEFT) / count
    every = max(1, -(-count // 8))
    for i, value in enumerate(chart.values):
        x = LEFT + i * slot
        y = _y(chart, value)
        out.append(f'<rect class="bar" x="{x + slot * .15:.1f}" y="{y}" '
                   f'width="{slot * .7:.1f}" height="{base - y:.1f}"/>')
        if chart.low:
            mid, low, high = x + slot / 2, _y(chart, chart.low[i]), _y(chart, chart.high[i])
            out.append(f'<path class="whisker" d="M{mid:.1f} {low}V{high}M{mid - 6:.1f} {low}'
                       f'h12M{mid - 6:.1f} {high}h12"/>')
        if i % every == 0:
            out.append(f'<text x="{x + slot / 2:.1f}" y="{base + 18}" text-anchor="middle">'
                       f"{escape(chart.labels[i])}</text>")
    if chart.line is not None:
        y = _y(chart, chart.line)
        out.append(f'<line class="fair" x1="{LEFT}" y1="{y}" x2="{WIDTH}" y2="{y}"/>'
                   f'<text x="{WIDTH - 4}" y="{y - 5}" text-anchor="end">'
                   f"{escape(chart.line_label)}</text>")
    out.append("</svg>")
    return "".join(out)


def _figure(chart: Chart, ident: str) -> str:
    """The chart, its title and text alternative, and its numbers as a table."""
    numbers = ""
    if chart.table is not None:
        numbers = (f"<details><summary>{escape(chart.table.caption)}</summary>"
                   f"{_table(replace(chart.table, caption=''), chart.title)}</details>\n")
    return (f'<figure>\n<figcaption id="{ident}t">{escape(chart.title)}</figcaption>\n'
            f"{_svg(chart, ident)}\n<p id=\"{ident}d\">{escape(chart.description)}</p>\n"
            f"{numbers}</figure>")
