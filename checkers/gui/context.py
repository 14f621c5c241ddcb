"""What a screen is given instead of the App: the shared drawing tools, the sounds, the AI
worker, the settings, the one pygame_gui `UIManager`, and `request(intent)` for transitions.

A screen subclasses `ScreenBase` and overrides what it needs:

    handle(event)   every event the widgets did not use (pygame_gui's UI_* events included)
    update(dt)      time passed (called once per frame, before drawing)
    draw(surface)   the hand-drawn part, under the widgets (the App draws the widgets last)
    wake_in()       seconds until the screen must be drawn again although no event came:
                    0 while something moves (60 frames a second), a fraction for a spinner or a
                    clock, None when only events change it (the loop then sleeps)
    build_ui(root)  create the screen's pygame_gui widgets inside `root`, a container the size of
                    the window; called when the screen comes on top, and again after a resize or
                    a theme change (the old widgets are gone by then: keep state in the screen,
                    not in the widgets). Size widgets with `context.scale` or the window's size.
    receive(result) the result a dialog pushed over this screen handed back with `Back(result)`
    close()         the screen leaves the stack for good

A screen that is covered by another loses its widgets (build_ui runs again when it is back on
top). A dialog sets `opaque = False`: the App then draws the screen below it first. A dialog made
of widgets also sets `keeps_widgets_below = True`: the screen below then keeps its widgets,
disabled, under the dialog's (which should begin with a shade over the window, see `shade`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IContainerLikeInterface

from checkers.board import Move, Position
from checkers.coach.explain import Explanation
from checkers.gui.aiworker import AIClient
from checkers.gui.board_view.assets import Sounds
from checkers.gui.board_view.render import Renderer
from checkers.gui.intents import Intent
from checkers.gui.settings import Settings
from checkers.gui.ui import Actions

__all__ = ["ButtonScreen", "ScreenBase", "ScreenContext"]


class ScreenContext:
    """The services the App lends its screens; the App keeps `settings`, `ui` and `scale` current."""

    def __init__(
        self,
        *,
        renderer: Renderer,
        sounds: Sounds,
        ai: AIClient,
        ui: pygame_gui.UIManager,
        settings: Settings,
        request: Callable[[Intent], None],
        hop_seconds: float,
        autosave: bool,
    ) -> None:
        self.renderer = renderer
        self.sounds = sounds
        self.ai = ai
        self.ui = ui
        self.settings = settings
        self.request = request
        """Ask the App for a transition (carried out after the current event)."""
        self.hop_seconds = hop_seconds
        self.autosave = autosave
        """Keep the game in progress in the data directory (off in tests unless asked for)."""
        self.left_reasons: dict[Path, dict[tuple[int, Position, Move], Explanation]] = {}
        """The AI's reasons for its moves (Why?'s cards) in the games this window left (the
        Main menu, a new game), by the file that keeps each: they are not saved in the file,
        and a game resumed from it in this window has them again."""
        self.scale = 1.0
        """The window's size relative to the size the layouts were drawn for (text follows it)."""

    def window_size(self) -> tuple[int, int]:
        """The window's current size in pixels."""
        surface = pygame.display.get_surface()
        if surface is None:
            raise RuntimeError("the window is closed")
        return surface.get_size()


class ScreenBase:
    """A screen's defaults: nothing to draw, nothing moving, no widgets (see the module doc)."""

    opaque: ClassVar[bool] = True
    """False for a dialog drawn over the screen below."""
    keeps_widgets_below: ClassVar[bool] = False
    """True for a widget dialog: the screen below keeps its widgets (disabled) under it."""

    def __init__(self, context: ScreenContext) -> None:
        self.context = context
        self.ui_root: pygame_gui.core.UIContainer | None = None
        self._widgets_changed = False
        """Whether this frame's update changed a widget (`widgets_changed`)."""

    def widgets_changed(self) -> bool:
        """Whether this frame's update changed a widget: pygame_gui draws a label's new text
        in its next update, so the App runs one more before drawing the frame."""
        return self._widgets_changed

    def handle(self, event: pygame.event.Event) -> None:
        """React to an event the widgets did not use."""

    def update(self, dt: float) -> None:
        """Advance time by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the hand-drawn part of the screen."""

    def report(self, error: BaseException) -> None:
        """Show an error a handler raised (the App also prints it to stderr)."""

    def wake_in(self) -> float | None:
        """Seconds until the next frame is needed without an event (None: only on events)."""
        return None

    def receive(self, result: object) -> None:
        """Take the result a dialog above handed back."""

    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        """Create the screen's widgets inside `root`."""

    def show_ui(self, layer: int = 1) -> None:
        """(Re)create the widgets for the window as it is now, from `layer` up (the App calls
        it; a screen higher on the stack gets a higher layer)."""
        self.drop_ui()
        size = self.context.window_size()
        self.ui_root = pygame_gui.core.UIContainer(
            pygame.Rect((0, 0), size), self.context.ui, starting_height=layer
        )
        self.build_ui(self.ui_root)

    def shade(self, root: pygame_gui.core.UIContainer) -> pygame_gui.elements.UIPanel:
        """A translucent panel over the whole window, under a widget dialog: it darkens the
        screen below and keeps the mouse from its widgets."""
        return pygame_gui.elements.UIPanel(
            root.get_container().get_rect(),
            manager=self.context.ui,
            container=root,
            object_id="#shade",
        )

    def drop_ui(self) -> None:
        """Remove the widgets (the screen is covered or closed)."""
        if self.ui_root is not None:
            self.ui_root.kill()
            self.ui_root = None

    def close(self) -> None:
        """Leave the stack for good."""
        self.drop_ui()


class ButtonScreen(ScreenBase):
    """A screen whose buttons are made by `button` and known by name in `widgets`."""

    def __init__(self, context: ScreenContext) -> None:
        super().__init__(context)
        self.actions = Actions()
        self.widgets: dict[str, pygame_gui.elements.UIButton] = {}
        """The screen's buttons by name (for tests and keys); rebuilt with the widgets."""

    def button(
        self,
        container: IContainerLikeInterface,
        name: str,
        rect: pygame.Rect,
        text: str,
        tip: str,
        action: Callable[[], None],
        selected: bool = False,
        object_id: str | None = None,
    ) -> pygame_gui.elements.UIButton:
        """A button with its tooltip that runs `action` (`Actions.button`), kept in `widgets`
        as `name`."""
        button = self.actions.button(
            self.context.ui, container, rect, text, tip, action, selected, object_id
        )
        self.widgets[name] = button
        return button
