"""A score whose search still deepens says so beside it: the game's bar and panel during the
AI's think, the hint or the judging search, and the analysis board's lines and bar; a finished
search's score says how far it looked. Real events through the real loop; waits are on
conditions with a cap, never on time."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from gui_driving import run_until, screen_of

from checkers.ai.levels import Level
from checkers.board import BLACK, Position
from checkers.coach.explain import Analysis, AnalysisLine
from checkers.coach.judgement import Judgement
from checkers.gui.app import App
from checkers.gui.config import JUDGE_LEVEL, GameConfig, PlayerConfig
from checkers.gui.game_view.panel import panel_lines
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.wording import thinking_words

LONG_ENGINE = Level("long", "the engine, thinking long", "engine", "engine", time=60.0)
"""The engine with a minute a move: it is still deepening when the test looks (and is
cancelled when the test ends)."""


def bar_calls(monkeypatch: pytest.MonkeyPatch, app: App) -> list[tuple[Any, ...]]:
    """Every evaluation bar the renderer draws from now on: (share, figure, thinking)."""
    screen = app.screen
    if hasattr(screen, "bar"):
        monkeypatch.setattr(screen.bar, "shown", lambda: True)  # shown in every game
    calls: list[tuple[Any, ...]] = []
    renderer = app.context.renderer
    original = renderer.eval_bar

    def record(
        surface: pygame.Surface,
        rect: pygame.Rect,
        share: float | None,
        label: str,
        flipped: bool,
        thinking: bool = False,
    ) -> None:
        calls.append((share, label, thinking))
        original(surface, rect, share, label, flipped, thinking)

    monkeypatch.setattr(renderer, "eval_bar", record)
    return calls


def draw(app: App) -> None:
    """Draw the screen on top once, as a frame does."""
    app.screen.draw(pygame.Surface(app.context.window_size()))


def test_the_ais_score_says_it_is_still_thinking_and_how_deep_until_it_is_done(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The walk saw scores change within seconds with nothing said: a search still deepening
    # now says so beside its score, on the panel, the bar's words and the bar itself.
    app = make_app(GameConfig(black=PlayerConfig(LONG_ENGINE), white=PlayerConfig()))
    screen = screen_of(app)
    game = screen.game
    calls = bar_calls(monkeypatch, app)
    run_until(
        app,
        lambda: (
            game.thinking is not None
            and game.thinking.progress is not None
            and game.thinking.progress.depth >= 2
        ),
    )
    app.step(1 / 60)
    thinking = game.thinking
    assert thinking is not None and thinking.progress is not None
    depth = screen.bar.deepening()
    assert depth is not None and depth >= 2
    shown = screen.bar.evaluation()
    assert shown is not None and shown[1].endswith(f"({thinking_words(depth)})")
    assert screen.bar.label() == shown[1]
    search = panel_lines(game).search
    assert search[1].startswith("Score ") and search[1].endswith(f"({thinking_words(depth)})")
    draw(app)
    assert calls and calls[-1][2] is True  # the bar's figure has its thinking dots
    # The search ends (here: the kept judgement of the position is deeper): settled words.
    game.set_aside()  # no frame after it: the next one would ask the AI again
    game.judge(game.position, Judgement(thinking.progress.score, thinking.man, BLACK, depth))
    assert screen.bar.deepening() is None
    settled = screen.bar.evaluation()
    assert settled is not None and "thinking" not in settled[1]
    assert panel_lines(game).search[0] == f"Score {settled[1]} (looked {depth} turns ahead)"
    draw(app)
    assert calls[-1][2] is False


def test_the_judging_search_between_weak_moves_shows_its_score_as_still_thinking(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The engine judges the position before a weak level moves: its score so far is the
    # engine's, told as still deepening (the panel showed no score for it before).
    slow_judge = Level("judge", JUDGE_LEVEL.description, "engine", "engine", time=60.0)
    weak = Level("weak", "a weak level", "alphabeta", "count", depth=2)
    app = make_app(GameConfig(black=PlayerConfig(weak), white=PlayerConfig(), judge=slow_judge))
    screen = screen_of(app)
    game = screen.game
    run_until(
        app,
        lambda: (
            game.thinking is not None
            and game.thinking.purpose == "judge"
            and game.thinking.progress is not None
        ),
    )
    thinking = game.thinking
    assert thinking is not None and thinking.progress is not None
    search = panel_lines(game).search
    assert search[0].startswith("Weighing the position")
    depth = thinking.progress.depth
    assert search[1].startswith("Score ") and search[1].endswith(f"({thinking_words(depth)})")
    assert screen.bar.deepening() == depth
    shown = screen.bar.evaluation()
    assert shown is not None and shown[1].endswith(f"({thinking_words(depth)})")


def analysis_board(app: App) -> AnalysisScreen:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0))
    app.step(1 / 60)
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    return board


def test_the_analysis_board_says_it_is_still_thinking_and_how_deep_then_done(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The walk saw the board's score drift 2.20 -> 2.70 -> 3.25 with nothing said.
    app = make_app()
    board = analysis_board(app)
    calls = bar_calls(monkeypatch, app)
    run_until(app, lambda: board.analysis is not None and board.analysis.depth >= 3)
    app.step(1 / 60)
    assert board.analysis is not None
    depth = board.analysis.depth
    assert not board.finished  # the opening is never proven: the analysis goes on
    assert board.deepening() == depth
    texts = board.texts()
    assert texts["engine"] == thinking_words(depth).capitalize()
    assert re.fullmatch(r"[\d,]+ positions( in \d+ s)?; scores may change", texts["nodes"])
    # A deep depth takes seconds: how long it has looked says the engine is at work (walk
    # 2026-11-30q read the same figures for 3.5 s as stuck).
    app.step(2.5)
    assert board.deepening() is not None  # the opening is never proven
    assert re.search(r" in [2-9]\d* s; scores may change$", board.texts()["nodes"])
    draw(app)
    assert calls[-1][2] is True
    # The last depth reported: the analysis is over, and the words say so.
    lines = (AnalysisLine("11-15", 0.05, ("11-15", "23-19")),)
    board.analysis, board.finished = Analysis(depth, lines, 1000), True
    board.context.ai.cancel()
    board.request = None
    app.step(1 / 60)
    assert board.deepening() is None
    texts = board.texts()
    assert texts["engine"] == f"Done: looked {depth} turns ahead"
    assert texts["nodes"] == "the scores are final; 1,000 positions"
    draw(app)
    assert calls[-1][2] is False
    proven = (AnalysisLine("11-15", None, ("11-15",), win_in=3),)
    board.analysis = Analysis(depth, proven, 1000)
    assert board.texts()["nodes"] == "every line proven; 1,000 positions"
    assert Position() == board.position
