"""The game review's strip under the board in pixels: where its graph, table and buttons go,
and how a mark looks (colour and shape, readable without colour). checkers.gui.game_view.review
draws with it; what is shown is decided in checkers.gui.review_model."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from checkers.gui import theme
from checkers.review import Label

__all__ = ["StripParts", "draw_mark", "label_colour", "line_height", "strip_parts", "text_size"]

_LABEL_COLOURS = {
    Label.INACCURACY: "REVIEW_INACCURACY",
    Label.MISTAKE: "REVIEW_MISTAKE",
    Label.BLUNDER: "REVIEW_BLUNDER",
}


def label_colour(label: Label) -> tuple[int, int, int]:
    """The theme's colour for a marked label (the text colour for the others)."""
    name = _LABEL_COLOURS.get(label)
    colour: tuple[int, int, int] = getattr(theme, name) if name else theme.TEXT
    return colour


@dataclass(frozen=True)
class StripParts:
    """Where the strip's parts go: the graph's frame (exactly the board's columns), the per-side
    table and the row of buttons under it."""

    graph: pygame.Rect
    table: pygame.Rect
    buttons: pygame.Rect


def strip_parts(
    area: pygame.Rect, board: pygame.Rect, unit: int, line: int, table: int, buttons: int
) -> StripParts:
    """The strip's parts in `area`: the graph as wide as `board` and as tall as the rest leaves;
    the table (`table` pixels wide at least) and the buttons (`buttons`) centred under the
    board, as wide as it unless they need more, never wider than the strip."""
    gap = max(3, unit // 2)
    button_height = round(3 * unit)
    rest = area.height - 3 * line - button_height - 2 * gap
    graph = pygame.Rect(board.left, area.top, board.width, max(0, rest))

    def row(top: int, height: int, needed: int) -> pygame.Rect:
        rect = pygame.Rect(0, top, min(area.width, max(board.width, needed)), height)
        rect.centerx = board.centerx
        return rect.clamp(pygame.Rect(area.left, rect.top, area.width, rect.height))

    table_rect = row(graph.bottom + gap, 3 * line, table)
    return StripParts(graph, table_rect, row(table_rect.bottom + gap, button_height, buttons))


def text_size(unit: int) -> int:
    """The strip's text size (the renderer's units): small, as the panel's figures are."""
    return max(16, round(1.9 * unit))


def line_height(unit: int) -> int:
    """One line of the strip's text, with its spacing."""
    return round(text_size(unit) * 1.25)


def draw_mark(surface: pygame.Surface, label: Label, square: pygame.Rect) -> None:
    """A mark in its square, in the label's colour and shape (readable without colour): a
    circle for an inaccuracy, a diamond for a mistake, a square for a blunder."""
    colour = label_colour(label)
    if label is Label.INACCURACY:
        pygame.draw.ellipse(surface, colour, square)
    elif label is Label.MISTAKE:
        corners = [square.midtop, square.midright, square.midbottom, square.midleft]
        pygame.draw.polygon(surface, colour, corners)
    else:
        pygame.draw.rect(surface, colour, square)
