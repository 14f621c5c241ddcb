"""`checkers explore [FEN] --db FILE...`: the moves archives of games played in a position.

`add_explore_command(subparsers)` adds it to the `checkers` parser; cli.py calls it. The
archives are the files given with --db (else those added in the window's explorer) and the
user's own games folder; each is indexed once into the data directory, with a progress line on
stderr, and rebuilt when its file changes. Text shows each move's games and result shares from
the side to move, beside the opening book's moves and a short search's score; JSON is
`{"moves": [{"move": "11-15", "games": 9120, "win": 0.31, "draw": 0.52, "loss": 0.17}, ...]}`.
An archive given with --db that cannot be read is one line and exit status 2; one added in the
window that is gone or unreadable is skipped with one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from checkers import paths
from checkers.board import InvalidFenError, Position
from checkers.formats.explorer_index import (
    INDEX_FOLDER,
    Archive,
    ExplorerError,
    ExplorerIndex,
    MoveStats,
    ended,
    explore,
    load_archive_list,
    open_index,
)
from checkers.options import UsageError, one_line, read_whole_number, shown

__all__ = [
    "DEFAULT_DEPTH",
    "OWN_GAMES",
    "SEARCH_SECONDS",
    "add_explore_command",
    "cmd_explore",
    "open_archives",
]

OWN_GAMES = "your saved games"
"""The games folder as a source of games, named as the window names it (Saved games)."""

DEFAULT_DEPTH = 8
"""The engine's search depth beside the moves: a second or less in an opening position."""
_MAX_DEPTH = 20  # deeper is minutes per position with every move scored
SEARCH_SECONDS = 10.0
"""The most the scores' search runs: depth 20 with every move scored took minutes and 684 MB;
the text says the depth it reached."""


def _depth(text: str) -> int:
    try:
        return read_whole_number(text, 0, _MAX_DEPTH)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _progress_line(name: str, err: TextIO) -> Callable[[int, int], None]:
    """A progress report for a terminal: one line rewritten in place (nothing elsewhere)."""
    if not err.isatty():
        return lambda done, total: None

    def report(done: int, total: int) -> None:
        share = done / total if total else 1.0
        print(f"\rindexing {name}: {share:4.0%} ({done:,} of {total:,})", end="", file=err)
        err.flush()

    return report


def open_archives(
    archives: list[Archive],
    folder: Path,
    err: TextIO | None = None,
    skip: frozenset[Archive] = frozenset(),
) -> list[ExplorerIndex]:
    """Each archive's index, built where needed with a progress line and a summary on `err`
    (stderr as it is at the call); ExplorerError (one line) for an archive that cannot be read,
    unless it is one of `skip`, which is left out with one line on `err`."""
    err = err or sys.stderr
    indexes = []
    for archive in archives:
        try:
            index, built = open_index(archive, folder, _progress_line(archive.name, err))
        except ExplorerError as error:
            if archive not in skip:
                raise
            print(f"checkers: skipped {one_line(str(error))} (added to the explorer)", file=err)
            continue
        if err.isatty() and built:
            print("\r\033[K", end="", file=err)
        if built and (index.info.games or not archive.folder):
            print(f"indexed {index.info.summary(archive.name)}", file=err)
        elif index.info.skipped:
            print(index.info.summary(archive.name), file=err)
        indexes.append(index)
    return indexes


def _book_moves(position: Position) -> list[str]:
    """The opening book's moves here (empty if not in the book): the moves only, the engine's
    column gives the numbers (the book's own figures, from its build's search, would be a
    second number for one move; `checkers book` shows them)."""
    from checkers.ai.book import packaged_book

    book = packaged_book()
    moves = book.moves(position) if book is not None else None
    return [move.pdn() for move, _ in moves or ()]


def _engine_scores(position: Position, depth: int) -> tuple[int, dict[str, str]]:
    """Every legal move's score (men, from the side to move) by a search of `depth` plies:
    (the depth completed, scores by move)."""
    from checkers.ai.compiled import wait_until_ready
    from checkers.ai.search import Limits
    from checkers.coach.explain import MAX_LINES, analysis_lines, format_men

    count = min(len(position.legal_moves()), MAX_LINES)
    if not count or not depth:
        return 0, {}
    wait_until_ready(3.0)  # one short search: worth the compiled core if it loads in time
    limits = Limits(depth=depth, time=SEARCH_SECONDS)
    analysis = analysis_lines(position, limits, count)
    return analysis.depth, {
        line.move: line.database or format_men(line.score, line.win_in) for line in analysis.lines
    }


def _print_text(
    position: Position,
    moves: list[MoveStats],
    indexes: list[ExplorerIndex],
    depth: int,
    out: TextIO,
) -> None:
    side = position.turn.name.capitalize()
    total = sum(index.info.games for index in indexes)
    names = ", ".join(index.archive.name for index in indexes)
    print(f"{position.fen()}  ({side} to move)", file=out)
    print(f"{total:,} games in {names}", file=out)
    book = _book_moves(position)
    print(f"book: {', '.join(book) or 'not in the book'}", file=out)
    stopped = ended(indexes, position)
    if stopped is not None:
        print(stopped.ended_words(), file=out)
    if not moves:
        if stopped is None:
            print("no game of these archives reached this position", file=out)
        else:
            print("no game of these archives went on from this position", file=out)
        return
    searched, scores = _engine_scores(position, depth)
    if searched:
        print(f"engine: a search {searched} plies deep, scores in men for {side}", file=out)
    width = max(5, *(len(entry.move) for entry in moves))
    print(
        f"{'move':<{width}}  {'games':>7}  {'win':>4}  {'draw':>4}  {'loss':>4}  "
        f"{'engine':>15}  book",
        file=out,
    )
    for entry in moves:
        win, draw, loss = entry.shares()
        unfinished = entry.games - entry.finished
        note = f"  ({unfinished:,} unfinished)" if unfinished else ""
        shares = f"{win:>4.0%}  {draw:>4.0%}  {loss:>4.0%}"
        marks = f"{scores.get(entry.move, '-'):>15}  {'book' if entry.move in book else '':4}"
        row = f"{entry.move:<{width}}  {entry.games:>7,}  {shares}  {marks}{note}"
        print(row.rstrip(), file=out)


def cmd_explore(args: argparse.Namespace, out: TextIO) -> int:
    """Print the moves the archives played in the position, as text or JSON."""
    try:
        position = Position.from_fen(args.fen) if args.fen is not None else Position()
    except InvalidFenError as error:
        raise UsageError(f"invalid FEN {shown(args.fen)}: {error}") from None
    data = paths.data_dir()
    added = [] if args.db else load_archive_list(data / INDEX_FOLDER)
    archives = [Archive(Path(name)) for name in args.db] if args.db else list(added)
    if not args.no_own_games:
        archives.append(Archive(paths.games_dir(), folder=True, title=OWN_GAMES))
    try:
        # One deleted since it was added is skipped: it would fail every later run.
        indexes = open_archives(archives, data / INDEX_FOLDER, skip=frozenset(added))
    except ExplorerError as error:
        print(f"checkers: error: {one_line(str(error))}", file=sys.stderr)
        return 2  # a bad file, as the guide says of every command
    try:
        moves = explore(indexes, position)
        if args.format == "json":
            payload: dict[str, Any] = {"moves": [entry.as_json() for entry in moves]}
            stopped = ended(indexes, position)
            if stopped is not None:  # the games whose last position this is
                payload["ended"] = {k: v for k, v in stopped.as_json().items() if k != "move"}
            print(json.dumps(payload), file=out)
        else:
            _print_text(position, moves, indexes, args.depth, out)
    finally:
        for index in indexes:
            index.close()
    return 0


def add_explore_command(subparsers: Any) -> None:
    """Add `explore` to the `checkers` subcommands."""
    command = subparsers.add_parser(
        "explore",
        help="the moves played in a position in archives of games, and how they ended",
        description="Look a position up in PDN archives of games: each move played there, in "
        "how many games, and the share of them won, drawn and lost by the side to move. The "
        "same position reached by other move orders counts together. Each archive is indexed "
        "once (into the data directory) and again when its file changes; your own games "
        "folder counts as an archive too.",
    )
    command.add_argument("fen", nargs="?", help="PDN FEN (default: the initial position)")
    command.add_argument(
        "--db",
        nargs="+",
        metavar="FILE",
        help="PDN archives to look in (default: those added in the window's explorer)",
    )
    command.add_argument(
        "--no-own-games", action="store_true", help="leave out the games in your games folder"
    )
    command.add_argument(
        "--depth",
        type=_depth,
        default=DEFAULT_DEPTH,
        help=f"the engine's search depth for the scores in the text (default: {DEFAULT_DEPTH};"
        " 0: no scores)",
    )
    command.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    command.set_defaults(handler=cmd_explore)
