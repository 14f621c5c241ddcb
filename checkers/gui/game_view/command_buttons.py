"""The game screen's command buttons, the panel's and the menu's entries alike: each made from its
command (its label, or its short name where the button is too narrow, and its tooltip), then kept
in step with it from frame to frame (enabled, pressed, its label) without a rebuild."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIPanel

from checkers.gui.context import ScreenContext
from checkers.gui.controller import Game
from checkers.gui.game_view.commands import Command, command_tip
from checkers.gui.ui import Actions, HoverTips, button_fits, redraw_now

__all__ = ["ButtonsHost", "CommandButtons"]

ACCEPT = "Accept draw"
"""The draw button's label while the other player's offer stands (two players)."""


class ButtonsHost(Protocol):
    """What the command buttons need of the game screen (GameScreen is one)."""

    context: ScreenContext
    game: Game
    commands: list[Command]
    actions: Actions
    widgets: dict[str, UIButton]
    disabled_tips: HoverTips


class CommandButtons:
    """The screen's buttons for its commands, by name in its `widgets` (`undo`, `menu save`)."""

    def __init__(self, screen: ButtonsHost) -> None:
        self.screen = screen
        self.states: dict[str, tuple[bool, bool]] = {}
        """Each button's (enabled, pressed) as last shown."""
        self.labels: dict[str, str] = {}
        """Each button's label where it was set (a short name, `Resume`, `Accept draw`)."""
        self.accept = ACCEPT
        """The draw button's label for a standing offer, fitted when the button was made."""

    def clear(self) -> None:
        """Forget what the buttons showed: they are made afresh."""
        self.states = {}
        self.labels = {}

    def make(
        self,
        container: UIContainer | UIPanel,
        command: Command,
        rect: pygame.Rect,
        name: str,
        action: Callable[[], None] | None = None,
    ) -> UIButton:
        """`command`'s button in `rect`, called `name` (a menu entry's `menu ...`, with its
        value after its label), running `action` (the command's own by default)."""
        text = command.icon or command.label
        entry = name.startswith("menu ")
        if command.value is not None and entry:
            text = f"{text}: {command.value()}"
        screen = self.screen
        button = UIButton(
            rect,
            text,
            screen.context.ui,
            container=container,
            tool_tip_text=command_tip(command),
            object_id="@menu_item" if entry else None,
        )
        if command.short and not button_fits(button, text):
            button.set_text(command.short)  # a small window: the short name, never a cut one
            self.labels[command.name] = command.short
        if command.name == "draw" and not entry:
            # What the button says to a standing offer: "Accept" where the whole label would
            # touch the edge (720x480, walk 2026-11-30i); the status line says whose offer it is.
            self.accept = ACCEPT if button_fits(button, ACCEPT) else "Accept"
        screen.actions.pressed[button] = action or command.action
        screen.widgets[name] = button
        return button

    def sync(self) -> bool:
        """Each panel button's enabled and pressed state and its label as its command says
        now; True if any changed."""
        screen, changed = self.screen, False
        for command in screen.commands:
            button = screen.widgets.get(command.name)
            if button is None:
                continue
            state = (command.enabled(), command.active())
            if self.states.get(command.name) != state:
                changed = True
                self.states[command.name] = state
                # unselect() shows a button as normal even when it is disabled: state last.
                button.select() if state[1] else button.unselect()
                if state[0]:
                    button.enable()
                else:
                    button.enable()  # disable() only changes the look of an enabled button
                    button.disable()
            label = command.label
            if command.short and self.labels.get(command.name) == command.short:
                label = command.short  # the button is too narrow for the whole label
            if command.name == "pause" and screen.game.paused:
                label = "Resume"
            elif command.name == "draw" and screen.game.draw_offered():
                label = self.accept
            if self.labels.get(command.name, command.label) != label:
                changed = True
                self.labels[command.name] = label
                button.set_text(label)
                redraw_now(button)
        return changed

    def add_disabled_tips(self) -> None:
        """Disabled buttons with a reason say it in their tooltip."""
        screen = self.screen
        screen.disabled_tips.clear()
        for command in screen.commands:
            for name in (command.name, f"menu {command.name}"):  # a button, a menu entry
                button = screen.widgets.get(name)
                if button is not None and command.disabled_tip is not None:
                    screen.disabled_tips.add_disabled(button, command.disabled_tip)
