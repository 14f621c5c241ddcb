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
    assert screen.bar.shown() and screen.layout().board == before
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


def test_the_analysis_board_shows_the_games_deeper_score_until_it_looks_as_deep(
    make_app: Callable[..., App],
) -> None:
    """One position, one score: the game's 18-turn evaluation stays on the analysis board's bar
    while the board's own search is shallower (the walk saw "even" in the game beside "+0.20
    for the AI" on the board for the same position)."""
    from checkers.board import WHITE
    from checkers.coach.explain import Analysis, AnalysisLine
    from checkers.coach.judgement import Judgement

    app = make_app()
    game = screen_of(app).game
    game.judge(game.position, Judgement(-35.0, 100.0, WHITE, 18))
    press(app, pygame.K_a, "a")
    analysis = app.screen
    assert isinstance(analysis, AnalysisScreen)
    analysis.analysis = Analysis(12, (AnalysisLine("11-15", 0.2, ("11-15",)),))
    assert analysis.evaluation() is not None
    assert analysis.evaluation()[1] == "+0.35 for Black"  # type: ignore[index]
    assert analysis.bar_figure() == "0.35"
    deeper = Analysis(19, (AnalysisLine("11-15", 0.2, ("11-15",)),))
    analysis.analysis = deeper
    analysis._remember(deeper)
    assert analysis.evaluation()[1] == "+0.20 for Black"  # type: ignore[index]
    assert analysis.bar_figure() == "0.20"
    # The explorer shown (or a move taken back) starts the search again: the bar keeps the
    # board's own deeper look until the new search is as deep.
    analysis.analysis = Analysis(14, (AnalysisLine("11-15", -0.1, ("11-15",)),))
    assert analysis.evaluation()[1] == "+0.20 for Black"  # type: ignore[index]
    analysis.analysis = Analysis(21, (AnalysisLine("11-15", -0.25, ("11-15",)),))
    assert analysis.evaluation()[1] == "+0.25 for White"  # type: ignore[index]
    # Under a fifth of a man either way the position reads even on the bar and in its words
    # (the review's band for a good move), so a deeper search's -0.10 does not turn it round.
    analysis.analysis = Analysis(22, (AnalysisLine("11-15", -0.1, ("11-15",)),))
    assert analysis.evaluation() == (0.5, "even")
    assert analysis.bar_figure() == "even"
