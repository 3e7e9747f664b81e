"""What every check of the preflight reports and reads: a :class:`Finding`, the
:class:`Target` a document is checked as, and the sizes and kinds the checks apply."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from printkit.geometry import PRINTER_MARGIN_MM
from printkit.outputs.preflight.reading import Box

#: The smallest size any text may print at, and text read during play.
FLOOR_PT = 6.0
PLAY_FLOOR_PT = 7.0
#: Document kinds handled or read during play (cards, boards, sheets, the quick reference).
PLAY_KINDS = frozenset({"cards", "tokens", "dice", "board", "sheet", "reference"})

PREFIX = "warning: preflight: "
#: The report a build writes into its output folder while there are findings.
REPORT_NAME = "preflight.html"


@dataclass(frozen=True)
class Finding:
    """One thing wrong on one page of one document."""

    check: str
    #: the document as the output folder names it: ``polar-derby/ja/rulebook-a4.pdf``
    document: str
    #: 1-based; 0 for a finding on a web page
    page: int
    what: str
    #: the spot on the page, in points (left, bottom, right, top)
    box: Box | None = None

    def line(self) -> str:
        where = f" p. {self.page}" if self.page else ""
        return f"{PREFIX}{self.document}{where}: {self.check}: {self.what}"

    @classmethod
    def from_line(cls, line: str) -> Finding:
        """The finding a warning line says (with no spot: the line does not give it)."""
        found = _LINE.fullmatch(line)
        if found is None:
            raise ValueError(f"not a preflight line: {line!r}")
        return cls(found["check"], found["document"], int(found["page"] or 0), found["what"])


_LINE = re.compile(re.escape(PREFIX) + r"(?P<document>.+?\.(?:pdf|html)(?: \(part \d+\))?)"
                   r"(?: p\. (?P<page>\d+))?: (?P<check>[a-z ]+): (?P<what>.*)", re.S)


@dataclass(frozen=True)
class Target:
    """What the preflight knows of a document besides its bytes."""

    #: as the output folder names it (game/locale/file)
    document: str
    locale: str = "en"
    #: its document kind (``rulebook``, ``cards``…), None when unknown
    kind: str | None = None
    margin_mm: float = PRINTER_MARGIN_MM
    #: fonts by PostScript name with the characters each has (see :mod:`.fonts`)
    fonts: dict[str, frozenset[int]] = field(default_factory=dict, compare=False)
    #: the PostScript name of the locale's own font for each role it declares
    roles: dict[str, str] = field(default_factory=dict, compare=False)
    #: the locale reads right to left
    rtl: bool = False

    @property
    def play(self) -> bool:
        return self.kind in PLAY_KINDS
