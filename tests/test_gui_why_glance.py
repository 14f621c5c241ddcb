"""Why? reads in a glance: the played move and its verdict first, each other move in one entry
with what backs it, the depth said once, and no number beside `even` that the panel does not
give. Read from the window's own text box under the SDL dummy driver, at the smallest and a
large window size in both themes."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import press, run_until, screen_of

from checkers.ai.levels import get_level
from checkers.board import Position
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.game_view.panel import panel_lines
from checkers.gui.screens.why import LINE_MOVES, WhyScreen, row_score_words
from checkers.gui.settings import Settings

SHOT = "W:W28,27,25,23,22,18,17,14:B20,16,13,11,9,5,3,1"
"""White (the AI) to move, with shots on both sides in the other moves' lines."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(tmp_path))
    yield tmp_path
    theme.use(theme.DEFAULT_THEME)


def read_rows(screen: WhyScreen) -> list[str]:
    """The card's text as the player reads it: one string per row of the text box."""
    assert screen.text is not None
    layout = screen.text.text_box_layout
    assert layout is not None
    rows = ["".join(getattr(item, "text", "") for item in row.items) for row in layout.layout_rows]
    return [" ".join(row.split()) for row in rows]


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=str)
@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_why_reads_the_verdict_first_and_each_move_once(
    make_app: Callable[..., App], size: tuple[int, int], theme_name: str
) -> None:
    config = GameConfig(
        black=PlayerConfig(), white=PlayerConfig(get_level("club")), start=Position.from_fen(SHOT)
    )
    app = make_app(config, size=size, settings=Settings(theme=theme_name))
    game = screen_of(app).game
    run_until(
        app,
        lambda: (
            game.record.ply == 1
            and game.animation is None
            and app.ai.pending is None
            and app.ai.explaining is None
        ),
    )
    press(app, pygame.K_w, "w")
    why = app.screen
    assert isinstance(why, WhyScreen)
    for _ in range(3):
        app.step(1 / 60)
    rows = read_rows(why)
    card = why.card
    played = card.rows[0]
    # The first thing read is the move played and what it comes to.
    # (Marked as the move played right after it: at the row's end the mark was left alone
    # on a row by a wrap, walk 2026-11-30e.)
    assert rows[0].startswith(f"{played.move} (played) "), rows[:3]
    if played.verdict:
        said = row_score_words(played)  # the verdict first, as the row says it
        assert rows[0].startswith(f"{played.move} (played) {said[:20]}"), rows[:3]
    text = " ".join(rows)
    # The depth is said once (in the facts), not again on every row: the level's depth and the
    # rows' depth, and a deeper judgement of the played move since then only where it looked
    # further than the level.
    depth = re.findall(r"\d+ turns? ahead", text)
    deeper = re.search(r"Since then the game has judged \S+ looking \d+ turns? ahead", text)
    # The played row's line names its depth where it is another look's than the level's own
    # (walk 2026-12-01w: the panel's `Expects` and the card's line differed, unlabelled).
    relabelled = played.line.startswith("expects, looking ")
    assert len(depth) <= 2 + bool(deeper) + relabelled, "\n".join(rows)
    # Each row's line is cut to a glance.
    for line in re.findall(r"(?:refuted by|expects) ([^;:]*?)(?= \.\.\.|$)", text):
        assert len(re.findall(r"\b\d+(?:[-x]\d+)+", line)) <= LINE_MOVES + 1, line
    # `even` on the panel is `even` here: no figure under a fifth of a man on the card, but
    # as what `even` stands for where other rows compare with it (`keeps it level (even:
    # +0.05 for the AI)`, so that "2.05 worse than 28-24" adds up: walks 2026-11-30r and s).
    panel = " ".join(panel_lines(game).search)
    if re.search(r"\beven\b", panel):
        assert not re.search(r"(?<!even: )[+-]0\.(0\d|1\d) for", text), text
    # Every other move is on the card, each beginning its own entry.
    for row in card.rows[1:]:
        assert any(shown.startswith(f"{row.move} ") for shown in rows), (row.move, rows)
    assert "1.00 men" not in text
    # A verdict and an idea on one card agree: no shot, squeeze or fork that wins material
    # beside a level verdict (the walk read "keeps it level" beside a two-for-one).
    gains = ("squeeze", "fork", "two-for-one", "three-for-two")
    for row in card.rows:
        if row.score == "even" or "level" in row.verdict:
            assert not any(gain in idea for idea in row.ideas for gain in gains), row
    # The small board's line buttons read whole (walk 2026-11-30j: "Why not 27x18x1").
    for name in ("line 0", "line 1"):
        button = why.widgets.get(name)
        if button is not None:
            font = button.font
            assert font is not None and font.size(button.text)[0] <= button.rect.width - 8


def test_esc_on_why_in_a_club_game_goes_back_to_that_game_not_the_start(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-30b (52, 53): in Club games the Why? card was still up a second after
    Esc, and the game then left for the start screen. One Esc closes the card; a second Esc
    pressed before the game was drawn again was meant for the card, and does not leave."""
    config = GameConfig(
        black=PlayerConfig(), white=PlayerConfig(get_level("club")), start=Position.from_fen(SHOT)
    )
    app = make_app(config)
    game = screen_of(app).game
    run_until(app, lambda: game.record.ply == 1 and game.animation is None)
    for presses in (1, 2):
        press(app, pygame.K_w, "w")
        assert isinstance(app.screen, WhyScreen)
        for _ in range(presses):  # in one frame: the card had not yet gone when Esc came again
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0))
        app.step(1 / 60)
        assert screen_of(app).game is game and game.record.ply == 1
        assert app.running
