"""Screenshots of the real window for the README and the guide (`make screenshots`).

Without a display it starts itself again under `xvfb-run`. It opens the desktop game at fixed
sizes in a throwaway data folder (the user's games and settings are never read or written),
drives it through the App's own loop with the keys a player presses, and saves the window's
pixels as PNGs in docs/images/; then `checkers picture` draws two positions there too. Run it
again after a change to the window and commit the pictures with it, so they stay current.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
XVFB_SCREEN = "1400x900x24"
WIDE = (960, 600)
SMALL = (720, 480)
OPENING = "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14"
"""A common opening (the README's PDN example); Black is to move after it."""
FRAMES_CAP = 30_000
"""A cap on frames spent waiting for the AI: stops a hang, never reached on a working machine."""


def rerun_under_xvfb() -> int:
    """This script again, inside a virtual X display of its own."""
    if shutil.which("xvfb-run") is None:
        print("screenshots: no display and no xvfb-run (apt install xvfb)", file=sys.stderr)
        return 2
    command = ["xvfb-run", "-a", "-s", f"-screen 0 {XVFB_SCREEN}", sys.executable, __file__]
    return subprocess.run(command, check=False).returncode


def take_screenshots() -> None:
    """Open the window in each state shown in the docs and save its pixels."""
    import pygame

    from checkers.ai.levels import get_level
    from checkers.ai.search import SearchRequest
    from checkers.board import Position
    from checkers.formats.pdn import read_game, record_from_game
    from checkers.gui.app import App
    from checkers.gui.config import GameConfig, PlayerConfig
    from checkers.gui.screens.analysis import AnalysisScreen
    from checkers.gui.screens.game import GameScreen
    from checkers.gui.settings import Settings
    from checkers.gui.tree_view.search import Subject

    def run_until(app: App, condition: Callable[[], bool]) -> None:
        for _ in range(FRAMES_CAP):
            if condition():
                return
            app.step(1 / 60)
            app.ai.wait(1 / 60)
        raise SystemExit("screenshots: the window never reached the state to show")

    def settle(app: App, frames: int = 10) -> None:
        for _ in range(frames):
            app.step(1 / 60)

    def press(app: App, key: int, text: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
        settle(app, 3)

    def save(app: App, name: str) -> None:
        settle(app)
        surface = pygame.display.get_surface()
        assert surface is not None
        pygame.image.save(surface, str(IMAGES / name))
        print(f"wrote docs/images/{name}")

    def game_screen(app: App) -> GameScreen:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        return screen

    record = record_from_game(read_game(f'[Result "*"]\n{OPENING} *\n'))
    against_ai = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("club")))

    # The start screen, as a first run shows it.
    app = App(None, size=WIDE, settings=Settings())
    save(app, "start.png")
    app.close()

    # A game against the AI: the hint's arrow, the evaluation bar and the panel's one score.
    app = App(against_ai, size=WIDE, settings=Settings())
    app.start_game(against_ai, record=record.copy(), tags={"Result": "*"})
    press(app, pygame.K_v, "v")
    press(app, pygame.K_h, "h")
    run_until(app, lambda: game_screen(app).game.hint is not None)
    save(app, "game.png")

    # The analysis board on the same position: three lines, their arrows, the bar.
    press(app, pygame.K_a, "a")
    screen = app.screen
    assert isinstance(screen, AnalysisScreen)
    run_until(app, lambda: len(screen.rows()) >= 3 and screen.analysis is not None)
    run_until(app, lambda: screen.analysis is not None and screen.analysis.depth >= 12)
    save(app, "analysis.png")
    app.close()

    # The search tree of a small alpha-beta search, as `checkers treeview --depth 3` opens it.
    start = Position()
    subject = Subject(
        SearchRequest(start, (start,)), 3, "alphabeta", "seed", "Black to move at the start"
    )
    app = App(None, size=WIDE, settings=Settings(), tree=subject)
    run_until(app, lambda: app.screen.wake_in() is None)
    save(app, "tree.png")
    app.close()

    # A game review: the marks in the move list, the graph and the tables under the board.
    two_players = GameConfig(black=PlayerConfig(), white=PlayerConfig())
    game = read_game((ROOT / "benchmarks" / "data" / "review-game.pdn").read_text("utf-8"))
    app = App(two_players, size=WIDE, settings=Settings())
    app.start_game(two_players, record=record_from_game(game), tags={"Result": "*"})
    press(app, pygame.K_g, "g")
    run_until(
        app,
        lambda: (
            (pane := game_screen(app).review_pane) is not None and pane.progress.state == "done"
        ),
    )
    save(app, "review.png")
    app.close()

    # The smallest window in the high-contrast theme, two players at one board.
    app = App(two_players, size=SMALL, settings=Settings(theme="contrast"))
    app.start_game(two_players, record=record.copy(), tags={"Result": "*"})
    save(app, "contrast-small.png")
    app.close()


def draw_pictures() -> None:
    """Two positions as `checkers picture` draws them: the start as SVG, a line's arrows as PNG."""
    pictures = [
        ["picture", "--out", str(IMAGES / "picture-start.svg"), "--size", "320"],
        [
            "picture",
            "B:W14,19,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,11,12,13,15",
            "--arrows",
            "6-10,25-21,10x17",
            "--theme",
            "contrast",
            "--caption",
            "The engine's line: 6-10 25-21 10x17",
            "--out",
            str(IMAGES / "picture-arrows.png"),
            "--size",
            "360",
        ],
    ]
    for arguments in pictures:
        subprocess.run([sys.executable, "-m", "checkers", *arguments], check=True, cwd=ROOT)


def main() -> int:
    """Take the screenshots (under xvfb-run if need be), then draw the pictures."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        return rerun_under_xvfb()
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="checkers-screenshots-") as data:
        os.environ["CHECKERS_DATA_DIR"] = data
        take_screenshots()
        draw_pictures()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
