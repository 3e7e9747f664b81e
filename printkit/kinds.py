"""Document kinds as data: what a kind of document is, declared once.

A game's documents each have a kind (``rulebook``, ``cards``, ``board``…). Everything
printkit does differently by kind reads it here: the build (which print options change
it, how long it takes), the guide (card or paper, copies, sides, its assembly step),
the ready-made variants, the previews and the card exports. A new kind is one
:func:`register` call and, for the guide, one assembly step.

An assembly step is a template, ``templates/guide/assembly/<step>.xml.j2``: one or more
numbered ``<li>`` steps of the guide's Assembly section, given ``rows``, the kit's
documents of every kind that shares the step (see
:class:`printkit.assembly.guide.materials.Material`).
A kind whose step has no template is refused when it is registered, not left out of
the guide in silence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.resources import templates_dir

#: Where the guide's assembly steps are, below the templates folder.
ASSEMBLY = "guide/assembly"


@dataclass(frozen=True)
class DocumentKind:
    id: str
    #: The guide's assembly step for documents of this kind (a template of :data:`ASSEMBLY`);
    #: None only for the guide itself.
    assembly: str | None
    #: Typeset from a template and changed by no print option but the paper and the ink
    #: saver (rulebook, reference); drawn documents depend on the whole print spec.
    flow: bool = False
    #: Rough render cost, so that the longest renders start first.
    cost: int = 1
    #: Printed on card stock (handled during play), else on paper (read).
    card: bool = False
    #: "one" copy per kit, or one "per-game" (sheets written on during play).
    copies: str = "one"
    #: Printed on both sides: double-sided in the duplex layouts, folded in the fold layout.
    two_sided: bool = False
    #: Its pages are sheets of cards or tokens: card exports and previews take them apart.
    card_sheets: bool = False
    #: The ready-made variants it gets (ids of :data:`printkit.model.variants.VARIANTS`, and
    #: ``1up``, the one-up file of a build in the shop layout).
    variants: frozenset[str] = field(default_factory=frozenset)
    #: How its pieces come off the sheet: ``"printed lines"``, along lines printed round
    #: them (scissors or a knife); None for a document not cut into pieces. Documents of
    #: one game cut the same way may share a sheet (see :mod:`printkit.model.shared_sheets`).
    cut: str | None = None

    def cut_in(self, layout: str) -> str | None:
        """How it is cut in a card layout: card sheets laid out for a print shop are cut
        along their crop marks, and those of the fold layout beside a fold line; anything
        else as :attr:`cut` says."""
        if self.card_sheets and layout != "home":
            return "crop marks" if layout == "shop" else "fold line"
        return self.cut


#: Every kind, in the order the guide's Assembly section lists them.
KINDS: dict[str, DocumentKind] = {}


def register(kind: DocumentKind) -> DocumentKind:
    """Add a kind (or replace one of the same id); its assembly step must exist."""
    if kind.assembly is None and kind.id != "guide":
        raise ValueError(f"document kind {kind.id!r} has no assembly step for the guide")
    if kind.assembly is not None and not (templates_dir() / ASSEMBLY
                                          / f"{kind.assembly}.xml.j2").is_file():
        raise ValueError(f"document kind {kind.id!r}: no assembly step "
                         f"{ASSEMBLY}/{kind.assembly}.xml.j2 in the templates")
    if kind.copies not in ("one", "per-game"):
        raise ValueError(f"document kind {kind.id!r}: copies must be 'one' or 'per-game'")
    KINDS[kind.id] = kind
    return kind


def kind(kind_id: str) -> DocumentKind:
    try:
        return KINDS[kind_id]
    except KeyError:
        raise ValueError(f"unknown document kind {kind_id!r}; kinds: "
                         f"{', '.join(KINDS)}") from None


_ALL = frozenset({"ink", "fold", "fold-ink"})
register(DocumentKind("guide", None, cost=3))
register(DocumentKind("cards", "cards", cost=4, card=True, two_sided=True, card_sheets=True,
                      variants=_ALL | {"1up"}))
register(DocumentKind("tokens", "tokens", card=True, card_sheets=True,
                      variants=frozenset({"ink"}), cut="printed lines"))
register(DocumentKind("dice", "dice", card=True, variants=frozenset({"ink"}),
                      cut="printed lines"))
register(DocumentKind("board", "board", cost=2, card=True, variants=frozenset({"ink"})))
register(DocumentKind("sheet", "sheet", copies="per-game"))
register(DocumentKind("reference", "reference", flow=True, cost=2))
register(DocumentKind("rulebook", "rulebook", flow=True, cost=5))
