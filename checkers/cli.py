"""The `checkers` command line: legal moves, perft and a terminal game, all without a display."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

import checkers
from checkers.ai import Limits, Progress
from checkers.ai.analysis import Analyser
from checkers.ai.book import packaged_book
from checkers.ai.compiled import CORE_WAIT, wait_until_ready
from checkers.ai.engine import tune_collector_for_search
from checkers.ai.players import AIPlayer
from checkers.ai.registry import get_algorithm, get_evaluation, man_value, search
from checkers.ai.search import score_text
from checkers.board import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Position,
    turn_problem,
)
from checkers.book_cli import add_book_commands
from checkers.coach.exact import EXACT_TIME, exact_explanation
from checkers.coach.explain import (
    MAX_LINES,
    Analysis,
    analysis_lines,
    database_words,
    explain_choice,
    format_men,
    sentences,
)
from checkers.drills_cli import add_drills_command
from checkers.endgame_cli import add_endgame_commands
from checkers.explore_cli import add_explore_command
from checkers.gui.window_cli import add_gui_commands
from checkers.match import add_match_command
from checkers.options import (
    UsageError,
    job_count,
    one_line,
    perft_depth,
    read_whole_number,
    search_depth,
    seconds,
    shown,
)
from checkers.perft import default_jobs, divide, perft
from checkers.picture_cli import add_picture_command
from checkers.protocol import run_engine
from checkers.puzzles_cli import add_puzzles_command
from checkers.record import GameRecord, cannot_move_words, ended_words
from checkers.review_cli import add_review_command
from checkers.tree_cli import add_tree_commands

PROG = "checkers"


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming the problem, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _position(text: str | None, played: bool = False) -> Position:
    """The position of a FEN the user gave; with `played`, one a game can reach (a search or a
    game starts from it): UsageError, one line, if not."""
    if text is None:
        return Position()
    try:
        position = Position.from_fen(text)
    except InvalidFenError as error:
        raise UsageError(f"invalid FEN {shown(text)}: {error}") from None
    problem = turn_problem(position) if played else None
    if problem is not None:
        raise UsageError(f"FEN {shown(text)}: {problem}")
    return position


# --- commands ---------------------------------------------------------------------------------


def cmd_moves(args: argparse.Namespace, out: TextIO) -> int:
    """Print the legal moves, one per line; nothing when the side to move has none."""
    for move in _position(args.fen).legal_moves():
        print(move.pdn(), file=out)
    return 0


def cmd_perft(args: argparse.Namespace, out: TextIO) -> int:
    """Print the perft count with its time and speed (and per-move counts with --divide)."""
    position = _position(args.fen)
    began = time.perf_counter()
    if args.divide and args.depth > 0:
        rows = divide(position, args.depth, args.jobs)
        for move_text, count in rows:
            print(f"{move_text}: {count}", file=out)
        leaves = sum(count for _, count in rows)
    else:
        leaves = perft(position, args.depth, args.jobs)
    elapsed = time.perf_counter() - began
    rate = leaves / elapsed if elapsed > 0 else float("inf")
    # Jobs: threads on the compiled core, processes in Python (checkers/perft.py).
    jobs = "1 job" if args.jobs == 1 else f"{args.jobs} jobs"
    print(
        f"perft {args.depth}: {leaves} leaves in {elapsed:.3f} s "
        f"({rate / 1e6:.2f} M leaves/s, {jobs})",
        file=out,
    )
    return 0


def _no_move_words(position: Position) -> str:
    """What the analysing commands say of a position whose side to move cannot move: `White
    has no pieces left: Black wins`, `White is blocked: Black wins`."""
    return f"{cannot_move_words(position)}: {position.turn.opponent.name.capitalize()} wins"


def cmd_text_game(
    args: argparse.Namespace, out: TextIO, read_line: Callable[[str], str] = input
) -> int:
    """Two players at one terminal: type moves in PDN; `undo`, `redo`, `moves`, `quit`."""
    record = GameRecord(_position(args.fen, played=True))
    print("Type a move in PDN (11-15, 22x15), or: moves, undo, redo, quit.", file=out)
    while True:
        position = record.position
        print(f"\n{position}", file=out)
        print(f"Moves without capture or man move: {record.stalemate_counter}/40", file=out)
        if record.outcome is not None:
            print(f"Game over. {ended_words(record.outcome, position)}.", file=out)
            return 0
        try:
            line = read_line(f"{position.turn.name.capitalize()} to move> ").strip()
        except EOFError:
            print(file=out)
            return 0
        if line in ("quit", "exit", "q"):
            return 0
        if line == "undo":
            print("Took back " + (m.pdn() if (m := record.undo()) else "nothing"), file=out)
        elif line == "redo":
            print("Replayed " + (m.pdn() if (m := record.redo()) else "nothing"), file=out)
        elif line in ("moves", "?", "help"):
            print("Legal moves: " + " ".join(m.pdn() for m in record.legal_moves()), file=out)
        elif line:
            try:
                record.play(Move.from_pdn(line, position))
            except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
                print(f"Not played: {one_line(str(error))}", file=out)  # what was typed, tamed


def _line_count(text: str) -> int:
    try:
        return read_whole_number(text, 1, MAX_LINES)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def cmd_analyse(args: argparse.Namespace, out: TextIO) -> int:
    """Search a position, printing each completed depth, then the best move; or its best lines
    (--lines), or why the AI plays its move (--why), as text or JSON."""
    position = _position(args.fen, played=True)
    try:
        entry = get_algorithm(args.algorithm)
        if args.evaluation is not None:
            get_evaluation(args.evaluation)
    except ValueError as error:
        raise UsageError(str(error)) from None
    # The position's value (an only move searched on too: walk 2026-11-30m read "18x27 -3.70
    # depth 1" where the game said "White wins in 8 moves").
    limits = Limits(depth=args.depth) if args.depth else Limits(time=args.time or 3.0, judging=True)
    evaluation = args.evaluation or entry.evaluation
    # One search, worth the compiled core: a cached one loads in about a second; a first
    # compile goes on in the background while the Python engine answers.
    wait_until_ready(CORE_WAIT)
    if args.why:
        if args.lines is not None:
            raise UsageError("--why and --lines are separate questions: ask one at a time")
        return _analyse_why(position, limits, args.algorithm, evaluation, args.format, out)
    if args.lines is not None or args.format == "json":
        if args.algorithm != "engine":
            raise UsageError(f"--lines needs the engine algorithm, not {args.algorithm!r}")
        analyser = Analyser(get_evaluation(evaluation), units_per_man=man_value(evaluation))
        analysis = analysis_lines(position, limits, args.lines or 1, analyser)
        _print_lines(position, analysis, args.format, out)
        return 0

    man = man_value(evaluation)

    def report(progress: Progress) -> None:
        pv = " ".join(move.pdn() for move in progress.pv)
        print(
            f"depth {progress.depth:2}  score {score_text(progress.score, man):>16}  "
            f"nodes {progress.nodes:9}  nps {progress.nodes_per_second:7.0f}  "
            f"time {progress.time:6.2f}s  pv {pv}",
            file=out,
            flush=True,
        )

    book = packaged_book()
    book_moves = book.moves(position) if book is not None else None
    if book_moves:
        # The moves only: the search below gives the numbers (the book's own figures, from its
        # build's search, would be a second number for one move; `checkers book` shows them).
        print(f"book: {', '.join(move.pdn() for move, _ in book_moves)}", file=out, flush=True)
    result = search(position, limits, args.algorithm, args.evaluation, report)
    if result.move is None:
        print(_no_move_words(position), file=out)
        return 0
    print(
        f"best move {result.move.pdn()}  score {score_text(result.score, man)}  "
        f"depth {result.depth}  nodes {result.nodes}  nps {result.nodes_per_second:.0f}  "
        f"time {result.time:.2f}s  pv {' '.join(m.pdn() for m in result.pv)}",
        file=out,
    )
    if result.database:
        print(f"from the endgame databases: {database_words(result.score)}", file=out)
    return 0


def _print_lines(position: Position, analysis: Analysis, form: str, out: TextIO) -> None:
    """The lines as docs/engine.md's JSON object, or one numbered line each."""
    if form == "json":
        print(json.dumps(analysis.as_json()), file=out)
        return
    if not analysis.lines:
        if position.legal_moves():
            print("no depth completed within the time", file=out)
        else:
            print(_no_move_words(position), file=out)
        return
    side = position.turn.name.capitalize()
    where = "from the endgame databases" if analysis.from_databases else f"depth {analysis.depth}"
    count = len(analysis.lines)
    best = "the best move" if count == 1 else f"{count} best moves"
    print(f"{where}, {best}, scores in men for {side}", file=out)
    width = max(len(line.move) for line in analysis.lines)
    for number, line in enumerate(analysis.lines, 1):
        score = line.database or format_men(line.score, line.win_in)
        print(f"{number:2}. {line.move:<{width}}  {score:>15}  {' '.join(line.pv)}", file=out)


def _analyse_why(
    position: Position, limits: Limits, algorithm: str, evaluation: str, form: str, out: TextIO
) -> int:
    """Let the AI choose its move, then say why, from its own search."""
    player = AIPlayer(limits, algorithm, evaluation)
    why = explain_choice(position, player.choose(position))
    if why is None:
        if form == "json":
            print(json.dumps(None), file=out)
        else:
            print(_no_move_words(position), file=out)
        return 0
    # The moves a player would consider, scored exactly at the depth the AI reached, with
    # what each line wins or loses and the ideas behind it.
    # A depth asked without a time is that depth, however busy the machine: the exact pass
    # is not cut at its usual time (the same command gave two cards under load).
    seconds = EXACT_TIME if limits.time is not None or limits.depth is None else None
    explanation = exact_explanation(
        position,
        why,
        evaluation=evaluation,
        units_per_man=man_value(evaluation),
        seconds=seconds,
    )
    if form == "json":
        print(json.dumps(explanation.as_json()), file=out)
    else:
        # The AI's seconds a move, when it had a time (as the window's card says it): its own
        # search looked so far in so long.
        for sentence in sentences(explanation, limits.time):
            print(sentence, file=out)
    return 0


def cmd_engine(args: argparse.Namespace, out: TextIO) -> int:
    """Serve the engine protocol on stdin/stdout until `quit` or end of input."""
    tune_collector_for_search()  # this process exists to search
    if sys.stdin is None:  # started with its input closed: as an input that has ended
        return run_engine([], out, own_book=not args.no_book)
    # Bytes, so a line that is not UTF-8 is answered. A reader of its own, never closed: if the
    # output fails, the session ends while the reading thread may still wait for a line, and
    # closing a reader (sys.stdin's too, at exit) waits for the lock that thread holds.
    source = open(sys.stdin.fileno(), "rb", closefd=False)  # noqa: SIM115
    return run_engine(source, out, own_book=not args.no_book)


# --- wiring -----------------------------------------------------------------------------------


class _VersionAction(argparse.Action):
    """`--version`: the version and which engine core runs here (asked only then: finding out
    imports numba, a third of a second no other command should pay)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        from checkers.ai.compiled import core_name

        print(f"{PROG} {checkers.__version__}\nengine core: {core_name()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = _Parser(prog=PROG, description="English draughts (American checkers).")
    parser.add_argument(
        "--version", action=_VersionAction, help="show the version and the engine's core, and exit"
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    moves = sub.add_parser("moves", help="list the legal moves of a position")
    moves.add_argument("fen", nargs="?", help="PDN FEN (default: the initial position)")
    moves.set_defaults(handler=cmd_moves)

    perft_cmd = sub.add_parser("perft", help="count move-tree leaves to a depth")
    perft_cmd.add_argument("depth", type=perft_depth, help="plies, 0 to 30")
    perft_cmd.add_argument("--fen", help="start from this position instead of the initial one")
    perft_cmd.add_argument("--divide", action="store_true", help="show the count per first move")
    perft_cmd.add_argument(
        "--jobs",
        type=job_count,
        default=default_jobs(),
        help="jobs to count in: threads on the compiled core, processes in Python (default: one"
        " per core; at most two per core)",
    )
    perft_cmd.set_defaults(handler=cmd_perft)

    text = sub.add_parser("text", help="two players at one terminal")
    text.add_argument("--fen", help="start from this position")
    text.set_defaults(handler=cmd_text_game)

    analyse = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="search a position and print each depth as it completes",
    )
    analyse.add_argument("fen", nargs="?", help="PDN FEN (default: the initial position)")
    limit = analyse.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=search_depth, help="search this many plies (1 to 200)")
    limit.add_argument(
        "--time", type=seconds, help="search this many seconds (default: 3; at most a day)"
    )
    analyse.add_argument(
        "--algorithm", default="engine", help="engine (default), alphabeta, minimax or negamax"
    )
    analyse.add_argument(
        "--eval", dest="evaluation", help="engine, seed or count (default: the algorithm's own)"
    )
    analyse.add_argument(
        "--lines",
        type=_line_count,
        metavar="N",
        help=f"the N best moves with their scores and lines (1 to {MAX_LINES}; the engine)",
    )
    analyse.add_argument(
        "--why", action="store_true", help="why the AI plays its move, from its own search"
    )
    analyse.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    analyse.set_defaults(handler=cmd_analyse)

    engine = sub.add_parser("engine", help="the engine behind a line protocol on stdin/stdout")
    engine.add_argument(
        "--no-book",
        action="store_true",
        help="start with OwnBook off: search every position, the opening ones too",
    )
    engine.set_defaults(handler=cmd_engine)
    add_gui_commands(sub)
    add_match_command(sub)
    add_tree_commands(sub)
    add_review_command(sub)
    add_puzzles_command(sub)
    add_drills_command(sub)
    add_endgame_commands(sub)
    add_book_commands(sub)
    add_explore_command(sub)
    add_picture_command(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Run the command line; returns the exit status (2 for bad input, with one line on stderr)."""
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            args = build_parser().parse_args(["start"])  # plain `checkers`: the start screen
        return int(args.handler(args, out))
    except UsageError as error:
        print(f"{PROG}: error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `checkers moves | head -1`
        sys.stderr.close()
        return 0
    except OSError as error:  # e.g. a full disk under an output file: one line, not a traceback
        where = f" ({error.filename})" if error.filename else ""
        print(f"{PROG}: error: {one_line(f'{error.strerror or error}{where}')}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
