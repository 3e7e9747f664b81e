"""Jinja2 templates with the i18n extension, wired to a :class:`Localizer`.

Autoescaping is on, because templates produce the XML of
:mod:`printkit.drawing.flow`. Jinja2's new-style gettext marks a translation as
safe markup, so the callables installed here escape the translation first:
a ``&`` or ``<`` that a translator writes prints as itself. ``trimmed`` is the
policy for ``{% trans %}`` blocks, and extraction uses the same option, so the
msgids in the catalogs are exactly the ones looked up at render time.

One environment per process and templates folder compiles each template
once; the localizer travels in each render's context (see
:func:`_new_environment`), so locales never leak from one render to the next.
Compiled templates are also kept on disk (:class:`_CompiledTemplates`), as Python
keeps ``.pyc`` files, so a new build process does not compile them again.
"""

from __future__ import annotations

import os
import re
from functools import cache
from hashlib import sha1
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import (
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    StrictUndefined,
    pass_context,
)
from jinja2.bccache import Bucket
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from printkit.drawing.text import balanced
from printkit.errors import PrintkitError, TemplateError
from printkit.language.checks import WORDS
from printkit.language.narration import Teller
from printkit.language.translations import Localizer
from printkit.resources import cache_dir, templates_dir
from printkit.schema import DataText

#: Options shared by rendering and by message extraction.
JINJA_EXTENSIONS = ["jinja2.ext.i18n"]
TRIMMED = True


#: The only markup a translation may carry: bold and italic, without attributes.
_ALLOWED_TAG = re.compile(r"&lt;(/?)([bi])&gt;")


def safe_translation(text: str) -> Markup:
    """Escape a translation, then let <b> and <i> (exactly those, and only when they open
    and close in order) through as markup; unbalanced ones print as they are."""
    if not balanced(text):
        return Markup(escape(text))
    return Markup(_ALLOWED_TAG.sub(r"<\1\2>", str(escape(text))))


#: The render-context variable that carries the reader's :class:`Localizer`.
LOCALIZER = "printkit_localizer"


def _localizer(context: Context) -> Localizer:
    found = context.resolve_or_missing(LOCALIZER)
    if not isinstance(found, Localizer):
        raise TemplateError(f"template {context.name}: rendered without a localizer")
    return found


def _formatted(context: Context, text: str, variables: dict[str, Any]) -> Markup:
    """A translation, escaped, with its placeholders filled in.

    Every count also comes as its twin in words (``%(dice_words)s`` beside
    ``%(dice)s``), so a translation may spell a small count out where its language's
    style wants it, whichever the English uses (see :mod:`printkit.language.checks`).
    This is Jinja2's new-style gettext formatting, plus the twins.
    """
    localizer = _localizer(context)
    for name, value in list(variables.items()):
        count = _count(value)
        if count is not None:
            variables.setdefault(name + WORDS, localizer.words(count))
    if not variables:  # nothing to fill in: a title's "%(x)s" is text; "%%" is one sign
        return safe_translation(text.replace("%%", "%"))
    # a lone percent sign (not %% nor a placeholder) is a percent sign, not a bad format
    return safe_translation(_LONE_PERCENT.sub("%%", text)) % variables


#: ``%%``, or a percent sign that starts no placeholder: both print one percent sign.
_LONE_PERCENT = re.compile(r"%%|%(?!\()")


def _count(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        return int(value)
    return None


def _data_text(translation: str) -> Markup:
    """The translation of a string of game data: text, escaped whole (no markup, no
    placeholders: a ``%`` or ``<`` in a title prints as itself)."""
    return Markup(escape(translation))


@pass_context
def _gettext(context: Context, message: str, **variables: Any) -> Markup:
    if isinstance(message, DataText):
        return _data_text(_localizer(context).gettext(message))
    return _formatted(context, _localizer(context).gettext(message), variables)


@pass_context
def _ngettext(context: Context, singular: str, plural: str, n: int, **variables: Any) -> Markup:
    variables.setdefault("num", n)
    return _formatted(context, _localizer(context).ngettext(singular, plural, n), variables)


@pass_context
def _pgettext(context: Context, msgctxt: str, message: str, **variables: Any) -> Markup:
    if isinstance(message, DataText):
        return _data_text(_localizer(context).pgettext(msgctxt, message))
    variables.setdefault("context", msgctxt)
    return _formatted(context, _localizer(context).pgettext(msgctxt, message), variables)


@pass_context
def _npgettext(context: Context, msgctxt: str, singular: str, plural: str, n: int,
               **variables: Any) -> Markup:
    variables.setdefault("context", msgctxt)
    variables.setdefault("num", n)
    return _formatted(context, _localizer(context).npgettext(msgctxt, singular, plural, n),
                      variables)


@pass_context
def _number(context: Context, value: Any) -> str:
    return _localizer(context).number(value)


@pass_context
def _words(context: Context, value: Any) -> str:
    """A small count in words in the reader's language ("two", "dos", "zwei"), else digits."""
    return _localizer(context).words(value)


@pass_context
def _join_list(context: Context, items: Any) -> str:
    """Lists in the reader's language: "A, B and C" (en), "A, B y C" (es), "A, B i C" (pl)."""
    return _localizer(context).list([str(i) for i in items])


def _compile_settings(env: Environment) -> str:
    """Everything besides a template's own text that changes what it compiles to."""
    return repr((jinja2.__version__, sorted(env.extensions), env.autoescape,
                 env.policies.get("ext.i18n.trimmed"), env.keep_trailing_newline,
                 env.trim_blocks, env.lstrip_blocks, env.newline_sequence))


class _ConfinedLoader(FileSystemLoader):
    """Templates from their folders only: a template that is a symlink to a file outside
    its folder is not read."""

    def get_source(self, environment: Environment, template: str) -> Any:
        source, filename, uptodate = super().get_source(environment, template)
        real = Path(filename).resolve()
        if not any(real.is_relative_to(Path(root).resolve()) for root in self.searchpath):
            raise TemplateError(f"templates/{template}: the template is a link to a file "
                                f"outside the templates folder; copy the file in instead")
        return source, filename, uptodate


class _CompiledTemplates(FileSystemBytecodeCache):
    """Compiled templates kept in printkit's cache folder, shared by every build process.

    Jinja2 checks each entry against the template's source (a checksum) and the Python
    version; the key adds the settings that change compilation (the i18n ``trimmed``
    policy among them). A cache that cannot be read or written is simply not used:
    the template is compiled as if there were none.
    """

    def __init__(self, folder: Path, settings: str) -> None:
        super().__init__(str(folder), "%s.jinja")
        self._settings = settings
        self._ready = False

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return sha1(f"{self._settings}|{name}|{filename}".encode()).hexdigest()

    def _private(self) -> bool:
        """Whether the cache folder is this user's alone: compiled templates are code, so
        a folder another user could write to is never read from (nor written to)."""
        try:
            if not self._ready:
                os.makedirs(self.directory, mode=0o700, exist_ok=True)
                self._ready = True
            info = os.stat(self.directory)
        except OSError:  # read-only home, full disk: templates compile every time
            return False
        if not hasattr(os, "getuid"):  # Windows: the user's profile folder is private
            return True
        return info.st_uid == os.getuid() and not info.st_mode & 0o022

    def load_bytecode(self, bucket: Bucket) -> None:
        if not self._private():
            return
        try:
            super().load_bytecode(bucket)
        except Exception:  # unreadable or damaged: compile again
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        if not self._private():
            return
        try:
            super().dump_bytecode(bucket)
        except OSError:  # read-only home, full disk: the next build compiles again
            pass


def _compiled_templates(env: Environment) -> _CompiledTemplates | None:
    """The template cache for ``env`` as configured, or none when there is no home folder
    to keep it in."""
    try:
        return _CompiledTemplates(cache_dir() / "templates", _compile_settings(env))
    except (RuntimeError, KeyError):  # Path.home() without $HOME or a password entry
        return None


def _new_environment(*folders: str) -> Environment:
    """An environment whose translations and locale filters read the render's localizer.

    Jinja2 hands the template context to ``pass_context`` callables, also
    through the new-style gettext wrappers (``context.call``), so nothing
    locale-specific lives in the environment and one environment (with its
    compiled templates) serves every locale, one render after another.
    """
    env = SandboxedEnvironment(
        loader=_ConfinedLoader(list(folders)),
        autoescape=True,
        undefined=StrictUndefined,
        extensions=JINJA_EXTENSIONS,
        keep_trailing_newline=False,
    )
    env.policies["ext.i18n.trimmed"] = TRIMMED
    # New-style gettext (the callables format their own placeholders), with printkit's
    # own callables: they escape the translation and add the counts' twins in words.
    env.newstyle_gettext = True  # type: ignore[attr-defined]
    env.globals.update(gettext=_gettext, ngettext=_ngettext, pgettext=_pgettext,
                       npgettext=_npgettext)
    # One per rendered book (``{% set told = teller() %}`` in a narration template): which
    # way of telling a repeated event comes next (printkit.language.narration).
    env.globals["teller"] = Teller
    env.filters["number"] = _number
    env.filters["join_list"] = _join_list
    env.filters["words"] = _words
    env.bytecode_cache = _compiled_templates(env)
    return env


@cache
def _environment(*folders: str) -> Environment:
    """The process's shared environment for a templates search path: templates compile once.

    A game project's templates folder comes first, then printkit's own, so a project's
    template may ``{% import %}`` printkit's shared macros.
    """
    return _new_environment(*folders)


def environment(localizer: Localizer) -> Environment:
    """An environment of its own with ``localizer`` built in, for rendering template strings.

    :func:`render` does not use it: it passes the localizer per render to the
    shared environment.
    """
    env = _new_environment(str(templates_dir()))
    env.globals[LOCALIZER] = localizer
    return env


def render(name: str, localizer: Localizer, *, project_templates: Path | None = None,
           **context: Any) -> str:
    """Render a template; any Jinja2 failure becomes one line naming file, line and locale.

    ``project_templates``: a game project's templates folder, searched before printkit's.
    """
    folders = (str(templates_dir()),)
    if project_templates is not None:
        folders = (str(project_templates), *folders)
    try:
        template = _environment(*folders).get_template(name)
        return template.render(**context, **{LOCALIZER: localizer})
    except PrintkitError:
        raise
    except Exception as exc:  # a template bug of any kind: name where, not a traceback
        line = getattr(exc, "lineno", None) or _template_line(exc.__traceback__, name)
        where = f"templates/{name}" + (f":{line}" if line else "")
        message = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
        raise TemplateError(f"{where}: locale {localizer.code}: {message}") from None


def _template_line(tb: Any, name: str) -> int | None:
    """The innermost line of a template file in a traceback (Jinja2 rewrites them so)."""
    found = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(".j2"):
            found = tb.tb_lineno
        tb = tb.tb_next
    return found
