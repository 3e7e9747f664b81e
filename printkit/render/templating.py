"""Jinja2 templates with the i18n extension, wired to a :class:`Localizer`.

Autoescaping is on, because templates produce the XML of
:mod:`printkit.render.flow`. Jinja2's new-style gettext marks a translation as
safe markup, so the callables installed here escape the translation first:
a ``&`` or ``<`` that a translator writes prints as itself. ``trimmed`` is the
policy for ``{% trans %}`` blocks, and extraction uses the same option, so the
msgids in the catalogs are exactly the ones looked up at render time.
"""

from __future__ import annotations

import re
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from printkit.errors import PrintkitError, TemplateError
from printkit.i18n import Localizer
from printkit.resources import templates_dir

#: Options shared by rendering and by message extraction.
JINJA_EXTENSIONS = ["jinja2.ext.i18n"]
TRIMMED = True


#: The only markup a translation may carry: bold and italic, without attributes.
_ALLOWED_TAG = re.compile(r"&lt;(/?)([bi])&gt;")


def safe_translation(text: str) -> Markup:
    """Escape a translation, then let <b> and <i> (exactly those) through as markup."""
    return Markup(_ALLOWED_TAG.sub(r"<\1\2>", str(escape(text))))


def environment(localizer: Localizer) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=True,
        undefined=StrictUndefined,
        extensions=JINJA_EXTENSIONS,
        keep_trailing_newline=False,
    )
    env.policies["ext.i18n.trimmed"] = TRIMMED

    def gettext(message: str) -> Markup:
        return safe_translation(localizer.gettext(message))

    def ngettext(singular: str, plural: str, n: int) -> Markup:
        return safe_translation(localizer.ngettext(singular, plural, n))

    def pgettext(context: str, message: str) -> Markup:
        return safe_translation(localizer.pgettext(context, message))

    def npgettext(context: str, singular: str, plural: str, n: int) -> Markup:
        return safe_translation(localizer.npgettext(context, singular, plural, n))

    env.install_gettext_callables(gettext, ngettext, newstyle=True,  # type: ignore[attr-defined]
                                  pgettext=pgettext, npgettext=npgettext)
    env.filters["number"] = localizer.number
    # Lists in the reader's language: "A, B and C" (en), "A, B y C" (es), "A, B i C" (pl).
    env.filters["join_list"] = lambda items: localizer.list([str(i) for i in items])
    return env


def render(name: str, localizer: Localizer, **context: Any) -> str:
    """Render a template; any Jinja2 failure becomes one line naming file, line and locale."""
    try:
        return environment(localizer).get_template(name).render(**context)
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
