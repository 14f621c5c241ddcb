"""The user's games on disk: the data directory, atomic writes, saved games and the autosave.

Pure Python, standard library only. Every file is PDN and is written atomically (a temporary
file in the same directory, flushed to disk, then renamed over the target), so a crash or a
full disk leaves the previous version whole. A game resumes by replaying its moves, which
rebuilds the same position, repetition history and 40-move count.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from checkers.pdn import (
    PdnError,
    PdnGame,
    game_from_record,
    open_archive,
    record_from_game,
    write_game,
)
from checkers.record import GameRecord

__all__ = [
    "DATA_DIR_ENV",
    "ResumedGame",
    "SavedGame",
    "atomic_write_text",
    "autosave",
    "autosave_path",
    "clear_autosave",
    "data_dir",
    "games_dir",
    "list_saved_games",
    "load_autosave",
    "load_game",
    "save_game",
]

DATA_DIR_ENV = "CHECKERS_DATA_DIR"
"""Set to a directory to keep every file there instead of the platform's data directory."""

_APP = "checkers"
_AUTOSAVE = "autosave.pdn"
_DAMAGED_AUTOSAVE = "autosave.damaged.pdn"
_NAME_LIMIT = 40
# Characters Windows refuses in file names, and control characters anywhere.
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')


def data_dir(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> Path:
    """Where the user's games live (not created here): CHECKERS_DATA_DIR, else the platform's.

    Linux and others: $XDG_DATA_HOME/checkers or ~/.local/share/checkers; Windows:
    %APPDATA%\\checkers; macOS: ~/Library/Application Support/checkers.
    """
    override = environ.get(DATA_DIR_ENV, "")
    if override:
        return Path(override).expanduser()
    home = Path(environ.get("HOME") or Path.home())
    if platform == "win32":
        appdata = environ.get("APPDATA")
        return (Path(appdata) if appdata else home / "AppData" / "Roaming") / _APP
    if platform == "darwin":
        return home / "Library" / "Application Support" / _APP
    xdg = environ.get("XDG_DATA_HOME", "")
    # The XDG spec says to ignore a relative path here.
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / _APP


def games_dir() -> Path:
    """Where saved games go."""
    return data_dir() / "games"


def autosave_path() -> Path:
    """The file holding the game in progress."""
    return data_dir() / _AUTOSAVE


def atomic_write_text(path: str | Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) so that it holds either the old or the new text, whole."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX, not Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with suppress(OSError):
        handle = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


# --- saved games ------------------------------------------------------------------------------


@dataclass
class ResumedGame:
    """A game read back from disk: its record (replayed), its tags and its PDN result."""

    record: GameRecord
    tags: dict[str, str] = field(default_factory=dict)
    result: str = "*"


@dataclass(frozen=True)
class SavedGame:
    """One file in the games directory: what it holds, or why it cannot be read."""

    path: Path
    modified: datetime
    game: PdnGame | None = None
    problem: str | None = None

    @property
    def tags(self) -> dict[str, str]:
        """The game's tags (empty for a file that cannot be read)."""
        return dict(self.game.tags) if self.game is not None else {}

    def summary(self) -> str:
        """One line for a list: players, result, length and when it was saved."""
        saved = self.modified.strftime("%Y-%m-%d %H:%M")
        if self.game is None:
            return f"{self.path.name}: cannot be read ({self.problem}), saved {saved}"
        black = self.game.tags.get("Black", "?")
        white = self.game.tags.get("White", "?")
        moves = (len(self.game.moves) + 1) // 2
        length = "1 move" if moves == 1 else f"{moves} moves"
        return f"{black} vs {white}, {self.game.result}, {length}, saved {saved}"


def save_game(record: GameRecord, tags: Mapping[str, str], when: datetime | None = None) -> Path:
    """Save the record's game under a new name like `2026-11-21 14-05 Human vs Engine.pdn`."""
    when = when or datetime.now()
    game = game_from_record(record, tags)
    game.tags.setdefault("Date", when.strftime("%Y.%m.%d"))
    stem = " ".join(
        [
            when.strftime("%Y-%m-%d %H-%M"),
            _name_part(tags.get("Black")),
            "vs",
            _name_part(tags.get("White")),
        ]
    )
    directory = games_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = _reserve(directory, stem)
    try:
        atomic_write_text(path, write_game(game))
    except BaseException:
        with suppress(OSError):
            path.unlink()
        raise
    return path


def _name_part(name: str | None) -> str:
    """A player's name made safe for a file name on every platform."""
    cleaned = " ".join(_UNSAFE.sub(" ", name or "").split())[:_NAME_LIMIT].strip(" .")
    return cleaned or "Unknown"


def _reserve(directory: Path, stem: str) -> Path:
    """A file name no other save uses, created empty so a second save cannot take it too."""
    for number in range(1, 10_000):
        path = directory / (f"{stem}.pdn" if number == 1 else f"{stem} ({number}).pdn")
        try:
            with open(path, "x", encoding="utf-8"):
                return path
        except FileExistsError:
            continue
    raise FileExistsError(f"too many saved games named {stem!r} in {directory}")


def load_game(path: str | Path) -> ResumedGame:
    """The first game of a PDN file, replayed; PdnError names the file and line if it is bad."""
    archive = open_archive(path)
    if not len(archive):
        raise PdnError("no game found", 1, Path(path).name)
    game = archive.game(1)
    return ResumedGame(record_from_game(game), dict(game.tags), game.result)


def list_saved_games() -> list[SavedGame]:
    """Every saved game, newest first; unreadable files are listed with their problem."""
    directory = games_dir()
    if not directory.is_dir():
        return []
    saved = []
    for path in directory.glob("*.pdn"):
        if path.name.startswith("."):  # a temporary file of a write in progress
            continue
        try:
            modified = datetime.fromtimestamp(path.stat().st_mtime)
        except OSError:
            continue  # deleted while we looked
        try:
            archive = open_archive(path)
            if not len(archive):
                raise PdnError("no game found", 1, path.name)
            saved.append(SavedGame(path, modified, archive.game(1)))
        except (PdnError, OSError) as error:
            saved.append(SavedGame(path, modified, problem=str(error)))
    saved.sort(key=lambda entry: (entry.modified, entry.path.name), reverse=True)
    return saved


# --- the autosave -----------------------------------------------------------------------------


def autosave(record: GameRecord, tags: Mapping[str, str]) -> Path:
    """Write the game in progress (up to its current position) over the previous autosave."""
    path = autosave_path()
    atomic_write_text(path, write_game(game_from_record(record, tags)))
    return path


def _report_to_stderr(message: str) -> None:
    print(f"checkers: {message}", file=sys.stderr)


def load_autosave(report: Callable[[str], None] = _report_to_stderr) -> ResumedGame | None:
    """The autosaved game, or None if there is none or it cannot be read.

    A damaged autosave is reported through `report`, moved aside (so it is reported once and
    can still be looked at) and otherwise ignored: it must never stop the game from starting.
    """
    path = autosave_path()
    if not path.exists():
        return None
    try:
        return load_game(path)
    except (PdnError, OSError) as error:
        aside = path.with_name(_DAMAGED_AUTOSAVE)
        try:
            os.replace(path, aside)
            kept = f"moved it to {aside}"
        except OSError:
            kept = "left it in place"
        report(f"ignored the autosave, which cannot be read ({error}); {kept}")
        return None


def clear_autosave() -> None:
    """Forget the game in progress (e.g. when it ends or a new one starts)."""
    with suppress(FileNotFoundError):
        autosave_path().unlink()
