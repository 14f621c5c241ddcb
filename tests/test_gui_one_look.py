"""One look across the window (issue 25, section 4): every card in the same style, the draw
offer asked on a card as resigning is, one word for taking a move back, Esc on the start screen
never closing the app unasked, readable square numbers in the high-contrast theme, the drills
on the start screen, one orientation rule and one rule for the status lines' full stops.

Real screens driven headlessly through the App's loop; frames are counted, never clocks."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pygame_gui
import pytest
from gui_driving import click_at, press, screen_of

from checkers.ai.levels import get_level
from checkers.board import Move, Position
from checkers.board_geometry import ARROW_EDGE, BoardGeometry
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.cards import button_height
from checkers.gui.config import GameConfig, Mode, PlayerConfig
from checkers.gui.intents import ChangeSettings, OpenDrills, OpenPuzzles, OpenSettings
from checkers.gui.screens import start as start_module
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.screens.drills import DrillScreen
from checkers.gui.screens.puzzles import PuzzleScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import Settings
from checkers.picture import Group, board_picture
from checkers.saves import load_game, unfinished_games

THEMES = Path(theme.__file__).parent / "themes"
"""The window's theme files."""


@pytest.fixture(autouse=True)
def default_theme(data: Path) -> Iterator[None]:
    """Settings and games in a fresh folder; the default palette again afterwards."""
    yield
    theme.use(theme.DEFAULT_THEME)


def use_theme(app: App, name: str) -> None:
    """Switch the window to the theme `name`, as the settings card does."""
    app.request(ChangeSettings(replace(app.settings, theme=name)))
    app.step(1 / 60)


def hex_colour(text: str) -> tuple[int, int, int]:
    """`#rrggbb` as a colour."""
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def card_border(name: str) -> tuple[int, int, int]:
    """The cards' border colour in the theme `name`'s widget styling."""
    return hex_colour(theme.ui_theme(name)["#card"]["colours"]["normal_border"])


# --- 1. one card style ----------------------------------------------------------------------


@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_the_settings_card_has_the_gold_border_and_button_of_every_card(
    make_app: Callable[..., App], theme_name: str, size: tuple[int, int]
) -> None:
    app = make_app(None, size=size)
    use_theme(app, theme_name)
    app.request(OpenSettings())
    for _ in range(3):
        app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, SettingsScreen) and screen.panel is not None
    assert "#card" in screen.panel.get_object_ids()
    box = screen.panel.get_abs_rect()
    surface = pygame.display.get_surface()
    assert surface is not None
    # The border as drawn: a few pixels in from the card's top edge, in its middle.
    edge = [tuple(surface.get_at((box.centerx, box.top + dy)))[:3] for dy in range(6)]
    assert card_border(theme_name) in edge
    close = screen.widgets["close"]
    assert close.rect.height == button_height(app.context.scale)
    assert box.contains(close.get_abs_rect())  # nothing falls off the card


# --- 5. square numbers that read ----------------------------------------------------------


def relative_luminance(colour: tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_high_contrast_square_numbers_meet_wcag_on_the_dark_squares() -> None:
    palette = theme.PALETTES["contrast"]
    assert contrast_ratio(palette.SQUARE_NUMBER, palette.DARK_SQUARE) >= 4.5


@pytest.mark.parametrize("name", ["wood", "contrast"])
def test_arrows_stand_out_on_both_square_colours(name: str) -> None:
    """The walk of 2026-11-29: High contrast's dark blue arrows on the dark green squares of
    Why?'s small board were hard to see. Every arrow has a black rim with WCAG's 3:1 for shapes
    against both square colours, and its fill reads inside the rim."""
    palette = theme.PALETTES[name]
    for square in (palette.LIGHT_SQUARE, palette.DARK_SQUARE):
        assert contrast_ratio(ARROW_EDGE, square) >= 3.0, (name, square)
    assert contrast_ratio(palette.HINT, ARROW_EDGE) >= 3.0
    position = Position.from_fen("W:W32,27,24,22:B20,15,10,7")
    line = [Move.from_pdn("27-23", position)]
    line.append(Move.from_pdn("20x27", position.move(line[0])))
    picture = board_picture(position, size=240, theme=name, arrows=line)
    groups = [shape for shape in picture.shapes if isinstance(shape, Group)]
    rims = [group for group in groups if group.name == "arrow rim"]
    arrows = [group for group in groups if group.name == "arrow"]
    assert len(rims) == len(arrows) == 2
    for rim in rims:
        assert rim.alpha == 255  # opaque, however faint the arrow's fill
        for shape in rim.shapes:
            assert ARROW_EDGE in (getattr(shape, "fill", None), getattr(shape, "stroke", None))


# --- 3. one word for taking a move back ------------------------------------------------------


def button_texts(app: App) -> list[str]:
    """The texts of every button on the window now."""
    sprites = app.context.ui.get_sprite_group().sprites()
    return [button.text for button in sprites if isinstance(button, pygame_gui.elements.UIButton)]


def test_undo_is_one_word_and_off_while_there_is_nothing_to_undo(
    make_app: Callable[..., App],
) -> None:
    app = make_app(size=(720, 480))
    game = screen_of(app)
    assert game.widgets["undo"].text == "Undo" and not game.widgets["undo"].is_enabled
    press(app, pygame.K_a, "a")
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    board.context.ai.cancel()  # the engine's lines are not this test's subject
    app.step(1 / 60)
    undo = board.widgets["back"]
    assert undo.text == "Undo" and not undo.is_enabled  # the game's position: nothing to undo
    for square in (11, 15):
        x, y = board.layout().board.square_center(square)
        click_at(app, (int(x), int(y)))
    app.step(1 / 60)
    assert undo.is_enabled and board.record.ply == 1
    press(app, pygame.K_u, "u")
    assert not undo.is_enabled and board.record.ply == 0
    assert not [text for text in button_texts(app) if "take back" in text.lower()]
    press(app, pygame.K_ESCAPE)
    app.request(OpenPuzzles())
    app.step(1 / 60)
    assert not [text for text in button_texts(app) if "take back" in text.lower()]
    app.pop()
    app.request(OpenDrills())  # First Position, from the shipped databases: no build
    app.step(1 / 60)
    app.step(1 / 60)
    drill = app.screen.widgets["back move"]  # type: ignore[attr-defined]
    assert drill.text == "Undo" and not drill.is_enabled


# --- 4. Esc on the start screen never closes the window unasked ------------------------------


def start_screen(app: App) -> StartScreen:
    """The start screen on top (the test fails if another screen is)."""
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return screen


def test_escapes_from_a_games_menu_keep_the_game_and_never_quit_unasked(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app(autosave=True, size=(720, 480))
    game = screen_of(app)
    for square in (11, 15):
        x, y = game.layout().board.square_center(square)
        click_at(app, (int(x), int(y)))
    assert game.game.record.ply == 1
    click_at(app, game.widgets["open_menu"].get_abs_rect().center)
    app.step(1 / 60)
    assert game.menu_open
    for _ in range(3):  # the menu closes, the start screen comes, and the third asks
        press(app, pygame.K_ESCAPE)
    assert app.running
    start = start_screen(app)
    assert start.card is not None and start.card.is_built()
    assert start.card.title == "Quit checkers?"
    assert [b.text for b in start.card.buttons] == ["Quit", "Cancel"]
    # The game in progress was kept when the game screen went: its file holds the move.
    [kept] = unfinished_games()
    assert [move.pdn() for move in load_game(kept.path).record.moves] == ["11-15"]
    press(app, pygame.K_ESCAPE)  # Esc on the question says no
    assert app.running and start.card is None
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)  # and again: Escapes alone never close the window
    assert app.running and start.card is None
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN, "\r")  # Enter on the question quits
    assert not app.running


@pytest.mark.parametrize("how", ["ctrl+q", "button", "window"])
def test_the_start_screens_quit_still_quits_at_once(make_app: Callable[..., App], how: str) -> None:
    app = make_app(None)
    start = start_screen(app)
    if how == "ctrl+q":
        press(app, pygame.K_q, "\x11", pygame.KMOD_CTRL)
    elif how == "button":
        click_at(app, start.widgets["quit"].get_abs_rect().center)
        app.step(1 / 60)
    else:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app.step(1 / 60)
    assert not app.running


# --- 6. the drills on the start screen --------------------------------------------------------


@pytest.mark.parametrize("due", [0, 12])
@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_the_start_screen_has_drills_beside_puzzles_and_every_label_fits(
    make_app: Callable[..., App],
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    due: int,
) -> None:
    monkeypatch.setattr(start_module, "due_count", lambda: (due, 30))  # "Puzzles: 12 due"
    app = make_app(None, size=size)
    start = start_screen(app)
    row = [start.widgets[name] for name in ("start", "load", "puzzles", "drills", "settings")]
    row.append(start.widgets["quit"])
    assert row[3].text == "Drills" and row[2].text == ("Puzzles: 12 due" if due else "Puzzles")
    window = pygame.Rect((0, 0), size)
    for left, right in itertools.pairwise(row):
        assert left.rect.top == right.rect.top and left.rect.right < right.rect.left
    for button in row:
        assert window.contains(button.rect)
        assert button.font is not None
        assert button.font.size(button.text)[0] <= button.rect.width - 8, button.text
    click_at(app, row[3].get_abs_rect().center)
    app.step(1 / 60)
    assert isinstance(app.screen, DrillScreen)


# --- 7. one orientation rule ----------------------------------------------------------------


@pytest.mark.parametrize("turned", [False, True])
def test_the_empty_puzzle_board_faces_as_a_game_does(
    make_app: Callable[..., App], turned: bool
) -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("novice")))
    app = make_app(config, settings=Settings().turning(Mode.HUMAN_VS_AI, turned), flip=turned)
    game = screen_of(app)

    def black_at_bottom(board: BoardGeometry) -> bool:
        return board.square_center(1)[1] > board.square_center(32)[1]

    at_bottom = black_at_bottom(game.layout().board)
    assert at_bottom is not turned  # you play Black: at the bottom unless the settings turn it
    app.request(OpenPuzzles())
    app.step(1 / 60)
    puzzles = app.screen
    assert isinstance(puzzles, PuzzleScreen) and puzzles.puzzle is None  # none in the set yet
    assert black_at_bottom(puzzles.layout().board) is at_bottom
    assert not puzzles.widgets["next"].is_enabled  # the primary button has nothing to do


# --- 8. one rule for the status lines' full stops -------------------------------------------

ENDINGS = (".", "?", "!", "...", "…")
"""How a status line ends: it is a sentence (or a question, or a line still going on)."""


def test_the_game_status_line_ends_every_sentence_with_a_full_stop(
    make_app: Callable[..., App],
) -> None:
    app = make_app(size=(720, 480))
    game = screen_of(app)
    seen = []

    def board_click(square: int | None, point: tuple[int, int] | None = None) -> None:
        if point is None:
            assert square is not None
            x, y = game.layout().board.square_center(square)
            point = (int(x), int(y))
        click_at(app, point)
        seen.append(game.game.status)

    board = game.layout().board
    light = board.square_center(1)  # square 1's left neighbour is a light square
    board_click(None, (int(light[0] - board.cell), int(light[1])))  # dark squares only
    board_click(14)  # an empty square
    board_click(22)  # White's piece on Black's turn
    board_click(1)  # a blocked piece
    board_click(11)
    board_click(20)  # 11 cannot move there
    board_click(15)  # a move: the turn passes
    for key, text in ((pygame.K_f, "f"), (pygame.K_m, "m"), (pygame.K_v, "v"), (pygame.K_k, "k")):
        press(app, key, text)
        seen.append(game.game.status)
    press(app, pygame.K_d, "d")  # two players: the offer is made at once
    seen.append(game.game.status)
    assert len(set(seen)) >= 9
    assert all(status.endswith(ENDINGS) for status in seen), seen


@pytest.mark.parametrize("name", ["wood", "contrast"])
def test_the_bar_s_even_stays_inside_the_bar_at_720x480(
    make_app: Callable[..., App], name: str
) -> None:
    """The walk of 2026-11-29: at 720x480 the bar's "even" label was wider than the bar."""
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig()), size=(720, 480))
    theme.use(name)
    screen = screen_of(app)
    rect = screen.bar.rect(screen.layout())
    surface = pygame.Surface((rect.right + 40, rect.bottom + 10))
    marker = (1, 2, 3)
    for share, label in ((0.5, "even"), (0.9, "0.20")):
        surface.fill(marker)
        app.context.renderer.eval_bar(surface, rect, share, label, flipped=False)
        outside = [
            (x, y)
            for x in (rect.left - 3, rect.right + 2)  # past the bar's 2-pixel frame
            for y in range(rect.top, rect.bottom)
            if surface.get_at((x, y))[:3] != marker
        ]
        assert outside == [], (label, outside[:3])
        if label == "even":  # drawn (along the bar), in the middle of a bar at even
            middle = range(rect.centery - 20, rect.centery + 20)
            assert any(
                all(abs(a - b) < 60 for a, b in zip(surface.get_at((x, y))[:3], theme.TEXT))
                for x in range(rect.left, rect.right)
                for y in middle
            )
    theme.use(theme.DEFAULT_THEME)


def test_the_high_contrast_bar_s_black_share_and_frame_stand_out(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-29d: in High contrast Black's share of the evaluation bar was black
    on the black window and the bar's dark track, so "win 6" sat over what looked like an empty
    bar. Drawn, its Black share has WCAG's 3:1 for shapes against the empty track, the window,
    White's share and the bar's frame, and the frame has it against the window."""
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig()), size=(720, 480))
    theme.use("contrast")
    screen = screen_of(app)
    rect = screen.bar.rect(screen.layout())
    surface = pygame.Surface((rect.right + 40, rect.bottom + 10))
    surface.fill(theme.BACKGROUND)
    app.context.renderer.eval_bar(surface, rect, 0.75, "0.45", flipped=False)

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        red, green, blue, _ = surface.get_at((x, y))
        return red, green, blue

    black = pixel(rect.centerx, rect.centery)  # in Black's 75 %, clear of the figure at its top
    white = pixel(rect.centerx, rect.bottom - 4)
    frame = pixel(rect.left - 2, rect.centery)
    window = pixel(rect.left - 6, rect.centery)
    assert window == theme.BACKGROUND and white == theme.WHITE_PIECE
    for neighbour in (theme.PANEL, window, white, frame):
        assert contrast_ratio(black, neighbour) >= 3.0, (black, neighbour)
    assert contrast_ratio(frame, window) >= 3.0
    theme.use(theme.DEFAULT_THEME)


def _theme_colour(name: str, element: str, key: str) -> tuple[int, int, int]:
    """A colour of a theme file's element (`#to_move`'s `dark_bg`), as the window reads it."""
    data = json.loads((THEMES / f"{name}.json").read_text(encoding="utf-8"))
    colours = data[element]["colours"] if element in data else data["label"]["colours"]
    text = colours[key].lstrip("#")
    red, green, blue = (int(text[index : index + 2], 16) for index in (0, 2, 4))
    return red, green, blue


@pytest.mark.parametrize("name", ["wood", "contrast"])
def test_the_clocks_read_on_the_side_to_moves_card(name: str) -> None:
    """The walk of 2026-11-30: in High contrast the red time under 20 s sat on the grey card of
    the side to move, hard to read (1.3:1). The clock's figures, large and bold, have WCAG's 3:1
    for large text on that card and on the panel; in High contrast every word of the card has
    the 4.5:1 of body text."""
    card = _theme_colour(name, "#to_move", "dark_bg")
    panel = _theme_colour(name, "#side_panel", "dark_bg")
    for clock in ("@clock", "@clock_low"):
        figure = _theme_colour(name, clock, "normal_text")
        assert contrast_ratio(figure, card) >= 3.0, (clock, figure, card)
        assert contrast_ratio(figure, panel) >= 3.0, (clock, figure, panel)
    if name == "contrast":
        for words in ("label", "@dim", "@clock", "@clock_low"):
            colour = _theme_colour(name, words, "normal_text")
            assert contrast_ratio(colour, card) >= 4.5, (words, colour, card)
