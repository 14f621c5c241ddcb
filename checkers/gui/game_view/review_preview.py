"""The better line of a game review played on the board as a preview: its own positions, its
own animation, never the game's."""

from __future__ import annotations

from dataclasses import dataclass

from checkers.board import Move, Position
from checkers.gui.board_view.animation import Animation

__all__ = ["PREVIEW_PAUSE", "Preview"]

PREVIEW_PAUSE = 0.8
"""Seconds each position of the better line stays on the board before the next move."""


@dataclass
class Preview:
    """The better line being played on the board: from `start`, `shown` of its moves made."""

    start: Position
    line: tuple[Move, ...]
    ply: int
    """The ply of the move it replaces (the board starts at the position before it)."""
    shown: int = 0
    animation: Animation | None = None
    wait: float = PREVIEW_PAUSE
    playing: bool = True
    """Whether the line plays on by itself (a pause on each position), else the player steps."""

    def position(self) -> Position:
        """The position after the moves shown."""
        position = self.start
        for move in self.line[: self.shown]:
            position = position.move(move)
        return position

    def step(self, hop_seconds: float) -> None:
        """Show the next move, animated."""
        if self.shown < len(self.line):
            before = self.position()
            self.shown += 1
            self.animation = Animation(before, self.line[self.shown - 1], hop_seconds)
            self.wait = PREVIEW_PAUSE

    def back(self) -> None:
        """Take the last move shown back (no animation)."""
        self.shown = max(0, self.shown - 1)
        self.animation = None
        self.wait = PREVIEW_PAUSE

    def toggle_play(self, hop_seconds: float) -> None:
        """Play the rest of the line by itself (from its start again once it is at its end), or
        stop where it is."""
        if self.playing:
            self.playing = False
            return
        if self.shown >= len(self.line):
            self.shown = 0
        self.playing = True
        self.step(hop_seconds)

    def update(self, dt: float, hop_seconds: float) -> None:
        """Move the animation on; after a pause on each position, the next move."""
        if self.animation is not None:
            self.animation.elapsed += dt
            if not self.animation.done:
                return
            self.animation = None
        if not self.playing or self.shown >= len(self.line):
            return
        self.wait -= dt
        if self.wait <= 0:
            self.step(hop_seconds)

    def moving(self) -> bool:
        """Whether frames are needed (a piece moves, or the next move is due)."""
        return self.animation is not None or (self.playing and self.shown < len(self.line))
