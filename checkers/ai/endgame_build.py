"""Building the endgame databases by retrograde analysis, one material slice at a time.

The analysis runs on the compiled core (`checkers.ai.compiled.endgame_kernels`, the same steps
in numba, about ten times as fast) where numba imports, else in pure Python here, which stays the
reference: both write the same bytes (tests/test_endgame_compiled.py). A slice is a pure task:
its inputs are the files of the slices its captures and crownings lead to (`dependencies`), its
output is its own file, written atomically. Slices of one
level (same number of pieces, same number of men) never depend on each other, so a level runs in
parallel processes, and a finished slice's file is skipped by the next run: the build resumes.

The analysis of a slice, with both sides to move:
1. Every position's moves come from checkers.board's generator. Captures and crownings leave the
   slice; their values are looked up in the smaller slices. The other moves stay in the slice and
   are only counted.
2. Positions are then settled in order of distance (plies to the end): a position with a move to
   a loss is a win one ply further; a position whose every move reaches a win is a loss one ply
   further than the slowest of them. Settling a position visits its in-slice predecessors, found
   by stepping a piece back (`predecessors`), each checked with the board's capture rule.
3. What is never settled is a draw.
"""

from __future__ import annotations

import functools
import multiprocessing
import time
from array import array
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from multiprocessing.queues import Queue
from pathlib import Path

from checkers import atomic
from checkers._bitboard import capture_pending, generate_raw
from checkers.ai.endgame import (
    BIT,
    DRAW_CODE,
    FORMAT_VERSION,
    HEADER,
    LOSS_CODE,
    MAGIC,
    SUFFIX,
    WIN_CODE,
    Buffer,
    Endgames,
    Material,
    canonical,
    encode_packed,
    encode_slice,
    group_tables,
    half_size,
    materials_with,
    slice_file_name,
)
from checkers.board import (
    row_col_square,
    square_row_col,
)
from checkers.workers import process_pool

__all__ = [
    "BuildProgress",
    "BuildStopped",
    "MissingSliceError",
    "build",
    "build_slice",
    "compiled_core",
    "compiled_core_cached",
    "dependencies",
    "levels",
    "predecessors",
    "slices",
    "solve_slice",
    "solve_slice_python",
    "warm_up",
]

MAX_PLIES = 255  # distances are stored in one byte


class BuildStopped(Exception):
    """The build was asked to stop; finished slices are on disk, the unfinished one is not."""


class MissingSliceError(RuntimeError):
    """A slice needs a smaller slice that is not built."""


# --- which slices, in which order ---------------------------------------------------------------


def slices(pieces: int) -> list[Material]:
    """Every stored material with 2 to `pieces` pieces (each side at least one), in build order."""
    return sorted(
        (m for total in range(2, pieces + 1) for m in materials_with(total)), key=_level_key
    )


def _level_key(material: Material) -> tuple[int, int, Material]:
    # Captures lead to fewer pieces, crownings to fewer men: this order builds dependencies first.
    return (sum(material), material[0] + material[2], material)


def levels(pieces: int) -> list[list[Material]]:
    """The slices grouped into levels: each depends only on earlier levels."""
    grouped: dict[tuple[int, int], list[Material]] = {}
    for material in slices(pieces):
        grouped.setdefault(_level_key(material)[:2], []).append(material)
    return list(grouped.values())


def dependencies(material: Material) -> list[Material]:
    """The stored slices that a capture or a crowning can lead to from this one (a superset)."""
    bm, bk, wm, wk = material
    found = set()
    for men, kings, other_men, other_kings, black in (
        (bm, bk, wm, wk, True),
        (wm, wk, bm, bk, False),
    ):
        for lost_men in range(other_men + 1):
            for lost_kings in range(other_kings + 1):
                for crowned in range(min(men, 1) + 1):
                    if not (lost_men or lost_kings or crowned):
                        continue
                    mover = (men - crowned, kings + crowned)
                    other = (other_men - lost_men, other_kings - lost_kings)
                    if sum(other) == 0:
                        continue  # the other side has no pieces: answered without a slice
                    full = (*mover, *other) if black else (*other, *mover)
                    found.add(canonical(full))
    found.discard(material)
    return sorted(found, key=_level_key)


# --- geometry for stepping back -------------------------------------------------------------------


def _neighbours(square: int, rows: Iterable[int]) -> tuple[int, ...]:
    row, col = square_row_col(square)
    found = []
    for step in rows:
        for side in (-1, 1):
            target = row_col_square(row + step, col + side)
            if target is not None:
                found.append(BIT[target])
    return tuple(found)


# bit -> bits of the squares a piece on it could have come from by one step
_KING_FROM = {BIT[s]: _neighbours(s, (-1, 1)) for s in range(1, 33)}
_BLACK_MAN_FROM = {BIT[s]: _neighbours(s, (-1,)) for s in range(1, 33)}  # Black men move down
_WHITE_MAN_FROM = {BIT[s]: _neighbours(s, (1,)) for s in range(1, 33)}


def _bits(board: int) -> list[int]:
    found = []
    while board:
        low = board & -board
        found.append(low)
        board ^= low
    return found


def predecessors(material: Material, index: int) -> list[int]:
    """The indices of the positions of this slice from which a legal move reaches `index`.

    Only moves that stay in the slice: a step (no capture, no crowning) by the side that just
    moved, from a position where that side had no capture (captures are compulsory).
    """
    return predecessor_finder(material)(index)


def predecessor_finder(material: Material) -> Callable[[int], list[int]]:
    """`predecessors` for one slice, with its tables bound once."""
    tables = group_tables(material)
    half = half_size(material)
    (bm_boards, bm_rank), (bk_boards, bk_rank), (wm_boards, wm_rank), (wk_boards, wk_rank) = tables
    n_bk, n_wm, n_wk = len(bk_boards), len(wm_boards), len(wk_boards)

    def find(index: int) -> list[int]:
        side, rest = divmod(index, half)
        rest, i_wk = divmod(rest, n_wk)
        rest, i_wm = divmod(rest, n_wm)
        i_bm, i_bk = divmod(rest, n_bk)
        bm, bk, wm, wk = bm_boards[i_bm], bk_boards[i_bk], wm_boards[i_wm], wk_boards[i_wk]
        black, white = bm | bk, wm | wk
        empty = ~(black | white)
        found = []
        if side == 0:  # Black to move: White just moved; its predecessors have White to move
            base = half + ((i_bm * n_bk + i_bk) * n_wm) * n_wk
            for piece in _bits(wk):
                for origin in _KING_FROM[piece]:
                    if origin & empty:
                        kings = wk ^ piece ^ origin
                        if not capture_pending(black, white ^ piece ^ origin, bk | kings, False):
                            found.append(base + i_wm * n_wk + wk_rank[kings])
            for piece in _bits(wm):
                for origin in _WHITE_MAN_FROM[piece]:
                    if origin & empty:
                        men = wm ^ piece ^ origin
                        if not capture_pending(black, white ^ piece ^ origin, bk | wk, False):
                            found.append(base + wm_rank[men] * n_wk + i_wk)
        else:  # White to move: Black just moved
            tail = i_wm * n_wk + i_wk
            for piece in _bits(bk):
                for origin in _KING_FROM[piece]:
                    if origin & empty:
                        kings = bk ^ piece ^ origin
                        if not capture_pending(black ^ piece ^ origin, white, kings | wk, True):
                            found.append((i_bm * n_bk + bk_rank[kings]) * n_wm * n_wk + tail)
            for piece in _bits(bm):
                for origin in _BLACK_MAN_FROM[piece]:
                    if origin & empty:
                        men = bm ^ piece ^ origin
                        if not capture_pending(black ^ piece ^ origin, white, bk | wk, True):
                            found.append((bm_rank[men] * n_bk + i_bk) * n_wm * n_wk + tail)
        return found

    return find


# --- one slice ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SliceStats:
    """What building one slice found."""

    material: Material
    positions: int
    wins: int
    losses: int
    draws: int
    longest: int
    seconds: float


_WON_ELSEWHERE = 100  # added to a count: a position with a winning capture never becomes a loss


def compiled_core() -> bool:
    """Whether slices are solved on the compiled core here (numba imports, and the environment
    does not ask for the Python engine with CHECKERS_CORE=python)."""
    from checkers.ai import compiled

    return compiled.is_available()


def compiled_core_cached() -> bool:
    """Whether the compiled builder's machine code is in numba's on-disk cache already, so a new
    process loads it in about a second instead of compiling it (about 14 s): an estimate's
    input, read from the cache's file names (numba's `<module>.<function>-<line>...nbc`)."""
    if not compiled_core():
        return False
    from checkers.ai.compiled._jit import cache_directory

    return any(cache_directory().glob("*/endgame_kernels.settle-*.nbc"))


def steps_back() -> list[list[list[int]]]:
    """For the compiled core: [kind][bit index] -> the squares (as bits) a king (0), a black man
    (1) or a white man (2) on that bit could have stepped from."""
    table: list[list[list[int]]] = [[[] for _ in range(64)] for _ in range(3)]
    for kind, origins in enumerate((_KING_FROM, _BLACK_MAN_FROM, _WHITE_MAN_FROM)):
        for bit, found in origins.items():
            table[kind][bit.bit_length() - 1] = list(found)
    return table


def solve_slice(
    material: Material,
    smaller: Endgames,
    stop: Callable[[], bool] | None = None,
    status: Callable[[str], None] | None = None,
) -> tuple[Buffer, Buffer]:
    """The codes and distances of every index of a slice (one byte each), given the smaller
    slices: on the compiled core where it runs, else in Python (`solve_slice_python`).
    `status` hears a few words on how far it is, now and then."""
    if not compiled_core():
        return solve_slice_python(material, smaller, stop)
    from checkers.ai.compiled import endgame_kernels

    def checkpoint(words: str) -> None:
        if stop is not None and stop():
            raise BuildStopped(slice_file_name(material))
        if status is not None:
            status(words)

    try:
        return endgame_kernels.solve(
            material, smaller, dependencies(material), steps_back(), checkpoint
        )
    except LookupError as error:
        raise MissingSliceError(
            f"{slice_file_name(material)} needs a slice that is not built ({error})"
        ) from None


def solve_slice_python(
    material: Material, smaller: Endgames, stop: Callable[[], bool] | None = None
) -> tuple[bytearray, bytearray]:
    """The codes and distances of every index of a slice, given the smaller slices, in pure
    Python: the reference the compiled core is checked against, and the fallback without it."""
    tables = group_tables(material)
    half = half_size(material)
    (bm_boards, _), (bk_boards, _), (wm_boards, _), (wk_boards, _) = tables
    n_bk, n_wm, n_wk = len(bk_boards), len(wm_boards), len(wk_boards)
    codes = bytearray(2 * half)
    plies = bytearray(2 * half)
    count = bytearray(2 * half)
    slowest_out = bytearray(2 * half)
    # An entry is index * 2 + 1 for a loss (final when queued), index * 2 for a win (tentative:
    # the first time a position leaves the queue is its shortest win).
    # Typed arrays, not lists: a big slice queues tens of millions of entries at once, and a list
    # would hold an int object (28 bytes) for each.
    kind = "I" if 4 * half < 1 << 32 else "q"
    queue = [array(kind) for _ in range(MAX_PLIES + 2)]
    lookup = smaller.lookup
    for side in (0, 1):
        black_to_move = side == 0
        for i_bm, bm in enumerate(bm_boards):
            for i_bk, bk in enumerate(bk_boards):
                if bm & bk:
                    continue
                if stop is not None and stop():
                    raise BuildStopped(slice_file_name(material))
                for i_wm, wm in enumerate(wm_boards):
                    if wm & (bm | bk):
                        continue
                    black = bm | bk
                    start = side * half + ((i_bm * n_bk + i_bk) * n_wm + i_wm) * n_wk
                    for i_wk, wk in enumerate(wk_boards):
                        if wk & (black | wm):
                            continue
                        index = start + i_wk
                        white, kings = wm | wk, bk | wk
                        codes[index] = DRAW_CODE  # unsettled for now
                        inside = 0
                        fastest_win = MAX_PLIES + 1
                        slowest = 0
                        drawn = False
                        for delta, captured, king_delta, _ in generate_raw(
                            black, white, kings, black_to_move
                        ):
                            if not captured and (not king_delta or king_delta == delta):
                                inside += 1  # a step that stays in the slice
                                continue
                            if black_to_move:
                                found = lookup(
                                    black ^ delta, white ^ captured, kings ^ king_delta, False
                                )
                            else:
                                found = lookup(
                                    black ^ captured, white ^ delta, kings ^ king_delta, True
                                )
                            if found is None:
                                raise MissingSliceError(
                                    f"{slice_file_name(material)} needs a slice that is not built"
                                )
                            code, distance = found
                            if code == LOSS_CODE:
                                fastest_win = min(fastest_win, distance + 1)
                            elif code == WIN_CODE:
                                slowest = max(slowest, distance)
                            else:
                                drawn = True
                        if fastest_win <= MAX_PLIES:
                            queue[fastest_win].append(index * 2)
                            count[index] = inside + _WON_ELSEWHERE
                        elif inside or drawn:
                            count[index] = inside + drawn  # a drawing capture is never a win
                            slowest_out[index] = slowest
                        else:  # every move leaves the slice into a win (distance 1 or more),
                            # or there is no move at all: lost now
                            queue[slowest + 1 if slowest else 0].append(index * 2 + 1)
    _settle(material, codes, plies, count, slowest_out, queue, stop)
    return codes, plies


def _settle(
    material: Material,
    codes: bytearray,
    plies: bytearray,
    count: bytearray,
    slowest_out: bytearray,
    queue: list[array[int]],
    stop: Callable[[], bool] | None,
) -> None:
    """Settle wins and losses in order of distance; what stays unsettled is a draw."""
    predecessors_of = predecessor_finder(material)
    for distance in range(MAX_PLIES + 1):
        entries = queue[distance]
        queue[distance] = array(entries.typecode)
        if stop is not None and entries and stop():
            raise BuildStopped(slice_file_name(material))
        for entry in entries:
            index = entry >> 1
            if codes[index] != DRAW_CODE:
                continue  # settled already, by a shorter win
            lost = entry & 1
            codes[index] = LOSS_CODE if lost else WIN_CODE
            plies[index] = distance
            for before in predecessors_of(index):
                if codes[before] != DRAW_CODE:
                    continue
                if lost:
                    queue[distance + 1].append(before * 2)
                    continue
                left = count[before] - 1
                count[before] = left
                if not left:
                    queue[max(distance, slowest_out[before]) + 1].append(before * 2 + 1)
    if queue[MAX_PLIES + 1]:
        raise OverflowError(f"{slice_file_name(material)}: a distance beyond {MAX_PLIES} plies")
    # A position that could not settle is a draw; its distance stays 0.


def build_slice(
    material: Material,
    out: Path,
    inputs: Sequence[Path] = (),
    stop: Callable[[], bool] | None = None,
    status: Callable[[str], None] | None = None,
) -> SliceStats:
    """Solve one slice from the slices in `out` and `inputs` and write its file into `out`."""
    began = time.perf_counter()
    codes, plies = solve_slice(material, Endgames([out, *inputs]), stop, status)
    if isinstance(codes, bytearray):
        data = encode_slice(material, codes, plies)
        tally = [codes.count(code) for code in range(4)] + [max(plies)]
    else:  # the compiled core's arrays: packed and counted there, not copied
        from checkers.ai.compiled import endgame_kernels

        if status is not None:
            status("writing")
        data = encode_packed(material, endgame_kernels.pack_codes(codes), plies)
        tally = [int(n) for n in endgame_kernels.tally(codes, plies)]
    write_atomically(out / slice_file_name(material), data)
    return SliceStats(
        material,
        positions=len(codes) - tally[0],
        wins=tally[WIN_CODE],
        losses=tally[LOSS_CODE],
        draws=tally[DRAW_CODE],
        longest=tally[4],
        seconds=time.perf_counter() - began,
    )


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that it is either absent, the old file or the whole new one."""
    atomic.write_bytes(path, data, "slice file")


def is_built(path: Path) -> bool:
    """Whether a finished slice file of this format is there (its checksum is checked on load)."""
    try:
        with path.open("rb") as file:
            header = file.read(HEADER.size)
    except OSError:
        return False
    return len(header) == HEADER.size and HEADER.unpack(header)[:2] == (MAGIC, FORMAT_VERSION)


# --- the whole build ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildProgress:
    """Where a build stands: reported after each slice, and now and then while slices run."""

    done: int
    total: int
    skipped: int
    positions: int
    seconds: float
    last: SliceStats | None
    working: tuple[str, ...] = ()
    """The slices under way, each with a few words on how far it is."""

    def line(self) -> str:
        """One line for a terminal."""
        last = f", last {slice_file_name(self.last.material)}" if self.last else ""
        now = f"; now {', '.join(self.working)}" if self.working else ""
        return (
            f"endgame: {self.done}/{self.total} slices ({self.skipped} already built), "
            f"{self.positions:,} positions, {self.seconds:.0f} s{last}{now}"
        )


_status_queue: Queue[tuple[str, str]] | None = None  # a worker process's way to say how far


def _listen(queue: Queue[tuple[str, str]]) -> None:
    """A worker process's start: keep the queue its slices say how far they are on."""
    global _status_queue
    _status_queue = queue


def _task(material: Material, out: str, inputs: tuple[str, ...]) -> SliceStats:
    """One slice in a worker process, saying how far it is at most once a second."""
    name = slice_file_name(material).removesuffix(SUFFIX)
    said = 0.0

    def status(words: str) -> None:
        nonlocal said
        if _status_queue is not None and time.monotonic() - said >= 1:
            said = time.monotonic()
            _status_queue.put((name, words))

    return build_slice(material, Path(out), [Path(p) for p in inputs], status=status)


def warm_up() -> None:
    """Compile the builder's core now (or load it from numba's cache): worker processes forked
    afterwards start with it instead of each compiling its own (about 10 s)."""
    if compiled_core():
        from checkers.ai.compiled import endgame_kernels

        codes, plies = solve_slice((0, 1, 0, 1), Endgames([]))
        endgame_kernels.pack_codes(codes)
        endgame_kernels.tally(codes, plies)


def build(
    pieces: int,
    out: Path,
    jobs: int = 1,
    inputs: Sequence[Path] = (),
    report: Callable[[BuildProgress], None] | None = None,
    stop: Callable[[], bool] | None = None,
    status_every: float = 10.0,
) -> list[SliceStats]:
    """Build every slice up to `pieces` pieces into `out`, skipping those already in `out` or in
    `inputs`; `stop` is asked between slices (and inside them when jobs is 1). `report` hears
    after each slice, and every `status_every` seconds how far the running slices are."""
    began = time.perf_counter()
    all_slices = slices(pieces)
    built: list[SliceStats] = []
    skipped = 0
    positions = 0
    pool: ProcessPoolExecutor | None = None
    queue: Queue[tuple[str, str]] | None = None
    working: dict[str, str] = {}
    reported = time.monotonic()

    def tell(stats: SliceStats | None) -> None:
        nonlocal reported
        reported = time.monotonic()
        if report is not None:
            report(
                BuildProgress(
                    len(built) + skipped,
                    len(all_slices),
                    skipped,
                    positions,
                    time.perf_counter() - began,
                    stats,
                    tuple(f"{name} {words}" for name, words in working.items()),
                )
            )

    def finished(stats: SliceStats | None) -> None:
        nonlocal positions
        if stats is not None:
            built.append(stats)
            positions += stats.positions
            working.pop(slice_file_name(stats.material).removesuffix(SUFFIX), None)
        tell(stats)

    def heard(name: str, words: str) -> None:
        working[name] = words
        if time.monotonic() - reported >= status_every:
            tell(None)

    try:
        for level in levels(pieces):
            todo = []
            for material in level:
                name = slice_file_name(material)
                if any(is_built(directory / name) for directory in (out, *inputs)):
                    skipped += 1
                    finished(None)
                else:
                    todo.append(material)
            if stop is not None and todo and stop():
                raise BuildStopped("before " + slice_file_name(todo[0]))
            if jobs == 1 or len(todo) == 1:
                for material in todo:
                    status = functools.partial(
                        heard, slice_file_name(material).removesuffix(SUFFIX)
                    )
                    finished(build_slice(material, out, inputs, stop, status))
                    if stop is not None and stop():
                        raise BuildStopped("after " + slice_file_name(material))
                continue
            if pool is None:
                warm_up()
                queue = multiprocessing.get_context().Queue()
                pool = process_pool(jobs, _listen, (queue,))
            assert queue is not None
            pending: set[Future[SliceStats]] = {
                pool.submit(_task, m, str(out), tuple(str(p) for p in inputs)) for m in todo
            }
            while pending:
                done, pending = wait(pending, timeout=1.0, return_when=FIRST_COMPLETED)
                while not queue.empty():
                    heard(*queue.get())
                for future in done:
                    finished(future.result())
                if stop is not None and stop():
                    for future in pending:
                        future.cancel()
                    raise BuildStopped("between slices")
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    return built
