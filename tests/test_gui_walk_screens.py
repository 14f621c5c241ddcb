"""What the newcomer's walk of 2026-11-30 saw on screen, each checked where a player would
notice it: the window is driven through the App's loop under SDL's dummy drivers, with games
and settings in a temporary data directory."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import press, run_until
from hypothesis import given, settings
from hypothesis import strategies as st
from test_gui_drills import choose_drill
from test_gui_puzzles import click_square
from test_review import BEFORE_BLUNDER, BLUNDER, moves_of

from checkers import saves
from checkers.ai.tracking import tracked_search
from checkers.board import BLACK, WHITE, Move, Position
from checkers.board_geometry import (
    BoardGeometry,
    arrow_width,
    badge_radius,
    disc_meets_triangle,
    line_arrows,
)
from checkers.drills import DRILLS
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.board_play import BoardPlayScreen
from checkers.gui.explorer_pane import OWN_GAMES, ExplorerPane, came_here, empty_words
from checkers.gui.intents import OpenAnalysis, OpenLoad
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.screens.drills import ABOUT_ROWS, DrillScreen
from checkers.gui.screens.load import LoadScreen
from checkers.gui.settings import Settings
from checkers.gui.tree_view.layout import NODE_RADIUS
from checkers.gui.tree_view.panel import piece_radius
from checkers.gui.tree_view.view import READING_SCALE, TreeView
from checkers.gui.why_board import read_line
from checkers.record import GameRecord

SIZES = ((720, 480), (1280, 800))


@pytest.fixture(autouse=True)
def data_dir(data: Path) -> Iterator[Path]:
    yield data
    theme.use(theme.DEFAULT_THEME)


def played(texts: list[str]) -> Position:
    position = Position()
    for text in texts:
        position = position.move(Move.from_pdn(text, position))
    return position


# --- 1. the analysis board's arrows: side by side, every head in sight -------------------------

WALK_LINES = (
    # 27: 9-14 22-18 15x22, the jump's head ending on 22's number.
    (["11-15", "24-20"], ["9-14", "22-18", "15x22"]),
    # 58: 15-18 22x15 11x18, all three along the 11-22 diagonal.
    (["11-15", "24-20", "8-11", "28-24", "4-8", "32-28"], ["15-18", "22x15", "11x18"]),
    # 71: 12-16 19x12 15-18, the jump's head ending on 12's number.
    (["11-15", "23-19", "8-11", "22-17"], ["12-16", "19x12", "15-18"]),
    # A move then the same piece on: the first head ends where the third arrow begins.
    ([], ["10-14", "24-20", "14-18"]),
)


def analysis_cell(make_app: Callable[..., App], size: tuple[int, int]) -> BoardGeometry:
    """The analysis board's squares at a window size."""
    app = make_app(size=size)
    app.request(OpenAnalysis(Position(), ()))
    app.step(1 / 60)
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    return board.layout().board


def assert_heads_in_sight(geometry: BoardGeometry, moves: tuple[Move, ...]) -> None:
    """No number's disc lies on or against any arrow's head, no two numbers overlap, and no
    two arrows run over the same stretch of a diagonal (their shafts a lane apart)."""
    shapes = line_arrows(geometry, moves)
    radius = badge_radius(geometry.cell)
    for shape in shapes:
        for other in shapes:
            assert not disc_meets_triangle(shape.badge, radius + 2, other.head), (moves, shape)
    for a, b in itertools.combinations(shapes, 2):
        assert math.dist(a.badge, b.badge) >= 2 * radius
    width = arrow_width(geometry.cell)
    for (i, a), (j, b) in itertools.combinations(enumerate(shapes), 2):
        for p, q in itertools.product(itertools.pairwise(a.shaft), itertools.pairwise(b.shaft)):
            assert not _along(p, q, width), (moves, i, j)


def _along(
    a: tuple[tuple[float, float], ...], b: tuple[tuple[float, float], ...], width: int
) -> bool:
    """Whether two stretches of shaft lie over each other: parallel, nearer than two shafts'
    width, and overlapping along their length."""
    (x0, y0), (x1, y1) = a
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    (bx0, by0), (bx1, by1) = b
    blen = math.hypot(bx1 - bx0, by1 - by0) or 1.0
    if abs((bx1 - bx0) / blen * uy - (by1 - by0) / blen * ux) > 0.05:
        return False  # not parallel: they cross at most at a point
    if abs((bx0 - x0) * uy - (by0 - y0) * ux) > 2 * width:
        return False  # side by side
    ends = sorted((x - x0) * ux + (y - y0) * uy for x, y in b)
    return min(ends[1], length) - max(ends[0], 0.0) > width


@pytest.mark.parametrize("size", SIZES)
def test_the_walks_lines_show_every_arrow_head_on_the_analysis_board(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    geometry = analysis_cell(make_app, size)
    for before, texts in WALK_LINES:
        moves = read_line(texts, played(before))
        assert len(moves) == 3
        for flipped in (False, True):
            assert_heads_in_sight(
                BoardGeometry(geometry.left, geometry.top, geometry.cell, flipped), moves
            )


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=3, max_size=40), st.sampled_from((40, 46, 60, 76, 90)))
def test_any_three_moves_of_a_line_keep_their_heads_in_sight(choices: list[int], cell: int) -> None:
    """Any line of three moves from a position reached by legal moves, on the boards' sizes."""
    position = Position()
    moves: list[Move] = []
    for choice in choices:
        legal = position.legal_moves()
        if not legal:
            break
        move = legal[choice % len(legal)]
        moves = [*moves, move][-3:]
        position = position.move(move)
    if len(moves) == 3:
        assert_heads_in_sight(BoardGeometry(20, 20, cell, cell % 4 == 0), tuple(moves))


# --- 2. the drills' panel reads whole in a small window -----------------------------------------


def shown_rows(screen: BoardPlayScreen) -> dict[str, str]:
    """The panel's rows as shown (a row too long for the panel is cut with `...`)."""
    return {name: label.text for name, label in screen.labels.items()}


def about_rows(screen: BoardPlayScreen) -> tuple[str, str]:
    """A drill's aim and source as its panel shows them, each over its rows (`about 1`...)."""
    assert isinstance(screen, DrillScreen)
    rows = [screen.labels[f"about {index}"] for index in range(1, ABOUT_ROWS + 1)]
    first = screen.source_from - 1
    aim = " ".join(label.text for label in rows[:first] if label.text)
    source = " ".join(label.text for label in rows[first:] if label.text)
    for label in rows[first:]:
        assert "@dim" in label.object_ids  # the source dim under the aim
    return aim, source


@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_every_drills_aim_reads_whole_at_720x480(
    make_app: Callable[..., App], theme_name: str
) -> None:
    """The walk of 2026-11-29: "Three kings against two" cut its aim ("... and two kings ...")
    over an empty panel at 720x480; every drill's aim and source wrap whole, with no empty row
    between them."""
    app = make_app(None, size=(720, 480), settings=Settings(theme=theme_name))
    for index, drill in enumerate(DRILLS, start=1):
        screen = choose_drill(app, f"drill {index}")  # playing, or its tables being built
        app.step(1 / 60)
        aim, source = about_rows(screen)
        assert aim == drill.aim and source == f"From: {drill.source}"
        for name in ("about 1", "about 2"):
            label = screen.labels[name]
            assert label.font.size(label.text)[0] <= label.rect.width - 4
        shown = [screen.labels[f"about {row}"].text for row in range(1, ABOUT_ROWS + 1)]
        assert all(text for text in shown[: screen.source_from])  # no gap before the source
    press(app, pygame.K_ESCAPE)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_every_drill_panel_row_reads_whole(
    make_app: Callable[..., App], size: tuple[int, int], theme_name: str
) -> None:
    # The walk's 50/51 (720x480, High contrast): `From: Standard positions of the American
    # Checker Federation: winnin...` and `Your moves: 0 (the fastest win takes ...`.
    app = make_app(None, size=size, settings=Settings(theme=theme_name))
    for index, drill in enumerate(DRILLS[:3], start=1):
        screen = choose_drill(app, f"drill {index}")
        assert screen.game is not None and screen.game.drill is drill
        # The walk of 2026-11-30 (720x480): "Win in 41 moves with the best p..." at the start.
        app.step(1 / 60)
        win = screen.labels["win"]
        assert win.text.startswith("Win in ") and not win.text.endswith("..."), win.text
        assert win.font.size(win.text)[0] <= win.rect.width - 4, win.text
        if drill.name == "First Position":
            click_square(app, screen, 20)
            click_square(app, screen, 16)  # lets the win go: a row names the move
            assert screen.game.thrown
        app.step(1 / 60)
        rows = shown_rows(screen)
        assert not [text for text in rows.values() if text.endswith("...")], rows
        aim, source = about_rows(screen)
        assert aim == drill.aim and source == f"From: {drill.source}"
        moves = " ".join(text for name, text in rows.items() if name.startswith("moves")).strip()
        assert moves.split()[:2] == ["Your", "moves:"] and moves.endswith(")")
        panel = screen.labels["title"].ui_container.get_rect()
        assert all(label.rect.bottom <= panel.bottom for label in screen.labels.values())


# --- 3. every saved game's row reads whole -------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_every_saved_games_row_reads_whole(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    # The walk's 32 (1280x800): `On the board now: You vs AI (Club), finished: White won
    # (Black resigned),..., saved 2026-11-29 09:57`, its length cut out.
    record = GameRecord.replay(moves_of([*BEFORE_BLUNDER, BLUNDER]))
    resigned = {
        "Black": "You",
        "White": "AI (Grandmaster)",
        "Result": "0-1",
        "Termination": "Black resigned",
    }
    saves.save_game(record, {"Black": "You", "White": "AI (Novice)", "Result": "*"})
    white_resigns = GameRecord.replay(record.moves)
    white_resigns.resign(WHITE)
    saves.save_game(white_resigns, {**resigned, "Result": "1-0", "Termination": "White resigned"})
    record.resign(BLACK)
    on_board = saves.save_game(record, resigned)
    app = make_app(None, size=size)
    app.request(OpenLoad(playing=on_board))
    app.step(1 / 60)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    rows = {name: button for name, button in listing.widgets.items() if name.startswith("row ")}
    assert len(rows) == 3
    moves = len(record.moves) // 2 + len(record.moves) % 2
    for button in rows.values():
        text = button.text
        font = button.font
        assert font is not None and font.size(text)[0] <= button.get_abs_rect().width - 8, text
        assert "…" not in text and "..." not in text, text
        assert text.startswith(("You vs AI", "On the board")), text
        # Said as the last save, never a bare time that reads as the game's start (the walk
        # of 2026-11-29 saw "13:08" beside the file name's "13-05").
        last = r"(last )?saved (today |\d{4}-\d\d-\d\d |\d\d-\d\d )?\d\d:\d\d$"
        assert re.search(rf", {moves} moves, {last}", text), text
    shown = [button.text for button in rows.values()]
    assert sum(text.startswith("On the board") for text in shown) == 1
    assert any("White won" in text and "resigned" in text for text in shown), shown


# --- 4. the explorer names its sources as the player knows them ----------------------------------


def test_the_explorer_names_where_its_games_came_from_as_the_player_knows_them() -> None:
    # The walk's 29/61: `1 of 2 games (1 archive) came here`, the player having added nothing.
    assert came_here(1, 2, [OWN_GAMES]) == "1 of your 2 saved games came here"
    assert came_here(1, 1, [OWN_GAMES]) == "Your one saved game came here"
    # The game on the board left out: "other" (walk 2026-12-01af: "Your one saved game came
    # here" beside two saved games that had).
    assert came_here(1, 1, [OWN_GAMES], other=True) == "Your one other saved game came here"
    assert came_here(1, 2, [OWN_GAMES], other=True) == "1 of your 2 other saved games came here"
    # A small window's shortest form keeps it (walk 2026-12-01ag: "3 of 4 games came here").
    assert came_here(3, 4, [OWN_GAMES], short=2, other=True) == "3 of 4 other games came here"
    assert came_here(3, 40, ["tinsley.pdn"]) == "3 of the 40 games in tinsley.pdn came here"
    assert (
        came_here(5, 1_042, [OWN_GAMES, "tinsley.pdn"])
        == "5 of 1,042 games came here (your saved games and tinsley.pdn)"
    )
    assert (
        came_here(5, 1_042, [OWN_GAMES, "a.pdn", "b.pdn"])
        == "5 of 1,042 games came here (yours and 2 added files)"
    )
    assert (
        came_here(5, 1_042, [OWN_GAMES, "tinsley.pdn"], short=1)
        == "5 of 1,042 games came here (yours and 1 added file)"
    )
    assert came_here(5, 9, ["a.pdn", "b.pdn", "c.pdn"]) == "5 of 9 games came here (3 added files)"
    assert came_here(5, 1_042, [OWN_GAMES, "tinsley.pdn"], short=2) == "5 of 1,042 games came here"
    for words in (came_here(1, 2, [OWN_GAMES]), empty_words()):
        assert "archive" not in words and "index" not in words


# --- 5. the search tree opens with every node on the canvas ------------------------------------

TREE_POSITIONS = (
    Position(),
    played(["11-15", "23-19", "8-11", "22-17"]),
    played(["11-15", "24-20", "8-11", "28-24", "4-8", "32-28"]),
    Position.from_fen("B:W15,21,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,12,14"),
)


@pytest.mark.parametrize("rect", [(20, 20, 1240, 696), (12, 12, 696, 390)], ids=["1280", "720"])
def test_the_trees_first_view_shows_every_node_and_label_whole(rect: tuple[int, ...]) -> None:
    # The walk's 31 (1280x800): `30-26 at least +0...` cut at the right edge, `+0.05`, `more`
    # at the left: the best line opened wider than the canvas, then centred on.
    pygame.init()
    for position in TREE_POSITIONS:
        tree = tracked_search(position, 4)
        view = TreeView(tree, rect)
        canvas = view.canvas_rect
        camera = view.camera
        for item in view.layout.items:
            for left, top, right, bottom in [
                *view.layout.label_boxes(item),
                (item.x - NODE_RADIUS, item.y - NODE_RADIUS, item.x + NODE_RADIUS, item.y),
            ]:
                x0, y0 = camera.to_screen(left, top, canvas.topleft)
                x1, y1 = camera.to_screen(right, bottom, canvas.topleft)
                assert canvas.left <= x0 and x1 <= canvas.right, (position.fen(), item.node.move)
                assert canvas.top <= y0 and y1 <= canvas.bottom, (position.fen(), item.node.move)
        assert camera.scale >= READING_SCALE - 1e-9  # labels as large as the view reads them
        for node in tree.pv[: view.layout.shown_plies()]:
            assert view.layout.item_of(node) is not None  # the best line's top is open


def test_the_trees_small_board_draws_pieces_that_fill_their_squares() -> None:
    # The walk's 62 (720x480): 15-pixel squares held 4-pixel dots for pieces.
    for cell in range(12, 29):
        assert 2 * piece_radius(cell) >= 0.8 * cell


@pytest.mark.parametrize("size", SIZES)
def test_the_explorers_count_of_games_reads_whole_with_a_file_added(
    make_app: Callable[..., App], data: Path, size: tuple[int, int]
) -> None:
    (data / "games").mkdir()
    (data / "games" / "mine.pdn").write_text('[Result "1-0"]\n1. 11-15 1-0\n', encoding="utf-8")
    added = data / "Tinsley and friends, collected games 1950-1960.pdn"
    added.write_text('[Result "0-1"]\n1. 11-15 0-1\n\n[Result "*"]\n1. 9-13 *\n', "utf-8")
    first = ExplorerPane(data / "explorer", data / "games")
    try:
        first.add(added)  # remembered: the window's pane counts it from then on
    finally:
        first.close()
    app = make_app(size=size)
    press(app, pygame.K_o, "o")
    board = app.screen
    assert isinstance(board, AnalysisScreen) and board.explorer is not None
    pane = board.explorer
    run_until(app, lambda: not pane.builder.busy and pane.games() == 3)
    app.step(1 / 60)
    shown = pane.labels["explorer summary"].text
    assert shown in (  # whole: the files named, else counted, else the count alone
        f"3 of 3 games came here (your saved games and {added.name})",
        "3 of 3 games came here (yours and 1 added file)",
        "3 of 3 games came here",
    ), shown
