"""The newcomer's walk scored 7/10 (issue 36, "A finished window"): what it saw, each checked
where a player would notice it, through the App's loop under SDL's dummy drivers: the resume
card's players, Settings' Board row in each mode, the review's graph, its better line and the
preview of it, and the window sizes Settings offers."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from gui_driving import click_button, press, screen_of
from pygame_gui.elements import UIButton, UILabel
from test_gui_review import (
    blunder_record,
    open_blunder_game,
    pane_of,
    review_finished,
    start_from_menu,
    wait_for,
)
from test_review import moves_of

from checkers import saves
from checkers.ai import Limits
from checkers.ai.levels import get_level
from checkers.board import Move, Position
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.game_view import review as review_screen
from checkers.gui.intents import OpenSettings
from checkers.gui.persist import config_tags
from checkers.gui.review_model import graph_points, quiet_cut
from checkers.gui.screens.load import ResumeScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.settings import Settings, window_sizes
from checkers.record import GameRecord
from checkers.review import ReviewSetting

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
        assert app.settings.turns(config.mode) is flip and button.text == said
        if "Black" in said or "White" in said:
            # The colour named is the one the mode's next game opens with at the bottom.
            assert ("Black at the bottom" in said) is config.black_at_bottom(flip)
        click_button(app, button)
        settle(app)
        assert app.settings.turns(config.mode) is not flip
        dialog.close_dialog()
        settle(app)


# --- 2. the better line opens at its start: the position before the better move -------------


@pytest.fixture
def shallow_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """Review at depth 4 in one process: the planted blunder's labels, quickly."""
    monkeypatch.setattr(review_screen, "SETTING", ReviewSetting(Limits(depth=4)))
    monkeypatch.setattr(review_screen, "JOBS", 1)


def panel_rows(app: App) -> list[str]:
    """The panel's figures as the player reads them, one row per line (a no-break space reads
    as a space)."""
    panel = screen_of(app).panel
    assert panel is not None
    return re.sub(r"</?(font|b)\b[^>]*>", "", panel.search.html_text.replace("\u00a0", " ")).split(
        "<br>"
    )


@pytest.mark.usefixtures("shallow_review")
def test_the_better_line_opens_at_its_start_with_the_better_move_to_play(
    make_app: Callable[..., App],
) -> None:
    # The walk pressed Better line and read "Step 3 of 17": the line had played on before the
    # player saw where it starts.
    app = open_blunder_game(make_app)
    start_from_menu(app)
    review_finished(app)
    screen, pane = screen_of(app), pane_of(app)
    review = pane.progress.reviews[-1]
    assert screen.game.record.ply == review.ply and review.move != review.best
    press(app, pygame.K_b, "b")
    settle(app, 30)  # half a second: nothing plays on by itself
    preview = pane.preview
    assert preview is not None and preview.shown == 0
    total = len(preview.line)
    rows = panel_rows(app)
    assert rows[1] == f"Start of the line (0 of {total})"
    assert rows[2] == f"Before {review.move.pdn()}, the best was {review.best.pdn()}"
    view = screen.board_view(screen.layout().board)
    assert view.position == review.position  # the position before the move
    assert view.hint == review.best  # the better move's arrow
    press(app, pygame.K_RIGHT)
    wait_for(app, lambda: not preview.moving(), "the first move")
    assert panel_rows(app)[1] == f"After {review.best.pdn()} (1 of {total})"
    assert screen.board_view(screen.layout().board).position == review.position.move(review.best)
    press(app, pygame.K_LEFT)
    assert panel_rows(app)[1] == f"Start of the line (0 of {total})"


# --- 1 and 3. the review's graph: a man's loss shows, and its scale reads whole ---------------


@pytest.mark.parametrize("theme_name", THEMES)
@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=str)
@pytest.mark.usefixtures("shallow_review")
def test_the_review_graph_shows_a_mans_loss_and_its_even_line_is_labelled(
    make_app: Callable[..., App], size: tuple[int, int], theme_name: str
) -> None:
    # The walk: the curve barely moved for a one-man blunder (a straight scale to +/-4 men
    # moved it an eighth of its height), and at 720x480 the graph's "even" was not drawn.
    app = open_blunder_game(make_app, size=size, settings=Settings(theme=theme_name))
    start_from_menu(app)
    review_finished(app)
    pane = pane_of(app)
    box = pane.graph
    # A man lost from even moves the curve a good way on this window's graph, and a won game
    # (a forced win counts 20 men) stays inside it, at its edge.
    (_, _, even), (_, _, man_down), (_, _, won) = graph_points([0.0, -1.0, 20.0], 2, box)
    assert man_down - even >= 0.25 * box.height and man_down - even >= 8, (box, man_down, even)
    assert box.top <= won <= box.top + 1
    # The scale's words as drawn: whose lead is up, even level with the middle line, whose is
    # down; each whole in the window, none over another, none over the board.
    drawn = dict(pane.scale_drawn)
    assert set(drawn) == {"Black", "even", "White"}, pane.scale_drawn
    middle = box.top + box.height / 2
    assert abs(drawn["even"].centery - middle) <= 2
    assert drawn["Black"].centery < middle < drawn["White"].centery
    window = pygame.Rect((0, 0), app.window_size())
    board = screen_of(app).layout().board
    board_rect = pygame.Rect(board.left, board.top, board.size, board.size)
    for words, place in drawn.items():
        assert window.contains(place) and not place.colliderect(board_rect), (words, place)
    for (a, first), (b, second) in itertools.combinations(drawn.items(), 2):
        assert not first.colliderect(second), (a, b)
    # All three on one side, read down as one scale (the walk found "even" right of the graph
    # at 720x480, its two sides left of it): here left of the graph, in the board's margin.
    frame = pane.parts.graph
    assert all(place.right <= frame.left for place in drawn.values()), pane.scale_drawn


# --- 5. the review's better line: wrapped whole, cut only where it is quiet --------------------


def replayed(start: Position, texts: str) -> list[Move]:
    """The moves of `texts` played from `start`."""
    moves, position = [], start
    for text in texts.split():
        move = Move.from_pdn(text, position)
        moves.append(move)
        position = position.move(move)
    return moves


def test_the_better_line_is_cut_after_an_exchange_not_in_it() -> None:
    # The review's line after 1. 11-15 23-19 2. 8-11: cut at 8 moves it ended on 7x16 with
    # 20x11 to come, a man down for White in the middle of the exchange.
    start = Position()
    for text in ("11-15", "23-19", "8-11"):
        start = start.move(Move.from_pdn(text, start))
    line = replayed(start, "22-17 9-14 17-13 11-16 24-20 16x23 27x18x11 7x16 20x11")
    assert quiet_cut(line) == 9  # the exchange runs to the end: the whole line
    longer = replayed(start, "22-17 9-14 17-13 11-16 24-20 16x23 27x18x11 7x16 20x11 3-7")
    assert quiet_cut(longer) == 9  # after 20x11, 3-7 being quiet: "(+1 more)"
    quiet = replayed(Position(), "9-13 21-17 5-9 25-21 11-15 29-25 8-11 23-19 4-8 27-23")
    assert quiet_cut(quiet) == 8  # quiet at 8: cut there


def test_no_better_line_of_random_games_ends_with_a_capture_pending() -> None:
    generator = random.Random(36)
    for _ in range(200):
        position, line = Position(), []
        for _ in range(generator.randrange(1, 30)):
            moves = position.legal_moves()
            if not moves:
                break
            move = generator.choice(moves)
            line.append(move)
            position = position.move(move)
        kept = quiet_cut(line)
        assert 1 <= kept <= len(line) or not line
        if kept < len(line) and any(not move.is_capture for move in line[1:]):
            assert not line[kept].is_capture, [move.pdn() for move in line]


@pytest.mark.parametrize("theme_name", THEMES)
@pytest.mark.usefixtures("shallow_review")
def test_the_better_line_reads_whole_across_rows_at_720(
    make_app: Callable[..., App], theme_name: str
) -> None:
    # The walk's 720x480 panel read "Better line: 9-14 (+7 more)": one row, one move.
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig()),
        size=(720, 480),
        settings=Settings(theme=theme_name),
    )
    screen = screen_of(app)
    screen.load(blunder_record(), {}, "blunder.pdn")
    app.step(1 / 60)
    start_from_menu(app)
    review_finished(app)
    pane = pane_of(app)
    panel = screen.panel
    assert panel is not None
    checked = 0
    for ply in range(1, pane.progress.total + 1):
        review = pane.progress.review_of(ply)
        assert review is not None
        better = pane.progress.panel_words(ply)[3]
        if not better:
            continue
        screen.game.go_to(ply)
        settle(app)
        moves = better.removeprefix("Better line: ").split(" (+")[0].split()
        kept = len(moves)
        line = review.before.line
        assert [move.pdn() for move in line[:kept]] == moves, better
        if kept < len(line):  # cut where no capture is pending
            assert not line[kept].is_capture and "more)" not in better, better
        # The preview (B) plays the moves the note names, no more: one length in both (the walk
        # read a 4-move note beside the preview's "Start of the line (0 of 15)").
        pane.show_better_line()
        settle(app)
        assert pane.preview is not None
        where = pane.panel_words()[1]
        assert where == f"Start of the line (0 of {kept})", (where, better)
        pane.end_preview()
        settle(app)
        # As the player reads it: whole, in rows of the panel's box, none hidden by a scroll.
        box = panel.search
        assert box.scroll_bar is None, better
        layout = box.text_box_layout
        assert layout is not None
        rows = [
            "".join(getattr(item, "text", "") for item in row.items) for row in layout.layout_rows
        ]
        first = next(index for index, row in enumerate(rows) if row.startswith("Better line"))
        read = " ".join(" ".join(rows[first:]).split())
        assert read.startswith(better), (rows, better)
        checked += 1
    assert checked >= 3  # the game's inaccuracies and mistakes each had one


@pytest.mark.usefixtures("shallow_review")
def test_the_notes_better_line_and_its_preview_have_one_length(
    make_app: Callable[..., App],
) -> None:
    # The walk of 2026-11-29: the note's better line named 4 moves while its preview (B) counted
    # "Start of the line (0 of 15)". A review's line longer than the note shows (here 16 moves,
    # as a deep review's lines run) is previewed as far as the note names it.
    import dataclasses

    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig()))
    screen = screen_of(app)
    screen.load(blunder_record(), {}, "blunder.pdn")
    app.step(1 / 60)
    start_from_menu(app)
    review_finished(app)
    pane = pane_of(app)
    progress = pane.progress
    ply = next(
        ply
        for ply in range(1, progress.total + 1)
        if (found := progress.review_of(ply)) is not None
        and found.best != found.move
        and progress.panel_words(ply)[3]
    )
    review = progress.review_of(ply)
    assert review is not None
    line, position = [review.best], review.position.move(review.best)
    while len(line) < 16 and position.legal_moves():
        move = min(position.legal_moves(), key=Move.pdn)
        line.append(move)
        position = position.move(move)
    assert len(line) == 16
    before = dataclasses.replace(review.before, line=tuple(line))
    progress.reviews[ply - 1] = dataclasses.replace(review, before=before)
    screen.game.go_to(ply)
    settle(app)
    better = progress.panel_words(ply)[3]
    named = better.removeprefix("Better line: ").split()
    assert 0 < len(named) < 16 and named == [move.pdn() for move in line[: len(named)]], better
    pane.show_better_line()
    settle(app)
    assert pane.preview is not None
    assert pane.panel_words()[1] == f"Start of the line (0 of {len(named)})", better


# --- 7. Settings offers the window sizes a desktop has, up to the screen's --------------------


@pytest.mark.parametrize(
    ("screen", "largest"),
    [((1280, 800), (1280, 800)), ((1920, 1080), (1920, 1080)), ((1366, 768), (1366, 768))],
    ids=str,
)
def test_settings_offers_sizes_up_to_the_screens_own(
    screen: tuple[int, int], largest: tuple[int, int]
) -> None:
    # The walk's list stopped at 1120 x 720 on a 1280 x 800 screen.
    offered = window_sizes([screen], (1120, 720))
    assert offered[0] == (720, 480) and max(offered) == largest
    assert all(width <= screen[0] and height <= screen[1] for width, height in offered)
    assert len(offered) >= 4
