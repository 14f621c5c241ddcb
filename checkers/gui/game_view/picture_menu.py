"""The game menu's Copy picture and Save picture: the board shown, with its arrows, as a picture.

The picture is checkers.picture's drawing of what the board shows now (the position, the last
move lit, the hint's arrow or the better line's arrows, the orientation, the theme and whether
square numbers are shown), so the file looks like the window. Copy puts a PNG on the clipboard
where the platform allows and says so plainly where it does not; Save asks where (a name ending
in .png or .svg chooses the kind).
"""

from __future__ import annotations

from typing import Protocol

from checkers.board_geometry import BoardGeometry
from checkers.gui import theme
from checkers.gui.board_view.render import BoardView
from checkers.gui.clipboard import copy_image
from checkers.gui.context import ScreenContext
from checkers.gui.controller import Game
from checkers.gui.game_view.keeper import game_tags
from checkers.gui.intents import SavePictureAs
from checkers.gui.picture_png import png_bytes
from checkers.picture import Picture, board_picture

__all__ = ["PICTURE_SIZE", "PictureHost", "copy_picture", "save_picture", "shown_picture"]

PICTURE_SIZE = 640
"""The width of a copied or saved picture in pixels: sharp in a document or a chat."""


class PictureHost(Protocol):
    """What the pictures need of the game screen (GameScreen is one)."""

    game: Game
    context: ScreenContext
    flipped: bool

    def board_view(self, geometry: BoardGeometry) -> BoardView:
        """The position and highlights the board shows now."""
        ...


def shown_picture(screen: PictureHost, size: int = PICTURE_SIZE) -> Picture:
    """The board as the screen shows it now, as a picture `size` pixels wide."""
    view = screen.board_view(BoardGeometry(0, 0, 64, screen.flipped))
    return board_picture(
        view.position,
        size=size,
        theme=theme.current(),
        arrows=view.arrows,
        hint=view.hint,
        flipped=screen.flipped,
        last_move=view.last_move,
        numbers=screen.context.settings.square_numbers,
    )


def _file_name(screen: PictureHost) -> str:
    """A name for the picture: the players and the move shown (`Ann vs Bob, move 12.png`)."""
    tags = game_tags(screen.game)
    black, white = tags.get("Black", "Black"), tags.get("White", "White")
    ply = screen.game.record.ply
    where = f", move {(ply + 1) // 2}" if ply else ""
    return f"{black} vs {white}{where}.png".replace("/", "-")


def copy_picture(screen: PictureHost) -> None:
    """Put the board shown on the clipboard as a PNG, or say why it cannot be."""
    problem = copy_image(png_bytes(shown_picture(screen)))
    screen.game.status = (
        "Copied the board as a picture (PNG)."
        if problem is None
        else f"No picture copied: {problem}. Save picture writes it to a file."
    )


def save_picture(screen: PictureHost) -> None:
    """Ask where to save the board shown as a PNG or SVG picture."""
    screen.context.request(SavePictureAs(shown_picture(screen), _file_name(screen)))
