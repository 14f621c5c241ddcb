"""The window's theme: the palette in use, and the widget styling, so the renderer and tests agree.

Two parts make a theme: the board and piece colours (a `Palette` from `checkers.palettes`, read
here as module attributes at draw time, so `use()` switches every drawing at once), and the widget
styling in
`checkers/gui/themes/<name>.json`, a pygame_gui theme file that `ui_theme()` loads with its font
sizes scaled to the window. Both are named by the same theme name.
"""

from __future__ import annotations

import json
from dataclasses import fields
from importlib import resources
from typing import Any

from checkers.palettes import (
    CONTRAST,
    CROWN_SIZE,
    DEFAULT_THEME,
    PALETTES,
    PIECE_RADIUS,
    THEMES,
    WOOD,
    Colour,
    Palette,
)

BLURRED_SIZES = {11: 12, 13: 12}
"""Sizes at which the bundled Noto Sans sets a space after a digit all but zero wide ("looking
14turns ahead", "Square 24is empty"), and the size used instead, in widgets and hand-drawn
text alike (`checkers.gui.fonts.font`)."""

__all__ = [
    "CONTRAST",
    "CROWN_SIZE",
    "DEFAULT_THEME",
    "MIN_TEXT",
    "PALETTES",
    "PIECE_RADIUS",
    "THEMES",
    "WOOD",
    "Colour",
    "Palette",
    "current",
    "text_size",
    "ui_theme",
    "use",
]

# The palette in use, as module attributes (see `use`); mypy sees their types here.
LIGHT_SQUARE: Colour = WOOD.LIGHT_SQUARE
DARK_SQUARE: Colour = WOOD.DARK_SQUARE
SQUARE_NUMBER: Colour = WOOD.SQUARE_NUMBER
BOARD_EDGE: Colour = WOOD.BOARD_EDGE
BLACK_PIECE: Colour = WOOD.BLACK_PIECE
BLACK_PIECE_RIM: Colour = WOOD.BLACK_PIECE_RIM
WHITE_PIECE: Colour = WOOD.WHITE_PIECE
WHITE_PIECE_RIM: Colour = WOOD.WHITE_PIECE_RIM
PIECE_SHADOW: Colour = WOOD.PIECE_SHADOW
LAST_MOVE: Colour = WOOD.LAST_MOVE
SELECTED: Colour = WOOD.SELECTED
DESTINATION: Colour = WOOD.DESTINATION
WAYPOINT: Colour = WOOD.WAYPOINT
MUST_CAPTURE: Colour = WOOD.MUST_CAPTURE
HINT: Colour = WOOD.HINT
REPLY_ARROW: Colour = WOOD.REPLY_ARROW
LINE_ARROWS: tuple[Colour, Colour, Colour] = WOOD.LINE_ARROWS
BACKGROUND: Colour = WOOD.BACKGROUND
PANEL: Colour = WOOD.PANEL
PANEL_LINE: Colour = WOOD.PANEL_LINE
TEXT: Colour = WOOD.TEXT
TEXT_DIM: Colour = WOOD.TEXT_DIM
TEXT_ACCENT: Colour = WOOD.TEXT_ACCENT
ERROR_TEXT: Colour = WOOD.ERROR_TEXT
TREE_MAX: Colour = WOOD.TREE_MAX
TREE_MIN: Colour = WOOD.TREE_MIN
TREE_MAX_EDGE: Colour = WOOD.TREE_MAX_EDGE
TREE_MIN_EDGE: Colour = WOOD.TREE_MIN_EDGE
TREE_EDGE: Colour = WOOD.TREE_EDGE
TREE_PV: Colour = WOOD.TREE_PV
TREE_PRUNED: Colour = WOOD.TREE_PRUNED
TREE_CUT: Colour = WOOD.TREE_CUT
TREE_GHOST: Colour = WOOD.TREE_GHOST
TREE_OPEN: Colour = WOOD.TREE_OPEN
REVIEW_INACCURACY: Colour = WOOD.REVIEW_INACCURACY
REVIEW_MISTAKE: Colour = WOOD.REVIEW_MISTAKE
REVIEW_BLUNDER: Colour = WOOD.REVIEW_BLUNDER
EVAL_BAR_BLACK: Colour = WOOD.EVAL_BAR_BLACK
EVAL_BAR_EDGE: Colour = WOOD.EVAL_BAR_EDGE
OVERLAY_SHADE = (12, 14, 18, 160)

_current = DEFAULT_THEME


def use(name: str) -> None:
    """Make `name`'s palette the one every drawing reads (an unknown name raises KeyError)."""
    global _current
    palette = PALETTES[name]
    for field in fields(palette):
        globals()[field.name] = getattr(palette, field.name)
    _current = name


def current() -> str:
    """The name of the theme in use."""
    return _current


MIN_TEXT = 12
"""The smallest text the window shows, in pixels, at every window size: 9 to 11 px at
720x480 did not read (the help's keys, the review's status). Widgets, the board's numbers and
every hand-drawn text keep to it; the layouts give it room."""


def text_size(size: int, scale: float) -> int:
    """A theme text size as the window shows it at `scale`: scaled, at least `MIN_TEXT`
    pixels, never one of `BLURRED_SIZES`. Everything that measures text for a widget uses it."""
    scaled = max(MIN_TEXT, round(size * scale))
    return BLURRED_SIZES.get(scaled, scaled)


def ui_theme(name: str, scale: float = 1.0) -> dict[str, Any]:
    """The pygame_gui theme `name` as a dict, every font size and list row multiplied by `scale`
    (the window's size decides it, so text grows with the window); no font gets a size of
    `BLURRED_SIZES`, nor less than its block's own `min_size` (long reading, as Why?'s)."""
    text = resources.files("checkers.gui.themes").joinpath(f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    for block in data.values():
        if not isinstance(block, dict):
            continue
        for group, key in (("font", "size"), ("misc", "list_item_height")):
            values = block.get(group)
            if isinstance(values, dict) and key in values:
                size = int(values[key])
                floor = int(values.pop("min_size", 0))
                values[key] = str(
                    max(floor, text_size(size, scale))
                    if group == "font"
                    else max(9, round(size * scale))
                )
    return data
