"""The desktop app: the one event loop, a stack of screens, the window, and the AI worker.

The loop runs at 60 frames a second whatever the AI does: the search lives in another process
and the loop only polls it. An exception in a handler is shown on the status line and the game
goes on, so a bug never costs a game in progress.
"""

from __future__ import annotations

import contextlib
import functools
import sys
import time
import traceback
from collections.abc import Callable
from typing import Protocol

import pygame

from checkers import saves
from checkers.gui.aiworker import AIClient
from checkers.gui.board_view.assets import Assets, Sounds
from checkers.gui.board_view.render import Renderer
from checkers.gui.config import GameConfig
from checkers.gui.game import HOP_SECONDS
from checkers.gui.persist import config_from_tags
from checkers.gui.screens import tree_overlay  # noqa: F401  (registers the T overlay on game screens)
from checkers.gui.screens.game import RESUME_PLY_TAG, GameScreen
from checkers.gui.screens.load import ResumeScreen, find_autosave
from checkers.gui.screens.start import StartChoices, StartScreen
from checkers.options import read_whole_number
from checkers.record import GameRecord

__all__ = ["FPS", "WINDOW_SIZE", "App", "DisplayUnavailable", "Screen", "run_app"]

FPS = 60
MAX_GAME_PLIES = 100_000  # far past any game: the 40-move rule ends a game long before
WINDOW_SIZE = (1120, 720)


def _resume_ply(text: str) -> int | None:
    """The ply an autosave was showing, or None (play on from its last move) if the tag is bad."""
    try:
        return read_whole_number(text, 0, MAX_GAME_PLIES)
    except ValueError:
        return None


class DisplayUnavailable(RuntimeError):
    """No window can be opened (no display, no video driver)."""


class Screen(Protocol):
    """What the app's loop drives: the start screen, a game, later a setup or replay screen."""

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def report(self, error: BaseException) -> None: ...

    def close(self) -> None: ...


class App:
    """Owns the window, the loop, the screen stack, the sounds and the AI worker."""

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        flip: bool = False,
        size: tuple[int, int] = WINDOW_SIZE,
        hop_seconds: float = HOP_SECONDS,
        muted: bool = False,
        on_frame: Callable[[float], None] | None = None,
        autosave: bool = False,
        offer_resume: bool = False,
        loaded: saves.ResumedGame | None = None,
    ) -> None:
        try:
            pygame.display.init()
        except pygame.error as error:
            raise DisplayUnavailable(f"no video device ({error})") from None
        pygame.font.init()
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Checkers")
        self.assets = Assets()
        try:
            pygame.display.set_icon(self.assets.image("icon.png"))
        except (FileNotFoundError, pygame.error):
            pass  # the default icon is fine
        self.renderer = Renderer(self.assets)
        self.sounds = Sounds(self.assets, muted=muted)
        self.ai = AIClient()  # the worker process starts with the first search
        self.hop_seconds = hop_seconds
        self.on_frame = on_frame
        self.autosave_enabled = autosave
        """Keep the game in progress in the data directory (off in tests unless asked for)."""
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self._last_error = ""
        self.choices = StartChoices()
        self.screens: list[Screen] = []
        self.handlers: dict[int, Callable[[pygame.event.Event], None]] = {
            pygame.QUIT: lambda event: self.quit(),
        }
        self.flip = flip
        if config is None:
            self.show_start()
        elif loaded is not None:
            self.start_game(config, flip=flip, record=loaded.record, tags=loaded.tags)
        else:
            self.start_game(config, flip=flip)
        if offer_resume:
            resumed = find_autosave()
            if resumed is not None:
                self.push(ResumeScreen(self, resumed, self.resume))

    # --- screens -----------------------------------------------------------------------------

    @property
    def screen(self) -> Screen:
        """The screen on top: it gets the events and draws."""
        return self.screens[-1]

    def _replace(self, screen: Screen) -> None:
        while self.screens:
            self.screens.pop().close()
        self.screens.append(screen)

    def push(self, screen: Screen) -> None:
        """Show a screen over the current one (a setup screen, a dialog)."""
        self.screens.append(screen)

    def pop(self) -> None:
        """Close the top screen, back to the one below (never the last one)."""
        if len(self.screens) > 1:
            self.screens.pop().close()

    def show_start(self) -> None:
        """Go to the start screen, with the choices made last time."""
        self._replace(StartScreen(self, self.choices))

    def start_game(
        self,
        config: GameConfig,
        flip: bool = False,
        record: GameRecord | None = None,
        tags: dict[str, str] | None = None,
    ) -> None:
        """Start a game with these players (a loaded one opens in review at its end)."""
        self._replace(GameScreen(self, config, flip=flip, record=record, tags=tags))

    def resume(self, resumed: saves.ResumedGame) -> None:
        """Carry on with an autosaved game, with the players it was played by."""
        current = self.screens[0]
        fallback = current.game.config if isinstance(current, GameScreen) else self.choices.config()
        # Claimed before the screen it replaces keeps its own game, so no two windows write it.
        file = saves.GameFile.claim(resumed.path) if resumed.path is not None else None
        self.start_game(
            config_from_tags(resumed.tags, fallback),
            flip=self.flip,
            record=resumed.record,
            tags=resumed.tags,
        )
        screen = self.screen
        assert isinstance(screen, GameScreen)
        screen.adopt(file)
        screen.game.resume_play(_resume_ply(screen.game.tags.pop(RESUME_PLY_TAG, "")))

    def quit(self) -> None:
        """Leave the loop after this frame."""
        self.running = False

    def surface(self) -> pygame.Surface:
        """The window's surface (a new one after a resize)."""
        surface = pygame.display.get_surface()
        if surface is None:
            raise RuntimeError("the window is closed")
        return surface

    def window_size(self) -> tuple[int, int]:
        """The window's current size in pixels."""
        return self.surface().get_size()

    # --- the loop ----------------------------------------------------------------------------

    def _guard(self, action: Callable[[], None]) -> None:
        """Run a handler; an error goes to the status line and stderr, not up the stack."""
        try:
            action()
        except Exception as error:  # noqa: BLE001 - any handler's failure is shown, not fatal
            report = traceback.format_exc()
            if report != self._last_error:  # a broken draw would repeat it 60 times a second
                print(report, file=sys.stderr, end="")
                self._last_error = report
            with contextlib.suppress(Exception):  # a screen that cannot show it: stderr has it
                self.screen.report(error)

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: the app's own table first, then the top screen."""
        handler = self.handlers.get(event.type)
        if handler is not None:
            handler(event)
        else:
            self.screen.handle(event)

    def step(self, dt: float) -> None:
        """One frame: events, time, drawing."""
        for event in pygame.event.get():
            self._guard(functools.partial(self.dispatch, event))
        screen = self.screen
        self._guard(lambda: screen.update(dt))
        surface = self.surface()
        self._guard(lambda: self.screen.draw(surface))
        pygame.display.flip()
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame(time.perf_counter())
        if self.frames == 1 and not self.sounds.muted:
            self.sounds.warm_up()  # after the first frame, so the window shows at once

    def run(self) -> int:
        """Run until quit; returns the exit status."""
        try:
            while self.running:
                # tick() sleeps to hold 60 fps; a long stall is not replayed as one huge step.
                dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
                self.step(dt)
        except KeyboardInterrupt:
            pass
        finally:
            self.close()
        return 0

    def close(self) -> None:
        """Stop the AI and close the window."""
        while self.screens:
            try:
                self.screens.pop().close()
            except Exception:  # noqa: BLE001 - one screen's failure must not keep the others open
                traceback.print_exc(file=sys.stderr)
        self.ai.close()
        pygame.quit()


def run_app(
    config: GameConfig | None = None, flip: bool = False, loaded: saves.ResumedGame | None = None
) -> int:
    """Open the window (the start screen when `config` is None) and run until quit; the game in
    progress is kept in the games folder, and on the plain start screen (no `config`, nothing
    `loaded`) the newest unfinished game is offered."""
    plain = config is None and loaded is None  # explicit options start exactly what was asked
    return App(config, flip=flip, autosave=True, offer_resume=plain, loaded=loaded).run()
