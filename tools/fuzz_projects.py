"""A fuzz campaign against game projects: careless and hostile input, counted.

Run by hand (it takes a while: one build per case)::

    python tools/fuzz_projects.py --cases 1000 [--jobs 2] [--seed 1]

Each case starts from a fresh ``printkit new`` project already built once, changes one
thing (a game.toml string or number, a CSV row, a picture, a catalog entry) and builds
again. A case is fine if the build succeeds (exit 0) or fails with exit 2 naming a file (or
exit 1 for a worked example the changed rules make wrong), with no traceback and no
"internal error", within the time limit, and, when it fails, leaves the previous output
byte-identical. The totals are printed at the end; every case
that is not fine is printed with what was changed.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

STRINGS = [
    "100% (actual size)", "50 %", "%(x)s", "%%", "%s", "<b>bold", "</b>", "<i>x</i>", "& <",
    "{{ 7 * 7 }}", "{% if %}", "\\u0000", "😀 emoji", "日本語のタイトル", "مرحبا", "x" * 3000,
    "", " ", "\\n\\n", "\\t", "Zażółć gęślą jaźń", "a\\\\b", "'single'", "“quoted”",
    "../../etc/passwd", "<font name='x'>", "&amp;", "ﬁ ligature", "\\u202e reversed",
]
NUMBERS = ["nan", "inf", "-inf", "-1", "0", "1e308", "99999999999999999999", "1.5",
           '"7"', "true", "[]", "{}", "1_000"]
CSV_ROWS = [
    "Tailwind,Move.,+1,sun,#2e7d32,²\n", 'Tailwind,"unclosed,+1,sun,#2e7d32,3\n',
    "Tailwind,Move.,+1\n", "Tailwind,Move.,+1,sun,#2e7d32,3,extra\n",
    f"Tailwind,{'x' * 140_000},+1,sun,#2e7d32,3\n", "Tailwind,Move.,+1,nosuchsymbol,#2e7d32,3\n",
    "Tailwind,Move.,+1,sun,notacolour,3\n", "Tailwind,Move.,+1,sun,#2e7d32,-3\n",
    "\ufeffTailwind,Move.,+1,sun,#2e7d32,3\n", "Tailwind,%(x)s <b>,+1,sun,#2e7d32,3\n",
]
PICTURES = [b"", b"not a png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 40]


def _case(rng: random.Random) -> tuple[str, str, object]:
    kind = rng.choice(["string", "number", "csv", "picture", "catalog"])
    if kind == "string":
        return kind, rng.choice(["title", "subtitle", "credit", "steps", "deck title"]), \
            rng.choice(STRINGS)
    if kind == "number":
        return kind, rng.choice(["width_mm", "x_mm", "slide_back", "age", "minutes", "max"]), \
            rng.choice(NUMBERS)
    if kind == "csv":
        return kind, "cards.csv", rng.choice(CSV_ROWS)
    if kind == "picture":
        return kind, "art.png", rng.choice(PICTURES)
    return kind, "locales/de", rng.choice(["%(num)s", "<b>", "msgid", '"', "\\"])


def _apply(project: Path, case: tuple[str, str, object]) -> None:
    kind, where, value = case
    toml = project / "game.toml"
    text = toml.read_text(encoding="utf-8")
    if kind == "string":
        quoted = '"' + str(value).replace('"', '\\"') + '"'
        if where == "steps":
            text = text.replace('"Cut out the cards along the cut lines."', quoted, 1)
        elif where == "deck title":
            text = text.replace('title = "Weather cards"', f"title = {quoted}", 1)
        else:
            lines = text.splitlines(keepends=True)
            for i, line in enumerate(lines):
                if line.startswith(f"{where} = "):
                    lines[i] = f"{where} = {quoted}\n"
                    break
            text = "".join(lines)
        toml.write_text(text, encoding="utf-8")
    elif kind == "number":
        import re

        text = re.sub(rf"\b{where} = [^,\s}}]+", f"{where} = {value}", text, count=1)
        toml.write_text(text, encoding="utf-8")
    elif kind == "csv":
        with (project / "cards.csv").open("a", encoding="utf-8") as fh:
            fh.write(str(value))
    elif kind == "picture":
        (project / "art.png").write_bytes(value)  # type: ignore[arg-type]
        toml.write_text(text.replace('symbol = "snowflake"\nsymbol_colour',
                                     'symbol = "snowflake"\nimage = "art.png"\nsymbol_colour',
                                     1), encoding="utf-8")
    else:
        po = project / "locales" / "de" / "LC_MESSAGES" / "printkit.po"
        body = po.read_text(encoding="utf-8")
        po.write_text(body.replace('msgstr "', f'msgstr "{value}', 3), encoding="utf-8")


def _snapshot(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(folder)).encode() + path.read_bytes())
    return digest.hexdigest()


def run(base: Path, number: int, case: tuple[str, str, object], timeout: int) -> dict:
    work = Path(tempfile.mkdtemp(prefix=f"fuzz{number}-"))
    try:
        project = work / base.name
        shutil.copytree(base, project, symlinks=True)
        before = _snapshot(project / "output")
        _apply(project, case)
        try:
            done = subprocess.run([sys.executable, "-m", "printkit", "build", "--no-previews",
                                   "--jobs", "1", "--quiet"], cwd=project, capture_output=True,
                                  text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"case": case, "exit": "hang"}
        err = done.stderr
        damaged = done.returncode != 0 and _snapshot(project / "output") != before
        return {"case": case, "exit": done.returncode, "traceback": "Traceback" in err,
                "internal": "internal error" in err, "damaged": damaged,
                "err": err.strip().splitlines()[:1]}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=60)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    base_dir = Path(tempfile.mkdtemp(prefix="fuzz-base-"))
    subprocess.run([sys.executable, "-m", "printkit", "new", "fuzzed", "--dir", str(base_dir)],
                   check=True, capture_output=True)
    base = base_dir / "fuzzed"
    subprocess.run([sys.executable, "-m", "printkit", "build", "--no-previews", "--quiet"],
                   cwd=base, check=True)
    cases = [_case(rng) for _ in range(args.cases)]
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda nc: run(base, nc[0], nc[1], args.timeout),
                                enumerate(cases)))
    shutil.rmtree(base_dir, ignore_errors=True)
    codes: dict[object, int] = {}
    for r in results:
        codes[r["exit"]] = codes.get(r["exit"], 0) + 1
    def fine(r: dict) -> bool:
        # exit 1 is right for an example the changed rules make wrong (documented so)
        example = r["exit"] == 1 and (r.get("err") or [""])[0].startswith(
            "printkit: error: example ")
        return (r["exit"] in (0, 2) or example) and not (
            r.get("traceback") or r.get("internal") or r.get("damaged"))

    bad = [r for r in results if not fine(r)]
    print(f"cases: {len(results)}")
    print("exit codes: " + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items(), key=str)))
    print(f"tracebacks: {sum(bool(r.get('traceback')) for r in results)}; internal errors: "
          f"{sum(bool(r.get('internal')) for r in results)}; hangs: "
          f"{codes.get('hang', 0)}; damaged outputs: "
          f"{sum(bool(r.get('damaged')) for r in results)}")
    for r in bad:
        kind, where, value = r["case"]
        print(f"NOT FINE: {kind} {where} = {str(value)[:60]!r}: exit {r['exit']}: {r.get('err')}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
