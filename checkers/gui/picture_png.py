"""A picture (checkers.picture) painted with pygame, and its PNG bytes.

The same shapes as the SVG back end, painted at several times the size and scaled down
smoothly (pygame's circles and polygons have no antialiasing; the window's sprites are made the
same way). Text is the window's face, pygame_gui's Noto Sans, loaded here (this module imports
nothing of the window). Works without a window: pygame's display is not needed. Only this module
of `checkers.formats` imports pygame: the command line loads it when a PNG is asked for.
"""

from __future__ import annotations

import io
import itertools
from importlib import resources

import pygame

from checkers.picture import Circle, Group, Picture, Polygon, Polyline, Rect, Shape, Text

__all__ = ["SUPERSAMPLE", "paint", "png_bytes"]

SUPERSAMPLE = 4
"""How many times larger the shapes are painted before the smooth scale down (the window's
sprites' figure). A power of two: smoothscale by a third shifts colours and leaves the alpha
at 253, so a flat square would not be the theme's colour."""
_MAX_CANVAS = 4800  # pixels on a side: a 2400-pixel picture is painted at twice its size


_FACES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}


class _Faces:
    """The window's face at the sizes one painting asks for, each loaded once (a few
    milliseconds); kept no longer than the painting, so no font outlives pygame's font module."""

    # The window steps around the face's two blurred sizes (gui.theme.BLURRED_SIZES, 11 and 13
    # px); painted supersampled, a board picture's smallest text is 24 px at every size (measured).

    def __init__(self) -> None:
        self._loaded: dict[tuple[int, bool], pygame.font.Font] = {}

    def font(self, size: int, bold: bool) -> pygame.font.Font:
        key = (max(6, size), bold)
        loaded = self._loaded.get(key)
        if loaded is None:
            # pygame_gui's data folder is a regular package folder, so the file is a real path.
            path = resources.files("pygame_gui.data").joinpath(_FACES[bold])
            with resources.as_file(path) as file:
                loaded = self._loaded[key] = pygame.font.Font(file, key[0])
        return loaded


def paint(picture: Picture) -> pygame.Surface:
    """The picture on a surface of its size (transparent where nothing is drawn)."""
    if not pygame.font.get_init():
        pygame.font.init()
    scale = SUPERSAMPLE
    while scale > 1 and max(picture.width, picture.height) * scale > _MAX_CANVAS:
        scale //= 2
    canvas = pygame.Surface((picture.width * scale, picture.height * scale), pygame.SRCALPHA)
    faces = _Faces()
    for shape in picture.shapes:
        _paint(canvas, shape, scale, faces)
    if scale == 1:
        return canvas
    return pygame.transform.smoothscale(canvas, (picture.width, picture.height))


def png_bytes(picture: Picture) -> bytes:
    """The picture as a PNG file's bytes."""
    buffer = io.BytesIO()
    pygame.image.save(paint(picture), buffer, "picture.png")
    return buffer.getvalue()


def _paint(canvas: pygame.Surface, shape: Shape, scale: int, faces: _Faces) -> None:
    """Paint one shape, its coordinates multiplied by `scale`."""
    if isinstance(shape, Group):
        if shape.alpha >= 255:
            for part in shape.shapes:
                _paint(canvas, part, scale, faces)
            return
        # Opaque on a layer of their own, then the layer at the group's opacity.
        layer = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
        for part in shape.shapes:
            _paint(layer, part, scale, faces)
        layer.fill((255, 255, 255, shape.alpha), special_flags=pygame.BLEND_RGBA_MULT)
        canvas.blit(layer, (0, 0))
    elif isinstance(shape, Rect):
        rect = pygame.Rect(
            round(shape.x * scale),
            round(shape.y * scale),
            round(shape.width * scale),
            round(shape.height * scale),
        )
        pygame.draw.rect(canvas, shape.fill, rect, border_radius=round(shape.radius * scale))
    elif isinstance(shape, Circle):
        _circle(canvas, shape, scale)
    elif isinstance(shape, Polygon):
        points = [(x * scale, y * scale) for x, y in shape.points]
        if shape.fill is not None:
            pygame.draw.polygon(canvas, shape.fill, points)
        if shape.stroke is not None and shape.width > 0:
            width = max(1, round(shape.width * scale))
            pygame.draw.lines(canvas, shape.stroke, True, points, width)
            for point in points:  # round the joins, as the SVG's stroke-linejoin
                pygame.draw.circle(canvas, shape.stroke, point, width / 2)
    elif isinstance(shape, Polyline):
        points = [(x * scale, y * scale) for x, y in shape.points]
        width = max(1, round(shape.width * scale))
        for start, end in itertools.pairwise(points):
            pygame.draw.line(canvas, shape.stroke, start, end, width)
    else:
        _text(canvas, shape, scale, faces)


def _circle(canvas: pygame.Surface, circle: Circle, scale: int) -> None:
    centre = (circle.cx * scale, circle.cy * scale)
    radius = circle.r * scale
    if circle.fill is not None:
        if circle.alpha >= 255:
            pygame.draw.circle(canvas, circle.fill, centre, radius)
        else:
            side = int(radius * 2) + 4
            spot = pygame.Surface((side, side), pygame.SRCALPHA)
            pygame.draw.circle(spot, (*circle.fill, circle.alpha), (side / 2, side / 2), radius)
            canvas.blit(spot, (centre[0] - side / 2, centre[1] - side / 2))
    if circle.stroke is not None and circle.width > 0:
        pygame.draw.circle(
            canvas, circle.stroke, centre, radius, max(1, round(circle.width * scale))
        )


def _text(canvas: pygame.Surface, text: Text, scale: int, faces: _Faces) -> None:
    """A line of text with its baseline at the shape's y."""
    font = faces.font(round(text.size * scale), text.bold)
    line = font.render(text.text, True, text.fill)
    x = text.x * scale
    if text.anchor == "middle":
        x -= line.get_width() / 2
    elif text.anchor == "end":
        x -= line.get_width()
    canvas.blit(line, (round(x), round(text.y * scale - font.get_ascent())))
