"""Defects a player saw on screen (issue 36, third round), each where the player would notice
it: the window is driven through the App's loop under SDL's dummy drivers, with games and
settings in a temporary data directory."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from gui_driving import click, press, run_until, screen_of
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel
from test_gui_review import blunder_record

from checkers.ai.endgame import default_endgames
from checkers.ai.levels import get_level
from checkers.ai.search import Limits
from checkers.board import Move, Position
from checkers.cli import main
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import JUDGE_LEVEL, GameConfig, PlayerConfig
from checkers.gui.game_view import review as review_screen
from checkers.gui.game_view.panel import panel_lines
from checkers.gui.intents import OpenAnalysis, OpenSettings
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.screens.drills import DrillScreen
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import LoadScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import WINDOW_SIZES, Settings
from checkers.gui.wording import plural
from checkers.record import GameRecord
from checkers.review import Label, ReviewSetting

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


@pytest.mark.numba  # the estimates are the compiled core's
def test_the_drills_build_time_and_the_settings_build_time_say_what_each_builds(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CHECKERS_CORE", raising=False)  # the estimates are the compiled core's
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
        r"5 pieces: about (\d+)\u00a0?(s|minutes) of processor time, .* of disk", status.text
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
    assert board.texts()["nodes"] == "White wins: Black is blocked."
    # The bar shows the result, as the game's bar does at a game's end (it was empty).
    assert board.evaluation() == (0.0, "White wins: Black is blocked")
    assert board.bar_figure() == "won"
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


# --- 7. a database ending's review speaks of database wins in its note and its scores ---------


def test_a_database_endings_review_says_database_win_in_its_note_as_in_its_scores(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_screen, "SETTING", ReviewSetting(Limits(depth=4)))
    monkeypatch.setattr(review_screen, "JOBS", 1)
    record = GameRecord(Position.from_fen("B:WK30:BK10,K15"))  # two kings against one
    for text in ("10-6", "30-25", "6-1", "25-21", "1-5", "21-17"):
        record.play(Move.from_pdn(text, record.position))
    app = make_app()
    screen = screen_of(app)
    screen.load(record, {}, "ending.pdn")
    app.step(1 / 60)
    press(app, pygame.K_g, "g")
    pane = screen.review_pane
    assert pane is not None
    run_until(app, lambda: not pane.progress.running)
    for ply in range(1, 7):
        screen.game.go_to(ply, live_at_end=False)
        app.step(1 / 60)
        words = " ".join(pane.panel_words())
        assert "database win in" in words, words
        assert "Black wins" not in words and "White wins" not in words, words
        assert "database loss" not in words, words  # told for the winner, as "+0.30 for Black"
    screen.game.go_to(3, live_at_end=False)  # 6-1: the win is kept, in 4 moves, not 3
    app.step(1 / 60)
    _, loss, scores, *_ = pane.panel_words()
    # How much longer, in the note's own counts (walk 2026-12-01x: "a longer one" beside
    # "before ... 11 moves, after ... 11 moves" read as no change).
    assert (
        loss
        == "Black kept the database win, 2 moves longer: 4 to go after it, where the fastest left 2"
    )
    assert scores == (
        "Best 15-18; before database win in 3 moves for Black, after database win"
        " in 4 moves for Black"
    )


# --- 6. the review's table: every column starts where its heading does -----------------------

ENDING = (
    '[Black "A"]\n[White "B"]\n[Result "*"]\n[SetUp "1"]\n[FEN "B:WK30:BK10,K15"]\n\n'
    "1. 10-6 30-25 2. 6-1 25-21 3. 1-5 21-17 *\n"
)
OPENING = '[Black "A"]\n[White "B"]\n[Result "*"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 *\n'


@pytest.mark.parametrize("text", [ENDING, OPENING], ids=["database ending", "opening"])
def test_the_review_tables_columns_line_up_under_their_headings(tmp_path: Path, text: str) -> None:
    path = tmp_path / "game.pdn"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert main(["review", str(path), "--depth", "4", "--jobs", "1"], out=out) == 0
    lines = out.getvalue().splitlines()
    header = lines[2]
    rows = [line for line in lines[3:] if re.match(r"\s*\d+\.", line)]
    assert len(rows) == 6
    move = header.index("Move")
    score_end = header.index("Score") + len("Score")
    best, loss_end, label = header.index("Best"), header.index("Loss") + 4, header.index("Label")
    starts = set()
    for row in rows:
        number, _, rest = row.strip().partition(" ")
        played = rest.removeprefix("...").split()[0]
        starts.add(row.index(played, len(number)))  # Black's and White's moves in one column
        assert row[move] != " " or row.lstrip().startswith(number)
        assert row[score_end - 1] != " " and row[score_end] == " "  # scores end together
        assert row[best - 1] == " " and row[best] != " "  # best moves start together
        assert row[loss_end - 1] != " " and row[loss_end] == " "
        assert row[label - 1] == " " and row[label:].split()[0] in {each.value for each in Label}
    assert len(starts) == 1


# --- 8. a weak level's block says whose each depth is -----------------------------------------


@pytest.mark.parametrize("level", ["novice", "casual"])
def test_a_weak_levels_block_says_whose_each_depth_is(
    make_app: Callable[..., App], level: str
) -> None:
    # The engine's judging search at a fixed depth beyond the level's (on its own clock a busy
    # machine might stop it sooner).
    judge = replace(JUDGE_LEVEL, time=None, depth=8)
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level(level)), judge=judge),
        settings=Settings(eval_bar="always"),
    )
    game = screen_of(app).game
    click(app, 11)
    click(app, 15)
    run_until(app, lambda: game.is_human_turn() and game.figures is not None)
    own = game.figures
    assert own is not None and own.depth > 0
    # The engine judges the position after the level's move, deeper than the level looked.
    run_until(
        app,
        lambda: (found := game.judgement()) is not None and found.depth > own.depth,
    )
    block = panel_lines(game).search
    assert block[0] == f"White ({level.capitalize()}) looked {plural(own.depth, 'turn')} ahead"
    judged = game.judgement()
    assert judged is not None
    [score] = [line for line in block if line.startswith("Score ")]
    assert score.endswith(f"(the engine looked {judged.depth} turns ahead)")
    depths = re.findall(r"looked (\d+) turns? ahead", " ".join(block))
    assert depths == [str(own.depth), str(judged.depth)]  # two depths, each with its searcher


# --- 9. a window size a player can choose, and every screen laid out again --------------------


def widgets_outside(app: App) -> list[str]:
    """The visible widgets that reach past the window's edges (none should)."""
    window = pygame.Rect((0, 0), app.window_size())
    return [
        f"{type(element).__name__} {element.get_abs_rect()}"
        for element in app.context.ui.get_sprite_group().sprites()
        if isinstance(element, UIElement)
        and element.visible
        and element.get_abs_rect().width > 0
        and not window.contains(element.get_abs_rect())
    ]


def test_settings_offers_window_sizes_that_fit_and_remembers_the_one_chosen(
    make_app: Callable[..., App], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1440, 900)])
    app = make_app(None, size=(1280, 800), remember=True)
    press(app, pygame.K_s, "s")
    settings = app.screen
    assert isinstance(settings, SettingsScreen)
    menu = settings.widgets["window_size"]
    assert isinstance(menu, UIDropDownMenu)
    assert menu.selected_option[0] == "1280 x 800"  # the size the window is
    offered = [text for text, _ in menu.options_list]
    # Up to the screen's own size as pygame reports it (the walk's list stopped at 1120 x 720
    # on a 1280 x 800 screen).
    assert offered == [
        "720 x 480",
        "960 x 640",
        "1120 x 720",
        "1280 x 800",
        "1366 x 768",
        "1440 x 900",
    ]
    settings._choose_window_size("720 x 480")
    app.step(1 / 60)
    assert app.window_size() == (720, 480)
    assert app.screen is settings and widgets_outside(app) == []
    saved = json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["window_size"] == [720, 480]  # the next run opens at this size
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, StartScreen) and widgets_outside(app) == []


RESIZED_FIRST = ((720, 480), (1600, 1000), (960, 640))
"""The sizes every screen is resized to in `make test`: the smallest Settings offers, one larger
than any it offers and one of a window dragged to its own; `make test-slow` adds every other
size Settings offers."""


@pytest.mark.parametrize(
    "sizes",
    [
        pytest.param(RESIZED_FIRST, id="ends"),
        pytest.param(
            tuple(size for size in WINDOW_SIZES if size not in RESIZED_FIRST),
            id="between",
            marks=pytest.mark.slow,
        ),
    ],
)
@pytest.mark.parametrize(
    "key", ["start", "game", "saved games", "settings", "analysis", "drills", "puzzles"]
)
def test_every_screen_is_laid_out_again_when_the_window_is_resized(
    make_app: Callable[..., App],
    key: str,
    sizes: tuple[tuple[int, int], ...],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1600)])
    app = make_app(
        None
        if key in ("start", "drills", "puzzles")
        else GameConfig(black=PlayerConfig(), white=PlayerConfig()),
        size=(1280, 800),
    )
    keys = {
        "saved games": (pygame.K_o, "o", pygame.KMOD_CTRL),
        "analysis": (pygame.K_a, "a", 0),
        "drills": (pygame.K_d, "d", 0),
        "puzzles": (pygame.K_p, "p", 0),
    }
    if key in keys:
        press(app, *keys[key])
    elif key == "settings":  # over a game: Menu > Settings
        app.request(OpenSettings())
    app.step(1 / 60)
    shown = type(app.screen)
    for size in sizes:
        app.resize_window(size)
        app.step(1 / 60)
        app.step(1 / 60)
        assert app.window_size() == size and type(app.screen) is shown
        assert widgets_outside(app) == [], (size, shown.__name__)


def test_the_window_commands_take_a_size_and_refuse_a_bad_one_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import checkers.gui.app as app_module

    opened: list[tuple[int, int] | None] = []
    monkeypatch.setattr(
        app_module,
        "run_app",
        lambda config, flip=False, loaded=None, size=None: opened.append(size) or 0,
    )
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    for command in ("start", "play", "watch"):
        assert main([command, "--size", "1280x800"], out=io.StringIO()) == 0
    assert opened == [(1280, 800)] * 3
    capsys.readouterr()
    for bad in ("100x100", "wide", "1280"):
        assert main(["start", "--size", bad], out=io.StringIO()) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and "--size" in err and "Traceback" not in err
    assert opened == [(1280, 800)] * 3


def test_a_window_made_larger_is_moved_to_stay_on_the_screen(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Walk 2026-12-01ai: 1280x800 chosen on a screen that size grew the window from its top
    # left corner, off the screen's right and foot (Start and Close with it).
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
    app = make_app(size=(720, 480))
    placed: list[tuple[int, int]] = []
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: (300, 200))
    monkeypatch.setattr(pygame.display, "set_window_position", placed.append)
    app.resize_window((1280, 800))
    assert placed == [(0, 0)]
    placed.clear()
    app.resize_window((720, 480))  # a smaller one stays where it is
    assert placed == []
