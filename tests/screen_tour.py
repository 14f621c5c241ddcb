"""A walk through every screen of the window, each in a state that shows its long texts: the
tests of text sizes measure each stop, and a script can save a screenshot of each.

`tour(data, size, theme_name)` yields a stop's name and its App once the window shows it; the
data folder `data` (the `data` fixture's) gets saved games, an archive and a puzzle first."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
from gui_driving import press, screen_of
from test_review import BEFORE_BLUNDER, BLUNDER, moves_of

from checkers import saves
from checkers.ai import Limits
from checkers.ai.levels import get_level
from checkers.board import Position
from checkers.formats.pdn import open_archive, read_game, record_from_game
from checkers.formats.puzzle_store import add_puzzles
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.intents import (
    OpenArchive,
    OpenDrills,
    OpenFile,
    OpenLoad,
    OpenPuzzles,
    OpenSettings,
    SaveGameAs,
)
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.settings import Settings
from checkers.gui.tree_view.overlay import TreeOverlay
from checkers.puzzles import find_puzzles
from checkers.record import GameRecord
from checkers.review import ReviewSetting, review_moves

OPENING = "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14"
"""A common opening; Black is to move after it."""
ARCHIVE = "".join(
    f'[Event "{event}"]\n[Black "{black}"]\n[White "{white}"]\n[Result "{result}"]\n{moves}\n\n'
    for event, black, white, result, moves in (
        ("Scottish Open Championship", "Marion Tinsley", "Chinook", "1/2-1/2", OPENING),
        ("Open", "Oldbury", "Tinsley", "1-0", "1. 9-13 22-18 1-0"),
        ("Club", "Ann", "Bob", "0-1", "1. 10-14 24-20 0-1"),
    )
)
FRAMES_CAP = 30_000
"""Frames a wait may take before it gives up: only a hang reaches it."""


def settle(app: App, frames: int = 6) -> None:
    """A few frames, so pygame_gui shows what changed."""
    for _ in range(frames):
        app.step(1 / 60)


def wait_for(app: App, condition: Callable[[], bool]) -> None:
    """Frames until `condition` holds, waiting on the AI worker between them."""
    for _ in range(FRAMES_CAP):
        if condition():
            settle(app)
            return
        app.step(1 / 60)
        app.ai.wait(1 / 60)
    raise AssertionError("the window never reached the state to show")


def fill_data(data: Path) -> Path:
    """Saved games (one finished, one not), a puzzle and an archive in the data folder; the
    archive's path."""
    record = record_from_game(read_game(f'[Result "*"]\n{OPENING} *\n'))
    saves.save_game(record, {"Black": "You", "White": "AI (Club)", "Result": "*"})
    finished = GameRecord.replay(moves_of([*BEFORE_BLUNDER, BLUNDER]))
    saves.save_game(
        finished, {"Black": "Marion Tinsley", "White": "AI (Grandmaster)", "Result": "0-1"}
    )
    shallow = Limits(depth=6)
    reviews = list(
        review_moves(Position(), moves_of([*BEFORE_BLUNDER, BLUNDER]), ReviewSetting(shallow))
    )
    add_puzzles(find_puzzles(reviews, shallow)[:1])
    archive = data / "archive.pdn"
    archive.write_text(ARCHIVE, encoding="utf-8")
    return archive


class Apps:
    """Opens the tour's window: one before is closed first (an App's close ends pygame, so two
    are never open at once)."""

    def __init__(self, size: tuple[int, int], theme_name: str) -> None:
        self.size = size
        self.settings = Settings(theme=theme_name)
        self.app: App | None = None

    def open(self, config: GameConfig | None) -> App:
        """A window at the tour's size and theme, without sound or animation."""
        self.close()
        self.app = App(config, size=self.size, settings=self.settings, hop_seconds=0, muted=True)
        self.app.step(0)
        return self.app

    def close(self) -> None:
        """Close the window open, if any."""
        if self.app is not None:
            self.app.close()
            self.app = None


def tour(data: Path, size: tuple[int, int], theme_name: str) -> Iterator[tuple[str, App]]:
    """Every screen, one after the other, at `size` in `theme_name`: yields each stop's name
    and its App while the window shows it."""
    apps = Apps(size, theme_name)
    try:
        yield from _stops(apps, fill_data(data))
    finally:
        apps.close()


def _stops(apps: Apps, archive: Path) -> Iterator[tuple[str, App]]:
    app = apps.open(None)
    settle(app)
    yield "start", app
    press(app, pygame.K_2, "2")  # AI vs AI
    press(app, pygame.K_a, "a")  # its Advanced section
    settle(app)
    yield "start, advanced", app
    press(app, pygame.K_1, "1")
    for name, intent in (
        ("settings", OpenSettings()),
        ("saved games", OpenLoad()),
        ("archive", OpenArchive(open_archive(archive))),
        ("open file", OpenFile()),
        ("puzzles", OpenPuzzles()),
        ("drills", OpenDrills()),
    ):
        app.request(intent)
        settle(app, 20)
        yield name, app
        app.pop()
        settle(app)

    # The games in the same window, one after the other, as a player starts them: one AI
    # process for the whole tour (a window each started one, and loaded its core, each time).
    against_ai = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("club")))
    record = record_from_game(read_game(f'[Result "*"]\n{OPENING} *\n'))
    app.start_game(against_ai, record=record, tags={"Result": "*"})
    screen = screen_of(app)
    press(app, pygame.K_h, "h")
    wait_for(app, lambda: screen.game.hint is not None)
    yield "game", app
    press(app, pygame.K_QUESTION, "?")
    settle(app)
    yield "game, help", app
    press(app, pygame.K_QUESTION, "?")
    screen.toggle_menu()
    settle(app)
    yield "game, menu", app
    screen.toggle_menu()
    screen.ask_resign()
    settle(app)
    yield "game, resign?", app
    press(app, pygame.K_ESCAPE)
    app.request(SaveGameAs(screen.pdn_text(), "game.pdn"))
    settle(app, 20)
    yield "save as", app
    app.pop()
    settle(app)
    press(app, pygame.K_t, "t")
    overlay = screen.overlays["tree"]
    assert isinstance(overlay, TreeOverlay)
    assert overlay.wait_for_search(timeout=300), "the tree's search did not finish"
    settle(app)
    yield "game, search tree", app
    press(app, pygame.K_t, "t")
    press(app, pygame.K_a, "a")
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    wait_for(app, lambda: len(board.rows()) >= 3 and board.analysis is not None)
    wait_for(app, lambda: board.analysis is not None and board.analysis.depth >= 10)
    yield "analysis", app
    app.pop()
    settle(app)
    press(app, pygame.K_o, "o")
    settle(app, 20)
    yield "analysis, explorer", app
    app.pop()
    settle(app)
    press(app, pygame.K_e, "e")
    settle(app)
    yield "set up", app

    two_players = GameConfig(black=PlayerConfig(), white=PlayerConfig())
    reviewed = GameRecord.replay(moves_of([*BEFORE_BLUNDER, BLUNDER]))
    app.start_game(two_players, record=reviewed, tags={"Result": "*"})
    screen = screen_of(app)
    press(app, pygame.K_g, "g")
    wait_for(
        app, lambda: (pane := screen.review_pane) is not None and pane.progress.state == "done"
    )
    yield "review", app

    ai_game = GameConfig(
        black=PlayerConfig(get_level("beginner")),
        white=PlayerConfig(get_level("club")),
        ai_delay=0.0,  # the pause between its moves is for a player to follow them
    )
    app.start_game(ai_game)
    settle(app)
    screen = screen_of(app)
    wait_for(app, lambda: screen.game.record.ply >= 4)
    press(app, pygame.K_SPACE, " ")
    wait_for(app, lambda: screen.game.shown_explanation()[0] is not None)
    yield "ai vs ai", app
    press(app, pygame.K_w, "w")
    settle(app, 20)
    yield "why", app
