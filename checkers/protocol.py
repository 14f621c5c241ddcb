"""`checkers engine`: the engine behind a line protocol on stdin/stdout, for GUIs and scripts.

Commands (one per line):
  isready                                   -> readyok
  newgame                                   forget the game (and the engine's tables)
  position startpos [moves M ...]           the initial position, then moves in PDN
  position fen FEN [moves M ...]
  go depth D | go movetime MS | go nodes N  search; `info` lines per depth, then `bestmove`
  stop                                      end the search now; its best move is still sent
  setoption name Algorithm|Evaluation value V
  quit
Answers: `info depth D score S nodes N nps R pv M ...` after each completed depth, then
`bestmove M` (PDN, captures with every landing square) or `bestmove none`. A command that needs
the game (position, go, newgame, setoption) waits until a running search has answered. Anything
wrong with a
command gets `info string error: ...` and the engine keeps running. Scores are from the side to
move's point of view; a forced win scores 1000000 minus the plies it takes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import TextIO

from checkers.ai import Limits, Progress, SearchResult, StopSignal
from checkers.ai.engine import Engine
from checkers.ai.registry import get_algorithm, get_evaluation, search
from checkers.board import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Position,
)
from checkers.record import GameRecord

__all__ = ["EngineSession", "format_info", "run_engine"]


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

    def __init__(self, write: Callable[[str], None]) -> None:
        self._write_line = write
        self._write_lock = threading.Lock()
        self.record = GameRecord()
        self.algorithm = "engine"
        self.evaluation: str | None = None
        self.engine = Engine()
        self._stop = StopSignal()
        self._worker: threading.Thread | None = None
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
        command = self._commands.get(words[0])
        try:
            if command is None:
                raise ProtocolError(
                    f"unknown command {words[0]!r}; known: " + ", ".join(sorted(self._commands))
                )
            return command(words[1:])
        except ProtocolError as error:
            self.write(f"info string error: {error}")
            return True

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
        self.write("readyok")
        return True

    def _newgame(self, args: list[str]) -> bool:
        self._finish_search()
        self.record = GameRecord()
        self.engine.new_game()
        return True

    def _position(self, args: list[str]) -> bool:
        self._finish_search()
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
                raise ProtocolError(f"invalid FEN {text!r}: {error}") from None
        else:
            raise ProtocolError(
                "position needs 'startpos' or 'fen FEN', then optionally 'moves M ...'"
            )
        record = GameRecord(start)
        for number, text in enumerate(moves, 1):
            try:
                record.play(Move.from_pdn(text, record.position))
            except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
                raise ProtocolError(f"move {number} ({text}): {error}") from None
        self.record = record  # only a wholly valid command replaces the game
        return True

    def _go(self, args: list[str]) -> bool:
        self._finish_search()
        limits = _limits_of(args)
        self._stop = StopSignal()
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
            raise ProtocolError("use: setoption name Algorithm|Evaluation value V")
        name, value = args[1].lower(), args[3]
        try:
            if name == "algorithm":
                get_algorithm(value)
                self.algorithm = value
            elif name == "evaluation":
                get_evaluation(value)
                self.evaluation = value
                self.engine.set_evaluation(value)
            else:
                raise ProtocolError(f"unknown option {args[1]!r}; options: Algorithm, Evaluation")
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
        report = lambda progress: self.write(format_info(progress))
        try:
            if self.algorithm == "engine" and self.evaluation in (None, "engine"):
                result = self.engine.search(
                    position,
                    limits,
                    report,
                    stop,
                    self.record.positions,
                    self.record.no_progress_plies,
                )
            else:
                result = search(
                    position,
                    limits,
                    self.algorithm,
                    self.evaluation,
                    report,
                    stop,
                    self.record.positions,
                    self.record.no_progress_plies,
                )
        except Exception as error:  # noqa: BLE001 - the engine must stay up and still answer
            self.write(f"info string error: search failed: {error}")
            legal = position.legal_moves()
            result = SearchResult(legal[0] if legal else None, 0.0, 0, 0)
        self.write(f"bestmove {result.move.pdn() if result.move else 'none'}")


def _limits_of(args: list[str]) -> Limits:
    """The limits of a `go` command."""
    if len(args) != 2 or args[0] not in ("depth", "movetime", "nodes"):
        raise ProtocolError("use: go depth D | go movetime MS | go nodes N")
    try:
        value = int(args[1])
    except ValueError:
        raise ProtocolError(f"{args[0]} must be a whole number, got {args[1]!r}") from None
    if value < 1:
        raise ProtocolError(f"{args[0]} must be 1 or more, got {value}")
    if args[0] == "depth":
        return Limits(depth=value)
    if args[0] == "movetime":
        return Limits(time=value / 1000)
    return Limits(nodes=value)


def run_engine(lines: Iterable[str], out: TextIO) -> int:
    """Serve the protocol until `quit` or the end of input; returns the exit status."""

    def write(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    session = EngineSession(write)
    for line in lines:
        if not session.handle(line):
            return 0
    session.wait()  # at end of input, let a running search finish and answer
    return 0
