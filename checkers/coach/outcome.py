"""What a line wins or loses, in a player's words, proved by replaying it.

`line_outcome` counts the pieces each side captures along the line, plays out the captures
still pending at its end (`settled_gain`), and notes a line that ends the game; `Outcome.words`
says it as a player would: `wins a man`, `loses two men`, `wins the game`, `keeps the material`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checkers.board import Move, Position, Side
from checkers.coach.idea import pieces_words
from checkers.coach.replay import replay, settled_gain

__all__ = ["Outcome", "line_outcome"]


@dataclass(frozen=True)
class Outcome:
    """A line's result for `side`: pieces it gains (negative: loses) once the captures pending
    at the line's end are played out, and the game's winner if the line ends it."""

    side: Side
    gain: int
    winner: Side | None = None

    def words(self) -> str:
        """`wins the game`, `loses the game`, `wins a man`, `loses two men`, `keeps the material`."""
        if self.winner is not None:
            return "wins the game" if self.winner is self.side else "loses the game"
        if self.gain > 0:
            return f"wins {pieces_words(self.gain)}"
        if self.gain < 0:
            return f"loses {pieces_words(-self.gain)}"
        return "keeps the material"


def line_outcome(
    position: Position, line: Sequence[Move | str], side: Side | None = None
) -> Outcome:
    """The outcome of `line` played from `position` for `side` (the side to move if None);
    raises ValueError if the line does not replay."""
    side = side if side is not None else position.turn
    steps = replay(position, line)
    gain = sum(step.captured if step.side is side else -step.captured for step in steps)
    end = steps[-1].after if steps else position
    if not end.has_legal_moves():
        return Outcome(side, gain, end.turn.opponent)
    return Outcome(side, gain + settled_gain(end, side))
