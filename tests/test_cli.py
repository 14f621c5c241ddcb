"""The command line: output a user reads and one-line errors for bad input."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from checkers.cli import main


def run(*argv: str) -> tuple[int, str]:
    """Run the CLI in-process; returns (exit status, stdout)."""
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_moves_lists_the_opening_moves() -> None:
    status, out = run("moves")
    assert status == 0
    assert out.split() == ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]


def test_moves_prints_every_landing_square_of_a_capture() -> None:
    status, out = run("moves", "B:W9,10,11,18,19,26,27:B5")
    assert status == 0 and out.split() == ["5x14x23x30", "5x14x23x32"]


def test_moves_prints_nothing_for_a_side_that_has_lost() -> None:
    status, out = run("moves", "W:W5,6,7,8:B1,2,3,4")
    assert status == 0 and out == ""


def test_perft_reports_count_time_and_speed() -> None:
    status, out = run("perft", "4")
    assert status == 0
    assert out.startswith("perft 4: 1469 leaves in ") and "M leaves/s" in out


def test_perft_divide_lists_each_first_move() -> None:
    _status, out = run("perft", "2", "--divide", "--fen", "B:W21-32:B1-12")
    lines = out.splitlines()
    assert lines[:7] == [
        "9-13: 7",
        "9-14: 7",
        "10-14: 7",
        "10-15: 7",
        "11-15: 7",
        "11-16: 7",
        "12-16: 7",
    ]
    assert lines[7].startswith("perft 2: 49 leaves")


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["moves", "X:W21:B1"], "unknown side to move"),
        (["moves", "B:W33:B1"], "not between 1 and 32"),
        (["moves", "B:W1,1:B2"], "appears twice"),
        (["moves", "B:W1:B1"], "used by both sides"),
        (["moves", "hello"], "invalid FEN"),
        (["perft", "-1"], "negative"),
        (["perft", "three"], "not a whole number"),
        (["perft", "2", "--fen", "B:W:Bx"], "not a square"),
        (["nonsense"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_status_2(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(*argv)
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and problem in err and err.startswith("checkers: error:")


def test_real_process_exits_2_without_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "checkers.cli", "moves", "B:W0:B1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1


def test_text_game_plays_typed_moves_and_rejects_illegal_ones() -> None:
    typed = iter(["11-15", "11-16", "moves", "23-19", "undo", "quit"])
    out = io.StringIO()
    from checkers.cli import build_parser, cmd_text_game

    args = build_parser().parse_args(["text"])
    assert cmd_text_game(args, out, read_line=lambda prompt: next(typed)) == 0
    text = out.getvalue()
    assert "Not played: 11-16 is not a legal move" in text
    assert "Legal moves: 21-17 22-17 22-18 23-18 23-19 24-19 24-20" in text
    assert "Took back 23-19" in text


def test_text_game_announces_the_end() -> None:
    typed = iter(["10x17"])
    out = io.StringIO()
    from checkers.cli import build_parser, cmd_text_game

    args = build_parser().parse_args(["text", "--fen", "B:W14:B10"])
    cmd_text_game(args, out, read_line=lambda prompt: next(typed))
    assert "Game over. Black wins: White has no pieces left." in out.getvalue()
