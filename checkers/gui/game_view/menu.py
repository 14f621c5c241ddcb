"""The game screen's menu of less-used commands: a panel above the Menu button, its groups
split by rules, each entry with its key on the right, in two columns when one would not fit the
window's height. `GameMenu` is the screen's menu (open or not, its entries, what an entry does);
its entries are the screen's command buttons, which `build_menu` places."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

import pygame
from pygame_gui import UIManager
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel

from checkers.gui.context import ScreenContext
from checkers.gui.controller import Game
from checkers.gui.game_view.command_buttons import CommandButtons
from checkers.gui.game_view.commands import Command, menu_items
from checkers.gui.game_view.review import ReviewPane, ReviewStandby
from checkers.gui.widgets import key_label

__all__ = ["GameMenu", "MenuHost", "build_menu", "menu_columns"]


class MenuHost(Protocol):
    """What the menu needs of the game screen (GameScreen is one)."""

    context: ScreenContext
    game: Game
    commands: list[Command]
    widgets: dict[str, UIButton]
    buttons: CommandButtons
    review_pane: ReviewPane | None
    review_standby: ReviewStandby


class GameMenu:
    """The game screen's menu: whether it is open, its entries, and its panel when it is."""

    def __init__(self, screen: MenuHost) -> None:
        self.screen = screen
        self.open = False

    def items(self) -> list[Command | None]:
        """The menu's entries in order, None between groups (game_view.commands.menu_items)."""
        return menu_items(self.screen.commands, self.screen.game.mode)

    def toggle(self) -> None:
        """Open or close the menu of less-used actions."""
        self.open = not self.open
        screen = self.screen
        game = screen.game
        # Its Review may come next: the process loads while the player reads the menu, never
        # while the AI searches (their two loads would share the cores).
        idle = game.finished or game.is_human_turn()
        if self.open and game.record.line and screen.review_pane is None and idle:
            screen.review_standby.prepare()

    def run(self, command: Command) -> None:
        """Close the menu, then do what its entry says."""
        self.open = False
        command.action()

    def build(self, root: UIContainer, unit: int) -> None:
        """The menu's panel above the Menu button (`menu panel` in the screen's widgets), its
        entries the screen's command buttons (`menu copy_fen`)."""
        screen = self.screen

        def entry(panel: UIPanel, command: Command, rect: pygame.Rect) -> UIButton:
            run = functools.partial(self.run, command)
            return screen.buttons.make(panel, command, rect, f"menu {command.name}", run)

        anchor = pygame.Rect(screen.widgets["open_menu"].get_abs_rect())
        panel = build_menu(screen.context.ui, root, anchor, self.items(), unit, entry)
        screen.widgets["menu panel"] = panel  # type: ignore[assignment]


def build_menu(
    ui: UIManager,
    root: UIContainer,
    anchor: pygame.Rect,
    items: list[Command | None],
    unit: int,
    entry: Callable[[UIPanel, Command, pygame.Rect], UIButton],
) -> UIPanel:
    """The menu's panel above `anchor` (the Menu button), None in `items` a group's rule;
    `entry` makes each command's button, greyed here while the command does not apply."""
    row = round(2.8 * unit)
    rule = unit  # the space a separator takes
    pad = unit // 2
    column_width = max(anchor.width, 30 * unit)  # `Evaluation bar: AI vs AI only` and its key
    columns = menu_columns(items, row, rule, int(anchor.top) - 2 * pad - 4)
    tallest = max(sum(row if c else rule for c in column) for column in columns)
    box = pygame.Rect(0, 0, len(columns) * column_width + 2 * pad, tallest + 2 * pad)
    box.bottomright = (anchor.right, anchor.top - 2)
    box.top = max(2, box.top)
    box.left = max(2, box.left)
    panel = UIPanel(box, manager=ui, container=root, starting_height=20)
    # The panel's frame (its border and shadow) takes from the room inside it: grown by as
    # much, so the last row clears the frame (walk 2026-11-30h, shot 97: "Saved games" on it).
    inside = panel.get_container().get_rect()
    wider, taller = box.width - inside.width, box.height - inside.height
    if wider > 0 or taller > 0:
        box.width += max(0, wider)
        box.height += max(0, taller)
        box.bottomright = (anchor.right, anchor.top - 2)
        box.top = max(2, box.top)
        box.left = max(2, box.left)
        panel.set_dimensions(box.size)
        panel.set_relative_position(box.topleft)
    for index, column in enumerate(columns):
        x, y = pad + index * column_width, pad
        for command in column:
            if command is None:
                UIPanel(
                    pygame.Rect(x + unit, y + rule // 2 - 1, column_width - 3 * unit, 1),
                    manager=ui,
                    container=panel,
                    object_id="#menu_rule",
                )
                y += rule
                continue
            button = entry(panel, command, pygame.Rect(x, y, column_width - 4, row))
            if not command.enabled():
                button.disable()  # shown where it belongs, greyed while it does not apply
            keys = command.keys[:1]
            if keys:
                UILabel(
                    pygame.Rect(x + column_width // 2, y, column_width // 2 - unit, row),
                    key_label(keys[0]),
                    ui,
                    container=panel,
                    object_id="@dim_right",
                )
            y += row
    return panel


def menu_columns(
    items: list[Command | None], row: int, rule: int, room: int
) -> list[list[Command | None]]:
    """The menu's entries in one column, or split at a group's edge into two when one column
    is taller than `room`."""
    height = sum(row if item else rule for item in items)
    if height <= room or None not in items:
        return [items]
    breaks = [index for index, item in enumerate(items) if item is None]
    half = height / 2
    best = min(breaks, key=lambda b: abs(sum(row if item else rule for item in items[:b]) - half))
    return [items[:best], items[best + 1 :]]
