"""The newcomer's walk of 2026-11-30 (seventh round, main at c4a4d70): four window defects, each
checked where a player would notice it, through the App's loop under SDL's dummy drivers:
Settings' Board row against the board each mode opens with, Next puzzle over many due, End after
a pause in AI vs AI, and the AI vs AI delay kept for the start form."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from gui_driving import click_button, press, run_until, screen_of
from pygame_gui.elements import UIButton

from checkers.board_geometry import BoardGeometry
from checkers.gui.app import App
from checkers.gui.config import Mode
from checkers.gui.intents import OpenSettings
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import Settings


def settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def black_at_bottom(board: BoardGeometry) -> bool:
    """Whether Black's end of the board (square 1) is at the bottom."""
    return board.square_center(1)[1] > board.square_center(32)[1]


def board_row(app: App) -> str:
    """Settings' Board row as it reads over the screen on top, Settings closed again."""
    app.request(OpenSettings())
    settle(app)
    dialog = app.screen
    assert isinstance(dialog, SettingsScreen)
    button = dialog.widgets["flip"]
    assert isinstance(button, UIButton)
    text = str(button.text)
    dialog.close_dialog()
    settle(app)
    return text


# --- 1. Settings' Board row says what the board of every mode does ----------------------------


@pytest.mark.parametrize(
    ("keys", "human"),
    [
        ((pygame.K_1, pygame.K_b), "Black"),
        ((pygame.K_1, pygame.K_w), "White"),
        ((pygame.K_2,), None),
        ((pygame.K_3,), None),
    ],
    ids=["you as Black", "you as White", "AI vs AI", "two players"],
)
def test_the_board_turned_between_two_players_is_as_every_games_board_row_says(
    make_app: Callable[..., App], keys: tuple[int, ...], human: str | None
) -> None:
    # The walk turned the board from the Two players start screen ("Turned (Black at the
    # bottom)"), then played Black against the AI: Black was at the top.
    app = make_app(None, size=(720, 480))
    press(app, pygame.K_3, "3")  # two players
    assert board_row(app) == "White at the bottom"
    app.request(OpenSettings())
    settle(app)
    dialog = app.screen
    assert isinstance(dialog, SettingsScreen)
    click_button(app, dialog.widgets["flip"])  # type: ignore[arg-type]
    settle(app)
    dialog.close_dialog()
    settle(app)
    assert board_row(app) == "Turned (Black at the bottom)"

    for code in keys:
        press(app, code, pygame.key.name(code))
    start = app.screen
    assert isinstance(start, StartScreen)
    start_words = start._board_words()
    press(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.screen, GameScreen))
    game = screen_of(app)
    black = black_at_bottom(game.layout().board)
    said = board_row(app)
    if human is None:
        # Where no side is yours the row names the colour at the bottom: the board's.
        assert said.endswith(f"{'Black' if black else 'White'} at the bottom)") or said == (
            f"{'Black' if black else 'White'} at the bottom"
        )
        assert start_words.startswith(f"{'Black' if black else 'White'} is at the bottom")
    else:
        # Turning the two players' board left your side at the bottom against the AI.
        assert said == "Your side at the bottom"
        assert black is (human == "Black")
    if keys == (pygame.K_3,):
        assert black and said == "Turned (Black at the bottom)"  # the board the row promised
    if keys == (pygame.K_2,):
        assert black and said == "Black at the bottom"


def test_a_board_turned_in_an_older_settings_file_stays_turned_in_every_mode() -> None:
    # Before each mode kept its own, `flip` turned every game's board.
    old = Settings.from_json({"flip": True})
    assert all(old.turns(mode) for mode in (None, *Mode))
    assert not any(Settings.from_json({"flip": False}).turns(mode) for mode in Mode)
