"""printkit's modules import downward: no circular import between modules, the
foundation modules import nothing above them, and no module imports one of a layer above
its own. The layers are the folders: a module's layer is the package it is in
(:data:`printkit.LAYERS`, lowest first; ARCHITECTURE.md draws them).

Read from the source, each module parsed once: every import counts, in a function too,
but those only a type checker reads (``if TYPE_CHECKING:``)."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import printkit

ROOT = Path(__file__).resolve().parent.parent / "printkit"

#: Modules at the foundation, each with what it may import of printkit (below it).
FOUNDATION = {
    "printkit.errors": set(),
    "printkit.schema": {"printkit.errors"},
    "printkit.examples": {"printkit.errors", "printkit.schema"},
    "printkit.resources": set(),
    "printkit.projectfiles": {"printkit.resources"},
    "printkit.kinds": {"printkit.resources"},
    "printkit.filestamps": set(),
    "printkit.caches": set(),
    "printkit.folderlock": {"printkit.errors"},
    "printkit.geometry": {"printkit.errors"},
    "printkit.pdfmerge": {"printkit.pdfmerge.reading", "printkit.pdfmerge.tokens"},
    "printkit.pdfmerge.reading": {"printkit.pdfmerge.tokens"},
    "printkit.pdfmerge.tokens": set(),
    "printkit.pdfmerge.bind": {"printkit", "printkit.pdfmerge"},
    "printkit.output": {"printkit.errors", "printkit.filestamps", "printkit.folderlock"},
}

#: The layers, lowest first: the foundation, then printkit's layer packages in order.
LAYERS: tuple[str, ...] = ("foundation", *printkit.LAYERS)

#: The command line (``printkit.cli`` and its modules) and ``python -m printkit``: at the
#: top level beside the foundation, atop it all.
ENTRY_POINTS = {"printkit.cli", "printkit.__main__"}


def layer(module: str) -> int:
    """The index in :data:`LAYERS` of ``module``'s layer: the package it is in (a module
    outside the layer packages is the foundation)."""
    if module in ENTRY_POINTS or module.startswith("printkit.cli."):
        return LAYERS.index("commands")
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else 0


#: The files `printkit new` copies into a game project (its rules.py, its tests).
STARTERS = ROOT / "tools" / "scaffold" / "starters"


@functools.cache
def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        if STARTERS in path.parents:  # a game project's files, copied out: not printkit's
            continue
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


@functools.cache
def _parsed(path: Path) -> ast.Module:
    """The syntax tree of the module at ``path``: each module is read once in a test run."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def _printkit_imports(everywhere: bool = False) -> dict[str, dict[str, int]]:
    """:func:`_imports` of printkit's own modules (read once in a test run)."""
    return _imports(_modules(), everywhere)


def _type_only(tree: ast.Module) -> set[ast.AST]:
    """The import statements under ``if TYPE_CHECKING:``."""
    return {node for block in ast.walk(tree) if isinstance(block, ast.If)
            and "TYPE_CHECKING" in ast.unparse(block.test) for stmt in block.body
            for node in ast.walk(stmt)}


def _imports(modules: dict[str, Path], everywhere: bool = False
             ) -> dict[str, dict[str, int]]:
    """Module -> the printkit modules its top-level statements import (``everywhere``: its
    every import that runs), each with the line of one such import."""
    edges: dict[str, dict[str, int]] = defaultdict(dict)
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = _parsed(path)
        skipped = _type_only(tree) if everywhere else set()
        for node in (ast.walk(tree) if everywhere else tree.body):
            if node in skipped:
                continue
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                targets = [f"{base}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            for target in targets:
                while target not in modules and "." in target:
                    target = target.rpartition(".")[0]
                if target in modules and target != name:
                    edges[name].setdefault(target, node.lineno)
    return edges


def _cycle(edges: dict[str, dict[str, int]] | dict[str, set[str]]) -> list[str] | None:
    """One import cycle, if there is any."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_module_imports_itself_back() -> None:
    """Not even inside a function: a cycle there is a knot all the same."""
    cycle = _cycle(_printkit_imports(everywhere=True))
    assert cycle is None, " -> ".join(cycle or [])


def test_the_folders_are_the_layers() -> None:
    """Every package directly in printkit is a layer (or the foundation's PDF merger), and
    every module at the top level is a declared foundation module or an entry point."""
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")}
    assert packages == {*printkit.LAYERS, "pdfmerge", "cli"}
    top = {f"printkit.{path.stem}" for path in ROOT.glob("*.py") if path.stem != "__init__"}
    declared = {m for m in FOUNDATION if m.count(".") == 1} - {"printkit.pdfmerge"}
    assert top == declared | ENTRY_POINTS - {"printkit.cli"}


def test_marking_a_msgid_loads_no_reportlab() -> None:
    """N_ is imported by nearly every module: the translations module it lives in loads
    neither ReportLab nor any module of a layer above the language."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, printkit.language.translations; "
         "print(' '.join(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True).stdout.split()
    assert not [m for m in loaded if m.split(".")[0] == "reportlab"]
    assert not [m for m in loaded if m.startswith("printkit.") and layer(m) > 1]


def _in_cli(module: str) -> bool:
    return module == "printkit.cli" or module.startswith("printkit.cli.")


def test_no_module_imports_the_command_line_back() -> None:
    """The command line sits on top of the commands: nothing but ``python -m printkit``
    imports it, not even inside a function, and its own modules import each other one
    way (the cycle check above reads top-level imports only)."""
    modules = _modules()
    edges = _printkit_imports(everywhere=True)
    back = [f"{modules[name].relative_to(ROOT.parent)}:{line}: {name} imports {target}"
            for name, targets in sorted(edges.items()) for target, line in sorted(targets.items())
            if _in_cli(target) and not _in_cli(name) and name != "printkit.__main__"]
    assert back == []
    cycle = _cycle({name: {t for t in targets if _in_cli(t)}
                    for name, targets in edges.items() if _in_cli(name)})
    assert cycle is None, " -> ".join(cycle or [])


def test_the_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


@pytest.mark.parametrize("module", sorted(FOUNDATION))
def test_a_foundation_module_imports_only_below_it(module: str) -> None:
    edges = _printkit_imports(everywhere=True)
    assert set(edges.get(module, {})) <= FOUNDATION[module], sorted(edges.get(module, {}))


def test_no_module_imports_a_layer_above_its_own() -> None:
    """Not even inside a function: an import there is a dependency all the same."""
    modules = _modules()
    upward = [f"{modules[name].relative_to(ROOT.parent)}:{line}: {name} "
              f"({LAYERS[layer(name)]}) imports {target} ({LAYERS[layer(target)]})"
              for name, targets in sorted(_printkit_imports(everywhere=True).items())
              for target, line in sorted(targets.items()) if layer(target) > layer(name)]
    assert upward == []


def test_the_layer_check_finds_an_upward_import(tmp_path: Path) -> None:
    (tmp_path / "printkit" / "render").mkdir(parents=True)
    (tmp_path / "printkit" / "render" / "text.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from printkit import cli\n"
        "def f():\n    from printkit.model.game import Game\n")
    (tmp_path / "game.py").write_text("")
    (tmp_path / "cli.py").write_text("")
    modules = {"printkit.drawing.text": tmp_path / "printkit" / "render" / "text.py",
               "printkit.model.game": tmp_path / "game.py", "printkit.cli": tmp_path / "cli.py"}
    edges = _imports(modules, everywhere=True)
    assert edges["printkit.drawing.text"] == {"printkit.model.game": 5}  # (the type-only one: no)
    assert layer("printkit.model.game") > layer("printkit.drawing.text")
    assert layer("printkit.model.rulebook") == layer("printkit.model.game")  # the longest prefix
