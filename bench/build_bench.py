"""Build benchmark for issue 12: how long a build takes, how big and how hungry it is.

Run by hand, never in the test suite (a run takes about five minutes on 2 cores)::

    python3 bench/build_bench.py            # every scenario, then the targets
    python3 bench/build_bench.py --jobs 2   # the parallel build with 2 processes

Each scenario runs in a fresh Python process, so its CPU time (own and its
workers') and its peak memory are its own. The runs use a template cache folder of
their own (``PRINTKIT_CACHE``), empty at the start:

- ``first``: the full build below on a machine that has never built: templates compiled;
- ``full``: every game, every locale, A4, ``--jobs`` processes (default: cores), forced
  (compiled templates cached, as after any earlier build);
- ``one-job``: the same with one process;
- ``noop``: a rebuild into the full build's folder with nothing changed;
- ``catalog``: a copy of ``locales/`` with one Polish string changed, rebuilt into a copy
  of the full build's folder (printkit reads the copy, as ``tests/conftest.py`` does);
- ``kinds``: the one-process build again, with the CPU of each kind of work (drawn
  documents, rulebooks, quick references, guides, rules pages, kits and print runs) set
  against the reference's pages of the same kind, both once started;
- ``reference``: plain ReportLab drawing a comparable card sheet (96 cards of 32 designs,
  a patterned back) and a 21-page rulebook with card thumbnails, each design once as a form.

CPU per page divides by the pages rendered: every document and variant once. The whole
kits and the print runs are made of those pages, merged, and do not count again.

CPU is user + system time of the process and its children; peak memory is the
larger ``ru_maxrss`` of the process and its largest child.

CPU time on a shared 2-core machine varies by 15 % from run to run, and the reference, a
third of a second, by more: the full build runs three times, the one-process build twice
and the reference five times, and the targets use the least CPU and wall time of each
(what the work costs when nothing else gets in its way). Each reference run is a fresh
process, as a build is, so its CPU includes starting up (importing ReportLab, reading
its font); it also draws its pages a second time, and that second drawing's CPU per page
is printed too: plain ReportLab once started, the floor below which nothing goes.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: How many times a scenario runs (the least CPU and wall time count; see the doc above).
RUNS = {"full": 3, "one-job": 2, "reference": 5}
#: The Polish string the catalog scenario changes, and what it becomes.
CHANGED_MSGID, CHANGED_TO = "Board", "Plansza gry"


def _usage() -> tuple[float, int]:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
    return cpu, max(me.ru_maxrss, kids.ru_maxrss)  # kilobytes on Linux


def _pdfs(folder: Path) -> dict[str, tuple[int, int]]:
    """Every PDF below ``folder``: (size, modification time in ns)."""
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*.pdf"))}


def _merged(path: Path) -> bool:
    """Whether a PDF of the build is made of other documents' pages (a whole kit or a
    print run): its pages were rendered once already and count once."""
    return path.name.startswith(("kit-", "print-"))


def _content(path: Path) -> int:
    """Bytes of drawing in a PDF: its pages' content streams and its forms' (each form
    once, however often it is placed), decoded. What a page carries, whatever draws it."""
    from pypdf import PdfReader
    from pypdf.generic import IndirectObject

    reader = PdfReader(path)
    total, seen = 0, set()
    for page in reader.pages:
        contents = page.get_contents()
        total += len(contents.get_data()) if contents is not None else 0
        resources = [page["/Resources"].get_object()] if "/Resources" in page else []
        while resources:
            forms = resources.pop().get("/XObject")
            for ref in (forms.get_object().values() if forms else ()):
                key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
                form = ref.get_object()
                if key in seen or form.get("/Subtype") != "/Form":
                    continue
                seen.add(key)
                total += len(form.get_data())
                if "/Resources" in form:
                    resources.append(form["/Resources"].get_object())
    return total


def _pages(folder: Path) -> tuple[int, int]:
    """Pages rendered (every document once), and pages written (with the kits and print
    runs, which repeat them)."""
    from pypdf import PdfReader

    docs = merged = 0
    for path in folder.rglob("*.pdf"):
        n = len(PdfReader(path).pages)
        if _merged(path):
            merged += n
        else:
            docs += n
    return docs, docs + merged


def _build(out: Path, jobs: int, force: bool, previews: bool = False) -> dict[str, object]:
    from printkit.commands.build import BuildOptions, build

    # PDFs only: the targets compare PDF rendering with plain ReportLab drawing PDFs;
    # previews (rasterising every page) would add their own cost on top.
    result = build(BuildOptions(out=out, jobs=jobs, force=force, previews=previews))
    return {"rendered": getattr(result, "rendered", None),
            "up_to_date": getattr(result, "up_to_date", None)}


def _cli_build(out: Path, jobs: int) -> dict[str, object]:
    """``printkit build --no-previews`` through the command line, in this process."""
    import contextlib
    import io
    import re

    from printkit.cli import main

    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        code = main(["build", "--out", str(out), "--no-previews", "--jobs", str(jobs)])
    found = re.search(r"rendered (\d+) document\(s\), (\d+) up to date", said.getvalue())
    if code or not found:
        raise SystemExit(f"printkit build failed ({code}): {said.getvalue()}")
    return {"rendered": int(found[1]), "up_to_date": int(found[2])}


def _change_catalog(locales: Path) -> None:
    po = locales / "pl" / "LC_MESSAGES" / "printkit.po"
    source = po.read_text(encoding="utf-8")
    old = f'msgid "{CHANGED_MSGID}"\nmsgstr "Plansza"\n'
    if old not in source:
        raise SystemExit(f"{po}: expected {old!r}; pick another string for the benchmark")
    po.write_text(source.replace(old, f'msgid "{CHANGED_MSGID}"\nmsgstr "{CHANGED_TO}"\n'),
                  encoding="utf-8")


def _reference(out: Path) -> dict[str, object]:
    """Plain ReportLab, every repeated design a form: the floor printkit is measured against.
    Returns the pages it drew (counted as drawn: nothing is imported to count them)."""
    from io import BytesIO

    from reportlab import rl_config
    from reportlab.lib.colors import HexColor
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer

    rl_config.useA85 = 0
    fonts = ROOT / "printkit" / "fonts"
    pdfmetrics.registerFont(TTFont("RefSans", str(fonts / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("RefSans-Bold", str(fonts / "DejaVuSans-Bold.ttf")))
    side = 55 * mm
    colours = [HexColor(c) for c in ("#d9ecf7", "#f7e1b5", "#e3f0d0", "#f3d3dc")]

    def head(c: Canvas, x: float, y: float, r: float) -> None:
        for s in (-1, 1):
            c.circle(x + s * 0.72 * r, y + 0.86 * r, 0.36 * r, stroke=1, fill=1)
        c.circle(x, y, r, stroke=1, fill=1)
        c.ellipse(x - 0.5 * r, y - 0.7 * r, x + 0.5 * r, y - 0.08 * r, stroke=1, fill=1)

    def front(c: Canvas, design: int) -> None:
        c.setFillColor(colours[design % 4])
        c.rect(-3 * mm, -3 * mm, side + 6 * mm, side + 6 * mm, stroke=0, fill=1)
        c.setFillColor(HexColor("#ffffff"))
        for k in range(6):  # a scene: hills, snow and a bear
            c.circle(side * (k / 5), side * 0.1, side * 0.2, stroke=0, fill=1)
        head(c, side / 2, side * 0.55, side * (0.16 if design % 2 else 0.22))
        if design & 4:
            c.setLineWidth(2)
            c.line(side * 0.35, side * 0.6, side * 0.65, side * 0.6)
        c.setFillColor(HexColor("#1d3557"))
        c.setFont("RefSans-Bold", 9)
        c.drawCentredString(side / 2, 4 * mm, f"Bear {design + 1}")

    def back(c: Canvas) -> None:
        c.setFillColor(HexColor("#1d3557"))
        c.rect(-3 * mm, -3 * mm, side + 6 * mm, side + 6 * mm, stroke=0, fill=1)
        c.setFillColor(HexColor("#2f6396"))
        for row in range(6):
            for col in range(6):
                head(c, (col + 0.5 * (row % 2)) * side / 4, (row - 0.5) * side / 4, side / 16)
        c.setFillColor(HexColor("#ffffff"))
        c.setFont("RefSans-Bold", 12)
        c.drawCentredString(side / 2, 5 * mm, "Pick-a-Polar Bear")

    def form(c: Canvas, name: str, draw) -> None:  # type: ignore[no-untyped-def]
        if not c.hasForm(name):
            c.beginForm(name, -3 * mm, -3 * mm, side + 3 * mm, side + 3 * mm)
            draw(c)
            c.endForm()

    started = time.process_time()
    buffer = BytesIO()
    c = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    slots = [(12 * mm + col * side, 20 * mm + row * side) for row in range(5) for col in range(3)]
    cards = [i % 32 for i in range(96)]
    pages = 0
    for first in range(0, len(cards), len(slots)):
        run = cards[first:first + len(slots)]
        for side_name in ("front", "back"):
            for (x, y), design in zip(slots, run, strict=False):
                name = f"f{design}" if side_name == "front" else "back"
                form(c, name, (lambda cv, d=design: front(cv, d)) if side_name == "front"
                     else back)
                c.saveState()
                c.translate(x, y)
                c.doForm(name)
                c.restoreState()
            c.showPage()
            pages += 1
    c.save()
    (out / "reference-cards.pdf").write_bytes(buffer.getvalue())
    card_cpu, started = time.process_time() - started, time.process_time()

    class Thumb(Flowable):
        def __init__(self, design: int) -> None:
            super().__init__()
            self.design, self.width, self.height = design, side * 0.4, side * 0.4

        def draw(self) -> None:
            cv = self.canv
            form(cv, f"f{self.design}", lambda c2: front(c2, self.design))
            cv.saveState()
            cv.scale(0.4, 0.4)
            cv.doForm(f"f{self.design}")
            cv.restoreState()

    body = ParagraphStyle("body", fontName="RefSans", fontSize=9.5, leading=13)
    heading = ParagraphStyle("h", fontName="RefSans-Bold", fontSize=14, leading=18)
    text = ("Each player keeps a pile; the top card is the captain. Turn over a card, compare "
            "it with your captain: <b>one feature different</b> and it joins your pile. ") * 3
    story: list[Flowable] = []
    for section in range(16):
        story += [Paragraph(f"{section + 1}. Section", heading), Spacer(0, 4)]
        story += [Paragraph(text, body) for _ in range(4)]
        story += [Thumb((section * 7 + k) % 32) for k in range(9)]
    rulebook = BytesIO()
    doc = SimpleDocTemplate(rulebook, pagesize=A4, invariant=1, pageCompression=1)
    drawn: list[int] = []
    doc.build(story, onFirstPage=lambda c, d: drawn.append(1),
              onLaterPages=lambda c, d: drawn.append(1))
    (out / "reference-rulebook.pdf").write_bytes(rulebook.getvalue())
    rulebook_cpu = time.process_time() - started
    return {"pages": pages + len(drawn), "parts": {
        "card sheets": (pages, card_cpu), "rulebook": (len(drawn), rulebook_cpu)}}


#: The like-for-like comparison: each kind of work of a one-process build, and the part of
#: the reference that draws pages of that kind (None: no such pages in the reference).
KINDS = {"drawn documents": "card sheets", "rulebooks": "rulebook",
         "quick references": "rulebook", "guides": "rulebook", "rules pages": None,
         "kits and print runs": None}


def _kinds(out: Path) -> dict[str, object]:
    """A one-process build, with the CPU of each kind of work (see :data:`KINDS`) and the
    pages it rendered; what is left (starting, verifying the examples, writing) is "rest".
    """
    from collections import defaultdict

    from pypdf import PdfReader

    from printkit import games
    from printkit.commands.build import kits, tasks
    from printkit.commands.build.job import target

    cpu: dict[str, float] = defaultdict(float)

    def timed(owner, name, kind_of):  # type: ignore[no-untyped-def]
        original = getattr(owner, name)

        def run(*args, **kwargs):  # type: ignore[no-untyped-def]
            started = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                cpu[kind_of(args)] += time.process_time() - started
        setattr(owner, name, run)

    def document_kind(args) -> str:  # type: ignore[no-untyped-def]
        task, job = args
        doc = target(games.get(task.game), task.name, job.spec)[0]
        return {"rulebook": "rulebooks", "reference": "quick references"}.get(
            doc.kind, "drawn documents")

    timed(tasks.RenderDocument, "run", document_kind)
    timed(kits, "render_guide", lambda a: "guides")
    timed(kits, "rules_page", lambda a: "rules pages")
    timed(kits, "print_file", lambda a: "kits and print runs")
    started = time.process_time()
    from printkit.commands.build import BuildOptions, build

    build(BuildOptions(out=out, jobs=1, force=True, previews=False))
    total = time.process_time() - started
    pages: dict[str, int] = defaultdict(int)
    content: dict[str, int] = defaultdict(int)
    for path in out.rglob("*.pdf"):
        if _merged(path):
            continue
        doc = path.stem.rsplit("-", 1)[0]  # <document>-<paper>.pdf
        kind = {"rulebook": "rulebooks", "reference": "quick references",
                "guide": "guides"}.get(doc, "drawn documents")
        pages[kind] += len(PdfReader(path).pages)
        content[kind] += _content(path)
    cpu["rest"] = total - sum(cpu.values())
    return {"kinds": {k: (pages.get(k, 0), v, content.get(k, 0)) for k, v in cpu.items()},
            "build_cpu": total}


def scenario(name: str, work: Path, jobs: int) -> dict[str, object]:
    """Run one scenario in this process; return its measurements."""
    out = work / "out"
    wall0, (cpu0, _) = time.perf_counter(), _usage()
    info: dict[str, object] = {}
    if name in ("first", "full", "one-job"):
        folder = {"first": work / "first", "full": out, "one-job": work / "one-job"}[name]
        info = _build(folder, 1 if name == "one-job" else jobs, force=True)
    elif name == "noop":
        # As a user runs it: `printkit build` in a fresh process, which finds the whole
        # build up to date before importing the renderers (see printkit.commands.uptodate).
        before = _pdfs(out)
        info = _cli_build(out, jobs)
        info["files_rewritten"] = sum(before[k] != v for k, v in _pdfs(out).items())
    elif name == "catalog":
        from printkit.language import translations as i18n

        locales = work / "locales"
        shutil.rmtree(locales, ignore_errors=True)
        shutil.copytree(ROOT / "locales", locales)
        _change_catalog(locales)
        i18n.locales_dir = lambda: locales  # read before the pool forks its workers
        i18n._read_catalog.cache_clear()
        copy = work / "catalog-out"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(out, copy)
        before = _pdfs(copy)
        info = _build(copy, jobs, force=False)
        info["files_rewritten"] = sorted(k for k, v in _pdfs(copy).items() if before[k] != v)
    elif name == "kinds":
        info = _kinds(work / "kinds")
    elif name == "reference":
        folder = work / "reference"
        folder.mkdir(exist_ok=True)
        info = _reference(folder)
        started = _usage()[0]  # the same pages again, everything loaded: the floor
        parts = _reference(folder)["parts"]
        info["warm_cpu"] = _usage()[0] - started
        cpu1, peak = _usage()
        info.update(wall=time.perf_counter() - wall0, cpu=started - cpu0, peak_mb=peak / 1024)
        # (measured after the clock stops: reading the PDFs back is no part of drawing them)
        files = {"card sheets": "reference-cards.pdf", "rulebook": "reference-rulebook.pdf"}
        info["warm_parts"] = {part: (*parts[part], _content(folder / files[part]))
                              for part in parts}
        return info
    else:
        raise SystemExit(f"unknown scenario {name!r}")
    cpu1, peak = _usage()
    info.update(wall=time.perf_counter() - wall0, cpu=cpu1 - cpu0, peak_mb=peak / 1024)
    if "build_cpu" in info:  # (the kinds' build alone, not reading its PDFs back)
        info["cpu"] = info.pop("build_cpu")
    return info


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scenario", help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.scenario:
        print(json.dumps(scenario(args.scenario, args.work, args.jobs)))
        return
    results: dict[str, dict] = {}
    spread: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        work = Path(tmp)
        env = {**os.environ, "PRINTKIT_CACHE": str(work / "cache")}
        for name in ("first", "full", "one-job", "noop", "catalog", "kinds", "reference"):
            runs = []
            for _ in range(RUNS.get(name, 1)):
                run = subprocess.run([sys.executable, __file__, "--scenario", name, "--work",
                                      str(work), "--jobs", str(args.jobs)], cwd=ROOT, env=env,
                                     capture_output=True, text=True, timeout=900)
                if run.returncode:
                    raise SystemExit(f"scenario {name} failed:\n{run.stderr}")
                runs.append(json.loads(run.stdout.strip().splitlines()[-1]))
            spread[name] = [r["cpu"] for r in runs]
            results[name] = {**min(runs, key=lambda r: r["cpu"]),
                             "wall": min(r["wall"] for r in runs)}
            if "warm_cpu" in runs[0]:
                results[name]["warm_cpu"] = min(r["warm_cpu"] for r in runs)
                results[name]["warm_parts"] = {
                    part: min((r["warm_parts"][part] for r in runs), key=lambda pc: pc[1])
                    for part in runs[0]["warm_parts"]}
        pages, with_kits = _pages(work / "out")
        size = sum(p.stat().st_size for p in (work / "out").rglob("*.pdf"))
        no_kits = sum(p.stat().st_size for p in (work / "out").rglob("*.pdf")
                      if not _merged(p))
        largest_kit = max(p.stat().st_size for p in (work / "out").rglob("kit-*.pdf"))
        ref_size = sum(p.stat().st_size for p in (work / "reference").glob("*.pdf"))
    print(f"{'scenario':10} {'wall s':>8} {'CPU s':>8} {'peak MB':>8}  notes")
    for name, r in results.items():
        notes = {k: v for k, v in r.items()
                 if k not in ("wall", "cpu", "peak_mb", "kinds", "parts", "warm_parts")}
        if len(spread[name]) > 1:
            notes["cpu_runs"] = [round(c, 2) for c in spread[name]]
        print(f"{name:10} {r['wall']:8.2f} {r['cpu']:8.2f} {r['peak_mb']:8.1f}  {notes}")
    full, one, noop, ref = (results[k] for k in ("full", "one-job", "noop", "reference"))
    per_page = full["cpu"] / pages
    ref_page = ref["cpu"] / ref["pages"]
    warm_page = ref["warm_cpu"] / ref["pages"]
    print(f"\nfull build: {pages} pages rendered ({with_kits} written with the kits and print "
          f"runs), {size / 1e6:.2f} MB ({no_kits / 1e6:.2f} MB without them); "
          f"reference: {ref['pages']} pages, {ref_size / 1e6:.2f} MB")
    print("targets:")
    print(f"  CPU per page, build / reference: {per_page * 1000:.1f} ms / {ref_page * 1000:.1f} ms"
          f" = {per_page / ref_page:.2f}x (target <= 1)")
    print(f"    (one process: {one['cpu'] / pages * 1000:.1f} ms = "
          f"{one['cpu'] / pages / ref_page:.2f}x; plain ReportLab once started: "
          f"{warm_page * 1000:.1f} ms a page, the build {per_page / warm_page:.1f}x that)")
    print(f"  largest kit PDF: {largest_kit / 1e6:.2f} MB (target <= 1 MB)")
    print(f"  no-op rebuild / full build wall: {100 * noop['wall'] / full['wall']:.1f} % "
          f"(target < 5 %), files rewritten: {noop.get('files_rewritten')}")
    print(f"  catalog change: rendered {results['catalog'].get('rendered')}, rewrote "
          f"{len(results['catalog'].get('files_rewritten', []))} files")
    print(f"  {args.jobs} jobs vs one job (wall): {one['wall'] / full['wall']:.2f}x "
          f"(target >= 1.6 on an idle 2-core machine)")
    print(f"  peak memory of the full build: {full['peak_mb']:.0f} MB (target < 300 MB)")
    _like_for_like(results["kinds"]["kinds"], ref["warm_parts"])


def _like_for_like(kinds: dict[str, list], parts: dict[str, list]) -> None:
    """Each kind of work of a one-process build against the reference's pages of that kind,
    both once started: CPU per page, and per 100 kB of drawing (see :func:`_content`)."""
    print("like for like, once started (one process; the reference's second drawing):")
    print(f"  {'kind':20} {'pages':>5} {'CPU s':>6} {'ms/page':>7} {'kB/page':>7} "
          f"{'ms/100kB':>8}  reference part: ms/page, kB/page, ms/100kB; ratios")
    for kind, (pages, cpu, content) in sorted(kinds.items(), key=lambda kv: -kv[1][1]):
        line = f"  {kind:20} {pages or '':>5} {cpu:6.2f} "
        part = KINDS.get(kind)
        if pages and part:
            ms, kb, per = 1000 * cpu / pages, content / pages / 1000, 1e8 * cpu / content
            ref_pages, ref_cpu, ref_content = parts[part]
            ref_ms, ref_kb = 1000 * ref_cpu / ref_pages, ref_content / ref_pages / 1000
            ref_per = 1e8 * ref_cpu / ref_content
            line += (f"{ms:7.1f} {kb:7.1f} {per:8.2f}  {part}: {ref_ms:.1f}, {ref_kb:.1f}, "
                     f"{ref_per:.2f}; {ms / ref_ms:.1f}x a page, {per / ref_per:.2f}x a kB")
        print(line)


if __name__ == "__main__":
    main()
