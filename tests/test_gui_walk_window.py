"""Issue 36, the last newcomer's walk: the defects a player saw in the window, each where a player
notices it (the explorer's table at a small size, the first engine move while the compiled core
loads, the volume slider without a sound device, one name for a game's mode everywhere)."""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

import tests.test_gui_text_sizes as text_sizes
from checkers.gui.app import App
from checkers.gui.explorer_pane import HEADS
from checkers.gui.settings import Settings
from tests.gui_driving import press
from tests.test_gui_explorer import indexed, pane_of, run_until

EXPLORER_GAMES = Path(__file__).resolve().parent / "data" / "explorer" / "small.pdn"
SIZES_AND_THEMES = [
    ((720, 480), "contrast"),
    ((720, 480), "wood"),
    ((1280, 800), "wood"),
    ((1280, 800), "contrast"),
]


@pytest.mark.parametrize(("size", "theme_name"), SIZES_AND_THEMES, ids=str)
def test_the_explorers_every_column_and_head_reads_whole(
    make_app: Callable[..., App], data: Path, size: tuple[int, int], theme_name: str
) -> None:
    # The walk read "Win Draw L..." over the shares at 720x480.
    (data / "games").mkdir()
    shutil.copy(EXPLORER_GAMES, data / "games" / "four games.pdn")
    app = make_app(size=size, settings=Settings(theme=theme_name))
    press(app, pygame.K_o, "o")  # the explorer on the analysis board
    board, pane = pane_of(app)
    run_until(app, indexed(pane, 4))
    run_until(app, lambda: pane.labels["row 1 games"].text == "1")
    # The engine's scores (with the book's mark) fill their column too.
    run_until(app, lambda: pane.labels["row 0 engine"].text.strip(" •") != "")
    heads = [pane.labels[f"head {key}"] for key in HEADS]
    assert [head.text for head in heads] == ["Move", "Games", "Win", "Draw", "Loss", "Engine"]
    # Left to right, none over another: each head's box ends before the next one's begins.
    boxes = [head.get_abs_rect() for head in heads]
    assert all(left.right <= right.left for left, right in itertools.pairwise(boxes))
    # Every column's figures sit in their head's column.
    for row in ("row 0", "row 1"):
        for key in HEADS:
            cell = pane.buttons[row] if key == "move" else pane.labels[f"{row} {key}"]
            box = cell.get_abs_rect()
            head = pane.labels[f"head {key}"].get_abs_rect()
            assert (box.left, box.right) == (head.left, head.right), (row, key)
    assert pane.labels["row 1 loss"].text == "100"  # the widest share
    # No text of the screen is cut or wider than its box (the heads and the cells among them).
    assert not text_sizes.widget_problems(app)
    assert board.explorer is pane
