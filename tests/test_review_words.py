"""The review's words agree with the figures printed beside them, a forced reply's two
positions read one score, and a reviewed game with a mistake still gives puzzles (walk
2026-11-30, shots 34-37, 44 and 49)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from test_review import BEFORE_BLUNDER, BLUNDER, DATABASE_WIN, DEEPER, database_line, moves_of

from checkers.ai.registry import search
from checkers.ai.search import WIN, SearchRequest
from checkers.board import Position
from checkers.gui.review_model import move_words
from checkers.notation import is_even
from checkers.puzzles import find_puzzles
from checkers.review import Label, MoveReview, PositionScore, milder_words, review_moves

MAN = DEEPER.man


@pytest.fixture(scope="module")
def blunder_game() -> list[MoveReview]:
    """The tests' blunder game, then the engine's replies a few moves on (so the position
    the blunder left is reviewed too)."""
    moves = moves_of([*BEFORE_BLUNDER, BLUNDER])
    position = Position()
    for move in moves:
        position = position.move(move)
    for _ in range(4):
        found = search(SearchRequest(position, (position,), 0), DEEPER.limits, "engine", None)
        assert found.move is not None
        moves.append(found.move)
        position = position.move(found.move)
    return list(review_moves(Position(), moves, DEEPER))


def _agrees(review: MoveReview) -> None:
    """The note's words follow its figures."""
    text = " ".join(move_words(review, MAN, None))
    if "already behind" in text or "already ahead" in text:
        assert not is_even(review.score), text
        assert ("already behind" in text) == (review.score < 0), text
    if "loses sooner" in text:
        assert review.verdict not in ("good", "best"), text


def test_the_notes_of_reviewed_games_say_what_their_figures_say(
    blunder_game: list[MoveReview],
) -> None:
    start, moves, _ = database_line(DATABASE_WIN, 12)
    for review in [*blunder_game, *review_moves(start, moves, DEEPER)]:
        _agrees(review)


def test_a_mistake_from_an_even_score_is_not_said_to_come_from_behind(
    blunder_game: list[MoveReview],
) -> None:
    # Shot 36: "White was already behind" beside "before even (+0.05 for Black)".
    review = next(r for r in blunder_game if r.move.pdn() == BLUNDER)
    even = replace(
        review,
        score=-0.05,
        played=-1.05,
        loss=1.0,
        label=Label.MISTAKE,
        before=replace(review.before, score=-0.05 * MAN),
    )
    words = milder_words(even)
    assert words.startswith("a mistake, not a blunder") and "already" not in words
    _agrees(even)
    behind = replace(even, score=-0.5, played=-1.6, before=replace(review.before, score=-0.5 * MAN))
    assert "already behind" in milder_words(behind)
    _agrees(behind)


def test_a_move_that_loses_sooner_is_not_called_good(blunder_game: list[MoveReview]) -> None:
    # Shot 37: "27-31 good" beside "White was lost already, and this loses sooner".
    review = next(r for r in blunder_game if r.move.pdn() == BLUNDER)
    lost = replace(
        review,
        label=Label.GOOD,
        loss=None,
        before=PositionScore(review.best, -(WIN - 17), (review.best,), 14),
        after=PositionScore(None, WIN - 11, (), 14),
    )
    head, loss, _, _ = move_words(lost, MAN, None)
    assert "loses sooner" in loss
    assert head.endswith("lost already")  # proven by the forced result, as its loss row says
    _agrees(lost)


def test_a_forced_reply_and_the_move_before_it_read_one_score(
    blunder_game: list[MoveReview],
) -> None:
    # Shots 34 and 35: +0.55 after 12-16, then +0.65 after the forced 19x12.
    pairs = 0
    for review, reply in itertools.pairwise(blunder_game):
        if reply.label is not Label.FORCED:
            continue
        pairs += 1
        # The score after the move is the score before the forced reply, and after it.
        assert review.after.score == reply.before.score == -reply.after.score
        assert reply.score == review.played * -1 == reply.played
    assert pairs >= 3


def test_a_reviewed_game_with_a_blunder_gives_a_puzzle_agreeing_with_the_review(
    blunder_game: list[MoveReview],
) -> None:
    # Shots 44 and 49: reviewed games with mistakes gave no puzzle at all.
    puzzles = find_puzzles(blunder_game, DEEPER.limits)
    assert puzzles
    judged = {review.position.fen(): review for review in blunder_game}
    for puzzle in puzzles:
        review = judged.get(puzzle.fen)
        if review is not None:
            assert review.best.pdn() == puzzle.solution[0]
