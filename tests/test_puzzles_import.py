"""A published problem collection imported as a puzzle set (`checkers puzzles --import FILE`),
bad files refused in one line, and the schedule giving what fsrs computes."""

from __future__ import annotations

import io
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from fsrs import Card, Rating, Scheduler, State

from checkers.board import Position
from checkers.cli import main
from checkers.formats.puzzle_store import LEARNING_STEPS, Schedule, load_puzzles
from checkers.puzzle_import import IMPORTED, CollectionRefused, import_collection
from checkers.puzzles import replay

COLLECTION = Path(__file__).parent / "data" / "problems-dev.pdn"
NOW = datetime(2026, 11, 28, 12, 0, tzinfo=timezone.utc)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_a_published_collection_imports_each_problem_as_a_puzzle() -> None:
    collection = import_collection(COLLECTION)
    assert len(collection.puzzles) == 20 and collection.skipped == 0
    first = collection.puzzles[0]
    assert first.fen == Position("W:WK30,22,16,K2:B21,14,13,K10").fen()
    assert first.solution[:3] == ("2-7", "10x3", "16-11") and first.played == IMPORTED
    assert "Checker School" in first.source
    for puzzle in collection.puzzles:
        replay(puzzle.position, puzzle.solution)  # each solution legal from its FEN
    assert any(idea["name"] == "pitch" for p in collection.puzzles for idea in p.ideas)


def test_the_command_imports_a_collection_into_the_windows_set_once(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = run("puzzles", "--import", str(COLLECTION))
    assert status == 0 and "problems-dev.pdn: 20 puzzles" in text
    assert "20 of 20 added to Puzzles" in capsys.readouterr().err
    assert len(load_puzzles()) == 20
    status, _ = run("puzzles", "--import", str(COLLECTION), "--format", "json")
    assert status == 0 and "0 of 20 added" in capsys.readouterr().err
    assert len(load_puzzles()) == 20


def _bad_files(tmp_path: Path) -> list[Path]:
    opening = tmp_path / "games.pdn"
    opening.write_text('[Event "a game"]\n\n1. 11-15 23-19 *\n')
    binary = tmp_path / "binary.pdn"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    empty = tmp_path / "empty.pdn"
    empty.write_text("")
    fifo = tmp_path / "fifo.pdn"
    os.mkfifo(fifo)
    return [opening, binary, empty, fifo, tmp_path, tmp_path / "missing.pdn"]


def test_a_file_that_gives_no_puzzle_is_one_line_and_a_failure(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in _bad_files(tmp_path):
        with pytest.raises(CollectionRefused):
            import_collection(path)
        status, text = run("puzzles", "--import", str(path))
        err = capsys.readouterr().err
        assert status == 1 and text == "", path
        assert err.count("\n") == 1 and err.startswith("checkers: cannot import"), err
        assert "Traceback" not in err
    assert load_puzzles() == []


def test_a_right_answer_comes_back_in_the_days_fsrs_computes_a_wrong_one_in_minutes(
    data: Path,
) -> None:
    imported = import_collection(COLLECTION).puzzles
    solved, missed = imported[0], imported[1]
    schedule = Schedule.load()
    due = schedule.answer(solved, right=True, now=NOW)
    # What the scheduler computes for a new card answered Good, with the same steps.
    scheduler = Scheduler(learning_steps=LEARNING_STEPS, enable_fuzzing=False)
    expected, _ = scheduler.review_card(Card(), Rating.Good, NOW)
    assert expected.state is State.Review and due == expected.due
    assert due - NOW >= timedelta(days=1)  # learned: days, not the 10 minutes of a step
    again = schedule.answer(solved, right=True, now=due)
    assert again - due > due - NOW  # then longer
    assert schedule.answer(missed, right=False, now=NOW) - NOW == timedelta(minutes=10)


@pytest.mark.slow
def test_every_problem_of_the_book_has_its_published_first_move_clearly_best() -> None:
    # What tools/problem_book.py checked when it made the book: a player marked wrong for
    # another move must not have found another win.
    from checkers.ai.search import Limits
    from checkers.puzzle_import import problem_book
    from checkers.puzzles import first_clear_move

    for puzzle in problem_book().puzzles:
        assert first_clear_move(puzzle.position, Limits(depth=16)) == puzzle.solution[0], puzzle
