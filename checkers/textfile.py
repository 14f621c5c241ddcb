"""Reading a text file someone handed us: bounded, refusing special files, guessing the encoding.

Pure Python, standard library only. `read_text` never blocks on a FIFO, never reads a device or a
directory, never holds more than its size limit in memory, and reads UTF-8 (with or without a
BOM), UTF-16 and UTF-32 with a BOM, and 8-bit Windows/Latin-1 text (what older Windows programs
write), so a file other programs wrote opens without the user choosing an encoding.
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

__all__ = ["MAX_TEXT_BYTES", "FileRefusedError", "decode_text", "read_bytes", "read_text"]

MAX_TEXT_BYTES = 64 * 1024 * 1024
"""The default size limit: the largest public draughts archives are a few tens of megabytes."""

# Longest first: the UTF-32 LE mark begins with the UTF-16 LE one.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class FileRefusedError(OSError):
    """A file that is not read: a directory, a device or FIFO, too big, or not text.

    An OSError, so every caller that reports an unreadable file reports this one the same way.
    """


def _size(count: int) -> str:
    return f"{count / (1024 * 1024):.0f} MB" if count >= 1024 * 1024 else f"{count} bytes"


def read_text(path: str | Path, limit: int = MAX_TEXT_BYTES, what: str = "file") -> str:
    """The text of a regular file of at most `limit` bytes, decoded (see `decode_text`).

    Raises FileRefusedError (one line naming the problem) for a directory, a device, a FIFO or
    socket, a file over the limit, or bytes that are not text; OSError if it cannot be opened.
    """
    data = read_bytes(path, limit, what)
    try:
        return decode_text(data)
    except ValueError as error:
        raise FileRefusedError(f"{Path(path).name} is not a text {what}: {error}") from None


def read_bytes(path: str | Path, limit: int = MAX_TEXT_BYTES, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes, read without ever blocking.

    Raises FileRefusedError (one line naming the problem) for a directory, a device, a FIFO or
    socket, or a file over the limit; OSError if it cannot be opened.
    """
    path = Path(path)
    info = os.stat(path)  # before opening: opening a FIFO with no writer would wait forever
    _check_kind(path, info.st_mode, what)
    if info.st_size > limit:
        raise FileRefusedError(
            f"{path.name} is {_size(info.st_size)}, over the {_size(limit)} limit for a {what}"
        )
    # Non-blocking, in case the path was swapped for a FIFO between the stat and the open.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    handle = os.open(path, flags)
    with os.fdopen(handle, "rb") as file:
        _check_kind(path, os.fstat(file.fileno()).st_mode, what)
        data = file.read(limit + 1)
    if len(data) > limit:
        raise FileRefusedError(f"{path.name} is over the {_size(limit)} limit for a {what}")
    return data


def _check_kind(path: Path, mode: int, what: str) -> None:
    if stat.S_ISDIR(mode):
        raise FileRefusedError(f"{path.name} is a directory, not a {what}")
    if not stat.S_ISREG(mode):
        raise FileRefusedError(f"{path.name} is a device, FIFO or socket, not a {what}")


def decode_text(data: bytes) -> str:
    """Text from bytes: by their BOM, else UTF-16 without a BOM (told by its zero bytes), else
    UTF-8, else Windows-1252/Latin-1. ValueError for binary data (many control characters).
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom) :].decode(encoding)
            except UnicodeDecodeError as error:
                raise ValueError(f"bad {encoding.upper()} at byte {error.start}") from None
    if b"\0" in data:
        text = _bomless_utf16(data)
        if text is not None:
            return text
    sample = data[:_SAMPLE]
    controls = sum(sample.count(byte) for byte in _CONTROL_BYTES)
    if controls > max(16, len(sample) // 100):
        # Text has next to no control characters; a few (a crash's zero-filled tail) are left
        # for the reader to name with their line.
        raise ValueError(f"{controls} of its first {len(sample)} bytes are control characters")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        # Older Windows programs write names in the ANSI code page, a superset of Latin-1's
        # printable characters; the five bytes it leaves undefined are read as Latin-1.
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


_SAMPLE = 1 << 16
_CONTROL_BYTES = [byte for byte in range(32) if chr(byte) not in "\t\n\r\f\v"] + [127]


def _bomless_utf16(data: bytes) -> str | None:
    """UTF-16 text written without a BOM (ASCII characters leave every other byte zero)."""
    sample = data[:_SAMPLE]
    half = len(sample) // 2
    even_zeros = sample[0::2].count(0)
    odd_zeros = sample[1::2].count(0)
    if len(data) % 2 or not half or max(even_zeros, odd_zeros) < 0.9 * half:
        return None
    encoding = "utf-16-le" if odd_zeros > even_zeros else "utf-16-be"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        return None
    return None if "\0" in text else text
