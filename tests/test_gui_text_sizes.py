"""Issue 36: no text of the window is smaller than 12 pixels, at 720x480 as at 1280x800, and no
label's words are wider or taller than its box. Every screen is opened through the App's loop
(`screen_tour`) while every text drawn is recorded, the widgets' and the hand-drawn alike."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.core import UIElement
from pygame_gui.core.gui_font_freetype import GUIFontFreetype
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.elements import UIButton, UILabel
from screen_tour import tour

from checkers.ai import Limits
from checkers.gui import fonts, picture_png, theme
from checkers.gui.app import App
from checkers.gui.game_view import review as review_screen
from checkers.review import ReviewSetting

SMALLEST = 12
"""The smallest text a player is asked to read, in pixels."""


class TextLog:
    """Every text drawn while it is installed: (stop, size in pixels, text)."""

    def __init__(self) -> None:
        self.stop = "opening"
        self.drawn: list[tuple[str, int, str]] = []

    def add(self, size: int, text: object) -> None:
        if isinstance(text, str) and text.strip():
            self.drawn.append((self.stop, size, text))

    def too_small(self) -> list[tuple[str, int, str]]:
        """The texts drawn under `SMALLEST` pixels, once each."""
        return sorted({entry for entry in self.drawn if entry[1] < SMALLEST})


@pytest.fixture
def text_log(monkeypatch: pytest.MonkeyPatch) -> Iterator[TextLog]:
    """Record the size of every text the window draws: pygame_gui's fonts, and the fonts of
    `checkers.gui.fonts` (loaded afresh as a recording kind of pygame font)."""
    log = TextLog()

    def recording(cls: Any, name: str) -> None:
        original = getattr(cls, name)

        def render(self: Any, text: str, *args: Any, **kwargs: Any) -> Any:
            log.add(int(self.point_size), text)
            return original(self, text, *args, **kwargs)

        monkeypatch.setattr(cls, name, render)

    for cls in (GUIFontPygame, GUIFontFreetype):
        recording(cls, "render_premul")
        recording(cls, "render_premul_to")

    class RecordingFont(pygame.font.Font):
        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            log.add(self.point_size, text)
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    # A picture (the Why? card's board) is drawn larger and scaled down: its own sizes count.
    paint_text = picture_png._text

    def picture_text(canvas: pygame.Surface, text: Any, scale: int, faces: Any) -> None:
        log.add(round(text.size), text.text)
        paint_text(canvas, text, scale, faces)

    monkeypatch.setattr(picture_png, "_text", picture_text)
    fonts.forget()  # fonts loaded before are plain ones
    yield log
    fonts.forget()
    theme.use(theme.DEFAULT_THEME)


def shown_part(element: UIElement) -> pygame.Rect:
    """The part of `element` in view: its rectangle clipped by every container it is in (a
    scrolled list shows only some of its rows)."""
    rect = element.get_abs_rect()
    container = element.ui_container
    while container is not None and container is not element:
        rect = rect.clip(container.get_abs_rect())
        parent = container.ui_container
        container = parent if parent is not container else None
    return rect


def widget_problems(app: App) -> list[str]:
    """Every label or button in view whose words are wider or taller than its box, or that
    lies outside the window."""
    window = pygame.Rect((0, 0), app.window_size())
    problems = []
    for element in app.context.ui.get_sprite_group().sprites():
        if not isinstance(element, UILabel | UIButton) or not element.visible:
            continue
        rect = element.get_abs_rect()
        if shown_part(element).width <= 0 or shown_part(element).height <= 0:
            continue  # scrolled out of view
        text = element.text
        font = element.font
        if not text.strip() or font is None:
            continue
        width, _ = font.size(text)
        face = fonts.font(font.get_point_size())  # the same Noto Sans: its ascent and descent
        ink = face.get_ascent() - face.get_descent()
        if width > rect.width - 4:
            problems.append(f"{text!r} is {width} px wide in a box of {rect.width}")
        if ink > rect.height:
            problems.append(f"{text!r} is {ink} px high in a box of {rect.height}")
        if isinstance(element, UILabel) and re.search(r"\S\.\.\.$", text):
            problems.append(f"{text!r} was cut to fit its box")  # a line of moves ends ' ...'
        if not window.contains(shown_part(element)):
            problems.append(f"{text!r} at {tuple(rect)} is outside the window")
    return problems


@pytest.fixture
def shallow_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game review that looks 4 turns ahead in one process: its words are as long."""
    monkeypatch.setattr(review_screen, "SETTING", ReviewSetting(Limits(depth=4)))
    monkeypatch.setattr(review_screen, "JOBS", 1)


def test_both_themes_give_their_texts_the_same_sizes() -> None:
    """So the sizes measured below in one theme hold in the other, and so do the rows their
    words wrap into: the themes differ in their colours alone (the same fonts, borders,
    paddings and shadows), which the tests that walk a window's words in one theme rely on."""

    def sizes(name: str) -> dict[str, object]:
        blocks = theme.ui_theme(name, 0.7).items()
        return {
            key: (block.get("font"), block.get("misc"))
            for key, block in blocks
            if isinstance(block, dict)
        }

    assert sizes("wood") == sizes("contrast")


@pytest.mark.parametrize(
    ("size", "theme_name"),
    # The smallest and the walk's sizes, and the 16:9 desktops Settings offers (wider than tall
    # beside the 16:10 layouts were made at; `make test-slow`: two minutes of a core each).
    [
        ((720, 480), "contrast"),
        ((1280, 800), "wood"),
        pytest.param((1366, 768), "contrast", marks=pytest.mark.slow),
        pytest.param((1920, 1080), "wood", marks=pytest.mark.slow),
    ],
    ids=str,
)
@pytest.mark.usefixtures("shallow_review")
def test_every_screen_draws_its_words_at_12_px_or_more_and_in_their_boxes(
    data: Path,
    text_log: TextLog,
    size: tuple[int, int],
    theme_name: str,
) -> None:
    problems: list[str] = []
    stops = []
    for stop, app in tour(data, size, theme_name):
        stops.append(stop)
        problems += [f"{stop}: {problem}" for problem in widget_problems(app)]
        text_log.stop = f"after {stop}"  # what is drawn on the way to the next stop
    assert len(stops) >= 20  # every screen was reached
    small = [f"{stop}: {text!r} at {px} px" for stop, px, text in text_log.too_small()]
    assert not small + problems, "\n".join(small + problems)
