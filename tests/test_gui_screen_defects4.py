"""The second newcomer's walk of 2026-11-30 (walks/2026-11-30b): what a player saw on the boards,
the saved games and the explorer, each checked as the player would notice it."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from gui_driving import click, press

from checkers.board import Move
from checkers.board_geometry import (
    BoardGeometry,
    arrow_shifts,
    arrow_width,
    disc_meets_triangle,
    line_arrows,
)
from checkers.gui.app import App
from checkers.gui.screens.load import LoadScreen

# --- 1. two moves along one diagonal, head to tail, read as two arrows ------------------------

HEAD_TO_TAIL = (
    # 74-75: 8-11 first, then 4-8 ends where 8-11 begins, straight on along the diagonal.
    ("8-11", "21-17", "4-8"),
    # The same with the earlier arrow's head on the later one's tail.
    ("4-8", "21-17", "8-11"),
)


@pytest.mark.parametrize("line", HEAD_TO_TAIL)
@pytest.mark.parametrize("cell", [25, 46, 80])
@pytest.mark.parametrize("flipped", [False, True])
def test_an_arrow_ending_on_the_tail_of_the_next_along_its_diagonal_shows_its_head(
    line: tuple[str, ...], cell: int, flipped: bool
) -> None:
    moves = tuple(Move.from_pdn(text) for text in line)
    first, _, last = arrow_shifts(moves)
    assert first != last  # drawn in two lanes, not as one long arrow
    shapes = line_arrows(BoardGeometry(0, 0, cell, flipped=flipped), moves)
    ending, going_on = (shapes[2], shapes[0]) if line[0] == "8-11" else (shapes[0], shapes[2])
    # The head stays clear of the other arrow's tail dot (drawn 0.9 of a shaft wide) ...
    dot = arrow_width(cell) * 0.9
    assert not disc_meets_triangle(going_on.points[0], dot + 1, ending.head)
    # ... and its tip is off the other arrow's line by more than a shaft's width.
    (x0, y0), (x1, y1) = going_on.points[0], going_on.points[-1]
    tip_x, tip_y = ending.head[0]
    off = abs((tip_x - x0) * (y1 - y0) - (tip_y - y0) * (x1 - x0)) / math.dist((x0, y0), (x1, y1))
    assert off > arrow_width(cell)


# --- 2. one game, one wording and one button, whatever is on the board -------------------------


def rows_of(listing: LoadScreen) -> list[str]:
    """The saved-games list's rows as shown, top first."""
    return [button.text for name, button in listing.widgets.items() if name.startswith("row ")]


@pytest.mark.parametrize("size", [(720, 480), (1120, 720), (1280, 800)])
def test_a_finished_game_reads_alike_and_opens_alike_on_the_board_or_not(
    make_app: Callable[..., App], data: Path, size: tuple[int, int]
) -> None:
    app = make_app(autosave=True, size=size)
    for square in (11, 15, 22, 18):  # 11-15 22-18
        click(app, square)
    press(app, pygame.K_r, mod=pygame.KMOD_CTRL)  # Black resigns
    press(app, pygame.K_RETURN)
    press(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    [on_board] = rows_of(listing)
    assert on_board.startswith("On the board")
    on_board_button = listing.widgets["open"].text
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_n, "n")  # a new game, one move: kept unfinished, on the board now
    click(app, 9)
    click(app, 13)
    press(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    rows = rows_of(listing)
    [finished] = [row for row in rows if "won" in row and not row.startswith("On the board")]
    assert on_board.split(": ", 1)[1] == finished  # the same words, the mark aside
    finished_index = listing.first + rows.index(finished)
    listing.move(finished_index - listing.chosen)
    assert listing.widgets["open"].text == on_board_button == "Open"


# --- 3. the explorer's best move and the position: one number -----------------------------------


def test_the_explorers_best_move_gives_the_figure_its_note_gives(tmp_path: Path) -> None:
    """The walk's 74: the row of the position's best move read -0.90 (a deeper judgement of
    the position after it) while the note under the table and the bar said +0.95 for the AI."""
    from checkers.board import WHITE, Position
    from checkers.coach.explain import Analysis, AnalysisLine
    from checkers.coach.judgement import Judgement, Judgements
    from checkers.gui.explorer_pane import ExplorerPane

    start = Position()
    known = Judgements()
    pane = ExplorerPane(tmp_path / "explorer", tmp_path / "games", human=WHITE, known=known)
    analysis = Analysis(
        19,
        (
            AnalysisLine("11-15", 0.95, ("11-15", "23-19")),
            AnalysisLine("9-14", 0.1, ("9-14", "22-18")),
        ),
    )
    after = start.move(Move.from_pdn("11-15", start))
    known.judge(after, Judgement(-0.90, 1.0, WHITE, 19))  # White to move there
    assert pane.engine_note(start, analysis).endswith(
        "engine: +0.95 for the AI, looked 19 turns ahead"
    )
    assert pane.engine_scores(start, analysis)["11-15"] == "+0.95"
    # Another move's row still takes the deeper judgement of the position after it.
    known.judge(start.move(Move.from_pdn("9-14", start)), Judgement(0.3, 1.0, WHITE, 20))
    assert pane.engine_scores(start, analysis)["9-14"] == "-0.30"


@pytest.mark.parametrize("cell", [25, 46, 80])
def test_a_head_beside_another_arrows_shaft_leaves_a_gap(cell: int) -> None:
    """The walk's 94-95 (the Why? board's 25-pixel squares): 14x23 drawn beside 23-18 touched
    it, head and shaft, and the two read as one line with a number at each end."""
    moves = tuple(Move.from_pdn(text) for text in ("9-13", "23-18", "14x23"))
    _, back, jump = line_arrows(BoardGeometry(0, 0, cell, flipped=True), moves)
    (x0, y0), (x1, y1) = back.points[0], back.points[-1]
    length = math.dist((x0, y0), (x1, y1))

    def off(point: tuple[float, float]) -> float:
        return abs((point[0] - x0) * (y1 - y0) - (point[1] - y0) * (x1 - x0)) / length

    nearest = min(off(corner) for corner in jump.head)
    assert nearest - arrow_width(cell) / 2 >= 2.99  # a gap of 3 pixels between head and shaft
