"""The coach's ideas on published problems: for each problem, the ideas `checkers.coach.ideas`
names on the published solution, whether the solution's first move carries one (an idea of the
side to play beginning at the first move) and whether every idea's replay proves it. Reports
each file's share; the holdout half is kept out of development.

    python benchmarks/idea_problems.py [-v] [FILE ...]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from checkers.board import Position
from checkers.coach import ideas, proves

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
FILES = ["problems-dev.txt", "problems-holdout.txt"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="each problem's first idea")
    parser.add_argument("files", nargs="*", default=[str(DATA / name) for name in FILES])
    args = parser.parse_args()
    for name in args.files:
        carried = total = named = failed = 0
        kinds: Counter[str] = Counter()
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            if line.startswith("#") or "|" not in line:
                continue
            fen, solution = (part.strip() for part in line.split("|")[1:3])
            position = Position.from_fen(fen)
            found = ideas(position, solution.split())
            named += len(found)
            failed += sum(1 for idea in found if not proves(position, idea))
            first = [i for i in found if i.side is position.turn and i.start == 0]
            total += 1
            carried += bool(first)
            if first:
                kinds[first[0].name] += 1
            if args.verbose:
                print(f"{fen}: {first[0].text if first else '-'}")
        print(
            f"{Path(name).name}: {carried}/{total} first moves carry a named idea"
            f" ({100 * carried / max(total, 1):.0f}%); {named} ideas named, {failed} fail"
            f" their replay; first ideas: {dict(sorted(kinds.items()))}"
        )


if __name__ == "__main__":
    main()
