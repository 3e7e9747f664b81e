"""A font file a game project names, checked before ReportLab or HarfBuzz reads it.

ReportLab reads a TrueType file in pure Python and trusts its tables: a damaged
``cmap`` that claims four billion characters took 16 seconds and more than 4 GB before
ending in a MemoryError, and a file that is not a font had its first bytes printed in
the error. So a project's font is first read in a process of its own, with a limit on
its memory and its time (:func:`problem`): its table directory and each table's
checksum, then every table parsed by fontTools (each glyph's outline too), then
ReportLab's and HarfBuzz's own reading of it. A font that fails is one line naming the
file and the table; the file's bytes are never quoted. printkit's own fonts are not
checked: they ship with it.

Run as ``python -m printkit.language.fontcheck FILE``, it is that process: it prints a
line per step (``table cmap``) and ends with ``ok`` or ``bad TAG: what``.
"""

from __future__ import annotations

import logging
import os
import re
import stat
import struct
import subprocess
import sys
from pathlib import Path

#: The largest font file read: a whole CJK font is under 30 MB.
MAX_FONT_BYTES = 64 * 1024 * 1024
#: How long the check of one font may take (wall clock; a busy machine's seconds), and
#: how much memory beyond the checking interpreter's own.
TIME_LIMIT = 60
MEMORY_LIMIT = 1024 * 1024 * 1024

#: The tables ReportLab reads to embed a TrueType font.
REQUIRED = ("head", "hhea", "maxp", "hmtx", "cmap", "loca", "glyf", "name", "post")

_CHECKED: dict[tuple[Path, int, int, int], str | None] = {}


def problem(path: Path) -> str | None:
    """What is wrong with the font file ``path`` as one line without its bytes (``table
    'cmap' is damaged: ...``), or None; checked once per file version per process."""
    real = path.resolve()
    try:
        found = real.stat()
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    key = (real, found.st_mtime_ns, found.st_size, found.st_ino)
    if key not in _CHECKED:
        _CHECKED[key] = _check_in_child(real, found.st_size)
    return _CHECKED[key]


def _check_in_child(path: Path, size: int) -> str | None:
    if size > MAX_FONT_BYTES:
        return f"the file is larger than {MAX_FONT_BYTES // (1024 * 1024)} MB"
    package = Path(__file__).resolve().parents[2]
    try:
        # cwd is printkit's own folder: ``-m`` puts it first on the path, and a project's
        # folder could hold a module of any name.
        child = subprocess.Popen([sys.executable, "-m", __name__, str(path)], cwd=package,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True, errors="replace")
    except OSError as exc:
        return f"cannot be checked ({exc.strerror or exc})"
    try:
        out, _ = child.communicate(timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        child.kill()
        out, _ = child.communicate()
        return f"{_last_step(out)} takes more than {TIME_LIMIT} s to read (damaged?)"
    lines = out.splitlines()
    if lines and lines[-1] == "ok":
        return None
    if lines and lines[-1].startswith("bad "):
        return lines[-1][4:]
    if child.returncode < 0 or child.returncode == 3:  # a signal: the CPU limit, a crash
        return f"{_last_step(out)} cannot be read: it takes more time or memory than a " \
               f"font may (damaged?)"
    return f"{_last_step(out)} cannot be read (damaged?)"


def _last_step(out: str) -> str:
    steps = [line[len("step "):] for line in out.splitlines() if line.startswith("step ")]
    return steps[-1] if steps else "the file"


# -- the checking process -------------------------------------------------------------


class _Bad(Exception):
    pass


def _step(what: str) -> None:
    print(f"step {what}", flush=True)


def _limit() -> None:
    """Memory and CPU time for this process alone (after its imports)."""
    try:
        import resource
    except ImportError:  # Windows: the parent's timeout alone bounds the check
        return

    try:
        with open("/proc/self/statm") as fh:
            used = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        used = 512 * 1024 * 1024
    for which, value in ((resource.RLIMIT_AS, used + MEMORY_LIMIT),
                         (resource.RLIMIT_CPU, TIME_LIMIT)):
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):  # a platform without the limit: the timeout stays
            pass


def _directory(raw: bytes) -> list[str]:
    """The font's tables, in the file's order; _Bad unless the directory and each
    table's checksum are whole."""
    from fontTools.ttLib.sfnt import calcChecksum

    _step("the file")
    if len(raw) < 12:
        raise _Bad("the file is too short to be a font")
    version = raw[:4]
    if version == b"OTTO":
        raise _Bad("the file has PostScript (CFF) outlines, which cannot be embedded; use "
                   "a TrueType (.ttf) font")
    if version == b"ttcf":
        raise _Bad("the file is a font collection (.ttc); use a single TrueType (.ttf) font")
    if version not in (b"\x00\x01\x00\x00", b"true"):
        raise _Bad("the file is not a TrueType font (.ttf)")
    count = struct.unpack(">H", raw[4:6])[0]
    if not 0 < count <= 200 or 12 + 16 * count > len(raw):
        raise _Bad("the file's table directory is damaged")
    tags = []
    for i in range(count):
        tag, checksum, offset, length = struct.unpack(">4sLLL", raw[12 + 16 * i:28 + 16 * i])
        name = tag.decode("latin-1")
        if not name.isascii() or not name.isprintable():
            raise _Bad("the file's table directory is damaged")
        _step(f"table '{name}'")
        if offset + length > len(raw):
            raise _Bad(f"table '{name}' runs past the end of the file")
        data = raw[offset:offset + length]
        if tag == b"head" and length >= 12:  # its checksum leaves out the file's adjustment
            data = data[:8] + b"\0\0\0\0" + data[12:]
        if calcChecksum(data) != checksum:
            raise _Bad(f"table '{name}' is damaged: its checksum does not match its bytes")
        tags.append(name)
    missing = [t for t in REQUIRED if t not in tags]
    if missing:
        raise _Bad(f"table '{missing[0]}' is missing (a TrueType font that can be embedded "
                   f"needs {', '.join(REQUIRED)})")
    return tags


class _Warnings(logging.Handler):
    """What fontTools says it repaired while reading a table (a cmap range clamped, a
    glyph cut short): the table is damaged, whatever fontTools made of it."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def _tables(path: str, tags: list[str]) -> None:
    """Every table parsed by fontTools, glyph outlines too; a table fontTools had to
    repair as it read it is damaged."""
    from fontTools.ttLib import TTFont

    warnings = _Warnings()
    logging.getLogger("fontTools").addHandler(warnings)
    logging.getLogger("fontTools").propagate = False

    _step("the file")
    try:
        font = TTFont(path, lazy=True, recalcBBoxes=False, recalcTimestamp=False)
    except Exception:  # noqa: BLE001 - fontTools raises many kinds for a bad file
        raise _Bad("the file's table directory is damaged") from None
    for tag in ("head", "maxp", *(t for t in tags if t not in ("head", "maxp"))):
        _step(f"table '{tag}'")
        try:
            table = font[tag]
            if tag == "glyf":
                for name in font.getGlyphOrder():
                    table[name]  # noqa: B018 - reading a glyph expands its outline
            elif tag == "cmap":
                for sub in table.tables:
                    if any(code > 0x10FFFF for code in sub.cmap):
                        raise ValueError("a character beyond Unicode")
        except MemoryError:
            raise _Bad(f"table '{tag}' cannot be read: it takes more memory than a font may "
                       f"(damaged?)") from None
        except Exception:  # noqa: BLE001
            raise _Bad(f"table '{tag}' cannot be read (damaged?)") from None
        if warnings.count:
            raise _Bad(f"table '{tag}' is damaged: it holds values a font may not have")


def _embedders(path: str, tags: list[str]) -> None:
    """ReportLab's and HarfBuzz's reading of the font, as printkit will use it."""
    _step("the whole font, as ReportLab reads it")
    from reportlab.pdfbase.ttfonts import TTFontFile

    try:
        TTFontFile(path, validate=0)
    except MemoryError:
        raise _Bad("ReportLab cannot read it: it takes more memory than a font may "
                   "(damaged?)") from None
    except Exception as exc:  # noqa: BLE001
        # The table ReportLab's message names, if it names one of the font's (only the
        # tag is taken from it: the message may hold the file's bytes).
        named = [t for t in tags if re.search(rf"(?<![\w/]){re.escape(t.strip())}(?![\w/])",
                                              str(exc))]
        where = f"table '{named[0]}'" if named else "one of its tables"
        raise _Bad(f"ReportLab cannot embed it: {where} is not as a TrueType font's must "
                   f"be (damaged?)") from None
    _step("the whole font, as HarfBuzz shapes with it")
    import uharfbuzz

    try:
        with open(path, "rb") as fh:
            face = uharfbuzz.Face(uharfbuzz.Blob(fh.read()))
        buffer = uharfbuzz.Buffer()
        buffer.add_str("Aa 1")
        buffer.guess_segment_properties()
        uharfbuzz.shape(uharfbuzz.Font(face), buffer, {})
    except Exception:  # noqa: BLE001
        raise _Bad("HarfBuzz cannot shape text with it") from None


def _main(path: str) -> int:
    import fontTools.ttLib  # noqa: F401 - imported before the limits are set
    import reportlab.pdfbase.ttfonts  # noqa: F401
    import uharfbuzz  # noqa: F401

    _limit()
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise _Bad("the file is not a regular file")
            raw = fh.read(MAX_FONT_BYTES + 1)
        tags = _directory(raw)
        del raw
        _tables(path, tags)
        _embedders(path, tags)
    except _Bad as exc:
        print(f"bad {exc}", flush=True)
        return 1
    except MemoryError:
        return 3
    print("ok", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1]))
