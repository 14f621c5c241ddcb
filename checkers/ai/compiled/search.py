"""The engine's search (`checkers.ai.engine.Engine._negamax`), compiled, without recursion.

The same fail-soft principal-variation search, step by step, on an explicit stack of frames (one
row per ply), so that numba can cache it on disk and so that it can pause: every 512 nodes, as
the Python engine looks at its limits, it returns to Python, which looks at the clock and the stop
signal and calls `run` again to go on (as cheap as every 8,192: the same processor time for a
depth-15 search, median of 9); it probes the endgame databases itself (`probe`), pausing only the
first time it meets a material, for Python to load that slice and hand it over. Everything that
decides which nodes are searched is the Python engine's, kept in arrays: the transposition
table (the same slots: Python's hash of the key tuple is computed here), the killers, the history
(keyed as the Python engine's dict of raw moves is) and the move order, so that the same search
visits the same nodes and returns the same score; tests/test_compiled.py compares them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from checkers._bitboard import VALID
from checkers.ai import engine
from checkers.ai.compiled._jit import jit
from checkers.ai.compiled.evaluate import discount, material, static_score
from checkers.ai.compiled.movegen import (
    MAX_MOVES,
    capture_pending,
    generate,
    popcount,
)
from checkers.ai.compiled.ordering import (
    order,
    playable_killer,
    remember_cutoff,
    same_move,
    table_slot,
)
from checkers.ai.compiled.probe import UNKNOWN, lookup
from checkers.ai.endgame import DRAW_CODE, LONG_RESULT_COUNT, WIN_CODE
from checkers.ai.search import MATE_BOUND, WIN
from checkers.record import FORTY_MOVE_PLIES

Array = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.uint8]

# --- the state: one vector of scalars, a row of frame fields per ply ----------------------------
ST_NODES, ST_NEXT_CHECK, ST_MODE, ST_PLY, ST_RET, ST_PROBE_PIECES = range(6)
ST_PROBE_FOUND, ST_PROBE_CODE, ST_PROBE_PLIES, ST_PATH_LEN, ST_SCORES = range(6, 11)
ST_PARTIAL, ST_PARTIAL_SCORE, ST_PARTIAL_INDEX, ST_SEEN, ST_RESULT = range(11, 16)
ST_SIZE = 16

(F_BLACK, F_WHITE, F_KINGS, F_TO_MOVE, F_DEPTH, F_ALPHA, F_BETA, F_PROGRESS) = range(8)
(F_ORIGINAL_ALPHA, F_BEST, F_BEST_INDEX, F_NEXT_DEPTH, F_FORCED, F_UNSORTED) = range(8, 14)
(F_REDUCE_FROM, F_ON_PATH, F_SLOT, F_INDEX, F_STAGE, F_COUNT) = range(14, 20)
F_SIZE = 20

# What `run` did: finished the root, or paused for Python to check the limits or probe.
DONE, PAUSE_LIMITS, PAUSE_PROBE = 0, 1, 2
# Where a frame's work resumes.
M_ENTER, M_CHECKED, M_PROBED, M_LOOP, M_RETURN = range(5)
# Which search of a move a child's result answers.
S_FIRST, S_REDUCED, S_NULL, S_FULL = range(4)

# A table slot: black, white, kings | side to move << 40 | forced << 41 | used << 42,
# depth * 4 + bound, score, then the best move's four fields.
T_BLACK, T_WHITE, T_KEY, T_DEPTH_FLAG, T_SCORE, T_MOVE = 0, 1, 2, 3, 4, 5
T_SIZE = 9
_TO_MOVE_BIT, _FORCED_BIT, _USED_BIT = 1 << 40, 1 << 41, 1 << 42
_KEY_MASK = (1 << 41) - 1

MAX_PLY = engine._MAX_PLY
TABLE_SLOTS = engine._TABLE_SLOTS
_BUCKET_MASK = engine._BUCKET_MASK
_EXACT, _LOWER, _UPPER = engine._EXACT, engine._LOWER, engine._UPPER
_INFINITY = engine._INFINITY
_PLIES_TO_REPEAT = engine._PLIES_TO_REPEAT
_LATE_MOVE, _REDUCE_DEPTH, _DEEP_REDUCTION = (
    engine._LATE_MOVE,
    engine._REDUCE_DEPTH,
    engine._DEEP_REDUCTION,
)
_FUTILE_DEPTH, _FUTILITY_MARGIN, _NO_REDUCTION = (
    engine._FUTILE_DEPTH,
    engine._FUTILITY_MARGIN,
    engine._MAX_MOVES,
)


@jit
def _to_table(score: int, ply: int) -> int:
    """Win scores count plies from the root; the table stores them from the node."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


@jit
def _from_table(score: int, ply: int) -> int:
    """A stored score as seen from the root again."""
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


@jit
def _on_path_or_seen(
    key: Array, path: Array, path_length: int, seen: Array, seen_count: int
) -> bool:
    for index in range(path_length):
        if (
            path[index, 0] == key[0]
            and path[index, 1] == key[1]
            and path[index, 2] == key[2]
            and path[index, 3] == key[3]
        ):
            return True
    for index in range(seen_count):
        if (
            seen[index, 0] == key[0]
            and seen[index, 1] == key[1]
            and seen[index, 2] == key[2]
            and seen[index, 3] == key[3]
        ):
            return True
    return False


@jit
def _launch(
    frames: Array, moves: Array, ply: int, index: int, depth: int, alpha: int, beta: int
) -> None:
    """Fill the child frame for move `index` of the frame at `ply`."""
    frame = frames[ply]
    mover_delta, captured, king_delta = (
        moves[ply, index, 0],
        moves[ply, index, 1],
        moves[ply, index, 2],
    )
    kings = frame[F_KINGS]
    child = frames[ply + 1]
    if frame[F_TO_MOVE]:
        child[F_BLACK], child[F_WHITE] = frame[F_BLACK] ^ mover_delta, frame[F_WHITE] ^ captured
    else:
        child[F_BLACK], child[F_WHITE] = frame[F_BLACK] ^ captured, frame[F_WHITE] ^ mover_delta
    child[F_KINGS] = kings ^ king_delta
    child[F_TO_MOVE] = 0 if frame[F_TO_MOVE] else 1
    child[F_PROGRESS] = frame[F_PROGRESS] + 1 if not captured and mover_delta & kings else 0
    child[F_DEPTH], child[F_ALPHA], child[F_BETA] = depth, alpha, beta


@jit
def run(
    state: Array,
    frames: Array,
    moves: Array,
    table: Array,
    history: Array,
    killers: Array,
    path: Array,
    seen: Array,
    root_scores: Array,
    men: Array,
    runaway: Array,
    cone: Array,
    distance: Array,
    scalars: Array,
    values: Array,
    slice_of: Array,
    slices: Array,
    slice_codes: Bytes,
    slice_plies: Bytes,
    binomials: Array,
    stack: Array,
) -> int:
    """Search on from where `state` says until the root is done (DONE) or Python is needed."""
    mode, ply, ret = state[ST_MODE], state[ST_PLY], state[ST_RET]
    key = np.empty(4, np.int64)
    while True:
        frame = frames[ply]
        black, white, kings = frame[F_BLACK], frame[F_WHITE], frame[F_KINGS]
        black_to_move = frame[F_TO_MOVE] != 0
        if mode == M_ENTER:  # count the node; every so often Python looks at the limits
            state[ST_NODES] += 1
            mode = M_CHECKED
            if state[ST_NODES] >= state[ST_NEXT_CHECK]:
                state[ST_MODE], state[ST_PLY] = mode, ply
                return PAUSE_LIMITS
        elif mode == M_CHECKED:  # the draws and losses the rules decide at once
            no_progress = frame[F_PROGRESS]
            if ply >= MAX_PLY:
                ret = static_score(
                    black,
                    white,
                    kings,
                    black_to_move,
                    men,
                    runaway,
                    cone,
                    distance,
                    scalars,
                    values,
                )
                ply, mode = ply - 1, M_RETURN
                continue
            if no_progress >= _PLIES_TO_REPEAT:
                key[0], key[1], key[2], key[3] = black, white, kings, frame[F_TO_MOVE]
                if _on_path_or_seen(key, path, state[ST_PATH_LEN], seen, state[ST_SEEN]):
                    ret, ply, mode = 0, ply - 1, M_RETURN
                    continue
            mode = M_PROBED
            if popcount(black | white) <= state[ST_PROBE_PIECES] and (
                no_progress < FORTY_MOVE_PLIES
            ):
                found = lookup(
                    black,
                    white,
                    kings,
                    black_to_move,
                    slice_of,
                    slices,
                    slice_codes,
                    slice_plies,
                    binomials,
                    moves[ply],
                    stack,
                )
                if found == UNKNOWN:  # a slice not handed over yet: Python answers this node
                    state[ST_MODE], state[ST_PLY] = mode, ply
                    return PAUSE_PROBE
                if found:
                    state[ST_PROBE_FOUND] = 1
                    state[ST_PROBE_CODE], state[ST_PROBE_PLIES] = found >> 8, found & 255
        elif mode == M_PROBED:
            depth, alpha, beta = frame[F_DEPTH], frame[F_ALPHA], frame[F_BETA]
            no_progress = frame[F_PROGRESS]
            if state[ST_PROBE_FOUND]:  # the databases' answer, as the Python engine takes it
                state[ST_PROBE_FOUND] = 0
                code, plies = state[ST_PROBE_CODE], state[ST_PROBE_PLIES]
                if code == DRAW_CODE:
                    ret, ply, mode = 0, ply - 1, M_RETURN
                    continue
                if no_progress + plies <= FORTY_MOVE_PLIES or no_progress <= LONG_RESULT_COUNT:
                    ret = WIN - ply - plies if code == WIN_CODE else ply + plies - WIN
                    ply, mode = ply - 1, M_RETURN
                    continue
            if depth <= 0 and not capture_pending(black, white, kings, black_to_move):
                # At the horizon, quiet: a side with no step has lost, else the evaluation.
                empty = VALID ^ (black | white)
                if black_to_move:
                    back = black & kings
                    steps = black & (empty >> 4 | empty >> 5) | back & (empty << 5 | empty << 4)
                else:
                    back = white & kings
                    steps = white & (empty << 5 | empty << 4) | back & (empty >> 4 | empty >> 5)
                if not steps:
                    ret = ply - WIN
                elif no_progress >= FORTY_MOVE_PLIES:
                    ret = 0
                else:
                    ret = static_score(
                        black,
                        white,
                        kings,
                        black_to_move,
                        men,
                        runaway,
                        cone,
                        distance,
                        scalars,
                        values,
                    )
                    if no_progress > 20:
                        ret = discount(ret, no_progress)
                ply, mode = ply - 1, M_RETURN
                continue
            # The table: a deep enough bound settles a null-window node.
            slot = table_slot(black, white, kings, black_to_move)
            entry = -1
            wanted = kings | (_TO_MOVE_BIT if black_to_move else 0)
            for candidate in range(slot, slot + 2):
                row = table[candidate]
                if (
                    row[T_BLACK] == black
                    and row[T_WHITE] == white
                    and row[T_KEY] & _KEY_MASK == wanted
                ):
                    entry = candidate
                    break
            null_window = beta - alpha == 1
            if entry >= 0 and null_window and no_progress < FORTY_MOVE_PLIES - 20:
                packed = table[entry, T_DEPTH_FLAG]
                if packed >> 2 >= depth:
                    flag = packed & 3
                    score = _from_table(table[entry, T_SCORE], ply)
                    if (
                        flag == _EXACT
                        or flag == _LOWER
                        and score >= beta
                        or flag == _UPPER
                        and score <= alpha
                    ):
                        ret, ply, mode = score, ply - 1, M_RETURN
                        continue
            entry_forced = entry >= 0 and table[entry, T_KEY] & _FORCED_BIT != 0
            # A window of forced results (`engine._forced_window`): neither futility nor
            # late-move reductions there.
            forced_window = MATE_BOUND <= abs(alpha) <= WIN or MATE_BOUND <= abs(beta) <= WIN
            # Futility: a quiet node near the horizon far below alpha (not in a window of
            # forced results: `engine._forced_window`).
            if (
                0 < depth <= _FUTILE_DEPTH
                and null_window
                and no_progress <= 20
                and not entry_forced
                and not forced_window
            ):
                margin = _FUTILITY_MARGIN * depth
                bk, wk = popcount(black & kings), popcount(white & kings)
                lead = material(popcount(black) - bk, bk, popcount(white) - wk, wk, scalars)
                if (lead if black_to_move else -lead) + margin // 2 <= alpha and not (
                    capture_pending(black, white, kings, black_to_move)
                ):
                    bound = (
                        static_score(
                            black,
                            white,
                            kings,
                            black_to_move,
                            men,
                            runaway,
                            cone,
                            distance,
                            scalars,
                            values,
                        )
                        + margin
                    )
                    if bound <= alpha:
                        ret, ply, mode = bound, ply - 1, M_RETURN
                        continue
            # The moves to try first: the table's, then a playable killer, else all, ordered.
            own_moves = moves[ply]
            killer = -1
            if entry < 0 and depth > 0:
                killer = playable_killer(black, white, kings, black_to_move, killers[ply])
            if entry >= 0:
                own_moves[0] = table[entry, T_MOVE : T_MOVE + 4]
                count, forced, unsorted = 1, entry_forced, not entry_forced
            elif killer >= 0:
                own_moves[0] = killers[ply, killer]
                count, forced, unsorted = 1, False, True
            else:
                count = generate(black, white, kings, black_to_move, own_moves, stack)
                if count == 0:
                    ret, ply, mode = ply - WIN, ply - 1, M_RETURN
                    continue
                forced, unsorted = count == 1, False
                if not forced:
                    order(own_moves, count, history, killers[ply])
            if no_progress >= FORTY_MOVE_PLIES:
                ret, ply, mode = 0, ply - 1, M_RETURN
                continue
            reduce_from = (
                _LATE_MOVE
                if depth >= _REDUCE_DEPTH and not own_moves[0, 1] and not forced_window
                else _NO_REDUCTION
            )
            on_path = kings != 0 and kings & black != 0 and kings & white != 0
            frame[F_SLOT], frame[F_COUNT] = slot, count
            frame[F_FORCED], frame[F_UNSORTED] = forced, unsorted
            frame[F_REDUCE_FROM], frame[F_ON_PATH] = reduce_from, on_path
            if on_path:
                _push_path(path, state, frame)
            frame[F_ORIGINAL_ALPHA], frame[F_BEST], frame[F_BEST_INDEX] = alpha, -_INFINITY, 0
            frame[F_NEXT_DEPTH] = depth if forced else depth - 1
            frame[F_INDEX] = 0
            mode = M_LOOP
        elif mode == M_LOOP:  # search the next move, or store the node's result
            index = frame[F_INDEX]
            if index < frame[F_COUNT]:
                alpha, beta, next_depth = frame[F_ALPHA], frame[F_BETA], frame[F_NEXT_DEPTH]
                if index == 0:
                    frame[F_STAGE] = S_FIRST
                    _launch(frames, moves, ply, index, next_depth, -beta, -alpha)
                elif index >= frame[F_REDUCE_FROM]:
                    reduction = (
                        2 if index >= 2 * _LATE_MOVE and frame[F_DEPTH] >= _DEEP_REDUCTION else 1
                    )
                    frame[F_STAGE] = S_REDUCED
                    _launch(frames, moves, ply, index, next_depth - reduction, -alpha - 1, -alpha)
                else:
                    frame[F_STAGE] = S_NULL
                    _launch(frames, moves, ply, index, next_depth, -alpha - 1, -alpha)
                ply, mode = ply + 1, M_ENTER
                continue
            if frame[F_ON_PATH]:
                state[ST_PATH_LEN] -= 1
            best = frame[F_BEST]
            if best >= frame[F_BETA]:
                flag = _LOWER
            elif best > frame[F_ORIGINAL_ALPHA]:
                flag = _EXACT
            else:
                flag = _UPPER
            stored = best if -MATE_BOUND < best < MATE_BOUND else _to_table(best, ply)
            slot = frame[F_SLOT]
            deep = table[slot]
            depth = frame[F_DEPTH]
            wanted = kings | (_TO_MOVE_BIT if black_to_move else 0)
            if (
                not deep[T_KEY] & _USED_BIT
                or deep[T_DEPTH_FLAG] >> 2 <= depth
                or deep[T_BLACK] == black
                and deep[T_WHITE] == white
                and deep[T_KEY] & _KEY_MASK == wanted
            ):
                target = slot
            else:
                target = slot + 1
            row = table[target]
            row[T_BLACK], row[T_WHITE] = black, white
            row[T_KEY] = wanted | _USED_BIT | (_FORCED_BIT if frame[F_FORCED] else 0)
            row[T_DEPTH_FLAG], row[T_SCORE] = depth * 4 + flag, stored
            best_index = frame[F_BEST_INDEX]
            for field in range(4):
                row[T_MOVE + field] = moves[ply, best_index, field]
            if ply == 0:
                state[ST_RESULT], state[ST_MODE], state[ST_PLY] = best, M_LOOP, 0
                return DONE
            ret, ply, mode = best, ply - 1, M_RETURN
        else:  # M_RETURN: a child's score comes back to this frame
            stage = frame[F_STAGE]
            score = -ret
            index, alpha, beta = frame[F_INDEX], frame[F_ALPHA], frame[F_BETA]
            if stage == S_REDUCED:
                if score <= alpha:  # the reduced search failed low: on to the next move
                    frame[F_INDEX] = index + 1
                    mode = M_LOOP
                    continue
                frame[F_STAGE] = S_NULL
                _launch(frames, moves, ply, index, frame[F_NEXT_DEPTH], -alpha - 1, -alpha)
                ply, mode = ply + 1, M_ENTER
                continue
            if stage == S_NULL and alpha < score < beta:
                frame[F_STAGE] = S_FULL
                _launch(frames, moves, ply, index, frame[F_NEXT_DEPTH], -beta, -alpha)
                ply, mode = ply + 1, M_ENTER
                continue
            captured = moves[ply, index, 1]
            if ply == 0:  # with what the window proved: an exact score, or the bound it met
                at = state[ST_SCORES]
                root_scores[at, 0], root_scores[at, 1] = score, index
                if score <= alpha:
                    root_scores[at, 2], root_scores[at, 3] = _UPPER, alpha
                elif score >= beta:
                    root_scores[at, 2], root_scores[at, 3] = _LOWER, beta
                else:
                    root_scores[at, 2], root_scores[at, 3] = _EXACT, score
                state[ST_SCORES] = at + 1
            mode = M_LOOP
            if score > frame[F_BEST]:
                frame[F_BEST], frame[F_BEST_INDEX] = score, index
                if score > alpha:
                    frame[F_ALPHA] = score
                    if ply == 0:
                        state[ST_PARTIAL] = 1
                        state[ST_PARTIAL_SCORE], state[ST_PARTIAL_INDEX] = score, index
                    if score >= beta:
                        if not captured and ply > 0:
                            remember_cutoff(
                                moves[ply, index], frame[F_DEPTH], history, killers[ply]
                            )
                        frame[F_INDEX] = frame[F_COUNT]  # cut off: store the result
                        continue
            if frame[F_UNSORTED]:  # the table's move or killer did not cut off: the rest
                frame[F_UNSORTED] = 0
                rest = moves[ply + 1]
                total = generate(black, white, kings, black_to_move, rest, stack)
                count = 1
                for other in range(total):
                    if not same_move(rest, other, moves[ply, 0]):
                        moves[ply, count] = rest[other]
                        count += 1
                if count > 1:
                    order(moves[ply, 1:], count - 1, history, killers[ply])
                frame[F_COUNT] = count
            frame[F_INDEX] = index + 1


@jit
def _push_path(path: Array, state: Array, frame: Array) -> None:
    """Put the frame's position on the line searched (for repetitions)."""
    at = state[ST_PATH_LEN]
    path[at, 0], path[at, 1], path[at, 2] = frame[F_BLACK], frame[F_WHITE], frame[F_KINGS]
    path[at, 3] = frame[F_TO_MOVE]
    state[ST_PATH_LEN] = at + 1


def new_arrays(
    root_capacity: int = MAX_MOVES,
) -> tuple[Array, Array, Array, Array, Array, Array]:
    """(state, frames, moves, killers, path, root scores), zeroed."""
    return (
        np.zeros(ST_SIZE, np.int64),
        np.zeros((MAX_PLY + 2, F_SIZE), np.int64),
        np.zeros((MAX_PLY + 2, MAX_MOVES, 4), np.int64),
        np.zeros((MAX_PLY + 1, 2, 4), np.int64),
        np.zeros((MAX_PLY + 2, 4), np.int64),
        np.zeros((root_capacity, 4), np.int64),
    )
