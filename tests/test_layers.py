"""printkit's modules import downward: no circular import between modules, the
foundation modules ARCHITECTURE.md lists first import nothing above them, and no module
imports one of a layer above its own (:data:`LAYERS`, the layers ARCHITECTURE.md draws).

Read from the source. The cycle check reads top-level imports (an import inside a
function runs later, when both modules are loaded); the layer check reads every import,
in a function too, but those only a type checker reads (``if TYPE_CHECKING:``)."""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "printkit"

#: Modules at the foundation, each with what it may import of printkit (below it).
FOUNDATION = {
    "printkit.errors": set(),
    "printkit.schema": {"printkit.errors"},
    "printkit.examples": {"printkit.errors", "printkit.schema"},
    "printkit.resources": set(),
    "printkit.kinds": {"printkit.resources"},
    "printkit.filestamps": set(),
    "printkit.folderlock": {"printkit.errors"},
    "printkit.pdfmerge": {"printkit.pdfmerge.reading", "printkit.pdfmerge.tokens"},
    "printkit.pdfmerge.reading": {"printkit.pdfmerge.tokens"},
    "printkit.pdfmerge.tokens": set(),
    "printkit.kit": {"printkit", "printkit.pdfmerge"},
    "printkit.output": {"printkit.errors", "printkit.filestamps", "printkit.folderlock"},
}


#: The layers, lowest first: each module's is the one with the longest prefix of its name.
#: A module may import its own layer's modules and those below, never above.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("printkit", "printkit.errors", "printkit.schema", "printkit.examples",
                    "printkit.resources", "printkit.kinds", "printkit.filestamps",
                    "printkit.folderlock", "printkit.pdfmerge", "printkit.kit",
                    "printkit.output", "printkit.layout.geometry")),
    ("language", ("printkit.i18n", "printkit.render.script", "printkit.render.fonts",
                  "printkit.render.kinsoku", "printkit.render.bidi", "printkit.render.rtl",
                  "printkit.render.charset", "printkit.render.internals")),
    ("drawing", ("printkit.render", "printkit.layout", "printkit.trace", "printkit.fit")),
    ("model", ("printkit.game", "printkit.components", "printkit.render.rulebook",
               "printkit.guide.kit", "printkit.variants", "printkit.runs")),
    ("games", ("printkit.games",)),
    ("kit", ("printkit.guide", "printkit.preview.raster")),
    ("outputs", ("printkit.html", "printkit.preview", "printkit.preflight")),
    ("tools", ("printkit.project", "printkit.scaffold", "printkit.i18n.extract",
               "printkit.i18n.catalogs", "printkit.i18n.pseudo", "printkit.i18n.coverage",
               "printkit.i18n.review", "printkit.i18n.glossary")),
    ("commands", ("printkit.commands", "printkit.serve", "printkit.cli", "printkit.__main__",
                  "printkit.fingerprint", "printkit.uptodate")),
)


def layer(module: str) -> int:
    """The index in :data:`LAYERS` of ``module``'s layer."""
    found = [(len(prefix), i) for i, (_name, prefixes) in enumerate(LAYERS)
             for prefix in prefixes if module == prefix or module.startswith(prefix + ".")]
    assert found, f"{module} is in no layer: add it to LAYERS and ARCHITECTURE.md"
    return max(found)[1]


@functools.cache
def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
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
    cycle = _cycle(_printkit_imports())
    assert cycle is None, " -> ".join(cycle or [])


def test_the_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


@pytest.mark.parametrize("module", sorted(FOUNDATION))
def test_a_foundation_module_imports_only_below_it(module: str) -> None:
    edges = _printkit_imports()
    assert set(edges.get(module, {})) <= FOUNDATION[module], sorted(edges.get(module, {}))


def test_no_module_imports_a_layer_above_its_own() -> None:
    """Not even inside a function: an import there is a dependency all the same."""
    modules = _modules()
    upward = [f"{modules[name].relative_to(ROOT.parent)}:{line}: {name} "
              f"({LAYERS[layer(name)][0]}) imports {target} ({LAYERS[layer(target)][0]})"
              for name, targets in sorted(_printkit_imports(everywhere=True).items())
              for target, line in sorted(targets.items()) if layer(target) > layer(name)]
    assert upward == []


def test_the_layer_check_finds_an_upward_import(tmp_path: Path) -> None:
    (tmp_path / "printkit" / "render").mkdir(parents=True)
    (tmp_path / "printkit" / "render" / "text.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from printkit import cli\n"
        "def f():\n    from printkit.game import Game\n")
    (tmp_path / "game.py").write_text("")
    (tmp_path / "cli.py").write_text("")
    modules = {"printkit.render.text": tmp_path / "printkit" / "render" / "text.py",
               "printkit.game": tmp_path / "game.py", "printkit.cli": tmp_path / "cli.py"}
    edges = _imports(modules, everywhere=True)
    assert edges["printkit.render.text"] == {"printkit.game": 5}  # (the type-only one: no)
    assert layer("printkit.game") > layer("printkit.render.text")
    assert layer("printkit.render.rulebook") == layer("printkit.game")  # the longest prefix
