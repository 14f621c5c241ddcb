"""`checkers drills [DRILL]`: the endgame drills listed, or one drill with its winning line.

`add_drills_command(subparsers)` adds the command to the `checkers` parser; cli.py calls it.
A drill whose endgame tables are not built yet (a 5-piece ending) has them built first, into
the data directory's endgame folder, with one line of progress on stderr; the next time they are
reused. Ctrl+C stops the build with one line and status 130 (no table is left half written).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, TextIO

from checkers.ai.endgame import CorruptSliceError, slice_file_name
from checkers.ai.endgame_build import BuildStopped, MissingSliceError
from checkers.board import BLACK, Move
from checkers.drill_tables import prepare_tables
from checkers.drills import (
    DRILLS,
    NEEDS_MORE_PIECES,
    Drill,
    DrillGame,
    preparing_words,
    tables_note,
)
from checkers.notation import numbered_moves, plural
from checkers.options import UsageError, shown

__all__ = ["add_drills_command", "cmd_drills", "find_drill", "winning_line"]


def find_drill(text: str) -> Drill:
    """The drill named by its number in the list (1 for the first) or by its name or the start
    of it, any case; UsageError, one line, if none or several fit."""
    words = text.strip()
    if words.isdigit():
        number = int(words)
        if 1 <= number <= len(DRILLS):
            return DRILLS[number - 1]
        raise UsageError(f"there is no drill {number}: choose 1 to {len(DRILLS)}")
    fits = [drill for drill in DRILLS if drill.name.lower().startswith(words.lower())]
    if len(fits) == 1 and words:
        return fits[0]
    names = ", ".join(f"{n}. {d.name}" for n, d in enumerate(DRILLS, start=1))
    problem = "several drills start with" if len(fits) > 1 and words else "no drill is called"
    raise UsageError(f"{problem} {shown(text)}: choose one of {names}")


def winning_line(game: DrillGame) -> list[Move]:
    """The databases' line from the drill's position: the fastest win against the slowest loss."""
    line: list[Move] = []
    position = game.record.start
    while len(line) < 2 * (game.best_possible + 1):
        move = game.endgames.best_move(position)
        if move is None:
            break
        line.append(move)
        position = position.move(move)
    return line


class _Progress:
    """One line on stderr while the tables are built: its words and how long it took, the
    seconds so far rewritten in place on a terminal meanwhile."""

    def __init__(self, stream: TextIO, words: str) -> None:
        self.stream = stream
        self.words = words
        self.in_place = stream.isatty()
        self.began = time.monotonic()
        self.said = 0.0
        self.width = len(words)
        self.stream.write(words)
        self.stream.flush()

    def status(self, _words: str) -> None:
        """The builder's report: the seconds so far, at most twice a second, on a terminal."""
        if self.in_place and time.monotonic() - self.said >= 0.5:
            self.said = time.monotonic()
            text = f"{self.words} ({time.monotonic() - self.began:.0f} s so far)"
            self.width = max(self.width, len(text))
            self.stream.write("\r" + text)
            self.stream.flush()

    def end(self, words: str) -> None:
        """The line ends with `words` (on a terminal, written over the seconds so far)."""
        if self.in_place:
            self.stream.write("\r" + f"{self.words}: {words}".ljust(self.width) + "\n")
        else:
            self.stream.write(f": {words}\n")
        self.stream.flush()


def _prepare(drill: Drill, stderr: TextIO) -> int:
    """Build the drill's missing tables with one line of progress; 0, or the exit status."""
    missing = drill.tables_to_build()
    if not missing:
        return 0
    progress = _Progress(stderr, preparing_words(missing))
    try:
        prepare_tables(missing, status=progress.status)
    except (KeyboardInterrupt, BuildStopped):
        progress.end("interrupted")
        print("checkers: drills: run it again to build the tables", file=stderr)
        return 130
    except (OSError, CorruptSliceError, MissingSliceError) as error:
        progress.end("failed")
        print(f"checkers: error: {error}", file=stderr)
        return 1
    progress.end(f"ready in {time.monotonic() - progress.began:.0f} s")
    return 0


def _listing(out: TextIO, as_json: bool) -> int:
    if as_json:
        entries = [
            {
                "number": number,
                "name": drill.name,
                "fen": drill.fen,
                "source": drill.source,
                "tables": [slice_file_name(m) for m in drill.tables],
                "ready": not drill.tables_to_build(),
            }
            for number, drill in enumerate(DRILLS, start=1)
        ]
        json.dump({"drills": entries, "needs_more_pieces": list(NEEDS_MORE_PIECES)}, out, indent=1)
        print(file=out)
        return 0
    for number, drill in enumerate(DRILLS, start=1):
        print(f"{number}. {drill.name}: {drill.fen}", file=out)
        print(f"   {drill.aim}", file=out)
        print(f"   From: {drill.source}", file=out)
        note = tables_note(drill)
        if note is not None:
            print(f"   {note}", file=out)
    print(f"Not drills yet (too many pieces): {'; '.join(NEEDS_MORE_PIECES)}", file=out)
    print("`checkers drills N` shows drill N with its winning line.", file=out)
    return 0


def cmd_drills(args: argparse.Namespace, out: TextIO, stderr: TextIO | None = None) -> int:
    """List the drills, or show one (its tables built first if needed) with the winning line."""
    stderr = sys.stderr if stderr is None else stderr
    if args.drill is None:
        return _listing(out, args.format == "json")
    drill = find_drill(args.drill)
    status = _prepare(drill, stderr)
    if status:
        return status
    game = DrillGame(drill)
    win_in = game.win_in()
    if win_in is None:
        print(f"checkers: error: the endgame tables do not judge {drill.name}", file=stderr)
        return 1
    line = winning_line(game)
    side = game.player.name.capitalize()
    text = numbered_moves(line, black_first=game.player is BLACK)
    if args.format == "json":
        json.dump(
            {
                "name": drill.name,
                "fen": drill.fen,
                "to_play": side.lower(),
                "aim": drill.aim,
                "source": drill.source,
                "win_in": win_in,
                "line": [move.pdn() for move in line],
            },
            out,
            indent=1,
        )
        print(file=out)
        return 0
    print(f"{drill.name}: {drill.fen}", file=out)
    print(f"{side} to play and win in {plural(win_in, 'move')} with the best play.", file=out)
    print(drill.aim, file=out)
    print(f"From: {drill.source}", file=out)
    print(f"The databases' line: {text}", file=out)
    return 0


def add_drills_command(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add `checkers drills` to the command line's subparsers; returns its parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "drills",
        help="the endgame drills: list them, or show one with its winning line",
        description="Standard endings from the books, played in the window against the endgame "
        "databases (D on the start screen). Without DRILL, list them; with one, show it with "
        "the databases' winning line, building its endgame tables first if this computer does "
        "not have them yet (a 5-piece ending: seconds, once).",
    )
    parser.add_argument(
        "drill", nargs="?", help="the drill's number in the list, or its name (or its start)"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(handler=cmd_drills)
    return parser
