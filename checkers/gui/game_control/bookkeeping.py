"""A game's bookkeeping beyond its moves: the clocks, the result, where it was played on from
as its file keeps them in PDN tags, read back and written (the game's judgements: `formats.judged`).

Pure Python, no pygame. A saved game keeps each side's time left (`BlackClock`, `WhiteClock`),
its result (`Result`, with `Termination` saying how a declared one ended), for a game played
on from a finished one, which game and move it came from (`ContinuedFrom`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from checkers.board import BLACK, WHITE, Position, Side
from checkers.clock import Clock, TimeControl, clock_tag, read_clock_tag
from checkers.gui.config import Mode
from checkers.gui.wording import game_over_words, outcome_from_termination
from checkers.record import GameRecord, Outcome, Reason

__all__ = [
    "CLOCK_TAGS",
    "ORIGIN_TAG",
    "RESULTS",
    "RULES_ENDINGS",
    "clock_tags",
    "ended_words",
    "full_record",
    "restore_result",
    "timer_from_tags",
]

CLOCK_TAGS = {BLACK: "BlackClock", WHITE: "WhiteClock"}
"""The PDN tags holding each side's time left, so a resumed game keeps its clocks."""

RESULTS: dict[str, Side | None] = {"1-0": BLACK, "0-1": WHITE, "1/2-1/2": None}
"""The PDN results of a finished game and their winners."""

ORIGIN_TAG = "ContinuedFrom"
"""The tag of a game played on from a finished one: which game, after which move."""

RULES_ENDINGS = (Reason.NO_MOVES, Reason.REPETITION, Reason.FORTY_MOVE_RULE)
"""Endings the rules decide at a position: nothing can be played on from it."""


def timer_from_tags(
    control: TimeControl | None, now: Callable[[], float], tags: Mapping[str, str]
) -> Clock | None:
    """The clocks of a game on `control` (None: an untimed game): full for a new game, a
    loaded one's from its tags (a tag that cannot be read gives full time)."""
    if control is None:
        return None
    left = {BLACK: control.base, WHITE: control.base}
    for side, tag in CLOCK_TAGS.items():
        try:
            left[side] = read_clock_tag(tags[tag])
        except (KeyError, ValueError):
            pass  # a new game, or a tag we cannot read: full time
    return Clock(control, now, left)


def clock_tags(timer: Clock | None) -> dict[str, str]:
    """Each side's time left as PDN tags (none in an untimed game)."""
    if timer is None:
        return {}
    return {tag: clock_tag(timer.remaining(side)) for side, tag in CLOCK_TAGS.items()}


def restore_result(record: GameRecord, tags: dict[str, str]) -> None:
    """End a loaded game as its file says (taking its `Result` tag out of `tags`): by
    resignation, agreement or time as it ended, or as recorded when the file does not say how
    (another program's PDN). A game the rules ended needs nothing."""
    result = tags.pop("Result", "*")
    if record.final_outcome is not None or result not in RESULTS:
        return
    declared = outcome_from_termination(result, tags.get("Termination", ""))
    record.go_to(len(record.line))
    record.declare(declared or Outcome(RESULTS[result], Reason.RECORDED))


def ended_words(outcome: Outcome, final: Position) -> str:
    """How a loaded game ended, as a player says it: `This game ended 1-0: Black won (as the
    file records).` A draw shows as ½-½ (the file keeps 1/2-1/2)."""
    _, reason = game_over_words(outcome, Mode.HUMAN_VS_HUMAN, None, final)
    if outcome.reason is Reason.RECORDED:
        reason = "as the file records"
    elif not reason.startswith(("Black", "White")):  # a sentence's capital, in brackets
        reason = reason[:1].lower() + reason[1:]
    score = {BLACK: "1-0", WHITE: "0-1", None: "\u00bd-\u00bd"}[outcome.winner]
    won = "a draw" if outcome.winner is None else f"{outcome.winner.name.capitalize()} won"
    return f"This game ended {score}: {won} ({reason})."


def full_record(record: GameRecord) -> GameRecord:
    """The whole recorded game, including moves past the cursor and how it ended (what a
    save writes)."""
    if not record.can_redo():
        return record
    whole = record.copy()
    whole.go_to(len(whole.line))
    return whole
