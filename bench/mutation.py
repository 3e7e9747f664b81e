"""Mutation testing of the rules engines: does some test fail when a rule is wrong?

Run by hand, never in CI (a whole run takes minutes)::

    python3 bench/mutation.py                       # every engine module, every game
    python3 bench/mutation.py --game yeti-slalom     # one game
    python3 bench/mutation.py --module printkit/games/pick_a_polar_bear/solver.py
    python3 bench/mutation.py --budget 300           # stop a game after 300 s

Why not mutmut: mutmut 3 installs here, but it wants its settings in
``pyproject.toml``/``setup.cfg``, copies the tree into ``mutants/`` and first runs
the whole suite (which builds every PDF kit) to map tests to code. This script
is small and targeted instead: it mutates one module at a time with the ``ast``
module (comparison and arithmetic operators, ``and``/``or``, ``not``, ``min``/
``max``, whole-number and boolean constants), never writes a file of the working
tree (the mutant is compiled in memory and put in front of the import system
in a forked child), runs only that game's fast rules tests with a timeout, and
prints every mutant no test killed. After a module's full run (not one cut short
by ``--budget``) it also prints the rows of ``bench/equivalent_mutants.md`` for
that module that named no survivor: ``LISTED BUT KILLED``, rows to remove, or
``LISTED BUT TIMED OUT``, a mutant that hangs or only ran slowly on a busy
machine (run the tests against it again before removing the row).

Error-message text is not mutated (nothing inside an f-string or a ``raise``).
A survivor listed in ``bench/equivalent_mutants.md`` (same module, same source
line, same mutation; ``1 -> 2 #2`` when a line has several, as the survivor line
prints it) is reported as equivalent, not as a gap. Exit status: 1
when a survivor is not listed there, else 0.
"""

from __future__ import annotations

import argparse
import ast
import importlib.abc
import importlib.util
import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = ROOT / "bench" / "equivalent_mutants.md"

#: The engine modules of each game and its fast rules tests (no document builds).
GAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "coraz-blizej-swieta": (
        ("rules.py",),
        ("test_rules.py", "test_properties.py", "test_examples.py", "test_wigilia_misadd.py",
         "test_boundaries.py"),
    ),
    "polar-derby": (
        ("rules.py", "takes.py", "state.py"),
        ("test_rules.py", "test_properties.py", "test_examples.py", "test_boundaries.py"),
    ),
    "pick-a-polar-bear": (
        ("rules.py", "solver.py"),
        ("test_rules.py", "test_properties.py", "test_examples.py", "test_bonus_rulings.py",
         "test_solver.py", "test_boundaries.py"),
    ),
    "yeti-slalom": (
        ("rules.py", "actions.py", "course.py", "state.py"),
        ("test_rules.py", "test_properties.py", "test_examples.py", "test_boundaries.py"),
    ),
}

COMPARE_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
BINOP_SWAPS: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv, ast.LShift: ast.RShift,
}
SYMBOLS = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+",
    ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%", ast.LShift: "<<",
    ast.RShift: ">>", ast.And: "and", ast.Or: "or",
}


@dataclass(frozen=True)
class Mutant:
    """One change to one module: the ``index``-th mutable place, as the walk finds it."""

    module: str        # path relative to ROOT
    index: int
    line: int
    source_line: str   # the line as written, stripped: the stable name of the place
    change: str        # "<= -> <", "7 -> 8", "and -> or"…
    #: 1 for the first mutant with this source line and change, 2 for the second…: a
    #: line such as ``1 << (k - 1) if i == (1 << k) - 1`` has several ``1 -> 2``.
    occurrence: int = 1
    of: int = 1        # how many mutants share this source line and change
    column: int = 0

    def key(self) -> tuple[str, str, str]:
        return (self.module, self.source_line, self.change)

    def named(self) -> str:
        """The change as bench/equivalent_mutants.md names it: ``1 -> 2 #3`` when shared."""
        return f"{self.change} #{self.occurrence}" if self.of > 1 else self.change


# --- finding and making mutants ----------------------------------------------------------

def _skipped(tree: ast.AST) -> set[int]:
    """ids of nodes not to mutate: messages (f-strings, raise), annotations, decorators,
    dataclass ``field()`` options, ``__all__`` and the ``assert``s that only guard types."""
    skip: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.JoinedStr, ast.Raise, ast.Assert)):
            mark(node)
        elif isinstance(node, ast.AnnAssign):
            mark(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for decorator in node.decorator_list:  # @dataclass(frozen=True): no rule
                mark(decorator)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            mark(node.returns)
            for arg in (*node.args.args, *node.args.kwonlyargs, *node.args.posonlyargs):
                mark(arg.annotation)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "field"):
            mark(node)  # dataclass field options (hash=, repr=…): no rule
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            mark(node)
    return skip


def _places(tree: ast.AST) -> Iterator[tuple[ast.AST, str, object]]:
    """(node, change description, how to change it) for every mutable place, in walk order."""
    skip = _skipped(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                new = COMPARE_SWAPS.get(type(op))
                if new:
                    yield node, f"{SYMBOLS[type(op)]} -> {SYMBOLS[new]}", ("cmp", i, new)
        elif isinstance(node, (ast.BinOp, ast.AugAssign)):
            new = BINOP_SWAPS.get(type(node.op))
            if new:
                yield node, f"{SYMBOLS[type(node.op)]} -> {SYMBOLS[new]}", ("op", new)
        elif isinstance(node, ast.BoolOp):
            new = ast.Or if isinstance(node.op, ast.And) else ast.And
            yield node, f"{SYMBOLS[type(node.op)]} -> {SYMBOLS[new]}", ("op", new)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "not x -> x", ("unnot",)
        elif isinstance(node, ast.Name) and node.id in ("min", "max"):
            other = "max" if node.id == "min" else "min"
            yield node, f"{node.id} -> {other}", ("name", other)
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            yield node, f"{node.value} -> {not node.value}", ("const", not node.value)
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield node, f"{node.value} -> {node.value + 1}", ("const", node.value + 1)


def _apply(node: ast.AST, how: tuple) -> None:
    kind = how[0]
    if kind == "cmp":
        node.ops[how[1]] = how[2]()  # type: ignore[attr-defined]
    elif kind == "op":
        node.op = how[1]()  # type: ignore[attr-defined]
    elif kind == "unnot":
        # ``not x`` -> ``x``: turn the UnaryOp into a double negation's inner value.
        node.op = ast.UAdd()  # type: ignore[attr-defined]
        node.operand = ast.Call(ast.Name("bool", ast.Load()), [node.operand], [])  # type: ignore[attr-defined]
    elif kind == "name":
        node.id = how[1]  # type: ignore[attr-defined]
    elif kind == "const":
        node.value = how[1]  # type: ignore[attr-defined]


def mutants(module: str) -> list[Mutant]:
    source = (ROOT / module).read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    found = [Mutant(module, i, node.lineno, lines[node.lineno - 1].strip(), change,  # type: ignore[attr-defined]
                    column=node.col_offset)  # type: ignore[attr-defined]
             for i, (node, change, _) in enumerate(_places(tree))]
    # Number the mutants that share a source line and a change, left to right (then
    # outer before inner), so that one of them can be listed as equivalent without
    # hiding the others.
    seen: dict[tuple[str, str, str], list[Mutant]] = {}
    for m in sorted(found, key=lambda m: (m.line, m.column, m.index)):
        seen.setdefault(m.key(), []).append(m)
    numbered = {m.index: (n, len(group)) for group in seen.values()
                for n, m in enumerate(group, 1)}
    return [replace(m, occurrence=numbered[m.index][0], of=numbered[m.index][1])
            for m in found]


def mutated_code(mutant: Mutant):  # type: ignore[no-untyped-def]
    path = ROOT / mutant.module
    tree = ast.parse(path.read_text(encoding="utf-8"))
    node, _, how = list(_places(tree))[mutant.index]
    _apply(node, how)  # type: ignore[arg-type]
    ast.fix_missing_locations(tree)
    return compile(tree, str(path), "exec")


# --- running the tests against one mutant ---------------------------------------------------

class _MutantFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves the mutated code for one module name; its file stays where it was."""

    def __init__(self, name: str, path: Path, code) -> None:  # type: ignore[no-untyped-def]
        self.name, self.path, self.code = name, path, code

    def find_spec(self, fullname, path, target=None):  # type: ignore[no-untyped-def]
        if fullname != self.name:
            return None
        return importlib.util.spec_from_file_location(fullname, self.path, loader=self)

    def create_module(self, spec):  # type: ignore[no-untyped-def]
        return None

    def exec_module(self, module) -> None:  # type: ignore[no-untyped-def]
        exec(self.code, module.__dict__)


def _module_name(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".")


def run_tests(tests: list[str], mutant: Mutant | None, timeout: float) -> str:
    """'killed', 'survived' or 'timeout' (a hang counts as killed); run in a forked child
    so the heavy imports of this process are shared and nothing leaks between mutants."""
    pid = os.fork()
    if pid == 0:  # the child: install the mutant, run pytest, report by exit code
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            if mutant is not None:
                code = mutated_code(mutant)
                sys.meta_path.insert(0, _MutantFinder(_module_name(mutant.module),
                                                      ROOT / mutant.module, code))
            import pytest

            status = pytest.main([*tests, "-x", "-q", "-p", "no:cacheprovider",
                                  "-o", "addopts=", "--rootdir", str(ROOT)])
            os._exit(int(status))
        except BaseException:  # noqa: BLE001 - a mutant that breaks the import is killed
            os._exit(3)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            return "survived" if code == 0 else "killed"
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.02)


def equivalent_keys() -> set[tuple[str, str, str]]:
    """The survivors ``bench/equivalent_mutants.md`` explains: rows
    ``| module | `source line` | `change` | reason |``. A change ending in ``#n`` names
    only the n-th mutant of that line with that change (see :meth:`Mutant.named`); one
    without a number names every mutant of that line with that change."""
    keys = set()
    if EQUIVALENT_FILE.exists():
        for row in EQUIVALENT_FILE.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\|\s*(\S+\.py)\s*\|\s*`(.+?)`\s*\|\s*`(.+?)`\s*\|", row)
            if m:
                keys.add((m.group(1), m.group(2), m.group(3)))
    return keys


def is_listed(mutant: Mutant, known: set[tuple[str, str, str]]) -> bool:
    return ((mutant.module, mutant.source_line, mutant.named()) in known
            or mutant.key() in known)


def _preload() -> None:
    """Import the heavy libraries once, in the parent; never the game modules."""
    import babel  # noqa: F401
    import hypothesis  # noqa: F401
    import jinja2  # noqa: F401
    import pytest  # noqa: F401
    import reportlab.pdfgen.canvas  # noqa: F401

    assert not any(name.startswith("printkit.games.") for name in sys.modules)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--module", action="append",
                        help="one engine module, e.g. printkit/games/yeti_slalom/rules.py")
    parser.add_argument("--budget", type=float, default=900.0,
                        help="seconds per game before the rest of its mutants are skipped")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    os.environ.setdefault("PRINTKIT_HYPOTHESIS_PROFILE", "ci")
    _preload()
    known = equivalent_keys()
    gaps = 0
    for game, (modules, test_files) in GAMES.items():
        if args.game and game not in args.game:
            continue
        folder = game.replace("-", "_")
        paths = [f"printkit/games/{folder}/{m}" for m in modules]
        if args.module:
            paths = [p for p in paths if p in args.module]
        if not paths:
            continue
        tests = [str(p) for t in test_files if (p := ROOT / "tests/games" / folder / t).exists()]
        start = time.monotonic()
        if run_tests(tests, None, 600) != "survived":
            print(f"{game}: the tests fail without any mutant; fix them first")
            return 2
        baseline = time.monotonic() - start
        timeout = max(10.0, 4 * baseline)
        print(f"{game}: tests take {baseline:.1f} s; timeout {timeout:.0f} s per mutant",
              flush=True)
        for path in paths:
            found = mutants(path)
            counts = {"killed": 0, "timeout": 0, "survived": 0, "equivalent": 0}
            used: set[tuple[str, str, str]] = set()  # the rows that named a survivor
            timed: set[tuple[str, str, str]] = set()  # ... or a mutant that timed out
            for mutant in found:
                if time.monotonic() - start > args.budget:
                    print(f"  {path}: budget spent; "
                          f"{len(found) - sum(counts.values())} mutants not run")
                    break
                result = run_tests(tests, mutant, timeout)
                rows = {k for k in ((mutant.module, mutant.source_line, mutant.named()),
                                    mutant.key()) if k in known}
                if result == "survived" and rows:
                    result = "equivalent"
                    used |= rows
                elif result == "timeout":
                    timed |= rows
                counts[result] += 1
                if result == "survived":
                    gaps += 1
                    print(f"  SURVIVED {path}:{mutant.line} {mutant.named()}: "
                          f"{mutant.source_line}", flush=True)
            print(f"  {path}: {len(found)} mutants; " +
                  ", ".join(f"{k} {v}" for k, v in counts.items()), flush=True)
            if sum(counts.values()) == len(found):  # a whole run: rows naming no survivor
                for key in sorted(k for k in known - used if k[0] == path):
                    # A timeout is a hang or a busy machine: run that mutant again.
                    what = "TIMED OUT" if key in timed else "KILLED"
                    print(f"  LISTED BUT {what} {path}: `{key[1]}` `{key[2]}`", flush=True)
    print(f"{gaps} surviving mutants not listed in {EQUIVALENT_FILE.relative_to(ROOT)}")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
