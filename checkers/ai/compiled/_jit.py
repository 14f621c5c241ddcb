"""The one way the compiled core is compiled: numba's nopython mode with the on-disk cache, so a
second start loads machine code instead of compiling it again (nothing here is recursive: numba's
cache cannot hold recursive functions, numba issues 6061 and 6713).

numba checks a cached function against its own file only, while the core also freezes constants
from the Python engine's modules and calls functions of its other modules: so the cache lives in
a directory named by a fingerprint of every file it is built from (and numba's version), and a
change to any of them compiles afresh instead of loading stale code.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

import numba

from checkers.paths import cache_dir

__all__ = ["cache_directory", "is_warm", "jit", "mark_warm"]

F = TypeVar("F", bound=Callable[..., Any])
_CONFIG: Any = numba.config  # numba's process-wide settings (untyped)

_PACKAGE = Path(__file__).resolve().parent.parent.parent  # checkers/
_SOURCES = (
    "_bitboard.py",
    "record.py",
    "ai/engine.py",
    "ai/endgame.py",
    "ai/patterns.py",
    "ai/search.py",
)


@cache
def cache_directory() -> Path:
    """Where the compiled code is kept: under NUMBA_CACHE_DIR if set, else the user's cache
    directory, in a folder named by the fingerprint of the sources."""
    digest = hashlib.sha256(numba.__version__.encode())
    paths = sorted(Path(__file__).parent.glob("*.py")) + [_PACKAGE / name for name in _SOURCES]
    for path in paths:
        digest.update(path.name.encode() + path.read_bytes())
    base = os.environ.get("NUMBA_CACHE_DIR") or cache_dir()
    return Path(base) / f"compiled-{digest.hexdigest()[:16]}"


def _warm_marker() -> Path:
    """The file saying the cache holds the core for these very source files: numba reloads a
    function's code only while its source file keeps the size and time it was compiled from."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        stat = path.stat()
        digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return cache_directory() / f"warm-{digest.hexdigest()[:16]}"


def is_warm() -> bool:
    """Whether the core was compiled into the cache from these files (loading it takes about a
    second, where a compile takes tens)."""
    try:
        return _warm_marker().is_file()
    except OSError:
        return False


def mark_warm() -> None:
    """Note that the cache now holds the core (after a compile or a load from it)."""
    marker = _warm_marker()
    try:
        if not marker.exists():
            marker.touch()
    except OSError:
        pass  # an unwritable cache: the next start waits only the short bound


def jit(function: F) -> F:
    """`function` compiled on its first call, or loaded from the on-disk cache."""
    # numba picks a function's cache directory when it is decorated, from its process-wide
    # setting: set for ours only, then put back for any other numba code in the process.
    previous = _CONFIG.CACHE_DIR
    _CONFIG.CACHE_DIR = str(cache_directory())
    try:
        return cast(F, numba.njit(cache=True, nogil=True)(function))
    finally:
        _CONFIG.CACHE_DIR = previous
