"""The shipped catalogs: in step with the sources, complete, and printable."""

from __future__ import annotations

from babel.messages.pofile import read_po

from printkit.language.fonts import missing_glyphs
from printkit.language.locales import catalog_path, shipped_locales, template_path
from printkit.language.script import load
from printkit.tools.extract import extract_catalog


def _ids(catalog) -> set[str]:  # type: ignore[no-untyped-def]
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}


def _read(path):  # type: ignore[no-untyped-def]
    with path.open("rb") as fh:
        return read_po(fh)


def test_template_is_up_to_date_with_the_sources() -> None:
    """If this fails, run `printkit catalog update` and translate the new entries."""
    assert _ids(_read(template_path())) == _ids(extract_catalog())


def test_plural_msgids_keep_their_plural_forms() -> None:
    template = _read(template_path())
    plural = [m for m in template if m.id and isinstance(m.id, tuple)]
    assert any(m.id[0] == "%(num)s die" for m in plural)


def test_every_catalog_has_every_msgid() -> None:
    expected = _ids(_read(template_path()))
    for code in shipped_locales()[1:]:
        assert _ids(_read(catalog_path(code))) == expected, code


def test_every_catalog_is_fully_translated() -> None:
    for code in shipped_locales()[1:]:
        untranslated = [m.id for m in _read(catalog_path(code)) if m.id and (
            m.fuzzy or not (all(m.string) if isinstance(m.id, tuple) else m.string))]
        assert untranslated == [], f"{code}: {untranslated[:5]}"


def test_every_character_of_every_catalog_string_has_a_glyph() -> None:
    sources = [("en", template_path())] + [(c, catalog_path(c)) for c in shipped_locales()[1:]]
    for code, path in sources:
        script = load(code)  # a locale's own fonts, then DejaVu
        for message in _read(path):
            if not message.id:
                continue
            strings = list(message.id if isinstance(message.id, tuple) else [message.id])
            strings += list(message.string if isinstance(message.string, tuple)
                            else [message.string or ""])
            for text in strings:
                assert missing_glyphs(text, script=script) == [], (code, text)
