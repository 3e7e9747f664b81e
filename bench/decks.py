"""Illustrated decks for the benchmark and the tests: a game project from `printkit new`
whose deck has one picture per card (or one picture shared by every card).

Each picture is a colour field with soft noise and a disc, different for every card, so
that no two compress alike and none is trivially small, like a designer's art.
"""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

from PIL import Image, ImageDraw

#: The picture box on the card face: under the title band, above the card text.
ART_BOX = """[[decks.cards.boxes]]
name = "art"
show = "image"
field = "art"
x_mm = 6
y_mm = 20
width_mm = 51
height_mm = 38
"""


def picture(number: int, size: tuple[int, int]) -> Image.Image:
    """Picture ``number``: its own colours and noise (the same number, the same picture)."""
    rng = random.Random(number)
    base = tuple(rng.randrange(40, 220) for _ in range(3))
    im = Image.new("RGB", size, base)
    noise = Image.effect_noise(size, 40).convert("RGB")
    im = Image.blend(im, noise, 0.35)
    draw = ImageDraw.Draw(im)
    w, h = size
    x, y = rng.uniform(0.2, 0.6) * w, rng.uniform(0.2, 0.6) * h
    draw.ellipse((x, y, x + w * 0.3, y + w * 0.3), fill=tuple(255 - c for c in base))
    return im


def make_deck(parent: Path, cards: int, unique: bool = True,
              size: tuple[int, int] = (600, 840), name: str = "deck") -> Path:
    """A game project in ``parent/name`` whose deck has ``cards`` cards, each with its own
    picture (``unique``) or all with one; returns its folder."""
    from printkit.cli import main

    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["new", name, "--dir", str(parent)]) == 0
    folder = parent / name
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    text = text.replace('fields = ["name", "text", "value", "symbol", "colour"]',
                        'fields = ["name", "text", "value", "symbol", "colour", "art"]')
    start = text.index('[[decks.cards.boxes]]\nname = "symbol"')
    end = text.index("[[decks.cards.boxes]]", start + 10)
    text = text[:start] + ART_BOX + "\n" + text[end:]
    toml.write_text(text, encoding="utf-8")
    art = folder / "art"
    art.mkdir()
    rows = ["name,text,value,symbol,colour,count,art"]
    for i in range(cards):
        file = f"art/{i:05d}.png" if unique else "art/shared.png"
        if unique or i == 0:
            picture(i, size).save(folder / file, compress_level=1)
        rows.append(f"Card {i + 1},Move one space further after your roll.,+1,sun,#2e7d32,1,"
                    f"{file}")
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder
