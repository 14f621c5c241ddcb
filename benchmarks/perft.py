"""Perft speed from the initial position: depths 8-10, median of 3 runs, leaves per second.

The last ply is counted without being played (bulk counting). Each count is checked against
the published figures. One process first (the move generator's own speed), then `--jobs`
processes (what `checkers perft` does by default). Run: `python benchmarks/perft.py`; it imports
the installed `checkers` package (or the one PYTHONPATH names).
Wall times swing on a shared machine, so the header shows the load average at the start.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from checkers.board import Position
from checkers.perft import default_jobs, perft

PUBLISHED = {8: 845_931, 9: 3_963_680, 10: 18_391_564}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--depths", type=int, nargs="+", default=[8, 9, 10])
    parser.add_argument(
        "--jobs",
        type=int,
        default=default_jobs(),
        help="processes for the second series (1 skips it)",
    )
    args = parser.parse_args()
    load = f", load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {args.runs} runs each{load}"
    )
    for jobs in sorted({1, args.jobs}):
        for depth in args.depths:
            times = []
            for _ in range(args.runs):
                began = time.perf_counter()
                leaves = perft(Position(), depth, jobs)
                times.append(time.perf_counter() - began)
                expected = PUBLISHED.get(depth)
                if expected is not None and leaves != expected:
                    print(f"perft {depth} = {leaves}, published {expected}: WRONG")
                    return 1
            median = statistics.median(times)
            print(
                f"jobs {jobs}  perft {depth}: {leaves:>10} leaves  median {median:6.2f} s  "
                f"{leaves / median / 1e6:5.2f} M leaves/s  (runs: "
                + ", ".join(f"{t:.2f}" for t in times)
                + ")"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
