"""Positions of a PDN archive's games with each game's result, for learning the evaluation.

    .venv/bin/python tools/archive_positions.py OCA_2.0.pdn --out build/oca-positions.txt

Reads every game of the archive (the Open Checkers Archive, OCA 2.0, 22,621 published games of
masters, is what this was made for; it is not part of the project: fierz.ch/download.php) that
has a result (1-0, 0-1, 1/2-1/2) and starts from the initial position, replays its moves, and
writes each quiet position (no capture pending) from ply --skip-plies on in the self-play
format of tools/selfplay.py:

    GAME PLY BLACK WHITE KINGS TURN RESULT

(the game's number in the archive, the ply, the bitboards in the rules core's layout, TURN 1 for
Black to move, RESULT 2/1/0 for a Black win/draw/White win). A game that cannot be read or
replayed is skipped and counted. Prints the counts and the time taken.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from checkers.board import BLACK, Position
from checkers.formats.pdn import PdnError, open_archive

RESULTS = {"1-0": 2, "1/2-1/2": 1, "0-1": 0}
"""PDN's results as the self-play files write them (1-0: Black, who moves first, won)."""


def main(argv: list[str] | None = None) -> int:
    """Write the positions; exit 2 with one line for a file that cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdn", type=Path, help="a PDN archive of games with results")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--skip-plies", type=int, default=6, help="opening plies left out")
    args = parser.parse_args(argv)
    began = time.monotonic()
    try:
        archive = open_archive(args.pdn)
    except (OSError, PdnError) as error:
        parser.exit(2, f"archive_positions: cannot read {args.pdn}: {error}\n")
    skipped = kept = positions = 0
    start = Position()
    with open(args.out, "w", encoding="ascii") as out:
        for number in range(1, len(archive) + 1):
            try:
                game = archive.game(number)
            except PdnError:
                skipped += 1
                continue
            result = RESULTS.get(game.result)
            if result is None or game.start != start:
                skipped += 1
                continue
            lines = []
            position = game.start
            try:
                for ply, move in enumerate(game.moves):
                    if ply >= args.skip_plies and not position.is_capture_pending():
                        turn = 1 if position.turn is BLACK else 0
                        lines.append(
                            f"{number} {ply} {position.black} {position.white} "
                            f"{position.kings} {turn} {result}\n"
                        )
                    position = position.move(move)
            except (ValueError, PdnError):
                skipped += 1
                continue
            kept += 1
            positions += len(lines)
            out.writelines(lines)
    print(
        f"{kept} games kept, {skipped} skipped, {positions} positions; "
        f"{time.monotonic() - began:.0f} s; wrote {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
