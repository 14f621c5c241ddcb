"""The tree view's pure half: where each node goes, the camera and the step-through replay.

`TreeLayout` places the visible part of a `SearchTree` in world units (a tidy tree: one row per
ply, each parent centred over its children, subtrees packed as close as their rows allow).
Collapsed nodes hide their subtrees and wide nodes show their children a page at a time, so a
tree of thousands of nodes lays out in milliseconds and stays readable. `Camera` maps world
units to pixels, and `Replay` steps through the search's events in the order they happened.
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from checkers.ai.tracking import EventKind, SearchEvent, SearchNode, SearchTree
from checkers.gui.tree_view.words import bound, node_score, root_label

__all__ = [
    "DEFAULT_WIDTH",
    "LABEL_MIN_SCALE",
    "LEVEL_HEIGHT",
    "NODE_SLOT",
    "PAGE_SIZE",
    "STUB_SLOT",
    "Camera",
    "ItemKind",
    "LayoutItem",
    "Replay",
    "TreeLayout",
]

LEVEL_HEIGHT = 120.0
"""World units from one ply's row to the next: a move label, a node, a score and a small line,
with room between the rows for the edges."""
NODE_SLOT = 62.0
"""The narrowest width a searched node takes in its row."""
STUB_SLOT = 42.0
"""Pruned stubs carry only a move label, so they pack closer."""
MARKER_SLOT = 50.0
CHAR_WIDTH = 8.5
"""A label character's widest width in world units (the view draws labels no wider)."""
SMALL_CHAR_WIDTH = CHAR_WIDTH
"""The same for the small line under a score (hidden nodes, what was skipped): it is drawn as
large as the other labels, so it reads as well."""
NODE_RADIUS = 12.0
"""A node's half-size in world units."""
LINE_HEIGHT = 21.0
"""A label line's height in world units."""
SMALL_LINE_HEIGHT = LINE_HEIGHT
LABEL_PAD = 6.0
"""Room kept between the labels of neighbouring items."""
LABEL_MIN_SCALE = 0.7
"""Below this zoom the view draws no labels (their font would have to grow beyond the boxes
the layout keeps for them, or be too small to read)."""
PAGE_SIZE = 12
"""A node shows at most this many children at once; the rest are a page away."""
DEFAULT_WIDTH = 1600.0
"""How wide a tree may first be laid out: whole plies are opened while they fit."""


class ItemKind(enum.Enum):
    """What a laid-out item stands for."""

    NODE = "node"
    STUB = "pruned stub"
    PAGE_BACK = "earlier children"
    PAGE_ON = "later children"


@dataclass(eq=False)
class LayoutItem:
    """One drawable thing: a node, a pruned stub or a page marker, centred at (x, y)."""

    kind: ItemKind
    node: SearchNode
    """The node itself, or for a page marker the node whose children it pages."""
    level: int
    x: float = 0.0
    y: float = 0.0
    width: float = NODE_SLOT
    """The room the item's own label needs in its row."""
    parent: LayoutItem | None = None
    hidden: int = 0
    """Nodes below a collapsed node that are not shown; for a marker, the children it pages to."""
    children: list[LayoutItem] = field(default_factory=list, repr=False)


class TreeLayout:
    """The visible part of a tree and where each item of it sits, in world units."""

    def __init__(
        self,
        tree: SearchTree,
        max_width: float = DEFAULT_WIDTH,
        page_size: int = PAGE_SIZE,
        man: float = 1.0,
        *,
        max_plies: int | None = None,
        curious: bool = False,
    ) -> None:
        self.tree = tree
        self.man = man
        """What a man is worth in the evaluation's units: scores are shown in men."""
        self.curious = curious
        """Labels in the search's own terms (`root`, the cut-off's window), not plain words."""
        self.page_size = page_size
        self.expanded: set[SearchNode] = set()
        self.pages: dict[SearchNode, int] = {}
        self._sizes = _subtree_sizes(tree.root)
        self.items: list[LayoutItem] = []
        self.width = self.height = 0.0
        self._by_node: dict[SearchNode, LayoutItem] = {}
        self._rows: list[list[LayoutItem]] = []
        self._row_xs: list[list[float]] = []
        self.open_to_width(max_width, max_plies)

    # --- what is shown ---------------------------------------------------------------------

    def descendants(self, node: SearchNode) -> int:
        """How many nodes (stubs included) lie below `node` in the tree."""
        return self._sizes[node] - 1

    def is_expanded(self, node: SearchNode) -> bool:
        """Whether `node` shows its children."""
        return node in self.expanded

    def open_to_width(self, max_width: float, max_plies: int | None = None) -> int:
        """Open the PV, whole plies, then single nodes (cut-offs first) within `max_width`, and
        nothing deeper than `max_plies` below the root (None: no limit).

        The root's children always show; returns how many plies are shown whole.
        """
        deepest = max(max_plies or 1, 1) if max_plies is not None else None
        self.expanded = {self.tree.root} if self.tree.root.children else set()
        self.pages.clear()
        self.relayout()
        pv = self.tree.pv if deepest is None else self.tree.pv[:deepest]
        if pv:
            self.reveal_path(pv[-1])
        plies = 1
        level = self._shown_with_children(self.tree.root.children)
        if deepest is not None and plies >= deepest:
            return plies
        while level and self._try_expand(level, max_width):
            plies += 1
            level = self._shown_with_children([child for node in level for child in node.children])
            if deepest is not None and plies >= deepest:
                return plies
        # The next ply does not fit whole: open what fits of it, cut-offs first, since they
        # are what a learner comes to see.
        for node in sorted(level, key=lambda node: node.cutoff is None):
            self._try_expand([node], max_width)
        return plies

    def _shown_with_children(self, nodes: list[SearchNode]) -> list[SearchNode]:
        """The nodes that are on their parent's current page and have children to show."""
        return [node for node in nodes if node.children and node in self._by_node]

    def _try_expand(self, nodes: list[SearchNode], max_width: float) -> bool:
        """Expand `nodes` if the tree stays within `max_width`; returns whether it did."""
        before = set(self.expanded)
        self.expanded.update(nodes)
        self.relayout()
        if self.width <= max_width:
            return True
        self.expanded = before
        self.relayout()
        return False

    def show_plies(self, plies: int) -> None:
        """Show every node down to `plies` below the root (0: the root alone)."""
        self.expanded = {
            node for node in self.tree.root.walk() if node.depth < plies and node.children
        }
        self.relayout()

    def shown_plies(self) -> int:
        """The deepest ply fully shown: every node above it is expanded."""
        plies = 0
        level = [self.tree.root]
        while True:
            parents = [node for node in level if node.children]
            if not parents or any(node not in self.expanded for node in parents):
                return plies
            plies += 1
            level = [child for node in parents for child in node.children]

    def toggle(self, node: SearchNode) -> bool:
        """Expand a collapsed node or collapse an expanded one; returns whether it is expanded."""
        if not node.children:
            return False
        if node in self.expanded:
            self.expanded.discard(node)
        else:
            self.expanded.add(node)
        self.relayout()
        return node in self.expanded

    def reveal_path(self, node: SearchNode) -> None:
        """Expand every ancestor of `node` and turn their pages so that `node` is shown."""
        changed = False
        child = node
        parent = node.parent
        while parent is not None:
            if parent not in self.expanded:
                self.expanded.add(parent)
                changed = True
            page = parent.children.index(child) // self.page_size
            if self.pages.get(parent, 0) != page:
                self.pages[parent] = page
                changed = True
            child, parent = parent, parent.parent
        if changed or not self.items:
            self.relayout()

    def turn_page(self, node: SearchNode, step: int) -> None:
        """Show the previous (-1) or next (+1) page of `node`'s children."""
        last = (len(node.children) - 1) // self.page_size
        self.pages[node] = min(max(self.pages.get(node, 0) + step, 0), last)
        self.relayout()

    # --- placement -------------------------------------------------------------------------

    def relayout(self) -> None:
        """Recompute every item's place after the expansion or pages changed."""
        self.items = []
        self._by_node = {}
        root = self._build(self.tree.root, None, 0)
        self.width = self._arrange(root)
        self.height = LEVEL_HEIGHT * (max(item.level for item in self.items) + 1)
        rows: dict[int, list[LayoutItem]] = {}
        for item in self.items:
            rows.setdefault(item.level, []).append(item)
        self._rows = [
            sorted(rows.get(level, []), key=lambda item: item.x) for level in range(max(rows) + 1)
        ]
        self._row_xs = [[item.x for item in row] for row in self._rows]

    def _build(self, node: SearchNode, parent: LayoutItem | None, level: int) -> LayoutItem:
        kind = ItemKind.STUB if node.pruned else ItemKind.NODE
        item = LayoutItem(kind, node, level, parent=parent)
        self.items.append(item)
        self._by_node[node] = item
        if node.children and node not in self.expanded:
            item.hidden = self.descendants(node)
        item.width = max(STUB_SLOT if node.pruned else NODE_SLOT, self._label_width(item))
        if not node.children or node not in self.expanded:
            return item
        page = self.pages.get(node, 0)
        start = page * self.page_size
        shown = node.children[start : start + self.page_size]
        if start > 0:
            item.children.append(
                self._marker(ItemKind.PAGE_BACK, node, item, level + 1, node.children[:start])
            )
        for child in shown:
            item.children.append(self._build(child, item, level + 1))
        rest = node.children[start + self.page_size :]
        if rest:
            item.children.append(self._marker(ItemKind.PAGE_ON, node, item, level + 1, rest))
        return item

    def _marker(
        self,
        kind: ItemKind,
        node: SearchNode,
        parent: LayoutItem,
        level: int,
        hidden_children: list[SearchNode],
    ) -> LayoutItem:
        marker = LayoutItem(
            kind, node, level, width=MARKER_SLOT, parent=parent, hidden=len(hidden_children)
        )
        self.items.append(marker)
        return marker

    def _arrange(self, root: LayoutItem) -> float:
        """Place every item (a tidy tree, Reingold-Tilford style); returns the tree's width.

        Each subtree keeps its contour: its leftmost and rightmost extent on every row below
        it. Siblings are pushed apart only as far as their contours demand, row by row, so a
        collapsed sibling sits beside an open one instead of beyond its widest row. Trees here
        are at most a few plies deep, so the contours are short lists.
        """
        order: list[LayoutItem] = []
        stack = [root]
        while stack:
            item = stack.pop()
            order.append(item)
            stack.extend(item.children)
        contours: dict[int, list[tuple[float, float]]] = {}
        offset: dict[int, float] = {}  # an item's x relative to its parent's
        for item in reversed(order):  # children before parents
            half = item.width / 2
            if not item.children:
                contours[id(item)] = [(-half, half)]
                continue
            merged: list[tuple[float, float]] = []
            shifts = []
            for child in item.children:
                contour = contours.pop(id(child))
                shift = 0.0
                if merged:
                    shift = max(
                        right - contour[row][0]
                        for row, (_, right) in enumerate(merged[: len(contour)])
                    )
                shifts.append(shift)
                for row, (left, right) in enumerate(contour):
                    if row < len(merged):
                        merged[row] = (
                            min(merged[row][0], left + shift),
                            max(merged[row][1], right + shift),
                        )
                    else:
                        merged.append((left + shift, right + shift))
            centre = (shifts[0] + shifts[-1]) / 2
            for child, shift in zip(item.children, shifts):
                offset[id(child)] = shift - centre
            contours[id(item)] = [(-half, half)] + [
                (left - centre, right - centre) for left, right in merged
            ]
        outline = contours[id(root)]
        leftmost = min(left for left, _ in outline)
        root.x = -leftmost
        for item in order:  # parents before children
            item.y = LEVEL_HEIGHT * item.level + LEVEL_HEIGHT / 2
            if item.parent is not None:
                item.x = item.parent.x + offset[id(item)]
        return max(right for _, right in outline) - leftmost

    # --- labels ----------------------------------------------------------------------------

    def texts(self, item: LayoutItem) -> tuple[str, str, str]:
        """The move above an item, the score below it and the small line under the score (the
        hidden nodes' count, `...` for a truncated node, or where an open node's search was
        cut off); "" where there is none. The view draws exactly these."""
        node = item.node
        if item.kind is ItemKind.PAGE_BACK:
            return "", f"< {item.hidden}", ""
        if item.kind is ItemKind.PAGE_ON:
            return "", f"{item.hidden} >", ""
        move = node.move.pdn() if node.move is not None else root_label(self.curious)
        if item.kind is ItemKind.STUB:
            return move, "", ""
        extra = []
        if item.hidden:
            extra.append(f"+{item.hidden}" if self.curious else f"{item.hidden} more")
        if node.truncated:
            extra.append("...")
        cutoff = node.cutoff
        if cutoff is not None and node in self.expanded and node.pruned_children:
            if self.curious:
                alpha, beta = bound(cutoff.alpha, self.man), bound(cutoff.beta, self.man)
                extra.append(f"cut: \u03b1 {alpha} >= \u03b2 {beta}")
            else:
                extra.append(f"{len(node.pruned_children)} skipped")
        return move, node_score(node, self.man, curious=self.curious), " ".join(extra)

    def _label_width(self, item: LayoutItem) -> float:
        move, score, extra = self.texts(item)
        return (
            max(max(len(move), len(score)) * CHAR_WIDTH, len(extra) * SMALL_CHAR_WIDTH) + LABEL_PAD
        )

    def label_boxes(self, item: LayoutItem) -> list[tuple[float, float, float, float]]:
        """The world rectangles (left, top, right, bottom) the item's labels may fill: the
        move's above the node, the score's and the small line's below it."""
        move, score, extra = self.texts(item)
        boxes = []
        x, y = item.x, item.y
        if move:
            half = _width(move, CHAR_WIDTH) / 2
            boxes.append((x - half, y - NODE_RADIUS - LINE_HEIGHT, x + half, y - NODE_RADIUS))
        if score:
            half = _width(score, CHAR_WIDTH) / 2
            top = y + NODE_RADIUS
            boxes.append((x - half, top, x + half, top + LINE_HEIGHT))
        if extra:
            half = _width(extra, SMALL_CHAR_WIDTH) / 2
            top = y + NODE_RADIUS + LINE_HEIGHT
            boxes.append((x - half, top, x + half, top + SMALL_LINE_HEIGHT))
        return boxes

    @staticmethod
    def edge_ends(
        parent: LayoutItem, child: LayoutItem
    ) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where the edge from `parent` to `child` starts and ends: below every label of the
        parent's row and above every label of the child's, so it crosses no text."""
        below = NODE_RADIUS + LINE_HEIGHT + SMALL_LINE_HEIGHT + 2
        above = NODE_RADIUS + LINE_HEIGHT + 2
        return (parent.x, parent.y + below), (child.x, child.y - above)

    # --- looking things up -----------------------------------------------------------------

    def item_of(self, node: SearchNode) -> LayoutItem | None:
        """The item showing `node`, or None while it is collapsed away or paged out."""
        return self._by_node.get(node)

    def item_at(self, x: float, y: float, reach: float = 16.0) -> LayoutItem | None:
        """The item whose centre is nearest (x, y) within `reach` world units, if any."""
        level = round((y - LEVEL_HEIGHT / 2) / LEVEL_HEIGHT)
        if not 0 <= level < len(self._rows) or abs(y - self._row_y(level)) > reach:
            return None
        xs = self._row_xs[level]
        index = bisect.bisect_left(xs, x)
        best: LayoutItem | None = None
        for candidate in self._rows[level][max(index - 1, 0) : index + 1]:
            distance = abs(candidate.x - x)
            if distance <= max(reach, candidate.width / 2 - 4) and (
                best is None or distance < abs(best.x - x)
            ):
                best = candidate
        return best

    def items_in(
        self, left: float, top: float, right: float, bottom: float
    ) -> Iterable[LayoutItem]:
        """The items whose centres fall in a world rectangle (for drawing what is on screen)."""
        first = max(int((top - LEVEL_HEIGHT / 2) // LEVEL_HEIGHT), 0)
        last = min(int((bottom - LEVEL_HEIGHT / 2) // LEVEL_HEIGHT) + 1, len(self._rows) - 1)
        for level in range(first, last + 1):
            xs = self._row_xs[level]
            row = self._rows[level]
            yield from row[bisect.bisect_left(xs, left) : bisect.bisect_right(xs, right)]

    @staticmethod
    def _row_y(level: int) -> float:
        return LEVEL_HEIGHT * level + LEVEL_HEIGHT / 2


def _width(text: str, char: float) -> float:
    """The world width kept for `text`: short texts get four characters' room, as a wide
    letter (`W3`, a forced win) may be twice as wide as a digit."""
    return max(len(text), 4) * char if text else 0.0


def _subtree_sizes(root: SearchNode) -> dict[SearchNode, int]:
    """Each node's subtree size (itself included), computed once for the collapsed badges."""
    sizes: dict[SearchNode, int] = {}
    order = list(root.walk())
    for node in reversed(order):
        sizes[node] = 1 + sum(sizes[child] for child in node.children)
    return sizes


@dataclass
class Camera:
    """World units to pixels: screen = (world - origin) * scale + the canvas's top-left."""

    left: float = 0.0
    top: float = 0.0
    scale: float = 1.0
    min_scale: float = 0.05
    max_scale: float = 3.0

    def to_screen(self, x: float, y: float, canvas: tuple[int, int]) -> tuple[float, float]:
        """The pixel of world point (x, y) in a canvas whose top-left pixel is `canvas`."""
        return ((x - self.left) * self.scale + canvas[0], (y - self.top) * self.scale + canvas[1])

    def to_world(self, px: float, py: float, canvas: tuple[int, int]) -> tuple[float, float]:
        """The world point under pixel (px, py)."""
        return ((px - canvas[0]) / self.scale + self.left, (py - canvas[1]) / self.scale + self.top)

    def pan(self, dx_pixels: float, dy_pixels: float) -> None:
        """Move the view so the world follows the pointer by (dx, dy) pixels."""
        self.left -= dx_pixels / self.scale
        self.top -= dy_pixels / self.scale

    def zoom(self, factor: float, px: float, py: float, canvas: tuple[int, int]) -> None:
        """Zoom by `factor`, keeping the world point under pixel (px, py) where it is."""
        x, y = self.to_world(px, py, canvas)
        self.scale = min(max(self.scale * factor, self.min_scale), self.max_scale)
        self.left = x - (px - canvas[0]) / self.scale
        self.top = y - (py - canvas[1]) / self.scale

    def fit(self, width: float, height: float, size: tuple[int, int], largest: float = 1.0) -> None:
        """Show a width x height world area whole in a canvas of `size`, at most `largest` scale."""
        margin = 12.0
        scale_x = (size[0] - 2 * margin) / max(width, 1.0)
        scale_y = (size[1] - 2 * margin) / max(height, 1.0)
        self.scale = min(max(min(scale_x, scale_y, largest), self.min_scale), self.max_scale)
        self.left = width / 2 - size[0] / 2 / self.scale
        self.top = -margin / self.scale

    def centre_on(self, x: float, y: float, size: tuple[int, int]) -> None:
        """Put world point (x, y) in the middle of a canvas of `size`."""
        self.left = x - size[0] / 2 / self.scale
        self.top = y - size[1] / 2 / self.scale

    def shows(self, x: float, y: float, size: tuple[int, int], margin: float = 0.0) -> bool:
        """Whether world point (x, y) is on a canvas of `size`, `margin` pixels inside its edges."""
        sx, sy = (x - self.left) * self.scale, (y - self.top) * self.scale
        return margin <= sx <= size[0] - margin and margin <= sy <= size[1] - margin


class Replay:
    """The search replayed event by event: how far along it is and what each node has seen.

    `index` counts the events that have happened (0: none, len(events): the whole search).
    Moving to any index is O(1): each node's enter, return and cut-off event indices are
    looked up once.
    """

    def __init__(self, tree: SearchTree) -> None:
        self.events = tree.events
        self.index = 0
        self.entered_at: dict[SearchNode, int] = {}
        self.returned_at: dict[SearchNode, int] = {}
        self.cut_at: dict[SearchNode, int] = {}
        self._cutoffs: list[int] = []
        # entered[i]: how many nodes the first i events entered.
        self._entered = [0]
        for index, event in enumerate(self.events):
            if event.kind is EventKind.ENTER:
                self.entered_at[event.node] = index
            elif event.kind is EventKind.RETURN:
                self.returned_at[event.node] = index
            elif event.kind is EventKind.CUTOFF:
                self.cut_at[event.node] = index
                self._cutoffs.append(index)
            self._entered.append(self._entered[-1] + (event.kind is EventKind.ENTER))

    @property
    def total(self) -> int:
        """The number of events."""
        return len(self.events)

    @property
    def current(self) -> SearchEvent | None:
        """The event that happened last, or None before the first."""
        return self.events[self.index - 1] if self.index else None

    @property
    def entered(self) -> int:
        """How many nodes the search has entered so far."""
        return self._entered[self.index]

    def go_to(self, index: int) -> None:
        """Jump to just after event `index` - 1 (clamped to the start and the end)."""
        self.index = min(max(index, 0), self.total)

    def step(self, count: int = 1) -> None:
        """Move `count` events forward (negative: back)."""
        self.go_to(self.index + count)

    def next_cutoff(self) -> bool:
        """Move to just after the next cut-off that pruned moves; False (staying) if none is left.

        Cut-offs at a node's last move prune nothing and look like no cut-off at all, so they
        are passed over.
        """
        later = bisect.bisect_left(self._cutoffs, self.index)
        for index in self._cutoffs[later:]:
            if self.events[index].node.pruned_children:
                self.go_to(index + 1)
                return True
        return False

    def has_entered(self, node: SearchNode) -> bool:
        """Whether the search has entered `node` yet (a pruned stub: whether it was cut off)."""
        if node.pruned:
            return node.parent is not None and self.has_cut(node.parent)
        at = self.entered_at.get(node)
        return at is not None and at < self.index

    def has_returned(self, node: SearchNode) -> bool:
        """Whether `node` has returned its value yet."""
        at = self.returned_at.get(node)
        return at is not None and at < self.index

    def has_cut(self, node: SearchNode) -> bool:
        """Whether `node`'s cut-off has happened yet."""
        at = self.cut_at.get(node)
        return at is not None and at < self.index

    def open_path(self) -> list[SearchNode]:
        """The nodes entered and not yet returned, root first: the search's current stack."""
        event = self.current
        if event is None:
            return []
        node: SearchNode | None = event.node
        if event.kind is EventKind.RETURN:
            node = event.node.parent
        path = []
        while node is not None:
            path.append(node)
            node = node.parent
        path.reverse()
        return path
