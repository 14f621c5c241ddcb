"""The window's build of the next size of endgame databases: what this computer holds, what the
next size costs (time, disk) said before it starts, and the build itself in a process of its own
(each slice by `endgame_build.build_slice`, written whole or not at all: a stopped or crashed
build resumes from the slices on disk).

Pure Python, no pygame. One build at a time, kept here while screens come and go (the settings
card opens and closes over a game that goes on); a thread of its own reads the build's reports,
so nothing has to poll it for it to run, and the screens read `progress()`.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import shutil
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

from checkers.ai.endgame import (
    CorruptSliceError,
    Endgames,
    Material,
    default_endgames,
    half_size,
    slice_file_name,
    user_directory,
)
from checkers.ai.endgame_build import (
    BuildStopped,
    MissingSliceError,
    build_slice,
    compiled_core,
    is_built,
    levels,
)
from checkers.drill_tables import SHIPPED_PIECES, seconds_words
from checkers.workers import exit_with_parent, status_sender, stop_listener

__all__ = [
    "AT_THIS_PACE",
    "BUSY_NOTE",
    "MAX_WINDOW_PIECES",
    "PROCESSOR_TIME",
    "BuildProgress",
    "DatabaseBuild",
    "SizeOffer",
    "current_build",
    "held_note",
    "held_pieces",
    "held_words",
    "known_words",
    "next_offer",
    "start_build",
    "time_words",
]

MAX_WINDOW_PIECES = 6
"""The window offers sizes up to this (as `checkers endgame build` builds at most)."""

# Measured on this project's 2-core machine, processor time, which is about the window's wall
# time as it builds one slice at a time on one core (the game keeps the other): the 5-piece
# slices took 62 processor-seconds for 180 million indices (docs/engine.md, "Endgame databases"), 0.35
# microseconds an index, taken as 0.40 for the slices' starts; `checkers endgame build --pieces 6
# --jobs 2` took 25.5 processor-minutes, 24.5 of them for the 3.9 billion 6-piece indices, 0.37
# microseconds an index. The pure-Python builder is about 16 times slower. Disk
# (benchmarks/endgame_lines.py): 0.41 bytes an index at 5 pieces, 0.38 at 6.
_COMPILED_SECONDS_PER_INDEX = {5: 0.40e-6, 6: 0.37e-6}
_PYTHON_SECONDS_PER_INDEX = 10.5e-6
_BYTES_PER_INDEX = {5: 0.41, 6: 0.38}
# Memory (docs/engine.md, "Endgame databases"): a slice's build holds about 7 bytes an index (the value, the
# distance, the moves left, the slowest exit and the queue) above the 300 MB of the process.
_MEMORY_PER_INDEX = 7
_PROCESS_BYTES = 300 << 20
_SPARE_BYTES = 64 << 20  # left free beyond the estimate: the largest slice's temporary copy


def held_pieces(endgames: Endgames | None = None) -> int:
    """The most pieces N such that every ending of up to N pieces is held (4 as shipped)."""
    databases = default_endgames() if endgames is None else endgames
    databases.notice_new_slices()
    return databases.max_pieces


def held_words(endgames: Endgames | None = None) -> str:
    """What this computer has, short for the Settings row beside "Endgames": `known up to 6
    pieces` (every ending of up to that many pieces); which of them came with the game and
    which were built here is the row's tip (`held_note`). The walk of 2026-11-30 read the
    row's `6 pieces (5, 6 built)` as "5 databases built"."""
    return known_words(held_pieces(endgames))


def known_words(pieces: int) -> str:
    """`Known up to 6 pieces`: the endings the databases hold, for the Settings row."""
    return f"Known up to {pieces} pieces"


def held_note(pieces: int) -> str:
    """Where the endings of up to `pieces` pieces come from, for the row's tip: those of up to
    4 pieces came with the game, larger ones were built on this computer."""
    shipped = min(pieces, SHIPPED_PIECES)
    note = f"those of up to {shipped} pieces came with the game"
    if pieces <= SHIPPED_PIECES:
        return f"{note[0].upper()}{note[1:]}"
    built = " and ".join(str(n) for n in range(SHIPPED_PIECES + 1, pieces + 1))
    return f"{note[0].upper()}{note[1:]}; those of {built} pieces were built on this computer"


PROCESSOR_TIME = "of processor time"
"""What the estimate of a build's time measures: one core's time, which is the wall time only
on an idle computer (the build runs niced, behind the game and whatever else runs). The walk
of 2026-11-30 read "about 75 seconds when idle" and then "about 13 minutes left": 7 minutes on
a busy machine; the two figures now say what each measures."""
BUSY_NOTE = "longer while the computer is busy"
"""Said beside the processor time where there is room (the tooltip)."""
AT_THIS_PACE = "at this pace"
"""What a running build's time left is measured by: its own pace so far."""


def time_words(seconds: float) -> str:
    """`about 75 s`, `about 25 minutes`: `checkers.drill_tables.seconds_words` short enough for
    the Settings row at 720x480, the number and its unit never wrapped apart."""
    words = seconds_words(seconds)
    if words.endswith(" seconds"):
        return words.removesuffix(" seconds") + "\u00a0s"
    return words


@dataclass(frozen=True)
class SizeOffer:
    """The next size to build: its slices not on disk yet, in build order, with their cost."""

    pieces: int
    out: Path
    """Where the slices go (the user's endgame folder)."""
    inputs: tuple[Path, ...]
    """Where the smaller slices are read from as well (the shipped ones)."""
    slices: tuple[Material, ...]
    """Every slice of the size, in build order."""
    missing: tuple[Material, ...]
    """Those not on disk yet."""
    seconds: float
    disk: int
    """Bytes the missing slices take on disk, about."""
    free: int
    """Bytes free where they go."""
    memory: int = 0
    """Bytes the build's process peaks at, about (its largest slice)."""
    whole_seconds: float = 0.0
    """The whole size's time, about: every slice, built or not (`seconds` is what is left)."""
    whole_disk: int = 0
    """The whole size's bytes on disk, about (`disk` is what is left)."""

    @property
    def enough_disk(self) -> bool:
        """Whether the disk has room for the slices (and a spare margin)."""
        return self.free >= self.disk + _SPARE_BYTES

    def cost_words(self) -> str:
        """`6 pieces: about 25 minutes of processor time, 1.5 GB of disk`: every slice of the
        size, unlike a drill's build of the few it needs (`checkers.drills.needed_words`), in
        this computer's processor time (`PROCESSOR_TIME`: a build beside a busy game takes
        longer, and its own line gives the time left at its own pace). Once some slices are
        built, the whole job's time stays as it was and what is left follows it (`6 pieces:
        about 25 minutes of processor time; 10 minutes left`), so the estimate never seems to
        change its mind; short enough for the row at 720x480."""
        whole_seconds = max(self.whole_seconds, self.seconds)
        if len(self.missing) == len(self.slices):
            return (
                f"{self.pieces} pieces: {time_words(self.seconds)} {PROCESSOR_TIME},"
                f" {size_words(self.disk)}"
            )
        left = time_words(self.seconds).removeprefix("about ")
        return f"{self.pieces} pieces: {time_words(whole_seconds)} {PROCESSOR_TIME}; {left} left"

    def disk_words(self) -> str:
        """Why it cannot start: `needs 1.5 GB of disk, 0.9 GB free`."""
        return f"needs {size_words(self.disk)}, {size_words(self.free, 'free')}"


def size_words(size: int, what: str = "of disk") -> str:
    """`1.5 GB of disk`, `180 MB of disk` (rounded up: an estimate errs on the large side)."""
    if size >= 1 << 30:
        return f"{math.ceil(size / (1 << 30) * 10) / 10:.1f} GB {what}"
    return f"{max(1, math.ceil(size / (1 << 20)))} MB {what}"


def _free_bytes(directory: Path) -> int:
    """Free bytes on the disk `directory` is (or will be) on: its nearest existing folder's."""
    for folder in (directory, *directory.parents):
        try:
            return shutil.disk_usage(folder).free
        except OSError:
            continue
    return 0


def next_offer(endgames: Endgames | None = None, out: Path | None = None) -> SizeOffer | None:
    """The next size this computer does not hold whole, with its cost; None past the largest
    the window builds."""
    databases = default_endgames() if endgames is None else endgames
    pieces = held_pieces(databases) + 1
    if pieces > MAX_WINDOW_PIECES:
        return None
    directory = user_directory() if out is None else out
    inputs = tuple(d for d in databases.directories if d != directory)
    order = [m for level in levels(pieces) for m in level if sum(m) == pieces]
    missing = tuple(m for m in order if not is_built(directory / slice_file_name(m)))
    indices = sum(2 * half_size(m) for m in missing)
    every = sum(2 * half_size(m) for m in order)
    compiled = _COMPILED_SECONDS_PER_INDEX.get(pieces, 0.65e-6)
    rate = compiled if compiled_core() else _PYTHON_SECONDS_PER_INDEX
    per_index = _BYTES_PER_INDEX.get(pieces, 0.42)
    disk = int(indices * per_index)
    largest = max((2 * half_size(m) for m in missing), default=0)
    return SizeOffer(
        pieces,
        directory,
        inputs,
        tuple(order),
        missing,
        indices * rate,
        disk,
        _free_bytes(directory),
        _PROCESS_BYTES + largest * _MEMORY_PER_INDEX,
        every * rate,
        int(every * per_index),
    )


@dataclass(frozen=True)
class BuildProgress:
    """Where the window's build stands, for a screen to show."""

    pieces: int
    state: str
    """`running`, `stopping`, `stopped`, `built` or `failed`."""
    done: int
    total: int
    fraction: float
    """Of the size's indices on disk, 0 to 1."""
    words: str
    """What the build says it is doing, or why it failed."""
    left: float | None = None
    """Seconds left at this build's own pace so far (None before a slice is done)."""
    estimate: float | None = None
    """Seconds its offer estimated for what was left when it began, on an idle computer."""

    def line(self) -> str:
        """One short line: `Building 5 pieces: 40%, about 2 minutes left at this pace` (its own
        pace so far, beside whatever else the computer does, unlike the offer's idle estimate:
        the walk of 2026-11-29c read "about 13 minutes left" beside "about 75 seconds")."""
        if self.state == "built":
            return f"{self.pieces} pieces built: {self.total} slices"
        if self.state == "failed":
            return f"The build failed: {self.words}"
        if self.state == "stopped":
            return f"Stopped at {self.fraction:.0%}: Build resumes it"
        if self.state == "stopping":
            return f"Stopping at {self.fraction:.0%}"
        left = f", {time_words(self.left)} left {AT_THIS_PACE}" if self.left is not None else ""
        return f"Building {self.pieces} pieces: {self.fraction:.0%}{left}"

    def detail(self) -> str:
        """The line with the slices and what the build is doing (a tooltip's words)."""
        doing = f"; now {self.words}" if self.words and self.state == "running" else ""
        guess = ""
        if self.estimate is not None and self.state in ("running", "stopping"):
            guess = f"; estimated {time_words(self.estimate)} {PROCESSOR_TIME}"
        return f"{self.line()} ({self.done} of {self.total} slices on disk{doing}{guess})"


def _build_main(requests: Connection, replies: Connection, offer: SizeOffer) -> None:
    """The build's process: its slices in order, a few words now and then, `slice` after each,
    then `built` or `failed`; a stop message or the window's end closing stops it between two
    steps of a slice (which is then not written)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the window decides when to stop
    exit_with_parent()  # a killed window: this process ends too, its slice unwritten
    try:
        os.nice(10)  # behind the game's AI and the window: the game stays playable
    except (AttributeError, OSError):
        pass  # no nice on this system, or not allowed: the same build, less polite
    stopped = stop_listener(requests, "databases-listener")
    status = status_sender(replies)

    def named(stem: str) -> Callable[[str], None]:
        return lambda words: status(f"{stem} {words}")

    try:
        offer.out.mkdir(parents=True, exist_ok=True)
        for material in offer.missing:
            name = slice_file_name(material)
            if is_built(offer.out / name):
                continue  # built by another build meanwhile (a drill, the command line)
            stem = name.removesuffix(".cdb")
            replies.send(("status", f"{stem} starting"))
            build_slice(material, offer.out, offer.inputs, stopped.is_set, named(stem))
            replies.send(("slice", name))
            if stopped.is_set():
                return
        replies.send(("built",))
    except BuildStopped:
        pass
    except (BrokenPipeError, EOFError):
        pass  # the window is gone
    except (OSError, MissingSliceError, CorruptSliceError, MemoryError) as error:
        try:
            replies.send(("failed", str(error) or type(error).__name__))
        except OSError:
            pass


class DatabaseBuild:
    """One size built in a process of its own, its reports read by a thread of its own."""

    def __init__(self, offer: SizeOffer) -> None:
        self.offer = offer
        self.out = offer.out
        self._lock = threading.Lock()
        self._state = "running"
        self._words = "starting"
        self._stop = threading.Event()
        self._counted = self._count()
        self._began = (time.monotonic(), self._counted[1])
        # spawn, not fork: a forked child would inherit the window's SDL and X11 state.
        context = multiprocessing.get_context("spawn")
        request_reader, self._requests = context.Pipe(duplex=False)
        self._replies, reply_writer = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_build_main,
            args=(request_reader, reply_writer, offer),
            name="checkers-databases",
            daemon=True,
        )
        self._process.start()
        request_reader.close()
        reply_writer.close()
        self._thread = threading.Thread(target=self._listen, name="databases-build", daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        """Read the build's reports until it ends or is stopped, then end its process."""
        ended = False
        while not ended and not self._stop.is_set():
            try:
                if not self._replies.poll(0.25):
                    continue
                kind, *rest = self._replies.recv()
            except (EOFError, OSError):
                code = self._process.exitcode
                self._say("failed", f"the build's process ended (exit code {code})")
                break
            if kind == "status":
                self._say(None, str(rest[0]))
            elif kind == "slice":
                counted = self._count()
                with self._lock:
                    self._counted = counted
            elif kind == "built":
                self._say("built", "")
                ended = True
            else:
                self._say("failed", str(rest[0]))
                ended = True
        try:
            self._requests.send(("stop",))
        except OSError:
            pass
        self._process.join(10.0)
        if self._process.is_alive():  # a slice's step takes long: its file is not written
            self._process.terminate()
            self._process.join(5.0)
        self._requests.close()
        self._replies.close()
        default_endgames().forget_missing()  # the slices built so far, in this process too
        counted = self._count()
        with self._lock:
            self._counted = counted
            if self._state in ("running", "stopping"):
                self._state = "stopped"

    def _say(self, state: str | None, words: str) -> None:
        with self._lock:
            if state is not None:
                self._state = state
            self._words = words

    def stop(self) -> None:
        """Stop the build; the slices finished stay, the one under way leaves nothing."""
        with self._lock:
            if self._state == "running":
                self._state = "stopping"
        self._stop.set()

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the build to end (built, failed or stopped): whether it has."""
        self._thread.join(seconds)
        return not self._thread.is_alive()

    def _count(self) -> tuple[int, float]:
        """The slices of the size on disk (their headers read) and their share of its indices."""
        every = self.offer.slices
        built = [m for m in every if is_built(self.out / slice_file_name(m))]
        total = sum(2 * half_size(m) for m in every) or 1
        return len(built), sum(2 * half_size(m) for m in built) / total

    def progress(self) -> BuildProgress:
        """Where it stands: the slices on disk when the build last said something, its words."""
        with self._lock:
            state, words, (done, fraction) = self._state, self._words, self._counted
        began, first = self._began
        left = None
        if fraction > first:  # this build's own pace: this computer, as busy as it is now
            left = (time.monotonic() - began) / (fraction - first) * (1 - fraction)
        return BuildProgress(
            self.offer.pieces,
            state,
            done,
            len(self.offer.slices),
            fraction,
            words,
            left,
            self.offer.seconds,
        )


_current: DatabaseBuild | None = None


def current_build() -> DatabaseBuild | None:
    """The window's build, running or ended (None before the first)."""
    return _current


def start_build(offer: SizeOffer) -> DatabaseBuild:
    """Start building `offer` (ValueError if a build runs or the disk is short: said first)."""
    global _current
    if _current is not None and _current.progress().state in ("running", "stopping"):
        raise ValueError("a build is already running")
    if not offer.enough_disk:
        raise ValueError(f"not enough disk: {offer.pieces} pieces {offer.disk_words()}")
    _current = DatabaseBuild(offer)
    return _current
