"""Spelling: every catalog and every printed text checked with Hunspell's dictionaries.

A locale is spelt by the Hunspell dictionary :data:`DICTIONARIES` names for its language
(Debian installs them under /usr/share/hunspell: ``hunspell-pl``, ``hunspell-de-de``...),
through the ``hunspell`` command itself, so no Python binding is needed. English is
checked as British English: the catalogs write "colour" and "centre".

Names and coined terms no dictionary has are listed, one a line, in three word lists:

- ``printkit/games/<game>/words.txt``: what a game prints in every language as it is
  (its title, its designers and publisher, "Free Skate", the week cards);
- ``locales/<code>/words.txt``: the language's own words its dictionary lacks (a
  compound, an inflected name, a verb with its pronouns written on);
- ``locales/words.txt``: what printkit prints in every language (CMYK).

``#`` starts a comment. A word is known with every case the dictionary allows it
(a word list's lower-case word is known capitalised too).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Message

from printkit.errors import UsageError
from printkit.language.locales import (
    catalog_path,
    locales_root,
    read_po_file,
    shipped_locale,
    shipped_locales,
    template_path,
)
from printkit.resources import SOURCE_LOCALE, relative

#: A language's Hunspell dictionary and the Debian package that installs it; None where
#: there is none (the reason is given instead).
DICTIONARIES: dict[str, tuple[str, str]] = {
    "en": ("en_GB", "hunspell-en-gb"),
    "pl": ("pl_PL", "hunspell-pl"),
    "de": ("de_DE", "hunspell-de-de"),
    "fr": ("fr_FR", "hunspell-fr"),
    "es": ("es_ES", "hunspell-es"),
    "ar": ("ar", "hunspell-ar"),
}
#: Languages no Hunspell dictionary spells, and why.
UNSPELT = {
    "ja": "Japanese has no Hunspell dictionary (it is written without spaces between "
          "words, so there are no words for a word list to check)",
}
#: Where Hunspell's dictionaries are installed (beside any in $DICPATH).
_DICTIONARY_FOLDERS = ("/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts",
                       "/usr/local/share/hunspell")
WORDS_FILE = "words.txt"

#: What is not prose: markup, placeholders, a percent sign.
_MARKUP = re.compile(r"<[^>]*>|%\(\w+\)[sd]|%%|%[sd]")
#: A number and what is written onto it (2x, A4, 1up, a Spanish ordinal, 10th): masked, not spelt.
_NUMBERED = re.compile(r"[\w\u2019'.\u00ba\u00aa-]*\d[\w\u2019'.\u00ba\u00aa-]*")
#: Characters that print nothing, and Arabic's vowel signs and tatweel (optional, and
#: a presentation form's own space before them once it is made letters again): dropped.
_INVISIBLE = re.compile("\\s*[\u064b-\u065f\u0670\u0640]"
                        "|[\u00ad\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069]")
#: A hyphen that ends a line of a printed text: the word goes on on the next line.
_LINE_HYPHEN = re.compile(r"(?<=\w)-\s*\n\s*(?=\w)")
#: A hyphen before a word and after none (a placeholder's "-Karte"); one after a word
#: stays, as German writes "Vorder- und Hinterrad" (front and back wheel).
_LOOSE_HYPHEN = re.compile(r"(?<!\w)-+")
#: Where a Latin word and an Arabic one meet with no space ("and Ben": an Arabic
#: conjunction written onto a name); or an ellipsis, which NFKC makes three full stops.
_SEAM = re.compile(r"(?<=[A-Za-z\u00c0-\u024f])(?=[\u0600-\u06ff])"
                   r"|(?<=[\u0600-\u06ff])(?=[A-Za-z\u00c0-\u024f])"
                   r"|\.{2,}")


@dataclass(frozen=True)
class Dictionary:
    """A locale's Hunspell dictionary: its path (without .dic), or why there is none."""

    code: str
    path: str | None
    reason: str = ""


def dictionary(code: str) -> Dictionary:
    """The dictionary that spells locale ``code``, or the reason it cannot be spelt (the
    dictionary or Hunspell itself not installed: the package to install is named)."""
    language = code.split("_")[0]
    if language in UNSPELT:
        return Dictionary(code, None, UNSPELT[language])
    name, package = DICTIONARIES.get(language, (language, f"hunspell-{language}"))
    if shutil.which("hunspell") is None:
        return Dictionary(code, None, "Hunspell is not installed (Debian: apt-get install "
                          f"hunspell {package})")
    folders = [*os.environ.get("DICPATH", "").split(os.pathsep), *_DICTIONARY_FOLDERS]
    for folder in filter(None, folders):
        if (Path(folder) / f"{name}.dic").is_file():
            return Dictionary(code, str(Path(folder) / name))
    return Dictionary(code, None, f"no Hunspell dictionary {name} (Debian: apt-get install "
                      f"{package})")


def word_lists(code: str, game_folders: Iterable[Path], root: Path | None = None
               ) -> list[Path]:
    """The word lists that hold for locale ``code``'s texts of the games in
    ``game_folders`` (those that exist), printkit's own after a project's."""
    from printkit.resources import locales_dir

    roots = list(dict.fromkeys((locales_root(root), locales_dir())))
    paths = [r / WORDS_FILE for r in roots] + [r / code / WORDS_FILE for r in roots]
    paths += [Path(folder) / WORDS_FILE for folder in game_folders]
    return [p for p in paths if p.is_file()]


def read_words(paths: Iterable[Path]) -> list[str]:
    """The words of word lists: one a line, ``#`` comments and blank lines left out."""
    words: list[str] = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            word = line.split("#", 1)[0].strip()
            if word:
                words.append(word)
    return list(dict.fromkeys(words))


def prose(text: str) -> str:
    """``text`` as words to spell: one line, no markup, placeholders or numbers, ligatures
    and presentation forms as letters, a word hyphenated across lines whole again."""
    text = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
    text = _LINE_HYPHEN.sub("-", text)
    text = _NUMBERED.sub(" ", _MARKUP.sub(" ", text))
    text = _SEAM.sub(" ", _LOOSE_HYPHEN.sub(" ", text))
    return " ".join(text.replace("\u2019", "'").split())


def unknown_words(found: Dictionary, texts: list[str], words: Iterable[str] = ()
                  ) -> list[list[str]]:
    """For each of ``texts``, the words Hunspell does not know (``words`` known too), each
    once, in the order written. One Hunspell run for them all."""
    if found.path is None:
        raise UsageError(f"locale {found.code!r} cannot be spelt: {found.reason}")
    lines = [prose(t) for t in texts]
    with tempfile.TemporaryDirectory() as folder:
        personal = Path(folder) / "words.txt"
        personal.write_text("\n".join(words) + "\n", encoding="utf-8")
        result = subprocess.run(
            ["hunspell", "-d", found.path, "-p", str(personal), "-i", "utf-8", "-l"],
            input="\n".join(lines) + "\n", capture_output=True, text=True, encoding="utf-8",
            check=False)
    if result.returncode != 0:
        raise UsageError(f"hunspell failed for locale {found.code!r}: "
                         f"{result.stderr.strip() or result.returncode}")
    unknown = list(dict.fromkeys(result.stdout.split()))
    if not unknown:
        return [[] for _ in texts]
    pattern = re.compile("|".join(rf"(?<![\w']){re.escape(w)}(?![\w])"
                                  for w in sorted(unknown, key=len, reverse=True)))
    return [list(dict.fromkeys(pattern.findall(line))) for line in lines]


#: A kit's files that print the same words as another (its ink-saving and fold versions,
#: the kit and print runs that join the documents): not read again.
_SAME_WORDS = re.compile(r"^(kit|print)-|-(ink|fold|fold-ink)-[^-]+\.pdf$")


def printed_documents(folder: Path, game: Any) -> list[Path]:
    """The PDFs of a built game and locale (``output/<game>/<code>/``) whose words are
    their own, each document once. A board is left out: tiled across sheets, it cuts a
    label that crosses a sheet's edge ("A snowboard rac"), and its labels are catalog
    entries, spelt there."""
    boards = {f"{d.id}-" for d in game.documents if d.kind == "board"}
    return sorted(p for p in folder.glob("*.pdf") if not _SAME_WORDS.search(p.name)
                  and not any(p.name.startswith(b) for b in boards))


def printed_text(path: Path, right_to_left: bool = False) -> str:
    """The text of a PDF as a reader copies it, with poppler's ``pdftotext`` (Debian:
    poppler-utils): a right-to-left script's in reading order (pypdf and PDFium give
    presentation forms, a ligature's private code or a word's letters reversed), a
    left-to-right one's in the order drawn, which keeps a word set at an angle whole. A
    UsageError if it is not installed."""
    if shutil.which("pdftotext") is None:
        raise UsageError("poppler's pdftotext is not installed (Debian: apt-get install "
                         "poppler-utils)")
    order = [] if right_to_left else ["-raw"]
    result = subprocess.run(["pdftotext", *order, "-enc", "UTF-8", str(path), "-"],
                            capture_output=True, check=False)
    if result.returncode != 0:
        raise UsageError(f"pdftotext cannot read {path}: {result.stderr.decode().strip()}")
    return result.stdout.decode("utf-8")


def catalog_entries(code: str, root: Path | None = None
                    ) -> Iterator[tuple[str, Message, tuple[str, ...]]]:
    """What locale ``code``'s catalog prints, entry by entry: (file, entry, its printed
    forms, each once); English's are the template's msgids (and plural msgids)."""
    path = template_path(root) if code == SOURCE_LOCALE else catalog_path(code, root)
    label = relative(path)
    for message in read_po_file(code, path):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = ids if code == SOURCE_LOCALE else (
            message.string if isinstance(message.string, tuple) else (message.string,))
        yield label, message, tuple(dict.fromkeys(s for s in strings if s))


def catalog_texts(code: str, root: Path | None = None) -> list[tuple[str, int, str, str]]:
    """What locale ``code``'s catalog prints: (file, line, msgid, text) per entry and form."""
    return [(label, message.lineno, message.id if isinstance(message.id, str)
             else message.id[0], text)
            for label, message, texts in catalog_entries(code, root) for text in texts]


@dataclass(frozen=True)
class CatalogSpelling:
    """A locale's catalog spelt: its dictionary, and each entry with unknown words (file,
    line, msgid, the words)."""

    dictionary: Dictionary
    entries: tuple[tuple[str, int, str, tuple[str, ...]], ...] = ()

    @property
    def words(self) -> list[str]:
        """Every unknown word, once."""
        return list(dict.fromkeys(w for entry in self.entries for w in entry[3]))

    def lines(self) -> list[str]:
        code = self.dictionary.code
        if self.dictionary.path is None:
            return [f"locale {code}: not spelt: {self.dictionary.reason}"]
        return [f"locale {code}: {label}:{line}: entry {msgid!r}: unknown {', '.join(words)}"
                for label, line, msgid, words in self.entries]

    def summary(self) -> str:
        code, path = self.dictionary.code, self.dictionary.path
        if path is None:
            return f"locale {code}: not spelt"
        return (f"locale {code} ({Path(path).name}): {len(self.entries)} entries with "
                f"{len(self.words)} unknown words")


def check_catalog(code: str, root: Path | None = None) -> CatalogSpelling:
    """Locale ``code``'s catalog spelt with its dictionary and every game's word list."""
    from printkit import games

    found = dictionary(code)
    if found.path is None:
        return CatalogSpelling(found)
    rows = catalog_texts(code, root)
    folders = [game.folder for game in games.GAMES.values()]
    words = read_words(word_lists(code, folders, root))
    entries: dict[tuple[str, int, str], tuple[str, ...]] = {}
    for (label, line, msgid, _text), unknown in zip(
            rows, unknown_words(found, [r[3] for r in rows], words), strict=True):
        if unknown:
            key = (label, line, msgid)
            entries[key] = tuple(dict.fromkeys(entries.get(key, ()) + tuple(unknown)))
    return CatalogSpelling(found, tuple((*key, words) for key, words in entries.items()))


def spelling_problems(codes: list[str] | None = None, root: Path | None = None
                      ) -> list[CatalogSpelling]:
    """The catalogs of the given locales (default: every shipped one) spelt."""
    return [check_catalog(code, root)
            for code in ([shipped_locale(c, root) for c in codes] if codes
                         else shipped_locales(root))]
