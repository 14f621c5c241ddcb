"""Puzzles from reviewed games, their ideas, the command, the puzzle set and its schedule, and
the endgame drills (pure code; the window's puzzle screen is tested in test_gui_puzzles)."""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from test_review import BEFORE_BLUNDER, BLUNDER, moves_of, pdn_file

from checkers.ai import Limits
from checkers.ai.endgame import Result, probe, probe_plies
from checkers.board import WHITE, Move, Position
from checkers.cli import main
from checkers.coach.explain import analysis_lines
from checkers.drills import DRILLS, DrillGame, player_moves_to_win
from checkers.formats.puzzle_store import (
    Schedule,
    add_puzzles,
    load_puzzles,
    puzzles_path,
    schedule_path,
    when_words,
)
from checkers.puzzles import Puzzle, find_puzzles, puzzle_ideas, replay
from checkers.review import ReviewSetting, review_moves

SHALLOW = Limits(depth=6)


def blunder_puzzles() -> list[Puzzle]:
    reviews = list(
        review_moves(Position(), moves_of([*BEFORE_BLUNDER, BLUNDER]), ReviewSetting(SHALLOW))
    )
    return find_puzzles(reviews, SHALLOW)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


# --- finding puzzles ---------------------------------------------------------------------------


def test_the_planted_blunder_becomes_a_puzzle_whose_solution_is_a_better_legal_move() -> None:
    puzzles = blunder_puzzles()
    assert puzzles, "the blunder that gives two men away makes a puzzle"
    puzzle = next(p for p in puzzles if p.played == BLUNDER)
    position = puzzle.position
    # The position the blunder left: Black to move, and the solution is legal there.
    before = Position.from_fen(puzzles[0].fen)
    assert before.turn.opponent is WHITE
    first = Move.from_pdn(puzzle.solution[0], position)
    assert first in position.legal_moves()
    assert puzzle.solution[0] == "15x22x29"
    # It is better than every other legal move by at least a man, by the engine's lines.
    lines = analysis_lines(position, SHALLOW, 5).lines
    assert lines[0].move == puzzle.solution[0]
    assert all(lines[0].score - (line.score or 0.0) >= 1.0 for line in lines[1:])  # type: ignore[operator]
    assert puzzle.ply == len(BEFORE_BLUNDER) + 2  # the reply to the game's 20th move


def test_every_idea_of_a_puzzle_is_proved_by_replaying_its_line() -> None:
    for puzzle in blunder_puzzles():
        position = puzzle.position
        side = position.turn
        assert puzzle.ideas
        for idea in puzzle.ideas:
            after = replay(position, idea["line"])[-1]
            if idea["name"] == "material":
                taken = len(position.pieces(side.opponent)) - len(after.pieces(side.opponent))
                given = len(position.pieces(side)) - len(after.pieces(side))
                assert (idea["gives"], idea["takes"]) == (given, taken)
                assert taken > given
            elif idea["name"] == "crown":
                piece = after.piece_at(idea["square"])
                assert piece is not None and piece.king and piece.side is side


def test_a_move_that_throws_a_database_win_makes_a_puzzle_of_the_only_winning_move() -> None:
    start = Position.from_fen("W:WK32:BK26")  # White wins only with 32-27 (the opposition)
    moves = moves_of(["32-28", "26-31"], start)
    reviews = list(review_moves(start, moves, ReviewSetting(Limits(depth=4))))
    puzzles = find_puzzles(reviews, Limits(depth=4))
    puzzle = next(p for p in puzzles if p.fen == start.fen())
    assert puzzle.solution[0] == "32-27" and puzzle.played == "32-28"
    assert probe(start.move(Move.from_pdn("32-27", start))) is Result.LOSS
    database = next(idea for idea in puzzle.ideas if idea["name"] == "database")
    assert database["result"] == "win"
    assert database["moves"] == (probe_plies(start).plies + 1) // 2  # type: ignore[union-attr]


def test_ideas_name_a_line_that_leaves_the_opponent_without_a_move() -> None:
    position = Position.from_fen("W:W18:B14")
    ideas = puzzle_ideas(position, ["18x9"])
    names = {idea["name"] for idea in ideas}
    assert {"material", "no moves"} <= names


def test_a_puzzle_reads_back_from_its_json_and_a_damaged_one_is_refused() -> None:
    puzzle = blunder_puzzles()[0]
    assert Puzzle.from_json(json.loads(json.dumps(puzzle.as_json()))) == puzzle
    for bad in ({}, [], {"fen": "X", "solution": ["1-5"], "played": "1-5"}):
        with pytest.raises((ValueError, TypeError)):
            Puzzle.from_json(bad)
    illegal = {**puzzle.as_json(), "solution": ["1-5"]}
    with pytest.raises(ValueError):
        Puzzle.from_json(illegal)


# --- the command ---------------------------------------------------------------------------------


def test_the_command_lists_the_puzzles_as_json(tmp_path: Path) -> None:
    path = pdn_file(tmp_path, [*BEFORE_BLUNDER, BLUNDER])
    status, text = run("puzzles", str(path), "--depth", "6", "--jobs", "1", "--format", "json")
    assert status == 0
    data = json.loads(text)
    assert set(data) == {"puzzles"} and data["puzzles"]
    puzzle = data["puzzles"][0]
    assert {"fen", "solution", "played", "ideas", "game", "ply"} <= set(puzzle)
    assert puzzle["played"] == BLUNDER and puzzle["game"] == 1
    assert isinstance(puzzle["ply"], int) and puzzle["solution"][0] == "15x22x29"
    assert all({"name", "line", "text"} <= set(idea) for idea in puzzle["ideas"])
    position = Position.from_fen(puzzle["fen"])
    replay(position, puzzle["solution"])  # legal from the FEN


def test_the_command_adds_its_puzzles_to_the_windows_set_once(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = pdn_file(data, [*BEFORE_BLUNDER, BLUNDER])
    assert load_puzzles() == []
    status, _ = run("puzzles", str(path), "--depth", "6", "--jobs", "1", "--add")
    assert status == 0
    found = load_puzzles()
    assert found and any(puzzle.played == BLUNDER for puzzle in found)
    assert capsys.readouterr().err.strip() == f"{len(found)} added to Puzzles"
    status, _ = run("puzzles", str(path), "--depth", "6", "--jobs", "1", "--add")
    assert status == 0 and load_puzzles() == found  # the same positions are not added twice
    assert capsys.readouterr().err.startswith(f"0 of {len(found)} added")


def test_the_command_prints_the_puzzles_as_text(tmp_path: Path) -> None:
    path = pdn_file(tmp_path, [*BEFORE_BLUNDER, BLUNDER])
    status, text = run("puzzles", str(path), "--depth", "6", "--jobs", "1")
    assert status == 0
    assert "1 puzzle" in text.splitlines()[0]
    assert "15x22x29 wins two men" in text


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["missing.pdn"], "missing.pdn: No such file"),
        (["GAME", "--game", "4"], "there is no game 4"),
        (["GAME", "--game", "0"], "--game"),
        (["GAME", "--format", "xml"], "--format"),
    ],
)
def test_bad_input_to_the_command_is_one_line_and_a_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    path = pdn_file(tmp_path, BEFORE_BLUNDER[:4])
    argv = [
        str(path) if arg == "GAME" else str(tmp_path / arg) if arg == "missing.pdn" else arg
        for arg in argv
    ]
    status, out = run("puzzles", *argv)
    err = capsys.readouterr().err
    assert status != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err
    assert "Traceback" not in err


# --- the puzzle set and the schedule ------------------------------------------------------------


def test_a_reviewed_games_puzzles_join_the_set_once(data: Path) -> None:
    puzzles = blunder_puzzles()
    assert add_puzzles(puzzles) == (len(puzzles), None)
    assert add_puzzles(puzzles) == (0, None)  # the same positions are not added twice
    assert load_puzzles() == puzzles
    assert puzzles_path().parent == data


def test_a_damaged_puzzle_set_reads_as_empty_and_a_damaged_puzzle_is_left_out(data: Path) -> None:
    puzzles_path().write_bytes(b"\x00{not json")
    assert load_puzzles() == []
    good = blunder_puzzles()[0].as_json()
    puzzles_path().write_text(json.dumps({"version": 1, "puzzles": [{"fen": 3}, good]}))
    assert [p.fen for p in load_puzzles()] == [good["fen"]]


def test_the_schedule_keeps_a_failed_puzzle_sooner_than_a_solved_one(data: Path) -> None:
    puzzle, other = blunder_puzzles()[0], Puzzle("W:WK32:BK26", ("32-27",), "32-28", ())
    now = datetime(2026, 11, 26, 12, 0, tzinfo=timezone.utc)
    schedule = Schedule.load()
    assert schedule.due([puzzle, other], now) == [puzzle, other]  # never tried: both due
    failed = schedule.answer(puzzle, right=False, now=now)
    solved = schedule.answer(other, right=True, now=now)
    assert failed < solved
    assert failed - now <= timedelta(minutes=10)
    assert schedule.save() is None
    again = Schedule.load()
    assert again.due_at(puzzle) == failed and again.due_at(other) == solved
    assert again.due([puzzle, other], now) == []
    assert again.due([puzzle, other], failed) == [puzzle]
    assert again.next_up([puzzle, other], now) == puzzle  # the soonest when none is due
    assert schedule_path().parent == data


@pytest.mark.parametrize(
    "content",
    [b"", b"not json", b'{"cards": 3}', b'{"cards": {"x": {"due": "soon"}}}', b"\xff\xfe\x00"],
)
def test_a_damaged_schedule_never_stops_play(data: Path, content: bytes) -> None:
    schedule_path().write_bytes(content)
    puzzle = blunder_puzzles()[0]
    schedule = Schedule.load()
    assert schedule.damaged and schedule.cards == {}
    assert schedule.due([puzzle]) == [puzzle]  # everything is due again, nothing is lost
    schedule.answer(puzzle, right=True)
    assert schedule.save() is None
    assert not Schedule.load().damaged


def test_a_schedule_that_cannot_be_written_says_so_in_one_line(data: Path) -> None:
    schedule_path().mkdir()  # a folder where the file should be
    schedule = Schedule.load()
    schedule.answer(Puzzle("W:WK32:BK26", ("32-27",), "32-28", ()), right=True)
    problem = schedule.save()
    assert problem is not None and "\n" not in problem and "not saved" in problem


def test_due_times_are_told_in_plain_words() -> None:
    now = datetime(2026, 11, 26, 12, 0, tzinfo=timezone.utc)
    assert when_words(now, now) == "now"
    assert when_words(now + timedelta(minutes=10), now) == "in 10 minutes"
    assert when_words(now + timedelta(days=3), now) == "in 3 days"


# --- endgame drills -------------------------------------------------------------------------------


SHIPPED_DRILLS = [drill for drill in DRILLS if not drill.tables]
"""The drills the shipped databases judge (three kings against two is judged by the slice built
for it, in test_drill_tables)."""


@pytest.mark.parametrize("drill", SHIPPED_DRILLS, ids=[drill.name for drill in SHIPPED_DRILLS])
def test_every_drill_is_a_database_win_for_the_side_to_move(drill: object) -> None:
    game = DrillGame(drill)  # type: ignore[arg-type]
    assert probe(game.position) is Result.WIN
    assert game.win_in() == game.best_possible > 0


def test_first_position_is_the_books_position_and_its_first_move_keeps_the_win() -> None:
    game = DrillGame(DRILLS[0])
    assert game.drill.name == "First Position" and game.position.fen() == "W:WK15,20:B12,K28"
    assert game.play(Move.from_pdn("15-19", game.position)) is None  # the books' first move
    assert game.win_in() == game.best_possible - 1  # one move made, one fewer to go
    assert game.reply() is not None


def test_the_best_play_wins_a_drill_as_fast_as_the_databases() -> None:
    game = DrillGame(DRILLS[1])
    while game.record.outcome is None:
        if game.player_to_move():
            best = game.endgames.best_move(game.position)
            assert best is not None
            assert game.play(best) is None
        else:
            game.reply()
    assert game.result_words() == (
        f"Won in {game.best_possible} moves (Black has no pieces left): as fast as the databases."
    )


def test_a_move_that_throws_the_win_is_pointed_out_with_the_move_that_kept_it() -> None:
    game = DrillGame(DRILLS[2])  # king against king: only 32-27 takes the opposition
    thrown = game.play(Move.from_pdn("32-28", game.position))
    assert thrown is not None and thrown.kept.pdn() == "32-27"
    assert game.win_in() is None and game.thrown == [thrown]
    assert "32-28" in thrown.words() and "32-27 kept it" in thrown.words()
    assert game.take_back() and game.thrown == []
    assert player_moves_to_win(game.position, game.player, game.endgames) == game.best_possible


def test_a_puzzles_ideas_name_the_shot_the_coach_proves() -> None:
    """The issue's first problem as a puzzle: its solution's ideas name White's shot (gives
    one, takes two), proved by the coach, before the material it wins."""
    from checkers.coach import ideas as coach_ideas

    position = Position.from_fen("W:W32,27,24,22:B20,15,10,7")
    solution = ["27-23", "20x27", "23-18", "7-11", "32x23", "10-14", "18x9"]
    found = puzzle_ideas(position, solution)
    names = [idea["name"] for idea in found]
    assert names[0] == "shot" and found[0]["gives"] == 1 and found[0]["takes"] == 2
    assert "material" in names
    assert found[0]["text"] == next(i.text for i in coach_ideas(position, solution))


def test_a_crowning_a_named_idea_says_is_not_said_again() -> None:
    """Walk 2026-11-30k, problem book problem 2: "White's breakthrough: gives four men and
    crowns on 1 (22-17 ... 6-1). 22-17 ... 6-1 crowns a king on 1." The line once."""
    from checkers.puzzle_import import problem_book

    puzzle = problem_book().puzzles[1]
    names = [idea["name"] for idea in puzzle.ideas]
    # Walk 2026-12-01w: four men given for a king is no breakthrough; the ideas go on to what
    # the king then takes, five pieces (the explanation stopped at the crowning).
    assert "breakthrough" not in names, puzzle.ideas
    shot = next(idea for idea in puzzle.ideas if idea["name"] == "shot")
    assert (shot["gives"], shot["takes"]) == (4, 5), shot
    assert sum(idea["text"].count("crowns a king on 1") for idea in puzzle.ideas) <= 1


def test_the_look_for_puzzles_says_how_far_it_is() -> None:
    # Walk 2026-11-30k: "Looking for puzzles in it..." stood for over a minute, saying nothing
    # of how far it was. The look tells, before each move that went wrong and at its end.
    from checkers.gui.game_view.review import looking_words

    start = Position.from_fen("W:WK32:BK26")
    moves = moves_of(["32-28", "26-31"], start)
    reviews = list(review_moves(start, moves, ReviewSetting(Limits(depth=4))))
    told: list[tuple[int, int]] = []
    puzzles = find_puzzles(reviews, Limits(depth=4), progress=lambda *at: told.append(at))
    assert puzzles and told[0] == (0, len(told) - 1) and told[-1] == (len(told) - 1,) * 2
    assert [done for done, _ in told] == list(range(len(told)))
    assert looking_words(1, 2) == "Looking for puzzles in it: 1 of 2 moves that went wrong... "
