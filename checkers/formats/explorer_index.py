"""The opening explorer: which moves the games of an archive played in a position, how often,
and how those games ended, following transpositions.

Pure Python: the standard library (sqlite3), the PDN reader and the atomic writer. An archive
(a PDN file, or a folder of them such as the user's games folder) is indexed once: every game is
read with the tolerant reader (`checkers.formats.pdn`), replayed, and each (position, move) it played is
counted once per game with the game's result from the mover's side. A position is its pieces
and the side to move, so the same position reached by other move orders counts together.

The index is an SQLite file in the index folder (the data directory's `explorer/`), one per
archive, written whole by `checkers.atomic` (never half a file). It records what it was built
from: the archive's size, modification time and a hash of its first 64 KB (a folder: each
file's name, size and time), and is rebuilt when they differ. A damaged (SQLite's quick check
on every open), foreign or unreadable index is moved aside (`NAME.damaged.sqlite`) and rebuilt,
never trusted; so is a symbolic link in an index's place, which is never written through.
Games that cannot be read are skipped and counted. The archive list is read bounded and never
waits on a FIFO.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkers import atomic
from checkers.board import BLACK, SQUARES, Move, Piece, Position
from checkers.formats.pdn import PdnArchive, PdnError, PdnGame, open_archive
from checkers.textfile import read_text

__all__ = [
    "ENDED",
    "INDEX_FOLDER",
    "Archive",
    "ExplorerError",
    "ExplorerIndex",
    "IndexInfo",
    "MoveStats",
    "build_index",
    "ended",
    "explore",
    "index_path",
    "is_fresh",
    "load_archive_list",
    "move_of",
    "open_built",
    "open_index",
    "save_archive_list",
]

INDEX_FOLDER = "explorer"
"""The indexes' folder in the data directory."""

ENDED = ""
"""The move of an index's row that counts the games stopped in its position (no move is
empty)."""

_FORMAT = "checkers-explorer 2"
_ARCHIVE_LIST = "archives.json"  # the archives the player added, in the index folder
_LIST_LIMIT = 1024 * 1024  # bytes: thousands of paths; a bigger list is not ours
_HEAD_BYTES = 64 * 1024  # hashed to tell a changed file whose size and time were kept
_SUFFIX = ".sqlite"
_DAMAGED_KEPT = 3  # damaged indexes kept aside per archive: each can be as big as the archive
_FIELD = 40  # bits per bitboard in a key: the internal layout uses 35

Bitboards = tuple[int, int, int]
"""(black, white, kings) as a Position holds them."""

Progress = Callable[[int, int], None]
"""Called with (done, total) while an index is built: games of a file, files of a folder."""


_BIT = [0] + [Position.from_pieces({square: Piece(BLACK)}).black for square in SQUARES]
"""Each square's bit in the positions' bitboards (`_BIT[square]`), asked of the rules core."""
# Keys are stored in that layout: an index built by a version with another is rebuilt.
_LAYOUT = hashlib.sha256(repr(_BIT).encode()).hexdigest()[:16]
_BLACK_CROWN = sum(_BIT[29:33])  # Black men are crowned on 29-32
_WHITE_CROWN = sum(_BIT[1:5])  # White men on 1-4


class ExplorerError(Exception):
    """An archive that cannot be explored (missing, not a file, unreadable): one line."""


@dataclass(frozen=True)
class MoveStats:
    """A move played in a position: in how many games, and how they ended for its player.

    `win`, `draw` and `loss` count games from the side to move's view; the rest of `games` were
    unfinished (`*`). Shares are of the finished games, so they add up to 1 when there are any.
    """

    move: str
    games: int
    win: int
    draw: int
    loss: int

    @property
    def finished(self) -> int:
        """Games with a result."""
        return self.win + self.draw + self.loss

    def shares(self) -> tuple[float, float, float]:
        """(win, draw, loss) as shares of the finished games; zeros when none finished."""
        finished = self.finished
        if not finished:
            return 0.0, 0.0, 0.0
        return self.win / finished, self.draw / finished, self.loss / finished

    def as_json(self) -> dict[str, Any]:
        """The move as `checkers explore --format json` writes it (shares rounded to 3 places)."""
        win, draw, loss = self.shares()
        return {
            "move": self.move,
            "games": self.games,
            "win": round(win, 3),
            "draw": round(draw, 3),
            "loss": round(loss, 3),
        }

    def ended_words(self) -> str:
        """How the games counted here as stopped in their position ended, from the side to
        move's view: `1 game ended here: won by the side to move`, `3 games ended here: 1 won,
        2 drawn by the side to move`, `... (1 unfinished)`, `1 game stopped here, unfinished`."""
        counts = [(self.win, "won"), (self.draw, "drawn"), (self.loss, "lost")]
        results = ", ".join(f"{count:,} {word}" for count, word in counts if count)
        if self.finished == self.games == 1:
            results = next(word for count, word in counts if count)
        games = "1 game" if self.games == 1 else f"{self.games:,} games"
        # A game that did not end, the one under way among them, stopped here (walk
        # 2026-11-30q: "1 game ended here, unfinished" of the game being played).
        said = f"{games} {'ended' if self.finished else 'stopped'} here"
        if results:
            said += f": {results} by the side to move"
        unfinished = self.games - self.finished
        if unfinished:
            said += f" ({unfinished:,} unfinished)" if results else ", unfinished"
        return said

    def __add__(self, other: MoveStats) -> MoveStats:
        return MoveStats(
            self.move,
            self.games + other.games,
            self.win + other.win,
            self.draw + other.draw,
            self.loss + other.loss,
        )


@dataclass(frozen=True)
class Archive:
    """Where games come from: a PDN file, or (`folder`) every .pdn file in a folder."""

    path: Path
    folder: bool = False
    title: str = ""
    """What to call it instead of its file's name (`your games`)."""
    leave_out: tuple[str, ...] = ()
    """A folder's files whose games do not count: the game being played, kept in the games
    folder as it goes (walk 2026-11-30t: the explorer counted it, "unfinished", among "your
    saved games")."""

    @property
    def name(self) -> str:
        """The archive's name for people: its title, else the file's or the folder's name."""
        return self.title or self.path.name or str(self.path)


@dataclass(frozen=True)
class IndexInfo:
    """What an index holds: games counted, games skipped, and why the first skipped one was."""

    games: int
    skipped: int
    first_problem: str = ""

    def summary(self, name: str) -> str:
        """`x.pdn: 22,621 games`, and how many were skipped if any (one line)."""
        text = f"{name}: {self.games:,} game{'' if self.games == 1 else 's'}"
        if self.skipped:
            text += f", {self.skipped:,} skipped as unreadable"
            if self.first_problem:
                text += f" (first: {self.first_problem})"
        return text


def _number(board: Bitboards, black_to_move: bool) -> int:
    """Bitboards and the side to move as one number (the key, before it is stored)."""
    black, white, kings = board
    return black | white << _FIELD | kings << 2 * _FIELD | (not black_to_move) << 3 * _FIELD


def _key(position: Position) -> bytes:
    """The position's key in an index: its bitboards and the side to move, exactly."""
    board = (position.black, position.white, position.kings)
    return _number(board, position.turn is BLACK).to_bytes(16, "little")


def index_path(archive: Archive, folder: Path) -> Path:
    """The index file of `archive` in the index `folder` (named by the archive's full path)."""
    where = os.path.abspath(archive.path)
    digest = hashlib.sha256(f"{archive.folder}:{where}".encode("utf-8", "surrogateescape"))
    return folder / f"{digest.hexdigest()[:24]}{_SUFFIX}"


# --- what the archive is now --------------------------------------------------------------------


def _folder_files(folder: Path, leave_out: tuple[str, ...] = ()) -> list[Path]:
    """The .pdn files of a folder, by name (dot files, a write's temporaries and the names in
    `leave_out` left out)."""
    try:
        names = sorted(
            entry.name
            for entry in os.scandir(folder)
            if entry.name.lower().endswith(".pdn")
            and not entry.name.startswith(".")
            and entry.name not in leave_out
        )
    except OSError:
        return []
    return [folder / name for name in names]


def _stamp(archive: Archive) -> str:
    """What tells this version of the archive from another: ExplorerError if it is not there."""
    path = archive.path
    if archive.folder:
        if not path.is_dir():
            return "no folder"  # an empty games folder is an archive of no games
        parts = []
        for file in _folder_files(path, archive.leave_out):
            with contextlib.suppress(OSError):  # deleted while we looked: not part of it
                info = file.stat()
                parts.append(f"{file.name}\0{info.st_size}\0{info.st_mtime_ns}")
        return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogateescape")).hexdigest()
    try:
        info = path.stat()
        if not path.is_file():
            raise ExplorerError(f"{archive.name} is not a file")
        with path.open("rb") as handle:
            head = handle.read(_HEAD_BYTES)
    except OSError as error:
        raise ExplorerError(f"{archive.name}: {error.strerror or error}") from None
    digest = hashlib.sha256(head).hexdigest()
    return f"{info.st_size}:{info.st_mtime_ns}:{digest}"


# --- building -----------------------------------------------------------------------------------


def _effect(move: Move) -> tuple[int, int, int]:
    """A move's squares as bits: (where it starts, where it ends, what it captures)."""
    captured = 0
    for square in move.captures:
        captured |= _BIT[square]
    return _BIT[move.start], _BIT[move.end], captured


def _after(board: Bitboards, black_to_move: bool, effect: tuple[int, int, int]) -> Bitboards:
    """The bitboards after a legal move (the reader checked it): the piece moved, crowned on
    the far row, the captured pieces gone."""
    black, white, kings = board
    start, end, captured = effect
    if start & kings:
        kings = kings & ~start | end
    elif end & (_BLACK_CROWN if black_to_move else _WHITE_CROWN):
        kings |= end
    kings &= ~captured
    if black_to_move:
        return black & ~start | end, white & ~captured, kings
    return black & ~captured, white & ~start | end, kings


class _Counts:
    """(position, move) -> [games, win, draw, loss], counted once per game."""

    def __init__(self) -> None:
        self.table: dict[tuple[int, str], list[int]] = {}
        # Per distinct move: its text and its effect. Replaying and counting with them takes
        # half the time of replaying alone with Position.move, which generates every legal
        # move to find the one played (CPU seconds over 6,000 games of OCA 2.0: 0.65 to 1.2).
        self.moves: dict[tuple[int, ...], tuple[str, tuple[int, int, int]]] = {}
        self.games = 0

    def add(self, game: PdnGame) -> None:
        # Columns 1, 2, 3 = win, draw, loss for the mover; Black's view first, White's second.
        column = {"1-0": (1, 3), "0-1": (3, 1), "1/2-1/2": (2, 2)}.get(game.result)
        seen: set[tuple[int, str]] = set()
        start = game.start
        board = (start.black, start.white, start.kings)
        black_to_move = start.turn is BLACK
        table, moves = self.table, self.moves
        for move in game.moves:
            known = moves.get(move.path)
            if known is None:
                known = moves[move.path] = (move.pdn(), _effect(move))
            text, effect = known
            entry_key = (_number(board, black_to_move), text)
            if entry_key not in seen:  # a repeated position counts once per game
                seen.add(entry_key)
                row = table.get(entry_key)
                if row is None:
                    row = table[entry_key] = [0, 0, 0, 0]
                row[0] += 1
                if column is not None:
                    row[column[0] if black_to_move else column[1]] += 1
            board = _after(board, black_to_move, effect)
            black_to_move = not black_to_move
        # Where the game stopped (its last position, finished or not): a row of its own, so a
        # game's end is a place its games reached, not a position "no game reached".
        row = table.setdefault((_number(board, black_to_move), ENDED), [0, 0, 0, 0])
        row[0] += 1
        if column is not None:
            row[column[0] if black_to_move else column[1]] += 1
        self.games += 1


def _read_file(
    archive: PdnArchive, counts: _Counts, problems: list[str], progress: Progress | None
) -> int:
    """Count every readable game of one file; returns how many were skipped."""
    skipped = 0
    total = len(archive)
    step = max(1, total // 200)
    for number, item in enumerate(archive.games(), 1):
        if isinstance(item, PdnError):
            skipped += 1
            if not problems:
                problems.append(f"game {number:,}, line {item.line}: {item.problem}")
        else:
            counts.add(item)
        if progress is not None and (number % step == 0 or number == total):
            progress(number, total)
    return skipped


def _gather(archive: Archive, progress: Progress | None) -> tuple[_Counts, int, list[str]]:
    """Read the archive's games into counts: (counts, games skipped, the first problem)."""
    counts = _Counts()
    problems: list[str] = []
    if not archive.folder:
        try:
            pdn = open_archive(archive.path)
        except OSError as error:
            raise ExplorerError(f"{archive.name}: {error.strerror or error}") from None
        return counts, _read_file(pdn, counts, problems, progress), problems
    files = _folder_files(archive.path, archive.leave_out)
    skipped = 0
    for number, file in enumerate(files, 1):
        try:
            pdn = open_archive(file)
        except OSError as error:  # a file that is not text, too big, gone: its games are lost
            skipped += 1
            if not problems:
                problems.append(f"{file.name}: {error.strerror or error}")
        else:
            before = len(problems)
            skipped += _read_file(pdn, counts, problems, None)
            if len(problems) > before:
                problems[-1] = f"{file.name}, {problems[-1]}"
        if progress is not None:
            progress(number, len(files))
    return counts, skipped, problems


def _rows(counts: _Counts) -> Iterator[tuple[bytes, str, int, int, int, int]]:
    for (number, move), (games, win, draw, loss) in counts.table.items():
        yield number.to_bytes(16, "little"), move, games, win, draw, loss


def _database_bytes(connection: sqlite3.Connection) -> bytes:
    """The whole database as the bytes of its file."""
    serialize = getattr(connection, "serialize", None)
    if serialize is not None:  # Python 3.11 and later
        return bytes(serialize())
    with tempfile.TemporaryDirectory() as folder:  # 3.10: copy it to a file and read that
        copy = sqlite3.connect(Path(folder) / "index.sqlite")
        try:
            connection.backup(copy)
        finally:
            copy.close()
        return (Path(folder) / "index.sqlite").read_bytes()


def build_index(archive: Archive, folder: Path, progress: Progress | None = None) -> IndexInfo:
    """Read the archive and write its index into `folder`, replacing any older one whole.

    Unreadable games are skipped and counted; ExplorerError (one line) if the archive itself
    cannot be read; OSError if the index cannot be written (a full disk: the old one stays).
    """
    return _build(archive, folder, progress, _stamp(archive))


def _build(archive: Archive, folder: Path, progress: Progress | None, stamp: str) -> IndexInfo:
    """`build_index`, recording `stamp` (taken before the archive was read) as its version."""
    counts, skipped, problems = _gather(archive, progress)
    first_problem = problems[0] if problems else ""
    connection = sqlite3.connect(":memory:")
    try:
        connection.executescript(
            "CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);"
            "CREATE TABLE moves (position BLOB NOT NULL, move TEXT NOT NULL,"
            " games INTEGER NOT NULL, win INTEGER NOT NULL, draw INTEGER NOT NULL,"
            " loss INTEGER NOT NULL, PRIMARY KEY (position, move)) WITHOUT ROWID;"
        )
        meta = {
            "format": _FORMAT,
            "layout": _LAYOUT,
            "stamp": stamp,
            "games": str(counts.games),
            "skipped": str(skipped),
            "problem": first_problem,
        }
        connection.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
        connection.executemany("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)", _rows(counts))
        connection.commit()
        data = _database_bytes(connection)
    finally:
        connection.close()
    path = index_path(archive, folder)
    if os.path.islink(path):
        _set_aside(path)
    # Never through a link: one put there since the look above is refused, not followed.
    atomic.write_bytes(path, data, "explorer index", follow_links=False)
    with contextlib.suppress(OSError):
        _checked.add(_version(os.stat(path)))  # written whole from memory just now
    return IndexInfo(counts.games, skipped, first_problem)


# --- reading ------------------------------------------------------------------------------------


class ExplorerIndex:
    """An archive's index, open for lookups (read-only)."""

    def __init__(self, archive: Archive, connection: sqlite3.Connection, info: IndexInfo) -> None:
        self.archive = archive
        self.connection = connection
        self.info = info

    def moves(self, position: Position) -> list[MoveStats]:
        """The moves the archive's games played in `position`, most played first."""
        return _ordered(stats for stats in self._rows(position) if stats.move != ENDED)

    def ended(self, position: Position) -> MoveStats | None:
        """The archive's games that stopped in `position` (their last position: a result, or
        unfinished), with their results from the side to move's view; None if none did."""
        return next((stats for stats in self._rows(position) if stats.move == ENDED), None)

    def _rows(self, position: Position) -> list[MoveStats]:
        try:
            rows = self.connection.execute(
                "SELECT move, games, win, draw, loss FROM moves WHERE position = ?",
                (_key(position),),
            ).fetchall()
        except sqlite3.Error:
            return []  # damaged after it was opened: the next open rebuilds it
        return [MoveStats(*row) for row in rows]

    def close(self) -> None:
        """Let the file go."""
        self.connection.close()


def _ordered(stats: Iterable[MoveStats]) -> list[MoveStats]:
    return sorted(stats, key=lambda entry: (-entry.games, entry.move))


_checked: set[tuple[int, ...]] = set()
"""The index files (by `_version`) this process checked whole or wrote: each is checked once."""


def _version(info: os.stat_result) -> tuple[int, ...]:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def _open_existing(path: Path, stamp: str) -> tuple[sqlite3.Connection, IndexInfo] | None:
    """The index at `path` open, if it is whole, ours and built from this version of the
    archive; else None (missing or stale; a damaged or foreign one, or a link in its place, is
    moved aside first)."""
    try:
        found = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(found.st_mode):  # a link (never followed), a folder, a FIFO: not ours
        _set_aside(path)
        return None
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except (sqlite3.Error, ValueError):
        _set_aside(path)
        return None
    try:
        # Every page's structure (a zeroed page among them): 15 ms a megabyte, so once a file.
        version = _version(found)
        if version not in _checked:
            if connection.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                raise sqlite3.DatabaseError("damaged")
            _checked.add(version)
        meta = dict(connection.execute("SELECT name, value FROM meta").fetchall())
        connection.execute("SELECT move, games, win, draw, loss FROM moves LIMIT 1").fetchall()
        info = IndexInfo(int(meta["games"]), int(meta["skipped"]), str(meta.get("problem", "")))
    except (sqlite3.Error, ValueError, KeyError, TypeError):
        connection.close()
        _set_aside(path)
        return None
    if (meta.get("format"), meta.get("layout"), meta.get("stamp")) != (_FORMAT, _LAYOUT, stamp):
        connection.close()
        return None  # whole but stale: rebuilt over
    return connection, info


def _set_aside(path: Path) -> None:
    """Move what is in an index's place aside (few damaged copies are kept: when every name is
    taken, the first copy, a damaged index of ours, is replaced)."""
    try:
        atomic.move_aside(path, _DAMAGED_KEPT)
    except FileExistsError:
        first = path.with_name(f"{path.stem}.damaged{path.suffix}")
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(first).st_mode):  # never over a link someone put there
                os.replace(path, first)
    except OSError:
        pass  # the write that follows says why, in one line


def is_fresh(archive: Archive, folder: Path) -> bool:
    """Whether the archive's index is whole and built from the archive as it is now
    (ExplorerError if the archive cannot be read)."""
    opened = _open_existing(index_path(archive, folder), _stamp(archive))
    if opened is None:
        return False
    opened[0].close()
    return True


def open_built(archive: Archive, folder: Path) -> ExplorerIndex | None:
    """The archive's index if it is whole and fresh; None if it needs building first
    (ExplorerError if the archive cannot be read)."""
    opened = _open_existing(index_path(archive, folder), _stamp(archive))
    if opened is None:
        return None
    return ExplorerIndex(archive, *opened)


def open_index(
    archive: Archive, folder: Path, progress: Progress | None = None
) -> tuple[ExplorerIndex, bool]:
    """The archive's index, built first if it is missing, stale or damaged; and whether it was
    built now. ExplorerError if the archive cannot be read; OSError if an index is needed and
    cannot be written."""
    stamp = _stamp(archive)
    path = index_path(archive, folder)
    opened = _open_existing(path, stamp)
    built = False
    if opened is None:
        _build(archive, folder, progress, stamp)
        built = True
        # The version read: if the archive changed meanwhile, the next open rebuilds.
        opened = _open_existing(path, stamp)
        if opened is None:
            raise ExplorerError(f"{archive.name}: its index could not be read back")
    connection, info = opened
    return ExplorerIndex(archive, connection, info), built


def explore(indexes: Iterable[ExplorerIndex], position: Position) -> list[MoveStats]:
    """The moves played in `position` across every index, counted together, most played
    first; only legal moves (an index can hold nothing else, but two keys never mix)."""
    merged: dict[str, MoveStats] = {}
    for index in indexes:
        for stats in index.moves(position):
            earlier = merged.get(stats.move)
            merged[stats.move] = stats if earlier is None else earlier + stats
    legal = {move.pdn() for move in position.legal_moves()}
    return _ordered(stats for stats in merged.values() if stats.move in legal)


def ended(indexes: Iterable[ExplorerIndex], position: Position) -> MoveStats | None:
    """The games of every index that stopped in `position`, counted together (`move` is
    `ENDED`); None if none did."""
    found = [stats for index in indexes if (stats := index.ended(position)) is not None]
    return sum(found[1:], found[0]) if found else None


def move_of(stats: MoveStats, position: Position) -> Move:
    """The legal move `stats` names in `position` (ValueError if it is not one)."""
    return Move.from_pdn(stats.move, position)


# --- the archives the player added ------------------------------------------------------------


def load_archive_list(folder: Path) -> list[Archive]:
    """The archive files the player added (kept in the index `folder`); empty if none were or
    the list is damaged."""
    path = folder / _ARCHIVE_LIST
    try:
        # Bounded, and never a wait on a FIFO; deep nesting is a RecursionError, not a list.
        data = json.loads(read_text(path, _LIST_LIMIT, "explorer list"))
    except (OSError, ValueError, RecursionError):
        return []
    paths = data.get("archives") if isinstance(data, dict) else None
    if not isinstance(paths, list):
        return []
    return [Archive(Path(item)) for item in paths if isinstance(item, str) and item]


def save_archive_list(folder: Path, archives: Iterable[Archive]) -> None:
    """Remember the archive files the player added (OSError if the list cannot be written)."""
    paths = [os.path.abspath(archive.path) for archive in archives if not archive.folder]
    text = json.dumps({"archives": paths}, ensure_ascii=False, indent=1)
    atomic.write_text(folder / _ARCHIVE_LIST, text, "explorer list", follow_links=False)
