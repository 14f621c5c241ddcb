"""`checkers review FILE`: every move of a PDN game scored, labelled and summed up per side.

`add_review_command(subparsers)` adds the command to the `checkers` parser; cli.py calls it.
Rows are printed as the review yields them; a progress line goes to stderr; Ctrl+C ends the
review and its worker processes with one line and exit status 130.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from checkers.ai.book import is_book_move
from checkers.ai.search import Limits, StopSignal
from checkers.atomic import FileRefusedError, check_target
from checkers.board import BLACK
from checkers.formats.html_review import html_target, write_review_page
from checkers.formats.judged import restore_judgements
from checkers.formats.pdn import GameUnreadable, PdnGame, game_tags, open_game, record_from_game
from checkers.notation import numbered_moves
from checkers.options import (
    job_count,
    max_jobs,
    positive_int,
    search_depth,
    seconds,
    shown,
    terminal_safe,
)
from checkers.perft import default_jobs
from checkers.review import (
    DECIDED_GAME,
    DEFAULT_DEPTH,
    MAX_REVIEW_PLIES,
    MIN_JUDGED_MOVES,
    TOO_FEW_MOVES,
    Label,
    MoveReview,
    ReviewSetting,
    SideSummary,
    lesson_text,
    review_moves,
    summarize,
)
from checkers.workers import WorkerDied

__all__ = [
    "Columns",
    "add_review_command",
    "cmd_review",
    "move_text",
    "refuse_overlong",
    "review_json",
    "summary_text",
]


class _Progress:
    """`reviewed 12/120 moves` on stderr: one line redrawn on a terminal, else a line a tenth."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream = stream
        self.total = total
        self.began = time.monotonic()
        isatty = getattr(stream, "isatty", None)
        self.is_terminal = bool(isatty and isatty())
        self.shown = False
        self.last_tenth = 0

    def update(self, done: int) -> None:
        """Report `done` moves reviewed."""
        elapsed = time.monotonic() - self.began
        line = f"reviewed {done}/{self.total} moves, {elapsed:.1f} s"
        if self.is_terminal:
            self.stream.write(f"\r{line}\x1b[K")
            self.shown = True
        elif done == self.total or done * 10 // self.total > self.last_tenth:
            self.last_tenth = done * 10 // self.total
            self.stream.write(line + "\n")
        self.stream.flush()

    def clear(self) -> None:
        """Take the redrawn line away (before a row is printed to the same terminal)."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def move_text(review: MoveReview) -> str:
    """The move as players write it: `1. 11-15`, `1. ... 23-19`."""
    return numbered_moves([review.move], review.side is BLACK, review.move_number)


_SCORE_WIDTH = len("database loss in 100 moves")
"""The score column: the widest a score before a move is said (`+0.25`, `wins in 3 moves`)."""
_LOSS_WIDTH = len("into a loss")


@dataclass(frozen=True)
class Columns:
    """The table's column widths for one game, fixed before its first row is printed (rows come
    as the review yields them): every row's move number, move, score, best move, loss and label
    start where the header's do, whatever the move's side or the score's words."""

    number: int
    """`12.`: the widest move number of the game with its dot."""
    move: int
    """The longest move text a row can hold: any legal move of a position of the game (the best
    move is one of them)."""

    @classmethod
    def of_game(cls, game: PdnGame) -> Columns:
        """The widths for `game`'s rows."""
        position, longest, plies = game.start, len("Move"), len(game.moves)
        for move in [*game.moves, None]:
            for legal in position.legal_moves():
                longest = max(longest, len(legal.pdn()))
            if move is not None:
                position = position.move(move)
        last = (plies + 2) // 2 + 1  # a game from a set-up position may number one more
        return cls(len(f"{last}."), longest)

    def header(self) -> str:
        """`Move ... Score  Best  Loss  Label` over the columns."""
        move = f"{'Move':<{self.number + 5 + self.move}}"
        return (
            f"{move}  {'Score':>{_SCORE_WIDTH}}  {'Best':<{self.move}}  {'Loss':>{_LOSS_WIDTH}}"
            "  Label"
        )

    def row(self, review: MoveReview) -> str:
        """One table row: move, score before it, the engine's best move, loss and label; then,
        indented on the next line, what the move teaches (`lesson_text`) when it teaches
        something. Black's and White's moves start in one column (`1.     11-15`,
        `1. ... 23-19`)."""
        dots = "   " if review.side is BLACK else "..."
        number = f"{review.move_number}.".rjust(self.number)
        row = (
            f"{number} {dots} {review.move.pdn():<{self.move}}  "
            f"{review.score_words:>{_SCORE_WIDTH}}  {review.best.pdn():<{self.move}}  "
            f"{review.loss_text():>{_LOSS_WIDTH}}  {review.verdict}"
        )
        # A marked move says the chances its label comes from (`chances_words`).
        taught = lesson_text(review, chances=True)
        return row + (f"\n    {taught}" if taught else "")


def summary_text(summary: dict[Any, SideSummary]) -> list[str]:
    """The per-side summary as table lines: a row per label, accuracy and average loss."""
    black, white = (summary[side] for side in sorted(summary, key=lambda s: s.value != "B"))

    def number(value: float | None, digits: int) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    lines = [f"{'':<14}{'Black':>8}{'White':>8}", f"{'moves':<14}{black.moves:>8}{white.moves:>8}"]
    for label in Label:
        lines.append(f"{label.value:<14}{black.labels[label]:>8}{white.labels[label]:>8}")

    def accuracy(part: SideSummary) -> str:
        return part.accuracy_words() or number(part.accuracy, 1)

    lines.append(f"{'accuracy':<14}{accuracy(black):>8}{accuracy(white):>8}")
    lines.append(
        f"{'average loss':<14}{number(black.average_loss, 2):>8}{number(white.average_loss, 2):>8}"
    )
    if black.too_few or white.too_few:
        lines.append(
            f"({TOO_FEW_MOVES}: fewer than {MIN_JUDGED_MOVES} moves of its own choosing,"
            " too few moves to judge)"
        )
    if black.decided or white.decided:
        lines.append(
            f"({DECIDED_GAME}: every move of its own choosing came in a game already decided,"
            " where no move could cost it anything by the chances)"
        )
    return lines


def review_json(reviews: list[MoveReview], setting: ReviewSetting) -> dict[str, Any]:
    """The review as JSON data: `moves` (ply, side, move, best, score, loss, label), `summary`."""
    moves = [
        {
            "ply": review.ply,
            "side": review.side.value,
            "move": review.move.pdn(),
            "best": review.best.pdn(),
            "score": round(review.score, 2),
            "loss": None if review.loss is None else round(review.loss, 2),
            "drop": round(review.drop, 1),
            "accuracy": round(review.accuracy, 1),
            "label": review.label.value,
            "mark": review.mark,
            "note": lesson_text(review),
            "only_move": review.lesson.only_move,
            "ideas": [idea.to_json() for idea in review.lesson.ideas],
        }
        for review in reviews
    ]
    summary: dict[str, Any] = {
        side.value: {
            "moves": part.moves,
            "labels": {label.value: count for label, count in part.labels.items()},
            "accuracy": None if part.accuracy is None else round(part.accuracy, 1),
            "average_loss": None if part.average_loss is None else round(part.average_loss, 2),
        }
        for side, part in summarize(reviews).items()
    }
    limits = setting.limits
    summary["setting"] = {
        "algorithm": setting.algorithm,
        "depth": limits.depth,
        "time": limits.time,
    }
    return {"moves": moves, "summary": summary}


def cmd_review(args: argparse.Namespace, out: TextIO, progress: TextIO | None = None) -> int:
    """Review one game of a PDN file: rows as they come, then the summary (or all as JSON)."""
    try:
        # Game N alone: a bad game elsewhere in the file is no reason to refuse this one.
        game = open_game(args.file, args.game)
    except GameUnreadable as error:
        args.usage_error(f"cannot read {error.words(args.file)}")
    refuse_overlong(game, args)
    if args.html is not None:
        # Before the review: a wrong name, a folder or a FIFO is said at once, not after it.
        try:
            check_target(html_target(args.html), "web page")
        except FileRefusedError as error:
            args.usage_error(f"cannot write {shown(args.html, 80)}: {error}")
    limits = Limits(time=args.time) if args.time else Limits(depth=args.depth or DEFAULT_DEPTH)
    setting = ReviewSetting(limits)
    jobs = min(args.jobs, max(1, len(game.moves) + 1))
    as_text = args.format == "text"
    display = _Progress(progress if progress is not None else sys.stderr, len(game.moves))
    reviews: list[MoveReview] = []
    stop = StopSignal()
    # The judgements a game saved by the window keeps: adopted where at least as deep, so this
    # review reads as the window's review of the same game.
    known = restore_judgements(record_from_game(game), game_tags(game))
    moves = review_moves(
        game.start, game.moves, setting, jobs=jobs, stop=stop, is_book=is_book_move, known=known
    )
    # Ctrl+C sets the stop signal instead of raising inside the wait for a worker's result: a
    # KeyboardInterrupt there can leave the pool's lock held, and its shutdown then hangs.
    try:
        with _ctrl_c_stops(stop):
            cancelled = _run_review(game, args, setting, jobs, moves, reviews, display, out, stop)
    except WorkerDied as error:  # killed, out of memory, or never started: its move is lost
        display.clear()
        print(
            f"checkers: error: review stopped after {len(reviews)} of {len(game.moves)} moves:"
            f" {error}",
            file=sys.stderr,
        )
        return 1
    if cancelled:
        return 130
    display.clear()
    if as_text:
        print(file=out)
        for line in summary_text(summarize(reviews)):
            print(line, file=out)
    else:
        json.dump(review_json(reviews, setting), out, indent=1)
        print(file=out)
    if args.html is not None:
        written = write_review_page(args.html, game, reviews, setting)
        print(terminal_safe(f"wrote {written}"), file=out if as_text else sys.stderr)
    return 0


@contextlib.contextmanager
def _ctrl_c_stops(stop: StopSignal) -> Iterator[None]:
    """While inside, SIGINT sets `stop` (where this thread may set a handler at all)."""
    try:
        previous = signal.signal(signal.SIGINT, lambda _signum, _frame: stop.stop())
    except ValueError:  # not the main thread: Ctrl+C stays a KeyboardInterrupt
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _run_review(
    game: PdnGame,
    args: argparse.Namespace,
    setting: ReviewSetting,
    jobs: int,
    moves: Generator[MoveReview, None, None],
    reviews: list[MoveReview],
    display: _Progress,
    out: TextIO,
    stop: StopSignal,
) -> bool:
    """Print the header and each row as its move is reviewed into `reviews`; True (with the
    one line on stderr) if Ctrl+C cancelled it."""
    as_text = args.format == "text"
    columns = Columns.of_game(game)
    try:
        if as_text:
            black, white = game.tags.get("Black", "?"), game.tags.get("White", "?")
            # The tags are the file's: an escape sequence in them must not reach the terminal.
            heading = (
                f"Game {args.game} of {args.file}: {black} - {white} {game.result}, "
                f"{len(game.moves)} pl{'ies' if len(game.moves) != 1 else 'y'};"
                f" {setting.describe()}, {jobs} process{'es' if jobs != 1 else ''}"
            )
            print(terminal_safe(heading), file=out)
            print(f"Scores and losses in men from the mover's view.\n{columns.header()}", file=out)
            out.flush()
        for review in moves:
            reviews.append(review)
            if as_text:
                display.clear()
                print(columns.row(review), file=out, flush=True)
            display.update(len(reviews))
    except KeyboardInterrupt:
        stop.stop()
    if not stop.is_set():
        return False
    moves.close()  # ends the worker processes before the line is printed
    display.clear()
    done = len(reviews)
    print(
        f"checkers: review cancelled after {done} move{'s' if done != 1 else ''}", file=sys.stderr
    )
    return True


def refuse_overlong(game: PdnGame, args: argparse.Namespace) -> None:
    """Exit with one line if the game is longer than a review takes (MAX_REVIEW_PLIES)."""
    if len(game.moves) > MAX_REVIEW_PLIES:
        args.usage_error(
            f"game {args.game:,} of {args.file} has {len(game.moves):,} plies: a review takes "
            f"at most {MAX_REVIEW_PLIES:,}, more than any real game"
        )


def add_review_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of a command that reviews one game of a file (`review`, `puzzles`): the
    file, --game, --depth or --time, --jobs and --format."""
    parser.add_argument("file", help="a PDN file")
    parser.add_argument(
        "--game", type=positive_int, default=1, help="which game of the file (default: 1)"
    )
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument(
        "--depth",
        type=search_depth,
        help=f"search each position this many plies (default: {DEFAULT_DEPTH})",
    )
    limit.add_argument("--time", type=seconds, help="search each position this many seconds")
    parser.add_argument(
        "--jobs",
        type=job_count,
        default=min(default_jobs(), max_jobs()),
        help="positions searched at once in worker processes (default: one per core)",
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )


def add_review_command(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add `checkers review` to the command line's subparsers; returns its parser."""
    review: argparse.ArgumentParser = subparsers.add_parser(
        "review",
        help="score and label every move of a PDN game, with a summary per side",
        description="Every move with the score before it, the engine's best move, the loss in "
        "men from the mover's view and a label (forced, best, good, inaccuracy, mistake, "
        "blunder), then a per-side summary with an accuracy figure (docs/guide.md: Game review).",
    )
    add_review_arguments(review)
    review.add_argument(
        "--html",
        metavar="OUT.html",
        help="also write the review as one web page (moves, graph, diagrams; prints well)",
    )
    review.set_defaults(handler=cmd_review, usage_error=review.error)
    return review
