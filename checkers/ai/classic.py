"""The source documents' search algorithms and iterative deepening over any fixed-depth one.

`minimax` and `alphabeta` are in the max/min form: the side to move at the root maximizes and every
leaf is scored for it. `negamax` is alpha-beta where every node maximizes for its own side to move.
All three share one node routine (`_Search.settle`), so they count nodes, end games and order moves
the same way and give the same root score and move at the same depth. Moves come from board.py's
generator, the only one; children are searched in `Position.legal_moves()` order.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from typing import Protocol

from checkers._bitboard import RawMove, count_moves, generate_raw, raw_squares
from checkers.ai.evaluation import Evaluation
from checkers.ai.search import (
    MAX_DEPTH,
    WIN,
    AlgorithmResult,
    Deadline,
    Limits,
    Progress,
    ProgressCallback,
    SearchInterrupted,
    SearchRequest,
    SearchResult,
    StopSignal,
    is_win_score,
    plies_to_win,
)
from checkers.board import BLACK, Move, Position
from checkers.record import FORTY_MOVE_PLIES

__all__ = [
    "MAX_DEPTH",
    "Algorithm",
    "AlgorithmResult",
    "ScoreReason",
    "SearchInterrupted",
    "SearchObserver",
    "alphabeta",
    "deepening",
    "iterative_deepening",
    "minimax",
    "negamax",
    "ordered_moves",
]

INFINITY = float("inf")
# Looking at the clock and the stop signal every node would cost more than the look-ups it
# saves; 64 nodes is well under a millisecond.
_CHECK_INTERVAL = 64

# The earliest a position can recur: each side needs a move away and a move back.
_PLIES_TO_REPEAT = 4


class ScoreReason(enum.Enum):
    """Why a node has the score it has."""

    SEARCHED = "backed up from its children"
    EVALUATION = "static evaluation at the search horizon"
    NO_MOVES = "the side to move has no legal move and loses"
    REPETITION = "draw by repetition"
    FORTY_MOVE_RULE = "draw by the 40-move rule"


class Algorithm(Protocol):
    """A fixed-depth search, as the registry lists them; raises SearchInterrupted on a limit."""

    def __call__(
        self,
        request: SearchRequest | Position,
        depth: int,
        evaluation: Evaluation,
        *,
        stop: StopSignal | None = None,
        deadline: Deadline | None = None,
        node_limit: int | None = None,
    ) -> AlgorithmResult: ...


class SearchObserver(Protocol):
    """What a tree tracker hears from `minimax` and `alphabeta`, in the order it happens."""

    def enter(
        self,
        position: Position,
        move: RawMove | None,
        ply: int,
        maximizing: bool,
        alpha: float | None,
        beta: float | None,
    ) -> None:
        """A node is visited (`move` is None at the root; no window in minimax)."""

    def leave(self, score: float, reason: ScoreReason) -> None:
        """The node entered last and not yet left returns `score`."""

    def cutoff(self, alpha: float, beta: float, skipped: Sequence[RawMove]) -> None:
        """The current node stops searching with alpha >= beta, leaving `skipped` unsearched."""


def ordered_moves(position: Position) -> list[RawMove]:
    """The raw legal moves in the order of `position.legal_moves()`."""
    moves = generate_raw(position.black, position.white, position.kings, position.turn is BLACK)
    _sort_moves(moves, position.black if position.turn is BLACK else position.white)
    return moves


def _sort_moves(moves: list[RawMove], mover: int) -> None:
    # Bits rise with square numbers in board.py's layout, so comparing landing paths as bits
    # orders moves as legal_moves() does, without building a Move per child.
    moves.sort(key=lambda raw: raw[3] or (raw[0] & mover, raw[0] & ~mover))


def _no_progress_after(raw: RawMove, kings: int, no_progress: int) -> int:
    """The no-progress ply count after a move: a capture or a man move resets it."""
    captured, moved_a_king = raw[1], raw[0] & kings
    return no_progress + 1 if moved_a_king and not captured else 0


def _to_moves(position: Position, line: Sequence[RawMove]) -> tuple[Move, ...]:
    """Public Moves for a line of raw moves played from `position`."""
    moves = []
    for raw in line:
        moves.append(
            Move(raw_squares(raw, position.black if position.turn is BLACK else position.white))
        )
        position = position.apply_raw(raw)
    return tuple(moves)


class _Search:
    """One fixed-depth search: its limits, node count and path, and the three node routines."""

    def __init__(
        self,
        root: Position,
        evaluation: Evaluation,
        history: Iterable[Position] | None,
        stop: StopSignal | None,
        deadline: Deadline | None,
        node_limit: int | None,
        observer: SearchObserver | None = None,
    ) -> None:
        self.root_side = root.turn
        self.evaluation = evaluation
        self.earlier = Counter(history or ())
        self.path: set[Position] = set()
        self.stop = stop
        self.deadline = deadline
        self.node_limit = node_limit
        self.observer = observer
        self.nodes = 0
        self.next_check = 0

    def _check_limits(self) -> None:
        """Raise SearchInterrupted if a limit is reached; otherwise plan the next look."""
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchInterrupted(self.nodes)
        if (
            self.stop is not None
            and self.stop.is_set()
            or self.deadline is not None
            and self.deadline.expired()
        ):
            raise SearchInterrupted(self.nodes)
        self.next_check = self.nodes + _CHECK_INTERVAL
        if self.node_limit is not None:
            self.next_check = min(self.next_check, self.node_limit)

    def settle(
        self, position: Position, depth: int, ply: int, no_progress: int
    ) -> tuple[float, ScoreReason, list[RawMove]]:
        """Count the node; score it if it is a leaf, else return its moves (score unused)."""
        if self.nodes >= self.next_check:
            self._check_limits()
        self.nodes += 1
        # The rules draw at the third occurrence. A position recurring on the search path is a
        # draw at once: whoever steered back into it can repeat the cycle to the third occurrence,
        # and the cycle need not be searched twice. One seen twice before the root is the third.
        if (
            ply
            and no_progress >= _PLIES_TO_REPEAT
            and (position in self.path or self.earlier[position] >= 2)
        ):
            return 0.0, ScoreReason.REPETITION, []
        black_to_move = position.turn is BLACK
        if depth <= 0:
            moves: list[RawMove] = []
            has_moves = (
                count_moves(position.black, position.white, position.kings, black_to_move) > 0
            )
        else:
            moves = generate_raw(position.black, position.white, position.kings, black_to_move)
            has_moves = bool(moves)
        # As GameRecord.outcome decides: having no move loses even when the 40 moves are up.
        if not has_moves:
            loss = WIN - ply  # for the side to move; sooner is worse
            score = -loss if position.turn is self.root_side else loss
            return score, ScoreReason.NO_MOVES, []
        if ply and no_progress >= FORTY_MOVE_PLIES:
            return 0.0, ScoreReason.FORTY_MOVE_RULE, []
        if depth <= 0:
            return self.evaluation(position, self.root_side), ScoreReason.EVALUATION, []
        _sort_moves(moves, position.black if black_to_move else position.white)
        return 0.0, ScoreReason.SEARCHED, moves

    def minimax(
        self, position: Position, move: RawMove | None, depth: int, ply: int, no_progress: int
    ) -> tuple[float, tuple[RawMove, ...]]:
        """The minimax score for the root's side, and the line that reaches it."""
        maximizing = position.turn is self.root_side
        if self.observer is not None:
            self.observer.enter(position, move, ply, maximizing, None, None)
        score, reason, moves = self.settle(position, depth, ply, no_progress)
        pv: tuple[RawMove, ...] = ()
        if moves:
            self.path.add(position)
            score = -INFINITY if maximizing else INFINITY
            for raw in moves:
                value, line = self.minimax(
                    position.apply_raw(raw),
                    raw,
                    depth - 1,
                    ply + 1,
                    _no_progress_after(raw, position.kings, no_progress),
                )
                if value > score if maximizing else value < score:
                    score, pv = value, (raw,) + line
            self.path.remove(position)
        if self.observer is not None:
            self.observer.leave(score, reason)
        return score, pv

    def alphabeta(
        self,
        position: Position,
        move: RawMove | None,
        depth: int,
        ply: int,
        alpha: float,
        beta: float,
        no_progress: int,
    ) -> tuple[float, tuple[RawMove, ...]]:
        """Fail-soft alpha-beta for the root's side: exact inside (alpha, beta), a bound outside."""
        maximizing = position.turn is self.root_side
        if self.observer is not None:
            self.observer.enter(position, move, ply, maximizing, alpha, beta)
        score, reason, moves = self.settle(position, depth, ply, no_progress)
        pv: tuple[RawMove, ...] = ()
        if moves:
            self.path.add(position)
            score = -INFINITY if maximizing else INFINITY
            for index, raw in enumerate(moves):
                value, line = self.alphabeta(
                    position.apply_raw(raw),
                    raw,
                    depth - 1,
                    ply + 1,
                    alpha,
                    beta,
                    _no_progress_after(raw, position.kings, no_progress),
                )
                if maximizing:
                    if value > score:
                        score, pv = value, (raw,) + line
                    alpha = max(alpha, score)
                else:
                    if value < score:
                        score, pv = value, (raw,) + line
                    beta = min(beta, score)
                if alpha >= beta:
                    if self.observer is not None:
                        self.observer.cutoff(alpha, beta, moves[index + 1 :])
                    break
            self.path.remove(position)
        if self.observer is not None:
            self.observer.leave(score, reason)
        return score, pv

    def negamax(
        self, position: Position, depth: int, ply: int, alpha: float, beta: float, no_progress: int
    ) -> tuple[float, tuple[RawMove, ...]]:
        """Fail-soft alpha-beta in negamax form: the score for the side to move at this node."""
        score, _, moves = self.settle(position, depth, ply, no_progress)
        if not moves:
            # Leaves are scored for the root's side and negated for the other: `seed` is not
            # zero-sum, and scoring each leaf for its own mover would search a different game.
            return (score if position.turn is self.root_side else -score), ()
        self.path.add(position)
        best = -INFINITY
        pv: tuple[RawMove, ...] = ()
        for raw in moves:
            value, line = self.negamax(
                position.apply_raw(raw),
                depth - 1,
                ply + 1,
                -beta,
                -alpha,
                _no_progress_after(raw, position.kings, no_progress),
            )
            value = -value
            if value > best:
                best, pv = value, (raw,) + line
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        self.path.remove(position)
        return best, pv

    def result(self, root: Position, score: float, line: Sequence[RawMove]) -> AlgorithmResult:
        """The public result of a finished search from `root`."""
        pv = _to_moves(root, line)
        return AlgorithmResult(score, pv[0] if pv else None, pv, self.nodes)


def _unpack(request: SearchRequest | Position) -> tuple[Position, tuple[Position, ...], int]:
    asked = SearchRequest.of(request)
    return asked.position, asked.history, asked.no_progress_plies


def _check_depth(depth: int) -> None:
    if depth < 1:
        raise ValueError(f"the depth must be 1 or more, got {depth}")


def minimax(
    request: SearchRequest | Position,
    depth: int,
    evaluation: Evaluation,
    *,
    stop: StopSignal | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
    observer: SearchObserver | None = None,
) -> AlgorithmResult:
    """Plain minimax to `depth` plies, scored for the side to move at the root."""
    _check_depth(depth)
    position, history, no_progress_plies = _unpack(request)
    run = _Search(position, evaluation, history, stop, deadline, node_limit, observer)
    score, line = run.minimax(position, None, depth, 0, no_progress_plies)
    return run.result(position, score, line)


def alphabeta(
    request: SearchRequest | Position,
    depth: int,
    evaluation: Evaluation,
    *,
    stop: StopSignal | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
    observer: SearchObserver | None = None,
) -> AlgorithmResult:
    """Alpha-beta (max/min form) to `depth` plies: minimax's score and move, fewer nodes."""
    _check_depth(depth)
    position, history, no_progress_plies = _unpack(request)
    run = _Search(position, evaluation, history, stop, deadline, node_limit, observer)
    score, line = run.alphabeta(position, None, depth, 0, -INFINITY, INFINITY, no_progress_plies)
    return run.result(position, score, line)


def negamax(
    request: SearchRequest | Position,
    depth: int,
    evaluation: Evaluation,
    *,
    stop: StopSignal | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
) -> AlgorithmResult:
    """Alpha-beta in negamax form to `depth` plies: alphabeta's score, move and node count."""
    _check_depth(depth)
    position, history, no_progress_plies = _unpack(request)
    run = _Search(position, evaluation, history, stop, deadline, node_limit)
    score, line = run.negamax(position, depth, 0, -INFINITY, INFINITY, no_progress_plies)
    return run.result(position, score, line)


def deepening(
    request: SearchRequest | Position,
    limits: Limits,
    algorithm: Algorithm,
    evaluation: Evaluation,
    stop: StopSignal | None = None,
    deadline: Deadline | None = None,
) -> Generator[SearchResult, None, int]:
    """Yield a fixed-depth algorithm's result at depth 1, 2, ... within `limits`, deepest last,
    with the nodes of all depths so far; returns the nodes searched in all, an unfinished
    depth's included (the generator's return value)."""
    deadline = deadline if deadline is not None else Deadline(limits.time)
    nodes = 0
    for depth in range(1, (limits.depth or MAX_DEPTH) + 1):
        budget = None if limits.nodes is None else limits.nodes - nodes
        try:
            score, move, pv, depth_nodes = algorithm(
                request,
                depth,
                evaluation,
                stop=stop,
                deadline=deadline,
                node_limit=budget,
            )
        except SearchInterrupted as interrupted:
            return nodes + interrupted.nodes
        nodes += depth_nodes
        yield SearchResult(move, score, depth, nodes, pv, deadline.elapsed())
        # A win or loss within the horizon is proven: deeper searches cannot change it.
        if is_win_score(score) and plies_to_win(score) <= depth:
            break
    return nodes


def iterative_deepening(
    request: SearchRequest | Position,
    limits: Limits,
    algorithm: Algorithm,
    evaluation: Evaluation,
    on_progress: ProgressCallback | None = None,
    stop: StopSignal | None = None,
) -> SearchResult:
    """Search depth 1, 2, ... within `limits`, reporting each completed depth to `on_progress`.

    Returns the deepest completed depth's result; a legal move whenever one exists, even if the
    limits or `stop` end the search before depth 1 is done (then the first legal move, depth 0).
    """
    position = SearchRequest.of(request).position
    deadline = Deadline(limits.time)
    depths = deepening(request, limits, algorithm, evaluation, stop, deadline)
    completed: SearchResult | None = None
    while True:
        try:
            completed = next(depths)
        except StopIteration as finished:
            nodes: int = finished.value
            break
        if on_progress is not None:
            on_progress(
                Progress(
                    completed.depth, completed.score, completed.nodes, completed.time, completed.pv
                )
            )
    if completed is None:
        legal = position.legal_moves()
        first = legal[0] if legal else None
        return SearchResult(
            first,
            evaluation(position, position.turn) if first else -WIN,
            0,
            nodes,
            (first,) if first else (),
            deadline.elapsed(),
        )
    return dataclasses.replace(completed, nodes=nodes, time=deadline.elapsed())
