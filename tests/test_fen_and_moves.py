"""Notation: reading and writing PDN FEN and PDN moves, and Position/Move as values."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import checkers
from checkers.board import (
    BLACK,
    INITIAL_FEN,
    WHITE,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Piece,
    Position,
)

if TYPE_CHECKING:
    from conftest import PositionCase

RING_FEN = "W:WK14:B10,18,19,11,3"  # 14x7x16x23x14 and 14x23x16x7x14: same start and end
TWO_PATHS_FEN = "W:W26:B22,23,14,15"  # 26x17x10 and 26x19x10
LONG_CAPTURE_FEN = "B:W9,10,11,18,19,26,27:B5"  # 5x14x23x30 and 5x14x23x32


BALLOTS = Path(checkers.__file__).resolve().parent / "data" / "ballots-3move.txt"


def read_ballots() -> list[list[str]]:
    """The three opening plies of every ACF ballot in the package's ballots-3move.txt."""
    ballots = []
    for line in BALLOTS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            ballots.append(line.split("|")[1].split())
    return ballots


# --- FEN --------------------------------------------------------------------------------------


def test_initial_position_fen() -> None:
    """Position() is the initial position and writes the canonical initial FEN."""
    assert Position().fen() == INITIAL_FEN
    assert Position.from_fen(INITIAL_FEN) == Position()
    assert Position().turn is BLACK
    assert Position().pieces(BLACK) == tuple(range(1, 13))
    assert Position().pieces(WHITE) == tuple(range(21, 33))


@pytest.mark.parametrize(
    "text, canonical",
    [
        (INITIAL_FEN, INITIAL_FEN),
        ("B:W21-32:B1-12", INITIAL_FEN),  # ranges
        ("B:B1-12:W21-32", INITIAL_FEN),  # lists in either order
        ("B:W21-32:B1-12.", INITIAL_FEN),  # trailing full stop
        ('[FEN "B:W21-32:B1-12"]', INITIAL_FEN),  # PDN tag wrapper
        ('[FEN "W:WK4,28:B11,K19."]', "W:WK4,28:B11,K19"),  # wrapper and full stop together
        ("W:WK4,28:B11,K19", "W:WK4,28:B11,K19"),  # K marks a king
        ("W:BK19,11:W28,K4", "W:WK4,28:B11,K19"),  # reordered lists and squares
        ("  W : W K4 , 28 : B 11 , K19 \n", "W:WK4,28:B11,K19"),  # whitespace anywhere
        ("B:W:B1", "B:W:B1"),  # empty White list
        ("W:WK5:B", "W:WK5:B"),  # empty Black list
        ("W:W13-15,K9,30-32:B5-6", "W:WK9,13,14,15,30,31,32:B5,6"),  # ranges beside single squares
    ],
)
def test_fen_reader_tolerances(text: str, canonical: str) -> None:
    """Every reader tolerance of RULES.md gives the same position, written canonically."""
    assert Position.from_fen(text).fen() == canonical


def test_fen_writer_orders_squares_with_kings_mixed_in() -> None:
    """The writer lists squares in increasing order whether men or kings."""
    position = Position.from_fen("B:WK30,22,K9:B12,K1,5")
    assert position.fen() == "B:WK9,22,K30:BK1,5,12"
    assert position.piece_at(9) == Piece(WHITE, king=True)
    assert position.piece_at(22) == Piece(WHITE, king=False)
    assert position.piece_at(1) == Piece(BLACK, king=True)
    assert position.pieces(BLACK, kings=False) == (5, 12)


def test_fen_round_trip_reference_positions(position_case: PositionCase) -> None:
    """from_fen(p.fen()) == p, and p.fen() is a fixed point, for every reference position."""
    position = Position.from_fen(position_case.fen)
    assert Position.from_fen(position.fen()) == position
    assert Position.from_fen(position.fen()).fen() == position.fen()


def test_fen_round_trip_after_every_ballot() -> None:
    """Replaying every ACF three-move opening, each position reached survives a FEN round trip."""
    ballots = read_ballots()
    assert len(ballots) == 174
    for plies in ballots:
        position = Position()
        for text in plies:
            position = position.move(Move.from_pdn(text, position))
            assert Position.from_fen(position.fen()) == position
        assert position.turn is WHITE


@pytest.mark.parametrize(
    "text, mentions",
    [
        ("X:W21:B1", ["side to move", "X"]),
        ("B:W0:B1", ["0"]),
        ("B:W33:B1", ["33"]),
        ("B:W21:B1,33", ["33"]),
        ("B:W21,21:B1", ["21", "twice"]),
        ("B:W21-24,22:B1", ["22", "twice"]),
        ("B:W21:B21", ["21", "both"]),
        ("B:W21-24:B1-21", ["21", "both"]),
        ("B:Wabc:B1", ["abc"]),
        ("hello world", ["hello world"]),
        ("B:W21", ["list"]),
        ("B", ["list"]),
        ("B:W21:X3", ["X3"]),
        ("B:W21:B1:W22", ["W"]),
        ("B:W24-21:B1", ["24-21"]),
        ("", ["empty"]),
    ],
)
def test_invalid_fen_is_rejected_clearly(text: str, mentions: list[str]) -> None:
    """Bad FEN raises InvalidFenError (a ValueError) whose message names the problem."""
    with pytest.raises(InvalidFenError) as info:
        Position.from_fen(text)
    assert isinstance(info.value, ValueError)
    for word in mentions:
        assert word.lower() in str(info.value).lower()


# --- repr and str -----------------------------------------------------------------------------


def test_repr_is_evaluable(position_case: PositionCase) -> None:
    """eval(repr(p)) rebuilds an equal position; likewise for each of its moves."""
    position = Position.from_fen(position_case.fen)
    namespace = {"Position": Position, "Move": Move}
    assert eval(repr(position), namespace) == position
    for move in position.legal_moves():
        assert eval(repr(move), namespace) == move


def test_str_is_a_diagram_with_every_piece_in_place() -> None:
    """str(p) draws 8 rows with each piece's symbol on its square, then whose turn it is."""
    position = Position.from_fen("W:WK4,28,29:B1,11,K19")
    lines = str(position).splitlines()
    assert len(lines) == 9
    assert "white" in lines[8].lower()
    for square in range(1, 33):
        row, index = divmod(square - 1, 4)
        col = 2 * index + (1 if row % 2 == 0 else 0)
        piece = position.piece_at(square)
        cell = lines[row][3 * col + 1]
        assert cell == (piece.symbol() if piece else "."), square
    assert lines[0][3 * 7 + 1] == "W"  # White's king on 4, top right
    assert lines[7][1] == "w"  # White's man on 29, bottom left


# --- moves ------------------------------------------------------------------------------------


def test_move_captures_follow_from_the_path() -> None:
    """Move(path) works out the jumped squares; a simple move captures nothing."""
    assert Move((5, 14, 23, 30)).captures == (9, 18, 26)
    assert Move((11, 15)).captures == ()
    assert Move((5, 14, 23, 30)).start == 5
    assert Move((5, 14, 23, 30)).end == 30
    assert Move((5, 14, 23, 30)).pdn() == "5x14x23x30"
    assert Move((11, 15)).pdn() == "11-15"


@pytest.mark.parametrize("path", [(1, 2), (11, 14), (5,), (), (0, 5), (28, 33), (5, 14, 15)])
def test_move_rejects_impossible_paths(path: tuple[int, ...]) -> None:
    """A path that is not one diagonal step or a chain of jumps is an InvalidMoveError."""
    with pytest.raises(InvalidMoveError):
        Move(path)


def test_pdn_round_trip(position_case: PositionCase) -> None:
    """from_pdn(m.pdn()) == m with and without the position, for every legal move."""
    position = Position.from_fen(position_case.fen)
    for move in position.legal_moves():
        assert Move.from_pdn(move.pdn()) == move
        assert Move.from_pdn(move.pdn(), position) == move


@pytest.mark.parametrize(
    "fen, text, expected",
    [
        (LONG_CAPTURE_FEN, "5:14:23:30", "5x14x23x30"),  # ':' as capture sign
        (LONG_CAPTURE_FEN, "5X14X23X30", "5x14x23x30"),  # capital X
        (LONG_CAPTURE_FEN, "05x14x23x30", "5x14x23x30"),  # leading zero
        (LONG_CAPTURE_FEN, "5x30", "5x14x23x30"),  # short form, unambiguous here
        (LONG_CAPTURE_FEN, "5x32", "5x14x23x32"),
        (LONG_CAPTURE_FEN, "5x23x30", "5x14x23x30"),  # some landings named
        (LONG_CAPTURE_FEN, "5:30", "5x14x23x30"),
        (INITIAL_FEN, "09-13", "9-13"),  # leading zero in a simple move
        (INITIAL_FEN, " 11 - 15 ", "11-15"),  # spaces
        (TWO_PATHS_FEN, "26x17x10", "26x17x10"),  # full path picks one of two paths
        (TWO_PATHS_FEN, "26x19x10", "26x19x10"),
        (RING_FEN, "14x7x16x23x14", "14x7x16x23x14"),
        (RING_FEN, "14x7x16x14", "14x7x16x23x14"),  # enough landings to tell the rings apart
    ],
)
def test_from_pdn_variants_with_position(fen: str, text: str, expected: str) -> None:
    """The reader accepts ':', capital X, leading zeros, spaces and unambiguous short forms."""
    position = Position.from_fen(fen)
    move = Move.from_pdn(text, position)
    assert move.pdn() == expected
    assert move in position.legal_moves()


@pytest.mark.parametrize(
    "text, expected",
    [
        ("09-13", (9, 13)),
        ("5:14:23:30", (5, 14, 23, 30)),
        ("05x014", (5, 14)),
    ],
)
def test_from_pdn_variants_without_position(text: str, expected: tuple[int, ...]) -> None:
    """Without a position ':' and leading zeros still read as full paths."""
    assert Move.from_pdn(text).path == expected


def test_short_form_needs_a_position() -> None:
    """'5x30' names no jump chain on its own, so without a position it is not a move."""
    with pytest.raises(InvalidMoveError):
        Move.from_pdn("5x30")


@pytest.mark.parametrize(
    "fen, text, options",
    [
        (RING_FEN, "14x14", {"14x7x16x23x14", "14x23x16x7x14"}),
        (RING_FEN, "14x16x14", {"14x7x16x23x14", "14x23x16x7x14"}),
        (RING_FEN, "14x7x14", {"14x7x16x23x14", "14x23x16x7x14"}),  # both rings land on 7
        (TWO_PATHS_FEN, "26x10", {"26x17x10", "26x19x10"}),
    ],
)
def test_ambiguous_short_form_is_rejected(fen: str, text: str, options: set[str]) -> None:
    """A short form that fits two legal captures raises AmbiguousMoveError naming both."""
    with pytest.raises(AmbiguousMoveError) as info:
        Move.from_pdn(text, Position.from_fen(fen))
    assert not isinstance(info.value, IllegalMoveError)
    for option in options:
        assert option in str(info.value)


@pytest.mark.parametrize(
    "fen, text",
    [
        (INITIAL_FEN, "21-17"),  # not Black's piece
        (INITIAL_FEN, "1-5"),  # onto an occupied square
        (INITIAL_FEN, "13-17"),  # no piece on 13
        ("B:W14:B9,3", "3-7"),  # a capture is pending
        ("B:W14,23:B9", "9x18"),  # multi-jump stopped short
        ("B:W:B14", "14-10"),  # a man moving backward
        ("W:W19:B15,7,8", "19x10x3x12"),  # going on after crowning
    ],
)
def test_illegal_move_is_rejected(fen: str, text: str) -> None:
    """Position.move and Move.from_pdn(text, position) raise IllegalMoveError."""
    position = Position.from_fen(fen)
    with pytest.raises(IllegalMoveError):
        position.move(Move.from_pdn(text))
    with pytest.raises(IllegalMoveError):
        Move.from_pdn(text, position)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "abc",
        "11",
        "11-",
        "-15",
        "11--15",
        "11-15-19",
        "11x",
        "1-33",
        "0-4",
        "11 15",
        "11/15",
        "x11x15",
        "11-15x",
        "1-5x9",
    ],
)
@pytest.mark.parametrize("with_position", [False, True])
def test_malformed_move_text_is_rejected(text: str, with_position: bool) -> None:
    """Text that is not a move raises InvalidMoveError, with or without a position."""
    with pytest.raises(InvalidMoveError):
        Move.from_pdn(text, Position() if with_position else None)


@pytest.mark.parametrize("text", ["11x15", "9x13", "5x9", "1-10"])
def test_sign_must_fit_the_squares(text: str) -> None:
    """A capture sign on a step (or a step sign on a jump) is an InvalidMoveError."""
    with pytest.raises(InvalidMoveError):
        Move.from_pdn(text)


# --- value behaviour --------------------------------------------------------------------------


def test_position_is_immutable() -> None:
    """Setting any attribute, existing or new, raises and leaves the position unchanged."""
    position = Position()
    for name, value in [("turn", WHITE), ("black", 0), ("white", 0), ("kings", 1), ("new", 1)]:
        with pytest.raises(AttributeError):
            setattr(position, name, value)
    assert position == Position()
    assert position.fen() == INITIAL_FEN


def test_position_attributes_cannot_be_deleted() -> None:
    """Deleting an attribute raises too: an immutable position cannot be emptied."""
    position = Position()
    for name in ("turn", "black", "white", "kings"):
        with pytest.raises(AttributeError):
            delattr(position, name)
    assert position.fen() == INITIAL_FEN


def test_move_is_immutable_and_hashable() -> None:
    """A Move is a frozen value: equal paths are equal and hash alike."""
    move = Move((11, 15))
    with pytest.raises(AttributeError):
        move.path = (9, 13)  # type: ignore[misc]
    assert move == Move.from_pdn("11-15")
    assert len({move, Move((11, 15)), Move((9, 13))}) == 2


def test_equal_positions_hash_equal() -> None:
    """Positions reached by transposition are equal, hash alike and collapse in a set."""
    first = Position()
    for text in ["9-13", "24-20", "12-16"]:
        first = first.move(Move.from_pdn(text))
    second = Position()
    for text in ["12-16", "24-20", "9-13"]:
        second = second.move(Move.from_pdn(text))
    assert first is not second
    assert first == second
    assert hash(first) == hash(second)
    assert len({first, second, Position()}) == 2
    assert {first: "seen"}[second] == "seen"


def test_side_to_move_is_part_of_the_position() -> None:
    """The same pieces with the other side to move is a different position."""
    black = Position.from_fen("B:W21-32:B1-12")
    white = Position.from_fen("W:W21-32:B1-12")
    assert black != white
    assert len({black, white}) == 2
    assert black != INITIAL_FEN
