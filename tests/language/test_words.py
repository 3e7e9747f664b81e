"""Small counts in words, where a language's style wants them: the ``words`` filter and the
digits/words twins a translation chooses between."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from printkit.drawing.templating import environment
from printkit.language.checks import translation_problems
from printkit.language.translations import Localizer
from printkit.tools.catalogs import _po_bytes

SENTENCE = ("{% trans dice=n|number, dice_words=n|words %}She rolls {{ dice_words }} dice."
            "{% endtrans %}")


@pytest.mark.parametrize(("code", "three", "thirteen"), [
    ("en", "three", "13"), ("es", "tres", "13"), ("pl", "trzy", "13"), ("de", "drei", "13"),
    ("fr", "trois", "13")])
def test_words_spell_small_counts_in_the_locale(code: str, three: str, thirteen: str) -> None:
    env = environment(Localizer(code=code))
    assert env.from_string("{{ 3|words }} {{ 13|words }}").render() == f"{three} {thirteen}"


def test_a_translation_chooses_digits_or_words() -> None:
    msgid = "She rolls %(dice_words)s dice."
    for chosen in ("Tira %(dice)s dados.", "Tira %(dice_words)s dados."):
        assert translation_problems(msgid, [chosen]) == []
    assert translation_problems(msgid, ["Tira dados."]) == ["drops placeholder %(dice_words)s"]
    # Only a count's own twin may stand in for it.
    assert translation_problems("%(dice)s and %(bears)s", ["%(dice_words)s"]) == [
        "drops placeholder %(bears)s"]


def test_the_template_renders_the_twin_the_translation_chose() -> None:
    env = environment(Localizer(code="en"))
    assert env.from_string(SENTENCE).render(n=2) == "She rolls two dice."
    # The words twin of a count comes with every count, whatever the English uses.
    digits = "{% trans dice=n|number %}She rolls {{ dice }} dice.{% endtrans %}"
    assert env.from_string(digits).render(n=2) == "She rolls 2 dice."
    spelt = env.from_string("{{ _('She rolls %(dice_words)s dice.', dice=n) }}")
    assert spelt.render(n=3) == "She rolls three dice."


def test_twin_entries_pass_msgfmt(tmp_path: Path) -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (GNU gettext) is not installed: apt-get install gettext")
    catalog = Catalog(locale="es")
    catalog.add("She rolls %(dice_words)s dice.", "Tira %(dice)s dados.",
                flags=["python-format"])
    catalog.add("%(count)s bears", "%(count)s osos", flags=["python-format"])
    path = tmp_path / "es.po"
    path.write_bytes(_po_bytes(catalog))
    text = path.read_text(encoding="utf-8")
    assert text.count("python-format") == 1  # the plain entry keeps msgfmt's check
    result = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
