"""The endgame tables a drill needs beyond the shipped ones, built on demand into the user's
endgame directory: in the caller's process (the command line) or in a process of their own (the
window, `TableBuild`), so nothing waits on a build it did not ask to wait for.

Pure Python, no pygame. A drill's play reaches its own slice, those where men are crowned, and
through captures the slices of fewer pieces: the shipped ones hold up to 4 pieces, so a 6-piece
ending also needs the 5-piece slices its captures lead to. Each needed slice is built with `checkers.ai.endgame_build.build_slice` (written
atomically, so a build that is stopped leaves no file and the next request builds it again), a
damaged file (wrong header, size or checksum) is built again, and a sound one is reused.
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

from checkers.ai.endgame import (
    SHIPPED_DIRECTORY,
    CorruptSliceError,
    Material,
    canonical,
    default_endgames,
    half_size,
    read_slice,
    slice_file_name,
    user_directory,
)
from checkers.ai.endgame_build import (
    BuildStopped,
    MissingSliceError,
    SliceStats,
    build_slice,
    compiled_core,
    compiled_core_cached,
    dependencies,
)
from checkers.board import Position
from checkers.workers import exit_with_parent, status_sender, stop_listener

__all__ = [
    "LONG_BUILD_SECONDS",
    "SHIPPED_PIECES",
    "TableBuild",
    "TablesBuilt",
    "TablesFailed",
    "TablesStatus",
    "build_seconds",
    "missing_tables",
    "prepare_tables",
    "seconds_words",
    "tables_needed",
]

SHIPPED_PIECES = 4
"""The package's slices hold every position of up to this many pieces."""

LONG_BUILD_SECONDS = 120.0
"""A build expected to take longer is said to be long before it starts (the drill's note)."""

# Seconds per index of a slice (both sides to move), from eg5-0302 (4.9 million indices) built by
# `checkers drills 4` into an empty data directory on this project's 2-core machine, whole
# process (benchmarks/drill_tables.py): 3.4 s wall on the compiled core with numba's cache warm
# (median of 5; 2.3 s of processor time), 14 s with numba's cache empty (it compiles the
# builder first); 40 s wall in pure Python (median of 2; 28 s of processor time), 70 s while
# other work kept the machine four times over busy. The estimate errs on the long side.
_COMPILED_SECONDS_PER_INDEX = 0.65e-6
_PYTHON_SECONDS_PER_INDEX = 10.5e-6
_COMPILED_START_SECONDS = 1.5
_COMPILING_SECONDS = 14.0
_PYTHON_START_SECONDS = 1.0


def _reachable(material: Material) -> set[Material]:
    """Every stored slice that play from `material` can reach by captures and crownings, its
    own included (the closure of `dependencies`, which lists one move's worth)."""
    found = {canonical(material)}
    todo = list(found)
    while todo:
        for reached in dependencies(todo.pop()):
            if reached not in found:
                found.add(reached)
                todo.append(reached)
    return found


def tables_needed(position: Position) -> list[Material]:
    """The stored slices beyond the shipped ones that play from `position` can reach, by
    crowning men or by captures, in the order they are built in: fewer pieces first, then
    fewer men (a slice's build reads the slices its captures and crownings lead to)."""
    black_kings = (position.black & position.kings).bit_count()
    white_kings = (position.white & position.kings).bit_count()
    material = (
        position.black.bit_count() - black_kings,
        black_kings,
        position.white.bit_count() - white_kings,
        white_kings,
    )
    if sum(material) <= SHIPPED_PIECES or not (position.black and position.white):
        return []
    found = {reached for reached in _reachable(material) if sum(reached) > SHIPPED_PIECES}
    return sorted(found, key=lambda m: (sum(m), m[0] + m[2], m))


def _sound(path: Path, material: Material) -> bool:
    """Whether a whole, undamaged slice file of `material` is at `path` (checksum checked)."""
    try:
        read_slice(path, material)
    except (CorruptSliceError, OSError, zlib.error, MemoryError):  # absent, unreadable, damaged
        return False
    return True


def missing_tables(
    materials: Sequence[Material], directories: Sequence[Path] | None = None
) -> list[Material]:
    """The slices of `materials` that no directory holds whole (absent or damaged), in order;
    by default the user's endgame directory and the shipped one."""
    where = [user_directory(), SHIPPED_DIRECTORY] if directories is None else list(directories)
    return [
        material
        for material in materials
        if not any(_sound(directory / slice_file_name(material), material) for directory in where)
    ]


def build_seconds(materials: Sequence[Material], compiled: bool | None = None) -> float:
    """About how long building these slices takes here, the first time (the compiled core if it
    runs here, unless `compiled` says which)."""
    if not materials:
        return 0.0
    on_compiled = compiled_core() if compiled is None else compiled
    indices = sum(2 * half_size(material) for material in materials)
    if on_compiled:
        start = _COMPILED_START_SECONDS + (0.0 if compiled_core_cached() else _COMPILING_SECONDS)
        return start + indices * _COMPILED_SECONDS_PER_INDEX
    return _PYTHON_START_SECONDS + indices * _PYTHON_SECONDS_PER_INDEX


def seconds_words(seconds: float) -> str:
    """`about 15 seconds`, `about 3 minutes`: a build's length, rounded up, in a player's words."""
    if seconds <= 90:
        return f"about {max(5, 5 * math.ceil(seconds / 5))} seconds"
    return f"about {math.ceil(seconds / 60)} minutes"


def prepare_tables(
    materials: Sequence[Material],
    out: Path | None = None,
    status: Callable[[str], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[SliceStats]:
    """Build the slices of `materials` that are missing or damaged into `out` (the user's
    endgame directory by default), in order, reading the shipped slices; returns what was built.

    The default databases then look again for slices they found missing, so a probe through
    `default_endgames()` sees the new ones. BuildStopped if `stop` says so (built slices stay);
    OSError if the directory cannot be written; MissingSliceError if an input is missing.
    """
    directory = user_directory() if out is None else out
    todo = missing_tables(materials, [directory, SHIPPED_DIRECTORY])
    built: list[SliceStats] = []
    if todo:
        directory.mkdir(parents=True, exist_ok=True)
    for material in todo:
        if stop is not None and stop():
            raise BuildStopped("before " + slice_file_name(material))
        if status is not None:
            status(f"building {slice_file_name(material)}")
        built.append(build_slice(material, directory, [SHIPPED_DIRECTORY], stop, status))
    if built:
        default_endgames().forget_missing()
    return built


# --- the window's build, in its own process --------------------------------------------------------


@dataclass(frozen=True)
class TablesStatus:
    """The build says how far it is (a few words, for a log rather than a player)."""

    words: str


@dataclass(frozen=True)
class TablesBuilt:
    """Every needed slice is on disk; how many were built and in how many seconds."""

    built: int
    seconds: float


@dataclass(frozen=True)
class TablesFailed:
    """The build failed; the message is for the player."""

    message: str


TablesEvent = TablesStatus | TablesBuilt | TablesFailed


def _build_main(
    requests: Connection, replies: Connection, materials: list[Material], out: str
) -> None:
    """The build process: status now and then, then `built` or `failed`; a stop message or the
    window's end of the pipe closing stops it (no file is left half written)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the window decides when to stop
    exit_with_parent()  # a killed window's pipe may stay open in a forked copy: watch its pid
    stopped = stop_listener(requests, "tables-listener")
    status = status_sender(replies)

    began = time.perf_counter()
    try:
        built = prepare_tables(materials, Path(out), status, stopped.is_set)
        replies.send(("built", len(built), time.perf_counter() - began))
    except BuildStopped:
        pass
    except (BrokenPipeError, EOFError):
        pass  # the window is gone
    except (OSError, MissingSliceError, CorruptSliceError) as error:
        try:
            replies.send(("failed", str(error) or type(error).__name__))
        except OSError:
            pass


class TableBuild:
    """The window's handle on one build process: started at once, polled, cancelled, closed."""

    def __init__(self, materials: Sequence[Material], out: Path | None = None) -> None:
        directory = user_directory() if out is None else out
        # spawn, not fork: a forked child would inherit the window's SDL and X11 state.
        context = multiprocessing.get_context("spawn")
        request_reader, self._requests = context.Pipe(duplex=False)
        self._replies, reply_writer = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_build_main,
            args=(request_reader, reply_writer, list(materials), str(directory)),
            name="checkers-tables",
        )
        self._process.start()
        request_reader.close()
        reply_writer.close()
        self.running = True
        """Whether the build is still expected to report (not built, failed or cancelled)."""

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the build's next report (without taking it): True if one is
        there. For a caller with nothing to do until the build says something."""
        try:
            return self._replies.poll(seconds)
        except (OSError, ValueError):
            return True  # the process is gone: poll() reports it

    def poll(self) -> list[TablesEvent]:
        """What the build reported since the last poll, in order; never waits."""
        events: list[TablesEvent] = []
        try:
            while self.running and self._replies.poll():
                kind, *rest = self._replies.recv()
                if kind == "status":
                    events.append(TablesStatus(str(rest[0])))
                elif kind == "built":
                    self.running = False
                    default_endgames().forget_missing()  # the new slices, in this process too
                    events.append(TablesBuilt(int(rest[0]), float(rest[1])))
                else:
                    self.running = False
                    events.append(TablesFailed(str(rest[0])))
        except (EOFError, OSError):
            if self.running:
                self.running = False
                code = self._process.exitcode
                events.append(TablesFailed(f"the build stopped (exit code {code})"))
        return events

    def close(self, timeout: float = 2.0) -> None:
        """Stop the build (a slice under way is not written) and end the process."""
        self.running = False
        try:
            self._requests.send(("stop",))
        except OSError:
            pass
        self._process.join(timeout)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(1.0)
        self._requests.close()
        self._replies.close()
