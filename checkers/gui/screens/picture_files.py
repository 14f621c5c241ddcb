"""Save picture's file picker: the Save As browser (checkers.gui.screens.files) for a picture.

A name ending in .svg writes the SVG text, .png (or a name with no suffix, which gets .png) the
PNG; any other suffix is refused on the foot line. Every file is listed (pictures are not PDN),
an existing file is replaced only after the question, and the write is whole or nothing.
"""

from __future__ import annotations

from pathlib import Path

from checkers import atomic
from checkers.gui.browser import FolderBrowser
from checkers.gui.context import ScreenContext
from checkers.gui.intents import Back, SavedAs
from checkers.gui.picture_png import png_bytes
from checkers.gui.screens.files import SaveAsScreen
from checkers.picture import Picture
from checkers.picture_svg import svg_document

__all__ = ["PICTURE_SUFFIXES", "SavePictureScreen"]

PICTURE_SUFFIXES = (".png", ".svg")


class SavePictureScreen(SaveAsScreen):
    """Pick where to write a picture of the board, as PNG or SVG by the name's suffix."""

    title = "Save the picture as"
    action_tip = (
        "Write the picture to this file: a name ending in .svg is an SVG, else a PNG (an "
        "existing file is replaced only if you say so)"
    )
    what = "this picture"

    def __init__(
        self, context: ScreenContext, picture: Picture, name: str, directory: Path | None = None
    ) -> None:
        pictures = Path.home() / "Pictures"
        start = directory or (pictures if pictures.is_dir() else Path.home())
        super().__init__(context, "", name, start)
        self.picture = picture
        self.pdn_only = False  # pictures are listed, not only PDN files
        self.go(self.directory, choose=name)

    def name_tip(self) -> str:
        """The name line's tooltip."""
        return "The picture's name: .png or .svg (.png is added if it has none), or a path"

    def target(self) -> Path | None:
        """The chosen entry or the name typed, a name without a suffix getting .png."""
        path = FolderBrowser.target(self)  # not Save As's, which adds .pdn
        if path is not None and self.chosen is None and not path.suffix and not path.is_dir():
            path = path.with_name(path.name + ".png")
        return path

    def chosen_file(self, path: Path) -> None:
        """Refuse a name that is neither .png nor .svg; else as Save As (ask to replace)."""
        if path.suffix.lower() not in PICTURE_SUFFIXES:
            self.say(f"{path.name}: a picture's name ends in .png or .svg", refused=True)
            return
        super().chosen_file(path)

    def write(self, path: Path) -> None:
        """Write the picture whole (or leave the old file as it was) and close, or say why not."""
        try:
            if path.suffix.lower() == ".svg":
                atomic.write_text(path, svg_document(self.picture), "picture")
            else:
                atomic.write_bytes(path, png_bytes(self.picture), "picture")
        except OSError as error:
            self.replacing = None
            self.refuse(f"Cannot save {path.name}: {error.strerror or error}")
            return
        self.remember(path)
        self.context.request(Back(SavedAs(path, "the picture")))
