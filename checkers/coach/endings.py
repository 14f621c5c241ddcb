"""The standard endings named by their material and the endgame databases' result.

A name is given only where the databases hold the position and say the named side wins, so the
name is a fact about the position, not a guess from its look. The "Ideas" section of docs/engine.md
gives each definition; endings of more pieces than the databases hold are never named.
"""

from __future__ import annotations

from collections.abc import Sequence

from checkers.ai.endgame import Endgames, Result, default_endgames
from checkers.board import BLACK, WHITE, Position, Side
from checkers.coach.idea import Idea
from checkers.coach.replay import Step

__all__ = ["ENDING_NAMES", "named_ending"]

ENDING_NAMES = ("first-position", "two-kings-against-one", "three-kings-against-two")
"""First Position: two kings against a king and a man, won by the two kings. Two kings
against one: the lone king driven out of the double corner and caught. Three kings against
two: named only where its five-piece table has been built (the drill builds it)."""

_WORDS = {
    "first-position": "First Position: two kings against a king and a man",
    "two-kings-against-one": "two kings against one",  # not a proper name: lower case
    "three-kings-against-two": "three kings against two",
}


def _ending_name(position: Position, side: Side) -> str | None:
    """The name of the ending `side` would win in `position` by its material alone."""
    own_kings = len(position.pieces(side, kings=True))
    own_men = len(position.pieces(side, kings=False))
    their_kings = len(position.pieces(side.opponent, kings=True))
    their_men = len(position.pieces(side.opponent, kings=False))
    names = {
        ((2, 0), (1, 1)): "first-position",
        ((2, 0), (1, 0)): "two-kings-against-one",
        ((3, 0), (2, 0)): "three-kings-against-two",
    }
    return names.get(((own_kings, own_men), (their_kings, their_men)))


def named_ending(
    position: Position, steps: Sequence[Step], endgames: Endgames | None = None
) -> Idea | None:
    """The first named ending the line `steps` played from `position` enters (`position` itself
    when `steps` is empty) that the databases call a win for its named side, as an `Idea` (its
    line: the moves up to that position; its start: their count), or None. A line that stays in
    the ending it started in enters none."""
    databases = endgames if endgames is not None else default_endgames()
    positions = [step.after for step in steps] if steps else [position]
    before = position if steps else None
    for index, reached in enumerate(positions, start=1 if steps else 0):
        previous, before = before, reached
        for side in (BLACK, WHITE):
            name = _ending_name(reached, side)
            if name is None or (previous is not None and _ending_name(previous, side) == name):
                continue
            probe = databases.probe_plies(reached)
            if probe is None:
                continue
            winner = reached.turn if probe.result is Result.WIN else reached.turn.opponent
            if probe.result is Result.DRAW or winner is not side:
                continue
            moves = (probe.plies + 1) // 2 if winner is reached.turn else probe.plies // 2
            texts = tuple(step.text for step in steps[:index])
            # Counted from the ending's first position: "from there" where the line reaches it
            # moves later, so "in 11 moves" beside the move's own "win in 30 moves" is not read
            # as a second count of one win (walk 2026-12-01ab).
            there = " from there" if index > 1 else ""
            text = (
                f"{_WORDS[name]}, a database win for {side.name.capitalize()}"
                f" in {moves} move{'s' if moves != 1 else ''}{there}"
            )
            claim: tuple[tuple[str, int | str], ...] = (
                ("winner", side.name.lower()),
                ("moves", moves),
            )
            return Idea(name, side, texts, index, claim, text)
    return None
