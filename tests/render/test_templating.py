"""Templates: escaping of translations, allowed markup, and one-line template errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import TemplateError
from printkit.i18n import Localizer
from printkit.render import templating
from printkit.render.templating import safe_translation


def test_translations_are_escaped_but_bold_and_italic_pass() -> None:
    assert str(safe_translation("a & b < c")) == "a &amp; b &lt; c"
    assert str(safe_translation("<b>x</b> <i>y</i>")) == "<b>x</b> <i>y</i>"
    assert str(safe_translation('<b class="x">z</b>')) == '&lt;b class=&#34;x&#34;&gt;z</b>'


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
