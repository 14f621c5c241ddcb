"""Defects a newcomer met on the settings card, the drills, the Why? screen and the analysis
board (issue 36, walk 2026-11-29d), each where the player would notice it: the window is driven
through the App's loop under SDL's dummy drivers, in a temporary data directory."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import press, run_until
from pygame_gui.elements import UIDropDownMenu
from test_gui_puzzles import click_at
from test_gui_tree import open_tree
from test_gui_why_board import open_card

from checkers.gui import fonts, theme
from checkers.gui.app import App
from checkers.gui.screens.drills import DrillScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.why import text_pixels


@pytest.fixture(autouse=True)
def data_dir(data: Path) -> Iterator[Path]:
    yield data
    theme.use(theme.DEFAULT_THEME)


@pytest.mark.parametrize("name", ["theme", "eval_bar", "window_size"])
def test_a_settings_list_drops_as_wide_as_its_button(
    make_app: Callable[..., App], name: str
) -> None:
    app = make_app(None, size=(720, 480))
    press(app, pygame.K_s, "s")
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    menu = screen.widgets[name]
    assert isinstance(menu, UIDropDownMenu)
    click_at(app, menu.get_abs_rect().center)
    options = menu.menu_states["expanded"].options_selection_list
    run_until(app, lambda: options is not None and options.alive())
    assert options is not None
    assert options.get_abs_rect().width == menu.get_abs_rect().width


def test_no_drill_label_is_too_small_for_its_words_at_720x480(
    make_app: Callable[..., App],
) -> None:
    """pygame_gui warned "Label Rect is too small for text" three times: the source's rows
    were a pixel shorter than their line, cutting the letters' feet."""
    app = make_app(None, size=(720, 480))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        press(app, pygame.K_d, "d")
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.card is not None
        click_at(app, screen.card.widgets["drill 1"].get_abs_rect().center)
        run_until(app, lambda: screen.game is not None)
        for _ in range(3):
            app.step(1 / 60)
    assert screen.labels["about 5"].text.startswith("From: ")  # the source is shown
    too_small = [str(w.message) for w in caught if "too small for text" in str(w.message)]
    assert too_small == []


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=["720x480", "1280x800"])
def test_why_reads_at_14_px_or_more(make_app: Callable[..., App], size: tuple[int, int]) -> None:
    """The walk read Why?'s explanation at about 11 px of letters at 720x480 (the theme's 16 px
    scaled to 12): its words and the line's words under the board are at least 14 px."""
    _, why = open_card(make_app, size=size)
    assert why.text is not None and why.line_text is not None
    for box in (why.text, why.line_text):
        assert box.parser.default_style["font_size"] >= 14
        assert box.parser.default_style["font_size"] == text_pixels(why.context.scale)


def test_the_trees_header_reads_at_14_px_or_more_in_a_small_window(
    make_app: Callable[..., App],
) -> None:
    """Its sentences were drawn at 13 px, which the window's font draws at 12 (a blurred size)."""
    app = make_app(size=(720, 480))
    view = open_tree(app).view
    assert view is not None
    header = [
        (text, size)
        for text, size in view.labels.drawn
        if text.startswith(("The position", "Looking"))
    ]
    assert header  # the header's sentences were drawn
    assert all(
        view.labels.font(size).get_height() >= fonts.font(14).get_height() for _, size in header
    )
    assert all(size >= 14 for _, size in header), header
