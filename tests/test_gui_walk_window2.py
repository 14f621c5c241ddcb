"""The newcomer's walk of 2026-11-30: what a player saw in the window, each where a player
notices it (one name and one set of values for a setting in Settings and the game's Menu)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from gui_driving import press, screen_of
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIScrollingContainer
from test_gui_review import blunder_record, wait_for
from test_review import moves_of

from checkers import saves
from checkers.ai import Limits
from checkers.ai.levels import get_level
from checkers.gui import fonts, theme
from checkers.gui.app import App
from checkers.gui.config import GameConfig, Mode, PlayerConfig
from checkers.gui.game_view import review as review_screen
from checkers.gui.intents import OpenSettings
from checkers.gui.screens.load import ResumeScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import Settings
from checkers.record import GameRecord
from checkers.review import ReviewSetting

AGAINST_AI = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("novice")))
SIZES_AND_THEMES = [
    ((720, 480), "contrast"),
    ((1280, 800), "wood"),
]


def settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def menu_words(app: App) -> dict[str, str]:
    """The game menu's setting entries as `name: value`, the menu opened and closed again."""
    screen = screen_of(app)
    screen.toggle_menu()
    settle(app)
    words = {
        name: screen.widgets[f"menu {name}"].text for name in ("eval_bar", "square_numbers", "mute")
    }
    screen.toggle_menu()
    settle(app)
    return words


def settings_words(app: App) -> tuple[dict[str, str], SettingsScreen]:
    """Settings' rows for the same settings as `name: value`, the dialog left open."""
    app.request(OpenSettings())
    settle(app)
    dialog = app.screen
    assert isinstance(dialog, SettingsScreen)
    bar = dialog.widgets["eval_bar"]
    assert isinstance(bar, UIDropDownMenu)
    numbers, sound = dialog.widgets["square_numbers"], dialog.widgets["sound"]
    assert isinstance(numbers, UIButton) and isinstance(sound, UIButton)
    return {
        "eval_bar": f"Evaluation bar: {bar.selected_option[0]}",
        "square_numbers": f"Square numbers: {numbers.text}",
        "mute": f"Sound: {sound.text}",
    }, dialog


@pytest.mark.parametrize(("size", "theme_name"), SIZES_AND_THEMES, ids=str)
def test_the_menu_and_settings_name_each_setting_and_its_value_alike(
    make_app: Callable[..., App], size: tuple[int, int], theme_name: str
) -> None:
    # The walk read "Mute: off" in the Menu beside Settings' "Sound: No audio device", and
    # "Evaluation bar: on" beside "Always".
    app = make_app(AGAINST_AI, size=size, settings=Settings(theme=theme_name))
    app.sounds.problem = "no sound: ALSA: Couldn't open audio device"
    settle(app)
    menu = menu_words(app)
    assert menu == {
        "eval_bar": "Evaluation bar: AI vs AI only",  # a first game against the AI: hidden
        "square_numbers": "Square numbers: On",
        "mute": "Sound: No audio device",
    }
    screen = screen_of(app)
    said, dialog = settings_words(app)
    assert said == menu
    dialog.close_dialog()
    settle(app)
    # V and K change the setting; the Menu, Settings and the status line say the new value
    # (also while the window's own judging search waits for the engine: that search leaves the
    # status line to the player).
    press(app, pygame.K_v, "v")
    press(app, pygame.K_k, "k")
    settle(app)
    assert screen.game.status == "Square numbers: Off."
    menu = menu_words(app)
    assert menu["eval_bar"] == "Evaluation bar: Always"
    assert menu["square_numbers"] == "Square numbers: Off"
    said, dialog = settings_words(app)
    assert said == menu
    dialog.close_dialog()
    settle(app)
    # Without an audio device the Sound entry is greyed.
    screen.toggle_menu()
    settle(app)
    assert not screen.widgets["menu mute"].is_enabled


def test_the_sound_entry_switches_between_on_and_off_as_settings_says_them(
    make_app: Callable[..., App],
) -> None:
    app = make_app(AGAINST_AI, settings=Settings(sound=False))
    assert menu_words(app)["mute"] == "Sound: Off"
    press(app, pygame.K_m, "m")
    assert screen_of(app).game.status == "Sound: On."
    assert menu_words(app)["mute"] == "Sound: On"
    said, _ = settings_words(app)
    assert said["mute"] == "Sound: On"


@pytest.mark.parametrize(("size", "theme_name"), SIZES_AND_THEMES, ids=str)
def test_the_reviews_progress_says_it_judges_moves_not_which_move_is_shown(
    make_app: Callable[..., App],
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    theme_name: str,
) -> None:
    # The walk read "Move 1 of 5" over the review's table beside the status line's "Showing
    # Black's move 5 of 5": two counts of moves, one of them the review's progress.
    monkeypatch.setattr(review_screen, "SETTING", ReviewSetting(Limits(depth=4)))
    monkeypatch.setattr(review_screen, "JOBS", 1)
    app = make_app(size=size, settings=Settings(theme=theme_name))
    screen = screen_of(app)
    screen.load(blunder_record(), {}, "blunder.pdn")
    settle(app)
    drawn: list[str] = []
    text = screen.context.renderer.text
    real_draw = text.draw

    def draw(surface: pygame.Surface, words: str, *rest: object) -> None:
        drawn.append(words)
        real_draw(surface, words, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "draw", draw)
    press(app, pygame.K_g, "g")  # review the game
    pane = screen.review_pane
    assert pane is not None
    total = pane.progress.full_moves(pane.progress.total)
    settle(app)
    if pane.progress.running:
        corner = [words for words in drawn if words.startswith("Judging")]
        assert corner, drawn
        assert re.fullmatch(rf"Judging (move )?\d+ of {total}", corner[-1])
    assert not [words for words in drawn if re.match(r"Move \d+ of", words)]
    # The words themselves, however far the review has got while it runs.
    pane.progress.state = "running"
    assert re.fullmatch(rf"Judging move \d+ of {total}", pane.progress_label())
    assert re.fullmatch(rf"Judging \d+ of {total}", pane.progress_label(lambda w: len(w) < 16))
    # Once done, how far the searches behind the accuracy figures looked (the walk of
    # 2026-11-30d read two accuracies for one game, with no depth beside either).
    pane.progress.state = "running"
    drawn.clear()
    wait_for(app, lambda: not pane.progress.running, "the review's end")
    assert re.fullmatch(r"Looked (\d+ to )?\d+ turns ahead", pane.progress_label())
    # Never "14-17 turns", a move's notation (walk 2026-12-01ai).
    assert re.fullmatch(r"(\d+ to )?\d+ turns?", pane.progress_label(lambda w: len(w) < 9))
    corner = [words for words in drawn if re.search(r"\d turns?( ahead)?$", words)]
    assert corner and re.fullmatch(r"(Looked )?\d+( to \d+)? turns?( ahead)?", corner[-1]), drawn


@pytest.mark.parametrize(("size", "theme_name"), SIZES_AND_THEMES, ids=str)
def test_the_resume_card_at_launch_is_as_tall_as_its_lines(
    make_app: Callable[..., App], data: Path, size: tuple[int, int], theme_name: str
) -> None:
    # The walk saw three lines in a card about 400 pixels tall, the lower half empty.
    record = GameRecord.replay(moves_of(["11-15", "23-19", "8-11"]))
    saves.save_game(record, {"Black": "You", "White": "AI (Club)", "Result": "*"})
    app = make_app(None, size=size, settings=Settings(theme=theme_name), offer_resume=True)
    settle(app)
    offer = app.screen
    assert isinstance(offer, ResumeScreen) and offer.panel is not None
    card = offer.panel.get_abs_rect()
    words = sorted(
        (
            label
            for label in offer.panel.get_container().elements
            if isinstance(label, UILabel) and label.text
        ),
        key=lambda label: label.get_abs_rect().top,
    )
    said = [label.text for label in words]
    assert said[1:] == [
        "You (Black) vs the AI (Club, White)",
        said[2],
        "Not now keeps it in your saved games: Saved games resumes it later.",
    ]
    assert re.fullmatch(r"2 moves played, White to move, saved \d\d:\d\d", said[2]), said
    resume = offer.widgets["resume"].get_abs_rect()
    # From the title down to the buttons no gap is wider than a line of text.
    tops = [label.get_abs_rect() for label in words]
    edges = [*tops, resume]
    line = tops[0].height
    assert all(after.top - before.bottom <= line for before, after in itertools.pairwise(edges))
    assert card.bottom - resume.bottom <= line
    # Each line whole inside the card.
    font = fonts.font(theme.text_size(17, app.context.scale), bold=True)
    assert all(font.size(text)[0] <= card.width for text in said)


@pytest.mark.parametrize(
    ("size", "theme_name", "rows"),
    [((720, 480), "contrast", 6), ((1280, 800), "wood", 10)],
    ids=str,
)
def test_the_help_cards_keys_use_the_cards_room(
    make_app: Callable[..., App], size: tuple[int, int], theme_name: str, rows: int
) -> None:
    # At 720 the walk saw five rows of keys above an empty band over Close.
    app = make_app(AGAINST_AI, size=size, settings=Settings(theme=theme_name))
    press(app, pygame.K_QUESTION, "?")
    settle(app)
    screen = screen_of(app)
    close = screen.widgets["help close"]
    card = close.ui_container
    assert card is not None
    table = next(e for e in card.elements if isinstance(e, UIScrollingContainer))
    shown = table.get_abs_rect()
    keys = [
        label.get_abs_rect()
        for label in table.get_container().elements
        if isinstance(label, UILabel) and label.object_ids[-1] == "@accent_small"
    ]
    whole = [rect for rect in keys if shown.top <= rect.top and rect.bottom <= shown.bottom + 4]
    assert len(whole) >= rows
    # No empty band between the table and Close: less than a row of keys.
    assert close.get_abs_rect().top - shown.bottom < keys[0].height


@pytest.mark.parametrize(("size", "theme_name"), SIZES_AND_THEMES, ids=str)
@pytest.mark.parametrize("flip", [False, True])
def test_ai_vs_ai_opens_as_the_start_screens_board_shows_it_under_its_form(
    make_app: Callable[..., App], size: tuple[int, int], theme_name: str, flip: bool
) -> None:
    # The walk saw Black at the top of an AI vs AI game, while You vs AI puts Black (your
    # first side) at the bottom, and an empty band under the AI vs AI form.
    app = make_app(
        None, size=size, settings=Settings(theme=theme_name).turning(Mode.AI_VS_AI, flip)
    )
    press(app, pygame.K_2, "2")  # AI vs AI
    settle(app)
    start = app.screen
    assert isinstance(start, StartScreen)
    preview = start.preview
    assert preview is not None
    assert preview.flipped is not flip  # Black at the bottom unless Settings turn the board
    bottom_row = [
        square
        for square in range(1, 33)
        if preview.square_rect(square)[1] > preview.top + 7 * preview.cell - 2
    ]
    assert set(bottom_row) == ({29, 30, 31, 32} if flip else {1, 2, 3, 4})  # Black's men on 1-12
    said = (
        [
            label.text
            for label in start.ui_root.get_container().elements
            if isinstance(label, UILabel)
        ]
        if start.ui_root
        else []
    )
    assert f"{'White' if flip else 'Black'} is at the bottom" in " ".join(said)
    # The preview is drawn: Black's man on its bottom-left dark square in Black's colour.
    surface = app.surface()
    square = 1 if not flip else 32
    x, y, cell = *preview.square_rect(square)[:2], preview.cell
    assert surface.get_at((x + cell // 2, y + cell // 2))[:3] != surface.get_at((x + 1, y + 1))[:3]
    # No empty band between the form, the board and the Start row.
    start_button = start.widgets["start"].get_abs_rect()
    assert (
        start_button.top - (preview.top + 8 * preview.cell)
        < 6 * start.widgets["start"].get_abs_rect().height // 2
    )
    press(app, pygame.K_RETURN)
    settle(app)
    assert screen_of(app).flipped is preview.flipped  # the game opens as the preview showed


LONG_STATUS = (
    "Opened game.pdn: Ann Smith vs Bob Jones, a finished game of 40 moves; the game you were"
    " playing was kept: Saved games (L) resumes it. Move to play on from here, or press C."
    " Reviewing it (G) marks its mistakes."
)


@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_a_three_row_status_keeps_its_full_size_at_1280x800(
    make_app: Callable[..., App], theme_name: str
) -> None:
    # The walk: two rows at the status line's size, and a third shrank the text to 12 px.
    app = make_app(AGAINST_AI, size=(1280, 800), settings=Settings(theme=theme_name))
    screen = screen_of(app)
    screen.game.status = LONG_STATUS
    settle(app)
    box = screen.status_box
    assert box is not None and box.text_box_layout is not None
    assert box.scroll_bar is None  # whole
    assert "pixel_size" not in box.html_text  # at the theme's size, not a smaller one
    rows = [row for row in box.text_box_layout.layout_rows if row.items]
    assert len(rows) == 3
    assert box.rect.bottom <= 800 and screen.layout().board.size >= 640  # the board stays big


@pytest.mark.parametrize(("size", "theme_name"), SIZES_AND_THEMES, ids=str)
def test_the_resume_card_names_a_timed_games_clock_and_each_sides_time(
    make_app: Callable[..., App], data: Path, size: tuple[int, int], theme_name: str
) -> None:
    # The walk of 2026-11-30f: the resume card named neither the clock nor the time left.
    record = GameRecord.replay(moves_of(["11-15", "23-19", "8-11"]))
    tags = {
        "Black": "You",
        "White": "AI (Club)",
        "Result": "*",
        "TimeControl": "300+3",
        "BlackClock": "0:03:35.0",
        "WhiteClock": "0:04:12.0",
    }
    saves.save_game(record, tags)
    app = make_app(None, size=size, settings=Settings(theme=theme_name), offer_resume=True)
    settle(app)
    offer = app.screen
    assert isinstance(offer, ResumeScreen) and offer.panel is not None
    shown = [
        label
        for label in offer.panel.get_container().elements
        if isinstance(label, UILabel) and label.text
    ]
    said = [label.text for label in shown]
    assert "5 min + 3 s a move: Black 3:35, White 4:12" in said, said
    # Every line inside the card, the buttons under the last.
    card = offer.panel.get_abs_rect()
    resume = offer.widgets["resume"].get_abs_rect()
    for label in shown:
        rect = label.get_abs_rect()
        assert card.contains(rect) and rect.bottom <= resume.top, (label.text, rect)
