"""Why? on published problems, through the command a user runs: for each problem,
`checkers analyse FEN --why --depth D --format json`, then whether the played move and the three
best others are exact (every move when there are at most four) and no bound shown is at or above
the best exact score. Reports each file's count; the holdout half is kept out of development.

    python benchmarks/why_problems.py [--depth 12] [FILE ...]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from checkers.board import Position

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
FILES = ["problems.txt", "problems-dev.txt", "problems-holdout.txt"]


def _value(move: dict[str, Any]) -> float:
    """A move's score to compare: men, or a forced result beyond any material (sooner better)."""
    win_in = move.get("win_in")
    if win_in is not None:
        return (1000.0 - abs(win_in)) * (1 if win_in > 0 else -1)
    return float(move["score"])


def check(fen: str, depth: int) -> tuple[bool, str]:
    """Whether Why? of `fen` holds; a line saying what failed otherwise."""
    command = [sys.executable, "-m", "checkers", "analyse", fen, "--why", "--depth", str(depth)]
    done = subprocess.run(
        [*command, "--format", "json"], check=True, capture_output=True, text=True
    )
    why = json.loads(done.stdout)
    legal = len(Position.from_fen(fen).legal_moves())
    exact = [move for move in why["moves"] if move["bound"] == "exact"]
    best = max((_value(move) for move in exact), default=None)
    above = [
        move["move"]
        for move in why["moves"]
        if move["bound"] == "upper" and best is not None and _value(move) >= best
    ]
    if len(exact) < min(4, legal) or above:
        return False, f"{fen}: {len(exact)} exact of {legal} moves; bounds at or above: {above}"
    return True, ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("files", nargs="*", default=[str(DATA / name) for name in FILES])
    args = parser.parse_args()
    for name in args.files:
        good = total = 0
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            if line.startswith("#") or "|" not in line:
                continue
            total += 1
            held, why = check(line.split("|")[1].strip(), args.depth)
            good += held
            if not held:
                print("failed:", why)
        print(f"{Path(name).name}: {good}/{total} at depth {args.depth}")


if __name__ == "__main__":
    main()
