"""The search-tree view: its pure layout and replay, and the widget driven by pygame events."""

from __future__ import annotations

import itertools

import pygame
import pytest

from checkers.ai.tracking import EventKind, MinimaxCount, SearchNode, SearchTree, tracked_search
from checkers.board import Position
from checkers.gui import theme
from checkers.gui.tree_view.layout import (
    LEVEL_HEIGHT,
    PAGE_SIZE,
    ItemKind,
    LayoutItem,
    Replay,
    TreeLayout,
)
from checkers.gui.tree_view.view import TreeView

MIDGAME = "B:W15,21,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,12,14"
RECT = (0, 0, 1280, 800)


@pytest.fixture(scope="module")
def depth5() -> SearchTree:
    """A depth-5 alpha-beta tree of a middlegame position (about 1,700 nodes and stubs)."""
    return tracked_search(Position.from_fen(MIDGAME), 5)


@pytest.fixture(scope="module")
def depth3() -> SearchTree:
    """A small tree with cut-offs."""
    return tracked_search(Position.from_fen(MIDGAME), 3)


def click(view: TreeView, pos: tuple[int, int], button: int = 1) -> None:
    """Press and release a mouse button at `pos`, as a user's click arrives."""
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(view: TreeView, code: int) -> bool:
    """Press a key; returns whether the view used it."""
    return view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def on_screen(view: TreeView, node: SearchNode) -> tuple[int, int]:
    position = view.screen_pos(node)
    assert position is not None, f"{node.move} is not on screen"
    return position


# --- layout (pure) --------------------------------------------------------------------------


def test_a_depth_5_tree_lays_out_whole_without_overlaps(depth5: SearchTree) -> None:
    # How fast: benchmarks/tree.py (layout of this tree), not asserted here.
    layout = TreeLayout(depth5, page_size=64)
    layout.show_plies(5)
    assert len(layout.items) == depth5.nodes + depth5.pruned
    assert layout.shown_plies() == 5
    rows: dict[int, list[LayoutItem]] = {}
    for item in layout.items:
        rows.setdefault(item.level, []).append(item)
        assert item.y == pytest.approx(LEVEL_HEIGHT * item.level + LEVEL_HEIGHT / 2)
    for row in rows.values():
        row.sort(key=lambda item: item.x)
        for left, right in itertools.pairwise(row):
            assert right.x - left.x >= 40.0  # room for each label
    for item in layout.items:
        if item.children:
            assert item.x == pytest.approx((item.children[0].x + item.children[-1].x) / 2)
        assert layout.item_at(item.x + 3, item.y - 3) is item


def test_the_first_layout_fits_its_width_and_shows_the_whole_pv(depth5: SearchTree) -> None:
    layout = TreeLayout(depth5, max_width=1200)
    assert layout.width <= 1200 or layout.shown_plies() == 1
    for node in depth5.pv:
        assert layout.item_of(node) is not None
    assert all(layout.item_of(child) for child in depth5.root.children)


def test_collapsed_nodes_hide_their_subtree_and_count_it(depth3: SearchTree) -> None:
    layout = TreeLayout(depth3)
    node = next(child for child in depth3.root.children if child not in depth3.pv)
    layout.expanded.discard(node)
    layout.relayout()
    item = layout.item_of(node)
    assert item is not None and item.hidden == sum(1 for _ in node.walk()) - 1
    assert all(layout.item_of(child) is None for child in node.children)
    assert layout.toggle(node) is True
    assert all(layout.item_of(child) is not None for child in node.children)


def test_wide_nodes_show_their_children_a_page_at_a_time(depth3: SearchTree) -> None:
    layout = TreeLayout(depth3, page_size=3)
    root = depth3.root
    # The page with the chosen move comes first; the others are a click on a marker away.
    shown = [child for child in root.children if layout.item_of(child) is not None]
    assert len(shown) <= 3 and depth3.pv[0] in shown
    earlier = root.children.index(shown[0])
    back = [item for item in layout.items if item.kind is ItemKind.PAGE_BACK and item.node is root]
    assert [item.hidden for item in back] == ([earlier] if earlier else [])
    layout.turn_page(root, -100)
    assert [child for child in root.children if layout.item_of(child)] == root.children[:3]
    on = [item for item in layout.items if item.kind is ItemKind.PAGE_ON and item.node is root]
    assert [item.hidden for item in on] == [len(root.children) - 3]
    layout.reveal_path(root.children[-1])
    assert layout.item_of(root.children[-1]) is not None
    assert layout.item_of(root.children[0]) is None


# --- replay (pure) --------------------------------------------------------------------------


def test_replay_steps_forward_and_back_through_the_search_s_events(depth3: SearchTree) -> None:
    replay = Replay(depth3)
    assert replay.current is None and replay.entered == 0
    replay.step()
    assert replay.current is not None and replay.current.node is depth3.root
    assert replay.has_entered(depth3.root) and not replay.has_returned(depth3.root)
    first = depth3.root.children[0]
    replay.step()
    assert replay.open_path() == [depth3.root, first]
    replay.go_to(replay.total)
    assert replay.entered == depth3.nodes and replay.has_returned(depth3.root)
    replay.step(-replay.total)
    assert replay.index == 0 and not replay.has_entered(depth3.root)


def test_pruned_stubs_appear_at_their_cut_off_and_not_before(depth3: SearchTree) -> None:
    replay = Replay(depth3)
    stubs: list[SearchNode] = []
    while not stubs:  # some cut-offs come after the last move and leave no stub
        assert replay.next_cutoff()
        event = replay.current
        assert event is not None and event.kind is EventKind.CUTOFF
        assert event.alpha is not None and event.beta is not None and event.alpha >= event.beta
        stubs = event.node.pruned_children
    assert all(replay.has_entered(stub) for stub in stubs)
    replay.step(-1)
    assert not any(replay.has_entered(stub) for stub in stubs)


# --- the widget -----------------------------------------------------------------------------


def test_a_click_on_a_node_selects_it_and_a_second_click_collapses_it(depth3: SearchTree) -> None:
    view = TreeView(depth3, RECT)
    node = depth3.pv[0]
    click(view, on_screen(view, node))
    assert view.selected is node
    assert view.layout.item_of(node.children[0]) is not None
    click(view, on_screen(view, node))
    assert view.selected is node and view.layout.item_of(node.children[0]) is None
    click(view, on_screen(view, node))
    assert view.layout.item_of(node.children[0]) is not None


def test_a_click_on_empty_canvas_or_outside_the_view_selects_nothing(depth3: SearchTree) -> None:
    view = TreeView(depth3, (100, 100, 800, 600))
    canvas = view.canvas_rect
    click(view, (canvas.right - 5, canvas.bottom - 5))
    assert view.selected is None
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1)
    assert view.handle_event(press) is False


def test_dragging_pans_and_the_wheel_and_keys_zoom(depth3: SearchTree) -> None:
    view = TreeView(depth3, RECT)
    node = depth3.pv[0]
    start = on_screen(view, node)
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    view.handle_event(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0] + 50, start[1] + 20), rel=(50, 20), buttons=(1, 0, 0)
        )
    )
    view.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 50, start[1] + 20), button=1)
    )
    assert view.selected is None  # a drag is not a click
    assert on_screen(view, node) == (start[0] + 50, start[1] + 20)
    scale = view.camera.scale
    assert key(view, pygame.K_PLUS) and view.camera.scale > scale
    assert key(view, pygame.K_MINUS) and key(view, pygame.K_MINUS)
    assert view.camera.scale < scale
    assert key(view, pygame.K_t) is False  # the game's toggle stays the game's
    assert key(view, pygame.K_5) is False  # no owner to search at depth 5


def test_depth_and_algorithm_keys_ask_the_owner_for_a_new_search(depth3: SearchTree) -> None:
    asked: list[tuple[int, str]] = []
    view = TreeView(
        depth3, RECT, on_request=lambda depth, algorithm: asked.append((depth, algorithm))
    )
    key(view, pygame.K_5)
    key(view, pygame.K_a)
    assert asked == [(5, "alphabeta"), (3, "minimax")]
    view.set_tree(tracked_search(Position.from_fen(MIDGAME), 2, "minimax"))
    assert view.tree.depth == 2 and view.selected is None
    assert view.minimax_nodes == MinimaxCount(view.tree.nodes)


def test_step_mode_keys_replay_the_search_and_follow_it(depth5: SearchTree) -> None:
    view = TreeView(depth5, RECT)
    assert key(view, pygame.K_s) and view.stepping and view.replay.index == 1
    for _ in range(6):
        key(view, pygame.K_RIGHT)
    assert view.replay.index == 7
    key(view, pygame.K_LEFT)
    assert view.replay.index == 6
    key(view, pygame.K_c)
    event = view.replay.current
    assert event is not None and event.kind is EventKind.CUTOFF
    # The view opens and scrolls to where the search is, however deep.
    assert view.screen_pos(event.node) is not None
    key(view, pygame.K_END)
    assert view.replay.index == view.replay.total
    key(view, pygame.K_s)
    assert not view.stepping


def pixel_colours(
    surface: pygame.Surface, centre: tuple[int, int], reach: int
) -> set[tuple[int, ...]]:
    """The colours in a square around `centre`."""
    x0, y0 = centre
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(x0 - reach, x0 + reach + 1)
        for y in range(y0 - reach, y0 + reach + 1)
    }


def test_the_drawing_shows_triangles_the_pv_and_pruned_stubs(depth3: SearchTree) -> None:
    view = TreeView(depth3, RECT)
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    max_colour, min_colour, pv_colour, cut_colour = (
        (242, 153, 52),
        (74, 163, 223),
        (255, 214, 74),
        (255, 99, 99),
    )
    root = on_screen(view, depth3.root)
    assert max_colour in pixel_colours(surface, root, 3)
    assert pv_colour in pixel_colours(surface, root, 14)  # the PV outline
    non_pv = next(child for child in depth3.root.children if child not in depth3.pv)
    colours = pixel_colours(surface, on_screen(view, non_pv), 3)
    assert min_colour in colours and pv_colour not in colours
    # Open a cut-off and look at it: a red mark on the way to the first pruned stub.
    cut = next(node for node in depth3.root.walk() if node.pruned_children)
    stub = cut.pruned_children[0]
    view.layout.reveal_path(stub)
    item = view.layout.item_of(stub)
    assert item is not None
    view.camera.centre_on(item.x, item.y, view.canvas_rect.size)
    view.dirty = True
    view.draw(surface)
    stub_at, parent_at = on_screen(view, stub), on_screen(view, cut)
    between = ((stub_at[0] + parent_at[0]) // 2, (stub_at[1] + parent_at[1]) // 2)
    assert cut_colour in pixel_colours(surface, between, 25)
    assert max_colour not in pixel_colours(surface, stub_at, 4)  # a stub is no triangle
    assert min_colour not in pixel_colours(surface, stub_at, 4)


def test_thousands_of_nodes_are_all_drawn_at_every_zoom(depth5: SearchTree) -> None:
    # How fast each zoom draws: benchmarks/tree.py, not asserted here.
    view = TreeView(depth5, RECT)
    # Every node's children a page as wide as a page ever is (the view's first layout pages
    # them to fit its canvas).
    view.layout = TreeLayout(depth5, page_size=PAGE_SIZE, man=view.man)
    view.layout.show_plies(5)
    surface = pygame.Surface((1280, 800))
    node_colours = {
        tuple(colour)[:3]
        for colour in (theme.TREE_MAX, theme.TREE_MIN, theme.TREE_PRUNED, theme.TREE_CUT)
    }
    for scale, at_least in ((0.05, 400), (0.3, 50), (1.0, 10)):
        view.camera.scale = scale
        view.dirty = True
        view.draw(surface)
        shown = [
            at
            for item in view.layout.items
            if (at := view.screen_pos(item.node)) is not None and view.canvas_rect.collidepoint(at)
        ]
        assert len(shown) >= at_least, f"only {len(shown)} nodes in view at zoom {scale}"
        unpainted = [at for at in shown if not node_colours & pixel_colours(surface, at, 1)]
        assert unpainted == [], f"nodes not drawn at zoom {scale}: {unpainted[:5]}"


def test_hovering_shows_that_node_and_a_resize_keeps_the_view_working(depth3: SearchTree) -> None:
    view = TreeView(depth3, RECT)
    node = depth3.root.children[1]
    position = on_screen(view, node)
    view.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=position, rel=(0, 0), buttons=(0, 0, 0))
    )
    assert view.hovered is node
    view.set_rect((0, 0, 480, 400))
    assert view.panel_rect.width == 0 and view.canvas_rect.width == 480
    view.draw(pygame.Surface((480, 400)))


def test_nodes_on_another_page_are_not_opened_unseen(depth3: SearchTree) -> None:
    # The first layout used to open nodes paged out of sight, so turning the page showed a
    # sprawling tree nobody had asked for.
    layout = TreeLayout(depth3, max_width=100_000, page_size=3)
    root = depth3.root
    off_page = [child for child in root.children if layout.item_of(child) is None]
    assert off_page and not any(layout.is_expanded(child) for child in off_page)
    assert all(layout.item_of(node) is not None for node in depth3.pv)
    layout.turn_page(root, -1)
    shown = [child for child in root.children if layout.item_of(child) is not None]
    assert shown and all(
        layout.item_of(grandchild) is None for child in shown for grandchild in child.children
    )


def test_the_panel_draws_for_every_kind_of_node_and_step(depth3: SearchTree) -> None:
    # Selecting a pruned stub once crashed the panel while it explained the cut-off.
    view = TreeView(depth3, RECT)
    surface = pygame.Surface((1280, 800))
    cut = next(node for node in depth3.root.walk() if node.pruned_children)
    for node in (depth3.root, depth3.pv[-1], cut, cut.pruned_children[0]):
        view.select(node)
        view.draw(surface)
    view.set_stepping(True)
    kinds = set()
    while view.replay.index < view.replay.total:
        event = view.replay.current
        assert event is not None
        if event.kind not in kinds:
            kinds.add(event.kind)
            view.dirty = True
            view.draw(surface)
        key(view, pygame.K_RIGHT)
    view.draw(surface)
    assert kinds == {EventKind.ENTER, EventKind.RETURN, EventKind.CUTOFF}


# --- readable labels at depths 5 and 6 (pure) ------------------------------------------------

READING_POSITIONS = [
    MIDGAME,
    "B:W18,21,22,23,24,26,27,28,30,31,32:B1,2,3,5,6,7,9,10,11,12,14",
    "W:W17,21,22,23,25,26,27,29,30,31:B1,2,3,5,6,9,10,11,12,15",
    "B:W14,19,22,24,25,26,27,28,30,31:B1,3,4,6,7,9,10,12,13,16",
]
Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _crosses(start: tuple[float, float], end: tuple[float, float], box: Box) -> bool:
    """Whether the segment start-end passes through `box` (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _check_readable(layout: TreeLayout) -> int:
    """Assert no two labels overlap and no principal-variation edge crosses a label; returns
    how many labels were checked."""
    boxes = [(box, item) for item in layout.items for box in layout.label_boxes(item)]
    boxes.sort(key=lambda pair: pair[0][0])
    for index, (box, item) in enumerate(boxes):
        for other, other_item in boxes[index + 1 :]:
            if other[0] >= box[2]:
                break
            assert not _overlap(box, other), (
                f"{layout.texts(item)} overlaps {layout.texts(other_item)}"
            )
    pv = set(layout.tree.pv)
    for item in layout.items:
        if item.node in pv and item.kind is ItemKind.NODE and item.parent is not None:
            start, end = layout.edge_ends(item.parent, item)
            for box, other_item in boxes:
                assert not _crosses(start, end, box), (
                    f"the PV edge to {item.node.move} runs through {layout.texts(other_item)}"
                )
    return len(boxes)


@pytest.mark.parametrize("depth", [5, 6])
@pytest.mark.parametrize("fen", READING_POSITIONS)
def test_labels_never_overlap_and_the_pv_crosses_none_at_depths_5_and_6(
    fen: str, depth: int
) -> None:
    tree = tracked_search(Position.from_fen(fen), depth)
    assert tree.pv and any(node.cutoff is not None for node in tree.root.walk())
    # As the game's view first opens it (its canvas at a comfortable zoom), then every ply.
    layout = TreeLayout(tree, max_width=(1280 - 272) / 0.85, man=100.0)
    assert _check_readable(layout) > 20
    layout.show_plies(depth)
    assert _check_readable(layout) > 200
    layout.turn_page(tree.root, 1)
    _check_readable(layout)


def test_the_cut_off_is_a_label_of_the_node_that_cut_in_either_register() -> None:
    """Plain words say how many moves were skipped; the curious see the window that cut."""
    tree = tracked_search(Position.from_fen(MIDGAME), 5)
    layout = TreeLayout(tree)
    layout.show_plies(5)
    cut = next(
        node for node in tree.root.walk() if node.cutoff is not None and node.pruned_children
    )
    item = layout.item_of(cut)
    assert item is not None
    assert layout.texts(item)[2] == f"{len(cut.pruned_children)} skipped"
    layout.curious = True
    layout.relayout()
    item = layout.item_of(cut)
    assert item is not None
    assert "cut: \u03b1" in layout.texts(item)[2] and ">=" in layout.texts(item)[2]
    assert item.width >= len(layout.texts(item)[2]) * 7.0
