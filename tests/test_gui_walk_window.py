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
import test_gui_text_sizes as text_sizes
from gui_driving import click, press, screen_of
from pygame_gui.elements import UIButton
from test_gui_explorer import indexed, pane_of, run_until
from test_gui_rules_ui import QUICK, ScriptedAI

from checkers import saves
from checkers.ai.levels import get_level
from checkers.ai.search import Progress, StopSignal
from checkers.board import Move, Side
from checkers.clock import TimeControl
from checkers.formats.pdn import read_file
from checkers.gui import aiworker
from checkers.gui.aiworker import AIGettingReady, AIProgress
from checkers.gui.app import App
from checkers.gui.config import GameConfig, Mode, PlayerConfig
from checkers.gui.controller import Game
from checkers.gui.explorer_pane import BOOK_HEAD, HEADS
from checkers.gui.game_view.panel import panel_lines
from checkers.gui.screens.load import LoadScreen, saved_game_words
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import MODES
from checkers.gui.settings import Settings

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
    # Under the table the book's moves keep their line beside the engine's whole note (at
    # 720x480 the note took every line and the book's went unsaid).
    footer = [pane.labels[f"footer {index}"].text for index in range(pane.footer_lines)]
    assert BOOK_HEAD.sub("", " ".join(footer)).startswith("11-15")
    assert "no game from here has a result yet" not in " ".join(footer)  # every game has one
    said = " ".join(" ".join(footer).split())
    assert "Win/draw/loss in % and scores are Black's (to move); engine" in said
    # No text of the screen is cut or wider than its box (the heads and the cells among them).
    assert not text_sizes.widget_problems(app)
    assert board.explorer is pane


class LoadingCore:
    """The compiled core as the AI worker sees it while it loads: ready once `load_seconds`
    have been waited for it (counted as the worker waits, never read off a clock); `fails`
    makes it fail instead, `stop` is set after `stop_after` seconds of waiting."""

    def __init__(self, load_seconds: float, *, cached: bool = True) -> None:
        self.load_seconds = load_seconds
        self.cached = cached
        self.waited = 0.0
        self.ready = False
        self.failed = False
        self.fail_after: float | None = None
        self.stop: StopSignal | None = None
        self.stop_after: float | None = None

    def wait_until_ready(self, timeout: float | None = None) -> bool:
        self.waited += timeout or 0.0
        self.ready = self.ready or self.waited >= self.load_seconds
        if self.fail_after is not None and self.waited >= self.fail_after:
            self.failed = True
        if self.stop is not None and self.stop_after is not None and self.waited >= self.stop_after:
            self.stop.stop()
        return self.ready and not self.failed

    def is_available(self) -> bool:
        return not self.failed

    def is_cached(self) -> bool:
        return self.cached


@pytest.fixture
def loading_core(monkeypatch: pytest.MonkeyPatch) -> Callable[..., LoadingCore]:
    """The AI worker's view of the compiled core replaced by a `LoadingCore`."""

    def install(load_seconds: float, *, cached: bool = True) -> LoadingCore:
        core = LoadingCore(load_seconds, cached=cached)
        for name in ("wait_until_ready", "is_available", "is_cached"):
            monkeypatch.setattr(aiworker, name, getattr(core, name))
        return core

    return install


def test_a_first_engine_move_waits_for_a_cached_core_however_long_its_load_takes(
    loading_core: Callable[..., LoadingCore],
) -> None:
    # The walk's loaded machine: the cached core took 23 s to load in the niced worker, past
    # the 20 s the move waited, and the Python engine searched the first club move 2 plies.
    core = loading_core(60.0)
    said: list[str] = []
    assert aiworker.get_core_ready(StopSignal(), lambda: said.append("getting ready"))
    assert core.ready and core.waited >= 60.0
    assert said == ["getting ready"]  # said once, for the status line


def test_a_ready_core_is_not_waited_for_nor_said(loading_core: Callable[..., LoadingCore]) -> None:
    core = loading_core(0.0)
    core.ready = True
    said: list[str] = []
    assert aiworker.get_core_ready(StopSignal(), lambda: said.append("getting ready"))
    assert said == [] and core.waited == 0.0


def test_the_wait_for_the_core_is_bounded_and_ends_on_a_new_request(
    loading_core: Callable[..., LoadingCore],
) -> None:
    # A cached core that never comes: the wait ends at its bound (the Python engine plays).
    core = loading_core(float("inf"))
    assert not aiworker.get_core_ready(StopSignal(), lambda: None)
    assert aiworker.LOAD_WAIT <= core.waited < aiworker.LOAD_WAIT + 1
    # A first compile (nothing cached): waited for only briefly, as `checkers analyse` does.
    core = loading_core(float("inf"), cached=False)
    assert not aiworker.get_core_ready(StopSignal(), lambda: None)
    assert aiworker.CORE_WAIT <= core.waited < aiworker.CORE_WAIT + 1
    # Undo or a new game while it waits: the wait ends at once.
    core = loading_core(float("inf"))
    core.stop, core.stop_after = StopSignal(), 5.0
    assert not aiworker.get_core_ready(core.stop, lambda: None)
    assert core.waited < 6.0
    # A compile that fails: no more waiting.
    core = loading_core(float("inf"))
    core.fail_after = 2.0
    assert not aiworker.get_core_ready(StopSignal(), lambda: None)
    assert core.waited < 3.0


class WaitingAI(ScriptedAI):
    """A scripted AI whose worker says it gets the engine ready before it searches."""

    def getting_ready(self) -> None:
        assert self.pending is not None, "nothing was asked"
        self._events.append(AIGettingReady(self.pending))

    def progress(self, depth: int) -> None:
        assert self.pending is not None, "nothing was asked"
        self._events.append(AIProgress(self.pending, Progress(depth, 0.0, 100, 0.1, ())))


def test_the_window_says_the_engine_is_got_ready_and_holds_the_ais_clock_meanwhile() -> None:
    ai = WaitingAI()
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK), clock=TimeControl(60, 0))
    game = Game(config, ai=ai, hop_seconds=0)
    game.click(11)
    game.click(15)  # Black's 11-15: White's clock would run from here
    game.update(0.0)
    assert ai.pending is not None and game.thinking is not None
    ai.getting_ready()
    game.update(0.1)
    assert game.status == "White (AI): Getting the engine ready..."
    assert "Getting the engine ready..." in panel_lines(game).search
    assert game.timer is not None
    before = game.timer.remaining(Side.WHITE)
    game.update(5.0)  # five seconds of the engine loading
    assert game.timer.remaining(Side.WHITE) == before  # they cost White nothing
    ai.progress(1)
    game.update(0.1)
    assert game.status == "White (AI) is thinking..."
    game.update(1.0)
    assert game.timer.remaining(Side.WHITE) < before  # searching is on White's time
    ai.answer(Move.from_pdn("23-19", game.position))
    game.update(0.1)
    assert game.record.moves[-1].pdn() == "23-19"


def test_the_windows_own_judging_search_leaves_the_status_line_to_the_player() -> None:
    """A new window judges the player's position in the background; while that search waits
    for the engine, the panel says so, but the status line keeps what the player's key said."""
    ai = WaitingAI()
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("club")))
    game = Game(config, ai=ai, hop_seconds=0)
    game.update(0.0)
    assert game.thinking is not None and game.thinking.purpose == "judge"
    game.status = "Square numbers: Off."  # what the player's K said a moment ago
    ai.getting_ready()
    game.update(0.1)
    assert game.status == "Square numbers: Off."
    assert "Getting the engine ready..." in panel_lines(game).search
    ai.progress(1)
    game.update(0.1)
    assert game.status == "Square numbers: Off."
    assert "Getting the engine ready..." not in panel_lines(game).search


def test_an_answer_straight_after_the_engine_is_ready_still_presses_the_clock() -> None:
    ai = WaitingAI()
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK), clock=TimeControl(60, 2))
    game = Game(config, ai=ai, hop_seconds=0)
    game.click(11)
    game.click(15)
    game.update(0.0)
    ai.getting_ready()
    game.update(0.1)
    assert game.timer is not None
    before = game.timer.remaining(Side.WHITE)
    ai.answer(Move.from_pdn("23-19", game.position))  # no depth reported: an only move, say
    game.update(0.1)
    assert game.record.moves[-1].pdn() == "23-19"
    assert game.timer.remaining(Side.WHITE) == before + 2  # the increment, as for any move
    assert game.timer.running is Side.BLACK


@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_without_an_audio_device_the_volume_is_greyed_as_sound_is_and_says_why(
    make_app: Callable[..., App], theme_name: str
) -> None:
    app = make_app(None, settings=Settings(theme=theme_name))
    app.sounds.problem = "no sound: ALSA: Couldn't open audio device"
    press(app, pygame.K_s, "s")
    app.step(1 / 60)
    settings = app.screen
    assert isinstance(settings, SettingsScreen)
    sound, volume, name = settings.widgets["sound"], settings.volume, settings.volume_label
    assert isinstance(sound, UIButton) and volume is not None and name is not None
    assert not sound.is_enabled and not volume.is_enabled
    # The row's name is grey as the Sound button's words are (it read as live beside them).
    assert name.text_colour == sound.colours["disabled_text"]
    assert "without an audio device" in settings.volume_tip()


def test_the_volume_greys_while_the_sound_is_off_and_comes_back_with_it(
    make_app: Callable[..., App],
) -> None:
    app = make_app(None, settings=Settings(sound=False))
    press(app, pygame.K_s, "s")
    app.step(1 / 60)
    settings = app.screen
    assert isinstance(settings, SettingsScreen)
    volume, name = settings.volume, settings.volume_label
    assert volume is not None and name is not None
    assert not volume.is_enabled and "turn it on" in settings.volume_tip()
    grey = name.text_colour
    settings.change(sound=True)  # the Sound button's click
    app.step(1 / 60)
    app.step(1 / 60)
    settings = app.screen
    assert isinstance(settings, SettingsScreen)
    assert settings.volume is not None and settings.volume.is_enabled
    assert settings.volume_label is not None and settings.volume_label.text_colour != grey
    assert settings.volume_tip() == "How loud the sounds are"


def test_a_game_against_the_ai_is_named_in_the_start_screens_words_everywhere(
    make_app: Callable[..., App], data: Path
) -> None:
    # The walk read "Human vs AI novice" in the saved games beside the start screen's "You vs AI".
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("novice")))
    app = make_app(config, autosave=True)
    screen = screen_of(app)
    click(app, 11)
    click(app, 15)  # the game is kept from its first move
    lines = panel_lines(screen.game)
    assert lines.header == "You vs AI" == MODES[0][1]  # the header is the start screen's mode
    assert [side[2][0] for side in lines.sides] == ["You", "AI (Novice)"]
    [kept] = list((data / "games").glob("*.pdn"))
    tags = read_file(kept)[0].tags
    assert (tags["Event"], tags["Black"], tags["White"]) == ("You vs AI", "You", "AI (Novice)")
    assert kept.name.endswith("You vs AI (Novice).pdn")
    press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    assert saved_game_words(listing.saved[0]).startswith("You vs AI (Novice), unfinished")


def test_an_old_file_saying_human_vs_ai_reads_and_is_listed_in_todays_words(
    make_app: Callable[..., App], data: Path
) -> None:
    (data / "games").mkdir()
    old = (
        '[Event "Casual game"]\n[Black "Human"]\n[White "AI novice"]\n'
        '[BlackPlayer "human"]\n[WhitePlayer "novice"]\n[Result "*"]\n\n1. 11-15 23-19 *\n'
    )
    path = data / "games" / "2026-11-01 10-00 Human vs AI novice.pdn"
    path.write_text(old, encoding="utf-8")
    [entry] = saves.list_saved_games()
    assert saved_game_words(entry).startswith("You vs AI (Novice), unfinished, 1 move")
    app = make_app(autosave=True)
    press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    press(app, pygame.K_RETURN)  # the saved games' first row: the old file
    app.step(1 / 60)
    screen = screen_of(app)
    assert screen.game.record.ply == 2
    assert screen.game.mode is Mode.HUMAN_VS_AI
    assert screen.game.config.white.level == get_level("novice")
    assert [side[2][0] for side in panel_lines(screen.game).sides] == ["You", "AI (Novice)"]
    # Once the game is kept again (a move played), its file says today's words too.
    click(app, 8)
    click(app, 11)
    app.step(1 / 60)
    written = [read_file(kept)[0] for kept in (data / "games").glob("*.pdn")]
    assert any(
        (game.tags["Event"], game.tags["Black"], game.tags["White"])
        == ("You vs AI", "You", "AI (Novice)")
        for game in written
    )
