"""Game review speed: a 60-move game reviewed at the default setting (median of runs).

    python benchmarks/review.py [--runs 5] [--depth D] [--jobs J]

Reviews the 120 plies of benchmarks/data/review-game.pdn (an engine game with noise, so it has
real mistakes, and a king ending) as `checkers review` does, worker processes started inside
the timing. Reports per run and as medians: the time to the first label (the first move and the
position after it scored) and the wall time of the whole review. Targets (issue 14): the whole
game in under 30 s on 2 cores, the first label within 2 s. The machine is shared: the load
average is shown before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checkers.ai import Limits
from checkers.pdn import read_file
from checkers.perft import default_jobs
from checkers.review import DEFAULT_DEPTH, MoveReview, ReviewSetting, review_moves, summarize

GAME = Path(__file__).resolve().parent / "data" / "review-game.pdn"


def one_run(setting: ReviewSetting, jobs: int) -> tuple[float, float, int]:
    """Seconds to the first label, seconds for the whole review, and the moves reviewed."""
    game = read_file(GAME)[0]
    began = time.perf_counter()
    first = 0.0
    reviews: list[MoveReview] = []
    for review in review_moves(game.start, game.moves, setting, jobs=jobs):
        if not reviews:
            first = time.perf_counter() - began
        reviews.append(review)
    whole = time.perf_counter() - began
    summarize(reviews)
    return first, whole, len(reviews)


def main() -> None:
    """Run the review several times and print the figures and their medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    args = parser.parse_args()
    setting = ReviewSetting(Limits(depth=args.depth))
    print(f"{setting.describe()}, {args.jobs} processes; load {os.getloadavg()[0]:.2f}")
    firsts, wholes = [], []
    for run in range(1, args.runs + 1):
        first, whole, moves = one_run(setting, args.jobs)
        firsts.append(first)
        wholes.append(whole)
        print(f"run {run}: {moves} moves, first label {first:.2f} s, whole game {whole:.2f} s")
    print(
        f"median: first label {statistics.median(firsts):.2f} s, "
        f"whole game {statistics.median(wholes):.2f} s; load {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
