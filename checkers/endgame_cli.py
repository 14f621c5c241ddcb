"""`checkers endgame build`, `slice` and `probe`: the endgame databases from the shell.

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
    Material,
    default_endgames,
    material_of_name,
    slice_file_name,
    user_directory,
)
from checkers.ai.endgame_build import (
    BuildProgress,
    BuildStopped,
    MissingSliceError,
    build,
    build_slice,
    compiled_core,
    slices,
)
from checkers.board import InvalidFenError, Position
from checkers.options import job_count, positive_int
from checkers.perft import default_jobs

__all__ = ["MAX_BUILD_PIECES", "add_endgame_commands", "cmd_build", "cmd_probe", "cmd_slice"]

MAX_BUILD_PIECES = 6
"""Six pieces take an hour or two on one machine; more belong on a cluster (workflow/Snakefile)."""


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


def _material(text: str) -> Material:
    """A stored slice named as its file is (`eg4-0211.cdb` or `eg4-0211`)."""
    name = text.strip()
    material = material_of_name(name if name.endswith(".cdb") else name + ".cdb")
    if (
        material is None
        or material not in slices(MAX_BUILD_PIECES)
        or (slice_file_name(material) != name and slice_file_name(material) != name + ".cdb")
    ):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a slice of up to {MAX_BUILD_PIECES} pieces: "
            "write it as its file is named, e.g. eg4-0211"
        )
    return material


def _core_words() -> str:
    if compiled_core():
        return "on the compiled core"
    return "in pure Python (the compiled core is off: about ten times slower)"


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
    print(f"endgame: building up to {args.pieces} pieces {_core_words()}", file=stderr)
    # A line in place on a terminal can change every second; a log gets one every half minute.
    every = 1.0 if line.in_place else 30.0
    try:
        built = build(args.pieces, directory, args.jobs, inputs, line.show, status_every=every)
    except (KeyboardInterrupt, BuildStopped):
        line.end()
        print("endgame: interrupted; run the same command again to resume", file=stderr)
        return 130
    except (OSError, CorruptSliceError, MissingSliceError) as error:
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


def cmd_slice(args: argparse.Namespace, out: TextIO, stderr: TextIO | None = None) -> int:
    """Build one slice into --out from the slices it needs in --out and the --from folders: the
    task a workflow runs (workflow/Snakefile); a slice already built is left as it is."""
    stderr = sys.stderr if stderr is None else stderr
    material: Material = args.slice
    directory = Path(args.out)
    try:
        stats = build_slice(material, directory, [Path(p) for p in args.inputs])
    except KeyboardInterrupt:
        print("endgame: interrupted; the slice was not written", file=stderr)
        return 130
    except (OSError, CorruptSliceError, MissingSliceError) as error:
        print(f"checkers: error: {error}", file=stderr)
        return 1
    print(
        f"built {slice_file_name(material)} ({stats.positions:,} positions, "
        f"longest {stats.longest} plies) in {stats.seconds:.1f} s",
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

    slice_cmd = commands.add_parser(
        "slice", help="build one slice from the smaller ones (a workflow's task)"
    )
    slice_cmd.add_argument("slice", type=_material, help="the slice, e.g. eg5-0311")
    slice_cmd.add_argument("--out", required=True, help="where its file goes")
    slice_cmd.add_argument(
        "--from",
        dest="inputs",
        action="append",
        default=[],
        metavar="DIR",
        help="another folder holding the slices it needs (may be repeated)",
    )
    slice_cmd.set_defaults(handler=cmd_slice)

    probe_cmd = commands.add_parser("probe", help="win, loss or draw for the side to move")
    probe_cmd.add_argument("fen", type=_position, help="PDN FEN of the position")
    probe_cmd.add_argument("--dir", help="read the slices from this folder only")
    probe_cmd.set_defaults(handler=cmd_probe)
