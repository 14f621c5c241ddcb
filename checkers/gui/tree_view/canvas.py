"""Drawing the tree itself: edges, then nodes with their labels, where the layout and the camera
put them. Only reads the view's state.

Max nodes are up triangles, min nodes down triangles, each with its score; the best line is
drawn thick; skipped (pruned) moves are crosses on dashed stubs under a red mark. What it reads
of the view is named in `CanvasView`, which `checkers.gui.tree_view.view.TreeView` is.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from checkers.ai.tracking import SearchNode, SearchTree
from checkers.gui import theme
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
from checkers.gui.tree_view.text import Labels
from checkers.gui.tree_view.words import bound

__all__ = ["LABEL_PX", "CanvasView", "draw_tree", "label_size"]


class CanvasView(Protocol):
    """What the tree's drawing reads of the view (`checkers.gui.tree_view.view.TreeView`)."""

    tree: SearchTree
    layout: TreeLayout
    camera: Camera
    replay: Replay
    stepping: bool
    selected: SearchNode | None
    hovered: SearchNode | None
    man: float
    labels: Labels

    @property
    def curious(self) -> bool: ...

    def is_visible(self, node: SearchNode) -> bool: ...


LABEL_PX = 13.7
"""A node label's pixel size at zoom 1: the layout's label boxes (`CHAR_WIDTH`) fit it."""
_LABEL_LARGEST = 17
_SELECT = (255, 255, 255)
_BUTTON = (52, 58, 68)


def label_size(scale: float) -> int:
    """The node labels' pixel size at zoom `scale`: they grow with the zoom, up to a size, so
    they stay inside the boxes the layout keeps for them."""
    return min(round(LABEL_PX * scale), _LABEL_LARGEST)


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


def draw_tree(view: CanvasView, surface: pygame.Surface, canvas: pygame.Rect) -> None:
    """The part of the tree the camera shows, clipped to `canvas` (in `surface`'s pixels)."""
    surface.fill(theme.BACKGROUND, canvas)
    surface.set_clip(canvas)
    camera = view.camera
    scale = camera.scale
    margin = 120 / scale
    left, top = camera.to_world(canvas.left, canvas.top, canvas.topleft)
    right, bottom = camera.to_world(canvas.right, canvas.bottom, canvas.topleft)
    items = list(
        view.layout.items_in(
            left - margin, top - LEVEL_HEIGHT, right + margin, bottom + LEVEL_HEIGHT
        )
    )
    shown = set(map(id, items))
    tree = view.tree
    on_pv = set(tree.pv) | {tree.root}
    replay = view.replay
    finished = not view.stepping or replay.index >= replay.total
    open_path = set(replay.open_path()) if view.stepping else set()
    # Edges first, so nodes sit on top of them; the highlighted path last, so no other edge
    # runs over it.
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
        start, end = view.layout.edge_ends(parent, child)
        _draw_edge(
            view,
            surface,
            parent,
            child,
            camera.to_screen(*start, canvas.topleft),
            camera.to_screen(*end, canvas.topleft),
            on_pv if finished else set(),
            open_path,
        )
    for item in items:
        _draw_item(
            view,
            surface,
            item,
            camera.to_screen(item.x, item.y, canvas.topleft),
            item.node in on_pv and finished,
            item.node in open_path,
        )
    surface.set_clip(None)


def _draw_edge(
    view: CanvasView,
    surface: pygame.Surface,
    parent: LayoutItem,
    child: LayoutItem,
    a: tuple[float, float],
    b: tuple[float, float],
    on_pv: set[SearchNode],
    open_path: set[SearchNode],
) -> None:
    scale = view.camera.scale
    if child.kind is ItemKind.PAGE_BACK or child.kind is ItemKind.PAGE_ON:
        _dashed_line(surface, theme.TEXT_DIM, a, b, dash=3)
        return
    node = child.node
    if not view.is_visible(node):
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
                surface, theme.TREE_CUT, (mx - bar, my - bar * 0.4), (mx + bar, my + bar * 0.4), 3
            )
        return
    if node in on_pv:
        pygame.draw.line(surface, theme.TREE_PV, a, b, max(3, int(4 * scale)))
    elif node in open_path:
        pygame.draw.line(surface, theme.TREE_OPEN, a, b, 3)
    else:
        pygame.draw.line(surface, theme.TREE_EDGE, a, b, 1 if scale < 0.8 else 2)


def _draw_item(
    view: CanvasView,
    surface: pygame.Surface,
    item: LayoutItem,
    pos: tuple[float, float],
    pv: bool,
    open_: bool,
) -> None:
    x, y = pos
    scale = view.camera.scale
    radius = min(max(NODE_RADIUS * scale, 3.0), 18.0)
    size = label_size(scale)
    # Below LABEL_MIN_SCALE labels would be too small to read: they go.
    labels = scale >= LABEL_MIN_SCALE
    text = view.labels
    node = item.node
    if item.kind is ItemKind.PAGE_BACK or item.kind is ItemKind.PAGE_ON:
        box = pygame.Rect(0, 0, max(int(40 * scale), 14), int(radius * 1.6))
        box.center = (int(x), int(y))
        pygame.draw.rect(surface, _BUTTON, box, border_radius=4)
        if labels:
            text.blit(surface, view.layout.texts(item)[1], size, theme.TEXT, "center", box.center)
        return
    visible = view.is_visible(node)
    move, final_score, extra = view.layout.texts(item)
    if item.kind is ItemKind.STUB and not visible:
        # Before its cut-off a stub is just a move still to come: no hint of the pruning.
        pygame.draw.polygon(surface, theme.TREE_GHOST, _triangle(x, y, radius, node.maximizing), 1)
        return
    if item.kind is ItemKind.STUB:
        colour = theme.TREE_PRUNED
        r = radius * 0.45
        pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), 2)
        pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), 2)
        if labels:
            text.blit(surface, move, size, theme.TREE_PRUNED, "midbottom", (x, y - radius))
        _draw_marks(view, surface, node, x, y, radius)
        return
    points = _triangle(x, y, radius, node.maximizing)
    if not visible:
        pygame.draw.polygon(surface, theme.TREE_GHOST, points, 1)
        return
    fill = theme.TREE_MAX if node.maximizing else theme.TREE_MIN
    pygame.draw.polygon(surface, fill, points)
    if pv:
        outline = theme.TREE_PV
    elif open_:
        outline = theme.TREE_OPEN
    else:
        outline = theme.TREE_MAX_EDGE if node.maximizing else theme.TREE_MIN_EDGE
    pygame.draw.polygon(surface, outline, points, 3 if pv or open_ else 1)
    _draw_marks(view, surface, node, x, y, radius)
    if not labels:
        return
    # Placed as TreeLayout.label_boxes says: move above, score below, the small line under it.
    text.blit(
        surface, move, size, theme.TREE_PV if pv else theme.TEXT, "midbottom", (x, y - radius)
    )
    returned = not view.stepping or view.replay.has_returned(node)
    if returned:
        score = final_score
    elif node.alpha is not None and view.curious:
        score = f"[{bound(node.alpha, view.man)}, {bound(node.beta, view.man)}]"
    else:
        score = "?"
    colour = theme.TEXT if returned else theme.TREE_OPEN
    text.blit(surface, score, size, colour, "midtop", (x, y + radius))
    cut = node.cutoff is not None and bool(node.pruned_children) and view.layout.is_expanded(node)
    if extra and (returned or not cut):
        line = y + (NODE_RADIUS + LINE_HEIGHT) * scale
        colour = theme.TREE_CUT if cut else theme.TEXT_DIM
        text.blit(surface, extra, size, colour, "midtop", (x, line))


def _draw_marks(
    view: CanvasView, surface: pygame.Surface, node: SearchNode, x: float, y: float, radius: float
) -> None:
    """Rings for the selected and hovered node and the step-through's current node."""
    event = view.replay.current if view.stepping else None
    if event is not None and event.node is node:
        pygame.draw.circle(surface, theme.TREE_OPEN, (x, y), radius + 7, 2)
    if node is view.selected:
        pygame.draw.circle(surface, _SELECT, (x, y), radius + 4, 2)
    elif node is view.hovered:
        pygame.draw.circle(surface, theme.TEXT_DIM, (x, y), radius + 4, 1)
