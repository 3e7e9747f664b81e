"""Plausible playtest summaries (the shape the lab writes as summary.json), for the report's
tests: made from a few numbers, so a test can change one and see it in the report."""

from __future__ import annotations

from typing import Any


def _distribution(values: dict[int, int]) -> dict[str, Any]:
    ordered = sorted(values)
    total = sum(values.values())
    mean = sum(v * c for v, c in values.items()) / total

    def quantile(share: float) -> float:
        seen = 0
        for value in ordered:
            seen += values[value]
            if seen >= share * total:
                return float(value)
        return float(ordered[-1])

    return {"mean": round(mean, 3), "median": quantile(0.5), "p10": quantile(0.1),
            "p90": quantile(0.9), "min": ordered[0], "max": ordered[-1],
            "histogram": [[value, values[value]] for value in ordered]}


def _run(games: int, rates: list[float], tie_rate: float, busts: float,
         rules: dict[str, str]) -> dict[str, Any]:
    players = len(rates)
    seats = []
    for seat, rate in enumerate(rates, start=1):
        half = 1.96 * (rate * (1 - rate) / games) ** 0.5
        seats.append({"seat": seat, "policy": ("bold", "cautious", "random")[(seat - 1) % 3],
                      "wins": round(rate * games, 1), "win_rate": rate,
                      "low": round(rate - half, 4), "high": round(rate + half, 4)})
    turns = {t: max(1, int(games * 0.2 * (1 - abs(t - 18) / 12))) for t in range(8, 31)}
    margins = {m: max(1, int(games * 0.15 / (m + 1))) for m in range(0, 15)}
    ties = round(tie_rate * games)
    return {
        "game": "polar-derby", "players": players, "games": games, "seed": 1,
        "policies": [s["policy"] for s in seats], "rules": rules, "minutes_per_turn": 1.5,
        "seats": seats,
        "balance": {"statistic": 12.3, "df": players - 1, "p": 0.0004,
                    "fair_share": round(1 / players, 4)},
        "length": {"turns": _distribution(turns), "rounds": None,
                   "minutes": _distribution({round(t * 1.5): c for t, c in turns.items()})},
        "scores": {"seats": [{"seat": s["seat"], **_distribution(
            {v: 10 + abs(v - 20 - s["seat"]) for v in range(5, 40)})} for s in seats],
            "margin": _distribution(margins)},
        "ties": {"games": ties, "rate": tie_rate, "low": tie_rate * 0.8,
                 "high": tie_rate * 1.2},
        "events": [{"name": "bust", "total": int(busts * games), "per_game": busts,
                    "games_with": int(games * 0.97), "rate": 0.97},
                   {"name": "free-skate", "total": int(0.4 * games), "per_game": 0.4,
                    "games_with": int(games * 0.33), "rate": 0.33}],
        "comparison": None,
    }


def summary(comparison: bool = False, rates: tuple[float, ...] = (0.412, 0.318, 0.27),
            p: float = 0.0004) -> dict[str, Any]:
    """A run of 10,000 games of Polar Derby at len(rates) players; with ``comparison``, a
    run B with the rule ``variant=no-risk`` against it."""
    a = _run(10000, list(rates), 0.012, 5.12, {"target": "12"})
    a["balance"]["p"] = p
    if comparison:
        b = _run(10000, [0.35, 0.33, 0.32], 0.02, 3.4, {"target": "12", "variant": "no-risk"})
        differences = []
        for seat_a, seat_b in zip(a["seats"], b["seats"], strict=True):
            diff = seat_b["win_rate"] - seat_a["win_rate"]
            differences.append({"measure": f"seat {seat_a['seat']} win rate",
                                "a": seat_a["win_rate"], "b": seat_b["win_rate"],
                                "difference": round(diff, 4), "low": round(diff - 0.013, 4),
                                "high": round(diff + 0.013, 4)})
        differences += [
            {"measure": "mean turns", "a": 18.0, "b": 18.4, "difference": 0.4, "low": -0.1,
             "high": 0.9},
            {"measure": "tie rate", "a": 0.012, "b": 0.02, "difference": 0.008,
             "low": 0.004, "high": 0.012},
            {"measure": "bust per game", "a": 5.12, "b": 3.4, "difference": -1.72,
             "low": -1.9, "high": -1.5}]
        a["comparison"] = {"rules": b["rules"], "b": b, "differences": differences}
    return a
