"""The rules core's bitboards: the square <-> bit layout, the move generator and the bulk move
counters, on plain integers. Private to the package: `checkers.board` builds the public values
(Position, Move) on it, and the engine and perft use it directly for speed.

A position is three bitboards (black, white, kings) in a "ghost square" layout: square s on row
r, index c (s = 4r + c + 1) lives at bit 9*(r//2) + 4*(r%2) + c, so bits 8, 17 and 26 are never
squares and every diagonal step is the same shift everywhere on the board:

    down-left +4, down-right +5, up-left -5, up-right -4   (down = toward square 32)

Black men move down, White men move up, kings both. Moves are generated as XOR deltas
(mover, opponent, kings): `play` makes one, three XORs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = [
    "BIT",
    "SQUARE",
    "VALID",
    "Bitboards",
    "RawMove",
    "capture_pending",
    "count_moves",
    "count_replies",
    "generate_raw",
    "mask",
    "play",
    "raw_squares",
    "squares_of",
]

RawMove = tuple[int, int, int, tuple[int, ...] | None]
"""(mover delta, opponent delta, kings delta, capture path as bits: origin then each landing;
None for a simple step). `play` XORs the deltas into a position's bitboards."""

Bitboards = tuple[int, int, int]
"""(black, white, kings)."""


# --- the layout: the one place that says which bit a square is --------------------------------


def _bit_of(square: int) -> int:
    """The bit of a PDN square (1-32)."""
    row, index = divmod(square - 1, 4)
    return 1 << (9 * (row // 2) + 4 * (row % 2) + index)


BIT: list[int] = [0] + [_bit_of(s) for s in range(1, 33)]  # square -> bit (BIT[0] unused)
SQUARE: dict[int, int] = {BIT[s]: s for s in range(1, 33)}  # bit -> square
VALID = sum(BIT[1:])
_BLACK_CROWN = sum(BIT[s] for s in range(29, 33))  # Black men crown on 29-32
_WHITE_CROWN = sum(BIT[s] for s in range(1, 5))  # White men crown on 1-4


def squares_of(bits: int) -> Iterator[int]:
    """The squares of a bitboard, in increasing order."""
    while bits:
        low = bits & -bits
        bits ^= low
        yield SQUARE[low]


def mask(squares: Iterable[int]) -> int:
    """The bitboard of these squares."""
    bits = 0
    for s in squares:
        bits |= BIT[s]
    return bits


def _simple_steps(shift: int, crown: int) -> dict[int, RawMove]:
    """Prebuilt raw moves for a man's one-step move, keyed by the target bit."""
    table: dict[int, RawMove] = {}
    for target in BIT[1:]:
        origin = target >> shift if shift > 0 else target << -shift
        if origin & VALID:
            table[target] = (origin | target, 0, target & crown, None)
    return table


# --- making a move -----------------------------------------------------------------------------


def play(black: int, white: int, kings: int, black_to_move: bool, raw: RawMove) -> Bitboards:
    """The bitboards after `raw`, a move generated for this side and these bitboards."""
    delta, captured, king_delta, _ = raw
    if black_to_move:
        return black ^ delta, white ^ captured, kings ^ king_delta
    return black ^ captured, white ^ delta, kings ^ king_delta


# --- move generation --------------------------------------------------------------------------

_MAN_STEP_SETS_KEPT = 1 << 14  # per table; perft 10 keeps at most 1,800


class _ManSteps(dict[int, tuple[RawMove, ...]]):
    """Prebuilt raw moves of a side's men stepping along one diagonal, keyed by the set of target
    squares (a bitboard); each set is built on first use and kept, up to a bound."""

    def __init__(self, shift: int, crown: int) -> None:
        super().__init__()
        self.one_step = _simple_steps(shift, crown)

    def __missing__(self, targets: int) -> tuple[RawMove, ...]:
        moves = tuple(self.one_step[BIT[s]] for s in squares_of(targets))
        if len(self) < _MAN_STEP_SETS_KEPT:  # bounded memory however long a search runs
            self[targets] = moves
        return moves


# Every king step prebuilt, keyed by its two squares' bits: no tuple made per step, and the same
# object each time, which the engine's move-ordering look-ups compare by identity first.
_KING_STEPS: dict[int, RawMove] = {
    step[0]: (step[0], 0, step[0], None)
    for shift in (4, 5, -4, -5)
    for step in _simple_steps(shift, 0).values()
}

# All of a side's man steps along a diagonal are one lookup, not a loop over the targets: few
# distinct sets recur (under 2,000 per table in perft 10); 11% fewer instructions in perft 7.
_BLACK_STEP_LEFT = _ManSteps(4, _BLACK_CROWN)
_BLACK_STEP_RIGHT = _ManSteps(5, _BLACK_CROWN)
_WHITE_STEP_LEFT = _ManSteps(-5, _WHITE_CROWN)
_WHITE_STEP_RIGHT = _ManSteps(-4, _WHITE_CROWN)


# What the walkers know about the side to move, fixed for one generation: a plain tuple
# (a NamedTuple per generation cost 5% of perft) read with literal indices on the hot path:
#   [0] black to move, [1] capturing, [2] every king on the board, [3] this side's crown row,
#   [4] squares from which one of this side's men could jump on (never its crown row: no man's
#       jump starts there, so the mask needs no trimming).
_SideInfo = tuple[bool, bool, int, int, int]
# With no kings on the board a stepping side is a constant (0.5% fewer instructions in perft 7).
_BLACK_STEPPING: _SideInfo = (True, False, 0, _BLACK_CROWN, 0)
_WHITE_STEPPING: _SideInfo = (False, False, 0, _WHITE_CROWN, 0)


def _traverse_left(
    down: int,
    up: int,
    opp: int,
    empty: int,
    side: _SideInfo,
    out: list[RawMove],
    origin: int = 0,
    captured: int = 0,
    path: tuple[int, ...] | None = None,
) -> bool:
    """Walk the two left diagonals (down-left +4, up-left -5) for the pieces in `down` and `up`.

    When the side is capturing it adds their jumps over `opp`, following every multi-jump to its
    end; otherwise their simple steps onto `empty`. Returns whether it found anything.
    """
    if not side[1]:
        if side[0]:  # Black men walk down; its kings also walk up
            forward, backward, steps = down << 4 & empty, up and up >> 5 & empty, _BLACK_STEP_LEFT
            if side[2]:
                return _steps(forward, 4, backward, -5, side[2], out, steps)
        else:
            forward, backward, steps = up >> 5 & empty, down and down << 4 & empty, _WHITE_STEP_LEFT
            if side[2]:
                return _steps(forward, -5, backward, 4, side[2], out, steps)
        if not forward:
            return False
        out += steps[forward]  # no kings anywhere: every step is a man's
        return True
    found = False
    jumpers = down and down & (opp & empty >> 4) >> 4
    while jumpers:
        start = jumpers & -jumpers
        jumpers ^= start
        land = start << 8
        if path is None and not (start & side[2] or land & side[4]):
            over = start << 4  # a man's single jump that cannot go on: most captures
            out.append((start | land, over, land & side[3] | over & side[2], (start, land)))
        else:
            _land(start, land, start << 4, opp, empty, side, out, origin, captured, path)
        found = True
    jumpers = up and up & (opp & empty << 5) << 5
    while jumpers:
        start = jumpers & -jumpers
        jumpers ^= start
        land = start >> 10
        if path is None and not (start & side[2] or land & side[4]):
            over = start >> 5  # a man's single jump that cannot go on: most captures
            out.append((start | land, over, land & side[3] | over & side[2], (start, land)))
        else:
            _land(start, land, start >> 5, opp, empty, side, out, origin, captured, path)
        found = True
    return found


def _traverse_right(
    down: int,
    up: int,
    opp: int,
    empty: int,
    side: _SideInfo,
    out: list[RawMove],
    origin: int = 0,
    captured: int = 0,
    path: tuple[int, ...] | None = None,
) -> bool:
    """Walk the two right diagonals (down-right +5, up-right -4); otherwise as `_traverse_left`."""
    if not side[1]:
        if side[0]:
            forward, backward, steps = down << 5 & empty, up and up >> 4 & empty, _BLACK_STEP_RIGHT
            if side[2]:
                return _steps(forward, 5, backward, -4, side[2], out, steps)
        else:
            forward, backward, steps = (
                up >> 4 & empty,
                down and down << 5 & empty,
                _WHITE_STEP_RIGHT,
            )
            if side[2]:
                return _steps(forward, -4, backward, 5, side[2], out, steps)
        if not forward:
            return False
        out += steps[forward]  # no kings anywhere: every step is a man's
        return True
    found = False
    jumpers = down and down & (opp & empty >> 5) >> 5
    while jumpers:
        start = jumpers & -jumpers
        jumpers ^= start
        land = start << 10
        if path is None and not (start & side[2] or land & side[4]):
            over = start << 5  # a man's single jump that cannot go on: most captures
            out.append((start | land, over, land & side[3] | over & side[2], (start, land)))
        else:
            _land(start, land, start << 5, opp, empty, side, out, origin, captured, path)
        found = True
    jumpers = up and up & (opp & empty << 4) << 4
    while jumpers:
        start = jumpers & -jumpers
        jumpers ^= start
        land = start >> 8
        if path is None and not (start & side[2] or land & side[4]):
            over = start >> 4  # a man's single jump that cannot go on: most captures
            out.append((start | land, over, land & side[3] | over & side[2], (start, land)))
        else:
            _land(start, land, start >> 4, opp, empty, side, out, origin, captured, path)
        found = True
    return found


def _steps(
    forward: int,
    forward_shift: int,
    backward: int,
    backward_shift: int,
    kings: int,
    out: list[RawMove],
    man_steps: _ManSteps,
) -> bool:
    """Add the steps onto `forward` targets (any piece) and `backward` targets (kings only).

    A shift is the one that moved a piece onto its target; undoing it finds the origin.
    """
    found = bool(forward | backward)
    while forward:
        target = forward & -forward
        forward ^= target
        origin = target >> forward_shift if forward_shift > 0 else target << -forward_shift
        if origin & kings:
            out.append(_KING_STEPS[origin | target])
        else:
            out += man_steps[target]
    while backward:
        target = backward & -backward
        backward ^= target
        origin = target >> backward_shift if backward_shift > 0 else target << -backward_shift
        out.append(_KING_STEPS[origin | target])
    return found


def _land(
    start: int,
    land: int,
    over: int,
    opp: int,
    empty: int,
    side: _SideInfo,
    out: list[RawMove],
    origin: int,
    captured: int,
    path: tuple[int, ...] | None,
) -> None:
    """One jump from `start` over `over` onto `land`: end the move there or jump on."""
    if path is None:  # the first jump of a sequence: its origin counts as empty from now on
        origin, path, empty = start, (start,), empty | start
    path = path + (land,)
    captured |= over
    kings = side[2]
    if origin & kings:
        # A king may turn, so look in all four directions; it cannot jump a piece twice.
        rest = opp & ~captured
        if not rest or not (
            _traverse_left(land, land, rest, empty, side, out, origin, captured, path)
            | _traverse_right(land, land, rest, empty, side, out, origin, captured, path)
        ):
            out.append((origin ^ land, captured, origin ^ land | captured & kings, path))
    elif land & side[3]:
        out.append((origin ^ land, captured, land | captured & kings, path))  # crowning ends it
    elif land & side[4]:
        # A man jumps forward only, so the pieces it has captured are behind it.
        down, up = (land, 0) if side[0] else (0, land)
        _traverse_left(down, up, opp, empty, side, out, origin, captured, path)
        _traverse_right(down, up, opp, empty, side, out, origin, captured, path)
    else:
        out.append((origin ^ land, captured, captured & kings, path))


def generate_raw(black: int, white: int, kings: int, black_to_move: bool) -> list[RawMove]:
    """Every legal move as a raw delta; only captures when any capture exists."""
    empty = VALID ^ (black | white)
    if black_to_move:
        down, up, opp = black, black & kings, white
        man_jumps = (opp & empty >> 4) >> 4 | (opp & empty >> 5) >> 5
        if man_jumps & black or up and _kings_can_jump(up, opp, empty):
            side = (True, True, kings, _BLACK_CROWN, man_jumps)
        else:
            side = (True, False, kings, _BLACK_CROWN, 0) if kings else _BLACK_STEPPING
    else:
        down, up, opp = white & kings, white, black
        man_jumps = (opp & empty << 5) << 5 | (opp & empty << 4) << 4
        if man_jumps & white or down and _kings_can_jump(down, opp, empty):
            side = (False, True, kings, _WHITE_CROWN, man_jumps)
        else:
            side = (False, False, kings, _WHITE_CROWN, 0) if kings else _WHITE_STEPPING
    out: list[RawMove] = []
    _traverse_left(down, up, opp, empty, side, out)
    _traverse_right(down, up, opp, empty, side, out)
    return out


def capture_pending(black: int, white: int, kings: int, black_to_move: bool) -> bool:
    """Whether the side to move has a capture (and so must capture), by bulk shifts: no list."""
    empty = VALID ^ (black | white)
    if black_to_move:
        up = black & kings
        return bool(
            black & ((white & empty >> 4) >> 4 | (white & empty >> 5) >> 5)
            or up
            and _kings_can_jump(up, white, empty)
        )
    down = white & kings
    return bool(
        white & ((black & empty << 5) << 5 | (black & empty << 4) << 4)
        or down
        and _kings_can_jump(down, black, empty)
    )


def _kings_can_jump(kings: int, opp: int, empty: int) -> bool:
    """Whether any of these kings has a jump in any direction."""
    return bool(
        kings
        & (
            (opp & empty >> 4) >> 4
            | (opp & empty >> 5) >> 5
            | (opp & empty << 5) << 5
            | (opp & empty << 4) << 4
        )
    )


_NULL_MOVE: tuple[RawMove] = ((0, 0, 0, None),)


def count_moves(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """len(generate_raw(...)): the number of legal moves for the side to move."""
    if black_to_move:
        return _count_black_replies(black, white, kings, _NULL_MOVE)
    return _count_white_replies(black, white, kings, _NULL_MOVE)


def count_replies(
    black: int, white: int, kings: int, black_to_move: bool, moves: Iterable[RawMove]
) -> int:
    """The opponent's legal move count after each of `moves` (the side to move's), summed.

    Perft's last two plies in one call per parent (1.5% fewer instructions than a call per child).
    """
    if black_to_move:
        return _count_white_replies(black, white, kings, moves)
    return _count_black_replies(black, white, kings, moves)


# Both counters count in bulk (popcounts) unless the side to count has a king; then they count
# generate_raw's list. A piece on p steps down-left onto p+4 iff p is in (empty >> 4): the
# shifted empties serve the jump test and the step count alike.


def _count_black_replies(black: int, white: int, kings: int, moves: Iterable[RawMove]) -> int:
    total = 0
    # White's moves never crown a black piece, so with no black king now there is none after: one
    # test per parent spares a king test per child (2.7% fewer instructions in perft 7).
    black_kings = kings & black
    empty_before = VALID ^ (black | white)
    for delta, captured, king_delta, _ in moves:  # White's moves
        # `play` written out, the empty squares updated from the same deltas: a call per move
        # cost 22% of the instructions of perft 7.
        w = white ^ delta
        if captured:
            b, empty = black ^ captured, empty_before ^ delta ^ captured
        else:  # White stepped: two operations fewer (4.2% fewer instructions in perft 7)
            b, empty = black, empty_before ^ delta
        empty_left, empty_right = empty >> 4, empty >> 5
        left = (w & empty_left) >> 4  # squares from which a down-left jump lands
        right = (w & empty_right) >> 5
        if black_kings and (kings ^ king_delta) & b:
            total += len(generate_raw(b, w, kings ^ king_delta, True))
        # The jumpers are named once for the test and the count (1.8% fewer instructions).
        elif (jumpers_left := left & b) | (jumpers_right := right & b):
            if (jumpers_left << 8 | jumpers_right << 10) & (left | right):
                total += _black_man_jumps(b, left, right)
            else:
                total += jumpers_left.bit_count() + jumpers_right.bit_count()
        else:
            total += (b & empty_left).bit_count() + (b & empty_right).bit_count()
    return total


def _count_white_replies(black: int, white: int, kings: int, moves: Iterable[RawMove]) -> int:
    total = 0
    white_kings = kings & white  # Black's moves never crown a white piece: as above
    empty_before = VALID ^ (black | white)
    for delta, captured, king_delta, _ in moves:  # Black's moves
        b = black ^ delta  # `play` written out, as in _count_black_replies
        if captured:
            w, empty = white ^ captured, empty_before ^ delta ^ captured
        else:
            w, empty = white, empty_before ^ delta
        empty_left, empty_right = empty << 5, empty << 4
        left = (b & empty_left) << 5  # squares from which an up-left jump lands
        right = (b & empty_right) << 4
        if white_kings and (kings ^ king_delta) & w:
            total += len(generate_raw(b, w, kings ^ king_delta, False))
        elif (jumpers_left := left & w) | (jumpers_right := right & w):
            if (jumpers_left >> 10 | jumpers_right >> 8) & (left | right):
                total += _white_man_jumps(w, left, right)
            else:
                total += jumpers_left.bit_count() + jumpers_right.bit_count()
        else:
            total += (w & empty_left).bit_count() + (w & empty_right).bit_count()
    return total


# Men's multi-jumps are counted in bulk too, not from generate_raw's list (9.5% fewer instructions
# in perft 7). A man jumps forward only, so the pieces it has captured and the square it left lie
# behind it: the position's jump masks stay exact for every hop, and none starts on the crown row.
# The two landing sets of a hop are followed one by one, so two paths onto a square count twice.


def _black_man_jumps(men: int, left: int, right: int) -> int:
    """The number of complete jump sequences of these Black men, given the squares from which a
    down-left / down-right jump is open."""
    total = 0
    more = left | right
    for land in ((men & left) << 8, (men & right) << 10):
        if land:
            onward = land & more
            total += (land ^ onward).bit_count()
            if onward:
                total += _black_man_jumps(onward, left, right)
    return total


def _white_man_jumps(men: int, left: int, right: int) -> int:
    """The number of complete jump sequences of these White men, given the squares from which an
    up-left / up-right jump is open."""
    total = 0
    more = left | right
    for land in ((men & left) >> 10, (men & right) >> 8):
        if land:
            onward = land & more
            total += (land ^ onward).bit_count()
            if onward:
                total += _white_man_jumps(onward, left, right)
    return total


def raw_squares(raw: RawMove, mover: int) -> tuple[int, ...]:
    """A raw move's path as PDN squares (start, then each landing); `mover` is the moving side's
    bitboard before the move."""
    delta, _captured, _, path = raw
    if path is None:
        origin = delta & mover
        return (SQUARE[origin], SQUARE[delta ^ origin])
    return tuple(SQUARE[b] for b in path)
