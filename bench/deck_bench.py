"""Illustrated decks at scale, run by hand (figures in the README, never a timed test).

A game project from `printkit new` whose deck has one 600 × 840 px PNG per card (or one
picture shared by every card, see :mod:`bench.decks`) is built with ``--locale en
--no-previews``, beside a plain ReportLab script that places the same pictures on the
same A4 sheets (nine cards a sheet, fronts and backs). For each deck size it prints the
wall time, CPU time (every process), peak memory (the largest process), output size and
pages, with --jobs 1 and 2, the ratios to plain ReportLab, a no-op rebuild and a rebuild
after one picture changed.

    python bench/deck_bench.py                 # 200 and 1000 cards
    python bench/deck_bench.py --cards 3000    # the issue's target size (slow to make)

Each build runs in its own process, with its own picture cache (a cold build).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.decks import make_deck, picture  # noqa: E402

#: Run a command in this process and report its own resources and its children's.
MEASURED = """
import json, resource, sys, time
wall, cpu = time.perf_counter(), time.process_time()
{body}
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
try:  # this program's own high-water mark (ru_maxrss keeps the parent's, from the fork)
    with open("/proc/self/status") as status:
        own = next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
except OSError:
    own = me.ru_maxrss
print(json.dumps({{"wall": time.perf_counter() - wall,
                  "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
                  "peak_mb": max(own, kids.ru_maxrss) / 1024, "result": result}}))
"""

BUILD = """
import io, contextlib
from printkit.cli import main
with contextlib.redirect_stdout(io.StringIO()) as said:
    code = main(sys.argv[1:])
result = said.getvalue().strip()
assert code == 0, result
"""

#: Plain ReportLab: the same pictures, fitted in the same boxes, nine cards a sheet, a
#: back per card; what a designer would write by hand.
PLAIN = """
from pathlib import Path
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
folder, out = Path(sys.argv[1]), sys.argv[2]
rows = (folder / "cards.csv").read_text().splitlines()[1:]
files = [row.rsplit(",", 1)[1] for row in rows]
c = Canvas(out, pagesize=A4)
card_w, card_h = 63 * mm, 88 * mm
x0, y0 = (A4[0] - 3 * card_w) / 2, (A4[1] - 3 * card_h) / 2
for sheet in range(0, len(files), 9):
    for i, name in enumerate(files[sheet:sheet + 9]):
        x, y = x0 + (i % 3) * card_w, y0 + (2 - i // 3) * card_h
        c.rect(x, y, card_w, card_h)
        c.drawString(x + 5 * mm, y + card_h - 12 * mm, f"Card {sheet + i + 1}")
        c.drawImage(str(folder / name), x + 6 * mm, y + card_h - 58 * mm, 51 * mm, 38 * mm,
                    preserveAspectRatio=True)
    c.showPage()
    for i in range(len(files[sheet:sheet + 9])):
        x, y = x0 + (2 - i % 3) * card_w, y0 + (2 - i // 3) * card_h
        c.setFillColorRGB(0.24, 0.43, 0.62)
        c.rect(x, y, card_w, card_h, fill=1)
    c.showPage()
c.save()
result = c.getPageNumber() - 1
"""


def measure(body: str, *args: str, env: dict[str, str] | None = None) -> dict:
    done = subprocess.run([sys.executable, "-c", MEASURED.format(body=body), *args],
                          capture_output=True, text=True, check=False, cwd=ROOT,
                          env=env)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def scenario(work: Path, cards: int, unique: bool) -> None:
    import os

    label = f"{cards} cards, {'unique' if unique else 'one shared'} picture(s)"
    made = time.perf_counter()
    folder = make_deck(work, cards, unique, name=f"deck{cards}{'u' if unique else 's'}")
    print(f"\n## {label} (deck made in {time.perf_counter() - made:.0f} s)")
    plain = measure(PLAIN, str(folder), str(work / "plain.pdf"))
    print(f"plain ReportLab: wall {plain['wall']:.1f} s, CPU {plain['cpu']:.1f} s, "
          f"peak {plain['peak_mb']:.0f} MB, {plain['result']} pages, "
          f"{(work / 'plain.pdf').stat().st_size / 1e6:.1f} MB")
    runs = {}
    for jobs in (1, 2):
        out = work / f"out{jobs}"
        env = {**os.environ, "PRINTKIT_CACHE": str(work / f"cache{jobs}")}
        args = ["--project", str(folder), "build", "--locale", "en", "--no-previews",
                "--jobs", str(jobs), "--out", str(out)]
        runs[jobs] = run = measure(BUILD, *args, env=env)
        cards_pdf = out / folder.name / "en" / "cards-a4.pdf"
        print(f"printkit --jobs {jobs}: wall {run['wall']:.1f} s, CPU {run['cpu']:.1f} s "
              f"({run['cpu'] / plain['cpu']:.2f}× plain), peak {run['peak_mb']:.0f} MB, "
              f"output {size_mb(out):.0f} MB (card sheets {cards_pdf.stat().st_size / 1e6:.1f}"
              f" MB)")
        if jobs == 1:
            again = measure(BUILD, *args, env=env)
            print(f"  no-op rebuild: wall {again['wall']:.2f} s "
                  f"({100 * again['wall'] / run['wall']:.1f} % of the build): {again['result']}")
            if unique:
                picture(10**6, (600, 840)).save(folder / "art" / "00000.png", compress_level=1)
                one = measure(BUILD, *args, env=env)
                print(f"  one picture changed: wall {one['wall']:.1f} s: {one['result']}")
    print(f"--jobs 2 / --jobs 1 wall: {runs[2]['wall'] / runs[1]['wall']:.2f}")
    shutil.rmtree(folder)
    for jobs in (1, 2):
        shutil.rmtree(work / f"out{jobs}", ignore_errors=True)
        shutil.rmtree(work / f"cache{jobs}", ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[200, 1000],
                        help="deck sizes to measure (default: 200 1000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="printkit-deck-bench-") as tmp:
        for cards in args.cards:
            scenario(Path(tmp), cards, True)
            scenario(Path(tmp), cards, False)


if __name__ == "__main__":
    main()
