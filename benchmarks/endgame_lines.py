"""The 40-move rule on the databases' own lines: how long they go with no capture and no man move.

    python benchmarks/endgame_lines.py --dir DIR [--pieces 5] [--sample 300] [--seed 1]

For every slice of --pieces pieces (in DIR, else shipped), up to --sample won positions whose
win is longer than the rule's 80 plies (all of them when fewer) are played out along the
databases' line (`best_move` for both sides), and the plies with no capture and no man move are
counted: the longest run before the line's first progress move, and the longest run anywhere.
The engine takes such a win as exact inside a search while a node has used at most
`LONG_RESULT_COUNT` plies of the count (checkers/ai/endgame.py), and at the root when the line
itself keeps the count (`Endgames.line_keeps_count`): these figures are why.
Also the size on disk of each size held, in bytes per index (the window's disk estimate).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checkers.ai.endgame import (
    LONG_RESULT_COUNT,
    SHIPPED_DIRECTORY,
    WIN_CODE,
    Endgames,
    Material,
    group_tables,
    half_size,
    material_of_name,
    materials_with,
)
from checkers.board import BLACK, WHITE, Position
from checkers.record import FORTY_MOVE_PLIES


def position_at(material: Material, index: int) -> Position | None:
    """The position at a slice's index (None where the groups overlap)."""
    half = half_size(material)
    side, rest = divmod(index, half)
    boards = []
    for table, _ in reversed(group_tables(material)):
        rest, rank = divmod(rest, len(table))
        boards.append(table[rank])
    wk, wm, bk, bm = boards
    black, white = bm | bk, wm | wk
    if black & white or (black | white).bit_count() != sum(material):
        return None
    return Position.from_bitboards(black, white, bk | wk, WHITE if side else BLACK)


def runs(endgames: Endgames, position: Position) -> tuple[int, int]:
    """Along the databases' line to the end: plies before the first progress move, and the
    longest run of plies with no progress anywhere."""
    first = longest = count = 0
    progressed = False
    while True:
        found = endgames.probe_plies(position)
        if found is None or found.plies == 0:
            return (first if progressed else count), max(longest, count)
        move = endgames.best_move(position)
        assert move is not None
        child = position.move(move)
        men = (position.black | position.white) & ~position.kings
        child_men = (child.black | child.white) & ~child.kings
        taken = (child.black | child.white).bit_count() < (
            position.black | position.white
        ).bit_count()
        if men != child_men or taken:
            if not progressed:
                first, progressed = count, True
            longest, count = max(longest, count), 0
        else:
            count += 1
        position = child


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--pieces", type=int, default=5)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    endgames = Endgames([args.dir, SHIPPED_DIRECTORY])
    rng = random.Random(args.seed)
    worst_first = worst_run = lines = 0
    for material in materials_with(args.pieces):
        found = endgames.slice(material)
        if found is None:
            print(f"{material}: not held")
            continue
        long = [
            index
            for index in range(2 * found.half)
            if found.plies[index] > FORTY_MOVE_PLIES and found.lookup(index)[0] == WIN_CODE
        ]
        chosen = rng.sample(long, min(args.sample, len(long)))
        firsts, longest = [], []
        for index in chosen:
            position = position_at(material, index)
            if position is None:
                continue
            first, run = runs(endgames, position)
            firsts.append(first)
            longest.append(run)
        lines += len(firsts)
        if firsts:
            worst_first = max(worst_first, max(firsts))
            worst_run = max(worst_run, max(longest))
            print(
                f"{material}: {len(long)} wins over {FORTY_MOVE_PLIES} plies, {len(firsts)}"
                f" followed: first progress after at most {max(firsts)} plies,"
                f" longest run {max(longest)}"
            )
    print(
        f"{lines} lines: first progress after at most {worst_first} plies (the search allows"
        f" {LONG_RESULT_COUNT} used of {FORTY_MOVE_PLIES}), longest run {worst_run}"
    )
    for pieces in range(5, 8):
        names = [n for n in os.listdir(args.dir) if (m := material_of_name(n)) and sum(m) == pieces]
        if names:
            size = sum((args.dir / n).stat().st_size for n in names)
            indices = sum(2 * half_size(material_of_name(n) or (0, 0, 0, 0)) for n in names)
            print(
                f"{pieces} pieces: {len(names)} slices, {size / 1e6:.0f} MB,"
                f" {size / indices:.2f} bytes per index"
            )


if __name__ == "__main__":
    main()
