"""The engine's evaluation cost, for comparing two versions (e.g. before and after tuning).

    python benchmarks/evaluation.py [--loops N] [--depth D]

Evaluates a fixed set of positions (seeded random games, quiet positions only) `--loops` times,
then searches four positions to a fixed depth with a fresh engine each; prints the
evaluations done and the nodes searched. Run it under `valgrind --tool=callgrind` with two
`--loops` values: the difference in instructions over the difference in evaluations is the cost
of one evaluation, repeatable under load; the search's instructions over its nodes the cost of a
node (run with `--loops 0`). It imports the installed `checkers` package (or PYTHONPATH's), so
an older version's copy (tools/baseline_engine.py) is measured the same way.
"""

from __future__ import annotations

import argparse
import random

from checkers._bitboard import capture_pending, generate_raw, play
from checkers.ai import Limits
from checkers.ai.engine import Engine, evaluate_raw
from checkers.board import Position

SEARCHED = (
    Position(),
    Position.from_fen("B:W13,19,20,21,23,24,25,27,29,30,31,32:B1,2,3,5,6,7,9,10,11,12,15,18"),
    Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15"),
    Position.from_fen("B:WK1,5,22,30:B3,4,8,21,K32"),
)


def quiet_positions(count: int, seed: int = 1) -> list[tuple[int, int, int, bool]]:
    """Quiet positions from seeded random games, as bitboards and the side to move."""
    rng = random.Random(seed)
    found: list[tuple[int, int, int, bool]] = []
    while len(found) < count:
        start = Position()
        black, white, kings, black_to_move = start.black, start.white, start.kings, True
        for _ in range(rng.randint(4, 120)):
            moves = generate_raw(black, white, kings, black_to_move)
            if not moves:
                break
            black, white, kings = play(black, white, kings, black_to_move, rng.choice(moves))
            black_to_move = not black_to_move
        if not capture_pending(black, white, kings, black_to_move):
            found.append((black, white, kings, black_to_move))
    return found


def main() -> None:
    """Evaluate and search; print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loops", type=int, default=10, help="passes over the positions")
    parser.add_argument("--depth", type=int, default=0, help="search depth (default: none)")
    args = parser.parse_args()
    positions = quiet_positions(2000)
    total = 0
    for _ in range(args.loops):
        for black, white, kings, black_to_move in positions:
            total += evaluate_raw(black, white, kings, black_to_move)
    print(f"{args.loops * len(positions)} evaluations (checksum {total})")
    if args.depth:
        nodes = 0
        for position in SEARCHED:
            engine = Engine(endgames=None)
            nodes += engine.search(position, Limits(depth=args.depth)).nodes
        print(f"{nodes} nodes to depth {args.depth}")


if __name__ == "__main__":
    main()
