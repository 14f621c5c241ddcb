"""Property tests: random playouts and random positions checked against the rules."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers._bitboard import count_moves, count_replies, generate_raw
from checkers.board import (
    BLACK,
    WHITE,
    Move,
    Piece,
    Position,
    Side,
)

PLAYOUT_SETTINGS = settings(max_examples=60, deadline=None)
MAX_PLIES = 150
CROWN_ROW = {BLACK: frozenset(range(29, 33)), WHITE: frozenset(range(1, 5))}

# A playout is driven by a Hypothesis-controlled Random, so failures replay and shrink.
playouts = st.randoms(use_true_random=False)


def playout(rng: random.Random) -> Iterator[tuple[Position, list[Move], Move | None]]:
    """Yield (position, its legal moves, the move chosen) for up to MAX_PLIES plies of a random
    game, then the final position with move None (it has no moves, or the game was cut off)."""
    position = Position()
    for _ in range(MAX_PLIES):
        moves = position.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        yield position, moves, move
        position = position.move(move)
    yield position, position.legal_moves(), None


def raw_count(position: Position) -> int:
    """count_moves for a position."""
    return count_moves(position.black, position.white, position.kings, position.turn is BLACK)


def reply_count(position: Position) -> int:
    """count_replies over all of a position's moves: the opponent's moves summed (perft 2)."""
    args = (position.black, position.white, position.kings, position.turn is BLACK)
    return count_replies(*args, generate_raw(*args))


# --- an independent, deliberately plain move generator ----------------------------------------


def _row_col(square: int) -> tuple[int, int]:
    row, index = divmod(square - 1, 4)
    return row, 2 * index + (1 if row % 2 == 0 else 0)


def _square(row: int, col: int) -> int | None:
    if 0 <= row < 8 and 0 <= col < 8 and (row + col) % 2 == 1:
        return row * 4 + col // 2 + 1
    return None


def reference_moves(position: Position) -> set[tuple[int, ...]]:
    """Every legal move's path, straight from RULES.md, square by square."""
    me = position.turn
    board = {s: position.piece_at(s) for s in range(1, 33)}

    def directions(piece: Piece) -> list[tuple[int, int]]:
        if piece.king:
            return [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        return [(1, -1), (1, 1)] if piece.side is BLACK else [(-1, -1), (-1, 1)]

    captures: set[tuple[int, ...]] = set()

    def jump(origin: int, piece: Piece, path: tuple[int, ...], taken: frozenset[int]) -> None:
        here = path[-1]
        if len(path) > 1 and not piece.king and here in CROWN_ROW[me]:
            captures.add(path)  # crowning ends the move
            return
        row, col = _row_col(here)
        went_on = False
        for dr, dc in directions(piece):
            over, land = _square(row + dr, col + dc), _square(row + 2 * dr, col + 2 * dc)
            if over is None or land is None or over in taken:
                continue
            enemy = board[over]
            if enemy is None or enemy.side is me:
                continue
            if board[land] is not None and land != origin:
                continue
            went_on = True
            jump(origin, piece, path + (land,), taken | {over})
        if not went_on and len(path) > 1:
            captures.add(path)

    mine = [(s, p) for s, p in board.items() if p is not None and p.side is me]
    for square, piece in mine:
        jump(square, piece, (square,), frozenset())
    if captures:
        return captures
    steps = set()
    for square, piece in mine:
        row, col = _row_col(square)
        for dr, dc in directions(piece):
            target = _square(row + dr, col + dc)
            if target is not None and board[target] is None:
                steps.add((square, target))
    return steps


# --- properties of making moves ---------------------------------------------------------------


@PLAYOUT_SETTINGS
@given(playouts)
def test_making_a_move_follows_the_rules(rng: random.Random) -> None:
    """Along a random game: the original position is untouched, the mover's piece goes from
    start to end (crowned on the far row), exactly the captured pieces vanish, counts never grow."""
    for position, _, move in playout(rng):
        if move is None:
            break
        fen_before, hash_before = position.fen(), hash(position)
        mover: Side = position.turn
        opponent = mover.opponent
        piece = position.piece_at(move.start)
        after = position.move(move)

        assert position.fen() == fen_before
        assert hash(position) == hash_before
        assert position == Position.from_fen(fen_before)
        assert after.turn is opponent

        assert piece is not None and piece.side is mover
        crowned = not piece.king and move.end in CROWN_ROW[mover]
        assert after.piece_at(move.end) == Piece(mover, king=piece.king or crowned)
        expected_mine = set(position.pieces(mover)) - {move.start} | {move.end}
        assert set(after.pieces(mover)) == expected_mine
        others = set(position.pieces(mover, kings=True)) - {move.start}
        assert others <= set(after.pieces(mover, kings=True))

        captured = set(move.captures)
        assert len(captured) == len(move.captures)
        assert captured <= set(position.pieces(opponent))
        assert set(after.pieces(opponent)) == set(position.pieces(opponent)) - captured
        assert (
            set(after.pieces(opponent, kings=True))
            == set(position.pieces(opponent, kings=True)) - captured
        )
        for square in captured - {move.end}:
            assert after.piece_at(square) is None

        total_before = len(position.pieces(BLACK)) + len(position.pieces(WHITE))
        total_after = len(after.pieces(BLACK)) + len(after.pieces(WHITE))
        assert total_after == total_before - len(captured) <= total_before


# --- properties of the generator --------------------------------------------------------------


@PLAYOUT_SETTINGS
@given(playouts)
def test_every_visited_position_is_consistent(rng: random.Random) -> None:
    """In every position of a random game: moves are distinct and sorted, all captures or none,
    count_moves agrees, the FEN round trips, and the moves match the plain reference generator."""
    for position, moves, _ in playout(rng):
        paths = [move.path for move in moves]
        assert len(set(paths)) == len(paths)
        assert paths == sorted(paths)
        assert all(move.is_capture == position.is_capture_pending() for move in moves)
        assert raw_count(position) == len(moves)
        assert len(
            generate_raw(position.black, position.white, position.kings, position.turn is BLACK)
        ) == len(moves)
        assert position.has_legal_moves() == bool(moves)
        assert Position.from_fen(position.fen()) == position
        assert set(paths) == reference_moves(position)


def _piece_for(square: int) -> st.SearchStrategy[Piece | None]:
    """Any piece a real game could have on this square (no uncrowned man on its far row)."""
    options: list[Piece | None] = [None, Piece(BLACK, True), Piece(WHITE, True)]
    if square not in CROWN_ROW[BLACK]:
        options.append(Piece(BLACK))
    if square not in CROWN_ROW[WHITE]:
        options.append(Piece(WHITE))
    return st.sampled_from(options)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A random position a game could hold: up to 12 pieces a side, kings common."""
    squares = draw(st.lists(st.integers(1, 32), unique=True, max_size=24))
    pieces: dict[int, Piece] = {}
    for square in squares:
        piece = draw(_piece_for(square))
        if piece is not None and sum(p.side is piece.side for p in pieces.values()) < 12:
            pieces[square] = piece
    return Position.from_pieces(pieces, draw(st.sampled_from([BLACK, WHITE])))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_random_positions_match_reference(position: Position) -> None:
    """In arbitrary positions (many kings, long captures) the generator, count_moves,
    count_replies and the plain reference generator agree; every move reads back from PDN."""
    moves = position.legal_moves()
    assert {move.path for move in moves} == reference_moves(position)
    assert raw_count(position) == len(moves)
    assert reply_count(position) == sum(len(position.move(move).legal_moves()) for move in moves)
    assert Position.from_fen(position.fen()) == position
    for move in moves:
        assert Move.from_pdn(move.pdn(), position) == move
        after = position.move(move)
        assert set(after.pieces(position.turn.opponent)) == set(
            position.pieces(position.turn.opponent)
        ) - set(move.captures)
