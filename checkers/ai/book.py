"""The opening book: the engine's own deep searches of the first plies, read back in no time.

Pure Python. The book is built by `build_book` (the `checkers book build` command) from searches
of every position on the ACF ballot lines and of the positions the book's own moves reach, a few
plies past the ballots. Each position keeps the moves worth playing there: the best, the others
within `MARGIN` of it (at most `MAX_CHOICES`), and the ballot moves that lead on to other book
positions, each with its score (engine units, hundredths of a man, from the side to move) and the
depth it was searched to.

The file, `checkers/data/opening-book.txt`, is read and written by `checkers.formats.opening_book`
(one position a line: key, depth, moves with scores; a CRC-32 over it). The key is a stable
64-bit number (`position_key`): the first 8 bytes, big-endian, of the BLAKE2b hash of 13 bytes:
the black, white and king squares as 32-bit little-endian masks with bit s-1 for square s, then 0
for Black to move or 1 for White. A stored move that is not legal in the position asked about
(two positions sharing a key) makes it count as not in the book, so the book can only ever offer
legal moves.
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache, partial
from importlib import resources
from pathlib import Path
from typing import TextIO

from checkers import atomic
from checkers._bitboard import squares_of
from checkers.ai.analysis import Analyser
from checkers.ai.engine import MAN
from checkers.ai.search import Limits, SearchRequest, score_text
from checkers.board import BLACK, Move, Position
from checkers.formats import opening_book
from checkers.formats.opening_book import VERSION, BookEntry, BookError, BookMove
from checkers.textfile import read_bytes
from checkers.workers import process_pool

__all__ = [
    "BOOK_FILE",
    "MARGIN",
    "MAX_CHOICES",
    "Book",
    "BuildSettings",
    "book_hit",
    "build_book",
    "format_book_moves",
    "is_book_move",
    "load_book",
    "packaged_book",
    "position_key",
]

BOOK_FILE = "opening-book.txt"
WORK_FORMAT = "checkers-book-work"
MARGIN = 5
"""Moves within this many engine units (0.05 men) of the best are of equal value: the book
plays any of them and builds on each."""
MAX_CHOICES = 3
"""At most this many equal moves kept per position: more would grow the book, not its play."""


def position_key(position: Position) -> int:
    """The position's stable 64-bit book key (the same in every process and on every machine)."""
    masks = []
    for bits in (position.black, position.white, position.kings):
        mask = 0
        for square in squares_of(bits):
            mask |= 1 << (square - 1)
        masks.append(mask.to_bytes(4, "little"))
    data = b"".join(masks) + (b"\x00" if position.turn is BLACK else b"\x01")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def _equal_moves(moves: Sequence[BookMove], margin: int) -> list[BookMove]:
    """The moves within `margin` of the best (the best first)."""
    best = max(move.score for move in moves)
    return [move for move in moves if move.score >= best - margin]


class Book:
    """An opening book in memory: entries by position key."""

    def __init__(self, entries: dict[int, BookEntry], depth: int = 0, plies: int = 0) -> None:
        self.entries = entries
        self.depth = depth
        self.plies = plies

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, position: object) -> bool:
        return isinstance(position, Position) and self.moves(position) is not None

    def moves(self, position: Position) -> list[tuple[Move, int]] | None:
        """The book's moves for `position` with their scores, best first; None if it is not in
        the book (or a stored move is not legal there: another position with the same key)."""
        entry = self.entries.get(position_key(position))
        if entry is None:
            return None
        found = []
        for book_move in entry.moves:
            try:  # the one reading of a move's text in a position, as everywhere
                move = Move.from_pdn(book_move.text, position)
            except ValueError:  # not legal here (or not a move): another position's entry
                return None
            found.append((move, book_move.score))
        return found

    def choices(self, position: Position, margin: int = MARGIN) -> list[tuple[Move, int]]:
        """The book moves of equal value (within `margin` of the best), best first; [] if none."""
        moves = self.moves(position)
        if not moves:
            return []
        best = moves[0][1]
        return [(move, score) for move, score in moves if score >= best - margin]

    def choose(self, position: Position, seed: int = 0) -> tuple[Move, int, int] | None:
        """A book move for `position` (move, score, depth) among the equal ones, the same for
        the same seed; None if the position is not in the book."""
        choices = self.choices(position)
        if not choices:
            return None
        rng = random.Random(f"book:{seed}:{position_key(position)}")
        move, score = rng.choice(choices)
        return move, score, self.entries[position_key(position)].depth

    def is_book_move(self, position: Position, move: Move) -> bool:
        """Whether `move` is one of the book's moves for `position`."""
        moves = self.moves(position)
        return moves is not None and any(book_move == move for book_move, _ in moves)

    def dumps(self) -> str:
        """The book as its file's text (`checkers.formats.opening_book`)."""
        return opening_book.dumps(self.entries, self.depth, self.plies)

    @classmethod
    def loads(cls, text: str, name: str = "opening book") -> Book:
        """The book in `text`; BookError (one line, naming `name`) if it is damaged."""
        return cls(*opening_book.loads(text, name))


def load_book(path: str | os.PathLike[str] | None = None) -> Book:
    """The book at `path` (default: the package's), read once and cached; BookError if damaged,
    OSError if it cannot be read."""
    if path is None:
        return _packaged()
    return _load(str(Path(path).resolve()))


@lru_cache(maxsize=4)
def _load(path: str) -> Book:
    # Bounded and never blocking: a FIFO, a device (/dev/zero) or a folder is refused at once.
    data = read_bytes(path, _MAX_BOOK_BYTES, "book file")
    return Book.loads(data.decode("utf-8", "surrogateescape"), path)


_MAX_BOOK_BYTES = 256 * 1024 * 1024  # the shipped book is 35 KB; each ply past it about doubles


@lru_cache(maxsize=1)
def _packaged() -> Book:
    resource = resources.files("checkers").joinpath("data", BOOK_FILE)
    if isinstance(resource, Path):
        data = read_bytes(resource, _MAX_BOOK_BYTES, "book file")
    else:  # inside a zip: no special file can be there
        data = resource.read_bytes()
    return Book.loads(data.decode("utf-8", "surrogateescape"), f"the packaged {BOOK_FILE}")


def packaged_book(report: Callable[[str], None] | None = None) -> Book | None:
    """The package's book, or None if it is missing or damaged (play then goes on searching);
    a damaged book is reported once, on stderr unless `report` is given."""
    try:
        return _packaged()
    except (OSError, BookError) as error:
        if not _book_problem_reported:
            _book_problem_reported.append(True)
            (report or _warn)(f"the opening book is not used: {_reason(error)}")
        return None


_book_problem_reported: list[bool] = []  # said once per process: play goes on without it


def _reason(error: Exception) -> str:
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename or BOOK_FILE}: {error.strerror}"
    return str(error)


def _warn(message: str) -> None:
    print(f"checkers: {message}", file=sys.stderr)


def book_hit(position: Position, seed: int = 0) -> tuple[Move, int, int] | None:
    """The packaged book's move for `position` (move, score, depth), seeded; None if none."""
    book = packaged_book()
    return book.choose(position, seed) if book is not None else None


def is_book_move(position: Position, move: Move) -> bool:
    """Whether the packaged book holds `move` for `position` (for the game review)."""
    book = packaged_book()
    return book is not None and book.is_book_move(position, move)


def format_score_in_men(score: int) -> str:
    """A book score for people: `+0.12` men, or `wins in 5 moves`."""
    return score_text(score, MAN)


def format_book_moves(moves: Iterable[tuple[Move, int]]) -> str:
    """`11-15 (+0.12), 9-14 (+0.08)`: book moves with their scores in men."""
    return ", ".join(f"{move.pdn()} ({format_score_in_men(score)})" for move, score in moves)


# --- building -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildSettings:
    """How a book is built: each position searched to `depth` plies (or for `seconds`, split
    among its moves), the book reaching `plies` plies past the ballot positions."""

    depth: int | None = 13
    seconds: float | None = None
    plies: int = 4

    def __post_init__(self) -> None:
        if (self.depth is None) == (self.seconds is None):
            raise ValueError("a book is built to a depth or for a time, not both or neither")
        if self.depth is not None and self.depth < 2:
            raise ValueError("a book needs a search depth of 2 or more")
        if self.plies < 0:
            raise ValueError("the plies past the ballots cannot be negative")

    def search_key(self) -> str:
        """What the work file's searches depend on (not the plies: a longer book reuses them)."""
        return f"depth={self.depth}" if self.depth is not None else f"time={self.seconds:g}"


Searched = tuple[int, tuple[BookMove, ...]]
"""A searched position: the depth, and every legal move with its score, in move order."""


def search_position(fen: str, depth: int | None, seconds: float | None) -> tuple[str, Searched]:
    """Every legal move of the position with its score, each found by searching the position
    after it (one engine, in move order, so a fixed depth always gives the same scores)."""
    position = Position.from_fen(fen)
    engine = Analyser()  # the compiled core where numba is: the same scores, faster
    legal = position.legal_moves()
    moves = []
    reached = depth if depth is not None else 10**6
    for move in legal:
        child = position.move(move)
        if depth is not None:
            limits = Limits(depth=depth - 1)
        else:
            assert seconds is not None
            limits = Limits(time=seconds / len(legal))
        result = engine.search(SearchRequest(child, (position, child)), limits)
        reached = min(reached, result.depth + 1)
        moves.append(BookMove(move.pdn(), -int(result.score)))
    return fen, (reached if legal else 0, tuple(moves))


def _book_moves(searched: Searched, extra: Iterable[str] = ()) -> tuple[BookMove, ...]:
    """The moves a book position keeps: the equal best (at most MAX_CHOICES) and `extra`
    (ballot moves), best first, ties in move order."""
    ranked = sorted(searched[1], key=lambda move: -move.score)  # stable: move order among ties
    kept = _equal_moves(ranked, MARGIN)[:MAX_CHOICES] if ranked else []
    extra = set(extra)
    return tuple(move for move in ranked if move in kept or move.text in extra)


class _WorkFile:
    """The finished searches of a build, one per line, appended as they finish (resumable).

    A log, so a stream (`atomic.open_stream`), not a whole-file write: a search is kept the
    moment it finishes, and a kill cuts at most the last line, which the next run drops and
    redoes. Its header is written whole, so no run finds it empty."""

    def __init__(self, path: Path, settings: BuildSettings) -> None:
        self.path = path
        self.done: dict[str, Searched] = {}
        header = f"{WORK_FORMAT} {VERSION} {settings.search_key()}\n"
        data = path.read_bytes() if path.exists() else b""
        complete = data[: data.rfind(b"\n") + 1]  # a line cut by an interruption is redone
        if complete:
            lines = complete.decode("utf-8", "replace").splitlines(keepends=True)
            if lines[0] != header:
                found = lines[0].strip()
                raise BookError(
                    f"work file {path} holds other searches ({found[:60]}), not "
                    f"{settings.search_key()}: remove it or build with its settings"
                )
            for number, line in enumerate(lines[1:], start=2):
                try:
                    fen, depth, moves = line.rstrip("\n").split("\t")
                    self.done[fen] = (int(depth), _read_moves(moves))
                except ValueError:
                    raise BookError(f"work file {path}, line {number}: damaged") from None
            if len(complete) != len(data):
                with open(path, "r+b") as file:
                    file.truncate(len(complete))
        else:  # new, or left empty by a kill before an older version wrote its header
            atomic.write_text(path, header, "work file")
        self._file = atomic.open_stream(path, "work file")

    def add(self, fen: str, searched: Searched) -> None:
        self.done[fen] = searched
        moves = " ".join(f"{move.text}:{move.score:+d}" for move in searched[1])
        self._file.write(f"{fen}\t{searched[0]}\t{moves}\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def _read_moves(text: str) -> tuple[BookMove, ...]:
    moves = []
    for word in text.split():
        move, colon, score = word.rpartition(":")
        if not colon:
            raise ValueError(word)
        moves.append(BookMove(move, int(score)))
    return tuple(moves)


@dataclass(frozen=True)
class BuildReport:
    """What a build did: positions in the book, searched in this run, and whether it finished."""

    positions: int
    searched: int
    finished: bool
    seconds: float


def _ballot_moves(ballots: Iterable[Sequence[str]]) -> dict[str, set[str]]:
    """For each position on a ballot line (by FEN), the ballot moves played from it."""
    onward: dict[str, set[str]] = {}
    for line in ballots:
        position = Position()
        for text in line:
            move = Move.from_pdn(text, position)
            onward.setdefault(position.fen(), set()).add(move.pdn())
            position = position.move(move)
        onward.setdefault(position.fen(), set())
    return onward


def build_book(
    settings: BuildSettings,
    ballots: Sequence[Sequence[str]],
    out: str | os.PathLike[str],
    work: str | os.PathLike[str] | None = None,
    jobs: int = 1,
    progress: TextIO | None = sys.stderr,
    stop_after: int | None = None,
) -> BuildReport:
    """Build the book of the ballot lines and `settings.plies` plies past them into `out`.

    The positions are taken ply by ply from the start: each is searched (or found already done
    in the work file, `out` + `.work` by default) and the next ply holds the positions its book
    moves and ballot moves lead to. Every finished search is appended to the work file, so an
    interrupted build (Ctrl-C, or `stop_after` searches in this run) goes on where it stopped;
    the book is written only once complete. At a fixed depth the book does not depend on
    `jobs` or on interruptions.
    """
    began = time.perf_counter()
    out_path = Path(out)
    work_path = Path(work) if work is not None else out_path.with_name(out_path.name + ".work")
    # Before any search or work file: a device, FIFO or folder is refused, never replaced.
    atomic.check_target(out_path, "book file")
    atomic.check_target(work_path, "work file")
    onward = _ballot_moves(ballots)
    last_ballot_ply = max((len(line) for line in ballots), default=0)
    limit = last_ballot_ply + settings.plies
    record = _WorkFile(work_path, settings)
    entries: dict[int, BookEntry] = {}
    searched_now = 0
    pool = process_pool(jobs) if jobs > 1 else None
    try:
        level = [Position().fen()]
        seen = set(level)
        for ply in range(limit + 1):
            todo = [fen for fen in level if fen not in record.done]
            if todo:
                searched_now += _search_all(
                    todo,
                    settings,
                    record,
                    pool,
                    jobs,
                    partial(_report, progress, f"ply {ply}/{limit}", len(todo), began),
                    None if stop_after is None else stop_after - searched_now,
                )
                if any(fen not in record.done for fen in todo):
                    return BuildReport(len(record.done), searched_now, False, _since(began))
            following = []
            for fen in level:
                position = Position.from_fen(fen)
                kept = _book_moves(record.done[fen], onward.get(fen, ()))
                if kept:
                    depth = record.done[fen][0]
                    entries[position_key(position)] = BookEntry(depth, kept)
                if ply == limit:
                    continue
                for book_move in kept:
                    child = position.move(Move.from_pdn(book_move.text, position)).fen()
                    if child not in seen:
                        seen.add(child)
                        following.append(child)
            level = sorted(following)
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        record.close()
    depth = settings.depth if settings.depth is not None else 0
    book = Book(entries, depth, settings.plies)
    atomic.write_bytes(out_path, book.dumps().encode("ascii"), "book file")
    if progress is not None:
        print(
            f"book: {len(entries)} positions to ply {limit} written to {out_path} "
            f"({_since(began):.0f} s, {searched_now} searched in this run)",
            file=progress,
        )
    return BuildReport(len(entries), searched_now, True, _since(began))


def _since(began: float) -> float:
    return time.perf_counter() - began


def _report(progress: TextIO | None, where: str, todo: int, began: float, done: int) -> None:
    if progress is not None:
        print(
            f"{where}: {done}/{todo} positions searched, {_since(began):.0f} s",
            file=progress,
            flush=True,
        )


def _search_all(
    todo: Sequence[str],
    settings: BuildSettings,
    record: _WorkFile,
    pool: ProcessPoolExecutor | None,
    jobs: int,
    on_done: Callable[[int], None],
    budget: int | None,
) -> int:
    """Search `todo` (in the pool if any), recording each; stops after `budget` searches."""
    done = 0
    if pool is None:
        for fen in todo:
            if budget is not None and done >= budget:
                break
            record.add(*search_position(fen, settings.depth, settings.seconds))
            done += 1
            on_done(done)
        return done
    waiting = iter(todo)
    running: set[Future[tuple[str, Searched]]] = set()
    started = 0
    while True:
        # A few searches queued per process keeps them busy without filling the queue.
        while len(running) < 2 * jobs and (budget is None or started < budget):
            next_fen = next(waiting, None)
            if next_fen is None:
                break
            running.add(pool.submit(search_position, next_fen, settings.depth, settings.seconds))
            started += 1
        if not running:
            return done
        finished, running = wait(running, return_when=FIRST_COMPLETED)
        for future in finished:
            record.add(*future.result())
            done += 1
            on_done(done)
