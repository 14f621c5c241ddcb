"""A tree view with its search: "building the tree..." with a spinner while the search thread
runs, then the `TreeView`, which asks here for other depths. The game's overlay (T) and the
standalone viewer (`checkers treeview`) are each a pane in a rect of the App's one window.
"""

from __future__ import annotations

import math

import pygame

from checkers.ai.registry import man_value
from checkers.ai.tracking import SearchTree
from checkers.gui import theme
from checkers.gui.tree_view.search import Subject, TreeSearch
from checkers.gui.tree_view.text import Labels, body_size
from checkers.gui.tree_view.view import TreeChoices, TreeView
from checkers.gui.tree_view.words import (
    ALGORITHM_NAMES,
    GameScore,
    depth_words,
    different_move_sentence,
    rough_evaluation,
    search_words,
)

__all__ = ["TreePane"]


class TreePane:
    """The tree of a subject in a rect: searched off the UI thread, drawn when it is there."""

    def __init__(
        self,
        subject: Subject,
        choices: TreeChoices,
        *,
        flipped: bool = False,
        owner_keys: str = "",
    ) -> None:
        self.choices = choices
        self.flipped = flipped
        """The small board is turned as the main board is; the owner keeps it current."""
        self.owner_keys = owner_keys
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.view: TreeView | None = None
        self.search = TreeSearch(subject)
        self.labels = Labels()
        self._shown_new = False  # a tree was shown in a draw: one more frame for the owner
        self.judged: GameScore | None = None
        """The game's judgement of the subject's position, for the header (`set_judged`)."""
        self.request(subject.depth, subject.algorithm)

    @property
    def subject(self) -> Subject:
        """What is searched."""
        return self.search.subject

    @property
    def building(self) -> tuple[int, str] | None:
        """(depth, algorithm) being searched, or None."""
        return self.search.building

    @property
    def error(self) -> str:
        """Why the last search failed ("": it did not)."""
        return self.search.error

    def request(self, depth: int, algorithm: str) -> None:
        """Search again at this depth with this algorithm; a newer request wins over an older."""
        self.search.request(depth, algorithm)

    def set_subject(self, subject: Subject) -> None:
        """Search another subject, at the depth shown now."""
        depth = self.view.tree.depth if self.view is not None else subject.depth
        self.search.subject = subject
        self.request(depth, subject.algorithm)

    def wait_for_search(self, timeout: float) -> bool:
        """Block until the newest search has ended (for tests and tools); False on timeout.
        The next frame's `poll` then shows its tree."""
        return self.search.wait(timeout)

    def poll(self) -> SearchTree | None:
        """Show a finished search; returns its tree the frame it is first shown."""
        result = self.search.take()
        self._shown_new = result is not None
        if result is None:
            return None
        tree, count = result
        man = man_value(self.subject.evaluation)
        if self.view is None:
            self.view = TreeView(
                tree,
                self.rect,
                minimax_nodes=count,
                on_request=self.request,
                man=man,
                flipped=self.flipped,
                choices=self.choices,
                titles=self._titles(),
                owner_keys=self.owner_keys,
                first_number=self.subject.move_number,
                human=self.subject.human,
                rough=rough_evaluation(self.subject.evaluation),
            )
            self.view.set_judged(self.judged)
        else:
            self.view.first_number = self.subject.move_number
            self.view.human = self.subject.human
            self.view.man = man
            self.view.rough = rough_evaluation(self.subject.evaluation)
            self.view.titles = self._titles()
            self.view.set_tree(tree, count)
        return tree

    def set_judged(self, judged: GameScore | None) -> None:
        """The game's judgement of the subject's position now (None: nothing has judged it):
        the header gives it as the position's score where it stands over the tree's own."""
        self.judged = judged
        if self.view is not None:
            self.view.set_judged(judged)

    def wake_in(self) -> float | None:
        """Frames for the spinner while the tree is built (and one to show it once it is)."""
        return 1 / 30 if self.building is not None or self._shown_new else None

    def set_rect(self, rect: pygame.Rect) -> None:
        """Where to draw (an owner may call it every frame: only a change costs anything)."""
        if pygame.Rect(rect) == self.rect:
            return
        self.rect = pygame.Rect(rect)
        if self.view is not None:
            self.view.set_rect(self.rect)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The tree view's events; the mouse over the pane never reaches what is below it."""
        if self.view is not None and self.view.handle_event(event):
            return True
        position = getattr(event, "pos", None)
        return position is not None and bool(self.rect.collidepoint(position))

    def _titles(self) -> tuple[str, str]:
        return (self.subject.line(False), self.subject.line(True))

    def _note(self, view: TreeView) -> None:
        """The panel's note in the register the view speaks now."""
        subject = self.subject
        tree = view.tree
        note = ""
        if tree.root.position == subject.position:
            how = search_words(tree.algorithm, tree.depth, subject.evaluation, view.curious)
            note = different_move_sentence(tree, subject.played, how)
        if note != view.note:
            view.note = note
            view.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """The tree, or a spinner while it is built (`poll` first shows a finished search)."""
        view = self.view
        if view is not None:
            if view.flipped != self.flipped:  # the main board was turned
                view.flipped = self.flipped
                view.dirty = True
            self._note(view)
            view.draw(surface)
        else:
            pygame.draw.rect(surface, theme.BACKGROUND, self.rect)
        if self.building is not None or self.error:
            self._draw_message(surface)

    def message(self) -> str:
        """What the box over the tree says while it is built, or why it could not be."""
        if self.error:
            return f"The tree could not be built: {self.error}"
        assert self.building is not None
        depth, algorithm = self.building
        seconds = self.search.seconds()
        if self.choices.curious:
            name = ALGORITHM_NAMES.get(algorithm, algorithm)
            return f"building tree... ({name}, depth {depth}, {seconds:.1f} s)"
        return f"Building the tree: looking {depth_words(depth, False)}... {seconds:.1f} s"

    def _draw_message(self, surface: pygame.Surface) -> None:
        area = self.view.canvas_rect if self.view is not None else self.rect
        box = pygame.Rect(0, 0, min(area.width - 20, 520), 70)
        box.center = area.center
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, box, 2, border_radius=10)
        colour = theme.ERROR_TEXT if self.error else theme.TEXT
        if not self.error:
            arc = pygame.Rect(0, 0, 26, 26)
            arc.center = (box.left + 30, box.centery)
            start = -self.search.seconds() * 6.0
            pygame.draw.arc(surface, theme.TEXT_ACCENT, arc, start, start + math.pi * 1.4, 4)
        size = body_size(self.rect.width)
        lines = self.labels.wrapped(self.message(), size, box.width - 70)[:2]
        height = len(lines) * self.labels.line_height(size)
        y = box.centery - height // 2
        for line in lines:
            self.labels.blit(surface, line, size, colour, "topleft", (box.left + 54, y))
            y += self.labels.line_height(size)
