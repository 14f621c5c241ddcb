"""Checking an endgame slice against its own definition, through the public Position API only
(`legal_moves` and `move`), independent of the builder's indexing and stepping back."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from checkers.ai.endgame import Endgames, Material, Result, group_tables, half_size
from checkers.board import BLACK, WHITE, Position

__all__ = ["check_slice", "positions_of"]


def positions_of(material: Material) -> Iterator[tuple[int, Position]]:
    """Every (index, position) of a slice, through the public Position API."""
    tables = group_tables(material)
    half = half_size(material)
    (bm_boards, _), (bk_boards, _), (wm_boards, _), (wk_boards, _) = tables
    for side, turn in ((0, BLACK), (1, WHITE)):
        index = side * half
        for bm, bk, wm, wk in itertools.product(bm_boards, bk_boards, wm_boards, wk_boards):
            if (bm | bk).bit_count() + (wm | wk).bit_count() == sum(material) and not (
                (bm | bk) & (wm | wk)
            ):
                yield index, Position.from_bitboards(bm | bk, wm | wk, bk | wk, turn)
            index += 1


def check_slice(material: Material, endgames: Endgames, step: int = 1) -> list[str]:
    """Every way the slice disagrees with its own definition, through legal_moves and move():
    a win has a move to a loss one ply nearer and none nearer; a loss has only moves to wins, the
    slowest one ply nearer; a draw has no move to a loss and some move to a draw.

    With a step above 1 only every step-th position is checked (a quick sample).
    """
    problems = []
    for number, (_, position) in enumerate(positions_of(material)):
        if number % step:
            continue
        found = endgames.probe_plies(position)
        if found is None:
            problems.append(f"{position.fen()}: not in the databases")
            continue
        children = []
        for move in position.legal_moves():
            child = endgames.probe_plies(position.move(move))
            if child is None:
                problems.append(f"{position.fen()}: {move} leads outside the databases")
                break
            children.append(child)
        else:
            wins = [c.plies for c in children if c.result is Result.WIN]
            losses = [c.plies for c in children if c.result is Result.LOSS]
            if found.result is Result.WIN:
                ok = bool(losses) and min(losses) + 1 == found.plies
            elif found.result is Result.LOSS:
                ok = len(wins) == len(children) and (max(wins, default=-1) + 1 == found.plies)
            else:
                ok = not losses and len(wins) < len(children) and found.plies == 0
            if not ok:
                problems.append(f"{position.fen()}: {found} does not fit its moves")
    return problems
