"""A problem collection imported from the puzzle screen (I, the folder browser, Import), the
imported puzzle shown with its source, and a file that gives no puzzle said on the status line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
from gui_driving import press, run_until

from checkers.board import Move
from checkers.formats.puzzle_store import load_puzzles
from checkers.gui.app import App
from checkers.gui.screens.puzzles import PuzzleFilePicked, PuzzleFilePicker, PuzzleScreen
from checkers.gui.screens.start import StartScreen

COLLECTION = Path(__file__).parent / "data" / "problems-dev.pdn"


def _puzzle_screen(make_app: Callable[..., App]) -> tuple[App, PuzzleScreen]:
    app = make_app(None)
    assert isinstance(app.screen, StartScreen)
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    assert isinstance(app.screen, PuzzleScreen)
    return app, app.screen


def test_a_collection_imported_from_the_window_joins_the_set_and_is_shown(
    make_app: Callable[..., App], data: Path
) -> None:
    app, screen = _puzzle_screen(make_app)
    card = screen.card  # the empty set's card offers the import
    assert screen.puzzle is None and card is not None
    next(button for button in card.buttons if button.name == "import").action()
    run_until(app, lambda: isinstance(app.screen, PuzzleFilePicker))
    picker = app.screen
    assert isinstance(picker, PuzzleFilePicker)
    picker.chosen_file(COLLECTION)
    run_until(app, lambda: app.screen is screen and bool(screen.puzzles))
    assert len(load_puzzles()) == 20 and screen.puzzle is not None
    assert screen.status.startswith("20 problems of problems-dev.pdn added to your puzzles")
    texts = screen.texts()
    assert texts["source 1"].startswith("problems-dev.pdn, problem ")
    assert texts["task"].endswith("to play: find the best move")
    # A problem with no named idea claims only what its book does, not a check it never had.
    bare = next(p for p in screen.puzzles if not p.ideas)
    screen.puzzle, screen.answer = bare, Move.from_pdn(bare.solution[0], bare.position)
    said = screen.texts()["idea 1"]
    assert (
        said.startswith(f"{bare.solution[0]} is the published solution") and "clearly" not in said
    )


def test_a_file_that_gives_no_puzzle_is_said_on_the_status_line(
    make_app: Callable[..., App], data: Path, tmp_path: Path
) -> None:
    _, screen = _puzzle_screen(make_app)
    bad = tmp_path / "games.pdn"
    bad.write_text('[Event "a game"]\n\n1. 11-15 23-19 *\n')
    screen.receive(PuzzleFilePicked(bad))
    assert screen.status.startswith("Cannot import games.pdn: no problem in it")
    assert load_puzzles() == []
