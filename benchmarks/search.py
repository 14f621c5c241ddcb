"""Engine speed: nodes per second and the depth reached in a given time (median of runs).

    python benchmarks/search.py [--runs 3] [--times 1 5] [--library]

For each position and time limit: the depth completed, nodes, nodes/s and how far the search
ran past its deadline. From the initial position also the time to complete depth 12. Each run
is a new engine, made and freed outside the timing as a game does (`AIPlayer` keeps one per
side); what freeing its table costs a one-shot `search()` is shown apart, with the peak memory.
The searches run as in the engine's own processes (`tune_collector_for_search`); `--library`
leaves the garbage collector alone, as a program that embeds the engine gets it.
It imports the installed `checkers` package (or the one PYTHONPATH names).
Targets
(issue 3): at least 150 000 nodes/s, depth 12 or more in 1 s from the start. Wall times swing on
a shared machine, so the load average is shown before and after; node counts to a fixed depth do
not depend on it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from checkers.ai import Limits
from checkers.ai.engine import Engine, tune_collector_for_search
from checkers.board import Position

POSITIONS = {
    "start": Position(),
    "opening": Position.from_fen(
        "B:W13,19,20,21,23,24,25,27,29,30,31,32:B1,2,3,5,6,7,9,10,11,12,15,18"
    ),
    "middlegame": Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15"),
    "kings": Position.from_fen("B:WK1,5,22,30:B3,4,8,21,K32"),
}


TEARDOWNS: list[float] = []  # seconds to free each run's engine


def timed(position: Position, limits: Limits) -> tuple[int, int, float, float]:
    """(depth, nodes, nodes/s, seconds) of one new engine's search, by the wall clock."""
    engine = Engine()
    began = time.perf_counter()
    result = engine.search(position, limits)
    elapsed = time.perf_counter() - began
    del engine
    TEARDOWNS.append(time.perf_counter() - began - elapsed)
    return result.depth, result.nodes, result.nodes / elapsed, elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--times", type=float, nargs="+", default=[1.0, 5.0])
    parser.add_argument(
        "--library", action="store_true", help="leave the garbage collector alone while searching"
    )
    args = parser.parse_args()
    if not args.library:
        tune_collector_for_search()

    mode = "collector untouched (library)" if args.library else "collector tuned for search"
    print(f"median of {args.runs} runs; fresh engine each run; {mode}{_load()}")
    print(f"{'position':<11} {'limit':>6} {'depth':>5} {'nodes':>9} {'nodes/s':>9} {'overrun':>8}")
    all_rates = []
    worst_overrun = 0.0
    for name, position in POSITIONS.items():
        for limit in args.times:
            runs = [timed(position, Limits(time=limit)) for _ in range(args.runs)]
            depth = statistics.median(run[0] for run in runs)
            nodes = statistics.median(run[1] for run in runs)
            rate = statistics.median(run[2] for run in runs)
            overrun = max(run[3] - limit for run in runs)
            worst_overrun = max(worst_overrun, overrun)
            all_rates.append(rate)
            print(
                f"{name:<11} {limit:>5.1f}s {depth:>5.0f} {nodes:>9.0f} {rate:>9.0f} "
                f"{overrun * 1000:>6.0f}ms",
                flush=True,
            )

    to_twelve = [timed(Position(), Limits(depth=12)) for _ in range(args.runs)]
    print(
        f"\nstart position, depth 12: median {statistics.median(r[3] for r in to_twelve):.2f} s,"
        f" {statistics.median(r[1] for r in to_twelve):.0f} nodes"
    )
    print(f"median nodes/s over all searches: {statistics.median(all_rates):.0f}")
    print(f"largest overrun of a time limit: {worst_overrun * 1000:.0f} ms")
    print(
        f"freeing an engine after its search: median {statistics.median(TEARDOWNS) * 1000:.0f}"
        f" ms, largest {max(TEARDOWNS) * 1000:.0f} ms"
    )
    print(
        f"peak memory (resident): {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB"
    )
    print(f"at the end{_load() or ': load average not available'}")
    return 0


def _load() -> str:
    return f", load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""


if __name__ == "__main__":
    raise SystemExit(main())
