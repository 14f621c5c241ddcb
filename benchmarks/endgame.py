"""Endgame databases: build time, size, probe speed, and the full check of every position.

    python benchmarks/endgame.py [--runs 3] [--pieces 4] [--jobs 2] [--check] [--dir DIR]
    python benchmarks/endgame.py --slices eg6-0303 eg6-0402 eg6-0501 --dir DIR
    python benchmarks/endgame.py --workflow [--pieces 4] [--jobs 2]

Builds every slice up to --pieces from scratch into a temporary folder --runs times and gives the
median wall time and the size on disk (on the compiled core; CHECKERS_CORE=python in the
environment times the pure-Python builder); times `Endgames.probe` (from a Position) and
`Endgames.lookup` (from bitboards, the engine's path) over random positions with the slices
cached, and says how many pieces the engine probes with them. With --check it checks every
position of every slice against its moves (a win has a move to a loss one ply nearer, a loss only
moves to wins, a draw neither): the full version of the sampled checks in tests/. With --dir it
reads existing slices from DIR (and the shipped ones) instead of building.

--slices builds the named slices into --dir (their inputs must be there or shipped) and gives
each one's processor time per index: the figures the README extrapolates six pieces from.
--workflow runs workflow/Snakefile (the `cluster` extra) locally up to --pieces and checks that
its slices hold the shipped ones' values.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checkers.ai import compiled
from checkers.ai.endgame import (
    SHIPPED_DIRECTORY,
    Endgames,
    half_size,
    material_of_name,
    read_slice,
    slice_file_name,
)
from checkers.ai.endgame_build import build, build_slice, compiled_core, slices
from checkers.ai.endgame_check import check_slice
from checkers.ai.search import Limits
from checkers.board import BLACK, WHITE, Piece, Position

ROOT = Path(__file__).resolve().parent.parent


def _size(directory: Path, pieces: int) -> int:
    """Bytes on disk of the slices up to `pieces` in `directory` (or else shipped)."""
    found = [directory / slice_file_name(m) for m in slices(pieces)]
    return sum((p if p.exists() else SHIPPED_DIRECTORY / p.name).stat().st_size for p in found)


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


def engine_uses(endgames: Endgames, pieces: int) -> None:
    """How many pieces the engine probes with these databases, and whether a root with that many
    pieces is answered from them."""
    compiled.wait_until_ready()
    engine = compiled.new_engine(endgames=endgames)
    rng = random.Random(5)
    materials = [m for m in slices(pieces) if sum(m) == pieces]
    answered = 0
    for _ in range(10):
        position = _random_position(rng, rng.choice(materials))
        if position.legal_moves():
            answered += bool(engine.search(position, Limits(depth=2)).database)
    print(
        f"engine ({type(engine).__name__}): probes nodes of up to {engine.probe_pieces} pieces; "
        f"{answered} of 10 random {pieces}-piece roots answered from the databases"
    )


def time_slices(names: list[str], directory: Path) -> None:
    """Build the named slices into `directory`, each one's processor time per index."""
    for name in names:
        material = material_of_name(name.removesuffix(".cdb") + ".cdb")
        if material is None:
            raise SystemExit(f"{name}: not a slice name (e.g. eg6-0303)")
        before = time.process_time()
        stats = build_slice(material, directory, [SHIPPED_DIRECTORY])
        used = time.process_time() - before
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        indices = 2 * half_size(material)
        print(
            f"  {slice_file_name(material)}: {indices:,} indices, {stats.positions:,} positions, "
            f"longest {stats.longest} plies, {stats.seconds:.1f} s wall, {used:.1f} s processor "
            f"({used / indices * 1e9:.0f} ns an index), peak {peak:.0f} MB so far, "
            f"{(directory / slice_file_name(material)).stat().st_size / 1e6:.1f} MB on disk"
        )


def run_workflow(pieces: int, jobs: int, checkers: str) -> int:
    """Run workflow/Snakefile locally up to `pieces` pieces; the files that differ from the
    shipped ones."""
    snakemake = shutil.which("snakemake", path=str(Path(sys.executable).parent)) or shutil.which(
        "snakemake"
    )
    if snakemake is None:
        print("snakemake is not installed: pip install -e '.[cluster]'")
        return 1
    work = Path(tempfile.mkdtemp(prefix="endgame-workflow-"))
    command = [
        snakemake,
        "--snakefile",
        str(ROOT / "workflow" / "Snakefile"),
        "--directory",
        str(work),
        "--cores",
        str(jobs),
        "--quiet",
        "--config",
        f"pieces={pieces}",
        f"out={work / 'endgame'}",
        f"checkers={checkers}",
    ]
    began = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT)
    elapsed = time.perf_counter() - began
    differ = []
    for name in (slice_file_name(m) for m in slices(min(pieces, 4))):
        ours, shipped = read_slice(work / "endgame" / name), read_slice(SHIPPED_DIRECTORY / name)
        if (ours.codes, ours.plies) != (shipped.codes, shipped.plies):
            differ.append(name)
    print(
        f"workflow: {len(slices(pieces))} slice tasks up to {pieces} pieces, {jobs} at a time, "
        f"in {elapsed:.0f} s; {len(differ)} files differ from the shipped ones {differ}"
    )
    shutil.rmtree(work)
    return len(differ)


def check_all(endgames: Endgames, pieces: int, step: int = 1) -> int:
    """Check every position (every step-th) of every slice; the number of problems found."""
    problems = 0
    began = time.perf_counter()
    for material in slices(pieces):
        found = check_slice(material, endgames, step)
        problems += len(found)
        for line in found[:5]:
            print(f"  {line}")
    elapsed = time.perf_counter() - began
    sample = "every position" if step == 1 else f"every {step}th position"
    print(f"checked {sample} up to {pieces} pieces in {elapsed:.0f} s: {problems} problems")
    return problems


def main() -> int:
    """Run the measurements chosen on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pieces", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--step", type=int, default=1, help="check every step-th position")
    parser.add_argument("--dir", help="use the slices in this folder instead of building")
    parser.add_argument("--slices", nargs="+", help="build these slices into --dir, timed")
    parser.add_argument("--workflow", action="store_true", help="run workflow/Snakefile")
    parser.add_argument(
        "--command",
        default=str(Path(sys.executable).parent / "checkers"),
        help="the checkers command the workflow's tasks run (default: this Python's)",
    )
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("builder: " + ("compiled core" if compiled_core() else "pure Python"))
    if args.workflow:
        differ = run_workflow(args.pieces, args.jobs, args.command)
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        return 1 if differ else 0
    if args.slices:
        time_slices(args.slices, Path(args.dir or tempfile.mkdtemp(prefix="endgame-slices-")))
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        return 0
    if args.dir:
        directory = Path(args.dir)
        print(f"{_size(directory, args.pieces) / 1e6:.2f} MB on disk up to {args.pieces} pieces")
    else:
        directory = time_builds(args.pieces, args.jobs, args.runs)
    endgames = Endgames([directory, SHIPPED_DIRECTORY])
    time_probes(endgames, args.pieces)
    engine_uses(endgames, args.pieces)
    problems = check_all(endgames, args.pieces, args.step) if args.check else 0
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
