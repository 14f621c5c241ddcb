"""A game review in its own process: the window starts it, polls for each move's review as it
comes, and can cancel it.

The process may start before the player asks for a review (`ReviewClient.prepare`, when a game
ends or the game's menu opens): it imports the review and loads the engine's compiled core,
says so (`ready`), then waits for the game to review (`ReviewAsk`), so that pressing Review
finds the slow part of its start done (benchmarks/review.py --window). It reviews one game,
then ends.

Pure Python (no pygame). The process runs `checkers.review.review_moves` (with a pool of
search processes when there is more than one core), so no search runs on the window's thread
and the window's loop never waits: `poll()` only reads what has already arrived. Cancelling
sends a stop that the process's listener thread turns into the review's StopSignal; the review
then ends its pool and the process exits. If the window goes away, the closed pipe stops it too,
and a killed window's process ends within a second (`checkers.workers`). Every message over the
pipes is a typed value read by field: the process sends the `ReviewEvent`s that `poll()` hands
on, the window sends a `ReviewStop`.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import signal
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection

from checkers.ai import compiled
from checkers.ai.book import is_book_move
from checkers.ai.search import StopSignal
from checkers.board import Move, Position
from checkers.coach.judgement import Judgement
from checkers.puzzles import Puzzle, find_puzzles
from checkers.review import (
    CORE_COMPILE_WAIT,
    CORE_LOAD_WAIT,
    DEFAULT_SETTING,
    MoveReview,
    ReviewSetting,
    review_moves,
)
from checkers.workers import exit_with_parent

__all__ = [
    "ReviewAsk",
    "ReviewClient",
    "ReviewDone",
    "ReviewError",
    "ReviewEvent",
    "ReviewLooking",
    "ReviewMove",
    "ReviewPuzzles",
    "ReviewReady",
    "ReviewStop",
    "review_main",
]


@dataclass(frozen=True)
class ReviewMove:
    """One move reviewed (they come in game order)."""

    review: MoveReview


@dataclass(frozen=True)
class ReviewPuzzles:
    """The reviewed game's puzzles (after its last move's review, before `done`)."""

    puzzles: tuple[Puzzle, ...]


@dataclass(frozen=True)
class ReviewLooking:
    """How far the look for the game's puzzles is: `done` of the `total` moves that went
    wrong searched (after the last move's review)."""

    done: int
    total: int


@dataclass(frozen=True)
class ReviewDone:
    """Every move was reviewed."""


@dataclass(frozen=True)
class ReviewError:
    """The review failed; the message is for the player."""

    message: str


ReviewEvent = ReviewMove | ReviewLooking | ReviewPuzzles | ReviewDone | ReviewError
"""Everything the review process sends over its pipe, handed on by `ReviewClient.poll`."""


@dataclass(frozen=True)
class ReviewReady:
    """The process has loaded what every review needs (the compiled core, or found it cannot
    be had) and waits for its game. Kept by `ReviewClient`, never handed on by `poll()`."""


@dataclass(frozen=True)
class ReviewAsk:
    """The window's request: review `moves` from `start` (the process's first message), with
    the game's kept judgements of its positions, which the review adopts where they are at
    least as deep as its own search (`checkers.review.adopted`)."""

    start: Position
    moves: tuple[Move, ...]
    setting: ReviewSetting
    jobs: int
    known: Mapping[Position, Judgement] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class ReviewStop:
    """The window's message to the process: stop reviewing (or, before its game, end)."""


_LOOK_SECONDS = 0.1
"""While the core loads, how often the process looks for a message from the window."""


def _get_ready(requests: Connection) -> None:
    """Load the compiled core the review's searches wait for (`checkers.review`), or stop
    waiting when the window has sent something (the review then waits for the core itself)."""
    if not compiled.is_available():
        return  # the Python engine searches: nothing to load
    bound = CORE_LOAD_WAIT if compiled.is_cached() else CORE_COMPILE_WAIT
    waited = 0.0
    # Counted in looks: each lasts at least its length, so the bound always holds.
    while waited < bound and not compiled.wait_until_ready(_LOOK_SECONDS):
        if not compiled.is_available() or requests.poll():
            return
        waited += _LOOK_SECONDS


def review_main(requests: Connection, replies: Connection) -> None:
    """The review process: load the engine, say `ready`, wait for the game (`ReviewAsk`), then
    send each move's review as it comes, then the game's puzzles, then `done` (nothing more
    once stopped). A stop or the window gone before the game ends it."""
    exit_with_parent()  # its pool's workers then see this process gone and end too
    # Ctrl+C in the terminal reaches the whole process group; the window decides when to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        _get_ready(requests)
        replies.send(ReviewReady())
        ask = requests.recv()
    except (BrokenPipeError, EOFError, OSError):
        return  # the window is gone
    if not isinstance(ask, ReviewAsk):
        return  # stopped before its game came
    start, moves, setting, jobs, known = ask.start, ask.moves, ask.setting, ask.jobs, ask.known
    # Not lowered in priority as the AI's worker is (aiworker.WORKER_NICENESS): the player waits
    # for the labels, and the window draws at most ten frames a second meanwhile. At niceness
    # 10 on a busy machine the first label took 6 s instead of 0.7 s (benchmarks/review.py).
    stop = StopSignal()

    def listen() -> None:
        # A stop message, or the window's end of the pipe closing, ends the review.
        try:
            requests.recv()
        except (EOFError, OSError):
            pass
        stop.stop()

    threading.Thread(target=listen, name="review-listener", daemon=True).start()
    try:
        reviews = []
        for review in review_moves(
            start,
            moves,
            setting,
            jobs=jobs,
            processes=jobs > 1,
            stop=stop,
            is_book=is_book_move,
            known=known,
        ):
            replies.send(ReviewMove(review))
            reviews.append(review)
        # The puzzles come with the review: a search or two for each move that went wrong.
        puzzles: tuple[Puzzle, ...] = ()
        if not stop.is_set():

            def looking(done: int, total: int) -> None:
                replies.send(ReviewLooking(done, total))

            puzzles = tuple(find_puzzles(reviews, setting.limits, stop=stop, progress=looking))
        if not stop.is_set():
            replies.send(ReviewPuzzles(puzzles))
            replies.send(ReviewDone())
    except (BrokenPipeError, EOFError):
        pass  # the window is gone
    except Exception as error:  # noqa: BLE001 - reported to the player, not a traceback
        try:
            replies.send(ReviewError(str(error) or type(error).__name__))
        except OSError:
            pass


class ReviewClient:
    """The window's handle on one review process: prepare, start, poll, cancel, close."""

    def __init__(self) -> None:
        self._process: multiprocessing.process.BaseProcess | None = None
        self._requests: Connection | None = None
        self._replies: Connection | None = None
        self._asked = False
        self.ready = False
        """Whether the process said it has loaded the engine (`wait_ready`, `poll`)."""
        self.running = False
        """Whether reviews are still expected (started, not done, failed or cancelled)."""

    def prepare(self) -> None:
        """Start the process without a game: it loads the engine and waits for `start`, so
        that the review's first label comes sooner. Nothing happens if it is started already."""
        if self._process is not None:
            return
        # spawn, not fork: a forked child would inherit the window's SDL and X11 state. Not a
        # daemon: a daemonic process may not start the pool of search processes.
        context = multiprocessing.get_context("spawn")
        request_reader, request_writer = context.Pipe(duplex=False)
        reply_reader, reply_writer = context.Pipe(duplex=False)
        process = context.Process(
            target=review_main, args=(request_reader, reply_writer), name="checkers-review"
        )
        process.start()
        request_reader.close()
        reply_writer.close()
        self._process, self._requests, self._replies = process, request_writer, reply_reader
        self._asked = self.ready = False

    @property
    def prepared(self) -> bool:
        """Whether a process waits for its game (started by `prepare`, still alive)."""
        return self._process is not None and not self._asked and self._process.is_alive()

    def wait_ready(self, seconds: float) -> bool:
        """Wait up to `seconds` for a prepared process to say it has loaded the engine;
        whether it has. For a test or a benchmark: the window never waits."""
        if self._replies is None or self._asked:
            return self.ready
        try:
            if not self.ready and self._replies.poll(seconds):
                self.ready = isinstance(self._replies.recv(), ReviewReady)
        except (EOFError, OSError):
            pass
        return self.ready

    def start(
        self,
        start: Position,
        moves: Sequence[Move],
        setting: ReviewSetting = DEFAULT_SETTING,
        jobs: int = 1,
        known: Mapping[Position, Judgement] | None = None,
    ) -> None:
        """Start reviewing `moves` from `start` in the prepared process, or in a new one (a
        review under way is cancelled first); `known` are the game's kept judgements, which
        the review adopts where they are at least as deep as its search."""
        if not self.prepared:
            self.close()
            self.prepare()
        assert self._requests is not None
        try:
            self._requests.send(ReviewAsk(start, tuple(moves), setting, jobs, dict(known or {})))
        except OSError:
            pass  # the process is gone: poll() reports it
        self._asked = self.running = True

    @property
    def pid(self) -> int | None:
        """The review process's id (None when none is started)."""
        return self._process.pid if self._process is not None else None

    @property
    def alive(self) -> bool:
        """Whether the review process still runs."""
        return self._process is not None and self._process.is_alive()

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the process's next report (without taking it): True if one
        is there. For a caller with nothing else to do until the review says something."""
        if self._replies is None:
            return False
        try:
            return self._replies.poll(seconds)
        except (OSError, ValueError):
            return True  # the process is gone: poll() reports it

    def poll(self) -> list[ReviewEvent]:
        """What the process reported since the last poll, in order; never waits."""
        events: list[ReviewEvent] = []
        if self._replies is None:
            return events
        try:
            while self._replies.poll():
                event: ReviewEvent | ReviewReady = self._replies.recv()
                if isinstance(event, ReviewReady):
                    self.ready = True
                    continue
                if isinstance(event, ReviewDone | ReviewError):
                    self.running = False
                events.append(event)
        except (EOFError, OSError):
            if self.running:
                self.running = False
                code = self._process.exitcode if self._process is not None else None
                events.append(ReviewError(f"the review process stopped (exit code {code})"))
        return events

    def cancel(self) -> None:
        """Stop the review; what was reviewed stays with the caller, nothing more comes."""
        self.running = False
        if self._requests is not None:
            try:
                self._requests.send(ReviewStop())
            except OSError:
                pass

    def reap(self) -> None:
        """Let a process that has ended go (after a cancel or the last move); never waits."""
        if self._process is not None and not self.running and not self._process.is_alive():
            self.close()

    def close(self, timeout: float = 2.0) -> None:
        """Cancel the review and end the process (terminated if it does not stop in time)."""
        self.cancel()
        process = self._process
        if process is not None and not self._asked:
            # Waiting for its game, it has nothing to finish: no need to wait for it to stop
            # (still importing, it would take a second or more).
            process.terminate()
        if process is not None:
            process.join(timeout)
            if process.is_alive():
                process.terminate()
                process.join(1.0)
        for connection in (self._requests, self._replies):
            if connection is not None:
                connection.close()
        self._process = self._requests = self._replies = None
        self._asked = self.ready = False
