"""Endgame databases: build time, size, probe speed, and the full check of every position.

    python benchmarks/endgame.py [--runs 3] [--pieces 4] [--jobs 2] [--check] [--dir DIR]

Builds every slice up to --pieces from scratch into a temporary folder --runs times and gives the
median wall time and the size on disk; times `Endgames.probe` (from a Position) and
`Endgames.lookup` (from bitboards, the engine's path) over random positions with the slices
cached. With --check it checks every position of every slice against its moves (a win has a
move to a loss one ply nearer, a loss only moves to wins, a draw neither): the full version of
the sampled check in tests/test_endgame.py. With --dir it reads existing slices from DIR (and
the shipped ones) instead of building.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checkers.ai.endgame import SHIPPED_DIRECTORY, Endgames, slice_file_name
from checkers.ai.endgame_build import build, check_slice, slices
from checkers.board import BLACK, WHITE, Piece, Position


def _size(directory: Path, pieces: int) -> int:
    return sum((directory / slice_file_name(m)).stat().st_size for m in slices(pieces))


def time_builds(pieces: int, jobs: int, runs: int) -> Path:
    """Build from scratch `runs` times; print the median time; return the last build's folder."""
    times = []
    directory = Path(tempfile.mkdtemp(prefix="endgame-bench-"))
    for _ in range(runs):
        directory = Path(tempfile.mkdtemp(prefix="endgame-bench-"))
        began = time.perf_counter()
        built = build(pieces, directory, jobs)
        times.append(time.perf_counter() - began)
        positions = sum(stats.positions for stats in built)
        print(f"  build: {len(built)} slices, {positions:,} positions in {times[-1]:.1f} s")
    print(
        f"build up to {pieces} pieces, {jobs} jobs: median {statistics.median(times):.1f} s "
        f"of {runs}; {_size(directory, pieces) / 1e6:.2f} MB on disk"
    )
    return directory


def _random_position(rng: random.Random, material: tuple[int, int, int, int]) -> Position:
    """A random position of a material (men never on their crowning row)."""
    kinds = [
        Piece(side, king)
        for (side, king), count in zip(
            ((BLACK, False), (BLACK, True), (WHITE, False), (WHITE, True)), material, strict=True
        )
        for _ in range(count)
    ]
    while True:
        pieces = dict(zip(rng.sample(range(1, 33), len(kinds)), kinds, strict=True))
        if not any(
            not p.king and (s > 28 if p.side is BLACK else s < 5) for s, p in pieces.items()
        ):
            return Position.from_pieces(pieces, rng.choice((BLACK, WHITE)))


def time_probes(endgames: Endgames, pieces: int) -> None:
    """Microseconds per probe, slices already loaded."""
    rng = random.Random(1)
    sample = [_random_position(rng, material) for material in slices(pieces) for _ in range(200)]
    for position in sample:
        endgames.probe(position)  # load every slice first
    raw = [(p.black, p.white, p.kings, p.turn.value == "B") for p in sample]
    repeat = 5
    # Processor time, not wall time: on a shared machine the wall clock also counts the others.
    timer = time.process_time
    by_position = min(
        timeit.repeat(
            lambda: [endgames.probe(p) for p in sample], number=1, repeat=repeat, timer=timer
        )
    )
    by_bitboards = min(
        timeit.repeat(
            lambda: [endgames.lookup(*r) for r in raw], number=1, repeat=repeat, timer=timer
        )
    )
    print(
        f"probe over {len(sample):,} positions (best of {repeat}, processor time): "
        f"probe(position) {by_position / len(sample) * 1e6:.2f} us, "
        f"lookup(bitboards) {by_bitboards / len(sample) * 1e6:.2f} us"
    )


def check_all(endgames: Endgames, pieces: int) -> int:
    """Check every position of every slice; the number of problems found."""
    problems = 0
    began = time.perf_counter()
    for material in slices(pieces):
        found = check_slice(material, endgames)
        problems += len(found)
        for line in found[:5]:
            print(f"  {line}")
    elapsed = time.perf_counter() - began
    print(f"checked every slice up to {pieces} pieces in {elapsed:.0f} s: {problems} problems")
    return problems


def main() -> int:
    """Run the measurements chosen on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pieces", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--dir", help="use the slices in this folder instead of building")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    if args.dir:
        directory = Path(args.dir)
        print(f"{_size(directory, args.pieces) / 1e6:.2f} MB on disk up to {args.pieces} pieces")
    else:
        directory = time_builds(args.pieces, args.jobs, args.runs)
    endgames = Endgames([directory, SHIPPED_DIRECTORY])
    time_probes(endgames, args.pieces)
    problems = check_all(endgames, args.pieces) if args.check else 0
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
