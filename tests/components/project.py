"""A sample game project for the component tests: its folder, data and render contexts.

The sample's images are made here with Pillow rather than committed, so the
test data stays text; :func:`make_images` writes them into a copy of
``data/sample``.
"""

from __future__ import annotations

import dataclasses
import io
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageCms, ImageDraw

from printkit.geometry import DEFAULT_SPEC, PAPERS
from printkit.language.translations import Localizer
from printkit.model.components import COMPONENTS, check_components, documents
from printkit.model.game import Document, RenderContext
from printkit.schema import Table, Value, read_toml, validate

SAMPLE = Path(__file__).resolve().parent / "data" / "sample"

#: A game.toml of the sample: a title and the components, nothing else.
SCHEMA = Table({"title": Value(str), **COMPONENTS})


def picture(size: tuple[int, int], colour: tuple[int, int, int], mode: str = "RGB") -> Image.Image:
    """A simple picture: a coloured field with a white disc and a dark bar (easy to see)."""
    im = Image.new(mode, size, colour + ((255,) if mode == "RGBA" else ()))
    draw = ImageDraw.Draw(im)
    w, h = size
    draw.ellipse((w * 0.3, h * 0.15, w * 0.7, h * 0.75), fill=(255, 255, 255) + (
        (255,) if mode == "RGBA" else ()))
    draw.rectangle((0, h * 0.85, w, h), fill=(30, 36, 48) + ((255,) if mode == "RGBA" else ()))
    if mode == "RGBA":  # a transparent corner: the card's background shows through
        draw.rectangle((0, 0, w * 0.15, h * 0.15), fill=(0, 0, 0, 0))
    return im


def make_images(folder: Path, ana_px: tuple[int, int] = (440, 300)) -> None:
    """ana.png (RGBA), ben.jpg (with an sRGB ICC profile) in ``folder/images``."""
    images = folder / "images"
    images.mkdir(exist_ok=True)
    picture(ana_px, (155, 28, 28), "RGBA").save(images / "ana.png")
    icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    picture((440, 300), (60, 110, 159)).save(images / "ben.jpg", quality=90, icc_profile=icc)


def copy_sample(dest: Path) -> Path:
    """A writable copy of the sample project, with its images."""
    folder = dest / "sample"
    shutil.copytree(SAMPLE, folder)
    make_images(folder)
    return folder


@dataclass(frozen=True)
class StandInGame:
    """Just enough of a Game: id, folder and the documents its components declare."""

    id: str
    folder: Path
    documents: tuple[Document, ...]

    def document(self, doc_id: str) -> Document:
        return next(d for d in self.documents if d.id == doc_id)


@dataclass
class Project:
    folder: Path

    def data(self) -> dict[str, Any]:
        return validate(read_toml(self.folder / "game.toml"), SCHEMA, "game.toml")

    def edit(self, old: str, new: str) -> None:
        path = self.folder / "game.toml"
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def warnings(self) -> list[str]:
        return check_components(self.data(), self.folder)

    def context(self, doc: str, paper: str = "a4", layout: str = "home", locale: str = "en",
                ink_saver: bool = False, data: dict[str, Any] | None = None) -> RenderContext:
        data = data if data is not None else self.data()
        game = StandInGame("sample", self.folder, documents(data))
        spec = dataclasses.replace(DEFAULT_SPEC, layout=layout, ink_saver=ink_saver)
        return RenderContext(game=game, data=data, examples={},
                             localizer=Localizer.for_locale(locale), paper=PAPERS[paper],
                             document=doc, spec=spec)

    def render(self, doc: str, **kw: Any) -> bytes:
        ctx = self.context(doc, **kw)
        return ctx.game.document(doc).render(ctx)


def page_images(pdf: bytes, scale: float = 0.5) -> list[Image.Image]:
    import pypdfium2

    document = pypdfium2.PdfDocument(io.BytesIO(pdf))
    try:
        return [page.render(scale=scale).to_pil() for page in document]
    finally:
        document.close()
