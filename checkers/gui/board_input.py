"""The mouse and keys on a board a player moves pieces on (the analysis board, the puzzle and
drill screens): a click selects or moves, a drag moves, a right click lets go, keys run their
binding. The game screen has its own (its cards, menu and review come first)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from checkers.board_geometry import BoardGeometry
from checkers.gui.board_view.selection import Drag, Selector
from checkers.gui.widgets import key_names

__all__ = ["BoardHost", "board_event"]

DRAG_PIXELS = 6
"""How far the pointer moves with the button down before a click becomes a drag."""


class BoardHost(Protocol):
    """What `board_event` needs of a screen."""

    drag: Drag | None
    selector: Selector
    keymap: dict[str, Callable[[], None]]

    def board_geometry(self) -> BoardGeometry: ...

    def click(self, square: int | None) -> None: ...


def board_event(host: BoardHost, event: pygame.event.Event) -> None:
    """React to a pointer event on the board, or a key, on behalf of `host`."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        _mouse_down(host, event)
    elif event.type == pygame.MOUSEMOTION and host.drag is not None:
        host.drag.point = event.pos
        start = host.drag.start
        if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_PIXELS:
            host.drag.moved = True
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        drag, host.drag = host.drag, None
        geometry = host.board_geometry()
        if drag is not None and drag.moved and geometry.contains(*event.pos):
            target = geometry.square_at(*event.pos)
            if target is not None and target != drag.square:
                host.click(target)
    elif event.type == pygame.KEYDOWN:
        for name in key_names(event):
            action = host.keymap.get(name)
            if action is not None:
                action()
                return


def _mouse_down(host: BoardHost, event: pygame.event.Event) -> None:
    if event.button == 3:
        host.selector.clear()
        return
    geometry = host.board_geometry()
    if event.button != 1 or not geometry.contains(*event.pos):
        return
    square = geometry.square_at(*event.pos)
    host.click(square)
    if square is not None and host.selector.selected == square:
        host.drag = Drag(square, event.pos, event.pos)
