"""Files other programs export: algebraic squares with Black at the bottom of the board, a
capture written as numbered single jumps, and a short capture that fits two routes."""

from __future__ import annotations

from pathlib import Path

import pytest

from checkers.board import Move
from checkers.formats.pdn import PdnError, open_archive, open_game, read_game

DATA = Path(__file__).parent / "data" / "pdn"

# The game both files of site_black_at_bottom.pdn hold, in square numbers.
SITE_GAME = [
    "11-15",
    "24-19",
    "15x24",
    "27x20",
    "7-11",
    "23-19",
    "9-13",
    "22-17",
    "13x22",
    "25x18",
    "2-7",
    "29-25",
    "11-16",
    "20x11x2",
    "8-11",
    "2x9",
    "5x14x23",
    "32-27",
    "23x32",
    "19-15",
]


def test_algebraic_export_with_black_at_the_bottom_reads_the_board_turned() -> None:
    game = open_game(DATA / "site_black_at_bottom.pdn", 1)
    # `1. c3-d4 b6-c5` on a board with Black at the bottom is 11-15 24-19.
    assert [move.pdn() for move in game.moves] == SITE_GAME
    assert game.result == "1-0" and game.tags["White"] == "tomasz"


def test_a_capture_written_as_numbered_single_jumps_is_one_move() -> None:
    games, problems = open_archive(DATA / "site_black_at_bottom.pdn").read_all()
    assert problems == []
    for game in games:  # `7. ... a5xc3 8. c3xe1`, and `7. ... 20x11 8. 11x2` in numbers
        assert len(game.moves) == 20 and game.moves[13] == Move((20, 11, 2))
        assert [move.pdn() for move in game.moves] == SITE_GAME


def test_single_jumps_that_stop_before_the_capture_ends_are_refused_in_one_line() -> None:
    with pytest.raises(PdnError) as caught:
        read_game(
            "1. 11-15 24-19 2. 15x24 27x20 3. 7-11 23-19 4. 9-13 22-17 5. 13x22 25x18 "
            "6. 2-7 29-25 7. 11-16 7. ... 20x11 8. 8-12 *"
        )
    assert "move 7 (White) 20x11 stops on 11, but the capture must go on from there" in str(
        caught.value
    )
    with pytest.raises(PdnError, match="20x11 stops on 11"):
        read_game(
            "1. 11-15 24-19 2. 15x24 27x20 3. 7-11 23-19 4. 9-13 22-17 5. 13x22 25x18 "
            "6. 2-7 29-25 7. 11-16 7. ... 20x11 *"
        )


def test_a_short_capture_takes_the_only_route_the_rest_of_the_game_allows() -> None:
    games, problems = open_archive(DATA / "short_capture_routes.pdn").read_all()
    # Game 1 goes on with 22-18, which only 10x19x26 leaves on the board; game 2 with the
    # capture 31x22 that only 10x17x26 makes compulsory.
    assert games[0].moves[0] == Move((10, 19, 26)) and len(games[0].moves) == 7
    assert games[1].moves[0] == Move((10, 17, 26)) and len(games[1].moves) == 4
    # Game 3 reads either way: which route was played cannot be told, and it is said.
    assert len(games) == 2 and len(problems) == 1
    assert str(problems[0]) == (
        "short_capture_routes.pdn, game 3, line 26: move 1 (Black) 10x26 is ambiguous here: "
        "it could be 10x17x26, 10x19x26, and the rest of the game reads either way"
    )


def test_a_short_capture_no_route_of_which_reads_names_the_furthest_problem() -> None:
    text = '[FEN "B:W14,15,22,23,28,31:B1,3,10,12"]\n1. 10x26 22-18 2. 26-30 18-11 *'
    with pytest.raises(PdnError, match=r"move 2 \(White\) 18-11 is not legal here"):
        read_game(text)


def test_a_turned_board_export_with_a_bad_move_names_that_move_not_the_first() -> None:
    text = (DATA / "site_black_at_bottom.pdn").read_text().replace("b8-c7", "b8-a7", 1)
    with pytest.raises(PdnError, match=r"move 10 \(White\) b8-a7 is not legal here"):
        read_game(text)
