"""The review that teaches: a "!" for a correct shot, the databases' verdict on a move that
throws a result away, the only move that keeps it, and what each mistake missed or walked into."""

from __future__ import annotations

import io
import json
from pathlib import Path

from checkers.ai.search import WIN, Limits
from checkers.board import Move, Position
from checkers.cli import main
from checkers.coach import proves
from checkers.coach.teaching import database_change
from checkers.review import Label, PositionScore, ReviewSetting, judge, review_moves

FIRST_PROBLEM = "W:W32,27,24,22:B20,15,10,7"
SETTING = ReviewSetting(Limits(depth=12))


def _review(fen: str, moves: list[str]):  # type: ignore[no-untyped-def]
    position = Position(fen)
    played = []
    for text in moves:
        move = Move.from_pdn(text, position)
        played.append(move)
        position = position.move(move)
    return list(review_moves(Position(fen), played, SETTING))


def test_the_winning_shot_gets_an_exclamation_mark_and_its_idea() -> None:
    review = _review(FIRST_PROBLEM, ["27-23"])[0]
    assert review.label is Label.BEST and review.mark == "!"
    shot = review.lesson.ideas[0]
    assert shot.name == "shot" and proves(Position(FIRST_PROBLEM), shot)
    assert review.lesson.note.startswith("White's shot: 27-23 gives a man and takes two men")


def test_a_blunder_names_the_shot_it_missed() -> None:
    review = _review(FIRST_PROBLEM, ["22-18"])[0]
    assert review.label is Label.BLUNDER and review.mark == "??"
    assert review.lesson.note.startswith("misses White's shot: 27-23 gives a man")


def test_a_move_into_a_shot_says_it_walks_into_it() -> None:
    # The Goose Walk: White's 28-24 lets Black's pitches and the 11x18x25 stroke through (so
    # does 27-24, but with the pattern tables the review's line after it names no idea).
    fen = "W:W32,31,30,28,27,26,23,22,21,20,18:B16,15,11,9,8,7,6,5,3,2,1"
    review = _review(fen, ["28-24"])[0]
    assert review.label in (Label.MISTAKE, Label.BLUNDER)
    assert review.lesson.note.startswith("walks into Black's ")
    assert review.lesson.ideas and all(proves(Position(fen), idea) for idea in review.lesson.ideas)


def test_inside_the_databases_a_result_thrown_away_is_a_blunder_whatever_the_scores() -> None:
    position = Position("W:WK19,K23:BK28,12")  # First Position: White wins
    move = Move.from_pdn("19-16", position)  # 12x19x26 follows: the win is gone
    change, only = database_change(position, move)
    assert change == "turns a database win into a loss" and not only
    # Scores that say nothing was lost: the databases decide all the same.
    level = PositionScore(move, 0.0, (move,), 10)
    review = judge(1, position, move, level, PositionScore(None, 0.0), 100.0)
    assert review.loss == 0.0 and review.label is Label.BLUNDER
    assert "turns a database win into a loss" in review.lesson.result_change


def test_the_only_move_that_keeps_the_database_win_is_marked() -> None:
    position = Position("W:WK29,K20:BK19")
    move = Move.from_pdn("29-25", position)
    assert database_change(position, move) == ("", True)
    won = PositionScore(move, float(WIN - 21), (move,), 10)
    review = judge(1, position, move, won, PositionScore(None, float(20 - WIN)), 100.0)
    assert review.lesson.only_move and review.label is not Label.BLUNDER


def test_the_review_command_prints_what_each_move_teaches(tmp_path: Path) -> None:
    game = tmp_path / "game.pdn"
    game.write_text(
        f'[Event "t"]\n[SetUp "1"]\n[FEN "{FIRST_PROBLEM}"]\n[Result "*"]\n1. ... 22-18 15x22 *\n',
        encoding="utf-8",
    )
    out = io.StringIO()
    assert main(["review", str(game), "--depth", "10"], out) == 0
    assert "22-18?? misses White's shot: 27-23" in out.getvalue()
    out = io.StringIO()
    assert main(["review", str(game), "--depth", "10", "--format", "json"], out) == 0
    first = json.loads(out.getvalue())
    moves = first["games"][0]["moves"] if "games" in first else first["moves"]
    assert moves[0]["mark"] == "??" and moves[0]["ideas"][0]["name"] == "shot"
