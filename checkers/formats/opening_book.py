"""The opening book's file: its text form, read and written (the book itself, its key and its
moves in play are `checkers.ai.book`'s).

Pure Python, standard library and the rules core. The file, `checkers/data/opening-book.txt`, is
text, one position a line, sorted by key:

    checkers-opening-book 1 depth=13 plies=4 positions=1234 crc32=0123abcd
    00a1b2c3d4e5f607 13 11-15:+5 9-14:+0

A line is the position's key (`checkers.ai.book.position_key`, 16 hex digits), the depth its
moves were searched to, and each move's PDN text with its score (engine units, hundredths of a
man, from the side to move), best first. The CRC-32 covers every byte after the first line, so a
damaged or cut file is refused with one line.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from checkers.board import Move

__all__ = ["FORMAT", "VERSION", "BookEntry", "BookError", "BookMove", "dumps", "loads"]

FORMAT = "checkers-opening-book"
VERSION = 1


class BookError(ValueError):
    """A book file that cannot be used (damaged, cut, of another format); a one-line message."""


@dataclass(frozen=True)
class BookMove:
    """One book move of a position: its PDN text and score (engine units, side to move's view)."""

    text: str
    score: int


@dataclass(frozen=True)
class BookEntry:
    """A book position: the depth its moves were searched to and the moves, best first."""

    depth: int
    moves: tuple[BookMove, ...]


def dumps(entries: Mapping[int, BookEntry], depth: int, plies: int) -> str:
    """The file's text for `entries` by key (sorted by key, with the checksum header)."""
    lines = []
    for key in sorted(entries):
        entry = entries[key]
        moves = " ".join(f"{move.text}:{move.score:+d}" for move in entry.moves)
        lines.append(f"{key:016x} {entry.depth} {moves}\n")
    body = "".join(lines)
    crc = zlib.crc32(body.encode("ascii"))
    header = (
        f"{FORMAT} {VERSION} depth={depth} plies={plies} positions={len(entries)} crc32={crc:08x}\n"
    )
    return header + body


def loads(text: str, name: str = "opening book") -> tuple[dict[int, BookEntry], int, int]:
    """The entries by key, the depth and the plies of the file's `text`; BookError (one line,
    naming `name`) if it is damaged."""
    header, _, body = text.partition("\n")
    fields = header.split()
    values = dict(field.partition("=")[::2] for field in fields[2:])
    if fields[:2] != [FORMAT, str(VERSION)] or sorted(values) != [
        "crc32",
        "depth",
        "plies",
        "positions",
    ]:
        raise BookError(f"{name} is not an opening book of format {VERSION} (its first line)")
    try:
        crc = int(values["crc32"], 16)
        count, depth, plies = (int(values[k]) for k in ("positions", "depth", "plies"))
    except ValueError:
        raise BookError(f"{name} is damaged: its first line has a bad number") from None
    if zlib.crc32(body.encode("utf-8", "surrogateescape")) != crc:
        raise BookError(f"{name} is damaged: the checksum does not match (a cut or changed file)")
    entries: dict[int, BookEntry] = {}
    previous = -1
    for number, line in enumerate(body.splitlines(), start=2):
        try:
            key, entry = _read_line(line)
        except ValueError as error:
            raise BookError(f"{name} is damaged: line {number}: {error}") from None
        if key <= previous:
            raise BookError(f"{name} is damaged: line {number}: keys out of order")
        previous = key
        entries[key] = entry
    if len(entries) != count:
        raise BookError(f"{name} is damaged: {len(entries)} positions, the header says {count}")
    return entries, depth, plies


def _read_line(line: str) -> tuple[int, BookEntry]:
    words = line.split()
    if len(words) < 3 or len(words[0]) != 16:
        raise ValueError("expected `KEY DEPTH MOVE:SCORE ...`")
    key, depth = int(words[0], 16), int(words[1])
    moves = []
    for word in words[2:]:
        text, colon, score = word.rpartition(":")
        if not colon or not text:
            raise ValueError(f"bad move {word[:20]!r}")
        Move.from_pdn(text)  # a move's text must at least read as one
        moves.append(BookMove(text, int(score)))
    return key, BookEntry(depth, tuple(moves))
