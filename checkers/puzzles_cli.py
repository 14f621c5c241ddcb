"""`checkers puzzles FILE`: a game reviewed, then its puzzles listed (text or JSON);
`checkers puzzles --import FILE`: a published problem collection added to the window's set.

`add_puzzles_command(subparsers)` adds the command to the `checkers` parser; cli.py calls it.
The review is `checkers review`'s (the same depth or time, the same worker processes); the
puzzles are `checkers.puzzles.find_puzzles`'. Ctrl+C ends both with one line and status 130.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from checkers.ai.book import is_book_move
from checkers.ai.search import Limits, StopSignal
from checkers.formats.pdn import GameUnreadable, open_game
from checkers.formats.puzzle_store import add_puzzles
from checkers.options import terminal_safe
from checkers.puzzle_import import IMPORTED, CollectionRefused, import_collection
from checkers.puzzles import Puzzle, find_puzzles
from checkers.review import DEFAULT_DEPTH, MoveReview, ReviewSetting, review_moves
from checkers.review_cli import add_review_arguments, refuse_overlong

__all__ = ["add_puzzles_command", "cmd_puzzles", "puzzle_text"]


def puzzle_text(puzzle: Puzzle, index: int) -> list[str]:
    """A puzzle as text lines: where it comes from and who plays, the position, the solution
    and its ideas."""
    side = puzzle.position.turn.name.capitalize()
    heading = (
        f"{index}. move {puzzle.move_number}, {side} to play (the game went wrong with "
        f"{puzzle.played}): {' '.join(puzzle.solution)}"
    )
    if puzzle.played == IMPORTED:
        heading = f"{index}. {puzzle.source}, {side} to play: {' '.join(puzzle.solution)}"
    lines = [heading, f"   {puzzle.fen}"]
    lines.extend(f"   {idea['text']}" for idea in puzzle.ideas if "text" in idea)
    return lines


def _print_puzzles(
    puzzles: list[Puzzle], heading: str, args: argparse.Namespace, out: TextIO
) -> None:
    """The puzzles as JSON, or as text under `heading`."""
    if args.format == "json":
        json.dump({"puzzles": [puzzle.as_json() for puzzle in puzzles]}, out, indent=1)
        print(file=out)
        return
    print(terminal_safe(heading), file=out)
    for index, puzzle in enumerate(puzzles, start=1):
        for line in puzzle_text(puzzle, index):
            print(terminal_safe(line), file=out)


def cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    """Add a published problem collection to the window's puzzle set and print its puzzles."""
    try:
        collection = import_collection(args.import_file)
    except CollectionRefused as error:
        print(terminal_safe(f"checkers: cannot import {error}"), file=sys.stderr)
        return 1
    puzzles = list(collection.puzzles)
    added, problem = add_puzzles(puzzles)
    if problem is not None:
        print(f"checkers: {problem}", file=sys.stderr)
        return 1
    skipped = (
        f"; {collection.skipped} games without a FEN and moves skipped"
        if collection.skipped
        else ""
    )
    print(f"{added} of {len(puzzles)} added to Puzzles{skipped}", file=sys.stderr)
    count = f"{len(puzzles)} puzzle{'s' if len(puzzles) != 1 else ''}"
    _print_puzzles(puzzles, f"{args.import_file}: {count}", args, out)
    return 0


def cmd_puzzles(args: argparse.Namespace, out: TextIO) -> int:
    """Review one game of a PDN file and print its puzzles (or import a collection)."""
    if args.import_file is not None:
        if args.file is not None:
            args.usage_error("give a game to review or --import FILE, not both")
        return cmd_import(args, out)
    if args.file is None:
        args.usage_error("give a PDN game to review, or --import FILE")
    try:
        game = open_game(args.file, args.game)
    except GameUnreadable as error:
        args.usage_error(f"cannot read {error.words(args.file)}")
    refuse_overlong(game, args)
    limits = Limits(time=args.time) if args.time else Limits(depth=args.depth or DEFAULT_DEPTH)
    setting = ReviewSetting(limits)
    jobs = min(args.jobs, max(1, len(game.moves) + 1))
    stop = StopSignal()
    reviews: list[MoveReview] = []
    moves = review_moves(
        game.start, game.moves, setting, jobs=jobs, stop=stop, is_book=is_book_move
    )
    try:
        reviews.extend(moves)
        puzzles = find_puzzles(reviews, limits, game=args.game, stop=stop)
    except KeyboardInterrupt:
        stop.stop()
        moves.close()  # ends the worker processes before the line is printed
        print("checkers: puzzles cancelled", file=sys.stderr)
        return 130
    if args.add:
        # Into the window's set (Puzzles on the start screen), as a review there adds them.
        added, problem = add_puzzles(puzzles)
        if problem is not None:
            print(f"checkers: {problem}", file=sys.stderr)
            return 1
        said = f"{added} of {len(puzzles)} added to Puzzles (the others were there already)"
        print(said if added != len(puzzles) else f"{added} added to Puzzles", file=sys.stderr)
    black, white = game.tags.get("Black", "?"), game.tags.get("White", "?")
    count = f"{len(puzzles)} puzzle{'s' if len(puzzles) != 1 else ''}"
    # The tags are the file's: an escape sequence in them must not reach the terminal.
    _print_puzzles(
        puzzles, f"Game {args.game} of {args.file}: {black} - {white}: {count}", args, out
    )
    return 0


def add_puzzles_command(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add `checkers puzzles` to the command line's subparsers; returns its parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "puzzles",
        help="review a PDN game and list its puzzles",
        description="Review a game (as `checkers review` does), then list each position where "
        "a player went wrong and one move was clearly best: a man better than every other "
        "move, or the only move that keeps an endgame database's win or draw.",
    )
    add_review_arguments(parser)
    for action in parser._actions:
        if action.dest == "file":  # a collection to import needs no game to review
            action.nargs, action.default = "?", None
    parser.add_argument(
        "--import",
        dest="import_file",
        metavar="FILE",
        help="add a published problem collection (PDN games with a FEN tag and the solution's "
        "moves) to the window's puzzle set",
    )
    parser.add_argument(
        "--add",
        action="store_true",
        help="also add them to the window's puzzle set (Puzzles on the start screen)",
    )
    parser.set_defaults(handler=cmd_puzzles, usage_error=parser.error)
    return parser
