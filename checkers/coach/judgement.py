"""One judgement per position, kept for a game: the score every surface shows for it.

Pure Python. The AI's move, the hint, the judging search, Why?'s exact search, the analysis
board and the review each hand what they found to one `Judgements` store, and the panel, the bar,
the hint's words and the analysis board read the store back, so one position reads the same
everywhere at one moment. The rule: the endgame databases' exact result is final; a forced
result beats any score; a deeper search replaces a shallower one, and of two searches at one
depth the later stands (Why?'s exact search follows the move's own, and it is the one the card
shows).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from checkers.ai.search import is_win_score
from checkers.board import Position, Side
from checkers.coach.explain import Analysis, Explanation

__all__ = ["Judgement", "Judgements", "explained", "kept_over"]


@dataclass(frozen=True)
class Judgement:
    """The engine's evaluation of one position: `score` from `side`'s view, a man worth `man`
    in it, from a search `depth` moves deep (or the endgame databases' exact result)."""

    score: float
    man: float
    side: Side
    depth: int
    database: bool = False
    line: tuple[str, ...] = ()
    """The best line from the position that the same search found (moves in PDN), or ()."""

    @property
    def forced(self) -> bool:
        """Whether the score announces a forced win or loss (a line to the end, not a guess)."""
        return is_win_score(self.score)

    def rank(self) -> tuple[bool, bool, int]:
        """What makes one judgement stand over another: databases, then a forced result, then
        depth."""
        return self.database, self.forced, self.depth


class Judgements(Mapping[Position, Judgement]):
    """The deepest judgement of each position seen: a read-only mapping, written by `judge`."""

    def __init__(self, known: Mapping[Position, Judgement] | None = None) -> None:
        self._known: dict[Position, Judgement] = dict(known or {})

    def judge(self, position: Position, judgement: Judgement) -> bool:
        """Keep `judgement` of `position` unless one that stands over it is kept; True if kept."""
        known = self._known.get(position)
        if known is not None and judgement.rank() < known.rank():
            return False
        self._known[position] = judgement
        return True

    def __getitem__(self, position: Position) -> Judgement:
        return self._known[position]

    def __iter__(self) -> Iterator[Position]:
        return iter(self._known)

    def __len__(self) -> int:
        return len(self._known)


def explained(explanation: Explanation) -> tuple[Judgement, Judgement | None] | None:
    """The judgements an explanation's exact scores make: of the position before the AI's move
    (its best exact score, in men, at the depth the moves were scored), and of the position
    after it (the played move's exact score, None if it has none); None when no moves were
    scored exactly at one depth (a forced move, a weak level's own count) or the databases
    scored them (the search's own result stands, in its own units)."""
    mover = explanation.mover
    exact = [
        move
        for move in explanation.moves
        if move.bound == "exact"
        and move.score is not None
        and move.win_in is None
        and move.database is None
    ]
    # Why?'s exact search, or else the opening book's scores (one depth for every move).
    depth = explanation.exact_depth or (exact[0].depth if explanation.from_book and exact else 0)
    exact = [move for move in exact if move.depth == depth]
    if mover is None or not depth or explanation.database is not None or not exact:
        return None
    best = max(exact, key=lambda move: move.score or 0.0)
    played = next((move for move in exact if move.move == explanation.played), None)
    assert best.score is not None
    after = None
    if played is not None and played.score is not None:
        after = Judgement(played.score, 1.0, mover, depth, line=tuple(played.pv[1:]))
    return Judgement(best.score, 1.0, mover, depth), after


def kept_over(
    known: Mapping[Position, Judgement], position: Position, analysis: Analysis | None
) -> Judgement | None:
    """The judgement kept of `position` where it stands over `analysis`'s own score (the
    analysis board's bar and the explorer show it): until the analysis has looked as deep, or
    the databases answered it."""
    judged = known.get(position)
    if judged is None:
        return None
    caught_up = (
        analysis is not None
        and bool(analysis.lines)
        and (analysis.lines[0].database is not None or analysis.depth >= judged.depth)
    )
    return None if caught_up else judged
