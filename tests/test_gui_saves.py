"""Saving, loading, the autosave and stepping through a game, driven through the window."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from gui_driving import click, click_at, press, screen_of

from checkers import saves
from checkers.ai.levels import Level
from checkers.board import BLACK, Move, Position
from checkers.cli import main
from checkers.formats.pdn import read_file
from checkers.gui.app import App
from checkers.gui.clipboard import paste_text
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.game_view.panel import panel_lines
from checkers.gui.persist import config_from_tags, config_tags
from checkers.gui.screens.load import LoadScreen, ResumeScreen
from checkers.gui.screens.start import StartScreen
from checkers.record import GameRecord

TWO_PLAYERS = GameConfig(black=PlayerConfig(), white=PlayerConfig())
# 11-15 22-18 15x22 25x18 8-11 29-25: two captures, so the 40-move count resets on the way.
OPENING = ((11, 15), (22, 18), (15, 22), (25, 18), (8, 11), (29, 25))


@pytest.fixture
def make_app(data: Path, make_app: Callable[..., App]) -> Callable[..., App]:
    """conftest's app builder, with every file going to the temporary data directory."""
    return make_app


def play(app: App, moves: tuple[tuple[int, int], ...] = OPENING) -> None:
    for start, end in moves:
        click(app, start)
        click(app, end)


def kept(data: Path) -> Path:
    """The one game file in the games folder."""
    files = list((data / "games").glob("*.pdn"))
    assert len(files) == 1, files
    return files[0]


def crash(app: App) -> None:
    """The app's process dies: nothing more is written and the OS drops its file lock."""
    file = screen_of(app).file
    assert file is not None
    file.release()


def test_an_autosaved_game_resumes_exactly_after_a_crash(make_app, data: Path) -> None:
    app = make_app(autosave=True)
    play(app)
    record = screen_of(app).game.record
    assert record.ply == 6 and read_file(kept(data))[0].result == "*"
    crash(app)  # never closed, so only what was on disk survives
    fresh = make_app(None, autosave=True, offer_resume=True)
    assert isinstance(fresh.screen, ResumeScreen)
    press(fresh, pygame.K_RETURN)
    resumed = screen_of(fresh).game
    assert resumed.record.positions == record.positions  # position and history
    assert resumed.record.moves == record.moves
    assert resumed.record.no_progress_plies == record.no_progress_plies
    assert resumed.record.repetition_count() == record.repetition_count()
    assert resumed.config.mode is TWO_PLAYERS.mode
    assert resumed.status.startswith("Resumed after White's move 3.")
    click(fresh, 9)  # and the game goes on
    click(fresh, 14)
    assert resumed.record.moves[-1] == Move((9, 14))


@pytest.mark.parametrize("ply", ["1", "0", "\u00b2", "9" * 5000, "-1", "", "two"])
def test_an_older_autosaves_ply_tag_resumes_at_its_last_move(
    make_app, data: Path, ply: str
) -> None:
    app = make_app(autosave=True)
    play(app, OPENING[:2])
    crash(app)
    saved = kept(data)
    text = saved.read_text(encoding="utf-8")
    # Older versions wrote which ply was shown when moves had been taken back.
    saved.write_text(f'[Ply "{ply}"]\n' + text, encoding="utf-8")
    fresh = make_app(None, autosave=True, offer_resume=True)
    press(fresh, pygame.K_RETURN)
    game = screen_of(fresh).game
    assert game.record.moves == [Move((11, 15)), Move((22, 18))] and game.record.ply == 2
    assert not game.record.can_redo()  # nothing waits for a click to drop it
    assert game.status.startswith("Resumed after White's move 1.")
    click(fresh, 15)  # and the game goes on
    click(fresh, 22)
    assert [m.pdn() for m in read_file(kept(data))[0].moves] == ["11-15", "22-18", "15x22"]
    assert "Ply" not in read_file(kept(data))[0].tags


def test_the_autosave_follows_every_move_and_undo(make_app, data: Path) -> None:
    app = make_app(autosave=True)
    play(app, OPENING[:3])
    assert len(read_file(kept(data))[0].moves) == 3
    press(app, pygame.K_u, "u")
    assert screen_of(app).game.status.startswith("Took back 15x22.")
    # The file keeps the game as it stands: the move taken back is not in it.
    assert [m.pdn() for m in read_file(kept(data))[0].moves] == ["11-15", "22-18"]
    press(app, pygame.K_r, "r")  # Redo still works in this window, and the file follows
    assert len(read_file(kept(data))[0].moves) == 3
    press(app, pygame.K_u, "u")
    crash(app)
    fresh = make_app(None, autosave=True, offer_resume=True)
    card = fresh.screen
    assert isinstance(card, ResumeScreen)
    assert card.lines()[1].startswith("1 move played, Black to move, saved ")
    press(fresh, pygame.K_RETURN)
    game = screen_of(fresh).game
    # Resumed where the player was: the move taken back stays taken back.
    assert game.record.moves == [Move((11, 15)), Move((22, 18))]
    assert not game.record.can_redo()
    assert game.status.startswith("Resumed after White's move 1.")


def test_a_move_taken_back_stays_taken_back_after_quitting_against_the_ai(
    make_app, data: Path
) -> None:
    """The walk's game: you play, the AI answers with a capture, Undo takes both back, Q: the
    card, Resume and the pieces on the board are the game as it was when you quit."""
    from gui_driving import run_until

    quick = Level("quick", "test opponent", "alphabeta", "seed", depth=2)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(quick))
    app = make_app(config, autosave=True)
    game = screen_of(app).game
    for start, end in ((11, 15), (15, 19)):  # 15-19 offers the man: the AI must take it
        click(app, start)
        click(app, end)
        run_until(app, lambda: game.record.ply % 2 == 0 and game.animation is None)
    assert game.record.moves[-1].is_capture and len(game.position.pieces(BLACK)) == 11
    before = game.record.positions[-3]
    press(app, pygame.K_u, "u")
    assert game.status.startswith("Took back 15-19 ")
    assert game.position == before and len(game.position.pieces(BLACK)) == 12
    press(app, pygame.K_q, "q")
    assert not app.running
    app.close()
    fresh = make_app(config, autosave=True, offer_resume=True)
    card = fresh.screen
    assert isinstance(card, ResumeScreen)
    assert card.lines()[1].startswith("1 move played, Black to move, saved ")
    press(fresh, pygame.K_RETURN)
    resumed = screen_of(fresh).game
    assert resumed.position == before and len(resumed.position.pieces(BLACK)) == 12
    assert resumed.status.startswith("Resumed after White's move 1. Your move (Black).")
    assert len(read_file(kept(data))[0].moves) == 2
    # The list of saved games says the same.
    press(fresh, pygame.K_o, "o", pygame.KMOD_CTRL)
    listing = fresh.screen
    assert isinstance(listing, LoadScreen)
    [row] = [b.text for name, b in listing.widgets.items() if name.startswith("row ")]
    assert "1 move" in row and "2 moves" not in row


def test_a_move_taken_back_stays_taken_back_when_resumed_from_saved_games(
    make_app, data: Path
) -> None:
    """Undo, another game, then Saved games: its row and Resume are the game as it stood."""
    app = make_app(autosave=True)
    play(app, OPENING[:4])
    game = screen_of(app).game
    press(app, pygame.K_u, "u")
    press(app, pygame.K_u, "u")
    press(app, pygame.K_n, "n")  # a new game: the old one stays in the list
    press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    [row] = [b.text for name, b in listing.widgets.items() if name.startswith("row ")]
    assert "1 move" in row and "2 moves" not in row
    press(app, pygame.K_RETURN)
    game = screen_of(app).game
    assert game.record.moves == [Move((11, 15)), Move((22, 18))] and not game.record.can_redo()
    assert game.status.startswith("Resumed after White's move 1.")


def test_moves_taken_back_to_the_start_are_not_lost_by_resuming_against_the_ai(
    make_app, data: Path
) -> None:
    from gui_driving import run_until

    quick = Level("quick", "test opponent", "alphabeta", "seed", depth=2)
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(quick)), autosave=True)
    game = screen_of(app).game
    for mine in ((9, 14), None, None):
        move = Move(mine) if mine else game.record.position.legal_moves()[0]
        click(app, move.path[0])
        click(app, move.path[-1])
        run_until(app, lambda: game.record.ply % 2 == 0)  # the AI's reply
    press(app, pygame.K_HOME)  # << to the start: six half-moves wait for redo
    assert game.record.ply == 0 and len(game.record.line) == 6
    assert "(drops the later 3 moves)" in game.status
    press(app, pygame.K_END)
    press(app, pygame.K_LEFT)  # one half-move back: one move dropped, said so
    assert "(drops the later move)" in game.status, game.status
    press(app, pygame.K_HOME)
    press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    [row] = [b.text for name, b in listing.widgets.items() if name.startswith("row ")]
    assert "3 moves" in row and "no move played" not in row and "redo" not in row
    press(app, pygame.K_RETURN)
    resumed = screen_of(app).game
    assert resumed.record.ply == 6 and not resumed.record.can_redo()
    assert resumed.status.startswith("Resumed after White's move 3.")
    move = resumed.record.position.legal_moves()[0]
    click(app, move.path[0])
    click(app, move.path[-1])
    run_until(app, lambda: len(read_file(kept(data))[0].moves) >= 7)
    assert read_file(kept(data))[0].moves[:7] == resumed.record.moves[:7]


def test_opening_a_window_does_not_wipe_the_autosave(make_app, data: Path) -> None:
    app = make_app(autosave=True)
    play(app, OPENING[:3])
    before = kept(data).read_text()
    crash(app)
    other = make_app(None, autosave=True, offer_resume=True)
    assert isinstance(other.screen, ResumeScreen)
    press(other, pygame.K_ESCAPE)  # "Not now"
    assert isinstance(other.screen, StartScreen)
    other.step(1 / 60)
    assert kept(data).read_text() == before


def test_a_finished_game_is_not_offered_for_resuming(make_app, data: Path) -> None:
    start = Position.from_fen("B:W15:B10")  # Black jumps 10x19 and White has nothing left
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start), autosave=True
    )
    click(app, 10)
    click(app, 19)
    assert screen_of(app).game.outcome is not None
    assert read_file(kept(data))[0].result == "1-0"  # kept, as a finished game
    crash(app)
    fresh = make_app(None, autosave=True, offer_resume=True)
    assert isinstance(fresh.screen, StartScreen)


def test_ctrl_s_saves_with_a_readable_name_and_ctrl_o_loads_it(make_app, data: Path) -> None:
    app = make_app()
    play(app)
    saved_positions = screen_of(app).game.record.positions
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    files = list((data / "games").glob("*.pdn"))
    assert len(files) == 1 and files[0].name.endswith("Player vs Player.pdn")
    assert files[0].name in screen_of(app).game.status
    press(app, pygame.K_n, "n")  # a new game, then open the saved one
    assert screen_of(app).game.record.ply == 0
    press(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    assert isinstance(app.screen, LoadScreen)
    assert "Player vs Player" in app.screen.saved[0].summary()
    # The list names the mode as the start screen does (walk 2026-11-30j).
    from checkers.gui.screens.load import saved_game_words

    assert saved_game_words(app.screen.saved[0]).startswith("Two players, ")
    press(app, pygame.K_RETURN)
    game = screen_of(app).game
    assert game.record.positions == saved_positions
    # An unfinished game opens ready to play on, with its players.
    assert not game.reviewing and game.status.startswith("Resumed after White's move 3.")


def test_the_start_screen_resumes_an_unfinished_saved_game_with_its_players(
    make_app, data: Path
) -> None:
    app = make_app()
    play(app)
    saved_positions = screen_of(app).game.record.positions
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    screen_of(app).close()  # the first window closes: its game is no longer played there
    start = make_app(None)  # no game given: the start screen
    assert isinstance(start.screen, StartScreen)
    press(start, pygame.K_3, "3")  # two players
    press(start, pygame.K_l, "l")
    assert isinstance(start.screen, LoadScreen) and start.screen.saved
    press(start, pygame.K_RETURN)
    game = screen_of(start).game
    assert game.record.positions == saved_positions and not game.reviewing
    assert game.config.black.is_human and game.config.white.is_human


def test_a_saved_game_remembers_its_players() -> None:
    config = GameConfig(
        black=PlayerConfig(Level("custom", "x", "alphabeta", "count", depth=3)),
        white=PlayerConfig(),
    )
    back = config_from_tags(config_tags(config), TWO_PLAYERS)
    assert back.black.level is not None and back.black.level.summary() == "alphabeta/count depth 3"
    assert back.white.is_human


def test_arrow_keys_and_the_move_list_step_through_a_game(make_app) -> None:
    app = make_app()
    play(app)
    game = screen_of(app).game
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert game.record.ply == 4 and game.status.startswith("Showing White's move 2 of 3.")
    press(app, pygame.K_HOME)
    assert game.position == Position()
    press(app, pygame.K_END)
    assert game.record.ply == 6
    app.step(1 / 60)  # the move list follows the game a frame on
    cell = screen_of(app).move_cell(2)
    click_at(app, cell.get_abs_rect().center)
    app.step(1 / 60)  # pygame_gui posts the press as an event of its own
    assert game.record.ply == 2 and game.last_move == Move((22, 18))
    assert len(game.record.line) == 6  # the later moves are still there to step to


def test_playing_a_move_from_an_earlier_point_continues_from_there(make_app) -> None:
    app = make_app()
    play(app)
    game = screen_of(app).game
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT)  # after 11-15, White to move
    click(app, 23)
    click(app, 19)
    assert game.record.moves == [Move((11, 15)), Move((23, 19))]
    assert list(game.record.line) == game.record.moves and not game.reviewing


def test_the_ai_waits_while_a_loaded_game_is_reviewed(make_app, data: Path) -> None:
    quick = Level("quick", "test opponent", "alphabeta", "seed", depth=1)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(quick))
    app = make_app(config)
    screen = screen_of(app)
    path = data / "g.pdn"
    # A game this window wrote against the AI: its tags name the players it opens with.
    tags = "".join(f'[{name} "{value}"]\n' for name, value in config_tags(config).items())
    path.write_text(tags + "1. 11-15 23-19 2. 8-11 *\n")
    loaded = saves.load_game(path)
    screen.load(loaded.record, loaded.tags, path.name)
    for _ in range(5):
        app.step(1 / 60)
    assert screen.game.thinking is None and screen.game.record.ply == 3  # White (AI) waits
    press(app, pygame.K_c, "c")  # play on
    # Frames until the AI answers, waiting on its worker between them (the engine's judgement
    # first, which may wait for the compiled core to load): a cap against a hang, not a clock.
    for _ in range(30_000):
        if screen.game.record.ply == 4:
            break
        app.step(1 / 60)
        app.ai.wait(1 / 60)
    assert screen.game.record.ply == 4  # the AI answered


def test_play_load_opens_the_nth_game_of_a_pdn_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import checkers.gui.app as app_module

    path = tmp_path / "two.pdn"
    path.write_text('[Event "one"]\n1. 11-15 *\n\n[Event "two"]\n1. 9-13 22-18 *\n')
    opened: list[object] = []
    monkeypatch.setattr(
        app_module,
        "run_app",
        lambda config, flip=False, loaded=None, size=None: opened.append(loaded) or 0,
    )
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert (
        main(
            ["play", "--black", "human", "--white", "human", "--load", str(path), "--game", "2"],
            out=io.StringIO(),
        )
        == 0
    )
    loaded = opened[0]
    assert isinstance(loaded, saves.ResumedGame)
    assert loaded.record.moves == [Move((9, 13)), Move((22, 18))]
    assert loaded.tags["Event"] == "two"


def test_play_load_reports_a_bad_file_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.pdn"
    path.write_text('[Event "x"]\n1. 11-15 23-19\n2. 11-99 *\n')
    assert main(["play", "--load", str(path)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert (
        "cannot read " in err and "bad.pdn: line 3: move 2 (Black) 11-99 is not well formed" in err
    )


def test_copy_fen_puts_it_on_the_clipboard_or_says_there_is_none(make_app) -> None:
    app = make_app()
    play(app, OPENING[:1])
    press(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    status = screen_of(app).game.status
    fen = screen_of(app).game.position.fen()
    assert fen in status
    if status.startswith("Copied"):
        assert paste_text() == fen
    else:
        assert status.startswith("No clipboard")
    press(app, pygame.K_p, mod=pygame.KMOD_CTRL)
    assert "PDN" in screen_of(app).game.status


def test_an_empty_saved_games_list_offers_nothing_to_open(
    make_app: Callable[..., App], data: Path
) -> None:
    from checkers.gui.intents import OpenLoad

    app = make_app()
    app.request(OpenLoad())
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, LoadScreen) and not screen.items
    assert not screen.widgets["open"].is_enabled and not screen.widgets["review"].is_enabled


def test_why_after_a_crash_and_resume_works_out_the_card_and_stays_on_the_move(
    make_app, data: Path
) -> None:
    """The AI's reasons for a move are not saved with the game: after a crash and Resume, Why?
    on that move is lit and W asks the AI's process for the card, made now (a newcomer's walk
    counted the greyed button, whose W only said so on the status line, as a dead button:
    issue 36). W opens no other screen meanwhile and leaves the game at the move (the walk of
    2026-11-30: W opened the analysis board silently, a move back, and closing it landed a
    move earlier); the card closed, and the analysis board closed, the game is back there."""
    from gui_driving import run_until

    from checkers.gui.screens.analysis import AnalysisScreen
    from checkers.gui.screens.why import WhyScreen

    quick = Level("quick", "test opponent", "alphabeta", "seed", depth=2)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(quick))
    app = make_app(config, autosave=True)
    game = screen_of(app).game
    click(app, 9)
    click(app, 14)
    run_until(app, lambda: game.record.ply == 2)
    reply = game.record.line[1].pdn()
    assert screen_of(app).widgets["why"].is_enabled  # its reasons are known in this window
    crash(app)
    fresh = make_app(None, autosave=True, offer_resume=True)
    press(fresh, pygame.K_RETURN)
    screen = screen_of(fresh)
    assert screen.game.record.ply == 2 and screen.widgets["why"].is_enabled
    press(fresh, pygame.K_w, "w")
    if fresh.screen is screen:  # the card may have come within the key's frame
        assert screen.game.record.ply == 2
        assert screen.game.status == f"Working out why {reply} was played..."
    run_until(fresh, lambda: isinstance(fresh.screen, WhyScreen))
    why = fresh.screen
    assert isinstance(why, WhyScreen) and why.card.rows[0].move == reply
    assert any("a saved game keeps no search's scores" in fact for fact in why.card.facts)
    press(fresh, pygame.K_ESCAPE)
    run_until(fresh, lambda: fresh.screen is screen)
    assert screen.game.record.ply == 2
    press(fresh, pygame.K_a, "a")
    assert isinstance(fresh.screen, AnalysisScreen)
    press(fresh, pygame.K_ESCAPE)
    run_until(fresh, lambda: fresh.screen is screen)
    assert screen.game.record.ply == 2
    # Said once (the walk of 2026-11-29d read "Back from the analysis board" twice in a row).
    assert screen.game.status.count("Back from the analysis board") == 1


def test_a_game_resumed_at_launch_is_judged_without_asking_for_a_hint(make_app, data: Path) -> None:
    """Against an AI on the engine's evaluation, a game resumed from the card at launch gets
    the engine's score on the bar and the panel by itself (no search of this window had looked
    at the position), and so does the position Undo goes back to."""
    from gui_driving import run_until

    from checkers.gui.game_view.panel import panel_lines

    engine = Level("quick", "test opponent", "alphabeta", "engine", depth=2)
    judge = Level("judge", "test judge", "alphabeta", "engine", depth=3)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(engine), judge=judge)
    app = make_app(config, autosave=True)
    game = screen_of(app).game
    for start, end in ((11, 15), (8, 11)):
        click(app, start)
        click(app, end)
        run_until(app, lambda: game.record.ply % 2 == 0 and game.animation is None)
    press(app, pygame.K_q, "q")
    app.close()
    fresh = make_app(config, autosave=True, offer_resume=True)
    press(fresh, pygame.K_RETURN)
    screen = screen_of(fresh)
    resumed = screen.game
    assert resumed.status.startswith("Resumed after White's move 2.")

    def scored() -> bool:
        return any(line.startswith("Score ") for line in panel_lines(resumed).search)

    # Until the score comes the panel says the engine is at work, never a blank.
    assert scored() or panel_lines(resumed).search[0].startswith("Weighing the position")
    run_until(fresh, scored)
    assert resumed.hint is None and screen.bar.label() != "no evaluation yet"
    press(fresh, pygame.K_u, "u")
    assert resumed.status.startswith("Took back ")
    run_until(fresh, scored)
    assert screen.bar.label() != "no evaluation yet"


def test_a_resumed_game_keeps_the_deepest_score_it_had_when_it_was_left(
    make_app, data: Path
) -> None:
    """The score shown before quitting comes back with the game: a shallower search after the
    relaunch (here the hint's) does not replace it, so the hint says the same number."""
    from gui_driving import run_until

    engine = Level("quick", "test opponent", "alphabeta", "engine", depth=6)
    shallow = Level("hint", "test hint", "alphabeta", "engine", depth=2)
    judge = Level("judge", "test judge", "alphabeta", "engine", depth=2)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(engine), hint=shallow, judge=judge)
    app = make_app(config, autosave=True)
    screen = screen_of(app)
    game = screen.game
    click(app, 11)
    click(app, 15)
    run_until(
        app,
        lambda: (
            game.record.ply == 2
            and game.thinking is None
            and app.ai.pending is None
            and app.ai.explaining is None
        ),
    )
    app.step(1 / 60)
    judged = game.judgement()
    assert judged is not None and judged.depth >= 6
    shown = screen.bar.label()
    before_expects = [row for row in panel_lines(game).search if row.startswith("Expects ")]
    press(app, pygame.K_q, "q")
    app.close()
    fresh = make_app(config, autosave=True, offer_resume=True)
    press(fresh, pygame.K_RETURN)
    screen = screen_of(fresh)
    resumed = screen.game
    assert resumed.judgement() is not None and resumed.judgement().depth == judged.depth
    # Every position's judgement comes back (a review of the resumed game adopts the same).
    figures = {
        position: (kept.score, kept.depth, kept.line[:8])
        for position, kept in game.judgements.items()
        if position in game.record.positions
    }
    assert len(figures) >= 2
    assert {p: (k.score, k.depth, k.line) for p, k in resumed.judgements.items()} == figures
    assert screen.bar.label() == shown
    # The line the AI expected comes back with its score, before any search runs (the walk of
    # 2026-11-29 read a resumed panel with a score and no line until the next search).
    assert judged.line and resumed.thinking is None
    rows = panel_lines(resumed).search
    assert f"Expects {' '.join(judged.line[:8])}" in rows, rows
    assert before_expects and before_expects[0].split()[1] == judged.line[0], before_expects
    press(fresh, pygame.K_h, "h")
    run_until(fresh, lambda: resumed.hint is not None and resumed.thinking is None)
    assert f"{shown}, {judged.depth} turns ahead" in resumed.status
    assert screen.bar.label() == shown


@pytest.mark.parametrize(
    "judged", ["", "x", "2 W nan 1 6", "2 Q 0.5 1 6", "99 W 0.5 1 6", "2 W 0.5 0 6", "a" * 2000]
)
def test_a_damaged_judged_tag_costs_only_the_score(make_app, data: Path, judged: str) -> None:
    app = make_app(autosave=True)
    play(app, OPENING[:2])
    crash(app)
    saved = kept(data)
    saved.write_text(f'[Judged "{judged}"]\n' + saved.read_text(encoding="utf-8"))
    fresh = make_app(None, autosave=True, offer_resume=True)
    press(fresh, pygame.K_RETURN)
    game = screen_of(fresh).game
    assert game.status.startswith("Resumed after White's move 1.")
    assert game.judgement() is None and "Judged" not in game.tags


PREVIOUS_VERSION_FILE = Path(__file__).parent / "data" / "pdn" / "judged_without_lines.pdn"
"""A game against the AI (Quick, 6 turns ahead) left after 1. 11-15 21-17, saved by the
version before judgements kept their lines: its `Judged` tag has scores only."""


def test_the_judged_tag_keeps_each_judgements_line_and_reads_a_tag_without_one() -> None:
    from checkers.board import WHITE
    from checkers.coach.judgement import Judgement, Judgements
    from checkers.formats.judged import (
        JUDGED_TAG,
        judged_tag,
        restore_judgements,
    )
    from checkers.record import GameRecord

    record = GameRecord.replay(tuple(Move.from_pdn(m, p) for m, p in _replay("11-15 21-17")))
    known = Judgements()
    line = _first_moves(record.positions[2], 9)
    assert line[:4] == ("10-14", "17x10", "7x14", "22-17")
    known.judge(record.positions[2], Judgement(-0.15, 1.0, WHITE, 6, line=line))
    known.judge(record.positions[1], Judgement(-0.05, 1.0, WHITE, 6))
    tag = judged_tag(record, known)
    # The line's first moves (as many as the panel names), the best move first.
    assert tag == {JUDGED_TAG: "1 W -0.05 1 6; 2 W -0.15 1 6 " + " ".join(line[:8])}
    back = restore_judgements(record, dict(tag))
    assert back[record.positions[2]].line == line[:8]
    assert back[record.positions[2]].score == -0.15 and back[record.positions[2]].depth == 6
    assert back[record.positions[1]].line == ()
    # The previous version's tag (scores only) reads as it did.
    old = restore_judgements(record, {JUDGED_TAG: "1 W -0.05 1 6; 2 W -0.15 1 6"})
    assert old[record.positions[2]] == Judgement(-0.15, 1.0, WHITE, 6)
    # A line damaged in the file keeps the moves that replay up to the first that does not.
    damaged = restore_judgements(record, {JUDGED_TAG: "2 W -0.15 1 6 10-14 17x10 6-10 7x14"})
    assert damaged[record.positions[2]].line == ("10-14", "17x10")
    assert damaged[record.positions[2]].score == -0.15
    # The databases' mark stays before the line.
    exact = Judgements()
    exact.judge(record.positions[2], Judgement(0.0, 1.0, WHITE, 3, True, ("9-13",)))
    written = judged_tag(record, exact)
    assert written == {JUDGED_TAG: "2 W 0 1 3 db 9-13"}
    assert restore_judgements(record, dict(written)) == exact


def test_a_file_keeps_every_positions_judgement_after_its_move() -> None:
    """A long game's file keeps the judgement of every position, each in the comment after the
    move that led to it, and reads them all back (the walk of 2026-11-30f: a file kept six, so
    the game reviewed again after reopening gave other verdicts than the review in the window)."""
    from checkers.board import WHITE
    from checkers.coach.judgement import Judgement, Judgements
    from checkers.formats.judged import judged_tag, restore_judgements
    from checkers.formats.pdn import (
        comment_words,
        game_from_record,
        game_tags,
        read_game,
        write_game,
    )
    from checkers.record import GameRecord

    record = GameRecord()
    while record.ply < 60 and record.position.legal_moves():
        record.play(max(record.position.legal_moves(), key=Move.pdn))
    known = Judgements()
    for ply, position in enumerate(record.positions):
        line: list[str] = []
        while len(line) < 8 and position.legal_moves():
            move = min(position.legal_moves(), key=Move.pdn)
            line.append(move.pdn())
            position = position.move(move)
        if line:
            known.judge(
                record.positions[ply], Judgement(ply / 100, 1.25, WHITE, 14, line=tuple(line))
            )
    tag = judged_tag(record, known)
    assert len(tag["Judged"]) > 1000  # more than a tag's value a reader takes
    text = write_game(game_from_record(record, tag))
    assert "[Judged" not in text and text.count("{[%judged") == len(known)
    read = read_game(text)
    back = restore_judgements(record, game_tags(read))
    assert back == known
    # A player reading the file's comments (the review page) sees none of the commands.
    assert comment_words(read.comments[3] + " A fine move [%eval 0.17]") == "A fine move"
    assert comment_words(read.comments[3]) == ""


def _first_moves(position: Position, count: int) -> tuple[str, ...]:
    """A line of `count` legal moves from `position`: each the first legal move in PDN order."""
    line = []
    for _ in range(count):
        move = min(position.legal_moves(), key=Move.pdn)
        line.append(move.pdn())
        position = position.move(move)
    return tuple(line)


def _replay(moves: str) -> list[tuple[str, Position]]:
    """Each move of `moves` (PDN, spaces between) with the position it is played in."""
    position, found = Position(), []
    for text in moves.split():
        found.append((text, position))
        position = position.move(Move.from_pdn(text, position))
    return found


def test_a_file_saved_before_judgements_kept_lines_resumes_with_its_scores(
    make_app, data: Path
) -> None:
    from checkers.gui.game_view.panel import panel_lines

    (data / "games").mkdir(exist_ok=True)
    (data / "games" / "2026-11-29 14-20 You vs AI.pdn").write_bytes(
        PREVIOUS_VERSION_FILE.read_bytes()
    )
    fresh = make_app(None, autosave=True, offer_resume=True)
    assert isinstance(fresh.screen, ResumeScreen)
    press(fresh, pygame.K_RETURN)
    screen = screen_of(fresh)
    game = screen.game
    assert game.status.startswith("Resumed after White's move 1.")
    judged = game.judgement()
    assert judged is not None and (judged.score, judged.depth, judged.line) == (-0.15, 6, ())
    assert "Score even (looked 6 turns ahead)" in panel_lines(game).search
    assert screen.bar.label() == "even"


def test_a_resumed_games_explorer_names_the_kept_best_move_with_the_panels_number(
    make_app, data: Path
) -> None:
    """The judgement a resumed game reads back from its file keeps its line: the explorer's
    row of its best move gives the panel's number (without the line, the row waited for the
    board's own, shallower search and gave its number beside the panel's)."""
    from gui_driving import run_until

    from checkers.gui.game_view.panel import panel_lines
    from checkers.gui.screens.analysis import AnalysisScreen

    engine = Level("quick", "test opponent", "alphabeta", "engine", depth=6)
    judge = Level("judge", "test judge", "alphabeta", "engine", depth=2)
    hint = Level("hint", "test hint", "alphabeta", "engine", depth=2)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(engine), judge=judge, hint=hint)
    app = make_app(config, autosave=True)
    game = screen_of(app).game
    click(app, 11)
    click(app, 15)
    run_until(
        app,
        lambda: (
            game.record.ply == 2
            and game.thinking is None
            and app.ai.pending is None
            and app.ai.explaining is None
        ),
    )
    app.step(1 / 60)
    judged = game.judgement()
    assert judged is not None and judged.line
    press(app, pygame.K_q, "q")
    app.close()
    fresh = make_app(config, autosave=True, offer_resume=True)
    press(fresh, pygame.K_RETURN)
    screen = screen_of(fresh)
    resumed = screen.game
    best = judged.line[0]  # the best move the game named before it was left
    score = [line for line in panel_lines(resumed).search if line.startswith("Score ")]
    assert score, panel_lines(resumed).search
    words = score[0].removeprefix("Score ").split(" (")[0]  # `even`, `+0.15 for the AI`
    # A game of the saved games went on from here with the best move, so it has a row.
    played = " ".join(move.pdn() for move in resumed.record.moves)
    other = f'[Result "*"]\n\n1. {played} {best} *\n'
    (data / "games" / "another game.pdn").write_text(other, encoding="utf-8")
    press(fresh, pygame.K_o, "o")  # the explorer, on the analysis board
    board = fresh.screen
    assert isinstance(board, AnalysisScreen) and board.explorer is not None
    board.context.ai.cancel()  # the board's own search left out: the kept judgement alone
    board.request = None
    board.analysis = None
    pane = board.explorer
    run_until(fresh, lambda: any(pane.buttons[f"row {i}"].text == best for i in range(2)))
    row = next(i for i in range(pane.row_count()) if pane.buttons[f"row {i}"].text == best)
    fresh.step(1 / 60)
    figure = pane.labels[f"row {row} engine"].text.removesuffix(" •")
    note = pane.texts(board.position, board.analysis)["explorer engine"]
    assert f"engine: {words}, looked {judged.depth} turns ahead" in note, note
    if words == "even":
        assert figure == "even"
    else:
        # The column is told from the side to move (Black, you), the panel for the side ahead.
        number, side = words.split(" for ")
        assert float(figure) == float(number) * (1 if side == "you" else -1), (figure, words)
    kept_judgement = resumed.judgement()
    assert kept_judgement is not None and kept_judgement.line == judged.line[:8]
    # Back in the game, a hint (a shallower search than the kept one) names the same best
    # move on the panel, with the same number: it named its own beside the deeper number.
    press(fresh, pygame.K_ESCAPE)
    assert screen_of(fresh).game is resumed
    press(fresh, pygame.K_h, "h")
    run_until(fresh, lambda: resumed.hint is not None and resumed.thinking is None)
    assert resumed.hint.pdn() == best
    assert f"Hint: {best}" in panel_lines(resumed).search
    assert resumed.status == f"Hint: {best} ({words}, {judged.depth} turns ahead)."


def test_a_game_from_a_set_up_position_says_so_in_saved_games(make_app, data: Path) -> None:
    """The walk of 2026-11-29c listed a game started from a set-up position as a plain "You vs
    AI (Strong), 1 move", like any game from the usual start."""
    start = Position.from_fen("B:W23,29,30,31,32:B1,2,3,4,14")
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start), autosave=True
    )
    play(app, ((14, 18),))
    usual = GameRecord(Position())
    usual.play(Move((11, 15)))
    saves.save_game(usual, {"Black": "You", "White": "AI (Club)", "Result": "*"})
    press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    rows = sorted(b.text for name, b in listing.widgets.items() if name.startswith("row "))
    [set_up] = [row for row in rows if "set-up" in row]
    assert set_up.startswith("On the board now: Two players, from a set-up position, unfinished")
    [usual] = [row for row in rows if row != set_up]
    assert "set-up" not in usual and "(Club), unfinished, 1 move" in usual, rows


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=["720x480", "1280x800"])
@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_the_resume_card_has_no_blank_gap_between_the_game_and_the_note(
    make_app, data: Path, size: tuple[int, int], theme_name: str
) -> None:
    """The card offered when the window opens reads as one block: the note under the game's
    two lines stands one row under the second, as the second under the first (the walk saw a
    blank gap over the note, a row and a half of a gap more), and the buttons follow it."""
    from pygame_gui.elements import UILabel

    from checkers.gui.settings import Settings

    app = make_app(autosave=True)
    play(app, OPENING[:3])
    crash(app)
    fresh = make_app(
        None, autosave=True, offer_resume=True, size=size, settings=Settings(theme=theme_name)
    )
    card = fresh.screen
    assert isinstance(card, ResumeScreen) and card.panel is not None
    players, moves, note = card.lines()
    tops = {
        element.text: element.get_abs_rect().top
        for element in card.panel.get_container().elements
        if isinstance(element, UILabel)
    }
    pitch = tops[moves] - tops[players]
    assert pitch > 0 and tops[note] - tops[moves] == pitch, (tops, pitch)
    status = card.status_label
    assert status is not None and status.text == note
    resume = card.widgets["resume"].get_abs_rect()
    assert 0 <= resume.top - status.get_abs_rect().bottom <= pitch // 2


def test_why_is_lit_again_after_the_main_menu_and_resume_as_in_a_game_played_on(
    make_app, data: Path
) -> None:
    """The AI's reasons for its moves stay with the window: after Main menu (Esc) and Saved
    games' Resume, Why? is enabled on the AI's move and opens its card, as in the game before
    leaving it, and greyed on the player's own move (the walk found it greyed for good)."""
    from gui_driving import run_until

    from checkers.gui.screens.why import WhyScreen

    quick = Level("quick", "test opponent", "alphabeta", "seed", depth=2)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(quick))
    app = make_app(config, autosave=True)
    game = screen_of(app).game
    click(app, 9)
    click(app, 14)
    run_until(app, lambda: game.record.ply == 2 and game.animation is None)
    reply = game.record.line[1]
    assert screen_of(app).widgets["why"].is_enabled
    press(app, pygame.K_ESCAPE)  # Main menu
    assert isinstance(app.screen, StartScreen)
    press(app, pygame.K_l, "l")  # Saved games
    assert isinstance(app.screen, LoadScreen)
    press(app, pygame.K_RETURN)  # Resume
    screen = screen_of(app)
    resumed = screen.game
    assert resumed.record.line[1] == reply and resumed.record.ply == 2
    app.step(1 / 60)
    assert screen.widgets["why"].is_enabled
    press(app, pygame.K_w, "w")
    # A weak level's card whose exact pass leaving the game cut short is finished first, and
    # opens when it comes (walk 2026-12-01ab).
    run_until(app, lambda: isinstance(app.screen, WhyScreen))
    why = app.screen
    assert isinstance(why, WhyScreen) and why.card.rows[0].move == reply.pdn()
    press(app, pygame.K_ESCAPE)
    run_until(app, lambda: app.screen is screen)
    press(app, pygame.K_LEFT)  # the player's own move: nothing to explain, as before
    assert resumed.record.ply == 1 and not screen.widgets["why"].is_enabled
