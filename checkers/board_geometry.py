"""Where the board's squares are on screen: the one place pixels and squares are converted.

Pure data (no pygame): the window, the pictures and the HTML review share it. Orientation:
unflipped is the standard diagram, White at the bottom (square 32's row); flipped turns the board
half a turn so Black is at the bottom.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from checkers.board import Move, row_col_square, square_row_col

__all__ = [
    "ARROW_EDGE",
    "ARROW_HEAD",
    "ARROW_LANE",
    "SHARED_HEAD",
    "SHARED_TAIL",
    "ArrowShape",
    "BoardGeometry",
    "Point",
    "arrow_rim",
    "arrow_shape",
    "arrow_shifts",
    "arrow_width",
    "badge_radius",
    "disc_meets_triangle",
    "line_arrows",
    "shifted",
]

Point = tuple[float, float]


@dataclass(frozen=True)
class BoardGeometry:
    """An 8x8 board drawn with its top-left corner at (left, top) and squares `cell` pixels wide."""

    left: int
    top: int
    cell: int
    flipped: bool = False

    @property
    def size(self) -> int:
        """The board's side in pixels."""
        return self.cell * 8

    def _screen_row_col(self, row: int, col: int) -> tuple[int, int]:
        return (7 - row, 7 - col) if self.flipped else (row, col)

    def cell_rect(self, row: int, col: int) -> tuple[int, int, int, int]:
        """(x, y, width, height) of the board cell at diagram row and column."""
        screen_row, screen_col = self._screen_row_col(row, col)
        return (
            self.left + screen_col * self.cell,
            self.top + screen_row * self.cell,
            self.cell,
            self.cell,
        )

    def square_rect(self, square: int) -> tuple[int, int, int, int]:
        """(x, y, width, height) of a square (1-32)."""
        return self.cell_rect(*square_row_col(square))

    def square_center(self, square: int) -> Point:
        """The pixel at the middle of a square."""
        x, y, width, height = self.square_rect(square)
        return x + width / 2, y + height / 2

    def between(self, start: int, end: int, fraction: float) -> Point:
        """A point `fraction` of the way from one square's centre to another's."""
        (x0, y0), (x1, y1) = self.square_center(start), self.square_center(end)
        return x0 + (x1 - x0) * fraction, y0 + (y1 - y0) * fraction

    def contains(self, x: float, y: float) -> bool:
        """Whether a pixel is on the board."""
        return self.left <= x < self.left + self.size and self.top <= y < self.top + self.size

    def square_at(self, x: float, y: float) -> int | None:
        """The square under a pixel; None off the board or on a light square."""
        if not self.contains(x, y):
            return None
        screen_col = int((x - self.left) // self.cell)
        screen_row = int((y - self.top) // self.cell)
        row, col = self._screen_row_col(screen_row, screen_col)
        return row_col_square(row, col)


def _diagonal_steps(path: Sequence[int]) -> set[frozenset[int]]:
    """The neighbouring pairs of squares an arrow through `path` passes over: a jump covers
    the square it leaps as well, so two arrows along one diagonal share a pair wherever they
    overlap, not only where both join the same two squares."""
    steps: set[frozenset[int]] = set()
    for start, end in itertools.pairwise(path):
        (row, col), (end_row, end_col) = square_row_col(start), square_row_col(end)
        d_row, d_col = (end_row > row) - (end_row < row), (end_col > col) - (end_col < col)
        square = start
        while (row, col) != (end_row, end_col) and d_row and d_col:
            row, col = row + d_row, col + d_col
            after = row_col_square(row, col)
            if after is None:  # not a diagonal: the two squares alone
                steps.add(frozenset((start, end)))
                break
            steps.add(frozenset((square, after)))
            square = after
    return steps


def _step_beyond(path: Sequence[int]) -> set[frozenset[int]]:
    """The step of diagonal just past an arrow's head, straight on (none at the board's edge):
    an arrow whose tail sits there, going on the same way, would meet this head tip to tail."""
    (row, col), (end_row, end_col) = square_row_col(path[-2]), square_row_col(path[-1])
    d_row, d_col = (end_row > row) - (end_row < row), (end_col > col) - (end_col < col)
    after = row_col_square(end_row + d_row, end_col + d_col)
    return set() if after is None or not (d_row and d_col) else {frozenset((path[-1], after))}


def arrow_shifts(moves: Sequence[Move]) -> list[int]:
    """For each move of a line, how many arrow widths to draw it aside (0: in place), so that
    no two arrows lie over the same stretch of a diagonal, and no arrow's head ends on the tail
    of another going on along its diagonal (3-8 then 8-11 in place would read as one long
    arrow with two numbers, the first head hidden under the second tail): each arrow claims
    the step past its head as well."""
    taken: list[set[frozenset[int]]] = []
    shifts: list[int] = []
    for move in moves:
        steps = _diagonal_steps(move.path) | _step_beyond(move.path)
        shift = 0
        while any(
            steps & used for used, their in zip(taken, shifts, strict=True) if their == shift
        ):
            shift = -shift if shift > 0 else 1 - shift  # 0, 1, -1, 2, -2, ...
        taken.append(steps)
        shifts.append(shift)
    return shifts


def _side(start: Point, end: Point) -> Point:
    """The unit vector square to a stretch, to the same side whichever way it runs."""
    (x0, y0), (x1, y1) = sorted((start, end))
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    return -(y1 - y0) / length, (x1 - x0) / length


def shifted(points: Sequence[Point], distance: float) -> list[Point]:
    """`points` moved `distance` pixels aside, each stretch square to itself and to the same
    side whichever way it runs (`arrow_shifts`' lanes are a diagonal's: a move and the reply
    back along it, in lanes 1 and -1, lie on either side, not on one line); where a jump
    turns, the corner moves aside from both stretches, so each stays a lane off its own."""
    sides = [_side(a, b) for a, b in itertools.pairwise(points)]
    moved: list[Point] = []
    for index, (x, y) in enumerate(points):
        around = {sides[i] for i in (index - 1, index) if 0 <= i < len(sides)}
        dx = sum(side[0] for side in around) * distance
        dy = sum(side[1] for side in around) * distance
        moved.append((x + dx, y + dy))
    return moved


ARROW_HEAD = 0.36
"""An arrow's head, tip to base, in squares."""
ARROW_LANE = 0.3
"""How far apart, in squares, two arrows drawn side by side along one diagonal are: their
heads, each 0.43 of a square wide, then show two tips, not one smudge."""


SHARED_HEAD = 0.3
"""How far short of a square's centre, in squares, an arrow's tip stops where another arrow of
the line ends on that square too: two tips on one centre read as one smudge."""
SHARED_TAIL = 0.45
"""How far from a square's centre, in squares, an arrow's tail starts, along its way out,
where another arrow of the line ends on that square: the head there lay on this tail (the
walk saw the analysis board's second arrow end on the first one's tail)."""


ARROW_EDGE = (0, 0, 0)
"""The rim of every arrow, in both themes: black has at least 3:1 (WCAG's ratio for shapes)
against the light and the dark squares of Wood and High contrast alike, where no fill colour
has it against both (the walk of 2026-11-29 saw High contrast's blue arrows vanish on the dark
green)."""


def arrow_rim(cell: int) -> int:
    """How wide the arrows' rim is on a board of `cell`-pixel squares (1 pixel at least)."""
    return max(1, round(cell / 40))


def arrow_width(cell: int) -> int:
    """An arrow's shaft, in pixels, on a board of `cell`-pixel squares."""
    return max(3, cell // 7)


def badge_radius(cell: int) -> int:
    """The radius of the disc holding an arrow's number: room for a digit of the window's
    smallest text."""
    return max(8, round(cell * 0.15))


@dataclass(frozen=True)
class ArrowShape:
    """One arrow as drawn: the centres it passes (moved aside when it shares a diagonal), its
    shaft (stopping where the head begins, so the tip stays sharp), its head (tip, then the
    two corners of its base) and where the disc with its number sits."""

    points: tuple[Point, ...]
    shaft: tuple[Point, ...]
    head: tuple[Point, Point, Point]
    badge: Point


def arrow_shape(points: Sequence[Point], cell: int) -> ArrowShape:
    """The arrow through `points` (a move's squares), its head on the last, its number's disc
    on the first."""
    head = cell * ARROW_HEAD
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    base = (x1 - ux * head, y1 - uy * head)
    side = head * 0.6
    wing = (-uy * side, ux * side)
    return ArrowShape(
        tuple(points),
        (*points[:-1], base),
        ((x1, y1), (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])),
        points[0],
    )


def _distance_to_segment(point: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _distance_to_triangle(point: Point, corners: Sequence[Point]) -> float:
    """How far a point is from a triangle (an arrow's head): 0 inside it."""
    if disc_meets_triangle(point, 0.0, corners):
        return 0.0
    a, b, c = corners
    return min(_distance_to_segment(point, p, q) for p, q in ((a, b), (b, c), (c, a)))


def disc_meets_triangle(centre: Point, radius: float, corners: Sequence[Point]) -> bool:
    """Whether a disc covers any of a triangle (an arrow's head)."""
    (px, py), (a, b, c) = centre, corners
    signs = [
        (q[0] - p[0]) * (py - p[1]) - (q[1] - p[1]) * (px - p[0])
        for p, q in ((a, b), (b, c), (c, a))
    ]
    if all(s >= 0 for s in signs) or all(s <= 0 for s in signs):
        return True  # the disc's centre is inside the head
    return any(_distance_to_segment(centre, p, q) < radius for p, q in ((a, b), (b, c), (c, a)))


def _badge_places(shape: ArrowShape, radius: float) -> list[Point]:
    """Where an arrow's number may sit, best first: on its tail (the piece that moves), then
    back from the tail away from the head, then beside the tail on either side, nearer first."""
    (x0, y0), (x1, y1) = shape.points[0], shape.points[1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    places = [(x0, y0)]
    for distance in (1.7, 2.4, 3.2, 4.0):
        for back, aside in ((1.0, 0.0), (0.7, 0.7), (0.7, -0.7), (0.0, 1.0), (0.0, -1.0)):
            back, aside = back * distance * radius, aside * distance * radius
            places.append((x0 - ux * back - uy * aside, y0 - uy * back + ux * aside))
    return places


def _toward(point: Point, other: Point, distance: float) -> Point:
    """`point` moved `distance` pixels towards `other`."""
    (x0, y0), (x1, y1) = point, other
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    return x0 + (x1 - x0) / length * distance, y0 + (y1 - y0) / length * distance


def line_arrows(geometry: BoardGeometry, moves: Sequence[Move]) -> list[ArrowShape]:
    """A line's arrows as the boards draw them: an arrow along a stretch of diagonal an earlier
    one uses is drawn aside (`arrow_shifts`, `ARROW_LANE` apart), a tail on a square where a
    head ends starts a little way out and two heads ending on one square stop short of its
    centre (`SHARED_TAIL`, `SHARED_HEAD`), and an arrow's number sits on its tail unless a
    head would lie under or against it there (the next move often ends where the move before
    began): then beside the tail, clear of every head and number."""
    cell = geometry.cell
    # Two arrows side by side: their heads (0.43 of a square wide, each in its black rim)
    # side by side leave a gap of 3 pixels, so a move and the reply back along its diagonal,
    # or two moves ending on one square, show two heads; on the Why? board's 25- to 36-pixel
    # squares a lane of a head's half and a shaft's half left 23-18's head and 14x23's tail
    # touching, and 1's number on 2's head (the walk of 2026-11-29c).
    head_width = cell * ARROW_HEAD * 1.2 + 2 * arrow_rim(cell)
    lane = max(cell * ARROW_LANE, head_width + 3)
    # Where a head ends on a square, a tail starting there starts a little way out, and
    # another head ending there too stops short of the centre: no two meet on one centre.
    heads = Counter(move.path[-1] for move in moves)
    shapes: list[ArrowShape] = []
    for move, shift in zip(moves, arrow_shifts(moves), strict=True):
        points = [geometry.square_center(square) for square in move.path]
        if shift:
            points = shifted(points, shift * lane)
        if heads[move.path[0]]:
            points[0] = _toward(points[0], points[1], cell * SHARED_TAIL)
        if heads[move.path[-1]] > 1:
            points[-1] = _toward(points[-1], points[-2], cell * SHARED_HEAD)
        shapes.append(arrow_shape(points, cell))
    radius = badge_radius(cell)
    edge = radius * 0.5  # a disc may overhang the board's frame by a little, not leave it
    placed: list[Point] = []
    for index, shape in enumerate(shapes):
        fallback: tuple[float, Point] | None = None
        for place in _badge_places(shape, radius):
            x, y = place
            inside = (
                geometry.left - edge + radius <= x <= geometry.left + geometry.size + edge - radius
                and geometry.top - edge + radius
                <= y
                <= geometry.top + geometry.size + edge - radius
            )
            if not inside:
                continue
            clear = not any(
                disc_meets_triangle(place, radius * 1.5, other.head) for other in shapes
            ) and all(math.dist(place, other) >= 2.2 * radius for other in placed)
            if clear:
                fallback = (math.inf, place)
                break
            # No place clear by a half radius: the one clear of every head and number by most.
            room = min(
                [_distance_to_triangle(place, other.head) - radius for other in shapes]
                + [math.dist(place, other) - 2 * radius for other in placed]
            )
            if fallback is None or room > fallback[0]:
                fallback = (room, place)
        if fallback is not None:
            shapes[index] = replace(shape, badge=fallback[1])
        placed.append(shapes[index].badge)
    return shapes
