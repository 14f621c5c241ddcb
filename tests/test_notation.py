"""The one numbered-move formatter, as the reports, the command line and the window use it."""

from __future__ import annotations

from checkers.board import Move
from checkers.notation import men_count, men_text, move_rows, numbered_moves, result_text

OPENING = ["11-15", "23-19", "8-11"]


def test_moves_read_as_players_write_them_from_either_side_and_any_move_number() -> None:
    moves = [Move.from_pdn(text) for text in OPENING]
    assert numbered_moves(moves) == "1. 11-15 23-19 2. 8-11"
    assert numbered_moves(OPENING) == numbered_moves(moves)  # PDN text or moves alike
    assert numbered_moves(OPENING[1:], black_first=False) == "1. ... 23-19 2. 8-11"
    assert numbered_moves(["24-19", "11-15"], False, 4) == "4. ... 24-19 5. 11-15"
    assert numbered_moves([]) == ""


def test_rows_hold_each_move_once_under_its_number() -> None:
    assert move_rows(OPENING) == [("1.", "11-15", "23-19"), ("2.", "8-11", "")]
    assert move_rows(OPENING[1:], black_first=False) == [("1.", "...", "23-19"), ("2.", "8-11", "")]


def test_a_score_in_men_is_signed_to_two_places_and_never_minus_zero() -> None:
    assert [men_text(men) for men in (0.25, -1, 0, -0.004, -0.006)] == [
        "+0.25",
        "-1.00",
        "+0.00",
        "+0.00",  # it read -0.00 in the book, the review and the game's own score text
        "-0.01",
    ]


def test_an_amount_of_men_reads_as_a_player_counts_it() -> None:
    # The walk read "lost 1.00 men": a whole or half count in plain words, else two places.
    said = {men: men_count(men) for men in (1.0, 2.0, 0.5, 1.5, 2.5, 0.45, 0.0, -1.0, 1.004)}
    assert said == {
        1.0: "one man",
        2.0: "2 men",
        0.5: "half a man",
        1.5: "one and a half men",
        2.5: "2.5 men",
        0.45: "0.45 men",
        0.0: "no men",
        -1.0: "one man",
        1.004: "one man",
    }


def test_a_forced_results_words_read_back_to_its_moves() -> None:
    """`result_moves` reads what `result_text` writes (the explorer's column and Why?'s level
    count read a figure back); any other figure is no forced result."""
    from checkers.notation import result_moves, result_text

    for moves in (1, 3, 12):
        assert result_moves(result_text(moves)) == moves
        assert result_moves(result_text(moves, wins=False)) == -moves
    assert result_moves("even") is None and result_moves("+0.30") is None


def test_a_game_already_over_reads_won_or_lost_not_now() -> None:
    # Walk 2026-12-01u: "After the move the AI wins now" under the capture that ended the game.
    assert result_text(0, wins=True, who="the AI") == "the AI has won"
    assert result_text(0, wins=False, who="you") == "you have lost"
    assert result_text(1, wins=True, who="the AI") == "the AI wins in 1 move"
