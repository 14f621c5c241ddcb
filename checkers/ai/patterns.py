"""Pattern tables: an evaluation term learned from game results, over windows of the board.

A window is two adjacent rows, eight squares, each empty, Black or White (a king counts as its
side's piece): 3^8 = 6561 patterns, seven windows (rows 1-2, 2-3, ... 7-8), by game phase (the
number of pieces). Each pattern has a value in hundredths of a man for Black; the term is the sum
of the seven windows' values. Kings and material stay the hand-built terms' (`Weights`): the
windows learn what those miss, the shape of the men.

The values are fitted by tools/learn_patterns.py (logistic regression on positions labelled by
their game's result, on top of the engine's other terms) and shipped as `checkers/data/
patterns.bin`: a header line `checkers-patterns 1 PHASES WINDOWS PATTERNS SHA256` and the values
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
    "ENVIRONMENT",
    "PATTERNS",
    "PHASE_LIMITS",
    "WINDOWS",
    "PatternError",
    "Tables",
    "encode",
    "load",
    "pattern_indices",
    "phase_of",
    "ternary_tables",
    "window_shift",
]

WINDOWS = 7
"""Windows of two adjacent rows: window r holds rows r and r + 1 (0 at the top)."""
SQUARES_PER_WINDOW = 8
PATTERNS = 3**SQUARES_PER_WINDOW
PHASE_LIMITS = (17, 10)
"""Phase 0 from 17 pieces up, phase 1 from 10, phase 2 below."""
PHASES = len(PHASE_LIMITS) + 1
FILE_NAME = "patterns.bin"
MAGIC = "checkers-patterns"
VERSION = 1
ENVIRONMENT = "CHECKERS_PATTERNS"
"""`CHECKERS_PATTERNS=on` plays with the packaged tables, `=PATH` with a file's; unset or `off`:
without the term (the default until a match says it gains)."""
_WINDOW_BITS = 0x1FF  # nine bits cover any two adjacent rows (with one ghost bit between some)

Tables = list[list[list[int]]]
"""Values by [phase][window][pattern], hundredths of a man for Black."""


class PatternError(ValueError):
    """A pattern file that cannot be used; the message is one line naming the file."""


def window_shift(window: int) -> int:
    """The bit at which a window's nine bits start (rows r and r + 1 of the ghost layout)."""
    return 9 * (window // 2) + 4 * (window % 2)


def ternary_tables() -> tuple[list[int], list[int]]:
    """For an even and an odd window: a window's nine bits -> the sum of 3^k over its occupied
    squares k (0-7, row r's four squares first), so a pattern is t[black] + 2 * t[white]."""
    tables = []
    for parity in (0, 1):
        # Even windows: bits 0-7 are the eight squares; odd ones: bits 0-3 and 5-8 (4 is a ghost).
        offsets = list(range(8)) if parity == 0 else [0, 1, 2, 3, 5, 6, 7, 8]
        table = [0] * (_WINDOW_BITS + 1)
        for bits in range(_WINDOW_BITS + 1):
            table[bits] = sum(3**k for k, bit in enumerate(offsets) if bits >> bit & 1)
        tables.append(table)
    return tables[0], tables[1]


_TERNARY = ternary_tables()
_SHIFTS = tuple(window_shift(window) for window in range(WINDOWS))


def phase_of(pieces: int) -> int:
    """The pattern tables' phase for this many pieces on the board."""
    return sum(pieces < limit for limit in PHASE_LIMITS)


def pattern_indices(black: int, white: int) -> list[int]:
    """Each window's pattern for these bitboards (the learning tool's features)."""
    return [
        _TERNARY[window & 1][black >> shift & _WINDOW_BITS]
        + 2 * _TERNARY[window & 1][white >> shift & _WINDOW_BITS]
        for window, shift in enumerate(_SHIFTS)
    ]


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
    """The pattern file the environment asks for (None: play without the term)."""
    setting = os.environ.get(ENVIRONMENT, "").strip()
    if setting.lower() in ("", "off", "0", "no"):
        return None
    if setting.lower() in ("on", "1", "yes"):
        return packaged_path()
    return Path(setting)
