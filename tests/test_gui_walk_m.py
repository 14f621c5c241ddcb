"""The newcomer's walk of 2026-11-30 (seventh round, main at c4a4d70): four window defects, each
checked where a player would notice it, through the App's loop under SDL's dummy drivers:
Settings' Board row against the board each mode opens with, Next puzzle over many due, End after
a pause in AI vs AI, and the AI vs AI delay kept for the start form."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from gui_driving import click_at, click_button, press, run_until, screen_of
from pygame_gui.elements import UIButton
from test_gui_start import choose, shown, start_screen

from checkers.ai.levels import Level, get_level
from checkers.board import WHITE, Move, Position
from checkers.board_geometry import BoardGeometry
from checkers.formats.puzzle_store import add_puzzles
from checkers.gui.app import App
from checkers.gui.config import GameConfig, Mode, PlayerConfig
from checkers.gui.intents import OpenSettings
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.puzzles import PuzzleScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import Settings, load_settings
from checkers.puzzle_import import problem_book


def settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def black_at_bottom(board: BoardGeometry) -> bool:
    """Whether Black's end of the board (square 1) is at the bottom."""
    return board.square_center(1)[1] > board.square_center(32)[1]


def board_row(app: App) -> str:
    """Settings' Board row as it reads over the screen on top, Settings closed again."""
    app.request(OpenSettings())
    settle(app)
    dialog = app.screen
    assert isinstance(dialog, SettingsScreen)
    button = dialog.widgets["flip"]
    assert isinstance(button, UIButton)
    text = str(button.text)
    dialog.close_dialog()
    settle(app)
    return text


# --- 1. Settings' Board row says what the board of every mode does ----------------------------


@pytest.mark.parametrize(
    ("keys", "human"),
    [
        ((pygame.K_1, pygame.K_b), "Black"),
        ((pygame.K_1, pygame.K_w), "White"),
        ((pygame.K_2,), None),
        ((pygame.K_3,), None),
    ],
    ids=["you as Black", "you as White", "AI vs AI", "two players"],
)
def test_the_board_turned_between_two_players_is_as_every_games_board_row_says(
    make_app: Callable[..., App], keys: tuple[int, ...], human: str | None
) -> None:
    # The walk turned the board from the Two players start screen ("Turned (Black at the
    # bottom)"), then played Black against the AI: Black was at the top.
    app = make_app(None, size=(720, 480))
    press(app, pygame.K_3, "3")  # two players
    assert board_row(app) == "White at the bottom"
    app.request(OpenSettings())
    settle(app)
    dialog = app.screen
    assert isinstance(dialog, SettingsScreen)
    click_button(app, dialog.widgets["flip"])  # type: ignore[arg-type]
    settle(app)
    dialog.close_dialog()
    settle(app)
    assert board_row(app) == "Turned (Black at the bottom)"

    for code in keys:
        press(app, code, pygame.key.name(code))
    start = app.screen
    assert isinstance(start, StartScreen)
    start_words = start._board_words()
    press(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.screen, GameScreen))
    game = screen_of(app)
    black = black_at_bottom(game.layout().board)
    said = board_row(app)
    if human is None:
        # Where no side is yours the row names the colour at the bottom: the board's.
        assert said.endswith(f"{'Black' if black else 'White'} at the bottom)") or said == (
            f"{'Black' if black else 'White'} at the bottom"
        )
        assert start_words.startswith(f"{'Black' if black else 'White'} is at the bottom")
    else:
        # Turning the two players' board left your side at the bottom against the AI.
        assert said == "Your side at the bottom"
        assert black is (human == "Black")
    if keys == (pygame.K_3,):
        assert black and said == "Turned (Black at the bottom)"  # the board the row promised
    if keys == (pygame.K_2,):
        assert black and said == "Black at the bottom"


def test_a_board_turned_in_an_older_settings_file_stays_turned_in_every_mode() -> None:
    # Before each mode kept its own, `flip` turned every game's board.
    old = Settings.from_json({"flip": True})
    assert all(old.turns(mode) for mode in (None, *Mode))
    assert not any(Settings.from_json({"flip": False}).turns(mode) for mode in Mode)


# --- 2. N walks through the puzzles due, never back and forth between two --------------------


def test_next_puzzle_walks_through_every_puzzle_due_before_any_comes_again(
    make_app: Callable[..., App], data: Path
) -> None:
    # The walk had the problem book's 20 problems due: N went 1, 2, 1, 2, ... and problem 3
    # came only after answering 1 and 2.
    book = problem_book().puzzles
    add_puzzles(book)
    app = make_app(None, size=(720, 480))
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, PuzzleScreen) and screen.puzzle is not None

    def problem_shown() -> str:
        """The problem's number as the panel's source line names it."""
        found = re.search(r"problem (\d+)", screen.texts()["source 1"])
        assert found is not None
        return found.group(1)

    shown = [problem_shown()]
    for _ in range(len(book) - 1):
        press(app, pygame.K_n, "n")
        shown.append(problem_shown())
    assert sorted(shown, key=int) == [str(n) for n in range(1, len(book) + 1)]  # each once
    # Past the last, the skipped come again in the order they were skipped.
    press(app, pygame.K_n, "n")
    assert problem_shown() == shown[0]
    press(app, pygame.K_n, "n")
    assert problem_shown() == shown[1]


def test_a_skipped_puzzle_comes_after_the_others_due(
    make_app: Callable[..., App], data: Path
) -> None:
    book = problem_book().puzzles[:4]
    add_puzzles(book)
    app = make_app(None, size=(720, 480))
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, PuzzleScreen)
    first = screen.puzzle
    assert first is not None
    press(app, pygame.K_n, "n")  # skipped
    second = screen.puzzle
    assert second is not None and second.key != first.key
    answer = Move.from_pdn(second.solution[0], second.position)
    for square in (answer.path[0], answer.path[-1]):  # the piece, then where it lands
        x, y = screen.layout().board.square_center(square)
        click_at(app, (int(x), int(y)))
    assert screen.answer == answer  # answered right: not due for days
    seen = {first.key, second.key}
    for _ in range(2):  # the two never shown come before the one skipped
        press(app, pygame.K_n, "n")
        assert screen.puzzle is not None and screen.puzzle.key not in seen
        seen.add(screen.puzzle.key)
    press(app, pygame.K_n, "n")
    assert screen.puzzle is not None and screen.puzzle.key == first.key


# --- 3. End after a pause in AI vs AI: the panel says what it says of that position -----------


def band_text(app: App) -> str:
    """The panel's engine band (the AI's figures, or the position's score) as it reads."""
    app.step(1 / 60)
    panel = screen_of(app).panel
    assert panel is not None
    return str(panel.search.html_text).replace("\u00a0", " ")


def test_end_after_a_pause_in_ai_vs_ai_leaves_no_empty_band(make_app: Callable[..., App]) -> None:
    # The walk paused a Beginner v Master game after Black's move (the Beginner's figures
    # shown, White to move), pressed End: the band went blank between the counter and Moves.
    beginner = PlayerConfig(get_level("beginner"))
    engine = PlayerConfig(Level("quick engine", "test opponent", "engine", "engine", depth=4))
    config = GameConfig(black=beginner, white=engine, ai_delay=0)
    app = make_app(config, size=(720, 480), settings=Settings(theme="contrast"))
    game = screen_of(app).game
    press(app, pygame.K_SPACE, " ")  # pause
    press(app, pygame.K_s, "s")  # one move: the Beginner's
    run_until(
        app, lambda: game.record.ply == 1 and game.thinking is None and game.animation is None
    )
    assert game.paused and game.position.turn is WHITE
    assert "Black (Beginner)" in band_text(app)  # its figures, over a position not judged yet
    assert game.position not in game.judgements
    press(app, pygame.K_END)
    assert game.status.startswith("Back at the last move.")
    # The position's score, as stepping back to any judged position shows it: the engine
    # judges it (a short search) since nothing had, and the game stays paused.
    run_until(app, lambda: game.position in game.judgements and game.thinking is None)
    text = band_text(app)
    assert "Score " in text and "The engine expects" in text
    assert game.paused and game.record.ply == 1


# --- 4. the delay chosen in an AI vs AI game is the start form's next time ---------------------


def test_the_delay_chosen_in_an_ai_vs_ai_game_is_the_start_forms_next_time(data: Path) -> None:
    # The walk set 1 s with + in the game; the start form was back at 0 s for the next one.
    first = App(None, hop_seconds=0, muted=True, remember=True)
    try:
        first.step(0)
        press(first, pygame.K_2, "2")  # AI vs AI
        choose(first, "delay", "0 s between moves")
        for steps, said in ((3, "1 s between moves"), (2, "4 s between moves")):
            press(first, pygame.K_RETURN)
            run_until(first, lambda: isinstance(first.screen, GameScreen))
            for _ in range(steps):
                press(first, pygame.K_PLUS, "+")
            # The status says the delay until the next AI move replaces it, which on a slow
            # machine can come between the presses: read the game's delay itself.
            assert screen_of(first).game.delay == float(said.split()[0])
            press(first, pygame.K_ESCAPE)  # the game's Menu: the start screen
            run_until(first, lambda: isinstance(first.screen, StartScreen))
            assert shown(start_screen(first).menus["delay"]) == said
            assert start_screen(first).choices.config().ai_delay == float(said.split()[0])
    finally:
        first.close()
    assert load_settings().ai_delay == 4.0  # the next run's form too
    second = App(None, hop_seconds=0, muted=True, remember=True)
    try:
        second.step(0)
        assert shown(start_screen(second).menus["delay"]) == "4 s between moves"
    finally:
        second.close()


def test_a_pause_while_the_engine_thinks_after_a_weak_move_leaves_no_empty_band(
    make_app: Callable[..., App],
) -> None:
    # Walks 2026-11-30o and p: Casual v Master, Space then End while the Master thought: the
    # band stood empty beside the bar's score (of the position before). The Master's search
    # had given up the exact pass of the Casual's move, and the game still waited for it.
    casual = PlayerConfig(get_level("casual"))
    slow = PlayerConfig(Level("slow engine", "test opponent", "engine", "engine", time=60.0))
    start = Position.from_fen("B:W13,19,20,21,24,25,26,27,29,30,31,32:B1,2,3,5,6,7,8,9,10,12,15,18")
    config = GameConfig(black=casual, white=slow, ai_delay=0, start=start)
    app = make_app(config, size=(720, 480), settings=Settings(theme="contrast"))
    game = screen_of(app).game
    run_until(
        app,
        lambda: (
            game.record.ply == 1
            and game.thinking is not None
            and game.thinking.purpose == "move"
            and game.animation is None
        ),
    )
    press(app, pygame.K_SPACE, " ")  # pause: the engine's move search is cancelled
    press(app, pygame.K_END)
    assert game.paused and game.position.turn is WHITE
    run_until(app, lambda: game.position in game.judgements and game.thinking is None)
    assert game.position in game.judgements  # judged, not waiting for a pass that is gone
    assert "Score " in band_text(app)
