"""The window's last leftovers after the walk that scored it 8/10 (issue 36, "A finished
window"), each checked where a player would notice it: a resumed game's clocks read what they
read when it was left, ..."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
import test_gui_text_sizes as text_sizes
from gui_driving import click, press, screen_of
from test_gui_explorer import four_saved_games, indexed, pane_of, run_until
from test_gui_rules_ui import QUICK, ScriptedAI
from test_gui_walk_window import SIZES_AND_THEMES

from checkers.board import BLACK, WHITE, Move, Position, Side
from checkers.clock import TimeControl, clock_tag, format_clock, read_clock_tag
from checkers.drills import Drill, DrillGame
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.controller import Game
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import LoadScreen, ResumeScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import Settings
from checkers.record import GameOverError, GameRecord, cannot_move_words, ended_words

FIVE_PLUS_THREE = TimeControl(300, 3)


@pytest.fixture(autouse=True)
def data_dir(data: Path) -> Iterator[Path]:
    yield data
    theme.use(theme.DEFAULT_THEME)


def clock_faces(app: App) -> tuple[str, str]:
    """Black's and White's clocks as the game's panel shows them."""
    panel = screen_of(app).panel
    assert panel is not None
    black, white = (labels[3].text for labels in panel.side_labels)
    return black, white


def timed_game_left_at_a_fraction(make_app: Callable[..., App]) -> tuple[App, tuple[str, str]]:
    """A 5+3 game of two players, 11-15 23-19 played, Black thinking until 4:50.04 is left (the
    face reads 4:51); the faces then."""
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=FIVE_PLUS_THREE)
    app = make_app(config, autosave=True)
    for square in (11, 15, 23, 19):
        click(app, square)
    game = screen_of(app).game
    assert game.timer is not None and game.timer.running is BLACK
    app.step(game.timer.remaining(BLACK) - 290.04)
    app.step(0)  # the panel shows the time of the frame before
    faces = clock_faces(app)
    assert faces[0] == "4:51"
    return app, faces


def linger(app: App, seconds: float, screen: type) -> None:
    """`seconds` of frames on `screen` (the player reading it before acting)."""
    assert isinstance(app.screen, screen)
    for _ in range(4):
        app.step(seconds / 4)


# --- 1. a resumed game's clocks read what they read when it was left ---------------------------


def test_a_game_resumed_from_the_main_menu_shows_the_clocks_it_was_left_with(
    make_app: Callable[..., App],
) -> None:
    app, left = timed_game_left_at_a_fraction(make_app)
    screen_of(app).to_menu()  # Menu > Main menu: the game is kept
    app.step(1 / 60)
    linger(app, 20.0, StartScreen)
    press(app, pygame.K_l, "l")  # Saved games
    linger(app, 20.0, LoadScreen)
    press(app, pygame.K_RETURN)  # Resume
    assert clock_faces(app) == left
    app.step(1.0)  # and Black's clock runs on from there
    assert clock_faces(app) == ("4:50", left[1])


def test_a_game_resumed_in_a_new_window_shows_the_clocks_it_was_left_with(
    make_app: Callable[..., App],
) -> None:
    app, left = timed_game_left_at_a_fraction(make_app)
    app.close()  # the window closed: the game is kept
    again = make_app(None, autosave=True, offer_resume=True)
    linger(again, 30.0, ResumeScreen)  # the card read for a while
    press(again, pygame.K_RETURN)  # Resume
    assert clock_faces(again) == left


@pytest.mark.parametrize("left", [0.0, 0.07, 9.95, 9.999, 10.0, 10.02, 59.5, 290.04, 290.0, 299.96])
def test_a_kept_clock_reads_back_to_the_face_it_showed(left: float) -> None:
    assert format_clock(read_clock_tag(clock_tag(left))) == format_clock(left)


def test_the_ais_clock_waits_while_its_process_starts() -> None:
    """A resumed game in a new window, the AI to move: its process still importing the engine
    (it has said nothing yet) costs the AI no time; once it has started, its search does."""

    class StartingAI(ScriptedAI):
        starting = True

        def is_starting(self) -> bool:
            return self.starting

    ai = StartingAI()
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK), clock=FIVE_PLUS_THREE)
    game = Game(config, ai=ai, hop_seconds=0)
    game.click(11)
    game.click(15)  # White (the AI) to move: its clock would run from here
    game.update(0.0)
    assert game.timer is not None and ai.pending is not None
    before = game.timer.remaining(WHITE)
    for _ in range(5):
        game.update(3.0)  # fifteen seconds of a loaded machine starting the AI's process
    assert game.timer.remaining(WHITE) == before
    ai.starting = False
    game.update(0.0)  # the frame that reads the process's first word
    game.update(2.0)
    assert game.timer.remaining(WHITE) == pytest.approx(before - 2.0)
    ai.answer(Move.from_pdn("23-19", game.position))
    game.update(0.0)
    assert game.timer.running is Side.BLACK


# --- 2. the saved games name a timed game's clock -----------------------------------------------


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_the_saved_games_list_names_the_clock_a_game_was_played_on(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    for clock in (None, FIVE_PLUS_THREE):
        app = make_app(
            GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=clock),
            autosave=True,
            size=size,
        )
        click(app, 11)
        click(app, 15)  # kept from its first move
        app.close()
    app = make_app(None, size=size)
    press(app, pygame.K_l, "l")
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    rows = [listing.widgets[f"row {index}"].text for index in range(2)]
    timed = [row for row in rows if "5 min + 3 s" in row]
    assert len(timed) == 1  # the timed game's row, whole; the untimed one names no clock
    assert "…" not in timed[0]
    assert not any("min" in row for row in rows if row not in timed)


# --- 3. a drill, the analysis board and the command line say why a side cannot move ------------


def test_a_drill_lost_with_no_pieces_left_says_so_and_is_over() -> None:
    # White (the player) walks its last king into a capture: 10x19 leaves it nothing.
    game = DrillGame(Drill("A king walks into a man", "W:WK19:B10", "Win.", "a test"))
    game.play(Move.from_pdn("19-15", game.position))
    assert game.reply() == Move.from_pdn("10x19", game.record.positions[1])
    assert game.record.outcome is not None and not game.player_to_move()
    assert game.result_words() == "Lost: White has no pieces left."
    assert game.reply() is None  # over: the databases play no more


def test_a_drill_won_by_blocking_says_the_other_side_is_blocked() -> None:
    # White's 18-14 leaves Black's only man, on 5, nowhere to go.
    game = DrillGame(Drill("A block", "W:W9,18:B5", "Win.", "a test"))
    game.play(Move.from_pdn("18-14", game.position))
    assert game.record.outcome is not None and game.record.outcome.winner is WHITE
    assert game.result_words() == "Won in 1 move (Black is blocked): as fast as the databases."


def test_the_text_game_and_the_rules_say_no_pieces_left_or_blocked() -> None:
    record = GameRecord(Position.from_fen("B:W14:B10"))
    record.play(Move.from_pdn("10x17", record.position))
    assert record.outcome is not None
    assert ended_words(record.outcome, record.position) == "Black wins: White has no pieces left"
    with pytest.raises(GameOverError, match="the game is over: Black wins: White has no pieces"):
        record.agree_draw()
    blocked = Position.from_fen("B:W9,14:B5")
    assert cannot_move_words(blocked) == "Black is blocked"


# --- 4. every status sentence of a finished game ends with a full stop --------------------------


def test_the_status_lines_of_a_finished_game_end_with_a_full_stop(
    make_app: Callable[..., App],
) -> None:
    start = Position.from_fen("B:W14:B10")
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start))
    game = screen_of(app).game
    click(app, 10)
    click(app, 17)  # 10x17: White has no pieces left
    said = [game.status]
    press(app, pygame.K_ESCAPE)  # the game-over card put away
    click(app, 17)  # a click on the finished game's board at its end
    said.append(game.status)
    press(app, pygame.K_LEFT)  # back a move
    said.append(game.status)
    click(app, 10)  # a click on the board a move before the end
    said.append(game.status)
    assert said[0] == "Game over: Black wins. White has no pieces left."
    assert all(line.endswith(".") for line in said), said


# --- 5. the explorer keeps no empty progress line ----------------------------------------------


@pytest.mark.parametrize(("size", "theme_name"), SIZES_AND_THEMES, ids=str)
def test_the_explorer_lays_out_without_a_progress_line_when_nothing_is_read(
    make_app: Callable[..., App], data: Path, size: tuple[int, int], theme_name: str
) -> None:
    four_saved_games(data)
    app = make_app(size=size, settings=Settings(theme=theme_name))
    press(app, pygame.K_o, "o")  # the explorer on the analysis board: the games read once
    run_until(app, indexed(pane_of(app)[1], 4))
    press(app, pygame.K_ESCAPE)
    run_until(app, lambda: isinstance(app.screen, GameScreen))
    press(app, pygame.K_o, "o")  # again: the games are read, nothing is in progress
    _, pane = pane_of(app)
    run_until(app, lambda: pane.labels["row 0 games"].text != "")
    app.step(1 / 60)
    assert pane.labels["explorer progress"].text == ""
    summary = pane.labels["explorer summary"].get_abs_rect()
    head = pane.labels["head move"].get_abs_rect()
    assert head.top == summary.bottom  # the heads right under the summary: no empty line
    well = pane.well
    assert well is not None and well.get_abs_rect().top == head.bottom
    assert not text_sizes.widget_problems(app)
