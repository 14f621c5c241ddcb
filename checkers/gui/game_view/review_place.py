"""Where the game review goes in the game screen: its strip (the graph and the moves' marks)
under the board, taken from the top of the status area, which the review makes taller; the
board and the panel never move when a review comes or goes. `ReviewPlacement` starts and stops
the screen's review and makes its room."""

from __future__ import annotations

import dataclasses
import math
from typing import Protocol

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UITextBox

from checkers.gui import fonts, theme
from checkers.gui.cards import grid_unit
from checkers.gui.config import Mode
from checkers.gui.controller import KeptMarks
from checkers.gui.game_view.menu import GameMenu
from checkers.gui.game_view.review import ReviewHost, ReviewPane, ReviewStandby
from checkers.gui.layout import (
    SMALL_STATUS_ROWS,
    STATUS_TEXT,
    GameLayout,
    game_layout,
    status_height,
)

__all__ = [
    "REVIEW_STATUS_ROWS",
    "PlacementHost",
    "ReviewPlacement",
    "game_screen_layout",
    "split_layout",
]

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


class PlacementHost(ReviewHost, Protocol):
    """What the review's placement needs of the game screen (GameScreen is one)."""

    flipped: bool
    card: str | None
    menu: GameMenu
    ui_root: UIContainer | None
    status_box: UITextBox | None
    review_pane: ReviewPane | None
    review_standby: ReviewStandby

    def close_result(self) -> None:
        """Put the game-over card away."""
        ...

    def widgets_stale(self) -> bool:
        """Whether the next frame builds every widget afresh."""
        ...

    def status_moved(self) -> None:
        """Lay the status line's words out again in its new place."""
        ...

    def keep_marks(self, kept: KeptMarks | None) -> None:
        """Keep a closed review's marks in the move list, and in the game's file, while the
        game keeps those moves."""
        ...


class ReviewPlacement:
    """The game screen's review: started, stopped, its keys, and the room its strip takes."""

    def __init__(self, screen: PlacementHost) -> None:
        self.screen = screen

    def placed(self) -> tuple[GameLayout, pygame.Rect | None]:
        """The screen's layout, and the review's strip (None without a review)."""
        screen = self.screen
        unit = grid_unit(screen.context.scale)
        pane = screen.review_pane
        strip = pane.strip_height(unit) if pane is not None else 0
        return game_screen_layout(
            screen.context.window_size(), screen.context.scale, screen.flipped, strip
        )

    def area(self) -> pygame.Rect:
        """Where the review's strip goes: under the board, above the status line."""
        area = self.placed()[1]
        assert area is not None, "no review is open"
        return area

    def start(self) -> None:
        """Review every move of the game (again) in its own process; the game waits, stepping
        through its moves, and is never changed by the review."""
        screen = self.screen
        game = screen.game
        if not game.record.line:
            game.status = "Nothing to review yet: no move has been played."
            return
        if screen.review_pane is not None:
            screen.review_pane.close()
        screen.menu.open = False
        screen.card = None
        screen.close_result()
        # The AI waits (and the clocks stop) while the game is reviewed.
        game.go_to(game.record.ply, live_at_end=False)
        # In the process started when the game ended or the menu opened, if one waits; the
        # pane says in the status line how the review goes.
        screen.review_pane = ReviewPane(screen, screen.review_standby.take())
        self.place()

    def stop(self, status: str = "") -> None:
        """Close the review: its process ends, the graph goes (the move list keeps its marks)."""
        screen = self.screen
        pane, screen.review_pane = screen.review_pane, None
        if pane is None:
            return
        # The marks stay in the move list, as the review left them (walk 2026-12-01ad: the
        # "?" and "??" went with the review), while the game keeps those moves.
        kept = pane.kept_marks(open_review=False)
        pane.close()
        screen.keep_marks(kept)
        game = screen.game
        if game.finished:
            # A finished game stays on the move the review showed: no one is to move there.
            game.go_to(game.record.ply)
        else:
            # An unfinished game goes back to its last move played, as it was before the
            # review, so the side to move there moves: the AI is never said to be "to move"
            # on a move of the past where it waits for nothing.
            game.go_to(len(game.record.line))
            if game.reviewing and game.mode is Mode.HUMAN_VS_AI:
                game.continue_here()  # the AI's turn: it moves (go_to holds an AI turn still)
        if status:
            game.status = f"{status} {game.status}"
        self.place()

    def place(self) -> None:
        """Make room for the review's strip (or give it back) without rebuilding the panel:
        the status line moves and the strip's own widgets come or go."""
        screen = self.screen
        if screen.ui_root is None or screen.widgets_stale():
            return  # the next frame rebuilds every widget anyway
        status = self.placed()[0].status
        if screen.status_box is not None:
            screen.status_box.set_relative_position(status.topleft)
            screen.status_box.set_dimensions(status.size)
        screen.status_moved()
        if screen.review_pane is not None and screen.panel is not None:
            screen.review_pane.build_ui(screen.ui_root, self.area())

    def action(self, name: str) -> None:
        """A review key (previous / next mistake, better line); says so when no review is
        open."""
        pane = self.screen.review_pane
        if pane is None:
            self.screen.game.status = "No review open: Menu > Review game reviews this game."
            return
        if name == "better":
            pane.show_better_line()
        else:
            pane.jump(-1 if name == "previous" else +1)
