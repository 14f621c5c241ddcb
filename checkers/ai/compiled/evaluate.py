"""The engine's evaluation (`checkers.ai.engine._static_score`), compiled: the same terms from the
same tables, which `tables()` copies out of the engine module as arrays, so weights installed
there (the tuning's self-play) are the weights evaluated here."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from checkers._bitboard import BIT, VALID
from checkers.ai import engine, patterns
from checkers.ai.compiled._jit import jit
from checkers.ai.compiled.movegen import bit_index, popcount

__all__ = ["Tables", "material", "static_score", "tables"]

Array = npt.NDArray[np.int64]
Tables = tuple[Array, Array, Array, Array, Array, Array]
"""(men [side][phase][guard][chunk][index], runaway [side][bit], cone [side][bit],
distance [bit][bit], scalars: the `_P_*` indices, pattern values [phase][window][pattern]:
empty without pattern tables)."""

_P_KING, _P_TRADE, _P_CENTRE, _P_STEP, _P_TO_MOVE, _P_CLOSENESS, _P_CORNER, _P_PHASES = range(8)
_P_LIMITS = 8  # the phase limits follow
_BITS = VALID.bit_length()
_CHUNK, _CHUNK_MASK = engine._CHUNK, engine._CHUNK_MASK
_MAN, _GRAIN = engine.MAN, engine._GRAIN
_BLACK_RUNNERS, _WHITE_RUNNERS = engine._BLACK_RUNNERS, engine._WHITE_RUNNERS
_CENTRE_KINGS, _DOUBLE_CORNERS = engine._CENTRE_KINGS, engine._DOUBLE_CORNERS
_ROW_TERNARY = np.array(patterns.ROW_TERNARY, np.int64)  # [a row's four bits]
_BAND_DIGITS = np.array(patterns.BAND_DIGITS, np.int64)  # [band][row code]
_BANDS = patterns.BANDS
_PHASE_LIMITS = np.array(patterns.PHASE_LIMITS, np.int64)
_R0, _R1, _R2, _R3, _R4, _R5, _R6, _R7 = patterns.ROW_STARTS


def tables() -> Tables:
    """The engine module's evaluation tables, for the weights installed there now."""
    weights = engine._weights
    phases = len(engine._BLACK_MEN)
    men = np.zeros((2, phases, 2, 3, 1 << _CHUNK), np.int64)
    for side, source in enumerate((engine._BLACK_MEN, engine._WHITE_MEN)):
        for phase in range(phases):
            for guard in range(2):
                for chunk in range(3):
                    men[side, phase, guard, chunk] = source[phase][guard][chunk]
    runaway = np.zeros((2, _BITS), np.int64)
    cone = np.zeros((2, _BITS), np.int64)
    distance = np.zeros((_BITS, _BITS), np.int64)
    for square in range(1, 33):
        bit = BIT[square]
        here = bit.bit_length() - 1
        runaway[0, here], runaway[1, here] = engine._BLACK_RUNAWAY[bit], engine._WHITE_RUNAWAY[bit]
        cone[0, here], cone[1, here] = engine._BLACK_CONE[bit], engine._WHITE_CONE[bit]
        for other in range(1, 33):
            if other != square:
                distance[here, BIT[other].bit_length() - 1] = engine._DISTANCE[bit | BIT[other]]
    scalars = [
        weights.king,
        weights.trade,
        weights.king_centre,
        weights.king_step,
        weights.to_move,
        weights.hunt_closeness,
        weights.hunt_corner,
        phases,
        *weights.phase_pieces,
    ]
    learned = engine._PATTERNS
    values = np.array(learned, np.int64) if learned is not None else np.zeros((0, 0, 0), np.int64)
    return men, runaway, cone, distance, np.array(scalars, np.int64), values


@jit
def material(bm: int, bk: int, wm: int, wk: int, scalars: Array) -> int:
    """Black's material lead, as `engine._material`."""
    black_material = _MAN * bm + scalars[_P_KING] * bk
    white_material = _MAN * wm + scalars[_P_KING] * wk
    difference = black_material - white_material
    trade_bonus = abs(difference) * scalars[_P_TRADE] // (black_material + white_material + 1)
    return int(difference + trade_bonus if difference > 0 else difference - trade_bonus)


@jit
def _king_steps(kings: int, empty: int) -> int:
    """How many single steps these kings have."""
    return (
        popcount(kings << 4 & empty)
        + popcount(kings << 5 & empty)
        + popcount(kings >> 4 & empty)
        + popcount(kings >> 5 & empty)
    )


@jit
def _hunt(hunters: int, prey: int, distance: Array, scalars: Array) -> int:
    """As `engine._hunt`: close in on the enemy kings, keep them off the double corners."""
    closeness = 0
    while hunters:
        hunter = hunters & -hunters
        hunters ^= hunter
        here = bit_index(hunter)
        nearest = 99
        targets = prey
        while targets:
            target = targets & -targets
            targets ^= target
            nearest = min(nearest, distance[here, bit_index(target)])
        closeness += 7 - nearest
    cornered = popcount(prey & _DOUBLE_CORNERS)
    return int(scalars[_P_CLOSENESS] * closeness - scalars[_P_CORNER] * cornered)


@jit
def _men_value(men: Array, side: int, phase: int, guard: int, bits: int) -> int:
    """One side's men terms: three look-ups, one per 12 bits of the board."""
    return int(
        men[side, phase, guard, 0, bits & _CHUNK_MASK]
        + men[side, phase, guard, 1, bits >> _CHUNK & _CHUNK_MASK]
        + men[side, phase, guard, 2, bits >> 2 * _CHUNK]
    )


@jit
def _row_code(black: int, white: int, start: int) -> int:
    """A row's code (0-80): its four squares' base-3 digits."""
    return int(_ROW_TERNARY[black >> start & 15] + 2 * _ROW_TERNARY[white >> start & 15])


@jit
def _pattern_score(black: int, white: int, pieces: int, values: Array) -> int:
    """As `engine._pattern_score`: the fifteen regions' values for Black."""
    phase = 0
    for limit in _PHASE_LIMITS:
        if pieces < limit:
            phase += 1
    c0, c1 = _row_code(black, white, _R0), _row_code(black, white, _R1)
    c2, c3 = _row_code(black, white, _R2), _row_code(black, white, _R3)
    c4, c5 = _row_code(black, white, _R4), _row_code(black, white, _R5)
    c6, c7 = _row_code(black, white, _R6), _row_code(black, white, _R7)
    table = values[phase]
    score = 0
    for band in range(_BANDS):  # regions w = 3 * first row + band (patterns.WINDOWS)
        digits = _BAND_DIGITS[band]
        d0, d1, d2, d3 = digits[c0], digits[c1], digits[c2], digits[c3]
        d4, d5, d6, d7 = digits[c4], digits[c5], digits[c6], digits[c7]
        score += table[band, d0 + 9 * d1 + 81 * d2 + 729 * d3]
        score += table[_BANDS + band, d1 + 9 * d2 + 81 * d3 + 729 * d4]
        score += table[2 * _BANDS + band, d2 + 9 * d3 + 81 * d4 + 729 * d5]
        score += table[3 * _BANDS + band, d3 + 9 * d4 + 81 * d5 + 729 * d6]
        score += table[4 * _BANDS + band, d4 + 9 * d5 + 81 * d6 + 729 * d7]
    return int(score)


@jit
def static_score(
    black: int,
    white: int,
    kings: int,
    black_to_move: bool,
    men: Array,
    runaway: Array,
    cone: Array,
    distance: Array,
    scalars: Array,
    values: Array,
) -> int:
    """The evaluation for the side to move before the no-progress discount."""
    black_kings, white_kings = black & kings, white & kings
    black_men, white_men = black ^ black_kings, white ^ white_kings
    bk, wk = popcount(black_kings), popcount(white_kings)
    bm, wm = popcount(black_men), popcount(white_men)
    pieces = bm + bk + wm + wk
    phase = 0
    for limit in range(scalars[_P_PHASES] - 1):
        if pieces < scalars[_P_LIMITS + limit]:
            phase += 1
    lead = material(bm, bk, wm, wk, scalars)
    score = lead + _men_value(men, 0, phase, 1 if wm > 0 else 0, black_men)
    score -= _men_value(men, 1, phase, 1 if bm > 0 else 0, white_men)

    runners = black_men & _BLACK_RUNNERS  # runaway men: nothing ahead can stop them
    while runners:
        man = runners & -runners
        runners ^= man
        here = bit_index(man)
        if not cone[0, here] & white:
            score += runaway[0, here]
    runners = white_men & _WHITE_RUNNERS
    while runners:
        man = runners & -runners
        runners ^= man
        here = bit_index(man)
        if not cone[1, here] & black:
            score -= runaway[1, here]

    if bk or wk:
        empty = VALID ^ (black | white)
        score += scalars[_P_CENTRE] * (
            popcount(black_kings & _CENTRE_KINGS) - popcount(white_kings & _CENTRE_KINGS)
        )
        score += scalars[_P_STEP] * (
            _king_steps(black_kings, empty) - _king_steps(white_kings, empty)
        )
        if not wm and wk and lead > 0 and bk:
            score += _hunt(black_kings, white_kings, distance, scalars)
        elif not bm and bk and lead < 0 and wk:
            score -= _hunt(white_kings, black_kings, distance, scalars)

    if values.shape[0]:
        score += _pattern_score(black, white, pieces, values)

    score = (score + _GRAIN // 2) // _GRAIN * _GRAIN
    return int(score + scalars[_P_TO_MOVE] if black_to_move else scalars[_P_TO_MOVE] - score)


@jit
def discount(score: int, no_progress: int) -> int:
    """As `engine._discount`: without progress a lead is worth less."""
    if no_progress > 20:
        if score > 0:
            return score * (100 - no_progress) // 80
        return -(-score * (100 - no_progress) // 80)
    return score
