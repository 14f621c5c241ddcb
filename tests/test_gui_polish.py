"""What a new player sees at the window's edges: no tooltip left over after a screen change,
no text cut or run together on the analysis board at the smallest window, one rule for the
cards' buttons, plain words in the search tree's default view, and a start screen without an
empty band."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from gui_driving import press, screen_of

from checkers.gui.app import App
from checkers.gui.screens.analysis import AnalysisScreen


def tooltips(app: App) -> list[pygame_gui.elements.UITooltip]:
    """The tooltips on the window now."""
    sprites = app.context.ui.get_sprite_group().sprites()
    return [tip for tip in sprites if isinstance(tip, pygame_gui.elements.UITooltip)]


def rest(app: App, seconds: float = 2.0) -> None:
    """Let the window run `seconds` with the pointer where it is (tooltips come after 0.6 s)."""
    for _ in range(round(seconds / 0.1)):
        app.step(0.1)


def test_no_tooltip_survives_opening_the_analysis_board_by_its_key(
    make_app: Callable[..., App],
) -> None:
    app = make_app(size=(1280, 800))
    game = screen_of(app)
    button = game.widgets["analyse"]
    pygame.mouse.set_pos(button.get_abs_rect().center)  # the pointer rests on Analyse
    rest(app)
    assert tooltips(app)  # its tooltip is up
    press(app, pygame.K_a, "a")
    analysis = app.screen
    assert isinstance(analysis, AnalysisScreen)
    rest(app)  # the pointer rests, now over one of the analysis board's buttons
    assert not tooltips(app)
    # Tooltips still work once the pointer moves on the new screen.
    pygame.mouse.set_pos(analysis.widgets["close"].get_abs_rect().center)
    rest(app)
    assert tooltips(app)
    pygame.mouse.set_pos(analysis.widgets["close"].get_abs_rect().center)
    press(app, pygame.K_ESCAPE)
    rest(app)
    assert app.screen is game and not tooltips(app)  # nor back on the game
