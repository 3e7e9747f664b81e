"""Writing build results so that a failed build changes nothing.

A build renders every document into memory first; only when all of them
succeeded are they written, each to a temporary file beside its target and
renamed into place, so a reader never sees half a PDF.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def commit(files: Mapping[Path, bytes]) -> list[Path]:
    """Write every rendered file; returns the paths written, in order."""
    written = []
    for path, data in files.items():
        write_atomic(path, data)
        written.append(path)
    return written
