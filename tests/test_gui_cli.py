"""The game's command line: `play`, `watch`, `watch --headless`, and the no-display message."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from checkers.cli import main
from checkers.gui.window_cli import NO_DISPLAY_STATUS, display_problem

WATCH_QUICKLY = [
    "watch",
    "--headless",
    "--black-algorithm",
    "alphabeta",
    "--black-depth",
    "2",
    "--white-algorithm",
    "alphabeta",
    "--white-depth",
    "3",
]


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def no_display_env() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    return env


def test_watch_headless_prints_a_board_per_move_and_the_result() -> None:
    status, out = run(*WATCH_QUICKLY)
    assert status == 0
    assert out.startswith(
        "Black: AI (custom: alphabeta/seed depth 2)\nWhite: AI (custom: alphabeta/seed depth 3)\n"
    )
    lines = out.splitlines()
    plies = [line for line in lines if line[:1].isdigit()]
    boards = [line for line in lines if line.endswith(" to move")]
    assert plies[0].startswith("1. ") and "depth 2" in plies[0]
    assert len(boards) == len(plies) + 1  # the start, then one board per move
    last = lines[-1]
    moves = (len(plies) + 1) // 2  # Black's and White's halves of a move together
    assert last.startswith(f"Game over after {moves} move{'' if moves == 1 else 's'}. ")
    assert last.split()[-1] in ("1-0", "0-1", "1/2-1/2")


def test_watch_headless_from_a_position_ends_by_the_rules() -> None:
    status, out = run(*WATCH_QUICKLY, "--fen", "W:WK32:BK1")  # two lone kings
    last = out.splitlines()[-1]
    assert status == 0 and last.startswith("Game over after ")
    assert any(
        reason in last
        for reason in ("has no pieces left", "is blocked", "threefold repetition", "40-move rule")
    )


def test_watch_headless_numbers_moves_as_pdn_does_when_white_begins() -> None:
    # It printed `1... 22-18` then `1. 9-13`: Black's reply belongs to move 2.
    status, out = run(*WATCH_QUICKLY, "--fen", "W:W21-32:B1-12")
    moves = [line.split("   (")[0] for line in out.splitlines() if line[:1].isdigit()]
    assert status == 0 and moves[0].startswith("1. ... ") and moves[1].startswith("2. ")
    assert moves[2].startswith("2. ... ")


def test_watch_headless_gives_won_scores_in_moves_and_others_in_men() -> None:
    # Black's king takes White's last man at once: a proven win, counted in moves, not in men.
    status, out = run(*WATCH_QUICKLY, "--fen", "B:W14:BK10")
    first = next(line for line in out.splitlines() if line[:1].isdigit())
    assert status == 0 and "(Black: depth " in first and ", wins in 1 move," in first
    assert " men" not in first
    status, out = run(*WATCH_QUICKLY)
    first = next(line for line in out.splitlines() if line[:1].isdigit())
    assert status == 0 and " men, " in first


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["play", "--black-depth", "4"], "--black-depth is for an AI player; add --black ai"),
        (["play", "--white-level", "strong", "--white-depth", "3"], "not both"),
        (["play", "--white-level", "grandmaster"], "choose one of: beginner"),
        (["watch", "--white-algorithm", "nope"], "unknown algorithm 'nope'; choose one of:"),
        (["watch", "--black-depth", "3", "--black-time", "1"], "a depth or a time"),
        (["watch", "--black-time", "0"], "more than 0 seconds"),
        (["watch", "--fen", "X:W1:B2"], "invalid FEN"),
    ],
)
def test_bad_game_options_are_one_line_with_status_2(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(*argv)
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and problem in err


def test_no_display_is_detected_before_any_window() -> None:
    assert display_problem({}, "linux") == "no display (DISPLAY and WAYLAND_DISPLAY are not set)"
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert display_problem({}, "darwin") is None


@pytest.mark.parametrize("argv", [[], ["play", "--white-depth", "6"], ["watch"]])
def test_without_a_display_the_game_says_so_in_one_line(argv: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "checkers.cli", *argv],
        env=no_display_env(),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == NO_DISPLAY_STATUS and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert "no display" in result.stderr and "checkers watch --headless" in result.stderr


def test_the_command_line_and_the_game_logic_import_no_pygame() -> None:
    code = (
        "import sys, checkers.cli, checkers.gui.controller, checkers.gui.headless, "
        "checkers.ai.levels; print('pygame' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=60
    )
    assert result.stdout.strip() == "False"
