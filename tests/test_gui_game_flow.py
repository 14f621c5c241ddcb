"""Nothing lost, nothing surprising, driven through the real loop: the game-over card, games
kept when the player leaves them, the resume offer, two windows, resigning, draws and clocks."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from gui_driving import click, click_at, post, press, screen_of

from checkers import saves
from checkers.board import BLACK, Move, Position
from checkers.cli import main
from checkers.clock import TimeControl
from checkers.formats.pdn import read_file
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import LoadScreen, ResumeScreen
from checkers.gui.screens.start import StartScreen
from checkers.record import GameRecord, Reason

TWO_PLAYERS = GameConfig(black=PlayerConfig(), white=PlayerConfig())


@pytest.fixture
def make_app(data: Path, make_app: Callable[..., App]) -> Callable[..., App]:
    """conftest's app builder, with every file going to the temporary data directory."""
    return make_app


def button(app: App, name: str) -> tuple[int, int]:
    """The centre of the top screen's widget called `name` (`card close`, `undo`)."""
    widgets = app.screen.widgets  # type: ignore[attr-defined]
    assert name in widgets, f"no {name!r} button in {sorted(widgets)}"
    return widgets[name].get_abs_rect().center


def press_button(app: App, name: str) -> None:
    """Click a widget; pygame_gui posts the press as an event of its own, handled a frame on."""
    click_at(app, button(app, name))
    app.step(1 / 60)


def test_the_game_over_card_offers_new_game_review_and_close(make_app) -> None:
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:W14:B10"))
    )
    click(app, 10)
    click(app, 17)  # 10x17 takes White's last piece
    screen = screen_of(app)
    assert screen.result_shown()
    assert [screen.widgets[f"card {name}"].text for name in ("new", "review", "close")] == [
        "New game",
        "Review",
        "Close",
    ]
    press_button(app, "card close")
    assert not screen.result_shown() and screen.game.outcome is not None
    assert screen.game.status.startswith("Game over: Black wins. White has no pieces left")

    screen.result_closed = None  # the card again, to review
    app.step(1 / 60)
    press_button(app, "card review")
    assert screen.game.record.ply == 0 and screen.game.reviewing
    press(app, pygame.K_RIGHT)
    assert screen.game.record.ply == 1 and not screen.result_shown()  # closed for this game

    screen.result_closed = None
    app.step(1 / 60)
    press_button(app, "card new")
    assert screen.game.record.ply == 0 and screen.game.outcome is None


def games_in(data: Path) -> list[Path]:
    return sorted((data / "games").glob("*.pdn"))


def play_opening(app: App) -> None:
    for square in (11, 15, 22, 18):
        click(app, square)


# --- item 1: an unfinished game is never discarded silently ------------------------------------


def test_new_game_load_menu_and_quit_keep_the_unfinished_game(make_app, data: Path) -> None:
    app = make_app(autosave=True)
    play_opening(app)
    press(app, pygame.K_n, "n")  # new game: the old one stays, and the player is told
    game = screen_of(app).game
    assert game.record.ply == 0 and "kept: Menu > Saved games (Ctrl+O) resumes it" in game.status
    [first] = games_in(data)
    assert read_file(first)[0].result == "*" and len(read_file(first)[0].moves) == 2

    click(app, 9)
    click(app, 14)  # a second game, in a file of its own
    assert len(games_in(data)) == 2
    press(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    assert isinstance(app.screen, LoadScreen)
    assert [e.summary().split(",")[1].strip() for e in app.screen.saved] == ["unfinished"] * 2
    index = next(i for i, e in enumerate(app.screen.saved) if e.path == first)
    app.screen.open(index)  # Load resumes the first game; the second is kept in its turn
    app.step(1 / 60)  # the App carries out what the list asked for
    assert screen_of(app).game.record.moves == [Move((11, 15)), Move((22, 18))]
    assert not screen_of(app).game.reviewing
    assert len(games_in(data)) == 2

    press(app, pygame.K_ESCAPE)  # Menu: kept, and the start screen says so
    start = app.screen
    assert isinstance(start, StartScreen) and "kept: Saved games (L) resumes it" in start.status
    # Shown at once, with no key pressed first (the label used to wait for a rebuild).
    assert start.status_label is not None and start.status_label.text == start.status
    assert len(games_in(data)) == 2


def test_closing_the_window_keeps_the_game_for_the_next_start(make_app, data: Path) -> None:
    app = make_app(autosave=True)
    play_opening(app)
    post(pygame.QUIT)
    app.step(1 / 60)
    assert not app.running
    app.close()
    fresh = make_app(None, autosave=True, offer_resume=True)
    assert isinstance(fresh.screen, ResumeScreen)
    press(fresh, pygame.K_ESCAPE)  # "Not now": still there for later
    assert isinstance(fresh.screen, StartScreen)
    press(fresh, pygame.K_l, "l")
    assert isinstance(fresh.screen, LoadScreen) and fresh.screen.saved[0].is_unfinished


# --- item 2: the resume offer only on the plain start screen -----------------------------------


@pytest.mark.parametrize(
    ("argv", "offered"),
    [([], True), (["play"], False), (["play", "--black", "ai"], False), (["watch"], False)],
)
def test_the_resume_offer_appears_only_on_the_plain_start_screen(
    make_app, data: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], offered: bool
) -> None:
    app = make_app(autosave=True)
    play_opening(app)
    app.close()
    seen: list[object] = []

    def run(self: App) -> int:
        seen.append(self.screen)
        self.close()
        return 0

    monkeypatch.setattr(App, "run", run)
    assert main(argv, out=io.StringIO()) == 0
    assert isinstance(seen[0], ResumeScreen) is offered
    assert len(games_in(data)) == 1  # whatever was started, the unfinished game is still there


# --- item 3: two windows never write the same game --------------------------------------------


def test_two_windows_keep_their_games_apart(make_app, data: Path) -> None:
    first = make_app(autosave=True)
    second = make_app(autosave=True)
    play_opening(first)
    for square in (9, 14):
        click(second, square)
    files = games_in(data)
    assert len(files) == 2
    assert sorted(len(read_file(f)[0].moves) for f in files) == [1, 2]
    # A third window offers neither: both are being played.
    third = make_app(None, autosave=True, offer_resume=True)
    assert isinstance(third.screen, StartScreen)
    press(third, pygame.K_l, "l")
    third.screen.open(0)
    assert (
        isinstance(third.screen, LoadScreen) and "being played in a window" in third.screen.status
    )
    first.close()  # the first window goes: its game can be resumed elsewhere now
    fourth = make_app(None, autosave=True, offer_resume=True)
    assert isinstance(fourth.screen, ResumeScreen)
    assert len(fourth.screen.resumed.record.moves) == 2


def test_a_lock_held_by_another_process_is_respected_and_freed_when_it_dies(
    data: Path, tmp_path: Path
) -> None:
    record = GameRecord()
    record.play(Move((11, 15)))
    path = saves.save_game(record, {"Black": "A", "White": "B"})
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, saves.DATA_DIR_ENV: str(data)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert saves.is_open_elsewhere(path) and saves.GameFile.claim(path) is None
        assert saves.unfinished_games() == []
    finally:
        holder.kill()  # a crash: no clean release
        holder.wait()
    claimed = saves.GameFile.claim(path)  # the OS dropped the dead process's lock
    assert claimed is not None
    claimed.release()
    assert [entry.path for entry in saves.unfinished_games()] == [path]


_HOLD = """
import sys
from pathlib import Path
from checkers import saves
file = saves.GameFile.claim(Path(sys.argv[1]))
print("held" if file else "refused", flush=True)
sys.stdin.read()
"""


# --- items 6 and 7 through the window ------------------------------------------------------------


def test_resign_by_key_is_recorded_in_the_pdn(make_app, data: Path) -> None:
    app = make_app(autosave=True)
    play_opening(app)
    press(app, pygame.K_r, mod=pygame.KMOD_CTRL)
    assert screen_of(app).game.outcome is None  # once asks
    press(app, pygame.K_r, mod=pygame.KMOD_CTRL)
    assert screen_of(app).result_shown()
    [file] = games_in(data)
    saved = read_file(file)[0]
    assert saved.result == "0-1" and saved.tags["Termination"] == "Black resigned"
    # Loaded again, it is over the same way.
    press(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_RETURN)
    game = screen_of(app).game
    assert game.outcome is not None and game.outcome.reason is Reason.RESIGNATION


def test_a_timed_game_shows_its_clocks_and_saves_them(make_app, data: Path) -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(300, 3))
    app = make_app(config, autosave=True)
    play_opening(app)
    saved = read_file(games_in(data)[0])[0]
    assert saved.tags["TimeControl"] == "300+3"
    assert {"BlackClock", "WhiteClock"} <= set(saved.tags)
    game = screen_of(app).game
    assert game.timer is not None and game.timer.running is BLACK


def test_play_clock_option_starts_a_timed_game_and_refuses_nonsense(
    monkeypatch: pytest.MonkeyPatch, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[object] = []

    def run(self: App) -> int:
        seen.append(self.screen)
        self.close()
        return 0

    monkeypatch.setattr(App, "run", run)
    assert main(["play", "--clock", "5+3"], out=io.StringIO()) == 0
    screen = seen[0]
    assert isinstance(screen, GameScreen) and screen.game.config.clock == TimeControl(300, 3)
    assert main(["play", "--clock", "fast"], out=io.StringIO()) == 2
    assert "--clock" in capsys.readouterr().err


def test_the_start_screen_chooses_a_clock(make_app) -> None:
    app = make_app(None)
    press(app, pygame.K_c, "c")
    press(app, pygame.K_RETURN)
    assert screen_of(app).game.config.clock == TimeControl(300, 3)


def test_a_position_set_up_by_hand_is_kept_before_its_first_move(make_app, data: Path) -> None:
    # Walk 2026-12-01v: Esc right after starting from a set-up position went to the start
    # screen, and the position, with no move yet, was kept nowhere. It is kept from its start.
    from checkers.board import Position
    from checkers.gui.config import GameConfig, PlayerConfig

    start = Position.from_fen("W:WK19,K23:B12,K28")
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start), autosave=True
    )
    press(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    [kept] = games_in(data)
    game = read_file(kept)[0]
    assert game.moves == [] and game.result == "*"
    assert game.start == start
    # A game from the usual start is kept from its first move, as before.
    fresh = make_app(autosave=True)
    press(fresh, pygame.K_ESCAPE)
    assert games_in(data) == [kept]
