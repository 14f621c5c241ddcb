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


def test_the_analysis_board_tells_scores_for_the_side_ahead_against_the_ai() -> None:
    from checkers.board import BLACK, WHITE
    from checkers.gui.explaining import line_score

    assert line_score(0.35, None, WHITE, human=BLACK) == "+0.35 for the AI"
    assert line_score(-0.35, None, WHITE, human=BLACK) == "+0.35 for you"
    assert line_score(0.35, None, BLACK, human=BLACK) == "+0.35 for you"
    assert line_score(None, 3, WHITE, human=BLACK) == "the AI wins in 3 moves"
    assert line_score(0.35, None, WHITE) == "+0.35 for White"  # two players: whose, named


def test_the_analysis_boards_score_comes_back_to_the_game(make_app: Callable[..., App]) -> None:
    from gui_driving import run_until

    app = make_app()
    game = screen_of(app).game
    assert game.judgement() is None
    press(app, pygame.K_a, "a")
    analysis = app.screen
    assert isinstance(analysis, AnalysisScreen)
    run_until(app, lambda: analysis.analysis is not None and analysis.analysis.depth >= 3)
    assert analysis.analysis is not None
    depth = analysis.analysis.depth
    press(app, pygame.K_ESCAPE)
    assert screen_of(app).game is game
    judged = game.judgement()
    assert judged is not None and judged.depth >= depth  # the deepest of the position's scores
