"""Screens over the game for files: the list of saved games (Ctrl+O), the games of one PDN file,
and the offer to resume the game an earlier session left unfinished.

All are pygame_gui panels over the screen below (`opaque = False`, `keeps_widgets_below`), with a
tooltip on every button; the keys (Up/Down, Page Up/Down, Enter, Esc) work as before. A list
hands the picked game back with `Back(LoadedGame(...))`; the screen below decides what opening
means."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextEntryLine

from checkers import saves
from checkers.board import BLACK
from checkers.clock import TimeControl, format_clock, read_clock_tag
from checkers.formats.pdn import GameUnreadable, open_games
from checkers.gui import fonts, theme
from checkers.gui.cards import button_height, button_width, grid_unit
from checkers.gui.context import ButtonScreen, ScreenContext
from checkers.gui.game_control.bookkeeping import CLOCK_TAGS
from checkers.gui.game_list import GameList
from checkers.gui.intents import Back, LoadedGame, OpenArchive, Resume, SameGame
from checkers.gui.persist import shown_names
from checkers.gui.ui import Actions
from checkers.gui.widgets import run_key_binding
from checkers.gui.wording import FORTY_MOVE_WORDS, moves_count, plural

if TYPE_CHECKING:
    from checkers.formats.pdn import PdnArchive

__all__ = ["ArchiveScreen", "LoadScreen", "ResumeScreen"]


class _Listed(Protocol):
    def summary(self) -> str:
        """One line for the list."""
        ...


class _Dialog(ButtonScreen):
    """A pygame_gui panel over the screen below: a title, a body, a status line, buttons at the
    foot; Esc closes it. The state lives in the screen; the widgets are rebuilt from it."""

    title = ""
    opaque = False
    keeps_widgets_below = True
    rows = 10
    """How many lines of body the panel has room for in a large window."""

    def __init__(self, context: ScreenContext) -> None:
        super().__init__(context)
        self.status = ""
        self.actions = Actions()
        self.keymap: dict[str, Callable[[], None]] = {"escape": self.back}
        self.widgets: dict[str, UIButton] = {}
        """The buttons by name (`close`, `resume`, `row 3`, ...), for tests."""
        self.panel: UIPanel | None = None
        self.status_label: UILabel | None = None
        self.body = pygame.Rect(0, 0, 0, 0)
        self.unit = 10
        self._layer = 1

    def back(self) -> None:
        """Close the dialog."""
        self.context.request(Back())

    def show_ui(self, layer: int = 1) -> None:
        """As ScreenBase's, remembering the layer to rebuild at."""
        self._layer = layer
        super().show_ui(layer)

    def rebuild(self) -> None:
        """Show the state as it is now (when the widgets are shown at all)."""
        if self.ui_root is not None:
            self.show_ui(self._layer)

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons by mouse (the wheel scrolls a list), commands by key."""
        if self.actions.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.KEYDOWN:
            run_key_binding(self.keymap, event)

    def scroll(self, rows: int) -> None:
        """Move a long list by `rows` (nothing to scroll by default)."""

    def report(self, error: BaseException) -> None:
        """Show an error on the dialog's status line."""
        self.set_status(f"Error: {type(error).__name__}: {error}")

    def set_status(self, text: str) -> None:
        """Change the status line (red for a refusal or an error)."""
        self.status = text
        self.rebuild()

    def foot_buttons(self) -> list[tuple[str, str, str, Callable[[], None]]]:
        """(name, text, tooltip, action) of the buttons at the foot."""
        return [("close", "Cancel", "Close this list (Esc)", self.back)]

    def build_ui(self, root: UIContainer) -> None:
        """The shade, the panel with its title, body, status line and foot buttons."""
        ui = self.context.ui
        self.actions.clear()
        self.widgets = {}
        unit = self.unit = grid_unit(self.context.scale)
        row, gap = 4 * unit, unit
        width, height = root.get_container().get_rect().size
        tall = button_height(self.context.scale)
        wide, high = self.fitted_size(row, gap, tall) or (
            80 * unit,
            (self.rows + 4) * (row + gap // 2) + 6 * gap,
        )
        box = pygame.Rect(0, 0, min(width - 4 * gap, wide), min(height - 4 * gap, high))
        box.center = (width // 2, height // 2)
        self.shade(root)
        panel = self.panel = UIPanel(
            box, manager=ui, container=root, starting_height=2, object_id="#card"
        )
        inner = box.width - 4 * gap
        UILabel(
            pygame.Rect(2 * gap, gap, inner, row),
            fit_text(self.title, inner, theme.text_size(17, self.context.scale)),
            ui,
            container=panel,
            object_id="@card_title_small",
        )
        # The foot's buttons as every card's: one size, as tall as the rest of the window's.
        foot = box.height - 2 * gap - tall
        buttons = self.foot_buttons()
        size = button_width([text for _, text, _, _ in buttons], self.context.scale)
        size = min(size, (inner - gap * (len(buttons) - 1)) // len(buttons))
        x = (box.width - len(buttons) * size - (len(buttons) - 1) * gap) // 2
        for index, (name, text, tip, action) in enumerate(buttons):
            self.button(
                panel,
                name,
                pygame.Rect(x + index * (size + gap), foot, size, tall),
                text,
                tip,
                action,
                object_id="@primary" if index == 0 and len(buttons) > 1 else None,
            )
        self.status_label = UILabel(
            pygame.Rect(2 * gap, foot - row - gap // 2, inner, row),
            "",
            ui,
            container=panel,
            object_id="@error" if self.status.startswith(("Error", "Cannot")) else "@status",
        )
        self.status_label.set_text(
            fit_text(self.status, inner, theme.text_size(16, self.context.scale))
        )
        self.body = pygame.Rect(2 * gap, gap + row + gap, inner, foot - 2 * row - 4 * gap)
        self.build_body(panel)

    def fitted_size(self, row: int, gap: int, tall: int) -> tuple[int, int] | None:
        """The panel's size when the dialog fits its words (a card of a few lines), or None
        for a list's room (`rows` lines); the window's size caps it either way."""
        return None

    def build_body(self, panel: UIPanel) -> None:
        """The dialog's own widgets, inside `self.body` of `panel`."""


def fits(text: str, width: int, size: int) -> bool:
    """Whether `text` fits a row `width` pixels wide in the window's font at `size`."""
    return fonts.font(size).size(text)[0] <= width - 16


def saved_game_words(entry: saves.SavedGame) -> str:
    """A kept game as its row says it: players, state and its length (every move the file
    keeps, as resuming it replays them all); an unfinished game without a move says so."""
    if entry.problem is not None:
        return f"{entry.path.name}: cannot be read ({entry.problem})"
    tags = entry.contents.tags
    black, white = shown_names(tags)
    # As the start screen names the mode (walk 2026-11-30j read "Player vs Player" there).
    players = "Two players" if black == white == "Player" else f"{black} vs {white}"
    if entry.contents.set_up:
        players += f", {saves.SET_UP_WORDS}"  # not the usual start: its own position
    clock = _time_control(tags)
    if clock is not None:
        players += f", {clock.label()}"  # as the game's panel says it
    plies = entry.contents.plies
    if entry.is_unfinished and plies == 0:
        return f"{players}, no move played"
    return f"{players}, {entry.state()}, {plural(moves_count(plies), 'move')}"


def saved_words(modified: datetime, now: datetime | None = None) -> str:
    """When a kept game was last saved, in the one wording every listing of it uses (the saved
    games' rows, the resume card): `saved 09:44` today, `saved 2026-11-28` on an earlier day
    (the walk read `saved today 09:44` in one list beside `saved 09:44` in the other)."""
    if modified.date() == (now or datetime.now()).date():
        return f"saved {modified.strftime('%H:%M')}"
    return f"saved {modified.date().isoformat()}"


def _time_control(tags: Mapping[str, str]) -> TimeControl | None:
    """The clock a kept game was played on (its `TimeControl` tag), or None: untimed, or a tag
    that does not read as one."""
    try:
        return TimeControl.from_pdn(tags["TimeControl"])
    except (KeyError, ValueError):
        return None


def _clock_line(tags: Mapping[str, str]) -> list[str]:
    """A timed game's clock as the resume card says it, `5 min + 3 s a move: Black 3:35, White
    4:12` (each side's time left as the game kept it), or nothing for an untimed game (walk
    2026-11-30f: the card named neither)."""
    control = _time_control(tags)
    if control is None:
        return []
    left = []
    for side, tag in CLOCK_TAGS.items():
        try:
            left.append(f"{side.name.capitalize()} {format_clock(read_clock_tag(tags[tag]))}")
        except (KeyError, ValueError):
            continue  # a side's time not kept: the clock's kind alone
    return [f"{control.label()}: {', '.join(left)}" if left else control.label()]


def _with_side(name: str, side: str) -> str:
    """A player's name with its colour in one pair of brackets, as a player says it: `You
    (Black)`, `the AI (Novice, White)` where the name has brackets of its own (`AI (Novice)`)."""
    if name.startswith("AI "):
        name = "the " + name
    if name.endswith(")") and "(" in name:
        return f"{name[:-1]}, {side})"
    return f"{name} ({side})"


def players_line(black: str, white: str) -> str:
    """Who plays whom with their colours: `You (Black) vs the AI (Novice, White)`, `The AI
    (Novice, Black) vs you (White)`."""
    second = "you" if white == "You" else white  # in the middle of a sentence
    line = f"{_with_side(black, 'Black')} vs {_with_side(second, 'White')}"
    return line[:1].upper() + line[1:]


SHORTER_ROW = (
    (r", finished: ", ", "),  # `White won` says the game is over
    (r" s a move, ", " s, "),  # a clock's increment is a move's: `5 min + 3 s`
    (r"\((Black|White) resigned\)", "(resigned)"),  # only the side that lost resigns
    (r"^On the board now: ", "On the board: "),
    # When it was saved is never shortened (`saved_words`): a bare time would read as the
    # game's start, which the file's name gives (the walk of 2026-11-29 saw "13:08" in the
    # list beside "13-05" in the file's name), and one file reads alike in every list.
    (", " + re.escape(saves.SET_UP_WORDS), ", set-up start"),
    # How it ended, in fewer words: the winner is said just before the brackets.
    (r"\((Black|White) has no pieces left\)", "(no pieces left)"),
    (r"\((Black|White) is blocked\)", "(blocked)"),
    (r"\((Black|White) ran out of time\)", "(on time)"),
    (r"\(the same position three times\)", "(repetition)"),
    (r"\(agreed by both players\)", "(agreed)"),
    (r"\(" + re.escape(FORTY_MOVE_WORDS[:20].lower()) + r"[^()]*\)", "(40-move rule)"),
    (r" \([^()]*\)(?=, [\d,]+ moves?$)", ""),  # last: who won stays, not how
)
"""A saved game's row in shorter words, one step after another, while it is too long for the
row (the walk's 1280x800 list cut `finished: White won (Black resigned),..., saved`, and a
set-up game's `Black won (White has no pie...` lost its count of moves)."""


MOVES_AT_END = re.compile(r", [\d,]+ moves?$")
"""A saved game's count of moves, at the end of its row's words (before when it was saved)."""

ROW_MARKS = ("On the board now: ", "In another window: ")
"""What a saved game's row may start with: the game on the board, a game another window plays."""


def fit_text(text: str, width: int, size: int) -> str:
    """`text` cut with an ellipsis to fit `width` pixels in the window's font at `size`."""
    font = fonts.font(size)
    room = width - 16
    if font.size(text)[0] <= room:
        return text
    while text and font.size(text + "…")[0] > room:
        text = text[:-1]
    return text.rstrip() + "…"


class LoadScreen(_Dialog):
    """The saved games, newest first: click one (or Up/Down and Enter) to load it."""

    title = "Saved games"

    def __init__(self, context: ScreenContext, playing: Path | None = None) -> None:
        super().__init__(context)
        self.playing = playing
        """The file of the game on the board below (picked, the list goes back to it)."""
        self.saved = saves.list_saved_games()
        self.items: Sequence[_Listed] = self.saved
        self.chosen = 0
        self.first = 0
        self.visible = 8
        self.list_box: UIContainer | None = None
        self.count_label: UILabel | None = None
        folder = saves.games_dir()
        self.status = (
            f"{len(self.saved)} saved in {folder}"
            if self.saved
            else f"No saved games yet in {folder}: Ctrl+S saves one."
        )
        self.keymap.update(
            {
                "up": lambda: self.move(-1),
                "down": lambda: self.move(+1),
                "pageup": lambda: self.move(-self.visible),
                "pagedown": lambda: self.move(+self.visible),
                "return": self.open_chosen,
                "enter": self.open_chosen,
                "r": self.review_chosen,
            }
        )

    def move(self, step: int) -> None:
        """Choose the game above or below, keeping it in view."""
        if self.items:
            self.chosen = max(0, min(len(self.items) - 1, self.chosen + step))
            if self.chosen < self.first:
                self.first = self.chosen
            elif self.chosen >= self.first + self.visible:
                self.first = self.chosen - self.visible + 1
            self.show_list()
            button = self.widgets.get("open")
            if button is not None:
                label, tip = self.action_words()
                button.set_text(label)
                button.set_tooltip(tip)

    def scroll(self, rows: int) -> None:
        """Scroll the list without changing the choice."""
        self.first = max(0, min(max(0, len(self.items) - self.visible), self.first + rows))
        self.show_list()

    def click_row(self, index: int) -> None:
        """A click on a row chooses it (the buttons below then act on it: Resume or Open,
        Review); a click on the chosen row opens it."""
        if index == self.chosen:
            self.open(index)
            return
        self.move(index - self.chosen)

    def open_chosen(self) -> None:
        """Open the chosen game and close the list."""
        if self.items:
            self.open(self.chosen)

    def refuse(self, text: str) -> None:
        """Say on the status line why the game cannot be opened."""
        self.set_status(text)

    def review_chosen(self) -> None:
        """Open the chosen game and review its moves."""
        if self.items:
            self.open(self.chosen, review=True)

    def is_playing(self, entry: object) -> bool:
        """Whether `entry` is the saved game on the board below (this window's own)."""
        if self.playing is None or not isinstance(entry, saves.SavedGame):
            return False
        return _same_file(entry.path, self.playing)

    def action_words(self) -> tuple[str, str]:
        """The main button's label and tooltip for the chosen game: Resume for an unfinished
        game, Open for a finished one (it opens as finished), whether or not it is the game on
        the board (then the tooltip says it goes back to it)."""
        entry = self.items[self.chosen] if self.chosen < len(self.items) else None
        unfinished = isinstance(entry, saves.SavedGame) and entry.is_unfinished
        if self.is_playing(entry):
            label = "Resume" if unfinished else "Open"
            return label, "This is the game on the board: back to it (Enter)"
        if unfinished:
            return "Resume", "Carry on with the chosen game where it was left (Enter)"
        return "Open", "Open the chosen game to step through it (Enter)"

    def foot_buttons(self) -> list[tuple[str, str, str, Callable[[], None]]]:
        """Resume or open the chosen game, review it, or close the list."""
        label, tip = self.action_words()
        return [
            ("open", label, tip, self.open_chosen),
            (
                "review",
                "Review",
                (
                    "Open the chosen game and let the engine judge every move: labels, a "
                    "graph, the mistakes marked (R)"
                ),
                self.review_chosen,
            ),
            *super().foot_buttons(),
        ]

    def open(self, index: int, review: bool = False) -> None:
        """Load saved game `index` (and `review` it); a damaged file is named on the status
        line instead."""
        entry = self.saved[index]
        self.chosen = index
        if self.is_playing(entry):  # the game on the board: back to it, never a second copy
            self.context.request(Back(SameGame(review)))
            return
        if entry.problem is not None:
            self.refuse(f"Cannot open {entry.path.name}: {entry.problem}")
            return
        if entry.is_unfinished and saves.is_open_elsewhere(entry.path):
            self.refuse(f"Cannot open {entry.path.name}: it is being played in a window")
            return
        try:
            archive = open_games(entry.path)
            if len(archive) > 1:  # a file of many games: pick one of them
                self.context.request(OpenArchive(archive))
                return
            loaded = saves.load_game(entry.path, 1, archive)
        except GameUnreadable as error:
            self.refuse(f"Cannot open {error}")
            return
        if entry.is_unfinished:
            # A game kept while it was played: carry on with it, its players and its file.
            self.context.request(Resume(loaded, review))
            return
        tags = loaded.tags_and_result()
        name = entry.path.name
        self.context.request(Back(LoadedGame(loaded.record, tags, name, review, entry.path)))

    def receive(self, result: object) -> None:
        """A game picked from a file's list of games: hand it on to the screen below."""
        if isinstance(result, LoadedGame):
            self.context.request(Back(result))

    def row_text(self, index: int) -> str:
        """Row `index`'s line: the game's summary, marked when it is the game on the board below
        (otherwise the twin of a copy saved beside it) or another window plays it now."""
        entry = self.items[index]
        if not isinstance(entry, saves.SavedGame):
            return entry.summary()
        text = saved_game_words(entry) + self.row_tail(index)
        if self.is_playing(entry):
            return ROW_MARKS[0] + text
        if not entry.is_unfinished:
            return text
        return ROW_MARKS[1] + text if saves.is_open_elsewhere(entry.path) else text

    def row_tail(self, index: int) -> str:
        """The end of row `index` that is never cut: when the game was last saved (its file's
        name has the time it started), in the same words at every size (`saved_words`)."""
        entry = self.items[index]
        if not isinstance(entry, saves.SavedGame):
            return ""
        return f", {saved_words(entry.modified)}"

    def row_label(self, index: int, width: int, size: int, steps: int | None = None) -> str:
        """Row `index`'s line fitted to `width` pixels: in shorter words first (`SHORTER_ROW`'s
        first `steps`, all the list's rows alike: `shortening`), then the players or the state
        cut short (with an ellipsis), never the date that tells two games of the same players
        apart."""
        text, tail = self.row_text(index), self.row_tail(index)
        head = text.removesuffix(tail) if tail else text
        if steps is None or not isinstance(self.items[index], saves.SavedGame):
            steps = self.steps_to_fit(head, tail, width, size)  # a file's game: its own row
        for long, short in SHORTER_ROW[:steps]:
            head, tail = re.sub(long, short, head, count=1), re.sub(long, short, tail, count=1)
        if not tail or fits(head + tail, width, size):
            return fit_text(head + tail, width, size)
        # Still too long: the players or the state cut short, the count of moves kept whole.
        count = MOVES_AT_END.search(head)
        if count is not None:
            head, tail = head[: count.start()], count.group() + tail
        return fit_text(head, width - fonts.font(size).size(tail)[0], size) + tail

    @staticmethod
    def steps_to_fit(head: str, tail: str, width: int, size: int) -> int:
        """How many of `SHORTER_ROW`'s steps a row needs to fit (all of them if it never does)."""
        for steps, (long, short) in enumerate(SHORTER_ROW):
            if fits(head + tail, width, size):
                return steps
            head, tail = re.sub(long, short, head, count=1), re.sub(long, short, tail, count=1)
        return len(SHORTER_ROW)

    def shortening(self, width: int, size: int) -> int:
        """How many of `SHORTER_ROW`'s steps every row takes: as many as the longest row needs,
        so one game reads in the same words whichever row it is in and whatever is on the board
        (the walk saw `White won` beside `finished: White won` for two rows of one game): each
        row is measured with the widest mark a row may start with, so the words never hang on
        which game is on the board."""
        font = fonts.font(size)
        widest = max(ROW_MARKS, key=lambda mark: font.size(mark)[0])
        needed = 0
        for index in range(len(self.items)):
            if not isinstance(self.items[index], saves.SavedGame):
                continue  # a file's games (thousands, maybe): their rows take no such steps
            text, tail = self.row_text(index), self.row_tail(index)
            head = text.removesuffix(tail) if tail else text
            for mark in ROW_MARKS:
                head = head.removeprefix(mark)
            head = widest + head
            needed = max(needed, self.steps_to_fit(head, tail, width, size))
        return needed

    def row_tip(self, index: int) -> str:
        """The tooltip of row `index`."""
        entry = self.saved[index]
        if self.is_playing(entry):
            return (
                f"The game on the board: click to choose, again to go back to it  {entry.path.name}"
            )
        if entry.is_unfinished:
            return f"Click to choose, again to carry on with it (Enter)  {entry.path.name}"
        return f"Click to choose, again to open it (Enter)  {entry.path.name}"

    def build_body(self, panel: UIPanel) -> None:
        """The list's place in the panel: a count above, the rows below."""
        unit = self.unit
        self.count_label = UILabel(
            pygame.Rect(self.body.left, self.body.top, self.body.width, 3 * unit),
            "",
            self.context.ui,
            container=panel,
            object_id="@dim",
        )
        self.list_box = None
        self.show_list()
        if not self.items:  # nothing to open or review: the buttons say so by being off
            for name in ("open", "review"):
                button = self.widgets.get(name)
                if button is not None:
                    button.disable()

    def list_area(self) -> pygame.Rect:
        """Where the rows go in the panel."""
        top = self.body.top + 3 * self.unit
        return pygame.Rect(self.body.left, top, self.body.width, self.body.bottom - top)

    def show_list(self) -> None:
        """The rows in view as buttons (the chosen one selected), and the count above them."""
        if self.panel is None or not self.panel.alive():
            return
        if self.list_box is not None:
            self.list_box.kill()
        area = self.list_area()
        row = 4 * self.unit
        self.visible = max(1, area.height // (row + self.unit // 2))
        self.first = max(0, min(self.first, max(0, len(self.items) - self.visible)))
        self.list_box = UIContainer(area, self.context.ui, container=self.panel)
        for name in [name for name in self.widgets if name.startswith("row ")]:
            del self.widgets[name]
        size = theme.text_size(16, self.context.scale)
        steps = self.shortening(area.width, size)
        for index in range(self.first, min(len(self.items), self.first + self.visible)):
            button = self.button(
                self.list_box,
                f"row {index}",
                pygame.Rect(0, (index - self.first) * (row + self.unit // 2), area.width, row),
                self.row_label(index, area.width, size, steps),
                self.row_tip(index),
                partial(self.click_row, index),
                object_id="@row",
            )
            if index == self.chosen:
                button.select()
        if self.count_label is not None:
            shown = ""
            if len(self.items) > self.visible:
                shown = (
                    f"{self.first + 1}-{min(len(self.items), self.first + self.visible)} of "
                    f"{len(self.items)}  (wheel, Up/Down, Page Up/Down)"
                )
            self.count_label.set_text(shown or " ")


def _same_file(first: Path, second: Path) -> bool:
    """Whether the two paths name one file (a folder named two ways is the same folder)."""
    try:
        return first.resolve() == second.resolve()
    except OSError:
        return first == second


class ArchiveScreen(LoadScreen):
    """The games of one PDN file: type to filter by player, event or result; pick one to open.

    Games that cannot be read are found a few per frame, dropped from the list and counted.
    """

    GAMES_CHECKED_PER_FRAME = 40  # about 20 ms of reading: the window stays responsive

    def __init__(self, context: ScreenContext, archive: PdnArchive) -> None:
        _Dialog.__init__(self, context)
        self.playing = None
        self.games = GameList(archive)
        self.title = f"Games in {archive.source}"
        self.items = self.games.shown
        self.chosen = self.first = 0
        self.visible = 8
        self.list_box = None
        self.count_label = None
        self.filter: UITextEntryLine | None = None
        self.status = self.games.status()
        self.keymap.update(
            {
                "up": lambda: self.move(-1),
                "down": lambda: self.move(+1),
                "pageup": lambda: self.move(-self.visible),
                "pagedown": lambda: self.move(+self.visible),
                "return": self.open_chosen,
                "enter": self.open_chosen,
            }
        )

    def handle(self, event: pygame.event.Event) -> None:
        """The filter's text and Enter, then everything as in the list of saved games."""
        element = getattr(event, "ui_element", None)
        if element is not None and element is self.filter:
            if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
                self.type_filter(event.text)
            elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                self.open_chosen()
            return
        super().handle(event)

    def type_filter(self, query: str) -> None:
        """Show only the games the filter matches."""
        self.games.set_query(query)
        self.relist()

    def relist(self) -> None:
        """The list and the status line for the filter and the games found unreadable."""
        self.items = self.games.shown
        self.chosen = min(self.chosen, max(0, len(self.items) - 1))
        self.first = min(self.first, self.chosen)
        self.status = self.games.status()
        if self.status_label is not None and self.status_label.alive():
            width = self.status_label.rect.width
            self.status_label.set_text(
                fit_text(self.status, width, theme.text_size(16, self.context.scale))
            )
        self.show_list()

    def wake_in(self) -> float | None:
        """Frames while games are still being checked, then only on events."""
        return None if self.games.is_checked() else 0.0

    def update(self, dt: float) -> None:
        """Read a few more games to find the ones that cannot be read."""
        if not self.games.is_checked():
            found = self.games.check(self.GAMES_CHECKED_PER_FRAME)
            if found or self.games.is_checked() or self.games.checked % 400 == 0:
                self.relist()  # the rows change only when bad games drop out

    def open(self, index: int, review: bool = False) -> None:
        """Open shown game `index` (and `review` it); one that cannot be read is named on the
        status line."""
        entry = self.games.shown[index]
        try:
            loaded = self.games.open(entry)
        except GameUnreadable as error:
            self.relist()
            self.set_status(f"Cannot open {error}")
            return
        name = f"{self.games.archive.source}, game {entry.number}"
        # Back to the list of saved files, which hands it on to the screen below.
        tags = loaded.tags_and_result()
        self.context.request(Back(LoadedGame(loaded.record, tags, name, review)))

    def row_tip(self, index: int) -> str:
        """The tooltip of row `index`."""
        return f"Click to choose game {self.games.shown[index].number}, again to open it (Enter)"

    def build_body(self, panel: UIPanel) -> None:
        """The filter line above the list."""
        unit = self.unit
        label = 10 * unit
        UILabel(
            pygame.Rect(self.body.left, self.body.top, label, 4 * unit),
            "Filter",
            self.context.ui,
            container=panel,
            object_id="@heading",
        )
        self.filter = UITextEntryLine(
            pygame.Rect(self.body.left + label, self.body.top, self.body.width - label, 4 * unit),
            self.context.ui,
            container=panel,
            placeholder_text="a player, an event or a result",
        )
        self.filter.set_text(self.games.query)
        self.filter.set_tooltip("Type to show only the games whose players, event or result match")
        self.filter.focus()
        self.body = pygame.Rect(
            self.body.left, self.body.top + 5 * unit, self.body.width, self.body.height - 5 * unit
        )
        super().build_body(panel)


class ResumeScreen(_Dialog):
    """The offer to resume the game an earlier session left unfinished."""

    title = "Resume your unfinished game?"
    rows = 4

    def __init__(self, context: ScreenContext, resumed: saves.ResumedGame) -> None:
        super().__init__(context)
        self.resumed = resumed
        self.status = self.lines()[-1]  # the note under the game's lines: the status line's
        self.keymap.update(
            {"return": self.resume, "enter": self.resume, "r": self.resume, "n": self.back}
        )

    def resume(self) -> None:
        """Open the autosaved game where it was left."""
        self.context.request(Resume(self.resumed))

    def lines(self) -> list[str]:
        """What the card says about the game."""
        record, tags = self.resumed.record, self.resumed.tags
        moves = plural(moves_count(record.ply, record.start.turn is BLACK), "move")
        state = f"{moves} played, {record.position.turn.name.capitalize()} to move"
        path = self.resumed.path
        try:  # when, as its row in Saved games says it
            when = datetime.fromtimestamp(path.stat().st_mtime) if path is not None else None
        except OSError:
            when = None  # gone since it was read: the card says what it has
        return [
            players_line(*shown_names(tags)),
            state if when is None else f"{state}, {saved_words(when)}",
            *_clock_line(tags),
            "Not now keeps it in your saved games: Saved games resumes it later.",
        ]

    def foot_buttons(self) -> list[tuple[str, str, str, Callable[[], None]]]:
        """Resume or not now."""
        return [
            (
                "resume",
                "Resume",
                "Carry on with this game where it was left (Enter, R)",
                self.resume,
            ),
            (
                "not now",
                "Not now",
                "Keep it in your saved games for later and start afresh (Esc, N)",
                self.back,
            ),
        ]

    def fitted_size(self, row: int, gap: int, tall: int) -> tuple[int, int] | None:
        """As tall as its lines (a title, the game's two lines, the note on the status line,
        the buttons) and as wide as the widest, like the other cards: no empty half under
        the lines. The note stands a row under the game's last line, as that line under the
        one before it (the walk saw a blank gap between them, a row and a half of a gap
        more)."""
        lines = self.lines()
        size = theme.text_size(17, self.context.scale)
        font = fonts.font(size, bold=True)  # the lines are headings
        words = max(font.size(line)[0] for line in [self.title, *lines])
        buttons = self.foot_buttons()
        row_width = len(buttons) * button_width(
            [text for _, text, *_ in buttons], self.context.scale
        )
        wide = max(44 * self.unit, words + 16 + 4 * gap, row_width + (len(buttons) + 3) * gap)
        # The title and its gap, the lines, the gap over the buttons (`_Dialog.build_ui`).
        return min(80 * self.unit, wide), (len(lines) + 1) * row + 4 * gap + gap // 2 + tall

    def build_body(self, panel: UIPanel) -> None:
        """The game's players, its length and whose move it is (the note is the status
        line's)."""
        row = 4 * self.unit
        for index, line in enumerate(self.lines()[:-1]):
            UILabel(
                pygame.Rect(self.body.left, self.body.top + index * row, self.body.width, row),
                fit_text(line, self.body.width, theme.text_size(17, self.context.scale)),
                self.context.ui,
                container=panel,
                object_id="@heading",
            )


def find_autosave() -> saves.ResumedGame | None:
    """The newest kept game worth offering (unfinished, at least one move, played in no other
    window), or None; an autosave of an earlier version joins the kept games first."""
    try:
        saves.adopt_old_autosave()
    except OSError:
        pass  # it stays where it is, and is offered next time
    for entry in saves.unfinished_games():
        try:
            resumed = saves.load_game(entry.path)
        except (ValueError, OSError):
            continue  # the load screen names the problem
        if resumed.record.ply and resumed.record.outcome is None:
            return resumed
    return None
