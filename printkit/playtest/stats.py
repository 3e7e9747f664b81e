"""The statistics of the playtest lab, standard library only: Wilson intervals for rates,
the chi-square test of seat balance (with its own regularised incomplete gamma function),
distributions, and paired differences between two runs on the same seeds."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: At most this many distinct values are counted one by one; more go into equal bins.
HISTOGRAM_VALUES = 40


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate (successes may be fractional: shared wins)."""
    if n <= 0:
        return 0.0, 1.0
    rate = successes / n
    centre = rate + z * z / (2 * n)
    spread = z * math.sqrt(max(rate * (1 - rate), 0.0) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a)."""
    if a <= 0:
        raise ValueError(f"gamma_q needs a > 0, not {a}")
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series for P(a, x) converges here
        term = total = 1.0 / a
        k = a
        for _ in range(10_000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    return _gamma_q_fraction(a, x, log_front)


def _gamma_q_fraction(a: float, x: float, log_front: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz), for x >= a + 1."""
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return math.exp(log_front) * h


def chi_square_sf(statistic: float, df: int) -> float:
    """The chance a chi-square variable with ``df`` degrees of freedom exceeds ``statistic``."""
    return gamma_q(df / 2, statistic / 2)


def balance(wins: Sequence[float], games: int) -> dict[str, float]:
    """Chi-square test of the seats' wins against equal shares of the games won."""
    decided = sum(wins)
    seats = len(wins)
    expected = decided / seats if seats else 0.0
    statistic = sum((w - expected) ** 2 / expected for w in wins) if expected else 0.0
    df = max(seats - 1, 1)
    return {"statistic": statistic, "df": df, "p": chi_square_sf(statistic, df),
            "fair_share": (decided / games / seats) if games else 0.0}


def quantile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile of sorted values, interpolated between neighbours (type 7)."""
    if not ordered:
        return 0.0
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def histogram(values: Sequence[float]) -> list[list[float]]:
    """[[value, count], ...] by value; with many distinct values, [[bin start, count], ...]
    over equal bins (the width a whole number when the values are)."""
    counts = Counter(values)
    if len(counts) <= HISTOGRAM_VALUES:
        return [[value, counts[value]] for value in sorted(counts)]
    low, high = min(values), max(values)
    width = (high - low) / HISTOGRAM_VALUES
    if all(float(v).is_integer() for v in counts):
        width = math.ceil(width)
    bins: Counter[float] = Counter(low + width * min(int((v - low) / width),
                                                     math.ceil((high - low) / width))
                                   for v in values)
    return [[start, bins[start]] for start in sorted(bins)]


def distribution(values: Sequence[float]) -> dict[str, Any]:
    ordered = sorted(values)
    if not ordered:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0, "max": 0,
                "histogram": []}
    return {"mean": math.fsum(ordered) / len(ordered), "median": statistics.median(ordered),
            "p10": quantile(ordered, 0.1), "p90": quantile(ordered, 0.9),
            "min": ordered[0], "max": ordered[-1], "histogram": histogram(ordered)}


def paired_difference(a: Sequence[float], b: Sequence[float],
                      z: float = Z95) -> tuple[float, float, float]:
    """B minus A over games played on the same seeds: the mean difference and its interval
    (normal approximation to the mean of the per-game differences)."""
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = math.fsum(diffs) / n
    spread = z * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    return mean, mean - spread, mean + spread
