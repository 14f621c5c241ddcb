"""Pattern tables: an evaluation term learned from game results, over regions of the board.

A region is four adjacent rows by two adjacent squares of each row (a 4x4 block of the board,
eight dark squares), each empty, Black or White (a king counts as its side's piece): 3^8 = 6561
patterns a region. Regions start at rows 0-4 and take the squares 0-1, 1-2 or 2-3 of each row
(left, middle, right): fifteen regions, overlapping, the way Scan's 4x3 regions cover its board.
Each pattern has a value in hundredths of a man for Black, by game phase (the number of pieces);
the term is the sum of the regions' values. Kings and material stay the hand-built terms'
(`Weights`): the regions learn what those miss, the shape of the men.

The values are fitted by tools/learn_patterns.py (logistic regression on positions labelled by
their game's result, on top of the engine's other terms) and shipped as `checkers/data/
patterns.bin`: a header line `checkers-patterns 2 PHASES WINDOWS PATTERNS SHA256` and the values
as little-endian 16-bit integers. A missing or damaged file is reported in one line and the
engine plays without the term.
"""

from __future__ import annotations

import hashlib
import os
import sys
from array import array
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

__all__ = [
    "BANDS",
    "ENVIRONMENT",
    "PATTERNS",
    "PHASE_LIMITS",
    "ROW_STARTS",
    "WINDOWS",
    "PatternError",
    "Tables",
    "band_digits",
    "encode",
    "load",
    "pattern_indices",
    "phase_of",
    "row_codes",
    "window_squares",
]

ROW_STARTS = tuple(9 * (row // 2) + 4 * (row % 2) for row in range(8))
"""The bit of each row's first square in the rules core's layout (see checkers/_bitboard.py)."""
BANDS = 3
"""A region's two squares of each row: 0-1 (left), 1-2 (middle) or 2-3 (right)."""
FIRST_ROWS = 5
"""A region's first row: 0 to 4 (it holds four rows)."""
WINDOWS = FIRST_ROWS * BANDS
"""Region w starts at row w // BANDS and takes the squares w % BANDS and w % BANDS + 1."""
SQUARES_PER_WINDOW = 8
PATTERNS = 3**SQUARES_PER_WINDOW
PHASE_LIMITS: tuple[int, ...] = (17, 10)
"""Phase 0 from 17 pieces up, phase 1 from 10, phase 2 below."""
PHASES = len(PHASE_LIMITS) + 1
FILE_NAME = "patterns.bin"
MAGIC = "checkers-patterns"
VERSION = 2
ENVIRONMENT = "CHECKERS_PATTERNS"
"""Unset, empty or `on`: the engine plays with the packaged tables (the matches say they gain,
docs/engine.md); `=PATH` with a file's; `off`: without the term."""

Tables = list[list[list[int]]]
"""Values by [phase][window][pattern], hundredths of a man for Black."""


class PatternError(ValueError):
    """A pattern file that cannot be used; the message is one line naming the file."""


def window_squares(window: int) -> list[int]:
    """A region's eight squares (1-32), in the order of their base-3 digits: row by row, the
    left square of each row first."""
    row, band = divmod(window, BANDS)
    return [4 * (row + i) + band + j + 1 for i in range(4) for j in range(2)]


def _row_ternary() -> list[int]:
    """A row's four bits -> the sum of 3^k over its occupied squares k."""
    return [sum(3**k for k in range(4) if bits >> k & 1) for bits in range(16)]


ROW_TERNARY = _row_ternary()


def band_digits() -> list[list[int]]:
    """[band][row code] -> the two squares' part of a row's code (0-8): a row's code is its
    four squares' base-3 digits (0 empty, 1 Black, 2 White), square 0 the lowest."""
    return [[code // 3**band % 9 for code in range(81)] for band in range(BANDS)]


BAND_DIGITS = band_digits()


def row_codes(black: int, white: int) -> list[int]:
    """Each row's code (0-80) for these bitboards."""
    return [
        ROW_TERNARY[black >> start & 15] + 2 * ROW_TERNARY[white >> start & 15]
        for start in ROW_STARTS
    ]


def phase_of(pieces: int) -> int:
    """The pattern tables' phase for this many pieces on the board."""
    return sum(pieces < limit for limit in PHASE_LIMITS)


def pattern_indices(black: int, white: int) -> list[int]:
    """Each region's pattern for these bitboards (the learning tool's features)."""
    codes = row_codes(black, white)
    found = []
    for window in range(WINDOWS):
        row, band = divmod(window, BANDS)
        digits = BAND_DIGITS[band]
        found.append(
            digits[codes[row]]
            + 9 * digits[codes[row + 1]]
            + 81 * digits[codes[row + 2]]
            + 729 * digits[codes[row + 3]]
        )
    return found


def encode(values: Sequence[int]) -> bytes:
    """The file's bytes for values in [phase][window][pattern] order (16-bit integers)."""
    if len(values) != PHASES * WINDOWS * PATTERNS:
        raise ValueError(f"{len(values)} values, not {PHASES * WINDOWS * PATTERNS}")
    data = array("h", values)
    if sys.byteorder == "big":
        data.byteswap()
    payload = data.tobytes()
    digest = hashlib.sha256(payload).hexdigest()
    header = f"{MAGIC} {VERSION} {PHASES} {WINDOWS} {PATTERNS} {digest}\n"
    return header.encode("ascii") + payload


def decode(data: bytes, name: str) -> Tables:
    """The tables in a file's bytes; PatternError (one line, naming `name`) if damaged."""
    header, _, payload = data.partition(b"\n")
    words = header.decode("ascii", "replace").split()
    expected = [MAGIC, str(VERSION), str(PHASES), str(WINDOWS), str(PATTERNS)]
    if words[:5] != expected or len(words) != 6:
        raise PatternError(f"{name} is not a pattern file of this version (its first line)")
    expected_size = 2 * PHASES * WINDOWS * PATTERNS
    if len(payload) != expected_size:
        raise PatternError(
            f"{name} is damaged: {len(payload)} bytes of values, not {expected_size}"
        )
    if hashlib.sha256(payload).hexdigest() != words[5]:
        raise PatternError(
            f"{name} is damaged: the checksum does not match (a cut or changed file)"
        )
    values = array("h")
    values.frombytes(payload)
    if sys.byteorder == "big":
        values.byteswap()
    flat = values.tolist()
    return [
        [
            flat[(phase * WINDOWS + window) * PATTERNS : (phase * WINDOWS + window + 1) * PATTERNS]
            for window in range(WINDOWS)
        ]
        for phase in range(PHASES)
    ]


def packaged_path() -> Path:
    """Where the package's pattern file is."""
    return Path(str(resources.files("checkers.data").joinpath(FILE_NAME)))


def load(path: Path | None = None) -> Tables:
    """The tables in `path` (default: the package's); PatternError if missing or damaged."""
    path = path or packaged_path()
    try:
        with open(path, "rb") as stream:
            data = stream.read(2 * PHASES * WINDOWS * PATTERNS + 4096)  # never more than a file's
    except OSError as error:
        raise PatternError(f"{path}: {error.strerror or error}") from None
    return decode(data, str(path))


def chosen() -> Path | None:
    """The pattern file the environment asks for: the packaged one unless it names another or
    says `off` (None: play without the term)."""
    setting = os.environ.get(ENVIRONMENT, "").strip()
    if setting.lower() in ("off", "0", "no"):
        return None
    if setting.lower() in ("", "on", "1", "yes"):
        return packaged_path()
    return Path(setting)
