"""The version ranges pyproject.toml declares are ranges the tests have passed on: each has
an upper bound (the newest version tested), ReportLab's is the range printkit's
reliances on its internals were checked with, and CI's lowest-versions job installs
exactly the lower bounds (.ci/lowest.txt)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from printkit.language import internals

ROOT = Path(__file__).resolve().parent.parent
LOWEST = ROOT / ".ci" / "lowest.txt"

#: A version, as numbers to compare: "10" and "10.0.0" are the same.
Version = tuple[int, ...]


def _version(text: str) -> Version:
    parts = [int(part) for part in text.split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _name(text: str) -> str:
    """A distribution's name as pip compares them (``rl_accel`` is ``rl-accel``)."""
    return re.sub(r"[-_.]+", "-", text).lower()


@dataclass(frozen=True)
class Requirement:
    """One line of pyproject.toml's requirements: ``name>=low,<high; marker``."""

    text: str

    @property
    def name(self) -> str:
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9_.\-]*)", self.text)
        assert match, self.text
        return _name(match[1])

    @property
    def specifier(self) -> str:
        """The version specifiers, without the name and the environment marker."""
        return self.text.split(";", 1)[0].strip()[len(self.name):].replace(" ", "")

    def bound(self, operator: str) -> Version | None:
        versions = [_version(spec[len(operator):]) for spec in self.specifier.split(",")
                    if re.fullmatch(rf"{re.escape(operator)}[0-9.]+", spec)]
        assert len(versions) <= 1, f"{self.text}: more than one {operator} bound"
        return versions[0] if versions else None

    def __str__(self) -> str:
        return self.text


@cache
def _declared() -> dict[str, list[Requirement]]:
    """Every requirement of pyproject.toml by where it is: the build's, printkit's own and
    each extra's."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found = {"build-system": project["build-system"]["requires"],
             "dependencies": project["project"]["dependencies"]}
    for extra, requires in project["project"]["optional-dependencies"].items():
        found[f"[{extra}]"] = requires
    return {where: [Requirement(line) for line in lines] for where, lines in found.items()}


def _all() -> list[tuple[str, Requirement]]:
    return [(where, req) for where, reqs in _declared().items() for req in reqs]


def test_every_dependency_has_a_lower_and_an_upper_bound() -> None:
    unbounded = [f"{where}: {req}" for where, req in _all()
                 if req.bound(">=") is None or req.bound("<") is None]
    assert not unbounded, ("every range is a tested one: give each its lowest version "
                           "(>=) and the newest tested, its patch releases admitted "
                           "(<NEXT):\n" + "\n".join(unbounded))


def test_a_dependency_named_twice_has_one_range() -> None:
    ranges: dict[str, set[str]] = {}
    for _where, req in _all():
        ranges.setdefault(req.name, set()).add(req.specifier)
    assert {name: r for name, r in ranges.items() if len(r) > 1} == {}


def test_reportlab_s_range_is_the_one_its_internals_were_checked_with() -> None:
    [req] = [req for req in _declared()["dependencies"] if req.name == "reportlab"]
    low, high = internals.CHECKED
    checked = tuple(_version(".".join(map(str, end))) for end in (low, high))
    assert (req.bound(">="), req.bound("<")) == checked, (
        f"pyproject.toml asks for {req}, printkit/language/internals.py's CHECKED is "
        f"{internals.CHECKED}: change them together")
    assert req.specifier == Requirement(internals.requirement()).specifier


@cache
def _pinned() -> dict[str, str]:
    pins = {}
    for line in LOWEST.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            match = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([^\s;]+)", line)
            assert match, f".ci/lowest.txt: {line!r} is not NAME==VERSION"
            pins[_name(match[1])] = match[2]
    return pins


def _lowest_job_extras() -> set[str]:
    """The extras CI's second job installs at their lowest versions, as .ci/run says
    (``-c .ci/lowest.txt … -e ".[test]"``): an extra only the first job installs (the
    documentation site's) has no lowest versions pinned."""
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line for line in run.splitlines() if "-c .ci/lowest.txt" in line]
    assert lines, ".ci/run installs nothing with .ci/lowest.txt"
    return {f"[{extra}]" for line in lines for group in re.findall(r"\.\[([a-z,]+)\]", line)
            for extra in group.split(",")}


@pytest.mark.skipif(not LOWEST.is_file(), reason="no .ci/lowest.txt (an sdist has no CI)")
def test_the_lowest_versions_file_pins_every_lower_bound() -> None:
    pins = _pinned()
    wrong = []
    extras = _lowest_job_extras()
    assert "[test]" in extras
    for where, req in _all():
        if where.startswith("[") and where not in extras:
            continue
        lowest = req.bound(">=")
        pinned = pins.get(req.name)
        if pinned is None or _version(pinned) != lowest:
            wrong.append(f"{req.name}: pyproject.toml {where} says {req.specifier}, "
                         f".ci/lowest.txt pins {pinned}")
    assert not wrong, ("make .ci/lowest.txt again (the command is at its top):\n"
                       + "\n".join(wrong))
