"""The kit's colours: Christmas red and green on warm paper, gold for the goal.

Every colour-coded field also has a word or a symbol, so the kit prints
usefully in greyscale.
"""

from reportlab.lib.colors import HexColor

RED = HexColor("#a3212a")
GREEN = HexColor("#1e6b45")
GOLD = HexColor("#d9a928")
PAPER = HexColor("#fdf8ef")
INK = HexColor("#23252b")
SOFT = HexColor("#f3e3cf")
