"""The standard endings named by their material and the endgame databases' result.

A name is given only where the databases hold the position and say the named side wins, so the
name is a fact about the position, not a guess from its look. The README's "Ideas" section
gives each definition; endings of more pieces than the databases hold are never named.
"""

from __future__ import annotations

from collections.abc import Sequence

from checkers.ai.endgame import Endgames, Result, default_endgames
from checkers.board import BLACK, WHITE, Position, Side
from checkers.coach.idea import Idea
from checkers.coach.replay import Step

__all__ = ["ENDING_NAMES", "named_ending"]

ENDING_NAMES = ("first-position", "two-kings-against-one")
"""First Position: two kings against a king and a man, won by the two kings. Two kings
against one: the lone king driven out of the double corner and caught."""

_WORDS = {
    "first-position": "First Position: two kings against a king and a man",
    "two-kings-against-one": "Two kings against one",
}


def _ending_name(position: Position, side: Side) -> str | None:
    """The name of the ending `side` would win in `position` by its material alone."""
    own_kings = len(position.pieces(side, kings=True))
    own_men = len(position.pieces(side, kings=False))
    their_kings = len(position.pieces(side.opponent, kings=True))
    their_men = len(position.pieces(side.opponent, kings=False))
    if (own_kings, own_men) != (2, 0):
        return None
    if (their_kings, their_men) == (1, 1):
        return "first-position"
    if (their_kings, their_men) == (1, 0):
        return "two-kings-against-one"
    return None


def named_ending(
    position: Position, steps: Sequence[Step], endgames: Endgames | None = None
) -> Idea | None:
    """The first position of `position` and the line `steps` played from it that is a named
    ending the databases call a win for its named side, as an `Idea` (its line: the moves up to
    that position; its start: their count), or None."""
    databases = endgames if endgames is not None else default_endgames()
    positions = [position, *(step.after for step in steps)]
    for index, reached in enumerate(positions):
        for side in (BLACK, WHITE):
            name = _ending_name(reached, side)
            if name is None:
                continue
            probe = databases.probe_plies(reached)
            if probe is None:
                continue
            winner = reached.turn if probe.result is Result.WIN else reached.turn.opponent
            if probe.result is Result.DRAW or winner is not side:
                continue
            moves = (probe.plies + 1) // 2 if winner is reached.turn else probe.plies // 2
            texts = tuple(step.text for step in steps[:index])
            text = (
                f"{_WORDS[name]}, a database win for {side.name.capitalize()}"
                f" in {moves} move{'s' if moves != 1 else ''}"
            )
            claim: tuple[tuple[str, int | str], ...] = (
                ("winner", side.name.lower()),
                ("moves", moves),
            )
            return Idea(name, side, texts, index, claim, text)
    return None
