"""Defects a player saw on screen (issue 36 §1, second round), each where the player would
notice it: the window is driven through the App's loop under SDL's dummy drivers, with games
and settings in a temporary data directory."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import click, click_at, press, run_until, screen_of
from pygame_gui.elements import UIButton

from checkers import saves
from checkers.ai.levels import get_level
from checkers.board import BLACK, Move
from checkers.board_geometry import arrow_shifts
from checkers.clock import TimeControl
from checkers.formats.pdn import read_file
from checkers.gui import theme
from checkers.gui.app import App, ui_scale
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.explorer_pane import NO_SHARES, WAY_BACK_IN_GAME, empty_words
from checkers.gui.game_view.panel import UNDONE
from checkers.gui.intents import LoadedGame
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.screens.load import LoadScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import Settings
from checkers.gui.tree_view.overlay import TreeOverlay


@pytest.fixture(autouse=True)
def data_dir(data: Path) -> Iterator[Path]:
    yield data
    theme.use(theme.DEFAULT_THEME)


def start_screen(app: App) -> StartScreen:
    """The start screen on top of the App."""
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return screen


def _start_in_mode(make_app: Callable[..., App], size: tuple[int, int], mode: int) -> StartScreen:
    """The start screen at `size` with mode `mode` (1-3) chosen by its key."""
    app = make_app(None, size=size)
    press(app, getattr(pygame, f"K_{mode}"), str(mode))
    return start_screen(app)


def _right_under_the_mode_row(start: StartScreen, mode: int, below: pygame.Rect) -> None:
    """The row `below` follows the Mode row (of mode `mode`'s button) with no empty band."""
    mode_row = start.widgets[f"mode {mode}"].get_abs_rect()
    assert 0 <= below.top - mode_row.bottom <= mode_row.height // 2


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_ai_vs_ai_stands_right_under_the_mode_row(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    start = _start_in_mode(make_app, size, 2)
    # No empty band where Clock and You play stand in the other modes: the next row follows.
    _right_under_the_mode_row(start, 2, start.menus["black level"].get_abs_rect())


@pytest.mark.parametrize("size", [(720, 480), (1120, 720)])
def test_two_players_stands_right_under_the_mode_row_over_its_board(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    # The walk of 2026-11-30i: 130 px of nothing between Mode and Clock (the form was centred).
    start = _start_in_mode(make_app, size, 3)
    _right_under_the_mode_row(start, 3, start.widgets["clock Untimed"].get_abs_rect())
    # The room under the form shows the board as the game opens, as AI vs AI's does.
    assert start.preview is not None and start.preview.cell >= 8
    assert start.preview.top + 8 * start.preview.cell <= start.widgets["start"].get_abs_rect().top


def test_the_level_list_drops_as_wide_as_its_button(make_app: Callable[..., App]) -> None:
    app = make_app(None, size=(720, 480))
    press(app, pygame.K_2, "2")
    menu = start_screen(app).menus["black level"]
    click_at(app, menu.get_abs_rect().center)
    app.step(1 / 60)
    options = menu.menu_states["expanded"].options_selection_list
    assert options is not None and options.alive()
    assert options.get_abs_rect().width == menu.get_abs_rect().width


@pytest.mark.parametrize("name", theme.THEMES)
def test_the_hover_ring_is_not_the_selection_ring(name: str) -> None:
    colours = theme.ui_theme(name)["defaults"]["colours"]
    assert colours["hovered_border"].lower() != colours["selected_border"].lower()


def test_sound_says_there_is_no_audio_device_and_is_greyed(make_app: Callable[..., App]) -> None:
    app = make_app(None)
    app.sounds.problem = "no sound: ALSA: Couldn't open audio device"
    press(app, pygame.K_s, "s")
    settings = app.screen
    assert isinstance(settings, SettingsScreen)
    sound, volume = settings.widgets["sound"], settings.widgets["volume"]
    assert isinstance(sound, UIButton)
    assert sound.text == "No audio device" and not sound.is_enabled
    app.step(1 / 60)
    assert not volume.is_enabled
    # Nothing to drag where no device can play (walk 2026-11-30k: the greyed slider still
    # read as usable): the row shows a dash.
    assert not volume.visible


def test_a_game_undone_to_its_start_is_no_longer_kept(
    make_app: Callable[..., App], data_dir: Path
) -> None:
    app = make_app(autosave=True)
    click(app, 11)
    click(app, 15)
    assert len(list((data_dir / "games").glob("*.pdn"))) == 1
    press(app, pygame.K_u, "u")  # back to the start: the move waits for redo in this window
    assert screen_of(app).game.record.ply == 0
    # A game whose every move was taken back is no game to keep: its file goes.
    assert not list((data_dir / "games").glob("*.pdn"))
    press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    assert not [text for name, text in button_texts(listing) if name.startswith("row ")]
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_r, "r")  # Redo still replays it, and it is kept again
    [path] = (data_dir / "games").glob("*.pdn")
    assert len(read_file(path)[0].moves) == 1


def test_a_saved_games_row_is_never_cut_at_its_date(
    make_app: Callable[..., App], data_dir: Path
) -> None:
    long_name = "Alexandra Konstantinopoulou-Vanderbilt of the Northern Draughts Club"
    (data_dir / "games").mkdir(exist_ok=True)
    text = f'[Black "{long_name}"]\n[White "{long_name}"]\n[Result "1-0"]\n\n1. 11-15 1-0\n'
    (data_dir / "games" / "long.pdn").write_text(text, encoding="utf-8")
    app = make_app(None, size=(720, 480))
    press(app, pygame.K_l, "l")
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    [row] = [text for name, text in button_texts(listing) if name.startswith("row ")]
    assert "…" in row  # the players are cut short...
    # ...never when it was saved (`saved 14:46` today, else with its date)
    assert re.search(r", (last )?saved( today)?( \d{4}-\d\d-\d\d| \d\d-\d\d)? \d\d:\d\d$", row)


def button_texts(screen: LoadScreen) -> list[tuple[str, str]]:
    """The list's buttons by name, with the text each shows."""
    return [(name, button.text) for name, button in screen.widgets.items()]


def test_a_move_and_the_capture_back_over_it_are_drawn_apart() -> None:
    # 9-14 then 18x9 leaps back over 14: both arrows lie along the 9-14 stretch of a diagonal.
    line = (Move.from_pdn("9-14"), Move.from_pdn("18x9"), Move.from_pdn("5x14"))
    shifts = arrow_shifts(line)
    assert shifts[0] != shifts[1] and shifts[1] != shifts[2]
    # Moves on other diagonals stay in place.
    assert arrow_shifts((Move.from_pdn("11-15"), Move.from_pdn("23-19"))) == [0, 0]


def test_the_explorer_says_what_an_empty_table_means_and_gives_one_score_a_move(
    make_app: Callable[..., App], data_dir: Path
) -> None:
    (data_dir / "games").mkdir(exist_ok=True)
    unfinished = '[Black "Ann"]\n[White "Bob"]\n[Result "*"]\n\n1. 11-15 23-19 *\n'
    (data_dir / "games" / "unfinished.pdn").write_text(unfinished, encoding="utf-8")
    app = make_app()
    press(app, pygame.K_o, "o")  # the explorer on the analysis board
    board = app.screen
    assert isinstance(board, AnalysisScreen) and board.explorer is not None
    pane = board.explorer
    run_until(app, lambda: not pane.builder.busy and pane.games() == 1)
    run_until(app, lambda: pane.labels["row 0 games"].text == "1")
    # A move whose games have no result: dashes in the shares' column, said under the table.
    assert [pane.labels[f"row 0 {key}"].text for key in ("win", "draw", "loss")] == [NO_SHARES] * 3
    assert [pane.labels[f"head {key}"].text for key in ("win", "draw", "loss")] == [
        "Win",
        "Draw",
        "Loss",
    ]
    assert (
        "no game from here has a result yet" in pane.texts(board.position, None)["explorer engine"]
    )
    # Once the engine scores 11-15, the book line gives that move no second, other figure:
    # the table's own (walk 2026-12-01ab read a bare "11-15" there as a move with none).
    run_until(app, lambda: board.analysis is not None and board.analysis.depth >= 4)
    run_until(app, lambda: pane.labels["row 0 engine"].text.strip(" •") != "")
    texts = pane.texts(board.position, board.analysis)
    figure = re.search(r"11-15\u00a0\(([^)]*)\)", texts["explorer book"])
    assert figure is not None, texts["explorer book"]
    assert figure.group(1) == texts["row 0 engine"].strip(" •"), (figure, texts["row 0 engine"])
    # A position no game reached: no column heads over an empty table, but why, and what to do.
    for move in ("11-15", "24-20"):  # a reply no game played
        board.play_text(move)
        app.step(1 / 60)
    run_until(app, lambda: pane.labels["empty 0"].text.strip() != "")
    assert pane.labels["head win"].text.strip() == ""
    said = " ".join(label.text for name, label in pane.labels.items() if name.startswith("empty "))
    assert "None of your saved games" in said and "reached this position" in said
    assert "Add games..." in said


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=["720x480", "1280x800"])
def test_the_explorers_way_back_works_where_it_is_given(
    make_app: Callable[..., App], data_dir: Path, size: tuple[int, int]
) -> None:
    # The walk's explorer, opened from a game, said "Step back towards the start (Left, Home)"
    # where Left answered "nothing to take back here": the advice names keys that work there.
    (data_dir / "games").mkdir(exist_ok=True)
    played = '[Black "Ann"]\n[White "Bob"]\n[Result "*"]\n\n1. 11-15 23-19 *\n'
    (data_dir / "games" / "played.pdn").write_text(played, encoding="utf-8")
    app = make_app(size=size)
    game = screen_of(app).game
    for square in (11, 15, 24, 20):  # 24-20: a reply no game played
        click(app, square)
    run_until(app, lambda: game.record.ply == 2 and game.animation is None)
    press(app, pygame.K_o, "o")  # the explorer on the position shown
    board = app.screen
    assert isinstance(board, AnalysisScreen) and board.explorer is not None
    pane = board.explorer

    def said() -> str:
        return " ".join(
            label.text for name, label in pane.labels.items() if name.startswith("empty ")
        )

    run_until(app, lambda: not pane.builder.busy and "reached this position" in said())
    # On the game's position: this board's Left and Home take nothing back, so the advice is
    # the game's keys, and they work there.
    assert "Esc, then Left or Home" in said() and "(Left, Home)" not in said()
    assert " ".join(said().split()) == empty_words(WAY_BACK_IN_GAME)  # whole, every row shown
    press(app, pygame.K_LEFT)
    assert "nothing to take back" in board.status
    # A move made here: Left takes it back, and the advice says so.
    board.play_text("8-11")
    run_until(app, lambda: "(Left, Home)" in said())
    press(app, pygame.K_LEFT)
    assert board.status == "Took back 8-11." and board.moves_here() == 0
    run_until(app, lambda: "Esc, then Left or Home" in said())
    press(app, pygame.K_ESCAPE)
    assert screen_of(app) is not board and screen_of(app).game is game
    press(app, pygame.K_LEFT)  # in the game, Left steps back towards the start
    assert game.record.ply == 1


@pytest.mark.parametrize("level", ["novice", "club"])
def test_after_undo_the_bar_shows_the_score_it_showed_for_the_position(
    make_app: Callable[..., App], level: str
) -> None:
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level(level))),
        settings=Settings(eval_bar="always"),
    )
    screen = screen_of(app)
    game = screen.game
    click(app, 11)
    click(app, 15)

    def settled() -> bool:
        # The judging search's answer, not its first depths still deepening ("thinking..."),
        # which the game keeps no judgement of: the novice's Why? pass in the opening book
        # keeps none either now (its scores are the book's), so the bar waits for the search.
        shown = screen.bar.evaluation()
        return game.is_human_turn() and shown is not None and "thinking" not in shown[1]

    run_until(app, settled)
    shown = screen.bar.evaluation()
    click(app, 8)
    click(app, 11)
    run_until(app, lambda: game.is_human_turn() and game.record.ply == 4)
    press(app, pygame.K_u, "u")  # back to the position whose score the bar showed
    assert game.record.ply == 2
    assert screen.bar.evaluation() == shown


def test_moves_taken_back_are_greyed_in_the_list_until_redone(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    screen = screen_of(app)
    for square in (11, 15, 23, 19):
        click(app, square)
    press(app, pygame.K_u, "u")  # 23-19 taken back: it waits for redo
    app.step(1 / 60)
    panel = screen.panel
    assert panel is not None

    def looks() -> dict[int, list[str]]:
        return {cell.ply: cell.button.object_ids for cell in panel.cells}

    assert UNDONE in looks()[2] and UNDONE not in looks()[1]
    tips = {cell.ply: cell.button.tool_tip_text for cell in panel.cells}
    assert str(tips[2]).startswith("Taken back: Redo plays it again")
    press(app, pygame.K_r, "r")  # redone: no longer greyed
    app.step(1 / 60)
    assert all(UNDONE not in ids for ids in looks().values())
    # Only stepped back from (Left), not taken back: greyed, and not said to be taken back
    # (walk 2026-12-01ag read "Taken back: Redo plays it again" of a game browsed).
    press(app, pygame.K_LEFT)
    app.step(1 / 60)
    assert screen.game.record.ply == 1 and UNDONE in looks()[2]
    tips = {cell.ply: cell.button.tool_tip_text for cell in panel.cells}
    assert str(tips[2]).startswith("Later in the game: show the position after"), tips[2]


@pytest.mark.parametrize("name", theme.THEMES)
def test_no_text_of_the_small_window_is_nine_pixels(name: str) -> None:
    small = ui_scale((720, 480))
    assert theme.text_size(14, small) >= 12
    for block in theme.ui_theme(name, small).values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            assert int(font["size"]) >= theme.MIN_TEXT >= 12


def test_the_status_line_says_the_ais_book_move_and_whose_turn_follows(
    make_app: Callable[..., App],
) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("club"))))
    game = screen_of(app).game
    click(app, 11)
    click(app, 15)  # the opening book answers at once
    run_until(app, lambda: game.is_human_turn() and game.record.ply == 2)
    reply = game.record.moves[-1].pdn()
    assert game.status == f"White (AI) played {reply}: book move. Your move (Black)."


def test_a_clock_runs_while_a_game_is_played_and_waits_while_it_is_only_looked_at(
    make_app: Callable[..., App], data_dir: Path
) -> None:
    """As on lichess: a game played on (resumed, or Play on from a file) runs the clock of the
    side to move at once; a game opened to step through runs no clock until Play on."""
    timed = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(60, 0))
    app = make_app(timed, autosave=True)
    for square in (11, 15, 23, 19):
        click(app, square)
    screen_of(app).keep_game()
    [path] = (data_dir / "games").glob("*.pdn")
    resumed = make_app(None, autosave=True, offer_resume=True)
    press(resumed, pygame.K_RETURN)  # Resume
    game = screen_of(resumed).game
    assert game.timer is not None and not game.reviewing
    before = game.timer.remaining(BLACK)
    resumed.step(1.0)
    assert game.timer.remaining(BLACK) < before  # played on: Black's clock runs
    looked = make_app(None)
    loaded = saves.load_game(path, 1)
    start = looked.screen
    assert isinstance(start, StartScreen)
    start.receive(LoadedGame(loaded.record, loaded.tags_and_result(), path.name, path=path))
    looked.step(1 / 60)
    game = screen_of(looked).game
    assert game.timer is not None and game.reviewing
    before = game.timer.remaining(BLACK)
    for _ in range(5):
        looked.step(1.0)
    assert game.timer.remaining(BLACK) == before  # only looked at: no clock runs
    press(looked, pygame.K_c, "c")  # Play on
    looked.step(1.0)
    assert game.timer.remaining(BLACK) < before


def test_the_games_search_tree_at_720x480_shows_the_position_it_names(
    make_app: Callable[..., App],
) -> None:
    app = make_app(size=(720, 480))
    press(app, pygame.K_t, "t")
    overlay = screen_of(app).overlays["tree"]
    assert isinstance(overlay, TreeOverlay)
    assert overlay.wait_for_search(timeout=300), "the tree's search did not finish"
    app.step(1 / 60)
    app.step(1 / 60)
    view = overlay.view
    assert view is not None
    surface = pygame.display.get_surface()
    assert surface is not None
    side = view.panel_rect
    dark = pygame.Color(*theme.DARK_SQUARE)
    squares = sum(
        1
        for x in range(side.left, side.right)
        for y in range(side.top, side.bottom, 2)
        if surface.get_at((x, y)) == dark
    )
    assert squares > 32 * 20  # "the position searched" has its board under it
