"""A game record: the positions and moves of one game, undo/redo, draw counters and the outcome.

Pure Python. The record holds positions (immutable values), so undo is moving a cursor back and
every counter is derived from the history rather than kept in step by hand.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from checkers.board import BLACK, Move, Position, Side

__all__ = [
    "FORTY_MOVE_PLIES",
    "GameOverError",
    "GameRecord",
    "Outcome",
    "Reason",
    "cannot_move_words",
    "ended_words",
]

FORTY_MOVE_PLIES = 80
"""WCDF 1.32.2: 40 moves by each side with no capture and no man move is a draw."""


class Reason(enum.Enum):
    """Why a game ended."""

    NO_MOVES = "no legal move"
    REPETITION = "threefold repetition"
    FORTY_MOVE_RULE = "40-move rule"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    TIME = "time"
    RECORDED = "the result recorded"
    """A result a file records without saying how the game ended (another program's PDN)."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (None for a draw) and the reason."""

    winner: Side | None
    reason: Reason

    @property
    def is_draw(self) -> bool:
        """Whether nobody won."""
        return self.winner is None

    def result(self) -> str:
        """The PDN result as CheckerBoard writes it for GameType 21 (`1-0`: Black won)."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is BLACK else "0-1"

    def __str__(self) -> str:
        if self.winner is None:
            return f"Draw by {self.reason.value}"
        loser = self.winner.opponent.name.capitalize()
        winner = self.winner.name.capitalize()
        if self.reason is Reason.NO_MOVES:
            return f"{winner} wins: {loser} has no legal move"
        return f"{winner} wins by {self.reason.value}"


def cannot_move_words(position: Position) -> str:
    """Why the side to move in `position` cannot move, as a player says it: `White has no
    pieces left`, `White is blocked` (each loses, as having no legal move)."""
    side = position.turn
    if not position.pieces(side):
        return f"{side.name.capitalize()} has no pieces left"
    return f"{side.name.capitalize()} is blocked"


def ended_words(outcome: Outcome, final: Position) -> str:
    """How a game ended, from its final position: `Black wins: White has no pieces left`,
    `Black wins: White is blocked`; other endings as the outcome says them."""
    if outcome.reason is Reason.NO_MOVES and outcome.winner is not None:
        return f"{outcome.winner.name.capitalize()} wins: {cannot_move_words(final)}"
    return str(outcome)


class GameOverError(RuntimeError):
    """A move was offered after the game had ended."""


class GameRecord:
    """One game from a start position: moves played, undo/redo, counters and outcome."""

    def __init__(self, start: Position | None = None) -> None:
        self._positions: list[Position] = [start if start is not None else Position()]
        self._moves: list[Move] = []
        # No-progress plies after each position: reset by captures and man moves.
        self._no_progress: list[int] = [0]
        self._cursor = 0  # index of the current position; moves after it can be redone
        self._declared: tuple[int, Outcome] | None = None  # resignation/agreement at a ply

    @classmethod
    def replay(cls, moves: Iterable[Move], start: Position | None = None) -> GameRecord:
        """A record of these moves from `start`, each checked legal (IllegalMoveError if not).

        Unlike `play`, it keeps going past a threefold repetition or the 40-move count: a game
        read from a file holds the moves the players made, who need not have claimed the draw.
        The record's cursor ends after the last move.
        """
        record = cls(start)
        for move in moves:
            record._append(move, record.position.move(move))
        return record

    # --- the current state -------------------------------------------------------------------

    @property
    def start(self) -> Position:
        """The position the game started from."""
        return self._positions[0]

    @property
    def position(self) -> Position:
        """The current position."""
        return self._positions[self._cursor]

    @property
    def ply(self) -> int:
        """How many moves (plies) lead to the current position."""
        return self._cursor

    @property
    def moves(self) -> list[Move]:
        """The moves that lead to the current position."""
        return self._moves[: self._cursor]

    @property
    def line(self) -> tuple[Move, ...]:
        """Every recorded move from the start, the ones after the cursor (redoable) included."""
        return tuple(self._moves)

    @property
    def positions(self) -> list[Position]:
        """The positions from the start to the current one."""
        return self._positions[: self._cursor + 1]

    @property
    def no_progress_plies(self) -> int:
        """Plies since the last capture or man move (80 means the 40-move draw)."""
        return self._no_progress[self._cursor]

    @property
    def stalemate_counter(self) -> int:
        """Full moves toward the 40-move draw: what the game shows as its stalemate counter."""
        return self.no_progress_plies // 2

    def repetition_count(self) -> int:
        """How many times the current position has occurred (3 means a draw)."""
        return self._repetitions(self._cursor)

    def _repetitions(self, ply: int) -> int:
        # Captures and man moves cannot be undone, so no earlier position can come back.
        window = self._positions[ply - self._no_progress[ply] : ply + 1]
        return window.count(self._positions[ply])

    def legal_moves(self) -> list[Move]:
        """The moves the side to move may play now (none once the game is over)."""
        return [] if self.outcome is not None else self.position.legal_moves()

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended at the position shown, or None while it goes on from there."""
        return self._outcome_at(self._cursor)

    @property
    def final_outcome(self) -> Outcome | None:
        """How the recorded game ended (at its last move, wherever the cursor is), or None if
        it is unfinished: stepping through a finished game never changes this."""
        return self._outcome_at(len(self._moves))

    def _outcome_at(self, ply: int) -> Outcome | None:
        if self._declared is not None and self._declared[0] == ply:
            return self._declared[1]
        position = self._positions[ply]
        if not position.has_legal_moves():
            return Outcome(position.turn.opponent, Reason.NO_MOVES)
        if self._repetitions(ply) >= 3:
            return Outcome(None, Reason.REPETITION)
        if self._no_progress[ply] >= FORTY_MOVE_PLIES:
            return Outcome(None, Reason.FORTY_MOVE_RULE)
        return None

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome is not None

    # --- changing the record -----------------------------------------------------------------

    def play(self, move: Move) -> Position:
        """Play a legal move from the current position, dropping any moves that could be redone."""
        if self.outcome is not None:
            raise GameOverError(f"the game is over: {ended_words(self.outcome, self.position)}")
        after = self.position.move(move)  # raises IllegalMoveError for an illegal move
        self._append(move, after)
        return after

    def _append(self, move: Move, after: Position) -> None:
        """Make `move` (leading to `after`) the next one, dropping any moves that could be redone."""
        progress = move.is_capture or self.position.is_man_move(move)
        del self._positions[self._cursor + 1 :]
        del self._moves[self._cursor :]
        del self._no_progress[self._cursor + 1 :]
        self._positions.append(after)
        self._moves.append(move)
        self._no_progress.append(0 if progress else self._no_progress[self._cursor] + 1)
        self._cursor += 1
        self._declared = None

    def can_undo(self) -> bool:
        """Whether there is a move to take back."""
        return self._cursor > 0

    def can_redo(self) -> bool:
        """Whether a taken-back move can be replayed."""
        return self._cursor < len(self._moves)

    def undo(self) -> Move | None:
        """Take back the last move (or a resignation/agreement); returns the move taken back."""
        if self._declared is not None and self._declared[0] == self._cursor:
            self._declared = None
            return None
        if not self.can_undo():
            return None
        self._cursor -= 1
        return self._moves[self._cursor]

    def redo(self) -> Move | None:
        """Replay the next taken-back move; returns it."""
        if not self.can_redo():
            return None
        move = self._moves[self._cursor]
        self._cursor += 1
        return move

    def go_to(self, ply: int) -> None:
        """Step to any ply of the recorded game (0 is the start), keeping the moves after it
        and how the game ended (a resignation stays at the ply it was declared)."""
        if not 0 <= ply <= len(self._moves):
            raise IndexError(f"ply {ply} is not between 0 and {len(self._moves)}")
        self._cursor = ply

    def copy(self) -> GameRecord:
        """An independent record of the same game, cursor and declared result included."""
        other = GameRecord(self.start)
        other._positions = list(self._positions)
        other._moves = list(self._moves)
        other._no_progress = list(self._no_progress)
        other._cursor = self._cursor
        other._declared = self._declared
        return other

    def resign(self, side: Side) -> Outcome:
        """`side` resigns: the other side wins."""
        return self._declare(Outcome(side.opponent, Reason.RESIGNATION))

    def lose_on_time(self, side: Side) -> Outcome:
        """`side` ran out of time: the other side wins."""
        return self._declare(Outcome(side.opponent, Reason.TIME))

    def declare(self, outcome: Outcome) -> Outcome:
        """End the game here with an outcome the rules did not reach (a loaded game's result)."""
        return self._declare(outcome)

    def agree_draw(self) -> Outcome:
        """Both players agree to a draw."""
        return self._declare(Outcome(None, Reason.AGREEMENT))

    def _declare(self, outcome: Outcome) -> Outcome:
        if self.outcome is not None:
            raise GameOverError(f"the game is over: {ended_words(self.outcome, self.position)}")
        self._declared = (self._cursor, outcome)
        return outcome
