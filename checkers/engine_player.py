"""A player that is an external engine speaking the line protocol of `checkers engine`.

Pure Python, no pygame. `EnginePlayer` starts the engine's command as a subprocess on its first
move, sends it the game (`position ... moves ...`) and a limit (`go movetime MS`, `go depth D` or
`go nodes N`) each turn, and reads `bestmove`. It fits `checkers.ai.players.play_game` as an
`AIPlayer` does. An engine that cannot start, exits, stays silent past its time plus a grace
period, answers with a move that is not legal, or floods its output (a line over LINE_LIMIT
bytes, or over MAX_LINES lines for one answer) raises `EngineFailure`: the caller scores the game
as lost by that engine. `close()` ends the process and everything in its process group;
`end_all_engines()` ends every engine of this process at once (for a signal or a dying parent).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import queue
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Sequence
from types import TracebackType
from typing import IO

from checkers.ai.players import AIPlayer, Choice
from checkers.ai.search import (
    Limits,
    Progress,
    ProgressCallback,
    SearchRequest,
    SearchResult,
    StopSignal,
)
from checkers.board import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Position,
)

__all__ = [
    "DEFAULT_GRACE",
    "LINE_LIMIT",
    "MAX_LINES",
    "STARTUP_SECONDS",
    "EngineFailure",
    "EnginePlayer",
    "end_all_engines",
    "go_command",
    "moves_between",
]

DEFAULT_GRACE = 30.0
"""Seconds an engine may take past its time per move (or to start) before it counts as hung."""

STARTUP_SECONDS = 30.0
"""Seconds an engine has at least to answer its first `isready` (a cold start can be slow)."""

LINE_LIMIT = 64 * 1024
"""Longest line read from an engine, in bytes; a longer one (or output with no newline at all)
is a failure, not a line to keep reading into memory."""

MAX_LINES = 100_000
"""Most lines an engine may write for one answer (`readyok` or `bestmove`): a real engine writes
an `info` line per depth; a flood (a program printing `y` forever) is a failure."""

_QUIT_WAIT = 3.0  # seconds a polite `quit` gets before the process is killed
_POLL = 0.05  # how often a wait looks at the stop signal, in seconds
_BACKLOG = 256  # lines read ahead of the game: the reader then waits, so memory stays bounded
_OVERLONG = object()  # what the reader queues for a line over LINE_LIMIT

# Every engine of this process not yet reaped, by id, for end_all_engines (from a signal
# handler or a watcher thread: a dict's copy is taken in one step, whatever adds meanwhile).
_RUNNING: dict[int, EnginePlayer] = {}


def end_all_engines() -> None:
    """Kill every engine this process started that may still run, with everything in its
    process group, without waiting: safe in a signal handler or from another thread."""
    for engine in _RUNNING.copy().values():
        engine._kill_group()


class EngineFailure(Exception):
    """An external engine lost its game by failing: it crashed, hung or moved illegally."""


def go_command(limits: Limits) -> str:
    """The `go` line for one move's limits; the protocol takes one limit per `go`."""
    given = [limit for limit in (limits.time, limits.depth, limits.nodes) if limit is not None]
    if len(given) != 1:
        raise ValueError("an external engine takes one limit per move: a time, a depth or nodes")
    if limits.time is not None:
        return f"go movetime {max(1, round(limits.time * 1000))}"
    if limits.depth is not None:
        return f"go depth {limits.depth}"
    return f"go nodes {limits.nodes}"


def moves_between(positions: Sequence[Position]) -> list[Move]:
    """The moves that lead from each position to the next (ValueError if one does not)."""
    moves = []
    for before, after in itertools.pairwise(positions):
        # Two capture paths that end in the same position are the same move for the engine.
        move = next((m for m in before.legal_moves() if before.move(m) == after), None)
        if move is None:
            raise ValueError(f"no legal move leads from {before.fen()} to {after.fen()}")
        moves.append(move)
    return moves


class EnginePlayer(AIPlayer):
    """One side of one game played by an external engine started from `command`.

    `command` is a shell-style command line (split with shlex, run without a shell) or an
    argument list. The engine is started on the first move and kept for the whole game, so it
    keeps its tables; `close()` (or leaving a `with` block) ends it.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        limits: Limits,
        *,
        name: str = "",
        grace: float = DEFAULT_GRACE,
    ) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("the engine command is empty")
        self._go = go_command(limits)  # refuses limits the protocol cannot say
        super().__init__(limits, name=name or os.path.basename(argv[0]))
        self.argv = argv
        self.grace = grace
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[str | object | None] = queue.Queue(_BACKLOG)
        self._closing = threading.Event()  # the readers stop queueing once it is set
        self._unanswered = 0  # lines read since the last command that asks for an answer
        self._errors: deque[str] = deque(maxlen=3)  # the engine's last stderr lines
        self._readers: list[threading.Thread] = []
        self._known: list[Position] = []  # the game positions whose moves are in `_moves`
        self._moves: list[Move] = []

    # --- the AIPlayer interface -------------------------------------------------------------

    def choose(
        self,
        request: SearchRequest | Position,
        on_progress: ProgressCallback | None = None,
        stop: StopSignal | None = None,
    ) -> Choice:
        """The engine's move for the request's position after its game's positions (ending
        with it); raises EngineFailure if the engine crashes, hangs or answers with no legal
        move."""
        request = SearchRequest.of(request)
        position = request.position
        self._start()
        self._send(self._position_command(position, request.history))
        began = time.monotonic()
        self._send(self._go)
        self._unanswered = 0
        limit = self.limits.time or 0.0
        deadline = began + limit + self.grace
        silence = (
            f"no move within {limit:g} s plus {self.grace:g} s of grace"
            if limit
            else f"no move within {self.grace:g} s"
        )
        last: Progress | None = None
        errors: list[str] = []
        stop_sent = False
        while True:
            if stop is not None and stop.is_set() and not stop_sent:
                self._send("stop")
                stop_sent = True
            line = self._next_line(deadline, stop, silence)
            if line is None:
                continue  # looked at the stop signal; wait on
            words = line.split()
            if words[:1] == ["bestmove"]:
                break
            if words[:2] == ["info", "string"]:
                errors.append(" ".join(words[2:]))
            elif words[:1] == ["info"]:
                report = _read_info(words, position, time.monotonic() - began)
                if report is not None:
                    last = report
                    if on_progress is not None:
                        on_progress(report)
        elapsed = time.monotonic() - began
        move = self._read_bestmove(words[1:], position, errors)
        if last is not None and last.pv[:1] == (move,):
            result = SearchResult(move, last.score, last.depth, last.nodes, last.pv, elapsed)
        else:
            result = SearchResult(move, 0.0, 0, 0, (move,), elapsed)
        return Choice(result)

    # --- the process ------------------------------------------------------------------------

    def _start(self) -> None:
        if self._process is not None:
            return
        try:
            # A session of its own: Ctrl-C in the terminal reaches the match, which ends the
            # engine itself, and the whole group (e.g. a shell wrapper's children) is ended.
            # Bytes, not text: lines are read with a length limit and decoded one by one.
            self._process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",
            )
        except OSError as error:
            raise EngineFailure(
                f"{self.name} could not start ({shlex.join(self.argv)}): {error.strerror or error}"
            ) from None
        _RUNNING[id(self)] = self
        assert self._process.stdout is not None and self._process.stderr is not None
        self._readers = [
            threading.Thread(target=self._read_stdout, args=(self._process.stdout,), daemon=True),
            threading.Thread(target=self._read_stderr, args=(self._process.stderr,), daemon=True),
            threading.Thread(target=self._watch_exit, daemon=True),
        ]
        for reader in self._readers:
            reader.start()
        self._send("isready")
        self._unanswered = 0
        allowed = max(self.grace, STARTUP_SECONDS)
        deadline = time.monotonic() + allowed
        silence = f"no `readyok` within {allowed:g} s of starting"
        while self._next_line(deadline, None, silence) != "readyok":
            pass  # anything said before `readyok` (a banner, say) is not ours to read

    def _read_stdout(self, stream: IO[bytes]) -> None:
        try:
            while line := stream.readline(LINE_LIMIT + 1):
                if len(line) > LINE_LIMIT:
                    self._queue(_OVERLONG)
                    return  # nothing more is read: the engine is dropped
                if not self._queue(line.decode("utf-8", "replace").strip()):
                    return
        except (OSError, ValueError):
            return  # the stream was closed under the reader: the engine is being closed
        self._queue(None)  # end of output: the engine has exited or closed it

    def _watch_exit(self) -> None:
        # A child the engine started may hold its output open after the engine exits (a crash
        # that left a helper running): its group is killed then, so the output ends.
        assert self._process is not None
        _has_exited(self._process, None)
        self._kill_group()

    def _queue(self, item: str | object | None) -> bool:
        """Queue what the reader read (waiting while the backlog is full); False once the
        engine is being closed, when nobody reads the queue any more."""
        if self._closing.is_set():
            return False
        self._lines.put(item)
        return not self._closing.is_set()

    def _read_stderr(self, stream: IO[bytes]) -> None:
        try:
            while line := stream.readline(LINE_LIMIT):
                # Only the last few lines are kept, each cut short: no output can fill memory.
                text = line.decode("utf-8", "replace").strip()[:200]
                if text:
                    self._errors.append(text)
        except (OSError, ValueError):
            return

    def _send(self, line: str) -> None:
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(line.encode("utf-8") + b"\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineFailure(self._crash_reason()) from None

    def _next_line(self, deadline: float, stop: StopSignal | None, silence: str) -> str | None:
        """The engine's next line; None if `stop` is set meanwhile (so the caller can act on
        it); EngineFailure if the engine's output ends, or `silence` (what it failed to do) if
        nothing comes before `deadline`."""
        while (remaining := deadline - time.monotonic()) > 0:
            # Wake now and then: to look at a stop signal, and because a signal the kernel hands
            # to a reader thread does not wake this one, whose handler (SIGTERM, SIGHUP: end the
            # engines) only runs once it is back in Python (a worker hung until the grace).
            watch = stop is not None and not stop.is_set()
            try:
                line = self._lines.get(timeout=min(remaining, _POLL))
            except queue.Empty:
                if watch and stop is not None and stop.is_set():
                    return None
                continue
            if line is None:
                raise EngineFailure(self._crash_reason())
            if line is _OVERLONG:
                self._end()
                raise EngineFailure(f"{self.name} sent a line longer than {LINE_LIMIT:,} bytes")
            self._unanswered += 1
            if self._unanswered > MAX_LINES:
                self._end()
                raise EngineFailure(
                    f"{self.name} flooded its output: {MAX_LINES:,} lines and no answer"
                )
            assert isinstance(line, str)
            return line
        self._end()
        raise EngineFailure(f"{self.name} hung: {silence}")

    def _crash_reason(self) -> str:
        assert self._process is not None
        if not _has_exited(self._process, _QUIT_WAIT):
            self._end()
            return f"{self.name} closed its output"
        self._end()  # what it started may still run
        for reader in self._readers[1:2]:
            reader.join(timeout=_QUIT_WAIT)  # let the stderr reader catch the last words
        said = f": {self._errors[-1]}" if self._errors else ""
        return f"{self.name} crashed (exit status {self._process.returncode}){said}"

    def _kill_group(self) -> None:
        """Kill the engine and everything in its process group, without waiting."""
        process = self._process
        # Only while the engine is not reaped: until then its pid, the group's id, cannot be
        # another process's (see _has_exited); after, the group was killed before the reaping.
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(OSError):
            if os.name == "posix":
                os.killpg(process.pid, signal.SIGKILL)
            else:
                process.kill()

    def _end(self) -> None:
        """Kill the engine's process group (the engine, or what it left running), reap it."""
        self._kill_group()
        if self._process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=_QUIT_WAIT)
        if self._process is None or self._process.returncode is not None:
            _RUNNING.pop(id(self), None)

    def close(self) -> None:
        """End the engine: `quit`, then a kill of its whole process group (what it started
        too) once it has exited or a few seconds have passed."""
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(OSError, ValueError):
                assert process.stdin is not None
                process.stdin.write(b"stop\nquit\n")
                process.stdin.flush()
            _has_exited(process, _QUIT_WAIT)
        self._end()
        # The readers stop at the end of the output (the group is dead) or at their next line;
        # one waiting on a full backlog is let go by emptying it.
        self._closing.set()
        with contextlib.suppress(queue.Empty):
            while True:
                self._lines.get_nowait()
        for reader in self._readers:
            # One never started (a signal ended the match while `_start` started them) has
            # nothing to wait for: joining it raised, and the match ended with a traceback.
            if reader.ident is not None:
                reader.join(timeout=_QUIT_WAIT)
        for stream in (process.stdin, process.stdout, process.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()

    def __enter__(self) -> EnginePlayer:  # noqa: PYI034 - typing.Self is 3.11+
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # --- what is said -----------------------------------------------------------------------

    def _position_command(self, position: Position, history: Sequence[Position] | None) -> str:
        """`position startpos|fen F [moves ...]`: the game's moves, so the engine sees
        repetitions and the 40-move count."""
        line = list(history) if history and history[-1] == position else [position]
        if self._known and line[: len(self._known)] == self._known:
            moves = self._moves + moves_between(line[len(self._known) - 1 :])
        else:
            moves = moves_between(line)
        self._known, self._moves = line, moves
        start = "startpos" if line[0] == Position() else f"fen {line[0].fen()}"
        played = " moves " + " ".join(move.pdn() for move in moves) if moves else ""
        return f"position {start}{played}"

    def _read_bestmove(self, words: list[str], position: Position, errors: list[str]) -> Move:
        said = f" (it said: {errors[-1]})" if errors else ""
        if not words:
            raise EngineFailure(f"{self.name} sent `bestmove` without a move{said}")
        if words[0] == "none":
            raise EngineFailure(f"{self.name} claimed to have no legal move{said}")
        try:
            return Move.from_pdn(words[0], position)
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
            raise EngineFailure(
                f"{self.name} sent an illegal move {words[0]!r} in {position.fen()}: {error}{said}"
            ) from None


def _has_exited(process: subprocess.Popen[bytes], timeout: float | None) -> bool:
    """Whether `process` has exited within `timeout` seconds (None: wait for it), without
    reaping it where the system can wait so: an exited process keeps its pid, and so its
    group's id, until reaped, so a kill of the group then cannot reach a stranger."""
    if process.returncode is not None:
        return True
    if sys.platform == "linux":
        with contextlib.suppress(OSError):  # no pidfd (an old kernel): the reaping wait below
            handle = os.pidfd_open(process.pid)
            try:
                return bool(select.select([handle], [], [], timeout)[0])  # readable on exit
            finally:
                os.close(handle)
    try:
        process.wait(timeout=timeout)  # elsewhere the wait reaps; the group is killed just after
    except subprocess.TimeoutExpired:
        return False
    return True


def _read_info(words: list[str], position: Position, elapsed: float) -> Progress | None:
    """The search report of an `info depth D score S nodes N ... pv M ...` line, or None."""
    fields: dict[str, str] = {}
    for key, value in zip(words[1::2], words[2::2], strict=False):
        if key == "pv":
            break
        fields.setdefault(key, value)
    try:
        depth, score, nodes = int(fields["depth"]), float(fields["score"]), int(fields["nodes"])
    except (KeyError, ValueError):
        return None
    pv: list[Move] = []
    if "pv" in words:
        board = position
        for text in words[words.index("pv") + 1 :]:
            try:
                move = Move.from_pdn(text, board)
            except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
                break  # a line we cannot follow is kept up to where it went wrong
            pv.append(move)
            board = board.move(move)
    return Progress(depth, score, nodes, elapsed, tuple(pv))
