"""The preflight as users meet it: inside every build (a warning per finding, an error
with --strict, ``preflight.html`` linked from the kit page) and as ``printkit
preflight PATH…`` on finished files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.commands.build import BuildOptions, build
from printkit.errors import BuildError
from printkit.outputs import preflight
from printkit.outputs.preflight.findings import PREFIX, REPORT_NAME, Finding, Target
from printkit.outputs.preflight.reading import Page
from tests.outputs.preflight.test_checks import page, text

GAME, LOCALE = "polar-derby", "pl"


def _every_score_sheet(page: Page, target: Target) -> list[Finding]:
    """A check that finds fault with the first line of every score sheet's first page."""
    if target.kind != "sheet" or page.number != 1 or not page.lines:
        return []
    line = page.lines[0]
    return [Finding("seeded", target.document, 1, f"seeded: {line.text!r}", line.box)]


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(preflight, "checks", lambda: [_every_score_sheet])


def _options(out: Path, **kw: object) -> BuildOptions:
    return BuildOptions(games=[GAME], locales=[LOCALE], out=out, jobs=1, **kw)  # type: ignore[arg-type]


def test_a_finding_is_a_warning_naming_document_page_and_text(seeded: None,
                                                               tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = build(_options(out, previews=True))
    lines = [w for w in result.warnings if w.startswith(PREFIX)]
    assert len(lines) == 1, result.warnings
    assert lines[0].startswith(f"{PREFIX}{GAME}/{LOCALE}/score-sheet-a4.pdf p. 1: "
                               f"seeded: seeded: '"), lines
    report = (out / REPORT_NAME).read_text(encoding="utf-8")
    assert "score-sheet-a4.pdf" in report and report.count('src="data:image/png;base64,') == 1
    assert 'href="preflight.html"' in (out / "index.html").read_text(encoding="utf-8")
    # kept documents keep their findings: a rebuild with nothing changed still says them
    again = build(_options(out, previews=True))
    assert again.rendered == 0
    assert [w for w in again.warnings if w.startswith(PREFIX)] == lines


def test_strict_makes_findings_errors_and_writes_nothing(seeded: None, tmp_path: Path) -> None:
    out = tmp_path / "out"
    with pytest.raises(BuildError) as failed:
        build(_options(out, strict=True, previews=False))
    assert failed.value.exit_code == 1
    assert any(re.match(rf"preflight: {GAME}/{LOCALE}/score-sheet-a4\.pdf p\. 1: seeded", line)
               for line in failed.value.lines()), failed.value.lines()
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_the_report_says_when_nothing_is_left(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    out = tmp_path / "out"
    monkeypatch.setattr(preflight, "checks", lambda: [_every_score_sheet])
    build(_options(out, previews=False))
    monkeypatch.setattr(preflight, "checks", lambda: [])
    build(_options(out, previews=False, force=True))
    assert "No findings" in (out / REPORT_NAME).read_text(encoding="utf-8")
    assert "preflight.html" not in (out / "index.html").read_text(encoding="utf-8")


def _folder(tmp_path: Path, pdf: bytes) -> Path:
    folder = tmp_path / "output" / "pick-a-polar-bear" / "de"
    folder.mkdir(parents=True)
    (folder / "special-cards-a4.pdf").write_bytes(pdf)
    return tmp_path / "output"


def test_the_command_reports_and_fails_on_findings(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    bad = page(lambda c: (text(c, 100, 700, "zeigen beides?", size=8),
                          text(c, 100, 696, "2 Punkte", "sans-bold", 9)))
    out = _folder(tmp_path, bad)
    report = tmp_path / "report.html"
    assert main(["preflight", str(out), "--report", str(report), "--quiet"]) == 1
    printed = capsys.readouterr().out
    assert ("pick-a-polar-bear/de/special-cards-a4.pdf p. 1: collisions: '2 Punkte' and "
            "'zeigen beides?' are printed over each other") in printed.replace(
                "'zeigen beides?' and '2 Punkte'", "'2 Punkte' and 'zeigen beides?'")
    assert "1 document(s) checked, 1 finding(s)" in printed
    assert "collisions" in report.read_text(encoding="utf-8")


def test_the_command_passes_a_clean_file_and_takes_a_margin(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _folder(tmp_path, page(lambda c: text(c, 15, 700, "Bonusrunde")))  # 5.3 mm in
    assert main(["preflight", str(out), "--quiet"]) == 1
    assert main(["preflight", str(out), "--quiet", "--printer-margin", "4"]) == 0
    assert "1 document(s) checked, 0 finding(s)" in capsys.readouterr().out
    assert main(["preflight", str(tmp_path / "missing.txt")]) == 2
