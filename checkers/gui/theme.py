"""Colours and proportions of the desktop game, in one place so the renderer and tests agree."""

from __future__ import annotations

Colour = tuple[int, int, int]

LIGHT_SQUARE: Colour = (238, 221, 187)
DARK_SQUARE: Colour = (126, 92, 64)
SQUARE_NUMBER: Colour = (168, 136, 106)
BOARD_EDGE: Colour = (70, 48, 32)

# Black is painted red, as the tutorials do; the code still says BLACK.
BLACK_PIECE: Colour = (196, 38, 46)
BLACK_PIECE_RIM: Colour = (120, 14, 24)
WHITE_PIECE: Colour = (244, 238, 222)
WHITE_PIECE_RIM: Colour = (168, 156, 132)
PIECE_SHADOW: Colour = (40, 26, 18)

LAST_MOVE: Colour = (205, 170, 70)
SELECTED: Colour = (60, 200, 250)
DESTINATION: Colour = (70, 210, 120)
WAYPOINT: Colour = (150, 230, 170)
MUST_CAPTURE: Colour = (255, 140, 30)
HINT: Colour = (120, 120, 255)

BACKGROUND: Colour = (34, 38, 46)
PANEL: Colour = (44, 49, 59)
PANEL_LINE: Colour = (70, 76, 90)
TEXT: Colour = (232, 232, 236)
TEXT_DIM: Colour = (160, 166, 180)
TEXT_ACCENT: Colour = (250, 210, 110)
ERROR_TEXT: Colour = (255, 130, 120)
BUTTON: Colour = (66, 74, 90)
BUTTON_HOVER: Colour = (86, 96, 116)
BUTTON_ACTIVE: Colour = (60, 120, 170)
BUTTON_DISABLED: Colour = (52, 56, 66)
OVERLAY_SHADE = (12, 14, 18, 160)

PIECE_RADIUS = 0.40
"""A piece's radius as a fraction of the square's side."""
CROWN_SIZE = 0.62
"""The crown's width as a fraction of the square's side."""
