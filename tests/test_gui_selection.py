"""Clicks to moves, without a window: what a player sees when picking pieces and squares."""

from __future__ import annotations

from checkers.board import Move, Position
from checkers.gui.board_view.selection import Selector


def test_a_selected_piece_shows_where_it_can_go_and_a_click_there_moves_it() -> None:
    selector = Selector(Position())
    assert selector.click(11).changed and selector.selected == 11
    assert selector.destinations == {15, 16}
    result = selector.click(15)
    assert result.move == Move((11, 15)) and selector.selected is None


def test_a_compulsory_capture_cannot_be_dodged() -> None:
    selector = Selector(Position.from_fen("B:W18:B14,9"))  # 14 must jump 18; 9 may not step
    assert selector.capture_pending and selector.movable == {14}
    refused = selector.click(9)
    assert not refused.changed and selector.selected is None
    assert "compulsory" in refused.message
    # An empty square clicked meanwhile says the rule again (walk 2026-11-30f lost it for
    # "Square 13 is empty: select one of Black's pieces.").
    empty = selector.click(13)
    assert empty.message == (
        "Square 13 is empty. A capture is compulsory: select one of the marked pieces."
    )
    selector.click(14)
    refused = selector.click(17)  # 14-17 would be a plain step: not allowed now
    assert refused.move is None and "must jump" in refused.message
    assert selector.click(23).move == Move((14, 23))


def test_an_ambiguous_multi_jump_is_chosen_by_clicking_through_its_landing_squares() -> None:
    selector = Selector(Position.from_fen("B:W14,15,22,23,6:B10"))  # 10x17x26 or 10x19x26
    selector.click(10)
    assert selector.destinations == {26} and selector.waypoints == {17, 19}
    asked = selector.click(26)
    assert asked.move is None and "2 ways to reach 26" in asked.message
    assert "17 or 19" in asked.message
    assert selector.click(19).move == Move((10, 19, 26))


def test_clicking_the_first_landing_square_of_a_unique_jump_plays_it_whole() -> None:
    selector = Selector(Position.from_fen("B:W14,15,22,23,6:B10"))
    selector.click(10)
    assert selector.click(17).move == Move((10, 17, 26))


def test_a_king_ring_capture_can_be_told_apart_by_its_landings() -> None:
    selector = Selector(Position.from_fen("W:WK14:B10,18,19,11,3"))
    selector.click(14)
    assert selector.click(23).move is None  # both rings pass 23
    assert selector.click(16).move == Move((14, 23, 16, 7, 14))  # only one passes 23, then 16


def test_an_illegal_click_changes_nothing_and_says_why() -> None:
    selector = Selector(Position())
    assert "White's piece" in selector.click(22).message
    assert "empty" in selector.click(15).message
    assert "no legal move" in selector.click(1).message
    assert "dark squares" in selector.click(None).message
    selector.click(11)
    refused = selector.click(19)
    assert refused.move is None and selector.selected == 11
    assert refused.message == "11 cannot move to 19."


def test_clicking_another_movable_piece_switches_the_selection() -> None:
    selector = Selector(Position())
    selector.click(11)
    assert selector.click(12).changed and selector.selected == 12
    assert selector.destinations == {16}
    assert selector.click(12).changed and selector.selected is None  # a second click drops it
