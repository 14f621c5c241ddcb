"""The board keeps its size and place: when the evaluation bar comes, and between the game and
the analysis board, at the smallest and a large window."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from gui_driving import press, screen_of

from checkers.gui.app import App
from checkers.gui.screens.analysis import AnalysisScreen


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_the_board_stays_put_for_the_bar_and_the_analysis_board(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(size=size)
    screen = screen_of(app)
    before = screen.layout().board
    press(app, pygame.K_v, "v")  # the evaluation bar comes
    assert screen.bar_shown() and screen.layout().board == before
    press(app, pygame.K_a, "a")
    analysis = app.screen
    assert isinstance(analysis, AnalysisScreen)
    assert analysis.layout().board == before
