"""The playtest report read back from its files: the PDF's text (each seat's win rate as the
locale writes it, the settings, the comparison), its fonts, its bytes; the HTML page's
charts, text alternatives, tables and language."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from babel.numbers import format_decimal, format_percent

from printkit.language.translations import Localizer
from printkit.playtest.report import render, write_reports
from tests.playtest.summaries import summary
from tests.support import embedded_fonts, reader, text

LOCALES = ["en", "pl", "ar", "ja"]


def rate(value: float, locale: str) -> str:
    return format_percent(value, format="#,##0.0%", locale=locale)


def nfkc(shown: str) -> str:
    """As the PDF's text reads back (a no-break space as a space)."""
    return unicodedata.normalize("NFKC", shown)


def pdf_text(pdf: bytes) -> str:
    """The extracted text, its Arabic presentation forms read back as letters."""
    return unicodedata.normalize("NFKC", text(reader(pdf)))


def words(phrase: str) -> list[str]:
    """The words of ``phrase`` without placeholders or punctuation (for right-to-left text,
    whose runs extraction gives in an order of its own)."""
    return [w for w in re.sub(r"%\([a-z]+\)s|[().,:;،؛]", " ", phrase).split() if w]


@pytest.fixture(scope="module")
def compared() -> dict[str, tuple[bytes, bytes]]:
    data = summary(comparison=True)
    return {code: render(data, code, game_title="Polar Derby") for code in LOCALES}


@pytest.mark.parametrize("locale", LOCALES)
def test_pdf_prints_each_seat_win_rate_as_the_locale_writes_it(compared, locale):
    printed = pdf_text(compared[locale][0])
    for seat in summary()["seats"]:
        assert nfkc(rate(seat["win_rate"], locale)) in printed
        assert nfkc(f"{rate(seat['low'], locale)} – {rate(seat['high'], locale)}") in printed


@pytest.mark.parametrize("locale", LOCALES)
def test_pdf_prints_the_settings(compared, locale):
    printed = pdf_text(compared[locale][0])
    assert nfkc(format_decimal(10000, locale=locale)) in printed  # games played
    assert re.search(r"target\s*=\s*12", printed)
    assert "variant" in printed and "no-risk" in printed  # run B's settings
    for policy in ("bold", "cautious", "random"):
        assert policy in printed
    assert "printkit 0.1.0" in printed


@pytest.mark.parametrize("locale", LOCALES)
def test_pdf_prints_the_comparison_rows(compared, locale):
    loc = Localizer.for_locale(locale)
    printed = pdf_text(compared[locale][0])
    heading = loc.gettext("Comparing two rule settings")
    assert heading != "Comparing two rule settings" or locale == "en"
    assert all(nfkc(word) in printed for word in words(heading))
    # seat 1: 41.2 % against 35.0 %, -6.2 points, its interval leaves out 0 (marked)
    assert nfkc(rate(0.35, locale)) in printed
    assert nfkc(rate(0.062, locale)) in printed
    assert "*" in printed
    assert all(nfkc(word) in printed for word in words(loc.gettext("Tie rate")))


def test_the_arabic_report_prints_arabic_words(compared):
    loc = Localizer.for_locale("ar")
    printed = pdf_text(compared["ar"][0])
    for msgid in ("Who wins", "Win rate per seat", "Rule events"):
        said = loc.gettext(msgid)
        assert said != msgid and re.search("[\u0600-\u06ff]", said)
        assert all(nfkc(word) in printed for word in words(said)), said


def test_the_balance_test_in_words():
    fair = render(summary(rates=(0.34, 0.33, 0.33), p=0.41), "en")[0]
    assert "No evidence that the seats differ (p = 0.41)." in pdf_text(fair)
    unfair = pdf_text(render(summary(p=0.0004), "en")[0])
    assert "Seat 1 wins more than its share (p < 0.001)." in unfair
    assert "No evidence" not in unfair
    assert "fair share 33.3%" in unfair  # the chart's line, at 1/3 for three players
    assert all(f"Seat {seat}" in unfair for seat in (1, 2, 3))  # the bars' labels


@pytest.mark.parametrize("locale", LOCALES)
def test_every_font_is_embedded(compared, locale):
    assert embedded_fonts(reader(compared[locale][0]))


def test_the_same_summary_gives_the_same_bytes(tmp_path):
    first = write_reports(summary(comparison=True), tmp_path / "a", ["en", "ar"])
    second = write_reports(summary(comparison=True), tmp_path / "b", ["en", "ar"])
    assert [p.relative_to(tmp_path / "a") for p in first] == \
        [p.relative_to(tmp_path / "b") for p in second]
    assert [Path(p).read_bytes() for p in first] == [Path(p).read_bytes() for p in second]
    changed = summary(comparison=True)
    changed["seats"][0]["win_rate"] = 0.413
    assert render(changed, "en")[0] != first[0].read_bytes()


def test_reports_lie_in_each_locale_folder_named_by_players(tmp_path):
    written = write_reports(summary(rates=(0.5, 0.5), p=0.9), tmp_path, ["en", "pl"])
    assert [p.relative_to(tmp_path).as_posix() for p in written] == [
        "en/playtest-2p.pdf", "en/playtest-2p.html", "pl/playtest-2p.pdf", "pl/playtest-2p.html"]


def test_without_a_comparison_there_is_no_comparison_section():
    pdf, page = render(summary(), "en")
    assert "Comparing two rule settings" not in pdf_text(pdf)
    assert "Comparing two rule settings" not in page.decode()
    assert "Rule events" in pdf_text(pdf)


@pytest.mark.parametrize(("locale", "direction"), [("en", "ltr"), ("ar", "rtl"), ("ja", "ltr")])
def test_the_page_names_its_language_and_direction(compared, locale, direction):
    page = compared[locale][1].decode()
    assert f'<html lang="{locale}" dir="{direction}">' in page


@pytest.mark.parametrize("locale", LOCALES)
def test_the_page_charts_are_svg_with_text_alternatives(compared, locale):
    page = compared[locale][1].decode()
    charts = re.findall(r'<svg [^>]*role="img" aria-labelledby="([^"]+)"', page)
    assert len(charts) == 3  # win rates, game length, winning margin
    for ids in charts:
        for ident in ids.split():
            found = re.search(rf'id="{ident}">([^<]+)<', page)
            assert found and found.group(1).strip(), ident
    assert "<script" not in page and "http" not in page.replace("http-equiv", "")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_page_tables_hold_the_numbers(compared, locale):
    page = compared[locale][1].decode()
    assert '<th scope="col"' in page and '<th scope="row"' in page
    for seat in summary()["seats"]:
        assert f'<td class="num">{rate(seat["win_rate"], locale)}</td>' in page
    assert rate(0.35, locale) in page  # the comparison's run B
    assert page.count('<tr class="marked">') == 4  # seats 1 and 3, ties, busts


def test_the_kit_page_finds_the_reports_beside_a_kit(tmp_path):
    from printkit.outputs.preview.kitpage import Playtest, playtests

    assert playtests(tmp_path, "polar-derby", "en") == []
    write_reports(summary(), tmp_path / "polar-derby", ["en"])
    write_reports(summary(rates=(0.5, 0.5), p=0.9), tmp_path / "polar-derby", ["en"])
    (tmp_path / "polar-derby" / "en" / "playtest-5p.html").write_text("", encoding="utf-8")
    (tmp_path / "polar-derby" / "en" / "playtest-xp.pdf").write_text("", encoding="utf-8")
    assert playtests(tmp_path, "polar-derby", "en") == [
        Playtest(2, "polar-derby/en/playtest-2p.pdf", "polar-derby/en/playtest-2p.html"),
        Playtest(3, "polar-derby/en/playtest-3p.pdf", "polar-derby/en/playtest-3p.html"),
        Playtest(5, None, "polar-derby/en/playtest-5p.html")]
    assert playtests(tmp_path, "polar-derby", "ar") == []


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en", "ar", "ja"])
def test_the_page_passes_an_accessibility_audit(tmp_path, locale):
    """axe-core in headless Chromium, as the rules pages are audited: no serious or critical
    violation, on a phone and on a desktop."""
    from tests.browser import Browser
    from tests.outputs.html.test_axe import SCREENS, _audit

    written = write_reports(summary(comparison=True), tmp_path, [locale])
    page = next(p for p in written if p.suffix == ".html")
    browser = Browser("about:blank", tmp_path / "profile")
    try:
        browser.loaded()
        for screen in SCREENS:
            assert _audit(browser, page.as_uri(), screen) == [], screen
    finally:
        browser.close()


@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_the_pdf_is_on_the_paper_asked_for(paper, size):
    pages = reader(render(summary(comparison=True), "en", paper=paper)[0]).pages
    assert len(pages) >= 2
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
            for p in pages} == {size}
