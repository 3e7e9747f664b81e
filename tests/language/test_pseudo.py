"""Every kit built in a pseudo-locale: no string escapes translation, no box overflows."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from pypdf import PdfReader

from printkit.commands.build import BuildOptions, build
from printkit.language.checks import placeholders
from printkit.language.locales import catalog_path, template_path
from printkit.tools.pseudo import pseudo, pseudo_catalog

PSEUDO = "en_001"  # a locale Babel knows, with English plural rules


def test_pseudo_keeps_placeholders_and_markup_and_grows() -> None:
    text = "Player %(number)s <b>wins</b>"
    out = pseudo(text)
    assert out.startswith("[") and out.endswith("]")
    assert placeholders(out) == {"number"} and "<b>" in out and "</b>" in out
    visible = len("Player  wins")
    assert len(out) - len("%(number)s<b></b>") >= 1.4 * visible
    assert "Player" not in out


@pytest.fixture
def pseudo_kit(locales_copy: Path, tmp_path: Path) -> Path:
    with template_path(locales_copy).open("rb") as fh:
        template = read_po(fh)
    target = catalog_path(PSEUDO, locales_copy)
    target.parent.mkdir(parents=True)
    with target.open("wb") as fh:
        write_po(fh, pseudo_catalog(template, PSEUDO))
    out = tmp_path / "out"
    result = build(BuildOptions(locales=[PSEUDO], out=out, strict=True))
    assert result.written
    return out


@pytest.mark.full  # (a long build: not in the fast loop)
def test_every_kit_builds_in_the_pseudo_locale_and_no_string_escapes(
        pseudo_kit: Path, locales_copy: Path) -> None:
    with template_path(locales_copy).open("rb") as fh:
        msgids = [m.id for m in read_po(fh) if isinstance(m.id, str) and m.id]
    # Long source sentences without placeholders would show up verbatim if a
    # document printed them without looking them up.
    sentences = [m for m in msgids if len(m) > 24 and not placeholders(m) and "<" not in m]
    assert sentences
    pdfs = sorted(pseudo_kit.rglob("*.pdf"))
    assert {p.parts[-3] for p in pdfs} == {"coraz-blizej-swieta", "polar-derby",
                                            "pick-a-polar-bear", "yeti-slalom"}
    for pdf in pdfs:
        text = " ".join(" ".join((page.extract_text() or "").split())
                        for page in PdfReader(pdf).pages)
        escaped = [m for m in sentences if m in text]
        assert escaped == [], (pdf.name, escaped[:3])
