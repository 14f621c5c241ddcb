"""The AI's own process: the UI sends a position and a level, and polls for progress and the move.

Pure Python (no pygame). A separate process keeps a whole core and its own interpreter lock, so
the window's loop never waits on the search. The UI side (`AIClient`) never blocks: `poll()`
reads only what has already arrived. Cancelling sends a stop message that the worker's listener
thread turns into the search's StopSignal, so the next request starts at once.

Three kinds of request: a move for a level (`request`: progress per depth, then the move with
its explanation), an analysis of a position (`analyse`: the best lines after every completed
depth, on and on until cancelled or the lines are proven), and why a move the game records was
played (`explain`: Why? of an AI move played before the game was opened here, whose own search
no file keeps, scored by the same exact pass as a move played here). Every message over the two
pipes is a typed value (the dataclasses below, read by field, never a tuple read by position):
the UI's `SearchAsk`, `AnalyseAsk`, `ExplainAsk`, `StopAsk` and `QuitAsk`; the worker's `AICore`
and the `AIEvent`s that `poll()` hands on.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection

from checkers.ai.analysis import Analyser
from checkers.ai.classic import MAX_DEPTH
from checkers.ai.compiled import (
    CORE_WAIT,
    core_name,
    is_available,
    is_cached,
    wait_until_ready,
)
from checkers.ai.engine import tune_collector_for_search
from checkers.ai.levels import Level
from checkers.ai.players import AIPlayer
from checkers.ai.registry import man_value
from checkers.ai.search import Limits, Progress, SearchRequest, SearchResult, StopSignal
from checkers.board import Move, Position, Side
from checkers.coach.exact import EXACT_TIME, exact_explanation
from checkers.coach.explain import (
    Analysis,
    Explanation,
    explain_choice,
    explain_recorded,
    iterate_analysis,
)
from checkers.workers import exit_with_parent

__all__ = [
    "ANALYSIS_LIMITS",
    "AIAnalysis",
    "AIAsk",
    "AIClient",
    "AICore",
    "AIError",
    "AIEvent",
    "AIExplained",
    "AIGettingReady",
    "AIProgress",
    "AIReply",
    "AIResult",
    "AnalyseAsk",
    "ExplainAsk",
    "QuitAsk",
    "SearchAsk",
    "StopAsk",
    "worker_main",
]

ANALYSIS_LIMITS = Limits(depth=MAX_DEPTH)
"""An analysis runs until it is cancelled (a new position, the board closed) or every line is
proven: no depth this side of the engine's deepest, no time limit."""


@dataclass(frozen=True)
class AIProgress:
    """A depth the search has completed."""

    request: int
    progress: Progress


@dataclass(frozen=True)
class AIResult:
    """The search's answer; `note` says when the level deliberately played another move, and
    `explanation` why it played it (every root move's score, the played move first)."""

    request: int
    result: SearchResult
    note: str = ""
    explanation: Explanation | None = None


@dataclass(frozen=True)
class AIExplained:
    """Why the AI played the move of request `request`, with the moves a player would consider
    scored exactly and the ideas of their lines; it follows the AIResult, within a bounded time."""

    request: int
    explanation: Explanation


@dataclass(frozen=True)
class AIAnalysis:
    """The best lines of the analysed position at the depth just completed (`final`: the
    analysis is over, nothing deeper will come)."""

    request: int
    analysis: Analysis
    final: bool = False


@dataclass(frozen=True)
class AIGettingReady:
    """The search of request `request` waits for the engine's compiled core, which is being
    loaded (or compiled): its progress and move come once it is ready, or the wait's bound is
    over."""

    request: int


@dataclass(frozen=True)
class AIError:
    """The search failed (unknown algorithm, crashed process); the message is for the player."""

    request: int
    message: str


AIEvent = AIProgress | AIResult | AIExplained | AIAnalysis | AIError | AIGettingReady
"""What `AIClient.poll` hands the UI: the replies about its requests."""


@dataclass(frozen=True)
class AICore:
    """Which core the worker's engine uses, in words (`preparing` while it gets ready)."""

    words: str


AIReply = AIEvent | AICore
"""Everything the worker sends back over its pipe."""


@dataclass(frozen=True)
class SearchAsk:
    """Choose a move for `level` in `search`'s position (progress per depth, then the move)."""

    request: int
    search: SearchRequest
    level: Level
    seed: int


@dataclass(frozen=True)
class AnalyseAsk:
    """The `lines` best moves of `search`'s position after every completed depth."""

    request: int
    search: SearchRequest
    lines: int


@dataclass(frozen=True)
class ExplainAsk:
    """Why `level`'s AI played `move` in `search`'s position, a move the game records without
    the search behind it (played before the game was opened here): answered with an
    `AIExplained` whose rows are a search made now (`Explanation.made_now`), or an `AIError`."""

    request: int
    search: SearchRequest
    level: Level
    move: Move
    start: Explanation | None = None
    """The card kept from the move's own search, whose exact pass a later request cut short
    (AI vs AI with no delay: the next move's search), to finish; None: the recorded move alone."""


@dataclass(frozen=True)
class StopAsk:
    """Cancel the requests up to `request` (None: whatever is running)."""

    request: int | None


@dataclass(frozen=True)
class QuitAsk:
    """End the worker."""


AIAsk = SearchAsk | AnalyseAsk | ExplainAsk | StopAsk | QuitAsk
"""Everything the UI sends the worker over its pipe."""


class _Cancellations:
    """Which requests are cancelled, shared by the worker's listener and searching threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stopped_up_to = 0  # requests are numbered upwards: a stop covers every earlier one
        self.current: tuple[int, StopSignal] | None = None

    def stop(self, request: int | None) -> None:
        """Cancel requests up to `request` (None: whatever is running)."""
        with self.lock:
            if request is not None:
                self.stopped_up_to = max(self.stopped_up_to, request)
            if self.current is not None and (
                request is None or self.current[0] <= self.stopped_up_to
            ):
                self.current[1].stop()

    def begin(self, request: int) -> StopSignal | None:
        """The stop signal for a search about to start, or None if it was already cancelled."""
        with self.lock:
            if request <= self.stopped_up_to:
                return None
            stop = StopSignal()
            self.current = (request, stop)
            return stop

    def end(self) -> None:
        """The current search is over."""
        with self.lock:
            self.current = None


WORKER_NICENESS = 10
"""How much lower the search runs than the window: on a busy machine a frame must not wait for
the scheduler to take a core back from the search (benchmarks/ui.py: fewer late frames than at 5).
On an idle machine the search still gets its whole core."""


def _yield_to_the_window() -> None:
    """Lower this process's priority where the system allows it."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):
        pass  # Windows has no nice(); the search then runs at normal priority


class _Replies:
    """The reply pipe, safe to send on from two threads (the searches and the core's report)."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._lock = threading.Lock()

    def send(self, message: AIReply) -> None:
        with self._lock:
            self._connection.send(message)


CORE_PREPARING = "preparing"
"""`AIClient.core` while the worker compiles the core (a first start after an install)."""

CORE_LOADING = "loading"
"""`AIClient.core` while the worker loads the core compiled before from the cache."""

CORE_UNKNOWN = ("", CORE_PREPARING, CORE_LOADING)
"""`AIClient.core` before the worker has said which core its engine uses."""


def _report_core(replies: _Replies) -> None:
    """Get the compiled core ready at once (compiling it on a first start), saying so first,
    then which core the engine uses."""
    if is_available():  # numba imports and the core is not turned off: compile or load it
        # A load from the cache is not a first start's compile: said apart, so the start screen
        # does not say "compiling (a first start)" at every start of a loaded machine (walks
        # 2026-12-01ad and ae), where loading took a few seconds.
        replies.send(AICore(CORE_LOADING if is_cached() else CORE_PREPARING))
        wait_until_ready()
    replies.send(AICore(core_name()))


QUIT_WAIT = 0.2
"""Seconds the window waits for the worker to end when told to quit, before ending it. The worker
writes nothing (no file, no cache of its own), so ending it loses nothing; while it is still
starting (a spawned process imports the engine before it reads its pipe) or loading the compiled
core it cannot answer, and a wait of a second made every window's close take that second (about
200 of the test suite's closes, 1.1 s each)."""


LOAD_WAIT = 120.0
"""Seconds an engine search waits at most for a cached core to load: a second at rest, but the
worker runs niced, and on a loaded machine the load took 23 s (2-core machine, three busy
processes on the worker's core), past the 20 s of `COMPILE_WAIT`: the Python engine then
searched the first club move 2 plies deep. The window says meanwhile that the engine is being
got ready, and a new request (undo, a new game) ends the wait at once."""

WAIT_SLICE = 0.1
"""Seconds between looks at the search's stop signal while the core gets ready."""


def core_wait() -> float:
    """Seconds an engine search waits for the compiled core: a cached core whatever its load
    takes (`LOAD_WAIT`), a first compile only briefly, as `checkers analyse` does."""
    return LOAD_WAIT if is_cached() else CORE_WAIT


def get_core_ready(stop: StopSignal, waiting: Callable[[], None]) -> bool:
    """Wait for the compiled core if it is coming (numba imports, the core is loading or
    compiling), at most `core_wait()` seconds and never past `stop`; `waiting` hears once that
    the search waits. Whether the core is ready."""
    if wait_until_ready(0) or not is_available():
        return wait_until_ready(0)
    waiting()
    bound = core_wait()
    waited = 0.0
    # Counted in slices waited, not read off a clock: a slice lasts at least its length, so
    # the wait is never shorter than its bound.
    while waited < bound and not stop.is_set():
        if wait_until_ready(min(WAIT_SLICE, bound - waited)):
            return True
        if not is_available():
            return False  # the compile failed: the Python engine plays
        waited += WAIT_SLICE
    return wait_until_ready(0)


def worker_main(requests: Connection, connection: Connection) -> None:
    """The worker process: answer search requests one at a time until told to quit; the
    engine's compiled core gets ready meanwhile (reported as an `AICore`)."""
    exit_with_parent()  # not only the pipe's end: a forked process may hold a copy of it
    replies = _Replies(connection)
    # Ctrl+C in the terminal reaches the whole process group; the UI decides when to stop us.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _yield_to_the_window()
    tune_collector_for_search()  # this process exists to search: the engine may own the collector
    inbox: queue.Queue[SearchAsk | AnalyseAsk | ExplainAsk | QuitAsk] = queue.Queue()
    cancellations = _Cancellations()

    def listen() -> None:
        # Reads while the main thread searches, so a stop lands in the middle of a search.
        while True:
            message: AIAsk
            try:
                message = requests.recv()
            except (EOFError, OSError):
                message = QuitAsk()
            if isinstance(message, StopAsk):
                cancellations.stop(message.request)
                continue
            if isinstance(message, QuitAsk):
                cancellations.stop(None)
                inbox.put(message)
                return
            # A new request supersedes every earlier one, the exact scores of a move too.
            cancellations.stop(message.request - 1)
            inbox.put(message)

    threading.Thread(target=listen, name="ai-listener", daemon=True).start()
    threading.Thread(target=_report_core, args=(replies,), name="ai-core", daemon=True).start()
    # Each colour's AI lives from move to move of one game (no table built up and torn down),
    # replaced when the colour gets another level or seed; the player itself starts afresh when
    # the game does not go on from its last move.
    players: dict[Side, tuple[Level, int, AIPlayer]] = {}
    # The analysis board's engine, and Why?'s judging (`_the_analyst`); each analysis starts
    # from empty tables (`_analyse`).
    analyst: list[Analyser] = []
    while True:
        message = inbox.get()
        if isinstance(message, QuitAsk):
            return
        if isinstance(message, AnalyseAsk):
            _analyse(message, cancellations, replies, analyst)
            continue
        if isinstance(message, ExplainAsk):
            _explain(message, cancellations, replies, analyst)
            continue
        _choose(message, cancellations, replies, players, analyst)


@contextmanager
def _answering(
    request: int, cancellations: _Cancellations, replies: _Replies
) -> Iterator[StopSignal | None]:
    """How every request is answered: begun (None: it was cancelled before it began, nothing
    to do), an exception told to the player as an `AIError` with the worker kept up, ended."""
    stop = cancellations.begin(request)
    if stop is None:
        yield None
        return
    try:
        yield stop
    except Exception as error:  # noqa: BLE001 - reported to the player; the worker stays up
        replies.send(AIError(request, str(error) or type(error).__name__))
    finally:
        cancellations.end()


def _choose(
    message: SearchAsk,
    cancellations: _Cancellations,
    replies: _Replies,
    players: dict[Side, tuple[Level, int, AIPlayer]],
    analyst: list[Analyser],
) -> None:
    """Answer a search for the AI's move: the progress per depth, the move, then its card."""
    request, asked, level, seed = message.request, message.search, message.level, message.seed
    position = asked.position

    def report(progress: Progress) -> None:
        replies.send(AIProgress(request, progress))

    def waiting() -> None:
        replies.send(AIGettingReady(request))

    with _answering(request, cancellations, replies) as stop:
        if stop is None:
            return
        kept = players.get(position.turn)
        # On a clock each move gets its own time: the same player (and its tables) plays on.
        key = replace(level, time=1.0) if level.time is not None else level
        if kept is None or kept[:2] != (key, seed):
            kept = players[position.turn] = (key, seed, AIPlayer.for_level(level, seed))
        player = kept[2]
        if level.algorithm == "engine" and not player.plays_from_book(position):
            # A new window's first engine search would share this process with the core's
            # loading and look only a few turns ahead (a book move needs no core).
            get_core_ready(stop, waiting)
            if stop.is_set():
                return
            player.prepare(asked)  # the table's memory, before the search's own time
        player.limits = level.limits
        choice = player.choose(asked, report, stop)
        explanation = explain_choice(position, choice)
        if not stop.is_set():
            replies.send(AIResult(request, choice.result, choice.note, explanation))
        if explanation is not None and not stop.is_set():
            explained = exact_explanation(
                asked,
                explanation,
                analyser=player.analyser,
                judge=_the_analyst(analyst),  # a weak level's card: the engine's judging
                evaluation=player.evaluation,
                units_per_man=man_value(player.evaluation),
                seconds=exact_seconds(level),
                stop=stop,
            )
            if not stop.is_set():
                replies.send(AIExplained(request, explained))


EXACT_LONGEST = 8.0
"""Seconds the exact pass of a timed level's move may take at most (`exact_seconds`)."""


def exact_seconds(level: Level) -> float:
    """How long the exact pass after a move may search: `EXACT_TIME`, or for a level that
    thinks for a time, half as long again as it thought (at most `EXACT_LONGEST`), so that
    scoring four moves exactly reaches about the depth the level's own search chose at (walk
    2026-12-01ag: a Strong card's rows 14 turns ahead named another best move than its own
    search's 17, "the time for exact scores ran out")."""
    if level.time is None:
        return EXACT_TIME
    return min(EXACT_LONGEST, max(EXACT_TIME, 1.5 * level.time))


def _the_analyst(analyst: list[Analyser]) -> Analyser:
    """The process's one analyser for the analysis board and Why?'s judging, made on first
    use and kept (its table from position to position; the compiled core replaces its engine
    once ready)."""
    if not analyst:
        analyst.append(Analyser())
    return analyst[0]


def _analyse(
    message: AnalyseAsk,
    cancellations: _Cancellations,
    replies: _Replies,
    analyst: list[Analyser],
) -> None:
    """Answer an analysis request: the best lines after each completed depth, then a final
    report unless it was cancelled."""
    request, asked, count = message.request, message.search, message.lines
    with _answering(request, cancellations, replies) as stop:
        if stop is None:
            return
        last = Analysis(0, ())
        analyser = _the_analyst(analyst)
        # From empty tables: a position reads the same at each depth however often it is
        # analysed, and as `checkers analyse` gives it (walk 2026-12-01ad: opened twice on one
        # position, the board said +2.45, then +2.90, 19 turns ahead, its table filled by the
        # first look). A move away the lines are searched again: at millions of positions a
        # second, a few tenths of a second.
        analyser.new_game()
        for last in iterate_analysis(asked, ANALYSIS_LIMITS, count, analyser, stop):
            replies.send(AIAnalysis(request, last))
        if not stop.is_set():
            replies.send(AIAnalysis(request, last, final=True))


def _explain(
    message: ExplainAsk,
    cancellations: _Cancellations,
    replies: _Replies,
    analyst: list[Analyser],
) -> None:
    """Answer a Why? of a recorded move: the exact pass a move played here gets (the played
    move and the best others scored exactly, with the engine's evaluation whatever the level's),
    starting from the recorded move alone, since the AI's own search is not known."""
    request, asked = message.request, message.search
    with _answering(request, cancellations, replies) as stop:
        if stop is None:
            return
        start = message.start or explain_recorded(asked.position, message.move, message.level.name)
        # The engine's compiled core, as for a move: a first card in a new window would
        # otherwise be searched by the Python engine, a few turns ahead.
        get_core_ready(stop, lambda: None)
        if stop.is_set():
            return
        # A kept card is finished as its move's own pass would have: the level's evaluation
        # says whose its rows' figures are (a weak level's own count), and the engine judges
        # it at least `JUDGE_DEPTH` turns ahead.
        evaluation = message.level.evaluation if message.start is not None else "engine"
        explained = exact_explanation(
            asked,
            start,
            judge=_the_analyst(analyst),
            evaluation=evaluation,
            units_per_man=man_value(evaluation),
            stop=stop,
        )
        if not stop.is_set():
            replies.send(AIExplained(request, explained))


class AIClient:
    """The UI's handle on the worker: request, poll, cancel; starts the process on first use."""

    def __init__(self) -> None:
        self._process: multiprocessing.process.BaseProcess | None = None
        self._requests: Connection | None = None
        self._replies: Connection | None = None
        self._last_request = 0
        self.pending: int | None = None
        """The request whose answer is awaited, or None."""
        self.core = ""
        """Which core the worker's engine uses, in words (`compiled with numba 0.61`); while
        it gets ready CORE_PREPARING (compiling) or CORE_LOADING (from the cache); "" before
        the worker has said."""
        self.explaining: int | None = None
        """The answered request whose exact explanation is still to come, or None."""

    def start(self) -> None:
        """Start the worker process (idempotent); a stopped worker is replaced."""
        if self._process is not None and self._process.is_alive():
            return
        self._discard()
        self.core = ""  # a new process has said nothing yet
        # spawn, not fork: a forked child would inherit the window's SDL and X11 state.
        context = multiprocessing.get_context("spawn")
        request_reader, request_writer = context.Pipe(duplex=False)
        reply_reader, reply_writer = context.Pipe(duplex=False)
        process = context.Process(
            target=worker_main, args=(request_reader, reply_writer), name="checkers-ai", daemon=True
        )
        process.start()
        request_reader.close()
        reply_writer.close()
        self._process, self._requests, self._replies = process, request_writer, reply_reader

    def is_starting(self) -> bool:
        """Whether the worker process was started and has not said a word yet (a spawned
        process imports the engine first: seconds on a loaded machine). Its first word is the
        core it uses, read by `poll`."""
        return self._process is not None and not self.core

    @property
    def started(self) -> bool:
        """Whether the worker process has been started (it runs until closed)."""
        return self._process is not None

    @property
    def busy(self) -> bool:
        """Whether an answer is awaited."""
        return self.pending is not None

    def request(self, request: SearchRequest | Position, level: Level, *, seed: int = 0) -> int:
        """Ask for a move (cancelling any search under way); returns the request number."""
        self.cancel()
        self.explaining = None  # a move's exact scores are not worth waiting for past the next
        self.start()
        assert self._requests is not None
        self._last_request += 1
        self._requests.send(SearchAsk(self._last_request, SearchRequest.of(request), level, seed))
        self.pending = self._last_request
        return self._last_request

    def analyse(self, request: SearchRequest | Position, lines: int) -> int:
        """Ask for the `lines` best moves of the request's position, reported after every completed depth
        until cancelled (cancelling any search under way); returns the request number."""
        self.cancel()
        self.explaining = None  # a move's exact scores are not worth waiting for past the next
        self.start()
        assert self._requests is not None
        self._last_request += 1
        self._requests.send(AnalyseAsk(self._last_request, SearchRequest.of(request), lines))
        self.pending = self._last_request
        return self._last_request

    def explain(
        self, request: SearchRequest, level: Level, move: Move, start: Explanation | None = None
    ) -> int:
        """Ask why `level`'s AI played `move` in the request's position, a move recorded
        without its search, or whose card `start` lacks its exact pass (cancelling any search
        under way): an `AIExplained` answers it, or an `AIError`. Returns the request number."""
        self.cancel()
        self.explaining = None  # a move's exact scores are not worth waiting for past the next
        self.start()
        assert self._requests is not None
        self._last_request += 1
        self._requests.send(ExplainAsk(self._last_request, request, level, move, start))
        self.pending = self._last_request
        return self._last_request

    def cancel(self) -> None:
        """Stop the search under way, if any; its answer will be ignored."""
        if self.pending is None:
            return
        self.pending = None
        try:
            assert self._requests is not None
            self._requests.send(StopAsk(self._last_request))
        except (OSError, AssertionError):
            self._discard()  # a dead worker is replaced on the next request

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the worker's next report (without taking it): True if one
        is there. For a caller with nothing else to do until the AI says something."""
        if self._replies is None:
            return False
        try:
            return self._replies.poll(seconds)
        except (OSError, ValueError):
            return True  # the worker is gone: poll() reports it

    def poll_core(self) -> str:
        """`core`, after reading what the worker said when no answer is awaited (a screen
        that asks nothing of the AI: nothing else can be lost); never waits."""
        if self.pending is None and self.explaining is None:
            self.poll()
        return self.core

    def poll(self) -> list[AIEvent]:
        """What the worker has reported for the pending request since the last poll; never waits."""
        events: list[AIEvent] = []
        if self._replies is None:
            return events
        try:
            while self._replies.poll():
                reply: AIReply = self._replies.recv()
                if isinstance(reply, AICore):
                    self.core = reply.words
                    continue
                if reply.request == self.explaining and isinstance(reply, AIExplained | AIError):
                    self.explaining = None  # a failed exact pass leaves the first explanation
                    if isinstance(reply, AIExplained):
                        events.append(reply)
                    continue
                if reply.request != self.pending:
                    continue  # the answer to a cancelled request
                if isinstance(reply, AIResult):
                    self.pending = None
                    self.explaining = reply.request if reply.explanation is not None else None
                elif (
                    isinstance(reply, AIAnalysis)
                    and reply.final
                    or isinstance(reply, AIError | AIExplained)  # an AIExplained: `explain`'s
                ):
                    self.pending = None
                events.append(reply)
        except (EOFError, OSError):
            pass
        if self.pending is not None and self._process is not None and not self._process.is_alive():
            code = self._process.exitcode
            events.append(AIError(self.pending, f"the AI process stopped (exit code {code})"))
            self.pending = None
            self._discard()
        return events

    def close(self, timeout: float = QUIT_WAIT) -> None:
        """Stop any search and end the worker, terminating it if it does not stop in `timeout`."""
        self.cancel()
        process = self._process
        if process is None:
            return
        try:
            assert self._requests is not None
            self._requests.send(QuitAsk())
        except (OSError, AssertionError):
            pass
        process.join(timeout)
        self._discard()

    def _discard(self) -> None:
        """Forget the worker, terminating it if it still runs."""
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
            self._process.join(1.0)
        for connection in (self._requests, self._replies):
            if connection is not None:
                connection.close()
        self._process = self._requests = self._replies = None
