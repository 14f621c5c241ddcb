"""The game screen's menu of less-used commands: a panel above the Menu button, its groups
split by rules, each entry with its key on the right, in two columns when one would not fit the
window's height. The screen makes the entries (its command buttons); this places them."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui import UIManager
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel

from checkers.gui.game_view.commands import Command
from checkers.gui.widgets import key_label

__all__ = ["build_menu", "menu_columns"]


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
