"""Where the board, the side panel and the status line go in a window of a given size: shared by
the game and setup screens (pure arithmetic on pygame rectangles)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from checkers.board_geometry import BoardGeometry

__all__ = ["STATUS_FLOOR", "GameLayout", "game_layout"]

STATUS_FLOOR = 56
"""The status line's least height in pixels: three lines of `ui.SMALLEST_TEXT`."""


@dataclass(frozen=True)
class GameLayout:
    """Where things go in a window of a given size."""

    board: BoardGeometry
    panel: pygame.Rect
    status: pygame.Rect
    board_area: pygame.Rect
    font: int


def game_layout(
    width: int, height: int, flipped: bool, side_bar: int = 0, status_height: int | None = None
) -> GameLayout:
    """Board on the left as large as fits, panel on the right, status line under the board;
    `side_bar` pixels kept free right of the board (the evaluation bar), `status_height` for the
    status line (else a line of the font's size)."""
    margin = max(6, min(width, height) // 40)
    font = max(12, min(24, height // 36, width // 50))
    panel_width = max(200, min(440, int(width * 0.34)))
    if status_height is None:
        status_height = int(font * 1.8)
    bar_room = side_bar + margin if side_bar else 0
    space_width = max(80, width - panel_width - 3 * margin - bar_room)
    space_height = max(80, height - status_height - 3 * margin)
    cell = max(8, min(space_width, space_height) // 8)
    left = margin + (space_width - 8 * cell) // 2
    top = margin + (space_height - 8 * cell) // 2
    panel = pygame.Rect(width - panel_width - margin, margin, panel_width, height - 2 * margin)
    status = pygame.Rect(
        margin, height - margin - status_height, space_width + bar_room, status_height
    )
    area = pygame.Rect(margin, margin, space_width, space_height)
    return GameLayout(BoardGeometry(left, top, cell, flipped), panel, status, area, font)
