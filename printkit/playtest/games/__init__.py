"""Each built-in game's rules engine behind the playtest protocol: one module per game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


def settings(given: Mapping[str, str], known: Mapping[str, tuple[str, str]]) -> dict[str, str]:
    """``given`` over the defaults of ``known``; ValueError naming an unknown key."""
    for key in given:
        if key not in known:
            raise ValueError(f"unknown rule {key!r}; rules: {', '.join(known)}")
    return {key: given.get(key, default) for key, (default, _help) in known.items()}


def flag(values: Mapping[str, str], key: str) -> bool:
    """A yes/no rule setting; ValueError naming the key for anything else."""
    value = values[key].strip().lower()
    if value not in TRUE + FALSE:
        raise ValueError(f"rule {key}={values[key]}: give true or false")
    return value in TRUE


def number(params: Mapping[str, str], key: str, kind: type, low: float, high: float) -> float:
    """A policy parameter in low..high; ValueError naming it for anything else."""
    try:
        value = kind(params[key])
    except (KeyError, ValueError):
        raise ValueError(f"parameter {key} needs a {kind.__name__}, not "
                         f"{params.get(key)!r}") from None
    if not low <= value <= high:
        raise ValueError(f"parameter {key}={params[key]} is outside {low:g}..{high:g}")
    return value


def only(params: Mapping[str, str], known: tuple[str, ...]) -> None:
    for key in params:
        if key not in known:
            raise ValueError(f"unknown parameter {key!r}; parameters: {', '.join(known)}")


def yes_no(key: str, text: str) -> bool:
    """A yes/no rule setting as typed; ValueError naming the key for anything else."""
    value = text.strip().lower()
    if value in TRUE + FALSE:
        return value in TRUE
    raise ValueError(f"rule {key}: {text!r} is not true or false")


def whole(key: str, text: str, low: int, high: int) -> int:
    """A whole-number rule setting in low..high; ValueError naming the key otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"rule {key}: {text!r} is not a whole number") from None
    if not low <= value <= high:
        raise ValueError(f"rule {key}: {value} is not in {low}-{high}")
    return value


def takes_only(policy: str, given: Mapping[str, str], known: Sequence[str] = ()) -> None:
    """ValueError for a parameter ``policy`` does not take."""
    for key in given:
        if key not in known:
            takes = f"parameters: {', '.join(known)}" if known else "no parameters"
            raise ValueError(f"policy {policy}: no parameter {key!r}; {takes}")
