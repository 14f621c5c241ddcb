"""One judgement per position, kept for a game: the score every surface shows for it.

Pure Python. The AI's move, the hint, the judging search, Why?'s exact search, the analysis
board and the review each hand what they found to one `Judgements` store, and the panel, the bar,
the hint's words and the analysis board read the store back, so one position reads the same
everywhere at one moment. The rule: the endgame databases' exact result is final; a forced
result beats any score, and of two the nearer end stands; a deeper search replaces a shallower
one, and of two searches at one
depth the later stands (Why?'s exact search follows the move's own, and it is the one the card
shows).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from checkers.ai.search import is_win_score
from checkers.board import Move, Position, Side
from checkers.coach.exact import proven_worse, sized, steady_verdicts, verdict, worse_words
from checkers.coach.explain import (
    Analysis,
    Explanation,
    MoveScore,
    best_scored,
    database_words,
    format_men,
    result_number,
    win_in_moves,
)
from checkers.coach.idea import Idea
from checkers.coach.ideas import GAIN_SHOWN, agreeing, ideas
from checkers.notation import depth_words

__all__ = [
    "Judgement",
    "Judgements",
    "Rank",
    "explained",
    "kept_over",
    "rejudged",
    "reviewed",
    "standing",
]


Rank = tuple[bool, bool, int, int]
"""A judgement's standing (`standing`): sorted, the one that stands over the others is last."""


def standing(database: bool, win_in: int | None, depth: int) -> Rank:
    """What makes one judgement of a position stand over another: the databases' exact result,
    then a forced result (`win_in` moves, signed as `win_in_moves`), the nearer end first, then
    depth. Every forced result a search proves is a win the winner can force at most that far
    off, so the nearer of two is the tighter: another search (from another root, with other
    tables, its reductions elsewhere) may prove only a longer one (walk 2026-11-30l: live "White
    wins in 7 moves", where a later look and `checkers analyse` gave 8)."""
    forced = win_in is not None
    return database, forced, -abs(win_in) if win_in is not None else 0, depth


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
    at_most: bool = False
    """A forced result known only as a bound: the win at most this far off (carried from the
    position before, where the loser played another move than the line's), said so until a
    search of this position proves its own."""

    @property
    def forced(self) -> bool:
        """Whether the score announces a forced win or loss (a line to the end, not a guess)."""
        return is_win_score(self.score)

    def seen_by(self, side: Side) -> float:
        """The score from `side`'s view."""
        return self.score if self.side is side else -self.score

    def as_move(self, mover: Side) -> float:
        """This judgement of the position a move of `mover` led to, as that move's score from
        `mover`'s view: a forced or database result one ply further off, since its plies count
        from the position judged (walk 2026-11-30k: the played row's "wins in 3 moves" beside
        the other moves' "wins in 3" that counted the move itself, one move more)."""
        raw = self.seen_by(mover)
        return raw - math.copysign(1.0, raw) if is_win_score(raw) else raw

    def rank(self) -> Rank:
        """What makes one judgement stand over another (`standing`)."""
        return standing(
            self.database, win_in_moves(self.score) if self.forced else None, self.depth
        )


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
    if (
        mover is None
        or not depth
        or explanation.database is not None
        or not exact
        or explanation.book_scored  # the book's scores, no lines: the judging search's stand
    ):
        return None
    best = max(exact, key=lambda move: move.score or 0.0)
    played = next((move for move in exact if move.move == explanation.played), None)
    assert best.score is not None
    after = None
    if played is not None and played.score is not None:
        after = Judgement(played.score, 1.0, mover, depth, line=tuple(played.pv[1:]))
    # With its line: the best move is its first (the review adopts the judgement with it).
    return Judgement(best.score, 1.0, mover, depth, line=tuple(best.pv)), after


def kept_over(
    known: Mapping[Position, Judgement], position: Position, analysis: Analysis | None
) -> Judgement | None:
    """The judgement kept of `position` where it stands over `analysis`'s own score (the
    analysis board's bar and the explorer show it): until the analysis has looked as deep, or
    the databases answered it; a forced result stands until the analysis proves one, and the
    databases' result for good (`Judgement.rank`)."""
    judged = known.get(position)
    if judged is None:
        return None
    if analysis is None or not analysis.lines:
        return judged
    best = analysis.lines[0]
    ranked = standing(best.database is not None, best.win_in, analysis.depth)
    return None if best.database is not None or ranked >= judged.rank() else judged


def _rank(move: MoveScore) -> Rank:
    """A card's row ranked as `Judgement.rank` ranks a judgement."""
    return standing(move.database is not None, move.win_in, move.depth)


def _stands_over(judgement: Judgement, row: MoveScore) -> bool:
    """Whether a kept judgement replaces a card's row: it ranks above the row's exact score,
    or is at least as deep as a row the search only bounded (an exact score says more than a
    bound at one depth); a row the search never scored stays as it is."""
    if row.bound == "unscored":
        return False
    if row.bound != "exact":
        return judgement.rank() >= _rank(row)
    return judgement.rank() > _rank(row)


def _deeper_best(
    explanation: Explanation, before: Judgement | None, mover: Side
) -> MoveScore | None:
    """The game's kept judgement of the position a card's move was played in, as a row for
    its best move, where it stands over the card's own best row and names another move (or
    None): the card's rows keep their one depth, and this is said apart (walk 2026-12-01ab:
    the book's card named 25-21 best, the review's 26-23, and neither said so)."""
    best = best_scored(explanation.moves)
    if before is None or not before.line or best is None or before.line[0] == best.move:
        return None
    if not _stands_over(before, best):
        return None
    row = _row_of(before, before.seen_by(mover), before.line)
    # Said only where the deeper look finds more than the rows' best promises: one a shade
    # lower names its first move only as the one a search tried first among equals (walk
    # 2026-12-01af: "finds 21-17 the best move here (even)" beside the book's 23-18 at +0.05,
    # two best moves on one card, neither proven better).
    higher, top = result_number(row.score, row.win_in), result_number(best.score, best.win_in)
    if higher is None or top is None or higher <= top:
        return None
    return row


def _row_of(judgement: Judgement, raw: float, pv: tuple[str, ...]) -> MoveScore:
    """A kept judgement as a card's exact row for the move whose line is `pv`, `raw` its score
    from the mover's view (`Judgement.seen_by` for the position the row's move is played in,
    `Judgement.as_move` for the position it leads to)."""
    win_in = win_in_moves(raw) if is_win_score(raw) else None
    if judgement.database:
        score = None if win_in is not None else 0.0
        database: str | None = database_words(raw)
    else:
        score = None if win_in is not None else round(raw / judgement.man, 2) + 0.0
        database = None
    return MoveScore(pv[0], score, "exact", judgement.depth, pv, win_in, database, judged=True)


ABOVE_THE_BEST = "at least as good as"
"""A reviewed played move's verdict where its figure is above the review's best move's: the
review looks at the position after the move as far as at the one before it, a turn further into
the game, so the move may score more than the best scored from before it."""


def _as_deep_rows(
    position: Position, rows: list[MoveScore], known: Mapping[Position, Judgement], mover: Side
) -> list[MoveScore]:
    """The other legal moves whose positions the game has judged as far ahead as the review's
    rows (the analysis board scores every move while its explorer is shown), as rows beside them,
    best first: none scoring above the review's best (walk 2026-12-01y: a reviewed card hid
    seven moves behind the AI's 10-turn look where the card in play had given their 20-turn
    figures). Forced results and the databases' are left to the review's own rows."""
    depths = {row.depth for row in rows}  # as deep as the review's rows, no deeper
    scores = [row.score for row in rows]
    if not scores or any(score is None for score in scores):
        # A row without a score in men (a database result: walk 2026-12-01ab's endgame, where
        # this raised on `max` of nothing and Why? showed the error): nothing to set beside it.
        return []
    top = rows[-1].score or 0.0  # the review's best move's row, the last (the played one alone)
    named = {row.move for row in rows}
    found = []
    for move in position.legal_moves():
        judged = known.get(position.move(move))
        if move.pdn() in named or judged is None or judged.database or not judged.line:
            continue
        raw = judged.as_move(mover)
        if judged.depth not in depths or is_win_score(raw):
            continue
        row = _row_of(judged, raw, (move.pdn(), *judged.line))
        if row.score is not None and row.score <= top:
            found.append(row)
    return sorted(found, key=lambda row: -(row.score or 0.0))


def rejudged(
    explanation: Explanation, position: Position, known: Mapping[Position, Judgement]
) -> Explanation:
    """Why?'s `explanation` of the move played in `position`, reading the game's kept
    judgements where they stand over its own rows (deeper, or forced, or the databases'): the
    played move's row takes the judgement of the position it led to, and the row of the
    position's best move (the kept judgement's first move) the judgement of `position`; each
    with its depth and line, and every verdict said again from the numbers. So a position reads
    the same on Why? as in the review and on the panel (issue 35: a deeper judgement replaces a
    shallower one everywhere). Unchanged when nothing kept is deeper."""
    mover = explanation.mover
    if mover is None or not explanation.moves:
        return explanation
    every = _every_move_deeper(explanation, position, known)
    if every is not None:
        return every
    moves = list(explanation.moves)
    changed: set[int] = set()
    played = moves[0]
    try:
        after_position = position.move(Move.from_pdn(played.move, position))
    except ValueError:
        return explanation
    after = known.get(after_position)
    before = known.get(position)
    best_other = _deeper_best(explanation, before, mover)
    if explanation.from_book:
        # The book's rows compare every move at the book's depth; a deeper judgement the game
        # has since made of the played move is said apart, beside no other move's (walk
        # 2026-11-30g: the book's card "22-17 keeps it level" beside the panel's "+0.40 for
        # you, looked 15 turns ahead" for the same position).
        if after is not None and after.line and _stands_over(after, played):
            deeper = _row_of(after, after.as_move(mover), (played.move, *after.line))
            return dataclasses.replace(explanation, deeper=deeper, deeper_best=best_other)
        return dataclasses.replace(explanation, deeper_best=best_other)
    # (With its line: a row says what its number expects, and a judgement with no line
    # cannot say it.)
    if after is not None and after.line and _stands_over(after, played):
        moves[0] = _row_of(after, after.as_move(mover), (played.move, *after.line))
        changed.add(0)
    if before is not None and before.line:
        index = next((i for i, move in enumerate(moves) if move.move == before.line[0] and i), None)
        if index is not None and _stands_over(before, moves[index]):
            moves[index] = _row_of(before, before.seen_by(mover), before.line)
            changed.add(index)
    if not changed:
        return (
            dataclasses.replace(explanation, deeper_best=best_other) if best_other else explanation
        )
    if len(_depths(moves)) > 1:
        # Why? compares the moves from one search at one depth (issue 35): a deeper judgement
        # of one or two rows beside the others' shallower scores would rank moves looked at
        # unequally far (walk 2026-11-29d: 21-17 at 3 turns "the best move" beside 24-19 at
        # 10). The rows stay as the exact pass scored them; the card says the deeper number
        # of the played move apart, beside no other move's.
        return dataclasses.replace(
            explanation, deeper=moves[0] if 0 in changed else None, deeper_best=best_other
        )
    for index in changed:
        moves[index] = _with_ideas(moves[index], position, mover, explanation.moves[index].ideas)
    chosen_score, chosen_depth = explanation.chosen_score, explanation.chosen_depth
    if 0 in changed and not chosen_score and played.bound == "exact" and not explanation.made_now:
        # What the AI's own search counted for its move, which the kept judgement replaced
        # on the row: said once by the facts, as its own (`explain.facts`).
        chosen_score = format_men(played.score, played.win_in)
        chosen_depth = chosen_depth or played.depth
    if 0 in changed:
        # A bound is shown only below the played move's exact score: one at or above its new
        # score would prove nothing (`coach.exact`).
        first = moves[0]
        floor = first.score if first.win_in is None else None
        moves = [
            first,
            *(m for m in moves[1:] if m.bound != "upper" or proven_worse(m, first, floor)),
        ]
    best = best_scored(moves)
    moves = [
        dataclasses.replace(move, verdict=verdict(position, move, best))
        if move.bound == "exact"
        else move
        for move in moves
    ]
    others = sorted(moves[1:], key=_order)
    return dataclasses.replace(
        explanation,
        moves=tuple(steady_verdicts([moves[0], *others])),
        chosen_score=chosen_score,
        chosen_depth=chosen_depth,
    )


def _every_move_deeper(
    explanation: Explanation, position: Position, known: Mapping[Position, Judgement]
) -> Explanation | None:
    """Why?'s card with every move's row from the game's kept judgements of the positions the
    moves lead to, where every legal move's was judged at one depth deeper than the card's
    rows (the analysis board scores every move so while its explorer is shown), each with its
    line and every verdict said from the numbers; else None. One depth for every row, as the
    card compares them: so a card opened after the explorer looked further gives the
    explorer's figures, not the book's or the exact pass's shallower ones (walk 2026-11-30c:
    the explorer's 21-17 even beside the book card's -0.25)."""
    mover = explanation.mover
    legal = position.legal_moves()
    if mover is None or len(legal) < 2 or explanation.legal_moves != len(legal):
        return None
    kept: dict[str, Judgement] = {}
    for move in legal:
        judged = known.get(position.move(move))
        if judged is None or not (judged.line or judged.forced or judged.database):
            return None
        kept[move.pdn()] = judged
    depths = {judged.depth for judged in kept.values() if not (judged.database or judged.forced)}
    shallower = _depths(list(explanation.moves))
    if len(depths) != 1 or not shallower or min(depths) <= max(shallower):
        return None
    played = explanation.played
    if played not in kept:
        return None
    rows = [
        _with_ideas(_row_of(judged, judged.as_move(mover), (text, *judged.line)), position, mover)
        for text, judged in kept.items()
    ]
    best = best_scored(rows)
    rows = [dataclasses.replace(row, verdict=verdict(position, row, best)) for row in rows]
    first = next(row for row in rows if row.move == played)
    others = sorted((row for row in rows if row.move != played), key=_order)
    own = explanation.moves[0]
    chosen_score = explanation.chosen_score
    made_then = not explanation.from_book and not explanation.made_now  # by its own search
    if not chosen_score and own.bound == "exact" and made_then:
        chosen_score = format_men(own.score, own.win_in)  # what its own search counted
    return dataclasses.replace(
        explanation,
        moves=tuple(steady_verdicts([first, *others])),
        exact_depth=depths.pop(),
        book_scored=False,
        deeper=None,
        chosen_score=chosen_score,
        chosen_depth=explanation.chosen_depth or (own.depth if made_then else 0),
    )


def _with_ideas(
    row: MoveScore, position: Position, mover: Side, before: tuple[Idea, ...] = ()
) -> MoveScore:
    """A kept judgement's row with the ideas its line proves: what the row said `before` and
    its new line still proves (a named ending, a trap the exact pass found along the same moves)
    stays; only the ideas its number does not contradict (`ideas.agreeing`)."""
    pv = row.pv
    try:
        found = list(ideas(position, pv))
    except ValueError:
        found = []  # a line the board cannot follow proves nothing
    kept = [idea for idea in before if pv[: len(idea.line)] == idea.line and idea not in found]
    shown = agreeing((*kept, *found), mover, row.score, row.win_in, str(row.bound))
    return dataclasses.replace(row, ideas=shown)


def reviewed(
    explanation: Explanation, position: Position, known: Mapping[Position, Judgement]
) -> Explanation:
    """Why?'s `explanation` of the move played in `position` as a card opened in a review: its
    rows are the game's kept judgements of the position before the move (its best move) and
    after it (the played move), the review's figures at the review's depth, each verdict said
    from its number; the AI's own search's rows from when it played are kept apart (`seen`),
    compared with none of them. So the card and the review's row never name two best moves
    (walk 2026-11-30b: `23-18 a little worse` from the exact pass beside the review's `a
    mistake, best 25-21`). `rejudged`'s card when the review has not judged both positions,
    or the move came from the book and the review finds it the best, or was the only one. A
    book move the review finds another move better than takes the review's rows, the book's
    own scores kept apart (walk 2026-12-01v: "best 22-17" in the review's row above the book's
    "22-17 keeps it level; 0.05 worse than 26-23")."""
    # The side to move in `position`: an explanation may not name it (a level's slip's did
    # not, and its card fell back to the one from play: walk 2026-12-01x).
    mover = explanation.mover if explanation.mover is not None else position.turn
    if not explanation.moves or explanation.legal_moves < 2:
        return rejudged(explanation, position, known)
    played = explanation.moves[0]
    try:
        after_position = position.move(Move.from_pdn(played.move, position))
        before = known.get(position)
        after = known.get(after_position)
        best_move = (
            Move.from_pdn(before.line[0], position) if before is not None and before.line else None
        )
    except ValueError:
        return rejudged(explanation, position, known)
    if before is None or after is None or best_move is None or not after.line:
        return rejudged(explanation, position, known)
    if explanation.from_book and best_move.pdn() == played.move:
        return rejudged(explanation, position, known)  # the book's card, the review agreeing
    rows = [_row_of(after, after.as_move(mover), (played.move, *after.line))]
    if best_move.pdn() != played.move:
        rows.append(_row_of(before, before.seen_by(mover), before.line))
    extra = [
        _with_ideas(row, position, mover) for row in _as_deep_rows(position, rows, known, mover)
    ]
    rows = [_with_ideas(row, position, mover) for row in rows]
    gap = (
        rows[1].score - rows[0].score
        if len(rows) == 2 and rows[0].score is not None and rows[1].score is not None
        else 0.0
    )
    if gap >= GAIN_SHOWN:
        # About a man or more worse than the review's best (a man from GAIN_SHOWN, as a shot
        # is named): an even trade on the way says nothing of what was lost (walk 2026-12-01ad:
        # "10-15 (played) ... 2.95 worse than 12-16" over "Black exchanges a man for a man:
        # 10-15 18x11 8x15"; walk ae, the same under a blunder 0.85 worse).
        kept = tuple(idea for idea in rows[0].ideas if idea.name != "exchange")
        rows[0] = dataclasses.replace(rows[0], ideas=kept)
    best = best_scored(rows)
    rows = steady_verdicts(
        [dataclasses.replace(row, verdict=verdict(position, row, best)) for row in rows]
    )
    only = rows[0]
    if len(rows) == 1 and only.win_in is None and only.database is None:
        # The review's best move, its one row: the review's own words for it. A verdict from
        # its number alone (`is a little worse`: the position's standing after it) beside the
        # review's `the best move` read as two verdicts (walk 2026-11-30c); a forced or a
        # databases' result says more, and stays.
        # Another move judged as deep scoring the same makes it one of the best: "the best
        # move" beside a row "as good as" it read as two verdicts (walk 2026-12-01aa).
        tied = any(
            row.score is not None and round(row.score, 2) == round(only.score or 0.0, 2)
            for row in extra
        )
        rows[0] = dataclasses.replace(
            only, verdict="one of the best moves" if tied else "the best move"
        )
    elif len(rows) == 2 and all(sized(row) for row in rows):
        # The played move beside the review's best: how much worse, the review's loss (`1.00
        # worse than 25-21` beside `calls 19-15 a blunder: the AI lost one man`), not the
        # standing after it (`is a little worse for the AI` read as a verdict on the move
        # against the review's `blunder`: walk 2026-11-30e, shot 26).
        compared = worse_words(rows[1], rows[0])
        if (rows[0].score or 0.0) > (rows[1].score or 0.0):
            # Above the review's best: the review's look after the move reaches a turn further
            # than its look before it. Not "as good as 25-21" beside +0.85 and +0.60, with
            # 25-21 then "0.25 worse than 26-23" (walk 2026-12-01ab): the review's best stays
            # the row compared with (`ABOVE_THE_BEST`).
            compared = f"{ABOVE_THE_BEST} {rows[1].move}"
        if rows[0].depth != rows[1].depth:
            # Two looks of two depths (the position after the move judged further): each
            # figure's depth beside the comparison (walk 2026-12-01w: "12-8 +1.00; as good as
            # 19-16" over "19-16 +0.95", the depths only in the review's note).
            compared += (
                f" ({depth_words(rows[0].depth)}; {rows[1].move} {depth_words(rows[1].depth)})"
            )
        rows[0] = dataclasses.replace(rows[0], verdict=compared)
        # The best move's row under "The review's best move:" keeps its standing, said as what
        # it leaves the mover (`leaves the AI a little behind`), as every other row says it:
        # without it, it read "22-18 +0.20 for you" beside rows with words (walk 2026-12-01af;
        # `is a little worse for the AI` had read as a verdict against it, walk 2026-11-30i).
    # The other moves judged as deep, after the review's rows, each verdict from its number.
    rows += [dataclasses.replace(row, verdict=verdict(position, row, best)) for row in extra]
    chosen_score = explanation.chosen_score
    # The card's own rows are a later look than the AI's when it played: a search made now (a
    # saved game keeps none of the AI's own), or the exact pass that scored every move again
    # after the level chose at another depth. Shallower than the review's, they rank the
    # moves against its rows, one move two figures on one card (walks 2026-11-30i: 22-17
    # first at 10 turns below the review's best 22-18 at 14; k: "1-6 even" scored again at
    # 10 turns under the review's "1-6 +0.65 for White, a mistake" at 20): left out.
    chosen = explanation.chosen_depth
    later = explanation.made_now or bool(
        explanation.exact_depth and chosen and chosen != explanation.exact_depth
    )
    looked = min(row.depth for row in rows)
    scored = [move for move in explanation.moves if move.bound != "unscored"]
    seen = explanation.moves
    if later and not all(move.depth >= looked for move in scored):
        seen = ()
    if explanation.made_now:
        return dataclasses.replace(
            explanation, moves=tuple(rows), seen=seen, deeper=None, reviewed=True
        )
    if not chosen_score and played.bound == "exact":
        chosen_score = format_men(played.score, played.win_in)  # what its own search counted
    return dataclasses.replace(
        explanation,
        moves=tuple(rows),
        seen=seen,
        deeper=None,
        reviewed=True,
        chosen_score=chosen_score,
        chosen_depth=explanation.chosen_depth or played.depth,
    )


def _depths(moves: list[MoveScore]) -> set[int]:
    """The depths of a card's rows that are compared by their numbers: the searched scores and
    bounds, not the databases' results nor forced results (proofs at any depth)."""
    return {
        move.depth
        for move in moves
        if move.bound != "unscored" and move.database is None and move.win_in is None
    }


def _order(move: MoveScore) -> tuple[int, float]:
    """The card's other rows best first: exact results by their number, then the bounds."""
    if move.bound != "exact":
        return 3, 0.0
    if move.win_in is not None:
        return (0, move.win_in) if move.win_in > 0 else (2, move.win_in)
    return 1, -(move.score or 0.0)
