"""The compiled search's table slots and move order, as the Python engine has them: CPython's
hash of a position's key (the same slot in a table of the same size), the history keyed as the
engine's dict of raw moves, the killers and the ordering of a node's moves."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from checkers.ai import engine
from checkers.ai.compiled._jit import jit
from checkers.ai.compiled.movegen import bit_index, capture_pending

__all__ = [
    "HISTORY_SIZE",
    "order",
    "playable_killer",
    "remember_cutoff",
    "same_move",
    "table_slot",
]

Array = npt.NDArray[np.int64]

_BUCKET_MASK = engine._BUCKET_MASK

# CPython's tuple hash (xxHash-based, 64-bit), so a key lands in the slot the Python engine's
# `hash(key) & _BUCKET_MASK` gives it; for the small non-negative ints of a key, hash(x) == x.
_PRIME_1 = np.uint64(11400714785074694791)
_PRIME_2 = np.uint64(14029467366897019727)
_PRIME_5 = np.uint64(2870177450012600261)
_LENGTH_4 = np.uint64(4 ^ (2870177450012600261 ^ 3527539))
_ALL_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@jit
def _lane(acc: np.uint64, lane: int) -> np.uint64:
    """One item of a tuple mixed into its hash."""
    acc = acc + np.uint64(lane) * _PRIME_2
    acc = (acc << np.uint64(31)) | (acc >> np.uint64(33))
    return acc * _PRIME_1


@jit
def table_slot(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """hash((black, white, kings, black_to_move)) & the table's bucket mask, as CPython has it."""
    acc = _lane(_PRIME_5, black)
    acc = _lane(acc, white)
    acc = _lane(acc, kings)
    acc = _lane(acc, 1 if black_to_move else 0)
    acc = acc + _LENGTH_4
    if acc == _ALL_ONES:
        return 1546275796 & _BUCKET_MASK
    return int(np.int64(acc & np.uint64(_BUCKET_MASK)))


@jit
def history_index(delta: int, king_delta: int) -> int:
    """Where a quiet move's history lives: the Python engine's dict is keyed by the raw move, in
    which a king's step and its step back are one key (the same deltas)."""
    low = delta & -delta
    high = delta ^ low
    if king_delta == 0:
        kind = 0
    elif king_delta == delta:
        kind = 1
    elif king_delta == low:
        kind = 2
    else:
        kind = 3
    return (kind * 64 + bit_index(low)) * 64 + bit_index(high)


HISTORY_SIZE = 4 * 64 * 64


@jit
def same_move(moves: Array, index: int, other: Array) -> bool:
    """Whether move `index` of the list is `other` (all four fields, as tuples compare)."""
    return bool(
        moves[index, 0] == other[0]
        and moves[index, 1] == other[1]
        and moves[index, 2] == other[2]
        and moves[index, 3] == other[3]
    )


@jit
def _move_to(moves: Array, index: int, place: int) -> None:
    """Move row `index` up to `place` (<= index), the rows between one down, in order."""
    delta, captured, king_delta, code = (
        moves[index, 0],
        moves[index, 1],
        moves[index, 2],
        moves[index, 3],
    )
    for row in range(index, place, -1):
        for field in range(4):
            moves[row, field] = moves[row - 1, field]
    moves[place, 0], moves[place, 1], moves[place, 2], moves[place, 3] = (
        delta,
        captured,
        king_delta,
        code,
    )


@jit
def _to_front(moves: Array, count: int, killer: Array) -> None:
    """Move `killer` to the front of the list if it is there, keeping the others' order."""
    if killer[0] == 0:
        return
    for index in range(count):
        if same_move(moves, index, killer):
            _move_to(moves, index, 0)
            return


@jit
def order(moves: Array, count: int, history: Array, killers: Array) -> None:
    """As `Engine._order`: captures keep the generator's order; quiet moves by history, highest
    first (a stable sort, as Python's), then this ply's killers in front."""
    if moves[0, 1]:
        return
    # Insertion sort, a move passing only lower scores: stable, and no array made per node.
    for index in range(1, count):
        score = history[history_index(moves[index, 0], moves[index, 2])]
        place = index
        while (
            place > 0 and history[history_index(moves[place - 1, 0], moves[place - 1, 2])] < score
        ):
            place -= 1
        if place < index:
            _move_to(moves, index, place)
    _to_front(moves, count, killers[1])
    _to_front(moves, count, killers[0])


@jit
def playable_killer(black: int, white: int, kings: int, black_to_move: bool, killers: Array) -> int:
    """As `Engine._playable_killer`: the index (0, 1) of the first killer legal here, or -1."""
    own = black if black_to_move else white
    for which in range(2):
        delta = killers[which, 0]
        if delta == 0:
            return -1
        if killers[which, 2] == delta:  # a king's step
            origin = delta & own & kings
            if not origin or origin == delta:
                continue
        else:  # a man's step, forward only
            low = delta & -delta
            origin = low if black_to_move else delta ^ low
            if not origin & own or origin & kings:
                continue
        if not (delta ^ origin) & (black | white):
            return -1 if capture_pending(black, white, kings, black_to_move) else which
    return -1


@jit
def remember_cutoff(move: Array, depth: int, history: Array, killers: Array) -> None:
    """As `Engine._remember_cutoff`: the history gains depth squared; a new first killer."""
    history[history_index(move[0], move[2])] += depth * depth
    if not (
        killers[0, 0] == move[0]
        and killers[0, 1] == move[1]
        and killers[0, 2] == move[2]
        and killers[0, 3] == move[3]
    ):
        killers[1] = killers[0]
        killers[0] = move
