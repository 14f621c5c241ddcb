"""Make the problem book the Puzzles screen offers: the published problems of tests/data whose
first move is clearly best, as a PDN collection in the package.

    .venv/bin/python tools/problem_book.py [--depth 16]   # writes checkers/data/problem-book.pdn

Each published problem (tests/data/problems*.txt: a position, its published solution, its source)
is kept only where the puzzle's rule holds for its first move: the only move that keeps the
endgame databases' win or draw, or the engine's best move with every other a mistake by the
review's rule (`checkers.puzzles.clear_solution`'s first step) at `--depth`. A player is marked
right for that one move, so a problem where another move wins as well is left out. Deterministic:
the same depth and problems write the same file.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from checkers.ai.endgame import default_endgames
from checkers.ai.search import Limits
from checkers.board import Position
from checkers.notation import numbered_moves
from checkers.puzzles import first_clear_move

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [
    ROOT / "tests" / "data" / name
    for name in ("problems.txt", "problems-dev.txt", "problems-holdout.txt")
]
BOOK = ROOT / "checkers" / "data" / "problem-book.pdn"
_MAVEN = re.compile(r"The Checker Maven \((?P<title>.*), (?P<url>https?://\S+)\)$")
MAVEN = "The Checker Maven"
_BOOKS = {
    "First Position": "E. Lasker, Chess and Checkers",
    "A Good Start, note B": "T. Wiswell, A Good Start",
}


def problems() -> list[tuple[str, str, str, str]]:
    """(title, where published, FEN, solution) of each problem line with a solution."""
    found = []
    for path in SOURCES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            source, fen, solution, *_ = (part.strip() for part in line.split("|"))
            if not solution or source == "first problem":
                # A position to win with no line given (First Position), or the issue's
                # example, which names no publication.
                continue
            match = _MAVEN.match(source)
            if match:
                title, where = f"{match['title']} ({MAVEN})", match["url"]
            else:  # the sources the file's header names for its own problems
                where = _BOOKS.get(source, MAVEN)
                title = f"{source} ({where})"
            found.append((title, where, fen, solution))
    return found


def _game(title: str, where: str, fen: str, solution: str) -> str:
    """One problem as a PDN game: its title and source, the position and the solution."""
    tags = [
        ("Event", title),
        ("Site", where),
        ("Result", "*"),
        ("SetUp", "1"),
        ("FEN", fen),
    ]
    head = "\n".join(f'[{name} "{value}"]' for name, value in tags)
    moves = numbered_moves(solution.split(), black_first=fen.startswith("B"))
    return f"{head}\n\n{moves} *\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=16, help="the check's depth (default 16)")
    parser.add_argument("--out", type=Path, default=BOOK, help=f"default: {BOOK}")
    args = parser.parse_args(argv)
    endgames = default_endgames()
    kept = []
    every = problems()
    for title, where, fen, solution in every:
        first = first_clear_move(Position.from_fen(fen), Limits(depth=args.depth), endgames)
        if first == solution.split()[0]:
            kept.append(_game(title, where, fen, solution))
    args.out.write_text("\n".join(kept), encoding="utf-8")
    print(f"{len(kept)} of {len(every)} problems kept; wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
