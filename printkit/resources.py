"""Where printkit finds its templates, catalogs and fonts.

In a source checkout (or an editable install) templates and catalogs sit at
the top of the repository; a wheel carries them inside the package under
``printkit/_data``. Both layouts are looked up here and nowhere else.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    installed = PACKAGE_DIR / "_data" / name
    if installed.is_dir():
        return installed
    return PACKAGE_DIR.parent / name


def templates_dir() -> Path:
    return _data_dir("templates")


def locales_dir() -> Path:
    return _data_dir("locales")


def fonts_dir() -> Path:
    return PACKAGE_DIR / "fonts"


def relative(path: Path) -> str:
    """A path as a user should see it: relative to the project or package."""
    for root in (PACKAGE_DIR.parent, PACKAGE_DIR):
        try:
            return str(path.resolve().relative_to(root))
        except ValueError:
            continue
    return str(path)
