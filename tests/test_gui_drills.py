"""Three kings against two in the window: chosen the first time, the screen says it prepares the
endgame tables (and how long that takes) while a process builds them, stays live, then starts
the drill; chosen again, the drill starts at once from the tables on disk."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import press, run_until
from test_gui_puzzles import click_at, click_square, words_shown
from test_gui_start import assert_plain

from checkers.ai.endgame import Result, default_endgames, read_slice, slice_file_name
from checkers.gui.app import App
from checkers.gui.screens.drills import DrillScreen

# The window's processes search on the compiled core here: the drills build their tables,
# many times slower on the Python engine (tests/conftest.py's make_app).
pytestmark = pytest.mark.compiled

FRAMES_CAP = 20_000
"""Frames before a wait gives up: only a hang reaches it (each frame waits on the build)."""
SLICE = (0, 3, 0, 2)


@pytest.fixture
def fresh(data: Path) -> Iterator[Path]:
    """The user's endgame folder in a temporary data directory (the default databases, cached
    for the process, made anew before and after)."""
    default_endgames.cache_clear()
    yield data / "endgame"
    default_endgames.cache_clear()


def choose_drill(app: App, name: str) -> DrillScreen:
    """D on the screen on top (the start screen or a drill), then the card's button `name`."""
    press(app, pygame.K_d, "d")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, DrillScreen) and screen.card is not None
    click_at(app, screen.card.widgets[name].get_abs_rect().center)
    assert screen.card is None
    return screen


def run_until_built(app: App, screen: DrillScreen) -> int:
    """Run frames until the drill starts, each frame waiting up to its length for the build's
    next report; returns the frames it took. The cap only stops a hang."""
    frames = 0
    while screen.game is None and frames < FRAMES_CAP:
        app.step(1 / 60)
        if screen.build is not None:
            screen.build.wait(1 / 60)
        frames += 1
    assert screen.game is not None, screen.status
    return frames


def test_three_kings_against_two_prepares_its_tables_then_plays(
    make_app: Callable[..., App], fresh: Path
) -> None:
    app = make_app(None)
    screen = choose_drill(app, "drill 4")
    # The preparing state: the drill's position, its name and source, what is being done and
    # how long it takes; no piece moves meanwhile.
    assert screen.game is None and screen.build is not None
    assert screen.board_position().fen() == "B:WK9,K27:BK10,K15,K19"
    texts = screen.texts()
    assert texts["title"] == "Three kings against two"
    assert texts["task"] == "Preparing the endgame tables"
    assert texts["win"].startswith("About ") and texts["win"].endswith(" the first time")
    assert screen.status.startswith("Preparing the one 5-piece table this drill needs: about ")
    assert not screen.can_move() and screen.wake_in() is not None
    assert_plain(words_shown(screen))
    start = screen.board_position()
    assert default_endgames().probe(start) is None  # not built yet: the miss is remembered
    frames = run_until_built(app, screen)
    assert frames > 1  # the window ran frames while the tables were built
    read_slice(fresh / slice_file_name(SLICE), SLICE)
    assert default_endgames().probe(start) is Result.WIN  # the same databases see it now
    # The drill: Black plays at the bottom, win in 19, and Lasker's 15-18 keeps the win.
    assert screen.flipped and screen.can_move()
    assert screen.texts()["win"] == "Win in 19 moves with the best play"
    assert screen.texts()["task"] == "You play Black, to win"
    click_square(app, screen, 15)
    click_square(app, screen, 18)
    assert screen.status == "15-18 keeps the win."
    run_until(app, lambda: screen.game is not None and screen.game.player_to_move())
    assert screen.texts()["win"] == "Win in 18 moves with the best play"  # the databases replied
    assert default_endgames().probe(screen.board_position()) is Result.WIN
    # Chosen again: the tables on disk are reused, the drill starts at once.
    screen = choose_drill(app, "drill 4")
    assert screen.build is None and screen.game is not None
    assert screen.texts()["win"] == "Win in 19 moves with the best play"


def test_leaving_while_the_tables_are_built_stops_the_build_and_writes_nothing(
    make_app: Callable[..., App], fresh: Path
) -> None:
    app = make_app(None)
    screen = choose_drill(app, "drill 4")
    build = screen.build
    assert build is not None
    press(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert not isinstance(app.screen, DrillScreen)
    assert screen.build is None and not build.running
    assert not (fresh / slice_file_name(SLICE)).exists()


def test_the_drills_card_says_what_the_databases_held_here_give_and_what_the_next_size_adds(
    make_app: Callable[..., App], fresh: Path
) -> None:
    app = make_app(None)
    press(app, pygame.K_d, "d")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, DrillScreen) and screen.card is not None
    said = screen.card.lines[-1]
    assert said.startswith("This computer holds every ending of up to 4 pieces: the AI plays")
    assert said.endswith(
        "Building all 5-piece endings (Settings, Endgames) does the same for 5 pieces."
    )


def test_f1_and_question_mark_show_the_drills_keys_as_the_game_does(
    make_app: Callable[..., App], fresh: Path
) -> None:
    """The walk of 2026-11-30b (82): F1 did nothing in a drill; in the game it opens Help."""
    from checkers.gui.screens.drills import HELP_KEYS

    app = make_app(None)
    screen = choose_drill(app, "drill 1")
    run_until_built(app, screen)
    start = screen.board_position()
    for key, text, mod in ((pygame.K_F1, "", 0), (pygame.K_SLASH, "", pygame.KMOD_LSHIFT)):
        press(app, key, text, mod)
        card = screen.card
        assert card is not None and card.title == "Help: endgame drills"
        assert [line.split(":")[0] for line in card.lines] == [keys for keys, _ in HELP_KEYS]
        assert_plain(" ".join(card.lines))
        press(app, pygame.K_ESCAPE)
        assert screen.card is None and isinstance(app.screen, DrillScreen)  # still the drill
        assert screen.board_position() == start and screen.game is not None


def test_ctrl_c_in_a_drill_copies_the_position_as_in_the_game(
    make_app: Callable[..., App], fresh: Path
) -> None:
    """The walk of 2026-11-30o pressed Ctrl+C in a drill: nothing was copied, nothing said."""
    app = make_app(None)
    screen = choose_drill(app, "drill 1")
    run_until_built(app, screen)
    fen = screen.board_position().fen()
    press(app, pygame.K_c, "\x03", pygame.KMOD_CTRL)
    # Copied, or where this machine has no clipboard, said with the FEN to copy by hand.
    assert screen.status in (f"Copied {fen}",) or screen.status.endswith(f"; FEN: {fen}")
    app.step(1 / 60)
    assert screen.status_box is not None and fen in screen.status_box.html_text  # on screen
