"""A published problem collection as a puzzle set: each PDN game with a set-up position (its FEN
tag) and moves is a puzzle, the moves its solution.

Pure Python, no pygame. `import_collection(path)` reads the file with the PDN reader (the same
limits and refusals as opening a game), keeps every game that starts from a FEN with at least one
move, and gives each the ideas its solution proves (`checkers.puzzles.puzzle_ideas`); a game that
cannot be read, or starts from the opening position, or has no move, is counted as skipped.
`CollectionRefused` says in one line why a file gives no puzzle at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from checkers.ai.endgame import Endgames
from checkers.formats.pdn import GameUnreadable, PdnGame, open_games
from checkers.puzzles import Puzzle, puzzle_ideas

__all__ = [
    "BOOK_NAME",
    "IMPORTED",
    "Collection",
    "CollectionRefused",
    "import_collection",
    "problem_book",
]

IMPORTED = ""
"""An imported puzzle's `played`: no game's move went wrong before it."""


class CollectionRefused(ValueError):
    """Why a file gives no puzzle, in one line naming it."""


@dataclass(frozen=True)
class Collection:
    """The puzzles a file gives, and how many of its games were skipped."""

    puzzles: tuple[Puzzle, ...]
    skipped: int


def _puzzle(game: PdnGame, number: int, source: str, endgames: Endgames | None) -> Puzzle | None:
    """Game `number` as a puzzle, or None if it does not start from a set-up position with a
    move to find."""
    if not game.is_set_up() or not game.moves:
        return None
    solution = tuple(move.pdn() for move in game.moves)
    ideas = tuple(puzzle_ideas(game.start, solution, endgames))
    title = game.tags.get("Event") or game.tags.get("White") or ""
    name = f"{source}, problem {number}" + (f": {title}" if title and title != "?" else "")
    # Ply 1: the solution is numbered from move 1, whichever side plays first.
    return Puzzle(game.start.fen(), solution, IMPORTED, ideas, number, 1, name)


def import_collection(
    path: str | Path, endgames: Endgames | None = None, name: str | None = None
) -> Collection:
    """The puzzles of a PDN problem collection, each named after `name` (default: the file's
    name) and its number; CollectionRefused (one line) if the file cannot be read, holds no
    game, or no game of it starts from a FEN with a solution."""
    path = Path(path)
    try:
        archive = open_games(path)
    except GameUnreadable as error:
        raise CollectionRefused(error.words()) from None
    puzzles: list[Puzzle] = []
    skipped = 0
    for number, item in enumerate(archive.games(), start=1):
        puzzle = (
            None
            if not isinstance(item, PdnGame)
            else _puzzle(item, number, name or path.name, endgames)
        )
        if puzzle is None:
            skipped += 1
        else:
            puzzles.append(puzzle)
    if not puzzles:
        raise CollectionRefused(
            f"{path.name}: no problem in it (a game with a FEN tag and its solution's moves)"
        )
    return Collection(tuple(puzzles), skipped)


BOOK_NAME = "Problem book"
"""How the problem book's puzzles are named: `Problem book, problem 3: Seeing is Believing`."""


def problem_book(endgames: Endgames | None = None) -> Collection:
    """The problem book that comes with the game (`checkers/data/problem-book.pdn`, made by
    tools/problem_book.py): published problems whose first move is clearly best."""
    with resources.as_file(resources.files("checkers.data") / "problem-book.pdn") as path:
        return import_collection(path, endgames, BOOK_NAME)
