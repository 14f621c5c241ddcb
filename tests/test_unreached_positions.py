"""A position no game reaches (`B:W:B1`: White has no pieces, yet Black is to move) is refused
in one line wherever a search or a game starts from a position a person gives, instead of being
searched and reported as a win in 1."""

from __future__ import annotations

import io

import pytest
from piped_session import answered

from checkers.board import Position, turn_problem
from checkers.cli import main
from checkers.formats.pdn import read_games
from checkers.protocol import run_engine

UNREACHED = "B:W:B1"
PROBLEM = "White has no pieces, yet Black is to move: no game gets there"


def test_the_side_that_has_just_moved_without_pieces_is_named() -> None:
    assert PROBLEM in (turn_problem(Position.from_fen(UNREACHED)) or "")
    assert "Black has no pieces, yet White" in (turn_problem(Position.from_fen("W:WK5:B")) or "")
    # The side to move without pieces is how a game ends: that is reached, and lost.
    assert turn_problem(Position.from_fen("W:W:B1")) is None
    assert turn_problem(Position()) is None


@pytest.mark.parametrize(
    "argv",
    [
        ["analyse", UNREACHED, "--depth", "3"],
        ["tree", UNREACHED, "--depth", "2"],
        ["play", "--fen", UNREACHED],
        ["text", "--fen", UNREACHED],
    ],
)
def test_the_command_line_refuses_it_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    assert main(argv, out=out) == 2
    err = capsys.readouterr().err
    assert PROBLEM in err and len(err.splitlines()) == 1
    assert "win" not in out.getvalue() + err


def test_the_engine_protocol_says_so_and_keeps_its_position() -> None:
    out = io.StringIO()
    run_engine(answered([f"position fen {UNREACHED}\n", "go depth 2\n", "quit\n"], out), out)
    lines = out.getvalue().splitlines()
    assert any(line.startswith("info string error: ") and PROBLEM in line for line in lines)
    best = [line for line in lines if line.startswith("bestmove")]
    assert best and best[-1] != "bestmove 1-5"  # searched from the start, not the bad FEN
    assert not any("score 999999" in line for line in lines)


def test_a_pdn_game_set_up_there_is_reported_and_the_others_read() -> None:
    text = (
        f'[Event "bad"]\n[SetUp "1"]\n[FEN "{UNREACHED}"]\n1. 1-5 *\n\n[Event "good"]\n1. 11-15 *\n'
    )
    problems: list[Exception] = []
    games = read_games(text, "set.pdn", problems.append)
    assert [game.tags["Event"] for game in games] == ["good"]
    assert len(problems) == 1 and PROBLEM in str(problems[0]) and "line 3" in str(problems[0])
