"""What every search shares: limits, results, progress reports and the scale of scores.

Scores are from the point of view of the side to move at the root unless a function says
otherwise. A win is worth WIN minus the plies it takes, so a faster win scores higher and a
slower loss scores higher than a faster one; a draw by the rules scores 0.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

from checkers.board import Move, Position
from checkers.notation import forced_text, men_text

if TYPE_CHECKING:
    from checkers.record import GameRecord

__all__ = [
    "MATE_BOUND",
    "MAX_DEPTH",
    "WIN",
    "AlgorithmResult",
    "Deadline",
    "Limits",
    "Progress",
    "ProgressCallback",
    "SearchInterrupted",
    "SearchRequest",
    "SearchResult",
    "Searcher",
    "StopSignal",
    "is_win_score",
    "plies_to_win",
    "score_text",
]

WIN = 1_000_000
MATE_BOUND = WIN - 1000
"""Scores beyond +/-MATE_BOUND are wins or losses in (WIN - |score|) plies."""


MAX_DEPTH = 64
"""The deepest iteration iterative deepening starts when only time or nodes limit it."""


def is_win_score(score: float) -> bool:
    """Whether a score announces a forced win or loss."""
    return abs(score) >= MATE_BOUND


def plies_to_win(score: float) -> int:
    """For a win or loss score, the plies until the game ends."""
    return int(WIN - abs(score))


def score_text(score: float, man: float = 1.0, who: str = "", short: bool = False) -> str:
    """A search score as people read it, for the side it is scored for (`man` is what a man is
    worth in its units): `+0.25` in men, or a forced result in the winner's moves, `wins in 3
    moves` (`notation.forced_text`, with its `who` and `short` forms). The one score text:
    only the engine protocol, a machine's format, writes raw units."""
    if is_win_score(score):
        return forced_text(plies_to_win(score), score > 0, who, short)
    return men_text(score / man)


@dataclass(frozen=True)
class Limits:
    """When a search must stop: any of depth (plies), time (seconds) or nodes; None is no limit.

    `time` alone is the move's fixed time, which the engine spends whole. With `spare_time` (a
    game on a clock) it is a target: the engine may stop sooner when its move is clear, and may
    add up to `spare_time` seconds where the position is critical (`checkers.ai.timing`).
    """

    depth: int | None = None
    time: float | None = None
    nodes: int | None = None
    spare_time: float | None = None
    judging: bool = False
    """The position's value is asked, not only a move (`checkers analyse`): an only move is
    searched on within the time, where a move to play stops at once with nothing to choose."""

    def __post_init__(self) -> None:
        if self.depth is None and self.time is None and self.nodes is None:
            raise ValueError("a search needs a depth, a time or a node limit")
        if self.depth is not None and self.depth < 1:
            raise ValueError("the depth must be 1 or more")
        if self.time is not None and self.time <= 0:
            raise ValueError("the time must be more than 0 seconds")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError("the node limit must be 1 or more")
        if self.spare_time is not None and (self.time is None or self.spare_time < 0):
            raise ValueError("spare time goes with a time, and cannot be negative")


@dataclass(frozen=True)
class SearchRequest:
    """What a search is asked about: a position, the game's positions up to it (repetitions
    are draws) and the plies since the last capture or man move (the 40-move rule).

    Every search takes one; a bare `Position` is accepted where a request is, as a request
    with no history (`SearchRequest.of`).
    """

    position: Position
    history: tuple[Position, ...] = ()
    no_progress_plies: int = 0

    def __post_init__(self) -> None:
        # Callers hold the history as a list (a game record's); a frozen value keeps a tuple.
        if not isinstance(self.history, tuple):
            object.__setattr__(self, "history", tuple(self.history))
        if self.no_progress_plies < 0:
            raise ValueError("the no-progress count cannot be negative")

    @classmethod
    def from_record(cls, record: GameRecord) -> SearchRequest:
        """The request for a game's current position, with its positions and 40-move count."""
        return cls(record.position, tuple(record.positions), record.no_progress_plies)

    def after(self, move: Move) -> SearchRequest:
        """The request for the position `move` leads to, its history and count carried on."""
        child = self.position.move(move)
        resets = self.position.is_man_move(move) or move.is_capture
        progress = 0 if resets else self.no_progress_plies + 1
        return SearchRequest(child, (*(self.history or (self.position,)), child), progress)

    @classmethod
    def of(cls, asked: SearchRequest | Position) -> SearchRequest:
        """`asked` as a request: a bare position is one with no history."""
        return asked if isinstance(asked, SearchRequest) else cls(asked)


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the move (None if the side to move has none) and how it got there."""

    move: Move | None
    score: float
    depth: int
    nodes: int
    pv: tuple[Move, ...] = ()
    time: float = 0.0
    database: bool = False
    """Whether the endgame databases gave the move and score (an exact result) at the root."""

    @property
    def nodes_per_second(self) -> float:
        """Search speed."""
        return self.nodes / self.time if self.time > 0 else 0.0


@dataclass(frozen=True)
class Progress:
    """A report after each completed depth."""

    depth: int
    score: float
    nodes: int
    time: float
    pv: tuple[Move, ...]

    @property
    def nodes_per_second(self) -> float:
        """Search speed so far."""
        return self.nodes / self.time if self.time > 0 else 0.0


ProgressCallback = Callable[[Progress], None]


class SearchInterrupted(Exception):
    """A stop request, the deadline or the node limit ended a search before its depth was done."""

    def __init__(self, nodes: int) -> None:
        super().__init__(f"search interrupted after {nodes} nodes")
        self.nodes = nodes


class AlgorithmResult(NamedTuple):
    """One fixed-depth search: the root score, the move (None if there is none), the PV, nodes."""

    score: float
    move: Move | None
    pv: tuple[Move, ...]
    nodes: int


@dataclass
class StopSignal:
    """Ask a running search to stop: `stop()` from any thread; the search checks `is_set()`."""

    _event: threading.Event = field(default_factory=threading.Event)

    def stop(self) -> None:
        """Request the stop."""
        self._event.set()

    def is_set(self) -> bool:
        """Whether a stop was requested."""
        return self._event.is_set()


class Deadline:
    """A wall-clock deadline measured from construction; `None` seconds never expires."""

    def __init__(self, seconds: float | None) -> None:
        self.start = time.perf_counter()
        self.end = None if seconds is None else self.start + seconds

    def elapsed(self) -> float:
        """Seconds since the search began."""
        return time.perf_counter() - self.start

    def expired(self) -> bool:
        """Whether the time is up."""
        return self.end is not None and time.perf_counter() >= self.end


class Searcher(Protocol):
    """A complete search of one position within `limits`, deepening included; one made for a
    game may keep what it learns (the engine its table) for the game's next move."""

    def __call__(
        self,
        request: SearchRequest | Position,
        limits: Limits,
        on_progress: ProgressCallback | None = None,
        stop: StopSignal | None = None,
    ) -> SearchResult: ...
