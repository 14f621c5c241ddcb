"""Where the game review goes in the game screen: its strip (the graph and the moves' marks)
under the board, taken from the top of the status area, which the review makes taller; the
board and the panel never move when a review comes or goes."""

from __future__ import annotations

import dataclasses
import math

import pygame

from checkers.gui import fonts, theme
from checkers.gui.cards import grid_unit
from checkers.gui.layout import (
    SMALL_STATUS_ROWS,
    STATUS_TEXT,
    GameLayout,
    game_layout,
    status_height,
)

__all__ = ["REVIEW_STATUS_ROWS", "game_screen_layout", "split_layout"]

REVIEW_STATUS_ROWS = SMALL_STATUS_ROWS
"""The status line's rows of the smallest text in a small window while a review shows its strip:
as many as the game's own status line holds, so its longest words (back from the analysis board,
the game's result after them) show whole without a scroll bar. Two rows put a scroll bar beside
them at 720x480 (the walk of 2026-11-30, shots 11 and 33); the board gives up two rows' height."""

ROW_SPACING = 1.25
"""How far apart the status box puts its rows, in lines of its font (pygame_gui's text boxes
space rows by a quarter line more than the font's own line)."""
BOX_PADDING = 2
"""The status box's padding above and below its text, in pixels (pygame_gui's default)."""


def review_status_height(scale: float) -> int:
    """The status line's height under a review's strip: `REVIEW_STATUS_ROWS` rows of the
    smallest text in a small window as the text box spaces them (the game's status height
    counts rows a font's line apart, and the third row was cut at its foot at 720x480)."""
    size = theme.text_size(STATUS_TEXT, scale)
    if size > theme.MIN_TEXT:
        return status_height(scale, REVIEW_STATUS_ROWS)
    # Its rows and no more (the game's status line has a floor of 5.4 grid units, a third row
    # at 720x480 that would stand empty under the review's two).
    line = fonts.font(size).get_linesize()
    pitch = math.floor(line * ROW_SPACING)
    return max(REVIEW_STATUS_ROWS * line + 6, REVIEW_STATUS_ROWS * pitch + 2 * BOX_PADDING)


def game_screen_layout(
    size: tuple[int, int], scale: float, flipped: bool, strip: int
) -> tuple[GameLayout, pygame.Rect | None]:
    """The game screen's layout for a window of `size` at `scale`, and the review's strip
    (`strip` pixels tall) above the status line, or None without a review."""
    width, height = size
    unit = grid_unit(scale)
    layout = game_layout(
        width,
        height,
        flipped,
        # Kept free whether or not the bar shows: the board never moves when it comes.
        side_bar=round(3.2 * unit),
        # Two lines, and in a small window four lines of the smallest text: never cut, under
        # a review's strip too (`REVIEW_STATUS_ROWS`).
        status_height=(
            review_status_height(scale) if strip else status_height(scale, SMALL_STATUS_ROWS)
        )
        + strip,
    )
    if not strip:
        return layout, None
    return split_layout(layout, strip)


def split_layout(layout: GameLayout, strip: int) -> tuple[GameLayout, pygame.Rect]:
    """The layout with its status line cut to its lower part, and the strip above it (the
    layout was made with `strip` pixels more status line)."""
    status = layout.status
    line = pygame.Rect(status.left, status.bottom - (status.height - strip), status.width, 0)
    line.height = status.bottom - line.top
    gap = max(4, layout.board_area.left // 2)
    area = pygame.Rect(status.left, status.top + gap // 2, status.width, strip - gap)
    return dataclasses.replace(layout, status=line), area
