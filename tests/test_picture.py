"""Pictures of a position: the SVG and PNG files of `checkers picture`, from one drawing."""

from __future__ import annotations

import io
import itertools
import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from checkers import palettes as theme
from checkers.board import InvalidMoveError, Move, Position
from checkers.board_geometry import Point
from checkers.cli import main
from checkers.formats.svg import svg_document
from checkers.gui.board_view import render
from checkers.gui.picture_png import paint, png_bytes
from checkers.picture import (
    LINE_ALPHA,
    MIN_NUMBER_PIXELS,
    Circle,
    Group,
    Picture,
    Polygon,
    Polyline,
    Rect,
    Shape,
    Text,
    board_picture,
    parse_arrows,
)

SVG = "{http://www.w3.org/2000/svg}"
KINGS_FEN = "W:WK4,22,28:B6,11,K19"


def svg_tree(text: str) -> ET.Element:
    """The parsed SVG (xml.etree raises on anything that is not well-formed XML)."""
    return ET.fromstring(text.encode("utf-8"))


def pieces_in(root: ET.Element) -> dict[str, int]:
    """How many pieces of each kind the SVG draws, by their class (`piece white king`)."""
    counts: dict[str, int] = {}
    for group in root.iter(f"{SVG}g"):
        kind = group.get("class", "")
        if kind.startswith("piece "):
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def expected_pieces(position: Position) -> dict[str, int]:
    counts: dict[str, int] = {}
    for piece in position.piece_map().values():
        kind = f"piece {piece.side.name.lower()} {'king' if piece.king else 'man'}"
        counts[kind] = counts.get(kind, 0) + 1
    return counts


@pytest.mark.parametrize("fen", ["B:W21-32:B1-12", KINGS_FEN, "B:WK1,K2,K3:BK30,K31,K32", "W:W:B"])
def test_svg_is_xml_with_32_dark_squares_and_the_fens_pieces(fen: str) -> None:
    position = Position.from_fen(fen)
    root = svg_tree(svg_document(board_picture(position)))
    squares = [rect for rect in root.iter(f"{SVG}rect") if rect.get("class") == "square"]
    assert len(squares) == 32
    assert {rect.get("fill") for rect in squares} == {"#7e5c40"}  # the wood's dark square
    assert pieces_in(root) == expected_pieces(position)


def test_the_svg_uses_the_themes_colours_and_the_window_numbers_empty_squares() -> None:
    position = Position.from_fen(KINGS_FEN)
    text = svg_document(board_picture(position, theme="contrast"))
    root = svg_tree(text)
    palette = theme.PALETTES["contrast"]
    hex_of = "#{:02x}{:02x}{:02x}".format
    fills = {element.get("fill") for element in root.iter()}
    for colour in (palette.DARK_SQUARE, palette.LIGHT_SQUARE, palette.BLACK_PIECE):
        assert hex_of(*colour) in fills
    numbers = {element.text for element in root.iter(f"{SVG}text")}
    occupied = {str(square) for square in position.piece_map()}
    assert {str(square) for square in range(1, 33)} - occupied <= numbers
    assert not numbers & occupied
    assert "White to move" in numbers


def test_arrows_are_drawn_one_per_move_and_a_hostile_caption_is_escaped() -> None:
    position = Position()
    arrows = parse_arrows("11-15,23-19,8-11", position)
    text = svg_document(board_picture(position, arrows=arrows, caption='<script>"&</script>'))
    root = svg_tree(text)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "arrow"]
    assert len(groups) == 3
    # Each in its own colour, none faded; the first move's is drawn last, over its replies.
    assert {group.get("opacity") for group in groups} == {f"{LINE_ALPHA / 255:.2f}".rstrip("0")}
    assert "<script>" not in text
    assert '<script>"&</script>' in {element.text for element in root.iter(f"{SVG}text")}


def test_arrows_follow_the_legal_line_else_their_squares_else_one_clear_error() -> None:
    start = Position()
    assert parse_arrows("9x18", Position.from_fen("B:W14:B9")) == (Move((9, 18)),)
    # A short form is found from the position: 5x30 is 5x14x23x30 here.
    long_jump = Position.from_fen("B:W9,18,26:B5")
    assert parse_arrows("5x30", long_jump)[0].path == (5, 14, 23, 30)
    assert parse_arrows("22-17", start) == (Move((22, 17)),)  # an idea, not legal now
    for bad in ("11-17", "11-15,", "12-99", "hello"):
        with pytest.raises(InvalidMoveError):
            parse_arrows(bad, start)


def test_the_picture_matches_the_windows_figures() -> None:
    """The picture and the window share their proportions: drift in one shows here."""
    assert LINE_ALPHA == render.LINE_ALPHA
    assert MIN_NUMBER_PIXELS == render.MIN_NUMBER_PIXELS


def test_flip_turns_the_board_half_a_turn() -> None:
    position = Position.from_fen("B:W32:B1")
    plain = board_picture(position)
    flipped = board_picture(position, flipped=True)
    _left, top, cell = plain.board

    def centre_of(picture_shapes: tuple[Shape, ...], kind: str) -> tuple[float, float]:
        for shape in picture_shapes:
            if isinstance(shape, Group) and shape.name == kind:
                body = shape.shapes[2]
                assert isinstance(body, Circle)
                return body.cx, body.cy
        raise AssertionError(kind)

    # Unflipped, square 1 (Black's man) is in the top row; flipped, in the bottom one.
    assert centre_of(plain.shapes, "piece black man")[1] < top + cell
    assert centre_of(flipped.shapes, "piece black man")[1] > top + 7 * cell


def test_png_has_the_size_asked_and_shows_the_board() -> None:
    picture = board_picture(Position(), size=400, arrows=(Move((11, 15)),))
    data = png_bytes(picture)
    image = pygame.image.load(io.BytesIO(data), "board.png")
    assert image.get_size() == (picture.width, picture.height)
    assert picture.width == 400
    left, top, cell = picture.board
    wood = theme.PALETTES["wood"]

    def colour_at(x: float, y: float) -> tuple[int, int, int]:
        r, g, b, alpha = image.get_at((int(x), int(y)))
        assert alpha == 255  # a picture, not a see-through one
        return r, g, b

    # A light square's middle, an empty dark square's lower right, a red man's face.
    assert colour_at(left + cell / 2, top + cell / 2) == wood.LIGHT_SQUARE
    assert colour_at(left + 4 * cell - 4, top + 5 * cell - 4) == wood.DARK_SQUARE  # square 18
    assert colour_at(left + 1.5 * cell, top + 0.5 * cell) == wood.BLACK_PIECE  # square 1
    assert colour_at(left + 0.5 * cell, top + 7.5 * cell) == wood.WHITE_PIECE  # square 29
    colours = {image.get_at((x, y))[:3] for x in range(0, 400, 7) for y in range(0, 400, 7)}
    assert len(colours) > 20  # not blank: board, pieces, numbers, the arrow


def test_png_and_svg_come_from_one_drawing(tmp_path: Path) -> None:
    """A shape both back ends draw (the king's crown) is where the drawing puts it."""
    picture = board_picture(Position.from_fen("B:W:BK1"), size=480, caption="")
    image = paint(picture)
    left, top, cell = picture.board
    x, y = left + 1.5 * cell, top + 0.5 * cell
    # The crown's band, between its jewels.
    r, g, b, _ = image.get_at((int(x - cell * 0.062), int(y + cell * 0.135)))
    assert (r, g, b) != theme.PALETTES["wood"].BLACK_PIECE
    assert r > 150 and g > 100  # gold
    svg = svg_document(picture)
    assert svg.count("<polygon") >= 2  # the crown's outline, filled and drawn


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    printed = io.StringIO()
    status = main(argv, out=printed)
    err = capsys.readouterr().err
    return status, printed.getvalue(), err


def test_command_writes_svg_and_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg, png = tmp_path / "board.svg", tmp_path / "board.png"
    status, out, _ = run(["picture", KINGS_FEN, "--out", str(svg), "--arrows", "28-24"], capsys)
    assert status == 0 and str(svg) in out
    root = svg_tree(svg.read_text("utf-8"))
    assert pieces_in(root) == expected_pieces(Position.from_fen(KINGS_FEN))
    status, _, _ = run(
        ["picture", "--out", str(png), "--size", "300", "--theme", "contrast", "--flip"], capsys
    )
    assert status == 0
    image = pygame.image.load(str(png))
    assert image.get_width() == 300


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["B:W99"], "invalid FEN"),
        (["--arrows", "11-17"], "bad --arrows"),
        (["--theme", "pink"], "unknown theme"),
        (["--size", "9"], "--size"),
    ],
)
def test_bad_input_is_one_line_and_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    out = tmp_path / "x.svg"
    status, _, err = run(["picture", *argv, "--out", str(out)], capsys)
    assert status == 2
    assert words in err and err.count("\n") == 1
    assert not out.exists()


def test_a_path_that_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for out in (tmp_path / "missing" / "x.png", tmp_path / "x.gif", tmp_path):
        status, _, err = run(["picture", "--out", str(out)], capsys)
        assert status == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_side_to_move_is_the_default_caption_and_an_empty_one_leaves_it_out() -> None:
    def words(caption: str | None) -> list[str]:
        picture = board_picture(Position.from_fen(KINGS_FEN), caption=caption)
        return [shape.text for shape in picture.shapes if isinstance(shape, Text)]

    assert "White to move" in words(None)
    assert "White to move" not in words("")
    assert "Shot 1" in words("Shot 1")


def test_the_svg_side_imports_no_pygame() -> None:
    """`checkers picture --out x.svg` works where pygame is missing; only a PNG needs it."""
    code = (
        "import sys, checkers.picture_cli, checkers.formats.svg; "
        "sys.exit(1 if 'pygame' in sys.modules else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_hint_outlines_its_square_and_its_arrow_has_no_number() -> None:
    hint = Move((11, 15))
    picture = board_picture(Position(), hint=hint)
    hint_colour = theme.PALETTES["wood"].HINT
    strips = [s for s in picture.shapes if isinstance(s, Rect) and s.fill == hint_colour]
    assert len(strips) == 4  # the square's outline
    left, top, cell = picture.board
    assert (
        min(s.x for s in strips) == left + 5 * cell and min(s.y for s in strips) == top + 2 * cell
    )
    assert [s for s in picture.shapes if isinstance(s, Group) and s.name == "arrow"]
    assert not [s for s in picture.shapes if isinstance(s, Text) and s.text == "1"]


def _runs_along(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    """Whether two straight stretches of shaft lie over each other for more than a pixel."""
    (x0, y0), (x1, y1) = a
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return False
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    # Both ends of b on a's line (within a pixel), and their projections overlapping a.
    if any(abs((x - x0) * uy - (y - y0) * ux) > 1.0 for x, y in b):
        return False
    ends = sorted((x - x0) * ux + (y - y0) * uy for x, y in b)
    return min(ends[1], length) - max(ends[0], 0.0) > 1.0


def test_a_lines_arrows_along_one_diagonal_are_drawn_side_by_side() -> None:
    # The walk's Why? board drew 24-19, 15x24 and 27x20 over each other: the picture (the
    # Why? card's board) sets an arrow aside as the window's analysis board does.
    position = Position()
    for text in ["11-15", "23-19", "8-11", "26-23", "12-16", "19x12", "4-8"]:
        position = position.move(Move.from_pdn(text, position))
    line = tuple_line(position, ["24-19", "15x24", "27x20"])
    picture = board_picture(position, size=215, arrows=line, caption="")
    shafts = [
        next(shape for shape in group.shapes if isinstance(shape, Polyline)).points
        for group in picture.shapes
        if isinstance(group, Group) and group.name == "arrow"
    ]
    assert len(shafts) == 3
    stretches = [list(itertools.pairwise(points)) for points in shafts]
    for first, second in itertools.combinations(stretches, 2):
        assert not any(_runs_along(a, b) for a in first for b in second), shafts


def tuple_line(position: Position, texts: list[str]) -> tuple[Move, ...]:
    moves = []
    for text in texts:
        move = Move.from_pdn(text, position)
        moves.append(move)
        position = position.move(move)
    return tuple(moves)


@pytest.mark.parametrize("colours", ["wood", "contrast"])
def test_a_lines_replies_are_the_other_sides_colour_none_faded(colours: str) -> None:
    # The walk of 2026-11-30: Why?'s small board drew the played line's moves and the replies
    # in one blue, fading, over each other: which arrow was whose could not be followed.
    position = Position("W:W32,27,24,22:B20,15,10,7")
    line = tuple_line(position, ["27-23", "20x27"])
    palette = theme.PALETTES[colours]

    def fills(picture: Picture) -> list[tuple[object, int]]:
        """Each arrow's fill and opacity, as drawn (the later moves first)."""
        return [
            (next(s.fill for s in group.shapes if isinstance(s, Polygon)), group.alpha)
            for group in picture.shapes
            if isinstance(group, Group) and group.name == "arrow"
        ]

    sides = board_picture(position, arrows=line, theme=colours, caption="", replies=True)
    assert [fill for fill, _ in fills(sides)] == [palette.REPLY_ARROW, palette.HINT]  # 2 first
    assert len({opacity for _, opacity in fills(sides)}) == 1
    assert palette.REPLY_ARROW != palette.HINT
    plain = board_picture(position, arrows=line, theme=colours, caption="")
    # `checkers picture`: the line's colours, as the analysis board draws them, the first last.
    assert [fill for fill, _ in fills(plain)] == list(palette.LINE_ARROWS[1::-1])
