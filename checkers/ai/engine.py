"""The engine: the default AI. Iterative-deepening negamax with principal-variation search.

What makes it strong, in the order a node meets it:
- draws by the rules: a position repeated on the search path or twice before the root, and the
  40-move rule, score 0; a side with no move loses, sooner is worse (WIN - ply);
- a transposition table of a fixed 2^20 slots keyed by the raw position, in buckets of two: one
  slot kept for the deeper entry, one for the latest (memory is bounded, nothing is emptied);
- no static evaluation while a capture is pending: captures are compulsory, so there is no
  "stand pat", and the exchanges are searched out below the horizon;
- a forced (single) reply does not use up depth;
- futility pruning: one or two quiet moves from the horizon, a side a man (two men) below alpha
  is not searched on;
- move order: the table's move (tried before the others are generated), then killers (quiet moves
  that cut off at the same ply), then the history heuristic; principal-variation search tries
  each later move with a null window first, late quiet moves at reduced depth;
- a zero-sum evaluation of its own (`evaluate_raw`), in hundredths of a man;
- the endgame databases (`checkers.ai.endgame`): a node with few enough pieces scores its exact
  result, and a root in the databases plays the databases' move (see `Engine._database_root`).

It works on the rules core's raw bitboards (`generate_raw`, XOR deltas), never a second rules engine.
Limits: depth, time (a hard deadline, checked every few hundred nodes), nodes and a stop signal.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Literal, NamedTuple

from checkers._bitboard import (
    BIT,
    VALID,
    RawMove,
    capture_pending,
    generate_raw,
    play,
    raw_squares,
)
from checkers.ai import patterns
from checkers.ai.endgame import (
    DRAW_CODE,
    LONG_RESULT_COUNT,
    LOSS_CODE,
    WIN_CODE,
    Endgames,
    default_endgames,
)
from checkers.ai.evaluation import Evaluation
from checkers.ai.search import (
    MATE_BOUND,
    MAX_DEPTH,
    WIN,
    Deadline,
    Limits,
    Progress,
    ProgressCallback,
    SearchRequest,
    SearchResult,
    StopSignal,
    is_win_score,
    plies_to_win,
)
from checkers.ai.timing import DepthReport, TimePlan
from checkers.ai.tuned_weights import TUNED
from checkers.ai.weights import Weights
from checkers.board import BLACK, SQUARES, Move, Position, Side, square_row_col
from checkers.record import FORTY_MOVE_PLIES

__all__ = [
    "KING",
    "MAN",
    "Engine",
    "RootScore",
    "ScoredLine",
    "engine_evaluation",
    "evaluate_raw",
    "tune_collector_for_search",
]

MAN = 100
"""A man is worth 100; every engine score is in hundredths of a man."""
KING = TUNED.king
"""A king's value (the evaluation's weights are fitted to game results: checkers/ai/weights.py)."""
_GRAIN = 5

# --- board geometry, on the rules core's layout ---------------------------------------------------

_ROW = {BIT[s]: square_row_col(s)[0] for s in SQUARES}
_COL = {BIT[s]: square_row_col(s)[1] for s in SQUARES}


def _squares_mask(squares: Sequence[int]) -> int:
    return sum(BIT[s] for s in squares)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _row_mask(*rows: int) -> int:
    return sum(bit for bit, row in _ROW.items() if row in rows)


# Black men start on rows 0-2 and crown on row 7; White's are the mirror image.
_BLACK_BACK = _row_mask(0)
_WHITE_BACK = _row_mask(7)
# The "bridge": men on 1 and 3 (Black) or 30 and 32 (White) guard the king row against a lone man.
_BLACK_BRIDGE = _squares_mask((1, 3))
_WHITE_BRIDGE = _squares_mask((30, 32))
_CENTRE_KINGS = _squares_mask((10, 11, 14, 15, 18, 19, 22, 23))
# Advanced men: Black's on rows 4-5 and 6, White's on rows 3-2 and 1.
_BLACK_AHEAD, _BLACK_NEAR = _row_mask(4, 5), _row_mask(6)
_WHITE_AHEAD, _WHITE_NEAR = _row_mask(3, 2), _row_mask(1)
# The double corners, where a lone defending king is safest.
_DOUBLE_CORNERS = _squares_mask((1, 5, 28, 32))


def _cone(bit: int, step: int) -> int:
    """The squares ahead of a man (`step` is +1 for Black, -1 for White) that could stop it."""
    row, col = _ROW[bit], _COL[bit]
    cone = 0
    for other, other_row in _ROW.items():
        ahead = (other_row - row) * step
        if ahead >= 1 and abs(_COL[other] - col) <= ahead + 1:
            cone |= other
    return cone


# A man whose cone holds no enemy piece reaches the king row unless it is caught from behind.
_BLACK_CONE = {bit: _cone(bit, 1) for bit in _ROW}
_WHITE_CONE = {bit: _cone(bit, -1) for bit in _ROW}


def _king_steps(kings: int, empty: int) -> int:
    """How many single steps these kings have."""
    return (
        ((kings << 4) & empty).bit_count()
        + ((kings << 5) & empty).bit_count()
        + ((kings >> 4) & empty).bit_count()
        + ((kings >> 5) & empty).bit_count()
    )


def _distance(a: int, b: int) -> int:
    return max(abs(_ROW[a] - _ROW[b]), abs(_COL[a] - _COL[b]))


# Two distinct squares' bits OR-ed name the pair: one look-up instead of four and two abs().
_DISTANCE = {a | b: _distance(a, b) for a in _ROW for b in _ROW if a != b}


def _hunt(hunters: int, prey: int) -> int:
    """Endgame technique for the side ahead: close in on the enemy kings, keep them off the
    double corners."""
    closeness = 0
    for hunter in _bits(hunters):
        closeness += 7 - min(_DISTANCE[hunter | target] for target in _bits(prey))
    cornered = (prey & _DOUBLE_CORNERS).bit_count()
    return _weights.hunt_closeness * closeness - _weights.hunt_corner * cornered


def evaluate_raw(
    black: int, white: int, kings: int, black_to_move: bool, no_progress: int = 0
) -> int:
    """The engine's evaluation for the side to move, in hundredths of a man (zero-sum)."""
    return _discount(_static_score(black, white, kings, black_to_move), no_progress)


def _discount(score: int, no_progress: int) -> int:
    """Without progress a lead is worth less: the 40-move rule would draw it. This makes the
    side ahead prefer captures and man moves to shuffling kings."""
    if no_progress > 20:
        return (
            score * (100 - no_progress) // 80
            if score > 0
            else -(-score * (100 - no_progress) // 80)
        )
    return score


_CHUNK = 12  # bits of the board per look-up table: three tables cover its 35 bits
_CHUNK_MASK = (1 << _CHUNK) - 1


_MenTables = tuple[list[int], ...]
"""One side's men terms, one table per 12 bits of the board."""


def _men_tables(
    weights: Weights, squares: dict[int, int], back: int, bridge: int, *, guard: bool
) -> _MenTables:
    """One side's men terms as three look-up tables, one per 12 bits of the board: the men's
    value for standing where they stand (`squares`, by bit), plus the guards and the bridge."""
    values = {
        bit: squares.get(bit, 0) + (weights.guard * bool(bit & back) if guard else 0)
        for bit in _ROW
    }
    tables = []
    for shift in range(0, VALID.bit_length(), _CHUNK):
        table = [0] * (1 << _CHUNK)
        for index in range(1, 1 << _CHUNK):
            low = index & -index  # the table so far already holds the other men's value
            table[index] = table[index ^ low] + values.get(low << shift, 0)
        if guard and bridge >> shift & _CHUNK_MASK == bridge >> shift:  # both in this chunk
            for index in range(1 << _CHUNK):
                if index << shift & bridge == bridge:
                    table[index] += weights.bridge
        tables.append(table)
    return tuple(tables)


def _material(bm: int, bk: int, wm: int, wk: int) -> int:
    """Black's material lead (negative if behind) from the counts of men and kings."""
    black_material = MAN * bm + _weights.king * bk
    white_material = MAN * wm + _weights.king * wk
    difference = black_material - white_material
    # Trading down when ahead: the same lead counts for more with less material on the board.
    trade_bonus = abs(difference) * _weights.trade // (black_material + white_material + 1)
    return difference + (trade_bonus if difference > 0 else -trade_bonus)


def _count_entry(bm: int, bk: int, wm: int, wk: int) -> tuple[int, _MenTables, _MenTables]:
    """All the evaluation takes from the counts alone: the material and each side's men tables
    for the phase and guard."""
    phase = sum(bm + bk + wm + wk < limit for limit in _weights.phase_pieces)
    return (
        _material(bm, bk, wm, wk),
        _BLACK_MEN[phase][wm > 0],
        _WHITE_MEN[phase][bm > 0],
    )


_CountEntry = tuple[int, _MenTables, _MenTables]
# What the weights make, set by `_install`: the weights themselves, the men's tables, the count
# entries, the runaway bonuses by bit and the kings' weights.
_weights = TUNED
_BLACK_MEN: list[list[_MenTables]] = []
_WHITE_MEN: list[list[_MenTables]] = []
_BY_COUNT: list[list[list[list[_CountEntry]]]] = []
_BLACK_RUNAWAY: dict[int, int] = {}
_WHITE_RUNAWAY: dict[int, int] = {}
_KING_CENTRE = _KING_STEP = _TO_MOVE = 0
_BLACK_RUNNERS = _BLACK_AHEAD | _BLACK_NEAR
_WHITE_RUNNERS = _WHITE_AHEAD | _WHITE_NEAR


def _install(weights: Weights) -> None:
    """Evaluate with these weights from now on, in this whole process (the engine's are TUNED;
    the tuning's self-play plays with others)."""
    global _weights, _BLACK_MEN, _WHITE_MEN, _BY_COUNT, _BLACK_RUNAWAY, _WHITE_RUNAWAY
    global _KING_CENTRE, _KING_STEP, _TO_MOVE
    _weights = weights
    # The men's squares by game phase, plus back-rank guards and the bridge only while enemy
    # men may still come through. Indexed [phase][guard]: three look-ups replace a dozen
    # popcounts, and every operation on the board's 35-bit integers allocates (-25% evaluation
    # instructions). tests/test_engine.py checks the tables against the terms one by one.
    _BLACK_MEN = [
        [
            _men_tables(
                weights,
                {BIT[s]: value for s, value in enumerate(phase, start=1)},
                _BLACK_BACK,
                _BLACK_BRIDGE,
                guard=guard,
            )
            for guard in (False, True)
        ]
        for phase in weights.men
    ]
    _WHITE_MEN = [
        [
            _men_tables(
                weights,
                {BIT[33 - s]: value for s, value in enumerate(phase, start=1)},
                _WHITE_BACK,
                _WHITE_BRIDGE,
                guard=guard,
            )
            for guard in (False, True)
        ]
        for phase in weights.men
    ]
    # _count_entry by [black men][black kings][white men][white kings], up to the twelve pieces
    # a side of a game: one look-up for a dozen small-integer operations (-20% evaluation
    # instructions). A set-up position with more pieces falls outside it (IndexError) and
    # computes its entry.
    _BY_COUNT = [
        [
            [[_count_entry(bm, bk, wm, wk) for wk in range(13 - wm)] for wm in range(13)]
            for bk in range(13 - bm)
        ]
        for bm in range(13)
    ]
    bonus = dict(enumerate(weights.runaway, start=1))  # by rows still to go
    _BLACK_RUNAWAY = {bit: bonus.get(7 - row, 0) for bit, row in _ROW.items()}
    _WHITE_RUNAWAY = {bit: bonus.get(row, 0) for bit, row in _ROW.items()}
    _KING_CENTRE, _KING_STEP, _TO_MOVE = weights.king_centre, weights.king_step, weights.to_move


_install(TUNED)

# The learned pattern tables, by phase, or None: without them the term is skipped (checkers/ai/
# patterns.py; the packaged ones unless CHECKERS_PATTERNS names another file or says `off`).
_PATTERNS: patterns.Tables | None = None
_ROW_STARTS = patterns.ROW_STARTS
_ROW_TERNARY = patterns.ROW_TERNARY
_BAND_DIGITS = patterns.BAND_DIGITS
_PATTERN_FIRST_ROWS = range(patterns.FIRST_ROWS)


def _install_patterns(tables: patterns.Tables | None) -> None:
    """Evaluate with these pattern tables from now on (None: without the term)."""
    global _PATTERNS
    _PATTERNS = tables


def _load_chosen_patterns() -> patterns.Tables | None:
    """The pattern tables the environment asks for; a missing or damaged file is said in one
    line on stderr and the engine plays without them."""
    path = patterns.chosen()
    if path is None:
        return None
    try:
        return patterns.load(path)
    except patterns.PatternError as error:
        print(f"checkers: the pattern tables are not used: {error}", file=sys.stderr)
        return None


_install_patterns(_load_chosen_patterns())


def _pattern_score(black: int, white: int, pieces: int) -> int:
    """The pattern tables' term for Black (0 without tables): each region's value."""
    if _PATTERNS is None:
        return 0
    tables = _PATTERNS[sum(pieces < limit for limit in patterns.PHASE_LIMITS)]
    codes = [
        _ROW_TERNARY[black >> start & 15] + 2 * _ROW_TERNARY[white >> start & 15]
        for start in _ROW_STARTS
    ]
    score = 0
    window = 0
    for row in _PATTERN_FIRST_ROWS:
        for digits in _BAND_DIGITS:
            score += tables[window][
                digits[codes[row]]
                + 9 * digits[codes[row + 1]]
                + 81 * digits[codes[row + 2]]
                + 729 * digits[codes[row + 3]]
            ]
            window += 1
    return score


def _static_score(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """The evaluation for the side to move before the no-progress discount."""
    if kings:
        black_kings, white_kings = black & kings, white & kings
        black_men, white_men = black ^ black_kings, white ^ white_kings
        bk, wk = black_kings.bit_count(), white_kings.bit_count()
    else:  # no kings yet: most of the game, and four operations on the board saved
        black_kings = white_kings = bk = wk = 0
        black_men, white_men = black, white
    bm, wm = black_men.bit_count(), white_men.bit_count()
    try:
        material, black_squares, white_squares = _BY_COUNT[bm][bk][wm][wk]
    except IndexError:  # more than twelve pieces a side
        material, black_squares, white_squares = _count_entry(bm, bk, wm, wk)
    low, middle, high = black_squares
    score = material + (
        low[black_men & _CHUNK_MASK]
        + middle[black_men >> _CHUNK & _CHUNK_MASK]
        + high[black_men >> 2 * _CHUNK]
    )
    low, middle, high = white_squares
    score -= (
        low[white_men & _CHUNK_MASK]
        + middle[white_men >> _CHUNK & _CHUNK_MASK]
        + high[white_men >> 2 * _CHUNK]
    )

    # Runaway men: nothing ahead can stop them.
    runners = black_men & _BLACK_RUNNERS
    while runners:
        man = runners & -runners
        runners ^= man
        if not _BLACK_CONE[man] & white:
            score += _BLACK_RUNAWAY[man]
    runners = white_men & _WHITE_RUNNERS
    while runners:
        man = runners & -runners
        runners ^= man
        if not _WHITE_CONE[man] & black:
            score -= _WHITE_RUNAWAY[man]

    if bk or wk:
        empty = VALID ^ (black | white)
        score += _KING_CENTRE * (
            (black_kings & _CENTRE_KINGS).bit_count() - (white_kings & _CENTRE_KINGS).bit_count()
        )
        score += _KING_STEP * (_king_steps(black_kings, empty) - _king_steps(white_kings, empty))
        # Endgame technique once the side behind has only kings left.
        if not wm and wk and material > 0 and bk:
            score += _hunt(black_kings, white_kings)
        elif not bm and bk and material < 0 and wk:
            score -= _hunt(white_kings, black_kings)

    if _PATTERNS is not None:
        score += _pattern_score(black, white, bm + bk + wm + wk)

    score = (score + _GRAIN // 2) // _GRAIN * _GRAIN
    return score + _TO_MOVE if black_to_move else _TO_MOVE - score


def engine_evaluation(position: Position, side: Side) -> float:
    """The engine's evaluation from `side`'s point of view, in hundredths of a man."""
    score = evaluate_raw(position.black, position.white, position.kings, position.turn is BLACK)
    return float(score if side is position.turn else -score)


def _raw_evaluator(evaluation: Evaluation) -> Callable[[int, int, int, bool], int]:
    """A named evaluation as the engine calls it, made zero-sum by scoring both sides.

    `seed` counts only its own side's material, so its value for one side is not minus its value
    for the other; negamax needs that, so the engine plays with eval(side) - eval(opponent).
    """

    def evaluate(black: int, white: int, kings: int, black_to_move: bool) -> int:
        position = Position.from_bitboards(
            black, white, kings, BLACK if black_to_move else BLACK.opponent
        )
        mover = position.turn
        # Half the difference: a zero-sum evaluation keeps its own value. Scaled to integers
        # so that null windows work; results are scaled back.
        return round(
            _FOREIGN_SCALE
            / 2
            * (evaluation(position, mover) - evaluation(position, mover.opponent))
        )

    return evaluate


# --- the search -------------------------------------------------------------------------------

_EXACT, _LOWER, _UPPER = 0, 1, 2
_CHECK_INTERVAL = 512  # nodes between looks at the clock: about 2 ms at 200k nodes/s
_PLIES_TO_REPEAT = 4
_MAX_PLY = 200
_LATE_MOVE = 2  # moves from this index on are reduced
_REDUCE_DEPTH = 3  # from this depth on
_DEEP_REDUCTION = 6  # from this depth on, later moves are reduced by 2
_ASPIRATION = 40  # the first window of a depth: the last score +/- this
_FUTILE_DEPTH = 2  # futility pruning at this depth and below
_FUTILITY_MARGIN = MAN  # per ply of depth: what quiet moves are assumed never to gain
_MAX_MOVES = 1000  # more than any position has
_TABLE_SLOTS = 1 << 20  # transposition table entries; about 250 MB when every one is used
_BUCKET_MASK = _TABLE_SLOTS - 2  # a bucket: a slot kept for the deeper entry, then any entry
_INFINITY = WIN + 1
# A table entry: the position's key, then depth, bound flag, score, best move, forced or not.
_Entry = tuple[tuple[int, int, int, bool], int, int, int, RawMove, bool]
_START_NO_DEPTH_AFTER = 0.6  # of a multi-line search's time: its unfinished depths give nothing
_ONLY_MOVE_FROM = 6  # the depth from which a clock's search tests whether only one move holds
_ONLY_MOVE_MARGIN = 50  # engine units (half a man): how much worse every other move must be
_DRAW_LINE = 8  # plies of a database draw's line shown
_RootScore = tuple[int, RawMove, int, int]
"""A root move's fail-soft score (to order the moves), the move, and what its window proved:
_EXACT and the score, or _UPPER (_LOWER) and the window's alpha (beta). A fail-soft bound is not
shown: pruning and the table make it unreliable (one at most -0.15 where the exact score at the
same depth was +1.20), while the window's bound is what the search relied on."""
_FOREIGN_SCALE = 100  # internal units per unit of a named evaluation other than the engine's


class ScoredLine(NamedTuple):
    """A line of a multi-PV search: its exact score for the side to move (engine units: hundredths
    of a man with the engine's own evaluation) and its moves, the root move first."""

    score: int
    line: tuple[Move, ...]
    database: bool = False  # the endgame databases gave the score, not a search
    bound: str = "exact"
    """"exact", or "upper": the move scores at most `score` (the line is its refutation)."""


class RootScore(NamedTuple):
    """What a search found for one root move: its score in engine units, whether that score is
    exact or only a bound ("exact", "upper": at most, "lower": at least), the depth it was
    searched to, and its line, the move first (for a rejected move: the refutation after it)."""

    move: Move
    score: int
    bound: str
    depth: int
    line: tuple[Move, ...]


_BOUND_NAMES = {_EXACT: "exact", _LOWER: "lower", _UPPER: "upper"}


class _Interrupted(Exception):
    """The deadline, the node limit or a stop request ended the search."""


def _forced_window(alpha: int, beta: int) -> bool:
    """Whether a node's window bounds it by a forced result (a win or a loss already found
    above it): its late moves are not reduced there, so a faster win is not lost below the
    horizon (the compiled core's `_search` reads the same rule)."""
    # (Not an open window's infinite bounds: those bound nothing.)
    return MATE_BOUND <= abs(alpha) <= WIN or MATE_BOUND <= abs(beta) <= WIN


def _to_table(score: int, ply: int) -> int:
    """Win scores count plies from the root; the table stores them from the node."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


_collector_tuned = False  # set by tune_collector_for_search() only


def tune_collector_for_search() -> None:
    """From now on, every engine search in this process keeps Python's cyclic garbage
    collector out of its way (see `_collector_paused`), which changes the collector for the
    whole process.

    Only for a process that exists to search: the engine protocol (`checkers engine`) and the
    desktop game's AI worker call it. Without it a search leaves the collector as it found it
    (enabled or not, thresholds, nothing frozen) and is slower for it (docs/engine.md, "The AI").
    """
    global _collector_tuned
    _collector_tuned = True


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """After `tune_collector_for_search`, keep the cyclic garbage collector out of one search
    iteration; otherwise do nothing.

    The search allocates a few objects per node and makes no reference cycles, so the collector
    finds nothing; yet it runs every 700 allocations and walks the whole transposition table
    again each time the heap grows by a quarter: 6-11% of a search (28% from the start). Paused,
    it would run once afterwards over everything the iteration left alive (80 ms after depth 13),
    so that is frozen instead (`gc.freeze`): still freed by reference counting when the table
    lets it go, never walked again. tests/test_engine.py checks that a search leaves no cycles.
    Both are process-wide, hence only where the process is the engine's.
    """
    if not _collector_tuned or not gc.isenabled():  # a library call, or the host turned it off
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


class Engine:
    """A searcher that keeps its transposition table and history between moves of one game."""

    def __init__(
        self,
        evaluation: Evaluation = engine_evaluation,
        endgames: Endgames | None | Literal["default"] = "default",
    ) -> None:
        """`evaluation`: the function it plays with (its own by default); `endgames`: the databases to probe (the game's own by default; None: never probe)."""
        self.table: list[_Entry | None] = []
        self.endgames = default_endgames() if endgames == "default" else endgames
        # Nodes with at most this many pieces are probed (0: none). A database of one piece
        # only would answer nothing the rules do not.
        pieces = self.endgames.most_pieces if self.endgames is not None else 0
        self.probe_pieces = pieces if pieces >= 2 else 0
        self.from_database = False  # whether the last search's root was answered by them
        # Whether each depth's result carries the table's line (False: its move alone, for a
        # caller that only plays the move, as self-play does: the same moves, less work).
        self.lines = True
        self.set_evaluation(evaluation)  # sets the empty table too
        self.history: defaultdict[RawMove, int] = defaultdict(int)
        self.killers: list[list[RawMove | None]] = []
        self.seen_twice: set[tuple[int, int, int, bool]] = set()
        self.path: set[tuple[int, int, int, bool]] = set()
        # The root's moves in the order to search them, each one's score once searched, and
        # the best so far with its score (what an interrupted depth still offers).
        self.root_moves: list[RawMove] = []
        self.root_scores: list[_RootScore] = []
        self.partial: tuple[int, RawMove] | None = None
        # What the last search found at the root, for explaining its move: every root move's
        # score at the last completed depth, and the move an unfinished depth preferred.
        self.completed: tuple[int, list[_RootScore]] | None = None
        self.unfinished: tuple[int, _RootScore] | None = None
        self._reset_counters(None, None, None)

    def set_evaluation(self, evaluation: Evaluation) -> None:
        """Play with `evaluation` (`checkers.ai.registry.get_evaluation` turns a name into one);
        the table is emptied, its scores are stale."""
        if isinstance(evaluation, str):  # a name: the engine no longer looks names up
            raise TypeError(
                f"the engine takes an evaluation function, not the name {evaluation!r}"
                " (checkers.ai.registry.get_evaluation turns a name into one)"
            )
        function = evaluation
        own = function is engine_evaluation
        self.evaluate = _static_score if own else _raw_evaluator(function)
        self.own_evaluation = own  # futility pruning knows the engine's own scale only
        self.scale = 1 if own else _FOREIGN_SCALE
        self.table = [None] * _TABLE_SLOTS

    def new_game(self) -> None:
        """Forget everything learnt in the previous game."""
        self.table = [None] * _TABLE_SLOTS
        self.history.clear()

    def prepare(self) -> None:
        """Get the memory the search will use before a clock runs (`isready`). The table here
        is a list whose slots exist from the start: nothing to do."""

    def _reset_counters(
        self, stop: StopSignal | None, deadline: Deadline | None, node_limit: int | None
    ) -> None:
        self.nodes = 0
        self.stop = stop
        self.deadline = deadline
        self.node_limit = node_limit
        self.next_check = (
            _CHECK_INTERVAL if node_limit is None else min(_CHECK_INTERVAL, node_limit)
        )

    def _check_limits(self) -> None:
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _Interrupted
        if (
            self.stop is not None
            and self.stop.is_set()
            or self.deadline is not None
            and self.deadline.expired()
        ):
            raise _Interrupted
        self.next_check = self.nodes + _CHECK_INTERVAL
        if self.node_limit is not None:
            self.next_check = min(self.next_check, self.node_limit)

    # The one search routine, for the root (ply 0) and every node below it, in named steps.
    # Python calls are dear, so a step is a call only where that was measured to cost little
    # (`_horizon_score`, `_futility_bound`); the others are written out under their names. And
    # a step never stays on the stack while the moves are searched: one frame per ply keeps
    # the lines within Python's first 16 KB chunk of frame stack. (A routine for the moves
    # beside this one, two frames per ply, crossed into a new chunk at about ply 17, and every
    # crossing maps and unmaps one: 35,000 times in a depth-12 search, 40% more CPU time.)
    def _negamax(
        self,
        black: int,
        white: int,
        kings: int,
        black_to_move: bool,
        depth: int,
        ply: int,
        alpha: int,
        beta: int,
        no_progress: int,
    ) -> int:
        """Fail-soft alpha-beta score of a node for its side to move.

        A window wider than null marks a principal-variation node (principal-variation search
        opens one nowhere else), which takes no cutoff from the table. At the root (ply 0) the
        moves are `self.root_moves`, in that order, each one's score goes to `self.root_scores`
        and the best so far to `self.partial`.
        """
        at_root = ply == 0
        if not at_root:
            # Below the root: the steps that may settle a node before its moves are searched.
            # Step: count the node, and the draws and losses the rules decide at once.
            self.nodes += 1
            if self.nodes >= self.next_check:
                self._check_limits()
            if ply >= _MAX_PLY:  # forced replies use no depth; this bounds the line all the same
                return self.evaluate(black, white, kings, black_to_move)
            if no_progress >= _PLIES_TO_REPEAT:
                key = (black, white, kings, black_to_move)
                if key in self.path or key in self.seen_twice:
                    return 0
            # Step: the endgame databases, after the repetitions (theirs is perfect play with
            # neither rule). A popcount first: no cost worth measuring where they do not apply.
            if (
                (black | white).bit_count() <= self.probe_pieces
                and no_progress < FORTY_MOVE_PLIES
                and self.endgames is not None
            ):
                found = self.endgames.lookup(black, white, kings, black_to_move)
                if found is not None:
                    code, plies = found
                    if code == DRAW_CODE:
                        return 0  # exact: the 40-move rule and repetitions only add draws
                    # A win (loss) the winner ends within the 40-move rule's count from here,
                    # whatever the loser does, is exact; a longer one counts too while most of
                    # the count is left (its line makes progress well before), else the node is
                    # searched as usual (it finds the progress moves).
                    if no_progress + plies <= FORTY_MOVE_PLIES or no_progress <= LONG_RESULT_COUNT:
                        return WIN - ply - plies if code == WIN_CODE else ply + plies - WIN
            if depth <= 0:  # step: at the horizon
                leaf = self._horizon_score(black, white, kings, black_to_move, ply, no_progress)
                if leaf is not None:
                    return leaf
            # Step: probe the table (`_probe`, written out: 1.5% of the instructions per
            # node). A deep enough bound settles a null-window node.
            key = (black, white, kings, black_to_move)  # not before: quiet leaves need none
            table = self.table
            slot = hash(key) & _BUCKET_MASK
            entry = table[slot]
            if entry is None or entry[0] != key:
                entry = table[slot + 1]
                if entry is not None and entry[0] != key:
                    entry = None  # another position's
            null_window = beta - alpha == 1
            if entry is not None and null_window and no_progress < FORTY_MOVE_PLIES - 20:
                _, entry_depth, flag, stored, _, _ = entry
                if entry_depth >= depth:
                    score = _from_table(stored, ply)
                    if (
                        flag == _EXACT
                        or flag == _LOWER
                        and score >= beta
                        or flag == _UPPER
                        and score <= alpha
                    ):
                        return score
            # Step: futility, a quiet node near the horizon far below alpha (not below a
            # forced result's: a quiet move that leaves no move is a win no count foresees).
            if (
                0 < depth <= _FUTILE_DEPTH
                and null_window
                and no_progress <= 20
                and self.own_evaluation
                and (entry is None or not entry[5])
                and not _forced_window(alpha, beta)
            ):
                futile = self._futility_bound(black, white, kings, black_to_move, depth, alpha)
                if futile is not None:
                    return futile
            # Step: the moves to try first. The table's move is tried before the others are
            # generated: it cuts off most of the time, and then generating and ordering them
            # is saved (-8% instructions per node). So is a killer that is legal here: one in
            # ten nodes is cut off by it with no move generated (whether it was the only move
            # is not known; it uses depth). Otherwise every move is generated and ordered.
            if entry is not None:
                moves, forced = [entry[4]], entry[5]
                unsorted = not forced
            elif (
                depth > 0
                and (killer := self._playable_killer(black, white, kings, black_to_move, ply))
                is not None
            ):
                moves, forced, unsorted = [killer], False, True
            else:
                moves = generate_raw(black, white, kings, black_to_move)
                if not moves:
                    return ply - WIN  # no move at all
                forced, unsorted = len(moves) == 1, False
                if not forced:
                    self._order(moves, ply)
            if no_progress >= FORTY_MOVE_PLIES:  # after the test for no move: that one loses
                return 0
            # Late quiet moves at depth are searched shallower first (late-move reduction):
            # with good ordering they rarely matter, and a reduced search that beats alpha is
            # redone. Not in a window of forced results: a faster win reduced out of sight
            # would leave the slower one counted as the win (walk 2026-11-30n: "wins in 6
            # moves" where 6-9 wins in 5).
            reduce_from = (
                _LATE_MOVE
                if depth >= _REDUCE_DEPTH and not moves[0][1] and not _forced_window(alpha, beta)
                else _MAX_MOVES
            )
            # Only king moves by both sides can lead back here (-2% instructions per node).
            on_path = kings and kings & black and kings & white
        else:
            # The root: every move, best first as the last depth found, none reduced.
            key = (black, white, kings, black_to_move)
            table = self.table
            slot = hash(key) & _BUCKET_MASK
            moves = self.root_moves
            forced, unsorted, reduce_from, on_path = len(moves) == 1, False, _MAX_MOVES, True

        # Step: search each move, principal-variation search with late-move reductions.
        if on_path:
            self.path.add(key)
        original_alpha = alpha
        best_score, best_move = -_INFINITY, moves[0]
        next_depth = depth if forced else depth - 1  # a forced reply costs no depth
        child_ply, child_to_move = ply + 1, not black_to_move
        for index, move in enumerate(moves):
            # `play` written out: a call per child cost 3.9% of the instructions per node.
            mover_delta, captured, king_delta, _ = move
            if black_to_move:
                child_black, child_white = black ^ mover_delta, white ^ captured
            else:
                child_black, child_white = black ^ captured, white ^ mover_delta
            child_kings = kings ^ king_delta if king_delta else kings
            child_progress = no_progress + 1 if (not captured and mover_delta & kings) else 0
            # Principal-variation search, its re-search written once: the first move gets the
            # full window, the others a null window (late quiet ones at reduced depth first);
            # a move that beats alpha is searched again, at full depth, then with the full window.
            child_depth = next_depth
            if index >= reduce_from:
                child_depth -= 2 if index >= 2 * _LATE_MOVE and depth >= _DEEP_REDUCTION else 1
            low = -beta if index == 0 else -alpha - 1
            while True:
                score = -self._negamax(
                    child_black,
                    child_white,
                    child_kings,
                    child_to_move,
                    child_depth,
                    child_ply,
                    low,
                    -alpha,
                    child_progress,
                )
                if score <= alpha:
                    break
                if child_depth < next_depth:
                    child_depth = next_depth
                elif low != -beta and score < beta:
                    low = -beta
                else:
                    break
            if child_depth < next_depth:
                continue  # the reduced search failed low: the move is not worth more
            if at_root:  # with what the window proved: an exact score, or the bound it met
                if score <= alpha:
                    self.root_scores.append((score, move, _UPPER, alpha))
                elif score >= beta:
                    self.root_scores.append((score, move, _LOWER, beta))
                else:
                    self.root_scores.append((score, move, _EXACT, score))
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:  # a true score or a lower bound, never a fail-low guess
                    alpha = score
                    if at_root:
                        self.partial = (score, move)
                    if score >= beta:
                        if not captured and not at_root:  # the root's cutoffs teach nothing
                            self._remember_cutoff(move, depth, ply)
                        break
            if unsorted:  # the table's move or killer did not cut off: on with the rest
                unsorted = False
                rest = generate_raw(black, white, kings, black_to_move)
                rest.remove(move)
                if rest:  # a killer may have been the only move
                    self._order(rest, ply)
                    moves += rest
        if on_path:
            self.path.discard(key)

        # Step: store the result, a bound or exact as the window says, in the position's bucket of
        # two: in the first slot if at least as deep as the entry there (or of the same
        # position), otherwise in the second, which takes any entry.
        if best_score >= beta:
            flag = _LOWER
        elif best_score > original_alpha:
            flag = _EXACT
        else:
            flag = _UPPER
        stored = best_score if -MATE_BOUND < best_score < MATE_BOUND else _to_table(best_score, ply)
        deep = table[slot]
        if deep is None or deep[1] <= depth or deep[0] == key:
            table[slot] = (key, depth, flag, stored, best_move, forced)
        else:
            table[slot + 1] = (key, depth, flag, stored, best_move, forced)
        return best_score

    def _horizon_score(
        self, black: int, white: int, kings: int, black_to_move: bool, ply: int, no_progress: int
    ) -> int | None:
        """A leaf's score at the horizon; None when a capture is pending and the search goes on.

        Bulk shifts tell which without a move list (-1.3% instructions per node). Every operation
        on these 35-bit integers allocates one, so each shifted board is made once and the kings'
        directions only when there are kings (-4%).
        """
        empty = VALID ^ (black | white)
        if black_to_move:
            left, right = empty >> 4, empty >> 5  # where a Black man's steps land
            quiet = not black & ((white & left) >> 4 | (white & right) >> 5)
            back = kings and black & kings
            if back:
                back_left, back_right = empty << 5, empty << 4
                quiet = quiet and not back & ((white & back_left) << 5 | (white & back_right) << 4)
            if quiet and not (black & (left | right) or back and back & (back_left | back_right)):
                return ply - WIN  # no move at all
        else:
            left, right = empty << 5, empty << 4
            quiet = not white & ((black & left) << 5 | (black & right) << 4)
            back = kings and white & kings
            if back:
                back_left, back_right = empty >> 4, empty >> 5
                quiet = quiet and not back & ((black & back_left) >> 4 | (black & back_right) >> 5)
            if quiet and not (white & (left | right) or back and back & (back_left | back_right)):
                return ply - WIN
        if not quiet:
            return None
        if no_progress >= FORTY_MOVE_PLIES:
            return 0
        # Not cached: a cache of leaf scores cost as many instructions as it saved, and its keys
        # doubled the garbage collector's work (measured: 0.6 s -> 0.3 s of a 4 s search).
        score = self.evaluate(black, white, kings, black_to_move)
        return _discount(score, no_progress) if no_progress > 20 else score

    def _futility_bound(
        self, black: int, white: int, kings: int, black_to_move: bool, depth: int, alpha: int
    ) -> int | None:
        """A fail-low bound for a quiet node too far below alpha to be worth searching, or None.

        One or two quiet moves from the horizon, a position a man (two) below alpha is not
        searched on: -40% nodes, and at 0.2 s a move depth 1 alone scored 27-13 against the
        engine before these changes, depth 2 then 25-15 against depth 1. A shot that wins more
        back is found a depth or two later; captures and replies the table knows to be forced
        are always searched. The material alone is asked first (-3% instructions per node),
        then bulk shifts for a capture, and only then the full evaluation; all before any move
        is generated (-8% time per node).
        """
        margin = _FUTILITY_MARGIN * depth
        try:  # the material alone
            if kings:
                bk, wk = (black & kings).bit_count(), (white & kings).bit_count()
                lead = _BY_COUNT[black.bit_count() - bk][bk][white.bit_count() - wk][wk][0]
            else:
                lead = _BY_COUNT[black.bit_count()][0][white.bit_count()][0][0]
        except IndexError:  # more than twelve pieces a side
            bk, wk = (black & kings).bit_count(), (white & kings).bit_count()
            lead = _material(black.bit_count() - bk, bk, white.bit_count() - wk, wk)
        if (lead if black_to_move else -lead) + margin // 2 > alpha or capture_pending(
            black, white, kings, black_to_move
        ):
            return None
        bound = self.evaluate(black, white, kings, black_to_move) + margin
        return bound if bound <= alpha else None

    def _probe(self, key: tuple[int, int, int, bool]) -> _Entry | None:
        """The table's entry for a position, or None."""
        table = self.table
        slot = hash(key) & _BUCKET_MASK
        entry = table[slot]
        if entry is None or entry[0] != key:
            entry = table[slot + 1]
            if entry is None or entry[0] != key:
                return None
        return entry

    def _order(self, moves: list[RawMove], ply: int) -> None:
        """Killers first, then by history score, in place; captures keep the generator's order
        (sorting them by the pieces they take made no difference to the nodes searched)."""
        if moves[0][1]:
            return
        # A defaultdict's own look-up as the key: no Python call per move (-40% sort time).
        moves.sort(key=self.history.__getitem__, reverse=True)
        first, second = self.killers[ply]
        if second is not None and second in moves:
            moves.remove(second)
            moves.insert(0, second)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)

    def _playable_killer(
        self, black: int, white: int, kings: int, black_to_move: bool, ply: int
    ) -> RawMove | None:
        """The first of this ply's killers that is legal here, if any.

        Killers are quiet moves of the side to move (plies of one parity belong to one side),
        so one is legal when its piece, man or king as the move says, stands on its origin,
        its target is empty and no capture is pending.
        """
        own = black if black_to_move else white
        for killer in self.killers[ply]:
            if killer is None:
                return None  # the second is only filled after the first
            delta = killer[0]
            if killer[2] == delta:  # a king's step, either way along its diagonal
                origin = delta & own & kings
                if not origin or origin == delta:
                    continue
            else:  # a man's step, forward only: Black's men to higher bits, White's to lower
                low = delta & -delta
                origin = low if black_to_move else delta ^ low
                if not origin & own or origin & kings:
                    continue
            if not (delta ^ origin) & (black | white):
                return None if capture_pending(black, white, kings, black_to_move) else killer
        return None

    def _remember_cutoff(self, move: RawMove, depth: int, ply: int) -> None:
        self.history[move] += depth * depth
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1], killers[0] = killers[0], move

    def _principal_variation(self, position: Position, no_progress: int) -> list[RawMove]:
        """The best line as the table remembers it (stops at a repetition or a missing entry)."""
        line: list[RawMove] = []
        seen = set()
        black, white, kings, black_to_move = (
            position.black,
            position.white,
            position.kings,
            position.turn is BLACK,
        )
        while len(line) < MAX_DEPTH:
            key = (black, white, kings, black_to_move)
            entry = self._probe(key)
            if entry is None or key in seen:
                break
            move = entry[4]
            if move not in generate_raw(black, white, kings, black_to_move):
                break
            seen.add(key)
            line.append(move)
            black, white, kings = play(black, white, kings, black_to_move, move)
            black_to_move = not black_to_move
        return line

    def _search_root(
        self,
        position: Position,
        moves: list[RawMove],
        depth: int,
        alpha: int,
        beta: int,
        no_progress: int,
    ) -> tuple[int, RawMove, list[_RootScore]]:
        """One iteration over the root moves (best first): score, best move, each move's score.

        If the search is interrupted after the first move, the best so far is kept in
        `self.partial` so the caller can still use it.
        """
        self._check_limits()  # a stop or a spent budget ends the search before another depth
        self.root_moves, self.root_scores = moves, []
        score = self._negamax(
            position.black,
            position.white,
            position.kings,
            position.turn is BLACK,
            depth,
            0,
            alpha,
            beta,
            no_progress,
        )
        # The best move is the first to reach the best score, as the search kept it.
        best = max(self.root_scores, key=lambda record: record[0])[1]
        return score, best, self.root_scores

    def _start(
        self,
        position: Position,
        limits: Limits,
        history: Iterable[Position] | None,
        stop: StopSignal | None,
    ) -> tuple[Deadline, list[RawMove]]:
        """Set up a search of `position`: the counters, the draws the game's history makes, the
        killers; returns its deadline and the root's moves."""
        deadline = Deadline(limits.time)
        self._reset_counters(stop, deadline, limits.nodes)
        if self.endgames is not None:  # slices built since the last search count from now on
            self.endgames.notice_new_slices()
            pieces = self.endgames.most_pieces
            self.probe_pieces = pieces if pieces >= 2 else 0
        earlier = Counter((p.black, p.white, p.kings, p.turn is BLACK) for p in (history or ()))
        # Seen twice before the root: one more occurrence is the third, a draw.
        self.seen_twice = {key for key, count in earlier.items() if count >= 2}
        self.path = set()
        self.killers = [[None, None] for _ in range(_MAX_PLY + 1)]
        self.completed = self.unfinished = None
        self.from_database = False
        return deadline, generate_raw(
            position.black, position.white, position.kings, position.turn is BLACK
        )

    def iterate(
        self,
        request: SearchRequest | Position,
        limits: Limits,
        stop: StopSignal | None = None,
    ) -> Iterator[SearchResult]:
        """Yield a result after each completed depth, deepest last, until a limit ends it.

        The caller may stop iterating at any time (a generator, as sunfish's search is).
        """
        request = SearchRequest.of(request)
        position, no_progress_plies = request.position, request.no_progress_plies
        deadline, moves = self._start(position, limits, request.history, stop)
        if not moves:
            self.nodes = 1
            yield SearchResult(None, -WIN, 1, 1, (), deadline.elapsed())
            return
        answer = self._database_root(position, moves, no_progress_plies, deadline)
        if answer is not None:
            yield answer
            return
        mover = position.black if position.turn is BLACK else position.white
        max_depth = limits.depth or MAX_DEPTH
        plan = None if limits.time is None else TimePlan(limits.time, limits.spare_time)
        score = 0
        for depth in range(1, max_depth + 1):
            self.partial = None
            try:
                # Aspiration window around the last score; on a miss the side that missed is
                # widened, by four times as much each time, and a win score opens it fully.
                if depth >= 5 and not is_win_score(score):
                    width = _ASPIRATION
                    alpha, beta = score - width, score + width
                else:
                    alpha, beta = -_INFINITY, _INFINITY
                while True:
                    with _collector_paused():
                        score, best, scored = self._search_root(
                            position, moves, depth, alpha, beta, no_progress_plies
                        )
                    if alpha < score < beta:
                        break
                    width *= 4
                    if is_win_score(score):
                        alpha, beta = -_INFINITY, _INFINITY
                    elif score <= alpha:
                        alpha = max(score - width, -_INFINITY)
                    else:
                        beta = min(score + width, _INFINITY)
            except _Interrupted:
                if self.partial is not None and self.partial[1] != moves[0]:
                    # A later root move beat the previous best with a full window: trust it.
                    partial_score, partial_move = self.partial
                    # Its score with its bound, if this attempt at the depth searched it; a
                    # partial left by an attempt that failed high is a lower bound.
                    record = next(
                        (r for r in self.root_scores if r[1] == partial_move),
                        (partial_score, partial_move, _LOWER, partial_score),
                    )
                    self.unfinished = (depth, record)
                    line = [partial_move]
                    if self.lines:
                        line += self._principal_variation(
                            position.apply_raw(partial_move), no_progress_plies
                        )[: depth - 1]
                    yield self._result(
                        position, partial_move, partial_score, depth - 1, line, mover, deadline
                    )
                return
            # The best move goes first next time; the rest keep their order of merit.
            order = {
                move: index
                for index, (_, move, _, _) in enumerate(
                    sorted(scored, key=lambda record: -record[0])
                )
            }
            moves.sort(key=lambda move: order.get(move, len(order)))
            moves.remove(best)
            moves.insert(0, best)
            self.completed = (depth, scored)
            line = self._principal_variation(position, no_progress_plies) if self.lines else []
            if not line or line[0] != best:
                line = [best]
            yield self._result(position, best, score, depth, line, mover, deadline)
            if is_win_score(score) and plies_to_win(score) < depth:
                # Proven, and by a depth past it: one depth more than the result's first
                # proof searches every move in a window of forced results, unreduced, so no
                # faster win within reach is left unseen.
                return
            if len(moves) == 1 and limits.time is not None and not limits.judging:
                return  # nothing to choose; do not spend the time
            if plan is not None:
                only_move = None
                if plan.flexible and depth >= _ONLY_MOVE_FROM and not is_win_score(score):
                    try:
                        only_move = self._only_move_holds(
                            position, moves, depth, score, no_progress_plies
                        )
                    except _Interrupted:
                        return  # the time ran out during the test: this depth's move stands
                if not plan.go_on(DepthReport(depth, score, best, deadline.elapsed(), only_move)):
                    return
                # A clock's critical position moves the deadline of the next depth on.
                deadline.end = deadline.start + plan.deadline()

    def _only_move_holds(
        self, position: Position, moves: list[RawMove], depth: int, score: int, no_progress: int
    ) -> bool:
        """Whether every root move but the best (first) scores at least _ONLY_MOVE_MARGIN below
        `score` in a search of half the depth: a null window, so a few thousand nodes."""
        bound = score - _ONLY_MOVE_MARGIN
        with _collector_paused():
            value, _, _ = self._search_root(
                position, moves[1:], max(1, depth // 2), bound - 1, bound, no_progress
            )
        return value < bound

    def _database_root(
        self, position: Position, moves: list[RawMove], no_progress: int, deadline: Deadline
    ) -> SearchResult | None:
        """The databases' answer for a root they hold: their best move (the fastest win, a
        draw, the slowest loss: a won game ends, each move bringing the end a ply nearer), its
        exact score and their line; every root move scored for `root_report`.

        None, and the root is searched as usual (the nodes below it still probe), when the
        position is not in them, when a win or loss longer than the 40-move rule's count left
        would meet the rule on the databases' own line (`Endgames.line_keeps_count`), or when a
        move would repeat a position a third time (a draw they do not know).
        """
        endgames = self.endgames
        black, white, kings = position.black, position.white, position.kings
        black_to_move = position.turn is BLACK
        if endgames is None or (black | white).bit_count() > self.probe_pieces:
            return None
        found = endgames.lookup(black, white, kings, black_to_move)
        if found is None:
            return None
        code, plies = found
        if (
            code != DRAW_CODE
            and no_progress + plies > FORTY_MOVE_PLIES
            and not endgames.line_keeps_count(position, no_progress, FORTY_MOVE_PLIES)
        ):
            return None  # the databases' own line runs into the 40-move rule
        scored: list[_RootScore] = []
        for move in moves:
            child = (*play(black, white, kings, black_to_move, move), not black_to_move)
            child_found = endgames.lookup(*child)
            if child in self.seen_twice or child_found is None:
                return None
            child_code, child_plies = child_found
            score = 0
            if child_code == LOSS_CODE:
                score = WIN - 1 - child_plies
            elif child_code == WIN_CODE:
                score = 1 + child_plies - WIN
            scored.append((score, move, _EXACT, score))
        best = endgames.best_move(position)
        mover = black if black_to_move else white
        chosen = next(
            (m for m in moves if best is not None and raw_squares(m, mover) == best.path), None
        )
        if chosen is None:
            return None
        score = 0 if code == DRAW_CODE else WIN - plies if code == WIN_CODE else plies - WIN
        scored.sort(key=lambda record: (record[1] != chosen, -record[0]))
        self.nodes = 1
        self.completed = (1, scored)
        self.from_database = True
        line = [chosen, *self._database_line(position.apply_raw(chosen), score)]
        return dataclasses.replace(
            self._result(position, chosen, score, 1, line, mover, deadline), database=True
        )

    def _database_line(self, position: Position, score: int) -> list[RawMove]:
        """The databases' best moves from `position` on, to the game's end for a result whose
        score is `score` from the side that moved into it (a draw's, a few moves)."""
        assert self.endgames is not None
        length = plies_to_win(score) - 1 if is_win_score(score) else _DRAW_LINE
        line: list[RawMove] = []
        seen = set()
        while len(line) < min(length, MAX_DEPTH) and position not in seen:
            seen.add(position)
            best = self.endgames.best_move(position)
            if best is None:
                break
            mover = position.black if position.turn is BLACK else position.white
            raw = next(
                m
                for m in generate_raw(
                    position.black, position.white, position.kings, position.turn is BLACK
                )
                if raw_squares(m, mover) == best.path
            )
            line.append(raw)
            position = position.apply_raw(raw)
        return line

    def iterate_lines(
        self,
        request: SearchRequest | Position,
        limits: Limits,
        count: int,
        stop: StopSignal | None = None,
        bounds: bool = False,
    ) -> Iterator[tuple[int, list[ScoredLine]]]:
        """Yield the `count` best root moves (fewer if there are fewer), each with its exact score
        and line, best first, after each completed depth, until a limit ends it (multi-PV).

        At each depth the root is searched once per line with a full window, without the moves
        already found, so each score is exact. With `bounds`, every other move follows, best
        bound first, with the upper bound the same search proved for it (never above the last
        exact line's score) and its refutation. An unfinished depth yields nothing. For one line
        `iterate` is the faster search (aspiration windows, and it may stop on a proven result).
        """
        request = SearchRequest.of(request)
        position, no_progress_plies = request.position, request.no_progress_plies
        deadline, moves = self._start(position, limits, request.history, stop)
        if not moves or count < 1:
            return
        if self._database_root(position, moves, no_progress_plies, deadline) is not None:
            # The databases know every root move: the best `count` once, each with its line to
            # the end (a draw's, a few moves), and nothing deeper to search.
            assert self.completed is not None  # the databases' answer scored every root move
            # With `bounds`, every move: the databases score them all exactly.
            known = sorted(self.completed[1], key=lambda record: -record[0])
            known = known if bounds else known[:count]
            yield (
                1,
                [
                    ScoredLine(
                        score,
                        _public_line(
                            position,
                            [move, *self._database_line(position.apply_raw(move), score)],
                        ),
                        database=True,
                    )
                    for score, move, _, _ in known
                ],
            )
            return
        max_depth = limits.depth or MAX_DEPTH
        for depth in range(1, max_depth + 1):
            remaining = list(moves)
            found: list[tuple[int, RawMove]] = []
            lines: list[ScoredLine] = []
            scored: list[_RootScore] = []
            try:
                while remaining and len(found) < count:
                    with _collector_paused():
                        score, best, scored = self._search_root(
                            position, remaining, depth, -_INFINITY, _INFINITY, no_progress_plies
                        )
                    line = [best, *self._principal_variation(position.apply_raw(best), 0)]
                    found.append((score, best))
                    lines.append(ScoredLine(score, _public_line(position, line)))
                    remaining = [move for move in remaining if move != best]
            except _Interrupted:
                return
            # A later line may score above an earlier one (the table and move order changed in
            # between): best first all the same. Next depth: these first, then the rest as the
            # last search ranked them.
            ranked = sorted(range(len(lines)), key=lambda index: -lines[index].score)
            lines = [lines[index] for index in ranked]
            rest = [move for _, move, _, _ in sorted(scored, key=lambda record: -record[0])]
            moves = [found[index][1] for index in ranked] + [
                move for move in rest if move in remaining
            ]
            if bounds and remaining:
                lines += self._bounded_lines(position, scored, remaining, depth)
            yield depth, lines
            if all(is_win_score(line.score) and plies_to_win(line.score) < depth for line in lines):
                return  # every line proven: deeper searches cannot change them
            if limits.time is not None and deadline.elapsed() > _START_NO_DEPTH_AFTER * limits.time:
                return  # as in `iterate`: another depth would rarely finish

    def _bounded_lines(
        self, position: Position, scored: list[_RootScore], remaining: list[RawMove], depth: int
    ) -> list[ScoredLine]:
        """The moves the last root search of a multi-line depth left unscored, each with the
        window's bound it failed low on and its refutation, best bound first."""
        bounded = []
        # A full window: each failed low on the best score so far (an upper bound), or was
        # overtaken after it had led (exact, so a bound too).
        for _, move, _, value in sorted(scored, key=lambda record: -record[3]):
            if move not in remaining:
                continue
            refutation = self._principal_variation(position.apply_raw(move), 0)[: depth - 1]
            bounded.append(
                ScoredLine(value, _public_line(position, [move, *refutation]), bound="upper")
            )
        return bounded

    def root_report(self, position: Position) -> list[RootScore]:
        """Every root move the last search of `position` scored, with the depth it reached and
        the line the table holds after it (for a rejected move, the refutation); the move an
        unfinished depth preferred first, then the last completed depth's moves best first.

        Call it before the engine searches again: the lines come from the transposition table.
        """
        records: list[tuple[int, _RootScore]] = []
        if self.unfinished is not None:
            records.append(self.unfinished)
        if self.completed is not None:
            depth, scored = self.completed
            done = {record[1][1] for record in records}
            ranked = sorted(
                scored, key=lambda record: (-record[3], record[2] != _EXACT, -record[0])
            )
            records += [(depth, record) for record in ranked if record[1] not in done]
        report = []
        for depth, (_, move, flag, score) in records:
            # What the table holds past the depth searched is older and shallower: left out.
            if self.from_database:
                line = [move, *self._database_line(position.apply_raw(move), score)]
            else:
                line = [move, *self._principal_variation(position.apply_raw(move), 0)[: depth - 1]]
            report.append(
                RootScore(
                    _public_line(position, line)[0],
                    score,
                    _BOUND_NAMES[flag],
                    depth,
                    _public_line(position, line),
                )
            )
        return report

    def _result(
        self,
        position: Position,
        best: RawMove,
        score: int,
        depth: int,
        line: list[RawMove],
        mover: int,
        deadline: Deadline,
    ) -> SearchResult:
        pv = _public_line(position, line)
        public_score = float(score) if is_win_score(score) else score / self.scale
        return SearchResult(
            Move(raw_squares(best, mover)), public_score, depth, self.nodes, pv, deadline.elapsed()
        )

    def search(
        self,
        request: SearchRequest | Position,
        limits: Limits,
        on_progress: ProgressCallback | None = None,
        stop: StopSignal | None = None,
    ) -> SearchResult:
        """The best move within `limits`; a legal move whenever one exists."""
        position = SearchRequest.of(request).position
        result: SearchResult | None = None
        reported = 0
        for result in self.iterate(request, limits, stop):
            # A move found in an unfinished depth is used, but only finished depths are reported.
            if on_progress is not None and result.move is not None and result.depth > reported:
                reported = result.depth
                on_progress(
                    Progress(result.depth, result.score, result.nodes, result.time, result.pv)
                )
        if result is None:
            # Stopped before depth 1 was done: any legal move beats none.
            first = position.legal_moves()[0]
            return SearchResult(
                first,
                0.0,
                0,
                self.nodes,
                (first,),
                self.deadline.elapsed() if self.deadline else 0.0,
            )
        return dataclasses.replace(
            result, nodes=self.nodes, time=self.deadline.elapsed() if self.deadline else result.time
        )


def _public_line(position: Position, line: Sequence[RawMove]) -> tuple[Move, ...]:
    moves = []
    for raw in line:
        moves.append(
            Move(raw_squares(raw, position.black if position.turn is BLACK else position.white))
        )
        position = position.apply_raw(raw)
    return tuple(moves)
