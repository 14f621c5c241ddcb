"""The newcomer's walk of 2026-11-30: what a player saw in the window, each where a player
notices it (one name and one set of values for a setting in Settings and the game's Menu)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu

from checkers.ai.levels import get_level
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.intents import OpenSettings
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.settings import Settings
from tests.gui_driving import press, screen_of

AGAINST_AI = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("novice")))
SIZES_AND_THEMES = [
    ((720, 480), "contrast"),
    ((1280, 800), "wood"),
]


def settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def menu_words(app: App) -> dict[str, str]:
    """The game menu's setting entries as `name: value`, the menu opened and closed again."""
    screen = screen_of(app)
    screen.toggle_menu()
    settle(app)
    words = {
        name: screen.widgets[f"menu {name}"].text for name in ("eval_bar", "square_numbers", "mute")
    }
    screen.toggle_menu()
    settle(app)
    return words


def settings_words(app: App) -> tuple[dict[str, str], SettingsScreen]:
    """Settings' rows for the same settings as `name: value`, the dialog left open."""
    app.request(OpenSettings())
    settle(app)
    dialog = app.screen
    assert isinstance(dialog, SettingsScreen)
    bar = dialog.widgets["eval_bar"]
    assert isinstance(bar, UIDropDownMenu)
    numbers, sound = dialog.widgets["square_numbers"], dialog.widgets["sound"]
    assert isinstance(numbers, UIButton) and isinstance(sound, UIButton)
    return {
        "eval_bar": f"Evaluation bar: {bar.selected_option[0]}",
        "square_numbers": f"Square numbers: {numbers.text}",
        "mute": f"Sound: {sound.text}",
    }, dialog


@pytest.mark.parametrize(("size", "theme_name"), SIZES_AND_THEMES, ids=str)
def test_the_menu_and_settings_name_each_setting_and_its_value_alike(
    make_app: Callable[..., App], size: tuple[int, int], theme_name: str
) -> None:
    # The walk read "Mute: off" in the Menu beside Settings' "Sound: No audio device", and
    # "Evaluation bar: on" beside "Always".
    app = make_app(AGAINST_AI, size=size, settings=Settings(theme=theme_name))
    app.sounds.problem = "no sound: ALSA: Couldn't open audio device"
    settle(app)
    menu = menu_words(app)
    assert menu == {
        "eval_bar": "Evaluation bar: AI vs AI only",  # a first game against the AI: hidden
        "square_numbers": "Square numbers: On",
        "mute": "Sound: No audio device",
    }
    screen = screen_of(app)
    said, dialog = settings_words(app)
    assert said == menu
    dialog.close_dialog()
    settle(app)
    # V and K change the setting; the Menu, Settings and the status line say the new value.
    press(app, pygame.K_v, "v")
    press(app, pygame.K_k, "k")
    settle(app)
    assert screen.game.status == "Square numbers: Off."
    menu = menu_words(app)
    assert menu["eval_bar"] == "Evaluation bar: Always"
    assert menu["square_numbers"] == "Square numbers: Off"
    said, dialog = settings_words(app)
    assert said == menu
    dialog.close_dialog()
    settle(app)
    # Without an audio device the Sound entry is greyed.
    screen.toggle_menu()
    settle(app)
    assert not screen.widgets["menu mute"].is_enabled


def test_the_sound_entry_switches_between_on_and_off_as_settings_says_them(
    make_app: Callable[..., App],
) -> None:
    app = make_app(AGAINST_AI, settings=Settings(sound=False))
    assert menu_words(app)["mute"] == "Sound: Off"
    press(app, pygame.K_m, "m")
    assert screen_of(app).game.status == "Sound: On."
    assert menu_words(app)["mute"] == "Sound: On"
    said, _ = settings_words(app)
    assert said["mute"] == "Sound: On"
