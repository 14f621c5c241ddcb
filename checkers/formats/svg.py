"""A picture (checkers.picture) as SVG text: written by hand, one element per shape.

Pure Python. Every text is escaped, so a caption or a title from a file cannot break out of
its element, and its control characters are made spaces: XML 1.0 forbids them even escaped.
`svg_element` gives the bare `<svg>` for a page to inline; `svg_document` the file.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from checkers.picture import (
    FONT_FAMILY,
    Circle,
    Colour,
    Picture,
    Polygon,
    Polyline,
    Rect,
    Shape,
    Text,
    text_line,
)

__all__ = ["svg_document", "svg_element"]

_ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


def svg_document(picture: Picture) -> str:
    """The picture as a standalone SVG file's text."""
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + svg_element(picture) + "\n"


def svg_element(picture: Picture, css_class: str = "", label: str = "") -> str:
    """The picture as one `<svg>` element (scalable: it keeps its proportions at any width);
    `label` (else the picture's title) is what a screen reader says of it."""
    title = label or picture.title
    attributes = (
        f'xmlns="http://www.w3.org/2000/svg" width="{picture.width}" height="{picture.height}" '
        f'viewBox="0 0 {picture.width} {picture.height}" role="img"'
    )
    if css_class:
        attributes += f" class={quoteattr(css_class)}"
    if title:
        attributes += f" aria-label={quoteattr(text_line(title))}"
    body = "\n".join(_shape(shape) for shape in picture.shapes)
    heading = f"<title>{escape(text_line(title))}</title>\n" if title else ""
    return f"<svg {attributes}>\n{heading}{body}\n</svg>"


def _number(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (smaller files)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _colour(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{_number(x)},{_number(y)}" for x, y in points)


def _shape(shape: Shape) -> str:
    """One shape's element."""
    if isinstance(shape, Rect):
        # Squares side by side: crisp edges, or a hairline of the background shows between them.
        rounded = (
            f' rx="{_number(shape.radius)}"' if shape.radius else ' shape-rendering="crispEdges"'
        )
        rounded += f" class={quoteattr(shape.name)}" if shape.name else ""
        return (
            f'<rect x="{_number(shape.x)}" y="{_number(shape.y)}" width="{_number(shape.width)}" '
            f'height="{_number(shape.height)}"{rounded} fill="{_colour(shape.fill)}"/>'
        )
    if isinstance(shape, Circle):
        return _circle(shape)
    if isinstance(shape, Polygon):
        fill = _colour(shape.fill) if shape.fill is not None else "none"
        stroke = (
            f' stroke="{_colour(shape.stroke)}" stroke-width="{_number(shape.width)}"'
            ' stroke-linejoin="round"'
            if shape.stroke is not None
            else ""
        )
        return f'<polygon points="{_points(shape.points)}" fill="{fill}"{stroke}/>'
    if isinstance(shape, Polyline):
        return (
            f'<polyline points="{_points(shape.points)}" fill="none" '
            f'stroke="{_colour(shape.stroke)}" stroke-width="{_number(shape.width)}"/>'
        )
    if isinstance(shape, Text):
        weight = ' font-weight="bold"' if shape.bold else ""
        return (
            f'<text x="{_number(shape.x)}" y="{_number(shape.y)}" '
            f'font-size="{_number(shape.size)}" font-family="{FONT_FAMILY}"{weight} '
            f'text-anchor="{_ANCHORS.get(shape.anchor, "start")}" fill="{_colour(shape.fill)}">'
            f"{escape(text_line(shape.text))}</text>"
        )
    inner = "\n".join(_shape(part) for part in shape.shapes)
    attributes = f" class={quoteattr(shape.name)}" if shape.name else ""
    if shape.alpha < 255:
        attributes += f' opacity="{_number(shape.alpha / 255)}"'
    return f"<g{attributes}>\n{inner}\n</g>"


def _circle(circle: Circle) -> str:
    """A disc, a ring or both. The ring lies inside the radius, as pygame draws it, so the two
    back ends outline a piece at the same place (an SVG stroke is centred on its path)."""
    parts: list[str] = []
    where = f'cx="{_number(circle.cx)}" cy="{_number(circle.cy)}"'
    opacity = f' fill-opacity="{_number(circle.alpha / 255)}"' if circle.alpha < 255 else ""
    if circle.fill is not None:
        parts.append(
            f'<circle {where} r="{_number(circle.r)}" fill="{_colour(circle.fill)}"{opacity}/>'
        )
    if circle.stroke is not None and circle.width > 0:
        radius = max(0.0, circle.r - circle.width / 2)
        parts.append(
            f'<circle {where} r="{_number(radius)}" fill="none" '
            f'stroke="{_colour(circle.stroke)}" stroke-width="{_number(circle.width)}"/>'
        )
    return "\n".join(parts)
