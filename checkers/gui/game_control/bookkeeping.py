"""A game's bookkeeping beyond its moves: the clocks, the result, where it was played on from
and the engine's latest scores, as its file keeps them in PDN tags, read back and written.

Pure Python, no pygame. A saved game keeps each side's time left (`BlackClock`, `WhiteClock`),
its result (`Result`, with `Termination` saying how a declared one ended), for a game played
on from a finished one, which game and move it came from (`ContinuedFrom`), and the game's
judgements of its last few positions with their lines (`Judged`), so a resumed game reads as it
did and names the same best move.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from checkers.board import BLACK, WHITE, Move, Position, Side
from checkers.clock import Clock, TimeControl, clock_tag, read_clock_tag
from checkers.coach.judgement import Judgement, Judgements
from checkers.gui.config import Mode
from checkers.gui.wording import game_over_words, outcome_from_termination
from checkers.options import MAX_DEPTH
from checkers.record import GameRecord, Outcome, Reason

__all__ = [
    "CLOCK_TAGS",
    "JUDGED_TAG",
    "ORIGIN_TAG",
    "RESULTS",
    "RULES_ENDINGS",
    "clock_tags",
    "ended_words",
    "full_record",
    "judged_tag",
    "restore_judgements",
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

JUDGED_TAG = "Judged"
"""The tag keeping the game's judgements of its last positions: `ply side score man depth`
for each (`side` B or W, `db` after the depth for the endgame databases'), then the first
moves of the judgement's line (`8-11 25-22 11-15`: its best move first), `;` between them. A
file written before the lines were kept has none: its judgements read as before."""
JUDGED_POSITIONS = 6
"""How many of the last positions a file keeps judgements of (the ones Undo goes back to)."""
JUDGED_LINE_MOVES = 8
"""How many moves of each judgement's line a file keeps (as many as the panel names)."""
_JUDGED_LIMIT = 1000
"""The longest tag written or read (the PDN reader cuts a tag's value at 1,000 characters, so
a longer one would lose its last judgement's line half way)."""
_SIDES = {BLACK: "B", WHITE: "W"}


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


def judged_tag(record: GameRecord, judgements: Mapping[Position, Judgement]) -> dict[str, str]:
    """The `Judged` tag for the last few positions of `record` (its moves as they stand) that
    the game has judged, or none: a resumed game's score is the deepest this game found, not
    a shallower one a new search gives after the relaunch."""
    positions = record.positions
    first = max(0, len(positions) - JUDGED_POSITIONS)
    found = [(ply, judgements.get(positions[ply])) for ply in range(first, len(positions))]
    judged = [(ply, judgement) for ply, judgement in found if judgement is not None]
    if not judged:
        return {}
    # Each judgement with its line's first moves (its best move first), fewer where the tag
    # would be longer than a reader takes (long jumps); at the least the scores alone.
    for moves in (JUDGED_LINE_MOVES, 4, 1, 0):
        text = "; ".join(_judged_entry(ply, judgement, moves) for ply, judgement in judged)
        if len(text) <= _JUDGED_LIMIT:
            break
    return {JUDGED_TAG: text}


def _judged_entry(ply: int, judgement: Judgement, moves: int) -> str:
    """One judgement in the `Judged` tag, with the first `moves` moves of its line."""
    database = " db" if judgement.database else ""
    line = "".join(f" {move}" for move in judgement.line[:moves])
    return (
        f"{ply} {_SIDES[judgement.side]} {judgement.score:g} {judgement.man:g}"
        f" {judgement.depth}{database}{line}"
    )


def _replayed(position: Position, line: list[str]) -> tuple[str, ...]:
    """The moves of `line` that replay from `position`, up to the first that does not (a
    damaged line keeps what it proves: its first moves, or none)."""
    kept = []
    for text in line:
        try:
            move = Move.from_pdn(text, position)
        except ValueError:
            break
        kept.append(move.pdn())
        position = position.move(move)
    return tuple(kept)


def restore_judgements(record: GameRecord, tags: dict[str, str]) -> Judgements:
    """The judgements a file's `Judged` tag keeps of `record`'s positions (taking the tag out
    of `tags`), each with its line (none in a file from before the lines were kept); an entry
    that does not read as one this game writes is left out (a damaged tag costs the score
    only: the engine judges the position again), and a line keeps only the moves that replay
    up to the first that does not."""
    judgements = Judgements()
    text = tags.pop(JUDGED_TAG, "")
    if len(text) > _JUDGED_LIMIT:
        return judgements
    whole = record.copy()
    whole.go_to(len(whole.line))
    positions = whole.positions
    sides = {name: side for side, name in _SIDES.items()}
    for entry in text.split(";"):
        parts = entry.split()
        if len(parts) < 5:
            continue
        database = parts[5:6] == ["db"]
        line = parts[6:] if database else parts[5:]
        try:
            ply, depth = int(parts[0]), int(parts[4])
            score, man = float(parts[2]), float(parts[3])
        except ValueError:
            continue
        side = sides.get(parts[1])
        if (
            side is None
            or not 0 <= ply < len(positions)
            or not 0 <= depth <= MAX_DEPTH
            or not math.isfinite(score)
            or not (math.isfinite(man) and man > 0)
        ):
            continue
        position = positions[ply]
        judged = Judgement(score, man, side, depth, database, _replayed(position, line))
        judgements.judge(position, judged)
    return judgements
