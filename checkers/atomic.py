"""Writing a file whole or not at all: the one writer every file of the project goes through.

Pure Python, standard library only. A write goes to a temporary file in the target's directory,
is flushed to disk and renamed over the target, so a kill or a full disk leaves the old file
whole (or no file), never an empty or half-written one. The target is looked at first: a
directory, a device, a FIFO or a socket is refused with one line (a rename would replace it with
a regular file). A symbolic link to an existing file is written through, to its target, and
stays a link; a dangling one is refused, so nothing (no file, no folder) is ever created where a
link points, and a file only this program makes (an index) refuses any link. Temporary files
are dot files (`.checkers-write.NAME.xxxx.tmp`) that lists skip; those a kill left behind are
removed by the next write to the same directory, and no other file is. The one other way to write,
`open_stream`, is for logs written a record at a time; it refuses the same special files.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import TextIO

from checkers.textfile import FileRefusedError

__all__ = [
    "FileRefusedError",
    "check_target",
    "create_bytes",
    "create_text",
    "move_aside",
    "open_stream",
    "remove_stale_temporaries",
    "write_bytes",
    "write_text",
]

TEMPORARY_PREFIX = ".checkers-write."
_STALE_SECONDS = 60.0  # a write takes well under a second: an older temporary file is orphaned
_NEW_FILE_MODE = 0o644  # mkstemp's 0600 would hide a shared install's files


def check_target(
    path: str | os.PathLike[str], what: str = "file", follow_links: bool = True
) -> Path:
    """The file a write to `path` replaces (symbolic links followed), if it may be replaced.

    Raises FileRefusedError (one line) if that is a directory, a device, a FIFO or a socket, if
    `path` or a folder above it is a link to nothing (writing would create what it points to),
    or if `path` is a link at all and not `follow_links`.
    """
    if not follow_links and os.path.islink(path):
        raise FileRefusedError(f"{Path(path).name} is a symbolic link, not a {what} of ours")
    _refuse_dangling_links(Path(os.path.abspath(path)), what)
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target  # a new file
    except OSError:
        return target  # not to be looked at: the write itself says why
    if stat.S_ISDIR(mode):
        raise FileRefusedError(f"{Path(path).name} is a directory, not a {what}")
    if not stat.S_ISREG(mode):
        raise FileRefusedError(f"{Path(path).name} is a device, FIFO or socket, not a {what}")
    return target


def _refuse_dangling_links(path: Path, what: str) -> None:
    """FileRefusedError if `path` or a folder above it is a symbolic link to nothing."""
    for step in (path, *path.parents):
        if os.path.islink(step) and not os.path.exists(step):
            raise FileRefusedError(
                f"{step.name} is a symbolic link to nothing: no {what} is created through it"
            )


def write_text(
    path: str | os.PathLike[str], text: str, what: str = "file", follow_links: bool = True
) -> Path:
    """Replace `path` with `text` (UTF-8), whole or not at all (see `write_bytes`)."""
    return write_bytes(path, text.encode("utf-8"), what, follow_links)


def write_bytes(
    path: str | os.PathLike[str], data: bytes, what: str = "file", follow_links: bool = True
) -> Path:
    """Replace `path` with `data` so that it holds either the old or the new content, whole;
    returns the file written (a link's target). FileRefusedError for a special file or a link
    it may not follow (see `check_target`), OSError (the old file untouched, nothing left
    beside it) if the write fails."""
    target = check_target(path, what, follow_links)
    _write(target, data, replace=True)
    return target


def create_text(path: str | os.PathLike[str], text: str) -> Path:
    """Create `path` holding `text` (UTF-8), whole or not at all (see `create_bytes`)."""
    return create_bytes(path, text.encode("utf-8"))


def create_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Create `path` holding `data`, appearing whole or not at all; FileExistsError (and
    nothing written) if the name is taken, so two writers never take the same new name."""
    target = Path(path)
    _refuse_dangling_links(Path(os.path.abspath(target)).parent, "file")
    if os.path.lexists(target):
        raise FileExistsError(17, "File exists", str(target))
    _write(target, data, replace=False)
    return target


def open_stream(path: str | os.PathLike[str], what: str = "file", fresh: bool = False) -> TextIO:
    """`path` (a link's target) open to append text a record at a time, emptied first if
    `fresh`; FileRefusedError (one line, nothing opened or emptied) for a directory, a device, a
    FIFO or a socket, as `write_bytes` refuses them, and never a wait on a FIFO.

    Only for a log that must keep every record written before a kill (a match's games, a book
    build's finished searches) and that its reader checks line by line: rewriting it whole per
    record costs the square of its length, and a kill cuts at most its last record, which the
    reader reports or redoes. Everything else goes through `write_bytes`.
    """
    target = check_target(path, what)  # its folder is not made: a mistyped one is said
    # Non-blocking: a FIFO made after the look above fails here (ENXIO) instead of waiting.
    flags = os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | (os.O_TRUNC if fresh else os.O_APPEND)
    handle = os.open(target, flags, _NEW_FILE_MODE)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):  # it changed since the look above
            raise FileRefusedError(f"{Path(path).name} is a device, FIFO or socket, not a {what}")
        os.set_blocking(handle, True)
        return open(handle, "a", encoding="utf-8", closefd=True)
    except BaseException:
        os.close(handle)
        raise


def _write(target: Path, data: bytes, replace: bool) -> None:
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(directory)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)  # a replaced file keeps its permissions
    except OSError:
        mode = _NEW_FILE_MODE
    handle, temporary = tempfile.mkstemp(
        dir=directory, prefix=f"{TEMPORARY_PREFIX}{target.name}.", suffix=".tmp"
    )
    try:
        try:
            with suppress(OSError):  # not every file system keeps permissions
                os.chmod(temporary, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(handle, view) :]
            os.fsync(handle)
        finally:
            os.close(handle)
        if replace:
            os.replace(temporary, target)
        else:
            _link_new(temporary, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_directory(directory)


def _link_new(temporary: str, target: Path) -> None:
    """Give the written temporary file the name `target` unless that name is taken."""
    try:
        # A hard link fails if the name exists, where a rename would replace it.
        os.link(temporary, target)
    except FileExistsError:
        raise
    except OSError:  # no hard links on this file system: look, then rename
        if os.path.lexists(target):
            raise FileExistsError(17, "File exists", str(target)) from None
        os.replace(temporary, target)
        return
    os.unlink(temporary)


def move_aside(path: Path, kept: int = 100) -> Path:
    """Rename a damaged file to `STEM.damaged.SUFFIX` (then `STEM.damaged.2.SUFFIX`...), never
    over an earlier copy, so it is reported once and can still be looked at; returns the new
    name. FileExistsError if `kept` copies are there already (it stays where it is)."""
    for number in range(1, kept + 1):
        aside = path.with_name(
            f"{path.stem}.damaged{'' if number == 1 else f'.{number}'}{path.suffix}"
        )
        try:
            # A hard link fails if the name is taken, so no kept copy is ever overwritten; a
            # link is moved as a link where the platform can say so.
            os.link(path, aside, follow_symlinks=os.link not in os.supports_follow_symlinks)
        except FileExistsError:
            continue
        except OSError:  # no hard links here (some file systems): check, then rename
            if os.path.lexists(aside):
                continue
            os.replace(path, aside)
            return aside
        os.unlink(path)
        return aside
    raise FileExistsError(f"{kept} damaged copies of {path.name} are kept already")


def remove_stale_temporaries(directory: Path, now: float | None = None) -> int:
    """Delete the temporary files of writes killed in `directory` (older than a minute, so a
    write in progress elsewhere is left alone); returns how many went."""
    now = time.time() if now is None else now
    removed = 0
    # Only the names this writer makes: other programs' `.NAME.tmp` files are not ours to clean.
    for temporary in directory.glob(f"{TEMPORARY_PREFIX}*.tmp"):
        with suppress(OSError):
            info = temporary.lstat()
            if now - info.st_mtime > _STALE_SECONDS and stat.S_ISREG(info.st_mode):
                temporary.unlink()
                removed += 1
    return removed


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX, not Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with suppress(OSError):
        handle = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
