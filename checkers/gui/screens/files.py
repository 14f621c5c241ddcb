"""File browsers over any screen: open a PDN file, save a game or a picture as (the game's menu
has all three).

Both are a `FolderBrowser` (checkers.gui.browser), a card of the window's one style: places,
the folder's entries (folders first, then PDN files, a switch for every file), a file name line,
Open or Save and Cancel; Enter opens the chosen entry, Backspace goes up, Esc closes, and there
is no Delete. A file that cannot be used (checkers.textfile refuses directories, devices, FIFOs,
files too big and binary data; a PDN error; a full disk) is named in one line at the foot of the
card, which stays open in the same folder. Opening a file of one game hands it back with
`Back(LoadedGame(...))`; a file of many games is replaced by the list of its games
(`OpenArchive`), which hands the one picked to the same screen below. Saving over a file asks
first, on a card. The folder of a file opened or saved goes first in the settings' recent folders.
Save picture's picker is Save As for a picture: a name ending in .svg writes SVG text, .png (or
no suffix, which gets .png) a PNG; another suffix is refused on the foot line; every file is
listed (pictures are not PDN).
"""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.core import UIContainer

from checkers import atomic, saves
from checkers.formats.pdn import GameUnreadable, open_games
from checkers.formats.svg import svg_document
from checkers.gui.browser import PDN_SUFFIX, FolderBrowser
from checkers.gui.cards import Card, CardButton
from checkers.gui.context import ScreenContext
from checkers.gui.intents import Back, LoadedGame, OpenArchive, SavedAs
from checkers.gui.picture_png import png_bytes
from checkers.picture import Picture

__all__ = ["PICTURE_SUFFIXES", "OpenFileScreen", "SaveAsScreen", "SavePictureScreen"]


class OpenFileScreen(FolderBrowser):
    """Pick any PDN file: one game opens at once, a file of many shows its list of games."""

    title = "Open a PDN file"
    action = "Open"
    action_tip = (
        "Open the chosen file (a file of many games lists them first), or go into the chosen "
        "folder (Enter)"
    )

    def __init__(self, context: ScreenContext, directory: Path | None = None) -> None:
        super().__init__(context, directory or saves.games_dir())

    def default_choice(self) -> int | None:
        """The first file, so Enter opens it; else the first folder."""
        files = [index for index, entry in enumerate(self.entries) if not entry.is_folder]
        if files:
            return files[0]
        return 0 if self.entries else None

    def go(self, folder: Path, choose: str = "", first_visit: bool = False) -> None:
        """As the browser's; the name line shows the chosen file's name."""
        super().go(folder, choose, first_visit)
        if self.chosen is not None and not self.entries[self.chosen].is_folder:
            self.name = self.entries[self.chosen].name
            if self.name_line is not None:
                self.name_line.set_text(self.name)

    def chosen_file(self, path: Path) -> None:
        """Read the file: hand its game back, list its games, or say why it cannot be read."""
        try:
            archive = open_games(path)
            if len(archive) > 1:
                # The list of its games takes this browser's place and hands its pick down.
                self.remember(path)
                self.context.request(Back())
                self.context.request(OpenArchive(archive))
                return
            loaded = saves.load_game(path, 1, archive)
        except GameUnreadable as error:
            self.refuse(f"Cannot open {error}")
            return
        self.remember(path)
        tags = loaded.tags_and_result()
        self.context.request(Back(LoadedGame(loaded.record, tags, path.name, path=path)))


class SaveAsScreen(FolderBrowser):
    """Pick where to write a game; an existing file is replaced only after a question."""

    title = "Save the game as"
    action = "Save"
    action_tip = (
        "Write the game to this file, or go into the chosen folder (Enter; an existing file "
        "is replaced only if you say so)"
    )
    focus_name = True
    what = "this game"
    """What is written, in the question asked before a file is replaced."""

    def __init__(
        self, context: ScreenContext, text: str, name: str, directory: Path | None = None
    ) -> None:
        super().__init__(context, directory or saves.games_dir(), name)
        self.text = text
        self.replacing: Path | None = None
        """The existing file the player is asked about (a card shows the question)."""
        self.question: Card | None = None

    def nothing_chosen(self) -> str:
        """The foot line when there is no name to save as."""
        return "Type a name for the file first"

    def name_tip(self) -> str:
        """The name line's tooltip."""
        return "The file's name (.pdn is added if it has none), or a path; Enter saves"

    def target(self) -> Path | None:
        """As the browser's, a name typed without a suffix getting .pdn."""
        path = super().target()
        if path is not None and self.chosen is None and not path.suffix and not path.is_dir():
            path = path.with_name(path.name + PDN_SUFFIX)
        return path

    def build_ui(self, root: UIContainer) -> None:
        """The browser, and over it the question about replacing a file while it is asked."""
        super().build_ui(root)
        if self.replacing is None:
            self.question = None
            return
        if self.name_line is not None:
            self.name_line.unfocus()  # the question's keys are the question's
        folder = self.replacing.parent.name or str(self.replacing.parent)
        self.question = Card(
            "Replace the file?",
            [f"{self.replacing.name} is already in {folder}.", f"Replace it with {self.what}?"],
            [
                CardButton(
                    "replace",
                    "Replace",
                    "Write this game over the file (Enter)",
                    self.replace_file,
                ),
                CardButton(
                    "keep",
                    "Keep the file",
                    "Leave the file as it is and choose another name (Esc)",
                    self.keep_file,
                ),
            ],
            cancel=self.keep_file,
            layer=60,
        )
        self.question.build(self.context.ui, root, self.context.scale)
        self.widgets.update({f"question {k}": v for k, v in self.question.widgets.items()})

    def handle(self, event: pygame.event.Event) -> None:
        """The question's answer while it is asked (no other key counts then), else the
        browser's events."""
        if self.question is not None and self.replacing is not None:
            self.question.handle(event)
            return
        super().handle(event)

    def replace_file(self) -> None:
        """The question's Replace: write over the file."""
        path, self.replacing = self.replacing, None
        if path is not None:
            self.write(path)

    def keep_file(self) -> None:
        """The question's Keep (or Esc): back to choosing a name, the file untouched."""
        self.replacing = None
        self.say("Not replaced: choose another name", refused=False)

    def chosen_file(self, path: Path) -> None:
        """Ask before replacing a file; write a new one at once."""
        self.name = path.name
        if path.exists():
            self.replacing = path
            self.rebuild()
        else:
            self.write(path)

    def write(self, path: Path) -> None:
        """Write the game whole (or leave the old file as it was) and close, or say why not."""
        try:
            saves.atomic_write_text(path, self.text)
        except OSError as error:
            self.replacing = None
            self.refuse(f"Cannot save {path.name}: {error.strerror or error}")
            return
        self.remember(path)
        self.context.request(Back(SavedAs(path)))


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
