"""Each puzzle is checked before it is kept: both kinds from a reviewed game (what was missed,
how to punish), the answer clearly best by the review's own rule at every step the player
makes, and no puzzle from a position that stays won, or lost, whatever is played."""

from __future__ import annotations

import dataclasses

import pytest
from test_review import BEFORE_BLUNDER, BLUNDER, moves_of

from checkers.ai import Limits
from checkers.ai.endgame import Result, default_endgames
from checkers.board import Move, Position
from checkers.coach.explain import analysis_lines
from checkers.puzzles import Puzzle, clear_solution, find_puzzles, first_choice, replay
from checkers.review import Label, ReviewSetting, expected_result, label_for, review_moves

SHALLOW = Limits(depth=6)
SHOT = "W:W32,27,24,22:B20,15,10,7"
"""White to play wins a man with 27-23 (the first published problem); 32-28 throws it away and
lets Black squeeze with 10-14."""


def _puzzles(start: Position, texts: list[str]) -> list[Puzzle]:
    reviews = list(review_moves(start, moves_of(texts, start), ReviewSetting(SHALLOW)))
    return find_puzzles(reviews, SHALLOW)


def _expected(score: float | None, win_in: int | None) -> float:
    if win_in is not None:
        return 1.0 if win_in > 0 else 0.0
    return expected_result(score or 0.0)


def _clearly_best(position: Position, move: str) -> bool:
    """Whether `move` is the only move that keeps the databases' result, or the engine's best
    with every other move a mistake or a blunder by the review's labels: counted here again."""
    databases = default_endgames()
    if databases.probe(position) is not None:
        keep = {Result.WIN: Result.LOSS, Result.DRAW: Result.DRAW}[databases.probe(position)]  # type: ignore[index]
        keepers = [
            m.pdn() for m in position.legal_moves() if databases.probe(position.move(m)) is keep
        ]
        return keepers == [move]
    lines = analysis_lines(position, SHALLOW, 2).lines
    drop = (
        _expected(lines[0].score, lines[0].win_in) - _expected(lines[1].score, lines[1].win_in)
    ) * 100
    return lines[0].move == move and label_for(drop) in (Label.MISTAKE, Label.BLUNDER)


def _unique_at_every_step(puzzle: Puzzle) -> bool:
    positions = replay(puzzle.position, puzzle.solution)
    return all(
        _clearly_best(positions[index], puzzle.solution[index])
        for index in range(0, len(puzzle.solution), 2)
        if len(positions[index].legal_moves()) > 1
    )


def test_a_reviewed_game_yields_both_kinds_each_unique_at_every_step() -> None:
    start = Position(SHOT)
    puzzles = _puzzles(start, ["32-28"])
    missed = next(p for p in puzzles if p.fen == start.fen())
    assert missed.played == "32-28" and missed.solution[0] == "27-23"
    assert any(idea["name"] == "shot" for idea in missed.ideas)
    punish = next(p for p in puzzles if p.fen != start.fen())
    assert punish.position.turn is not start.turn and punish.ply == 2
    assert punish.solution[0] == "10-14"
    assert {idea["name"] for idea in punish.ideas} >= {"squeeze", "material"}
    assert all(_unique_at_every_step(puzzle) for puzzle in puzzles)


def test_the_planted_blunder_is_punished_by_a_unique_better_move() -> None:
    puzzles = _puzzles(Position(), [*BEFORE_BLUNDER, BLUNDER])
    punish = next(p for p in puzzles if p.played == BLUNDER)
    position = punish.position
    assert Move.from_pdn(punish.solution[0], position) in position.legal_moves()
    assert punish.solution[0] != BLUNDER and _unique_at_every_step(punish)


@pytest.mark.parametrize(
    "fen",
    [
        # 16-12 keeps a man more than 18-14 (5.25 against 4.15 at depth 6), but White stays
        # over four men up either way: no move there is a mistake, nothing to find.
        "W:W15,16,18,21,26,27:B5,8,19",
        # 13-9 loses a man less than 28-24 (-4.3 against -5.8): lost either way.
        "W:W13,22,28:B5,15,17,19,25,26",
    ],
)
def test_a_position_that_stays_won_or_lost_whatever_is_played_makes_no_puzzle(fen: str) -> None:
    position = Position(fen)
    lines = analysis_lines(position, SHALLOW, 2).lines
    first, second = lines[0].score or 0.0, lines[1].score or 0.0
    assert first - second >= 1.0 and min(abs(first), abs(second)) > 3  # a man apart, decided
    assert clear_solution(position, SHALLOW) is None


def test_a_database_position_won_by_every_move_makes_no_puzzle() -> None:
    position = Position("W:WK1,K2:BK32")
    databases = default_endgames()
    assert all(
        databases.probe(position.move(move)) is Result.LOSS for move in position.legal_moves()
    )
    assert clear_solution(position, SHALLOW) is None


def test_a_forced_punishing_capture_moves_the_puzzle_to_the_first_real_choice() -> None:
    start = Position(SHOT)
    after = start.move(Move.from_pdn("22-18", start))
    assert len(after.legal_moves()) == 1  # 15x22 is forced: nothing to find there
    found = first_choice(after, 2, SHALLOW)
    assert found is not None
    position, ply = found
    assert ply == 4 and position.turn is after.turn and len(position.legal_moves()) > 1


def test_no_material_is_claimed_while_the_opponent_still_has_a_recapture() -> None:
    # The walk of 2026-11-28: a puzzle said "24-20 15x24 22x15x6 wins a man (gives 1, takes 2)"
    # where Black's 1x10 takes the man back at once (the review said "exchanges two men for two").
    from checkers.puzzles import puzzle_ideas

    position = Position.from_fen("W:W19,22,24,25,32:B1,10,15,18")
    ideas = puzzle_ideas(position, ["24-20", "15x24", "22x15x6"])
    assert not [idea for idea in ideas if idea["name"] == "material"]


def test_a_puzzle_agrees_with_the_reviews_judgement_of_the_move_played_there() -> None:
    """The walk of 2026-11-29d: a puzzle called 26x17 wrong ("25x18 wins a man") where the
    review of the same move called it an inaccuracy of 0.45 men. A puzzle of a position the
    game reached stands only where the review judged the move played there a mistake or a
    blunder, and names the review's best move as its answer."""
    start = Position(SHOT)
    moves = moves_of(["32-28", "15-19"], start)
    reviews = list(review_moves(start, moves, ReviewSetting(SHALLOW)))
    reply = reviews[1]
    punished = [p for p in find_puzzles(reviews, SHALLOW) if p.ply == 2]
    assert punished
    for puzzle in punished:  # as the review judged it: 15-19 went wrong, 10-14 was best
        assert reply.label in (Label.MISTAKE, Label.BLUNDER)
        assert puzzle.solution[0] == reply.best.pdn() != "15-19"
    # The same game with the review judging the reply an inaccuracy: no puzzle says it was
    # wrong; with another best move: no puzzle names a different answer.
    mild = [reviews[0], dataclasses.replace(reply, label=Label.INACCURACY)]
    assert not [p for p in find_puzzles(mild, SHALLOW) if p.ply == 2]
    other = next(m for m in reply.position.legal_moves() if m.pdn() not in ("10-14", "15-19"))
    elsewhere = [reviews[0], dataclasses.replace(reply, best=other)]
    assert not [p for p in find_puzzles(elsewhere, SHALLOW) if p.ply == 2]
    # The move's own position still makes its puzzle (the review called 32-28 a mistake).
    assert any(
        p.ply == 1 and p.solution[0] == reviews[0].best.pdn() for p in find_puzzles(mild, SHALLOW)
    )
