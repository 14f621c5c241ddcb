"""The game menu's Copy picture and Save picture: the board shown, as a PNG or SVG file."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from gui_driving import click_at, screen_of

from checkers import saves
from checkers.board import Move
from checkers.gui import clipboard, theme
from checkers.gui.app import App
from checkers.gui.game_view.picture_menu import PICTURE_SIZE, shown_picture
from checkers.gui.intents import Intent, SavePictureAs
from checkers.gui.screens.files import SavePictureScreen
from checkers.gui.screens.game import GameScreen
from checkers.picture import Group, Rect

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path


def steps(app: App, count: int = 3) -> None:
    for _ in range(count):
        app.step(1 / 60)


def choose(app: App, name: str) -> None:
    """Open the menu and press one of its entries, as a player does."""
    screen = screen_of(app)
    click_at(app, screen.widgets["open_menu"].rect.center)
    steps(app)
    click_at(app, screen.widgets[f"menu {name}"].rect.center)
    steps(app)


def test_the_menu_offers_both_and_save_asks_for_the_board_shown_with_its_arrow(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = screen_of(app)
    asked: list[Intent] = []
    screen.context.request = asked.append
    screen.flip()
    screen.game.hint = Move((11, 15))  # the hint's arrow is on the board
    choose(app, "save_picture")
    assert len(asked) == 1 and isinstance(asked[0], SavePictureAs)
    picture = asked[0].picture
    assert asked[0].name.endswith(".png") and picture.width == PICTURE_SIZE
    assert [s.name for s in picture.shapes if isinstance(s, Group) and "piece" in s.name].count(
        "piece black man"
    ) == 12
    assert [s for s in picture.shapes if isinstance(s, Group) and s.name == "arrow"]
    # Flipped as the window shows it: square 1 is in the bottom row.
    left, top, cell = picture.board
    square_one = next(
        s
        for s in picture.shapes
        if isinstance(s, Rect) and s.name == "square" and s.x == left + 6 * cell
    )
    assert square_one.y == top + 7 * cell


def test_the_picture_has_the_theme_in_use(make_app: Callable[..., App], data: Path) -> None:
    app = make_app()
    screen = screen_of(app)
    theme.use("contrast")
    try:
        picture = shown_picture(screen)
    finally:
        theme.use(theme.DEFAULT_THEME)
    fills = {s.fill for s in picture.shapes if isinstance(s, Rect)}
    assert theme.PALETTES["contrast"].DARK_SQUARE in fills
    assert theme.PALETTES["wood"].DARK_SQUARE not in fills


def save_picture_screen(app: App) -> SavePictureScreen:
    choose(app, "save_picture")
    app.step(0)
    screen = app.screen
    assert isinstance(screen, SavePictureScreen)
    return screen


def enter_path(app: App, screen: SavePictureScreen, path: Path | str) -> None:
    line = screen.name_line
    assert line is not None
    line.set_text(str(path))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
    steps(app)


def test_save_picture_writes_png_or_svg_by_the_name(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = save_picture_screen(app)
    assert not screen.pdn_only  # pictures are listed too
    enter_path(app, screen, data / "board")  # no suffix: a PNG
    assert isinstance(app.screen, GameScreen)
    image = pygame.image.load(str(data / "board.png"))
    assert image.get_width() == PICTURE_SIZE
    assert screen_of(app).game.status.startswith("Saved the picture as board.png")
    screen = save_picture_screen(app)
    enter_path(app, screen, data / "board.svg")
    root = ET.parse(data / "board.svg").getroot()
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("class") == "square"]) == 32


def test_save_picture_refuses_another_kind_and_asks_before_replacing(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = save_picture_screen(app)
    enter_path(app, screen, data / "board.gif")
    assert app.screen is screen and screen.refused and ".png or .svg" in screen.status
    assert not (data / "board.gif").exists()
    old = data / "old.png"
    old.write_bytes(b"old")
    enter_path(app, screen, old)
    assert screen.question is not None and old.read_bytes() == b"old"
    assert "this picture" in " ".join(screen.question.lines)


def test_copy_picture_puts_a_png_where_a_copier_exists_and_says_so_where_none(
    make_app: Callable[..., App], data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    game = screen_of(app).game
    monkeypatch.setattr(clipboard, "IMAGE_COPIERS", ())
    choose(app, "copy_picture")
    assert game.status.startswith("No picture copied: the clipboard here takes text only")
    # A stand-in for xclip: it keeps what it is given, as the clipboard would.
    kept = data / "clipboard.bin"
    program = f"import sys; open({str(kept)!r}, 'wb').write(sys.stdin.buffer.read())"
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(
        clipboard, "IMAGE_COPIERS", (("stand-in", (sys.executable, "-c", program), "DISPLAY"),)
    )
    choose(app, "copy_picture")
    assert game.status == "Copied the board as a picture (PNG)."
    assert kept.read_bytes().startswith(b"\x89PNG")
