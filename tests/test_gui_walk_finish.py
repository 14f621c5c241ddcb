"""The newcomer's walk scored 7/10 (issue 36, "A finished window"): what it saw, each checked
where a player would notice it, through the App's loop under SDL's dummy drivers: the resume
card's players, Settings' Board row in each mode, the review's graph, its better line and the
preview of it, and the window sizes Settings offers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pygame_gui.elements import UIButton, UILabel

from checkers import saves
from checkers.ai.levels import get_level
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.intents import OpenSettings
from checkers.gui.persist import config_tags
from checkers.gui.screens.load import ResumeScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.record import GameRecord
from tests.gui_driving import click_button
from tests.test_review import moves_of

THEMES = ("wood", "contrast")
NOVICE, CLUB = (PlayerConfig(get_level(name)) for name in ("novice", "club"))


def settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 60)


# --- 4. the resume card names each player with one pair of brackets ---------------------------


@pytest.mark.parametrize(
    ("config", "said"),
    [
        (GameConfig(black=PlayerConfig(), white=NOVICE), "You (Black) vs the AI (Novice, White)"),
        (GameConfig(black=NOVICE, white=PlayerConfig()), "The AI (Novice, Black) vs you (White)"),
        (GameConfig(black=NOVICE, white=CLUB), "The AI (Novice, Black) vs the AI (Club, White)"),
        (
            GameConfig(black=PlayerConfig(), white=PlayerConfig()),
            "Player (Black) vs Player (White)",
        ),
    ],
    ids=["you vs the AI", "the AI vs you", "AI vs AI", "two players"],
)
def test_the_resume_card_says_who_plays_whom_as_a_player_would(
    make_app: Callable[..., App], data: Path, config: GameConfig, said: str
) -> None:
    # The walk read "You (Black) vs AI (Novice) (White)": two pairs of brackets for one player.
    saves.save_game(
        GameRecord.replay(moves_of(["11-15", "23-19", "8-11"])),
        {**config_tags(config), "Result": "*"},
    )
    app = make_app(None, size=(720, 480), offer_resume=True)
    settle(app)
    offer = app.screen
    assert isinstance(offer, ResumeScreen) and offer.panel is not None
    lines = [
        label.text
        for label in offer.panel.get_container().elements
        if isinstance(label, UILabel) and label.text
    ]
    assert said in lines
    assert all(line.count("(") <= 2 for line in lines)


# --- 6. Settings' Board row says which side is at the bottom in the mode below ----------------


@pytest.mark.parametrize(
    ("config", "words", "turned"),
    [
        (
            GameConfig(black=PlayerConfig(), white=NOVICE),
            "Your side at the bottom",
            "Turned (your side at the top)",
        ),
        (
            GameConfig(black=NOVICE, white=CLUB),
            "Black at the bottom",
            "Turned (White at the bottom)",
        ),
        (
            GameConfig(black=PlayerConfig(), white=PlayerConfig()),
            "White at the bottom",
            "Turned (Black at the bottom)",
        ),
    ],
    ids=["you vs the AI", "AI vs AI", "two players"],
)
def test_settings_board_row_names_the_side_at_the_bottom_for_the_games_mode(
    make_app: Callable[..., App], config: GameConfig, words: str, turned: str
) -> None:
    # The walk read "Your side at the bottom" over an AI vs AI game, where no side is yours.
    app = make_app(config, size=(720, 480))
    for flip, said in ((False, words), (True, turned)):
        app.request(OpenSettings())
        settle(app)
        dialog = app.screen
        assert isinstance(dialog, SettingsScreen)
        button = dialog.widgets["flip"]
        assert isinstance(button, UIButton)
        assert app.settings.flip is flip and button.text == said
        if "Black" in said or "White" in said:
            # The colour named is the one the mode's next game opens with at the bottom.
            assert ("Black at the bottom" in said) is config.black_at_bottom(flip)
        click_button(app, button)
        settle(app)
        assert app.settings.flip is not flip
        dialog.close_dialog()
        settle(app)
