"""A pygame widget that shows a tracked search tree: watch the AI think, and replay its search.

Embedding it (the whole public API):

    view = TreeView(tree, rect, minimax_nodes=None, on_request=None, choices=None)
    view.handle_event(event) -> bool   # True when the view used the event
    view.draw(surface)                 # blits the view into its rect (re-rendered only if changed)
    view.set_rect(rect)                # after a resize
    view.set_tree(tree, minimax_nodes=None)   # show a new search
    view.selected                      # the selected SearchNode, or None
    view.select(node), view.screen_pos(node)  # select a node / where it is drawn (or None)
    view.stepping, view.set_stepping(on)      # step-through mode
    view.curious, view.set_curious(on)        # the search's own terms, or plain words
    view.titles, view.note, view.owner_keys   # the owner's lines over and under the tree

`tree` comes from `checkers.ai.tracking.tracked_search`; `minimax_nodes` from
`checkers.ai.tracking.minimax_node_count` (run both off the UI thread for deep searches).
`on_request(depth, algorithm)` is called when the user picks a depth (keys 1-6 or the header
buttons) or the other algorithm (A); the owner searches and calls `set_tree`. The view never
searches by itself. It leaves T, Escape and other keys it does not use to its owner.

The drawing lives beside this module: the tree in `canvas`, the header, footer and buttons in
`chrome`, the side panel in `panel`; the words in `words` and `explain`, the places in `layout`.
Each drawing module names what it takes of the view in a Protocol (`canvas.CanvasView`,
`chrome.ChromeView`, `panel.PanelView`) that `TreeView` is, so none of them imports this one.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import pygame

from checkers.ai.tracking import EventKind, MinimaxCount, SearchNode, SearchTree
from checkers.board import Side, square_row_col
from checkers.gui.tree_view import chrome, explain, panel
from checkers.gui.tree_view.canvas import LABEL_PX, draw_tree
from checkers.gui.tree_view.layout import (
    LABEL_MIN_SCALE,
    LEVEL_HEIGHT,
    MARKER_SLOT,
    NODE_SLOT,
    PAGE_SIZE,
    Camera,
    ItemKind,
    LayoutItem,
    Replay,
    TreeLayout,
)
from checkers.gui.tree_view.text import Labels
from checkers.gui.tree_view.words import GameScore

__all__ = ["DEPTHS", "READING_SCALE", "RequestCallback", "TreeChoices", "TreeView"]

RequestCallback = Callable[[int, str], None]
RectLike = pygame.Rect | Sequence[int]

DEPTHS = range(1, 7)
"""The depths a user may pick for the tree view."""

READING_SCALE = 0.95
"""The zoom a tree opens at (when it fits, up to 1): node labels of 13 pixels or more."""
assert round(LABEL_PX * READING_SCALE) >= 13

_MARGIN = 12  # pixels kept free around a fitted tree
_CLICK_SLOP = 4  # pixels a press may move and still count as a click, not a drag
_PAN = 60
_CHILD_SLOT = 76  # world units a child with a bound score (`<= +0.65`) takes in its row


@dataclass
class TreeChoices:
    """What the player chose for every tree view of a session (the App keeps one)."""

    curious: bool = False
    """Show the search's own terms (depth, alpha-beta, MAX and MIN) instead of plain words."""


def _ask_for_depth(depth: int) -> Callable[[TreeView], None]:
    """The action of key `depth`: ask the owner for a search to that depth."""
    return lambda view: view.request(depth)


_REQUEST_KEYS = {pygame.K_a} | {getattr(pygame, f"K_{depth}") for depth in DEPTHS}
"""Keys that ask the owner for a new search: the depths 1-6 and A for the other algorithm."""


class TreeView:
    """The search tree of one position: pan, zoom, select, expand, and step through the search."""

    def __init__(
        self,
        tree: SearchTree,
        rect: RectLike,
        *,
        minimax_nodes: MinimaxCount | None = None,
        on_request: RequestCallback | None = None,
        man: float = 1.0,
        flipped: bool = False,
        choices: TreeChoices | None = None,
        titles: tuple[str, str] = ("", ""),
        owner_keys: str = "",
        first_number: int = 1,
        human: Side | None = None,
        rough: str | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.on_request = on_request
        self.man = man
        """What a man is worth in the evaluation's units: every score is shown in men."""
        self.flipped = flipped
        """The small board is turned as the main board is (Black at the bottom when True)."""
        self.choices = choices if choices is not None else TreeChoices()
        self.titles = titles
        """The owner's line over the tree, what was searched, in plain words and for the
        curious (wrapped with the header; set it before the tree is fitted)."""
        self.owner_keys = owner_keys
        """The owner's keys, said first in the footer (e.g. `T/Esc: close`)."""
        self.first_number = first_number
        """The game's number of the move played from the root: lines are numbered from it."""
        self.note = ""
        """One sentence over the panel (e.g. that this search prefers another move)."""
        self.human = human
        """The player in a game against the AI: scores are told as the panel tells them
        (`+0.35 for you`), else for Black or White."""
        self.rough = rough
        """The weak evaluation the tree judges by (`seed`), whose figures are said as its count,
        never as a score of the position; None for the engine's."""
        self.judged: GameScore | None = None
        """The game's judgement of the root position, which the header gives as the
        position's score where it stands over the tree's own (`set_judged`)."""
        self.legend_open = False
        """Whether L opened the whole legend as a card over the canvas and the panel."""
        self.legend_drawn = False
        """Whether the last frame showed the whole legend."""
        self.panel_board: pygame.Rect | None = None
        """Where the last frame drew the node's small board in the panel (None: not drawn)."""
        self.legend_top = 0
        """The top of the panel's legend (or its line saying L shows it) in the last frame."""
        self.labels = Labels()
        self.buttons: list[tuple[pygame.Rect, Callable[[], None]]] = []
        """The header's buttons of the last frame (in the view's own pixels) and their actions."""
        self.chrome_cache: dict[str, object] = {}
        """The header's and footer's arrangement, kept while what they show is unchanged."""
        self._cache: pygame.Surface | None = None
        self._press: tuple[int, int] | None = None
        self._dragged = False
        self.set_tree(tree, minimax_nodes)

    # --- public API ------------------------------------------------------------------------

    @property
    def curious(self) -> bool:
        """Whether the view speaks the search's own terms (the "for the curious" switch)."""
        return self.choices.curious

    @property
    def title(self) -> str:
        """The owner's line over the tree in the register the view speaks now."""
        return self.titles[self.curious]

    def set_tree(self, tree: SearchTree, minimax_nodes: MinimaxCount | None = None) -> None:
        """Show a new search: the layout, selection and replay start afresh, the tree fitted to
        the canvas (as many plies as read well, none cut at its edges)."""
        self.tree = tree
        if minimax_nodes is None and tree.algorithm == "minimax":
            minimax_nodes = MinimaxCount(tree.nodes)
        self.minimax_nodes = minimax_nodes
        self.replay = Replay(tree)
        self.stepping = False
        self.selected: SearchNode | None = None
        self.hovered: SearchNode | None = None
        self.camera = Camera()
        self._open()

    def set_rect(self, rect: RectLike) -> None:
        """Move or resize the view; the tree is opened afresh for the new canvas (while
        stepping, only fitted to it: the replay keeps its open path)."""
        size = self.rect.size
        self.rect = pygame.Rect(rect)
        self._cache = None
        if self.stepping or self.rect.size == size:
            self._fit()
        else:
            self._open()
        self.dirty = True

    def _open(self) -> None:
        """Lay the tree out as it first shows: as many plies as read well on the canvas (none
        cut at its top or bottom), as many children of a node side by side as fit across, and
        the whole of it on the canvas at the reading zoom. The best line is opened whatever
        the width, so where it makes the tree too wide a node shows fewer children at once
        (the rest a page away), and failing that the tree opens fewer plies."""
        canvas = self.canvas_rect
        rows = int((canvas.height - 2 * _MARGIN) / (LEVEL_HEIGHT * READING_SCALE))
        across = (canvas.width - 2 * _MARGIN) / READING_SCALE
        widest = max(3, min(PAGE_SIZE, int((across - 2 * MARKER_SLOT) // _CHILD_SLOT)))
        for plies, page in itertools.product(range(max(rows - 1, 1), 0, -1), range(widest, 2, -1)):
            self.layout = TreeLayout(
                self.tree,
                max_width=across,
                page_size=page,
                man=self.man,
                max_plies=plies,
                curious=self.curious,
            )
            if self.layout.width <= across:
                break
        self._fit()

    def set_curious(self, on: bool) -> None:
        """Speak the search's own terms (on) or plain words (off) from now on; the choice is
        kept in `choices`, so the next view of the session speaks the same way."""
        canvas = self.canvas_rect
        self.choices.curious = on
        anchor = self.selected or self.tree.root
        self.layout.curious = on
        self._keep_in_place(anchor, self.layout.relayout)
        self._refit(canvas)
        self.dirty = True

    def header_text(self) -> str:
        """The header's sentences as drawn (the owner's title aside), in one line: what a
        player reads over the tree."""
        return " ".join(
            text
            for text, _ in explain.header_lines(
                self.tree,
                self.minimax_nodes,
                self.replay if self.stepping else None,
                self.man,
                self.curious,
                self.first_number,
                self.human,
                self.judged,
                self.rough,
            )
        )

    def _refit(self, before: pygame.Rect) -> None:
        """The canvas was `before` until the header took another number of lines: fit the
        tree again so every row stays whole (fewer rows opened if they no longer fit)."""
        canvas = self.canvas_rect
        if canvas == before or self.stepping:
            return
        rows = (canvas.height - 2 * _MARGIN) / (LEVEL_HEIGHT * READING_SCALE)
        if self.layout.height / LEVEL_HEIGHT > rows:
            self._open()  # its rows no longer fit whole: fewer of them
        else:
            self._fit()

    def set_judged(self, judged: GameScore | None) -> None:
        """The game's judgement of the root position now (the owner keeps it current: it
        deepens, or another search replaces it); the tree is fitted again when the header
        takes another number of lines."""
        if judged == self.judged:
            return
        canvas = self.canvas_rect
        self.judged = judged
        self._refit(canvas)
        self.dirty = True

    def select(self, node: SearchNode | None) -> None:
        """Select `node` (None: nothing); its details show in the side panel."""
        self.selected = node
        self.dirty = True

    def set_stepping(self, on: bool) -> None:
        """Enter step-through mode at the search's first event, or leave it."""
        self.stepping = on
        self.selected = self.hovered = None
        if on:
            self.replay.go_to(1)
            self.camera.top = -_MARGIN / self.camera.scale
            self._follow()
        self.dirty = True

    def request(self, depth: int, algorithm: str | None = None) -> None:
        """Ask the owner for a search to `depth` (with `algorithm`, else this tree's)."""
        if self.on_request is not None:
            self.on_request(depth, algorithm or self.tree.algorithm)

    def other_algorithm(self) -> None:
        """Ask for the same depth with the other search (every move checked, or skipping)."""
        other = "minimax" if self.tree.algorithm == "alphabeta" else "alphabeta"
        self.request(self.tree.depth, other)

    def screen_pos(self, node: SearchNode) -> tuple[int, int] | None:
        """The pixel where `node` is drawn, or None if collapsed away, paged out or off canvas."""
        item = self.layout.item_of(node)
        if item is None:
            return None
        canvas = self.canvas_rect
        x, y = self.camera.to_screen(item.x, item.y, canvas.topleft)
        if not canvas.collidepoint(x, y):
            return None
        return round(x), round(y)

    @property
    def canvas_rect(self) -> pygame.Rect:
        """Where the tree itself is drawn: the rect less the header, footer and side panel."""
        width = self.rect.width - panel.panel_width(self.rect.width)
        header = chrome.header_height(self)
        footer = chrome.footer_height(self)
        return pygame.Rect(
            self.rect.x, self.rect.y + header, width, max(self.rect.height - header - footer, 1)
        )

    @property
    def panel_rect(self) -> pygame.Rect:
        """The side panel with the selected node's board and numbers (empty if too narrow)."""
        canvas = self.canvas_rect
        return pygame.Rect(canvas.right, canvas.y, self.rect.right - canvas.right, canvas.height)

    def is_visible(self, node: SearchNode) -> bool:
        """Whether `node` is drawn in full: always, or while stepping once the search entered it."""
        return not self.stepping or self.replay.has_entered(node)

    def cell(self, square: int) -> tuple[int, int]:
        """(row, col) of `square` on the small board, turned as the main board is."""
        row, col = square_row_col(square)
        return (7 - row, 7 - col) if self.flipped else (row, col)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to a pygame event; True if the view used it (the owner should not)."""
        handler = self._EVENT_HANDLERS.get(event.type)
        return bool(handler(self, event)) if handler is not None else False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the view into its rect on `surface`."""
        if self._cache is None or self._cache.get_size() != self.rect.size:
            self._cache = pygame.Surface(self.rect.size)
            self.dirty = True
        if self.dirty:
            self._render(self._cache)
            self.dirty = False
        surface.blit(self._cache, self.rect.topleft)

    def _render(self, surface: pygame.Surface) -> None:
        self.labels.start_frame()
        offset = self.rect.topleft
        draw_tree(self, surface, self.canvas_rect.move(-offset[0], -offset[1]))
        chrome.draw_header(self, surface)
        area = self.panel_rect.move(-offset[0], -offset[1])
        if area.width > 0:
            panel.draw_panel(self, surface, area)
        if self.legend_open:
            panel.draw_legend_card(
                self, surface, self.canvas_rect.union(self.panel_rect).move(-offset[0], -offset[1])
            )
        chrome.draw_footer(self, surface)

    # --- events ----------------------------------------------------------------------------

    def _on_mouse_down(self, event: pygame.event.Event) -> bool:
        if not self.rect.collidepoint(event.pos):
            return False
        if event.button == 1:
            for area, action in self.buttons:
                if area.move(self.rect.topleft).collidepoint(event.pos):
                    action()
                    self.dirty = True
                    return True
            if self.canvas_rect.collidepoint(event.pos):
                self._press, self._dragged = event.pos, False
        elif event.button == 3:
            item = self._item_at(event.pos)
            if item is not None and item.kind is ItemKind.NODE:
                self._toggle(item.node)
        return True

    def _on_mouse_up(self, event: pygame.event.Event) -> bool:
        if event.button != 1 or self._press is None:
            return bool(self.rect.collidepoint(event.pos))
        press, self._press = self._press, None
        if not self._dragged:
            self._click(press)
        return True

    def _on_mouse_motion(self, event: pygame.event.Event) -> bool:
        if self._press is not None and event.buttons[0]:
            if (
                self._dragged
                or abs(event.pos[0] - self._press[0]) > _CLICK_SLOP
                or abs(event.pos[1] - self._press[1]) > _CLICK_SLOP
            ):
                if not self._dragged:
                    # The first few pixels were within the click slop: pan them too.
                    self.camera.pan(
                        event.pos[0] - self._press[0] - event.rel[0],
                        event.pos[1] - self._press[1] - event.rel[1],
                    )
                self._dragged = True
                self.camera.pan(*event.rel)
                self.dirty = True
            return True
        if not self.rect.collidepoint(event.pos):
            if self.hovered is not None:
                self.hovered, self.dirty = None, True
            return False
        item = self._item_at(event.pos)
        hovered = (
            item.node
            if item is not None
            and item.kind is not ItemKind.PAGE_BACK
            and item.kind is not ItemKind.PAGE_ON
            else None
        )
        if hovered is not self.hovered:
            self.hovered, self.dirty = hovered, True
        return True

    def _on_wheel(self, event: pygame.event.Event) -> bool:
        mouse = pygame.mouse.get_pos()
        canvas = self.canvas_rect
        if not self.rect.collidepoint(mouse):
            return False
        anchor = mouse if canvas.collidepoint(mouse) else canvas.center
        self.camera.zoom(1.15**event.y, anchor[0], anchor[1], canvas.topleft)
        self.dirty = True
        return True

    def _on_key(self, event: pygame.event.Event) -> bool:
        if self.on_request is None and event.key in _REQUEST_KEYS:
            return False  # nobody to ask for a new search: the key is the owner's
        keys = self._STEP_KEYS if self.stepping else self._BROWSE_KEYS
        action = keys.get(event.key) or self._COMMON_KEYS.get(event.key)
        if action is None:
            return False
        action(self)
        self.dirty = True
        return True

    _EVENT_HANDLERS: ClassVar[dict[int, Callable[[TreeView, pygame.event.Event], bool]]] = {
        pygame.MOUSEBUTTONDOWN: _on_mouse_down,
        pygame.MOUSEBUTTONUP: _on_mouse_up,
        pygame.MOUSEMOTION: _on_mouse_motion,
        pygame.MOUSEWHEEL: _on_wheel,
        pygame.KEYDOWN: _on_key,
    }

    # --- actions ---------------------------------------------------------------------------

    def _item_at(self, pos: tuple[int, int]) -> LayoutItem | None:
        canvas = self.canvas_rect
        if not canvas.collidepoint(pos):
            return None
        x, y = self.camera.to_world(pos[0], pos[1], canvas.topleft)
        # At least 10 pixels of reach, however far out the view is zoomed.
        return self.layout.item_at(x, y, reach=max(16.0, 10.0 / self.camera.scale))

    def _click(self, pos: tuple[int, int]) -> None:
        """Select the node under the pointer; a second click (or one on a +N node) toggles it."""
        item = self._item_at(pos)
        if item is None:
            return
        if item.kind is ItemKind.PAGE_BACK or item.kind is ItemKind.PAGE_ON:
            step = -1 if item.kind is ItemKind.PAGE_BACK else 1
            self._keep_in_place(item.node, lambda: self.layout.turn_page(item.node, step))
        elif item.node is self.selected or item.hidden:
            self.selected = item.node
            self._toggle(item.node)
        else:
            self.selected = item.node
        self.dirty = True

    def _toggle(self, node: SearchNode) -> None:
        self._keep_in_place(node, lambda: self.layout.toggle(node))
        self.dirty = True

    def _keep_in_place(self, node: SearchNode, change: Callable[[], object]) -> None:
        """Apply a layout change, panning so that `node` stays under the same pixel."""
        before = self.layout.item_of(node)
        old = (before.x, before.y) if before is not None else None
        change()
        after = self.layout.item_of(node)
        if old is not None and after is not None:
            self.camera.left += after.x - old[0]
            self.camera.top += after.y - old[1]

    def _fit(self) -> None:
        """Show the whole laid-out tree if it reads there, else its top rows at a readable zoom
        around the root and the best line: rows are never cut at the canvas's top or bottom
        while they fit at a readable size."""
        canvas = self.canvas_rect
        layout = self.layout
        self.camera.fit(layout.width, layout.height, canvas.size)
        # The zoom that shows every row whole, but no smaller than labels can be drawn.
        tall = max((canvas.height - 2 * _MARGIN) / max(layout.height, 1.0), LABEL_MIN_SCALE)
        readable = min(READING_SCALE, tall)
        if self.camera.scale >= readable:
            return
        self.camera.scale = readable
        root = layout.item_of(self.tree.root)
        assert root is not None
        line = [item for node in self.tree.pv if (item := layout.item_of(node)) is not None]
        x = root.x
        # The root and as much of the best line as fits across the canvas, whole.
        for end in range(len(line), 0, -1):
            xs = [root.x] + [item.x for item in line[:end]]
            if (max(xs) - min(xs) + 2 * NODE_SLOT) * readable <= canvas.width - 2 * _MARGIN:
                x = (max(xs) + min(xs)) / 2
                break
        self.camera.centre_on(x, 0, canvas.size)
        self.camera.top = -_MARGIN / readable

    def _zoom_keys(self, factor: float) -> None:
        canvas = self.canvas_rect
        self.camera.zoom(factor, canvas.centerx, canvas.centery, canvas.topleft)

    def _levels(self, change: int) -> None:
        self.layout.show_plies(max(self.layout.shown_plies() + change, 0))
        self._fit()

    def _step(self, count: int) -> None:
        self.replay.step(count)
        self._follow()

    def _step_to(self, index: int) -> None:
        self.replay.go_to(index)
        self._follow()

    def _next_cutoff(self) -> None:
        self.replay.next_cutoff()
        self._follow()

    def _follow(self) -> None:
        """Show the current event's node: open its ancestors and scroll it into view."""
        # A step moves the learner's attention to the search: a node clicked earlier lets go.
        self.selected = None
        event = self.replay.current
        if event is None:
            return
        if self.replay.index == self.replay.total:
            self._fit()  # the search is over: back to the root and its best line
            return
        node = event.node
        # Entering a node shows its moves to come; a cut-off shows the moves it prunes.
        if event.kind is EventKind.CUTOFF and node.pruned_children:
            self.layout.reveal_path(node.pruned_children[0])
        elif event.kind is EventKind.ENTER and node.children:
            self.layout.reveal_path(node.children[0])
        else:
            self.layout.reveal_path(node)
        items = [self.layout.item_of(step) for step in self.replay.open_path() + [node]]
        xs = [item.x for item in items if item is not None]
        current = self.layout.item_of(node)
        if current is None:
            return
        canvas = self.canvas_rect
        scale = self.camera.scale
        if not all(60 <= (x - self.camera.left) * scale <= canvas.width - 60 for x in xs):
            # The whole open path when it fits across, else the node the search is at.
            middle = (min(xs) + max(xs)) / 2
            if (max(xs) - min(xs)) * scale > canvas.width - 120:
                middle = current.x
            self.camera.left = middle - canvas.width / 2 / scale
        # Keep the root's row at the top while the tree is short enough, for context.
        if self.layout.height * scale + 2 * _MARGIN <= canvas.height:
            self.camera.top = -_MARGIN / scale
        elif not self.camera.shows(current.x, current.y, canvas.size, margin=60):
            self.camera.top = current.y - canvas.height / 2 / scale

    def _toggle_selected(self) -> None:
        if self.selected is not None:
            self._toggle(self.selected)

    def _toggle_legend(self) -> None:
        self.legend_open = not self.legend_open

    _COMMON_KEYS: ClassVar[dict[int, Callable[[TreeView], None]]] = {
        pygame.K_PLUS: lambda view: view._zoom_keys(1.25),
        pygame.K_EQUALS: lambda view: view._zoom_keys(1.25),
        pygame.K_KP_PLUS: lambda view: view._zoom_keys(1.25),
        pygame.K_MINUS: lambda view: view._zoom_keys(0.8),
        pygame.K_KP_MINUS: lambda view: view._zoom_keys(0.8),
        pygame.K_f: lambda view: view._fit(),
        pygame.K_l: lambda view: view._toggle_legend(),
        pygame.K_e: lambda view: view.set_curious(not view.curious),
        pygame.K_0: lambda view: view._fit(),
        pygame.K_UP: lambda view: view.camera.pan(0, _PAN),
        pygame.K_DOWN: lambda view: view.camera.pan(0, -_PAN),
        pygame.K_LEFTBRACKET: lambda view: view._levels(-1),
        pygame.K_RIGHTBRACKET: lambda view: view._levels(1),
        pygame.K_s: lambda view: view.set_stepping(not view.stepping),
        pygame.K_a: lambda view: view.other_algorithm(),
        **{getattr(pygame, f"K_{depth}"): _ask_for_depth(depth) for depth in DEPTHS},
    }
    _BROWSE_KEYS: ClassVar[dict[int, Callable[[TreeView], None]]] = {
        pygame.K_LEFT: lambda view: view.camera.pan(_PAN, 0),
        pygame.K_RIGHT: lambda view: view.camera.pan(-_PAN, 0),
        pygame.K_RETURN: lambda view: view._toggle_selected(),
        pygame.K_SPACE: lambda view: view._toggle_selected(),
    }
    _STEP_KEYS: ClassVar[dict[int, Callable[[TreeView], None]]] = {
        pygame.K_RIGHT: lambda view: view._step(1),
        pygame.K_n: lambda view: view._step(1),
        pygame.K_SPACE: lambda view: view._step(1),
        pygame.K_LEFT: lambda view: view._step(-1),
        pygame.K_b: lambda view: view._step(-1),
        pygame.K_BACKSPACE: lambda view: view._step(-1),
        pygame.K_PAGEDOWN: lambda view: view._step(10),
        pygame.K_PAGEUP: lambda view: view._step(-10),
        pygame.K_HOME: lambda view: view._step_to(1),
        pygame.K_END: lambda view: view._step_to(view.replay.total),
        pygame.K_c: lambda view: view._next_cutoff(),
    }

    def button_actions(self) -> list[tuple[str, bool, Callable[[], None]]]:
        """The header's buttons, left to right: (label, whether it is on, action)."""
        buttons: list[tuple[str, bool, Callable[[], None]]] = []
        if self.on_request is not None:
            for depth in DEPTHS:
                request = functools.partial(self.request, depth)
                buttons.append((str(depth), depth == self.tree.depth, request))
            if self.curious:
                other = "show minimax" if self.tree.algorithm == "alphabeta" else "show alpha-beta"
                buttons.append((other, False, self.other_algorithm))
            else:
                every = self.tree.algorithm == "minimax"
                buttons.append(("Check every move", every, self.other_algorithm))
        buttons.append(
            ("Step through", self.stepping, lambda: self.set_stepping(not self.stepping))
        )
        buttons.append(
            ("For the curious", self.curious, lambda: self.set_curious(not self.curious))
        )
        return buttons
