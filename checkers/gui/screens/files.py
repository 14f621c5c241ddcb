"""File pickers over any screen: open a PDN file (Ctrl+Shift+O), save a game as (Ctrl+Shift+S).

Both are pygame_gui's `UIFileDialog` over a shade. A file that cannot be used (checkers.textfile
refuses directories, devices, FIFOs, files too big and binary data; a PDN error; a full disk) is
named in one line at the foot of the dialog, which stays open in the same folder. Opening a file
of one game hands it back with `Back(LoadedGame(...))`; a file of many games is replaced by the
list of its games (`OpenArchive`), which hands the one picked to the same screen below.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog

from checkers import saves
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.intents import Back, LoadedGame, OpenArchive, SavedAs
from checkers.gui.ui import redraw_now
from checkers.pdn import PdnError, open_archive, record_from_game
from checkers.textfile import FileRefusedError

__all__ = ["FOLDER_BUTTONS", "OpenFileScreen", "SaveAsScreen", "label_icons", "open_problem"]

PDN_SUFFIXES = {".pdn", ".PDN", ".txt"}


def open_problem(error: OSError, path: Path) -> str:
    """One line naming why `path` could not be read (the refusal's own words when it has them)."""
    if isinstance(error, FileRefusedError):
        return f"Cannot open {error}"  # its words name the file: "x.pdn is a directory, ..."
    return f"Cannot open {path.name}: {error.strerror or error}"


def fit_line(label: UILabel, text: str) -> str:
    """`text`, cut with an ellipsis where it would overflow `label` (the label keeps one line)."""
    room = label.rect.width - 12
    font = label.font
    if font is None or font.get_rect(text).width <= room:
        return text
    while text and font.get_rect(text + "…").width > room:
        text = text[:-1]
    return text.rstrip() + "…"


FOLDER_BUTTONS = (
    ("parent_directory_button", "Up", "Go up to the folder that holds this one"),
    ("home_button", "Home", "Go to your home folder"),
    ("refresh_button", "Refresh", "List this folder again"),
    ("delete_button", "Delete", "Delete the file chosen (asks first)"),
)
"""The dialog's folder buttons, left to right: attribute, label, tooltip."""


def label_icons(dialog: UIFileDialog) -> None:
    """Words instead of the dialog's small icons (home, up, refresh, delete), each button as
    wide as its word, in a row above the path; each with a tooltip of our own."""
    x = 10
    for name, text, tip in FOLDER_BUTTONS:
        button: UIButton = getattr(dialog, name)
        font = button.ui_theme.get_font(button.combined_element_ids)
        width = font.size(text)[0] + 16
        button.set_dimensions((width, 26))
        button.set_relative_position((x, 8))
        button.rebuild()  # the text is laid out for the new size
        button.set_text(text)
        button.set_tooltip(tip)
        redraw_now(button)  # the disabled Delete would show its old look until an event came
        x += width + 4


class _FilePicker(ScreenBase):
    """A UIFileDialog over the screen below; Esc, Cancel or the window's close button leave it."""

    opaque = False
    keeps_widgets_below = True
    title = ""

    def __init__(self, context: ScreenContext, directory: Path, name: str = "") -> None:
        super().__init__(context)
        self.directory = directory
        self.name = name
        self.status = ""
        """The line at the foot of the dialog: why the last file picked was refused."""
        self.dialog: UIFileDialog | None = None
        self.status_label: UILabel | None = None
        self._layer = 1

    # --- widgets -------------------------------------------------------------------------------

    def show_ui(self, layer: int = 1) -> None:
        """As ScreenBase's, remembering the layer so a refusal can rebuild the dialog."""
        self._layer = layer
        super().show_ui(layer)

    def dialog_rect(self) -> pygame.Rect:
        """The dialog's place: most of a small window, 700 by 520 (scaled) of a large one."""
        width, height = self.context.window_size()
        scale = self.context.scale
        rect = pygame.Rect(
            0, 0, min(width - 20, int(700 * scale)), min(height - 20, int(520 * scale))
        )
        rect.center = (width // 2, height // 2)
        return rect

    def build_ui(self, root: UIContainer) -> None:
        """The shade, then the dialog opened in the folder of the last file picked."""
        self.shade(root)
        self.dialog = self.make_dialog()
        self.dialog.cancel_button.set_tooltip("Close without choosing a file (Esc)")
        self.dialog.ok_button.set_tooltip(self.ok_tip())
        self.dialog.file_path_text_line.set_tooltip(
            "Type a path and press Enter, or pick a file in the list"
        )
        label_icons(self.dialog)
        # Room for the status line above OK and Cancel, the whole width of the dialog.
        inner_width, inner_height = self.dialog.get_container().get_size()
        self.dialog.file_selection_list.set_dimensions((inner_width - 20, inner_height - 166))
        self.status_label = UILabel(
            pygame.Rect(10, -80, inner_width - 20, 36),
            "",
            self.context.ui,
            container=self.dialog,
            object_id="@error",
            anchors={"left": "left", "right": "right", "top": "bottom", "bottom": "bottom"},
        )
        self.status_label.set_text(fit_line(self.status_label, self.status))
        if not self.status:
            self.status_label.hide()

    def make_dialog(self) -> UIFileDialog:
        """The library's file dialog, set up for this picker."""
        raise NotImplementedError

    def ok_tip(self) -> str:
        """The OK button's tooltip."""
        raise NotImplementedError

    def drop_ui(self) -> None:
        """Close the dialog windows too (they live in the manager's window stack, not in root)."""
        dialog, self.dialog = self.dialog, None  # its close event is then not ours to act on
        if dialog is not None and dialog.alive():
            dialog.kill()
        super().drop_ui()

    def refuse(self, message: str) -> None:
        """Say why in one line, and show the dialog again where it was."""
        self.status = message
        self.show_ui(self._layer)

    def back(self) -> None:
        """Close the picker without a file."""
        self.context.request(Back())

    def report(self, error: BaseException) -> None:
        """Show an error at the foot of the dialog."""
        self.refuse(f"Error: {type(error).__name__}: {error}")

    # --- events --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """OK, Enter in the path, closing the window, Esc."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and element is self.dialog:
            self.dialog = None  # it closed itself
            self.chosen(Path(event.text))
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and element is self.dialog:
            self.back()
        elif (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and self.dialog is not None
            and element is self.dialog.file_path_text_line
        ):
            self.entered(self.dialog)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def entered(self, dialog: UIFileDialog) -> None:
        """Enter in the path line: a file there is taken as if OK were pressed."""

    def chosen(self, path: Path) -> None:
        """The file OK (or Enter) picked."""
        raise NotImplementedError


class OpenFileScreen(_FilePicker):
    """Pick any PDN file: one game opens at once, a file of many shows its list of games."""

    def __init__(self, context: ScreenContext, directory: Path | None = None) -> None:
        super().__init__(context, directory or saves.games_dir())

    def make_dialog(self) -> UIFileDialog:
        """A dialog for existing PDN files, in the saved-games folder at first."""
        self.directory.mkdir(parents=True, exist_ok=True)
        return UIFileDialog(
            self.dialog_rect(),
            self.context.ui,
            window_title="Open a PDN file",
            allowed_suffixes=PDN_SUFFIXES,
            initial_file_path=str(self.directory),
            allow_existing_files_only=True,
        )

    def ok_tip(self) -> str:
        """The OK button's tooltip."""
        return "Open the file chosen (a file of many games lists them first)"

    def entered(self, dialog: UIFileDialog) -> None:
        """A path to an existing file typed and Enter: open it."""
        path = dialog.current_file_path
        if path is not None and path.exists() and not path.is_dir():
            dialog.kill()
            self.dialog = None
            self.chosen(Path(path))

    def chosen(self, path: Path) -> None:
        """Read the file: hand its game back, list its games, or say why it cannot be read."""
        self.directory = path.parent
        try:
            archive = open_archive(path)
        except OSError as error:
            self.refuse(open_problem(error, path))
            return
        if len(archive) == 0:
            self.refuse(f"Cannot open {path.name}: no game in it")
            return
        if len(archive) > 1:
            # The list of its games takes this picker's place and hands its pick further down.
            self.context.request(Back())
            self.context.request(OpenArchive(archive))
            return
        try:
            game = archive.game(1)
            record = record_from_game(game)
        except PdnError as error:
            self.refuse(f"Cannot open {path.name}: line {error.line}: {error.problem}")
            return
        tags = {**game.tags, "Result": game.result}
        self.context.request(Back(LoadedGame(record, tags, path.name, path=path)))


class SaveAsScreen(_FilePicker):
    """Pick where to write a game; an existing file is replaced only after a confirmation."""

    def __init__(
        self, context: ScreenContext, text: str, name: str, directory: Path | None = None
    ) -> None:
        super().__init__(context, directory or saves.games_dir(), name)
        self.text = text
        self.replacing: Path | None = None
        """The existing file the player is asked about (the dialog shows the question)."""
        self.confirm: UIConfirmationDialog | None = None

    def build_ui(self, root: UIContainer) -> None:
        """The file dialog, or the question about replacing a file while it is asked."""
        if self.replacing is None:
            super().build_ui(root)
            return
        self.shade(root)
        rect = pygame.Rect(0, 0, int(420 * self.context.scale), int(220 * self.context.scale))
        rect.center = root.get_container().get_rect().center
        self.confirm = UIConfirmationDialog(
            rect,
            f"{self.replacing.name} already exists. Replace it with this game?",
            self.context.ui,
            window_title="Replace the file?",
            action_short_name="Replace",
        )

    def drop_ui(self) -> None:
        """Close the question too."""
        confirm, self.confirm = self.confirm, None
        if confirm is not None and confirm.alive():
            confirm.kill()
        super().drop_ui()

    def make_dialog(self) -> UIFileDialog:
        """A dialog for a new or existing file, the suggested name filled in."""
        self.directory.mkdir(parents=True, exist_ok=True)
        return UIFileDialog(
            self.dialog_rect(),
            self.context.ui,
            window_title="Save the game as",
            allowed_suffixes=PDN_SUFFIXES,
            initial_file_path=str(self.directory / self.name),
            allow_existing_files_only=False,
        )

    def ok_tip(self) -> str:
        """The OK button's tooltip."""
        return "Write the game to this file (an existing file is replaced only if you say so)"

    def handle(self, event: pygame.event.Event) -> None:
        """The question's answer, then everything a picker handles."""
        element = getattr(event, "ui_element", None)
        if self.confirm is not None and element is self.confirm:
            if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
                path, self.replacing, self.confirm = self.replacing, None, None
                if path is not None:
                    self.write(path)
            elif event.type == pygame_gui.UI_WINDOW_CLOSE:
                self.confirm = None
                self.keep_choosing("")  # not replaced: choose another name
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.replacing:
            self.replacing = None
            self.keep_choosing("")
            return
        super().handle(event)

    def keep_choosing(self, message: str) -> None:
        """Back to the file dialog, with `message` at its foot."""
        self.replacing = None
        self.refuse(message)

    def entered(self, dialog: UIFileDialog) -> None:
        """A file name typed and Enter: save there."""
        path = dialog.current_file_path
        if path is not None and path.name and not path.is_dir():
            dialog.kill()
            self.dialog = None
            self.chosen(Path(path))

    def chosen(self, path: Path) -> None:
        """Ask before replacing a file; write a new one at once."""
        self.directory = path.parent
        self.name = path.name
        if path.is_dir():
            self.keep_choosing(f"Cannot save as {path.name}: it is a folder")
        elif path.exists():
            self.replacing = path
            self.status = ""
            self.show_ui(self._layer)
        else:
            self.write(path)

    def write(self, path: Path) -> None:
        """Write the game whole (or leave the old file as it was) and close, or say why not."""
        try:
            saves.atomic_write_text(path, self.text)
        except OSError as error:
            self.keep_choosing(f"Cannot save {path.name}: {error.strerror or error}")
            return
        self.context.request(Back(SavedAs(path)))
