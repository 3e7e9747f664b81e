"""The building process's account of one build (:class:`Ledger`): what the last build
recorded, what this one keeps, renders and will write, and the fingerprint of each
output. Every phase takes the ledger as an argument and adds to it; it lives as long as
the build and is never shared with workers (they get the :class:`~.job.Job`)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from printkit import filestamps
from printkit.commands.build.job import Key, target
from printkit.commands.build.options import BuildOptions, BuildResult
from printkit.commands.fingerprint import (
    Record,
    Store,
    code_digest,
    decks,
    digest,
    game_digest,
    options_digest,
    pictures,
    translations,
)
from printkit.errors import PrintkitError
from printkit.geometry import Paper, PrintSpec
from printkit.kinds import kind
from printkit.language import conventions
from printkit.language.script import load as load_script
from printkit.language.translations import Localizer
from printkit.model.game import GUIDE, Game
from printkit.output import Spool, Spooled
from printkit.outputs.preview import COVER, preview_name, preview_pattern
from printkit.outputs.preview import FOLDER as PREVIEWS
from printkit.outputs.preview.kitpage import KIT_DATA
from printkit.pdfmerge.icc import CmykProfile


@dataclass
class Ledger:
    """One build's bookkeeping in the building process (see the module's doc)."""

    out: Path
    paper: Paper
    spec: PrintSpec
    strict: bool
    previews: bool
    #: the last build's records (empty when forced), and this build's
    store: Store
    #: the last build's records even when forced: the files of other games, locales and
    #: papers that this build keeps as they are, and the ones it wrote and no longer makes
    previous: Store
    spool: Spool
    #: the localizer of each locale built (its catalog, its warnings)
    localizers: dict[str, Localizer]
    #: each game's code, data and templates, and each locale's script, as digests
    base: dict[str, str]
    #: each game's card files fingerprinted per document (see :func:`card_files`)
    cards: dict[str, dict[str, Path]]
    scripts: dict[str, list[str]]
    fresh: Store = field(default_factory=Store)
    #: what the write puts on disk: rendered here, or waiting in the spool
    files: dict[Path, bytes | Spooled] = field(default_factory=dict)
    #: the fingerprint of each output of the build, kept or rendered
    prints: dict[Key, str] = field(default_factory=dict)
    #: the pages of each output, kept or rendered (None: kept, and recorded without them)
    pages: dict[Key, int | None] = field(default_factory=dict)
    #: the guides kept while some of their kit's files are made again: (game, locale) ->
    #: the guide's fingerprint and the catalog keys it used
    kept_guides: dict[tuple[str, str], tuple[str, list[str]]] = field(default_factory=dict)
    #: per locale: catalog keys with no translation, and warning lines
    missing: dict[str, set[str]] = field(default_factory=dict)
    #: preview records of documents rendered again: their pages may have changed in number
    stale: set[str] = field(default_factory=set)
    #: what went wrong (nothing is written if anything did) and which game and locale
    errors: list[PrintkitError] = field(default_factory=list)
    failed: set[tuple[str, str]] = field(default_factory=set)
    result: BuildResult = field(default_factory=BuildResult)
    #: the CMYK output profile every PDF is converted to; None: sRGB
    cmyk: CmykProfile | None = None

    @classmethod
    def open(cls, options: BuildOptions, selected: list[Game], locales: list[str],
             paper: Paper, spec: PrintSpec, spool: Spool,
             cmyk: CmykProfile | None = None) -> Ledger:
        """The ledger of a build into ``options.out``, from the records of the last one
        there (none when forced)."""
        out = options.out
        previous = Store.load(out)
        # files and pictures unchanged since the last build: not read again
        filestamps.seed(previous.stamps)
        store = Store() if options.force else previous
        localizers = {code: Localizer.for_locale(code, strict=options.strict)
                      for code in locales}
        for localizer in localizers.values():  # CLDR data loaded once, before workers fork
            localizer.number(1000)
        cards = {game.id: card_files(game) for game in selected}
        base = {game.id: digest(code_digest(), game_digest(game.id, game.folder, game.project,
                                                          out, cards[game.id].values()),
                                os.environ.get("SOURCE_DATE_EPOCH", ""))
                for game in selected}
        #: How each locale sets its text (fonts, direction, where lines may not break):
        #: documents follow it.
        scripts = {code: [*load_script(code).digest(), *conventions.digest(code)]
                   for code in locales}
        return cls(out=out, paper=paper, spec=spec, strict=options.strict,
                   previews=options.previews, store=store, previous=previous, spool=spool,
                   localizers=localizers, base=base, cards=cards, scripts=scripts,
                   missing={code: set() for code in locales}, cmyk=cmyk)

    def fingerprint(self, game: Game, locale: str, name: str, used: list[str],
                    *depends: str) -> str:
        """What an output is made from: the game, the settings its kind depends on, the
        locale and its script, the translations, pictures and decks it used, and
        ``depends``."""
        doc, doc_spec, _own = (GUIDE, self.spec, True) if name == GUIDE.id else \
            target(game, name, self.spec)
        return digest(self.base[game.id], self._settings(doc.kind, doc_spec),
                      locale, self.scripts[locale], name,
                      translations(self.localizers[locale], used),
                      pictures(game.folder, used), decks(self.cards[game.id], used),
                      list(depends))

    def _settings(self, doc_kind: str, spec: PrintSpec) -> str:
        """Rulebooks and references are set the same whatever the card layout or duplex
        offset (their pictures of components follow the ink saver); every other document
        depends on the whole print spec. Every document depends on the CMYK profile, if any."""
        settings = {"paper": self.paper.id, "strict": self.strict,
                    "spec": spec.ink_saver if kind(doc_kind).flow else spec}
        if self.cmyk is not None:  # every document's colours, by the profile's bytes
            settings["cmyk"] = self.cmyk.digest
        return options_digest(settings)

    def kept_previews(self, key: Key, current: str) -> dict[str, Record] | None:
        """The previews of an up-to-date document, if all are still as written (or not asked
        for); None sends the document back to be rendered, previews and all."""
        if not self.previews:
            return {}
        shots = previews_of(self.store, *key, self.paper.id)
        if not any(name.endswith(f"-{COVER}.png") for name in shots):
            return None
        wanted = digest(current, "previews")
        return shots if all(self.store.up_to_date(self.out, self.out / name, wanted)
                            for name in shots) else None

    def add_previews(self, key: Key, current: str, shots: dict[str, bytes]) -> None:
        """Write a document's new previews, forgetting the records of its old ones."""
        self.stale.update(previews_of(self.store, *key, self.paper.id))
        folder = self.out / key[0] / key[1] / PREVIEWS
        for page, png in shots.items():
            shot = folder / preview_name(key[2], self.paper.id, page)
            self.files[shot] = png
            self.fresh.record(self.out, shot, digest(current, "previews"), [], [], png)

    def add(self, path: Path, fingerprint: str, used: list[str], absent: list[str],
            data: bytes | Spooled, pages: int | None = None) -> None:
        """A file made by this build (with its pages, for a document): recorded, and
        written with the rest."""
        self.fresh.record(self.out, path, fingerprint, used, absent, data, pages)
        self.files[path] = self.spool.keep(data)

    def keep(self, path: Path, record: Record) -> None:
        """A file up to date on disk: its record carried over, the file left alone."""
        self.fresh.records[path.relative_to(self.out).as_posix()] = record


#: What a project's Python code reading a file says (a rules engine that opens its card
#: file by a name it makes, or looks for it): its card files then count for every document.
READS = ("open(", "read_text", "read_bytes", "glob(", "listdir", "scandir", "walk(", "csv",
         "__file__", "loadtxt", "read_")


def card_files(game: Game) -> dict[str, Path]:
    """The card file (CSV) of each deck of a game project, by deck id: fingerprinted per
    document that reads the deck (see :func:`printkit.commands.fingerprint.decks`), not
    with the rest of the project's folder. Not a card file a Python file of the project
    names: its rules engine may read it itself, for every document (then the whole file
    is in the game's digest, as is every file of a game.toml that cannot be read now), nor
    any card file when a Python file of the project reads files at all (:data:`READS`):
    when in doubt, every document depends on it. The project's ``tests/`` are not read
    for this: a build runs none of them (it only reads the rule ids they name)."""
    if not game.project:
        return {}
    try:
        data = game.load_data()
    except PrintkitError:  # the build reports it; meanwhile every file is in the digest
        return {}
    code = []
    home = game.folder.resolve()
    for path in sorted(game.folder.rglob("*.py")):
        parts = path.relative_to(game.folder).parts
        if any(p.startswith(".") for p in parts) or parts[0] in ("output", "tests") \
                or not path.resolve().is_relative_to(home):
            continue  # never run by a build: a link out of the folder, the output, tests
        try:
            code.append(path.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            return {}
    found: dict[str, Path] = {}
    for deck_id, spec in (data.get("decks") or {}).items():
        name = spec.get("csv")
        if not isinstance(name, str) or any(word in text for text in code
                                            for word in (Path(name).name, *READS)):
            continue
        path = game.folder / name
        if path.resolve().is_relative_to(home):
            found[deck_id] = path
    return found


def kit_data_path(out: Path, game: str, locale: str, paper: str) -> Path:
    """What the kit page needs to know of a kit (see
    :func:`printkit.outputs.preview.kitpage.kit_data`)."""
    return out / game / locale / PREVIEWS / KIT_DATA.format(paper=paper)


def previews_of(store: Store, game: str, locale: str, document: str,
                paper: str) -> dict[str, Record]:
    """The store's records of one document's previews."""
    folder = f"{game}/{locale}/{PREVIEWS}/"
    pattern = preview_pattern(document, paper)
    return {name: record for name, record in store.records.items()
            if name.startswith(folder) and pattern.fullmatch(name[len(folder):])}
