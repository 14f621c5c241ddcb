"""The desktop app: the one event loop, the screen stack, the window, the widgets' manager and
the AI worker.

The loop draws only when something changes. It sleeps in `pygame.event.wait` until an event
comes or the top screen's `wake_in()` says a frame is due: 60 frames a second while a piece moves,
40 while the AI thinks (its reports are polled then, and the thinking indicator turns), nothing
while the window waits for the player. After the mouse moves, a second of frames at 30 a second
lets the widgets show hover states and tooltips. The search runs in another process, so frames
stay smooth while it thinks.

The App alone changes the screen stack: screens ask with an intent (checkers.gui.intents)
through their context (checkers.gui.context), and the App carries it out after the event.
An exception in a handler is shown on the status line and the game goes on, so a bug never costs
a game in progress.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import replace

import pygame
import pygame_gui
from pygame_gui.core.utility import set_default_manager
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine, UITooltip

from checkers import saves
from checkers.gui import fonts, theme
from checkers.gui.aiworker import AIClient
from checkers.gui.board_view.assets import Assets, Sounds
from checkers.gui.board_view.render import Renderer
from checkers.gui.config import GameConfig, Mode
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.controller import HOP_SECONDS
from checkers.gui.explorer_pane import ArchivePicker
from checkers.gui.game_view.commands import register_overlay
from checkers.gui.game_view.keeper import RESUME_PLY_TAG
from checkers.gui.intents import (
    Back,
    ChangeSettings,
    ChooseDelay,
    Intent,
    OpenAnalysis,
    OpenArchive,
    OpenDrills,
    OpenFile,
    OpenLoad,
    OpenPuzzles,
    OpenSettings,
    OpenSetup,
    OpenWhy,
    PickArchive,
    PickPuzzleFile,
    Quit,
    Resume,
    SaveGameAs,
    SavePictureAs,
    ShowStart,
    StartGame,
)
from checkers.gui.persist import config_from_tags
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.screens.drills import DrillScreen
from checkers.gui.screens.files import OpenFileScreen, SaveAsScreen, SavePictureScreen
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import ArchiveScreen, LoadScreen, ResumeScreen, find_autosave
from checkers.gui.screens.puzzles import PuzzleFilePicker, PuzzleScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.setup import SetupScreen
from checkers.gui.screens.start import StartChoices, StartScreen
from checkers.gui.screens.why import WhyScreen
from checkers.gui.settings import (
    MIN_WINDOW,
    WINDOW_SIZE,
    Settings,
    fit_position,
    fit_window,
    load_settings,
    save_settings,
)
from checkers.gui.tree_view.overlay import TREE_OVERLAY, TreeOverlay
from checkers.gui.tree_view.screen import TreeScreen
from checkers.gui.tree_view.search import Subject
from checkers.gui.tree_view.view import TreeChoices
from checkers.gui.ui import Manager, desktop_sizes
from checkers.record import GameRecord

__all__ = [
    "FPS",
    "WINDOW_SIZE",
    "App",
    "DisplayUnavailable",
    "Screen",
    "run_app",
    "run_tree_viewer",
    "ui_scale",
]

FPS = 60
BUSY_FPS = 30
"""Frames a second for the widgets' hover states and tooltips after the mouse moved."""
BUSY_SECONDS = 1.2
PRESSES = frozenset(
    (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
)
"""The events a player aims at the screen they see: none reaches a screen shown after them."""
Screen = ScreenBase


class DisplayUnavailable(RuntimeError):
    """No window can be opened (no display, no video driver)."""


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than the layouts' reference window this one is, in tenths (0.7 to 2.0):
    text and widgets follow it, and a small change does not rebuild the widgets."""
    scale = min(size[0] / WINDOW_SIZE[0], size[1] / WINDOW_SIZE[1])
    return round(max(0.7, min(2.0, scale)), 1)


class App:
    """Owns the window, the loop, the screen stack, the widgets, the sounds and the AI worker."""

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        flip: bool = False,
        size: tuple[int, int] | None = None,
        hop_seconds: float = HOP_SECONDS,
        muted: bool = False,
        on_frame: Callable[[float], None] | None = None,
        autosave: bool = False,
        offer_resume: bool = False,
        loaded: saves.ResumedGame | None = None,
        settings: Settings | None = None,
        remember: bool = False,
        tree: Subject | None = None,
    ) -> None:
        self.remember = remember
        """Read the settings from the data directory and write them back (off in tests)."""
        if settings is None:
            settings = load_settings() if remember else Settings()
        self.settings = settings
        try:
            pygame.display.init()
        except pygame.error as error:
            raise DisplayUnavailable(f"no video device ({error})") from None
        pygame.font.init()
        size = size or fit_window(settings.window_size, desktop_sizes())
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        # The settings say the window's size as it is (Settings offers it, a change compares to it).
        settings = self.settings = replace(settings, window_size=self.window.get_size())
        pygame.display.set_caption("Checkers")
        self._place_window(settings.window_position if remember else None)
        self.assets = Assets()
        try:
            pygame.display.set_icon(self.assets.image("icon.png"))
        except (FileNotFoundError, pygame.error):
            pass  # the default icon is fine
        theme.use(settings.theme)
        self.renderer = Renderer(self.assets)
        self.renderer.show_numbers = settings.square_numbers
        self.sounds = Sounds(self.assets, muted=muted or not settings.sound)
        self.sounds.volume = settings.volume
        self.ai = AIClient()  # the worker process starts with the first search
        self.hop_seconds = hop_seconds
        self.on_frame = on_frame
        self.autosave_enabled = autosave
        self.running = True
        self.frames = 0
        self._last_error = ""
        self._intents: list[Intent] = []
        self._pending: list[pygame.event.Event] = []
        self._busy_until = 0.0
        self._frame_started = 0.0
        self._asked: float | None = None
        self.choices = StartChoices.from_settings(settings)
        self.screens: list[ScreenBase] = []
        self.context = ScreenContext(
            renderer=self.renderer,
            sounds=self.sounds,
            ai=self.ai,
            ui=self._new_ui(size),
            settings=settings,
            request=self.request,
            hop_seconds=hop_seconds,
            autosave=autosave,
        )
        self.context.scale = ui_scale(size)
        self.handlers: dict[int, Callable[[pygame.event.Event], None]] = {
            pygame.QUIT: lambda event: self.quit(),
            pygame.VIDEORESIZE: lambda event: self._resized(),
        }
        self.intent_handlers: dict[type, Callable[[Intent], None]] = {
            StartGame: self._start_game,  # type: ignore[dict-item]
            Resume: lambda intent: self.resume(intent.resumed, intent.review),  # type: ignore[union-attr]
            ShowStart: self._show_start,  # type: ignore[dict-item]
            OpenLoad: lambda intent: self.push(LoadScreen(self.context, intent.playing)),  # type: ignore[union-attr]
            OpenArchive: lambda intent: self.push(ArchiveScreen(self.context, intent.archive)),  # type: ignore[union-attr]
            OpenFile: lambda intent: self.push(OpenFileScreen(self.context)),
            SaveGameAs: self._save_game_as,  # type: ignore[dict-item]
            SavePictureAs: lambda intent: self.push(
                SavePictureScreen(self.context, intent.picture, intent.name)  # type: ignore[union-attr]
            ),
            OpenSetup: self._open_setup,  # type: ignore[dict-item]
            OpenSettings: lambda intent: self.push(
                SettingsScreen(self.context, self._mode_below())
            ),
            ChangeSettings: self._change_settings,  # type: ignore[dict-item]
            ChooseDelay: self._choose_delay,  # type: ignore[dict-item]
            Back: self._back,  # type: ignore[dict-item]
            Quit: lambda intent: self.quit(),
            OpenAnalysis: self._open_analysis,  # type: ignore[dict-item]
            PickArchive: lambda intent: self.push(ArchivePicker(self.context)),
            OpenWhy: lambda intent: self.push(WhyScreen(self.context, intent.card)),  # type: ignore[union-attr]
            OpenPuzzles: lambda intent: self.push(PuzzleScreen(self.context)),
            PickPuzzleFile: lambda intent: self.push(PuzzleFilePicker(self.context)),
            OpenDrills: lambda intent: self.push(DrillScreen(self.context)),
        }
        self.tree_choices = TreeChoices()
        """How every tree view of this session speaks (plain words, or for the curious)."""
        self._register_overlays()
        if tree is not None:
            pygame.display.set_caption("Checkers: search tree")
            self._replace(TreeScreen(self.context, tree, self.tree_choices))
        elif config is None:
            self.show_start()
        elif loaded is not None:
            tags = {**loaded.tags, "Result": loaded.result}
            self.start_game(config, flip=flip, record=loaded.record, tags=tags)
            screen = self.screen
            assert isinstance(screen, GameScreen)
            screen.keeper.opened(loaded.path)
        else:
            self.start_game(config, flip=flip)
        if offer_resume:
            resumed = find_autosave()
            if resumed is not None:
                self.push(ResumeScreen(self.context, resumed))

    def _register_overlays(self) -> None:
        """The game screens' overlays: the search tree on T, sharing this App's tree choices."""
        name, key, label, help_line = TREE_OVERLAY
        choices = self.tree_choices
        register_overlay(
            name, key, label, lambda screen: TreeOverlay(screen, choices=choices), help_line
        )

    # --- the window --------------------------------------------------------------------------

    def _place_window(self, position: tuple[int, int] | None) -> None:
        """Set the smallest size, and put the window where it was last time (if known)."""
        with contextlib.suppress(pygame.error, AttributeError), warnings.catch_warnings():
            # The display module's window as a Window (pygame-ce 2.5 warns that drawing through
            # it should use Window's own surface; only its minimum size is set here).
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        if position is not None:
            # Brought onto the screen as the size is (a window saved on a larger screen).
            position = fit_position(position, self.window.get_size(), desktop_sizes())
            with contextlib.suppress(pygame.error):
                pygame.display.set_window_position(position)

    def _window_position(self) -> tuple[int, int] | None:
        with contextlib.suppress(pygame.error):
            x, y = pygame.display.get_window_position()
            return (int(x), int(y))
        return None

    def _new_ui(self, size: tuple[int, int]) -> pygame_gui.UIManager:
        """A widget manager for this window size with the theme in use (fonts scaled)."""
        # Live theme updates would check the theme file's time stamp every frame.
        return Manager(
            size, theme.ui_theme(theme.current(), ui_scale(size)), enable_live_theme_updates=False
        )

    def _rebuild_ui(self) -> None:
        """Rebuild the widgets after a theme change or a resize that changed the text's size."""
        for screen in self.screens:
            screen.drop_ui()
        self.context.ui = self._new_ui(self.window_size())
        self.context.scale = ui_scale(self.window_size())
        self._show_widgets()

    def _resized(self) -> None:
        size = self.window_size()
        if size != self.settings.window_size:  # dragged: Settings shows the size it is now
            self.settings = self.context.settings = replace(self.settings, window_size=size)
        if ui_scale(size) != self.context.scale:
            self._rebuild_ui()
        else:
            self.context.ui.set_window_resolution(size)
            self._show_widgets()

    # --- screens -----------------------------------------------------------------------------

    @property
    def screen(self) -> ScreenBase:
        """The screen on top: it gets the events and the widgets."""
        return self.screens[-1]

    def request(self, intent: Intent) -> None:
        """Ask for a transition; carried out once the current event or frame is handled."""
        self._intents.append(intent)

    def _carry_out_intents(self) -> None:
        while self._intents:
            intent = self._intents.pop(0)
            handler = self.intent_handlers[type(intent)]
            self._guard(functools.partial(handler, intent))

    def _replace(self, screen: ScreenBase) -> None:
        while self.screens:
            self.screens.pop().close()
        self.screens.append(screen)
        self._show_widgets()

    def _mode_below(self) -> Mode | None:
        """The mode of the game (or of the start screen's choices) Settings opens over, which
        its Board row words itself for; None over the other screens."""
        screen = self.screen
        if isinstance(screen, GameScreen):
            return screen.game.config.mode
        if isinstance(screen, StartScreen):
            return screen.choices.mode
        return None

    def push(self, screen: ScreenBase) -> None:
        """Show a screen over the current one (a dialog, the setup screen)."""
        self.screens.append(screen)
        self._show_widgets()

    def pop(self) -> None:
        """Close the top screen, back to the one below (never the last one)."""
        if len(self.screens) > 1:
            self.screens.pop().close()
            self._show_widgets()

    def _show_widgets(self) -> None:
        """Widgets for the top screen, and (disabled) for the screens a widget dialog keeps
        visible below it; every other screen's widgets are dropped."""
        # A tooltip belongs to the screen it was shown on: none outlives a transition, and
        # none pops up over the new screen until the pointer moves (a key that changes the
        # screen leaves the pointer resting on whatever widget the new one has there).
        ui = self.context.ui
        if isinstance(ui, Manager):
            ui.hold_tooltips()
        else:
            for sprite in list(ui.get_sprite_group().sprites()):
                if isinstance(sprite, UITooltip):
                    sprite.kill()
        shown = len(self.screens) - 1
        while shown > 0 and self.screens[shown].keeps_widgets_below:
            shown -= 1
        for index, screen in enumerate(self.screens):
            if index < shown:
                screen.drop_ui()
            else:
                screen.show_ui(layer=1 + 100 * index)
                if index < len(self.screens) - 1 and screen.ui_root is not None:
                    screen.ui_root.disable()

    def _back(self, intent: Back) -> None:
        if len(self.screens) > 1:
            self.pop()
            if intent.result is not None:
                self.screen.receive(intent.result)

    def show_start(self) -> None:
        """Go to the start screen, with the choices made last time."""
        self._replace(StartScreen(self.context, self.choices))

    def _show_start(self, intent: ShowStart) -> None:
        self.show_start()
        start = self.screen
        if intent.status and isinstance(start, StartScreen):
            start.status = intent.status

    def start_game(
        self,
        config: GameConfig,
        flip: bool = False,
        record: GameRecord | None = None,
        tags: dict[str, str] | None = None,
    ) -> None:
        """Start a game with these players (a loaded one opens in review at its end)."""
        self._start_game(StartGame(config, record, tags, flip=flip))

    def _start_game(self, intent: StartGame) -> None:
        flip = intent.flip if intent.flip is not None else self.settings.turns(intent.config.mode)
        screen = GameScreen(
            self.context, intent.config, flip=flip, record=intent.record, tags=intent.tags
        )
        if intent.flipped is not None:
            screen.flipped = intent.flipped
        if intent.path is not None:
            screen.keeper.opened(intent.path)
        if intent.status:
            screen.game.status = intent.status + screen.game.status
        self._replace(screen)
        if intent.review:
            # As the game screen's own list does (`GameScreen.receive`): from the first move.
            screen.game.go_to(0)
            screen.start_review()

    def _save_game_as(self, intent: SaveGameAs) -> None:
        self.push(SaveAsScreen(self.context, intent.text, intent.name))

    def _open_setup(self, intent: OpenSetup) -> None:
        self.push(SetupScreen(self.context, intent.position, intent.config, intent.flipped))

    def _open_analysis(self, intent: OpenAnalysis) -> None:
        self.push(
            AnalysisScreen(
                self.context,
                intent.start,
                intent.moves,
                intent.flipped,
                human=intent.human,
                explorer=intent.explorer,
                known=intent.known,
                playing=intent.playing,
            )
        )

    def resume(self, resumed: saves.ResumedGame, review: bool = False) -> None:
        """Carry on with an autosaved game, with the players it was played by (and `review`
        its moves)."""
        current = self.screens[0]
        fallback = current.game.config if isinstance(current, GameScreen) else self.choices.config()
        # Claimed before the screen it replaces keeps its own game, so no two windows write it.
        file = saves.GameFile.claim(resumed.path) if resumed.path is not None else None
        config = config_from_tags(resumed.tags, fallback)
        self._start_game(
            StartGame(
                config,
                resumed.record,
                resumed.tags,
                flip=self.settings.turns(config.mode),
            )
        )
        screen = self.screen
        assert isinstance(screen, GameScreen)
        screen.adopt(file)
        # An older autosave's ply shown is dropped: the game goes on from its last move played.
        screen.game.tags.pop(RESUME_PLY_TAG, None)
        screen.game.resume_play()
        if review:
            screen.start_review()

    def _change_settings(self, intent: ChangeSettings) -> None:
        old, new = self.settings, intent.settings
        self.settings = self.context.settings = new
        self.sounds.volume = new.volume
        self.renderer.show_numbers = new.square_numbers
        if new.sound == self.sounds.muted:
            self.sounds.toggle_mute()
        if new.theme != old.theme:
            theme.use(new.theme)
            self.renderer.clear()
            self._rebuild_ui()
        if new.window_size != old.window_size and new.window_size != self.window_size():
            self.resize_window(new.window_size)
        self._save_settings()

    def _choose_delay(self, intent: ChooseDelay) -> None:
        # The start form's next AI vs AI game has it, and so has the next run (walk
        # 2026-11-30m: 1 s chosen in the game, the form was back at 0 s).
        self.choices.delay = intent.seconds
        self._save_settings()

    def resize_window(self, size: tuple[int, int]) -> None:
        """Make the window `size` (fitted to the screen) and lay every screen out again, as a
        drag of its edge does."""
        fitted = fit_window(size, desktop_sizes())
        self.window = pygame.display.set_mode(fitted, pygame.RESIZABLE)
        # A larger window stays on the screen: it grew from its corner, and 1280x800 on a
        # screen that size ran off its right and foot, Start and Close with it (walk
        # 2026-12-01ai).
        position = self._window_position()
        if position is not None:
            moved = fit_position(position, fitted, desktop_sizes())
            if moved != position:
                with contextlib.suppress(pygame.error):
                    pygame.display.set_window_position(moved)
        self._resized()

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

    # --- settings ----------------------------------------------------------------------------

    def current_settings(self) -> Settings:
        """The settings as they are now: the start screen's choices, sound, the window."""
        return replace(
            self.choices.to_settings(self.settings),
            sound=not self.sounds.muted,
            window_size=self.window_size(),
            window_position=self._window_position() or self.settings.window_position,
        )

    def _save_settings(self) -> None:
        if not self.remember:
            return
        try:
            save_settings(self.current_settings())
        except OSError as error:
            print(f"checkers: could not save the settings: {error}", file=sys.stderr)

    # --- the loop ----------------------------------------------------------------------------

    def _guard(self, action: Callable[[], None]) -> None:
        """Run a handler; an error goes to the status line and stderr, not up the stack."""
        try:
            action()
        except Exception as error:  # noqa: BLE001 - any handler's failure is shown, not fatal
            report = traceback.format_exc()
            if report != self._last_error:  # a broken draw would repeat it every frame
                print(report, file=sys.stderr, end="")
                self._last_error = report
            with contextlib.suppress(Exception):  # a screen that cannot show it: stderr has it
                self.screen.report(error)

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: the app's own table, then the widgets, then the top screen."""
        handler = self.handlers.get(event.type)
        if handler is not None:
            handler(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self._busy_until = time.perf_counter() + BUSY_SECONDS
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self._close_lists():
            return  # Esc closes an open list first, as everywhere: it never quits from under it
        if self.context.ui.process_events(event):
            return
        if self._typed(event):
            # A character typed into a text line is the line's (it comes again as text input):
            # never a screen's shortcut too (walk 2026-12-01y: "3" in the set-up screen's FEN
            # line picked a White man, "W" set White to move and refilled the line). Keys that
            # write nothing (Esc, Enter, the arrows of a list under a filter) still reach it.
            return
        self.screen.handle(event)

    def _typed(self, event: pygame.event.Event) -> bool:
        """Whether `event` is a key that writes a character into the text line that has the
        keyboard (its caret shows)."""
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        text = getattr(event, "unicode", "")
        held = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        if len(text) != 1 or not text.isprintable() or held:
            return False
        return any(
            isinstance(element, UITextEntryLine) and element.is_focused
            for element in self.context.ui.get_focus_set() or ()
        )

    def _close_lists(self) -> bool:
        """Close any drop-down list that is open; True if one was."""
        closed = False
        for sprite in list(self.context.ui.get_sprite_group().sprites()):
            if isinstance(
                sprite, UIDropDownMenu
            ) and sprite.current_state is sprite.menu_states.get("expanded"):
                sprite.unfocus()
                closed = True
        return closed

    def step(self, dt: float) -> None:
        """One frame: events, time, drawing."""
        self._frame_started = time.perf_counter()
        events, self._pending = self._pending + pygame.event.get(), []
        while events:
            event = events.pop(0)
            top = self.screen
            self._guard(functools.partial(self.dispatch, event))
            self._carry_out_intents()
            if self.screen is not top:
                # The screen changed under this frame's events: the keys and clicks still
                # waiting were meant for the screen the player saw, not for one never drawn
                # (the walk of 2026-11-30b, 52-53: a Why? card slow to close took a second Esc,
                # and the game below it took that Esc and left for the start screen).
                events = [later for later in events if later.type not in PRESSES]
        # The widgets first: a drop-down opens in its update, and the screen may look at it.
        self.context.ui.update(dt)
        screen = self.screen
        self._guard(lambda: screen.update(dt))
        self._carry_out_intents()
        if screen is self.screen and screen.widgets_changed():
            # The texts the update set, drawn in this frame beside the board that moved with
            # them, not one frame later (walk 2026-11-30q: "Black 8 left" beside the 7 men on
            # the board for a slow frame after each capture landed).
            self.context.ui.update(0.0)
        self._draw(self.surface())
        pygame.display.flip()
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame(time.perf_counter())
        if self.frames == 1 and not self.sounds.muted:
            self.sounds.warm_up()  # after the first frame, so the window shows at once

    def _draw(self, surface: pygame.Surface) -> None:
        """The screens from the topmost opaque one up, then the widgets over them."""
        first = len(self.screens) - 1
        while first > 0 and not self.screens[first].opaque:
            first -= 1
        for screen in self.screens[first:]:
            self._guard(functools.partial(screen.draw, surface))
        self.context.ui.draw_ui(surface)

    def next_frame_in(self) -> float | None:
        """Seconds until a frame is due although no event comes (None: wait for an event)."""
        wake = self.screen.wake_in()
        if time.perf_counter() < self._busy_until:
            wake = min(wake, 1 / BUSY_FPS) if wake is not None else 1 / BUSY_FPS
        return wake

    def wait(self) -> None:
        """Sleep until an event comes or the next frame is due (at most 60 frames a second)."""
        wake = self.next_frame_in()
        self._asked = wake
        # The next frame is due `wake` after the last one began, not after it ended.
        due = None if wake is None else self._frame_started + max(wake, 1 / FPS)
        if self._pending or pygame.event.peek():
            # Events are waiting: handle them, but draw at most 60 frames a second for them.
            time.sleep(max(0.0, self._frame_started + 1 / FPS - time.perf_counter()))
            return
        if due is None:
            event = pygame.event.wait()
        else:
            left = due - time.perf_counter()
            if left <= 0.001:
                return
            event = pygame.event.wait(max(1, int(left * 1000)))
        if event.type != pygame.NOEVENT:
            self._pending.append(event)

    def longest_step(self) -> float:
        """The most time one frame may advance: what the screen asked to sleep for (a timer
        such as AI vs AI's delay counts it all), but one frame after waiting for an event, so
        an animation an event starts begins at its start, and a stall is not replayed."""
        if self._asked is None:
            return 1 / FPS
        return max(0.1, self._asked + 0.05)

    def run(self) -> int:
        """Run until quit; returns the exit status."""
        try:
            last = time.perf_counter()
            while self.running:
                self.wait()
                now = time.perf_counter()
                dt, last = min(now - last, self.longest_step()), now
                self.step(dt)
                if self.frames == 1:
                    # The engine's worker starts now, not at the first search: its compiled
                    # core is ready (compiled, on a first start) by the time a game begins.
                    self.ai.start()
        except KeyboardInterrupt:
            pass
        finally:
            self.close()
        return 0

    def close(self) -> None:
        """Remember the settings, stop the AI and close the window."""
        if pygame.display.get_surface() is not None:
            self._save_settings()
        while self.screens:
            try:
                self.screens.pop().close()
            except Exception:  # noqa: BLE001 - one screen's failure must not keep the others open
                traceback.print_exc(file=sys.stderr)
        self.ai.close()
        self._let_fonts_go()
        pygame.quit()

    def _let_fonts_go(self) -> None:
        """Free every font the window loaded, while pygame's font module still runs."""
        # pygame never closes a font freed after pygame.quit(): its face, glyphs and file stay
        # in memory for good, about 50 MB a window (a test run opens hundreds in one process).
        # The widget manager holds the widgets' fonts (a closed App has no widgets).
        if pygame.display.get_init():
            # An event not yet read holds its widget (and through it every font) for good, even
            # past pygame.quit(); reading it lets go (pygame.event.clear() does not).
            pygame.event.get()
        if hasattr(self.context, "ui"):
            self.context.ui.clear_and_reset()
            del self.context.ui
        set_default_manager(None)  # pygame_gui keeps the last manager made
        self.renderer.text.forget_fonts()
        fonts.forget()
        gc.collect()  # the widgets and their manager refer to each other: only gc frees them


def run_app(
    config: GameConfig | None = None,
    flip: bool = False,
    loaded: saves.ResumedGame | None = None,
    size: tuple[int, int] | None = None,
) -> int:
    """Open the window (the start screen when `config` is None; `size` instead of the size
    remembered, fitted to the screen) and run until quit; the game in progress is kept in the
    games folder, on the plain start screen (no `config`, nothing `loaded`) the newest unfinished
    game is offered, and the settings are remembered."""
    plain = config is None and loaded is None  # explicit options start exactly what was asked
    return App(
        config,
        flip=flip,
        size=fit_window(size, desktop_sizes()) if size is not None else None,
        autosave=True,
        offer_resume=plain,
        loaded=loaded,
        remember=True,
    ).run()


def run_tree_viewer(subject: Subject) -> int:
    """Open the search tree of `subject` alone in the window (`checkers treeview`), in the
    player's theme and window size, and run until it is closed; nothing is saved."""
    return App(settings=load_settings(), muted=True, tree=subject).run()
