"""The search-tree overlay of the game screen (T): the tracked search behind the AI's last move,
or of the position on the board, built in a thread while the window keeps running.

Registers itself with `register_overlay` on import; `checkers.gui.app` imports it.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from checkers.ai.registry import EVALUATIONS, man_value
from checkers.ai.tracking import TRACKED_ALGORITHMS, SearchTree, tracked_search
from checkers.ai.tree_export import MinimaxCount, minimax_node_count
from checkers.board import Move, Position
from checkers.gui import theme
from checkers.gui.board_view.render import Text
from checkers.gui.screens.game import register_overlay
from checkers.gui.tree_view.view import DEPTHS, TreeView
from checkers.gui.tree_view.words import different_move_sentence

if TYPE_CHECKING:
    from checkers.gui.screens.game import GameScreen

__all__ = ["DEFAULT_DEPTH", "Subject", "TreeOverlay", "subject_of"]

DEFAULT_DEPTH = 4
"""The depth shown when the AI searched by time, or for the position on the board."""

_STRIP = 28  # the overlay's own line above the tree view: what is shown, and its keys


@dataclass(frozen=True)
class Subject:
    """What to search: a position with its history, how, and a sentence saying so."""

    position: Position
    history: tuple[Position, ...]
    no_progress_plies: int
    depth: int
    algorithm: str
    evaluation: str
    title: str
    note: str = ""
    played: Move | None = None
    """The move the AI played from `position` (None: the position on the board)."""


def _clamp_depth(depth: int | None) -> int:
    return max(DEPTHS[0], min(DEPTHS[-1], depth)) if depth is not None else DEFAULT_DEPTH


def subject_of(screen: GameScreen, on_board: bool = False) -> Subject:
    """The search behind the AI's last move if the AI made it (and `on_board` is False), else
    the position on the board with the seed evaluation at the default depth."""
    game = screen.game
    search = game.ai_search
    positions = game.record.positions
    if (
        not on_board
        and search is not None
        and game.last_move == search.move
        and len(positions) >= 2
        and positions[-2] == search.position
    ):
        level = search.level
        side = search.position.turn.name.capitalize()
        evaluation = level.evaluation if level.evaluation in EVALUATIONS else "seed"
        depth = _clamp_depth(level.depth)
        title = (
            f"The search behind {side}'s last move {search.move.pdn()} "
            f"({level.name}: {level.summary()})"
        )
        notes = []
        if level.algorithm in TRACKED_ALGORITHMS:
            algorithm = level.algorithm
            if level.depth != depth:
                notes.append(f"shown at depth {depth}")
        else:
            algorithm = "alphabeta"
            notes.append(
                f"the {level.algorithm} search cannot be tracked: this is alpha-beta "
                f"({evaluation} evaluation) from the same position"
            )
        if level.noise or level.blunder:
            notes.append("the level's deliberate slips are not in the tree")
        note = "; ".join(notes)
        return Subject(
            search.position,
            search.history,
            search.no_progress_plies,
            depth,
            algorithm,
            evaluation,
            title,
            note,
            played=search.move,
        )
    side = game.position.turn.name.capitalize()
    return Subject(
        game.position,
        tuple(positions),
        game.record.no_progress_plies,
        DEFAULT_DEPTH,
        "alphabeta",
        "seed",
        f"The position on the board, {side} to move",
        "alpha-beta, seed evaluation",
    )


class TreeOverlay:
    """The overlay: "building tree..." until the search thread is done, then a TreeView."""

    def __init__(self, screen: GameScreen, subject: Subject | None = None) -> None:
        self.screen = screen
        self.subject = subject or subject_of(screen)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.view: TreeView | None = None
        self.error = ""
        self.building: tuple[int, str] | None = None  # (depth, algorithm) being built
        self.started = 0.0
        self._lock = threading.Lock()
        self._generation = 0
        self._result: tuple[int, SearchTree, MinimaxCount] | None = None
        self._finished = threading.Event()  # set when the newest request's search has ended
        self._shown_new = False  # a tree was shown in a draw: one more frame for its status
        self.request(self.subject.depth, self.subject.algorithm)

    # --- searching -----------------------------------------------------------------------------

    def request(self, depth: int, algorithm: str) -> None:
        """Search again at this depth with this algorithm; a newer request wins over an older."""
        if algorithm not in TRACKED_ALGORITHMS:
            algorithm = "alphabeta"
        self._generation += 1
        self._finished.clear()
        self.building = (depth, algorithm)
        self.started = pygame.time.get_ticks() / 1000.0
        self.error = ""
        subject = self.subject
        # A daemon thread: a deep search never holds up quitting the game.
        threading.Thread(
            target=self._search,
            name="tree-view search",
            daemon=True,
            args=(self._generation, subject, depth, algorithm),
        ).start()

    def _search(self, generation: int, subject: Subject, depth: int, algorithm: str) -> None:
        try:
            history: Sequence[Position] = subject.history
            tree = tracked_search(
                subject.position,
                depth,
                algorithm,
                subject.evaluation,
                history=history,
                no_progress_plies=subject.no_progress_plies,
            )
            count = (
                MinimaxCount(tree.nodes)
                if algorithm == "minimax"
                else minimax_node_count(
                    subject.position,
                    depth,
                    evaluation=subject.evaluation,
                    history=history,
                    no_progress_plies=subject.no_progress_plies,
                )
            )
        except Exception as error:  # noqa: BLE001 - shown in the overlay; the game goes on
            with self._lock:
                if generation == self._generation:
                    self.error = f"{type(error).__name__}: {error}"
                    self.building = None
                    self._finished.set()
            return
        with self._lock:
            if generation == self._generation:
                self._result = (generation, tree, count)
                self._finished.set()

    def wait_for_search(self, timeout: float) -> bool:
        """Block until the newest search has ended (for tests and tools); False on timeout.
        The next frame's `poll` then shows its tree."""
        return self._finished.wait(timeout)

    def poll(self) -> None:
        """Show a finished search (called every frame from `draw`: the overlay has no update)."""
        with self._lock:
            result, self._result = self._result, None
        if result is None:
            self._shown_new = False
            return
        _, tree, count = result
        self._shown_new = True  # the status below changes during a draw: show it next frame
        self.building = None
        if self.view is None:
            self.view = TreeView(
                tree,
                self._view_rect(),
                minimax_nodes=count,
                on_request=self.request,
                man=man_value(self.subject.evaluation),
                flipped=self.screen.flipped,
            )
        else:
            self.view.man = man_value(self.subject.evaluation)
            self.view.set_tree(tree, count)
        subject = self.subject
        # Said of the tree shown: its depth is the one picked in the header, not the AI's.
        name = "alpha-beta" if tree.algorithm == "alphabeta" else tree.algorithm
        how = f"{name} to depth {tree.depth}, {subject.evaluation} evaluation"
        self.view.note = (
            different_move_sentence(tree, subject.played, how)
            if tree.root.position == subject.position
            else ""
        )
        self.screen.game.status = (
            f"Search tree: {tree.nodes:,} nodes at depth {tree.depth}. T or Esc closes it."
        )

    def show_board_position(self) -> None:
        """Switch to the position on the board (P)."""
        self.subject = subject_of(self.screen, on_board=True)
        depth = self.view.tree.depth if self.view is not None else self.subject.depth
        self.request(depth, "alphabeta")

    def wake_in(self) -> float | None:
        """Frames for the spinner while the tree is built (and to show it once it is)."""
        return 1 / 30 if self.building is not None or self._shown_new else None

    # --- the Overlay protocol ------------------------------------------------------------------

    def _view_rect(self) -> pygame.Rect:
        return pygame.Rect(
            self.rect.left,
            self.rect.top + _STRIP,
            self.rect.width,
            max(1, self.rect.height - _STRIP),
        )

    def set_rect(self, rect: pygame.Rect) -> None:
        """Where to draw (the screen calls it every frame; only a change costs anything)."""
        if pygame.Rect(rect) == self.rect:
            return
        self.rect = pygame.Rect(rect)
        if self.view is not None:
            self.view.set_rect(self._view_rect())

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The tree view's events; the mouse over the overlay never reaches the board below."""
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_p
            and not event.mod & pygame.KMOD_CTRL
        ):
            self.show_board_position()
            return True
        if self.view is not None and self.view.handle_event(event):
            return True
        position = getattr(event, "pos", None)
        return position is not None and self.rect.collidepoint(position)

    def draw(self, surface: pygame.Surface) -> None:
        """The strip, then the tree, or a spinner while it is built."""
        self.poll()
        text = self.screen.context.renderer.text
        strip = pygame.Rect(self.rect.left, self.rect.top, self.rect.width, _STRIP)
        surface.fill(theme.PANEL, strip)
        subject = self.subject
        line = subject.title + (f": {subject.note}" if subject.note else "")
        keys = "P: board position   T/Esc: close"
        size = 15
        keys_width = text.font(size).size(keys)[0]
        text.draw(
            surface,
            text.fit(line, size, strip.width - keys_width - 24),
            size,
            theme.TEXT_ACCENT if subject.note else theme.TEXT,
            (strip.left + 8, strip.centery),
            "midleft",
        )
        text.draw(surface, keys, size, theme.TEXT_DIM, (strip.right - 8, strip.centery), "midright")
        if self.view is not None:
            if self.view.flipped != self.screen.flipped:  # F turned the main board
                self.view.flipped = self.screen.flipped
                self.view.dirty = True
            self.view.draw(surface)
        else:
            pygame.draw.rect(surface, theme.BACKGROUND, self._view_rect())
        if self.building is not None or self.error:
            self._draw_message(surface, text)

    def _draw_message(self, surface: pygame.Surface, text: Text) -> None:
        area = self._view_rect()
        box = pygame.Rect(0, 0, min(area.width - 20, 460), 70)
        box.center = area.center
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, box, 2, border_radius=10)
        if self.error:
            message, colour = f"The tree could not be built: {self.error}", theme.ERROR_TEXT
        else:
            assert self.building is not None
            depth, algorithm = self.building
            seconds = pygame.time.get_ticks() / 1000.0 - self.started
            message = f"building tree... ({algorithm}, depth {depth}, {seconds:.1f} s)"
            colour = theme.TEXT
            centre = (box.left + 30, box.centery)
            arc = pygame.Rect(0, 0, 26, 26)
            arc.center = centre
            start = -seconds * 6.0
            pygame.draw.arc(surface, theme.TEXT_ACCENT, arc, start, start + math.pi * 1.4, 4)
        text.draw(
            surface,
            text.fit(message, 18, box.width - 70),
            18,
            colour,
            (box.left + 54, box.centery),
            "midleft",
        )


register_overlay(
    "tree",
    "t",
    "Tree",
    TreeOverlay,
    "the search tree behind the AI's last move, or of the board (T/Esc closes)",
)
