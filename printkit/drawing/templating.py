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

A template is a project's own code, run inside printkit: it is sandboxed, and every
render has a budget (see :mod:`printkit.drawing.budget`): so many seconds, steps and
characters, whatever loops it nests; and what it is given (the game's data, the
examples) it may read but not change.
"""

from __future__ import annotations

import os
import re
import stat
import xml.etree.ElementTree as ET
from bisect import bisect_right
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
from jinja2.loaders import split_template_path
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from printkit.drawing import budget
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
    return repr((BUDGETED, jinja2.__version__, sorted(env.extensions), env.autoescape,
                 env.policies.get("ext.i18n.trimmed"), env.keep_trailing_newline,
                 env.trim_blocks, env.lstrip_blocks, env.newline_sequence))


#: Changes what a template compiles to: every loop and ``~`` counted (see
#: :func:`printkit.drawing.budget.instrument`); a new value when that changes.
BUDGETED = "budget-2"

#: The largest template file read: a rulebook's template is tens of kilobytes.
MAX_TEMPLATE_BYTES = 1024 * 1024


class _ConfinedLoader(FileSystemLoader):
    """Templates from their folders only: a template that is a symlink to a file outside
    its folder is not read, nor one that is not a regular file (a pipe would wait for
    ever) or is too large to be a template."""

    def get_source(self, environment: Environment, template: str) -> Any:
        pieces = split_template_path(template)  # ("..": not found, as Jinja2 says)
        for root in self.searchpath:
            candidate = Path(root, *pieces)
            try:
                info = candidate.stat()
            except (OSError, ValueError):
                continue
            if not stat.S_ISREG(info.st_mode):
                raise TemplateError(f"templates/{template}: not a regular file")
            if info.st_size > MAX_TEMPLATE_BYTES:
                raise TemplateError(f"templates/{template}: the file is larger than "
                                    f"{MAX_TEMPLATE_BYTES // (1024 * 1024)} MB")
            break
        source, filename, uptodate = super().get_source(environment, template)
        real = Path(filename).resolve()
        if not any(real.is_relative_to(Path(root).resolve()) for root in self.searchpath):
            raise TemplateError(f"templates/{template}: the template is a link to a file "
                                f"outside the templates folder; copy the file in instead")
        return source, filename, uptodate


class _Budgeted(SandboxedEnvironment):
    """The sandbox with a budget (see :mod:`printkit.drawing.budget`): loops, calls,
    filters, operators and printed values counted and sized, and what a render was given
    read-only."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, finalize=budget.finalize, **kwargs)
        self.globals["lipsum"] = budget.bounded_lipsum(self.globals["lipsum"])
        self.binop_table.update({"*": budget.times, "**": budget.power, "+": budget.plus,
                                 "%": budget.modulo})

    def guard_filters(self) -> None:
        """Every filter (Jinja2's and printkit's) counted and sized; the hidden ones that
        instrumented templates call added."""
        for name, func in list(self.filters.items()):
            self.filters[name] = budget.guarded_filter(name, func)
        self.filters[budget.TURNS] = budget.turns
        self.filters[budget.SIZED] = budget.sized_part

    def _generate(self, source: Any, *args: Any, **kwargs: Any) -> Any:
        return super()._generate(budget.instrument(source), *args, **kwargs)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if budget.changes(obj, attr) and budget.read_only(obj):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def unsafe_undefined(self, obj: Any, attribute: str) -> Any:
        if budget.changes(obj, attribute) and budget.read_only(obj):
            return self.undefined(
                f"{attribute}() would change the {type(obj).__name__} the template was "
                f"given (the game's data): a template reads its data, it does not change "
                f"it", name=attribute, obj=obj, exc=budget.RenderLimit)
        return super().unsafe_undefined(obj, attribute)

    def wrap_str_format(self, value: Any) -> Any:
        """(Jinja2 3.1.5 and later; before, :meth:`call` checks ``str.format``.)"""
        wrap = getattr(super(), "wrap_str_format", None)
        wrapper = wrap(value) if wrap is not None else None
        if wrapper is None:
            return None
        fmt, by_name = value.__self__, value.__name__ == "format_map"

        def checked(*args: Any, **kwargs: Any) -> str:
            if by_name and args and isinstance(args[0], dict):
                budget.check_brace_format(fmt, (), args[0])
            else:
                budget.check_brace_format(fmt, args, kwargs)
            return budget.sized(wrapper(*args, **kwargs), "format() makes a string")

        return checked

    def call(__self, __context: Context, __obj: Any, *args: Any,  # noqa: N805
             **kwargs: Any) -> Any:
        budget.check_call(__obj, args, kwargs)
        return budget.sized(super().call(__context, __obj, *args, **kwargs),
                            "a call makes something")


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
    env = _Budgeted(
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
    env.guard_filters()
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


class Rendered(str):
    """A template's output, knowing which template and line printed each part of it (see
    :meth:`where`)."""

    origins: tuple[tuple[int, str | None, int | None], ...] = ()

    def where(self, offset: int) -> tuple[str | None, int | None]:
        """The template and line that printed the character at ``offset``: the line
        its piece of output starts on, plus the lines of that piece before it."""
        i = bisect_right([start for start, _, _ in self.origins], offset) - 1
        if i < 0:
            return None, None
        start, name, line = self.origins[i]
        return name, None if line is None else line + self.count("\n", start, offset)


def render(name: str, localizer: Localizer, *, project_templates: Path | None = None,
           **context: Any) -> Rendered:
    """Render a template; any Jinja2 failure becomes one line naming file, line and locale,
    and so does a render over its budget (see :mod:`printkit.drawing.budget`).

    ``project_templates``: a game project's templates folder, searched before printkit's.
    """
    folders = (str(templates_dir()),)
    if project_templates is not None:
        folders = (str(project_templates), *folders)
    values = {**context, LOCALIZER: localizer}
    token = budget.CURRENT.set(budget.start(values.values()))
    try:
        template = _environment(*folders).get_template(name)
        return _generate(template, values)
    except PrintkitError:
        raise
    except Exception as exc:  # a template bug of any kind: name where, not a traceback
        line = getattr(exc, "lineno", None) or _template_line(exc.__traceback__, name)
        where = f"templates/{name}" + (f":{line}" if line else "")
        message = str(exc) if isinstance(exc, budget.RenderLimit) else \
            getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
        raise TemplateError(f"{where}: locale {localizer.code}: {message}") from None
    finally:
        budget.CURRENT.reset(token)


def _generate(template: jinja2.Template, values: dict[str, Any]) -> Rendered:
    """Render ``template`` a piece at a time, its output counted against the budget and
    each piece's template and line noted."""
    spent = budget.CURRENT.get()
    assert spent is not None
    render_func = template.root_render_func(template.new_context(values))
    pieces: list[str] = []
    origins: list[tuple[int, str | None, int | None]] = []
    at = 0
    try:
        for piece in render_func:
            spent.print(piece)
            pieces.append(piece)
            origins.append((at, *budget.origin(render_func)))
            at += len(piece)
    except Exception:
        template.environment.handle_exception()
    out = Rendered("".join(pieces))
    out.origins = tuple(origins)
    return out


def broken_markup(xml: str, name: str, locale: str) -> TemplateError | None:
    """The error for a template's output that is not well-formed XML, naming the template
    and the line that printed the broken part; None when it is well-formed."""
    try:
        ET.fromstring(xml)
    except ET.ParseError as exc:
        line, column = exc.position
        lines = xml.split("\n")
        offset = sum(len(s) + 1 for s in lines[:line - 1]) + column
        template, at = xml.where(offset) if isinstance(xml, Rendered) else (None, None)
        where = f"templates/{template or name}" + (f":{at}" if at else "")
        reason = str(exc).split(":")[0]
        text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        return TemplateError(f"{where}: locale {locale}: the template's output is not "
                             f"well-formed XML ({reason}, output line {line}, column "
                             f"{column + 1}: {text[:60]!r})")
    return None


def _template_line(tb: Any, name: str) -> int | None:
    """The innermost line of a template file in a traceback (Jinja2 rewrites them so)."""
    found = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(".j2"):
            found = tb.tb_lineno
        tb = tb.tb_next
    return found
