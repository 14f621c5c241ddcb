"""Shared test setup: headless SDL for GUI tests, and the reference data in tests/data."""

from __future__ import annotations

import contextlib
import importlib.util
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# numpy whole before any test: the engine's compiled core imports numba (and numpy) in a
# background thread, and pytest.approx looks numpy up in sys.modules, where a half-imported
# numpy has no `isscalar` yet (test_match.py failed when run alone).
with contextlib.suppress(ImportError):
    import numpy  # noqa: F401

NUMBA_INSTALLED = importlib.util.find_spec("numba") is not None
"""Whether numba is installed at all. The game runs without it (the Python engine, slower): the
suite too, leaving out the compiled core's own checks and the offline tools', which need numba
and its numpy. Installed and broken, those checks fail."""

collect_ignore = (
    []
    if NUMBA_INSTALLED
    else [
        "test_compiled.py",
        "test_core_paths.py",
        "test_endgame_compiled.py",
        "test_fit_expected.py",
    ]
)
"""The test files that import numba or numpy themselves, left out without numba."""


def pytest_report_header() -> str | None:
    """Said first where numba is not installed: which checks are left out."""
    if NUMBA_INSTALLED:
        return None
    return (
        f"numba is not installed: {', '.join(collect_ignore)} and the tests marked numba left out"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Without numba, a test marked `numba` is skipped, saying why."""
    if NUMBA_INSTALLED:
        return
    skip = pytest.mark.skip(reason="numba is not installed (the game runs without it)")
    for item in items:
        if item.get_closest_marker("numba") is not None:
            item.add_marker(skip)


# A copy of the project's shared reference data (perft counts, edge-case positions), kept in
# the repository so the tests run from any clone.
DATA_DIR = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class PositionCase:
    """One line of positions.txt: a FEN and its complete set of legal moves in PDN."""

    fen: str
    moves: frozenset[str]


def load_position_cases(path: Path) -> list[PositionCase]:
    """Read `FEN | move move ...` lines, skipping comments and blank lines."""
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fen, _, moves = line.partition("|")
        cases.append(PositionCase(fen.strip(), frozenset(moves.split())))
    return cases


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data directory (games, settings, indexes) in a temporary folder: no test
    writes the real one."""
    from checkers import saves

    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    return tmp_path


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """The reference data directory."""
    return DATA_DIR


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize any test asking for `position_case` over every line of positions.txt."""
    if "position_case" in metafunc.fixturenames:
        cases = load_position_cases(DATA_DIR / "positions.txt")
        metafunc.parametrize("position_case", cases, ids=[case.fen for case in cases])


@pytest.fixture
def make_app(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., Any]]:
    """Build desktop-game apps without animation or sound (two players unless a config is
    given); every one is closed (window, AI worker) after the test.

    The window's processes (the AI worker, the review's) search on the Python engine unless
    the test is marked `compiled`: each new process loads the compiled core from numba's cache
    first, about 2 s of processor, and a window test starts one or two of them, which made the
    core's loading a third of the suite's time (measured with `farm-bench --vs` on two window
    test files: 70 s against 117 s). The two engines give the same figures at a fixed depth
    (tests/test_compiled.py), the window's own checks do not depend on which one searched, and
    the tests marked `compiled` (the one-number checks, reviews, the databases' and drills'
    builds: long searches, where the Python engine is many times slower) keep the compiled
    core. A run with `CHECKERS_CORE` set (`CHECKERS_CORE=compiled make test`: every window on
    the compiled core) keeps it; a test may set it itself after this."""
    from checkers.gui.app import App  # pygame only for the tests that ask for an app
    from checkers.gui.config import GameConfig, PlayerConfig

    if request.node.get_closest_marker("compiled") is None and "CHECKERS_CORE" not in os.environ:
        monkeypatch.setenv("CHECKERS_CORE", "python")

    apps: list[App] = []

    two_players = GameConfig(black=PlayerConfig(), white=PlayerConfig())

    def make(config: Any = two_players, **options: Any) -> App:
        app = App(config, hop_seconds=0, muted=True, **options)
        apps.append(app)
        app.step(0)
        return app

    yield make
    for app in apps:
        app.close()


@pytest.fixture(autouse=True)
def a_real_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1920x1080 screen, as most desks have: SDL's dummy driver reports a made-up 1024x768,
    narrower than the default 1120x720 window, which opens fitted to the screen. A test of
    another screen patches the sizes again."""
    import pygame

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
