"""Defects a player saw on screen (issue 36, third round), each where the player would notice
it: the window is driven through the App's loop under SDL's dummy drivers, with games and
settings in a temporary data directory."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import click, press, run_until, screen_of
from pygame_gui.elements import UIButton, UILabel
from test_gui_review import blunder_record

from checkers.ai.endgame import default_endgames
from checkers.ai.search import Limits
from checkers.board import Position
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.game_view import review as review_screen
from checkers.gui.intents import OpenAnalysis
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.screens.drills import DrillScreen
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import LoadScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import StartScreen
from checkers.review import ReviewSetting

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guide.md"


@pytest.fixture(autouse=True)
def data_dir(data: Path) -> Iterator[Path]:
    yield data
    theme.use(theme.DEFAULT_THEME)


def rows_of(listing: LoadScreen) -> list[str]:
    """The saved-games list's rows as shown, top first."""
    return [button.text for name, button in listing.widgets.items() if name.startswith("row ")]


# --- 1. one name for the room of saved games ------------------------------------------------


def test_the_saved_games_room_has_one_name_on_its_button_title_menu_and_notes(
    make_app: Callable[..., App],
) -> None:
    app = make_app(None)
    start = app.screen
    assert isinstance(start, StartScreen)
    button = start.widgets["load"]
    assert isinstance(button, UIButton) and button.text == "Saved games"
    font = button.font
    assert font is not None and font.size(button.text)[0] <= button.get_abs_rect().width - 4
    press(app, pygame.K_l, "l")
    listing = app.screen
    assert isinstance(listing, LoadScreen) and listing.title == "Saved games"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)  # a game: its menu names the same room
    game = screen_of(app)
    game.toggle_menu()
    app.step(1 / 60)
    assert game.widgets["menu load"].text == "Saved games"
    words = GUIDE.read_text(encoding="utf-8")
    for other in ("Load (L)", "Load (Ctrl+O)", "Open a saved game", "New game, Load,"):
        assert other not in words


# --- 3. the game on the board, picked in the list, is gone back to ----------------------------


@pytest.mark.parametrize("review", [False, True], ids=["resume", "review"])
def test_the_game_on_the_board_picked_in_saved_games_is_gone_back_to(
    make_app: Callable[..., App], review: bool
) -> None:
    app = make_app(autosave=True)
    game_screen = screen_of(app)
    for square in (11, 15, 23, 19):
        click(app, square)
    press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    [row] = rows_of(listing)
    assert row.startswith("On the board now: ")
    assert listing.widgets["open"].text == "Resume"
    if review:
        press(app, pygame.K_r, "r")
    else:
        press(app, pygame.K_RETURN)
    assert app.screen is game_screen  # the same game, not a second copy of it
    assert "Cannot open" not in listing.status and "Cannot open" not in game_screen.game.status
    assert game_screen.game.record.ply == 2
    assert (game_screen.review_pane is not None) is review


def test_another_windows_game_is_still_refused_in_saved_games(
    make_app: Callable[..., App],
) -> None:
    first = make_app(autosave=True)
    for square in (11, 15):
        click(first, square)
    second = make_app(autosave=True)
    for square in (9, 14):
        click(second, square)
    press(second, pygame.K_o, "o", pygame.KMOD_CTRL)
    listing = second.screen
    assert isinstance(listing, LoadScreen)
    rows = rows_of(listing)
    theirs = next(index for index, row in enumerate(rows) if row.startswith("In another window"))
    assert sum(row.startswith("On the board now: ") for row in rows) == 1
    listing.open(listing.first + theirs)
    assert second.screen is listing
    assert "being played in a window" in listing.status
    assert isinstance(first.screen, GameScreen)


# --- 2. the two build times say what each builds ----------------------------------------------


def test_the_drills_build_time_and_the_settings_build_time_say_what_each_builds(
    make_app: Callable[..., App],
) -> None:
    default_endgames.cache_clear()  # the temporary data folder: no 5-piece table built yet
    app = make_app(None)
    press(app, pygame.K_d, "d")
    app.step(1 / 60)
    drills = app.screen
    assert isinstance(drills, DrillScreen) and drills.card is not None
    card_words = " ".join(drills.card.lines)
    drill = re.search(
        r"the one 5-piece table it needs is built [^.]*: about (\d+) seconds", card_words
    )
    assert drill is not None, card_words
    [whole_size] = [line for line in drills.card.lines if "all 5-piece endings" in line]
    assert "about" not in whole_size  # the whole size's time is Settings' alone
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_s, "s")
    settings = app.screen
    assert isinstance(settings, SettingsScreen)
    status = settings.widgets["databases_status"]
    assert isinstance(status, UILabel)
    size = re.fullmatch(
        r"All 5-piece endings: about (\d+) (seconds|minutes) and .* of disk", status.text
    )
    assert size is not None, status.text
    whole = int(size.group(1)) * (60 if size.group(2) == "minutes" else 1)
    assert whole > int(drill.group(1))  # all endings of a size take longer than a drill's one
    default_endgames.cache_clear()


# --- 4. no "Play best" where the game is over ------------------------------------------------


def test_the_analysis_board_offers_no_best_move_where_the_game_is_over(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    app.request(OpenAnalysis(Position.from_fen("W:W9,18:B5"), ()))
    app.step(1 / 60)
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    app.step(1 / 60)
    assert board.widgets["best"].is_enabled
    board.play_text("18-14")  # Black's man on 5 is blocked: White has won
    app.step(1 / 60)
    assert not board.widgets["best"].is_enabled  # greyed
    press(app, pygame.K_SPACE, " ")  # the key says why nothing is played
    assert board.record.ply == 1
    assert board.status.startswith("The game is over here")
    assert board.texts()["engine"] == "The game would be over here:"
    assert board.texts()["nodes"] == "White wins: Black has no legal move."
    press(app, pygame.K_u, "u")  # taken back: a move to play again
    app.step(1 / 60)
    assert board.widgets["best"].is_enabled


# --- 5. the review graph's marks on the curve -------------------------------------------------


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=["720x480", "1280x800"])
def test_the_review_graphs_marks_sit_on_the_curve(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setattr(review_screen, "SETTING", ReviewSetting(Limits(depth=4)))
    monkeypatch.setattr(review_screen, "JOBS", 1)
    app = make_app(size=size)
    screen = screen_of(app)
    screen.load(blunder_record(), {}, "blunder.pdn")
    app.step(1 / 60)
    press(app, pygame.K_g, "g")  # Review game
    pane = screen.review_pane
    assert pane is not None
    run_until(app, lambda: not pane.progress.running)
    app.step(1 / 60)
    marks = pane.marks()
    assert marks and len(marks) == len(pane.progress.marked())
    for ply, _, square in marks:
        x, y = pane.point_of(ply)  # where the curve passes at that move
        assert abs(square.centerx - x) <= 1 and abs(square.centery - y) <= 1
        assert pane.parts.graph.contains(square)  # and whole, inside the graph's frame
