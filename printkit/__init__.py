"""printkit: verified, localised, print-ready tabletop game kits.

The package's folders are its layers (ARCHITECTURE.md draws them). The modules at the top
level and :mod:`printkit.pdfmerge` are the foundation; above them, lowest first, the
packages of :data:`LAYERS`. A module imports its own layer's modules and those below,
never above, not even inside a function; ``tests/test_layers.py`` reads this map.
"""

__version__ = "0.1.0"

#: The layer packages, lowest first: language (catalogs, scripts, fonts, shaping, bidi,
#: line breaking); drawing (text, figures, flow documents, sheets and marks); the model
#: (a game's data, components, rulebook sections); the games; kit assembly (the guide);
#: outputs beside the PDFs (HTML pages, previews, preflight); tools for designers and
#: translators; the playtest lab (the rules engines play many games, its report); the
#: commands (and the command line, ``printkit.cli``, atop them all).
LAYERS = ("language", "drawing", "model", "games", "assembly", "outputs", "tools", "playtest",
          "commands")
