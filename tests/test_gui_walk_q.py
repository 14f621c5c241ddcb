"""What the newcomer's walk of 2026-11-30q found, each as a player would see it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pygame
from gui_driving import screen_of

from checkers.board import Move, Position
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig


def panel_pixels(app: App) -> str:
    """The side panel as the window shows it now (a digest of its pixels)."""
    panel = screen_of(app).panel
    assert panel is not None
    pixels = pygame.image.tobytes(app.surface().subsurface(panel.panel.rect), "RGB")
    return hashlib.sha256(pixels).hexdigest()


def test_the_panel_shows_a_move_in_the_frame_the_board_does(
    make_app: Callable[..., App],
) -> None:
    # The walk saw "Black 8 left" beside the 7 men on the board, and after the last capture
    # "Black 1 left" beside none, for a slow frame: pygame_gui drew the panel's new texts one
    # frame after the board.
    start = Position.from_fen("W:WK10,K14:B18")
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start))
    for _ in range(3):
        app.step(1 / 60)
    before = panel_pixels(app)
    screen_of(app).game.play(Move.from_pdn("14x23", start))
    app.step(1 / 60)  # the frame that draws the board after the capture
    landed = panel_pixels(app)
    assert landed != before
    app.step(1 / 60)
    assert panel_pixels(app) == landed  # nothing of the panel was left for a later frame
