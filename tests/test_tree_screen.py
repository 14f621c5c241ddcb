"""The tree view as a player meets it: plain words unless they ask for the curious ones, fitted
to the window when it opens, a screen of the App's one loop when opened alone, and the game's T
overlay registered by the App rather than by an import."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from checkers.ai.search import SearchRequest
from checkers.ai.tracking import SearchTree, tracked_search
from checkers.board import Position
from checkers.cli import main
from checkers.gui.app import App
from checkers.gui.game_view import commands as game_commands
from checkers.gui.screens.game import GameScreen
from checkers.gui.tree_view import chrome
from checkers.gui.tree_view.canvas import label_size
from checkers.gui.tree_view.explain import node_lines
from checkers.gui.tree_view.layout import LABEL_MIN_SCALE, ItemKind
from checkers.gui.tree_view.overlay import TreeOverlay
from checkers.gui.tree_view.screen import TreeScreen
from checkers.gui.tree_view.search import Subject
from checkers.gui.tree_view.text import body_size
from checkers.gui.tree_view.view import READING_SCALE, TreeView

ROOT = Path(__file__).resolve().parent.parent
MIDGAME = "B:W15,21,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,12,14"
JARGON = re.compile(
    r"\b(ply|plies|alpha|beta|minimax|principal|PV|prune|pruned|cut-off|cutoff|window|seed|"
    r"horizon|root|depth|node|nodes|evaluation)\b|[\u03b1\u03b2]|\bMAX\b|\bMIN\b",
    re.IGNORECASE,
)
WAIT = 300  # seconds: a generous cap for a search thread on a busy machine


def key(target: App, code: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=0))
    target.step(1 / 60)


def open_tree(app: App) -> TreeOverlay:
    key(app, pygame.K_t, "t")
    screen = app.screen
    assert isinstance(screen, GameScreen)
    overlay = screen.overlays["tree"]
    assert isinstance(overlay, TreeOverlay)
    assert overlay.wait_for_search(timeout=WAIT), "the tree's search did not finish"
    app.step(1 / 60)
    app.step(1 / 60)
    assert overlay.view is not None, overlay.error
    return overlay


def jargon(texts: list[tuple[str, int]]) -> list[str]:
    return [text for text, _ in texts if JARGON.search(text)]


# --- plain words, and the curious ones on request ----------------------------------------------


def test_every_word_the_plain_view_draws_is_free_of_engine_jargon() -> None:
    tree = tracked_search(Position.from_fen(MIDGAME), 4)
    view = TreeView(tree, (0, 0, 1280, 760), on_request=lambda depth, algorithm: None)
    view.titles = ("Black to move in the position given", "Black to move: seed evaluation")
    surface = pygame.Surface((1280, 760))
    seen: list[tuple[str, int]] = []

    def frame() -> None:
        view.dirty = True
        view.draw(surface)
        seen.extend(view.labels.drawn)

    frame()
    cut = next(node for node in tree.root.walk() if node.pruned_children)
    view.layout.show_plies(4)
    for node in (tree.root, tree.pv[-1], cut, cut.pruned_children[0], cut.children[0]):
        view.select(node)
        frame()
    view.legend_open = True
    frame()
    view.set_stepping(True)
    while view.replay.index < view.replay.total:
        frame()
        key_event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
        view.handle_event(key_event)
    frame()
    assert len(seen) > 1000
    assert jargon(seen) == []
    assert any("skipped" in text for text, _ in seen)
    assert any("Best line" in text for text, _ in seen)

    # The switch: the search's own terms come back.
    seen.clear()
    view.set_stepping(False)
    view.legend_open = False
    view.set_curious(True)
    view.select(cut)
    frame()
    words = " ".join(text for text, _ in seen)
    assert "alpha-beta, depth 4" in words
    assert "MIN node" in words or "MAX node" in words
    assert "principal variation" in words or "PV" in words


def test_the_plain_words_count_one_move_as_one_move() -> None:
    tree = tracked_search(Position.from_fen(MIDGAME), 5)
    single = next(node for node in tree.root.walk() if len(node.pruned_children) == 1)
    lines = [text for text, _ in node_lines(single, tree, None, 0, 1.0, curious=False)]
    assert any("1 other move skipped: it could not change the choice" in line for line in lines)
    assert not any("1 moves" in line or "move(s)" in line for line in lines)


def test_the_curious_switch_holds_for_the_session(make_app: Callable[..., App]) -> None:
    app = make_app()
    overlay = open_tree(app)
    assert overlay.view is not None and not overlay.view.curious
    key(app, pygame.K_e, "e")
    assert overlay.view.curious
    key(app, pygame.K_t, "t")  # close, and open again: still for the curious
    reopened = open_tree(app)
    assert reopened is not overlay and reopened.view is not None and reopened.view.curious
    words = " ".join(text for text, _ in reopened.view.labels.drawn)
    assert "alpha-beta" in words


# --- fitted to the window ----------------------------------------------------------------------


def _rows_whole(view: TreeView) -> None:
    """Every shown item's labels lie inside the canvas from top to bottom, and so does the root
    and the best line as far as it is opened."""
    canvas = view.canvas_rect
    camera = view.camera
    for item in view.layout.items:
        for left, top, right, bottom in view.layout.label_boxes(item):
            y0 = camera.to_screen(left, top, canvas.topleft)[1]
            y1 = camera.to_screen(right, bottom, canvas.topleft)[1]
            assert canvas.top <= y0 and y1 <= canvas.bottom, view.layout.texts(item)
    for node in [view.tree.root, *view.tree.pv]:
        item = view.layout.item_of(node)
        if item is not None and item.kind is ItemKind.NODE:
            assert view.screen_pos(node) is not None, node.move


@pytest.mark.parametrize("size", [(1280, 800), (720, 480)])
def test_the_tree_opens_fitted_with_its_header_wrapped(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(size=size)
    view = open_tree(app).view
    assert view is not None
    _rows_whole(view)
    header = chrome._header(view)
    for _, line, _ in header.lines:
        assert view.labels.width(line, body_size(view.rect.width)) <= view.rect.width, line
    assert all(area.right <= view.rect.width for area, _, _ in header.buttons)
    assert view.camera.scale >= LABEL_MIN_SCALE
    if size == (1280, 800):
        # Text at least 13 pixels: the labels at the zoom it opens at, and every other line.
        assert view.camera.scale >= READING_SCALE and label_size(view.camera.scale) >= 13
        assert min(drawn for _, drawn in view.labels.drawn) >= 13


def test_a_resize_opens_the_tree_afresh_for_the_new_window() -> None:
    tree: SearchTree = tracked_search(Position(), 4)
    view = TreeView(tree, (0, 0, 1280, 800))
    view.set_rect((0, 0, 720, 400))
    _rows_whole(view)
    view.set_rect((0, 0, 1280, 800))
    _rows_whole(view)
    assert view.camera.scale >= READING_SCALE


# --- one loop, registered by the App --------------------------------------------------------


def test_the_overlay_registers_nothing_on_import_and_the_app_registers_it(
    make_app: Callable[..., App],
) -> None:
    source = (ROOT / "checkers" / "gui" / "tree_view" / "overlay.py").read_text("utf-8")
    called = {
        node.func.id
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert "register_overlay" not in called
    game_commands.OVERLAYS.clear()
    app = make_app()
    assert "tree" in game_commands.OVERLAYS
    assert isinstance(open_tree(app), TreeOverlay)


def test_the_standalone_viewer_is_a_screen_of_the_app_and_escape_quits() -> None:
    position = Position.from_fen(MIDGAME)
    subject = Subject(SearchRequest(position, (position,)), 3, "alphabeta", "seed", "Black to move")
    app = App(hop_seconds=0, muted=True, tree=subject)
    try:
        screen = app.screen
        assert isinstance(screen, TreeScreen) and len(app.screens) == 1
        app.step(1 / 60)
        assert screen.pane.wait_for_search(timeout=WAIT)
        app.step(1 / 60)
        view = screen.pane.view
        assert view is not None and view.tree.depth == 3 and view.rect.size == app.window_size()
        key(app, pygame.K_2, "2")  # another depth, searched off the loop and shown in it
        assert screen.pane.wait_for_search(timeout=WAIT)
        app.step(1 / 60)
        assert view.tree.depth == 2
        key(app, pygame.K_ESCAPE)
        assert not app.running
    finally:
        app.close()


def test_the_standalone_viewer_without_a_display_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from checkers.gui import window_cli as commands

    monkeypatch.setattr(commands, "display_problem", lambda: "no display (DISPLAY is not set)")
    status = main(["treeview", "--depth", "2"])
    err = capsys.readouterr().err
    assert status == commands.NO_DISPLAY_STATUS
    assert len(err.splitlines()) == 1 and "cannot open a window: no display" in err


def test_the_seed_trees_figure_is_its_count_never_the_positions_score() -> None:
    # `checkers treeview --depth 3` (the seed evaluation) said "the best move is 9-14 (+1.25
    # for Black)" at the start: a rough count said like a position's score.
    from checkers.gui.tree_view.words import legend

    position = Position()
    subject = Subject(SearchRequest(position, (position,)), 3, "alphabeta", "seed", "Black to move")
    app = App(hop_seconds=0, muted=True, tree=subject)
    try:
        screen = app.screen
        assert isinstance(screen, TreeScreen)
        app.step(1 / 60)
        assert screen.pane.wait_for_search(timeout=WAIT)
        app.step(1 / 60)
        view = screen.pane.view
        assert view is not None
        header = view.header_text()
        figure = re.search(r"the seed count gives (\+\d\.\d\d) for Black at the end of", header)
        assert figure is not None, header
        assert "a rough count, not the position's score" in header
        assert header.count("seed count") == 1, header  # said once, not in the node count
        # The count's figure is the tree's own, and is said nowhere as a score or a verdict.
        assert view.tree.score / 10 == pytest.approx(float(figure.group(1)))
        assert f"({figure.group(1)} for Black)" not in header and "even" not in header
        meaning = dict(legend(False, position.turn, None, view.rough))["number below a shape"]
        assert "what the seed evaluation counts for Black" in meaning
        panel = [
            text
            for text, _ in node_lines(
                view.tree.root, view.tree, None, 0, view.man, False, view.rough
            )
        ]
        assert any(text.startswith(f"seed count {figure.group(1)} for Black:") for text in panel), (
            panel
        )
        view.set_curious(True)
        assert f"seed count {figure.group(1)}; PV" in view.header_text()
    finally:
        app.close()


def test_the_plain_words_of_the_root_read_as_sentences() -> None:
    """The walk of 2026-11-30g read "the best its moves lead to" and "on the best line" as
    half a sentence each under the position searched."""
    tree = tracked_search(Position.from_fen(MIDGAME), 4)
    lines = [text for text, _ in node_lines(tree.root, tree, None, 0, 1.0, curious=False)]
    assert any(line.endswith(": the best score its moves reach") for line in lines), lines
    assert "This position is on the best line." in lines
