"""printkit's modules import downward: no circular import between modules, and the
foundation modules ARCHITECTURE.md lists first import nothing above them.

Read from the source (top-level imports only: an import inside a function runs later,
when both modules are loaded)."""

from __future__ import annotations

import ast
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


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the printkit modules its top-level statements import."""
    edges: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
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
                    edges[name].add(target)
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
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
    cycle = _cycle(_imports(_modules()))
    assert cycle is None, " -> ".join(cycle or [])


def test_the_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


@pytest.mark.parametrize("module", sorted(FOUNDATION))
def test_a_foundation_module_imports_only_below_it(module: str) -> None:
    edges = _imports(_modules())
    assert edges.get(module, set()) <= FOUNDATION[module], sorted(edges.get(module, set()))
