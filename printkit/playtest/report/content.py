"""What a playtest report says, in one locale: a small tree of sections, sentences, tables
and charts, read from the run's summary (the dict :mod:`printkit.playtest` writes as
``summary.json``). The PDF and the HTML page are two writers of the same tree
(:mod:`.pdf`, :mod:`.html`), so both say the same things in the same words and numbers.

Every word comes from the catalogs; every number is formatted for the locale (Babel).
Policy names, rule settings and the engines' event names are the run's own identifiers
and print as given.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal, format_percent

from printkit import __version__
from printkit.language.translations import Localizer

#: The most bars a histogram shows: longer distributions are grouped into equal bins.
MAX_BARS = 24


@dataclass(frozen=True)
class Table:
    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: Rows to mark (a comparison whose interval leaves out 0); as long as ``rows``.
    marked: tuple[bool, ...] = ()


@dataclass(frozen=True)
class Chart:
    """A bar chart: one bar per label, with optional interval whiskers and a reference line
    (a seat's fair share). Values and the axis are in the chart's own unit; ``ticks`` are
    (value, label) pairs for the vertical axis."""

    title: str
    description: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    ticks: tuple[tuple[float, str], ...]
    top: float
    low: tuple[float, ...] = ()
    high: tuple[float, ...] = ()
    line: float | None = None
    line_label: str = ""
    #: The chart's numbers as a table (for those who cannot see the chart).
    table: Table | None = None


@dataclass(frozen=True)
class Section:
    heading: str
    sentences: tuple[str, ...] = ()
    charts: tuple[Chart, ...] = ()
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True)
class Report:
    title: str
    subtitle: str
    facts: tuple[tuple[str, str], ...]
    sections: tuple[Section, ...]
    lang: str
    rtl: bool


@dataclass(frozen=True)
class Numbers:
    """Numbers as the locale writes them."""

    loc: Localizer

    def count(self, value: float) -> str:
        return format_decimal(value, format="#,##0.#", locale=self.loc.code)

    def decimal(self, value: float) -> str:
        return format_decimal(value, format="#,##0.0#", locale=self.loc.code)

    def rate(self, value: float) -> str:
        return format_percent(value, format="#,##0.0%", locale=self.loc.code)

    def signed_rate(self, value: float) -> str:
        return ("+" if value > 0 else "") + self.rate(value).replace("-", "\u2212")

    def level(self) -> str:
        """The confidence level of every interval: "95%", "95 %", "٪95"."""
        return format_percent(0.95, "0%", locale=self.loc.code)

    def interval(self) -> str:
        # TRANSLATORS: playtest report, table head: the confidence interval (the range the
        # true value lies in, 95 times out of 100); %(level)s is "95%" as the locale writes it.
        return self.loc.gettext("%(level)s interval") % {"level": self.level()}

    def tick(self, value: float) -> str:
        return format_percent(value, format="#,##0%", locale=self.loc.code)

    def p(self, value: float) -> str:
        return format_decimal(value, format="0.00#", locale=self.loc.code)


def build(summary: Mapping[str, Any], loc: Localizer, game_title: str | None,
          rtl: bool) -> Report:
    """The report of ``summary`` in ``loc``'s language."""
    n = Numbers(loc)
    players = int(summary["players"])
    title = loc.gettext(game_title) if game_title else str(summary["game"])
    # TRANSLATORS: playtest report (the rules engine played many games): the report's
    # title; %(game)s is the game's name.
    heading = loc.gettext("%(game)s · Playtest report") % {"game": title}
    # TRANSLATORS: playtest report: under its title; %(num)s is the number of players.
    subtitle = loc.ngettext("%(num)s player", "%(num)s players", players) % {
        "num": n.count(players)}
    sections = [_seats(summary, loc, n), _length(summary, loc, n), _scores(summary, loc, n),
                _events(summary, loc, n)]
    if summary.get("comparison"):
        sections.append(_comparison(summary, loc, n))
    return Report(heading, subtitle, _facts(summary, loc, n), tuple(sections), loc.code, rtl)


def _settings(rules: Mapping[str, Any], loc: Localizer) -> str:
    if not rules:
        # TRANSLATORS: playtest report: the rule settings of a run that changed none.
        return loc.gettext("the game’s own rules")
    return loc.series([f"{key}\u2009=\u2009{value}" for key, value in sorted(rules.items())])


def _facts(summary: Mapping[str, Any], loc: Localizer, n: Numbers) -> tuple[tuple[str, str], ...]:
    policies = [str(seat["policy"]) for seat in summary["seats"]]
    # TRANSLATORS: playtest report, the settings: one seat's strategy ("seat 2: cautious");
    # %(seat)s is the seat's number, %(policy)s the strategy's name as given.
    per_seat = [loc.gettext("seat %(seat)s: %(policy)s") % {
        "seat": n.count(seat["seat"]), "policy": policy}
        for seat, policy in zip(summary["seats"], policies, strict=True)]
    return (
        # TRANSLATORS: playtest report, the settings: how many games were played.
        (loc.gettext("Games played"), n.count(summary["games"])),
        # TRANSLATORS: playtest report, the settings: the random seed (the same seed gives
        # the same games).
        (loc.gettext("Seed"), n.count(summary["seed"])),
        # TRANSLATORS: playtest report, the settings: the strategy each seat plays.
        (loc.gettext("Strategies"), loc.series(per_seat)),
        # TRANSLATORS: playtest report, the settings: the rule settings of the run.
        (loc.gettext("Rules"), _settings(summary.get("rules") or {}, loc)),
        # TRANSLATORS: playtest report, the settings: the time one turn is assumed to take.
        (loc.gettext("Minutes per turn"), n.decimal(summary["minutes_per_turn"])),
        # TRANSLATORS: playtest report, the settings: the printkit version that made it.
        (loc.gettext("Made by"), f"printkit {__version__}"),
    )


def _seat(loc: Localizer, n: Numbers, seat: int) -> str:
    # TRANSLATORS: playtest report: a seat at the table, by its place in the turn order.
    return loc.gettext("Seat %(seat)s") % {"seat": n.count(seat)}


def _balance(summary: Mapping[str, Any], loc: Localizer, n: Numbers) -> str:
    balance = summary["balance"]
    p = float(balance["p"])
    shown = "< " + n.p(0.001) if p < 0.001 else "= " + n.p(p)
    if p >= 0.05:
        # TRANSLATORS: playtest report, the seat balance test (chi-square) found nothing;
        # %(p)s is "= 0.41" (or "< 0.001").
        return loc.gettext("No evidence that the seats differ (p %(p)s).") % {"p": shown}
    best = max(summary["seats"], key=lambda seat: (seat["win_rate"], -seat["seat"]))
    # TRANSLATORS: playtest report, the seat balance test found a difference: the seat
    # that wins most often; %(seat)s is its number, %(p)s is "< 0.001" or "= 0.02".
    return loc.gettext("Seat %(seat)s wins more than its share (p %(p)s).") % {
        "seat": n.count(best["seat"]), "p": shown}


def _rate_ticks(top: float, n: Numbers) -> tuple[tuple[float, str], ...]:
    step = 0.1 if top <= 0.6 else 0.2
    count = int(round(top / step))
    return tuple((i * step, n.tick(i * step)) for i in range(count + 1))


def _seats(summary: Mapping[str, Any], loc: Localizer, n: Numbers) -> Section:
    seats = summary["seats"]
    fair = float(summary["balance"]["fair_share"])
    top = min(1.0, max(0.1, max(float(s["high"]) for s in seats) * 1.15))
    top = max(0.1, -(-top // 0.1) * 0.1)
    chart = Chart(
        # TRANSLATORS: playtest report: the title of the chart of each seat's wins.
        title=loc.gettext("Win rate per seat"),
        # TRANSLATORS: playtest report: the text alternative of the win rate chart.
        description=loc.gettext("Bars: each seat’s share of the wins, with its "
                                "%(level)s interval; the line: a fair share.") % {
                                    "level": n.level()},
        labels=tuple(_seat(loc, n, s["seat"]) for s in seats),
        values=tuple(float(s["win_rate"]) for s in seats),
        low=tuple(float(s["low"]) for s in seats), high=tuple(float(s["high"]) for s in seats),
        ticks=_rate_ticks(top, n), top=top, line=fair,
        # TRANSLATORS: playtest report, win rate chart: the label of the line at the share
        # of the wins each seat would have if no seat were favoured; %(rate)s is "33.3%".
        line_label=loc.gettext("fair share %(rate)s") % {"rate": n.rate(fair)})
    table = Table(
        # TRANSLATORS: playtest report: the caption of the table of each seat's wins.
        loc.gettext("Wins per seat (a tie of k players gives each 1/k)"),
        # TRANSLATORS: playtest report, table head: the seat (its place in turn order).
        (loc.gettext("Seat"),
         # TRANSLATORS: playtest report, table head: the strategy the seat plays.
         loc.gettext("Strategy"),
         # TRANSLATORS: playtest report, table head: how many games the seat won.
         loc.gettext("Wins"),
         # TRANSLATORS: playtest report, table head: the seat's share of the wins.
         loc.gettext("Win rate"), n.interval()),
        tuple((n.count(s["seat"]), str(s["policy"]), n.count(s["wins"]), n.rate(s["win_rate"]),
               f"{n.rate(s['low'])} – {n.rate(s['high'])}") for s in seats))
    # TRANSLATORS: playtest report: the heading of the section on seat balance.
    return Section(loc.gettext("Who wins"), (_balance(summary, loc, n),), (chart,), (table,))


def _bins(histogram: Sequence[Sequence[float]]) -> list[tuple[float, float, float]]:
    """(first value, last value, count) per bar, at most MAX_BARS bars of equal width."""
    points = sorted((float(v), float(c)) for v, c in histogram)
    if not points:
        return []
    first, last = points[0][0], points[-1][0]
    width = max(1.0, -(-(last - first + 1) // MAX_BARS))
    bars: dict[int, float] = {}
    for value, count in points:
        index = int((value - first) // width)
        bars[index] = bars.get(index, 0.0) + count
    top = int((last - first) // width)
    return [(first + i * width, first + i * width + width - 1, bars.get(i, 0.0))
            for i in range(top + 1)]


def _histogram(title: str, description: str, axis: str, histogram: Sequence[Sequence[float]],
               loc: Localizer, n: Numbers) -> Chart:
    bars = _bins(histogram)
    total = sum(count for _, _, count in bars) or 1.0
    shares = tuple(count / total for _, _, count in bars)
    labels = tuple(n.count(a) if a == b else f"{n.count(a)}–{n.count(b)}" for a, b, _ in bars)
    top = max(0.05, -(-max(shares, default=0.05) * 1.1 // 0.05) * 0.05)
    step = 0.05 if top <= 0.3 else 0.1
    ticks = tuple((i * step, n.tick(i * step)) for i in range(int(round(top / step)) + 1))
    # TRANSLATORS: playtest report: the table of a chart's numbers, for those who cannot
    # see the chart (it opens and closes).
    table = Table(loc.gettext("The numbers"),
                  # TRANSLATORS: playtest report, table head: a number of games.
                  (axis, loc.gettext("Games"),
                   # TRANSLATORS: playtest report, table head: a share of all games.
                   loc.gettext("Share of games")),
                  tuple((label, n.count(count), n.rate(share))
                        for label, (_, _, count), share
                        in zip(labels, bars, shares, strict=True)))
    return Chart(title, description, labels, shares, ticks, top, table=table)


def _stats_row(label: str, entry: Mapping[str, Any], n: Numbers) -> tuple[str, ...]:
    return (label, *(n.decimal(entry[key]) for key in ("mean", "median", "p10", "p90")),
            f"{n.count(entry['min'])} – {n.count(entry['max'])}")


def _stats_head(loc: Localizer, first: str) -> tuple[str, ...]:
    # TRANSLATORS: playtest report, table head of a distribution: the value a share of the
    # games stays under; %(share)s is "10%" or "90%".
    under = loc.gettext("%(share)s under")
    low, high = (format_percent(share, "0%", locale=loc.code) for share in (0.1, 0.9))
    # TRANSLATORS: playtest report, table head of a distribution: the mean.
    mean = loc.gettext("Mean")
    # TRANSLATORS: playtest report, table head of a distribution: the median.
    median = loc.gettext("Median")
    # TRANSLATORS: playtest report, table head of a distribution: smallest to largest.
    spread = loc.gettext("Range")
    return (first, mean, median, under % {"share": low}, under % {"share": high}, spread)


def _length(summary: Mapping[str, Any], loc: Localizer, n: Numbers) -> Section:
    length = summary["length"]
    turns, minutes = length["turns"], length["minutes"]
    # TRANSLATORS: playtest report: the typical game length; %(turns)s is the median number
    # of turns (it picks the plural form), %(minutes)s the estimated minutes at the table.
    said = loc.ngettext("Half of the games last %(turns)s turn or fewer, about %(minutes)s "
                        "minutes at the table.",
                        "Half of the games last %(turns)s turns or fewer, about %(minutes)s "
                        "minutes at the table.", int(round(turns["median"]))) % {
        "turns": n.decimal(turns["median"]), "minutes": n.decimal(minutes["median"])}
    # TRANSLATORS: playtest report, game length table: the row of turns; also the head of
    # the game length histogram's numbers.
    rows = [_stats_row(loc.gettext("Turns"), turns, n)]
    if length.get("rounds"):
        # TRANSLATORS: playtest report, game length table: the row of rounds.
        rows.append(_stats_row(loc.gettext("Rounds"), length["rounds"], n))
    # TRANSLATORS: playtest report, game length table: the row of minutes at the table.
    rows.append(_stats_row(loc.gettext("Minutes"), minutes, n))
    # TRANSLATORS: playtest report: the title of the histogram of game lengths in turns.
    chart = _histogram(loc.gettext("Game length in turns"),
                       # TRANSLATORS: playtest report: the text alternative of the game
                       # length histogram.
                       loc.gettext("Bars: the share of games that lasted each number of "
                                   "turns."),
                       # TRANSLATORS: playtest report: turns (see above).
                       loc.gettext("Turns"), turns["histogram"], loc, n)
    # TRANSLATORS: playtest report: the caption of the game length table.
    table = Table(loc.gettext("Game length"), _stats_head(loc, ""), tuple(rows))
    # TRANSLATORS: playtest report: the heading of the section on game length.
    return Section(loc.gettext("How long a game lasts"), (said,), (chart,), (table,))


def _scores(summary: Mapping[str, Any], loc: Localizer, n: Numbers) -> Section:
    scores, ties = summary["scores"], summary["ties"]
    rows = [_stats_row(_seat(loc, n, s["seat"]), s | {"min": _lowest(s), "max": _highest(s)}, n)
            for s in scores["seats"]]
    margin = scores["margin"]
    # TRANSLATORS: playtest report, score table: the row of the winner's lead over the
    # runner-up.
    rows.append(_stats_row(loc.gettext("Winning margin"), margin, n))
    count = int(ties["games"])
    # TRANSLATORS: playtest report: how often a game ended in a tie; %(num)s is the number
    # of tied games, %(rate)s their share ("1.2%"), %(level)s is "95%", %(low)s and
    # %(high)s the interval's ends.
    tie = loc.ngettext("%(num)s game ended in a tie: %(rate)s (%(level)s interval %(low)s "
                       "– %(high)s).",
                       "%(num)s games ended in a tie: %(rate)s (%(level)s interval %(low)s "
                       "– %(high)s).", count) % {"level": n.level(),
        "num": n.count(count), "rate": n.rate(ties["rate"]), "low": n.rate(ties["low"]),
        "high": n.rate(ties["high"])}
    # TRANSLATORS: playtest report: the title of the histogram of winning margins.
    chart = _histogram(loc.gettext("Winning margin"),
                       # TRANSLATORS: playtest report: the text alternative of the winning
                       # margin histogram.
                       loc.gettext("Bars: the share of games won by each margin (the "
                                   "winner’s score minus the runner-up’s)."),
                       # TRANSLATORS: playtest report, chart axis: points of lead.
                       loc.gettext("Points"), margin["histogram"], loc, n)
    # TRANSLATORS: playtest report: the caption of the table of final scores.
    table = Table(loc.gettext("Final scores"), _stats_head(loc, ""), tuple(rows))
    # TRANSLATORS: playtest report: the heading of the section on scores and ties.
    return Section(loc.gettext("Scores and ties"), (tie,), (chart,), (table,))


def _lowest(entry: Mapping[str, Any]) -> float:
    return min((float(v) for v, _ in entry.get("histogram") or []), default=entry["p10"])


def _highest(entry: Mapping[str, Any]) -> float:
    return max((float(v) for v, _ in entry.get("histogram") or []), default=entry["p90"])


def _events(summary: Mapping[str, Any], loc: Localizer, n: Numbers) -> Section:
    events = summary.get("events") or []
    rows = tuple((str(e["name"]), n.count(e["total"]), n.decimal(e["per_game"]),
                  n.rate(e["rate"])) for e in events)
    table = Table(
        # TRANSLATORS: playtest report: the caption of the table of how often each rule
        # fires (the rules engine's own event names: bust, snowball hit...).
        loc.gettext("How often each rule fires"),
        # TRANSLATORS: playtest report, rule events table head: the event (the rules
        # engine's own name for it).
        (loc.gettext("Event"),
         # TRANSLATORS: playtest report, rule events table head: how often in all games.
         loc.gettext("In all"),
         # TRANSLATORS: playtest report, rule events table head: how often per game.
         loc.gettext("Per game"),
         # TRANSLATORS: playtest report, rule events table head: the share of games in
         # which the event happened at least once.
         loc.gettext("Share of games")), rows)
    # TRANSLATORS: playtest report: said when the rules engine reported no events.
    said = () if rows else (loc.gettext("The rules engine reported no events."),)
    # TRANSLATORS: playtest report: the heading of the section on rule events.
    return Section(loc.gettext("Rule events"), said, (), (table,) if rows else ())


_SEAT_RATE = re.compile(r"seat (\d+) win rate")


def _measure(name: str, loc: Localizer, n: Numbers) -> tuple[str, bool]:
    """The measure's name in the locale, and whether its values are rates."""
    found = _SEAT_RATE.fullmatch(name)
    if found:
        # TRANSLATORS: playtest report, comparison table: a seat's win rate.
        return loc.gettext("Seat %(seat)s win rate") % {
            "seat": n.count(int(found.group(1)))}, True
    if name == "mean turns":
        # TRANSLATORS: playtest report, comparison table: the mean number of turns.
        return loc.gettext("Mean turns"), False
    if name == "tie rate":
        # TRANSLATORS: playtest report, comparison table: the share of tied games.
        return loc.gettext("Tie rate"), True
    if name.endswith(" per game"):
        # TRANSLATORS: playtest report, comparison table: how often a rule event happens
        # per game; %(event)s is the rules engine's own name for it.
        return loc.gettext("%(event)s per game") % {"event": name[: -len(" per game")]}, False
    return name, False


def _comparison(summary: Mapping[str, Any], loc: Localizer, n: Numbers) -> Section:
    comparison = summary["comparison"]
    rows, marked = [], []
    for d in comparison["differences"]:
        label, rate = _measure(str(d["measure"]), loc, n)
        show = n.rate if rate else n.decimal
        sign = n.signed_rate if rate else (
            lambda v: ("+" if v > 0 else "") + n.decimal(v).replace("-", "\u2212"))
        excludes = float(d["low"]) > 0 or float(d["high"]) < 0
        rows.append((label, show(d["a"]), show(d["b"]), sign(d["difference"]),
                     f"{sign(d['low'])} – {sign(d['high'])}" + (" *" if excludes else "")))
        marked.append(excludes)
    a = _settings(summary.get("rules") or {}, loc)
    b = _settings(comparison.get("rules") or {}, loc)
    # TRANSLATORS: playtest report: the two rule settings compared; %(a)s and %(b)s are the
    # settings ("variant = no-risk").
    said = (loc.gettext("A: %(a)s. B: %(b)s.") % {"a": a, "b": b},
            # TRANSLATORS: playtest report, comparison: what the star in the table means.
            loc.gettext("* The interval leaves out 0: the rule setting makes a difference."))
    table = Table(
        # TRANSLATORS: playtest report: the caption of the comparison table (B minus A).
        loc.gettext("B against A (the difference B − A, with its %(level)s interval)") % {
            "level": n.level()},
        # TRANSLATORS: playtest report, comparison table head: what is measured.
        (loc.gettext("Measure"), "A", "B",
         # TRANSLATORS: playtest report, comparison table head: its value with settings B
         # minus its value with settings A.
         loc.gettext("Difference"), n.interval()), tuple(rows), tuple(marked))
    # TRANSLATORS: playtest report: the heading of the comparison of two rule settings.
    return Section(loc.gettext("Comparing two rule settings"), said, (), (table,))
