"""Every worker process the program starts ends by itself when its parent is killed.

Each test starts a parent process the way a player or a script does (the window's AI worker,
the window's review with its pool, `checkers match/endgame build/review --jobs 2`), waits until
its workers are searching, kills the parent with SIGKILL (no clean-up runs in it) and waits
until every worker is gone. Before the fix they went on searching for hours.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from checkers.board import Move, Position
from checkers.formats.pdn import PdnGame, write_game
from checkers.saves import DATA_DIR_ENV

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or not hasattr(os, "pidfd_open"),
    reason="the test reads /proc to find a parent's workers and waits on their pidfds",
)

CAP = 60.0
"""The most a test waits for a condition (workers up, workers gone); they take a second or two."""
LOOK_SECONDS = 0.2
"""How often /proc is read for workers while they start (a start has no event to wait on)."""

Process = tuple[int, int]
"""A process as (pid, start time): a pid reused by a new process is not the worker."""


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/pid/stat after the command name, or None if there is no such pid."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _descendants(root: int) -> set[Process]:
    """Every live process below `root`."""
    children: dict[int, list[int]] = {}
    started: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = _stat(int(entry))
        if fields is None or fields[0] in "ZX":
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        started[int(entry)] = int(fields[19])
    found: set[Process] = set()
    todo = list(children.get(root, []))
    while todo:
        pid = todo.pop()
        found.add((pid, started[pid]))
        todo.extend(children.get(pid, []))
    return found


def _command(pid: int) -> str:
    """A process's command line, for a failure's message."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return "?"


def _is_running(process: Process) -> bool:
    """Whether the process still runs (a zombie waiting to be reaped has ended)."""
    fields = _stat(process[0])
    return fields is not None and fields[0] not in "ZX" and int(fields[19]) == process[1]


def _until_started(condition: Callable[[], bool], parent: subprocess.Popen[str], what: str) -> None:
    """Wait until `condition()` holds (workers seen in /proc), waking when the parent ends
    (then it never will) or after a look interval: a process starting sends no event."""
    with _pidfd(parent.pid) as ended:
        for _ in range(round(CAP / LOOK_SECONDS)):  # a net against a hang, not a speed check
            if condition():
                return
            assert parent.poll() is None, f"the parent ended before {what}"
            select.select([ended], [], [], LOOK_SECONDS)
        assert condition(), f"gave up after {CAP / LOOK_SECONDS:.0f} looks waiting for {what}"


def _until_gone(found: set[Process]) -> list[Process]:
    """Wait until every process of `found` has ended, on each one's pidfd (readable when it
    exits); the ones still running after CAP seconds."""
    handles = {}
    for process in found:
        try:
            handle = os.pidfd_open(process[0])
        except ProcessLookupError:
            continue  # already gone
        if _is_running(process):  # the pid is still that process, not a new one
            handles[handle] = process
        else:
            os.close(handle)
    deadline = time.monotonic() + CAP
    try:
        while handles and time.monotonic() < deadline:
            ended, _, _ = select.select(list(handles), [], [], deadline - time.monotonic())
            for handle in ended:
                os.close(handle)
                del handles[handle]
    finally:
        left = list(handles.values())
        for handle in handles:
            os.close(handle)
    return left


@contextlib.contextmanager
def _pidfd(pid: int) -> Iterator[int]:
    """A descriptor that becomes readable when process `pid` ends."""
    handle = os.pidfd_open(pid)
    try:
        yield handle
    finally:
        os.close(handle)


def _read_line(parent: subprocess.Popen[str]) -> str:
    """The parent's next line on stdout, read without hanging past CAP if it never comes."""
    line: list[str] = []
    stdout = parent.stdout
    assert stdout is not None
    reader = threading.Thread(target=lambda: line.append(stdout.readline()), daemon=True)
    reader.start()
    reader.join(CAP)
    assert line and line[0], f"the parent said nothing in {CAP:.0f} s (exit code {parent.poll()})"
    return line[0].strip()


class Parents:
    """Parent processes started for a test, and every process seen below them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.started: list[subprocess.Popen[str]] = []
        self.seen: set[Process] = set()

    def start(self, *arguments: str) -> subprocess.Popen[str]:
        """Run this Python with `arguments`, in the test's folder, with its own data folder."""
        parent = subprocess.Popen(
            [sys.executable, *arguments],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=self.folder,
            env={**os.environ, DATA_DIR_ENV: str(self.folder / "data")},
        )
        self.started.append(parent)
        return parent

    def kill_and_expect_gone(
        self, parent: subprocess.Popen[str], workers: int, spared: frozenset[int] = frozenset()
    ) -> None:
        """Wait until `parent` has `workers` processes below it (besides `spared`), kill it
        with SIGKILL, and wait until all of them have ended."""

        def below() -> set[Process]:
            found = _descendants(parent.pid)
            if spared:
                # The standard library's resource tracker ends when the last copy of its pipe
                # closes, and the spared pipe holder keeps one: not a worker of ours.
                spared_too = {pid for pid, _ in found if "resource_tracker" in _command(pid)}
                self.seen |= found
                return {process for process in found if process[0] not in spared | spared_too}
            return found

        _until_started(lambda: len(below()) >= workers, parent, f"{workers} workers to start")
        found = below()
        self.seen |= found
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        left = _until_gone(found)
        running = [_command(process[0]) for process in left]
        assert not running, f"still running {CAP:.0f} s after their parent was killed: {running}"

    def clean_up(self) -> None:
        """Kill every parent and anything left below them (the test's own pipe holders too)."""
        for parent in self.started:
            self.seen |= _descendants(parent.pid)
            parent.kill()
            parent.wait()
            if parent.stdout is not None:
                parent.stdout.close()
        for process in self.seen:
            if _is_running(process):
                os.kill(process[0], signal.SIGKILL)


@pytest.fixture
def parents(tmp_path: Path) -> Iterator[Parents]:
    """Start parent processes; whatever a test leaves running is killed afterwards."""
    kept = Parents(tmp_path)
    yield kept
    kept.clean_up()


# The window's side of a worker, started as the game starts it. A process forked afterwards (as
# a pool started by fork does, or a test's helper) holds a copy of every pipe to the worker: the
# worker must not rely on seeing the pipe close. The parent prints that copy holder's pid.
_FORK_A_PIPE_HOLDER = """
    import signal
    holder = os.fork()
    if holder == 0:
        signal.pause()  # until the test kills it
        os._exit(0)
    print(holder, flush=True)
    signal.pause()  # until the test kills it
"""

_AI_PARENT = """
    import os, time
    from checkers.board import Position
    from checkers.gui.aiworker import AIAnalysis, AIClient

    client = AIClient()
    client.analyse(Position(), 2)  # an analysis runs until cancelled: it never ends by itself
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        client.wait(1.0)
        if any(isinstance(event, AIAnalysis) for event in client.poll()):
            break
"""

_REVIEW_PARENT = """
    import os, time
    from checkers.ai import Limits
    from checkers.board import Move, Position
    from checkers.gui.review_worker import ReviewClient, ReviewMove
    from checkers.review import ReviewSetting

    position, moves = Position(), []
    for text in ("11-15", "23-19", "8-11", "22-17", "9-13", "17-14"):
        moves.append(Move.from_pdn(text, position))
        position = position.move(moves[-1])
    client = ReviewClient()
    # A minute a position: the pool is searching when the window is killed.
    client.start(Position(), moves, ReviewSetting(Limits(time=60.0)), jobs=2)
"""


def _read_holder(parent: subprocess.Popen[str], parents: Parents) -> frozenset[int]:
    """The pid of the parent's pipe holder, which the test kills itself."""
    holder = int(_read_line(parent))
    parents.seen.add(next(process for process in _descendants(parent.pid) if process[0] == holder))
    return frozenset({holder})


def _opening() -> tuple[Move, ...]:
    """The first six moves of a game (each a minute of search to review)."""
    position, moves = Position(), []
    for text in ("11-15", "23-19", "8-11", "22-17", "9-13", "17-14"):
        moves.append(Move.from_pdn(text, position))
        position = position.move(moves[-1])
    return tuple(moves)


def test_the_ai_worker_ends_when_the_window_is_killed(parents: Parents) -> None:
    parent = parents.start("-c", textwrap.dedent(_AI_PARENT) + textwrap.dedent(_FORK_A_PIPE_HOLDER))
    parents.kill_and_expect_gone(parent, workers=1, spared=_read_holder(parent, parents))


def test_the_review_and_its_pool_end_when_the_window_is_killed(parents: Parents) -> None:
    code = textwrap.dedent(_REVIEW_PARENT) + textwrap.dedent(_FORK_A_PIPE_HOLDER)
    parent = parents.start("-c", code)
    # The review process and its two searching workers.
    parents.kill_and_expect_gone(parent, workers=3, spared=_read_holder(parent, parents))


def test_a_match_s_workers_end_when_the_command_is_killed(parents: Parents) -> None:
    parent = parents.start("-m", "checkers", "match", "--jobs", "2", "--games", "4", "--time", "30")
    parents.kill_and_expect_gone(parent, workers=2)


def test_an_endgame_build_s_workers_end_when_the_command_is_killed(
    parents: Parents, tmp_path: Path
) -> None:
    out = str(tmp_path / "endgame")
    command = ("-m", "checkers", "endgame", "build", "--jobs", "2", "--pieces", "5")
    parent = parents.start(*command, "--from-scratch", "--out", out)
    parents.kill_and_expect_gone(parent, workers=2)


def test_a_review_s_workers_end_when_the_command_is_killed(
    parents: Parents, tmp_path: Path
) -> None:
    game = tmp_path / "game.pdn"
    game.write_text(
        write_game(PdnGame({"Event": "test"}, Position(), list(_opening()), "*")), "utf-8"
    )
    parent = parents.start("-m", "checkers", "review", "--jobs", "2", "--time", "60", str(game))
    parents.kill_and_expect_gone(parent, workers=2)
