"""A catalog's syntax, checked line by line before Babel reads it.

Babel's reader is lenient: it takes whatever follows ``msgstr`` as a string and drops
its first and last characters, so ``msgstr "Wetterkarten`` (the closing quote lost)
becomes ``Wetterkarte`` without a word; a ``msgstr`` before any ``msgid`` is dropped, a
second entry for the same msgid silently replaces the first, and ``\\x41`` stays four
characters where gettext reads ``A``. :func:`check` accepts only the part of the PO
syntax that Babel reads as GNU gettext does (and ``msgfmt --check-format`` accepts):
every line blank, a ``#`` comment, a keyword and one string, or one string continuing
the keyword before it. Anything else is the first line that breaks it, as
``(line number, what is wrong)``; the file's text is never quoted.
"""

from __future__ import annotations

import re

#: A string as gettext writes it: quotes around characters and the escapes Babel and
#: gettext read alike.
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
            "\\": "\\", '"': '"'}
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr)(\[[0-9]+\])?(?= )")
#: Space between a line's parts (Babel strips no other: a form feed or a no-break space
#: would be read differently by gettext).
_BLANK = " \t"
#: Control characters a string may hold as they are (only the tab).
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


#: The number of plural forms in a header's Plural-Forms.
_NPLURALS = re.compile(r"nplurals\s*=\s*(\d+)")


class _Entry:
    """The entry being read: its keywords' strings so far, and where it began."""

    def __init__(self, line: int, obsolete: bool) -> None:
        self.line = line
        self.obsolete = obsolete
        self.context: str | None = None
        self.msgid: str | None = None
        self.plural: str | None = None
        self.strings: list[str] = []
        #: The keyword the next continuation string belongs to.
        self.last: str | None = None

    def append(self, text: str) -> None:
        if self.last == "msgctxt":
            self.context = (self.context or "") + text
        elif self.last == "msgid":
            self.msgid = (self.msgid or "") + text
        elif self.last == "msgid_plural":
            self.plural = (self.plural or "") + text
        else:
            self.strings[-1] += text


class Invalid(Exception):
    """The first line of a catalog that breaks its syntax: ``line`` (from 1) and what."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def _string(rest: str, line: int) -> str:
    """The text of the one string ``rest`` holds, with nothing but space after it."""
    rest = rest.lstrip(_BLANK)
    if not rest.startswith('"'):
        raise Invalid(line, 'expected a string in double quotes ("...")')
    found = _STRING.match(rest)
    if found is None:
        raise Invalid(line, 'the string is not closed: a " is missing at its end')
    if rest[found.end():].strip(_BLANK + "\r"):
        raise Invalid(line, "only one string may stand on a line, and nothing after it")
    body = found.group(1)
    if _CONTROL.search(body):
        raise Invalid(line, "a control character inside a string; write \\n or \\t")
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            escaped = body[i + 1]
            if escaped not in _ESCAPES:
                raise Invalid(line, "a backslash before a character that is not an escape; "
                                    "write the character itself (\\n, \\t, \\\\ and "
                                    "\\\" are escapes)")
            out.append(_ESCAPES[escaped])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _finish(done: _Entry | None, seen: dict[tuple[bool, str | None, str], int],
            forms: list[int]) -> None:
    """Check an entry read whole: a msgid with its msgstr, no msgid twice, a plural entry
    with as many forms as the header's Plural-Forms gives (``forms``, filled from the
    header), and gettext's rule on a leading or trailing newline."""
    if done is None:
        return
    if done.msgid is None:
        raise Invalid(done.line, "msgctxt without a msgid after it")
    if not done.strings:
        raise Invalid(done.line, "msgid without a msgstr")
    key = (done.obsolete, done.context, done.msgid)
    if key in seen:
        raise Invalid(done.line, f"a second entry for the same msgid (the first is on "
                                 f"line {seen[key]})")
    seen[key] = done.line
    if done.msgid == "" and not done.obsolete and not forms:
        found = _NPLURALS.search(done.strings[0])
        forms.extend([int(found.group(1))] if found else [])
    elif done.plural is not None and not done.obsolete and forms and \
            len(done.strings) != forms[0]:
        # Babel drops such an entry whole: its translation would quietly be English
        raise Invalid(done.line, f"a plural entry takes {forms[0]} msgstr[n], as the "
                                 f"header's Plural-Forms says; this one has "
                                 f"{len(done.strings)}")
    if done.msgid:
        sources = (done.msgid, *([done.plural] if done.plural is not None else []))
        for translated in (s for s in done.strings if s):
            for end, test in (("begin", str.startswith), ("end", str.endswith)):
                if any(test(source, "\n") != test(translated, "\n") for source in sources):
                    raise Invalid(done.line, f"msgid and msgstr do not both {end} with "
                                             f"\\n (gettext refuses this)")


def _take(entry: _Entry, word: str, index: str | None, text_of: str, number: int) -> None:
    """Put a keyword line's string in its place in the entry, in the order gettext wants."""
    if word == "msgctxt":
        entry.context = text_of
    elif word == "msgid":
        entry.msgid = text_of
    elif word == "msgid_plural":
        if entry.msgid is None or entry.plural is not None or entry.strings:
            raise Invalid(number, "msgid_plural must follow its msgid, once")
        entry.plural = text_of
    else:
        if entry.msgid is None:
            raise Invalid(number, f"{word}{index or ''} before its msgid")
        if (index is None) != (entry.plural is None):
            raise Invalid(number, "a plural entry (msgid_plural) takes msgstr[0], "
                                  "msgstr[1]..., any other entry one msgstr"
                          if index is None else
                          "msgstr[n] without a msgid_plural before it")
        if index is None and entry.strings:
            raise Invalid(number, "a second msgstr for one msgid")
        if index is not None and int(index[1:-1]) != len(entry.strings):
            raise Invalid(number, f"msgstr{index} out of order: expected "
                                  f"msgstr[{len(entry.strings)}]")
        entry.strings.append(text_of)


def check(text: str) -> None:
    """Raise :class:`Invalid` for the first line of catalog ``text`` (decoded) that
    breaks the syntax gettext and Babel read alike; entries are also checked whole: a
    msgid with its msgstr, plural forms numbered from 0, no msgid twice."""
    seen: dict[tuple[bool, str | None, str], int] = {}
    forms: list[int] = []
    entry: _Entry | None = None
    lines = text.split("\n")
    for number, raw in enumerate(lines, start=1):
        body = raw[:-1] if raw.endswith("\r") else raw  # CRLF files too
        if raw.endswith("\\") and number < len(lines):
            # gettext joins a line ending in a backslash to the next, a comment's too
            # ("# note\" swallows the msgid after it); Babel does not
            raise Invalid(number, "a line ends with a backslash, which gettext reads as "
                                  "joined to the next line")
        line = body.strip(_BLANK)
        if "\r" in line:
            raise Invalid(number, "a carriage return inside a line")
        if not line:
            continue
        obsolete = line.startswith("#~")
        if line.startswith("#") and not obsolete:
            if line.startswith("#-"):
                raise Invalid(number, "a merge conflict marker (#-#-#-#-#); resolve the "
                                      "conflict")
            _finish(entry, seen, forms)
            entry = None
            continue
        if obsolete:
            line = line[2:].lstrip(_BLANK)
            if not line or line.startswith("|"):  # a previous msgid of an obsolete entry
                continue
        if line.startswith('"'):
            if entry is None or entry.last is None:
                raise Invalid(number, "a string outside any msgid, msgstr or msgctxt")
            if entry.obsolete != obsolete:
                raise Invalid(number, "an entry partly commented out with #~")
            entry.append(_string(line, number))
            continue
        keyword = _KEYWORD.match(line)
        if keyword is None:
            raise Invalid(number, "not a line of a catalog: expected msgctxt, msgid, "
                                  "msgid_plural, msgstr, a \"string\" or a # comment")
        word, index = keyword.group(1), keyword.group(2)
        text_of = _string(line[keyword.end():], number)
        if word == "msgctxt" or word == "msgid" and (entry is None or entry.msgid is not None):
            _finish(entry, seen, forms)
            entry = _Entry(number, obsolete)
        if entry is None:
            raise Invalid(number, f"{word} before any msgid")
        _take(entry, word, index, text_of, number)
        if entry.obsolete != obsolete:
            raise Invalid(number, "an entry partly commented out with #~")
        entry.last = word
    _finish(entry, seen, forms)
