"""Nothing lost, nothing surprising, driven through the real loop: the game-over card, games
kept when the player leaves them, the resume offer, two windows, resigning, draws and clocks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from checkers import saves
from checkers.board import Position
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.screens.game import GameScreen

TWO_PLAYERS = GameConfig(black=PlayerConfig(), white=PlayerConfig())


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every file goes to a temporary data directory."""
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    return tmp_path


@pytest.fixture
def make_app(data: Path, make_app: Callable[..., App]) -> Callable[..., App]:
    """conftest's app builder, with every file going to the temporary data directory."""
    return make_app


def screen_of(app: App) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def post(kind: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def click_at(app: App, point: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    app.step(1 / 60)


def click(app: App, square: int) -> None:
    x, y = screen_of(app).layout().board.square_center(square)
    click_at(app, (int(x), int(y)))


def press(app: App, key: int, text: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, unicode=text, mod=mod)
    app.step(1 / 60)


def button(app: App, label: str, buttons: str = "buttons") -> tuple[int, int]:
    """The centre of the button labelled `label` on the screen as last drawn."""
    found = [b for b in getattr(app.screen, buttons) if b.label == label]
    assert found, f"no {label!r} button in {[b.label for b in getattr(app.screen, buttons)]}"
    return found[0].rect.center


def test_the_game_over_card_offers_new_game_review_and_close(make_app) -> None:
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:W14:B10"))
    )
    click(app, 10)
    click(app, 17)  # 10x17 takes White's last piece
    screen = screen_of(app)
    assert screen.result_shown()
    assert [b.label for b in screen.card_buttons] == ["New game", "Review", "Close"]
    click_at(app, button(app, "Close", "card_buttons"))
    assert not screen.result_shown() and screen.game.outcome is not None
    assert screen.game.status.startswith("Game over: Black wins. White has no pieces left")

    screen.result_closed = None  # the card again, to review
    app.step(1 / 60)
    click_at(app, button(app, "Review", "card_buttons"))
    assert screen.game.record.ply == 0 and screen.game.reviewing
    press(app, pygame.K_RIGHT)
    assert screen.game.record.ply == 1 and not screen.result_shown()  # closed for this game

    screen.result_closed = None
    app.step(1 / 60)
    click_at(app, button(app, "New game", "card_buttons"))
    assert screen.game.record.ply == 0 and screen.game.outcome is None
