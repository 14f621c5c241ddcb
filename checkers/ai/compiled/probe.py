"""Endgame database probes in the compiled search: `Endgames.lookup` on arrays.

A slice's codes and distances, as `checkers.ai.endgame` loads them, are copied into one array
each the first time the search meets its material (Python loads the slice then, and answers that
node); from then on the search reads them itself: the position's index is the same product of
group ranks (each group's rank in `itertools.combinations` order, by binomial counting).
"""

from __future__ import annotations

import weakref

import numpy as np
import numpy.typing as npt

from checkers.ai.compiled._jit import jit
from checkers.ai.compiled.movegen import bit_index, count_moves, popcount
from checkers.ai.endgame import LOSS_CODE, WIN_CODE, Endgames, Material, canonical

__all__ = ["UNKNOWN", "Databases", "databases_for", "lookup"]

Array = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.uint8]
ProbeTables = tuple[Array, Array, Bytes, Bytes, Array]
"""(slice of a material [bm][bk][wm][wk]: its row, UNKNOWN or ABSENT; per slice: codes offset,
plies offset, half; all codes; all plies; binomials [n][k])."""

UNKNOWN = -1  # a material whose slice Python has not handed over yet
ABSENT = -2  # a material the databases do not hold
_LIMIT = 13  # pieces of a kind a material table covers


@jit
def _rank(bits: int, first_square: int, squares: int, count: int, binomials: Array) -> int:
    """The rank of a set of squares among all `count`-sets of `squares` consecutive squares
    from `first_square`, in lexicographic order (as itertools.combinations lists them)."""
    rank = 0
    previous = -1
    chosen = 0
    while bits:
        low = bits & -bits
        bits ^= low
        here = bit_index(low)
        position = here - here // 9 + 1 - first_square  # the layout's ghost bits skipped
        chosen += 1
        for skipped in range(previous + 1, position):
            rank += binomials[squares - 1 - skipped, count - chosen]
        previous = position
    return rank


@jit
def _mirror(bits: int) -> int:
    """The bitboard turned 180 degrees (square s to 33 - s)."""
    turned = 0
    while bits:
        low = bits & -bits
        bits ^= low
        here = bit_index(low)
        other = 31 - (here - here // 9)  # square - 1, turned
        row, column = other // 4, other % 4
        turned |= 1 << (9 * (row // 2) + 4 * (row % 2) + column)
    return turned


@jit
def lookup(
    black: int,
    white: int,
    kings: int,
    black_to_move: bool,
    slice_of: Array,
    slices: Array,
    codes: Bytes,
    plies: Bytes,
    binomials: Array,
    scratch: Array,
    stack: Array,
) -> int:
    """As `Endgames.lookup`: code * 256 + plies, 0 if not stored, UNKNOWN if Python must look."""
    if not black or not white:
        mover = black if black_to_move else white
        if mover and count_moves(black, white, kings, black_to_move, scratch, stack):
            return WIN_CODE * 256 + 1
        return LOSS_CODE * 256
    bk, wk = popcount(black & kings), popcount(white & kings)
    bm, wm = popcount(black) - bk, popcount(white) - wk
    if (bm + bk, bk, bm) < (wm + wk, wk, wm):  # stored with the colours swapped
        black, white = _mirror(white), _mirror(black)
        kings = _mirror(kings)
        black_to_move = not black_to_move
        bm, bk, wm, wk = wm, wk, bm, bk
    row = slice_of[bm, bk, wm, wk]
    if row == ABSENT:
        return 0
    if row == UNKNOWN:
        return UNKNOWN
    index = (
        (
            _rank(black & ~kings, 1, 28, bm, binomials) * binomials[32, bk]
            + _rank(black & kings, 1, 32, bk, binomials)
        )
        * binomials[28, wm]
        + _rank(white & ~kings, 5, 28, wm, binomials)
    ) * binomials[32, wk] + _rank(white & kings, 1, 32, wk, binomials)
    if not black_to_move:
        index += slices[row, 2]
    code = codes[slices[row, 0] + (index >> 2)] >> ((index & 3) << 1) & 3
    if not code:
        return 0
    return int(code) * 256 + int(plies[slices[row, 1] + index])


class Databases:
    """One `Endgames`' slices as the compiled search reads them, handed over as met."""

    def __init__(self, generation: int = 0) -> None:
        self.generation = generation
        """The `Endgames.generation` these tables were made for."""
        slice_of = np.full((_LIMIT,) * 4, UNKNOWN, np.int64)
        binomials = np.zeros((33, 13), np.int64)
        for n in range(33):
            binomials[n, 0] = 1
            for k in range(1, min(n, 12) + 1):
                binomials[n, k] = binomials[n - 1, k - 1] + (binomials[n - 1, k] if k < n else 0)
        self._codes_used = self._plies_used = 0
        self.tables: ProbeTables = (
            slice_of,
            np.zeros((0, 3), np.int64),
            np.zeros(0, np.uint8),
            np.zeros(0, np.uint8),
            binomials,
        )

    def hand_over(self, endgames: Endgames, material: Material) -> None:
        """Copy the slice of this material (as stored) from `endgames`, which has looked it up."""
        material = canonical(material)
        slice_of, slices, codes, plies, binomials = self.tables
        # A new table of contents each time: a search in another thread keeps reading the
        # tables it was given, which stay consistent (a slice's bytes are never moved in them).
        slice_of = slice_of.copy()
        found = endgames.slice(material)
        if found is None:
            slice_of[material] = ABSENT
            self.tables = (slice_of, slices, codes, plies, binomials)
            return
        row = [self._codes_used, self._plies_used, found.half]
        codes = _appended(codes, self._codes_used, np.frombuffer(found.codes, np.uint8))
        plies = _appended(plies, self._plies_used, np.frombuffer(found.plies, np.uint8))
        self._codes_used += len(found.codes)
        self._plies_used += len(found.plies)
        slice_of[material] = len(slices)
        slices = np.vstack([slices, [row]]).astype(np.int64)
        self.tables = (slice_of, slices, codes, plies, binomials)


def _appended(buffer: Bytes, used: int, data: Bytes) -> Bytes:
    """`buffer` with `data` written from `used` on; grown to at least twice its size when it is
    too small, so that handing over many slices copies each byte a bounded number of times."""
    if used + len(data) > len(buffer):
        grown = np.empty(max(2 * len(buffer), used + len(data)), np.uint8)
        grown[:used] = buffer[:used]
        buffer = grown
    buffer[used : used + len(data)] = data
    return buffer


_handed_over: weakref.WeakKeyDictionary[Endgames, Databases] = weakref.WeakKeyDictionary()


def databases_for(endgames: Endgames) -> Databases:
    """The compiled view of these databases, shared by every engine that probes them."""
    found = _handed_over.get(endgames)
    if found is None or found.generation != endgames.generation:
        # Made afresh after `forget_missing`: a slice it marked absent may be built by now.
        found = _handed_over[endgames] = Databases(endgames.generation)
    return found
