"""What the window's game review shows, decided without pixels: the moves reviewed so far, the
marks and their symbols, the evaluation graph's points, the words for the move shown, the
per-side summary, and the jumps to the next or previous marked move.

Pure Python (no pygame), so it is tested headless; checkers.gui.screens.review draws it.
The graph is told from Black's view (in men, clamped to +/- GRAPH_CLAMP); the panel's words
are told from the mover's view, as `checkers review` tells them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from checkers.board import BLACK, Move, Position
from checkers.gui.wording import moves_count, plural
from checkers.review import Label, MoveReview, summarize, win_text

__all__ = [
    "GRAPH_CLAMP",
    "MARKED",
    "SYMBOLS",
    "GraphBox",
    "ReviewProgress",
    "graph_points",
    "move_words",
    "ply_at",
]

GRAPH_CLAMP = 4.0
"""The graph's top and bottom in men: four men ahead is a won game, and a forced win (counted as
20 men) would otherwise flatten everything else."""

MARKED = (Label.INACCURACY, Label.MISTAKE, Label.BLUNDER)
"""The labels marked in the move list and on the graph, and visited by the mistake keys."""

SYMBOLS = {Label.INACCURACY: "?!", Label.MISTAKE: "?", Label.BLUNDER: "??"}
"""The annotators' signs: readable without colour (the high-contrast theme, colour blindness)."""


_PLURALS = {
    Label.BOOK: "book",
    Label.FORCED: "forced",
    Label.BEST: "best",
    Label.GOOD: "good",
    Label.INACCURACY: "inaccuracies",
    Label.MISTAKE: "mistakes",
    Label.BLUNDER: "blunders",
}


def move_words(review: MoveReview) -> tuple[str, ...]:
    """The panel's lines for a move reviewed: the move and its label, the loss, the best move
    with the score before, and the better line."""
    dots = "" if review.side is BLACK else "... "
    symbol = SYMBOLS.get(review.label, "")
    who = review.side.name.capitalize()
    head = f"{review.move_number}. {dots}{review.move.pdn()}{symbol}  {review.label.value}"
    if review.label in (Label.FORCED, Label.BOOK):
        loss = "the only legal move" if review.label is Label.FORCED else "an opening-book move"
    elif review.move == review.best:
        loss = f"{who} lost nothing: the engine's own choice"
    else:
        loss = f"{who} lost {review.loss:.2f} men"
    win = win_text(review.before.score)
    before = f"{who} {win}" if win else f"{review.score:+.2f} for {who}"
    best = f"Best {review.best.pdn()}; before the move {before}"
    line = review.before.line
    better = ""
    if review.best != review.move and line:
        better = "Better line (B): " + " ".join(move.pdn() for move in line[:8])
    return (head, loss, best, better)


@dataclass(frozen=True)
class GraphBox:
    """Where the graph goes in pixels: left, top, width, height."""

    left: int
    top: int
    width: int
    height: int


def graph_points(
    values: Sequence[float | None], plies: int, box: GraphBox
) -> list[tuple[int, float, float]]:
    """(ply, x, y) for every known value: ply 0 at the left edge, `plies` at the right, +GRAPH_CLAMP
    men (Black ahead) at the top, -GRAPH_CLAMP at the bottom."""
    points = []
    span = max(1, plies)
    for ply, value in enumerate(values):
        if value is None:
            continue
        clamped = max(-GRAPH_CLAMP, min(GRAPH_CLAMP, value))
        x = box.left + box.width * ply / span
        y = box.top + box.height * (0.5 - clamped / (2 * GRAPH_CLAMP))
        points.append((ply, x, y))
    return points


def ply_at(x: float, plies: int, box: GraphBox) -> int:
    """The ply whose point is nearest to `x` (clamped to the game)."""
    span = max(1, plies)
    ply = round((x - box.left) / box.width * span) if box.width > 0 else 0
    return max(0, min(plies, ply))


@dataclass
class ReviewProgress:
    """A review of one game as it comes in: the moves reviewed so far and how it stands."""

    start: Position
    moves: tuple[Move, ...]
    reviews: list[MoveReview] = field(default_factory=list)
    state: str = "running"
    """`running`, `done`, `cancelled` or `failed`."""
    error: str = ""

    @property
    def total(self) -> int:
        """How many moves the review covers."""
        return len(self.moves)

    @property
    def running(self) -> bool:
        """Whether more reviews are expected."""
        return self.state == "running"

    def add(self, review: MoveReview) -> None:
        """Take the next move's review (they come in game order)."""
        assert review.ply == len(self.reviews) + 1, "reviews come in game order"
        self.reviews.append(review)
        if len(self.reviews) == self.total:
            self.state = "done"

    def finish(self) -> None:
        """Every move was reviewed."""
        self.state = "done"

    def cancel(self) -> None:
        """Stopped by the player: the moves reviewed so far are kept."""
        if self.running:
            self.state = "cancelled"

    def fail(self, message: str) -> None:
        """The review failed: the moves reviewed so far are kept, and the reason."""
        self.state = "failed"
        self.error = message

    def covers(self, start: Position, line: Sequence[Move]) -> bool:
        """Whether the reviewed game is still this game's (its moves are the line's first)."""
        return start == self.start and tuple(line[: self.total]) == self.moves

    def review_of(self, ply: int) -> MoveReview | None:
        """The review of the move that led to `ply` (None before move 1 or if not reviewed yet)."""
        if 1 <= ply <= len(self.reviews):
            return self.reviews[ply - 1]
        return None

    def label_of(self, ply: int) -> Label | None:
        """The label of the move that led to `ply`, if it is reviewed."""
        review = self.review_of(ply)
        return review.label if review is not None else None

    def black_values(self) -> list[float | None]:
        """The graph's value at every ply 0..total in men from Black's view (None where not
        reviewed yet): the score before move 1, then the score of each move played."""
        values: list[float | None] = [None] * (self.total + 1)
        for review in self.reviews:
            sign = 1.0 if review.side is BLACK else -1.0
            if review.ply == 1:
                values[0] = sign * review.score
            values[review.ply] = sign * review.played_score
        return values

    def marked(self) -> list[tuple[int, Label]]:
        """(ply, label) of every marked move reviewed, in game order."""
        return [(r.ply, r.label) for r in self.reviews if r.label in MARKED]

    def next_marked(self, ply: int, direction: int) -> int | None:
        """The ply of the next (direction +1) or previous (-1) marked move from `ply`, or None."""
        plies = [p for p, _ in self.marked()]
        if direction > 0:
            return next((p for p in plies if p > ply), None)
        return next((p for p in reversed(plies) if p < ply), None)

    def full_moves(self, plies: int) -> int:
        """Full moves (Black's and White's halves together) in the game's first `plies`."""
        return moves_count(plies, self.start.turn is BLACK)

    def progress_text(self) -> str:
        """`move 12 of 60` (moves as players count them), or how the review ended."""
        done, total = len(self.reviews), self.full_moves(self.total)
        if self.state == "running":
            return f"Reviewing: move {self.full_moves(min(done + 1, self.total))} of {total}"
        if self.state == "done":
            return f"Reviewed all {plural(total, 'move')}"
        if self.state == "cancelled":
            return f"Cancelled: {self.full_moves(done)} of {total} moves reviewed, kept"
        return f"Review failed after {self.full_moves(done)} of {total} moves: {self.error}"

    def fraction(self) -> float:
        """How much of the game is reviewed, 0 to 1."""
        return len(self.reviews) / self.total if self.total else 1.0

    def summary_lines(self) -> list[str]:
        """Per side: accuracy and the count of each label (labels with none left out)."""
        summary = summarize(self.reviews)
        lines = []
        for side, item in summary.items():
            name = side.name.capitalize()
            if not item.moves:
                lines.append(f"{name}: no moves reviewed")
                continue
            # Book and forced moves are no choice: a side with only those has no accuracy, and
            # a bare "-" read as a missing figure.
            accuracy = (
                "none (book or forced moves only)"
                if item.accuracy is None
                else f"{item.accuracy:.0f}%"
            )
            counts = ", ".join(
                f"{count} {label.value if count == 1 else _PLURALS[label]}"
                + (f" {SYMBOLS[label]}" if label in SYMBOLS else "")
                for label in reversed(Label)
                if (count := item.labels[label])
            )
            lines.append(f"{name}: accuracy {accuracy}; {counts}")
        return lines

    def panel_words(self, ply: int) -> tuple[str, ...]:
        """The panel's lines for the position after `ply`: the move that led there, reviewed,
        or why nothing is shown yet."""
        review = self.review_of(ply)
        if review is not None:
            return move_words(review)
        if ply == 0:
            return ("Review: the start of the game", "Click a move or the graph to see it", "", "")
        if ply > self.total:
            return ("Not part of the review (played after it)", "", "", "")
        waiting = "Not reviewed yet" if self.running else "Not reviewed (the review stopped)"
        return (waiting, "", "", "")
