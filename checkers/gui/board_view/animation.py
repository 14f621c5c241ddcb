"""A move shown hop by hop: which hop is under way and which captured pieces are gone (no
drawing here: `checkers.gui.board_view.render.animation_view` draws it)."""

from __future__ import annotations

from dataclasses import dataclass

from checkers.board import Move, Position

__all__ = ["HOP_SECONDS", "Animation"]

HOP_SECONDS = 0.16
"""How long one step or jump takes on screen."""


@dataclass
class Animation:
    """A move being replayed hop by hop from the position before it."""

    before: Position
    move: Move
    hop_seconds: float = HOP_SECONDS
    elapsed: float = 0.0

    @property
    def duration(self) -> float:
        """Seconds the whole move takes."""
        return self.hop_seconds * (len(self.move.path) - 1)

    @property
    def done(self) -> bool:
        """Whether the piece has arrived."""
        return self.elapsed >= self.duration

    def hop(self) -> tuple[int, int, float]:
        """The hop under way as (from square, to square, fraction done)."""
        hops = len(self.move.path) - 1
        if self.hop_seconds <= 0 or self.done:
            return self.move.path[-2], self.move.path[-1], 1.0
        index = min(int(self.elapsed / self.hop_seconds), hops - 1)
        fraction = self.elapsed / self.hop_seconds - index
        return self.move.path[index], self.move.path[index + 1], min(fraction, 1.0)

    def vanished(self) -> frozenset[int]:
        """Captured squares the piece has already jumped over (past the middle of their hop)."""
        if not self.move.captures:
            return frozenset()
        if self.hop_seconds <= 0:
            return frozenset(self.move.captures)
        jumped = int(self.elapsed / self.hop_seconds + 0.5)
        return frozenset(self.move.captures[:jumped])
