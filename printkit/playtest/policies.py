"""Policies: how a simulated seat chooses among the legal actions.

A policy is given on the command line as ``NAME`` or ``NAME:param=value,param=value``; a
rules module's ``POLICIES`` maps names to factories taking the parameters as strings.
``random`` (a uniform random legal action) is always there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from printkit.errors import UsageError


class RandomPolicy:
    """Any legal action, each as likely."""

    def choose(self, state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
        return actions[rng.randrange(len(actions))]


def available(module: ModuleType) -> dict[str, Callable[..., Any]]:
    """The module's policies by name, ``random`` included."""
    listed: Mapping[str, Callable[..., Any]] = getattr(module, "POLICIES", {}) or {}
    return {**dict(listed), **({} if "random" in listed else {"random": RandomPolicy})}


def default(module: ModuleType) -> str:
    """The first policy the module lists other than random (random if it lists none)."""
    return next((name for name in available(module) if name != "random"), "random")


def parse(text: str) -> tuple[str, dict[str, str]]:
    """``push:p=0.3,x=1`` -> ("push", {"p": "0.3", "x": "1"})."""
    name, _, rest = text.partition(":")
    params: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--policy {text}: a parameter is key=value, not {item!r}")
        params[key.strip()] = value.strip()
    return name.strip(), params


def make(module: ModuleType, text: str) -> Any:
    """The policy object ``text`` names; one line naming the policies for an unknown one,
    or the parameter for a bad one."""
    name, params = parse(text)
    factories = available(module)
    if name not in factories:
        raise UsageError(f"unknown policy {name!r}; policies: {', '.join(factories)}")
    try:
        return factories[name](**params)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"--policy {text}: {exc}") from None


def chooser(policy: Any) -> Callable[[Any, Sequence[Any], random.Random], Any]:
    """The policy's ``choose`` method, or the policy itself when it is a plain callable."""
    return policy.choose if hasattr(policy, "choose") else policy
