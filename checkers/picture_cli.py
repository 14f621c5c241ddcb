"""`checkers picture [FEN] --out FILE.svg|FILE.png`: a position as a picture file.

`add_picture_command(subparsers)` adds the command to the `checkers` parser; cli.py calls it.
The SVG is written without pygame; a PNG is painted by checkers.gui.picture_png (pygame is
imported only then). The file is written whole or not at all (checkers.atomic).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from checkers.atomic import write_bytes, write_text
from checkers.board import InvalidFenError, InvalidMoveError, Position
from checkers.formats.svg import svg_document
from checkers.options import UsageError, shown
from checkers.palettes import DEFAULT_THEME, PALETTES
from checkers.picture import (
    DEFAULT_SIZE,
    MAX_ARROWS,
    MAX_CAPTION,
    MAX_SIZE,
    MIN_SIZE,
    Picture,
    board_picture,
    parse_arrows,
    text_line,
)

__all__ = [
    "FORMATS",
    "add_picture_command",
    "caption_text",
    "cmd_picture",
    "picture_size",
    "write_picture",
]

FORMATS = (".svg", ".png")
"""The file kinds a picture is written as, by the name's suffix."""


def picture_size(text: str) -> int:
    """A picture's width in pixels, MIN_SIZE to MAX_SIZE (argparse type)."""
    try:
        value = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}") from None
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise argparse.ArgumentTypeError(f"{value} is not between {MIN_SIZE} and {MAX_SIZE}")
    return value


def caption_text(text: str) -> str:
    """A caption of at most MAX_CAPTION characters, without control characters (argparse type)."""
    if len(text) > MAX_CAPTION:
        raise argparse.ArgumentTypeError(
            f"{len(text):,} characters: a caption is one line of at most {MAX_CAPTION}"
        )
    if text_line(text) != text:
        raise argparse.ArgumentTypeError(f"control characters in {shown(text)}: a caption is text")
    return text


def picture_format(path: Path) -> str:
    """`.svg` or `.png` from the file's name; UsageError (one line) for anything else."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise UsageError(f"{shown(path.name)}: the picture's name must end in .svg or .png")
    return suffix


def write_picture(picture: Picture, path: Path) -> Path:
    """Write `picture` as SVG or PNG (by `path`'s suffix), whole or not at all; returns the
    file written. UsageError for another suffix, OSError if it cannot be written."""
    if picture_format(path) == ".svg":
        return write_text(path, svg_document(picture), "picture")
    try:
        from checkers.gui.picture_png import png_bytes
    except ImportError as error:  # pygame is a dependency, but an install can lack it
        raise UsageError(f"a PNG needs pygame ({error}); write an .svg instead") from None
    return write_bytes(path, png_bytes(picture), "picture")


def cmd_picture(args: argparse.Namespace, out: TextIO) -> int:
    """Draw the position (with its arrows) and write it; prints the file written."""
    try:
        position = Position.from_fen(args.fen) if args.fen is not None else Position()
    except InvalidFenError as error:
        raise UsageError(f"invalid FEN {shown(args.fen)}: {error}") from None
    theme = args.theme.strip().lower()
    if theme not in PALETTES:
        raise UsageError(f"unknown theme {shown(args.theme)}: choose {', '.join(PALETTES)}")
    try:
        arrows = parse_arrows(args.arrows, position) if args.arrows is not None else ()
    except InvalidMoveError as error:
        raise UsageError(f"bad --arrows: {error}") from None
    path = Path(args.out).expanduser()
    picture_format(path)  # before the drawing: a wrong name is said at once
    if not path.parent.is_dir():
        raise UsageError(
            f"cannot write {shown(str(path), 80)}: no folder {shown(str(path.parent))}"
        )
    picture = board_picture(
        position,
        size=args.size,
        theme=theme,
        # One arrow is drawn as the window's hint; several as a line, numbered.
        arrows=arrows if len(arrows) > 1 else (),
        hint=arrows[0] if len(arrows) == 1 else None,
        flipped=args.flip,
        caption=args.caption,
    )
    try:
        written = write_picture(picture, path)
    except OSError as error:
        raise UsageError(
            f"cannot write {shown(str(path), 80)}: {error.strerror or error}"
        ) from None
    print(f"wrote {written}", file=out)
    return 0


def add_picture_command(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add `checkers picture` to the command line's subparsers; returns its parser."""
    picture: argparse.ArgumentParser = subparsers.add_parser(
        "picture",
        help="draw a position as an SVG or PNG picture",
        description="The board as the window draws it (the theme's colours, crowned kings, the "
        "empty squares' numbers), arrows for moves, and a caption line (docs/guide.md: Pictures).",
    )
    picture.add_argument("fen", nargs="?", help="PDN FEN (default: the initial position)")
    picture.add_argument("--out", required=True, help="the file to write: NAME.svg or NAME.png")
    picture.add_argument(
        "--arrows",
        metavar="MOVES",
        help=f"moves drawn as arrows, e.g. '27-23,20x27' (several: a line, numbered; at most "
        f"{MAX_ARROWS})",
    )
    picture.add_argument(
        "--flip", action="store_true", help="turn the board around (Black at the bottom)"
    )
    picture.add_argument(
        "--theme",
        default=DEFAULT_THEME,
        metavar="NAME",
        help=f"the colours: {' or '.join(PALETTES)} (default: {DEFAULT_THEME})",
    )
    picture.add_argument(
        "--size",
        type=picture_size,
        default=DEFAULT_SIZE,
        metavar="PX",
        help=f"the picture's width in pixels, {MIN_SIZE} to {MAX_SIZE} (default: {DEFAULT_SIZE})",
    )
    picture.add_argument(
        "--caption",
        type=caption_text,
        help=f"the line under the board, at most {MAX_CAPTION} characters (default: whose move "
        "it is; '' for none)",
    )
    picture.set_defaults(handler=cmd_picture)
    return picture
