"""What a reviewed move teaches: inside the databases whether it kept the result, a "!" for a
correct shot or sacrifice, and for a mistake what it walked into or missed.

Pure Python. `lesson` reads the review's own lines (the best line before the move and the
opponent's line after it) with `checkers.coach.ideas`, so every idea named is proved by
replaying its line; the databases decide a result-changing move whatever the scores say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checkers.ai.endgame import Endgames, Result, default_endgames
from checkers.board import Move, Position
from checkers.coach.idea import Idea
from checkers.coach.ideas import ideas
from checkers.coach.outcome import line_outcome

__all__ = ["Lesson", "database_change", "is_sacrifice", "lesson"]

SACRIFICES = ("shot", "breakthrough", "pitch")
"""The ideas whose first move gives material away: played as the best move they earn a "!"
(not when a quiet move prepares them: that move gives nothing, see `is_sacrifice`)."""


def is_sacrifice(idea: Idea) -> bool:
    """Whether the idea's own first move gives material away (a shot, breakthrough or pitch
    that it begins itself, not one it prepares)."""
    return idea.name in SACRIFICES and "after" not in idea.fields


_RANK = {Result.LOSS: 0, Result.DRAW: 1, Result.WIN: 2}
_FLIP = {Result.WIN: Result.LOSS, Result.LOSS: Result.WIN, Result.DRAW: Result.DRAW}


@dataclass(frozen=True)
class Lesson:
    """A move's lesson: `brilliant` (a correct shot or sacrifice, marked "!"), `only_move`
    (the databases' only move that keeps the result), `result_change` (the databases' result
    it threw away, in words, or ''), `note` (what a mistake walked into or missed, or what the
    "!" move does) and the ideas behind it."""

    brilliant: bool = False
    only_move: bool = False
    result_change: str = ""
    note: str = ""
    ideas: tuple[Idea, ...] = ()


def database_change(
    position: Position, move: Move, endgames: Endgames | None = None
) -> tuple[str, bool]:
    """For a position the databases hold with every move's result: the result `move` threw
    away in words (`turns a database win into a draw`, or '') and whether it was the only move
    that kept the result; ('', False) outside the databases."""
    databases = endgames if endgames is not None else default_endgames()
    before = databases.probe_plies(position)
    if before is None:
        return "", False
    results = {}
    for legal in position.legal_moves():
        found = databases.probe_plies(position.move(legal))
        if found is None:
            return "", False
        results[legal] = _FLIP[found.result]
    played = results.get(move)
    if played is None:
        return "", False
    if _RANK[played] < _RANK[before.result]:
        return f"turns a database {before.result.value} into a {played.value}", False
    keeping = [legal for legal, result in results.items() if _RANK[result] >= _RANK[before.result]]
    return "", len(results) > 1 and keeping == [move]


def lesson(
    position: Position,
    move: Move,
    best_line: Sequence[Move],
    reply_line: Sequence[Move],
    *,
    best: bool,
    mistake: bool,
    endgames: Endgames | None = None,
) -> Lesson:
    """The lesson of `move` in `position`: `best_line` is the best line before it (the best
    move first), `reply_line` the opponent's line after it; `best` says the move was the best,
    `mistake` that the review labels it a mistake or a blunder."""
    change, only = database_change(position, move, endgames)
    mover = position.turn
    after = position.move(move)
    try:
        played = ideas(position, [move, *reply_line], endgames=endgames)
    except ValueError:
        played = []  # a line the position does not play: nothing to teach from it
    own = [idea for idea in played if idea.side is mover and idea.start == 0]
    if best and not change and any(is_sacrifice(idea) for idea in own):
        shown = next(idea for idea in own if is_sacrifice(idea))
        return Lesson(True, only, "", shown.text, (shown,))
    if not (mistake or change):
        return Lesson(False, only, "", "", tuple(own))
    # What a mistake walks into: the opponent's gain, not an even trade it allows.
    walked = [
        idea
        for idea in played
        if idea.side is not mover and idea.start <= 2 and idea.name != "exchange"
    ]
    if walked:
        return Lesson(False, only, change, f"walks into {walked[0].text}", (walked[0],))
    try:
        better = ideas(position, list(best_line), endgames=endgames) if best_line else []
    except ValueError:
        better = []
    missed = [idea for idea in better if idea.side is mover and idea.start == 0]
    if missed and best_line and best_line[0] != move:
        shown = missed[0]
        # An exchange's text is a sentence of its own ("White exchanges two men for two men:
        # ..."), the others start with their name ("White's shot: ...").
        named = "an exchange: " if shown.name == "exchange" else ""
        return Lesson(False, only, change, f"misses {named}{shown.text}", (shown,))
    try:
        outcome = line_outcome(after, list(reply_line), side=mover)
    except ValueError:
        return Lesson(False, only, change, "", ())
    if outcome.gain < 0 or outcome.winner is not None:
        replies = " ".join(reply.pdn() for reply in reply_line[:6])
        return Lesson(False, only, change, f"{outcome.words()}: {replies}", ())
    return Lesson(False, only, change, "", ())
