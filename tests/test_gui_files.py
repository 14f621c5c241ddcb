"""The file pickers (open any PDN file, save a game as), driven through the window's loop."""

from __future__ import annotations

import errno
import itertools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UITooltip
from pygame_gui.windows import UIConfirmationDialog

from checkers import saves
from checkers.board import Move
from checkers.gui.app import App
from checkers.gui.intents import OpenFile, SaveGameAs
from checkers.gui.screens.files import OpenFileScreen, SaveAsScreen
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import ArchiveScreen
from checkers.gui.screens.start import StartScreen
from checkers.pdn import read_file

ONE_GAME = '[Event "one"]\n[Black "Ann"]\n[White "Bob"]\n1. 11-15 23-19 2. 8-11 *\n'
TWO_GAMES = '[Event "one"]\n1. 11-15 *\n\n[Event "two"]\n1. 9-13 22-18 *\n'


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def steps(app: App, count: int = 3) -> None:
    for _ in range(count):
        app.step(1 / 60)


def click_at(app: App, point: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    steps(app)


def picker(app: App) -> OpenFileScreen | SaveAsScreen:
    screen = app.screen
    assert isinstance(screen, OpenFileScreen | SaveAsScreen)
    return screen


def enter_path(app: App, path: Path) -> None:
    """Type a path in the dialog's path line (as pasted) and press Enter."""
    dialog = picker(app).dialog
    assert dialog is not None
    line = dialog.file_path_text_line
    click_at(app, line.rect.center)
    line.set_text(str(path))
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0)
    post(pygame.KEYUP, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0)
    steps(app)


def open_picker(app: App) -> OpenFileScreen:
    app.request(OpenFile())
    app.step(0)
    screen = app.screen
    assert isinstance(screen, OpenFileScreen) and screen.dialog is not None
    return screen


def test_the_open_dialog_starts_in_the_saved_games_folder(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = open_picker(app)
    assert screen.dialog is not None
    assert Path(screen.dialog.current_directory_path) == saves.games_dir().resolve()


def test_a_file_picked_in_the_list_opens_in_the_game_screen(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    (saves.games_dir()).mkdir(parents=True, exist_ok=True)
    (saves.games_dir() / "ann-bob.pdn").write_text(ONE_GAME)
    screen = open_picker(app)
    assert screen.dialog is not None
    items = screen.dialog.file_selection_list.item_list
    item = next(i for i in items if i["text"] == "ann-bob.pdn")
    button = item["button_element"]
    assert button is not None
    click_at(app, button.rect.center)
    click_at(app, screen.dialog.ok_button.rect.center)
    game = app.screen
    assert isinstance(game, GameScreen)
    assert game.game.record.moves == [Move((11, 15)), Move((23, 19)), Move((8, 11))]
    assert game.game.status.startswith("ann-bob.pdn: ")


def test_a_file_picked_from_the_start_screen_starts_a_game(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app(None)
    assert isinstance(app.screen, StartScreen)
    path = data / "one.pdn"
    path.write_text(ONE_GAME)
    open_picker(app)
    enter_path(app, path)
    game = app.screen
    assert isinstance(game, GameScreen)
    assert len(game.game.record.moves) == 3 and game.game.tags["Black"] == "Ann"


def test_a_file_of_many_games_lists_them_and_the_pick_reaches_the_game(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    path = data / "two.pdn"
    path.write_text(TWO_GAMES)
    open_picker(app)
    enter_path(app, path)
    archive = app.screen
    assert isinstance(archive, ArchiveScreen) and len(archive.games.shown) == 2
    post(pygame.KEYDOWN, key=pygame.K_DOWN, unicode="", mod=0)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0)
    steps(app)
    game = app.screen
    assert isinstance(game, GameScreen)
    assert game.game.record.moves == [Move((9, 13)), Move((22, 18))]


@pytest.mark.parametrize("kind", ["binary", "folder", "fifo", "bad game"])
def test_a_refused_file_is_named_in_one_line(
    make_app: Callable[..., App], data: Path, kind: str
) -> None:
    app = make_app()
    path = data / "refused.pdn"
    if kind == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_text('[Event "x"]\n1. 11-15 23-19\n2. 11-99 *\n')
    screen = open_picker(app)
    screen.chosen(path) if kind in ("folder", "fifo") else enter_path(app, path)
    steps(app)
    assert app.screen is screen and screen.dialog is not None  # still choosing
    status = screen.status
    assert status.startswith("Cannot open refused.pdn") and "\n" not in status
    assert screen.status_label is not None and screen.status_label.visible
    assert "Traceback" not in status


def test_esc_closes_the_open_dialog(make_app: Callable[..., App], data: Path) -> None:
    app = make_app()
    open_picker(app)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0)
    steps(app)
    assert isinstance(app.screen, GameScreen)


def save_as(app: App, text: str = ONE_GAME, name: str = "my game.pdn") -> SaveAsScreen:
    app.request(SaveGameAs(text, name))
    app.step(0)
    screen = app.screen
    assert isinstance(screen, SaveAsScreen)
    return screen


def test_save_as_writes_the_file_with_the_name_suggested(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = save_as(app)
    assert screen.dialog is not None
    assert screen.dialog.file_path_text_line.get_text().endswith("my game.pdn")
    click_at(app, screen.dialog.ok_button.rect.center)
    assert isinstance(app.screen, GameScreen)
    written = saves.games_dir() / "my game.pdn"
    assert read_file(written)[0].tags["Black"] == "Ann"


def test_save_as_asks_before_replacing_a_file(make_app: Callable[..., App], data: Path) -> None:
    app = make_app()
    target = data / "old.pdn"
    target.write_text("old")
    screen = save_as(app)
    enter_path(app, target)
    confirm = screen.confirm
    assert isinstance(confirm, UIConfirmationDialog) and target.read_text() == "old"
    click_at(app, confirm.cancel_button.rect.center)  # no: the file is kept, choose again
    assert target.read_text() == "old" and screen.dialog is not None and app.screen is screen
    enter_path(app, target)
    confirm = screen.confirm
    assert confirm is not None
    click_at(app, confirm.confirm_button.rect.center)
    assert target.read_text() == ONE_GAME and isinstance(app.screen, GameScreen)


def test_save_as_on_a_full_disk_says_so_in_one_line(
    make_app: Callable[..., App], data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    screen = save_as(app)

    def disk_full(handle: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(os, "write", disk_full)
        screen.write(data / "full.pdn")
    steps(app)
    assert app.screen is screen and screen.dialog is not None
    assert screen.status == "Cannot save full.pdn: No space left on device"
    assert not (data / "full.pdn").exists()


def test_save_as_onto_a_device_is_refused_in_one_line(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = save_as(app)
    screen.write(Path("/dev/full"))
    steps(app)
    assert app.screen is screen and screen.dialog is not None
    assert screen.status == "Cannot save full: full is a device, FIFO or socket, not a file"
    assert Path("/dev/full").is_char_device()


def test_the_first_click_on_menu_after_closing_a_file_dialog_opens_it(
    make_app: Callable[..., App], data: Path
) -> None:
    """Closing the dialog leaves the mouse resting on a panel button, whose tooltip then covers
    the Menu button below it; a quick move and click on Menu used to land on the tooltip."""
    app = make_app()
    game = app.screen
    assert isinstance(game, GameScreen)
    click_at(app, game.widgets["open_menu"].rect.center)
    click_at(app, game.widgets["menu open_file"].rect.center)
    dialog = picker(app).dialog
    assert dialog is not None
    click_at(app, dialog.cancel_button.rect.center)
    assert app.screen is game
    # Where Cancel was: on the Resign button, whose tooltip shows below it, over Menu.
    pygame.mouse.set_pos(
        game.widgets["resign"].rect.center
    )  # where the mouse rests (moves the real pointer too)
    menu = game.widgets["open_menu"]
    for _ in range(40):
        app.step(0.1)
        if any(isinstance(tip, UITooltip) for tip in app.context.ui.get_sprite_group().sprites()):
            break
    tips = [
        tip for tip in app.context.ui.get_sprite_group().sprites() if isinstance(tip, UITooltip)
    ]
    assert any(tip.rect.collidepoint(menu.rect.center) for tip in tips)  # the trap is set
    click_at(app, menu.rect.center)
    assert game.menu_open


def test_the_dialogs_folder_buttons_are_words_with_tooltips(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    dialog = open_picker(app).dialog
    assert dialog is not None
    buttons = [dialog.parent_directory_button, dialog.home_button, dialog.refresh_button]
    assert [button.text for button in buttons] == ["Up", "Home", "Refresh"]
    assert dialog.delete_button.text == "Delete"
    for button in (*buttons, dialog.delete_button):
        assert button.tool_tip_text and not button.tool_tip_text.startswith("pygame-gui.")
        assert button.rect.width > 30  # as wide as its word, not a 20-pixel icon
    assert not any(a.rect.colliderect(b.rect) for a, b in itertools.pairwise(buttons))
