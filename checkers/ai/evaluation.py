"""Static evaluations: how good a position looks for one side.

Every evaluation is a function (position, side) -> float, larger is better for `side`. The
table of evaluations selectable by name, with what a man is worth in each one's units, is
`checkers.ai.registry.EVALUATIONS`.
"""

from __future__ import annotations

from collections.abc import Callable

from checkers._bitboard import BIT, count_moves
from checkers.board import BLACK, SQUARES, Position, Side, square_row_col

__all__ = [
    "CENTRE_TABLE",
    "Evaluation",
    "count_evaluation",
    "seed_evaluation",
]

Evaluation = Callable[[Position, Side], float]


# The source documents' centre bonus, indexed [row][col] with row 0 at the top.
CENTRE_TABLE = (
    (0, 0, 0, 0, 0, 0, 0, 0),
    (0, 1, 1, 1, 1, 1, 1, 0),
    (0, 1, 2, 2, 2, 2, 1, 0),
    (0, 1, 2, 3, 3, 2, 1, 0),
    (0, 1, 2, 3, 3, 2, 1, 0),
    (0, 1, 2, 2, 2, 2, 1, 0),
    (0, 1, 1, 1, 1, 1, 1, 0),
    (0, 0, 0, 0, 0, 0, 0, 0),
)


def _centre_value(square: int) -> int:
    row, col = square_row_col(square)
    return CENTRE_TABLE[row][col]


# A piece on a square worth v adds one for each of the masks "worth at least 1, 2, 3": three
# popcounts instead of a loop over the pieces.
_CENTRE_AT_LEAST = tuple(
    sum(BIT[s] for s in SQUARES if _centre_value(s) >= value) for value in (1, 2, 3)
)

# "On an edge" read as on the board's border: row 0 or 7, or column 0 or 7 (14 squares:
# 1-4, 29-32, 5, 13, 21 on the left and 12, 20, 28 on the right).
_EDGE = sum(
    BIT[s] for s in SQUARES if square_row_col(s)[0] in (0, 7) or square_row_col(s)[1] in (0, 7)
)

SEED_MAN, SEED_KING, SEED_EDGE_KING, SEED_MOBILITY = 10, 15, 2, 0.5


def seed_evaluation(position: Position, side: Side) -> float:
    """The source documents' score for `side`: material, its own centre and edge-king bonuses,
    and half the difference in legal move counts."""
    black, white, kings = position.black, position.white, position.kings
    own, other = (black, white) if side is BLACK else (white, black)
    material = SEED_MAN * (
        (own & ~kings).bit_count() - (other & ~kings).bit_count()
    ) + SEED_KING * ((own & kings).bit_count() - (other & kings).bit_count())
    centre = sum((own & mask).bit_count() for mask in _CENTRE_AT_LEAST)
    edge_kings = SEED_EDGE_KING * (own & kings & _EDGE).bit_count()
    # Each side's moves counted as if it were its turn, so the term does not flip every ply.
    own_moves = count_moves(black, white, kings, side is BLACK)
    other_moves = count_moves(black, white, kings, side is not BLACK)
    return material + centre + edge_kings + SEED_MOBILITY * (own_moves - other_moves)


def count_evaluation(position: Position, side: Side) -> float:
    """Material only for `side`: men 1, kings 1.5, own minus the opponent's."""
    kings = position.kings
    black, white = position.black, position.white
    own, other = (black, white) if side is BLACK else (white, black)
    return (
        (own & ~kings).bit_count()
        - (other & ~kings).bit_count()
        + 1.5 * ((own & kings).bit_count() - (other & kings).bit_count())
    )
