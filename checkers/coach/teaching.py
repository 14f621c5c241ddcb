"""What a reviewed move teaches: inside the databases whether it kept the result, a "!" for a
correct shot or sacrifice, and for a mistake what it walked into or missed.

Pure Python. `lesson` reads the review's own lines (the best line before the move and the
opponent's line after it) with `checkers.coach.ideas`, so every idea named is proved by
replaying its line; the databases decide a result-changing move whatever the scores say.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from checkers.ai.endgame import Endgames, Result, default_endgames
from checkers.board import Move, Position, Side
from checkers.coach.idea import Idea
from checkers.coach.ideas import GAIN_SHOWN, agreeing, ideas
from checkers.coach.outcome import line_outcome
from checkers.coach.replay import replay

__all__ = [
    "SHOWN_MOVES",
    "WEAKER_BESIDES",
    "Lesson",
    "database_change",
    "is_sacrifice",
    "lesson",
    "men_given",
]

SHOWN_MOVES = 8
"""The most moves of the opponent's line a mistake's note shows (the window's better line shows
as many)."""

WEAKER_BESIDES = 0.5
"""Men: how much more than the men a mistake's line takes its loss must be for the note to say
the position after it is weaker besides (the rest of the figure is not material)."""

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
    given: int = 0
    """The men the note's line proves the move gives up (`loses a man: 19x12 ...`), counted at
    the line's end with no capture pending; 0 when the note is not such a count."""
    given_line: tuple[Move, ...] = ()
    """The opponent's moves that prove `given` (the line the note shows)."""


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
    lost: float | None = None,
    scored: tuple[float | None, int | None] | None = None,
    best_scored: tuple[float | None, int | None] | None = None,
) -> Lesson:
    """The lesson of `move` in `position`: `best_line` is the best line before it (the best
    move first), `reply_line` the opponent's line after it; `best` says the move was the best,
    `mistake` that the review labels it a mistake or a blunder, `lost` the men the review's
    scores say it lost (None: a forced or database result, no count of men), which a count of
    men given up never contradicts (`men_given`). `scored` is the review's score after the
    move and `best_scored` before it (men from the mover's view, or a forced result's moves):
    an idea that wins material is named only where that score shows it (`ideas.agreeing`, the
    rule Why? follows), never "walks into White's shot" beside a score still for the mover."""
    change, only = database_change(position, move, endgames)
    mover = position.turn
    after = position.move(move)
    try:
        played = ideas(position, [move, *reply_line], endgames=endgames)
    except ValueError:
        played = []  # a line the position does not play: nothing to teach from it
    if scored is not None:
        played = list(agreeing(played, mover, *scored))
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
    # What the reply line does to the move outranks what the best move would have done: a
    # game it loses, else the men it takes (walks q and r: 12-16 left for 19x12 read "misses an
    # exchange: ..." of 11-15, never that the man was lost).
    try:
        outcome = line_outcome(after, list(reply_line), side=mover)
    except ValueError:
        outcome = None
    if outcome is not None and outcome.winner is not None:
        replies = " ".join(reply.pdn() for reply in reply_line[:SHOWN_MOVES])
        return Lesson(False, only, change, f"{outcome.words()}: {replies}", ())
    given = _given(after, reply_line, lost, mover) if outcome is not None else None
    if given is not None and not given[0].endswith(WEAKER_WORDS):
        return Lesson(False, only, change, *given)  # the men it gave are what it lost
    try:
        better = ideas(position, list(best_line), endgames=endgames) if best_line else []
    except ValueError:
        better = []
    if best_scored is not None:
        better = list(agreeing(better, mover, *best_scored))
    missed = [idea for idea in better if idea.side is mover and idea.start == 0]
    if given is not None:
        # Men given up outrank an even trade missed (walk 2026-12-01ac: "1-5?? misses an
        # exchange" where White's 17x10x1 took two men): only a gain missed says more.
        missed = [idea for idea in missed if idea.name != "exchange"]
    if missed and best_line and best_line[0] != move:
        shown = missed[0]
        # An exchange's text is a sentence of its own ("White exchanges two men for two men:
        # ..."), the others, and an exchange a move prepares, start with their name ("White's
        # shot: ...", "Black's exchange: after 7-10 ...").
        plain = shown.name == "exchange" and "after" not in shown.fields
        named = "an exchange: " if plain else ""
        return Lesson(False, only, change, f"misses {named}{shown.text}", (shown,))
    if given is not None:
        return Lesson(False, only, change, *given)  # the men, and a weaker position besides
    return Lesson(False, only, change, "", ())


WEAKER_WORDS = ", and the position after it is weaker besides"
"""How a lesson's count of men given ends where the loss is more than those men: then what the
best move would have done (a shot missed) is the lesson, where there is one (the first problem's
22-18 gives a man, and misses 27-23's shot that wins three)."""


def _given(
    after: Position, reply_line: Sequence[Move], lost: float | None, mover: Side
) -> tuple[str, tuple[Idea, ...], int, tuple[Move, ...]] | None:
    """A lesson's note, ideas, men and proof where the reply line takes men the move gave away
    (`men_given`), or None."""
    given = men_given(after, reply_line, lost)
    if given is None:
        return None
    count, proof = given
    replies = " ".join(reply.pdn() for reply in proof)
    words = line_outcome(after, list(proof), side=mover).words()
    note = f"{words}: {replies}"
    if lost is not None and lost > count + WEAKER_BESIDES:
        # The figure beside it counts more than the men the line takes: the rest is the
        # position (walk 2026-11-30f: "lost 3.50 men" beside "loses a man" alone).
        note += WEAKER_WORDS
    return note, (), count, proof


def men_given(
    after: Position, reply_line: Sequence[Move], lost: float | None = None
) -> tuple[int, tuple[Move, ...]] | None:
    """The men a move gives up by the opponent's line `reply_line` played from `after` (the
    position the move led to), and the part of the line that proves it; None when the line
    proves no loss the number allows.

    The part shown ends on a capture with none pending (what it counts is what its moves
    capture, nothing left to play out), within SHOWN_MOVES moves, and the count holds for the
    line's end (no man won back for good). A count never says more than the review's
    number, `lost` men, reads as (a man from 0.75): `loses two men` beside `lost 0.90 men`, or
    `gives up a man` beside `lost half a man`, is a contradiction,
    so the longest part whose count the number allows is shown (`loses a man: 19x12 ... 27x18`)."""
    try:
        steps = replay(after, list(reply_line))
    except ValueError:
        return None
    mover = after.turn.opponent  # the side that played the move
    counts: list[tuple[int, int]] = []  # (moves shown, men given) at each settled capture
    given = 0
    for index, step in enumerate(steps, start=1):
        given += step.captured if step.side is not mover else -step.captured
        if step.captured and not step.after.is_capture_pending():
            counts.append((index, given))
    # A man given up is said where the number reads about a man (`GAIN_SHOWN`, as Why? names
    # a shot): "lost half a man: 12-16 gives up a man" told two things (walk 2026-11-30d).
    allowed = math.inf if lost is None else lost + (1.0 - GAIN_SHOWN)
    chosen: tuple[int, int] | None = None
    for place, (moves, count) in enumerate(counts):
        if moves > SHOWN_MOVES:
            break
        # The count holds where the line ends: a man won back for good is not given. A dip
        # on the way, inside an exchange or a shot both sides play out, is not a man won back
        # (walk 2026-12-01ac: 1-5 gave two men to 17x10x1, the line later traded 2 for 2
        # through a count of one, and the note fell back on "misses an exchange").
        if 1 <= count <= allowed and counts[-1][1] >= count:
            chosen = (moves, count)
    if chosen is None:
        return None
    moves, count = chosen
    return count, tuple(step.move for step in steps[:moves])
