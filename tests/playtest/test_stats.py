"""The lab's statistics against values known from tables and other implementations."""

from __future__ import annotations

import math

import pytest

from printkit.playtest.stats import (
    balance,
    chi_square_sf,
    distribution,
    gamma_q,
    histogram,
    paired_difference,
    quantile,
    wilson,
)


@pytest.mark.parametrize(("x", "df", "p"), [
    (3.841458820694124, 1, 0.05), (6.634896601021214, 1, 0.01), (5.991464547107979, 2, 0.05),
    (11.070497693516351, 5, 0.05), (0.5, 3, 0.9188914116546758), (2.0, 2, math.exp(-1.0)),
    (30.0, 10, 0.0008566412), (1e-9, 4, 1.0),
])
def test_chi_square_survival_matches_tables(x: float, df: int, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, rel=1e-6, abs=1e-12)


def test_gamma_q_both_branches_agree_with_closed_forms() -> None:
    # Q(1, x) = exp(-x); Q(1/2, x) = erfc(sqrt(x)).
    for x in (0.1, 0.9, 1.5, 4.0, 20.0):
        assert gamma_q(1.0, x) == pytest.approx(math.exp(-x), rel=1e-10)
        assert gamma_q(0.5, x) == pytest.approx(math.erfc(math.sqrt(x)), rel=1e-9)


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (50, 100, 0.4038315303659957, 0.5961684696340044),
    (0, 10, 0.0, 0.2775327998628892),
    (81, 263, 0.2553, 0.3662),
])
def test_wilson_interval(k: float, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got[0] == pytest.approx(low, abs=1e-4)
    assert got[1] == pytest.approx(high, abs=1e-4)


def test_balance_of_fair_and_unfair_seats() -> None:
    fair = balance([100.0, 100.0, 100.0], 300)
    assert fair["statistic"] == 0 and fair["p"] == pytest.approx(1.0)
    assert fair["fair_share"] == pytest.approx(1 / 3)
    unfair = balance([150.0, 100.0, 50.0], 300)
    assert unfair["statistic"] == pytest.approx(50.0) and unfair["df"] == 2
    assert unfair["p"] == pytest.approx(math.exp(-25.0))


def test_distribution_quantiles_and_histogram() -> None:
    d = distribution([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert (d["mean"], d["median"], d["min"], d["max"]) == (5.5, 5.5, 1, 10)
    assert d["p10"] == pytest.approx(1.9) and d["p90"] == pytest.approx(9.1)
    assert d["histogram"] == [[v, 1] for v in range(1, 11)]
    assert quantile([0, 10], 0.25) == 2.5
    wide = histogram(list(range(1000)))
    assert sum(c for _, c in wide) == 1000 and len(wide) <= 41


def test_paired_difference() -> None:
    diff, low, high = paired_difference([0, 0, 0, 0], [1, 1, 1, 1])
    assert (diff, low, high) == (1, 1, 1)
    diff, low, high = paired_difference([0, 1, 0, 1], [1, 1, 0, 0])
    assert diff == 0 and low < 0 < high
