"""Defects a player saw on screen (issue 36 §1), each where the player would notice it: the
window is driven through the App's loop under SDL's dummy drivers, with games and settings in a
temporary data directory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import click, press, screen_of
from pygame_gui.elements import UIScrollingContainer, UITextBox

from checkers import saves
from checkers.ai.levels import get_level
from checkers.board import BLACK, WHITE, Move, Piece, Position
from checkers.clock import TimeControl
from checkers.formats.pdn import read_file
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import GameConfig, Mode, PlayerConfig
from checkers.gui.game_control.ai_traffic import GETTING_READY
from checkers.gui.game_view.cards import RULES
from checkers.gui.game_view.panel import COUNTER_RULE, panel_lines
from checkers.gui.intents import LoadedGame
from checkers.gui.screens.game import KEPT_NOTE
from checkers.gui.screens.setup import SetupScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import Settings

FINISHED_GAME = """[Event "Club night"]
[Black "Ann Smith"]
[White "Bob Jones"]
[Result "1-0"]

1. 11-15 23-19 2. 8-11 22-17 1-0
"""
"""A finished game between two people, as another program writes it."""


@pytest.fixture(autouse=True)
def data_dir(data: Path) -> Iterator[Path]:
    yield data
    theme.use(theme.DEFAULT_THEME)


def open_from_start(app: App, path: Path) -> None:
    """Pick the file as Open file... does: the start screen receives the game it read."""
    start = app.screen
    assert isinstance(start, StartScreen)
    loaded = saves.load_game(path, 1)
    start.receive(LoadedGame(loaded.record, loaded.tags_and_result(), path.name, path=path))
    app.step(1 / 60)


def test_a_finished_game_opens_with_its_own_players_not_the_start_screens(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app(None)
    start = app.screen
    assert isinstance(start, StartScreen)
    start.choices.mode = Mode.AI_VS_AI  # the start screen says AI vs AI
    path = tmp_path / "club.pdn"
    path.write_text(FINISHED_GAME, encoding="utf-8")
    open_from_start(app, path)
    screen = screen_of(app)
    lines = panel_lines(screen.game)
    assert screen.game.mode is Mode.HUMAN_VS_HUMAN
    assert lines.header == Mode.HUMAN_VS_HUMAN.label
    assert lines.sides[0][2][0] == "Ann Smith" and lines.sides[1][2][0] == "Bob Jones"
    assert not screen.flipped  # White at the bottom, the standard diagram
    assert screen.game.finished


def test_a_game_of_ours_opens_with_the_players_it_was_played_by(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app(None)
    start = app.screen
    assert isinstance(start, StartScreen)
    start.choices.mode = Mode.AI_VS_AI
    path = tmp_path / "ours.pdn"
    ours = FINISHED_GAME.replace('[Black "Ann Smith"]', '[Black "Human"]\n[BlackPlayer "human"]')
    ours = ours.replace('[White "Bob Jones"]', '[White "AI novice"]\n[WhitePlayer "novice"]')
    path.write_text(ours, encoding="utf-8")
    open_from_start(app, path)
    screen = screen_of(app)
    assert screen.game.mode is Mode.HUMAN_VS_AI
    assert panel_lines(screen.game).sides[1][2][0] == "AI (Novice)"
    assert screen.flipped  # the human played Black: Black at the bottom


def test_a_game_opened_over_a_game_shows_the_files_players(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    you_and_ai = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("novice")))
    app = make_app(you_and_ai)
    assert screen_of(app).flipped  # you play Black, at the bottom
    path = tmp_path / "club.pdn"
    path.write_text(FINISHED_GAME, encoding="utf-8")
    loaded = saves.load_game(path, 1)
    screen_of(app).receive(LoadedGame(loaded.record, loaded.tags_and_result(), path.name))
    app.step(1 / 60)
    screen = screen_of(app)
    assert screen.game.mode is Mode.HUMAN_VS_HUMAN
    assert panel_lines(screen.game).sides[1][2][0] == "Bob Jones"
    assert not screen.flipped


def test_a_game_from_a_set_up_position_says_so_in_words_not_a_fen(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    press(app, pygame.K_e, "e")
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    setup.pieces = {9: Piece(BLACK), 14: Piece(BLACK), 27: Piece(WHITE, True)}
    press(app, pygame.K_RETURN)
    status = screen_of(app).game.status
    assert status.startswith("New game from your position: Black 2, White 1 (1 king). ")
    assert "B:" not in status and "W:" not in status


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_the_panel_and_the_help_say_the_same_of_the_stalemate_counter(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    kings = GameConfig(
        black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:WK29,K32:BK1,K4")
    )
    app = make_app(kings, size=size)
    screen = screen_of(app)
    for move in ("1-5", "29-25", "5-1", "25-29"):  # two quiet king moves each
        screen.game.play(Move.from_pdn(move, screen.game.position))
    app.step(1 / 60)
    panel = screen.panel
    # The panel says in whole words what it counts and when it draws, at every size, the
    # name after the plain words (the walk of 2026-11-29: "Stalemate counter: 0; a draw at
    # 40" read as chess's stalemate, and so did "Stalemate counter: 2 of 40 moves" first).
    assert panel.counter.text == "No capture or man move: 2 moves"
    # Its bar fills by the moves it counts: no fill under "0 moves" after one king move
    # (walk 2026-12-01af), a twentieth under "2 moves".
    assert panel_lines(screen.game).counter_share == pytest.approx(2 / 40)
    screen.game.play(Move.from_pdn("1-5", screen.game.position))
    assert panel_lines(screen.game).counter == ("No capture or man move: 2 moves", COUNTER_RULE)
    assert panel_lines(screen.game).counter_share == pytest.approx(2 / 40)
    assert panel.counter_rule.text == COUNTER_RULE == "Draw at 40 (stalemate counter)"
    for label in (panel.counter, panel.counter_rule):
        assert label.font.size(label.text)[0] <= label.rect.width - 4  # whole, never cut
    # The help card says it with the panel's own two rows, and what resets it.
    [draws] = [line for line in RULES if line.startswith("Draws")]
    assert '"No capture or man move: 0 moves" over "Draw at 40 (stalemate counter)"' in draws
    assert "or 40 moves each with no capture, no man move (crowning is one)" in draws
    assert "(not chess's stalemate)" in draws


@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_the_help_at_720x480_scrolls_once_and_says_the_counter_whole(
    make_app: Callable[..., App], theme_name: str
) -> None:
    # Issue 36: at 720x480 the rules had a scroll bar of their own over the keys' table, two
    # scrolling panes in one card.
    app = make_app(size=(720, 480), settings=Settings(theme=theme_name))
    press(app, pygame.K_QUESTION, "?")
    for _ in range(3):
        app.step(1 / 60)
    card = screen_of(app).widgets["help close"].ui_container
    assert card is not None
    [rules] = [e for e in card.elements if isinstance(e, UITextBox)]
    scrolling = [e for e in card.elements if isinstance(e, UIScrollingContainer)]
    assert rules.scroll_bar is None and len(scrolling) == 1
    laid = rules.text_box_layout
    assert laid is not None and laid.layout_rows[-1].bottom <= rules.rect.height
    [draws] = [line for line in RULES if line.startswith("Draws")]
    assert " ".join(draws.split()) in " ".join(rules.html_text.split())


def test_a_new_games_clock_waits_for_the_first_move_and_the_panel_shows_the_increment(
    make_app: Callable[..., App],
) -> None:
    timed = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(60, 2))
    app = make_app(timed)
    game = screen_of(app).game
    for _ in range(10):  # ten seconds of a slow start-up: nobody's clock runs
        app.step(1.0)
    assert game.timer is not None and game.timer.remaining(BLACK) == 60
    assert panel_lines(game).header_right == "1 min + 2 s a move"
    click(app, 11)
    click(app, 15)
    app.step(1.0)
    assert game.timer.remaining(BLACK) == 60  # the first move was untimed
    assert game.timer.remaining(WHITE) < 60  # White's clock runs from Black's first move
    assert panel_lines(game).header_right == "1 min + 2 s a move"


def test_a_game_resigned_before_any_move_is_kept_in_the_list(
    make_app: Callable[..., App], data_dir: Path
) -> None:
    app = make_app(autosave=True)
    screen_of(app).ask_resign()
    screen_of(app).ask_resign()  # the second press resigns
    app.step(1 / 60)
    game = screen_of(app).game
    assert game.finished and not game.record.line
    screen_of(app).keep_game()
    [path] = (data_dir / "games").glob("*.pdn")
    assert read_file(path)[0].result == "0-1"


@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_the_longest_status_lines_wrap_whole_at_720x480(
    make_app: Callable[..., App], theme_name: str
) -> None:
    """The status line held three rows where its layout promised four (pygame_gui spaced
    them 1.25 apart): a fourth row was cut. Each long text the game writes shows whole: the
    moves a move drops, a draw offer, the engine getting ready, a loss on time, a file with a
    long name opened while a game was kept."""
    app = make_app(size=(720, 480), settings=Settings(theme=theme_name))
    screen = screen_of(app)
    game = screen.game
    for move in ("11-15", "23-19", "8-11", "22-17", "9-13", "17-14"):
        game.play(Move.from_pdn(move, game.position))
    game.go_to(1)
    texts = [game.status]
    assert "(drops the later 3 moves)" in texts[0]
    game.go_to(len(game.record.line))
    press(app, pygame.K_d, "d")
    texts.append(game.status)
    assert "offers a draw" in texts[1]
    texts.append(f"{GETTING_READY} {game.turn_status()}")
    name = "Marion Tinsley vs Chinook, World Championship 1994, game 12.pdn"
    texts.append(
        f"{name}: Resumed after White's move 23. Your move (Black). A capture is compulsory."
        f"{KEPT_NOTE} Game over: Black wins. White's time ran out."
    )
    box = screen.status_box
    assert box is not None
    for text in texts:
        game.status = text
        app.step(1 / 60)
        app.step(1 / 60)
        assert box.scroll_bar is None, text  # nothing hidden below the box
        assert box.text_box_layout is not None
        rows = box.text_box_layout.layout_rows
        inside = box.rect.height - 2 * box.padding[1]
        assert rows[-1].bottom <= inside, text  # the last row whole, not cut at the edge
    assert len(rows) == 4  # the longest takes the four rows the layout keeps


def test_a_you_vs_ai_game_opened_over_an_ai_vs_ai_game_has_its_own_buttons(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """The walk of 2026-11-30b (103-105): a You vs AI game opened over an AI vs AI game said
    "You vs AI" but kept Pause and Step (greyed) where Undo and Hint belong."""
    novice = PlayerConfig(get_level("novice"))
    app = make_app(GameConfig(black=novice, white=novice))
    screen = screen_of(app)
    assert screen.game.mode is Mode.AI_VS_AI
    app.step(1 / 60)
    assert "pause" in screen.widgets and "hint" not in screen.widgets
    path = tmp_path / "ours.pdn"
    ours = FINISHED_GAME.replace('[Black "Ann Smith"]', '[Black "Human"]\n[BlackPlayer "human"]')
    ours = ours.replace('[White "Bob Jones"]', '[White "AI novice"]\n[WhitePlayer "novice"]')
    path.write_text(ours, encoding="utf-8")
    loaded = saves.load_game(path, 1)
    screen.receive(LoadedGame(loaded.record, loaded.tags_and_result(), path.name, True))
    app.step(1 / 60)
    screen = screen_of(app)
    assert screen.game.mode is Mode.HUMAN_VS_AI
    assert {"undo", "hint"} <= set(screen.widgets), sorted(screen.widgets)
    assert not {"pause", "step"} & set(screen.widgets), sorted(screen.widgets)
