"""The same input always gives byte-identical PDFs, across separate processes too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import GAME_ID


def _build(out: Path) -> dict[str, bytes]:
    subprocess.run([sys.executable, "-m", "printkit", "build", "--game", GAME_ID, "--locale",
                    "pl", "--quiet", "--out", str(out)], check=True)
    return {p.name: p.read_bytes() for p in sorted((out / GAME_ID / "pl").glob("*.pdf"))}


def test_two_builds_are_byte_identical(tmp_path: Path, built_kit: Path) -> None:
    first = _build(tmp_path / "a")
    second = _build(tmp_path / "b")
    # five documents, four ready-made variants, the guide, the whole kit, three print runs
    # and the duplex calibration sheet
    assert len(first) == 15
    assert {"guide-a4.pdf", "kit-a4.pdf", "print-duplex-a4.pdf"} <= set(first)
    assert first == second
    # ...and the in-process session build (every game, every locale, in workers) agrees.
    session = {p.name: p.read_bytes() for p in sorted((built_kit / GAME_ID / "pl").glob("*.pdf"))}
    assert session == first


def _build_with(out: Path, epoch: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    if epoch is not None:
        env["SOURCE_DATE_EPOCH"] = epoch
    return subprocess.run([sys.executable, "-m", "printkit", "build", "--game", GAME_ID,
                           "--locale", "en", "--quiet", "--out", str(out)], env=env,
                          capture_output=True, text=True)


@pytest.mark.full  # (a long build: not in the fast loop)
def test_source_date_epoch_dates_every_pdf_and_builds_stay_identical(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert _build_with(tmp_path / name, "1700000000").returncode == 0
    first = sorted((tmp_path / "a" / GAME_ID / "en").glob("*.pdf"))
    for path in first:
        assert path.read_bytes() == (tmp_path / "b" / GAME_ID / "en" / path.name).read_bytes()
        dates = PdfReader(path).metadata.get("/CreationDate")
        # 1700000000 is 2023-11-14 22:13:20 UTC; the combined kit and the print runs carry
        # no date at all.
        assert dates is None and path.name.startswith(("kit-", "print-")) or dates.startswith(
            "D:20231114221320"), (path.name, dates)
    assert _build_with(tmp_path / "c", None).returncode == 0
    plain = PdfReader(tmp_path / "c" / GAME_ID / "en" / "rulebook-a4.pdf")
    assert plain.metadata["/CreationDate"].startswith("D:20000101000000")


def test_a_malformed_source_date_epoch_is_one_line(tmp_path: Path) -> None:
    done = _build_with(tmp_path / "o", "yesterday")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].startswith("printkit: error: SOURCE_DATE_EPOCH")
    assert not (tmp_path / "o").exists()
