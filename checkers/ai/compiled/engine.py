"""The engine with its hot path compiled: `CompiledEngine` is `checkers.ai.engine.Engine` with the
search of a depth (`_search_root`) and the table it keeps run by `search.run`; everything around it
(iterative deepening, aspiration windows, the databases at the root, the lines it reports) is the
Python engine's own code, so the two answer alike (tests/test_compiled.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import numpy as np

from checkers._bitboard import RawMove
from checkers.ai import engine as python_engine
from checkers.ai.compiled import evaluate, search
from checkers.ai.compiled.movegen import decode_move, encode_move
from checkers.ai.compiled.ordering import HISTORY_SIZE
from checkers.ai.compiled.probe import Databases, databases_for
from checkers.ai.endgame import Endgames, material_of
from checkers.ai.evaluation import Evaluation
from checkers.ai.search import Deadline, Limits, StopSignal
from checkers.board import BLACK, Position

__all__ = ["CompiledEngine", "warm_up"]

_PAGE_WORDS = 4096 // 8  # int64 words in a page of memory (the smallest a system gives)
_STACK = 64  # open branches of one multi-jump: at most 3 per hop, and no move has 12 hops

_tables: tuple[tuple[object, object], evaluate.Tables] | None = None
_NO_DATABASES = Databases()  # for an engine that never probes: empty tables of the right types


def _evaluation_tables() -> evaluate.Tables:
    """The engine module's evaluation tables as arrays, remade when its weights change."""
    global _tables
    installed = (python_engine._weights, python_engine._PATTERNS)
    if _tables is None or any(a is not b for a, b in zip(_tables[0], installed, strict=True)):
        _tables = (installed, evaluate.tables())
    return _tables[1]


class CompiledEngine(python_engine.Engine):
    """The engine, its search compiled: the same moves, scores and node counts, faster."""

    def __init__(
        self,
        evaluation: Evaluation = python_engine.engine_evaluation,
        endgames: Endgames | None | Literal["default"] = "default",
    ) -> None:
        """As `Engine`; only the engine's own evaluation is compiled (ValueError otherwise)."""
        (
            self._state,
            self._frames,
            self._moves,
            self._killers,
            self._path,
            self._root_scores,
        ) = search.new_arrays()
        self._history = np.zeros(HISTORY_SIZE, np.int64)
        self._seen = np.zeros((1, 4), np.int64)  # the positions seen twice before the root
        self._seen_count = 0
        self._stack = np.zeros((_STACK, 3), np.int64)
        super().__init__(evaluation, endgames)

    def set_evaluation(self, evaluation: Evaluation) -> None:
        """Only the engine's own evaluation has a compiled form; the table is emptied."""
        if isinstance(evaluation, str):
            super().set_evaluation(evaluation)  # says what to pass instead
        if evaluation is not python_engine.engine_evaluation:
            raise ValueError("the compiled core evaluates with the engine's own evaluation only")
        self.evaluate = python_engine._static_score
        self.own_evaluation = True
        self.scale = 1
        self.table = []  # the compiled table is self._table
        # A fresh zeroed array, not a fill: its pages are given by the system as they are used.
        self._table = np.zeros((search.TABLE_SLOTS, search.T_SIZE), np.int64)

    def new_game(self) -> None:
        """Forget everything learnt in the previous game."""
        self._table = np.zeros((search.TABLE_SLOTS, search.T_SIZE), np.int64)
        self._history[:] = 0

    def prepare(self) -> None:
        """Have the system give the table its memory now, before a clock runs (`isready`),
        without changing an entry. A fresh table's pages are given as the search first writes
        to them, and the first search writes all over it: on the shared machine that took 9 to
        240 ms for its 75 MB (a virtual machine's memory given on first use), and in a match at
        0.1 s a move it left one first search in eight at depth 2-4 instead of 12-14."""
        words = self._table.reshape(-1)
        words[::_PAGE_WORDS] |= 0  # a write to every page (a read alone maps a shared zero page)

    def _start(
        self,
        position: Position,
        limits: Limits,
        history: Iterable[Position] | None,
        stop: StopSignal | None,
    ) -> tuple[Deadline, list[RawMove]]:
        started = super()._start(position, limits, history, stop)
        self._killers[:] = 0
        seen = sorted(self.seen_twice)
        self._seen = np.array([list(key) for key in seen] or [[0, 0, 0, 0]], np.int64)
        self._seen_count = len(seen)
        return started

    def _search_root(
        self,
        position: Position,
        moves: list[RawMove],
        depth: int,
        alpha: int,
        beta: int,
        no_progress: int,
    ) -> tuple[int, RawMove, list[python_engine._RootScore]]:
        """One iteration over the root moves, compiled; as `Engine._search_root`."""
        self._check_limits()
        self.root_moves, self.root_scores = moves, []
        if len(moves) > len(self._root_scores):
            self._root_scores = np.zeros((len(moves), 4), np.int64)
        state, frames = self._state, self._frames
        black, white, kings = position.black, position.white, position.kings
        black_to_move = position.turn is BLACK
        self._moves[0, : len(moves)] = [encode_move(move) for move in moves]
        root = frames[0]
        root[:] = 0
        root[search.F_BLACK], root[search.F_WHITE], root[search.F_KINGS] = black, white, kings
        root[search.F_TO_MOVE] = black_to_move
        root[search.F_DEPTH], root[search.F_ALPHA], root[search.F_BETA] = depth, alpha, beta
        root[search.F_PROGRESS] = no_progress
        root[search.F_ORIGINAL_ALPHA], root[search.F_BEST] = alpha, -python_engine._INFINITY
        root[search.F_NEXT_DEPTH] = depth if len(moves) == 1 else depth - 1
        root[search.F_FORCED], root[search.F_COUNT] = len(moves) == 1, len(moves)
        root[search.F_REDUCE_FROM], root[search.F_ON_PATH] = python_engine._MAX_MOVES, 1
        root[search.F_SLOT] = hash((black, white, kings, black_to_move)) & search._BUCKET_MASK
        self._path[0] = black, white, kings, black_to_move  # the root is on every line
        state[:] = 0
        state[search.ST_PATH_LEN], state[search.ST_SEEN] = 1, self._seen_count
        state[search.ST_MODE] = search.M_LOOP
        state[search.ST_NODES], state[search.ST_NEXT_CHECK] = self.nodes, self.next_check
        state[search.ST_PROBE_PIECES] = self.probe_pieces
        tables = _evaluation_tables()
        databases = databases_for(self.endgames) if self.endgames is not None else _NO_DATABASES
        while True:
            status = search.run(
                state,
                frames,
                self._moves,
                self._table,
                self._history,
                self._killers,
                self._path,
                self._seen,
                self._root_scores,
                *tables,
                *databases.tables,
                self._stack,
            )
            self.nodes = int(state[search.ST_NODES])
            if status == search.DONE:
                break
            if status == search.PAUSE_PROBE:
                self._probe_databases(databases)
                continue
            try:
                self._check_limits()
            except python_engine._Interrupted:
                self._collect_root(moves)
                raise
            state[search.ST_NEXT_CHECK] = self.next_check
        self._collect_root(moves)
        best = max(self.root_scores, key=lambda record: record[0])[1]
        return int(state[search.ST_RESULT]), best, self.root_scores

    def _probe_databases(self, databases: Databases) -> None:
        """Answer the node `run` paused at from the endgame databases, and hand the slice over
        so that the search reads it itself from now on."""
        state = self._state
        frame = self._frames[state[search.ST_PLY]]
        assert self.endgames is not None  # run pauses only when they may hold the node
        black, white, kings = (
            int(frame[field]) for field in (search.F_BLACK, search.F_WHITE, search.F_KINGS)
        )
        found = self.endgames.lookup(black, white, kings, bool(frame[search.F_TO_MOVE]))
        if found is not None:
            state[search.ST_PROBE_FOUND] = 1
            state[search.ST_PROBE_CODE], state[search.ST_PROBE_PLIES] = found
        databases.hand_over(self.endgames, material_of(black, white, kings))

    def _collect_root(self, moves: list[RawMove]) -> None:
        """The root's scores and the best so far, as the Python engine keeps them."""
        state = self._state
        self.root_scores = [
            (int(score), moves[index], int(flag), int(bound))
            for score, index, flag, bound in self._root_scores[: state[search.ST_SCORES]]
        ]
        if state[search.ST_PARTIAL]:
            self.partial = (
                int(state[search.ST_PARTIAL_SCORE]),
                moves[state[search.ST_PARTIAL_INDEX]],
            )

    def _probe(self, key: tuple[int, int, int, bool]) -> python_engine._Entry | None:
        """The table's entry for a position, or None."""
        black, white, kings, black_to_move = key
        wanted = kings | (search._TO_MOVE_BIT if black_to_move else 0)
        slot = hash(key) & search._BUCKET_MASK
        for row in self._table[slot : slot + 2]:
            if (
                row[search.T_BLACK] == black
                and row[search.T_WHITE] == white
                and int(row[search.T_KEY]) & search._KEY_MASK == wanted
            ):
                packed = int(row[search.T_DEPTH_FLAG])
                return (
                    key,
                    packed >> 2,
                    packed & 3,
                    int(row[search.T_SCORE]),
                    decode_move(row[search.T_MOVE : search.T_MOVE + 4]),
                    bool(int(row[search.T_KEY]) & search._FORCED_BIT),
                )
        return None


def warm_up() -> None:
    """Compile the core (or load it from numba's on-disk cache) with a small search."""
    CompiledEngine(endgames=None).search(Position(), Limits(depth=3))
