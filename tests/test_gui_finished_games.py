"""A finished game stays finished: its result, how it ended and its file survive browsing,
stepping, clicking moves, reviewing and closing; playing on from it starts a new game.

Every test drives real events (keys, clicks on the board, the move list and the buttons)
through the App's loop, with games kept in a temporary data directory.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from gui_driving import click, click_at, press, screen_of

from checkers import saves
from checkers.board import BLACK, Move, Position
from checkers.cli import main
from checkers.clock import TimeControl
from checkers.formats.pdn import read_file
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.game_control.bookkeeping import ORIGIN_TAG
from checkers.gui.game_view.panel import panel_lines
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import LoadScreen
from checkers.record import GameRecord, Reason

TWO_PLAYERS = GameConfig(black=PlayerConfig(), white=PlayerConfig())


@pytest.fixture
def make_app(data: Path, make_app: Callable[..., App]) -> Callable[..., App]:
    return make_app


def games_in(data: Path) -> list[Path]:
    return sorted((data / "games").glob("*.pdn"))


def press_button(app: App, name: str) -> None:
    """Click one of the screen's widgets (pygame_gui reports the press a frame later)."""
    widgets = app.screen.widgets  # type: ignore[attr-defined]
    assert name in widgets, f"no {name!r} button in {sorted(widgets)}"
    click_at(app, widgets[name].get_abs_rect().center)
    app.step(1 / 60)


def click_move(app: App, ply: int) -> None:
    """Click the move list's entry that shows the position after `ply`."""
    click_at(app, screen_of(app).move_cell(ply).get_abs_rect().center)
    app.step(1 / 60)


def play_opening(app: App) -> None:
    for square in (11, 15, 22, 18):  # 11-15 22-18
        click(app, square)


def agree_draw(app: App) -> None:
    """Black offers a draw and moves; White accepts by offering on its turn."""
    press(app, pygame.K_d, "d")
    click(app, 15)
    click(app, 22)  # 15x22: Black's move (a capture is compulsory)
    app.step(1 / 60)
    assert screen_of(app).widgets["draw"].text == "Accept draw"  # White's button says so
    press(app, pygame.K_d, "d")


def test_an_agreed_draw_survives_a_click_on_a_move_and_the_end_key(make_app, data: Path) -> None:
    app = make_app(autosave=True)
    play_opening(app)
    agree_draw(app)
    game = screen_of(app).game
    assert game.result is not None and game.result.reason is Reason.AGREEMENT
    [file] = games_in(data)
    written = file.read_bytes()
    assert read_file(file)[0].result == "1/2-1/2"
    press(app, pygame.K_ESCAPE)  # close the result card
    click_move(app, 1)  # "11-15" in the move list
    assert game.record.ply == 1 and game.result is not None
    # Browsing it, the panel still says the game is over, and no side is "to move".
    lines = panel_lines(game)
    assert lines.header_right == "game over: ½-½"
    assert not any(to_move or "to move" in title for title, *_, to_move in lines.sides)
    press(app, pygame.K_END)
    assert game.status.startswith("Game over: Draw")
    assert panel_lines(game).search[0].startswith("Game over: Draw")  # the panel says it too
    for key in (pygame.K_HOME, pygame.K_RIGHT, pygame.K_LEFT):
        press(app, key)
    click(app, 22)  # a piece on the board of an earlier position: the game is not played on
    assert "Play on from here" in game.status and len(game.record.line) == 3
    screen_of(app).close()
    assert games_in(data) == [file] and file.read_bytes() == written


def test_after_a_resignation_end_does_not_restart_the_game_or_its_clock(
    make_app, data: Path
) -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(300, 0))
    app = make_app(config, autosave=True)
    play_opening(app)
    press(app, pygame.K_r, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_RETURN)  # the question answered: Black resigns
    game = screen_of(app).game
    assert game.result is not None and game.result.reason is Reason.RESIGNATION
    [file] = games_in(data)
    written = file.read_bytes()
    press(app, pygame.K_ESCAPE)
    click_move(app, 1)
    press(app, pygame.K_END)
    app.step(5.0)  # five seconds pass
    assert game.timer is not None and game.timer.running is None
    assert not game.status.startswith("Your move") and game.status.startswith("Game over")
    assert not screen_of(app).command("resign").enabled()
    screen_of(app).close()
    assert file.read_bytes() == written
    assert read_file(file)[0].result == "0-1"


def test_undo_after_a_resignation_takes_it_back_in_the_same_file(make_app, data: Path) -> None:
    app = make_app(autosave=True)
    play_opening(app)
    press(app, pygame.K_r, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_RETURN)
    [finished] = games_in(data)
    assert read_file(finished)[0].result == "0-1"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_u, "u")
    game = screen_of(app).game
    assert game.result is None and game.status.startswith("Took back the resignation.")
    assert ORIGIN_TAG not in game.tags
    click(app, 15)
    click(app, 22)  # the game goes on: 15x22
    # One game, one file: the one it was played in, holding the game as it now stands.
    assert games_in(data) == [finished]
    saved = read_file(finished)[0]
    assert saved.result == "*" and len(saved.moves) == 3 and ORIGIN_TAG not in saved.tags


def test_undo_after_an_agreed_draw_keeps_the_clocks_as_they_stood_and_keeps_one_file(
    make_app, data: Path
) -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(300, 3))
    app = make_app(config, autosave=True)
    play_opening(app)
    app.step(20.0)  # Black thinks 20 s
    press(app, pygame.K_d, "d")  # Black offers a draw...
    click(app, 15)
    click(app, 22)  # ...and plays 15x22
    game = screen_of(app).game
    assert game.timer is not None
    white_then = game.timer.remaining(BLACK.opponent)
    black_then = game.timer.remaining(BLACK)
    assert black_then == pytest.approx(300 - 20 + 3, abs=0.5)  # 20 s spent, one increment
    app.step(30.0)  # White thinks 30 s, then accepts
    assert screen_of(app).widgets["draw"].text == "Accept draw"
    press(app, pygame.K_d, "d")
    assert game.result is not None and game.result.reason is Reason.AGREEMENT
    [finished] = games_in(data)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_u, "u")
    assert game.result is None and game.status.startswith("Took back the agreed draw.")
    # The clocks as they stood when the draw was agreed: the 30 s White spent before
    # accepting stay spent (the walk of 2026-11-29c saw 4:51 go back to 5:00), and White's
    # clock runs on from there.
    assert game.timer.remaining(BLACK) == pytest.approx(black_then, abs=0.2)
    assert game.timer.remaining(BLACK.opponent) == pytest.approx(white_then - 30, abs=0.5)
    faces = [side[3] for side in panel_lines(game).sides]
    assert faces[1] == "4:33", faces  # 5:00 + 3 s for 22-18, less the 30 s
    app.step(2.0)
    assert game.timer.running is BLACK.opponent
    assert game.timer.remaining(BLACK.opponent) == pytest.approx(white_then - 32, abs=0.5)

    assert panel_lines(game).header_right != "played on (new game)"
    assert screen_of(app).widgets["draw"].text != "Accept draw"  # the offer went with it
    click(app, 25)
    click(app, 18)  # 25x18: White plays on in the same game
    files = games_in(data)
    assert files == [finished], [path.name for path in files]
    saved = read_file(finished)[0]
    assert saved.result == "*" and len(saved.moves) == 4


def test_play_on_from_an_earlier_move_of_a_finished_game_is_a_new_game(
    make_app, data: Path
) -> None:
    app = make_app(autosave=True)
    play_opening(app)
    agree_draw(app)
    [finished] = games_in(data)
    written = finished.read_bytes()
    press(app, pygame.K_ESCAPE)
    click_move(app, 2)
    assert screen_of(app).widgets["continue"].is_enabled
    press(app, pygame.K_c, "c")  # Play on from here
    game = screen_of(app).game
    assert game.result is None and not game.reviewing and game.record.ply == 2
    assert game.tags[ORIGIN_TAG].endswith("after White's move 1")
    click(app, 15)
    click(app, 22)
    assert len(games_in(data)) == 2 and finished.read_bytes() == written
    # The status line has moved on; the panel still says this game was played on.
    assert "kept as it was" not in game.status
    assert panel_lines(game).header_right == "played on (new game)"


def test_undo_of_a_resignation_keeps_the_time_spent_and_undo_of_a_move_gives_it_back(
    make_app, data: Path
) -> None:
    """The walk of 2026-11-29c: after Undo of a resignation the clock went back to the start
    of that turn (4:27 -> 4:36). Undoing the ending keeps the clocks as they stood; undoing
    a move then puts them back as they stood when that move's position was reached."""
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(300, 0))
    app = make_app(config, autosave=True)
    play_opening(app)
    game = screen_of(app).game
    assert game.timer is not None
    app.step(9.0)  # Black thinks 9 s, then resigns
    press(app, pygame.K_r, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_RETURN)
    assert game.result is not None and game.result.reason is Reason.RESIGNATION
    faces = [side[3] for side in panel_lines(game).sides]
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_u, "u")
    assert game.result is None and game.status.startswith("Took back the resignation.")
    assert [side[3] for side in panel_lines(game).sides] == faces
    assert faces[0] == "4:51", faces  # not 5:00
    press(app, pygame.K_u, "u")  # now a move: 22-18, and its time, taken back
    assert game.record.ply == 1 and game.status.startswith("Took back 22-18")
    assert [side[3] for side in panel_lines(game).sides] == ["5:00", "5:00"]


def test_a_loss_on_time_then_undo_gives_the_time_back_as_it_stood(make_app, data: Path) -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(60, 0))
    app = make_app(config, autosave=True)
    play_opening(app)
    app.step(61.0)  # Black's minute runs out
    game = screen_of(app).game
    assert game.result is not None and game.result.reason is Reason.TIME
    [finished] = games_in(data)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_u, "u")
    assert game.result is None and game.timer is not None
    assert game.status.startswith("Took back the loss on time.")
    assert game.timer.remaining(BLACK) == 60.0  # as it stood when White's 22-18 was played
    click(app, 15)
    click(app, 22)
    assert games_in(data) == [finished] and read_file(finished)[0].result == "*"


def test_a_finished_game_from_the_list_opens_finished(make_app, data: Path) -> None:
    app = make_app(autosave=True)
    play_opening(app)
    press(app, pygame.K_r, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_RETURN)
    [finished] = games_in(data)
    written = finished.read_bytes()
    press(app, pygame.K_n, "n")  # a new game, with one move so it is kept unfinished
    click(app, 9)
    click(app, 13)
    press(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    states = {entry.path: entry.state() for entry in listing.saved}
    assert states[finished] == "finished: White won (Black resigned)"
    assert [state for path, state in states.items() if path != finished] == ["unfinished"]
    row = listing.saved.index(next(e for e in listing.saved if e.path == finished))
    assert listing.widgets["open"].text.startswith("Resume")  # the newest: unfinished
    press(app, pygame.K_DOWN if row else pygame.K_UP)
    assert listing.widgets["open"].text.startswith("Open")
    press(app, pygame.K_RETURN)
    screen = screen_of(app)
    game = screen.game
    assert game.finished and game.result is not None
    assert "This game ended 0-1: White won (Black resigned)." in game.status
    app.step(1 / 60)
    assert not screen.command("resign").enabled() and not screen.command("draw").enabled()
    assert screen.command("review_game").keys  # the review is one key away
    press(app, pygame.K_LEFT)
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)  # saving it: it is already kept
    assert f'kept in "{finished.name}"' in game.status
    screen.close()
    assert finished.read_bytes() == written and len(games_in(data)) == 2


def test_a_result_another_program_recorded_opens_finished(make_app, tmp_path: Path) -> None:
    path = tmp_path / "other.pdn"
    path.write_text('[Event "club"]\n[Result "1-0"]\n1. 11-15 23-19 1-0\n')
    app = make_app(TWO_PLAYERS, loaded=saves.load_game(path))
    game = screen_of(app).game
    assert game.finished and game.result is not None and game.result.winner is BLACK
    # Said as a player says it, not "the result the file records".
    assert game.status == (
        "This game ended 1-0: Black won (as the file records). "
        "Press G to review it, C to play on in a new game."
    )
    click(app, 9)  # White to move, but the game is over
    assert len(game.record.line) == 2


def test_a_recorded_draw_shows_as_a_half_each_and_its_file_keeps_1_2(
    make_app, tmp_path: Path
) -> None:
    path = tmp_path / "drawn.pdn"
    text = '[Event "club"]\n[Result "1/2-1/2"]\n1. 11-15 23-19 1/2-1/2\n'
    path.write_text(text)
    app = make_app(TWO_PLAYERS, loaded=saves.load_game(path))
    game = screen_of(app).game
    assert game.finished and game.result is not None and game.result.winner is None
    assert game.status.startswith("This game ended \u00bd-\u00bd: a draw (as the file records).")
    assert "1/2" not in game.status
    screen_of(app).close()
    assert path.read_text() == text and read_file(path)[0].result == "1/2-1/2"


def test_ctrl_s_saves_into_the_file_that_keeps_the_game(make_app, data: Path) -> None:
    app = make_app()  # nothing is kept automatically: only Ctrl+S writes
    play_opening(app)
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    [file] = games_in(data)
    click(app, 15)
    click(app, 22)
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert games_in(data) == [file]  # no second copy
    assert len(read_file(file)[0].moves) == 3
    assert screen_of(app).game.status == f'Saved: "{file.name}" in the games folder.'


def test_redo_is_enabled_only_when_there_is_a_move_to_redo(make_app) -> None:
    app = make_app()
    screen = screen_of(app)
    app.step(1 / 60)
    assert not screen.widgets["redo"].is_enabled
    play_opening(app)
    app.step(1 / 60)
    assert not screen.widgets["redo"].is_enabled
    press(app, pygame.K_u, "u")
    app.step(1 / 60)
    assert screen.widgets["redo"].is_enabled
    press(app, pygame.K_r, "r")
    app.step(1 / 60)
    assert not screen.widgets["redo"].is_enabled
    # A game loaded in its place, shown at its end: nothing to redo (the button asked the
    # record the screen was built with, which had a move taken back).
    press(app, pygame.K_u, "u")
    finished = GameRecord.replay(
        [Move.from_pdn(text) for text in ("11-15", "23-19")], screen.game.record.start
    )
    screen.game.load(finished)
    app.step(1 / 60)
    assert not screen.widgets["redo"].is_enabled


def test_play_load_uses_the_players_and_clock_the_file_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import checkers.gui.app as app_module

    path = tmp_path / "kept.pdn"
    path.write_text(
        '[BlackPlayer "human"]\n[WhitePlayer "club"]\n[TimeControl "300+3"]\n1. 11-15 *\n'
    )
    opened: list[GameConfig] = []
    monkeypatch.setattr(
        app_module,
        "run_app",
        lambda config, flip=False, loaded=None, size=None: opened.append(config) or 0,
    )
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    out = io.StringIO()
    assert main(["play", "--load", str(path)], out=out) == 0
    config = opened[-1]
    assert config.white.level is not None and config.white.level.name == "club"
    assert config.clock == TimeControl(300, 3)
    assert "White: AI (Club) (the file)" in out.getvalue()
    assert "clock 300+3 (the file)" in out.getvalue()

    out = io.StringIO()
    assert main(["play", "--load", str(path), "--white-level", "beginner"], out=out) == 0
    config = opened[-1]
    assert config.white.level is not None and config.white.level.name == "beginner"
    assert "White: AI (Beginner) (the command line)" in out.getvalue()
    assert "Black: You (the file)" in out.getvalue()


def test_another_programs_game_between_people_loads_as_theirs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make_app
) -> None:
    """A club game from another program names its players: it opens as two people's game
    with their names, not as "You vs AI" with the AI standing in for one of them."""
    import checkers.gui.app as app_module

    source = Path(__file__).parent / "data" / "pdn" / "checkerboard.pdn"
    opened: list[tuple[GameConfig, object]] = []
    monkeypatch.setattr(
        app_module,
        "run_app",
        lambda config, flip=False, loaded=None, size=None: opened.append((config, loaded)) or 0,
    )
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    out = io.StringIO()
    assert main(["play", "--load", str(source)], out=out) == 0
    config, loaded = opened[-1]
    assert config.black.is_human and config.white.is_human
    assert "Black: Player (the file names Anna Müller)" in out.getvalue()
    app = make_app(config, loaded=loaded)
    lines = panel_lines(screen_of(app).game)
    assert lines.header == "Two players"
    assert [side[2][0] for side in lines.sides] == ["Anna Müller", "Bob Stone"]
    # Saved again, it keeps its result and invents no Termination the file never had.
    from checkers.gui.game_view.keeper import game_tags

    tags = game_tags(screen_of(app).game)
    assert "Termination" not in tags and tags["Black"] == "Anna Müller"


def test_a_finished_game_shown_at_its_end_is_written_once(make_app, data: Path) -> None:
    app = make_app(
        GameConfig(
            black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:W14:B10")
        ),
        autosave=True,
    )
    click(app, 10)
    click(app, 17)  # 10x17: White has no pieces left
    [file] = games_in(data)
    written = file.read_bytes()
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_HOME)
    press(app, pygame.K_END)
    press(app, pygame.K_u, "u")  # a new game from before the capture
    assert file.read_bytes() == written and read_file(file)[0].result == "1-0"


def test_a_click_that_ignores_a_compulsory_capture_flashes_the_pieces_that_must(make_app) -> None:
    app = make_app()
    play_opening(app)  # 11-15 22-18: Black must take 15x22
    click(app, 9)  # a man that may not move now
    screen = screen_of(app)
    assert screen.game.status.startswith("A capture is compulsory")
    geometry = screen.layout().board
    assert screen.board_view(geometry).flash == frozenset({15})
    assert screen.wake_in() is not None  # frames while it flashes
    app.step(2.0)
    assert screen.board_view(geometry).flash == frozenset() and screen.game.flash is None


def test_a_clock_under_twenty_seconds_turns_the_warning_colour(make_app) -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(30, 0))
    app = make_app(config)
    screen = screen_of(app)
    panel = screen.panel
    assert panel is not None
    black_clock = panel.side_labels[0][3]
    assert "@clock" in black_clock.object_ids and "@clock_low" not in black_clock.object_ids
    click(app, 11)
    click(app, 15)  # the clocks run from the first move
    app.step(12.0)  # White thinks for twelve seconds: 18 s left
    app.step(1 / 60)
    assert "@clock_low" in panel.side_labels[1][3].object_ids
    assert "@clock_low" not in panel.side_labels[0][3].object_ids  # Black still has 30 s


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_no_panel_button_label_is_cut(make_app, size: tuple[int, int]) -> None:
    app = make_app(size=size)
    screen = screen_of(app)
    app.step(1 / 60)
    for name, button in screen.widgets.items():
        if " " in name or button.font is None:
            continue  # the menu's and cards' own widgets are not the panel's
        assert button.font.size(button.text)[0] <= button.rect.width - 8, (name, button.text)
    assert screen.widgets["continue"].text == ("Play on" if size[0] < 900 else "Play on from here")


def test_a_file_with_a_position_and_no_move_is_played_from_at_once(
    make_app, tmp_path: Path
) -> None:
    from gui_driving import run_until

    from checkers.ai.levels import Level

    path = tmp_path / "position.pdn"
    path.write_text('[Event "study"]\n[FEN "W:W21,22,23:B9,10,11"]\n*\n')
    quick = Level("quick", "test opponent", "alphabeta", "seed", depth=2)
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(quick)), loaded=saves.load_game(path)
    )
    game = screen_of(app).game
    assert not game.reviewing and not game.finished
    assert "1 move" not in game.status  # no move has been played
    run_until(app, lambda: game.record.ply == 1)  # the AI, White, moves


def test_another_programs_result_without_a_termination_says_so() -> None:
    from checkers.gui.config import Mode
    from checkers.gui.wording import game_over_words
    from checkers.record import Outcome

    title, reason = game_over_words(
        Outcome(BLACK, Reason.RECORDED), Mode.HUMAN_VS_AI, BLACK, Position()
    )
    assert title == "You win" and reason == "As recorded in the file" and "time" not in reason


@pytest.mark.parametrize(
    ("black", "white", "black_at_bottom"),
    [
        ("club", "casual", True),  # AI vs AI: Black, as at the game's end
        ("human", "club", True),  # your side
        ("club", "human", False),
        ("human", "human", False),  # two players: White, as printed diagrams
    ],
)
def test_a_game_opened_from_saved_games_faces_as_it_did_when_played(
    make_app, black: str, white: str, black_at_bottom: bool
) -> None:
    """The walk of 2026-11-29: an AI vs AI game reviewed at its end had Black at the bottom,
    the same game reviewed from Saved games White: one rule from both ways in."""
    from checkers.gui.intents import LoadedGame
    from checkers.gui.persist import loaded_config

    record = GameRecord.replay([Move.from_pdn("11-15", Position())])
    tags = {"BlackPlayer": black, "WhitePlayer": white, "Result": "*"}  # as the game writes
    app = make_app()
    screen = screen_of(app)
    screen.receive(LoadedGame(record, tags, "saved game", review=True))
    app.step(1 / 60)
    assert screen.flipped is black_at_bottom
    played = GameScreen(app.context, loaded_config(tags, screen.game.config))
    assert played.flipped is black_at_bottom  # the same game as it opened when it was played
