"""Where the program keeps things: the user's data folder, its games folder and the cache.

Pure Python, the standard library and platformdirs only, so that the engine's databases, the
saved games, the explorer's indexes and the window's settings all find their folders here without
importing each other. Nothing here creates a folder: the writers do, when they first write.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

__all__ = ["DATA_DIR_ENV", "cache_dir", "data_dir", "games_dir"]

DATA_DIR_ENV = "CHECKERS_DATA_DIR"
"""Set to a directory to keep every file there instead of the platform's data directory."""

_APP = "checkers"


def data_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the user's games live (not created here): CHECKERS_DATA_DIR, else the platform's.

    The platform's is platformdirs' user data directory for "checkers": $XDG_DATA_HOME/checkers
    or ~/.local/share/checkers on Linux, ~/Library/Application Support/checkers on macOS and
    %APPDATA%\\checkers on Windows (roaming, as saved games should follow the user).
    """
    override = environ.get(DATA_DIR_ENV, "")
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path(_APP, appauthor=False, roaming=True)


def games_dir() -> Path:
    """Where saved games go."""
    return data_dir() / "games"


def cache_dir() -> Path:
    """The user's cache folder for the program (the compiled engine's code lives under it)."""
    return platformdirs.user_cache_path(_APP)
