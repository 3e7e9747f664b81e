"""A pseudo-locale: every string accented, about 40 % longer and in brackets.

Building a kit in it shows at a glance (and to the tests) any string that
escaped translation, since it prints without brackets, and any box that
overflows once a real language runs longer than English.
"""

from __future__ import annotations

import re

from babel.messages.catalog import Catalog

from printkit.tools.extract import STABLE_DATE

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹМÑÓƤɊŔŠŢÚṼŴẊÝŽ",
)
#: Placeholders and markup pass through untouched.
_KEEP = re.compile(r"(%\(\w+\)[sd]|%%|<[^>]*>)")
GROWTH = 0.4


def pseudo(text: str) -> str:
    parts = _KEEP.split(text)
    out = "".join(p if _KEEP.fullmatch(p) else p.translate(_ACCENTS) for p in parts)
    visible = len(_KEEP.sub("", text))
    # Growth comes as short words, so it wraps like the longer words of a real language.
    grow = max(1, round(visible * GROWTH))
    padding = " ".join("~" * min(5, grow - i) for i in range(0, grow, 5))
    return f"[{out} {padding}]"


def pseudo_catalog(template: Catalog, code: str) -> Catalog:
    """A catalog for ``code`` with every entry of ``template`` pseudo-translated."""
    catalog = Catalog(locale=code, project="printkit", creation_date=STABLE_DATE,
                      revision_date=STABLE_DATE, charset="utf-8")
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            forms = [pseudo(message.id[0])] + [pseudo(message.id[1])] * (catalog.num_plurals - 1)
            catalog.add(message.id, tuple(forms), locations=message.locations,
                        context=message.context)
        else:
            catalog.add(message.id, pseudo(message.id), locations=message.locations,
                        context=message.context)
    return catalog
