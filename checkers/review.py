"""Game review: every move of a game scored by the engine, its loss in men, a label and a summary.

Pure Python, no pygame. The command line (`checkers review`) and a window drive the same
generator, `review_moves`, which yields one `MoveReview` per move in game order as soon as the
position before the move and the one after it are scored, so labels can be shown as they come.
Setting its `StopSignal`, or closing the generator, cancels the review and ends its worker
processes.

Units: scores are in men from the mover's point of view (+1.00 = a man ahead); a forced win or
loss counts as `WIN_MEN` men. The thresholds and the accuracy formula are explained in the
"Game review" section of docs/guide.md.
"""

from __future__ import annotations

import enum
import gc
import math
import multiprocessing
import multiprocessing.pool
import signal
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.process import BaseProcess
from typing import Any

from checkers.ai import compiled
from checkers.ai.registry import get_algorithm, man_value, search
from checkers.ai.search import WIN, Limits, SearchRequest, StopSignal, is_win_score, score_text
from checkers.board import BLACK, WHITE, Move, Position, Side
from checkers.coach.judgement import Judgement
from checkers.coach.teaching import Lesson, lesson
from checkers.notation import is_even, men_count, men_text
from checkers.options import max_jobs
from checkers.record import GameRecord, Reason
from checkers.workers import check_alive, exit_with_parent

__all__ = [
    "ACCURACY_SCALE",
    "ACCURACY_WIDTH_MEN",
    "DECIDED_GAME",
    "DECIDED_WEIGHT",
    "DEFAULT_DEPTH",
    "DEFAULT_SETTING",
    "EVEN_BANDS",
    "MAX_REVIEW_PLIES",
    "MIN_JUDGED_MOVES",
    "SERIOUS",
    "SETTLED",
    "THRESHOLDS",
    "TOO_FEW_MOVES",
    "WIN_MEN",
    "BookHook",
    "Label",
    "MoveReview",
    "PositionScore",
    "ReviewSetting",
    "SideSummary",
    "adopted",
    "chances_words",
    "expected_result",
    "judge",
    "label_for",
    "lesson_text",
    "lesson_words",
    "milder_words",
    "move_accuracy",
    "no_book",
    "one_ply_farther",
    "one_ply_on",
    "open_weight",
    "position_score",
    "result_text",
    "review_moves",
    "settled",
    "side_accuracy",
    "summarize",
    "win_text",
]

DEFAULT_DEPTH = 14
"""The default search depth in plies: 27 s of processor time for a 60-move game, about 14 s on
two free cores (docs/guide.md, "Game review"): the 30 s budget spent on seeing further, so that a forced result found
at one ply is still found at the next."""

MAX_REVIEW_PLIES = 2_000
"""The longest game the command line reviews: longer than any real game (the 40-move rule ends
a shuffle long before), short enough that a crafted one cannot take the review for hours."""

WIN_MEN = 20.0
"""A forced win counted in men: more than any material (12 kings are 16.2 men)."""

ACCURACY_SCALE = 1.8
"""Slope of the expected-result curve per man, fitted to game results as chess sites fit theirs:
on 3,000 published master games (tools/fit_expected.py, docs/guide.md "Game review") a man up
expects 0.86 of a point, two men 0.97. So a man thrown away when three men up costs little (the
game stays won) and one lost in an even game costs a third of a point."""

EVEN_BANDS = (0.04, 0.2, 0.48, 0.96)
"""The labels' bounds in men lost in an even game: best under 0.04 of a man, good under a fifth,
an inaccuracy under half a man, a mistake under a man, more a blunder. Elsewhere on the curve the
same drop in expected result gets the same label."""

DECIDED = 0.85
"""The expected result (or its complement) from which a game counts as decided for the words of
a move that gave up men cheaply (`already far behind`, `still far ahead`): a man on the fitted
curve (a man up expects 86%). Nearer even, such a move is just good: "already far behind" beside
-0.30 read wrong (the review of Boston 1873, game 3, 38. ... 14-9: a fifth of a man lost at
-0.30 cost 8 points of 100, under the 9 that mark an inaccuracy), and beside -0.85 (18%) it read
against an inaccuracy's "already behind" at -0.90 on the next move (walk 2026-11-30o)."""

SETTLED = 0.94
"""The expected result (or its complement) from which a note calls the game decided already:
about one and a half men on the fitted curve. Between DECIDED and it, a one-sided game: "the
game was decided already" at 88% read wrong a man up after six moves (walk 2026-12-01af)."""


def settled(expected: float) -> bool:
    """Whether a mover's expected result (or its complement) is at least `SETTLED`: a game
    decided already."""
    return abs(expected - 0.5) >= SETTLED - 0.5


ACCURACY_WIDTH_MEN = 0.64
"""The loss, in men in an even game, that leaves a move 37% accuracy (1/e)."""


class Label(enum.Enum):
    """How good a move was, from a book move to a blunder."""

    BOOK = "book"
    FORCED = "forced"
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def expected_result(men: float) -> float:
    """The mover's expected result (1 win, 1/2 draw, 0 loss) for a score in men."""
    return 1.0 / (1.0 + math.exp(-ACCURACY_SCALE * men))


def even_drop(men: float) -> float:
    """The drop in expected result, in points of 100, of losing `men` in an even game."""
    return 100.0 * (0.5 - expected_result(-men))


def even_men(drop: float) -> float:
    """The men lost in an even game that drop the expected result by `drop` points of 100
    (infinite from 50 points on: a sure win turned into an even game or worse)."""
    if drop <= 0.0:
        return 0.0
    if drop >= 50.0:
        return math.inf
    return math.log(1.0 / (0.5 - drop / 100.0) - 1.0) / ACCURACY_SCALE


THRESHOLDS: tuple[tuple[float, Label], ...] = tuple(
    (even_drop(men), label)
    for men, label in zip(EVEN_BANDS, (Label.BEST, Label.GOOD, Label.INACCURACY, Label.MISTAKE))
)
"""A move whose drop in expected result (points of 100) is below the bound gets the label;
more is a blunder: EVEN_BANDS on the fitted curve (about 1.8, 9, 21 and 35 points), so that a
move that keeps a forced or database win drops nothing and a man thrown away in a decided game
costs less than in an even one."""


SERIOUS = (Label.MISTAKE, Label.BLUNDER)
"""The labels a move keeps even where the opening book plays it: the review looked deeper."""


BookHook = Callable[[Position, Move], bool]
"""Whether a move is an opening-book move in a position."""


def no_book(position: Position, move: Move) -> bool:
    """No opening book: no move is a book move."""
    return False


@dataclass(frozen=True)
class ReviewSetting:
    """How each position is searched: limits, and the algorithm and evaluation by name."""

    limits: Limits = field(default_factory=lambda: Limits(depth=DEFAULT_DEPTH))
    algorithm: str = "engine"
    evaluation: str | None = None

    @property
    def uses_core(self) -> bool:
        """Whether the engine's compiled core can search this setting (the engine with its own
        evaluation)."""
        return self.algorithm == "engine" and (self.evaluation or "engine") == "engine"

    @property
    def man(self) -> float:
        """What a man is worth in the search's score units."""
        return man_value(self.evaluation or get_algorithm(self.algorithm).evaluation)

    def describe(self) -> str:
        """A few words: `engine depth 10`, `engine 0.5 s a position`."""
        limits = self.limits
        parts = [
            self.algorithm if self.evaluation is None else f"{self.algorithm}/{self.evaluation}"
        ]
        if limits.depth is not None:
            parts.append(f"depth {limits.depth}")
        if limits.time is not None:
            parts.append(f"{limits.time:g} s a position")
        if limits.nodes is not None:
            parts.append(f"{limits.nodes} nodes")
        return " ".join(parts)


DEFAULT_SETTING = ReviewSetting()


@dataclass(frozen=True)
class PositionScore:
    """One position's verdict: its best move (None when the game is over there), the score
    from the side to move in the search's units, the best line and the depth reached."""

    best: Move | None
    score: float
    line: tuple[Move, ...] = ()
    depth: int = 0
    database: bool = False
    """The endgame databases gave the score (the position is in them), not a search."""


@dataclass(frozen=True)
class MoveReview:
    """One move judged by the change in its mover's expected result: `score` (before it) in men
    from the mover's view, `loss` the men it gave away (None when a forced or database result
    on either side makes men meaningless: the words say what was won or lost), `drop` the
    points of 100 of expected result it gave away, which give the label and the accuracy."""

    ply: int
    """1 for the game's first move."""
    side: Side
    move: Move
    best: Move
    score: float
    loss: float | None
    label: Label
    position: Position
    """The position the move was played in."""
    before: PositionScore
    """The search of the position before the move (its line is the better line)."""
    after: PositionScore
    """The search of the position after it, from the opponent's view (its line is the reply)."""
    lesson: Lesson = field(default_factory=Lesson)
    """What the move teaches: a "!" for a correct shot, the databases' only move or the result
    it threw away, what a mistake walked into or missed (`checkers.coach.teaching`)."""
    drop: float = 0.0
    """How much the mover's expected result fell, in points of 100 (0: nothing lost)."""
    played: float = 0.0
    """The score of the move played, in men from the mover's view (a forced result: WIN_MEN)."""

    @property
    def mark(self) -> str:
        """The mark players write after the move: `!`, `?!`, `?`, `??` or ''."""
        if self.lesson.brilliant:
            return "!"
        return {Label.INACCURACY: "?!", Label.MISTAKE: "?", Label.BLUNDER: "??"}.get(self.label, "")

    @property
    def verdict(self) -> str:
        """The label as a row, a note or a mark says it: the label's word, except for a move the
        results call best or good that gave up a fifth of a man or more in a game already
        decided (`good` beside `lost 2.35 men` reads as a contradiction, and `hardly matters`
        as an excuse: three walks said so). Its verdict says the standing that makes the men
        cheap, as its number shows it: `already far behind` or `still far ahead` (the note gives
        the expected results); a move that loses sooner in a game lost by force: `lost already`."""
        if self.lost_sooner:
            return "lost already"
        if self.gave_up_men_cheaply:
            return "still far ahead" if self.score > 0 else "already far behind"
        if self.into_a_loss_cheaply:
            return "already far behind"
        return self.label.value

    @property
    def into_a_loss_cheaply(self) -> bool:
        """Whether the move left a forced loss where the review found none before it, while its
        expected result hardly fell: a game already decided, whose best move may lose as well
        past the review's depth (walk 2026-11-30l: "16. 5-9 good / Black walked into a forced
        loss", where a deeper look finds 4-8 lost too)."""
        return self.label in (Label.BEST, Label.GOOD) and self.loss_text() == "into a loss"

    @property
    def lost_sooner(self) -> bool:
        """Whether the move, in a game already lost by force (or by the databases), loses
        sooner than the best: its expected result cannot fall, so the results call it good,
        yet `good` beside "lost already, and this loses sooner" reads as a contradiction
        (walk 2026-11-30); its verdict is `lost already`."""
        before, played = self.before.score, -self.after.score
        return (
            self.label in (Label.BEST, Label.GOOD)
            and is_win_score(before)
            and before < 0
            and is_win_score(played)
            and played < one_ply_on(before)
        )

    @property
    def gave_up_men_cheaply(self) -> bool:
        """Whether the move gave up what would be an inaccuracy or worse in an even game (a
        fifth of a man or more) while its expected result hardly fell: a decided game's move (`DECIDED`)
        (walk 2026-11-30h: "good" beside "The AI lost 0.35 men" with no reason said)."""
        return (
            self.loss is not None
            and self.loss >= EVEN_BANDS[1]
            and self.label in (Label.BEST, Label.GOOD)
            and abs(expected_result(self.score) - 0.5) >= DECIDED - 0.5
        )

    @property
    def score_words(self) -> str:
        """The score before the move from the mover's view: `+0.25` or `wins in 3 moves`."""
        return result_text(self.before) or men_text(self.score)

    @property
    def move_number(self) -> int:
        """The full-move number as players write it (Black's and White's first moves are 1)."""
        # A game from a set-up position may start with White: `1. ... 24-20 2. 9-14`.
        first_side = self.side if self.ply % 2 == 1 else self.side.opponent
        return (self.ply + 1) // 2 if first_side is BLACK else self.ply // 2 + 1

    @property
    def played_score(self) -> float:
        """The score of the move played, in men from the mover's view (a forced result as
        +/- WIN_MEN)."""
        return self.played

    @property
    def accuracy(self) -> float:
        """The move's accuracy, 0 to 100, from the drop in expected result (docs/guide.md, "Game review")."""
        return drop_accuracy(self.drop)

    @property
    def counts_for_accuracy(self) -> bool:
        """Whether the move was a choice: book and forced moves say nothing of the player."""
        return self.label not in (Label.BOOK, Label.FORCED)

    def loss_words(self) -> str:
        """What the move gave away in words: `lost 0.45 men`, `threw a forced win away`,
        `walked into a forced loss`, `kept the result`."""
        text = self.loss_text()
        if self.loss is not None:
            return f"lost {men_count(self.loss)}"
        return {
            "win lost": "threw a forced win away",
            "into a loss": "walked into a forced loss",
        }.get(text, "kept the result")

    def loss_text(self) -> str:
        """What the move gave away, short: `0.45` men, `win lost`, `into a loss`, `draw lost`,
        or `0.00`."""
        if self.loss is not None:
            return f"{self.loss:.2f}"
        before, played = self.before.score, -self.after.score
        if is_win_score(before) and before > 0 and not (is_win_score(played) and played > 0):
            return "win lost"
        if is_win_score(played) and played < 0 and not (is_win_score(before) and before < 0):
            return "into a loss"
        return "0.00"


MIN_JUDGED_MOVES = 5
"""The fewest moves of a side's own choosing (not book, not forced) its accuracy is given
from: one blunder in two judged moves read "1%" (walk 2026-11-29d), a figure that says nothing
of the player; with fewer the summary says `TOO_FEW_MOVES`."""

TOO_FEW_MOVES = "too few"
"""The accuracy cell of a side with fewer than MIN_JUDGED_MOVES judged moves, in the window's
table and `checkers review`'s summary alike (the command's note says why)."""

DECIDED_GAME = "decided"
"""The accuracy cell of a side whose every move of its own choosing came in a game already
decided (`SETTLED`): by the chances no move could cost it anything, and 100% said nothing."""


@dataclass(frozen=True)
class SideSummary:
    """One side's review: moves, how many got each label, accuracy and average loss (None
    when the side had no move of its own choosing; the accuracy None too with fewer than
    MIN_JUDGED_MOVES of them), and `judged`, how many of its moves were its own choice."""

    moves: int
    labels: Mapping[Label, int]
    accuracy: float | None
    average_loss: float | None
    judged: int = 0
    open_moves: int | None = None
    """How many of the judged moves came while the game was still open (`SETTLED`); None:
    not counted."""

    @property
    def too_few(self) -> bool:
        """Whether the side chose some moves, too few for an accuracy figure."""
        return 0 < self.judged < MIN_JUDGED_MOVES

    @property
    def decided(self) -> bool:
        """Whether every move of the side's own choosing came in a game already decided: no
        figure (walk 2026-12-01af: a side set up lost, that lost every piece, read 100%)."""
        return not self.too_few and self.judged > 0 and self.open_moves == 0

    def accuracy_words(self) -> str | None:
        """The accuracy cell where it holds no figure (`TOO_FEW_MOVES`, `DECIDED_GAME`), else
        None."""
        if self.too_few:
            return TOO_FEW_MOVES
        return DECIDED_GAME if self.decided else None


# --- scores, labels and accuracy --------------------------------------------------------------


def to_men(score: float, man: float) -> float:
    """A search score in men; a forced win or loss is +/- WIN_MEN."""
    if is_win_score(score):
        return math.copysign(WIN_MEN, score)
    return score / man


def win_text(score: float) -> str | None:
    """`wins in N moves` / `loses in N moves` (the mover's moves) for a forced result, else None."""
    return score_text(score) if is_win_score(score) else None


def result_text(before: PositionScore) -> str | None:
    """A row's exact result: `database win in N moves` / `database draw` for a position the
    endgame databases hold, else `win_text`."""
    if before.database:
        from checkers.coach.explain import database_words  # the coach's words, not its imports

        return database_words(before.score)
    return win_text(before.score)


def decided_words(before: float, after: float) -> str:
    """Why a move that gives up men is still good by the results (the row says how many): the
    game was decided before it, as its mover's expected results `before` and `after` say. The
    score before the move is the row's own figure (the table's Score column, the panel's
    `before +1.40 for you`), not said again: said here with a side's name it read beside the
    panel's `for you` as a second figure (walks 2026-12-01z and aa)."""
    chances = f"expected {before:.0%} of a point before the move, {after:.0%} after"
    if settled(before):
        return f"the game was decided already by the chances: {chances}"
    # One-sided, not decided (a man ahead expects 86%): the chances hardly moved.
    return f"far from even, it cost little by the chances: {chances}"


def label_for(drop: float, *, forced: bool = False, book: bool = False) -> Label:
    """The label of a move whose expected result dropped by `drop` points of 100: forced and
    book moves first, then by THRESHOLDS."""
    if forced:
        return Label.FORCED
    if book:
        return Label.BOOK
    for bound, label in THRESHOLDS:
        if drop < bound:
            return label
    return Label.BLUNDER


def lesson_words(review: MoveReview, note: bool = True) -> str:
    """What the move teaches, or '': `walks into White's shot: ...`, `White's shot: ...` for a
    "!" move, `turns a database win into a draw`, `the only move that keeps the database
    result`; without its note when `note` is False (a sentence that says it otherwise)."""
    taught = review.lesson
    parts = [part for part in (taught.result_change, taught.note if note else "") if part]
    if taught.only_move:
        parts.append("the only move that keeps the database result")
    return "; ".join(parts)


MARKED_LABELS = (Label.INACCURACY, Label.MISTAKE, Label.BLUNDER)


def chances_words(review: MoveReview) -> str:
    """Why a marked move has its label, in the results that give it: the mover's expected
    result before and after it and the label's band (`expected 49% of a point before the
    move, 10% after: 36 of 100 points lost (a blunder: 35 or more)`), or '' for a move not marked
    (a decided game's move says its chances in its note). Labels come from the chances, not
    from the men: 0.75 of a man lost two men behind was an inaccuracy beside a blunder of
    1.15 in an even game, with nothing said why (walk 2026-11-30t)."""
    if review.label not in MARKED_LABELS or review.verdict != review.label.value:
        return ""
    # (A forced result's WIN_MEN reads as a sure win or loss on the curve, to the point.)
    before = expected_result(review.played) + review.drop / 100.0
    bounds = [bound for bound, _ in THRESHOLDS]
    index = MARKED_LABELS.index(review.label)
    low = bounds[index + 1]
    band = (
        f"{low:.0f} or more"
        if review.label is Label.BLUNDER
        else f"{low:.0f} to {bounds[index + 2]:.0f}"
    )
    # Whole points that add up: the fall rounded (always inside its band as rounded), the
    # chance after the move the chance before less it (walk 2026-12-01u read "75% ... 65%
    # after: 9 of 100 points lost", each figure rounded by itself).
    start = round(before * 100.0)
    fall = round(review.drop)
    return (
        f"expected {start}% of a point before the move, {start - fall}% after: "
        f"{fall} of 100 points lost ({_article(review.label.value)}: {band})"
    )


def _article(word: str) -> str:
    """`an inaccuracy`, `a mistake`."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def lesson_text(review: MoveReview, chances: bool = False) -> str:
    """The move with its mark and what it teaches (`22-18?? walks into White's shot: ...`), or
    '' when it teaches nothing; with `chances`, then the chances a marked move's label comes
    from (`chances_words`)."""
    parts = (lesson_words(review), chances_words(review) if chances else "")
    words = "; ".join(part for part in parts if part)
    return f"{review.move.pdn()}{review.mark} {words}" if words else ""


def score_expectation(score: float, man: float) -> float:
    """The expected result for a search score in its units (`man` a man): a forced win is 1,
    a forced loss 0, a database draw (0.00) one half like an even game."""
    if is_win_score(score):
        return 1.0 if score > 0 else 0.0
    return expected_result(score / man)


def drop_accuracy(drop: float) -> float:
    """A move's accuracy from 0 to 100 for a drop in expected result of `drop` points."""
    # A bell over the men that drop would cost in an even game, not chess sites' exponential
    # (lichess): flat near no drop, so the twentieths of a man that one ply more of search moves
    # a score leave a good move at 90 or more, then steep, so a man lost in an even game reads
    # 10 and a blunder never reads well (docs/guide.md, "Game review", has the table).
    return 100.0 * math.exp(-((even_men(drop) / ACCURACY_WIDTH_MEN) ** 2))


def move_accuracy(before: float, after: float) -> float:
    """A move's accuracy from 0 to 100 from the scores in men before and after it: 100 when
    the expected result does not drop."""
    return drop_accuracy((expected_result(before) - expected_result(after)) * 100.0)


def _is_win_for(score: float, sign: int) -> bool:
    return is_win_score(score) and score * sign > 0


def one_ply_on(score: float) -> float:
    """A score from the mover's view as the position after the best move keeps it: a forced
    or database result one ply nearer (`WIN - plies` counts the plies from the position
    searched), any other score unchanged."""
    return score + math.copysign(1.0, score) if is_win_score(score) else score


def _as_good(played: float, before: float) -> bool:
    """Whether a move scored `played` (the mover's view, from the position after it) is as
    good as the best move of a position scored `before`: the same score, or the same forced
    result as fast (a win no longer, a loss no shorter) or better, or a higher score."""
    kept = one_ply_on(before)
    # (One the search after it scores higher than the best was from before it is as good:
    # labelled `good` beside "lost nothing", walk 2026-12-01ah.)
    return played >= kept if is_win_score(before) else played >= before


def one_ply_farther(score: float) -> float:
    """A score from the mover's view one ply farther from the end: a forced result a ply
    later, any other unchanged (the score of a position whose only move leads to a position
    scored `score` from the same side's view); the game's panel reads an only move so too."""
    return score - math.copysign(1.0, score) if is_win_score(score) else score


def through_only_move(only: Move, here: PositionScore, after: PositionScore) -> PositionScore:
    """The score of a position whose one legal move is `only`, searched as `here`, given the
    search of the position that move leads to (`after`): the same position a ply later, so
    the two read one score. The deeper of the two stands: `after` looked a ply farther from
    the position than its own depth says; the databases' exact result is kept as it is."""
    if here.database or after.database or here.best is None:
        return here
    if here.depth > after.depth + 1 and not is_win_score(after.score):
        return here  # a deeper search of the position itself (a kept judgement)
    return PositionScore(
        only, one_ply_farther(-after.score), (only, *after.line), after.depth + 1, False
    )


def _only_moves_followed(
    plan: _Plan, scores: Iterator[PositionScore]
) -> Generator[PositionScore, None, None]:
    """Each ply's score in order, a position with one legal move scored from the position
    its move leads to (`through_only_move`): a forced reply's two positions read one score
    (walk 2026-11-30: +0.55 after 12-16, then +0.65 after the forced 19x12). A position's
    score waits for the next one only where its move is forced."""
    waiting: list[PositionScore] = []
    try:
        for ply, score in enumerate(scores):
            waiting.append(score)
            position = plan.positions[ply]
            only = plan.over[ply] is None and len(position.legal_moves()) == 1
            if only and ply + 1 < len(plan):
                continue  # its score follows from the next position's
            for back in range(len(waiting) - 2, -1, -1):
                at = ply - (len(waiting) - 1) + back
                (move,) = plan.positions[at].legal_moves()
                waiting[back] = through_only_move(move, waiting[back], waiting[back + 1])
            yield from waiting
            waiting = []
    finally:
        close = getattr(scores, "close", None)
        if close is not None:
            close()


def carried(before: PositionScore, move: Move, after: PositionScore) -> PositionScore:
    """The search of the position after `move`, with what the search before it proved: a
    forced result whose line starts with `move` holds one ply nearer after it, whatever a
    shallower look there says (a win found at one ply is not lost at the next)."""
    proven = before.score
    if not is_win_score(proven) or not before.line or before.line[0] != move:
        return after
    nearer = -one_ply_on(proven)  # the opponent's view
    if _is_win_for(after.score, 1 if nearer > 0 else -1):
        return after  # the search after it proves the same result
    reply = before.line[1] if len(before.line) > 1 else after.best
    return PositionScore(
        reply, nearer, before.line[1:], max(after.depth, before.depth - 1), before.database
    )


def judge(
    ply: int,
    position: Position,
    move: Move,
    before: PositionScore,
    after: PositionScore,
    man: float,
    is_book: BookHook = no_book,
) -> MoveReview:
    """The review of `move` played in `position` from the searches before and after it: its
    label and accuracy from the drop in the mover's expected result (exact for forced and
    database results: a move that keeps a win drops nothing)."""
    best = before.best if before.best is not None else move
    before_score, played = before.score, -after.score
    forced_result = is_win_score(before_score) or is_win_score(played)
    if move == best and not forced_result:
        # The deeper of the two searches of the same line: the position after the best move
        # was searched one move further. The score before a best move is the score after
        # it, so the graph and the rows do not move on a best move.
        before_score = played
    if move == best and _is_win_for(before_score, 1) and not _is_win_for(played, 1):
        played = before_score  # the engine's own winning move keeps its own proven win
    score = to_men(before_score, man)
    expected_before = score_expectation(before_score, man)
    expected_played = score_expectation(played, man)
    # A move the deeper look finds better than the best loses nothing.
    drop = max(0.0, expected_before - expected_played) * 100.0
    loss: float | None = None
    if not forced_result:
        loss = max(0.0, score - played / man) if move != best else 0.0
    forced = len(position.legal_moves()) == 1
    # A book move the review finds a mistake or worse is labelled by what it lost: "book" beside
    # "you lost 0.65 men" read as two verdicts (walk 2026-11-30j).
    # So is one it finds an inaccuracy: "in the opening book; the AI lost 0.45 men" beside
    # 100% accuracy for that side read as a contradiction (walk 2026-12-01u).
    book = not forced and is_book(position, move) and label_for(drop) in (Label.BEST, Label.GOOD)
    label = label_for(drop, forced=forced, book=book)
    if (
        label is Label.BEST
        and move != best
        and not _as_good(played, before_score)
        and (loss is None or round(loss, 2) > 0)
    ):
        # As good as the best to within a point, but not the best. A loss that rounds to no
        # men is the best's score as every figure shows it: "good" beside "lost nothing", and
        # another move "best" beside the same words, read as two verdicts (walk 2026-12-01ah).
        label = Label.GOOD
    taught = lesson(
        position,
        move,
        before.line,
        after.line,
        best=move == best and not forced,
        mistake=label in (Label.MISTAKE, Label.BLUNDER),
        lost=loss,
        scored=_men_or_result(played, man),
        best_scored=_men_or_result(before_score, man),
    )
    if taught.result_change and not forced:
        label = Label.BLUNDER  # the databases' result thrown away, whatever the scores say
        drop = max(drop, THRESHOLDS[-1][0])
    review = MoveReview(
        ply,
        position.turn,
        move,
        best,
        score,
        loss,
        label,
        position,
        before,
        after,
        taught,
        drop,
        to_men(played, man),
    )
    if review.gave_up_men_cheaply and not taught.note:
        # Its row says why the men it gave up cost little (`already far behind`).
        note = decided_words(expected_before, expected_played)
        review = replace(review, lesson=replace(taught, note=note))
    return review


def _men_or_result(score: float, man: float) -> tuple[float | None, int | None]:
    """A search score as the ideas' agreement rule reads it: (men, None), or (None, the
    winner's moves to a forced result, negative for a loss)."""
    if is_win_score(score):
        from checkers.coach.explain import win_in_moves  # the coach's words import the engine

        return None, win_in_moves(score)
    return to_men(score, man), None


def milder_words(review: MoveReview, who: str = "") -> str:
    """Why a move that gave up men is labelled milder, or harsher, than those men would be in
    an even game (`a mistake, not a blunder, by the chances: Black was already behind, and its
    chances fell from 31% to 6%`; `a blunder, not a mistake, by the chances: your chances fell
    from 62% to 21%`), or '': the label follows the change in expected result, by design, and
    the note says so where the count of men alone would read otherwise. `who` names the mover as
    the rest of the note does (`You`, `The AI`; its colour by default): "You lost 1.15 men"
    beside "Black was already behind, and they fell" named one side three ways (walk
    2026-12-01ab)."""
    if review.loss is None or review.label not in MARKED_LABELS:
        return ""
    even = next(
        (label for bound, label in zip(EVEN_BANDS, _EVEN_LABELS) if review.loss < bound),
        Label.BLUNDER,
    )
    if _SEVERITY.index(even) == _SEVERITY.index(review.label):
        return ""
    # Whole points as `chances_words` gives them beside this (walk 2026-12-01z: "fell from 24%
    # to 7%" beside "expected 24% of a point before the move, 8% after"): the fall rounded,
    # the chance after the chance before less it.
    start = round((expected_result(review.played) + review.drop / 100.0) * 100.0)
    end = start - round(review.drop)
    who = who or review.side.name.capitalize()
    if who.startswith(("The ", "You")):  # after a colon: `the AI`, `you`
        who = who[0].lower() + who[1:]
    you = who == "you"
    whose = "your" if you else "its"
    called = f"{_CALLED_SHORT[review.label]}, not {_CALLED_SHORT[even]}, by the chances"
    if is_even(review.score) or _SEVERITY.index(even) < _SEVERITY.index(review.label):
        # Harsher than its men would be in an even game: the chances it threw away say why
        # (walk 2026-12-01ai: "12-16?? ... lost 0.90 men" beside "14-17? ... lost 1.25 men",
        # only the mistake's note saying why).
        # The score before reads `even` beside it: never "already behind" (walk 2026-11-30:
        # "White was already behind" beside "before even (+0.05 for Black)").
        chances = "your chances" if you else f"{who}'s chances"
        return f"{called}: {chances} fell from {start}% to {end}%"
    standing = "already behind" if review.score < 0 else "already ahead"
    was = "were" if you else "was"
    return f"{called}: {who} {was} {standing}, and {whose} chances fell from {start}% to {end}%"


_EVEN_LABELS = (Label.BEST, Label.GOOD, Label.INACCURACY, Label.MISTAKE)
_SEVERITY = (Label.BEST, Label.GOOD, Label.INACCURACY, Label.MISTAKE, Label.BLUNDER)
_CALLED_SHORT = {
    Label.BEST: "the best move",
    Label.GOOD: "good",
    Label.INACCURACY: "an inaccuracy",
    Label.MISTAKE: "a mistake",
    Label.BLUNDER: "a blunder",
}


HARMONIC_FLOOR = 10.0
"""The least a move's accuracy counts for in a side's harmonic mean: a man lost in an even game
(8.7) and any worse move count alike there, so that half counts how many bad moves a side made
rather than how bad the worst was (at 1, one blunder held it at its floor: a side with one
blunder read 43%, as did one with a blunder, two mistakes and two inaccuracies)."""


def open_weight(score: float) -> float:
    """How much a move counts in its side's accuracy, by how open the game was before it (the
    mover's score in men): 1 in an even game, less as the game is decided, never under
    DECIDED_WEIGHT. The moves of a game lost long ago cost nothing by the chances, and a side
    that threw its men away after losing read 89% (walk 2026-12-01ad); lichess weighs its
    moves by how much the game swung about them, to the same end."""
    expected = expected_result(score)
    return max(DECIDED_WEIGHT, 4.0 * expected * (1.0 - expected))


DECIDED_WEIGHT = 0.1
"""The least a move counts in its side's accuracy (`open_weight`), in a game long decided."""


def side_accuracy(accuracies: Sequence[float], weights: Sequence[float] | None = None) -> float:
    """A side's accuracy from its moves': a weighted mean of their arithmetic mean and, twice,
    their harmonic mean, each move counting by its weight (`open_weight`; all alike if None),
    so a few bad moves among many easy best ones pull it down as a player expects instead of
    vanishing in the average (lichess takes the two halves each, weighted by volatility)."""
    weights = weights if weights is not None else [1.0] * len(accuracies)
    total = sum(weights)
    arithmetic = sum(w * value for w, value in zip(weights, accuracies, strict=True)) / total
    harmonic = total / sum(
        w / max(HARMONIC_FLOOR, value) for w, value in zip(weights, accuracies, strict=True)
    )
    return (arithmetic + 2.0 * harmonic) / 3.0


def summarize(reviews: Sequence[MoveReview]) -> dict[Side, SideSummary]:
    """Per side: moves, label counts (every label, zeros included), accuracy (from
    MIN_JUDGED_MOVES judged moves on), average loss, judged moves."""
    summary = {}
    for side in (BLACK, WHITE):
        own = [review for review in reviews if review.side is side]
        chosen = [review for review in own if review.counts_for_accuracy]
        labels = {label: sum(1 for r in own if r.label is label) for label in Label}
        # Made while the game was open, or marked (a database win thrown away is no decided
        # game's move: its figure stays, below its blunder's 13).
        open_moves = sum(
            1 for r in chosen if not settled(expected_result(r.score)) or r.label in MARKED_LABELS
        )
        enough = len(chosen) >= MIN_JUDGED_MOVES and open_moves > 0
        weights = [open_weight(r.score) for r in chosen]
        accuracy = side_accuracy([r.accuracy for r in chosen], weights) if enough else None
        losses = [r.loss for r in chosen if r.loss is not None]
        average_loss = sum(losses) / len(losses) if losses else None
        summary[side] = SideSummary(
            len(own), labels, accuracy, average_loss, len(chosen), open_moves
        )
    return summary


# --- scoring positions ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Task:
    """One position to score, with what the search needs to know of the game before it."""

    request: SearchRequest
    over: float | None  # the score by the rules when the game is over here
    setting: ReviewSetting
    known: PositionScore | None = None
    """The game's kept judgement of the position, adopted instead of a search (`adopted`)."""


@dataclass(frozen=True)
class _Plan:
    """Every position of the game once, and per ply what its search needs: linear in the game's
    length. Each task's history is a slice made when the task is handed out, not kept: a tuple
    per ply kept for the whole review grew with the square of the game (30,000 plies: 5 GB)."""

    positions: tuple[Position, ...]
    no_progress: tuple[int, ...]
    over: tuple[float | None, ...]
    setting: ReviewSetting
    known: Mapping[Position, PositionScore] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.positions)

    def task(self, ply: int) -> _Task:
        """The search of the position after `ply` moves, with the positions that can repeat."""
        since = self.no_progress[ply]
        # Only positions since the last capture or man move can come back (repetition).
        history = self.positions[ply - since : ply + 1]
        position = self.positions[ply]
        return _Task(
            SearchRequest(position, history, since),
            self.over[ply],
            self.setting,
            self.known.get(position),
        )

    def tasks(self) -> Iterator[_Task]:
        """Each ply's task in order, made one at a time."""
        return (self.task(ply) for ply in range(len(self.positions)))


CORE_LOAD_WAIT = 120.0
"""Seconds a review waits at most for a cached compiled core to load: about half a second at
rest, tens on a loaded machine. Meanwhile the Python engine would search the first position
alone for about 10 s at depth 14 (benchmarks/review.py: first label 8.45 s before the wait)."""

CORE_COMPILE_WAIT = compiled.COMPILE_WAIT
"""Seconds a review waits at most for a first compile of the core (about 10 s at rest): the
Python engine searches one position at the default depth about as long; after this the Python
engine searches, and each new search takes the core once it is ready."""

_CORE_SLICE = 0.1  # seconds between looks at the stop signal while the core gets ready


def _core_ready(setting: ReviewSetting, stop: StopSignal | None) -> None:
    """Wait, never past `stop`, for the compiled core the setting's searches use (a load from
    numba's cache: `CORE_LOAD_WAIT`; a first compile: `CORE_COMPILE_WAIT`); the Python engine
    gives the same results, ten to fifty times slower."""
    if not setting.uses_core or compiled.wait_until_ready(0) or not compiled.is_available():
        return
    bound = CORE_LOAD_WAIT if compiled.is_cached() else CORE_COMPILE_WAIT
    waited = 0.0
    # Counted in slices waited: a slice lasts at least its length, so the bound always holds.
    while waited < bound and not (stop is not None and stop.is_set()):
        if compiled.wait_until_ready(min(_CORE_SLICE, bound - waited)):
            return
        if not compiled.is_available():
            return  # the compile failed: the Python engine searches
        waited += _CORE_SLICE


def _score(task: _Task, stop: StopSignal | None = None) -> PositionScore:
    """The search of one position (or its score by the rules when the game is over there),
    on the compiled core once it is ready (`_core_ready`)."""
    if task.over is not None:
        return PositionScore(None, task.over)
    if task.known is not None:
        return task.known  # the game's own judgement, at least as deep as this search
    setting = task.setting
    _core_ready(setting, stop)
    result = search(
        task.request,
        setting.limits,
        setting.algorithm,
        setting.evaluation,
        stop=stop,
    )
    return PositionScore(result.move, result.score, result.pv, result.depth, result.database)


def _score_in_process(task: _Task, stop: StopSignal | None) -> PositionScore:
    # With the collector off the engine leaves it alone instead of freezing the heap for good
    # (docs/engine.md, "The AI"): a library must not change its host's interpreter.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _score(task, stop)
    finally:
        if was_enabled:
            gc.enable()


def _worker_start(uses_core: bool) -> None:
    # Ctrl+C is the parent's to handle: it ends the workers itself, without their tracebacks.
    # The worker started with SIGINT blocked (see _start_pool); ignoring it first drops a
    # Ctrl+C that arrived meanwhile.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()  # a killed parent's queued positions are not searched on
    if uses_core:
        compiled.start_warm_up()  # the core loads while the pool starts and the tasks come
    if _CAN_MASK:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


_CAN_MASK = hasattr(signal, "pthread_sigmask")
_POLL = 0.1  # how often a wait for a worker's result looks at the stop signal, in seconds


class _WatchedPool(multiprocessing.pool.Pool):
    """A Pool that keeps every worker it makes in `started`. A Pool replaces a dead worker
    (killed, out of memory, unable to start) in silence, and the task it held is lost: a wait
    for its result has no end. Its own list of workers cannot be watched instead: its thread
    takes a dead worker out of that list, perhaps before anyone looked, and a worker that
    cannot start dies at once, so a look at the list after the pool is made can find it empty
    and wait for ever. Every worker passes through `Process` (the Pool's way to make one since
    Python 3.8), so none is missed."""

    def __init__(self, jobs: int, context: Any, uses_core: bool) -> None:
        self.started: list[BaseProcess] = []  # appended to by the pool's thread too
        super().__init__(jobs, _worker_start, (uses_core,), context=context)

    def Process(self, ctx: Any, *args: Any, **kwds: Any) -> BaseProcess:  # type: ignore[override]
        process: BaseProcess = ctx.Process(*args, **kwds)
        self.started.append(process)
        return process

    def workers(self) -> list[BaseProcess]:
        """The workers started so far, ended ones too (one just made may not have started)."""
        running = []
        for process in list(self.started):
            try:
                process.sentinel  # noqa: B018 (a ValueError until it has started)
            except ValueError:
                continue
            running.append(process)
        return running


def _start_pool(jobs: int, uses_core: bool) -> _WatchedPool:
    """A pool of `jobs` spawned workers that leave Ctrl+C to this process."""
    # Spawned, not forked: a window's threads make forking unsafe. SIGINT is blocked (not
    # ignored) while the workers start: they inherit the mask, so a Ctrl+C then cannot reach
    # one before its initializer, and this process still gets it once it is unblocked.
    context = multiprocessing.get_context("spawn")
    if not _CAN_MASK:  # Windows: no signal masks; its Ctrl+C reaches workers differently
        return _WatchedPool(jobs, context, uses_core)
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return _WatchedPool(jobs, context, uses_core)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _scores_in_order(
    plan: _Plan, jobs: int, processes: bool, stop: StopSignal | None
) -> Generator[PositionScore, None, None]:
    """Each ply's score in order; positions are handed to `jobs` workers in order too."""
    if not processes:
        for task in plan.tasks():
            if stop is not None and stop.is_set():
                return
            score = _score_in_process(task, stop)
            if stop is not None and stop.is_set():
                return  # the search was cut short: its score is not the setting's
            yield score
        return
    pool = _start_pool(
        max(1, min(jobs, max_jobs(), len(plan))), plan.setting.uses_core
    )  # never more than options allow
    try:
        # Made as the pool's feeder takes them: a full pipe holds it back, so only the tasks
        # under way and in the pipe exist at once.
        results = pool.imap(_score, plan.tasks(), chunksize=1)
        for _ in range(len(plan)):
            while True:
                if stop is not None and stop.is_set():
                    return
                try:
                    score = results.next(timeout=_POLL)
                    break
                except multiprocessing.TimeoutError:
                    # WorkerDied rather than a wait with no end: none ends by itself
                    check_alive(pool.workers())
            yield score
    finally:
        pool.terminate()  # also when cancelled or closed: searches under way are dropped
        pool.join()


def adopted(
    position: Position, judgement: Judgement, setting: ReviewSetting
) -> PositionScore | None:
    """The game's kept judgement of `position` as the review's score of it, where it stands
    over the review's own search: the databases' result, a forced result, or a score from a
    search at least as deep as the setting's (with the same evaluation); None otherwise, or
    when it has no line to give the best move, which the review's labels need. So the review
    and every other surface read one number for the position (issue 35, "one judgement of a
    position, kept for the game")."""
    if not judgement.line or not setting.uses_core:
        return None  # the game's judgements are the engine's own evaluation
    if judgement.at_most:
        # A forced result known only as a bound (carried from the position before): the
        # review's own search proves its own (walk 2026-12-01ag: the note's "wins in 9 moves"
        # beside the analysis board's proven 8).
        return None
    deep_enough = setting.limits.depth is not None and judgement.depth >= setting.limits.depth
    if not (judgement.database or judgement.forced or deep_enough):
        return None
    return position_score(position, judgement, setting.man)


def position_score(position: Position, judgement: Judgement, man: float) -> PositionScore | None:
    """A kept judgement of `position` as a review's score of it, in the units of a review
    whose man is `man` (None when its line does not give a best move)."""
    line: list[Move] = []
    at = position
    for text in judgement.line:
        try:
            move = Move.from_pdn(text, at)
        except ValueError:
            break  # the rest of the line does not read: the moves before it stand
        line.append(move)
        at = at.move(move)
    if not line:
        return None
    score = judgement.seen_by(position.turn)  # a result in plies, or the databases' own units
    if not (judgement.forced or judgement.database):
        # (The ratio first: in the review's own units it is 1.0 and the score reads back exactly.)
        score = score * (man / judgement.man)
    return PositionScore(line[0], score, tuple(line), judgement.depth, judgement.database)


def _plan(
    start: Position,
    moves: Sequence[Move],
    setting: ReviewSetting,
    known: Mapping[Position, Judgement] | None = None,
) -> _Plan:
    """The game replayed once: its positions, and per ply the 40-move count and the result."""
    # Replayed past a threefold repetition or the 40-move count: the players need not have
    # claimed the draw, and the moves after it are theirs to be reviewed too.
    record = GameRecord.replay(moves, start)
    positions = tuple(record.positions)
    no_progress = []
    over: list[float | None] = []
    for ply in range(len(moves) + 1):
        record.go_to(ply)
        no_progress.append(record.no_progress_plies)
        outcome = record.outcome
        if outcome is None:
            over.append(None)
        else:
            over.append(float(-WIN) if outcome.reason is Reason.NO_MOVES else 0.0)
    kept: dict[Position, PositionScore] = {}
    for position in positions:
        judgement = known.get(position) if known is not None else None
        found = adopted(position, judgement, setting) if judgement is not None else None
        if found is not None:
            kept[position] = found
    return _Plan(positions, tuple(no_progress), tuple(over), setting, kept)


def review_moves(
    start: Position,
    moves: Sequence[Move],
    setting: ReviewSetting = DEFAULT_SETTING,
    *,
    jobs: int = 1,
    processes: bool | None = None,
    is_book: BookHook = no_book,
    stop: StopSignal | None = None,
    known: Mapping[Position, Judgement] | None = None,
) -> Generator[MoveReview, None, None]:
    """Each move of the game from `start` reviewed, in order, as soon as it can be.

    One search per position at `setting`; `jobs` worker processes (by default processes only
    when jobs > 1; a window passes processes=True so that no search runs on its thread).
    A position the game has `known` (its kept judgements) at least as deep as the setting is
    not searched again: the review adopts that judgement (`adopted`), so one position reads
    the same in the review as on the game's other surfaces.
    Stops early, ending its workers, when `stop` is set or the generator is closed. An illegal
    move raises IllegalMoveError before any search starts; a worker process that dies (or
    cannot start) raises checkers.workers.WorkerDied.
    """
    if not moves:
        return
    if setting.uses_core:
        compiled.start_warm_up()  # it loads while the game is replayed and the pool starts
    plan = _plan(start, moves, setting, known)
    use_processes = jobs > 1 if processes is None else processes
    man = setting.man
    scores = _only_moves_followed(plan, _scores_in_order(plan, jobs, use_processes, stop))
    try:
        before = next(scores, None)
        for ply, move in enumerate(moves, start=1):
            after = next(scores, None)
            if before is None or after is None:
                return  # stopped
            after = carried(before, move, after)
            yield judge(ply, plan.positions[ply - 1], move, before, after, man, is_book)
            before = after
    finally:
        scores.close()
