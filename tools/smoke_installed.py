"""Check an installed copy of the game the way a user meets it: the assets and the window.

    VENV/bin/python tools/smoke_installed.py    # run from outside the checkout (make test does)

Run with the interpreter of a virtual environment that installed the wheel, from a directory
outside the source tree, so nothing can come from the checkout. It checks that `checkers` is the
installed copy, that every asset is in the package and loads, and that the game starts under SDL's
dummy drivers and draws a position with kings, crowns included, without an error. Prints one line
per check; exits 1 naming the first problem.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

KINGS_FEN = "B:WK4,K28,30:B11,K19,1"
"""A position with three kings of both sides (and men), so the crown is drawn."""
CROWNS = 3
MEN_ONLY_FEN = "B:W30:B1"


class SmokeError(Exception):
    """A check failed: the message says which and why."""


def check_installed_copy() -> str:
    """`checkers` comes from an installed package, not from a source tree."""
    import checkers

    location = Path(checkers.__file__).resolve().parent
    if location.parent.name != "site-packages":
        raise SmokeError(f"checkers was imported from {location}, not from an installed package")
    return f"checkers {checkers.__version__} installed at {location}"


def check_assets() -> str:
    """Every asset is in the installed package and loads: images as images, sounds as sounds."""
    import pygame

    from checkers.gui.board_view.assets import (
        ASSET_NAMES,
        SOUND_NAMES,
        Assets,
        Sounds,
        package_assets,
    )

    assets = Assets()
    images = [name for name in ASSET_NAMES if name.endswith(".png")]
    for name in images:
        width, height = assets.image(name).get_size()  # FileNotFoundError names a missing one
        if width < 16 or height < 16:
            raise SmokeError(f"asset {name} is only {width}x{height} pixels")
    sounds = Sounds(assets)
    if not sounds.wait_ready(timeout=30):
        raise SmokeError(f"the sounds did not load: {sounds.problem}")
    if not all(sounds.play(name) for name in SOUND_NAMES):
        raise SmokeError("a sound did not play")
    pygame.mixer.quit()
    return f"{len(ASSET_NAMES)} assets load from {package_assets()}: {', '.join(ASSET_NAMES)}"


def check_endgame_databases() -> str:
    """The shipped endgame slices load from the installed package and give a known result."""
    from checkers.ai.endgame import SHIPPED_DIRECTORY, Endgames, Result
    from checkers.board import Position

    first_position = "W:WK15,20:B12,K28"  # the ACF's winning First Position
    found = Endgames([SHIPPED_DIRECTORY]).probe(Position.from_fen(first_position))
    if found is not Result.WIN:
        raise SmokeError(f"{first_position} probed {found} from {SHIPPED_DIRECTORY}, not a win")
    count = len(list(SHIPPED_DIRECTORY.glob("*.cdb")))
    return f"{count} endgame slices in {SHIPPED_DIRECTORY}: First Position is a win"


def check_problem_book() -> str:
    """The problem book loads from the installed package, every problem a puzzle."""
    from checkers.puzzle_import import problem_book

    book = problem_book()
    if len(book.puzzles) < 15 or book.skipped:
        raise SmokeError(
            f"the problem book gave {len(book.puzzles)} puzzles, {book.skipped} skipped"
        )
    return f"the problem book holds {len(book.puzzles)} puzzles"


def _gold_pixels(surface: object) -> int:
    """Pixels of the crown's gold on the window (the board and the men have none)."""
    import pygame

    assert isinstance(surface, pygame.Surface)
    width, height = surface.get_size()
    count = 0
    for x in range(0, width, 2):
        for y in range(0, height, 2):
            red, green, blue, _ = surface.get_at((x, y))
            count += red > 200 and 140 < green < 230 and blue < 120
    return count


def _draw(fen: str, frames: int = 5) -> int:
    """Start the game on `fen`, step some frames; the crown's gold pixels, or SmokeError."""
    import pygame

    from checkers.board import Position
    from checkers.gui.app import App
    from checkers.gui.config import GameConfig, PlayerConfig

    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen(fen))
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):  # the game shows a frame's error there, not raises
        app = App(config, hop_seconds=0, muted=True)
        try:
            for _ in range(frames):
                app.step(1 / 60)
            gold = _gold_pixels(pygame.display.get_surface())
        finally:
            app.close()
    if errors.getvalue().strip():
        raise SmokeError(f"drawing {fen} failed:\n{errors.getvalue()}")
    return gold


def check_window_draws_kings() -> str:
    """The game starts under the dummy drivers and draws kings with their crowns, error-free."""
    with_kings = _draw(KINGS_FEN)
    men_only = _draw(MEN_ONLY_FEN)  # the panel has some gold of its own
    if with_kings - men_only < CROWNS * 50:  # a crown is about 120 of the sampled pixels
        raise SmokeError(
            f"no crowns drawn: {with_kings} gold pixels with kings, {men_only} without"
        )
    return f"the game drew {KINGS_FEN} with crowns ({with_kings} gold pixels, {men_only} without)"


def main() -> int:
    """Run every check; 0 if all pass, 1 naming the first that fails."""
    for check in (
        check_installed_copy,
        check_assets,
        check_endgame_databases,
        check_problem_book,
        check_window_draws_kings,
    ):
        try:
            print(f"ok: {check()}")
        except (SmokeError, FileNotFoundError, ImportError) as error:
            print(f"smoke test failed: {check.__name__}: {error}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
