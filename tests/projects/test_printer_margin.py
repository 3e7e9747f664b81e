"""A new project's deck, score sheet and track print nothing where printers cannot print.

A designer's components are laid out by the same code as printkit's own games; this
builds the project ``printkit new`` writes, on A4 and Letter, and measures every
document it makes (see :mod:`tests.printed`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.geometry import PRINTER_MARGIN_MM
from tests.printed import nearest_edge


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request: pytest.FixtureRequest, scaffolded: Path,
          tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp(f"margin-{request.param}") / scaffolded.name
    shutil.copytree(scaffolded, folder)
    out = folder / "output"
    assert main(["--project", str(folder), "build", "--locale", "en", "--paper",
                 request.param, "--no-previews", "--jobs", "1", "--quiet",
                 "--out", str(out)]) == 0
    return out, request.param


def test_a_new_projects_documents_keep_out_of_the_printer_margin(
        built: tuple[Path, str]) -> None:
    out, paper = built
    documents = sorted(p for p in out.glob("*/en/*.pdf")
                       if not p.name.startswith(("kit-", "print-")))
    assert any(p.name == f"cards-{paper}.pdf" for p in documents), documents
    near = []
    for path in documents:
        found = nearest_edge(path)
        if found is not None and found[0] < PRINTER_MARGIN_MM - 1e-3:
            near.append(f"{path.name} p. {found[1].page}: {found[1].kind} {found[0]:.2f} mm")
    assert not near, near
