"""Replaying a line and counting what it proves: the facts every idea's claim is checked against.

Pure Python on the rules core only. A line is read move by move in the position it is played
in (`Move.from_pdn` with the position, so every move is legal or the line is rejected); the
counting is exact: pieces captured by each side, men crowned, a side left without a move.
Two small exhaustive searches settle what a line alone cannot: `settled_gain` plays out the
compulsory captures pending at the line's end (every choice, both sides), and `runs_home`
proves a man reaches the king row whatever the opponent does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checkers.board import (
    BLACK,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Position,
    Side,
    square_row_col,
)

__all__ = [
    "Step",
    "Tally",
    "count_material",
    "crowned_by",
    "king_row",
    "replay",
    "rows_to_crown",
    "runs_home",
    "settled_gain",
]


@dataclass(frozen=True)
class Step:
    """One move of a replayed line: the position it is played in, the move, the position after
    it, who played it, how many pieces (and of them kings) it captured, and the square a man
    was crowned on."""

    before: Position
    move: Move
    after: Position
    side: Side
    captured: int
    captured_kings: int
    crowned: int | None

    @property
    def text(self) -> str:
        """The move's PDN text."""
        return self.move.pdn()


@dataclass
class Tally:
    """What one side of a run of moves gave and took, in pieces and of them kings."""

    gives: int = 0
    takes: int = 0
    given_kings: int = 0
    taken_kings: int = 0


def count_material(steps: Sequence[Step], side: Side) -> Tally:
    """What `side` gave and took in `steps`."""
    tally = Tally()
    for step in steps:
        if step.side is side:
            tally.takes += step.captured
            tally.taken_kings += step.captured_kings
        else:
            tally.gives += step.captured
            tally.given_kings += step.captured_kings
    return tally


def crowned_by(steps: Sequence[Step], side: Side) -> list[int]:
    """The squares `side`'s men are crowned on in `steps`, in order."""
    return [step.crowned for step in steps if step.side is side and step.crowned is not None]


def king_row(side: Side) -> range:
    """The squares where a man of `side` is crowned (Black: 29-32, White: 1-4)."""
    return range(29, 33) if side is BLACK else range(1, 5)


def rows_to_crown(square: int, side: Side) -> int:
    """How many steps a man of `side` on `square` is from the king row."""
    row = square_row_col(square)[0]
    return 7 - row if side is BLACK else row


def replay(position: Position, line: Sequence[Move | str]) -> list[Step]:
    """The line's moves played from `position`, each read as a legal move of the position it
    is played in; raises ValueError naming the first move that is not."""
    steps: list[Step] = []
    for item in line:
        try:
            move = item if isinstance(item, Move) else Move.from_pdn(item, position)
            after = position.move(move)
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
            raise ValueError(f"the line does not replay: {error}") from None
        piece = position.piece_at(move.start)
        assert piece is not None  # a legal move starts on a piece of the side to move
        landed = after.piece_at(move.end)
        crowned = move.end if not piece.king and landed is not None and landed.king else None
        kings = sum(1 for square in move.captures if _is_king(position, square))
        steps.append(Step(position, move, after, position.turn, len(move.captures), kings, crowned))
        position = after
    return steps


def _is_king(position: Position, square: int) -> bool:
    piece = position.piece_at(square)
    return piece is not None and piece.king


def settled_gain(position: Position, side: Side, limit: int = 16) -> int:
    """Pieces `side` gains (negative: loses) in the captures pending at `position`, both sides
    choosing their best among every compulsory capture until the side to move has none."""
    if limit == 0 or not position.is_capture_pending():
        return 0
    mover = position.turn
    results = [
        len(move.captures) * (1 if mover is side else -1)
        + settled_gain(position.move(move), side, limit - 1)
        for move in position.legal_moves()
    ]
    return max(results) if mover is side else min(results)


def runs_home(position: Position, square: int, moves: int) -> bool:
    """Whether the man on `square`, its side to move, is crowned within `moves` of its own
    moves whatever the opponent plays: it moves each turn (a capture elsewhere being
    compulsory fails the proof), and no reply may capture it."""
    piece = position.piece_at(square)
    if piece is None or piece.king or piece.side is not position.turn or moves <= 0:
        return False
    own = [move for move in position.legal_moves() if move.start == square]
    if position.is_capture_pending() and not own:
        return False  # a capture elsewhere is compulsory: the man cannot go on
    for move in own:
        after = position.move(move)
        landed = after.piece_at(move.end)
        if landed is not None and landed.king:
            return True
        replies = after.legal_moves()
        if not replies:
            continue  # the opponent is blocked: the game is over, not a crowning
        if all(
            move.end not in reply.captures and runs_home(after.move(reply), move.end, moves - 1)
            for reply in replies
        ):
            return True
    return False
