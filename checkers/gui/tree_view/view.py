"""A pygame widget that shows a tracked search tree: watch the AI think, and replay its search.

Embedding it (the whole public API):

    view = TreeView(tree, rect, minimax_nodes=None, on_request=None)
    view.handle_event(event) -> bool   # True when the view used the event
    view.draw(surface)                 # blits the view into its rect (re-rendered only if changed)
    view.set_rect(rect)                # after a resize
    view.set_tree(tree, minimax_nodes=None)   # show a new search
    view.selected                      # the selected SearchNode, or None
    view.select(node), view.screen_pos(node)  # select a node / where it is drawn (or None)
    view.stepping, view.set_stepping(on)      # step-through mode

`tree` comes from `checkers.ai.tracking.tracked_search`; `minimax_nodes` from
`checkers.ai.tree_export.minimax_node_count` (run both off the UI thread for deep searches).
`on_request(depth, algorithm)` is called when the user picks a depth (keys 1-6 or the header
buttons) or the other algorithm (A); the owner searches and calls `set_tree`. The view never
searches by itself. It leaves T, Escape and other keys it does not use to its owner.

Max nodes are up triangles, min nodes down triangles, each with its score; the principal
variation is drawn thick; pruned moves are dashed stubs under a red alpha >= beta mark.
`run_viewer` opens the view alone in a window (`checkers treeview`).
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable, Sequence
from typing import ClassVar

import pygame

from checkers.ai.classic import ScoreReason
from checkers.ai.search import is_win_score, plies_to_win
from checkers.ai.tracking import EventKind, SearchEvent, SearchNode, SearchTree
from checkers.ai.tree_export import MinimaxCount, moves_to, numbered_line
from checkers.board import BLACK, SQUARES, Position, square_row_col
from checkers.gui import theme
from checkers.gui.fonts import layout_font
from checkers.gui.tree_view.layout import (
    LABEL_MIN_SCALE,
    LEVEL_HEIGHT,
    LINE_HEIGHT,
    NODE_RADIUS,
    Camera,
    ItemKind,
    LayoutItem,
    Replay,
    TreeLayout,
)
from checkers.gui.tree_view.words import LEGEND, men, node_score

__all__ = ["DEPTHS", "NoDisplayError", "RequestCallback", "TreeView", "run_viewer"]

RequestCallback = Callable[[int, str], None]
RectLike = pygame.Rect | Sequence[int]

DEPTHS = range(1, 7)
"""The depths a user may pick for the tree view."""

_HEADER = 50
_FOOTER = 22
_PANEL = 272
_CELL = 28  # the panel board's square size: 8 * 28 = 224 pixels
_CLICK_SLOP = 4  # pixels a press may move and still count as a click, not a drag
_COMFORTABLE = 0.85  # the zoom at which labels read easily
_READABLE = LABEL_MIN_SCALE  # below this zoom labels go, so fitting the whole tree is not worth it
_LABEL_SIZE = 19
"""The labels' size at zoom 1 (pygame's default font's units): the layout's boxes fit it."""

_SELECT = (255, 255, 255)
_BUTTON = (52, 58, 68)
_BUTTON_ON = (96, 110, 132)
_LIGHT_SQUARE = (232, 208, 168)
_DARK_SQUARE = (122, 82, 48)
_BLACK_PIECE = (30, 30, 30)
_WHITE_PIECE = (245, 240, 225)

_ALGORITHM_NAMES = {"alphabeta": "alpha-beta", "minimax": "minimax"}

_REASONS = {
    ScoreReason.SEARCHED: "backed up from its children",
    ScoreReason.EVALUATION: "static evaluation at the horizon",
    ScoreReason.NO_MOVES: "no legal move: the side to move loses",
    ScoreReason.REPETITION: "draw by repetition",
    ScoreReason.FORTY_MOVE_RULE: "draw by the 40-move rule",
}


def _triangle(x: float, y: float, r: float, up: bool) -> list[tuple[float, float]]:
    """An up (MAX) or down (MIN) triangle of half-size r centred on (x, y)."""
    if up:
        return [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
    return [(x, y + r), (x + r, y - r * 0.8), (x - r, y - r * 0.8)]


def _dashed_line(
    surface: pygame.Surface,
    colour: tuple[int, int, int],
    start: tuple[float, float],
    end: tuple[float, float],
    dash: float = 6.0,
) -> None:
    """A dashed line, the mark of a branch the search never entered."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max((dx * dx + dy * dy) ** 0.5, 1.0)
    steps = int(length // dash)
    for step in range(0, steps, 2):
        a, b = step * dash / length, min((step + 1) * dash / length, 1.0)
        pygame.draw.line(
            surface,
            colour,
            (start[0] + dx * a, start[1] + dy * a),
            (start[0] + dx * b, start[1] + dy * b),
        )


_REQUEST_KEYS = {pygame.K_a} | {getattr(pygame, f"K_{depth}") for depth in DEPTHS}
"""Keys that ask the owner for a new search: the depths 1-6 and A for the other algorithm."""


def _ask_for_depth(depth: int) -> Callable[[TreeView], None]:
    """The action of key `depth`: ask the owner for a search to that depth."""
    return lambda view: view._request(depth)


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
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.on_request = on_request
        self.man = man
        """What a man is worth in the evaluation's units: every score is shown in men."""
        self.flipped = flipped
        """The small board is turned as the main board is (Black at the bottom when True)."""
        self.note = ""
        self.legend_open = False
        """Whether L opened the legend in place of the node's details (a short panel has no
        room for both)."""
        self.legend_drawn = False
        """Whether the last frame showed the whole legend."""
        """One sentence over the tree (e.g. that its search prefers another move)."""
        self._fonts: dict[int, pygame.font.Font] = {}
        self._labels: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self._cache: pygame.Surface | None = None
        self._buttons: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self._press: tuple[int, int] | None = None
        self._dragged = False
        self.set_tree(tree, minimax_nodes)

    # --- public API ------------------------------------------------------------------------

    def set_tree(self, tree: SearchTree, minimax_nodes: MinimaxCount | None = None) -> None:
        """Show a new search: the layout, selection and replay start afresh."""
        self.tree = tree
        if minimax_nodes is None and tree.algorithm == "minimax":
            minimax_nodes = MinimaxCount(tree.nodes)
        self.minimax_nodes = minimax_nodes
        # Open as many plies as read well across the canvas at a comfortable zoom.
        self.layout = TreeLayout(
            tree, max_width=self.canvas_rect.width / _COMFORTABLE, man=self.man
        )
        self.replay = Replay(tree)
        self.stepping = False
        self.selected: SearchNode | None = None
        self.hovered: SearchNode | None = None
        self.camera = Camera()
        self._fit()
        self.dirty = True

    def set_rect(self, rect: RectLike) -> None:
        """Move or resize the view; the tree is fitted to the new canvas."""
        self.rect = pygame.Rect(rect)
        self._cache = None
        self._fit()
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
            self.camera.top = -12 / self.camera.scale
            self._follow()
        self.dirty = True

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
        panel = _PANEL if self.rect.width >= 2 * _PANEL else 0
        return pygame.Rect(
            self.rect.x,
            self.rect.y + _HEADER,
            self.rect.width - panel,
            max(self.rect.height - _HEADER - _FOOTER, 1),
        )

    @property
    def panel_rect(self) -> pygame.Rect:
        """The side panel with the selected node's board and numbers (empty if too narrow)."""
        canvas = self.canvas_rect
        return pygame.Rect(canvas.right, canvas.y, self.rect.right - canvas.right, canvas.height)

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

    # --- events ----------------------------------------------------------------------------

    def _on_mouse_down(self, event: pygame.event.Event) -> bool:
        if not self.rect.collidepoint(event.pos):
            return False
        if event.button == 1:
            for area, action in self._buttons:
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
            return self.rect.collidepoint(event.pos)
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
            self._keep_in_place(
                item.node,
                lambda: self.layout.turn_page(
                    item.node, -1 if item.kind is ItemKind.PAGE_BACK else 1
                ),
            )
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
        """Show the whole laid-out tree, or its top if too wide to read: centred on the PV."""
        canvas = self.canvas_rect
        self.camera.fit(self.layout.width, self.layout.height, canvas.size)
        if self.camera.scale < _READABLE:
            # Too small to read: zoom to a readable size around the root and the PV instead.
            self.camera.scale = _COMFORTABLE
            root = self.layout.item_of(self.tree.root)
            first = self.layout.item_of(self.tree.pv[0]) if self.tree.pv else None
            assert root is not None
            x = root.x
            # The root and the chosen move side by side, when both fit on the canvas.
            if first is not None and abs(first.x - root.x) * self.camera.scale < canvas.width * 0.8:
                x = (first.x + root.x) / 2
            self.camera.centre_on(x, 0, canvas.size)
            self.camera.top = -12 / self.camera.scale

    def _zoom_keys(self, factor: float) -> None:
        canvas = self.canvas_rect
        self.camera.zoom(factor, canvas.centerx, canvas.centery, canvas.topleft)

    def _pan(self, dx: int, dy: int) -> None:
        self.camera.pan(dx, dy)

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
            self._fit()  # the search is over: back to the root and its principal variation
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
        if self.layout.height * scale + 24 <= canvas.height:
            self.camera.top = -12 / scale
        elif not self.camera.shows(current.x, current.y, canvas.size, margin=60):
            self.camera.top = current.y - canvas.height / 2 / scale

    def _toggle_selected(self) -> None:
        if self.selected is not None:
            self._toggle(self.selected)

    def _request(self, depth: int, algorithm: str | None = None) -> None:
        if self.on_request is not None:
            self.on_request(depth, algorithm or self.tree.algorithm)

    def _toggle_legend(self) -> None:
        self.legend_open = not self.legend_open
        self._cache = None

    def _other_algorithm(self) -> None:
        other = "minimax" if self.tree.algorithm == "alphabeta" else "alphabeta"
        self._request(self.tree.depth, other)

    _PAN = 60
    _COMMON_KEYS: ClassVar[dict[int, Callable[[TreeView], None]]] = {
        pygame.K_PLUS: lambda view: view._zoom_keys(1.25),
        pygame.K_EQUALS: lambda view: view._zoom_keys(1.25),
        pygame.K_KP_PLUS: lambda view: view._zoom_keys(1.25),
        pygame.K_MINUS: lambda view: view._zoom_keys(0.8),
        pygame.K_KP_MINUS: lambda view: view._zoom_keys(0.8),
        pygame.K_f: lambda view: view._fit(),
        pygame.K_l: lambda view: view._toggle_legend(),
        pygame.K_0: lambda view: view._fit(),
        pygame.K_UP: lambda view: view._pan(0, TreeView._PAN),
        pygame.K_DOWN: lambda view: view._pan(0, -TreeView._PAN),
        pygame.K_LEFTBRACKET: lambda view: view._levels(-1),
        pygame.K_RIGHTBRACKET: lambda view: view._levels(1),
        pygame.K_s: lambda view: view.set_stepping(not view.stepping),
        pygame.K_a: lambda view: view._other_algorithm(),
        **{getattr(pygame, f"K_{depth}"): _ask_for_depth(depth) for depth in DEPTHS},
    }
    _BROWSE_KEYS: ClassVar[dict[int, Callable[[TreeView], None]]] = {
        pygame.K_LEFT: lambda view: view._pan(TreeView._PAN, 0),
        pygame.K_RIGHT: lambda view: view._pan(-TreeView._PAN, 0),
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

    # --- drawing ---------------------------------------------------------------------------

    def _font(self, size: int) -> pygame.font.Font:
        font = self._fonts.get(size)
        if font is None:
            # The window's one font (pygame_gui's Noto Sans): the same look on every machine.
            font = self._fonts[size] = layout_font(size)
        return font

    def _label(self, text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
        key = (text, size, colour)
        label = self._labels.get(key)
        if label is None:
            if len(self._labels) > 5000:  # zooming makes new sizes; keep the cache bounded
                self._labels.clear()
            label = self._labels[key] = self._font(size).render(text, True, colour)
        return label

    def _blit(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: tuple[int, int, int],
        anchor: str,
        pos: tuple[float, float],
    ) -> pygame.Rect:
        label = self._label(text, size, colour)
        area = label.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surface.blit(label, area)
        return area

    def _render(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        self._buttons = []
        offset = self.rect.topleft
        canvas = self.canvas_rect.move(-offset[0], -offset[1])
        self._draw_tree(surface, canvas)
        self._draw_header(surface)
        panel = self.panel_rect.move(-offset[0], -offset[1])
        if panel.width > 0:
            self._draw_panel(surface, panel)
        self._draw_footer(surface)

    def _visible(self, node: SearchNode) -> bool:
        return not self.stepping or self.replay.has_entered(node)

    def _draw_tree(self, surface: pygame.Surface, canvas: pygame.Rect) -> None:
        surface.fill(theme.BACKGROUND, canvas)
        surface.set_clip(canvas)
        camera = self.camera
        scale = camera.scale
        margin = 120 / scale
        left, top = camera.to_world(canvas.left, canvas.top, canvas.topleft)
        right, bottom = camera.to_world(canvas.right, canvas.bottom, canvas.topleft)
        items = list(
            self.layout.items_in(
                left - margin, top - LEVEL_HEIGHT, right + margin, bottom + LEVEL_HEIGHT
            )
        )
        shown = set(map(id, items))
        radius = min(max(NODE_RADIUS * scale, 3.0), 18.0)
        # Labels grow with the zoom (up to a size), so they stay inside the boxes the layout
        # keeps for them; below LABEL_MIN_SCALE they would be too small to read and go.
        size = min(round(_LABEL_SIZE * scale), 24)
        labels = scale >= LABEL_MIN_SCALE
        on_pv = set(self.tree.pv) | {self.tree.root}
        finished = not self.stepping or self.replay.index >= self.replay.total
        open_path = set(self.replay.open_path()) if self.stepping else set()

        def at(item: LayoutItem) -> tuple[float, float]:
            return camera.to_screen(item.x, item.y, canvas.topleft)

        # Edges first, so nodes sit on top of them; the highlighted path last, so no other
        # edge runs over it.
        highlighted = (on_pv if finished else set()) | open_path
        edges = []
        for item in items:
            ends = list(item.children)
            if item.parent is not None and id(item.parent) not in shown:
                ends.append(item)
            edges.extend(ends)
        edges.sort(key=lambda child: child.node in highlighted and child.kind is ItemKind.NODE)
        for child in edges:
            parent = child.parent
            assert parent is not None
            # Edges join the rows' label bands (see TreeLayout.edge_ends): they cross no text.
            start, end = self.layout.edge_ends(parent, child)
            self._draw_edge(
                surface,
                parent,
                child,
                camera.to_screen(*start, canvas.topleft),
                camera.to_screen(*end, canvas.topleft),
                scale,
                on_pv if finished else set(),
                open_path,
            )
        for item in items:
            self._draw_item(
                surface,
                item,
                at(item),
                radius,
                size,
                labels,
                item.node in on_pv and finished,
                item.node in open_path,
            )
        surface.set_clip(None)

    def _draw_edge(
        self,
        surface: pygame.Surface,
        parent: LayoutItem,
        child: LayoutItem,
        a: tuple[float, float],
        b: tuple[float, float],
        scale: float,
        on_pv: set[SearchNode],
        open_path: set[SearchNode],
    ) -> None:
        if child.kind is ItemKind.PAGE_BACK or child.kind is ItemKind.PAGE_ON:
            _dashed_line(surface, theme.TEXT_DIM, a, b, dash=3)
            return
        node = child.node
        if not self._visible(node):
            pygame.draw.line(surface, theme.TREE_GHOST, a, b)
            return
        if child.kind is ItemKind.STUB:
            _dashed_line(surface, theme.TREE_PRUNED, a, b)
            cutoff = parent.node.cutoff
            if cutoff is not None and parent.node.pruned_children[0] is node:
                # One red bar across the first pruned edge marks where the search stopped.
                mx, my = a[0] + (b[0] - a[0]) * 0.45, a[1] + (b[1] - a[1]) * 0.45
                bar = max(6.0, 9 * scale)
                pygame.draw.line(
                    surface,
                    theme.TREE_CUT,
                    (mx - bar, my - bar * 0.4),
                    (mx + bar, my + bar * 0.4),
                    3,
                )
            return
        if node in on_pv:
            pygame.draw.line(surface, theme.TREE_PV, a, b, max(3, int(4 * scale)))
        elif node in open_path:
            pygame.draw.line(surface, theme.TREE_OPEN, a, b, 3)
        else:
            pygame.draw.line(surface, theme.TREE_EDGE, a, b, 1 if scale < 0.8 else 2)

    def _draw_item(
        self,
        surface: pygame.Surface,
        item: LayoutItem,
        pos: tuple[float, float],
        radius: float,
        size: int,
        labels: bool,
        pv: bool,
        open_: bool,
    ) -> None:
        x, y = pos
        node = item.node
        if item.kind is ItemKind.PAGE_BACK or item.kind is ItemKind.PAGE_ON:
            box = pygame.Rect(0, 0, max(int(40 * self.camera.scale), 14), int(radius * 1.6))
            box.center = (int(x), int(y))
            pygame.draw.rect(surface, _BUTTON, box, border_radius=4)
            if labels:
                text = self.layout.texts(item)[1]
                self._blit(surface, text, size - 2, theme.TEXT, "center", box.center)
            return
        visible = self._visible(node)
        move, final_score, extra = self.layout.texts(item)
        if item.kind is ItemKind.STUB and not visible:
            # Before its cut-off a stub is just a move still to come: no hint of the pruning.
            pygame.draw.polygon(
                surface, theme.TREE_GHOST, _triangle(x, y, radius, node.maximizing), 1
            )
            return
        if item.kind is ItemKind.STUB:
            colour = theme.TREE_PRUNED
            r = radius * 0.45
            pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), 2)
            pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), 2)
            if labels:
                self._blit(surface, move, size - 2, theme.TREE_PRUNED, "midbottom", (x, y - radius))
            self._draw_marks(surface, node, x, y, radius)
            return
        points = _triangle(x, y, radius, node.maximizing)
        if not visible:
            pygame.draw.polygon(surface, theme.TREE_GHOST, points, 1)
            return
        fill = theme.TREE_MAX if node.maximizing else theme.TREE_MIN
        pygame.draw.polygon(surface, fill, points)
        outline = (
            theme.TREE_PV
            if pv
            else (
                theme.TREE_OPEN
                if open_
                else (theme.TREE_MAX_EDGE if node.maximizing else theme.TREE_MIN_EDGE)
            )
        )
        pygame.draw.polygon(surface, outline, points, 3 if pv or open_ else 1)
        self._draw_marks(surface, node, x, y, radius)
        if not labels:
            return
        move_colour = theme.TREE_PV if pv else theme.TEXT
        # Placed as TreeLayout.label_boxes says: move above, score below, the small line under it.
        self._blit(surface, move, size, move_colour, "midbottom", (x, y - radius))
        returned = not self.stepping or self.replay.has_returned(node)
        if returned:
            score = final_score
        elif node.alpha is not None:
            score = f"[{self._bound(node.alpha)}, {self._bound(node.beta)}]"
        else:
            score = "?"
        self._blit(
            surface,
            score,
            size,
            theme.TEXT if returned else theme.TREE_OPEN,
            "midtop",
            (x, y + radius),
        )
        if extra and (returned or "cut:" not in extra):
            line = y + (NODE_RADIUS + LINE_HEIGHT) * self.camera.scale
            colour = theme.TREE_CUT if "cut:" in extra else theme.TEXT_DIM
            self._blit(surface, extra, round(size * 0.82), colour, "midtop", (x, line))

    def _draw_marks(
        self, surface: pygame.Surface, node: SearchNode, x: float, y: float, radius: float
    ) -> None:
        """Rings for the selected and hovered node and the step-through's current node."""
        event = self.replay.current if self.stepping else None
        if event is not None and event.node is node:
            pygame.draw.circle(surface, theme.TREE_OPEN, (x, y), radius + 7, 2)
        if node is self.selected:
            pygame.draw.circle(surface, _SELECT, (x, y), radius + 4, 2)
        elif node is self.hovered:
            pygame.draw.circle(surface, theme.TEXT_DIM, (x, y), radius + 4, 1)

    def _draw_header(self, surface: pygame.Surface) -> None:
        bar = pygame.Rect(0, 0, self.rect.width, _HEADER)
        surface.fill(theme.PANEL, bar)
        tree = self.tree
        name = _ALGORITHM_NAMES.get(tree.algorithm, tree.algorithm)
        best = tree.best_move.pdn() if tree.best_move else "none"
        pv = numbered_line(
            tree.root.position.turn is BLACK,
            [node.move for node in tree.pv if node.move is not None],
        )
        if tree.truncated and len(tree.pv) < tree.depth:
            pv += " (the rest is past the node cap)" if pv else "past the node cap"
        self._blit(
            surface,
            f"{name}, depth {tree.depth}: best {best}, score {self._score(tree.score)}   PV {pv}",
            18,
            theme.TEXT,
            "topleft",
            (10, 7),
        )
        minimax = f"{self.minimax_nodes}" if self.minimax_nodes is not None else "not counted"
        if self.stepping:
            counts = (
                f"step {self.replay.index}/{self.replay.total}: {name} has entered "
                f"{self.replay.entered} of {tree.nodes} nodes   |   plain minimax: "
                f"{minimax} nodes for the same result"
            )
        else:
            counts = (
                f"{name}: {tree.nodes} nodes, {tree.pruned} moves pruned   |   "
                f"plain minimax: {minimax} nodes for the same result"
            )
        colour = theme.TEXT
        if tree.truncated:
            counts += f"   |   {tree.note}"
            colour = theme.TEXT_ACCENT
        self._blit(surface, counts, 16, colour, "topleft", (10, 29))
        # Buttons, right to left: the step toggle, then the algorithm and depths if requestable.
        right = self.rect.width - 8
        right = self._button(
            surface, "Step (S)", self.stepping, right, lambda: self.set_stepping(not self.stepping)
        )
        if self.on_request is None:
            return
        other = "show minimax" if tree.algorithm == "alphabeta" else "show alpha-beta"
        right = self._button(surface, other, False, right - 10, self._other_algorithm)
        for depth in reversed(DEPTHS):
            right = self._button(
                surface,
                str(depth),
                depth == tree.depth,
                right,
                functools.partial(self._request, depth),
            )
        self._blit(surface, "depth", 16, theme.TEXT_DIM, "midright", (right - 4, 16))

    def _button(
        self, surface: pygame.Surface, text: str, on: bool, right: int, action: Callable[[], None]
    ) -> int:
        """A header button ending at x = `right`; returns where the next one should end."""
        label = self._label(text, 16, theme.TEXT)
        area = pygame.Rect(0, 0, label.get_width() + 12, 22)
        area.topright = (right, 5)
        pygame.draw.rect(surface, _BUTTON_ON if on else _BUTTON, area, border_radius=4)
        surface.blit(label, label.get_rect(center=area.center))
        self._buttons.append((area, action))
        return area.left - 4

    def _draw_footer(self, surface: pygame.Surface) -> None:
        bar = pygame.Rect(0, self.rect.height - _FOOTER, self.rect.width, _FOOTER)
        surface.fill(theme.PANEL, bar)
        if self.stepping:
            help_text = (
                "Right/N/Space: next event   Left/B/Backspace: back   PgUp/PgDn: 10   "
                "C: next cut-off   Home/End   S: leave step mode   drag, wheel: pan, zoom"
            )
        else:
            help_text = (
                "click: select, click again: expand/collapse   drag/arrows: pan   "
                "wheel/+/-: zoom   F: fit   [ ]: plies shown   S: step through   L: legend"
            )
            if self.on_request is not None:
                help_text += "   1-6: depth   A: algorithm"
        self._blit(surface, help_text, 15, theme.TEXT_DIM, "midleft", (10, bar.centery))

    # --- the side panel --------------------------------------------------------------------

    def _panel_node(self) -> SearchNode | None:
        """The node the panel describes: hovered, else selected, else the current step's."""
        if self.hovered is not None:
            return self.hovered
        if self.selected is not None:
            return self.selected
        event = self.replay.current if self.stepping else None
        return event.node if event is not None else self.tree.root

    def _draw_panel(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        surface.fill(theme.PANEL, panel)
        pygame.draw.line(surface, theme.TREE_GHOST, panel.topleft, panel.bottomleft)
        x = panel.x + 12
        y = panel.y + 10
        width = panel.width - 24
        if self.note:
            y = self._wrap(surface, self.note, (x, y), width, 16, theme.TEXT_ACCENT) + 8
        legend_top = self._draw_legend(surface, panel)
        if self.legend_open and self.legend_drawn and legend_top < y + 8 * _CELL:
            return  # the legend the player asked for fills the panel: no node details under it
        if self.stepping:
            for line in self._step_lines():
                y = self._wrap(surface, line, (x, y), width, 16, theme.TREE_OPEN) + 2
            y += 8
        node = self._panel_node()
        if node is None:
            return
        moves = moves_to(node)
        title = (
            numbered_line(self.tree.root.position.turn is BLACK, moves)
            if moves
            else "the root: the position searched"
        )
        y = self._wrap(surface, title, (x, y), width, 17, theme.TEXT) + 6
        y = self._draw_board(surface, node, (x, y)) + 8
        for line, colour in self._node_lines(node):
            y = self._wrap(surface, line, (x, y), width, 16, colour) + 3
            if y > legend_top:
                break

    def _legend_lines(self) -> list[str]:
        """The legend, one line for each shape, colour and number on a node."""
        return [f"{shape}: {meaning}" for shape, meaning in LEGEND]

    def _draw_legend(self, surface: pygame.Surface, panel: pygame.Rect) -> int:
        """The legend at the foot of the panel when the panel is tall enough or L asked for it,
        else a line saying L shows it; returns the top of what was drawn."""
        size = 12
        width = panel.width - 24
        font = self._font(size)
        lines: list[str] = []
        for entry in ["How to read the tree (L hides this):", *self._legend_lines()]:
            lines += self._wrapped(entry, font, width)
        height = len(lines) * font.get_linesize() + 8
        roomy = panel.height >= height + 8 * _CELL + 120
        self.legend_drawn = roomy or self.legend_open
        if not self.legend_drawn:
            lines = ["L: how to read the tree (shapes, colours, numbers)"]
            height = font.get_linesize() + 8
        y = max(panel.y + 10, panel.bottom - height)
        pygame.draw.line(surface, theme.TREE_GHOST, (panel.x + 8, y - 4), (panel.right - 8, y - 4))
        for line in lines:
            self._blit(surface, line, size, theme.TEXT_DIM, "topleft", (panel.x + 12, y))
            y += font.get_linesize()
        return panel.bottom - height - 8

    @staticmethod
    def _wrapped(text: str, font: pygame.font.Font, width: int) -> list[str]:
        """`text` broken into lines of at most `width` pixels."""
        lines: list[str] = []
        line = ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        return [*lines, line] if line else lines

    def _step_lines(self) -> list[str]:
        event = self.replay.current
        head = f"Step {self.replay.index} of {self.replay.total}"
        if event is None:
            return [head, "Nothing has happened yet."]
        return [head, self._describe(event)]

    def _describe(self, event: SearchEvent) -> str:
        node = event.node
        name = node.move.pdn() if node.move is not None else "the root"
        side = "MAX" if node.maximizing else "MIN"
        if event.kind is EventKind.ENTER:
            window = ""
            if event.alpha is not None:
                window = (
                    f" with \u03b1 = {self._bound(event.alpha)}, \u03b2 = {self._bound(event.beta)}"
                )
            return f"Enter {name} ({side} to move){window}."
        if event.kind is EventKind.RETURN:
            returned = f"{name[0].upper()}{name[1:]} returns {self._score(event.score)}."
            return returned + self._parent_learns(node)
        if event.kind is EventKind.CUTOFF:
            skipped = len(node.pruned_children)
            cut = (
                f"Cut-off at {name}: \u03b1 {self._bound(event.alpha)} \u2265 "
                f"\u03b2 {self._bound(event.beta)}"
            )
            if not skipped:
                return f"{cut}, but that was its last move: nothing is left to prune."
            return (
                f"{cut}, so its {skipped} remaining move{'s are' if skipped != 1 else ' is'}"
                f" not searched (dashed)."
            )
        return "The node cap was reached: the search goes on, unrecorded."

    def _parent_learns(self, node: SearchNode) -> str:
        """What the parent makes of the values returned to it so far: its best and its window."""
        parent = node.parent
        if parent is None:
            return " The search is over: this is the root's score."
        scores = [
            child.score
            for child in parent.searched_children
            if child.score is not None and self.replay.has_returned(child)
        ]
        if not scores:
            return ""
        best = max(scores) if parent.maximizing else min(scores)
        name = parent.move.pdn() if parent.move is not None else "The root"
        text = f" {name} ({'MAX' if parent.maximizing else 'MIN'}) has {self._score(best)} so far"
        if parent.alpha is None or parent.beta is None:
            return text + "."
        if parent.maximizing:
            return text + f": \u03b1 = {self._bound(max(parent.alpha, best))}."
        return text + f": \u03b2 = {self._bound(min(parent.beta, best))}."

    def _node_lines(self, node: SearchNode) -> list[tuple[str, tuple[int, int, int]]]:
        side = node.position.turn.name.capitalize()
        lines: list[tuple[str, tuple[int, int, int]]] = []
        role = "MAX" if node.maximizing else "MIN"
        lines.append(
            (f"{role} node: {side} to move", theme.TREE_MAX if node.maximizing else theme.TREE_MIN)
        )
        if node.pruned:
            lines.append(("Pruned: never searched.", theme.TREE_PRUNED))
            parent = node.parent
            if parent is not None and parent.cutoff is not None:
                cut = parent.cutoff
                lines.append((self._why_cut(parent, cut.alpha, cut.beta), theme.TREE_CUT))
            return lines
        if self.stepping and not self.replay.has_entered(node):
            lines.append(("Not reached yet at this step.", theme.TEXT_DIM))
            return lines
        returned = not self.stepping or self.replay.has_returned(node)
        if returned and node.score is not None:
            reason = _REASONS.get(node.reason, "") if node.reason is not None else ""
            lines.append((f"score {node_score(node, self.man, short=False)}: {reason}", theme.TEXT))
        else:
            lines.append(("score: still searching", theme.TREE_OPEN))
        if node.alpha is not None:
            lines.append(
                (
                    (
                        f"window on entry: \u03b1 {self._bound(node.alpha)}, "
                        f"\u03b2 {self._bound(node.beta)}"
                    ),
                    theme.TEXT,
                )
            )
        if node.cutoff is not None and (not self.stepping or self.replay.has_cut(node)):
            cut = node.cutoff
            by = cut.by.move.pdn() if cut.by is not None and cut.by.move is not None else "a child"
            lines.append(
                (
                    (
                        f"cut-off after {by}: \u03b1 {self._bound(cut.alpha)} \u2265 "
                        f"\u03b2 {self._bound(cut.beta)}; {len(node.pruned_children)} "
                        f"move(s) pruned"
                    ),
                    theme.TREE_CUT,
                )
            )
        if node in self.tree.pv or node is self.tree.root:
            lines.append(("on the principal variation", theme.TREE_PV))
        item = self.layout.item_of(node)
        if item is not None and item.hidden:
            lines.append(
                (
                    f"{item.hidden} nodes below are folded away: click the node to open them",
                    theme.TEXT_DIM,
                )
            )
        if node.truncated:
            lines.append(
                ("more children were searched than the node cap let us keep", theme.TEXT_ACCENT)
            )
        return lines

    def _bound(self, value: float | None) -> str:
        """A window bound or score in men: `+0.50`, `+inf`, `?`."""
        if value is None:
            return "?"
        if math.isinf(value):
            return "+inf" if value > 0 else "-inf"
        return men(value, self.man)

    def _score(self, value: float | None) -> str:
        """A score in men, or `wins in 3 moves` for a forced result."""
        if value is not None and not math.isinf(value) and is_win_score(value):
            moves = (plies_to_win(value) + 1) // 2
            return f"{'wins' if value > 0 else 'loses'} in {moves} move{'s' if moves != 1 else ''}"
        return self._bound(value)

    def _why_cut(self, parent: SearchNode, alpha: float, beta: float) -> str:
        """The cut-off in words, as a learner would say it."""
        mover = parent.position.turn.name.capitalize()
        other = parent.position.turn.opponent.name.capitalize()
        where = f"after {parent.move.pdn()}" if parent.move is not None else "at the root"
        if parent.maximizing:
            return (
                f"{where.capitalize()}, {mover} (MAX) can already get {self._bound(alpha)} "
                f"or more, but {other} (MIN) can hold the score to {self._bound(beta)} by "
                f"another route: {other} will not allow this line, so {mover}'s other "
                f"moves here cannot change the result (\u03b1 \u2265 \u03b2)."
            )
        return (
            f"{where.capitalize()}, {mover} (MIN) can already hold the score to "
            f"{self._bound(beta)} or less, but {other} (MAX) is sure of "
            f"{self._bound(alpha)} by another route: {other} gains nothing here, so "
            f"{mover}'s other replies cannot change the result (\u03b1 \u2265 \u03b2)."
        )

    def _wrap(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        width: int,
        size: int,
        colour: tuple[int, int, int],
    ) -> int:
        """Draw `text` wrapped at word breaks to `width`; returns the y below it."""
        font = self._font(size)
        x, y = pos
        line = ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > width:
                surface.blit(self._label(line, size, colour), (x, y))
                y += font.get_linesize()
                line = word
            else:
                line = trial
        if line:
            surface.blit(self._label(line, size, colour), (x, y))
            y += font.get_linesize()
        return y

    def _cell(self, square: int) -> tuple[int, int]:
        """(row, col) of `square` on the small board, turned as the main board is."""
        row, col = square_row_col(square)
        return (7 - row, 7 - col) if self.flipped else (row, col)

    def _draw_board(
        self, surface: pygame.Surface, node: SearchNode, topleft: tuple[int, int]
    ) -> int:
        """The node's position as a small board in the main board's colours and orientation;
        returns the y below it."""
        x0, y0 = topleft
        position: Position = node.position
        for row in range(8):
            for col in range(8):
                colour = theme.DARK_SQUARE if (row + col) % 2 else theme.LIGHT_SQUARE
                surface.fill(colour, (x0 + col * _CELL, y0 + row * _CELL, _CELL, _CELL))
        move = node.move
        if move is not None:
            for square in move.path:
                row, col = self._cell(square)
                pygame.draw.rect(
                    surface, theme.LAST_MOVE, (x0 + col * _CELL, y0 + row * _CELL, _CELL, _CELL), 2
                )
        for square in SQUARES:
            piece = position.piece_at(square)
            if piece is None:
                continue
            row, col = self._cell(square)
            centre = (x0 + col * _CELL + _CELL // 2, y0 + row * _CELL + _CELL // 2)
            black = piece.side is BLACK
            body = theme.BLACK_PIECE if black else theme.WHITE_PIECE
            rim = theme.BLACK_PIECE_RIM if black else theme.WHITE_PIECE_RIM
            pygame.draw.circle(surface, body, centre, _CELL // 2 - 3)
            pygame.draw.circle(surface, rim, centre, _CELL // 2 - 3, 2)
            if piece.king:
                pygame.draw.circle(surface, theme.TEXT_ACCENT, centre, _CELL // 4, 2)
        if move is not None:
            for square in move.captures:
                row, col = self._cell(square)
                cx, cy = x0 + col * _CELL + _CELL // 2, y0 + row * _CELL + _CELL // 2
                pygame.draw.line(surface, theme.TREE_CUT, (cx - 6, cy - 6), (cx + 6, cy + 6), 2)
                pygame.draw.line(surface, theme.TREE_CUT, (cx - 6, cy + 6), (cx + 6, cy - 6), 2)
        return y0 + 8 * _CELL


class NoDisplayError(RuntimeError):
    """There is no screen to open the viewer's window on."""


def run_viewer(
    position: Position,
    depth: int,
    algorithm: str = "alphabeta",
    node_cap: int = 20000,
    evaluation: str = "seed",
    size: tuple[int, int] = (1280, 800),
) -> None:
    """Search `position` and show its tree in a window of its own until it is closed."""
    from concurrent.futures import Future, ThreadPoolExecutor

    from checkers.ai.tracking import tracked_search
    from checkers.ai.tree_export import minimax_node_count

    def search(depth: int, algorithm: str) -> tuple[SearchTree, MinimaxCount]:
        tree = tracked_search(position, depth, algorithm, evaluation, node_cap=node_cap)
        count = (
            MinimaxCount(tree.nodes)
            if algorithm == "minimax"
            else minimax_node_count(position, depth, evaluation=evaluation)
        )
        return tree, count

    title = f"checkers search tree: {position.fen()}"
    # Display and fonts only: the view makes no sound, and mixer start-up fails on silent machines.
    pygame.display.init()
    if (
        pygame.display.get_driver() in ("offscreen", "dummy")
        and "SDL_VIDEODRIVER" not in os.environ
    ):
        # SDL falls back to an invisible window: a viewer nobody can see or close would hang.
        pygame.quit()
        raise NoDisplayError("no display to open a window on (is DISPLAY set?)")
    pygame.font.init()
    pygame.key.set_repeat(300, 40)
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_caption(title)
    # Deeper searches (minimax at depth 6) take seconds: they run off the UI thread.
    worker = ThreadPoolExecutor(max_workers=1)
    pending: list[Future[tuple[SearchTree, MinimaxCount]]] = []

    def request(depth: int, algorithm: str) -> None:
        pygame.display.set_caption(f"{title}: searching {algorithm} to depth {depth}...")
        pending.append(worker.submit(search, depth, algorithm))

    tree, count = search(depth, algorithm)
    view = TreeView(tree, screen.get_rect(), minimax_nodes=count, on_request=request)
    clock = pygame.time.Clock()
    try:
        while True:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q)
                ):
                    return
                if event.type == pygame.VIDEORESIZE:
                    view.set_rect(screen.get_rect())
                view.handle_event(event)
            if pending and pending[-1].done():
                view.set_tree(*pending[-1].result())
                pending.clear()
                pygame.display.set_caption(title)
            if view.dirty:
                view.draw(screen)
                pygame.display.flip()
            clock.tick(60)
    finally:
        worker.shutdown(wait=False, cancel_futures=True)
        pygame.quit()
