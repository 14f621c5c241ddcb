"""A game's kept judgements as its file keeps them: every judged position's score, depth and
the first moves of its line, one entry per position (`JUDGED_TAG`, which a file writes as a
`[%judged ...]` command after each move: `pdn`), read back and written.

Pure Python, no pygame. So a resumed game reads as it did and names the same best move, and a
review of a reopened game, in the window or by `checkers review`, adopts the judgements the
game kept, as the review in the window did before it was closed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from checkers.board import BLACK, WHITE, Move, Position
from checkers.coach.judgement import Judgement, Judgements
from checkers.formats.pdn import JUDGED_TAG
from checkers.options import MAX_DEPTH
from checkers.record import GameRecord

__all__ = [
    "JUDGED_LINE_MOVES",
    "JUDGED_TAG",
    "LABELS",
    "MARKED",
    "MARKS_TAG",
    "REVIEWED_TAG",
    "judged_tag",
    "marks_tag",
    "restore_judgements",
    "restore_marks",
    "restore_reviewed",
]

JUDGED_LINE_MOVES = 8
"""How many moves of each judgement's line a file keeps (as many as the panel names)."""
_SIDES = {BLACK: "B", WHITE: "W"}


def judged_tag(record: GameRecord, judgements: Mapping[Position, Judgement]) -> dict[str, str]:
    """The `JUDGED_TAG` of every position of `record` (its moves as they stand) that the game has
    judged, or none: a resumed game's score is the deepest this game found, not a shallower one
    a new search gives after the relaunch, and a review of the reopened game adopts what the
    review in the window adopted (walk 2026-11-30f: a game reviewed live said "mistake, 0.65
    men" where the same game reopened said "blunder, 0.90", its file keeping six positions')."""
    text = _judged_text(record, judgements)
    return {JUDGED_TAG: text} if text else {}


def _judged_text(record: GameRecord, judgements: Mapping[Position, Judgement]) -> str:
    """The entries of `judgements` of `record`'s positions, in the order of the game."""
    positions = record.positions
    judged = [(ply, judgements.get(position)) for ply, position in enumerate(positions)]
    return "; ".join(
        _judged_entry(ply, judgement) for ply, judgement in judged if judgement is not None
    )


def _judged_entry(ply: int, judgement: Judgement) -> str:
    """One judgement in the `Judged` tag, with the first moves of its line."""
    database = " db" if judgement.database else ""
    line = "".join(f" {move}" for move in judgement.line[:JUDGED_LINE_MOVES])
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


def restore_judgements(
    record: GameRecord, tags: dict[str, str], tag: str = JUDGED_TAG
) -> Judgements:
    """The judgements a file's `Judged` tag (or `tag`, written as it is) keeps of `record`'s
    positions (taking the tag out of `tags`), each with its line (none in a file from before
    the lines were kept); an entry that does not read as one this game writes is left out (a
    damaged tag costs the score only: the engine judges the position again), and a line keeps
    only the moves that replay up to the first that does not."""
    judgements = Judgements()
    text = tags.pop(tag, "")
    positions = _every_position(record)
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
        kept = _replayed(position, line[:JUDGED_LINE_MOVES])
        judged = Judgement(score, man, side, depth, database, kept)
        judgements.judge(position, judged)
    return judgements


MARKS_TAG = "ReviewMarks"
"""The tag that keeps a closed review's labels of a game's moves, so a resumed or reopened game
shows its marks again (walk 2026-12-01af: "12-16??" gone after a relaunch) and Why? of any
reviewed move reads the review's row (walk 2026-12-01ai): `11 best 9-14; 12 blunder 10-14`,
each the ply the move leads to, its label and the review's best move."""

LABELS = ("book", "forced", "best", "good", "inaccuracy", "mistake", "blunder")
"""The labels a review gives (`checkers.review.Label`'s words)."""

MARKED = ("inaccuracy", "mistake", "blunder")
"""The labels a review marks in the move list (`checkers.review.MARKED_LABELS`' words)."""


REVIEWED_TAG = "ReviewJudged"
"""The tag that keeps the review's own judgements of the positions before and after its
labelled moves, written as `JUDGED_TAG`'s entries are, those the game's own judgements (its
`JUDGED_TAG`) do not keep as they are: a reviewed move's Why? reads the review's row from them
again after a relaunch, whatever the game has judged since (walk 2026-12-01ah)."""


def marks_tag(
    marks: Mapping[int, tuple[str, str]],
    record: GameRecord | None = None,
    judged: Mapping[Position, Judgement] | None = None,
    kept: Mapping[Position, Judgement] | None = None,
) -> dict[str, str]:
    """The `MARKS_TAG` of `marks` (ply the move leads to -> (label, best move)), or none; with
    `record` and the review's `judged` positions, the `REVIEWED_TAG` of those of them before
    and after each labelled move that the game's `kept` judgements do not hold as they are."""
    text = "; ".join(f"{ply} {label} {best}" for ply, (label, best) in sorted(marks.items()))
    if not text:
        return {}
    tags = {MARKS_TAG: text}
    if record is not None and judged:
        kept = kept or {}
        apart = {
            position: judged[position]
            for position in _around(record.positions, marks)
            if position in judged and kept.get(position) != judged[position]
        }
        reviewed = _judged_text(record, apart)
        if reviewed:
            tags[REVIEWED_TAG] = reviewed
    return tags


def _around(positions: Sequence[Position], marks: Iterable[int]) -> set[Position]:
    """Of a game's `positions`, those before and after the moves leading to the plies `marks`."""
    return {positions[ply] for mark in marks for ply in (mark - 1, mark) if ply < len(positions)}


def _every_position(record: GameRecord) -> list[Position]:
    """Every position of `record`'s moves, wherever it is shown."""
    whole = record.copy()
    whole.go_to(len(whole.line))
    return whole.positions


def restore_reviewed(
    record: GameRecord,
    tags: dict[str, str],
    marks: Iterable[int] = (),
    kept: Mapping[Position, Judgement] | None = None,
) -> Judgements:
    """The review's judgements a file's `REVIEWED_TAG` keeps (`marks_tag`; taking the tag out
    of `tags`), read as `restore_judgements` reads the game's; with the plies of the reviewed
    moves (`marks`) and the game's `kept` judgements, those the tag left to them too."""
    reviewed = restore_judgements(record, tags, REVIEWED_TAG)
    if kept:
        for position in _around(_every_position(record), marks):
            found = kept.get(position)
            if position not in reviewed and found is not None:
                reviewed.judge(position, found)
    return reviewed


def restore_marks(record: GameRecord, tags: dict[str, str]) -> dict[int, tuple[str, str]]:
    """The labels a file's `MARKS_TAG` keeps of `record`'s moves (taking the tag out of
    `tags`): an entry that does not read as one this game writes (a ply past the moves, not a
    review's label, a best move not legal where the move was played) is left out."""
    text = tags.pop(MARKS_TAG, "")
    positions = _every_position(record)
    marks: dict[int, tuple[str, str]] = {}
    for entry in text.split(";"):
        parts = entry.split()
        if len(parts) != 3 or not parts[0].isdigit() or parts[1] not in LABELS:
            continue
        ply = int(parts[0])
        if not 1 <= ply < len(positions):
            continue
        try:
            best = Move.from_pdn(parts[2], positions[ply - 1])
        except ValueError:
            continue
        marks[ply] = (parts[1], best.pdn())
    return marks
