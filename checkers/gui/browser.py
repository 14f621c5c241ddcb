"""A folder's entries on a card of the window's one style (checkers.gui.cards): the base of the
file browsers (checkers.gui.screens.files), which decide what a file picked is used for.

The places on the left (the saved-games folder, the home folder, the folders last used), the
folder's entries beside them (folders first, then PDN files; a switch shows every file), a file
name line and the primary button (Open, Save) with Cancel. A click chooses an entry; a double
click, Enter or the primary button opens it (a folder: goes into it). Backspace or Up goes to
the parent folder, Esc closes. A folder that cannot be read is named on the foot line, and the
browser stays where it was. The listing itself is pure (`list_folder`), tested without a window.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UITextEntryLine

from checkers import paths
from checkers.gui import fonts
from checkers.gui.cards import (
    Card,
    CardButton,
    button_height,
    fit_left,
    fit_right,
    grid_unit,
    text_size,
)
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.intents import Back, ChangeSettings
from checkers.gui.settings import RECENT_FOLDERS
from checkers.gui.ui import Actions
from checkers.gui.widgets import full_width_list, run_key_binding
from checkers.gui.wording import plural

__all__ = ["FILTERS", "PDN_SUFFIX", "Entry", "FolderBrowser", "list_folder", "remember_folder"]

PDN_SUFFIX = ".pdn"
FILTERS = {"PDN files": True, "All files": False}
"""The filter's choices: whether each shows PDN files only."""


@dataclass(frozen=True)
class Entry:
    """One line of a folder's listing: a folder or a file, by name."""

    name: str
    is_folder: bool


def list_folder(folder: Path, pdn_only: bool) -> tuple[list[Entry], int]:
    """The folder's entries, folders first, then files, each by name ignoring case; hidden ones
    (a leading dot) left out, and with `pdn_only` every file but a .pdn one. Also how many files
    the filter left out. OSError if the folder cannot be read."""
    folders: list[Entry] = []
    files: list[Entry] = []
    hidden = 0
    with os.scandir(folder) as listing:
        for item in listing:
            if item.name.startswith("."):
                continue
            try:
                is_folder = item.is_dir()
            except OSError:
                is_folder = False  # a broken link or a folder we may not look into
            if is_folder:
                folders.append(Entry(item.name, True))
            elif pdn_only and not item.name.lower().endswith(PDN_SUFFIX):
                hidden += 1
            else:
                files.append(Entry(item.name, False))
    return sorted(folders, key=_by_name) + sorted(files, key=_by_name), hidden


def _by_name(entry: Entry) -> tuple[str, str]:
    """Sort key: the name ignoring case (then with it, so the order is always the same)."""
    return (entry.name.casefold(), entry.name)


def remember_folder(recent: Sequence[str], folder: Path) -> tuple[str, ...]:
    """`recent` with `folder` first (once), at most RECENT_FOLDERS long."""
    text = str(folder)
    return (text, *(item for item in recent if item != text))[:RECENT_FOLDERS]


class FolderBrowser(ScreenBase):
    """A folder's entries on a card over the screen below; what a file is used for is the
    subclass's (`chosen`)."""

    opaque = False
    keeps_widgets_below = True
    title = ""
    action = ""
    """The primary button's text: Open or Save."""
    action_tip = ""
    focus_name = False
    """Whether the file name line takes the keys when the browser opens (to type a name)."""

    def __init__(self, context: ScreenContext, directory: Path, name: str = "") -> None:
        super().__init__(context)
        self.directory = directory
        self.name = name
        """The file name line's text."""
        self.pdn_only = True
        self.entries: list[Entry] = []
        self.hidden = 0
        """How many files the filter leaves out of the list."""
        self.chosen: int | None = None
        """The entry Enter opens (None: the file name line says what)."""
        self.first = 0
        """The first entry in view."""
        self.visible = 1
        self.status = ""
        """The line at the foot: what the folder holds, or why the last file was refused."""
        self.refused = False
        self.actions = Actions()
        self.widgets: dict[str, UIButton] = {}
        """The buttons by name (`open`, `save`, `cancel`, `up`, `place 0`, `row 3`), for tests."""
        self.rows: dict[UIButton, int] = {}
        self.name_line: UITextEntryLine | None = None
        self.filter: UIDropDownMenu | None = None
        self.status_label: UILabel | None = None
        self.list_box: UIContainer | None = None
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.panel: UIPanel | None = None
        self._layer = 1
        self.card = Card(
            self.title,
            [],
            [
                CardButton(self.action.lower(), self.action, self.action_tip, self.activate),
                CardButton("cancel", "Cancel", "Close without choosing a file (Esc)", self.back),
            ],
            cancel=self.back,
            body=self.build_body,
            layer=2,
        )
        self.keymap: dict[str, Callable[[], None]] = {
            "up": lambda: self.move(-1),
            "down": lambda: self.move(+1),
            "page up": lambda: self.move(-self.visible),
            "page down": lambda: self.move(+self.visible),
            "home": lambda: self.move(-len(self.entries)),
            "end": lambda: self.move(+len(self.entries)),
            "backspace": self.parent,
        }
        self.go(directory, first_visit=True)

    # --- the folder ----------------------------------------------------------------------------

    def go(self, folder: Path, choose: str = "", first_visit: bool = False) -> None:
        """List `folder` (choosing the entry called `choose`, if any), or say why it cannot be."""
        try:
            folder = folder.expanduser().resolve()
            if first_visit:
                folder.mkdir(parents=True, exist_ok=True)
            entries, hidden = list_folder(folder, self.pdn_only)
        except (OSError, RuntimeError) as error:  # RuntimeError: a loop of links
            reason = getattr(error, "strerror", None) or error
            self.say(f"Cannot open the folder {folder.name or folder}: {reason}", refused=True)
            return
        self.directory, self.entries, self.hidden = folder, entries, hidden
        self.first = 0
        names = [entry.name for entry in entries]
        self.chosen = names.index(choose) if choose in names else self.default_choice()
        self.status, self.refused = self.summary(), False
        self.rebuild()

    def default_choice(self) -> int | None:
        """The entry chosen when a folder opens: none (the name line says what)."""
        return None

    def summary(self) -> str:
        """What the folder holds, in one line."""
        folders = sum(entry.is_folder for entry in self.entries)
        files = len(self.entries) - folders
        kind = "PDN file" if self.pdn_only else "file"
        words = [plural(folders, "folder"), plural(files, kind)]
        if self.hidden:
            words.append(f"{self.hidden} other {'file' if self.hidden == 1 else 'files'} hidden")
        return ", ".join(words)

    def parent(self) -> None:
        """Go up to the folder that holds this one, the one we came from chosen."""
        if self.directory.parent != self.directory:
            self.go(self.directory.parent, choose=self.directory.name)

    def set_filter(self, text: str) -> None:
        """Show PDN files only, or every file."""
        pdn_only = FILTERS.get(text, True)
        if pdn_only != self.pdn_only:
            self.pdn_only = pdn_only
            self.go(self.directory)

    def target(self) -> Path | None:
        """What Enter or the primary button opens: the chosen entry, or the name typed."""
        if self.chosen is not None and self.chosen < len(self.entries):
            return self.directory / self.entries[self.chosen].name
        typed = self.name.strip()
        if not typed:
            return None
        path = Path(typed).expanduser()
        return path if path.is_absolute() else self.directory / path

    def activate(self) -> None:
        """Open the chosen entry or the name typed: go into a folder, use a file."""
        path = self.target()
        if path is None:
            self.say(self.nothing_chosen(), refused=True)
        elif path.is_dir():
            self.go(path)
        else:
            self.chosen_file(path)

    def nothing_chosen(self) -> str:
        """The foot line when Enter has nothing to open."""
        return "Choose a file first"

    def chosen_file(self, path: Path) -> None:
        """The file Enter, a double click or the primary button picked."""
        raise NotImplementedError

    def remember(self, path: Path) -> None:
        """Put the folder of `path` first in the recent folders (the settings keep them)."""
        settings = self.context.settings
        folders = remember_folder(settings.recent_folders, path.parent)
        if folders != settings.recent_folders:
            self.context.request(ChangeSettings(replace(settings, recent_folders=folders)))

    def places(self) -> list[tuple[str, Path, str]]:
        """The places on the left: (label, folder, tooltip); the recent ones that still exist."""
        games = paths.games_dir()
        home = Path.home()
        places = [
            ("Saved games", games, f"The folder the game keeps its games in: {games}"),
            ("Home", home, f"Your home folder: {home}"),
        ]
        for text in self.context.settings.recent_folders:
            folder = Path(text)
            if folder in (games, home) or not folder.is_dir():
                continue
            places.append((folder.name or text, folder, f"Used lately: {folder}"))
        return places

    # --- choosing -------------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        """Make entry `index` the chosen one; a file's name goes into the name line."""
        if not self.entries:
            return
        self.chosen = max(0, min(len(self.entries) - 1, index))
        entry = self.entries[self.chosen]
        if not entry.is_folder:
            self.name = entry.name
            if self.name_line is not None:
                self.name_line.set_text(entry.name)
        if self.chosen < self.first:
            self.first = self.chosen
            self.show_list()
        elif self.chosen >= self.first + self.visible:
            self.first = self.chosen - self.visible + 1
            self.show_list()
        else:
            self.show_chosen()

    def move(self, step: int) -> None:
        """Choose the entry `step` lines below (above when negative) the chosen one."""
        if self.entries:
            start = self.chosen if self.chosen is not None else (-1 if step > 0 else 0)
            self.choose(start + step)

    def open_entry(self, index: int) -> None:
        """A double click on entry `index`: choose it and open it."""
        self.choose(index)
        self.activate()

    def scroll(self, rows: int) -> None:
        """Scroll the list without changing the choice."""
        top = max(0, len(self.entries) - self.visible)
        first = max(0, min(top, self.first + rows))
        if first != self.first:
            self.first = first
            self.show_list()

    def typed(self, text: str) -> None:
        """The name line changed: the name typed is what Enter opens now."""
        self.name = text
        if self.chosen is not None:
            self.chosen = None
            self.show_chosen()

    def say(self, message: str, refused: bool = False) -> None:
        """Put `message` on the foot line (red when `refused`)."""
        self.status, self.refused = message, refused
        self.rebuild()

    def refuse(self, message: str) -> None:
        """Say why a file cannot be used; the browser stays where it is."""
        self.say(message, refused=True)

    def back(self) -> None:
        """Close the browser without a file."""
        self.context.request(Back())

    def report(self, error: BaseException) -> None:
        """Show an error at the foot of the card."""
        self.refuse(f"Error: {type(error).__name__}: {error}")

    # --- widgets -------------------------------------------------------------------------------

    def show_ui(self, layer: int = 1) -> None:
        """As ScreenBase's, remembering the layer so a change can rebuild the card."""
        self._layer = layer
        super().show_ui(layer)

    def rebuild(self) -> None:
        """Show the state as it is now (when the widgets are shown at all)."""
        if self.ui_root is not None:
            self.show_ui(self._layer)

    def drop_ui(self) -> None:
        """Forget the widgets with the root that holds them."""
        self.card.kill()
        self.name_line = self.filter = self.status_label = self.list_box = None
        self.panel = None
        super().drop_ui()

    def build_ui(self, root: UIContainer) -> None:
        """The card, its body filled in by `build_body`."""
        self.actions.clear()
        self.widgets = {}
        self.rows = {}
        self.card.build(self.context.ui, root, self.context.scale)
        self.widgets.update(self.card.widgets)
        if self.focus_name and self.name_line is not None:
            self.name_line.focus()

    def build_body(self, panel: UIPanel, body: pygame.Rect) -> None:
        """Up and the folder's path; the places and the list; the name line and the filter;
        the foot line."""
        ui, scale = self.context.ui, self.context.scale
        unit, height = grid_unit(scale), button_height(scale)
        self.panel = panel
        gap = max(2, unit // 4)
        font = fonts.font(text_size(17, scale))
        up_width = max(8 * unit, font.size("Up")[0] + 3 * unit)
        self._button(
            panel,
            "up",
            pygame.Rect(body.left, body.top, up_width, height),
            "Up",
            "Go up to the folder that holds this one (Backspace)",
            self.parent,
        )
        path_left = body.left + up_width + unit
        path_width = body.right - path_left
        UILabel(
            pygame.Rect(path_left, body.top, path_width, height),
            fit_left(str(self.directory), fonts.font(text_size(15, scale)), path_width - 8),
            ui,
            container=panel,
            object_id="@dim",
        )
        status_top = body.bottom - 3 * unit
        name_top = status_top - gap - height
        middle = pygame.Rect(body.left, body.top + height + unit, body.width, 0)
        middle.height = name_top - unit - middle.top
        side = min(22 * unit, body.width // 4)
        self._build_places(panel, pygame.Rect(middle.left, middle.top, side, middle.height))
        self.list_area = pygame.Rect(
            middle.left + side + unit, middle.top, middle.width - side - unit, middle.height
        )
        self.list_box = None
        self.show_list()

        label_width = font.size("File name")[0] + unit
        show_width = font.size("Show")[0] + unit
        menu_width = max(16 * unit, font.size("PDN files")[0] + 6 * unit)
        UILabel(
            pygame.Rect(body.left, name_top, label_width, height),
            "File name",
            ui,
            container=panel,
        )
        line_left = body.left + label_width
        line_width = body.right - line_left - show_width - menu_width - unit
        self.name_line = UITextEntryLine(
            pygame.Rect(line_left, name_top, line_width, height),
            ui,
            container=panel,
            placeholder_text="a file name, or a path",
        )
        self.name_line.set_text(self.name)
        self.name_line.set_tooltip(self.name_tip())
        UILabel(
            pygame.Rect(
                body.right - menu_width - show_width - unit // 2, name_top, show_width, height
            ),
            "Show",
            ui,
            container=panel,
            object_id="@right",
        )
        shown = next(text for text, pdn_only in FILTERS.items() if pdn_only == self.pdn_only)
        self.filter = full_width_list(
            UIDropDownMenu(
                list(FILTERS),
                shown,
                pygame.Rect(body.right - menu_width, name_top, menu_width, height),
                ui,
                container=panel,
            )
        )
        self.actions.chosen[self.filter] = self.set_filter
        self.status_label = UILabel(
            pygame.Rect(body.left, status_top, body.width, 3 * unit),
            fit_right(self.status, fonts.font(text_size(16, scale)), body.width - 16),
            ui,
            container=panel,
            object_id="@error" if self.refused else "@status",
        )

    def name_tip(self) -> str:
        """The name line's tooltip."""
        return "Type a file name or a path and press Enter, or choose a file in the list"

    def _button(
        self,
        container: UIContainer | UIPanel,
        name: str,
        rect: pygame.Rect,
        text: str,
        tip: str,
        action: Callable[[], None],
        object_id: str | None = None,
        double_click: bool = False,
    ) -> UIButton:
        button = UIButton(
            rect,
            text,
            self.context.ui,
            container=container,
            tool_tip_text=tip,
            object_id=object_id,
            allow_double_clicks=double_click,
        )
        self.actions.pressed[button] = action
        self.widgets[name] = button
        return button

    def _build_places(self, panel: UIPanel, area: pygame.Rect) -> None:
        """The places, one button each, the folder shown selected."""
        scale = self.context.scale
        height = button_height(scale)
        gap = max(2, grid_unit(scale) // 4)
        font = fonts.font(text_size(16, scale))
        for index, (label, folder, tip) in enumerate(self.places()):
            top = area.top + index * (height + gap)
            if top + height > area.bottom:
                break
            button = self._button(
                panel,
                f"place {index}",
                pygame.Rect(area.left, top, area.width, height),
                fit_right(label, font, area.width - 24),
                tip,
                partial(self.go, folder),
                object_id="@row",
            )
            if folder == self.directory:
                button.select()

    def show_list(self) -> None:
        """The entries in view as buttons, the chosen one selected."""
        if self.panel is None or not self.panel.alive():
            return
        if self.list_box is not None:
            self.list_box.kill()
        for button in self.rows:
            self.actions.pressed.pop(button, None)
        for name in [name for name in self.widgets if name.startswith("row ")]:
            del self.widgets[name]
        self.rows = {}
        scale = self.context.scale
        area = self.list_area
        height = button_height(scale)
        step = height + max(2, grid_unit(scale) // 4)
        self.visible = max(1, area.height // step)
        self.first = max(0, min(self.first, len(self.entries) - self.visible))
        self.list_box = UIContainer(area, self.context.ui, container=self.panel)
        font = fonts.font(text_size(16, scale), bold=True)
        if not self.entries:
            UILabel(
                pygame.Rect(0, 0, area.width, height),
                "Nothing to show here" if not self.hidden else "No PDN files here",
                self.context.ui,
                container=self.list_box,
                object_id="@dim",
            )
        for index in range(self.first, min(len(self.entries), self.first + self.visible)):
            entry = self.entries[index]
            text = entry.name + "/" if entry.is_folder else entry.name
            button = self._button(
                self.list_box,
                f"row {index}",
                pygame.Rect(0, (index - self.first) * step, area.width, height),
                fit_right(text, font, area.width - 24),
                self.row_tip(entry),
                partial(self.choose, index),
                object_id="@folder_row" if entry.is_folder else "@row",
                double_click=True,
            )
            self.rows[button] = index
        self.show_chosen()

    def row_tip(self, entry: Entry) -> str:
        """A row's tooltip."""
        if entry.is_folder:
            return "A folder: a double click or Enter goes into it"
        return f"A double click or Enter {self.action.lower()}s {entry.name}"

    def show_chosen(self) -> None:
        """Select the chosen entry's row, and only it."""
        for button, index in self.rows.items():
            if index == self.chosen:
                button.select()
            else:
                button.unselect()

    # --- events --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """The card's keys and buttons, the rows, the name line, the filter, the list's keys."""
        if self.card.handle(event) or self.actions.handle(event):
            return
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_DOUBLE_CLICKED and element in self.rows:
            self.open_entry(self.rows[element])
        elif element is not None and element is self.name_line:
            if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
                self.typed(event.text)
            elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                if event.text != self.name:
                    self.typed(event.text)  # a text set without typing (pasted) counts too
                self.activate()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.KEYDOWN:
            run_key_binding(self.keymap, event)
