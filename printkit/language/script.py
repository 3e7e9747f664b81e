"""How a locale's text is set: its fonts, its direction and how its lines break.

DejaVu covers Latin, Greek and Cyrillic, not Japanese, Chinese, Arabic or Hindi. A
locale whose letters it lacks says so in ``locales/<code>/script.toml``, beside its
catalog::

    direction = "rtl"        # read right to left (Arabic, Hebrew, Persian); default "ltr"
    line_break = "cjk"       # lines break between characters (with kinsoku); default "words"
    leading = 1.15           # lines this much further apart, for tall marks; default 1

    [fonts]                  # printkit's fonts folder, or a path beside this file
    regular = "IPAexGothic-printkit.ttf"
    bold = "IPAexGothic-printkit.ttf"   # italic and bold_italic default to these two
                                        # (undeclared, italic text is set upright)
    heading = "IPAexMincho-printkit.ttf"
    fallback = "DejaVuSans.ttf"         # punctuation and digits the locale's fonts lack;
                                        # default printkit's own DejaVu

Each character is set in the first font of its chain that has it: the locale's font for
the role (regular, bold, italic, bold italic, heading), then its fallback font if it
declares one, then DejaVu. So Japanese text
takes the Japanese font and a Polish game title inside it still prints its ż. A locale
without a ``script.toml`` is set in DejaVu alone, left to right, breaking between words.
A locale that declares no italic face sets its italic text upright, DejaVu's part of it
too (no slanted Latin beside upright Arabic or Japanese).

Nothing holds a "current" script: what sets text is handed the script of the locale it
sets (:func:`load`), and carries it: a document's canvas (``PrintCanvas.script``), an
``Ink``, a paragraph, a flowing document's writer.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from printkit import caches, filestamps, projectfiles
from printkit.errors import TranslationError

#: The font roles a locale may declare (italic takes the regular font when not declared,
#: bold italic and the heading face the bold one, bold the regular one).
ROLES = ("regular", "bold", "italic", "bold_italic", "heading")
#: The font key for the punctuation and digits a locale's own fonts lack.
FALLBACK = "fallback"
DIRECTIONS = ("ltr", "rtl")
LINE_BREAKS = ("words", "cjk")
FILE = "script.toml"


class ScriptError(TranslationError):
    """A locale whose text cannot be set: its script.toml, a font it declares, or a
    character of its catalog that no font of it has. One line naming the locale, the file
    and key or the font and character; nothing is rendered."""

    exit_code = 2


@dataclass(frozen=True, eq=False)
class Script:
    """How one locale sets its text (one object per locale and script.toml version, so it
    is hashed by identity)."""

    code: str
    #: Font file per role, for the roles the locale declares (all roles once loaded).
    fonts: dict[str, Path] = field(default_factory=dict)
    direction: str = "ltr"
    line_break: str = "words"
    #: How much further apart its lines are than a Latin text's: a script whose marks
    #: reach far above and below its letters (Arabic) needs the room.
    leading: float = 1.0
    #: The font for the punctuation and digits the locale's fonts lack (None: DejaVu).
    fallback: Path | None = None

    @property
    def rtl(self) -> bool:
        return self.direction == "rtl"

    @property
    def cjk(self) -> bool:
        return self.line_break == "cjk"

    @property
    def italics(self) -> bool:
        """Whether the locale's text has italics: DejaVu's, for a locale of no fonts of its
        own, else an italic face it declares. Without, its italic text is set upright."""
        return not self.fonts or self.slanted("italic")

    def slanted(self, role: str) -> bool:
        """Whether the locale has a face of its own for ``role`` ("italic" or
        "bold_italic"), not its upright one: a script without italics (Arabic, Japanese)
        sets its italic text upright, the Latin letters and digits in it too, rather than
        slanting some of a line."""
        upright = {"italic": "regular", "bold_italic": "bold"}[role]
        return self.fonts.get(role) != self.fonts.get(upright)

    def digest(self) -> list[str]:
        """What the script changes in a document, for the incremental build: its fonts by
        their contents (a font replaced by another of the same name and size too)."""
        return [self.direction, self.line_break, *([f"leading={self.leading}"]
                                                   if self.leading != 1.0 else []),
                *(f"{role}={path.name}:{filestamps.sha256(path.resolve())}"
                  for role, path in sorted(self.fonts.items())),
                *([f"fallback={self.fallback.name}:"
                   f"{filestamps.sha256(self.fallback.resolve())}"] if self.fallback else [])]


#: The script of locales that declare none: DejaVu alone.
LATIN = Script("")


def script_file(code: str) -> Path | None:
    """The locale's script.toml: in the selected project's locales, else printkit's own."""
    from printkit.language.locales import locale_file

    return locale_file(code, FILE)


#: Scripts looked up since the build began, by locale and locales folder: a document checks
#: thousands of strings against its locale's fonts, each needing the script.
_LOOKED_UP: dict[tuple[str, Path], Script] = {}
caches.per_build("scripts as read from script.toml", _LOOKED_UP.clear)


def load(code: str) -> Script:
    """The script of locale ``code`` (LATIN if it declares none); a bad file is a
    ScriptError naming it. Looked up once per build (see :func:`forget`)."""
    from printkit.language.locales import locales_root

    key = (code, locales_root())
    found = _LOOKED_UP.get(key)
    if found is None:
        found = _LOOKED_UP[key] = _look_up(code)
    return found


def _look_up(code: str) -> Script:
    path = script_file(code)
    if path is None:
        return LATIN
    stat = path.stat()
    return _load(code, path, stat.st_mtime_ns, stat.st_size)


@cache
def _load(code: str, path: Path, _mtime: int, _size: int) -> Script:
    where = f"locale {code}: {path.parent.name}/{FILE}"
    try:
        data = tomllib.loads(projectfiles.read_settings(path))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ScriptError(f"{where}: cannot be read ({projectfiles.unreadable(exc)})") from None
    unknown = sorted(set(data) - {"direction", "line_break", "leading", "fonts"})
    if unknown:
        raise ScriptError(f"{where}: unknown key {unknown[0]!r}; keys: direction, "
                          f"line_break, leading, fonts")
    direction = data.get("direction", "ltr")
    if direction not in DIRECTIONS:
        raise ScriptError(f"{where}: direction = {direction!r} cannot be rendered; "
                          f"use {' or '.join(map(repr, DIRECTIONS))}")
    line_break = data.get("line_break", "words")
    if line_break not in LINE_BREAKS:
        raise ScriptError(f"{where}: line_break = {line_break!r} cannot be rendered; "
                          f"use {' or '.join(map(repr, LINE_BREAKS))}")
    leading = data.get("leading", 1.0)
    if isinstance(leading, bool) or not isinstance(leading, (int, float)) \
            or not 1.0 <= leading <= 2.0:
        raise ScriptError(f"{where}: leading = {leading!r}: a number from 1 to 2 (how much "
                          f"further apart its lines are than Latin text's)")
    declared = data.get("fonts", {})
    if not isinstance(declared, dict) or not all(isinstance(v, str) for v in declared.values()):
        raise ScriptError(f"{where}: [fonts] maps roles to font file names")
    unknown = sorted(set(declared) - {*ROLES, FALLBACK})
    if unknown:
        raise ScriptError(f"{where}: fonts.{unknown[0]} is not a font role; roles: "
                          f"{', '.join(ROLES)} (and {FALLBACK})")
    if declared and "regular" not in declared:
        raise ScriptError(f"{where}: [fonts] needs a regular font")
    fonts: dict[str, Path] = {}
    for role, name in declared.items():
        fonts[role] = font_file(path, name, f"{where}: fonts.{role}")
    fallback = fonts.pop(FALLBACK, None)
    if direction == "rtl" and not fonts:
        raise ScriptError(f"{where}: direction = 'rtl' needs [fonts]: a right-to-left script "
                          f"is shaped in its own font (docs/translate.md: \"Add a locale in "
                          f"any script\")")
    if line_break == "cjk" and direction == "rtl":
        raise ScriptError(f"{where}: line_break = 'cjk' cannot be set right to left")
    if fonts:
        fonts.setdefault("bold", fonts["regular"])
        fonts.setdefault("italic", fonts["regular"])
        fonts.setdefault("bold_italic", fonts["bold"])
        fonts.setdefault("heading", fonts["bold"])
    return Script(code, fonts, direction, line_break, float(leading), fallback)


def font_file(settings: Path, name: str, where: str) -> Path:
    """The font file ``name`` a locale's script.toml (``settings``) declares: beside it,
    else in printkit's fonts folder. A name that leads out of the game folder (an absolute
    path, ``../``, a symlink), a file that is not a regular file and a font that fails its
    check (:mod:`printkit.language.fontcheck`) are a ScriptError naming the font, the
    check's finding and never the file's bytes."""
    from printkit.language import fontcheck
    from printkit.resources import fonts_dir

    own = fonts_dir().resolve()
    if not name or "\x00" in name or Path(name).is_absolute():
        raise ScriptError(f"{where}: font file {name!r} must be a file name beside {FILE} "
                          f"or in printkit's fonts folder")
    beside = settings.parent / name
    chosen = beside if os.path.lexists(beside) else fonts_dir() / name
    if chosen is beside:
        problem = projectfiles.problem(beside, (settings.parents[2],))
        if problem is not None:
            raise ScriptError(f"{where}: font file {name!r} {problem}")
    elif not chosen.resolve().is_relative_to(own) or not chosen.is_file():
        raise ScriptError(f"{where}: font file {name!r} not found beside {FILE} or in "
                          f"printkit's fonts folder")
    if not chosen.resolve().is_relative_to(own):
        problem = fontcheck.problem(chosen)
        if problem is not None:
            raise ScriptError(f"{where}: font {name}: {problem}")
    return chosen


#: The registered names of a locale's declared fonts start with this (printkit's own
#: faces are ``PrintkitSans``…, ReportLab's standard fonts have theirs).
LOCALE_FONT_PREFIX = "Printkit-"


def is_locale_font(name: str | None) -> bool:
    """Whether ``name`` is a font a locale declared (not one of printkit's own)."""
    return name is not None and name.startswith(LOCALE_FONT_PREFIX)
