"""The endgame table a drill builds on demand: how long `checkers drills 4` (three kings against
two) takes from an empty data directory, as a whole process, against the estimate it shows.

    python benchmarks/drill_tables.py [--runs 3]
    CHECKERS_CORE=python python benchmarks/drill_tables.py --runs 1     # the pure-Python builder
    NUMBA_CACHE_DIR=<empty dir> python benchmarks/drill_tables.py       # numba compiling first

Each run is a fresh process with a fresh data directory (CHECKERS_DATA_DIR), so it builds the
slice eg5-0302 (4.9 million indices) and writes it; the figures are wall seconds (the player's
wait) and the process's processor seconds. The estimate is `build_seconds`, the one the window
and the command say before building (`checkers.drill_tables`).
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

from checkers.drill_tables import build_seconds, seconds_words
from checkers.drills import DRILLS

DRILL = 4  # three kings against two


def run_once() -> tuple[float, float]:
    """One `checkers drills 4` from an empty data directory: (wall, processor) seconds."""
    with tempfile.TemporaryDirectory(prefix="drill-bench-") as data:
        environment = {**os.environ, "CHECKERS_DATA_DIR": data}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "checkers", "drills", str(DRILL)],
            env=environment,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - began
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    processor = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, processor


def main() -> None:
    """Time the runs and print the median beside the estimate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    tables = DRILLS[DRILL - 1].tables
    estimate = build_seconds(tables)
    core = "pure Python" if os.environ.get("CHECKERS_CORE") == "python" else "compiled core"
    walls, processors = [], []
    for _ in range(args.runs):
        wall, processor = run_once()
        walls.append(wall)
        processors.append(processor)
        print(f"  run: {wall:.1f} s wall, {processor:.1f} s processor")
    print(
        f"checkers drills {DRILL} from an empty data directory ({core}): median "
        f"{statistics.median(walls):.1f} s wall, {statistics.median(processors):.1f} s "
        f"processor, of {args.runs}; the estimate shown: {seconds_words(estimate)} "
        f"({estimate:.1f} s)"
    )


if __name__ == "__main__":
    main()
