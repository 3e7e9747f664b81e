"""``printkit build --cmyk-profile``: every PDF in the profile's CMYK, with it as the output
intent; a file that is no CMYK output profile refused in one line; without the option,
nothing changes.

The profile is Ghostscript's own ``default_cmyk.icc`` (Debian's libgs-common, which .ci/run
installs); without it the tests that need one are skipped, saying so.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageCms
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from printkit.cli import main
from printkit.commands.build import BuildOptions, build
from printkit.pdfmerge import join
from printkit.pdfmerge.cmyk import to_cmyk
from printkit.pdfmerge.icc import read_profile

PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
needs_profile = pytest.mark.skipif(
    not PROFILE.is_file(), reason=f"no CMYK profile to test with: {PROFILE} (Debian's "
    "libgs-common) is not installed")
GAME = "polar-derby"
#: sRGB and grey colour operators: none may be left in a CMYK file.
RGB_OPERATOR = re.compile(rb"(?<![^\s\]])(rg|RG|g|G)(?=[\s\[/<(]|\Z)")


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """One game in one locale in the shop layout: in sRGB, then in CMYK."""
    if not PROFILE.is_file():
        pytest.skip(f"no CMYK profile to test with: {PROFILE} is not installed")
    folders = []
    for profile in (None, PROFILE):
        out = tmp_path_factory.mktemp("cmyk" if profile else "rgb")
        build(BuildOptions(games=[GAME], locales=["en"], layout="shop", out=out,
                           previews=False, jobs=1, cmyk_profile=profile))
        folders.append(out / GAME / "en")
    return folders[0], folders[1]


def _streams(reader: pypdf.PdfReader) -> list[tuple[str, object]]:
    """Every page's contents and every XObject (forms within forms too), by name."""
    found: list[tuple[str, object]] = []
    seen: set[int] = set()

    def visit(resources: object, where: str) -> None:
        xobjects = (resources or {}).get("/XObject") or {}  # type: ignore[attr-defined]
        for name, ref in xobjects.items():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            found.append((f"{where} {name}", obj))
            if obj.get("/Subtype") == "/Form":
                visit(obj.get("/Resources"), f"{where} {name}")

    for number, page in enumerate(reader.pages, 1):
        found.append((f"page {number}", page.get_contents()))
        visit(page.get("/Resources"), f"page {number}")
    return found


def assert_cmyk(pdf: bytes | Path, label: str) -> None:
    """No sRGB colour, every picture CMYK, the profile as the output intent."""
    reader = pypdf.PdfReader(pdf if isinstance(pdf, Path) else io.BytesIO(pdf))
    for where, obj in _streams(reader):
        if obj.get("/Subtype") == "/Image":  # type: ignore[attr-defined]
            space = obj["/ColorSpace"]  # type: ignore[index]
            assert space == "/DeviceCMYK" or (space[0] == "/ICCBased" and
                                              space[1].get_object()["/N"] == 4), (label, where)
        elif obj is not None and obj.get("/Subtype") != "/Image":  # type: ignore[attr-defined]
            data = obj.get_data()  # type: ignore[attr-defined]
            for text in re.split(rb"\((?:[^()\\]|\\.)*\)", data):  # strings left out
                assert not RGB_OPERATOR.search(text), (label, where)
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1, label
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/Type"] == "/OutputIntent"
    icc = intent["/DestOutputProfile"].get_object()
    data = icc.get_data()
    assert icc["/N"] == 4 and data[12:16] == b"prtr" and data[16:20] == b"CMYK", label


@needs_profile
def test_every_pdf_of_a_cmyk_build_is_cmyk_with_its_output_intent(
        builds: tuple[Path, Path]) -> None:
    _, cmyk = builds
    pdfs = sorted(cmyk.glob("*.pdf"))
    assert {"rink-a4.pdf", "kit-a4.pdf", "guide-a4.pdf", "print-card-a4.pdf"} <= \
        {p.name for p in pdfs}
    for pdf in pdfs:
        assert_cmyk(pdf, pdf.name)


@needs_profile
def test_black_text_is_black_ink_alone(builds: tuple[Path, Path]) -> None:
    _, cmyk = builds
    reader = pypdf.PdfReader(cmyk / "rulebook-a4.pdf")
    contents = b"".join(page.get_contents().get_data() for page in reader.pages)
    assert b"0 0 0 1 k" in contents


@needs_profile
def test_the_drawing_is_the_srgb_build_converted(builds: tuple[Path, Path]) -> None:
    """The same drawing either way: the CMYK file is exactly the sRGB one converted, and
    the sRGB one has no output intent (a build without the option is as it was)."""
    rgb, cmyk = builds
    profile = read_profile(PROFILE)
    for name in ("rink-a4.pdf", "rulebook-a4.pdf", "dice-a4.pdf"):  # (the guide says more)
        before = (rgb / name).read_bytes()
        assert b"/OutputIntents" not in before
        assert to_cmyk(before, profile) == (cmyk / name).read_bytes(), name
    assert b"/OutputIntents" not in (rgb / "kit-a4.pdf").read_bytes()


def _drawn_with_pictures() -> bytes:
    """A small ReportLab PDF with an sRGB picture (Flate), a JPEG, a form and text."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    flat = Image.new("RGB", (8, 4), (200, 30, 40))
    canvas.drawImage(ImageReader(flat), 10, 10, 40, 20)
    jpeg = io.BytesIO()
    Image.new("RGB", (8, 8), (20, 90, 200)).save(jpeg, "JPEG")
    canvas.drawImage(ImageReader(io.BytesIO(jpeg.getvalue())), 60, 10, 40, 40)
    canvas.beginForm("mark")
    canvas.setStrokeColorRGB(0.1, 0.6, 0.2)
    canvas.setFillGray(0.5)
    canvas.rect(0, 0, 10, 10, fill=1)
    canvas.endForm()
    canvas.doForm("mark")
    canvas.setFillColorRGB(0, 0, 0)
    canvas.drawString(100, 100, "1 0 0 rg (not a colour)")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@needs_profile
def test_pictures_forms_and_text_convert_and_join() -> None:
    pdf = to_cmyk(_drawn_with_pictures(), read_profile(PROFILE))
    assert_cmyk(pdf, "drawn")
    assert b"0 0 0 1 k" in pypdf.PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()
    assert pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text().strip() == \
        "1 0 0 rg (not a colour)"
    assert to_cmyk(_drawn_with_pictures(), read_profile(PROFILE)) == pdf  # the same bytes
    joined = join([pdf, pdf])
    assert joined is not None
    assert_cmyk(joined, "joined")
    assert len(pypdf.PdfReader(io.BytesIO(joined)).pages) == 2


def _refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes | None) -> str:
    profile = tmp_path / "shop.icc"
    if data is not None:
        profile.write_bytes(data)
    code = main(["build", "--game", GAME, "--locale", "en", "--out", str(tmp_path / "out"),
                 "--cmyk-profile", str(profile)])
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(profile) in err, err
    assert not (tmp_path / "out").exists()
    return err


def test_a_missing_profile_is_one_line_naming_it(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert "cannot be read" in _refused(tmp_path, capsys, None)


def test_a_file_that_is_no_icc_profile_is_refused(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert "not an ICC profile" in _refused(tmp_path, capsys, b"not a profile\n" * 20)


def test_an_rgb_profile_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    assert "not a CMYK output" in _refused(tmp_path, capsys, srgb)


@needs_profile
def test_the_profile_is_part_of_what_makes_a_file_stale(tmp_path: Path) -> None:
    """Asking for CMYK, or for another profile, renders again; the same profile does not."""
    def built(profile: Path | None) -> int:
        return build(BuildOptions(games=[GAME], locales=["en"], out=tmp_path / "out",
                                  previews=False, jobs=1, cmyk_profile=profile)).rendered

    assert built(None) > 0
    assert built(PROFILE) > 0
    assert built(PROFILE) == 0
    other = tmp_path / "other.icc"
    data = bytearray(PROFILE.read_bytes())
    data[44:48] = b"XXXX"  # another profile: its header's device maker changed
    other.write_bytes(bytes(data))
    assert built(other) > 0
    assert_cmyk(tmp_path / "out" / GAME / "en" / "kit-a4.pdf", "kit")
