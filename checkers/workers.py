"""Worker processes that end themselves when the process that started them dies.

Pure standard library. Every process the program starts (the window's AI and review processes,
the review's search pool, the pools of `checkers match`, `endgame build`, `book build` and
`perft`) calls `exit_with_parent()` first, or is made by `process_pool()`, which does it for
each worker. Without it a killed parent (SIGKILL, a crash, an out-of-memory kill) left its
workers searching on their own for hours: a pool's workers go on with the tasks already in
their queue, then wait forever for more. `when_orphaned` adds what such a worker must do first
(a match worker ends its external engines); `end_workers` ends a pool's workers at once;
`check_alive` turns a worker that died under its parent (killed, out of memory, unable to
start) into WorkerDied, where a pool would otherwise wait for its lost task for ever.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from contextlib import suppress
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any

__all__ = [
    "ORPHANED_EXIT_CODE",
    "PARENT_CHECK_SECONDS",
    "WorkerDied",
    "check_alive",
    "end_workers",
    "exit_with_parent",
    "process_pool",
    "status_sender",
    "stop_listener",
    "when_orphaned",
]

PARENT_CHECK_SECONDS = 0.5
"""How often a worker looks whether its parent still lives: one system call each time."""

ORPHANED_EXIT_CODE = 70
"""A worker that ended because its parent died exits with this code (nobody is left to read
it; it tells such an exit apart in a trace)."""

_ON_ORPHANED: list[Callable[[], object]] = []


def when_orphaned(action: Callable[[], object]) -> None:
    """Have `action()` run (on the watcher thread, so it must be quick and thread-safe) when
    this worker ends because its parent died: what it started that would outlive it."""
    _ON_ORPHANED.append(action)


def exit_with_parent() -> None:
    """In a process started by multiprocessing: end it within about PARENT_CHECK_SECONDS of
    its parent's death, whatever it is doing. Does nothing in any other process."""
    parent = multiprocessing.parent_process()
    if parent is None or parent.pid is None:
        return
    threading.Thread(
        target=_watch_parent, args=(parent.pid, parent.sentinel), name="parent-watch", daemon=True
    ).start()


def _watch_parent(parent_pid: int, sentinel: int) -> None:
    # Why a parent-pid check and not the other ways:
    # - The end of a pipe from the parent is not seen while another process holds a copy of
    #   its writing end, and every process forked meanwhile (a match or endgame pool on
    #   Linux, a test's subprocess) does: the AI worker analysed on for hours that way.
    # - PR_SET_PDEATHSIG fires when the *thread* that started the child ends (a pool's
    #   handler thread), not the process, and exists only on Linux.
    # A dead parent's children are handed to another process (init or a subreaper) on every
    # POSIX system, so the parent pid changing is certain and needs nothing held open.
    # Windows keeps the old parent pid; there the sentinel is a handle on the parent process
    # itself, signalled when it exits (no fork there, so no copy can keep it alive).
    if sys.platform == "win32":
        multiprocessing.connection.wait([sentinel])
    else:
        while os.getppid() == parent_pid:
            time.sleep(PARENT_CHECK_SECONDS)
    for action in _ON_ORPHANED:
        with suppress(Exception):  # whatever fails, the worker must still end
            action()
    # Nothing is left to report to: end at once, without running exit handlers that could
    # wait on the dead parent (a pool's queues, a pipe's lock).
    os._exit(ORPHANED_EXIT_CODE)


def _start_worker(initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    """A pool worker's start: watch the parent, then the caller's own initializer."""
    exit_with_parent()
    if initializer is not None:
        initializer(*initargs)


def process_pool(
    jobs: int | None,
    initializer: Callable[..., object] | None = None,
    initargs: tuple[Any, ...] = (),
    context: BaseContext | None = None,
) -> ProcessPoolExecutor:
    """A ProcessPoolExecutor of `jobs` workers (None: one per core) whose workers exit by
    themselves if this process dies; `initializer(*initargs)` runs in each worker first."""
    return ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=context,
        initializer=_start_worker,
        initargs=(initializer, initargs),
    )


def end_workers(pool: ProcessPoolExecutor) -> None:
    """Send each of the pool's workers SIGTERM (TerminateProcess on Windows), without waiting:
    the tasks under way are dropped, and a worker's own SIGTERM handler may clean up first."""
    # ProcessPoolExecutor has no public way to its workers before Python 3.14's
    # terminate_workers(); its `_processes` map (pid: Process) has been there since 3.2.
    processes: dict[int, multiprocessing.Process] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        with suppress(OSError, ValueError, AttributeError):  # already ended, or closed
            process.terminate()


class WorkerDied(ChildProcessError):
    """A worker process ended before its work was done: killed (the out-of-memory killer, a
    kill) or unable to start. An OSError, so every command reports it in one line."""


def check_alive(processes: Iterable[BaseProcess]) -> None:
    """Raise WorkerDied, saying how, if any of `processes` has ended (without waiting)."""
    watched = list(processes)
    # A sentinel turns readable when its process ends, whoever reaps it (a pool's own thread).
    ended = multiprocessing.connection.wait([process.sentinel for process in watched], 0)
    for process in watched:
        if process.sentinel in ended:
            raise WorkerDied(f"worker process {process.pid} {_how_ended(_exit_code(process))}")


def _exit_code(process: BaseProcess, cap: float = 1.0) -> int | None:
    """The exit code of an ended process. Another thread (a pool's) may be reaping it this
    very moment: the code then shows on the shared Process object a moment later, so it is
    looked at again until it does, for at most `cap` seconds."""
    deadline = time.monotonic() + cap
    code = process.exitcode
    while code is None and time.monotonic() < deadline:
        time.sleep(0.005)
        code = process.exitcode
    return code


def _how_ended(code: int | None) -> str:
    if code is None:  # reaped elsewhere and its status never shown to us
        return "ended"
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with status {code}"


def stop_listener(requests: multiprocessing.connection.Connection, name: str) -> threading.Event:
    """An event set when a build process's parent sends anything (a stop) or its end of the
    pipe closes (the window is gone), heard on a thread of its own."""
    stopped = threading.Event()

    def listen() -> None:
        try:
            requests.recv()
        except (EOFError, OSError):
            pass
        stopped.set()

    threading.Thread(target=listen, name=name, daemon=True).start()
    return stopped


def status_sender(
    replies: multiprocessing.connection.Connection, every: float = 0.5
) -> Callable[[str], None]:
    """A function that sends `("status", words)` up the pipe at most once every `every`
    seconds: a build reports as often as it likes, the window reads a few a second."""
    said = 0.0

    def status(words: str) -> None:
        nonlocal said
        if time.monotonic() - said >= every:
            said = time.monotonic()
            replies.send(("status", words))

    return status
