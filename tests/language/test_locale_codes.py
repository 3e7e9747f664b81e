"""Locale codes as a translator types them: BCP-47 (``zh-Hans``, ``pt-BR``) or gettext's
folder names (``zh_Hans``, ``pt_BR``), everywhere a command takes one."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.cli import main
from printkit.commands.build.options import resolve_locales
from printkit.errors import UsageError
from printkit.language.locales import folder_code, shipped_locale
from printkit.language.translations import Localizer
from printkit.tools.catalogs import init_locale
from printkit.tools.coverage import coverage
from printkit.tools.glossary import glossary_problems


@pytest.mark.parametrize(("typed", "folder"), [
    ("zh-Hans", "zh_Hans"), ("zh_Hans", "zh_Hans"), ("zh-hans-cn", "zh_Hans_CN"),
    ("pt-BR", "pt_BR"), ("pt-br", "pt_BR"), ("es-419", "es_419"), ("sr-Latn", "sr_Latn"),
    ("he", "he"), ("PL", "pl"), ("en", "en"),
])
def test_a_bcp47_code_names_its_catalog_folder(typed: str, folder: str) -> None:
    assert folder_code(typed) == folder


def test_a_shipped_locale_answers_to_either_spelling() -> None:
    assert shipped_locale("pl") == "pl"
    assert resolve_locales(["PL", "pl", "ja"]) == ["pl", "ja"]
    assert Localizer.for_locale("JA").code == "ja"


def test_an_unknown_code_is_named_as_typed() -> None:
    for call in (lambda: resolve_locales(["pt-BR"]), lambda: Localizer.for_locale("pt-BR"),
                 lambda: coverage(["pt-BR"]), lambda: glossary_problems(["pt-BR"])):
        with pytest.raises(UsageError, match=r"unknown locale 'pt-BR'; shipped locales: en, "):
            call()
    with pytest.raises(UsageError, match=r"'xx-Nope' is not a locale Babel knows"):
        init_locale("xx-Nope")
    with pytest.raises(UsageError, match=r"locale 'PL' already exists"):
        init_locale("PL")


def test_catalog_init_zh_hans_starts_the_zh_Hans_catalog(locales_copy: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    assert main(["catalog", "init", "zh-Hans"]) == 0
    po = locales_copy / "zh_Hans" / "LC_MESSAGES" / "printkit.po"
    assert po.is_file() and "Language: zh_Hans" in po.read_text(encoding="utf-8")
    assert not (locales_copy / "zh-Hans").exists()
    assert resolve_locales(["zh-Hans", "zh_Hans"]) == ["zh_Hans"]
    localizer = Localizer.for_locale("zh-Hans")
    assert localizer.code == "zh_Hans"
    assert localizer.list(["A", "B", "C"]) == "A、B和C"  # Babel's Chinese, not English
    assert localizer.number(1234.5) == "1,234.5"
    capsys.readouterr()
    assert main(["catalog", "coverage", "--locale", "zh-Hans"]) == 0
    assert "zh_Hans" in capsys.readouterr().out
