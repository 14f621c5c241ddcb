"""The saved-games list, a file's list of games with its filter, and the resume offer, as widgets
driven by real events through the window's loop."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pygame
import pytest

from checkers import saves
from checkers.board import Move
from checkers.formats.pdn import open_archive
from checkers.gui.app import App
from checkers.gui.intents import OpenArchive
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import ArchiveScreen, LoadScreen, ResumeScreen
from checkers.gui.screens.start import StartScreen
from checkers.record import GameRecord

ARCHIVE = "".join(
    f'[Event "{event}"]\n[Black "{black}"]\n[White "{white}"]\n[Result "{result}"]\n{moves}\n\n'
    for event, black, white, result, moves in (
        ("Open", "Tinsley", "Chinook", "1/2-1/2", "1. 11-15 23-19 1/2-1/2"),
        ("Open", "Oldbury", "Tinsley", "1-0", "1. 9-13 22-18 1-0"),
        ("Club", "Ann", "Bob", "0-1", "1. 10-14 24-20 0-1"),
        ("Club", "Ann", "Cid", "*", "1. 12-16 99-98 *"),  # cannot be read
    )
)


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def press(app: App, key: int, text: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, unicode=text, mod=mod, scancode=0)
    post(pygame.KEYUP, key=key, unicode=text, mod=mod, scancode=0)
    app.step(1 / 60)
    app.step(1 / 60)


def type_text(app: App, text: str) -> None:
    for char in text:
        post(pygame.TEXTINPUT, text=char)
    app.step(1 / 60)
    app.step(1 / 60)  # the filter's own events (text changed) come in the next frame


def click_at(app: App, point: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    app.step(1 / 60)
    app.step(1 / 60)


def open_archive_screen(app: App, path: Path) -> ArchiveScreen:
    path.write_text(ARCHIVE)
    app.request(OpenArchive(open_archive(path)))
    app.step(0)
    screen = app.screen
    assert isinstance(screen, ArchiveScreen)
    return screen


def checked(app: App, screen: ArchiveScreen) -> None:
    """Let the screen read its games (it asks for frames until it has)."""
    for _ in range(1000):
        if screen.wake_in() is None:
            return
        app.step(1 / 60)
    raise AssertionError("the games were never all checked")


def test_the_archive_checks_its_games_then_asks_for_no_more_frames(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = open_archive_screen(app, data / "four.pdn")
    assert screen.wake_in() == 0.0
    checked(app, screen)
    assert [entry.number for entry in screen.games.shown] == [1, 2, 3]
    assert "1 skipped (cannot be read; game 4" in screen.status
    assert screen.status_label is not None and "1 skipped" in screen.status_label.text


def test_the_archive_filter_by_player_event_or_result(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = open_archive_screen(app, data / "four.pdn")
    checked(app, screen)
    assert screen.filter is not None and screen.filter.is_focused
    type_text(app, "Tinsley")
    assert [entry.number for entry in screen.games.shown] == [1, 2]
    assert "2 match 'Tinsley'" in screen.status
    assert sorted(name for name in screen.widgets if name.startswith("row")) == ["row 0", "row 1"]
    press(app, pygame.K_BACKSPACE)  # edits the filter: "Tinsle" still matches both
    assert len(screen.games.shown) == 2
    screen.filter.set_text("")
    type_text(app, "Club")
    assert [entry.number for entry in screen.games.shown] == [3]  # game 4 cannot be read
    screen.filter.set_text("")
    type_text(app, "1-0")
    assert [entry.number for entry in screen.games.shown] == [2]
    press(app, pygame.K_RETURN)  # Enter in the filter opens the game chosen
    game = app.screen
    assert isinstance(game, GameScreen)
    assert game.game.record.moves == [Move((9, 13)), Move((22, 18))]


def test_a_row_of_the_archive_opens_its_game_when_clicked(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app()
    screen = open_archive_screen(app, data / "four.pdn")
    checked(app, screen)
    click_at(app, screen.widgets["row 2"].rect.center)  # chooses it
    assert screen.chosen == 2
    click_at(app, screen.widgets["row 2"].rect.center)  # opens it
    game = app.screen
    assert isinstance(game, GameScreen)
    assert game.game.record.moves == [Move((10, 14)), Move((24, 20))]


def test_up_down_choose_a_saved_game_and_esc_closes_the_list(
    make_app: Callable[..., App], data: Path
) -> None:
    for moves in ([Move((11, 15))], [Move((9, 13)), Move((22, 18))]):
        record = GameRecord()
        for move in moves:
            record.play(move)
        saves.save_game(record, {"Black": "A", "White": "B", "Result": "1-0"})
    app = make_app(None)
    press(app, pygame.K_l, "l")
    screen = app.screen
    assert isinstance(screen, LoadScreen) and len(screen.saved) == 2
    assert screen.widgets["row 0"].is_selected and not screen.widgets["row 1"].is_selected
    press(app, pygame.K_DOWN)
    assert screen.chosen == 1 and screen.widgets["row 1"].is_selected
    assert screen.widgets["close"].tool_tip_text  # every button has a tooltip
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, StartScreen)


@pytest.mark.parametrize(
    ("key", "text", "resumed"),
    [
        (pygame.K_RETURN, "\r", True),
        (pygame.K_r, "r", True),
        (pygame.K_ESCAPE, "\x1b", False),
        (pygame.K_n, "n", False),
    ],
)
def test_the_resume_offer_keys(
    make_app: Callable[..., App], data: Path, key: int, text: str, resumed: bool
) -> None:
    app = make_app(autosave=True)
    for square in (11, 15):
        x, y = app.screen.layout().board.square_center(square)  # type: ignore[attr-defined]
        click_at(app, (int(x), int(y)))
    app.close()
    fresh = make_app(None, autosave=True, offer_resume=True)
    offer = fresh.screen
    assert isinstance(offer, ResumeScreen)
    assert "1 move played, White to move" in offer.lines()[1]
    press(fresh, key, text)
    if resumed:
        assert isinstance(fresh.screen, GameScreen)
        assert fresh.screen.game.record.moves == [Move((11, 15))]
    else:
        assert isinstance(fresh.screen, StartScreen)


def test_the_resume_offer_buttons(make_app: Callable[..., App], data: Path) -> None:
    app = make_app(autosave=True)
    for square in (11, 15):
        x, y = app.screen.layout().board.square_center(square)  # type: ignore[attr-defined]
        click_at(app, (int(x), int(y)))
    app.close()
    fresh = make_app(None, autosave=True, offer_resume=True)
    offer = fresh.screen
    assert isinstance(offer, ResumeScreen)
    assert set(offer.widgets) == {"resume", "not now"}
    click_at(fresh, offer.widgets["resume"].rect.center)
    assert isinstance(fresh.screen, GameScreen)


@pytest.mark.parametrize("under", ["start", "game"])
def test_review_on_the_saved_games_list_starts_the_review_of_a_game_saved_earlier(
    make_app: Callable[..., App], data: Path, under: str
) -> None:
    """The walk of 2026-11-29d: a finished game saved earlier, chosen in Saved games opened from
    the start screen, and Review: the game opened at its game-over card and no review ran."""
    folder = saves.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "2026-11-29 20-25 You vs AI (Novice).pdn"
    path.write_text(
        '[Black "You"]\n[White "AI (Novice)"]\n[Result "0-1"]\n'
        '[Termination "Black resigned"]\n1. 11-15 23-19 2. 9-13 22-18 0-1\n',
        encoding="utf-8",
    )
    app = make_app(None)
    if under == "game":
        press(app, pygame.K_RETURN)  # a game from the start screen, then its list
        assert isinstance(app.screen, GameScreen)
        press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    else:
        press(app, pygame.K_l, "l")
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    row = next(i for i, entry in enumerate(listing.saved) if entry.path == path)
    if listing.chosen != row:  # a click on the chosen row would open it
        click_at(app, listing.widgets[f"row {row}"].rect.center)
    assert listing.chosen == row and app.screen is listing
    click_at(app, listing.widgets["review"].rect.center)
    game = app.screen
    assert isinstance(game, GameScreen)
    assert len(game.game.record.line) == 4 and game.game.finished
    assert game.review_pane is not None  # the review's strip and its process
    assert game.card is None  # no game-over card over it
    assert game.keeper.source == path or (
        game.keeper.file is not None and game.keeper.file.path == path
    )


SET_UP_ENDINGS = (
    ("1-0", "White has no pieces left"),
    ("1/2-1/2", "The same position three times"),
    ("0-1", "Black ran out of time"),
    ("1/2-1/2", "40 moves each without a capture or a man move"),
    ("*", ""),
)


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_saved_games_rows_of_set_up_games_read_whole_with_their_count(
    make_app: Callable[..., App], data: Path, size: tuple[int, int]
) -> None:
    """The walk of 2026-11-29d: `AI (Club) vs AI (Novice), from a set-up position, Black won
    (White has no pie..., saved 20:37` lost its count of moves even at 1280x800. Every row
    fits its button, without an ellipsis, and ends with the count and when it was saved."""
    folder = saves.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    moves = "1. 1-6 29-25 2. 2-7 30-26 3. 3-8 31-27"
    for number, (result, how) in enumerate(SET_UP_ENDINGS):
        termination = f'[Termination "{how}"]\n' if how else ""
        (folder / f"2026-11-29 20-3{number} AI (Club) vs AI (Novice).pdn").write_text(
            f'[Black "AI (Club)"]\n[White "AI (Novice)"]\n[Result "{result}"]\n'
            f'[FEN "B:W29,30,31,32:B1,2,3,4"]\n{termination}{moves} {result}\n',
            encoding="utf-8",
        )
    (folder / "2026-11-29 20-25 You vs AI (Novice).pdn").write_text(
        '[Black "You"]\n[White "AI (Novice)"]\n[Result "0-1"]\n'
        '[Termination "Black resigned"]\n1. 11-15 23-19 2. 9-13 22-18 0-1\n',
        encoding="utf-8",
    )
    app = make_app(None, size=size)
    press(app, pygame.K_l, "l")
    listing = app.screen
    assert isinstance(listing, LoadScreen) and len(listing.saved) == 6
    rows = [button for name, button in listing.widgets.items() if name.startswith("row ")]
    assert len(rows) == 6  # all in view
    for button in rows:
        font = button.font
        assert font is not None
        text = button.text
        assert font.size(text)[0] <= button.get_abs_rect().width - 8, text
        assert "…" not in text and "..." not in text, text
        assert re.search(r", (3|2) moves, saved \d\d:\d\d$", text), text
        if "AI (Club)" in text:
            assert "set-up" in text, text  # still says it is not the usual start
    # Who won (or that it is unfinished) reads on every row.
    words = " ".join(button.text for button in rows)
    assert words.count("Black won") == 1 and words.count("White won") == 2
    assert words.count("draw") == 2 and words.count("unfinished") == 1


def test_one_saved_game_reads_alike_on_the_resume_card_and_in_every_saved_games_list(
    make_app: Callable[..., App], data: Path
) -> None:
    """The walk read `saved today 09:44` in one list beside `saved 09:44` in another for one
    file. The resume card and the saved games' rows, at 720x480 and at 1280x800, say when a
    game was saved in the same words: the time for today, the date for an earlier day."""
    folder = saves.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    today = folder / "2026-11-30 09-40 You vs AI (Novice).pdn"
    today.write_text(
        '[Black "You"]\n[White "AI (Novice)"]\n[Event "You vs AI"]\n[Result "*"]\n1. 11-15 *\n',
        encoding="utf-8",
    )
    earlier = folder / "2026-11-27 20-25 You vs AI (Club).pdn"
    earlier.write_text(
        '[Black "You"]\n[White "AI (Club)"]\n[Result "0-1"]\n'
        '[Termination "Black resigned"]\n1. 11-15 23-19 2. 9-13 22-18 0-1\n',
        encoding="utf-8",
    )
    three_days_ago = datetime.now() - timedelta(days=3)
    os.utime(earlier, (three_days_ago.timestamp(), three_days_ago.timestamp()))
    saved_at = datetime.fromtimestamp(today.stat().st_mtime).strftime("%H:%M")
    for size in ((720, 480), (1280, 800)):
        app = make_app(None, size=size, autosave=True, offer_resume=True)
        card = app.screen
        assert isinstance(card, ResumeScreen)
        assert card.lines()[1] == f"1 move played, White to move, saved {saved_at}"
        press(app, pygame.K_n, "n")
        press(app, pygame.K_l, "l")
        listing = app.screen
        assert isinstance(listing, LoadScreen)
        rows = [listing.widgets[f"row {index}"].text for index in range(2)]
        assert rows[0].endswith(f", 1 move, saved {saved_at}"), rows
        assert rows[1].endswith(f", saved {three_days_ago.date().isoformat()}"), rows
        app.close()
