"""Where the board, the side panel and the status line go in a window of a given size: shared by
the game and setup screens (pure arithmetic on pygame rectangles)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from checkers.board_geometry import BoardGeometry
from checkers.gui import fonts, theme

__all__ = [
    "LARGE_STATUS_ROWS",
    "SMALL_STATUS_ROWS",
    "STATUS_FLOOR",
    "GameLayout",
    "game_layout",
    "status_height",
]

STATUS_FLOOR = 56
"""The status line's least height in pixels."""
STATUS_TEXT = 16
"""The status line's text size (`#status` in the theme)."""
SMALL_STATUS_ROWS = 4
"""The rows of text the status line holds where its text is the window's smallest, and so large
for the window: the longest status (a file opened while a game was kept, some 200 characters)
wraps to four at 720x480."""


LARGE_STATUS_ROWS = 3
"""The rows of text the status line holds at its full size in a larger window: a third row
(a review's status with its key to play on, a file opened while a game was kept) no longer
shrinks the text to the smallest size at 1280x800; the board gives up a few pixels for it."""


def status_height(scale: float, rows: int = SMALL_STATUS_ROWS) -> int:
    """The status line's height at the window's `scale`: 5.4 grid units, at least
    `STATUS_FLOOR`, and whole rows of its text: in a small window `rows` of the smallest text,
    in a larger one `LARGE_STATUS_ROWS` of its own size (`#status` spaces them a line apart, its
    `line_spacing` 1.0, inside 2 pixels of padding each side, and a pixel to spare, or
    pygame_gui scrolls the last row away)."""
    size = theme.text_size(STATUS_TEXT, scale)
    rows = rows if size <= theme.MIN_TEXT else LARGE_STATUS_ROWS
    unit = max(1, round(10 * scale))  # cards.grid_unit
    return max(round(5.4 * unit), STATUS_FLOOR, rows * fonts.font(size).get_linesize() + 6)


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
    # The panel grows with the text (the window's scale, as checkers.gui.app.ui_scale sets it)
    # past the 440 pixels of the 1280x800 window: at 1920x1080 (text 1.5 times as large) a
    # 440-pixel panel cut its buttons' words.
    scale = max(1.0, min(2.0, width / 1120, height / 720))
    panel_width = max(200, min(round(440 * scale), int(width * 0.34)))
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
