"""The user's games on disk: atomic writes, saved games and the games kept while they are played
(the folders themselves are `checkers.paths`'s).

Every game played in the window is kept in its own file in the games folder from its first
move, rewritten after each change (a `GameFile`), so leaving it by any way (new game, load,
menu, quit, a crash) loses nothing and it can be resumed from the list. A window holds a lock
on the file of the game it plays, so a second window never writes the same file; the lock is
the operating system's (flock, or msvcrt's on Windows), so it goes with the process that held
it and a lock left by a crash is never in the way.

Pure Python: the standard library only. Every file is PDN and is written atomically (a temporary
file in the same directory, flushed to disk, then renamed over the target), so a crash or a
full disk leaves the previous version whole. A game resumes by replaying its moves, which
rebuilds the same position, repetition history and 40-move count. Listing the games folder
reads only the files changed since the last listing (`checkers.formats.games_index`).
"""

from __future__ import annotations

import functools
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from checkers import atomic
from checkers.formats import games_index
from checkers.formats.games_index import FileSummary
from checkers.formats.pdn import (
    GameUnreadable,
    PdnArchive,
    PdnGame,
    game_from_record,
    game_tags,
    open_games,
    pick_game,
    record_from_game,
    write_game,
)
from checkers.options import one_line
from checkers.paths import DATA_DIR_ENV, data_dir, games_dir
from checkers.record import GameRecord

__all__ = [
    "DATA_DIR_ENV",
    "SET_UP_WORDS",
    "GameFile",
    "ResumedGame",
    "SavedGame",
    "atomic_write_bytes",
    "atomic_write_text",
    "autosave",
    "autosave_path",
    "clear_autosave",
    "data_dir",
    "games_dir",
    "is_open_elsewhere",
    "list_saved_games",
    "load_autosave",
    "load_game",
    "remove_stale_temporaries",
    "save_game",
    "unfinished_games",
]

_AUTOSAVE = "autosave.pdn"
_DAMAGED_KEPT = 100  # damaged autosaves kept aside at most; a 101st is left where it is
_NAME_LIMIT = 40
# Characters Windows refuses in file names, and control characters anywhere.
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')


def autosave_path() -> Path:
    """The file holding the game in progress."""
    return data_dir() / _AUTOSAVE


def atomic_write_text(path: str | Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8), whole or not at all (`checkers.atomic.write_text`)."""
    atomic.write_text(path, text)


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Replace `path` with `data`, whole or not at all (`checkers.atomic.write_bytes`)."""
    atomic.write_bytes(path, data)


remove_stale_temporaries = atomic.remove_stale_temporaries


# --- saved games ------------------------------------------------------------------------------

SET_UP_WORDS = "from a set-up position"
"""How a list names a game that did not start from the usual position (its own `FEN`)."""
_RESULT_WORDS = {"1-0": "Black won", "0-1": "White won", "1/2-1/2": "draw"}
"""A finished game's PDN result in a player's words (GameType 21: `1-0` is a win for Black)."""


@dataclass
class ResumedGame:
    """A game read back from disk: its record (replayed), its tags, its PDN result and the file
    it came from (None if it was not read from a file)."""

    record: GameRecord
    tags: dict[str, str] = field(default_factory=dict)
    result: str = "*"
    path: Path | None = None

    def tags_and_result(self) -> dict[str, str]:
        """The tags with the file's `Result`, which opens a finished game as finished."""
        return {**self.tags, "Result": self.result}


@dataclass(frozen=True)
class SavedGame:
    """One file in the games directory: what its first game holds (from the games folder's
    index, so listing does not read every file), or why it cannot be read."""

    path: Path
    modified: datetime
    contents: FileSummary = field(default_factory=FileSummary, repr=False)

    @property
    def problem(self) -> str | None:
        """Why the file cannot be read (`line 3: ...`), or None."""
        return self.contents.problem

    @property
    def tags(self) -> dict[str, str]:
        """The game's tags (empty for a file that cannot be read; a long value cut short)."""
        return dict(self.contents.tags)

    @functools.cached_property
    def game(self) -> PdnGame | None:
        """The file's first game, read from the file (None if it cannot be read)."""
        if self.problem is not None:
            return None
        try:
            return pick_game(open_games(self.path), 1)
        except GameUnreadable:
            return None

    def summary(self) -> str:
        """One line for a list: players, result, length and when it was saved."""
        saved = self.modified.strftime("%Y-%m-%d %H:%M")
        if self.problem is not None:
            return f"{self.path.name}: cannot be read ({self.problem}), saved {saved}"
        tags = self.contents.tags
        black = tags.get("Black", "?")
        white = tags.get("White", "?")
        moves = (self.contents.plies + 1) // 2
        length = "1 move" if moves == 1 else f"{moves} moves"
        start = f", {SET_UP_WORDS}" if self.contents.set_up else ""
        return f"{black} vs {white}{start}, {self.state()}, {length}, saved {saved}"

    def state(self) -> str:
        """`unfinished`, or `finished: Black won (White resigned)` from the result and the
        termination the file records."""
        if self.problem is not None:
            return "cannot be read"
        result = self.contents.result
        if result not in _RESULT_WORDS:
            return "unfinished" if self.contents.plies else "no move played"
        how = self.contents.tags.get("Termination", "").strip()[:40]
        if how and not how.startswith(("Black", "White")):
            how = how[0].lower() + how[1:]  # mid-line: `draw (agreed by both players)`
        return f"finished: {_RESULT_WORDS[result]}" + (f" ({how})" if how else "")

    @property
    def is_finished(self) -> bool:
        """Whether the file records a result (a finished game opens as finished)."""
        return self.problem is None and self.contents.result in _RESULT_WORDS

    @property
    def is_unfinished(self) -> bool:
        """Whether the file holds a game still to be played on (result `*`, some moves)."""
        summary = self.contents
        return summary.problem is None and summary.result == "*" and summary.plies > 0


def save_game(record: GameRecord, tags: Mapping[str, str], when: datetime | None = None) -> Path:
    """Save the record's game under a new name like `2026-11-21 14-05 Human vs Engine.pdn`;
    the file appears whole or not at all (a full disk leaves nothing behind)."""
    text = _game_text(record, tags, when)
    for path in _new_game_paths(tags, when):
        try:
            return atomic.create_text(path, text)
        except FileExistsError:
            continue
    raise FileExistsError(f"too many saved games named like {path.name} in {path.parent}")


def _new_game_paths(tags: Mapping[str, str], when: datetime | None) -> Iterator[Path]:
    """The names a new game may take in the games folder, named for the date and the players:
    `STEM.pdn`, then `STEM (2).pdn` and on."""
    when = when or datetime.now()
    stem = " ".join(
        [
            when.strftime("%Y-%m-%d %H-%M"),
            _name_part(tags.get("Black")),
            "vs",
            _name_part(tags.get("White")),
        ]
    )
    directory = games_dir()
    directory.mkdir(parents=True, exist_ok=True)  # before a lock is made beside a new file
    for number in range(1, 10_000):
        yield directory / (f"{stem}.pdn" if number == 1 else f"{stem} ({number}).pdn")


def _game_text(record: GameRecord, tags: Mapping[str, str], when: datetime | None = None) -> str:
    game = game_from_record(record, tags)
    game.tags.setdefault("Date", (when or datetime.now()).strftime("%Y.%m.%d"))
    return write_game(game)


# --- the games kept while they are played -----------------------------------------------------


def _lock_path(path: Path) -> Path:
    """The lock beside a game's file (a dot file: the list and the PDN glob skip it)."""
    return path.with_name(f".{path.name}.lock")


def _try_lock(path: Path) -> int | None:
    """An open descriptor holding the exclusive lock on `path`, or None if another holds it;
    OSError if the lock cannot be opened at all (a read-only folder, say, or a symbolic link
    or a FIFO in its place, which is not ours and is left as it is)."""
    for _ in range(3):
        created = True
        try:
            # Made exclusively and never through a link: a name already taken is opened as it
            # is below, never truncated or written.
            handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, 0o644)
        except FileExistsError:
            created = False
            left = _open_left_lock(path)
            if left is None:
                continue  # removed by its holder since: make it again
            handle = left
        try:
            if not _lock_descriptor(handle):
                os.close(handle)
                return None
            try:
                same = os.fstat(handle).st_ino == os.lstat(path).st_ino
            except OSError:
                same = False
            if same:
                if created:  # the holder's pid, for a person who looks: the lock is the OS's
                    with suppress(OSError):
                        os.write(handle, f"{os.getpid()}\n".encode())
                return handle
        except BaseException:
            os.close(handle)
            raise
        os.close(handle)  # its holder removed it as we opened it: take the new one
    return None


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # POSIX; Windows has no symbolic links to follow here


def _open_left_lock(path: Path) -> int | None:
    """A descriptor on the lock a crashed run left at `path` (a file, or a folder in its
    place), None if it is gone; FileRefusedError for a link or a special file (not ours)."""
    try:
        kind = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(kind):
        raise atomic.FileRefusedError(
            f"{path.name} is a symbolic link, not a lock of ours; it is left alone"
        )
    # Non-blocking: a FIFO put there is refused below, never waited on.
    flags = _NO_FOLLOW | getattr(os, "O_NONBLOCK", 0)
    try:
        try:
            handle = os.open(path, os.O_RDWR | flags)
        except (PermissionError, IsADirectoryError):
            # Another user's lock, or a folder in its place: a read-only descriptor locks it as
            # well (flock does not need write access).
            handle = os.open(path, os.O_RDONLY | flags)
    except FileNotFoundError:
        return None
    kind = os.fstat(handle).st_mode
    if not (stat.S_ISREG(kind) or stat.S_ISDIR(kind)):
        os.close(handle)
        raise atomic.FileRefusedError(f"{path.name} is a FIFO, device or socket, not a lock")
    return handle


def _lock_descriptor(handle: int) -> bool:
    """Take the exclusive lock on an open file; False if another process holds it."""
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(path: Path, handle: int) -> None:
    """Let the lock go, removing its file if `path` is still that file and no other name
    shares it (a name put in its place since, or a hard link to someone's file, stays)."""
    try:
        held, there = os.fstat(handle), os.lstat(path)
        ours = (
            stat.S_ISREG(there.st_mode)
            and (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)
            and there.st_nlink == 1
        )
    except OSError:
        ours = False
    if sys.platform == "win32":
        os.close(handle)  # Windows cannot remove an open file
        if ours:
            with suppress(OSError):
                path.unlink()
    else:
        if ours:
            with suppress(OSError):
                path.unlink()  # before closing, so nobody locks a file about to vanish
        os.close(handle)


def is_open_elsewhere(path: Path) -> bool:
    """Whether another window (this process or another) keeps the game in `path`."""
    lock = _lock_path(path)
    if not os.path.lexists(lock):
        return False
    try:
        handle = _try_lock(lock)
    except OSError:
        return False  # a lock nobody can open is held by nobody
    if handle is None:
        return True
    _unlock(lock, handle)
    return False


class GameFile:
    """The file in the games folder that keeps one game while it is played, locked against
    other windows: created at the game's first write, rewritten after every change.

    A lock that cannot be taken (a read-only folder, another user's lock file) is reported once
    and the game is kept without it: it never stops a game from being played.
    """

    def __init__(
        self,
        path: Path | None = None,
        lock: int | None = None,
        report: Callable[[str], None] | None = None,
    ) -> None:
        self.path = path
        self._lock = lock
        self._report = report or _report_to_stderr
        self._lock_reported = False

    @classmethod
    def claim(cls, path: Path, report: Callable[[str], None] | None = None) -> GameFile | None:
        """Keep playing the game in `path`; None if another window keeps it."""
        file = cls(path, report=report)
        try:
            file._lock = _try_lock(_lock_path(path))
        except OSError as error:
            file._cannot_lock(path, error)
            return file
        return None if file._lock is None else file

    def write(self, record: GameRecord, tags: Mapping[str, str]) -> Path:
        """Write the game (a new file named for its players on the first write, appearing
        whole or not at all); OSError if it cannot be written, with nothing left behind."""
        text = _game_text(record, tags)
        if self.path is not None:
            atomic.write_text(self.path, text)
            return self.path
        for path in _new_game_paths(tags, None):
            try:
                lock = _try_lock(_lock_path(path))
            except OSError as error:
                self._cannot_lock(path, error)
                lock = -1  # kept without a lock: nothing to let go on a failure
            if lock is None:
                continue  # another window keeps a game under this name
            try:
                atomic.create_text(path, text)
            except BaseException as error:
                if lock >= 0:
                    _unlock(_lock_path(path), lock)
                if isinstance(error, FileExistsError):
                    continue
                raise
            self.path, self._lock = path, (lock if lock >= 0 else None)
            return path
        raise FileExistsError(f"too many saved games named like {path.name} in {path.parent}")

    def _cannot_lock(self, path: Path, error: OSError) -> None:
        """Say once that the game is kept without a lock (another window could open it)."""
        if not self._lock_reported:
            self._lock_reported = True
            reason = error.strerror or str(error)
            self._report(f"cannot lock {path.name} ({reason}); playing on without the lock")

    def remove(self) -> None:
        """Delete the file (the game has no move left worth keeping) and let it go."""
        if self.path is not None:
            with suppress(OSError):
                self.path.unlink()
        self.release()
        self.path = None

    def release(self) -> None:
        """Stop keeping this game: the file stays, other windows may open it."""
        if self._lock is not None and self.path is not None:
            _unlock(_lock_path(self.path), self._lock)
        self._lock = None


def unfinished_games() -> list[SavedGame]:
    """The unfinished games in the games folder no window keeps, newest first."""
    return [
        entry
        for entry in list_saved_games()
        if entry.is_unfinished and not is_open_elsewhere(entry.path)
    ]


def adopt_old_autosave() -> Path | None:
    """Move an unfinished game from the single autosave of earlier versions into the games
    folder, where every kept game now lives; returns its new file."""
    resumed = load_autosave()
    if resumed is None:
        return None
    path = None
    if resumed.record.ply and resumed.record.outcome is None:
        path = save_game(resumed.record, resumed.tags)
    clear_autosave()
    return path


def _name_part(name: str | None) -> str:
    """A player's name made safe for a file name on every platform."""
    cleaned = " ".join(_UNSAFE.sub(" ", name or "").split())[:_NAME_LIMIT].strip(" .")
    return cleaned or "Unknown"


def load_game(path: str | Path, number: int = 1, archive: PdnArchive | None = None) -> ResumedGame:
    """Game `number` (from 1) of a PDN file (of `archive`, the file already indexed, if given),
    replayed: the one way the command line and the window open a game. GameUnreadable says in
    one line why not (the file, the game in a file of many, the line and the problem)."""
    game = pick_game(archive if archive is not None else open_games(path), number)
    return ResumedGame(record_from_game(game), game_tags(game), game.result, Path(path))


def list_saved_games() -> list[SavedGame]:
    """Every saved game, newest first; unreadable files are listed with their problem. Files
    are read only when they are new or changed since the games folder's index was written."""
    directory = games_dir()
    if not directory.is_dir():
        return []
    found = []
    for path in directory.glob("*.pdn"):
        if path.name.startswith("."):  # a temporary file of a write in progress
            continue
        try:
            found.append((path, path.stat()))
        except OSError:
            continue  # deleted while we looked
    saved = [
        SavedGame(path, datetime.fromtimestamp(info.st_mtime), summary)
        for path, info, summary in games_index.summaries(found, data_dir() / games_index.INDEX_NAME)
    ]
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
    except (ValueError, OSError, RecursionError) as error:  # PdnError is a ValueError
        # Anything wrong with the file (bad text, encoding, moves, numbers) only loses it.
        try:
            aside = _move_aside(path)
            kept = f"moved it to {aside}"
        except OSError:
            kept = "left it in place"
        report(f"ignored the autosave, which cannot be read ({one_line(str(error))}); {kept}")
        return None


def _move_aside(path: Path) -> Path:
    """Rename a damaged autosave to a name no earlier damaged copy has; returns the new name."""
    return atomic.move_aside(path, _DAMAGED_KEPT)


def clear_autosave() -> None:
    """Forget the game in progress (e.g. when it ends or a new one starts)."""
    with suppress(FileNotFoundError):
        autosave_path().unlink()
