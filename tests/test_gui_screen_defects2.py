"""Defects a player saw on screen (issue 36 §1, second round), each where the player would
notice it: the window is driven through the App's loop under SDL's dummy drivers, with games
and settings in a temporary data directory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import click_at, press
from pygame_gui.elements import UIButton

from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import StartScreen


@pytest.fixture(autouse=True)
def data_dir(data: Path) -> Iterator[Path]:
    yield data
    theme.use(theme.DEFAULT_THEME)


def start_screen(app: App) -> StartScreen:
    """The start screen on top of the App."""
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return screen


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_ai_vs_ai_stands_right_under_the_mode_row(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(None, size=size)
    press(app, pygame.K_2, "2")
    start = start_screen(app)
    mode_row = start.widgets["mode 2"].get_abs_rect()
    level = start.menus["black level"].get_abs_rect()
    # No empty band where Clock and You play stand in the other modes: the next row follows.
    assert 0 <= level.top - mode_row.bottom <= mode_row.height // 2


def test_the_level_list_drops_as_wide_as_its_button(make_app: Callable[..., App]) -> None:
    app = make_app(None, size=(720, 480))
    press(app, pygame.K_2, "2")
    menu = start_screen(app).menus["black level"]
    click_at(app, menu.get_abs_rect().center)
    app.step(1 / 60)
    options = menu.menu_states["expanded"].options_selection_list
    assert options is not None and options.alive()
    assert options.get_abs_rect().width == menu.get_abs_rect().width


@pytest.mark.parametrize("name", theme.THEMES)
def test_the_hover_ring_is_not_the_selection_ring(name: str) -> None:
    colours = theme.ui_theme(name)["defaults"]["colours"]
    assert colours["hovered_border"].lower() != colours["selected_border"].lower()


def test_sound_says_there_is_no_audio_device_and_is_greyed(make_app: Callable[..., App]) -> None:
    app = make_app(None)
    app.sounds.problem = "no sound: ALSA: Couldn't open audio device"
    press(app, pygame.K_s, "s")
    settings = app.screen
    assert isinstance(settings, SettingsScreen)
    sound, volume = settings.widgets["sound"], settings.widgets["volume"]
    assert isinstance(sound, UIButton)
    assert sound.text == "No audio device" and not sound.is_enabled
    app.step(1 / 60)
    assert not volume.is_enabled
