"""The start screen's puzzle count over a big puzzle set: what drawing the start screen waits for.

`make DIR` fills DIR (used as CHECKERS_DATA_DIR) with a `puzzles.json` of about `--mb` MB
(the store's limit is 16) of distinct positions from seeded random legal games, each with a
one-move solution and a few ideas as a review writes them, and a schedule with a card for a
third of them. `count DIR` times `due_count()` as the start screen calls it: the first call of a
process, then a second with the files unchanged (the start screen is rebuilt on every resize
and every return to it), and `load_puzzles()` for comparison. Processor time, median of `--runs`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from checkers.board import Position
from checkers.formats import puzzle_store
from checkers.puzzles import Puzzle


def make(directory: Path, megabytes: float, seed: int) -> None:
    """A puzzle set of about `megabytes` MB and a schedule for a third of it."""
    rng = random.Random(seed)
    puzzles: dict[str, Puzzle] = {}
    size = 0
    while size < megabytes * 1024 * 1024:
        position = Position()
        for ply in range(rng.randint(4, 60)):
            legal = position.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            if position.fen() not in puzzles and len(legal) > 1:
                ideas = tuple({"idea": "a shot", "squares": [rng.randint(1, 32)]} for _ in range(4))
                other = rng.choice([m for m in legal if m != move]).pdn()
                puzzle = Puzzle(position.fen(), (move.pdn(),), other, ideas, 1, ply + 1, "bench")
                puzzles[puzzle.key] = puzzle
                size += len(json.dumps(puzzle.as_json(), indent=1)) + 2
            position = position.move(move)
    directory.mkdir(parents=True, exist_ok=True)
    os.environ["CHECKERS_DATA_DIR"] = str(directory)
    assert puzzle_store.save_puzzles(list(puzzles.values())) is None
    schedule = puzzle_store.Schedule.load()
    now = datetime(2026, 11, 26, tzinfo=timezone.utc)
    for number, puzzle in enumerate(puzzles.values()):
        if number % 3 == 0:
            schedule.answer(puzzle, right=number % 2 == 0, now=now)
    assert schedule.save() is None
    held = puzzle_store.puzzles_path().stat().st_size / (1024 * 1024)
    print(f"{len(puzzles):,} puzzles, {held:.1f} MB; {len(schedule.cards):,} cards")


def _seconds(action: object) -> float:
    start = time.process_time()
    action()  # type: ignore[operator]
    return time.process_time() - start


def count(directory: Path, runs: int) -> None:
    """Time the start screen's count, first and repeated, and a whole load for comparison."""
    os.environ["CHECKERS_DATA_DIR"] = str(directory)
    first, again, whole = [], [], []
    for _ in range(runs):
        puzzle_store._set_keys.cache_clear()  # a new process's first count
        puzzle_store._due_times.cache_clear()
        first.append(_seconds(puzzle_store.due_count))
        again.append(_seconds(puzzle_store.due_count))
        whole.append(_seconds(puzzle_store.load_puzzles))
    due, held = puzzle_store.due_count()
    print(f"due_count: {due:,} due of {held:,}")
    print(f"  first call   {statistics.median(first):.3f} s")
    print(f"  files as were {statistics.median(again):.4f} s")
    print(f"load_puzzles   {statistics.median(whole):.3f} s (the puzzles screen's whole read)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="action", required=True)
    made = sub.add_parser("make")
    made.add_argument("directory", type=Path)
    made.add_argument("--mb", type=float, default=15.0)
    made.add_argument("--seed", type=int, default=1)
    counted = sub.add_parser("count")
    counted.add_argument("directory", type=Path)
    counted.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if args.action == "make":
        make(args.directory, args.mb, args.seed)
    else:
        count(args.directory, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
