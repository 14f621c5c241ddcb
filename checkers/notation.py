"""Moves and scores as players write them: the one numbered-move formatter (`1. 11-15 23-19
2. 8-11`) and the one figure in men (`+0.25`).

Imports only the rules core, so the command line, the reports and the window share it.
"""

from __future__ import annotations

from collections.abc import Sequence

from checkers.board import Move

__all__ = ["men_text", "move_rows", "numbered_moves"]


def move_rows(
    moves: Sequence[Move | str], black_first: bool = True, first_number: int = 1
) -> list[tuple[str, str, str]]:
    """The moves as (number, Black's move, White's move) in PDN; `...` if White began."""
    plies: list[Move | str | None] = ([None] if not black_first else []) + list(moves)
    rows = []
    for index in range(0, len(plies), 2):
        black = plies[index]
        white = plies[index + 1] if index + 1 < len(plies) else None
        rows.append(
            (
                f"{index // 2 + first_number}.",
                "..." if black is None else _text(black),
                "" if white is None else _text(white),
            )
        )
    return rows


def numbered_moves(
    moves: Sequence[Move | str], black_first: bool = True, first_number: int = 1
) -> str:
    """The moves on one line as players write them: `1. 11-15 23-19 2. 8-11`, `1. ... 24-20`."""
    return " ".join(
        " ".join(cell for cell in row if cell)
        for row in move_rows(moves, black_first, first_number)
    )


def _text(move: Move | str) -> str:
    return move if isinstance(move, str) else move.pdn()


def men_text(men: float) -> str:
    """A score in men to two places, signed: `+0.25`, `-1.00`; `+0.00`, never `-0.00`."""
    return f"{round(men, 2) + 0.0:+.2f}"  # + 0.0 turns a rounded -0.0 into 0.0
