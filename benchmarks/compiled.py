"""The compiled core against the Python engine: the same answers, and how much faster.

    python benchmarks/compiled.py crosscheck [--positions 200] [--depth 8]
    python benchmarks/compiled.py perft [--core compiled|python] [--depth 10]
    python benchmarks/compiled.py search [--core compiled|python] [--time 1] [--depth D]
    python benchmarks/compiled.py start [--core compiled|python]

crosscheck: varied positions (seeded random games: openings to endgames with the databases
probed), each searched to a fixed depth by both; every best move, score, node count and line must
be equal (exit 1 otherwise). perft: leaves a second in one process from the start (the count
checked against the published one). search: the start position with the time limit (book off:
the engine alone) or to a depth, nodes a second and the depth reached. start: the process's time
to a ready engine (the compiled core loaded from numba's cache, or compiled if there is none:
point NUMBA_CACHE_DIR at an empty directory to time a cold compile).
Targets (issue 29): 10 M leaves/s, 1.5 M nodes/s and depth 16 in 1 s from the start, the same
answers on 200 positions, a warm start at most 1 s more than the Python engine's, a cold compile
at most 15 s on 2 cores. For ratios in one run, time two of these commands in turn, A B A B...
It imports the installed `checkers` package (or the one PYTHONPATH names).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from checkers.ai.engine import Engine, tune_collector_for_search
from checkers.ai.search import Limits
from checkers.board import BLACK, Position

PUBLISHED = {  # tests/data/perft.txt
    8: 845_931,
    9: 3_963_680,
    10: 18_391_564,
    11: 85_242_128,
    12: 388_623_673,
    13: 1_766_623_630,
}


def _engine(core: str) -> Engine:
    if core == "python":
        return Engine()
    from checkers.ai.compiled.engine import CompiledEngine

    return CompiledEngine()


def positions(count: int, seed: int) -> list[Position]:
    """Positions from seeded random games of every length, each with a legal move."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position()
        for _ in range(rng.randrange(2, 140)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.move(rng.choice(moves))
        if position.legal_moves():
            found.append(position)
    return found


def crosscheck(count: int, depth: int, seed: int) -> int:
    from checkers.ai.compiled.engine import CompiledEngine

    python_time = compiled_time = 0.0
    nodes = differences = 0
    for position in positions(count, seed):
        began = time.perf_counter()
        expected = Engine().search(position, Limits(depth=depth))
        middle = time.perf_counter()
        found = CompiledEngine().search(position, Limits(depth=depth))
        compiled_time += time.perf_counter() - middle
        python_time += middle - began
        nodes += expected.nodes
        same = (found.move, found.score, found.nodes, found.pv) == (
            expected.move,
            expected.score,
            expected.nodes,
            expected.pv,
        )
        if not same:
            differences += 1
            print(f"DIFFERENT {position.fen()}: python {expected}, compiled {found}")
    print(
        f"{count} positions at depth {depth}: {count - differences} the same (move, score, nodes,"
        f" line), {nodes} nodes; Python {python_time:.1f} s, compiled {compiled_time:.2f} s"
        f" ({python_time / compiled_time:.1f}x)"
    )
    return 1 if differences else 0


def perft(core: str, depth: int) -> int:
    start = Position()
    if core == "python":
        from checkers.perft import perft as count_leaves

        began = time.perf_counter()
        leaves = count_leaves(start, depth)
    else:
        from checkers.ai.compiled.movegen import perft as compiled_perft

        compiled_perft(start.black, start.white, start.kings, True, 1)  # load it first
        began = time.perf_counter()
        leaves = compiled_perft(start.black, start.white, start.kings, True, depth)
    elapsed = time.perf_counter() - began
    print(
        f"{core} perft {depth}: {leaves} leaves in {elapsed:.3f} s, {leaves / elapsed / 1e6:.1f} M/s"
    )
    return 0 if PUBLISHED.get(depth, leaves) == leaves else 1


def search(core: str, seconds: float, depth: int | None) -> int:
    tune_collector_for_search()
    engine = _engine(core)
    if core == "compiled":
        from checkers.ai.compiled.engine import warm_up

        warm_up()
    limits = Limits(depth=depth) if depth else Limits(time=seconds)
    began = time.perf_counter()
    result = engine.search(Position(), limits)
    elapsed = time.perf_counter() - began
    print(
        f"{core} from the start ({limits}): depth {result.depth}, {result.nodes} nodes in"
        f" {elapsed:.3f} s, {result.nodes / elapsed / 1e6:.2f} M nodes/s, {result.move}"
    )
    return 0


def start(core: str) -> int:
    if core == "compiled":
        from checkers.ai.compiled import wait_until_ready

        if not wait_until_ready():
            return 1
    engine = _engine(core)
    result = engine.search(Position(), Limits(depth=1))
    return 0 if result.move is not None and (Position().turn is BLACK) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["crosscheck", "perft", "search", "start"])
    parser.add_argument("--core", choices=["compiled", "python"], default="compiled")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--depth", type=int, default=None)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    if args.what == "crosscheck":
        return crosscheck(args.positions, args.depth or 8, args.seed)
    if args.what == "perft":
        return perft(args.core, args.depth or 10)
    if args.what == "search":
        return search(args.core, args.time, args.depth)
    return start(args.core)


if __name__ == "__main__":
    sys.exit(main())
