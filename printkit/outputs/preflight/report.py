"""``preflight.html``: the preflight's findings as a person reads them, by looking.

One entry per finding: the document, page, check and what is wrong, and a picture of
the spot cut from the rendered page with the spot outlined in red, so a reader sees the
box instead of a letter, the line printed over a line, the guide in the printer's blank
strip. The page is one self-contained file (pictures inline as PNG data), readable
offline and on a phone; the same input gives the same bytes.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from pathlib import Path

from printkit.outputs.preflight.findings import Finding

#: Pictures at most: past this many findings, the rest are listed without one.
PICTURES = 150
DPI = 180
#: Around the spot: this much of the page on each side, in points.
AROUND = 40.0

_STYLE = """body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem}
h1{font-size:1.5rem}li{margin:0 0 1.25rem}img{max-width:100%;height:auto;
border:1px solid #888}code{overflow-wrap:anywhere}.check{font-weight:600}"""


def report(findings: list[Finding], pdf_of: Callable[[str], bytes | Path | None],
           title: str = "Preflight") -> bytes:
    """The report page of ``findings``; ``pdf_of`` gives a document's PDF by its name."""
    items = []
    pictures = 0
    for finding in findings:
        picture = ""
        if finding.box is not None and pictures < PICTURES:
            pdf = pdf_of(finding.document)
            if pdf is not None:
                png = crop(pdf, finding.page, finding.box)
                pictures += 1
                picture = (f'<br><img alt="the spot on page {finding.page}, outlined in red" '
                           f'src="data:image/png;base64,{base64.b64encode(png).decode()}">')
        items.append(f'<li><code>{html.escape(finding.document)}</code> p. {finding.page}: '
                     f'<span class="check">{html.escape(finding.check)}</span>: '
                     f'{html.escape(finding.what)}{picture}</li>')
    counts: dict[str, int] = {}
    for finding in findings:
        counts[finding.check] = counts.get(finding.check, 0) + 1
    summary = ", ".join(f"{check} {n}" for check, n in sorted(counts.items())) or "none"
    body = (f"<ol>{''.join(items)}</ol>" if items else
            "<p>No findings: every page read back from its PDF passed every check.</p>")
    page = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body><main>"
            f"<h1>{html.escape(title)}</h1><p>{len(findings)} finding(s): "
            f"{html.escape(summary)}.</p>{body}</main></body></html>\n")
    return page.encode("utf-8")


def crop(pdf: bytes | Path, page_number: int, box: tuple[float, float, float, float]) -> bytes:
    """A PNG of the part of page ``page_number`` around ``box``, the box outlined in red."""
    import pypdfium2 as pdfium
    from PIL import ImageDraw

    from printkit.assembly.raster import png_bytes

    document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        page = document[page_number - 1]
        try:
            page.set_rotation(0)  # the spot is in the page's own, unturned space
            left, bottom, right, top = page.get_mediabox()
            width, height = right - left, top - bottom
            left, bottom = max(box[0] - AROUND, 0.0), max(box[1] - AROUND, 0.0)
            right, top = min(box[2] + AROUND, width), min(box[3] + AROUND, height)
            scale = DPI / 72
            image = page.render(scale=scale, crop=(left, bottom, width - right,
                                                   height - top)).to_pil().convert("RGB")
        finally:
            page.close()
    finally:
        document.close()
    draw = ImageDraw.Draw(image)
    spot = ((box[0] - left) * scale, (top - box[3]) * scale,
            (box[2] - left) * scale, (top - box[1]) * scale)
    draw.rectangle([max(spot[0] - 2, 0), max(spot[1] - 2, 0), spot[2] + 2, spot[3] + 2],
                   outline=(220, 0, 0), width=2)
    return png_bytes(image)
