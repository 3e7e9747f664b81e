"""Hostile and careless files a game project names, run by hand (never a test).

A project from `printkit new` is copied for each case, one of its files is made hostile
or careless (a locale's fonts and script.toml, its catalog, glossary and settings files,
game.toml, examples.toml, rules.py), and the project is built (``--locale de``; its
catalogs checked, ``catalog check``, for a glossary) in a process of its own, with a time
limit. Then it prints the totals:

* cases, and how many ended with each exit code;
* tracebacks (``Traceback`` on stderr) and internal errors (``internal error``, or an
  exit code other than 0, 1 and 2);
* hangs (a build still running after the time limit);
* reads outside the project: the files of a folder beside the project are watched,
  regular files by their access time (set days back before the run, so that any read
  moves it), a named pipe by whether anything opens it; and no error line may hold a
  byte of them.

    python bench/hostile_files.py                  # every case (about 400)
    python bench/hostile_files.py --only catalog   # the cases whose name holds a word
    python bench/hostile_files.py --limit 40 -v    # the first 40, each case's result

Fonts: paths out of the project (absolute, ``../``, symlinks, pipes, devices), DejaVu
and Noto fonts with bytes changed at random, with their checksums put right again (so
that each table's own reader sees the damage), cut short, with a cmap of two billion
characters or a glyph count of 65535, and files that are no fonts. Catalogs: links and
pipes, and the project's German catalog with bytes changed, added or removed at random.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "printkit" / "fonts"
CANARY = "CANARY-45-outside-the-project"
#: How long one build may take before it counts as a hang.
LIMIT = 300
DAY = 24 * 3600 * 10**9

Case = tuple[str, Callable[[Path, Path], None]]


# -- fonts made hostile ---------------------------------------------------------------


def _tables(raw: bytes) -> dict[str, tuple[int, int, int]]:
    count = struct.unpack(">H", raw[4:6])[0]
    found = {}
    for i in range(min(count, 200)):
        tag, _, offset, length = struct.unpack(">4sLLL", raw[12 + 16 * i:28 + 16 * i])
        found[tag.decode("latin-1")] = (i, offset, length)
    return found


def _checksums_right(raw: bytearray) -> bytearray:
    from fontTools.ttLib.sfnt import calcChecksum

    for tag, (i, offset, length) in _tables(bytes(raw)).items():
        data = bytes(raw[offset:offset + length])
        if tag == "head":
            data = data[:8] + b"\0\0\0\0" + data[12:]
        struct.pack_into(">L", raw, 12 + 16 * i + 4, calcChecksum(data))
    return raw


def changed(raw: bytes, seed: int, count: int, table: str | None, fix: bool) -> bytes:
    out = bytearray(raw)
    rng = random.Random(seed)
    start, length = (0, len(raw)) if table is None else _tables(raw)[table][1:]
    for _ in range(count):
        out[start + rng.randrange(length)] = rng.randrange(256)
    return bytes(_checksums_right(out) if fix else out)


def set_field(raw: bytes, table: str, at: int, fmt: str, value: int) -> bytes:
    out = bytearray(raw)
    struct.pack_into(fmt, out, _tables(raw)[table][1] + at, value)
    return bytes(_checksums_right(out))


def huge_cmap(raw: bytes) -> bytes:
    out = bytearray(raw)
    _, offset, _ = _tables(raw)["cmap"]
    for k in range(struct.unpack(">H", raw[offset + 2:offset + 4])[0]):
        sub = offset + struct.unpack(">L", raw[offset + 8 + 8 * k:offset + 12 + 8 * k])[0]
        if struct.unpack(">H", raw[sub:sub + 2])[0] == 12:
            struct.pack_into(">L", out, sub + 20, 0x7FFFFFFF)
    return bytes(_checksums_right(out))


def font_cases() -> list[Case]:
    cases: list[Case] = []

    def script(project: Path, role_names: dict[str, str]) -> None:
        lines = "".join(f'{role} = "{name}"\n' for role, name in role_names.items())
        (project / "locales/de/script.toml").write_text(f"[fonts]\n{lines}", "utf-8")

    def named(name: str, role: str, prepare: Callable[[Path, Path], None] | None = None):
        def apply(project: Path, outside: Path) -> None:
            if prepare:
                prepare(project, outside)
            roles = {"regular": "DejaVuSans.ttf"}
            roles[role] = name.format(outside=outside)
            script(project, roles)
        return apply

    def link(target: str, name: str = "Font.ttf"):
        def prepare(project: Path, outside: Path) -> None:
            (project / "locales/de" / name).symlink_to(target.format(outside=outside))
        return prepare

    def fifo(project: Path, outside: Path) -> None:
        os.mkfifo(project / "locales/de/Font.ttf")

    def folder(project: Path, outside: Path) -> None:
        (project / "locales/de/Font.ttf").mkdir()

    def linked_folder(project: Path, outside: Path) -> None:
        (project / "locales/de/f").symlink_to(outside, target_is_directory=True)

    paths = [
        ("absolute outside font", "{outside}/Font.ttf", None),
        ("absolute outside secret", "{outside}/secret.txt", None),
        ("absolute outside pipe", "{outside}/pipe", None),
        ("absolute /etc/passwd", "/etc/passwd", None),
        ("absolute /dev/zero", "/dev/zero", None),
        ("absolute /proc/self/environ", "/proc/self/environ", None),
        ("dot-dot outside font", "../../../elsewhere/Font.ttf", None),
        ("dot-dot outside secret", "../../../elsewhere/secret.txt", None),
        ("dot-dot deep", "../../../../../../../../../../etc/passwd", None),
        ("dot-dot through fonts", "x/../../../../elsewhere/Font.ttf", None),
        ("symlink to outside font", "Font.ttf", link("{outside}/Font.ttf")),
        ("symlink to outside secret", "Font.ttf", link("{outside}/secret.txt")),
        ("symlink to outside pipe", "Font.ttf", link("{outside}/pipe")),
        ("symlink to outside folder", "Font.ttf", link("{outside}")),
        ("symlink to /dev/zero", "Font.ttf", link("/dev/zero")),
        ("dangling symlink", "Font.ttf", link("{outside}/nothing.ttf")),
        ("symlink loop", "Font.ttf", link("Font.ttf")),
        ("pipe beside", "Font.ttf", fifo),
        ("folder beside", "Font.ttf", folder),
        ("linked folder outside", "f/Font.ttf", linked_folder),
        ("empty name", "", None),
        ("nul in name", "Font\\u0000.ttf", None),
        ("dot", ".", None),
    ]
    for role in ("regular", "bold", "fallback"):
        for label, name, prepare in paths:
            cases.append((f"font path {role}: {label}",
                          named(name, role, prepare)))

    sources = [FONTS / "DejaVuSans.ttf", FONTS / "NotoSansArabic-Regular.ttf",
               ROOT / "tests/data/fonts/NotoSansHebrew-Regular.ttf"]
    makers: list[tuple[str, Callable[[bytes], bytes]]] = []
    for seed in range(6):
        for count in (1, 40, 400):
            makers.append((f"{count} bytes changed, seed {seed}",
                           lambda raw, s=seed, c=count: changed(raw, s, c, None, False)))
    for seed in range(4):
        for table in ("cmap", "glyf", "loca", "hmtx", "maxp", "head", "hhea", "name", "post"):
            makers.append((f"{table} changed, checksums right, seed {seed}",
                           lambda raw, s=seed, t=table: changed(raw, s, 40, t, True)))
    makers += [
        ("cut to 12 bytes", lambda raw: raw[:12]),
        ("cut to 100 bytes", lambda raw: raw[:100]),
        ("cut in half", lambda raw: raw[:len(raw) // 2]),
        ("last byte gone", lambda raw: raw[:-1]),
        ("empty", lambda raw: b""),
        ("65535 tables", lambda raw: raw[:4] + b"\xff\xff" + raw[6:]),
        ("cmap of two billion characters", huge_cmap),
        ("65535 glyphs", lambda raw: set_field(raw, "maxp", 4, ">H", 65535)),
        ("65535 horizontal metrics", lambda raw: set_field(raw, "hhea", 34, ">H", 65535)),
        ("long loca format flipped", lambda raw: set_field(raw, "head", 50, ">h", 1)),
        ("units per em 0", lambda raw: set_field(raw, "head", 18, ">H", 0)),
        ("CFF header", lambda raw: b"OTTO" + raw[4:]),
        ("collection header", lambda raw: b"ttcf" + raw[4:]),
        ("random bytes", lambda raw: random.Random(7).randbytes(len(raw))),
        ("a PNG", lambda raw: b"\x89PNG\r\n\x1a\n" + raw[8:200]),
        ("text", lambda raw: b"not a font at all\n" * 20),
    ]
    for source in sources:
        for label, make in makers:
            def apply(project: Path, outside: Path, source=source, make=make) -> None:
                (project / "locales/de/Bad.ttf").write_bytes(make(source.read_bytes()))
                script(project, {"regular": "Bad.ttf"})
            cases.append((f"font {source.stem}: {label}", apply))
    return cases


# -- catalogs made hostile ------------------------------------------------------------

PO = "locales/de/LC_MESSAGES/printkit.po"


def catalog_cases() -> list[Case]:
    cases: list[Case] = []

    def replace_with_link(relative: str, target: str, folder: bool = False):
        def apply(project: Path, outside: Path) -> None:
            path = project / relative
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            elif os.path.lexists(path):
                path.unlink()
            path.symlink_to(target.format(outside=outside), target_is_directory=folder)
        return apply

    def replace_with(relative: str, kind: str):
        def apply(project: Path, outside: Path) -> None:
            path = project / relative
            if os.path.lexists(path):
                path.unlink()
            if kind == "pipe":
                os.mkfifo(path)
            elif kind == "folder":
                path.mkdir()
            elif kind == "big":
                with path.open("wb") as fh:
                    fh.write(b"# " + b"x" * (25 * 1024 * 1024) + b"\n")
        return apply

    files = [PO, "locales/de/glossary.toml", "locales/de/script.toml",
             "locales/de/typography.toml", "game.toml", "examples.toml", "rules.py"]
    for relative in files:
        for target in ("{outside}/secret.txt", "{outside}/pipe", "{outside}/printkit.po",
                       "/dev/zero", "{outside}/nothing", "{outside}"):
            cases.append((f"file {relative} linked to {target}",
                          replace_with_link(relative, target)))
        for kind in ("pipe", "folder"):
            cases.append((f"file {relative} is a {kind}", replace_with(relative, kind)))
    cases.append(("catalog larger than the limit", replace_with(PO, "big")))
    cases.append(("LC_MESSAGES linked outside",
                  replace_with_link("locales/de/LC_MESSAGES", "{outside}/lc", folder=True)))
    cases.append(("locale folder linked outside",
                  replace_with_link("locales/de", "{outside}/de", folder=True)))

    def mutated(seed: int):
        def apply(project: Path, outside: Path) -> None:
            path = project / PO
            raw = bytearray(path.read_bytes())
            rng = random.Random(seed)
            alphabet = b'"\\\n\r\t #~[]0123xnZ\x00\x7f\xff\xc3'
            for _ in range(rng.randint(1, 4)):
                at = rng.randrange(len(raw))
                kind = rng.choice(("replace", "insert", "delete"))
                if kind == "replace":
                    raw[at] = rng.choice(alphabet)
                elif kind == "insert":
                    raw.insert(at, rng.choice(alphabet))
                else:
                    del raw[at]
            path.write_bytes(bytes(raw))
        return apply

    for seed in range(160):
        cases.append((f"catalog mutated, seed {seed}", mutated(seed)))

    def edited(old: str, new: str):
        def apply(project: Path, outside: Path) -> None:
            path = project / PO
            text = path.read_text("utf-8")
            path.write_text(text.replace(old, new, 1), "utf-8")
        return apply

    for label, old, new in [
        ("unclosed quote", 'msgstr "Ein W', 'msgstr "Ein W\n'),
        ("bom", "#", "\ufeff#"),
        ("latin-1 declared", "charset=UTF-8", "charset=ISO-8859-1"),
        ("utf-16 declared", "charset=UTF-8", "charset=UTF-16"),
        ("unknown charset", "charset=UTF-8", "charset=KLINGON"),
        ("broken plural forms", "msgstr \"\"\n", "msgstr \"\"\n\"Plural-Forms: nplurals=x;\\n\"\n"),
        ("hex escape", 'msgstr "Ein W', 'msgstr "\\x41in W'),
        ("conflict marker", "#", "#-#-#-#-#"),
    ]:
        cases.append((f"catalog {label}", edited(old, new)))
    def glossary(text: str):
        def apply(project: Path, outside: Path) -> None:
            (project / "locales/de/glossary.toml").write_text(text + "\n", "utf-8")
        return apply

    for text in ("term = 5", "term = [5]", 'term = [{en = 5, use = "x"}]', "forbidden = [3]",
                 "forbidden = [{words = 5}]", 'term = [{en = "a", use = "b", forms = 3}]',
                 'term = [{en = "a", use = "b", exempt = 3}]', "prefixes = 3",
                 'term = [{en = "a", use = "b", game = 3}]', "[[term]\n", "\x00",
                 'term = [{en = [], use = "b"}]'):
        cases.append((f"glossary {text!r}", glossary(text)))
    return cases


# -- running ---------------------------------------------------------------------------


class Watch:
    """The folder beside the project: its files' access times, and its pipe's readers."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.opened = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._pipe, daemon=True)
        self._thread.start()
        self.reset()

    def reset(self) -> None:
        back = time.time_ns() - 3 * DAY
        self.stamps = {}
        for path in [self.folder, *self.folder.rglob("*")]:
            if path.is_symlink() or stat.S_ISFIFO(path.lstat().st_mode):
                continue
            os.utime(path, ns=(back, back))
            self.stamps[path] = path.stat().st_atime_ns

    def read(self) -> list[str]:
        """The files read since the last look (and clear the count)."""
        found = [str(p) for p, atime in self.stamps.items() if p.stat().st_atime_ns != atime]
        if self.opened:
            found.append(f"{self.folder / 'pipe'} (opened {self.opened} times)")
            self.opened = 0
        if found:
            self.reset()
        return found

    def _pipe(self) -> None:
        while not self._stop.is_set():
            try:
                fd = os.open(self.folder / "pipe", os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # no reader: nothing opened it
                time.sleep(0.005)
                continue
            self.opened += 1
            os.close(fd)  # the reader sees the end of the file at once
            time.sleep(0.05)

    def stop(self) -> None:
        self._stop.set()


def make_outside(folder: Path, po: Path) -> None:
    folder.mkdir()
    (folder / "secret.txt").write_text(f"root:x:0:0:{CANARY}\n", "utf-8")
    shutil.copy(FONTS / "DejaVuSans.ttf", folder / "Font.ttf")
    (folder / "printkit.po").write_text(
        po.read_text("utf-8") + f'\nmsgid "{CANARY}"\nmsgstr "{CANARY}"\n', "utf-8")
    os.mkfifo(folder / "pipe")
    for name in ("lc", "de", "de/LC_MESSAGES"):
        (folder / name).mkdir(exist_ok=True)
    shutil.copy(folder / "printkit.po", folder / "lc/printkit.po")
    shutil.copy(folder / "printkit.po", folder / "de/LC_MESSAGES/printkit.po")


def run_case(base: Path, work: Path, outside: Path, name: str,
             apply: Callable[[Path, Path], None], env: dict[str, str]) -> tuple[int | None, str]:
    project = work / "game"
    if project.exists():
        shutil.rmtree(project)
    shutil.copytree(base, project, symlinks=True)
    apply(project, outside)
    out = work / "out"
    shutil.rmtree(out, ignore_errors=True)
    # The build does not read a glossary: the catalog check does.
    command = ["catalog", "check", "--locale", "de"] if "glossary" in name else [
        "build", "--locale", "de", "--jobs", "1", "--no-previews", "--quiet", "--out", str(out)]
    try:
        done = subprocess.run([sys.executable, "-m", "printkit", "--project", str(project),
                               *command],
                              cwd=work, capture_output=True, text=True, errors="replace",
                              timeout=LIMIT, env=env)
    except subprocess.TimeoutExpired as exc:
        return None, (exc.stderr or b"").decode("utf-8", "replace") \
            if isinstance(exc.stderr, bytes) else (exc.stderr or "")
    return done.returncode, done.stderr + done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="run only the cases whose name holds this word")
    parser.add_argument("--limit", type=int, help="run only the first N cases")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every case")
    args = parser.parse_args()
    cases = font_cases() + catalog_cases()
    if args.only:
        cases = [c for c in cases if args.only in c[0]]
    if args.limit:
        cases = cases[:args.limit]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    totals: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    bad: list[str] = []
    with tempfile.TemporaryDirectory(prefix="hostile-files-") as tmp:
        tmp_path = Path(tmp)
        (tmp_path / "base").mkdir()
        subprocess.run([sys.executable, "-m", "printkit", "new", "game", "--dir",
                        str(tmp_path / "base")], check=True, capture_output=True, env=env)
        base = tmp_path / "base" / "game"
        work = tmp_path / "work"
        work.mkdir()
        outside = tmp_path / "work" / "elsewhere"
        make_outside(outside, base / PO)
        watch = Watch(outside)
        started = time.time()
        for name, apply in cases:
            code, err = run_case(base, work, outside, name, apply, env)
            read = watch.read()
            totals["cases"] += 1
            codes[str(code)] += 1
            problems = []
            if code is None:
                totals["hangs"] += 1
                problems.append("hang")
            if "Traceback (most recent call last)" in err:
                totals["tracebacks"] += 1
                problems.append("traceback")
            if "internal error" in err or code not in (None, 0, 1, 2):
                totals["internal errors"] += 1
                problems.append("internal error")
            if read or CANARY in err or "root:x" in err:
                totals["reads outside the project"] += 1
                problems.append(f"read outside: {read or 'its bytes in the error'}")
            line = f"{name}: exit {code}: " + (err.strip().splitlines() or [""])[-1][:160]
            if problems:
                bad.append(f"{line}  [{'; '.join(problems)}]")
            if args.verbose or problems:
                print(line + (f"  [{'; '.join(problems)}]" if problems else ""), flush=True)
        watch.stop()
    print(f"\n{totals['cases']} cases in {time.time() - started:.0f} s; exit codes: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())))
    for key in ("tracebacks", "internal errors", "hangs", "reads outside the project"):
        print(f"{key}: {totals[key]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
