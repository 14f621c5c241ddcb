"""Where the board's squares are on screen: the one place pixels and squares are converted.

Pure data (no pygame): the window, the pictures and the HTML review share it. Orientation:
unflipped is the standard diagram, White at the bottom (square 32's row); flipped turns the board
half a turn so Black is at the bottom.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from checkers.board import Move, row_col_square, square_row_col

__all__ = ["BoardGeometry", "Point", "arrow_shifts", "shifted"]

Point = tuple[float, float]


@dataclass(frozen=True)
class BoardGeometry:
    """An 8x8 board drawn with its top-left corner at (left, top) and squares `cell` pixels wide."""

    left: int
    top: int
    cell: int
    flipped: bool = False

    @property
    def size(self) -> int:
        """The board's side in pixels."""
        return self.cell * 8

    def _screen_row_col(self, row: int, col: int) -> tuple[int, int]:
        return (7 - row, 7 - col) if self.flipped else (row, col)

    def cell_rect(self, row: int, col: int) -> tuple[int, int, int, int]:
        """(x, y, width, height) of the board cell at diagram row and column."""
        screen_row, screen_col = self._screen_row_col(row, col)
        return (
            self.left + screen_col * self.cell,
            self.top + screen_row * self.cell,
            self.cell,
            self.cell,
        )

    def square_rect(self, square: int) -> tuple[int, int, int, int]:
        """(x, y, width, height) of a square (1-32)."""
        return self.cell_rect(*square_row_col(square))

    def square_center(self, square: int) -> Point:
        """The pixel at the middle of a square."""
        x, y, width, height = self.square_rect(square)
        return x + width / 2, y + height / 2

    def between(self, start: int, end: int, fraction: float) -> Point:
        """A point `fraction` of the way from one square's centre to another's."""
        (x0, y0), (x1, y1) = self.square_center(start), self.square_center(end)
        return x0 + (x1 - x0) * fraction, y0 + (y1 - y0) * fraction

    def contains(self, x: float, y: float) -> bool:
        """Whether a pixel is on the board."""
        return self.left <= x < self.left + self.size and self.top <= y < self.top + self.size

    def square_at(self, x: float, y: float) -> int | None:
        """The square under a pixel; None off the board or on a light square."""
        if not self.contains(x, y):
            return None
        screen_col = int((x - self.left) // self.cell)
        screen_row = int((y - self.top) // self.cell)
        row, col = self._screen_row_col(screen_row, screen_col)
        return row_col_square(row, col)


def _diagonal_steps(path: Sequence[int]) -> set[frozenset[int]]:
    """The neighbouring pairs of squares an arrow through `path` passes over: a jump covers
    the square it leaps as well, so two arrows along one diagonal share a pair wherever they
    overlap, not only where both join the same two squares."""
    steps: set[frozenset[int]] = set()
    for start, end in itertools.pairwise(path):
        (row, col), (end_row, end_col) = square_row_col(start), square_row_col(end)
        d_row, d_col = (end_row > row) - (end_row < row), (end_col > col) - (end_col < col)
        square = start
        while (row, col) != (end_row, end_col) and d_row and d_col:
            row, col = row + d_row, col + d_col
            after = row_col_square(row, col)
            if after is None:  # not a diagonal: the two squares alone
                steps.add(frozenset((start, end)))
                break
            steps.add(frozenset((square, after)))
            square = after
    return steps


def arrow_shifts(moves: Sequence[Move]) -> list[int]:
    """For each move of a line, how many arrow widths to draw it aside (0: in place), so that
    no two arrows lie over the same stretch of a diagonal."""
    taken: list[set[frozenset[int]]] = []
    shifts: list[int] = []
    for move in moves:
        steps = _diagonal_steps(move.path)
        shift = 0
        while any(
            steps & used for used, their in zip(taken, shifts, strict=True) if their == shift
        ):
            shift = -shift if shift > 0 else 1 - shift  # 0, 1, -1, 2, -2, ...
        taken.append(steps)
        shifts.append(shift)
    return shifts


def shifted(points: Sequence[Point], distance: float) -> list[Point]:
    """`points` moved `distance` pixels square to the line from the first to the last."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    dx, dy = -(y1 - y0) / length * distance, (x1 - x0) / length * distance
    return [(x + dx, y + dy) for x, y in points]
