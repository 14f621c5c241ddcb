"""`checkers book build` and `checkers book show`: build the opening book, look a position up.

`add_book_commands(subparsers)` adds them to the `checkers` parser; cli.py calls it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from checkers.ai.book import BuildSettings, build_book, format_book_moves, load_book
from checkers.board import InvalidFenError, Position
from checkers.formats.opening_book import BookError
from checkers.match import load_ballots
from checkers.options import job_count, one_line, read_whole_number, search_depth, seconds, shown
from checkers.perft import default_jobs

__all__ = ["DEFAULT_DEPTH", "DEFAULT_PLIES", "MAX_PLIES", "add_book_commands"]

DEFAULT_DEPTH = 13
"""The search depth of a build (the shipped book's)."""
DEFAULT_PLIES = 2
"""A build's reach past the ballots (which end at ply 3); the shipped book has 0, what fitted
its time (docs/engine.md, "Opening book")."""
MAX_PLIES = 20
"""The book doubles about every ply: 20 plies past the ballots is already far beyond a day."""


def _plies(text: str) -> int:
    try:
        return read_whole_number(text, 0, MAX_PLIES)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _position(text: str) -> Position:
    try:
        return Position.from_fen(text)
    except InvalidFenError as error:
        raise argparse.ArgumentTypeError(f"invalid FEN {shown(text)}: {error}") from None


def _fail(message: str) -> int:
    print(f"checkers: error: {one_line(message)}", file=sys.stderr)
    return 1


def cmd_book_build(args: argparse.Namespace, out: TextIO) -> int:
    """Build the book into --out (progress on stderr); a rerun resumes from the work file."""
    if args.depth is not None and args.depth < 2:
        args.usage_error("a book needs a search depth of 2 or more")
    depth = args.depth if args.depth is not None or args.time is not None else DEFAULT_DEPTH
    settings = BuildSettings(depth, args.time, args.plies)
    ballots = [ballot.moves for ballot in load_ballots()]
    try:
        report = build_book(settings, ballots, args.out, args.work, args.jobs, sys.stderr)
    except BookError as error:
        return _fail(str(error))
    except OSError as error:
        where = Path(error.filename).name if error.filename else args.out
        return _fail(f"cannot write {where}: {error.strerror}" if error.strerror else str(error))
    if not report.finished:  # only an injected stop leaves it unfinished; say so all the same
        return _fail("the build stopped before the end; run the same command again to finish")
    print(f"{report.positions} positions written to {args.out}", file=out)
    return 0


def cmd_book_show(args: argparse.Namespace, out: TextIO) -> int:
    """Print the book's moves for a position, or that it is not in the book."""
    try:
        book = load_book(args.book)
    except BookError as error:
        return _fail(str(error))
    except OSError as error:
        return _fail(f"cannot read {args.book}: {error.strerror or error}")
    moves = book.moves(args.fen)
    if moves is None:
        print("not in the book", file=out)
    else:
        print(f"book: {format_book_moves(moves)}", file=out)
    return 0


def add_book_commands(subparsers: Any) -> None:
    """Add `book build` and `book show` to the `checkers` subcommands."""
    book = subparsers.add_parser("book", help="build the opening book or look a position up")
    sub = book.add_subparsers(dest="book_command", metavar="ACTION", required=True)

    build = sub.add_parser(
        "build",
        help="build the opening book from the engine's own searches",
        description="Search every position of the ACF ballot lines and of the book's own "
        "moves up to --plies past the ballots, keeping the best moves and those within 0.05 "
        "men of them. Progress goes to stderr; finished searches go to a work file as they "
        "finish, so running the same command again after an interruption resumes.",
    )
    limit = build.add_mutually_exclusive_group()
    limit.add_argument(
        "--depth",
        type=search_depth,
        help=f"search each position to this depth (default: {DEFAULT_DEPTH}; the same "
        "depth always builds the same book)",
    )
    limit.add_argument(
        "--time", type=seconds, help="search each position for this many seconds instead"
    )
    build.add_argument(
        "--plies",
        type=_plies,
        default=DEFAULT_PLIES,
        help=f"plies past the ballot positions, 0 to {MAX_PLIES} (default: {DEFAULT_PLIES}); "
        "each one about doubles the positions",
    )
    build.add_argument(
        "--jobs",
        type=job_count,
        default=default_jobs(),
        help="processes to search in (default: one per core; at most two per core)",
    )
    build.add_argument(
        "--out", default="opening-book.txt", help="the book file (default: opening-book.txt)"
    )
    build.add_argument(
        "--work", help="the work file of finished searches (default: the book file + .work)"
    )
    build.set_defaults(handler=cmd_book_build, usage_error=build.error)

    show = sub.add_parser("show", help="the book's moves for a position")
    show.add_argument(
        "fen",
        nargs="?",
        type=_position,
        default=Position(),
        help="PDN FEN (default: the initial position)",
    )
    show.add_argument("--book", help="a book file (default: the one in the package)")
    show.set_defaults(handler=cmd_book_show)
