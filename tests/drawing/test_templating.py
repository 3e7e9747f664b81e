"""Templates: escaping of translations, allowed markup, and one-line template errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.drawing import templating
from printkit.drawing.templating import safe_translation
from printkit.errors import TemplateError
from printkit.language.translations import Localizer


def test_translations_are_escaped_but_bold_and_italic_pass() -> None:
    assert str(safe_translation("a & b < c")) == "a &amp; b &lt; c"
    assert str(safe_translation("<b>x</b> <i>y</i>")) == "<b>x</b> <i>y</i>"
    # a tag with attributes is no tag, so its closing tag would close nothing: all text
    assert str(safe_translation('<b class="x">z</b>')) == \
        '&lt;b class=&#34;x&#34;&gt;z&lt;/b&gt;'


def test_a_failing_template_names_file_line_and_locale(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken.xml.j2").write_text("<p>fine</p>\n<p>{{ missing.value }}</p>\n")
    monkeypatch.setattr(templating, "templates_dir", lambda: tmp_path)
    with pytest.raises(TemplateError) as info:
        templating.render("broken.xml.j2", Localizer.for_locale("en"))
    message = str(info.value)
    assert message.startswith("templates/broken.xml.j2:2: locale en:")
    assert "missing" in message
    assert "\n" not in message


def _render_fresh(folder: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Render ``page.xml.j2`` from ``folder`` in a new environment, as a new process would."""
    monkeypatch.setattr(templating, "templates_dir", lambda: folder)
    templating._environment.cache_clear()
    try:
        return templating.render("page.xml.j2", Localizer.for_locale("pl"), n=3)
    finally:
        templating._environment.cache_clear()


def test_a_new_process_loads_compiled_templates_instead_of_compiling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "page.xml.j2").write_text("<p>{% trans %}Board{% endtrans %} {{ n }}</p>\n")
    first = _render_fresh(tmp_path, monkeypatch)
    assert len(list((tmp_path / "cache" / "templates").iterdir())) == 1

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(templating.Environment, "compile", no_compiling)
    assert _render_fresh(tmp_path, monkeypatch) == first == "<p>Plansza 3</p>"
    # An edited template is compiled again (Jinja2 compares the source's checksum).
    monkeypatch.undo()
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "page.xml.j2").write_text("<p>{{ n }} {% trans %}Board{% endtrans %}</p>\n")
    assert _render_fresh(tmp_path, monkeypatch) == "<p>3 Plansza</p>"


def test_compile_settings_are_part_of_the_cache_key() -> None:
    env = templating._new_environment("/t")
    key = env.bytecode_cache.get_cache_key("rulebook.xml.j2", "/t/rulebook.xml.j2")
    env.policies["ext.i18n.trimmed"] = not templating.TRIMMED  # other msgids
    other = templating._compiled_templates(env)
    assert other is not None
    assert other.get_cache_key("rulebook.xml.j2", "/t/rulebook.xml.j2") != key


def test_an_unusable_or_damaged_cache_only_means_compiling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "page.xml.j2").write_text("<p>{% trans %}Board{% endtrans %} {{ n }}</p>\n")
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("PRINTKIT_CACHE", str(blocked))
    assert _render_fresh(tmp_path, monkeypatch) == "<p>Plansza 3</p>"

    monkeypatch.delenv("PRINTKIT_CACHE")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", no_home)
    assert templating._compiled_templates(templating.Environment()) is None
    assert _render_fresh(tmp_path, monkeypatch) == "<p>Plansza 3</p>"
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    _render_fresh(tmp_path, monkeypatch)
    (entry,) = (tmp_path / "cache" / "templates").iterdir()
    entry.write_bytes(entry.read_bytes()[:40])  # cut short, as by a full disk
    assert _render_fresh(tmp_path, monkeypatch) == "<p>Plansza 3</p>"
