"""Units a reader can hold: no function of printkit's is longer than 60 lines of code.

A function's docstring is its reader's help, not its length: the lines counted run from
its first statement after the docstring to its last line (nested functions count in
their parent, as a reader reads them there)."""

from __future__ import annotations

import ast
from pathlib import Path

import printkit

#: The longest function body allowed, in lines.
MOST_LINES = 60


def _body_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    body = function.body
    first = body[0]
    documented = (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                  and isinstance(first.value.value, str))
    if documented and len(body) > 1:
        first = body[1]
    assert function.end_lineno is not None
    return function.end_lineno - first.lineno + 1


def _long_functions(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = _body_lines(node)
                if lines > MOST_LINES:
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno} "
                                 f"{node.name} ({lines} lines)")
    return found


def test_no_function_is_longer_than_sixty_lines() -> None:
    assert _long_functions(Path(printkit.__file__).parent) == []


def test_a_long_function_is_found(tmp_path: Path) -> None:
    package = tmp_path / "package"
    package.mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(MOST_LINES + 1))
    (package / "long.py").write_text(f'def long():\n    """Help."""\n{body}\n', "utf-8")
    (package / "short.py").write_text(
        'def short():\n    """Help\n\n    on\n    many\n    lines."""\n    return 1\n', "utf-8")
    assert _long_functions(package) == ["package/long.py:1 long (61 lines)"]
