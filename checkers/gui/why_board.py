"""The Why? card's small board, decided in pure code: which lines it shows and how one plays out.

Pure Python (no pygame). From the AI's explanation and the position before its move,
`why_board` picks the played move's line (the move, then what the AI expected) and the
refutation of the best other move that has one (the move, then the line that proves it worse),
each as moves of the position with a label in plain words. `LineSteps` plays a line out one
move every `FRAMES_PER_MOVE` frames of the window's loop (a frame count, not a clock, so a test
steps it exactly); the arrows always show the next moves from where the line has got to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from checkers.board import IllegalMoveError, InvalidMoveError, Move, Position
from checkers.coach.explain import Explanation, MoveScore, scores_at_least
from checkers.notation import depth_words

__all__ = [
    "ARROW_MOVES",
    "FRAMES_PER_MOVE",
    "LABEL_MOVES",
    "BoardLine",
    "LineSteps",
    "WhyBoard",
    "read_line",
    "why_board",
]

ARROW_MOVES = 2
"""Arrows on the small board: the line's next move and the reply to it, each side in its own
colour (`board_picture`'s replies). Three, one colour, tangled: the third started where the
first ended, over the second's head (walk of 2026-11-30); Play it out steps on through the
line, the arrows with it."""
LABEL_MOVES = 6
"""Moves a line's label names before `...`."""
FRAMES_PER_MOVE = 36
"""Frames between two moves played out: about 0.6 s at the window's 60 frames a second."""


def read_line(texts: Sequence[str], position: Position) -> tuple[Move, ...]:
    """PDN moves as moves played one after another from `position`, as far as they read
    (a line stops at its first move that is not legal where the line has got to)."""
    moves: list[Move] = []
    for text in texts:
        try:
            move = Move.from_pdn(text, position)
            position = position.move(move)
        except (InvalidMoveError, IllegalMoveError, ValueError):
            break  # a line from a position the board has already left
        moves.append(move)
    return tuple(moves)


@dataclass(frozen=True)
class BoardLine:
    """One line the small board shows: its switch's words (`Played`), its label in plain words
    (`Played 27-23, expecting 20x27 ...`), its moves from the position before the AI's move, and the
    moves the label names (the whole line, or the refutation after a rejected move)."""

    button: str
    label: str
    moves: tuple[Move, ...]
    named: tuple[str, ...]


@dataclass(frozen=True)
class WhyBoard:
    """The small board: the position before the AI's move, the played line first and the best
    other move's refutation second if there is one (else `note` says why not), and which way
    up the game's board is."""

    position: Position
    lines: tuple[BoardLine, ...]
    note: str = ""
    flipped: bool = False


def _words(moves: Sequence[Move], count: int = LABEL_MOVES) -> str:
    shown = " ".join(move.pdn() for move in moves[:count])
    return shown + (" ..." if len(moves) > count else "")


def _played_line(
    played: MoveScore, position: Position, reviewed: bool = False, engines: bool = False
) -> BoardLine | None:
    moves = read_line(played.pv or (played.move,), position)
    if not moves:
        return None
    # The move played, then what the AI expected (not moves played yet); in a review, the
    # review's line (the card's rows are the review's: the AI's own line is in its rows); a
    # line the engine's later look found (`engines`), the engine's (walk 2026-12-01ag: a
    # Beginner's "Played 24-20, expecting ... (10 turns ahead)" under its "looking 2 turns").
    expecting = (
        "; the review's line" if reviewed else "; the engine expects" if engines else ", expecting"
    )
    # How far that look went, as the row says it: the panel may give another line of another
    # depth (walk 2026-12-01x: the caption's 15-turn line beside the panel's 17-turn one, the
    # caption with no depth). A result (forced or the databases') holds at any depth.
    looked = played.depth and played.win_in is None and played.database is None
    far = f" ({depth_words(played.depth)})" if looked else ""
    label = f"Played {moves[0].pdn()}" + (
        f"{expecting} {_words(moves[1:], LABEL_MOVES - 1)}{far}" if moves[1:] else ""
    )
    return BoardLine("Played", label, moves, tuple(m.pdn() for m in moves))


def _other_line(
    move: MoveScore, position: Position, searched: bool, played: MoveScore | None = None
) -> BoardLine | None:
    """A rejected move and its refutation, or the search's own choice (a level that slipped)
    and the line it expected: None when the move has no line after it that reads."""
    moves = read_line(move.pv, position)
    if len(moves) < 2 or moves[0].pdn() != move.move:
        return None
    after = moves[1:]
    if searched:
        label = f"Its search chose {move.move}, expecting {_words(after)}"
        return BoardLine(f"Its choice {move.move}", label, moves, tuple(m.pdn() for m in after))
    # In the words, `22-17 only draws: 7-11 17-13 ...`, when the score is exact.
    label = f"{move.move} {move.verdict}: " if move.verdict else f"Why not {move.move}: "
    label += _words(after)
    # "Why not" asks what is wrong with a move: none of one scoring as well as the played
    # move (walk 2026-12-01ab: "Why not 27-23" beside "27-23 ... as good as 17-13").
    button = f"{move.move} instead" if scores_at_least(move, played) else f"Why not {move.move}"
    return BoardLine(button, label, moves, tuple(m.pdn() for m in after))


def _alone(explanation: Explanation) -> str:
    """Why the board shows only the played line."""
    if explanation.legal_moves == 1:
        return "The only legal move: no other line to show."
    if explanation.from_book and len(explanation.moves) > 1:
        return "From the opening book: it keeps scores, not lines, for its other moves."
    if explanation.from_book:
        # No other move on the card (walk 2026-12-01z: "for its other moves" over none).
        return "From the opening book: it keeps no line to show."
    if explanation.reviewed:
        # In a review the played move was the review's best: no other line is the review's.
        return "The review's best move: no better line to show."
    if explanation.book_scored:
        # A weak level's move scored by the book (walk 2026-12-01ab: "No other move has a line
        # against it to show" beside the panel's expected line).
        return "Scored by the opening book, which keeps no lines: none to show."
    return "No other move has a line against it to show."


def why_board(
    explanation: Explanation,
    position: Position,
    flipped: bool = False,
    shown: frozenset[str] | None = None,
) -> WhyBoard:
    """The small board for the AI's move in `position` (the position before it): the played
    line, then the refutation of the best other move with one (the search's own choice when the
    level slipped on purpose); `note` says why there is no second line. With `shown`, the moves
    the card gives a row of: no button for a move said only in a sentence (walk 2026-12-01w:
    "Why not 20-16" where 20-16 was among "The other 8 moves ... are no better")."""
    played = explanation.moves[0]
    lines: list[BoardLine] = []
    rescored = bool(explanation.chosen_depth) and played.depth != explanation.chosen_depth
    first = _played_line(played, position, explanation.reviewed, rescored)
    if first is not None:
        lines.append(first)
    slip = explanation.searched if explanation.slipped else None
    for move in explanation.moves[1:]:
        if move.bound == "unscored" or (shown is not None and move.move not in shown):
            continue
        other = _other_line(move, position, searched=move.move == slip, played=played)
        if other is not None:
            lines.append(other)
            break
    note = "" if len(lines) > 1 else _alone(explanation)
    return WhyBoard(position, tuple(lines), note, flipped)


@dataclass(frozen=True)
class LineSteps:
    """A line played out on the small board: how many of its moves are on the board, whether it
    is playing, and the frames counted towards the next move."""

    start: Position
    moves: tuple[Move, ...]
    done: int = 0
    playing: bool = False
    frames: int = 0

    @property
    def finished(self) -> bool:
        """Every move of the line is on the board."""
        return self.done >= len(self.moves)

    def position(self) -> Position:
        """The position after the moves played out so far."""
        position = self.start
        for move in self.moves[: self.done]:
            position = position.move(move)
        return position

    def arrows(self) -> tuple[Move, ...]:
        """The next moves of the line from where it has got to (none at its end)."""
        return self.moves[self.done : self.done + ARROW_MOVES]

    def last_move(self) -> Move | None:
        """The move played out last, lit on the board (None at the start)."""
        return self.moves[self.done - 1] if self.done else None

    def play(self) -> LineSteps:
        """Start playing: the next move at once, the others one every `FRAMES_PER_MOVE` frames
        (from the start again when the line was over)."""
        if self.finished:
            return replace(self, done=0, playing=bool(self.moves), frames=0)
        done = self.done + 1
        return replace(self, done=done, playing=done < len(self.moves), frames=0)

    def pause(self) -> LineSteps:
        """Stop where the line has got to."""
        return replace(self, playing=False, frames=0)

    def reset(self) -> LineSteps:
        """Back to the start, stopped."""
        return replace(self, done=0, playing=False, frames=0)

    def tick(self) -> LineSteps:
        """One frame of the window's loop: the next move when its frames are counted."""
        if not self.playing:
            return self
        if self.frames + 1 < FRAMES_PER_MOVE:
            return replace(self, frames=self.frames + 1)
        done = self.done + 1
        return replace(self, done=done, playing=done < len(self.moves), frames=0)

    def words(self) -> str:
        """Where the line has got to, in plain words."""
        total = len(self.moves)
        if self.done == 0:
            # Counted as the steps after it count (`2 of 8`: each side's move in turn), so no
            # `8 moves` is read as eight numbered moves.
            return f"Start of the line (0 of {total})"
        last = self.moves[self.done - 1].pdn()
        if self.finished:
            return f"End of the line: {last} ({total} of {total})"
        return f"After {last} ({self.done} of {total})"
