"""A position as a picture: one drawing description (a list of shapes) with two back ends.

Pure Python, no pygame: `board_picture` lays out the board as the window draws it (the theme's
colours from checkers.palettes, which is data and imports no pygame; the numbers of the empty
squares in their corners; crowned kings; a line's moves as numbered arrows, each in its colour) and a
caption line. `checkers.formats.svg` writes the shapes as SVG text and
`checkers.gui.picture_png` paints the same shapes with pygame, so the two never disagree.
`parse_arrows` reads `27-23,20x27` for the command line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from checkers.board import BLACK, SQUARES, InvalidMoveError, Move, Piece, Position
from checkers.board_geometry import (
    ARROW_EDGE,
    ArrowShape,
    BoardGeometry,
    Point,
    arrow_rim,
    arrow_shape,
    arrow_width,
    badge_radius,
    line_arrows,
)
from checkers.palettes import CROWN_SIZE, DEFAULT_THEME, PALETTES, PIECE_RADIUS, Palette

__all__ = [
    "DEFAULT_SIZE",
    "LINE_ALPHA",
    "MAX_ARROWS",
    "MAX_CAPTION",
    "MAX_SIZE",
    "MIN_SIZE",
    "Circle",
    "Group",
    "Picture",
    "Polygon",
    "Polyline",
    "Rect",
    "Shape",
    "Text",
    "board_picture",
    "caption_for",
    "parse_arrows",
    "position_line",
    "text_line",
]

Colour = tuple[int, int, int]

LINE_ALPHA = 225
"""How opaque a line's arrows are (the window's, render.LINE_ALPHA): each in its own light
colour (`Palette.LINE_ARROWS`), none faded, so each stands out from the dark squares (a third
arrow faded to a third of HINT read dark teal on High contrast's green); the numbers give the
order."""
HINT_ALPHA = 190
"""A single arrow's opacity: the window's hint arrow."""
MIN_NUMBER_PIXELS = 12
"""The smallest text in pixels, a square's number or an arrow's: the window's (theme.MIN_TEXT)."""

DEFAULT_SIZE = 480
MIN_SIZE = 120
MAX_SIZE = 2400
"""A picture's width in pixels: the default and the range the command line accepts."""

MAX_CAPTION = 200
"""The longest caption in characters: more than a line under the largest board holds (60,000
characters took 1.76 GB to paint as a PNG)."""
MAX_ARROWS = 32
"""The most arrows a picture draws (a longer line is shown by its start): each is painted on a
layer of its own, and 20,000 took a minute."""

# Characters a caption never keeps: the controls a terminal acts on and XML 1.0 forbids (even
# escaped), and the two halves of a surrogate pair, which are not characters at all.
_NOT_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")

# The crown of assets/crown.png (tools/make_assets.py), as shapes so an SVG prints it sharp.
GOLD = (236, 186, 48)
GOLD_LIGHT = (255, 226, 120)
GOLD_DARK = (140, 92, 12)
RUBY = (200, 30, 60)
SAPPHIRE = (40, 90, 210)
_CROWN_TIPS = ((0.12, 0.26), (0.31, 0.40), (0.50, 0.16), (0.69, 0.40), (0.88, 0.26))
_CROWN_VALLEYS = ((0.215, 0.52), (0.405, 0.50), (0.595, 0.50), (0.785, 0.52))

FONT_FAMILY = "'Noto Sans', 'DejaVu Sans', Arial, sans-serif"
"""The window's font first (pygame_gui's Noto Sans), then look-alikes a browser has."""


# --- the shapes -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rect:
    """A filled rectangle, its corners rounded by `radius`."""

    x: float
    y: float
    width: float
    height: float
    fill: Colour
    radius: float = 0.0
    name: str = ""
    """What it shows (`square`), written as the SVG element's class."""


@dataclass(frozen=True)
class Circle:
    """A disc (`fill`), a ring (`stroke` of `width`), or both."""

    cx: float
    cy: float
    r: float
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.0
    alpha: int = 255


@dataclass(frozen=True)
class Polygon:
    """A filled polygon, with an outline if `stroke` is given."""

    points: tuple[Point, ...]
    fill: Colour | None
    stroke: Colour | None = None
    width: float = 0.0


@dataclass(frozen=True)
class Polyline:
    """An open line of `width` through `points` (square ends; round bends are drawn as discs)."""

    points: tuple[Point, ...]
    stroke: Colour
    width: float


@dataclass(frozen=True)
class Text:
    """A line of text whose baseline starts (`anchor` start), is centred (middle) or ends (end)
    at (x, y); `size` is the font's size in pixels."""

    x: float
    y: float
    text: str
    size: float
    fill: Colour
    anchor: str = "start"
    bold: bool = False


@dataclass(frozen=True)
class Group:
    """Shapes drawn opaque on a layer that is then laid down with `alpha`, so overlaps inside
    the group do not show through each other (an arrow's shaft under its head)."""

    alpha: int
    shapes: tuple[Shape, ...]
    name: str = ""
    """What it shows (`piece black king`, `arrow`), written as the SVG element's class."""


Shape = Rect | Circle | Polygon | Polyline | Text | Group


@dataclass(frozen=True)
class Picture:
    """A drawing: its size in pixels, what is drawn first to last, and a title for the file."""

    width: int
    height: int
    shapes: tuple[Shape, ...]
    title: str = ""
    board: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """(left, top, cell) of the board in the picture, for tests and for laying a page out."""


# --- reading the command line's arrows --------------------------------------------------------


def parse_arrows(text: str, position: Position) -> tuple[Move, ...]:
    """The moves of `27-23,20x27`: each read as a legal move of the line played so far from
    `position` where it is one (so `5x30` finds its path), else by its squares alone (an arrow
    may show an idea that is not legal here). InvalidMoveError, one line, for anything else."""
    parts = text.split(",", MAX_ARROWS)
    if len(parts) > MAX_ARROWS:
        raise InvalidMoveError(f"more than {MAX_ARROWS} arrows: a picture draws at most that many")
    moves: list[Move] = []
    line: Position | None = position
    for part in parts:
        item = part.strip()
        if not item:
            raise InvalidMoveError(f"empty arrow in {text.strip()!r}")
        move: Move | None = None
        if line is not None:
            try:
                move = Move.from_pdn(item, line)
            except ValueError:
                move = None
        if move is None:
            try:
                move = Move.from_pdn(item)
            except ValueError as error:
                raise InvalidMoveError(f"arrow {item!r}: {error}") from None
            line = None  # off the legal line: the later arrows are read by their squares
        else:
            line = line.move(move) if line is not None else None
        moves.append(move)
    return tuple(moves)


def position_line(position: Position) -> str:
    """Whose move it is, as the window's panel says it (`Black to move`)."""
    return f"{position.turn.name.capitalize()} to move"


def text_line(text: str) -> str:
    """`text` as a picture shows it: control characters (which XML 1.0 forbids even escaped)
    and lone surrogates made spaces."""
    return _NOT_TEXT.sub(" ", text)


def caption_for(position: Position, caption: str | None) -> str:
    """The caption line: the one given (control characters made spaces, cut to MAX_CAPTION
    characters), else whose move it is."""
    if caption is None:
        return position_line(position)
    words = text_line(caption)
    return words if len(words) <= MAX_CAPTION else words[: MAX_CAPTION - 1] + "\u2026"


# --- the layout -------------------------------------------------------------------------------


def board_picture(
    position: Position,
    *,
    size: int = DEFAULT_SIZE,
    theme: str = DEFAULT_THEME,
    arrows: Sequence[Move] = (),
    hint: Move | None = None,
    flipped: bool = False,
    caption: str | None = None,
    last_move: Move | None = None,
    numbers: bool = True,
    background: bool = True,
    replies: bool = False,
) -> Picture:
    """The board of `position` as the window draws it, `size` pixels wide: the theme's
    colours, the last move lit, the empty squares' numbers, the hint (its square outlined, its
    arrow), the pieces, the `arrows` of a line (numbered from its first move, each in its
    colour of the theme's `LINE_ARROWS`). Below
    it the caption line
    (None: whose move it is; "": no caption line). Without `background` the margin is left
    clear (a diagram on a page). With `replies` the line's moves are HINT's colour and its
    replies (its second arrow, its fourth) the other side's, so each side's moves read apart. KeyError if `theme`
    is not a theme's name."""
    palette = PALETTES[theme]
    size = max(MIN_SIZE, min(MAX_SIZE, int(size)))
    cell = int(size // 8.6)  # the board and its frame, with room around
    board_size = cell * 8
    left = (size - board_size) // 2
    top = left
    words = caption_for(position, caption)
    arrows = arrows[:MAX_ARROWS]  # a longer line shown by its start: each arrow is a layer
    caption_size = max(11.0, cell * 0.34)
    height = top + board_size + (round(caption_size * 2.2) if words else left)
    geometry = BoardGeometry(left, top, cell, flipped)
    shapes: list[Shape] = []
    if background:
        shapes.append(Rect(0, 0, size, height, palette.BACKGROUND))
    edge = cell // 10  # the window's frame: the board inflated by a fifth of a square
    shapes.append(
        Rect(
            left - edge,
            top - edge,
            board_size + 2 * edge,
            board_size + 2 * edge,
            palette.BOARD_EDGE,
            radius=max(2, cell // 16),
        )
    )
    shapes.append(Rect(left, top, board_size, board_size, palette.LIGHT_SQUARE))
    lit = set(last_move.path) if last_move is not None else set()
    for square in SQUARES:
        x, y, w, h = geometry.square_rect(square)
        colour = palette.LAST_MOVE if square in lit else palette.DARK_SQUARE
        shapes.append(Rect(x, y, w, h, colour, name="square"))
    pieces = position.piece_map()
    if numbers:
        # As the window: an arrow's squares lose their number (its head or shaft covers it).
        arrowed = {square for move in (hint, *arrows) if move for square in move.path}
        shapes += _square_numbers(geometry, palette, set(pieces) | arrowed, lit)
    if hint is not None:
        shapes += _outline(geometry.square_rect(hint.start), max(2, cell // 16), palette.HINT)
    for square, piece in sorted(pieces.items()):
        shapes += _piece(palette, piece, geometry.square_center(square), cell)
    if hint is not None:
        points = [geometry.square_center(square) for square in hint.path]
        shapes += _arrow(palette, arrow_shape(points, cell), cell, HINT_ALPHA, "")
    shapes += _arrows(palette, geometry, arrows, replies)
    if words:
        shapes.append(
            Text(
                size / 2,
                top + board_size + edge + caption_size * 1.35,
                words,
                caption_size,
                palette.TEXT,
                anchor="middle",
            )
        )
    title = f"{position.fen()}" + (f" - {words}" if words else "")
    return Picture(size, height, tuple(shapes), title, (float(left), float(top), float(cell)))


def _square_numbers(
    geometry: BoardGeometry, palette: Palette, occupied: set[int], lit: set[int]
) -> list[Shape]:
    """The numbers of the empty squares in their top-left corners, as the window's renderer
    puts them (a number never covers a piece; on a lit square in the dark square's colour)."""
    cell = geometry.cell
    pixels = max(MIN_NUMBER_PIXELS, round(cell * 0.2))
    # Noto Sans's ascent is 1.07 of its size: the window places the text's top, we its baseline.
    drop = cell * 0.04 + pixels * 1.07
    shapes: list[Shape] = []
    for square in SQUARES:
        if square in occupied:
            continue
        x, y = geometry.square_rect(square)[:2]
        colour = palette.DARK_SQUARE if square in lit else palette.SQUARE_NUMBER
        shapes.append(Text(x + cell * 0.06, y + drop, str(square), pixels, colour))
    return shapes


def _piece(palette: Palette, piece: Piece, centre: Point, cell: int) -> list[Shape]:
    """A piece as the window's sprite: a shadow, a rim drawn lower (its thickness), the face,
    a ring on it, and a king's crown."""
    body, rim = (
        (palette.BLACK_PIECE, palette.BLACK_PIECE_RIM)
        if piece.side is BLACK
        else (palette.WHITE_PIECE, palette.WHITE_PIECE_RIM)
    )
    cx, cy = centre
    radius = PIECE_RADIUS * cell
    shapes: list[Shape] = [
        Circle(cx, cy + cell * 0.05, radius, fill=palette.PIECE_SHADOW, alpha=110),
        Circle(cx, cy + cell * 0.035, radius, fill=rim),
        Circle(cx, cy, radius, fill=body),
        Circle(cx, cy, radius * 0.74, stroke=rim, width=max(1.0, cell * 0.018)),
    ]
    if piece.king:
        shapes += _crown(cx, cy - cell * 0.02, cell * CROWN_SIZE)
    kind = f"piece {piece.side.name.lower()} {'king' if piece.king else 'man'}"
    return [Group(255, tuple(shapes), kind)]


def _crown(cx: float, cy: float, size: float) -> list[Shape]:
    """The crown of assets/crown.png centred at (cx, cy), `size` wide: five points above a
    band, gold with a dark outline, balls on three tips and three jewels on the band."""
    left, top = cx - size / 2, cy - size / 2

    def at(fx: float, fy: float) -> Point:
        return (left + fx * size, top + fy * size)

    outline = [at(0.12, 0.80), at(0.12, 0.62)]
    for index, tip in enumerate(_CROWN_TIPS):
        outline.append(at(*tip))
        if index < len(_CROWN_VALLEYS):
            outline.append(at(*_CROWN_VALLEYS[index]))
    outline += [at(0.88, 0.62), at(0.88, 0.80)]
    sheen = tuple((x, y + 0.05 * size) for x, y in outline[2:-2])
    shapes: list[Shape] = [
        Polygon(tuple(outline), GOLD),
        Polyline(sheen, GOLD_LIGHT, max(0.5, size / 30)),
        Polyline((at(0.12, 0.645), at(0.88, 0.645)), GOLD_LIGHT, max(0.5, size / 60)),
        Polygon(tuple(outline), None, GOLD_DARK, max(0.5, size / 28)),
    ]
    for fx, fy in (_CROWN_TIPS[0], _CROWN_TIPS[2], _CROWN_TIPS[4]):
        x, y = at(fx, fy)
        shapes.append(Circle(x, y, 0.055 * size, GOLD_LIGHT, GOLD_DARK, max(0.5, size / 40)))
    for fx, colour in ((0.30, SAPPHIRE), (0.50, RUBY), (0.70, SAPPHIRE)):
        x, y = at(fx, 0.71)
        shapes.append(Circle(x, y, 0.05 * size, colour))
        shapes.append(Circle(x - 0.015 * size, y - 0.015 * size, 0.014 * size, (255, 255, 255)))
    return shapes


def _outline(rect: tuple[int, int, int, int], width: int, colour: Colour) -> list[Shape]:
    """A square's outline inside its edge, as pygame draws a rectangle of `width`: four strips,
    which both back ends fill alike."""
    x, y, w, h = rect
    return [
        Rect(x, y, w, width, colour),
        Rect(x, y + h - width, w, width, colour),
        Rect(x, y, width, h, colour),
        Rect(x + w - width, y, width, h, colour),
    ]


def _arrows(
    palette: Palette, geometry: BoardGeometry, arrows: Sequence[Move], replies: bool = False
) -> list[Shape]:
    """A line's arrows as the window draws them (board_geometry.line_arrows): numbered, each
    in its colour of `Palette.LINE_ARROWS`, the later ones drawn first so the move to play now
    lies over its replies; an arrow along a diagonal an earlier one already uses is drawn
    aside, one sharing a square with another stops short of its centre. With `replies` the
    two sides' arrows are HINT's and REPLY_ARROW's colours (the second, the fourth)."""
    shapes: list[Shape] = []
    laid = line_arrows(geometry, arrows)
    for index in reversed(range(len(laid))):
        if replies:
            colour = palette.REPLY_ARROW if index % 2 else palette.HINT
        else:
            colour = palette.LINE_ARROWS[min(index, len(palette.LINE_ARROWS) - 1)]
        shapes += _arrow(palette, laid[index], geometry.cell, LINE_ALPHA, str(index + 1), colour)
    return shapes


def _arrow(
    palette: Palette,
    shape: ArrowShape,
    cell: int,
    alpha: int,
    label: str,
    colour: Colour | None = None,
) -> list[Shape]:
    """One arrow (render.Renderer.arrow's shapes): a shaft that stops where the head begins so
    the tip stays sharp, round bends and tail, the head, a label in a disc at its badge."""
    width = arrow_width(cell)
    rim = arrow_rim(cell)
    # An opaque black rim under the shaft and the head (not the tail, over the moving piece):
    # black has 3:1 against the light and the dark squares of both themes, where no fill has
    # it against both (the walk of 2026-11-29: blue arrows vanished on the dark green).
    edge: list[Shape] = [
        Polyline(shape.shaft, ARROW_EDGE, width + 2 * rim),
        *(Circle(x, y, width / 2 + rim, ARROW_EDGE) for x, y in shape.shaft[1:-1]),
        Polygon(shape.head, ARROW_EDGE, ARROW_EDGE, 2 * rim),
    ]
    fill = palette.HINT if colour is None else colour
    parts: list[Shape] = [Polyline(shape.shaft, fill, width)]
    parts += [Circle(x, y, width / 2, fill) for x, y in shape.shaft[1:-1]]
    parts.append(Circle(shape.points[0][0], shape.points[0][1], width * 0.9, fill))
    parts.append(Polygon(shape.head, fill))
    shapes: list[Shape] = [
        Group(255, tuple(edge), "arrow rim"),
        Group(alpha, tuple(parts), "arrow"),
    ]
    if label:
        radius = badge_radius(cell)
        x, y = shape.badge
        # The window's size for it, in Noto Sans pixels (render.Renderer.arrow).
        text_size = max(MIN_NUMBER_PIXELS, round(radius * 1.5 * 0.72))
        # A reply's light orange disc takes a dark number (the panel's light text on it was
        # hard to read).
        ink = palette.TEXT if fill == palette.HINT else ARROW_EDGE
        shapes += [
            Circle(x, y, radius, fill, ink, max(1, radius // 6)),
            Text(x, y + text_size * 0.36, label, text_size, ink, anchor="middle"),
        ]
    return shapes
