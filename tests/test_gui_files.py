"""The file browsers (open any PDN file, save a game as) and their cards, driven through the
window's loop."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIButton, UITooltip

from checkers import saves
from checkers.board import Move
from checkers.formats.pdn import open_game, read_file
from checkers.gui.app import App
from checkers.gui.browser import list_folder, remember_folder
from checkers.gui.intents import OpenFile, SaveGameAs
from checkers.gui.screens.files import OpenFileScreen, SaveAsScreen
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import ArchiveScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import RECENT_FOLDERS, Settings

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


def key(app: App, code: int, text: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, unicode=text, mod=mod, scancode=0)
    post(pygame.KEYUP, key=code, unicode=text, mod=mod, scancode=0)
    steps(app)


def enter_path(app: App, path: Path | str) -> None:
    """Type a path in the browser's name line (as pasted) and press Enter."""
    line = picker(app).name_line
    assert line is not None
    click_at(app, line.rect.center)
    line.set_text(str(path))
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0)
    post(pygame.KEYUP, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0)
    steps(app)


def open_picker(app: App) -> OpenFileScreen:
    app.request(OpenFile())
    app.step(0)
    screen = app.screen
    assert isinstance(screen, OpenFileScreen) and screen.ui_root is not None
    return screen


def row_texts(screen: OpenFileScreen | SaveAsScreen) -> list[str]:
    """The list's rows as shown, top to bottom."""
    rows = sorted(screen.rows.items(), key=lambda item: item[1])
    return [button.text for button, _ in rows]


def buttons_on_screen(app: App) -> list[UIButton]:
    return [
        element
        for element in app.context.ui.get_sprite_group().sprites()
        if isinstance(element, UIButton) and element.visible and element.alive()
    ]


def a_folder(data: Path) -> Path:
    """A folder with a sub-folder, two PDN files and two other files."""
    folder = data / "club"
    (folder / "2025").mkdir(parents=True)
    (folder / "ann-bob.pdn").write_text(ONE_GAME)
    (folder / "Two.PDN").write_text(TWO_GAMES)
    (folder / "notes.txt").write_text("not a game")
    (folder / "photo.png").write_bytes(b"\x89PNG")
    (folder / ".hidden.pdn").write_text(ONE_GAME)
    return folder


def test_the_listing_has_folders_first_then_pdn_files_and_the_filter_hides_the_rest(
    data: Path,
) -> None:
    folder = a_folder(data)
    entries, hidden = list_folder(folder, pdn_only=True)
    assert [(e.name, e.is_folder) for e in entries] == [
        ("2025", True),
        ("ann-bob.pdn", False),
        ("Two.PDN", False),
    ]
    assert hidden == 2
    entries, hidden = list_folder(folder, pdn_only=False)
    assert [e.name for e in entries] == ["2025", "ann-bob.pdn", "notes.txt", "photo.png", "Two.PDN"]
    assert hidden == 0


def test_recent_folders_keep_the_newest_first_once_and_a_few() -> None:
    recent: tuple[str, ...] = ()
    for index in range(10):
        recent = remember_folder(recent, Path(f"/games/{index}"))
    recent = remember_folder(recent, Path("/games/7"))
    assert recent[0] == "/games/7" and len(recent) == RECENT_FOLDERS
    assert len(set(recent)) == len(recent)


def test_the_settings_file_keeps_recent_folders_and_drops_bad_ones() -> None:
    good = Settings(recent_folders=("/home/ann/games", "/tmp"))
    assert Settings.from_json(json.loads(json.dumps(good.to_json()))) == good
    bad = {"recent_folders": ["relative/path", 3, "/ok", "/ok", "", "/a\0b", None]}
    assert Settings.from_json(bad).recent_folders == ("/ok",)
    assert Settings.from_json({"recent_folders": "/not/a/list"}).recent_folders == ()
    assert Settings().recent_folders == ()


def test_the_open_browser_starts_in_the_saved_games_folder(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = open_picker(app)
    assert screen.directory == saves.games_dir().resolve()


def test_no_button_deletes_a_file(make_app: Callable[..., App], data: Path) -> None:
    app = make_app()
    screen = open_picker(app)
    screen.go(a_folder(data))
    steps(app)
    texts = [button.text.lower() for button in buttons_on_screen(app)]
    assert "open" in texts and "up" in texts
    assert not any("delete" in text or "remove" in text for text in texts)


def test_a_file_picked_in_the_list_opens_in_the_game_screen(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    saves.games_dir().mkdir(parents=True, exist_ok=True)
    (saves.games_dir() / "ann-bob.pdn").write_text(ONE_GAME)
    (saves.games_dir() / "other.pdn").write_text(TWO_GAMES)
    screen = open_picker(app)
    row = next(button for button, index in screen.rows.items() if button.text == "ann-bob.pdn")
    click_at(app, row.rect.center)
    click_at(app, screen.widgets["open"].rect.center)
    game = app.screen
    assert isinstance(game, GameScreen)
    assert game.game.record.moves == [Move((11, 15)), Move((23, 19)), Move((8, 11))]
    assert game.game.status.startswith("ann-bob.pdn: ")


def test_enter_on_a_chosen_pdn_file_opens_it(make_app: Callable[..., App], data: Path) -> None:
    app = make_app()
    screen = open_picker(app)
    screen.go(a_folder(data))
    steps(app)
    assert row_texts(screen) == ["2025/", "ann-bob.pdn", "Two.PDN"]
    key(app, pygame.K_HOME)  # the folder first, then down to the first file
    key(app, pygame.K_DOWN)
    assert screen.chosen == 1 and screen.name == "ann-bob.pdn"
    key(app, pygame.K_RETURN, "\r")
    game = app.screen
    assert isinstance(game, GameScreen) and game.game.tags["Black"] == "Ann"


def test_a_double_click_opens_a_file(make_app: Callable[..., App], data: Path) -> None:
    app = make_app()
    screen = open_picker(app)
    screen.go(a_folder(data))
    steps(app)
    row = next(button for button, index in screen.rows.items() if index == 1)
    point = (int(row.rect.centerx), int(row.rect.centery))
    click_at(app, point)
    assert app.screen is screen  # one click chooses
    click_at(app, point)  # the second click within the double-click time opens
    assert isinstance(app.screen, GameScreen)


def test_folders_open_with_enter_and_backspace_or_up_goes_back(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    folder = a_folder(data)
    (folder / "2025" / "final.pdn").write_text(ONE_GAME)
    screen = open_picker(app)
    screen.go(folder)
    steps(app)
    key(app, pygame.K_HOME)
    assert screen.entries[screen.chosen or 0].name == "2025"
    key(app, pygame.K_RETURN, "\r")
    assert screen.directory == (folder / "2025").resolve()
    assert row_texts(screen) == ["final.pdn"] and screen.name == "final.pdn"
    key(app, pygame.K_BACKSPACE)
    assert screen.directory == folder.resolve()
    assert screen.chosen is not None and screen.entries[screen.chosen].name == "2025"
    click_at(app, screen.widgets["up"].rect.center)
    assert screen.directory == data.resolve()


def test_a_long_folder_scrolls_with_the_keys_and_keeps_the_chosen_file_in_view(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app(size=(720, 480))
    folder = data / "many"
    folder.mkdir()
    for index in range(60):
        (folder / f"game {index:02}.pdn").write_text(ONE_GAME)
    screen = open_picker(app)
    screen.go(folder)
    steps(app)
    assert 3 < screen.visible < 60 and screen.chosen == 0
    key(app, pygame.K_PAGEDOWN)
    assert screen.chosen == screen.visible
    key(app, pygame.K_END)
    assert screen.chosen == 59 and row_texts(screen)[-1] == "game 59.pdn"
    last = next(button for button, index in screen.rows.items() if index == 59)
    assert screen.list_box is not None
    assert screen.list_box.get_abs_rect().contains(last.rect)  # in view, not cut
    key(app, pygame.K_PAGEUP)
    assert screen.chosen == 59 - screen.visible
    key(app, pygame.K_RETURN, "\r")
    game = app.screen
    assert isinstance(game, GameScreen)
    assert game.game.status.startswith(f"game {59 - screen.visible:02}.pdn")


def test_the_filter_shows_all_files_or_pdn_files_only(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = open_picker(app)
    screen.go(a_folder(data))
    steps(app)
    assert "notes.txt" not in row_texts(screen) and "2 other files hidden" in screen.status
    menu = screen.filter
    assert menu is not None
    click_at(app, menu.rect.center)  # the drop-down opens...
    option = next(
        button
        for button in buttons_on_screen(app)
        if button.text == "All files" and button.rect.top > menu.rect.top
    )
    click_at(app, option.rect.center)  # ...and All files is chosen
    steps(app)
    assert row_texts(screen) == ["2025/", "ann-bob.pdn", "notes.txt", "photo.png", "Two.PDN"]
    assert ".hidden.pdn" not in row_texts(screen)


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


def test_the_folder_of_a_file_opened_is_a_recent_place_next_time(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    folder = a_folder(data)
    open_picker(app)
    enter_path(app, folder / "ann-bob.pdn")
    assert isinstance(app.screen, GameScreen)
    assert app.settings.recent_folders[0] == str(folder.resolve())
    screen = open_picker(app)
    place = next(
        button
        for name, button in screen.widgets.items()
        if name.startswith("place ") and button.text == "club"
    )
    click_at(app, place.rect.center)
    assert screen.directory == folder.resolve() and "ann-bob.pdn" in row_texts(screen)


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


def test_the_window_reads_files_as_the_command_line_does(
    make_app: Callable[..., App], data: Path
) -> None:
    # Exports another program wrote (a board turned round, single jumps, a short capture), one
    # file of one game and one of three: the window opens them with the one reader.
    exports = Path(__file__).parent / "data" / "pdn"
    turned = (exports / "site_black_at_bottom.pdn").read_text().split("\n\n[Event")[0]
    (data / "turned.pdn").write_text(turned)
    app = make_app()
    open_picker(app)
    enter_path(app, data / "turned.pdn")
    game = app.screen
    assert isinstance(game, GameScreen)
    assert game.game.record.moves == open_game(data / "turned.pdn").moves
    assert game.game.finished and game.game.tags["White"] == "tomasz"  # its 1-0 stands
    open_picker(app)
    enter_path(app, exports / "short_capture_routes.pdn")
    archive = app.screen
    assert isinstance(archive, ArchiveScreen)
    steps(app)
    # Game 3's route cannot be told: it leaves the list, and the status line says why.
    assert [entry.number for entry in archive.games.shown] == [1, 2]
    assert "1 skipped (cannot be read; game 3, line 26: move 1 (Black) 10x26 is ambiguous" in (
        archive.status
    )
    post(pygame.KEYDOWN, key=pygame.K_DOWN, unicode="", mod=0)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0)
    steps(app)
    game = app.screen
    assert isinstance(game, GameScreen)
    assert game.game.record.moves[0] == Move((10, 17, 26))


@pytest.mark.parametrize("kind", ["binary", "fifo", "bad game", "empty"])
def test_a_refused_file_is_named_in_one_line(
    make_app: Callable[..., App], data: Path, kind: str
) -> None:
    app = make_app()
    path = data / "refused.pdn"
    if kind == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "empty":
        path.write_text("")
    else:
        path.write_text('[Event "x"]\n1. 11-15 23-19\n2. 11-99 *\n')
    screen = open_picker(app)
    enter_path(app, path)
    steps(app)
    assert app.screen is screen  # still choosing
    status = screen.status
    assert status.startswith("Cannot open refused.pdn") and "\n" not in status
    assert screen.status_label is not None and screen.status_label.visible
    assert "@error" in screen.status_label.get_object_ids()  # in the refusal's colour
    assert "Traceback" not in status


def test_a_folder_that_cannot_be_read_is_named_in_one_line(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = open_picker(app)
    before = screen.directory
    screen.go(data / "no such folder")
    steps(app)
    assert screen.directory == before
    assert screen.status.startswith("Cannot open the folder no such folder")


def test_esc_closes_the_open_browser(make_app: Callable[..., App], data: Path) -> None:
    app = make_app()
    open_picker(app)
    key(app, pygame.K_ESCAPE, "\x1b")
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
    assert screen.name_line is not None and screen.name_line.get_text() == "my game.pdn"
    assert screen.name_line.is_focused  # a name can be typed at once
    click_at(app, screen.widgets["save"].rect.center)
    assert isinstance(app.screen, GameScreen)
    written = saves.games_dir() / "my game.pdn"
    assert read_file(written)[0].tags["Black"] == "Ann"


def test_save_as_adds_pdn_to_a_name_typed_without_it(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    save_as(app)
    enter_path(app, "club final")
    assert isinstance(app.screen, GameScreen)
    assert read_file(saves.games_dir() / "club final.pdn")[0].tags["Black"] == "Ann"


def test_save_as_asks_on_a_card_before_replacing_a_file(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    target = data / "old.pdn"
    target.write_text("old")
    screen = save_as(app)
    enter_path(app, target)
    question = screen.question
    assert question is not None and target.read_text() == "old"
    replace, keep = question.widgets["replace"], question.widgets["keep"]
    assert replace.rect.size == keep.rect.size  # one size, the primary no bigger
    assert replace.rect.height == screen.widgets["save"].rect.height
    key(app, pygame.K_DOWN)  # the browser's keys do nothing while the question is asked
    key(app, pygame.K_ESCAPE, "\x1b")  # no: the file is kept, choose again
    assert target.read_text() == "old" and screen.question is None and app.screen is screen
    enter_path(app, target)
    assert screen.question is not None
    click_at(app, screen.question.widgets["keep"].rect.center)
    assert target.read_text() == "old" and screen.question is None and app.screen is screen
    enter_path(app, target)
    key(app, pygame.K_RETURN, "\r")  # Enter: Replace, the primary
    assert target.read_text() == ONE_GAME and isinstance(app.screen, GameScreen)
    assert app.settings.recent_folders[0] == str(data.resolve())


def test_tab_moves_the_questions_focus_and_enter_presses_the_focused_button(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    target = data / "old.pdn"
    target.write_text("old")
    screen = save_as(app)
    enter_path(app, target)
    assert screen.question is not None and screen.question.focused == "replace"
    key(app, pygame.K_TAB, "\t")
    assert screen.question is not None and screen.question.focused == "keep"
    key(app, pygame.K_RETURN, "\r")
    assert target.read_text() == "old" and app.screen is screen and screen.question is None


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
    assert app.screen is screen
    assert screen.status == "Cannot save full.pdn: No space left on device"
    assert not (data / "full.pdn").exists()


def test_save_as_onto_a_device_is_refused_in_one_line(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = save_as(app)
    screen.write(Path("/dev/full"))
    steps(app)
    assert app.screen is screen
    assert screen.status == "Cannot save full: full is a device, FIFO or socket, not a file"
    assert Path("/dev/full").is_char_device()


def test_the_first_click_on_menu_after_closing_a_file_browser_opens_it(
    make_app: Callable[..., App], data: Path
) -> None:
    """Closing the browser leaves the mouse resting on a panel button, whose tooltip then covers
    the Menu button below it; a quick move and click on Menu used to land on the tooltip."""
    app = make_app()
    game = app.screen
    assert isinstance(game, GameScreen)
    click_at(app, game.widgets["open_menu"].rect.center)
    click_at(app, game.widgets["menu open_file"].rect.center)
    cancel = picker(app).widgets["cancel"]
    click_at(app, cancel.rect.center)
    assert app.screen is game
    # Where the mouse rests: on the Redo button (a move taken back: it applies), whose tooltip
    # shows below it, over Menu.
    game.game.play(game.game.position.legal_moves()[0])
    game.game.undo()
    app.step(0.1)
    pygame.mouse.set_pos(
        game.widgets["redo"].rect.center
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


def test_every_button_of_the_browser_has_a_tooltip_of_our_own(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = open_picker(app)
    screen.go(a_folder(data))
    steps(app)
    for name, button in screen.widgets.items():
        assert button.tool_tip_text, name
        assert not button.tool_tip_text.startswith("pygame-gui."), name
    assert pygame_gui.UI_BUTTON_DOUBLE_CLICKED  # rows open with a double click
