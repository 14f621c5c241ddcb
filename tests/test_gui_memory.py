"""A closed window gives its memory back: a process that opens many (the test suite, a player
who starts game after game from one shell) does not grow by a window's fonts each time."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from checkers.saves import DATA_DIR_ENV

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/statm").exists(), reason="the test reads /proc for the memory in use"
)

_OPEN_AND_CLOSE = """
    import os
    from checkers.gui.app import App
    from checkers.gui.config import GameConfig, PlayerConfig

    def resident_mb():
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    def open_and_close():
        app = App(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0, muted=True)
        for _ in range(3):
            app.step(1 / 60)
        app.close()
        return app  # kept, as a caller (a test's fixture) may keep it after closing

    kept = [open_and_close(), open_and_close()]  # the first windows fill the caches for good
    before = resident_mb()
    kept += [open_and_close() for _ in range(WINDOWS)]
    print(resident_mb() - before)
"""

WINDOWS = 10


def test_closed_windows_give_their_fonts_back(tmp_path: Path) -> None:
    # pygame never frees a font dropped after pygame.quit(): each window left about 50 MB behind
    # (the test suite grew to 4.6 GB). Now it is a few MB a window, at most.
    code = textwrap.dedent(_OPEN_AND_CLOSE).replace("WINDOWS", str(WINDOWS))
    environment = {
        **os.environ,
        DATA_DIR_ENV: str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=environment,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    grown = float(done.stdout.split()[-1])
    assert grown < 20 * WINDOWS, f"{WINDOWS} windows opened and closed kept {grown:.0f} MB"
