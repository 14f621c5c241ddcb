"""When a timed search stops: the decision rule, as pure code fed the report of each depth.

Two kinds of time. A fixed time for the move (`go movetime T`, a level's seconds a move) is
spent whole: the search starts depth after depth until the deadline ends one, and an unfinished
depth still gives its move if a root move beat the last best there; only a forced result or a
single legal move ends it sooner. A clock's budget (`Limits.spare_time` given) is a target: the
search stops early once its best move has held for a few depths with a steady score, and runs
past the target, into the spare time, where the position is critical: the best move's score fell
from one depth to the next, the best move changed, or only one move holds (every other root
move is clearly worse).

`TimePlan` reads no clock: the engine tells it each completed depth and asks it for the
deadline, so the rule is tested without timing (tests/test_timing.py).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DepthReport", "TimePlan"]

START_NO_DEPTH_AFTER = 0.6
"""Of a clock's current allowance: past it another depth rarely finishes (depth times in
checkers jump by 1.5x to 5x from one depth to the next), so none is started."""

STABLE_DEPTHS = 3
"""Depths the best move must have held, its score steady, for the clock's allowance to shrink."""

STABLE_SHARE = 0.5
"""A clock's allowance, as a share of its target, once the best move is stable."""

FALL_UNIT = 50
"""A fall of the best move's score by this much (half a man) from one depth to the next adds one
target's worth to a clock's allowance, up to MOST_SHARE."""

STEADY = 15
"""A score that moves by less than this (0.15 men) between depths is steady."""

CHANGED_SHARE = 1.5
"""A clock's allowance, as a share of its target, when the last depth changed the best move."""

ONLY_MOVE_SHARE = 2.0
"""A clock's allowance, as a share of its target, when only one move holds."""

CRITICAL_FROM = 5
"""The first depth whose fall or new best move counts as critical: shallower ones are noise."""

MOST_SHARE = 3.0
"""The largest allowance, as a share of the target (and never past the target plus the spare)."""


@dataclass(frozen=True)
class DepthReport:
    """What one completed depth found: its number, the best move's score (engine units, from the
    side to move), the best move (any value that compares equal for the same move), the seconds
    since the search began, and whether only one move holds (None: not tested)."""

    depth: int
    score: int
    move: object
    elapsed: float
    only_move: bool | None = None


class TimePlan:
    """How long one timed search may run: `deadline()` for the depth under way, and after each
    completed depth `go_on(report)`, whether to start another."""

    def __init__(self, time: float, spare_time: float | None = None) -> None:
        """`time`: the seconds for the move; `spare_time`: None for a fixed time, spent whole,
        else the seconds a clock's search may add to `time` where the position is critical."""
        self.target = time
        self.flexible = spare_time is not None
        self.most = time + (spare_time or 0.0)
        self.share = 1.0  # the clock's allowance, as a share of the target
        self.fallen = 1.0  # the allowance the largest fall of the score so far gives
        self.reports: list[DepthReport] = []

    def deadline(self) -> float:
        """Seconds from the search's start at which the depth under way is stopped."""
        if not self.flexible:
            return self.target
        # A shrunk allowance only stops the search between depths: the depth under way may
        # still change the move, and the target was affordable.
        return min(self.most, max(1.0, self.share) * self.target)

    def go_on(self, report: DepthReport) -> bool:
        """Take in a completed depth; whether another depth should start."""
        self.reports.append(report)
        if not self.flexible:
            # A fixed time is spent: the deadline ends the depth that does not fit.
            return report.elapsed < self.target
        self.share = self._share()
        return report.elapsed < START_NO_DEPTH_AFTER * min(self.most, self.share * self.target)

    def _share(self) -> float:
        """The clock's allowance after the depths reported, as a share of the target."""
        last = self.reports[-1]
        if len(self.reports) == 1:
            return 1.0
        before = self.reports[-2]
        if last.depth >= CRITICAL_FROM and before.score - last.score >= STEADY:
            # A fall is kept: a later quiet depth has not yet been deep enough to explain it.
            self.fallen = max(self.fallen, 1.0 + (before.score - last.score) / FALL_UNIT)
        share = self.fallen
        if last.move != before.move and last.depth >= CRITICAL_FROM:
            share = max(share, CHANGED_SHARE)  # until a deeper depth confirms the new move
        if last.only_move:
            share = max(share, ONLY_MOVE_SHARE)
        if share > 1.0:
            return min(MOST_SHARE, share)
        recent = self.reports[-STABLE_DEPTHS - 1 :]
        stable = (
            len(recent) == STABLE_DEPTHS + 1
            and all(report.move == last.move for report in recent)
            and max(report.score for report in recent) - min(report.score for report in recent)
            < STEADY * 2
        )
        return STABLE_SHARE if stable else 1.0
