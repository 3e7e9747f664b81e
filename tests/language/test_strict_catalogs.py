"""Catalogs are read strictly (issue 45, finding 5): a syntax error in a ``.po`` file is
one error naming the file and the line, never a translation Babel quietly read as
something else (``msgstr "Wetterkarten`` lost its last letter, exit 0). What printkit
accepts, GNU gettext reads the same way."""

from __future__ import annotations

import ast
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.errors import DataErrors
from printkit.language.locales import read_po_file
from printkit.language.translations import load_catalog
from printkit.tools.glossary import load_glossary

HEADER = '''# A catalog of a game.
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: de\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
'''

VALID = HEADER + '''
#. The box's title.
msgid "Weather cards"
msgstr "Wetterkarten"

msgctxt "verb"
msgid "Draw"
msgstr "Ziehen"

#, python-format
msgid "%(count)s card"
msgid_plural "%(count)s cards"
msgstr[0] "%(count)s Karte"
msgstr[1] "%(count)s Karten"

msgid ""
"A long rule, "
"on two lines."
msgstr ""
"Eine lange Regel, "
"auf zwei Zeilen."

msgid "Say \\"go\\"\\tnow"
msgstr "Sag \\"los\\"\\tjetzt"

#, fuzzy
msgid "Snow"
msgstr "Schnee"

#~ msgid "Old"
#~ msgstr "Alt"
'''


def _catalog(root: Path, text: str | bytes) -> Path:
    path = root / "de" / "LC_MESSAGES" / "printkit.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def _error(tmp_path: Path, text: str | bytes) -> str:
    with pytest.raises(DataErrors) as caught:
        read_po_file("de", _catalog(tmp_path / "locales", text))
    lines = caught.value.lines()
    assert len(lines) == 1, lines
    return lines[0]


def test_the_valid_catalog_is_read_as_written(tmp_path: Path) -> None:
    catalog = load_catalog("de", _catalog(tmp_path / "locales", VALID).parents[2])
    assert catalog.singular["Weather cards"] == "Wetterkarten"
    assert catalog.singular["A long rule, on two lines."] == "Eine lange Regel, auf zwei Zeilen."
    assert catalog.singular['Say "go"\tnow'] == 'Sag "los"\tjetzt'
    assert "Snow" not in catalog.singular  # fuzzy


def test_an_unclosed_quote_is_an_error_naming_the_file_and_line(tmp_path: Path) -> None:
    text = VALID.replace('msgstr "Wetterkarten"', 'msgstr "Wetterkarten')
    line = text.splitlines().index('msgstr "Wetterkarten') + 1
    error = _error(tmp_path, text)
    assert f"de/LC_MESSAGES/printkit.po: line {line}: the string is not closed" in error


@pytest.mark.parametrize(("old", "new", "said"), [
    ('msgstr "Ziehen"', 'msgstr "Ziehen" "extra"', "only one string"),
    ('msgstr "Ziehen"', 'msgstr Ziehen', "expected a string"),
    # gettext joins a line ending in a backslash to the next: the msgid after the comment
    # would be read as part of it
    ("# A catalog of a game.", "# A catalog of a game\\", "ends with a backslash"),
    ('msgstr "Ziehen"', 'msgstr "Zie\\x68en"', "not an escape"),
    ('msgstr "Ziehen"', 'msgstr "Zie\x01hen"', "control character"),
    ('msgstr "Ziehen"', 'msgstr "Ziehen"\nmsgstr "Noch mal"', "a second msgstr"),
    ('msgstr "Ziehen"', 'msgstr[0] "Ziehen"', "without a msgid_plural"),
    ('msgstr[1] "%(count)s Karten"', 'msgstr[2] "%(count)s Karten"', "out of order"),
    # Babel drops a plural entry short of the header's forms: its translation went quietly
    ('msgstr[1] "%(count)s Karten"', '#sgstr[1] "%(count)s Karten"', "takes 2 msgstr[n]"),
    ('msgstr[0] "%(count)s Karte"', 'msgstr "%(count)s Karte"', "a plural entry"),
    ('msgctxt "verb"\nmsgid "Draw"', 'msgctxt "verb"\n# a note\nmsgid "Draw"',
     "msgctxt without a msgid"),
    ('msgid "Draw"\nmsgstr "Ziehen"', 'msgid "Draw"\n# a note\nmsgstr "Ziehen"',
     "msgid without a msgstr"),
    ('#, fuzzy\nmsgid "Snow"', '#, fuzzy\nmsgid "Weather cards"', "a second entry"),
    ('msgid "Snow"', 'msgid "Snow\\n"', "do not both end with \\n"),
    ('#. The box', '#-#-#-#-# The box', "merge conflict"),
    ('msgid "Weather cards"', 'msgid "Weather cards"\n"cont" # x', "only one string"),
    ('msgid "Weather cards"', 'msgid\t"Weather cards"', "not a line of a catalog"),
    ('msgid "Weather cards"', 'msgid "Weather\rcards"', "carriage return"),
    ("#, python-format", '#, python-format\n"stray"', "outside any msgid"),
])
def test_each_syntax_error_names_its_line(tmp_path: Path, old: str, new: str,
                                          said: str) -> None:
    assert old in VALID
    text = VALID.replace(old, new, 1)
    error = _error(tmp_path, text)
    assert said in error, error
    line = int(error.split(": line ")[1].split(":")[0])
    assert 1 <= line <= len(text.splitlines())


def test_a_byte_that_is_no_utf8_names_its_line(tmp_path: Path) -> None:
    raw = VALID.encode().replace(b"Ziehen", b"Zi\xffhen")
    line = raw[:raw.index(b"\xff")].count(b"\n") + 1
    assert f": line {line}: not UTF-8 text" in _error(tmp_path, raw)


def test_a_byte_order_mark_is_refused(tmp_path: Path) -> None:
    assert ": line 1: starts with a byte order mark" in _error(tmp_path, "\ufeff" + VALID)


def test_windows_line_ends_are_read_alike(tmp_path: Path) -> None:
    po = read_po_file("de", _catalog(tmp_path / "locales", VALID.replace("\n", "\r\n")))
    assert po.get("Weather cards").string == "Wetterkarten"


# -- mutated catalogs --------------------------------------------------------------


def _reference(text: str) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """What a catalog gettext accepts says, read plainly: per (msgctxt, msgid) of every
    entry that is neither fuzzy nor obsolete nor the header, its non-empty msgstr forms
    (a string's escapes are those of a Python literal)."""
    out: dict[tuple[str | None, str], tuple[str, ...]] = {}
    entry: dict[str, list[str]] = {}
    fuzzy = False
    field = ""

    def done() -> None:
        nonlocal entry, fuzzy
        if "msgid" in entry and not fuzzy and "".join(entry["msgid"]):
            forms = tuple("".join(v) for k, v in sorted(entry.items()) if k.startswith("msgstr"))
            if all(forms):
                context = "".join(entry["msgctxt"]) if "msgctxt" in entry else None
                out[(context, "".join(entry["msgid"]))] = forms
        entry, fuzzy = {}, False

    for line in text.replace("\r\n", "\n").split("\n"):
        line = line.strip(" \t")
        if not line:
            continue
        if line.startswith("#"):
            if entry:
                done()
            fuzzy = fuzzy or line.startswith("#,") and "fuzzy" in [
                flag.strip() for flag in line[2:].split(",")]
            continue
        if not line.startswith('"'):
            field, _, line = line.partition(" ")
            if field in ("msgctxt", "msgid") and "msgid" in entry:
                done()
            entry[field] = []
        entry[field].append(ast.literal_eval(line.strip(" \t")))
    done()
    return out


def _read(po) -> dict[tuple[str | None, str], tuple[str, ...]]:
    out = {}
    for message in po:
        if not message.id or message.fuzzy:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if all(forms):
            out[(message.context, msgid)] = tuple(forms)
    return out


_BYTES = st.sampled_from(list(b'"\\\n\r\t #~[]0123xnZ\x00\x7f\xff\xc3') + [0xa0])
_MUTATION = st.tuples(st.sampled_from(["replace", "insert", "delete"]),
                      st.integers(0, len(VALID.encode()) - 1), _BYTES)

MSGFMT = shutil.which("msgfmt")


@given(st.lists(_MUTATION, min_size=1, max_size=4))
def test_a_mutated_catalog_is_read_as_written_or_names_a_line(mutations) -> None:
    raw = bytearray(VALID.encode())
    for kind, at, byte in mutations:
        at = min(at, len(raw) - 1)
        if kind == "replace":
            raw[at] = byte
        elif kind == "insert":
            raw.insert(at, byte)
        else:
            del raw[at]
    with tempfile.TemporaryDirectory() as folder:
        path = _catalog(Path(folder) / "locales", bytes(raw))
        try:
            po = read_po_file("de", path)
        except DataErrors as exc:
            lines = exc.lines()
            assert len(lines) == 1, lines
            assert "de/LC_MESSAGES/printkit.po: line " in lines[0], lines
            return
        text = bytes(raw).decode("utf-8")
        assert _read(po) == _reference(text)
        if MSGFMT:  # what printkit reads, gettext reads too
            done = subprocess.run([MSGFMT, "-o", "/dev/null", str(path)],
                                  capture_output=True, text=True)
            assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("text", "key"), [
    ("term = 5", "term"), ("term = [5]", "term"), ('term = [{en = 5, use = "x"}]', "term[0].en"),
    ("forbidden = [3]", "forbidden"), ("forbidden = [{words = 5}]", "forbidden[0].words"),
    ('term = [{en = "a", use = "b", forms = 3}]', "term[0].forms"),
    ('term = [{en = "a", use = "b", game = 3}]', "term[0].game"),
])
def test_a_careless_glossary_is_one_line_naming_the_key(tmp_path: Path, text: str,
                                                        key: str) -> None:
    root = tmp_path / "locales"
    _catalog(root, VALID)
    (root / "de" / "glossary.toml").write_text(text + "\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_glossary("de", root)
    assert [line.split(": ", 1)[1] for line in caught.value.lines()][0].startswith(key)
