"""Ready-made variants: the versions of a kit's printed components a build writes besides
the ones its options ask for, so that nobody needs the command line to get them.

A person who downloaded a kit cannot run ``printkit build --ink-saver`` or
``--layout fold``. So every build also writes, beside ``<document>-<paper>.pdf``:

- ``<document>-ink-<paper>.pdf``: the ink-saving version of every card, token, dice and
  board document, in the home layout (backs printed double-sided);
- ``<document>-fold-<paper>.pdf``: every card document in the fold layout (fronts and
  backs side by side, to fold and glue; for a printer without double-sided printing);
- ``<document>-fold-ink-<paper>.pdf``: the same, ink-saving.

A build in the shop layout also writes ``<document>-1up-<paper>.pdf`` of every card
document (:data:`ONE_UP`): every card on a page of its own, the page the card and its
bleed, for a print shop that prints cards one by one. It is not listed in the guide.

A variant the build's own options already give (``-ink`` in a build with
``--ink-saver``, say) is not written twice: its document's own file is that version.
The guide lists every variant file with its pages and printing; the kit web page links
to them. Variants are not part of the print runs or the whole-kit PDF, which follow the
build's options.

Pure: names and print specs, nothing rendered here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from printkit.geometry import PrintSpec
from printkit.kinds import kind
from printkit.language.translations import N_
from printkit.model.game import Document


@dataclass(frozen=True)
class Variant:
    """One ready-made version: its file-name part, card layout, ink and what it is for."""

    id: str
    layout: str
    ink_saver: bool
    #: What the version is, in the guide and on the kit web page (English msgid).
    title: str
    #: Each card on a page of its own (see :attr:`~printkit.geometry.PrintSpec.one_up`).
    one_up: bool = False

    def spec(self, spec: PrintSpec) -> PrintSpec:
        """The build's print spec, in this variant's layout and ink."""
        return replace(spec, layout=self.layout, ink_saver=self.ink_saver, one_up=self.one_up)

    @property
    def duplex(self) -> bool:
        """Whether its card documents print double-sided (the fold layout does not)."""
        return self.layout != "fold"


#: Every variant, in the order the guide lists them.
VARIANTS: tuple[Variant, ...] = (
    Variant("ink", "home", True,
            # TRANSLATORS: the print-and-play guide's "Ready-made versions" table and the kit
            # web page: a version of a card, token, dice or board document using less ink.
            N_("ink-saving")),
    Variant("fold", "fold", False,
            # TRANSLATORS: the print-and-play guide's "Ready-made versions" table and the kit
            # web page: a version of a card document with fronts and backs side by side,
            # printed on one side, folded and glued (for printers without duplex printing).
            N_("to fold")),
    Variant("fold-ink", "fold", True,
            # TRANSLATORS: the print-and-play guide's "Ready-made versions" table and the kit
            # web page: a version of a card document to fold (as above) using less ink.
            N_("to fold, ink-saving")),
)

BY_ID = {variant.id: variant for variant in VARIANTS}

#: A print shop's one-up file of a card document, in full colour, beside the card sheets
#: of a build in the shop layout (not in the guide or on the kit page: no title shown).
ONE_UP = Variant("1up", "shop", False, "one card a page", one_up=True)


@dataclass(frozen=True)
class Version:
    """One variant of one document that a build writes."""

    document: Document
    variant: Variant

    @property
    def id(self) -> str:
        """Its name in file names and page counts: ``<document>-<variant>``."""
        return variant_id(self.document.id, self.variant.id)


def variant_id(document: str, variant: str) -> str:
    return f"{document}-{variant}"


def versions(documents: Sequence[Document], spec: PrintSpec) -> Iterator[Version]:
    """The variants a build with ``spec`` writes of ``documents``, in the game's order: each
    variant of each document of its kinds, unless ``spec`` already prints it that way."""
    for doc in documents:
        for variant in VARIANTS:
            if variant.id in kind(doc.kind).variants and variant.spec(spec) != spec:
                yield Version(doc, variant)


def shop_files(documents: Sequence[Document], spec: PrintSpec) -> Iterator[Version]:
    """The one-up files a build with ``spec`` writes (see :data:`ONE_UP`): one per
    document of a kind that has them, in the shop layout only."""
    if spec.layout != "shop":
        return
    for doc in documents:
        if ONE_UP.id in kind(doc.kind).variants:
            yield Version(doc, ONE_UP)
