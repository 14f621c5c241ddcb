"""The board and piece colours of each theme, and the pieces' proportions: pure data.

The window (`checkers.gui.theme`), the command line's pictures (`checkers.picture`) and the HTML
review (`checkers.formats.html_review`) all read them from here, so a theme looks the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "CONTRAST",
    "CROWN_SIZE",
    "DEFAULT_THEME",
    "PALETTES",
    "PIECE_RADIUS",
    "THEMES",
    "WOOD",
    "Colour",
    "Palette",
]

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """Every colour the hand-drawn parts use (the board, pieces, highlights, panel text)."""

    LIGHT_SQUARE: Colour
    DARK_SQUARE: Colour
    SQUARE_NUMBER: Colour
    BOARD_EDGE: Colour
    # Black is painted red in the wood theme, as the tutorials do; the code still says BLACK.
    BLACK_PIECE: Colour
    BLACK_PIECE_RIM: Colour
    WHITE_PIECE: Colour
    WHITE_PIECE_RIM: Colour
    PIECE_SHADOW: Colour
    LAST_MOVE: Colour
    SELECTED: Colour
    DESTINATION: Colour
    WAYPOINT: Colour
    MUST_CAPTURE: Colour
    HINT: Colour
    # A line's replies on Why?'s small board: the other side's moves, apart from HINT's.
    REPLY_ARROW: Colour
    # A line's first three moves as numbered arrows (the analysis board's best line, a
    # picture's): three hues told apart, each light enough to stand out from the dark squares
    # (over 3:1 as drawn, at `picture.LINE_ALPHA`) inside the black rim that shows it on the
    # light ones. The walk read High contrast's third arrow, HINT faded to a third, as dark
    # teal on the dark green.
    LINE_ARROWS: tuple[Colour, Colour, Colour]
    BACKGROUND: Colour
    PANEL: Colour
    PANEL_LINE: Colour
    TEXT: Colour
    TEXT_DIM: Colour
    TEXT_ACCENT: Colour
    ERROR_TEXT: Colour
    # The search-tree view: MAX and MIN nodes, their outlines, edges, the principal variation,
    # pruned moves, the cut-off mark, nodes not reached yet while stepping, the open path.
    TREE_MAX: Colour
    TREE_MIN: Colour
    TREE_MAX_EDGE: Colour
    TREE_MIN_EDGE: Colour
    TREE_EDGE: Colour
    TREE_PV: Colour
    TREE_PRUNED: Colour
    TREE_CUT: Colour
    TREE_GHOST: Colour
    TREE_OPEN: Colour
    # The game review's marks (move list, graph): the Okabe-Ito blue, orange and red that chess
    # sites use, told apart by colour-blind eyes too; the symbols ?! ? ?? say it without colour.
    REVIEW_INACCURACY: Colour
    REVIEW_MISTAKE: Colour
    REVIEW_BLUNDER: Colour
    # The evaluation bar: Black's share of it, and the frame around its track (the empty bar
    # is the panel's colour), each standing out from what it borders.
    EVAL_BAR_BLACK: Colour
    EVAL_BAR_EDGE: Colour


WOOD = Palette(
    LIGHT_SQUARE=(238, 221, 187),
    DARK_SQUARE=(126, 92, 64),
    SQUARE_NUMBER=(214, 184, 150),
    BOARD_EDGE=(70, 48, 32),
    BLACK_PIECE=(196, 38, 46),
    BLACK_PIECE_RIM=(120, 14, 24),
    WHITE_PIECE=(244, 238, 222),
    WHITE_PIECE_RIM=(168, 156, 132),
    PIECE_SHADOW=(40, 26, 18),
    LAST_MOVE=(205, 170, 70),
    SELECTED=(60, 200, 250),
    DESTINATION=(70, 210, 120),
    WAYPOINT=(150, 230, 170),
    MUST_CAPTURE=(255, 140, 30),
    HINT=(120, 120, 255),
    REPLY_ARROW=(245, 150, 40),
    LINE_ARROWS=((205, 200, 255), (255, 200, 100), (140, 230, 150)),
    BACKGROUND=(34, 38, 46),
    PANEL=(44, 49, 59),
    PANEL_LINE=(70, 76, 90),
    TEXT=(232, 232, 236),
    TEXT_DIM=(160, 166, 180),
    TEXT_ACCENT=(250, 210, 110),
    ERROR_TEXT=(255, 130, 120),
    TREE_MAX=(242, 153, 52),
    TREE_MIN=(74, 163, 223),
    TREE_MAX_EDGE=(150, 90, 20),
    TREE_MIN_EDGE=(30, 90, 140),
    TREE_EDGE=(92, 100, 112),
    TREE_PV=(255, 214, 74),
    TREE_PRUNED=(125, 133, 144),
    TREE_CUT=(255, 99, 99),
    TREE_GHOST=(62, 68, 78),
    TREE_OPEN=(120, 220, 120),
    REVIEW_INACCURACY=(86, 180, 233),
    REVIEW_MISTAKE=(230, 159, 0),
    REVIEW_BLUNDER=(255, 96, 90),
    EVAL_BAR_BLACK=(196, 38, 46),  # the red of Black's pieces
    EVAL_BAR_EDGE=(70, 76, 90),
)

# High contrast: black and white squares' neighbours far apart in lightness, pure black and white
# pieces with strong rims, and saturated highlights that differ in hue and lightness.
CONTRAST = Palette(
    LIGHT_SQUARE=(255, 255, 255),
    DARK_SQUARE=(40, 110, 60),
    # White on the dark green: 6.2:1, past WCAG's 4.5:1 for small text (the pale green was 4:1).
    SQUARE_NUMBER=(255, 255, 255),
    BOARD_EDGE=(0, 0, 0),
    BLACK_PIECE=(20, 20, 20),
    BLACK_PIECE_RIM=(255, 215, 0),
    WHITE_PIECE=(255, 255, 255),
    WHITE_PIECE_RIM=(0, 0, 0),
    PIECE_SHADOW=(0, 0, 0),
    LAST_MOVE=(255, 200, 0),
    SELECTED=(0, 190, 255),
    DESTINATION=(255, 0, 200),
    WAYPOINT=(255, 120, 230),
    MUST_CAPTURE=(255, 60, 0),
    # Light enough inside the arrows' black rim (board_geometry.ARROW_EDGE) to read as blue.
    HINT=(40, 140, 255),
    REPLY_ARROW=(255, 150, 0),
    LINE_ARROWS=((130, 215, 255), (255, 200, 100), (140, 230, 150)),
    BACKGROUND=(0, 0, 0),
    PANEL=(16, 16, 16),
    PANEL_LINE=(120, 120, 120),
    TEXT=(255, 255, 255),
    TEXT_DIM=(215, 215, 215),
    TEXT_ACCENT=(255, 230, 0),
    ERROR_TEXT=(255, 110, 90),
    # On black: the shapes' fills differ in hue and lightness, outlines are white, the PV is
    # the theme's yellow, lines that matter are light, and nothing is dark grey on black.
    TREE_MAX=(255, 150, 0),
    TREE_MIN=(0, 170, 255),
    TREE_MAX_EDGE=(255, 255, 255),
    TREE_MIN_EDGE=(255, 255, 255),
    TREE_EDGE=(175, 175, 175),
    TREE_PV=(255, 230, 0),
    TREE_PRUNED=(200, 200, 200),
    TREE_CUT=(255, 80, 80),
    TREE_GHOST=(110, 110, 110),
    TREE_OPEN=(0, 255, 130),
    REVIEW_INACCURACY=(0, 200, 255),
    REVIEW_MISTAKE=(255, 170, 0),
    REVIEW_BLUNDER=(255, 80, 80),
    # Black's pieces' black was black on the black window: the bar looked empty under its
    # figure. A grey midway in lightness stands out from the empty track (4.2:1), the window
    # (4.6:1), White's white and the bar's white frame (4.5:1): WCAG asks 3:1 of shapes.
    EVAL_BAR_BLACK=(118, 118, 118),
    EVAL_BAR_EDGE=(255, 255, 255),
)

PALETTES: dict[str, Palette] = {"wood": WOOD, "contrast": CONTRAST}
THEMES: dict[str, str] = {"wood": "Wood (warm board)", "contrast": "High contrast"}
"""Theme names and how the settings dialog shows them."""
DEFAULT_THEME = "wood"

PIECE_RADIUS = 0.40
"""A piece's radius as a fraction of the square's side."""
CROWN_SIZE = 0.62
"""The crown's width as a fraction of the square's side."""
