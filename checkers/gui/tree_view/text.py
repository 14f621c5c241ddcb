"""The tree view's text: the window's one font at pixel sizes, rendered lines cached, wrapping.

Sizes here are pixels. `BODY` and `SMALL` are the view's two sizes outside the canvas; neither is
below 13 pixels, so the view reads at 1280x800 as the rest of the window does.
"""

from __future__ import annotations

import pygame

from checkers.gui import fonts

__all__ = ["BODY", "SMALL", "SMALL_BODY", "Colour", "Labels", "body_size"]

BODY = 15
"""The header's, the panel's and the messages' text."""
SMALL = 13
"""The legend's and the footer's text: the smallest on the view."""

Colour = tuple[int, int, int]


SMALL_BODY = 14
"""The body text's size in a small window, where every line counts: `SMALL` (13) is drawn at 12
(one of `BLURRED_SIZES`), about 11 px of letters at 720x480, too small for the header's
sentences (walk 2026-11-29d)."""


def body_size(view_width: int) -> int:
    """The body text's size in a view `view_width` wide: `SMALL_BODY` in a small window, else
    `BODY`."""
    return BODY if view_width >= 1000 else SMALL_BODY


class Labels:
    """Rendered lines by (text, size, colour), and the drawn texts of the last frame (for
    tests that read what a player sees)."""

    _LIMIT = 5000  # zooming makes new sizes; keep the cache bounded

    def __init__(self) -> None:
        self._lines: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self.drawn: list[tuple[str, int]] = []
        """Every text drawn since `start_frame` with its size, in order."""
        self.places: list[pygame.Rect] = []
        """Where each of `drawn` was drawn (in the view's own pixels)."""

    def start_frame(self) -> None:
        """Forget what the last frame drew."""
        self.drawn = []
        self.places = []

    @staticmethod
    def font(size: int) -> pygame.font.Font:
        """The window's font at `size` pixels."""
        return fonts.font(size)

    def line_height(self, size: int) -> int:
        """The distance from one line of `size` text to the next."""
        return self.font(size).get_linesize()

    def width(self, text: str, size: int) -> int:
        """How wide `text` is at `size`."""
        return self.font(size).size(text)[0]

    def render(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        """`text` rendered once and kept."""
        key = (text, size, (colour[0], colour[1], colour[2]))
        line = self._lines.get(key)
        if line is None:
            if len(self._lines) > self._LIMIT:
                self._lines.clear()
            line = self._lines[key] = self.font(size).render(text, True, key[2])
        return line

    def blit(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        anchor: str,
        pos: tuple[float, float],
    ) -> pygame.Rect:
        """Draw `text` with its `anchor` point (`topleft`, `midbottom`...) at `pos`."""
        line = self.render(text, size, colour)
        area = line.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surface.blit(line, area)
        self.drawn.append((text, size))
        self.places.append(area)
        return area

    def wrapped(self, text: str, size: int, width: int) -> list[str]:
        """`text` broken at spaces into lines of at most `width` pixels (a longer word stands
        alone on its line)."""
        font = self.font(size)
        lines: list[str] = []
        line = ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        return [*lines, line] if line else lines

    def packed(self, parts: list[str], size: int, width: int, gap: str = "   ") -> list[str]:
        """`parts` (each kept whole where it fits) joined by `gap` into lines of at most
        `width` pixels: a list of keys wraps between keys, not inside one."""
        lines: list[str] = []
        line = ""
        for part in parts:
            trial = f"{line}{gap}{part}" if line else part
            if line and self.width(trial, size) > width:
                lines.append(line)
                line = part
            else:
                line = trial
        if line:
            lines.append(line)
        # A part wider than the whole width is broken at its spaces.
        return [
            piece
            for line in lines
            for piece in (
                self.wrapped(line, size, width) if self.width(line, size) > width else [line]
            )
        ]

    def wrap(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        width: int,
        size: int,
        colour: Colour,
    ) -> int:
        """Draw `text` wrapped to `width` from `pos` down; returns the y below it."""
        x, y = pos
        for line in self.wrapped(text, size, width):
            self.blit(surface, line, size, colour, "topleft", (x, y))
            y += self.line_height(size)
        return y
