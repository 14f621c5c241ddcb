"""Game clocks: a time control (`5+3`: five minutes and three seconds a move) and a clock that
runs for the side to move.

Pure Python. The clock never reads the time itself: it is given a time source (the window's
loop time, or a test's counter), so it is driven frame by frame and tested without sleeping.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from checkers.board import BLACK, WHITE, Side

__all__ = [
    "TIME_CONTROLS",
    "Clock",
    "TimeControl",
    "ai_move_budget",
    "ai_move_seconds",
    "clock_tag",
    "format_clock",
    "read_clock_tag",
]

_SPEC = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:\+\s*(\d+(?:\.\d+)?)\s*)?")
_MAX_MINUTES = 600.0  # ten hours: anything longer is a typing slip


@dataclass(frozen=True)
class TimeControl:
    """Each side's time for the game and the seconds added after each of its moves."""

    base: float
    increment: float = 0.0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.base) and 0 < self.base <= _MAX_MINUTES * 60):
            raise ValueError("a clock needs between 1 second and 600 minutes")
        if not (math.isfinite(self.increment) and 0 <= self.increment <= 600):
            raise ValueError("the increment must be between 0 and 600 seconds")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """`5+3` (minutes + seconds a move), `10` (minutes); ValueError says what is wrong."""
        match = _SPEC.fullmatch(text)
        if match is None:
            raise ValueError(f"clock {text!r} is not MINUTES or MINUTES+SECONDS, e.g. 5+3")
        return cls(float(match[1]) * 60, float(match[2] or 0))

    @classmethod
    def from_pdn(cls, text: str) -> TimeControl:
        """The PDN `TimeControl` tag's form, `300+3` (seconds + seconds)."""
        match = _SPEC.fullmatch(text)
        if match is None:
            raise ValueError(f"TimeControl {text!r} is not SECONDS+SECONDS")
        return cls(float(match[1]), float(match[2] or 0))

    def pdn(self) -> str:
        """`300+3`, the form of the PDN `TimeControl` tag."""
        return f"{self.base:g}+{self.increment:g}"

    def label(self) -> str:
        """`5 min + 3 s a move`, `10 min`."""
        base = f"{self.base / 60:g} min" if self.base >= 60 else f"{self.base:g} s"
        return f"{base} + {self.increment:g} s a move" if self.increment else base


TIME_CONTROLS: tuple[TimeControl | None, ...] = (
    None,
    TimeControl(300, 3),
    TimeControl(600),
    TimeControl(900, 10),
)
"""The choices the start screen cycles through: untimed first."""


class Clock:
    """Two players' remaining time; the side to move's runs. `now` is the time source (seconds,
    only ever going up); nothing runs until `start`."""

    def __init__(
        self,
        control: TimeControl,
        now: Callable[[], float],
        remaining: dict[Side, float] | None = None,
    ) -> None:
        self.control = control
        self._now = now
        self._left = dict(remaining or {BLACK: control.base, WHITE: control.base})
        self.running: Side | None = None
        self._since = 0.0

    def remaining(self, side: Side) -> float:
        """Seconds `side` has left now (never below zero)."""
        left = self._left[side]
        if side is self.running:
            left -= self._now() - self._since
        return max(0.0, left)

    def start(self, side: Side) -> None:
        """Run `side`'s time from now (stopping the other's, with no increment)."""
        self.stop()
        self.running = side
        self._since = self._now()

    def stop(self) -> None:
        """Stop whichever time runs (a paused game, a finished one)."""
        if self.running is not None:
            self._left[self.running] = self.remaining(self.running)
        self.running = None

    def press(self, side: Side) -> None:
        """`side` has moved: its time stops, gains the increment, and the other side's runs."""
        if self.running is side:
            self.stop()
        self._left[side] += self.control.increment
        self.start(side.opponent)

    def set_remaining(self, left: dict[Side, float]) -> None:
        """Stop the clocks and give each side `left` seconds (a move taken back: the time as
        it stood when that position was reached)."""
        self.running = None
        self._left = dict(left)

    def flagged(self) -> Side | None:
        """The side whose time has run out, or None."""
        if self.running is not None and self.remaining(self.running) <= 0:
            return self.running
        return None


def format_clock(seconds: float) -> str:
    """`4:32` for a clock face; tenths under ten seconds (`0:07.3`), when every one counts."""
    if seconds < 10:
        tenths = math.floor(max(0.0, seconds) * 10) / 10
        return f"0:{tenths:04.1f}"
    whole = math.ceil(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def ai_move_seconds(remaining: float, increment: float, level_seconds: float | None) -> float:
    """How long an AI on the clock may think: a 30th of what is left plus most of the
    increment, never more than its level's own time nor a fifth of what is left (so a run of
    long searches cannot lose on time), and at least a twentieth of a second."""
    budget = remaining / 30 + increment * 0.8
    if level_seconds is not None:
        budget = min(budget, level_seconds)
    return max(0.05, min(budget, remaining / 5))


def ai_move_budget(
    remaining: float, increment: float, level_seconds: float | None = None
) -> tuple[float, float]:
    """An AI's time on the clock as (target, spare): `ai_move_seconds` as the target, and up to
    twice as much again to spend where the position is critical (`Limits.spare_time`), never
    past a fifth of what is left. The engine stops short of the target when its move is clear,
    so on average it spends about the target."""
    target = ai_move_seconds(remaining, increment, level_seconds)
    return target, max(0.0, min(2 * target, remaining / 5 - target))


def clock_tag(seconds: float) -> str:
    """A clock's time for a PDN tag (`[BlackClock "0:04:32.4"]`), in tenths that show the same
    face as `seconds` (`format_clock`): up from ten seconds, where the face rounds whole seconds
    up, down below, where it shows tenths cut. Rounded to the nearest tenth, 4:50.04 left (the
    face 4:51) was kept as 4:50.0 and a resumed game read a second less than when it was left."""
    scaled = max(0.0, seconds) * 10
    tenths = math.ceil(scaled) if seconds >= 10 else math.floor(scaled)
    hours, rest = divmod(tenths, 36000)
    minutes, rest = divmod(rest, 600)
    return f"{hours}:{minutes:02d}:{rest / 10:04.1f}"


def read_clock_tag(text: str) -> float:
    """Seconds from `h:mm:ss.s` (or `mm:ss`, or plain seconds); ValueError if it is not one."""
    parts = text.strip().split(":")
    if not 1 <= len(parts) <= 3 or not all(re.fullmatch(r"\d+(\.\d+)?", p) for p in parts):
        raise ValueError(f"clock time {text!r} is not h:mm:ss")
    seconds = 0.0
    for part in parts:
        seconds = seconds * 60 + float(part)
    return seconds
