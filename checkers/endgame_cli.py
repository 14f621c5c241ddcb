"""`checkers endgame build` and `checkers endgame probe`: the endgame databases from the shell.

`add_endgame_commands(subparsers)` adds the command to the `checkers` parser; cli.py calls it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from checkers.ai.endgame import (
    SHIPPED_DIRECTORY,
    CorruptSliceError,
    Endgames,
    default_endgames,
    user_directory,
)
from checkers.ai.endgame_build import BuildProgress, BuildStopped, build
from checkers.board import InvalidFenError, Position
from checkers.options import job_count, positive_int
from checkers.perft import default_jobs

__all__ = ["MAX_BUILD_PIECES", "add_endgame_commands", "cmd_build", "cmd_probe"]

MAX_BUILD_PIECES = 6
"""More pieces than this take days in Python; the slice tasks are ready for a cluster instead."""


def _pieces(text: str) -> int:
    value = positive_int(text)
    if not 2 <= value <= MAX_BUILD_PIECES:
        raise argparse.ArgumentTypeError(f"{value} pieces is out of range: 2 to {MAX_BUILD_PIECES}")
    return value


def _position(text: str) -> Position:
    try:
        return Position.from_fen(text)
    except InvalidFenError as error:
        raise argparse.ArgumentTypeError(f"invalid FEN {text!r}: {error}") from None


class _ProgressLine:
    """One line on a stream, rewritten in place on a terminal (a line per report otherwise)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.in_place = stream.isatty()
        self.width = 0

    def show(self, progress: BuildProgress) -> None:
        text = progress.line()
        if self.in_place:
            self.stream.write("\r" + text.ljust(self.width))
            self.width = len(text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def end(self) -> None:
        if self.in_place and self.width:
            self.stream.write("\n")
            self.stream.flush()


def cmd_build(args: argparse.Namespace, out: TextIO, stderr: TextIO | None = None) -> int:
    """Build the slices up to --pieces into --out, resuming from the slices already there."""
    stderr = sys.stderr if stderr is None else stderr
    directory = Path(args.out) if args.out else user_directory()
    inputs = [] if args.from_scratch else [SHIPPED_DIRECTORY]
    line = _ProgressLine(stderr)
    try:
        built = build(args.pieces, directory, args.jobs, inputs, line.show)
    except (KeyboardInterrupt, BuildStopped):
        line.end()
        print("endgame: interrupted; run the same command again to resume", file=stderr)
        return 130
    except (OSError, CorruptSliceError) as error:
        line.end()
        print(f"checkers: error: {error}", file=stderr)
        return 1
    line.end()
    positions = sum(stats.positions for stats in built)
    print(
        f"built {len(built)} slices ({positions:,} positions) in {directory}",
        file=out,
    )
    return 0


def cmd_probe(args: argparse.Namespace, out: TextIO) -> int:
    """Print the database value for the side to move (and its distance and best move)."""
    position: Position = args.fen
    endgames = Endgames([Path(args.dir)]) if args.dir else default_endgames()
    try:
        found = endgames.probe_plies(position)
        move = endgames.best_move(position) if found is not None else None
    except CorruptSliceError as error:
        print(f"checkers: error: {error}", file=sys.stderr)
        return 1
    if found is None:
        print("not in the databases", file=out)
        return 0
    unit = "ply" if found.plies == 1 else "plies"
    detail = f"{found.plies} {unit} to the end" if found.plies else "with best play"
    best = f", best move {move.pdn()}" if move is not None else ""
    print(f"{found.result.value} ({detail}{best})", file=out)
    return 0


def add_endgame_commands(subparsers: Any) -> None:
    """Add `endgame build` and `endgame probe` to the `checkers` parser."""
    endgame = subparsers.add_parser("endgame", help="build or probe the endgame databases")
    commands = endgame.add_subparsers(dest="endgame_command", metavar="ACTION", required=True)

    build_cmd = commands.add_parser("build", help="build the databases up to N pieces")
    build_cmd.add_argument(
        "--pieces", type=_pieces, default=5, help="the most pieces on the board (default: 5)"
    )
    build_cmd.add_argument(
        "--jobs",
        type=job_count,
        default=default_jobs(),
        help="processes to build in (default: one per core)",
    )
    build_cmd.add_argument(
        "--out", help="where the slice files go (default: the data directory's endgame folder)"
    )
    build_cmd.add_argument(
        "--from-scratch",
        action="store_true",
        help="also rebuild the slices that come with the package (up to 4 pieces)",
    )
    build_cmd.set_defaults(handler=cmd_build)

    probe_cmd = commands.add_parser("probe", help="win, loss or draw for the side to move")
    probe_cmd.add_argument("fen", type=_position, help="PDN FEN of the position")
    probe_cmd.add_argument("--dir", help="read the slices from this folder only")
    probe_cmd.set_defaults(handler=cmd_probe)
