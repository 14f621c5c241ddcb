"""Driving the desktop game in tests: real events posted to pygame, one frame of the App's loop
after each, and the game screen on top."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from checkers.gui.app import App
from checkers.gui.screens.game import GameScreen


def screen_of(app: App) -> GameScreen:
    """The game screen on top of the App (the test fails if another screen is)."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def post(kind: int, **fields: object) -> None:
    """Put an event on pygame's queue, as the window would."""
    pygame.event.post(pygame.event.Event(kind, **fields))


def click_at(app: App, point: tuple[int, int]) -> None:
    """A left click at `point`, then one frame."""
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    app.step(1 / 60)


def click(app: App, square: int) -> None:
    """A left click on the centre of `square` of the game's board, then one frame."""
    x, y = screen_of(app).layout().board.square_center(square)
    click_at(app, (int(x), int(y)))


def press(app: App, key: int, text: str = "", mod: int = 0) -> None:
    """A key press, then one frame."""
    post(pygame.KEYDOWN, key=key, unicode=text, mod=mod)
    app.step(1 / 60)


def run_until(app: App, condition: Callable[[], bool], frames_cap: int = 20_000) -> None:
    """Run the App's frames until `condition` holds, waiting between frames for the AI
    worker's next report while it searches (at most a frame's time) rather than counting a
    fixed number of frames: a busy machine only makes it slower. The cap only stops a hang."""
    frames = 0
    while not condition() and frames < frames_cap:
        app.step(1 / 60)
        idle(app)
        frames += 1
    assert condition()


def idle(app: App, frame: float = 1 / 60) -> None:
    """Between two frames of a test's loop, wait up to `frame` for the next report of the
    worker that is busy (the AI's search, a review), as the window's own loop sleeps between
    frames: a loop drawing frame after frame took a core from the searches it waited on (a
    review test waited 9 s for a 2-turn reply that takes 2 s)."""
    if app.ai.pending is not None or app.ai.explaining is not None:
        app.ai.wait(frame)
        return
    pane = getattr(app.screen, "review_pane", None)
    if pane is not None and pane.progress.running:
        pane.client.wait(frame)


def click_button(app: App, button: pygame_gui.elements.UIButton) -> None:
    """Hover and click a pygame_gui button, then two frames (pygame_gui posts the press as an
    event of its own, handled a frame on)."""
    x, y = button.get_abs_rect().center
    point = (int(x), int(y))
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0,))
    click_at(app, point)
    app.step(1 / 60)


def type_text(app: App, text: str) -> None:
    """Type `text` as a keyboard does: for each character a key press (its key, with Shift for
    a capital) and the character it writes (SDL's text input), then a frame."""
    for character in text:
        shift = pygame.KMOD_SHIFT if character.isupper() else 0
        key = pygame.key.key_code(character.lower())
        post(pygame.KEYDOWN, key=key, unicode=character, mod=shift, scancode=0)
        post(pygame.TEXTINPUT, text=character)
        post(pygame.KEYUP, key=key, unicode=character, mod=shift, scancode=0)
        app.step(1 / 60)
