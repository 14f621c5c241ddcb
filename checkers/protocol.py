"""`checkers engine`: the engine behind a line protocol on stdin/stdout, for GUIs and scripts.

Commands (one per line):
  isready                                   -> readyok, once the compiled core is ready
  newgame                                   forget the game (and the engine's tables)
  position startpos [moves M ...]           the initial position, then moves in PDN
  position fen FEN [moves M ...]
  go depth D | go movetime MS | go nodes N  search; `info` lines per depth, then `bestmove`
  go wtime MS btime MS [winc MS binc MS]    search on a clock: each side's time left (and
                                            increment); the engine budgets the side to move's
  stop                                      end the search now; its best move is still sent
  setoption name Algorithm|Evaluation value V
  setoption name OwnBook value true|false   play from the opening book (default: true)
  quit
`go movetime` is spent whole; on a clock the engine aims at a share of what is left, stops
sooner when its move is clear and thinks longer where the position is critical.
Answers: `info depth D score S nodes N nps R pv M ...` after each completed depth, then
`bestmove M` (PDN, captures with every landing square) or `bestmove none`. A command that needs
the game (position, go, newgame, setoption) waits until a running search has answered; `stop`
acts as soon as it is read, on every search asked for before it (even one still queued behind
such a command), and so do `quit` and the end of input, after which the engine exits; each
search stopped so still sends `bestmove` with the best move found so far. Anything wrong with
a line (unknown, malformed, a number out of range, not UTF-8) gets `info string error: ...` and
the engine keeps running; a `go` after a refused `position` searches nothing (an error line,
then `bestmove none`) until a position is accepted or `newgame`. On a clock whose time for the
side to move is 0, `go` answers at once (the book, or a one-ply search). Scores are from the
side to move's point of view; a forced win scores 1000000 minus the plies it takes. With OwnBook
on (and the engine's own search and evaluation), a position in the opening book is answered at
once: `info string book M (score S, depth D)`, then `bestmove M`.
"""

from __future__ import annotations

import collections
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO

from checkers.ai import Limits, Progress, SearchRequest, SearchResult, StopSignal
from checkers.ai.analysis import Analyser
from checkers.ai.book import book_hit
from checkers.ai.compiled import COMPILE_WAIT, wait_until_ready
from checkers.ai.registry import get_algorithm, get_evaluation, man_value, search
from checkers.board import (
    BLACK,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Position,
    Side,
    turn_problem,
)
from checkers.clock import ai_move_budget
from checkers.options import (
    MAX_DEPTH,
    MAX_NODES,
    MAX_SECONDS,
    one_line,
    read_whole_number,
    shown,
)
from checkers.record import GameRecord

__all__ = ["LINE_LIMIT", "EngineSession", "ProtocolError", "format_info", "run_engine"]

LINE_LIMIT = 1 << 20
"""Longest command line read, in bytes: a `position ... moves` line of the longest game possible
is well under it; a longer line is skipped with an error instead of filling the memory."""
_EVERY_SEARCH = sys.maxsize


class ProtocolError(ValueError):
    """A command the session cannot carry out; answered with `info string error: ...`."""


def format_info(progress: Progress) -> str:
    """The `info` line for one completed depth."""
    score = progress.score
    shown = str(int(score)) if float(score).is_integer() else f"{score:g}"
    line = (
        f"info depth {progress.depth} score {shown} nodes {progress.nodes} "
        f"nps {progress.nodes_per_second:.0f}"
    )
    if progress.pv:
        line += " pv " + " ".join(move.pdn() for move in progress.pv)
    return line


class EngineSession:
    """The protocol's state: the game so far, the chosen algorithm and evaluation, the search."""

    def __init__(self, write: Callable[[str], None], own_book: bool = True) -> None:
        self._write_line = write
        self.own_book = own_book
        self._write_lock = threading.Lock()
        self.record = GameRecord()
        self.position_refused = False  # the last `position` was refused: `go` has no game
        self.algorithm = "engine"
        self.evaluation: str | None = None
        self.analyser = Analyser()
        self._stop = StopSignal()
        self._worker: threading.Thread | None = None
        # `go` lines are numbered as they are carried out; interrupt(n) stops the searches of
        # the first n, whether running or yet to start (the reader of the input counts the same).
        self._search_lock = threading.Lock()
        self._go_lines = 0
        self._stopped_through = 0
        self._commands: dict[str, Callable[[list[str]], bool]] = {
            "isready": self._isready,
            "newgame": self._newgame,
            "position": self._position,
            "go": self._go,
            "stop": self._stop_command,
            "setoption": self._setoption,
            "quit": self._quit,
        }

    def write(self, line: str) -> None:
        """Send one whole line (the search thread writes too)."""
        with self._write_lock:
            self._write_line(line)

    def handle(self, line: str) -> bool:
        """Carry out one command line; False once the session should end."""
        words = line.split()
        if not words:
            return True
        if is_go(line):
            with self._search_lock:
                self._go_lines += 1
        command = self._commands.get(words[0])
        try:
            if command is None:
                raise ProtocolError(
                    f"unknown command {shown(words[0])}; known: "
                    + ", ".join(sorted(self._commands))
                )
            return command(words[1:])
        except ProtocolError as error:
            self.error(str(error))
            return True

    def error(self, message: str) -> None:
        """Send `info string error: ...` as one line, however odd the message's text."""
        self.write(f"info string error: {one_line(message)}")

    def interrupt(self, go_lines: int = _EVERY_SEARCH) -> None:
        """Stop the search of each of the first `go_lines` go lines, running or still to start
        (from any thread: the input's reader calls it on reading `stop` or the end of input)."""
        with self._search_lock:
            self._stopped_through = max(self._stopped_through, go_lines)
            if self._go_lines <= self._stopped_through:
                self._stop.stop()

    @property
    def searching(self) -> bool:
        """Whether a `go` is still running."""
        return self._worker is not None and self._worker.is_alive()

    def wait(self) -> None:
        """Block until the running search (if any) has sent its best move."""
        if self._worker is not None:
            self._worker.join()

    # --- commands ---------------------------------------------------------------------------

    def _isready(self, args: list[str]) -> bool:
        # Ready means the first `go` searches compiled: wait for the core (started with the
        # session), at most a cold compile's time; at once where numba is missing or it failed.
        wait_until_ready(COMPILE_WAIT)
        if not self.searching:  # and its table's memory, so the first search is not slowed
            self.analyser.prepare()
        self.write("readyok")
        return True

    def _newgame(self, args: list[str]) -> bool:
        self._finish_search()
        self.record = GameRecord()
        self.position_refused = False
        self.analyser.new_game()
        return True

    def _position(self, args: list[str]) -> bool:
        self._finish_search()
        # Refused until wholly read: a GUI's next `go` must not search the previous position.
        self.position_refused = True
        if not args:
            raise ProtocolError("position needs 'startpos' or 'fen FEN'")
        if "moves" in args:
            split = args.index("moves")
            where, moves = args[:split], args[split + 1 :]
        else:
            where, moves = args, []
        if where == ["startpos"]:
            start = Position()
        elif where[:1] == ["fen"] and len(where) >= 2:
            text = " ".join(where[1:])
            try:
                start = Position.from_fen(text)
            except InvalidFenError as error:
                raise ProtocolError(f"invalid FEN {shown(text)}: {error}") from None
            problem = turn_problem(start)
            if problem is not None:
                raise ProtocolError(f"FEN {shown(text)}: {problem}")
        else:
            raise ProtocolError(
                "position needs 'startpos' or 'fen FEN', then optionally 'moves M ...'"
            )
        played, position = [], start
        for number, text in enumerate(moves, 1):
            try:
                move = Move.from_pdn(text, position)
                position = position.move(move)
            except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
                raise ProtocolError(f"move {number} ({shown(text)[1:-1]}): {error}") from None
            played.append(move)
        # Replayed past a threefold repetition or the 40-move count: other programs send whole
        # histories, and a draw the players did not claim is no reason to refuse the position.
        self.record = GameRecord.replay(played, start)  # only a wholly valid command counts
        self.position_refused = False
        return True

    def _go(self, args: list[str]) -> bool:
        self._finish_search()
        limits = _limits_of(args, self.record.position.turn)
        if self.position_refused:
            # A move for the previous position would mislead the GUI: it asked about another.
            self.error("no position to search: the last `position` was refused")
            self.write("bestmove none")
            return True
        with self._search_lock:
            self._stop = StopSignal()
            if self._go_lines <= self._stopped_through:  # a stop was read after this go
                self._stop.stop()
        self._worker = threading.Thread(
            target=self._search, args=(limits, self._stop), name="engine search", daemon=True
        )
        self._worker.start()
        return True

    def _stop_command(self, args: list[str]) -> bool:
        self._stop.stop()
        self.wait()
        return True

    def _setoption(self, args: list[str]) -> bool:
        self._finish_search()
        if len(args) != 4 or args[0] != "name" or args[2] != "value":
            raise ProtocolError("use: setoption name Algorithm|Evaluation|OwnBook value V")
        name, value = args[1].lower(), args[3]
        try:
            if name == "ownbook":
                if value.lower() not in ("true", "false"):
                    raise ProtocolError(f"OwnBook is true or false, not {shown(value)}")
                self.own_book = value.lower() == "true"
            elif name == "algorithm":
                get_algorithm(value)
                self.algorithm = value
            elif name == "evaluation":
                function = get_evaluation(value)
                self.evaluation = value
                # A new engine, as set_evaluation would empty the table: only the engine's own
                # evaluation has a compiled core, so the core may change with it.
                self.analyser = Analyser(function, units_per_man=man_value(value))
            else:
                raise ProtocolError(
                    f"unknown option {shown(args[1])}; options: Algorithm, Evaluation, OwnBook"
                )
        except ValueError as error:
            raise ProtocolError(str(error)) from None
        return True

    def _quit(self, args: list[str]) -> bool:
        self._stop.stop()
        self.wait()
        return False

    # --- the search -------------------------------------------------------------------------

    def _finish_search(self) -> None:
        """Commands that change the game or start a search wait for the running one to answer,
        so a script can pipe a whole session; `stop`, `isready` and `quit` do not wait."""
        self.wait()

    def _search(self, limits: Limits, stop: StopSignal) -> None:
        position = self.record.position
        own_search = self.algorithm == "engine" and self.evaluation in (None, "engine")
        hit = book_hit(position) if self.own_book and own_search else None
        if hit is not None:
            move, score, depth = hit
            self.write(f"info string book {move.pdn()} (score {score}, depth {depth})")
            self.write(f"bestmove {move.pdn()}")
            return
        report = lambda progress: self.write(format_info(progress))
        request = SearchRequest.from_record(self.record)
        try:
            if own_search:
                result = self.analyser.search(request, limits, report, stop)
            else:
                result = search(request, limits, self.algorithm, self.evaluation, report, stop)
        except Exception as error:  # noqa: BLE001 - the engine must stay up and still answer
            self.write(f"info string error: search failed: {error}")
            legal = position.legal_moves()
            result = SearchResult(legal[0] if legal else None, 0.0, 0, 0)
        self.write(f"bestmove {result.move.pdn() if result.move else 'none'}")


def is_go(line: str) -> bool:
    """Whether a line is a `go` command (valid or not): how both threads number searches."""
    return line.split(maxsplit=1)[:1] == ["go"]


_LIMITS = {
    # word: (largest value, what it is); the largest values are those of the command line
    "depth": (MAX_DEPTH, "plies"),
    "movetime": (int(MAX_SECONDS * 1000), "milliseconds"),
    "nodes": (MAX_NODES, "nodes"),
}


_CLOCK_WORDS = {"wtime", "btime", "winc", "binc"}
_GO_USE = "use: go depth D | go movetime MS | go nodes N | go wtime MS btime MS [winc MS binc MS]"


def _clock_limits(args: list[str], turn: Side) -> Limits:
    """The limits of `go wtime W btime B [winc I binc I]` for the side to move."""
    if len(args) % 2 or not {*args[::2]} <= _CLOCK_WORDS or len({*args[::2]}) != len(args) // 2:
        raise ProtocolError(_GO_USE)
    given = dict(zip(args[::2], args[1::2], strict=True))
    if not {"wtime", "btime"} <= given.keys():
        raise ProtocolError("a clock needs both sides' time: go wtime MS btime MS")
    largest = int(MAX_SECONDS * 1000)
    try:
        seconds = {
            word: read_whole_number(value, 0, largest, word) / 1000 for word, value in given.items()
        }
    except ValueError as error:
        raise ProtocolError(f"{error} milliseconds") from None
    side = "b" if turn is BLACK else "w"
    if not seconds[f"{side}time"]:
        # A clock at zero (the GUI lets the game go on, or its increment comes after the move):
        # a move at once beats none at all, so the fastest there is, one ply (or the book).
        return Limits(depth=1)
    target, spare = ai_move_budget(seconds[f"{side}time"], seconds.get(f"{side}inc", 0.0))
    return Limits(time=target, spare_time=spare)


def _limits_of(args: list[str], turn: Side = BLACK) -> Limits:
    """The limits of a `go` command for a position with `turn` to move."""
    if args[:1] and args[0] in _CLOCK_WORDS:
        return _clock_limits(args, turn)
    if len(args) != 2 or args[0] not in _LIMITS:
        raise ProtocolError(_GO_USE)
    largest, unit = _LIMITS[args[0]]
    try:
        value = read_whole_number(args[1], 1, largest, args[0])
    except ValueError as error:
        raise ProtocolError(f"{error} {unit}") from None
    if args[0] == "depth":
        return Limits(depth=value)
    if args[0] == "movetime":
        return Limits(time=value / 1000)
    return Limits(nodes=value)


class _Unreadable:
    """A line that could not be read as text (or lines dropped): what to answer instead."""

    def __init__(self, problem: str, dropped: int = 0) -> None:
        self.problem = problem
        self.dropped = dropped


def _raw_lines(source: Iterable[str] | Iterable[bytes]) -> Iterator[str | bytes | _Unreadable]:
    """The lines of `source`; from a stream, at most LINE_LIMIT bytes each (a longer one is
    skipped to its end and stands as a problem)."""
    readline = getattr(source, "readline", None)
    if readline is None:
        yield from source
        return
    while True:
        line = readline(LINE_LIMIT + 1)
        if not line:
            return
        if len(line) > LINE_LIMIT:
            end = line[-1:]
            while end not in ("\n", b"\n") and (rest := readline(LINE_LIMIT)):
                end = rest[-1:]
            yield _Unreadable(f"a line longer than {LINE_LIMIT:,} bytes was skipped")
            continue
        yield line


def _text(line: str | bytes | _Unreadable) -> str | _Unreadable:
    # A byte-order mark (some editors and Windows pipes start their text with one) is no command.
    if isinstance(line, bytes):
        try:
            return line.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as error:
            return _Unreadable(f"a line is not UTF-8 text (byte {line[error.start]:#04x})")
    return line.removeprefix("\ufeff") if isinstance(line, str) else line


BACKLOG_LIMIT = 16 << 20
"""Bytes of commands read ahead of the one carried out. Past it a line is dropped, with one
error line for each run of dropped lines, so a flood during a search cannot grow without end
and `stop`, `quit` and the end of input still reach the search at once."""


class _Backlog:
    """The lines read but not yet carried out: a queue bounded by their total size."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._items: collections.deque[str | _Unreadable | None] = collections.deque()
        self._size = 0
        self._dropped: _Unreadable | None = None  # the last run of dropped lines, still queued
        self._changed = threading.Condition()

    def put(self, item: str | _Unreadable | None, always: bool = False) -> bool:
        """Queue `item` (never waits); a line over the limit is dropped and counted, unless
        `always` (a small line that must be carried out, as `quit`). False if dropped."""
        size = len(item) if isinstance(item, str) else 0
        with self._changed:
            if size and self._size + size > self._limit and not always:
                run = self._dropped
                if run is None or not self._items or self._items[-1] is not run:
                    run = self._dropped = _Unreadable("")
                    self._items.append(run)
                run.dropped += 1
                run.problem = (
                    f"{run.dropped} command line(s) dropped: over "
                    f"{self._limit:,} bytes of commands were waiting for the search"
                )
                self._changed.notify_all()
                return False
            self._items.append(item)
            self._size += size
            self._changed.notify_all()
            return True

    def get(self) -> str | _Unreadable | None:
        """The oldest item, waiting for one."""
        with self._changed:
            self._changed.wait_for(lambda: bool(self._items))
            item = self._items.popleft()
            self._size -= len(item) if isinstance(item, str) else 0
            return item


def run_engine(lines: Iterable[str] | Iterable[bytes], out: TextIO, own_book: bool = True) -> int:
    """Serve the protocol until `quit` or the end of input; returns the exit status, or raises
    the OSError that made writing to `out` fail (which ends the session at once).

    `lines` is read on a thread of its own, so `stop` and the end of input reach a running
    search at once, even behind commands that wait for it; text or bytes (UTF-8) alike.
    `own_book` is the OwnBook option's value at the start.
    """

    failed: list[OSError] = []

    def write(line: str) -> None:
        if failed:
            return
        try:
            out.write(line + "\n")
            out.flush()
        except OSError as error:  # a closed pipe or a full disk: nobody can read the answers
            failed.append(error)
            session.interrupt()
            pending.put(None)

    session = EngineSession(write, own_book)
    pending = _Backlog(BACKLOG_LIMIT)

    def read() -> None:
        go_lines = 0
        try:
            for raw in _raw_lines(lines):
                line = _text(raw)
                is_quit = isinstance(line, str) and line.split()[:1] == ["quit"]
                queued = is_quit or pending.put(line)
                if isinstance(line, str):
                    if is_go(line):
                        go_lines += queued  # a dropped go is no search to number
                    elif line.split() == ["stop"]:
                        session.interrupt(go_lines)
                    elif is_quit:
                        # Every search ends now, even one a queued command waits for (a GUI
                        # waits for `bestmove` before it quits); never dropped.
                        session.interrupt()
                        pending.put(line, always=True)
                        return
        except OSError as error:  # the input itself failed: as good as its end
            pending.put(_Unreadable(f"reading the input failed: {error}"))
        # The end of input: nobody can send `stop` any more, so every search ends now.
        session.interrupt()
        pending.put(None)

    threading.Thread(target=read, name="engine input", daemon=True).start()
    while (line := pending.get()) is not None:
        if isinstance(line, _Unreadable):
            session.error(line.problem)
        elif not session.handle(line):
            break
    session.wait()
    if failed:
        raise failed[0]  # the caller reports it as for any other output
    return 0
