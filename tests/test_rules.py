"""The rules of English draughts: reference move lists, perft, and one test per rule.

Hand-made positions are worked out on the RULES.md diagram (row 0 at the top, Black moving down
toward square 32):

      .  1  .  2  .  3  .  4
      5  .  6  .  7  .  8  .
      .  9  . 10  . 11  . 12
     13  . 14  . 15  . 16  .
      . 17  . 18  . 19  . 20
     21  . 22  . 23  . 24  .
      . 25  . 26  . 27  . 28
     29  . 30  . 31  . 32  .
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from checkers._bitboard import count_moves, count_replies, generate_raw
from checkers.board import (
    BLACK,
    WHITE,
    IllegalMoveError,
    Move,
    Piece,
    Position,
)
from checkers.perft import divide, perft

if TYPE_CHECKING:
    from conftest import PositionCase

OPENING_MOVES = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]


def pdns(position: Position) -> set[str]:
    """The legal moves of a position as a set of PDN strings."""
    return {move.pdn() for move in position.legal_moves()}


def raw_args(position: Position) -> tuple[int, int, int, bool]:
    """The bitboard arguments of count_moves / generate_raw for a position."""
    return position.black, position.white, position.kings, position.turn is BLACK


def play(fen: str, *moves: str) -> Position:
    """The position after playing PDN moves (full paths) from a FEN."""
    position = Position.from_fen(fen)
    for text in moves:
        position = position.move(Move.from_pdn(text))
    return position


# --- reference data ---------------------------------------------------------------------------


def test_reference_positions_file_is_not_empty(data_dir: Path) -> None:
    """positions.txt is found and holds the edge cases (guards against a silent empty run)."""
    text = (data_dir / "positions.txt").read_text(encoding="utf-8")
    assert sum(1 for line in text.splitlines() if "|" in line and not line.startswith("#")) >= 15


def test_reference_position_moves(position_case: PositionCase) -> None:
    """Each positions.txt line gives exactly its listed set of legal moves, without repeats."""
    position = Position.from_fen(position_case.fen)
    moves = [move.pdn() for move in position.legal_moves()]
    assert len(moves) == len(set(moves))
    assert set(moves) == position_case.moves


def test_reference_position_counts(position_case: PositionCase) -> None:
    """count_moves (perft's bulk counter) agrees with the reference list and with generate_raw."""
    position = Position.from_fen(position_case.fen)
    assert count_moves(*raw_args(position)) == len(position_case.moves)
    assert len(generate_raw(*raw_args(position))) == len(position_case.moves)
    assert position.has_legal_moves() == bool(position_case.moves)


def test_reference_position_reply_counts(position_case: PositionCase) -> None:
    """count_replies (perft's last two plies) sums the opponent's replies to every move."""
    position = Position.from_fen(position_case.fen)
    replies = [len(position.move(move).legal_moves()) for move in position.legal_moves()]
    assert count_replies(*raw_args(position), generate_raw(*raw_args(position))) == sum(replies)


def read_perft(data_dir: Path) -> dict[int, int]:
    """depth -> leaf count from perft.txt."""
    counts = {}
    for line in (data_dir / "perft.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            depth, count = line.split()
            counts[int(depth)] = int(count)
    return counts


@pytest.mark.parametrize("depth", range(1, 8))
def test_perft_from_start(data_dir: Path, depth: int) -> None:
    """Perft from the initial position matches the published figures."""
    assert perft(Position(), depth) == read_perft(data_dir)[depth]


def test_perft_depth_zero_and_negative() -> None:
    """Depth 0 counts the position itself; a negative depth is an error."""
    assert perft(Position(), 0) == 1
    with pytest.raises(ValueError):
        perft(Position(), -1)


def test_divide_depth_one_lists_the_seven_openings() -> None:
    """divide(start, 1) lists Black's seven opening moves, one leaf each, in board order."""
    assert divide(Position(), 1) == [(move, 1) for move in OPENING_MOVES]


def test_divide_sums_to_perft(data_dir: Path) -> None:
    """divide at depth 3 splits perft(3) = 302 over the seven openings."""
    rows = divide(Position(), 3)
    assert [move for move, _ in rows] == OPENING_MOVES
    assert sum(count for _, count in rows) == read_perft(data_dir)[3]


# --- the rules, one at a time -----------------------------------------------------------------


@pytest.mark.parametrize(
    "fen, capture, quiet",
    [
        # Black man 9 can jump White 14 (landing on 18); man 3 could step to 7 or 8, 9 to 13.
        ("B:W14:B9,3", "9x18", ["3-7", "3-8", "9-13"]),
        # Only the Black king on 15 can capture (over 18 to 22); the man on 1 could step to 5 or 6.
        ("B:W18:BK15,1", "15x22", ["1-5", "1-6", "15-10", "15-11"]),
    ],
)
def test_capture_is_forced(fen: str, capture: str, quiet: list[str]) -> None:
    """When a capture exists no simple move is offered, and playing one is illegal."""
    position = Position.from_fen(fen)
    assert position.is_capture_pending()
    assert pdns(position) == {capture}
    for text in quiet:
        with pytest.raises(IllegalMoveError):
            position.move(Move.from_pdn(text))


def test_no_capture_pending_at_start() -> None:
    """The initial position has no capture, so is_capture_pending is False."""
    assert not Position().is_capture_pending()


def test_any_capture_may_be_chosen() -> None:
    """No majority rule: a single jump is legal beside a longer capture."""
    # 9 jumps 14 then 22 (9x18x25); 12 can only jump 16 (12x19).
    assert pdns(Position.from_fen("B:W14,16,22:B9,12")) == {"9x18x25", "12x19"}


def test_multi_jump_must_be_completed() -> None:
    """After jumping 14 (landing on 18) the man must go on over 23 to 27; stopping is illegal."""
    position = Position.from_fen("B:W14,23:B9")
    assert pdns(position) == {"9x18x27"}
    with pytest.raises(IllegalMoveError):
        position.move(Move((9, 18)))
    with pytest.raises(IllegalMoveError):
        Move.from_pdn("9x18", position)


def test_king_turns_during_multi_jump() -> None:
    """A king jumps up over 18 to 15, then turns down over 19 to 24; a man must stop at 15."""
    assert pdns(Position.from_fen("W:WK22:B18,19")) == {"22x15x24"}
    assert pdns(Position.from_fen("W:W22:B18,19")) == {"22x15"}


def test_crowning_ends_the_move_for_white() -> None:
    """White's man jumps 15 and 7 to land on 3 and is crowned; it stops although a king on 3
    could jump 8 on to 12 (a king starting on 19 does exactly that)."""
    position = Position.from_fen("W:W19:B15,7,8")
    assert pdns(position) == {"19x10x3"}
    after = position.move(Move.from_pdn("19x10x3"))
    assert after.piece_at(3) == Piece(WHITE, king=True)
    assert after.piece_at(8) == Piece(BLACK)
    assert after.turn is BLACK
    with pytest.raises(IllegalMoveError):
        Move.from_pdn("19x10x3x12", position)
    assert pdns(Position.from_fen("W:WK19:B15,7,8")) == {"19x10x3x12"}


def test_crowning_ends_the_move_for_black() -> None:
    """Black's man jumps 26 onto 31 and is crowned; it does not go on over 27 to 24."""
    position = Position.from_fen("B:W26,27:B22")
    assert pdns(position) == {"22x31"}
    after = position.move(Move.from_pdn("22x31"))
    assert after.piece_at(31) == Piece(BLACK, king=True)
    assert after.piece_at(27) == Piece(WHITE)


def test_simple_move_onto_far_row_crowns() -> None:
    """A man stepping onto the far row becomes a king."""
    assert play("B:W32:B27", "27-31").piece_at(31) == Piece(BLACK, king=True)
    assert play("W:W5:B28", "5-1").piece_at(1) == Piece(WHITE, king=True)


def test_every_jumped_piece_is_removed() -> None:
    """After 9x18x27 over White's kings on 14 and 23 both are gone; only 29 remains."""
    after = play("B:WK14,K23,29:B9", "9x18x27")
    assert after.piece_at(14) is None
    assert after.piece_at(23) is None
    assert after.piece_at(9) is None
    assert after.piece_at(27) == Piece(BLACK)
    assert after.pieces(WHITE) == (29,)
    assert after == Position.from_fen("W:W29:B27")


def test_long_capture_removes_three_pieces() -> None:
    """5x14x23x30 removes 9, 18 and 26 and leaves White's other men alone."""
    after = play("B:W9,10,11,18,19,26,27:B5", "5x14x23x30")
    assert after.pieces(WHITE) == (10, 11, 19, 27)
    assert after.pieces(BLACK, kings=True) == (30,)


def test_two_paths_with_same_start_and_end_are_distinct_moves() -> None:
    """White 26 reaches 10 either over 22 and 14 (via 17) or over 23 and 15 (via 19)."""
    position = Position.from_fen("W:W26:B22,23,14,15")
    moves = position.legal_moves()
    assert {move.pdn() for move in moves} == {"26x17x10", "26x19x10"}
    assert {move.captures for move in moves} == {(22, 14), (23, 15)}
    assert position.move(Move.from_pdn("26x17x10")).pieces(BLACK) == (15, 23)
    assert position.move(Move.from_pdn("26x19x10")).pieces(BLACK) == (14, 22)


def test_ring_capture_ends_on_its_own_start_square() -> None:
    """Black's king on 15 circles over 10, 9, 17 and 18 (or the other way) back to 15."""
    position = Position.from_fen("B:W9,10,17,18:BK15")
    assert pdns(position) == {"15x6x13x22x15", "15x22x13x6x15"}
    after = position.move(Move.from_pdn("15x6x13x22x15"))
    assert after == Position.from_fen("W:W:BK15")
    assert not after.has_legal_moves()


def test_piece_cannot_be_jumped_twice() -> None:
    """Black's king jumps 18 to 22; 15 is empty again but jumping 18 back is not allowed."""
    assert pdns(Position.from_fen("B:W18:BK15")) == {"15x22"}


def test_ring_capture_does_not_jump_again() -> None:
    """Back on 14 after the ring the king stops, though 10, 11, 18 and 19 are still beside it."""
    moves = Position.from_fen("W:WK14:B10,18,19,11,3").legal_moves()
    assert {move.pdn() for move in moves} == {"14x7x16x23x14", "14x23x16x7x14"}
    for move in moves:
        assert sorted(move.captures) == [10, 11, 18, 19]


@pytest.mark.parametrize(
    "fen, after_capture, final",
    [
        # a man captures the king on 18
        ("B:WK18,29:B14,15", "W:W29:B15,23", "W:W25:B18,23"),
        # a king captures the king on 18
        ("B:WK18,29:BK14,15", "W:W29:B15,K23", "W:W25:B18,K23"),
    ],
)
def test_captured_king_leaves_no_king_behind(fen: str, after_capture: str, final: str) -> None:
    """After 14x23 over White's king on 18 the square is empty and holds no king; a man that
    later steps onto 18 (after White's 29-25) is still a man."""
    position = play(fen, "14x23")
    assert position.piece_at(18) is None
    assert position == Position.from_fen(after_capture)
    position = play(position.fen(), "29-25", "15-18")
    assert position.piece_at(18) == Piece(BLACK, king=False)
    assert position == Position.from_fen(final)


@pytest.mark.parametrize(
    "fen, expected",
    [
        ("B:W:B14", {"14-17", "14-18"}),  # a Black man steps down only, never to 9 or 10
        ("W:W14:B1", {"14-9", "14-10"}),  # a White man steps up only, never to 17 or 18
        ("B:W10:B14", {"14-17", "14-18"}),  # no backward jump over White's 10 to 7
        ("W:W19:B23", {"19-15", "19-16"}),  # no backward jump over Black's 23 to 26
    ],
)
def test_men_never_move_backward(fen: str, expected: set[str]) -> None:
    """Men move and capture forward only."""
    assert pdns(Position.from_fen(fen)) == expected


def test_kings_move_in_all_four_directions() -> None:
    """A king in the middle of an empty board has four steps."""
    assert pdns(Position.from_fen("B:WK1:BK14")) == {"14-9", "14-10", "14-17", "14-18"}


@pytest.mark.parametrize(
    "fen",
    [
        "B:W32:B28",  # 28 can only go to 32, held by White with nothing behind it
        "B:W31,32:B27,28",  # every forward square is taken and jumps would leave the board
        "W:W5,6,7,8:B1,2,3,4",  # White's men face Black's back row
        "W:W:B1",  # White has no pieces at all
    ],
)
def test_blocked_side_has_no_moves(fen: str) -> None:
    """A side that cannot move has no legal moves (and so has lost)."""
    position = Position.from_fen(fen)
    assert position.legal_moves() == []
    assert not position.has_legal_moves()
    assert count_moves(*raw_args(position)) == 0


def test_perft_in_two_processes_counts_the_same_leaves() -> None:
    """Splitting perft over worker processes changes the speed, not the count."""
    assert perft(Position(), 7, jobs=2) == 179_740
    midgame = Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15")
    assert perft(midgame, 6, jobs=2) == perft(midgame, 6)
