"""What checking each puzzle costs: a game reviewed once, then its puzzles found with the checks
(clearly best by the review's rule, unique at every step the player makes, forced moves skipped),
in processor seconds, with how many puzzles each game gives.

    python benchmarks/puzzle_checks.py [--depth 10] [FILE ...]
"""

from __future__ import annotations

import argparse
import time

from checkers.ai.search import Limits
from checkers.formats.pdn import open_game
from checkers.puzzles import find_puzzles
from checkers.review import DEFAULT_DEPTH, ReviewSetting, review_moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH)
    parser.add_argument("files", nargs="+", help="PDN games (the first game of each)")
    args = parser.parse_args()
    limits = Limits(depth=args.depth)
    for name in args.files:
        game = open_game(name)
        started = time.process_time()
        reviews = list(review_moves(game.start, game.moves, ReviewSetting(limits), jobs=1))
        reviewed = time.process_time()
        puzzles = find_puzzles(reviews, limits)
        done = time.process_time()
        print(
            f"{name}: {len(game.moves)} moves reviewed in {reviewed - started:.1f} s,"
            f" {len(puzzles)} puzzles found and checked in {done - reviewed:.1f} s"
        )


if __name__ == "__main__":
    main()
