"""The endgame builder's inner loops, compiled: the same retrograde analysis as
`checkers.ai.endgame_build.solve_slice_python`, writing the same bytes, about ten times as fast
(processor time an index, benchmarks/endgame.py --slices).

Python keeps the loop over the work (`solve_slice`): it hands the kernels a range of indices to
classify or a batch of queued entries to settle, sorts what they queue by distance, and between
two calls reports progress and asks whether to stop, so a stop or Ctrl+C is answered within a
call (the unfinished slice starts again on the next run).
The kernels are iterative (numba's on-disk cache cannot hold recursive functions, see `_jit`) and
take plain arrays: the four group tables, the slice's own arrays and the smaller slices as the
compiled search probes them (`probe.lookup`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from checkers.ai.compiled._jit import jit
from checkers.ai.compiled.movegen import MAX_MOVES, bit_index, capture_pending, generate
from checkers.ai.compiled.probe import Databases, ProbeTables, lookup
from checkers.ai.endgame import (
    DRAW_CODE,
    LOSS_CODE,
    WIN_CODE,
    Endgames,
    Material,
    group_tables,
    half_size,
)

__all__ = ["classify", "group_rank", "pack_codes", "settle", "solve", "tally"]

Array = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.uint8]
Entries = npt.NDArray[np.uint32]
Distances = npt.NDArray[np.uint16]
Boards = tuple[Array, Array, Array, Array]
"""A slice's group tables: black men, black kings, white men, white kings, in rank order."""
Work = tuple[Bytes, Bytes, Bytes, Bytes]
"""A slice's arrays, one byte an index: codes, distances, moves left inside, slowest exit."""
Queued = tuple[Entries, Distances]
"""Entries queued (index * 2 + 1 for a loss, index * 2 for a win) and their distances."""

MAX_PLIES = 255  # as endgame_build: distances are stored in one byte
WON_ELSEWHERE = 100  # as endgame_build: added to a count, a position with a winning capture
_STACK = 64  # open branches of one multi-jump (as the compiled search)
_MARGIN = 64  # room one settled entry may queue: a step back for each piece and direction
CHUNK = 1 << 20  # indices classified per call: a fraction of a second between progress reports
BUFFER = 1 << 22  # queued entries held before Python sorts them into their distances


@jit
def group_rank(bits: int, first_square: int, squares: int, count: int, binomials: Array) -> int:
    """The rank of a set of squares among every `count`-set of `squares` consecutive squares
    from `first_square`, in the order itertools.combinations lists them (the slice index's)."""
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
def classify(
    low: int,
    high: int,
    half: int,
    boards: Boards,
    smaller: ProbeTables,
    work: Work,
    out: Queued,
    written: int,
) -> int:
    """`solve_slice`'s first pass over the indices low to high: each position marked unsettled
    (a draw for now), its moves out of the slice looked up, those inside counted, and what is
    already known queued. Returns the new number of queued entries, or -1 - index for the first
    position whose move leads to a slice that is not handed over."""
    bm_boards, bk_boards, wm_boards, wk_boards = boards
    slice_of, slices, smaller_codes, smaller_plies, binomials = smaller
    codes, _, count, slowest_out = work
    out_entries, out_distances = out
    n_bk, n_wm, n_wk = len(bk_boards), len(wm_boards), len(wk_boards)
    moves = np.zeros((MAX_MOVES, 4), np.int64)
    scratch = np.zeros((MAX_MOVES, 4), np.int64)
    stack = np.zeros((_STACK, 3), np.int64)
    for index in range(low, high):
        side, rest = divmod(index, half)
        rest, i_wk = divmod(rest, n_wk)
        rest, i_wm = divmod(rest, n_wm)
        i_bm, i_bk = divmod(rest, n_bk)
        bm, bk, wm, wk = bm_boards[i_bm], bk_boards[i_bk], wm_boards[i_wm], wk_boards[i_wk]
        if bm & bk or wm & (bm | bk) or wk & (bm | bk | wm):
            continue  # groups overlap: not a position
        black, white, kings = bm | bk, wm | wk, bk | wk
        black_to_move = side == 0
        codes[index] = DRAW_CODE
        inside = 0
        fastest_win = MAX_PLIES + 1
        slowest = 0
        drawn = False
        for i in range(generate(black, white, kings, black_to_move, moves, stack)):
            delta, captured, king_delta = moves[i, 0], moves[i, 1], moves[i, 2]
            if not captured and (not king_delta or king_delta == delta):
                inside += 1  # a step that stays in the slice
                continue
            if black_to_move:
                found = lookup(
                    black ^ delta,
                    white ^ captured,
                    kings ^ king_delta,
                    False,
                    slice_of,
                    slices,
                    smaller_codes,
                    smaller_plies,
                    binomials,
                    scratch,
                    stack,
                )
            else:
                found = lookup(
                    black ^ captured,
                    white ^ delta,
                    kings ^ king_delta,
                    True,
                    slice_of,
                    slices,
                    smaller_codes,
                    smaller_plies,
                    binomials,
                    scratch,
                    stack,
                )
            if found <= 0:
                return -1 - index
            code, distance = found >> 8, found & 255
            if code == LOSS_CODE:
                fastest_win = min(fastest_win, distance + 1)
            elif code == WIN_CODE:
                slowest = max(slowest, distance)
            else:
                drawn = True
        if fastest_win <= MAX_PLIES:
            out_entries[written] = index * 2
            out_distances[written] = fastest_win
            written += 1
            count[index] = inside + WON_ELSEWHERE
        elif inside or drawn:
            count[index] = inside + drawn  # a drawing capture is never a win
            slowest_out[index] = slowest
        else:  # every move leaves the slice into a win, or there is no move: lost now
            out_entries[written] = index * 2 + 1
            out_distances[written] = slowest + 1 if slowest else 0
            written += 1
    return written


@jit
def _reached(
    before: int,
    lost: bool,
    distance: int,
    codes: Bytes,
    count: Bytes,
    slowest_out: Bytes,
    out_entries: Entries,
    out_distances: Distances,
    written: int,
) -> int:
    """A predecessor of a position just settled: a win if that one is lost, a loss once its
    last move inside is to a win. Returns the new number of queued entries."""
    if codes[before] != DRAW_CODE:
        return written  # settled already
    if lost:
        out_entries[written] = before * 2
        out_distances[written] = distance + 1
        return written + 1
    left = count[before] - 1
    count[before] = left
    if left:
        return written
    out_entries[written] = before * 2 + 1
    out_distances[written] = max(distance, slowest_out[before]) + 1
    return written + 1


@jit
def settle(
    entries: Entries,
    start: int,
    distance: int,
    half: int,
    boards: Boards,
    material: Array,
    binomials: Array,
    steps_back: Array,
    work: Work,
    out: Queued,
    written: int,
) -> tuple[int, int]:
    """Settle the entries queued at `distance` from `start` on, each visiting its predecessors
    in the slice (`endgame_build.predecessors`, stepped back here). Returns where it stopped
    (len(entries) when done; earlier when the out buffer is nearly full) and the new number of
    queued entries.

    `steps_back[kind, bit index]` holds the squares a piece could have stepped from: kind 0 a
    king, 1 a black man, 2 a white man (zeros pad the rows).
    """
    bm_boards, bk_boards, wm_boards, wk_boards = boards
    codes, plies, count, slowest_out = work
    out_entries, out_distances = out
    n_bk, n_wm, n_wk = len(bk_boards), len(wm_boards), len(wk_boards)
    n_bm_count, n_bk_count, n_wm_count, n_wk_count = (
        material[0],
        material[1],
        material[2],
        material[3],
    )
    capacity = len(out_entries) - _MARGIN
    for k in range(start, len(entries)):
        if written > capacity:
            return k, written
        entry = np.int64(entries[k])  # int64: a uint32 mixed with int64 would make floats
        index = int(entry >> 1)
        if codes[index] != DRAW_CODE:
            continue  # settled already, by a shorter win
        lost = (entry & 1) == 1
        codes[index] = LOSS_CODE if lost else WIN_CODE
        plies[index] = distance
        side, rest = divmod(index, half)
        rest, i_wk = divmod(rest, n_wk)
        rest, i_wm = divmod(rest, n_wm)
        i_bm, i_bk = divmod(rest, n_bk)
        bm, bk, wm, wk = bm_boards[i_bm], bk_boards[i_bk], wm_boards[i_wm], wk_boards[i_wk]
        black, white = bm | bk, wm | wk
        empty = ~(black | white)
        if side == 0:  # Black to move: White just moved; its predecessors have White to move
            base = half + ((i_bm * n_bk + i_bk) * n_wm) * n_wk
            pieces = wk
            while pieces:
                piece = pieces & -pieces
                pieces ^= piece
                for j in range(4):
                    origin = steps_back[0, bit_index(piece), j]
                    if origin & empty:
                        moved = wk ^ piece ^ origin
                        if not capture_pending(black, white ^ piece ^ origin, bk | moved, False):
                            rank = group_rank(moved, 1, 32, n_wk_count, binomials)
                            written = _reached(
                                base + i_wm * n_wk + rank,
                                lost,
                                distance,
                                codes,
                                count,
                                slowest_out,
                                out_entries,
                                out_distances,
                                written,
                            )
            pieces = wm
            while pieces:
                piece = pieces & -pieces
                pieces ^= piece
                for j in range(4):
                    origin = steps_back[2, bit_index(piece), j]
                    if origin & empty:
                        moved = wm ^ piece ^ origin
                        if not capture_pending(black, white ^ piece ^ origin, bk | wk, False):
                            rank = group_rank(moved, 5, 28, n_wm_count, binomials)
                            written = _reached(
                                base + rank * n_wk + i_wk,
                                lost,
                                distance,
                                codes,
                                count,
                                slowest_out,
                                out_entries,
                                out_distances,
                                written,
                            )
        else:  # White to move: Black just moved
            tail = i_wm * n_wk + i_wk
            pieces = bk
            while pieces:
                piece = pieces & -pieces
                pieces ^= piece
                for j in range(4):
                    origin = steps_back[0, bit_index(piece), j]
                    if origin & empty:
                        moved = bk ^ piece ^ origin
                        if not capture_pending(black ^ piece ^ origin, white, moved | wk, True):
                            rank = group_rank(moved, 1, 32, n_bk_count, binomials)
                            written = _reached(
                                (i_bm * n_bk + rank) * n_wm * n_wk + tail,
                                lost,
                                distance,
                                codes,
                                count,
                                slowest_out,
                                out_entries,
                                out_distances,
                                written,
                            )
            pieces = bm
            while pieces:
                piece = pieces & -pieces
                pieces ^= piece
                for j in range(4):
                    origin = steps_back[1, bit_index(piece), j]
                    if origin & empty:
                        moved = bm ^ piece ^ origin
                        if not capture_pending(black ^ piece ^ origin, white, bk | wk, True):
                            rank = group_rank(moved, 1, 28, n_bm_count, binomials)
                            written = _reached(
                                (rank * n_bk + i_bk) * n_wm * n_wk + tail,
                                lost,
                                distance,
                                codes,
                                count,
                                slowest_out,
                                out_entries,
                                out_distances,
                                written,
                            )
    return len(entries), written


@jit
def pack_codes(codes: Bytes) -> Bytes:
    """Codes (one byte each, 0-3) packed four to a byte, the first in the low bits (as
    `endgame.pack_codes`, without its copies of the whole slice)."""
    packed = np.zeros((len(codes) + 3) // 4, np.uint8)
    for index in range(len(codes)):
        packed[index >> 2] |= codes[index] << ((index & 3) << 1)
    return packed


def _sort_into(buckets: list[list[Entries]], entries: Entries, distances: Distances) -> None:
    """Queue entries at their distances (copies: the buffers they come from are reused)."""
    if not len(entries):
        return
    order = np.argsort(distances, kind="stable")
    entries, distances = entries[order], distances[order]
    bounds = [0, *(np.flatnonzero(np.diff(distances)) + 1).tolist(), len(entries)]
    for first, last in itertools.pairwise(bounds):
        buckets[int(distances[first])].append(entries[first:last])


def solve(
    material: Material,
    smaller: Endgames,
    needed: Sequence[Material],
    steps_back: Sequence[Sequence[Sequence[int]]],
    checkpoint: Callable[[str], None],
) -> tuple[Bytes, Bytes]:
    """The codes and distances of every index of a slice, as `endgame_build.solve_slice` gives
    them, from the slices `needed` in `smaller`. `steps_back[kind][bit index]` lists the squares
    a king (0), a black man (1) or a white man (2) could have stepped from. `checkpoint` is
    called between kernel calls with a few words on how far the slice is (it may raise to stop).
    LookupError if a move leads to a slice that `smaller` does not hold."""
    half = half_size(material)
    size = 2 * half
    if 2 * size >= 1 << 32:
        raise OverflowError(f"{material}: too many positions for 32-bit queue entries")
    tables = [np.array(group, np.int64) for group, _ in group_tables(material)]
    boards = (tables[0], tables[1], tables[2], tables[3])
    databases = Databases()
    for other in needed:
        databases.hand_over(smaller, other)
    binomials = databases.tables[4]
    back = np.zeros((3, 64, 4), np.int64)
    for kind, table in enumerate(steps_back):
        for bit, origins in enumerate(table):
            back[kind, bit, : len(origins)] = origins
    codes = np.zeros(size, np.uint8)
    plies = np.zeros(size, np.uint8)
    work = (codes, plies, np.zeros(size, np.uint8), np.zeros(size, np.uint8))
    out_entries = np.zeros(BUFFER, np.uint32)
    out_distances = np.zeros(BUFFER, np.uint16)
    out = (out_entries, out_distances)
    buckets: list[list[Entries]] = [[] for _ in range(MAX_PLIES + 2)]
    written = 0
    for low in range(0, size, CHUNK):
        checkpoint(f"{100 * low // size}% looked at")
        if written + CHUNK > BUFFER:
            _sort_into(buckets, out_entries[:written], out_distances[:written])
            written = 0
        high = min(low + CHUNK, size)
        written = classify(low, high, half, boards, databases.tables, work, out, written)
        if written < 0:
            raise LookupError(f"position {-1 - written} leads to a slice that is not there")
    _sort_into(buckets, out_entries[:written], out_distances[:written])
    counts = np.array(material, np.int64)
    for distance in range(MAX_PLIES + 1):
        parts = buckets[distance]
        buckets[distance] = []
        if parts:
            checkpoint(f"settling at {distance} plies")
        written = 0
        for part in parts:
            start = 0
            while start < len(part):
                start, written = settle(
                    part, start, distance, half, boards, counts, binomials, back, work, out, written
                )
                if start < len(part):
                    _sort_into(buckets, out_entries[:written], out_distances[:written])
                    written = 0
                    checkpoint(f"settling at {distance} plies")
        _sort_into(buckets, out_entries[:written], out_distances[:written])
    if buckets[MAX_PLIES + 1]:
        raise OverflowError(f"{material}: a distance beyond {MAX_PLIES} plies")
    return codes, plies


@jit
def tally(codes: Bytes, plies: Bytes) -> Array:
    """How many indices hold each code (NONE, WIN, LOSS, DRAW), then the longest distance."""
    found = np.zeros(5, np.int64)
    for index in range(len(codes)):
        found[codes[index]] += 1
        found[4] = max(found[4], plies[index])
    return found
