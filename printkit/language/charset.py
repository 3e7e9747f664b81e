"""The characters a locale's documents may print, so that their font subsets match.

Every document of a locale starts its font subsets with the same characters
(:func:`printkit.language.fonts.share`, when the document's canvas is made): printable
ASCII, every other character in printkit's code, game data and templates (where every
English string and every drawn symbol comes from), and every character of the locale's
translations. A
document that draws nothing outside this set embeds each font exactly as every
other document of its locale does, and the whole-kit PDF keeps one copy.
"""

from __future__ import annotations

from functools import cache

from printkit.resources import PACKAGE_DIR, templates_dir

_ASCII = frozenset(chr(c) for c in range(32, 127))
#: Set by the layout rather than written anywhere: list bullets, thin and narrow no-break
#: spaces, the no-break hyphen.
_LAYOUT = frozenset("\u2022\u2009\u202f\u2011")
_SUFFIXES = (".py", ".toml", ".j2", ".csv")
#: The pseudo-locale's accented look-alikes: printed only in pseudo-locale test builds.
_SKIP = ("tools/pseudo.py",)


@cache
def _source_characters() -> frozenset[str]:
    found: set[str] = set()
    for root in (PACKAGE_DIR, templates_dir()):
        for path in sorted(root.rglob("*")):
            if path.suffix in _SUFFIXES and path.is_file() and "__pycache__" not in path.parts \
                    and not path.as_posix().endswith(_SKIP):
                found.update(path.read_text(encoding="utf-8"))
    return frozenset(c for c in found if c.isprintable() and c not in _ASCII)


#: Shared characters per catalog as loaded (a catalog is read again when its file changes,
#: and then gets a new entry): id -> (the catalog, its characters).
_BY_CATALOG: dict[int, tuple[object, str]] = {}


def characters(code: str) -> str:
    """The shared characters of locale ``code``'s documents, in a fixed order."""
    from printkit.language.locales import catalog_path
    from printkit.language.translations import load_catalog

    if not catalog_path(code).is_file():
        return _with(frozenset())
    catalog = load_catalog(code)
    known = _BY_CATALOG.get(id(catalog))
    if known is None or known[0] is not catalog:
        texts = (*catalog.singular.values(),
                 *(form for forms in catalog.plural.values() for form in forms))
        known = _BY_CATALOG[id(catalog)] = (catalog, _with(frozenset("".join(texts))))
    return known[1]


@cache
def _with(translated: frozenset[str]) -> str:
    chars = _ASCII | _LAYOUT | _source_characters() | {c for c in translated if c.isprintable()}
    return "".join(sorted(chars))
