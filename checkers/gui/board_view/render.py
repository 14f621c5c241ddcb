"""Drawing: the board from a position plus a small view state, text, cards and the side panel.

The renderer only reads. Piece sprites and the empty board are drawn once per size and cached,
so a frame is a handful of blits.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from checkers.board import BLACK, SQUARES, Move, Piece, Position
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
from checkers.gui import theme
from checkers.gui.board_view.animation import Animation
from checkers.gui.board_view.assets import Assets
from checkers.gui.fonts import MIN_LAYOUT_SIZE, SIZE_FACTOR, layout_font
from checkers.gui.theme import Colour

__all__ = [
    "LINE_ALPHA",
    "MIN_NUMBER_PIXELS",
    "SUPERSAMPLE",
    "BoardView",
    "Renderer",
    "Text",
    "animation_view",
    "number_pixels",
]

LINE_ALPHA = 225
"""How opaque a line's arrows are, each in its own light colour (`theme.LINE_ARROWS`), none
faded: a third arrow faded to a third of HINT read dark on High contrast's green. The numbers
give the order (`picture.LINE_ALPHA`)."""

SUPERSAMPLE = 4
"""Sprites are drawn this many times larger and scaled down: pygame's circles are not smooth."""

MIN_NUMBER_PIXELS = theme.MIN_TEXT
"""The smallest square number, in pixels of text: the window's smallest text."""


def number_pixels(cell: int) -> int:
    """The size of a square's number on a board of `cell`-pixel squares: a fifth of the square,
    never under `MIN_NUMBER_PIXELS`."""
    return max(MIN_NUMBER_PIXELS, round(cell * 0.2))


class Text:
    """The window's font at any size, and a cache of rendered lines."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._lines: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}

    def font(self, size: int) -> pygame.font.Font:
        """The window's one font (checkers.gui.fonts) at `size` (pygame's default font's units)."""
        size = max(8, int(size))
        font = self._fonts.get(size)
        if font is None:
            font = self._fonts[size] = layout_font(size)
        return font

    def clear(self) -> None:
        """Forget the rendered lines (their colours belong to the theme that was in use)."""
        self._lines.clear()

    def forget_fonts(self) -> None:
        """Drop the fonts and the lines (pygame's font module is about to quit)."""
        self._fonts.clear()
        self._lines.clear()

    def render(self, text: str, size: int, colour: Sequence[int]) -> pygame.Surface:
        """A rendered line, cached (the panel redraws the same lines every frame)."""
        key = (text, int(size), (colour[0], colour[1], colour[2]))
        line = self._lines.get(key)
        if line is None:
            if len(self._lines) > 2000:
                self._lines.clear()
            line = self._lines[key] = self.font(size).render(text, True, key[2])
        return line

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Sequence[int],
        position: Point,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        """Draw a line with one corner or edge (`anchor`, a Rect attribute) at `position`."""
        line = self.render(text, size, colour)
        rect = line.get_rect(**{anchor: (round(position[0]), round(position[1]))})
        surface.blit(line, rect)
        return rect

    def fit(self, text: str, size: int, width: int) -> str:
        """`text`, cut with '...' so it is at most `width` pixels wide."""
        font = self.font(size)
        if font.size(text)[0] <= width:
            return text
        while text and font.size(text + "...")[0] > width:
            text = text[:-1]
        return text + "..."

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """`text` broken into lines at most `width` pixels wide."""
        font = self.font(size)
        lines: list[str] = []
        line = ""
        for word in text.split():
            candidate = f"{line} {word}".strip()
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return lines


@dataclass(frozen=True)
class BoardView:
    """What the board shows besides the position: selection, highlights, a piece in flight."""

    position: Position
    last_move: Move | None = None
    selected: int | None = None
    destinations: frozenset[int] = frozenset()
    waypoints: frozenset[int] = frozenset()
    clicked: tuple[int, ...] = ()
    must_capture: frozenset[int] = frozenset()
    flash: frozenset[int] = frozenset()
    """Pieces lit up to answer an illegal click (the ones that must capture), this frame."""
    hint: Move | None = None
    arrows: tuple[Move, ...] = ()
    """The first moves of a line (the analysis board's best), numbered arrows in its colours."""
    hidden: frozenset[int] = frozenset()
    """Squares whose piece is not drawn in place (it is moving, or was just captured)."""
    floating: tuple[Piece, Point] | None = None
    """A piece drawn at a pixel: the one being animated or dragged."""


def animation_view(animation: Animation, geometry: BoardGeometry) -> BoardView:
    """The board while `animation` plays: the piece between the squares of its hop, the pieces
    it has jumped gone, the move marked."""
    start, end, fraction = animation.hop()
    piece = animation.before.piece_at(animation.move.start)
    floating = (piece, geometry.between(start, end, fraction)) if piece else None
    return BoardView(
        animation.before,
        last_move=animation.move,
        hidden=frozenset({animation.move.start}) | animation.vanished(),
        floating=floating,
    )


class Renderer:
    """Draws boards, pieces, cards and panels onto any surface; never changes the game."""

    def __init__(self, assets: Assets, text: Text | None = None) -> None:
        self.assets = assets
        self.text = text or Text()
        self._sprites: dict[tuple[Piece, int], pygame.Surface] = {}
        self._boards: dict[tuple[int, bool], pygame.Surface] = {}
        self.show_numbers = True
        """Whether empty dark squares show their numbers (a setting)."""

    def clear(self) -> None:
        """Forget every cached drawing: the theme changed."""
        self._sprites.clear()
        self._boards.clear()
        self.text.clear()

    # --- the board ---------------------------------------------------------------------------

    def _empty_board(self, cell: int, flipped: bool) -> pygame.Surface:
        """The squares, drawn once per size and orientation (their numbers go on at each draw:
        only the empty ones show theirs)."""
        key = (cell, flipped)
        board = self._boards.get(key)
        if board is None:
            if len(self._boards) > 8:
                self._boards.clear()
            board = pygame.Surface((cell * 8, cell * 8))
            board.fill(theme.LIGHT_SQUARE)
            geometry = BoardGeometry(0, 0, cell, flipped)
            for square in SQUARES:
                board.fill(theme.DARK_SQUARE, geometry.square_rect(square))
            self._boards[key] = board
        return board

    def _square_number(
        self,
        surface: pygame.Surface,
        geometry: BoardGeometry,
        square: int,
        lit: bool = False,
    ) -> None:
        """A square's number in its top-left corner (only empty squares get one: a number never
        covers a piece). On a `lit` square (the last move's) it is drawn in the dark square's
        colour."""
        cell = geometry.cell
        left, top = geometry.square_rect(square)[:2]
        colour = theme.DARK_SQUARE if lit else theme.SQUARE_NUMBER
        line = self.text.render(str(square), math.ceil(number_pixels(cell) / SIZE_FACTOR), colour)
        surface.blit(line, (round(left + cell * 0.06), round(top + cell * 0.04)))

    def sprite(self, piece: Piece, cell: int) -> pygame.Surface:
        """A piece (with its crown if a king) on a transparent cell-sized surface."""
        key = (piece, cell)
        sprite = self._sprites.get(key)
        if sprite is not None:
            return sprite
        if len(self._sprites) > 32:
            self._sprites.clear()
        big = cell * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        body, rim = (
            (theme.BLACK_PIECE, theme.BLACK_PIECE_RIM)
            if piece.side is BLACK
            else (theme.WHITE_PIECE, theme.WHITE_PIECE_RIM)
        )
        radius = theme.PIECE_RADIUS * big
        centre = (big / 2, big / 2)
        # The rim drawn lower than the face reads as the piece's thickness.
        pygame.draw.circle(
            canvas, (*theme.PIECE_SHADOW, 110), (centre[0], centre[1] + big * 0.05), radius
        )
        pygame.draw.circle(canvas, rim, (centre[0], centre[1] + big * 0.035), radius)
        pygame.draw.circle(canvas, body, centre, radius)
        pygame.draw.circle(canvas, rim, centre, radius * 0.74, max(1, int(big * 0.018)))
        sprite = pygame.transform.smoothscale(canvas, (cell, cell))
        if piece.king:
            width = int(cell * theme.CROWN_SIZE)
            crown = self.assets.scaled("crown.png", width, width)
            sprite.blit(crown, crown.get_rect(center=(cell / 2, cell / 2 - cell * 0.02)))
        self._sprites[key] = sprite
        return sprite

    def board(self, surface: pygame.Surface, geometry: BoardGeometry, view: BoardView) -> None:
        """Draw the board, highlights and pieces of `view` at `geometry`."""
        cell = geometry.cell
        frame = pygame.Rect(geometry.left, geometry.top, geometry.size, geometry.size)
        pygame.draw.rect(
            surface,
            theme.BOARD_EDGE,
            frame.inflate(cell // 5, cell // 5),
            border_radius=max(2, cell // 16),
        )
        surface.blit(self._empty_board(cell, geometry.flipped), frame)

        lit = view.last_move.path if view.last_move is not None else ()
        for square in lit:
            surface.fill(theme.LAST_MOVE, geometry.square_rect(square))
        if self.show_numbers:
            # An arrow's squares lose their number: the arrow's head or shaft would cover it.
            arrowed = {s for move in (view.hint, *view.arrows) if move for s in move.path}
            occupied = view.position.piece_map().keys() - view.hidden
            for square in SQUARES:
                if square not in occupied and square not in arrowed:
                    self._square_number(surface, geometry, square, lit=square in lit)
        if view.hint is not None:
            for square in view.hint.path[:1]:
                pygame.draw.rect(
                    surface, theme.HINT, geometry.square_rect(square), max(2, cell // 16)
                )

        for square, piece in view.position.piece_map().items():
            if square not in view.hidden:
                self.draw_piece(surface, piece, geometry.square_center(square), cell)

        ring = max(2, cell // 18)
        radius = theme.PIECE_RADIUS * cell + ring
        for square in view.must_capture:
            if square != view.selected:
                pygame.draw.circle(
                    surface, theme.MUST_CAPTURE, geometry.square_center(square), radius, ring
                )
        for square in view.flash:
            centre = geometry.square_center(square)
            pygame.draw.circle(surface, theme.MUST_CAPTURE, centre, radius + ring, 2 * ring)
        if view.selected is not None:
            pygame.draw.circle(
                surface, theme.SELECTED, geometry.square_center(view.selected), radius, ring + 1
            )
        for square in view.waypoints:
            pygame.draw.circle(surface, theme.WAYPOINT, geometry.square_center(square), cell * 0.09)
        for square in view.clicked:
            pygame.draw.circle(surface, theme.SELECTED, geometry.square_center(square), cell * 0.11)
        for square in view.destinations:
            pygame.draw.circle(
                surface, theme.DESTINATION, geometry.square_center(square), cell * 0.14
            )
        if view.hint is not None:
            points = [geometry.square_center(s) for s in view.hint.path]
            self.arrow(surface, arrow_shape(points, cell), cell)
        # The later moves first, so the move to play now is drawn over its replies; an arrow
        # along a diagonal an earlier one already uses moves aside, so both stay readable, and
        # a number moves off its tail where a head ends there (board_geometry.line_arrows).
        shapes = line_arrows(geometry, view.arrows)
        colours = theme.LINE_ARROWS
        for index in reversed(range(len(shapes))):
            colour = colours[min(index, len(colours) - 1)]
            self.arrow(surface, shapes[index], cell, LINE_ALPHA, str(index + 1), colour)
        if view.floating is not None:
            piece, point = view.floating
            self.draw_piece(surface, piece, point, cell, lifted=True)

    def arrow(
        self,
        surface: pygame.Surface,
        shape: ArrowShape,
        cell: int,
        alpha: int = 190,
        label: str = "",
        colour: Colour | None = None,
    ) -> None:
        """A translucent arrow (`shape`, a move's squares), its head on the last, in `colour`
        (HINT's by default): the hint, over the pieces so the move reads at a glance; `label`
        in a disc at `shape.badge` (the move's place in a line), of the arrow's colour."""
        fill = theme.HINT if colour is None else colour
        width = arrow_width(cell)
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        # An opaque edge first, then the translucent fill over all of it but the rim: the edge
        # shows the arrow on light and dark squares alike (ARROW_EDGE), however faint the fill
        # of a later move in a line is; on the same layer the fill replaces, never blends.
        rim = arrow_rim(cell)
        for paint, grow in (((*ARROW_EDGE, 255), rim), ((*fill, alpha), 0)):
            for start, end in itertools.pairwise(shape.shaft):
                pygame.draw.line(layer, paint, start, end, width + 2 * grow)
            for point in shape.shaft[1:-1]:
                pygame.draw.circle(layer, paint, point, width / 2 + grow)  # round the bends
            pygame.draw.circle(layer, paint, shape.points[0], width * 0.9 + grow)
            if grow:
                pygame.draw.polygon(layer, paint, shape.head, 2 * grow)
            pygame.draw.polygon(layer, paint, shape.head)
        surface.blit(layer, (0, 0))
        if label:
            # The disc holds a digit of at least the window's smallest text; a light disc (a
            # line's colours) takes a black number and ring, as the pictures' do.
            radius = badge_radius(cell)
            ink = theme.TEXT if fill == theme.HINT else ARROW_EDGE
            pygame.draw.circle(surface, fill, shape.badge, radius)
            pygame.draw.circle(surface, ink, shape.badge, radius, max(1, radius // 6))
            size = max(MIN_LAYOUT_SIZE, round(radius * 1.5))
            self.text.draw(surface, label, size, ink, shape.badge, "center")

    def eval_bar(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        black_share: float | None,
        label: str,
        flipped: bool,
        thinking: bool = False,
    ) -> None:
        """The evaluation bar: Black's share of it from Black's end of the board (`flipped`:
        Black's end is at the bottom; without a score no fill, a line at even), and `label` (a
        short figure) across the bar at the end of the side that leads; `thinking`: the figure's
        search still deepens, said by dots under it (the panel says how deep)."""
        pygame.draw.rect(surface, theme.EVAL_BAR_EDGE, rect.inflate(4, 4), border_radius=4)
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=3)
        if black_share is not None:
            black_height = round(rect.height * black_share)
            black = pygame.Rect(rect.left, rect.top, rect.width, black_height)
            white = pygame.Rect(
                rect.left, rect.top + black_height, rect.width, rect.height - black_height
            )
            if flipped:  # Black's end of the board is at the bottom
                white.top, black.top = rect.top, rect.top + rect.height - black_height
            surface.fill(theme.WHITE_PIECE, white)
            surface.fill(theme.EVAL_BAR_BLACK, black)
        if black_share is None:  # nothing judged yet: a neutral bar, a line at even
            middle = rect.centery
            pygame.draw.line(surface, theme.PANEL_LINE, (rect.left, middle), (rect.right, middle))
        if not label:
            return
        # The figure reads across the bar at the leading side's end (in the middle when even),
        # never under the window's smallest text: in a narrow bar its box overhangs the bar.
        size = max(MIN_LAYOUT_SIZE, rect.width // 2)
        line = self.text.render(label, size, theme.TEXT)
        while line.get_width() > rect.width - 4 and size > MIN_LAYOUT_SIZE:
            size -= 1
            line = self.text.render(label, size, theme.TEXT)
        if line.get_width() > rect.width - 4:
            # Still wider than the bar at the smallest text (`even` at 720x480): read along
            # the bar, as its waiting words are, never overhanging it.
            line = pygame.transform.rotate(line, 90)
        black_leads = black_share is not None and black_share > 0.5
        white_leads = black_share is not None and black_share < 0.5
        at_bottom = (black_leads and flipped) or (white_leads and not flipped)
        box = line.get_rect(centerx=rect.centerx).inflate(4, 6)
        box.width = max(box.width, rect.width)
        box.centerx = rect.centerx
        if black_share is not None and not black_leads and not white_leads:
            box.centery = rect.centery
        elif at_bottom:
            box.bottom = rect.bottom - 2
        else:
            box.top = rect.top + 2
        box.clamp_ip(rect)
        radius = max(1, size // 6)
        row = 4 * radius if thinking else 0
        if thinking:
            # The figure may still change: three dots on a second row of its box, in the
            # accent colour the panel's "thinking..." has.
            box.height += row
            if at_bottom:
                box.top -= row
            box.clamp_ip(rect)
        # On the panel's colour: readable over either side's fill.
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=3)
        if not thinking:
            surface.blit(line, line.get_rect(center=box.center))
            return
        figure = line.get_rect(centerx=box.centerx, top=box.top + 3)
        surface.blit(line, figure)
        y = box.bottom - row // 2 - 1
        for step in (-1, 0, 1):
            centre = (box.centerx + step * 3 * radius, y)
            pygame.draw.circle(surface, theme.TEXT_ACCENT, centre, radius)

    def draw_piece(
        self, surface: pygame.Surface, piece: Piece, centre: Point, cell: int, lifted: bool = False
    ) -> None:
        """Blit a piece's sprite centred on a pixel (a lifted one slightly up, as if held)."""
        sprite = self.sprite(piece, cell)
        lift = cell * 0.04 if lifted else 0
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1] - lift))))

    # --- cards -------------------------------------------------------------------------------

    def shade(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Darken a region so a card over it stands out."""
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill(theme.OVERLAY_SHADE)
        surface.blit(veil, rect)

    def card(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        title: str,
        lines: Sequence[str],
        footer: str = "",
    ) -> pygame.Rect:
        """A rounded card centred in `area`: a big title, lines of text, a dim footer."""
        size = max(14, area.height // 26)
        title_size = int(size * 2.0)
        width = min(
            area.width - 2 * size,
            max(
                [self.text.font(title_size).size(title)[0]]
                + [self.text.font(size).size(line)[0] for line in lines]
                + [self.text.font(size).size(footer)[0]]
            )
            + 3 * size,
        )
        height = title_size + (len(lines) + (2 if footer else 1)) * int(size * 1.4) + 2 * size
        rect = pygame.Rect(0, 0, width, height)
        rect.center = area.center
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=size)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, rect, 2, border_radius=size)
        y = rect.top + size
        self.text.draw(surface, title, title_size, theme.TEXT_ACCENT, (rect.centerx, y), "midtop")
        y += title_size + size // 2
        for line in lines:
            self.text.draw(
                surface,
                self.text.fit(line, size, width - 2 * size),
                size,
                theme.TEXT,
                (rect.centerx, y),
                "midtop",
            )
            y += int(size * 1.4)
        if footer:
            y += size // 2
            self.text.draw(
                surface,
                self.text.fit(footer, size, width - 2 * size),
                size,
                theme.TEXT_DIM,
                (rect.centerx, y),
                "midtop",
            )
        return rect
