"""The standalone search-tree viewer (`checkers treeview`): a screen of the App's one loop that
fills the window with one tree pane. Esc or Q closes it."""

from __future__ import annotations

import pygame

from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.intents import Back, Quit
from checkers.gui.tree_view.pane import TreePane
from checkers.gui.tree_view.search import Subject
from checkers.gui.tree_view.view import TreeChoices

__all__ = ["TreeScreen"]

_CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_q)


class TreeScreen(ScreenBase):
    """The tree of `subject` in the whole window; closing it quits the App when it is the App's
    only screen (`alone`), else goes back to the screen below."""

    def __init__(
        self, context: ScreenContext, subject: Subject, choices: TreeChoices, alone: bool = True
    ) -> None:
        super().__init__(context)
        self.alone = alone
        self.pane = TreePane(subject, choices, owner_keys="Esc/Q: close")

    def handle(self, event: pygame.event.Event) -> None:
        """The tree's events first; Esc or Q closes the viewer."""
        if self.pane.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in _CLOSE_KEYS:
            self.context.request(Quit() if self.alone else Back())

    def draw(self, surface: pygame.Surface) -> None:
        """The pane over the whole window (fitted again after a resize)."""
        self.pane.set_rect(surface.get_rect())
        self.pane.poll()
        self.pane.draw(surface)

    def wake_in(self) -> float | None:
        """Frames while the tree is built; none while it waits for the player."""
        return self.pane.wake_in()
