"""The position setup screen: place and remove men and kings with the mouse, choose the side to
move, see the FEN (or type one), and start a game from it once the position is possible.

The board is drawn by the board view (a click places the chosen piece, a right-click removes);
the controls beside it are pygame_gui buttons with tooltips, rebuilt from the screen's state after
every change. Refusals go to a status line wrapped over as many lines as it needs, never cut.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextEntryLine

from checkers.board import BLACK, WHITE, InvalidFenError, Piece, Position, Side, position_problem
from checkers.gui import fonts, theme
from checkers.gui.board_view.render import BoardView
from checkers.gui.cards import grid_unit
from checkers.gui.clipboard import copy_text, paste_text
from checkers.gui.config import GameConfig
from checkers.gui.context import ButtonScreen, ScreenContext
from checkers.gui.intents import Back, StartGame
from checkers.gui.layout import GameLayout, game_layout
from checkers.gui.ui import Actions
from checkers.gui.widgets import run_key_binding
from checkers.gui.wording import plural

__all__ = ["SetupScreen", "setup_problem", "wrap_text"]

_TOOLS: tuple[tuple[str, Piece | None], ...] = (
    ("Black man", Piece(BLACK)),
    ("Black king", Piece(BLACK, True)),
    ("White man", Piece(WHITE)),
    ("White king", Piece(WHITE, True)),
    ("Erase", None),
)

_STATUS_SIZE = 16
"""The status line's font size in the theme files (`@status`, `@error`) before scaling."""


def setup_problem(position: Position) -> str | None:
    """Why a game cannot start from `position`, or None if it can.

    Refused: what no game can reach (board.position_problem, the check every FEN passes too: a
    man on its own crowning row, more than 12 pieces a side), then a side with no pieces and a
    side to move with no legal move: games already over, which there is nothing to play in.
    """
    impossible = position_problem(position.piece_map())
    if impossible is not None:
        return impossible
    for side in (BLACK, WHITE):
        if not position.pieces(side):
            name = side.name.capitalize()
            return f"{name} has no pieces: the game would be over before it starts"
    if not position.has_legal_moves():
        mover = position.turn.name.capitalize()
        return f"{mover} is to move but has no legal move: the game would be over at once"
    return None


def wrap_text(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` pixels in the window's font at
    `size` (a word longer than a line, such as a FEN, is broken at commas, then anywhere); every
    character is kept, so nothing is cut off."""
    font = fonts.font(size, bold)
    room = max(1, width)
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        broken = False
        while font.size(word)[0] > room or (broken and word.find(":", 1) > 0):
            # The longest head that fits, ending before a FEN's next side (`:B1,...`), which
            # starts a line of its own once the FEN is broken at all (walks 2026-11-30o and r:
            # `...,29,30,` over `31,32:B1,...`), else after a comma.
            side = word.find(":", 1 if broken else 3)  # the next side's squares, if any
            limit = side if side > 0 else len(word)
            cut = limit
            while cut > 1 and font.size(word[:cut])[0] > room:
                cut -= 1
            comma = word.rfind(",", 0, cut)
            if cut < limit and comma > 0:
                cut = comma + 1
            lines.append(word[:cut])
            word = word[cut:]
            broken = True
        line = word
    if line or not lines:
        lines.append(line)
    return lines


class SetupScreen(ButtonScreen):
    """A board to edit, the piece tools, the side to move, the FEN and why it cannot start."""

    def __init__(
        self, context: ScreenContext, start: Position, config: GameConfig, flipped: bool
    ) -> None:
        super().__init__(context)
        self.config = config
        self.pieces: dict[int, Piece] = {
            s: p for s in range(1, 33) if (p := start.piece_at(s)) is not None
        }
        self.turn: Side = start.turn
        self.tool: Piece | None = Piece(BLACK)
        self.flipped = flipped
        self.status = (
            "Click a square to place the chosen piece (again to remove it); right-click removes."
        )
        self.actions = Actions()
        self.widgets: dict[str, UIButton] = {}
        """The buttons by name (`tool 1`..`tool 5`, `side black`, `side white`, `clear`,
        `initial`, `copy`, `paste`, `start`, `cancel`), for tests."""
        self.status_lines: list[UILabel] = []
        """The status line's labels, one a wrapped line (for tests)."""
        self.fen_line: UITextEntryLine | None = None
        """The position's FEN, to edit or type over (Enter sets it up), where there is room."""
        self._layer = 1
        self.keymap: dict[str, Callable[[], None]] = {
            "escape": self.back,
            "return": self.start,
            "enter": self.start,
            "b": lambda: self.set_turn(BLACK),
            "w": lambda: self.set_turn(WHITE),
            "ctrl+c": self.copy_fen,
            "ctrl+v": self.paste_fen,
            **{
                str(index + 1): partial(self.set_tool, tool)
                for index, (_, tool) in enumerate(_TOOLS)
            },
        }

    # --- editing -------------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position as set up so far."""
        return Position.from_pieces(self.pieces, self.turn)

    def _changed(self) -> None:
        """Show the new state (the widgets are rebuilt from it, when they are shown)."""
        if self.ui_root is not None:
            self.show_ui(self._layer)

    def set_tool(self, tool: Piece | None) -> None:
        """Choose what a click places (None: erase)."""
        self.tool = tool
        self._changed()

    def set_turn(self, side: Side) -> None:
        """Choose the side to move."""
        self.turn = side
        self._changed()

    def place(self, square: int, remove: bool = False) -> None:
        """Put the chosen piece on `square`; the same piece again, Erase or `remove` clears it."""
        if remove or self.tool is None or self.pieces.get(square) == self.tool:
            self.pieces.pop(square, None)
        else:
            self.pieces[square] = self.tool
        self._changed()

    def clear(self) -> None:
        """Empty the board."""
        self.pieces = {}
        self._changed()

    def initial(self) -> None:
        """The initial position, Black to move."""
        start = Position()
        self.pieces = {s: p for s in range(1, 33) if (p := start.piece_at(s)) is not None}
        self.turn = BLACK
        self._changed()

    def set_status(self, text: str) -> None:
        """Change the status line (red for a refusal or an error)."""
        self.status = text
        self._changed()

    def copy_fen(self) -> None:
        """Copy the position's FEN."""
        fen = self.position.fen()
        problem = copy_text(fen)
        # One row: the FEN is on the panel, and a small window has room for it and one row.
        self.set_status(
            "Copied the FEN." if problem is None else f"Error: no clipboard ({problem})"
        )

    def paste_fen(self) -> None:
        """Set up the position whose FEN is on the clipboard, or say why it cannot be."""
        text = paste_text()
        if text is None or not text.strip():
            self.set_status("Cannot paste: the clipboard holds no text.")
            return
        self._take_fen(text.strip().splitlines()[0], "paste", "Pasted the FEN.")

    def type_fen(self, text: str) -> None:
        """Set up the position of a FEN typed in the panel's FEN line (walk 2026-12-01w: with
        no clipboard, no FEN could be given at all), or say why it cannot be."""
        if not text.strip():
            self.set_status("Cannot read an empty FEN: type one, then Enter.")
            return
        self._take_fen(text, "read", "Set up the FEN typed.")

    def _take_fen(self, text: str, verb: str, done: str) -> None:
        try:
            position = Position.from_fen(text.strip())
        except InvalidFenError as error:
            # The reason alone: the text pasted, quoted, took three rows of a small window's
            # panel and ran over the counts above it (walk 2026-11-30s).
            self.set_status(f"Cannot {verb} that FEN: {error}.")
            return
        self.pieces = {s: p for s in range(1, 33) if (p := position.piece_at(s)) is not None}
        self.turn = position.turn
        self.set_status(done)

    def start(self) -> None:
        """Start a new game from the position, or say why it is impossible."""
        position = self.position
        problem = setup_problem(position)
        if problem is not None:
            self.set_status(f"Cannot start: {problem}.")
            return
        self.context.request(
            StartGame(
                replace(self.config, start=position),
                flipped=self.flipped,  # the board stays the way it was set up
                status=f"New game from {_position_words(position)}. ",
            )
        )

    def back(self) -> None:
        """Leave without starting a game."""
        self.context.request(Back())

    # --- the Screen protocol -----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """The buttons' presses, clicks on the board, and the keys."""
        if self.actions.handle(event):
            return
        if (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and self.fen_line is not None
            and event.ui_element is self.fen_line
        ):
            self.type_fen(event.text)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            geometry = self._layout().board
            if geometry.contains(*event.pos):
                square = geometry.square_at(*event.pos)
                if square is not None:
                    self.place(square, remove=event.button == 3)
        elif event.type == pygame.KEYDOWN:
            run_key_binding(self.keymap, event)

    def report(self, error: BaseException) -> None:
        """Show an error on the status line."""
        self.set_status(f"Error: {type(error).__name__}: {error}")

    def _layout(self) -> GameLayout:
        width, height = self.context.window_size()
        return game_layout(width, height, self.flipped)

    def draw(self, surface: pygame.Surface) -> None:
        """The background and the board being set up; the widgets draw themselves."""
        surface.fill(theme.BACKGROUND)
        self.context.renderer.board(surface, self._layout().board, BoardView(self.position))

    # --- widgets -----------------------------------------------------------------------------

    def show_ui(self, layer: int = 1) -> None:
        """As ScreenBase's, remembering the layer to rebuild at."""
        self._layer = layer
        super().show_ui(layer)

    def _lines(
        self, panel: UIPanel, text: str, x: int, y: int, width: int, size: int, object_id: str
    ) -> tuple[list[UILabel], int]:
        """`text` wrapped into labels from `y` down; the labels and the y below them."""
        scaled = theme.text_size(size, self.context.scale)
        height = fonts.font(scaled).get_linesize() + 2
        labels = []
        # The label pads its text a little on each side: wrap to what it leaves (a heading's
        # bold letters are wider).
        for line in wrap_text(text, width - 8, scaled, bold=object_id == "@heading"):
            labels.append(
                UILabel(
                    pygame.Rect(x, y, width, height),
                    line,
                    self.context.ui,
                    container=panel,
                    object_id=object_id,
                )
            )
            y += height
        return labels, y

    def build_ui(self, root: UIContainer) -> None:
        """The panel beside the board: tools, side to move, board and FEN buttons, the counts,
        the FEN, the verdict and the status line, Start and Cancel at the foot."""
        ui = self.context.ui
        self.actions.clear()
        self.widgets = {}
        layout = self._layout()
        box = layout.panel
        panel = UIPanel(box, manager=ui, container=root)
        unit = grid_unit(self.context.scale)
        gap = unit
        row = max(3 * unit, min(4 * unit, box.height // 18))
        x, width = 2 * gap, box.width - 4 * gap
        half = (width - gap) // 2
        y = gap
        UILabel(pygame.Rect(x, y, width, row), "Set up a position", ui, panel, object_id="@heading")
        y += row
        UILabel(pygame.Rect(x, y, width, 3 * unit), "Piece  (1-5)", ui, panel, object_id="@dim")
        y += 3 * unit
        for index, (label, tool) in enumerate(_TOOLS):
            column, line = index % 2, index // 2
            key = index + 1
            tip = (
                f"A click on the board erases a piece (key {key}); a right-click always does"
                if tool is None
                else f"A click on the board places a {label.lower()} (key {key}); again removes it"
            )
            self.button(
                panel,
                f"tool {key}",
                pygame.Rect(x + column * (half + gap), y + line * (row + gap), half, row),
                f"{key}  {label}",
                tip,
                partial(self.set_tool, tool),
                selected=tool == self.tool,
            )
        y += 3 * (row + gap)
        UILabel(
            pygame.Rect(x, y, width, 3 * unit), "Side to move  (B, W)", ui, panel, object_id="@dim"
        )
        y += 3 * unit
        for index, side in enumerate((BLACK, WHITE)):
            name = side.name.capitalize()
            self.button(
                panel,
                f"side {side.name.lower()}",
                pygame.Rect(x + index * (half + gap), y, half, row),
                name,
                f"{name} moves first from this position (key {name[0]})",
                partial(self.set_turn, side),
                selected=side is self.turn,
            )
        y += row + 2 * gap
        for index, (name, text, tip, action) in enumerate(
            (
                ("clear", "Clear board", "Take every piece off the board", self.clear),
                (
                    "initial",
                    "Initial position",
                    "The starting position, Black to move",
                    self.initial,
                ),
                ("copy", "Copy FEN", "Copy this position as FEN text (Ctrl+C)", self.copy_fen),
                (
                    "paste",
                    "Paste FEN",
                    "Set up the position of the FEN text on the clipboard (Ctrl+V)",
                    self.paste_fen,
                ),
            )
        ):
            column, line = index % 2, index // 2
            self.button(
                panel,
                name,
                pygame.Rect(x + column * (half + gap), y + line * (row + gap), half, row),
                text,
                tip,
                action,
            )
        y += 2 * (row + gap) + gap
        position = self.position
        # A side's count never breaks between its words (no-break spaces): in a narrow panel
        # the two sides take a row each.
        counts = "   ".join(
            f"{side.name.capitalize()}: {plural(len(position.pieces(side)), 'piece')}".replace(
                " ", "\u00a0"
            )
            for side in (BLACK, WHITE)
        )
        _, y = self._lines(panel, counts, x, y, width, 17, "@heading")
        foot = box.height - gap - row
        # The status line grows up from Start: the FEN is drawn where it ends above it, never
        # under it (walk 2026-11-30s at 720x480: "Pasted B:W19,..." drawn over the FEN's
        # `:B1,...` line); where they would meet, Copy FEN still gives it.
        scaled = theme.text_size(_STATUS_SIZE, self.context.scale)
        line = fonts.font(scaled).get_linesize() + 2
        top = foot - gap - len(wrap_text(self.status, width - 8, scaled)) * line
        # The FEN in a line to edit or type over (Enter sets it up), where there is room.
        self.fen_line = None
        if y + row + gap <= top:
            self.fen_line = UITextEntryLine(
                pygame.Rect(x, y, width, row),
                ui,
                container=panel,
                placeholder_text="a FEN, then Enter",
            )
            self.fen_line.set_text(position.fen())
            self.fen_line.set_tooltip(
                "The position as FEN text: edit it or type another, then Enter to set it up"
            )
            y += row
        y += gap
        problem = setup_problem(position)
        self.button(
            panel,
            "start",
            pygame.Rect(x, foot, half, row),
            "Start",
            "Start a new game from this position (Enter)",
            self.start,
            # Not disabled when the position is impossible: pressing it says why on the status.
            object_id="@primary" if problem is None else None,
        )
        self.button(
            panel,
            "cancel",
            pygame.Rect(x + half + gap, foot, half, row),
            "Cancel",
            "Back to the game, which is kept as it was (Esc)",
            self.back,
        )
        # The status line sits above Start, growing upwards as it wraps, so it is never cut;
        # the verdict takes the room left above it (the status repeats a refusal anyway).
        error = self.status.startswith(("Cannot", "Error"))
        self.status_lines, _ = self._lines(
            panel, self.status, x, top, width, _STATUS_SIZE, "@error" if error else "@status"
        )
        verdict = "Ready to play." if problem is None else f"Impossible: {problem}."
        needed = len(wrap_text(verdict, width - 8, scaled)) * line
        if y + gap + needed <= top and not self.status.endswith(f"{problem}."):
            self._lines(
                panel, verdict, x, y + gap, width, 16, "@ready" if problem is None else "@refused"
            )


def _position_words(position: Position) -> str:
    """The set-up position as a player says it (`your position: Black 3 (1 king), White 2`),
    not its FEN (Copy FEN gives that to whoever wants it)."""
    counts = []
    for side in (BLACK, WHITE):
        kings = len(position.pieces(side, kings=True))
        count = f"{side.name.capitalize()} {len(position.pieces(side))}"
        counts.append(count + (f" ({plural(kings, 'king')})" if kings else ""))
    return "your position: " + ", ".join(counts)
