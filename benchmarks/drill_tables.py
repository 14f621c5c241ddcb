"""The endgame tables a drill builds on demand: how long they take from an empty data directory,
as a whole process, how much memory and disk they take, against the estimate the drill shows.

    python benchmarks/drill_tables.py [--runs 3]                  # three kings against two
    CHECKERS_CORE=python python benchmarks/drill_tables.py --runs 1     # the pure-Python builder
    NUMBA_CACHE_DIR=<empty dir> python benchmarks/drill_tables.py       # numba compiling first
    python benchmarks/drill_tables.py --fen "W:WK1,K2,K3:BK30,K31,K32" --runs 1   # any ending

Each run is a fresh process with a fresh data directory (CHECKERS_DATA_DIR): without --fen it is
`checkers drills 4`, which builds eg5-0302 (4.9 million indices); with --fen it builds every
slice `tables_needed` lists for that position (`prepare_tables`). The figures are wall seconds
(the player's wait), the process's processor seconds, its peak memory (resident set) and the
size of the files written. The estimate is `build_seconds`, the one the window and the command
say before building (`checkers.drill_tables`).

Measured on this project's 2-core machine (shared, runs under `nice`):
- eg5-0302 (three kings against two): 3.4 s wall on the compiled core with numba's cache warm
  (median of 5), 14 s with numba's cache empty, 40 s in pure Python.
- Six pieces, kings only (`--fen W:WK1,K2,K3:BK30,K31,K32`: eg5-0302 and eg6-0303, 54
  million indices), compiled core: 41 s wall (22 s processor), peak 565 MB, 18.6 MB on disk;
  estimate shown "about 40 seconds".
- Six pieces, a man on each side (`--fen B:W30,K31,K32:B1,K2,K3`: 7 slices, four of 5 pieces
  and three of 6, 625 million indices), compiled core: 227 s wall (152 s processor), peak
  2.55 GB (the largest slice, eg6-1212, 386 million indices), 220 MB on disk; estimate shown
  "about 7 minutes". In pure Python the estimate is 1.8 hours (not run).
- Fourth Position (`--fen B:W30,K31,K32:BK20,21,K22,K23`, 7 pieces): 19 slices, 7.7 billion
  indices, not run: about 84 minutes estimated on the compiled core, and its largest slice
  (eg7-1312, 3.9 billion indices) would need about 27 GB of memory at the 7 bytes an index the
  six-piece builds take.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checkers.ai.endgame import Material, half_size, slice_file_name
from checkers.board import Position
from checkers.drill_tables import build_seconds, seconds_words, tables_needed
from checkers.drills import DRILLS

DRILL = 4  # three kings against two

_BUILD = (
    "import sys; from pathlib import Path; from checkers.drill_tables import prepare_tables; "
    "prepare_tables([tuple(map(int, m.split(','))) for m in sys.argv[2:]], Path(sys.argv[1]))"
)


def run_once(materials: list[Material] | None) -> tuple[float, float, float, int]:
    """One build from an empty data directory: wall and processor seconds, peak memory (MB)
    and bytes written. `materials` None: `checkers drills 4`, else those slices."""
    with tempfile.TemporaryDirectory(prefix="drill-bench-") as data:
        environment = {**os.environ, "CHECKERS_DATA_DIR": data}
        if materials is None:
            command = [sys.executable, "-m", "checkers", "drills", str(DRILL)]
        else:
            out = str(Path(data) / "endgame")
            command = [sys.executable, "-c", _BUILD, out]
            command += [",".join(map(str, m)) for m in materials]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        subprocess.run(command, env=environment, check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - began
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        written = sum(path.stat().st_size for path in Path(data).rglob("*") if path.is_file())
    processor = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss is the largest child so far, in kilobytes on Linux: each run is one child.
    return wall, processor, after.ru_maxrss / 1024, written


def main() -> None:
    """Time the runs and print the median beside the estimate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fen", help="build the slices this position needs instead")
    args = parser.parse_args()
    if args.fen:
        tables = tables_needed(Position.from_fen(args.fen))
        what = f"the {len(tables)} slices of {args.fen}"
    else:
        tables = DRILLS[DRILL - 1].tables
        what = f"checkers drills {DRILL}"
    indices = sum(2 * half_size(m) for m in tables)
    print(f"{what}: {', '.join(slice_file_name(m) for m in tables)} ({indices:,} indices)")
    estimate = build_seconds(tables)
    core = "pure Python" if os.environ.get("CHECKERS_CORE") == "python" else "compiled core"
    walls, processors = [], []
    peak, written = 0.0, 0
    for _ in range(args.runs):
        wall, processor, peak, written = run_once(tables if args.fen else None)
        walls.append(wall)
        processors.append(processor)
        print(
            f"  run: {wall:.1f} s wall, {processor:.1f} s processor, "
            f"peak {peak:.0f} MB, {written / 1e6:.1f} MB written"
        )
    print(
        f"{what} from an empty data directory ({core}): median "
        f"{statistics.median(walls):.1f} s wall, {statistics.median(processors):.1f} s "
        f"processor, of {args.runs}; peak {peak:.0f} MB, {written / 1e6:.1f} MB on disk; "
        f"the estimate shown: {seconds_words(estimate)} ({estimate:.1f} s)"
    )


if __name__ == "__main__":
    main()
