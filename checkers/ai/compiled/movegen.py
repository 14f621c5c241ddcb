"""Move generation and perft on the rules core's bitboard layout (`checkers._bitboard`), compiled.

A move is a row of four integers: mover delta, captured (opponent delta), kings delta, as
`_bitboard.RawMove` has them, and the capture path as a code (0 for a simple step): the origin's
bit index in bits 0-5, the number of jumps in bits 6-9, and each jump's direction in two bits from
bit 10 on (0 down-left, 1 up-left, 2 down-right, 3 up-right). Moves come in exactly the order
`_bitboard.generate_raw` gives them, so the same search visits the same tree.
Multi-jumps are followed with an explicit stack: nothing here recurses (see `_jit`).
"""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt

from checkers._bitboard import BIT, VALID, RawMove
from checkers.ai.compiled._jit import jit

__all__ = [
    "MAX_MOVES",
    "count_moves",
    "decode_move",
    "encode_move",
    "generate",
    "perft",
]

Moves = npt.NDArray[np.int64]

MAX_MOVES = 128
"""Room for one position's moves (English draughts positions have far fewer)."""

_VALID = VALID
_BLACK_CROWN = BIT[29] | BIT[30] | BIT[31] | BIT[32]
_WHITE_CROWN = BIT[1] | BIT[2] | BIT[3] | BIT[4]
_JUMP_SHIFT = (8, -10, 10, -8)  # landing minus start, by direction code
_STACK = 64  # open branches of one multi-jump at most (each jump can add three)


@jit
def popcount(bits: int) -> int:
    """The number of set bits of a non-negative 64-bit integer."""
    bits = bits - ((bits >> 1) & 0x5555555555555555)
    bits = (bits & 0x3333333333333333) + ((bits >> 2) & 0x3333333333333333)
    bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0F
    # The byte sums add up in the top byte (wrapping multiplication; a count fits in 7 bits).
    return (bits * 0x0101010101010101) >> 56


@jit
def bit_index(bit: int) -> int:
    """The index of a single set bit."""
    return popcount(bit - 1)


@jit
def _add(out: Moves, count: int, delta: int, captured: int, king_delta: int, code: int) -> int:
    """Write one move at `count`; returns the new count."""
    out[count, 0] = delta
    out[count, 1] = captured
    out[count, 2] = king_delta
    out[count, 3] = code
    return count + 1


@jit
def _steps(
    out: Moves,
    count: int,
    forward: int,
    forward_shift: int,
    backward: int,
    backward_shift: int,
    kings: int,
    crown: int,
) -> int:
    """Steps onto `forward` targets (any piece) and `backward` targets (kings only), each set in
    increasing order, as `_bitboard._steps` adds them; a shift undone finds the origin."""
    while forward:
        target = forward & -forward
        forward ^= target
        origin = target >> forward_shift if forward_shift > 0 else target << -forward_shift
        if origin & kings:
            count = _add(out, count, origin | target, 0, origin | target, 0)
        else:
            count = _add(out, count, origin | target, 0, target & crown, 0)
    while backward:
        target = backward & -backward
        backward ^= target
        origin = target >> backward_shift if backward_shift > 0 else target << -backward_shift
        count = _add(out, count, origin | target, 0, origin | target, 0)
    return count


@jit
def _jump_targets(piece: int, direction: int, opp: int, empty: int) -> int:
    """The landing square of `piece` jumping in `direction` over `opp` onto `empty`, or 0."""
    if direction == 0:
        return (piece & (opp & empty >> 4) >> 4) << 8
    if direction == 1:
        return (piece & (opp & empty << 5) << 5) >> 10
    if direction == 2:
        return (piece & (opp & empty >> 5) >> 5) << 10
    return (piece & (opp & empty << 4) << 4) >> 8


@jit
def _jumped(piece: int, direction: int) -> int:
    """The square `piece` jumps over in `direction`."""
    if direction == 0:
        return piece << 4
    if direction == 1:
        return piece >> 5
    if direction == 2:
        return piece << 5
    return piece >> 4


@jit
def _push(
    stack: Moves,
    top: int,
    land: int,
    direction: int,
    captured: int,
    code: int,
    opp: int,
    empty: int,
) -> int:
    """Push the jump from `land` in `direction`, if there is one; returns the new top."""
    following = _jump_targets(land, direction, opp, empty)
    if not following:
        return top
    hops = code >> 6 & 15
    stack[top, 0] = following
    stack[top, 1] = captured | _jumped(land, direction)
    stack[top, 2] = (code & ~(15 << 6)) | (hops + 1) << 6 | direction << (10 + 2 * hops)
    return top + 1


@jit
def _jumps_from(
    out: Moves,
    count: int,
    start: int,
    direction: int,
    opp: int,
    empty: int,
    kings: int,
    crown: int,
    black_to_move: bool,
    stack: Moves,
) -> int:
    """Every complete capture that begins with `start` jumping in `direction`, depth first in the
    order `_bitboard._land` follows them (its recursion as an explicit stack).

    A hop's continuations are pushed last direction first, so the first pops first. (Loops over
    literal tuples and a reversed slice here took 3 s of numba's compile, this 0.3 s.)
    """
    is_king = start & kings != 0
    origin = start
    empty = empty | start  # the origin counts as empty from the first jump on
    stack[0, 0] = _jump_targets(start, direction, opp, empty)
    stack[0, 1] = _jumped(start, direction)
    stack[0, 2] = bit_index(start) | 1 << 6 | direction << 10
    top = 1
    while top:
        top -= 1
        land, captured, code = stack[top, 0], stack[top, 1], stack[top, 2]
        first = top
        if is_king:
            rest = opp & ~captured  # a king may turn, but not jump a piece twice
            if rest:
                for turn in range(3, -1, -1):
                    top = _push(stack, top, land, turn, captured, code, rest, empty)
            if top == first:
                count = _add(
                    out, count, origin ^ land, captured, origin ^ land | captured & kings, code
                )
        elif land & crown:  # crowning ends the move
            count = _add(out, count, origin ^ land, captured, land | captured & kings, code)
        else:
            # A man jumps forward only: Black's down-left then down-right, White's up-left then
            # up-right; the pieces it captured lie behind it.
            forward = 0 if black_to_move else 1
            top = _push(stack, top, land, forward + 2, captured, code, opp, empty)
            top = _push(stack, top, land, forward, captured, code, opp, empty)
            if top == first:
                count = _add(out, count, origin ^ land, captured, captured & kings, code)
    return count


@jit
def capture_pending(black: int, white: int, kings: int, black_to_move: bool) -> bool:
    """Whether the side to move must capture, by bulk shifts."""
    empty = _VALID ^ (black | white)
    if black_to_move:
        jumpers = black & ((white & empty >> 4) >> 4 | (white & empty >> 5) >> 5)
        back = black & kings
        if back:
            jumpers |= back & ((white & empty << 5) << 5 | (white & empty << 4) << 4)
        return jumpers != 0
    jumpers = white & ((black & empty << 5) << 5 | (black & empty << 4) << 4)
    back = white & kings
    if back:
        jumpers |= back & ((black & empty >> 4) >> 4 | (black & empty >> 5) >> 5)
    return jumpers != 0


@jit
def generate(
    black: int, white: int, kings: int, black_to_move: bool, out: Moves, stack: Moves
) -> int:
    """Write every legal move into `out` (only captures when any exists); returns how many."""
    empty = _VALID ^ (black | white)
    count = 0
    if black_to_move:
        down, up, opp, crown = black, black & kings, white, _BLACK_CROWN
    else:
        down, up, opp, crown = white & kings, white, black, _WHITE_CROWN
    if capture_pending(black, white, kings, black_to_move):
        # The order of _bitboard's walkers: left (down, then up), then right (down, then up).
        for direction in range(4):
            jumpers = up if direction % 2 else down
            while jumpers:
                start = jumpers & -jumpers
                jumpers ^= start
                if _jump_targets(start, direction, opp, empty):
                    count = _jumps_from(
                        out,
                        count,
                        start,
                        direction,
                        opp,
                        empty,
                        kings,
                        crown,
                        black_to_move,
                        stack,
                    )
        return count
    if black_to_move:
        count = _steps(out, count, down << 4 & empty, 4, up >> 5 & empty, -5, kings, crown)
        count = _steps(out, count, down << 5 & empty, 5, up >> 4 & empty, -4, kings, crown)
    else:
        count = _steps(out, count, up >> 5 & empty, -5, down << 4 & empty, 4, kings, crown)
        count = _steps(out, count, up >> 4 & empty, -4, down << 5 & empty, 5, kings, crown)
    return count


@jit
def count_moves(
    black: int, white: int, kings: int, black_to_move: bool, scratch: Moves, stack: Moves
) -> int:
    """The number of legal moves: popcounts for steps, the generator only for captures."""
    if capture_pending(black, white, kings, black_to_move):
        return generate(black, white, kings, black_to_move, scratch, stack)
    empty = _VALID ^ (black | white)
    if black_to_move:
        back = black & kings
        total = popcount(black << 4 & empty) + popcount(black << 5 & empty)
        if back:
            total += popcount(back >> 4 & empty) + popcount(back >> 5 & empty)
        return total
    back = white & kings
    total = popcount(white >> 4 & empty) + popcount(white >> 5 & empty)
    if back:
        total += popcount(back << 4 & empty) + popcount(back << 5 & empty)
    return total


@jit
def perft(black: int, white: int, kings: int, black_to_move: bool, depth: int) -> int:
    """The number of move sequences of exactly `depth` plies (the last ply counted in bulk)."""
    if depth <= 0:
        return 1
    stack = np.zeros((_STACK, 3), np.int64)
    if depth == 1:
        scratch = np.zeros((MAX_MOVES, 4), np.int64)
        return count_moves(black, white, kings, black_to_move, scratch, stack)
    moves = np.zeros((depth + 1, MAX_MOVES, 4), np.int64)
    boards = np.zeros((depth + 1, 3), np.int64)
    counts = np.zeros(depth + 1, np.int64)
    index = np.zeros(depth + 1, np.int64)
    boards[0, 0], boards[0, 1], boards[0, 2] = black, white, kings
    counts[0] = generate(black, white, kings, black_to_move, moves[0], stack)
    total = 0
    ply = 0
    to_move = black_to_move
    while ply >= 0:
        if index[ply] == counts[ply]:
            ply -= 1
            to_move = not to_move
            continue
        row = moves[ply, index[ply]]
        index[ply] += 1
        b, w, k = boards[ply, 0], boards[ply, 1], boards[ply, 2]
        if to_move:
            b, w = b ^ row[0], w ^ row[1]
        else:
            b, w = b ^ row[1], w ^ row[0]
        k ^= row[2]
        if ply == depth - 2:  # the child's moves are counted, not played
            total += count_moves(b, w, k, not to_move, moves[ply + 1], stack)
            continue
        ply += 1
        to_move = not to_move
        boards[ply, 0], boards[ply, 1], boards[ply, 2] = b, w, k
        counts[ply] = generate(b, w, k, to_move, moves[ply], stack)
        index[ply] = 0
    return total


def encode_move(raw: RawMove) -> tuple[int, int, int, int]:
    """A `_bitboard` raw move as the compiled core's row."""
    delta, captured, king_delta, path = raw
    if path is None:
        return delta, captured, king_delta, 0
    code = (path[0].bit_length() - 1) | (len(path) - 1) << 6
    for hop, (here, there) in enumerate(itertools.pairwise(path)):
        direction = _JUMP_SHIFT.index(there.bit_length() - here.bit_length())
        code |= direction << (10 + 2 * hop)
    return delta, captured, king_delta, code


def decode_move(row: npt.NDArray[np.int64] | tuple[int, ...]) -> RawMove:
    """A compiled core's row as the `_bitboard` raw move it stands for."""
    delta, captured, king_delta, code = (int(value) for value in row[:4])
    if not code:
        return delta, captured, king_delta, None
    square = 1 << (code & 63)
    path = [square]
    for hop in range(code >> 6 & 15):
        shift = _JUMP_SHIFT[code >> (10 + 2 * hop) & 3]
        square = square << shift if shift > 0 else square >> -shift
        path.append(square)
    return delta, captured, king_delta, tuple(path)
