"""The engine protocol under hostile input: bad bytes, garbage, huge numbers, stop and EOF.

Each behaviour is checked on the real process (pipes) and in-process. Nothing waits on the
clock: every wait is for a line to appear, with a generous cap so a broken engine fails the
test instead of hanging it.
"""

from __future__ import annotations

import io
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from checkers.board import Move, Position
from checkers.protocol import run_engine

CAP = 120.0  # seconds: only a broken engine gets near it


class Lines:
    """Lines seen so far, with a wait for one that matches."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.changed = threading.Condition()

    def add(self, line: str) -> None:
        with self.changed:
            self.lines.append(line)
            self.changed.notify_all()

    def wait_for(self, test: Callable[[list[str]], bool]) -> list[str]:
        with self.changed:
            assert self.changed.wait_for(lambda: test(self.lines), timeout=CAP), self.lines
            return list(self.lines)


def count(prefix: str) -> Callable[[list[str]], int]:
    return lambda lines: sum(line.startswith(prefix) for line in lines)


def at_least(prefix: str, n: int = 1) -> Callable[[list[str]], bool]:
    return lambda lines: count(prefix)(lines) >= n


class EngineProcess:
    """`python -m checkers engine` with pipes; its output lines collected on a thread."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            # --no-book: these tests are about searches, which a book hit would not start.
            [sys.executable, "-m", "checkers", "engine", "--no-book"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.out = Lines()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.out.add(raw.decode("utf-8").rstrip("\n"))

    def send(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def close_input(self) -> int:
        """End the input; the exit status once the process has ended."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        status = self.process.wait(timeout=CAP)
        self.reader.join(timeout=CAP)
        return status

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=CAP)


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    process = EngineProcess()
    yield process
    process.kill()


class InProcess:
    """run_engine on a thread, fed line by line as a test sends them; EOF on close."""

    def __init__(self) -> None:
        self.out = Lines()
        self.inbox: list[str | None] = []
        self.ready = threading.Condition()
        outer = self

        class Out(io.StringIO):
            def write(self, text: str) -> int:
                for line in text.splitlines():
                    outer.out.add(line)
                return len(text)

        self.status: list[int] = []
        self.thread = threading.Thread(
            target=lambda: self.status.append(run_engine(self._lines(), Out(), own_book=False)),
            daemon=True,
        )
        self.thread.start()

    def _lines(self) -> Iterator[str]:
        while True:
            with self.ready:
                self.ready.wait_for(lambda: bool(self.inbox))
                line = self.inbox.pop(0)
            if line is None:
                return
            yield line

    def send(self, *lines: str) -> None:
        with self.ready:
            self.inbox.extend(lines)
            self.ready.notify_all()

    def close_input(self) -> int:
        with self.ready:
            self.inbox.append(None)
            self.ready.notify_all()
        self.thread.join(timeout=CAP)
        assert not self.thread.is_alive()
        return self.status[0]


# --- the real process -------------------------------------------------------------------------


def test_end_of_input_ends_the_engine_in_the_middle_of_a_deep_search(
    engine: EngineProcess,
) -> None:
    engine.send(b"go depth 200\n")
    engine.out.wait_for(at_least("info depth 2"))  # the search is under way
    assert engine.close_input() == 0
    assert engine.out.lines[-1].startswith("bestmove ") and engine.out.lines[-1] != "bestmove none"


@pytest.mark.parametrize("then_end_input", [False, True])
@pytest.mark.parametrize("queued", [b"", b"position startpos moves 11-15\n", b"go depth 30\n"])
def test_quit_ends_a_deep_search_at_once_even_behind_a_waiting_command(
    engine: EngineProcess, queued: bytes, then_end_input: bool
) -> None:
    engine.send(b"go depth 30\n")
    engine.out.wait_for(at_least("info depth 2"))  # the search is under way
    engine.send(queued + b"quit\n")  # a queued position or go waits for the search
    if then_end_input:
        assert engine.close_input() == 0
    else:  # the input stays open, as a GUI's pipe does: quit alone must end the process
        assert engine.process.wait(timeout=CAP) == 0
    engine.reader.join(timeout=CAP)
    best = [line for line in engine.out.lines if line.startswith("bestmove ")]
    assert best and best[0] != "bestmove none"  # the best move found so far
    assert len(best) == (2 if queued.startswith(b"go") else 1)


def test_a_line_that_is_not_utf8_gets_an_error_and_the_engine_goes_on(
    engine: EngineProcess,
) -> None:
    engine.send(b"\xff\xfe\x80 isready\nisready\n")
    lines = engine.out.wait_for(at_least("readyok"))
    assert lines[0] == "info string error: a line is not UTF-8 text (byte 0xff)"
    assert lines[1:] == ["readyok"]
    assert engine.close_input() == 0


@pytest.mark.parametrize(
    "queued",
    [
        b"position startpos moves 11-15\n",
        b"go depth 200\n",
        b"setoption name Evaluation value seed\n",
        b"newgame\n",
    ],
)
def test_stop_is_answered_at_once_behind_a_queued_command(
    engine: EngineProcess, queued: bytes
) -> None:
    engine.send(b"go depth 200\n")
    engine.out.wait_for(at_least("info depth 2"))
    # The queued command waits for the search; the stop behind it must still reach it.
    engine.send(queued + b"stop\nisready\n")
    lines = engine.out.wait_for(at_least("readyok"))
    expected = 2 if queued.startswith(b"go") else 1  # a queued go was stopped too
    assert count("bestmove ")(lines) == expected
    assert lines[-1] == "readyok"
    assert engine.close_input() == 0


def test_garbage_and_huge_numbers_get_error_lines_and_the_engine_keeps_working(
    engine: EngineProcess,
) -> None:
    garbage = [
        b"hello world",
        b"go depth " + b"9" * 5000,
        b"go movetime " + b"9" * 5000,
        b"go nodes -5",
        b"go depth 1000",
        b"go depth \xd9\xa3",  # Arabic-Indic three
        b"position fen B:W21:B" + b"9" * 5000,
        b"position fen B:W20:B1-13",
        b"position startpos moves " + b"1" * 5000,
        b"setoption name " + b"x" * 5000 + b" value y",
        b"\x1b[2J\x00",
    ]
    engine.send(b"\n".join(garbage) + b"\nposition startpos\ngo depth 3\n")
    lines = engine.out.wait_for(at_least("bestmove "))
    errors = [line for line in lines if line.startswith("info string error: ")]
    assert len(errors) == len(garbage)
    assert all(len(line) < 600 for line in errors)
    assert "at most 200 plies" in errors[1] and "at most 200 plies" in errors[4]
    assert "Black has 13 pieces; a side has at most 12" in errors[7]
    assert "\\x1b" in errors[-1]  # shown escaped, not sent to the terminal
    assert lines[-1] in {f"bestmove {m}" for m in ("9-13", "9-14", "10-14", "10-15", "11-15")} | {
        f"bestmove {m}" for m in ("11-16", "12-16")
    }
    assert engine.close_input() == 0


# --- in-process -------------------------------------------------------------------------------


def test_in_process_end_of_input_stops_the_search_and_returns() -> None:
    session = InProcess()
    session.send("go depth 200")
    session.out.wait_for(at_least("info depth 2"))
    assert session.close_input() == 0
    assert session.out.lines[-1].startswith("bestmove ")


def test_in_process_stop_behind_a_queued_position() -> None:
    session = InProcess()
    session.send("go depth 200")
    session.out.wait_for(at_least("info depth 2"))
    session.send("position startpos moves 11-15", "stop", "go depth 2", "isready")
    # The stop ended the first search; the game then changed and a new search ran to depth 2.
    lines = session.out.wait_for(
        lambda seen: at_least("readyok")(seen) and count("bestmove ")(seen) == 2
    )
    first = next(i for i, line in enumerate(lines) if line.startswith("bestmove "))
    second_search = [line.split()[2] for line in lines[first:] if line.startswith("info depth")]
    assert second_search == ["1", "2"]
    last = next(line for line in reversed(lines) if line.startswith("bestmove "))
    after = Position().move(Move.from_pdn("11-15"))
    assert Move.from_pdn(last.split()[1]) in after.legal_moves()
    assert session.close_input() == 0


def test_in_process_end_of_input_behind_a_queued_position() -> None:
    session = InProcess()
    session.send("go depth 200")
    session.out.wait_for(at_least("info depth 2"))
    session.send("position startpos moves 11-15", "go depth 200")
    assert session.close_input() == 0
    assert count("bestmove ")(session.out.lines) == 2


def test_in_process_bytes_lines_are_decoded_or_refused() -> None:
    out = io.StringIO()
    assert run_engine([b"isready\n", b"\xc3\x28\n", b"isready\n"], out) == 0
    assert out.getvalue().splitlines() == [
        "readyok",
        "info string error: a line is not UTF-8 text (byte 0xc3)",
        "readyok",
    ]


def test_an_over_long_line_is_skipped_with_an_error() -> None:
    out = io.StringIO()
    source = io.BytesIO(b"position startpos moves " + b"11-15 " * 200_000 + b"\nisready\n")
    assert run_engine(source, out) == 0
    assert out.getvalue().splitlines() == [
        "info string error: a line longer than 1,048,576 bytes was skipped",
        "readyok",
    ]


@pytest.mark.parametrize(
    "history",
    [
        # Past a threefold repetition: the position after 32-28 is there for the third time.
        "32-28 1-5 28-32 5-1 32-28 1-5 28-32 5-1 32-28",
        # Past the 40-move count: 84 king moves with no capture and no man move.
        " ".join(["32-28 1-5 28-32 5-1"] * 21),
    ],
    ids=["repetition", "forty-move count"],
)
def test_a_position_whose_moves_go_past_a_draw_is_replayed_and_searched(history: str) -> None:
    out = io.StringIO()
    lines = [f"position fen W:WK32:BK1 moves {history}\n", "go depth 3\n", "isready\n"]
    assert run_engine(lines, out) == 0
    answer = out.getvalue().splitlines()
    assert not [line for line in answer if "error" in line], answer
    assert "readyok" in answer
    best = next(line for line in answer if line.startswith("bestmove "))
    position = Position.from_fen("W:WK32:BK1")
    for text in history.split():
        position = position.move(Move.from_pdn(text, position))
    assert Move.from_pdn(best.split()[1], position) in position.legal_moves()


def _backlog_full(session: InProcess) -> bool:
    with session.ready:
        return not session.inbox  # every line handed to the engine's reader


def test_a_flood_of_long_lines_during_a_search_is_bounded_and_the_end_still_stops_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from checkers import protocol

    monkeypatch.setattr(protocol, "BACKLOG_LIMIT", 1 << 20)
    line = "position startpos moves" + " 11-15" * 1000 + "\n"  # 6 KB, refused (illegal)
    session = InProcess()
    session.send("go depth 200")
    session.out.wait_for(at_least("info depth 2"))
    session.send(*[line] * 400)  # 2.4 MB behind a search that would never end
    session.out.wait_for(lambda _: _backlog_full(session))
    assert session.close_input() == 0  # the end of input still reaches the search at once
    lines = session.out.lines
    refused = sum("move 2 (11-15)" in text for text in lines)
    dropped = [text for text in lines if "dropped" in text]
    assert dropped and count("bestmove ")(lines) == 1
    # About 1 MB of the lines were kept and answered; the rest were dropped, one error line
    # for each run of them (a line taken meanwhile by the engine's loop ends a run).
    number = sum(int(text.split("error: ")[1].split()[0]) for text in dropped)
    assert refused + number == 400 and 100 < refused < 200 and len(dropped) < 5


# --- answers a GUI can rely on (issue 34) -----------------------------------------------------


def test_a_go_after_a_refused_position_searches_nothing_and_says_so() -> None:
    out = io.StringIO()
    lines = [
        "position startpos moves 11-15\n",
        "position startpos moves 11-15 11-15\n",  # refused: the second 11-15 is not legal
        "go depth 2\n",
        "position startpos moves 11-15 23-19\n",
        "go depth 1\n",
    ]
    assert run_engine(lines, out, own_book=False) == 0
    answer = out.getvalue().splitlines()
    refused = answer.index("bestmove none")
    assert answer[0].startswith("info string error: move 2 (11-15)")
    assert answer[1:refused] == [
        "info string error: no position to search: the last `position` was refused"
    ]
    best = next(line for line in answer[refused + 1 :] if line.startswith("bestmove "))
    position = Position().move(Move.from_pdn("11-15")).move(Move.from_pdn("23-19"))
    assert Move.from_pdn(best.split()[1], position) in position.legal_moves()


def test_a_clock_at_zero_gets_a_move_at_once() -> None:
    session = InProcess()  # the input stays open, as a GUI's does: no end of input stops it
    session.send("position startpos moves 11-15", "go wtime 0 btime 60000")
    answer = session.out.wait_for(at_least("bestmove "))
    assert not [line for line in answer if "error" in line], answer
    position = Position().move(Move.from_pdn("11-15"))
    assert Move.from_pdn(answer[-1].removeprefix("bestmove "), position) in position.legal_moves()
    # One ply: the fastest legal answer there is.
    assert [line.split()[2] for line in answer if line.startswith("info depth")] == ["1"]
    assert session.close_input() == 0
