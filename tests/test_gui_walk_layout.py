"""The newcomer's walk of 2026-11-29c (walks/2026-11-29c): what a player saw of the boards'
arrows and the panels' layout, checked as the player would notice it."""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable

import pygame
import pytest
from gui_driving import click, run_until
from test_gui_game_screen import QUICK
from test_gui_review import review_finished, screen_of, start_from_menu

from checkers.board import Position
from checkers.board_geometry import (
    BoardGeometry,
    arrow_rim,
    arrow_width,
    badge_radius,
    disc_meets_triangle,
    line_arrows,
)
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.why_board import read_line

SHOTS = os.environ.get("WALK_SHOTS", "")
"""A folder to save the screens the tests look at (for a person to look at them too)."""

# --- 1. a move and the reply back along its diagonal: two arrows, two heads, two numbers -------

# The walk's 12 (Why? of an AI vs AI game): 23-18 then 14x23 back along the same diagonal, then
# 27x18x11x4 over both; 1's number sat on 2's head and the two heads touched.
WALK_12 = (
    "W:W32,30,29,27,26,24,23,22,21,17,12:B15,14,10,8,7,6,5,3,2,1",
    ("23-18", "14x23", "27x18x11x4"),
)
# The walk's 06 (the explorer): a move, the reply, and the jump back over the reply.
WALK_06 = (
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    ("11-15", "22-18", "15x22"),
)


def gap_to_shaft(
    head: tuple[tuple[float, float], ...], shaft: tuple[tuple[float, float], ...]
) -> float:
    """The pixels between a head and a shaft as drawn, both in their black rims."""
    a, b, c = head
    nearest = min(
        _distance(corner, p, q)
        for p, q in itertools.pairwise(shaft)
        for corner in [a, b, c, *_along_edges(head)]
    )
    return nearest


def _along_edges(head: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """Points along a head's edges, a tenth apart."""
    points = []
    for (x0, y0), (x1, y1) in itertools.pairwise((*head, head[0])):
        points += [(x0 + (x1 - x0) * t / 10, y0 + (y1 - y0) * t / 10) for t in range(10)]
    return points


def _distance(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def heads_meet(a: tuple[tuple[float, float], ...], b: tuple[tuple[float, float], ...]) -> bool:
    """Whether two arrow heads (triangles) overlap: a corner of one inside the other, or
    their edges within a pixel."""
    return any(disc_meets_triangle(corner, 1.0, b) for corner in a) or any(
        disc_meets_triangle(corner, 1.0, a) for corner in b
    )


@pytest.mark.parametrize("line", [WALK_12, WALK_06])
@pytest.mark.parametrize("cell", [25, 30, 36, 46, 60, 80])  # the Why? board to the analysis board
@pytest.mark.parametrize("flipped", [False, True])
def test_arrows_sharing_a_diagonal_show_each_head_and_number_apart(
    line: tuple[str, tuple[str, ...]], cell: int, flipped: bool
) -> None:
    fen, texts = line
    moves = read_line(texts, Position.from_fen(fen))
    shapes = line_arrows(BoardGeometry(0, 0, cell, flipped=flipped), moves)
    radius = badge_radius(cell)
    for index, shape in enumerate(shapes):
        for other in shapes:  # no number on or against a head, its own or another's
            assert not disc_meets_triangle(shape.badge, radius + 1, other.head), (index, cell)
    for a, b in itertools.combinations(shapes, 2):
        assert math.dist(a.badge, b.badge) >= 2 * radius
        assert not heads_meet(a.head, b.head)  # two heads, not one smudge
    # Each head stands clear of the other arrows' shafts by 3 pixels, rims and all: the walk's
    # 23-18 head touched the 14x23 shaft drawn beside it once the black rim went round both.
    rim, width = arrow_rim(cell), arrow_width(cell)
    for (i, a), (j, b) in itertools.permutations(enumerate(shapes), 2):
        gap = gap_to_shaft(a.head, b.shaft) - width / 2 - 2 * rim
        assert gap >= 3, (texts[i], texts[j], cell, gap)


# --- 2. no empty band in the panels ---------------------------------------------------------


def assert_no_band_under_the_words(app: App) -> None:
    """The game panel's words end, then at once the list's heading; returns the gap."""
    panel = screen_of(app).panel
    assert panel is not None
    box, heading = panel.search, panel.moves_title
    layout = box.text_box_layout
    assert layout is not None and layout.layout_rows
    words_bottom = box.rect.top + layout.layout_rows[-1].bottom
    # A gap, not a band: under half a row (the walk saw 30 to 80 pixels at 1280x800).
    assert heading.rect.top - words_bottom < panel.move_row / 2, (words_bottom, heading.rect.top)


@pytest.mark.compiled  # a review: long searches, many times slower on the Python engine
@pytest.mark.parametrize(
    "size", [(720, 480), pytest.param((1120, 720), marks=pytest.mark.slow), (1280, 800)]
)
def test_the_game_panel_has_no_band_after_a_review_closes(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    """The walk saw about 80 pixels (40 at 720x480) between the AI's lines and Moves once a
    review closed: the box kept the review's height at the same position."""
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)), size=size)
    screen = screen_of(app)
    game = screen.game
    for _ in range(2):
        run_until(app, lambda: game.is_human_turn() and game.thinking is None)
        move = game.record.legal_moves()[0]
        click(app, move.start)
        click(app, move.end)
    run_until(app, lambda: game.is_human_turn() and game.thinking is None)
    for _ in range(3):
        app.step(1 / 60)
    assert_no_band_under_the_words(app)
    if SHOTS:
        pygame.image.save(pygame.display.get_surface(), f"{SHOTS}/before_{size[0]}.png")
    start_from_menu(app)
    review_finished(app)
    for _ in range(3):
        app.step(1 / 60)
    if SHOTS:
        pygame.image.save(pygame.display.get_surface(), f"{SHOTS}/review_{size[0]}.png")
    assert_no_band_under_the_words(app)
    screen.stop_review()
    for _ in range(3):
        app.step(1 / 60)
    assert screen.review_pane is None
    if SHOTS:
        pygame.image.save(pygame.display.get_surface(), f"{SHOTS}/closed_{size[0]}.png")
    assert_no_band_under_the_words(app)
